#!/usr/bin/env bash
# grove check: the sound fixture game passes; each broken copy of it
# (tests/fixtures/check/broken/scripts/hoard/, overlay variants) fails with
# the seed, the move, what failed and the script line to fix; a shipped game
# passes; bad command lines are refused.
. "$(dirname "$0")/lib.sh"
export GROVE_PATH=tests/fixtures/check/sound:tests/fixtures/check/broken
run() { "$GROVE" check "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }
broken() { v=$1; shift; run hoard --players 2 --variant "$v" -n 5 --cap 300 "$@"; }

GROVE_PATH=tests/fixtures/check/sound run hoard -n 5
expect sound "hoard, 2 players: 5 games, 60 moves, 300 legal moves tried, 180 re-deals, invariants checked 60 times: ok"
expect sound "hoard, 3 players: 5 games, 60 moves"
expect sound "hoard: every check passed (10 games, 120 moves; hidden information re-dealt for every seat, its invariants checked after every move)"
reject sound "never"
expect sound "exit 0"

broken leaky-render
expect leaky-render "hoard, 2 players, variants leaky-render: FAILED at seed 1, setup: hidden information"
expect leaky-render "what seat 1 sees changes when the cards it cannot see are dealt otherwise: line 3 of the render, 'Seat 2: hand oak1 elm2 ash1', became"
expect leaky-render "render (scripts/hoard/leaky-render.lua:13) shows seat 1 something it may not see"
expect leaky-render "again: grove check hoard --players 2 --variant leaky-render --seed 1 -n 1 --cap 300"
expect leaky-render "exit 1"

broken leaky-text
expect leaky-text "FAILED at seed 1, move 1 (seat 1: stash ash2): hidden information"
expect leaky-text "an onlooker cannot tell the two apart once played, yet reads them differently"
expect leaky-text "describe (scripts/hoard/leaky-text.lua:8) must give an onlooker a text from what it sees"
expect leaky-text "exit 1"

broken peeking-moves
expect peeking-moves "FAILED at seed 2, move 2 (seat 2: stash elm3): hidden information"
expect peeking-moves "the legal moves of seat 2 change when the cards it cannot see are dealt otherwise"
expect peeking-moves "moves (scripts/hoard/peeking-moves.lua:8) may offer a seat only moves that follow from what it sees"

broken pairs-moves
expect pairs-moves "FAILED at seed 1, move 1 (seat 1: stash ash2): determinism"
expect pairs-moves "the same legal moves come in another order. What changes it is the order in which pairs visits string keys, at"
expect pairs-moves "    scripts/hoard/pairs-moves.lua:13"
expect pairs-moves "Visit the keys in a fixed order"
reject pairs-moves "stdlib/grove/game.lua"
expect pairs-moves "exit 1"

broken outside-state
expect outside-state "FAILED at seed 1, move 3 (seat 1: stash oak2): undo and redo"
expect outside-state "played again after undo, the move gives another state than the first time."
expect outside-state "scripts/hoard/outside-state.lua:14 changes the upvalue 'stashed' of the function at scripts/hoard/outside-state.lua:10"
expect outside-state "undo, redo, replay and save files only know those. Keep this value there."

broken between-games
expect between-games "FAILED at seed 1, setup: replay"
expect between-games "scripts/hoard/between-games.lua:10 changes the upvalue 'opened'"

broken newline-text
# (the engine's describe refuses a text no save can hold, game_move_text_fits)
expect newline-text "FAILED at seed 1, move 1: move texts"
expect newline-text "describe: scripts/hoard/newline-text.lua:7: the text of move (2,3,0,0) has a newline at byte 6"

broken same-texts
expect same-texts "moves 1 and 3 of the list both read 'play oak'"
expect same-texts "describe (scripts/hoard/same-texts.lua:8) must give every legal move its own text"

broken command-text
expect command-text "the move text 'save oak3' is read by the REPL as its command 'save': describe (scripts/hoard/command-text.lua:8)"

broken bad-parse
expect bad-parse "'play oak2' reads back as another move, 'play oak3': parse (scripts/hoard/bad-parse.lua:8)"

broken moody-parse
expect moody-parse "FAILED at seed 1, move 1 (seat 1: zzplay oak3): refused texts"
expect moody-parse "reading the text 'zzplay oak3' changed the state: parse (scripts/hoard/moody-parse.lua:7) must only read"

broken failing-apply
expect failing-apply "FAILED at seed 1, move 1 (seat 1: stash oak2): legal moves apply"
expect failing-apply "the legal move 'stash oak2' fails: apply: scripts/hoard/failing-apply.lua:12: the last card cannot be stashed"

broken busy-describe
expect busy-describe "FAILED at seed 1, move 1: reading hooks"
expect busy-describe "describe (scripts/hoard/busy-describe.lua:7) changed the state"

broken broken-invariant
expect broken-invariant "FAILED at seed 1, move 7 (seat 1: play yew2): invariants"
expect broken-invariant "after this move: invariants: scripts/hoard/game.lua:121: the scores are not the cards played"

broken endless
expect endless "move 300 (seat 2: wait): termination"
expect endless "the game has not ended after 300 moves. The state after move 14 is the one after move 12: the moves can go round in circles."

broken no-result
expect no-result "move 12 (seat 2: stash elm3): the end"
expect no-result "no seat has a legal move, yet result (scripts/hoard/no-result.lua:7) gives no result"

broken early-result
expect early-result "FAILED at seed 1, move 6 (seat 2: play ash1): the end"
expect early-result "result (scripts/hoard/early-result.lua:8) says the game is over, yet moves (scripts/hoard/game.lua:50) still offers 6 moves (the first: 'play yew2')"

broken unnamed-card
expect unnamed-card "FAILED at seed 1, setup: catalog"
expect unnamed-card "the zone 'pile' holds 12, which the definition's catalog.names does not name"
expect unnamed-card "exit 1"

# Every broken copy fails, whatever the pins above say of it.
for f in tests/fixtures/check/broken/scripts/hoard/*.lua; do
  v=$(basename "$f" .lua)
  broken "$v"
  if grep -q "FAILED at seed" "$tmp/out" && grep -q "exit 1" "$tmp/out"; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL $v: grove check did not fail on it"; fi
done

# Without --variant the overlay variants are checked too: the first broken one stops it.
run hoard -n 1 --players 2
expect all-variants "hoard, 2 players: 1 game, 12 moves"
expect all-variants "hoard, 2 players, variants bad-parse: FAILED"
expect all-variants "exit 1"

# A shipped game, as make check runs them all.
GROVE_PATH= run logger -n 1 --players 2
expect shipped "logger, 2 players: 1 game, 76 moves"
expect shipped "logger: move kinds never played in 1 game: stop (never legal)"
expect shipped "logger: every check passed"
expect shipped "exit 0"

# Bad command lines.
run
expect usage "usage: grove check GAME..."
expect usage "exit 2"
run nosuchgame
expect usage "grove check: no game 'nosuchgame'"
expect usage "exit 2"
run hoard -n 0
expect usage "grove check: -n needs a number of games"
run hoard --frobnicate
expect usage "grove check: unknown option '--frobnicate'"
run hoard --players 7
expect usage "grove check: hoard is played by 2 to 3 players, not 7"
expect usage "exit 2"
run --help
expect help "every check that needs no knowledge of the rules"
expect help "exit 0"

finish check
