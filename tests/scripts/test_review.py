"""scripts/review against the rin built here: a planted blunder is found and
annotated, malformed records are refused with the reason, and the game file
is never modified."""

import importlib.machinery
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import unittest

RIN = os.environ.get("RIN_BINARY", "build/rin")
REVIEW = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "review")

# Black can close a ring around White's four centre stones with F5 (or take
# more with F6 G5) and plays A1 A2 in the corner instead: White then saves
# them with F5 G5.
BLUNDER = """(;FF[4]GN[Rin]RU[Rin]SZ[8]PB[planted]PW[planted]RP[oo6/8/3xx3/2xoo3/2xoox2/3xx3/8/6oo b 1]
;B[ah];B[ag];W[fd];W[gd];B[bc];B[bf];W[ff];W[ge])
"""


def load_review():
    """scripts/review as a module (it has no .py), for its functions."""
    loader = importlib.machinery.SourceFileLoader("review_script", REVIEW)
    spec = importlib.util.spec_from_loader("review_script", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


class Node:
    """The properties of an SGF node, as annotate() sets them."""

    def __init__(self):
        self.properties = {}

    def get(self, name):
        return self.properties.get(name)

    def set(self, name, values):
        self.properties[name] = values


class MistakeListTest(unittest.TestCase):
    """The threshold and the summary on made-up losses: no engine."""

    def setUp(self):
        self.review = load_review()

    def turn(self, number, color, losses, vertices):
        stones = []
        for i, (loss, vertex) in enumerate(zip(losses, vertices)):
            stone = self.review.Stone(number + i, color, vertex, Node())
            stone.before, stone.after, stone.best, stone.best_pv = 0, -loss, "A1", ["A1", "B1"]
            stones.append(stone)
        stones[-1].end_of_turn = True
        return stones

    def test_a_loss_shown_as_the_threshold_is_no_mistake(self):
        # 1.52 and 1.49 stones read 1.5: not "more than 1.5"; 1.55 reads 1.6
        played = (self.turn(1, "B", [152], ["C3"]) + self.turn(2, "W", [100, 49], ["D4", "E4"]) +
                  self.turn(4, "B", [80, 75], ["F4", "F5"]) + self.turn(6, "W", [155], ["G6"]))
        mistakes = self.review.annotate(played, 150)
        self.assertEqual([[s.vertex for s in turn] for _, turn, _ in mistakes], [["F4", "F5"], ["G6"]])
        summary = self.review.summary(mistakes, played, 150)
        self.assertIn("  move 4-5: F4 F5 loses 1.6 stones", summary)
        self.assertIn("  move 6: G6 loses 1.6 stones", summary)
        self.assertNotIn("loses 1.5", summary)
        self.assertIn("loss 1.5", played[0].node.get("C")[0])  # 1.52, shown as it is compared
        self.assertIsNone(played[0].node.get("BM"))

    def test_the_largest_mistakes_are_listed_by_move_number(self):
        played = []
        for number, loss in ((1, 300), (3, 900), (5, 200), (7, 500), (9, 700)):
            played += self.turn(number, "B", [loss], ["C3"]) + self.turn(number + 1, "W", [0], ["D4"])
        mistakes = self.review.annotate(played, 150)
        lines = self.review.summary(mistakes, played, 150).splitlines()
        self.assertEqual(lines[0][:18], "Black: 5 mistakes ")
        # the header says that three are listed, and how to list them all
        self.assertTrue(lines[0].endswith("; the 3 largest (--all lists all 5):"), lines[0])
        # the three largest (9.0, 7.0, 5.0), in the order they were played
        self.assertEqual([line.split(":")[0] for line in lines[1:4]], ["  move 3", "  move 7", "  move 9"])
        self.assertEqual(lines[4][:18], "White: 0 mistakes ")
        self.assertFalse(lines[4].endswith(":"), lines[4])
        # --all: every one, by move number, under the plain header
        lines = self.review.summary(mistakes, played, 150, listed=None).splitlines()
        self.assertNotIn("largest", lines[0])
        self.assertEqual([line.split(":")[0] for line in lines[1:6]],
                         ["  move 1", "  move 3", "  move 5", "  move 7", "  move 9"])
        self.assertTrue(self.review.build_parser().parse_args(["game.sgf", "--all"]).all)

    def test_three_mistakes_or_fewer_are_all_listed_under_the_plain_header(self):
        played = []
        for number, loss in ((1, 300), (3, 900), (5, 200)):
            played += self.turn(number, "B", [loss], ["C3"]) + self.turn(number + 1, "W", [0], ["D4"])
        lines = self.review.summary(self.review.annotate(played, 150), played, 150).splitlines()
        self.assertNotIn("largest", lines[0])
        self.assertEqual(len([line for line in lines if line.startswith("  move ")]), 3)


class ReviewTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def write(self, name, text):
        path = os.path.join(self.dir.name, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def review(self, *args):
        return subprocess.run([sys.executable, REVIEW, "--engine", RIN + " --verbose 0", *args],
                              capture_output=True, text=True, timeout=120)

    def test_planted_blunder_is_flagged(self):
        game = self.write("blunder.sgf", BLUNDER)
        before = os.stat(game)
        run = self.review(game, "--nodes", "20000")
        self.assertEqual(run.returncode, 0, run.stderr)
        # the summary: Black's largest mistake is the corner turn, with F5
        # or F6 as the better turn's first stone
        lines = run.stdout.splitlines()
        self.assertRegex(lines[0], r"^Black: \d+ mistakes? ")
        m = re.match(r"  move 1-2: A1 A2 loses (\d+\.\d) stones; better (F5|F6|G5) ", lines[1] + " ")
        self.assertIsNotNone(m, run.stdout)
        self.assertGreater(float(m.group(1)), 5.0)
        white = lines.index(next(line for line in lines if line.startswith("White: ")))
        for line in lines[white + 1:]:
            if line.startswith("  move "):
                self.assertLess(float(re.search(r"loses (\d+\.\d)", line).group(1)), float(m.group(1)))
        self.assertEqual(lines[-1], "annotated game: " + os.path.join(self.dir.name, "blunder-review.sgf"))
        # the annotated record: a comment on every stone, BM on the blunder
        with open(os.path.join(self.dir.name, "blunder-review.sgf"), encoding="utf-8") as f:
            annotated = f.read()
        nodes = annotated.split("\n;")[1:]
        self.assertEqual(len(nodes), 8)
        for node in nodes:
            self.assertRegex(node, r"C\[(Black|White) [A-H]\d: score before [-+]\d+\.\d, best [A-H]\d, after ")
        self.assertRegex(nodes[0] + nodes[1], r"BM\[[12]\]")
        self.assertIn("Mistake: the turn A1 A2 loses", nodes[1])
        self.assertIn("RP[oo6/8/3xx3/2xoo3/2xoox2/3xx3/8/6oo b 1]", annotated)
        # the annotated record is a game rin reads, the same game
        load = subprocess.run([RIN, "--verbose", "0"], input=f"loadsgf {self.dir.name}/blunder-review.sgf\n"
                              "rin-position\n", capture_output=True, text=True, timeout=30)
        self.assertEqual(load.stdout.split("\n\n")[0], "=")
        # the game file is untouched
        with open(game, encoding="utf-8") as f:
            self.assertEqual(f.read(), BLUNDER)
        self.assertEqual(os.stat(game).st_mtime_ns, before.st_mtime_ns)

    def test_the_best_stone_loses_nothing(self):
        """A stone that is the search's own best stone loses 0.0 (the played
        stone is scored by the same search as the best), and the record says
        how a loss is measured."""
        game = self.write("blunder.sgf", BLUNDER)
        run = self.review(game, "--nodes", "20000")
        self.assertEqual(run.returncode, 0, run.stderr)
        with open(os.path.join(self.dir.name, "blunder-review.sgf"), encoding="utf-8") as f:
            annotated = f.read()
        self.assertIn("A stone's loss is the best stone's score minus the played stone's", annotated)
        comments = re.findall(r"C\[(?:Black|White) ([A-H]\d): score before ([-+]\d+\.\d), best ([A-H]\d), "
                              r"after [A-H]\d ([-+]\d+\.\d), loss (\d+\.\d)", annotated)
        self.assertEqual(len(comments), 8)
        best_played = [c for c in comments if c[0] == c[2]]
        self.assertGreaterEqual(len(best_played), 2, annotated)
        for vertex, before, _, after, loss in best_played:
            self.assertEqual((loss, after), ("0.0", before), vertex)
        for vertex, before, _, after, loss in comments:
            self.assertAlmostEqual(float(loss), max(0.0, float(before) - float(after)), delta=0.11, msg=vertex)

    def test_malformed_record_is_refused_with_the_reason(self):
        # Black's second stone comes when White has one left
        game = self.write("bad.sgf", "(;FF[4]RU[Rin]SZ[6];B[cc];W[dd];B[ee])\n")
        run = self.review(game, "--nodes", "1000")
        self.assertEqual(run.returncode, 1)
        self.assertIn("is not a valid Rin game record", run.stderr)
        self.assertIn("line 1, column", run.stderr)
        self.assertIn("out of turn", run.stderr)
        self.assertEqual(run.stdout, "")
        self.assertFalse(os.path.exists(os.path.join(self.dir.name, "bad-review.sgf")))
        with open(game, encoding="utf-8") as f:
            self.assertEqual(f.read(), "(;FF[4]RU[Rin]SZ[6];B[cc];W[dd];B[ee])\n")
        # a tree that is not closed
        run = self.review(self.write("cut.sgf", "(;FF[4]RU[Rin]SZ[6];B[cc]"), "--nodes", "1000")
        self.assertEqual(run.returncode, 1)
        self.assertIn("is not a valid Rin game record", run.stderr)

    def test_never_overwrites_the_game(self):
        game = self.write("game.sgf", BLUNDER)
        run = self.review(game, "--output", game)
        self.assertEqual(run.returncode, 2)
        self.assertIn("would overwrite the game", run.stderr)
        with open(game, encoding="utf-8") as f:
            self.assertEqual(f.read(), BLUNDER)

    def test_missing_file(self):
        run = self.review(os.path.join(self.dir.name, "none.sgf"))
        self.assertEqual(run.returncode, 1)
        self.assertIn("cannot read", run.stderr)


if __name__ == "__main__":
    unittest.main()
