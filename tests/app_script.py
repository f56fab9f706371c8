#!/usr/bin/env python3
"""Runs one end-to-end app script (tests/e2e/*.script) through the real app under Xvfb.

A script is the app's --script steps, plus lines for this runner, all of them comments to the app:
  # args: ARGS      the app's arguments for the first run ($ROOT is the source tree)
  # run: ARGS       ends a run and starts another in the same data folder (quit, relaunch)
  # before: COMMAND a shell command run in the work folder before the first run (making files)
  # after: COMMAND  a shell command run in the work folder once every run passed
  # beside: ARGS    a first window: the app started with ARGS (no script, as a player starts it)
                    before the first run, in the same data folder, and ended once the runs are done
  # beside-holds: FILE  the runs wait until that first window holds FILE's lock (flock, as seen
                    in /proc/locks), so the scripted window is the second one
  # screen: WxH     the X screen and the window's size for every run (default 1600x900)
  # background: COMMAND  a shell command started before the first run and left running (a
                    command-line opponent over the network); its output goes to background.log
                    and it is ended (SIGTERM to its process group) once the `after` commands ran
The work folder's bin/ comes first on the app's PATH, so a `before` command can put a stand-in
there for a desktop program the app starts (xdg-open, which opens a file in the desktop's viewer).
$PORT in the steps is a free localhost port picked for this script (a game hosted on it).
Shell commands see $APP, $CLI, $ROOT, $WORK and $PORT, and fail the test by exiting non-zero.
Each script runs in a fresh work folder (its current folder) with its own XDG data and config
folders, so it never touches the player's files.
"""
import os
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time

app, cli, script = sys.argv[1], sys.argv[2], sys.argv[3]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
runs, before, after = [[None, []]], [], []
beside, beside_holds, background = None, [], []
screen = "1600x900"
for raw in open(script, encoding="utf-8"):
    line = raw.rstrip("\n")
    if line.startswith("# args:"):
        runs[0][0] = line[len("# args:"):].strip()
    elif line.startswith("# run:"):
        runs.append([line[len("# run:"):].strip(), []])
    elif line.startswith("# before:"):
        before.append(line[len("# before:"):].strip())
    elif line.startswith("# after:"):
        after.append(line[len("# after:"):].strip())
    elif line.startswith("# screen:"):
        screen = line[len("# screen:"):].strip()
    elif line.startswith("# beside:"):
        beside = line[len("# beside:"):].strip()
    elif line.startswith("# beside-holds:"):
        beside_holds.append(line[len("# beside-holds:"):].strip())
    elif line.startswith("# background:"):
        background.append(line[len("# background:"):].strip())
    runs[-1][1].append(line)


def locked_by(path):
    """True when some process holds a flock on PATH: read from /proc/locks,
    so looking never takes the lock itself (a lock taken to test would race the app's own)."""
    try:
        inode = os.stat(path).st_ino
    except FileNotFoundError:
        return False
    with open("/proc/locks") as locks:
        for entry in locks:
            fields = entry.split()
            if "->" in fields:  # a waiter, not a holder
                continue
            if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5].endswith(f":{inode}"):
                return True
    return False


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_background(work, env, command):
    log = open(os.path.join(work, "background.log"), "a")
    return subprocess.Popen(command, shell=True, cwd=work, env=env, stdout=log, stderr=log,
                            start_new_session=True)


def end_background(proc):
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def start_beside(work, env):
    """The first window, on an X server of its own; its output goes to beside.log."""
    argv = shlex.split(beside.replace("$ROOT", root))
    log = open(os.path.join(work, "beside.log"), "w")
    return subprocess.Popen([os.path.join(root, "tests", "xvfb.sh"), "1600x900x24", app, *argv,
                             "--size", "1600x900", "--seed", "7"], cwd=work, env=env,
                            stdout=log, stderr=log, start_new_session=True)


def end_beside(first):
    if first.poll() is None:
        os.killpg(first.pid, signal.SIGTERM)  # the app quits as a closed window does
    try:
        first.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(first.pid, signal.SIGKILL)
        first.wait()


with tempfile.TemporaryDirectory(prefix="sns-e2e-") as work:
    port = str(free_port())
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"),
               XDG_CONFIG_HOME=os.path.join(work, "config"), APP=app, CLI=cli, ROOT=root,
               WORK=work, PORT=port, ASAN_OPTIONS="detect_leaks=0",
               PATH=os.path.join(work, "bin") + os.pathsep + os.environ.get("PATH", ""))
    def shell(stage, command):
        result = subprocess.run(command, shell=True, cwd=work, env=env, capture_output=True,
                                text=True, timeout=300)
        if result.returncode != 0:
            print(f"FAIL: {script}: {stage}: {command}")
            print(result.stdout + result.stderr)
            sys.exit(1)

    def run_all():
        for n, (args, lines) in enumerate(runs):
            steps = os.path.join(work, f"run{n}.script")
            with open(steps, "w", encoding="utf-8") as f:
                f.write("\n".join(lines).replace("$PORT", port) + "\n")
            argv = shlex.split((args or "").replace("$ROOT", root))
            # An X server of its own, on a display it picks itself (tests/xvfb.sh).
            cmd = [os.path.join(root, "tests", "xvfb.sh"), screen + "x24", app, *argv, "--script",
                   steps, "--size", screen, "--seed", "7"]
            result = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True,
                                    timeout=300)
            if result.returncode != 0:
                print(f"FAIL: {script} run {n + 1}: exit {result.returncode}")
                print(result.stdout + result.stderr)
                sys.exit(1)

    def first_window_failed(why):
        print(f"FAIL: {script}: {why}")
        print(open(os.path.join(work, "beside.log")).read())
        sys.exit(1)

    for command in before:
        shell("before", command)
    behind = [start_background(work, env, command) for command in background]
    first = None
    try:
        first = start_beside(work, env) if beside else None
        for held in beside_holds:
            deadline = time.monotonic() + 60
            while not locked_by(os.path.join(work, held)):
                if first.poll() is not None or time.monotonic() > deadline:
                    first_window_failed(f"the first window never held {held}")
                time.sleep(0.1)
        run_all()
        if first and first.poll() is not None:
            first_window_failed(f"the first window ended during the runs (exit {first.returncode})")
        if first:
            end_beside(first)
            first = None
        for command in after:
            shell("after", command)
    finally:
        if first:
            end_beside(first)
        for proc in behind:
            end_background(proc)
print(f"passed: {os.path.basename(script)}")
