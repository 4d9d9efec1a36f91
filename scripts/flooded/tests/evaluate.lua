-- Flooded Forest: evaluate(s), what the MCTS bot reads where it stops
-- looking ahead, reads like the score: 2 a fish home, 1 an opponent's fish
-- eaten, and while the game goes on each of the seat's fish on a Flood
-- tile, a point beside the river, a quarter less each row further out.

local function evaluate(g) return g.definition.evaluate(g.state) end

--- n fish of `colour` on the hex at q,r, which gets a Flood tile if it has none.
local function fish(g, q, r, colour, n)
  local map = g.state.map
  local h = map:id(q, r)
  if map:get(h, "tile") == 0 then map:set(h, "tile", 1) end
  map:add(h, colour, n)
  map:add(h, "fish", n)
end

test("evaluate: points, and the fish on their way home by their row", function()
  local g = games.open("flooded", { players = 3, seed = 1 })
  local s = g.state
  expect.eq(evaluate(g), { 0, 0, 0 })
  s.home:set(1, 3)                               -- 6 points
  s.eaten_green:set(1, 2)                        -- seat 1 ate 2 of seat 2's fish: 2 points
  s.eaten_red:set(3, 1)                          -- seat 3 ate 1 of seat 1's fish: 1 point
  expect.eq(evaluate(g), { 8, 0, 1 })
  fish(g, 2, -1, "red", 2)                       -- row -1, beside the river: 1 each
  fish(g, 2, -2, "red", 1)                       -- row -2: 0.75
  fish(g, 3, 3, "red", 2)                        -- row 3: 0.5 each
  fish(g, 1, 1, "blue", 1)                       -- row 1, seat 3's
  fish(g, 1, 1, "red", 1)                        -- sharing the tile: seat 1's counts for seat 1
  expect.eq(evaluate(g), { 8 + 2 + 0.75 + 1 + 1, 0, 1 + 1 })
end)

test("evaluate: once the game is over, the score alone", function()
  local g = games.open("flooded", { players = 3, seed = 2 })
  while not g:over() do g:play(g:legal()[1]) end
  expect.eq(evaluate(g), g:result().scores)
end)
