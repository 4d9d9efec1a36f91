--- The 64 forest cards of Once Upon a Forest: grove's card list, designed
--- within the published facts (DECISIONS.md): 16 cards a level, two species
--- a level, each species on six cards (x1 on three, x2 on two, x3 on one),
--- a chainsaw on one x2 and on the x3 card of each species, and four cards a
--- level with no animal (on the ground, the four Game Start cards).
---
--- To change the deck, change the rows: each row is one kind of card and
--- how many copies of it the deck holds. Card ids are given in row order,
--- 1..64. A card's name is what players type: the species and its count,
--- "-saw" when it shows a chainsaw, or the plain name of a card with no animal.

local GROUND, LEVEL1, LEVEL2, CANOPY = 1, 2, 3, 4

local LEVEL_NAMES = { "ground", "level 1", "level 2", "canopy" }

local ROWS = {
  -- level    species       animals chainsaw copies  plain name (no animal)
  { GROUND, "boar",        1, false, 3 },
  { GROUND, "boar",        2, false, 1 },
  { GROUND, "boar",        2, true,  1 },
  { GROUND, "boar",        3, true,  1 },
  { GROUND, "hedgehog",    1, false, 3 },
  { GROUND, "hedgehog",    2, false, 1 },
  { GROUND, "hedgehog",    2, true,  1 },
  { GROUND, "hedgehog",    3, true,  1 },
  { GROUND, nil,           0, false, 4, "start" },      -- the Game Start cards
  { LEVEL1, "fox",         1, false, 3 },
  { LEVEL1, "fox",         2, false, 1 },
  { LEVEL1, "fox",         2, true,  1 },
  { LEVEL1, "fox",         3, true,  1 },
  { LEVEL1, "deer",        1, false, 3 },
  { LEVEL1, "deer",        2, false, 1 },
  { LEVEL1, "deer",        2, true,  1 },
  { LEVEL1, "deer",        3, true,  1 },
  { LEVEL1, nil,           0, false, 4, "bush" },
  { LEVEL2, "squirrel",    1, false, 3 },
  { LEVEL2, "squirrel",    2, false, 1 },
  { LEVEL2, "squirrel",    2, true,  1 },
  { LEVEL2, "squirrel",    3, true,  1 },
  { LEVEL2, "woodpecker",  1, false, 3 },
  { LEVEL2, "woodpecker",  2, false, 1 },
  { LEVEL2, "woodpecker",  2, true,  1 },
  { LEVEL2, "woodpecker",  3, true,  1 },
  { LEVEL2, nil,           0, false, 4, "trunk" },
  { CANOPY, "owl",         1, false, 3 },
  { CANOPY, "owl",         2, false, 1 },
  { CANOPY, "owl",         2, true,  1 },
  { CANOPY, "owl",         3, true,  1 },
  { CANOPY, "bat",         1, false, 3 },
  { CANOPY, "bat",         2, false, 1 },
  { CANOPY, "bat",         2, true,  1 },
  { CANOPY, "bat",         3, true,  1 },
  { CANOPY, nil,           0, false, 4, "crown" },
}

--- The card list: CARDS[id] = {level, species, animals, chainsaw, start, name}.
local CARDS = {}
local SPECIES = {}           -- every species, in row order
for _, row in ipairs(ROWS) do
  local level, species, animals, chainsaw, copies, plain = table.unpack(row)
  local name = plain or (species .. animals .. (chainsaw and "-saw" or ""))
  for _ = 1, copies do
    CARDS[#CARDS + 1] = {
      level = level, species = species, animals = animals, chainsaw = chainsaw,
      start = plain == "start", name = name,
    }
  end
  if species and not SPECIES[species] then
    SPECIES[#SPECIES + 1] = species
    SPECIES[species] = #SPECIES
  end
end

return {
  CARDS = CARDS,
  SPECIES = SPECIES,
  LEVEL_NAMES = LEVEL_NAMES,
  LEVELS = #LEVEL_NAMES,
  GROUND = GROUND, LEVEL1 = LEVEL1, LEVEL2 = LEVEL2, CANOPY = CANOPY,
}
