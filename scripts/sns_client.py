#!/usr/bin/env python3
"""A client of `shields-swords-cli serve` (docs/protocol.md), standard library only.

One process holds the game; each request is one line out and one reply line back.

    from sns_client import Session
    with Session("build/shields-swords-cli") as s:
        state = s.request("new", battle="first-clash", seed=7)["state"]
        while state["phase"] != "game_over":
            state = s.request("apply", action=random.choice(s.request("legal")["legal"]))["state"]
        s.request("save", file="game.json")

A reply with "ok": false raises ServeError (its `reply` holds the whole reply).

Run as a program, it plays a random game through serve and prints a summary; with --compare it
plays the same game again with one process per call (state + legal + apply per decision, the way
a bot pays without serve) and prints both times (docs/performance.md, "serve").

  scripts/sns_client.py [--cli PATH] [--battle ID] [--seed N] [--save FILE] [--compare]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time


class ServeError(Exception):
    """A reply with "ok": false: its error, kind and the whole reply."""

    def __init__(self, reply):
        super().__init__(f"{reply.get('kind')}: {reply.get('error')}")
        self.reply = reply
        self.kind = reply.get("kind")


class Session:
    """One `shields-swords-cli serve` process and its game."""

    def __init__(self, cli="shields-swords-cli", game=None):
        args = [cli, "serve"] + ([game] if game else [])
        self.process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, encoding="utf-8", bufsize=1)
        self.next_id = 1

    def request(self, cmd, **fields):
        """Sends one request and returns its reply; raises ServeError when it failed."""
        ident = self.next_id
        self.next_id += 1
        self.process.stdin.write(json.dumps(dict(id=ident, cmd=cmd, **fields)) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise ServeError({"error": "serve ended without a reply", "kind": "closed"})
        reply = json.loads(line)
        if reply.get("id") != ident:
            raise ServeError({"error": f"reply to {reply.get('id')!r}, not {ident}",
                              "kind": "out_of_step"})
        if not reply.get("ok"):
            raise ServeError(reply)
        return reply

    def close(self):
        if self.process.poll() is None:
            try:
                self.request("quit")
            except (ServeError, OSError):
                pass
            self.process.stdin.close()
            self.process.wait(timeout=10)
        return self.process.returncode

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def random_game(session, battle, seed, rng, max_actions=20000):
    """Plays random legal actions until the game ends; returns the final state and the count."""
    state = session.request("new", battle=battle, seed=seed)["state"]
    actions = 0
    while state["phase"] != "game_over" and actions < max_actions:
        choice = rng.choice(session.request("legal")["legal"])
        state = session.request("apply", action=choice)["state"]
        actions += 1
    return session.request("state", log="none")["state"], actions


def random_game_by_processes(cli, battle, seed, rng, folder, max_actions=20000):
    """The same game with one process per call: state, legal and apply for each decision."""
    record = os.path.join(folder, "game.json")

    def run(*args):
        return subprocess.run([cli, *args], check=True, capture_output=True, text=True).stdout

    run("new", battle, "--seed", str(seed), "--out", record)
    actions = 0
    while actions < max_actions:
        if json.loads(run("state", record, "--log", "none"))["phase"] == "game_over":
            break
        choice = rng.choice(json.loads(run("legal", record)))
        run("apply", record, json.dumps(choice))
        actions += 1
    return json.loads(run("state", record, "--log", "none")), actions


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", default=os.environ.get("SNS_CLI", "shields-swords-cli"))
    parser.add_argument("--battle", default="first-clash")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", help="write the game's record there")
    parser.add_argument("--compare", action="store_true",
                        help="play the same game with one process per call, and time both")
    args = parser.parse_args()
    start = time.perf_counter()
    with Session(args.cli) as session:
        state, actions = random_game(session, args.battle, args.seed, random.Random(args.seed))
        if args.save:
            session.request("save", file=args.save)
    serve_seconds = time.perf_counter() - start
    summary = {"battle": args.battle, "seed": args.seed, "actions": actions,
               "phase": state["phase"], "winner": state.get("winner"),
               "serve_seconds": round(serve_seconds, 3)}
    if args.compare:
        start = time.perf_counter()
        with tempfile.TemporaryDirectory() as folder:
            other, other_actions = random_game_by_processes(
                args.cli, args.battle, args.seed, random.Random(args.seed), folder)
        summary["process_seconds"] = round(time.perf_counter() - start, 3)
        summary["speedup"] = round(summary["process_seconds"] / serve_seconds, 1)
        summary["same_game"] = other_actions == actions and other == state
    print(json.dumps(summary))
    return 0 if state["phase"] == "game_over" and summary.get("same_game", True) else 1


if __name__ == "__main__":
    sys.exit(main())
