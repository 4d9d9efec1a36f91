#!/usr/bin/env bash
# The examples run as examples/*/README.md says: every step of the tutorial
# (a scripted session, a bot game, and its scenario tests from step 3 on),
# the overlay (its tests, a game with its variant, a comparison) and the
# study script, each with a small count. Run by make check (test-repl).
. "$(dirname "$0")/../lib.sh"
tutorial=examples/tutorial
overlay=examples/overlay

# grove_in FOLDER ARGS...: grove with GROVE_PATH=FOLDER into $tmp/out, then its exit status
grove_in() { local dir=$1; shift; GROVE_PATH=$dir "$GROVE" "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }

# Step 1: one step at a time onto an empty square; Lua at the prompt.
printf 'moves\nmove c2\nmove c6\nprint("runner on c2:", s.board:get("c2", "runner"))\nlog\nquit\n' |
  grove_in $tutorial/step1 play crossing --seed 1
expect step1 "crossing, 2 players, seed 1"
expect step1 "1. move c2   2. move d1   3. move b1"
expect step1 "R1 runs up to row 7, R2 down to row 1."
expect step1 "runner on c2:	1"
expect step1 "   1. seat 1: move c2"
expect step1 "   2. seat 2: move c6"
expect step1 "exit 0"
reject step1 "error"
grove_in $tutorial/step1 play crossing --bot 1=random --bot 2=random </dev/null
expect step1-bots "Game over after"
expect step1-bots "crosses first"
expect step1-bots "rank  seat  score"

# Step 2: the roll is a forced move; a move beyond the roll is refused.
printf 'move c3\nmove c2\nlog\nquit\n' | grove_in $tutorial/step2 play crossing --seed 2
expect step2 "seat 1: roll (forced)"
expect step2 "Seat 1 rolled 1: move up to 1 square."
expect step2 "refused 'move c3': not a legal move now; legal 'move' moves now: "
expect step2 "seat 2: roll (forced)"
expect step2 "   1. seat 1: roll"
expect step2 "   2. seat 1: move c2"
expect step2 "exit 1"                    # a scripted session with a refused move
grove_in $tutorial/step2 play crossing --bot 1=random --bot 2=random </dev/null
expect step2-bots "Game over after"
expect step2-bots "crosses first"

# Step 3: catching (seat 2's runner put on c2 from the prompt, then caught)
# and the scenario tests; the tests fail on step 2's rules, as the README shows.
printf 's.board:set("c7", "runner", 0) s.board:set("c2", "runner", 2)\nmove c2\nprint("c7 holds", s.board:get("c7", "runner"))\nquit\n' |
  grove_in $tutorial/step3 play crossing --seed 2
expect step3 "c7 holds	2"
expect step3 "exit 0"
grove_in $tutorial/step3 play crossing --bot 1=random --bot 2=random </dev/null
expect step3-bots "Game over after"
grove_in $tutorial/step3 test $tutorial/step3/scripts/crossing
expect step3-tests "10 passed, 0 failed"
expect step3-tests "exit 0"
grove_in $tutorial/step2 test $tutorial/step3/scripts/crossing/tests/rules.lua
expect step3-fails "FAIL examples/tutorial/step3/scripts/crossing/tests/rules.lua: ending on the other runner sends it back to its start square"
expect step3-fails "9 passed, 1 failed"
expect step3-fails "exit 1"

# Step 4: coins and points; the greedy bot plays through score().
printf 'moves\nquit\n' | grove_in $tutorial/step4 play crossing --seed 5
expect step4 "R1 runs up to row 7, R2 down to row 1.  # rock  o coin"
expect step4 "Points: seat 1 0, seat 2 0"
expect step4 "exit 0"
grove_in $tutorial/step4 play crossing --bot 1=greedy --bot 2=random </dev/null
expect step4-bots "(greedy)"
expect step4-bots "Game over after"
expect step4-bots "rank  seat  score"
reject step4-bots "error"
grove_in $tutorial/step4 test $tutorial/step4/scripts/crossing
expect step4-tests "16 passed, 0 failed"
expect step4-tests "exit 0"

# Step 5: the finished game's tests (with the random playouts) and a sim.
grove_in $tutorial/step5 test $tutorial/step5/scripts/crossing
expect step5-tests "18 passed, 0 failed"
expect step5-tests "exit 0"
grove_in $tutorial/step5 check crossing
expect step5-check "crossing, 2 players: 10 games, 550 moves, 2425 legal moves tried, invariants checked 550 times: ok"
expect step5-check "crossing: every check passed (10 games, 550 moves; no hidden cards, its invariants checked after every move)"
expect step5-check "exit 0"
# the README's broken copy: a count kept in a Lua local, which grove check names
mkdir -p "$tmp/taken"
cp -r $tutorial/step5/scripts "$tmp/taken/"
sed -i 's/^local COINS = 6$/local COINS = 6\nlocal taken = 0                           -- coins taken: kept in Lua, out of undo'"'"'s sight/
        s/^    s.score:add(seat, 1)$/    s.score:add(seat, 1)\n    taken = taken + 1\n    if taken % 3 == 0 then s.die:roll() end   -- every third coin turns the die/' \
  "$tmp/taken/scripts/crossing/game.lua"
grove_in "$tmp/taken" check crossing
expect step5-check-taken "crossing, 2 players: FAILED at seed 1, move 10 (seat 1: move a1): replay"
expect step5-check-taken "scripts/crossing/game.lua:83 changes the upvalue 'taken' of the function at scripts/crossing/game.lua:75"
expect step5-check-taken "exit 1"
grove_in $tutorial/step5 sim crossing -n 50 --bots greedy,random
expect step5-sim "crossing, 2 players, 50 games (seeds 1..50), bots greedy random"
expect step5-sim "moves played, by kind: roll 50.0% move 50.0%"
expect step5-sim "exit 0"

# The overlay: a variant of Starfall Forest from a folder of its own; grove
# list shows it after the variants starfall's definition lists, marked.
grove_in $overlay list
expect overlay-list "starfall     Starfall Forest          2-4 players   variants: scaredy-snake star-fluke two-stars (overlay)"
"$GROVE" list >"$tmp/out" 2>&1
expect plain-list "starfall     Starfall Forest          2-4 players   variants: scaredy-snake star-fluke"
reject plain-list "two-stars"
grove_in $overlay test $overlay/tests
expect overlay-tests "8 passed, 0 failed"
expect overlay-tests "exit 0"
grove_in $overlay play starfall --variant two-stars,scaredy-snake --bot 1=random --bot 2=random </dev/null
expect overlay-play "starfall, 2 players, seed 1, variants two-stars,scaredy-snake"
expect overlay-play "House rule Two Stars: a visit collects up to two stars."
expect overlay-play "Variant Scaredy-snake: snakes stay on trees."
expect overlay-play "Game over after"
reject overlay-play "error"
grove_in $overlay play starfall --variant star-fluke,two-stars </dev/null
expect overlay-conflict "two-stars and star-fluke both say how many stars a visit collects: choose one"
reject overlay-conflict "exit 0"
grove_in . play starfall --variant two-stars </dev/null
expect overlay-missing "starfall has no variant 'two-stars' (see grove list)"
reject overlay-missing "exit 0"
grove_in $overlay sim starfall -n 40 --compare - two-stars
expect overlay-sim "A = (no variant), B = two-stars, 2 players: the same 40 seeds and bots, compared game by game (B - A)"
expect overlay-sim "exit 0"

# The study: a row per player count, and each row's win shares add up to
# 100% (every Logger game has a winner; shared wins are split).
grove_in . run examples/first-player.lua 30
expect study "Logger, random players, 30 games per player count (seeds 1..30)"
expect study "      2   50.0%"
expect study "      4   25.0%"
expect study "from 2 to 4 players seat 1's edge changes by"
expect study "exit 0"
if awk '/^ +[234] +[0-9.]+%/ { sum = 0; for (i = 3; i < 3 + $1; i++) sum += $i; rows++
                                 if (sum < 99.7 || sum > 100.3) bad++ }
        END { exit !(rows == 3 && bad == 0) }' "$tmp/out"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL study-sums: a row's win shares do not add up to 100%:"; cat "$tmp/out"; fi
grove_in $tutorial/step5 run examples/first-player.lua 30 crossing
expect study-game "Crossing, random players, 30 games per player count (seeds 1..30)"
grove_in . run examples/first-player.lua 5 chess
expect study-game "no game 'chess' (see grove list)"

finish examples
