"""The results of a match, built from its result rows (one per game, as the
results file holds them): a tally per encounter, the endings, the SPRT
decision and the summary that the runner prints. The runner feeds rows as
games finish; `match merge` and `--resume` feed rows read from files, so
that the same rows always give the same report."""

import json

from rinlib.score import result_margin

from .game import BLACK, NORMAL, WHITE
from .report import summary_lines
from .stats import Tally


class ResultsError(Exception):
    """A results file that cannot be read or does not fit."""


def read_results(path):
    """The rows of a results file (JSON lines); raises ResultsError."""
    rows = []
    try:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except ValueError as error:
                    if not line.endswith("\n"):
                        break  # the last line, cut short by an interruption: that game is played again
                    raise ResultsError(f"{path}:{number}: not a JSON line ({error})") from None
                if not isinstance(row, dict) or not isinstance(row.get("game"), int):
                    raise ResultsError(f"{path}:{number}: not a result row (no game number)")
                _complete_row(row)
                rows.append(row)
    except OSError as error:
        raise ResultsError(f"cannot read results file {path}: {error.strerror or error}") from None
    return rows


def _complete_row(row):
    """Rows written before matches had more than two engines name only the
    first engine: the other one is the opponent, engine 1."""
    if "first_engine_index" not in row:
        row["first_engine_index"] = 0
        row["second_engine_index"] = 1
        row["second_engine"] = row["white"] if row["first_engine"] == row["black"] else row["black"]


def engine_names(rows):
    """The engine names by index, as the rows give them; ResultsError when
    rows disagree."""
    names = {}
    for row in rows:
        for key in ("first_engine", "second_engine"):
            index, name = row[key + "_index"], row[key]
            if names.setdefault(index, name) != name:
                raise ResultsError(f"game {row['game']}: engine {index + 1} is '{name}', elsewhere '{names[index]}'")
    if sorted(names) != list(range(len(names))):
        raise ResultsError("the results do not name every engine of the match")
    return [names[index] for index in range(len(names))]


def first_engine_margin(row):
    """The final margin in stones (the first engine's minus the other's) of a
    game that ended on a full board; None for any other ending."""
    if row["reason"] != NORMAL:
        return None
    score = row.get("final_score") or row["result"]
    try:
        return result_margin(score, "B" if row["first_engine_color"] == BLACK else "W")
    except (ValueError, AttributeError):
        return None


class Standings:
    """Tallies per encounter ((first, second) engine indices, in schedule
    order) from the first engine's point of view, endings, and the SPRT of a
    two-engine match, which is checked after every game."""

    def __init__(self, names, encounters, sprt=None):
        self.names = names
        self.encounters = list(encounters)
        self.tallies = {encounter: Tally() for encounter in self.encounters}
        self.reasons = {}
        self.sprt = sprt
        self.decision = None
        self.games = 0
        self._pending_pairs = {}
        self.loads = []  # the machine's load at each game's end (None where unknown)

    @property
    def tally(self):
        """The tally of the first encounter: the whole of a two-engine match."""
        return self.tallies[self.encounters[0]]

    def tally_of(self, row):
        return self.tallies[(row["first_engine_index"], row["second_engine_index"])]

    def add(self, row):
        """Counts one game; returns the SPRT decision once there is one."""
        tally = self.tally_of(row)
        points = row["first_engine_points"]
        tally.add_game(points)
        margin = first_engine_margin(row)
        if margin is not None:
            tally.add_margin(margin)
        self.games += 1
        self.loads.append(row.get("load"))
        other = self._pending_pairs.pop(row["pair"], None)
        if other is None:
            self._pending_pairs[row["pair"]] = points
        else:
            tally.add_pair(other, points)
        if row["reason"] == NORMAL:
            key = NORMAL
        else:
            loser = row[BLACK] if row["winner"] == WHITE else row[WHITE]
            key = f"{row['reason']} ({loser})"
        self.reasons[key] = self.reasons.get(key, 0) + 1
        if self.sprt is not None and self.decision is None:
            self.decision = self.sprt.decision(self.tally)
        return self.decision

    def summary(self, void_games=0, elapsed_s=None):
        if len(self.names) == 2:
            return summary_lines(self.names, self.tally, self.sprt, self.decision, self.reasons, void_games,
                                 elapsed_s, self.loads)
        lines = self._table()
        for first, second in self.encounters:
            lines += summary_lines([self.names[first], self.names[second]], self.tallies[(first, second)])
        return lines + summary_lines(self.names[:2], Tally(), None, None, self.reasons, void_games, elapsed_s,
                                     self.loads)[1:]

    def _table(self):
        """Engines by points (then by name), with games and score."""
        points = [0.0] * len(self.names)
        games = [0] * len(self.names)
        for (first, second), tally in self.tallies.items():
            scored = tally.wins + 0.5 * tally.draws
            points[first] += scored
            points[second] += tally.games - scored
            games[first] += tally.games
            games[second] += tally.games
        order = sorted(range(len(self.names)), key=lambda i: (-points[i], self.names[i]))
        width = max(len(name) for name in self.names)
        lines = [f"Standings ({self.games} games):"]
        for rank, index in enumerate(order, 1):
            score = f"{100.0 * points[index] / games[index]:5.1f} %" if games[index] else "    n/a"
            lines.append(f"{rank:3d}. {self.names[index]:<{width}}  {points[index]:6.1f} / {games[index]:<5d} {score}")
        return lines
