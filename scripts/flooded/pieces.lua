--- The pieces of Flooded Forest: each player's fish, predators and Flood
--- tiles (deck and hand, and the special actions on the tile backs), where
--- they stand on the map, and what they score.
local map = require "map"

local TILES = map.TILES
local RIVER, NONE, DIRECTIONS, tile_at = map.RIVER, map.NONE, map.DIRECTIONS, map.tile_at
local SCORING_RIVER, CIRCLES_ON_SCORING_TILE = map.SCORING_RIVER, map.CIRCLES_ON_SCORING_TILE

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
local PREDATOR_NAME = { "caiman", "piranha school", "jaguar" }      -- in what the rules tell

-- Conditions on hexes.
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

local ACTION_NUMBER = {}
for i, name in ipairs(ACTIONS) do ACTION_NUMBER[name] = i end
local ACTION_OF = {}     -- ACTION_OF[tile]: its action number
for t, tile in ipairs(TILES) do
  ACTION_OF[t] = assert(ACTION_NUMBER[tile.action], "TILES: tile " .. t .. ": unknown action")
end

local HAND, DECK = {}, {}                -- the names of the seats' hands and decks
local EATEN = {}                         -- EATEN[seat]: the pool of that colour's fish eaten
for seat = 1, #COLOUR do
  HAND[seat], DECK[seat], EATEN[seat] = "hand" .. seat, "deck" .. seat, "eaten_" .. COLOUR[seat]
end

local function hand(s, seat) return s[HAND[seat]] end
local function deck(s, seat) return s[DECK[seat]] end

--- The fish a Flood tile still has room for (flood phase).
local function room(s, h)
  return TILES[tile_at(s, h)].circles - s.map:get(h, "fish")
end

--- The fish home, of every colour.
local function fish_home_total(s)
  local n = 0
  for seat = 1, s.players do n = n + s.home:get(seat) end
  return n
end

--- The scoring circles of the river: the game ends once fish fill them.
local function river_circles(s)
  return #SCORING_RIVER * CIRCLES_ON_SCORING_TILE[s.players]
end

--- A seat's points: 2 a fish home, 1 an opponent's fish its predators ate
--- (the options points_home and points_eaten).
local function score(s, seat)
  local points = s.options.points_home * s.home:get(seat)
  for other = 1, s.players do
    if other ~= seat then points = points + s.options.points_eaten * s[EATEN[other]]:get(seat) end
  end
  return points
end

return {
  DECK_SIZE = DECK_SIZE,
  HAND_SIZE = HAND_SIZE,
  DRY_HAND_SIZE = DRY_HAND_SIZE,
  FISH_EACH = FISH_EACH,
  FISH_IN_ALL = FISH_IN_ALL,
  POINTS_PER_FISH_HOME = POINTS_PER_FISH_HOME,
  POINTS_PER_FISH_EATEN = POINTS_PER_FISH_EATEN,
  COLOUR = COLOUR,
  COLOUR_LETTER = COLOUR_LETTER,
  CAIMAN = CAIMAN,
  PIRANHAS = PIRANHAS,
  JAGUAR = JAGUAR,
  PREDATOR = PREDATOR,
  PREDATOR_LETTER = PREDATOR_LETTER,
  DRIVES_OFF = DRIVES_OFF,
  APPETITE = APPETITE,
  PIRANHAS_WITH_THREE = PIRANHAS_WITH_THREE,
  ACTIONS = ACTIONS,
  PREDATOR_MOVE = PREDATOR_MOVE,
  EAT_MORE = EAT_MORE,
  FISH_MOVE = FISH_MOVE,
  PIRANHA_THREE = PIRANHA_THREE,
  CAIMAN_LAND = CAIMAN_LAND,
  JAGUAR_TWO = JAGUAR_TWO,
  ACTION_TEXT = ACTION_TEXT,
  BEFORE_PULL = BEFORE_PULL,
  AFTER_PULL = AFTER_PULL,
  INSTEAD_OF_PULL = INSTEAD_OF_PULL,
  PREDATOR_NAME = PREDATOR_NAME,
  HUNGRY_PREDATOR = HUNGRY_PREDATOR,
  PREDATOR_IN_RIVER = PREDATOR_IN_RIVER,
  FISH_IN_RIVER = FISH_IN_RIVER,
  FREE_PERIMETER_TILE = FREE_PERIMETER_TILE,
  SHARED = SHARED,
  OWN_FISH = OWN_FISH,
  FISH_OF = FISH_OF,
  ACTION_OF = ACTION_OF,
  HAND = HAND,
  DECK = DECK,
  EATEN = EATEN,
  hand = hand,
  deck = deck,
  room = room,
  fish_home_total = fish_home_total,
  river_circles = river_circles,
  score = score,
}
