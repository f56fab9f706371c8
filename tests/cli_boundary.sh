#!/usr/bin/env bash
# The command line's input boundary and command table (issue 31, docs/cli.md): bytes that are not
# UTF-8, byte-order marks, devices, FIFOs, pipes over the limit and folders are each refused with
# the documented exit code and ONE JSON error within a second; the table refuses options a command
# does not take, repeated options and extra arguments; budgets beyond their maxima exit 1.
cli=$(realpath "$1")
source "$(dirname "$0")/cli_checks.sh"
cd "$dir" || exit 1

# refused CODE DESCRIPTION -- command...: the exit code, one JSON error with error and kind on
# standard error, nothing on standard output, within a second. A slow answer is timed twice more
# and the fastest counts: CI runs two builds' tests on every core at once, and a process that
# waits for one there stalls past a second now and then (stop 57: 1813 ms for a 4 KB file). A
# refusal that really blocks or reads too much is slow every time. The first run's output is checked.
refused() {
  local want=$1 what=$2; shift 3
  local start=$(date +%s%N)
  "$@" >"$dir/out" 2>"$dir/err"; local got=$?
  local ms=$(( ($(date +%s%N) - start) / 1000000 )) tries=1 again
  while [ "$ms" -ge 1000 ] && [ "$tries" -lt 3 ]; do # timing only: the output checked is the first
    start=$(date +%s%N); "$@" >/dev/null 2>&1; tries=$((tries+1))
    again=$(( ($(date +%s%N) - start) / 1000000 )); [ "$again" -lt "$ms" ] && ms=$again
  done
  if [ "$got" != "$want" ]; then echo "FAIL: $what: exit $got, expected $want"; cat "$dir/err"; fails=$((fails+1)); return; fi
  python3 - "$dir/err" <<'PY' || { echo "FAIL: $what: standard error is not one JSON error with error and kind"; cat "$dir/err"; fails=$((fails+1)); }
import json, sys
lines = open(sys.argv[1], "rb").read().decode("utf-8").splitlines()
assert len(lines) == 1, lines
e = json.loads(lines[0])
assert isinstance(e["error"], str) and isinstance(e["kind"], str), e
PY
  [ ! -s "$dir/out" ] || { echo "FAIL: $what: printed on standard output"; fails=$((fails+1)); }
  [ "$ms" -lt 1000 ] || { echo "FAIL: $what: took $ms ms at best of $tries"; fails=$((fails+1)); }
}
has() { grep -q -- "$1" "$dir/err" || { echo "FAIL: the error lacks $1"; cat "$dir/err"; fails=$((fails+1)); }; }

"$cli" new first-clash --seed 7 --out g.json >/dev/null || { echo "FAIL: new"; exit 1; }
cp g.json before.json

# 1. Bytes that are not UTF-8, wherever they enter.
refused 2 "0xFF in an action" -- "$cli" apply g.json "$(printf '{"type":"move","unit":"\xff","to":"0805"}')"
has '"kind":"not_utf8"'
check "a refused action writes nothing" 'cmp -s g.json before.json'
printf '{"format": "shields-swords-battle/1", "id": "\xff"}' > ff.json
refused 2 "0xFF in a battle file" -- "$cli" validate ff.json
has 'byte 0xFF at offset'
has '"file":"ff.json"'
refused 2 "0xFF in a record" -- "$cli" state ff.json
battle=$("$cli" paths | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"])')/battles/first-clash.json
python3 - "$battle" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read().replace('First Clash', 'First Cl\u00e9sh', 1)
assert "\u00e9" in text
open("latin1.json", "wb").write(text.encode("latin-1"))
open("utf16.json", "wb").write(text.encode("utf-16"))          # with its byte-order mark
open("utf32.json", "wb").write(text.encode("utf-32"))
open("utf8-bom.json", "wb").write(b"\xef\xbb\xbf" + text.encode("utf-8"))
PY
refused 2 "a battle saved in Latin-1" -- "$cli" validate latin1.json
has 'byte 0xE9 at offset'
refused 2 "a battle saved as UTF-16 with its byte-order mark" -- "$cli" validate utf16.json
has 'UTF-16 LE'
refused 2 "a battle saved as UTF-32" -- "$cli" validate utf32.json
has 'UTF-32 LE'
expect 0 "a UTF-8 byte-order mark is read past" -- "$cli" validate utf8-bom.json
refused 2 "preview --any of a file named in Latin-1" -- "$cli" preview "$(printf 'g\xe9.json')" --any '{"type":"end_phase"}'
refused 2 "new with a file name that is not UTF-8" -- "$cli" new "$(printf 'b\xff.json')"
refused 2 "suggest with a file name that is not UTF-8" -- "$cli" suggest "$(printf 'b\xff.json')"
refused 2 "new --out a path that is not UTF-8" -- "$cli" new first-clash --out "$(printf 'o\xff.json')"
check "nothing written for a refused --out" "! ls | grep -q \"^o.*json\$\""
refused 2 "note text that is not UTF-8" -- "$cli" note g.json "$(printf 'caf\xe9')"
check "a refused note writes nothing" 'cmp -s g.json before.json'
refused 2 "report --out a folder that is not UTF-8" -- "$cli" report g.json --out "$(printf 'r\xff')"
refused 2 "format --out a path that is not UTF-8" -- "$cli" format first-clash --out "$(printf 'f\xff')"
check "no folder or file made for refused names" '[ "$(ls | grep -c -v -e "\.json$" -e "^err$" -e "^out$")" = 0 ] || { ls; false; }'

# 2. Reads of anything are bounded and answer within a second.
refused 2 "state /dev/zero" -- "$cli" state /dev/zero
has 'at most 4194304'
refused 2 "validate /dev/urandom" -- "$cli" validate /dev/urandom
mkfifo fifo.json
refused 2 "a FIFO nobody writes to" -- "$cli" validate fifo.json
head -c 5000000 /dev/zero | tr '\0' ' ' > big.json
refused 2 "a pipe over the limit" -- "$cli" validate <(cat big.json)
has 'at most 4194304'
mkdir folder
refused 2 "a directory" -- "$cli" validate folder
has 'is a directory'
refused 2 "a directory as a record" -- "$cli" state folder
refused 2 "a /proc file that is not JSON" -- "$cli" validate /proc/self/status

# Limits of docs/battle-format.md not covered by the bad-input corpus (which holds the map size,
# the nesting depth and the record's 10000 actions): a string's length and the units.
python3 - "$battle" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))
long = dict(b, name="x" * 20001)
json.dump(long, open("long-string.json", "w"))
json.dump(dict(b, units=[{}] * 1001), open("many-units.json", "w"))
json.dump(dict(b, name="x" * 20000), open("longest-string.json", "w"))
PY
refused 2 "a string over 20000 bytes" -- "$cli" validate long-string.json
has 'at most 20000'
expect 0 "a string of 20000 bytes loads" -- "$cli" validate longest-string.json
refused 2 "more than 1000 units" -- "$cli" validate many-units.json
has 'at most 1000 units'

