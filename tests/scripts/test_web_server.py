"""Tests of scripts/rin-web's server (the rinweb package) through real HTTP
against real rin processes: the JSON endpoints, every validation error, the
Host and Origin checks, the cap on engines, and an engine that dies.

The rin binary comes from $RIN_BINARY (ctest sets it), else build/rin."""

import contextlib
import http.client
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from rinweb import game as game_module  # noqa: E402
from rinweb import server as server_module  # noqa: E402
from rinweb.server import Server, Settings  # noqa: E402

RIN = os.environ.get("RIN_BINARY") or os.path.join(ROOT, "build", "rin")
FAKE_ENGINE = os.path.join(HERE, "fake_engine.py")
RIN_WEB = os.path.join(ROOT, "scripts", "rin-web")

# A 6x6 position with Black to play where Black at C2 closes a ring around
# the empty point C3 (and fills it); White, on the top edge, fills nothing
# with one stone. Rows from the top: the 4th, 3rd and 2nd are .xxx.., .x.x..
# and .x.... .
RING = "oooooo/6/1xxx2/1x1x2/1x4/6 b 2"
# A 4x4 position two stones from the end, Black's second stone: A4 and D1
# are left, one each, and the game is a proven 8-8 draw.
DRAW = "1xoo/xxoo/xxoo/xxo1 b 2"

def rin(commands):
    result = subprocess.run([RIN], input="\n".join(commands) + "\nquit\n", capture_output=True, text=True,
                            timeout=60, check=True)
    answers = [answer.strip() for answer in result.stdout.split("\n\n") if answer.strip()]
    return answers[:-1]  # the answer to quit


class ServerCase(unittest.TestCase):
    engine_argv = [RIN]
    max_engines = 3

    def setUp(self):
        self.settings = Settings(self.engine_argv, max_engines=self.max_engines, default_movetime=20)
        self.server = Server(("127.0.0.1", 0), self.settings)
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05},
                                       daemon=True)
        self.thread.start()
        self.host = f"127.0.0.1:{self.server.port}"

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)

    # -- HTTP ------------------------------------------------------------
    def request(self, method, path, body=None, headers=None, raw=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=60)
        try:
            all_headers = {"Host": self.host}
            data = raw
            if body is not None:
                data = json.dumps(body).encode()
                all_headers["Content-Type"] = "application/json"
            all_headers.update(headers or {})
            connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            for name, value in all_headers.items():
                if value is not None:
                    connection.putheader(name, value)
            if data is not None and "Content-Length" not in all_headers:
                connection.putheader("Content-Length", str(len(data)))
            connection.endheaders(data)
            response = connection.getresponse()
            payload = response.read()
            return response.status, dict(response.getheaders()), payload
        finally:
            connection.close()

    def post(self, path, body, expect=200):
        status, _, payload = self.request("POST", path, body)
        data = json.loads(payload)
        self.assertEqual(status, expect, data)
        return data

    def refused(self, path, body, status, pattern):
        data = self.post(path, body, expect=status)
        self.assertRegex(data["error"], pattern)
        return data

    def new_game(self, size=6, movetime=20, **extra):
        return self.post("/api/new", {"size": size, "movetime": movetime, **extra})

    def game_object(self, game_id):
        return self.server.games.get(game_id)


