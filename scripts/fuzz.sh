#!/usr/bin/env bash
# Builds the libFuzzer targets with clang-14 and runs each, one after another, for SECONDS (default
# 60) or for N executions (--runs N). Crash inputs land in build-fuzz/crashes/ (build-fuzz-light/
# with --light); add them to tests/bad-input/. Each run's whole log is kept in <out>/logs/TARGET.log.
# Usage: scripts/fuzz.sh [--runs N | --total N] [--light] [SECONDS] [TARGET...]
#   --runs N  stop each target after N executions (no time limit unless SECONDS is given too)
#   --total N run each target until the executions recorded for it in fuzz/runs.tsv (all sessions,
#             both builds) reach N: a campaign of N spread over sessions; 0 left skips the target
#   --light   build without AddressSanitizer and UndefinedBehaviorSanitizer, at -O2, for the long
#             runs (docs/testing.md "Fuzzing"): several times more executions per second
# Every run starts from the corpus kept in the repository (fuzz/corpus/TARGET, read only) and the
# build's own (<out>/corpus_TARGET, where new inputs go); at its end the inputs that add coverage
# are merged into fuzz/corpus/TARGET (libFuzzer -merge=1) and a line is appended to fuzz/runs.tsv:
# date, target, build, executions (stat::number_of_executed_units), seconds, crashes, commit. Commit
# both, so the next session continues where this one stopped.
# Targets: battle_loader record_loader action_parser cli_dispatch serve_request app_open (all by
# default).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=
total=
light=
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --total) total=$2; shift 2 ;;
    --light) light=1; shift ;;
    *) break ;;
  esac
done
seconds=
if [[ ${1:-} =~ ^[0-9]+$ ]]; then seconds=$1; shift; fi # SECONDS is optional before the targets
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(battle_loader record_loader action_parser cli_dispatch serve_request app_open)
[ -n "$seconds" ] || { [ -n "$runs$total" ] && seconds=0; } || seconds=60
ledger=$PWD/fuzz/runs.tsv
[ -s "$ledger" ] || printf 'date\ttarget\tbuild\texecutions\tseconds\tcrashes\tcommit\n' >"$ledger"
done_so_far() { awk -F'\t' -v t="$1" 'NR > 1 && $2 == t { n += $4 } END { print n + 0 }' "$ledger"; }
command -v clang++-14 >/dev/null || { apt-get update -qq && apt-get install -y -qq clang-14 libclang-rt-14-dev >/dev/null; }
# libFuzzer's timeout is wall time: a long run at nice 19 beside builds can wait seconds for the
# core between two steps of one input (a First Clash file that replays in 25 ms was reported as a
# 12 s timeout so on 2026-12-04), so the long runs allow two minutes; a real hang still stops them.
timeout=10
if [ -n "$light" ]; then
  timeout=120
  out=$PWD/build-fuzz-light sanitizers=fuzzer opt=-O2 build_name=light
else
  out=$PWD/build-fuzz sanitizers=fuzzer,address,undefined opt=-O1 build_name=full
