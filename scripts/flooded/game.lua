--- Flooded Forest — fish leave the flooded Amazon to spawn, then race the
--- predators back to the river as the water falls.
---
--- The game of ../shared/rules/flooded-forest.txt with the decisions of
--- DECISIONS.md (Flooded Forest), for 3 and 4 players. README.md beside this
--- file states the rules as implemented. The 36 Flood tiles are the table
--- in tiles.lua.
--- The game has three stages:
---   flood      place a Flood tile and a fish on it; maybe extra fish along
---              the chain (each extra fish is a move, "stop" ends it)
---   predators  in turn order each player places a caiman, a piranha school
---              or a jaguar on a perimeter tile, one piece a turn
---   dry        pull a tile, move the school and the predator that stood on
---              it, fights, eating; special actions from the tile backs
local game = require "grove.game"
local turns = require "grove.turns"
local rank = require "grove.rank"
local draw = require "grove.render"

-- The 36 Flood tiles: tiles.lua, one row per tile -------------------------------
local TILES = require "tiles"

-- The board ----------------------------------------------------------------
--
-- A pointy-top hex grid in axial coordinates "q,r". Directions 1..6 are
-- e, se, sw, w, nw, ne (clockwise from east); the river is the row r = 0,
-- q = 0..6; the north flood area is rows -1..-3, the south rows 1..3, over
-- the hexes that lie beside the river (doubled column 2q + r within the
-- river's span -1..13).

local RIVER_FIRST, RIVER_LAST = 0, 6     -- q of the 7 river tiles, row 0
local FLOOD_ROWS = 3                     -- rows of each flood area
local SPAN_LOW, SPAN_HIGH = 2 * RIVER_FIRST - 1, 2 * RIVER_LAST + 1
local STORED = { q = { -2, 8 }, r = { -3, 3 } }   -- holds every area hex
local SCORING_RIVER = { 0, 3, 6 }        -- the middle and end river tiles
local CIRCLES_ON_SCORING_TILE = { [3] = 4, [4] = 5 }   -- by player count
local START_HEXES = { "2,-1", "5,-1", "1,1", "4,1" }   -- beside river q = 1 and 5
local RIVER_START = "0,0"                -- any river hex: waterways start here

local OFF, NORTH, SOUTH, RIVER = 0, 1, 2, 3                -- hex field "area"
local NONE, WATER, FOREST = 0, 1, 2                        -- side field "side"
local RIVER_TILE = 100                   -- "tile" of a river hex (Flood tiles: 1..36)
local DIRECTIONS = 6
local TOUCHING_AT_LEAST = 2              -- sides of a new tile that must touch tiles
local OPPOSITE = { 4, 5, 6, 1, 2, 3 }
local DIRECTION_NAME = { "e", "se", "sw", "w", "nw", "ne" }

-- The pieces ---------------------------------------------------------------

local DECK_SIZE = 8                      -- Flood tiles dealt to each player
local HAND_SIZE = 3                      -- drawn at the start, refilled each turn
local DRY_HAND_SIZE = 1                  -- tiles kept for their special action
local FISH_EACH = 18
local FISH_IN_ALL = 72                   -- the most fish a hex can ever hold
local POINTS_PER_FISH_HOME = 2
local POINTS_PER_FISH_EATEN = 1          -- opponents' fish only
local COLOUR = { "red", "green", "blue", "purple" }       -- seat 1..4
local COLOUR_LETTER = { "r", "g", "b", "p" }

local CAIMAN, PIRANHAS, JAGUAR = 1, 2, 3                   -- hex field "predator"
local PREDATOR = { "caiman", "piranhas", "jaguar" }        -- also the per-seat pools
local PREDATOR_LETTER = { "C", "P", "J" }
-- Paper, rock, scissors: who drives off whom.
local DRIVES_OFF = { [JAGUAR] = CAIMAN, [CAIMAN] = PIRANHAS, [PIRANHAS] = JAGUAR }
-- How many fish must be on the tile for a predator to eat, and how many it eats.
local APPETITE = {
  [CAIMAN] = { at_least = 2, eats = 1 },
  [JAGUAR] = { at_least = 3, eats = 1 },
  [PIRANHAS] = { at_least = 4, eats = 2 },
}
local PIRANHAS_WITH_THREE = 3            -- the piranha-three action's threshold

-- The special actions on the tile backs.
local ACTIONS = { "predator-move", "eat-more", "fish-move", "piranha-three", "caiman-land", "jaguar-two" }
local PREDATOR_MOVE, EAT_MORE, FISH_MOVE, PIRANHA_THREE, CAIMAN_LAND, JAGUAR_TWO = 1, 2, 3, 4, 5, 6
local ACTION_TEXT = {
  "move a predator from a shared tile to an adjacent Flood tile",
  "after movement, a predator eats one more fish than normal (after pulling)",
  "move your fish from a shared tile to an adjacent Flood tile",
  "after movement, piranhas eat when only three fish are present",
  "move a caiman from a shared or the pulled tile over land",
  "move a jaguar from a shared or the pulled tile up to two Flood tiles",
}
-- When an action may be played.
local BEFORE_PULL, AFTER_PULL, INSTEAD_OF_PULL = 1, 2, 3

local STAGE = { flood = 1, predators = 2, dry = 3 }
local PHASE = turns.phases {
  "place",       -- flood: place a tile (or discard one if none fits)
  "extra",       -- flood: an extra fish, or stop
  "predators",   -- place a predator
  "dry",         -- dry: pull a tile (an action first, if wanted)
  "school",      -- dry: move the pulled tile's fish
  "hunter",      -- dry: move the pulled tile's predator
  "act",         -- dry: move the piece a special action names
  "window",      -- dry: after the pull's movement, an action or stop
  "eat",         -- dry: choose the fish a predator eats
  "keep",        -- dry: a hand of one: keep the pulled tile or the old one
}
local MOVE = game.kinds {
  "place", "discard", "fish", "stop", "caiman", "piranhas", "jaguar",
  "school", "pull", "action", "eat", "keep",
}
local MOVE_OF_PREDATOR = { MOVE.caiman, MOVE.piranhas, MOVE.jaguar }
local PREDATOR_NAME = { "caiman", "piranha school", "jaguar" }      -- in what the rules tell

-- Conditions on hexes.
local FLOOD_TILE = grove.cond { tile = { 1, #TILES } }
local ANY_TILE = grove.cond { tile = { 1, RIVER_TILE } }
-- The fields "touching" and "faces" are what each hex keeps of the tiles
-- round it (river included): see tell_neighbours.
-- A Flood tile with at most four tiles round it (shut in by five or six, it
-- cannot slide out).
local NOT_SHUT_IN = grove.cond { tile = { 1, #TILES }, touching = { 0, DIRECTIONS - 2 } }
-- An empty flood hex that touches at least two tiles.
local BESIDE_TILES = grove.cond { area = { NORTH, SOUTH }, tile = 0, touching = { TOUCHING_AT_LEAST, DIRECTIONS } }
local FLOOD_TILE_IN = {
  [NORTH] = grove.cond { area = NORTH, tile = { 1, #TILES } },
  [SOUTH] = grove.cond { area = SOUTH, tile = { 1, #TILES } },
}
local HUNGRY_PREDATOR = grove.cond { hungry = 1, predator = { CAIMAN, JAGUAR } }
local PREDATOR_IN_RIVER = grove.cond { area = RIVER, predator = { CAIMAN, JAGUAR } }
local FISH_IN_RIVER = grove.cond { area = RIVER, fish = { 1, FISH_IN_ALL } }
-- A perimeter tile with no predator: a Flood tile with an open side (no
-- tile beyond it), that is, without a sixth tile around it.
local FREE_PERIMETER_TILE = grove.cond { tile = { 1, #TILES }, predator = NONE, touching = { 0, DIRECTIONS - 1 } }
-- A predator "shares" its tile when fish are on it.
local SHARED = {
  [PREDATOR_MOVE] = grove.cond { tile = { 1, #TILES }, predator = { CAIMAN, JAGUAR }, fish = { 1, FISH_IN_ALL } },
  [CAIMAN_LAND] = grove.cond { tile = { 1, #TILES }, predator = CAIMAN, fish = { 1, FISH_IN_ALL } },
  [JAGUAR_TWO] = grove.cond { tile = { 1, #TILES }, predator = JAGUAR, fish = { 1, FISH_IN_ALL } },
}
local OWN_FISH, FISH_OF = {}, {}         -- Flood tiles, or any hexes, with fish of a seat
for seat, colour in ipairs(COLOUR) do
  OWN_FISH[seat] = grove.cond { tile = { 1, #TILES }, [colour] = { 1, FISH_IN_ALL } }
  FISH_OF[seat] = grove.cond { [colour] = { 1, FISH_IN_ALL } }
end

-- The tiles as masks --------------------------------------------------------
--
-- A tile's water sides as a 6-bit mask, bit d-1 for direction d. Turning a
-- tile k steps clockwise moves the side printed at d to d + k, as
-- hex:rotate does.

local BIT = {}                           -- BIT[d]: side d alone, as a mask
for d = 1, DIRECTIONS do BIT[d] = 1 << (d - 1) end
local ALL_SIDES = (1 << DIRECTIONS) - 1

local function turned(mask, k)
  return ((mask << k) | (mask >> (DIRECTIONS - k))) & ALL_SIDES
end

local BITS = {}                          -- BITS[mask]: how many sides
for mask = 0, ALL_SIDES do
  local n = 0
  for d = 1, DIRECTIONS do if mask & BIT[d] ~= 0 then n = n + 1 end end
  BITS[mask] = n
end

-- The tiles round a hex, by the mask `closed` of its sides that face tiles:
-- SLIDES_OUT[closed] says whether two neighbouring sides are open (a tile
-- there can slide out of the flood area); ROW[closed], when the closed sides
-- form one unbroken row (not the whole ring), lists the pairs of neighbouring
-- sides along it, {d, the next side clockwise}, and is false otherwise.
local SLIDES_OUT, ROW = {}, {}
for closed = 0, ALL_SIDES do
  local open = ALL_SIDES & ~closed
  SLIDES_OUT[closed] = open & turned(open, 1) ~= 0
  local along, starts = {}, 0
  for d = 1, DIRECTIONS do
    local before, after = (d + DIRECTIONS - 2) % DIRECTIONS + 1, d % DIRECTIONS + 1
    if closed & BIT[d] ~= 0 and closed & BIT[before] == 0 then starts = starts + 1 end
    if closed & BIT[d] ~= 0 and closed & BIT[after] ~= 0 then along[#along + 1] = { d, after } end
  end
  ROW[closed] = starts == 1 and along
end

local ACTION_NUMBER = {}
for i, name in ipairs(ACTIONS) do ACTION_NUMBER[name] = i end

local PRINTED = {}       -- PRINTED[tile]: the six side values, e first
local PRINTED_WATER = {} -- PRINTED_WATER[tile]: its water sides as printed
local TURNS = {}         -- TURNS[tile]: {k, mask} per distinct rotation
local SAME_TURN = {}     -- SAME_TURN[tile][k]: the listed rotation with k's sides
local ACTION_OF = {}     -- ACTION_OF[tile]: its action number
for t, tile in ipairs(TILES) do
  assert(type(tile.sides) == "string" and tile.sides:match("^[~#][~#][~#][~#][~#][~#]$"),
    "TILES: tile " .. t .. ": sides must be six of ~ (water) and # (forest)")
  assert(tile.sides:find("~", 1, true), "TILES: tile " .. t .. " has no water side")
  assert(math.type(tile.circles) == "integer" and tile.circles >= 1 and tile.circles <= 3,
    "TILES: tile " .. t .. ": circles must be 1, 2 or 3")
  ACTION_OF[t] = assert(ACTION_NUMBER[tile.action], "TILES: tile " .. t .. ": unknown action")
  local mask, printed = 0, {}
  for d = 1, DIRECTIONS do
    local water = tile.sides:sub(d, d) == "~"
    printed[d] = water and WATER or FOREST
    if water then mask = mask | BIT[d] end
  end
  PRINTED[t], PRINTED_WATER[t] = printed, mask
  TURNS[t], SAME_TURN[t] = {}, {}
  local first_with = {}
  for k = 0, DIRECTIONS - 1 do
    local m = turned(mask, k)
    if first_with[m] == nil then
      first_with[m] = k
      TURNS[t][#TURNS[t] + 1] = { k = k, mask = m }
    end
    SAME_TURN[t][k] = first_with[m]
  end
end

-- Where things are -----------------------------------------------------------

local function area_of(q, r)
  if r == 0 then
    if q >= RIVER_FIRST and q <= RIVER_LAST then return RIVER end
    return OFF
  end
  local column = 2 * q + r
  if math.abs(r) > FLOOD_ROWS or column < SPAN_LOW or column > SPAN_HIGH then return OFF end
  return r < 0 and NORTH or SOUTH
end

local HAND, DECK = {}, {}                -- the names of the seats' hands and decks
local EATEN = {}                         -- EATEN[seat]: the pool of that colour's fish eaten
for seat = 1, #COLOUR do
  HAND[seat], DECK[seat], EATEN[seat] = "hand" .. seat, "deck" .. seat, "eaten_" .. COLOUR[seat]
end

local function hand(s, seat) return s[HAND[seat]] end
local function deck(s, seat) return s[DECK[seat]] end

local function tile_at(s, h) return s.map:get(h, "tile") end
local function is_river(s, h) return s.map:get(h, "area") == RIVER end

-- Which hex lies next to which. The board's shape never changes (setup puts
-- the same hexes on the board in every game), so the first setup asks the
-- host and keeps the answers for the questions asked on every move:
-- NEXT_TO[h][d] is the hex next to h in direction d (false at the board's
-- edge), TOWARDS[h][nb] the direction from h to its neighbour nb, and
-- HOMEWARD[h] what a fish on h is worth to evaluate: a point beside the
-- river, a quarter less each row further out.
local NEXT_TO, TOWARDS, HOMEWARD = {}, {}, {}

local function learn_board_shape(s)
  local hexes = { s.map:cells() }
  if NEXT_TO[hexes[#hexes]] then return end   -- known since the first setup (the last hex learnt last)
  for _, h in ipairs(hexes) do
    local _, r = s.map:qr(h)
    HOMEWARD[h] = 1.25 - 0.25 * (r < 0 and -r or r)
    local next_to, towards = {}, {}
    for d = 1, DIRECTIONS do
      local nb = s.map:step(h, d)
      next_to[d] = nb or false
      if nb then towards[nb] = d end
    end
    TOWARDS[h], NEXT_TO[h] = towards, next_to
  end
end

--- The fish a Flood tile still has room for (flood phase).
local function room(s, h)
  return TILES[tile_at(s, h)].circles - s.map:get(h, "fish")
end

--- The water sides of a tile as a mask.
local function water_mask(s, h)
  local sides, mask = { s.map:sides(h, "side") }, 0
  for d = 1, DIRECTIONS do
    if sides[d] == WATER then mask = mask | BIT[d] end
  end
  return mask
end

--- Is the edge between h and its neighbour nb, in direction d, water on both
--- sides? The pulled tile has left the board, but its pieces still leave
--- along its water sides (kept in play.water).
local function water_between(s, h, d, nb)
  if h == s.play.pulled then
    return s.play.water & BIT[d] ~= 0 and s.map:side(nb, "side", OPPOSITE[d]) == WATER
  end
  return s.map:sides_match(h, d, "side", WATER)
end

--- Call fn(neighbour) for each tile one step from h: by_water, only across
--- an edge that is water on both sides; flood_only, never into the river.
--- (Here and in every each_ function below: when fn returns true the
--- search stops, and the function returns true.)
local function each_step(s, h, by_water, flood_only, fn)
  local tiles, direction = { s.map:neighbors(h, flood_only and FLOOD_TILE or ANY_TILE) }, TOWARDS[h]
  for i = 1, #tiles do
    local nb = tiles[i]
    if not by_water or water_between(s, h, direction[nb], nb) then
      if fn(nb) then return true end
    end
  end
  return false
end

local function yes() return true end

--- Flood tiles a jaguar reaches in one or two steps over Flood tiles (never
--- across the river), as a set.
local function two_flood_tiles(s, h)
  local reached, set = { s.map:reach(h, 2, FLOOD_TILE) }, {}
  for i = 1, #reached do
    if reached[i] ~= h then set[reached[i]] = true end
  end
  return set
end

--- The hexes of a set, in board order.
local function in_board_order(set)
  local list = {}
  for h in pairs(set) do list[#list + 1] = h end
  table.sort(list)
  return list
end

-- Setup ----------------------------------------------------------------------

--- The hexes round h learn that a tile whose water sides are `mask` now
--- lies on h (`by` 1) or has left it (`by` -1). Each hex keeps which of its
--- sides face a tile (touch) and which of those face water (water) in
--- "faces", as touch * 64 + water (surroundings below), and how many tiles
--- touch it in "touching": so the hexes that can take a tile are found
--- without looking round every empty hex.
local function tell_neighbours(s, h, mask, by)
  local next_to = NEXT_TO[h]
  for d = 1, DIRECTIONS do
    local nb = next_to[d]
    if nb then
      local touch = BIT[OPPOSITE[d]]                -- nb's side facing h
      local water = mask & BIT[d] ~= 0 and touch or 0
      s.map:add(nb, "faces", by * (touch * (ALL_SIDES + 1) + water))
      s.map:add(nb, "touching", by)
    end
  end
end

--- A Flood tile onto an empty hex, turned k steps clockwise.
local function lay_tile(s, tile, h, k)
  s.map:set(h, "tile", tile)
  s.map:set_sides(h, "side", table.unpack(PRINTED[tile]))
  s.map:rotate(h, k)
  tell_neighbours(s, h, turned(PRINTED_WATER[tile], k), 1)
end

--- Which sides of an empty hex touch a tile (river included), and which of
--- those touching sides are water.
local function surroundings(s, h)
  local touch, water = 0, 0
  local tiles, direction = { s.map:neighbors(h, ANY_TILE) }, TOWARDS[h]
  for i = 1, #tiles do
    local d = direction[tiles[i]]
    touch = touch | BIT[d]
    if s.map:side(tiles[i], "side", OPPOSITE[d]) == WATER then water = water | BIT[d] end
  end
  return touch, water
end

--- Every hex's "faces" and "touching" (tell_neighbours) worked out afresh
--- from the tiles round it: for tests and edits that lay tiles by hand.
local function survey(s)
  for _, h in ipairs { s.map:cells() } do
    local touch, water = surroundings(s, h)
    s.map:set(h, "faces", touch * (ALL_SIDES + 1) + water)
    s.map:set(h, "touching", BITS[touch])
  end
end

--- Four random tiles beside river tiles q = 1 and q = 5, north and south,
--- each turned so that its river sides are water. A tile that cannot be
--- turned so goes back into the bag, which is shuffled again.
local function place_start_tiles(s)
  for _, start in ipairs(START_HEXES) do
    local h = s.map:id(start)
    local touch, water = surroundings(s, h)
    local tile, choices, misfits = nil, {}, {}
    while #choices == 0 do
      assert(s.bag:count() > 0, "TILES: no tile can lie beside the river with water on its river sides")
      tile = s.bag:draw()
      for _, turn in ipairs(TURNS[tile]) do
        if turn.mask & touch == water then choices[#choices + 1] = turn.k end
      end
      if #choices == 0 then misfits[#misfits + 1] = tile end
    end
    for _, misfit in ipairs(misfits) do s.bag:push(misfit) end
    if #misfits > 0 then s.bag:shuffle() end
    lay_tile(s, tile, h, choices[s:random(#choices)])
  end
end

local function setup(s)
  local fields = { "area", "tile", "fish", "predator", "hungry", "touching", "faces" }
  for _, colour in ipairs(COLOUR) do fields[#fields + 1] = colour end
  s:hex("map", STORED, fields, { "side" })
  local q0, q1, r0, r1 = s.map:bounds()
  for id = 1, (q1 - q0 + 1) * (r1 - r0 + 1) do
    local area = area_of(s.map:qr(id))
    s.map:set(id, "area", area)
    s.map:set_on(id, area ~= OFF)
    if area == RIVER then
      s.map:set(id, "tile", RIVER_TILE)
      s.map:set_sides(id, "side", WATER, WATER, WATER, WATER, WATER, WATER)
    end
  end
  learn_board_shape(s)
  for _, h in ipairs { s.map:cells(ANY_TILE) } do tell_neighbours(s, h, ALL_SIDES, 1) end   -- the river

  s:deck("bag", #TILES)
  s:deck("unused", #TILES)                    -- 3 players: eight tiles stay out
  s:deck("discard", #TILES, { visibility = "face up" })
  s:deck("pulled", 1, { visibility = "face up" })   -- set aside until the turn ends
  for seat = 1, s.players do
    s:deck(DECK[seat], DECK_SIZE, { owner = seat, visibility = "face down" })
    s:deck(HAND[seat], HAND_SIZE, { owner = seat })
  end
  s:pool("supply", { per_seat = true, value = s.options.fish_each, max = s.options.fish_each })
  s:pool("home", { per_seat = true })
  for seat = 1, s.players do s:pool(EATEN[seat], { per_seat = true }) end
  for _, name in ipairs(PREDATOR) do s:pool(name, { per_seat = true, value = 1, max = 1 }) end
  s:vars("play", {
    "stage",
    "placed",     -- flood: the hex of the tile placed this turn
    "chain",      -- flood: the hex of the last extra fish (0: across the river)
    "pulled",     -- dry: the hex pulled this turn (0: not yet)
    "water",      -- dry: the pulled tile's water sides, as it lay
    "acted",      -- dry: a special action was played this turn
    "boost",      -- dry: the action moving a piece now (0: the normal move)
    "source",     -- dry: the hex of the piece an action moves
    "eat_more",   -- dry: eat-more was played this turn
    "piranha_three", -- dry: piranha-three was played this turn
    "eating",     -- dry: the hex where a predator is eating
    "bites",      -- dry: fish it still eats
  })
  turns.setup(s)

  for t = 1, #TILES do s.bag:push(t) end
  s.bag:shuffle()
  place_start_tiles(s)
  for seat = 1, s.players do
    s.bag:deal(deck(s, seat), DECK_SIZE)
    deck(s, seat):deal(hand(s, seat), HAND_SIZE)
  end
  if s.bag:count() > 0 then s.bag:deal(s.unused, s.bag:count()) end
  s.play.stage = STAGE.flood
  turns.set_phase(s, PHASE.place)
end

-- Turn order -------------------------------------------------------------------

--- Give the turn to the first seat, from `seat` on in turn order, for which
--- can_play(s, seat) holds. False if there is none.
local function turn_to(s, seat, can_play)
  for _ = 1, s.players do
    if can_play(s, seat) then
      s.turn.seat = seat
      return true
    end
    seat = turns.after(s, seat)
  end
  return false
end

-- Phase one: the flood --------------------------------------------------------

--- The turns of a tile that fit an empty hex with these surroundings: every
--- touching side matches in terrain (water against water, forest against
--- forest). The same questions come again and again, so each answer is
--- worked out once and kept: FITTING[tile][touch * 64 + water].
local FITTING = {}
for t = 1, #TILES do FITTING[t] = {} end

local function fitting_turns(tile, touch, water)
  local fitting = {}
  for _, turn in ipairs(TURNS[tile]) do
    if turn.mask & touch == water then fitting[#fitting + 1] = turn.k end
  end
  FITTING[tile][touch * (ALL_SIDES + 1) + water] = fitting
  return fitting
end

--- Add to `out` every placement of a tile in the seat's hand: every hex
--- that can take a tile, every tile, every distinct turn of it that fits.
--- An empty flood hex can take a tile when at least two of its sides touch
--- tiles (river included: BESIDE_TILES) and at least one touching side is
--- water.
local function add_placements(s, seat, out)
  local tiles = { hand(s, seat):cards() }
  local hexes = { s.map:cells(BESIDE_TILES) }      -- the others touch fewer than two tiles
  for i = 1, #hexes do
    local h = hexes[i]
    local where = s.map:get(h, "faces")              -- its surroundings: FITTING's key
    local touch, water = where // (ALL_SIDES + 1), where & ALL_SIDES
    if water ~= 0 then
      for j = 1, #tiles do
        local fitting = FITTING[tiles[j]][where] or fitting_turns(tiles[j], touch, water)
        for n = 1, #fitting do out:add(MOVE.place, tiles[j], h, fitting[n]) end
      end
    end
  end
end

--- Why a placement is refused, or nil if it is legal (for typed moves).
local function placement_problem(s, seat, tile, k, h)
  if tile < 1 or tile > #TILES or not hand(s, seat):find(tile) then
    return string.format("tile %d is not in your hand", tile)
  end
  local name = s.map:name(h)
  local area = s.map:get(h, "area")
  if area ~= NORTH and area ~= SOUTH then return name .. " is not in a flood area" end
  if tile_at(s, h) ~= 0 then return name .. " already holds a tile" end
  local touch, water = surroundings(s, h)
  if BITS[touch] < TOUCHING_AT_LEAST then
    return string.format("a tile at %s would touch %d tile%s; it must touch at least %d",
      name, BITS[touch], BITS[touch] == 1 and "" or "s", TOUCHING_AT_LEAST)
  end
  local mask = turned(PRINTED_WATER[tile], k)
  for d = 1, DIRECTIONS do
    if touch & BIT[d] ~= 0 and (mask & BIT[d] ~= 0) ~= (water & BIT[d] ~= 0) then
      return string.format("its %s side would be %s against %s", DIRECTION_NAME[d],
        mask & BIT[d] ~= 0 and "water" or "forest", water & BIT[d] ~= 0 and "water" or "forest")
    end
  end
  if water == 0 then return "none of its touching sides would be water" end
  return nil
end

local function put_fish(s, seat, h)
  s.supply:take(seat, 1)
  s.map:add(h, COLOUR[seat], 1)
  s.map:add(h, "fish", 1)
end

--- Is the fish just placed on h directly adjacent by water to fish of its colour?
local function beside_own_fish(s, seat, h)
  local with_fish, direction = { s.map:neighbors(h, FISH_OF[seat]) }, TOWARDS[h]
  for i = 1, #with_fish do
    if s.map:sides_match(h, direction[with_fish[i]], "side", WATER) then return true end
  end
  return false
end

--- Call fn(hex) for each tile that may take the next extra fish: first any
--- Flood tile across the river with room, then, along the chain, a Flood
--- tile adjacent by water to the last extra fish's tile, with room.
local function each_extra_fish_hex(s, fn)
  if s.play.chain == 0 then
    local across = NORTH + SOUTH - s.map:get(s.play.placed, "area")
    local tiles = { s.map:cells(FLOOD_TILE_IN[across]) }
    for i = 1, #tiles do
      if room(s, tiles[i]) > 0 and fn(tiles[i]) then return true end
    end
    return false
  end
  return each_step(s, s.play.chain, true, true, function(h)
    return room(s, h) > 0 and fn(h)
  end)
end

local begin_predators

local function holds_tiles(s, seat)
  return hand(s, seat):count() > 0
end

--- The turn ends: draw a tile to refill the hand; a player who has placed
--- all their fish discards their hand and deck instead. The next player
--- with tiles in hand plays; when nobody has any, the predators appear.
local function end_flood_turn(s)
  local seat = turns.seat(s)
  local my_hand, my_deck = hand(s, seat), deck(s, seat)
  if s.supply:get(seat) == 0 then
    if my_hand:count() > 0 then my_hand:deal(s.discard, my_hand:count()) end
    if my_deck:count() > 0 then my_deck:deal(s.discard, my_deck:count()) end
    if s.narrating then s:say("Seat %d has placed all their fish: their tiles are discarded.", seat) end
  elseif my_deck:count() > 0 then
    my_deck:deal(my_hand, 1)
    if s.narrating then
      s:say(seat, "You draw tile %d.", my_hand:peek(my_hand:count()))
      s:say({ except = seat }, "Seat %d draws a tile.", seat)
    end
  end
  turns.set_phase(s, PHASE.place)
  if not turn_to(s, turns.after(s, seat), holds_tiles) then
    s:say("Nobody holds a tile: the predators appear, one a turn, on free perimeter tiles.")
    begin_predators(s)
  end
end

--- Offer the next extra fish along the chain (chain: the hex of the last
--- one, 0 for the first, across the river), or end the turn.
local function offer_extra_fish(s, seat, chain)
  s.play.chain = chain
  if s.supply:get(seat) > 0 and each_extra_fish_hex(s, yes) then
    turns.set_phase(s, PHASE.extra)
  else
    end_flood_turn(s)
  end
end

--- Place a Flood tile from the hand, then one fish on it. If that fish is
--- adjacent by water to fish of its colour, the extra-fish chain begins.
local function place_tile(s, tile, h, k)
  local seat = turns.seat(s)
  local my_hand = hand(s, seat)
  my_hand:take(my_hand:find(tile))
  lay_tile(s, tile, h, k)
  put_fish(s, seat, h)
  s.play.placed = h
  if beside_own_fish(s, seat, h) then
    offer_extra_fish(s, seat, 0)
  else
    end_flood_turn(s)
  end
end

--- An extra fish. If its tile already held fish of its colour, another may
--- follow on a tile adjacent by water.
local function extra_fish(s, h)
  local seat = turns.seat(s)
  local had_own = s.map:get(h, COLOUR[seat]) > 0
  put_fish(s, seat, h)
  if had_own then
    offer_extra_fish(s, seat, h)
  else
    end_flood_turn(s)
  end
end

--- grove's rule: a player none of whose tiles fits anywhere discards one of
--- them (their choice) and draws; no fish this turn.
local function discard_tile(s, tile)
  local my_hand = hand(s, turns.seat(s))
  s.discard:push(my_hand:take(my_hand:find(tile)))
  end_flood_turn(s)
end

-- The predators appear ---------------------------------------------------------

local begin_dry

--- The perimeter tiles with no predator, as a list.
local function free_perimeter_tiles(s)
  return { s.map:cells(FREE_PERIMETER_TILE) }
end

local function holds_predator(s, seat)
  for _, name in ipairs(PREDATOR) do
    if s[name]:get(seat) > 0 then return true end
  end
  return false
end

local function free_perimeter_tile(s)
  return s.map:count(FREE_PERIMETER_TILE) > 0
end

--- Next to place is the next seat holding a predator; when nobody does, or
--- no perimeter tile is free (the pieces left stay out of play), the dry
--- phase begins.
local function next_predator_turn(s, seat)
  if free_perimeter_tile(s) and turn_to(s, seat, holds_predator) then return end
  if s.narrating and holds_predator(s, seat) then
    s:say("No perimeter tile is free: the predators left stay out of play.")
  end
  for p = 1, s.players do
    for _, name in ipairs(PREDATOR) do s[name]:set(p, 0) end
  end
  s:say("The water falls: the dry phase begins.")
  begin_dry(s)
end

begin_predators = function(s)
  s.play.stage = STAGE.predators
  turns.set_phase(s, PHASE.predators)
  next_predator_turn(s, s.turn.first)
end

--- The player places one of their predators on a free perimeter tile.
local function place_predator(s, predator, h)
  local seat = turns.seat(s)
  s[PREDATOR[predator]]:take(seat, 1)
  s.map:set(h, "predator", predator)
  next_predator_turn(s, turns.after(s, seat))
end

local function place_caiman(s, h) place_predator(s, CAIMAN, h) end
local function place_piranhas(s, h) place_predator(s, PIRANHAS, h) end
local function place_jaguar(s, h) place_predator(s, JAGUAR, h) end

-- Phase two: the dry phase --------------------------------------------------------

--- The sides of h that face a tile (river included), as a mask, and which
--- of those face a water side (what h keeps: tell_neighbours).
local function closed_sides(s, h)
  local faces = s.map:get(h, "faces")
  return faces // (ALL_SIDES + 1), faces & ALL_SIDES
end

--- Can the water flow round tile h? It can when the tiles around h lie side
--- by side in one unbroken row, each joined by water to the next: then every
--- waterway through h has a way round it. `closed`: closed_sides(s, h).
local function water_flows_round(s, h, closed)
  local along = ROW[closed]
  if not along then return false end
  local next_to = NEXT_TO[h]
  for i = 1, #along do
    local here, there = next_to[along[i][1]], next_to[along[i][2]]
    if not s.map:sides_match(here, TOWARDS[here][there], "side", WATER) then return false end
  end
  return true
end

--- Would pulling h cut another tile's waterway from the river? Not when h
--- is joined by water to one of the tiles round it at most (a dead end: no
--- waterway runs through it). Else look at the board as if h were gone:
--- every hex joined before but h must still be. (A tile not joined to the
--- river leaves the count as it was.) `facing_water`: closed_sides(s, h)'s
--- second answer; `joined`: how many hexes are joined to the river by water
--- (the river included), or nil the first time: it is returned too.
local function cuts_waterway(s, h, facing_water, joined)
  local links = 0
  for d = 1, DIRECTIONS do
    if facing_water & BIT[d] ~= 0 and s.map:sides_match(h, d, "side", WATER) then links = links + 1 end
  end
  if links < 2 then return false, joined end
  joined = joined or select("#", s.map:connected(RIVER_START, "side", WATER))
  return select("#", s.map:connected(RIVER_START, "side", WATER, nil, h)) < joined - 1, joined
end

--- The tiles that may be pulled, in board order (with `first_only`, at most
--- the first): a tile that slides out of the flood area (two neighbouring
--- sides open: no tile beyond them, or the board's edge), and whose pulling
--- cuts no other tile's waterway (it cannot when the water flows round it).
local function pullable_tiles(s, first_only)
  local tiles, joined, pullable = { s.map:cells(NOT_SHUT_IN) }, nil, {}
  for i = 1, #tiles do
    local h = tiles[i]
    local closed, facing_water = closed_sides(s, h)
    if SLIDES_OUT[closed] then
      local cuts = false
      if not water_flows_round(s, h, closed) then
        cuts, joined = cuts_waterway(s, h, facing_water, joined)   -- joined: asked once, when first needed
      end
      if not cuts then
        pullable[#pullable + 1] = h
        if first_only then break end
      end
    end
  end
  return pullable
end

local function can_pull(s)
  return #pullable_tiles(s, true) > 0
end

--- Call fn(hex) for each destination of the piece an action or a pull is
--- moving: the pulled tile's school, its predator, or a piece on `from`
--- named by a special action (boost).
local function each_destination(s, from, piece, boost, fn)
  if boost == JAGUAR_TWO then
    local set = two_flood_tiles(s, from)
    if from == s.play.pulled then      -- the pulled jaguar may also step anywhere
      each_step(s, from, false, false, function(nb) set[nb] = true end)
    end
    local hexes = in_board_order(set)
    for i = 1, #hexes do
      if fn(hexes[i]) then return true end
    end
    return false
  end
  local pulled = from == s.play.pulled
  local by_water = piece ~= JAGUAR and boost ~= CAIMAN_LAND
  return each_step(s, from, by_water, not pulled, fn)
end

local function any_destination(s, from, piece, boost)
  return each_destination(s, from, piece, boost, yes)
end

--- Call fn(action, source hex or 0) for each special action the seat may
--- play now (when: BEFORE_PULL, AFTER_PULL or INSTEAD_OF_PULL).
local function each_action(s, seat, when, fn)
  local seen, tiles = {}, { hand(s, seat):cards() }
  for i = 1, #tiles do
    local action = ACTION_OF[tiles[i]]
    if not seen[action] then
      seen[action] = true
      if action == EAT_MORE then
        if when == AFTER_PULL and fn(action, 0) then return true end
      elseif action == PIRANHA_THREE then
        if when ~= INSTEAD_OF_PULL and fn(action, 0) then return true end
      elseif action == FISH_MOVE then
        local with_fish = { s.map:cells(OWN_FISH[seat]) }
        for j = 1, #with_fish do
          local h = with_fish[j]
          local shared = s.map:get(h, "fish") > s.map:get(h, COLOUR[seat]) or s.map:get(h, "predator") ~= NONE
          if shared and any_destination(s, h, nil, FISH_MOVE) and fn(action, h) then return true end
        end
      else                               -- a predator on a tile shared with fish
        local hunters = { s.map:cells(SHARED[action]) }
        for j = 1, #hunters do
          local h = hunters[j]
          if any_destination(s, h, s.map:get(h, "predator"), action) and fn(action, h) then return true end
        end
      end
    end
  end
  return false
end

local function can_act(s, seat, when)
  return each_action(s, seat, when, yes)
end

--- A seat can play in the dry phase if it can pull a tile or, if no tile
--- can be pulled, play a special action.
local function can_play_dry(s, seat)
  return can_pull(s) or can_act(s, seat, INSTEAD_OF_PULL)
end

local function start_dry_turn(s, seat)
  s.play.pulled, s.play.water, s.play.acted, s.play.boost, s.play.source = 0, 0, 0, 0, 0
  s.play.eat_more, s.play.piranha_three, s.play.eating, s.play.bites = 0, 0, 0, 0
  turns.set_phase(s, PHASE.dry)
  if not turn_to(s, seat, can_play_dry) then
    s:say("Nobody can pull a tile or play an action: the game is over.")
    turns.end_now(s)
  end
end

begin_dry = function(s)
  s.play.stage = STAGE.dry
  start_dry_turn(s, s.turn.first)
end

--- The pulled tile goes to the hand; with a hand of one already, the player
--- keeps one of the two and discards the other.
local function end_dry_turn(s)
  local seat = turns.seat(s)
  if s.pulled:count() > 0 then
    if hand(s, seat):count() >= DRY_HAND_SIZE then
      turns.set_phase(s, PHASE.keep)
      return
    end
    s.pulled:deal(hand(s, seat), 1)
  end
  start_dry_turn(s, turns.after(s, seat))
end

local function keep_tile(s, tile)
  local seat = turns.seat(s)
  local my_hand = hand(s, seat)
  if s.pulled:peek() == tile then
    my_hand:deal(s.discard, my_hand:count())
    s.pulled:deal(my_hand, 1)
  else
    s.pulled:deal(s.discard, 1)
  end
  start_dry_turn(s, turns.after(s, seat))
end

local function fish_home_total(s)
  local n = 0
  for seat = 1, s.players do n = n + s.home:get(seat) end
  return n
end

local function river_circles(s)
  return #SCORING_RIVER * CIRCLES_ON_SCORING_TILE[s.players]
end

--- How many fish a predator eats from a tile holding `fish`.
local function bites(s, predator, fish)
  local need = APPETITE[predator].at_least
  if predator == PIRANHAS and s.play.piranha_three == 1 then need = PIRANHAS_WITH_THREE end
  if fish < need then return 0 end
  local n = APPETITE[predator].eats
  if s.play.eat_more == 1 then n = n + 1 end
  return math.min(n, fish)
end

--- A school reaches the river: its fish go home to the scoring circles.
local function go_home(s, h)
  local told = s.narrating and {}
  for seat = 1, s.players do
    local colour = COLOUR[seat]
    local n = s.map:get(h, colour)
    s.home:add(seat, n)
    s.map:set(h, colour, 0)
    if told and n > 0 then told[#told + 1] = string.format("%d %s", n, colour) end
  end
  s.map:set(h, "fish", 0)
  if told then
    s:say("Fish reach the river at %s and swim home to the scoring circles: %s.", s.map:name(h), table.concat(told, ", "))
  end
end

--- If the predator on h may eat, wait for the active player to choose the
--- fish; true if so.
local function start_eating(s, h)
  s.map:set(h, "hungry", 0)
  local n = bites(s, s.map:get(h, "predator"), s.map:get(h, "fish"))
  if n == 0 then return false end
  s.play.eating, s.play.bites = h, n
  if s.narrating then
    s:say("The %s on %s eats %d fish: seat %d chooses which.", PREDATOR_NAME[s.map:get(h, "predator")], s.map:name(h),
      n, turns.seat(s))
  end
  turns.set_phase(s, PHASE.eat)
  return true
end

local carry_on

--- After movement: predators eat, fish reach the river. First the river: a
--- predator that came along with a school eats once more, then leaves play;
--- the fish go home, and when the river circles are full the game ends at
--- once. Then every predator on a Flood tile that may eat: one that just
--- moved there, one that fish just joined, one that just won a fight.
local function settle(s)
  local along_with = { s.map:cells(PREDATOR_IN_RIVER) }
  for i = 1, #along_with do
    local h = along_with[i]
    if s.map:get(h, "hungry") == 1 and start_eating(s, h) then return end
    if s.narrating then
      s:say("The %s reaches the river at %s and leaves play.", PREDATOR_NAME[s.map:get(h, "predator")], s.map:name(h))
    end
    s.map:set(h, "predator", NONE)
  end
  local schools = { s.map:cells(FISH_IN_RIVER) }
  for i = 1, #schools do go_home(s, schools[i]) end
  if fish_home_total(s) >= river_circles(s) then
    s:say("The river's scoring circles are full: the game is over.")
    turns.end_now(s)
    return
  end
  local h = s.map:cells(HUNGRY_PREDATOR)
  while h do
    if start_eating(s, h) then return end
    h = s.map:cells(HUNGRY_PREDATOR)
  end
  s.map:fill("hungry", 0)                        -- the rest could not eat
  carry_on(s)
end

--- The active player's predator eats one fish of this colour.
local function eat(s, colour)
  local h = s.play.eating
  s.map:add(h, COLOUR[colour], -1)
  s.map:add(h, "fish", -1)
  s[EATEN[colour]]:add(turns.seat(s), 1)
  s.play.bites = s.play.bites - 1
  if s.play.bites > 0 then return end
  s.play.eating = 0
  if is_river(s, h) then
    if s.narrating then s:say("The %s leaves play from the river.", PREDATOR_NAME[s.map:get(h, "predator")]) end
    s.map:set(h, "predator", NONE)
  end
  settle(s)
end

--- A predator arrives on h. If another is there, one drives the other off
--- (the loser leaves play; of two alike, one leaves). The survivor may eat.
local function arrive(s, h, predator)
  local resident = s.map:get(h, "predator")
  if resident == NONE or DRIVES_OFF[predator] == resident then
    s.map:set(h, "predator", predator)
  end
  if s.narrating and resident ~= NONE then
    local where = s.map:name(h)
    if resident == predator then
      s:say("Two %ss meet on %s: one leaves play.", PREDATOR[predator], where)
    elseif DRIVES_OFF[predator] == resident then
      s:say("The %s drives the %s off %s: it leaves play.", PREDATOR_NAME[predator], PREDATOR_NAME[resident], where)
    else
      s:say("The %s on %s drives off the %s that arrives: it leaves play.", PREDATOR_NAME[resident], where,
        PREDATOR_NAME[predator])
    end
  end
  s.map:set(h, "hungry", 1)
end

--- Fish arrive on h: a predator there may eat.
local function fish_arrive(s, h)
  if s.map:get(h, "predator") ~= NONE then s.map:set(h, "hungry", 1) end
end

local function move_school(s, from, to)
  for seat = 1, s.players do
    local colour = COLOUR[seat]
    local n = s.map:get(from, colour)
    if n > 0 then
      s.map:add(to, colour, n)
      s.map:set(from, colour, 0)
    end
  end
  s.map:add(to, "fish", s.map:get(from, "fish"))
  s.map:set(from, "fish", 0)
  fish_arrive(s, to)
end

local function move_own_fish(s, seat, from, to)
  local colour = COLOUR[seat]
  local n = s.map:get(from, colour)
  s.map:set(from, colour, 0)
  s.map:add(from, "fish", -n)
  s.map:add(to, colour, n)
  s.map:add(to, "fish", n)
  fish_arrive(s, to)
end

local function move_predator(s, from, to)
  local predator = s.map:get(from, "predator")
  s.map:set(from, "predator", NONE)
  arrive(s, to, predator)
end

--- Fish with nowhere to go are out of play: back to their owners' supplies.
local function strand_school(s, h)
  if s.narrating then
    s:say("The school on %s has nowhere to go: its fish go back to their owners' supplies.", s.map:name(h))
  end
  for seat = 1, s.players do
    local colour = COLOUR[seat]
    s.supply:add(seat, s.map:get(h, colour))
    s.map:set(h, colour, 0)
  end
  s.map:set(h, "fish", 0)
end

local function holds_action(s, seat, action)
  local tiles = { hand(s, seat):cards() }
  for i = 1, #tiles do
    if ACTION_OF[tiles[i]] == action then return true end
  end
  return false
end

--- The action that would take the pulled tile's predator further (caiman-
--- land for a caiman, jaguar-two for a jaguar), if the player may play it now.
local function hunter_boost(s, seat, predator)
  local action = (predator == CAIMAN and CAIMAN_LAND) or (predator == JAGUAR and JAGUAR_TWO) or nil
  if action and s.play.acted == 0 and holds_action(s, seat, action)
    and any_destination(s, s.play.pulled, predator, action) then
    return action
  end
  return nil
end

--- After the pull's movement, the player may play a special action (if none
--- yet this turn); then the eating.
local function open_window(s)
  if s.play.acted == 0 and can_act(s, turns.seat(s), AFTER_PULL) then
    turns.set_phase(s, PHASE.window)
  else
    settle(s)
  end
end

--- The pieces on the pulled tile leave it, the school first, then the
--- predator, each chosen by the active player; one with nowhere to go is
--- out of play.
local function clear_pulled_tile(s)
  local h = s.play.pulled
  if s.map:get(h, "fish") > 0 then
    if any_destination(s, h, nil, 0) then
      turns.set_phase(s, PHASE.school)
      return
    end
    strand_school(s, h)
  end
  local predator = s.map:get(h, "predator")
  if predator ~= NONE then
    if any_destination(s, h, predator, 0) or hunter_boost(s, turns.seat(s), predator) then
      turns.set_phase(s, PHASE.hunter)
      return
    end
    if s.narrating then s:say("The %s on %s has nowhere to go: it leaves play.", PREDATOR_NAME[predator], s.map:name(h)) end
    s.map:set(h, "predator", NONE)
  end
  open_window(s)
end

--- Pull a tile: it leaves the board and is set aside until the turn ends.
local function pull(s, h)
  s.play.water = water_mask(s, h)      -- as it lay, before it leaves
  s.play.pulled = h
  s.pulled:push(tile_at(s, h))
  s.map:set(h, "tile", 0)
  s.map:set_sides(h, "side", NONE, NONE, NONE, NONE, NONE, NONE)
  tell_neighbours(s, h, s.play.water, -1)
  clear_pulled_tile(s)
end

--- After an action's movement and eating: before the pull, the player now
--- pulls (if a tile can be pulled); after it, the turn ends.
carry_on = function(s)
  s.play.boost, s.play.source = 0, 0
  if s.play.pulled == 0 and s.play.acted == 1 and can_pull(s) then
    turns.set_phase(s, PHASE.dry)
  else
    end_dry_turn(s)
  end
end

--- The pulled tile's school moves; then its predator.
local function move_pulled_school(s, to)
  move_school(s, s.play.pulled, to)
  clear_pulled_tile(s)
end

--- The pulled tile's predator moves; then the window for an action.
local function move_pulled_predator(s, to)
  move_predator(s, s.play.pulled, to)
  s.play.boost = 0
  open_window(s)
end

--- The hand tile carrying `action` is played and discarded: one special
--- action a turn.
local function play_action_tile(s, action)
  local my_hand = hand(s, turns.seat(s))
  for pos, tile in ipairs { my_hand:cards() } do
    if ACTION_OF[tile] == action then
      s.discard:push(my_hand:take(pos))
      break
    end
  end
  s.play.acted = 1
end

--- An action that lasts the turn (eat-more, piranha-three) takes effect at
--- once, and the answer is true; one that moves a piece (on `source`) waits
--- for where the piece goes.
local function start_action(s, action, source)
  if action == EAT_MORE then
    s.play.eat_more = 1
  elseif action == PIRANHA_THREE then
    s.play.piranha_three = 1
  else
    s.play.boost, s.play.source = action, source
    turns.set_phase(s, PHASE.act)
    return false
  end
  return true
end

--- A special action before the pull (or instead of it, when no tile can be
--- pulled); then the player pulls.
local function action_before_pull(s, action, source)
  play_action_tile(s, action)
  start_action(s, action, source)
end

--- A special action after the pull's movement; then the eating.
local function action_after_pull(s, action, source)
  play_action_tile(s, action)
  if start_action(s, action, source) then settle(s) end
end

--- Caiman-land or jaguar-two played on the pulled tile's own caiman or
--- jaguar: it may go further when it moves.
local function boost_pulled_predator(s, action)
  play_action_tile(s, action)
  s.play.boost = action
end

--- The piece an action names moves; then fights and eating.
local function act_move(s, to)
  local from = s.play.source
  if s.play.boost == FISH_MOVE then
    move_own_fish(s, turns.seat(s), from, to)
  else
    move_predator(s, from, to)
  end
  settle(s)
end

-- The end and the score ----------------------------------------------------------

local function score(s, seat)
  local points = s.options.points_home * s.home:get(seat)
  for other = 1, s.players do
    if other ~= seat then points = points + s.options.points_eaten * s[EATEN[other]]:get(seat) end
  end
  return points
end

--- Most points wins; ties go to more fish home, then to the player who ate
--- the most fish of the other tied players.
local function result(s)
  if not turns.over(s) then return nil end
  local scores, home, ate_tied = {}, {}, {}
  for seat = 1, s.players do
    scores[seat] = score(s, seat)
    home[seat] = s.home:get(seat)
  end
  for seat = 1, s.players do
    ate_tied[seat] = 0
    for other = 1, s.players do
      if other ~= seat and scores[other] == scores[seat] and home[other] == home[seat] then
        ate_tied[seat] = ate_tied[seat] + s[EATEN[other]]:get(seat)
      end
    end
  end
  local r = rank.result(scores, { home, ate_tied })
  r.text = (fish_home_total(s) >= river_circles(s) and "The river's scoring circles are full: "
    or "Nobody could pull a tile or play an action: ") .. r.text
  return r
end

-- What always holds ------------------------------------------------------------------
--
-- invariants(s) raises, naming what broke, unless all of this holds after a
-- move. (Its helpers stay inside this block: a Lua file holds at most 200
-- names at its top level.) The pools keep their own bounds: no supply, fish
-- home, fish eaten or predator held below 0, no supply above 18 fish, no
-- more than one predator of a kind held (the host refuses a count past them).

local invariants
do
  local ANY_FISH = grove.cond { fish = { 1, FISH_IN_ALL } }
  local ANY_PREDATOR = grove.cond { predator = { CAIMAN, JAGUAR } }
  local PREDATOR_OFF_TILE = grove.cond { tile = 0, predator = { CAIMAN, JAGUAR } }
  local HUNGRY = grove.cond { hungry = 1 }
  local EMPTY_HEX = grove.cond { tile = 0 }
  local RIVER_HEX = grove.cond { area = RIVER, tile = RIVER_TILE }
  local STAGE_OF_PHASE = {
    [PHASE.place] = STAGE.flood, [PHASE.extra] = STAGE.flood,
    [PHASE.predators] = STAGE.predators,
    [PHASE.dry] = STAGE.dry, [PHASE.school] = STAGE.dry, [PHASE.hunter] = STAGE.dry, [PHASE.act] = STAGE.dry,
    [PHASE.window] = STAGE.dry, [PHASE.eat] = STAGE.dry, [PHASE.keep] = STAGE.dry,
  }
  -- Phases in which the pull's movement is not settled yet: a school or a
  -- predator that entered the river waits there.
  local UNSETTLED = { [PHASE.hunter] = true, [PHASE.window] = true, [PHASE.act] = true, [PHASE.eat] = true }
  local PREDATORS_EACH = #PREDATOR
  local LIES_AS = {}                     -- LIES_AS[tile][mask]: a turn of its printed water sides
  for t = 1, #TILES do
    LIES_AS[t] = {}
    for _, turn in ipairs(TURNS[t]) do LIES_AS[t][turn.mask] = true end
  end

  local function broken(fmt, ...)
    error("invariant: " .. string.format(fmt, ...), 3)
  end

  --- The turn: a seat in play, a phase of the stage; the game ends only in
  --- the dry phase, and at once when the river circles are full.
  local function check_turn(s, phase, over)
    local stage = s.play.stage
    if s.turn.seat < 1 or s.turn.seat > s.players then broken("the turn is seat %d's", s.turn.seat) end
    if STAGE_OF_PHASE[phase] ~= stage then broken("phase %s in stage %s", tostring(PHASE[phase]), tostring(stage)) end
    if over and stage ~= STAGE.dry then broken("the game ended before the dry phase") end
    if not over and fish_home_total(s) >= river_circles(s) then broken("the river circles are full, yet the game goes on") end
  end

  local SHOWN = { [NONE] = 0, [WATER] = 1, [FOREST] = 1 }

  --- The water sides of a hex (its sides e, se, sw, w, nw, ne) as a mask,
  --- and how many of its sides show terrain (water or forest).
  local function terrain(e, se, sw, w, nw, ne)
    local mask = (e == WATER and BIT[1] or 0) | (se == WATER and BIT[2] or 0) | (sw == WATER and BIT[3] or 0)
      | (w == WATER and BIT[4] or 0) | (nw == WATER and BIT[5] or 0) | (ne == WATER and BIT[6] or 0)
    return mask, SHOWN[e] + SHOWN[se] + SHOWN[sw] + SHOWN[w] + SHOWN[nw] + SHOWN[ne]
  end

  local PILES = {}                       -- PILES[players]: where tiles wait off the board
  for players = 1, #COLOUR do
    PILES[players] = { "bag", "unused", "discard", "pulled" }
    for seat = 1, players do
      PILES[players][#PILES[players] + 1] = DECK[seat]
      PILES[players][#PILES[players] + 1] = HAND[seat]
    end
  end
  local EVERY_TILE = 0                   -- the 36 Flood tiles as a set: bit t for tile t
  for t = 1, #TILES do EVERY_TILE = EVERY_TILE | 1 << t end

  --- Tiles: the 7 river tiles in the river; every Flood tile in exactly one
  --- place (a flood hex, the bag, the tiles set aside, the discard pile, the
  --- pulled tile, a deck, a hand), lying as its printed sides turned, every
  --- touching side matching in terrain; an empty hex shows no sides.
  local function check_tiles(s)
    local map, seen = s.map, 0          -- seen: the tiles found so far, as a set
    local tiles = { map:cells(ANY_TILE) }      -- Flood tiles 1..36, river tiles, anything between
    if map:count(RIVER_HEX) ~= RIVER_LAST - RIVER_FIRST + 1 then broken("the river is not seven river tiles") end
    if map:count(FLOOD_TILE_IN[NORTH]) + map:count(FLOOD_TILE_IN[SOUTH]) + RIVER_LAST - RIVER_FIRST + 1 ~= #tiles then
      broken("a tile lies outside the flood areas and the river, or is no Flood tile")
    end
    local mask = {}                      -- water sides of each tile on the board, river included
    for i = 1, #tiles do
      local h = tiles[i]
      local tile = map:get(h, "tile")
      local water, shown = terrain(map:sides(h, "side"))
      if shown ~= DIRECTIONS then broken("the tile on %s lacks a side", map:name(h)) end
      mask[h] = water
      if tile ~= RIVER_TILE then
        if not LIES_AS[tile][water] then broken("tile %d on %s is not its printed sides turned", tile, map:name(h)) end
        if seen & 1 << tile ~= 0 then broken("tile %d is twice on the board", tile) end
        seen = seen | 1 << tile
      end
    end
    for i = 1, #tiles do                 -- each edge once: e, se and sw of every tile
      local h = tiles[i]
      local next_to, water = NEXT_TO[h], mask[h]
      for d = 1, 3 do
        local there = mask[next_to[d]]
        if there and (water & BIT[d] ~= 0) ~= (there & BIT[OPPOSITE[d]] ~= 0) then
          broken("the %s side of %s does not match %s", DIRECTION_NAME[d], map:name(h), map:name(next_to[d]))
        end
      end
    end
    local empty = { map:cells(EMPTY_HEX) }
    for i = 1, #empty do
      local e, se, sw, w, nw, ne = map:sides(empty[i], "side")
      if e + se + sw + w + nw + ne ~= NONE then broken("the empty hex %s shows sides", map:name(empty[i])) end
    end
    local piles = PILES[s.players]
    for i = 1, #piles do
      local cards = { s[piles[i]]:cards() }
      for j = 1, #cards do
        if seen & 1 << cards[j] ~= 0 then broken("tile %d is in %s and elsewhere", cards[j], piles[i]) end
        seen = seen | 1 << cards[j]
      end
    end
    if seen ~= EVERY_TILE then broken("a tile is nowhere") end
    local hexes = { map:cells() }          -- what each hex keeps of the tiles round it
    for i = 1, #hexes do
      local h = hexes[i]
      local touch, water = surroundings(s, h)
      if map:get(h, "faces") ~= touch * (ALL_SIDES + 1) + water or map:get(h, "touching") ~= BITS[touch] then
        broken("%s keeps faces %d, touching %d, where the tiles round it make %d, %d (tiles laid by hand: "
          .. "data.survey(s) after, in a test; at the prompt, set the two fields as well)",
          map:name(h), map:get(h, "faces"), map:get(h, "touching"), touch * (ALL_SIDES + 1) + water, BITS[touch])
      end
    end
  end

  local FISH_OFF_TILE = grove.cond { tile = 0, fish = { 1, FISH_IN_ALL } }

  --- Fish: every colour's 18 are on tiles, home, eaten or in the supply;
  --- a hex's fish are its colours; fish stand on tiles: in the flood phase
  --- within the circles, on the pulled hex only until the school moves, in
  --- the river only until the movement is settled.
  local function check_fish(s, phase, over)
    local map, players, on_board, hexes = s.map, s.players, {}, {}
    for seat = 1, players do on_board[seat], hexes[seat] = 0, 0 end
    local flood = s.play.stage == STAGE.flood
    local with_fish = { map:cells(ANY_FISH) }
    for i = 1, #with_fish do
      local h, total = with_fish[i], 0
      for seat = 1, players do
        local n = map:get(h, COLOUR[seat])
        if n > 0 then on_board[seat], hexes[seat], total = on_board[seat] + n, hexes[seat] + 1, total + n end
      end
      if total ~= map:get(h, "fish") then broken("%s holds %d fish, its colours %d", map:name(h), map:get(h, "fish"), total) end
      if flood and tile_at(s, h) ~= 0 and room(s, h) < 0 then
        broken("tile %d on %s holds more fish than its circles", tile_at(s, h), map:name(h))
      end
    end
    local off_tile, another = map:cells(FISH_OFF_TILE)
    if another or off_tile and not (off_tile == s.play.pulled and phase == PHASE.school) then
      broken("fish on %s, which has no tile", map:name(off_tile))
    end
    if (over or not UNSETTLED[phase]) and map:count(FISH_IN_RIVER) > 0 then broken("fish stay in the river") end
    for seat = 1, #COLOUR do
      local colour = COLOUR[seat]
      if seat > players then
        if map:count(FISH_OF[seat]) > 0 then broken("%s fish with %d players", colour, players) end
      else
        if map:count(FISH_OF[seat]) ~= hexes[seat] then broken("%s fish on a hex with no fish", colour) end
        local eaten, pool = 0, s[EATEN[seat]]
        for eater = 1, players do eaten = eaten + pool:get(eater) end
        local supply, home = s.supply:get(seat), s.home:get(seat)
        if on_board[seat] + home + eaten + supply ~= s.options.fish_each then
          broken("%s: %d on tiles + %d home + %d eaten + %d in supply is not %d", colour, on_board[seat], home, eaten,
            supply, s.options.fish_each)
        end
      end
    end
  end

  --- Predators: three a player, held until placed (all placed or out of
  --- play when the dry phase begins), never more on the board than that;
  --- on a tile, on the pulled hex only until it moves, in the river only
  --- until the movement is settled; none still may eat once it is.
  local function check_predators(s, phase, over)
    local map, held = s.map, 0
    for _, name in ipairs(PREDATOR) do
      for seat = 1, s.players do held = held + s[name]:get(seat) end
    end
    local on_board, all = map:count(ANY_PREDATOR), PREDATORS_EACH * s.players
    local stage = s.play.stage
    if stage == STAGE.flood and (held ~= all or on_board ~= 0) then
      broken("%d predators held and %d on the board in the flood phase", held, on_board)
    elseif stage == STAGE.predators and held + on_board ~= all then
      broken("%d predators held and %d on the board, not %d", held, on_board, all)
    elseif stage == STAGE.dry and (held ~= 0 or on_board > all) then
      broken("%d predators held and %d on the board in the dry phase", held, on_board)
    end
    local off_tile, another = map:cells(PREDATOR_OFF_TILE)
    if another or off_tile and not (off_tile == s.play.pulled and (phase == PHASE.school or phase == PHASE.hunter)) then
      broken("a predator on %s, which has no tile", map:name(off_tile))
    end
    if (over or not UNSETTLED[phase]) and map:count(PREDATOR_IN_RIVER) > 0 then
      broken("a predator stays in the river")
    end
    if not over and not UNSETTLED[phase] and map:count(HUNGRY) > 0 then
      broken("a predator may still eat after the movement was settled")
    end
  end

  --- Hands, decks and the turn's record: a hand of three while the deck
  --- lasts (the active player's, during the extra fish, not yet refilled);
  --- a player with no fish left holds no tiles; no decks or hands when the
  --- predators appear; a hand of one in the dry phase; the pulled tile set
  --- aside until the turn ends; the counters of the turn in range.
  local function check_hands_and_turn(s, phase, over)
    local stage, play, active = s.play.stage, s.play, turns.seat(s)
    if s.bag:count() ~= 0 then broken("tiles left in the bag") end
    if s.unused:count() ~= #TILES - #START_HEXES - DECK_SIZE * s.players then
      broken("%d tiles set aside", s.unused:count())
    end
    for seat = 1, s.players do
      local in_hand, in_deck = hand(s, seat):count(), deck(s, seat):count()
      if stage == STAGE.flood then
        local full = (seat == active and phase == PHASE.extra) and HAND_SIZE - 1 or HAND_SIZE
        if in_deck > 0 and in_hand ~= full then broken("seat %d holds %d tiles with %d in its deck", seat, in_hand, in_deck) end
        if s.supply:get(seat) == 0 and in_hand + in_deck > 0 then broken("seat %d has no fish left but holds tiles", seat) end
      elseif in_deck > 0 or in_hand > (stage == STAGE.dry and DRY_HAND_SIZE or 0) then
        broken("seat %d holds %d tiles and %d in its deck", seat, in_hand, in_deck)
      end
    end
    if not over and phase == PHASE.place and hand(s, active):count() == 0 then broken("seat %d places with no tiles", active) end
    local pulled = s.pulled:count()
    if (play.pulled ~= 0) ~= (pulled == 1) then broken("the pulled tile is not set aside") end
    if play.pulled ~= 0 and (stage ~= STAGE.dry or tile_at(s, play.pulled) ~= 0) then broken("the pulled hex holds a tile") end
    if phase == PHASE.keep and (pulled ~= 1 or hand(s, active):count() ~= DRY_HAND_SIZE) then
      broken("a keep with %d pulled and %d in hand", pulled, hand(s, active):count())
    end
    for _, flag in ipairs { "acted", "eat_more", "piranha_three" } do
      if play[flag] ~= 0 and play[flag] ~= 1 then broken("%s is %d", flag, play[flag]) end
    end
    if play.boost < 0 or play.boost > #ACTIONS then broken("boost is %d", play.boost) end
    if play.acted == 0 and (play.boost ~= 0 or play.eat_more ~= 0 or play.piranha_three ~= 0) then
      broken("an action took effect, yet none was played")
    end
    if phase == PHASE.extra and (play.placed == 0 or tile_at(s, play.placed) == 0) then
      broken("extra fish with no tile placed")
    end
    if phase == PHASE.act and not over then
      local from = play.source
      if play.boost == 0 or from == 0 or s.map:get(from, play.boost == FISH_MOVE and COLOUR[active] or "predator") == 0 then
        broken("an action moves nothing (from hex %d)", from)
      end
    end
    if (play.eating ~= 0) ~= (phase == PHASE.eat and not over) then broken("eating outside the eating") end
    if play.eating ~= 0 and (play.bites < 1 or play.bites > s.map:get(play.eating, "fish")
      or s.map:get(play.eating, "predator") == NONE) then
      broken("%d bites at %s", play.bites, s.map:name(play.eating))
    end
  end

  invariants = function(s)
    local phase, over = turns.phase(s), turns.over(s)
    check_turn(s, phase, over)
    check_tiles(s)
    check_fish(s, phase, over)
    check_predators(s, phase, over)
    check_hands_and_turn(s, phase, over)
  end
end

-- The rule-script contract ----------------------------------------------------------

local function actor(s)
  return turns.seat(s)
end

local function add_destinations(s, out, kind, from, piece, boost)
  each_destination(s, from, piece, boost, function(h) out:add(kind, h) end)
end

-- What each phase offers ---------------------------------------------------------
--
-- OFFER.x(s, out) adds to out the moves a phase offers the active player.

local OFFER = {}

--- Every placement of a tile in hand; if none fits anywhere, discarding
--- any one of them.
function OFFER.tile_placements(s, out)
  local seat = turns.seat(s)
  add_placements(s, seat, out)
  if #out == 0 then
    for _, tile in ipairs { hand(s, seat):cards() } do out:add(MOVE.discard, tile) end
  end
end

function OFFER.extra_fish_hexes(s, out)
  each_extra_fish_hex(s, function(h) out:add(MOVE.fish, h) end)
  out:add(MOVE.stop)
end

--- Each predator still held, on each free perimeter tile.
function OFFER.predator_placements(s, out)
  local seat = turns.seat(s)
  local free = free_perimeter_tiles(s)
  for predator, name in ipairs(PREDATOR) do
    if s[name]:get(seat) > 0 then out:add_all(MOVE_OF_PREDATOR[predator], table.unpack(free)) end
  end
end

--- The tiles that may be pulled, and (none played yet this turn) the
--- actions playable before the pull, or instead of it when none can be.
function OFFER.pulls_and_actions(s, out)
  local pulls = pullable_tiles(s)
  if s.play.acted == 0 then
    each_action(s, turns.seat(s), #pulls > 0 and BEFORE_PULL or INSTEAD_OF_PULL, function(action, h)
      out:add(MOVE.action, action, h)
    end)
  end
  out:add_all(MOVE.pull, table.unpack(pulls))
end

function OFFER.school_destinations(s, out)
  add_destinations(s, out, MOVE.school, s.play.pulled, nil, 0)
end

--- Where the pulled tile's predator may go, and the action that would take
--- it further (caiman-land, jaguar-two) if the player holds it.
function OFFER.predator_destinations(s, out)
  local h = s.play.pulled
  local predator = s.map:get(h, "predator")
  add_destinations(s, out, MOVE_OF_PREDATOR[predator], h, predator, s.play.boost)
  local boost = hunter_boost(s, turns.seat(s), predator)
  if boost then out:add(MOVE.action, boost) end
end

--- Where the piece an action names may go.
function OFFER.action_destinations(s, out)
  local from = s.play.source
  if s.play.boost == FISH_MOVE then
    add_destinations(s, out, MOVE.school, from, nil, FISH_MOVE)
  else
    local predator = s.map:get(from, "predator")
    add_destinations(s, out, MOVE_OF_PREDATOR[predator], from, predator, s.play.boost)
  end
end

function OFFER.actions_after_pull(s, out)
  each_action(s, turns.seat(s), AFTER_PULL, function(action, h) out:add(MOVE.action, action, h) end)
  out:add(MOVE.stop)
end

function OFFER.fish_to_eat(s, out)
  for colour = 1, s.players do
    if s.map:get(s.play.eating, COLOUR[colour]) > 0 then out:add(MOVE.eat, colour) end
  end
end

function OFFER.tiles_to_keep(s, out)
  out:add(MOVE.keep, hand(s, turns.seat(s)):peek())
  out:add(MOVE.keep, s.pulled:peek())
end

-- The turn, phase by phase ------------------------------------------------------
--
-- What each phase of a turn offers (offer), and what each move does there.
-- A move's arguments are those of its text: place TILE HEX TURN, fish HEX,
-- caiman HEX, pull HEX, action ACTION HEX, eat COLOUR, keep TILE.

local PHASES = game.phases(PHASE, MOVE, {
  -- Phase one, the flood: place a tile and a fish on it (or discard a
  -- tile that fits nowhere); then maybe extra fish along the chain.
  place = { offer = OFFER.tile_placements, place = place_tile, discard = discard_tile },
  extra = { offer = OFFER.extra_fish_hexes, fish = extra_fish, stop = end_flood_turn },
  -- The predators appear: one piece a turn on a free perimeter tile.
  predators = { offer = OFFER.predator_placements,
    caiman = place_caiman, piranhas = place_piranhas, jaguar = place_jaguar },
  -- Phase two, the dry phase: pull a tile (a special action first, if
  -- wanted); its school moves, then its predator (caiman-land or
  -- jaguar-two may take it further); after the movement, an action or
  -- stop; then the predators eat, one fish a move; at the end of the turn
  -- a hand of one keeps one tile.
  dry = { offer = OFFER.pulls_and_actions, pull = pull, action = action_before_pull },
  school = { offer = OFFER.school_destinations, school = move_pulled_school },
  hunter = { offer = OFFER.predator_destinations, action = boost_pulled_predator,
    caiman = move_pulled_predator, piranhas = move_pulled_predator, jaguar = move_pulled_predator },
  act = { offer = OFFER.action_destinations,
    school = act_move, caiman = act_move, piranhas = act_move, jaguar = act_move },
  window = { offer = OFFER.actions_after_pull, action = action_after_pull, stop = settle },
  eat = { offer = OFFER.fish_to_eat, eat = eat },
  keep = { offer = OFFER.tiles_to_keep, keep = keep_tile },
})

-- Move texts ---------------------------------------------------------------------

--- A move's text; as `viewer` reads it (a seat, 0: an onlooker), keeping
--- the tile in hand does not name it to those who do not see that hand
--- (the pulled tile, face up, and a discarded tile are everyone's to see).
--- Without a viewer, the full text.
local function describe(s, move, viewer)
  local kind, a, b, c = game.parts(move)
  if kind == MOVE.place then
    return string.format("place %d r%d %s", a, c, s.map:name(b))
  elseif kind == MOVE.keep and viewer ~= nil and s.pulled:peek() ~= a then
    local held = HAND[turns.seat(s)] and hand(s, turns.seat(s))
    if not (held and held:visible_to(viewer)) then return "keep the tile in hand" end
    return "keep " .. a
  elseif kind == MOVE.discard or kind == MOVE.keep then
    return string.format("%s %d", MOVE[kind], a)
  elseif kind == MOVE.stop then
    return "stop"
  elseif kind == MOVE.eat then
    return "eat " .. (COLOUR[a] or tostring(a))
  elseif kind == MOVE.action then
    local name = ACTIONS[a] or tostring(a)
    if b == 0 then return "action " .. name end
    return string.format("action %s %s", name, s.map:name(b))
  end
  return MOVE[kind] .. " " .. s.map:name(a)
end

--- Typed placements get the reason they are refused; "r3" of a tile whose
--- sides look the same after 0 turns means r0. Everything else is matched
--- against the legal moves' texts by the host.
local function parse(s, text)
  local tile, k, q, r = text:lower():match("^%s*place%s+(%d+)%s+r(%d)%s+(%-?%d+)%s*,%s*(%-?%d+)%s*$")
  if not tile or turns.over(s) then return nil end
  tile, k = tonumber(tile), tonumber(k)
  if turns.phase(s) ~= PHASE.place then return nil, "tiles are placed only at the start of a flood turn" end
  if k >= DIRECTIONS then return nil, "a rotation is r0 .. r5" end
  local h = s.map:id(tonumber(q), tonumber(r))
  if not h then return nil, string.format("%s,%s is not on the board", q, r) end
  local problem = placement_problem(s, turns.seat(s), tile, k, h)
  if problem then return nil, "place " .. tile .. ": " .. problem end
  return grove.move(MOVE.place, tile, h, SAME_TURN[tile][k])
end

-- Drawing the map ------------------------------------------------------------------
--
-- Each hex is 8 characters wide; rows are offset by half a hex. Edges show
-- the terrain of the side: ~ water, # forest, . no tile on either side.
--
-- The helpers are local to the do-block: this file is near Lua's limit of
-- 200 locals in one function.

local draw_map
do
  local HALF = 4                                 -- half a hex, in characters
  local SIDE_MARK = { [WATER] = "~", [FOREST] = "#" }

  local function edge_mark(s, h, d)
    local mine = s.map:side(h, "side", d)
    local nb = s.map:step(h, d)
    local theirs = nb and s.map:side(nb, "side", OPPOSITE[d]) or NONE
    if mine ~= NONE and theirs ~= NONE and mine ~= theirs then return "!" end
    return SIDE_MARK[mine] or SIDE_MARK[theirs] or "."
  end

  --- The fish on a hex, one letter each ("rrg"), or counts ("r4g3") when
  --- the letters do not fit in `width`.
  local function fish_text(s, h, width)
    local letters, counts = {}, {}
    for seat = 1, s.players do
      local n = s.map:get(h, COLOUR[seat])
      if n > 0 then
        letters[#letters + 1] = string.rep(COLOUR_LETTER[seat], n)
        counts[#counts + 1] = COLOUR_LETTER[seat] .. n
      end
    end
    local text = table.concat(letters)
    if #text > width then text = table.concat(counts) end
    if #text > width then text = s.map:get(h, "fish") .. "f" end
    return text
  end

  local INSIDE = 2 * HALF - 1                    -- characters inside a hex

  --- The two text lines inside a hex: its name; then the predator, the fish
  --- and (flood phase, river) the free circles.
  local function hex_lines(s, h)
    local q = s.map:qr(h)
    local predator = s.map:get(h, "predator")
    local second = predator ~= NONE and (PREDATOR_LETTER[predator] .. " ") or ""
    second = second .. fish_text(s, h, INSIDE - #second)
    if is_river(s, h) then
      if second ~= "" then return s.map:name(h), second end   -- a school or predator passing in
      local circles = CIRCLES_ON_SCORING_TILE[s.players]
      local before = 0
      for _, scoring in ipairs(SCORING_RIVER) do
        if q == scoring then
          local taken = math.max(0, math.min(circles, fish_home_total(s) - before))
          return s.map:name(h), string.rep("*", taken) .. string.rep("o", circles - taken)
        end
        before = before + circles
      end
      return s.map:name(h), "~~~~~"
    end
    if tile_at(s, h) ~= 0 and s.play.stage == STAGE.flood then
      second = second .. string.rep("o", math.max(0, room(s, h)))
    end
    return s.map:name(h), second
  end

  local function put(line, x, text)
    for i = 1, #text do line[x + i - 1] = text:sub(i, i) end
  end

  local function centred(text, width)
    local left = (width - #text) // 2
    return string.rep(" ", left) .. text
  end

  function draw_map(s)
    local ids = { s.map:cells() }
    local low, high, top, bottom = math.huge, -math.huge, math.huge, -math.huge
    for _, h in ipairs(ids) do
      local q, r = s.map:qr(h)
      low, high = math.min(low, 2 * q + r), math.max(high, 2 * q + r)
      top, bottom = math.min(top, r), math.max(bottom, r)
    end
    local lines = {}
    for i = 1, 3 * (bottom - top + 1) + 1 do
      local line = {}
      for x = 1, (high - low + 2) * HALF + 1 do line[x] = " " end
      lines[i] = line
    end
    for _, h in ipairs(ids) do
      local q, r = s.map:qr(h)
      local x = (2 * q + r - low) * HALF + HALF + 1     -- the hex's centre column
      local y = 3 * (r - top) + 1                        -- its top edge line
      local ne, nw, e, w = edge_mark(s, h, 6), edge_mark(s, h, 5), edge_mark(s, h, 1), edge_mark(s, h, 4)
      local se, sw = edge_mark(s, h, 2), edge_mark(s, h, 3)
      put(lines[y], x - 3, string.rep(nw, 3))
      put(lines[y], x + 1, string.rep(ne, 3))
      put(lines[y + 3], x - 3, string.rep(sw, 3))
      put(lines[y + 3], x + 1, string.rep(se, 3))
      for dy = 1, 2 do
        put(lines[y + dy], x - HALF, w)
        put(lines[y + dy], x + HALF, e)
      end
      local first, second = hex_lines(s, h)
      put(lines[y + 1], x - HALF + 1, centred(first, 2 * HALF - 1))
      put(lines[y + 2], x - HALF + 1, centred(second, 2 * HALF - 1))
    end
    for i, line in ipairs(lines) do lines[i] = (table.concat(line):gsub("%s+$", "")) end
    return table.concat(lines, "\n")
  end
end

local function tile_text(tile, stage)
  local t = TILES[tile]
  if stage == STAGE.dry then
    return string.format("%d %s (%s)", tile, ACTIONS[ACTION_OF[tile]], ACTION_TEXT[ACTION_OF[tile]])
  end
  return string.format("%d [%s] %d circle%s, back: %s", tile, t.sides, t.circles,
    t.circles == 1 and "" or "s", t.action)
end

local PHASE_TEXT = {
  [PHASE.place] = "place a tile: place TILE rK Q,R",
  [PHASE.extra] = "place an extra fish (fish Q,R) or stop",
  [PHASE.predators] = "place a predator: caiman|piranhas|jaguar Q,R",
  [PHASE.dry] = "pull a tile (pull Q,R); an action first if you like",
  [PHASE.school] = "move the school of the pulled tile: school Q,R",
  [PHASE.hunter] = "move the predator of the pulled tile",
  [PHASE.act] = "move the piece of your action",
  [PHASE.window] = "play a special action, or stop",
  [PHASE.eat] = "choose the fish the predator eats: eat COLOUR",
  [PHASE.keep] = "a hand of one: keep TILE",
}

-- The phases each kind of move is played in.
local PHASES_OF = {
  [MOVE.place] = { PHASE.place }, [MOVE.discard] = { PHASE.place }, [MOVE.fish] = { PHASE.extra },
  [MOVE.stop] = { PHASE.extra, PHASE.window }, [MOVE.caiman] = { PHASE.predators },
  [MOVE.piranhas] = { PHASE.predators }, [MOVE.jaguar] = { PHASE.predators, PHASE.hunter, PHASE.act },
  [MOVE.school] = { PHASE.school, PHASE.act }, [MOVE.pull] = { PHASE.dry },
  [MOVE.action] = { PHASE.dry, PHASE.window }, [MOVE.eat] = { PHASE.eat }, [MOVE.keep] = { PHASE.keep },
}

--- Why a typed move of another phase is refused ("not now: ..."); the
--- placements' reasons are parse's; nil leaves the rest to the host, which
--- names the legal moves of that kind.
local function why(s, text)
  local kind = MOVE[text:lower():match("^%s*(%a+)") or ""]
  if type(kind) ~= "number" or not PHASES_OF[kind] then return nil end
  if turns.over(s) then return "the game is over" end
  local phase = turns.phase(s)
  for _, p in ipairs(PHASES_OF[kind]) do
    if p == phase or ((kind == MOVE.caiman or kind == MOVE.piranhas) and (phase == PHASE.hunter or phase == PHASE.act)) then
      return nil
    end
  end
  return "not now: now is the time to " .. PHASE_TEXT[phase]
end

local function render(s, viewer)
  local lines = {
    draw_map(s),
    "~ water side  # forest side  r g b p fish (red green blue purple)  o free circle",
    "C caiman  P piranhas  J jaguar  * river circle taken",
    string.format("River circles: %d of %d taken", math.min(fish_home_total(s), river_circles(s)),
      river_circles(s)),
  }
  if s.play.stage == STAGE.dry and s.play.pulled ~= 0 and not turns.over(s) then
    lines[#lines + 1] = string.format("Pulled this turn: %s", s.map:name(s.play.pulled))
  end
  for seat = 1, s.players do
    local eaten, own = 0, 0
    for other = 1, s.players do
      local n = s[EATEN[other]]:get(seat)
      eaten = eaten + n
      if other == seat then own = n end
    end
    local mark = ""
    if not turns.over(s) and seat == turns.seat(s) then mark = "   <- " .. PHASE_TEXT[turns.phase(s)] end
    lines[#lines + 1] = string.format("%s %-6s: %2d points; fish left %d, home %d, eaten %d (%d own)%s",
      draw.seat(seat, "Seat " .. seat), COLOUR[seat], score(s, seat), s.supply:get(seat), s.home:get(seat), eaten, own, mark)
    local my_hand = hand(s, seat)
    local held = {}
    if my_hand:visible_to(viewer) then
      for _, tile in ipairs { my_hand:cards() } do held[#held + 1] = tile_text(tile, s.play.stage) end
      if #held == 0 then held[1] = "empty" end
    else
      held[1] = my_hand:count() .. " tile" .. (my_hand:count() == 1 and "" or "s")
    end
    local extra = ""
    if s.play.stage == STAGE.flood then extra = string.format(" (%d in deck)", deck(s, seat):count()) end
    if s.play.stage == STAGE.predators then
      local pieces = {}
      for _, name in ipairs(PREDATOR) do
        if s[name]:get(seat) > 0 then pieces[#pieces + 1] = name end
      end
      extra = " predators to place: " .. (#pieces > 0 and table.concat(pieces, ", ") or "none")
    end
    lines[#lines + 1] = "    hand: " .. table.concat(held, "; ") .. extra
  end
  if s.play.stage == STAGE.dry and s.play.eating ~= 0 then
    lines[#lines + 1] = string.format("Eating at %s: %d more", s.map:name(s.play.eating), s.play.bites)
  end
  if turns.over(s) then lines[#lines + 1] = "The game is over." end
  return table.concat(lines, "\n")
end

--- How the host draws the map as a picture (grove serve, replay pages):
--- banks and river by colour, water and forest sides, fish by colour,
--- predators by letter. The seats' colours are their fish's.
local LOOK = {
  seats = { "#d62728", "#2ca02c", "#1f77b4", "#9467bd" },
  cards = function(tile)
    local t = TILES[tile]
    return t and { label = tile .. " " .. t.sides, color = "#e4efd4" } or nil
  end,
  map = {
    area = { [NORTH] = { fill = "#e6edd2", label = "north bank" }, [SOUTH] = { fill = "#e9e4cf", label = "south bank" },
             [RIVER] = { fill = "#b9d7ee", label = "river" } },
    tile = { [RIVER_TILE] = false, other = { glyph = "", label = "flood tile", fill = "#cfe3b0" } },
    fish = false, touching = false, faces = false,
    red = { count = true, color = "#d62728", scale = 0.7, label = "red fish" },
    green = { count = true, color = "#2ca02c", scale = 0.7, label = "green fish" },
    blue = { count = true, color = "#1f77b4", scale = 0.7, label = "blue fish" },
    purple = { count = true, color = "#9467bd", scale = 0.7, label = "purple fish" },
    predator = { [CAIMAN] = { glyph = "C", color = "#556b2f", label = "caiman" },
                 [PIRANHAS] = { glyph = "P", color = "#b03a2e", label = "piranhas" },
                 [JAGUAR] = { glyph = "J", color = "#c98b0b", label = "jaguar" } },
    hungry = { glyph = "!", label = "hungry" },
    sides = { side = { [WATER] = { color = "#2f7fc1", label = "water side" },
                       [FOREST] = { color = "#2e6b30", label = "forest side" } } },
  },
  unused = false,
  supply = { label = "fish in supply" },
  home = { label = "fish home" },
}
--- The catalog for grove check: tiles are named by their numbers, as moves write them.
local TILE_NAMES = {}
for t in ipairs(TILES) do TILE_NAMES[t] = tostring(t) end

return game.define {
  name = "flooded",
  title = "Flooded Forest",
  version = "1.0",          -- of these rules: saves made under another version are refused
  players = { min = 3, max = 4, default = 3 },   -- the rule text: "3 to 4 players"
  -- The numbers a designer may change (grove play flooded --set NAME=VALUE);
  -- the rules read them from s.options. (Declared here, not as a local: the
  -- chunk is at Lua's limit of 200 locals.)
  options = {
    { name = "fish_each", default = FISH_EACH, min = 1, max = FISH_IN_ALL // 4,
      help = "the fish of each player's colour in their supply at the start" },
    { name = "points_home", default = POINTS_PER_FISH_HOME, min = 0, max = 20,
      help = "the points each fish brought home scores" },
    { name = "points_eaten", default = POINTS_PER_FISH_EATEN, min = 0, max = 20,
      help = "the points each opponent's fish a player's predator ate scores" },
  },
  setup = setup,
  actor = actor,
  phases = PHASES,
  invariants = invariants,
  result = result,
  render = render,
  look = LOOK,
  describe = describe,
  parse = parse,
  --- How each seat stands now, for bots that stop looking ahead before the
  --- end, read like the score: its points (2 a fish home, 1 an opponent's
  --- fish eaten), and while the game goes on each of its fish on a Flood tile
  --- on its way home, worth a point beside the river, a quarter less each
  --- row further out.
  evaluate = function(s)
    local values = {}
    local over = turns.over(s)
    for seat = 1, s.players do
      local v = score(s, seat)
      if not over then
        local colour, on_tiles = COLOUR[seat], { s.map:cells(OWN_FISH[seat]) }
        for i = 1, #on_tiles do
          local h = on_tiles[i]
          v = v + s.map:get(h, colour) * HOMEWARD[h]
        end
      end
      values[seat] = v
    end
    return values
  end,
  why = why,
  -- for tests and studies: the tile catalogue and the stages (the turn
  -- phases are phases.names)
  data = { tiles = TILES, stages = STAGE, survey = survey },
  catalog = { what = "tiles", names = TILE_NAMES },   -- for grove check: tiles never seen
}
