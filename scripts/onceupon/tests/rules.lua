-- Once Upon a Forest: one scenario per rule sentence of the rule text and
-- per decision of DECISIONS.md, each asserting the exact outcome.

local PILES = 5

local function open(players, variants)
  return games.open("onceupon", { players = players or 2, seed = 1, variants = variants or "" })
end

local function cards_of(g) return g.definition.data.cards end
local function forest_of(g) return g.definition.data.rules.forest end

--- Take a card named `name` out of the piles, or else out of a hand (which
--- gets pile 1's top card instead, so every hand keeps its size).
local function from_piles(g, name)
  local C = cards_of(g)
  for p = 1, PILES do
    local pile = g.state["pile" .. p]
    for pos, card in ipairs({ pile:cards() }) do
      if C.CARDS[card].name == name then return pile:take(pos) end
    end
  end
  for seat = 1, g.players do
    local hand = g.state["hand" .. seat]
    for pos, card in ipairs({ hand:cards() }) do
      if C.CARDS[card].name == name then
        local taken = hand:take(pos)
        if g.state.pile1:count() > 0 then hand:push(g.state.pile1:draw()) end
        return taken
      end
    end
  end
  error("no " .. name .. " left in the piles or hands", 2)
end

--- Every player draws their first three cards (from pile 1 while it lasts).
local function first_draws(g)
  while g.state.turn.phase == 1 do
    local legal = g:moves()
    g:play(legal[1])
  end
end

--- Give `seat` exactly the named cards: its hand goes back to pile 1 first.
local function hand_of(g, seat, names)
  local hand = g.state["hand" .. seat]
  while hand:count() > 0 do g.state.pile1:push(hand:draw()) end
  for _, name in ipairs(names) do hand:push(from_piles(g, name)) end
end

--- Plant a tree in `seat`'s forest: names by level, ground first; false
--- leaves the level empty. Replaces nothing: the cells must be empty.
local function plant(g, seat, tree, names)
  local forest = forest_of(g)
  for level = 1, 4 do
    if names[level] then forest.place(g.state, seat, from_piles(g, names[level]), tree) end
  end
end

local function card_name(g, seat, tree, level)
  local card = forest_of(g).card_at(g.state, seat, tree, level)
  return card == 0 and "." or cards_of(g).CARDS[card].name
end

local function score(g, seat) return forest_of(g).score(g.state, seat) end

--- Every card in play, by the name of the component holding it: the card
--- zones and the forests' top cards (s:components lists them all).
local function cards_in_play(g)
  local s, held = g.state, {}
  for _, c in ipairs(s:components()) do
    if c.kind == "deck" then
      held[c.name] = { s[c.name]:cards() }
    elseif c.kind == "grid" then
      local grid, cards = s[c.name], {}
      for _, cell in ipairs({ grid:cells({ card = { 1, 64 } }) }) do cards[#cards + 1] = grid:get(cell, "card") end
      held[c.name] = cards
    end
  end
  return held
end

--- How many cards `held` (from cards_in_play) holds in all, and how many of
--- them are Game Start cards.
local function census(g, held)
  local all, starts = 0, 0
  for _, cards in pairs(held) do
    for _, card in ipairs(cards) do
      all = all + 1
      if cards_of(g).CARDS[card].start then starts = starts + 1 end
    end
  end
  return all, starts
end

-- Setup ---------------------------------------------------------------------------

test("the cards: 64, 16 a level; two species a level, each on three x1, two x2, one x3 cards; "
  .. "a chainsaw on one x2 and on the x3 (4 a level); four cards a level with no animal", function()
  local CARDS = cards_of(open(2)).CARDS
  expect.eq(#CARDS, 64)
  local per_level, names = {}, {}
  for _, c in ipairs(CARDS) do
    local l = per_level[c.level] or { cards = 0, chainsaws = 0, plain = 0, species = {} }
    per_level[c.level] = l
    l.cards = l.cards + 1
    if c.chainsaw then l.chainsaws = l.chainsaws + 1 end
    if c.species then
      local sp = l.species[c.species] or {}
      l.species[c.species] = sp
      sp[#sp + 1] = c.animals .. (c.chainsaw and "-saw" or "")
    else
      l.plain = l.plain + 1
      expect.eq(c.animals, 0, c.name)
      expect.falsy(c.chainsaw, c.name)
    end
    names[c.name] = (names[c.name] or 0) + 1
  end
  local SPECIES = { { "boar", "hedgehog" }, { "fox", "deer" }, { "squirrel", "woodpecker" }, { "owl", "bat" } }
  for level = 1, 4 do
    local l = per_level[level]
    expect.eq({ l.cards, l.chainsaws, l.plain }, { 16, 4, 4 }, "level " .. level)
    for _, species in ipairs(SPECIES[level]) do
      table.sort(l.species[species])
      expect.eq(l.species[species], { "1", "1", "1", "2", "2-saw", "3-saw" }, species)
    end
  end
  expect.eq({ names.start, names.bush, names.trunk, names.crown }, { 4, 4, 4, 4 })
  expect.eq({ names["fox2"], names["fox2-saw"], names["fox3-saw"] }, { 1, 1, 1 })
end)

test("setup: each player's forest begins with a Game Start card; 5 piles as equal as possible", function()
  local g = open(2)
  for seat = 1, 2 do
    expect.eq(card_name(g, seat, 1, 1), "start")
    expect.eq(forest_of(g).trees(g.state, seat), 1)
  end
  local sizes = {}
  for p = 1, PILES do sizes[p] = g.state["pile" .. p]:count() end
  expect.eq(sizes, { 13, 13, 12, 12, 12 })     -- 60 cards and the 2 unused Game Start cards
  local g4 = open(4)
  local total = 0
  for p = 1, PILES do total = total + g4.state["pile" .. p]:count() end
  expect.eq(total, 60)                          -- all four Game Start cards are in forests
end)

test("setup: the other 60 cards plus the unused Game Start cards are shuffled into the piles", function()
  for players = 2, 4 do
    local g = open(players)
    local held = cards_in_play(g)
    local in_piles, starts_in_piles = 0, 0
    for p = 1, PILES do
      for _, card in ipairs(held["pile" .. p]) do
        in_piles = in_piles + 1
        if cards_of(g).CARDS[card].start then starts_in_piles = starts_in_piles + 1 end
      end
    end
    expect.eq(in_piles, 60 + (4 - players), players .. " players")
    expect.eq(starts_in_piles, 4 - players, players .. " players")
    local all, starts = census(g, held)
    expect.eq(all, 64, players .. " players: every card is in play")
    expect.eq(starts, 4, players .. " players")
  end
end)

test("setup: each player in turn draws three cards, choosing a pile for each", function()
  local g = open(3)
  expect.moves(g, { "draw 1", "draw 2", "draw 3", "draw 4", "draw 5" })
  g:play("draw 4")
  g:play("draw 4")
  expect.eq(g:actor(), 1)                       -- still seat 1: three cards each
  g:play("draw 2")
  expect.eq(g.state.hand1:count(), 3)
  expect.eq(g:actor(), 2)
  for _ = 1, 6 do g:play("draw 5") end
  expect.eq(g.state.hand3:count(), 3)
  expect.eq(g:actor(), 1)                       -- play begins with the first player
  expect.eq(g.state.turn.round, 1)
  expect.truthy(g:render(1):find("place a card in your forest", 1, true))
end)

-- 1. Play a card on the forest -------------------------------------------------------

test("placing: a ground card goes on the bottom row, a canopy card on the fourth", function()
  local g = open(2)
  first_draws(g)
  hand_of(g, 1, { "boar1", "owl1", "fox1" })
  g:play("place owl1 1")
  expect.eq(card_name(g, 1, 1, 4), "owl1")
  expect.eq(card_name(g, 1, 1, 2), ".")
end)

test("placing: a level-2 card cannot go on the ground row, nor anywhere but its own row", function()
  local g = open(2)
  first_draws(g)
  hand_of(g, 1, { "squirrel1", "deer1", "fox1" })
  -- the only place for it is tree 1, level 2 (the third row); the ground keeps its card
  local places = {}
  for _, text in ipairs(g:moves()) do
    if text:find("squirrel1", 1, true) then places[#places + 1] = text end
  end
  expect.eq(places, { "place squirrel1 1" })
  g:play("place squirrel1 1")
  expect.eq(card_name(g, 1, 1, 3), "squirrel1")
  expect.eq(card_name(g, 1, 1, 1), "start")
end)

test("placing: a new tree cannot be begun while the one before is incomplete", function()
  local g = open(2)
  first_draws(g)
  hand_of(g, 1, { "fox1", "owl1", "bat1" })
  expect.illegal(g, "place fox1 2")
  expect.legal(g, "place fox1 1")
end)

test("placing: once every tree is complete a new one may be begun with a card of any level", function()
  local g = open(2)
  first_draws(g)
  plant(g, 1, 1, { false, "fox1", "squirrel1", "owl1" })
  hand_of(g, 1, { "bat1", "deer1", "boar1" })
  expect.legal(g, "place bat1 2")               -- a new tree, canopy first
  expect.legal(g, "place bat1 1")               -- or covering the owl of tree 1
  expect.illegal(g, "place bat1 3")
  g:play("place bat1 2")
  expect.eq(forest_of(g).trees(g.state, 1), 2)
  expect.eq(card_name(g, 1, 2, 4), "bat1")
end)

test("placing: a tree need not be built from the bottom up", function()
  local g = open(2)
  first_draws(g)
  hand_of(g, 1, { "owl2", "deer1", "boar1" })
  g:play("place owl2 1")                        -- canopy above empty levels 1 and 2
  expect.eq(card_name(g, 1, 1, 4), "owl2")
  expect.eq(forest_of(g).height(g.state, 1, 1), 2)
end)

test("placing: covering a card replaces it; only the top card counts", function()
  local g = open(2)
  first_draws(g)
  plant(g, 1, 1, { false, "fox3-saw", "squirrel1", "owl1" })
  expect.eq(score(g, 1).chainsaws, 1)
  hand_of(g, 1, { "fox1", "deer1", "boar1" })
  g:play("place fox1 1")                        -- covers the fox3-saw
  expect.eq(card_name(g, 1, 1, 2), "fox1")
  expect.eq(g.state.covered1:count(), 1)
  expect.eq(cards_of(g).CARDS[g.state.covered1:peek()].name, "fox3-saw")
  local b = score(g, 1)
  expect.eq(b.chainsaws, 0)
  expect.eq(b.animals.fox, 1)
end)

test("placing: a card may cover a card of its level in an earlier complete tree", function()
  local g = open(2)
  first_draws(g)
  plant(g, 1, 1, { false, "fox1", "squirrel1", "owl1" })
  plant(g, 1, 2, { "boar1" })
  hand_of(g, 1, { "deer2", "bat1", "hedgehog1" })
  expect.legal(g, "place deer2 1")              -- covering in the complete tree
  expect.legal(g, "place deer2 2")              -- the empty cell of the tree being built
  expect.legal(g, "place hedgehog1 1")          -- covering the Game Start card
  expect.legal(g, "place hedgehog1 2")          -- covering the boar of tree 2
  expect.illegal(g, "place hedgehog1 3")        -- tree 2 is not complete
end)

-- 2. Give a card to another player ------------------------------------------------------

test("giving: the receiver places the given card at once, where they choose", function()
  local g = open(3)
  first_draws(g)
  hand_of(g, 1, { "boar1", "owl1", "fox1" })
  g:play("place boar1 1")                       -- covers the Game Start card
  expect.moves(g, { "give fox1 to 2", "give fox1 to 3", "give owl1 to 2", "give owl1 to 3" })
  g:play("give owl1 to 3")
  expect.eq(g:actor(), 3)                       -- out of turn
  expect.moves(g, { "place owl1 1" })
  g:play("place owl1 1")
  expect.eq(card_name(g, 3, 1, 4), "owl1")
  expect.eq(g.state.given:count(), 0)
  expect.eq(g:actor(), 1)                       -- back to the giver, who draws
  expect.eq(g.state.hand1:count(), 1)
end)

test("giving: a given card may cover a card in the receiver's forest", function()
  local g = open(2)
  first_draws(g)
  hand_of(g, 1, { "owl1", "boar2", "fox1" })
  g:play("place owl1 1")
  g:play("give boar2 to 2")
  expect.moves(g, { "place boar2 1" })          -- covering seat 2's Game Start card
  g:play("place boar2 1")
  expect.eq(card_name(g, 2, 1, 1), "boar2")
  expect.eq(g.state.covered2:count(), 1)
end)

-- 3. Draw cards ---------------------------------------------------------------------------

test("drawing: two cards at the end of the turn, choosing a pile for each", function()
  local g = open(2)
  first_draws(g)
  hand_of(g, 1, { "owl1", "boar2", "fox1" })
  g:play("place owl1 1")
  g:play("give boar2 to 2")
  g:play("place boar2 1")
  local before = g.state.pile3:count()
  g:play("draw 3")
  expect.eq(g:actor(), 1)
  g:play("draw 3")
  expect.eq(g.state.pile3:count(), before - 2)
  expect.eq(g.state.hand1:count(), 3)
  expect.eq(g:actor(), 2)                       -- the turn passes
end)

test("drawing: an empty pile cannot be chosen", function()
  local g = open(2)
  first_draws(g)
  while g.state.pile2:count() > 0 do g.state.pile1:push(g.state.pile2:draw()) end
  hand_of(g, 1, { "owl1", "boar2", "fox1" })
  g:play("place owl1 1")
  g:play("give boar2 to 2")
  g:play("place boar2 1")
  expect.moves(g, { "draw 1", "draw 3", "draw 4", "draw 5" })
  expect.illegal(g, "draw 2")
end)

-- The end -----------------------------------------------------------------------------------

--- Empty every pile into seat 1's covered pile (out of the game's way).
local function empty_piles(g)
  for p = 1, PILES do
    local pile = g.state["pile" .. p]
    while pile:count() > 0 do g.state.covered1:push(pile:draw()) end
  end
end

test("the end: with the piles empty there is no draw; one card is placed and nothing given", function()
  local g = open(2)
  first_draws(g)
  hand_of(g, 1, { "owl1", "boar2", "fox1" })
  hand_of(g, 2, { "bat1" })
  empty_piles(g)
  g:play("place owl1 1")
  g:play("give boar2 to 2")
  g:play("place boar2 1")
  expect.eq(g:actor(), 2)                       -- no draw: seat 2's turn at once
  g:play("place bat1 1")                        -- one card: placed, nothing given
  expect.eq(g:actor(), 1)
  expect.moves(g, { "place fox1 1" })
  g:play("place fox1 1")
  expect.truthy(g:over(), "every hand is empty")
  expect.truthy(g:result() ~= nil)
end)

test("the end: a player whose hand is empty is passed over until the others finish", function()
  local g = open(3)
  first_draws(g)
  hand_of(g, 1, { "owl1", "boar2" })
  hand_of(g, 2, {})
  hand_of(g, 3, { "bat1" })
  empty_piles(g)
  g:play("place owl1 1")
  g:play("give boar2 to 2")
  g:play("place boar2 1")
  expect.eq(g:actor(), 3)                       -- seat 2 holds nothing
  g:play("place bat1 1")
  expect.truthy(g:over())
end)

-- Scoring ---------------------------------------------------------------------------------------

test("scoring: the worked example 3 + 3 - 1 - 1 + 1 = 5", function()
  -- two complete trees, one begun and not complete, one chainsaw on a
  -- complete tree, and deer (2 on the complete trees) as many as the trees
  local g = open(2)
  first_draws(g)
  plant(g, 1, 1, { false, "deer1", "squirrel1", "owl1" })
  plant(g, 1, 2, { "boar1", "deer1", "squirrel3-saw", "bat1" })
  plant(g, 1, 3, { "hedgehog3-saw", false, false, "owl3-saw" })   -- incomplete: counts -1, nothing else
  local b = score(g, 1)
  expect.eq(b.complete, 2)
  expect.eq(b.incomplete, 1)
  expect.eq(b.chainsaws, 1)
  expect.eq(b.balanced, { "deer" })
  expect.eq(b.total, 5)
  expect.eq(g.definition.score(g.state, 1), 5)
  expect.eq(forest_of(g).score_text(b),
    "complete trees 2 (+6), incomplete 1 (-1), chainsaws 1 (-1), balanced: deer (+1) = 5")
end)

test("scoring: the species bonus needs at least one animal", function()
  local g = open(2)
  first_draws(g)
  local b = score(g, 1)                          -- no complete tree and no animal: 0 == 0
  expect.eq(b.complete, 0)
  expect.eq(b.balanced, {})
  expect.eq(b.total, -1)                         -- the begun Game Start tree
  expect.eq(forest_of(g).score_text(b),
    "complete trees 0 (+0), incomplete 1 (-1), chainsaws 0 (0), balanced: none (+0) = -1")
end)

test("scoring: an incomplete tree counts for no chainsaw and no animal", function()
  local g = open(2)
  first_draws(g)
  plant(g, 1, 1, { false, "fox3-saw", "squirrel3-saw" })
  local b = score(g, 1)
  expect.eq(b.incomplete, 1)
  expect.eq(b.chainsaws, 0)
  expect.eq(b.animals.fox, 0)
  expect.eq(b.total, -1)
end)

test("scoring: a species above the number of complete trees is not balanced", function()
  local g = open(2)
  first_draws(g)
  plant(g, 1, 1, { false, "fox2", "squirrel1", "owl1" })
  local b = score(g, 1)
  expect.eq(b.complete, 1)
  expect.eq(b.animals.fox, 2)
  expect.eq(b.balanced, { "squirrel", "owl" })
  expect.eq(b.total, 3 + 2)
  expect.truthy(forest_of(g).score_text(b):find("balanced: squirrel, owl (+2) = 5", 1, true))
end)

test("ranking: most points; ties go to more complete trees; then shared", function()
  local g = open(3)
  first_draws(g)
  -- seat 1: one complete tree (+3) with fox 1, squirrel 1, owl 1 balanced (+3) = 6
  plant(g, 1, 1, { false, "fox1", "squirrel1", "owl1" })
  -- seat 2: two complete trees (+6), a third begun (-1), and boar, deer,
  -- woodpecker and bat each 2 on the complete trees (+4) = 9
  plant(g, 2, 1, { false, "deer1", "woodpecker1", "bat1" })
  plant(g, 2, 2, { "boar2", "deer1", "woodpecker1", "bat1" })
  plant(g, 2, 3, { "hedgehog1" })
  -- seat 3: its Game Start tree only (-1)
  local totals = {}
  for seat = 1, 3 do totals[seat] = score(g, seat).total end
  expect.eq(totals, { 6, 9, -1 })
  -- end the game: empty piles and hands
  empty_piles(g)
  for seat = 1, 3 do hand_of(g, seat, {}) end
  g.state.turn.over = 1
  local r = g:result()
  expect.eq(r.scores, { 6, 9, -1 })
  expect.eq(r.ranks, { 2, 1, 3 })
  expect.truthy(r.text:find("seat 2: complete trees 2 (+6)", 1, true), r.text)
end)

test("ranking: equal points, more complete trees wins; equal in both, shared", function()
  local g = open(2)
  first_draws(g)
  plant(g, 1, 1, { false, "fox1", "squirrel1", "owl1" })          -- 3 + 3 = 6
  plant(g, 2, 1, { false, "deer2", "woodpecker2", "bat2" })       -- 3 + 0 = 3
  plant(g, 2, 2, { "boar2", "deer1", "woodpecker1", "bat1" })     -- + 3 and balanced deer? no:
  -- seat 2 now: 2 complete (+6), deer 3, woodpecker 3, bat 3, boar 2: boar balanced (+1) = 7
  g.state.turn.over = 1
  local r = g:result()
  expect.eq(r.scores, { 6, 7 })
  -- make it a tie on points: seat 1 gains one balanced species by a level-2 swap
  local g2 = open(2)
  first_draws(g2)
  plant(g2, 1, 1, { false, "fox1", "squirrel1", "owl1" })         -- 1 complete, 6 points
  plant(g2, 2, 1, { false, "deer1", "woodpecker1", "bat1" })      -- 1 complete, 6 points
  g2.state.turn.over = 1
  local tie = g2:result()
  expect.eq(tie.scores, { 6, 6 })
  expect.eq(tie.ranks, { 1, 1 })                -- same points, same complete trees: shared
end)

-- Hidden information --------------------------------------------------------------------------

test("views: a player sees their own hand, the backs (levels) of the others' and the piles' tops", function()
  local g = open(2)
  first_draws(g)
  hand_of(g, 1, { "owl1", "boar2", "fox1" })
  hand_of(g, 2, { "bat2", "deer3-saw", "hedgehog1" })
  local view1 = g:render(1)
  expect.truthy(view1:find("Seat 1 (you): hand fox1 boar2 owl1", 1, true), view1)   -- top first
  expect.falsy(view1:find("bat2", 1, true), "seat 1 must not see seat 2's bat")
  expect.falsy(view1:find("deer3%-saw"), "nor its deer")
  expect.truthy(view1:find("Seat 2: hand [ground] [level 1] [canopy]", 1, true), view1)
  local onlooker = g:render(0)
  expect.falsy(onlooker:find("owl1", 1, true))
  expect.falsy(onlooker:find("bat2", 1, true))
  -- the piles show the level of their top card and their size, nothing else
  local top = cards_of(g).CARDS[g.state.pile1:peek()]
  expect.truthy(view1:find("1: " .. cards_of(g).LEVEL_NAMES[top.level] .. " (", 1, true), view1)
end)

test("views: the zones say who sees what, and a card's back is its level", function()
  local g = open(2)
  expect.eq(g.state.hand1:visibility(), "owner")
  expect.eq(g.state.hand1:backs_shown(), "all")
  expect.eq(g.state.pile1:visibility(), "face down")
  expect.eq(g.state.pile1:backs_shown(), "top")
  expect.truthy(g.state.hand1:visible_to(1))
  expect.falsy(g.state.hand1:visible_to(2))
  expect.truthy(g:hidden())
end)

-- The variants ------------------------------------------------------------------------------------

test("semi-cooperative: more than two chainsaws per player on complete trees and nobody wins", function()
  local g = open(2, "semi-coop")
  first_draws(g)
  plant(g, 1, 1, { false, "fox2-saw", "squirrel2-saw", "owl2-saw" })    -- 3 chainsaws
  plant(g, 2, 1, { false, "deer2-saw", "woodpecker2-saw", "bat1" })     -- 2 chainsaws
  g.state.turn.over = 1
  local r = g:result()
  expect.eq(r.winners, {})
  expect.eq(r.ranks, { 2, 2 })
  expect.truthy(r.text:find("The forest is lost: 5 chainsaws", 1, true), r.text)
end)

test("semi-cooperative: two chainsaws per player and the forest stands; players rank as usual", function()
  local g = open(2, "semi-coop")
  first_draws(g)
  plant(g, 1, 1, { false, "fox2-saw", "squirrel2-saw", "owl1" })        -- 2 chainsaws, 2 points
  plant(g, 2, 1, { false, "deer2-saw", "woodpecker2-saw", "bat2" })     -- 2 chainsaws, 1 point
  g.state.turn.over = 1
  local r = g:result()
  expect.eq(r.winners, { 1 })
  expect.truthy(r.text:find("The forest stands (4 chainsaws, at most 4 allowed)", 1, true), r.text)
  -- incomplete trees' chainsaws do not count
  local g2 = open(2, "semi-coop")
  first_draws(g2)
  plant(g2, 1, 1, { false, "fox2-saw", "squirrel2-saw" })
  plant(g2, 2, 1, { false, "deer2-saw", "woodpecker2-saw" })
  g2.state.turn.over = 1
  expect.truthy(g2:result().text:find("(0 chainsaws", 1, true))
end)

test("player counts: usually 2; solo takes 1 player, semi-cooperative 2 to 4, and they do not combine", function()
  expect.eq(games.open("onceupon").players, 2)
  expect.eq(games.open("onceupon").variants, "")
  expect.eq(games.open("onceupon", { variants = "semi-coop" }).players, 2)
  expect.eq(games.open("onceupon", { variants = "solo" }).players, 1)
  expect.eq(games.open("onceupon", { players = 1 }).variants, "solo")       -- one player brings solo
  for players = 2, 4 do
    expect.eq(open(players, "semi-coop").players, players)
    expect.error(function() open(players, "solo") end,
      "the variant solo of onceupon is played by 1 player, not " .. players)
  end
  expect.error(function() open(1, "semi-coop") end,
    "the variant semi-coop of onceupon is played by 2 to 4 players, not 1")
  expect.error(function() open(2, "solo,semi-coop") end,
    "the variants solo and semi-coop of onceupon share no player count")
  expect.error(function() open(1, "semi-coop,solo") end, "share no player count")
end)

--- Solo helper: a card out of the Selection piles (else the Obligation pile).
local function solo_from(g, name)
  local C = cards_of(g)
  for _, zone in ipairs({ "selection1", "selection2", "selection3", "obligation" }) do
    local pile = g.state[zone]
    for pos, card in ipairs({ pile:cards() }) do
      if C.CARDS[card].name == name then return pile:take(pos) end
    end
  end
  error("no " .. name .. " left", 2)
end

test("single-player: one Game Start card begins the forest, the other three go back to the box; "
  .. "20 Obligation cards, the remaining 40 in three Selection piles; a hand of 3", function()
  local g = open(1)
  expect.eq(g.variants, "solo")                 -- --players 1 brings the solo rules
  local held = cards_in_play(g)
  expect.eq(#held.forest1, 1)
  expect.eq(cards_of(g).CARDS[held.forest1[1]].name, "start")
  expect.eq(#held.obligation, 20)
  expect.eq(#held.selection1 + #held.selection2 + #held.selection3, 40)
  expect.eq({ #held.selection1, #held.selection2, #held.selection3 }, { 14, 13, 13 })
  expect.eq(#held.hand1, 0)
  local all, starts = census(g, held)
  expect.eq(all, 1 + 20 + 40)                   -- 64 cards less the three in the box
  expect.eq(starts, 1)                          -- no other Game Start card anywhere in play
  expect.moves(g, { "draw 1", "draw 2", "draw 3" })
  for _ = 1, 3 do g:play("draw 2") end
  held = cards_in_play(g)
  expect.eq(#held.hand1, 3)
  expect.eq(#held.selection1 + #held.selection2 + #held.selection3, 37)
  all, starts = census(g, held)
  expect.eq(all, 1 + 20 + 37 + 3)
  expect.eq(starts, 1)
end)

test("single-player: a turn is place, discard, place the top Obligation card, draw two", function()
  local g = open(1)
  for _ = 1, 3 do g:play("draw 1") end
  local hand = g.state.hand1
  while hand:count() > 0 do g.state.selection1:push(hand:draw()) end
  for _, name in ipairs({ "fox1", "owl1", "bat2" }) do hand:push(solo_from(g, name)) end
  g.state.obligation:push(solo_from(g, "squirrel1"))            -- on top of the Obligation pile
  local obligation = g.state.obligation:count()
  g:play("place fox1 1")
  expect.moves(g, { "discard bat2", "discard owl1" })
  g:play("discard bat2")
  expect.eq(g.state.discard:count(), 1)
  expect.moves(g, { "place squirrel1 1" })                      -- the Obligation card, turned over
  g:play("place squirrel1 1")
  expect.eq(card_name(g, 1, 1, 3), "squirrel1")
  expect.eq(g.state.obligation:count(), obligation - 1)
  g:play("draw 3")
  g:play("draw 3")
  expect.eq(hand:count(), 3)
  expect.truthy(g:render(1):find("place a card from your hand", 1, true))
end)

test("single-player: the scale, as README gives it: 20 or more an ancient forest, 14 thriving, 8 young, 2 a thicket", function()
  expect.eq(open(1).definition.data.solo_titles, {
    { 20, "an ancient forest" }, { 14, "a thriving forest" }, { 8, "a young forest" }, { 2, "a thicket" },
    { math.mininteger, "a clearing" },
  })
end)

test("single-player: steps that cannot be done are skipped; the end and the scale", function()
  local g = open(1)
  for _ = 1, 3 do g:play("draw 1") end
  local hand = g.state.hand1
  while hand:count() > 0 do g.state.discard:push(hand:draw()) end
  hand:push(solo_from(g, "owl1"))
  -- no Selection cards and no Obligation cards left
  for _, zone in ipairs({ "selection1", "selection2", "selection3", "obligation" }) do
    while g.state[zone]:count() > 0 do g.state.discard:push(g.state[zone]:draw()) end
  end
  g:play("place owl1 1")                        -- nothing to discard, no Obligation card, no draw
  expect.truthy(g:over())
  local r = g:result()
  expect.eq(r.scores, { -1 })
  expect.truthy(r.text:find("-1 points: a clearing", 1, true), r.text)
end)

test("single-player: the game goes on while a Selection pile, even the first, holds cards", function()
  local g = open(1)
  for _ = 1, 3 do g:play("draw 1") end
  local hand = g.state.hand1
  while hand:count() > 0 do g.state.discard:push(hand:draw()) end
  hand:push(solo_from(g, "owl1"))
  for _, zone in ipairs({ "selection2", "selection3", "obligation" }) do
    while g.state[zone]:count() > 0 do g.state.discard:push(g.state[zone]:draw()) end
  end
  while g.state.selection1:count() > 1 do g.state.discard:push(g.state.selection1:draw()) end
  g:play("place owl1 1")                        -- nothing to discard, no Obligation card
  expect.falsy(g:over())
  expect.moves(g, { "draw 1" })
  g:play("draw 1")
  expect.eq(hand:count(), 1)
end)

test("grove sim counts the card a move plays: a card placed or given, none drawn", function()
  local g = open(2)
  local played = g.definition.played
  expect.eq(played(g.state, g:parse("draw 1")), nil)
  first_draws(g)
  hand_of(g, 1, { "owl1", "boar2", "fox1" })
  expect.eq(played(g.state, g:parse("place owl1 1")), "owl1")
  g:play("place owl1 1")
  expect.eq(played(g.state, g:parse("give boar2 to 2")), "boar2")
end)

-- Bad input -------------------------------------------------------------------------------------------

test("bad input: a card not in hand, a bad tree, a give to oneself are refused and change nothing", function()
  local g = open(2)
  first_draws(g)
  hand_of(g, 1, { "owl1", "boar2", "fox1" })
  local hash = g:hash()
  for _, text in ipairs({ "place bat1 1", "place owl1 9", "place owl1 0", "give owl1 to 1",
      "draw 6", "place", "give", "plant owl1 1", "place owl1", "" }) do
    local ok, why = g:try(text)
    expect.falsy(ok, text)
    expect.eq(type(why), "string")
  end
  expect.eq(g:hash(), hash)
  g:play("place owl1 1")
  expect.illegal(g, "give owl1 to 2")           -- already placed
  expect.illegal(g, "give boar2 to 1")
  expect.illegal(g, "give boar2 to 3")          -- no seat 3
end)
