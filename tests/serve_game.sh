#!/usr/bin/env bash
# A whole random game of first-clash played through `serve` by the Python client
# (scripts/sns_client.py): it must end, and the record it saves must pass `verify` (a fresh
# replay against the shipped battle, with the seed's dice); and one game of scripts/arena.py serve,
# random against greedy, whose kept record passes verify too. Usage: serve_game.sh CLI
set -euo pipefail
cli=$(realpath "$1")
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export SNS_ROOT=$root
for seed in 3 11; do
  summary=$(python3 "$root/scripts/sns_client.py" --cli "$cli" --seed "$seed" --save "$dir/game-$seed.json")
  echo "$summary"
  python3 - "$summary" <<'PY'
import json, sys
s = json.loads(sys.argv[1])
assert s["phase"] == "game_over" and s["winner"] is not None and s["actions"] > 0, s
PY
  "$cli" verify "$dir/game-$seed.json"
  # The record holds the game the client played: as many actions as it applied.
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); s=json.loads(sys.argv[2]); assert len(r["actions"]) == s["actions"], (len(r["actions"]), s["actions"])' \
    "$dir/game-$seed.json" "$summary"
done
# The arena through serve: a Python-side random seat against the engine's greedy, kept and verified.
python3 "$root/scripts/arena.py" serve "$cli" first-clash --bots random,greedy --games 1 --seed 5 \
  --keep "$dir/arena" > "$dir/arena.json"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["games"] == 1 and sum(r["wins"].values()) == 1, r' "$dir/arena.json"
"$cli" verify "$dir/arena/first-clash-5.json"
echo "serve game: ok"
