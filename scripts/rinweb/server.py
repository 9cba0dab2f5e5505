"""The HTTP side: the page's files, the JSON endpoints, and the checks that
come before any of them (Host header, origin, body size). Every endpoint
takes validated fields only; the server alone writes GTP."""

import json
import os
import re
import secrets
import socket
import sys
import threading
import time
import traceback
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from . import validate
from .game import SGF_MAX_BYTES, Game
from .validate import RequestError

STATIC_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
BODY_MAX_BYTES = 16 * 1024
# An uploaded SGF travels as JSON text: room for escapes around the engine's limit.
UPLOAD_MAX_BYTES = 2 * SGF_MAX_BYTES + 4096
_STATIC_NAME = re.compile(r"^[a-z0-9_-]+\.(html|js|css|svg|png)$")
_CONTENT_TYPES = {"html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
                  "css": "text/css; charset=utf-8", "svg": "image/svg+xml", "png": "image/png"}
_SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
MODES = ("black", "white", "engines", "humans")
REAP_EVERY_S = 5.0


class Settings:
    def __init__(self, engine_argv, max_engines=4, idle_s=600.0, forget_s=3600.0, default_movetime=1000,
                 allowed_hosts=()):
        self.engine_argv = list(engine_argv)
        self.allowed_hosts = list(allowed_hosts)
        self.max_engines = max_engines
        self.idle_s = idle_s
        self.forget_s = forget_s
        self.default_movetime = default_movetime


class Games:
    """The games of this server and the cap on engines running at once."""

    def __init__(self, settings):
        self.settings = settings
        self._lock = threading.Lock()
        self._games = {}
        self._with_engine = set()

    # engine slots, used by Game
    def reserve(self, game):
        with self._lock:
            if game.id in self._with_engine:
                return
            if len(self._with_engine) >= self.settings.max_engines:
                count = self.settings.max_engines
                engines = "the only engine is" if count == 1 else f"all {count} engines are"
                raise RequestError(
                    f"{engines} in use by other games: close a game's page, or restart rin-web with a "
                    f"larger --max-engines", status=503)
            self._with_engine.add(game.id)

    def release(self, game):
        with self._lock:
            self._with_engine.discard(game.id)

    def engines_running(self):
        with self._lock:
            return len(self._with_engine)

    # games
    def create(self, size, movetime):
        game = Game(secrets.token_urlsafe(18), self.settings.engine_argv, self, size, movetime)
        with self._lock:
            self._games[game.id] = game
        return game

    def get(self, game_id):
        with self._lock:
            game = self._games.get(validate.game_id(game_id))
        if game is None:
            raise RequestError("unknown game (the server was restarted or the game was closed): start a new game",
                               status=404)
        game.last_seen = time.monotonic()
        return game

    def close(self, game_id):
        with self._lock:
            game = self._games.pop(game_id, None)
        if game is not None:
            game.abort()
            with game.lock:
                game.close()

    def close_all(self):
        with self._lock:
            ids = list(self._games)
        for game_id in ids:
            self.close(game_id)

    def reap(self, now=None):
        """Ends the engines of games nobody has asked about for idle_s, and
        forgets games after forget_s."""
        now = time.monotonic() if now is None else now
        with self._lock:
            games = list(self._games.values())
        for game in games:
            quiet = now - game.last_seen
            if quiet >= self.settings.forget_s:
                self.close(game.id)
            elif quiet >= self.settings.idle_s and game.has_engine:
                game.stop_engine_if_idle()


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, settings):
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        self.settings = settings
        self.games = Games(settings)
        self._stopping = threading.Event()
        super().__init__(address, Handler)
        self._reaper = threading.Thread(target=self._reap_loop, daemon=True)
        self._reaper.start()
        host, port = self.server_address[:2]
        self.port = port
        names = {"127.0.0.1", "localhost", "[::1]", _host_name(address[0]).lower()}
        if address[0] in ("", "0.0.0.0", "::"):
            names |= _machine_names()
        names |= {name.lower() for name in settings.allowed_hosts}
        self.allowed_hosts = {f"{name}:{port}" for name in names}
        if port == 80:
            self.allowed_hosts |= names

    @property
    def url(self):
        host = _host_name(self.server_address[0])
        if host in ("0.0.0.0", "[::]"):
            host = "127.0.0.1"
        return f"http://{host}:{self.port}/"

    def _reap_loop(self):
        while not self._stopping.wait(REAP_EVERY_S):
            self.games.reap()

    def server_close(self):
        self._stopping.set()
        self.games.close_all()
        super().server_close()

    def handle_error(self, request, client_address):
        # A page reloaded or closed while its request was under way: nobody
        # is left to answer, and that is no error of the server.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def _machine_names():
    """The names and addresses of this machine, for a server that listens on
    all of them."""
    names = {socket.gethostname().lower(), socket.getfqdn().lower()}
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            names.add(_host_name(info[4][0]))
    except OSError:
        pass
    return names


