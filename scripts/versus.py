#!/usr/bin/env python3
"""Games between the computer players of two builds of the command line (docs/ai.md "Against an
older build"), e.g. today's `hard` against the `hard` of commit a9063f6 (issue 32 item 4).

  scripts/versus.py BATTLE.json --a CLI:LEVEL --b CLI:LEVEL --seeds S N [--jobs J] [--out FILE]
                    [--a-args "..."] [--b-args "..."]

Each of the N seeds S, S+1, ... is played twice, the seats swapped (paired by seed): a game's luck
falls on both players alike. Every build keeps its own record of the same game: a decision is asked
of the seat's build (`suggest` on its record, with the seed game*1000 + action number), and the
action is applied in both records. The two records are compared (turn, phase, side to act, VP,
every unit's hex, steps or hits, and facing) after each of the first 8 actions, every 8th after
and at the end, so a game where the builds read the rules differently stops with an error instead
of being counted. Each game's victory level is reported, and where history favours a side each
player's games won and lost by levels (arena.py's reading).

An older build may not know fields added to the battle format since. Fields that only describe or
grade a battle (`about`, `victory_levels`) are left out of its copy; any other field it refuses
means the battle is not the same game for it, and the run stops saying so.
"""
import argparse
import concurrent.futures
import json
import os
import shlex
import subprocess
import sys
import tempfile

# The scripts beside this one are imported from the source tree: no __pycache__ left there.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from arena import level_reading, share_pair, wilson, write_atomic  # noqa: E402  (the arena's readings)

# Fields of the battle format that change no rule: an older build may play without them.
GRADING_ONLY = ("about", "victory_levels")
# Both records are compared after each of the first CHECK_EVERY actions and every CHECK_EVERY after.
CHECK_EVERY = 8


