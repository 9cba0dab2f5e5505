"""Analysis of one position for the page: the engine's K best stones, each
with its own score, depth and principal variation, improving while the
engine thinks.

All of it goes through analyse(): one streamed multi-PV search
(`rin-analyze interval CS multipv K movetime MS`) whose batches of `info
multipv ...` lines become the candidates as they arrive. The stream ends at
its movetime, when every line is proven, or when the page asks to stop:
the engine then gets a next command line, which ends it at once."""

from rinlib.analysis import parse_streamed
from rinlib.gtp import GARBAGE

from .engine import EngineFailure

# How many stones the page shows: the engine's multipv K.
CANDIDATES = 5
# How often the engine reports, in centiseconds.
INTERVAL_CS = 25
# Beyond the analysis time: for the engine's last batch and its answer to
# the line that stops it.
GRACE_S = 10


class Candidate:
    """One candidate stone as the page shows it: its score in stones for
    the side to move, and whether that score is proven."""

    __slots__ = ("vertex", "score", "exact", "depth", "nodes", "pv")

    def __init__(self, vertex, score, exact, depth, nodes, pv):
        self.vertex = vertex
        self.score = score
        self.exact = exact
        self.depth = depth
        self.nodes = nodes
        self.pv = pv

    @classmethod
    def of(cls, line):
        """The Candidate of a rinlib.analysis.Candidate."""
        return cls(line.vertex, line.score.stones, line.score.final, line.depth, line.nodes, list(line.pv))

    def as_json(self):
        return {"vertex": self.vertex, "score": self.score, "exact": self.exact, "depth": self.depth,
                "nodes": self.nodes, "pv": self.pv}


def parse_info(line):
    """One streamed line: (its rank from 1, the Candidate)."""
    try:
        streamed = parse_streamed(line)
    except ValueError:
        raise EngineFailure(GARBAGE, f"rin-analyze streamed '{line.strip()[:80]}'") from None
    return streamed.rank, Candidate.of(streamed)


class _Batches:
    """Collects the streamed lines into batches, one per report of the
    engine: rank 1 starts a batch, and a batch is whole with K lines, at the
    next rank 1, or at the end of the stream."""

    def __init__(self, on_batch):
        self.on_batch = on_batch
        self.lines = []
        self.last = []

    def add(self, line):
        rank, candidate = parse_info(line)
        if rank == 1:
            self.flush()
        if rank != len(self.lines) + 1:
            raise EngineFailure(GARBAGE, f"rin-analyze streamed line {rank} after {len(self.lines)} lines")
        if any(c.vertex == candidate.vertex for c in self.lines):
            raise EngineFailure(GARBAGE, f"rin-analyze named {candidate.vertex} twice in one batch")
        self.lines.append(candidate)
        if len(self.lines) == CANDIDATES:
            self.flush()

    def flush(self):
        if self.lines:
            self.last, self.lines = self.lines, []
            self.on_batch(self.last)


def analyse(engine, seconds, on_update, stopped):
    """Analyses the engine's current position for at most `seconds`.
    on_update(candidates) gets the engine's candidates, best first, after
    every report that changed them; stopped() is asked while the engine
    thinks, and a true answer ends the analysis within a fraction of a
    second. Returns the last candidates. Raises EngineFailure when the
    engine fails, and ValueError with the engine's reason when it refuses (a
    finished game)."""
    shown = []
    proven = [False]

    def on_batch(candidates):
        nonlocal shown
        if _key(candidates) != _key(shown):
            shown = candidates
            on_update(shown)
        proven[0] = all(c.exact for c in candidates)  # more time changes nothing

    batches = _Batches(on_batch)
    command = f"rin-analyze interval {INTERVAL_CS} multipv {CANDIDATES} movetime {int(seconds * 1000)}"
    response = engine.stream(command, batches.add, lambda: proven[0] or stopped(), timeout=seconds + GRACE_S)
    if not response.ok:
        raise ValueError(response.text)
    batches.flush()
    return shown


def _key(candidates):
    return [(c.vertex, c.score, c.exact, c.depth, c.pv) for c in candidates]
