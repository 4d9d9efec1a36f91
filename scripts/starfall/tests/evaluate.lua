-- Starfall Forest: evaluate(s), what the MCTS bot reads where it stops
-- looking ahead, reads like the result: a fairy home beats any fairy in the
-- forest (the earlier home the more); in the forest, the stars held, each
-- heart a quarter of a star, half a star less while laid down.

local LAID_DOWN, HOME = 2, 3
local SETUP = { "knock b2", "knock c2", "knock d2", "plant a1", "plant g5", "plant a5",
  "snake 1 b5", "snake 2 f2", "snake 3 f5", "fairy c3", "fairy d4", "fairy e3" }

local function evaluate(g) return g.definition.evaluate(g.state) end

test("evaluate: stars held, hearts a quarter, laid down half a star less, home above all", function()
  local g = games.open("starfall", { players = 3, seed = 1 })
  for _, m in ipairs(SETUP) do g:play(m) end
  local s = g.state
  expect.eq(evaluate(g), { 0.75, 0.75, 0.75 })      -- no star yet, 3 hearts each
  s.stars:set(1, 3)
  s.hearts:set(1, 1)
  s.stars:set(2, 4)
  s.hearts:set(2, 0)
  s.fairy_state:set(2, LAID_DOWN)
  expect.eq(evaluate(g), { 3.25, 3.5, 0.75 })
  -- seat 3 goes home first, then seat 1: home beats 4 stars, earlier beats later
  s.stars:set(3, 5); s.fairy_state:set(3, HOME); s.home_order:set(3, 1); s.home:add(1)
  s.stars:set(1, 5); s.fairy_state:set(1, HOME); s.home_order:set(1, 2); s.home:add(1)
  expect.eq(evaluate(g), { 7, 3.5, 8 })
end)
