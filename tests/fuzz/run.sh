#!/usr/bin/env bash
# tests/fuzz/run.sh SECONDS [TARGET...] — fuzz grove with libFuzzer.
#
# Builds every harness (tests/fuzz/{moves,repl,save,records,merge,json,serve,match,picture}.c) with clang,
# libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer into
# build-fuzz/, then runs each target (all nine unless named) for SECONDS,
# as many at a time as there are processors (FUZZ_JOBS), each on one core,
# starting from its seed corpus
# tests/fuzz/corpus/TARGET/ and its crash regressions
# tests/fuzz/crashes/TARGET/ (both only read). New inputs go to
# build-fuzz/new/TARGET/ (emptied first), reproducers of crashes to
# build-fuzz/artifacts/.
#
# Prints one table row per target (paste into the README) and exits 1 when
# any target crashed, naming the reproducer.
#
# Environment: CC (default clang), FUZZ_FLAGS (more libFuzzer flags, e.g.
# "-seed=1" or "-only_ascii=1"), FUZZ_JOBS (compilers and targets run at
# once; default: one a processor).
set -u
if [ $# -lt 1 ] || ! [[ $1 =~ ^[0-9]+$ ]] || [ "$1" -lt 1 ]; then
  echo "usage: $0 SECONDS [moves|repl|save|records|merge|json|serve|match|picture]..." >&2
  exit 2
fi
seconds=$1
shift
targets=${*:-moves repl save records merge json serve match picture}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
CC=${CC:-clang}
out="$root/build-fuzz"
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
if ! [[ $jobs =~ ^[0-9]+$ ]] || [ "$jobs" -lt 1 ]; then echo "fuzz: FUZZ_JOBS must be 1 or more, not '$jobs'" >&2; exit 2; fi

# At most $jobs background jobs at once: start waits for a free one, drain
# for all; either fails (1) when a job it waited for failed.
running=0
start() {
  local rc=0
  if [ "$running" -ge "$jobs" ]; then wait -n || rc=1; running=$((running - 1)); fi
  "$@" &
  running=$((running + 1))
  return $rc
}
drain() {
  local rc=0
  while [ "$running" -gt 0 ]; do wait -n || rc=1; running=$((running - 1)); done
  return $rc
}

# the longest input each target is given (the seeds fit)
max_len() {
  case $1 in
    moves|repl|serve|picture) echo 8192 ;;
    save|records|merge|json) echo 16384 ;;
    match) echo 512 ;;
  esac
}

lua_pkg=
for p in lua5.4 lua-5.4 lua54; do
  if pkg-config --exists "$p"; then lua_pkg=$p; break; fi
done
if [ -z "$lua_pkg" ]; then echo "fuzz: Lua 5.4 not found by pkg-config" >&2; exit 2; fi
lua_cflags=$(pkg-config --cflags "$lua_pkg")
lua_static="$(pkg-config --variable=libdir "$lua_pkg")/liblua5.4.a"
if [ -f "$lua_static" ]; then lua_libs="$lua_static -ldl"; else lua_libs=$(pkg-config --libs "$lua_pkg"); fi
edit_libs=$(pkg-config --libs readline 2>/dev/null || echo -lreadline)
mhd_cflags=$(pkg-config --cflags libmicrohttpd 2>/dev/null)
mhd_libs=$(pkg-config --libs libmicrohttpd 2>/dev/null || echo -lmicrohttpd)

san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
base="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -O1 -g -pthread -Ihost/core -Ihost/lua -Ihost/engine -Iserve -Irepl/cli -Irepl/study -Irepl/session -Irepl $lua_cflags $mhd_cflags
      -DGROVE_DATADIR=\"$root\""
# the host: instrumented for coverage, warnings shown but not fatal (a
# newer compiler's warning is not this script's business)
host_flags="$base $san -fsanitize=fuzzer-no-link -fsanitize-coverage-ignorelist=tests/fuzz/coverage-ignore.txt
            -Wall -Wextra"
# the harnesses: as strict as the Makefile
harness_flags="$base $san -fsanitize=fuzzer -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
               -Wmissing-prototypes -Wpointer-arith -Wwrite-strings"

if ! command -v "$CC" >/dev/null; then echo "fuzz: no $CC (Debian: apt-get install clang libclang-rt-dev)" >&2; exit 2; fi

for t in $targets; do
  case $t in moves|repl|save|records|merge|json|serve|match|picture) ;; *) echo "fuzz: no target '$t'" >&2; exit 2 ;; esac
done

