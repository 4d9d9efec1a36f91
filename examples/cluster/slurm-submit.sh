#!/usr/bin/env bash
# Submit a grove sim study to Slurm: a job array of SHARDS tasks (one
# shard each) and a merge job that waits for all of them.
#
#   SHARDS=16 examples/cluster/slurm-submit.sh OUTDIR STUDY...
#   SHARDS=64 examples/cluster/slurm-submit.sh /shared/flood flooded -n 10000 --bots mcts:200
#
# Prints the two job ids; the summary lands in OUTDIR/summary.txt. Extra
# sbatch options (partition, time limit) go in SBATCH_* variables, which
# sbatch reads: SBATCH_PARTITION=long SBATCH_TIMELIMIT=2:00:00 ...
set -euo pipefail
out=$1; shift
here=$(cd "$(dirname "$0")" && pwd)
SHARDS=${SHARDS:-16}
mkdir -p "$out"
study=$(sbatch --parsable --array="1-$SHARDS" --chdir="$out" "$here/slurm-study.sbatch" "$(cd "$out" && pwd)" "$@")
study=${study%%;*}
merge=$(sbatch --parsable --dependency="afterok:$study" --chdir="$out" "$here/slurm-merge.sbatch" "$(cd "$out" && pwd)")
merge=${merge%%;*}
echo "study job $study ($SHARDS tasks), merge job $merge: the summary will be in $out/summary.txt"
