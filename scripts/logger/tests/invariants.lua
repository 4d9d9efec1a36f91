-- Logger: the definition's invariants(s) hold in a fresh game and during
-- the setup, and each one fires, naming what broke, when a test breaks the
-- state on purpose. (playouts.lua calls them after every move.)

local CORNERS = { "a1", "e5", "a5", "e1" }

local function open(players)
  return games.open("logger", { players = players or 2, seed = 1 })
end

local function start(players)
  local g = open(players)
  for seat = 1, (players or 2) do g:play("place " .. CORNERS[seat]) end
  return g
end

test("invariants: they hold in a fresh game, while the loggers are placed, and after the setup", function()
  for players = 2, 4 do
    local g = open(players)
    expect.invariants_hold(g)
    for seat = 1, players do
      g:play("place " .. CORNERS[seat])
      expect.invariants_hold(g)
    end
  end
end)

test("invariants: they hold through a short game", function()
  local g = start(2)
  for _ = 1, 40 do
    if g:over() then break end
    g:play(g:moves()[1])
    expect.invariants_hold(g)
  end
end)

test("invariant: every pyramid is in the pool or in a tree, 20 of each size", function()
  local g = start(2)
  g.state.large:take(1)                             -- a large pyramid lost
  expect.invariant_fires(g, "18 large pyramids in the pool and 1 in trees, not 20")
  g = start(2)
  g.state.board:set("b2", "tree", 2)                -- a sapling from nowhere
  expect.invariant_fires(g, "large pyramids in the pool and 2 in trees")
  g = start(2)
  g.state.board:set("c3", "tree", 3)                -- the seedling matures without its pieces
  expect.invariant_fires(g, "20 medium pyramids in the pool and 1 in trees, not 20")
  g = start(2)
  g.state.small:take(1)
  expect.invariant_fires(g, "19 small pyramids")
end)

test("invariant: a square holds no tree, a seedling, a sapling or a mature tree", function()
  local g = start(2)
  g.state.board:set("b2", "tree", 4)
  expect.invariant_fires(g, "a square holds a tree of no stage")
  g.state.board:set("b2", "tree", -1)
  expect.invariant_fires(g, "a square holds a tree of no stage")
end)

test("invariant: every protester dealt is in a supply or on the board", function()
  local g = start(2)
  g.state.protesters:take(1, 1)                     -- a protester lost
  expect.invariant_fires(g, "3 protesters in play, 4 dealt")
  g = start(3)
  g.state.protesters:put(2, 1)                      -- the one left out comes into play
  expect.invariant_fires(g, "4 protesters in play, 3 dealt")
end)

test("invariant: one protester at most per tree, and only on a mature tree", function()
  local g = start(2)
  g.state.board:set("c3", "protester", 1)           -- a seedling
  g.state.protesters:take(1, 1)
  expect.invariant_fires(g, "a protester stands on a square without a mature tree")
  g = start(2)
  g.state.board:set("b2", "protester", 1)           -- no tree at all
  g.state.protesters:take(1, 1)
  expect.invariant_fires(g, "a protester stands on a square without a mature tree")
  g = start(2)
  g.state.board:set("c3", "protester", 2)
  expect.invariant_fires(g, "a square holds more than one protester")
end)

-- The host's pools refuse to go below 0 (pool:set(-1) raises), so these
-- checks are shown on a stand-in: the state as it is, but one pool read
-- through a fake that answers -1.
local function with_negative(g, pool_name, seat)
  local real = g.state[pool_name]
  local fake = {
    get = function(_, asked)
      if seat == nil or asked == seat then return -1 end
      return real:get(asked)
    end,
  }
  return setmetatable({ [pool_name] = fake }, { __index = g.state })
end

test("invariant: no pool, score or supply is negative", function()
  local g = start(2)
  expect.error(function() g.state.medium:set(-1) end, "minimum 0")
  local function fires(s, what)
    expect.error(function() g.definition.invariants(s) end, what)
  end
  g.definition.invariants(setmetatable({}, { __index = g.state }))   -- the stand-in itself is sound
  fires(with_negative(g, "medium"), "the medium pool holds -1")
  fires(with_negative(g, "score", 2), "seat 2 scores -1")
  fires(with_negative(g, "protesters", 1), "seat 1 has -1 protesters in supply")
end)

test("invariant: each seat has one logger once they are placed, none twice", function()
  local g = start(2)
  g.state.board:set("e5", "logger", 0)              -- seat 2's logger gone
  expect.invariant_fires(g, "seat 2 has 0 loggers")
  g = start(2)
  g.state.board:set("b2", "logger", 1)              -- seat 1 twice
  expect.invariant_fires(g, "seat 1 has 2 loggers")
  g = open(2)
  g:play("place a1")
  g.state.board:set("e1", "logger", 1)              -- twice, during the setup
  expect.invariant_fires(g, "seat 1 has 2 loggers")
end)

test("invariant: a logger belongs to a seat in the game", function()
  local g = start(2)
  g.state.board:set("b2", "logger", 3)
  expect.invariant_fires(g, "a square holds the logger of no seat")
  g = start(2)
  g.state.board:set("b2", "logger", -1)
  expect.invariant_fires(g, "a square holds the logger of no seat")
end)

test("invariant: a logger never stands on a tree", function()
  local g = start(2)
  g.state.board:set("a1", "logger", 0)
  g.state.board:set("c3", "logger", 1)
  expect.invariant_fires(g, "a logger stands on a tree")
end)

test("invariant: only a mature tree spawns", function()
  local g = start(2)
  g.state.board:set("c3", "spawner", 1)             -- a seedling
  expect.invariant_fires(g, "a square without a mature tree is marked to spawn")
end)
