-- Logger: what the rules do by themselves is told (s:say), as the REPL
-- prints it after each move and `log` keeps it: the growth of the
-- logger's row and column, a growth or spawn that cannot happen, the
-- domino of a chop and the protesters it frees, a turn with no action,
-- the last round; the result says why the game ended. Positions are set up
-- with g:edit, as a designer does at the REPL.

local CORNERS = { "a1", "e5", "a5", "e1" }

local function start(players)
  local g = games.open("logger", { players = players or 2, seed = 1 })
  for seat = 1, (players or 2) do g:play("place " .. CORNERS[seat]) end
  return g
end

--- An edit putting a tree of `stage` (0 none .. 3 mature) on each square,
--- its pyramids taken from the pool (and those it no longer has put back).
local function trees(g, stage, ...)
  for _, square in ipairs({ ... }) do
    g:edit(string.format('local old, new = s.board:get(%q, "tree"), %d '
      .. 'for k, pile in ipairs({ "large", "medium", "small" }) do '
      .. 'local had, has = old >= k and 1 or 0, new >= k and 1 or 0 '
      .. 'if had ~= has then s[pile]:add(had - has) end end '
      .. 's.board:set(%q, "tree", new)', square, stage, square))
  end
end

test("narration: setup says where the first seedling grows", function()
  local g = games.open("logger", { players = 2, seed = 1 })
  expect.eq(g:said(nil, 0), { "A seedling grows on c3." })
end)

test("narration: the trees of the logger's row and column grow", function()
  local g = start()
  trees(g, 2, "a4")
  g:play("move a3")
  expect.eq(g:said(), { "c3 grows into a sapling.", "a4 grows into a mature tree." })
  expect.eq(g:said(1), g:said(0), "everybody reads growth")
end)

test("narration: a growth the pool cannot supply is told", function()
  local g = start()
  g:edit("s.medium:set(0)")
  g:play("move a3")
  expect.eq(g:said(), { "c3 does not grow: no medium pyramid left in the pool." })
end)

test("narration: a spawn that cannot happen, and one that does", function()
  local g = start()
  trees(g, 0, "c3")
  trees(g, 3, "a2", "b1")             -- a2 is boxed in by a1 (the logger), b2 and a3
  trees(g, 1, "b2", "a3")
  g:play("move a1")
  expect.eq(g:said(), { "a3 grows into a sapling." })
  expect.moves(g, { "spawn c1" })     -- b1 first (board order) spawns where it can
  g:play("spawn c1")
  expect.eq(g:said(), { "b1 spawns a seedling on c1.", "a2 spawns nothing: no empty square next to it." })
end)

test("narration: the domino of a chop and the protesters it frees", function()
  local g = start()
  trees(g, 0, "c3")
  trees(g, 3, "b1", "c1", "d1")
  g:edit('s.board:set("c1", "protester", 1) s.protesters:take(2, 1)')
  g:play("move a1")
  while g:moves()[1]:match("^spawn") do g:play(g:moves()[1]) end
  g:play("chop b1")
  local said = g:said()
  expect.eq(said[#said - 1], "The trees fall like dominoes: 3 felled, 3 points for seat 1.")
  expect.eq(said[#said], "1 protester from the felled trees goes to seat 1's supply.")
  expect.eq(g.state.score:get(1), 3)
end)

test("narration: a single tree felled is no domino, and frees no protester", function()
  local g = start()
  trees(g, 0, "c3")
  trees(g, 3, "b1")
  g:edit("s.score:set(1, 4)")            -- points and protesters held before count for nothing
  g:play("move a1")
  while g:moves()[1]:match("^spawn") do g:play(g:moves()[1]) end
  g:play("chop b1")
  for _, line in ipairs(g:said()) do
    expect.falsy(line:find("dominoes", 1, true), line)
    expect.falsy(line:find("protester", 1, true), line)
  end
  expect.eq(g.state.score:get(1), 5)
end)

test("narration: a turn with no action possible says so", function()
  local g = start()
  trees(g, 0, "c3")
  g:edit("s.large:set(0) s.protesters:set(1, 0)")
  g:play("move a1")
  expect.eq(g:said(), { "Seat 1 can neither plant, protest nor chop: no action this turn." })
  expect.eq(g:actor(), 2)
end)

test("narration: reaching 10 points starts the last round, and the result says why it ended", function()
  local g = start()
  trees(g, 0, "c3")
  trees(g, 3, "b1")
  g:edit("s.score:set(1, 9)")
  g:play("move a1")
  while g:moves()[1]:match("^spawn") do g:play(g:moves()[1]) end
  g:play("chop b1")
  local said = g:said()
  expect.eq(said[#said], "Seat 1 has 10 points: this is the last round.")
  expect.falsy(g:over())
  g:play("move e5")                   -- seat 2's last turn
  while not g:over() do g:play(g:moves()[1]) end
  expect.eq(g:result().text, "Someone reached 10 points and the round was played out: seat 1 wins with 10 points.")
end)

test("narration: the stuck-forest rule is told when it ends the game", function()
  -- no seedling in the pool, the loggers boxed in by mature trees: nothing
  -- can ever change
  local g = start()
  trees(g, 0, "c3")
  trees(g, 3, "b1", "a2", "d5", "e4")
  g:edit('for _, sq in ipairs({ "b1", "a2", "d5", "e4" }) do s.board:set(sq, "protester", 1) end '
    .. "s.large:set(0) s.protesters:set(1, 0) s.protesters:set(2, 0)")
  g:play("move a1")
  g:play("move e5")
  expect.truthy(g:over())
  local said = g:said()
  expect.eq(said[#said], "The forest did not change this round and never can again: the game ends (the stuck-forest rule).")
  expect.eq(g:result().text, "The forest can never change again (the stuck-forest rule): seats 1, 2 share the win with 0 points.")
end)

test("narration: playouts say nothing and play as before (nobody listens)", function()
  local g = start()
  expect.falsy(g.state.narrating)     -- only while a checked move runs
  g:playout(7)
  expect.truthy(g:over())
end)
