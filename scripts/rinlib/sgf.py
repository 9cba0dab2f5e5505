"""Game records as SGF (FF[4]; protocol/PROTOCOL.md, "Game records"): a
reader and a writer of game trees that keep every property they read, and the
conversion between SGF points (`aa` is the top-left point) and GTP
vertices. Only the syntax is checked here: the engine's loadsgf checks the
rest (Rin's rules, turn order), so a record from elsewhere goes to the
engine first."""

from __future__ import annotations

from . import position

DEFAULT_SIZE = 16


class SgfError(ValueError):
    """Text that is not SGF; the message says where it goes wrong."""


class Node:
    """One node: its properties in file order, each a name and its values
    (unescaped)."""

    def __init__(self) -> None:
        self.props: list[tuple[str, list[str]]] = []

    def get(self, name: str) -> list[str] | None:
        for key, values in self.props:
            if key == name:
                return values
        return None

    def set(self, name: str, values: list[str]) -> None:
        for index, (key, _) in enumerate(self.props):
            if key == name:
                self.props[index] = (name, values)
                return
        self.props.append((name, values))

    def stone(self) -> tuple[str, str] | None:
        """('B' or 'W', its SGF point) when the node holds a stone."""
        for color in "BW":
            values = self.get(color)
            if values is not None:
                return color, values[0]
        return None


class Tree:
    """A sequence of nodes and the variations that follow it (the first is
    the main line)."""

    def __init__(self) -> None:
        self.nodes: list[Node] = []
        self.children: list[Tree] = []


def parse(text: str) -> list[Tree]:
    """The game trees of an SGF text; SgfError when it is not SGF."""
    reader = _Reader(text)
    trees = []
    reader.skip_space()
    while reader.peek() == "(":
        trees.append(reader.tree())
    if not trees:
        raise SgfError("no game tree (an SGF file starts with '(;')")
    return trees


def write(trees: list[Tree]) -> str:
    """The SGF text of game trees: one node a line."""
    return "".join(_tree_text(tree) + "\n" for tree in trees)


def escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def main_line(tree: Tree) -> list[Node]:
    """Every node of the tree's main line (its first variations), in order."""
    nodes: list[Node] = []
    current: Tree | None = tree
    while current is not None:
        nodes += current.nodes
        current = current.children[0] if current.children else None
    return nodes


def board_size(tree: Tree) -> int:
    """The SZ of the game's root, or Rin's default board."""
    values = tree.nodes[0].get("SZ") if tree.nodes else None
    if values is None:
        return DEFAULT_SIZE
    try:
        return int(values[0])
    except ValueError:
        raise SgfError(f"SZ[{values[0]}] is not a board size") from None


def moves(tree: Tree) -> list[tuple[str, str]]:
    """The stones of the main line as ('B' or 'W', GTP vertex)."""
    size = board_size(tree)
    stones = [node.stone() for node in main_line(tree)]
    return [(color, to_vertex(point, size)) for color, point in filter(None, stones)]


def to_point(vertex: str, size: int) -> str:
    """The SGF point of a GTP vertex: A16 on 16x16 is 'aa'."""
    column, row = position.vertex_to_index(vertex, size)
    return index_to_point(column, row)


def index_to_point(column: int, row: int) -> str:
    """The SGF point of a (column, row from the top)."""
    return chr(ord("a") + column) + chr(ord("a") + row)


def to_vertex(point: str, size: int) -> str:
    """The GTP vertex of an SGF point; SgfError when it is not a point of
    the board."""
    if len(point) != 2:
        raise SgfError(f"'{point}' is not an SGF point")
    column, row = ord(point[0]) - ord("a"), ord(point[1]) - ord("a")
    if not (0 <= column < size and 0 <= row < size):
        raise SgfError(f"SGF point '{point}' is off the {size}x{size} board")
    return position.index_to_vertex(column, row, size)


class _Reader:
    """The text and where reading has got to."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip_space(self) -> None:
        while self.peek().isspace():
            self.pos += 1

    def tree(self) -> Tree:
        tree = Tree()
        self.pos += 1  # "("
        self.skip_space()
        while self.peek() == ";":
            self.pos += 1
            self.skip_space()
            tree.nodes.append(self.node())
        while self.peek() == "(":
            tree.children.append(self.tree())
            self.skip_space()
        if self.peek() != ")":
            raise SgfError("a game tree is not closed with ')'")
        self.pos += 1
        self.skip_space()
        return tree

    def node(self) -> Node:
        node = Node()
        while self.peek().isalpha():
            start = self.pos
            while self.peek().isalpha():
                self.pos += 1
            # FF[3] names may have lower-case letters; only capitals count.
            name = "".join(c for c in self.text[start:self.pos] if c.isupper())
            self.skip_space()
            values = []
            while self.peek() == "[":
                values.append(self.value())
                self.skip_space()
            if not values:
                raise SgfError(f"property {name} has no value")
            node.props.append((name, values))
        return node

    def value(self) -> str:
        self.pos += 1  # "["
        chars = []
        while self.peek() not in ("]", ""):
            if self.peek() == "\\" and self.pos + 1 < len(self.text):
                self.pos += 1
            chars.append(self.text[self.pos])
            self.pos += 1
        if not self.peek():
            raise SgfError("unterminated property value")
        self.pos += 1
        return "".join(chars)


def _tree_text(tree: Tree) -> str:
    parts = ["("]
    for node in tree.nodes:
        parts.append(";" + "".join(name + "".join(f"[{escape(v)}]" for v in values) for name, values in node.props))
        parts.append("\n")
    for child in tree.children:
        parts.append(_tree_text(child))
    parts.append(")\n" if tree.children else ")")
    return "".join(parts)
