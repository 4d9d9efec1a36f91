-- Flooded Forest: the definition's invariants(s) (invariants.lua, what
-- always holds). They hold where a game starts, and each one fires, naming what
-- broke, when a state is broken on purpose through g.state.
-- (tests/playouts.lua calls them after every move of 1000 random games.)

local WATER, FOREST = 1, 2
local CAIMAN = 1

-- Positions -------------------------------------------------------------------

--- A new game: seat 1 to place a tile.
local function fresh(players)
  return games.open("flooded", { players = players or 4, seed = 5 })
end

--- A new game after seat 1's first placement: a red fish on a tile.
local function placed(players)
  local g = fresh(players)
  g:play(g:legal()[1])
  return g
end

--- The hex holding seat 1's first fish.
local function red_hex(g)
  return g.state.map:cells({ red = { 1, 72 } })
end

--- A dry-phase position (4 players): every Flood tile in the discard pile,
--- no predators, full supplies; seat 1 to pull. Then tiles laid by
--- `lay(g, hex, tile)` with water on every side.
local function dry()
  local g = fresh(4)
  local s = g.state
  for _, hex in ipairs({ s.map:cells({ tile = { 1, 36 } }) }) do
    s.discard:push(s.map:get(hex, "tile"))
    s.map:set(hex, "tile", 0)
    s.map:set_sides(hex, "side", 0, 0, 0, 0, 0, 0)
  end
  for _, zone in ipairs({ "deck1", "hand1", "deck2", "hand2", "deck3", "hand3", "deck4", "hand4" }) do
    if s[zone]:count() > 0 then s[zone]:deal(s.discard, s[zone]:count()) end
  end
  for seat = 1, 4 do
    for _, name in ipairs({ "caiman", "piranhas", "jaguar" }) do s[name]:set(seat, 0) end
  end
  s.play.stage = g.definition.data.stages.dry
  s.turn.phase = g.definition.phases.names.dry
  g.definition.data.survey(s)                       -- the hexes keep which tiles are round them
  return g
end

--- The all-water tile from the discard pile onto hex (it fits anywhere).
local function lay_lake(g, hex)
  local s = g.state
  local lake = 1                                    -- tiles.lua: tile 1 is all water
  s.discard:take(s.discard:find(lake))
  s.map:set(hex, "tile", lake)
  s.map:set_sides(hex, "side", WATER, WATER, WATER, WATER, WATER, WATER)
  g.definition.data.survey(s)
  return lake
end

local function add_fish(g, hex, colour, n)
  local map = g.state.map
  map:add(hex, colour, n)
  map:add(hex, "fish", n)
end

local function phase(g, name)
  g.state.turn.phase = g.definition.phases.names[name]
end

-- They hold ------------------------------------------------------------------

test("invariants: they hold at the start of every game and after a placement", function()
  for players = 3, 4 do
    for seed = 1, 20 do expect.invariants_hold(games.open("flooded", { players = players, seed = seed }), "seed " .. seed) end
    expect.invariants_hold(placed(players), players .. " players after a placement")
  end
  expect.invariants_hold(dry(), "the dry position")
end)

-- The turn -----------------------------------------------------------------------

test("invariants fire: the turn is a seat's in play, in a phase of the stage", function()
  local g = fresh(3)
  g.state.turn.seat = 4
  expect.invariant_fires(g, "the turn is seat 4's", "seat 4 of 3")
  g = fresh()
  g.state.play.stage = g.definition.data.stages.dry
  expect.invariant_fires(g, "phase place in stage 3", "placing in the dry phase")
  g = fresh()
  g.state.turn.over = 1
  expect.invariant_fires(g, "the game ended before the dry phase", "over in the flood phase")
  g = dry()
  g.state.home:set(1, 15)
  g.state.supply:set(1, 3)
  expect.invariant_fires(g, "the river circles are full, yet the game goes on", "15 fish home with 4 players")
end)

-- Tiles ----------------------------------------------------------------------------

test("invariants fire: the river is seven river tiles; Flood tiles lie in the flood areas", function()
  local g = fresh()
  g.state.map:set("3,0", "tile", 0)
  expect.invariant_fires(g, "the river is not seven river tiles", "a river tile gone")
  g = fresh()
  g.state.map:set("2,-1", "area", 0)
  expect.invariant_fires(g, "a tile lies outside the flood areas and the river", "a start tile off the areas")
end)

