#!/bin/sh
# Lists files in src/ over 800 lines and functions over 80 lines (issue 30: files and functions
# that fit in a head); exits 1 when any is found. A function is found by a brace-counting
# heuristic: a line at brace depth 0 that opens a brace after a closing parenthesis (or a
# constructor's initialiser list) starts one, and it ends where the depth falls back to 0.
# Namespaces, classes, structs, enums and initialised tables are not functions; a function that
# only returns a table of rows (the CLI's command table) says so on the line before it with
# "// check-sizes: a table". Generated tables (build/generated) are not in src/.
# Usage: scripts/check-sizes.sh [DIR...] (default: src)
cd "$(dirname "$0")/.." || exit 1
[ $# -eq 0 ] && set -- src
max_file=800
max_function=80
files=$(find "$@" -name '*.cpp' -o -name '*.hpp' | sort)
found=0
for f in $files; do
  n=$(wc -l <"$f")
  if [ "$n" -gt "$max_file" ]; then
    echo "$f: $n lines (file over $max_file)"
    found=1
  fi
done
# shellcheck disable=SC2086
awk -v max="$max_function" '
  FNR == 1 { depth = 0; in_fn = 0; pending = ""; table = 0; split("", body) }
  {
    line = $0
    if (!in_fn && depth == 0 && line ~ /^\/\/ check-sizes: a table/) { table = FNR; next }
    sub(/\/\/.*/, "", line)                   # comments
    gsub(/"([^"\\]|\\.)*"/, "\"\"", line)      # strings
    gsub(/\x27([^\x27\\]|\\.)*\x27/, "0", line) # characters
    if (!in_fn && line ~ /^[ \t]*(namespace|extern "")[^;]*\{/) next # a namespace holds, it is not a block
    code = line; sub(/^[ \t]+/, "", code)
    # A class body holds member functions as a namespace holds free ones.
    if (!in_fn && pending == "" && code ~ /^(template[^;]*)?(class|struct|union)[ \t]/ && line ~ /\{/ && line !~ /;[ \t]*$/)
      body[depth + 1] = 1
    else if ((depth == 0 || depth in body) && !in_fn) {
      if (pending == "" && code ~ /^[A-Za-z_~].*\(/ && code !~ /^(namespace|class|struct|enum|union|using|typedef|return|friend|static_assert|#)/ && code !~ /;[ \t]*$/) {
        pending = line; start = FNR
      } else if (pending != "") pending = pending " " line
      if (pending != "" && line ~ /\{/) {
        in_fn = 1; fn_depth = depth; name = pending; sub(/\(.*/, "", name); n = split(name, w, /[ \t*&]+/); name = w[n]
      }
      if (pending != "" && (line ~ /;[ \t]*$/ && line !~ /\{/)) pending = ""
    }
    opens = gsub(/\{/, "{", line); closes = gsub(/\}/, "}", line)
    depth += opens - closes
    for (d in body) if (d + 0 > depth) delete body[d]
    if (in_fn && depth <= fn_depth) {
      len = FNR - start + 1
      if (len > max && table != start - 1) { printf "%s:%d: %s is %d lines (function over %d)\n", FILENAME, start, name, len, max; bad = 1 }
      in_fn = 0; pending = ""; if (depth < 0) depth = 0
    } else if (!in_fn && depth <= 0) depth = 0
  }
  END { exit bad }
' $files || found=1
exit $found
