-- Logger: the rule "a forest that can never change ends the game"
-- (DECISIONS.md) against brute force, on seeded random positions.
--
-- game.lua answers "could any sequence of moves by any player ever again
-- grow, spawn, plant, protest or chop?" by an argument (README: the squares
-- each logger could reach, the others moving out of the way). The test's
-- own answer (tests/lib/stuck_forest.lua) tries every arrangement of the
-- loggers. Each position here is a crowded forest, the last seat of the
-- round to move, nothing changed so far this round; that seat stays put.
-- When its turn changes nothing, the round ends without change, and the
-- game must end exactly when the brute force finds no change possible.

local stuck_forest = require "stuck_forest"   -- tests/lib

-- Per player count; under make asan fewer, but never so few that a stuck
-- forest is unlikely to come up (100 3-player positions gave none).
local POSITIONS = math.max(playouts(3000), 300)
local CORNERS = { "a1", "e5", "a5", "e1" }
local PIECE = { "large", "medium", "small" }
local HOLDS = { { tree = { 1, 3 } }, { tree = { 2, 3 } }, { tree = 3 } }   -- trees holding each piece
local MATURE = 3

--- A random crowded position in g, `trees` trees on the board (20: none
--- left in the pool): the loggers on a small patch of tree-free squares
--- grown from a random square, the other tree-free squares anywhere; nearly
--- every tree mature; the protesters dealt first on the mature trees next to
--- the patch, then anywhere; the pools hold what the trees do not.
local function random_position(g, pick, trees)
  local s, board = g.state, g.state.board
  board:fill("tree", MATURE)
  board:fill("protester", 0)
  board:fill("logger", 0)
  local function clear(square) board:set(square, "tree", 0) end
  local patch = { board:cell(pick(5), pick(5)) }
  clear(patch[1])
  while #patch < g.players + pick(3) - 1 do
    local edge = { board:neighbors(patch[pick(#patch)], { tree = MATURE }) }
    if #edge > 0 then
      patch[#patch + 1] = edge[pick(#edge)]
      clear(patch[#patch])
    end
  end
  while board:count({ tree = 0 }) < 25 - trees do
    local others = { board:cells({ tree = MATURE }) }
    clear(others[pick(#others)])
  end
  local next_to_patch = {}
  for i, square in ipairs(patch) do
    if i <= g.players then board:set(square, "logger", i) end
    for _, n in ipairs({ board:neighbors(square, { tree = MATURE }) }) do next_to_patch[#next_to_patch + 1] = n end
  end
  for _, square in ipairs({ board:cells({ tree = MATURE }) }) do
    if pick(16) == 1 then board:set(square, "tree", pick(2)) end   -- now and then a seedling or a sapling
  end
  for k = 1, 3 do s[PIECE[k]]:set(20 - board:count(HOLDS[k])) end
  for seat = 1, g.players do
    local supply = s.protesters:get(seat)
    while supply > 0 do
      local square = table.remove(next_to_patch, 1)
      if square == nil then
        local free = { board:cells({ tree = MATURE, protester = 0 }) }
        if #free == 0 then break end
        square = free[pick(#free)]
      end
      if board:get(square, "tree") == MATURE and board:get(square, "protester") == 0 then
        board:set(square, "protester", 1)
        supply = supply - 1
      end
    end
    s.protesters:set(seat, supply)
  end
end

local function forest(board)
  local parts = {}
  for _, square in ipairs({ board:cells() }) do
    parts[#parts + 1] = board:get(square, "tree") .. board:get(square, "protester")
  end
  return table.concat(parts)
end

for players = 2, 4 do
  test(string.format("stuck forest: on %d random %d-player positions the game ends after a round without change"
    .. " exactly when brute force finds no change possible", POSITIONS, players), function()
    local pick = random_picker(players * 7919)
    local seen = { ends = 0, goes_on = 0 }
    for n = 1, POSITIONS do
      local g = games.open("logger", { players = players, seed = n })
      for seat = 1, players do g:play("place " .. CORNERS[seat]) end
      local trees = 20                             -- no seedling left in the pool
      if pick(4) == 1 then trees = 20 - pick(3) end   -- a few seedlings left in the pool
      random_position(g, pick, trees)
      local s = g.state
      s.turn.seat = players                       -- the last seat of the round ...
      s.turn.round = 3
      s.play.busy = 0                              -- ... and nothing changed so far
      g.definition.invariants(s)
      local before = forest(s.board)
      local could_change = stuck_forest.could_change(s, players)
      g:play("move " .. s.board:name(s.board:first({ logger = players })))
      if g:actor() ~= players and forest(s.board) == before then   -- a turn without change
        expect.eq(g:over(), not could_change, string.format("position %d: game over", n))
        if g:over() then seen.ends = seen.ends + 1 else seen.goes_on = seen.goes_on + 1 end
      end
      g:close()
    end
    expect.truthy(seen.ends > 0 and seen.goes_on > 0, string.format("both outcomes were tried (%d ends, %d goes on)", seen.ends, seen.goes_on))
  end)
end
