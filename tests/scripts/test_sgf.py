"""The SGF reader and writer every script shares (scripts/rinlib/sgf.py):
game trees kept whole, the main line, points and vertices, refusals with
the reason, and the records the engine writes."""

import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "scripts"))

from rinlib import sgf  # noqa: E402

GAME = "(;FF[4]RU[Rin]SZ[6]C[a \\] and a \\\\]\n;B[cc]\n;B[dd]\n(;W[ee]\n;W[ff]\n)(;W[aa]\n))\n"


class ReadWriteTest(unittest.TestCase):
    def test_a_tree_is_written_as_it_was_read(self):
        linear = "(;FF[4]RU[Rin]SZ[6]C[a \\] and a \\\\]\n;B[cc]\n;W[dd]C[x]\n)\n"
        self.assertEqual(sgf.write(sgf.parse(linear)), linear)
        trees = sgf.parse(GAME)
        self.assertEqual(len(trees), 1)
        written = sgf.write(trees)
        self.assertEqual(sgf.write(sgf.parse(written)), written)
        self.assertEqual(written.replace("\n", ""), GAME.replace("\n", ""))
        root = trees[0].nodes[0]
        self.assertEqual(root.get("C"), ["a ] and a \\"])
        self.assertEqual(root.get("SZ"), ["6"])
        self.assertIsNone(root.get("PB"))

    def test_spaces_and_old_property_names(self):
        tree = sgf.parse("  ( ; GaMe[1] SZ [8] AB[aa] [bb]\n ; B [cc] ) ")[0]
        self.assertEqual(tree.nodes[0].props, [("GM", ["1"]), ("SZ", ["8"]), ("AB", ["aa", "bb"])])
        self.assertEqual(tree.nodes[1].stone(), ("B", "cc"))

    def test_set_replaces_in_place_or_appends(self):
        node = sgf.parse("(;B[aa]C[old]TE[1])")[0].nodes[0]
        node.set("C", ["new"])
        node.set("BM", ["2"])
        self.assertEqual(node.props, [("B", ["aa"]), ("C", ["new"]), ("TE", ["1"]), ("BM", ["2"])])

    def test_main_line_and_moves(self):
        tree = sgf.parse(GAME)[0]
        self.assertEqual([node.stone() for node in sgf.main_line(tree)],
                         [None, ("B", "cc"), ("B", "dd"), ("W", "ee"), ("W", "ff")])
        self.assertEqual(sgf.moves(tree), [("B", "C4"), ("B", "D3"), ("W", "E2"), ("W", "F1")])
        self.assertEqual(sgf.board_size(tree), 6)
        self.assertEqual(sgf.board_size(sgf.parse("(;FF[4];B[aa])")[0]), 16)

    def test_refusals_say_why(self):
        for text, reason in (("", "no game tree"), ("FF[4]", "no game tree"), ("(;B[aa]", "not closed"),
                             ("(;B[aa", "unterminated"), ("(;B;W[aa])", "B has no value"),
                             ("(;SZ[big])", "not a board size"), ("(;SZ[6];B[ag])", "off the 6x6 board"),
                             ("(;SZ[6];B[a])", "not an SGF point")):
            with self.subTest(text=text), self.assertRaisesRegex(sgf.SgfError, reason):
                sgf.moves(sgf.parse(text)[0])

    def test_an_sgf_error_is_a_value_error(self):
        self.assertTrue(issubclass(sgf.SgfError, ValueError))


class PointTest(unittest.TestCase):
    def test_points_and_vertices(self):
        for vertex, size, point in (("A16", 16, "aa"), ("Q1", 16, "pp"), ("J9", 9, "ia"), ("D4", 6, "dc")):
            self.assertEqual(sgf.to_point(vertex, size), point)
            self.assertEqual(sgf.to_vertex(point, size), vertex)
        self.assertEqual(sgf.to_point("a1", 6), "af")
        self.assertEqual(sgf.index_to_point(3, 2), "dc")

    def test_escape(self):
        self.assertEqual(sgf.escape("a]b\\c"), "a\\]b\\\\c")


@unittest.skipUnless(os.environ.get("RIN_BINARY"), "needs RIN_BINARY")
class EngineRecordTest(unittest.TestCase):
    def test_the_engines_record_reads_back(self):
        commands = "boardsize 6\nrin-setposition x5/6/6/6/6/1o2o1 w 2\nplay w C3\nplay b D4\nprintsgf\nquit\n"
        out = subprocess.run([os.environ["RIN_BINARY"], "--verbose", "0"], input=commands, text=True,
                             capture_output=True, timeout=60, check=True).stdout
        text = out.split("\n\n")[4][2:]
        tree = sgf.parse(text)[0]
        self.assertEqual(tree.nodes[0].get("RP"), ["x5/6/6/6/6/1o2o1 w 2"])
        self.assertEqual(tree.nodes[0].get("AW"), ["bf", "ef"])
        self.assertEqual(sgf.moves(tree), [("W", "C3"), ("B", "D4")])


if __name__ == "__main__":
    unittest.main()
