"""Analysis of one position for the page: the engine's K best stones, each
with its own score, depth and principal variation, improving while the
engine thinks.

All of it goes through analyse(): it asks the engine's one-shot multi-PV
search (`rin-analyze multipv K depth D movetime MS`) again and again with a
growing depth (the engine's analysis table keeps what earlier searches
found) and reports the candidates after every answer. Every search is cut to
at most MAX_STEP_MS, so that a click never waits long for the engine."""

import re
import time

from .engine import EngineFailure, parse_score

_ANSWER = re.compile(r"^move (\S+) score (cs -?\d+|final [+-]?\d+) depth (\d+) nodes (\d+) time (\d+) pv ?(.*)$")
# How many stones the page shows: the engine's multipv K.
CANDIDATES = 5
MAX_DEPTH = 64
# A single search answers within this; a longer analysis is cut into steps so
# that the page's next action never waits longer than one step.
MAX_STEP_MS = 1000
FIRST_STEP_MS = 200


class Candidate:
    __slots__ = ("vertex", "score", "exact", "depth", "nodes", "pv")

    def __init__(self, vertex, score, exact, depth, nodes, pv):
        self.vertex = vertex
        self.score = score
        self.exact = exact
        self.depth = depth
        self.nodes = nodes
        self.pv = pv

    def as_json(self):
        return {"vertex": self.vertex, "score": self.score, "exact": self.exact, "depth": self.depth,
                "nodes": self.nodes, "pv": self.pv}


def parse_answer(text):
    """The candidates of one multi-PV answer, one line each, best first."""
    candidates = []
    seen = set()
    for line in text.strip().splitlines():
        match = _ANSWER.match(line.strip())
        if not match:
            raise EngineFailure("garbage output", f"rin-analyze answered '{line.strip()[:80]}'")
        score, exact = parse_score(match.group(2))
        candidate = Candidate(match.group(1), score, exact, int(match.group(3)), int(match.group(4)),
                              match.group(6).split())
        if candidate.vertex in seen:
            raise EngineFailure("garbage output", f"rin-analyze named {candidate.vertex} twice")
        seen.add(candidate.vertex)
        candidates.append(candidate)
    if not candidates:
        raise EngineFailure("garbage output", "rin-analyze answered no candidate")
    return candidates


def analyse(engine, seconds, on_update, stopped):
    """Analyses the engine's current position for at most `seconds`.
    on_update(candidates) gets the engine's candidates, best first, after
    every step; stopped() is asked between steps. Returns the last
    candidates. Raises EngineFailure when the engine fails, and ValueError
    with the engine's reason when it refuses (a finished game)."""
    deadline = time.monotonic() + seconds
    shown = []
    depth = 1
    step_ms = FIRST_STEP_MS
    while not stopped():
        remaining_ms = int((deadline - time.monotonic()) * 1000)
        if remaining_ms <= 0 or depth > MAX_DEPTH:
            break
        limit_ms = max(1, min(remaining_ms, step_ms))
        response = engine.send(f"rin-analyze multipv {CANDIDATES} depth {depth} movetime {limit_ms}",
                               timeout=limit_ms / 1000 + 10)
        if not response.ok:
            raise ValueError(response.text)
        candidates = parse_answer(response.text)
        reached = candidates[0].depth
        # A search cut short before its first iteration ended says less than
        # the deeper one shown already.
        if not shown or reached >= shown[0].depth:
            shown = candidates
            on_update(shown)
        if all(c.exact for c in shown):
            break  # every line proven: more time changes nothing
        if reached >= depth:
            depth = reached + 1
        else:
            step_ms = min(MAX_STEP_MS, step_ms * 2)  # out of time at this depth: more next time
    return shown
