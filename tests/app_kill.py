#!/usr/bin/env python3
"""Kills the app with SIGKILL at random moments while it plays, autosaves and saves (issue 31, 7).

  tests/xvfb.sh 1600x900x24 python3 tests/app_kill.py APP CLI [--kills N] [--seed S] [--keep DIR]

A whole game of the teaching battle, played by two greedy computer players on the command line
(`play --keep`), is the game the app plays: `shields-swords --print-game-script` turns its actions
into the clicks a player makes. The app opens the game's start (a record with no actions, start.json)
and plays those clicks through its real event loop (--script), saving every few actions, by Ctrl+S
to the file it has open and by Save as to a new file, while every action rewrites the autosave.
It is killed after a random delay, counted from the first action the launch plays (the autosave
has grown), so every kill falls while it plays and writes (--any-moment: from when it shows its
game, so a kill may fall before its first action). After each kill:
  - the autosave and every saved game (start.json, the Save as files, the saves folder) load
    (`shields-swords-cli state`) and replay against the shipped battle (`verify`);
  - each holds the first N actions of the game and nothing else: its state and whole log equal
    the CLI's `state --at N` of the whole game;
  - every other JSON file the app keeps (recent games, the autosave's name) is whole JSON;
then the app is started again, continues the autosave from the start screen, and plays on from the
last action the autosave holds. A game played to its end is checked against the CLI's final state
and a fresh game is begun in a fresh folder, until N kills were made.
Prints one JSON line of figures (kills, rounds, files checked, leftover temporary files).
"""
import argparse
import glob
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SAVE_EVERY = 5  # actions between two saves in the app's script
BATTLE = "first-clash"


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, **kw)


class Failure(Exception):
    pass


