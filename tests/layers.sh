#!/usr/bin/env bash
# tests/layers.sh [BUILD] — the layering rule of the C sources
# (docs/architecture.md), from the bottom up:
#
#   host/core     may include host/core; no Lua header, no line editor
#   host/lua      may include host/core, host/lua
#   host/engine   may include host/core, host/lua, host/engine
#   serve         may include host/* and serve (libmicrohttpd: here only)
#   the grove program, in rooms, each may include the rooms below it too:
#   repl/cli      what every room shares (options, data folder, help topics)
#   repl/study    grove sim and grove merge
#   repl/session  the REPL (readline: here only)
#   repl          the entry (main.c, the table of subcommands), a file per
#                 other subcommand
#   tests/core    may include host/core only (the cores are tested without Lua)
#   tests/host    may include host/*, not serve or repl
#   tests/serve   may include host/* and serve, not repl
#   (and each test folder its own helper headers)
#
# and a header named *_impl.h is private to its own folder. The Makefile
# already compiles each layer with the include paths of itself and the
# layers below only, so an include that points up does not compile; this
# names the offending line, checks the tests' folders, and refuses an
# include cycle (a.h includes b.h includes ... a.h) inside a layer, which
# the include paths cannot see.
#
# Then what the includes cannot show: which file uses which, read from the
# objects of BUILD (default build/; `make layers` builds them first). File
# A uses file B when A's object refers to a symbol B's object defines (a
# call, or a table of pointers). No file may use a file of a higher layer,
# and no files may use each other round in a circle (A uses B, B uses ...
# A), in any folder: each circle is named with the symbols that tie it.
#
# Run from anywhere; exits 1 on any breach.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
build=${1:-build}
build=${build%/}

# The layers, bottom up; a file may include headers of its rank or lower.
layers="host/core host/lua host/engine serve repl/cli repl/study repl/session repl"
# rank DIR: the layer's rank into $r (-1: no layer).
rank() {
  case $1 in
    host/core) r=0 ;;
    host/lua) r=1 ;;
    host/engine) r=2 ;;
    serve) r=3 ;;
    repl/cli) r=4 ;;
    repl/study) r=5 ;;
    repl/session) r=6 ;;
    repl) r=7 ;;
    *) r=-1 ;;
  esac
}
# limit DIR: the highest rank the files of a folder may include, into $max.
limit() {
  case $1 in
    tests/core) max=0 ;;
    tests/host) max=2 ;;
    tests/serve) max=3 ;;
    tests/fuzz) max=7 ;;
    *) rank "$1"; max=$r ;;
  esac
}

