#!/usr/bin/env bash
# grove sim's bot games run on the fast path (one protected call per
# stretch of moves, no count hook); what a broken rule script does there
# must read as it did on the checked path: the hook, file and line, the
# move by number and text, and the records of the games that went through.
. "$(dirname "$0")/lib.sh"
export GROVE_PATH=tests/fixtures

# sim_fragile VARIANT [ARGS...]: grove sim of the fragile fixture, seeds 4..6
sim_fragile() {
  local v=$1; shift
  "$GROVE" sim fragile -n 3 --seed 4 --variant "$v" "$@" >"$tmp/out" 2>&1
  echo "exit $?" >>"$tmp/out"
}

sim_fragile apply
expect apply "grove sim: game 0 (seed 4), move 4 (add 1): apply: scripts/fragile/apply.lua:7: the count ran past 5"
expect apply "grove sim: 3 of 3 games failed"
expect apply "exit 1"

# an endless loop: the watchdog stops the fast run; played again on the
# checked path, the instruction budget names the line
sim_fragile loop
expect loop "grove sim: game 0 (seed 4), move 4 (add 1): apply: scripts/fragile/loop.lua:7: instruction budget exceeded"
expect loop "exit 1"

# a var left holding text: the fast run finds it when it ends; the checked
# path names the move that stored it
sim_fragile var
expect var "grove sim: game 0 (seed 4), move 4 (add 1): apply: var 'flag' of 'play' holds a string; vars hold integers"
expect var "exit 1"

sim_fragile result
expect result "grove sim: game 0 (seed 4), after move 8: result: nil after the last move (the game has no legal move but is not over)"
expect result "exit 1"

# a bot's search meets the error first
sim_fragile apply --bots greedy,random
expect bot "grove sim: game 0 (seed 4), move 1: apply: scripts/fragile/apply.lua:7: the count ran past 5"

# describe failing is no error: the record falls back to the move's numbers
sim_fragile describe --json "$tmp/games.json"
expect describe "exit 0"
reject describe "failed"
grep -qF '"moves": ["move(1,2,0,0)", "add 1", "move(1,2,0,0)"' "$tmp/games.json" && pass=$((pass + 1)) || {
  fail=$((fail + 1)); echo "FAIL describe: the records lack the fallback texts"; cat "$tmp/games.json"; }

finish sim
