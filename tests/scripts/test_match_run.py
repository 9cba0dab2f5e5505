"""End-to-end tests of scripts/match: real matches between rin processes
through pipes, checked through the results file, the SGF records (parsed
and replayed here into a fresh rin) and the printed summary; broken engines
(fake_engine.py) must lose their games without stopping the match.

The rin binary comes from $RIN_BINARY (ctest sets it), else build/rin."""

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))
MATCH = os.path.join(ROOT, "scripts", "match")
FAKE_ENGINE = os.path.join(HERE, "fake_engine.py")
RIN = os.environ.get("RIN_BINARY") or os.path.join(ROOT, "build", "rin")
GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

ROW_FIELDS = {
    "game", "pair", "opening", "black", "white", "first_engine", "first_engine_color", "result", "winner",
    "reason", "detail", "first_engine_points", "stones", "moves", "time_used", "final_score", "final_position", "sgf",
    "round", "first_engine_index", "second_engine", "second_engine_index", "load",
}


def rin(*args):
    return shlex.join([RIN, *args])


def fake(mode, trigger, *extra):
    return shlex.join([sys.executable, FAKE_ENGINE, mode, str(trigger), *extra, "--", RIN, "--player", "random"])


def run_match(*args, timeout=60):
    return subprocess.run([sys.executable, MATCH, *args], capture_output=True, text=True, timeout=timeout)


