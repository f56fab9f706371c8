#!/usr/bin/env python3
"""Arena over seed ranges in parallel processes (docs/ai.md "Strength"), and the merge of their results.

`play --games N --seed S` plays game g with seed S+g (seats swapped on odd g with --alternate), so
the chunks [S, S+k), [S+k, S+2k), ... with an even k play exactly the games of one long run. Each
chunk's JSON is kept in OUT_DIR as it finishes, so a run stopped early still merges what it played.

  scripts/arena.py run CLI BATTLE.json --bots A,B --games N --seed S [--chunk K] [--jobs J]
                   [--out OUT_DIR] [-- extra play options]
  scripts/arena.py merge OUT_DIR...
  scripts/arena.py serve CLI BATTLE.json --bots A,B --games N --seed S [--keep DIR]

`serve` plays the games through one `shields-swords-cli serve` session (scripts/sns_client.py,
docs/protocol.md) the way an outside bot would: a `random` seat picks among `legal` in Python,
any other level asks `suggest`. It is how a bot written in Python joins the arena; `run` is the
fast path for the built-in levels.
"""
import argparse
import concurrent.futures
import json
import math
import os
import random
import subprocess
import sys
import tempfile

# The scripts beside this one are imported from the source tree: no __pycache__ left there.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sns_client  # noqa: E402  (beside this script)


def wilson(won, n, z=1.96):
    """The Wilson 95% interval on a share of won games (draws count as not won)."""
    if n == 0:
        return (0.0, 1.0)
    p = won / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def write_atomic(path, text):
    """Writes `text` beside `path` and renames it over: a reader never finds half a file. The
    temporary file's name is this write's own, so two processes writing one path never share it."""
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=folder, prefix=os.path.basename(path) + ".",
                                     suffix=".tmp", delete=False) as f:
        f.write(text)
    try:
        os.replace(f.name, path)
    except OSError:
        os.unlink(f.name)
        raise


def run_chunk(cli, battle, bots, seed, games, extra, path):
    cmd = [cli, "play", battle, "--games", str(games), "--seed", str(seed), "--bots", bots,
           "--alternate"] + extra
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    data = json.loads(out)
    data["seed"] = seed
    data["command"] = " ".join(cmd[1:])
    write_atomic(path, json.dumps(data, indent=1))
    return path


def merge(chunks):
    """One result from several chunks of the same battle and bots."""
    first = chunks[0]
    if any(c["battle"] != first["battle"] or c["bots"] != first["bots"] for c in chunks):
        sys.exit("merge: the chunks are not all of one battle and one pair of bots")
    games = sum(c["games"] for c in chunks)
    out = {"battle": first["battle"], "bots": first["bots"], "games": games,
           "seeds": sorted([c["seed"], c["seed"] + c["games"] - 1] for c in chunks if "seed" in c)}
    for key in ("wins", "wins_by_bot", "endings", "victory_levels"):
        total = {}
        for c in chunks:
            for k, v in c.get(key, {}).items():
                total[k] = total.get(k, 0) + v
        out[key] = total
    seats = {}
    for c in chunks:
        for bot, sides in c.get("seats", {}).items():
            for side, n in sides.items():
                total = seats.setdefault(bot, {}).setdefault(
                    side, {"games": 0, "won": 0, "vp": 0, "victory_levels": {}})
                total["games"] += n["games"]
                total["won"] += n["won"]
                total["vp"] += n["average_vp"] * n["games"] if "average_vp" in n else 0
                for level, k in n.get("victory_levels", {}).items():
                    total["victory_levels"][level] = total["victory_levels"].get(level, 0) + k
    for sides in seats.values():  # the VP a bot scored from a side, per game played there
        for n in sides.values():
            n["average_vp"] = n.pop("vp") / n["games"] if n["games"] else 0.0
    out["seats"] = seats
    for key in ("average_turns", "average_actions"):
        out[key] = sum(c[key] * c["games"] for c in chunks) / games
    out["average_vp"] = {side: sum(c["average_vp"][side] * c["games"] for c in chunks) / games
                         for side in first["average_vp"]}
    timing = {}
    for bot in first["time_per_decision"]:
        parts = [(c["time_per_decision"][bot], c) for c in chunks]
        decisions = sum(t["decisions"] for t, _ in parts)
        # play counts a Player Turn per side as half a game turn, so its seconds per Player Turn
        # times average_turns * games / 2 gives back the thinking seconds.
        think = sum(t["seconds_per_player_turn"] * c["average_turns"] * c["games"] / 2 for t, c in parts)
        player_turns = sum(c["average_turns"] * c["games"] / 2 for _, c in parts)
        timing[bot] = {
            "decisions": decisions,
            # The exact median needs every decision; this is the chunks' medians weighted by
            # their decisions, close to it when the chunks are alike.
            "median_seconds_of_chunks": sum(t["median_seconds"] * t["decisions"] for t, _ in parts) /
            max(1, decisions),
            "max_seconds": max(t["max_seconds"] for t, _ in parts),
            "seconds_per_player_turn": think / player_turns if player_turns else 0,
        }
    out["time_per_decision"] = timing
    shares = {}
    for bot, won in out["wins_by_bot"].items():
        if bot in ("draw", "unfinished"):
            continue
        lo, hi = wilson(won, games)
        shares[bot] = {"won": won, "share": won / games, "wilson95": [round(lo, 3), round(hi, 3)]}
    out["win_share"] = shares
    battle = battle_file(first)
    if battle:
        out["balance"] = balance(battle, out["wins"], out["victory_levels"])
        by_levels = bots_by_levels(battle, seats)
        if by_levels:
            out["win_share_by_levels"] = by_levels
    return out


