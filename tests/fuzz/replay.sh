#!/usr/bin/env bash
# tests/fuzz/replay.sh BUILD_DIR — replay every fuzz input that is kept in
# the tree (the seed corpora in tests/fuzz/corpus/TARGET/ and the crash
# regressions in tests/fuzz/crashes/TARGET/) through the fuzz harnesses,
# built without libFuzzer: any C compiler will do.
#
# Uses the objects `make BUILD=BUILD_DIR` made (of host/*/*.c, serve/*.c
# and repl/*.c, repl/*/*.c but main.c) and links each harness with them into
# BUILD_DIR/fuzz/. CC and SAN are read from the environment as the Makefile
# has them (SAN: the sanitizer flags the objects were built with).
#
#   make BUILD=build-h2 && tests/fuzz/replay.sh build-h2
#
# Exits 0 when every input ran through its harness; otherwise names each
# input that fails on its own (its harness's message above it).
set -u
if [ $# -ne 1 ]; then echo "usage: $0 BUILD_DIR" >&2; exit 2; fi
build=${1%/}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
CC=${CC:-cc}
SAN=${SAN:-}
targets="moves repl save records merge json serve match picture"


lua_pkg=
for p in lua5.4 lua-5.4 lua54; do
  if pkg-config --exists "$p"; then lua_pkg=$p; break; fi
done
if [ -z "$lua_pkg" ]; then echo "fuzz replay: Lua 5.4 not found by pkg-config" >&2; exit 2; fi
lua_cflags=$(pkg-config --cflags "$lua_pkg")
lua_static="$(pkg-config --variable=libdir "$lua_pkg")/liblua5.4.a"
if [ -f "$lua_static" ]; then lua_libs="$lua_static -ldl"; else lua_libs=$(pkg-config --libs "$lua_pkg"); fi
edit_libs=$(pkg-config --libs readline 2>/dev/null || echo -lreadline)
mhd_cflags=$(pkg-config --cflags libmicrohttpd 2>/dev/null)
mhd_libs=$(pkg-config --libs libmicrohttpd 2>/dev/null || echo -lmicrohttpd)

cflags="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Werror -Wshadow
        -Wstrict-prototypes -Wmissing-prototypes -Wpointer-arith -Wwrite-strings
        -Wno-format-truncation -O1 -g $SAN -pthread -DFUZZ_STANDALONE -Ihost/core -Ihost/lua -Ihost/engine -Iserve -Irepl/cli -Irepl/study -Irepl/session -Irepl $lua_cflags $mhd_cflags"
out="$build/fuzz"
mkdir -p "$out"

# shellcheck disable=SC2086
compile() { $CC $cflags -c -o "$out/$1.o" "tests/fuzz/$1.c" || exit 1; }
compile common
compile standalone
# the host and the program's own parts (not its main): the objects of
# today's sources, not those a file since moved or removed left behind
objs=
for src in host/*/*.c serve/*.c repl/*.c repl/*/*.c; do
  if [ "$src" = repl/main.c ]; then continue; fi
  o="$build/${src%.c}.o"
  if [ ! -f "$o" ]; then echo "fuzz replay: $o is missing: run 'make BUILD=$build' first" >&2; exit 2; fi
  objs="$objs $o"
done
for t in $targets; do
  compile "$t"
  extra=
  # the REPL harness bounds each input's work from outside play_session (repl.c)
  if [ "$t" = repl ]; then extra="-Wl,--wrap=vm_new,--wrap=vm_call,--wrap=vm_call_budget"; fi
  # shellcheck disable=SC2086
  $CC $SAN -pthread $extra -o "$out/fuzz-$t" "$out/$t.o" "$out/common.o" "$out/standalone.o" \
      $objs $lua_libs $edit_libs $mhd_libs -llinear -lm || exit 1
done

export GROVE_DATA="$root"
status=0
for t in $targets; do
  dirs=
  for d in "tests/fuzz/corpus/$t" "tests/fuzz/crashes/$t"; do
    if [ -d "$d" ]; then dirs="$dirs $d"; fi
  done
  if [ -z "$dirs" ]; then echo "fuzz replay: $t: no inputs"; continue; fi
  # shellcheck disable=SC2086
  if ( "$out/fuzz-$t" $dirs 2>"$out/$t.log" ) 2>/dev/null; then
    echo "fuzz replay: $(tail -n 1 "$out/$t.log")"
    continue
  fi
  status=1
  cat "$out/$t.log" >&2
  echo "fuzz replay: $t FAILED; the inputs that fail on their own:" >&2
  found=0
  # shellcheck disable=SC2086
  for f in $(find $dirs -type f ! -name '.*' ! -name 'README*' | sort); do
    if ! ( "$out/fuzz-$t" "$f" >/dev/null 2>&1 ) 2>/dev/null; then echo "  $f" >&2; found=1; fi
  done
  if [ "$found" -eq 0 ]; then echo "  (none: the failure needs the inputs before it, in name order)" >&2; fi
done
exit $status