# home_of FILE HEADER: the folder holding HEADER as FILE includes it, into
# $home ("" if none): a path with a folder in it is read from FILE's
# folder (tests/fuzz: "../../repl/study/json.h"); else, as the compiler
# looks, FILE's own folder first, then the layers.
home_of() {
  local dir=${1%/*} h=$2 d
  home=
  case $h in
    */*)
      if [ -f "$dir/$h" ]; then
        h=$(realpath --relative-to=. "$dir/$h")
        home=${h%/*}
      fi
      return ;;
  esac
  for d in "$dir" $layers tests/fuzz; do
    if [ -f "$d/$h" ]; then home=$d; return; fi
  done
}

fails=0
breach() { echo "layers: $*" >&2; fails=$((fails + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
edges=$tmp/edges
: >"$edges"

# Every folder of the program is a layer the Makefile and this file rank.
for d in repl/*/; do
  d=${d%/}
  rank "$d"
  [ "$r" -ge 0 ] || breach "$d/ is a room of no rank: give it one here and its include path in the Makefile"
done

sources="host/core/*.c host/lua/*.c host/engine/*.c serve/*.c repl/cli/*.c repl/study/*.c repl/session/*.c repl/*.c"
files=$(ls host/core/*.[ch] host/lua/*.[ch] host/engine/*.[ch] serve/*.[ch] \
           repl/cli/*.[ch] repl/study/*.[ch] repl/session/*.[ch] repl/*.[ch] \
           tests/core/*.c tests/host/*.c tests/serve/*.c tests/fuzz/*.[ch] 2>/dev/null)
for f in $files; do
  dir=${f%/*}
  limit "$dir"
  # <lua.h>, <lauxlib.h>, <lualib.h>: the Lua side and up; readline: the REPL session
  while IFS=: read -r line inc; do
    case $inc in
      *'<lua.h>'*|*'<lauxlib.h>'*|*'<lualib.h>'*)
        if [ "$max" -lt 1 ]; then breach "$f:$line: $inc: the cores know nothing of Lua"; fi ;;
      *'<readline/'*)
        case $dir in repl/session|tests/fuzz) ;; *) breach "$f:$line: $inc: only the REPL session (repl/session/) edits lines" ;; esac ;;
      *'<microhttpd.h>'*)
        case $dir in serve|tests/fuzz) ;; *) breach "$f:$line: $inc: only serve/ speaks HTTP" ;; esac ;;
    esac
  done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*<' "$f")
  while IFS=: read -r line inc; do
    h=${inc#*\"}
    h=${h%%\"*}
    home_of "$f" "$h"
    if [ -z "$home" ]; then breach "$f:$line: \"$h\" is in no layer's folder"; continue; fi
    rank "$home"
    if [ "$home" = tests/fuzz ]; then
      [ "$dir" = tests/fuzz ] || breach "$f:$line: \"$h\" belongs to the fuzzers"
    elif [ "$home" = "$dir" ] && [ "${dir#tests/}" != "$dir" ]; then
      :                                            # a test folder's own helpers (tests/host/game_checks.h)
    elif [ "$r" -lt 0 ]; then
      breach "$f:$line: \"$h\" is in $home/, no layer"
    elif [ "$r" -gt "$max" ]; then
      breach "$f:$line: includes $home/${h##*/}: $dir may include only layers at or below its own (see docs/architecture.md)"
    fi
    case $h in
      *_impl.h) [ "$home" = "$dir" ] || breach "$f:$line: $home/${h##*/} is private to $home/" ;;
    esac
    # the include graph between headers, for cycles (a .c file is a leaf)
    case $f in *.h) echo "$f $home/${h##*/}" >>"$edges" ;; esac
  done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f")
done

# tsort names a loop in its input on stderr
if ! tsort "$edges" >/dev/null 2>"$edges.err"; then
  breach "an include cycle:"
  grep -v 'input contains a loop' "$edges.err" | sed 's/^tsort: /  /' >&2
fi

# ---- which file uses which: the objects' symbols ---------------------------------------

# uses SOURCE=OBJECT...: a line "A B SYMBOL" for each symbol A's object
# refers to that B's object (another) defines. A symbol defined by more
# than one object (a weak or common one) ties no file to another.
uses() {
  local pair
  for pair in "$@"; do
    nm -P --defined-only "${pair#*=}" | awk -v f="${pair%%=*}" '$2 ~ /^[BCDGRSTVW]$/ { print "D", f, $1 }'
    nm -P --undefined-only "${pair#*=}" | awk -v f="${pair%%=*}" '{ print "U", f, $1 }'
  done | awk '
    $1 == "D" { n[$3]++; def[$3] = $2; next }
    { use[++u] = $2 " " $3 }
    END {
      for (i = 1; i <= u; i++) {
        split(use[i], a, " ")
        if (n[a[2]] == 1 && def[a[2]] != a[1]) print a[1], def[a[2]], a[2]
      }
    }' | sort -u
}

