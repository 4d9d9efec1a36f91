#!/usr/bin/env bash
# grove bench: every figure the performance issue names is printed and
# written to --json; --playouts N is a fixed amount of work (the same seed
# gives the same games, another seed other games); --variant and --players
# are honoured and a bad one is refused. No time is asserted.
. "$(dirname "$0")/lib.sh"

bench() { "$GROVE" bench "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }
# figure NAME: the number on the line starting with NAME in the last transcript
figure() { sed -n "s|^  $1  *\([0-9.]*\).*|\1|p" "$tmp/out"; }
same() {
  if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1: wanted '$2', got '$3'"; fi
}
differ() {
  if [ "$2" != "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1: both are '$2'"; fi
}

bench logger --playouts 30 --json "$tmp/r.json"
expect figures "logger (2 players,"
for line in "playouts/s" "moves/s" "mean moves/playout" "mean winning score" \
            "time in moves/apply/host" "allocations per move" "bytes per state" \
            "snapshot+restore ns" "MCTS iterations/s"; do
  expect figures "  $line"
done
expect figures " 30 (0 hit the move cap)"
expect figures "exit 0"
# Both MCTS figures: rollouts to the end, and the default bot's (evaluate).
expect mcts "(rollouts to the end)"
expect mcts "(the default bot: rollouts cut short by evaluate)"
if grep -q '"mcts_default_iterations_per_s": ' "$tmp/r.json"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL json: no mcts_default_iterations_per_s"; fi

cp "$tmp/out" "$tmp/first"
for key in game variants players seconds playouts_per_s moves_per_s mean_moves mean_winning_score \
           share_moves share_apply share_host allocs_per_move state_bytes snapshot_restore_ns \
           mcts_iterations_per_s; do
  if grep -q "\"$key\": " "$tmp/r.json"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL json: no $key"; fi
done
# The figures in the JSON are those printed.
moves=$(figure "mean moves/playout")
if grep -q "\"mean_moves\": $moves[0-9]*," "$tmp/r.json"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL json: mean_moves is not the printed $moves"; fi

# The same seed plays the same games; another seed, others.
bench logger --playouts 30 --seed 1
same seed "$moves" "$(figure "mean moves/playout")"
same seed "$(sed -n 's/^  mean winning score *//p' "$tmp/first")" "$(figure "mean winning score")"
bench logger --playouts 30 --seed 7
differ seed "$moves" "$(figure "mean moves/playout")"

bench logger --playouts 10 --players 3
expect players "logger (3 players,"
bench starfall --playouts 5 --variant scaredy-snake --json "$tmp/v.json"
expect variant "starfall with scaredy-snake (2 players,"
expect variant "exit 0"
if grep -q '"variants": "scaredy-snake"' "$tmp/v.json"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL variant: not in the JSON"; fi

# --json is JSON whatever a text option holds (quotes, backslashes, control
# characters): a game with a text option, its value given by --set.
mkdir -p "$tmp/text/scripts/label"
sed 's/name = "coinflip",/name = "label", options = { { name = "label", default = "coin", help = "any text" } },/' \
  tests/fixtures/scripts/coinflip/game.lua >"$tmp/text/scripts/label/game.lua"
GROVE_PATH="$tmp/text" "$GROVE" bench label --playouts 5 --set 'label=say "hi" \ 	tab' --json "$tmp/t.json" \
  >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect json-text "exit 0"
GROVE_PATH="$tmp/text" "$GROVE" bench label --bots random,random --games 2 --set 'label=a"b' --json "$tmp/tb.json" \
  >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect json-text "exit 0"
for f in t tb; do
  if node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' "$tmp/$f.json" 2>"$tmp/err"
  then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL json-text: $f.json is not JSON:"; cat "$tmp/err" "$tmp/$f.json"; fi
done
if grep -qF '"options": "label=say \"hi\" \\ \u0009tab"' "$tmp/t.json"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL json-text: the option's text is not escaped:"; cat "$tmp/t.json"; fi

# what the command line gets wrong is a usage error (exit 2)
bench starfall --playouts 5 --variant no-such
expect bad "has no variant 'no-such'"
expect bad "exit 2"
bench logger --players 9 --playouts 5
expect bad "played by 2 to 4 players, not 9"
expect bad "exit 2"
bench no-such-game --playouts 5
expect bad "exit 2"
bench logger --playouts -3
expect bad "exit 2"

# --bots: whole bot games, games per hour; the same seed, the same games.
bench logger --bots mcts:40,random --games 2 --json "$tmp/b.json"
expect bots "logger (2 players), bots mcts:40 random: 2 games in"
for line in "bot games/hour" "a 1,000-game study" "mean moves/game" "decisions/game" \
            "MCTS iterations/decision" "MCTS iterations/s"; do
  expect bots "  $line"
done
expect bots "exit 0"
for key in game players bots games seconds cpu_seconds games_per_hour cpu_games_per_hour mean_moves \
           decisions_per_game iterations_per_decision kept_per_decision; do
  if grep -q "\"$key\": " "$tmp/b.json"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL bots json: no $key"; fi
done
moves=$(figure "mean moves/game")
bench logger --bots mcts:40,random --games 2
same bots-seed "$moves" "$(figure "mean moves/game")"
bench logger --bots mcts:0.01s,depth=3,random --games 1 --seed 4 --players 2
expect bots-params "bots mcts:0.01s,depth=3 random: 1 game in"
bench logger --bots genius --games 1
expect bots-bad "grove bench: --bots: unknown bot 'genius'"
expect bots-bad "exit 2"
bench logger --bots mcts,random,random --games 1
expect bots-bad "3 bots for 2 players: give one kind, or one per seat"
expect bots-bad "exit 2"
bench logger --bots mcts --games 0
expect bots-bad "--games needs a positive count"
expect bots-bad "exit 2"

finish bench
