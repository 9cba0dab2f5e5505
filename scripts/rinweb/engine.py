"""One engine process for one game: GTP over pipes (rinlib.gtp), with the
engine's stderr `info` lines kept so that the page can show the search as
it runs."""

import threading
import time

from rinlib import analysis, gtp
from rinlib.gtp import EngineFailure  # noqa: F401  (re-exported)

# Every command but genmove and analysis answers at once; a silent engine is
# a dead one.
QUICK_TIMEOUT_S = 10.0
STDERR_TAIL = 20


class Thinking:
    """The latest search progress of an engine (for the side to move of the
    position it searches)."""

    __slots__ = ("depth", "score", "exact", "nodes", "time_ms", "pv", "serial")

    def __init__(self, depth, score, exact, nodes, time_ms, pv, serial):
        self.depth = depth
        self.score = score
        self.exact = exact
        self.nodes = nodes
        self.time_ms = time_ms
        self.pv = pv
        self.serial = serial

    def as_json(self):
        return {"depth": self.depth, "score": self.score, "exact": self.exact, "nodes": self.nodes,
                "timeMs": self.time_ms, "pv": self.pv}


class Engine:
    def __init__(self, argv):
        self.argv = list(argv)
        self._lock = threading.Lock()
        self._thinking = None
        self._serial = 0
        self._stderr_tail = []
        self._process = gtp.GtpEngine(self.argv, "engine", on_stderr=self._stderr_line)

    # -- life cycle ----------------------------------------------------
    def start(self):
        self._process.start()
        self._stderr_tail = []
        # One check that this is a Rin engine at all, with a clear message.
        game = self.ask("gogui-rules_game_id")
        if game.strip() != "rin":
            self.stop()
            raise EngineFailure(gtp.START_FAILED, f"'{self.argv[0]}' is not a Rin engine (game id '{game}')")

    @property
    def running(self):
        return self._process.running

    def stop(self):
        self._process.quit()

    def kill(self):
        self._process.kill()

    def exit_note(self):
        """How the process ended, for a message."""
        code = self._process.returncode
        if code is None:
            return "it does not answer"
        return f"killed by signal {-code}" if code < 0 else f"exit status {code}"

    def stderr_tail(self):
        with self._lock:
            return list(self._stderr_tail)

    # -- commands --------------------------------------------------------
    def send(self, command, timeout=QUICK_TIMEOUT_S):
        return self._process.send(command, timeout=timeout)

    def stream(self, command, on_line, stopped, timeout):
        """A streamed answer (see rinlib.gtp.GtpEngine.stream), stopped with
        the harmless `name`."""
        return self._process.stream(command, on_line, stopped, stop_command="name", timeout=timeout)

    def ask(self, command, timeout=QUICK_TIMEOUT_S):
        return self._process.ask(command, timeout=timeout)

    # -- search progress -------------------------------------------------
    def thinking(self):
        with self._lock:
            return self._thinking

    def thinking_serial(self):
        with self._lock:
            return self._serial

    def wait_thinking_after(self, serial, wait_s=0.05):
        """The latest progress line newer than serial, waiting up to wait_s
        for the stderr reader to catch up with the answer on stdout."""
        deadline = time.monotonic() + wait_s
        while True:
            with self._lock:
                if self._serial > serial:
                    return self._thinking
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.005)

    def _stderr_line(self, line):
        try:
            progress = analysis.parse_progress(line)
        except ValueError:
            progress = None  # the engine's other words on stderr
        with self._lock:
            self._stderr_tail.append(line)
            del self._stderr_tail[:-STDERR_TAIL]
            if progress is not None:
                self._serial += 1
                self._thinking = Thinking(progress.depth, progress.score.stones, progress.score.final,
                                          progress.nodes, progress.time_ms, list(progress.pv), self._serial)
