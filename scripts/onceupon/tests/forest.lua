-- Once Upon a Forest: forest.lua's answers agree with the rule text read
-- literally, cell by cell, at every position of random games.
--   * forest.trees counts the cards on top (a new tree is begun only when
--     every tree begun so far is complete, so each complete tree holds four
--     and the tree being built one to four); read literally, the trees begun
--     reach to the rightmost tree holding a card at any level.
--   * Where a card may go: any tree whose cell of its level holds a card
--     (covering it); the tree being built, if that cell is empty; a new tree,
--     when every tree begun so far is complete (and there is room for one).

local GAMES = playouts(25)                 -- per mode
local MAX_TREES, LEVELS, EMPTY = 16, 4, 0

local MODES = {
  { players = 1, variants = "" },
  { players = 2, variants = "" },
  { players = 3, variants = "" },
  { players = 4, variants = "" },
  { players = 3, variants = "semi-coop" },
}

local function holds_card(grid, tree, level)
  return grid:get(grid:cell(tree, level), "card") ~= EMPTY
end

--- The rightmost tree holding a card at any level (0: none).
local function rightmost_tree(grid)
  local rightmost = 0
  for tree = 1, MAX_TREES do
    for level = 1, LEVELS do
      if holds_card(grid, tree, level) then rightmost = tree end
    end
  end
  return rightmost
end

local function every_tree_complete(grid, begun)
  for tree = 1, begun do
    for level = 1, LEVELS do
      if not holds_card(grid, tree, level) then return false end
    end
  end
  return true
end

--- The trees where a card of `level` may go, by the rule text.
local function literal_places(grid, level)
  local begun = rightmost_tree(grid)
  local places = {}
  for tree = 1, begun do
    if holds_card(grid, tree, level) or tree == begun then places[#places + 1] = tree end
  end
  if every_tree_complete(grid, begun) and begun < MAX_TREES then places[#places + 1] = begun + 1 end
  return places
end

--- A card of each level (the first in the card list).
local function card_of_each_level(cards)
  local of_level = {}
  for id, card in ipairs(cards) do
    of_level[card.level] = of_level[card.level] or id
  end
  return of_level
end

local function check_forests(g, where)
  local s, forest = g.state, g.definition.data.rules.forest
  local of_level = card_of_each_level(g.definition.data.cards.CARDS)
  for seat = 1, g.players do
    local grid = forest.grid(s, seat)
    local at = string.format("%s, seat %d", where, seat)
    expect.eq(forest.trees(s, seat), rightmost_tree(grid), at .. ": trees begun")
    for level = 1, LEVELS do
      local literal = literal_places(grid, level)
      expect.eq(forest.places_on_level(s, seat, level, forest.building(s, seat)), literal,
        string.format("%s: places on level %d", at, level))
      expect.eq(forest.places(s, seat, of_level[level]), literal,
        string.format("%s: places of card %d", at, of_level[level]))
    end
  end
end

for _, mode in ipairs(MODES) do
  test(string.format("forest: %d-player games%s: trees begun and places agree with the rule read cell by cell",
    mode.players, mode.variants ~= "" and (" (" .. mode.variants .. ")") or ""), function()
    for seed = 1, GAMES do
      local g = games.open("onceupon", { players = mode.players, seed = seed, variants = mode.variants })
      local pick, n = random_picker(seed), 0
      while true do
        check_forests(g, string.format("game %d, move %d", seed, n))
        local legal = g:legal()
        if #legal == 0 then break end
        g:play(legal[pick(#legal)])
        n = n + 1
      end
      g:close()
    end
  end)
end

test("forest: a forest that breaks the rule is told apart (the checks above can fail)", function()
  local g = games.open("onceupon", { players = 2, seed = 1 })
  local s, forest = g.state, g.definition.data.rules.forest
  local grid = forest.grid(s, 1)
  -- tree 1 holds only its Game Start card; put a card straight into tree 3,
  -- past the tree being built, as no legal move can
  local card = g.state.pile1:draw()
  forest.place(s, 1, card, 3)
  expect.eq(rightmost_tree(grid), 3)
  expect.ne(forest.trees(s, 1), rightmost_tree(grid))
  expect.ne(forest.places(s, 1, card), literal_places(grid, g.definition.data.cards.CARDS[card].level))
  g:close()
end)
