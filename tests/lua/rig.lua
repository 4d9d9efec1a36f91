-- Chance fixed in a test: Dice:rig and Deck:rig (host/lua/lua_dice.c,
-- lua_deck.c), and grove.testing's rig, card, lay and set_phase. A rig is
-- part of the state: what it fixes happens, then chance goes on from the
-- seed; undo, saves and replays keep it; what cannot happen is refused
-- with the one voice of the bindings' errors, changing nothing.
games.add_path("tests/fixtures")

local function open(seed)
  return games.open("allkinds", { players = 2, seed = seed or 1 })
end

--- The whole message of what f raises, checking that it changed nothing.
local function raised(g, f)
  local hash, played = g:hash(), #g:history()
  local ok, err = pcall(f)
  expect.falsy(ok, "no error")
  expect.eq(g:hash(), hash, "a refused rig changed the state")
  expect.eq(#g:history(), played, "a refused rig is in the history")
  return err
end

local HERE = "tests/lua/rig.lua:"

-- Dice ------------------------------------------------------------------------------

test("rig: the next dice rolled show the rigged symbols, then chance goes on from the seed", function()
  local g, plain = open(), open()
  g:edit('s.cup:rig("snake", "snake", "star")')
  expect.eq({ g.state.cup:rigged() }, { "snake", "snake", "star" })
  g:edit("s.cup:roll()")
  expect.eq({ g.state.cup:values() }, { "snake", "snake" })
  expect.eq({ g.state.cup:rigged() }, { "star" })
  g:edit("s.cup:roll_one(2)")
  expect.eq({ g.state.cup:values() }, { "snake", "star" })
  expect.eq({ g.state.cup:rigged() }, {})
  -- the rigged dice drew from the generator as free ones would: the game
  -- that was never rigged rolls the same from here on
  plain:edit("s.cup:roll()")
  plain:edit("s.cup:roll_one(2)")
  local seen = {}
  for _ = 1, 6 do
    g:edit("s.cup:roll()")
    plain:edit("s.cup:roll()")
    expect.eq({ g.state.cup:values() }, { plain.state.cup:values() })
    seen[table.concat({ g.state.cup:values() }, " ")] = true
  end
  expect.eq(g:hash(), plain:hash())
  expect.truthy(next(seen, next(seen)), "the dice after the rig are chance, not the rig again")
end)

test("rig: a new rig replaces the one waiting, rig() clears it, a symbol may be its number", function()
  local g = open()
  local cup = g.state.cup
  cup:rig("star", "star", "star")
  cup:rig(2, "snake")                  -- 2: the second symbol, snake
  expect.eq({ cup:rigged() }, { "snake", "snake" })
  cup:rig()
  expect.eq({ cup:rigged() }, {})
  -- set aside dice do not roll: roll_free gives the rig to the others
  cup:rig("snake", "star")
  cup:set_value(1, "star")
  cup:set_aside(1)
  cup:roll_free()
  expect.eq({ cup:values() }, { "star", "snake" })
  expect.eq({ cup:rigged() }, { "star" })
end)

test("rig: undo takes a rig back and redo makes it again; a rigged roll undone waits again", function()
  local g = open()
  local before = g:hash()
  g:edit('s.cup:rig("snake", "star")')
  local rigged = g:hash()
  expect.ne(rigged, before, "the rig is in the state")
  g:edit("s.cup:roll()")
  expect.eq({ g.state.cup:rigged() }, {})
  g:undo()
  expect.eq(g:hash(), rigged)
  expect.eq({ g.state.cup:rigged() }, { "snake", "star" })
  g:undo()
  expect.eq(g:hash(), before)
  expect.eq({ g.state.cup:rigged() }, {})
  g:redo()
  g:redo()
  expect.eq({ g.state.cup:values() }, { "snake", "star" })
end)

test("rig: a save keeps the rig waiting, and loading plays the rigged rolls again", function()
  local g = open(7)
  g:edit('s.cup:rig("snake", "snake", "star", "snake")')
  g:edit("s.cup:roll()")
  local text = g:save_text()
  expect.truthy(text:find('edit s.cup:rig("snake", "snake", "star", "snake")', 1, true), text)
  local back = games.load(text)
  expect.eq(back:hash(), g:hash())
  expect.eq({ back.state.cup:rigged() }, { "star", "snake" })
  back:edit("s.cup:roll()")
  expect.eq({ back.state.cup:values() }, { "star", "snake" })
end)

test("rig: a symbol no face shows, or too many, is refused naming it, and nothing changes", function()
  local g = open()
  g.state.cup:rig("star")
  expect.eq(raised(g, function()
    g.state.cup:rig("snake", "moon")
  end), HERE .. "104: dice 'cup':rig, argument #2: no symbol 'moon' (symbols: star, snake)")
  expect.eq(raised(g, function()
    g.state.cup:rig(3)
  end), HERE .. "107: dice 'cup':rig, argument #1: no symbol 3 (symbols 1..2)")
  local many = {}
  for i = 1, 33 do many[i] = "star" end
  expect.eq(raised(g, function()
    g.state.cup:rig(table.unpack(many))
  end), HERE .. "112: dice 'cup':rig, argument #33: at most 32 results can be rigged at once, not 33 "
    .. "(rig the next rolls, then more once they are rolled)")
  expect.eq({ g.state.cup:rigged() }, { "star" })
  -- through grove.testing: the same words, at the test's line
  expect.eq(raised(g, function()
    rig(g, "cup", "moon")
  end), HERE .. "118: rig: dice 'cup':rig, argument #1: no symbol 'moon' (symbols: star, snake)")
  expect.eq(raised(g, function()
    rig(g, "cpu", "star")
  end), HERE .. "121: rig: the game has no dice or card zone named 'cpu' (did you mean 'cup'?)")
end)

-- Decks -----------------------------------------------------------------------------

test("rig: the rigged cards are the zone's next deals, even after a shuffle", function()
  local g = open()
  local s = g.state
  for card = 10, 13 do s.pile:push(card) end
  s.pile:rig(11, 10)
  expect.eq({ s.pile:cards() }, { 11, 10, 13, 12 })      -- the others keep their order
  expect.eq({ s.pile:rigged() }, { 11, 10 })
  s.pile:shuffle()
  expect.eq({ s.pile:peek(1), s.pile:peek(2) }, { 11, 10 })
  expect.eq({ s.pile:rigged() }, { 11, 10 })
  expect.eq(s.pile:draw(), 11)
  expect.eq({ s.pile:rigged() }, { 10 })
  s.pile:push(11)                                         -- a card on top of the rig ends it
  expect.eq({ s.pile:rigged() }, {})
end)

test("rig: undo, redo and a save keep a zone's rig; the shuffle after it deals the rigged cards", function()
  local g = open(3)
  g:edit("for card = 1, 4 do s.pile:push(card) end")
  local before = g:hash()
  g:edit("s.pile:rig(2, 3)")
  local rigged = g:hash()
  expect.ne(rigged, before)
  g:edit("s.pile:shuffle()")
  expect.eq({ g.state.pile:peek(1), g.state.pile:peek(2) }, { 2, 3 })
  local back = games.load(g:save_text())
  expect.eq(back:hash(), g:hash())
  expect.eq({ back.state.pile:rigged() }, { 2, 3 })
  g:undo()
  expect.eq(g:hash(), rigged)
  g:undo()
  expect.eq(g:hash(), before)
  expect.eq({ g.state.pile:rigged() }, {})
  g:redo()
  expect.eq({ g.state.pile:rigged() }, { 2, 3 })
end)

test("rig: a card the zone does not hold (so many times) is refused naming it, and nothing changes", function()
  local g = open()
  local pile = g.state.pile
  expect.eq(raised(g, function()
    pile:rig(1)
  end), HERE .. "168: deck 'pile':rig: cannot rig 1 card: the deck holds 0")
  for _, card in ipairs({ 5, 6, 6 }) do pile:push(card) end
  pile:rig(5)
  expect.eq(raised(g, function()
    pile:rig(6, 7)
  end), HERE .. "173: deck 'pile':rig, argument #2: the deck does not hold card 7")
  expect.eq(raised(g, function()
    pile:rig(6, 5, 6, 6)
  end), HERE .. "176: deck 'pile':rig: cannot rig 4 cards: the deck holds 3")
  expect.eq(raised(g, function()
    pile:rig(5, 5)
  end), HERE .. "179: deck 'pile':rig, argument #2: card 5 is asked for 2 times, but the deck holds 1")
  expect.eq(raised(g, function()
    pile:rig(-1)
  end), HERE .. "182: deck 'pile':rig, argument #1: -1 is not a card (cards are integers 0..2147483647)")
  expect.eq({ pile:rigged() }, { 5 })
  pile:rig(6, 6)
  expect.eq({ pile:cards() }, { 6, 6, 5 })
end)

-- In the games: names, the catalog, phases -----------------------------------------------

local function squirrel(players, seed)
  return games.open("squirrel", { players = players or 2, seed = seed or 1 })
end

local function names(g, zone)
  local list = {}
  for i, c in ipairs({ g.state[zone]:cards() }) do list[i] = g.definition.catalog.names[c] end
  return list
end

--- Every card of the game's zones, counted by id.
local function census(g)
  local n = {}
  for _, c in ipairs(g.state:components()) do
    if c.kind == "deck" then
      for _, card in ipairs({ g.state[c.name]:cards() }) do n[card] = (n[card] or 0) + 1 end
    end
  end
  return n
end

test("card: a catalog name (any case) gives its id; a name not there names the nearest", function()
  local g = squirrel()
  local id = card(g, "Acorn Picker")
  expect.eq(g.definition.catalog.names[id], "acorn picker")
  expect.eq(card(g, "acorn picker"), id)
  expect.eq(raised(g, function()
    card(g, "acorn pikcer")
  end), HERE .. "218: no card named 'acorn pikcer' in the game's catalog (did you mean 'acorn picker'?)")
  expect.eq(raised(g, function()
    card(open(), "fox")
  end), HERE .. "221: the game 'allkinds' has no catalog to find cards by name in (catalog = { what = "
    .. "\"cards\", names = NAMES } in its definition): give card ids instead")
end)

test("rig: by name, the draw pile's next cards, a copy the pile holds, as an edit", function()
  local g = squirrel()
  rig(g, "draw_pile", "elder", "feast")
  expect.eq({ g.state.draw_pile:rigged() }, { card(g, "elder"), card(g, "feast") })
  expect.eq(g:history()[#g:history()], string.format("s[\"draw_pile\"]:rig(%d, %d)", card(g, "elder"),
    card(g, "feast")))
  expect.eq(raised(g, function()
    rig(g, "draw_pile", "elder", "elder", "elder", "elder", "elder", "elder", "elder", "elder", "elder")
  end), HERE .. "233: rig: deck 'draw_pile' holds no elder")
  g:undo()
  expect.eq({ g.state.draw_pile:rigged() }, {})
end)

test("lay: named cards into named zones in one edit, every card kept; undo takes it back", function()
  local g = squirrel()
  local before, count = g:hash(), census(g)
  local held = g.state.hand1:count()
  lay(g, { hand1 = { "elder", "feast" }, hand2 = { "glider" } })
  expect.eq(g.state.hand1:count(), held + 2)
  expect.eq(names(g, "hand1")[1], "elder")
  expect.eq(names(g, "hand1")[2], "feast")
  expect.eq(names(g, "hand2")[1], "glider")
  expect.eq(census(g), count, "every card is still in the game")
  expect.eq(type(g:history()[#g:history()]), "string", "an edit")
  g:undo()
  expect.eq(g:hash(), before)
  -- others: the zones named hold exactly their cards, the rest go under the pile
  expect.eq(names(g, "island1"), { "hoarder" })           -- seed 1
  expect.eq(names(g, "hand2"), { "branch hopper", "digger", "forager", "motivator", "motivator" })
  local pile = g.state.draw_pile:count()
  lay(g, { hand2 = { "motivator", "nut sack" }, island1 = { "glider" } }, { others = "draw_pile" })
  expect.eq(names(g, "hand2"), { "motivator", "nut sack" })
  expect.eq(names(g, "island1"), { "glider" })
  local under = names(g, "draw_pile")
  expect.eq(#under, pile - 2 + 5, "two came from the pile, five went under it")
  local went = {}
  for i = pile - 2 + 1, #under do went[#went + 1] = under[i] end
  table.sort(went)
  expect.eq(went, { "branch hopper", "digger", "forager", "hoarder", "motivator" })
  expect.eq(census(g), count)
  -- a copy the zone holds is the one laid: nothing comes from elsewhere
  local hand = names(g, "hand1")
  lay(g, { hand1 = { "sky scout" } })
  expect.eq(names(g, "hand1"), { "sky scout", hand[1], hand[2], hand[3], hand[5] })
  expect.eq(census(g), count)
  expect.eq(raised(g, function()
    lay(g, { hand1 = { "motivator", "motivator", "motivator", "motivator", "motivator", "motivator",
      "motivator", "motivator", "motivator", "motivator" } })
  end), HERE .. "272: lay: no copy of \"motivator\" is left to lay into 'hand1' (the zones hold 4, all laid already)")
  local f = games.open("flooded", { players = 3, seed = 1 })
  local start_tile = tostring(f.state.map:get(f.state.map:id("2,-1"), "tile"))    -- on the board, in no zone
  expect.eq(raised(f, function()
    lay(f, { hand1 = { start_tile } })
  end), HERE .. "278: lay: no card zone holds \"" .. start_tile .. "\" (lay takes cards from the zones only)")
  expect.eq(raised(g, function()
    lay(g, { hand9 = { "elder" } })
  end), HERE .. "281: lay: the game has no card zone named 'hand9' (did you mean 'hand1'?)")
end)

test("set_phase: a phase by its name, and whose turn it is; undo takes it back", function()
  local g = squirrel()
  local before = g:hash()
  set_phase(g, "choose", 2)
  expect.eq(g.state.turn.phase, g.definition.phases.names.choose)
  expect.eq(g.state.turn.seat, 2)
  g:undo()
  expect.eq(g:hash(), before)
  expect.eq(raised(g, function()
    set_phase(g, "chose")
  end), HERE .. "294: set_phase: the game 'squirrel' has no phase 'chose' (phases: asleep, awake, choose, order)")
  expect.eq(raised(g, function()
    set_phase(g, "choose", 3)
  end), HERE .. "297: set_phase: no seat 3 (1..2)")
end)

test("rig: a real roll: Starfall Forest's first roll shows the rigged faces and sets aside the stars", function()
  local g = games.open("starfall", { players = 2, seed = 1 })
  for _, m in ipairs({ "knock b2", "knock c2", "plant a1", "plant f6", "snake 1 b5", "snake 2 e2", "fairy c3" }) do
    g:play(m)
  end
  rig(g, "cup", "star", "fairy", "star", "snake", "tree")
  g:play("fairy d4")                                     -- the setup's last move: seat 1 rolls
  expect.eq({ g.state.cup:values() }, { "star", "fairy", "star", "snake", "tree" })
  expect.eq({ g.state.cup:aside() }, { 1, 3 })
  expect.eq(g:said(), { "Seat 1 rolls star, star, fairy, snake, tree: 2 stars set aside (2 of 5)." })
end)
