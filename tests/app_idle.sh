#!/usr/bin/env bash
# An idle window uses no CPU beyond a few wake-ups a second (issue 10): under Xvfb, the app on the
# start screen and on Grunwald (the largest map) is left alone for 5 s once started, and its CPU
# time (user + system, all threads, from /proc/PID/stat) over those seconds must stay under 0.5 s.
# CPU time, not wall time, so other load on the machine does not count against it.
set -uo pipefail
app=$1
if [ "${2:-}" != "--in-xvfb" ]; then
  exec "$(dirname "$0")/xvfb.sh" 1280x800x24 "$0" "$app" --in-xvfb # an X server of its own
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export XDG_DATA_HOME=$dir/data XDG_CONFIG_HOME=$dir/config
ticks=$(getconf CLK_TCK)
cpu_ticks() { # utime + stime of process $1 (fields 14 and 15; the name has no spaces)
  awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null
}
fails=0
idle_case() { # NAME ARGS...
  local name=$1
  shift
  "$app" "$@" --size 1280x800 &
  local pid=$!
  # Started when a whole second passes with under 0.1 s of CPU (a loaded machine starts slowly).
  local settled=0 before now
  before=$(cpu_ticks $pid)
  for _ in $(seq 60); do
    sleep 1
    now=$(cpu_ticks $pid) || break
    [ -z "$now" ] && break
    if [ $((now - before)) -lt $((ticks / 10)) ]; then settled=1 && break; fi
    before=$now
  done
  if [ $settled = 0 ]; then
    echo "FAIL $name: the app never went idle (or exited) within 60 s"
    kill $pid 2>/dev/null
    wait $pid 2>/dev/null
    fails=$((fails + 1))
    return
  fi
  before=$(cpu_ticks $pid)
  sleep 5
  now=$(cpu_ticks $pid)
  kill -TERM $pid
  wait $pid
  local used=$((now - before))
  local seconds
  seconds=$(awk -v t=$used -v hz="$ticks" 'BEGIN {printf "%.2f", t / hz}')
  if [ $used -ge $((ticks / 2)) ]; then
    echo "FAIL $name: ${seconds} s of CPU in 5 idle seconds (at most 0.5 s)"
    fails=$((fails + 1))
  else
    echo "ok $name: ${seconds} s of CPU in 5 idle seconds"
  fi
}
idle_case "start screen"
idle_case "Grunwald" battles/grunwald-1410.json
exit $((fails > 0))
