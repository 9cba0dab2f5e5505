#!/usr/bin/env python3
"""A deliberately broken GTP engine for the match runner's tests. It passes
every command to a real engine (the command line after `--`) and answers its
answers, except at genmove number N of each game (counted from
clear_board), where it misbehaves as MODE says:

  occupied  answers a point that already holds a stone
  crash     exits with status 3 without answering
  garbage   answers a line that is not GTP
  error     answers '? no move'
  slow      sleeps SECONDS (default 2) before answering properly
  notime    lists neither time_settings nor time_left and answers them as
            unknown commands, as an engine without a clock would (N unused)

usage: fake_engine.py MODE N [SECONDS] -- ENGINE COMMAND LINE"""

import re
import subprocess
import sys
import time

COMMAND = re.compile(r"^\s*(\d*)\s*(\S+)\s*(.*)$")
TIME_COMMANDS = ("time_settings", "time_left")


class Proxy:
    def __init__(self, argv):
        self.engine = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, line):
        self.engine.stdin.write(line + "\n")
        self.engine.stdin.flush()
        lines = []
        while True:
            text = self.engine.stdout.readline()
            if text == "" or (text.strip() == "" and lines):
                break
            if text.strip():
                lines.append(text.rstrip("\n"))
        return "\n".join(lines)


def reply(command_id, text):
    sys.stdout.write(f"={command_id} {text}\n\n")
    sys.stdout.flush()


def main():
    separator = sys.argv.index("--")
    mode, trigger = sys.argv[1], int(sys.argv[2])
    sleep_s = float(sys.argv[3]) if separator > 3 else 2.0
    proxy = Proxy(sys.argv[separator + 1:])
    genmoves, stones = 0, []
    for line in sys.stdin:
        match = COMMAND.match(line)
        if not match:
            continue
        command_id, name, rest = match.groups()
        if mode == "notime" and name in TIME_COMMANDS:
            sys.stdout.write(f"?{command_id} unknown command\n\n")
            sys.stdout.flush()
            continue
        if mode == "notime" and name == "known_command" and rest.strip() in TIME_COMMANDS:
            reply(command_id, "false")
            continue
        if name in ("clear_board", "boardsize"):
            genmoves, stones = 0, []
        if name == "genmove":
            genmoves += 1
            if genmoves == trigger:
                if mode == "crash":
                    sys.exit(3)
                if mode == "garbage":
                    sys.stdout.write("I am not a GTP engine\n\n")
                    sys.stdout.flush()
                    continue
                if mode == "error":
                    sys.stdout.write(f"?{command_id} no move\n\n")
                    sys.stdout.flush()
                    continue
                if mode == "occupied" and stones:
                    reply(command_id, stones[0])
                    continue
                if mode == "slow":
                    time.sleep(sleep_s)
        answer = proxy.ask(f"{command_id} {name} {rest}")
        if mode == "notime" and name == "list_commands":
            answer = "\n".join(line for line in answer.split("\n") if line.strip("= ") not in TIME_COMMANDS)
        sys.stdout.write(answer + "\n\n")
        sys.stdout.flush()
        if answer.startswith("="):
            if name == "play":
                stones.append(rest.split()[1])
            elif name == "genmove":
                stones.append(answer.split()[1])
        if name == "quit":
            break


if __name__ == "__main__":
    main()
