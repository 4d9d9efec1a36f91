-- Once Upon a Forest: evaluate(s), what the MCTS bot reads where it stops
-- looking ahead, reads like the score: the forest's points so far, and
-- while the game goes on the tree being built on its way to what it scores
-- finished as it stands (its 3 points instead of its -1, a point off for
-- each chainsaw, its animals in the balance of one more complete tree), a
-- quarter of the way for each level it holds.

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

local function evaluate(g) return g.definition.evaluate(g.state) end

test("evaluate: the score, and the tree being built a quarter of the way to finished a level", function()
  local g = games.open("onceupon", { players = 2, seed = 1 })
  while g.state.turn.phase == 1 do g:play(g:moves()[1]) end      -- the first hands
  -- the Game Start tree: -1 now, 3 finished (no chainsaw, no animal): a quarter of the way
  expect.eq(evaluate(g), { 0, 0 })
  -- the worked example of the rules' scoring (5 points), its third tree two levels high
  plant(g, 1, 1, { false, "deer1", "squirrel1", "owl1" })
  plant(g, 1, 2, { "boar1", "deer1", "squirrel3-saw", "bat1" })
  plant(g, 1, 3, { "hedgehog3-saw", false, false, "owl3-saw" })
  expect.eq(g.definition.score(g.state, 1), 5)
  -- finished as it stands, tree 3 would score 3 instead of -1, lose 2 for its
  -- chainsaws, and with 3 complete trees the balance would gain the hedgehogs
  -- (3) and lose the deer (2): 5 + 2; two levels of four, half of that
  expect.eq(evaluate(g), { 5 + 1, 0 })
  -- complete it: 3 points for the tree, no longer -1, its chainsaws counted
  plant(g, 1, 3, { false, "fox1", "woodpecker1", false })
  local score = g.definition.score(g.state, 1)
  expect.eq(evaluate(g), { score, 0 })
end)

test("evaluate: alone, the same reading of the one forest", function()
  local g = games.open("onceupon", { players = 1, seed = 2 })
  expect.eq(#evaluate(g), 1)
  expect.eq(evaluate(g)[1], g.definition.score(g.state, 1) + 1)
end)
