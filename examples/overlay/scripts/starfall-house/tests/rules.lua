-- Starfall Forest with house rules: the overlay is the base game under a
-- name of its own, and its Two Stars variant changes one rule: a visit
-- collects up to two stars. Each test plays the setup, puts a position in
-- place by writing the state, plays a fairy step and checks the outcome.

local WIDTH = 6                                -- lattice points per rank, 2 players
local PHASE_MOVE = 7                           -- the phase of a turn's steps
local UP = 1                                   -- a fairy standing in the forest
local SETUP = { "knock b2", "knock c2", "plant a1", "plant f6", "snake 1 b5", "snake 2 e2", "fairy c3", "fairy d4" }

local function node(name)
  return (tonumber(name:sub(2)) - 1) * WIDTH + name:byte(1) - 96
end

--- A 2-player game of `name` past its setup, with no star anywhere.
local function start(name, variants)
  local g = games.open(name, { players = 2, seed = 1, variants = variants })
  for _, m in ipairs(SETUP) do g:play(m) end
  local forest = g.state.forest
  for _, n in ipairs({ forest:nodes() }) do forest:set(n, "stars", 0) end
  return g
end

--- Seat 1's fairy moves from c3 next to d3, holding `stars`; it is seat
--- 1's turn with one fairy step to take.
local function visit(name, variants, stars)
  local g = start(name, variants)
  local s = g.state
  s.forest:set(node("d3"), "stars", stars)
  s.forest:set(node("d3"), "snakes", 0)
  s.fairy_state:set(1, UP)
  for die, face in ipairs({ "fairy", "star", "shooting", "star", "star" }) do
    s.cup:set_value(die, face)
    s.cup:set_aside(die, die >= 4)
  end
  s.roll.fairy, s.roll.snake, s.roll.tree = 1, 0, 0
  s.turn.seat, s.turn.phase = 1, PHASE_MOVE
  g:play("fairy d3")
  return { held = s.stars:get(1), left = s.forest:get(node("d3"), "stars") }
end

test("the overlay is Starfall Forest under its own name, with a third variant", function()
  local entry
  for _, e in ipairs(games.list()) do
    if e.name == "starfall-house" then entry = e end
  end
  expect.truthy(entry, "grove list has no starfall-house")
  expect.eq(entry.definition.title, "Starfall Forest (house rules)")
  expect.eq(entry.definition.variants, { "scaredy-snake", "star-fluke", "two-stars" })
end)

test("without a variant it plays move for move as starfall", function()
  for seed = 1, 5 do
    local a = games.open("starfall", { players = 2, seed = seed })
    local b = games.open("starfall-house", { players = 2, seed = seed })
    expect.eq(a:playout(seed), b:playout(seed), "length, seed " .. seed)
    expect.eq(a:hash(), b:hash(), "final position, seed " .. seed)
    expect.eq(a:result(), b:result(), "result, seed " .. seed)
  end
end)

test("Two Stars: a fairy entering a tree with three stars takes two, and leaves one", function()
  expect.eq(visit("starfall-house", "two-stars", 3), { held = 2, left = 1 })
end)

test("the same visit takes one star in the base game and all three with Star Fluke", function()
  expect.eq(visit("starfall", nil, 3), { held = 1, left = 2 })
  expect.eq(visit("starfall-house", nil, 3), { held = 1, left = 2 })
  expect.eq(visit("starfall-house", "star-fluke", 3), { held = 3, left = 0 })
end)

test("Two Stars: a tree with one star gives that one", function()
  expect.eq(visit("starfall-house", "two-stars", 1), { held = 1, left = 0 })
end)

test("Two Stars combines with Scaredy-snake (a base variant, through its link)", function()
  local g = start("starfall-house", "two-stars,scaredy-snake")
  expect.eq({ g.state.rules.snakes_on_paths, g.state.rules.stars_per_visit }, { 0, 2 })
  expect.eq(visit("starfall-house", "scaredy-snake,two-stars", 3), { held = 2, left = 1 })
end)

test("Two Stars and Star Fluke cannot be played together, in either order", function()
  for _, variants in ipairs({ "two-stars,star-fluke", "star-fluke,two-stars" }) do
    expect.error(function() start("starfall-house", variants) end,
      "two-stars and star-fluke both say how many stars a visit collects: choose one")
  end
end)

test("the board says the house rule is on", function()
  local with = start("starfall-house", "two-stars"):render(1)
  local without = start("starfall-house"):render(1)
  expect.truthy(with:find("House rule Two Stars", 1, true), with)
  expect.falsy(without:find("House rule", 1, true), without)
end)
