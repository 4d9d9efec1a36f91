#!/usr/bin/env bash
# grove new: a new game that plays and passes its tests at once, outside a
# source tree (./NAME/) and in a folder of games (scripts/NAME/ on GROVE_PATH).
. "$(dirname "$0")/lib.sh"
G=$(cd "$(dirname "$GROVE")" && pwd)/$(basename "$GROVE")

mkdir "$tmp/work"
run() { (cd "$tmp/work" && "$@") >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }

run "$G" new demo
expect new "made demo/: a take-away game to change into yours"
expect new "exit 0"
run "$G" test demo
expect new-test "4 passed, 0 failed"
expect new-test "exit 0"
run "$G" check demo -n 3
expect new-check "demo, 2 players: 3 games"
expect new-check "demo: every check passed (3 games"
expect new-check "exit 0"
run "$G" play demo --bot 1=random --bot 2=random
expect new-play "Game over after"
expect new-play "took the last stone"
expect new-play "exit 0"
run "$G" list
expect new-list "demo         Demo                     2-2 players"
printf 'take 3\nlog\nquit\n' >"$tmp/session"
(cd "$tmp/work" && "$G" play demo <"$tmp/session") >"$tmp/out" 2>&1
expect new-play "Pile: oooooooooooo (12 stones)"
expect new-play "   1. seat 1: take 3"

# A changed rule shows in the game's own tests: take up to 4 stones.
sed -i 's/^local MOST_TAKEN = 3 /local MOST_TAKEN = 4 /' "$tmp/work/demo/game.lua"
run "$G" test demo
expect new-changed "FAIL demo/tests/rules.lua: a turn takes one, two or three stones"
expect new-changed "exit 1"

# Refusals: the folder exists, a bad name, a name another game has.
run "$G" new demo
expect new-refused "grove new: demo already exists: choose another name, or remove it first"
expect new-refused "exit 1"
run "$G" new My-Game
expect new-refused "grove new: 'My-Game' is not a game name"
run "$G" new logger
expect new-refused "grove new: there is a game 'logger' already"
run "$G" new
expect new-refused "usage: grove new NAME"
expect new-refused "exit 2"

# In a folder of games (it has scripts/): scripts/NAME/, found through GROVE_PATH.
mkdir -p "$tmp/games/scripts"
(cd "$tmp/games" && "$G" new race-to-zero) >"$tmp/out" 2>&1
expect new-scripts "made scripts/race-to-zero/"
(cd "$tmp/work" && GROVE_PATH="$tmp/games" "$G" play race-to-zero --bot 1=random --bot 2=mcts:20 \
  && GROVE_PATH="$tmp/games" "$G" test race-to-zero) >"$tmp/out" 2>&1
expect new-scripts "Game over after"
expect new-scripts "4 passed, 0 failed"
grep -q 'title = "Race To Zero"' "$tmp/games/scripts/race-to-zero/game.lua" && pass=$((pass + 1)) || {
  fail=$((fail + 1)); echo "FAIL new-scripts: the title was not filled in"; }
[ -z "$(find "$tmp/games" "$tmp/work" -name '*.new-*')" ] && pass=$((pass + 1)) || {
  fail=$((fail + 1)); echo "FAIL new: a temporary folder was left behind"; }

finish new
