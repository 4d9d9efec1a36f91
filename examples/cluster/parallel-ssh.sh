#!/usr/bin/env bash
# A grove sim study over several machines with GNU parallel's --sshlogin:
# each shard runs on whichever host has a free slot, its records come back
# here (--return), and the merge runs here.
#
#   examples/cluster/parallel-ssh.sh HOSTS OUTDIR STUDY...
#   examples/cluster/parallel-ssh.sh 8/alice@box1,8/box2,4/: flood-study flooded -n 10000 --bots mcts:200
#
# HOSTS is parallel's list: N/host runs N shards at once there, ':' is this
# machine. Every host needs grove installed and the game on its GROVE_PATH,
# under the same rules: merge refuses records whose rules fingerprint
# differs. SHARDS (default 32): the total of the slots, or more (a small
# shard loses less when a host fails; run the script again to play the
# shards that failed: --cleanup removes a remote file once it is back).
set -euo pipefail
hosts=$1 out=$2; shift 2
GROVE=${GROVE:-grove}
SHARDS=${SHARDS:-32}
mkdir -p "$out"
cd "$out"
parallel --will-cite --halt now,fail=1 --sshlogin "$hosts" --return "shard-{}.jsonl" --cleanup \
  "$GROVE" sim "$@" --records "shard-{}.jsonl" --shard "{}/$SHARDS" ::: $(seq 1 "$SHARDS") >shards.log
"$GROVE" merge shard-*.jsonl --json games.json --csv games.csv --plot study.svg