test("invariants fire: a tile shows all six sides, is a Flood tile, lies as printed and turned", function()
  local g = fresh()
  g.state.map:set_side("2,-1", "side", 5, 0)
  expect.invariant_fires(g, "the tile on 2,-1 lacks a side", "a side gone")
  g = fresh()
  g.state.map:set("2,-1", "tile", 50)
  expect.invariant_fires(g, "a tile lies outside the flood areas and the river, or is no Flood tile", "tile 50")
  g = fresh()
  local map = g.state.map                          -- the nw side of 2,-1 faces an empty hex
  map:set_side("2,-1", "side", 5, map:side("2,-1", "side", 5) == WATER and FOREST or WATER)
  expect.invariant_fires(g, "is not its printed sides turned", "one side changed")
end)

test("invariants fire: each hex keeps which of its sides face tiles, and water", function()
  local g = fresh()
  local map = g.state.map                          -- 2,-2 touches the start tile 2,-1 only
  map:set("2,-2", "faces", 0)
  expect.invariant_fires(g, "2,-2 keeps faces 0, touching 1, where the tiles round it make", "faces forgotten")
  g = fresh()
  g.state.map:add("3,-1", "touching", 1)
  expect.invariant_fires(g, "3,-1 keeps faces", "one tile too many")
end)

test("invariants fire: every Flood tile is in exactly one place", function()
  local g = fresh()
  local map = g.state.map
  local t = map:get("2,-1", "tile")
  map:set("5,-3", "tile", t)                       -- nothing touches 5,-3
  map:set_sides("5,-3", "side", map:sides("2,-1", "side"))
  expect.invariant_fires(g, "tile " .. t .. " is twice on the board", "a tile on two hexes")
  g = fresh()
  t = g.state.map:get("2,-1", "tile")
  g.state.discard:push(t)
  expect.invariant_fires(g, "tile " .. t .. " is in discard and elsewhere", "a board tile also discarded")
  g = fresh()
  g.state.hand1:take(1)
  expect.invariant_fires(g, "a tile is nowhere", "a tile lost from a hand")
end)

test("invariants fire: touching sides match in terrain; an empty hex shows no sides", function()
  local g = fresh()
  local map = g.state.map
  local hex = map:get("2,-1", "tile") == 1 and "5,-1" or "2,-1"   -- not the all-water tile 1
  repeat map:rotate(hex, 1)                         -- until a river side (se, sw) is forest
  until map:side(hex, "side", 2) == FOREST or map:side(hex, "side", 3) == FOREST
  expect.invariant_fires(g, "side of " .. hex .. " does not match", "forest against the river")
  g = fresh()
  g.state.map:set_side("3,-2", "side", 1, WATER)
  expect.invariant_fires(g, "the empty hex 3,-2 shows sides", "a side on an empty hex")
end)

-- Fish -------------------------------------------------------------------------------

test("invariants fire: a hex's fish are its colours, within the circles during the flood", function()
  local g = placed()
  local h = red_hex(g)
  g.state.map:add(h, "fish", 1)
  expect.invariant_fires(g, "holds 2 fish, its colours 1", "a fish of no colour")
  g = placed()
  h = red_hex(g)
  add_fish(g, h, "red", 3)
  g.state.supply:take(1, 3)
  expect.invariant_fires(g, "holds more fish than its circles", "four fish in at most three circles")
  g = placed()                           -- one fish more than the circles is one too many
  h = red_hex(g)
  local circles = g.definition.data.tiles[g.state.map:get(h, "tile")].circles
  add_fish(g, h, "red", circles)
  g.state.supply:take(1, circles)
  expect.invariant_fires(g, "holds more fish than its circles", "circles + 1 fish")
  g = placed()
  h = red_hex(g)
  g.state.map:add(h, "fish", -1)
  expect.invariant_fires(g, "red fish on a hex with no fish", "a red fish not counted")
  g = fresh(3)
  g.state.map:set("2,-1", "purple", 1)
  expect.invariant_fires(g, "purple fish with 3 players", "a fourth colour")
end)

test("invariants fire: every colour's 18 fish are on tiles, home, eaten or in the supply", function()
  local g = placed()
  g.state.supply:take(1, 1)
  expect.invariant_fires(g, "red: 1 on tiles + 0 home + 0 eaten + 16 in supply is not 18", "a fish lost")
  g = dry()
  g.state.eaten_green:add(3, 1)
  expect.invariant_fires(g, "green: 0 on tiles + 0 home + 1 eaten + 18 in supply is not 18", "a fish eaten from nowhere")
end)

