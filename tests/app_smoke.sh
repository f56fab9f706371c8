#!/usr/bin/env bash
# Xvfb smoke test of the desktop app: every shipped battle opens and renders a PNG of the right size
# that is not blank; a bad file, and a file name that is not UTF-8, are refused with exit 2 (a
# window that can show the error keeps running instead: tests/e2e/open-not-utf8-command-line).
set -uo pipefail
app=$1
cli=$(dirname "$app")/shields-swords-cli
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export XDG_DATA_HOME=$dir/data
fails=0
xrun() { "$(dirname "$0")/xvfb.sh" 1024x768x24 "$@"; } # an X server of its own (tests/xvfb.sh)
check_png() { # FILE WIDTH HEIGHT
  python3 - "$@" <<'PY'
import struct, sys, zlib
path, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = open(path, 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
width, height = struct.unpack('>II', data[16:24])
assert (width, height) == (w, h), f'size {width}x{height}, expected {w}x{h}'
# Decompress the image data and count distinct byte values: a blank frame has only a few.
pos, idat = 8, b''
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
    if kind == b'IDAT': idat += data[pos + 8:pos + 8 + n]
    pos += 12 + n
raw = zlib.decompress(idat)
assert len(set(raw)) > 40, 'the picture looks blank'
PY
}
for battle in battles/*.json; do
  name=$(basename "$battle" .json)
  "$cli" new "$battle" --seed 2 --out "$dir/$name.json" >/dev/null
  if ! xrun "$app" --screenshot "$dir/$name.png" --size 1024x700 "$dir/$name.json"; then
    echo "FAIL: $name did not render"; fails=$((fails+1)); continue
  fi
  check_png "$dir/$name.png" 1024 700 || { echo "FAIL: $name screenshot"; fails=$((fails+1)); }
done
# A battle file opens directly too, and --select lights a unit's moves.
xrun "$app" --screenshot "$dir/direct.png" --size 900x600 battles/first-clash.json --select R3 \
  && check_png "$dir/direct.png" 900 600 || { echo "FAIL: opening a battle directly"; fails=$((fails+1)); }
echo '{"format": 1}' > "$dir/bad.json"
xrun "$app" --screenshot "$dir/bad.png" "$dir/bad.json" 2>"$dir/err"; code=$?
[ "$code" = 2 ] && grep -q "bad.json" "$dir/err" || { echo "FAIL: a bad file should exit 2 with its name, got $code"; fails=$((fails+1)); }
[ ! -e "$dir/bad.png" ] || { echo "FAIL: a screenshot was written for a bad file"; fails=$((fails+1)); }
# A file name that is not UTF-8 (issue 31): refused with its byte escaped, never an abort (134).
xrun "$app" --screenshot "$dir/bad.png" "$dir/caf"$'\xe9'".json" 2>"$dir/err"; code=$?
[ "$code" = 2 ] && grep -qF 'caf\\xE9.json' "$dir/err" \
  || { echo "FAIL: a file name that is not UTF-8 should exit 2 naming it escaped, got $code"; cat "$dir/err"; fails=$((fails+1)); }
# Screenshots are not games the player is having: nothing written to the data folder.
[ -z "$(ls -A "$XDG_DATA_HOME/shields-swords" 2>/dev/null)" ] \
  || { echo "FAIL: a screenshot run wrote $(ls "$XDG_DATA_HOME/shields-swords")"; fails=$((fails+1)); }
if [ "$fails" -eq 0 ]; then echo "app smoke: all checks passed"; exit 0; fi
echo "app smoke: $fails checks failed"; exit 1
