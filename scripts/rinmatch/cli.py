"""The command line of scripts/match: arguments, the checks made before the
first game (engines start, the referee is a Rin ruler, openings are valid),
the match itself and the exit status."""

import argparse
import os
import shlex
import signal
import sys

from . import gtp
from .clock import MoveTime, parse_tc
from .game import GameSettings
from .openings import OpeningError, check_positions, random_opening, read_position_file
from .runner import EngineSpec, FileOpenings, Match, MatchConfig, RandomOpenings
from .stats import Sprt

EXIT_OK = 0
EXIT_FAILURE = 1  # engines or referee cannot be started, bad openings, void games, the match aborted
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

DEFAULT_GAMES = 100
REFEREE_PROBE_S = 2.0  # how long a default referee candidate may take to answer
REPOSITORY_REFEREE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), os.pardir, "build",
                                  "rin")

DESCRIPTION = """\
Plays two GTP engines against each other at Rin and reports the result:
wins, draws and losses of the first engine, its score, the Elo difference
with a 95% interval, LOS and pentanomial pair counts; optionally an SPRT.

A referee (a third process of the rin engine) receives every stone with
`play`, says whose turn it is (gogui-rules_side_to_move) and when the game is
over (gogui-rules_final_result), and judges every stone: an engine that
answers an illegal or malformed move, an error, garbage, nothing in time, or
dies, loses that game; its process is restarted for the next game.

Each opening is played twice with colours swapped (a pair): in the first
game of a pair the first engine has Black."""

EPILOG = """\
time controls:
  --movetime MS       nothing is sent; each genmove answer must arrive within
                      MS + margin milliseconds.
  --tc MAIN+INC       sends `time_settings MAIN 0 0` at the start of each game
                      and `time_left COLOR T 0` before every genmove; T is the
                      clock's time left including increments earned so far.
  --tc MAIN:BYO/STONES
                      Canadian byo-yomi: sends `time_settings MAIN BYO STONES`,
                      then `time_left COLOR T 0` in main time and
                      `time_left COLOR T S` in byo-yomi (T left in the period,
                      S stones still to place in it).
  GTP takes whole seconds: times sent are rounded down. The runner measures
  each genmove from sending it to reading the whole answer, deducts that from
  the clock, and forfeits the game when the clock is below -margin.

openings:
  random: opening p is K stones drawn uniformly from the referee's legal moves
  with SplitMix64 stream p of the seed (same seed, same openings); the stones
  are sent to every engine with `play` and recorded as moves in the SGF.
  FILE: one position string per line (empty lines and # comments skipped),
  sent with `rin-setposition`; recorded as AB/AW/PL setup in the SGF. Lines
  are used in order and from the start again when the pairs outnumber them.

results file (JSON lines, one row per game): game, pair, opening (index,
position, moves or line), black, white, first_engine, first_engine_color,
result (SGF RE value), winner, reason (normal, time forfeit, illegal move,
resignation, engine died, garbage output, error answer, timeout, start
failed), detail, first_engine_points, stones, moves, time_used (seconds per
colour), final_score, final_position, sgf (file name in --sgf-dir).

exit status: 0 when the match ran (or the SPRT decided), 1 when an engine or
the referee cannot be started, the openings are unusable or the referee
failed during a game (that game is void: not counted), 2 on bad usage, 130
when stopped with Ctrl-C or SIGTERM (the totals so far are printed).

example:
  scripts/match --engine "build/rin --player greedy" --engine "build/rin --player random" \\
      --size 8 --pairs 20 --concurrency 2 --sgf-dir games --results games.jsonl"""


class UsageError(Exception):
    pass


