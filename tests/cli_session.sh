#!/usr/bin/env bash
# CLI session test (docs/cli.md): exit codes 0/2/3, JSON out, errors on stderr, nothing written on refusal.
cli=$1
source "$(dirname "$0")/cli_checks.sh"

expect 0 "validate the teaching battle" -- "$cli" validate battles/first-clash.json
check "validate prints ok" 'grep -q "\"ok\": true" "$dir/out"'
expect 0 "new game" -- "$cli" new battles/first-clash.json --seed 7 --out "$dir/g.json"
check "record written" '[ -s "$dir/g.json" ]'
expect 0 "legal" -- "$cli" legal "$dir/g.json"
check "25 command choices" '[ "$(grep -c "\"type\": \"command\"" "$dir/out")" = 25 ]'
cp "$dir/g.json" "$dir/before.json"
expect 3 "Bonus alone is illegal" -- "$cli" apply "$dir/g.json" '{"type":"command","orders":[{"wing":"host","commands":["bonus"]}]}'
check "illegal action names rule 4.3" 'grep -q "\"rule\":\"4.3\"" "$dir/err"'
check "nothing on stdout for an error" '[ ! -s "$dir/out" ]'
check "record untouched after a refusal" 'cmp -s "$dir/g.json" "$dir/before.json"'
expect 0 "legal command" -- "$cli" apply "$dir/g.json" '{"type":"command","orders":[{"wing":"host","commands":["move"]}]}'
check "events printed" 'grep -q "\"events\"" "$dir/out"'
expect 0 "move" -- "$cli" apply "$dir/g.json" '{"type":"move","unit":"B1","to":"0905"}'
expect 0 "state" -- "$cli" state "$dir/g.json"
check "B1 moved" 'python3 -c "import json,sys; s=json.load(open(\"$dir/out\")); u=[u for u in s[\"units\"] if u[\"id\"]==\"B1\"][0]; sys.exit(0 if u[\"hex\"]==\"0905\" else 1)"'
check "state hides the reverse" '! grep -q "\"reverse\"" "$dir/out"'
expect 0 "state with spoilers" -- "$cli" state "$dir/g.json" --spoilers
check "spoilers show the reverse" 'grep -q "\"reverse\"" "$dir/out"'
expect 3 "moving twice" -- "$cli" apply "$dir/g.json" '{"type":"move","unit":"B1","to":"0904"}'
check "rule 5.0 cited" 'grep -q "\"rule\":\"5.0\"" "$dir/err"'
expect 2 "unknown unit is bad input" -- "$cli" apply "$dir/g.json" '{"type":"move","unit":"ZZ","to":"0904"}'
expect 2 "malformed action JSON" -- "$cli" apply "$dir/g.json" '{"type":'
expect 2 "a number out of range in an action is bad input, not an internal error" -- "$cli" apply "$dir/g.json" '{"type":"end_phase","n":1e999}'
expect 2 "an action nested too deep is bad input" -- "$cli" apply "$dir/g.json" "$(python3 -c 'print("["*200 + "]"*200)')"
mkdir "$dir/folder.json"
expect 5 "writing over a folder is an I/O error" -- "$cli" new battles/first-clash.json --out "$dir/folder.json"
check "the I/O error names the file" 'grep -q "folder.json" "$dir/err"'
echo '{"format": "shields-swords-battle/1", "id": 5}' > "$dir/bad.json"
expect 2 "bad battle file" -- "$cli" validate "$dir/bad.json"
check "error names the file and path" 'grep -q "bad.json" "$dir/err" && grep -q "/id" "$dir/err"'
expect 2 "missing file" -- "$cli" state "$dir/nothing.json"
expect 1 "unknown command" -- "$cli" frobnicate
expect 0 "play random games" -- "$cli" play battles/first-clash.json --games 5 --seed 3
check "play reports wins" 'grep -q "\"wins\"" "$dir/out"'
# Preview: B5 reaches the ditch in front of R7 and previews its attack (7.3 trench, 7.4 UTMM).
g=$dir/p.json
"$cli" new battles/first-clash.json --seed 4 --dice 2 --out "$g" >/dev/null
"$cli" apply "$g" '{"type":"command","orders":[{"wing":"host","commands":["move"]}]}' \
  '{"type":"move","unit":"B5","to":"0706"}' '{"type":"end_phase"}' '{"type":"command","orders":[]}' \
  '{"type":"initiative","declare":false}' '{"type":"command","orders":[{"wing":"host","commands":["move","combat"]}]}' \
  '{"type":"move","unit":"B5","to":"0605"}' '{"type":"end_phase"}' >/dev/null
expect 0 "preview an attack" -- "$cli" preview "$g" '{"type":"attack","target":"R7","attackers":["B5"]}'
check "preview shows the trench shift and shifted CC F" 'grep -q "\"cc\": \"F\"" "$dir/out" && grep -q "\"rule\": \"12.3\"" "$dir/out"'
check "preview outcomes sum to 1" 'python3 -c "import json,sys; o=json.load(open(\"$dir/out\"))[\"outcomes\"]; sys.exit(0 if abs(sum(o.values())-1)<1e-9 else 1)"'
expect 3 "preview of an impossible attack" -- "$cli" preview "$g" '{"type":"attack","target":"B1","attackers":["B5"]}'
expect 0 "apply the attack with the forced die" -- "$cli" apply "$g" '{"type":"attack","target":"R7","attackers":["B5"]}'
check "forced die 2 reads column 3 of row F: EX" 'grep -q "\"result\": \"EX\"" "$dir/out" && grep -q "\"column\": 3" "$dir/out"'
# format: the editor's canonical layout, same content; every shipped battle is already canonical.
for f in battles/*.json; do
  expect 0 "format --check $f" -- "$cli" format "$f" --check
done
python3 -c "import json; d=json.load(open('battles/first-clash.json')); print(json.dumps(d))" > "$dir/flat.json"
expect 2 "a battle on one line is not canonical" -- "$cli" format "$dir/flat.json" --check
check "--check says how to fix it" 'grep -q "canonical" "$dir/err" && grep -q "format" "$dir/err"'
expect 0 "format to standard output" -- "$cli" format "$dir/flat.json"
check "the formatted text is the shipped file" 'cmp -s "$dir/out" battles/first-clash.json'
expect 0 "format in place" -- "$cli" format "$dir/flat.json" --out "$dir/flat.json"
check "format --out says it changed the file" 'grep -q "\"changed\": true" "$dir/out"'
check "the file is rewritten canonically" 'cmp -s "$dir/flat.json" battles/first-clash.json'
expect 0 "format again" -- "$cli" format "$dir/flat.json" --out "$dir/flat.json"
check "formatting twice changes nothing" 'grep -q "\"changed\": false" "$dir/out"'
expect 2 "a battle the loader refuses is not formatted" -- "$cli" format "$dir/bad.json"
if [ "$fails" -eq 0 ]; then echo "cli session: all checks passed"; exit 0; fi
echo "cli session: $fails checks failed"; exit 1
