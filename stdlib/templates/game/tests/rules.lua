-- {{title}}: one scenario per rule, each with the exact outcome the rule
-- names. A scenario opens a game, plays moves by their text and checks.

local function open()
  return games.open("{{name}}", { players = 2, seed = 1 })
end

test("a turn takes one, two or three stones", function()
  local g = open()
  expect.moves(g, { "take 1", "take 2", "take 3" })
  g:play("take 3")
  expect.eq(g.state.pile.stones, 12)
  expect.eq(g:actor(), 2)
end)

test("nobody takes more than the pile holds", function()
  local g = open()
  for _ = 1, 6 do g:play("take 2") end      -- 15 - 12 = 3 left
  g:play("take 1")                          -- 2 left
  expect.moves(g, { "take 1", "take 2" })
  expect.refused(g, "take 3", "the pile holds only 2")     -- the reason, from why(s, text)
  expect.refused(g, "take 4", "a turn takes 1 to 3 stones")
end)

test("whoever takes the last stone wins", function()
  local g = open()
  for _ = 1, 7 do g:play("take 2") end      -- 1 left, seat 2 to play
  expect.eq(g:actor(), 2)
  g:play("take 1")
  expect.truthy(g:over())
  expect.eq(g:said(), { "The pile is empty: seat 2 took the last stone." })   -- what s:say told
  expect.eq(g:result().ranks[2], 1)
  expect.eq(g:result().ranks[1], 2)
end)