def _host_name(host):
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


class Handler(BaseHTTPRequestHandler):
    server_version = "rin-web"
    sys_version = ""
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002  (the base class's name)
        if os.environ.get("RIN_WEB_LOG"):
            super().log_message(format, *args)

    # -- dispatch --------------------------------------------------------
    def do_GET(self):
        if not self._host_ok():
            return
        url = urlsplit(self.path)
        try:
            if url.path == "/":
                return self._static("index.html")
            if url.path.startswith("/static/"):
                return self._static(url.path[len("/static/"):])
            if url.path == "/api/sgf":
                query = parse_qs(url.query)
                game = self.server.games.get((query.get("game") or [""])[0])
                players = query.get("players")
                players = validate.choice(players[0], "players", MODES) if players else None
                with game.aside():
                    text = game.sgf(players)
                stamp = time.strftime("%Y%m%d-%H%M%S")
                return self._send(200, text.encode(), "application/x-go-sgf",
                                  {"Content-Disposition": f'attachment; filename="rin-{stamp}.sgf"'})
            raise RequestError("not found", status=404)
        except RequestError as error:
            self._json(error.status, {"error": error.message})
        except Exception as error:  # noqa: BLE001  (a bug must not cost the page its answer)
            self._internal_error(error)

    def do_POST(self):
        if not self._host_ok() or not self._origin_ok():
            return
        route = _ROUTES.get(urlsplit(self.path).path)
        try:
            if route is None:
                raise RequestError("not found", status=404)
            handler, limit = route
            body = self._read_json(limit)
            self._json(200, handler(self.server.games, body))
        except RequestError as error:
            self._json(error.status, {"error": error.message})
        except Exception as error:  # noqa: BLE001
            self._internal_error(error)

    def _internal_error(self, error):
        traceback.print_exc()
        self.close_connection = True
        self._json(500, {"error": f"internal error in rin-web ({type(error).__name__}: {error}); "
                                  "the server's terminal has the details"})

    def do_PUT(self):
        self._refuse_method()

    do_DELETE = do_PATCH = do_OPTIONS = do_HEAD = do_PUT

    # -- checks ----------------------------------------------------------
    def _host_ok(self):
        # DNS rebinding: a page from elsewhere whose name now points here
        # sends its own name in Host.
        host = (self.headers.get("Host") or "").strip().lower()
        if host not in self.server.allowed_hosts:
            self.close_connection = True
            self._json(403, {"error": "this server answers only to its own address "
                                      f"({min(self.server.allowed_hosts)}); Host was '{host[:80]}'"})
            return False
        return True

    def _origin_ok(self):
        origin = self.headers.get("Origin")
        if origin is None:
            return True
        allowed = {f"http://{host}" for host in self.server.allowed_hosts}
        if origin.lower() not in allowed:
            self.close_connection = True
            self._json(403, {"error": "requests from other sites are refused"})
            return False
        return True

    def _refuse_method(self):
        if self._host_ok():
            self._json(405, {"error": "method not allowed"}, {"Allow": "GET, POST"})

    def _read_json(self, limit):
        if self.headers.get("Transfer-Encoding"):
            self.close_connection = True
            raise RequestError("chunked bodies are not accepted", status=411)
        length_text = self.headers.get("Content-Length")
        if length_text is None or not length_text.isdigit():
            self.close_connection = True
            raise RequestError("a body with a Content-Length is required", status=411)
        length = int(length_text)
        if length > limit:
            self.close_connection = True  # the body stays unread
            raise RequestError(f"the request is larger than {limit} bytes", status=413)
        content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        data = self.rfile.read(length)
        if content_type != "application/json":
            raise RequestError("the body must be JSON (Content-Type: application/json)", status=415)
        try:
            body = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise RequestError("the body is not valid JSON") from None
        if not isinstance(body, dict):
            raise RequestError("the body must be a JSON object")
        return body

    # -- answers ---------------------------------------------------------
    def _static(self, name):
        if not _STATIC_NAME.match(name):
            raise RequestError("not found", status=404)
        path = os.path.join(STATIC_DIR, name)
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError:
            raise RequestError("not found", status=404) from None
        self._send(200, data, _CONTENT_TYPES[name.rsplit(".", 1)[1]])

    def _json(self, status, value, headers=None):
        self._send(status, json.dumps(value).encode(), "application/json", headers)

    def _send(self, status, data, content_type, headers=None):
        self.send_response(status, HTTPStatus(status).phrase)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in {**_SECURITY_HEADERS, **(headers or {})}.items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        try:
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)
        except ConnectionError:  # the page went away (a reload): its answer has nobody to read it
            self.close_connection = True