def battle_file(chunk):
    """The battle a chunk played, read from the play command it ran (None when not found)."""
    words = chunk.get("command", "").split()
    if len(words) < 2:
        return None
    path = words[1]
    if not path.endswith(".json"):  # a shipped battle named by its id
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "battles", path + ".json")
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def share_pair(a, b):
    return None if a + b == 0 else round(a / (a + b), 3)


def level_reading(battle):
    """For a battle whose history favours a side: (favoured, other, the favoured side's better
    levels, the other side's levels). A game at one of the first is won by levels by the favoured
    side, at one of the second by the other side; any other level decides nothing."""
    sides = [s["id"] for s in battle["sides"]]
    favoured = battle.get("about", {}).get("history_favours")
    graded = battle.get("victory_levels", [])
    if favoured not in sides or not graded:
        return None
    other = sides[1 - sides.index(favoured)]
    own = [lv["id"] for lv in graded if lv.get("side") == favoured]
    theirs = [lv["id"] for lv in graded if lv.get("side") == other]
    return favoured, other, own[:-1] or own, theirs


def bots_by_levels(battle, seats):
    """Each bot's games won and lost by levels (level_reading), from the levels it reached from
    each side: the strength reading of a battle the seat decides (docs/ai.md "On every battle")."""
    reading = level_reading(battle)
    if not reading or len(seats) != 2:
        return None
    favoured, other, better, theirs = reading
    won = {}
    for bot, sides in seats.items():
        levels = {side: sides.get(side, {}).get("victory_levels", {}) for side in (favoured, other)}
        won[bot] = (sum(levels[favoured].get(i, 0) for i in better) +
                    sum(levels[other].get(i, 0) for i in theirs))
    out = {}
    for bot in seats:
        rival = next(b for b in seats if b != bot)
        # The rival's wins by levels are this bot's losses: both played the same games.
        out[bot] = {"won": won[bot], "lost": won[rival],
                    "share_of_decided": share_pair(won[bot], won[rival])}
    return out


def balance(battle, wins, levels):
    """Issue 32's fairness figures: each side's share of the decided games, and for a battle whose
    history favours a side, that side's better victory levels (all of its levels but its last)
    against every level of the other side (docs/ai.md "Fair battles")."""
    sides = [s["id"] for s in battle["sides"]]
    out = {"by_win": {s: share_pair(wins.get(s, 0), wins.get(o, 0)) for s, o in (sides, sides[::-1])}}
    reading = level_reading(battle)
    if reading:
        favoured, other, better, theirs = reading
        f = sum(levels.get(i, 0) for i in better)
        o = sum(levels.get(i, 0) for i in theirs)
        out["by_levels"] = {"favoured": favoured, "favoured_better_levels": better,
                            "other_levels": theirs, favoured: share_pair(f, o),
                            other: share_pair(o, f), "games": [f, o]}
    return out


