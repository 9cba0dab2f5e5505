"""The reader of position strings every script shares
(scripts/rinlib/position.py): boards read, counted and compared, refusals,
and the strings the engine writes."""

import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "scripts"))

from rinlib import position  # noqa: E402


class PositionTest(unittest.TestCase):
    def test_a_board_is_read(self):
        board = position.parse("x5/6/6/6/6/1o2o1 w 2")
        self.assertEqual(board.rows, ["x.....", "......", "......", "......", "......", ".o..o."])
        self.assertEqual((board.size, board.to_move, board.stone), (6, "w", 2))
        self.assertEqual((board.count("b"), board.count("w"), board.empty), (1, 2, 33))
        self.assertFalse(board.over)
        self.assertEqual((board.at("A6"), board.at("b1"), board.at("C3")), ("x", "o", "."))
        self.assertEqual(board.stones("w"), [(1, 5), (4, 5)])
        self.assertEqual(len(board.empty_vertices()), 33)
        self.assertTrue(position.parse("xoxo/xoxo/oxox/oxox b 1").over)

    def test_two_digit_runs(self):
        board = position.parse("/".join(["16"] * 15 + ["15x"]) + " b 1")
        self.assertEqual((board.size, board.at("Q1")), (16, "x"))

    def test_refusals(self):
        for text in ("", "6/6/6/6/6/6 b", "6/6/6/6/6/6 b 3", "6/6/6/6/6/6 x 1", "5/5/5/5/5/6 b 1", "3/3/3 b 1",
                     "6/6/6/6/6/6  b 1", "6/6/6/6/6/6 b 1\n", "6/6/6/6/6/6 B 1"):
            with self.assertRaises(ValueError, msg=text):
                position.parse(text)
        self.assertEqual(position.check("6/6/6/6/6/6 b 1"), "6/6/6/6/6/6 b 1")
        with self.assertRaises(ValueError):
            position.check(None)

    def test_derived_strings(self):
        self.assertEqual(position.empty_board(4), "4/4/4/4 b 1")
        self.assertEqual(position.with_side("x3/4/4/4 w 2", "b"), "x3/4/4/4 b 1")

    def test_vertices(self):
        self.assertEqual(position.vertex_to_index("A16", 16), (0, 0))
        self.assertEqual(position.vertex_to_index("j9", 9), (8, 0))
        self.assertEqual(position.index_to_vertex(8, 8, 9), "J1")

    def test_changed(self):
        before = position.parse("x3/4/4/4 w 1")
        after = position.parse("4/4/1o2/3o b 1")
        self.assertEqual(position.changed(before, after), ["A4", "B2", "D1"])


@unittest.skipUnless(os.environ.get("RIN_BINARY"), "needs RIN_BINARY")
class EngineTest(unittest.TestCase):
    def test_the_engines_strings_read_back(self):
        commands = "boardsize 6\nplay b C3\nplay w D4\nplay w A1\nplay b F6\nrin-position\nquit\n"
        out = subprocess.run([os.environ["RIN_BINARY"], "--verbose", "0"], input=commands, text=True,
                             capture_output=True, timeout=60, check=True).stdout
        board = position.parse(out.split("\n\n")[5][2:])
        self.assertEqual((board.at("C3"), board.at("D4"), board.at("A1"), board.at("F6")), ("x", "o", "o", "x"))
        self.assertEqual((board.to_move, board.stone), ("b", 2))


if __name__ == "__main__":
    unittest.main()
