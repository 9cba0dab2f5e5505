"""Reads back the game records the engine writes with `printsgf` (the
engine has checked every stone by then): the start position and the
stones. Files from elsewhere are never read here: the engine loads them."""

from rinlib import position, sgf


def read_engine_sgf(text):
    """(start position string, [(color, vertex), ...]) of an SGF written by
    the engine (which writes no KM: Rin has no komi); ValueError when it is
    not one."""
    game = sgf.parse(text)[0]
    start = game.nodes[0].get("RP") if game.nodes else None
    start_position = start[0] if start else position.empty_board(sgf.board_size(game))
    position.parse(start_position)
    return start_position, [(color.lower(), vertex) for color, vertex in sgf.moves(game)]
