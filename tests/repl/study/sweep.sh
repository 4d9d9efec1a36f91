#!/usr/bin/env bash
# grove sim GAME --sweep NAME=A,B,C: one study per value on the same seeds,
# one table (a row per value), each row the numbers of the single study
# --set NAME=VALUE gives; a player-count sweep; values checked as --set
# checks them before any game runs; --json a study per value (grove replay
# plays its games), --plot each measure against the value; the
# combinations that make no sense refused; the same at the REPL.
. "$(dirname "$0")/../lib.sh"
run() { "$GROVE" "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }
needs_xmllint() { command -v xmllint >/dev/null || { echo "FAIL sweep: xmllint not found (setup.sh installs libxml2-utils)"; fail=$((fail + 1)); }; }

# the table: a row per value, with the measures and their intervals
run sim logger -n 40 --seed 2 --sweep winning_score=5,10,15 --threads 2 --json "$tmp/s.json" --plot "$tmp/s.svg"
cp "$tmp/out" "$tmp/sweep.txt"
expect header "logger, 2 players, 40 games per value (seeds 2..41), bots random random, sweep winning_score=5,10,15"
expect table "  winning_score  games"
expect table "seat 1 wins"
expect table "seat 1 - even"
expect table "length (moves)"
expect table "seat 2 score"
expect notes "  [ ]: 95% intervals (Wilson for win rates, Student's t for means)"
expect notes "  120 games in "
expect notes "plot written to $tmp/s.svg"
expect exit "exit 0"
[ "$(grep -cE '^ +(5|10|15) +40 ' "$tmp/sweep.txt")" = 3 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL rows: not one row per value"; }

# each row is the single study of its value, game for game: the same wins,
# length and scores as grove sim --set NAME=VALUE on the same seeds
for v in 5 15; do
  "$GROVE" sim logger -n 40 --seed 2 --set winning_score=$v >"$tmp/one.txt" 2>&1
  row=$(grep -E "^ +$v +40 " "$tmp/sweep.txt")
  rate=$(awk '$1 == 1 { print $4 }' "$tmp/one.txt")            # seat 1's win rate: "53.8%"
  mean=$(sed -n 's/^  length in moves: mean \([0-9.]*\) .*/\1/p' "$tmp/one.txt")
  score=$(awk '$1 == 2 { print $8 }' "$tmp/one.txt")           # seat 2's mean score
  case "$row" in
    *" $rate ["*" $mean ["*" $score ["*) pass=$((pass + 1)) ;;
    *) fail=$((fail + 1)); echo "FAIL row $v: '$row' lacks $rate, length $mean, score $score of the single study" ;;
  esac
done

