#!/usr/bin/env python3
"""Network games between two shields-swords-cli processes over localhost (issue 34, docs/protocol.md).

Usage: net_game.py CLI MODE, MODE one of:
  whole    host (normal) against join (greedy) play first-clash to its end; both records verify
           with every die made from both chains, and they hold the same game.
  faults   a proxy between them slips in an illegal action, a wrong reveal, an oversized line and
           a flood; the host refuses each with its error and the game goes on to its end.
  resume   the proxy cuts the connection in the middle of the game; both wait, the joiner comes
           back, and the game ends with no action lost.
  restart  the joiner's process is killed in the middle of the game and started again with
           --resume on its record; the game ends with no action lost.
  unsent   the joiner is killed after it recorded an action but before its state hash reached the
           host (the proxy holds both hashes of that moment back); restarted, it sends that hash
           again, and the host, which waited for it, goes on.
  differs  the proxy alters one state hash; both stop (exit 6) saying the games differ, and the
           host's record is kept and verifies.
  unreachable  a host on a port already taken stops at once (exit 6, cannot_listen) and writes
           nothing; a joiner of a closed port says why it keeps trying (a "trying" event, once);
           a joiner of a port where something that is not a game answers tries again only after a
           pause, not thousands of times a second.
Ports are taken by the system (port 0); every wait has a deadline."""
import hashlib
import json
import os
import queue
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time

CLI, MODE = sys.argv[1], sys.argv[2]
DEADLINE = time.monotonic() + 100  # typically 1 to 10 s; room for a sanitizer build under load


def fail(why):
    print("FAIL:", why)
    sys.exit(1)


