#!/usr/bin/env bash
# A single-node Slurm on this machine runs a grove sim study as a 4-task
# job array (examples/cluster/slurm-submit.sh) with its dependent merge
# job, and the merge equals the single run. The test starts munged,
# slurmctld and slurmd itself, on localhost, with a throwaway key and
# configuration in a temporary folder, and stops them at the end.
# Needs root (slurmd starts jobs as their user) and the Debian packages
# slurm-wlm and munge (./setup.sh --cluster): make test-cluster.
set -u
GROVE=$(realpath "${GROVE:-build/grove}")
here=$(pwd)
tmp=$(mktemp -d)
pids=()
stop() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
  rm -rf "$tmp"
}
trap stop EXIT
die() { echo "FAIL slurm: $*"; for f in "$tmp"/*.log; do [ -f "$f" ] && { echo "== $f"; tail -20 "$f"; }; done; exit 1; }
for c in munged slurmctld slurmd sbatch; do
  command -v "$c" >/dev/null || PATH=$PATH:/usr/sbin command -v "$c" >/dev/null || die "$c not installed (./setup.sh --cluster)"
done
PATH=$PATH:/usr/sbin
[ "$(id -u)" = 0 ] || die "the single-node Slurm needs root (slurmd runs jobs as their user)"

# munge: a key of our own, a socket in the temporary folder
dd if=/dev/urandom of="$tmp/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$tmp/munge.key"
munged --foreground --force --key-file="$tmp/munge.key" --socket="$tmp/munge.sock" --pid-file="$tmp/munged.pid" \
  --log-file="$tmp/munged.log" --seed-file="$tmp/munge.seed" >"$tmp/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$tmp/munge.sock" ] && break; sleep 0.1; done
[ -S "$tmp/munge.sock" ] || die "munged did not start"

port=$((20000 + RANDOM % 20000))
mkdir -p "$tmp/state" "$tmp/spool"
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=grovetest
SlurmctldHost=localhost
SlurmUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge.sock
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=localhost CPUs=$(nproc) State=UNKNOWN
PartitionName=grove Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -D -i >"$tmp/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N localhost >"$tmp/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do sinfo -h -o %T 2>/dev/null | grep -q idle && break; sleep 0.2; done
sinfo -h -o %T 2>/dev/null | grep -q idle || die "the node did not come up: $(sinfo 2>&1)"

# the study: the single run, then the array and its merge job
study=(logger -n 40 --seed 9 --bots greedy,random)
"$GROVE" sim "${study[@]}" --json "$tmp/one.json" --csv "$tmp/one.csv" --plot "$tmp/one.svg" >"$tmp/one.txt" 2>&1 ||
  die "the single run failed"
cd "$here" || exit 1
GROVE=$GROVE SHARDS=4 bash examples/cluster/slurm-submit.sh "$tmp/study" "${study[@]}" >"$tmp/submit.txt" 2>&1 ||
  die "sbatch failed: $(cat "$tmp/submit.txt")"
cat "$tmp/submit.txt"
for _ in $(seq 300); do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 0.5; done
[ -z "$(squeue -h)" ] || die "jobs still queued: $(squeue)"
[ -s "$tmp/study/summary.txt" ] || die "no summary from the merge job: $(cat "$tmp"/study/*.log 2>/dev/null)"
pass=0 fail=0
check() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $*"; fi; }
n=$(ls "$tmp"/study/shard-*.jsonl | wc -l)
check [ "$n" = 4 ]
norm() { grep -v -e ' games in .* s (' -e '^plot written to ' "$1"; }
check diff <(norm "$tmp/one.txt") <(norm "$tmp/study/summary.txt")
check cmp "$tmp/one.json" "$tmp/study/games.json"
check cmp "$tmp/one.csv" "$tmp/study/games.csv"
check cmp "$tmp/one.svg" "$tmp/study/study.svg"
echo "slurm: $pass passed, $fail failed"
[ "$fail" = 0 ]
