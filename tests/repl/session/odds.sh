#!/usr/bin/env bash
# `odds` at the REPL (host/engine/odds.c): the share of samples where a Lua
# condition holds some moves ahead, with its 95% interval, on every game;
# odds known in advance lie inside the interval; what the seat on the
# screen cannot see does not change the answer; a bad condition is an
# error naming it, and the game is as it was; Ctrl-C stops the samples.
. "$(dirname "$0")/../lib.sh"
check() { if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1: $2"; fi; }
# inside NAME PATTERN KNOWN: the line "odds ...: SHARE (LOW-HIGH)..." that
# starts with PATTERN has LOW <= KNOWN <= HIGH
inside() {
  local line bounds
  line=$(grep -F -- "$2" "$tmp/out" | grep -E '^odds .*: [0-9.]+ \([0-9.]+-[0-9.]+\)' | head -1)
  bounds=$(echo "$line" | sed -n 's/^odds .*: [0-9.]* (\([0-9.]*\)-\([0-9.]*\)).*/\1 \2/p')
  if [ -n "$bounds" ] && echo "$bounds" | awk -v k="$3" '{ exit !($1 <= k && k <= $2) }'
  then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1: $3 outside: $line"; fi
}

# Exact: a fair coin flipped on the next move (the fixture coinflip).
# (undo: the REPL flips by itself, the only move; undone, it waits)
printf 'undo\nodds 1 winner == 1\nodds -n 3000 end winner == 2\nquit\n' |
  GROVE_PATH=tests/fixtures "$GROVE" play coinflip >"$tmp/out" 2>&1
expect coin "odds 1 winner == 1: 0.502 (0.482-0.522), 2398 samples, 1 move ahead, random play, over chance"
inside coin 'odds 1 winner == 1' 0.5
inside coin-end 'odds end winner == 2' 0.5
expect coin "odds end winner == 2: "
expect coin ", 3000 samples, to the end of the game, random play, over chance"

# Every game of the five. Logger: the first logger goes on a1 (of 4 corners)
# a quarter of the time; Starfall Forest: the first tree knocked down is b2
# (point 8 with two players) one time in 16.
printf "odds -n 2000 1 s.board:get('a1', 'logger') == 1\nodds -n 20 end winner ~= nil\nquit\n" |
  "$GROVE" play logger --seed 2 >"$tmp/out" 2>&1
expect logger "odds 1 s.board:get('a1', 'logger') == 1: "
expect logger ", 2000 samples, 1 move ahead, random play, over chance"
inside logger "odds 1 s.board:get('a1', 'logger') == 1" 0.25
expect logger ", 20 samples, to the end of the game, random play, over chance"
printf "odds -n 3000 1 s.forest:get(8, 'tree') == 2\nknock b2\nodds 0 s.forest:get(8, 'tree') == 2\nquit\n" |
  "$GROVE" play starfall --seed 2 >"$tmp/out" 2>&1
expect starfall ", 3000 samples, 1 move ahead, random play, over chance"
inside starfall "odds 1 s.forest:get(8, 'tree') == 2" 0.0625
expect starfall "odds 0 s.forest:get(8, 'tree') == 2: 1.000 (0.963-1.000), 100 samples, no move ahead, random play, over chance"
# Hidden cards: the seat on the screen's view is kept; the others are re-dealt.
printf 'odds -n 200 s.hand1:count() == 5\nodds -n 200 --bot greedy 2 true\nquit\n' |
  "$GROVE" play squirrel --seed 4 >"$tmp/out" 2>&1
expect squirrel "odds turn s.hand1:count() == 5: "
expect squirrel ", 200 samples, to the end of the turn, random play, over what seat 1 cannot see and chance"
expect squirrel "odds 2 true: 1.000 (0.981-1.000), 200 samples, 2 moves ahead, greedy play, over what seat 1 cannot see and chance"
printf 'odds -n 50 end result ~= nil\nquit\n' | "$GROVE" play flooded --seed 4 >"$tmp/out" 2>&1
expect flooded "odds end result ~= nil: 1.000 (0.929-1.000), 50 samples, to the end of the game, random play, over what seat 1 cannot see and chance"
printf 'odds -n 100 --viewer 0 1 s.hand1:count() == 1\nquit\n' | "$GROVE" play onceupon --players 1 --variant solo --seed 4 >"$tmp/out" 2>&1
expect onceupon "odds 1 s.hand1:count() == 1: "
expect onceupon ", 100 samples, 1 move ahead, random play, over what an onlooker cannot see and chance"

# The real hidden cards do not count: the same odds after what seat 2 cannot
# see is dealt anew (game:redeal at the prompt), and another answer from
# seat 1's view, who sees its own hand.
card() { sed -n 's/^CARD \([0-9]*\)$/\1/p' "$tmp/out"; }
printf '1\n1\n1\nprint("CARD " .. s.hand1:peek(1))\nquit\n' | "$GROVE" play onceupon --players 2 --seed 6 >"$tmp/out" 2>&1
c=$(card)
check hidden-card "[ -n '$c' ]"
printf '1\n1\n1\nodds -n 400 --viewer 1 1 s.hand1:find(%s) ~= nil\nodds -n 400 1 s.hand1:find(%s) ~= nil\ngame:redeal(2, 77)\ns.hand1:find(%s) == nil\nodds -n 400 1 s.hand1:find(%s) ~= nil\nquit\n' "$c" "$c" "$c" "$c" |
  "$GROVE" play onceupon --players 2 --seed 6 >"$tmp/out" 2>&1
check hidden-same "[ \$(grep -c '^odds 1 s.hand1:find($c) ~= nil: .* over what seat 2 cannot see and chance\$' '$tmp/out') = 2 ]"
check hidden-same-line "[ \$(grep '^odds 1 s.hand1:find($c) ~= nil: .* over what seat 2 cannot see' '$tmp/out' | sort -u | wc -l) = 1 ]"
expect hidden-seat1 "odds 1 s.hand1:find($c) ~= nil: 1.000 (0.990-1.000), 400 samples, 1 move ahead, random play, over what seat 1 cannot see and chance"
reject hidden "odds 1 s.hand1:find($c) ~= nil: 1.000 (0.990-1.000), 400 samples, 1 move ahead, random play, over what seat 2"
check redealt "grep -A1 '> s.hand1:find($c) == nil' '$tmp/out' | grep -qx true"

# Errors: usage, options, a condition that is no Lua, fails or gives no
# boolean; each names what is wrong, and the game is as it was (its hash,
# its moves: the next move plays as before).
printf 'place a1\ns:hash()\nodds\nodds 3\nodds --foo true\nodds -n 0 true\nodds -n\nodds 99999 true\nodds --viewer 3 true\nodds --bot genius true\nodds 2 s.board:get("a1", "logger" == 1\nodds 2 s.nothing:get(1)\nodds 2 s.score:get(1)\nodds 2 error("no tree at c3")\nodds 2 s.score:add(1, 5) ~= false\ns:hash()\nlog\nplace e5\nquit\n' |
  "$GROVE" play logger --seed 3 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect usage "usage: odds [-n SAMPLES] [--bot KIND] [--viewer SEAT] [--seed S] [N|turn|end] CONDITION (e.g. odds 3 s.hand1:count() >= 4, odds end winner == 1; help odds)"
check usage-twice "[ \$(grep -c '^usage: odds ' '$tmp/out') = 2 ]"
expect option "odds: no option --foo (usage: odds "
expect samples "odds: -n 0: give a number of samples from 1 to 1000000"
expect samples-missing "odds: -n needs a value"
expect moves "odds: 99999 moves ahead: give 0 to 10000, turn or end"
expect viewer "odds: --viewer 3: give a seat (1..2, or 0 for an onlooker)"
expect bot "error: odds: unknown bot 'genius' (random, greedy, mcts"
expect syntax "error: odds: the condition 's.board:get(\"a1\", \"logger\" == 1' is no Lua: condition:1: ')' expected near <eof> (the game is unchanged)"
expect runtime "error: odds: the condition 's.nothing:get(1)' fails in sample 1: condition:1: attempt to index a nil value (field 'nothing') (the game is unchanged)"
expect runtime-error "error: odds: the condition 'error(\"no tree at c3\")' fails in sample 1: condition:1: no tree at c3 (the game is unchanged)"
expect no-boolean "error: odds: the condition 's.score:get(1)' gives a number in sample 1, not true or false"
expect changes-sample "odds 2 s.score:add(1, 5) ~= false: 1.000"
check hash-kept "[ \$(grep -A1 '> s:hash()' '$tmp/out' | grep -v 's:hash()' | grep -v '^--' | sort -u | wc -l) = 1 ]"
expect log "   1. seat 1: place a1"
reject log "   2. seat"
expect played-on "logger seat 2> place e5"
reject played-on "refused 'place e5'"
expect failed-lines "grove: 12 lines of the session failed; the first: usage: odds "
expect exit "exit 1"

# Ctrl-C stops the samples: the odds of those played, the game as it was.
mkfifo "$tmp/in"
"$GROVE" play logger --seed 3 <"$tmp/in" >"$tmp/out" 2>&1 &
pid=$!
exec 3>"$tmp/in"
printf 'place a1\nodds -n 1000000 end winner == 1\n' >&3
for _ in $(seq 600); do grep -qF 'logger seat 2> odds -n 1000000' "$tmp/out" && break; sleep 0.1; done
sleep 0.5
kill -INT "$pid"
for _ in $(seq 600); do grep -qF 'interrupted' "$tmp/out" && break; sleep 0.1; done
printf 'log\nquit\n' >&3
exec 3>&-
wait "$pid"; echo "exit $?" >>"$tmp/out"
expect interrupt "interrupted: odds end winner == 1: "
expect interrupt "   1. seat 1: place a1"
reject interrupt "   2. seat"
expect interrupt "exit 0"

finish odds
