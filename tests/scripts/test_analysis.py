"""The one reading of the engine's analysis lines (scripts/rinlib/analysis.py):
one-shot answers, streamed lines and search progress, against lines as the
engine writes them and against the engine itself."""

import os
import sys
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "scripts"))

from rinlib import analysis, gtp  # noqa: E402
from rinlib.score import Score  # noqa: E402


class AnswerTest(unittest.TestCase):
    def test_each_line_is_a_candidate_best_first(self):
        answer = ("move C8 score cs 17 depth 2 nodes 2000 time 1 pv C8 B8\n"
                  "move A7 score final -3 depth 9 nodes 2000 time 1 pv A7")
        first, second = analysis.parse_answer(answer)
        self.assertEqual(first, analysis.Candidate(1, "C8", Score(0.17), 2, 2000, 1, ("C8", "B8")))
        self.assertEqual((second.rank, second.vertex, second.score, second.pv), (2, "A7", Score(-3.0, True), ("A7",)))
        self.assertIsNone(first.seldepth)
        self.assertIsNone(first.nps)

    def test_an_empty_pv(self):
        self.assertEqual(analysis.parse_answer_line("move C8 score cs 0 depth 1 nodes 1 time 0 pv ").pv, ())

    def test_other_text_is_refused(self):
        for text in ("", "move C8 score cs 17", "move C8 score 17 depth 2 nodes 2000 time 1 pv C8",
                     "info multipv 1 move C8 score cs 17 depth 2 seldepth 2 nodes 1 nps 1 time 1 pv C8"):
            with self.assertRaises(ValueError, msg=text):
                analysis.parse_answer(text)


class StreamedTest(unittest.TestCase):
    def test_a_streamed_line(self):
        line = "info multipv 2 move D6 score cs -70 depth 6 seldepth 9 nodes 85576 nps 383748 time 223 pv D6 C5 E5"
        self.assertEqual(analysis.parse_streamed(line),
                         analysis.Candidate(2, "D6", Score(-0.7), 6, 85576, 223, ("D6", "C5", "E5"), 9, 383748))

    def test_other_text_is_refused(self):
        for text in ("info multipv 1 move D4 score cs 0", "move C8 score cs 17 depth 2 nodes 2000 time 1 pv C8",
                     "info depth 1 seldepth 1 score cs -10 nodes 189 nps 189000 time 0 hashfull 0 pv C8"):
            with self.assertRaises(ValueError, msg=text):
                analysis.parse_streamed(text)


class ProgressTest(unittest.TestCase):
    def test_a_progress_line(self):
        line = "info depth 3 seldepth 5 score final +2 nodes 879 nps 18312 time 48 hashfull 7 pv E5 E4 D5"
        self.assertEqual(analysis.parse_progress(line),
                         analysis.Progress(3, 5, Score(2.0, True), 879, 18312, 48, 7, ("E5", "E4", "D5")))

    def test_other_text_is_refused(self):
        for text in ("info string ponder hit: expected D4, played D4",
                     "ponder info depth 1 seldepth 1 score cs 0 nodes 1 nps 1 time 0 hashfull 0 pv C8",
                     "info multipv 1 move D6 score cs 70 depth 6 seldepth 9 nodes 1 nps 1 time 2 pv D6"):
            with self.assertRaises(ValueError, msg=text):
                analysis.parse_progress(text)


@unittest.skipUnless(os.environ.get("RIN_BINARY"), "needs RIN_BINARY")
class EngineTest(unittest.TestCase):
    """What the engine writes reads back."""

    def setUp(self):
        self.lines = []
        self.engine = gtp.GtpEngine([os.environ["RIN_BINARY"], "--verbose", "1"], "rin", on_stderr=self.lines.append)
        self.engine.start()
        self.addCleanup(self.engine.close)
        self.engine.ask("boardsize 8", timeout=10)

    def test_answers_streams_and_progress(self):
        candidates = analysis.parse_answer(self.engine.ask("rin-analyze depth 2 multipv 3", timeout=60))
        self.assertEqual([c.rank for c in candidates], [1, 2, 3])
        self.assertTrue(all(c.depth == 2 and c.pv[0] == c.vertex for c in candidates))
        streamed = []
        self.engine.stream("rin-analyze interval 1 multipv 2 depth 3", streamed.append, lambda: False, timeout=60)
        self.assertTrue(streamed)
        self.assertEqual({analysis.parse_streamed(line).rank for line in streamed}, {1, 2})
        self.engine.ask("rin-option nodes 2000", timeout=10)
        self.engine.ask("genmove b", timeout=60)
        deadline = time.monotonic() + 10  # stderr is read by a thread of its own
        while not any(line.startswith("info depth ") for line in self.lines) and time.monotonic() < deadline:
            time.sleep(0.01)
        progress = [analysis.parse_progress(line) for line in list(self.lines) if line.startswith("info depth ")]
        self.assertTrue(progress, self.lines)
        self.assertEqual(progress[0].depth, 1)


if __name__ == "__main__":
    unittest.main()
