#!/usr/bin/env bash
# Builds the game and starts it: the desktop app when a display is available, otherwise the
# command line on the default (teaching) battle.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
if [ -x build/shields-swords ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
  exec build/shields-swords "$@"
fi
echo "No display found: starting a command-line game of the teaching battle (see docs/cli.md)."
mkdir -p saves
build/shields-swords-cli new battles/first-clash.json --seed "$RANDOM" --out saves/cli-game.json >/dev/null
build/shields-swords-cli state saves/cli-game.json
echo
echo "Legal actions now:"
build/shields-swords-cli legal saves/cli-game.json
echo "Apply one with: build/shields-swords-cli apply saves/cli-game.json '<action JSON>'"
