#!/usr/bin/env bash
# headtohead.sh GAME PLAYERS BOT_A BOT_B GAMES [SEED] [THREADS]
#
# How often bot A beats bot B at GAME, seats swapped: one seat plays A and
# the others B (ONE=B: one seat B and the others A), that seat taking each
# seat in turn on the same seeds (GAMES in all, GAMES / PLAYERS seeds per
# seat). A game scores for A the share of its (A seat, B seat) pairs in
# which A ranks ahead (a tie counts half): 1 or 0 with two players, and
# 0.5 on average whenever A and B are equally strong, whatever the player
# count. Alone (PLAYERS 1), A and B each play every seed and A wins a seed
# when it scores more.
#
# Prints A's rate with a 95% interval (normal, from the spread of the game
# scores), and the CPU seconds the games took (user + system, all threads).
#
#   bench/headtohead.sh logger 2 mcts mcts:1000,depth=end,reuse=no 200
#
# GROVE (default build/grove) is the program; each side of the study runs
# as one `grove sim --threads THREADS` (default 2); run it under `nice`.
# SCORES=FILE appends each game's score for A to FILE, one a line, so a
# long study can run in pieces (different seeds) and be summed at the end.
set -euo pipefail
game=$1 players=$2 a=$3 b=$4 n=$5 seed=${6:-1} threads=${7:-2}
one=${ONE:-A}
grove=${GROVE:-build/grove}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cpu=0

# sim OUT BOTS NGAMES: one run, its CPU seconds added to $cpu
sim() {
    local out=$1 bots=$2 count=$3
    local t0 t1
    t0=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
    # a game that fails (said on stderr) has no row; the others still count
    "$grove" sim "$game" -n "$count" --players "$players" --bots "$bots" --seed "$seed" \
        --threads "$threads" --csv "$out" >/dev/null || [ -s "$out" ]
    t1=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
    cpu=$(( cpu + t1 - t0 ))
}

if [ "$players" -eq 1 ]; then
    sim "$dir/a.csv" "$a" "$n"
    sim "$dir/b.csv" "$b" "$n"
    # columns: variants,seed,length,turns,capped,score1,rank1; seeds both played
    awk -F, 'FNR == 1 { next } NR == FNR { if ($5 == 0) a[$2] = $6; next }
             ($2 in a) && $5 == 0 { sa = a[$2]; sb = $6; print (sa > sb) ? 1 : (sa < sb) ? 0 : 0.5 }' \
        "$dir/a.csv" "$dir/b.csv" >"$dir/scores"
else
    per=$(( (n + players - 1) / players ))
    for seat in $(seq 1 "$players"); do
        bots=""
        sides=""                                          # A or B, seat by seat
        for s in $(seq 1 "$players"); do
            if [ "$s" -eq "$seat" ]; then side=$one; elif [ "$one" = A ]; then side=B; else side=A; fi
            if [ "$side" = A ]; then k=$a; else k=$b; fi
            bots="$bots${bots:+,}$k"
            sides="$sides$side"
        done
        sim "$dir/$seat.csv" "$bots" "$per"
        # ranks are the last PLAYERS columns
        tail -n +2 "$dir/$seat.csv" | awk -F, -v p="$players" -v sides="$sides" '
            $5 == 1 { next }                              # cut short: no result
            { r0 = NF - p; s = 0; pairs = 0
              for (i = 1; i <= p; i++) for (j = 1; j <= p; j++) {
                  if (substr(sides, i, 1) != "A" || substr(sides, j, 1) != "B") continue
                  s += ($(r0 + i) < $(r0 + j)) ? 1 : ($(r0 + i) == $(r0 + j)) ? 0.5 : 0; pairs++ }
              print s / pairs }' >>"$dir/scores"
    done
fi

if [ -n "${SCORES:-}" ]; then cat "$dir/scores" >>"$SCORES"; fi

hz=$(getconf CLK_TCK)
awk -v a="$a" -v b="$b" -v cpu="$cpu" -v hz="$hz" -v game="$game" -v p="$players" '
    { n++; sum += $1; sq += $1 * $1; if ($1 == 1) w++; else if ($1 == 0) l++ }
    END {
        m = sum / n; sd = sqrt((sq - n * m * m) / (n - 1)); h = 1.96 * sd / sqrt(n)
        printf "%s, %d player%s: %s against %s\n", game, p, p == 1 ? "" : "s", a, b
        printf "  %d games: A scores %.3f (95%% interval %.3f-%.3f); A won %d, lost %d, the rest shared or mixed\n",
               n, m, m - h, m + h, w, l
        printf "  CPU time %.0f s (%.2f s a game)\n", cpu / hz, cpu / hz / n
    }' "$dir/scores"
