"""scripts/strength-log and engine/strength-log.jsonl: the log parses, every
row has a command and a result, the rendered table sorts and filters as
asked, and engine/STRENGTH-LOG.md is the log's page (so that the two cannot
drift apart)."""

import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))
SCRIPT = os.path.join(ROOT, "scripts", "strength-log")
LOG = os.path.join(ROOT, "engine", "strength-log.jsonl")


def load_script():
    loader = importlib.machinery.SourceFileLoader("strength_log", SCRIPT)
    spec = importlib.util.spec_from_loader("strength_log", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


strength_log = load_script()


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=60)


def column(markdown, name):
    """The cells of one column of a Markdown table."""
    lines = [line for line in markdown.splitlines() if line.startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    index = header.index(name)
    return [line.strip("|").split(" | ")[index].strip() for line in lines[2:]]


class LogTest(unittest.TestCase):
    def test_the_log_parses_and_every_row_has_a_command_and_a_result(self):
        rows = strength_log.load(LOG)
        self.assertGreater(len(rows), 100)
        for row in rows:
            with self.subTest(row=row.get("row")):
                self.assertIsNone(strength_log.row_problem(row))
                commands = row["command"] if isinstance(row["command"], list) else [row["command"]]
                self.assertTrue(all(c.strip() for c in commands))
                self.assertTrue(row.get("score") or row.get("note"))
        numbers = [row["row"] for row in rows]
        self.assertEqual(numbers, sorted(set(numbers)), "rows out of order or repeated")

    def test_every_line_is_one_row(self):
        with open(LOG, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                with self.subTest(line=number):
                    self.assertIsInstance(json.loads(line), dict)

    def test_the_page_is_up_to_date(self):
        result = run("--check")
        self.assertEqual(result.returncode, 0, result.stderr)


class RendererTest(unittest.TestCase):
    def test_sorts_by_number(self):
        result = run("--sort", "elo", "--columns", "row,elo")
        self.assertEqual(result.returncode, 0, result.stderr)
        values = [strength_log.number(v) for v in column(result.stdout, "elo") if v]
        self.assertGreater(len(values), 50)
        self.assertEqual(values, sorted(values))
        # empty values come last
        cells = column(result.stdout, "elo")
        self.assertEqual(cells, [c for c in cells if c] + [c for c in cells if not c])

    def test_sorts_in_reverse_and_by_text(self):
        result = run("--sort", "row", "--reverse", "--columns", "row")
        rows = [int(v) for v in column(result.stdout, "row")]
        self.assertEqual(rows, sorted(rows, reverse=True))
        result = run("--sort", "decision", "--columns", "decision")
        decisions = column(result.stdout, "decision")
        self.assertEqual(decisions, sorted(decisions))

    def test_filters(self):
        result = run("--filter", "decision=rejected", "--filter", "elo<0", "--columns", "row,elo,decision")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(column(result.stdout, "row"))
        self.assertEqual(set(column(result.stdout, "decision")), {"rejected"})
        self.assertTrue(all(strength_log.number(v) < 0 for v in column(result.stdout, "elo")))
        self.assertEqual(run("--filter", "nosuchcolumn=1").returncode, 2)

    def test_commands_are_code_that_keeps_the_table(self):
        self.assertEqual(strength_log.code("a | b"), "`a \\| b`")
        self.assertEqual(strength_log.code("if (x) `y`"), "`` if (x) `y` ``")
        rows = [{"row": 1, "command": ["one", "two | three"]}]
        line = strength_log.table(rows, ["row", "command"]).splitlines()[2]
        self.assertEqual(line, "| 1 | `one`<br>`two \\| three` |")

    def test_a_row_without_a_command_or_a_result_is_refused(self):
        good = {"row": 1, "added": "2026-12-01", "part": "change", "what": "w", "commit": "abc1234",
                "board": "16×16", "decision": "rejected", "command": "scripts/match ...", "score": "+1 =0 −0"}
        self.assertIsNone(strength_log.row_problem(good))
        for change in ({"command": ""}, {"score": "", "note": ""}, {"decision": "maybe"}, {"colour": "x"},
                       {"added": "yesterday"}):
            with self.subTest(change=change):
                self.assertIsNotNone(strength_log.row_problem(dict(good, **change)))
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "log.jsonl")
            with open(path, "w", encoding="utf-8") as f:
                f.write(json.dumps(good) + "\n" + json.dumps(dict(good, row=2, command="")) + "\n")
            result = run("--log", path)
            self.assertEqual(result.returncode, 1)
            self.assertIn("log.jsonl:2: no 'command'", result.stderr)


if __name__ == "__main__":
    unittest.main()
