#!/usr/bin/env bash
# The command line's conventions, the same for every subcommand: errors on
# stderr (nothing on stdout), a usage error (a bad option or value, a name
# of nothing there, a count or option the game does not take) exits 2, an
# output file named "-" is the standard output (the command's report then
# on stderr), --set reads decimal numbers of options only, once each; grove
# help GAME as at the REPL; sim's --help says its defaults, its progress
# bar the time left, and a study that would not repeat is warned about.
. "$(dirname "$0")/../lib.sh"
# run ARGS...: the program's stdout into $tmp/out, stderr into $tmp/err, then "exit N" to both
run() {
  "$GROVE" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  echo "exit $rc" >>"$tmp/out"
  echo "exit $rc" >>"$tmp/err"
}
# on_stderr NAME TEXT: TEXT is on stderr, and stdout holds nothing but the exit line
on_stderr() {
  if grep -qF -- "$2" "$tmp/err" && [ "$(wc -l <"$tmp/out")" -eq 1 ]; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL $1: '$2' not on stderr alone; stdout:"; cat "$tmp/out"; echo "stderr:"; cat "$tmp/err"; fi
}
# check NAME COMMAND...: COMMAND succeeds
check() {
  local name=$1; shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name: $*"; fi
}
cd "$tmp" || exit 1
GROVE=$(cd "$OLDPWD" && realpath "$GROVE")

# ---- errors on stderr --------------------------------------------------------------
run replay nosuch.sav
on_stderr replay-missing "grove replay: cannot open nosuch.sav"
expect replay-missing "exit 1"
run replay
on_stderr replay-usage "usage: grove replay FILE"
expect replay-usage "exit 2"
run help nosuch
on_stderr help-unknown "no help topic 'nosuch'"
expect help-unknown "exit 2"
run help logger                         # as 'help logger' at the REPL: the game's options
expect help-game "Options of logger (grove play|sim|bench logger --set NAME=VALUE):"
expect help-game "exit 0"

# ---- one exit status for usage errors ---------------------------------------------------
run play logger --bot 5=mcts
on_stderr bot-seat "grove: --bot 5: the game has only 2 seats"
expect bot-seat "exit 2"
for cmd in "play logger" "sim logger -n 2" "show logger" "bench logger --playouts 2" "check logger -n 1" "serve logger"; do
  run $cmd --players 9
  on_stderr "players $cmd" "logger is played by 2 to 4 players, not 9"
  expect "players $cmd" "exit 2"
done
for cmd in "play" "sim -n 1" "show" "check -n 1" "bench --playouts 1" "list --options"; do
  run $cmd nosuchgame
  on_stderr "no-game $cmd" "no game 'nosuchgame'"
  expect "no-game $cmd" "exit 2"
done
run sim logger -n 2 --variant nosuch
on_stderr variant "logger has no variant 'nosuch'"
expect variant "exit 2"
export GROVE_PATH=$OLDPWD/tests/fixtures
run play syntax_error                   # the game's script is wrong, not the command line: 1
expect script-error "exit 1"
unset GROVE_PATH

# ---- --set: options only, decimal, once ---------------------------------------------------
run play logger --set players=3
on_stderr set-players "grove: --set players=3: the player count is no option of the game: use --players 3"
expect set-players "exit 2"
run sim logger -n 2 --set seed=5
on_stderr set-seed "grove sim: --set seed=5: the seed is no option of the game: use --seed 5"
expect set-seed "exit 2"
for v in 0x10 1e1 " 12" 12.0; do
  run sim logger -n 2 --set "winning_score=$v"
  on_stderr "set-decimal $v" "grove sim: option winning_score of logger takes a whole number from 1 to 99, not '$v' (write it in decimal digits)"
  expect "set-decimal $v" "exit 2"
done
run play logger --set winning_score=12 --set winning_score=15
on_stderr set-twice "grove: --set winning_score given twice, as 12 and as 15: give it once"
expect set-twice "exit 2"
run check logger -n 1 --set movement=3 --set movement=3
on_stderr set-twice-check "grove check: --set movement given twice, as 3 and as 3: give it once"
run sim logger -n 2 --set winning_score=+12
expect set-plus "options winning_score=+12"
expect set-plus "exit 0"
# at the REPL, sim starts from the session's options, and a --set typed replaces one
printf 'sim -n 2 --set winning_score=5\nquit\n' | "$GROVE" play logger --set winning_score=12 >"$tmp/out" 2>&1
expect repl-set "logger, 2 players, 2 games (seeds 1..2), bots random random, options winning_score=5"
reject repl-set "given twice"

