#!/usr/bin/env bash
# Runs a command under an Xvfb of its own: tests/xvfb.sh WxHxDEPTH COMMAND [ARGS...]; exits with
# the command's code. The server picks a free display itself (-displayfd) and says which, so tests
# started at the same moment never race for one: xvfb-run -a looks for a free number and then
# starts the server, and two runs in the same instant could both take :99 (three X tests of a
# ctest -j2 run failed at once so, passing when run again).
set -u
screen=$1
shift
dir=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null; rm -rf "$dir"' EXIT
trap 'exit 143' TERM INT
Xvfb -displayfd 3 -screen 0 "$screen" -nolisten tcp 3>"$dir/display" 2>"$dir/xvfb.log" &
server=$!
for _ in $(seq 200); do # up to 10 s
  [ -s "$dir/display" ] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.05
done
if [ ! -s "$dir/display" ]; then
  echo "tests/xvfb.sh: Xvfb did not start:" >&2
  cat "$dir/xvfb.log" >&2
  exit 3
fi
DISPLAY=":$(head -n 1 "$dir/display")" "$@"