def read_rows(path):
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def color_to_move(ply):
    """Rin's turn order from engine/RULES.md: B, W W, B B, ..."""
    if ply == 0:
        return "black"
    return "white" if ((ply + 1) // 2) % 2 == 1 else "black"


def parse_sgf(text):
    """The nodes of a single-line SGF game tree, each a dict from property
    name to its list of values."""
    text = text.strip()
    if not (text.startswith("(;") and text.endswith(")")):
        raise ValueError("not an SGF game tree")
    nodes, position = [], 1
    property_name = None
    while position < len(text) - 1:
        char = text[position]
        if char == ";":
            nodes.append({})
            position += 1
        elif char.isspace():
            position += 1
        elif char.isupper():
            end = position
            while text[end].isupper():
                end += 1
            property_name = text[position:end]
            nodes[-1][property_name] = []
            position = end
        elif char == "[":
            value, position = [], position + 1
            while text[position] != "]":
                if text[position] == "\\":
                    position += 1
                value.append(text[position])
                position += 1
            nodes[-1][property_name].append("".join(value))
            position += 1
        else:
            raise ValueError(f"unexpected {char!r} at {position}")
    return nodes


def vertex_of_point(point, size):
    return f"{GTP_COLUMNS[ord(point[0]) - ord('a')]}{size - (ord(point[1]) - ord('a'))}"


def sgf_moves(nodes, size):
    moves = []
    for node in nodes[1:]:
        for color, name in (("black", "B"), ("white", "W")):
            if name in node:
                moves.append((color, vertex_of_point(node[name][0], size)))
    return moves


class Rin:
    """A plain GTP conversation with a fresh rin process."""

    def __init__(self):
        self.process = subprocess.Popen([RIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise RuntimeError("rin exited")
            if not line.strip():
                if lines:
                    break
                continue
            lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        return answer[0] == "=", answer[1:].strip()

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=5)
        self.process.stdout.close()


def rin_available():
    return os.access(RIN, os.X_OK)


@unittest.skipUnless(rin_available(), f"no rin binary at {RIN}")
class MatchTestCase(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.results = os.path.join(self.directory.name, "results.jsonl")
        self.sgf_dir = os.path.join(self.directory.name, "sgf")

    def tearDown(self):
        self.directory.cleanup()

    def read_sgf(self, row):
        with open(os.path.join(self.sgf_dir, row["sgf"]), encoding="utf-8") as handle:
            return parse_sgf(handle.read())


class RandomVersusGreedyTest(MatchTestCase):
    """One match, played once for all the tests of the class."""

    SIZE = 8

    @classmethod
    def setUpClass(cls):
        cls.match_directory = tempfile.TemporaryDirectory()
        results = os.path.join(cls.match_directory.name, "results.jsonl")
        cls.match_sgf_dir = os.path.join(cls.match_directory.name, "sgf")
        cls.completed = run_match(
            "--engine", rin("--player", "random"), "random", "--engine", rin("--player", "greedy"), "greedy",
            "--referee", RIN, "--size", str(cls.SIZE), "--pairs", "3", "--concurrency", "2", "--plies", "4",
            "--seed", "7", "--results", results, "--sgf-dir", cls.match_sgf_dir)
        cls.rows = sorted(read_rows(results), key=lambda row: row["game"]) if os.path.exists(results) else []

    @classmethod
    def tearDownClass(cls):
        cls.match_directory.cleanup()

    def setUp(self):
        super().setUp()
        self.sgf_dir = self.match_sgf_dir
        self.assertEqual(self.completed.returncode, 0, self.completed.stderr)

    def test_summary(self):
        out = self.completed.stdout
        self.assertIn("Score of random vs greedy:", out)
        self.assertRegex(out, r"Elo difference: .*trinomial")
        self.assertRegex(out, r"Elo difference: .*pentanomial \(3 pairs\)")
        self.assertRegex(out, r"LOS: \d+\.\d %")
        self.assertRegex(out, r"Pairs \[LL LD DD\+WL WD WW\]: \[\d+ \d+ \d+ \d+ \d+\]")
        self.assertRegex(out, r"Margins: median [+-]\d+, mean [+-]\d+\.\d stones \(6 full boards\); "
                              r"won by 2 or fewer: \d+ of \d+, lost by 2 or fewer: \d+ of \d+")
        self.assertRegex(out, r"Machine load at the games' ends: median \d+\.\d\d, max \d+\.\d\d "
                              r"\(1-minute load average, \d+ processors\)")
        self.assertNotIn("Traceback", self.completed.stderr)

    def test_results_file(self):
        self.assertEqual([row["game"] for row in self.rows], [1, 2, 3, 4, 5, 6])
        for row in self.rows:
            self.assertEqual(set(row), ROW_FIELDS)
            self.assertEqual(row["reason"], "normal")
            self.assertEqual(row["result"], row["final_score"])
            # the winner as the referee's gogui-rules_final_result (B+n,
            # W+n or draw) gives it
            self.assertEqual(row["winner"], {"B": "black", "W": "white", "0": "draw"}[row["result"][0]])
            self.assertEqual(row["stones"], len(row["moves"]))
            self.assertGreater(row["stones"], 0)
            self.assertEqual(set(row["time_used"]), {"black", "white"})
            self.assertGreaterEqual(row["load"], 0.0)
            self.assertEqual(row["first_engine"], "random")
            first_is_black = row["game"] % 2 == 1
            self.assertEqual(row["first_engine_color"], "black" if first_is_black else "white")
            expected_colors = ("random", "greedy") if first_is_black else ("greedy", "random")
            self.assertEqual((row["black"], row["white"]), expected_colors)
            self.assertEqual(len(row["opening"]["moves"]), 4)

    def test_pairs_share_their_opening(self):
        for first, second in zip(self.rows[0::2], self.rows[1::2]):
            self.assertEqual(first["pair"], second["pair"])
            self.assertEqual(first["opening"], second["opening"])
        self.assertNotEqual(self.rows[0]["opening"], self.rows[2]["opening"])

    def test_greedy_scores_well(self):
        greedy_points = sum(1.0 - row["first_engine_points"] for row in self.rows)
        self.assertGreaterEqual(greedy_points, 4.5)

    def test_moves_follow_the_turn_order(self):
        for row in self.rows:
            colors = [color for color, _ in row["opening"]["moves"] + row["moves"]]
            self.assertEqual(colors, [color_to_move(ply) for ply in range(len(colors))])

    def test_sgf_records_replay_to_the_recorded_end(self):
        for row in self.rows:
            nodes = self.read_sgf(row)
            root = nodes[0]
            self.assertEqual(root["FF"], ["4"])
            self.assertEqual(root["SZ"], [str(self.SIZE)])
            self.assertEqual(root["RU"], ["Rin"])
            self.assertEqual((root["PB"], root["PW"]), ([row["black"]], [row["white"]]))
            self.assertEqual(root["RE"], [row["result"]])
            self.assertIn("C", nodes[-1])
            moves = sgf_moves(nodes, self.SIZE)
            self.assertEqual(moves, [tuple(m) for m in row["opening"]["moves"] + row["moves"]])
            referee = Rin()
            try:
                self.assertEqual(referee.ask(f"boardsize {self.SIZE}"), (True, ""))
                for color, vertex in moves:
                    self.assertEqual(referee.ask(f"play {color} {vertex}"), (True, ""), vertex)
                self.assertEqual(referee.ask("rin-position"), (True, row["final_position"]))
                self.assertEqual(referee.ask("final_score"), (True, root["RE"][0]))
                self.assertNotEqual(referee.ask("gogui-rules_final_result"), (True, "unknown"))
            finally:
                referee.close()


class BrokenEngineTest(MatchTestCase):
    """Each fake misbehaves at its third genmove of every game: it loses
    every game, with the right reason, and the match plays on."""

    def check_fake_loses_every_game(self, mode, reason, *match_args, sgf_result="Forfeit"):
        completed = run_match(
            "--engine", fake(mode, 3), "fake", "--engine", rin("--player", "random"), "random",
            "--referee", RIN, "--size", "6", "--pairs", "2", "--concurrency", "2",
            "--results", self.results, "--sgf-dir", self.sgf_dir, *match_args)
        self.assertEqual(completed.returncode, 0, completed.stderr)
        self.assertNotIn("Traceback", completed.stderr)
        rows = read_rows(self.results)
        self.assertEqual(len(rows), 4)
        for row in rows:
            self.assertEqual(row["first_engine_points"], 0.0)
            self.assertEqual(row["reason"], reason)
            fake_color = row["first_engine_color"]
            self.assertEqual(row["winner"], "white" if fake_color == "black" else "black")
            self.assertEqual(row["result"], f"{row['winner'][0].upper()}+{sgf_result}")
            self.assertTrue(row["detail"].startswith(fake_color), row["detail"])
            self.assertGreaterEqual(sum(1 for color, _ in row["moves"] if color == fake_color), 2)
            self.assertEqual(self.read_sgf(row)[0]["RE"], [row["result"]])
        self.assertIn(f"{reason} (fake) 4", completed.stdout)
        return rows

    def test_occupied_point(self):
        rows = self.check_fake_loses_every_game("occupied", "illegal move")
        self.assertTrue(all("occupied" in row["detail"] for row in rows))

    def test_crash(self):
        rows = self.check_fake_loses_every_game("crash", "engine died")
        self.assertTrue(all("exited with status 3" in row["detail"] for row in rows))

    def test_garbage(self):
        self.check_fake_loses_every_game("garbage", "garbage output")

    def test_error_answer(self):
        self.check_fake_loses_every_game("error", "error answer")

    def test_too_slow(self):
        # the fake sleeps 2 s at its third stone; its first two take milliseconds
        self.check_fake_loses_every_game("slow", "time forfeit", "--movetime", "300", "--margin", "200",
                                         sgf_result="Time")


def sent_to(log_path, name):
    """The commands the GTP log shows sent to the engine process `name`."""
    commands = []
    with open(log_path, encoding="utf-8") as handle:
        for line in handle:
            match = re.match(rf"^\S+ \[\d+\] {re.escape(name)} > \d+ (.*)$", line.rstrip("\n"))
            if match:
                commands.append(match.group(1))
    return commands


class TimeControlTest(MatchTestCase):
    """The runner tells the engines the time: with --movetime as Canadian
    byo-yomi of one stone, in decimal seconds, before every genmove; an
    engine that knows no time commands is told nothing and plays all the
    same."""

    def test_engines_are_told_the_time_per_stone(self):
        log = os.path.join(self.directory.name, "gtp.log")
        completed = run_match(
            "--engine", rin("--player", "search"), "search", "--engine", rin("--player", "mcts"), "mcts",
            "--referee", RIN, "--size", "8", "--games", "2", "--movetime", "100", "--results", self.results,
            "--gtp-log", log)
        self.assertEqual(completed.returncode, 0, completed.stderr)
        rows = read_rows(self.results)
        self.assertEqual([row["reason"] for row in rows], ["normal", "normal"], [row["detail"] for row in rows])
        for name in ("search", "mcts"):
            commands = sent_to(log, name)
            self.assertEqual(commands.count("time_settings 0 0.1 1"), 2, name)
            for before, command in zip(commands, commands[1:]):
                if command.startswith("genmove"):
                    self.assertEqual(before, f"time_left {command.split()[1]} 0.1 1", name)

    def test_engine_without_time_commands_still_plays(self):
        log = os.path.join(self.directory.name, "gtp.log")
        for control in (["--movetime", "200"], ["--tc", "30+1"]):
            completed = run_match(
                "--engine", fake("notime", 0), "fake", "--engine", rin("--player", "random", "--movetime", "10"),
                "random", "--referee", RIN, "--size", "6", "--games", "2", "--results", self.results,
                "--gtp-log", log, *control)
            self.assertEqual(completed.returncode, 0, completed.stderr)
            rows = read_rows(self.results)
            self.assertEqual([row["reason"] for row in rows], ["normal", "normal"], [row["detail"] for row in rows])
            self.assertFalse([c for c in sent_to(log, "fake") if c.startswith("time_")], control)
            self.assertTrue([c for c in sent_to(log, "random") if c.startswith("time_settings")], control)


class PositionOpeningsTest(MatchTestCase):
    def test_openings_file(self):
        referee = Rin()
        try:
            referee.ask("boardsize 6")
            for move in ("play b C3", "play w D4", "play w E5"):
                self.assertTrue(referee.ask(move)[0])
            position = referee.ask("rin-position")[1]
        finally:
            referee.close()
        openings = os.path.join(self.directory.name, "openings.txt")
        with open(openings, "w", encoding="utf-8") as handle:
            handle.write(f"# two openings\n{position}\n\n6/6/6/6/6/6 b 1\n")
        completed = run_match(
            "--engine", rin("--player", "greedy"), "--engine", rin("--player", "random"), "--referee", RIN,
            "--openings", openings, "--games", "6", "--results", self.results, "--sgf-dir", self.sgf_dir)
        self.assertEqual(completed.returncode, 0, completed.stderr)
        rows = sorted(read_rows(self.results), key=lambda row: row["game"])
        self.assertEqual([row["opening"]["line"] for row in rows], [2, 2, 4, 4, 2, 2])
        self.assertEqual(rows[0]["opening"]["position"], position)
        for row in rows:
            root, *_ = nodes = self.read_sgf(row)
            self.assertEqual(root["SZ"], ["6"])
            self.assertIn(f"opening position: {row['opening']['position']}", root["GC"][0])
            if row["opening"]["line"] == 2:
                self.assertEqual(sorted(root["AB"]), ["cd"])
                self.assertEqual(sorted(root["AW"]), ["dc", "eb"])
                self.assertEqual(root["PL"], ["B"])
            referee = Rin()
            try:
                self.assertTrue(referee.ask(f"rin-setposition {row['opening']['position']}")[0])
                for color, vertex in sgf_moves(nodes, 6):
                    self.assertEqual(referee.ask(f"play {color} {vertex}"), (True, ""))
                self.assertEqual(referee.ask("rin-position"), (True, row["final_position"]))
            finally:
                referee.close()


class SprtStopTest(MatchTestCase):
    def test_stops_when_decided(self):
        completed = run_match(
            "--engine", rin("--player", "greedy"), "greedy", "--engine", rin("--player", "random"), "random",
            "--referee", RIN, "--size", "6", "--pairs", "100", "--concurrency", "2",
            "--sprt", "0", "100", "0.05", "0.05", "--results", self.results)
        self.assertEqual(completed.returncode, 0, completed.stderr)
        self.assertRegex(completed.stdout, r"SPRT: elo0 0, elo1 100, alpha 0.05, beta 0.05: LLR [\d.]+ "
                                           r"\(-2.94, 2.94\), H1 accepted")
        self.assertLess(len(read_rows(self.results)), 100)


def summary_of(stdout):
    """The report a match prints at its end, without the time it took and
    the machine's load, which no two runs share."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(("Score of", "Standings")))
    return [line for line in lines[start:] if not line.startswith(("Time:", "Machine load"))]


class ShardTest(MatchTestCase):
    """Tiny deterministic engines (fixed-node searches, which forget the
    previous game at clear_board), so that a game depends only on its
    opening and colours: shards and resumed runs must give exactly what one
    run gives."""

    ENGINES = ["--engine", rin("--player", "search", "--nodes", "30", "--hash", "1"), "n30",
               "--engine", rin("--player", "search", "--nodes", "90", "--hash", "1"), "n90"]
    GAMES = ["--referee", RIN, "--size", "6", "--pairs", "7", "--seed", "5"]

    @classmethod
    def setUpClass(cls):
        """The whole match in one run, once for all the tests."""
        cls.single_directory = tempfile.TemporaryDirectory()
        cls.single_results = os.path.join(cls.single_directory.name, "single.jsonl")
        cls.single = run_match(*cls.ENGINES, *cls.GAMES, "--results", cls.single_results)

    @classmethod
    def tearDownClass(cls):
        cls.single_directory.cleanup()

    def setUp(self):
        super().setUp()
        self.assertEqual(self.single.returncode, 0, self.single.stderr)

    def play(self, *extra):
        completed = run_match(*self.ENGINES, *self.GAMES, *extra)
        self.assertEqual(completed.returncode, 0, completed.stderr)
        return completed

    def test_shards_merge_to_the_single_run(self):
        single = self.single
        shard_files = []
        for index in (1, 2, 3):
            path = os.path.join(self.directory.name, f"shard{index}.jsonl")
            completed = self.play("--shard", f"{index}/3", "--results", path)
            self.assertIn(f"shard {index}/3", completed.stdout)
            shard_files.append(path)
        shard_rows = [read_rows(path) for path in shard_files]
        # disjoint whole pairs: pair p in shard p % 3
        for index, rows in enumerate(shard_rows):
            self.assertTrue(rows)
            self.assertEqual({(row["pair"] - 1) % 3 for row in rows}, {index})
        merged = run_match("merge", *reversed(shard_files))
        self.assertEqual(merged.returncode, 0, merged.stderr)
        self.assertEqual(summary_of(merged.stdout), summary_of(single.stdout))
        # the games themselves are those of the single run
        by_game = {row["game"]: row for rows in shard_rows for row in rows}
        for row in read_rows(self.single_results):
            self.assertEqual(by_game[row["game"]]["moves"], row["moves"])
            self.assertEqual(by_game[row["game"]]["opening"], row["opening"])
        # the first engine both wins and loses, or the comparison above proves little
        points = {row["first_engine_points"] for row in by_game.values()}
        self.assertTrue({0.0, 1.0} <= points, points)

    def test_merge_with_sprt_stops_where_one_run_stops(self):
        rows = read_rows(self.single_results)
        merged = run_match("merge", "--sprt", "-400", "-300", "0.4", "0.4", self.single_results)
        self.assertEqual(merged.returncode, 0, merged.stderr)
        self.assertIn("H1 accepted", merged.stdout)
        counted = int(re.search(r"\]  (\d+) games", merged.stdout).group(1))
        self.assertLess(counted, len(rows))
        self.assertIn(f"{len(rows) - counted} later games left out", merged.stderr)
        # one run with that SPRT stops at the same game with the same report
        stopped = self.play("--sprt", "-400", "-300", "0.4", "0.4")
        self.assertEqual(summary_of(merged.stdout), summary_of(stopped.stdout))

    def test_merge_refuses_a_game_twice(self):
        path = os.path.join(self.directory.name, "shard1.jsonl")
        self.play("--shard", "1/3", "--results", path)
        merged = run_match("merge", path, path)
        self.assertEqual(merged.returncode, 1)
        self.assertIn("game 1 is in", merged.stderr)

    def test_resume_plays_only_the_missing_games(self):
        single = self.single
        with open(self.single_results, encoding="utf-8") as handle:
            lines = handle.readlines()
        partial = os.path.join(self.directory.name, "partial.jsonl")
        with open(partial, "w", encoding="utf-8") as handle:
            handle.writelines(lines[:5])
            handle.write(lines[5][:40])  # stopped while writing game 6
        resumed = self.play("--resume", partial)
        self.assertIn("resumed after 5 games", resumed.stdout)
        self.assertEqual(len(re.findall(r"^game \d+ ", resumed.stdout, re.M)), len(lines) - 5)
        self.assertEqual(summary_of(resumed.stdout), summary_of(single.stdout))
        rows = read_rows(partial)
        self.assertEqual(sorted(row["game"] for row in rows), list(range(1, len(lines) + 1)))


class ManyEnginesTest(MatchTestCase):
    ENGINES = ["--engine", rin("--player", "greedy"), "greedy", "--engine", rin("--player", "random"), "random",
               "--engine", rin("--player", "search", "--nodes", "50", "--hash", "1"), "search"]

    def test_round_robin(self):
        completed = run_match(*self.ENGINES, "--referee", RIN, "--size", "5", "--pairs", "2",
                              "--results", self.results)
        self.assertEqual(completed.returncode, 0, completed.stderr)
        rows = read_rows(self.results)
        self.assertEqual(len(rows), 12)
        meetings = {}
        for row in rows:
            key = (row["first_engine"], row["second_engine"])
            meetings[key] = meetings.get(key, 0) + 1
            self.assertIn(row["first_engine"], (row["black"], row["white"]))
            self.assertIn(row["second_engine"], (row["black"], row["white"]))
        self.assertEqual(meetings, {("greedy", "random"): 4, ("greedy", "search"): 4, ("random", "search"): 4})
        # every encounter plays the same openings
        openings = {}
        for row in rows:
            openings.setdefault(row["round"], set()).add(row["opening"]["position"])
        self.assertEqual(sorted(openings), [1, 2])
        self.assertTrue(all(len(positions) == 1 for positions in openings.values()))
        self.assertIn("Standings (12 games):", completed.stdout)
        for first, second in meetings:
            self.assertIn(f"Score of {first} vs {second}:", completed.stdout)
        table = re.findall(r"^\s+\d\. (\w+)\s+([\d.]+) / (\d+)", completed.stdout, re.M)
        self.assertEqual(sorted(name for name, _, _ in table), ["greedy", "random", "search"])
        self.assertEqual(sum(float(points) for _, points, _ in table), 12.0)
        self.assertTrue(all(games == "8" for _, _, games in table))

    def test_gauntlet(self):
        completed = run_match(*self.ENGINES, "--referee", RIN, "--size", "5", "--pairs", "1",
                              "--tournament", "gauntlet", "--results", self.results)
        self.assertEqual(completed.returncode, 0, completed.stderr)
        rows = read_rows(self.results)
        self.assertEqual({(row["first_engine"], row["second_engine"]) for row in rows},
                         {("greedy", "random"), ("greedy", "search")})
        self.assertEqual(len(rows), 4)
        self.assertIn("(gauntlet)", completed.stdout)


class UsageTest(MatchTestCase):
    def test_bad_arguments(self):
        cases = [
            (["--engine", RIN, "--games", "4"], "at least twice"),
            (["--engine", RIN, "--engine", RIN, "--shard", "3/2"], "--shard 3/2"),
            (["--engine", RIN, "--engine", RIN, "--shard", "1/2", "--sprt", "0", "5", "0.05", "0.05"],
             "match merge"),
            (["--engine", RIN, "--engine", RIN, "--engine", RIN, "--sprt", "0", "5", "0.05", "0.05"],
             "exactly two engines"),
            (["--engine", RIN, "--engine", RIN, "--games", "3"], "--games 3"),
            (["--engine", RIN, "--engine", RIN, "--size", "20"], "--size 20"),
            (["--engine", RIN, "--engine", RIN, "--tc", "fast"], "--tc fast"),
            (["--engine", RIN, "--engine", RIN, "--sprt", "5", "0", "0.05", "0.05"], "ELO0 must be below ELO1"),
            (["--engine", RIN, "--engine", RIN, "--movetime", "100", "--tc", "10"], "not allowed with"),
        ]
        for args, message in cases:
            with self.subTest(args=args):
                completed = run_match(*args)
                self.assertEqual(completed.returncode, 2)
                self.assertIn(message, completed.stderr)

    def test_engine_that_cannot_start(self):
        missing = os.path.join(self.directory.name, "no-such-engine")
        completed = run_match("--engine", missing, "--engine", RIN, "--referee", RIN, "--size", "6", "--games", "2")
        self.assertEqual(completed.returncode, 1)
        self.assertIn("cannot use engine", completed.stderr)
        self.assertNotIn("Traceback", completed.stderr)

    def test_help(self):
        completed = run_match("--help")
        self.assertEqual(completed.returncode, 0)
        for option in ("--engine", "--referee", "--size", "--openings", "--plies", "--seed", "--movetime", "--tc",
                       "--margin", "--concurrency", "--sprt", "--games", "--pairs", "--sgf-dir", "--results"):
            self.assertIn(option, completed.stdout)


class InterruptTest(MatchTestCase):
    MARKER = "424242"  # a seed no other process uses: finds leftover engines

    def test_ctrl_c_prints_totals_and_stops_engines(self):
        process = subprocess.Popen(
            [sys.executable, MATCH, "--engine", rin("--player", "greedy", "--seed", self.MARKER), "--engine",
             rin("--player", "random", "--seed", self.MARKER), "--referee", RIN, "--size", "16", "--pairs", "10000",
             "--concurrency", "2", "--results", self.results],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if os.path.exists(self.results) and len(read_rows_safely(self.results)) >= 2:
                break
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
        self.assertEqual(process.returncode, 130, err)
        self.assertNotIn("Traceback", err)
        self.assertIn("Stopped by the user", out)
        games = int(re.search(r"Score of .*\s(\d+) games", out).group(1))
        self.assertGreaterEqual(games, 2)
        self.assertEqual(games, len(read_rows(self.results)))
        time.sleep(0.2)
        self.assertEqual(processes_with_argument(self.MARKER), [])


def read_rows_safely(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return [line for line in handle if line.endswith("\n")]
    except OSError:
        return []


def processes_with_argument(argument):
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                words = handle.read().split(b"\0")
        except OSError:
            continue
        if argument.encode() in words:
            found.append(pid)
    return found


if __name__ == "__main__":
    unittest.main()
