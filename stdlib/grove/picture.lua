--- grove.picture — any game drawn as SVG from its components.
---
--- The host calls picture.svg(s, look, view) for `picture FILE.svg`,
--- `grove show`, the replay page and `grove serve`; a rule script does not
--- call it. Every component a script declared is drawn by its kind: square
--- grids and hex boards (with their side fields, each hex named as the
--- moves write it), graphs, card zones (faces only where the viewer may
--- see them: the same rule as the text render), dice, pools; what belongs
--- to one seat (a zone it owns, a board or pool per seat) in that seat's
--- panel, headed by its standing. Vars are the script's bookkeeping, drawn
--- only where the look says `show = true`. What the last move changed
--- (the host compares the states before and after it) is marked: a halo
--- on the places, cards and dice it changed, a counter's change beside it
--- ("nuts 5 (+2)"), and a line naming the move under the title.
---
--- A game may give a small `look` table in its definition saying how its
--- values read; everything has a plain default, so a game without one is
--- drawn all the same. By component name (a per-seat name without its seat
--- number: `forest` for forest1, forest2 ...), then by field:
---
---   look = {
---     cards = function(card) return { label = CARDS[card].name, color = "#8c6" } end,
---     backs = { [1] = { label = "roots" } },        -- what a face-down card shows
---     board = {
---       tree = { { glyph = "♣", label = "seedling" }, { glyph = "♣♣", label = "sapling" } },
---       logger = { seat = true, glyph = "L", label = "logger" },  -- the value is a seat
---       corner = { fill = "#eee", label = "corner" },               -- any value but 0
---       fish = { count = true, glyph = "●", color = "#36c" },       -- the value is a count
---       card = "card",                          -- the value is a card (drawn by look.cards)
---       spawner = false,                        -- not drawn
---     },
---     map = { sides = { side = { [1] = { color = "#48f", label = "water" } } } },  -- a hex board's side fields
---     paths = { at = function(s, node) return x, y end,       -- a graph: where each node is drawn
---               name = function(s, node) return "c3" end,    -- and its name (default: its number)
---               edges = { snake = { color = "#6b8e23" } } }, -- an edge field's look
---     cup = { faces = { star = { glyph = "★", color = "#fc3" } } },
---     score = { label = "points" },             -- a pool's caption; false hides a component
---     forest = { cell = 64, columns = "numbers" },  -- a grid's cells in pixels (default 44; a
---                                               -- hex's width, a graph's node spacing); columns
---                                               -- numbered, not lettered
---     track = { columns = { 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 }, rows = false },
---                                               -- a grid's axis labels: "letters" (columns' default),
---                                               -- "numbers" (rows'), a list, function(s, n) or false
---     land = { owner = { tint = true, label = "owner" } },  -- the value is a seat: the place is
---                                               -- tinted in its colour ("owner of seat 2")
---     hand = { sort = "label" },                -- a zone's faces drawn in order: true (by card),
---                                               -- "label", or function(card) -> a number or text
---     seats = { "#d62728", "#2ca02c" },         -- the seats' colours (default: red, blue, green ...)
---     pile = { show = true, stones = { count = true, color = "#888" } },  -- vars shown, one as tokens
---     sea = { coords = false },                 -- a hex board without the hexes' names
---     ocean = { fish = { count = true, each = true, color = "#36c" },     -- a count drawn as that many
---               circles = { value = function(s, hex) return 2 end, each = true },  -- a computed field
---               diver = { seat = true, glyph = "D", value = function(s, hex) return { 1, 3 } end,
---                         key = function(seat) return "diver " .. seat end } },  -- one piece a value
---     island = { key = "label",                 -- a click on its card looks for "island 3"
---                unrevealed = function(s, at) return s.day.open < 3 end },  -- drawn face down
---     tableau = { key = function(s, at) return "^exhaust " .. at.position .. "$" end,
---                 mark = function(s, at) return tired(s, at.seat, at.position) and "exhausted" end },
---     pending = { cards = function(code) return { label = ... } end },  -- this zone's own faces
---     standing = { label = "points", score = function(s, seat) return points(s, seat) end,
---                  status = function(s, seat) return "asleep" end },    -- each seat's panel heads
---   }
---
--- A field's look is one entry for every value but 0, or entries by value
--- ({ [1] = ..., [2] = ..., other = ... }; false leaves a value undrawn).
---
--- An entry (glyph, color, label, fill, scale, glyph_color) draws a piece:
--- the glyph on a disc of the color (scale 0.3..1 of the place's size), or
--- the place filled with `fill`; the label is its tooltip and its line in
--- the legend. The glyph is white or near black, whichever contrasts more
--- with its disc (picture.text_on), unless glyph_color names its colour;
--- so is a card's label on its colour, a die's face, a seat's header.
--- `each = true` draws a count as that many pieces. An entry with
--- `value = function(s, place)` is a computed field, drawn after the
--- component's own: the function gives the value to draw (an integer, a
--- list of them, one piece each, or nil), as the owner of each fairy on
--- a tree, the free circles of a tile. A zone's `sort` orders only how its
--- faces are drawn: the zone, its moves and what each seat may see are
--- the same.
---
--- A card's entry (look.cards, a zone's own `cards` function) may also give
--- `key` (what a click on it looks for, below), `detail` (a short line
--- under its label: its cost), `fields` ({ {"cost", "2 stamina"}, ... })
--- and `text` (its whole text): its tooltip, and grove serve's zoom, show
--- the label, each field and the text. With `sides` (six entries
--- {color =, label =} or false, from the east side clockwise, as a hex
--- board's) the card draws as a hex with its sides (a tile). A name too
--- long for its chip wraps to two lines or is squeezed: never cut. A
--- zone's `mark(s, at)` gives a card's state ("exhausted"), drawn over it;
--- its `unrevealed(s, at)` (true, or a text saying why) draws the zone face
--- down, whatever it holds. Their `at` is {component =, seat = (the seat
--- it belongs to, 0: shared), actor =, viewer =, position = (from the top,
--- 1 the top card, as zone:peek counts), card = (nil face down), name =}.
---
--- What a click looks for at `grove serve`: each place, piece, card and
--- seat header carries the phrases a move text uses for it (data-key), and
--- the page plays the move that names all that was clicked. A place is
--- named as the moves write it (a square's "c3", a hex's "1,-1", a node's
--- name, a path's "b2-c2") unless its component's `key` says "column" or
--- "row" (its axis label) or is a function(s, at) with at.place and
--- at.name; a card by its entry's `key` (a text or a list), else its label,
--- unless its zone's `key` says "label" (the zone's caption, "island 3")
--- or is a function(s, at); a piece by its entry's `key` (a text, or a
--- function of the value); a seat's header by "seat N"; false: no click. A
--- phrase is whole words of a move text ("*" for any one word); "^" before
--- it and "$" after it tie it to the text's start and end ("^exhaust 2$" is
--- not "exhaust 2 of seat 1"); a list gives several. Name them as the
--- moves do.
---
--- look.standing heads each seat's panel: score(s, seat) (a number, with
--- the label: "12 points"; data-score on the panel) and status(s, seat)
--- (a text: what the seat is doing, what it is to do), as the game reckons
--- them; without it the panels show the seat's counters only.
---
--- A colour (color, fill, glyph_color, seats) is #rgb, #rrggbb, #rgba or #rrggbbaa,
--- rgb(r, g, b) or rgba(r, g, b, a), a CSS colour name ("steelblue") or
--- "none"; a look with any other is refused when the game loads (grove
--- check, play, show ...), naming the field: "look.seats[1] is 'red;',
--- not a colour". Texts (labels, glyphs, titles, names) may hold anything:
--- they are escaped, and bytes that are not UTF-8 are drawn as U+FFFD;
--- runs of blanks are kept as written. A look key that names a field (a
--- field called "key" or "mark") keeps its field's look when it is a table.
local M = {}

M.SEAT_COLORS = { "#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#17becf", "#bcbd22" }

local CELL = 44            -- a square's side, a hex's width
local CARD_W, CARD_H = 84, 30
local GAP = 16
local WIDTH = 980          -- where the flow of panels wraps

-- Text -------------------------------------------------------------------------
--
-- Everything written into a picture, attribute or character data, goes
-- through M.escape: the text made valid UTF-8 that XML allows (M.text),
-- then its five special characters escaped. So a label, a card's name, a
-- move text or a title from a script cannot end an attribute or open an
-- element, and the SVG is well-formed XML whatever bytes the script gave.

local REPLACEMENT = "\u{FFFD}"

