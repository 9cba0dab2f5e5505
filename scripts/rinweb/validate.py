"""Checks of everything a request may carry. Nothing from a request reaches
the engine unless it passed one of these: each returns a clean value or
raises RequestError with a message for the page."""

import re

from rinlib.position import COLUMNS, MAX_SIZE, MIN_SIZE

MIN_MOVETIME_MS = 10
MAX_MOVETIME_MS = 60000
MIN_ANALYSIS_S = 1
MAX_ANALYSIS_S = 600

_VERTEX = re.compile(r"^([A-HJ-Qa-hj-q])([1-9]|1[0-6])$")
_GAME_ID = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


class RequestError(Exception):
    """A request the server refuses; status is the HTTP status to answer."""

    def __init__(self, message, status=400):
        super().__init__(message)
        self.message = message
        self.status = status


def require(body, name):
    if name not in body:
        raise RequestError(f"missing field '{name}'")
    return body[name]


def integer(value, name, low, high):
    # bool is an int in Python; true is not a number here.
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"'{name}' must be a whole number from {low} to {high}")
    if not low <= value <= high:
        raise RequestError(f"'{name}' must be from {low} to {high} (got {value})")
    return value


def size(value):
    return integer(value, "size", MIN_SIZE, MAX_SIZE)


def movetime(value):
    return integer(value, "movetime", MIN_MOVETIME_MS, MAX_MOVETIME_MS)


def analysis_seconds(value):
    return integer(value, "seconds", MIN_ANALYSIS_S, MAX_ANALYSIS_S)


def vertex(value, board_size):
    """A GTP vertex on a board of board_size, returned in capitals."""
    if not isinstance(value, str):
        raise RequestError("'vertex' must be a point such as 'D5'")
    match = _VERTEX.match(value)
    if not match:
        raise RequestError(f"'{_clip(value)}' is not a point (a column letter A-Q without I, then a row number)")
    column = COLUMNS.index(match.group(1).upper())
    row = int(match.group(2))
    if column >= board_size or row > board_size:
        raise RequestError(f"{value.upper()} is off the {board_size}x{board_size} board")
    return value.upper()


def game_id(value):
    if not isinstance(value, str) or not _GAME_ID.match(value):
        raise RequestError("'game' is not a game id")
    return value


def index(value, length):
    return integer(value, "index", 0, length)


def choice(value, name, allowed):
    if not isinstance(value, str) or value not in allowed:
        raise RequestError(f"'{name}' must be one of: {', '.join(allowed)}")
    return value


def scores(value, stones):
    """Scores of a game's positions as the state gives them, {"3": {"score":
    1.5, "depth": 7, "exact": false}}, for positions 0 to stones: returned
    as {index: (score, depth, exact)}."""
    if not isinstance(value, dict) or len(value) > stones + 1:
        raise RequestError(f"'scores' must be an object with at most {stones + 1} positions")
    kept = {}
    for key, entry in value.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) <= stones and isinstance(entry, dict)):
            raise RequestError(f"'scores' has no position '{_clip(str(key))}' (0 to {stones})")
        score = entry.get("score")
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not abs(score) <= MAX_SIZE * MAX_SIZE:
            raise RequestError(f"'scores' of {key}: the score must be a number of stones")
        depth = integer(entry.get("depth"), "depth", 0, 1000)
        if not isinstance(entry.get("exact"), bool):
            raise RequestError(f"'scores' of {key}: 'exact' must be true or false")
        kept[int(key)] = (score, depth, entry["exact"])
    return kept


def text(value, name, limit):
    if not isinstance(value, str):
        raise RequestError(f"'{name}' must be text")
    if len(value.encode("utf-8")) > limit:
        raise RequestError(f"'{name}' is larger than {limit} bytes", status=413)
    return value


def _clip(value, limit=20):
    return value if len(value) <= limit else value[: limit - 3] + "..."
