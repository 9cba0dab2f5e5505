"""scripts/soak: a short soak of the real engine comes out clean, and broken
engines (fake_engine.py) are caught: an illegal stone, a crash.

The rin binary comes from $RIN_BINARY (ctest sets it), else build/rin."""

import os
import re
import shlex
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))
SOAK = os.path.join(ROOT, "scripts", "soak")
FAKE_ENGINE = os.path.join(HERE, "fake_engine.py")
RIN = os.environ.get("RIN_BINARY") or os.path.join(ROOT, "build", "rin")
ENGINE = [RIN, "--threads", "2", "--hash", "2", "--nodes", "60", "--verbose", "0"]
REPORT = re.compile(r"^games (\d+)  stones (\d+)  crashes (\d+)  illegal (\d+)  desyncs (\d+)  failed (\d+)  "
                    r"rss (\d+) KiB  peak rss (\d+) KiB", re.M)


def soak(engine, *args):
    return subprocess.run([sys.executable, SOAK, "--engine", shlex.join(engine), "--referee", RIN, *args],
                          capture_output=True, text=True, timeout=120)


def fake(mode, trigger):
    return [sys.executable, FAKE_ENGINE, mode, str(trigger), "--", *ENGINE]


@unittest.skipUnless(os.access(RIN, os.X_OK), f"no rin binary at {RIN}")
class SoakTest(unittest.TestCase):
    def test_clean_run(self):
        # many undos, set positions, SGF round trips and option changes
        completed = soak(ENGINE, "--games", "6", "--report-every", "3", "--seed", "4", "--sizes", "5,6,7",
                         "--undo", "0.1", "--setposition", "0.1", "--sgf", "0.1", "--option", "0.1", "--clear", "0.01")
        self.assertEqual(completed.returncode, 0, completed.stdout + completed.stderr)
        reports = REPORT.findall(completed.stdout)
        self.assertEqual([int(r[0]) for r in reports], [3, 6])
        games, stones, crashes, illegal, desyncs, failed, rss, peak = map(int, reports[-1])
        self.assertGreater(stones, 6 * 10)
        self.assertEqual((crashes, illegal, desyncs, failed), (0, 0, 0, 0))
        self.assertGreater(rss, 0)
        self.assertGreaterEqual(peak, rss)
        for action in ("undo", "rin-setposition", "sgf round trip", "option"):
            self.assertIn(action, completed.stdout)

    def test_illegal_stone_is_caught(self):
        completed = soak(fake("occupied", 3), "--games", "2", "--report-every", "1", "--sizes", "6")
        self.assertEqual(completed.returncode, 1)
        illegal = [int(r[3]) for r in REPORT.findall(completed.stdout)]
        self.assertEqual(illegal[-1], 2)  # one per game
        self.assertIn("illegal: genmove", completed.stderr)

    def test_crash_is_caught(self):
        completed = soak(fake("crash", 4), "--games", "2", "--report-every", "2", "--sizes", "6")
        self.assertEqual(completed.returncode, 1)
        self.assertEqual(int(REPORT.findall(completed.stdout)[-1][2]), 2)

    def test_bad_usage(self):
        completed = soak(ENGINE, "--games", "0")
        self.assertEqual(completed.returncode, 2)
        self.assertIn("--games", completed.stderr)


if __name__ == "__main__":
    unittest.main()
