-- Crossing: one scenario per rule. Each test opens a game, puts a position
-- on the board by writing the state, plays moves and checks the outcome.

local function open(seed)
  return games.open("crossing", { players = 2, seed = seed or 1 })
end

local function runner_at(g, square)
  return g.state.board:get(square, "runner")
end

--- Put the runner of `seat` on `square` by hand (not a move of the game).
local function put(g, seat, square)
  local board = g.state.board
  board:set(board:first({ runner = seat }), "runner", 0)
  board:set(square, "runner", seat)
end

--- Take every coin off the board, so that only the coins a test puts
--- there count.
local function no_coins(g)
  g.state.board:fill("coin", 0)
end

local function points(g)
  return { g.state.score:get(1), g.state.score:get(2) }
end

--- Make it `seat`'s turn, with the die showing `n`, ready to move.
local function rolled(g, seat, n)
  g.state.turn.seat = seat
  g:play("roll")
  g.state.die:set_value(1, tostring(n))
end

test("setup: the runners stand on c1 and c7, the rocks on b4 and d4", function()
  local g = open()
  expect.eq({ runner_at(g, "c1"), runner_at(g, "c7") }, { 1, 2 })
  expect.eq(g.state.board:count({ runner = { 1, 2 } }), 2)
  expect.eq({ g.state.board:cells({ rock = 1 }) }, { g.state.board:cell("b4"), g.state.board:cell("d4") })
end)

test("setup: six coins lie on bare squares, dropped by the game's seed", function()
  local function coins(seed)
    local g = open(seed)
    expect.eq(g.state.board:count({ coin = 1, rock = 1 }), 0, "a coin on a rock")
    expect.eq(g.state.board:count({ coin = 1, runner = { 1, 2 } }), 0, "a coin under a runner")
    return { g.state.board:cells({ coin = 1 }) }
  end
  expect.eq(#coins(1), 6)
  expect.eq(coins(1), coins(1))
  expect.ne(coins(1), coins(2))
  expect.eq(points(open()), { 0, 0 })
end)

test("a turn is a roll, then a move", function()
  local g = open()
  expect.eq(g:actor(), 1)
  expect.moves(g, { "roll" })
  g:play("roll")
  expect.eq(g:actor(), 1)
  expect.illegal(g, "roll")
  g:play(g:moves()[1])
  expect.eq(g:actor(), 2)
  expect.moves(g, { "roll" })
end)

test("the roll comes from the game's seed: the same seed rolls the same, and every face comes up", function()
  local seen = {}
  for seed = 1, 30 do
    local a, b = open(seed), open(seed)
    a:play("roll")
    b:play("roll")
    expect.eq(a.state.die:value(1), b.state.die:value(1), "seed " .. seed)
    seen[a.state.die:value(1)] = true
  end
  expect.eq(seen, { ["1"] = true, ["2"] = true, ["3"] = true })
end)

test("move up to the roll, up, down, left or right", function()
  local g = open()
  rolled(g, 1, 2)
  expect.moves(g, { "move a1", "move b1", "move d1", "move e1", "move b2", "move c2", "move d2", "move c3" })
end)

test("a runner does not go through a rock", function()
  local g = open()
  put(g, 1, "a4")
  rolled(g, 1, 2)
  expect.illegal(g, "move c4")            -- two steps, but b4 is a rock
  expect.legal(g, "move b3")
  expect.illegal(g, "move b4")
end)

test("runners pass each other", function()
  local g = open()
  put(g, 1, "c3")
  put(g, 2, "c4")
  rolled(g, 1, 2)
  expect.legal(g, "move c5")
end)

test("ending on the other runner sends it back to its start square", function()
  local g = open()
  put(g, 1, "c3")
  put(g, 2, "c4")
  rolled(g, 1, 1)
  g:play("move c4")
  expect.eq({ runner_at(g, "c4"), runner_at(g, "c7"), runner_at(g, "c3") }, { 1, 2, 0 })
end)

test("a runner on its own start square is safe", function()
  local g = open()
  put(g, 1, "c6")
  rolled(g, 1, 1)
  expect.illegal(g, "move c7")
  expect.refused(g, "move c7", "not a legal move")
end)

test("ending a move on a coin picks it up: 1 point", function()
  local g = open()
  no_coins(g)
  g.state.board:set("c3", "coin", 1)
  rolled(g, 1, 2)
  g:play("move c3")
  expect.eq(points(g), { 1, 0 })
  expect.eq(g.state.board:get("c3", "coin"), 0)
end)

test("passing over a coin does not pick it up", function()
  local g = open()
  no_coins(g)
  g.state.board:set("c2", "coin", 1)
  rolled(g, 1, 2)
  g:play("move c3")
  expect.eq(points(g), { 0, 0 })
  expect.eq(g.state.board:get("c2", "coin"), 1)
end)

test("the first runner to reach the far side scores 3 and ends the game", function()
  local g = open()
  no_coins(g)
  put(g, 2, "a2")
  rolled(g, 2, 3)
  expect.falsy(g:result())
  g:play("move a1")
  expect.truthy(g:over())
  expect.eq(points(g), { 0, 3 })
  expect.eq(g:result().winners, { 2 })
  expect.eq(g:moves(), {})
end)

test("most points wins, even against the runner who crossed", function()
  local g = open()
  no_coins(g)
  g.state.score:set(1, 4)
  put(g, 2, "a2")
  rolled(g, 2, 1)
  g:play("move a1")
  expect.eq(g:result().scores, { 4, 3 })
  expect.eq(g:result().winners, { 1 })
end)

test("a tie goes to the runner who crossed", function()
  local g = open()
  no_coins(g)
  g.state.score:set(2, 3)
  put(g, 1, "e6")
  rolled(g, 1, 1)
  g:play("move e7")
  expect.eq(g:result().scores, { 3, 3 })
  expect.eq(g:result().ranks, { 1, 2 })
end)

test("the greedy bot takes a coin within reach", function()
  local g = open()
  no_coins(g)
  g.state.board:set("a2", "coin", 1)
  rolled(g, 1, 3)
  local _, text = g:choose("greedy", 1)   -- the move, and its text
  expect.eq(text, "move a2")
end)

test("undo gives back the position before the move", function()
  local g = open()
  rolled(g, 1, 3)
  local before = g:hash()
  g:play("move c4")
  expect.ne(g:hash(), before)
  g:undo()
  expect.eq(g:hash(), before)
end)
