#!/usr/bin/env python3
"""Two app windows play over the network (issue 34):
tests/app_net.py APP CLI HOST.script JOIN.script [HOST-AGAIN.script]

Each script is an app --script (tests/e2e/*.script's steps) for one player: the first hosts, the
second joins. Both windows run at once, each on an X server of its own (tests/xvfb.sh) with its own
data and config folders, as two players on two computers. $PORT in either script is a free port on
localhost, picked here. The test passes when both scripts pass and their last `state` dumps
(state.json, written in each player's folder) are the same game; then the host's record is checked
with `shields-swords-cli verify` (the shared dice of every roll follow from both chains).

With HOST-AGAIN.script, the host's app is killed (SIGKILL, as a crash) once its first script has
written moved.json, and started again on the same data folder with HOST-AGAIN.script, which
resumes the game from the network screen's list; then both records must be equal and verify.
"""
import glob
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

app, cli, host_script, join_script = sys.argv[1:5]
host_again = sys.argv[5] if len(sys.argv) > 5 else None
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(work, name, script, port):
    folder = os.path.join(work, name)
    os.makedirs(folder, exist_ok=True)
    steps = os.path.join(folder, "steps.script")
    with open(script, encoding="utf-8") as f, open(steps, "w", encoding="utf-8") as out:
        out.write(f.read().replace("$PORT", str(port)))
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(folder, "data"),
               XDG_CONFIG_HOME=os.path.join(folder, "config"), ASAN_OPTIONS="detect_leaks=0")
    log = open(os.path.join(folder, "out.log"), "a")
    cmd = [os.path.join(root, "tests", "xvfb.sh"), "1600x900x24", app, "--script", steps,
           "--size", "1600x900", "--seed", "7"]
    return subprocess.Popen(cmd, cwd=folder, env=env, stdout=log, stderr=log,
                            start_new_session=True), folder


def report(name, proc, folder):
    print(f"--- {name}: exit {proc.returncode}")
    print(open(os.path.join(folder, "out.log"), encoding="utf-8", errors="replace").read())


def app_process(runner):
    """The app started by tests/xvfb.sh (its child), so only the app is killed, as in a crash."""
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == runner.pid:
            with open(f"/proc/{entry}/comm", encoding="utf-8") as f:
                if f.read().strip() == "shields-swords":
                    return int(entry)
    return None


def kill_after_move(work, host, host_dir, port):
    """Kills the host's app once it wrote moved.json, and starts it again with host_again."""
    deadline = time.time() + 200
    while not os.path.exists(os.path.join(host_dir, "moved.json")):
        if host.poll() is not None or time.time() > deadline:
            return host, False
        time.sleep(0.2)
    pid = app_process(host)
    if pid is None:
        return host, False
    os.kill(pid, 9)
    host.wait(timeout=30)
    print(f"killed the host's app (pid {pid}) after its move")
    again, _ = start(work, "host", host_again, port)
    return again, True


def records_in(folder):
    return [r for r in glob.glob(os.path.join(folder, "data", "**", "network", "*.json"),
                                 recursive=True) if not r.endswith(".secret.json")]


with tempfile.TemporaryDirectory(prefix="sns-net-e2e-") as work:
    port = free_port()
    host, host_dir = start(work, "host", host_script, port)
    join, join_dir = start(work, "join", join_script, port)
    failed = False
    if host_again:
        host, restarted = kill_after_move(work, host, host_dir, port)
        failed = not restarted
    for name, proc, folder in (("host", host, host_dir), ("join", join, join_dir)):
        try:
            proc.wait(timeout=280)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()
        if proc.returncode != 0:
            failed = True
    if failed:
        report("host", host, host_dir)
        report("join", join, join_dir)
        sys.exit(1)
    states = [json.load(open(os.path.join(d, "state.json"))) for d in (host_dir, join_dir)]
    if states[0] != states[1]:
        print("FAIL: the two windows show different games at the end")
        sys.exit(1)
    kept = {}
    for name, folder in (("host", host_dir), ("join", join_dir)):
        records = records_in(folder)
        if len(records) != 1:
            print(f"FAIL: expected one record in the {name}'s data folder, found {records}")
            sys.exit(1)
        check = subprocess.run([cli, "verify", records[0]], capture_output=True, text=True)
        if check.returncode != 0:
            print(f"FAIL: verify {records[0]}: {check.stdout}{check.stderr}")
            sys.exit(1)
        with open(records[0], encoding="utf-8") as f:
            kept[name] = json.load(f)
    if host_again and kept["host"] != kept["join"]:
        print("FAIL: the host's and the joiner's records differ after the resume")
        sys.exit(1)
print(f"passed: {os.path.basename(host_script)} with {os.path.basename(join_script)}")
