#!/usr/bin/env bash
# grove sim's bot games run on the fast path (one protected call per
# stretch of moves, no count hook); what a broken rule script does there
# must read as it did on the checked path: the hook, file and line, the
# move by number and text, and the records of the games that went through.
. "$(dirname "$0")/../lib.sh"
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

# played again on the checked path with the game's --set options: a limit
# of 8 fails at move 6 (the count 9), never at move 4 as the rules' default would
sim_fragile apply --set limit=8
expect apply_set "grove sim: game 0 (seed 4), move 6 (add 1): apply: scripts/fragile/apply.lua:7: the count ran past 8"
expect apply_set "exit 1"

# an endless loop: the watchdog stops the fast run; played again on the
# checked path, the instruction budget names the line
sim_fragile loop
expect loop "grove sim: game 0 (seed 4), move 4 (add 1): apply: scripts/fragile/loop.lua:7: instruction budget exceeded"
expect loop "exit 1"

# a var left holding text: the fast run finds it when it ends; the checked
# path names the move that stored it
sim_fragile var
expect var "grove sim: game 0 (seed 4), move 4 (add 1): apply: scripts/fragile/var.lua:6: vars 'play': var 'flag' holds a string; vars hold integers"
expect var "exit 1"

sim_fragile result
expect result "grove sim: game 0 (seed 4), after move 8: result: nil after the last move (the game has no legal move but is not over)"
expect result "exit 1"

# setup failing for some seeds (of 5..7, 7 fails): sim opens its games
# with no count hook, and says what failed as the checked path does; an
# endless setup is stopped by the watchdog, then by the budget on the
# checked path, which names the line
sim_fragile_setup() {
  "$GROVE" sim fragile -n 3 --seed 5 --variant "$1" >"$tmp/out" 2>&1
  echo "exit $?" >>"$tmp/out"
}
sim_fragile_setup setup_error
expect setup_error "grove sim: game 2 (seed 7), setup: scripts/fragile/setup_error.lua:9: no table to play on"
expect setup_error "grove sim: 1 of 3 games failed"
expect setup_error "exit 1"
sim_fragile_setup setup_loop
expect setup_loop "grove sim: game 2 (seed 7), setup: scripts/fragile/setup_loop.lua:9: instruction budget exceeded"
expect setup_loop "grove sim: 1 of 3 games failed"
expect setup_loop "exit 1"

# a bot's search meets the error first
sim_fragile apply --bots greedy,random
expect bot "grove sim: game 0 (seed 4), move 1: apply: scripts/fragile/apply.lua:7: the count ran past 5"

# describe failing is no error: the record falls back to the move's numbers
sim_fragile describe --json "$tmp/games.json"
expect describe "exit 0"
reject describe "failed"
grep -qF '"moves": ["move(1,2,0,0)", "add 1", "move(1,2,0,0)"' "$tmp/games.json" && pass=$((pass + 1)) || {
  fail=$((fail + 1)); echo "FAIL describe: the records lack the fallback texts"; cat "$tmp/games.json"; }

# --compare: every measure's p-value, Holm-adjusted over all of them, and r
"$GROVE" sim coinflip -n 400 --compare - biased >"$tmp/out" 2>&1
expect holm "difference (95% CI)                p  Holm p       r"
expect holm "significant: Holm-adjusted p below 0.05 over these 5 measures (Holm-Bonferroni)"
expect holm "-> seat 1 wins more often under B"
expect holm "times as many unpaired games"
# the same seeds and rules: nothing differs, and nothing is called so
"$GROVE" sim coinflip -n 200 --compare - - >"$tmp/out" 2>&1
expect same "-> no significant difference at this sample size"
reject same "   significant"

# --sprt: games until the test decides, the same whatever the threads
"$GROVE" sim coinflip --compare - biased --sprt first --threads 1 --json "$tmp/one.json" >"$tmp/out" 2>&1
grep -v "games in" "$tmp/out" >"$tmp/one"
expect sprt "coinflip, 2 players, up to 100000 games (seeds 1..100000), bots random random"
expect sprt "sequential test (SPRT) of the seat 1 win rate, B - A game by game:"
expect sprt "-> decided after 88 games: seat 1 wins more often under B"
expect sprt "(the games were stopped by the sequential test below"
[ "$(grep -c '"seed"' "$tmp/one.json")" -eq 176 ] && pass=$((pass + 1)) || {
  fail=$((fail + 1)); echo "FAIL sprt-records: not 88 games a side"; }
