-- Squirrel Island: what render(s, viewer) shows. A hand is seen by its
-- owner only; a stash by nobody, its owner included, until the game ends;
-- the Island, every counter, tableau and used items, and the size of every
-- hand and stash are public. Viewer 0 is an onlooker.

local P = require "position"             -- tests/lib/position.lua
local open, fetch, hand, island = P.open, P.fetch, P.hand, P.island

local function shows(text, what) return text:find(what, 1, true) ~= nil end

--- A table where every name below is in one known place.
local function table_set()
  local g = open(2)
  local s = g.state
  hand(g, 1, { "Elder", "Pinecone" })
  hand(g, 2, { "Feast" })
  for n, name in ipairs({ "Motivator", "Glider", "Forager", "Slingshot" }) do island(g, n, name) end
  s.stash1:push(fetch(g, "Thief"))
  s.stash2:push(fetch(g, "Sniper"))
  s.squirrels2:push_bottom(fetch(g, "Digger"))
  s.mat.exhausted2 = 1
  s.items1:push(fetch(g, "Nut Sack"))
  s.nuts:set(2, 7)
  return g
end

test("render: a hand is shown to its owner only", function()
  local g = table_set()
  local one, two, nobody = g:render(1), g:render(2), g:render(0)
  expect.truthy(shows(one, "Elder (tree squirrel, 4 stamina)"), one)
  expect.truthy(shows(one, "Pinecone (item, 1 coin)"), one)
  expect.falsy(shows(one, "Feast"), one)
  expect.truthy(shows(two, "Feast (item, 4 coins)"), two)
  expect.falsy(shows(two, "Elder"), two)
  expect.falsy(shows(two, "Pinecone"), two)
  for _, name in ipairs({ "Elder", "Pinecone", "Feast" }) do expect.falsy(shows(nobody, name), nobody) end
end)

test("render: hand and stash sizes are public, their cards are not", function()
  local g = table_set()
  for viewer = 0, 2 do
    local text = g:render(viewer)
    expect.truthy(shows(text, "Seat 1 (" .. (viewer == 1 and "you, " or "") .. "first player, awake): "
      .. "0 nuts, 2 coins, 3 stamina; 2 cards in hand, 1 stashed"), text)
    expect.truthy(shows(text, "Seat 2 (" .. (viewer == 2 and "you, " or "") .. "awake): "
      .. "7 nuts, 2 coins, 3 stamina; 1 card in hand, 1 stashed"), text)
  end
end)

test("render: nobody sees a stash, not even its owner, until the game ends", function()
  local g = table_set()
  for viewer = 0, 2 do
    local text = g:render(viewer)
    expect.falsy(shows(text, "Thief"), text)
    expect.falsy(shows(text, "Sniper"), text)
    expect.falsy(shows(text, "stashed:"), text)
  end
  while not g:over() do
    local moves = g:moves()
    local pick = moves[#moves]               -- sleep, or pass when asleep
    for _, m in ipairs(moves) do if m == "sleep" or m == "pass" then pick = m end end
    g:play(pick)
  end
  for viewer = 0, 2 do
    local text = g:render(viewer)
    expect.truthy(shows(text, "stashed: Thief"), text)
    expect.truthy(shows(text, "stashed: Sniper"), text)
    expect.truthy(shows(text, "The game is over."), text)
  end
end)

test("render: the Island, tableaux (exhausted marked), used items and the deck's size are public", function()
  local g = table_set()
  local text = g:render(0)
  expect.truthy(shows(text,
    "[1] Motivator (tree squirrel, 2 stamina); play: gain 1 coin; loops: stamina, coin; stash 1"), text)
  expect.truthy(shows(text,
    "[4] Slingshot (item, 2 coins); play: steal 1 nut from another player, go again; stash 1"), text)
  expect.truthy(shows(text, "[5] not revealed"), text)
  expect.truthy(shows(text, "squirrels: 1 Digger (exhausted)"), text)
  expect.truthy(shows(text, "used items: Nut Sack"), text)
  expect.truthy(shows(text, string.format("Deck: %d cards.", g.state.draw_pile:count())), text)
  expect.truthy(shows(text, "Squirrel Island, day 1 of 4."), text)
  expect.truthy(shows(text, "Seat 1: play a card from your hand or the Island, or sleep"), text)
end)

test("render: a unique ability and the pending choice are described", function()
  local g = open(3)
  hand(g, 1, { "Sniper" })
  island(g, 2, "Cartographer")
  g.state.stamina:set(1, 3)
  local text = g:render(1)
  expect.truthy(shows(text, "ability: whenever you draw one or more cards: gain 1 nut"), text)
  g:play("play sniper")
  text = g:render(2)
  expect.truthy(shows(text, "Seat 1: Sniper: steal from a player (1 of 1)"), text)
end)

test("render: Go again turns still to come are shown", function()
  local g = open(2)
  local s = g.state
  s.squirrels1:push_bottom(fetch(g, "Daredevil"))
  hand(g, 1, { "Pinecone" })
  g:play("play pinecone")
  expect.truthy(shows(g:render(0), "(then 1 more turn: Go again)"), g:render(0))
end)
