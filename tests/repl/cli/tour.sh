#!/usr/bin/env bash
# The README's 30-second tour runs as typed, in order, from a checkout: each
# `$ ...` line is run (from a folder where build/grove is the program under
# test, examples/ the repository's, and scripts/logger/tests/ exists for the
# `record` line), the REPL lines under a `play` are its input, and what the
# tour shows a command printing (grove list's table, the refused move, the
# narration) must be printed. A tour line that names a file no line made, an
# option that is gone or an edit the rules refuse fails here.
#
# Only the amounts shrink, so the run stays short: -n N plays 20 games (the
# shards and their merge alike), --sprt stops at 60, bench times 20
# playouts, check plays 1 game at 2 players, serve listens on a free port and
# is stopped once it printed its URLs, and `grove test` runs the test the
# tour recorded (every game's tests run in make check anyway).
. "$(dirname "$0")/../lib.sh"
root=$(pwd)
work=$tmp/checkout
mkdir -p "$work/build" "$work/scripts/logger/tests"
ln -s "$(realpath "$GROVE")" "$work/build/grove"
ln -s "$root/examples" "$work/examples"
awk '/^## A 30-second tour/ { f = 1; next } /^!\[/ { f = 0 } f && /^    / { print substr($0, 5) }' README.md \
  >"$tmp/tour"
[ -s "$tmp/tour" ] || { echo "FAIL tour: no tour found in README.md"; exit 1; }

# what a tour line says after its comment is taken off ("  # ...")
uncomment() { sed -E 's/  +#.*$//; s/[[:space:]]+$//' <<<"$1"; }
# the line with its amounts made small (see above)
cheap() {
  local c
  c=$(sed -E 's/ -n [0-9]+/ -n 20/' <<<"$1")
  case "$c" in
    *" --sprt "*) case "$c" in *" -n "*) ;; *) c="$c -n 60" ;; esac ;;
  esac
  case "$c" in
    "build/grove bench "*) c="$c --playouts 20" ;;
    "build/grove check "*) c="$c -n 1 --players 2" ;;
    "build/grove test") c="$c scripts/logger/tests/my_session.lua" ;;
    "build/grove serve "*) c="$c --port 0" ;;
  esac
  printf '%s\n' "$c"
}

ran=0
# run_command LINE INPUT STATUS: run the tour's command line, INPUT its
# stdin; it exits with STATUS
run_command() {
  local line=$1 input=$2 status=$3 c
  c=$(cheap "$line")
  ran=$((ran + 1))
  if [[ "$c" == "build/grove serve "* ]]; then
    (cd "$work" && exec bash -c "exec $c" </dev/null >"$tmp/out" 2>&1) &
    local pid=$!
    for _ in $(seq 300); do grep -q "seat 2: http" "$tmp/out" && break; sleep 0.1; done
    kill -TERM "$pid"; wait "$pid"
    echo "exit $?" >>"$tmp/out"
  else
    (cd "$work" && printf '%s' "$input" | bash -c "$c") >"$tmp/out" 2>&1
    echo "exit $?" >>"$tmp/out"
  fi
  cp "$tmp/out" "$tmp/run$ran"
  expect "tour: $line" "exit $status"
  reject "tour: $line" "not a command, a move or Lua"
  reject "tour: $line" "invariants do not hold"
  reject "tour: $line" "error:"
}

pending="" input="" shown=()
# check what the tour shows the last command printing
flush() {
  [ -n "$pending" ] || return 0
  # a session read from a pipe exits 1 when a line of it is refused, as
  # the tour shows one refused (at a terminal it goes on, exit 0)
  local status=0
  for s in "${shown[@]}"; do [[ "$s" == "refused "* ]] && status=1; done
  run_command "$pending" "$input" "$status"
  [ "$status" = 0 ] || expect "tour: $pending" "grove: 1 line of the session failed; the first: refused"
  case "$pending" in *" serve "*) shown=() ;; esac      # its seed, port and tokens are its own
  for s in "${shown[@]}"; do expect "tour: $pending" "$s"; done
  pending="" input="" shown=()
}
while IFS= read -r raw; do
  text=$(uncomment "$raw")
  if [[ "$raw" == '$ '* ]]; then
    flush
    pending=${text#\$ }
  elif [[ "$raw" =~ ^[a-z]+\ seat\ [0-9]+\>\  ]]; then
    input+="${text#*> }"$'\n'
  elif [ -n "$text" ]; then
    shown+=("$text")
  fi
done <"$tmp/tour"
flush

# the files the tour's lines made, where the next lines read them
for f in game.sav game.html map.svg s.svg s1.jsonl s4.jsonl scripts/logger/tests/my_session.lua; do
  if [ -s "$work/$f" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL tour: no $f made"; fi
done
[ "$ran" -ge 20 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL tour: only $ran lines ran"; }
[ -n "${TOUR_KEEP:-}" ] && cp -r "$tmp" "$TOUR_KEEP"
finish tour
