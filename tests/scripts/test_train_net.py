"""scripts/train-net, the network trainer: a few steps on the sample games
(tests/data/selfplay-sample.bin) write a weights file that the engine loads,
whose integer network agrees with the trained one (the trainer checks it on
held-out positions and writes nothing otherwise), the same bytes for the same
seed. Needs Debian's python3-torch for /usr/bin/python3 (scripts/install-deps
installs it): skipped without it."""

import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, os.pardir, os.pardir)
TRAINER = os.path.join(ROOT, "scripts", "train-net")
SAMPLE = os.path.join(ROOT, "tests", "data", "selfplay-sample.bin")
TORCH_PYTHON = "/usr/bin/python3"


def have_torch():
    try:
        return subprocess.run([TORCH_PYTHON, "-c", "import torch, numpy"], capture_output=True).returncode == 0
    except OSError:
        return False


class TrainNetTest(unittest.TestCase):
    def setUp(self):
        self.library = os.environ.get("RIN_NET_LIB")
        self.rin = os.environ.get("RIN_BINARY")
        if not self.library or not self.rin:
            self.skipTest("RIN_NET_LIB and RIN_BINARY name the built library and engine (ctest sets them)")
        self.work = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.work.cleanup()

    def train(self, *extra):
        args = [TRAINER, SAMPLE, "--library", self.library, "--steps", "30", "--batch", "32", "--report", "10",
                "--eval-positions", "300", "--check", "200", "--seed", "5"] + list(extra)
        return subprocess.run(args, capture_output=True, text=True, timeout=600)

    def test_trains_writes_and_the_engine_agrees(self):
        out = os.path.join(self.work.name, "net.rinn")
        run = self.train("--output", out)
        self.assertEqual(run.returncode, 0, run.stderr + run.stdout)
        self.assertIn("engine against trainer on", run.stdout)
        self.assertIn("held out 8x8", run.stdout)
        self.assertIn("held out 12x12", run.stdout)
        self.assertTrue(os.path.getsize(out) > 1000)
        # the engine loads it as an option and searches with it
        gtp = subprocess.run([self.rin, "--net-file", out, "--nodes", "300"], input="boardsize 8\ngenmove b\nquit\n",
                             capture_output=True, text=True, timeout=120)
        self.assertEqual(gtp.returncode, 0, gtp.stderr)
        self.assertRegex(gtp.stdout, r"= [A-H][1-8]")
        # the same seed writes the same bytes; a directory gets the name by contents
        again = self.train("--output", self.work.name)
        self.assertEqual(again.returncode, 0, again.stderr)
        named = [n for n in os.listdir(self.work.name) if n.startswith("rin-net-") and n.endswith(".rinn")]
        self.assertEqual(len(named), 1)
        with open(out, "rb") as a, open(os.path.join(self.work.name, named[0]), "rb") as b:
            self.assertEqual(a.read(), b.read())

    def test_a_bound_too_tight_writes_nothing(self):
        out = os.path.join(self.work.name, "net.rinn")
        run = self.train("--output", out, "--check-bound", "0", "0")
        self.assertEqual(run.returncode, 1)
        self.assertIn("nothing written", run.stderr)
        self.assertFalse(os.path.exists(out))

    def test_bad_input_is_refused(self):
        bad = os.path.join(self.work.name, "bad.bin")
        with open(bad, "wb") as f:
            f.write(b"RINGAME\x1a garbage")
        run = self.train(bad, "--output", self.work.name)
        self.assertEqual(run.returncode, 1)
        self.assertIn("bad.bin", run.stderr)
        self.assertEqual(os.listdir(self.work.name), ["bad.bin"])


if __name__ == "__main__":
    if not have_torch():
        print(f"skipped: {TORCH_PYTHON} has no torch (scripts/install-deps installs python3-torch)")
        sys.exit(77)
    unittest.main()