def run(cli, *args):
    out = subprocess.run([cli, *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("%s %s: exit %d: %s" % (cli, " ".join(args[:2]), out.returncode,
                                                   (out.stdout + out.stderr)[-400:]))
    return json.loads(out.stdout) if out.stdout.strip() else {}


def read_battle(battle):
    """The battle file's JSON object; one line naming the file and what is wrong, and exit 2 (as
    the command line does for bad input), when it cannot be read, is not UTF-8 or not JSON."""
    try:
        with open(battle, "rb") as f:
            data = json.loads(f.read().decode("utf-8"))
    except OSError as e:
        fail = e.strerror or str(e)
    except UnicodeDecodeError as e:
        fail = "byte 0x%02X at offset %d is not UTF-8" % (e.object[e.start], e.start)
    except ValueError as e:
        fail = "malformed JSON (%s)" % e
    else:
        if isinstance(data, dict):
            return data
        fail = "not a JSON object"
    print("versus: %s: %s" % (battle, fail), file=sys.stderr)
    sys.exit(2)


def battle_for(cli, battle, folder, tag):
    """The battle file this build loads: the battle itself, or a copy without the grading-only
    fields."""
    data = read_battle(battle)
    dropped = []
    while True:
        path = os.path.join(folder, "%s-battle.json" % tag)
        with open(path, "w") as f:
            json.dump(data, f)
        out = subprocess.run([cli, "validate", path], capture_output=True, text=True)
        if out.returncode == 0:
            return path, dropped
        try:
            field = json.loads(out.stdout or out.stderr).get("path", "")
        except ValueError:
            field = ""
        top = field.strip("/").split("/")[0]
        if top not in GRADING_ONLY or top not in data:
            sys.exit("%s cannot play %s as it is (%s): the builds would not play the same game"
                     % (cli, battle, (out.stdout or out.stderr).strip()[:300]))
        del data[top]
        dropped.append(top)


def position(cli, record):
    """What both builds must agree on after every action."""
    s = run(cli, "state", record)
    # S&S II units wear by steps; D3 Medieval's by hits, and they face a way (D13, D3).
    units = sorted((u["id"], u["hex"], u.get("steps"), u.get("hits"), u.get("facing"))
                   for u in s["units"])
    return (s["turn"], s["phase"], s["to_act"], json.dumps(s.get("vp"), sort_keys=True), units,
            s["winner"])


def play(task):
    """One game: seed, which player takes the battle's first side, the players, the folder."""
    seed, first, players, folder = task
    records = []
    for k, p in enumerate(players):
        rec = os.path.join(folder, "g%d-%d-%d.json" % (seed, first, k))
        run(p["cli"], "new", p["battle"], "--seed", str(seed), "--out", rec)
        records.append(rec)
    with open(players[0]["battle"]) as f:
        sides = [s["id"] for s in json.load(f)["sides"]]
    seat = {sides[0]: first, sides[1]: 1 - first}
    seconds = [[], []]
    n = 0
    while True:
        now = position(players[0]["cli"], records[0])
        turn, phase, to_act, vp, _, winner = now
        over = phase == "game_over" or to_act is None
        # Both records are read at the first actions, every CHECK_EVERY after and at the end: a
        # process replays its record, so reading both at every action doubles a game's time.
        if n <= CHECK_EVERY or n % CHECK_EVERY == 0 or over:
            other = position(players[1]["cli"], records[1])
            if other != now:
                raise RuntimeError("seed %d: the builds disagree by action %d: %s / %s"
                                   % (seed, n, now, other))
        if over:
            break
        k = seat[to_act]
        p = players[k]
        sug = run(p["cli"], "suggest", records[k], "--level", p["level"],
                  "--seed", str(seed * 1000 + n), *p["args"])
        seconds[k].append(sug.get("seconds", 0.0))
        action = json.dumps(sug["action"])
        for q, r in zip(players, records):
            run(q["cli"], "apply", r, action, "--out", r)
        n += 1
    vp = json.loads(vp)
    level = final_level(players, records)
    print("seed %d, %s first: %s after %d actions%s" % (seed, "ab"[first], winner, n,
          ", " + level if level else ""), file=sys.stderr, flush=True)
    return {"seed": seed, "first": first, "winner": winner,
            "winner_player": None if winner not in seat else seat[winner],
            "vp": vp, "turn": turn, "actions": n, "seconds": seconds, "level": level,
            "seat": seat}


def final_level(players, records):
    """The victory level the game ended at, read by a build whose battle kept its levels (an older
    build's copy may have dropped them); None when neither did or the battle has none."""
    for p, r in zip(players, records):
        if "victory_levels" not in p["dropped"]:
            level = run(p["cli"], "state", r, "--log", "none").get("victory_level")
            return level["id"] if level else None
    return None


def by_levels(games, battle):
    """For a battle whose history favours a side, each player's games won and lost by levels
    (arena.py's level_reading): the reading of a battle the seat decides."""
    reading = level_reading(read_battle(battle))
    if not reading:
        return None
    favoured, other, better, theirs = reading
    won = [0, 0]
    for g in games:
        if g["level"] in better:
            won[g["seat"][favoured]] += 1
        elif g["level"] in theirs:
            won[g["seat"][other]] += 1
    return {label: {"won": won[k], "lost": won[1 - k],
                    "share_of_decided": share_pair(won[k], won[1 - k]),
                    "wilson95": [round(x, 3) for x in wilson(won[k], sum(won))]}
            for k, label in enumerate("ab")}


def summary(games, players):
    labels = ["a", "b"]
    won = [sum(1 for g in games if g["winner_player"] == k) for k in (0, 1)]
    decided = won[0] + won[1]
    out = {"games": len(games), "drawn": len(games) - decided,
           "players": {labels[k]: {"cli": p["cli"], "level": p["level"], "won": won[k]}
                       for k, p in enumerate(players)}}
    for k in (0, 1):
        times = sorted(t for g in games for t in g["seconds"][k])
        entry = out["players"][labels[k]]
        entry["share_of_decided"] = round(won[k] / decided, 3) if decided else None
        entry["wilson95"] = [round(x, 3) for x in wilson(won[k], decided)]
        entry["won_as_first_side"] = sum(1 for g in games if g["first"] == k and
                                         g["winner_player"] == k)
        entry["median_seconds"] = times[len(times) // 2] if times else 0
        entry["max_seconds"] = times[-1] if times else 0
    levels = by_levels(games, players[0]["source"])
    if levels:
        out["by_levels"] = levels
    out["games_list"] = [{k: g[k] for k in ("seed", "first", "winner", "vp", "turn", "actions",
                                            "level")} for g in games]
    return out


def player(text, extra, battle, folder, tag):
    cli, _, level = text.rpartition(":")
    if not cli or not level:
        sys.exit("--%s takes CLI:LEVEL" % tag)
    cli = os.path.abspath(cli)
    path, dropped = battle_for(cli, battle, folder, tag)
    return {"cli": cli, "level": level, "args": shlex.split(extra or ""), "battle": path,
            "dropped": dropped, "source": battle}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("battle")
    ap.add_argument("--a", required=True, help="CLI:LEVEL")
    ap.add_argument("--b", required=True, help="CLI:LEVEL")
    ap.add_argument("--a-args", default="", help="more options for a's suggest")
    ap.add_argument("--b-args", default="", help="more options for b's suggest")
    ap.add_argument("--seeds", nargs=2, type=int, required=True, metavar=("S", "N"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", help="write the summary here too")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        players = [player(args.a, args.a_args, args.battle, folder, "a"),
                   player(args.b, args.b_args, args.battle, folder, "b")]
        tasks = [(args.seeds[0] + i, first, players, folder)
                 for i in range(args.seeds[1]) for first in (0, 1)]
        with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
            try:
                games = list(pool.map(play, tasks))
            except RuntimeError as e:
                sys.exit("versus: %s" % e)
    result = summary(games, players)
    result["battle"] = os.path.basename(args.battle)
    result["seeds"] = [args.seeds[0], args.seeds[0] + args.seeds[1] - 1]
    result["left_out_for"] = {label: p["dropped"] for label, p in zip("ab", players)
                              if p["dropped"]}
    text = json.dumps(result, indent=1)
    if args.out:
        write_atomic(args.out, text + "\n")
    print(text)


if __name__ == "__main__":
    main()
