-- Squirrel Island: one scenario per rule sentence of
-- ../shared/rules/squirrel-island.txt and per decision of DECISIONS.md
-- (Squirrel Island) and of README.md. Each test opens a game, sets up a
-- position by editing the state (hands, Island, tableaux, counters), plays
-- moves and checks the exact outcome. The card effects have their own
-- file (cards.lua), the solo rival too (solo.lua).

local P = require "position"             -- tests/lib/position.lua
local open, id, fetch, hand, top, island, squirrel, exhausted, set, counters, names, has_move =
  P.open, P.id, P.fetch, P.hand, P.top, P.island, P.squirrel, P.exhausted, P.set, P.counters, P.names, P.has_move

--- Everybody goes to sleep passing, from the player to move, until the day
--- changes (or the game ends).
local function sleep_all(g)
  local day = g.state.day.number
  while not g:over() and g.state.day.number == day do
    g:play(has_move(g, "sleep") and "sleep" or "pass")
  end
end

-- Setup and the first morning -------------------------------------------------------------

test("day 1 morning: stamina 3, 2 coins, 5 cards; 4 Island cards (3 top, the leftmost bottom)", function()
  for players = 2, 5 do
    local g = open(players)
    local s = g.state
    for seat = 1, players do
      expect.eq(counters(g, seat), { nuts = 0, coins = 2, stamina = 3 }, "seat " .. seat)
      expect.eq(s["hand" .. seat]:count(), 5)
      expect.eq(s["squirrels" .. seat]:count(), 0)
    end
    for n = 1, 4 do expect.eq(s["island" .. n]:count(), 1, "space " .. n) end
    for n = 5, 8 do expect.eq(s["island" .. n]:count(), 0, "space " .. n) end
    expect.eq(s.day.open, 4)
    expect.eq(s.draw_pile:count(), 61 - 5 * players - 4)
    expect.eq(s.day.number, 1)
  end
end)

