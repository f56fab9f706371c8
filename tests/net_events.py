#!/usr/bin/env python3
"""Waits until a command-line player's JSON lines (its --out log of events) hold EVENTS in that
order, and fails if any line's event or kind is one of the --never ones (e2e network checks).

  net_events.py LOG [--within SECONDS] EVENT... [--never KIND...]

The wait is counted by the clock (default 60 s, a script step's patience), not in tries, so a
player slowed by a loaded machine still counts; a line being written is read again later.
"""
import json
import sys
import time

args = sys.argv[1:]
log, within = args.pop(0), 60.0
if args[:1] == ["--within"]:
    within = float(args[1])
    args = args[2:]
never = args[args.index("--never") + 1:] if "--never" in args else []
wanted = args[:args.index("--never")] if "--never" in args else args


def kinds():
    """Each whole line's event or kind, in the log's order."""
    out = []
    with open(log, encoding="utf-8") as f:
        for line in f:
            if not line.endswith("\n"):
                break  # still being written
            try:
                j = json.loads(line)
            except ValueError:
                continue
            if isinstance(j, dict):
                out.append(j.get("event") or j.get("kind") or "")
    return out


def in_order(seen):
    k = 0
    for s in seen:
        if k < len(wanted) and s == wanted[k]:
            k += 1
    return k == len(wanted)


deadline = time.monotonic() + within
while True:
    seen = kinds()
    bad = [s for s in seen if s in never]
    if bad:
        print(f"{log}: {bad[0]} came ({', '.join(seen)})")
        sys.exit(1)
    if in_order(seen):
        sys.exit(0)
    if time.monotonic() > deadline:
        print(f"{log}: not {' then '.join(wanted)} within {within:g} s ({', '.join(seen)})")
        sys.exit(1)
    time.sleep(0.2)
