-- Once Upon a Forest: evaluate(s), what the MCTS bot reads where it stops
-- looking ahead, reads like the score: the forest's points so far and,
-- while the game goes on, its balance at half and the tree being built on
-- its way to finished (its -1 not counted): a quarter of the way to the
-- tree's points and the balance (at half) of one more complete tree for
-- each level holding a card, the card the seat must place next counting as
-- placed, a card in hand half; their chainsaws cost at once.

local PILES = 5

local function forest_of(g) return g.definition.data.rules.forest end

--- Take the card named `name` out of the piles.
local function from_piles(g, name)
  local C = g.definition.data.cards
  for p = 1, PILES do
    local pile = g.state["pile" .. p]
    for pos, card in ipairs({ pile:cards() }) do
      if C.CARDS[card].name == name then return pile:take(pos) end
    end
  end
  error("no " .. name .. " in the piles")
end

--- Plant a tree in `seat`'s forest: names by level, ground first; false
--- leaves a level as it is.
local function plant(g, seat, tree, names)
  for level = 1, 4 do
    if names[level] then forest_of(g).place(g.state, seat, from_piles(g, names[level]), tree) end
  end
end

--- Seat's hand holds exactly the cards named (its cards go back to pile 1).
local function hold(g, seat, names)
  local h = g.state["hand" .. seat]
  while h:count() > 0 do g.state.pile1:push(h:draw()) end
  for _, name in ipairs(names) do h:push(from_piles(g, name)) end
end

local function evaluate(g) return g.definition.evaluate(g.state) end

test("evaluate: the score, and the tree being built on its way to finished", function()
  local g = games.open("onceupon", { players = 2, seed = 1 })
  while g.state.turn.phase == 1 do g:play(g:moves()[1]) end      -- the first hands
  hold(g, 1, {})
  hold(g, 2, {})
  -- the Game Start tree: -1 now, not counted; a quarter of the way to 3 points
  expect.eq(evaluate(g), { 0.75, 0.75 })
  -- the worked example of the rules' scoring (5 points), its third tree two levels high
  plant(g, 1, 1, { false, "deer1", "squirrel1", "owl1" })
  plant(g, 1, 2, { "boar1", "deer1", "squirrel3-saw", "bat1" })
  plant(g, 1, 3, { "hedgehog3-saw", false, false, "owl3-saw" })
  expect.eq(g.definition.score(g.state, 1), 5)
  -- the deer in balance (2) count half a point while the game goes on;
  -- tree 3: its -1 taken back; finished, 3 points, and with 3 complete trees
  -- the balance gains the hedgehogs (3) and loses the deer (2): half of 3;
  -- its two chainsaws at once: 5 - 0.5 + 1 + 1.5 - 2
  expect.eq(evaluate(g)[1], 5)
  -- a card in hand for an empty level: half a level (a fox, no balance)
  hold(g, 1, { "fox1" })
  expect.eq(evaluate(g)[1], 5 + 0.5 / 4 * 3)
  -- one without a chainsaw first; a chainsaw in hand costs half a point
  hold(g, 1, { "fox2-saw", "fox1" })
  expect.eq(evaluate(g)[1], 5 + 0.5 / 4 * 3)
  hold(g, 1, { "fox2-saw" })
  expect.eq(evaluate(g)[1], 5 + 0.5 / 4 * 3 - 0.5)
  -- the card given to the seat counts as placed, before the hand
  hold(g, 1, { "fox1", "woodpecker1" })
  g.state.given:push(from_piles(g, "woodpecker2"))
  g.state.play.receiver = 1
  expect.eq(evaluate(g)[1], 5 + (1 + 0.5) / 4 * 3)
  g.state.pile1:push(g.state.given:draw())
  g.state.play.receiver = 0
  -- complete it: its chainsaws counted in the score, the hedgehogs in
  -- balance (3) at half; the next tree, begun by nothing yet, adds nothing
  hold(g, 1, {})
  plant(g, 1, 3, { false, "fox1", "woodpecker1", false })
  local score = g.definition.score(g.state, 1)
  expect.eq(evaluate(g), { score - 0.5, 0.75 })
  -- a card in hand for it: half of a quarter of the way to a new tree's 3
  -- points and the balance of 4 complete trees (squirrels and owls, 4
  -- each) in place of the balance now (hedgehogs), at half
  hold(g, 1, { "boar1" })
  expect.eq(evaluate(g)[1], score - 0.5 + 0.5 / 4 * (3 + (2 - 1) / 2))
end)

test("evaluate: alone, the Obligation card counts as placed", function()
  local g = games.open("onceupon", { players = 1, seed = 2 })
  local C = g.definition.data.cards
  expect.eq(#evaluate(g), 1)
  -- seed 2: bat1 on top of the Obligation pile, to be placed on the first
  -- turn: with the Game Start card, two levels of tree 1, and one bat is
  -- in balance with one complete tree: half of the way to 3 + 1/2
  expect.eq(C.CARDS[g.state.obligation:peek()].name, "bat1")
  expect.eq(g.state.hand1:count(), 0)
  expect.eq(evaluate(g)[1], g.definition.score(g.state, 1) + 1 + 2 / 4 * (3 + 0.5))
end)
