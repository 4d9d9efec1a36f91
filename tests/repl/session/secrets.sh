#!/usr/bin/env bash
# What a person at the REPL may see of the others' secrets. A move's text
# is printed as its reader may read it (game_describe_for): the echo of a
# bot's move, `log`, the moves played since a seat's last turn at a
# hand-over, the moves listed. When people share the keyboard, nothing of
# the last player's view stays on the terminal (the screen, its scrollback,
# the line history) when the next one takes it.
. "$(dirname "$0")/../lib.sh"

# lines_between A B: the transcript's lines from the first holding A to the
# next holding B
lines_between() { awk -v a="$1" -v b="$2" 'index($0, a) { on = 1 } on { print } on && index($0, b) { exit }' "$tmp/out"; }

# Squirrel Island: a card stashed from the hand is face down. Seat 2, a bot,
# stashes one; seat 1 reads "stash a card", in the echo and in the log.
yes $'sleep\npass\nlog' | head -400 | "$GROVE" play squirrel --players 2 --seed 1 --bot 2=random >"$tmp/out" 2>&1
expect echo "seat 2: stash a card (random)"
expect echo "   5. seat 2: stash a card"
reject echo "stash branch hopper"

# Two people at one keyboard: seat 1 stashes a Glider; seat 2 is told so at
# the hand-over and in its log without the card's name; seat 1's log names it.
printf 'play digger\nstash glider\nlog\nsleep\nlog\nquit\n' |
  "$GROVE" play squirrel --players 2 --seed 6 >"$tmp/out" 2>&1
lines_between "pass the keyboard to seat 2" "squirrel seat 2> log" >"$tmp/handover"
grep -qF "Since your last turn:" "$tmp/handover" && grep -qF "   2. seat 1: stash a card" "$tmp/handover" &&
  pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL handover-summary: seat 2 is not told of seat 1's moves, or the card is named"; }
lines_between "squirrel seat 2> log" "squirrel seat 2> sleep" >"$tmp/log2"
grep -qF "   2. seat 1: stash a card" "$tmp/log2" && pass=$((pass + 1)) ||
  { fail=$((fail + 1)); echo "FAIL log-other: seat 2's log does not read 'stash a card'"; }
lines_between "squirrel seat 1> log" "squirrel seat 1> quit" >"$tmp/log1"
grep -qF "   2. seat 1: stash glider" "$tmp/log1" && pass=$((pass + 1)) ||
  { fail=$((fail + 1)); echo "FAIL log-own: seat 1's log does not name its own stashed card"; }
reject handover-glider "seat 2: stash glider"

# On a terminal (a pty from script(1), fed through a fifo; each step waits
# for the output that shows grove got there, never for a fixed time).
wait_for() {
  for _ in $(seq 600); do grep -aqF -- "$1" "$tmp/out" && return 0; sleep 0.1; done
  echo "FAIL secrets: timed out waiting for: $1"; fail=$((fail + 1)); return 1
}
# wait_count PATTERN N: until N lines of the transcript hold PATTERN
wait_count() {
  for _ in $(seq 600); do [ "$(grep -acF -- "$1" "$tmp/out")" -ge "$2" ] && return 0; sleep 0.1; done
  echo "FAIL secrets: timed out waiting for $2 times: $1"; fail=$((fail + 1)); return 1
}
# offset PATTERN [BEFORE]: the byte offset of the last PATTERN (before byte BEFORE)
offset() { grep -aobF -- "$1" "$tmp/out" | awk -F: -v b="${2:-9e18}" '$1 < b { o = $1 } END { print o + 0 }'; }
if command -v script >/dev/null; then
  rm -f "$tmp/in"; mkfifo "$tmp/in"
  LANG=C TERM=xterm script -qfec "$GROVE play onceupon --players 2 --seed 4" /dev/null <"$tmp/in" >"$tmp/out" 2>&1 &
  pid=$!
  exec 3>"$tmp/in"
  wait_for "pass the keyboard to seat 1 and press Enter."
  printf '\r' >&3
  for k in 1 2 3; do
    wait_count "onceupon seat 1> " "$k"
    printf 'draw 1\r' >&3
  done
  wait_for "pass the keyboard to seat 2 and press Enter."
  # seat 1's hand went off the screen and out of the scrollback (\e[3J)
  # before seat 2 was asked to take the keyboard
  at=$(offset "pass the keyboard to seat 2")
  clear=$(offset $'\e[H\e[2J\e[3J' "$at")
  hand=$(offset "(you): hand" "$at")          # seat 1's: seat 2's view was never shown
  [ "$hand" -gt 0 ] && [ "$clear" -gt "$hand" ] && pass=$((pass + 1)) ||
    { fail=$((fail + 1)); echo "FAIL tty-clear: seat 1's hand is still on the terminal when seat 2 takes it"; }
  printf '\r' >&3
  wait_for "Since your last turn:"
  # the up arrow brings back none of seat 1's lines; Enter on the empty line
  # plays nothing
  wait_count "onceupon seat 2> " 1
  printf '\033[A\r' >&3
  wait_count "onceupon seat 2> " 2
  printf 'log\r' >&3
  wait_for "   3. seat 1: draw 1"
  printf 'quit\r' >&3
  exec 3>&-
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && { fail=$((fail + 1)); echo "FAIL tty: the session did not end"; kill -9 "$pid"; }
  wait "$pid"
  reject tty-history "4. seat 2: draw 1"
  expect tty-summary "   1. seat 1: draw 1"
else
  echo "secrets: 'script' (bsdutils) missing: the terminal checks are skipped"; fail=$((fail + 1))
fi

# A bot stopped while thinking (Ctrl-C): its legal moves would name its
# hand, so they are not listed to the person.
rm -f "$tmp/in"; mkfifo "$tmp/in"
"$GROVE" play squirrel --players 2 --seed 6 --bot 2=mcts:600s <"$tmp/in" >"$tmp/out" 2>&1 &
pid=$!
exec 3>"$tmp/in"
printf 'sleep\n' >&3
wait_for "squirrel seat 1> sleep"
sleep 0.5
kill -INT "$pid"
wait_for "interrupted: the mcts:600s bot of seat 2 stopped thinking"
printf 'moves\nquit\n' >&3
exec 3>&-
wait "$pid"
expect paused "(seat 2's moves are not listed to another seat: they could name cards only seat 2 may see)"
lines_between "squirrel seat 2> moves" "squirrel seat 2> quit" >"$tmp/paused"
grep -qF "play " "$tmp/paused" && { fail=$((fail + 1)); echo "FAIL paused: seat 2's moves are listed"; } || pass=$((pass + 1))

finish secrets
