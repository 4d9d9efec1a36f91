-- Flooded Forest: one scenario per rule sentence of
-- ../shared/rules/flooded-forest.txt and per decision of DECISIONS.md
-- (Flooded Forest), plus the choices README.md lists. Each test opens a
-- game, builds a position by writing to the state (tiles with given sides,
-- fish, predators, hands), plays moves and checks the exact outcome.
--
-- Hex geometry (pointy-top, axial "q,r"): the neighbours of q,r are
--   e q+1,r   se q,r+1   sw q-1,r+1   w q-1,r   nw q,r-1   ne q+1,r-1
-- so a hex of row -1 touches the river with its se and sw sides, a hex of
-- row 1 with its nw and ne sides. Sides are written "e se sw w nw ne",
-- "~" water and "#" forest, as in tiles.lua.

local TILES = games.open("flooded", { players = 3, seed = 1 }).definition.data.tiles
local COLOURS = { "red", "green", "blue", "purple" }
local PREDATOR = { caiman = 1, piranhas = 2, jaguar = 3 }
local SIDE = { ["~"] = 1, ["#"] = 2 }
local MARK = { [0] = ".", [1] = "~", [2] = "#" }

-- Helpers -----------------------------------------------------------------

local function open(players, seed)
  return games.open("flooded", { players = players or 4, seed = seed or 1 })
end

