#!/usr/bin/env bash
# Only what changed is drawn (issue 33, item 6; src/app/frame_damage.hpp). Two checks:
# 1. Still frames draw nothing: over a benchmark of Grunwald the app draws the frames that fit the
#    map and no other (frames_drawn), while a pan draws every frame.
# 2. A frame drawn in part equals the same frame drawn whole: end-to-end scripts that hover, click,
#    move, zoom, pan, replay, open the editor and resize run with SNS_VERIFY_DAMAGE=FILE, under
#    which the app draws every partial frame whole again, compares the pixels and exits 70 at the
#    first difference; it adds the count of frames drawn in part to FILE, which must not be zero.
set -uo pipefail
app=$1 cli=$2
here=$(cd "$(dirname "$0")" && pwd)
fails=0
bench() { # ARGS...: the benchmark's JSON line
  local dir
  dir=$(mktemp -d)
  XDG_DATA_HOME=$dir/data XDG_CONFIG_HOME=$dir/config "$here/xvfb.sh" 1280x720x24 "$app" \
    --size 1280x720 "$@" | tail -n 1
  rm -rf "$dir"
}
# NAME LOW HIGH ARGS...: a benchmark of Grunwald's 60 frames draws between LOW and HIGH of them.
drawn_case() {
  local name=$1 low=$2 high=$3 out drawn
  shift 3
  out=$(bench battles/grunwald-1410.json --bench-frames 60 "$@")
  drawn=$(printf '%s' "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["frames_drawn"])') || drawn=-1
  if [ "$drawn" -ge "$low" ] && [ "$drawn" -le "$high" ]; then
    echo "ok   $name: $drawn of 60 drawn"
  else
    echo "FAIL $name: $drawn of 60 drawn, expected $low to $high: $out"
    fails=$((fails + 1))
  fi
}
drawn_case "still frames" 1 4
drawn_case "panned frames" 59 60 --bench-zoom 6 --bench-pan 8

for s in first-turn-both-sides ux-zoc-hover gallery-mouse gallery-keyboard grunwald-zoom \
  replay-controls editor-area-tools result-screen resize hint-odds d3-first-turn lesson-04-attack \
  practice-takeback-save-continue unit-ids-tagged help-keys-card rules-search-synonyms explain-kept; do
  log=/tmp/frame_damage_$$.log count=/tmp/frame_damage_$$.count
  rm -f "$count"
  if SNS_VERIFY_DAMAGE=$count python3 "$here/app_script.py" "$app" "$cli" "$here/e2e/$s.script" >"$log" 2>&1 &&
    [ "$(awk '{ n += $1 } END { print n + 0 }' "$count" 2>/dev/null)" -gt 0 ]; then
    echo "ok   $s: $(awk '{ n += $1 } END { print n + 0 }' "$count") frames drawn in part, each equal to the whole frame"
  else
    echo "FAIL $s:"
    tail -n 5 /tmp/frame_damage_$$.log
    fails=$((fails + 1))
  fi
done
rm -f /tmp/frame_damage_$$.log /tmp/frame_damage_$$.count
[ "$fails" -eq 0 ]
