-- Once Upon a Forest: the definition's invariants(s) (game.lua, solo.lua)
-- hold in a fresh game, and each of its checks fires, naming what broke,
-- when a test breaks the state on purpose through g.state.

local PILES = 5

local function open(players, variants)
  return games.open("onceupon", { players = players, seed = 1, variants = variants or "" })
end

--- Every player draws their first three cards.
local function first_draws(g)
  while g.state.turn.phase == 1 do g:play(g:moves()[1]) end
end

--- Take the first card named `name` out of the named zones.
local function take(g, zones, name)
  local C = g.definition.data.cards.CARDS
  for _, zone in ipairs(zones) do
    for pos, card in ipairs({ g.state[zone]:cards() }) do
      if C[card].name == name then return g.state[zone]:take(pos) end
    end
  end
  error("no " .. name .. " left", 2)
end

local PILE_NAMES = {}
for p = 1, PILES do PILE_NAMES[p] = "pile" .. p end
local SELECTION = { "selection1", "selection2", "selection3", "obligation" }

local function from_piles(g, name) return take(g, PILE_NAMES, name) end

local function forest_cell(g, seat, tree, level)
  local grid = g.definition.data.rules.forest.grid(g.state, seat)
  return grid, grid:cell(tree, level)
end

-- The base game ------------------------------------------------------------------

test("invariants: they hold at the start, after the first draws and after a give", function()
  for players = 2, 4 do
    local g = open(players)
    expect.invariants_hold(g)
    first_draws(g)
    expect.invariants_hold(g)
    g:play(g:moves()[1])                     -- place
    expect.invariants_hold(g)
    g:play(g:moves()[1])                     -- give
    expect.eq(g.state.given:count(), 1)
    expect.invariants_hold(g)
  end
  expect.invariants_hold(open(3, "semi-coop"))
end)

test("invariants: a card in two places", function()
  local g = open(2)
  first_draws(g)
  g.state.hand1:push(g.state.pile1:peek())
  expect.invariant_fires(g, "is both in pile1 and in hand1")
end)

test("invariants: a number that is no card, in a zone and in a forest", function()
  local g = open(2)
  g.state.pile1:push(99)
  expect.invariant_fires(g, "pile1 holds 99, which is no card")
  local g2 = open(2)
  local grid, cell = forest_cell(g2, 2, 1, 2)
  grid:set(cell, "card", 99)
  expect.invariant_fires(g2, "seat 2's forest holds a number that is no card")
end)

test("invariants: a card out of play (all 64 are in play)", function()
  local g = open(2)
  g.state.pile1:draw()
  expect.invariant_fires(g, "63 cards in play, not 64")
end)

test("invariants: a forest without its Game Start card", function()
  local g = open(2)
  local grid, cell = forest_cell(g, 1, 1, 1)
  local start = grid:get(cell, "card")
  grid:set(cell, "card", from_piles(g, "boar1"))
  g.state.pile1:push(start)
  expect.invariant_fires(g, "seat 1's forest holds no Game Start card")
end)

test("invariants: a card on another level's row", function()
  local g = open(2)
  local grid, cell = forest_cell(g, 1, 1, 2)
  grid:set(cell, "card", from_piles(g, "owl1"))
  expect.invariant_fires(g, "seat 1's tree 1 holds owl1 (canopy) on the level 1 row")
end)

test("invariants: a tree begun while an earlier one is incomplete", function()
  local g = open(2)
  local grid, cell = forest_cell(g, 1, 3, 1)
  grid:set(cell, "card", from_piles(g, "boar1"))
  expect.invariant_fires(g, "seat 1's tree 1 is incomplete, yet tree 3 is begun")
end)

test("invariants: a hand above three cards", function()
  local g = open(2)
  first_draws(g)
  g.state.hand2:push(g.state.pile1:draw())
  expect.invariant_fires(g, "seat 2 holds 4 cards, more than 3")
end)

test("invariants: the game over with cards not yet placed", function()
  local g = open(2)
  first_draws(g)
  g.state.turn.over = 1
  expect.invariant_fires(g, "the game is over with cards not yet placed")
end)

test("invariants: no such phase, no such seat", function()
  local g = open(2)
  g.state.turn.phase = 9
  expect.invariant_fires(g, "no phase 9")
  local g2 = open(2)
  g2.state.turn.seat = 3
  expect.invariant_fires(g2, "seat 3's turn, with 2 players")
  g2 = open(2)
  g2.state.turn.seat = 0
  expect.invariant_fires(g2, "seat 0's turn, with 2 players")
end)

test("invariants: a card being given outside the receiver's placing, and to no one", function()
  local g = open(2)
  first_draws(g)
  g.state.given:push(g.state.pile1:draw())
  expect.invariant_fires(g, "1 cards being given in phase place")
  local g2 = open(3)
  first_draws(g2)
  g2:play(g2:moves()[1])                     -- place
  g2:play(g2:moves()[1])                     -- give
  g2.state.play.receiver = 1                 -- the giver
  expect.invariant_fires(g2, "seat 1 gives a card to seat 1")
end)

