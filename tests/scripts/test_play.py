"""rin play, the game for people: driven through pipes (and once through a
pseudo-terminal, where libedit reads the lines) as a person would play it."""

import os
import re
import subprocess
import time
import unittest

from engine_io import Terminal, read_some

RIN = os.environ.get("RIN_BINARY", "build/rin")
PROMPT = re.compile(r"(Black|White), (opening stone|first of two stones|second of two stones)> $")
PROMPT_OR_END = re.compile(PROMPT.pattern + "|Game over")


class Session:
    def __init__(self, *args):
        self.proc = subprocess.Popen([RIN, "play", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.seen = ""

    def until_prompt(self, timeout=20.0):
        """Everything shown up to the next prompt (or the end)."""
        return self.until(PROMPT, timeout)

    def until(self, pattern, timeout=20.0):
        """Everything shown up to the next match of `pattern` (or the end)."""
        start = len(self.seen)
        deadline = time.monotonic() + timeout
        while not pattern.search(self.seen[start:]):
            chunk = read_some(self.proc.stdout.fileno(), deadline)
            if chunk is None:
                raise AssertionError(f"no {pattern.pattern!r}; rin play shows:\n" + self.seen[start:])
            if not chunk:
                break
            self.seen += chunk.decode()
        return self.seen[start:]

    def say(self, line):
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()
        return self.until_prompt()

    def finish(self):
        self.proc.stdin.close()
        rest = self.proc.stdout.read().decode()
        self.seen += rest
        self.proc.wait(timeout=20)
        self.proc.stdout.close()
        self.proc.stderr.close()
        return rest


def board_rows(text, size):
    """The rows of the last board drawn, top first: (number, the text
    between the row numbers and their spaces, with the separators before
    and after)."""
    text = text.replace("\r", "")
    return re.findall(r"(?m)^ *(\d+) ([ (|)].*[ (|)]) \1$", text)[-size:]


def last_board(text, size):
    """The rows of the last board drawn: {vertex: 'X', 'O' or '.'}."""
    columns = "ABCDEFGHJKLMNOPQ"[:size]
    # the stones of the last turn are framed by parentheses: "X(O).",
    # "1 (X)" at the edge, "(O|O)" side by side
    rows = [(number, re.sub(r"[(|)]", " ", cells)) for number, cells in board_rows(text, size)]
    board = {}
    for number, cells in rows:
        cells = cells.split()
        for column, cell in zip(columns, cells):
            board[f"{column}{number}"] = cell
    return board


def marked(text, size):
    """The framed points of the last board drawn."""
    columns = "ABCDEFGHJKLMNOPQ"[:size]
    points = set()
    for number, cells in board_rows(text, size):
        for c, column in enumerate(columns):
            if cells[2 * c] in "(|" and cells[2 * c + 2] in "|)":
                points.add(f"{column}{number}")
    return points


class PlayTest(unittest.TestCase):
    def test_whole_game_to_the_score(self):
        s = Session("--size", "4", "--movetime", "20")
        shown = s.until_prompt()
        self.assertIn("you are Black, rin is White", shown)
        stones = 0
        while "Game over" not in s.seen:
            board = last_board(s.seen, 4)
            empty = sorted(v for v, cell in board.items() if cell == ".")
            self.assertTrue(empty, s.seen[-500:])
            s.proc.stdin.write((empty[0].lower() + "\n").encode())
            s.proc.stdin.flush()
            stones += 1
            self.assertLess(stones, 16)
            # the reply: another prompt, or the end of the game
            s.until(PROMPT_OR_END)
        s.finish()
        self.assertEqual(s.proc.returncode, 0)
        self.assertRegex(s.seen, r"rin \(White\) plays [A-D][1-4]\n")
        m = re.search(r"Game over: Black (\d+), White (\d+)\. (A draw\.|(Black|White) wins by (\d+): "
                      r"(you win!|rin wins\.))", s.seen)
        self.assertIsNotNone(m, s.seen[-400:])
        black, white = int(m.group(1)), int(m.group(2))
        self.assertEqual(black + white, 16)
        if m.group(4):
            self.assertEqual(int(m.group(5)), abs(black - white))
            self.assertEqual(m.group(4), "Black" if black > white else "White")
            self.assertEqual(m.group(6), "you win!" if m.group(4) == "Black" else "rin wins.")

    def test_bad_input_undo_and_hint(self):
        s = Session("--size", "6", "--movetime", "30")
        s.until_prompt()
        self.assertIn("invalid vertex 'zz'", s.say("zz"))
        self.assertIn("one vertex at a time", s.say("c3 d4"))
        self.assertIn("is off the 6x6 board", s.say("h9"))
        self.assertIn("nothing to undo", s.say("undo"))
        self.assertRegex(s.say("hint"), r"hint: [A-F][1-6] \(")
        shown = s.say("c3")
        # the engine's two stones, each shown, then the board
        plays = re.findall(r"rin \(White\) plays ([A-F][1-6])", shown)
        self.assertEqual(len(plays), 2)
        board = last_board(shown, 6)
        self.assertEqual(board["C3"], "X")
        for vertex in plays:
            self.assertEqual(board[vertex], "O")
        self.assertIn("is occupied", s.say(plays[0].lower()))
        self.assertIn("Black, first of two stones> ", s.seen[-40:])
        # undo: the engine's turn and the opening stone are taken back
        shown = s.say("undo")
        self.assertIn("took back 3 stones", shown)
        self.assertEqual(set(last_board(shown, 6).values()), {"."})
        self.assertRegex(shown, r"Black, opening stone> $")
        s.say("quit")
        s.finish()
        self.assertEqual(s.proc.returncode, 0)

    def test_fills_and_captures(self):
        # Black (you) closes a ring around C3 with C2; White (rin) can close
        # one around D5 and E5 with D4, the best stone by far
        s = Session("--position", "3oo1/2oxxo/2x1o1/1xox2/6/6 b 1", "--movetime", "100")
        shown = s.until_prompt()
        self.assertIn("Rin on 6x6", shown)
        self.assertEqual(marked(shown, 6), set())
        shown = s.say("c2")
        self.assertIn("Black's ring fills C3; 1 white stone captured\n", shown)
        self.assertEqual(last_board(shown, 6)["C3"], "X")
        self.assertEqual(marked(shown, 6), {"C2"})
        shown = s.say("a1")
        self.assertIn("rin (White) plays D4\nWhite's ring fills D5 and 1 more point; 2 black stones captured\n",
                      shown)
        board = last_board(shown, 6)
        self.assertEqual((board["D5"], board["E5"]), ("O", "O"))
        # both stones of rin's turn are marked (D4 first or second); the
        # other filled nothing
        plays = re.findall(r"rin \(White\) plays ([A-F][1-6])", shown)
        self.assertEqual(len(plays), 2)
        self.assertIn("D4", plays)
        self.assertEqual(marked(shown, 6), set(plays))
        self.assertEqual(shown.count("ring fills"), 1)
        s.say("quit")
        s.finish()
        self.assertEqual(s.proc.returncode, 0)

    def test_last_turn_side_by_side(self):
        # rin has two stones to place and two points left: A1 and B1, on the
        # left edge, then C1 and D1 on the right one
        for start, row, points in (("xxoo/xxoo/xxoo/2oo w 1", " 1 (O|O)O O  1\n", {"A1", "B1"}),
                                   ("ooxx/ooxx/ooxx/oo2 w 1", " 1  O O(O|O) 1\n", {"C1", "D1"})):
            s = Session("--position", start, "--movetime", "20")
            shown = s.until(re.compile("Game over:.*\n"))
            # a frame on an edge column keeps off the row numbers: the
            # columns of every row stay where the letters are
            self.assertIn(row, shown)
            self.assertEqual(marked(shown, 4), points)
            lines = shown.splitlines()
            bottom = len(lines) - 1 - lines[::-1].index("    A B C D")
            board = lines[bottom - 5:bottom + 1]
            self.assertEqual(board[0], board[5])
            for line in board[1:5]:
                self.assertEqual(len(line), len(" 4  . . . .  4"), board)
                self.assertRegex(line, r"^ \d [ (][XO.]([ (|)][XO.]){3}[ )] \d$")
            self.assertNotIn("ring fills", shown)
            self.assertIn("Game over: Black 6, White 10. White wins by 4: rin wins.", shown)
            s.finish()
            self.assertEqual(s.proc.returncode, 0)

    def test_white_and_arguments(self):
        s = Session("--size", "5", "--color", "w", "--movetime", "20")
        shown = s.until_prompt()
        self.assertRegex(shown, r"rin \(Black\) plays [A-E][1-5]\n")
        self.assertRegex(shown, r"White, first of two stones> $")
        s.finish()
        self.assertEqual(s.proc.returncode, 0)
        for args, message in ((["--size", "3"], "--size needs a number from 4 to 16"),
                              (["--color", "red"], "--color needs b or w"),
                              (["--movetime", "0"], "--movetime needs"), (["--fast"], "unexpected argument"),
                              (["--position", "4/4/4/4 b 3"], "--position: "),
                              (["--position"], "--position needs a position string")):
            run = subprocess.run([RIN, "play", *args], capture_output=True, text=True, timeout=10)
            self.assertEqual(run.returncode, 2)
            self.assertIn(message, run.stderr)
        run = subprocess.run([RIN, "play", "--help"], capture_output=True, text=True, timeout=10)
        self.assertEqual(run.returncode, 0)
        self.assertIn("Usage: rin play", run.stdout)

    def test_terminal_line_editing(self):
        with Terminal([RIN, "play", "--size", "4", "--movetime", "20"]) as t:
            t.wait_for(re.escape("Black, opening stone> "))
            # libedit: Ctrl-A moves to the start of the line, so "2b" typed
            # after it becomes "b2"
            t.type("2\x01b")
            t.wait_for(re.escape("rin (White) plays"))
            t.wait_for(re.escape("Black, first of two stones> "))
            self.assertEqual(last_board(t.seen, 4)["B2"], "X")
            t.type("quit")
            self.assertEqual(t.exit_code(), 0)


if __name__ == "__main__":
    unittest.main()
