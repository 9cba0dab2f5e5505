"""One refereed game between two GTP engines: sets up the opening, asks the
side to move (as the referee says) for each stone, passes every stone to the
referee for validation and then to the opponent, keeps the clocks, and turns
every failure of an engine into a lost game with a reason."""

import time

from rinlib import gtp

BLACK, WHITE = "black", "white"
DRAW = "draw"

# Reasons in results; an engine failure uses the failure kind of gtp.py.
NORMAL = "normal"
TIME_FORFEIT = "time forfeit"
ILLEGAL_MOVE = "illegal move"
RESIGNATION = "resignation"


def other(color):
    return WHITE if color == BLACK else BLACK


class RefereeFailure(Exception):
    """The referee failed: the game cannot be judged and is void."""


def final_result_winner(outcome):
    """The winner a referee's gogui-rules_final_result names: the winner
    with the margin (B+3, W+8) or draw, as rin answers it, or black and
    white alone, as rin answered before it gave the margin (a referee of
    an older build); None for anything else."""
    if outcome in (BLACK, WHITE, DRAW):
        return outcome
    if outcome[2:].isdigit():
        return {"B+": BLACK, "W+": WHITE}.get(outcome[:2])
    return None


class GameStopped(Exception):
    """The match is stopping (Ctrl-C or SPRT decided): the game is void."""


class GameResult:
    """How a game ended. winner is BLACK, WHITE or DRAW; loser_failed is True
    when the loser's engine misbehaved (and must be restarted)."""

    def __init__(self, winner, reason, detail, moves, time_used, score, position, loser_failed=False):
        self.winner = winner
        self.reason = reason
        self.detail = detail
        self.moves = moves
        self.time_used = time_used
        self.score = score  # final_score of the referee when the game ended
        self.position = position  # rin-position of the referee then
        self.loser_failed = loser_failed

    @property
    def sgf_result(self):
        """The SGF RE value: B+n, W+n, 0, or B+Time, W+Resign, B+Forfeit."""
        if self.winner == DRAW:
            return "0"
        letter = "B" if self.winner == BLACK else "W"
        if self.reason == NORMAL:
            return self.score
        if self.reason == TIME_FORFEIT:
            return f"{letter}+Time"
        if self.reason == RESIGNATION:
            return f"{letter}+Resign"
        return f"{letter}+Forfeit"


class GameSettings:
    """What every game of a match shares."""

    def __init__(self, size, time_control=None, margin_s=0.1, command_timeout_s=10.0):
        self.size = size
        self.time_control = time_control
        self.margin_s = margin_s
        self.command_timeout_s = command_timeout_s


