#!/usr/bin/env bash
# Where games are found (issue 31): a game folder NAME/ holding game.lua is
# found the same way wherever it sits: in scripts/ of a folder of
# GROVE_PATH or directly in it, in scripts/ of the working directory or
# directly in it; an overlay's variants too; and sim --coverage reports the
# lines of the folder the game was found in.
. "$(dirname "$0")/../lib.sh"
G=$(cd "$(dirname "$GROVE")" && pwd)/$(basename "$GROVE")

mkdir -p "$tmp/work" "$tmp/else" "$tmp/games/scripts" "$tmp/tree/scripts"
run() { (cd "$1" && shift && "$@") >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }

run "$tmp/work" "$G" new demo
expect made "made demo/"
cp -R "$tmp/work/demo" "$tmp/games/scripts/demo"
cp -R "$tmp/work/demo" "$tmp/tree/scripts/demo"

# Directly in a folder of GROVE_PATH, from anywhere.
run "$tmp/else" env GROVE_PATH="$tmp/work" "$G" list
expect path-direct "demo         Demo                     2-2 players"
run "$tmp/else" env GROVE_PATH="$tmp/work" "$G" play demo --bot 1=random --bot 2=random
expect path-direct-play "took the last stone"
expect path-direct-play "exit 0"
run "$tmp/else" env GROVE_PATH="$tmp/work" "$G" sim demo -n 5 --coverage
expect path-direct-coverage "coverage: demo/game.lua: "
reject path-direct-coverage "no line of"
expect path-direct-coverage "exit 0"

# grove test with no path runs its tests among every game's.
run "$tmp/else" env GROVE_PATH="$tmp/work" "$G" test --filter "a turn takes one, two or three stones"
expect path-direct-test "demo/tests/rules.lua ... 1 passed"
expect path-direct-test "exit 0"

# In scripts/ of a folder of GROVE_PATH.
run "$tmp/else" env GROVE_PATH="$tmp/games" "$G" sim demo -n 5 --coverage
expect path-scripts-coverage "coverage: scripts/demo/game.lua: "
reject path-scripts-coverage "no line of"

# In the working directory: directly, and in its scripts/.
run "$tmp/work" "$G" sim demo -n 5 --coverage
expect here-coverage "coverage: demo/game.lua: "
reject here-coverage "no line of"
expect here-coverage "exit 0"
run "$tmp/tree" "$G" list
expect here-scripts "demo         Demo                     2-2 players"
run "$tmp/tree" "$G" test demo
expect here-scripts-test "passed, 0 failed"
expect here-scripts-test "exit 0"

# Nowhere: the message says where it looked.
run "$tmp/else" "$G" play demo
expect nowhere "no game 'demo' (no folder demo/ holding game.lua, in scripts/ or not, on the search path nor here"

# An overlay directly in a folder of GROVE_PATH: its variant is listed,
# played, and its lines are the game's in --coverage.
mkdir -p "$tmp/over/demo"
cat >"$tmp/over/demo/greedy.lua" <<'LUA'
-- A house rule: nothing changes but the title.
return function(base)
  local game = require "grove.game"
  return game.extend(base, { title = "Demo (greedy)" })
end
LUA
run "$tmp/else" env GROVE_PATH="$tmp/work:$tmp/over" "$G" list
expect overlay-list "greedy (overlay)"
run "$tmp/else" env GROVE_PATH="$tmp/work:$tmp/over" "$G" sim demo -n 5 --variant greedy --coverage
expect overlay-coverage "coverage: demo/game.lua: "
expect overlay-coverage "coverage: demo/greedy.lua: "
expect overlay-coverage "exit 0"

finish where
