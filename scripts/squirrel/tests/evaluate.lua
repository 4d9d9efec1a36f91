-- Squirrel Island: evaluate(s), what the MCTS bot reads where it stops
-- looking ahead, reads like the final count: nuts and the stash's values,
-- the loops the squirrels will still collect in the mornings to come (a
-- nut 1, a coin a third, a stamina a half), and while the game goes on half
-- of what the seat holds to spend (a coin a third, a stamina or a card a
-- half).

local P = require "position"             -- tests/lib/position.lua

local function evaluate(g) return g.definition.evaluate(g.state) end

--- Half of what a seat holds to spend, as evaluate counts it.
local function spend(coins, stamina, cards) return (coins / 3 + stamina / 2 + cards / 2) / 2 end

test("evaluate: nuts, stash, the loops of the mornings to come, half the means", function()
  local g = P.open(2)
  local s = g.state
  expect.eq(evaluate(g), { spend(2, 3, 5), spend(2, 3, 5) })   -- day 1: 2 coins, 3 stamina, 5 cards
  s.nuts:set(1, 4)
  s.stash1:push(P.fetch(g, "Hoarder"))           -- stash 2
  s.stash1:push(P.fetch(g, "Acorn Picker"))      -- stash 1
  P.squirrel(g, 1, "Elder")                      -- loops: nut, nut, stamina
  P.squirrel(g, 1, "Motivator", true)            -- loops: stamina, coin (exhausted: collects all the same)
  -- three mornings to come on day 1: 3 * (1 + 1 + 1/2) + 3 * (1/2 + 1/3)
  local loops = 0
  for _ = 1, 3 do loops = loops + 1 + 1 + 1 / 2 end
  for _ = 1, 3 do loops = loops + 1 / 2 + 1 / 3 end
  expect.eq(evaluate(g)[1], 4 + 2 + 1 + loops + spend(2, 3, 5))
  s.day.number = 4                               -- no morning left: the loops count nothing
  expect.eq(evaluate(g)[1], 4 + 2 + 1 + spend(2, 3, 5))
  expect.eq(evaluate(g)[2], spend(2, 3, 5))
end)

test("evaluate: once the game is over, the final count alone", function()
  local g = P.open(2)
  while not g:over() do g:play(g:legal()[1]) end
  local r = g:result()
  expect.eq(evaluate(g), r.scores)
end)
