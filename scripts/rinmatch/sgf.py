"""Game records as SGF (FF[4]), following protocol/PROTOCOL.md: RU[Rin] and GN name
the game (Rin has no registered GM number, so GM is left out), SZ[N], moves
as B[..]/W[..] with SGF point letters (`aa` is the top-left point), one node
per stone, so a Rin turn is two consecutive nodes of one colour.

A random opening is recorded as the moves that make it; a position-string
opening as setup: AB/AW for the stones and PL for the colour to move, for
any reader, and the position string itself in the private property RP (it
also says which stone of the turn comes next, which PL cannot; rin's
loadsgf reads it) and in GC for people. The result is RE[B+n], RE[W+n] or
RE[0] when the board filled up, RE[B+Time], RE[W+Resign] or RE[B+Forfeit]
(illegal move, crash, garbage, error answer) when the game was adjudicated;
C[] on the last node says why the game ended."""

GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def sgf_point(vertex, size):
    """The SGF point of a GTP vertex: A16 on 16x16 is 'aa'."""
    column = GTP_COLUMNS.index(vertex[0].upper())
    row_from_top = size - int(vertex[1:])
    return chr(ord("a") + column) + chr(ord("a") + row_from_top)


def escape(text):
    return text.replace("\\", "\\\\").replace("]", "\\]")


def position_setup(position):
    """(size, black points, white points, color to move) of a position string,
    the points as SGF points."""
    board, to_move = position.split()[:2]
    rows = board.split("/")
    black, white = [], []
    for row_index, row in enumerate(rows):
        column, digits = 0, ""
        for char in row + " ":
            if char.isdigit():
                digits += char
                continue
            column += int(digits or 0)
            digits = ""
            point = chr(ord("a") + column) + chr(ord("a") + row_index)
            if char == "x":
                black.append(point)
            elif char == "o":
                white.append(point)
            if char in "xo":
                column += 1
    return len(rows), black, white, "B" if to_move == "b" else "W"


def game_record(info, opening, result):
    """The SGF text of one game. info: dict with size, black, white (engine
    names), game_name, date; opening: openings.Opening; result: GameResult."""
    size = info["size"]
    root = [
        "FF[4]", "CA[UTF-8]", "AP[rin-match:1]", "RU[Rin]",
        f"GN[{escape(info['game_name'])}]", f"SZ[{size}]",
        f"PB[{escape(info['black'])}]", f"PW[{escape(info['white'])}]",
        f"DT[{info['date']}]", f"RE[{result.sgf_result}]",
    ]
    nodes = []
    if opening.is_position:
        _, black, white, to_move = position_setup(opening.position)
        if black:
            root.append("AB" + "".join(f"[{p}]" for p in black))
        if white:
            root.append("AW" + "".join(f"[{p}]" for p in white))
        root.append(f"PL[{to_move}]")
        root.append(f"RP[{escape(opening.position)}]")
        root.append(f"GC[{escape('opening position: ' + opening.position)}]")
    else:
        count = len(opening.moves)
        root.append(f"GC[{escape(f'random opening #{opening.index}: the first {count} moves')}]")
        nodes += [_move_node(color, vertex, size) for color, vertex in opening.moves]
    nodes += [_move_node(color, vertex, size) for color, vertex in result.moves]
    comment = f"C[{escape(_result_comment(result))}]"
    if nodes:
        nodes[-1] += comment
    else:
        root.append(comment)
    return "(;" + "".join(root) + "".join("\n;" + node for node in nodes) + "\n)\n"


def _move_node(color, vertex, size):
    return f"{'B' if color == 'black' else 'W'}[{sgf_point(vertex, size)}]"


def _result_comment(result):
    outcome = "Draw" if result.winner == "draw" else f"{result.winner.capitalize()} wins {result.sgf_result}"
    if result.reason == "normal":
        return f"{outcome}: {result.detail}."
    text = f"{outcome}: {result.reason}, {result.detail}."
    if result.score:
        text += f" Stone count then: {result.score}."
    return text
