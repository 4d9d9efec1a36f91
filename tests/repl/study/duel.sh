#!/usr/bin/env bash
# grove duel: two bots on paired games. A bot against itself scores exactly
# 0.5 (each seed is played in every seat order, and the same bot on the
# same seed plays the same game, so what one order gives the other takes
# back); random against MCTS lies clearly below; threads, shards and
# --resume give the result of the whole duel on one thread; --sprt stops
# when its test decides; mcts:eval= plays another evaluation (a file or a
# function of the definition); a bad command line exits 2, saying why.
. "$(dirname "$0")/../lib.sh"
export GROVE_PATH=tests/fixtures/scripts

# run ARGS...: grove duel ARGS into $tmp/out, with its exit status last
run() {
  nice "$GROVE" duel "$@" >"$tmp/out" 2>&1
  echo "exit $?" >>"$tmp/out"
}
# score: the line of A's score in the last transcript
score() { grep -F "A scores" "$tmp/out"; }

# the same bot on both sides: exactly even, every seed split
run logger mcts:30 mcts:30 -n 8
expect self "logger, 2 players: A mcts:30 against B mcts:30"
expect self "4 seeds (1..4), each in both seat orders (A in seat 1, then in seat 2): 8 games"
expect self "A scores 0.500 (95% interval"
expect self "ahead on 0, behind on 0, even or split on 4"
expect self "-> no clear difference: the interval holds 0.5"
expect self "exit 0"
run logger mcts:30 mcts:30 -n 9 --players 3
expect self-3 "3 seeds (1..3), each in 3 seat orders (A in seat 1, 2 ... 3, B in the others): 9 games"
expect self-3 "A scores 0.500"
expect self-3 "exit 0"

# random against MCTS: clearly weaker, the same on two threads
run logger random mcts:30 -n 16
expect weaker "A scores 0.000 (95% interval 0.000-0.324) over 8 seeds: ahead on 0, behind on 8"
expect weaker "-> A is weaker than B: the interval lies below 0.5"
expect weaker "16 games played in"
expect weaker "exit 0"
score >"$tmp/one"
run logger random mcts:30 -n 16 --threads 2
score >"$tmp/two"
if cmp -s "$tmp/one" "$tmp/two"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL threads: '$(cat "$tmp/two")' on 2 threads, '$(cat "$tmp/one")' on 1"; fi
run logger mcts:30 random -n 16
expect stronger "A scores 1.000 (95% interval 0.676-1.000) over 8 seeds"
expect stronger "-> A is stronger than B: the interval lies above 0.5"

# alone: A plays each seed, then B does
run squirrel mcts:30 random --players 1 -n 8
expect solo "squirrel, 1 player: A mcts:30 against B random"
expect solo "4 seeds (1..4), each played by A and by B alone: 8 games"
expect solo "A scores 0.875"
reject solo "by seat"
expect solo "exit 0"

# --sprt: decided as soon as the test allows (30 seeds), or undecided at -n
run logger mcts:30 random --sprt
expect sprt "up to 100000 seeds (1..100000)"
expect sprt "30 seeds counted, A's score 1.000"
expect sprt "-> decided after 30 seeds: A is stronger than B"
expect sprt "exit 0"
run logger mcts:30 mcts:30 --sprt 10 -n 20
expect sprt-n "H0 even, H1 10 points either way"
expect sprt-n "-> undecided after 10 seeds (the most -n allows)"
expect sprt-n "exit 0"

# records in two shards, merged: the whole duel's result; --resume plays
# only the games a records file lacks
run logger random mcts:30 -n 16
score >"$tmp/whole"
run logger random mcts:30 -n 16 --records "$tmp/s1.jsonl" --shard 1/2
expect shard "shard 1/2: seeds 1..4 of the duel's 8: 8 games played"
expect shard "exit 0"
run logger random mcts:30 -n 16 --records "$tmp/s2.jsonl" --shard 2/2
expect shard "exit 0"
if [ "$(grep -c '"duel": {"a": "random", "b": "mcts:30", "order": [12], "orders": 2}' "$tmp/s1.jsonl")" = 8 ]; then
  pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL records: $tmp/s1.jsonl: $(head -c 300 "$tmp/s1.jsonl")"; fi
nice "$GROVE" merge "$tmp/s1.jsonl" "$tmp/s2.jsonl" >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect merge "logger, 2 players: A random against B mcts:30"
expect merge "exit 0"
score >"$tmp/merged"
if cmp -s "$tmp/whole" "$tmp/merged"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL merge: '$(cat "$tmp/merged")', the whole duel '$(cat "$tmp/whole")'"; fi
nice "$GROVE" merge "$tmp/s1.jsonl" >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect merge-missing "grove merge: 8 games missing"
expect merge-missing "exit 1"
head -n 3 "$tmp/s2.jsonl" >"$tmp/part.jsonl"
run logger random mcts:30 -n 16 --records "$tmp/part.jsonl" --shard 2/2 --resume
expect resume "5 games played, 3 already in $tmp/part.jsonl"
nice "$GROVE" merge "$tmp/s1.jsonl" "$tmp/part.jsonl" >"$tmp/out" 2>&1
score >"$tmp/merged"
if cmp -s "$tmp/whole" "$tmp/merged"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL resume: '$(cat "$tmp/merged")', the whole duel '$(cat "$tmp/whole")'"; fi
run logger mcts:30 random -n 16 --records "$tmp/part.jsonl" --shard 2/2 --resume
expect resume-other "line 1 is of another duel: random against mcts:30 in 2 arrangements, not mcts:30 against random in 2"
expect resume-other "exit 1"

