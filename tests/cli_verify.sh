#!/usr/bin/env bash
# verify RECORD.json (docs/cli.md, docs/pbem.md): a mailed record passes (exit 0) only when it
# replays against the shipped battle of its id with its seed's dice; a changed die, a changed
# seed, a strengthened unit in its battle copy or an action that no longer applies is exit 3 with
# the first difference.
cli=$(realpath "$1")
fixtures=$(realpath "$(dirname "$0")/replay")
source "$(dirname "$0")/cli_checks.sh"
cd "$dir" || exit 1

differs() { # differs WHAT DESCRIPTION FILE: exit 3, kind record_differs, the difference named
  expect 3 "$2" -- "$cli" verify "$3"
  check "$2: the difference is \"$1\"" "python3 -c 'import json,sys; e=json.load(open(\"$dir/err\")); sys.exit(0 if e[\"kind\"]==\"record_differs\" and e[\"difference\"][\"what\"]==\"$1\" and e[\"file\"]==\"$3\" else 1)'"
  check "$2: nothing on standard output" '[ ! -s "$dir/out" ]'
}

expect 0 "the mailed record verifies" -- "$cli" verify "$fixtures/first-clash-mailed.json"
check "verify says ok, the battle and the actions" 'python3 -c "import json,sys; r=json.load(open(\"$dir/out\")); sys.exit(0 if r[\"ok\"] and r[\"battle\"]==\"first-clash\" and r[\"shipped\"] and r[\"actions\"]==50 else 1)"'
cp "$fixtures/first-clash-mailed-altered.json" altered.json
differs dice "the altered fixture (a changed die)" altered.json
check "the changed die is named by its action and rule" 'grep -q "action 17" "$dir/err" && grep -q "\"rule\":\"R23\"" "$dir/err"'

# Altered copies made here: the seed, a unit of the battle copy, an action.
python3 - "$fixtures/first-clash-mailed.json" <<'PY'
import json, sys
rec = json.load(open(sys.argv[1]))
def save(name, r): json.dump(r, open(name, "w"), indent=1)
r = json.loads(json.dumps(rec)); r["seed"] += 1; save("seed.json", r)
r = json.loads(json.dumps(rec)); r["battle"]["units"][0]["front"]["cc"] = "F"; save("stronger.json", r)
r = json.loads(json.dumps(rec))
moves = [i for i, a in enumerate(r["actions"]) if a["type"] == "move"]
r["actions"][moves[0]]["to"] = "0101"; save("action.json", r)
r = json.loads(json.dumps(rec)); r["rolls"][0]["dice"] = [1 + r["rolls"][0]["dice"][0] % 8]; save("die.json", r)
for name, bad in (("up", "../battles/first-clash"), ("slash", "x/first-clash"), ("hidden", ".first-clash")):
    r = json.loads(json.dumps(rec)); r["battle"]["id"] = bad; save("id-" + name + ".json", r)
PY
differs dice "a changed seed" seed.json
differs battle "a strengthened unit in the battle copy" stronger.json
check "the battle difference names the unit's field" 'grep -q "\"path\":\"/battle/units/0/front/cc\"" "$dir/err"'
differs action "an action that no longer applies" action.json
check "the action difference names its JSON path" 'grep -q "\"path\":\"/actions/" "$dir/err"'
differs dice "a changed die in the rolls" die.json
# A battle id is a plain name (sns/battle_id.hpp): one that would name a file outside battles/ is
# refused as bad input at /battle/id, never looked up.
for name in up slash hidden; do
  expect 2 "a battle id that is not a plain name ($name)" -- "$cli" verify "id-$name.json"
  check "the id refusal names /battle/id ($name)" 'python3 -c "import json,sys; e=json.load(open(\"$dir/err\")); sys.exit(0 if e[\"path\"]==\"/battle/id\" and \"plain name\" in e[\"error\"] else 1)"'
done
expect 2 "a file that is not a record is bad input" -- "$cli" verify "$fixtures/first-clash-report.md"
expect 1 "verify takes one record" -- "$cli" verify seed.json die.json

if [ "$fails" -eq 0 ]; then echo "cli verify: all checks passed"; exit 0; fi
echo "cli verify: $fails checks failed"; exit 1