# circles: from "A B SYMBOL" lines on stdin, each set of files that use
# each other round in a circle (a strongly connected component of two or
# more, Tarjan's), as "circle N: A B C" and then "  A -> B: SYMBOL ..." for
# each use inside it.
circles() {
  awk '
    function visit(v,    k, w, c, members) {
      index_of[v] = low[v] = ++counter
      stack[++top] = v; on_stack[v] = 1
      for (k = 1; k <= nout[v]; k++) {
        w = out[v, k]
        if (!(w in index_of)) { visit(w); if (low[w] < low[v]) low[v] = low[w] }
        else if (on_stack[w] && index_of[w] < low[v]) low[v] = index_of[w]
      }
      if (low[v] == index_of[v]) {
        c = 0; members = ""
        do { w = stack[top--]; on_stack[w] = 0; comp[w] = v; c++; members = w " " members } while (w != v)
        if (c > 1) { ncircles++; circle[ncircles] = v; circle_files[ncircles] = members }
      }
    }
    {
      key = $1 SUBSEP $2
      if (!(key in names)) { nout[$1]++; out[$1, nout[$1]] = $2; pairs[++npairs] = key; names[key] = $3 }
      else names[key] = names[key] " " $3
      node[$1] = node[$2] = 1
    }
    END {
      for (v in node) if (!(v in index_of)) visit(v)
      for (i = 1; i <= ncircles; i++) {
        sub(/ $/, "", circle_files[i])
        print "circle " i ": " circle_files[i]
        for (p = 1; p <= npairs; p++) {
          split(pairs[p], ab, SUBSEP)
          if (comp[ab[1]] == circle[i] && comp[ab[2]] == circle[i]) print "  " ab[1] " -> " ab[2] ": " names[pairs[p]]
        }
      }
    }'
}

# The check checks itself first, on three files: a.c and b.c call each
# other, c.c calls a.c only.
cc=${CC:-cc}
printf 'int b(void);\nint a(void) { return 1; }\nint a2(void) { return b(); }\n' >"$tmp/a.c"
printf 'int a(void);\nint b(void) { return a() + 1; }\n' >"$tmp/b.c"
printf 'int a(void);\nint c(void) { return a(); }\n' >"$tmp/c.c"
for x in a b c; do "$cc" -c -o "$tmp/$x.o" "$tmp/$x.c" || breach "cannot compile the check's own fixture with $cc"; done
uses a.c="$tmp/a.o" b.c="$tmp/b.o" c.c="$tmp/c.o" | circles >"$tmp/fixture"
if [ "$(cat "$tmp/fixture")" != "$(printf 'circle 1: a.c b.c\n  a.c -> b.c: b\n  b.c -> a.c: a')" ] &&
   [ "$(cat "$tmp/fixture")" != "$(printf 'circle 1: b.c a.c\n  a.c -> b.c: b\n  b.c -> a.c: a')" ]; then
  breach "the circle check misreads its fixture (a.c and b.c call each other, c.c calls a.c):"
  sed 's/^/  /' "$tmp/fixture" >&2
fi

pairs=()
nobjects=0
for src in $sources; do
  obj="$build/${src%.c}.o"
  if [ ! -f "$obj" ]; then breach "$obj is missing: build first (make BUILD=$build), the uses are read from it"; continue; fi
  [ "$obj" -nt "$src" ] || breach "$obj is older than $src: build first (make BUILD=$build)"
  pairs+=("$src=$obj")
  nobjects=$((nobjects + 1))
done
if [ "$nobjects" -gt 0 ]; then
  uses "${pairs[@]}" >"$tmp/uses"
  # no use points up the layers (an extern declared by hand, say)
  ranks=
  for d in $layers; do rank "$d"; ranks="$ranks $d=$r"; done
  awk -v ranks="$ranks" '
    BEGIN { n = split(ranks, kv, " "); for (i = 1; i <= n; i++) { split(kv[i], p, "="); rank[p[1]] = p[2] } }
    function rank_of(f) { sub(/\/[^\/]*$/, "", f); return rank[f] + 0 }
    rank_of($2) > rank_of($1) { print $1 " -> " $2 ": " $3 }' "$tmp/uses" >"$tmp/up"
  if [ -s "$tmp/up" ]; then
    breach "a file uses a file of a higher layer (the use must point down):"
    sed 's/^/  /' "$tmp/up" >&2
  fi
  circles <"$tmp/uses" >"$tmp/circles"
  n=$(grep -c '^circle' "$tmp/circles")
  if [ "$n" -gt 0 ]; then
    breach "$n circle(s) of files that use each other, each with every use inside it (A -> B: what A uses of B):" \
           "make the uses point one way (a function moved to the file it belongs in, a callback passed down, a" \
           "header of shared types)"
    sed 's/^/  /' "$tmp/circles" >&2
  fi
fi

if [ "$fails" -gt 0 ]; then
  echo "layers: $fails breach(es) of the layering rule" >&2
  exit 1
fi
echo "layers: $(echo "$files" | wc -w) files, every include points down, no cycle; $nobjects objects, every use points down or across, no circle"
