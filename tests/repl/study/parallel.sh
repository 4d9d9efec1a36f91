#!/usr/bin/env bash
# GNU parallel, a real cluster tool, runs a study as 4 shards through
# examples/cluster/parallel-local.sh, and the merge equals the single run:
# summary (timing aside), JSON, CSV and plot. setup.sh installs parallel.
. "$(dirname "$0")/../lib.sh"
if ! command -v parallel >/dev/null; then
  echo "FAIL parallel: GNU parallel is not installed (apt-get install parallel; setup.sh does)"
  exit 1
fi
study=(starfall -n 24 --seed 3 --compare - star-fluke --bots greedy,random)
"$GROVE" sim "${study[@]}" --json "$tmp/one.json" --csv "$tmp/one.csv" --plot "$tmp/one.svg" >"$tmp/one.txt" 2>&1
GROVE=$GROVE SHARDS=4 bash examples/cluster/parallel-local.sh "$tmp/study" "${study[@]}" >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
expect run "exit 0"
ls "$tmp/study"/shard-*.jsonl >"$tmp/files"
[ "$(wc -l <"$tmp/files")" = 4 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL shards: not 4 files"; }
norm() { grep -v -e ' games in .* s (' -e '^plot written to ' -e '^exit ' "$1"; }
for f in json csv; do
  cmp -s "$tmp/one.$f" "$tmp/study/games.$f" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL $f differs"; }
done
cmp -s "$tmp/one.svg" "$tmp/study/study.svg" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL plot differs"; }
if diff <(norm "$tmp/one.txt") <(norm "$tmp/out"); then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL summary differs"; fi
# run again: every shard resumes with nothing to play, the answer the same
GROVE=$GROVE SHARDS=4 bash examples/cluster/parallel-local.sh "$tmp/study" "${study[@]}" >"$tmp/again" 2>&1
grep -q ": 0 played" "$tmp/study/shards.log" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL resume: games played again"; }
if diff <(norm "$tmp/out") <(norm "$tmp/again"); then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL rerun differs"; fi
finish parallel
