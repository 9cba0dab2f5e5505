"""Scores and results, read one way by every script.

The engine reports a score for the side to move in one of two forms
(protocol/PROTOCOL.md, "Scores"):
- `cs N`: an estimate in centistones (100 = one stone of difference);
- `final N`: a proven result, the exact final margin in stones under perfect
  play (`final +3`, `final -2`, and `final 0` for a proven draw).
A finished game's result, as `final_score` and SGF RE[] give it, is `B+n`,
`W+n` or `0`.

A Score keeps both forms as a margin in stones and whether it is proven;
`rank` orders them as the engine does: a proven win above every estimate,
a proven loss below, a proven draw level with an estimate of 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PATTERN = r"(?:cs -?\d+|final [+-]?\d+)"
"""A score as the engine writes it, for use inside a larger expression."""

_FULL = re.compile(r"(cs) (-?\d+)|(final) ([+-]?\d+)")
_RESULT = re.compile(r"([BW])\+(\d+(?:\.\d+)?)")
# Proven results rank beyond any estimate: more stones than a board holds.
_PROVEN_RANK = 1000.0


@dataclass(frozen=True)
class Score:
    """A margin in stones for one side; `final` when it is proven."""

    stones: float
    final: bool = False

    @property
    def rank(self) -> float:
        """A number that orders scores as the engine does (stones, with
        proven wins and losses beyond every estimate)."""
        if self.final and self.stones > 0:
            return _PROVEN_RANK + self.stones
        if self.final and self.stones < 0:
            return -_PROVEN_RANK + self.stones
        return self.stones

    def negated(self) -> Score:
        """The same score for the other side."""
        return Score(0.0 - self.stones, self.final)

    def __str__(self) -> str:
        if self.final:
            return "final 0" if self.stones == 0 else f"final {self.stones:+g}"
        return f"{self.stones:+.2f}"


def parse(text: str) -> Score:
    """'cs 35' or 'final +3' as a Score; ValueError for anything else."""
    match = _FULL.fullmatch(text.strip())
    if not match:
        raise ValueError(f"not a score: '{text}'")
    if match.group(1):
        return Score(int(match.group(2)) / 100.0)
    return Score(float(int(match.group(4))), True)


def result_margin(result: str, color: str = "B") -> float:
    """A game result ('B+3', 'W+2.5', '0') as the margin for `color` ('B'
    or 'W'); ValueError for anything else (a resignation, a time loss)."""
    if color not in ("B", "W"):
        raise ValueError(f"not a colour: '{color}'")
    text = result.strip()
    if text == "0":
        return 0.0
    match = _RESULT.fullmatch(text)
    if not match:
        raise ValueError(f"not a final score: '{result}'")
    margin = float(match.group(2))
    return margin if match.group(1) == color else 0.0 - margin
