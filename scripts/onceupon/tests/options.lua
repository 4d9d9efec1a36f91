-- Once Upon a Forest's options (README, "Options"): each number a designer
-- may change from the command line (--set NAME=VALUE) changes the rule it
-- names, and its default is the rule text's number (or the variant's).

local PILES = 5

local function open(options)
  options.players, options.seed = options.players or 2, 1
  return games.open("onceupon", options)
end

--- Every player draws their first cards (from pile 1 while it lasts).
local function first_draws(g)
  while g.state.turn.phase == 1 do g:play(g:moves()[1]) end
end

--- A card named `name` out of the piles.
local function from_piles(g, name)
  local C = g.definition.data.cards
  for p = 1, PILES do
    local pile = g.state["pile" .. p]
    for pos, card in ipairs({ pile:cards() }) do
      if C.CARDS[card].name == name then return pile:take(pos) end
    end
  end
  error("no " .. name .. " left in the piles", 2)
end

--- Plant a tree in `seat`'s forest: names by level, ground first; false
--- leaves the level empty.
local function plant(g, seat, tree, names)
  for level = 1, 4 do
    if names[level] then g.definition.data.rules.forest.place(g.state, seat, from_piles(g, names[level]), tree) end
  end
end

test("options: the defaults are the rule text's numbers", function()
  local o = open({}).state.options
  expect.eq({ o.hand_size, o.points_per_tree }, { 3, 3 })
  expect.eq(open({ variants = "semi-coop" }).state.options.chainsaws_per_player, 2)
  expect.eq(open({ players = 1 }).state.options.obligation_cards, 20)
end)

test("option hand_size: players draw up to that many cards, at the start and after each turn", function()
  local g = open { hand_size = 5 }
  first_draws(g)
  expect.eq({ g.state.hand1:count(), g.state.hand2:count() }, { 5, 5 })
  local plain = open {}
  first_draws(plain)
  expect.eq({ plain.state.hand1:count(), plain.state.hand2:count() }, { 3, 3 })
  g = open { players = 1, hand_size = 4 }
  for _ = 1, 4 do g:play("draw 1") end
  expect.eq(g.state.hand1:count(), 4, "the solo mode too")
end)

test("option points_per_tree: a complete tree scores that many", function()
  local function two_trees(options)
    local g = open(options)
    first_draws(g)
    plant(g, 1, 1, { false, "deer1", "squirrel1", "owl1" })
    plant(g, 1, 2, { "boar1", "deer1", "squirrel3-saw", "bat1" })
    plant(g, 1, 3, { "hedgehog3-saw", false, false, "owl3-saw" })
    return g
  end
  local g = two_trees {}
  expect.eq(g.definition.score(g.state, 1), 5, "the worked example: 3 + 3 - 1 - 1 + 1")
  g = two_trees { points_per_tree = 5 }
  expect.eq(g.definition.score(g.state, 1), 9, "5 + 5 - 1 - 1 + 1")
  expect.truthy(g.definition.data.rules.forest.score_text(g.definition.data.rules.forest.score(g.state, 1))
    :find("complete trees 2 (+10)", 1, true))
end)

test("option chainsaws_per_player (semi-coop): the shared forest survives that many per player", function()
  local function five_saws(options)
    options.variants = "semi-coop"
    local g = open(options)
    first_draws(g)
    plant(g, 1, 1, { false, "fox2-saw", "squirrel2-saw", "owl2-saw" })
    plant(g, 2, 1, { false, "deer2-saw", "woodpecker2-saw", "bat1" })
    g.state.turn.over = 1
    return g:result()
  end
  local r = five_saws { chainsaws_per_player = 3 }
  expect.eq(r.winners, { 2 }, "the forest stands: seat 2 (1 point) beats seat 1 (0)")
  expect.truthy(r.text:find("at most 6 allowed", 1, true), r.text)
  expect.eq(five_saws({}).winners, {}, "5 chainsaws lose the forest at 2 per player")
  expect.error(function() open { chainsaws_per_player = 3 } end,
    "onceupon has no option 'chainsaws_per_player'")
end)

test("option obligation_cards (solo): the Obligation pile's size, the rest in the Selection piles", function()
  local g = open { players = 1, obligation_cards = 30 }
  expect.eq(g.state.obligation:count(), 30)
  expect.eq(g.state.selection1:count() + g.state.selection2:count() + g.state.selection3:count(), 30)
end)

test("options: each takes its least and its most value; one past either end is refused", function()
  local RANGES = {                       -- name, least, most, and the game it needs
    { "hand_size", 1, 9 }, { "points_per_tree", 0, 20 },
    { "chainsaws_per_player", 0, 20, { variants = "semi-coop" } },
    { "obligation_cards", 1, 59, { players = 1 } },
  }
  for _, row in ipairs(RANGES) do expect.option_range("onceupon", row[1], row[2], row[3], row[4]) end
end)

test("players: 1 to 4, 2 when the count is not given", function()
  expect.eq(games.open("onceupon", { seed = 1 }).players, 2)
  for _, n in ipairs({ 1, 4 }) do expect.eq(games.open("onceupon", { players = n, seed = 1 }).players, n) end
  for _, n in ipairs({ 0, 5 }) do
    expect.error(function() games.open("onceupon", { players = n, seed = 1 }) end,
      string.format("onceupon is played by 1 to 4 players, not %d", n))
  end
end)
