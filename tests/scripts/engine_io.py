"""Reading what rin shows, through a pipe or a pseudo-terminal, with a
deadline: shared by the tests that drive it as a GUI or a person would."""

import codecs
import os
import pty
import re
import select
import time


def read_some(fd, deadline):
    """The next bytes from fd; b"" at its end (for a pseudo-terminal, once
    the other side has closed); None when `deadline` (time.monotonic())
    passes first."""
    ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
    if not ready:
        return None
    try:
        return os.read(fd, 65536)
    except OSError:  # EIO: the process on the terminal has gone
        return b""


class Terminal:
    """A program run on a pseudo-terminal, as a person at a terminal runs
    it: line editing on, no history file (HOME points nowhere). Use it in a
    `with` block, which closes the terminal."""

    def __init__(self, argv):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["HOME"] = "/nonexistent"
            os.execv(argv[0], argv)
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.seen = ""  # all that the terminal showed, without carriage returns
        self.mark = 0   # where the previous match ended

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        os.close(self.fd)

    def wait_for(self, pattern, timeout=20.0):
        """Reads until the regular expression appears after the end of the
        previous match; returns what was shown from there to the end of
        this one."""
        deadline = time.monotonic() + timeout
        while True:
            m = re.compile(pattern).search(self.seen, self.mark)
            if m:
                shown, self.mark = self.seen[self.mark:m.end()], m.end()
                return shown
            chunk = read_some(self.fd, deadline)
            if not chunk:
                why = "did not appear" if chunk is None else "did not appear before the end"
                raise AssertionError(f"{pattern!r} {why}; the terminal shows:\n{self.seen}")
            self.seen += self.decoder.decode(chunk).replace("\r", "")

    def type(self, line):
        """Types a line and Return."""
        os.write(self.fd, line.encode() + b"\r")

    def exit_code(self):
        """Waits for the program to end."""
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)