class Player:
    """A host or join process, its events read as they come."""

    def __init__(self, args, cwd):
        self.proc = subprocess.Popen([CLI] + args, cwd=cwd, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.events = []
        self.queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.queue.put(json.loads(line))
        self.queue.put(None)

    def wait_event(self, test, what):
        while True:
            try:
                e = self.queue.get(timeout=max(0.1, DEADLINE - time.monotonic()))
            except queue.Empty:
                fail("no event: " + what)
            if e is None:
                fail("the process ended before " + what + ": " + self.proc.stderr.read())
            self.events.append(e)
            if test(e):
                return e

    def finish(self):
        try:
            self.proc.wait(timeout=max(1, DEADLINE - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.proc.kill()
            fail("a player did not end in time")
        while True:  # the reader puts None after the last line
            e = self.queue.get(timeout=10)
            if e is None:
                break
            self.events.append(e)
        return self.proc.returncode, self.proc.stderr.read()


class Proxy:
    """Stands between the joiner and the host, line by line; `up` sees the joiner's lines and
    `down` (when given) the host's."""

    def __init__(self, host_port, up, down=None):
        self.host_port, self.up, self.down = host_port, up, down
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.pair = None
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                host = socket.create_connection(("127.0.0.1", self.host_port))
            except OSError:  # the host is gone: so is this connection
                client.close()
                continue
            self.pair = (client, host)
            threading.Thread(target=self._pump, args=(client, host, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(host, client, False), daemon=True).start()

    def _pump(self, src, dst, upward):
        reader = src.makefile("rb")
        try:
            for line in reader:
                if upward:
                    self.up(json.loads(line), line, self)
                elif self.down:
                    self.down(json.loads(line), line, dst)
                else:
                    dst.sendall(line)
        except (OSError, ValueError):
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def to_host(self, data):
        with self.lock:
            self.pair[1].sendall(data)

    def cut(self):
        for s in self.pair:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def verify(record, cwd):
    r = subprocess.run([CLI, "verify", record], cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        fail("verify " + record + ": " + r.stdout + r.stderr)
    result = json.loads(r.stdout)
    if not result.get("network_dice"):
        fail("verify did not check network dice: " + r.stdout)
    return result


def die(roll, element0, element1, faces):
    """docs/protocol.md "Network dice", written again from the text: BLAKE2b-512 of the label,
    the roll's index and both elements, the first unbiased 64-bit word."""
    digest = hashlib.blake2b(b"shields-swords die/1" + roll.to_bytes(8, "little") +
                             bytes.fromhex(element0) + bytes.fromhex(element1)).digest()
    limit = 2**64 - 1 - (2**64 % faces)
    while True:
        for w in range(8):
            word = int.from_bytes(digest[8 * w:8 * w + 8], "little")
            if word <= limit:
                return word % faces + 1
        digest = hashlib.blake2b(digest).digest()


def check_dice_again(record):
    """Every die of the record, made again from both chains; every reveal hashes to the one
    before it."""
    chains = record["network"]["chains"]
    for c in chains:
        before = c["end"]
        for element in c["reveals"]:
            if hashlib.blake2b(bytes.fromhex(element), digest_size=32).hexdigest() != before:
                fail("a reveal does not hash to the element before it")
            before = element
    dice = [d for r in record["rolls"] for d in r["dice"]]
    faces = 6 if record["battle"].get("ruleset") == "d3-medieval" else 8
    made = [die(k, chains[0]["reveals"][k], chains[1]["reveals"][k], faces)
            for k in range(len(dice))]
    if made != dice:
        fail("the dice made again from the chains differ from the record's")
    return len(dice)


def check_tampering_refused(cwd):
    """verify refuses a network record whose die or reveal was changed by hand."""
    record = json.load(open(os.path.join(cwd, "network-host.json")))
    first = record["rolls"][-1]  # the last action that rolled: the fewest actions after it
    roll = sum(len(r["dice"]) for r in record["rolls"] if r["action"] < first["action"])
    faces = 6 if record["battle"].get("ruleset") == "d3-medieval" else 8
    changed = json.loads(json.dumps(record))
    face = first["dice"][0] % faces + 1  # another face, kept consistent in both lists
    changed["rolls"][-1]["dice"][0] = face
    changed["replaced_dice"][str(roll)] = face
    other = json.loads(json.dumps(record))
    element = other["network"]["chains"][1]["reveals"][0]
    other["network"]["chains"][1]["reveals"][0] = ("0" if element[0] != "0" else "1") + element[1:]
    # A changed die may also make a later action illegal: refused either way, as dice or action.
    for name, doc, whats in (("changed-die.json", changed, ("dice", "action")),
                             ("changed-reveal.json", other, ("dice",))):
        with open(os.path.join(cwd, name), "w") as f:
            json.dump(doc, f)
        r = subprocess.run([CLI, "verify", name], cwd=cwd, capture_output=True, text=True)
        if r.returncode != 3 or json.loads(r.stderr)["difference"]["what"] not in whats:
            fail("verify took a network record with a %s: %d %s" % (name, r.returncode, r.stderr))


def refused_kinds(player):
    return [e.get("kind") for e in player.events if e.get("event") == "refused"]


def play(up, host_bot="greedy", join_bot="greedy", join_wait="30", down=None):
    cwd = tempfile.mkdtemp(prefix="sns-net-")
    host = Player(["host", "first-clash", "--port", "0", "--side", "royal", "--player", "Ann",
                   "--bot", host_bot, "--timeout", "10", "--wait", "30"], cwd)
    port = host.wait_event(lambda e: e["event"] == "listening", "listening")["port"]
    proxy = Proxy(port, up, down) if up else None
    join = Player(["join", "127.0.0.1:%d" % (proxy.port if proxy else port), "--player", "Bob",
                   "--bot", join_bot, "--timeout", "10", "--wait", join_wait], cwd)
    return cwd, host, join, proxy


def check_whole_game(cwd, host, join):
    (hrc, herr), (jrc, jerr) = host.finish(), join.finish()
    if hrc != 0 or jrc != 0:
        fail("exit %d/%d: %s %s" % (hrc, jrc, herr, jerr))
    end = [e for e in host.events if e["event"] == "end"]
    if not end or end[0]["winner"] is None and end[0]["reason"] == "":
        fail("the host saw no end of the game: %s" % host.events[-3:])
    connected = [e for e in join.events if e["event"] in ("connected", "resumed")]
    if not connected or connected[0]["opponent"] != "Ann" or connected[0]["side"] != "rebels":
        fail("the joiner did not see Ann as the royal side: %s" % connected)
    h, j = verify("network-host.json", cwd), verify("network-join.json", cwd)
    if h["actions"] != j["actions"] or h["actions"] != end[0]["actions"]:
        fail("the records differ in length: %s %s" % (h, j))
    records = [json.load(open(os.path.join(cwd, f))) for f in ("network-host.json",
                                                               "network-join.json")]
    for key in ("actions", "rolls", "replaced_dice", "network"):
        if records[0][key] != records[1][key] and key != "network":
            fail("the two records' %s differ" % key)
    chains = [r["network"]["chains"] for r in records]
    if [c["end"] for c in chains[0]] != [c["end"] for c in chains[1]]:
        fail("the records keep different chain ends")
    rolls = sum(len(r["dice"]) for r in records[0]["rolls"])
    if rolls == 0 or len(chains[0][0]["reveals"]) != rolls:
        fail("expected one reveal a roll from each side, %d rolls" % rolls)
    return end[0]


def mode_whole():
    cwd, host, join, _ = play(None, host_bot="normal", join_bot="greedy")
    end = check_whole_game(cwd, host, join)
    rolls = check_dice_again(json.load(open(os.path.join(cwd, "network-host.json"))))
    check_tampering_refused(cwd)
    print("whole game: %d actions, %d dice made again from both chains, winner %s; both records "
          "verified; a changed die and a changed reveal refused" % (end["actions"], rolls,
                                                                    end["winner"]))


def mode_faults():
    state = {"actions": 0, "reveals": 0}

    def up(msg, line, proxy):
        cmd = msg.get("cmd")
        if cmd == "action":
            state["actions"] += 1
            if state["actions"] == 1:  # the command phase: a move is not legal yet
                proxy.to_host(b'{"cmd":"action","n":%d,"action":{"type":"move","unit":"B1",'
                              b'"to":"0905"}}\n' % msg["n"])
            if state["actions"] == 3:
                proxy.to_host(b'{"cmd":"say","text":"' + b"x" * (1536 * 1024) + b'"}\n')
            if state["actions"] == 5:
                proxy.to_host(b'{"cmd":"ping"}\n' * 6000)
                time.sleep(2.5)  # the rate bound's bucket refills (2000 a second) before the
                                 # real line follows the flood
        if cmd == "reveal":
            state["reveals"] += 1
            if state["reveals"] == 1:
                proxy.to_host(b'{"cmd":"reveal","roll":%d,"element":"%s"}\n' %
                              (msg["roll"], secrets.token_hex(32).encode()))
        proxy.to_host(line)

    cwd, host, join, _ = play(up)
    end = check_whole_game(cwd, host, join)
    kinds = refused_kinds(host)
    illegal = [e for e in host.events if e.get("event") == "refused" and e.get("rule")]
    if not illegal:
        fail("the illegal action was not refused with its rule: %s" % kinds)
    for kind in ("wrong_reveal", "line_too_long", "rate_limited"):
        if kind not in kinds:
            fail("no %s refusal: %s" % (kind, kinds))
    print("faults refused (%s), the game went on to its end in %d actions" %
          (", ".join(sorted(set(kinds))), end["actions"]))


def mode_resume():
    state = {"actions": 0}

    def up(msg, line, proxy):
        proxy.to_host(line)
        if msg.get("cmd") == "action":
            state["actions"] += 1
            if state["actions"] == 4:
                proxy.cut()

    cwd, host, join, _ = play(up)
    end = check_whole_game(cwd, host, join)
    for p, who in ((host, "host"), (join, "joiner")):
        if not any(e["event"] == "resumed" for e in p.events):
            fail("the %s did not resume" % who)
    print("cut after the joiner's 4th action, resumed, %d actions, both records verified" %
          end["actions"])


def mode_restart():
    cwd, host, join, _ = play(None)
    join.wait_event(lambda e: e["event"] == "action" and e["n"] >= 6, "the 7th action")
    join.proc.kill()  # the joiner's process stops; its record and secret file stay
    join.proc.wait()
    host.wait_event(lambda e: e["event"] == "waiting", "the host waiting")
    again = Player(["join", "127.0.0.1:%d" % host_port(host), "--player", "Bob", "--bot",
                    "greedy", "--timeout", "10", "--wait", "30", "--resume"], cwd)
    end = check_whole_game(cwd, host, again)
    if not any(e["event"] == "resuming" for e in again.events):
        fail("the restarted joiner did not resume from its record")
    if not any(e["event"] == "resumed" for e in host.events):
        fail("the host did not resume")
    print("the joiner's process killed after 7 actions and restarted on its record; %d actions, "
          "both records verified" % end["actions"])


def mode_unsent():
    held = 7  # the moment whose two hashes are held back
    state = {"killed": False}

    def down(msg, line, joiner):
        if not (msg.get("cmd") == "state_hash" and msg["n"] == held and not state["killed"]):
            joiner.sendall(line)

    def up(msg, line, proxy):
        if msg.get("cmd") == "state_hash" and msg["n"] == held and not state["killed"]:
            state["killed"] = True  # its record holds action 7; nobody has its hash
            state["join"].proc.kill()
            return
        proxy.to_host(line)

    cwd, host, join, proxy = play(up, down=down)
    state["join"] = join
    join.proc.wait()
    host.wait_event(lambda e: e["event"] == "waiting", "the host waiting")
    again = Player(["join", "127.0.0.1:%d" % proxy.port, "--player", "Bob", "--bot", "greedy",
                    "--timeout", "10", "--wait", "30", "--resume"], cwd)
    end = check_whole_game(cwd, host, again)
    resumed = [e for e in again.events if e["event"] == "resuming"]
    if not resumed or resumed[0]["actions"] != held:
        fail("the restarted joiner did not resume at action %d: %s" % (held, resumed))
    print("the joiner killed with action %d recorded and its hash unsent; restarted, it sent the "
          "hash again; %d actions, both records verified" % (held, end["actions"]))


def host_port(host):
    return [e for e in host.events if e["event"] == "listening"][0]["port"]


def mode_differs():
    state = {"hashes": 0}

    def up(msg, line, proxy):
        if msg.get("cmd") == "state_hash":
            state["hashes"] += 1
            if state["hashes"] == 3:
                msg["hash"] = "0" * 64
                line = (json.dumps(msg) + "\n").encode()
        proxy.to_host(line)

    cwd, host, join, _ = play(up, join_wait="5")
    (hrc, herr), (jrc, jerr) = host.finish(), join.finish()
    if hrc != 6 or json.loads(herr)["kind"] != "state_differs":
        fail("the host did not stop with state_differs: %d %s" % (hrc, herr))
    if jrc != 6 or json.loads(jerr)["kind"] != "state_differs":
        fail("the joiner did not stop with state_differs: %d %s %s" % (jrc, jerr, join.events[-4:]))
    result = verify("network-host.json", cwd)
    if result["actions"] != 3:
        fail("expected the record kept at 3 actions: %s" % result)
    print("a wrong state hash stopped both sides; the record kept 3 actions and verifies")


def mode_unreachable():
    cwd = tempfile.mkdtemp(prefix="sns-net-")
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    r = subprocess.run([CLI, "host", "first-clash", "--port", str(port), "--out", "h.json"],
                       cwd=cwd, capture_output=True, text=True, timeout=30)
    error = json.loads(r.stderr)
    if r.returncode != 6 or error["kind"] != "cannot_listen" or "choose another port" not in error["error"]:
        fail("a taken port: %d %s" % (r.returncode, r.stderr))
    if os.listdir(cwd):
        fail("a host that could not listen wrote %s" % os.listdir(cwd))
    taken.close()  # now closed: nothing listens there
    r = subprocess.run([CLI, "join", "127.0.0.1:%d" % port, "--wait", "2", "--out", "j.json"],
                       cwd=cwd, capture_output=True, text=True, timeout=30)
    trying = [json.loads(l) for l in r.stdout.splitlines() if '"trying"' in l]
    if r.returncode != 6 or len(trying) != 1 or not trying[0]["why"]:
        fail("a closed port: %d %s %s" % (r.returncode, r.stdout, r.stderr))
    # Something that is not a game: it answers every connection with a line of nonsense.
    other = socket.socket()
    other.bind(("127.0.0.1", 0))
    other.listen(16)
    connections = [0]

    def answer():
        while True:
            try:
                c, _ = other.accept()
            except OSError:
                return
            connections[0] += 1
            try:
                c.sendall(b"HTTP/1.0 200 OK\r\n\r\n")
            except OSError:
                pass
            c.close()

    threading.Thread(target=answer, daemon=True).start()
    r = subprocess.run([CLI, "join", "127.0.0.1:%d" % other.getsockname()[1], "--wait", "3",
                        "--out", "j2.json"], cwd=cwd, capture_output=True, text=True, timeout=30)
    other.close()
    if r.returncode != 6 or connections[0] > 6:
        fail("not a game: exit %d after %d connections in 3 s" % (r.returncode, connections[0]))
    print("a taken port stops the host cleanly; a closed port is said once; "
          "%d connections in 3 s to a program that is not a game" % connections[0])


{"whole": mode_whole, "faults": mode_faults, "resume": mode_resume, "restart": mode_restart,
 "unsent": mode_unsent, "differs": mode_differs, "unreachable": mode_unreachable}[MODE]()
