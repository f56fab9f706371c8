#!/bin/sh
# Counts the lines of code outside the two ruleset folders that branch on which ruleset is in play
# (issue 30): a call of Battle::d3() (GameState::d3(), read through as `.d3().`, is an accessor, not a
# branch), a test of which part the state holds (if_d3, if_ssii, holds_alternative), a comparison
# with a ruleset or RulesetId, a D3 type test, the editor's ruleset constants.
# Comments are left out. Usage: scripts/count-ruleset-branches.sh [DIR...] (default: src include)
cd "$(dirname "$0")/.." || exit 1
[ $# -eq 0 ] && set -- src include
pattern='(\bd3\(\)($|[^.])|\bif_(d3|ssii)\(|holds_alternative<(D3State|SsiiState)>|ruleset *[!=]=|[!=]= *(Ruleset|RulesetId)::|RulesetId::[A-Za-z]+ *[!=]=|\.d3\.empty\(\)|is_d3_type\(|kRulesetD3|kRulesetSsii)'
grep -rEn --include='*.cpp' --include='*.hpp' \
  "$pattern" "$@" |
  grep -v -e '^src/engine/d3/' -e '^src/engine/ssii/' |
  sed 's#//.*##' |
  grep -E "$pattern" |
  awk -F: '{n[$1]++; t++} END {for (f in n) printf "%4d %s\n", n[f], f; printf "%4d total\n", t}' | sort -k2
