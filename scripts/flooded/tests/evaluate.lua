-- Flooded Forest: evaluate(s) (evaluate.lua), what the MCTS bot reads where
-- it stops looking ahead: each seat's points, and while the game goes on
-- what each of its fish is worth by where it is and what the river has
-- room for, by stage.

local function evaluate(g) return g.definition.evaluate(g.state) end
local function features(g) return g.definition.data.features(g.state) end

--- n fish of `colour` on the hex at q,r, which gets a Flood tile if it has none.
local function fish(g, q, r, colour, n)
  local map = g.state.map
  local h = map:id(q, r)
  if map:get(h, "tile") == 0 then map:set(h, "tile", 1) end
  map:add(h, colour, n)
  map:add(h, "fish", n)
  g.definition.data.survey(g.state)
end

local function dry(g) g.state.play.stage = g.definition.data.stages.dry end

-- FEATURE's order in evaluate.lua
local BESIDE_RIVER, A_ROW_OUT, OUTER_ROWS = 1, 2, 3
local WITH_PREDATOR, BESIDE_PREDATOR, PREY = 6, 7, 8

test("evaluate: the fish of each seat counted by row, and beside the predators", function()
  local g = games.open("flooded", { players = 3, seed = 1 })
  local s = g.state
  fish(g, 3, -1, "red", 2)                       -- row -1, beside the river
  fish(g, 3, -2, "red", 1)                       -- row -2
  fish(g, 3, 3, "red", 2)                        -- row 3
  fish(g, 3, 1, "blue", 1)                       -- row 1, seat 3's
  local f = features(g)
  expect.eq({ f[1][BESIDE_RIVER], f[1][A_ROW_OUT], f[1][OUTER_ROWS] }, { 2, 1, 2 })
  expect.eq({ f[3][BESIDE_RIVER], f[3][A_ROW_OUT], f[3][OUTER_ROWS] }, { 1, 0, 0 })
  expect.eq({ f[1][WITH_PREDATOR], f[1][BESIDE_PREDATOR], f[3][PREY] }, { 0, 0, 0 })
  s.map:set(s.map:id(3, -1), "predator", 1)      -- a caiman with seat 1's two fish beside the river
  f = features(g)
  expect.eq({ f[1][WITH_PREDATOR], f[1][BESIDE_PREDATOR] }, { 2, 1 })   -- and the fish of 3,-2 next to it
  expect.eq({ f[2][PREY], f[3][PREY], f[1][PREY] }, { 3, 3, 0 })         -- the others' prey: seat 1's three
end)

test("evaluate: in the dry phase a fish beside the river is worth more than a point while the river has room", function()
  local g = games.open("flooded", { players = 3, seed = 1 })
  local s = g.state
  dry(g)
  local before = evaluate(g)[1]
  fish(g, 3, -1, "red", 1)
  local one = evaluate(g)[1] - before
  expect.truthy(one > 1, "a fish beside the river, the river empty: " .. one)
  s.home:set(2, 10)                              -- 10 of the 12 circles full
  local now = evaluate(g)[1]
  s.map:add(s.map:id(3, -1), "red", -1)
  s.map:add(s.map:id(3, -1), "fish", -1)
  local nearly_full = now - evaluate(g)[1]
  fish(g, 3, -3, "red", 1)                        -- a row further out
  local further = evaluate(g)[1] - (now - nearly_full)
  expect.truthy(nearly_full < further, "the river nearly full: beside it " .. nearly_full .. ", further out " .. further)
end)

test("evaluate: in the dry phase a fish beside a predator counts less than one away from it", function()
  local g = games.open("flooded", { players = 3, seed = 1 })
  local s = g.state
  dry(g)
  fish(g, 3, -2, "red", 1)
  fish(g, 1, 2, "green", 1)
  local apart = evaluate(g)
  s.map:set(s.map:id(3, -3), "tile", 2)
  s.map:set(s.map:id(3, -3), "predator", 3)      -- a jaguar next to the red fish
  local beside = evaluate(g)
  expect.truthy(beside[1] < apart[1], "red beside a jaguar")
  expect.eq(beside[2] - apart[2], beside[3] - apart[3])   -- green's fish is not near it: only the prey counts
end)

test("evaluate: once the game is over, the score alone", function()
  local g = games.open("flooded", { players = 3, seed = 2 })
  while not g:over() do g:play(g:legal()[1]) end
  expect.eq(evaluate(g), g:result().scores)
end)
