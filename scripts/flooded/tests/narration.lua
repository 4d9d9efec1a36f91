-- Flooded Forest: what the rules do by themselves is told (s:say), to whom
-- it may be told: the tile drawn (named to its drawer only), a player out
-- of fish, the predators' arrival and the dry phase, the fights (who drives
-- whom off), a predator that may eat, fish reaching the river, pieces with
-- nowhere to go, the end and why.

local function open(players, seed)
  return games.open("flooded", { players = players or 3, seed = seed or 1 })
end

--- Play a whole game with seeded random moves; the lines said, in order.
local function random_game(seed)
  local g = open(3, seed)
  local pick = random_picker(seed)
  local lines = {}
  while not g:over() do
    local legal = g:moves()
    g:play(legal[pick(#legal)])
    for _, line in ipairs(g:said()) do lines[#lines + 1] = line end
  end
  return g, lines
end

local function count(lines, pattern)
  local n = 0
  for _, line in ipairs(lines) do
    if line:find(pattern) then n = n + 1 end
  end
  return n
end

test("narration: the tile drawn is named to its drawer only", function()
  local g = open(3)
  local drawn = g.state.deck1:peek(1)                           -- the tile the turn's end draws
  g:play(g:moves()[1])
  while g:actor() == 1 do g:play(g:moves()[#g:moves()]) end     -- stop any extra fish
  expect.eq(g.state.hand1:peek(1), drawn)                       -- deal puts it on top of the hand
  expect.eq(g:said(1), { "You draw tile " .. drawn .. "." })
  expect.eq(g:said(2), { "Seat 1 draws a tile." })
  expect.eq(g:said(0), { "Seat 1 draws a tile." })
end)

test("narration: the stages, the fights, the eating, the river and the end of whole games", function()
  local fights, eating, home = 0, 0, 0
  for seed = 1, 4 do
    local g, lines = random_game(seed)
    expect.eq(count(lines, "^Nobody holds a tile: the predators appear"), 1, "seed " .. seed)
    expect.eq(count(lines, "^The water falls: the dry phase begins%.$"), 1, "seed " .. seed)
    fights = fights + count(lines, "drives") + count(lines, "^Two %a+s meet on ")
    eating = eating + count(lines, "^The [%a ]+ on %-?%d+,%-?%d+ eats %d fish: seat %d chooses which%.$")
    home = home + count(lines, "^Fish reach the river at %-?%d+,0 and swim home to the scoring circles: ")
    local last = lines[#lines]
    local why = g:result().text
    if last == "The river's scoring circles are full: the game is over." then
      expect.truthy(why:find("^The river's scoring circles are full: "), why)
    else
      expect.eq(last, "Nobody can pull a tile or play an action: the game is over.")
      expect.truthy(why:find("^Nobody could pull a tile or play an action: "), why)
    end
  end
  expect.truthy(fights > 0, "no fight told in 4 games")
  expect.truthy(eating > 0, "no predator eating told in 4 games")
  expect.truthy(home > 0, "no fish home told in 4 games")
end)

test("narration: the tile drawn is the one the hand gained, not one it held (seed 4)", function()
  local g = open(3, 4)
  local before = { g.state.hand1:cards() }
  g:play("place 21 r0 1,-1")
  while g:actor() == 1 do g:play(g:moves()[#g:moves()]) end
  local held = {}
  for _, tile in ipairs(before) do held[tile] = (held[tile] or 0) + 1 end
  local gained
  for _, tile in ipairs({ g.state.hand1:cards() }) do
    if (held[tile] or 0) > 0 then held[tile] = held[tile] - 1 else gained = tile end
  end
  expect.eq(gained, 7)
  expect.eq(g:said(1), { "You draw tile 7." })
end)

test("narration: a player with no fish left discards their tiles", function()
  local g = open(3)
  g:edit("s.supply:set(1, 1)")
  g:play(g:moves()[1])                   -- the last fish of seat 1
  while g:actor() == 1 do g:play(g:moves()[#g:moves()]) end
  expect.eq(g:said(), { "Seat 1 has placed all their fish: their tiles are discarded." })
end)
