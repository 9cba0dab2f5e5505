"""Runs a match: worker threads, each with its own referee and one process of
each engine, play the games of colour-swapped pairs in the order of the
schedule (schedule.py), skipping games already in the results when resumed.
Results are tallied (standings.py), written (JSON lines, SGF) and reported
as they arrive; an SPRT decision or Ctrl-C stops the match early and kills
every engine process."""

import datetime
import json
import os
import shlex
import signal
import threading
import time
import traceback

from rinlib import gtp

from .game import BLACK, DRAW, NORMAL, WHITE, Game, GameResult, GameStopped, RefereeFailure, other
from .openings import OpeningError, random_opening
from .report import Reporter, machine_load
from .schedule import Schedule
from .sgf import game_record
from .standings import Standings

MAX_VOIDS_IN_A_ROW = 10  # then the referee is broken, not unlucky: stop


class EngineSpec:
    """An engine as the user gave it: a command line and a name."""

    def __init__(self, command, name):
        self.command = command
        self.argv = shlex.split(command)
        self.name = name


class MatchConfig:
    def __init__(self, engines, referee, settings, openings, pairs=None, sprt=None, concurrency=1,
                 sgf_dir=None, results_path=None, gtp_log_path=None, show_engine_stderr=False,
                 schedule=None, resumed_rows=None):
        self.engines = engines  # EngineSpec, two or more
        self.referee = referee  # EngineSpec
        self.settings = settings  # game.GameSettings
        self.openings = openings  # RandomOpenings or FileOpenings
        self.pairs = pairs  # per encounter; None: until the SPRT decides or Ctrl-C
        self.schedule = schedule or Schedule(len(engines), pairs_per_encounter=pairs)
        self.resumed_rows = resumed_rows or []  # rows of games already played (--resume): not played again
        self.sprt = sprt  # stats.Sprt or None
        self.concurrency = concurrency
        self.sgf_dir = sgf_dir
        self.results_path = results_path
        self.gtp_log_path = gtp_log_path
        self.show_engine_stderr = show_engine_stderr


class RandomOpenings:
    """Opening p of a match is random opening p of the seed."""

    def __init__(self, size, plies, seed):
        self.size, self.plies, self.seed = size, plies, seed

    def opening(self, round_, referee):
        return random_opening(referee, self.size, self.plies, self.seed, round_)


class FileOpenings:
    """Opening r is line r of the file, from the start again at its end."""

    def __init__(self, openings):
        self.openings = openings

    def opening(self, round_, referee):
        return self.openings[round_ % len(self.openings)]


class Job:
    """Game `number` (0-based) is game `swap` of pair number // 2; in game 0
    of a pair the pair's first engine has Black."""

    def __init__(self, number, pair):
        self.number = number
        self.pair = number // 2
        self.swap = number % 2
        self.first = pair.first  # engine indices
        self.second = pair.second
        self.round = pair.round  # the opening


