--- A player's forest in Once Upon a Forest: where a card may go, placing
--- it, and the score. Shared by the base game and its variants.
---
--- A forest is a grid of trees (columns, left to right) and levels (rows,
--- ground at the bottom): each cell holds the card on top ("card", 0 when
--- empty). A covered card goes to the forest's "covered" pile: it stays in
--- the forest but counts for nothing.
local game = require "grove.game"
local C = require "cards"

local M = {}

M.MAX_TREES = 16                 -- 64 cards make at most 16 trees
local LEVELS = C.LEVELS
local EMPTY = 0

local FOREST, COVERED = {}, {}   -- component names per seat
for seat = 1, 4 do
  FOREST[seat] = "forest" .. seat
  COVERED[seat] = "covered" .. seat
end

--- In setup: the forest of a seat.
function M.declare(s, seat)
  s:grid(FOREST[seat], M.MAX_TREES, LEVELS, { "card" })
  s:deck(COVERED[seat], #C.CARDS, { visibility = "face up" })
end

function M.grid(s, seat) return s[FOREST[seat]] end
function M.covered(s, seat) return s[COVERED[seat]] end

--- The card on top at a tree and level (0: empty).
function M.card_at(s, seat, tree, level)
  local forest = s[FOREST[seat]]
  return forest:get(forest:cell(tree, level), "card")
end

local OCCUPIED = grove.cond { card = { 1, #C.CARDS } }

--- How many levels of a tree hold a card.
function M.height(s, seat, tree)
  return select("#", s[FOREST[seat]]:column(tree, OCCUPIED))
end

--- The trees whose cell of `level` holds a card, ascending (a cell's x is
--- its tree).
local function trees_holding(forest, level)
  local trees = { forest:row(level, OCCUPIED) }
  for i = 1, #trees do trees[i] = (forest:xy(trees[i])) end
  return trees
end

--- The trees begun so far (0 before the first card). A new tree is begun
--- only when every tree begun so far is complete, and a card never leaves
--- the forest (covering replaces it), so the cards on top fill every tree
--- but the one being built, four to a tree, and that one with one to four.
--- (tests/forest.lua checks this against the rightmost tree holding a card:
--- a rule change that lets trees be begun otherwise must change this too.)
function M.trees(s, seat)
  local cards = s[FOREST[seat]]:count(OCCUPIED)
  return (cards + LEVELS - 1) // LEVELS
end

function M.complete(s, seat, tree)
  return M.height(s, seat, tree) == LEVELS
end

--- What is the same for every card placed in a forest now: the tree being
--- built (the last begun; 0 before the first), and whether a new tree may
--- be begun (every begun tree is complete, and the forest has room).
function M.building(s, seat)
  local begun = M.trees(s, seat)
  local may_begin = (begun == 0 or M.complete(s, seat, begun)) and begun < M.MAX_TREES
  return begun, may_begin
end

--- The trees where a card of `level` may go, given what M.building says:
--- any tree whose cell of that level holds a card (covering it); the tree
--- being built, if that cell is empty; a new tree, when it may be begun.
--- Ascending.
function M.places_on_level(s, seat, level, begun, may_begin)
  local places = trees_holding(s[FOREST[seat]], level)      -- covering
  if begun > 0 and places[#places] ~= begun then places[#places + 1] = begun end
  if may_begin then places[#places + 1] = begun + 1 end
  return places
end

--- The trees where `card` may go, ascending.
function M.places(s, seat, card)
  local begun, may_begin = M.building(s, seat)
  return M.places_on_level(s, seat, C.CARDS[card].level, begun, may_begin)
end

function M.may_place(s, seat, card, tree)
  for _, t in ipairs(M.places(s, seat, card)) do
    if t == tree then return true end
  end
  return false
end

--- Put `card` (already out of its zone) at `tree` on its level, covering
--- what was there.
function M.place(s, seat, card, tree)
  local forest = s[FOREST[seat]]
  local cell = forest:cell(tree, C.CARDS[card].level)
  local under = forest:get(cell, "card")
  if under ~= EMPTY then s[COVERED[seat]]:push(under) end
  forest:set(cell, "card", card)
  if s.narrating then
    if under ~= EMPTY then
      s:say("Seat %d's %s covers the %s on tree %d.", seat, C.CARDS[card].name, C.CARDS[under].name, tree)
    elseif M.complete(s, seat, tree) then
      s:say("Tree %d of seat %d's forest is complete.", tree, seat)
    end
  end
end

--- The cards on top of the forest's cells.
function M.top_cards(s, seat)
  local forest, cards = s[FOREST[seat]], {}
  for _, cell in ipairs({ forest:cells(OCCUPIED) }) do cards[#cards + 1] = forest:get(cell, "card") end
  return cards
end

--- Every card in the forest, top cards and covered ones.
function M.cards_in(s, seat)
  local cards = { s[COVERED[seat]]:cards() }
  for _, card in ipairs(M.top_cards(s, seat)) do cards[#cards + 1] = card end
  return cards
end

-- What the placing rules keep true ------------------------------------------------

local EMPTY_CELL = grove.cond { card = EMPTY }

--- The placing rules hold in a seat's forest; raises naming what broke:
--- every cell is empty or holds a card of its own level ("a card goes to
--- its own level's row"), and a tree is begun only when every tree before
--- it is complete (so M.trees, which counts the cards on top, is right).
function M.check(s, seat)
  local forest = s[FOREST[seat]]
  if forest:count(OCCUPIED) + forest:count(EMPTY_CELL) ~= M.MAX_TREES * LEVELS then
    game.broken("seat %d's forest holds a number that is no card", seat)
  end
  local last = 0                                   -- the rightmost tree holding a card
  for _, cell in ipairs({ forest:cells(OCCUPIED) }) do
    local tree, level = forest:xy(cell)
    local card = C.CARDS[forest:get(cell, "card")]
    if card.level ~= level then
      game.broken("seat %d's tree %d holds %s (%s) on the %s row", seat, tree, card.name,
        C.LEVEL_NAMES[card.level], C.LEVEL_NAMES[level])
    end
    if tree > last then last = tree end
  end
  for tree = 1, last - 1 do
    if not M.complete(s, seat, tree) then
      game.broken("seat %d's tree %d is incomplete, yet tree %d is begun", seat, tree, last)
    end
  end
end

-- Scoring ---------------------------------------------------------------------

local POINTS_PER_TREE = 3        -- a complete tree (the option points_per_tree)
local INCOMPLETE_TREE = -1       -- a tree begun and not complete
local CHAINSAW = -1              -- each chainsaw on a complete tree
local BALANCED_SPECIES = 1       -- a species as many as the complete trees

--- The score of a forest and its parts:
--- {complete, incomplete, chainsaws, animals = {species = n}, balanced = {species...}, total}.
--- Only the top cards of complete trees count for chainsaws and animals.
M.POINTS_PER_TREE = POINTS_PER_TREE
M.INCOMPLETE_TREE = INCOMPLETE_TREE

function M.score(s, seat)
  local b = { complete = 0, incomplete = 0, chainsaws = 0, animals = {}, balanced = {} }
  for _, species in ipairs(C.SPECIES) do b.animals[species] = 0 end
  for tree = 1, M.trees(s, seat) do
    if M.complete(s, seat, tree) then
      b.complete = b.complete + 1
      for level = 1, LEVELS do
        local card = C.CARDS[M.card_at(s, seat, tree, level)]
        if card.chainsaw then b.chainsaws = b.chainsaws + 1 end
        if card.species then b.animals[card.species] = b.animals[card.species] + card.animals end
      end
    else
      b.incomplete = b.incomplete + 1
    end
  end
  for _, species in ipairs(C.SPECIES) do
    local n = b.animals[species]
    if n >= 1 and n == b.complete then b.balanced[#b.balanced + 1] = species end
  end
  b.per_tree = s.options.points_per_tree or POINTS_PER_TREE
  b.total = b.per_tree * b.complete + INCOMPLETE_TREE * b.incomplete
    + CHAINSAW * b.chainsaws + BALANCED_SPECIES * #b.balanced
  return b
end

--- "complete trees 3 (+9), incomplete 1 (-1), chainsaws 2 (-2), balanced: fox (+1) = 7"
function M.score_text(b)
  local balanced = #b.balanced > 0 and table.concat(b.balanced, ", ") or "none"
  return string.format("complete trees %d (+%d), incomplete %d (%d), chainsaws %d (%d), balanced: %s (+%d) = %d",
    b.complete, (b.per_tree or POINTS_PER_TREE) * b.complete, b.incomplete, INCOMPLETE_TREE * b.incomplete,
    b.chainsaws, CHAINSAW * b.chainsaws, balanced, BALANCED_SPECIES * #b.balanced, b.total)
end

-- Drawing a forest ----------------------------------------------------------------

local function pad(text, width)
  return text .. string.rep(" ", width - #text)
end

--- The forest as text: one line per level, canopy on top, one column per tree.
function M.render(s, seat)
  local trees = math.max(M.trees(s, seat), 1)
  local width = 12
  local lines = {}
  for level = LEVELS, 1, -1 do
    local cells = { pad(C.LEVEL_NAMES[level], 8) }
    for tree = 1, trees do
      local card = M.card_at(s, seat, tree, level)
      cells[#cells + 1] = pad(card == EMPTY and "." or C.CARDS[card].name, width)
    end
    lines[#lines + 1] = "  " .. table.concat(cells, " ")
  end
  local numbers = { pad("", 8) }
  for tree = 1, trees do numbers[#numbers + 1] = pad("tree " .. tree, width) end
  lines[#lines + 1] = "  " .. table.concat(numbers, " ")
  local covered = s[COVERED[seat]]:count()
  if covered > 0 then lines[#lines + 1] = string.format("  (%d covered)", covered) end
  return table.concat(lines, "\n")
end

return M
