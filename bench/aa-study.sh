#!/usr/bin/env bash
# aa-study.sh — how often does `grove sim --compare` cry wolf?
#
# An A/A study: the game against itself under the variant `shifted`
# (bench/aa/scripts/GAME/shifted.lua: exactly the same rules, one extra
# draw from the game's chance before setup, so the shuffles, dice and draws
# all come out differently). Nothing changes, so every "significant" the
# comparison reports is a false alarm. Over RUNS runs on separate seeds it
# counts the runs with any false alarm:
#
#   - as --compare reports them: p-values Holm-adjusted over all the
#     measures, which should keep the rate at or under the nominal 5%;
#   - as it would without the adjustment (each measure alone at 95%, how
#     grove judged before), from the same runs' unadjusted p-values;
#   - and, as many runs again, `--sprt first` (the sequential test of seat
#     1's win rate, B against A): how often it says "changed".
#
#   bash bench/aa-study.sh [GAME [RUNS [GAMES [PLAYERS]]]]
#     defaults: starfall, 40 runs of 1000 games, the game's fewest players
#   GROVE=path/to/grove and THREADS=N (default 2) are read from the environment.
#
# A study of grove's statistics, not a test: it takes a few minutes, and
# its counts are random (the rate's 95% interval is printed beside it).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
GROVE=${GROVE:-$here/../build/grove}
THREADS=${THREADS:-2}
game=${1:-starfall}
runs=${2:-40}
games=${3:-1000}
players=()
[ -n "${4:-}" ] && players=(--players "$4")
export GROVE_PATH=$here/aa${GROVE_PATH:+:$GROVE_PATH}
if [ ! -f "$here/aa/scripts/$game/shifted.lua" ]; then
  echo "aa-study: no bench/aa/scripts/$game/shifted.lua (a copy of another game's does)" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# wilson K N: "K of N = P% (95% interval LO%-HI%)"
wilson() {
  awk -v k="$1" -v n="$2" 'BEGIN {
    z = 1.96; p = k / n; d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d; h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    lo = c - h < 0 ? 0 : c - h; hi = c + h > 1 ? 1 : c + h
    printf "%d of %d runs = %.1f%% (95%% interval %.1f%%-%.1f%%)", k, n, 100 * p, 100 * lo, 100 * hi }'
}

echo "A/A study: $game ${4:+($4 players) }against itself with one extra draw before setup, random bots,"
echo "$runs runs of $games games on separate seeds, $THREADS threads"
echo
printf '  %4s  %-16s %10s %12s %9s\n' run seeds "Holm" "unadjusted" "r length"
holm=0 raw=0
for ((k = 1; k <= runs; k++)); do
  seed=$(( (k - 1) * games + 1 ))
  "$GROVE" sim "$game" "${players[@]}" -n "$games" --seed "$seed" --threads "$THREADS" \
    --compare - shifted >"$tmp/out"
  # the comparison's lines: ... p, Holm p, r [significant]
  read -r h u r < <(awk '
    /compared game by game/ { on = 1; next }
    on && /^  significant:/ { on = 0 }
    on && NF > 4 && $1 != "" && $0 !~ /Holm p/ {
      n = NF; if ($n == "significant") { sig = 1; n-- }
      r = $n; hp = $(n - 1); p = $(n - 2)
      if (p == "<0.001" || p + 0 < 0.05) raw = 1
      if ($0 ~ /length in moves/) rl = r
    }
    END { printf "%d %d %s\n", sig, raw, rl == "" ? "-" : rl }' "$tmp/out")
  holm=$((holm + h))
  raw=$((raw + u))
  printf '  %4d  %-16s %10s %12s %9s\n' "$k" "$seed..$((seed + games - 1))" \
    "$([ "$h" = 1 ] && echo ALARM || echo -)" "$([ "$u" = 1 ] && echo alarm || echo -)" "$r"
done
echo
echo "false alarms, Holm-adjusted (what --compare says):  $(wilson "$holm" "$runs"); nominal 5%"
echo "false alarms, each measure alone at 95% (before):   $(wilson "$raw" "$runs")"

echo
echo "the sequential test, --compare - shifted --sprt first (seat 1's win rate, 5 points either way):"
sprt=0 total=0 undecided=0
for ((k = 1; k <= runs; k++)); do
  seed=$(( k * 1000000 ))
  "$GROVE" sim "$game" "${players[@]}" --seed "$seed" --threads "$THREADS" -n 20000 \
    --compare - shifted --sprt first >"$tmp/out"
  line=$(grep -- "-> " "$tmp/out" | tail -1)
  n=$(grep -oE 'decided after [0-9]+' <<<"$line" | grep -oE '[0-9]+' || echo 20000)
  total=$((total + n))
  case $line in
    *"no change"*) ;;
    *undecided*) undecided=$((undecided + 1)) ;;
    *) sprt=$((sprt + 1)) ;;
  esac
done
echo "  false \"changed\": $(wilson "$sprt" "$runs"); nominal 5%"
echo "  undecided after 20000 games: $undecided; games per run: mean $((total / runs))"
