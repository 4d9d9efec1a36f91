#!/usr/bin/env bash
# side_by_side.sh SCRIPT...: run test scripts JOBS at a time (default: one a
# processor), each with bash, printing a script's whole output under its
# "== SCRIPT" line once it has finished, so the outputs never interleave.
# Exits 1 after the last one when any failed, naming them. Slow scripts
# first keeps the processors busy to the end.
#
#   JOBS=2 GROVE=build/grove bash tests/side_by_side.sh tests/repl/session/hang.sh ...
set -u
jobs=${JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || { echo "side_by_side.sh: JOBS must be a number 1 or more, not '$jobs'" >&2; exit 2; }
[ "$#" -gt 0 ] || { echo "usage: side_by_side.sh SCRIPT..." >&2; exit 2; }
out=$(mktemp -d)
trap 'rc=$?; kill $(jobs -p) 2>/dev/null; rm -rf "$out"; exit $rc' EXIT
trap 'exit 130' INT TERM

declare -A script_of=() log_of=()       # pid -> script, and its output
failed=()
i=0

# report PID RC: print what the script wrote and keep its verdict
report() {
    local s=${script_of[$1]}
    echo "== $s"
    cat "${log_of[$1]}"
    [ "$2" -eq 0 ] || failed+=("$s (exit $2)")
    unset "script_of[$1]" "log_of[$1]"
}

for s in "$@"; do
    if [ "${#script_of[@]}" -ge "$jobs" ]; then
        wait -n -p done_pid; rc=$?
        report "$done_pid" "$rc"
    fi
    bash "$s" >"$out/$i" 2>&1 &
    script_of[$!]=$s
    log_of[$!]=$out/$i
    i=$((i + 1))
done
while [ "${#script_of[@]}" -gt 0 ]; do
    wait -n -p done_pid; rc=$?
    report "$done_pid" "$rc"
done

if [ "${#failed[@]}" -gt 0 ]; then
    printf 'failed: %s\n' "${failed[@]}"
    exit 1
fi
