#!/usr/bin/env bash
# Bad-input corpus (tests/bad-input/EXPECTED.tsv): every broken battle and record is refused with
# exit 2, a message naming the file and the JSON path (and, when EXPECTED.tsv has a fourth column,
# holding that text), and nothing written.
set -uo pipefail
cli=$(realpath "$1")
cd "$(dirname "$0")/bad-input"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0 count=0
while IFS= read -r row; do
  [[ -z "$row" || "$row" == \#* ]] && continue
  # Split at tabs through a separator that is not white space, so an empty path stays a field.
  IFS=$'\x1f' read -r file command path words <<<"${row//$'\t'/$'\x1f'}"
  count=$((count+1))
  "$cli" "$command" "$file" >"$dir/out" 2>"$dir/err"; code=$?
  if [ "$code" != 2 ]; then echo "FAIL $file: exit $code, expected 2"; fails=$((fails+1)); continue; fi
  grep -q "\"file\":\"$file\"" "$dir/err" || { echo "FAIL $file: error does not name the file"; cat "$dir/err"; fails=$((fails+1)); }
  grep -q "\"path\":\"$path\"" "$dir/err" || { echo "FAIL $file: expected path '$path'"; cat "$dir/err"; fails=$((fails+1)); }
  [ -z "$words" ] || grep -qF "$words" "$dir/err" || { echo "FAIL $file: the error does not say '$words'"; cat "$dir/err"; fails=$((fails+1)); }
  [ ! -s "$dir/out" ] || { echo "FAIL $file: printed on stdout"; fails=$((fails+1)); }
  if [ "$command" = state ]; then
    "$cli" apply "$file" '{"type":"end_phase"}' --out "$dir/written.json" >/dev/null 2>&1
    [ ! -e "$dir/written.json" ] || { echo "FAIL $file: apply wrote a record"; fails=$((fails+1)); rm -f "$dir/written.json"; }
  fi
done < EXPECTED.tsv
# A file over the size limit is refused before it is parsed.
head -c 5000000 /dev/zero | tr '\0' ' ' > "$dir/huge.json"
"$cli" validate "$dir/huge.json" >/dev/null 2>"$dir/err"; code=$?
[ "$code" = 2 ] && grep -q "at most" "$dir/err" || { echo "FAIL huge file: exit $code"; fails=$((fails+1)); }
count=$((count+1))
echo "bad input: $count files, $fails failures"
[ "$fails" -eq 0 ]
