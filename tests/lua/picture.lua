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
    local at = svg:find('<g class="cell" data-key="' .. name .. '">', 1, true)
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
