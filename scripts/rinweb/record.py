"""Reads back the game records the engine writes with `printsgf` (the
engine has checked every stone by then): the start position and the
stones. Files from elsewhere are never read here: the engine loads them."""

import re

from rinlib import position

_PROPERTY = re.compile(r"([A-Z]{1,2})((?:\[[^\]]*\])+)")
_VALUE = re.compile(r"\[([^\]]*)\]")


def read_engine_sgf(text):
    """(start position string, [(color, vertex), ...]) of an SGF written by
    the engine (which writes no KM: Rin has no komi)."""
    size = 16
    start = None
    moves = []
    for node in text.split(";")[1:]:
        for name, values in _PROPERTY.findall(node):
            value = _VALUE.findall(values)[0]
            if name == "SZ":
                size = int(value)
            elif name == "RP":
                start = value
            elif name in ("B", "W"):
                moves.append((name.lower(), _sgf_to_vertex(value, size)))
    if start is None:
        start = position.empty_board(size)
    position.parse(start)
    return start, moves


def _sgf_to_vertex(point, size):
    if len(point) != 2:
        raise ValueError(f"not an SGF point: {point!r}")
    column = ord(point[0]) - ord("a")
    row = ord(point[1]) - ord("a")
    if not (0 <= column < size and 0 <= row < size):
        raise ValueError(f"SGF point {point!r} is off the board")
    return position.index_to_vertex(column, row, size)
