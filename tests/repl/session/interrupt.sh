#!/usr/bin/env bash
# Ctrl-C at the REPL: it stops a long sim or a bot's thinking and returns to
# the prompt with the game unchanged; at an empty prompt, twice quits. The
# REPL reads a fifo here, and Ctrl-C is a SIGINT sent to it; each step waits
# for the line that shows the REPL got there (never for a fixed time).
. "$(dirname "$0")/../lib.sh"

# wait_for PATTERN: until the transcript has PATTERN (at most 60 s)
wait_for() {
  for _ in $(seq 600); do grep -qF -- "$1" "$tmp/out" && return 0; sleep 0.1; done
  echo "FAIL interrupt: timed out waiting for: $1"; fail=$((fail + 1)); return 1
}
# start ARGS...: grove play ARGS reading the fifo $tmp/in (fd 3 writes it)
start() {
  rm -f "$tmp/in"; mkfifo "$tmp/in"
  "$GROVE" play "$@" <"$tmp/in" >"$tmp/out" 2>&1 &
  pid=$!
  exec 3>"$tmp/in"
}
finish_session() { exec 3>&-; wait "$pid"; echo "exit $?" >>"$tmp/out"; }

# A long sim at the prompt: Ctrl-C stops it, the games finished (if any)
# are reported as what they are, the game is as it was.
start logger --seed 3
printf 'place a1\nsim -n 1000000 --bots mcts:20\n' >&3
wait_for "1000000 games (seeds 1..1000000)"
kill -INT "$pid"
wait_for "interrupted after"
printf 'log\nquit\n' >&3
finish_session
expect sim "   1. seat 1: place a1"
reject sim "failed"
expect sim "exit 0"

# The same with random bots, whose games run on the fast path (no count
# hook: the watchdog passes Ctrl-C on), once some games ended (their
# records are written as they end).
start logger --seed 3
printf 'place a1\nsim -n 1000000 --threads 2 --records %s\n' "$tmp/r.jsonl" >&3
wait_for "1000000 games (seeds 1..1000000)"
for _ in $(seq 600); do [ "$(wc -l <"$tmp/r.jsonl" 2>/dev/null || echo 0)" -ge 20 ] && break; sleep 0.1; done
kill -INT "$pid"
wait_for "grove sim: the games that ended are in"
printf 'log\nquit\n' >&3
finish_session
expect sim-fast "interrupted after"
expect sim-fast "below"
expect sim-fast "win rate"
expect sim-fast "   1. seat 1: place a1"
reject sim-fast "failed"
reject sim-fast "no results"
expect sim-fast "exit 0"

# A bot thinking too long: Ctrl-C stops it; the bot waits; undo works; Enter lets it move.
start logger --seed 3 --bot 2=mcts:600s
printf 'place a1\n' >&3
wait_for "logger seat 1> place a1"
sleep 0.5
kill -INT "$pid"
wait_for "interrupted: the mcts:600s bot of seat 2 stopped thinking"
printf 'log\nundo\nlog\nquit\n' >&3
finish_session
expect bot "press Enter to let it move, or type a command (undo, save, quit)"
expect bot "   1. seat 1: place a1"
expect bot "undone: back to move 0"
reject bot "error"
expect bot "exit 0"

# At an empty prompt: one Ctrl-C says how to quit, a line in between resets
# it, two in a row quit.
start logger --seed 3
printf 'place a1\n' >&3
wait_for "Seat 2 to play:"
sleep 0.3
kill -INT "$pid"
wait_for "(to quit: Ctrl-C again, Ctrl-D or 'quit')"
printf 'log\n' >&3
wait_for "   1. seat 1: place a1"
kill -INT "$pid"
sleep 0.3
kill -INT "$pid"
finish_session
expect prompt "logger seat 2> ^C"
expect prompt "exit 0"
[ "$(grep -c "(to quit: Ctrl-C again" "$tmp/out")" -eq 2 ] && pass=$((pass + 1)) || {
  fail=$((fail + 1)); echo "FAIL prompt: expected the quit hint twice"; }

# Two people passing the keyboard in a hidden-card game, on a terminal (a
# pty from script(1), fed through a fifo): Ctrl-C at "press Enter" says how
# to quit, Enter then shows the view; two Ctrl-Cs there, or Ctrl-D, quit
# without showing anyone's hand.
# tty_start: grove play onceupon for two people on a pty reading $tmp/in
tty_start() {
  rm -f "$tmp/in"; mkfifo "$tmp/in"
  LANG=C TERM=xterm script -qfec "$GROVE play onceupon --players 2" /dev/null <"$tmp/in" >"$tmp/out" 2>&1 &
  pid=$!
  exec 3>"$tmp/in"
}
# tty_finish: close the input; a session still running 10 s later is a
# failure (and is stopped, so the check never hangs)
tty_finish() {
  exec 3>&-
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then
    fail=$((fail + 1)); echo "FAIL handover: the session did not end"; kill -9 "$pid"
  fi
  wait "$pid"; echo "exit $?" >>"$tmp/out"
}
if command -v script >/dev/null; then
  tty_start
  wait_for "pass the keyboard to seat 1 and press Enter."
  printf '\003' >&3
  wait_for "(to quit: Ctrl-C again or Ctrl-D; Enter shows seat 1's view)"
  reject handover "Piles (top card"
  printf '\r' >&3
  wait_for "Piles (top card"
  printf 'quit\r' >&3
  tty_finish
  expect handover "exit 0"

  tty_start
  wait_for "pass the keyboard to seat 1 and press Enter."
  printf '\003' >&3
  wait_for "(to quit: Ctrl-C again or Ctrl-D"
  printf '\003' >&3
  tty_finish
  expect handover-twice "exit 0"
  reject handover-twice "Piles (top card"

  tty_start
  wait_for "pass the keyboard to seat 1 and press Enter."
  printf '\004' >&3
  tty_finish
  expect handover-eof "exit 0"
  reject handover-eof "Piles (top card"
else
  echo "interrupt: 'script' (bsdutils) missing: the hand-over checks are skipped"; fail=$((fail + 1))
fi

finish interrupt