# -- endpoints --------------------------------------------------------------
def _action(games, body, act):
    """Runs act(game) as the game's one action at a time and answers the
    game's state."""
    game = games.get(validate.require(body, "game"))
    game.interrupt()
    with game.lock:
        act(game)
        return game.state()


def api_info(games, body):
    settings = games.settings
    return {"engine": settings.engine_argv, "maxEngines": settings.max_engines,
            "enginesRunning": games.engines_running(), "defaultMovetime": settings.default_movetime,
            "sizes": [validate.MIN_SIZE, validate.MAX_SIZE],
            "movetime": [validate.MIN_MOVETIME_MS, validate.MAX_MOVETIME_MS]}


def api_new(games, body):
    size = validate.size(body.get("size", 8))
    movetime = validate.movetime(body.get("movetime", games.settings.default_movetime))
    previous = body.get("replaces")
    if previous is not None:
        games.close(validate.game_id(previous))
    game = games.create(size, movetime)
    try:
        with game.lock:
            game.new(size, movetime)
            game.start_engine()
            return game.state()
    except RequestError:
        games.close(game.id)
        raise


def api_state(games, body):
    game = games.get(validate.require(body, "game"))
    return game.state()


def api_play(games, body):
    vertex = validate.require(body, "vertex")
    return _action(games, body, lambda game: game.play(vertex))


def api_genmove(games, body):
    return _action(games, body, lambda game: game.genmove())


def api_undo(games, body):
    turns = validate.integer(body.get("turns", 1), "turns", 1, 256)
    return _action(games, body, lambda game: game.undo(turns))


def api_resign(games, body):
    color = body.get("color")

    def resign(game):
        side = game.position_at(len(game.moves)).to_move if color is None else validate.choice(color, "color", ("b", "w"))
        game.resign(side)
    return _action(games, body, resign)


def api_settings(games, body):
    movetime = validate.movetime(validate.require(body, "movetime"))
    return _action(games, body, lambda game: game.set_movetime(movetime))


def api_loadsgf(games, body):
    text = validate.text(validate.require(body, "sgf"), "sgf", SGF_MAX_BYTES)
    name = body.get("name", "upload.sgf")
    name = validate.text(name, "name", 200) if isinstance(name, str) else "upload.sgf"
    name = re.sub(r"[^\w .,()+-]", "_", name) or "upload.sgf"
    scores = body.get("scores")
    scores = validate.scores(scores, validate.MAX_SIZE * validate.MAX_SIZE) if scores is not None else None
    return _action(games, body, lambda game: game.load_sgf(text, name, scores))


def api_threats(games, body):
    game = games.get(validate.require(body, "game"))
    with game.aside():
        return game.threats(validate.require(body, "index"))


def api_analyze(games, body):
    seconds = validate.analysis_seconds(body.get("seconds", 30))
    game = games.get(validate.require(body, "game"))
    game.interrupt()
    with game.lock:
        game.start_analysis(validate.require(body, "index"), seconds)
    return game.analysis_status()


def api_analysis(games, body):
    return games.get(validate.require(body, "game")).analysis_status()


def api_analyze_stop(games, body):
    game = games.get(validate.require(body, "game"))
    game.interrupt()
    with game.lock:
        game.stop_analysis()
    return game.analysis_status()


def api_thinking(games, body):
    return games.get(validate.require(body, "game")).thinking()


def api_close(games, body):
    games.close(validate.game_id(validate.require(body, "game")))
    return {"closed": True}


_ROUTES = {
    "/api/info": (api_info, BODY_MAX_BYTES),
    "/api/new": (api_new, BODY_MAX_BYTES),
    "/api/state": (api_state, BODY_MAX_BYTES),
    "/api/play": (api_play, BODY_MAX_BYTES),
    "/api/genmove": (api_genmove, BODY_MAX_BYTES),
    "/api/undo": (api_undo, BODY_MAX_BYTES),
    "/api/resign": (api_resign, BODY_MAX_BYTES),
    "/api/settings": (api_settings, BODY_MAX_BYTES),
    "/api/loadsgf": (api_loadsgf, UPLOAD_MAX_BYTES),
    "/api/threats": (api_threats, BODY_MAX_BYTES),
    "/api/analyze": (api_analyze, BODY_MAX_BYTES),
    "/api/analysis": (api_analysis, BODY_MAX_BYTES),
    "/api/analyze-stop": (api_analyze_stop, BODY_MAX_BYTES),
    "/api/thinking": (api_thinking, BODY_MAX_BYTES),
    "/api/close": (api_close, BODY_MAX_BYTES),
}
