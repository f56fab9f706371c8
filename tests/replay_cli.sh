#!/usr/bin/env bash
# Replays, notes and battle reports from the CLI (issue 11): state --at N, note, report.
cli=$1
source "$(dirname "$0")/cli_checks.sh"
field() { python3 -c "import json,sys; print(json.load(open('$dir/out'))$1)"; }

game=tests/replay/first-clash-game.json
expect 0 "new game for comparison" -- "$cli" new battles/first-clash.json --seed 7 --out "$dir/new.json"
expect 0 "state of the new game" -- "$cli" state "$dir/new.json"
python3 -c "import json; j=json.load(open('$dir/out')); print(json.dumps(j['units'], sort_keys=True))" >"$dir/new-units"
expect 0 "state --at 0 is the set-up" -- "$cli" state "$game" --at 0
check "at 0 prints at: 0" '[ "$(field "[\"at\"]")" = 0 ]'
check "the set-up's units as a new game's" \
  '[ "$(python3 -c "import json; j=json.load(open(\"$dir/out\")); print(json.dumps(j[\"units\"], sort_keys=True))")" = "$(cat "$dir/new-units")" ]'
check "only the notes up to that moment" '[ "$(field "[\"notes\"].__len__()")" = 1 ]'
expect 0 "state --at 30" -- "$cli" state "$game" --at 30 --log none
check "turn 3 at action 30" '[ "$(field "[\"turn\"]")" = 3 ]'
expect 1 "state --at past the end" -- "$cli" state "$game" --at 104
check "says how long the game is" 'grep -q "103 actions" "$dir/err"'
cp "$game" "$dir/game.json"
expect 0 "a bookmark" -- "$cli" note "$dir/game.json" --at 50 --bookmark "the Household breaks through"
check "four notes now" '[ "$(field "[\"notes\"].__len__()")" = 4 ]'
expect 0 "the noted record replays" -- "$cli" state "$dir/game.json" --log none
check "same final VP" '[ "$(field "[\"vp\"][\"rebels\"]")" = 6 ]'
expect 1 "an empty note" -- "$cli" note "$dir/game.json" --at 5 ""
expect 0 "report" -- "$cli" report "$game" --out "$dir/report"
check "the report matches the stored one" 'cmp -s "$dir/report/report.md" tests/replay/first-clash-report.md'
expect 1 "report without --out" -- "$cli" report "$game"
if [ "$fails" -gt 0 ]; then echo "$fails failure(s)"; exit 1; fi
echo "replay CLI: all checks passed"
