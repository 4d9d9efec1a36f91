#!/usr/bin/env bash
# Definition typos are caught: a key no definition takes (descibe =
# describe), in the definition, its players, an option's declaration or a
# variant's overrides, is refused when the game loads, naming the key, the
# nearest valid one and the script file, on every path (play, list, sim).
. "$(dirname "$0")/../lib.sh"
run() { "$GROVE" "$@" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"; }
case $GROVE in */*) GROVE=$(cd "$(dirname "$GROVE")" && pwd)/$(basename "$GROVE") ;; esac
cd "$tmp"
"$GROVE" new typo >/dev/null || { echo "FAIL: grove new typo"; exit 1; }
good=$(cat typo/game.lua)
edit() { printf '%s\n' "$good" | sed "$1" >typo/game.lua; }

run play typo </dev/null
expect plain "typo, 2 players, seed 1"

edit 's/^  describe = describe,/  descibe = describe,/'
run play typo </dev/null
expect key "grove: typo/game.lua: game 'typo': unknown key 'descibe' (did you mean 'describe'?) (a game's own tables go in data)"
expect key "exit 1"
reject key "stdlib/grove/game.lua"
run list
expect key-list "typo         (broken: typo/game.lua: game 'typo': unknown key 'descibe' (did you mean 'describe'?)"
run sim typo -n 2
expect key-sim "grove sim: typo/game.lua: game 'typo': unknown key 'descibe'"

edit 's/^  players = {[^}]*}/  players = { min = 2, mx = 4 }/'
run play typo </dev/null
expect players "game 'typo': players: unknown key 'mx' (did you mean 'max'?)"

edit 's/^  describe = describe,/  describe = describe,\n  options = { { name = "rounds", default = 3, min = 1, hlep = "the rounds" } },/'
run play typo </dev/null
expect option "grove: typo/game.lua: game 'typo': option 'rounds': unknown key 'hlep' (did you mean 'help'?)"

edit 's/^  describe = describe,/  describe = describe,\n  variants = { "fast" },/'
printf 'local game = require "grove.game"\nreturn function(base)\n  return game.extend(base, { reslut = base.result })\nend\n' >typo/fast.lua
run play typo --variant fast </dev/null
expect variant "grove: fast: typo/fast.lua: a variant of 'typo': unknown key 'reslut' (did you mean 'result'?)"
expect variant "exit 1"
run play typo </dev/null
expect variant-unused "typo, 2 players, seed 1"

finish typos