local function zones(g)
  local names = { "bag", "unused", "discard", "pulled" }
  for seat = 1, g.players do
    names[#names + 1] = "deck" .. seat
    names[#names + 1] = "hand" .. seat
  end
  return names
end

local function clear_hex(g, hex)
  local map = g.state.map
  map:set(hex, "tile", 0)
  map:set_sides(hex, "side", 0, 0, 0, 0, 0, 0)
  for _, colour in ipairs(COLOURS) do map:set(hex, colour, 0) end
  for _, field in ipairs({ "fish", "predator", "hungry" }) do map:set(hex, field, 0) end
end

--- Every Flood tile into the discard pile: an empty board (the river
--- stays), empty hands and decks, full fish supplies.
local function blank(g)
  local s = g.state
  for _, hex in ipairs({ s.map:cells({ tile = { 1, 36 } }) }) do
    s.discard:push(s.map:get(hex, "tile"))
    clear_hex(g, hex)
  end
  for _, name in ipairs(zones(g)) do
    if name ~= "discard" and s[name]:count() > 0 then s[name]:deal(s.discard, s[name]:count()) end
  end
  for seat = 1, g.players do s.supply:set(seat, 18) end
  g.definition.data.survey(s)                 -- the hexes keep which tiles are round them
end

local function reset_play(g, stage, phase)
  local s, def = g.state, g.definition
  s.play.stage = def.data.stages[stage]
  s.turn.phase = def.phases.names[phase]
  s.turn.seat = 1
  for _, name in ipairs({ "placed", "chain", "pulled", "water", "acted", "boost", "source",
    "eat_more", "piranha_three", "eating", "bites" }) do
    s.play[name] = 0
  end
end

--- A flood-phase position: empty board, seat 1 to place a tile.
local function flood(players)
  local g = open(players)
  blank(g)
  reset_play(g, "flood", "place")
  return g
end

--- A dry-phase position: empty board, no predators left to place, seat 1
--- to pull a tile.
local function dry(players)
  local g = open(players)
  blank(g)
  for seat = 1, g.players do
    for _, name in ipairs({ "caiman", "piranhas", "jaguar" }) do g.state[name]:set(seat, 0) end
  end
  reset_play(g, "dry", "dry")
  return g
end

--- The first tile in the discard pile matching want (sides, circles, action).
local function free_tile(g, want)
  for _, t in ipairs({ g.state.discard:cards() }) do
    local tile = TILES[t]
    if (not want.sides or tile.sides == want.sides) and (not want.circles or tile.circles == want.circles)
      and (not want.action or tile.action == want.action) then
      return t
    end
  end
  error("no free tile like that")
end

local function take_free(g, t)
  g.state.discard:take(g.state.discard:find(t))
  return t
end

--- Lay a Flood tile on hex with these sides as it lies (e se sw w nw ne),
--- taken from the discard pile: the tile `opts.tile`, or one with
--- `opts.circles` circles (3 unless given). Returns the tile number.
local function lay(g, hex, sides, opts)
  opts = opts or {}
  local t = take_free(g, opts.tile or free_tile(g, { circles = opts.circles or 3 }))
  local map = g.state.map
  map:set(hex, "tile", t)
  local v = {}
  for d = 1, 6 do v[d] = SIDE[sides:sub(d, d)] end
  map:set_sides(hex, "side", table.unpack(v))
  g.definition.data.survey(g.state)
  return t
end

--- Put fish on a hex from the owners' supplies: fish(g, "3,-1", {red = 2}).
local function fish(g, hex, counts)
  local map, s = g.state.map, g.state
  for seat, colour in ipairs(COLOURS) do
    local n = counts[colour] or 0
    if n > 0 then
      s.supply:take(seat, n)
      map:add(hex, colour, n)
      map:add(hex, "fish", n)
    end
  end
end

local function predator(g, hex, kind)
  g.state.map:set(hex, "predator", PREDATOR[kind])
end

--- Put tiles into a seat's hand (or deck) from the discard pile.
local function give(g, seat, tiles, zone)
  for _, t in ipairs(tiles) do g.state[(zone or "hand") .. seat]:push(take_free(g, t)) end
end

local function tile_like(g, want)
  return free_tile(g, want)
end

--- The sides of a hex as it lies, "e se sw w nw ne".
local function sides(g, hex)
  local text = {}
  for d = 1, 6 do text[d] = MARK[g.state.map:side(hex, "side", d)] end
  return table.concat(text)
end

--- The sides of a printed tile turned k steps clockwise: the side printed
--- at direction d lies at direction d + k.
local function turned(printed, k)
  local out = {}
  for d = 1, 6 do out[(d - 1 + k) % 6 + 1] = printed:sub(d, d) end
  return table.concat(out)
end

local function get(g, hex, field) return g.state.map:get(hex, field) end

local function fish_on(g, hex)
  local out = {}
  for _, colour in ipairs(COLOURS) do
    local n = get(g, hex, colour)
    if n > 0 then out[colour] = n end
  end
  return out
end

local function phase(g)
  return g.definition.phases.names[g.state.turn.phase]
end

local function cards(g, zone)
  local list = { g.state[zone]:cards() }
  table.sort(list)
  return list
end

local function predators_on_board(g)
  return g.state.map:count({ predator = { 1, 3 } })
end

--- A seat's points as the game counts them (read from its render).
local function score(g, seat)
  return tonumber(g:render(0):match("Seat " .. seat .. " %a+%s*:%s*(%d+) points"))
end

--- g:try must refuse text, naming why (a fragment of the reason).
local function refused(g, text, why)
  local hash = g:hash()
  local ok, reason = g:try(text)
  expect.falsy(ok, text .. " should be refused")
  if why then expect.truthy(reason:find(why, 1, true), "reason for " .. text .. ": " .. reason) end
  expect.eq(g:hash(), hash, "a refused move changed the game")
end

-- Setup ---------------------------------------------------------------------------

test("setup: the river is the seven hexes q = 0..6 of row 0, every side water", function()
  local g = open(4)
  for q = 0, 6 do
    local hex = q .. ",0"
    expect.eq(get(g, hex, "area"), 3, hex)
    expect.eq(sides(g, hex), "~~~~~~", hex)
  end
  expect.eq(g.state.map:id("-1,0"), nil)
  expect.eq(g.state.map:id("7,0"), nil)
end)

test("setup: the flood areas are rows -1..-3 (north) and 1..3 (south) beside the river", function()
  local g = open(4)
  local rows = {                         -- r = {first q, last q}
    [-3] = { 1, 8 }, [-2] = { 1, 7 }, [-1] = { 0, 7 },
    [1] = { -1, 6 }, [2] = { -1, 5 }, [3] = { -2, 5 },
  }
  for r, span in pairs(rows) do
    for q = span[1] - 1, span[2] + 1 do
      local hex = g.state.map:id(q, r)
      local inside = q >= span[1] and q <= span[2]
      expect.eq(hex ~= nil, inside, q .. "," .. r .. " on the board")
      if inside then expect.eq(get(g, hex, "area"), r < 0 and 1 or 2, q .. "," .. r) end
    end
  end
  expect.eq(g.state.map:count({ area = 1 }), 23)
  expect.eq(g.state.map:count({ area = 2 }), 23)
  expect.eq(g.state.map:id("0,4"), nil)
  expect.eq(g.state.map:id("3,-4"), nil)
end)

test("setup: four random tiles lie beside river tiles 1 and 5, north and south, water on their river sides", function()
  local RIVER_SIDES = { ["2,-1"] = { 2, 3 }, ["5,-1"] = { 2, 3 }, ["1,1"] = { 5, 6 }, ["4,1"] = { 5, 6 } }
  local seen = {}
  for seed = 1, 30 do
    for players = 3, 4 do
      local g = games.open("flooded", { players = players, seed = seed })
      local on_board = { g.state.map:cells({ tile = { 1, 36 } }) }
      expect.eq(#on_board, 4, "tiles on the board")
      for hex, river_sides in pairs(RIVER_SIDES) do
        local t = get(g, hex, "tile")
        expect.truthy(t >= 1 and t <= 36, hex .. " holds a Flood tile")
        local lying = sides(g, hex)
        for _, d in ipairs(river_sides) do expect.eq(lying:sub(d, d), "~", hex .. " river side " .. d) end
        local is_turned = false
        for k = 0, 5 do if turned(TILES[t].sides, k) == lying then is_turned = true end end
        expect.truthy(is_turned, hex .. " lies as its printed sides turned")
        seen[t] = true
        expect.eq(get(g, hex, "fish"), 0)
      end
    end
  end
  local kinds = 0
  for _ in pairs(seen) do kinds = kinds + 1 end
  expect.truthy(kinds > 20, "the start tiles are random")
end)

test("setup: each player has an eight-tile deck and draws three; with 3 players eight tiles are set aside", function()
  for players = 3, 4 do
    local g = open(players)
    local s = g.state
    local all = {}
    for seat = 1, players do
      expect.eq(s["hand" .. seat]:count(), 3)
      expect.eq(s["deck" .. seat]:count(), 5)
      for _, zone in ipairs({ "hand", "deck" }) do
        for _, t in ipairs({ s[zone .. seat]:cards() }) do all[#all + 1] = t end
      end
    end
    expect.eq(s.unused:count(), players == 3 and 8 or 0)
    for _, t in ipairs({ s.unused:cards() }) do all[#all + 1] = t end
    for _, hex in ipairs({ s.map:cells({ tile = { 1, 36 } }) }) do all[#all + 1] = get(g, hex, "tile") end
    table.sort(all)
    local want = {}
    for t = 1, 36 do want[t] = t end
    expect.eq(all, want, "every tile once")
  end
end)

test("setup: each player has 18 fish of their colour; the first player (seat 1) places a tile", function()
  local g = open(4)
  for seat = 1, 4 do expect.eq(g.state.supply:get(seat), 18) end
  expect.eq(g:actor(), 1)
  for _, m in ipairs(g:moves()) do expect.eq(m:match("^%a+"), "place") end
end)

-- Phase one: placing Flood tiles ---------------------------------------------------

test("placing: a tile touching only one other tile is refused", function()
  local g = flood()
  lay(g, "2,-1", "~~~~~~")
  local lake = tile_like(g, { sides = "~~~~~~" })
  give(g, 1, { lake })
  expect.illegal(g, "place " .. lake .. " r0 2,-2")       -- touches 2,-1 only
  refused(g, "place " .. lake .. " r0 2,-2", "would touch 1 tile; it must touch at least 2")
  refused(g, "place " .. lake .. " r0 2,-3", "would touch 0 tiles")
  refused(g, "place " .. lake .. " r0 0,-1", "would touch 1 tile")   -- only river tile 0 beside it
  expect.legal(g, "place " .. lake .. " r0 3,-1")          -- two river tiles and 2,-1
end)

test("placing: a water side against a forest side is refused", function()
  local g = flood()
  lay(g, "2,-1", "#~~~~~")                                  -- its east side is forest
  local lake = tile_like(g, { sides = "~~~~~~" })
  local bay = tile_like(g, { sides = "~~~###" })
  give(g, 1, { lake, bay })
  refused(g, "place " .. lake .. " r0 3,-1", "its w side would be water against forest")
  expect.illegal(g, "place " .. lake .. " r0 3,-1")
  -- forest against the river's water
  refused(g, "place " .. bay .. " r3 3,-1", "its se side would be forest against water")
  -- bay as printed: water e, se, sw; forest w: fits
  expect.legal(g, "place " .. bay .. " r0 3,-1")
end)

test("placing: a placement whose touching sides are all forest is refused", function()
  local g = flood()
  lay(g, "2,-1", "~~~~~#")                                  -- ne side forest
  lay(g, "3,-1", "~~~~#~")                                  -- nw side forest
  local spring = tile_like(g, { sides = "~#####" })         -- water on one side only
  give(g, 1, { spring })
  -- at 3,-2 the tile touches 3,-1 (se) and 2,-1 (sw), both forest there
  refused(g, "place " .. spring .. " r0 3,-2", "none of its touching sides would be water")
  refused(g, "place " .. spring .. " r1 3,-2", "its se side would be water against forest")
  expect.moves(g, { "discard " .. spring })                 -- it fits nowhere else either
end)

test("placing: the tile lies turned as chosen, one of the player's fish goes on it, the hand is refilled", function()
  local g = flood()
  local bay = tile_like(g, { sides = "~~~###" })
  local next_tile = tile_like(g, { sides = "~~~~~~" })
  give(g, 1, { bay })
  give(g, 1, { next_tile }, "deck")
  for seat = 2, 4 do give(g, seat, { free_tile(g, {}) }) end
  g:play("place " .. bay .. " r1 3,-1")
  expect.eq(get(g, "3,-1", "tile"), bay)
  expect.eq(sides(g, "3,-1"), "#~~~##")                     -- "~~~###" one step clockwise
  expect.eq(sides(g, "3,-1"), turned("~~~###", 1))
  expect.eq(fish_on(g, "3,-1"), { red = 1 })
  expect.eq(g.state.supply:get(1), 17)
  expect.eq(cards(g, "hand1"), { next_tile })
  expect.eq(g.state.deck1:count(), 0)
  expect.eq(g:actor(), 2)
end)

test("placing: a tile goes on either side of the river", function()
  local g = flood()
  local lake = tile_like(g, { sides = "~~~~~~" })
  give(g, 1, { lake })
  local north, south = 0, 0
  for _, m in ipairs(g:moves()) do
    local r = tonumber(m:match(",(%-?%d+)$"))
    if r < 0 then north = north + 1 else south = south + 1 end
  end
  expect.eq(north, 6)                                      -- 1,-1 .. 6,-1 touch two river tiles
  expect.eq(south, 6)                                      -- 0,1 .. 5,1
end)

test("placing: rotation rK turns the tile K steps clockwise; a tile that looks the same turned is offered once", function()
  local g = flood()
  local lake = tile_like(g, { sides = "~~~~~~" })
  local stripes = tile_like(g, { sides = "~#~#~#" })
  give(g, 1, { lake, stripes })
  expect.legal(g, "place " .. lake .. " r0 3,-1")
  expect.illegal(g, "place " .. lake .. " r1 3,-1")
  local turns_of_stripes = {}
  for _, m in ipairs(g:moves()) do
    local k = m:match("^place " .. stripes .. " r(%d)")
    if k then turns_of_stripes[tonumber(k)] = true end
  end
  expect.eq(turns_of_stripes, {}, "stripes never have water on two neighbouring sides: no hex beside two river tiles")
  g:play("place " .. lake .. " r3 3,-1")                   -- typed r3 is the same tile as r0
  expect.eq(get(g, "3,-1", "tile"), lake)
  expect.eq(g:describe(g:history()[1]), "place " .. lake .. " r0 3,-1")
end)

-- "at least two sides of the tile must touch other tiles (including River
-- tiles), terrain types must match (water or forest), and at least one side
-- must touch water": nothing more. The end hexes of rows -1 and 1 (0,-1 and
-- 7,-1, -1,1 and 6,1) lie beside one river tile only, so a tile with no two
-- neighbouring water sides fits there when its other touching side is forest;
-- beside two river tiles it never fits.
test("placing: an end hex of row -1 or 1 touches one river tile, so a tile with one water side fits there", function()
  local g = flood()
  lay(g, "1,-1", "~~~#~~")                                  -- its west side forest
  lay(g, "5,1", "#~~~~~")                                   -- its east side forest
  local spring = tile_like(g, { sides = "~#####" })
  give(g, 1, { spring })
  expect.moves(g, {
    "place " .. spring .. " r1 0,-1",                       -- water se, on river tile 0; forest e, on 1,-1
    "place " .. spring .. " r4 6,1",                        -- water nw, on river tile 6; forest w, on 5,1
  })
  g:play("place " .. spring .. " r1 0,-1")
  expect.eq(sides(g, "0,-1"), "#~####")
end)

test("placing: beside a water side of its row neighbour, an end hex of row -1 needs two neighbouring water sides", function()
  local g = flood()
  lay(g, "1,-1", "~~~~~~")                                  -- its west side water
  local spring = tile_like(g, { sides = "~#####" })
  local stripes = tile_like(g, { sides = "~#~#~#" })
  local bend = tile_like(g, { sides = "~~####" })
  give(g, 1, { spring, stripes, bend })
  expect.illegal(g, "place " .. spring .. " r1 0,-1")
  refused(g, "place " .. spring .. " r1 0,-1", "its e side would be forest against water")
  refused(g, "place " .. stripes .. " r1 0,-1", "its e side would be forest against water")
  expect.legal(g, "place " .. bend .. " r0 0,-1")           -- water e and se
end)

-- The extra-fish chain ---------------------------------------------------------------

--- North: 2,-1 holds red fish; seat 1 will place a tile at 3,-1 beside it.
--- South (for the extra fish):
---   1,1 all water, 3 circles, 1 red      2,1 forest east, 3 circles
---   3,1 forest west, 3 circles           1,2 all water, 1 circle, full (green)
---   0,1 all water, 2 circles
local function chain_board(edge)
  local g = flood()
  lay(g, "2,-1", edge == "forest" and "#~~~~~" or "~~~~~~")
  fish(g, "2,-1", { red = 1 })
  lay(g, "1,1", "~~~~~~")
  fish(g, "1,1", { red = 1 })
  lay(g, "2,1", "#~~~~~")
  lay(g, "3,1", "~~~#~~")
  lay(g, "1,2", "~~~~~~", { circles = 1 })
  fish(g, "1,2", { green = 1 })
  lay(g, "0,1", "~~~~~~", { circles = 2 })
  local piece = tile_like(g, { sides = edge == "forest" and "~~~###" or "~~~~~#" })
  give(g, 1, { piece })
  for seat = 2, 4 do give(g, seat, { free_tile(g, {}) }) end
  return g, piece
end

test("extra fish: none when the new fish is next to fish of its colour only across forest", function()
  local g, piece = chain_board("forest")
  g:play("place " .. piece .. " r0 3,-1")                  -- its w side (forest) meets 2,-1's e side
  expect.eq(g:actor(), 2)
  expect.eq(g.state.supply:get(1), 18 - 2 - 1)
end)

test("extra fish: a fish adjacent by water to its colour lets one more go on any tile across the river with room", function()
  local g, piece = chain_board("water")
  g:play("place " .. piece .. " r0 3,-1")
  expect.eq(g:actor(), 1)
  expect.eq(phase(g), "extra")
  -- every south tile with room (not 1,2, full); no north tile
  expect.moves(g, { "fish 1,1", "fish 2,1", "fish 3,1", "fish 0,1", "stop" })
end)

test("extra fish: on a tile without fish of its colour the chain ends", function()
  local g, piece = chain_board("water")
  g:play("place " .. piece .. " r0 3,-1")
  g:play("fish 0,1")                       -- no red there, though 1,1 beside it has room
  expect.eq(fish_on(g, "0,1"), { red = 1 })
  expect.eq(g:actor(), 2)
  expect.eq(g.state.supply:get(1), 18 - 2 - 2)
end)

test("extra fish: the chain crosses the river, then goes on along water while each tile already held the colour", function()
  local g, piece = chain_board("water")
  fish(g, "2,1", { red = 1 })
  g:play("place " .. piece .. " r0 3,-1")
  g:play("fish 1,1")                                       -- 1,1 held red: another may follow
  expect.eq(fish_on(g, "1,1"), { red = 2 })
  -- adjacent by water to 1,1 with room: 2,1 (east) and 0,1 (west); 1,2 is full
  expect.moves(g, { "fish 2,1", "fish 0,1", "stop" })
  g:play("fish 2,1")                                       -- 2,1 held red: on it goes
  -- from 2,1: 1,1 (west, water, one circle left); 3,1 lies across forest; 1,2 is full
  expect.moves(g, { "fish 1,1", "stop" })
  g:play("fish 1,1")                                       -- 1,1 is now full
  expect.eq(fish_on(g, "1,1"), { red = 3 })
  expect.moves(g, { "fish 2,1", "fish 0,1", "stop" })
  g:play("stop")
  expect.eq(g:actor(), 2)
  expect.eq(fish_on(g, "2,1"), { red = 2 })
  expect.eq(g.state.supply:get(1), 18 - 3 - 4)
end)

test("extra fish: the chain ends when a full tile leaves no room", function()
  local g, piece = chain_board("water")
  -- only 1,1 has room across the river, with one circle; 0,1, 2,1, 3,1 full
  fish(g, "1,1", { green = 1 })
  fish(g, "0,1", { blue = 2 })
  fish(g, "2,1", { blue = 3 })
  fish(g, "3,1", { blue = 3 })
  g:play("place " .. piece .. " r0 3,-1")
  expect.moves(g, { "fish 1,1", "stop" })
  g:play("fish 1,1")                     -- held red, but nothing beside it has room
  expect.eq(g:actor(), 2)
  expect.eq(get(g, "1,1", "fish"), 3)
end)

test("extra fish: no extra fish once the supply is empty; a player with no fish left discards hand and deck", function()
  local g, piece = chain_board("water")
  local spare = tile_like(g, {})
  give(g, 1, { spare })
  give(g, 1, { tile_like(g, {}) }, "deck")
  for seat = 2, 4 do give(g, seat, { free_tile(g, {}) }) end   -- two tiles each
  g.state.supply:set(1, 1)
  g:play("place " .. piece .. " r0 3,-1")
  expect.eq(g.state.supply:get(1), 0)
  expect.eq(g:actor(), 2)
  expect.eq(g.state.hand1:count(), 0)
  expect.eq(g.state.deck1:count(), 0)
  expect.truthy(g.state.discard:find(spare), "the hand went to the discard pile")
  -- seat 1 is skipped from now on
  for seat = 2, 4 do
    expect.eq(g:actor(), seat)
    g:play(g:moves()[1])
    while g:actor() == seat and phase(g) == "extra" do g:play("stop") end
  end
  expect.truthy(g:actor() ~= 1, "seat 1 has no tiles and does not play")
end)

test("placing: a player none of whose tiles fits anywhere discards one (their choice) and draws", function()
  local g = flood()
  local a = tile_like(g, { sides = "~#####" })
  local b = tile_like(g, { sides = "~##~##" })
  give(g, 1, { a, b })
  local c = tile_like(g, {})
  give(g, 1, { c }, "deck")
  give(g, 2, { tile_like(g, {}) })
  expect.moves(g, { "discard " .. a, "discard " .. b })
  g:play("discard " .. b)
  expect.eq(cards(g, "hand1"), a < c and { a, c } or { c, a })
  expect.truthy(g.state.discard:find(b))
  expect.eq(g.state.supply:get(1), 18)
  expect.eq(g:actor(), 2)
end)

test("the predators appear once no player has a Flood tile left; the first player places first", function()
  local g = flood()
  local lake = tile_like(g, { sides = "~~~~~~" })
  give(g, 3, { lake })
  g.state.turn.seat = 3
  g:play("place " .. lake .. " r0 3,-1")
  expect.eq(g.state.play.stage, g.definition.data.stages.predators)
  expect.eq(g:actor(), 1)
  expect.moves(g, { "caiman 3,-1", "piranhas 3,-1", "jaguar 3,-1" })
end)

-- The predators appear ---------------------------------------------------------------

test("predators: one piece a turn in turn order, on a perimeter tile without a predator; then the dry phase", function()
  local g = flood()
  -- 3,-1 with tiles on all four of its land sides is not on the perimeter
  for _, hex in ipairs({ "3,-1", "2,-1", "4,-1", "3,-2", "4,-2" }) do lay(g, hex, "~~~~~~") end
  reset_play(g, "predators", "predators")
  local perimeter = { "2,-1", "4,-1", "3,-2", "4,-2" }
  local want = {}
  for _, kind in ipairs({ "caiman", "piranhas", "jaguar" }) do
    for _, hex in ipairs(perimeter) do want[#want + 1] = kind .. " " .. hex end
  end
  expect.moves(g, want)
  g:play("jaguar 2,-1")
  expect.eq(get(g, "2,-1", "predator"), PREDATOR.jaguar)
  expect.eq(g.state.jaguar:get(1), 0)
  expect.eq(g:actor(), 2)
  expect.illegal(g, "caiman 2,-1")
  g:play("caiman 4,-1")
  expect.eq(g:actor(), 3)
  g:play("piranhas 3,-2")
  expect.eq(g:actor(), 4)
  expect.moves(g, { "caiman 4,-2", "piranhas 4,-2", "jaguar 4,-2" })
  g:play("caiman 4,-2")
  -- no free perimeter tile is left: the other pieces stay out of play
  expect.eq(g.state.play.stage, g.definition.data.stages.dry)
  expect.eq(g:actor(), 1)
  for seat = 1, 4 do
    for _, kind in ipairs({ "caiman", "piranhas", "jaguar" }) do expect.eq(g.state[kind]:get(seat), 0) end
  end
  expect.eq(predators_on_board(g), 4)
end)

test("predators: each player places all three pieces when there is room, seat after seat", function()
  local g = open(3, 2)
  while g.state.play.stage == g.definition.data.stages.flood do
    local m = g:moves()[1]
    g:play(m:match("^fish") and "stop" or m)
  end
  local order = {}
  while g.state.play.stage == g.definition.data.stages.predators do
    order[#order + 1] = g:actor()
    g:play(g:moves()[1])
  end
  expect.eq(order, { 1, 2, 3, 1, 2, 3, 1, 2, 3 })
  expect.eq(predators_on_board(g), 9)
  expect.eq(g.state.map:count({ predator = 1 }), 3)
end)

-- Phase two: pulling tiles ------------------------------------------------------------

--- The pulling board, north of the river:
---   P 3,-1 "~~~#~~"  forest west, open to the north (nw, ne): it can slide out
---   E 4,-1 "~~~~~~"  water towards P
---   W 2,-1 "#~~~~~"  forest towards P
local function pull_board(players, e_circles)
  local g = dry(players)
  local p = lay(g, "3,-1", "~~~#~~")
  lay(g, "4,-1", "~~~~~~", { circles = e_circles })
  lay(g, "2,-1", "#~~~~~")
  return g, p
end

test("pulling: a tile slides out only with two neighbouring open sides", function()
  local g = dry()
  -- 3,-2 has tiles on four sides; its open sides e and w are not neighbours
  for _, hex in ipairs({ "3,-1", "2,-1" }) do lay(g, hex, "~~~~~~") end
  lay(g, "3,-2", "~~~~##")                 -- forest towards 3,-3 and 4,-3: no tile relies on it
  lay(g, "3,-3", "~#~~~~")
  lay(g, "4,-3", "~~#~~~")
  expect.moves(g, { "pull 3,-1", "pull 2,-1", "pull 3,-3", "pull 4,-3" })
  refused(g, "pull 3,-2", "not a legal move")
end)

test("pulling: a tile that would cut another tile's waterway from the river cannot be pulled", function()
  local g = dry()
  lay(g, "3,-1", "~~~~~~")
  lay(g, "3,-2", "#~####")                 -- water only towards 3,-1
  expect.moves(g, { "pull 3,-2" })
  refused(g, "pull 3,-1")
  -- with a second way to the river (through 2,-1) either may go
  local g2 = dry()
  lay(g2, "3,-1", "~~~~~~")
  lay(g2, "3,-2", "#~~###")                -- water towards 3,-1 and 2,-1
  lay(g2, "2,-1", "~~~~~~")
  expect.moves(g2, { "pull 3,-1", "pull 2,-1", "pull 3,-2" })
  -- a tile not joined to the river has no link to lose
  local g3 = dry()
  lay(g3, "3,-1", "~~~~#~")
  lay(g3, "3,-2", "#####~")                -- water only to the empty north-east
  expect.moves(g3, { "pull 3,-1", "pull 3,-2" })
end)

test("pulling: two tiles round it that are not side by side give the water no way round", function()
  -- 3,-2 touches 3,-1 (se) and 4,-3 (ne), two sides apart: 4,-3's only way
  -- to the river is through 3,-2
  local g = dry()
  for _, hex in ipairs({ "3,-1", "3,-2", "4,-3" }) do lay(g, hex, "~~~~~~") end
  expect.moves(g, { "pull 4,-3" })
  refused(g, "pull 3,-2")
end)

test("pulling: a tile the water can flow round may go; one missing link round it makes it the only way", function()
  -- 3,-2 has tiles side by side on its e, se and sw sides (4,-2, 3,-1, 2,-1),
  -- all water: 4,-2 keeps its way to the river through 3,-1 when 3,-2 goes
  local g = dry()
  for _, hex in ipairs({ "3,-2", "4,-2", "3,-1", "2,-1" }) do lay(g, hex, "~~~~~~") end
  expect.moves(g, { "pull 3,-2", "pull 4,-2", "pull 2,-1" })   -- 3,-1 is shut in (five sides)
  -- the same, but 4,-2 is forest towards 3,-1: its only way is through 3,-2
  local g2 = dry()
  for _, hex in ipairs({ "3,-2", "3,-1", "2,-1" }) do lay(g2, hex, "~~~~~~") end
  lay(g2, "4,-2", "~~#~~~")
  expect.moves(g2, { "pull 4,-2", "pull 2,-1" })
  refused(g2, "pull 3,-2")
end)

test("pulling: the school moves together, mixed colours, by water; circles no longer count; the tile goes to the hand", function()
  local g, p = pull_board(4, 1)
  fish(g, "3,-1", { red = 1, green = 2 })
  fish(g, "4,-1", { blue = 1 })            -- E has one circle, already taken
  g:play("pull 3,-1")
  expect.eq(phase(g), "school")
  expect.moves(g, { "school 4,-1", "school 3,0", "school 2,0" })   -- not W, across forest
  g:play("school 4,-1")
  expect.eq(fish_on(g, "4,-1"), { red = 1, green = 2, blue = 1 })
  expect.eq(get(g, "4,-1", "fish"), 4)
  expect.eq(get(g, "3,-1", "tile"), 0)
  expect.eq(get(g, "3,-1", "fish"), 0)
  expect.eq(cards(g, "hand1"), { p })
  expect.eq(g:actor(), 2)
end)

test("pulling: a school that reaches the river goes home, two points a fish", function()
  local g = pull_board()
  fish(g, "3,-1", { red = 1, green = 2 })
  g:play("pull 3,-1")
  g:play("school 3,0")
  expect.eq(g.state.home:get(1), 1)
  expect.eq(g.state.home:get(2), 2)
  expect.eq(get(g, "3,0", "fish"), 0)
  expect.eq(score(g, 1), 2)
  expect.eq(score(g, 2), 4)
  expect.eq(g:actor(), 2)
end)

test("pulling: a school with no waterway to another tile is out of play (back to the supply)", function()
  local g = dry()
  lay(g, "3,-1", "~~~~#~")
  lay(g, "3,-2", "#####~")                 -- water only to the empty north-east
  fish(g, "3,-2", { red = 2, blue = 1 })
  g:play("pull 3,-2")
  expect.eq(g.state.supply:get(1), 18)
  expect.eq(g.state.supply:get(3), 18)
  expect.eq(g.state.map:count({ fish = { 1, 72 } }), 0)
  expect.eq(g:actor(), 2)
end)

test("pulling: caiman and piranhas leave by water, a jaguar to any adjacent tile", function()
  for kind, want in pairs({
    caiman = { "caiman 4,-1", "caiman 3,0", "caiman 2,0" },
    piranhas = { "piranhas 4,-1", "piranhas 3,0", "piranhas 2,0" },
    jaguar = { "jaguar 4,-1", "jaguar 3,0", "jaguar 2,0", "jaguar 2,-1" },
  }) do
    local g = pull_board()
    predator(g, "3,-1", kind)
    g:play("pull 3,-1")
    expect.eq(phase(g), "hunter")
    expect.moves(g, want)
  end
end)

test("pulling: a predator with nowhere to go leaves play", function()
  local g = dry()
  lay(g, "3,-1", "~~~~#~")
  lay(g, "3,-2", "#####~")
  predator(g, "3,-2", "caiman")
  g:play("pull 3,-2")
  expect.eq(predators_on_board(g), 0)
  expect.eq(g:actor(), 2)
  local g2 = dry()                          -- a jaguar walks over the forest
  lay(g2, "3,-1", "~~~~#~")
  lay(g2, "3,-2", "#####~")
  predator(g2, "3,-2", "jaguar")
  g2:play("pull 3,-2")
  expect.moves(g2, { "jaguar 3,-1" })
end)

test("predators belong to nobody: whoever pulls the tile moves its predator", function()
  local g = pull_board()
  predator(g, "3,-1", "piranhas")
  g.state.turn.seat = 3
  g:play("pull 3,-1")
  expect.eq(g:actor(), 3)
  expect.moves(g, { "piranhas 4,-1", "piranhas 3,0", "piranhas 2,0" })
  g:play("piranhas 4,-1")
  expect.eq(g:actor(), 4)
end)

test("fights: jaguar drives off caiman, caiman drives off piranhas, piranhas drive off jaguar; of two alike one stays", function()
  for _, case in ipairs({
    { "jaguar", "caiman", "jaguar" }, { "caiman", "jaguar", "jaguar" },
    { "caiman", "piranhas", "caiman" }, { "piranhas", "caiman", "caiman" },
    { "piranhas", "jaguar", "piranhas" }, { "jaguar", "piranhas", "piranhas" },
    { "caiman", "caiman", "caiman" }, { "piranhas", "piranhas", "piranhas" }, { "jaguar", "jaguar", "jaguar" },
  }) do
    local mover, resident, survivor = case[1], case[2], case[3]
    local g = pull_board()
    predator(g, "3,-1", mover)
    predator(g, "4,-1", resident)
    g:play("pull 3,-1")
    g:play(mover .. " 4,-1")
    expect.eq(get(g, "4,-1", "predator"), PREDATOR[survivor], mover .. " onto " .. resident)
    expect.eq(predators_on_board(g), 1, mover .. " onto " .. resident)
  end
end)

--- A predator from P moves onto E holding `n` green fish; returns the game
--- after the move (before any eating choice).
local function hunt(kind, n)
  local g = pull_board()
  predator(g, "3,-1", kind)
  fish(g, "4,-1", { green = n })
  g:play("pull 3,-1")
  g:play(kind .. " 4,-1")
  return g
end

--- Play "eat COLOUR" while the game asks; returns how many were played.
local function eat_all(g, colour)
  local n = 0
  while phase(g) == "eat" do
    g:play("eat " .. colour)
    n = n + 1
  end
  return n
end

test("eating: a caiman eats 1 fish from a tile with 2 or more", function()
  local g = hunt("caiman", 1)
  expect.eq(g:actor(), 2)
  expect.eq(get(g, "4,-1", "fish"), 1)
  g = hunt("caiman", 2)
  expect.eq(phase(g), "eat")
  expect.moves(g, { "eat green" })
  expect.eq(eat_all(g, "green"), 1)
  expect.eq(get(g, "4,-1", "fish"), 1)
  expect.eq(g.state.eaten_green:get(1), 1)
  expect.eq(score(g, 1), 1)
  expect.eq(g:actor(), 2)
end)

test("eating: a jaguar eats 1 fish from a tile with 3 or more", function()
  local g = hunt("jaguar", 2)
  expect.eq(get(g, "4,-1", "fish"), 2)
  expect.eq(g:actor(), 2)
  g = hunt("jaguar", 3)
  expect.eq(eat_all(g, "green"), 1)
  expect.eq(get(g, "4,-1", "fish"), 2)
  expect.eq(g.state.eaten_green:get(1), 1)
end)

test("eating: piranhas eat 2 fish from a tile with 4 or more", function()
  local g = hunt("piranhas", 3)
  expect.eq(get(g, "4,-1", "fish"), 3)
  expect.eq(g:actor(), 2)
  g = hunt("piranhas", 4)
  expect.eq(eat_all(g, "green"), 2)
  expect.eq(get(g, "4,-1", "fish"), 2)
  expect.eq(g.state.eaten_green:get(1), 2)
  expect.eq(score(g, 1), 2)
end)

test("eating: fish moving onto a predator's tile may be eaten", function()
  local g = pull_board()
  fish(g, "3,-1", { red = 1 })
  predator(g, "4,-1", "caiman")
  fish(g, "4,-1", { green = 1 })
  g:play("pull 3,-1")
  g:play("school 4,-1")
  expect.eq(phase(g), "eat")
  expect.moves(g, { "eat red", "eat green" })
end)

test("eating: a predator that drives off a rival eats", function()
  local g = pull_board()
  predator(g, "3,-1", "caiman")
  predator(g, "4,-1", "jaguar")
  fish(g, "4,-1", { green = 3 })
  g:play("pull 3,-1")
  g:play("caiman 4,-1")                     -- the jaguar stays and eats
  expect.eq(get(g, "4,-1", "predator"), PREDATOR.jaguar)
  expect.eq(eat_all(g, "green"), 1)
  expect.eq(get(g, "4,-1", "fish"), 2)
end)

test("eating: a predator nothing happened to does not eat", function()
  local g = pull_board()
  predator(g, "2,-1", "piranhas")
  fish(g, "2,-1", { green = 6 })
  g:play("pull 3,-1")
  expect.eq(get(g, "2,-1", "fish"), 6)
  expect.eq(g:actor(), 2)
end)

test("eating: the active player chooses the colour; eating your own colour scores nothing", function()
  local g = pull_board()
  predator(g, "3,-1", "piranhas")
  fish(g, "4,-1", { red = 2, green = 2 })
  g:play("pull 3,-1")
  g:play("piranhas 4,-1")
  expect.moves(g, { "eat red", "eat green" })
  g:play("eat red")
  expect.moves(g, { "eat red", "eat green" })
  g:play("eat red")
  expect.eq(fish_on(g, "4,-1"), { green = 2 })
  expect.eq(g.state.eaten_red:get(1), 2)
  expect.eq(score(g, 1), 0)
end)

test("the river: a predator entering the river with the school eats once more, then leaves play", function()
  local g = pull_board()
  fish(g, "3,-1", { red = 2, green = 1 })
  predator(g, "3,-1", "caiman")
  g:play("pull 3,-1")
  g:play("school 3,0")
  expect.moves(g, { "caiman 4,-1", "caiman 3,0", "caiman 2,0" })
  g:play("caiman 3,0")
  expect.moves(g, { "eat red", "eat green" })
  g:play("eat green")
  expect.eq(predators_on_board(g), 0)
  expect.eq(g.state.home:get(1), 2)
  expect.eq(g.state.home:get(2), 0)
  expect.eq(get(g, "3,0", "fish"), 0)
  expect.eq(score(g, 1), 2 * 2 + 1)
  expect.eq(g:actor(), 2)
end)

test("the river: a predator entering the river alone, or another river hex, eats nothing and leaves play", function()
  local g = pull_board()
  g.state.home:set(2, 4)                     -- fish already home cannot be eaten
  predator(g, "3,-1", "jaguar")
  g:play("pull 3,-1")
  g:play("jaguar 3,0")
  expect.eq(predators_on_board(g), 0)
  expect.eq(g.state.home:get(2), 4)
  expect.eq(g.state.eaten_green:get(1), 0)
  expect.eq(g:actor(), 2)
  local g2 = pull_board()
  fish(g2, "3,-1", { red = 2, green = 1 })
  predator(g2, "3,-1", "caiman")
  g2:play("pull 3,-1")
  g2:play("school 3,0")
  g2:play("caiman 2,0")
  expect.eq(predators_on_board(g2), 0)
  expect.eq(g2.state.home:get(1), 2)
  expect.eq(g2.state.home:get(2), 1)
end)

test("the end: the game ends the moment the river circles are full (15 with 4 players); overflow fish score", function()
  local g = pull_board(4)
  g.state.home:set(2, 14)
  fish(g, "3,-1", { red = 3 })
  predator(g, "2,-1", "caiman")
  g:play("pull 3,-1")
  g:play("school 3,0")
  expect.truthy(g:over(), "the game is over")
  expect.eq(g:moves(), {})
  expect.eq(g.state.home:get(1), 3)
  local r = g:result()
  expect.eq(r.scores[1], 6)
  expect.eq(r.scores[2], 28)
  expect.eq(r.ranks, { 2, 1, 3, 3 })
  expect.eq(g.state.hand1:count(), 0, "the game ended before the tile reached the hand")
end)

test("the end: with 3 players the river holds 12 fish", function()
  local g = pull_board(3)
  g.state.home:set(2, 10)
  fish(g, "3,-1", { red = 1 })
  g:play("pull 3,-1")
  g:play("school 3,0")
  expect.falsy(g:over(), "11 of 12 circles")
  local g2 = pull_board(3)
  g2.state.home:set(2, 11)
  fish(g2, "3,-1", { red = 1 })
  g2:play("pull 3,-1")
  g2:play("school 3,0")
  expect.truthy(g2:over(), "12 of 12 circles")
  expect.eq(g2:result().scores, { 2, 22, 0 })
end)

test("the end: fish still in the flood areas score nothing", function()
  local g = pull_board(4)
  g.state.home:set(2, 14)
  fish(g, "3,-1", { red = 1 })
  fish(g, "4,-1", { red = 5 })
  g:play("pull 3,-1")
  g:play("school 2,0")
  expect.eq(g:result().scores[1], 2)
end)

test("ties: more fish home wins; then more fish eaten of the other tied player; then the tie is shared", function()
  local g = dry(4)
  local s = g.state
  s.home:set(1, 3)                          -- 6 points, 3 home
  s.home:set(2, 2)                          -- 6 points, 2 home, ate 2 of seat 1's
  s.eaten_red:set(2, 2)
  s.turn.over = 1
  expect.eq(g:result().ranks, { 1, 2, 3, 3 })
  local g2 = dry(4)
  s = g2.state
  s.home:set(1, 2); s.eaten_green:set(1, 1); s.eaten_blue:set(1, 1)   -- 6, ate 1 of seat 2's
  s.home:set(2, 2); s.eaten_blue:set(2, 2)                            -- 6, ate none of seat 1's
  s.turn.over = 1
  expect.eq(g2:result().ranks, { 1, 2, 3, 3 })
  local g3 = dry(4)
  s = g3.state
  s.home:set(1, 2); s.eaten_green:set(1, 1)
  s.home:set(2, 2); s.eaten_red:set(2, 1)
  s.turn.over = 1
  expect.eq(g3:result().ranks, { 1, 1, 3, 3 })
end)

test("the pulled tile goes to the hand at the end of the turn; with a tile in hand, keep one and discard the other", function()
  local g, p = pull_board()
  local held = tile_like(g, {})
  give(g, 1, { held })
  g:play("pull 3,-1")
  expect.eq(phase(g), "keep")
  expect.moves(g, { "keep " .. held, "keep " .. p })
  g:play("keep " .. p)
  expect.eq(cards(g, "hand1"), { p })
  expect.truthy(g.state.discard:find(held))
  expect.eq(g:actor(), 2)
end)

test("keep: the tile kept in hand is named only to its owner; the pulled tile, face up, to everyone", function()
  local g, p = pull_board()
  local held = tile_like(g, {})
  give(g, 1, { held })
  g:play("pull 3,-1")
  expect.eq(g:moves(1), { "keep " .. held, "keep " .. p })
  for _, other in ipairs({ 0, 2, 3 }) do
    expect.eq(g:moves(other), { "keep the tile in hand", "keep " .. p }, "as seat " .. other .. " reads them")
  end
  local m = g:play("keep " .. held)
  g:undo()
  expect.eq(g:describe(m), "keep " .. held)       -- the full text: saves, records, parsing
  expect.eq(g:describe(m, 2), "keep the tile in hand")
end)

-- Special actions ------------------------------------------------------------------------

local function holding(g, seat, action)
  local t = tile_like(g, { action = action })
  give(g, seat, { t })
  return t
end

test("predator-move: a predator from a tile shared with fish to an adjacent Flood tile, by water for a caiman; it eats as usual", function()
  local g = pull_board()
  predator(g, "3,-1", "caiman")
  fish(g, "3,-1", { red = 1, green = 1 })
  fish(g, "4,-1", { green = 2 })
  predator(g, "2,-1", "jaguar")              -- alone: not a shared tile
  local t = holding(g, 1, "predator-move")
  expect.moves(g, { "action predator-move 3,-1", "pull 3,-1", "pull 4,-1", "pull 2,-1" })
  g:play("action predator-move 3,-1")
  expect.moves(g, { "caiman 4,-1" })          -- not 2,-1 (forest), not the river
  g:play("caiman 4,-1")
  expect.eq(get(g, "3,-1", "predator"), 0)
  expect.eq(eat_all(g, "green"), 1)
  expect.eq(get(g, "4,-1", "fish"), 1)
  -- the action is spent: now pull, as every turn
  expect.eq(phase(g), "dry")
  expect.moves(g, { "pull 3,-1", "pull 4,-1", "pull 2,-1" })
  expect.truthy(g.state.discard:find(t), "the action tile is discarded")
  expect.eq(g.state.hand1:count(), 0)
end)

test("eat-more: after pulling, a predator eats one more fish than normal; not offered before pulling", function()
  local g = pull_board()
  predator(g, "3,-1", "caiman")
  fish(g, "4,-1", { green = 2 })
  local t = holding(g, 1, "eat-more")
  expect.moves(g, { "pull 3,-1", "pull 4,-1", "pull 2,-1" })
  g:play("pull 3,-1")
  g:play("caiman 4,-1")
  expect.eq(phase(g), "window")
  expect.moves(g, { "action eat-more", "stop" })
  g:play("action eat-more")
  expect.eq(eat_all(g, "green"), 2)
  expect.eq(get(g, "4,-1", "fish"), 0)
  expect.truthy(g.state.discard:find(t))
  expect.eq(g.state.hand1:count(), 1, "the pulled tile")
  -- without it: one fish
  local g2 = pull_board()
  predator(g2, "3,-1", "caiman")
  fish(g2, "4,-1", { green = 2 })
  holding(g2, 1, "eat-more")
  g2:play("pull 3,-1")
  g2:play("caiman 4,-1")
  g2:play("stop")
  expect.eq(eat_all(g2, "green"), 1)
end)

test("eat-more: every predator that eats this turn eats one more", function()
  local g = pull_board()
  fish(g, "3,-1", { red = 1 })
  predator(g, "3,-1", "jaguar")
  predator(g, "4,-1", "caiman")
  fish(g, "4,-1", { green = 1 })
  fish(g, "2,-1", { green = 3 })
  holding(g, 1, "eat-more")
  g:play("pull 3,-1")
  g:play("school 4,-1")                      -- the caiman now shares with 2 fish
  g:play("jaguar 2,-1")                      -- over the forest, onto 3 fish
  g:play("action eat-more")
  g:play("eat green")                        -- the jaguar at 2,-1 (board order) eats 2
  g:play("eat green")
  expect.eq(get(g, "2,-1", "fish"), 1)
  expect.moves(g, { "eat red", "eat green" })  -- then the caiman at 4,-1, 2 as well
  g:play("eat red")
  g:play("eat green")
  expect.eq(get(g, "4,-1", "fish"), 0)
  expect.eq(g:actor(), 2)
end)

test("fish-move: your fish leave a tile shared with other colours or a predator, by water, to an adjacent Flood tile", function()
  local g = pull_board()
  fish(g, "3,-1", { red = 1, green = 1 })
  lay(g, "1,1", "~~~~~~")
  lay(g, "0,1", "~~~~~~")
  fish(g, "1,1", { red = 1 })                -- alone: not shared, though 0,1 lies by water
  lay(g, "4,1", "~~~~~~")
  lay(g, "5,1", "~~~~~~")
  fish(g, "4,1", { red = 2 })
  predator(g, "4,1", "jaguar")               -- shared with a predator
  holding(g, 1, "fish-move")
  expect.legal(g, "action fish-move 3,-1")
  expect.legal(g, "action fish-move 4,1")
  expect.illegal(g, "action fish-move 1,1")
  g:play("action fish-move 3,-1")
  expect.moves(g, { "school 4,-1" })         -- not 2,-1 (forest), not the river
  g:play("school 4,-1")
  expect.eq(fish_on(g, "3,-1"), { green = 1 })
  expect.eq(fish_on(g, "4,-1"), { red = 1 })
  expect.eq(phase(g), "dry")
  for _, m in ipairs(g:moves()) do expect.eq(m:match("^%a+"), "pull") end
end)

test("fish-move: a predator on the tile the fish reach may eat", function()
  local g = pull_board()
  fish(g, "3,-1", { red = 1, green = 1 })
  predator(g, "4,-1", "caiman")
  fish(g, "4,-1", { blue = 1 })
  holding(g, 1, "fish-move")
  g:play("action fish-move 3,-1")
  g:play("school 4,-1")
  expect.moves(g, { "eat red", "eat blue" })
end)

test("piranha-three: piranhas eat with only three fish present, played before or after pulling", function()
  local function board()
    local g = pull_board()
    predator(g, "3,-1", "piranhas")
    fish(g, "4,-1", { green = 3 })
    holding(g, 1, "piranha-three")
    return g
  end
  local before = board()
  expect.legal(before, "action piranha-three")
  before:play("action piranha-three")
  expect.moves(before, { "pull 3,-1", "pull 4,-1", "pull 2,-1" })
  before:play("pull 3,-1")
  before:play("piranhas 4,-1")
  expect.eq(eat_all(before, "green"), 2)
  local after = board()
  after:play("pull 3,-1")
  after:play("piranhas 4,-1")
  expect.moves(after, { "action piranha-three", "stop" })
  after:play("action piranha-three")
  expect.eq(eat_all(after, "green"), 2)
  expect.eq(get(after, "4,-1", "fish"), 1)
  local without = board()
  without:play("pull 3,-1")
  without:play("piranhas 4,-1")
  without:play("stop")
  expect.eq(get(without, "4,-1", "fish"), 3)
end)

test("caiman-land: a caiman from a tile shared with fish, or from the pulled tile, moves over land", function()
  local g = pull_board()
  predator(g, "3,-1", "caiman")
  fish(g, "3,-1", { red = 1 })
  holding(g, 1, "caiman-land")
  g:play("action caiman-land 3,-1")
  expect.moves(g, { "caiman 4,-1", "caiman 2,-1" })   -- over the forest too; never into the river
  g:play("caiman 2,-1")
  expect.eq(get(g, "2,-1", "predator"), PREDATOR.caiman)
  expect.eq(phase(g), "dry")
  -- with pulling: the pulled tile's caiman
  local g2 = pull_board()
  predator(g2, "3,-1", "caiman")
  holding(g2, 1, "caiman-land")
  expect.moves(g2, { "pull 3,-1", "pull 4,-1", "pull 2,-1" })   -- a lone caiman shares nothing
  g2:play("pull 3,-1")
  expect.moves(g2, { "caiman 4,-1", "caiman 3,0", "caiman 2,0", "action caiman-land" })
  g2:play("action caiman-land")
  expect.moves(g2, { "caiman 4,-1", "caiman 3,0", "caiman 2,0", "caiman 2,-1" })
  g2:play("caiman 2,-1")
  expect.eq(get(g2, "2,-1", "predator"), PREDATOR.caiman)
end)

test("jaguar-two: a jaguar from a tile shared with fish, or from the pulled tile, goes up to two Flood tiles, never across the river", function()
  local g = pull_board()
  lay(g, "5,-1", "~~~~~~")
  lay(g, "3,1", "~~~~~~")                    -- two steps away, but across the river
  predator(g, "3,-1", "jaguar")
  fish(g, "3,-1", { red = 1 })
  holding(g, 1, "jaguar-two")
  g:play("action jaguar-two 3,-1")
  expect.moves(g, { "jaguar 4,-1", "jaguar 5,-1", "jaguar 2,-1" })
  g:play("jaguar 5,-1")
  expect.eq(get(g, "5,-1", "predator"), PREDATOR.jaguar)
  local g2 = pull_board()
  lay(g2, "5,-1", "~~~~~~")
  predator(g2, "3,-1", "jaguar")
  holding(g2, 1, "jaguar-two")
  g2:play("pull 3,-1")
  expect.moves(g2, { "jaguar 4,-1", "jaguar 3,0", "jaguar 2,0", "jaguar 2,-1", "action jaguar-two" })
  g2:play("action jaguar-two")
  expect.moves(g2, { "jaguar 4,-1", "jaguar 3,0", "jaguar 2,0", "jaguar 2,-1", "jaguar 5,-1" })
end)

--- A north corner where no tile can be pulled: a spiral waterway from the
--- river through 3,-1, 4,-2, 4,-3, 3,-3, 2,-2 into 3,-2, which lies
--- enclosed; 2,-1 touches only the river by water. Every tile that could
--- slide out is the only link of the tiles behind it.
local function locked_board()
  local g = dry()
  lay(g, "3,-1", "#~~##~")
  lay(g, "4,-2", "##~#~#")
  lay(g, "4,-3", "#~#~##")
  lay(g, "3,-3", "~#~###")
  lay(g, "2,-2", "~####~")
  lay(g, "3,-2", "###~##")
  lay(g, "2,-1", "#~~###")
  return g
end

test("no tile can be pulled: a player who can act must; one who cannot is passed over; when nobody can, the game ends", function()
  local g = locked_board()
  expect.eq(g.state.map:count({ tile = { 1, 36 } }), 7)
  predator(g, "2,-2", "jaguar")
  fish(g, "2,-2", { red = 1 })
  fish(g, "3,-3", { red = 1, blue = 1 })
  holding(g, 1, "jaguar-two")
  holding(g, 2, "piranha-three")                          -- only ever played with a pull
  holding(g, 3, "fish-move")
  expect.moves(g, { "action jaguar-two 2,-2" })          -- no pull, and the action is not optional
  g:play("action jaguar-two 2,-2")
  expect.moves(g, { "jaguar 3,-2", "jaguar 2,-1", "jaguar 3,-3", "jaguar 3,-1", "jaguar 4,-2", "jaguar 4,-3" })
  g:play("jaguar 3,-3")
  expect.eq(g:actor(), 3)                                 -- seat 2 can do nothing: passed over
  expect.moves(g, { "action fish-move 3,-3" })
  g:play("action fish-move 3,-3")
  expect.moves(g, { "school 4,-3", "school 2,-2" })
  g:play("school 4,-3")
  expect.truthy(g:over(), "nobody can pull or act")
  expect.eq(g:result().scores, { 0, 0, 0, 0 })
end)

test("the game ends when the last tile has been pulled and nobody can act", function()
  local g = dry()
  local p = lay(g, "3,-1", "~~~~~~")
  g:play("pull 3,-1")
  expect.eq(cards(g, "hand1"), { p })
  expect.truthy(g:over())
  expect.truthy(g:result())
end)

-- What a person sees ----------------------------------------------------------------------

test("render: the map shows sides, fish by colour, free circles, predators and the river circles", function()
  local g = flood(4)
  lay(g, "3,-1", "~~~###", { circles = 3 })
  fish(g, "3,-1", { red = 1, green = 1 })
  predator(g, "3,-1", "caiman")
  local text = g:render(0)
  expect.truthy(text:find("3,-1", 1, true))
  expect.truthy(text:find("C rgo", 1, true), "predator, fish, one free circle")
  expect.truthy(text:find("ooooo", 1, true), "five river circles a scoring tile with 4 players")
  expect.truthy(text:find("River circles: 0 of 15 taken", 1, true))
  local g3 = open(3)
  expect.truthy(g3:render(0):find("River circles: 0 of 12 taken", 1, true))
  expect.falsy(g3:render(0):find("ooooo", 1, true), "four circles with 3 players")
end)

test("render: a hand is shown only to its owner", function()
  local g = open(4)
  local t = { g.state.hand2:cards() }
  local mine = g:render(2)
  local theirs = g:render(1)
  local nobody = g:render(0)
  local shown = t[1] .. " [" .. TILES[t[1]].sides .. "]"
  expect.truthy(mine:find(shown, 1, true), "seat 2 sees its tile")
  expect.falsy(theirs:find(shown, 1, true), "seat 1 does not")
  expect.falsy(nobody:find(shown, 1, true), "an onlooker does not")
  expect.truthy(theirs:find("hand: 3 tiles", 1, true))
  -- in the dry phase the hand holds a tile for its back: its action
  local d = dry(4)
  local t2 = tile_like(d, { action = "jaguar-two" })
  give(d, 2, { t2 })
  expect.truthy(d:render(2):find("hand: " .. t2 .. " jaguar-two", 1, true))
  expect.falsy(d:render(1):find("jaguar-two", 1, true))
end)
