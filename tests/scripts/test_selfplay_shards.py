"""scripts/selfplay-shards: a self-play run in shards, each renamed into
place when complete; run again, it plays only the shards that are missing
(a stopped shard's partial file is played again), and the opening's length
cycles over the shards."""

import os
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, os.pardir, os.pardir, "scripts", "selfplay-shards")


class SelfplayShardsTest(unittest.TestCase):
    def setUp(self):
        self.rin = os.environ.get("RIN_BINARY")
        if not self.rin:
            self.skipTest("RIN_BINARY names the engine (ctest sets it)")
        self.work = tempfile.TemporaryDirectory()
        self.dir = os.path.join(self.work.name, "games")

    def tearDown(self):
        self.work.cleanup()

    def run_shards(self, *extra):
        args = [SCRIPT, "--dir", self.dir, "--shards", "3", "--rin", self.rin, "--opening-list", "2,5", *extra,
                "--", "--games", "6", "--sizes", "5", "--nodes", "50", "--seed", "7"]
        return subprocess.run(args, capture_output=True, text=True, timeout=300)

    def settings(self, shard):
        games = subprocess.run([self.rin, "games", "--text", os.path.join(self.dir, f"shard-{shard}.bin")],
                               capture_output=True, text=True, check=True).stdout
        return games.splitlines()[1]

    def test_plays_every_shard_then_only_the_missing_ones(self):
        run = self.run_shards()
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(sorted(os.listdir(self.dir)), ["shard-1.bin", "shard-2.bin", "shard-3.bin"])
        # one size: the opening length cycles shard by shard
        self.assertIn("--shard 1/3 --opening-plies 2", self.settings(1))
        self.assertIn("--shard 2/3 --opening-plies 5", self.settings(2))
        self.assertIn("--shard 3/3 --opening-plies 2", self.settings(3))
        with open(os.path.join(self.dir, "shard-1.bin"), "rb") as f:
            first = f.read()
        # a stopped run: shard 2 missing, its partial file left behind
        os.remove(os.path.join(self.dir, "shard-2.bin"))
        with open(os.path.join(self.dir, "shard-2.bin.part"), "wb") as f:
            f.write(b"RINGAME")
        again = self.run_shards()
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertIn("shard 2/3", again.stderr)
        self.assertNotIn("shard 1/3", again.stderr)
        self.assertEqual(sorted(os.listdir(self.dir)), ["shard-1.bin", "shard-2.bin", "shard-3.bin"])
        with open(os.path.join(self.dir, "shard-1.bin"), "rb") as f:
            self.assertEqual(f.read(), first)
        summary = subprocess.run([self.rin, "games", os.path.join(self.dir, "shard-2.bin")], capture_output=True,
                                 text=True, check=True).stdout
        self.assertIn("2 games", summary)

    def test_bad_use_is_refused(self):
        run = subprocess.run([SCRIPT, "--shards", "3"], capture_output=True, text=True)
        self.assertEqual(run.returncode, 2)
        self.assertIn("--dir", run.stderr)
        run = subprocess.run([SCRIPT, "--bogus"], capture_output=True, text=True)
        self.assertEqual(run.returncode, 2)
        failed = self.run_shards("--first", "1", "--last", "1", "--rin", "/nonexistent/rin")
        self.assertNotEqual(failed.returncode, 0)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "shard-1.bin")))


if __name__ == "__main__":
    unittest.main()
