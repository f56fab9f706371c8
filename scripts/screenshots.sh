#!/usr/bin/env bash
# Regenerates docs/screenshots/: every shipped battle at its start, and a combat preview mid-game.
# Needs the app built (scripts/setup.sh) and Xvfb (xvfb-run).
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/screenshots
app=build/shields-swords
cli=build/shields-swords-cli
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shoot() { xvfb-run -a -f "$tmp/Xauthority" -s "-screen 0 1600x900x24" "$app" --screenshot "$1" --size 1600x900 "${@:2}"; }
for battle in battles/*.json; do
  name=$(basename "$battle" .json)
  "$cli" new "$battle" --seed 1 --out "$tmp/$name.json" >/dev/null
  shoot "$out/$name.png" "$tmp/$name.json"
done
# The teaching battle, two rebel turns in: Levy B5 stands before the ditch, ready to attack R7.
g=$tmp/combat.json
"$cli" new battles/first-clash.json --seed 4 --out "$g" >/dev/null
"$cli" apply "$g" '{"type":"command","orders":[{"wing":"host","commands":["move"]}]}' \
  '{"type":"move","unit":"B5","to":"0706"}' '{"type":"move","unit":"B7","to":"0807"}' '{"type":"end_phase"}' >/dev/null
"$cli" apply "$g" '{"type":"command","orders":[]}' >/dev/null
# The royal side holds the Initiative Marker and passes.
"$cli" apply "$g" '{"type":"initiative","declare":false}' >/dev/null 2>&1 || true
"$cli" apply "$g" '{"type":"command","orders":[{"wing":"host","commands":["move","combat"]}]}' \
  '{"type":"move","unit":"B5","to":"0605"}' '{"type":"move","unit":"B7","to":"0606"}' '{"type":"end_phase"}' >/dev/null
shoot "$out/combat-preview.png" "$g" --select R7
"$cli" new battles/first-clash.json --seed 4 --out "$g" >/dev/null
"$cli" apply "$g" '{"type":"command","orders":[{"wing":"host","commands":["move"]}]}' >/dev/null
shoot "$out/move-selection.png" "$g" --select B2

# D3 Medieval: the teaching battle's first game turn up to Blue's charge across the ford, lit with
# its arrow (D7); and lesson 11's melee with the engine's odds (D12).
g=$tmp/d3.json
"$cli" new battles/d3-first-charge.json --seed 7 --out "$g" >/dev/null
"$cli" apply "$g" '{"type":"activate","unit":"RK"}' '{"type":"move","unit":"RK","to":"0505","facing":0}' \
  '{"type":"activate","unit":"RL"}' '{"type":"shoot","unit":"RB","target":"BX"}' '{"type":"activate","unit":"BM"}' >/dev/null
shoot "$out/d3-charge.png" "$g"
xvfb-run -a -f "$tmp/Xauthority" -s "-screen 0 1600x900x24" "$app" --screenshot "$out/lesson-11-d3-melee.png" --size 1600x900 --lesson 11-d3-activation-charge --lesson-step 4 --select RK

# A rolled attack with its CRT row and column is docs/screenshots/ux-crt-last-attack.png, written by
# the e2e script tests/e2e/ux-crt-last-attack.script.
# The start screen's battle gallery (issue 33), at 1600x900, 1920x1080 and 1280x720; and the result
# screen of a finished teaching game.
shoot "$out/start-screen.png"
xvfb-run -a -f "$tmp/Xauthority" -s "-screen 0 1920x1080x24" "$app" --screenshot "$out/start-screen-1080p.png" --size 1920x1080
xvfb-run -a -f "$tmp/Xauthority" -s "-screen 0 1280x720x24" "$app" --screenshot "$out/start-screen-720p.png" --size 1280x720
shoot "$out/result-screen.png" tests/replay/first-clash-game.json
# Three lesson steps (the tutorial).
xvfb-run -a -f "$tmp/Xauthority" -s "-screen 0 1600x900x24" "$app" --screenshot "$out/lesson-01-counters.png" --size 1600x900 --lesson 01-sequence --lesson-step 0
xvfb-run -a -f "$tmp/Xauthority" -s "-screen 0 1600x900x24" "$app" --screenshot "$out/lesson-04-attack.png" --size 1600x900 --lesson 04-attack --lesson-step 1 --select B4
xvfb-run -a -f "$tmp/Xauthority" -s "-screen 0 1600x900x24" "$app" --screenshot "$out/lesson-08-charge.png" --size 1600x900 --lesson 08-charge --lesson-step 2 --select B4
# The battle editor (docs/editor.md): a small battle built from nothing, Morlaix's panels, a D3 battle.
run_script() { xvfb-run -a -f "$tmp/Xauthority" -s "-screen 0 1600x900x24" "$app" --size 1600x900 --script "$@" >/dev/null; }
XDG_DATA_HOME=$tmp/data run_script scripts/editor-new-battle-screenshot.script --editor
XDG_DATA_HOME=$tmp/data run_script scripts/editor-screenshots.script --editor battles/morlaix-1342.json
XDG_DATA_HOME=$tmp/data run_script scripts/editor-d3-screenshot.script --editor battles/d3-first-charge.json
# A hint asked for in the teaching battle; the replay of a kept game at a moment of its middle.
XDG_DATA_HOME=$tmp/data run_script scripts/hint-screenshot.script
XDG_DATA_HOME=$tmp/data run_script scripts/replay-screenshot.script tests/replay/first-clash-game.json --replay
# The mapsheet (issue 33): every battle fitted at 1920x1080 and 1280x720, and at a close zoom.
scripts/mapsheet-shots.sh "$app" "$out"
echo "screenshots written to $out"
