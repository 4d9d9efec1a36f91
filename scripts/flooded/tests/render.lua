-- Flooded Forest: the board as text (render), what the REPL and `grove
-- show` print: every hex of the flood areas and the river with its sides
-- (water ~, forest #) and its fish and circles, the key, the river circles,
-- and each seat's line (its own hand shown to it, the others' counted).

test("render: the hexes with their sides, fish and circles; the key; each seat's line", function()
  local g = games.open("flooded", { players = 3, seed = 5 })
  g:play(g:legal()[1])                     -- seat 1 places a tile and a red fish
  expect.eq(g:render(1), table.concat({
    " ... ... ... ... ... ... ... ... ... ... ... ... ... ... ... ...",
    ". 1,-3  . 2,-3  . 3,-3  . 4,-3  . 5,-3  . 6,-3  . 7,-3  . 8,-3  .",
    ".       .       .       .       .       .       .       .       .",
    " ... ... ... ... ... ... ... ... ... ... ... ... ... ... ... ...",
    "    . 1,-2  . 2,-2  . 3,-2  . 4,-2  . 5,-2  . 6,-2  . 7,-2  .",
    "    .       .       .       .       .       .       .       .",
    " ... ... ### ### ### ~~~ ... ... ... ... ~~~ ### ... ... ... ...",
    ". 0,-1  ~ 1,-1  ~ 2,-1  # 3,-1  . 4,-1  # 5,-1  # 6,-1  . 7,-1  .",
    ".       ~  ro   ~   o   #       .       #   o   #       .       .",
    " ... ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ...",
    "    ~  0,0  ~  1,0  ~  2,0  ~  3,0  ~  4,0  ~  5,0  ~  6,0  ~",
    "    ~ oooo  ~ ~~~~~ ~ ~~~~~ ~ oooo  ~ ~~~~~ ~ ~~~~~ ~ oooo  ~",
    " ... ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ~~~ ...",
    ". -1,1  .  0,1  #  1,1  #  2,1  .  3,1  ~  4,1  #  5,1  .  6,1  .",
    ".       .       #  ooo  #       .       ~   o   #       .       .",
    " ... ... ... ... ~~~ ### ... ... ... ... ### ### ... ... ... ...",
    "    . -1,2  .  0,2  .  1,2  .  2,2  .  3,2  .  4,2  .  5,2  .",
    "    .       .       .       .       .       .       .       .",
    " ... ... ... ... ... ... ... ... ... ... ... ... ... ... ... ...",
    ". -2,3  . -1,3  .  0,3  .  1,3  .  2,3  .  3,3  .  4,3  .  5,3  .",
    ".       .       .       .       .       .       .       .       .",
    " ... ... ... ... ... ... ... ... ... ... ... ... ... ... ... ...",
    "~ water side  # forest side  r g b p fish (red green blue purple)  o free circle",
    "C caiman  P piranhas  J jaguar  * river circle taken",
    "River circles: 0 of 12 taken",
    "Seat 1 red   :  0 points; fish left 17, home 0, eaten 0 (0 own)",
    "    hand: 10 [~~~~##] 1 circle, back: piranha-three; 33 [~#~###] 3 circles, back: caiman-land; 36 [~#####] 3 circles, back: jaguar-two (4 in deck)",
    "Seat 2 green :  0 points; fish left 18, home 0, eaten 0 (0 own)   <- place a tile: place TILE rK Q,R",
    "    hand: 3 tiles (5 in deck)",
    "Seat 3 blue  :  0 points; fish left 18, home 0, eaten 0 (0 own)",
    "    hand: 3 tiles (5 in deck)",
  }, "\n"))
end)

test("render: the fish on a hex are letters while 7 fit inside it, then counts", function()
  local g = games.open("flooded", { players = 3, seed = 5 })
  g:play(g:legal()[1])
  local map = g.state.map
  local h = map:cells({ red = { 1, 72 } })
  local function fish(red, green)
    map:set(h, "red", red)
    map:set(h, "green", green)
    map:set(h, "fish", red + green)
    return g:render(1)
  end
  local text = fish(4, 3)
  expect.truthy(text:find("rrrrggg", 1, true), text)
  text = fish(5, 3)
  expect.truthy(text:find("r5g3", 1, true), text)
  expect.falsy(text:find("rrrrrggg", 1, true), text)
end)

test("render: a seat's line counts the fish its predators ate, its own colour among them", function()
  local g = games.open("flooded", { players = 3, seed = 5 })
  g.state.eaten_green:set(1, 3)            -- seat 1's predators ate 3 green fish ...
  g.state.eaten_red:set(1, 1)              -- ... and 1 of its own red ones
  expect.truthy(g:render(1):find("eaten 4 (1 own)", 1, true), g:render(1))
end)

test("render: a predator's letter comes first, and the fish on its hex are letters only while they fit beside it", function()
  local g = games.open("flooded", { players = 3, seed = 5 })
  g:play(g:legal()[1])
  local map = g.state.map
  local h = map:cells({ red = { 1, 72 } })
  map:set(h, "predator", 1)                -- a caiman
  map:set(h, "red", 6)
  map:set(h, "fish", 6)
  local text = g:render(1)
  expect.truthy(text:find("C r6", 1, true), text)      -- 6 letters would not fit in the 5 beside "C "
  expect.falsy(text:find("rrrrrr", 1, true), text)
end)

test("render: the river circles fill the middle river tile once the first is taken", function()
  local g = games.open("flooded", { players = 3, seed = 5 })   -- 4 circles on each scoring river tile
  g.state.home:set(1, 5)
  local text = g:render(1)
  expect.truthy(text:find("~ ****  ~", 1, true), text)          -- 0,0: all four taken
  expect.truthy(text:find("~ *ooo  ~", 1, true), text)          -- 3,0: the fifth fish
  local _, full = text:gsub("%*%*%*%*", "")
  expect.eq(full, 1, "river tiles with all four circles taken")
end)

test("render: when the predators appear, each seat's line names the pieces it has left to place", function()
  local g = games.open("flooded", { players = 3, seed = 5 })
  local s = g.state
  s.play.stage = g.definition.data.stages.predators
  s.turn.phase = g.definition.phases.names.predators
  for seat = 1, 3 do
    for _, name in ipairs({ "caiman", "piranhas", "jaguar" }) do s[name]:set(seat, 0) end
  end
  s.caiman:set(1, 1)
  s.piranhas:set(3, 1)
  s.jaguar:set(3, 1)
  local text = g:render(1)
  expect.truthy(text:find(" predators to place: caiman\n", 1, true), text)
  expect.truthy(text:find(" predators to place: none\n", 1, true), text)
  expect.truthy(text:find(" predators to place: piranhas, jaguar", 1, true), text)
end)

test("render: the picture draws a tile in hand with its water and forest sides", function()
  local g = games.open("flooded", { players = 3, seed = 5 })
  local face = g.definition.look.cards(10)                  -- tile 10: ~~~~##
  local labels = {}
  for d = 1, 6 do labels[d] = face.sides[d] and face.sides[d].label end
  expect.eq(labels, { "water side", "water side", "water side", "water side", "forest side", "forest side" })
end)