# Compile src to obj, in the background, when obj is missing or older than
# src or any header.
newest_header=$(ls -t host/*/*.h serve/*.h $(find repl -name '*.h') tests/fuzz/*.h tests/fuzz/coverage-ignore.txt | head -n 1)
compile() {  # FLAGS SRC OBJ
  if [ -f "$3" ] && [ "$3" -nt "$2" ] && [ "$3" -nt "$newest_header" ]; then return 0; fi
  mkdir -p "$(dirname "$3")"
  echo "  CC $2"
  # shellcheck disable=SC2086
  start $CC $1 -c -o "$3" "$2"
}
# Link target t's harness.
link() {  # TARGET
  local extra=
  # the REPL harness bounds each input's work from outside play_session (repl.c)
  if [ "$1" = repl ]; then extra="-Wl,--wrap=vm_new,--wrap=vm_call,--wrap=vm_call_budget"; fi
  # shellcheck disable=SC2086
  start $CC $san -fsanitize=fuzzer -pthread $extra -o "$out/fuzz-$1" "$out/obj/fuzz/$1.o" \
      "$out/obj/fuzz/common.o" $objs $lua_libs $edit_libs $mhd_libs -llinear -lm
}

built=0
objs=
for src in host/*/*.c serve/*.c repl/*.c repl/*/*.c; do
  if [ "$src" = repl/main.c ]; then continue; fi
  obj="$out/obj/${src%.c}.o"
  compile "$host_flags" "$src" "$obj" || built=1
  objs="$objs $obj"
done
compile "$harness_flags" tests/fuzz/common.c "$out/obj/fuzz/common.o" || built=1
for t in $targets; do
  compile "$harness_flags" "tests/fuzz/$t.c" "$out/obj/fuzz/$t.o" || built=1
done
drain || built=1
if [ "$built" -ne 0 ]; then echo "fuzz: the build failed (above)" >&2; exit 1; fi
for t in $targets; do link "$t" || built=1; done
drain || built=1
if [ "$built" -ne 0 ]; then echo "fuzz: linking failed (above)" >&2; exit 1; fi

export GROVE_DATA="$root"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
mkdir -p "$out/artifacts" "$out/logs"
rm -rf "$out/rows"
mkdir -p "$out/rows"

# Fuzz target t for $seconds; its table row goes to rows/t. Fails (1) when
# it crashed, saying how to replay the reproducer.
fuzz() {  # TARGET
  local t=$1 seeds= dict= leaks=
  rm -rf "$out/new/$t"
  mkdir -p "$out/new/$t"
  for d in "$root/tests/fuzz/corpus/$t" "$root/tests/fuzz/crashes/$t"; do
    if [ -d "$d" ]; then seeds="$seeds $d"; fi
  done
  if [ -f "tests/fuzz/$t.dict" ]; then dict="-dict=$root/tests/fuzz/$t.dict"; fi
  # One VM serves every input of moves, save, records, json, serve, match and picture: the
  # garbage it holds between inputs would make libFuzzer look for a leak
  # after each (four times slower); LeakSanitizer still looks once, at exit.
  # repl and merge make and free their own each input: leaks are looked for
  # after every one.
  if [ "$t" != repl ] && [ "$t" != merge ]; then leaks="-detect_leaks=0"; fi
  local log="$out/logs/$t.log"
  echo "fuzz: $t for ${seconds}s (log: $log)"
  local before
  before=$(ls "$out/artifacts" | grep -c "^$t-")
  # shellcheck disable=SC2086
  "$out/fuzz-$t" "$out/new/$t" $seeds $dict -max_total_time="$seconds" -max_len="$(max_len "$t")" \
      -timeout=25 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$out/artifacts/$t-" \
      $leaks ${FUZZ_FLAGS:-} >"$log" 2>&1
  local rc=$?
  local execs rate cov ft added crashes=0
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
  added=$(ls "$out/new/$t" | wc -l)
  if [ "$rc" -ne 0 ] || [ "$(ls "$out/artifacts" | grep -c "^$t-")" -ne "$before" ]; then
    crashes=1
    local repro
    repro=$(ls -t "$out/artifacts" | grep "^$t-" | head -n 1)
    {
      echo "fuzz: $t CRASHED (exit $rc): reproducer $out/artifacts/$repro"
      grep -m 1 -E '^(fuzz:|==[0-9]+== ?ERROR|.*runtime error|SUMMARY)' "$log"
      echo "  replay it: GROVE_DATA=$root $out/fuzz-$t $out/artifacts/$repro"
      echo "  keep it as a regression once fixed: cp $out/artifacts/$repro tests/fuzz/crashes/$t/"
    } >&2
  fi
  echo "| $t | $seconds s | ${execs:-?} | ${rate:-?} | ${cov:-?} | ${ft:-?} | $added | $crashes |" >"$out/rows/$t"
  [ "$crashes" -eq 0 ]
}

failed=0
for t in $targets; do start fuzz "$t" || failed=1; done
drain || failed=1
echo
echo "| target | time | executions | exec/s | cov (edges) | features | new inputs | crashes |"
echo "|---|---|---|---|---|---|---|---|"
for t in $targets; do cat "$out/rows/$t"; done
exit $failed
