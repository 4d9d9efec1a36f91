-- Logger's options (README, "Options"): each number a designer may change
-- from the command line (--set NAME=VALUE) changes the rule it names, and
-- its default is the rule text's number.

local CORNERS = { "a1", "e5", "a5", "e1" }     -- where seats 1..4 start

--- A game past its setup (loggers on CORNERS in seat order), with the c3
--- seedling taken back to the pool: an empty board but the loggers.
local function bare(options)
  options.seed = 1
  local players = options.players or 2
  local g = games.open("logger", options)
  for seat = 1, players do g:play("place " .. CORNERS[seat]) end
  g.state.board:set("c3", "tree", 0)
  g.state.large:add(1)
  return g
end

--- A mature tree on a square, its pyramids from the pool.
local function mature(g, square)
  for _, piece in ipairs({ "large", "medium", "small" }) do g.state[piece]:take(1) end
  g.state.board:set(square, "tree", 3)
end

--- Seat 1 (a1) chops a mature tree on a2, its only action: one point.
local function chop_a2(g)
  mature(g, "a2")
  g:play("move a1")
  while g:moves()[1]:match("^spawn") do g:play(g:moves()[1]) end
  g:play("chop a2")
end

test("options: the defaults are the rule text's numbers", function()
  local o = games.open("logger", { players = 2 }).state.options
  expect.eq({ o.winning_score, o.movement, o.protesters, o.pyramids }, { 10, 2, 2, 20 })
  o = games.open("logger", { players = 3 }).state.options
  expect.eq(o.protesters, 1, "1 protester each with 3 players, 2 with 2")
end)

test("option winning_score: reaching it, not 10, starts the final round", function()
  local g = bare { winning_score = 3 }
  g.state.score:set(1, 2)
  chop_a2(g)
  expect.eq(g.state.score:get(1), 3)
  expect.truthy(g:render():find("Final round: someone reached 3 points.", 1, true), "the board says so")
  g:play("move e5")                         -- seat 2's final turn: stay put
  while not g:over() and g:actor() == 2 do g:play(g:moves()[1]) end
  expect.truthy(g:over(), "the game ends after seat 2's turn")
  expect.eq(g:result().winners, { 1 })

  local plain = bare {}                     -- the same chop under the rule text's 10
  plain.state.score:set(1, 2)
  chop_a2(plain)
  plain:play("move e5")
  while plain:actor() == 2 do plain:play(plain:moves()[1]) end
  expect.falsy(plain:over(), "3 points end nothing when 10 are needed")
end)

test("option movement: a logger moves up to that many squares", function()
  local g = bare { movement = 3 }
  local far = {}
  for _, m in ipairs(g:moves()) do far[m] = true end
  expect.truthy(far["move a4"] and far["move d1"] and far["move b3"], "three steps from a1")
  expect.falsy(far["move a5"], "not four")
  local plain = {}
  for _, m in ipairs(bare({}):moves()) do plain[m] = true end
  expect.falsy(plain["move a4"], "two steps at most under the rule text")
  g = bare { movement = 1 }
  expect.moves(g, { "move a1", "move b1", "move a2" })
  expect.breaks_rule(g, "move c1", "c1 is 2 squares from your logger on a1: it moves at most 1, no diagonals")
end)

test("option protesters: each player starts with that many, whatever the player count", function()
  local g = games.open("logger", { players = 3, protesters = 3 })
  expect.eq({ g.state.protesters:get(1), g.state.protesters:get(2), g.state.protesters:get(3) }, { 3, 3, 3 })
  g = games.open("logger", { players = 2, protesters = 0 })
  expect.eq(g.state.protesters:get(1), 0)
  -- a protester of each of 4 players can end up with one chopper: 12 in all
  g = games.open("logger", { players = 4, protesters = 3 })
  g.state.protesters:set(1, 12)
  expect.eq(g.state.protesters:get(1), 12)
end)

test("option pyramids: the pool holds that many of each size", function()
  local g = games.open("logger", { players = 2, pyramids = 2 })
  expect.eq({ g.state.large:get(), g.state.medium:get(), g.state.small:get() }, { 1, 2, 2 },
    "one large pyramid is the c3 seedling")
  -- one seedling in all: once seat 1 plants it, seat 2 has no action
  g = bare { pyramids = 1 }
  g:play("move a1")
  g:play("plant a2")
  g:play("move e5")
  expect.eq(g:actor(), 1, "seat 2's action is skipped: nothing to plant")
  local plain = bare {}
  plain:play("move a1")
  plain:play("plant a2")
  plain:play("move e5")
  expect.eq(plain:actor(), 2, "with 20 pyramids seat 2 plants")
end)

test("options: a value outside the declared range is refused, naming the range", function()
  expect.error(function() games.open("logger", { winning_score = 0 }) end,
    "option winning_score of logger takes a whole number from 1 to 99, not 0")
  expect.error(function() games.open("logger", { movement = "far" }) end,
    "option movement of logger takes a whole number from 1 to 8, not 'far'")
  expect.error(function() games.open("logger", { winning_scor = 12 }) end,
    "logger has no option 'winning_scor' (did you mean 'winning_score'?")
end)

test("options: s.options is read-only, yet pairs and # see every option", function()
  local o = games.open("logger", { players = 2 }).state.options
  local names = {}
  for name in pairs(o) do names[#names + 1] = name end
  table.sort(names)
  expect.eq(names, { "movement", "players", "protesters", "pyramids", "seed", "variants", "winning_score" })
  local ok, why = pcall(function() o.winning_score = 12 end)
  expect.falsy(ok)
  expect.truthy(why:find("s.options is read-only: a game's options are chosen when it starts", 1, true), why)
  expect.eq(o.winning_score, 10)
end)

test("options: each takes its least and its most value; one past either end is refused", function()
  local RANGES = {                       -- name, least, most, and the game it needs
    { "winning_score", 1, 99 }, { "movement", 1, 8 }, { "protesters", 0, 9 }, { "pyramids", 1, 99 },
  }
  for _, row in ipairs(RANGES) do expect.option_range("logger", row[1], row[2], row[3], row[4]) end
end)

test("players: 2 to 4, 2 when the count is not given", function()
  expect.eq(games.open("logger", { seed = 1 }).players, 2)
  for _, n in ipairs({ 2, 4 }) do expect.eq(games.open("logger", { players = n, seed = 1 }).players, n) end
  for _, n in ipairs({ 1, 5 }) do
    expect.error(function() games.open("logger", { players = n, seed = 1 }) end,
      string.format("logger is played by 2 to 4 players, not %d", n))
  end
end)