# ---- "-" is the standard output, on every output option ----------------------------------
"$GROVE" sim logger -n 3 --json - >"$tmp/j" 2>"$tmp/err"
check json-stdout grep -q '^\[$' "$tmp/j"
check json-whole grep -q '^\]$' "$tmp/j"
check json-report-on-stderr grep -q "win rate" "$tmp/err"
check json-no-report-on-stdout bash -c "! grep -q 'win rate' '$tmp/j'"
check json-no-dash-file test ! -e "$tmp/-"
"$GROVE" sim logger -n 3 --csv - >"$tmp/c" 2>/dev/null
check csv-stdout grep -q '^variants,seed,length' "$tmp/c"
"$GROVE" sim logger -n 3 --plot - >"$tmp/p" 2>/dev/null
check plot-stdout grep -q '^<svg' "$tmp/p"
"$GROVE" sim logger -n 3 --records - >"$tmp/r" 2>/dev/null
check records-stdout test "$(grep -c '^{"study"' "$tmp/r")" = 3
"$GROVE" sim logger -n 4 --records "$tmp/s1.jsonl" --shard 1/2 >/dev/null 2>&1
"$GROVE" sim logger -n 4 --records - --shard 2/2 >"$tmp/s2.jsonl" 2>/dev/null
"$GROVE" merge "$tmp/s1.jsonl" "$tmp/s2.jsonl" --json - >"$tmp/m" 2>"$tmp/err"
check merge-stdout test "$(grep -c '"seed"' "$tmp/m")" = 4
check merge-report-on-stderr grep -q "win rate" "$tmp/err"
"$GROVE" bench logger --playouts 2 --json - >"$tmp/b" 2>/dev/null
check bench-stdout grep -q '"game": "logger"' "$tmp/b"
printf 'place a1\nsave %s\n' "$tmp/g.sav" | "$GROVE" play logger >/dev/null 2>&1
"$GROVE" replay "$tmp/g.sav" --html - >"$tmp/h" 2>"$tmp/err"
check html-stdout grep -q '<html' "$tmp/h"
check html-said-on-stderr grep -q "positions of logger" "$tmp/err"
"$GROVE" show logger -o - >"$tmp/v" 2>/dev/null
check show-stdout grep -q '^<svg' "$tmp/v"
run sim logger -n 3 --json - --csv -
on_stderr two-dashes "grove sim: --json - and --csv -: only one output can go to the standard output"
expect two-dashes "exit 2"
run sim logger -n 3 --records - --resume
on_stderr resume-dash "--resume reads the records file back: give a file, not '-'"
check dash-nowhere test ! -e "$tmp/-"

# ---- sim's help, progress bar, and a study that would not repeat ---------------------------
"$GROVE" sim --help >"$tmp/out" 2>&1
expect sim-help "(default: random for every seat, each move a legal move at random)"
expect sim-help "'-' writes it to the standard output"
if command -v script >/dev/null; then
  # on a terminal the bar says how long the rest will take
  script -qec "'$GROVE' sim logger -n 400" /dev/null </dev/null >"$tmp/out" 2>&1
  expect progress " left"
  expect progress "400 games in"
else
  echo "conventions: 'script' (bsdutils) missing: the progress bar is not checked"; fail=$((fail + 1))
fi
export GROVE_PATH=$OLDPWD/tests/fixtures/check/sound:$OLDPWD/tests/fixtures/check/broken
run sim hoard --variant pairs-moves -n 4
expect unrepeatable "exit 0"
check unrepeatable grep -qF "grove sim: warning: the games of hoard with pairs-moves change from run to run, so this study does not repeat: its first game (seed 1) played twice in fresh Lua states parts at move 1: the same legal moves come in another order; pairs visits string keys, in an order Lua draws anew in every run, at " "$tmp/err"
check unrepeatable-line grep -q "scripts/hoard/pairs-moves.lua:13. grove check hoard --players 2 --variant pairs-moves --seed 1 -n 1 names the line to fix" "$tmp/err"
check unrepeatable-once test "$(grep -c warning "$tmp/err")" = 1
"$GROVE" sim hoard -n 4 >"$tmp/out" 2>&1
reject repeatable "warning"
unset GROVE_PATH

# ---- what is counted reads right ----------------------------------------------------------
run check logger -n 1 --players 2
expect invariants "no hidden cards, its invariants checked after every move)"
reject invariants "invariants(s)"
cat >"$tmp/one.lua" <<'LUA'
local g = games.open("squirrel", { players = 2 })
g:edit("s.nuts:set(1, 1) s.coins:set(1, 1)")
print(g:render(1))
LUA
"$GROVE" run "$tmp/one.lua" >"$tmp/out" 2>&1
expect squirrel-one "1 nut, 1 coin, "
reject squirrel-one "1 nuts"
# a result line the stdlib words says what the score counts (rank.result)
"$GROVE" play flooded --players 3 --bot 1=random --bot 2=random --bot 3=random >"$tmp/out" 2>&1 </dev/null
check result-unit grep -Eq "(wins|share the win) with [0-9]+ points?$" "$tmp/out"
"$GROVE" play squirrel --bot 1=random --bot 2=random >"$tmp/out" 2>&1 </dev/null
check result-nuts grep -Eq "(wins|share the win) with [0-9]+ nuts?$" "$tmp/out"
finish conventions