class Match:
    """The state shared by the workers: the queue of games, the tally and the
    output files. Everything mutable is guarded by one lock."""

    def __init__(self, config, stream=None):
        self.config = config
        self.names = [spec.name for spec in config.engines]
        self.standings = Standings(self.names, config.schedule.encounters, config.sprt)
        self.done = set()
        for row in sorted(config.resumed_rows, key=lambda row: row["game"]):
            if self.standings.decision is None:
                self.standings.add(row)
            self.done.add(row["game"] - 1)
        self.void_games = 0
        self._voids_in_a_row = 0
        self.abort_reasons = []
        self.interrupted = False
        self.stop = threading.Event()
        self._lock = threading.Lock()
        self._pairs = config.schedule.pair_indices()
        self._queue = []
        total = config.schedule.shard_games()
        if total is not None:
            total -= len([number for number in self.done if number // 2 % config.schedule.shard[1] ==
                          config.schedule.shard[0] - 1])
        self.total_games = total
        self.reporter = Reporter(stream, total, config.sprt)
        self._results = None
        self._gtp_log = None
        self._workers = []
        self.date = datetime.date.today().isoformat()

    # -- running -------------------------------------------------------------
    def run(self):
        """Plays the match; returns when it is over or stopped. Ctrl-C stops
        it cleanly (the totals are still available). open_outputs() first."""
        started = time.monotonic()
        try:
            self._workers = [Worker(self, number) for number in range(self.config.concurrency)]
            for worker in self._workers:
                worker.start()
            try:
                while any(worker.is_alive() for worker in self._workers):
                    for worker in self._workers:
                        worker.join(0.1)
            except KeyboardInterrupt:
                signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the cleanup short
                self.interrupted = True
                self.stop_now()
                for worker in self._workers:
                    worker.join()
        finally:
            self.reporter.finish()
            self._close_outputs()
        self.elapsed_s = time.monotonic() - started

    def stop_now(self):
        """Ends the match: no new games, and the games under way are void."""
        self.stop.set()
        for worker in self._workers:
            worker.kill_processes()

    @property
    def tally(self):
        return self.standings.tally

    @property
    def sprt_decision(self):
        return self.standings.decision

    def next_job(self):
        with self._lock:
            while not self.stop.is_set() and self.standings.decision is None:
                if self._queue:
                    number, pair = self._queue.pop(0)
                    return Job(number, pair)
                index = next(self._pairs, None)
                if index is None:
                    break
                pair = self.config.schedule.pair(index)
                self._queue = [(number, pair) for number in (2 * index, 2 * index + 1) if number not in self.done]
            return None

    def summary(self):
        return self.standings.summary(self.void_games, getattr(self, "elapsed_s", None))

    # -- results -------------------------------------------------------------
    def record(self, job, players, opening, result):
        """Takes the result of a finished game: tally, files, report, SPRT."""
        with self._lock:
            if self.stop.is_set():
                return  # the match is over; a game ended by the stop is void
            points = _first_engine_points(job, players, result.winner)
            sgf_name = self._write_sgf(job, players, opening, result)
            row = self._result_row(job, players, opening, result, points, sgf_name)
            self._write_row(row)
            self._voids_in_a_row = 0
            decided = self.standings.add(row) is not None
            self.reporter.game_finished(row, self.standings.tally_of(row))
            if decided:
                self.stop.set()
                for worker in self._workers:
                    worker.kill_processes()

    def record_void(self, job, reason):
        with self._lock:
            if self.stop.is_set():
                return
            self.void_games += 1
            self._voids_in_a_row += 1
            self.reporter.note(f"game {job.number + 1}: void, {reason}", self.tally)
            hopeless = self._voids_in_a_row >= MAX_VOIDS_IN_A_ROW
        if hopeless:
            self.abort(f"the referee failed {MAX_VOIDS_IN_A_ROW} games in a row")

    def abort(self, message):
        """Stops the match because it cannot go on (the exit status says so)."""
        with self._lock:
            self.abort_reasons.append(message)
            self.reporter.note(f"match stopped: {message}")
        self.stop_now()

    def log_gtp(self, line):
        if self._gtp_log is not None:
            with self._lock:
                self._gtp_log.write(f"{time.monotonic():.3f} {line}\n")
                self._gtp_log.flush()

    def _result_row(self, job, players, opening, result, points, sgf_name):
        opening_info = {"index": opening.index, "position": opening.position}
        if opening.is_position:
            opening_info["line"] = opening.line
        else:
            opening_info["moves"] = [[color, vertex] for color, vertex in opening.moves]
        return {
            "game": job.number + 1,
            "pair": job.pair + 1,
            "opening": opening_info,
            "black": players[BLACK].name,
            "white": players[WHITE].name,
            "round": job.round + 1,
            "first_engine": self.names[job.first],
            "first_engine_index": job.first,
            "second_engine": self.names[job.second],
            "second_engine_index": job.second,
            "first_engine_color": BLACK if job.swap == 0 else WHITE,
            "result": result.sgf_result,
            "winner": result.winner,
            "reason": result.reason,
            "detail": result.detail,
            "first_engine_points": points,
            "stones": len(result.moves),
            "moves": [[color, vertex] for color, vertex in result.moves],
            "time_used": {color: round(seconds, 4) for color, seconds in result.time_used.items()},
            "final_score": result.score,
            "final_position": result.position,
            "sgf": sgf_name,
            "load": machine_load(),
        }

    # -- files -----------------------------------------------------------------
    def open_outputs(self):
        """Creates the results file, the SGF directory and the GTP log; raises
        OSError when one cannot be written."""
        if self.config.results_path:
            mode = "a" if self.config.resumed_rows else "w"
            self._results = open(self.config.results_path, mode, encoding="utf-8")
        if self.config.sgf_dir:
            os.makedirs(self.config.sgf_dir, exist_ok=True)
        if self.config.gtp_log_path:
            self._gtp_log = open(self.config.gtp_log_path, "w", encoding="utf-8")

    def _close_outputs(self):
        for handle in (self._results, self._gtp_log):
            if handle is not None:
                handle.close()

    def _write_row(self, row):
        if self._results is not None:
            self._results.write(json.dumps(row) + "\n")
            self._results.flush()

    def _write_sgf(self, job, players, opening, result):
        if not self.config.sgf_dir:
            return None
        name = f"game-{job.number + 1:05d}.sgf"
        info = {
            "size": self.config.settings.size,
            "black": players[BLACK].name,
            "white": players[WHITE].name,
            "game_name": f"Rin: {players[BLACK].name} vs {players[WHITE].name}, game {job.number + 1}",
            "date": self.date,
        }
        with open(os.path.join(self.config.sgf_dir, name), "w", encoding="utf-8") as handle:
            handle.write(game_record(info, opening, result))
        return name


