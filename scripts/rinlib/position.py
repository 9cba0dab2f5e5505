"""Position strings (see README, "Position strings") read into a board the
server can count and compare, and the few derived strings it needs."""

from . import validate


class Position:
    """rows: the N rows from the top, each a string of '.', 'x' (black) and
    'o' (white); to_move: 'b' or 'w'; stone: 1 or 2 (which stone of the
    turn comes next)."""

    __slots__ = ("rows", "to_move", "stone")

    def __init__(self, rows, to_move, stone):
        self.rows = rows
        self.to_move = to_move
        self.stone = stone

    @property
    def size(self):
        return len(self.rows)

    def count(self, color):
        mark = "x" if color == "b" else "o"
        return sum(row.count(mark) for row in self.rows)

    @property
    def empty(self):
        return sum(row.count(".") for row in self.rows)

    @property
    def over(self):
        return self.empty == 0

    def at(self, vertex):
        column, row = vertex_to_index(vertex, self.size)
        return self.rows[row][column]

    def empty_vertices(self):
        return [index_to_vertex(c, r, self.size) for r, row in enumerate(self.rows)
                for c, mark in enumerate(row) if mark == "."]


def parse(text):
    validate.position_string(text)
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
    if not validate.MIN_SIZE <= size <= validate.MAX_SIZE or any(len(row) != size for row in rows):
        raise ValueError(f"not a position string: {text!r}")
    return Position(rows, to_move, int(stone))


def empty_board(size):
    return "/".join([str(size)] * size) + " b 1"


def with_side(text, color):
    """The same board with color to move, first stone of its turn."""
    board = text.split(" ")[0]
    return f"{board} {color} 1"


def vertex_to_index(vertex, size):
    column = validate.COLUMNS.index(vertex[0].upper())
    return column, size - int(vertex[1:])


def index_to_vertex(column, row, size):
    return f"{validate.COLUMNS[column]}{size - row}"


def changed(before, after):
    """The vertices whose mark differs between two positions of one size."""
    size = before.size
    return [index_to_vertex(c, r, size) for r in range(size) for c in range(size)
            if before.rows[r][c] != after.rows[r][c]]
