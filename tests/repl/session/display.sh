#!/usr/bin/env bash
# How boards are drawn: Unicode box lines under a UTF-8 locale, plain ASCII
# with --ascii or another locale; seat colours only on a terminal, never
# with NO_COLOR. `script` gives grove a terminal.
. "$(dirname "$0")/../lib.sh"

printf 'place a1\nquit\n' | LANG=C.UTF-8 "$GROVE" play logger --seed 3 >"$tmp/out" 2>&1
expect unicode "   ┌───┬───┬───┬───┬───┐"
expect unicode " 1 │ L1 │ ·  │"
reject unicode "+---"
reject unicode $'\e['

printf 'place a1\nquit\n' | LANG=C.UTF-8 "$GROVE" play logger --seed 3 --ascii >"$tmp/out" 2>&1
expect ascii "   +----+----+----+----+----+"
expect ascii " 1 | L1 | .  | .  | .  | .  |"
reject ascii "┌"

printf 'place a1\nquit\n' | LANG=C "$GROVE" play logger --seed 3 >"$tmp/out" 2>&1
expect locale-c " 1 | L1 | .  | .  | .  | .  |"

# On a terminal: seat 1's logger in its colour, and the cell still lines up.
if command -v script >/dev/null; then
  (sleep 1; printf 'place a1\r'; sleep 1; printf 'quit\r') |
    LANG=C TERM=xterm script -qfec "$GROVE play logger --seed 3" /dev/null >"$tmp/out" 2>&1
  expect color $' 1 | \e[1;31mL1\e[0m | .  |'
  (sleep 1; printf 'place a1\r'; sleep 1; printf 'quit\r') |
    LANG=C TERM=xterm NO_COLOR=1 script -qfec "$GROVE play logger --seed 3" /dev/null >"$tmp/out" 2>&1
  expect no-color " 1 | L1 | .  | .  | .  | .  |"
  reject no-color $'\e[1;31m'
else
  echo "display: 'script' (bsdutils) missing: the terminal checks are skipped"; fail=$((fail + 1))
fi

finish display
