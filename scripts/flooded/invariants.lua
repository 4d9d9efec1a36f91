--- What always holds in Flooded Forest, after every move (grove check, the
--- playout tests and the prompt after every edit call it).
local game = require "grove.game"
local turns = require "grove.turns"
local board = require "map"
local P = require "pieces"
local T = require "turn"

local TILES, TURNS, NEXT_TO, BIT, BITS, ALL_SIDES = board.TILES, board.TURNS, board.NEXT_TO, board.BIT, board.BITS, board.ALL_SIDES
local RIVER, RIVER_TILE, RIVER_FIRST, RIVER_LAST = board.RIVER, board.RIVER_TILE, board.RIVER_FIRST, board.RIVER_LAST
local NONE, WATER, FOREST, DIRECTIONS, OPPOSITE = board.NONE, board.WATER, board.FOREST, board.DIRECTIONS, board.OPPOSITE
local DIRECTION_NAME, START_HEXES, ANY_TILE, FLOOD_TILE_IN = board.DIRECTION_NAME, board.START_HEXES, board.ANY_TILE,
  board.FLOOD_TILE_IN
local NORTH, SOUTH, tile_at, surroundings = board.NORTH, board.SOUTH, board.tile_at, board.surroundings
local COLOUR, PREDATOR, FISH_OF, EATEN, HAND, DECK = P.COLOUR, P.PREDATOR, P.FISH_OF, P.EATEN, P.HAND, P.DECK
local CAIMAN, JAGUAR, FISH_IN_ALL, FISH_IN_RIVER, PREDATOR_IN_RIVER = P.CAIMAN, P.JAGUAR, P.FISH_IN_ALL,
  P.FISH_IN_RIVER, P.PREDATOR_IN_RIVER
local ACTIONS, FISH_MOVE, HAND_SIZE, DRY_HAND_SIZE, DECK_SIZE = P.ACTIONS, P.FISH_MOVE, P.HAND_SIZE,
  P.DRY_HAND_SIZE, P.DECK_SIZE
local hand, deck, room, fish_home_total, river_circles = P.hand, P.deck, P.room, P.fish_home_total, P.river_circles
local STAGE, PHASE = T.STAGE, T.PHASE

-- The function this file returns raises, naming what broke (game.broken),
-- unless all of what follows holds after a move. The pools keep their own
-- bounds: no supply, fish home, fish eaten or predator held below 0, no
-- supply above 18 fish, no more than one predator of a kind held (the host
-- refuses a count past them).

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

