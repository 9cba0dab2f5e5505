"""A GTP controller for one engine process: starts it, sends commands, reads
the answers with deadlines, and turns every kind of misbehaviour (death,
silence, garbage) into an EngineFailure that says what happened."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from typing import IO

# What went wrong with an engine; these words end up in the results file.
START_FAILED = "start failed"
DIED = "engine died"
TIMEOUT = "timeout"
GARBAGE = "garbage output"
ERROR_ANSWER = "error answer"

_RESPONSE_HEAD = re.compile(r"^([=?])(\d*)(?:[ \t](.*))?$")
_READ_CHUNK = 65536
_QUIT_WAIT_S = 1.0
# A stopped stream ends at once: its last batch, the empty line, then the
# answer to the command that stopped it.
STOP_WAIT_S = 10.0


class EngineFailure(Exception):
    """The engine did not answer a command properly. `kind` is one of the
    module constants (START_FAILED, DIED, ...); `detail` says more."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind = kind
        self.detail = detail


class Response:
    """One GTP answer: ok is True for '=', False for '?'; text is the result
    or error message without the leading '=' / '?' and id."""

    __slots__ = ("ok", "text")

    def __init__(self, ok: bool, text: str) -> None:
        self.ok = ok
        self.text = text

    def __repr__(self) -> str:
        return f"Response({'=' if self.ok else '?'} {self.text!r})"


