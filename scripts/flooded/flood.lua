--- Phase one of Flooded Forest, the flood: each turn a player places a
--- Flood tile and a fish on it, perhaps extra fish along a chain, and draws;
--- then the predators appear, one a turn, on free perimeter tiles, and the
--- dry phase begins (dry.lua).
local turns = require "grove.turns"
local map = require "map"
local P = require "pieces"
local T = require "turn"
local dry = require "dry"

local TILES = map.TILES
local NORTH, SOUTH, DIRECTIONS, TOUCHING_AT_LEAST = map.NORTH, map.SOUTH, map.DIRECTIONS, map.TOUCHING_AT_LEAST
local DIRECTION_NAME, TOWARDS, BIT, BITS, ALL_SIDES = map.DIRECTION_NAME, map.TOWARDS, map.BIT, map.BITS, map.ALL_SIDES
local TURNS, PRINTED_WATER = map.TURNS, map.PRINTED_WATER
local BESIDE_TILES, FLOOD_TILE_IN, WATER = map.BESIDE_TILES, map.FLOOD_TILE_IN, map.WATER
local turned, tile_at, surroundings, lay_tile, each_step, yes = map.turned, map.tile_at, map.surroundings,
  map.lay_tile, map.each_step, map.yes
local COLOUR, FISH_OF, PREDATOR, FREE_PERIMETER_TILE = P.COLOUR, P.FISH_OF, P.PREDATOR, P.FREE_PERIMETER_TILE
local CAIMAN, PIRANHAS, JAGUAR = P.CAIMAN, P.PIRANHAS, P.JAGUAR
local hand, deck, room = P.hand, P.deck, P.room
local STAGE, PHASE, MOVE, MOVE_OF_PREDATOR, turn_to = T.STAGE, T.PHASE, T.MOVE, T.MOVE_OF_PREDATOR, T.turn_to
local begin_dry = dry.begin_dry

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
      s:say(seat, "You draw tile %d.", my_hand:peek(1))      -- deal put it on top of the hand
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

-- What the flood offers ------------------------------------------------------------

--- Every placement of a tile in hand; if none fits anywhere, discarding
--- any one of them.
local function tile_placements(s, out)
  local seat = turns.seat(s)
  add_placements(s, seat, out)
  if #out == 0 then
    for _, tile in ipairs { hand(s, seat):cards() } do out:add(MOVE.discard, tile) end
  end
end

--- The tiles the next extra fish may go to, or stop.
local function extra_fish_hexes(s, out)
  each_extra_fish_hex(s, function(h) out:add(MOVE.fish, h) end)
  out:add(MOVE.stop)
end

--- Each predator still held, on each free perimeter tile.
local function predator_placements(s, out)
  local seat = turns.seat(s)
  local free = free_perimeter_tiles(s)
  for predator, name in ipairs(PREDATOR) do
    if s[name]:get(seat) > 0 then out:add_all(MOVE_OF_PREDATOR[predator], table.unpack(free)) end
  end
end

return {
  tile_placements = tile_placements,
  place_tile = place_tile,
  discard_tile = discard_tile,
  extra_fish_hexes = extra_fish_hexes,
  extra_fish = extra_fish,
  end_flood_turn = end_flood_turn,
  predator_placements = predator_placements,
  place_caiman = place_caiman,
  place_piranhas = place_piranhas,
  place_jaguar = place_jaguar,
  placement_problem = placement_problem,
}
