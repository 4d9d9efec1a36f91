-- Starfall Forest's options (README, "Options"): each number a designer may
-- change from the command line (--set NAME=VALUE) changes the rule it
-- names, and its default is the rule text's number.

local WIDTH = 6                                -- lattice points per rank, 2 players
local UP, HOME = 1, 3
local STANDING, KNOCKED_DOWN = 1, 2
local PHASE = games.open("starfall", { players = 2 }).definition.phases.names   -- the phases by name
local SETUP = { "knock b2", "knock c2", "plant a1", "plant f6", "snake 1 b5", "snake 2 e2", "fairy c3", "fairy d4" }

local function node(name) return (tonumber(name:sub(2)) - 1) * WIDTH + name:byte(1) - 96 end

--- A 2-player game with these options after the setup rounds, every tree
--- standing and no star anywhere.
local function start(options, seed)
  options.players, options.seed = 2, seed or 1
  local g = games.open("starfall", options)
  for _, m in ipairs(SETUP) do g:play(m) end
  for _, n in ipairs({ g.state.forest:nodes() }) do
    g.state.forest:set(n, "tree", STANDING)
    g.state.forest:set(n, "stars", 0)
  end
  return g
end

local function put_fairy(g, seat, name)
  local s = g.state
  s.forest:add(s.fairy_at:get(seat), "fairies", -1)
  s.forest:add(node(name), "fairies", 1)
  s.fairy_at:set(seat, node(name))
end

local function put_snake(g, snake, name)
  local s = g.state
  local at = s.snake_at:get(snake)
  if at > 0 then s.forest:add(at, "snakes", -1) else s.forest:edge_set(-at, "snake" .. snake, 0) end
  s.forest:add(node(name), "snakes", 1)
  s.snake_at:set(snake, node(name))
end

--- Seat 1's movement with these dice ("A": a star set aside).
local function turn(g, faces)
  local s = g.state
  local left = { fairy = 0, snake = 0, tree = 0 }
  for die, face in ipairs(faces) do
    s.cup:set_value(die, face == "A" and "star" or face)
    s.cup:set_aside(die, face == "A")
    if left[face] then left[face] = left[face] + 1 end
  end
  s.roll.fairy, s.roll.snake, s.roll.tree = left.fairy, left.snake, left.tree
  s.turn.seat, s.turn.phase = 1, PHASE.move
end

--- A game with these options after seat 1's turn with `faces` ended,
--- seat 2's roll rigged to show `roll` (the dice not set aside, lowest
--- first): seat 2 is to play, every rigged face rolled.
local function after_end(options, faces, roll, prepare)
  local g = start(options)
  if prepare then prepare(g) end
  turn(g, faces)
  rig(g, "cup", table.unpack(roll))
  g:play("end")
  expect.eq(g:actor(), 2)
  expect.eq({ g.state.cup:rigged() }, {}, "seat 2's roll took every rigged face")
  return g
end

test("options: the defaults are the rule text's numbers", function()
  local o = games.open("starfall", { players = 2 }).state.options
  expect.eq({ o.dice, o.stars_home, o.hearts, o.knocking_stars }, { 5, 5, 3, 2 })
end)

test("option hearts: fairies start with them; a traded star gives them all back", function()
  local g = games.open("starfall", { players = 2, hearts = 5 })
  expect.eq({ g.state.hearts:get(1), g.state.hearts:get(2) }, { 5, 5 })
  local prepare = function(x)
    put_fairy(x, 1, "c3")
    put_snake(x, 1, "c3")
    x.state.hearts:set(1, 0)
    x.state.stars:set(1, 2)
  end
  local steps = { "snake", "snake", "snake" }                -- seat 2 has steps to take
  g = after_end({ hearts = 5 }, { "snake", "star", "shooting", "A", "A" }, steps, prepare)
  expect.eq({ g.state.hearts:get(1), g.state.stars:get(1) }, { 4, 1 }, "5 hearts back, one bitten off")
  g = after_end({}, { "snake", "star", "shooting", "A", "A" }, steps, prepare)
  expect.eq(g.state.hearts:get(1), 2, "3 under the rule text")
end)

test("option stars_home: a fairy holding that many stars goes home", function()
  local function collect(options)
    local g = start(options)
    put_fairy(g, 1, "c3")
    g.state.stars:set(1, 2)
    g.state.forest:set(node("d3"), "stars", 1)
    turn(g, { "fairy", "snake", "star", "shooting", "A" })
    g:play("fairy d3")
    return g
  end
  local g = collect { stars_home = 3 }
  expect.eq({ g.state.stars:get(1), g.state.fairy_state:get(1) }, { 3, HOME })
  g = collect {}
  expect.eq({ g.state.stars:get(1), g.state.fairy_state:get(1) }, { 3, UP }, "5 needed under the rule text")
end)

test("option dice: the cup holds that many, and a star falls when they are all set aside", function()
  local g = games.open("starfall", { players = 2, dice = 3 })
  expect.eq(select("#", g.state.cup:values()), 3)
  expect.truthy(g:render():find("the first turn rolls all three", 1, true))
  -- two of three aside: seat 2's roll of a star completes them
  g = after_end({ dice = 3 }, { "A", "A", "fairy" }, { "star" })
  expect.eq(g.state.turn.phase, PHASE.fall)
  expect.truthy(g:render():find("the third star is set aside", 1, true))
  local said = table.concat(g:said(), "\n")
  expect.truthy(said:find("set aside (3 of 3).\nThe third star is set aside: a star falls", 1, true), said)
  -- with five dice, two set aside and a roll of a star complete nothing
  g = after_end({}, { "A", "A", "fairy", "fairy", "fairy" }, { "star", "fairy", "snake" })
  expect.eq(g.state.turn.phase, PHASE.move)
  expect.eq(g.state.cup:count("star", "aside"), 3)
end)

test("option knocking_stars: a completing roll with that many stars knocks the tree down", function()
  local g = after_end({ knocking_stars = 1 }, { "A", "A", "A", "A", "fairy" }, { "star" })
  expect.eq(g.state.turn.phase, PHASE.fall_knocking)
  local target
  for _, m in ipairs(g:moves()) do target = target or m:match("^star (%w+)") end
  g:play("star " .. target)
  expect.eq(g.state.forest:get(node(target), "tree"), KNOCKED_DOWN)
  g = after_end({}, { "A", "A", "A", "A", "fairy" }, { "star" })
  expect.eq(g.state.turn.phase, PHASE.fall, "one star knocks nothing down under the rule text")
end)

test("options: each takes its least and its most value; one past either end is refused", function()
  local RANGES = {                       -- name, least, most, and the game it needs
    { "dice", 1, 9 }, { "stars_home", 1, 20 }, { "hearts", 1, 9 }, { "knocking_stars", 1, 9 },
  }
  for _, row in ipairs(RANGES) do expect.option_range("starfall", row[1], row[2], row[3], row[4]) end
end)

test("players: 2 to 4, 2 when the count is not given", function()
  expect.eq(games.open("starfall", { seed = 1 }).players, 2)
  for _, n in ipairs({ 2, 4 }) do expect.eq(games.open("starfall", { players = n, seed = 1 }).players, n) end
  for _, n in ipairs({ 1, 5 }) do
    expect.error(function() games.open("starfall", { players = n, seed = 1 }) end,
      string.format("starfall is played by 2 to 4 players, not %d", n))
  end
end)