class EndpointTest(ServerCase):
    def test_page_and_files_are_served_with_a_strict_policy(self):
        status, headers, payload = self.request("GET", "/")
        self.assertEqual(status, 200)
        self.assertIn(b'<svg id="board"', payload)
        self.assertIn("script-src 'self'", headers["Content-Security-Policy"])
        for name in ("app.js", "app.css", "favicon.svg"):
            status, _, payload = self.request("GET", f"/static/{name}")
            self.assertEqual(status, 200, name)
            self.assertTrue(payload)

    def test_a_new_game_is_empty_with_black_to_play(self):
        state = self.new_game(size=8)
        self.assertEqual(state["size"], 8)
        self.assertEqual(state["start"], "8/8/8/8/8/8/8/8 b 1")
        self.assertEqual((state["toMove"], state["stone"], state["black"], state["white"]), ("b", 1, 0, 0))
        self.assertFalse(state["over"])
        self.assertEqual(self.post("/api/state", {"game": state["game"]})["moves"], [])

    def test_play_and_genmove_follow_the_turn_order(self):
        game = self.new_game()["game"]
        state = self.post("/api/play", {"game": game, "vertex": "c3"})
        self.assertEqual(state["moves"], [{"color": "b", "vertex": "C3", "position": "6/6/6/2x3/6/6 w 1"}])
        state = self.post("/api/genmove", {"game": game})
        self.assertEqual([m["color"] for m in state["moves"]], ["b", "w"])
        self.assertEqual((state["toMove"], state["stone"]), ("w", 2))
        # The engine's score of the position it moved from, for Black.
        self.assertIn("1", state["scores"])
        state = self.post("/api/genmove", {"game": game})
        self.assertEqual((state["toMove"], state["stone"]), ("b", 1))
        # The positions are the engine's: the same stones in a fresh rin.
        moves = [f"play {m['color']} {m['vertex']}" for m in state["moves"]]
        answers = rin(["boardsize 6", *moves, "rin-position"])
        self.assertEqual(answers[-1], "= " + state["moves"][-1]["position"])

    def test_a_whole_game_ends_with_the_engines_final_score_and_frees_the_engine(self):
        game = self.new_game(size=4, movetime=10)["game"]
        state = None
        for _ in range(16):
            state = self.post("/api/genmove", {"game": game})
            if state["over"]:
                break
        self.assertTrue(state["over"])
        margin = state["black"] - state["white"]
        self.assertEqual(state["result"], f"B+{margin}" if margin > 0 else f"W+{-margin}" if margin < 0 else "0")
        self.assertEqual(state["scores"][str(len(state["moves"]))]["score"], margin)
        self.assertFalse(self.game_object(game).has_engine)
        self.assertEqual(self.server.games.engines_running(), 0)
        self.refused("/api/play", {"game": game, "vertex": "A1"}, 409, "game is over")
        self.refused("/api/analyze", {"game": game, "index": len(state["moves"])}, 409, "board is full")
        threats = self.post("/api/threats", {"game": game, "index": len(state["moves"])})
        self.assertEqual((threats["b"], threats["w"]), ([], []))
        self.refused("/api/genmove", {"game": game}, 409, "game is over")
        # Undo brings the engine back.
        state = self.post("/api/undo", {"game": game, "turns": 1})
        self.assertFalse(state["over"])
        self.assertIsNone(state["result"])
        self.assertEqual(self.request("GET", f"/api/sgf?game={game}")[0], 200)
        self.assertTrue(self.game_object(game).has_engine)

    def test_undo_takes_back_whole_turns(self):
        game = self.new_game()["game"]
        for vertex in ("A1", "B1", "C1", "D1", "E1"):  # B | W W | B B
            self.post("/api/play", {"game": game, "vertex": vertex})
        state = self.post("/api/play", {"game": game, "vertex": "F1"})  # W: first stone of a turn
        self.assertEqual((len(state["moves"]), state["stone"]), (6, 2))
        state = self.post("/api/undo", {"game": game})  # only that stone
        self.assertEqual((len(state["moves"]), state["toMove"], state["stone"]), (5, "w", 1))
        state = self.post("/api/undo", {"game": game, "turns": 2})  # B B, then W W
        self.assertEqual((len(state["moves"]), state["toMove"], state["stone"]), (1, "w", 1))
        state = self.post("/api/undo", {"game": game, "turns": 5})
        self.assertEqual(state["moves"], [])
        state = self.post("/api/undo", {"game": game})
        self.assertEqual(state["moves"], [])
        # The engine follows: it plays the same first stone again.
        state = self.post("/api/play", {"game": game, "vertex": "A1"})
        self.assertEqual(state["moves"][0]["position"], "6/6/6/6/6/x5 w 1")

    def test_resign(self):
        game = self.new_game()["game"]
        self.post("/api/play", {"game": game, "vertex": "A1"})
        state = self.post("/api/resign", {"game": game, "color": "w"})
        self.assertEqual((state["over"], state["resigned"], state["result"]), (True, "w", "B+R"))
        status, headers, payload = self.request("GET", f"/api/sgf?game={game}")
        self.assertIn(b"RE[B+R]", payload)
        state = self.post("/api/undo", {"game": game})
        self.assertFalse(state["over"])
        state = self.post("/api/resign", {"game": game})  # the side to move
        self.assertEqual(state["result"], "W+R")

    def test_sgf_download_replays_in_the_engine_and_upload_restores_it(self):
        game = self.new_game()["game"]
        for _ in range(5):
            state = self.post("/api/genmove", {"game": game})
        status, headers, payload = self.request("GET", f"/api/sgf?game={game}")
        self.assertEqual(status, 200)
        self.assertIn("attachment", headers["Content-Disposition"])
        with tempfile.NamedTemporaryFile("wb", suffix=".sgf", delete=False, dir=game_module._gtp_safe_temp_dir()) as handle:
            handle.write(payload)
        try:
            answers = rin([f"loadsgf {handle.name}", "rin-position"])
        finally:
            os.unlink(handle.name)
        self.assertEqual(answers, ["=", "= " + state["moves"][-1]["position"]])
        other = self.new_game(size=8)["game"]
        loaded = self.post("/api/loadsgf", {"game": other, "sgf": payload.decode(), "name": "mine.sgf"})
        self.assertEqual(loaded["moves"], state["moves"])
        self.assertEqual(loaded["size"], 6)

    def test_the_downloaded_record_names_the_players_and_the_date(self):
        game = self.new_game()["game"]
        self.post("/api/play", {"game": game, "vertex": "C3"})
        today = time.strftime("%Y-%m-%d")
        for players, black, white in (("black", "Human", "Rin"), ("white", "Rin", "Human"),
                                      ("engines", "Rin", "Rin"), ("humans", "Human", "Human")):
            status, _, payload = self.request("GET", f"/api/sgf?game={game}&players={players}")
            self.assertEqual(status, 200)
            header = payload.decode().split(";B[", 1)[0]
            self.assertIn(f"PB[{black}]PW[{white}]DT[{today}]", header, players)
        # without players (an older page), the date alone
        status, _, payload = self.request("GET", f"/api/sgf?game={game}")
        self.assertIn(f"DT[{today}]", payload.decode())
        self.assertNotIn("PB[", payload.decode())
        status, _, payload = self.request("GET", f"/api/sgf?game={game}&players=nobody")
        self.assertEqual(status, 400)
        self.assertIn(b"'players' must be one of", payload)
        # the engine reads the record with its new properties
        other = self.new_game()["game"]
        status, _, payload = self.request("GET", f"/api/sgf?game={game}&players=black")
        loaded = self.post("/api/loadsgf", {"game": other, "sgf": payload.decode()})
        self.assertEqual([m["vertex"] for m in loaded["moves"]], ["C3"])

    def test_a_reloaded_page_gets_its_scores_back_with_its_record(self):
        game = self.new_game()["game"]
        for _ in range(3):
            state = self.post("/api/genmove", {"game": game})
        self.assertTrue(state["scores"])
        status, _, payload = self.request("GET", f"/api/sgf?game={game}")
        other = self.new_game()["game"]
        # a score of a position the record does not reach is dropped
        scores = {**state["scores"], "9": {"score": 1.5, "depth": 3, "exact": False}}
        loaded = self.post("/api/loadsgf", {"game": other, "sgf": payload.decode(), "scores": scores})
        self.assertEqual(loaded["scores"], state["scores"])
        for bad, pattern in (([], "'scores' must be an object"), ({"x": {}}, "no position 'x'"),
                             ({"1": {"score": "2", "depth": 1, "exact": False}}, "the score must be a number"),
                             ({"1": {"score": 2, "depth": -1, "exact": False}}, "'depth'"),
                             ({"1": {"score": 2, "depth": 1, "exact": 1}}, "'exact' must be true or false")):
            self.refused("/api/loadsgf", {"game": other, "sgf": payload.decode(), "scores": bad}, 400, pattern)

    def test_uploads_work_when_the_temporary_directory_has_a_space(self):
        game = self.new_game()["game"]
        with tempfile.TemporaryDirectory(prefix="rin web ") as spaced, mock.patch.object(tempfile, "tempdir", spaced):
            state = self.post("/api/loadsgf", {"game": game, "sgf": "(;GN[Rin]SZ[6];B[aa])"})
        self.assertEqual(len(state["moves"]), 1)

    def test_a_set_position_record_loads_with_its_start(self):
        game = self.new_game()["game"]
        sgf = f"(;GN[Rin]SZ[6]RP[{RING}];B[ff])"
        state = self.post("/api/loadsgf", {"game": game, "sgf": sgf})
        self.assertEqual(state["start"], RING)
        self.assertEqual(len(state["moves"]), 1)

    def test_a_refused_record_says_why_and_changes_nothing(self):
        game = self.new_game()["game"]
        self.post("/api/play", {"game": game, "vertex": "A1"})
        data = self.refused("/api/loadsgf", {"game": game, "sgf": "(;GM[1]SZ[8];B[dd])", "name": "go.sgf"}, 422,
                            r"^the engine refused the file: cannot load file go\.sgf: .*Go")
        self.assertNotIn("upload", data["error"])  # the server's temporary path is not shown
        self.refused("/api/loadsgf", {"game": game, "sgf": "(;GN[Rin]SZ[6];B[aa];W[aa])"}, 422, "occupied")
        state = self.post("/api/state", {"game": game})
        self.assertEqual([m["vertex"] for m in state["moves"]], ["A1"])
        state = self.post("/api/play", {"game": game, "vertex": "B1"})
        self.assertEqual(state["moves"][-1]["position"], "6/6/6/6/6/xo4 w 2")

    def test_an_empty_board_has_no_threats(self):
        # (the probe for White once set an empty board with White to move,
        # which the engine refuses: Fills on at a new game was an error)
        game = self.new_game()["game"]
        self.assertEqual(self.post("/api/threats", {"game": game, "index": 0}), {"index": 0, "b": [], "w": []})
        self.post("/api/play", {"game": game, "vertex": "C3"})
        self.assertEqual(self.post("/api/threats", {"game": game, "index": 0}), {"index": 0, "b": [], "w": []})

    def test_threats_are_the_fills_of_one_stone_found_by_the_engine(self):
        game = self.new_game()["game"]
        self.post("/api/loadsgf", {"game": game, "sgf": f"(;GN[Rin]SZ[6]RP[{RING}])"})
        threats = self.post("/api/threats", {"game": game, "index": 0})
        self.assertEqual(threats["index"], 0)
        self.assertIn({"vertex": "C2", "fills": ["C3"]}, threats["b"])
        self.assertEqual(len(threats["b"]), 1)
        self.assertEqual(threats["w"], [])
        # The engine is back on the record afterwards, and the fill is real.
        state = self.post("/api/play", {"game": game, "vertex": "C2"})
        self.assertEqual(state["moves"][-1]["position"], "oooooo/6/1xxx2/1xxx2/1xx3/6 w 1")
        # After it, White to move: Black's threats are found all the same.
        threats = self.post("/api/threats", {"game": game, "index": 0})
        self.assertEqual(threats["b"], [{"vertex": "C2", "fills": ["C3"]}])

    def test_analysis_shows_candidates_and_stops(self):
        game = self.new_game(size=8)["game"]
        self.post("/api/play", {"game": game, "vertex": "D5"})
        status = self.post("/api/analyze", {"game": game, "index": 1, "seconds": 2})
        self.assertEqual(status["index"], 1)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            status = self.post("/api/analysis", {"game": game})
            if not status["running"]:
                break
            time.sleep(0.1)
        self.assertFalse(status["running"])
        self.assertIsNone(status["error"])
        self.assertTrue(status["candidates"])
        best = status["candidates"][0]
        self.assertRegex(best["vertex"], r"^[A-H][1-8]$")
        self.assertEqual(best["pv"][0], best["vertex"])
        self.assertGreaterEqual(best["depth"], 2)
        # The candidates are the engine's own multi-PV lines: distinct stones,
        # each with its own PV that starts with it, best first, one depth.
        candidates = status["candidates"]
        self.assertGreater(len(candidates), 1)
        self.assertLessEqual(len(candidates), 5)
        vertices = [c["vertex"] for c in candidates]
        self.assertEqual(len(set(vertices)), len(vertices))
        for candidate in candidates:
            self.assertEqual(candidate["pv"][0], candidate["vertex"])
            self.assertEqual(candidate["depth"], best["depth"])
        self.assertEqual(len({tuple(c["pv"]) for c in candidates}), len(candidates))
        self.assertEqual([c["score"] for c in candidates],
                         sorted((c["score"] for c in candidates), reverse=True))
        state = self.post("/api/state", {"game": game})
        self.assertEqual(state["scores"]["1"]["score"], -best["score"])  # White to move: Black's view negated
        # A long analysis gives way to the next stone at once.
        self.post("/api/analyze", {"game": game, "index": 1, "seconds": 600})
        time.sleep(0.3)
        started = time.monotonic()
        state = self.post("/api/play", {"game": game, "vertex": "E4"})
        self.assertLess(time.monotonic() - started, 5)
        self.assertEqual(len(state["moves"]), 2)
        self.assertFalse(self.post("/api/analysis", {"game": game})["running"])
        self.refused("/api/analyze", {"game": game, "index": 5}, 400, "'index' must be from 0 to 2")

    def wait_analysis(self, game, limit_s=30):
        deadline = time.monotonic() + limit_s
        while True:
            status = self.post("/api/analysis", {"game": game})
            if not status["running"] or time.monotonic() > deadline:
                return status
            time.sleep(0.1)

    def test_fills_and_a_download_make_way_for_an_analysis_that_goes_on(self):
        game = self.new_game(size=8)["game"]
        self.post("/api/play", {"game": game, "vertex": "D5"})
        self.post("/api/analyze", {"game": game, "index": 1, "seconds": 3})
        started = time.monotonic()
        while not self.post("/api/analysis", {"game": game})["candidates"]:
            time.sleep(0.05)
        self.assertEqual(self.post("/api/threats", {"game": game, "index": 1})["index"], 1)
        status = self.post("/api/analysis", {"game": game})
        self.assertTrue(status["running"], status)
        self.assertTrue(status["candidates"], "the candidates stay while the analysis goes on")
        self.assertEqual(self.request("GET", f"/api/sgf?game={game}")[0], 200)
        self.assertTrue(self.post("/api/analysis", {"game": game})["running"])
        status = self.wait_analysis(game)
        self.assertEqual((status["running"], status["stopped"], status["error"]), (False, False, None))
        self.assertGreaterEqual(time.monotonic() - started, 2.5, "the analysis ran its time")
        self.assertTrue(status["candidates"])

    def test_an_analysis_ended_by_a_request_is_stopped_not_done(self):
        game = self.new_game(size=8)["game"]
        self.post("/api/play", {"game": game, "vertex": "D5"})
        self.post("/api/analyze", {"game": game, "index": 1, "seconds": 600})
        time.sleep(0.5)
        status = self.post("/api/analyze-stop", {"game": game})
        self.assertEqual((status["running"], status["stopped"]), (False, True))
        self.post("/api/analyze", {"game": game, "index": 1, "seconds": 600})
        time.sleep(0.5)
        self.post("/api/play", {"game": game, "vertex": "E4"})
        self.assertTrue(self.post("/api/analysis", {"game": game})["stopped"])
        self.post("/api/analyze", {"game": game, "index": 2, "seconds": 1})
        status = self.wait_analysis(game)
        self.assertEqual((status["running"], status["stopped"]), (False, False))

    def test_the_thinking_shown_is_the_search_under_way(self):
        game = self.new_game(size=8, movetime=200)["game"]
        self.post("/api/genmove", {"game": game})
        self.post("/api/analyze", {"game": game, "index": 1, "seconds": 2})
        time.sleep(0.5)
        # The analysis streams its lines on stdout: the engine's last
        # progress line is the move's, not the analysis's.
        thinking = self.post("/api/thinking", {"game": game})
        self.assertEqual(thinking["busy"], "analyse")
        self.assertIsNone(thinking["thinking"])
        self.post("/api/analyze-stop", {"game": game})

    def test_a_proven_draw_scores_0_proven(self):
        game = self.new_game()["game"]
        state = self.post("/api/loadsgf", {"game": game, "sgf": f"(;GN[Rin]SZ[4]RP[{DRAW}])"})
        self.assertEqual(state["start"], DRAW)
        self.post("/api/analyze", {"game": game, "index": 0, "seconds": 5})
        status = self.wait_analysis(game)
        self.assertEqual(sorted((c["vertex"], c["score"], c["exact"]) for c in status["candidates"]),
                         [("A4", 0, True), ("D1", 0, True)])
        self.assertEqual(self.post("/api/state", {"game": game})["scores"]["0"],
                         {"score": 0, "depth": 2, "exact": True})
        self.post("/api/genmove", {"game": game})
        state = self.post("/api/genmove", {"game": game})
        self.assertEqual((state["over"], state["result"], state["black"], state["white"]), (True, "0", 8, 8))
        self.assertEqual({i: (s["score"], s["exact"]) for i, s in state["scores"].items()},
                         {"0": (0, True), "1": (0, True), "2": (0, True)})

    def test_komi_in_a_record_changes_no_score(self):
        """Rin has no komi: a record's KM is ignored, by the engine and by
        the page's scores alike, and the record written back has none."""
        game = self.new_game()["game"]
        state = self.post("/api/loadsgf", {"game": game, "sgf": f"(;GN[Rin]SZ[4]KM[6.5]RP[{DRAW}])"})
        self.assertNotIn("komi", state)
        self.post("/api/genmove", {"game": game})
        state = self.post("/api/genmove", {"game": game})
        self.assertEqual((state["over"], state["result"]), (True, "0"))
        self.assertEqual(state["scores"][str(len(state["moves"]))], {"score": 0, "depth": 0, "exact": True})
        status, _, payload = self.request("GET", f"/api/sgf?game={game}")
        self.assertEqual(status, 200)
        self.assertNotIn(b"KM[", payload)

    def test_a_bug_in_the_server_is_still_an_answer(self):
        def broken(games, body):
            raise KeyError("oops")
        with mock.patch.dict(server_module._ROUTES, {"/api/info": (broken, 1024)}), \
                contextlib.redirect_stderr(io.StringIO()) as err:
            data = self.post("/api/info", {}, expect=500)
        self.assertRegex(data["error"], "internal error in rin-web .KeyError")
        self.assertIn("Traceback", err.getvalue())

    def test_a_client_that_goes_away_is_ignored_quietly(self):
        # a page reloaded while the engine thinks: its genmove's connection
        # is gone (reset) when the answer is written
        game = self.new_game(movetime=300)["game"]
        body = json.dumps({"game": game}).encode()
        with contextlib.redirect_stderr(io.StringIO()) as err:
            client = socket.create_connection(("127.0.0.1", self.server.port), timeout=10)
            client.sendall(b"POST /api/genmove HTTP/1.1\r\nHost: " + self.host.encode() +
                           b"\r\nContent-Type: application/json\r\nContent-Length: " + str(len(body)).encode() +
                           b"\r\n\r\n" + body)
            deadline = time.monotonic() + 30
            while self.game_object(game).thinking()["thinking"] is None and time.monotonic() < deadline:
                time.sleep(0.01)
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            client.close()
            while len(self.game_object(game).moves) < 1 and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(0.3)  # the answer's write, and whatever it prints
            # the server goes on
            self.assertEqual(len(self.post("/api/state", {"game": game})["moves"]), 1)
        self.assertEqual(err.getvalue(), "")

    def test_settings_and_info(self):
        game = self.new_game()["game"]
        self.assertEqual(self.post("/api/settings", {"game": game, "movetime": 300})["movetime"], 300)
        info = self.post("/api/info", {})
        self.assertEqual(info["maxEngines"], 3)
        self.assertEqual(info["enginesRunning"], 1)

    def test_closing_a_game_ends_its_engine(self):
        game = self.new_game()["game"]
        self.assertEqual(self.server.games.engines_running(), 1)
        self.post("/api/close", {"game": game})
        self.assertEqual(self.server.games.engines_running(), 0)
        self.refused("/api/state", {"game": game}, 404, "unknown game")

    def test_a_new_game_does_not_wait_for_the_old_games_engine(self):
        game = self.new_game(size=12, movetime=20000)["game"]
        answers = []
        thread = threading.Thread(target=lambda: answers.append(self.request("POST", "/api/genmove", {"game": game})))
        thread.start()
        # until the engine reports its search: a fixed sleep could end before
        # the request reached the server (then the answer is 404, not 410)
        deadline = time.monotonic() + 30
        while self.game_object(game).thinking()["thinking"] is None and time.monotonic() < deadline:
            time.sleep(0.01)
        self.assertIsNotNone(self.game_object(game).thinking()["thinking"])
        started = time.monotonic()
        self.new_game(replaces=game)
        self.assertLess(time.monotonic() - started, 5)
        thread.join(10)
        status, _, payload = answers[0]
        self.assertEqual(status, 410, payload)
        self.assertIn(b"the game was closed", payload)
        self.assertEqual(self.server.games.engines_running(), 1)

    def test_abandoned_games_lose_their_engine_then_are_forgotten(self):
        game = self.new_game()["game"]
        engine = self.game_object(game)._engine._process._process
        self.post("/api/analyze", {"game": game, "index": 0, "seconds": 1})
        self.server.games.reap(now=time.monotonic() + self.settings.idle_s + 1)
        self.assertEqual(self.server.games.engines_running(), 1)  # not while it analyses
        deadline = time.monotonic() + 20
        while self.post("/api/analysis", {"game": game})["running"] and time.monotonic() < deadline:
            time.sleep(0.1)
        self.server.games.reap(now=time.monotonic() + self.settings.idle_s + 1)
        self.assertEqual(self.server.games.engines_running(), 0)
        self.assertIsNotNone(engine.poll())
        state = self.post("/api/play", {"game": game, "vertex": "A1"})  # the engine comes back
        self.assertEqual(len(state["moves"]), 1)
        self.server.games.reap(now=time.monotonic() + self.settings.forget_s + 1)
        self.refused("/api/state", {"game": game}, 404, "unknown game")