class GtpEngine:
    """One engine process spoken to over its stdin/stdout pipes. Not shared
    between threads, except kill(), which any thread may call."""

    def __init__(self, argv: Sequence[str], name: str, log: Callable[[str], None] | None = None,
                 show_stderr: bool = False, on_stderr: Callable[[str], None] | None = None) -> None:
        """on_stderr, when given, is called with every line the engine writes
        to stderr (without its line end), from a thread of its own."""
        self.argv = list(argv)
        self.name = name
        self._log = log
        self._show_stderr = show_stderr
        self._on_stderr = on_stderr
        self._process: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self._next_id = 1
        self._commands: frozenset[str] | None = None  # list_commands of the running process
        self._lock = threading.Lock()

    # -- life cycle ----------------------------------------------------
    def start(self) -> None:
        """Starts the process (after closing a previous one)."""
        self.close()
        stderr: int | None
        if self._on_stderr is not None:
            stderr = subprocess.PIPE
        else:
            stderr = None if self._show_stderr else subprocess.DEVNULL
        try:
            process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                bufsize=0,
                # Keeps Ctrl-C on the terminal away from the engines: the
                # runner stops them itself, and a game must not be lost to it.
                start_new_session=True,
            )
        except OSError as error:
            raise EngineFailure(START_FAILED, f"{self.argv[0]}: {error.strerror or error}") from None
        with self._lock:
            self._process = process
        self._buffer = b""
        self._next_id = 1
        self._commands = None
        if self._on_stderr is not None:
            threading.Thread(target=_forward_lines, args=(process.stderr, self._on_stderr), daemon=True).start()

    @property
    def returncode(self) -> int | None:
        """The exit status of the process once it has ended, else None."""
        process = self._process
        return None if process is None else process.poll()

    @property
    def running(self) -> bool:
        process = self._process
        return process is not None and process.poll() is None

    @property
    def pid(self) -> int | None:
        """The process id, or None when not started."""
        process = self._process
        return process.pid if process is not None else None

    def kill(self) -> None:
        """Kills the process at once; the thread that talks to it then sees it
        die. Safe from any thread, and when the process is gone already."""
        with self._lock:
            process = self._process
        if process is not None:
            _kill_and_reap(process)

    def close(self) -> None:
        """Kills the process if it still runs and releases its pipes. Only for
        the thread that talks to the engine."""
        with self._lock:
            process, self._process = self._process, None
        if process is not None:
            _kill_and_reap(process)
            _close_pipes(process)

    def quit(self) -> None:
        """Asks the engine to quit, then makes sure it has."""
        process = self._process
        if process is not None and process.poll() is None:
            try:
                self.send("quit", timeout=_QUIT_WAIT_S)
                process.wait(timeout=_QUIT_WAIT_S)
            except (EngineFailure, subprocess.TimeoutExpired):
                pass
        self.close()

    # -- commands --------------------------------------------------------
    def send(self, command: str, timeout: float | None = None) -> Response:
        """Sends one command and returns its Response. timeout (seconds, None
        for no limit) covers writing and the whole answer. Raises
        EngineFailure when the engine dies, stays silent or talks nonsense."""
        process = self._process
        if process is None:
            raise EngineFailure(DIED, "not running")
        deadline = None if timeout is None else time.monotonic() + timeout
        command_id = self._write(process, command)
        return self._read_response(process, command, command_id, deadline)

    def ask(self, command: str, timeout: float | None = None) -> str:
        """Like send, but an error answer is an EngineFailure too; returns
        the result text."""
        response = self.send(command, timeout)
        if not response.ok:
            raise EngineFailure(ERROR_ANSWER, f"'{command}' answered '? {response.text}'")
        return response.text

    def commands(self, timeout: float | None = None) -> frozenset[str]:
        """The commands the engine lists (list_commands), asked once per
        process; none when it answers list_commands with an error. Raises
        EngineFailure like send()."""
        if self._commands is None:
            response = self.send("list_commands", timeout)
            self._commands = frozenset(response.text.split()) if response.ok else frozenset()
        return self._commands

    def stream(self, command: str, on_line: Callable[[str], None], stopped: Callable[[], bool],
               stop_command: str = "name", timeout: float | None = None, poll_s: float = 0.05) -> Response:
        """Sends a command whose answer streams (a streamed rin-analyze): '='
        alone on a line, then lines until an empty line. on_line(line) gets
        every line as it arrives; stopped() is asked at least every poll_s
        seconds, and once it is true, stop_command is sent (any next command
        ends such a stream), the rest of the stream is read and so is the
        answer to stop_command, which keeps the engine and this controller
        in step. timeout (seconds) covers the whole stream; past it the
        stream is stopped the same way and given STOP_WAIT_S more to end.
        Returns the Response to `command`: an error answer ('?') streams
        nothing. Raises EngineFailure like send()."""
        process = self._process
        if process is None:
            raise EngineFailure(DIED, "not running")
        deadline = None if timeout is None else time.monotonic() + timeout
        command_id = self._write(process, command)
        status, answered_id, first_text = self._read_head(process, command, command_id, deadline)
        if status == "?":
            text = self._read_rest(process, command, deadline, first_text)
            self._trace("<", f"?{answered_id} {text}")
            return Response(False, text)
        self._trace("<", f"={answered_id} (streaming)")
        if first_text and first_text.strip():
            on_line(first_text.strip())
        stop_id: int | None = None
        stop_deadline: float | None = None
        while True:
            now = time.monotonic()
            if stop_id is None and (stopped() or (deadline is not None and now >= deadline)):
                stop_id = self._write(process, stop_command)
                stop_deadline = now + STOP_WAIT_S
            wait_until = now + poll_s if stop_deadline is None else stop_deadline
            line = self._poll_line(process, command, wait_until)
            if line is None:
                if stop_deadline is not None and time.monotonic() >= stop_deadline:
                    raise EngineFailure(TIMEOUT, f"'{command}' did not end after '{stop_command}'")
                continue
            if not line.strip():
                break
            on_line(line.strip())
        if stop_id is not None:
            self._read_response(process, stop_command, stop_id, time.monotonic() + STOP_WAIT_S)
        return Response(True, "")

    def _write(self, process: subprocess.Popen[bytes], command: str) -> int:
        command_id = self._next_id
        self._next_id += 1
        self._trace(">", f"{command_id} {command}")
        stdin = process.stdin
        assert stdin is not None  # started with pipes
        try:
            stdin.write(f"{command_id} {command}\n".encode())
            stdin.flush()
        except (OSError, ValueError):
            raise EngineFailure(DIED, self._death_note(process, f"while sending '{command}'")) from None
        return command_id

    # -- reading -----------------------------------------------------------
    def _read_response(self, process: subprocess.Popen[bytes], command: str, command_id: int,
                       deadline: float | None) -> Response:
        status, answered_id, first_text = self._read_head(process, command, command_id, deadline)
        text = self._read_rest(process, command, deadline, first_text)
        self._trace("<", f"{status}{answered_id} {text}")
        return Response(status == "=", text)

    def _read_head(self, process: subprocess.Popen[bytes], command: str, command_id: int,
                   deadline: float | None) -> tuple[str, str, str | None]:
        """The first line of an answer as (status, id, text): '=' or '?', the
        id it echoes (or ''), the text after them."""
        line = self._read_line(process, command, deadline)
        while not line.strip():  # empty lines between answers are tolerated
            line = self._read_line(process, command, deadline)
        match = _RESPONSE_HEAD.match(line.rstrip())
        if not match:
            raise EngineFailure(GARBAGE, f"answered '{_clip(line)}' to '{command}'")
        status, answered_id, first_text = match.groups()
        if answered_id and int(answered_id) != command_id:
            raise EngineFailure(GARBAGE, f"answer id {answered_id} to command id {command_id} ('{command}')")
        return status, answered_id, first_text

    def _read_rest(self, process: subprocess.Popen[bytes], command: str, deadline: float | None,
                   first_text: str | None) -> str:
        """The text of an answer: its first line's text and the lines after it,
        up to the empty line that ends it."""
        lines = [first_text or ""]
        while True:
            line = self._read_line(process, command, deadline)
            if not line.strip():
                break
            lines.append(line)
        return "\n".join(lines).strip()

    def _read_line(self, process: subprocess.Popen[bytes], command: str, deadline: float | None) -> str:
        line = self._poll_line(process, command, deadline)
        if line is None:
            raise EngineFailure(TIMEOUT, f"no answer to '{command}' in time")
        return line

    def _poll_line(self, process: subprocess.Popen[bytes], command: str, deadline: float | None) -> str | None:
        """The next line, or None when none is whole by deadline (None: no
        limit)."""
        stdout = process.stdout
        assert stdout is not None  # started with pipes
        while b"\n" not in self._buffer:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                return None
            try:
                readable, _, _ = select.select([stdout], [], [], remaining)
            except (OSError, ValueError):
                raise EngineFailure(DIED, self._death_note(process, f"while answering '{command}'")) from None
            if not readable:
                continue
            try:
                chunk = os.read(stdout.fileno(), _READ_CHUNK)
            except (OSError, ValueError):
                chunk = b""
            if not chunk:
                raise EngineFailure(DIED, self._death_note(process, f"while answering '{command}'"))
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line.decode("utf-8", errors="replace").replace("\r", "")

    def _death_note(self, process: subprocess.Popen[bytes], when: str) -> str:
        try:
            code = process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            return f"output closed {when}"
        if code < 0:
            return f"killed by signal {-code} {when}"
        return f"exited with status {code} {when}"

    def _trace(self, direction: str, text: str) -> None:
        if self._log is not None:
            self._log(f"{self.name} {direction} {text}")


def _kill_and_reap(process: subprocess.Popen[bytes]) -> None:
    # The engine leads its own process group (start_new_session): killing the
    # group also ends helpers it started, which could keep our pipes open.
    # Only while the engine is not reaped: its pid cannot have been reused.
    if process.returncode is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            pass
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass


def _forward_lines(pipe: IO[bytes], callback: Callable[[str], None]) -> None:
    # Ends when the engine closes its stderr (it exits or is killed); the
    # pipe is closed here, by the only thread that reads it.
    try:
        for line in pipe:
            callback(line.decode("utf-8", errors="replace").rstrip("\r\n"))
    except (OSError, ValueError):
        pass
    finally:
        try:
            pipe.close()
        except OSError:
            pass


def _close_pipes(process: subprocess.Popen[bytes]) -> None:
    for pipe in (process.stdin, process.stdout):
        try:
            if pipe is not None:
                pipe.close()
        except OSError:
            pass


def _clip(text: str, limit: int = 60) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."
