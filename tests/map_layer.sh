#!/usr/bin/env bash
# The mapsheet's art is kept as a texture (issue 33): over a benchmark's frames the app prints how
# many times it drew the art (map_art_redraws). Still frames of Grunwald draw it once the map is
# fitted; a pan of 8 px a frame, turning back every 40 frames, at 6 zoom steps in only moves the
# copy. Drawing the art every frame of the pan (the cache not used) gives one redraw a frame.
set -uo pipefail
app=$1
if [ "${2:-}" != "--in-xvfb" ]; then
  exec "$(dirname "$0")/xvfb.sh" 1280x720x24 "$0" "$app" --in-xvfb
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export XDG_DATA_HOME=$dir/data XDG_CONFIG_HOME=$dir/config
fails=0
redraws_case() { # NAME MOST ARGS...: the art drawn at most MOST times
  local name=$1 most=$2
  shift 2
  local out
  out=$("$app" --size 1280x720 "$@" | tail -n 1)
  local n
  n=$(printf '%s' "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["map_art_redraws"])') || {
    echo "FAIL $name: no benchmark line in: $out"
    fails=$((fails + 1))
    return
  }
  if [ "$n" -le "$most" ]; then
    echo "ok   $name: art drawn $n times (at most $most)"
  else
    echo "FAIL $name: art drawn $n times, expected at most $most: $out"
    fails=$((fails + 1))
  fi
}
# The first frame draws the art at the window's first layout, the fitted view may draw it again.
redraws_case "80 still frames" 2 --bench-frames 80
# The same two, and one more at the zoom; the pan stays within the drawn margin.
redraws_case "80 frames of a pan, zoomed in" 3 --bench-frames 80 --bench-zoom 6 --bench-pan 8
# Panning far (12 px a frame, 480 px each way) at a closer zoom leaves the margin now and then,
# still far from once a frame.
redraws_case "120 frames of a long pan, zoomed in" 8 --bench-frames 120 --bench-zoom 10 --bench-pan 12
# The battle editor's map keeps the same layer (it drew the art every frame before).
redraws_case "the editor: 60 frames of a pan, zoomed in" 3 --editor battles/grunwald-1410.json \
  --bench-frames 60 --bench-zoom 6 --bench-pan 8
exit $((fails > 0))