fi
cli=${SNS_FUZZ_CLI:-build/shields-swords-cli} # makes the seeds (records of each battle, actions)
# Absolute paths: cli_dispatch works in a folder of its own, and libFuzzer reads the corpus and
# writes its findings after the first run. Temporary files go to memory where there is /dev/shm
# (the commands' atomic writes sync to disk).
[ ! -d /dev/shm ] || export TMPDIR=/dev/shm
launcher=()
! command -v ccache >/dev/null || launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
mkdir -p "$out/crashes" "$out/logs"
cmake -S . -B "$out/engine" -DCMAKE_CXX_COMPILER=clang++-14 -DSNS_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "${launcher[@]}" -DCMAKE_CXX_FLAGS="-fsanitize=${sanitizers/fuzzer/fuzzer-no-link}" >/dev/null
needed=(sns_engine) # only the libraries the chosen targets link
case " ${targets[*]} " in *" cli_dispatch "* | *" serve_request "*) needed+=(sns_cli) ;; esac
case " ${targets[*]} " in *" app_open "*) needed+=(sns_view) ;; esac
cmake --build "$out/engine" --target "${needed[@]}" -j"$(nproc)" >/dev/null
lib=$out/engine
for t in "${targets[@]}"; do
  libs=("$lib/libsns_engine.a")
  case $t in # cli_dispatch runs the whole command line, app_open the app's SDL-free libraries
    cli_dispatch | serve_request) libs=("$lib/libsns_cli.a" "$lib/libsns_battle_doc.a" "$lib/libsns_paths.a" "$lib/libsns_search_words.a" "$lib/libsns_engine.a" -lsodium) ;;
    app_open) libs=("$lib/libsns_view.a" "$lib/libsns_battle_doc.a" "$lib/libsns_paths.a" "$lib/libsns_search_words.a" "$lib/libsns_engine.a" -lmd4c) ;;
  esac
  clang++-14 -std=c++20 "$opt" -g -fsanitize="$sanitizers" -Iinclude -Isrc/cli -Isrc/view \
    -DSNS_FUZZ_BATTLE="\"$PWD/battles/first-clash.json\"" -DSNS_FUZZ_ROOT="\"$PWD\"" \
    "fuzz/fuzz_$t.cpp" "${libs[@]}" -pthread -o "$out/fuzz_$t"
  corpus=$out/corpus_$t
  mkdir -p "$corpus"
  case $t in
    battle_loader) cp battles/*.json tests/scenarios/*.json "$corpus/" ;;
    record_loader) for b in battles/*.json; do "$cli" new "$b" --seed 3 --out "$corpus/$(basename "$b")" >/dev/null 2>&1 || true; done ;;
    action_parser) "$cli" legal "$corpus/../corpus_record_loader/first-clash.json" 2>/dev/null \
                     | python3 -c 'import json,sys,os
for i,a in enumerate(json.load(sys.stdin)[:40]): open(os.path.join(sys.argv[1],"a%02d.json"%i),"w").write(json.dumps(a))' "$corpus" || true
                   echo '{"type":"move","unit":"B1","to":"0905"}' > "$corpus/move.json" ;;
    cli_dispatch) # the words, a blank line, then the file's bytes ("@" names the file)
                  rec=$out/corpus_record_loader/first-clash.json
                  [ -s "$rec" ] || "$cli" new battles/first-clash.json --seed 3 --out "$rec" >/dev/null
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
    serve_request) # request lines, one session each (docs/protocol.md's requests)
                   cat > "$corpus/session" <<'REQ'
{"id":1,"cmd":"state","log":"none"}
{"id":2,"cmd":"legal"}
{"id":3,"cmd":"apply","action":{"type":"command","orders":[{"wing":"blue","commands":["move"]}]}}
{"id":4,"cmd":"preview","actions":[{"type":"fire","unit":"B4","target":"R5"}],"any":true}
{"id":5,"cmd":"undo"}
{"id":6,"cmd":"note","text":"hello","at":0,"bookmark":true}
{"id":7,"cmd":"save","file":"game.json"}
{"id":8,"cmd":"map"}
{"id":9,"cmd":"new","battle":"first-clash","seed":7,"dice":[1,2]}
{"id":10,"cmd":"quit"}
REQ
                   ;;
    app_open) # a byte for the way in (0 Open, 1 Replay, 2 Mailed, 3 the editor), then the file: battles
              # of both rulesets, a saved game of each, the broken files of tests/bad-input
              seeds=$out/app_open_files
              mkdir -p "$seeds"
              cp battles/*.json tests/bad-input/*.json "$seeds/"
              for b in battles/*.json; do "$cli" new "$b" --seed 3 --out "$seeds/game-$(basename "$b")" >/dev/null 2>&1 || true; done
              python3 - "$corpus" "$seeds" <<'PY'
import os, sys
corpus, seeds = sys.argv[1], sys.argv[2]
for name in os.listdir(seeds):
    data = open(os.path.join(seeds, name), "rb").read()
    for way in "0123":
        open(os.path.join(corpus, way + "-" + name), "wb").write(way.encode() + data)
PY
              ;;
  esac
  limits=(-max_len=65536 -timeout="$timeout" -rss_limit_mb=2048)
  if [ -n "$total" ]; then
    runs=$((total - $(done_so_far "$t")))
    if [ "$runs" -le 0 ]; then echo "$t: $total executions reached already (fuzz/runs.tsv)"; continue; fi
  fi
  [ -z "$runs" ] || limits+=(-runs="$runs")
  kept=$PWD/fuzz/corpus/$t
  mkdir -p "$kept"
  echo "fuzzing $t for ${runs:+$runs executions}${runs:+, }${seconds} s (0: no limit), log in $out/logs/$t.log"
  crashes_before=$(find "$out/crashes" -name "$t-*" | wc -l)
  start=$(date +%s)
  "$out/fuzz_$t" "$corpus" "$kept" -max_total_time="$seconds" "${limits[@]}" \
    -artifact_prefix="$out/crashes/$t-" -print_final_stats=1 >"$out/logs/$t.log" 2>&1 \
    || echo "$t: the fuzzer stopped on a finding (see $out/crashes and $out/logs/$t.log)"
  took=$(($(date +%s) - start))
  tail -12 "$out/logs/$t.log"
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/logs/$t.log" | tail -1)
  crashes=$(($(find "$out/crashes" -name "$t-*" | wc -l) - crashes_before))
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$t" "$build_name" \
    "${executed:-0}" "$took" "$crashes" "$(git rev-parse --short HEAD)" >>"$ledger"
  echo "$t: ${executed:-0} executions in $took s, $crashes crashes; $(done_so_far "$t") in all (fuzz/runs.tsv)"
  # The inputs of this run that add coverage join the kept corpus (the merge runs each input once).
  "$out/fuzz_$t" -merge=1 "$kept" "$corpus" -max_len=65536 -timeout="$timeout" -rss_limit_mb=2048 \
    >"$out/logs/$t-merge.log" 2>&1 || echo "$t: the merge into $kept stopped (see $out/logs/$t-merge.log)"
done
