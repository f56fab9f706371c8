# Shared by the CLI shell tests: a temporary folder, and expect/check that count failures.
# Sourced after `cli=$1`; each test prints its own summary from $fails.
set -uo pipefail
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0
expect() { # expect CODE DESCRIPTION -- command...
  local want=$1 what=$2; shift 3
  "$@" >"$dir/out" 2>"$dir/err"; local got=$?
  if [ "$got" != "$want" ]; then echo "FAIL: $what: exit $got, expected $want"; cat "$dir/err"; fails=$((fails+1)); fi
}
check() { if ! eval "$2"; then echo "FAIL: $1"; fails=$((fails+1)); fi; }
