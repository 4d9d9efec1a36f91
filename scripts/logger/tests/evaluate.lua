-- Logger: evaluate(s), what the MCTS bot reads where it stops looking
-- ahead, is each seat's points with its protesters in supply (the
-- tie-break) worth a tenth of a point each.

local function evaluate(g) return g.definition.evaluate(g.state) end

test("evaluate: the points so far, protesters in supply a tenth each", function()
  local g = games.open("logger", { players = 3, seed = 1 })
  expect.eq(evaluate(g), { 0.1, 0.1, 0.1 })           -- one protester each with 3 players
  local s = g.state
  s.score:set(1, 4)
  s.score:set(3, 7)
  s.protesters:set(2, 0)
  s.protesters:set(3, 3)
  expect.eq(evaluate(g), { 4.1, 0, 7.3 })
end)

test("evaluate: a chop counts at once, for the chopper only", function()
  local g = games.open("logger", { players = 2, seed = 1 })
  g:play("place a1")
  g:play("place e5")
  local s = g.state
  s.board:set("c3", "tree", 0)                        -- a bare board but two mature trees in a row
  s.large:set(18); s.medium:set(18); s.small:set(18)
  s.board:set("b1", "tree", 3)
  s.board:set("c1", "tree", 3)
  expect.eq(evaluate(g), { 0.2, 0.2 })
  g:play("move a1")                                   -- row 1 grows: both trees are mature, spawn
  while g.state.turn.phase ~= g.definition.phases.names.action do g:play(g:legal()[1]) end
  g:play("chop b1")
  expect.eq(evaluate(g), { 2.2, 0.2 })
end)
