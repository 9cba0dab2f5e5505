"""A portable build (-DRIN_NATIVE=OFF, as packages are built) compiles:
every source of engine/ and protocol/ through the compiler of this build
with -march=x86-64, the baseline without AVX2 and BMI2, syntax only and
warnings as errors. The suite's own build is -march=native, where
<immintrin.h> comes in and brings declarations a file may forget to
include (tactics_cache.c used NULL without <stddef.h>). x86-64 only."""

import glob
import os
import subprocess
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))
COMPILER = os.environ.get("RIN_C_COMPILER", "cc")
GENERATED = os.environ.get("RIN_GENERATED_DIR", "")
EXTRA_INCLUDES = [d for d in os.environ.get("RIN_EXTRA_INCLUDES", "").split(";") if d]


class PortableTest(unittest.TestCase):
    def test_every_source_compiles_without_native_instructions(self):
        if not GENERATED:
            self.skipTest("RIN_GENERATED_DIR (the build's generated/, for version.h) is not set")
        probe = subprocess.run([COMPILER, "-march=x86-64", "-x", "c", "-fsyntax-only", "-"], input="",
                               capture_output=True, text=True)
        if probe.returncode != 0:
            self.skipTest(f"{COMPILER} does not take -march=x86-64: not an x86-64 compiler")
        sources = sorted(glob.glob(os.path.join(ROOT, "engine", "*", "*.c")) +
                         glob.glob(os.path.join(ROOT, "protocol", "*", "*.c")))
        self.assertGreater(len(sources), 50)
        flags = ["-std=c11", "-march=x86-64", "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
                 "-D_POSIX_C_SOURCE=200809L", "-I", os.path.join(ROOT, "engine"), "-I",
                 os.path.join(ROOT, "protocol"), "-I", GENERATED, *(f"-I{d}" for d in EXTRA_INCLUDES)]
        failures = []
        for source in sources:
            done = subprocess.run([COMPILER, *flags, source], capture_output=True, text=True, timeout=120)
            if done.returncode != 0:
                failures.append(done.stderr)
        if failures:
            self.fail(f"{len(failures)} of {len(sources)} sources do not compile:\n" + "\n".join(failures))


if __name__ == "__main__":
    unittest.main()
