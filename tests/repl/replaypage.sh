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

# replay.pack on made-up pictures, read back as the page reads them (a
# step a line's number or [i, n], the n lines of picture `from` from its
# i-th): lines added, dropped, moved and repeated, empty lines, a text
# ending in a newline, one with none, and pictures with nothing in common
# (listed whole), for two viewers over 60 positions
"$GROVE" run /dev/stdin >"$tmp/out" 2>&1 <<'LUA'
local replay = require "grove.replay"
local seed = 7
local function rand(n) seed = (seed * 1103515245 + 12345) % 2147483648 return seed // 65536 % n + 1 end
local words = { "<g>", "</g>", "", "<rect/>", "<text>a</text>", "<text>b</text>", "  ", "<circle r=\"1\"/>" }
local function edited(lines)
  local out = {}
  for _, l in ipairs(lines) do
    local r = rand(20)
    if r == 1 then                                  -- dropped
    elseif r == 2 then out[#out + 1] = words[rand(#words)] out[#out + 1] = l
    elseif r == 3 then out[#out + 1] = l .. rand(9)
    else out[#out + 1] = l end
  end
  if rand(15) == 1 then                             -- nothing in common
    out = {}
    for i = 1, 300 + rand(50) do out[i] = "new " .. rand(100000) end
  end
  return out
end
local data = { viewers = { 0, 1 }, positions = {}, pictures = {} }
local shown, index = { ["0"] = {}, ["1"] = {} }, {}
for v = 0, 1 do for i = 1, 40 do shown[tostring(v)][i] = words[rand(#words)] end end
for p = 1, 60 do
  local at = {}
  for _, v in ipairs({ "0", "1" }) do
    if p > 1 then shown[v] = edited(shown[v]) end
    local svg = table.concat(shown[v], "\n") .. (rand(3) == 1 and "\n" or "")
    if not index[svg] then data.pictures[#data.pictures + 1] = svg index[svg] = #data.pictures - 1 end
    at[v] = index[svg]
  end
  data.positions[p] = at
end
local whole = { table.unpack(data.pictures) }
replay.pack(data)
local numbers, bad, based, alone = {}, 0, 0, 0
for k, p in ipairs(data.pictures) do
  local from = p.from and numbers[p.from + 1]
  if p.from then assert(p.from < k - 1, "from names a later picture") based = based + 1 else alone = alone + 1 end
  local out = {}
  for _, step in ipairs(p.take) do
    if type(step) == "number" then out[#out + 1] = step
    else for i = step[1], step[1] + step[2] - 1 do out[#out + 1] = from[i + 1] end end
  end
  numbers[k] = out
  local lines = {}
  for i, n in ipairs(out) do lines[i] = data.lines[n + 1] end
  if table.concat(lines, "\n") ~= whole[k] then bad = bad + 1 end
end
print(string.format("pictures %d differ %d", #whole, bad))
print(string.format("some copied %s some whole %s", tostring(based > #whole / 2), tostring(alone > 2)))
LUA
expect pack "pictures 120 differ 0"
expect pack "some copied true some whole true"

finish replaypage
