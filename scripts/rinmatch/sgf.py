"""A match's game records as SGF (FF[4], written with rinlib.sgf), following
protocol/PROTOCOL.md: RU[Rin] and GN name the game (Rin has no registered GM
number, so GM is left out), SZ[N], moves as B[..]/W[..] with SGF point
letters (`aa` is the top-left point), one node per stone, so a Rin turn is
two consecutive nodes of one colour.

A random opening is recorded as the moves that make it; a position-string
opening as setup: AB/AW for the stones and PL for the colour to move, for
any reader, and the position string itself in the private property RP (it
also says which stone of the turn comes next, which PL cannot; rin's
loadsgf reads it) and in GC for people. The result is RE[B+n], RE[W+n] or
RE[0] when the board filled up, RE[B+Time], RE[W+Resign] or RE[B+Forfeit]
(illegal move, crash, garbage, error answer) when the game was adjudicated;
C[] on the last node says why the game ended."""

from rinlib import position, sgf


def position_setup(text):
    """(size, black points, white points, color to move) of a position string,
    the points as SGF points."""
    board = position.parse(text)
    black, white = ([sgf.index_to_point(column, row) for column, row in board.stones(color)] for color in "bw")
    return board.size, black, white, "B" if board.to_move == "b" else "W"


def game_record(info, opening, result):
    """The SGF text of one game. info: dict with size, black, white (engine
    names), game_name, date; opening: openings.Opening; result: GameResult."""
    size = info["size"]
    root = sgf.Node()
    for name, value in (("FF", "4"), ("CA", "UTF-8"), ("AP", "rin-match:1"), ("RU", "Rin"),
                        ("GN", info["game_name"]), ("SZ", str(size)), ("PB", info["black"]),
                        ("PW", info["white"]), ("DT", info["date"]), ("RE", result.sgf_result)):
        root.set(name, [value])
    moves = []
    if opening.is_position:
        _, black, white, to_move = position_setup(opening.position)
        if black:
            root.set("AB", black)
        if white:
            root.set("AW", white)
        root.set("PL", [to_move])
        root.set("RP", [opening.position])
        root.set("GC", ["opening position: " + opening.position])
    else:
        root.set("GC", [f"random opening #{opening.index}: the first {len(opening.moves)} moves"])
        moves += opening.moves
    moves += result.moves
    game = sgf.Tree()
    game.nodes = [root] + [_move_node(color, vertex, size) for color, vertex in moves]
    game.nodes[-1].set("C", [_result_comment(result)])
    return sgf.write([game])


def _move_node(color, vertex, size):
    node = sgf.Node()
    node.set("B" if color == "black" else "W", [sgf.to_point(vertex, size)])
    return node


def _result_comment(result):
    outcome = "Draw" if result.winner == "draw" else f"{result.winner.capitalize()} wins {result.sgf_result}"
    if result.reason == "normal":
        return f"{outcome}: {result.detail}."
    text = f"{outcome}: {result.reason}, {result.detail}."
    if result.score:
        text += f" Stone count then: {result.score}."
    return text