# 3. The command table decides.
refused 1 "an option the command does not take" -- "$cli" legal g.json --seed 3
has 'unknown option --seed for legal'
refused 1 "an extra argument" -- "$cli" legal g.json g.json
has 'too many arguments'
refused 1 "a repeated option" -- "$cli" new first-clash --seed 1 --seed 2
has 'given twice'
refused 1 "no command" -- "$cli"
refused 1 "a missing argument" -- "$cli" state
refused 1 "an option without its value" -- "$cli" new first-clash --seed
expect 0 "--help prints the usage" -- "$cli" --help
check "the usage is on standard output" 'grep -q "verify RECORD.json" "$dir/out" && [ ! -s "$dir/err" ]'
"$cli" --man > man.6
check "the manual page lists every command of --help" '( for c in $(grep -o "^  [a-z]*" "$dir/out"); do grep -q "fB$c" man.6 || exit 1; done )'
expect 0 "COMMAND --help" -- "$cli" apply --help
check "one command's usage lists its options" 'grep -q -- "--out GAME.json" "$dir/out"'
expect 0 "bench takes a shipped battle's id" -- "$cli" bench first-clash --seconds 0.05
expect 0 "map takes a shipped battle's id" -- "$cli" map first-clash
refused 2 "map of a missing file names the file" -- "$cli" map nothing.json
has '"file":"nothing.json"'
"$cli" play first-clash --games 1 --seed 2 --keep kept >/dev/null
refused 3 "suggest on a finished game" -- "$cli" suggest kept/first-clash-2.json
has '"kind":"game_over"'
has '"file":"kept/first-clash-2.json"'
refused 3 "an illegal action names the record" -- "$cli" apply g.json '{"type":"end_phase"}' '{"type":"command","orders":[]}' '{"type":"command","orders":[]}'
has '"file":"g.json"'

# 4. Budgets have maxima (docs/cli.md, "Limits").
refused 1 "--iterations 2^63" -- "$cli" suggest g.json --iterations 9223372036854775808
refused 1 "--iterations over its maximum" -- "$cli" suggest g.json --iterations 1000001
refused 1 "--games 2^63" -- "$cli" play first-clash --games 9223372036854775808
refused 1 "--games 0" -- "$cli" play first-clash --games 0
refused 1 "--seconds 1e6" -- "$cli" suggest g.json --seconds 1e6
refused 1 "--seconds negative" -- "$cli" bench first-clash --seconds -1
refused 1 "--seconds not a number" -- "$cli" bench first-clash --seconds nan
refused 1 "--seed negative" -- "$cli" new first-clash --seed -1
refused 1 "--seed over 2^53-1" -- "$cli" new first-clash --seed 9007199254740992
refused 1 "--seed not a number" -- "$cli" new first-clash --seed 7x
refused 1 "--max-actions over its maximum" -- "$cli" play first-clash --max-actions 100001
refused 1 "--at past the end" -- "$cli" state g.json --at 1
refused 1 "--at 2^64" -- "$cli" state g.json --at 18446744073709551616
refused 1 "a forced die off the die" -- "$cli" new first-clash --dice 9
expect 0 "--seed at its maximum" -- "$cli" new first-clash --seed 9007199254740991

if [ "$fails" -eq 0 ]; then echo "cli boundary: all checks passed"; exit 0; fi
echo "cli boundary: $fails checks failed"; exit 1