class ValidationTest(ServerCase):
    def setUp(self):
        super().setUp()
        self.game = self.new_game()["game"]

    def test_vertices(self):
        for vertex, pattern in [("I3", "not a point"), ("A0", "not a point"), ("A17", "not a point"),
                                ("pass", "not a point"), ("", "not a point"), ("A1 B2", "not a point"),
                                ("A1\nquit", "not a point"), ("G1", "off the 6x6 board"),
                                ("A7", "off the 6x6 board"), (12, "must be a point"), (None, "must be a point")]:
            with self.subTest(vertex=vertex):
                self.refused("/api/play", {"game": self.game, "vertex": vertex}, 400, pattern)
        self.refused("/api/play", {"game": self.game}, 400, "missing field 'vertex'")
        self.post("/api/play", {"game": self.game, "vertex": "A1"})
        self.refused("/api/play", {"game": self.game, "vertex": "a1"}, 409, "occupied")

    def test_numbers(self):
        for body, pattern in [({"size": 3}, "'size' must be from 4 to 16"), ({"size": 17}, "from 4 to 16"),
                              ({"size": "8"}, "whole number"), ({"size": True}, "whole number"),
                              ({"size": 8.0}, "whole number"), ({"movetime": 5}, "'movetime' must be from 10"),
                              ({"movetime": 60001}, "from 10 to 60000")]:
            with self.subTest(body=body):
                self.refused("/api/new", body, 400, pattern)
        status, _, payload = self.request("POST", "/api/new", headers={"Content-Type": "application/json"},
                                          raw=b'{"size": NaN}')
        self.assertEqual(status, 400)
        self.assertIn(b"'size' must be a whole number", payload)
        self.refused("/api/undo", {"game": self.game, "turns": 0}, 400, "'turns' must be from 1")
        self.refused("/api/settings", {"game": self.game, "movetime": -1}, 400, "'movetime'")
        self.refused("/api/settings", {"game": self.game}, 400, "missing field 'movetime'")
        self.refused("/api/threats", {"game": self.game, "index": 1}, 400, "'index' must be from 0 to 0")
        self.refused("/api/threats", {"game": self.game, "index": -1}, 400, "'index'")
        self.refused("/api/analyze", {"game": self.game, "index": 0, "seconds": 0}, 400, "'seconds' must be from 1")
        self.refused("/api/analyze", {"game": self.game, "index": 0, "seconds": 601}, 400, "'seconds'")
        self.refused("/api/resign", {"game": self.game, "color": "red"}, 400, "'color' must be one of: b, w")

    def test_games(self):
        self.refused("/api/state", {}, 400, "missing field 'game'")
        self.refused("/api/state", {"game": "x"}, 400, "not a game id")
        self.refused("/api/state", {"game": "../../etc/passwd"}, 400, "not a game id")
        self.refused("/api/play", {"game": "A" * 24, "vertex": "A1"}, 404, "unknown game")
        status, _, payload = self.request("GET", "/api/sgf?game=nope")
        self.assertEqual(status, 400)

    def test_sgf_uploads(self):
        self.refused("/api/loadsgf", {"game": self.game, "sgf": 5}, 400, "'sgf' must be text")
        big = "(;GN[Rin]SZ[6]C[" + "x" * (1 << 20) + "])"
        self.refused("/api/loadsgf", {"game": self.game, "sgf": big}, 413, "larger than")

    def test_bodies(self):
        cases = [
            ({"Content-Type": "application/json"}, b"{", 400, "not valid JSON"),
            ({"Content-Type": "application/json"}, b"[1]", 400, "must be a JSON object"),
            ({"Content-Type": "application/json"}, b"\xff\xfe", 400, "not valid JSON"),
            ({"Content-Type": "text/plain"}, b"{}", 415, "must be JSON"),
            ({"Content-Type": "application/json"}, b"{" + b" " * 20000 + b"}", 413, "larger than 16384"),
            ({"Content-Type": "application/json", "Content-Length": None}, None, 411, "Content-Length"),
            ({"Content-Type": "application/json", "Content-Length": "-5"}, None, 411, "Content-Length"),
            ({"Content-Type": "application/json", "Transfer-Encoding": "chunked", "Content-Length": None},
             b"2\r\n{}\r\n0\r\n\r\n", 411, "chunked"),
        ]
        for headers, raw, expect, pattern in cases:
            with self.subTest(headers=headers, raw=raw and raw[:10]):
                status, _, payload = self.request("POST", "/api/state", headers=headers, raw=raw)
                self.assertEqual(status, expect, payload)
                self.assertRegex(json.loads(payload)["error"], pattern)

    def test_paths_and_methods(self):
        for path in ("/static/../game.py", "/static/%2e%2e/game.py", "/static/game.py", "/static/nothing.js",
                     "/etc/passwd", "/api/nothing"):
            with self.subTest(path=path):
                status, _, _ = self.request("GET", path)
                self.assertEqual(status, 404)
        self.refused("/api/nothing", {}, 404, "not found")
        for method in ("PUT", "DELETE", "PATCH", "OPTIONS"):
            status, headers, _ = self.request(method, "/api/state", {"game": self.game})
            self.assertEqual(status, 405, method)
        status, headers, _ = self.request("HEAD", "/")
        self.assertEqual(status, 405)

    def test_host_header(self):
        for host in ("evil.example:%d" % self.server.port, "127.0.0.1", "127.0.0.1:1", "", None,
                     "localhost.evil.example:%d" % self.server.port):
            with self.subTest(host=host):
                status, _, payload = self.request("GET", "/", headers={"Host": host})
                self.assertEqual(status, 403)
                self.assertIn(b"answers only to its own address", payload)
                status, _, _ = self.request("POST", "/api/state", {"game": self.game}, headers={"Host": host})
                self.assertEqual(status, 403)
        for host in (f"localhost:{self.server.port}", f"LOCALHOST:{self.server.port}", f"[::1]:{self.server.port}"):
            with self.subTest(host=host):
                status, _, _ = self.request("GET", "/", headers={"Host": host})
                self.assertEqual(status, 200)

    def test_other_names_are_allowed_only_when_given(self):
        self.tearDown()
        self.settings = Settings([RIN], allowed_hosts=["Rin.Example"])
        self.server = Server(("127.0.0.1", 0), self.settings)
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05},
                                       daemon=True)
        self.thread.start()
        status, _, _ = self.request("GET", "/", headers={"Host": f"rin.example:{self.server.port}"})
        self.assertEqual(status, 200)
        status, _, _ = self.request("GET", "/", headers={"Host": f"other.example:{self.server.port}"})
        self.assertEqual(status, 403)

    def test_origin_header(self):
        status, _, payload = self.request("POST", "/api/state", {"game": self.game},
                                          headers={"Origin": "http://evil.example"})
        self.assertEqual(status, 403)
        status, _, _ = self.request("POST", "/api/state", {"game": self.game},
                                    headers={"Origin": f"http://localhost:{self.server.port}"})
        self.assertEqual(status, 200)


