"""Openings: random openings of K stones, drawn with a seeded SplitMix64 over
the referee's gogui-rules_legal_moves so that a seed always gives the same
openings, or position strings read from a file (one per line)."""

from rinlib.gtp import EngineFailure

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_ATTEMPTS = 100


class OpeningError(Exception):
    """No usable opening (a bad file line, or every draw ended the game)."""


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea, Flood 2014), written out so that
    openings do not depend on Python's random module."""

    def __init__(self, state):
        self.state = state & _MASK64

    def next(self):
        self.state = (self.state + _GOLDEN_GAMMA) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n):
        """A number in [0, n) (multiply-high; the bias is below n / 2**64)."""
        return (self.next() * n) >> 64


def opening_stream(seed, index):
    """The generator of opening `index`: stream `index` of the seed, 2**32
    draws apart from its neighbours, so openings never share draws."""
    return SplitMix64(seed + index * ((_GOLDEN_GAMMA << 32) & _MASK64))


class Opening:
    """Where a pair of games starts. A random opening is a list of moves
    (color, vertex) from the empty board; a file opening is a position
    string. `position` is the position string in both cases."""

    def __init__(self, index, position, moves=None, line=None):
        self.index = index
        self.position = position
        self.moves = moves  # None for a file opening
        self.line = line  # line number in the openings file

    @property
    def is_position(self):
        return self.moves is None

    def describe(self):
        if self.is_position:
            return f"line {self.line}: {self.position}"
        return " ".join(f"{color[0].upper()} {vertex}" for color, vertex in self.moves) or "(empty board)"


def random_opening(referee, size, plies, seed, index):
    """Opening `index` of the seed: `plies` stones chosen uniformly from the
    legal moves, on a board where the game goes on afterwards. Raises
    OpeningError when no such opening turns up, EngineFailure when the
    referee fails."""
    rng = opening_stream(seed, index)
    for _ in range(_ATTEMPTS):
        referee.ask(f"boardsize {size}")
        referee.ask("clear_board")
        moves = _draw_moves(referee, rng, plies)
        if moves is not None and referee.ask("gogui-rules_final_result") == "unknown":
            return Opening(index, referee.ask("rin-position"), moves=moves)
    raise OpeningError(f"no random opening of {plies} stones on {size}x{size} leaves the game open")


def _draw_moves(referee, rng, plies):
    moves = []
    for _ in range(plies):
        legal = referee.ask("gogui-rules_legal_moves").split()
        if not legal:
            return None
        color = referee.ask("gogui-rules_side_to_move")
        vertex = legal[rng.below(len(legal))]
        referee.ask(f"play {color} {vertex}")
        moves.append((color, vertex))
    return moves


def read_position_file(path):
    """(line number, position string) for every line of the file that is not
    empty or a # comment. Raises OpeningError when it cannot be read or is
    empty."""
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError as error:
        raise OpeningError(f"cannot read openings file {path}: {error.strerror or error}") from None
    entries = [(number, line.strip()) for number, line in enumerate(lines, 1)]
    entries = [(number, text) for number, text in entries if text and not text.startswith("#")]
    if not entries:
        raise OpeningError(f"openings file {path} has no position strings")
    return entries


def check_positions(referee, entries, path):
    """Openings from (line, position string) pairs, each checked by the
    referee: it must parse, and the game must not be over. Returns the
    openings and their board size; all lines must share one size."""
    openings, size = [], None
    for index, (number, text) in enumerate(entries):
        try:
            response = referee.send(f"rin-setposition {text}")
            if not response.ok:
                raise OpeningError(f"{path}:{number}: {response.text}")
            line_size = int(referee.ask("gogui-rules_board_size"))
            over = referee.ask("gogui-rules_final_result") != "unknown"
            position = referee.ask("rin-position")
        except (EngineFailure, ValueError) as error:
            raise OpeningError(f"{path}:{number}: the referee failed: {error}") from None
        if over:
            raise OpeningError(f"{path}:{number}: the game is already over in this position")
        if size is not None and line_size != size:
            raise OpeningError(f"{path}:{number}: board size {line_size}, but earlier lines have {size}")
        size = line_size
        openings.append(Opening(index, position, line=number))
    return openings, size
