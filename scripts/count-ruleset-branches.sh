#!/bin/sh
# Counts the lines of code outside the two ruleset folders that branch on which ruleset is in play
# (issue 30; docs/architecture.md "Where the code still asks which ruleset"). Every spelling of
# such a test found in the tree so far:
#   - a call of Battle::d3() or BattleDoc::d3() (GameState::d3(), read through as `.d3().`, is an
#     accessor, not a branch);
#   - a test of which part the state holds: if_d3(), if_ssii(), std::get_if / holds_alternative of
#     D3State or SsiiState;
#   - a comparison with a ruleset: `ruleset ==`, `== RulesetId::`, `RulesetId::X ==`, `case
#     RulesetId::`, a switch on a ruleset, `json() ==`, `== &default_ruleset()` (or ruleset_of,
#     find_ruleset), a ruleset's file name compared as a string ("ssii", "d3-medieval");
#   - a flag named after a ruleset (`bool d3`, `d3 ?`, `(d3)`, `to_d3`, `is_d3`), `.d3.empty()`,
#     is_d3_type(), the editor's ruleset constants kRulesetD3 and kRulesetSsii.
# Not counted: comments; the definitions of the state's accessors (a line that returns
# std::get<...> or std::get_if<...> of `own`) and of the editor's two ruleset constants, which name
# a ruleset but decide nothing; uses of the constants are counted.
# Usage: scripts/count-ruleset-branches.sh [--lines] [DIR...] (default: src include); --lines
# prints every counted line instead of the count per file.
cd "$(dirname "$0")/.." || exit 1
lines=
[ "$1" = --lines ] && lines=1 && shift
[ $# -eq 0 ] && set -- src include
pattern='(\bd3\(\)($|[^.])|\bif_(d3|ssii)\(|(holds_alternative|get_if)<(D3State|SsiiState)>|ruleset *[!=]=|[!=]= *(Ruleset|RulesetId)::|RulesetId::[A-Za-z0-9]+ *[!=]=|\bcase +RulesetId::|switch *\(.*ruleset|json\(\) *[!=]=|[!=]= *&?(default_ruleset|ruleset_of|find_ruleset)\(|[!=]= *"(ssii|d3-medieval)"|"(ssii|d3-medieval)" *[!=]=|\bbool +(d3|ssii|to_d3|is_d3)\b|\b(d3|ssii|to_d3|is_d3) *[?)]|\.d3\.empty\(\)|is_d3_type\(|kRulesetD3|kRulesetSsii)'
grep -rEn --include='*.cpp' --include='*.hpp' "$pattern" "$@" |
  grep -v -e '^src/engine/d3/' -e '^src/engine/ssii/' |
  sed 's#//.*##' |
  grep -Ev 'return std::get(_if)?<(D3State|SsiiState)>\(&?own\)|^[^:]*:[0-9]+:inline constexpr const char \*kRuleset(D3|Ssii) =' |
  grep -E "$pattern" |
  if [ -n "$lines" ]; then cat; else
    awk -F: '{n[$1]++; t++} END {for (f in n) printf "%4d %s\n", n[f], f; printf "%4d total\n", t+0}' |
      sort -k2
  fi