def _first_engine_points(job, players, winner):
    """The points of the pair's first engine."""
    if winner == DRAW:
        return 0.5
    return 1.0 if players[winner].index == job.first else 0.0


class Player:
    """One engine of the match as a worker runs it: its spec, its index in
    the engine list and its current process."""

    def __init__(self, spec, index, engine):
        self.spec = spec
        self.index = index
        self.engine = engine

    @property
    def name(self):
        return self.spec.name


class Worker(threading.Thread):
    """Plays games one after the other with its own processes: a referee and
    one of each engine, restarted when they fail."""

    def __init__(self, match, number):
        super().__init__(name=f"worker-{number}", daemon=True)
        self.match = match
        config = match.config
        log = match.log_gtp if config.gtp_log_path else None
        stderr = config.show_engine_stderr

        def process(spec, tag):
            return gtp.GtpEngine(spec.argv, f"[{number}] {tag}", log=log, show_stderr=stderr)

        self.referee = process(config.referee, "referee")
        self.players = [Player(spec, index, process(spec, spec.name)) for index, spec in enumerate(config.engines)]

    def kill_processes(self):
        self.referee.kill()
        for player in self.players:
            player.engine.kill()

    def run(self):
        try:
            while True:
                job = self.match.next_job()
                if job is None:
                    break
                self._play(job)
        except Exception as error:  # a bug of the runner: stop the match, say what
            traceback.print_exc()
            self.match.abort(f"{type(error).__name__}: {error}")
        finally:
            self.referee.quit()
            for player in self.players:
                player.engine.quit()

    def _play(self, job):
        first, second = self.players[job.first], self.players[job.second]
        seats = {BLACK: first, WHITE: second} if job.swap == 0 else {BLACK: second, WHITE: first}
        try:
            self._ensure_referee()
            opening = self.match.config.openings.opening(job.round, self.referee)
            failed = self._ensure_engines(seats)
            if failed is not None:
                result = failed
            else:
                game = Game(self.match.config.settings, self.referee, seats[BLACK].engine, seats[WHITE].engine,
                            opening, self.match.stop)
                result = game.play()
        except (RefereeFailure, gtp.EngineFailure) as failure:
            self.referee.close()
            self.match.record_void(job, f"the referee failed: {failure}")
            return
        except GameStopped:
            return
        except OpeningError as error:
            self.match.abort(str(error))
            return
        if result.loser_failed:
            loser = seats[BLACK] if result.winner == WHITE else seats[WHITE]
            loser.engine.close()  # a fresh process for the next game
        self.match.record(job, seats, opening, result)

    def _ensure_referee(self):
        if not self.referee.running:
            self.referee.start()

    def _ensure_engines(self, seats):
        """Starts engines that are not running; a GameResult (a loss) when
        one cannot be started, else None."""
        for color in (BLACK, WHITE):
            player = seats[color]
            if player.engine.running:
                continue
            try:
                player.engine.start()
            except gtp.EngineFailure as failure:
                return _start_failure_result(color, failure)
        return None


def _start_failure_result(color, failure):
    return GameResult(other(color), failure.kind, f"{color}: {failure.detail}", [], {BLACK: 0.0, WHITE: 0.0},
                      "", "", loser_failed=True)
