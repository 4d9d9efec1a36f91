#!/usr/bin/env bash
# A study split into shards (grove sim --records FILE --shard I/N) and
# merged (grove merge) gives the single run's summary, verdict, JSON, CSV
# and plot byte for byte (the timing line and the plot's file name aside);
# a worker killed mid-write loses only its unfinished games, --resume
# plays those, and merge refuses what is not one whole study.
. "$(dirname "$0")/../lib.sh"

# same NAME A B: files A and B are identical
same() {
  if cmp -s "$2" "$3"; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL $1: $2 and $3 differ"; diff "$2" "$3" | head -20; fi
}
# report FILE: a sim or merge transcript without its timing and plot-file lines
report() { grep -v -e ' games in .* s (' -e '^plot written to ' "$1"; }

# single STUDY...: the study on one machine, with every file
single() {
  "$GROVE" sim "$@" --json "$tmp/one.json" --csv "$tmp/one.csv" --plot "$tmp/one.svg" >"$tmp/one.txt" 2>&1
  echo "exit $?" >>"$tmp/one.txt"
}
# merged FILES...: merge them with every file, the report beside single's
merged() {
  "$GROVE" merge "$@" --json "$tmp/m.json" --csv "$tmp/m.csv" --plot "$tmp/m.svg" >"$tmp/m.txt" 2>&1
  echo "exit $?" >>"$tmp/m.txt"
  report "$tmp/one.txt" >"$tmp/one.rep"
  report "$tmp/m.txt" >"$tmp/m.rep"
}
check_same() {
  same "$1 summary" "$tmp/one.rep" "$tmp/m.rep"
  same "$1 json" "$tmp/one.json" "$tmp/m.json"
  same "$1 csv" "$tmp/one.csv" "$tmp/m.csv"
  same "$1 plot" "$tmp/one.svg" "$tmp/m.svg"
}

# four shards of a Logger study, each on its own thread count
study=(logger -n 24 --seed 5)
single "${study[@]}" --threads 2
for i in 1 2 3 4; do
  "$GROVE" sim "${study[@]}" --records "$tmp/s$i.jsonl" --shard "$i/4" --threads "$i" >"$tmp/out" 2>&1 || echo "FAIL shard $i"
