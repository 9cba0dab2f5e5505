"""The command line of scripts/match: arguments, the checks made before the
first game (engines start, the referee is a Rin ruler, openings are valid),
the match itself and the exit status."""

import argparse
import os
import shlex
import signal
import sys

from rinlib import gtp, paths

from .clock import MoveTime, parse_tc
from .game import GameSettings
from .openings import OpeningError, check_positions, random_opening, read_position_file
from .report import busy_warning, machine_load
from .runner import EngineSpec, FileOpenings, Match, MatchConfig, RandomOpenings
from .schedule import GAUNTLET, ROUND_ROBIN, Schedule, encounters, parse_shard
from .standings import ResultsError, Standings, engine_names, read_results
from .stats import Sprt

EXIT_OK = 0
EXIT_FAILURE = 1  # engines or referee cannot be started, bad openings, void games, the match aborted
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

DEFAULT_GAMES = 100
REFEREE_PROBE_S = 2.0  # how long a default referee candidate may take to answer
PROG = "rin-match" if paths.INSTALLED else "match"

DESCRIPTION = """\
Plays two GTP engines against each other at Rin and reports the result:
wins, draws and losses of the first engine, its score, the Elo difference
with a 95% interval, LOS and pentanomial pair counts, the final margins in
stones (median, mean, and how many wins and losses were by 2 or fewer);
optionally an SPRT.
With more than two engines, a round robin (every engine against every
other) or a gauntlet (the first against each of the others), reported as
standings and one such report per encounter.

A referee (a third process of the rin engine) receives every stone with
`play`, says whose turn it is (gogui-rules_side_to_move) and when the game is
over (gogui-rules_final_result), and judges every stone: an engine that
answers an illegal or malformed move, an error, garbage, nothing in time, or
dies, loses that game; its process is restarted for the next game.

Each opening is played twice with colours swapped (a pair): in the first
game of a pair the first engine has Black. With several encounters, pairs
take the encounters in turn and every encounter plays the same openings.

  match merge [--sprt ELO0 ELO1 ALPHA BETA] RESULTS...
prints the report of the games in results files written by the shards of a
match (--shard), exactly as one run of the whole match would have printed
it (without its time line); with --sprt the games are taken in schedule
order and those after the decision are left out, as one run stops there."""

EPILOG = """\
time controls:
  --movetime MS       Canadian byo-yomi of one stone: sends
                      `time_settings 0 S 1` at the start of each game and
                      `time_left COLOR S 1` before every genmove, S = MS/1000
                      seconds (decimals: 0.1 for 100 ms); each genmove answer
                      must arrive within MS + margin milliseconds.
  --tc MAIN+INC       sends `time_settings MAIN 0 0` at the start of each game
                      and `time_left COLOR T 0` before every genmove; T is the
                      clock's time left including increments earned so far.
  --tc MAIN:BYO/STONES
                      Canadian byo-yomi: sends `time_settings MAIN BYO STONES`,
                      then `time_left COLOR T 0` in main time and
                      `time_left COLOR T S` in byo-yomi (T left in the period,
                      S stones still to place in it).
  Only engines that list time_settings and time_left (list_commands) are
  told, and only if they accept time_settings; the others play on their own
  settings. An engine given its own --movetime (rin --movetime 100) thinks
  that long whatever it is told. --tc sends whole seconds, rounded down.
  The runner measures each genmove from sending it to reading the whole
  answer, deducts that from the clock, and forfeits the game when the clock
  is below -margin.

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
colour), final_score, final_position, sgf (file name in --sgf-dir), load
(the machine's 1-minute load average at the game's end). With a clock, a
match warns when the machine is already busy before it starts, and the
summary gives the load at the games' ends: times measured on a machine
that other work shares depend on that work.

spreading a match over machines:
  --shard I/N plays only pairs p with p % N == I - 1 (openings and colours
  still come from the seed and the pair number), so the N shards together
  play the whole match once; give each its own --results and combine them
  with `match merge`. --resume FILE continues an interrupted match (or
  shard) from its results file: games already there are not played again
  and new rows are appended.

exit status: 0 when the match ran (or the SPRT decided), 1 when an engine or
the referee cannot be started, the openings are unusable or the referee
failed during a game (that game is void: not counted), 2 on bad usage, 130
when stopped with Ctrl-C or SIGTERM (the totals so far are printed).

example:
  scripts/match --engine "build/rin --player greedy" --engine "build/rin --player random" \\
      --size 8 --pairs 20 --concurrency 2 --sgf-dir games --results games.jsonl
  scripts/match --engine "build/rin --player greedy" --engine "build/rin --player random" \\
      --size 8 --pairs 20 --shard 2/4 --results shard2.jsonl
  scripts/match merge shard1.jsonl shard2.jsonl shard3.jsonl shard4.jsonl"""


