#!/usr/bin/env bash
# REPL sessions: each feeds a scripted session to `grove play` on stdin and
# checks the transcript for the lines a person must see. Run by make check.
. "$(dirname "$0")/../lib.sh"
session() { "$GROVE" play logger --seed 3 "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }

# Bad input: each gets one clear message and the REPL carries on; a
# scripted session that hit one exits 1, naming the first.
printf 'place a1\nchop e3\nfrobnicate\n99\nplace a1\nplace e5\nlog\nquit\n' | session
expect bad-input "refused 'chop e3': not now: now is the time to place your logger on a free corner"
expect bad-input "not a command, a move or Lua: 'frobnicate' (type 'help' for the commands, 'moves' for the legal moves)"
expect bad-input "no move 99: choose 1..3"
expect bad-input "refused 'place a1': seat 1's logger stands on a1"
expect bad-input "   2. seat 2: place e5"
expect bad-input "grove: 4 lines of the session failed; the first: refused 'chop e3'"
expect bad-input "exit 1"

# Lua at the prompt sees the live game; errors are reported, not fatal.
printf 's.board:get("c3", "tree")\ns.board:get("z9", "tree")\nerror("boom")\n1 +\n2\nquit\n' | session
expect lua "logger seat 1> s.board:get(\"c3\", \"tree\")"
expect lua "grid 'board':get, argument #1: no cell 'z9' (a1..e5)"
expect lua "error: prompt:1: boom"
expect lua "3"
expect lua "exit 1"

# A Lua line that fails, or leaves a var holding a non-integer, changes nothing.
printf 's.board:set("b2", "tree", 3) error("half done")\nprint("tree at b2", s.board:get("b2", "tree"))\ns.turn.phase = "x"\nprint("phase", s.turn.phase)\nquit\n' | session
expect lua-restore "error: prompt:1: half done"
expect lua-restore "tree at b2	0"
expect lua-restore "vars 'turn': var 'phase' holds a string; vars hold integers (the game is unchanged)"
expect lua-restore "phase	1"

# Save, load, and damaged save files.
printf 'place a1\nplace e5\nsave %s\nquit\n' "$tmp/game.sav" | session
expect save "saved 2 moves to $tmp/game.sav"
head -c 200 "$tmp/game.sav" >"$tmp/truncated.sav"
sed 's/^move place a1$/move place e1/' "$tmp/game.sav" >"$tmp/edited.sav"
printf 'place a5\nload %s\nload %s\nload %s\nlog\nload %s\nlog\nquit\n' \
  "$tmp/truncated.sav" "$tmp/edited.sav" "$tmp/missing.sav" "$tmp/game.sav" | session
expect load "no checksum line (truncated?) (the game in progress is unchanged)"
expect load "checksum mismatch"
expect load "cannot open $tmp/missing.sav"
expect load "   1. seat 1: place a5"
expect load "loaded $tmp/game.sav: logger, 2 players, seed 3, 2 moves"
expect load "   2. seat 2: place e5"

# undo / redo, bots, and a whole game to the end.
printf 'place a1\nundo\nredo\nlog\nquit\n' | session
expect undo "undone: back to move 0"
expect undo "redone: move 1"
session --bot 1=random --bot 2=random </dev/null
expect bots "Game over after"
expect bots "(random)"
session --bot 1=mcts:20 --bot 2=greedy </dev/null
expect bots "(mcts:20)"
expect bots "(greedy)"
expect bots "Game over after"
expect bots "rank  seat  score"
reject bots "error"

# Hidden cards: people sharing the keyboard are told whose turn it is, and
# each sees only their own hand; against a bot, only the person's view.
printf 'draw 1\ndraw 1\ndraw 1\ndraw 2\ndraw 2\ndraw 2\nquit\n' |
  "$GROVE" play onceupon --players 2 --seed 4 >"$tmp/out" 2>&1
expect hidden "Seat 1 to play: pass the keyboard to seat 1."
expect hidden "Seat 2 to play: pass the keyboard to seat 2."
expect hidden "Seat 1 (you): hand"
expect hidden "Seat 2 (you): hand"
expect hidden "Seat 1: hand ["                 # seat 2 sees the backs of seat 1's hand
printf 'draw 1\ndraw 1\ndraw 1\nquit\n' |
  "$GROVE" play onceupon --players 2 --seed 4 --bot 2=random >"$tmp/out" 2>&1
reject hidden-bot "pass the keyboard"
reject hidden-bot "Seat 2 (you)"
expect hidden-bot "Seat 2: hand ["
"$GROVE" play onceupon --players 1 </dev/null >"$tmp/out" 2>&1
expect solo "onceupon, 1 player, seed 1"
expect solo "Obligation pile: ground (20)"

# Reload: edit a copy of the rules so that the third move becomes illegal;
# reload says which move stopped the replay and why, and play goes on from
# the move before it under the new rules.
mkdir -p "$tmp/ext/scripts/tlog"
sed 's/name = "logger"/name = "tlog"/' scripts/logger/game.lua >"$tmp/ext/scripts/tlog/game.lua"
{ printf 'place a1\nplace e5\nmove a2\n'; sleep 0.5
  # (the movement option's range takes 0 too, or the declaration is refused)
  sed -i 's/^local MOVEMENT = 2 /local MOVEMENT = 0 /; s/default = MOVEMENT, min = 1,/default = MOVEMENT, min = 0,/' \
    "$tmp/ext/scripts/tlog/game.lua"
  printf 'reload\nlog\nquit\n'; } |
  GROVE_PATH="$tmp/ext" "$GROVE" play tlog --seed 3 >"$tmp/out" 2>&1
expect reload "reloaded the rules; move 3 (seat 1: move a2) no longer replays: a2 is 1 square from your logger on a1: it moves at most 0, no diagonals"
expect reload "the game goes on from move 2 of 3 under the new rules"
expect reload "   2. seat 2: place e5"
reject reload "   3. seat 1: move a2"
expect reload "      then 1 move to redo"
expect reload "(1 move waits to be redone, so the forced move is not played by itself"
printf 'place a1\nreload\nquit\n' | GROVE_PATH="$tmp/ext" "$GROVE" play tlog --seed 3 >"$tmp/out" 2>&1
expect reload-same "reloaded the rules and replayed 1 move"

# grove sim: the same summary whatever the number of threads; a win rate's
# interval holds the known answer (a fair coin: 50%); records replay.
GROVE_PATH=tests/fixtures "$GROVE" sim coinflip -n 2000 --seed 7 --threads 1 | grep -v "games in" >"$tmp/one"
GROVE_PATH=tests/fixtures "$GROVE" sim coinflip -n 2000 --seed 7 --threads 2 | grep -v "games in" >"$tmp/two"
if cmp -s "$tmp/one" "$tmp/two"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL sim-threads: 1 and 2 threads differ"; diff "$tmp/one" "$tmp/two"; fi
cp "$tmp/one" "$tmp/out"
expect sim "coinflip, 2 players, 2000 games (seeds 7..2006), bots random random"
# the seat 1 line: "1  random  W  R% ( LO%- HI%)": 50 must lie in [LO, HI]
if grep "^ *1  random" "$tmp/one" | sed 's/.*( *\([0-9.]*\)%- *\([0-9.]*\)%).*/\1 \2/' |
   awk '{ exit !($1 <= 50 && 50 <= $2 && $2 - $1 < 6) }'; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL sim-interval: 50% is not inside seat 1's interval:"; grep "^ *1 " "$tmp/one"; fi
"$GROVE" sim logger -n 20 --bots greedy,random --json "$tmp/games.json" --csv "$tmp/games.csv" >"$tmp/out" 2>&1
expect sim-records "logger, 2 players, 20 games (seeds 1..20), bots greedy random"
expect sim-records "moves played, by kind: place"
"$GROVE" replay "$tmp/games.json" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect replay "20 of 20 records replay"
expect replay "exit 0"
[ "$(wc -l <"$tmp/games.csv")" -eq 21 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL sim-csv: not 20 rows"; }
sed 's/"move a2"/"move a3"/' "$tmp/games.json" >"$tmp/edited.json"
"$GROVE" replay "$tmp/edited.json" --game 1 >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect replay-edited "no longer plays"
expect replay-edited "exit 1"
# Moves counted by the game's kinds and their names (Starfall's four snake
# kinds are four labels, not "snake" four times); a game that names no
# kinds is counted by the first word of its move texts.
"$GROVE" sim starfall -n 20 >"$tmp/out" 2>&1
expect sim-kinds " snake1 "
expect sim-kinds " snake1 path "
reject sim-kinds " snake "
mkdir -p "$tmp/kinds/scripts/toss"
sed 's/name = "coinflip",/name = "toss", kinds = game.kinds { "coin toss" },/' \
  tests/fixtures/scripts/coinflip/game.lua >"$tmp/kinds/scripts/toss/game.lua"
GROVE_PATH="$tmp/kinds" "$GROVE" sim toss -n 5 >"$tmp/out" 2>&1
expect sim-kinds "moves played, by kind: coin toss 100.0%"
GROVE_PATH=tests/fixtures "$GROVE" sim coinflip -n 5 >"$tmp/out" 2>&1
expect sim-first-word "moves played, by kind: flip 100.0%"
"$GROVE" sim logger -n 50 --compare - - --threads 2 >"$tmp/out" 2>&1
expect compare "A = (no variant), B = (no variant), 2 players: the same 50 seeds and bots, compared game by game (B - A)"
expect compare "no significant difference at this sample size"
"$GROVE" sim logger -n 30 --coverage >"$tmp/out" 2>&1
expect coverage "coverage: scripts/logger/game.lua:"
expect coverage "never ran:"
"$GROVE" sim logger -n 5 --bots genius >"$tmp/out" 2>&1
expect sim-cli "grove sim: unknown bot 'genius'"
"$GROVE" sim logger -n 5 --players 2 --bots mcts,random,random >"$tmp/out" 2>&1
expect sim-cli "grove sim: 3 bots for 2 players"

# grove test: a test file may require helpers from lib/ beside it; lib/ is not run.
mkdir -p "$tmp/t/tests/lib"
echo 'return { answer = 42 }' >"$tmp/t/tests/lib/helpers.lua"
echo 'error("a helper module was run as a test file")' >"$tmp/t/tests/lib/not_a_test.lua"
echo 'local H = require "helpers"; test("helpers", function() expect.eq(H.answer, 42) end)' >"$tmp/t/tests/a.lua"
"$GROVE" test "$tmp/t/tests" >"$tmp/out" 2>&1
expect test-lib "1 passed, 0 failed"

# Command-line errors.
"$GROVE" play chess >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect cli "no game 'chess'"
"$GROVE" play logger --players 7 >"$tmp/out" 2>&1
expect cli "logger is played by 2 to 4 players, not 7"
"$GROVE" play logger --bot 2=genius >"$tmp/out" 2>&1
expect cli "grove: --bot 2: unknown bot 'genius' (random, greedy, mcts, or mcts:PARAM,... as in mcts:500, mcts:2s, mcts:iterations=400,depth=8: see grove help bots)"
"$GROVE" play logger --bot two=mcts >"$tmp/out" 2>&1
expect cli "--bot needs SEAT=KIND"
"$GROVE" frobnicate >"$tmp/out" 2>&1
expect cli "unknown command 'frobnicate'"

# The examples run as documented.
session <examples/logger-session.txt
expect example "logger seat 1> s.board:get(\"c3\", \"tree\")"
expect example "undone: back to move 3"
expect example "   4. seat 1: plant b1"
expect example "exit 0"
reject example "error"
"$GROVE" sim onceupon --players 2 -n 20 >"$tmp/out" 2>&1
expect sim-cards "cards played (1840):"
GROVE="$GROVE" bash examples/compare-variants.sh 100 >"$tmp/out" 2>&1
expect example "A = (no variant), B = scaredy-snake, 2 players: the same 100 seeds and bots, compared game by game (B - A)"
expect example "A = (no variant), B = semi-coop, 3 players: the same 100 seeds and bots, compared game by game (B - A)"
"$GROVE" run examples/seat-balance.lua 20 >"$tmp/out" 2>&1
expect example "20 random games"
expect example "seat 1 wins"

# sim at the prompt: bot games of the game at hand; the game itself is untouched.
printf 'place a1\nsim -n 5 --bots greedy,random\nsim --bots nonsense\nlog\nquit\n' | session
expect repl-sim "logger, 2 players, 5 games (seeds 1..5), bots greedy random"
expect repl-sim "grove sim: unknown bot 'nonsense'"
expect repl-sim "   1. seat 1: place a1"
reject repl-sim "   2. seat"
expect repl-sim "exit 0"

# A variant an overlay folder on GROVE_PATH adds to a game, without touching
# the game's files; a module beside game.lua is never taken for a variant.
mkdir -p "$tmp/overlay/scripts/logger"
cat >"$tmp/overlay/scripts/logger/short.lua" <<'LUA'
local game = require "grove.game"
return function(base)
  return game.extend(base, { render = function(s) return base.render(s) .. "\nHouse rule: short" end })
end
LUA
GROVE_PATH="$tmp/overlay" "$GROVE" play logger --variant short --bot 1=random --bot 2=random </dev/null >"$tmp/out" 2>&1
expect overlay "House rule: short"
expect overlay "Game over after"
"$GROVE" play logger --variant short </dev/null >"$tmp/out" 2>&1
expect overlay-absent "logger has no variant 'short' (see grove list)"
"$GROVE" play onceupon --variant cards </dev/null >"$tmp/out" 2>&1
expect overlay-module "onceupon has no variant 'cards' (see grove list)"

finish repl