class CapTest(ServerCase):
    max_engines = 2

    def test_the_number_of_engines_is_capped(self):
        first = self.new_game()["game"]
        self.new_game()
        data = self.refused("/api/new", {"size": 6}, 503, "all 2 engines are in use.*--max-engines")
        self.assertEqual(self.server.games.engines_running(), 2)
        # Replacing a game frees its engine first.
        self.new_game(replaces=first)
        self.refused("/api/state", {"game": first}, 404, "unknown game")
        self.assertEqual(self.server.games.engines_running(), 2)
        self.assertTrue(data)


class DeadEngineTest(ServerCase):
    def test_a_killed_engine_is_restarted_with_the_game(self):
        game = self.new_game()["game"]
        for vertex in ("A1", "B1", "C1"):
            self.post("/api/play", {"game": game, "vertex": vertex})
        process = self.game_object(game)._engine._process._process
        os.kill(process.pid, signal.SIGKILL)
        process.wait(5)
        state = self.post("/api/play", {"game": game, "vertex": "D1"})
        self.assertEqual([m["vertex"] for m in state["moves"]], ["A1", "B1", "C1", "D1"])
        self.assertEqual(len(state["notices"]), 1)
        self.assertRegex(state["notices"][0], r"engine had stopped \(killed by signal 9\); it was restarted and the game restored from its 3 stones")
        self.assertNotEqual(self.game_object(game)._engine._process._process.pid, process.pid)
        # The new engine has the record: its position is the one shown.
        state = self.post("/api/play", {"game": game, "vertex": "E1"})
        self.assertEqual(state["moves"][-1]["position"], "6/6/6/6/6/xooxx1 w 1")
        self.assertEqual(self.server.games.engines_running(), 1)


