"""What the runner prints: a line per game (or a progress line with ETA that
redraws itself when stdout is a terminal), and the summary of a match."""

import math
import os
import shutil
import sys
import time

from .stats import PAIR_LABELS


def format_elo(value):
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{value:+.1f}"


def format_estimate(estimate):
    if estimate is None:
        return "n/a"
    if math.isinf(estimate.elo) or math.isinf(estimate.half_width):
        return f"{format_elo(estimate.elo)} (95% [{format_elo(estimate.low)}, {format_elo(estimate.high)}])"
    return (f"{format_elo(estimate.elo)} +/- {estimate.half_width:.1f} "
            f"(95% [{format_elo(estimate.low)}, {format_elo(estimate.high)}])")


def format_duration(seconds):
    seconds = int(round(seconds))
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def score_line(tally):
    """'+W =D -L [score]' from the first engine's point of view."""
    if tally.games == 0:
        return "no games"
    return f"+{tally.wins} ={tally.draws} -{tally.losses} [{tally.score:.3f}]"


class Reporter:
    """Prints game lines and the progress line; every method is called with
    the runner's lock held, so output never interleaves."""

    def __init__(self, stream=None, total_games=None, sprt=None):
        self.stream = stream or sys.stdout
        self.live = self.stream.isatty()
        self.total_games = total_games
        self.sprt = sprt
        self.started = time.monotonic()
        self._progress_shown = False

    def game_finished(self, row, tally):
        line = (f"game {row['game']} (pair {row['pair']}): {row['black']} (B) vs {row['white']} (W): "
                f"{row['result']}")
        if row["reason"] != "normal":
            line += f" [{row['reason']}: {row['detail']}]"
        if self.live:
            if row["reason"] != "normal":
                self._print_above_progress(line)
            self._draw_progress(tally)
        else:
            self._print(f"{line} | {score_line(tally)}")

    def note(self, text, tally=None):
        """A message for the user (a void game, a restart problem)."""
        if self.live:
            self._print_above_progress(text)
            if tally is not None:
                self._draw_progress(tally)
        else:
            self._print(text)

    def finish(self):
        if self.live and self._progress_shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self._progress_shown = False

    def _draw_progress(self, tally):
        done = tally.games
        parts = [f"{done}/{self.total_games}" if self.total_games else f"{done}", score_line(tally)]
        estimate = tally.pentanomial_elo() or tally.trinomial_elo()
        if estimate is not None and not math.isinf(estimate.elo):
            parts.append(f"Elo {format_elo(estimate.elo)}")
        if self.sprt is not None:
            parts.append(f"LLR {self.sprt.llr(tally):.2f}")
        elapsed = time.monotonic() - self.started
        if self.total_games and 0 < done < self.total_games:
            parts.append(f"ETA {format_duration(elapsed / done * (self.total_games - done))}")
        width = shutil.get_terminal_size((100, 24)).columns - 1
        self.stream.write("\r\033[K" + "  ".join(parts)[:width])
        self.stream.flush()
        self._progress_shown = True

    def _print_above_progress(self, line):
        if self._progress_shown:
            self.stream.write("\r\033[K")
        self._print(line)

    def _print(self, line):
        self.stream.write(line + "\n")
        self.stream.flush()


CLOSE_MARGIN = 2  # stones: the smallest margin of a decided game on an even board


def margin_line(margins):
    """The final margins of the first engine's games on a full board: median,
    mean, and how many of its wins and losses were close."""
    ordered = sorted(margins)
    n = len(ordered)
    median = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    won = [m for m in ordered if m > 0]
    lost = [m for m in ordered if m < 0]
    close_won = sum(1 for m in won if m <= CLOSE_MARGIN)
    close_lost = sum(1 for m in lost if m >= -CLOSE_MARGIN)
    return (f"Margins: median {median:+g}, mean {sum(ordered) / n:+.1f} stones ({n} full boards); "
            f"won by {CLOSE_MARGIN} or fewer: {close_won} of {len(won)}, "
            f"lost by {CLOSE_MARGIN} or fewer: {close_lost} of {len(lost)}")


CONVERSION_MARGIN = 6  # stones: a game decided by this many or fewer was close


def close_line(margins):
    """How the first engine converts close games: of its games on a full
    board decided by CONVERSION_MARGIN stones or fewer (not drawn), how many
    it won; None when there were none."""
    close = [m for m in margins if m != 0 and abs(m) <= CONVERSION_MARGIN]
    if not close:
        return None
    won = sum(1 for m in close if m > 0)
    return (f"Close games (decided by {CONVERSION_MARGIN} stones or fewer): won {won}, "
            f"lost {len(close) - won} ({100.0 * won / len(close):.1f} % converted)")


def machine_load():
    """The machine's 1-minute load average, or None where the system does
    not tell it."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def busy_warning(load, processors, timed):
    """A warning before a match with a clock on a machine that is already
    busy (other work takes the processors the engines' time is measured
    on), or None."""
    if not timed or load is None or load < 1.0:
        return None
    return (f"warning: the machine is busy before the match (load average {load:.2f} on {processors} "
            f"processors): with a clock, the results depend on what else runs; see the load line at the end")


def load_line(loads, processors):
    """The machine's load at the games' ends, or None without any."""
    loads = sorted(load for load in loads if load is not None)
    if not loads:
        return None
    middle = len(loads) // 2
    median = loads[middle] if len(loads) % 2 else (loads[middle - 1] + loads[middle]) / 2
    return (f"Machine load at the games' ends: median {median:.2f}, max {loads[-1]:.2f} "
            f"(1-minute load average, {processors} processors)")


def summary_lines(names, tally, sprt=None, decision=None, reasons=None, void_games=0, elapsed_s=None, loads=None):
    """The totals of a match as lines of text."""
    first, second = names
    games = f"  {tally.games} games" if tally.games else ""
    lines = [f"Score of {first} vs {second}: {score_line(tally)}{games}"]
    if tally.games:
        lines.append(f"Elo difference: {format_estimate(tally.trinomial_elo())}, trinomial")
        pairs = sum(tally.pairs)
        if pairs:
            plural = "s" if pairs != 1 else ""
            lines.append(f"Elo difference: {format_estimate(tally.pentanomial_elo())}, "
                         f"pentanomial ({pairs} pair{plural})")
        lines.append(f"LOS: {100.0 * tally.los():.1f} %")
        labels = " ".join(PAIR_LABELS)
        lines.append(f"Pairs [{labels}]: [{' '.join(str(n) for n in tally.pairs)}]")
        if tally.margins:
            lines.append(margin_line(tally.margins))
            close = close_line(tally.margins)
            if close:
                lines.append(close)
    if sprt is not None:
        verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "no decision yet"}[decision]
        lines.append(f"SPRT: elo0 {sprt.elo0:g}, elo1 {sprt.elo1:g}, alpha {sprt.alpha:g}, beta {sprt.beta:g}: "
                     f"LLR {sprt.llr(tally):.2f} ({sprt.lower:.2f}, {sprt.upper:.2f}), {verdict}")
    if reasons:
        lines.append("Endings: " + ", ".join(f"{reason} {count}" for reason, count in sorted(reasons.items())))
    if void_games:
        lines.append(f"Void games (the referee failed): {void_games}")
    if elapsed_s is not None:
        lines.append(f"Time: {format_duration(elapsed_s)}")
    load = load_line(loads or [], os.cpu_count() or 1)
    if load:
        lines.append(load)
    return lines
