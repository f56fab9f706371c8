#!/usr/bin/env bash
# The long soak (docs/testing.md "Soak"): GAMES whole games per shipped battle (both rulesets), every
# EASY_EVERY-th with the `easy` player on one side, played by the soak test of build/sns_tests in
# chunks of CHUNK games per battle, round-robin over the battles, so a run stopped early (or by
# SNS_SOAK_UNTIL, a time in seconds since the epoch) still has exact figures for what it played.
# Every game checks every invariant after every action and replays its record; a failure stops the
# run with the battle, seed and action. The figures go to build/soak.log (one line per chunk) and a
# total per battle at the end.
# The record is replayed whole at the end of every game (SNS_SOAK_REPLAY_EVERY, default 0 here, adds
# replays of the record so far during the game). FIRST (a multiple of CHUNK) skips the games a
# stopped run already played, so a second part takes the seeds that follow; LOG defaults to
# build/soak.log.
# Usage: [SNS_SOAK_IDS="ID..."] [SNS_SOAK_BIN=PROGRAM] scripts/soak.sh [GAMES] [EASY_EVERY] [CHUNK] [FIRST] [LOG]
#        (defaults 14300, 250, 500, 0; run it niced)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-14300}
easy_every=${2:-250}
chunk=${3:-500}
first=${4:-0}
log=${5:-build/soak.log}
: >"$log"
# SNS_SOAK_IDS (space-separated battle ids) plays only those, so battles a stopped run left at
# different counts can each be continued from their own FIRST; SNS_SOAK_BIN is the test program
# (default build/sns_tests).
if [ -n "${SNS_SOAK_IDS:-}" ]; then read -r -a ids <<<"$SNS_SOAK_IDS"; else
  mapfile -t ids < <(for f in battles/*.json; do basename "$f" .json; done)
fi
tests=${SNS_SOAK_BIN:-build/sns_tests}
start=$(date +%s)
for ((done_games = first; done_games < games; done_games += chunk)); do
  n=$((games - done_games < chunk ? games - done_games : chunk))
  for id in "${ids[@]}"; do
    if [ -n "${SNS_SOAK_UNTIL:-}" ] && [ "$(date +%s)" -ge "$SNS_SOAK_UNTIL" ]; then break 2; fi
    # Seeds 1,000,000 + game number: none of the CI soak's (50,000 on); easy games keep their place.
    SNS_SOAK_BATTLES=$id SNS_SOAK_GAMES=$n SNS_SOAK_EASY_EVERY=$easy_every \
      SNS_SOAK_REPLAY_EVERY=${SNS_SOAK_REPLAY_EVERY:-0} \
      SNS_SOAK_SEED=$((1000000 + done_games)) "$tests" "soak*" >"$log.chunk" 2>&1 ||
      { cat "$log.chunk"; echo "soak FAILED: $id, games from seed $((1000000 + done_games))" | tee -a "$log"; exit 1; }
    grep '^soak ' "$log.chunk" >>"$log"
  done
done
echo "$(($(date +%s) - start)) s in all" >>"$log"
python3 - "$log" <<'PY' | tee -a "$log"
import re, sys
tot = {}
for line in open(sys.argv[1]):
    m = re.match(r"soak (\S+)\s+(\d+) games \((\d+) random v random, (\d+) with easy\), (\d+) finished, (\d+) s", line)
    if m:
        t = tot.setdefault(m[1], [0, 0, 0, 0, 0])
        for i in range(5): t[i] += int(m[i + 2])
for b, (g, r, e, f, s) in sorted(tot.items()):
    print(f"{b:20} {g:7} games: {r} random v random, {e} with easy; {f} finished; {s} s")
g = sum(t[0] for t in tot.values())
print(f"{'all':20} {g:7} games: {sum(t[1] for t in tot.values())} random v random, "
      f"{sum(t[2] for t in tot.values())} with easy; {sum(t[3] for t in tot.values())} finished; "
      f"{sum(t[4] for t in tot.values())} s")
PY