class CrashingEngineTest(ServerCase):
    # Passes everything to rin but exits at the second genmove of a process.
    engine_argv = [sys.executable, FAKE_ENGINE, "crash", "2", "--", RIN]

    def test_an_engine_that_dies_in_genmove_is_restarted_and_asked_again(self):
        game = self.new_game()["game"]
        self.post("/api/genmove", {"game": game})
        state = self.post("/api/genmove", {"game": game})
        self.assertEqual(len(state["moves"]), 2)
        self.assertRegex(state["notices"][0], r"engine died.*restored from its 1 stones")


class BrokenEngineTest(ServerCase):
    engine_argv = [sys.executable, FAKE_ENGINE, "crash", "1", "--", RIN]

    def test_an_engine_that_dies_again_is_an_error(self):
        game = self.new_game()["game"]
        self.refused("/api/genmove", {"game": game}, 502, "engine failed again")
        state = self.post("/api/state", {"game": game})
        self.assertEqual(state["moves"], [])

    def test_a_program_that_is_not_rin_is_refused(self):
        self.settings.engine_argv[:] = [sys.executable, "-c", "print('= go'); print()"]
        self.refused("/api/new", {"size": 6}, 502, "cannot start the engine")
        self.assertEqual(self.server.games.engines_running(), 0)


