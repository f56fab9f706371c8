#!/usr/bin/env bash
# One writer at a time (docs/cli.md, exit 5): 20 `apply`s started together on one record each
# move a different unit; afterwards the record holds exactly the moves whose apply exited 0 (one of each pair on one unit), so a
# lost move fails the test. A writer that cannot get the lock in time exits 5 and writes nothing.
# The 20 run with SNS_LOCK_WAIT=600: each waits its turn however loaded the machine is (at load 15
# the last of 20 waited longer than the default 3 s and exited 5, a refusal that proved nothing
# about lost moves), so every refusal must be an illegal move. The wait itself is timed against
# the time the same command takes without a lock held.
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
  ( SNS_LOCK_WAIT=600 "$cli" apply g.json "$(cat "$m")" >/dev/null 2>"$m.err"; echo $? > "$m.code" ) &
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
ms() { echo $(( $(date +%s%N) / 1000000 )); }
# What the refused command costs without any wait (start, read, replay) on this machine now.
cp g.json free.json
start=$(ms); "$cli" apply free.json '{"type":"end_phase"}' >/dev/null 2>&1; work=$(( $(ms) - start ))
# The holder keeps the lock until it is killed, however slowly this test goes on.
python3 -c 'import fcntl, time; f = open("g.json.lock", "w"); fcntl.flock(f, fcntl.LOCK_EX); open("held", "w"); time.sleep(3600)' &
holder=$!
for _ in $(seq 1200); do [ -e held ] && break; sleep 0.05; done
check "the holder took the lock" '[ -e held ]'
start=$(ms)
expect 5 "a second writer gives up after the wait" -- "$cli" apply g.json '{"type":"end_phase"}'
took=$(( $(ms) - start ))
check "the lock error is JSON with kind locked and the file" 'grep -q "\"kind\":\"locked\"" "$dir/err" && grep -q "\"file\":\"g.json\"" "$dir/err"'
# At least the 3 s; at most the 3 s, the command's own work and 2 s for a loaded machine's delays.
check "it waited the documented 3 seconds ($took ms; the command alone $work ms)" \
  '[ "$took" -ge 2950 ] && [ "$took" -le $(( 3000 + 2 * work + 2000 )) ]'
check "the record is untouched" 'cmp -s g.json before.json'
expect 5 "note waits for the lock too" -- "$cli" note g.json "a note"
start=$(ms)
expect 5 "SNS_LOCK_WAIT=1 waits one second" -- env SNS_LOCK_WAIT=1 "$cli" apply g.json '{"type":"end_phase"}'
took=$(( $(ms) - start ))
check "SNS_LOCK_WAIT=1 waited about one second ($took ms)" \
  '[ "$took" -ge 950 ] && [ "$took" -le $(( 1000 + 2 * work + 2000 )) ] && grep -q "waited 1 s" "$dir/err"'
expect 1 "an SNS_LOCK_WAIT that is not whole seconds is a usage error" -- env SNS_LOCK_WAIT=soon "$cli" apply g.json '{"type":"end_phase"}'
expect 1 "an SNS_LOCK_WAIT over an hour is a usage error" -- env SNS_LOCK_WAIT=3601 "$cli" apply g.json '{"type":"end_phase"}'
check "the record is still untouched" 'cmp -s g.json before.json'
kill "$holder" 2>/dev/null; wait "$holder" 2>/dev/null
expect 0 "once the lock is free, the writer goes on" -- "$cli" note g.json "a note"

if [ "$fails" -eq 0 ]; then echo "cli lock: all checks passed"; exit 0; fi
echo "cli lock: $fails checks failed"; exit 1