test("invariants fire: fish stand on tiles, in the river only until the movement is settled", function()
  local g = dry()
  add_fish(g, "3,-2", "red", 1)
  g.state.supply:take(1, 1)
  expect.invariant_fires(g, "fish on 3,-2, which has no tile", "a fish on an empty hex")
  g = dry()
  add_fish(g, "3,0", "red", 1)
  g.state.supply:take(1, 1)
  expect.invariant_fires(g, "fish stay in the river", "a school left in the river")
  phase(g, "eat")
  g.state.play.eating, g.state.play.bites = g.state.map:id("3,0"), 1
  g.state.map:set("3,0", "predator", CAIMAN)
  expect.invariants_hold(g, "a school in the river while its predator eats")
end)

-- Predators ---------------------------------------------------------------------------

test("invariants fire: three predators a player, held until placed, none back once gone", function()
  local g = fresh()
  g.state.map:set("2,-1", "predator", CAIMAN)
  expect.invariant_fires(g, "12 predators held and 1 on the board in the flood phase", "a predator in the flood")
  g = fresh()
  g.state.play.stage = g.definition.data.stages.predators
  phase(g, "predators")
  for seat = 1, 4 do
    for _ = 1, 3 do g.state["hand" .. seat]:deal(g.state.discard, 0) end
    if g.state["hand" .. seat]:count() > 0 then g.state["hand" .. seat]:deal(g.state.discard, g.state["hand" .. seat]:count()) end
    if g.state["deck" .. seat]:count() > 0 then g.state["deck" .. seat]:deal(g.state.discard, g.state["deck" .. seat]:count()) end
  end
  expect.invariants_hold(g, "all predators held as they appear")
  g.state.caiman:set(2, 0)
  expect.invariant_fires(g, "11 predators held and 0 on the board, not 12", "a caiman lost before it was placed")
  g = dry()
  g.state.jaguar:set(1, 1)
  expect.invariant_fires(g, "1 predators held and 0 on the board in the dry phase", "a jaguar still held in the dry phase")
end)

test("invariants fire: predators stand on tiles, leave the river, and eat only while the movement is unsettled", function()
  local g = dry()
  g.state.map:set("3,-2", "predator", CAIMAN)
  expect.invariant_fires(g, "a predator on 3,-2, which has no tile", "a caiman on an empty hex")
  g = dry()
  g.state.map:set("3,0", "predator", CAIMAN)
  expect.invariant_fires(g, "a predator stays in the river", "a caiman left in the river")
  g = dry()
  lay_lake(g, "3,-1")
  g.state.map:set("3,-1", "predator", CAIMAN)
  expect.invariants_hold(g, "a caiman on a tile")
  g.state.map:set("3,-1", "hungry", 1)
  expect.invariant_fires(g, "a predator may still eat after the movement was settled", "a hungry caiman at the start of a turn")
end)

-- Hands, decks and the turn's record ---------------------------------------------------

test("invariants fire: the bag is empty after setup, the leftover tiles stay set aside", function()
  local g = fresh()
  g.state.hand1:deal(g.state.bag, 1)
  expect.invariant_fires(g, "tiles left in the bag", "a tile back in the bag")
  g = fresh(3)
  g.state.unused:deal(g.state.discard, 1)
  expect.invariant_fires(g, "7 tiles set aside", "a set-aside tile in play")
end)

test("invariants fire: a hand of three while the deck lasts; no tiles without fish; none once the predators appear", function()
  local g = fresh()
  g.state.hand2:deal(g.state.discard, 1)
  expect.invariant_fires(g, "seat 2 holds 2 tiles with 5 in its deck", "a hand not refilled")
  g = fresh()
  g.state.supply:set(1, 0)
  g.state.eaten_red:set(2, 18)
  expect.invariant_fires(g, "seat 1 has no fish left but holds tiles", "tiles kept with no fish")
  g = dry()
  g.state.discard:deal(g.state.hand3, 2)
  expect.invariant_fires(g, "seat 3 holds 2 tiles and 0 in its deck", "a hand of two in the dry phase")
  g = fresh()
  g.state.hand1:deal(g.state.discard, 3)
  g.state.deck1:deal(g.state.discard, 5)
  expect.invariant_fires(g, "seat 1 places with no tiles", "a turn with nothing to place")
end)

