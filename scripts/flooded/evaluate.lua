--- How each seat of Flooded Forest stands, for bots that stop looking ahead
--- before the end (evaluate(s), what the MCTS bot reads). Not a rule: it
--- only reads the state.
-- mutate: off
local turns = require "grove.turns"
local map = require "map"
local P = require "pieces"
local T = require "turn"

local TILES, HOMEWARD, NEXT_TO = map.TILES, map.HOMEWARD, map.NEXT_TO
local ALL_SIDES, DIRECTIONS, turned = map.ALL_SIDES, map.DIRECTIONS, map.turned
local COLOUR, OWN_FISH, STAGE = P.COLOUR, P.OWN_FISH, T.STAGE
local PREDATOR_ON_TILE = grove.cond { tile = { 1, #TILES }, predator = { 1, 3 } }

-- What evaluate reads of a seat, one number each (features(s) below).
local FEATURE = {
  "beside_river",     -- its fish on Flood tiles in the rows beside the river (±1)
  "a_row_out",        -- in rows ±2
  "outer_rows",       -- in rows ±3
  "loose",            -- on tiles with two neighbouring open sides (they can slide out soon)
  "loose_beside_river", -- on such tiles beside the river: one pull from home
  "with_predator",    -- on tiles a predator holds
  "beside_predator",  -- on tiles next to a predator's
  "prey",             -- the other seats' fish on or next to a predator's tile
  "prey_to_move",     -- the same, when the seat is the one to move (its predators to steer)
  "to_move",          -- 1 when the seat moves now
  "next",             -- 1 when the seat moves next
  "supply",           -- fish still in its supply
  "beside_river_room", -- beside_river times the share of the river's circles still free
}
local F = {}
for i, name in ipairs(FEATURE) do F[name] = i end

--- The tile on h can slide out: two neighbouring sides face no tile.
local function loose(s, h)
  local closed = s.map:get(h, "faces") // (ALL_SIDES + 1)
  local open = ALL_SIDES & ~closed
  return open & turned(open, 1) ~= 0
end

--- features(s)[seat][k]: the numbers of FEATURE for each seat.
local function features(s)
  local out = {}
  local beside = {}                      -- hexes with or next to a predator: 1 next to, 2 with
  local hunters = { s.map:cells(PREDATOR_ON_TILE) }
  for i = 1, #hunters do
    local h = hunters[i]
    local next_to = NEXT_TO[h]
    for d = 1, DIRECTIONS do
      local nb = next_to[d]
      if nb and not beside[nb] then beside[nb] = 1 end
    end
  end
  for i = 1, #hunters do beside[hunters[i]] = 2 end
  local mover = turns.seat(s)
  local after = turns.after(s, mover)
  local room = 1 - P.fish_home_total(s) / P.river_circles(s)
  local near_predators = {}

  for seat = 1, s.players do
    local f = {}
    for k = 1, #FEATURE do f[k] = 0 end
    local colour, on_tiles = COLOUR[seat], { s.map:cells(OWN_FISH[seat]) }
    local threatened = 0
    for i = 1, #on_tiles do
      local h = on_tiles[i]
      local n = s.map:get(h, colour)
      local row = HOMEWARD[h]            -- map.lua: 1 beside the river, 0.75 a row out, 0.5 further
      if row == 1 then f[F.beside_river] = f[F.beside_river] + n
      elseif row == 0.75 then f[F.a_row_out] = f[F.a_row_out] + n
      else f[F.outer_rows] = f[F.outer_rows] + n end
      if loose(s, h) then
        f[F.loose] = f[F.loose] + n
        if row == 1 then f[F.loose_beside_river] = f[F.loose_beside_river] + n end
      end
      local b = beside[h]
      if b == 2 then f[F.with_predator] = f[F.with_predator] + n; threatened = threatened + n
      elseif b == 1 then f[F.beside_predator] = f[F.beside_predator] + n; threatened = threatened + n end
    end
    near_predators[seat] = threatened
    f[F.to_move] = seat == mover and 1 or 0
    f[F.next] = seat == after and 1 or 0
    f[F.supply] = s.supply:get(seat)
    f[F.beside_river_room] = f[F.beside_river] * room
    out[seat] = f
  end
  local all = 0
  for seat = 1, s.players do all = all + near_predators[seat] end
  for seat = 1, s.players do
    local f = out[seat]
    f[F.prey] = all - near_predators[seat]
    f[F.prey_to_move] = f[F.prey] * f[F.to_move]
  end
  return out
end

-- What each of a seat's numbers is worth, in points, by stage: what it
-- told of the points the seat still went on to score (home and eaten) in
-- 6,000 random 3-player games, fitted by least squares (bench/flooded-
-- evaluate.lua refits them). Chiefly: in the dry phase a fish beside the
-- river is worth more than a point while the river has room and little
-- once it is nearly full (the game ends when it fills: then fish further
-- out are worth more than it), a fish a pull from home a little more, a
-- fish on or beside a predator's tile less; moving now is worth a quarter
-- point. In the flood, where the pulls to come decide nearly everything,
-- a fish placed is worth a fifth of a point at most.
local WORTH = {
  [STAGE.flood] = {
    beside_river = 0.07, beside_river_room = 0.07, a_row_out = 0.07, outer_rows = -0.11,
    loose = -0.14, loose_beside_river = 0.26,
    with_predator = 0, beside_predator = 0, prey = 0, prey_to_move = 0,
    to_move = 0.16, next = 0, supply = -0.02,
  },
  [STAGE.predators] = {
    beside_river = 0.16, beside_river_room = 0.16, a_row_out = 0.15, outer_rows = 0.01,
    loose = -0.02, loose_beside_river = 0.29,
    with_predator = -0.05, beside_predator = -0.05, prey = 0.02, prey_to_move = 0,
    to_move = -0.09, next = -0.09, supply = -0.32,
  },
  [STAGE.dry] = {
    beside_river = -0.21, beside_river_room = 1.40, a_row_out = 0.72, outer_rows = 0.59,
    loose = -0.01, loose_beside_river = 0.29,
    with_predator = -0.07, beside_predator = -0.11, prey = 0.03, prey_to_move = -0.01,
    to_move = 0.27, next = 0.08, supply = 0.13,
  },
}
local WEIGHT = {}        -- WEIGHT[stage][k]: WORTH in FEATURE's order
for stage, worth in pairs(WORTH) do
  WEIGHT[stage] = {}
  for k, name in ipairs(FEATURE) do WEIGHT[stage][k] = assert(worth[name], name) end
end

--- Each seat's points, and while the game goes on what its position is
--- worth (WORTH times features).
local function evaluate(s)
  local values = {}
  if turns.over(s) then
    for seat = 1, s.players do values[seat] = P.score(s, seat) end
    return values
  end
  local f, w = features(s), WEIGHT[s.play.stage]
  for seat = 1, s.players do
    local v, fs = P.score(s, seat), f[seat]
    for k = 1, #w do v = v + w[k] * fs[k] end
    values[seat] = v
  end
  return values
end

return { evaluate = evaluate, features = features, FEATURE = FEATURE, WORTH = WORTH }
-- mutate: on
