"""`cpack -G DEB` in this build tree (cmake/package.cmake): the package
holds the engine and the tools in /usr/games (where Debian puts games), the
compressed manual page, the documents with the copyright file and the
changelog that Debian requires, and its control fields name the
dependencies, the section and the version; lintian, Debian's package
checker, finds no error in it. A build that runs on this machine alone
(-march=native, sanitizers) is refused with the reason, and packaged only
when cpack is told RIN_PACKAGE_UNPORTABLE=ON, as here. The package is not
installed: that is done by hand (README.md, Install); its files are
unpacked into a folder, where the tools find the engine beside them."""

import glob
import gzip
import os
import re
import shutil
import subprocess
import tempfile
import unittest

BUILD = os.environ.get("RIN_BUILD_DIR", "")
CPACK = os.environ.get("CPACK_COMMAND", "cpack")
# "1" when the build is portable (-DRIN_NATIVE=OFF, no sanitizers), "0" otherwise
PORTABLE = os.environ.get("RIN_PORTABLE_BUILD") == "1"


def setUpModule():
    global OUT
    if not BUILD:
        raise unittest.SkipTest("RIN_BUILD_DIR (the build tree to package) is not set")
    if shutil.which("dpkg-deb") is None:
        raise unittest.SkipTest("dpkg-deb is not installed: not a Debian system")
    OUT = tempfile.mkdtemp(prefix="rin-package-")


def tearDownModule():
    shutil.rmtree(OUT, ignore_errors=True)


def cpack(out, *definitions):
    return subprocess.run([CPACK, "-G", "DEB", "-B", out, *definitions], cwd=BUILD, capture_output=True,
                          text=True, timeout=300)


class PackageTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        done = cpack(OUT, *([] if PORTABLE else ["-D", "RIN_PACKAGE_UNPORTABLE=ON"]))
        if done.returncode != 0:
            raise RuntimeError(f"cpack failed:\n{done.stdout}{done.stderr}")
        packages = glob.glob(os.path.join(OUT, "rin_*.deb"))
        if len(packages) != 1:
            raise RuntimeError(f"cpack made {packages}, not one rin_*.deb")
        cls.package = packages[0]
        listing = subprocess.run(["dpkg-deb", "-c", cls.package], capture_output=True, text=True, check=True)
        cls.files = {line.split()[-1] for line in listing.stdout.splitlines()}

    def field(self, name):
        return subprocess.run(["dpkg-deb", "-f", self.package, name], capture_output=True, text=True,
                              check=True).stdout.strip()

    def test_the_files(self):
        for path in ("games/rin", "games/rin-match", "games/rin-review", "games/rin-web", "share/man/man6/rin.6.gz",
                     "share/doc/rin/README.md", "share/doc/rin/LICENSE", "share/doc/rin/copyright",
                     "share/doc/rin/changelog.gz", "share/doc/rin/protocol/PROTOCOL.md",
                     "share/doc/rin/engine/RULES.md", "share/rin/python/rinlib/gtp.py",
                     "share/rin/python/rinmatch/cli.py", "share/rin/python/rinweb/static/index.html"):
            self.assertIn("./usr/" + path, self.files)
        self.assertFalse([f for f in self.files if "__pycache__" in f or not f.startswith("./usr/")])
        self.assertFalse([f for f in self.files if f.startswith("./usr/bin/")], "games are in /usr/games")

    def test_lintian_finds_no_error(self):
        if shutil.which("lintian") is None:
            self.fail("lintian is not installed (Debian: lintian; scripts/install-deps installs it)")
        done = subprocess.run(["lintian", "--fail-on", "error", self.package], capture_output=True, text=True,
                              timeout=300)
        errors = [line for line in done.stdout.splitlines() if line.startswith("E: ")]
        self.assertEqual(errors, [], done.stdout)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)

    def test_the_copyright_and_the_changelog(self):
        with tempfile.TemporaryDirectory() as root:
            subprocess.run(["dpkg-deb", "-x", self.package, root], check=True)
            with open(os.path.join(root, "usr/share/doc/rin/copyright"), encoding="utf-8") as handle:
                copyright_text = handle.read()
            self.assertTrue(copyright_text.startswith(
                "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
            self.assertIn("\nCopyright: 2026 The Rin engine authors\nLicense: Expat\n Permission is hereby granted",
                          copyright_text)
            with gzip.open(os.path.join(root, "usr/share/doc/rin/changelog.gz"), "rt", encoding="utf-8") as handle:
                changelog = handle.read()
            self.assertTrue(changelog.startswith(f"rin ({self.field('Version')}) unstable; urgency=medium\n"),
                            changelog)
            self.assertIn(f"\n -- {self.field('Maintainer')}  ", changelog)
            # the tools find their packages and the engine beside them in games/
            games = os.path.join(root, "usr", "games")
            done = subprocess.run([os.path.join(games, "rin-web"), "--help"], capture_output=True, text=True,
                                  timeout=60, env={**os.environ, "COLUMNS": "1000"})
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertIn(f"(default: {os.path.join(games, 'rin')})", done.stdout)

    def test_the_control_fields(self):
        self.assertEqual(self.field("Package"), "rin")
        self.assertEqual(self.field("Section"), "games")
        depends = self.field("Depends")
        for package in ("libedit2", "libc6", "python3"):
            self.assertRegex(depends, rf"(^|, ){package}( \(|,|$)")
        self.assertTrue(self.field("Maintainer"))
        self.assertTrue(self.field("Description").startswith("engine for Rin"))
        # 0.1.0, or 0.1.0~dev20261127.2701658 from a build of a git checkout
        version = self.field("Version")
        self.assertRegex(version, r"^\d+\.\d+\.\d+(~dev\d{8}\.[0-9a-f]{7,})?$")
        self.assertEqual(os.path.basename(self.package), f"rin_{version}_{self.field('Architecture')}.deb")

    def test_an_unportable_build_is_refused_with_the_reason(self):
        if PORTABLE:
            self.skipTest("this build is portable: nothing to refuse")
        with tempfile.TemporaryDirectory() as out:
            done = cpack(out)
            self.assertNotEqual(done.returncode, 0)
            self.assertIn("this build runs on this machine alone", " ".join((done.stdout + done.stderr).split()))
            self.assertEqual(glob.glob(os.path.join(out, "*.deb")), [])


if __name__ == "__main__":
    unittest.main()
