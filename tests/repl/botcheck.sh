#!/usr/bin/env bash
# grove check GAME --bots: the default bot against random play and against
# rollouts to the end at its CPU time. The expedition fixture's evaluate
# counts the hand as nothing, so its bot never starts an expedition: it is
# flagged, with the figures and the duels to try, and passes once it reads
# the hand (mcts:eval=hand). Logger's and Squirrel Island's bots pass (the
# other shipped games take minutes each: docs/designing.md has their
# figures). The figures of the reference's timing vary from run to run;
# none of them is compared here.
. "$(dirname "$0")/lib.sh"
export GROVE_PATH=tests/fixtures/scripts

# run ARGS...: grove check ARGS into $tmp/out, with its exit status last;
# the report is wrapped to 78 columns, so each run of spaces and line
# breaks is read as one space (the patterns below are written so)
run() {
  nice "$GROVE" check "$@" >"$tmp/raw" 2>&1
  echo "exit $?" >>"$tmp/raw"
  tr -s ' \n' '  ' <"$tmp/raw" >"$tmp/out"
}

# the misleading evaluate: flagged against random and against the reference
run expedition --bots --threads 2
expect flagged "expedition, 2 players: the bot mcts against random play and against a reference"
expect flagged "mcts against random: 0.042 (95% interval 0.000-0.133) over 12 seeds, 24 games:"
expect flagged "NOT clearly stronger"
expect flagged "reference: mcts:"
expect flagged "clearly WEAKER"
expect flagged "WARNING expedition: mcts is not clearly stronger than random play: its score"
expect flagged "grove duel expedition mcts:depth=end random (no evaluate: if it wins, evaluate is at fault)"
expect flagged "grove duel expedition mcts:eval=NAME mcts"
expect flagged "NAME: one of the definition's evaluates (hand), or a file FILE.lua"
expect flagged "WARNING expedition: mcts is clearly weaker than mcts:"
reject flagged "the bot passed"
expect flagged "exit 1"

# ... and the evaluate it should have had passes
run expedition --bots --bot mcts:eval=hand --threads 2
expect fixed "mcts:eval=hand against random: 1.000"
reject fixed "WARNING"
expect fixed "expedition: the bot passed: mcts:eval=hand is clearly stronger than random, and not clearly weaker than the reference"
expect fixed "exit 0"

# the shipped games' own bots pass
for game in logger squirrel; do
  run "$game" --bots --threads 2
  expect "$game" "$game: the bot passed: mcts is clearly stronger than random, and not clearly weaker than the reference"
  reject "$game" "WARNING"
  expect "$game" "exit 0"
done

# a reference given; a game with no evaluate has no reference to check
run expedition --bots --reference mcts:10,depth=end -n 4
expect reference "reference: mcts:10,depth=end (--reference)"
expect reference "mcts against mcts:10,depth=end: "
run coinflip --bots -n 4
expect no-evaluate "no reference: the game gives no evaluate(s), so mcts plays its rollouts to the end already"
expect no-evaluate "The game gives no evaluate(s), so the bot plays its"
expect no-evaluate "grove duel coinflip mcts:1000 random (more iterations)"
expect no-evaluate "exit 1"

# a bad command line: exit 2 and what to fix
run logger --bot mcts
expect usage-bots "grove check: --bot, --reference and --threads are for --bots (the bot's check)"
expect usage-bots "exit 2"
run logger --bots --bot clever
expect usage-bot "grove check: --bot: unknown bot 'clever'"
expect usage-bot "exit 2"
run logger --bots --reference
expect usage-reference "grove check: --reference needs a bot"
expect usage-reference "exit 2"
run expedition --bots --bot mcts:eval=nosuch -n 2
expect usage-eval "eval=nosuch: expedition's evaluates has no 'nosuch' (it has: hand)"
expect usage-eval "exit 1"

finish botcheck