test("the deck: 61 cards, 32 names, 1, 2 or 4 copies, Tree squirrels > Ground > Flying", function()
  local g = open(2)
  local total, tribes, kinds = 0, { tree = 0, ground = 0, flying = 0 }, { squirrel = 0, item = 0 }
  for _, c in ipairs(g.definition.data.cards) do
    expect.truthy(c.copies == 1 or c.copies == 2 or c.copies == 4, c.name)
    total = total + c.copies
    kinds[c.kind] = kinds[c.kind] + c.copies
    if c.tribe then tribes[c.tribe] = tribes[c.tribe] + c.copies end
  end
  expect.eq(#g.definition.data.cards, 32)
  expect.eq(total, 61)
  expect.eq(tribes, { tree = 22, ground = 14, flying = 7 })
  expect.eq(kinds, { squirrel = 43, item = 18 })
  local motivator = g.definition.data.cards[id(g, "Motivator")]
  expect.eq(motivator.loops, { "stamina", "coins" })
end)

test("seat 1 holds the first-player token on day 1 and plays first", function()
  local g = open(3)
  expect.eq(g.state.turn.first, 1)
  expect.eq(g:actor(), 1)
end)

-- Awake: playing cards -------------------------------------------------------------------------

test("on your turn you play one card, then the turn passes to the left", function()
  local g = open(3)
  hand(g, 1, { "Acorn Picker" })
  g:play("play acorn picker")
  expect.eq(g:actor(), 2)
  g:play("sleep")
  expect.eq(g:actor(), 3)
end)

test("a squirrel costs stamina, is placed refreshed, then its effect resolves; no loops collected", function()
  local g = open(2)
  hand(g, 1, { "Motivator" })
  set(g, 1, { nuts = 0, coins = 0, stamina = 3 })
  g:play("play motivator")
  -- paid 2 stamina; play effect: gain 1 coin; the loops (stamina, coin) are not collected
  expect.eq(counters(g, 1), { nuts = 0, coins = 1, stamina = 1 })
  expect.eq(names(g, "squirrels1"), { "Motivator" })
  expect.falsy(exhausted(g, 1, 1))
  expect.eq(g.state.hand1:count(), 0)
end)

test("a squirrel is placed before its effect: Canopy Climber counts itself", function()
  local g = open(2)
  squirrel(g, 1, "Motivator", true)
  squirrel(g, 1, "Digger")
  hand(g, 1, { "Canopy Climber" })
  set(g, 1, { nuts = 0, stamina = 3 })
  g:play("play canopy climber")
  expect.eq(g.state.nuts:get(1), 2)       -- Motivator and Canopy Climber are Tree; Digger is Ground
end)

test("an item costs coins; its effect resolves first, then it joins the used items", function()
  local g = open(3)
  hand(g, 1, { "Slingshot" })
  set(g, 1, { coins = 2 })
  set(g, 2, { nuts = 3 })
  g:play("play slingshot")
  -- the steal waits for a choice: the Slingshot is in play, not yet used
  expect.moves(g, { "steal from seat 2", "steal from seat 3" })
  expect.eq(names(g, "in_play"), { "Slingshot" })
  expect.eq(g.state.items1:count(), 0)
  expect.eq(g.state.coins:get(1), 0)
  g:play("steal from seat 2")
  expect.eq(names(g, "items1"), { "Slingshot" })
  expect.eq(g.state.in_play:count(), 0)
end)

test("3 coins pay for 1 stamina: every split of the cost is offered, and paid exactly", function()
  local g = open(2)
  hand(g, 1, { "Elder" })                    -- 4 stamina
  set(g, 1, { stamina = 2, coins = 7 })
  expect.legal(g, "play elder with 6 coins")
  expect.illegal(g, "play elder")            -- 2 stamina: not enough
  expect.illegal(g, "play elder with 3 coins")
  expect.illegal(g, "play elder with 9 coins") -- 7 coins: not enough
  g:play("play elder with 6 coins")
  expect.eq(counters(g, 1), { nuts = 2, coins = 1, stamina = 0 })
end)

test("3 coins pay for 1 stamina: with enough stamina, paying with coins is a choice", function()
  local g = open(2)
  hand(g, 1, { "Acorn Picker" })             -- 1 stamina
  island(g, 1, "Elder")                      -- 4 stamina
  island(g, 2, "Thief")                      -- 4 stamina
  island(g, 3, "Tunnel Boss")                -- 4 stamina
  island(g, 4, "Feast")                      -- 4 coins
  set(g, 1, { stamina = 3, coins = 3 })
  expect.moves(g, { "play acorn picker", "play acorn picker with 3 coins", "sleep" })
  g:play("play acorn picker with 3 coins")
  expect.eq(counters(g, 1), { nuts = 1, coins = 0, stamina = 3 })
end)

test("an item is paid in coins only: stamina never pays for it, nor is it split", function()
  local g = open(2)
  hand(g, 1, { "Nut Sack" })                 -- 2 coins
  set(g, 1, { stamina = 5, coins = 1 })
  expect.illegal(g, "play nut sack")
  set(g, 1, { coins = 2 })
  expect.legal(g, "play nut sack")
  expect.illegal(g, "play nut sack with 3 coins")
end)

test("you cannot play a card you cannot pay for; sleeping is always possible", function()
  local g = open(2)
  hand(g, 1, { "Elder", "Feast" })          -- 4 stamina, 4 coins
  island(g, 1, "Canopy Climber")             -- 3 stamina (+1 on the Island)
  island(g, 2, "Tunnel Boss")
  island(g, 3, "Thief")
  island(g, 4, "Alarm Bell")                 -- 3 coins (+1 on the Island)
  set(g, 1, { stamina = 2, coins = 2 })
  expect.moves(g, { "sleep" })
end)

-- The Island ------------------------------------------------------------------------------------

test("the Island: an extra 1 stamina or 1 coin, whatever the card", function()
  local g = open(2)
  island(g, 3, "Motivator")                  -- 2 stamina
  island(g, 2, "Nut Sack")                   -- 2 coins
  hand(g, 1, {})
  set(g, 1, { stamina = 3, coins = 3 })
  expect.legal(g, "buy island 3 coin")
  expect.legal(g, "buy island 3 stamina")
  expect.legal(g, "buy island 2 coin")
  expect.legal(g, "buy island 2 stamina")
  g:play("buy island 3 coin")
  expect.eq(counters(g, 1), { nuts = 0, coins = 3 - 1 + 1, stamina = 1 })   -- +1 coin: Motivator's effect
  g = open(2)
  island(g, 3, "Motivator")
  set(g, 1, { stamina = 3, coins = 3 })
  g:play("buy island 3 stamina")
  expect.eq(counters(g, 1), { nuts = 0, coins = 3 + 1, stamina = 0 })
  g = open(2)
  island(g, 2, "Nut Sack")
  set(g, 1, { stamina = 3, coins = 3 })
  g:play("buy island 2 coin")
  expect.eq(counters(g, 1), { nuts = 2, coins = 0, stamina = 3 })
  g = open(2)
  island(g, 2, "Nut Sack")
  set(g, 1, { stamina = 3, coins = 3 })
  g:play("buy island 2 stamina")
  expect.eq(counters(g, 1), { nuts = 2, coins = 1, stamina = 2 })
end)

test("the Island: the extra cost must be payable; coins may still pay the card's stamina", function()
  local g = open(2)
  island(g, 1, "Elder")                      -- 4 stamina
  set(g, 1, { stamina = 4, coins = 0 })
  expect.illegal(g, "buy island 1 coin")
  expect.illegal(g, "buy island 1 stamina")
  set(g, 1, { stamina = 4, coins = 1 })
  expect.legal(g, "buy island 1 coin")
  set(g, 1, { stamina = 4, coins = 3 })
  expect.legal(g, "buy island 1 stamina with 3 coins")   -- 4 stamina + 1 extra: 3 coins pay one
  expect.legal(g, "buy island 1 coin")
  expect.illegal(g, "buy island 1 coin with 3 coins")    -- 1 coin + 3 coins: only 3
  g:play("buy island 1 stamina with 3 coins")
  expect.eq(counters(g, 1), { nuts = 2, coins = 0, stamina = 0 })
end)

-- "You can use 3 coins to pay for 1 stamina" holds for any stamina, the
-- Island's extra stamina ("an additional cost of either 1 stamina or 1
-- coin") included: it is offered even though the extra coin is cheaper.
test("the Island: 3 coins may pay the extra stamina too, with no stamina left", function()
  local g = open(2)
  hand(g, 1, {})
  island(g, 1, "Pinecone")                   -- 1 coin; play: gain 1 nut, go again
  island(g, 2, "Acorn Picker")               -- 1 stamina
  island(g, 3, "Elder")
  island(g, 4, "Thief")                      -- 4 stamina + 1: 15 coins
  set(g, 1, { nuts = 0, stamina = 0, coins = 7 })
  expect.moves(g, {
    "buy island 1 coin",
    "buy island 1 stamina with 3 coins",      -- the item's coin, the extra stamina by 3 coins
    "buy island 2 coin with 3 coins",
    "buy island 2 stamina with 6 coins",      -- both stamina by 3 coins each
    "sleep",
  })
  g:play("buy island 1 stamina with 3 coins")
  expect.eq(counters(g, 1), { nuts = 1, coins = 3, stamina = 0 })
  g = open(2)
  hand(g, 1, {})
  island(g, 2, "Acorn Picker")
  set(g, 1, { nuts = 0, stamina = 0, coins = 7 })
  g:play("buy island 2 stamina with 6 coins")
  expect.eq(counters(g, 1), { nuts = 1, coins = 1, stamina = 0 })
end)

test("the Island: the space is refilled from the deck before the card's effect", function()
  local g = open(2)
  island(g, 2, "Treetop Lookout")            -- play: draw 2 cards from the Island
  island(g, 1, "Glider")
  island(g, 3, "Forager")
  island(g, 4, "Pinecone")
  top(g, { "Elder", "Feast", "Thief" })
  hand(g, 1, {})
  set(g, 1, { stamina = 3, coins = 1 })
  g:play("buy island 2 coin")
  -- space 2 already holds the Elder (the deck's top) when the effect asks
  expect.eq(names(g, "island2"), { "Elder" })
  expect.moves(g, { "take island 1", "take island 2", "take island 3", "take island 4" })
  g:play("take island 2")
  g:play("take island 4")
  expect.eq(names(g, "hand1"), { "Pinecone", "Elder" })
end)

test("the Island: drawing 2 refills the spaces only after both draws", function()
  local g = open(2)
  hand(g, 1, { "Treetop Lookout" })
  island(g, 1, "Glider")
  island(g, 2, "Forager")
  island(g, 3, "Hoarder")
  island(g, 4, "Pinecone")
  top(g, { "Elder", "Feast" })
  set(g, 1, { stamina = 3 })
  g:play("play treetop lookout")
  g:play("take island 3")
  -- space 3 stays empty during the second draw, so it is not offered
  expect.eq(g.state.island3:count(), 0)
  expect.moves(g, { "take island 1", "take island 2", "take island 4" })
  g:play("take island 1")
  -- both refilled, in space order, after the last draw
  expect.eq(names(g, "island1"), { "Elder" })
  expect.eq(names(g, "island3"), { "Feast" })
  expect.eq(names(g, "hand1"), { "Glider", "Hoarder" })
  expect.eq(g:actor(), 2)
end)

test("the Island: a draw from the Island with one card left needs no choice", function()
  local g = open(2)
  hand(g, 1, { "Sky Scout" })                -- play: draw 1 card from the Island
  for n = 2, 4 do g.state.draw_pile:push_bottom(g.state["island" .. n]:draw()) end
  island(g, 1, "Glider")
  while g.state.draw_pile:count() > 0 do g.state.hand2:push(g.state.draw_pile:draw()) end
  set(g, 1, { stamina = 2 })
  g:play("play sky scout")
  expect.eq(names(g, "hand1"), { "Glider" })
  expect.eq(g.state.island1:count(), 0)      -- the deck is empty: no refill
  expect.eq(g:actor(), 2)
end)

-- Stamina and coins ---------------------------------------------------------------------------

test("stamina never goes above 5: each stamina gained beyond it is 1 nut", function()
  local g = open(2)
  hand(g, 1, { "Trail Mix" })                -- play: gain 2 stamina
  set(g, 1, { stamina = 4, coins = 1, nuts = 0 })
  g:play("play trail mix")
  expect.eq(counters(g, 1), { nuts = 1, coins = 0, stamina = 5 })
  local g2 = open(2)
  hand(g2, 1, { "Trail Mix" })
  set(g2, 1, { stamina = 5, coins = 1, nuts = 3 })
  g2:play("play trail mix")
  expect.eq(counters(g2, 1), { nuts = 5, coins = 0, stamina = 5 })
end)

test("a hand has no limit", function()
  local g = open(2)
  local s = g.state
  hand(g, 1, { "Treasure Map" })
  for _ = 1, 40 do s.hand1:push(s.draw_pile:draw()) end
  s.coins:set(1, 2)
  g:play("play treasure map")
  expect.eq(s.hand1:count(), 40 + 2)
end)

test("coins have no limit", function()
  local g = open(2)
  hand(g, 1, { "Quartermaster" })            -- play: gain 2 coins
  set(g, 1, { coins = 500, stamina = 2 })
  g:play("play quartermaster")
  expect.eq(g.state.coins:get(1), 502)
end)

-- Asleep -------------------------------------------------------------------------------------------

test("going to sleep: the same turn, exhaust one squirrel to gather 1 nut, or pass", function()
  local g = open(2)
  squirrel(g, 1, "Motivator")
  squirrel(g, 1, "Digger", true)
  squirrel(g, 1, "Glider")
  g:play("sleep")
  expect.eq(g:actor(), 1)
  expect.moves(g, { "exhaust 1", "exhaust 3", "pass" })     -- Digger is exhausted already
  g:play("exhaust 3")
  expect.eq(g.state.nuts:get(1), 1)
  expect.truthy(exhausted(g, 1, 3))
  expect.eq(g:actor(), 2)
  expect.eq(g.state.mat.asleep1, 1)
end)

test("asleep you take your turns: one exhaust each, never more, no card played", function()
  local g = open(2)
  squirrel(g, 1, "Motivator")
  squirrel(g, 1, "Glider")
  hand(g, 1, { "Acorn Picker" })
  hand(g, 2, { "Acorn Picker", "Forager" })
  set(g, 2, { stamina = 5 })
  g:play("sleep")
  g:play("pass")
  g:play("play acorn picker")                 -- seat 2 stays awake
  expect.eq(g:actor(), 1)
  expect.moves(g, { "exhaust 1", "exhaust 2", "pass" })  -- no play, no sleep
  g:play("exhaust 1")
  expect.eq(g:actor(), 2)
  g:play("play forager")
  expect.moves(g, { "exhaust 2", "pass" })
  g:play("exhaust 2")
  expect.eq(g.state.nuts:get(1), 2)
end)

test("asleep with no refreshed squirrel, your turn passes by itself", function()
  local g = open(3)
  squirrel(g, 1, "Motivator", true)
  hand(g, 2, { "Acorn Picker", "Acorn Picker" })
  set(g, 2, { stamina = 5 })
  g:play("sleep")                             -- nothing to exhaust: seat 1's turn ends
  expect.eq(g:actor(), 2)
  g:play("play acorn picker")
  g:play("sleep")                             -- seat 3
  expect.eq(g:actor(), 2)                     -- seat 1 is skipped
  g:play("play acorn picker")
  expect.eq(g:actor(), 2)                     -- seats 3 and 1 asleep with nothing to exhaust
end)

test("the first to sleep each day takes the first-player token and starts the next day", function()
  local g = open(3)
  hand(g, 1, { "Acorn Picker" })
  g:play("play acorn picker")
  expect.eq(g:actor(), 2)
  g:play("sleep")                             -- seat 2 is first asleep
  expect.eq(g.state.turn.first, 2)
  sleep_all(g)                                -- seat 3, then seat 1
  expect.eq(g.state.turn.first, 2)
  expect.eq(g.state.day.number, 2)
  expect.eq(g:actor(), 2)
  hand(g, 2, { "Acorn Picker" })
  g:play("play acorn picker")                 -- seat 2 stays awake; seat 3 sleeps first today
  g:play("sleep")
  expect.eq(g.state.turn.first, 3)
  sleep_all(g)
  expect.eq(g.state.day.number, 3)
  expect.eq(g:actor(), 3)
end)

test("the last player to fall asleep gathers a nut, and the day ends", function()
  local g = open(2)
  squirrel(g, 2, "Glider")
  g:play("sleep")                             -- seat 1: nothing to exhaust
  expect.eq(g:actor(), 2)
  set(g, 2, { nuts = 0, stamina = 0 })
  g:play("sleep")
  expect.moves(g, { "exhaust 1", "pass" })
  g:play("exhaust 1")
  expect.eq(g.state.day.number, 2)
  expect.eq(g.state.nuts:get(2), 1 + 0)       -- the nut; Glider's loop is stamina
  expect.eq(g.state.stamina:get(2), 0 + 1 + 1) -- morning: Glider's loop, then day 2's stamina
  expect.eq(g:actor(), 1)                     -- seat 1 slept first
  expect.eq(g.state.mat.asleep1, 0)
  expect.eq(g.state.mat.asleep2, 0)
end)

-- Go again ----------------------------------------------------------------------------------------

test("Go again: the same player takes another turn instead of passing it on", function()
  local g = open(2)
  hand(g, 1, { "Glider", "Acorn Picker" })
  set(g, 1, { stamina = 5 })
  g:play("play glider")
  expect.eq(g:actor(), 1)
  expect.eq(g.state.effect.again, 0)
  g:play("play acorn picker")
  expect.eq(g:actor(), 2)
end)

test("Go again: two instances give two more turns, even after going to sleep", function()
  local g = open(2)
  squirrel(g, 1, "Daredevil")                -- whenever you play an item: go again
  squirrel(g, 1, "Acorn Picker")
  hand(g, 1, { "Pinecone" })                 -- gain 1 nut, go again
  set(g, 1, { coins = 1, nuts = 0 })
  g:play("play pinecone")                    -- two Go agains; both only give turns: no order asked
  expect.eq(g.state.effect.again, 1)         -- the first extra turn has begun
  expect.eq(g:actor(), 1)
  expect.eq(g.state.nuts:get(1), 1)
  g:play("sleep")
  g:play("exhaust 1")
  expect.eq(g:actor(), 1)                    -- the second extra turn, asleep
  expect.moves(g, { "exhaust 2", "pass" })
  g:play("exhaust 2")
  expect.eq(g.state.nuts:get(1), 3)
  expect.eq(g:actor(), 2)
end)

test("Go again: the last player to fall asleep takes their extra turns before the day ends", function()
  local g = open(2)
  g:play("sleep")                             -- seat 1 first, nothing to exhaust
  squirrel(g, 2, "Daredevil")                 -- whenever you play an item: go again
  squirrel(g, 2, "Acorn Picker")
  squirrel(g, 2, "Forager")
  hand(g, 2, { "Pinecone" })                  -- gain 1 nut, go again
  set(g, 2, { coins = 1, nuts = 0 })
  g:play("play pinecone")                     -- two more turns
  g:play("sleep")                             -- the first: seat 2 is the last awake player
  g:play("exhaust 1")
  expect.eq(g.state.day.number, 1)            -- one extra turn is left, so the day goes on
  expect.eq(g:actor(), 2)
  expect.moves(g, { "exhaust 2", "exhaust 3", "pass" })
  g:play("exhaust 3")
  expect.eq(g.state.day.number, 2)
  -- 1 (Pinecone) + 2 (exhausting) + 1 (the Acorn Picker's loop in the morning)
  expect.eq(g.state.nuts:get(2), 4)
  expect.eq(g:actor(), 1)
end)

-- The days and the end -----------------------------------------------------------------------------

test("days 2-4 morning: refresh, collect the loops, then the day's stamina, coins and cards", function()
  local g = open(2)
  squirrel(g, 1, "Motivator", true)           -- loops: stamina, coins
  squirrel(g, 1, "Elder")                     -- loops: nuts, nuts, stamina
  squirrel(g, 1, "Cartographer", true)        -- unique: no loops
  set(g, 1, { nuts = 0, coins = 0, stamina = 2 })
  sleep_all(g)
  local s = g.state
  expect.eq(s.day.number, 2)
  expect.eq(s.mat.exhausted1, 0)
  -- loops: +1 stamina +1 coin, +2 nuts +1 stamina -> 4 stamina; day 2: +1 stamina, +2 coins, 2 cards
  expect.eq(counters(g, 1), { nuts = 2, coins = 3, stamina = 5 })
  expect.eq(s.hand1:count(), 7)               -- the Cartographer does not trigger in the morning
  expect.eq(s.day.open, 5)
  expect.eq(s.island5:count(), 1)
  for n = 6, 8 do expect.eq(s["island" .. n]:count(), 0) end
end)

test("morning stamina above 5 becomes nuts too", function()
  local g = open(2)
  squirrel(g, 1, "Motivator")
  squirrel(g, 1, "Glider")
  set(g, 1, { nuts = 0, coins = 0, stamina = 4 })
  sleep_all(g)                                -- seat 1 passes instead of exhausting
  -- 4 + 1 (Motivator) + 1 (Glider) + 1 (day 2) = 7: 5 stamina and 2 nuts
  expect.eq(counters(g, 1), { nuts = 2, coins = 1 + 2, stamina = 5 })
end)

test("days 3, 4: +1 stamina, 2 coins, 2 cards; +2 stamina, 1 coin, 1 card; one more space", function()
  local g = open(2)
  sleep_all(g)
  set(g, 1, { nuts = 0, coins = 0, stamina = 0 })
  local cards = g.state.hand1:count()
  sleep_all(g)
  expect.eq(g.state.day.number, 3)
  expect.eq(counters(g, 1), { nuts = 0, coins = 2, stamina = 1 })
  expect.eq(g.state.hand1:count(), cards + 2)
  expect.eq(g.state.day.open, 6)
  set(g, 1, { nuts = 0, coins = 0, stamina = 0 })
  sleep_all(g)
  expect.eq(g.state.day.number, 4)
  expect.eq(counters(g, 1), { nuts = 0, coins = 1, stamina = 2 })
  expect.eq(g.state.hand1:count(), cards + 3)
  expect.eq(g.state.day.open, 7)
  expect.eq(g.state.island7:count(), 1)
  expect.eq(g.state.island8:count(), 0)       -- space 8 is never revealed in a 4-day game
end)

test("the game ends when everybody sleeps on day 4, never later", function()
  local g = open(3)
  for day = 1, 3 do
    sleep_all(g)
    expect.eq(g.state.day.number, day + 1)
    expect.falsy(g:over())
  end
  sleep_all(g)
  expect.truthy(g:over())
  expect.eq(g.state.day.number, 4)
  expect.eq(#g:legal(), 0)
end)

test("the end: stashed cards are revealed and their stash values added to the nuts", function()
  local g = open(2)
  for _ = 1, 3 do sleep_all(g) end
  local s = g.state
  s.stash1:push(fetch(g, "Elder"))            -- stash 3
  s.stash1:push(fetch(g, "Glider"))           -- stash 1
  s.stash2:push(fetch(g, "Lucky Acorn"))      -- stash 3
  set(g, 1, { nuts = 4 })
  set(g, 2, { nuts = 6 })
  sleep_all(g)
  expect.eq(s.nuts:get(1), 8)
  expect.eq(s.nuts:get(2), 9)
  local r = g:result()
  expect.eq(r.scores, { 8, 9 })
  expect.eq(r.ranks, { 2, 1 })
  expect.eq(r.winners, { 2 })
  expect.truthy(g:render(0):find("stashed: Glider, Elder", 1, true), g:render(0))
end)

test("a tie goes to the player with more squirrels; still tied, it is shared", function()
  local g = open(3)
  for _ = 1, 3 do sleep_all(g) end
  squirrel(g, 1, "Glider")
  squirrel(g, 2, "Glider")
  squirrel(g, 2, "Forager")
  squirrel(g, 3, "Digger")
  squirrel(g, 3, "Forager")
  for seat = 1, 3 do set(g, seat, { nuts = 0 }) end
  -- passing keeps the counts level
  while not g:over() do g:play(has_move(g, "sleep") and "sleep" or "pass") end
  local r = g:result()
  expect.eq(r.scores, { 0, 0, 0 })
  expect.eq(r.ranks, { 3, 1, 1 })
  expect.eq(r.winners, { 2, 3 })
end)

test("no result while the game is on", function()
  local g = open(2)
  expect.eq(g:result(), nil)
end)

-- Exhausted and refreshed squirrels ---------------------------------------------------------------

test("an exhausted squirrel gives no ability: an exhausted Cartographer does not trigger", function()
  local g = open(2)
  squirrel(g, 1, "Cartographer", true)
  hand(g, 1, { "Treasure Map" })              -- draw 2 cards
  set(g, 1, { coins = 2, nuts = 0 })
  g:play("play treasure map")
  expect.eq(g.state.nuts:get(1), 0)
  expect.eq(g.state.hand1:count(), 2)
end)

test("an exhausted Quartermaster gives no discount", function()
  local g = open(2)
  squirrel(g, 1, "Quartermaster", true)
  hand(g, 1, { "Nut Sack" })                  -- 2 coins
  set(g, 1, { coins = 1 })
  expect.illegal(g, "play nut sack")
  g.state.mat.exhausted1 = 0
  expect.legal(g, "play nut sack")
end)

test("you never exhaust or refresh another player's squirrels unless a card says so", function()
  local g = open(2)
  squirrel(g, 2, "Motivator", true)
  squirrel(g, 2, "Glider")
  hand(g, 1, { "Pine Sentry" })               -- refresh 1 of YOUR squirrels
  set(g, 1, { stamina = 2 })
  g:play("play pine sentry")
  expect.eq(g.state.mat.exhausted2, 1)        -- seat 2's Motivator stays exhausted
  g:play("sleep")                             -- seat 2 asleep: it exhausts its own only
  expect.moves(g, { "exhaust 2", "pass" })
end)

-- Unique abilities ----------------------------------------------------------------------------------

test("Cartographer: +1 nut when you draw during your turn, its own play effect included", function()
  local g = open(2)
  hand(g, 1, { "Cartographer", "Branch Hopper" })
  set(g, 1, { stamina = 5, nuts = 0 })
  g:play("play cartographer")                 -- its play effect draws 1: its ability triggers
  expect.eq(g.state.nuts:get(1), 1)
  expect.eq(g.state.hand1:count(), 2)
  expect.eq(g:actor(), 2)
  g:play("sleep")
  g:play("play branch hopper")                -- draw 1, go again: +1 nut
  expect.eq(g.state.nuts:get(1), 2)
end)

test("Cartographer: a draw of 2 cards is one draw; drawing nothing from an empty deck is none", function()
  local g = open(2)
  squirrel(g, 1, "Cartographer")
  hand(g, 1, { "Treasure Map", "Treasure Map" })
  set(g, 1, { coins = 4, nuts = 0 })
  g:play("play treasure map")
  expect.eq(g.state.nuts:get(1), 1)
  while g.state.draw_pile:count() > 0 do g.state.hand2:push(g.state.draw_pile:draw()) end
  g:play("sleep")
  g:play("play treasure map")
  expect.eq(g.state.nuts:get(1), 1)
end)

test("Cartographer: not in the morning", function()
  local g = open(2)
  squirrel(g, 1, "Cartographer")
  set(g, 1, { nuts = 0 })
  sleep_all(g)                                -- seat 1 passes; the morning draws 2
  expect.eq(g.state.nuts:get(1), 0)
end)

test("Cartographer: drawing from the Island triggers it once, after the draws", function()
  local g = open(2)
  squirrel(g, 1, "Cartographer")
  hand(g, 1, { "Treetop Lookout" })
  set(g, 1, { stamina = 3, nuts = 0 })
  g:play("play treetop lookout")
  g:play("take island 1")
  expect.eq(g.state.nuts:get(1), 0)
  g:play("take island 2")
  expect.eq(g.state.nuts:get(1), 1)
end)

test("programs that only gain or give turns resolve without asking, in any number", function()
  local g = open(3)
  squirrel(g, 1, "Daredevil")                 -- go again when you play an item
  squirrel(g, 1, "Collector")                 -- +1 nut when you stash
  hand(g, 1, { "Lucky Acorn" })               -- stash the top 2 cards of the deck
  set(g, 1, { coins = 2, nuts = 0 })
  g:play("play lucky acorn")
  -- the Daredevil's Go again never needs ordering; the stash triggers the Collector
  expect.eq(g.state.nuts:get(1), 1)
  expect.eq(g.state.stash1:count(), 2)
  expect.eq(g:actor(), 1)
  expect.eq(g.state.effect.again, 0)          -- the extra turn has begun
end)

test("an ability triggered by playing a card: resolve it before the play effect, if you choose", function()
  local g = open(2)
  squirrel(g, 1, "Scavenger")                 -- whenever you play an item: draw 1 card
  hand(g, 1, { "Lucky Acorn" })               -- stash the top 2 cards of the deck
  top(g, { "Elder", "Feast", "Thief" })
  set(g, 1, { coins = 2 })
  g:play("play lucky acorn")
  expect.moves(g, { "resolve lucky acorn effect", "resolve scavenger ability" })
  g:play("resolve scavenger ability")
  expect.eq(names(g, "hand1"), { "Elder" })
  expect.eq(names(g, "stash1"), { "Thief", "Feast" })
  expect.eq(names(g, "items1"), { "Lucky Acorn" })
  expect.eq(g:actor(), 2)
end)

test("an ability triggered by playing a card: or after the play effect", function()
  local g = open(2)
  squirrel(g, 1, "Scavenger")
  hand(g, 1, { "Lucky Acorn" })
  top(g, { "Elder", "Feast", "Thief" })
  set(g, 1, { coins = 2 })
  g:play("play lucky acorn")
  g:play("resolve lucky acorn effect")
  expect.eq(names(g, "stash1"), { "Feast", "Elder" })
  expect.eq(names(g, "items1"), { "Lucky Acorn" })   -- its effect is done: the item is used
  expect.eq(names(g, "hand1"), { "Thief" })
  expect.eq(g:actor(), 2)
end)

test("several abilities triggered at once: the player orders them all, with the play effect", function()
  local g = open(3)
  squirrel(g, 1, "Scavenger")
  squirrel(g, 1, "Daredevil")
  squirrel(g, 1, "Cartographer")              -- +1 nut when you draw
  hand(g, 1, { "Slingshot" })                 -- steal 1 nut, go again
  top(g, { "Elder" })
  set(g, 1, { coins = 2, nuts = 0 })
  set(g, 3, { nuts = 2 })
  g:play("play slingshot")
  expect.moves(g, { "resolve slingshot effect", "resolve scavenger ability", "resolve daredevil ability" })
  g:play("resolve daredevil ability")
  expect.eq(g.state.effect.again, 1)
  expect.moves(g, { "resolve slingshot effect", "resolve scavenger ability" })
  g:play("resolve slingshot effect")
  expect.moves(g, { "steal from seat 2", "steal from seat 3" })
  g:play("steal from seat 3")
  -- left: the Scavenger's draw; alone, it resolves by itself, then the Cartographer
  expect.eq(names(g, "hand1"), { "Elder" })
  expect.eq(g.state.nuts:get(1), 1 + 1)
  expect.eq(g.state.nuts:get(3), 1)
  expect.eq(g.state.effect.again, 1)          -- two Go agains: one extra turn begun, one to come
  expect.eq(g:actor(), 1)
end)

test("an ability resolves after the step that triggered it, once the running effect is done", function()
  local g = open(2)
  squirrel(g, 1, "Cartographer")
  hand(g, 1, { "Branch Hopper" })             -- draw 1, go again
  set(g, 1, { stamina = 2, nuts = 0 })
  g:play("play branch hopper")
  expect.eq(g.state.nuts:get(1), 1)
  expect.eq(g:actor(), 1)
end)

test("only gains pending after going to sleep: they resolve without asking", function()
  local g = open(2)
  squirrel(g, 1, "Night Owl")
  squirrel(g, 1, "Acorn Picker")
  set(g, 1, { nuts = 0 })
  g:play("sleep")                             -- Night Owl: +2 nuts; then the asleep choice
  expect.eq(g.state.nuts:get(1), 2)
  expect.moves(g, { "exhaust 1", "exhaust 2", "pass" })
end)

-- Steal --------------------------------------------------------------------------------------------

test("steal from a player with no nuts takes nothing; nobody goes below zero", function()
  local g = open(3)
  hand(g, 1, { "Sniper" })                    -- steal 2 nuts
  set(g, 1, { stamina = 3, nuts = 0 })
  set(g, 2, { nuts = 0 })
  set(g, 3, { nuts = 4 })
  g:play("play sniper")
  g:play("steal from seat 2")
  expect.eq(g.state.nuts:get(1), 0)
  expect.eq(g.state.nuts:get(2), 0)
  expect.eq(g.state.nuts:get(3), 4)
end)

test("steal 2 from a player with 1 nut takes 1", function()
  local g = open(2)
  hand(g, 1, { "Sniper" })
  set(g, 1, { stamina = 3, nuts = 0 })
  set(g, 2, { nuts = 1 })
  g:play("play sniper")                       -- one other player: no choice
  expect.eq(g.state.nuts:get(1), 1)
  expect.eq(g.state.nuts:get(2), 0)
end)

-- Stash --------------------------------------------------------------------------------------------

test("stashing from the deck: the top card, unseen; from the hand: the player chooses", function()
  local g = open(2)
  top(g, { "Elder" })
  hand(g, 1, { "Hoarder", "Digger", "Glider", "Glider", "Feast" })
  set(g, 1, { stamina = 5 })
  g:play("play hoarder")
  expect.eq(names(g, "stash1"), { "Elder" })
  g:play("sleep")
  g:play("play digger")
  expect.moves(g, { "stash glider", "stash feast" })   -- one move per name, however many copies
  g:play("stash glider")
  expect.eq(names(g, "stash1"), { "Glider", "Elder" })
  expect.eq(names(g, "hand1"), { "Feast", "Glider" })
end)

test("stash from a hand holding one card name needs no choice", function()
  local g = open(2)
  hand(g, 1, { "Digger", "Glider", "Glider" })
  set(g, 1, { stamina = 5 })
  g:play("play digger")
  expect.eq(names(g, "stash1"), { "Glider" })
  expect.eq(names(g, "hand1"), { "Glider" })
  expect.eq(g:actor(), 2)
end)

test("stash from an empty hand or an empty deck does nothing", function()
  local g = open(2)
  hand(g, 1, { "Digger" })
  set(g, 1, { stamina = 5 })
  g:play("play digger")
  expect.eq(g.state.stash1:count(), 0)
  expect.eq(g:actor(), 2)
  g:play("sleep")
  hand(g, 1, { "Hoarder" })
  while g.state.draw_pile:count() > 0 do g.state.hand2:push(g.state.draw_pile:draw()) end
  g:play("play hoarder")
  expect.eq(g.state.stash1:count(), 0)
end)

-- The deck ----------------------------------------------------------------------------------------

test("an empty deck: draws take what is left, the Island is not refilled", function()
  local g = open(2)
  local s = g.state
  hand(g, 1, { "Treasure Map" })              -- draw 2
  while s.draw_pile:count() > 1 do s.hand2:push(s.draw_pile:draw()) end
  set(g, 1, { coins = 4 })
  local before = s.hand1:count()
  g:play("play treasure map")
  expect.eq(s.hand1:count(), before - 1 + 1)
  expect.eq(s.draw_pile:count(), 0)
  g:play("sleep")
  local card = s.island1:peek()
  g:play("buy island 1 coin")
  expect.eq(s.island1:count(), 0)
  expect.ne(card, nil)
end)
