"""Time controls: parsing --movetime and --tc, the GTP commands that announce
them to the engines, and the clock the runner keeps for each side.

What the engines are told (those that list time_settings and time_left in
list_commands and accept time_settings; the others are told nothing and the
runner keeps the clock all the same):
- per stone (--movetime MS): Canadian byo-yomi of one stone,
  `time_settings 0 S 1` once per game and `time_left COLOR S 1` before every
  genmove, S = MS / 1000 in seconds with up to three decimals (0.1 for
  100 ms): GTP 2 says whole seconds, which a fast game cannot use; rin reads
  decimals, and an engine that refuses them is told nothing.
- MAIN+INC: `time_settings MAIN 0 0` (absolute time) once per game, then
  `time_left COLOR T 0` before every genmove, T = the clock's time left,
  which includes the increments earned so far (GTP has no increment).
- MAIN:BYO/STONES (Canadian byo-yomi): `time_settings MAIN BYO STONES` once
  per game, then before every genmove `time_left COLOR T 0` in main time, or
  `time_left COLOR T S` in byo-yomi, T = time left in the period and S =
  stones still to place in it.
Times of --tc are sent in whole seconds, rounded down.
"""

import math
import re

_NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
_INCREMENT_FORM = re.compile(rf"^{_NUMBER}(?:\+{_NUMBER})?$")
_BYOYOMI_FORM = re.compile(rf"^{_NUMBER}:{_NUMBER}/(\d+)$")


class MoveTime:
    """A limit per stone, in seconds, told to the engines as Canadian
    byo-yomi of one stone."""

    def __init__(self, limit_s):
        self.limit_s = limit_s

    def describe(self):
        return f"{self.limit_s * 1000:g} ms per stone"

    def settings_command(self):
        return f"time_settings 0 {_decimal(self.limit_s)} 1"

    def new_clock(self):
        return _MoveTimeClock(self.limit_s)


class Increment:
    """MAIN seconds for the game plus INC seconds after every stone."""

    def __init__(self, main_s, increment_s):
        self.main_s = main_s
        self.increment_s = increment_s

    def describe(self):
        return f"{self.main_s:g} s + {self.increment_s:g} s per stone"

    def settings_command(self):
        return f"time_settings {_whole(self.main_s)} 0 0"

    def new_clock(self):
        return _IncrementClock(self.main_s, self.increment_s)


class CanadianByoyomi:
    """MAIN seconds, then periods of BYO seconds for every STONES stones."""

    def __init__(self, main_s, period_s, period_stones):
        self.main_s = main_s
        self.period_s = period_s
        self.period_stones = period_stones

    def describe(self):
        return f"{self.main_s:g} s, then {self.period_s:g} s per {self.period_stones} stones"

    def settings_command(self):
        return f"time_settings {_whole(self.main_s)} {_whole(self.period_s)} {self.period_stones}"

    def new_clock(self):
        return _ByoyomiClock(self)


def parse_tc(text):
    """A time control from --tc text: MAIN, MAIN+INC or MAIN:BYO/STONES (in
    seconds). Raises ValueError with a message for the user."""
    text = text.strip()
    match = _INCREMENT_FORM.match(text)
    if match:
        main_s, increment_s = float(match.group(1)), float(match.group(2) or 0)
        if main_s < 1:
            raise ValueError(f"--tc {text}: the main time must be at least 1 second (GTP sends whole seconds)")
        return Increment(main_s, increment_s)
    match = _BYOYOMI_FORM.match(text)
    if match:
        main_s, period_s, stones = float(match.group(1)), float(match.group(2)), int(match.group(3))
        if period_s < 1 or stones < 1:
            raise ValueError(f"--tc {text}: byo-yomi needs at least 1 second for at least 1 stone")
        return CanadianByoyomi(main_s, period_s, stones)
    raise ValueError(f"--tc {text}: expected MAIN, MAIN+INC or MAIN:BYO/STONES in seconds, e.g. 10+0.1 or 60:30/10")


def _whole(seconds):
    return int(math.floor(seconds + 1e-9))


def _decimal(seconds):
    """Seconds to the millisecond, without trailing zeros: 0.1, 1.5, 2."""
    return f"{seconds:.3f}".rstrip("0").rstrip(".")


class _MoveTimeClock:
    def __init__(self, limit_s):
        self.limit_s = limit_s

    def time_left_command(self, color):
        """Every stone starts a fresh period of one stone."""
        return f"time_left {color} {_decimal(self.limit_s)} 1"

    def allowed_s(self, margin_s):
        """How long the runner waits for the next genmove answer."""
        return self.limit_s + margin_s

    def spend(self, elapsed_s, margin_s):
        """Charges one stone; False when it was over the limit."""
        return elapsed_s <= self.limit_s + margin_s


class _IncrementClock:
    def __init__(self, main_s, increment_s):
        self.left_s = main_s
        self.increment_s = increment_s

    def time_left_command(self, color):
        return f"time_left {color} {_whole(max(self.left_s, 0.0))} 0"

    def allowed_s(self, margin_s):
        return max(self.left_s, 0.0) + margin_s

    def spend(self, elapsed_s, margin_s):
        self.left_s -= elapsed_s
        if self.left_s < -margin_s:
            return False
        self.left_s = max(self.left_s, 0.0) + self.increment_s
        return True


class _ByoyomiClock:
    def __init__(self, control):
        self.control = control
        self.main_left_s = control.main_s
        self.in_byoyomi = control.main_s <= 0
        self.period_left_s = control.period_s
        self.stones_left = control.period_stones

    def time_left_command(self, color):
        if self.in_byoyomi:
            return f"time_left {color} {_whole(max(self.period_left_s, 0.0))} {self.stones_left}"
        return f"time_left {color} {_whole(self.main_left_s)} 0"

    def allowed_s(self, margin_s):
        if self.in_byoyomi:
            return max(self.period_left_s, 0.0) + margin_s
        # a stone begun in main time may run on into the first period
        return self.main_left_s + self.control.period_s + margin_s

    def spend(self, elapsed_s, margin_s):
        if not self.in_byoyomi:
            self.main_left_s -= elapsed_s
            if self.main_left_s >= 0:
                return True
            # the stone that used up main time is the first of the first period
            self.in_byoyomi = True
            elapsed_s = -self.main_left_s
            self.main_left_s = 0.0
        self.period_left_s -= elapsed_s
        if self.period_left_s < -margin_s:
            return False
        self.stones_left -= 1
        if self.stones_left == 0:
            self.period_left_s = self.control.period_s
            self.stones_left = self.control.period_stones
        return True
