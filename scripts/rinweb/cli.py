"""rin-web's command line: starts the server and prints its address."""

import argparse
import errno
import os
import shlex
import signal
import sys
import threading

from rinlib import paths
from rinlib.gtp import GARBAGE

from . import validate
from .engine import Engine, EngineFailure
from .server import Server, Settings

DEFAULT_ENGINE = paths.DEFAULT_ENGINE
DEFAULT_MOVETIME_MS = 1000


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="rin-web",
        description="Play and analyse Rin against the engine in a web browser. Starts a local web server "
                    "and prints the address to open; each game gets its own engine process (GTP over pipes). "
                    "Ctrl-C stops the server and every engine.")
    parser.add_argument("--port", type=int, default=8080, help="TCP port; 0 picks a free one (default 8080)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only). Other machines can "
                             "reach the page only with another address here, and then anyone who can reach "
                             "it can start engines on this machine")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="another name the page may be reached by (the Host header; besides 127.0.0.1, "
                             "localhost and the --host address); may be repeated")
    parser.add_argument("--engine", default=None,
                        help=f"engine command line, split like a shell would (default: {DEFAULT_ENGINE})")
    parser.add_argument("--max-engines", type=int, default=4,
                        help="engines running at once, one per open game (default 4)")
    parser.add_argument("--movetime", type=int, default=None,
                        help=f"the page's first engine time per stone in ms (default: the engine's own "
                             f"--movetime when it has one, else {DEFAULT_MOVETIME_MS})")
    parser.add_argument("--idle", type=float, default=600,
                        help="seconds without a request after which a game's engine is ended (default 600)")
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error("--port must be from 0 to 65535")
    if args.max_engines < 1:
        parser.error("--max-engines must be at least 1")
    if args.movetime is not None and not validate.MIN_MOVETIME_MS <= args.movetime <= validate.MAX_MOVETIME_MS:
        parser.error(f"--movetime must be from {validate.MIN_MOVETIME_MS} to {validate.MAX_MOVETIME_MS}")
    if args.idle <= 0:
        parser.error("--idle must be positive")
    try:
        args.engine_argv = shlex.split(args.engine) if args.engine else [DEFAULT_ENGINE]
    except ValueError as error:
        parser.error(f"--engine: {error}")
    if not args.engine_argv:
        parser.error("--engine is empty")
    return args


def engine_movetime(argv):
    """The engine's own fixed time per stone (its --movetime option), 0 when
    it has none. Raises EngineFailure when the engine does not start."""
    engine = Engine(argv)
    engine.start()
    try:
        answer = engine.ask("rin-option movetime")
    finally:
        engine.stop()
    if not answer.strip().isdigit():
        raise EngineFailure(GARBAGE, f"rin-option movetime answered '{answer[:40]}'")
    return int(answer)


def first_movetime(given, own):
    """The page's first time per stone from rin-web's --movetime (None when
    not given) and the engine's own; (movetime, None) or (None, the reason
    to refuse). The page sets the engine's time for every move, so an
    engine's own time that the page did not take would be ignored."""
    low, high = validate.MIN_MOVETIME_MS, validate.MAX_MOVETIME_MS
    if not own:
        return (DEFAULT_MOVETIME_MS if given is None else given), None
    if given is not None and given != own:
        return None, (f"--movetime {given} and the engine's own --movetime {own} disagree: "
                      f"give the time once (the engine's alone is the page's first choice)")
    if not low <= own <= high:
        return None, f"the engine's --movetime {own} is outside what the page offers ({low} to {high} ms)"
    return own, None


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    program = args.engine_argv[0]
    if os.sep in program and not os.access(program, os.X_OK):
        from_source = args.engine is None and not paths.INSTALLED
        hint = " (build it: cmake -B build && cmake --build build)" if from_source else ""
        print(f"rin-web: cannot run the engine {program}{hint}", file=sys.stderr)
        return 2
    try:
        own = engine_movetime(args.engine_argv)
    except EngineFailure as failure:
        print(f"rin-web: cannot start the engine {' '.join(args.engine_argv)}: {failure.detail or failure}",
              file=sys.stderr)
        return 2
    movetime, refusal = first_movetime(args.movetime, own)
    if refusal:
        print(f"rin-web: {refusal}", file=sys.stderr)
        return 2
    settings = Settings(args.engine_argv, max_engines=args.max_engines, idle_s=args.idle,
                        default_movetime=movetime, allowed_hosts=args.allow_host)
    try:
        server = Server((args.host, args.port), settings)
    except OSError as error:
        hint = " (another port: --port P, or --port 0 for any free one)" if error.errno == errno.EADDRINUSE else ""
        print(f"rin-web: cannot listen on {args.host}:{args.port}: {error.strerror or error}{hint}", file=sys.stderr)
        return 2
    # SIGTERM stops like Ctrl-C does.
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown, daemon=True).start())
    print(f"rin-web: open {server.url} in a browser (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        print("rin-web: stopping the engines", file=sys.stderr, flush=True)
        server.server_close()
    return 0
