#!/usr/bin/env bash
# Bounds a rule script cannot break (issue 34), met through the program:
#   - the C stack: tests/fixtures/scripts/deepstack closes 150 coroutines
#     inside one another, each 150 pcalls deep, which crashed grove play,
#     grove sim --threads 2, grove check and a bot's helper threads
#     (SIGSEGV) at any stack size; each now refuses the move naming the
#     line, at the usual 8 MiB stack and at 1 MiB;
#   - a result whose ranks and winners disagree is refused naming the line
#     of result, by grove check (a failed check), sim and play;
#   - a study's games are cut at --cap moves, and its threads are at most 64;
#     an edit longer than 8192 bytes is not kept in the history;
#   - memory the system refuses (ulimit -v) below grove's cap is told as
#     such, not blamed on the cap (skipped under AddressSanitizer, which
#     cannot run under ulimit -v).
. "$(dirname "$0")/lib.sh"
export GROVE_PATH=tests/fixtures
NESTS="the script nests too deep: "
# status: the exit status of the last run, as a line of the transcript
status() { echo "exit $?" >>"$tmp/out"; }

for stack in 8192 1024; do
  ( ulimit -s "$stack"; printf 'nest\ns.play.tries\n' | "$GROVE" play deepstack >"$tmp/out" 2>&1 ); status
  expect "play, $stack KiB" "error: apply: scripts/deepstack/game.lua:"
  expect "play, $stack KiB" "$NESTS"
  expect "play, $stack KiB" "deepstack seat 1> s.play.tries"
  expect "play, $stack KiB" "0"                      # the move was taken back whole
  expect "play, $stack KiB" "exit 1"

  ( ulimit -s "$stack"; "$GROVE" sim deepstack -n 4 --threads 2 >"$tmp/out" 2>&1 ); status
  expect "sim, $stack KiB" "apply: scripts/deepstack/game.lua:"
  expect "sim, $stack KiB" "$NESTS"
  expect "sim, $stack KiB" "4 of 4 games failed"
  expect "sim, $stack KiB" "exit 1"

  ( ulimit -s "$stack"; "$GROVE" check deepstack -n 1 >"$tmp/out" 2>&1 ); status
  expect "check, $stack KiB" "deepstack, 1 player: FAILED at seed 1"
  expect "check, $stack KiB" "$NESTS"
  expect "check, $stack KiB" "exit 1"

  ( ulimit -s "$stack"; "$GROVE" play deepstack --bot 1=mcts:100,threads=2 </dev/null >"$tmp/out" 2>&1 ); status
  expect "a bot's threads, $stack KiB" "the mcts:100,threads=2 bot of seat 1: apply: scripts/deepstack/game.lua:"
  expect "a bot's threads, $stack KiB" "$NESTS"
  expect "a bot's threads, $stack KiB" "exit 1"
done

# Nests that fit are played: 20 coroutines 20 pcalls deep.
printf 'nest\n' | "$GROVE" play deepstack --set levels=20 --set depth=20 >"$tmp/out" 2>&1; status
reject "nests that fit" "$NESTS"
expect "nests that fit" "exit 0"

# ---- a result whose ranks and winners disagree -------------------------------------
# (tests/fixtures/scripts/verdict: the issue's solo tie, ranks {2} and winners {1})
DISAGREE="result: scripts/verdict/game.lua:19: result.ranks {2} and winners {1} disagree: winners must be exactly the seats ranked 1, each once (here {}), or be left out"
"$GROVE" check verdict --players 1 --set result=tie -n 1 >"$tmp/out" 2>&1; status
expect "check, tie" "verdict, 1 player: FAILED at seed 1, move 1: the end"
expect "check, tie" "$DISAGREE"
expect "check, tie" "exit 1"
"$GROVE" sim verdict --players 1 --set result=tie -n 2 >"$tmp/out" 2>&1; status
expect "sim, tie" "$DISAGREE"
expect "sim, tie" "2 of 2 games failed"
expect "sim, tie" "exit 1"
printf 'step 1\n' | "$GROVE" play verdict --players 1 --set result=tie >"$tmp/out" 2>&1; status
expect "play, tie" "error: $DISAGREE"
expect "play, tie" "exit 1"
"$GROVE" check verdict --players 1 --set result=lost -n 1 >"$tmp/out" 2>&1; status
expect "check, lost" "verdict: every check passed"
expect "check, lost" "exit 0"

# ---- a study's own bounds (docs/reliability.md's table) ---------------------------
# a game longer than --cap (100,000 moves by default) is cut short and counted so
"$GROVE" sim logger -n 2 --cap 3 >"$tmp/out" 2>&1; status
expect "sim --cap" "games cut short at 3 moves: 2"
expect "sim --cap" "exit 0"
"$GROVE" sim logger -n 2 --threads 65 >"$tmp/out" 2>&1; status
expect "sim --threads" "grove sim: --threads needs 1..64"
expect "sim --threads" "exit 2"

# an edit typed at the prompt keeps at most 8192 bytes of Lua in the history:
# a longer one runs at the prompt, but is not kept, and grove says so
{ printf 's.board:set("b2", "tree", 3) --%s\n' "$(printf '%9000s' '' | tr ' ' x)"; printf 'log\n'; } |
  "$GROVE" play logger --seed 3 >"$tmp/out" 2>&1; status
expect "a long edit" "note: this change is not kept in the history: "
expect "a long edit" "an edit keeps at most 8192 bytes of Lua"
reject "a long edit" "edit: s.board"
expect "a long edit" "exit 0"

# ---- memory the system refuses ---------------------------------------------------
if grep -qa __asan_init "$GROVE"; then
  echo "limits.sh: ulimit -v skipped (AddressSanitizer reserves more address space than any limit)"
else
  cat >"$tmp/grow.lua" <<'EOF'
local t = {}
for i = 1, 100 do t[i] = string.rep("x", 16 << 20) .. i end
EOF
  ( ulimit -v 150000; "$GROVE" run "$tmp/grow.lua" >"$tmp/out" 2>&1 ); status
  expect "ulimit -v" "grow.lua:2: out of memory (the system refused "
  expect "ulimit -v" " more with "
  expect "ulimit -v" "of grove's Lua held, under grove's cap of 512 MiB: the process's memory limit (ulimit -v) or the machine's memory is spent)"
  reject "ulimit -v" "the cap on all of grove's Lua is"
  expect "ulimit -v" "exit 1"
fi

finish limits