-- One byte that is not part of a valid character becomes U+FFFD; the rest
-- of the text is looked at again from the next byte (as the JSON writer of
-- grove serve does).
local function replace_invalid(text)
  local out, pos = {}, 1
  while true do
    local n, bad = utf8.len(text, pos)
    if n then
      out[#out + 1] = text:sub(pos)
      return table.concat(out)
    end
    out[#out + 1] = text:sub(pos, bad - 1)
    out[#out + 1] = REPLACEMENT
    pos = bad + 1
  end
end

--- Text in valid UTF-8: each byte of text that is not part of a valid
--- UTF-8 character (a stray byte, a character cut short, an overlong form,
--- a surrogate, a code point past U+10FFFF) replaced by U+FFFD. Valid text
--- comes back as it was. (The replay page's JSON writes its strings so.)
---@param text string
---@return string text
function M.utf8(text)
  if not text:find("[\128-\255]") or utf8.len(text) then return text end
  return replace_invalid(text)
end

--- A value as text that XML allows, in valid UTF-8: tostring(value), with
--- each byte that is not part of a valid UTF-8 character (a stray byte, a
--- character cut short, an overlong form, a surrogate) replaced by U+FFFD,
--- as are U+FFFE and U+FFFF, which XML forbids; control characters but
--- tab, newline and return are dropped. Text that is already so comes back
--- as it was.
---@param value any
---@return string text
function M.text(value)
  local text = tostring(value)
  if text:find("[%z\1-\8\11\12\14-\31]") then text = text:gsub("[%z\1-\8\11\12\14-\31]", "") end
  if not text:find("[\128-\255]") then return text end
  text = M.utf8(text)
  if text:find("\239\191[\190\191]") then text = text:gsub("\239\191[\190\191]", REPLACEMENT) end
  return text
end
local clean = M.text

local ESCAPES = { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;", ["'"] = "&#39;" }

--- A value made safe for SVG/XML, as character data or inside an attribute
--- in double or single quotes: picture.text, then & < > " ' escaped.
---@param value any
---@return string escaped
function M.escape(value)
  return (clean(value):gsub("[&<>\"']", ESCAPES))
end
local esc = M.escape

-- Text cut in bytes by a caller (grove show and grove serve keep 120
-- bytes of the result line) may end in the first bytes of a character:
-- drop them, so the line ends at a character, not at U+FFFD.
local function whole_characters(text)
  local n = #text
  for back = 0, math.min(3, n - 1) do
    local b = text:byte(n - back)
    if b < 0x80 then return text end                   -- ASCII: nothing is cut
    if b >= 0xc0 then                                  -- the last character's first byte
      local length = b >= 0xf0 and 4 or b >= 0xe0 and 3 or 2
      if back + 1 < length then return text:sub(1, n - back - 1) end
      return text
    end
  end
  return text
end

-- Colours ------------------------------------------------------------------------
--
-- A colour from the look is written into a fill or stroke attribute only
-- when it is one of: #rgb, #rgba, #rrggbb, #rrggbbaa; rgb(...) or rgba(...)
-- of 3 or 4 numbers (a percent sign allowed); a CSS colour name
-- (case does not matter); none. Any other value is refused with an error
-- naming the look's field, both when the game loads (game.define and
-- game.extend ask M.look_problem) and when a picture is drawn (a colour a
-- look function returns).

local NAMES = {}   -- a CSS colour name -> its rrggbb ("" for transparent and none)
for name, hex in ([[aliceblue=f0f8ff antiquewhite=faebd7 aqua=00ffff aquamarine=7fffd4 azure=f0ffff beige=f5f5dc
  bisque=ffe4c4 black=000000 blanchedalmond=ffebcd blue=0000ff blueviolet=8a2be2 brown=a52a2a
  burlywood=deb887 cadetblue=5f9ea0 chartreuse=7fff00 chocolate=d2691e coral=ff7f50
  cornflowerblue=6495ed cornsilk=fff8dc crimson=dc143c cyan=00ffff darkblue=00008b darkcyan=008b8b
  darkgoldenrod=b8860b darkgray=a9a9a9 darkgreen=006400 darkgrey=a9a9a9 darkkhaki=bdb76b
  darkmagenta=8b008b darkolivegreen=556b2f darkorange=ff8c00 darkorchid=9932cc darkred=8b0000
  darksalmon=e9967a darkseagreen=8fbc8f darkslateblue=483d8b darkslategray=2f4f4f darkslategrey=2f4f4f
  darkturquoise=00ced1 darkviolet=9400d3 deeppink=ff1493 deepskyblue=00bfff dimgray=696969
  dimgrey=696969 dodgerblue=1e90ff firebrick=b22222 floralwhite=fffaf0 forestgreen=228b22
  fuchsia=ff00ff gainsboro=dcdcdc ghostwhite=f8f8ff gold=ffd700 goldenrod=daa520 gray=808080
  green=008000 greenyellow=adff2f grey=808080 honeydew=f0fff0 hotpink=ff69b4 indianred=cd5c5c
  indigo=4b0082 ivory=fffff0 khaki=f0e68c lavender=e6e6fa lavenderblush=fff0f5 lawngreen=7cfc00
  lemonchiffon=fffacd lightblue=add8e6 lightcoral=f08080 lightcyan=e0ffff lightgoldenrodyellow=fafad2
  lightgray=d3d3d3 lightgreen=90ee90 lightgrey=d3d3d3 lightpink=ffb6c1 lightsalmon=ffa07a
  lightseagreen=20b2aa lightskyblue=87cefa lightslategray=778899 lightslategrey=778899
  lightsteelblue=b0c4de lightyellow=ffffe0 lime=00ff00 limegreen=32cd32 linen=faf0e6 magenta=ff00ff
  maroon=800000 mediumaquamarine=66cdaa mediumblue=0000cd mediumorchid=ba55d3 mediumpurple=9370db
  mediumseagreen=3cb371 mediumslateblue=7b68ee mediumspringgreen=00fa9a mediumturquoise=48d1cc
  mediumvioletred=c71585 midnightblue=191970 mintcream=f5fffa mistyrose=ffe4e1 moccasin=ffe4b5
  navajowhite=ffdead navy=000080 oldlace=fdf5e6 olive=808000 olivedrab=6b8e23 orange=ffa500
  orangered=ff4500 orchid=da70d6 palegoldenrod=eee8aa palegreen=98fb98 paleturquoise=afeeee
  palevioletred=db7093 papayawhip=ffefd5 peachpuff=ffdab9 peru=cd853f pink=ffc0cb plum=dda0dd
  powderblue=b0e0e6 purple=800080 rebeccapurple=663399 red=ff0000 rosybrown=bc8f8f royalblue=4169e1
  saddlebrown=8b4513 salmon=fa8072 sandybrown=f4a460 seagreen=2e8b57 seashell=fff5ee sienna=a0522d
  silver=c0c0c0 skyblue=87ceeb slateblue=6a5acd slategray=708090 slategrey=708090 snow=fffafa
  springgreen=00ff7f steelblue=4682b4 tan=d2b48c teal=008080 thistle=d8bfd8 tomato=ff6347
  turquoise=40e0d0 violet=ee82ee wheat=f5deb3 white=ffffff whitesmoke=f5f5f5 yellow=ffff00
  yellowgreen=9acd32 transparent= none=]]):gmatch("(%a+)=(%x*)") do
  NAMES[name] = hex
end

local HEX_LENGTHS = { [3] = true, [4] = true, [6] = true, [8] = true }

local colour_ok, colours_known = {}, 0   -- the colours seen to be good (at most 1000, then forgotten)

--- Is value a colour the picture may write: "#" and 3, 4, 6 or 8 hex
--- digits; rgb(...) or rgba(...) of 3 or 4 numbers, each maybe a percent;
--- a CSS colour name, in any case; "transparent" or "none"?
---@param value any
---@return boolean
function M.is_color(value)
  if type(value) ~= "string" then return false end
  if colour_ok[value] then return true end
  local ok
  local digits = value:match("^#(%x+)$")
  if digits then
    ok = HEX_LENGTHS[#digits] == true
  elseif NAMES[value:lower()] then
    ok = true
  else
    local fn, args = value:match("^(rgba?)%(([%d%.%%, ]*)%)$")
    ok = false
    if fn then
      local n = 0
      for arg in (args .. ","):gmatch("([^,]*),") do
        if not arg:match("^ *%d+%.?%d*%%? *$") then n = -1 break end
        n = n + 1
      end
      ok = n == 3 or n == 4
    end
  end
  if ok then
    if colours_known >= 1000 then colour_ok, colours_known = {}, 0 end
    colour_ok[value], colours_known = true, colours_known + 1
  end
  return ok
end

local function not_a_colour(value, where)
  local shown = "a " .. type(value)
  if type(value) == "string" then
    shown = clean(value)
    if utf8.len(shown) > 60 then shown = shown:sub(1, utf8.offset(shown, 61) - 1) .. "…" end
    shown = "'" .. shown .. "'"
  end
  return string.format("%s is %s, not a colour (give #rgb, #rrggbb, rgb(r, g, b) or a CSS colour name such as \"steelblue\")",
    where, shown)
end

--- A colour of the look, escaped for an attribute; raises naming `where`
--- (a look field) when it is no colour. Every colour written goes through
--- here.
local function paint(value, where)
  if not M.is_color(value) then error(not_a_colour(value, where or "a colour of the look"), 0) end
  return esc(value)
end

local function fmt(n)
  if math.type(n) == "integer" then return tostring(n) end
  return string.format("%.1f", n)
end

local BACKGROUND = { 0xfc, 0xfb, 0xf7 }       -- the picture's (#fcfbf7)

--- A colour the picture may write, as it shows: red, green and blue
--- (0..255) with its alpha laid over the picture's background; nil for
--- none and transparent (the background shows).
local function rgb_of(value)
  if not M.is_color(value) then return nil end
  local c, alpha = {}, 1
  local digits = value:match("^#(%x+)$")
  local named = NAMES[value:lower()]
  if digits or named then
    digits = digits or named
    if digits == "" then return nil end
    if #digits <= 4 then digits = digits:gsub("%x", "%0%0") end
    for i = 1, 3 do c[i] = tonumber(digits:sub(2 * i - 1, 2 * i), 16) end
    if #digits == 8 then alpha = tonumber(digits:sub(7, 8), 16) / 255 end
  else
    local i = 0
    for arg in value:match("%((.*)%)"):gmatch("[^,]+") do
      local n, percent = arg:match("^ *([%d%.]+)(%%?) *$")
      i = i + 1
      n = tonumber(n)
      if i <= 3 then c[i] = math.min(255, percent == "%" and n * 2.55 or n)
      else alpha = math.min(1, percent == "%" and n / 100 or n) end
    end
  end
  for i = 1, 3 do c[i] = c[i] * alpha + BACKGROUND[i] * (1 - alpha) end
  return c[1], c[2], c[3]
end

--- The relative luminance (0 black .. 1 white) of red, green, blue 0..255.
local function luminance(r, g, b)
  local function linear(v)
    v = v / 255
    return v <= 0.03928 and v / 12.92 or ((v + 0.055) / 1.055) ^ 2.4
  end
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
end

local LIGHT_TEXT, DARK_TEXT = "#fff", "#222"
local DARK_LUMINANCE = luminance(0x22, 0x22, 0x22)

--- The colour of text or a glyph drawn on `fill` (a colour of the look):
--- white or near black, whichever contrasts more with it (by luminance),
--- so a glyph on a light disc is dark and on a dark one white. On none or
--- transparent, the background shows: near black.
---@param fill string a colour (picture.is_color)
---@return string color "#fff" or "#222"
function M.text_on(fill)
  local r, g, b = rgb_of(fill)
  if not r then return DARK_TEXT end
  local l = luminance(r, g, b)
  return 1.05 / (l + 0.05) >= (l + 0.05) / (DARK_LUMINANCE + 0.05) and LIGHT_TEXT or DARK_TEXT
end

--- A seat's colour made light, to fill a place it owns (look: tint): a
--- third of the colour over the board's own.
local TINT_OVER = { 0xf4, 0xf1, 0xe8 }
local function tint_of(color)
  local r, g, b = rgb_of(color)
  if not r then return "#f4f1e8" end
  local c = { r, g, b }
  for i = 1, 3 do c[i] = math.floor(c[i] * 0.35 + TINT_OVER[i] * 0.65 + 0.5) end
  return string.format("#%02x%02x%02x", c[1], c[2], c[3])
end

-- A line of text; `extra` is attributes written as they are (this file's
-- constants, never a value from the game). Runs of blanks are kept as
-- they are (xml:space), so "points 7   protesters 3" reads as written.
local function text_at(x, y, text, size, color, anchor, extra)
  return string.format('<text x="%s" y="%s" font-size="%s" fill="%s" text-anchor="%s" xml:space="preserve"%s>%s</text>',
    fmt(x), fmt(y), fmt(size), paint(color or "#222"), esc(anchor or "middle"), extra or "", esc(text))
end

--- Shorten text to at most n characters, with an ellipsis (for what a
--- message quotes, never for a name drawn).
local function clip(text, n)
  text = clean(text)
  local len = utf8.len(text) or #text
  if len <= n then return text end
  local cut = utf8.offset(text, n) or n
  return text:sub(1, cut - 1) .. "…"
end

local CHAR_W = 0.6         -- a character's width, in font sizes (DejaVu Sans, about)

local function text_width(text, size)
  return (utf8.len(text) or #text) * size * CHAR_W
end

--- Text drawn whole within `width`, never cut: on one line at `size` when
--- it fits; else on two lines split at the blank nearest its middle, a
--- size smaller; what still does not fit is squeezed to the width
--- (textLength). `y` is the baseline a single line would have; two lines
--- sit around the same middle.
local function fit_text(x, y, text, width, size, color, anchor, extra)
  text = clean(text)
  extra = extra or ""
  if text_width(text, size) <= width then return text_at(x, y, text, size, color, anchor, extra) end
  local squeeze = function(t, s)
    if text_width(t, s) <= width then return "" end
    return string.format(' textLength="%s" lengthAdjust="spacingAndGlyphs"', fmt(width))
  end
  local best, best_len
  local n = utf8.len(text) or #text
  for pos in text:gmatch("() ") do
    local left = utf8.len(text:sub(1, pos - 1)) or pos
    local longer = math.max(left, n - left - 1)
    if not best_len or longer < best_len then best, best_len = pos, longer end
  end
  if not best or size < 8 then return text_at(x, y, text, size, color, anchor, extra .. squeeze(text, size)) end
  local small = math.max(7, size - 1)
  local a, b = text:sub(1, best - 1), text:sub(best + 1)
  local middle = y - 0.35 * size
  return text_at(x, middle - 0.125 * small, a, small, color, anchor, extra .. squeeze(a, small)) ..
    text_at(x, middle + 0.825 * small, b, small, color, anchor, extra .. squeeze(b, small))
end

local seat_colors = M.SEAT_COLORS     -- the look's `seats`, while a picture is drawn

local function seat_color(seat)
  if math.type(seat) ~= "integer" or seat < 1 then return "#888" end
  return seat_colors[(seat - 1) % #seat_colors + 1]
end

-- A box is {w =, h =, parts = {...}}: SVG drawn with its top left at 0,0.

local function box(w, h)
  return { w = w, h = h, parts = {} }
end

local function add(b, ...)
  for i = 1, select("#", ...) do b.parts[#b.parts + 1] = select(i, ...) end
end

local function place(b, inner, x, y)
  add(b, string.format('<g transform="translate(%s,%s)">', fmt(x), fmt(y)))
  for _, p in ipairs(inner.parts) do b.parts[#b.parts + 1] = p end
  add(b, "</g>")
end

--- Boxes side by side, wrapping at `width`; returns one box.
local function flow(boxes, width, gap)
  local out = box(0, 0)
  local x, y, row_h = 0, 0, 0
  for _, b in ipairs(boxes) do
    if x > 0 and x + b.w > width then
      x, y, row_h = 0, y + row_h + gap, 0
    end
    place(out, b, x, y)
    out.w = math.max(out.w, x + b.w)
    row_h = math.max(row_h, b.h)
    x = x + b.w + gap
  end
  out.h = y + row_h
  return out
end

--- Boxes one under the other.
local function stack(boxes, gap)
  local out = box(0, 0)
  local y = 0
  for i, b in ipairs(boxes) do
    place(out, b, 0, y)
    out.w = math.max(out.w, b.w)
    y = y + b.h + (i < #boxes and gap or 0)
  end
  out.h = y
  return out
end

--- A caption above a box.
local function captioned(title, inner, color)
  local out = box(math.max(inner.w, 8 * (utf8.len(title) or #title)), inner.h + 20)
  add(out, text_at(0, 13, title, 13, color or "#333", "start", ' font-weight="bold"'))
  place(out, inner, 0, 20)
  return out
end

-- The look ---------------------------------------------------------------------

--- The look of a component: look[name], else look[name without its seat
--- number]; false when the look hides it.
local function look_of(look, name)
  local l, number = look[name], nil
  if l == nil then
    local stem
    stem, number = name:match("^(.-)_?(%d+)$")
    if stem then l = look[stem] end
  end
  if l == false then return false end
  return type(l) == "table" and l or {}, number
end

--- Is a field's look a map of values (integer keys) rather than one entry?
local function by_value(spec)
  if type(spec) ~= "table" then return false end
  if spec.other ~= nil then return true end
  for k in pairs(spec) do
    if math.type(k) == "integer" then return true end
  end
  return false
end

-- The look's colours, checked once per look table ------------------------------

-- A key as a look path shows it: .name, or [3], or ["two words"].
local function path_key(k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") then return "." .. k end
  if math.type(k) then return "[" .. k .. "]" end
  return string.format("[%q]", clean(k))
end

-- The keys of t in a fixed order (numbers first), so the first problem
-- reported is the same on every run.
local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    local na, nb = type(a) == "number", type(b) == "number"
    if na ~= nb then return na end
    if na then return a < b end
    return tostring(a) < tostring(b)
  end)
  return keys
end

-- An entry's colours (color, fill); nil, or what is wrong.
local function entry_problem(e, where)
  if type(e) ~= "table" then return nil end
  for _, key in ipairs { "color", "fill", "glyph_color" } do
    local c = e[key]
    if c ~= nil and c ~= false and not M.is_color(c) then return not_a_colour(c, where .. "." .. key) end
  end
  return nil
end

-- A field's look: one entry, or entries by value.
local function spec_problem(spec, where)
  if not by_value(spec) then return entry_problem(spec, where) end
  for _, v in ipairs(sorted_keys(spec)) do
    local why = entry_problem(spec[v], where .. path_key(v))
    if why then return why end
  end
  return nil
end

-- A component's look: its fields' looks, its sides' and edges' (maps of
-- field looks) and its dice faces (entries by face).
local SPECS = { sides = true, edges = true }

local AXES = { letters = true, numbers = true }
local KEYS = { name = true, column = true, row = true, card = true, label = true }
-- A component's look keys that are no field's look.
-- A component's look keys that are no field's look unless they are a
-- table (a field named "mark" or "key" keeps its look).
local RESERVED = { sort = true, key = true, mark = true, unrevealed = true, coords = true, cards = true,
                   label = true, cell = true, show = true, at = true, name = true }

local function component_problem(l, where)
  for _, k in ipairs(sorted_keys(l)) do
    local v, at = l[k], where .. path_key(k)
    local why
    if (k == "columns" or k == "rows") and type(v) ~= "table" and type(v) ~= "function" and v ~= false
        and not AXES[v] then
      why = string.format("%s is %s: give \"letters\", \"numbers\", a list of labels, a function(s, n) or false", at,
        type(v) == "string" and ("'" .. clean(v) .. "'") or ("a " .. type(v)))
    elseif k == "sort" and v ~= true and v ~= false and v ~= "label" and type(v) ~= "function" then
      why = string.format("%s is %s: give true (by card), \"label\" or a function(card) returning a key", at,
        type(v) == "string" and ("'" .. clean(v) .. "'") or ("a " .. type(v)))
    elseif k == "key" and type(v) ~= "table" and type(v) ~= "function" and v ~= false and not KEYS[v] then
      why = string.format("%s is %s: give \"name\", \"column\", \"row\" (a board), \"card\", \"label\" (a zone), "
        .. "a function(s, at) or false", at, type(v) == "string" and ("'" .. clean(v) .. "'") or ("a " .. type(v)))
    elseif (k == "mark" or k == "unrevealed") and type(v) ~= "table" and type(v) ~= "function" and v ~= false then
      why = string.format("%s is a %s: give a function(s, at)", at, type(v))
    elseif k == "coords" and type(v) ~= "table" and type(v) ~= "boolean" then
      why = string.format("%s is a %s: give true or false", at, type(v))
    elseif RESERVED[k] and type(v) ~= "table" then
      why = nil                                      -- labels or a function, not a field's look
    elseif (k == "columns" or k == "rows") then
      why = nil                                      -- a list of labels
    elseif SPECS[k] and type(v) == "table" then
      for _, f in ipairs(sorted_keys(v)) do
        why = why or spec_problem(v[f], at .. path_key(f))
      end
    elseif k == "faces" and type(v) == "table" then     -- entries by face: a face may be called "value"
      for _, face in ipairs(sorted_keys(v)) do
        why = why or entry_problem(v[face], at .. path_key(face))
      end
    elseif type(v) == "table" and v.value ~= nil and type(v.value) ~= "function" then
      why = string.format("%s.value is a %s: give a function(s, place) returning the value to draw", at, type(v.value))
    else
      why = spec_problem(v, at)
    end
    if why then return why end
  end
  return nil
end

local look_checked = setmetatable({}, { __mode = "k" })   -- the look tables found sound

--- What is wrong with a game's look table, or nil: it must be a table;
--- `seats`, when given, a list of colours; and every colour (color, fill)
--- of its entries, by component, field and value, its sides, edges, dice
--- faces and the tables of cards and backs, a colour the picture may
--- write (picture.is_color). The answer names the field: "look.seats[1] is
--- '#000\"/>...', not a colour (...)". Colours that look functions return
--- are checked as they are drawn. game.define and game.extend refuse a
--- definition whose look has a problem, so grove check, play and every
--- tool meet it when the game loads.
---@param look any the definition's look
---@return string? problem
function M.look_problem(look)
  if look == nil or look_checked[look] then return nil end
  if type(look) ~= "table" then return "the game's look must be a table" end
  if look.seats ~= nil then
    if type(look.seats) ~= "table" then return "look.seats must be a list of colours, one a seat" end
    for i, c in ipairs(look.seats) do
      if not M.is_color(c) then return not_a_colour(c, "look.seats[" .. i .. "]") end
    end
  end
  if look.standing ~= nil then
    local st = look.standing
    if type(st) ~= "table" then return "look.standing must be a table: {score = function(s, seat), label =, status = function(s, seat)}" end
    for _, f in ipairs { "score", "status" } do
      if st[f] ~= nil and type(st[f]) ~= "function" then
        return string.format("look.standing.%s is a %s: give a function(s, seat)", f, type(st[f]))
      end
    end
  end
  for _, k in ipairs(sorted_keys(look)) do
    local l, why = look[k], nil
    if k == "standing" then
      why = nil
    elseif k == "cards" or k == "backs" then
      if type(l) == "table" then
        for _, n in ipairs(sorted_keys(l)) do
          why = why or entry_problem(l[n], "look." .. k .. path_key(n))
        end
      end
    elseif k ~= "seats" and type(l) == "table" then
      why = component_problem(l, "look" .. path_key(k))
    end
    if why then return why end
  end
  look_checked[look] = true
  return nil
end

-- The legend: every entry drawn, once.
-- shape: "disc" (a piece), "fill" (a place's colour), "line" (a side or
-- an edge), "die", "mark" (the last move's halo).
local function legend_note(ctx, shape, glyph, color, label, glyph_color)
  if not label or label == "" or (ctx.quiet and shape ~= "line") then return end
  if ctx.seen[label] then return end
  ctx.seen[label] = true
  ctx.legend[#ctx.legend + 1] = { shape = shape, glyph = glyph, color = color, label = label, glyph_color = glyph_color }
end

-- Clicks and the last move ------------------------------------------------------
--
-- What a click on the picture looks for in the move texts (grove serve's
-- page, serve/page/board.js) is written on each place, piece, card and
-- seat as data-key: one phrase, or several separated by "|", each read as
-- whole words of a move text ("3,1", "island 3"); "*" stands for any one
-- word, a leading "^" and a trailing "$" tie a phrase to the start and the
-- end of the text ("^exhaust 2$" names "exhaust 2", not "exhaust 2 of
-- seat 1"). What the last move changed (view.changed, from the host's
-- comparison of the states before and after it) is drawn with a halo.

local MARK = "#c026d3"      -- the last move's halo (no seat's colour, nor grove serve's highlights)
local MARK_WIDTH = 4
local MARK_TEXT = "#a21caf"   -- a caption whose zone the last move changed
local CHANGED = ' data-changed="last"'   -- on what the last move changed

--- The data-key attribute of phrases (a phrase or a list of them; nil,
--- false: none). A "|" inside a phrase would split it: it becomes a blank.
local function key_attr(keys)
  if keys == nil or keys == false then return "" end
  if type(keys) ~= "table" then keys = { keys } end
  local parts = {}
  for _, k in ipairs(keys) do
    local text = clean(k):gsub("|", " "):gsub("^%s+", ""):gsub("%s+$", "")
    if text ~= "" then parts[#parts + 1] = text end
  end
  if #parts == 0 then return "" end
  return string.format(' data-key="%s"', esc(table.concat(parts, "|")))
end

--- What a look function of a place or a zone (key, mark, unrevealed) is
--- told: the component's name, the seat it belongs to (0: shared), the
--- seat to play (0: none) and the viewer, and `fields` (place, name,
--- position, card).
local function at_of(ctx, name, fields)
  local at = { component = name, seat = ctx.owner[name] or 0, actor = ctx.actor, viewer = ctx.viewer }
  for k, v in pairs(fields or {}) do at[k] = v end
  return at
end

--- What a key function gave, checked: a phrase (text or number), a list
--- of them, or nil/false for none.
local function checked_keys(keys, where)
  local t = type(keys)
  if keys == nil or keys == false or t == "string" or t == "number" then return keys end
  if t == "table" then
    for _, k in ipairs(keys) do
      if type(k) ~= "string" and type(k) ~= "number" then
        error(string.format("%s gave a list holding a %s: give phrases of the move texts", where, type(k)), 0)
      end
    end
    return keys
  end
  error(string.format("%s gave a %s: give a phrase of the move texts, a list of them, or nil", where, t), 0)
end

--- The places of a board whose look the last move changed: {[place] =
--- true}. A place changed when a field its look draws (not false)
--- changed, or a side field, or it came on or left the board; a change to
--- bookkeeping the look hides (false) is no change to see. `looks` is the
--- look of the fields (and, for a hex board, `sides` of its side fields).
local function changed_of(ctx, name, which, looks, sides)
  local c = ctx.changed[name]
  local places = type(c) == "table" and type(c[which]) == "table" and c[which] or {}
  local seen = {}
  for where, fields in pairs(places) do
    for f in pairs(type(fields) == "table" and fields or { [""] = true }) do
      if f == "" or (looks[f] ~= false and not (sides and sides[f] == false)) then
        seen[where] = true
        break
      end
    end
  end
  return seen
end

local function halo_attrs()
  return string.format(' fill="none" stroke="%s" stroke-width="%d" class="mark" pointer-events="none"', MARK, MARK_WIDTH)
end

--- The look's entry for a card face or back: `spec` is a function of the
--- number, a table by number, or absent; a string is a label. Always a table.
local function card_entry(spec, number)
  local e
  if type(spec) == "function" then e = spec(number)
  elseif type(spec) == "table" then e = spec[number] end
  if type(e) == "string" then e = { label = e } end
  return type(e) == "table" and e or {}
end

-- The colour of a card's entry (look.cards or look.backs, `what`),
-- checked here: a look function's answer is seen only now.
local function card_color(ctx, what, number, e, default)
  if e.color == nil or e.color == false then return default end
  if not M.is_color(e.color) then
    local where = type(ctx.look[what]) == "function" and string.format("look.%s(%d).color", what, number)
      or string.format("look.%s[%d].color", what, number)
    error(not_a_colour(e.color, where), 0)
  end
  return e.color
end

--- What a card face looks like: its entry (look.cards, or the zone's own
--- `cards`) with a label and a colour.
local function card_face(ctx, card, spec, what)
  local e = card_entry(spec or ctx.look.cards, card)
  local sides
  if type(e.sides) == "table" then
    sides = {}
    for k = 1, 6 do
      local side = e.sides[k]
      if type(side) == "table" and side.color ~= nil and not M.is_color(side.color) then
        error(not_a_colour(side.color, string.format("look.%s(%d).sides[%d].color", what or "cards", card, k)), 0)
      end
      sides[k] = type(side) == "table" and side or nil
    end
  end
  return { label = e.label ~= nil and clean(e.label) or ("card " .. card), glyph = e.glyph, key = e.key,
           color = card_color(ctx, what or "cards", card, e, "#fffdf5"), detail = e.detail, fields = e.fields,
           text = e.text, sides = sides }
end

--- What a card back looks like.
local function card_back(ctx, back)
  local e = card_entry(ctx.look.backs, back)
  return { label = e.label or (back ~= 0 and ("back " .. back) or ""), color = card_color(ctx, "backs", back, e, "#8a7a66") }
end

--- Everything a face says, a line each: its label, its detail (when it
--- has no fields), each of its fields ("cost: 2 stamina"), its text. The card's tooltip, and what the
--- page's zoom shows.
local function face_lines(face)
  local lines = { face.label }
  if face.detail ~= nil and type(face.fields) ~= "table" then lines[#lines + 1] = clean(face.detail) end
  if type(face.fields) == "table" then
    for _, f in ipairs(face.fields) do
      if type(f) == "table" and f[1] ~= nil then lines[#lines + 1] = clean(f[1]) .. ": " .. clean(f[2] == nil and "" or f[2]) end
    end
  end
  if face.text ~= nil then
    for line in (clean(face.text) .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = line end
  end
  return lines
end

-- Pieces --------------------------------------------------------------------------

-- The computed fields of a component's look (entries with a value
-- function), sorted by name: cached per look table.
local computed_cache = setmetatable({}, { __mode = "k" })
local function computed_fields(comp_look, fields)
  local list = computed_cache[comp_look]
  if list then return list end
  local real = {}
  for _, f in ipairs(fields) do real[f] = true end
  list = {}
  for _, k in ipairs(sorted_keys(comp_look)) do
    local v = comp_look[k]
    if type(k) == "string" and not real[k] and type(v) == "table" and type(v.value) == "function" then
      list[#list + 1] = k
    end
  end
  computed_cache[comp_look] = list
  return list
end

--- One value of a field drawn as the look says into got (fills, pieces).
local function add_value(ctx, got, field, spec, v)
  if spec == "card" then
    local face = card_face(ctx, v)
    got.pieces[#got.pieces + 1] = { card = v, label = face.label, color = face.color, key = face.key or face.label,
                                    title = table.concat(face_lines(face), "\n") }
    return
  end
  local e
  if spec == nil then
    e = { glyph = v == 1 and field:sub(1, 3) or (field:sub(1, 1) .. v), label = field .. " " .. v, plain = true }
  elseif by_value(spec) then
    e = spec[v]
    if e == nil then e = spec.other end
    if e == nil then e = { glyph = tostring(v), label = field .. " " .. v } end
  else
    e = spec
  end
  if e == false then return end
  local glyph, color, label = e.glyph, e.color, e.label
  local key = e.key
  if type(key) == "function" then key = checked_keys(key(v), "the key of " .. field) end
  if e.tint then                              -- the value is a seat: the place takes its colour
    local tinted = tint_of(seat_color(v))
    label = (e.label or field) .. " of seat " .. v
    got.fills[#got.fills + 1] = { fill = tinted, label = label }
    legend_note(ctx, "fill", nil, tinted, label)
    return
  elseif e.seat then
    color = seat_color(v)
    label = (e.label or field) .. " of seat " .. v
  elseif e.count and not e.each then
    label = e.label or field
    if v > 1 then glyph = (glyph or "") .. v end
  end
  if e.fill then
    got.fills[#got.fills + 1] = { fill = e.fill, label = label }
    legend_note(ctx, "fill", nil, e.fill, e.label or field)
    return
  end
  local piece = { glyph = glyph or "", color = color, label = label or field, plain = e.plain, key = key,
                  glyph_color = e.glyph_color,
                  scale = type(e.scale) == "number" and math.max(0.3, math.min(e.scale, 1)) or 1 }
  for _ = 1, e.each and math.max(0, math.min(v, 12)) or 1 do got.pieces[#got.pieces + 1] = piece end
  if not e.plain then
    legend_note(ctx, "disc", e.glyph, e.seat and "#888" or color, e.seat and (e.label or field) or (e.label or label),
      not e.seat and e.glyph_color or nil)
  end
end

--- The pieces a place shows: for each field with a value other than 0,
--- what the look says it is; then each computed field of the look (an
--- entry with value = function(s, place), giving a value or a list of
--- them). Returns {fills = {...}, pieces = {...}}.
local function pieces_of(ctx, name, comp_look, fields, get, where)
  local got = { fills = {}, pieces = {} }
  for _, field in ipairs(fields) do
    local spec = comp_look[field]
    local v = get(field)
    if spec ~= false and v ~= 0 then add_value(ctx, got, field, spec, v) end
  end
  if where then
    for _, field in ipairs(computed_fields(comp_look, fields)) do
      local spec = comp_look[field]
      local v = spec.value(ctx.s, where)
      local list = type(v) == "table" and v or { v }
      for _, one in ipairs(list) do
        if one ~= nil and one ~= false and one ~= 0 then
          if math.type(one) ~= "integer" then
            error(string.format("look.%s.%s.value(s, %d) gave %s: give an integer, a list of them, or nil",
              name:match("^(.-)_?%d*$"), field, where, type(one) == "number" and tostring(one) or ("a " .. type(one))), 0)
          end
          add_value(ctx, got, field, spec, one)
        end
      end
    end
  end
  return got
end

--- Draw the pieces of one place inside a square of side `size` centred
--- at cx, cy; a piece with a key is a click of its own.
local function draw_pieces(out, got, cx, cy, size)
  local n = #got.pieces
  if n == 0 then return end
  local per_row = n == 1 and 1 or (n <= 4 and 2 or (n <= 9 and 3 or 4))
  local rows = (n + per_row - 1) // per_row
  local step = size / math.max(per_row, rows)
  local radius = step * 0.42
  for i, p in ipairs(got.pieces) do
    local col, row = (i - 1) % per_row, (i - 1) // per_row
    local x = cx + (col - (per_row - 1) / 2) * step
    local y = cy + (row - (rows - 1) / 2) * step
    local title = "<title>" .. esc(p.title or p.label) .. "</title>"
    local r = radius * (p.scale or 1)
    if p.card then
      local w = math.min(size - 4, 64)
      local h = math.max(2 * r, 22)
      add(out, string.format('<g class="piece card-piece"%s>%s<rect x="%s" y="%s" width="%s" height="%s" rx="3" fill="%s" stroke="#555"/>',
        key_attr(p.key), title, fmt(x - w / 2), fmt(y - h / 2), fmt(w), fmt(h), paint(p.color)))
      add(out, fit_text(x, y + 4, p.label, w - 4, 10, M.text_on(p.color)), "</g>")
    elseif p.color then
      add(out, string.format('<g class="piece"%s>%s<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#333" stroke-width="1"/>',
        key_attr(p.key), title, fmt(x), fmt(y), fmt(r), paint(p.color)))
      add(out, text_at(x, y + r * 0.45, p.glyph, math.max(6, math.floor(r * 1.2)), p.glyph_color or M.text_on(p.color),
        "middle", ' font-weight="bold"'), "</g>")
    else
      add(out, string.format('<g class="piece"%s>%s', key_attr(p.key), title))
      add(out, text_at(x, y + r * 0.45, p.glyph, math.max(6, math.floor(p.plain and r * 0.9 or r * 1.3)), p.glyph_color or "#222"),
        "</g>")
    end
  end
end

local function tooltip(name, got)
  local parts = { name }
  for _, f in ipairs(got.fills) do parts[#parts + 1] = f.label end
  for _, p in ipairs(got.pieces) do parts[#parts + 1] = p.label end
  return "<title>" .. esc(table.concat(parts, ": ", 1, math.min(2, #parts)) ..
    (#parts > 2 and ", " .. table.concat(parts, ", ", 3) or "")) .. "</title>"
end

-- Boards -----------------------------------------------------------------------

--- The label of column or row n of a grid, as its look's `columns` or
--- `rows` says: "letters" (a, b ... z; none past 26), "numbers" (1, 2 ...),
--- a list of labels (by position; none where it has none), a function
--- (s, n) returning one (nil: none), or false (no labels); the default
--- when absent. nil: no label.
local function axis_label(ctx, name, axis, spec, n, default)
  if spec == nil then spec = default end
  if spec == false then return nil end
  if spec == "letters" then return n <= 26 and string.char(96 + n) or nil end
  if spec == "numbers" then return tostring(n) end
  local label
  if type(spec) == "table" then label = spec[n]
  elseif type(spec) == "function" then label = spec(ctx.s, n)
  else error(string.format("look.%s.%s is %s: give \"letters\", \"numbers\", a list of labels, a function(s, n) or false",
    name, axis, type(spec) == "string" and ("'" .. clip(spec, 20) .. "'") or ("a " .. type(spec))), 0) end
  if label == nil or label == false then return nil end
  return tostring(label)
end

--- What a click on a place looks for (look.COMP.key): its name as the
--- move texts write it (the default), its column's or row's label
--- (a grid), a function(s, at) with at.place and at.name, or false.
local function place_keys(ctx, name, l, where, pname, axis)
  local spec = l.key
  if spec == false then return nil end
  if spec == nil or spec == "name" or type(spec) == "table" then return pname end
  if (spec == "column" or spec == "row") and axis then return axis(spec) end
  if type(spec) == "function" then
    return checked_keys(spec(ctx.s, at_of(ctx, name, { place = where, name = pname })), "look." .. name .. ".key")
  end
  return nil
end

local function cell_size(l, default)
  return math.type(l.cell) == "integer" and math.max(20, math.min(l.cell, 120)) or default
end

local function draw_grid(ctx, name, grid, l)
  local w, h = grid:size()
  local fields = ctx.infos[name].fields
  local side = cell_size(l, CELL)
  local marked = changed_of(ctx, name, "cells", l)
  local out = box(w * side + 18, h * side + 16)
  local halos = {}
  add(out, string.format('<g class="board grid" data-component="%s">', esc(name)))
  for cell = 1, w * h do
    local x, y = grid:xy(cell)
    local px, py = 18 + (x - 1) * side, (h - y) * side
    local got = pieces_of(ctx, name, l, fields, function(f) return grid:get(cell, f) end, cell)
    local fill = got.fills[#got.fills] and got.fills[#got.fills].fill or ((x + y) % 2 == 0 and "#f4f1e8" or "#ebe6d6")
    local cname = grid:name(cell)
    local keys = place_keys(ctx, name, l, cell, cname, function(axis)
      if axis == "column" then return axis_label(ctx, name, "columns", l.columns, x, "letters") end
      return axis_label(ctx, name, "rows", l.rows, y, "numbers")
    end)
    add(out, string.format('<g class="cell" data-place="%s"%s%s>%s<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#9a927c"/>',
      esc(cname), marked[cell] and CHANGED or "", key_attr(keys), tooltip(cname, got), px, py, side, side, paint(fill)))
    draw_pieces(out, got, px + side / 2, py + side / 2, side - 4)
    add(out, "</g>")
    if marked[cell] then
      halos[#halos + 1] = string.format('<rect x="%d" y="%d" width="%d" height="%d"%s/>', px + 2, py + 2, side - 4, side - 4,
        halo_attrs())
    end
  end
  for x = 1, w do
    local label = axis_label(ctx, name, "columns", l.columns, x, "letters")
    if label then add(out, fit_text(18 + (x - 0.5) * side, h * side + 13, label, side - 2, 11, "#777")) end
  end
  for y = 1, h do
    local label = axis_label(ctx, name, "rows", l.rows, y, "numbers")
    if label then add(out, fit_text(9, (h - y + 0.5) * side + 4, label, 17, 11, "#777")) end
  end
  if not ctx.preview then add(out, table.unpack(halos)) end
  add(out, "</g>")
  if #halos > 0 then ctx.marked = true end
  return out
end

local SQRT3 = math.sqrt(3)
-- A pointy-top hex's corners, from the east side clockwise on screen: the
-- side towards direction k (e, se, sw, w, nw, ne) runs from corner k to k+1.
local CORNER = {}
for k = 0, 5 do
  local a = math.rad(-30 + 60 * k)
  CORNER[k + 1] = { math.cos(a), math.sin(a) }
end

local function hex_points(cx, cy, size)
  local pts = {}
  for k = 1, 6 do pts[k] = fmt(cx + CORNER[k][1] * size) .. "," .. fmt(cy + CORNER[k][2] * size) end
  return table.concat(pts, " ")
end

--- The six sides of a hex at cx, cy (centre to corner: size) drawn as the
--- entries say ({color =, label =} or nil, from the east side clockwise).
local function hex_sides(ctx, out, cx, cy, size, entries, width)
  for k = 1, 6 do
    local e = entries[k]
    if e then
      local a, b = CORNER[k], CORNER[k % 6 + 1]
      local inset = 0.86
      add(out, string.format('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s" stroke-linecap="round"/>',
        fmt(cx + a[1] * size * inset), fmt(cy + a[2] * size * inset),
        fmt(cx + b[1] * size * inset), fmt(cy + b[2] * size * inset), paint(e.color or "#666"), fmt(width)))
      if e.label then legend_note(ctx, "line", nil, e.color or "#666", e.label) end
    end
  end
end

local function draw_hex(ctx, name, hex, l)
  local ids = { hex:cells() }
  local size = cell_size(l, CELL) / SQRT3 * 1.02      -- centre to corner
  local fields, sides = {}, {}
  local marked = changed_of(ctx, name, "cells", l, type(l.sides) == "table" and l.sides or nil)
  -- field names: the look says which are side fields; the rest are read per hex
  local minx, miny, maxx, maxy = math.huge, math.huge, -math.huge, -math.huge
  local at = {}
  for _, id in ipairs(ids) do
    local q, r = hex:qr(id)
    local x, y = size * SQRT3 * (q + r / 2), size * 1.5 * r
    at[id] = { x, y }
    minx, maxx = math.min(minx, x), math.max(maxx, x)
    miny, maxy = math.min(miny, y), math.max(maxy, y)
  end
  if #ids == 0 then
    local empty = box(120, 20)
    add(empty, string.format('<g class="board hex" data-component="%s">', esc(name)))
    add(empty, text_at(0, 14, "(no hex on the board)", 12, "#777", "start"), "</g>")
    return empty
  end
  for _, f in ipairs(ctx.infos[name].fields or {}) do fields[#fields + 1] = f end
  for _, f in ipairs(ctx.infos[name].side_fields or {}) do sides[#sides + 1] = f end
  local ox, oy = -minx + size + 2, -miny + size + 2
  local out = box(maxx - minx + 2 * size + 4, maxy - miny + 2 * size + 4)
  local halos = {}
  local coords = l.coords ~= false
  add(out, string.format('<g class="board hex" data-component="%s">', esc(name)))
  local side_look = type(l.sides) == "table" and l.sides or {}
  for _, id in ipairs(ids) do
    local cx, cy = at[id][1] + ox, at[id][2] + oy
    local got = pieces_of(ctx, name, l, fields, function(f) return hex:get(id, f) end, id)
    local fill = got.fills[#got.fills] and got.fills[#got.fills].fill or "#f4f1e8"
    local hname = hex:name(id)
    add(out, string.format('<g class="cell" data-place="%s"%s%s>%s<polygon points="%s" fill="%s" stroke="#b8b09a"/>',
      esc(hname), marked[id] and CHANGED or "", key_attr(place_keys(ctx, name, l, id, hname)), tooltip(hname, got),
      hex_points(cx, cy, size), paint(fill)))
    for _, sf in ipairs(sides) do
      local spec = side_look[sf]
      if spec ~= false then
        local values = { hex:sides(id, sf) }
        local entries = {}
        for k = 1, 6 do
          local v = values[k]
          if v ~= 0 then
            local e = spec and (by_value(spec) and spec[v] or spec) or { color = "#666", label = sf .. " " .. v }
            if e then entries[k] = { color = e.color or "#666", label = e.label or (sf .. " " .. v) } end
          end
        end
        hex_sides(ctx, out, cx, cy, size, entries, math.max(4, size * 0.12))
      end
    end
    if coords then
      add(out, text_at(cx, cy - size * 0.5, hname, math.max(7, math.floor(size * 0.26)), "#6f6a5c"))
      draw_pieces(out, got, cx, cy + size * 0.14, size * 0.95)
    else
      draw_pieces(out, got, cx, cy + 1, size * 1.15)
    end
    add(out, "</g>")
    if marked[id] then halos[#halos + 1] = string.format('<polygon points="%s"%s/>', hex_points(cx, cy, size * 0.93), halo_attrs()) end
  end
  if not ctx.preview then add(out, table.unpack(halos)) end
  add(out, "</g>")
  if #halos > 0 then ctx.marked = true end
  return out
end

local function draw_graph(ctx, name, graph, l, s)
  local nodes = { graph:nodes() }
  local fields = ctx.infos[name].fields or {}
  local edge_fields = ctx.infos[name].edge_fields or {}
  local marked_nodes = changed_of(ctx, name, "nodes", l)
  local marked_edges = changed_of(ctx, name, "edges", type(l.edges) == "table" and l.edges or {})
  local pos, minx, miny, maxx, maxy = {}, math.huge, math.huge, -math.huge, -math.huge
  for i, node in ipairs(nodes) do
    local x, y
    if type(l.at) == "function" then x, y = l.at(s, node) end
    if type(x) ~= "number" or type(y) ~= "number" then
      local a = 2 * math.pi * (i - 1) / math.max(#nodes, 1)
      x, y = math.cos(a) * #nodes / 3, math.sin(a) * #nodes / 3
    end
    pos[node] = { x, y }
    minx, maxx = math.min(minx, x), math.max(maxx, x)
    miny, maxy = math.min(miny, y), math.max(maxy, y)
  end
  -- the free slots the look places (at): where a node may come (a tree planted)
  local free = {}
  if type(l.at) == "function" then
    for node = 1, (graph:capacity()) do
      if not graph:alive(node) then
        local x, y = l.at(s, node)
        if type(x) == "number" and type(y) == "number" then
          free[#free + 1] = node
          pos[node] = { x, y }
          minx, maxx = math.min(minx, x), math.max(maxx, x)
          miny, maxy = math.min(miny, y), math.max(maxy, y)
        end
      end
    end
  end
  if #nodes + #free == 0 then
    local empty = box(120, 20)
    add(empty, string.format('<g class="board graph" data-component="%s">', esc(name)))
    add(empty, text_at(0, 14, "(no nodes)", 12, "#777", "start"), "</g>")
    return empty
  end
  local node_name = function(node)
    return type(l.name) == "function" and tostring(l.name(s, node)) or tostring(node)
  end
  -- scale so neighbouring nodes sit about a cell and a half apart
  local cell = cell_size(l, CELL)
  local spread = math.max(maxx - minx, maxy - miny, 1)
  local scale = math.max(cell * 1.5, math.min(cell * 2, 560 / spread))
  local R = cell * 0.42
  local function px(node) return (pos[node][1] - minx) * scale + R + 2 end
  local function py(node) return (pos[node][2] - miny) * scale + R + 2 end
  local out = box((maxx - minx) * scale + 2 * R + 4, (maxy - miny) * scale + 2 * R + 4)
  local halos = {}
  add(out, string.format('<g class="board graph" data-component="%s">', esc(name)))
  for _, node in ipairs(free) do
    local nname = node_name(node)
    add(out, string.format('<g class="cell" data-place="%s"%s%s><title>%s</title><circle cx="%s" cy="%s" r="%s" fill="none" stroke="#c9c1aa" stroke-dasharray="4 3"/>',
      esc(nname), marked_nodes[node] and CHANGED or "", key_attr(place_keys(ctx, name, l, node, nname)),
      esc(nname .. ": empty"), fmt(px(node)), fmt(py(node)), fmt(R * 0.8)))
    add(out, text_at(px(node), py(node) + 4, nname, math.max(8, math.floor(R * 0.38)), "#b5ab90"), "</g>")
    if marked_nodes[node] then
      halos[#halos + 1] = string.format('<circle cx="%s" cy="%s" r="%s"%s/>', fmt(px(node)), fmt(py(node)), fmt(R + 3), halo_attrs())
    end
  end
  local edge_look = type(l.edges) == "table" and l.edges or {}
  for _, e in ipairs({ graph:all_edges() }) do
    local a, b = graph:ends(e)
    if pos[a] and pos[b] then
      ctx.quiet = true                         -- an edge's look is a line in the legend, not a disc
      local got = pieces_of(ctx, name, edge_look, edge_fields, function(f) return graph:edge_get(e, f) end)
      ctx.quiet = false
      local color = got.pieces[1] and got.pieces[1].color or "#b5ab90"
      local lo, hi = math.min(a, b), math.max(a, b)
      local ename = node_name(lo) .. "-" .. node_name(hi)
      local line = string.format('x1="%s" y1="%s" x2="%s" y2="%s"', fmt(px(a)), fmt(py(a)), fmt(px(b)), fmt(py(b)))
      add(out, string.format('<g class="edge" data-place="%s" data-key="%s"><title>%s</title><line %s stroke="transparent" stroke-width="14"/><line %s stroke="%s" stroke-width="%d"/>',
        esc(ename), esc(ename), esc(ename .. (got.pieces[1] and (": " .. got.pieces[1].label) or "")), line, line,
        paint(color), #got.pieces > 0 and math.max(4, math.floor(cell / 10)) or 2))
      add(out, "</g>")
      if marked_edges[e] then halos[#halos + 1] = string.format('<line %s%s/>', line, halo_attrs()) end
      for _, p in ipairs(got.pieces) do
        legend_note(ctx, "line", nil, p.color or "#b5ab90", p.label)
      end
    end
  end
  for _, node in ipairs(nodes) do
    local got = pieces_of(ctx, name, l, fields, function(f) return graph:get(node, f) end, node)
    local nname = node_name(node)
    local fill = got.fills[#got.fills] and got.fills[#got.fills].fill or "#f4f1e8"
    add(out, string.format('<g class="cell" data-place="%s"%s%s>%s<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#8a8270"/>',
      esc(nname), marked_nodes[node] and CHANGED or "", key_attr(place_keys(ctx, name, l, node, nname)),
      tooltip(nname, got), fmt(px(node)), fmt(py(node)), fmt(R), paint(fill)))
    add(out, text_at(px(node), py(node) - R * 0.55, nname, math.max(8, math.floor(R * 0.38)), "#6f6a5c"))
    draw_pieces(out, got, px(node), py(node) + R * 0.18, R * 1.45)
    add(out, "</g>")
    if marked_nodes[node] then
      halos[#halos + 1] = string.format('<circle cx="%s" cy="%s" r="%s"%s/>', fmt(px(node)), fmt(py(node)), fmt(R + 3), halo_attrs())
    end
  end
  if not ctx.preview then add(out, table.unpack(halos)) end
  add(out, "</g>")
  if #halos > 0 then ctx.marked = true end
  return out
end

-- Cards, dice, counters ------------------------------------------------------------

local HEX_CHIP = 70         -- a hex-shaped card's height (a card face with sides)

--- The size of a zone's chips: a card's, taller when a face has a detail
--- line, a hex's when a face has sides.
local function chip_size(faces)
  local w, h = CARD_W, CARD_H
  for _, f in ipairs(faces) do
    if f.sides then w, h = math.max(w, HEX_CHIP), math.max(h, HEX_CHIP + 14)
    elseif f.detail ~= nil then h = math.max(h, CARD_H + 14) end
  end
  return w, h
end

--- A card face at x, y in a chip w by h: a card, or a hex with its sides
--- when its face has some; its label (never cut), its detail line, its
--- glyph; the zone's mark (an exhausted squirrel) and the last move's halo.
local function card_chip(ctx, out, x, y, w, h, face, keys, opts)
  local lines = face_lines(face)
  if opts.mark then lines[#lines + 1] = "(" .. clean(opts.mark) .. ")" end
  add(out, string.format('<g class="card"%s%s%s><title>%s</title>', key_attr(keys), opts.changed and CHANGED or "",
    opts.mark and string.format(' data-mark="%s" opacity="0.6"', esc(opts.mark)) or "", esc(table.concat(lines, "\n"))))
  -- drawn from its own corner: a card moved along its zone changes one line
  -- of the picture, not every line of it (the replay page's packing)
  add(out, string.format('<g transform="translate(%s,%s)">', fmt(x), fmt(y)))
  x, y = 0, 0
  local ink = M.text_on(face.color)
  if face.sides then
    local size = math.min(w, h - 14) / 2 - 1
    local cx, cy = x + w / 2, y + size + 1
    add(out, string.format('<polygon points="%s" fill="%s" stroke="#555"/>', hex_points(cx, cy, size), paint(face.color)))
    hex_sides(ctx, out, cx, cy, size, face.sides, math.max(3, size * 0.16))
    add(out, fit_text(cx, cy - size * 0.12, face.label, size * 1.3, 12, ink, "middle", ' font-weight="bold"'))
    if face.glyph then add(out, fit_text(cx, cy + size * 0.45, face.glyph, size * 1.2, 11, ink)) end
    if face.detail ~= nil then add(out, fit_text(cx, y + h - 3, face.detail, w, 9, "#444")) end
    if opts.changed then add(out, string.format('<polygon points="%s"%s/>', hex_points(cx, cy, size + 3), halo_attrs())) end
  else
    add(out, string.format('<rect x="%s" y="%s" width="%d" height="%d" rx="4" fill="%s" stroke="#555"/>',
      fmt(x), fmt(y), w, h, paint(face.color)))
    local label_y = face.detail ~= nil and y + 15 or y + h / 2 + 4
    add(out, fit_text(x + w / 2, label_y, face.label, w - 6, 11, ink))
    if face.detail ~= nil then add(out, fit_text(x + w / 2, y + h - 7, face.detail, w - 6, 9, ink)) end
    if face.glyph then add(out, text_at(x + w - 4, y + 11, face.glyph, 9, ink, "end")) end
    if opts.changed then
      add(out, string.format('<rect x="%s" y="%s" width="%d" height="%d" rx="6"%s/>', fmt(x - 2), fmt(y - 2), w + 4, h + 4,
        halo_attrs()))
    end
  end
  if opts.mark then
    add(out, string.format('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#555" stroke-width="2"/>', fmt(x + 3), fmt(y + h - 3),
      fmt(x + w - 3), fmt(y + 3)))
    add(out, string.format('<rect x="%s" y="%s" width="%d" height="13" rx="3" fill="#444"/>', fmt(x + 4), fmt(y + h / 2 - 6),
      w - 8))
    add(out, fit_text(x + w / 2, y + h / 2 + 4, opts.mark, w - 10, 9, "#fff"))
  end
  add(out, "</g></g>")
  if opts.changed then ctx.marked = true end
end

local function back_chip(ctx, out, x, y, w, h, back, keys, changed)
  add(out, string.format('<g class="back"%s%s><title>%s</title>', key_attr(keys), changed and CHANGED or "",
    esc(back.label ~= "" and ("face down: " .. back.label) or "face down")))
  add(out, string.format('<g transform="translate(%s,%s)">', fmt(x), fmt(y)))   -- from its own corner, as a card
  add(out, string.format('<rect x="0" y="0" width="%d" height="%d" rx="4" fill="%s" stroke="#444"/>', w, h, paint(back.color)))
  add(out, fit_text(w / 2, h / 2 + 4, back.label, w - 6, 10, M.text_on(back.color)))
  if changed then
    add(out, string.format('<rect x="-2" y="-2" width="%d" height="%d" rx="6"%s/>', w + 4, h + 4, halo_attrs()))
    ctx.marked = true
  end
  add(out, "</g></g>")
end

--- The cards in the order a zone's look sorts them (`sort`): true by card
--- number; "label" by the faces' labels; a function(card) giving each a
--- key, numbers before texts; ties keep the zone's order. Each item is
--- {card =, position =, face =}.
local function sorted_items(name, items, sort)
  local keys = {}
  for i, item in ipairs(items) do
    local key
    if sort == true then key = item.card
    elseif sort == "label" then key = item.face.label
    elseif type(sort) == "function" then key = sort(item.card)
    else error(string.format("look.%s.sort is %s: give true (by card), \"label\" or a function(card) returning a key",
      name, type(sort) == "string" and ("'" .. clip(sort, 20) .. "'") or ("a " .. type(sort))), 0) end
    if type(key) ~= "number" and type(key) ~= "string" then
      error(string.format("look.%s.sort(%d) gave %s: a key is a number or a text", name, item.card, type(key)), 0)
    end
    keys[i] = { key = key, at = i, item = item }
  end
  table.sort(keys, function(a, b)
    local na, nb = type(a.key) == "number", type(b.key) == "number"
    if na ~= nb then return na end
    if a.key ~= b.key then return a.key < b.key end
    return a.at < b.at
  end)
  local out = {}
  for i, k in ipairs(keys) do out[i] = k.item end
  return out
end

--- What a click on a card of a zone looks for (look.ZONE.key): the face's
--- key (look.cards(card).key, else its label: "card", the default), the
--- zone's label ("label": "island 3"), a function(s, at) with
--- at.position (from the top, 1 the top card, as zone:peek counts) and
--- at.card (nil when the viewer sees its back), or false.
local function zone_keys(ctx, name, l, label, face, position, card)
  local spec = l.key
  if spec == false or (type(spec) == "table" and not face) then return nil end
  if spec == "label" then return label end
  if type(spec) == "function" then
    return checked_keys(spec(ctx.s, at_of(ctx, name, { position = position, card = card, name = label })),
      "look." .. name .. ".key")
  end
  if face then return face.key ~= nil and checked_keys(face.key, "the key of card " .. card) or face.label end
  return nil
end

--- A card zone as `viewer` may see it: the faces when it may, else the
--- backs the zone shows (every card's, the top card's, or none) and the
--- count. Nothing of a face it may not see is written. A zone its look
--- calls unrevealed (unrevealed(s, at) true, or a text saying why) is
--- drawn face down, whatever it holds.
local function draw_deck(ctx, name, deck, l)
  local n = deck:count()
  local label = l.label or name
  local changed = ctx.changed[name]
  local title = label .. " (" .. n .. ")"
  local caption_color = changed and MARK_TEXT or nil
  local per_row = 8
  local wrapped
  local unrevealed = type(l.unrevealed) == "function" and l.unrevealed(ctx.s, at_of(ctx, name, { name = label }))
  if unrevealed then
    local why = type(unrevealed) == "string" and unrevealed or "not revealed"
    local out = box(CARD_W, CARD_H)
    add(out, string.format('<g class="zone unrevealed" data-component="%s"><title>%s</title>', esc(name), esc(label .. ": " .. why)))
    add(out, string.format('<rect width="%d" height="%d" rx="4" fill="#b9ad98" stroke="#6d604f" stroke-dasharray="5 3"/>', CARD_W, CARD_H))
    for k = 1, 4 do
      add(out, string.format('<line x1="%d" y1="%d" x2="%d" y2="2" stroke="#a09279" stroke-width="3"/>', k * 18 - 8, CARD_H - 2, k * 18 + 4))
    end
    add(out, fit_text(CARD_W / 2, CARD_H / 2 + 4, why, CARD_W - 6, 10, "#3a3226", "middle", ' font-style="italic"'), "</g>")
    return captioned(label, out)
  end
  if deck:visible_to(ctx.viewer) then
    local cards = { deck:cards() }       -- the top card first: position 1
    local items = {}
    for position, card in ipairs(cards) do
      local own = type(l.cards) == "function" and l.cards or nil
      items[position] = { card = card, position = position, face = card_face(ctx, card, own, own and (name .. ".cards")) }
    end
    if l.sort ~= nil and l.sort ~= false then items = sorted_items(name, items, l.sort) end
    local faces = {}
    for i, item in ipairs(items) do faces[i] = item.face end
    local w, h = chip_size(faces)
    local rows = math.max(1, (n + per_row - 1) // per_row)
    local out = box(math.max(1, math.min(n, per_row)) * (w + 6), rows * (h + 6))
    add(out, string.format('<g class="zone" data-component="%s">', esc(name)))
    if n == 0 then add(out, string.format('<rect width="%d" height="%d" rx="4" fill="none" stroke="#bbb" stroke-dasharray="4 3"/>', w, h)) end
    local came = type(changed) == "table" and type(changed.cards) == "table" and changed.cards or {}
    for k0, item in ipairs(items) do
      local k = k0 - 1
      local mark
      if type(l.mark) == "function" then
        mark = l.mark(ctx.s, at_of(ctx, name, { position = item.position, card = item.card, name = label }))
        if mark ~= nil and mark ~= false and type(mark) ~= "string" then
          error(string.format("look.%s.mark gave a %s: give a text (\"exhausted\") or nil", name, type(mark)), 0)
        end
      end
      card_chip(ctx, out, 2 + (k % per_row) * (w + 6), 2 + (k // per_row) * (h + 6), w, h, item.face,
        zone_keys(ctx, name, l, label, item.face, item.position, item.card),
        { changed = came[item.card], mark = mark or nil })
    end
    add(out, "</g>")
    return captioned(title, out, caption_color)
  end
  local shown = deck:backs_shown()
  local out
  -- of a zone the viewer may not see, only what it sees changed is marked:
  -- the count (a card that replaced another, or an order changed, is none
  -- of its business)
  local grew = type(changed) == "table" and (changed.added or 0) - (changed.removed or 0) or 0
  local came = math.max(0, grew)
  if grew == 0 then caption_color = nil end
  if n == 0 then
    out = box(CARD_W, CARD_H)
    add(out, string.format('<rect width="%d" height="%d" rx="4" fill="none" stroke="#bbb" stroke-dasharray="4 3"/>', CARD_W, CARD_H))
  elseif shown == "all" then
    local rows = (n + per_row - 1) // per_row
    out = box(math.min(n, per_row) * (CARD_W + 6), rows * (CARD_H + 6))
    local cards = { deck:cards() }
    for k = 0, n - 1 do
      back_chip(ctx, out, 2 + (k % per_row) * (CARD_W + 6), 2 + (k // per_row) * (CARD_H + 6), CARD_W, CARD_H,
        card_back(ctx, ctx.s:back(cards[k + 1])), zone_keys(ctx, name, l, label, nil, k + 1), k < came)
    end
  else
    out = box(CARD_W + 8, CARD_H + 8)
    for k = math.min(n, 3) - 1, 1, -1 do
      add(out, string.format('<rect x="%d" y="%d" width="%d" height="%d" rx="4" fill="#6d604f" stroke="#444"/>', 2 + 2 * k, 2 + 2 * k, CARD_W, CARD_H))
    end
    local top = 0
    if shown == "top" then top = ctx.s:back(deck:peek()) end
    back_chip(ctx, out, 2, 2, CARD_W, CARD_H, shown == "top" and card_back(ctx, top) or { label = "", color = "#8a7a66" },
      zone_keys(ctx, name, l, label, nil, 1), came > 0)
  end
  wrapped = box(out.w, out.h)
  add(wrapped, string.format('<g class="zone" data-component="%s">', esc(name)))
  place(wrapped, out, 0, 0)
  add(wrapped, "</g>")
  return captioned(title, wrapped, caption_color)
end

local function draw_dice(ctx, name, dice, l)
  local faces = type(l.faces) == "table" and l.faces or {}
  local n = dice:size()
  local marked = type(ctx.changed[name]) == "table" and ctx.changed[name] or {}
  local out = box(n * (CELL + 6) + 4, CELL + 18)
  add(out, string.format('<g class="dice" data-component="%s">', esc(name)))
  local aside = {}
  for _, d in ipairs({ dice:aside() }) do aside[d] = true end
  for d = 1, n do
    local sym = dice:value(d)
    local e = faces[sym] or {}
    local x = 2 + (d - 1) * (CELL + 6)
    add(out, string.format('<g class="die" data-key="%s"%s><title>die %d: %s%s</title><rect x="%d" y="2" width="%d" height="%d" rx="7" fill="%s" stroke="#333"%s/>',
      esc(sym), marked[d] and CHANGED or "", d, esc(e.label or sym), aside[d] and " (set aside)" or "", x, CELL, CELL,
      paint(e.color or "#fff"), aside[d] and ' stroke-dasharray="4 2" opacity="0.55"' or ""))
    add(out, e.glyph and text_at(x + CELL / 2, CELL / 2 + 9, e.glyph, 20, e.glyph_color or M.text_on(e.color or "#fff"))
      or fit_text(x + CELL / 2, CELL / 2 + 6, sym, CELL - 6, 11, e.glyph_color or M.text_on(e.color or "#fff")))
    if aside[d] then add(out, text_at(x + CELL / 2, CELL + 15, "aside", 9, "#777")) end
    if marked[d] then
      add(out, string.format('<rect x="%d" y="0" width="%d" height="%d" rx="9"%s/>', x - 2, CELL + 4, CELL + 4, halo_attrs()))
      ctx.marked = true
    end
    add(out, "</g>")
    legend_note(ctx, "die", e.glyph, e.color, e.label, e.glyph_color)
  end
  add(out, "</g>")
  return captioned(l.label or name, out)
end

--- A counter's text: "label value", and what the last move changed it by
--- ("nuts 5 (+2)") when it did.
local function counter_text(label, value, before)
  if before == nil or before == value then return label .. " " .. value end
  return string.format("%s %d (%s%d)", label, value, value > before and "+" or "", value - before)
end

--- Named integers (vars), drawn only when the look says show = true: each
--- as "name value", or as that many tokens when its entry counts
--- ({count = true, color =, glyph =}).
local function draw_vars(ctx, name, vars, l, info)
  local rows = {}
  local before = type(ctx.changed[name]) == "table" and ctx.changed[name] or {}
  for _, var in ipairs(info.fields or {}) do
    local e = l[var]
    local v = vars[var]
    if e ~= false then
      local b
      if type(e) == "table" and e.count then
        local n = math.max(0, math.min(v, 60))
        b = box(math.max(n, 1) * 20 + 120, 22)
        add(b, text_at(0, 15, counter_text(e.label or var, v, before[var]), 12, "#333", "start"))
        for k = 1, n do
          add(b, string.format('<circle cx="%d" cy="11" r="8" fill="%s" stroke="#333"/>', 110 + k * 20, paint(e.color or "#888")))
          if e.glyph then add(b, text_at(110 + k * 20, 15, e.glyph, 10, e.glyph_color or M.text_on(e.color or "#888"))) end
        end
        legend_note(ctx, "disc", e.glyph, e.color or "#888", e.label or var, e.glyph_color)
      else
        local label = type(e) == "table" and e.label or var
        local text = counter_text(label .. ":", v, before[var])
        b = box(text_width(text, 12) + 8, 18)
        add(b, text_at(0, 13, text, 12, before[var] and MARK_TEXT or "#333", "start"))
      end
      rows[#rows + 1] = b
    end
  end
  local out = stack(rows, 4)
  local wrapped = box(out.w, out.h)
  add(wrapped, string.format('<g class="vars" data-component="%s">', esc(name)))
  place(wrapped, out, 0, 0)
  add(wrapped, "</g>")
  return captioned(l.label or name, wrapped)
end

-- The picture ------------------------------------------------------------------------

--- Which seat a component belongs to: a zone's owner; else a name ending
--- in a seat number when there is one such name per seat (forest1,
--- forest2 in a 2-player game, but not pile1 .. pile5). 0 for shared ones.
local function seat_of(s, info, stems)
  if info.kind == "deck" then
    local owner = s[info.name]:owner()
    if owner > 0 then return owner end
  end
  local stem, n = info.name:match("^(.-)_?(%d+)$")
  n = tonumber(n)
  if stem and stems[stem] == s.players and n >= 1 and n <= s.players then return n end
  return 0
end

--- How a seat stands, as the look's `standing` says: its score (a number,
--- with the standing's label: "12 points") and a status text; nil for
--- what the look does not give.
local function standing_of(ctx, seat)
  local st = ctx.look.standing
  if type(st) ~= "table" then return nil, nil end
  local score, status
  if st.score then
    score = st.score(ctx.s, seat)
    if score ~= nil and type(score) ~= "number" then
      error(string.format("look.standing.score(s, %d) gave a %s: give a number", seat, type(score)), 0)
    end
  end
  if st.status then
    status = st.status(ctx.s, seat)
    if status ~= nil and type(status) ~= "string" then
      error(string.format("look.standing.status(s, %d) gave a %s: give a text", seat, type(status)), 0)
    end
  end
  return score, status
end

--- A seat's header: its name and colour, its score, "to play", and its
--- status and counters on lines below, wrapped to the panel's width. A
--- click on it looks for "seat N" in the move texts.
local function seat_header(ctx, seat, parts, w)
  local score, status = standing_of(ctx, seat)
  if status and status ~= "" then table.insert(parts, 1, status) end
  local lines, line = {}, ""
  local function put(piece, gap)
    if line ~= "" and text_width(line .. gap .. piece, 12) > w - 16 then
      lines[#lines + 1] = line
      line = piece
    else
      line = line == "" and piece or (line .. gap .. piece)
    end
  end
  for _, part in ipairs(parts) do
    if text_width(part, 12) <= w - 16 then put(part, "   ")
    else                                   -- a long part flows word by word
      local first = true
      for word in part:gmatch("%S+") do
        put(word, first and "   " or " ")
        first = false
      end
    end
  end
  if line ~= "" then lines[#lines + 1] = line end
  local out = box(w, 26 + 17 * #lines)
  local color = seat_color(seat)
  local title = "Seat " .. seat
  if seat == ctx.viewer then title = title .. " (you)" end
  local ink = M.text_on(color)
  add(out, string.format('<g class="seat-head"%s><rect width="%s" height="24" rx="4" fill="%s"/>', key_attr("seat " .. seat),
    fmt(w), paint(color)))
  add(out, text_at(6, 17, title, 14, ink, "start", ' font-weight="bold"'))
  if score ~= nil then
    local label = ctx.look.standing.label
    local text = (math.type(score) == "float" and string.format("%.1f", score) or tostring(score)) ..
      (label and (" " .. clean(label)) or "")
    add(out, string.format('<text class="score" x="%s" y="17" font-size="14" fill="%s" text-anchor="start" font-weight="bold" xml:space="preserve">%s</text>',
      fmt(text_width(title, 14) + 20), paint(ink), esc("· " .. text)))
  end
  if seat == ctx.actor then add(out, text_at(w - 6, 17, "◀ to play", 13, ink, "end", ' font-weight="bold"')) end
  add(out, "</g>")
  for i, text in ipairs(lines) do add(out, text_at(8, 24 + 16 * i, text, 12, "#333", "start")) end
  return out, score
end

local function legend_box(ctx)
  if #ctx.legend == 0 then return nil end
  local items = {}
  for _, e in ipairs(ctx.legend) do
    local label = clean(e.label)
    local b = box(34 + text_width(label, 12), 22)
    if e.shape == "disc" and e.color then
      add(b, string.format('<circle cx="10" cy="11" r="9" fill="%s" stroke="#333"/>', paint(e.color)))
      add(b, text_at(10, 15, e.glyph or "", 11, e.glyph_color or M.text_on(e.color), "middle", ' font-weight="bold"'))
    elseif e.shape == "line" then
      add(b, string.format('<line x1="1" y1="11" x2="19" y2="11" stroke="%s" stroke-width="4" stroke-linecap="round"/>', paint(e.color)))
    elseif e.shape == "die" then
      add(b, string.format('<rect x="1" y="2" width="18" height="18" rx="4" fill="%s" stroke="#333"/>', paint(e.color or "#fff")))
      add(b, text_at(10, 15, e.glyph or "", 11, e.glyph_color or M.text_on(e.color or "#fff")))
    elseif e.shape == "mark" then
      add(b, string.format('<rect x="2" y="3" width="16" height="16" rx="3" fill="none" stroke="%s" stroke-width="%d"/>', MARK, MARK_WIDTH))
    elseif e.shape == "disc" then
      add(b, text_at(10, 16, e.glyph or "", 14, "#222"))
    else
      add(b, string.format('<rect x="1" y="2" width="18" height="18" fill="%s" stroke="#888"/>', paint(e.color or "#fff")))
    end
    add(b, text_at(24, 15, label, 12, "#333", "start"))
    items[#items + 1] = b
  end
  return captioned("Legend", flow(items, WIDTH, 8))
end

--- The whole picture of a state for `view.viewer` (0: an onlooker): an SVG
--- document as text, well-formed XML in valid UTF-8 whatever the texts
--- of the game hold. view = {viewer =, actor = (0: none), title =,
--- status = (a line under the title; when a caller cut it in bytes, a
--- character cut short at its end is left out), changed = (what the last
--- move changed, by component: the host's comparison of the states before
--- and after it; drawn with a halo), last = ({n =, seat =, text =}: that
--- move, a line under the status), preview = (true: the boards only, as
--- grove serve previews a move)}. Raises with what picture.look_problem
--- says of the look, and naming the field when a look function gives a
--- colour that is none (look.cards(3).color) or a value of the wrong kind.
---@param s State
---@param look table? the definition's look table
---@param view table {viewer =, actor =, title =, status =, changed =, last =, preview =}
---@return string svg
function M.svg(s, look, view)
  local problem = M.look_problem(look)
  if problem then error(problem, 0) end
  local ctx = { s = s, look = look or {}, viewer = view.viewer or 0, actor = view.actor or 0,
                changed = type(view.changed) == "table" and view.changed or {}, preview = view.preview,
                legend = {}, seen = {}, infos = {}, owner = {} }
  seat_colors = type(ctx.look.seats) == "table" and #ctx.look.seats > 0 and ctx.look.seats or M.SEAT_COLORS
  local status = view.status and whole_characters(tostring(view.status)) or nil
  local infos = s:components()
  local stems = {}
  for _, info in ipairs(infos) do
    local stem = info.name:match("^(.-)_?%d+$")
    if stem then stems[stem] = (stems[stem] or 0) + 1 end
    ctx.infos[info.name] = info
  end
  for _, info in ipairs(infos) do ctx.owner[info.name] = seat_of(s, info, stems) end
  local shared_boards, shared_things, counters = {}, {}, {}
  local seats = {}
  for seat = 1, s.players do seats[seat] = { things = {}, counters = {} } end
  for _, info in ipairs(infos) do
    local name, kind = info.name, info.kind
    local l, number = look_of(ctx.look, name)
    local comp = s[name]
    local board = kind == "grid" or kind == "hex" or kind == "graph"
    if l and (kind ~= "vars" or l.show) and (board or not view.preview) then
      local seat = ctx.owner[name]
      if number and l.label and seat == 0 then      -- island1 .. island8 under look.island
        l = setmetatable({ label = l.label .. " " .. number }, { __index = l })
      end
      local into = seat > 0 and seats[seat].things or nil
      local drawn
      if kind == "grid" then drawn = captioned(l.label or name, draw_grid(ctx, name, comp, l))
      elseif kind == "hex" then drawn = captioned(l.label or name, draw_hex(ctx, name, comp, l))
      elseif kind == "graph" then drawn = captioned(l.label or name, draw_graph(ctx, name, comp, l, s))
      elseif kind == "deck" then drawn = draw_deck(ctx, name, comp, l)
      elseif kind == "dice" then drawn = draw_dice(ctx, name, comp, l)
      elseif kind == "vars" then drawn = draw_vars(ctx, name, comp, l, info)
      elseif kind == "pool" then
        local label = l.label or name:gsub("_", " ")
        local before = type(ctx.changed[name]) == "table" and ctx.changed[name] or {}
        if info.per_seat then
          for p = 1, s.players do
            local list = seats[p].counters
            list[#list + 1] = counter_text(label, comp:get(p), before[p])
          end
        elseif seat > 0 then
          local list = seats[seat].counters
          list[#list + 1] = counter_text(label, comp:get(), before[0])
        else
          counters[#counters + 1] = counter_text(label .. ":", comp:get(), before[0])
        end
      end
      if drawn then
        if into and not view.preview then into[#into + 1] = drawn
        elseif board then shared_boards[#shared_boards + 1] = drawn
        else shared_things[#shared_things + 1] = drawn end
      end
    end
  end
  local rows = {}
  local last = type(view.last) == "table" and view.last or nil
  local head_lines = 26 + (status and status ~= "" and 18 or 0) + (last and 18 or 0)
  if not view.preview then
    local last_text
    if last then
      local who = (last.seat or 0) > 0 and ("seat " .. last.seat .. ": ") or ""
      last_text = string.format("last move (%d), %s%s", last.n or 0, who, last.text or "")
    end
    local head = box(math.min(WIDTH, math.max(text_width(view.title or "", 18), status and text_width(status, 13) or 0,
      last_text and text_width(last_text, 13) + 18 or 0)), head_lines)
    add(head, text_at(0, 19, view.title or "", 18, "#222", "start", ' font-weight="bold"'))
    local y = 38
    if status and status ~= "" then add(head, text_at(0, y, status, 13, "#444", "start")); y = y + 18 end
    if last_text then
      add(head, string.format('<g class="last-move"><rect x="0" y="%d" width="12" height="12" rx="2" fill="none" stroke="%s" stroke-width="3"/>',
        y - 11, MARK))
      add(head, text_at(18, y, last_text, 13, "#444", "start"), "</g>")
    end
    rows[#rows + 1] = head
  end
  if #shared_boards > 0 then rows[#rows + 1] = flow(shared_boards, WIDTH, GAP * 2) end
  if #counters > 0 then
    local line = table.concat(counters, "    ")
    local b = box(math.min(WIDTH, text_width(line, 13)), 18)
    add(b, text_at(0, 13, line, 13, "#333", "start"))
    rows[#rows + 1] = b
  end
  if #shared_things > 0 then rows[#rows + 1] = flow(shared_things, WIDTH, GAP) end
  local panels = {}
  for seat = 1, view.preview and 0 or s.players do
    local inner = flow(seats[seat].things, WIDTH - 20, GAP)
    local w = math.max(inner.w + 16, 320)
    local header, score = seat_header(ctx, seat, seats[seat].counters, w)
    local panel = box(w, header.h + inner.h + 10 + (inner.h > 0 and 6 or 0))
    add(panel, string.format('<g class="seat" data-seat="%d"%s>', seat,
      score ~= nil and string.format(' data-score="%s"', esc(tostring(score))) or ""))
    add(panel, string.format('<rect width="%s" height="%s" rx="6" fill="%s" fill-opacity="0.06" stroke="%s"/>',
      fmt(panel.w), fmt(panel.h), paint(seat_color(seat)), paint(seat_color(seat))))
    place(panel, header, 0, 0)
    place(panel, inner, 8, header.h + 8)
    add(panel, "</g>")
    panels[#panels + 1] = panel
  end
  if #panels > 0 then rows[#rows + 1] = flow(panels, WIDTH, GAP) end
  if ctx.marked and not view.preview then legend_note(ctx, "mark", nil, MARK, "last move") end
  local legend = not view.preview and legend_box(ctx) or nil
  if legend then rows[#rows + 1] = legend end
  local all = stack(rows, GAP)
  local W, H = math.ceil(all.w + 24), math.ceil(all.h + 24)
  local out = { string.format('<svg xmlns="http://www.w3.org/2000/svg" class="grove-picture%s" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Verdana, sans-serif">',
    view.preview and " preview" or "", W, H, W, H),
    string.format('<rect width="%d" height="%d" fill="#fcfbf7"/>', W, H),
    '<g transform="translate(12,12)">' }
  for _, p in ipairs(all.parts) do out[#out + 1] = p end
  out[#out + 1] = "</g></svg>\n"
  return table.concat(out, "\n")
end

return M
