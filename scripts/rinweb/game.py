"""One game on the page: its record (start, stones, the position after each
stone, the scores seen), kept here, and the engine that plays and analyses
it, which follows the record. The record is the truth: an engine that dies
is started again and given the record, and a finished game's engine is
ended and started again only when needed."""

import contextlib
import datetime
import os
import re
import tempfile
import threading
import time

from rinlib import position

from . import analysis, record, validate
from .engine import Engine, EngineFailure
from .validate import RequestError

# The engine's own limit for SGF files (protocol/PROTOCOL.md, "Game records").
SGF_MAX_BYTES = 1 << 20
GENMOVE_SLACK_S = 30.0
# An analysis that made way with less than this left is over.
ANALYSIS_MIN_LEFT_S = 0.1


def _gtp_safe_temp_dir():
    # loadsgf takes the path as one GTP word: no spaces, no '#'.
    directory = tempfile.gettempdir()
    return directory if re.fullmatch(r"[\w./+-]+", directory) else "/tmp"


class Move:
    __slots__ = ("color", "vertex", "position")

    def __init__(self, color, vertex, position_text):
        self.color = color
        self.vertex = vertex
        self.position = position_text


class Game:
    def __init__(self, game_id, engine_argv, slots, size, movetime):
        self.id = game_id
        self.lock = threading.RLock()
        self.last_seen = time.monotonic()
        self._engine_argv = engine_argv
        self._slots = slots
        self._engine = None
        self._engine_moves = None  # stones of the record the engine has, None: unknown
        self._engine_movetime = None
        self.start_position = position.empty_board(size)
        self.moves = []
        self.scores = {}  # index -> (score for Black in stones, depth, exact)
        self.date = datetime.date.today().isoformat()
        self.movetime = movetime
        self.resigned = None
        self.result = None
        self.notices = []
        self.busy = None
        self.closed = False
        self._thinking_from = 0  # the engine's progress lines up to this serial are of an earlier search
        self._analysis = None
        self._analysis_stop = threading.Event()
        self._analysis_result = None
        self._aside = threading.Condition()
        self._aside_count = 0  # requests waiting for the engine while an analysis runs

    # -- the record ------------------------------------------------------
    def position_at(self, index):
        text = self.moves[index - 1].position if index > 0 else self.start_position
        return position.parse(text)

    @property
    def size(self):
        return self.position_at(0).size

    @property
    def over(self):
        return self.resigned is not None or self.position_at(len(self.moves)).over

    def state(self):
        # Also read without the lock (a page's poll while the engine works):
        # from copies, each made at once.
        moves = list(self.moves)
        scores = list(self.scores.items())
        current = position.parse(moves[-1].position if moves else self.start_position)
        notices, self.notices = self.notices, []
        return {
            "game": self.id,
            "size": current.size,
            "start": self.start_position,
            "movetime": self.movetime,
            "moves": [{"color": m.color, "vertex": m.vertex, "position": m.position} for m in moves],
            "scores": {str(i): {"score": s, "depth": d, "exact": e} for i, (s, d, e) in scores},
            "toMove": current.to_move,
            "stone": current.stone,
            "black": current.count("b"),
            "white": current.count("w"),
            "over": self.resigned is not None or current.over,
            "resigned": self.resigned,
            "result": self.result,
            "notices": notices,
        }

    # -- actions (each with self.lock held by the caller) ----------------
    def new(self, size, movetime):
        self.stop_analysis()
        self.start_position = position.empty_board(size)
        self.movetime = movetime
        self._reset_record()

    def start_engine(self):
        """Starts the game's engine now (it is otherwise started when first
        needed), so that a full server or a broken engine shows at once."""
        self._with_engine(lambda engine: None)

    def play(self, vertex):
        self._refuse_when_over()
        vertex = validate.vertex(vertex, self.size)
        color = self.position_at(len(self.moves)).to_move

        def place(engine):
            response = engine.send(f"play {color} {vertex}")
            if not response.ok:
                return response, None
            self._engine_moves += 1
            return response, self._after_stone(engine)

        response, after = self._with_engine(place)
        if not response.ok:
            raise RequestError(response.text, status=409)
        self._record_stone(color, vertex, *after)

    def genmove(self):
        self._refuse_when_over()
        index = len(self.moves)
        color = self.position_at(index).to_move

        def ask(engine):
            if self._engine_movetime != self.movetime:
                engine.ask(f"rin-option movetime {self.movetime}")
                self._engine_movetime = self.movetime
            serial = self._thinking_from = engine.thinking_serial()
            answer = engine.ask(f"genmove {color}", timeout=self.movetime / 1000 + GENMOVE_SLACK_S)
            thinking = engine.wait_thinking_after(serial)
            if answer.lower() == "resign":
                return answer, thinking, None
            self._engine_moves += 1
            return answer, thinking, self._after_stone(engine)

        self.busy = "genmove"
        try:
            answer, thinking, after = self._with_engine(ask)
        finally:
            self.busy = None
        if after is None:
            self.resign(color)
            return
        vertex = validate.vertex(answer, self.size)
        if thinking is not None:
            self._note_score(index, color, thinking.score, thinking.depth, thinking.exact)
        self._record_stone(color, vertex, *after)

    def undo(self, turns):
        """Takes back whole turns: the stones back to the first stone of a
        turn, at least one stone, `turns` times."""
        self.stop_analysis()
        for _ in range(turns):
            if not self.moves:
                break
            self.moves.pop()
            while self.moves and self.position_at(len(self.moves)).stone == 2:
                self.moves.pop()
        self.resigned = None
        self.result = None
        for index in [i for i in self.scores if i > len(self.moves)]:
            del self.scores[index]

    def resign(self, color):
        self._refuse_when_over()
        self.resigned = color
        self.result = ("W" if color == "b" else "B") + "+R"
        self._finish()

    def set_movetime(self, movetime):
        self.movetime = movetime

    def load_sgf(self, text, name, scores=None):
        """Loads an uploaded record through the engine, which checks it; a
        refused file raises RequestError with the engine's reason. `scores`,
        a validated {index: (score, depth, exact)} of the same record (a
        reloaded page's graph), are kept where the game has none."""
        data = text.encode("utf-8")
        if len(data) > SGF_MAX_BYTES:
            raise RequestError(f"{name}: larger than the engine's limit of {SGF_MAX_BYTES} bytes", status=413)
        self.stop_analysis()
        with tempfile.TemporaryDirectory(prefix="rin-web-", dir=_gtp_safe_temp_dir()) as directory:
            path = os.path.join(directory, "upload.sgf")
            with open(path, "wb") as handle:
                handle.write(data)

            def load(engine):
                self._engine_moves = None  # whatever happens, the engine's position is no longer known
                response = engine.send(f"loadsgf {path}")
                if not response.ok:
                    return response, None
                return response, engine.ask("printsgf")

            response, sgf = self._with_engine(load)
        if not response.ok:
            reason = response.text.replace(path, name)
            raise RequestError(f"the engine refused the file: {reason}", status=422)
        start, moves = record.read_engine_sgf(sgf)
        self.start_position = start
        self._reset_record()
        self._with_engine(lambda engine: self._replay(engine, moves))
        for index, score in (scores or {}).items():
            if index <= len(self.moves):
                self.scores.setdefault(index, score)

    def sgf(self, players=None):
        """The engine's record with the date the game began (DT) and, given
        the page's players (a mode of the server's MODES), who played each
        colour (PB, PW): Rin or a person."""
        text = self._with_engine(lambda engine: engine.ask("printsgf"))
        header = f"DT[{self.date}]"
        if players is not None:
            black = "Rin" if players in ("white", "engines") else "Human"
            white = "Rin" if players in ("black", "engines") else "Human"
            header = f"PB[{black}]PW[{white}]" + header
        if self.resigned is not None and "RE[" not in text:
            header += f"RE[{self.result}]"
        return text.replace("RU[Rin]", f"RU[Rin]{header}", 1)

    def threats(self, index):
        """For each side, the points where one stone of that side would fill
        something, with what it would fill (found by the engine: play, look,
        undo), at the position after `index` stones. Under aside() when an
        analysis may run."""
        index = validate.index(index, len(self.moves))
        before = self.position_at(index)
        # On an empty board one stone fills nothing (and the engine takes no
        # empty board with White to move, which the probe would set).
        if before.over or before.count("b") + before.count("w") == 0:
            return {"index": index, "b": [], "w": []}
        self.busy = "threats"
        try:
            return dict(index=index, **self._with_engine(lambda engine: self._probe_fills(engine, index, before)))
        finally:
            self.busy = None

    # -- analysis --------------------------------------------------------
    def start_analysis(self, index, seconds):
        self.stop_analysis()
        index = validate.index(index, len(self.moves))
        if self.position_at(index).over:
            raise RequestError("the board is full at that move: nothing to analyse", status=409)
        self._analysis_stop = threading.Event()
        self._analysis_result = {"index": index, "running": True, "stopped": False, "candidates": [],
                                 "error": None}
        stop = self._analysis_stop
        thread = threading.Thread(target=self._analyse, args=(index, seconds, stop), daemon=True)
        self._analysis = thread
        thread.start()

    def analysis_status(self):
        """The analysis as the page shows it; `stopped` when a request ended
        it before its time (an analysis that ran its time or proved every
        line is done)."""
        result = self._analysis_result
        if result is None:
            return {"running": False, "stopped": False, "candidates": [], "index": None, "error": None}
        return dict(result)

    def interrupt(self):
        """Asks a running analysis to stop; without the lock, so that an
        action need not wait for the whole analysis to get it."""
        self._analysis_stop.set()
        with self._aside:
            self._aside.notify_all()

    @contextlib.contextmanager
    def aside(self):
        """The lock for a request that only looks (the fills, a download):
        a running analysis makes way for it and then goes on for the rest
        of its time, with the candidates it had."""
        with self._aside:
            self._aside_count += 1
        try:
            with self.lock:
                yield
        finally:
            with self._aside:
                self._aside_count -= 1
                self._aside.notify_all()

    def _making_way(self):
        with self._aside:
            return self._aside_count > 0

    def stop_analysis(self):
        """Stops a running analysis and waits for its step to end. Callers
        hold self.lock, which the analysis takes between its steps."""
        thread = self._analysis
        if thread is None:
            return
        self.interrupt()
        self.lock.release()
        try:
            thread.join()
        finally:
            self.lock.acquire()
        self._analysis = None

    def _analyse(self, index, seconds, stop):
        # A search that went on after making way starts again from depth 1:
        # its batches show once they reach the depth already shown.
        shown_depth = 0

        def update(candidates):
            nonlocal shown_depth
            if candidates[0].depth < shown_depth:
                return
            shown_depth = candidates[0].depth
            self._analysis_result = dict(self._analysis_result, candidates=[c.as_json() for c in candidates])
            best = candidates[0]
            color = self.position_at(index).to_move
            self._note_score(index, color, best.score, best.depth, best.exact)

        def run(engine, left):
            self._sync(engine, index)
            return analysis.analyse(engine, left, update, lambda: stop.is_set() or self._making_way())

        error = None
        left = float(seconds)
        try:
            while left >= ANALYSIS_MIN_LEFT_S:
                with self._aside:
                    while self._aside_count and not stop.is_set():
                        self._aside.wait()
                with self.lock:
                    if stop.is_set():
                        return
                    self.busy = "analyse"
                    started = time.monotonic()
                    try:
                        candidates = self._with_engine(lambda engine: run(engine, left))
                    finally:
                        self.busy = None
                        left -= time.monotonic() - started
                if stop.is_set() or not self._making_way() or (candidates and all(c.exact for c in candidates)):
                    return
        except (RequestError, ValueError) as failure:
            error = getattr(failure, "message", None) or str(failure)
        finally:
            self._analysis_result = dict(self._analysis_result, running=False, stopped=stop.is_set(),
                                         error=error)

    # -- closing ---------------------------------------------------------
    def abort(self):
        """Without the lock: marks the game closed and kills its engine, so
        that an action under way (a long genmove) ends at once."""
        self.closed = True
        self.interrupt()
        engine = self._engine
        if engine is not None:
            engine.kill()

    def close(self):
        self.stop_analysis()
        self._stop_engine()

    def thinking(self):
        engine = self._engine
        current = engine.thinking() if engine is not None and self.busy == "genmove" else None
        # Only the search under way: not the last move's, nor an analysis's (which reports on stdout).
        fresh = current is not None and current.serial > self._thinking_from
        return {"busy": self.busy, "thinking": current.as_json() if fresh else None}

    def stop_engine_if_idle(self):
        """For the server's reaper: ends the engine unless it is working."""
        if not self.lock.acquire(blocking=False):
            return False
        try:
            if (self._analysis is not None and self._analysis.is_alive()) or self.busy:
                return False
            self._stop_engine()
            return True
        finally:
            self.lock.release()

    @property
    def has_engine(self):
        return self._engine is not None

    # -- internals -------------------------------------------------------
    def _reset_record(self):
        self.date = datetime.date.today().isoformat()
        self.moves = []
        self.scores = {}
        self.resigned = None
        self.result = None

    def _refuse_when_over(self):
        self.stop_analysis()
        if self.over:
            raise RequestError("the game is over", status=409)

    @staticmethod
    def _after_stone(engine):
        """The engine's position after a stone, and its final score when
        the board is full."""
        text = position.check(engine.ask("rin-position"))
        final = engine.ask("final_score") if position.parse(text).over else None
        return text, final

    def _record_stone(self, color, vertex, position_text, final):
        self.moves.append(Move(color, vertex, position_text))
        if final is not None:
            self.result = final
            now = self.position_at(len(self.moves))
            self.scores[len(self.moves)] = (now.count("b") - now.count("w"), 0, True)
            self._finish()

    def _note_score(self, index, color, score, depth, exact):
        self.scores[index] = (score if color == "b" else -score, depth, exact)

    def _finish(self):
        # A finished game needs its engine no more; it comes back for an undo
        # or an analysis.
        self._stop_engine()

    def _replay(self, engine, moves):
        """Plays a loaded record's stones, keeping the positions."""
        self._sync(engine, 0)
        for color, vertex in moves:
            engine.ask(f"play {color} {vertex}")
            self._engine_moves += 1
            self.moves.append(Move(color, vertex, position.check(engine.ask("rin-position"))))
        if moves and self.position_at(len(self.moves)).over:
            self.result = engine.ask("final_score")

    def _probe_fills(self, engine, index, before):
        found = {}
        for color in ("b", "w"):
            if before.to_move == color:
                self._sync(engine, index)
            else:
                self._engine_moves = None
                if not self._set_side(engine, index, color):
                    found[color] = []
                    continue
            found[color] = []
            for vertex in before.empty_vertices():
                if not engine.send(f"play {color} {vertex}").ok:
                    continue
                after = position.parse(engine.ask("rin-position"))
                engine.ask("undo")
                fills = [v for v in position.changed(before, after) if v != vertex]
                if fills:
                    found[color].append({"vertex": vertex, "fills": fills})
            found[color].sort(key=lambda threat: -len(threat["fills"]))
        return found

    def _set_side(self, engine, index, color):
        """The board after `index` stones with `color` to move, on the first
        stone of its turn, else on its second. False when the engine refuses
        both as positions no game reaches: the board then holds too few
        stones of `color` for one more to close a ring."""
        for stone in (1, 2):
            if engine.send(f"rin-setposition {position.with_side(self._text_at(index), color, stone)}").ok:
                return True
        return False

    def _text_at(self, index):
        return self.moves[index - 1].position if index > 0 else self.start_position

    def _with_engine(self, action):
        """Runs action(engine) on an engine that holds the record (started
        when needed). An engine that dies or stops answering is started
        again, given the record, and the action is tried once more."""
        for attempt in (1, 2):
            engine = self._ensure_engine()
            try:
                self._sync(engine, len(self.moves))
                return action(engine)
            except EngineFailure as failure:
                if self.closed:
                    raise RequestError("the game was closed", status=410) from None
                if failure.kind == "error answer":
                    raise RequestError(f"the engine refused: {failure.detail}", status=502) from None
                tail = [line for line in engine.stderr_tail() if line.strip() and not line.startswith("info ")]
                self._stop_engine(kill=True)
                note = f"The engine failed ({failure}); it was restarted and the game restored from its " \
                       f"{len(self.moves)} stones."
                if tail:
                    note += f" It said: {tail[-1][:200]}"
                self.notices.append(note)
                if attempt == 2:
                    raise RequestError(f"the engine failed again: {failure}", status=502) from None

    def _ensure_engine(self):
        if self.closed:
            raise RequestError("the game was closed", status=410)
        if self._engine is not None and self._engine.running:
            return self._engine
        if self._engine is None:
            self._slots.reserve(self)
        else:
            self.notices.append(f"The engine had stopped ({self._engine.exit_note()}); it was restarted and "
                                f"the game restored from its {len(self.moves)} stones.")
            self._engine.stop()
        engine = Engine(self._engine_argv)
        try:
            engine.start()
        except EngineFailure as failure:
            self._engine = None
            self._slots.release(self)
            raise RequestError(f"cannot start the engine: {failure.detail or failure}", status=502) from None
        self._engine = engine
        self._engine_moves = None
        self._engine_movetime = None
        return engine

    def _stop_engine(self, kill=False):
        engine, self._engine = self._engine, None
        self._engine_moves = None
        if engine is not None:
            if kill:
                engine.kill()
            engine.stop()
            self._slots.release(self)

    def _sync(self, engine, index):
        """Makes the engine's position the record's after `index` stones,
        by undo or play when it can, else from the start position."""
        have = self._engine_moves
        if have is not None and have > index:
            for _ in range(have - index):
                engine.ask("undo")
            self._engine_moves = index
            return
        if have is None:
            engine.ask(f"rin-setposition {self.start_position}")
            self._engine_moves = have = 0
        for move in self.moves[have:index]:
            engine.ask(f"play {move.color} {move.vertex}")
            self._engine_moves += 1
