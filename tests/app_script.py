#!/usr/bin/env python3
"""Runs one end-to-end app script (tests/e2e/*.script) through the real app under Xvfb.

A script is the app's --script steps, plus lines for this runner, all of them comments to the app:
  # args: ARGS      the app's arguments for the first run ($ROOT is the source tree)
  # run: ARGS       ends a run and starts another in the same data folder (quit, relaunch)
  # before: COMMAND a shell command run in the work folder before the first run (making files)
  # after: COMMAND  a shell command run in the work folder once every run passed
Shell commands see $APP, $CLI, $ROOT and $WORK, and fail the test by exiting non-zero.
Each script runs in a fresh work folder (its current folder) with its own XDG data and config
folders, so it never touches the player's files.
"""
import os
import shlex
import subprocess
import sys
import tempfile

app, cli, script = sys.argv[1], sys.argv[2], sys.argv[3]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
runs, before, after = [[None, []]], [], []
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
    runs[-1][1].append(line)

with tempfile.TemporaryDirectory(prefix="sns-e2e-") as work:
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"),
               XDG_CONFIG_HOME=os.path.join(work, "config"), APP=app, CLI=cli, ROOT=root,
               WORK=work, ASAN_OPTIONS="detect_leaks=0")
    def shell(stage, command):
        result = subprocess.run(command, shell=True, cwd=work, env=env, capture_output=True,
                                text=True, timeout=300)
        if result.returncode != 0:
            print(f"FAIL: {script}: {stage}: {command}")
            print(result.stdout + result.stderr)
            sys.exit(1)

    for command in before:
        shell("before", command)
    for n, (args, lines) in enumerate(runs):
        steps = os.path.join(work, f"run{n}.script")
        with open(steps, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        argv = shlex.split((args or "").replace("$ROOT", root))
        # An X server of its own, on a display it picks itself (tests/xvfb.sh).
        cmd = [os.path.join(root, "tests", "xvfb.sh"), "1600x900x24", app, *argv, "--script",
               steps, "--size", "1600x900", "--seed", "7"]
        result = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True,
                                timeout=300)
        if result.returncode != 0:
            print(f"FAIL: {script} run {n + 1}: exit {result.returncode}")
            print(result.stdout + result.stderr)
            sys.exit(1)
    for command in after:
        shell("after", command)
print(f"passed: {os.path.basename(script)}")
