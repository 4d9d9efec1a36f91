--- What the players of Flooded Forest read and see: the map and the seats
--- as text (render), the moves' texts (describe, parse), why a typed move
--- is refused (why), and how the host draws the map as a picture (look).
local turns = require "grove.turns"
local draw = require "grove.render"
local map = require "map"
local P = require "pieces"
local T = require "turn"
local PHASES = require "phases"
local flood = require "flood"

local TILES, NONE, WATER, FOREST, OPPOSITE = map.TILES, map.NONE, map.WATER, map.FOREST, map.OPPOSITE
local NORTH, SOUTH, RIVER, RIVER_TILE, DIRECTIONS = map.NORTH, map.SOUTH, map.RIVER, map.RIVER_TILE, map.DIRECTIONS
local SCORING_RIVER, CIRCLES_ON_SCORING_TILE, SAME_TURN = map.SCORING_RIVER, map.CIRCLES_ON_SCORING_TILE, map.SAME_TURN
local is_river, tile_at = map.is_river, map.tile_at
local COLOUR, COLOUR_LETTER, PREDATOR, PREDATOR_LETTER = P.COLOUR, P.COLOUR_LETTER, P.PREDATOR, P.PREDATOR_LETTER
local CAIMAN, PIRANHAS, JAGUAR, ACTIONS, ACTION_TEXT, ACTION_OF = P.CAIMAN, P.PIRANHAS, P.JAGUAR, P.ACTIONS,
  P.ACTION_TEXT, P.ACTION_OF
local HAND, EATEN, hand, deck, room, score = P.HAND, P.EATEN, P.hand, P.deck, P.room, P.score
local fish_home_total, river_circles = P.fish_home_total, P.river_circles
local STAGE, PHASE, MOVE = T.STAGE, T.PHASE, T.MOVE

-- Move texts ---------------------------------------------------------------------

--- The text of a move that names a hex: "pull 3,-1".
local function on_hex(word)
  return function(s, h) return word .. " " .. s.map:name(h) end
end