test("invariants: the player to move cannot (place or give from an empty hand, draw with none to draw)", function()
  local g = open(2)
  first_draws(g)
  while g.state.hand1:count() > 0 do g.state.pile1:push(g.state.hand1:draw()) end
  expect.invariant_fires(g, "seat 1 must place a card with an empty hand")
  local g2 = open(2)
  for p = 1, PILES do
    local pile = g2.state["pile" .. p]
    while pile:count() > 0 do g2.state.covered2:push(pile:draw()) end
  end
  expect.invariant_fires(g2, "seat 1 must draw with 0 cards in hand and the piles empty")
end)

test("invariants: the first hands are drawn in turn", function()
  local g = open(3)
  g.state.hand2:push(g.state.pile1:draw())
  expect.invariant_fires(g, "seat 2 holds 1 cards while seat 1 draws a first hand")
end)

-- The solo mode -------------------------------------------------------------------

test("invariants (solo): they hold at the start, after the first hand and along a turn", function()
  local g = open(1)
  expect.invariants_hold(g)
  for _ = 1, 3 do g:play("draw 1") end
  expect.invariants_hold(g)
  g:play(g:moves()[1])                       -- place
  expect.invariants_hold(g)
  g:play(g:moves()[1])                       -- discard
  expect.eq(g.state.turned:count(), 1)
  expect.invariants_hold(g)
end)

test("invariants (solo): the forest's own checks hold in the solo mode too", function()
  local g = open(1)
  local grid, cell = forest_cell(g, 1, 1, 2)
  local CARDS, pile = g.definition.data.cards.CARDS, g.state.selection1
  for pos, card in ipairs({ pile:cards() }) do
    if CARDS[card].level == 4 then
      grid:set(cell, "card", pile:take(pos))                -- a canopy card on the level 1 row
      break
    end
  end
  expect.invariant_fires(g, "seat 1's tree 1 holds")
end)

test("invariants (solo): 61 cards in play; the three unused Game Start cards stay in the box", function()
  local g = open(1)
  local starts = g.definition.data.rules.START_CARDS
  g.state.discard:push(starts[2])
  expect.invariant_fires(g, "62 cards in play, not 61")
  local g2 = open(1)
  g2.state.selection1:draw()
  g2.state.selection1:push(starts[3])        -- a box card in place of a Selection card
  expect.invariant_fires(g2, "2 Game Start cards in play, 1 of them in the forest")
end)

test("invariants (solo): an Obligation card turned over outside its step; a card being given", function()
  local g = open(1)
  g.state.turned:push(g.state.obligation:draw())
  expect.invariant_fires(g, "1 Obligation cards turned over in phase first_draw")
  local g2 = open(1)
  g2.state.given:push(g2.state.selection1:draw())
  expect.invariant_fires(g2, "a card is being given in the solo mode")
end)

test("invariants (solo): the hand's size and the steps that cannot be done", function()
  local g = open(1)
  for _ = 1, 4 do g.state.hand1:push(g.state.selection1:draw()) end
  expect.invariant_fires(g, "the hand holds 4 cards, more than 3")
  local g2 = open(1)
  for _ = 1, 3 do g2.state.hand1:push(take(g2, SELECTION, "fox1")) end
  expect.invariant_fires(g2, "the player must draw with 3 cards in hand")
  local g3 = open(1)
  for _ = 1, 3 do g3:play("draw 1") end
  while g3.state.hand1:count() > 0 do g3.state.discard:push(g3.state.hand1:draw()) end
  expect.invariant_fires(g3, "the player must place a card with an empty hand")
  local g4 = open(1)
  for _ = 1, 3 do g4:play("draw 1") end
  g4.state.turn.over = 1
  expect.invariant_fires(g4, "the game is over with cards in the hand or the Selection piles")
  g4 = open(1)                               -- over with an empty hand, cards left in the Selection piles
  for _ = 1, 3 do g4:play("draw 1") end
  while g4.state.hand1:count() > 0 do g4.state.discard:push(g4.state.hand1:draw()) end
  g4.state.turn.over = 1
  expect.invariant_fires(g4, "the game is over with cards in the hand or the Selection piles")
  g4 = open(1)                               -- over with cards in hand, the Selection piles empty
  for _ = 1, 3 do g4:play("draw 1") end
  for _, pile in ipairs(SELECTION) do
    while g4.state[pile]:count() > 0 do g4.state.discard:push(g4.state[pile]:draw()) end
  end
  g4.state.turn.over = 1
  expect.invariant_fires(g4, "the game is over with cards in the hand or the Selection piles")
  local g5 = open(1)
  g5.state.turn.phase = 7
  expect.invariant_fires(g5, "no phase 7")
end)
