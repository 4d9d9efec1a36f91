#!/usr/bin/env bash
# grove learn: an evaluate learned from games the bots play. The model is a
# readable table of weights; the same command writes the same bytes, on
# one thread or two; learned on Expedition (whose own evaluate misleads the
# bot into never starting an expedition) it beats that evaluate outright;
# a game with no evaluate reads the learned.lua of its folder with the
# default bot (the same bot as mcts:eval=learned: a duel of the two is
# even on every seed) and grove check --bots says so; a model that is not
# one, or that names what the game no longer has, is refused saying what
# to do; a bad command line exits 2, saying why.
. "$(dirname "$0")/../lib.sh"
export GROVE_PATH=tests/fixtures/scripts

# run COMMAND ARGS...: grove COMMAND ARGS into $tmp/out, with its exit status last
run() {
  nice "$GROVE" "$@" >"$tmp/out" 2>&1
  echo "exit $?" >>"$tmp/out"
}

# learning Expedition: two rounds, the model written where -o says
run learn expedition --games 40 --iterations 40 -o "$tmp/exp.lua"
expect learn "grove learn expedition: 2 players,"
expect learn "features, 2 rounds of 40 games"
expect learn "round 1 of 2: random moves: 960 positions, held-out correlation"
expect learn "round 2 of 2: mcts:40,eval=$tmp/exp.lua: 1920 positions"
expect learn "wrote $tmp/exp.lua: the default bot reads it when expedition gives no evaluate"
expect learn "exit 0"
cp "$tmp/out" "$tmp/learn-out"
cp "$tmp/exp.lua" "$tmp/out"
expect model "-- learned.lua: an evaluate for the bots of expedition, learned from games they played."
expect model "--   grove learn expedition --games 40 --iterations 40 -o $tmp/exp.lua"
expect model "--   1920 positions of 80 games, 2 players; held-out games: predictions and results"
expect model "  format = 1,"
expect model '  game = "expedition",'
expect model '    { "deck expedition# cards", '
reject model '"deck pile'                      # shared: the same for every seat
reject model '"deck discards'

# alone: a solo game (its rival moves in turn, and the game ends with no
# seat to act) learns from a win and the score
GROVE_PATH= run learn squirrel --players 1 --games 10 --rounds 2 --iterations 20 -o "$tmp/solo.lua"
expect solo "grove learn squirrel: 1 player,"
expect solo "round 2 of 2: mcts:20,eval=$tmp/solo.lua:"
expect solo "exit 0"
cp "$tmp/solo.lua" "$tmp/out"
expect solo-model '{ "pool nuts", '

# the same bytes again, and on two threads
run learn expedition --games 40 --iterations 40 -o "$tmp/again.lua" --threads 2
sed "s#again.lua#exp.lua#; s# --threads 2##" "$tmp/again.lua" >"$tmp/again-same.lua"
if cmp -s "$tmp/exp.lua" "$tmp/again-same.lua"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL same: a second run (two threads) wrote another model:"; diff "$tmp/exp.lua" "$tmp/again-same.lua" | head; fi

# the learned model against the evaluate that misleads: it starts expeditions and wins
run duel expedition "mcts:60,eval=$tmp/exp.lua" mcts:60 -n 12
expect beats "-> A is stronger than B: the interval lies above 0.5"
expect beats "exit 0"

# a game with no evaluate: its learned.lua is what the default bot reads
mkdir -p "$tmp/games"
cp -r examples/tutorial/step5/scripts/crossing "$tmp/games/"
export GROVE_PATH="$tmp/games"
run duel crossing mcts:30 mcts:30,eval=learned -n 4
expect none "eval=learned: crossing has no learned.lua in its folder: grove learn crossing makes one"
expect none "exit 1"
run learn crossing --games 20 --rounds 1
expect folder "wrote $tmp/games/crossing/learned.lua: the default bot reads it when crossing gives no evaluate; mcts:eval=learned reads it always"
expect folder "exit 0"
run duel crossing mcts:30 mcts:30,eval=learned -n 8
expect default "A scores 0.500 (95% interval"
expect default "ahead on 0, behind on 0, even or split on 4"
run duel crossing mcts:30 mcts:30,depth=end -n 8
reject differs "ahead on 0, behind on 0, even or split on 4"     # it did play another bot before
run check crossing --bots --bot mcts:30 -n 4
expect check "mcts:30 reads the game's learned.lua (grove learn's): the game gives no"
expect check "reference: mcts:"
rm "$tmp/games/crossing/learned.lua"
run check crossing --bots --bot mcts:30 -n 4
expect check-none "no reference: the game gives no evaluate(s), so mcts:30 plays its rollouts"
expect check-none "(grove learn crossing gives it one)"

# a weight edited by hand is read as written
printf 'return { format = 1, weights = { { "score", 1 }, { "to move", 0.5 } } }\n' >"$tmp/hand.lua"
run duel crossing "mcts:30,eval=$tmp/hand.lua" mcts:30 -n 4
expect edited "crossing, 2 players: A mcts:30,eval=$tmp/hand.lua against B mcts:30"
expect edited "exit 0"

# models refused, saying what to do
printf 'return { format = 1, weights = { { "pool nothing", 1 } } }\n' >"$tmp/gone.lua"
run duel crossing "mcts:30,eval=$tmp/gone.lua" mcts:30 -n 2
expect gone "the model reads 'pool nothing', which crossing's state does not have (with 2 players): the rules changed since it was learned; run grove learn crossing again"
expect gone "exit 1"
printf 'return { format = 2 }\n' >"$tmp/newer.lua"
run duel crossing "mcts:30,eval=$tmp/newer.lua" mcts:30 -n 2
expect format "format is 2, not 1: a model grove learn did not write, or a newer grove's; run grove learn again"
printf 'return { format = 1, weights = { { "score" } } }\n' >"$tmp/half.lua"
run duel crossing "mcts:30,eval=$tmp/half.lua" mcts:30 -n 2
expect entry "weights[1] is not { \"feature name\", number }"
printf 'return 3\n' >"$tmp/three.lua"
run duel crossing "mcts:30,eval=$tmp/three.lua" mcts:30 -n 2
expect number "the file returns number, not a function"

# the command line
run learn crossing -o model.txt
expect output "grove learn: -o model.txt: name a file ending in .lua"
expect output "exit 2"
run learn crossing --games 3
expect games "grove learn: --games needs a number of games, 5 or more"
expect games "exit 2"
run learn crossing --bot 1=random
expect bot "grove learn: --bot: the bots are learn's own"
expect bot "exit 2"
run learn
expect game "grove learn: name the game (grove list lists them)"
expect game "exit 2"
run learn nosuch
expect nosuch "grove learn: no game 'nosuch'"
expect nosuch "exit 2"
run learn crossing --players 5
expect players "exit 2"
run learn --help
expect help "usage: grove learn GAME"
expect help "exit 0"

finish learn