--- Each kind of move's text, from its arguments (place TILE HEX TURN ...);
--- as `viewer` reads it (a seat, 0: an onlooker), keeping the tile in hand
--- does not name it to those who do not see that hand (the pulled tile,
--- face up, and a discarded tile are everyone's to see). Without a viewer,
--- the full text.
local DESCRIBE = {
  place = function(s, tile, h, k) return string.format("place %d r%d %s", tile, k, s.map:name(h)) end,
  discard = function(_, tile) return string.format("discard %d", tile) end,
  keep = function(s, tile, _, _, viewer)
    if viewer ~= nil and s.pulled:peek() ~= tile then
      local held = HAND[turns.seat(s)] and hand(s, turns.seat(s))
      if not (held and held:visible_to(viewer)) then return "keep the tile in hand" end
    end
    return string.format("keep %d", tile)
  end,
  stop = function() return "stop" end,
  eat = function(_, colour) return "eat " .. (COLOUR[colour] or tostring(colour)) end,
  action = function(s, action, h)
    local name = ACTIONS[action] or tostring(action)
    if h == 0 then return "action " .. name end
    return string.format("action %s %s", name, s.map:name(h))
  end,
  fish = on_hex("fish"), school = on_hex("school"), pull = on_hex("pull"),
  caiman = on_hex("caiman"), piranhas = on_hex("piranhas"), jaguar = on_hex("jaguar"),
}

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
  local problem = flood.placement_problem(s, turns.seat(s), tile, k, h)
  if problem then return nil, "place " .. tile .. ": " .. problem end
  return grove.move(MOVE.place, tile, h, SAME_TURN[tile][k])
end

--- Why a typed move of another phase is refused ("not now: ..."); the
--- placements' reasons are parse's; nil leaves the rest to the host, which
--- names the legal moves of that kind.
local function why(s, text)
  return PHASES.not_now(s, MOVE[text:lower():match("^%s*(%a+)") or ""])
end

-- Drawing the map ------------------------------------------------------------------
--
-- Each hex is 8 characters wide; rows are offset by half a hex. Edges show
-- the terrain of the side: ~ water, # forest, . no tile on either side.

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

--- The map as text: every hex with its edges, its name and its pieces.
local function draw_map(s)
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

local function tile_text(tile, stage)
  local t = TILES[tile]
  if stage == STAGE.dry then
    return string.format("%d %s (%s)", tile, ACTIONS[ACTION_OF[tile]], ACTION_TEXT[ACTION_OF[tile]])
  end
  return string.format("%d [%s] %d circle%s, back: %s", tile, t.sides, t.circles,
    t.circles == 1 and "" or "s", t.action)
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
    local prompt = PHASES.prompt(s, seat)
    lines[#lines + 1] = string.format("%s %-6s: %2d points; fish left %d, home %d, eaten %d (%d own)%s",
      draw.seat(seat, "Seat " .. seat), COLOUR[seat], score(s, seat), s.supply:get(seat), s.home:get(seat), eaten, own,
      prompt and "   <- " .. prompt or "")
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
--- predators by letter, each hex by its name as moves write it (3,-1);
--- the free circles of a tile in the flood phase and the river's scoring
--- circles (taken: a fish came home); a tile in hand as a hex with its
--- sides, its circles and its action, named by its number. A click on a
--- tile looks for its number and its action in the move texts, on a fish
--- for its colour ("eat red"). The seats' colours are their fish's; each
--- seat's points and what it is to do head its panel.
local SIDE_LOOK = { [WATER] = { color = "#2f7fc1", label = "water side" },
                    [FOREST] = { color = "#2e6b30", label = "forest side" } }
local TILE_FACE = {}
for tile, t in ipairs(TILES) do
  local sides = {}
  for d = 1, DIRECTIONS do sides[d] = SIDE_LOOK[t.sides:sub(d, d) == "~" and WATER or FOREST] end
  local action = ACTIONS[ACTION_OF[tile]]
  TILE_FACE[tile] = {
    label = tostring(tile), key = { tostring(tile), "action " .. action }, color = "#d7e9bd",
    sides = sides, glyph = string.rep("○", t.circles), detail = action,
    fields = { { "sides", t.sides .. " (e, se, sw, w, nw, ne; ~ water, # forest)" }, { "circles", t.circles },
               { "back", action .. ": " .. ACTION_TEXT[ACTION_OF[tile]] } },
  }
end

--- The river's scoring circles on hex h, taken and free (nil off them).
local function river_circles_at(s, h)
  if not is_river(s, h) then return nil end
  local q = s.map:qr(h)
  local circles, before = CIRCLES_ON_SCORING_TILE[s.players], 0
  for _, scoring in ipairs(SCORING_RIVER) do
    if q == scoring then
      local taken = math.max(0, math.min(circles, fish_home_total(s) - before))
      return taken, circles - taken
    end
    before = before + circles
  end
  return nil
end

-- mutate: off (the picture: how the board is drawn and clicked, no rule)
local LOOK = {
  seats = { "#d62728", "#2ca02c", "#1f77b4", "#9467bd" },
  cards = function(tile) return TILE_FACE[tile] end,
  map = {
    cell = 66,
    area = { [NORTH] = { fill = "#e6edd2", label = "north bank" }, [SOUTH] = { fill = "#e9e4cf", label = "south bank" },
             [RIVER] = { fill = "#b9d7ee", label = "river" } },
    tile = { [RIVER_TILE] = false, other = { glyph = "", label = "flood tile", fill = "#cfe3b0" } },
    fish = false, touching = false, faces = false,
    red = { count = true, color = "#d62728", scale = 0.75, label = "red fish", key = "red" },
    green = { count = true, color = "#2ca02c", scale = 0.75, label = "green fish", key = "green" },
    blue = { count = true, color = "#1f77b4", scale = 0.75, label = "blue fish", key = "blue" },
    purple = { count = true, color = "#9467bd", scale = 0.75, label = "purple fish", key = "purple" },
    predator = { [CAIMAN] = { glyph = "C", color = "#556b2f", label = "caiman" },
                 [PIRANHAS] = { glyph = "P", color = "#b03a2e", label = "piranhas" },
                 [JAGUAR] = { glyph = "J", color = "#c98b0b", label = "jaguar" } },
    hungry = { glyph = "!", label = "hungry" },
    sides = { side = SIDE_LOOK },
    circles = { each = true, glyph = "", color = "#fffdf5", scale = 0.7, label = "free circle",
                value = function(s, h)
                  local tile = tile_at(s, h)
                  if s.play.stage ~= STAGE.flood or not TILES[tile] then return nil end
                  return math.max(0, room(s, h))
                end },
    home_circles = { each = true, glyph = "★", color = "#f2c12e", scale = 0.75, label = "river circle taken (a fish home)",
                     value = function(s, h) return (river_circles_at(s, h)) end },
    free_home_circles = { each = true, glyph = "", color = "#eaf3fb", scale = 0.75, label = "river circle free",
                          value = function(s, h) return select(2, river_circles_at(s, h)) end },
  },
  unused = false,
  supply = { label = "fish in supply" },
  home = { label = "fish home" },
  standing = {
    label = "points",
    score = score,
    status = function(s, seat)
      local prompt = PHASES.prompt(s, seat)
      return COLOUR[seat] .. " fish" .. (prompt and ("; now: " .. prompt) or "")
    end,
  },
}
-- mutate: on

return {
  DESCRIBE = DESCRIBE,
  parse = parse,
  why = why,
  render = render,
  LOOK = LOOK,
}
