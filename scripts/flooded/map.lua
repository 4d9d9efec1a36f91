--- The board of Flooded Forest: the hexes of the two flood areas and the
--- river, the Flood tiles as they lie (their water sides, turned), where
--- water runs between tiles, and which tiles may be laid or pulled.
--- game.lua and the phases read it; the tiles themselves are tiles.lua.
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
local STORED = { q = { -2, 8 }, r = { -FLOOD_ROWS, FLOOD_ROWS } }   -- holds every area hex
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

local PRINTED = {}       -- PRINTED[tile]: the six side values, e first
local PRINTED_WATER = {} -- PRINTED_WATER[tile]: its water sides as printed
local TURNS = {}         -- TURNS[tile]: {k, mask} per distinct rotation
local SAME_TURN = {}     -- SAME_TURN[tile][k]: the listed rotation with k's sides
for t, tile in ipairs(TILES) do
  assert(type(tile.sides) == "string" and tile.sides:match("^[~#][~#][~#][~#][~#][~#]$"),
    "TILES: tile " .. t .. ": sides must be six of ~ (water) and # (forest)")
  assert(tile.sides:find("~", 1, true), "TILES: tile " .. t .. " has no water side")
  assert(math.type(tile.circles) == "integer" and tile.circles >= 1 and tile.circles <= 3,
    "TILES: tile " .. t .. ": circles must be 1, 2 or 3")
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

-- Laying tiles, and the board of a new game -----------------------------------------

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

--- Lay out the board of a new game (its hex component "map" declared):
--- the flood areas and the river, each hex knowing the tiles round it.
local function lay_out(s)
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
end

-- Which tiles may be pulled --------------------------------------------------------

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

return {
  TILES = TILES,
  RIVER_FIRST = RIVER_FIRST,
  RIVER_LAST = RIVER_LAST,
  STORED = STORED,
  SCORING_RIVER = SCORING_RIVER,
  CIRCLES_ON_SCORING_TILE = CIRCLES_ON_SCORING_TILE,
  START_HEXES = START_HEXES,
  OFF = OFF,
  NORTH = NORTH,
  SOUTH = SOUTH,
  RIVER = RIVER,
  NONE = NONE,
  WATER = WATER,
  FOREST = FOREST,
  RIVER_TILE = RIVER_TILE,
  DIRECTIONS = DIRECTIONS,
  TOUCHING_AT_LEAST = TOUCHING_AT_LEAST,
  OPPOSITE = OPPOSITE,
  DIRECTION_NAME = DIRECTION_NAME,
  FLOOD_TILE = FLOOD_TILE,
  ANY_TILE = ANY_TILE,
  NOT_SHUT_IN = NOT_SHUT_IN,
  BESIDE_TILES = BESIDE_TILES,
  FLOOD_TILE_IN = FLOOD_TILE_IN,
  BIT = BIT,
  ALL_SIDES = ALL_SIDES,
  turned = turned,
  BITS = BITS,
  PRINTED = PRINTED,
  PRINTED_WATER = PRINTED_WATER,
  TURNS = TURNS,
  SAME_TURN = SAME_TURN,
  area_of = area_of,
  tile_at = tile_at,
  is_river = is_river,
  NEXT_TO = NEXT_TO,
  TOWARDS = TOWARDS,
  HOMEWARD = HOMEWARD,
  learn_board_shape = learn_board_shape,
  water_mask = water_mask,
  water_between = water_between,
  each_step = each_step,
  yes = yes,
  two_flood_tiles = two_flood_tiles,
  in_board_order = in_board_order,
  tell_neighbours = tell_neighbours,
  lay_tile = lay_tile,
  surroundings = surroundings,
  survey = survey,
  place_start_tiles = place_start_tiles,
  lay_out = lay_out,
  closed_sides = closed_sides,
  pullable_tiles = pullable_tiles,
  can_pull = can_pull,
}