class KillTest:
    def __init__(self, app, cli, work, rng):
        self.app, self.cli, self.work, self.rng = app, cli, work, rng
        self.kills = self.rounds = self.files_checked = self.kills_mid_game = 0
        self.continuations = 0  # launches whose first shown game was checked
        self.leftover_tmp = set()
        self.launches = 0
        self.full = os.path.join(work, "full.json")
        self.make_game()

    # --- the game the app plays ---------------------------------------------------------------
    def make_game(self):
        keep = os.path.join(self.work, "kept")
        r = run([self.cli, "play", BATTLE, "--games", "1", "--seed", "11", "--bots", "greedy,greedy",
                 "--keep", keep])
        if r.returncode != 0:
            raise Failure("play --keep failed: " + r.stderr)
        shutil.move(glob.glob(os.path.join(keep, "*.json"))[0], self.full)
        self.record = json.load(open(self.full))
        self.actions = self.record["actions"]
        r = run([self.app, "--print-game-script", self.full])
        if r.returncode != 0:
            raise Failure("--print-game-script failed: " + r.stderr)
        # One block of steps per action: the generator heads each action with a comment.
        self.blocks = []
        for line in r.stdout.splitlines():
            if line.startswith("# "):
                self.blocks.append([])
            self.blocks[-1].append(line)
        if len(self.blocks) != len(self.actions):
            raise Failure(f"{len(self.blocks)} blocks of steps for {len(self.actions)} actions")
        self.states = {}  # the CLI's state after N actions, worked out once each

    def state_at(self, n, spoilers=True):
        """The CLI's state of the whole game after n actions (with the hidden reverses or not)."""
        if (n, spoilers) not in self.states:
            r = run([self.cli, "state", self.full, "--at", str(n)] + ["--spoilers"] * spoilers)
            if r.returncode != 0:
                raise Failure(f"state --at {n} of the whole game failed: " + r.stderr)
            state = json.loads(r.stdout)
            state.pop("at", None)  # --at says which moment; a record's own state does not
            self.states[(n, spoilers)] = state
        return self.states[(n, spoilers)]

    # --- one round: a fresh folder, the game from its start -----------------------------------
    def new_round(self):
        self.rounds += 1
        self.folder = os.path.join(self.work, f"round{self.rounds}")
        os.makedirs(self.folder)
        start = dict(self.record, actions=[], rolls=[], notes=[])
        start.pop("computer", None)  # people at both seats: the script plays both sides
        start.pop("replaced_dice", None)
        with open(os.path.join(self.folder, "start.json"), "w") as f:
            json.dump(start, f, indent=1)
        self.env = dict(os.environ, XDG_DATA_HOME=os.path.join(self.folder, "data"),
                        XDG_CONFIG_HOME=os.path.join(self.folder, "config"),
                        ASAN_OPTIONS="detect_leaks=0")
        self.data = os.path.join(self.folder, "data", "shields-swords")
        self.saves_made = 0

    def autosave(self):
        return os.path.join(self.data, "autosave.json")

    def script_from(self, done):
        """The steps that open the game (start.json, or the autosave) and play action `done` on."""
        # The game as the app shows it once opened: it must be the game after `done` actions.
        lines = ["expect \"Opened \"", f"state opened-{self.launches}.json"]
        if os.path.exists(self.autosave()):
            lines = ["press \"Continue the autosave\""] + lines
        for n in range(done, len(self.actions)):
            lines += self.blocks[n]
            if (n + 1) % SAVE_EVERY == 0:
                lines += self.save_steps()
        lines += ["state final.json", "key ctrl+q"]
        return "\n".join(lines) + "\n"

    def save_steps(self):
        self.saves_made += 1
        if self.saves_made % 2:  # Ctrl+S: the file the game has open (start.json, or the last name)
            return ["key ctrl+s", "expect \"Saved \""]
        name = f"named-{self.launches}-{self.saves_made}.json"
        return ["press \"Game\"", "press \"Save as...\"", "press \"File name\"", "key ctrl+a",
                f"type \"{name}\"", "press \"Save\"", f"expect \"Saved {name}\""]

    def launch(self):
        self.launches += 1
        done = self.autosaved_actions()
        self.check_files()  # what the run starts from, and the app clears its cut writes
        script = os.path.join(self.folder, f"run{self.launches}.script")
        with open(script, "w") as f:
            f.write(self.script_from(done))
        args = [] if os.path.exists(self.autosave()) else ["start.json"]
        log = open(os.path.join(self.folder, f"run{self.launches}.log"), "w")
        return subprocess.Popen([self.app, *args, "--script", script, "--size", "1600x900"],
                                cwd=self.folder, env=self.env, stdout=log, stderr=log), done

    def autosaved_actions(self):
        if not os.path.exists(self.autosave()):
            return 0
        return len(json.load(open(self.autosave()))["actions"])

    # --- checks after a kill ------------------------------------------------------------------
    def check_continued(self, done):
        """The launch that just ended showed, once opened, the game after `done` actions."""
        opened = os.path.join(self.folder, f"opened-{self.launches}.json")
        if not os.path.exists(opened):
            return  # killed before the game was shown
        try:
            shown = json.load(open(opened))
        except ValueError:
            return  # killed while the script wrote it
        if shown != self.state_at(done, spoilers=False):
            raise Failure(f"launch {self.launches} did not continue from action {done}: "
                          "the game it showed differs from the game after that many actions")
        self.continuations += 1

    def check_record(self, path):
        self.files_checked += 1
        for command in (["state", path, "--spoilers"], ["verify", path]):
            r = run([self.cli, *command])
            if r.returncode != 0:
                raise Failure(f"{path} does not load after the kill ({command[0]}): {r.stderr}")
        n = len(json.load(open(path))["actions"])
        # The state with its whole log: the same actions with the same dice (an action may be
        # written differently, e.g. a lone attacker's "primary" left out by the app).
        state = json.loads(run([self.cli, "state", path, "--spoilers"]).stdout)
        if state != self.state_at(n):
            raise Failure(f"{path} is not the game's first {n} actions (its state differs)")
        return n

    def check_files(self):
        for path in sorted(glob.glob(os.path.join(self.folder, "**", "*"), recursive=True)):
            name = os.path.basename(path)
            if ".tmp." in name:  # a write cut short: the file it was to replace is checked instead
                self.leftover_tmp.add(path)
                continue
            if not name.endswith(".json") or name == "final.json" or not os.path.isfile(path):
                continue
            try:
                doc = json.load(open(path))
            except (ValueError, UnicodeDecodeError) as e:
                raise Failure(f"{path} is not whole JSON after the kill: {e}")
            if isinstance(doc, dict) and str(doc.get("format", "")).startswith(
                    "shields-swords-game/"):
                self.check_record(path)

    # --- the loop -----------------------------------------------------------------------------
    def wait_until_shown(self, proc):
        """Until the launch shows its game (its opened-N.json written), so the kill falls while it
        plays and writes, not while it starts; a launch that never shows one is killed anyway."""
        opened = os.path.join(self.folder, f"opened-{self.launches}.json")
        deadline = time.monotonic() + 60
        while not os.path.exists(opened) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)

    def wait_until_moved(self, proc, done):
        """Until the launch has played at least one action of its own (the autosave holds more
        than the `done` it started from), so every kill falls after a move: on a loaded machine
        the app may take longer than the whole random delay to play its first action."""
        deadline = time.monotonic() + 300
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                if self.autosaved_actions() > done:
                    return
            except (ValueError, OSError):
                pass  # the autosave is replaced by rename: read again
            time.sleep(0.02)

    def play(self, kills, longest_delay, any_moment=False):
        self.new_round()
        while self.kills < kills:
            proc, done = self.launch()
            self.wait_until_shown(proc)
            if not any_moment:
                self.wait_until_moved(proc, done)
            delay = self.rng.uniform(0, longest_delay)
            try:
                code = proc.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                self.kills += 1
                self.check_continued(done)
                self.check_files()
                if self.autosaved_actions() < done:
                    raise Failure(f"the autosave went back from {done} actions to "
                                  f"{self.autosaved_actions()}")
                self.kills_mid_game += self.autosaved_actions() > done  # it had played on
                continue
            if code != 0:
                log = open(os.path.join(self.folder, f"run{self.launches}.log")).read()
                raise Failure(f"run {self.launches} exited {code} before the kill:\n{log}")
            self.check_continued(done)
            self.finish_round()
            self.new_round()

    def finish_round(self):
        """The app played the game to its end: its last state, autosave and files are the game's."""
        self.check_files()
        final = json.load(open(os.path.join(self.folder, "final.json")))
        whole = run([self.cli, "state", self.full])
        if final != json.loads(whole.stdout):
            raise Failure("the app's final state is not the CLI's state of the whole game")
        if self.autosaved_actions() != len(self.actions):
            raise Failure(f"the autosave holds {self.autosaved_actions()} of "
                          f"{len(self.actions)} actions at the game's end")
        # The window that held the autosave cleared the writes that kills cut short.
        cut = glob.glob(os.path.join(self.data, "autosave*.tmp.*"))
        if cut:
            raise Failure(f"cut writes of the autosave left after the game's end: {cut}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("app")
    p.add_argument("cli")
    p.add_argument("--kills", type=int, default=5)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--longest-delay", type=float, default=8.0,
                   help="seconds: each kill comes after a uniform random delay up to this, "
                        "counted from when the launch shows its game")
    p.add_argument("--any-moment", action="store_true",
                   help="count the delay from when the game is shown, not from the launch's first "
                        "action (by default every kill falls after the launch has played one)")
    p.add_argument("--keep", help="keep the work folder here instead of a temporary one")
    a = p.parse_args()
    seed = a.seed if a.seed is not None else random.randrange(1 << 30)
    work = a.keep or tempfile.mkdtemp(prefix="sns-kill-")
    os.makedirs(work, exist_ok=True)
    test = KillTest(os.path.abspath(a.app), os.path.abspath(a.cli), work, random.Random(seed))
    started = time.monotonic()
    failure = None
    try:
        test.play(a.kills, a.longest_delay, a.any_moment)
    except Failure as e:
        failure = str(e)
    figures = {"kills": test.kills, "launches": test.launches, "rounds": test.rounds,
               "game_actions": len(test.actions), "files_checked": test.files_checked,
               "kills_after_moves": test.kills_mid_game,
               "continuations_checked": test.continuations, "leftover_tmp_files": len(test.leftover_tmp), "seed": seed,
               "seconds": round(time.monotonic() - started, 1), "failure": failure}
    print(json.dumps(figures))
    if failure:
        print(f"FAIL (seed {seed}, folder {work}): {failure}")
        sys.exit(1)
    if not a.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
