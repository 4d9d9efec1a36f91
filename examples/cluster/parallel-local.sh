#!/usr/bin/env bash
# A grove sim study on every core of this machine with GNU parallel
# (Debian: apt-get install parallel): one shard per core, then the merge.
#
#   examples/cluster/parallel-local.sh OUTDIR STUDY...
#   examples/cluster/parallel-local.sh flood-study flooded -n 10000 --bots mcts:200
#
# Run it again after a crash or Ctrl-C: --resume plays only the games the
# shards' records lack. GROVE names the grove binary (default: grove),
# SHARDS the number of shards (default: the cores, nproc).
set -euo pipefail
out=$1; shift
GROVE=${GROVE:-grove}
SHARDS=${SHARDS:-$(nproc)}
mkdir -p "$out"
# the one line: shard {} of $SHARDS, each writing its own JSON Lines file
parallel --will-cite --halt now,fail=1 "$GROVE" sim "$@" --records "$out/shard-{}.jsonl" --shard "{}/$SHARDS" \
  --resume ::: $(seq 1 "$SHARDS") >"$out/shards.log"
"$GROVE" merge "$out"/shard-*.jsonl --json "$out/games.json" --csv "$out/games.csv" --plot "$out/study.svg"
