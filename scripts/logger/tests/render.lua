-- Logger: the board as text (render), what the REPL and `grove show`
-- print: each square's tree, protester, spawner mark and logger, the key,
-- the pool, and each seat's points, supply and what it is asked.

test("render: trees, a protester, the tree marked * that spawns now, the loggers; the pool; each seat's line", function()
  local g = games.open("logger", { players = 2, seed = 1 })
  g:play("place a1")
  g:play("place e5")
  g:edit('s.board:set("c3", "tree", 0) s.large:add(1) '
    .. 's.board:set("b1", "tree", 3) s.board:set("c1", "tree", 3) s.board:set("a3", "tree", 1) s.board:set("b2", "tree", 1) '
    .. 's.large:add(-4) s.medium:add(-2) s.small:add(-2) '
    .. 's.board:set("c1", "protester", 1) s.protesters:take(2, 1) s.score:set(1, 1)')
  g:play("move a1")                      -- a3 grows; b1 is boxed in, c1 spawns
  g.definition.invariants(g.state)
  expect.eq(g:render(), table.concat({
    "   +-----+-----+-----+-----+-----+",
    " 5 |  .  |  .  |  .  |  .  | L2  |",
    "   +-----+-----+-----+-----+-----+",
    " 4 |  .  |  .  |  .  |  .  |  .  |",
    "   +-----+-----+-----+-----+-----+",
    " 3 |  S  |  .  |  .  |  .  |  .  |",
    "   +-----+-----+-----+-----+-----+",
    " 2 |  .  |  s  |  .  |  .  |  .  |",
    "   +-----+-----+-----+-----+-----+",
    " 1 | L1  |  T  | T+* |  .  |  .  |",
    "   +-----+-----+-----+-----+-----+",
    "      a     b     c     d     e   ",
    "s seedling  S sapling  T mature tree  + protester  * spawns now  L1 logger of seat 1",
    "Pool: 16 large, 17 medium, 18 small pyramids",
    "Seat 1:  1 point, 2 protesters in supply   <- choose where the tree marked * spawns its seedling",
    "Seat 2:  0 points, 1 protester in supply",
  }, "\n"))
end)
