#!/usr/bin/env bash
# clang-tidy (the checks in .clang-tidy) over the engine and the command line; any finding fails.
# Usage: scripts/tidy.sh [BUILD_DIR]   (a configured build: it reads its compile_commands.json)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build}
tidy=$(command -v clang-tidy-14 || command -v clang-tidy || true)
if [ -z "$tidy" ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang-tidy >/dev/null
  tidy=$(command -v clang-tidy-14 || command -v clang-tidy)
fi
[ -f "$build_dir/compile_commands.json" ] || { echo "tidy: no $build_dir/compile_commands.json" >&2; exit 2; }
# -p reads the flags the build used; the engine's generated tables file is left out (it is data).
find src/engine src/cli -name '*.cpp' -print0 |
  xargs -0 -n 4 -P "$(nproc)" "$tidy" -p "$build_dir" --quiet 2> >(grep -v "warnings generated" >&2)
echo "tidy: clean"
