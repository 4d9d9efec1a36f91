-- Pictures drawn from the components (grove.picture through g:picture):
-- every game draws at every step of a random game, as well-formed SVG; a
-- seat's picture never holds the face of a card that seat may not see
-- (the same rule as the text render); every place of a board is drawn
-- with its pieces; a game without a look table is drawn all the same.
local picture = require "grove.picture"

games.add_path("tests/fixtures")

--- Are the tags of an SVG text balanced (every <x ...> closed, in order)?
local function balanced(svg)
  local stack = {}
  for slash, name, selfclose in svg:gmatch("<(/?)([%w:-]+)[^>]-(/?)>") do
    if slash == "/" then
      if stack[#stack] ~= name then return false, "</" .. name .. "> closes <" .. tostring(stack[#stack]) .. ">" end
      stack[#stack] = nil
    elseif selfclose == "" then
      stack[#stack + 1] = name
    end
  end
  if #stack > 0 then return false, "<" .. stack[#stack] .. "> never closed" end
  return true
end

--- The SVG of one zone (its <g class="zone" data-component=NAME> element).
local function zone(svg, name)
  local start = svg:find('<g class="zone" data-component="' .. name .. '">', 1, true)
  if not start then return nil end
  local depth, pos = 0, start
  while true do
    local a, b, close = svg:find("<(/?)g[ >]", pos)
    if not a then return svg:sub(start) end
    depth = depth + (close == "/" and -1 or 1)
    pos = b + 1
    if depth == 0 then return svg:sub(start, b) end
  end
end

--- Check every seat's picture (and the onlooker's) of g now.
local function check_views(g, where)
  local s = g.state
  for viewer = 0, g.players do
    local svg = g:picture(viewer, "test")
    local ok, why = balanced(svg)
    if not ok then error(string.format("%s, seat %d: unbalanced SVG: %s", where, viewer, why)) end
    for _, info in ipairs(s:components()) do
      if info.kind == "deck" then
        local deck = s[info.name]
        local z = zone(svg, info.name)
        if z and not deck:visible_to(viewer) and z:find('class="card"', 1, true) then
          error(string.format("%s: seat %d's picture shows a face of %s, which it may not see", where, viewer, info.name))
        end
        if z and deck:visible_to(viewer) then
          local faces = select(2, z:gsub('class="card"', ""))
          if faces ~= deck:count() then
            error(string.format("%s: seat %d sees %d of the %d cards of %s", where, viewer, faces, deck:count(), info.name))
          end
        end
      end
    end
  end
end

for _, case in ipairs {
  { "logger", 2 }, { "logger", 4 }, { "onceupon", 1 }, { "onceupon", 2 }, { "onceupon", 3, "semi-coop" },
  { "flooded", 3 }, { "flooded", 4 }, { "squirrel", 1 }, { "squirrel", 3 }, { "starfall", 2 },
  { "starfall", 4, "scaredy-snake,star-fluke" },
} do
  local name, players, variants = case[1], case[2], case[3]
  test(string.format("%s, %d players%s: every seat's picture at every 7th move of a game",
      name, players, variants and (" (" .. variants .. ")") or ""), function()
    local g = games.open(name, { players = players, seed = 5, variants = variants })
    local step = 0
    check_views(g, "the start")
    while not g:over() and step < 400 do
      local moves = g:legal()
      g:play(moves[(step * 7919) % #moves + 1])
      step = step + 1
      if step % 7 == 0 then check_views(g, "move " .. step) end
    end
    check_views(g, "the end")
  end)
end

test("a Logger picture holds each square's pieces, as the look names them", function()
  local g = games.open("logger", { players = 2, seed = 3 })
  for _ = 1, 30 do if not g:over() then g:play(g:legal()[1]) end end
  local svg = g:picture(0)
  local board = g.state.board
  local TREE = { "seedling", "sapling", "mature tree" }
  for cell = 1, 25 do
    local name = board:name(cell)
    local at = svg:find('<g class="cell" data-place="' .. name .. '"', 1, true)
    expect.truthy(at, "square " .. name .. " is drawn")
    local close = svg:find("</rect>", at, true) or svg:find("/>", at, true)
    local rest = svg:sub(close, (svg:find('<g class="cell"', close, true) or #svg) - 1)
    local tree = board:get(cell, "tree")
    if tree > 0 then expect.truthy(rest:find("<title>" .. TREE[tree] .. "</title>", 1, true), name .. ": " .. TREE[tree]) end
    local logger = board:get(cell, "logger")
    if logger > 0 then
      expect.truthy(rest:find("<title>logger of seat " .. logger .. "</title>", 1, true), name .. ": the logger")
    else
      expect.falsy(rest:find("<title>logger of seat", 1, true), name .. ": no logger")
    end
  end
end)

test("a game without a look is drawn all the same: every kind of component", function()
  local g = games.open("allkinds", { players = 2, seed = 1 })
  local svg = g:picture(1)
  expect.truthy(balanced(svg))
  for _, info in ipairs(g.state:components()) do
    if info.kind ~= "vars" and info.kind ~= "pool" then
      expect.truthy(svg:find('data-component="' .. info.name .. '"', 1, true), info.kind .. " " .. info.name .. " is drawn")
    end
  end
end)

test("text from a script is escaped in the picture", function()
  expect.eq(picture.escape([[<a href="x">&'</a>]]), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;")
  expect.eq(picture.escape("bell\7tab\tok"), "belltab\tok")
end)

test("a look that is no table is refused with the reason", function()
  local g = games.open("logger", { players = 2, seed = 1 })
  expect.error(function() picture.svg(g.state, "red", { viewer = 0 }) end, "the game's look must be a table")
end)

-- What leaves grove: text, colours, UTF-8 ----------------------------------------

local FFFD = "\u{FFFD}"

test("text from a script is made valid UTF-8 that XML allows: each bad byte becomes U+FFFD", function()
  expect.eq(picture.text("é ☃ 😀 plain"), "é ☃ 😀 plain")                -- valid text is kept
  expect.eq(picture.text("a\255b"), "a" .. FFFD .. "b")                    -- a stray byte
  expect.eq(picture.text("cut \195"), "cut " .. FFFD)                      -- a character cut short
  expect.eq(picture.text("\226\130"), FFFD .. FFFD)                         -- two bytes of three
  expect.eq(picture.text("\192\175"), FFFD .. FFFD)                         -- an overlong '/'
  expect.eq(picture.text("\237\160\128"), FFFD .. FFFD .. FFFD)             -- a surrogate's bytes
  expect.eq(picture.text("\u{D800}"), FFFD .. FFFD .. FFFD)                 -- the same, as Lua writes it
  expect.eq(picture.text("\244\144\128\128"), FFFD:rep(4))                  -- past U+10FFFF
  expect.eq(picture.text("\u{FFFE}\u{FFFF}"), FFFD .. FFFD)                 -- not XML characters
  expect.eq(picture.text("bell\7tab\tnl\n"), "belltab\tnl\n")
  expect.eq(picture.utf8("tab\t\u{FFFE}\255"), "tab\t\u{FFFE}" .. FFFD)    -- utf8 only mends the UTF-8
  expect.eq(picture.escape("\255<\"'>&"), FFFD .. "&lt;&quot;&#39;&gt;&amp;")
end)

test("colours: #rgb, #rrggbb, rgb(...), CSS names; nothing that could leave an attribute", function()
  for _, c in ipairs { "#fff", "#FFFF", "#d62728", "#d6272880", "red", "SteelBlue", "rebeccapurple", "none",
                       "transparent", "rgb(1, 2, 3)", "rgba(10%,20%,30%,0.5)" } do
    expect.truthy(picture.is_color(c), c)
  end
  for _, c in ipairs { "", "#ff", "#fffff", "#ggg", "reddish", "red ", "rgb(1,2)", "rgb(1,2,3,4,5)", "rgb(a,b,c)",
                       "url(#x)", 'red" onload="alert(1)', "red;fill:blue", "#fff'", 7, false, {} } do
    expect.falsy(picture.is_color(c), tostring(c))
  end
end)

test("a look whose colour is no colour is refused, naming the field", function()
  local cases = {
    { { seats = { "#fff", 'red" onload="alert(1)' } }, "look.seats[2] is 'red\" onload=\"alert(1)', not a colour" },
    { { seats = "red" }, "look.seats must be a list of colours" },
    { { board = { flag = { [1] = { fill = "#eee" }, [2] = { fill = "<x>" } } } }, "look.board.flag[2].fill is '<x>'" },
    { { board = { tree = { color = 5 } } }, "look.board.tree.color is a number, not a colour" },
    { { map = { sides = { side = { [1] = { color = "blue\"" } } } } }, "look.map.sides.side[1].color" },
    { { paths = { edges = { snake = { color = "x" } } } }, "look.paths.edges.snake.color" },
    { { cup = { faces = { star = { color = "#12" } } } }, "look.cup.faces.star.color" },
    { { cards = { [3] = { color = "nope" } } }, "look.cards[3].color" },
    { { pile = { show = true, stones = { count = true, color = "#00g" } } }, "look.pile.stones.color" },
    { "red", "the game's look must be a table" },
  }
  for _, case in ipairs(cases) do
    local why = picture.look_problem(case[1])
    expect.truthy(why and why:find(case[2], 1, true), tostring(why) .. " names " .. case[2])
  end
  expect.eq(picture.look_problem({ seats = { "#fff", "SteelBlue" }, board = { flag = { fill = "#eee", label = "<b>" } } }), nil)
  expect.eq(picture.look_problem(nil), nil)
end)

test("a game whose look has a bad colour does not load: game.define and game.extend refuse it", function()
  local ok, err = pcall(games.open, "inject", { players = 2, variants = "badcolor" })
  expect.falsy(ok)
  expect.truthy(tostring(err):find("a variant of 'inject': look.seats[1] is '#000\"/><image", 1, true), err)
end)

test("a colour a look function returns is checked as the card is drawn", function()
  local g = games.open("inject", { players = 2, seed = 1 })
  local look = { cards = function() return { color = "#fff\" onclick=\"x" } end }
  local ok, err = pcall(picture.svg, g.state, look, { viewer = 0 })
  expect.falsy(ok)
  expect.truthy(tostring(err):find("^look%.cards%(%d%)%.color is '#fff\" onclick=\"x', not a colour"), err)
end)

-- The elements a picture is drawn with.
local ELEMENTS = {}
for name in ("svg g rect circle line polygon text title"):gmatch("%a+") do ELEMENTS[name] = true end

-- Is svg valid UTF-8 with only the characters XML allows, balanced, made
-- of the picture's own elements, each with quoted attributes only and no
-- event handler or link?
local function sound(svg, where)
  local ok, why = balanced(svg)
  if not ok then error(where .. ": unbalanced SVG: " .. why) end
  if not utf8.len(svg) then error(where .. ": the SVG is not valid UTF-8") end
  if svg:find("[%z\1-\8\11\12\14-\31]") or svg:find("\239\191[\190\191]") then
    error(where .. ": a character XML does not allow")
  end
  for tag in svg:gmatch("<([^/][^>]*)>") do
    local name = tag:match("^[%w:-]+")
    if not ELEMENTS[name] then error(where .. ": an element <" .. tostring(name) .. "> a picture never has") end
    local rest = tag:sub(#name + 1):gsub("/$", "")
    local attrs = rest:gsub('%s+[%w:-]+="[^"]*"', "")
    if attrs:find("%S") then error(where .. ": <" .. name .. "> has more than quoted attributes: " .. attrs) end
    for attr in rest:gmatch('%s+([%w:-]+)="') do
      if attr:find("^on") or attr:find("href") then error(where .. ": an attribute " .. attr) end
    end
  end
end

test("the hostile game draws as sound SVG at every position, for every seat, its texts escaped", function()
  local g = games.open("inject", { players = 2, seed = 1 })
  while true do
    for viewer = 0, 2 do sound(g:picture(viewer, "status \255 </text>"), "move " .. #g:history() .. ", seat " .. viewer) end
    if g:over() then break end
    g:play(g:legal()[1])
  end
  local svg = g:picture(0)
  expect.truthy(svg:find("&lt;script&gt;window.pwned=&#39;label&#39;&lt;/script&gt; " .. FFFD, 1, true), "a label, escaped")
  expect.truthy(svg:find('data-key="&lt;/script&gt;&lt;!-- &lt;script&gt;', 1, true), "a card's name in its data-key")
  expect.truthy(svg:find('data-key="card &#39; onmouseover=&#39;window.pwned=1&#39; [31m"', 1, true),
    "a card's quote escaped, its control character dropped")
  expect.truthy(svg:find("score " .. FFFD:rep(3) .. " &lt;i&gt; 2", 1, true), "a pool's label")
  expect.truthy(svg:find('fill="SteelBlue"', 1, true), "a colour by its CSS name")
end)

test("a status cut in bytes inside a character ends at the character before", function()
  local g = games.open("inject", { players = 2, seed = 1 })
  local svg = g:picture(0, "after move 3: seat 1 wins \195")
  expect.truthy(svg:find(">after move 3: seat 1 wins </text>", 1, true), "the cut character is dropped")
  svg = g:picture(0, "four \240\159\152")
  expect.truthy(svg:find(">four </text>", 1, true), "three bytes of a four-byte character")
  svg = g:picture(0, "whole é")
  expect.truthy(svg:find(">whole é</text>", 1, true), "a whole character is kept")
end)

-- The replay page's writer -----------------------------------------------------------

local replay = require "grove.replay"

test("the replay page's data cannot end its block, and is valid UTF-8", function()
  local hostile = "</script><script>alert(1)</script><!-- & \255 \u{D800}"
  local j = json.encode({ [hostile] = { hostile, 1, true } })
  expect.falsy(j:find("[<>&]"), "no < > & in the JSON: " .. j)
  expect.truthy(utf8.len(j), "valid UTF-8")
  local back = json.decode(j)
  local key = picture.utf8(hostile)
  expect.eq(back[key][1], key)
end)

test("the replay page's reader: a surrogate pair is one character, a lone half U+FFFD", function()
  expect.eq(json.decode('"\\ud83d\\ude00"'), "😀")
  expect.eq(json.decode('"a\\ud800b"'), "a" .. FFFD .. "b")
  expect.eq(json.decode('"\\udc00\\ud800"'), FFFD .. FFFD)
  expect.eq(json.decode('"\\u00e9"'), "é")
  expect.error(function() json.decode('"\\u12"') end, "a bad \\u escape")
end)

test("the replay page's policy names its script and style by their SHA-256", function()
  expect.eq(replay.csp_hash(""), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
  expect.eq(replay.csp_hash("abc"), "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='")
  expect.eq(replay.csp_hash(string.rep("a", 1000)), "'sha256-Qe3s5C1j6Nm/UVqbppMuHCDLyfWl0TRkWttdsblzfqM='")
  local template = table.concat {
    '<meta http-equiv="Content-Security-Policy" content="script-src /*GROVE-SCRIPT-HASH*/; style-src /*GROVE-STYLE-HASH*/">',
    "<!-- a <script> in a comment is none -->",
    "<style>b{}</style><script>go()</script>",
    '<script id="grove-data" type="application/json">/*GROVE-DATA*/</script>',
  }
  local page = replay.page(template, { t = "</script>" })
  expect.truthy(page:find("script-src " .. replay.csp_hash("go()") .. ";", 1, true), page)
  expect.truthy(page:find("style-src " .. replay.csp_hash("b{}") .. '"', 1, true), page)
  expect.truthy(page:find('application/json">{"t":"\\u003c/script\\u003e"}</script>', 1, true), page)
  expect.error(function() replay.page("<script>x</script>", {}, "t.html") end, "the page template t.html has no /*GROVE-DATA*/ place")
end)

-- The look's means of issue 31: a glyph that reads on its disc, axis labels
-- the game chooses, a zone drawn sorted, a place tinted by its owner.

--- The fill of the glyph of the piece titled `title` in svg.
local function glyph_fill(svg, title)
  local piece = svg:match('<g class="piece"><title>' .. title .. '</title>.-</g>')
  return piece and piece:match('<text[^>]- fill="([^"]+)"')
end

--- The part of svg that draws component `name` (up to the next one).
local function component(svg, name)
  local start = svg:find('data-component="' .. name .. '"', 1, true)
  if not start then return "" end
  local stop = svg:find('data-component="', start + 1, true) or #svg
  return svg:sub(start, stop)
end

--- The texts of an axis (grey labels) in a piece of svg, in order.
local function axis_texts(part)
  local list = {}
  for text in part:gmatch('fill="#777" text%-anchor="middle"[^>]*>([^<]*)</text>') do list[#list + 1] = text end
  return list
end

local function looks() return games.open("looks", { players = 2, seed = 1 }) end

test("look: a glyph contrasts with its disc (by luminance) unless the look names its colour", function()
  local svg = looks():picture(1)
  expect.eq(glyph_fill(svg, "pearl"), "#222")      -- a light disc: a dark glyph (it was white on cream)
  expect.eq(glyph_fill(svg, "coal"), "#fff")       -- a dark one: white
  expect.eq(glyph_fill(svg, "chalk"), "crimson")   -- glyph_color named
  expect.eq(picture.text_on("#fff8dc"), "#222")
  expect.eq(picture.text_on("lightyellow"), "#222")
  expect.eq(picture.text_on("rgb(100%, 98%, 80%)"), "#222")
  expect.eq(picture.text_on("navy"), "#fff")
  expect.eq(picture.text_on("#d62728"), "#fff")    -- the first seat's red keeps its white text
  expect.eq(picture.text_on("#000c"), "#fff")      -- mostly black over the light background
  expect.eq(picture.text_on("#0001"), "#222")      -- barely any
  expect.eq(picture.text_on("none"), "#222")
end)

test("look: a grid's columns and rows read as the look says: a list, numbers, a function, none", function()
  local svg = looks():picture(0)
  expect.eq(axis_texts(component(svg, "track")), { "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12" })
  expect.eq(axis_texts(component(svg, "board")), { "1", "2", "3", "mid" })
  local logger = games.open("logger", { players = 2, seed = 1 }):picture(0)
  expect.eq(axis_texts(component(logger, "board")), { "a", "b", "c", "d", "e", "1", "2", "3", "4", "5" })
end)

test("look: a zone is drawn sorted as its look says; the zone itself keeps its order", function()
  local g = looks()
  local hand = component(g:picture(1), "hand")
  local labels = {}
  for label in hand:gmatch('<g class="card" data%-key="(%a+)"') do labels[#labels + 1] = label end
  expect.eq(labels, { "ash", "elm", "fir", "oak", "yew" })
  expect.eq({ g.state.hand:cards() }, { 5, 4, 3, 2, 1 })
end)

test("look: a place is tinted by the seat its field names (tint), with no fill per seat", function()
  local svg = looks():picture(0)
  local board = component(svg, "board")
  expect.truthy(board:find('<title>a1: owner of seat 1</title><rect x="18" y="88" width="44" height="44" fill="#eaaaa5"', 1, true))
  expect.truthy(board:find('<title>b1: owner of seat 2</title><rect x="62" y="88" width="44" height="44" fill="#a9c6d6"', 1, true))
  expect.truthy(svg:find("owner of seat 2</text>", 1, true), "the legend names each seat's tint")
end)

test("look: an axis or a sort that is none of the kinds is refused when the game loads, naming it", function()
  expect.eq(picture.look_problem({ track = { columns = "roman" } }),
    "look.track.columns is 'roman': give \"letters\", \"numbers\", a list of labels, a function(s, n) or false")
  expect.eq(picture.look_problem({ hand = { sort = "size" } }),
    "look.hand.sort is 'size': give true (by card), \"label\" or a function(card) returning a key")
  expect.eq(picture.look_problem({ board = { owner = { tint = true, glyph_color = "ink" } } }),
    "look.board.owner.glyph_color is 'ink', not a colour (give #rgb, #rrggbb, rgb(r, g, b) or a CSS colour name such as \"steelblue\")")
  expect.eq(picture.look_problem({ hand = { sort = function(card) return card end }, track = { rows = false } }), nil)
end)

-- What the picture reads (the fixture game "marks") -----------------------------------

local function marks() return games.open("marks", { players = 2, seed = 1 }) end

--- The attributes of the first element of class `class` whose attributes
--- hold `has` (plain text), as one string; nil when there is none.
local function element(svg, class, has)
  for attrs in svg:gmatch('<g class="' .. class:gsub("%-", "%%-") .. '"([^>]*)>') do
    if not has or attrs:find(has, 1, true) then return attrs end
  end
  return nil
end

test("the last move is marked: the places it changed (not what the look hides), its counters, its line", function()
  local g = marks()
  local before = g:picture(1)
  expect.falsy(before:find("data-changed", 1, true), "nothing is marked before the first move")
  expect.falsy(before:find('class="last-move"', 1, true))
  g:play("stone 2")
  local svg = g:picture(1)
  local changed = {}
  for place in svg:gmatch('data%-place="([^"]+)" data%-changed="last"') do changed[#changed + 1] = place end
  -- b2's note changed too, but the look hides it: only b1 shows a change
  expect.eq(changed, { "b1" })
  expect.truthy(svg:find('class="mark" pointer-events="none"', 1, true), "a halo is drawn")
  expect.truthy(svg:find("last move (1), seat 1: stone 2", 1, true), "the header names the move")
  expect.truthy(svg:find("gold 1 (+1)", 1, true), "a counter says what the move changed it by")
  expect.truthy(svg:find(">last move</text>", 1, true), "the legend names the mark")
  g:play("open")
  svg = g:picture(0)
  expect.falsy(svg:find('data-place="b1" data-changed', 1, true), "the mark is the last move's only")
  expect.truthy(svg:find("last move (2), seat 2: open", 1, true))
end)

test("a card that comes into a zone is marked where the viewer sees it; a hidden zone only by its count", function()
  local g = games.open("onceupon", { players = 2, seed = 4 })
  g:play("draw 1")
  local own, other = g:picture(1), g:picture(2)
  expect.truthy(zone(own, "hand1"):find('<g class="card" data%-key="[^"]+" data%-changed="last"'), "seat 1's drawn card is marked")
  expect.truthy(zone(other, "hand1"):find('<g class="back" data-changed="last"', 1, true), "seat 2 sees a back come in")
  expect.falsy(zone(own, "pile1"):find('data-changed', 1, true), "the pile's top back was not added to")
end)

test("what a click looks for: a place's name, a column, a card's key or label, a zone's label, a position, a seat", function()
  local g = marks()
  g:play("open")
  local svg = g:picture(2)
  expect.truthy(element(svg, "cell", 'data-place="b1"'):find('data-key="2"', 1, true), "field: key = \"column\" (numbers)")
  expect.truthy(element(svg, "cell", 'data-place="1,-1"'):find('data-key="1,-1"', 1, true), "a hex by its name")
  expect.truthy(element(svg, "seat-head", "seat 2"), "a seat's header: \"seat 2\"")
  expect.truthy(zone(svg, "hand2"):find('data-key="tile|lay tile"', 1, true), "a card's keys, from look.cards")
  expect.truthy(zone(svg, "vault"):find('data-key="vault"', 1, true), "key = \"label\": the zone's label")
  expect.truthy(zone(svg, "row"):find('data-key="^row 1$"', 1, true), "a key function of the position")
  expect.truthy(svg:find('<g class="piece" data-key="diver 2">', 1, true), "a piece's key, from its value")
  -- a phrase never holds "|", which separates phrases
  expect.eq(select(2, svg:gsub('data%-key="[^"]*|[^"]*"', "")), 1)
end)

test("each seat's standing heads its panel: the look's score (data-score) and status, runs of blanks kept", function()
  local g = marks()
  g:play("stone 1")
  g:play("stone 3")
  g:play("stone 2")
  local svg = g:picture(0)
  expect.truthy(element(svg, "seat", 'data-seat="1"'):find('data-score="2"', 1, true))
  expect.truthy(element(svg, "seat", 'data-seat="2"'):find('data-score="1"', 1, true))
  expect.truthy(svg:find(">· 2 gold</text>", 1, true), "the score with its label")
  expect.truthy(svg:find('xml:space="preserve">status   of  1   gold 2 (+1)</text>', 1, true), "the status, its blanks kept")
  -- every game gives its standing
  for _, name in ipairs { "logger", "onceupon", "flooded", "squirrel", "starfall" } do
    local pic = games.open(name, { seed = 2 }):picture(0)
    expect.truthy(pic:find('<g class="seat" data%-seat="1" data%-score="%-?[%d.]+"'), name .. " shows seat 1's score")
  end
end)

test("a card holds its whole text for the zoom; a name too long for its chip is drawn whole", function()
  local svg = marks():picture(1)
  local title = zone(svg, "hand1"):match('<g class="card" data%-key="acorn"><title>([^<]*)</title>')
  expect.eq(title, "acorn\ncost: 2 gold\nkind: nut\na card of the test")
  -- the long name: on two lines, each whole (squeezed if it must be), never with an ellipsis
  local long = "an acorn whose name is far too long for a card"
  local part = zone(svg, "hand1"):match('data%-key="' .. long .. '">(.-)</g>')
  local words = {}
  for text in part:gmatch('<text[^>]*>([^<]*)</text>') do words[#words + 1] = text end
  expect.eq(words[1] .. " " .. words[2], long)
  expect.falsy(svg:find("…", 1, true), "nothing is cut")
  -- Squirrel Island: a card shows its cost, and holds every field
  local sq = games.open("squirrel", { players = 2, seed = 6 }):picture(1)
  local card = zone(sq, "hand1"):match('<g class="card"[^>]*><title>([^<]*)</title>')
  expect.truthy(card:find("\ncost: ", 1, true) and card:find("\nplay: ", 1, true) and card:find("\nstash: ", 1, true), card)
end)

test("a card with sides draws as a hex, its sides in their colours; a zone's mark is drawn", function()
  local svg = marks():picture(2)
  local tile = zone(svg, "hand2")
  expect.truthy(tile:find('<polygon points=', 1, true), "the tile is a hex")
  expect.truthy(tile:find('stroke="#2f7fc1"', 1, true) and tile:find('stroke="#2e6b30"', 1, true), "its sides")
  expect.truthy(zone(svg, "row"):find('data-mark="tired"', 1, true), "look.row.mark")
  expect.truthy(zone(svg, "row"):find(">tired</text>", 1, true))
end)

test("an unrevealed zone is drawn face down whatever it holds; revealed, its faces", function()
  local g = marks()
  local svg = g:picture(1)
  expect.truthy(svg:find('<g class="zone unrevealed" data-component="vault">', 1, true))
  expect.falsy(zone(svg, "vault"), "no zone of faces")
  expect.falsy(component(svg, "vault"):find('class="card"', 1, true), "no face of what it holds")
  g:play("open")
  expect.truthy(zone(g:picture(1), "vault"):find('<g class="card" data-key="vault">', 1, true))
  -- Squirrel Island: the Island's spaces 5 to 8 on day 1
  local sq = games.open("squirrel", { players = 2, seed = 6 }):picture(0)
  expect.eq(select(2, sq:gsub('<g class="zone unrevealed" data%-component="island%d"', "")), 4)
end)

test("pieces the look computes (value) are drawn with their entry: seats' colours, a count each", function()
  local svg = marks():picture(0)
  expect.truthy(svg:find('<title>diver of seat 1</title><circle [^>]* fill="#d62728"'), "seat 1's diver in its colour")
  expect.truthy(svg:find('<title>diver of seat 2</title><circle [^>]* fill="#1f77b4"'), "seat 2's")
  -- Flooded Forest: a start tile's free circles, one piece each
  local fl = games.open("flooded", { players = 3, seed = 2 }):picture(0)
  expect.truthy(select(2, fl:gsub("<title>free circle</title>", "")) >= 2)
  expect.truthy(fl:find("<title>river circle free</title>", 1, true))
end)

test("every hex shows its name as the move texts write it", function()
  local svg = games.open("flooded", { players = 3, seed = 2 }):picture(0)
  local hexes, named = 0, 0
  for place, body in svg:gmatch('<g class="cell" data%-place="([^"]+)"[^>]*>(.-)</g>') do
    hexes = hexes + 1
    if body:find('>' .. place .. '</text>', 1, true) then named = named + 1 end
  end
  expect.truthy(hexes > 40)
  expect.eq(named, hexes)
end)

test("a look's new keys are checked when the game loads, naming the field", function()
  expect.eq(picture.look_problem({ hand = { key = "face" } }),
    "look.hand.key is 'face': give \"name\", \"column\", \"row\" (a board), \"card\", \"label\" (a zone), a function(s, at) or false")
  expect.eq(picture.look_problem({ hand = { mark = "tired" } }), "look.hand.mark is a string: give a function(s, at)")
  expect.eq(picture.look_problem({ standing = 3 }),
    "look.standing must be a table: {score = function(s, seat), label =, status = function(s, seat)}")
  expect.eq(picture.look_problem({ standing = { score = 3 } }), "look.standing.score is a number: give a function(s, seat)")
  expect.eq(picture.look_problem({ map = { circles = { value = 2 } } }),
    "look.map.circles.value is a number: give a function(s, place) returning the value to draw")
  -- a field named like a key of the look keeps its look (a table)
  expect.eq(picture.look_problem({ board = { mark = { glyph = "x" }, key = { color = "#fff" } } }), nil)
  -- a die face called "value" is a face's look, no computed piece (the picture fuzzer found it refused)
  expect.eq(picture.look_problem({ cup = { faces = { value = { glyph = "V", color = "#fc3" } } } }), nil)
  expect.eq(picture.look_problem({ cup = { faces = { value = { color = "nope" } } } }):match("^look%.cup%.faces%.value%.color "),
    "look.cup.faces.value.color ")
end)