"$GROVE" sim coinflip --compare - biased --sprt first --threads 2 >"$tmp/out" 2>&1
grep -v "games in" "$tmp/out" >"$tmp/two"
cmp -s "$tmp/one" "$tmp/two" && pass=$((pass + 1)) || {
  fail=$((fail + 1)); echo "FAIL sprt-threads: 1 and 2 threads differ"; diff "$tmp/one" "$tmp/two"; }
# identical games decide "no change" as soon as the test may
"$GROVE" sim coinflip --compare - - --sprt win2:3 >"$tmp/out" 2>&1
expect sprt-same "-> decided after 30 games: no change of 3 points or more in the seat 2 win rate"
# alone: a seat's win rate against its fair share
"$GROVE" sim coinflip --sprt first --threads 2 >"$tmp/out" 2>&1
expect sprt-fair "H0 a fair share (50.0%), H1 5 points more or less"
expect sprt-fair "games: seat 1 wins its fair share, give or take 5 points"
"$GROVE" sim coinflip --variant biased --sprt first >"$tmp/out" 2>&1
expect sprt-unfair "games: seat 1 wins more than its fair share"
# the summaries, cards played included, are those of the games counted:
# the same as a plain run of that many games
GROVE_PATH= "$GROVE" sim onceupon --players 2 --compare - semi-coop --sprt win1 --threads 2 >"$tmp/out" 2>&1
expect sprt-cards "-> decided after 66 games: seat 1 wins less often under B"
sed -n '/^A: /,/^A = /p' "$tmp/out" | grep -v "games in" >"$tmp/sprt"
GROVE_PATH= "$GROVE" sim onceupon --players 2 --compare - semi-coop -n 66 >"$tmp/out" 2>&1
sed -n '/^A: /,/^A = /p' "$tmp/out" | grep -v "games in" >"$tmp/plain"
grep -q "cards played (6072)" "$tmp/sprt" && cmp -s "$tmp/sprt" "$tmp/plain" && pass=$((pass + 1)) || {
  fail=$((fail + 1)); echo "FAIL sprt-cards: the summaries differ from 66 plain games"; diff "$tmp/sprt" "$tmp/plain"; }
# -n caps it
"$GROVE" sim coinflip --compare - biased --sprt first:1 -n 50 >"$tmp/out" 2>&1
expect sprt-cap "coinflip, 2 players, up to 50 games (seeds 1..50)"
expect sprt-cap "-> undecided after 50 games (the most -n allows)"

# what --sprt refuses
sprt_refused() {
  "$GROVE" sim coinflip "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
}
sprt_refused --compare - biased --sprt length
expect sprt-cli "grove sim: --sprt length needs the smallest change that matters: length:10 (moves)"
expect sprt-cli "exit 2"
sprt_refused --sprt length:4
expect sprt-cli "grove sim: --sprt length needs --compare A B"
sprt_refused --sprt win3
expect sprt-cli "grove sim: --sprt win3: no seat 3 in a 2-player game"
sprt_refused --sprt wins
expect sprt-cli "grove sim: --sprt: unknown measure 'wins'"
sprt_refused --sprt first:-2
expect sprt-cli "grove sim: --sprt first: the change that matters must be a positive number, not '-2'"

# turns are counted where the seat to move changes: a solo game has none
# to count, and says so rather than "mean 1.0"
GROVE_PATH= "$GROVE" sim squirrel --players 1 -n 5 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect solo-turns "  length in turns: - (a turn ends where the seat to move changes: alone, it never does)"
reject solo-turns "length in turns: mean"
GROVE_PATH= "$GROVE" sim squirrel --players 2 -n 5 >"$tmp/out" 2>&1
expect two-turns "  length in turns: mean "

finish sim