def build_parser():
    parser = argparse.ArgumentParser(
        prog="match", usage="%(prog)s --engine CMD [NAME] --engine CMD [NAME] [options]", description=DESCRIPTION,
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    engines = parser.add_argument_group("engines")
    engines.add_argument("--engine", action="append", nargs="+", metavar=("CMD", "NAME"), required=True,
                         help="an engine command line (quote it), optionally followed by a name; give exactly two. "
                              "Statistics are from the first engine's point of view")
    engines.add_argument("--referee", metavar="CMD",
                         help="the referee command line (default: the first of these that is a Rin ruler: the first "
                              "engine's executable without arguments, the second's, build/rin of this repository)")
    games = parser.add_argument_group("games")
    games.add_argument("--size", type=int, metavar="N",
                       help="board size, 4 to 16 (default 16, or the size of the openings file)")
    count = games.add_mutually_exclusive_group()
    count.add_argument("--games", type=int, metavar="N", help=f"number of games, even (default {DEFAULT_GAMES}, "
                                                              "or unlimited with --sprt)")
    count.add_argument("--pairs", type=int, metavar="N", help="number of colour-swapped pairs of games")
    games.add_argument("--openings", default="random", metavar="random|FILE",
                       help="random openings (default) or a file of position strings, one per line")
    games.add_argument("--plies", type=int, default=4, metavar="K", help="stones in a random opening (default 4)")
    games.add_argument("--seed", type=int, default=1, metavar="S", help="seed of the random openings (default 1)")
    games.add_argument("--concurrency", type=int, default=1, metavar="N", help="games played at once (default 1)")
    timing = parser.add_argument_group("time control (see below)")
    control = timing.add_mutually_exclusive_group()
    control.add_argument("--movetime", type=float, metavar="MS", help="limit per stone in milliseconds")
    control.add_argument("--tc", metavar="SPEC", help="per game: MAIN, MAIN+INC or MAIN:BYO/STONES in seconds")
    timing.add_argument("--margin", type=float, default=100.0, metavar="MS",
                        help="time over the limit tolerated before a loss on time (default 100)")
    timing.add_argument("--timeout", type=float, default=10.0, metavar="S",
                        help="seconds allowed for the answer to any command but genmove (default 10); "
                             "without a time control genmove has no limit")
    stats = parser.add_argument_group("statistics")
    stats.add_argument("--sprt", nargs=4, type=float, metavar=("ELO0", "ELO1", "ALPHA", "BETA"),
                       help="stop as soon as the SPRT (GSPRT on pentanomial pairs, logistic Elo) accepts "
                            "H0: elo <= ELO0 or H1: elo >= ELO1, e.g. --sprt 0 10 0.05 0.05")
    output = parser.add_argument_group("records")
    output.add_argument("--sgf-dir", metavar="DIR", help="save every game as DIR/game-NNNNN.sgf")
    output.add_argument("--results", metavar="FILE", help="write one JSON line per game to FILE (overwritten)")
    output.add_argument("--gtp-log", metavar="FILE", help="log every GTP command and answer to FILE")
    output.add_argument("--engine-stderr", action="store_true",
                        help="let the engines write to this terminal's stderr (default: discarded)")
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        validate(args)
        engines = engine_specs(args.engine)
    except UsageError as error:
        parser.error(str(error))
    _stop_on_signals()
    try:
        return run(args, engines)
    except KeyboardInterrupt:
        print("match: interrupted before the first game", file=sys.stderr)
        return EXIT_INTERRUPTED


def validate(args):
    if len(args.engine) != 2:
        raise UsageError(f"--engine must be given exactly twice (got {len(args.engine)})")
    for words in args.engine:
        if len(words) > 2:
            raise UsageError(f"--engine takes a command line and an optional name; quote the command: {words}")
        _check_command_line(words[0], "--engine")
    if args.size is not None and not 4 <= args.size <= 16:
        raise UsageError(f"--size {args.size}: Rin boards are 4 to 16")
    if args.games is not None and (args.games < 2 or args.games % 2):
        raise UsageError(f"--games {args.games}: need an even number of at least 2 (games come in pairs)")
    if args.pairs is not None and args.pairs < 1:
        raise UsageError(f"--pairs {args.pairs}: need at least 1")
    if args.plies < 0:
        raise UsageError(f"--plies {args.plies}: need 0 or more")
    if args.concurrency < 1:
        raise UsageError(f"--concurrency {args.concurrency}: need at least 1")
    if args.movetime is not None and args.movetime <= 0:
        raise UsageError(f"--movetime {args.movetime:g}: need a positive number of milliseconds")
    if args.margin < 0 or args.timeout <= 0:
        raise UsageError("--margin must be 0 or more and --timeout positive")
    if args.tc is not None:
        try:
            parse_tc(args.tc)
        except ValueError as error:
            raise UsageError(str(error)) from None
    if args.sprt is not None:
        elo0, elo1, alpha, beta = args.sprt
        if elo0 >= elo1:
            raise UsageError("--sprt: ELO0 must be below ELO1")
        if not (0 < alpha < 1 and 0 < beta < 1 and alpha + beta < 1):
            raise UsageError("--sprt: ALPHA and BETA must lie between 0 and 1, with ALPHA + BETA < 1")
    if args.referee is not None:
        _check_command_line(args.referee, "--referee")


def _check_command_line(text, option):
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise UsageError(f"{option} {text}: {error}") from None
    if not words:
        raise UsageError(f"{option}: empty command line")


def engine_specs(engine_args):
    specs = [EngineSpec(words[0], words[1] if len(words) > 1 else None) for words in engine_args]
    for spec in specs:
        if spec.name is None:
            spec.name = " ".join([os.path.basename(spec.argv[0])] + spec.argv[1:])
    if specs[0].name == specs[1].name:
        specs[0].name += " #1"
        specs[1].name += " #2"
    return specs


def run(args, engines):
    referee_spec, referee = start_referee(args, engines)
    if referee is None:
        return EXIT_FAILURE
    try:
        openings, size = prepare_openings(args, referee)
    except (OpeningError, gtp.EngineFailure) as error:
        print(f"match: {error}", file=sys.stderr)
        return EXIT_FAILURE
    finally:
        referee.quit()
    for spec in engines:
        problem = check_engine(spec, size, args.timeout)
        if problem:
            print(f"match: cannot use engine '{spec.name}' ({spec.command}): {problem}", file=sys.stderr)
            return EXIT_FAILURE
    config = match_config(args, engines, referee_spec, openings, size)
    match = Match(config)
    try:
        match.open_outputs()
    except OSError as error:
        print(f"match: cannot write {error.filename}: {error.strerror}", file=sys.stderr)
        return EXIT_FAILURE
    print_header(config, args)
    match.run()
    if match.interrupted:
        print("Stopped by the user; the totals so far:")
    for line in match.summary():
        print(line)
    sys.stdout.flush()
    if match.interrupted:
        return EXIT_INTERRUPTED
    return EXIT_FAILURE if match.abort_reasons or match.void_games else EXIT_OK


def start_referee(args, engines):
    """The referee command and a running process of it, checked to be a Rin
    ruler; (None, None) after printing why when there is none."""
    if args.referee is not None:
        candidates, timeout = [args.referee], args.timeout
    else:
        executables = [shlex.join(spec.argv[:1]) for spec in engines]
        executables.append(shlex.quote(os.path.normpath(REPOSITORY_REFEREE)))
        candidates = list(dict.fromkeys(executables))
        timeout = min(args.timeout, REFEREE_PROBE_S)
    problems = []
    for command in candidates:
        spec = EngineSpec(command, "referee")
        engine = gtp.GtpEngine(spec.argv, "referee")
        problem = _check_ruler(engine, timeout)
        if problem is None:
            return spec, engine
        engine.quit()
        problems.append(f"'{command}': {problem}")
    print("match: no referee: " + "; ".join(problems) + " (give one with --referee)", file=sys.stderr)
    return None, None


def _check_ruler(engine, timeout):
    try:
        engine.start()
        game_id = engine.ask("gogui-rules_game_id", timeout)
    except gtp.EngineFailure as failure:
        return str(failure)
    if game_id != "rin":
        return f"gogui-rules_game_id answered '{game_id}', not 'rin'"
    return None


def prepare_openings(args, referee):
    """The opening source and the board size."""
    if args.openings == "random":
        size = args.size or 16
        if referee.send(f"boardsize {size}", args.timeout).ok is False:
            raise OpeningError(f"the referee does not accept board size {size}")
        random_opening(referee, size, args.plies, args.seed, 0)  # fails early when K stones end every game
        return RandomOpenings(size, args.plies, args.seed), size
    entries = read_position_file(args.openings)
    openings, size = check_positions(referee, entries, args.openings)
    if args.size is not None and args.size != size:
        raise OpeningError(f"{args.openings} has {size}x{size} positions, but --size is {args.size}")
    return FileOpenings(openings), size


def check_engine(spec, size, timeout):
    """None when the engine starts and takes the board size, else why not."""
    engine = gtp.GtpEngine(spec.argv, spec.name)
    try:
        engine.start()
        engine.ask(f"boardsize {size}", timeout)
        engine.ask("clear_board", timeout)
    except gtp.EngineFailure as failure:
        return str(failure)
    finally:
        engine.quit()
    return None


def match_config(args, engines, referee_spec, openings, size):
    if args.movetime is not None:
        time_control = MoveTime(args.movetime / 1000.0)
    elif args.tc is not None:
        time_control = parse_tc(args.tc)
    else:
        time_control = None
    settings = GameSettings(size, time_control, args.margin / 1000.0, args.timeout)
    if args.pairs is not None:
        pairs = args.pairs
    elif args.games is not None:
        pairs = args.games // 2
    else:
        pairs = None if args.sprt else DEFAULT_GAMES // 2
    sprt = Sprt(*args.sprt) if args.sprt else None
    return MatchConfig(engines, referee_spec, settings, openings, pairs=pairs, sprt=sprt,
                       concurrency=args.concurrency, sgf_dir=args.sgf_dir, results_path=args.results,
                       gtp_log_path=args.gtp_log, show_engine_stderr=args.engine_stderr)


def print_header(config, args):
    control = config.settings.time_control
    games = f"{2 * config.pairs} games" if config.pairs is not None else "games until the SPRT decides"
    openings = (f"random openings of {args.plies} stones (seed {args.seed})" if args.openings == "random"
                else f"openings from {args.openings}")
    size = config.settings.size
    print(f"Match: {config.engines[0].name} vs {config.engines[1].name}, {size}x{size}, {games}, {openings}, "
          f"{control.describe() if control else 'no time control'}, concurrency {config.concurrency}")
    sys.stdout.flush()


def _stop_on_signals():
    """Ctrl-C (even when started in the background, where SIGINT comes
    ignored) and SIGTERM stop the match the same clean way."""

    def handler(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, handler)
