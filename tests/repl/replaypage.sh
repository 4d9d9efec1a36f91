#!/usr/bin/env bash
# The replay page's size. The page holds each distinct line of its
# pictures once, and each picture as the list of its lines, mostly runs
# copied from the picture the same viewer saw a position before
# (replay.pack in stdlib/grove/replay.lua): the page of the longest of eight
# 3-player Flooded Forest games (130 moves or more, four viewers: the
# onlooker and each seat) is at most 2 MB; with every picture whole it was
# 32 MB. That the page shows the very pictures grove draws, at every
# position for every viewer, is checked in Chromium
# (tests/browser/replay.test.js).
. "$(dirname "$0")/lib.sh"

"$GROVE" sim flooded --players 3 -n 8 --seed 1 --records "$tmp/f.jsonl" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect sim "exit 0"
# the longest game: its number in the file and its moves
"$GROVE" run /dev/stdin "$tmp/f.jsonl" >"$tmp/out" 2>&1 <<'LUA'
local best, moves, n = 0, 0, 0
for line in io.lines(arg[1]) do
  n = n + 1
  local rec = json.decode(line)
  if #rec.moves > moves then best, moves = n, #rec.moves end
end
print(string.format("longest %d %d", best, moves))
LUA
read -r _ game moves < <(grep '^longest ' "$tmp/out")
if [ -z "${game:-}" ] || [ "${moves:-0}" -lt 130 ]; then
  fail=$((fail + 1))
  echo "FAIL long-game: no game of 130 moves or more among the eight (sim's bots or the rules changed? try other seeds): $(cat "$tmp/out")"
  finish replaypage
  exit 1
fi
pass=$((pass + 1))

"$GROVE" replay "$tmp/f.jsonl" --game "$game" --html "$tmp/f.html" >"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
expect page "wrote $tmp/f.html: $((moves + 1)) positions of flooded, "
expect page "exit 0"
size=$(wc -c <"$tmp/f.html")
if [ "$size" -le 2000000 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL page-size: the page of a $moves-move game is $size bytes, more than 2 MB"; fi
echo "replaypage: a $moves-move 3-player Flooded Forest game's page is $size bytes"

# the data block: four viewers, every position, the pictures packed
"$GROVE" run /dev/stdin "$tmp/f.html" >"$tmp/out" 2>&1 <<'LUA'
local f = io.open(arg[1]) local page = f:read("a") f:close()
local data = json.decode(page:match('<script id="grove%-data" type="application/json">(.-)</script>'))
local copied = 0
for _, p in ipairs(data.pictures) do
  if p.from then copied = copied + 1 end
end
print(string.format("viewers %d positions %d lines %s copied %s", #data.viewers, #data.positions,
  tostring(#data.lines > 0), tostring(copied >= #data.pictures - #data.viewers)))
LUA
expect data "viewers 4 positions $((moves + 1)) lines true copied true"

finish replaypage