# --json: one document with a study per value, its summary and its games;
# grove replay plays every game with its study's options
run replay "$tmp/s.json"
expect json-replay "120 of 120 records replay"
grep -o '"sweep": "winning_score", "values": \[5, 10, 15\]' "$tmp/s.json" >"$tmp/out"
expect json-head '"sweep": "winning_score", "values": [5, 10, 15]'
grep -c '"winning_score": 15, "movement": 2' "$tmp/s.json" >"$tmp/out"
expect json-options "41"
# --plot: well-formed, a panel per measure, a point per value and seat
needs_xmllint
if command -v xmllint >/dev/null; then
  xmllint --noout "$tmp/s.svg" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL plot: not well-formed"; }
  n=$(xmllint --xpath 'count(//*[local-name()="g"][@class="panel"])' "$tmp/s.svg")
  [ "$n" = 5 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL plot: $n panels, not 5"; }
  n=$(xmllint --xpath 'count(//*[local-name()="g"][@id="winrate"]//*[local-name()="circle"])' "$tmp/s.svg")
  [ "$n" = 6 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL plot: $n win-rate points, not 6"; }
fi

# a player-count sweep: a column per seat of the largest count
run sim logger -n 10 --sweep players=2,4
expect players "logger, 10 games per value (seeds 1..10), bots random, sweep players=2,4"
expect players "seat 4 wins"
grep -E '^ +2 +10 ' "$tmp/out" >"$tmp/row"
grep -q -- ' - ' "$tmp/row" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL players: 2 players shows no '-' for seats 3 and 4"; }
# solo: no first-seat column
run sim squirrel -n 20 --players 1 --sweep rival_nuts=15,35
expect solo "squirrel, 1 player, 20 games per value"
reject solo "seat 1 - even"
grep -qE '^ +15 +20 .*\] +- +[0-9]' "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL solo: the turns column is not '-' alone"; }

# an option the rules never read: every value plays out the same games,
# and the table says so rather than passing it off as "no effect"
mkdir -p "$tmp/ext/scripts/deaf"
cat >"$tmp/ext/scripts/deaf/game.lua" <<'EOF'
local game = require "grove.game"
local rank = require "grove.rank"
local MOVE = game.kinds { "step" }
return game.define {
  name = "deaf",
  players = { min = 2, max = 2 },
  options = {
    { name = "goal", default = 3, min = 1, max = 9, help = "read by the rules" },
    { name = "unread", default = 1, min = 1, max = 9, help = "declared, never read" },
  },
  setup = function(s) s:vars("v", { "steps", "first" }) end,
  actor = function(s) return s.v.steps % 2 + 1 end,
  moves = function(s, out)
    if s.v.steps < s.options.goal * 2 then out:add(MOVE.step, 1); out:add(MOVE.step, 2) end
  end,
  apply = function(s, m)
    local _, side = grove.move_parts(m)
    if s.v.steps == 0 then s.v.first = side end
    s.v.steps = s.v.steps + 1
  end,
  result = function(s)
    if s.v.steps == s.options.goal * 2 then return rank.result(s.v.first == 1 and { 1, 0 } or { 0, 1 }) end
  end,
  describe = function(_, m) return "step " .. select(2, grove.move_parts(m)) end,
}
EOF
GROVE_PATH="$tmp/ext" run sim deaf -n 20 --sweep unread=1,5,9
expect unread "  every value of unread played out the same games (game for game the same length, moves and scores):"
expect unread "  do the rules read it? (grove list --options deaf shows the options; a rule reads s.options.unread)"
expect unread "exit 0"
GROVE_PATH="$tmp/ext" run sim deaf -n 20 --sweep goal=1,2
reject read "played out the same games"
expect read "exit 0"
run sim logger -n 20 --sweep protesters=1,2
reject logger-read "played out the same games"

# values checked before any game runs, as --set checks them
run sim logger -n 5 --sweep winning_score=5,abc
expect type "grove sim: option winning_score of logger takes a whole number from 1 to 99, not 'abc'"
expect type "exit 1"
reject type "games per value"
run sim logger -n 5 --sweep winning_score=5,100
expect range "grove sim: option winning_score of logger takes a whole number from 1 to 99, not 100"
run sim logger -n 5 --sweep winning_scor=5,10
expect unknown "grove sim: logger has no option 'winning_scor' (did you mean 'winning_score'?"
run sim logger -n 5 --sweep players=2,6
expect count "grove sim: logger is played by 2 to 4 players, not 6"
run sim logger -n 5 --sweep players=2,two
expect count-word "grove sim: --sweep players: 'two' is no player count (a whole number from 1 to"
run sim logger -n 5 --sweep winning_score=5
expect one "a sweep needs two values or more (one value is --set winning_score=5)"
run sim logger -n 5 --sweep winning_score=5,,9
expect empty "--sweep winning_score: an empty value in '5,,9'"
run sim logger -n 5 --sweep winning_score=5,05
expect twice "--sweep winning_score: the value 5 is given twice"
run sim logger -n 5 --sweep movement
expect shape "--sweep needs NAME=A,B,C (a game option, or players)"
expect shape "exit 2"

# combinations refused with the reason
run sim logger -n 5 --sweep winning_score=5,9 --set winning_score=7
expect set-same "grove sim: --set winning_score=7 and --sweep winning_score=5,9: the sweep gives winning_score its value in each study; drop the --set"
run sim logger -n 5 --sweep winning_score=5,9 --sweep movement=1,2
expect grid "one --sweep at a time"
run sim logger -n 5 --sweep winning_score=5,9 --compare - -
expect compare "--sweep and --compare"
run sim logger -n 5 --sweep winning_score=5,9 --sprt first
expect sprt "--sprt stops one study when its test decides"
run sim logger -n 5 --sweep winning_score=5,9 --records "$tmp/x.jsonl"
expect records "--sweep keeps its games in --json FILE (a study per value)"
run sim logger -n 5 --sweep winning_score=5,9 --csv "$tmp/x.csv"
expect csv "--csv writes a row per game of one study"
run sim logger -n 5 --sweep players=2,3 --players 2
expect players-given "--sweep players sets the player count of each study: drop --players"
run sim logger -n 5 --sweep players=2,3 --bots random,random
expect players-bots "give one bot kind for every seat"
expect refused "exit 2"

# with the other options: --set, --bots, --variant
run sim logger -n 6 --sweep movement=1,3 --set winning_score=4 --bots greedy
expect with-set "logger, 2 players, 6 games per value (seeds 1..6), bots greedy greedy, options winning_score=4, sweep movement=1,3"

# at the REPL: the game's own options and player count give way to the sweep
printf 'sim -n 8 --sweep players=2,3\nsim -n 8 --sweep winning_score=4,6\nquit\n' | "$GROVE" play logger --set winning_score=5 >"$tmp/out" 2>&1
expect repl-players "logger, 8 games per value (seeds 1..8), bots random, options winning_score=5, sweep players=2,3"
expect repl-option "logger, 2 players, 8 games per value (seeds 1..8), bots random random, sweep winning_score=4,6"
reject repl "drop"

# documented
run sim --help
expect help "--sweep NAME=A,B,C: one study per value of game option NAME"

finish sweep
