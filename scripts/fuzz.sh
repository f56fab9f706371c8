#!/usr/bin/env bash
# Builds the libFuzzer targets with clang-14 (fuzzer + ASan + UBSan) and runs each for SECONDS
# (default 60). Crash inputs land in build-fuzz/crashes/; add them to tests/bad-input/.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(battle_loader record_loader action_parser cli_dispatch)
command -v clang++-14 >/dev/null || { apt-get update -qq && apt-get install -y -qq clang-14 libclang-rt-14-dev >/dev/null; }
out=build-fuzz
mkdir -p "$out/crashes"
cmake -S . -B "$out/engine" -DCMAKE_CXX_COMPILER=clang++-14 -DSNS_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined" >/dev/null
cmake --build "$out/engine" --target sns_engine sns_cli -j"$(nproc)" >/dev/null
for t in "${targets[@]}"; do
  # cli_dispatch runs the whole command line (sns_cli and the libraries it uses).
  libs=("$out/engine/libsns_engine.a")
  [ "$t" != cli_dispatch ] || libs=("$out/engine/libsns_cli.a" "$out/engine/libsns_battle_doc.a" "$out/engine/libsns_paths.a" "$out/engine/libsns_engine.a")
  clang++-14 -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -Iinclude -Isrc/cli -DSNS_FUZZ_BATTLE="\"$PWD/battles/first-clash.json\"" \
    "fuzz/fuzz_$t.cpp" "${libs[@]}" -o "$out/fuzz_$t"
  corpus=$out/corpus_$t
  mkdir -p "$corpus"
  case $t in
    battle_loader) cp battles/*.json tests/scenarios/*.json "$corpus/" ;;
    record_loader) for b in battles/*.json; do build/shields-swords-cli new "$b" --seed 3 --out "$corpus/$(basename "$b")" >/dev/null 2>&1 || true; done ;;
    action_parser) build/shields-swords-cli legal "$corpus/../corpus_record_loader/first-clash.json" 2>/dev/null \
                     | python3 -c 'import json,sys,os
for i,a in enumerate(json.load(sys.stdin)[:40]): open(os.path.join(sys.argv[1],"a%02d.json"%i),"w").write(json.dumps(a))' "$corpus" || true
                   echo '{"type":"move","unit":"B1","to":"0905"}' > "$corpus/move.json" ;;
    cli_dispatch) # the words, a blank line, then the file's bytes ("@" names the file)
                  rec=$out/corpus_record_loader/first-clash.json
                  [ -s "$rec" ] || build/shields-swords-cli new battles/first-clash.json --seed 3 --out "$rec" >/dev/null
                  python3 - "$corpus" "$rec" battles/first-clash.json <<'PY'
import os, sys
corpus, record, battle = sys.argv[1], open(sys.argv[2]).read(), open(sys.argv[3]).read()
seeds = {"legal": ("legal\n@", record), "state": ("state\n@\n--at\n0", record),
         "verify": ("verify\n@", record), "note": ("note\n@\nhello", record),
         "apply": ('apply\n@\n{"type":"end_phase"}', record),
         "preview": ('preview\n@\n--any\n{"type":"fire","unit":"B4","target":"R5"}', record),
         "validate": ("validate\n@", battle), "format": ("format\n@\n--check", battle),
         "map": ("map\nfirst-clash", "")}
for name, (words, text) in seeds.items():
    open(os.path.join(corpus, name), "w").write(words + "\n\n" + text)
PY
                  ;;
  esac
  echo "fuzzing $t for $seconds s"
  "$out/fuzz_$t" "$corpus" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/crashes/$t-" -print_final_stats=1 2>&1 | tail -12 || echo "$t: the fuzzer stopped on a finding (see $out/crashes)"
done