def info(rank, move, score, depth):
    return (f"info multipv {rank} move {move} score {score} depth {depth} seldepth {depth + 2} "
            f"nodes {100 * depth} nps 1000 time {10 * depth} pv {move} A{rank}")


def batch(depth, *lines):
    """One report of the engine: (stone, score) per line, best first."""
    return [info(n + 1, move, score, depth) for n, (move, score) in enumerate(lines)]


class FakeStreamingEngine:
    """Streams scripted batches as the engine streams `rin-analyze interval CS
    multipv K movetime MS`, asking stopped() after every batch as the engine
    reads its next command line between reports."""

    def __init__(self, batches):
        self.batches = batches
        self.commands = []
        self.sent = 0

    def stream(self, command, on_line, stopped, timeout):
        self.commands.append(command)
        words = command.split()
        if words[0] != "rin-analyze" or set(words[1::2]) != {"interval", "multipv", "movetime"}:
            raise AssertionError(f"not a streamed multi-PV analysis: {command}")
        for lines in self.batches:
            if stopped():
                break
            for line in lines:
                on_line(line)
            self.sent += 1
        return type("Response", (), {"ok": True, "text": ""})()


class AnalysisTest(unittest.TestCase):
    def analyse(self, batches, seconds=30, stopped=lambda: False):
        from rinweb import analysis
        engine = FakeStreamingEngine(batches)
        updates = []
        result = analysis.analyse(engine, seconds, lambda c: updates.append([(x.vertex, x.depth) for x in c]), stopped)
        return engine, updates, result

    def test_every_new_batch_of_the_engine_is_shown(self):
        from rinweb import analysis
        depth1 = batch(1, ("D4", "cs 10"), ("E5", "cs 0"))
        depth2 = batch(2, ("E5", "cs 30"), ("D4", "cs 20"), ("C3", "cs -10"))
        engine, updates, result = self.analyse([depth1, depth1, depth2, depth2], seconds=7)
        self.assertEqual(engine.commands,
                         [f"rin-analyze interval {analysis.INTERVAL_CS} multipv {analysis.CANDIDATES} movetime 7000"])
        # A repeated batch (no new iteration) changes nothing.
        self.assertEqual(updates, [[("D4", 1), ("E5", 1)], [("E5", 2), ("D4", 2), ("C3", 2)]])
        # Each line keeps its own score and PV.
        self.assertEqual([(c.vertex, c.score, c.exact, c.pv) for c in result],
                         [("E5", 0.3, False, ["E5", "A1"]), ("D4", 0.2, False, ["D4", "A2"]),
                          ("C3", -0.1, False, ["C3", "A3"])])

    def test_a_whole_batch_of_k_lines_is_shown_at_once(self):
        from rinweb import analysis
        many = batch(3, *[(f"{column}1", f"cs {-n}") for n, column in enumerate("ABCDEFGH"[:analysis.CANDIDATES])])
        updates = []
        shown_before_next_report = []

        def stopped():
            shown_before_next_report.append(len(updates))
            return False
        analysis.analyse(FakeStreamingEngine([many, many]), 30,
                         lambda c: updates.append([(x.vertex, x.depth) for x in c]), stopped)
        self.assertEqual(shown_before_next_report, [0, 1])
        self.assertEqual(len(updates), 1)
        self.assertEqual([v for v, _ in updates[0]], ["A1", "B1", "C1", "D1", "E1"])

    def test_every_line_proven_ends_the_stream(self):
        proven = batch(9, ("B2", "final +2"), ("C3", "final -1"))
        engine, updates, result = self.analyse([batch(8, ("B2", "cs 150"), ("C3", "cs 20")), proven, proven, proven])
        # Fewer than K lines (few stones left): a batch is known to be whole
        # when the next one starts, so the stream ends one report later.
        self.assertEqual(engine.sent, 3)
        self.assertEqual([(c.vertex, c.score, c.exact) for c in result], [("B2", 2.0, True), ("C3", -1.0, True)])

    def test_stopping_ends_the_stream(self):
        asked = iter(range(100))
        engine, updates, result = self.analyse([batch(d, ("D4", f"cs {d}")) for d in range(1, 10)],
                                               stopped=lambda: next(asked) >= 3)
        self.assertEqual(engine.sent, 3)
        self.assertEqual(updates[-1], [("D4", 3)])

    def test_garbled_streams_are_engine_failures(self):
        from rinweb import analysis
        for lines, reason in ((["info multipv 1 move D4 score cs 0"], "garbage"),
                              ([info(1, "D4", "cs 0", 2), info(3, "E5", "cs 0", 2)], "line 3 after 1"),
                              ([info(1, "D4", "cs 0", 2), info(2, "D4", "cs 0", 2)], "twice")):
            with self.subTest(reason=reason), self.assertRaisesRegex(analysis.EngineFailure, reason):
                self.analyse([lines])

    def test_a_refusal_is_a_value_error(self):
        from rinweb import analysis

        class Refusing:
            def stream(self, command, on_line, stopped, timeout):
                return type("Response", (), {"ok": False, "text": "the game is over"})()
        with self.assertRaisesRegex(ValueError, "the game is over"):
            analysis.analyse(Refusing(), 5, lambda c: None, lambda: False)