class Game:
    """One game: engines[BLACK], engines[WHITE] and the referee, all running
    GtpEngine processes. play() returns a GameResult or raises
    RefereeFailure / GameStopped."""

    def __init__(self, settings, referee, black, white, opening, stop_event=None):
        self.settings = settings
        self.referee = referee
        self.engines = {BLACK: black, WHITE: white}
        self.opening = opening
        self.stop_event = stop_event
        self.moves = []
        self.time_used = {BLACK: 0.0, WHITE: 0.0}
        self.clocks = None
        self.told_time = {BLACK: False, WHITE: False}  # the engine took time_settings: time_left follows

    # -- the game ----------------------------------------------------------
    def play(self):
        self._set_up_referee()
        for color in (BLACK, WHITE):
            try:
                self._set_up_engine(color)
            except gtp.EngineFailure as failure:
                return self._loss(color, failure.kind, f"during setup: {failure.detail}", failed=True)
        control = self.settings.time_control
        self.clocks = {color: control.new_clock() for color in (BLACK, WHITE)} if control else None
        while True:
            self._check_stop()
            outcome = self._referee("gogui-rules_final_result")
            if outcome != "unknown":
                return self._normal_end(outcome)
            color = self._referee("gogui-rules_side_to_move")
            if color not in (BLACK, WHITE):
                raise RefereeFailure(f"gogui-rules_side_to_move answered '{color}'")
            result = self._play_stone(color)
            if result is not None:
                return result

    def _play_stone(self, color):
        """One stone of `color`; a GameResult when it ended the game early."""
        try:
            self._send_time_left(color)
        except gtp.EngineFailure as failure:
            return self._loss(color, failure.kind, failure.detail, failed=True)
        allowed = self.clocks[color].allowed_s(self.settings.margin_s) if self.clocks else None
        start = time.monotonic()
        try:
            answer = self.engines[color].ask(f"genmove {color}", allowed).strip()
        except gtp.EngineFailure as failure:
            self.time_used[color] += time.monotonic() - start
            if failure.kind == gtp.TIMEOUT:
                return self._loss(color, TIME_FORFEIT, f"no answer to genmove in {allowed * 1000:.0f} ms", True)
            return self._loss(color, failure.kind, failure.detail, failed=True)
        elapsed = time.monotonic() - start
        self.time_used[color] += elapsed
        if self.clocks is not None and not self.clocks[color].spend(elapsed, self.settings.margin_s):
            return self._loss(color, TIME_FORFEIT, f"genmove took {elapsed * 1000:.0f} ms", failed=True)
        return self._judge_stone(color, answer)

    def _judge_stone(self, color, answer):
        """Passes the answer of genmove to the referee, then to the opponent."""
        if answer.lower() == "resign":
            return self._loss(color, RESIGNATION, "resigned")
        if len(answer.split()) != 1:
            return self._loss(color, ILLEGAL_MOVE, f"genmove answered '{answer}'", failed=True)
        vertex = answer.upper()
        judged = self._referee_send(f"play {color} {vertex}")
        if not judged.ok:
            return self._loss(color, ILLEGAL_MOVE, f"{vertex}: {judged.text}", failed=True)
        self.moves.append((color, vertex))
        opponent = other(color)
        try:
            self.engines[opponent].ask(f"play {color} {vertex}", self.settings.command_timeout_s)
        except gtp.EngineFailure as failure:
            return self._loss(opponent, failure.kind, f"refused the legal move {vertex}: {failure.detail}", True)
        return None

    def _send_time_left(self, color):
        if not self.told_time[color]:
            return
        command = self.clocks[color].time_left_command(color)
        if command:
            self.engines[color].ask(command, self.settings.command_timeout_s)

    # -- setting up ----------------------------------------------------------
    def _set_up_referee(self):
        size = self.settings.size
        for command in self._setup_commands(size):
            self._referee(command)

    def _set_up_engine(self, color):
        engine = self.engines[color]
        timeout = self.settings.command_timeout_s
        for command in self._setup_commands(self.settings.size):
            engine.ask(command, timeout)
        self.told_time[color] = self._tell_time_control(engine)

    def _tell_time_control(self, engine):
        """Sends time_settings to an engine that lists time_settings and
        time_left; whether it took it (then time_left follows before every
        genmove). An engine that does not know them, or refuses the time
        (one that reads whole seconds only), plays on its own settings."""
        control = self.settings.time_control
        command = control.settings_command() if control else None
        if command is None:
            return False
        timeout = self.settings.command_timeout_s
        if not {"time_settings", "time_left"} <= engine.commands(timeout):
            return False
        return engine.send(command, timeout).ok

    def _setup_commands(self, size):
        commands = [f"boardsize {size}", "clear_board"]
        if self.opening.is_position:
            commands.append(f"rin-setposition {self.opening.position}")
        else:
            commands += [f"play {color} {vertex}" for color, vertex in self.opening.moves]
        return commands

    # -- endings ---------------------------------------------------------------
    def _normal_end(self, outcome):
        winner = final_result_winner(outcome)
        if winner is None:
            raise RefereeFailure(f"gogui-rules_final_result answered '{outcome}'")
        return self._result(winner, NORMAL, "the board is full")

    def _loss(self, color, reason, detail, failed=False):
        return self._result(other(color), reason, f"{color}: {detail}", loser_failed=failed)

    def _result(self, winner, reason, detail, loser_failed=False):
        score = self._referee("final_score")
        position = self._referee("rin-position")
        return GameResult(winner, reason, detail, list(self.moves), dict(self.time_used), score, position,
                          loser_failed)

    # -- the referee -----------------------------------------------------------
    def _referee_send(self, command):
        try:
            return self.referee.send(command, self.settings.command_timeout_s)
        except gtp.EngineFailure as failure:
            raise RefereeFailure(f"referee: {failure}") from None

    def _referee(self, command):
        response = self._referee_send(command)
        if not response.ok:
            raise RefereeFailure(f"referee: '{command}' answered '? {response.text}'")
        return response.text

    def _check_stop(self):
        if self.stop_event is not None and self.stop_event.is_set():
            raise GameStopped()
