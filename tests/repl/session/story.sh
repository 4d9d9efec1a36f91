#!/usr/bin/env bash
# A playtest at the REPL tells the whole story (issue 21): what the rules
# did by themselves is told, to whom it may be told, and kept in the log and
# the save; forced moves never run off the screen; a refused move gets its
# reason, once; move lists fit the terminal; a bot shows it is thinking;
# grove test reports each file; nothing a person did is lost: a failed
# reload keeps the moves that no longer replay, edits at the prompt are
# history, a session becomes a test, a scripted session that fails exits 1.
. "$(dirname "$0")/../lib.sh"
logger() { "$GROVE" play logger --seed 3 "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }
# longest LINE-PATTERN: the length of the longest line matching the pattern
longest() { grep -E -- "$1" "$tmp/out" | awk '{ if (length($0) > n) n = length($0) } END { print n + 0 }'; }
check() { if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1: $2"; fi; }

# --- What a person at the table must see ---------------------------------------

# Narration: after each move, indented; log keeps it beside the moves; the
# save file carries it.
printf 'place a1\nplace e5\nmove a3\nlog\nsave %s\nquit\n' "$tmp/told.sav" | logger
expect told "  A seedling grows on c3."
expect told "logger seat 1> move a3"
expect told "  c3 grows into a sapling."
expect told "   3. seat 1: move a3"
expect told "      c3 grows into a sapling."
expect told "exit 0"
cp "$tmp/told.sav" "$tmp/out"
expect told-save "said * A seedling grows on c3."
expect told-save "move move a3"
expect told-save "said * c3 grows into a sapling."

# Starfall: the turns that play themselves (the roll, the end for want of a
# step) are told; after the setup's last move the first roll is.
printf 'knock b2\nknock c2\nplant a1\nplant f6\nsnake 1 b5\nsnake 2 e2\nfairy c3\nfairy d4\nquit\n' |
  "$GROVE" play starfall --seed 1 >"$tmp/out" 2>&1
expect starfall "starfall seat 2> fairy d4"
expect starfall "  Seat 1 rolls "
check starfall-roll "grep -A1 'starfall seat 2> fairy d4' '$tmp/out' | grep -q '^  Seat 1 rolls '"

# Hidden draws are told to their drawer only; after a hand-over the next
# person reads what happened since their last turn, as they may read it.
printf 'draw 1\ndraw 2\ndraw 1\ndraw 1\nlog\nquit\n' | "$GROVE" play onceupon --players 2 --seed 4 >"$tmp/out" 2>&1
expect hidden "  You draw "
expect hidden "Since your last turn:"
expect hidden "   1. seat 1: draw 1"
expect hidden "      Seat 1 draws a level 1 card from pile 1."
awk '/^Seat 2 to play: pass the keyboard/ { seat2 = 1 } seat2 && /^Since your last turn/ { on = 1; next } on && /^Seat|^Piles/ { on = 0 } on' "$tmp/out" >"$tmp/recap"
check hidden-recap "grep -q 'Seat 1 draws a' '$tmp/recap' && ! grep -q 'You draw' '$tmp/recap'"
# seat 2's log, after its own draw: its card by name, seat 1's only by level
awk '/^onceupon seat 2> log/ { on = 1; next } on' "$tmp/out" >"$tmp/log2"
check hidden-log "grep -q '      You draw ' '$tmp/log2' && grep -q '      Seat 1 draws a ' '$tmp/log2'"

# Forced and bot moves: the board between automatic turns, and why the game
# ended.
logger --bot 1=random --bot 2=random </dev/null
turns=$(grep -c '^seat 1: move ' "$tmp/out")
boards=$(grep -c '^s seedling  S sapling' "$tmp/out")
check bot-boards "[ $boards -ge $turns ] && [ $turns -gt 5 ]"
expect bot-end "Game over after "
check bot-why "grep -E -q 'Game over after [0-9]+ moves\\. (Someone reached 10 points|The forest can never change)' '$tmp/out'"

# The issue's case: a boxed-in forest whose forced moves play to the end:
# a board between the forced turns, what happened in each, and why it ended.
printf '%s\n' 'place a1' 'place e5' \
  's.board:set("c3", "tree", 0) s.large:put(1) for _, sq in ipairs({ "b1", "a2", "d5", "e4" }) do s.board:set(sq, "tree", 3) s.board:set(sq, "protester", 1) s.large:take(1) s.medium:take(1) s.small:take(1) end s.large:set(0) s.protesters:set(1, 0) s.protesters:set(2, 0)' \
  quit | logger
expect forced "seat 1: move a1 (forced)"
expect forced "  Seat 1 can neither plant, protest nor chop: no action this turn."
expect forced "seat 2: move e5 (forced)"
expect forced "  The forest did not change this round and never can again: the game ends (the stuck-forest rule)."
expect forced "Game over after 5 moves. The forest can never change again (the stuck-forest rule): seats 1, 2 share the win with 0 points."
check forced-board "awk '/^seat 1: move a1 \(forced\)/ { a = 1 } a && /^s seedling/ { b = 1 } b && /^seat 2: move e5/ { ok = 1 } END { exit !ok }' '$tmp/out'"

# A refused move gets its reason, one line, one hint at most.
printf 'place a1\nmove a2\nplace a1\nplace c3\nfrobnicate\nquit\n' | logger
expect refused "refused 'move a2': not now: now is the time to place your logger on a free corner"
expect refused "refused 'place a1': seat 1's logger stands on a1"
expect refused "refused 'place c3': c3 is no corner: a logger starts on a1, e1, a5 or e5"
expect refused "not a command, a move or Lua: 'frobnicate' (type 'help' for the commands, 'moves' for the legal moves)"
reject refused "not a command, a legal move or Lua"
reject refused "(type 'moves' to list them)"
# a game with no reason of its own: the host names the legal moves of the kind
printf 'add 3\nadd 3\nadd 2\nadd 3\nadd 0\nfly\nquit\n' | GROVE_PATH=tests/fixtures "$GROVE" play narrator >"$tmp/out" 2>&1
expect refused-host "refused 'add 3': the counter stops at 10"
expect refused-host "refused 'add 0': not a legal move now; legal 'add' moves now: 1, 2"
expect refused-host "not a command, a move or Lua: 'fly'"

# Move lists are laid out to the terminal's width, never run together.
printf 'quit\n' | COLUMNS=50 "$GROVE" play logger --seed 3 >"$tmp/out" 2>&1
check width-50 "[ $(longest '^ *[0-9]+\. ') -le 50 ]"
expect width-50 "1. place a1   3. place a5"
printf 'quit\n' | COLUMNS=80 "$GROVE" play flooded --players 3 --seed 1 >"$tmp/out" 2>&1
check width-80 "[ $(longest '^ *[0-9]+\. ') -le 80 ] && [ $(longest '^ *[0-9]+\. ') -gt 40 ]"
check width-apart "! grep -E -q '[0-9],-?[0-9]+ +[0-9]+\\. place' '$tmp/out' || grep -E -q '[0-9],-?[0-9]+   +[0-9]+\\. place' '$tmp/out'"
reject width-apart "-1 11. place"

# Plurals.
printf 'place a1\nplace e5\ns.protesters:set(1, 1) s.score:set(1, 1)\nquit\n' | logger
expect plural "Seat 1:  1 point, 1 protester in supply"
reject plural "1 points"
reject plural "1 protesters"
"$GROVE" sim logger -n 1 >"$tmp/out" 2>&1
expect plural-sim "1 game in "
expect plural-sim "1 thread)"
reject plural-sim " 0 games/s"

# A bot that thinks says so, on a terminal.
if command -v script >/dev/null; then
  (sleep 1; printf 'place a1\r'; sleep 4; printf 'quit\r') |
    LANG=C TERM=dumb script -qfec "$GROVE play logger --seed 3 --bot 2=mcts:3000" /dev/null >"$tmp/out" 2>&1
  expect thinking "seat 2 (mcts:3000) is thinking... (Ctrl-C stops it)"
  expect thinking "seat 2: place "
else
  echo "story: 'script' (bsdutils) missing: the thinking check is skipped"; fail=$((fail + 1))
fi

# grove test reports each file as it runs.
"$GROVE" test scripts/logger/tests/invariants.lua tests/lua/stdlib.lua >"$tmp/out" 2>&1
check test-progress "grep -E -q '^scripts/logger/tests/invariants.lua \\.\\.\\. [0-9]+ passed \\([0-9.]+ s\\)$' '$tmp/out'"
check test-progress "grep -E -q '^tests/lua/stdlib.lua \\.\\.\\. [0-9]+ passed \\([0-9.]+ s\\)$' '$tmp/out'"

# --- Nothing a person did is lost ----------------------------------------------------

# A failed reload keeps the moves that no longer replay as the redo tail;
# redo says why one still does not; the next reload, after the fix,
# replays them all.
mkdir -p "$tmp/ext/scripts/tlog"
sed 's/name = "logger"/name = "tlog"/' scripts/logger/game.lua >"$tmp/ext/scripts/tlog/game.lua"
{ printf 'place a1\nplace e5\nmove a2\nplant a3\nmove e4\n'; sleep 0.5
  # (the movement option's range takes 0 too, or the declaration is refused)
  sed -i 's/^local MOVEMENT = 2 /local MOVEMENT = 0 /; s/default = MOVEMENT, min = 1,/default = MOVEMENT, min = 0,/' \
    "$tmp/ext/scripts/tlog/game.lua"
  printf 'reload\nlog\nredo\nsave %s\n' "$tmp/tail.sav"; sleep 0.5
  sed -i 's/^local MOVEMENT = 0 /local MOVEMENT = 2 /' "$tmp/ext/scripts/tlog/game.lua"
  printf 'reload\nlog\nquit\n'; } |
  GROVE_PATH="$tmp/ext" "$GROVE" play tlog --seed 3 >"$tmp/out" 2>&1
expect tail "reloaded the rules; move 3 (seat 1: move a2) no longer replays"
expect tail "the game goes on from move 2 of 5 under the new rules"
expect tail "      then 3 moves to redo"
expect tail "cannot redo: move 3 (seat 1: move a2) does not replay"
expect tail "reloaded the rules and replayed 5 moves"
expect tail "   5. seat 2: move e4"
reject tail "nothing to redo"
cp "$tmp/tail.sav" "$tmp/out"
expect tail-save "redo move a2"
expect tail-save "redo move e4"

# An edit at the prompt is history: undone, saved, loaded, replayed; a
# save of it starts a session (--from).
printf 'place a1\nplace e5\ns.board:set("b4", "tree", 3)\nlog\nundo\nredo\nsave %s\nquit\n' "$tmp/edit.sav" | logger
expect edit "(an edit, move 3 of the history: undo takes it back, save keeps it)"
# a mature tree from nowhere: the pyramids no longer add up, which a note says
expect edit "note: the game's invariants do not hold now (invariants: scripts/logger/game.lua:"
expect edit "large pyramids in the pool and 2 in trees, not 20): the rules may offer wrong moves from here; undo takes the change back"
expect edit "   3. edit: s.board:set(\"b4\", \"tree\", 3)"
expect edit "undone: the edit s.board:set(\"b4\", \"tree\", 3) (back to move 2)"
expect edit "redone: the edit s.board:set(\"b4\", \"tree\", 3) (move 3)"
expect edit "saved 3 moves to $tmp/edit.sav"
expect edit "exit 0"
# Flooded Forest keeps what each hex faces; an edit that breaks it is named
printf 's.map:set("3,-1", "touching", 0)\nquit\n' | "$GROVE" play flooded --seed 1 >"$tmp/out" 2>&1
expect edit-flooded "note: the game's invariants do not hold now (invariants: scripts/flooded/invariants.lua:"
expect edit-flooded "3,-1 keeps faces 902, touching 0, where the tiles round it make 902, 3"
# an edit the invariants allow: no note
printf 'place a1\nplace e5\ns.score:set(1, 4)\nquit\n' | logger
expect edit-sound "(an edit, move 3 of the history: undo takes it back, save keeps it)"
reject edit-sound "invariants do not hold"
printf 'log\ns.board:get("b4", "tree")\nundo\ns.board:get("b4", "tree")\nquit\n' |
  "$GROVE" play --from "$tmp/edit.sav" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect from "grove $("$GROVE" --version | awk '{ print $2 }'): logger, 2 players, seed 3"
expect from "from $tmp/edit.sav: 3 moves played"
expect from "   3. edit: s.board:set(\"b4\", \"tree\", 3)"
check from-values "grep -x -A0 '3' '$tmp/out' >/dev/null && grep -x '0' '$tmp/out' >/dev/null"
expect from "exit 0"
printf 'load %s\nlog\nquit\n' "$tmp/edit.sav" | logger
expect edit-load "loaded $tmp/edit.sav: logger, 2 players, seed 3, 3 moves"
"$GROVE" play chess --from "$tmp/edit.sav" </dev/null >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect from-other "the file holds logger, 2 players, seed 3; the command line asks for another game"
expect from-other "exit 2"
# a change that would not replay in the rules' sandbox is said so
printf 'place a1\nx = 3 s.score:set(1, x)\nquit\n' | logger
expect edit-note "note: this change is not kept in the history"

# A session becomes a test: the moves, an edit, the hashes, the expect lines.
printf 'place a1\nplace e5\ns.board:set("b4", "tree", 3)\nexpect.eq(s.board:get("b4", "tree"), 3)\nexpect.eq(1, 2)\nmove a3\nrecord %s\nquit\n' \
  "$tmp/session.lua" | GROVE_PATH="$tmp/ext" "$GROVE" play tlog --seed 3 >"$tmp/out" 2>&1
expect record "ok"
expect record "recorded 4 moves and 1 check to $tmp/session.lua: grove test $tmp/session.lua plays them again"
cp "$tmp/session.lua" "$tmp/out"
# (every option the game plays with, as saves keep them)
expect record-file 'local game = games.open("tlog", { players = 2, seed = 3, ["movement"] = 2, ["protesters"] = 2, ["pyramids"] = 20, ["winning_score"] = 10 })'
expect record-file '  game:play("place a1")'
expect record-file '  game:edit([[s.board:set("b4", "tree", 3)]])'
expect record-file '  expect.eq(s.board:get("b4", "tree"), 3)'
reject record-file 'expect.eq(1, 2)'
expect record-file '  position("board='
expect record-file ', "the state after move 4")'
GROVE_PATH="$tmp/ext" "$GROVE" test "$tmp/session.lua" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect record-test "1 passed, 0 failed"
expect record-test "exit 0"
# ... which outlives rule edits that play it the same, a component added
# among them: the components both layouts have are compared, and the new
# one is noted
sed -i 's/^local WINNING_SCORE = 10 /local WINNING_SCORE = 10\nlocal _ = 0/; s/s.large:take(1)$/s.large:take(2) s.large:put(1)/' \
  "$tmp/ext/scripts/tlog/game.lua"
sed -i 's/^  for _, piece in pairs(PIECE) do$/  s:vars("extra", { "x" })\n&/' "$tmp/ext/scripts/tlog/game.lua"
GROVE_PATH="$tmp/ext" "$GROVE" test "$tmp/session.lua" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect record-grown "the components changed since the session was recorded (not compared): component extra is new"
expect record-grown "1 passed, 0 failed"
expect record-grown "exit 0"
# ... and fails once the rules play it differently, naming the first
# position that differs and where
sed -i 's/s\[PIECE\[stage + 1\]\]:take(1)$/s[PIECE[stage + 1]]:take(2)/' "$tmp/ext/scripts/tlog/game.lua"
GROVE_PATH="$tmp/ext" "$GROVE" test "$tmp/session.lua" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect record-changed "session.lua:22: the state after move 4: the position differs from the recorded one, in medium"
expect record-changed "0 passed, 1 failed"
expect record-changed "exit 1"

# A scripted session that hits a Lua error or a failed expect exits 1.
printf 'place a1\nerror("boom")\nquit\n' | logger
expect exit-lua "grove: 1 line of the session failed; the first: error: prompt:1: boom"
expect exit-lua "exit 1"
printf 'place a1\nexpect.eq(s.board:get("a1", "logger"), 2)\nquit\n' | logger
expect exit-expect "error: "
expect exit-expect "expected 2, got 1"
expect exit-expect "exit 1"
printf 'place a1\nexpect.eq(s.board:get("a1", "logger"), 1)\nquit\n' | logger
expect exit-clean "ok"
expect exit-clean "exit 0"

finish story