class StreamTest(unittest.TestCase):
    """The GTP controller's streamed answers, against the real engine."""

    def setUp(self):
        from rinlib import gtp
        self.engine = gtp.GtpEngine([RIN], "rin")
        self.engine.start()
        self.addCleanup(self.engine.close)
        self.engine.ask("boardsize 8", timeout=10)
        self.engine.ask("play b D5", timeout=10)

    def test_a_stream_stops_at_once_and_the_engine_stays_in_step(self):
        lines = []
        started = time.monotonic()
        response = self.engine.stream("rin-analyze interval 5 multipv 3", lines.append,
                                      lambda: time.monotonic() - started > 1.0, timeout=60)
        self.assertTrue(response.ok)
        self.assertLess(time.monotonic() - started, 3)  # no limit: only the stop ended it
        self.assertTrue(lines)
        self.assertTrue(all(line.startswith("info multipv ") for line in lines), lines[:3])
        self.assertEqual(lines[0].split()[2], "1")
        # The answer to the stopping command was read: the next one is in step.
        self.assertEqual(self.engine.ask("rin-position", timeout=10), "8/8/8/3x4/8/8/8/8 w 1")

    def test_a_stream_that_reaches_its_limit_ends_by_itself(self):
        lines = []
        response = self.engine.stream("rin-analyze interval 5 multipv 2 depth 2", lines.append, lambda: False,
                                      timeout=30)
        self.assertTrue(response.ok)
        self.assertEqual({line.split()[2] for line in lines}, {"1", "2"})
        self.assertEqual(self.engine.ask("name", timeout=10), "Rin")

    def test_an_error_answer_streams_nothing(self):
        lines = []
        response = self.engine.stream("rin-analyze interval 0", lines.append, lambda: False, timeout=10)
        self.assertFalse(response.ok)
        self.assertEqual(lines, [])
        self.assertEqual(self.engine.ask("name", timeout=10), "Rin")

    def test_a_stream_past_its_timeout_is_stopped(self):
        from rinlib import gtp
        started = time.monotonic()
        response = self.engine.stream("rin-analyze interval 5", lambda line: None, lambda: False, timeout=0.5)
        self.assertTrue(response.ok)
        self.assertLess(time.monotonic() - started, gtp.STOP_WAIT_S)
        self.assertEqual(self.engine.ask("name", timeout=10), "Rin")