test("invariants fire: the pulled tile is set aside until the turn ends, its hex empty", function()
  local g = dry()
  g.state.play.pulled = g.state.map:id("3,-1")
  expect.invariant_fires(g, "the pulled tile is not set aside", "a pull with no tile set aside")
  g = dry()
  lay_lake(g, "3,-1")
  g.state.discard:deal(g.state.pulled, 1)
  g.state.play.pulled = g.state.map:id("3,-1")
  expect.invariant_fires(g, "the pulled hex holds a tile", "the pulled hex still tiled")
  g = dry()
  g.state.discard:deal(g.state.pulled, 1)
  g.state.play.pulled = g.state.map:id("3,-1")
  phase(g, "keep")
  expect.invariant_fires(g, "a keep with 1 pulled and 0 in hand", "keep with an empty hand")
end)

test("invariants fire: the turn's counters are in range", function()
  local g = dry()
  g.state.play.acted = 2
  expect.invariant_fires(g, "acted is 2", "acted 2")
  g = dry()
  g.state.play.acted, g.state.play.boost = 1, 9
  expect.invariant_fires(g, "boost is 9", "boost 9")
  g = dry()
  g.state.play.eat_more = 1
  expect.invariant_fires(g, "an action took effect, yet none was played", "eat-more without an action")
  g = fresh()
  phase(g, "extra")
  g.state.hand1:deal(g.state.discard, 1)
  expect.invariant_fires(g, "extra fish with no tile placed", "an extra fish with no placement")
  g = dry()
  phase(g, "act")
  g.state.play.acted, g.state.play.boost, g.state.play.source = 1, 1, g.state.map:id("3,-1")
  expect.invariant_fires(g, "an action moves nothing", "predator-move with no predator")
end)

test("invariants fire: eating only in the eating phase, never more than the fish there", function()
  local g = dry()
  lay_lake(g, "3,-1")
  g.state.map:set("3,-1", "predator", CAIMAN)
  add_fish(g, "3,-1", "red", 1)
  g.state.supply:take(1, 1)
  g.state.play.eating, g.state.play.bites = g.state.map:id("3,-1"), 1
  expect.invariant_fires(g, "eating outside the eating", "eating in the pull phase")
  phase(g, "eat")
  expect.invariants_hold(g, "a caiman eating the one fish there")
  g.state.play.bites = 2
  expect.invariant_fires(g, "2 bites at 3,-1", "two bites of one fish")
end)

test("invariants fire: the sw side of a tile matches the tile it touches", function()
  local g = fresh()
  local map = g.state.map
  local hex = map:get("2,-1", "tile") == 1 and "5,-1" or "2,-1"   -- not the all-water tile 1
  for _ = 1, 6 do                                   -- water to the se river, forest to the sw one
    if map:side(hex, "side", 2) == WATER and map:side(hex, "side", 3) == FOREST then break end
    map:rotate(hex, 1)
  end
  expect.eq(map:side(hex, "side", 3), FOREST, "the sw side")
  expect.invariant_fires(g, "the sw side of " .. hex .. " does not match", "forest on the sw against the river")
end)

test("invariants fire: an empty hex shows no sides, whichever sides it shows", function()
  local g = fresh()
  g.state.map:set_sides("3,-2", "side", WATER, 0, 0, 0, WATER, 0)   -- east and north-west
  expect.invariant_fires(g, "the empty hex 3,-2 shows sides", "two sides on an empty hex")
end)

test("invariants fire: fish stand on tiles in the flood phase too", function()
  local g = placed()
  add_fish(g, "3,-2", "red", 1)
  g.state.supply:take(1, 1)
  expect.invariant_fires(g, "fish on 3,-2, which has no tile", "a fish on an empty hex in the flood")
end)

test("invariants hold: a seat with no fish left and no tiles, in the flood phase", function()
  local g = fresh()
  local s = g.state
  s.supply:set(2, 0)
  s.eaten_green:set(1, 18)
  s.hand2:deal(s.discard, s.hand2:count())
  s.deck2:deal(s.discard, s.deck2:count())
  expect.invariants_hold(g, "seat 2 out of fish and tiles")
end)