class UsageError(Exception):
    pass


def build_parser():
    parser = argparse.ArgumentParser(
        prog=PROG, usage="%(prog)s --engine CMD [NAME] --engine CMD [NAME] [--engine ...] [options]\n"
                            "       %(prog)s merge [--sprt ELO0 ELO1 ALPHA BETA] RESULTS...", description=DESCRIPTION,
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    engines = parser.add_argument_group("engines")
    engines.add_argument("--engine", action="append", nargs="+", metavar=("CMD", "NAME"), required=True,
                         help="an engine command line (quote it), optionally followed by a name; give two or more. "
                              "Statistics are from the first engine's point of view")
    engines.add_argument("--tournament", choices=(ROUND_ROBIN, GAUNTLET), default=ROUND_ROBIN,
                         help="with more than two engines: every engine against every other (round-robin, the "
                              "default) or the first engine against each of the others (gauntlet)")
    engines.add_argument("--referee", metavar="CMD",
                         help="the referee command line (default: the first of these that is a Rin ruler: the first "
                              "engine's executable without arguments, the second's, build/rin of this repository, or "
                              "the rin installed beside rin-match)")
    games = parser.add_argument_group("games")
    games.add_argument("--size", type=int, metavar="N",
                       help="board size, 4 to 16 (default 16, or the size of the openings file)")
    count = games.add_mutually_exclusive_group()
    count.add_argument("--games", type=int, metavar="N", help=f"number of games, even (default {DEFAULT_GAMES}, "
                                                              "or unlimited with --sprt)")
    count.add_argument("--pairs", type=int, metavar="N", help="number of colour-swapped pairs of games "
                                                              "(per encounter with more than two engines)")
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
    output.add_argument("--resume", metavar="FILE",
                        help="continue the match whose results file FILE is: its games are counted, not played "
                             "again, and new rows are appended to it (give the same options as before)")
    spread = parser.add_argument_group("several machines")
    spread.add_argument("--shard", metavar="I/N", help="play only the I-th of N disjoint parts of the match (whole "
                                                       "pairs); combine the results files with `match merge`")
    output.add_argument("--gtp-log", metavar="FILE", help="log every GTP command and answer to FILE")
    output.add_argument("--engine-stderr", action="store_true",
                        help="let the engines write to this terminal's stderr (default: discarded)")
    return parser


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["merge"]:
        return merge(argv[1:])
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
    if len(args.engine) < 2:
        raise UsageError(f"--engine must be given at least twice (got {len(args.engine)})")
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
    if args.sprt is not None and len(args.engine) != 2:
        raise UsageError("--sprt needs exactly two engines")
    args.shard_spec = (1, 1)
    if args.shard is not None:
        try:
            args.shard_spec = parse_shard(args.shard)
        except ValueError as error:
            raise UsageError(str(error)) from None
        if args.sprt is not None:
            raise UsageError("--shard plays a part of the match: give --sprt to `match merge` instead")
    if args.resume is not None and args.results is not None and args.results != args.resume:
        raise UsageError("--resume FILE appends to FILE: leave out --results or give the same file")


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
    names = [spec.name for spec in specs]
    for number, spec in enumerate(specs, 1):
        if names.count(spec.name) > 1:
            spec.name += f" #{number}"
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
    try:
        resumed = resumed_rows(args, engines)
    except ResultsError as error:
        print(f"match: {error}", file=sys.stderr)
        return EXIT_FAILURE
    config = match_config(args, engines, referee_spec, openings, size, resumed)
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
        executables.append(shlex.quote(os.path.normpath(paths.DEFAULT_ENGINE)))
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


def resumed_rows(args, engines):
    """The rows of --resume's file, checked to be of these engines."""
    if args.resume is None:
        return []
    if not os.path.exists(args.resume):
        return []  # nothing played yet
    rows = read_results(args.resume)
    _drop_cut_last_line(args.resume)
    names = [spec.name for spec in engines]
    for row in rows:
        for key in ("first_engine", "second_engine"):
            index = row[key + "_index"]
            if index >= len(names) or names[index] != row[key]:
                raise ResultsError(f"{args.resume}: game {row['game']} was played by '{row[key]}' as engine "
                                   f"{index + 1}, not by this match's engines ({', '.join(names)})")
    return rows


def _drop_cut_last_line(path):
    """Removes a last line without its newline (the match was stopped while
    writing it), so that appended rows start on a line of their own."""
    with open(path, "rb+") as handle:
        data = handle.read()
        if data and not data.endswith(b"\n"):
            handle.truncate(data.rfind(b"\n") + 1)


def match_config(args, engines, referee_spec, openings, size, resumed=()):
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
    schedule = Schedule(len(engines), args.tournament, pairs, args.shard_spec)
    return MatchConfig(engines, referee_spec, settings, openings, pairs=pairs, sprt=sprt,
                       concurrency=args.concurrency, sgf_dir=args.sgf_dir, results_path=args.resume or args.results,
                       gtp_log_path=args.gtp_log, show_engine_stderr=args.engine_stderr, schedule=schedule,
                       resumed_rows=list(resumed))


def print_header(config, args):
    control = config.settings.time_control
    schedule = config.schedule
    total = schedule.total_pairs
    games = f"{2 * total} games" if total is not None else "games until the SPRT decides"
    if schedule.shard != (1, 1):
        games += f" (shard {schedule.shard[0]}/{schedule.shard[1]}: {schedule.shard_games()} of them)"
    if config.resumed_rows:
        games += f", resumed after {len(config.resumed_rows)} games"
    openings = (f"random openings of {args.plies} stones (seed {args.seed})" if args.openings == "random"
                else f"openings from {args.openings}")
    size = config.settings.size
    players = " vs ".join(spec.name for spec in config.engines)
    if len(config.engines) > 2:
        players += f" ({args.tournament})"
    print(f"Match: {players}, {size}x{size}, {games}, {openings}, "
          f"{control.describe() if control else 'no time control'}, concurrency {config.concurrency}")
    warning = busy_warning(machine_load(), os.cpu_count() or 1, control is not None)
    if warning:
        print(warning)
    sys.stdout.flush()


def merge(argv):
    """`match merge`: the report of the games in results files."""
    parser = argparse.ArgumentParser(
        prog=f"{PROG} merge", description="Prints the report of a match from the results files of its shards "
                                        "(match --shard I/N --results FILE), as one run of the whole match would.")
    parser.add_argument("results", nargs="+", metavar="RESULTS", help="results files (JSON lines)")
    parser.add_argument("--sprt", nargs=4, type=float, metavar=("ELO0", "ELO1", "ALPHA", "BETA"),
                        help="the SPRT of the match: games after its decision (in schedule order) are left out")
    args = parser.parse_args(argv)
    try:
        rows, seen = [], {}
        for path in args.results:
            for row in read_results(path):
                if row["game"] in seen:
                    raise ResultsError(f"game {row['game']} is in {seen[row['game']]} and in {path}: "
                                       f"were these shards of one match?")
                seen[row["game"]] = path
                rows.append(row)
        rows.sort(key=lambda row: row["game"])
        names = engine_names(rows)
    except ResultsError as error:
        print(f"match merge: {error}", file=sys.stderr)
        return EXIT_FAILURE
    if not rows:
        print("match merge: the results files hold no games", file=sys.stderr)
        return EXIT_FAILURE
    if args.sprt is not None and len(names) != 2:
        parser.error("--sprt needs a match of exactly two engines")
    played = {(row["first_engine_index"], row["second_engine_index"]) for row in rows}
    schedule_order = [pair for pair in encounters(len(names), ROUND_ROBIN) + encounters(len(names), GAUNTLET)
                      if pair in played]
    standings = Standings(names, list(dict.fromkeys(schedule_order)), Sprt(*args.sprt) if args.sprt else None)
    counted = 0
    for row in rows:
        counted += 1
        if standings.add(row) is not None:
            break
    missing = _missing_games(rows)
    if missing:
        print(f"match merge: {len(missing)} games missing between 1 and {rows[-1]['game']} "
              f"(first: {', '.join(str(n) for n in missing[:5])}): an unfinished shard?", file=sys.stderr)
    if counted < len(rows):
        print(f"match merge: the SPRT decided at game {rows[counted - 1]['game']}; "
              f"{len(rows) - counted} later games left out", file=sys.stderr)
    for line in standings.summary():
        print(line)
    return EXIT_OK


def _missing_games(rows):
    numbers = {row["game"] for row in rows}
    return [number for number in range(1, max(numbers) + 1) if number not in numbers]


def _stop_on_signals():
    """Ctrl-C (even when started in the background, where SIGINT comes
    ignored) and SIGTERM stop the match the same clean way."""

    def handler(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, handler)
