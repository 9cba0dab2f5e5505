"""Ctrl-C, Ctrl-D and Return at the rin> prompt, driven through a
pseudo-terminal as a person presses them: Ctrl-C drops the line being typed
and stops a streamed analysis, Ctrl-D and Return alone stop a stream too
(with one prompt after it); rin goes on (and the game with it) and the next
command is answered. On a terminal a stream shows a batch only when it
differs from the last one shown."""

import os
import re
import time
import unittest

from engine_io import Terminal

RIN = os.environ.get("RIN_BINARY", "build/rin")
CTRL_C, CTRL_D = b"\x03", b"\x04"


class TerminalKeysTest(unittest.TestCase):
    def setUp(self):
        self.terminal = Terminal([RIN, "--verbose", "0"])
        self.terminal.wait_for(r"rin> $")

    def tearDown(self):
        try:
            os.kill(self.terminal.pid, 9)
            os.waitpid(self.terminal.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        self.terminal.__exit__(None, None, None)

    def press(self, keys):
        # after the prompt shows, libedit may still be switching the
        # terminal to its own mode: give it a moment
        time.sleep(0.2)
        os.write(self.terminal.fd, keys)

    def assert_answers(self):
        """rin is alive, its prompt reads a line, and the game is as it was."""
        self.terminal.type("rin-position")
        self.terminal.wait_for(r"= 7/7/7/3x3/7/7/7 w 1\n\nrin> $")
        self.terminal.type("name")
        self.terminal.wait_for(r"= Rin\n\nrin> $")

    def start_game(self):
        self.terminal.type("boardsize 7")
        self.terminal.wait_for(r"=\n\nrin> $")
        self.terminal.type("play b d4")
        self.terminal.wait_for(r"=\n\nrin> $")

    def start_stream(self):
        self.terminal.type("rin-analyze interval 10")
        self.terminal.wait_for(r"(?s)(info multipv 1 [^\n]*\n){2}")

    def test_ctrl_c_at_the_prompt_drops_the_line(self):
        self.start_game()
        self.press(CTRL_C)
        self.terminal.wait_for(r"\^C\nrin> $")
        # a line half typed is dropped, not run
        self.press(b"clear_board" + CTRL_C)
        self.terminal.wait_for(r"clear_board(\x1b\[\d+G)?\^C\nrin> $")
        self.assert_answers()

    def test_ctrl_c_stops_a_stream(self):
        self.start_game()
        self.start_stream()
        self.press(CTRL_C)
        # the stream ends with its empty line (which ends the line of the
        # ^C the terminal shows), then the prompt
        self.terminal.wait_for(r"(?m)^(\^C)?\nrin> \Z")
        self.assert_answers()

    def test_ctrl_c_during_a_command_lets_it_finish(self):
        self.start_game()
        self.terminal.type("rin-analyze movetime 1000")
        self.press(CTRL_C)
        self.terminal.wait_for(r"= move [A-G]\d score [^\n]*\n\nrin> $")
        self.assert_answers()

    def test_return_alone_stops_a_stream_with_one_prompt(self):
        self.start_game()
        self.start_stream()
        self.press(b"\r")
        self.terminal.wait_for(r"(?m)^\nrin> \Z")
        # and no second prompt for the empty line that stopped it
        with self.assertRaises(AssertionError):
            self.terminal.wait_for(r"rin> ", timeout=1.0)
        self.assert_answers()

    def test_a_letter_and_ctrl_d_stop_a_stream_and_the_letter_is_kept(self):
        self.start_game()
        self.start_stream()
        # the terminal passes "n" on at Ctrl-D: it begins the next line
        self.press(b"n" + CTRL_D)
        self.terminal.wait_for(r"rin> n$")
        self.press(b"ame\r")
        self.terminal.wait_for(r"= Rin\n\nrin> $")
        self.assert_answers()

    def test_a_stream_shows_a_batch_only_when_it_differs(self):
        # every 10 ms on the 16x16 board, where an iteration soon takes longer
        self.terminal.type("rin-analyze interval 1")
        self.terminal.wait_for(r"=\n")
        time.sleep(2.0)
        self.press(CTRL_C)
        shown = self.terminal.wait_for(r"(?m)^(\^C)?\nrin> \Z")
        batches = re.findall(r"^info multipv 1 .*$", shown, re.MULTILINE)
        self.assertGreaterEqual(len(batches), 2, shown)
        repeats = [a for a, b in zip(batches, batches[1:]) if a == b]
        self.assertEqual(repeats, [], "the same batch shown twice in a row")

    def test_ctrl_d_stops_a_stream_and_the_prompt_still_reads_lines(self):
        self.start_game()
        self.start_stream()
        self.press(CTRL_D)
        # the stream's empty line (its last batch may have been shown
        # already), then the prompt
        self.terminal.wait_for(r"(?m)^\nrin> \Z")
        # the next Return is a Return (it was shown as ^M, the line kept)
        self.press(b"\r")
        shown = self.terminal.wait_for(r"rin> $")
        self.assertNotIn("^M", shown)
        self.assert_answers()
        # and at the prompt Ctrl-D still leaves
        self.press(CTRL_D)
        self.assertEqual(self.terminal.exit_code(), 0)


if __name__ == "__main__":
    unittest.main()
