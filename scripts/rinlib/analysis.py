"""The engine's search reports, read one way (protocol/PROTOCOL.md, "Analysis"):
- the answer of a one-shot `rin-analyze`, one line a candidate, best first:
  `move V score S depth D nodes N time T pv ...`;
- a streamed `rin-analyze interval CS`, one batch of lines a report:
  `info multipv K move V score S depth D seldepth SD nodes N nps X time T pv ...`;
- the progress of a search on stderr (genmove, pondering):
  `info depth D seldepth SD score S nodes N nps X time T hashfull H pv ...`.
Every score is a rinlib.score.Score for the side to move of the position
searched. A line that is none of these is a ValueError."""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import score as _score
from .score import Score

_SCORE = _score.PATTERN
# The PV may be empty: the engine then ends the line with "pv ".
_ANSWER = re.compile(rf"move (\S+) score ({_SCORE}) depth (\d+) nodes (\d+) time (\d+) pv ?(.*)")
_STREAMED = re.compile(rf"info multipv (\d+) move (\S+) score ({_SCORE}) depth (\d+) seldepth (\d+) nodes (\d+) "
                       rf"nps (\d+) time (\d+) pv ?(.*)")
_PROGRESS = re.compile(rf"info depth (\d+) seldepth (\d+) score ({_SCORE}) nodes (\d+) nps (\d+) time (\d+) "
                       rf"hashfull (\d+) pv ?(.*)")


@dataclass(frozen=True)
class Candidate:
    """One candidate stone of an analysis: its line's score, the search's
    depth, nodes and time so far, and the line itself (starting with
    `vertex`). rank: 1 for the best. seldepth and nps only come with
    streamed lines."""

    rank: int
    vertex: str
    score: Score
    depth: int
    nodes: int
    time_ms: int
    pv: tuple[str, ...]
    seldepth: int | None = None
    nps: int | None = None


@dataclass(frozen=True)
class Progress:
    """One progress report of a search: its best line so far."""

    depth: int
    seldepth: int
    score: Score
    nodes: int
    nps: int
    time_ms: int
    hashfull: int
    pv: tuple[str, ...]


def parse_answer(text: str) -> list[Candidate]:
    """The candidates of a one-shot rin-analyze answer (without the '='),
    best first."""
    lines = [line for line in text.strip().split("\n") if line.strip()]
    if not lines:
        raise ValueError("an empty analysis")
    return [parse_answer_line(line, rank) for rank, line in enumerate(lines, 1)]


def parse_answer_line(line: str, rank: int = 1) -> Candidate:
    """One line of a one-shot rin-analyze answer, the rank-th."""
    match = _ANSWER.fullmatch(line.strip())
    if not match:
        raise ValueError(f"not an analysis line: '{line.strip()}'")
    vertex, text, depth, nodes, time_ms, pv = match.groups()
    return Candidate(rank, vertex, _score.parse(text), int(depth), int(nodes), int(time_ms), tuple(pv.split()))


def parse_streamed(line: str) -> Candidate:
    """One line of a streamed rin-analyze (`info multipv K ...`)."""
    match = _STREAMED.fullmatch(line.strip())
    if not match:
        raise ValueError(f"not a streamed analysis line: '{line.strip()}'")
    rank, vertex, text, depth, seldepth, nodes, nps, time_ms, pv = match.groups()
    return Candidate(int(rank), vertex, _score.parse(text), int(depth), int(nodes), int(time_ms),
                     tuple(pv.split()), int(seldepth), int(nps))


def parse_progress(line: str) -> Progress:
    """One progress line of a search (`info depth D ...`)."""
    match = _PROGRESS.fullmatch(line.strip())
    if not match:
        raise ValueError(f"not a search progress line: '{line.strip()}'")
    depth, seldepth, text, nodes, nps, time_ms, hashfull, pv = match.groups()
    return Progress(int(depth), int(seldepth), _score.parse(text), int(nodes), int(nps), int(time_ms),
                    int(hashfull), tuple(pv.split()))
