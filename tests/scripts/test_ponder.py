"""Pondering through real pipes: the engine thinks on the opponent's turn
after genmove, stops at once when the next command arrives, and never
changes the game or overruns its time."""

import tempfile
import time
import unittest

from test_analyze_stream import Engine

MOVETIME_MS = 300
# what a busy machine may add to an answer: process scheduling, not thinking
SLACK_S = 0.5


class PonderTest(unittest.TestCase):
    def setUp(self):
        self.log = tempfile.TemporaryFile()
        self.engines = []

    def tearDown(self):
        for engine in self.engines:
            if engine.proc.poll() is None:
                engine.proc.kill()
                engine.proc.wait()
            engine.proc.stdout.close()
            if not engine.proc.stdin.closed:
                engine.proc.stdin.close()
        self.log.close()

    def engine(self, *args, stderr=None):
        engine = Engine("--movetime", str(MOVETIME_MS), *args, stderr=stderr)
        self.engines.append(engine)
        return engine

    def timed(self, engine, command):
        start = time.monotonic()
        answer = engine.response(command)
        return answer, time.monotonic() - start

    def stderr_text(self):
        self.log.seek(0)
        return self.log.read().decode()

    def test_ponder_then_play_and_genmove(self):
        e = self.engine(stderr=self.log)
        self.assertEqual(e.response("rin-option ponder on"), "=")
        self.assertEqual(e.response("boardsize 9"), "=")
        first, seconds = self.timed(e, "genmove b")
        self.assertRegex(first, r"^= [A-HJ]\d$")
        self.assertLess(seconds, MOVETIME_MS / 1000 + SLACK_S)
        time.sleep(0.4)  # the engine ponders white's turn meanwhile
        played = [p for p in ("E5", "D4", "F6", "C3") if p != first[2:]][:2]
        for vertex in played:
            answer, seconds = self.timed(e, "play w " + vertex)
            self.assertEqual(answer, "=")
            self.assertLess(seconds, SLACK_S, "play waited for pondering to stop")
        second, seconds = self.timed(e, "genmove b")
        self.assertRegex(second, r"^= [A-HJ]\d$")
        self.assertLess(seconds, MOVETIME_MS / 1000 + SLACK_S)
        position = e.response("rin-position")
        self.assertEqual(e.close(), 0)
        # it did ponder: a report when the play stopped it, and whether the
        # stone was the one it expected
        log = self.stderr_text()
        self.assertRegex(log, r"(?m)^ponder info depth \d+ ")
        self.assertRegex(log, r"(?m)^info string ponder (hit|miss): expected [A-HJ]\d, played %s$" % played[0])
        # the position is exactly the game as played, stone by stone
        replay = self.engine()
        self.assertEqual(replay.response("boardsize 9"), "=")
        self.assertEqual(replay.response("play b " + first[2:]), "=")
        for vertex in played:
            self.assertEqual(replay.response("play w " + vertex), "=")
        self.assertEqual(replay.response("play b " + second[2:]), "=")
        self.assertEqual(replay.response("rin-position"), position)
        self.assertEqual(replay.close(), 0)

    def test_ponder_keeps_the_clock(self):
        # with a clock: every genmove within its share, pondering or not
        e = self.engine("--movetime", "0", stderr=self.log)
        for command in ("rin-option ponder on", "boardsize 8", "time_settings 4 0 0"):
            self.assertEqual(e.response(command), "=")
        black, seconds = self.timed(e, "genmove b")
        self.assertRegex(black, r"^= [A-HJ]\d$")
        time.sleep(0.3)
        for vertex in [v for v in ("D4", "E5", "C3") if v != black[2:]][:2]:
            self.assertEqual(e.response("play w " + vertex), "=")
        total = seconds
        for _ in range(2):
            answer, seconds = self.timed(e, "genmove b")
            self.assertRegex(answer, r"^= [A-HJ]\d$")
            total += seconds
        self.assertLess(total, 4.0)
        self.assertEqual(e.close(), 0)
        self.assertIn("ponder info depth", self.stderr_text())

    def test_ponder_is_off_by_default(self):
        e = self.engine(stderr=self.log)
        self.assertEqual(e.response("rin-option ponder"), "= 0")
        self.assertEqual(e.response("boardsize 7"), "=")
        black = e.response("genmove b")
        self.assertRegex(black, r"^= [A-G]\d$")
        time.sleep(0.2)
        self.assertEqual(e.response("play w " + ("C3" if black == "= D4" else "D4")), "=")
        self.assertEqual(e.close(), 0)
        self.assertNotIn("ponder", self.stderr_text())


if __name__ == "__main__":
    unittest.main()
