"""Streamed rin-analyze through real pipes: the rin built here runs as a GUI
would run it, and stdout is read line by line while the engine thinks."""

import os
import re
import subprocess
import time
import unittest

from engine_io import Terminal, read_some

RIN = os.environ.get("RIN_BINARY", "build/rin")

INFO = re.compile(
    r"info multipv (\d+) move ([A-HJ-Z]\d+) score (cs -?\d+|final [+-]?\d+) depth (\d+) seldepth (\d+) "
    r"nodes (\d+) nps (\d+) time (\d+) pv ([A-HJ-Z]\d+(?: [A-HJ-Z]\d+)*)$")


class Engine:
    """rin behind pipes; `stderr` (a file) receives its stderr, with --verbose 1."""

    def __init__(self, *args, stderr=None):
        verbose = "1" if stderr else "0"
        self.proc = subprocess.Popen([RIN, "--verbose", verbose, *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=stderr or subprocess.DEVNULL)
        self.buffer = b""

    def send(self, line):
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def readline(self, timeout=10.0):
        """One stdout line without its newline; fails after `timeout` s."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            chunk = read_some(self.proc.stdout.fileno(), deadline)
            if chunk is None:
                raise AssertionError("no line from the engine within %.1f s (have %r)" % (timeout, self.buffer))
            if not chunk:
                raise AssertionError("the engine closed stdout (have %r)" % self.buffer)
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode()

    def response(self, command):
        self.send(command)
        lines = [self.readline()]
        while lines[-1] != "":
            lines.append(self.readline())
        return "\n".join(lines[:-1])

    def close(self):
        self.send("quit")
        self.assert_next = self.readline()
        if self.readline() != "":
            raise AssertionError("quit's response goes on")
        self.proc.stdin.close()
        return self.proc.wait(timeout=10)


class StreamTest(unittest.TestCase):
    def setUp(self):
        self.engine = Engine()

    def tearDown(self):
        if self.engine.proc.poll() is None:
            self.engine.proc.kill()
            self.engine.proc.wait()
        self.engine.proc.stdout.close()
        if not self.engine.proc.stdin.closed:
            self.engine.proc.stdin.close()

    def read_stream(self, first_line):
        """The stream's lines up to its closing empty line, each checked."""
        self.assertEqual(self.engine.readline(), first_line)
        lines = []
        while True:
            line = self.engine.readline()
            if line == "":
                return lines
            self.assertRegex(line, INFO)
            lines.append(line)

    def batches(self, lines, multipv):
        """Groups info lines into batches: multipv 1..K in order."""
        groups = []
        for line in lines:
            index = int(INFO.match(line).group(1))
            if index == 1:
                groups.append([])
            self.assertTrue(groups, "a batch must start with multipv 1: %r" % line)
            self.assertEqual(index, len(groups[-1]) + 1)
            groups[-1].append(line)
        for group in groups:
            self.assertEqual(len(group), multipv)
            moves = [INFO.match(line).group(2) for line in group]
            self.assertEqual(len(set(moves)), multipv, "candidates repeat: %r" % group)
        return groups

    def test_stream_until_next_command(self):
        e = self.engine
        self.assertEqual(e.response("boardsize 9"), "=")
        self.assertEqual(e.response("play b e5"), "=")
        before = e.response("rin-position")
        e.send("12 rin-analyze interval 10 multipv 3")
        self.assertEqual(e.readline(), "=12")
        # at least two batches arrive while no command is sent
        lines = []
        while len([line for line in lines if " multipv 1 " in line]) < 2 or not lines[-1].startswith(
                "info multipv 3 "):
            line = e.readline()
            self.assertRegex(line, INFO)
            lines.append(line)
        e.send("rin-position")
        while True:
            line = e.readline()
            if line == "":
                break
            self.assertRegex(line, INFO)
            lines.append(line)
        self.assertGreaterEqual(len(self.batches(lines, 3)), 2)
        # the command was answered after the stream was closed, and the
        # analysis left the position as it was
        self.assertEqual(e.readline(), before.split("\n")[0])
        self.assertEqual(e.readline(), "")
        self.assertEqual(e.close(), 0)
        self.assertEqual(e.assert_next, "=")
        self.assertEqual(e.buffer, b"")
        self.assertEqual(e.proc.stdout.read(), b"")

    def test_stream_ends_at_its_limit(self):
        e = self.engine
        self.assertEqual(e.response("boardsize 7"), "=")
        e.send("rin-analyze interval 5 depth 4 multipv 2")
        lines = self.read_stream("=")  # closed by the limit: nothing was sent
        groups = self.batches(lines, 2)
        self.assertGreaterEqual(len(groups), 1)
        self.assertEqual(INFO.match(groups[-1][0]).group(4), "4")
        self.assertEqual(e.response("rin-position"), "= 7/7/7/7/7/7/7 b 1")
        self.assertEqual(e.close(), 0)

    def test_proven_draw_streams_final_0(self):
        """A drawn position searched to its end streams every line as a
        proven draw, and the stream closes by itself: nothing is left to
        search."""
        e = self.engine
        self.assertEqual(e.response("boardsize 8"), "=")
        self.assertEqual(e.response("rin-setposition 1xox1oo1/xxoxxo1x/oooxxxoo/xooxooox/oxxooxox/o1xoxxxx/"
                                    "xxxxooo1/2x1oxo1 w 1"), "=")
        e.send("rin-analyze interval 5 movetime 60000 multipv 2")
        groups = self.batches(self.read_stream("="), 2)
        self.assertEqual([INFO.match(line).group(3) for line in groups[-1]], ["final 0", "final 0"])
        self.assertEqual(e.close(), 0)

    def test_one_shot_form_is_unchanged(self):
        e = self.engine
        self.assertEqual(e.response("boardsize 8"), "=")
        answer = e.response("rin-analyze depth 3")
        self.assertRegex(answer, r"^= move [A-HJ]\d score cs -?\d+ depth 3 nodes \d+ time \d+ pv [A-HJ]\d( [A-HJ]\d)*$")
        answer = e.response("rin-analyze depth 3 multipv 2")
        lines = answer.split("\n")
        self.assertEqual(len(lines), 2)
        self.assertRegex(lines[1], r"^move [A-HJ]\d score cs -?\d+ depth 3 ")
        self.assertEqual(e.close(), 0)

    def test_bad_arguments(self):
        e = self.engine
        self.assertEqual(e.response("rin-analyze interval 0"),
                         "? syntax error: interval '0' is out of range (1 to 360000)")
        self.assertEqual(e.response("rin-analyze multipv 17"),
                         "? syntax error: multipv '17' is out of range (1 to 16)")
        self.assertEqual(e.response("rin-analyze interval"),
                         "? syntax error: arguments come in pairs: [interval CS] [multipv K] [movetime MS] "
                         "[depth D] [nodes N]")
        self.assertEqual(e.close(), 0)


class TerminalStreamTest(unittest.TestCase):
    """On a terminal (a pseudo-terminal here) the stream runs until a line
    is typed, and ends before the prompt comes back."""

    def test_stream_on_the_terminal(self):
        with Terminal([RIN, "--verbose", "0"]) as t:
            t.wait_for(r"rin> $")
            t.type("boardsize 7")
            t.wait_for(r"=\n\nrin> $")
            t.type("rin-analyze interval 10 multipv 2")
            # two batches come while nothing is typed
            shown = t.wait_for(r"(?s)(info multipv 2 .*?\n){3}")
            self.assertNotIn("rin> ", shown.split("=\n", 1)[1])
            t.type("rin-position")
            shown = t.wait_for(r"= 7/7/7/7/7/7/7 b 1\n\nrin> $")
            # the stream ended with its empty line before the prompt came
            # back (after a last batch only if it differs from the one shown)
            self.assertRegex(shown, r"(?m)^\n(rin-position\n)?rin> rin-position\n= 7/")
            t.type("quit")
            self.assertEqual(t.exit_code(), 0)


if __name__ == "__main__":
    unittest.main()
