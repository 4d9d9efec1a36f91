#!/usr/bin/env bash
# Saves, records and recorded tests outlive a rule change (issue 31): an
# old save of each game (tests/fixtures/saves/, made before the dice and
# decks grew a rig) opens with grove play --from, load, grove show and
# grove replay, also after a component is added to the game's setup, and
# says what the replay found; a move that no longer plays is named with
# its reason and the rest waits to be redone; a damaged save is still
# refused; grove replay --check says whether a rule edit changed a
# position; sim's records name the record and the move that no longer
# plays.
. "$(dirname "$0")/lib.sh"
fixtures=tests/fixtures/saves

# data DIR GAME: a data folder (this tree's stdlib) whose scripts/ holds a
# copy of GAME, for the test to change.
data() {
  mkdir -p "$1/scripts"
  ln -s "$PWD/stdlib" "$1/stdlib"
  cp -r "scripts/$2" "$1/scripts/"
}
# the board a replay shows: its lines before the first "FILE:" line
board() { awk -v f="$1:" 'index($0, f) == 1 { exit } { print }' "$2"; }

for sav in "$fixtures"/*.sav; do
  name=$(basename "$sav" .sav)
  game=${name%%-*}
  players=$(sed -n 's/^players //p' "$sav")
  moves=$(grep -c '^move ' "$sav")

  # under the rules of today: every move replays, the note says how the
  # components differ
  "$GROVE" play --from "$sav" </dev/null >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
  expect "$game-from" "from $sav: $moves moves played"
  expect "$game-from" "exit 0"
  "$GROVE" replay "$sav" >"$tmp/today" 2>&1

  # a component added to the game's setup
  d="$tmp/$game-data"
  data "$d" "$game"
  sed -i 's/^local function setup(s\(, options\)\{0,1\})$/&\n  s:vars("added_by_test", { "x" })/' "$d/scripts/$game/game.lua"
  grep -q 'added_by_test' "$d/scripts/$game/game.lua" || { fail=$((fail + 1)); echo "FAIL $game: no setup to add to"; }
  GROVE_DATA="$d" "$GROVE" play --from "$sav" </dev/null >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
  expect "$game-added-from" "from $sav: $moves moves played"
  expect "$game-added-from" "note: the rules changed since this save: replayed all $moves moves; the state's layout differs: "
  expect "$game-added-from" "component added_by_test is new"
  expect "$game-added-from" "exit 0"
  printf 'load %s\nquit\n' "$sav" | GROVE_DATA="$d" "$GROVE" play "$game" --players "$players" >"$tmp/out" 2>&1
  echo "exit $?" >>"$tmp/out"
  expect "$game-added-load" "loaded $sav: $game, $players players, seed 1, $moves moves"
  expect "$game-added-load" "note: the rules changed since this save: replayed all $moves moves"
  expect "$game-added-load" "exit 0"
  GROVE_DATA="$d" "$GROVE" show "$sav" -o "$tmp/$game.svg" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
  expect "$game-added-show" "grove show: $sav: note: the rules changed since this save: replayed all $moves moves"
  expect "$game-added-show" "exit 0"
  grep -q '<svg' "$tmp/$game.svg" 2>/dev/null && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL $game-added-show: no picture"; }
  GROVE_DATA="$d" "$GROVE" replay "$sav" >"$tmp/out" 2>&1
  cp "$tmp/out" "$tmp/added"
  expect "$game-added-replay" "$sav: the rules changed since this save: replayed all $moves moves"
  # the same position as under today's rules: the board drawn alike
  if [ -n "$(board "$sav" "$tmp/added")" ] && [ "$(board "$sav" "$tmp/added")" = "$(board "$sav" "$tmp/today")" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL $game-added-replay: another position than under today's rules"
    diff <(board "$sav" "$tmp/today") <(board "$sav" "$tmp/added") | head -5
  fi
done

# Starfall: the dice grew, the rest is the position saved.
"$GROVE" replay --check "$fixtures/starfall-p2-s1.sav" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect old-check "starfall-p2-s1.sav: replayed all 40 moves under the rules now"
expect old-check "starfall-p2-s1.sav: no position changed: the last one is the saved one"
expect old-check "starfall-p2-s1.sav: the state's layout differs (those components are not compared): component cup has 52 words, the save's 20"
expect old-check "a save of format 3 keeps only its last position"
expect old-check "exit 0"

# A rule change under which a move no longer plays (a felled tree scores 2:
# the game ends sooner): loaded up to it, it and the rest wait to be
# redone; saved so, and loaded once the rules are back, they replay.
d="$tmp/logger-score"
data "$d" logger
cp "$d/scripts/logger/game.lua" "$tmp/logger.lua"
sed -i 's/^  s.score:add(seat, 1)$/  s.score:add(seat, 2)/' "$d/scripts/logger/game.lua"
sav="$fixtures/logger-p2-s1.sav"
printf 'log\nsave %s\nquit\n' "$tmp/partial.sav" | GROVE_DATA="$d" "$GROVE" play --from "$sav" >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect stops "from $sav: 51 moves played"
expect stops "note: the rules changed since this save: replayed 51 of 68 moves; move 52 (seat 2: move e1) no longer plays: the game is over; moves 52 to 68 wait to be redone"
expect stops "then 17 moves to redo"
expect stops "exit 0"
GROVE_DATA="$d" "$GROVE" replay "$sav" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect stops-replay "move 52 (seat 2: move e1) no longer plays: the game is over"
expect stops-replay "the game stands at move 51"
expect stops-replay "exit 1"
cp "$tmp/logger.lua" "$d/scripts/logger/game.lua"
printf 'reload\nquit\n' | GROVE_DATA="$d" "$GROVE" play --from "$tmp/partial.sav" >"$tmp/out" 2>&1
expect stops-back "from $tmp/partial.sav: 51 moves played"
expect stops-back "reloaded the rules and replayed 68 moves"

# A damaged save is still refused, rule change or not; so is one whose
# state grove cannot read (its checksum made right).
sed 's/^move place e1$/move place e2/' "$sav" >"$tmp/damaged.sav"
GROVE_DATA="$d" "$GROVE" play --from "$tmp/damaged.sav" </dev/null >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect damaged "save file checksum mismatch: the file was changed or damaged after saving"
expect damaged "exit 1"
"$GROVE" show "$tmp/damaged.sav" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect damaged-show "checksum mismatch"
expect damaged-show "exit 1"
"$GROVE" replay --check "$tmp/damaged.sav" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect damaged-check "checksum mismatch"
expect damaged-check "exit 1"

# grove replay --check: a save of today keeps every position.
d="$tmp/logger-check"
data "$d" logger
printf 'place a1\nplace e5\nmove a3\nplant a2\nmove e3\nsave %s\nquit\n' "$tmp/today.sav" |
  GROVE_DATA="$d" "$GROVE" play logger --seed 3 >/dev/null 2>&1
grep -q '^grove-save 4$' "$tmp/today.sav" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL format: not format 4"; }
grep -q '^hashes rng=' "$tmp/today.sav" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL format: no hashes line"; }
# an edit that changes no position: a component added
sed -i 's/^local function setup(s)$/&\n  s:vars("added_by_test", { "x" })/' "$d/scripts/logger/game.lua"
GROVE_DATA="$d" "$GROVE" replay --check "$tmp/today.sav" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect check-same "today.sav: replayed all 5 moves under the rules now"
expect check-same "today.sav: no position changed: the 6 positions compared are the saved ones"
expect check-same "today.sav: the state's layout differs (those components are not compared): component added_by_test is new"
expect check-same "exit 0"
# an edit that changes a rule: planting scores a point
sed -i 's/^  s.board:set(square, "tree", SEEDLING)$/&\n  s.score:add(turns.seat(s), 1)/' "$d/scripts/logger/game.lua"
GROVE_DATA="$d" "$GROVE" replay --check "$tmp/today.sav" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect check-changed "today.sav: a position changed: the first is the one after move 4 (seat 1: plant a2), in score"
expect check-changed "exit 1"
GROVE_DATA="$d" "$GROVE" play --from "$tmp/today.sav" </dev/null >"$tmp/out" 2>&1
expect check-changed-from "the position after move 4 differs from the saved one in the components both have alike (in score)"
# --check is for saves; usage
"$GROVE" replay --check >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect check-usage "usage: grove replay FILE [-v] [--check] [--game N] [--html OUT.html]"
expect check-usage "exit 2"

# sim's records: a rule change that stops a recorded game names the record,
# its game and seed, and the move.
d="$tmp/logger-records"
data "$d" logger
GROVE_DATA="$d" "$GROVE" sim logger -n 3 --records "$tmp/r.jsonl" >/dev/null 2>&1
GROVE_DATA="$d" "$GROVE" replay "$tmp/r.jsonl" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect records "3 of 3 records replay"
sed -i 's/^  s.score:add(seat, 1)$/  s.score:add(seat, 3)/' "$d/scripts/logger/game.lua"
GROVE_DATA="$d" "$GROVE" replay "$tmp/r.jsonl" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect records-changed "grove replay: record 1 (logger seed "
expect records-changed "no longer plays: '"
expect records-changed ": the game is over"
expect records-changed "exit 1"

finish saves
