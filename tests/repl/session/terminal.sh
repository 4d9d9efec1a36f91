#!/usr/bin/env bash
# What a rule script's text reaches the terminal through in grove play
# (tests/fixtures/scripts/rude): narration, the board, a move's text, the
# log, the result and a script's error are shown with every control
# character, DEL and C1 control written as \xNN, so no script sets the
# window's title, clears the screen or fakes a prompt; the board's colour
# (ESC [ ... m) passes.
. "$(dirname "$0")/../lib.sh"
export GROVE_PATH=tests/fixtures
printf 'go\nboom\n1\nlog\ngo\ngo\nresult\n' | "$GROVE" play rude >"$tmp/out" 2>&1
cp "$tmp/out" "$tmp/play"
expect setup '  set up\x1b]0;owned\x07 \x1b[2J'
expect said '  went\x0drude seat 1> \xc2\x9b 31m\x08\x7f'
expect log '      went\x0drude seat 1> \xc2\x9b 31m\x08\x7f'
expect board $'\e[1;31mcount\e[0m 0\\x1b]0;board\\x07\\x1b[H'
expect error 'error: apply: scripts/rude/game.lua:30: boom\x1b[2J'
expect result 'Game over after 4 moves. a draw\x1b[1A'
expect exit-line 'grove: 1 line of the session failed; the first: error: apply: scripts/rude/game.lua:30: boom\x1b[2J'
# nothing but the board's colour reaches the terminal as it is
if LC_ALL=C sed 's/\x1b\[[0-9;]*m//g' "$tmp/play" | LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]\|\xc2[\x80-\x9f]'; then
  fail=$((fail + 1)); echo "FAIL raw: a control character reached the terminal:"; cat -v "$tmp/play"
else
  pass=$((pass + 1))
fi
finish terminal
