#!/usr/bin/env bash
# Fails when a C++ file in the tree differs from what clang-format (.clang-format) makes of it.
# Usage: scripts/check-format.sh [--fix]
set -euo pipefail
cd "$(dirname "$0")/.."
fmt=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$fmt" ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang-format >/dev/null
  fmt=$(command -v clang-format-14 || command -v clang-format)
fi
mapfile -d '' files < <(git ls-files -z -- '*.cpp' '*.hpp')
if [ "${1:-}" = --fix ]; then
  "$fmt" -i "${files[@]}"
  exit 0
fi
"$fmt" --dry-run --Werror "${files[@]}"
echo "format: clean (${#files[@]} files)"
