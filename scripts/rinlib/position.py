"""Position strings (protocol/PROTOCOL.md, "Position strings"), as the engine writes them
with rin-position: read into a board that can be counted and compared, and
the few derived strings and vertex conversions the scripts need."""

from __future__ import annotations

import re

MIN_SIZE = 4
MAX_SIZE = 16
COLUMNS = "ABCDEFGHJKLMNOPQ"  # GTP columns skip I

_FORM = re.compile(r"[0-9xo/]{1,400} [bw] [12]")


class Position:
    """rows: the N rows from the top, each a string of '.', 'x' (black) and
    'o' (white); to_move: 'b' or 'w'; stone: 1 or 2 (which stone of the
    turn comes next)."""

    __slots__ = ("rows", "to_move", "stone")

    def __init__(self, rows: list[str], to_move: str, stone: int) -> None:
        self.rows = rows
        self.to_move = to_move
        self.stone = stone

    @property
    def size(self) -> int:
        return len(self.rows)

    def count(self, color: str) -> int:
        mark = "x" if color == "b" else "o"
        return sum(row.count(mark) for row in self.rows)

    @property
    def empty(self) -> int:
        return sum(row.count(".") for row in self.rows)

    @property
    def over(self) -> bool:
        return self.empty == 0

    def at(self, vertex: str) -> str:
        column, row = vertex_to_index(vertex, self.size)
        return self.rows[row][column]

    def empty_vertices(self) -> list[str]:
        return [index_to_vertex(c, r, self.size) for r, row in enumerate(self.rows)
                for c, mark in enumerate(row) if mark == "."]

    def stones(self, color: str) -> list[tuple[int, int]]:
        """The (column, row) of every stone of color ('b' or 'w'), row by row
        from the top."""
        mark = "x" if color == "b" else "o"
        return [(c, r) for r, row in enumerate(self.rows) for c, point in enumerate(row) if point == mark]


def check(text: str) -> str:
    """text when it has the form of a position string, else ValueError; a
    guard for strings the engine wrote itself, which parse() reads whole."""
    if not isinstance(text, str) or not _FORM.fullmatch(text):
        raise ValueError(f"not a position string: {text!r}")
    return text


def parse(text: str) -> Position:
    """The Position of a position string; ValueError when it is none."""
    check(text)
    board, to_move, stone = text.split(" ")
    rows = []
    for field in board.split("/"):
        row, digits = [], ""
        for char in field + "/":
            if char.isdigit():
                digits += char
                continue
            if digits:
                row.append("." * int(digits))
                digits = ""
            if char in "xo":
                row.append(char)
        rows.append("".join(row))
    size = len(rows)
    if not MIN_SIZE <= size <= MAX_SIZE or any(len(row) != size for row in rows):
        raise ValueError(f"not a position string: {text!r}")
    return Position(rows, to_move, int(stone))


def empty_board(size: int) -> str:
    return "/".join([str(size)] * size) + " b 1"


def with_side(text: str, color: str, stone: int = 1) -> str:
    """The same board with color to move, on the given stone of its turn."""
    board = text.split(" ")[0]
    return f"{board} {color} {stone}"


def vertex_to_index(vertex: str, size: int) -> tuple[int, int]:
    """(column, row from the top) of a GTP vertex such as 'D4' or 'd4'."""
    column = COLUMNS.index(vertex[0].upper())
    return column, size - int(vertex[1:])


def index_to_vertex(column: int, row: int, size: int) -> str:
    return f"{COLUMNS[column]}{size - row}"


def changed(before: Position, after: Position) -> list[str]:
    """The vertices whose mark differs between two positions of one size."""
    size = before.size
    return [index_to_vertex(c, r, size) for r in range(size) for c in range(size)
            if before.rows[r][c] != after.rows[r][c]]
