#!/usr/bin/env bash
# Ctrl-C (a real SIGINT) and SIGTERM sent to grove sim from the shell: no
# game starts after it, the games finished are reported as what they are
# (from the first seed on) with --json written whole, and --resume then
# finishes the study byte for byte as one run; a second Ctrl-C ends it at
# once; and whenever it ends, no temporary file (".NAME.grove-XXXXXXXX.tmp")
# is left, even when the signal comes while --json is being written. Each
# step waits for what shows the run got there (records written, the
# temporary file there), never for a fixed time.
. "$(dirname "$0")/../lib.sh"
# grove as started from a terminal: a background job of a script (and every
# job of tests/side_by_side.sh) starts with SIGINT ignored, which grove leaves so.
# Called in a subshell, ( sim ... ) &, which becomes grove: $! is its pid.
sim() { exec env --default-signal=INT,TERM "$GROVE" sim "$@"; }
# wait_end PID: its exit status into $tmp/out; one still running after 120 s
# fails the check and is killed, so the test never hangs
wait_end() {
  for _ in $(seq 1200); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$1" 2>/dev/null; then
    fail=$((fail + 1)); echo "FAIL sigint: grove sim did not end"; kill -KILL "$1"
  fi
  wait "$1"; echo "exit $?" >>"$tmp/out"
}

# lines FILE: how many lines FILE has (0 when it is not there)
lines() { if [ -e "$1" ]; then wc -l <"$1"; else echo 0; fi; }
# wait_lines FILE N: until FILE has N lines (at most 60 s)
wait_lines() {
  for _ in $(seq 600); do [ "$(lines "$1")" -ge "$2" ] && return 0; sleep 0.1; done
  echo "FAIL sigint: timed out waiting for $2 lines in $1"; fail=$((fail + 1)); return 1
}
# no_temporaries NAME: no temporary file of grove's is left in $tmp
no_temporaries() {
  if compgen -G "$tmp/.*.grove-*.tmp" >/dev/null; then
    fail=$((fail + 1)); echo "FAIL $1: a temporary file is left:"; ls -a "$tmp"
  else pass=$((pass + 1)); fi
}
# whole_json NAME FILE: FILE is a whole --json array (or was not written at all)
whole_json() {
  if [ ! -e "$2" ] || { head -1 "$2" | grep -q '^\[$' && tail -1 "$2" | grep -q '^\]$'; }; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL $1: $2 is cut short"; fi
}
study=(logger -n 40 --bots mcts:20 --seed 7)

# Ctrl-C once some games ended: they are reported, --json holds them.
(sim "${study[@]}" --records "$tmp/part.jsonl" --json "$tmp/part.json") >"$tmp/out" 2>&1 &
pid=$!
wait_lines "$tmp/part.jsonl" 5
kill -INT "$pid"
wait_end "$pid"
expect partial "interrupted after"
expect partial "below"
expect partial "win rate"
expect partial "grove sim: the games that ended are in $tmp/part.jsonl (--resume plays the rest)"
expect partial "exit 130"
reject partial "failed"
reject partial "no results"
k=$(sed -n 's/^interrupted after [0-9]* of 40 games: the \([0-9]*\) finished.*/\1/p
               s/^interrupted after [0-9]* of 40 games: below, the \([0-9]*\) of seeds.*/\1/p' "$tmp/out")
if [ -n "$k" ] && [ "$(grep -c '"seed"' "$tmp/part.json")" = "$k" ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL partial-json: --json does not hold the $k games reported"; fi
whole_json partial-json "$tmp/part.json"
no_temporaries partial
# --resume plays the rest: the study is the one a single run makes
(sim "${study[@]}" --records "$tmp/part.jsonl" --resume --json "$tmp/resumed.json") >/dev/null 2>&1
(sim "${study[@]}" --json "$tmp/whole.json") >/dev/null 2>&1
if cmp -s "$tmp/resumed.json" "$tmp/whole.json"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL resumed: --resume after Ctrl-C does not give the study of one run"; fi

# SIGTERM: the same, status 143.
(sim logger -n 100000 --records "$tmp/term.jsonl") >"$tmp/out" 2>&1 &
pid=$!
wait_lines "$tmp/term.jsonl" 20
kill -TERM "$pid"
wait_end "$pid"
expect term "interrupted after"
expect term "win rate"
expect term "exit 143"

# Twice: it ends at once; nothing half written, no temporary file.
(sim logger -n 100000 --records "$tmp/twice.jsonl" --json "$tmp/twice.json") >"$tmp/out" 2>&1 &
pid=$!
wait_lines "$tmp/twice.jsonl" 20
kill -INT "$pid"; sleep 0.05; kill -INT "$pid"
wait_end "$pid"
expect twice "exit 130"
whole_json twice "$tmp/twice.json"
no_temporaries twice

# Ctrl-C twice while --json is written (the games read back with --resume,
# so the writing is most of the run): the temporary file goes too. The run
# is stopped (SIGSTOP) the moment its temporary file is there, so both
# signals find it writing.
head -1 "$tmp/part.jsonl" >"$tmp/one.jsonl"
n=8000
awk -v n=$n '{ sub(/"games": 40/, "\"games\": " n); sub(/"seed": 7,/, "\"seed\": 1,")
              for (i = 0; i < n; i++) { line = $0; sub(/"index": [0-9]+, "seed": [0-9]+,/, "\"index\": " i ", \"seed\": " i + 1 ",", line); print line } }' \
  "$tmp/one.jsonl" >"$tmp/big.jsonl"
caught=0
for _ in 1 2 3; do
  rm -f "$tmp/big.json"
  (sim logger -n $n --bots mcts:20 --records "$tmp/big.jsonl" --resume --json "$tmp/big.json") >"$tmp/out" 2>&1 &
  pid=$!
  seen=0
  while kill -0 "$pid" 2>/dev/null; do
    if compgen -G "$tmp/.big.json.grove-*.tmp" >/dev/null; then kill -STOP "$pid"; seen=1; break; fi
  done
  if [ "$seen" = 1 ]; then
    kill -INT "$pid"; kill -CONT "$pid"; sleep 0.05; kill -INT "$pid"
    wait_end "$pid"
    caught=1
    break
  fi
  wait "$pid"
done
if [ "$caught" = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL writing: never caught the --json being written"; fi
no_temporaries writing
whole_json writing "$tmp/big.json"
finish sigint
