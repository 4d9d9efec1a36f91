--- How each seat of Flooded Forest stands, for bots that stop looking ahead
--- before the end (evaluate(s), what the MCTS bot reads). Not a rule: it
--- only reads the state.
-- mutate: off
local turns = require "grove.turns"
local map = require "map"
local P = require "pieces"
local T = require "turn"

local TILES, HOMEWARD, NEXT_TO, RIVER = map.TILES, map.HOMEWARD, map.NEXT_TO, map.RIVER
local ALL_SIDES, DIRECTIONS, turned = map.ALL_SIDES, map.DIRECTIONS, map.turned
local COLOUR, OWN_FISH, STAGE, PHASE = P.COLOUR, P.OWN_FISH, T.STAGE, T.PHASE
local PREDATOR_ON_TILE = grove.cond { tile = { 1, #TILES }, predator = { 1, 3 } }

-- What evaluate reads of a seat, one number each (features(s) below).
local FEATURE = {
  "beside_river",     -- its fish on Flood tiles in the rows beside the river (±1)
  "a_row_out",        -- in rows ±2
  "outer_rows",       -- in rows ±3
  "loose",            -- on tiles with two neighbouring open sides (they can slide out soon)
  "a_pull_from_home", -- on such tiles beside the river, a water side to it: a pull sends them home
  "with_predator",    -- on tiles a predator holds
  "beside_predator",  -- on tiles next to a predator's
  "prey",             -- the other seats' fish on or next to a predator's tile
  "prey_to_move",     -- the same, when the seat is the one to move (its predators to steer)
  "to_move",          -- 1 when the seat moves now
  "next",             -- 1 when the seat moves next
  "supply",           -- fish still in its supply
  "beside_river_room", -- beside_river times the share of the river's circles still free
  "next_pull_home",   -- for the seat that pulls next: the most of its fish one pull sends home
  "later_pull_home",  -- the same for the seat that pulls after it
}
local F = {}
for i, name in ipairs(FEATURE) do F[name] = i end

--- The tile on h can slide out: two neighbouring sides face no tile.
local function loose(s, h)
  local closed = s.map:get(h, "faces") // (ALL_SIDES + 1)
  local open = ALL_SIDES & ~closed
  return open & turned(open, 1) ~= 0
end

--- A pull of the tile on h (beside the river, loose) sends its school
--- home: one of its water sides faces a river hex.
local function pull_sends_home(s, h)
  local water, next_to = map.water_mask(s, h), NEXT_TO[h]
  for d = 1, DIRECTIONS do
    local nb = next_to[d]
    if nb and water & map.BIT[d] ~= 0 and s.map:get(nb, "area") == RIVER then return true end
  end
  return false
end

--- The seat whose pull comes next: the seat to move before it pulls, else
--- the one after it.
local function puller(s)
  local mover = turns.seat(s)
  if turns.phase(s) == PHASE.dry then return mover end
  return turns.after(s, mover)
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
  local first = puller(s)
  local second = turns.after(s, first)

  for seat = 1, s.players do
    local f = {}
    for k = 1, #FEATURE do f[k] = 0 end
    local colour, on_tiles = COLOUR[seat], { s.map:cells(OWN_FISH[seat]) }
    local threatened, home_ready = 0, 0
    for i = 1, #on_tiles do
      local h = on_tiles[i]
      local n = s.map:get(h, colour)
      local row = HOMEWARD[h]            -- map.lua: 1 beside the river, 0.75 a row out, 0.5 further
      if row == 1 then f[F.beside_river] = f[F.beside_river] + n
      elseif row == 0.75 then f[F.a_row_out] = f[F.a_row_out] + n
      else f[F.outer_rows] = f[F.outer_rows] + n end
      if loose(s, h) then
        f[F.loose] = f[F.loose] + n
        if row == 1 and pull_sends_home(s, h) then
          f[F.a_pull_from_home] = f[F.a_pull_from_home] + n
          if n > home_ready then home_ready = n end
        end
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
    f[F.next_pull_home] = seat == first and home_ready or 0
    f[F.later_pull_home] = seat == second and home_ready or 0
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

-- What each of a seat's numbers is worth, in points, by stage: fitted by
-- least squares to the points the seat went on to score (home and eaten)
-- in 400 games of the default bot against itself (bench/flooded-
-- evaluate.lua refits them), each seat against the mean of the three (the
-- bot compares seats, never reads a value alone), so a worth is what one
-- more of that number than the others had told of how many more points
-- the seat scored than they did. Chiefly: in the dry phase moving now is
-- worth 1.26 points and moving next 0.55 (the seat that pulls chooses
-- which school goes home, and which fish are eaten); a fish beside the
-- river 0.52 while the river is empty and 0.12 once it is full (the game
-- ends when it fills), further out nothing; a fish on a tile that can
-- slide out 0.19 more, and 0.25 more again when that pull sends it home,
-- more still when its seat pulls next (0.18) or after that (0.15). In the
-- flood a fish placed is worth about a quarter point (supply -0.24), a
-- little more where a pull will send it home.
local WORTH = {
  [STAGE.flood] = {
    beside_river = 0.07, a_row_out = -0.03, outer_rows = 0.20, loose = 0.06,
    a_pull_from_home = 0.24, with_predator = 0.00, beside_predator = 0.00, prey = 0.00,
    prey_to_move = 0.00, to_move = 0.45, next = 0.17, supply = -0.24,
    beside_river_room = 0.07, next_pull_home = 0.05, later_pull_home = -0.05,
  },
  [STAGE.predators] = {
    beside_river = 0.19, a_row_out = 0.03, outer_rows = -0.05, loose = 0.13,
    a_pull_from_home = 0.12, with_predator = 0.10, beside_predator = -0.11, prey = 0.01,
    prey_to_move = -0.03, to_move = 0.78, next = 0.01, supply = -0.17,
    beside_river_room = 0.19, next_pull_home = 0.27, later_pull_home = 0.25,
  },
  [STAGE.dry] = {
    beside_river = 0.12, a_row_out = -0.12, outer_rows = -0.09, loose = 0.19,
    a_pull_from_home = 0.25, with_predator = 0.07, beside_predator = -0.09, prey = 0.02,
    prey_to_move = 0.02, to_move = 1.26, next = 0.55, supply = -0.06,
    beside_river_room = 0.40, next_pull_home = 0.18, later_pull_home = 0.15,
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
