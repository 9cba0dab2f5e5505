"""Analysis of one position for the page: candidates (stone, score, depth,
principal variation) that improve while the engine thinks.

All of it goes through analyse(): today the engine answers one search per
`rin-analyze`, so analyse() asks again with a growing depth (the engine's
hash table keeps what earlier searches found) and reports after every
answer. An engine that streams its analysis will only need a new body for
this one function."""

import re
import time

from .engine import EngineFailure, parse_score

_ANSWER = re.compile(r"^move (\S+) score (cs -?\d+|final [+-]?\d+) depth (\d+) nodes (\d+) time (\d+) pv ?(.*)$")
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
    match = _ANSWER.match(text.strip())
    if not match:
        raise EngineFailure("garbage output", f"rin-analyze answered '{text[:80]}'")
    score, exact = parse_score(match.group(2))
    return Candidate(match.group(1), score, exact, int(match.group(3)), int(match.group(4)), match.group(6).split())


def analyse(engine, seconds, on_update, stopped):
    """Analyses the engine's current position for at most `seconds`.
    on_update(candidates) gets the candidates, best first, after every step;
    stopped() is asked between steps. Returns the last candidates. Raises
    EngineFailure when the engine fails, and ValueError with the engine's
    reason when it refuses (a finished game)."""
    deadline = time.monotonic() + seconds
    found = {}
    best = None
    depth = 1
    step_ms = FIRST_STEP_MS
    while not stopped():
        remaining_ms = int((deadline - time.monotonic()) * 1000)
        if remaining_ms <= 0 or depth > MAX_DEPTH:
            break
        limit_ms = max(1, min(remaining_ms, step_ms))
        response = engine.send(f"rin-analyze depth {depth} movetime {limit_ms}", timeout=limit_ms / 1000 + 10)
        if not response.ok:
            raise ValueError(response.text)
        candidate = parse_answer(response.text)
        found[candidate.vertex] = candidate
        best = candidate
        on_update(_ranked(found, best))
        if candidate.exact:
            break  # proven: more time changes nothing
        if candidate.depth >= depth:
            depth = candidate.depth + 1
        else:
            step_ms = min(MAX_STEP_MS, step_ms * 2)  # out of time at this depth: more next time
    return _ranked(found, best)


def _ranked(found, best):
    # The newest answer is the engine's choice; earlier choices follow, the
    # deepest first, each with the score it had when it was the choice.
    others = sorted((c for c in found.values() if c is not best), key=lambda c: (-c.depth, -c.score))
    return ([best] if best else []) + others
