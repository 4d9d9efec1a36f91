#!/usr/bin/env bash
# Player counts: a game's usual count (players.default) is what play, sim
# and bench use when none is given, and every summary states it; a variant
# declares the counts it takes, and every way of opening a game refuses the
# others naming the variant. Solo games may be lost: bots, sim, replay and
# the REPL's rank table accept the rival's win (rank 2 of 1 seat).
. "$(dirname "$0")/../lib.sh"
run() { "$GROVE" "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }

# The usual count: Once Upon a Forest's is 2 (it takes 1 to 4).
run play onceupon </dev/null
expect default-play "onceupon, 2 players, seed 1"
run sim onceupon -n 2
expect default-sim "onceupon, 2 players, 2 games (seeds 1..2), bots random random"
run bench onceupon --playouts 2
expect default-bench "onceupon (2 players, "
run sim onceupon -n 2 --variant solo
expect default-variant "onceupon, 1 player, 2 games (seeds 1..2), bots random, variants solo"
run bench onceupon --playouts 2 --variant solo
expect default-bench-variant "onceupon with solo (1 player, "
run play onceupon --players 1 </dev/null
expect player-variant "onceupon, 1 player, seed 1, variants solo"

# The README's A/B study compares 2-player games, and finds the difference.
run sim onceupon -n 400 --compare - semi-coop
expect compare "A = (no variant), B = semi-coop, 2 players: the same 400 seeds and bots, compared game by game (B - A)"
expect compare "-> seat 1 wins less often under B"

# Counts a variant does not take are refused, naming it, on every path, as
# a usage error (exit 2).
solo2="the variant solo of onceupon is played by 1 player, not 2"
semi1="the variant semi-coop of onceupon is played by 2 to 4 players, not 1"
both="the variants solo and semi-coop of onceupon share no player count: solo is played by 1 player, semi-coop by 2 to 4 players"
run play onceupon --players 2 --variant solo </dev/null
expect play-refused "grove: $solo2"
expect play-refused "exit 2"
run play onceupon --players 1 --variant semi-coop </dev/null
expect play-refused "grove: $semi1"
run play onceupon --players 3 --variant solo,semi-coop </dev/null
expect play-refused "grove: $both"
run sim onceupon -n 2 --players 2 --variant solo
expect sim-refused "grove sim: $solo2"
expect sim-refused "exit 2"
run sim onceupon -n 2 --variant semi-coop,solo
expect sim-refused "share no player count"
run sim onceupon -n 2 --players 1 --compare - semi-coop
expect compare-refused "grove sim: $semi1"
run sim onceupon -n 2 --compare solo semi-coop
expect compare-refused "grove sim: $semi1"
expect compare-refused "exit 2"
run bench onceupon --playouts 2 --players 2 --variant solo
expect bench-refused "grove bench: $solo2"
expect bench-refused "exit 2"
run bench onceupon --playouts 2 --variant solo,semi-coop
expect bench-refused "grove bench: $both"
expect bench-refused "exit 2"
run run /dev/stdin <<<'games.open("onceupon", { players = 1, variants = "semi-coop" })'
expect open-refused "$semi1"
expect open-refused "exit 1"
printf 'sim -n 2 --variant solo\nquit\n' | run play onceupon
expect repl-sim-refused "grove sim: $solo2"

# Solo Squirrel Island, where the rival may win: the bots play it, sim
# counts a lost game as a loss, the records replay, the rank table shows it.
run sim squirrel -n 4 --players 1 --bots mcts:30 --json "$tmp/solo.json"
expect solo-sim "squirrel, 1 player, 4 games (seeds 1..4), bots mcts:30"
expect solo-sim "exit 0"
reject solo-sim "failed"
run sim squirrel -n 4 --players 1 --bots greedy
expect solo-greedy "     1  greedy          0.0     0.0% (  0.0%- 49.0%)"
expect solo-greedy "exit 0"
run replay "$tmp/solo.json"
expect solo-replay "4 of 4 records replay"
run play squirrel --players 1 --bot 1=random </dev/null
expect solo-table "the rival wins with 29 nuts to 8"
expect solo-table "     2     1      8"

# grove list says which counts a variant takes where they are not the game's.
run list
expect list "onceupon     Once Upon a Forest       1-4 players   variants: solo (1) semi-coop (2-4)"
expect list "starfall     Starfall Forest          2-4 players   variants: scaredy-snake star-fluke"

finish players
