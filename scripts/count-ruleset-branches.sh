#!/bin/sh
# Counts the lines of code outside the two ruleset folders that branch on which ruleset is in play
# (issue 30): a call of d3(), a comparison with a ruleset, the D3 state's emptiness, a D3 type test.
# Comments are left out. Usage: scripts/count-ruleset-branches.sh [DIR...] (default: src include)
cd "$(dirname "$0")/.." || exit 1
[ $# -eq 0 ] && set -- src include
grep -rEn --include='*.cpp' --include='*.hpp' \
  '(\bd3\(\)|ruleset *[!=]=|[!=]= *(Ruleset|RulesetId)::|\.d3\.empty\(\)|is_d3_type\(|kRulesetD3|kRulesetSsii)' "$@" |
  grep -v -e '^src/engine/d3/' -e '^src/engine/ssii/' |
  sed 's#//.*##' |
  grep -E '(\bd3\(\)|ruleset *[!=]=|[!=]= *(Ruleset|RulesetId)::|\.d3\.empty\(\)|is_d3_type\(|kRulesetD3|kRulesetSsii)' |
  awk -F: '{n[$1]++; t++} END {for (f in n) printf "%4d %s\n", n[f], f; printf "%4d total\n", t}' | sort -k2