--- The turn: a seat in play, a phase of the stage; the game ends only in
--- the dry phase, and at once when the river circles are full.
local function check_turn(s, phase, over)
  local stage = s.play.stage
  if s.turn.seat < 1 or s.turn.seat > s.players then game.broken("the turn is seat %d's", s.turn.seat) end
  if STAGE_OF_PHASE[phase] ~= stage then game.broken("phase %s in stage %s", tostring(PHASE[phase]), tostring(stage)) end
  if over and stage ~= STAGE.dry then game.broken("the game ended before the dry phase") end
  if not over and fish_home_total(s) >= river_circles(s) then game.broken("the river circles are full, yet the game goes on") end
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
  if map:count(RIVER_HEX) ~= RIVER_LAST - RIVER_FIRST + 1 then game.broken("the river is not seven river tiles") end
  if map:count(FLOOD_TILE_IN[NORTH]) + map:count(FLOOD_TILE_IN[SOUTH]) + RIVER_LAST - RIVER_FIRST + 1 ~= #tiles then
    game.broken("a tile lies outside the flood areas and the river, or is no Flood tile")
  end
  local mask = {}                      -- water sides of each tile on the board, river included
  for i = 1, #tiles do
    local h = tiles[i]
    local tile = map:get(h, "tile")
    local water, shown = terrain(map:sides(h, "side"))
    if shown ~= DIRECTIONS then game.broken("the tile on %s lacks a side", map:name(h)) end
    mask[h] = water
    if tile ~= RIVER_TILE then
      if not LIES_AS[tile][water] then game.broken("tile %d on %s is not its printed sides turned", tile, map:name(h)) end
      if seen & 1 << tile ~= 0 then game.broken("tile %d is twice on the board", tile) end
      seen = seen | 1 << tile
    end
  end
  for i = 1, #tiles do                 -- each edge once: e, se and sw of every tile
    local h = tiles[i]
    local next_to, water = NEXT_TO[h], mask[h]
    for d = 1, 3 do
      local there = mask[next_to[d]]
      if there and (water & BIT[d] ~= 0) ~= (there & BIT[OPPOSITE[d]] ~= 0) then
        game.broken("the %s side of %s does not match %s", DIRECTION_NAME[d], map:name(h), map:name(next_to[d]))
      end
    end
  end
  local empty = { map:cells(EMPTY_HEX) }
  for i = 1, #empty do
    local e, se, sw, w, nw, ne = map:sides(empty[i], "side")
    if e + se + sw + w + nw + ne ~= NONE then game.broken("the empty hex %s shows sides", map:name(empty[i])) end
  end
  local piles = PILES[s.players]
  for i = 1, #piles do
    local cards = { s[piles[i]]:cards() }
    for j = 1, #cards do
      if seen & 1 << cards[j] ~= 0 then game.broken("tile %d is in %s and elsewhere", cards[j], piles[i]) end
      seen = seen | 1 << cards[j]
    end
  end
  if seen ~= EVERY_TILE then game.broken("a tile is nowhere") end
  local hexes = { map:cells() }          -- what each hex keeps of the tiles round it
  for i = 1, #hexes do
    local h = hexes[i]
    local touch, water = surroundings(s, h)
    if map:get(h, "faces") ~= touch * (ALL_SIDES + 1) + water or map:get(h, "touching") ~= BITS[touch] then
      game.broken("%s keeps faces %d, touching %d, where the tiles round it make %d, %d (tiles laid by hand: "
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
    if total ~= map:get(h, "fish") then game.broken("%s holds %d fish, its colours %d", map:name(h), map:get(h, "fish"), total) end
    if flood and tile_at(s, h) ~= 0 and room(s, h) < 0 then
      game.broken("tile %d on %s holds more fish than its circles", tile_at(s, h), map:name(h))
    end
  end
  local off_tile, another = map:cells(FISH_OFF_TILE)
  if another or off_tile and not (off_tile == s.play.pulled and phase == PHASE.school) then
    game.broken("fish on %s, which has no tile", map:name(off_tile))
  end
  if (over or not UNSETTLED[phase]) and map:count(FISH_IN_RIVER) > 0 then game.broken("fish stay in the river") end
  for seat = 1, #COLOUR do
    local colour = COLOUR[seat]
    if seat > players then
      if map:count(FISH_OF[seat]) > 0 then game.broken("%s fish with %d players", colour, players) end
    else
      if map:count(FISH_OF[seat]) ~= hexes[seat] then game.broken("%s fish on a hex with no fish", colour) end
      local eaten, pool = 0, s[EATEN[seat]]
      for eater = 1, players do eaten = eaten + pool:get(eater) end
      local supply, home = s.supply:get(seat), s.home:get(seat)
      if on_board[seat] + home + eaten + supply ~= s.options.fish_each then
        game.broken("%s: %d on tiles + %d home + %d eaten + %d in supply is not %d", colour, on_board[seat], home, eaten,
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
    game.broken("%d predators held and %d on the board in the flood phase", held, on_board)
  elseif stage == STAGE.predators and held + on_board ~= all then
    game.broken("%d predators held and %d on the board, not %d", held, on_board, all)
  elseif stage == STAGE.dry and (held ~= 0 or on_board > all) then
    game.broken("%d predators held and %d on the board in the dry phase", held, on_board)
  end
  local off_tile, another = map:cells(PREDATOR_OFF_TILE)
  if another or off_tile and not (off_tile == s.play.pulled and (phase == PHASE.school or phase == PHASE.hunter)) then
    game.broken("a predator on %s, which has no tile", map:name(off_tile))
  end
  if (over or not UNSETTLED[phase]) and map:count(PREDATOR_IN_RIVER) > 0 then
    game.broken("a predator stays in the river")
  end
  if not over and not UNSETTLED[phase] and map:count(HUNGRY) > 0 then
    game.broken("a predator may still eat after the movement was settled")
  end
end

--- Hands, decks and the turn's record: a hand of three while the deck
--- lasts (the active player's, during the extra fish, not yet refilled);
--- a player with no fish left holds no tiles; no decks or hands when the
--- predators appear; a hand of one in the dry phase; the pulled tile set
--- aside until the turn ends; the counters of the turn in range.
local function check_hands_and_turn(s, phase, over)
  local stage, play, active = s.play.stage, s.play, turns.seat(s)
  if s.bag:count() ~= 0 then game.broken("tiles left in the bag") end
  if s.unused:count() ~= #TILES - #START_HEXES - DECK_SIZE * s.players then
    game.broken("%d tiles set aside", s.unused:count())
  end
  for seat = 1, s.players do
    local in_hand, in_deck = hand(s, seat):count(), deck(s, seat):count()
    if stage == STAGE.flood then
      local full = (seat == active and phase == PHASE.extra) and HAND_SIZE - 1 or HAND_SIZE
      if in_deck > 0 and in_hand ~= full then game.broken("seat %d holds %d tiles with %d in its deck", seat, in_hand, in_deck) end
      if s.supply:get(seat) == 0 and in_hand + in_deck > 0 then game.broken("seat %d has no fish left but holds tiles", seat) end
    elseif in_deck > 0 or in_hand > (stage == STAGE.dry and DRY_HAND_SIZE or 0) then
      game.broken("seat %d holds %d tiles and %d in its deck", seat, in_hand, in_deck)
    end
  end
  if not over and phase == PHASE.place and hand(s, active):count() == 0 then game.broken("seat %d places with no tiles", active) end
  local pulled = s.pulled:count()
  if (play.pulled ~= 0) ~= (pulled == 1) then game.broken("the pulled tile is not set aside") end
  if play.pulled ~= 0 and (stage ~= STAGE.dry or tile_at(s, play.pulled) ~= 0) then game.broken("the pulled hex holds a tile") end
  if phase == PHASE.keep and (pulled ~= 1 or hand(s, active):count() ~= DRY_HAND_SIZE) then
    game.broken("a keep with %d pulled and %d in hand", pulled, hand(s, active):count())
  end
  for _, flag in ipairs { "acted", "eat_more", "piranha_three" } do
    if play[flag] ~= 0 and play[flag] ~= 1 then game.broken("%s is %d", flag, play[flag]) end
  end
  if play.boost < 0 or play.boost > #ACTIONS then game.broken("boost is %d", play.boost) end
  if play.acted == 0 and (play.boost ~= 0 or play.eat_more ~= 0 or play.piranha_three ~= 0) then
    game.broken("an action took effect, yet none was played")
  end
  if phase == PHASE.extra and (play.placed == 0 or tile_at(s, play.placed) == 0) then
    game.broken("extra fish with no tile placed")
  end
  if phase == PHASE.act and not over then
    local from = play.source
    if play.boost == 0 or from == 0 or s.map:get(from, play.boost == FISH_MOVE and COLOUR[active] or "predator") == 0 then
      game.broken("an action moves nothing (from hex %d)", from)
    end
  end
  if (play.eating ~= 0) ~= (phase == PHASE.eat and not over) then game.broken("eating outside the eating") end
  if play.eating ~= 0 and (play.bites < 1 or play.bites > s.map:get(play.eating, "fish")
    or s.map:get(play.eating, "predator") == NONE) then
    game.broken("%d bites at %s", play.bites, s.map:name(play.eating))
  end
end

--- Raises, naming what broke, unless all of the above holds.
return function(s)
  local phase, over = turns.phase(s), turns.over(s)
  check_turn(s, phase, over)
  check_tiles(s)
  check_fish(s, phase, over)
  check_predators(s, phase, over)
  check_hands_and_turn(s, phase, over)
end
