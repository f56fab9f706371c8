#!/usr/bin/env bash
# The shipped Lincoln 1141 is exactly what the battle editor makes: scripts/make-lincoln-1141.script
# is run in the real app (under Xvfb) in a scratch folder, and its file must equal the shipped one.
set -uo pipefail
app=$1
root=$(pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/battles" "$dir/docs/screenshots"
cd "$dir" || exit 1
export XDG_DATA_HOME=$dir/data
if ! "$root/tests/xvfb.sh" 1600x900x24 "$app" --size 1600x900 \
    --script "$root/scripts/make-lincoln-1141.script" --editor >"$dir/out" 2>&1; then
  cat "$dir/out"; echo "FAIL: the editor script did not pass"; exit 1
fi
if ! cmp -s "$dir/battles/lincoln-1141.json" "$root/battles/lincoln-1141.json"; then
  diff "$dir/battles/lincoln-1141.json" "$root/battles/lincoln-1141.json" | head -20
  echo "FAIL: battles/lincoln-1141.json differs from what the editor makes"; exit 1
fi
echo "editor battle: battles/lincoln-1141.json is what the editor makes"