class CommandLineTest(unittest.TestCase):
    def test_it_prints_the_address_and_ctrl_c_stops_everything(self):
        process = subprocess.Popen([sys.executable, RIN_WEB, "--port", "0", "--engine", RIN],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            line = process.stdout.readline()
            match = re.match(r"rin-web: open http://127\.0\.0\.1:(\d+)/ in a browser", line)
            self.assertIsNotNone(match, line)
            connection = http.client.HTTPConnection("127.0.0.1", int(match.group(1)), timeout=30)
            connection.request("POST", "/api/new", body=json.dumps({"size": 6}),
                               headers={"Content-Type": "application/json"})
            state = json.loads(connection.getresponse().read())
            connection.close()
            self.assertEqual(state["size"], 6)
            process.send_signal(signal.SIGINT)
            self.assertEqual(process.wait(10), 0)
            self.assertIn("stopping the engines", process.stderr.read())
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            process.stdout.close()
            process.stderr.close()

    def test_the_engines_own_movetime_is_the_pages_first_choice(self):
        process = subprocess.Popen([sys.executable, RIN_WEB, "--port", "0", "--engine", f"{RIN} --movetime 200"],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            match = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
            self.assertIsNotNone(match)
            connection = http.client.HTTPConnection("127.0.0.1", int(match.group(1)), timeout=30)
            connection.request("POST", "/api/info", body="{}", headers={"Content-Type": "application/json"})
            info = json.loads(connection.getresponse().read())
            connection.close()
            self.assertEqual(info["defaultMovetime"], 200)
        finally:
            process.terminate()
            process.wait(10)
            process.stdout.close()

    def test_a_movetime_given_twice_must_agree(self):
        for args, pattern in [(["--movetime", "1000", "--engine", f"{RIN} --movetime 200"],
                               "--movetime 1000 and the engine's own --movetime 200 disagree"),
                              (["--engine", f"{RIN} --movetime 5"], "the engine's --movetime 5 is outside"),
                              (["--engine", f"{sys.executable} -c pass"], "cannot start the engine")]:
            with self.subTest(args=args):
                result = subprocess.run([sys.executable, RIN_WEB, "--port", "0", *args], capture_output=True,
                                        text=True, timeout=30)
                self.assertEqual(result.returncode, 2)
                self.assertIn(pattern, result.stderr)
                self.assertNotIn("Traceback", result.stderr)

    def test_a_port_in_use_is_a_clear_error(self):
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            port = taken.getsockname()[1]
            result = subprocess.run([sys.executable, RIN_WEB, "--port", str(port), "--engine", RIN],
                                    capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 2)
        self.assertIn(f"cannot listen on 127.0.0.1:{port}", result.stderr)
        self.assertIn("--port 0", result.stderr)
        self.assertNotIn("Traceback", result.stderr)

    def test_bad_arguments(self):
        for args, pattern in [(["--port", "70000"], "--port"), (["--max-engines", "0"], "--max-engines"),
                              (["--engine", "/nonexistent/rin"], "cannot run the engine"),
                              (["--movetime", "1"], "--movetime")]:
            with self.subTest(args=args):
                result = subprocess.run([sys.executable, RIN_WEB, *args], capture_output=True, text=True,
                                        timeout=30)
                self.assertEqual(result.returncode, 2)
                self.assertIn(pattern, result.stderr)


if __name__ == "__main__":
    unittest.main()