def serve_games(cli, battle, bots, games, seed, keep):
    """Games between two seats through one serve session; wins by side and by seat."""
    levels = bots.split(",")
    if len(levels) != 2:
        sys.exit("--bots takes two levels, A,B")
    wins, actions = {}, 0
    with sns_client.Session(cli) as session:
        sides = [s["id"] for s in session.request("map", battle=battle)["map"]["sides"]]
        for g in range(games):
            rng = random.Random(seed + g)
            state = session.request("new", battle=battle, seed=seed + g)["state"]
            while state["phase"] != "game_over":
                seat = levels[sides.index(state["to_act"])]
                if seat == "random":
                    action = rng.choice(session.request("legal")["legal"])
                else:
                    action = session.request("suggest", level=seat,
                                             seed=seed + g)["suggestion"]["action"]
                state = session.request("apply", action=action, reply="state")["state"]
                actions += 1
            winner = state["winner"]
            key = winner if winner not in sides else "%s (%s)" % (winner, levels[sides.index(winner)])
            wins[key] = wins.get(key, 0) + 1
            if keep:
                os.makedirs(keep, exist_ok=True)
                session.request("save", file=os.path.join(keep, "%s-%d.json" % (
                    os.path.splitext(os.path.basename(battle))[0], seed + g)))
    return {"battle": battle, "bots": levels, "games": games, "seed": seed, "wins": wins,
            "average_actions": actions / games if games else 0}


def load_dir(path):
    chunks = []
    for name in sorted(os.listdir(path)):
        if name.endswith(".json"):
            with open(os.path.join(path, name)) as f:
                chunks.append(json.load(f))
    return chunks


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="what", required=True)
    r = sub.add_parser("run")
    r.add_argument("cli")
    r.add_argument("battle")
    r.add_argument("--bots", required=True)
    r.add_argument("--games", type=int, required=True)
    r.add_argument("--seed", type=int, required=True)
    r.add_argument("--chunk", type=int, default=10, help="games per process (even)")
    r.add_argument("--jobs", type=int, default=2)
    r.add_argument("--out", help="folder for the chunks' results")
    m = sub.add_parser("merge")
    m.add_argument("dirs", nargs="+")
    s = sub.add_parser("serve")
    s.add_argument("cli")
    s.add_argument("battle")
    s.add_argument("--bots", default="random,random")
    s.add_argument("--games", type=int, default=1)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--keep", help="save every game there, verified by replay")
    a = p.parse_args(argv)
    if a.what == "serve":
        print(json.dumps(serve_games(a.cli, a.battle, a.bots, a.games, a.seed, a.keep), indent=1,
                         sort_keys=True))
        return
    if a.what == "merge":
        chunks = [c for d in a.dirs for c in load_dir(d)]
        if not chunks:
            sys.exit("merge: no chunk results found")
        print(json.dumps(merge(chunks), indent=1, sort_keys=True))
        return
    if a.chunk % 2:
        sys.exit("--chunk must be even, so that each chunk starts with the seats of the long run")
    battle_id = os.path.splitext(os.path.basename(a.battle))[0]
    out_dir = a.out or "arena-%s-%s-%d" % (battle_id, a.bots.replace(",", "-"), a.seed)
    os.makedirs(out_dir, exist_ok=True)
    jobs = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for start in range(0, a.games, a.chunk):
            seed = a.seed + start
            n = min(a.chunk, a.games - start)
            path = os.path.join(out_dir, "%09d.json" % seed)
            if os.path.exists(path):
                continue  # already played: a stopped run resumes
            jobs.append(pool.submit(run_chunk, a.cli, a.battle, a.bots, seed, n, extra, path))
        for j in jobs:
            j.result()
    print(json.dumps(merge(load_dir(out_dir)), indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
