-- Two Stars, a house rule of Starfall Forest kept in an overlay folder:
-- a visit collects up to two stars. Run with the overlay on the search path:
--
--   GROVE_PATH=examples/overlay build/grove test examples/overlay/tests
--
-- Each visit test plays the setup, puts a position in place by writing the
-- state, plays a fairy step and checks the outcome.

local WIDTH = 6                                -- lattice points per rank, 2 players
local PHASE_MOVE = 7                           -- the phase of a turn's steps
local UP = 1                                   -- a fairy standing in the forest
local SETUP = { "knock b2", "knock c2", "plant a1", "plant f6", "snake 1 b5", "snake 2 e2", "fairy c3", "fairy d4" }
local REFUSED = "two-stars and star-fluke both say how many stars a visit collects: choose one"

local function node(name)
  return (tonumber(name:sub(2)) - 1) * WIDTH + name:byte(1) - 96
end

--- A 2-player game of Starfall Forest with `variants` (nil: none), past
--- its setup, with no star anywhere.
local function start(variants)
  local g = games.open("starfall", { players = 2, seed = 1, variants = variants })
  for _, m in ipairs(SETUP) do g:play(m) end
  local forest = g.state.forest
  for _, n in ipairs({ forest:nodes() }) do forest:set(n, "stars", 0) end
  return g
end

--- Seat 1's fairy moves from c3 to the tree next to it, d3, which holds
--- `stars`; what the fairy holds after the step and what the tree has left.
local function visit(variants, stars)
  local g = start(variants)
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

test("the overlay adds a variant, not a game: starfall is still the base game's; grove list marks two-stars as the overlay's", function()
  local entry
  for _, e in ipairs(games.list()) do
    expect.ne(e.name, "two-stars", "grove list shows the variant as a game")
    if e.name == "starfall" then entry = e end
  end
  expect.truthy(entry, "grove list has no starfall")
  expect.falsy(entry.folder:find("overlay", 1, true), "starfall comes from " .. entry.folder)
  expect.eq(entry.definition.title, "Starfall Forest")
  expect.eq(entry.definition.variants, { "scaredy-snake", "star-fluke" })
  expect.eq(entry.overlay_variants, { "two-stars" })
end)

test("Two Stars: a fairy entering a tree with three stars takes two, and leaves one", function()
  expect.eq(visit("two-stars", 3), { held = 2, left = 1 })
end)

test("the same visit takes one star in the base game and all three with Star Fluke", function()
  expect.eq(visit(nil, 3), { held = 1, left = 2 })
  expect.eq(visit("star-fluke", 3), { held = 3, left = 0 })
end)

test("Two Stars: a tree with one star gives that one", function()
  expect.eq(visit("two-stars", 1), { held = 1, left = 0 })
end)

test("Two Stars changes how many stars a visit collects and no other rule", function()
  local base, house = start().state.rules, start("two-stars").state.rules
  expect.eq({ base.snakes_on_paths, base.stars_per_visit }, { 1, 1 }, "the base game")
  expect.eq({ house.snakes_on_paths, house.stars_per_visit }, { 1, 2 }, "two-stars")
end)

test("Two Stars combines with Scaredy-snake, a variant of the base game's own folder", function()
  for _, variants in ipairs({ "two-stars,scaredy-snake", "scaredy-snake,two-stars" }) do
    local rules = start(variants).state.rules
    expect.eq({ rules.snakes_on_paths, rules.stars_per_visit }, { 0, 2 }, variants)
    expect.eq(visit(variants, 3), { held = 2, left = 1 }, variants)
  end
end)

test("Two Stars and Star Fluke cannot be played together, in either order", function()
  for _, variants in ipairs({ "two-stars,star-fluke", "star-fluke,two-stars" }) do
    expect.error(function() start(variants) end, REFUSED, variants)
  end
end)

test("the board says the house rule is on, and only when it is", function()
  local with = start("two-stars"):render(1)
  local without = start():render(1)
  expect.truthy(with:find("House rule Two Stars", 1, true), with)
  expect.falsy(without:find("House rule", 1, true), without)
end)
