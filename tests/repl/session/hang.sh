#!/usr/bin/env bash
# Every way a rule script can try to run for ever (the fixture game
# tests/fixtures/scripts/hang, one move each) is stopped:
#   - at the REPL by Ctrl-C, a real SIGINT, with no instruction budget at
#     all (GROVE_BUDGET=0), so nothing else could have stopped it; the game
#     is unchanged and the REPL goes on;
#   - unattended, by the budget in `grove sim` (each hook a checked call),
#     and by the watchdog in `grove bench`'s playouts and a bot's search.
# Every run is bounded by `timeout`, so a regression fails instead of
# hanging. HANG_TIMES=FILE writes how long each Ctrl-C took (seconds), for
# docs/reliability.md; the test itself asserts no time.
. "$(dirname "$0")/../lib.sh"
export GROVE_PATH=tests/fixtures
HANGS="xpcall_handler xpcall_work coroutine_loop coroutine_pcall coroutine_handler table_move
       pattern_find pattern_match pattern_gsub pattern_gmatch plain_find balance concat_index
       insert_len remove_len sort_len concat_big compare_big tostring_loop"

now() { date +%s.%N; }
# count PATTERN: how many lines of the transcript have PATTERN
count() { grep -cF -- "$1" "$tmp/out"; }
# wait_count PATTERN N: until N lines have PATTERN (at most 60 s)
wait_count() {
  for _ in $(seq 600); do [ "$(count "$1")" -ge "$2" ] && return 0; sleep 0.1; done
  echo "FAIL hang: timed out waiting for $2 x: $1"; fail=$((fail + 1)); return 1
}

# ---- Ctrl-C at the REPL, no budget ----------------------------------------------
rm -f "$tmp/in"; mkfifo "$tmp/in"
GROVE_BUDGET=0 timeout 600 "$GROVE" play hang --seed 0 <"$tmp/in" >"$tmp/out" 2>&1 &
pid=$!
exec 3>"$tmp/in"
printf 'step\n' >&3
wait_count "hang seat 1> step" 1
gpid=$(pgrep -P "$pid")          # grove itself: Ctrl-C goes to it, not to timeout
n=0
for m in $HANGS; do
  n=$((n + 1))
  printf '%s\n' "$m" >&3
  wait_count "hang seat 1> $m" 1 || break
  sleep 0.3                     # well inside the script's loop by now
  t0=$(now)
  kill -INT "$gpid"
  wait_count "interrupted" "$n" || break
  t1=$(now)
  [ -n "${HANG_TIMES:-}" ] && echo "$m $(echo "$t1 - $t0" | bc)" >>"$HANG_TIMES"
done
# the same typed as Lua at the prompt (a line of Lua is a call like a move's)
LINES=('("a"):rep(40):find(("a-"):rep(40) .. "b")'
       'xpcall(function() while true do end end, function() while true do end end)'
       'coroutine.wrap(function() while true do end end)()'
       'table.move({}, 1, 1 << 53, 2)')
for line in "${LINES[@]}"; do
  n=$((n + 1))
  printf '%s\n' "$line" >&3
  wait_count "hang seat 1> $line" 1 || break
  sleep 0.3
  t0=$(now)
  kill -INT "$gpid"
  wait_count "interrupted" "$n" || break
  t1=$(now)
  [ -n "${HANG_TIMES:-}" ] && echo "lua-line $(echo "$t1 - $t0" | bc)" >>"$HANG_TIMES"
done
printf 'log\nquit\n' >&3
exec 3>&-
wait "$pid"; echo "exit $?" >>"$tmp/out"
for m in $HANGS; do
  # the line after the move's own: its refusal
  if grep -A1 -F "hang seat 1> $m" "$tmp/out" | grep -q "^error: apply: scripts/hang/game.lua:[0-9]*: .*interrupted"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL ctrl-c $m: no 'error: apply: scripts/hang/game.lua:N: ... interrupted' after it"
  fi
done
for line in "${LINES[@]}"; do
  if grep -A1 -F "hang seat 1> $line" "$tmp/out" | grep -q "^error: prompt:1: .*interrupted"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL ctrl-c Lua line $line: no 'error: prompt:1: ... interrupted' after it"
  fi
done
expect ctrl-c "   1. seat 1: step"
reject ctrl-c "   2. seat 1:"
expect ctrl-c "exit 1"                  # a scripted session whose moves were refused (interrupted) exits 1

# ---- unattended --------------------------------------------------------------------
# seed K makes the game play its hang K by itself (see the fixture)
k=0
while read -r m; do
  k=$((k + 1))
  case " $(echo $HANGS) " in *" $m "*) ;; *) continue ;; esac
  timeout 120 "$GROVE" sim hang --seed "$k" -n 1 >"$tmp/out" 2>&1; rc=$?
  expect "sim $m" "grove sim: game 0 (seed $k), move 2 ($m): apply: scripts/hang/game.lua:"
  [ "$rc" -eq 1 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL sim $m: exit $rc"; }
  timeout 120 "$GROVE" bench hang --seed "$k" --playouts 2 >"$tmp/out" 2>&1; rc=$?
  expect "bench $m" "grove bench: hang: apply: scripts/hang/game.lua:"
  [ "$rc" -eq 1 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL bench $m: exit $rc"; }
done < <(grep -o '^  { "[a-z_]*"' tests/fixtures/scripts/hang/game.lua | cut -d'"' -f2)
# a bot's search meets the hang in its lookahead
for k in 1 4 9 13; do
  timeout 120 "$GROVE" play hang --seed "$k" --bot 1=mcts:50 </dev/null >"$tmp/out" 2>&1
  expect "bot seed $k" "error: the mcts:50 bot of seat 1: apply: scripts/hang/game.lua:"
done

finish hang