done
expect shard "shard 4/4: games 18..23 of 24 (seeds 23..28): 6 played of 6"
[ "$(cat "$tmp"/s*.jsonl | wc -l)" = 24 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL lines: not one line per game"; }
merged "$tmp"/s4.jsonl "$tmp"/s2.jsonl "$tmp"/s1.jsonl "$tmp"/s3.jsonl
check_same logger
cp "$tmp/m.txt" "$tmp/out"
expect logger "exit 0"

# --compare: both sides in every shard, the verdict the same; cards counted (Squirrel Island)
GROVE_PATH=tests/fixtures "$GROVE" sim coinflip -n 400 --compare - biased --json "$tmp/one.json" --csv "$tmp/one.csv" \
  --plot "$tmp/one.svg" >"$tmp/one.txt" 2>&1; echo "exit $?" >>"$tmp/one.txt"
for i in 1 2 3; do
  GROVE_PATH=tests/fixtures "$GROVE" sim coinflip -n 400 --compare - biased --records "$tmp/c$i.jsonl" --shard "$i/3" >/dev/null 2>&1
done
GROVE_PATH=tests/fixtures merged "$tmp"/c[123].jsonl   # --json names the options: merge reads them from the game
check_same compare
cp "$tmp/m.txt" "$tmp/out"
expect compare "-> seat 1 wins more often under B"
single squirrel -n 12 --players 3
for i in 1 2; do "$GROVE" sim squirrel -n 12 --players 3 --records "$tmp/q$i.jsonl" --shard "$i/2" >/dev/null 2>&1; done
merged "$tmp"/q[12].jsonl
check_same cards
cp "$tmp/m.txt" "$tmp/out"
expect cards "cards played ("

# a worker killed mid-write: its file ends in part of a line
head -c -100 "$tmp/s3.jsonl" >"$tmp/killed.jsonl"
"$GROVE" merge "$tmp"/s1.jsonl "$tmp"/s2.jsonl "$tmp"/killed.jsonl "$tmp"/s4.jsonl >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect cut "killed.jsonl: its last line (line 6) is cut short, as a worker killed while writing leaves it: skipped"
expect cut "1 game missing: a shard not given, or not finished"
expect cut "exit 1"
reject cut "seat  bot"
# --resume drops the cut line and plays only the missing game
"$GROVE" sim "${study[@]}" --records "$tmp/killed.jsonl" --shard 3/4 --resume >"$tmp/out" 2>&1
expect resume "its last line (line 6) is cut short, as a run killed while writing leaves it: dropped"
expect resume "1 played, 5 already in"
merged "$tmp"/s1.jsonl "$tmp"/s2.jsonl "$tmp"/killed.jsonl "$tmp"/s4.jsonl
single "${study[@]}"
merged "$tmp"/s1.jsonl "$tmp"/s2.jsonl "$tmp"/killed.jsonl "$tmp"/s4.jsonl
check_same resumed
# resuming a whole file plays nothing
"$GROVE" sim "${study[@]}" --records "$tmp/s1.jsonl" --shard 1/4 --resume >"$tmp/out" 2>&1
expect whole "0 played, 6 already in"
# without --shard, --resume reads the file and reports the whole study
cat "$tmp"/s[12].jsonl >"$tmp/half.jsonl"
"$GROVE" sim "${study[@]}" --records "$tmp/half.jsonl" --resume >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect alone "12 games read from"
report "$tmp/out" | grep -v "games read from" >"$tmp/alone.rep"
same alone "$tmp/one.rep" "$tmp/alone.rep"

# refusals
"$GROVE" sim "${study[@]}" --records "$tmp/s1.jsonl" --shard 1/4 >"$tmp/out" 2>&1
expect exists "s1.jsonl exists ("
expect exists "--resume plays only the games it lacks"
# the records file is appended to, never written through a link or into a folder or device
ln -s "$tmp/s1.jsonl" "$tmp/link.jsonl"
cp "$tmp/s1.jsonl" "$tmp/s1.before"
"$GROVE" sim "${study[@]}" --records "$tmp/link.jsonl" --shard 1/4 --resume >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect link "link.jsonl: it is a symbolic link, which grove does not write through"
expect link "exit 1"
same link "$tmp/s1.before" "$tmp/s1.jsonl"
mkdir "$tmp/dir.jsonl"
"$GROVE" sim "${study[@]}" --records "$tmp/dir.jsonl" --shard 1/4 >"$tmp/out" 2>&1
expect folder "dir.jsonl: it is a folder"
"$GROVE" sim logger -n 24 --seed 6 --records "$tmp/other.jsonl" --shard 2/4 >/dev/null 2>&1
"$GROVE" merge "$tmp"/s1.jsonl "$tmp"/other.jsonl >"$tmp/out" 2>&1
expect seed "other.jsonl line 1 is of another study: first seed (--seed) 5 in"
"$GROVE" sim logger -n 24 --seed 5 --bots greedy,random --records "$tmp/bots.jsonl" --shard 2/4 >/dev/null 2>&1
"$GROVE" merge "$tmp"/s1.jsonl "$tmp"/bots.jsonl >"$tmp/out" 2>&1
expect bots "is of another study: bots random random in"
expect bots "greedy random in"
"$GROVE" sim "${study[@]}" --records "$tmp/bots.jsonl" --shard 2/4 --resume >"$tmp/out" 2>&1
expect resume-other "bots.jsonl holds the records of another study (bots greedy random in"
"$GROVE" sim "${study[@]}" --records "$tmp/s1.jsonl" --shard 2/4 --resume >"$tmp/out" 2>&1
expect resume-shard "holds game 0, which is not in shard 2/4 (games 6..11): the file of another shard?"
"$GROVE" merge "$tmp"/s1.jsonl "$tmp"/s1.jsonl "$tmp"/s2.jsonl >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect twice "game 0 (seed 5) is in"
expect twice "6 games recorded twice"
expect twice "exit 1"
: >"$tmp/empty.jsonl"
"$GROVE" merge "$tmp"/empty.jsonl >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect zero "no records in"
expect zero "exit 1"
{ head -n 2 "$tmp/s1.jsonl"; echo '{"study": 3}'; tail -n 2 "$tmp/s1.jsonl"; } >"$tmp/bad.jsonl"
"$GROVE" merge "$tmp"/bad.jsonl >"$tmp/out" 2>&1
expect damaged "bad.jsonl line 3 is not a record of grove sim: 'study' missing or malformed"
printf '{"study": \n' >"$tmp/bad.jsonl"
"$GROVE" merge "$tmp"/bad.jsonl >"$tmp/out" 2>&1
expect syntax "bad.jsonl line 1 is not a record of grove sim: the text ends where a value was expected at column 11"
"$GROVE" merge "$tmp/nothing.jsonl" >"$tmp/out" 2>&1
expect nofile "grove merge: cannot read $tmp/nothing.jsonl: No such file or directory"

# the rules changed between two shards: both fingerprints named
mkdir -p "$tmp/games/scripts"
cp -r tests/fixtures/scripts/coinflip "$tmp/games/scripts/"
GROVE_PATH=$tmp/games "$GROVE" sim coinflip -n 10 --records "$tmp/r1.jsonl" --shard 1/2 >/dev/null 2>&1
echo "-- changed" >>"$tmp/games/scripts/coinflip/game.lua"
GROVE_PATH=$tmp/games "$GROVE" sim coinflip -n 10 --records "$tmp/r2.jsonl" --shard 2/2 >/dev/null 2>&1
"$GROVE" merge "$tmp"/r1.jsonl "$tmp"/r2.jsonl >"$tmp/out" 2>&1
p1=$(grep -o '"rules": \["[0-9a-f]*' "$tmp/r1.jsonl" | head -1 | cut -d'"' -f4)
p2=$(grep -o '"rules": \["[0-9a-f]*' "$tmp/r2.jsonl" | head -1 | cut -d'"' -f4)
expect rules "r2.jsonl line 1 was played under other rules: rules fingerprint $p1 in $tmp/r1.jsonl, $p2 in $tmp/r2.jsonl"
[ "$p1" != "$p2" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL rules: the fingerprint did not change"; }

# options: records carry them, so shards played with --set merge into the
# single run with them (summary and every file), replay plays each
# recorded game with them, and a resume or merge of other options is
# refused naming both
study=(logger -n 12 --seed 3 --set winning_score=6 --set movement=3)
single "${study[@]}"
for i in 1 2 3; do
  "$GROVE" sim "${study[@]}" --records "$tmp/o$i.jsonl" --shard "$i/3" >"$tmp/out" 2>&1 || echo "FAIL options shard $i"
done
expect options-shard "options winning_score=6, movement=3"
grep -o '"options": \[[^]]*\]' "$tmp/o1.jsonl" | head -1 >"$tmp/out"
expect options-line '"options": [{"winning_score": 6, "movement": 3}]'
merged "$tmp"/o1.jsonl "$tmp"/o2.jsonl "$tmp"/o3.jsonl
check_same options
cp "$tmp/m.txt" "$tmp/out"
expect options-merge "logger, 2 players, 12 games (seeds 3..14), bots random random, options winning_score=6, movement=3"
grep -o '"options": {[^}]*}' "$tmp/m.json" | head -1 >"$tmp/out"
expect options-json '"options": {"winning_score": 6, "movement": 3, "protesters": 2, "pyramids": 20}'
"$GROVE" replay "$tmp/o2.jsonl" >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect options-replay "Someone reached 6 points"
expect options-replay "4 of 4 records replay"
expect options-replay "exit 0"
sed 's/"winning_score": 6/"winning_score": 9/' "$tmp/o2.jsonl" >"$tmp/o9.jsonl"
"$GROVE" replay "$tmp/o9.jsonl" >"$tmp/out" 2>&1
reject options-replay-other "4 of 4 records replay"
"$GROVE" sim logger -n 12 --seed 3 --set winning_score=7 --set movement=3 --records "$tmp/o1.jsonl" --shard 1/3 --resume >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect options-resume "$tmp/o1.jsonl holds the records of another study (options (--set) winning_score=6, movement=3 in $tmp/o1.jsonl line 1, winning_score=7, movement=3 in this command)"
expect options-resume "exit 1"
"$GROVE" sim "${study[@]}" --records "$tmp/o1.jsonl" --shard 1/3 --resume >"$tmp/out" 2>&1
expect options-resume-same "shard 1/3: games 0..3 of 12 (seeds 3..6): 0 played, 4 already in $tmp/o1.jsonl of 4"
"$GROVE" sim logger -n 12 --seed 3 --records "$tmp/d3.jsonl" --shard 3/3 >/dev/null 2>&1
"$GROVE" merge "$tmp"/o1.jsonl "$tmp"/o2.jsonl "$tmp"/d3.jsonl >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect options-merge-other "grove merge: $tmp/d3.jsonl line 1 is of another study: options (--set) winning_score=6, movement=3 in $tmp/o1.jsonl, none (every default) in $tmp/d3.jsonl"
expect options-merge-other "exit 1"
# a line written before records carried options reads as every default
"$GROVE" sim logger -n 4 --records "$tmp/old.jsonl" >/dev/null 2>&1
sed -i 's/, "options": \[{}\]//' "$tmp/old.jsonl"
grep -c '"options"' "$tmp/old.jsonl" >"$tmp/out"
expect old-lines "0"
"$GROVE" sim logger -n 4 --records "$tmp/old.jsonl" --resume >"$tmp/out" 2>&1
expect old-resume "4 games read from $tmp/old.jsonl, 0 played"

# what a shard cannot carry, refused with the reason
sim_refused() {
  "$GROVE" sim "$@" >"$tmp/out" 2>&1
  echo "exit $?" >>"$tmp/out"
}
sim_refused logger -n 10 --shard 1/2
expect no-records "--shard writes its games to --records FILE: give one"
sim_refused logger -n 10 --shard 3/2 --records "$tmp/x.jsonl"
expect bad-shard "--shard needs I/N, shard I (1 to N) of N: --shard 2/4"
sim_refused logger -n 10 --records "$tmp/x.jsonl" --compare - - --sprt first
expect sprt "--sprt stops when its test decides"
sim_refused logger -n 10 --records "$tmp/x.jsonl" --shard 1/2 --coverage
expect coverage "--coverage counts the lines this process runs"
sim_refused logger -n 10 --records "$tmp/x.jsonl" --shard 1/2 --json "$tmp/x.json"
expect files "a shard holds part of a study: grove merge FILES... writes --json, --csv and --plot of the whole"
expect files "exit 2"

# failed games are recorded with their reason, and merge says them as sim does
GROVE_PATH=tests/fixtures "$GROVE" sim fragile -n 3 --seed 4 --variant apply >"$tmp/one.txt" 2>&1
for i in 1 2; do
  GROVE_PATH=tests/fixtures "$GROVE" sim fragile -n 3 --seed 4 --variant apply --records "$tmp/f$i.jsonl" --shard "$i/2" >/dev/null 2>&1
done
"$GROVE" merge "$tmp"/f1.jsonl "$tmp"/f2.jsonl >"$tmp/out" 2>&1
expect failed "grove sim: game 0 (seed 4), move 4 (add 1): apply: scripts/fragile/apply.lua:7: the count ran past 5"
expect failed "grove sim: 3 of 3 games failed"
report "$tmp/one.txt" >"$tmp/one.rep"
report "$tmp/out" >"$tmp/m.rep"
same failed "$tmp/one.rep" "$tmp/m.rep"

finish shard