# mcts:eval=: the expedition fixture's evaluate counts the hand as nothing;
# evaluates.hand, or a file that does the same, beats it
cat >"$tmp/hand.lua" <<'EOF'
-- the cards in hand counted as if played: what expedition's evaluate misses
return function(s)
  local values = {}
  for seat = 1, 2 do
    local sum, cards = 0, 0
    for _, zone in ipairs({ s["expedition" .. seat], s["hand" .. seat] }) do
      for _, card in ipairs({ zone:cards() }) do
        sum, cards = sum + (card - 1) % s.options.values + 1, cards + 1
      end
    end
    values[seat] = cards > 0 and sum - s.options.cost or 0
  end
  return values
end
EOF
run expedition mcts:eval=hand mcts -n 6
expect eval-name "A mcts:eval=hand against B mcts"
expect eval-name "A scores 0.833 (95% interval 0.116-1.000) over 3 seeds: ahead on 2, behind on 0"
expect eval-name "exit 0"
sed -n 's/^  points a game: A \([0-9]*\)\..*, B \([0-9]*\)\..*/\1 \2/p' "$tmp/out" >"$tmp/points"
if [ "$(awk '{ print ($1 > 5 * $2) }' "$tmp/points")" = 1 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL eval-name: points a game (A, B): $(cat "$tmp/points")"; fi
score >"$tmp/named"
run expedition "mcts:eval=$tmp/hand.lua" mcts -n 6
expect eval-file "A mcts:eval=$tmp/hand.lua against B mcts"
expect eval-file "exit 0"
score >"$tmp/file"
if cmp -s "$tmp/named" "$tmp/file"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL eval-file: '$(cat "$tmp/file")', evaluates.hand '$(cat "$tmp/named")'"; fi
run expedition mcts:eval=hand,depth=3 mcts:1 -n 2
expect eval-params "A mcts:depth=3,eval=hand against B mcts:1"
expect eval-params "exit 0"

# an eval= that names nothing: said before any game, naming what there is
run expedition mcts:eval=nosuch mcts -n 2
expect eval-missing "grove duel: bot A (mcts:eval=nosuch): eval=nosuch: expedition's evaluates has no 'nosuch' (it has: hand)"
expect eval-missing "exit 1"
run logger mcts mcts:eval=cautious -n 2
expect eval-none "grove duel: bot B (mcts:eval=cautious): eval=cautious: logger's definition has no evaluates table"
expect eval-none "exit 1"
echo 'return 42' >"$tmp/number.lua"
run expedition "mcts:eval=$tmp/number.lua" mcts -n 2
expect eval-number "the file returns number, not a function: end it with return function(s) ... end"
expect eval-number "exit 1"
printf 'local x =\nreturn function(s) end\n' >"$tmp/broken.lua"
run expedition "mcts:eval=$tmp/broken.lua" mcts -n 2
expect eval-syntax "$tmp/broken.lua:2:"
expect eval-syntax "exit 1"
run expedition "mcts:eval=$tmp/nofile.lua" mcts -n 2
expect eval-nofile "eval=$tmp/nofile.lua: "
expect eval-nofile "exit 1"
printf 'return function(s)\n  return { 1 }\nend\n' >"$tmp/short.lua"
run expedition "mcts:eval=$tmp/short.lua" mcts -n 2
expect eval-values "$tmp/short.lua:1: evaluate(s) gave seat 2 nothing, not a finite number"
expect eval-values "exit 1"

# a bad command line: exit 2 and what to fix
run logger
expect usage-bots "grove duel: name the two bots: grove duel GAME BOT_A BOT_B (grove duel --help)"
expect usage-bots "exit 2"
run logger mcts random greedy
expect usage-three "grove duel: unexpected argument 'greedy' (a duel is of two bots: GAME BOT_A BOT_B)"
expect usage-three "exit 2"
run logger mcts clever
expect usage-bot "grove duel: bot B: unknown bot 'clever'"
expect usage-bot "exit 2"
run logger mcts:depth=end,eval=hand random
expect usage-eval-end "eval=hand names the evaluate its rollouts end in, and depth=end plays them to the end, reading none"
expect usage-eval-end "exit 2"
run logger mcts random -n 0
expect usage-n "grove duel: -n needs a number of games"
expect usage-n "exit 2"
run logger mcts random --sprt 60
expect usage-sprt "grove duel: --sprt POINTS: a difference in A's score of more than 0 and less than 50 points, not 60"
expect usage-sprt "exit 2"
run logger mcts random --shard 1/2
expect usage-shard "grove duel: --shard writes its games to --records FILE: give one"
expect usage-shard "exit 2"
run logger mcts random --sprt --records "$tmp/x.jsonl"
expect usage-sprt-records "--sprt stops when its test decides"
expect usage-sprt-records "exit 2"
run logger mcts random --records -
expect usage-stdout "grove duel: --records -: the standard output carries the duel's result"
expect usage-stdout "exit 2"
run logger mcts random --fast
expect usage-option "grove duel: unknown option '--fast'"
expect usage-option "exit 2"
run nosuchgame mcts random -n 2
expect game "grove duel: "
expect game "nosuchgame"
expect game "exit 1"
run --help
expect help "usage: grove duel GAME BOT_A BOT_B"
expect help "exit 0"

finish duel
