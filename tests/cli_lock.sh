#!/usr/bin/env bash
# One writer at a time (docs/cli.md, exit 5): 20 `apply`s started together on one record each
# move a different unit; afterwards the record holds exactly the moves whose apply exited 0 (one of each pair on one unit), so a
# lost move fails the test. A writer that cannot get the lock in time exits 5 and writes nothing.
cli=$(realpath "$1")
source "$(dirname "$0")/cli_checks.sh"
cd "$dir" || exit 1

"$cli" new grunwald-1410 --seed 7 --out g.json >/dev/null
# The command that gives the most wings a move order, then one move for each of 20 units.
"$cli" legal g.json > legal.json
python3 - <<'PY' > command.json
import json
best = max(json.load(open("legal.json")),
           key=lambda a: sum("move" in o["commands"] for o in a.get("orders", [])))
print(json.dumps(best))
PY
"$cli" apply g.json "$(cat command.json)" >/dev/null || { echo "FAIL: the command"; exit 1; }
"$cli" legal g.json > legal-moves.json
python3 - <<'PY'
import json
first, second = {}, {}
for a in json.load(open("legal-moves.json")):
    if a["type"] == "move":
        (second if a["unit"] in first else first).setdefault(a["unit"], a)
moves = list(first.values()) + [second[u] for u in first if u in second]
for i, a in enumerate(moves[:20]):
    open("move%02d.json" % i, "w").write(json.dumps(a))
assert len(moves) >= 20, len(moves)
PY
before=$(python3 -c 'import json; print(len(json.load(open("g.json"))["actions"]))')
for m in move*.json; do
  ( "$cli" apply g.json "$(cat "$m")" >/dev/null 2>"$m.err"; echo $? > "$m.code" ) &
done
wait
python3 - "$before" <<'PY' || fails=$((fails+1))
import glob, json, sys
before = int(sys.argv[1])
applied = [json.load(open(m)) for m in sorted(glob.glob("move*.json")) if open(m + ".code").read().strip() == "0"]
codes = sorted(open(m + ".code").read().strip() for m in glob.glob("move*.json"))
kept = json.load(open("g.json"))["actions"][before:]
key = lambda a: json.dumps(a, sort_keys=True)
ok = sorted(map(key, applied)) == sorted(map(key, kept)) and len(applied) >= 10
print("exit codes:", " ".join(codes), "| kept", len(kept), "of", len(applied), "applied")
if not ok: print("FAIL: the record does not hold exactly the moves whose apply exited 0")
sys.exit(0 if ok else 1)
PY
check "every refusal is an illegal move or a wait, never a lost lock" '! grep -l "\"kind\":\"locked\"" move*.err'
check "no lock file is left behind" '[ ! -e g.json.lock ]'
check "no temporary file is left behind" '[ -z "$(ls | grep "\.tmp\.")" ]'

# A writer that holds the lock longer than the wait: the second exits 5 and writes nothing.
cp g.json before.json
python3 -c 'import fcntl, time; f = open("g.json.lock", "w"); fcntl.flock(f, fcntl.LOCK_EX); open("held", "w"); time.sleep(20)' &
holder=$!
for _ in $(seq 100); do [ -e held ] && break; sleep 0.05; done
start=$(date +%s)
expect 5 "a second writer gives up after the wait" -- "$cli" apply g.json '{"type":"end_phase"}'
took=$(( $(date +%s) - start ))
check "the lock error is JSON with kind locked and the file" 'grep -q "\"kind\":\"locked\"" "$dir/err" && grep -q "\"file\":\"g.json\"" "$dir/err"'
check "it waited about the documented 3 seconds ($took s)" '[ "$took" -ge 2 ] && [ "$took" -le 5 ]'
check "the record is untouched" 'cmp -s g.json before.json'
expect 5 "note waits for the lock too" -- "$cli" note g.json "a note"
kill "$holder" 2>/dev/null; wait "$holder" 2>/dev/null
expect 0 "once the lock is free, the writer goes on" -- "$cli" note g.json "a note"

if [ "$fails" -eq 0 ]; then echo "cli lock: all checks passed"; exit 0; fi
echo "cli lock: $fails checks failed"; exit 1
