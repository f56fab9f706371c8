#!/usr/bin/env bash
# Renders the mapsheet's screenshots (issue 33) with the real app under Xvfb: every shipped battle
# fitted at 1920x1080 and 1280x720, and each at a close zoom (the script's "key =" steps), into
# OUT (default docs/screenshots). A fresh data and config folder keeps the player's zoom and
# autosave out of it. Usage: scripts/mapsheet-shots.sh [APP] [OUT]
set -euo pipefail
cd "$(dirname "$0")/.."
app=$(realpath "${1:-build/shields-swords}")
out=$(realpath "${2:-docs/screenshots}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config
for battle in battles/*.json; do
  id=$(basename "$battle" .json)
  for size in 1920x1080 1280x720; do
    tests/xvfb.sh "${size}x24" "$app" --screenshot "$out/map-$id-${size#*x}p.png" --size "$size" \
      "$battle"
  done
  # Grunwald's middle is open ground: zoomed in, it is panned down to the Polish-Lithuanian line.
  zooms=6 pans=0
  [ "$id" = grunwald-1410 ] && zooms=7 pans=11
  {
    for _ in $(seq $zooms); do echo "key ="; done
    for _ in $(seq $pans); do echo "key Down"; done
    echo "frames 3"
    echo "shot $out/map-$id-close.png"
  } >"$work/close.script"
  tests/xvfb.sh 1920x1080x24 "$app" --size 1920x1080 --script "$work/close.script" "$battle"
done
