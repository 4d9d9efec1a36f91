#!/usr/bin/env bash
# tests/layers.sh — the layering rule of the C sources (docs/architecture.md):
#
#   host/core    may include host/core; no Lua header, no line editor
#   host/lua     may include host/core, host/lua
#   host/engine  may include host/core, host/lua, host/engine
#   serve        may include host/* and serve (libmicrohttpd: here only)
#   repl         may include all of the above and repl
#   tests/core   may include host/core only (the cores are tested without Lua)
#   tests/host   may include host/*, not serve or repl
#   tests/serve  may include host/* and serve, not repl
#
# and a header named *_impl.h is private to its own folder. The Makefile
# already compiles each layer with the include paths of itself and the
# layers below only, so an include that points up does not compile; this
# names the offending line, checks the tests' folders, and refuses an
# include cycle (a.h includes b.h includes ... a.h) inside a layer, which
# the include paths cannot see. Run from anywhere; exits 1 on any breach.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2

# The rank of a folder: a file may include headers of its rank or lower.
rank() {
  case $1 in
    host/core) echo 0 ;;
    host/lua) echo 1 ;;
    host/engine) echo 2 ;;
    serve) echo 3 ;;
    repl|repl/*) echo 4 ;;
    *) echo -1 ;;
  esac
}
# The highest rank the files of a folder may include.
limit() {
  case $1 in
    tests/core) echo 0 ;;
    tests/host) echo 2 ;;
    tests/serve) echo 3 ;;
    tests/fuzz) echo 4 ;;
    *) rank "$1" ;;
  esac
}

# The folder holding header $1, or nothing.
home_of() {
  for d in host/core host/lua host/engine serve repl/cli repl/study repl/session repl tests/fuzz; do
    if [ -f "$d/$1" ]; then echo "$d"; return; fi
  done
}

fails=0
breach() { echo "layers: $*" >&2; fails=$((fails + 1)); }
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT

files=$(ls host/core/*.[ch] host/lua/*.[ch] host/engine/*.[ch] serve/*.[ch] repl/*.[ch] repl/*/*.[ch] \
           tests/core/*.c tests/host/*.c tests/serve/*.c tests/fuzz/*.[ch] 2>/dev/null)
for f in $files; do
  dir=$(dirname "$f")
  max=$(limit "$dir")
  # <lua.h>, <lauxlib.h>, <lualib.h>: the Lua side and up; readline: repl
  while IFS=: read -r line inc; do
    case $inc in
      *'<lua.h>'*|*'<lauxlib.h>'*|*'<lualib.h>'*)
        if [ "$max" -lt 1 ]; then breach "$f:$line: $inc: the cores know nothing of Lua"; fi ;;
      *'<readline/'*)
        if [ "$max" -lt 4 ]; then breach "$f:$line: $inc: only the program edits lines"; fi ;;
      *'<microhttpd.h>'*)
        case $dir in serve|tests/fuzz) ;; *) breach "$f:$line: $inc: only serve/ speaks HTTP" ;; esac ;;
    esac
  done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*<' "$f")
  while IFS=: read -r line inc; do
    h=${inc#*\"}
    h=${h%%\"*}
    home=$(home_of "$h")
    if [ -z "$home" ]; then breach "$f:$line: \"$h\" is in no layer's folder"; continue; fi
    r=$(rank "$home")
    if [ "$home" = tests/fuzz ]; then
      [ "$dir" = tests/fuzz ] || breach "$f:$line: \"$h\" belongs to the fuzzers"
    elif [ "$r" -gt "$max" ]; then
      breach "$f:$line: includes $home/$h: $dir may include only layers at or below its own (see docs/architecture.md)"
    fi
    case $h in
      *_impl.h) [ "$home" = "$dir" ] || breach "$f:$line: $home/$h is private to $home/" ;;
    esac
    # the include graph between headers, for cycles (a .c file is a leaf)
    case $f in *.h) echo "$f $home/$h" >>"$edges" ;; esac
  done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f")
done

# tsort names a loop in its input on stderr
if ! tsort "$edges" >/dev/null 2>"$edges.err"; then
  breach "an include cycle:"
  grep -v 'input contains a loop' "$edges.err" | sed 's/^tsort: /  /' >&2
fi
rm -f "$edges.err"

if [ "$fails" -gt 0 ]; then
  echo "layers: $fails breach(es) of the layering rule" >&2
  exit 1
fi
echo "layers: $(echo "$files" | wc -w) files, every include points down, no cycle"
