#!/bin/sh
# Counts the lines of code outside the rulesets' own folders that branch on which ruleset is in
# play or reach into one ruleset's part of the state (issue 30; docs/architecture.md "Counting the
# branches"). The two ruleset folders are src/engine/ssii/ and src/engine/d3/; D3's rows of the app's
# tables (src/view/d3/, src/app/play/d3/) are counted like any other code.
# Every spelling of such a test found in the tree so far:
#   - a read of a ruleset's part of the state: GameState::d3() or ssii() (`.d3()`, `.ssii()`),
#     if_d3(), if_ssii(), std::get / get_if / holds_alternative of D3State or SsiiState, and a call
#     of Battle::d3() or BattleDoc::d3();
#   - a comparison with a ruleset: `ruleset ==`, `== RulesetId::`, `RulesetId::X ==`, `case
#     RulesetId::`, a switch on a ruleset, `json() ==`, `== &default_ruleset()` (or ruleset_of,
#     find_ruleset), a ruleset's file name compared as a string ("ssii", "d3-medieval");
#   - a flag named after a ruleset (`bool d3`, `d3 ?`, `(d3)`, `to_d3`, `is_d3`), `.d3.empty()`,
#     is_d3_type(), the editor's ruleset constants kRulesetD3 and kRulesetSsii.
# Not counted: comments; the definitions of the state's accessors (state.hpp's lines that return
# std::get<...> or std::get_if<...> of `own`) and of the editor's two ruleset constants, which name
# a ruleset but decide nothing; uses of the constants are counted.
# Usage: scripts/count-ruleset-branches.sh [--lines | --below N] [DIR...] (default: src include);
# --lines prints every counted line instead of the count per file; --below N prints the count and
# fails when it is N or more (CTest's ruleset_branches: issue 30 asks for fewer than 15).
cd "$(dirname "$0")/.." || exit 1
lines=
below=
[ "$1" = --lines ] && lines=1 && shift
[ "$1" = --below ] && below=$2 && shift 2
[ $# -eq 0 ] && set -- src include
pattern='(\b(d3|ssii)\(\)|\bif_(d3|ssii)\(|(holds_alternative|get_if|get)<(D3State|SsiiState)>|ruleset *[!=]=|[!=]= *(Ruleset|RulesetId)::|RulesetId::[A-Za-z0-9]+ *[!=]=|\bcase +RulesetId::|switch *\(.*ruleset|json\(\) *[!=]=|[!=]= *&?(default_ruleset|ruleset_of|find_ruleset)\(|[!=]= *"(ssii|d3-medieval)"|"(ssii|d3-medieval)" *[!=]=|\bbool +(d3|ssii|to_d3|is_d3)\b|\b(d3|ssii|to_d3|is_d3) *[?)]|\.d3\.empty\(\)|is_d3_type\(|kRulesetD3|kRulesetSsii)'
if [ -n "$below" ]; then
  n=$("$0" "$@" | awk 'END {print $1}')
  echo "$n places outside the two ruleset folders (fewer than $below allowed)"
  [ "$n" -lt "$below" ]
  exit
fi
grep -rEn --include='*.cpp' --include='*.hpp' "$pattern" "$@" |
  grep -Ev '^src/engine/(d3|ssii)/' |
  sed 's#//.*##' |
  grep -Ev 'return std::get(_if)?<(D3State|SsiiState)>\(&?own\)|^[^:]*:[0-9]+:inline constexpr const char \*kRuleset(D3|Ssii) =' |
  grep -E "$pattern" |
  if [ -n "$lines" ]; then cat; else
    awk -F: '{n[$1]++; t++} END {for (f in n) printf "%4d %s\n", n[f], f; printf "%4d total\n", t+0}' |
      sort -k2
  fi
