"""The one reading of engine scores and game results that every script uses
(scripts/rinlib/score.py), against the engine's own words."""

import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "scripts"))

from rinlib import score  # noqa: E402

# A position of 8x8 with 10 empty points that is a draw under perfect play.
DRAWN = "1xox1oo1/xxoxxo1x/oooxxxoo/xooxooox/oxxooxox/o1xoxxxx/xxxxooo1/2x1oxo1 w 1"


class ScoreTest(unittest.TestCase):
    def test_estimates_are_centistones(self):
        self.assertEqual(score.parse("cs 35"), score.Score(0.35, False))
        self.assertEqual(score.parse("cs -542").stones, -5.42)

    def test_final_scores_are_stones(self):
        self.assertEqual(score.parse("final +3"), score.Score(3.0, True))
        self.assertEqual(score.parse("final -2"), score.Score(-2.0, True))
        self.assertEqual(score.parse("final 0"), score.Score(0.0, True))

    def test_order_is_the_engines(self):
        ranked = [score.parse(t) for t in ("final -1", "cs -9000", "final 0", "cs 1", "cs 9000", "final +1")]
        self.assertEqual(sorted(ranked, key=lambda s: s.rank), ranked)
        self.assertEqual(score.parse("final 0").rank, score.parse("cs 0").rank)

    def test_negated(self):
        self.assertEqual(score.parse("final +3").negated(), score.parse("final -3"))
        self.assertEqual(str(score.parse("final 0").negated()), "final 0")

    def test_refuses_other_text(self):
        for text in ("cs", "final", "final +20000x", "cs 1.5", "mate 3", "", "final ++1"):
            with self.assertRaises(ValueError, msg=text):
                score.parse(text)

    def test_results(self):
        self.assertEqual(score.result_margin("B+3"), 3.0)
        self.assertEqual(score.result_margin("B+3", "W"), -3.0)
        self.assertEqual(score.result_margin("W+2.5"), -2.5)
        self.assertEqual(str(score.result_margin("0", "W")), "0.0")  # a draw is +0, not -0
        for text in ("B+Resign", "W+Time", "B+", "X+1", "", "+3"):
            with self.assertRaises(ValueError, msg=text):
                score.result_margin(text)

    @unittest.skipUnless(os.environ.get("RIN_BINARY"), "needs RIN_BINARY")
    def test_engine_proven_draw(self):
        """The engine's answer for a proven draw reads as a draw."""
        commands = f"boardsize 8\nrin-setposition {DRAWN}\nrin-analyze depth 10\nquit\n"
        out = subprocess.run([os.environ["RIN_BINARY"], "--verbose", "0"], input=commands, text=True,
                             capture_output=True, timeout=60, check=True).stdout
        answer = [line for line in out.splitlines() if line.startswith("= move")][0]
        value = score.parse(" ".join(answer.split()[4:6]))
        self.assertEqual(value, score.Score(0.0, True))


if __name__ == "__main__":
    unittest.main()
