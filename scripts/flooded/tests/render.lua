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
