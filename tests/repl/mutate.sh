#!/usr/bin/env bash
# grove mutate: the fault the fixture game's tests miss is reported with its
# file, line and diff, and the share caught; the run is seeded; a listed
# equivalent fault is left out; a test that runs out of time catches its
# fault; the rule files are byte for byte what they were after a run cut
# short by Ctrl-C and after a SIGKILL of the whole process group, with no
# temporary folder left after Ctrl-C and the one a kill leaves removed by
# the next run; a game in the working directory; misuse exits 2.
. "$(dirname "$0")/lib.sh"
G=$(cd "$(dirname "$GROVE")" && pwd)/$(basename "$GROVE")
export GROVE_PATH=tests/fixtures
export TMPDIR=$tmp/tmpdir               # where grove mutate makes its folder: checked below
mkdir "$TMPDIR"
rules=tests/fixtures/scripts/pebbles/game.lua
sum_before=$(cksum "$rules")

run() { "$G" "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }
untimed() { sed -E 's/, time [0-9.]+ s$//' "$1"; }
# no_temp NAME: no grove-mutate-* folder in TMPDIR
no_temp() {
  if [ -z "$(ls "$TMPDIR")" ]; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL $1: left in TMPDIR: $(ls "$TMPDIR")"; fi
}
# same_rules NAME FILE SUM: FILE's cksum is SUM
same_rules() {
  if [ "$(cksum "$2")" = "$3" ]; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL $1: $2 changed"; fi
}

# Every fault Pebbles has room for: its tests catch all but one.
run mutate pebbles -n all --seed 1
expect report "grove mutate pebbles: 32 faults of 32 places in scripts/pebbles/game.lua (seed 1)"
expect report "2 test files"
expect report "scripts/pebbles/game.lua:51: number: 1 became 0"
expect report '-    return string.format("%d %s left; seat %d to take", s.play.pile, s.play.pile == 1 and "pebble" or "pebbles",'
expect report '+    return string.format("%d %s left; seat %d to take", s.play.pile, s.play.pile == 0 and "pebble" or "pebbles",'
expect report "No test failed with this fault."
expect report "planted 32, caught 31 (96.9%), survived 1, time"
expect report "exit 0"
reject report "game.lua:19:"                  # why: mutate: skip
reject report "game.lua:55:"                  # evaluate: mutate: off
same_rules report "$rules" "$sum_before"
no_temp report
if [ "$(grep -c '^scripts/pebbles/game.lua:[0-9]*:' "$tmp/out")" = 1 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL report: more than the one fault reported:"; cat "$tmp/out"; fi
cp "$tmp/out" "$tmp/first"

# The same seed plants the same faults, -v says what became of each; a
# share under --fail-under fails the run.
run mutate pebbles -n all --seed 1 -v --threads 1
expect verbose "caught   scripts/pebbles/game.lua:40: arith: '-' became '+' (scripts/pebbles/tests/"
expect verbose "SURVIVED scripts/pebbles/game.lua:51: number: 1 became 0"
run mutate pebbles -n all --seed 1 --fail-under 99
expect fail-under "grove mutate: 96.9% of the faults caught, under --fail-under 99%"
expect fail-under "exit 1"
run mutate pebbles -n all --seed 1 --fail-under 95
expect fail-under-met "exit 0"
run mutate pebbles -n 6 --seed 3 --list
cp "$tmp/out" "$tmp/six"
run mutate pebbles -n 6 --seed 3 --list
if cmp -s "$tmp/out" "$tmp/six"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL seeded: two runs with --seed 3 list different faults"; fi
expect list "grove mutate pebbles: 6 faults of 32 places"
if [ "$(grep -c '^scripts/pebbles/game.lua:[0-9]*:' "$tmp/out")" = 6 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL list: not 6 faults listed"; fi
run mutate pebbles -n 6 --seed 4 --list
if cmp -s "$tmp/out" "$tmp/six"; then fail=$((fail + 1)); echo "FAIL seeded: --seed 4 lists what --seed 3 does"
else pass=$((pass + 1)); fi

# A fault listed in tests/mutate-equivalent.txt, as the report printed it,
# is left out.
mkdir -p "$tmp/eq/scripts"
cp -r tests/fixtures/scripts/pebbles "$tmp/eq/scripts/"
{ echo "# the singular is never drawn: a test of it is the next step"
  sed -n '/^scripts\/pebbles\/game.lua:51:/,/^$/p' "$tmp/first"; } >"$tmp/eq/scripts/pebbles/tests/mutate-equivalent.txt"
GROVE_PATH=$tmp/eq run mutate pebbles -n all --seed 1
expect equivalent "1 listed in scripts/pebbles/tests/mutate-equivalent.txt left out"
reject equivalent "scripts/pebbles/game.lua:51: number: 1 became 0"
expect equivalent "scripts/pebbles/game.lua:51: number: 1 became 2"   # the other way is another fault
expect equivalent "planted 32, caught 31 (96.9%), survived 1"
sed -n '/^scripts\/pebbles\/game.lua:51:/,/^$/p' "$tmp/out" >>"$tmp/eq/scripts/pebbles/tests/mutate-equivalent.txt"
GROVE_PATH=$tmp/eq run mutate pebbles -n all --seed 1
expect equivalent-both "grove mutate pebbles: 31 faults of 32 places"
expect equivalent-both "2 listed in scripts/pebbles/tests/mutate-equivalent.txt left out"
expect equivalent-both "planted 31, caught 31 (100.0%), survived 0"
printf 'other.lua:9: nothing\n-  x = 1\n' >"$tmp/eq/scripts/pebbles/tests/mutate-equivalent.txt"
GROVE_PATH=$tmp/eq run mutate pebbles
expect equivalent-bad "scripts/pebbles/tests/mutate-equivalent.txt: line 1: 'other.lua' is none of the game's rule files"
expect equivalent-bad "exit 1"

# A copy of Pebbles whose one test passes on the unchanged rules (its
# first run), then, with a fault planted, says so in $tmp/held (its pid)
# and never ends; with MUTATE_HOLD_AT=K, from its K-th run on (the faults
# before then survive).
mkdir -p "$tmp/hold/scripts/pebbles/tests"
cp "$rules" "$tmp/hold/scripts/pebbles/"
cat >"$tmp/hold/scripts/pebbles/tests/hold.lua" <<'LUA'
test("waits once a fault is planted", function()
  local runs = os.getenv("MUTATE_RUNS")
  local fh = assert(io.open(runs, "a"))
  fh:write("x")
  fh:close()
  if #io.open(runs):read("a") < tonumber(os.getenv("MUTATE_HOLD_AT") or 2) then return end
  local pid = io.open("/proc/self/stat"):read("a"):match("^(%d+)")
  fh = assert(io.open(runs .. ".held", "w"))
  fh:write(pid)
  fh:close()
  while true do end
end)
LUA
held_rules=$tmp/hold/scripts/pebbles/game.lua
held_sum=$(cksum "$held_rules")
export MUTATE_RUNS=$tmp/runs
# wait_held: until the test holds (at most 60 s)
wait_held() {
  for _ in $(seq 600); do [ -s "$MUTATE_RUNS.held" ] && return 0; sleep 0.1; done
  echo "FAIL $1: the test never held"; fail=$((fail + 1)); return 1
}
# gone NAME PID: process PID ends (at most 10 s)
gone() {
  for _ in $(seq 100); do kill -0 "$2" 2>/dev/null || { pass=$((pass + 1)); return 0; }; sleep 0.1; done
  fail=$((fail + 1)); echo "FAIL $1: process $2 is still running"
}

# Out of time: the held test is stopped and catches its fault.
rm -f "$MUTATE_RUNS" "$MUTATE_RUNS.held"
GROVE_PATH=$tmp/hold run mutate pebbles -n 1 --time-factor 1
expect timeout "planted 1, caught 1 (100.0%), survived 0"
expect timeout "1 of the caught ran out of time"
expect timeout "exit 0"
gone timeout "$(cat "$MUTATE_RUNS.held")"
no_temp timeout

# interrupt NAME SIGNAL [HOLD_AT]: a run of the held copy (holding from the
# test's HOLD_AT-th run, default 2: the first fault's), stopped with SIGNAL
# once it holds; its output and exit status in $tmp/out, then the checks
# every stop shares: the held test gone, the rule file as it was, nothing
# left behind. False (and the run killed) when the test never held.
interrupt() {
  rm -f "$MUTATE_RUNS" "$MUTATE_RUNS.held"
  GROVE_PATH=$tmp/hold MUTATE_HOLD_AT=${3:-2} "$G" mutate pebbles -n 3 --threads 1 --time-factor 50 >"$tmp/out" 2>&1 &
  local pid=$!
  if ! wait_held "$1"; then kill "$pid"; wait "$pid"; return 1; fi
  kill "-$2" "$pid"
  wait "$pid"
  echo "exit $?" >>"$tmp/out"
  gone "$1" "$(cat "$MUTATE_RUNS.held")"
  same_rules "$1" "$held_rules" "$held_sum"
  no_temp "$1"
}

# Ctrl-C while the first fault is tried: nothing to report.
if interrupt sigint INT; then
  expect sigint "grove mutate: interrupted (Interrupt). The rule files were never changed"
  expect sigint "exit 130"
  reject sigint "planted"
  if [ "$(grep -c interrupted "$tmp/out")" = 1 ]; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL sigint: not one line says it was interrupted:"; cat "$tmp/out"; fi
fi

# SIGTERM after one fault was tried to the end (it survived) and while the
# second is: the first is reported, and the run says it was cut short.
if interrupt partial TERM 3; then
  expect partial "interrupted after 1 of 3 faults: caught 0, survived 1 (above)"
  expect partial "grove mutate: interrupted (Terminated). The rule files were never changed"
  expect partial "exit 143"
  reject partial "planted"
  if [ "$(grep -c '^scripts/pebbles/game.lua:[0-9]*: ' "$tmp/out")" = 1 ]; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL partial: not one fault's hunk reported:"; cat "$tmp/out"; fi
fi

# SIGKILL of the whole process group: the rule file as it was, the test
# process gone with it; the folder left behind goes at the next run.
rm -f "$MUTATE_RUNS" "$MUTATE_RUNS.held"
GROVE_PATH=$tmp/hold setsid "$G" mutate pebbles -n 3 --threads 1 --time-factor 50 >"$tmp/out" 2>&1 &
pid=$!
if wait_held sigkill; then
  kill -KILL -- "-$pid"
  wait "$pid" 2>/dev/null
  gone sigkill "$(cat "$MUTATE_RUNS.held")"
  same_rules sigkill "$held_rules" "$held_sum"
  if ls "$TMPDIR" | grep -q '^grove-mutate-'; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL sigkill: no folder left in TMPDIR to clean (the check below proves nothing)"; fi
  run mutate pebbles -n 1 --list
  no_temp sigkill-next-run
else
  kill -KILL -- "-$pid"; wait "$pid" 2>/dev/null
fi
unset MUTATE_RUNS

# A game in the working directory (what grove new makes outside a tree).
mkdir "$tmp/work"
(cd "$tmp/work" && "$G" new demo >/dev/null)
demo_sum=$(cksum "$tmp/work/demo/game.lua")
(cd "$tmp/work" && GROVE_PATH= "$G" mutate demo -n 4 --seed 2) >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect cwd "grove mutate demo: 4 faults of"
expect cwd "in demo/game.lua (seed 2)"
expect cwd "planted 4, caught"
expect cwd "exit 0"
same_rules cwd "$tmp/work/demo/game.lua" "$demo_sum"

# Misuse: exit 2 and a message.
run mutate nosuch
expect unknown-game "grove mutate: no game 'nosuch' (no folder scripts/nosuch on the search path"
expect unknown-game "exit 2"
run mutate pebbles -n 0
expect n-zero "grove mutate: -n takes how many faults to plant, 1 or more (or all), not '0'"
expect n-zero "exit 2"
run mutate pebbles --frobnicate
expect unknown-flag "grove mutate: unknown option '--frobnicate'"
expect unknown-flag "usage: grove mutate GAME"
expect unknown-flag "exit 2"
run mutate
expect no-game "grove mutate: which game? (grove list names them)"
expect no-game "exit 2"
run mutate pebbles --files nothere.lua
expect files "grove mutate: --files: 'nothere.lua' is none of the rule files of pebbles (game.lua)"
expect files "exit 2"
run mutate --help
expect help "usage: grove mutate GAME [-n N] [--seed S] [--files A,B] [--threads T] [--fail-under PCT]"
expect help "-- mutate: skip"
expect help "exit 0"
run --help
expect usage "  grove mutate GAME"

same_rules end "$rules" "$sum_before"
no_temp end
finish mutate
