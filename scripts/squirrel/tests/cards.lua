-- Squirrel Island: every card of cards.lua (grove's own design), its play
-- effect, its loops or its unique ability, and its stash value, each with
-- the exact outcome. The effect steps themselves are interpreted by one
-- function (game.lua's STEPS), so these tests also cover every step.

local P = require "position"             -- tests/lib/position.lua
local open, id, fetch, hand, top, island, squirrel, exhausted, set, counters, names =
  P.open, P.id, P.fetch, P.hand, P.top, P.island, P.squirrel, P.exhausted, P.set, P.counters, P.names

--- A game where seat 1 holds only `card` and these counters.
local function with(card, values, players)
  local g = open(players or 2)
  hand(g, 1, { card })
  set(g, 1, values)
  return g
end

-- Tree squirrels ---------------------------------------------------------------------------

test("Motivator: 2 stamina; play: gain 1 coin", function()
  local g = with("Motivator", { nuts = 0, coins = 0, stamina = 2 })
  g:play("play motivator")
  expect.eq(counters(g, 1), { nuts = 0, coins = 1, stamina = 0 })
  expect.eq(names(g, "squirrels1"), { "Motivator" })
  expect.eq(g:actor(), 2)
end)

test("Acorn Picker: 1 stamina; play: gain 1 nut", function()
  local g = with("Acorn Picker", { nuts = 0, coins = 0, stamina = 1 })
  g:play("play acorn picker")
  expect.eq(counters(g, 1), { nuts = 1, coins = 0, stamina = 0 })
end)

test("Branch Hopper: 2 stamina; play: draw 1 card, go again", function()
  local g = with("Branch Hopper", { nuts = 0, coins = 0, stamina = 2 })
  top(g, { "Elder" })
  g:play("play branch hopper")
  expect.eq(names(g, "hand1"), { "Elder" })
  expect.eq(counters(g, 1), { nuts = 0, coins = 0, stamina = 0 })
  expect.eq(g:actor(), 1)
end)

test("Treetop Lookout: 3 stamina; play: draw 2 cards from the Island", function()
  local g = with("Treetop Lookout", { stamina = 3 })
  island(g, 1, "Glider")
  island(g, 4, "Feast")
  g:play("play treetop lookout")
  g:play("take island 4")
  g:play("take island 1")
  expect.eq(names(g, "hand1"), { "Glider", "Feast" })
  expect.eq(g.state.stamina:get(1), 0)
end)

test("Hoarder: 3 stamina; play: stash the top card of the deck", function()
  local g = with("Hoarder", { stamina = 3 })
  top(g, { "Thief", "Elder" })
  g:play("play hoarder")
  expect.eq(names(g, "stash1"), { "Thief" })
  expect.eq(g.state.draw_pile:peek(), id(g, "Elder"))
end)

test("Canopy Climber: 3 stamina; play: gain 1 nut for each of your Tree squirrels", function()
  local g = with("Canopy Climber", { nuts = 0, stamina = 3 })
  squirrel(g, 1, "Elder", true)              -- exhausted squirrels count too
  squirrel(g, 1, "Acorn Picker")
  squirrel(g, 1, "Glider")                   -- Flying
  squirrel(g, 2, "Motivator")                -- another player's
  g:play("play canopy climber")
  expect.eq(g.state.nuts:get(1), 3)
end)

test("Pine Sentry: 2 stamina; play: refresh 1 of your squirrels, gain 1 coin", function()
  local g = with("Pine Sentry", { coins = 0, stamina = 2 })
  squirrel(g, 1, "Elder", true)
  squirrel(g, 1, "Acorn Picker")
  squirrel(g, 1, "Glider", true)
  g:play("play pine sentry")
  expect.moves(g, { "refresh 1", "refresh 3" })
  g:play("refresh 3")
  expect.truthy(exhausted(g, 1, 1))
  expect.falsy(exhausted(g, 1, 3))
  expect.eq(g.state.coins:get(1), 1)
  -- with no exhausted squirrel, the refresh does nothing
  local g2 = with("Pine Sentry", { coins = 0, stamina = 2 })
  g2:play("play pine sentry")
  expect.eq(g2.state.mat.exhausted1, 0)
  expect.eq(g2.state.coins:get(1), 1)
end)

test("Elder: 4 stamina; play: gain 2 nuts", function()
  local g = with("Elder", { nuts = 0, stamina = 4 })
  g:play("play elder")
  expect.eq(counters(g, 1), { nuts = 2, coins = 2, stamina = 0 })
end)

test("Cartographer: 3 stamina; play: draw 1 card; ability: whenever you draw, gain 1 nut", function()
  local g = with("Cartographer", { nuts = 0, stamina = 3 })
  top(g, { "Glider" })
  g:play("play cartographer")
  expect.eq(names(g, "hand1"), { "Glider" })
  expect.eq(g.state.nuts:get(1), 1)
  expect.eq(g.definition.data.cards[id(g, "Cartographer")].loops, {})
end)

-- Ground squirrels --------------------------------------------------------------------------

test("Digger: 1 stamina; play: stash 1 card from your hand", function()
  local g = open(2)
  hand(g, 1, { "Digger", "Elder", "Feast" })
  set(g, 1, { stamina = 1 })
  g:play("play digger")
  expect.moves(g, { "stash elder", "stash feast" })
  g:play("stash feast")
  expect.eq(names(g, "stash1"), { "Feast" })
  expect.eq(names(g, "hand1"), { "Elder" })
end)

test("Digger with nothing left in hand stashes nothing: that is no stash for a Collector", function()
  local g = with("Digger", { nuts = 0, stamina = 1 })
  squirrel(g, 1, "Collector")
  g:play("play digger")
  expect.eq(names(g, "stash1"), {})
  expect.eq(g.state.nuts:get(1), 0)
  expect.eq(g:actor(), 2)
end)

test("Burrower: 2 stamina; play: exhaust 1 of your squirrels and collect its loops", function()
  local g = with("Burrower", { nuts = 0, coins = 0, stamina = 2 })
  squirrel(g, 1, "Motivator")                -- loops: stamina, coins
  squirrel(g, 1, "Elder", true)
  g:play("play burrower")
  expect.moves(g, { "collect 1", "collect 3" }) -- the Burrower itself (3) is refreshed
  g:play("collect 1")
  expect.truthy(exhausted(g, 1, 1))
  expect.eq(counters(g, 1), { nuts = 0, coins = 1, stamina = 1 })
end)

test("Burrower: it may exhaust itself, collecting its own loop", function()
  local g = with("Burrower", { nuts = 0, stamina = 2 })
  g:play("play burrower")                    -- the only refreshed squirrel: no choice
  expect.truthy(exhausted(g, 1, 1))
  expect.eq(g.state.nuts:get(1), 1)
end)

test("Forager: 2 stamina; play: gain 1 nut", function()
  local g = with("Forager", { nuts = 0, coins = 0, stamina = 2 })
  g:play("play forager")
  expect.eq(counters(g, 1), { nuts = 1, coins = 0, stamina = 0 })
end)

test("Sniper: 3 stamina; play: steal 2 nuts from another player", function()
  local g = with("Sniper", { nuts = 1, stamina = 3 }, 3)
  set(g, 2, { nuts = 5 })
  set(g, 3, { nuts = 1 })
  g:play("play sniper")
  g:play("steal from seat 2")
  expect.eq({ g.state.nuts:get(1), g.state.nuts:get(2), g.state.nuts:get(3) }, { 3, 3, 1 })
end)

test("Quartermaster: 2 stamina; play: gain 2 coins; ability: your items cost 1 coin less", function()
  local g = open(2)
  hand(g, 1, { "Quartermaster", "Nut Sack", "Pinecone" })
  island(g, 1, "Treasure Map")
  set(g, 1, { coins = 0, stamina = 2 })
  g:play("play quartermaster")
  expect.eq(g.state.coins:get(1), 2)
  g:play("sleep")                            -- seat 2
  set(g, 1, { coins = 1, stamina = 1 })
  expect.legal(g, "play nut sack")           -- 2 - 1
  expect.legal(g, "play pinecone")           -- 1 - 1
  expect.legal(g, "buy island 1 stamina")    -- the Treasure Map: 2 - 1 coins, + 1 stamina
  expect.illegal(g, "buy island 1 coin")     -- 2 - 1 + 1 coins
  set(g, 1, { coins = 0 })
  expect.illegal(g, "play nut sack")
  g:play("play pinecone")                    -- never below 0 coins
  expect.eq(g.state.coins:get(1), 0)
  expect.eq(g.state.nuts:get(1), 1)
end)

test("Collector: 3 stamina; play: stash the top card; ability: whenever you stash, gain 1 nut", function()
  local g = with("Collector", { nuts = 0, stamina = 3 })
  top(g, { "Elder" })
  g:play("play collector")                   -- its own play effect triggers it
  expect.eq(names(g, "stash1"), { "Elder" })
  expect.eq(g.state.nuts:get(1), 1)
end)

test("Scavenger: 2 stamina; play: gain 1 coin; ability: whenever you play an item, draw 1 card", function()
  local g = open(2)
  hand(g, 1, { "Scavenger", "Nut Sack" })
  set(g, 1, { coins = 1, stamina = 5, nuts = 0 })
  g:play("play scavenger")
  expect.eq(g.state.coins:get(1), 2)
  expect.eq(g.state.hand1:count(), 1)        -- a squirrel is no item: no draw
  g:play("sleep")
  top(g, { "Feast" })
  g:play("play nut sack")
  g:play("resolve nut sack effect")
  expect.eq(names(g, "hand1"), { "Feast" })
  expect.eq(g.state.nuts:get(1), 2)
end)

test("Tunnel Boss: 4 stamina; play: gain 1 stamina, go again", function()
  local g = with("Tunnel Boss", { stamina = 4 })
  g:play("play tunnel boss")
  expect.eq(g.state.stamina:get(1), 1)
  expect.eq(g:actor(), 1)
end)

-- Flying squirrels ---------------------------------------------------------------------------

test("Glider: 2 stamina; play: go again", function()
  local g = with("Glider", { nuts = 0, coins = 0, stamina = 2 })
  g:play("play glider")
  expect.eq(counters(g, 1), { nuts = 0, coins = 0, stamina = 0 })
  expect.eq(g:actor(), 1)
  g:play("sleep")
  expect.eq(g:actor(), 1)                    -- asleep now, with the Glider to exhaust
  g:play("pass")
  expect.eq(g:actor(), 2)
end)

test("Night Owl: 3 stamina; play: gain 1 stamina; ability: whenever you go to sleep, gain 2 nuts", function()
  local g = with("Night Owl", { nuts = 0, stamina = 3 })
  g:play("play night owl")
  expect.eq(counters(g, 1), { nuts = 0, coins = 2, stamina = 1 })
  g:play("sleep")                            -- seat 2 sleeps: no Night Owl there
  g:play("sleep")
  expect.eq(g.state.nuts:get(1), 2)
  g:play("exhaust 1")                        -- the last asleep: the day ends
  expect.eq(g.state.nuts:get(1), 3)
  expect.eq(g.state.day.number, 2)
end)

test("Night Owl: exhausted, it does not trigger", function()
  local g = open(2)
  squirrel(g, 1, "Night Owl", true)
  set(g, 1, { nuts = 0 })
  g:play("sleep")
  expect.eq(g.state.nuts:get(1), 0)
end)

test("Daredevil: 3 stamina; play: gain 2 coins; ability: whenever you play an item, go again", function()
  local g = open(2)
  hand(g, 1, { "Daredevil", "Nut Sack", "Trail Mix" })
  set(g, 1, { coins = 0, stamina = 3, nuts = 0 })
  g:play("play daredevil")
  expect.eq(g.state.coins:get(1), 2)
  expect.eq(g:actor(), 2)                    -- a squirrel is no item
  g:play("sleep")
  g:play("play nut sack")
  expect.eq(g:actor(), 1)
  expect.eq(g.state.nuts:get(1), 2)
end)

test("Sky Scout: 2 stamina; play: draw 1 card from the Island; ability: no Island extra cost", function()
  local g = with("Sky Scout", { coins = 0, stamina = 2 })
  island(g, 2, "Elder")
  island(g, 3, "Nut Sack")
  top(g, { "Thief" })
  g:play("play sky scout")
  g:play("take island 2")
  expect.eq(names(g, "hand1"), { "Elder" })
  expect.eq(names(g, "island2"), { "Thief" })   -- replaced at once from the deck
  g:play("sleep")
  set(g, 1, { coins = 2, stamina = 0 })
  expect.legal(g, "buy island 3")
  expect.illegal(g, "buy island 3 coin")
  g:play("buy island 3")
  expect.eq(counters(g, 1), { nuts = 2, coins = 0, stamina = 0 })
end)

test("Thief: 4 stamina; play: steal 1 nut from each other player", function()
  local g = with("Thief", { nuts = 0, stamina = 4 }, 4)
  set(g, 2, { nuts = 3 })
  set(g, 3, { nuts = 0 })
  set(g, 4, { nuts = 1 })
  g:play("play thief")
  local nuts = {}
  for seat = 1, 4 do nuts[seat] = g.state.nuts:get(seat) end
  expect.eq(nuts, { 2, 2, 0, 0 })
end)

test("Howler: 2 stamina; play: each other player loses 1 stamina", function()
  local g = with("Howler", { stamina = 2 }, 3)
  set(g, 2, { stamina = 4 })
  set(g, 3, { stamina = 0 })
  g:play("play howler")
  expect.eq({ g.state.stamina:get(1), g.state.stamina:get(2), g.state.stamina:get(3) }, { 0, 3, 0 })
end)

-- Items -----------------------------------------------------------------------------------------

test("Trail Mix: 1 coin; play: gain 2 stamina", function()
  local g = with("Trail Mix", { nuts = 0, coins = 1, stamina = 1 })
  g:play("play trail mix")
  expect.eq(counters(g, 1), { nuts = 0, coins = 0, stamina = 3 })
  expect.eq(names(g, "items1"), { "Trail Mix" })
end)

test("Nut Sack: 2 coins; play: gain 2 nuts", function()
  local g = with("Nut Sack", { nuts = 0, coins = 2, stamina = 0 })
  g:play("play nut sack")
  expect.eq(counters(g, 1), { nuts = 2, coins = 0, stamina = 0 })
end)

test("Slingshot: 2 coins; play: steal 1 nut, go again", function()
  local g = with("Slingshot", { nuts = 0, coins = 2 })
  set(g, 2, { nuts = 2 })
  g:play("play slingshot")
  expect.eq({ g.state.nuts:get(1), g.state.nuts:get(2) }, { 1, 1 })
  expect.eq(g:actor(), 1)
end)

test("Treasure Map: 2 coins; play: draw 2 cards", function()
  local g = with("Treasure Map", { coins = 2 })
  top(g, { "Elder", "Feast" })
  g:play("play treasure map")
  expect.eq(names(g, "hand1"), { "Feast", "Elder" })
end)

test("Pinecone: 1 coin; play: gain 1 nut, go again", function()
  local g = with("Pinecone", { nuts = 0, coins = 1 })
  g:play("play pinecone")
  expect.eq(counters(g, 1).nuts, 1)
  expect.eq(g:actor(), 1)
end)

test("Alarm Bell: 3 coins; play: exhaust 1 squirrel of another player, gain 1 nut", function()
  local g = with("Alarm Bell", { nuts = 0, coins = 3 }, 3)
  squirrel(g, 2, "Elder")
  squirrel(g, 2, "Glider", true)
  squirrel(g, 3, "Motivator")
  squirrel(g, 1, "Forager")                   -- its own: never a target
  g:play("play alarm bell")
  expect.moves(g, { "exhaust 1 of seat 2", "exhaust 1 of seat 3" })
  g:play("exhaust 1 of seat 3")
  expect.truthy(exhausted(g, 3, 1))
  expect.falsy(exhausted(g, 2, 1))
  expect.falsy(exhausted(g, 1, 1))
  expect.eq(g.state.nuts:get(1), 1)
end)

test("Alarm Bell: nobody's squirrel to exhaust, just the nut", function()
  local g = with("Alarm Bell", { nuts = 0, coins = 3 })
  g:play("play alarm bell")
  expect.eq(g.state.nuts:get(1), 1)
  expect.eq(g:actor(), 2)
end)

test("Feast: 4 coins; play: collect the loops of all your refreshed squirrels", function()
  local g = with("Feast", { nuts = 0, coins = 4, stamina = 4 })
  squirrel(g, 1, "Motivator")                -- stamina, coins
  squirrel(g, 1, "Elder")                    -- nuts, nuts, stamina
  squirrel(g, 1, "Forager", true)            -- exhausted: nothing
  squirrel(g, 1, "Cartographer")             -- no loops
  g:play("play feast")
  -- 4 stamina + 2 = 6: 5 stamina and 1 nut
  expect.eq(counters(g, 1), { nuts = 3, coins = 1, stamina = 5 })
  expect.eq(g.state.mat.exhausted1, 4)        -- collecting does not exhaust
end)

test("Storm Warning: 2 coins; play: each other player loses 2 coins", function()
  local g = with("Storm Warning", { coins = 2 }, 3)
  set(g, 2, { coins = 5 })
  set(g, 3, { coins = 1 })
  g:play("play storm warning")
  expect.eq({ g.state.coins:get(1), g.state.coins:get(2), g.state.coins:get(3) }, { 0, 3, 0 })
end)

-- Sabotage hits every other player, seat 1 too --------------------------------------------------

--- A game where seat 1 has played a card and seat 2, on turn, holds only
--- `card` and these counters.
local function seat2_with(card, values, players)
  local g = open(players or 3)
  hand(g, 1, { "Acorn Picker" })
  set(g, 1, { stamina = 1 })
  g:play("play acorn picker")
  hand(g, 2, { card })
  set(g, 2, values)
  expect.eq(g:actor(), 2)
  return g
end

test("steal N nuts from another player: seat 1 is another player of seat 2", function()
  local g = seat2_with("Sniper", { nuts = 0, stamina = 3 })
  set(g, 1, { nuts = 4 })
  set(g, 3, { nuts = 4 })
  g:play("play sniper")
  expect.moves(g, { "steal from seat 1", "steal from seat 3" })
  g:play("steal from seat 1")
  expect.eq({ g.state.nuts:get(1), g.state.nuts:get(2), g.state.nuts:get(3) }, { 2, 2, 4 })
end)

test("steal N nuts from each other player: seat 1 too, when seat 2 steals", function()
  local g = seat2_with("Thief", { nuts = 0, stamina = 4 })
  set(g, 1, { nuts = 2 })
  set(g, 3, { nuts = 2 })
  g:play("play thief")
  expect.eq({ g.state.nuts:get(1), g.state.nuts:get(2), g.state.nuts:get(3) }, { 1, 2, 1 })
end)

test("each other player loses N: seat 1 too, when seat 2 plays it", function()
  local g = seat2_with("Howler", { stamina = 2 })
  set(g, 1, { stamina = 3 })
  set(g, 3, { stamina = 3 })
  g:play("play howler")
  expect.eq({ g.state.stamina:get(1), g.state.stamina:get(2), g.state.stamina:get(3) }, { 2, 0, 2 })
  g = seat2_with("Storm Warning", { coins = 2 }, 2)
  set(g, 1, { coins = 3 })
  g:play("play storm warning")
  expect.eq({ g.state.coins:get(1), g.state.coins:get(2) }, { 1, 0 })
end)

test("exhaust N squirrels of other players: seat 1's squirrels are targets of seat 2", function()
  local g = seat2_with("Alarm Bell", { nuts = 0, coins = 3 })  -- seat 1 has its Acorn Picker
  squirrel(g, 3, "Motivator")
  g:play("play alarm bell")
  expect.moves(g, { "exhaust 1 of seat 1", "exhaust 1 of seat 3" })
  g:play("exhaust 1 of seat 1")
  expect.truthy(exhausted(g, 1, 1))
  expect.falsy(exhausted(g, 3, 1))
end)

test("Lucky Acorn: 2 coins; play: stash the top 2 cards of the deck", function()
  local g = with("Lucky Acorn", { coins = 2 })
  top(g, { "Elder", "Feast", "Thief" })
  g:play("play lucky acorn")
  expect.eq(names(g, "stash1"), { "Feast", "Elder" })
  expect.eq(g.state.draw_pile:peek(), id(g, "Thief"))
end)

-- Loops and stash values ------------------------------------------------------------------------

local LOOPS = {
  ["Motivator"] = { stamina = 1, coins = 1 }, ["Acorn Picker"] = { nuts = 1 },
  ["Branch Hopper"] = { coins = 1 }, ["Treetop Lookout"] = { nuts = 1 }, ["Hoarder"] = { nuts = 2 },
  ["Canopy Climber"] = { stamina = 1, nuts = 1 }, ["Pine Sentry"] = { stamina = 1 },
  ["Elder"] = { nuts = 2, stamina = 1 }, ["Digger"] = { coins = 1 }, ["Burrower"] = { nuts = 1 },
  ["Forager"] = { coins = 2 }, ["Sniper"] = { nuts = 1 }, ["Tunnel Boss"] = { coins = 2, nuts = 1 },
  ["Glider"] = { stamina = 1 }, ["Thief"] = { nuts = 1, stamina = 1 }, ["Howler"] = { coins = 1 },
  ["Cartographer"] = {}, ["Quartermaster"] = {}, ["Collector"] = {}, ["Scavenger"] = {},
  ["Night Owl"] = {}, ["Daredevil"] = {}, ["Sky Scout"] = {},
}

test("every squirrel's loops are collected in the morning of day 2 (uniques have none)", function()
  local g0 = open(2)
  local count = 0
  for _, c in ipairs(g0.definition.data.cards) do
    if c.kind == "squirrel" then
      count = count + 1
      local want = LOOPS[c.name]
      expect.truthy(want, "loops of " .. c.name .. " listed here")
      local g = open(2)
      squirrel(g, 1, c.name, true)
      set(g, 1, { nuts = 0, coins = 0, stamina = 0 })
      while g.state.day.number == 1 do g:play("sleep") end
      -- day 2 adds 1 stamina and 2 coins to the loops
      expect.eq(counters(g, 1), { nuts = want.nuts or 0, coins = (want.coins or 0) + 2,
        stamina = (want.stamina or 0) + 1 }, c.name)
    end
  end
  expect.eq(count, 23)
end)

local STASH = {
  ["Motivator"] = 1, ["Acorn Picker"] = 1, ["Branch Hopper"] = 1, ["Treetop Lookout"] = 2, ["Hoarder"] = 2,
  ["Canopy Climber"] = 2, ["Pine Sentry"] = 1, ["Elder"] = 3, ["Cartographer"] = 2, ["Digger"] = 1,
  ["Burrower"] = 1, ["Forager"] = 1, ["Sniper"] = 2, ["Quartermaster"] = 2, ["Collector"] = 2,
  ["Scavenger"] = 2, ["Tunnel Boss"] = 3, ["Glider"] = 1, ["Night Owl"] = 2, ["Daredevil"] = 2,
  ["Sky Scout"] = 2, ["Thief"] = 3, ["Howler"] = 1, ["Trail Mix"] = 1, ["Nut Sack"] = 1, ["Slingshot"] = 1,
  ["Treasure Map"] = 1, ["Pinecone"] = 1, ["Alarm Bell"] = 2, ["Feast"] = 2, ["Storm Warning"] = 1,
  ["Lucky Acorn"] = 3,
}

test("every card's stash value counts at the end", function()
  local g = open(2)
  for _ = 1, 3 do
    local day = g.state.day.number
    while g.state.day.number == day do g:play("sleep") end
  end
  local total = 0
  for _, c in ipairs(g.definition.data.cards) do
    expect.truthy(STASH[c.name], "stash value of " .. c.name .. " listed here")
    g.state.stash2:push(fetch(g, c.name))
    total = total + STASH[c.name]
  end
  set(g, 2, { nuts = 0 })
  set(g, 1, { nuts = 0 })
  while not g:over() do g:play("sleep") end
  expect.eq(total, 53)
  expect.eq(g:result().scores, { 0, 53 })
end)

-- What a card says -------------------------------------------------------------------------------

test("every card's text, as players read it: cost, play effect, loops or ability, stash value", function()
  local g = open(2)
  local TEXTS = {
    "Motivator (tree squirrel, 2 stamina); play: gain 1 coin; loops: stamina, coin; stash 1",
    "Acorn Picker (tree squirrel, 1 stamina); play: gain 1 nut; loops: nut; stash 1",
    "Branch Hopper (tree squirrel, 2 stamina); play: draw 1 card, go again; loops: coin; stash 1",
    "Treetop Lookout (tree squirrel, 3 stamina); play: draw 2 cards from the Island; loops: nut; stash 2",
    "Hoarder (tree squirrel, 3 stamina); play: stash the top card of the deck; loops: nut, nut; stash 2",
    "Canopy Climber (tree squirrel, 3 stamina); play: gain 1 nut for each of your tree squirrels; loops: stamina, nut; stash 2",
    "Pine Sentry (tree squirrel, 2 stamina); play: refresh 1 of your squirrels, gain 1 coin; loops: stamina; stash 1",
    "Elder (tree squirrel, 4 stamina); play: gain 2 nuts; loops: nut, nut, stamina; stash 3",
    "Cartographer (tree squirrel, 3 stamina); play: draw 1 card; ability: whenever you draw one or more cards: gain 1 nut; stash 2",
    "Digger (ground squirrel, 1 stamina); play: stash 1 card from your hand; loops: coin; stash 1",
    "Burrower (ground squirrel, 2 stamina); play: exhaust 1 of your squirrels and collect its loops; loops: nut; stash 1",
    "Forager (ground squirrel, 2 stamina); play: gain 1 nut; loops: coin, coin; stash 1",
    "Sniper (ground squirrel, 3 stamina); play: steal 2 nuts from another player; loops: nut; stash 2",
    "Quartermaster (ground squirrel, 2 stamina); play: gain 2 coins; ability: your items cost 1 coin less; stash 2",
    "Collector (ground squirrel, 3 stamina); play: stash the top card of the deck; ability: whenever you stash one or more cards: gain 1 nut; stash 2",
    "Scavenger (ground squirrel, 2 stamina); play: gain 1 coin; ability: whenever you play an item: draw 1 card; stash 2",
    "Tunnel Boss (ground squirrel, 4 stamina); play: gain 1 stamina, go again; loops: coin, coin, nut; stash 3",
    "Glider (flying squirrel, 2 stamina); play: go again; loops: stamina; stash 1",
    "Night Owl (flying squirrel, 3 stamina); play: gain 1 stamina; ability: whenever you go to sleep: gain 2 nuts; stash 2",
    "Daredevil (flying squirrel, 3 stamina); play: gain 2 coins; ability: whenever you play an item: go again; stash 2",
    "Sky Scout (flying squirrel, 2 stamina); play: draw 1 card from the Island; ability: no extra cost for cards from the Island; stash 2",
    "Thief (flying squirrel, 4 stamina); play: steal 1 nut from each other player; loops: nut, stamina; stash 3",
    "Howler (flying squirrel, 2 stamina); play: each other player loses 1 stamina; loops: coin; stash 1",
    "Trail Mix (item, 1 coin); play: gain 2 stamina; stash 1",
    "Nut Sack (item, 2 coins); play: gain 2 nuts; stash 1",
    "Slingshot (item, 2 coins); play: steal 1 nut from another player, go again; stash 1",
    "Treasure Map (item, 2 coins); play: draw 2 cards; stash 1",
    "Pinecone (item, 1 coin); play: gain 1 nut, go again; stash 1",
    "Alarm Bell (item, 3 coins); play: exhaust 1 squirrel of another player, gain 1 nut; stash 2",
    "Feast (item, 4 coins); play: collect the loops of all your refreshed squirrels; stash 2",
    "Storm Warning (item, 2 coins); play: each other player loses 2 coins; stash 1",
    "Lucky Acorn (item, 2 coins); play: stash the top 2 cards of the deck; stash 3",
  }
  local seen, texts = {}, {}
  for card, c in ipairs(g.definition.data.cards) do
    if not seen[c.name] then
      seen[c.name] = true
      texts[#texts + 1] = g.definition.data.card_text(card)
    end
  end
  expect.eq(texts, TEXTS)
end)

test("Cartographer: drawing no card is no draw (the Island and the deck are empty): no nut", function()
  local g = with("Treetop Lookout", { nuts = 0, stamina = 3 })
  squirrel(g, 1, "Cartographer")
  local aside = g.state.stash2
  for n = 1, 8 do
    local space = g.state["island" .. n]
    while space and space:count() > 0 do aside:push(space:draw()) end
  end
  while g.state.draw_pile:count() > 0 do aside:push(g.state.draw_pile:draw()) end
  g:play("play treetop lookout")
  expect.eq(g.state.nuts:get(1), 0)
  expect.eq(g:actor(), 2)
end)

-- Adding a card: a row checked when the game loads -------------------------------------------

test("a new card is a row: the game's own check accepts a well-formed one", function()
  local check = open(2).definition.data.check_cards
  check(open(2).definition.data.cards)
  check({
    { name = "Acorn Baron", kind = "squirrel", cost = 5, tribe = "tree", loops = { "nuts", "nuts", "nuts" },
      play = { { "gain", 1, "nuts" }, { "stash_hand", 1 }, { "go_again" } }, stash = 4, copies = 1 },
    { name = "Owl Pellet", kind = "item", cost = 0, play = { { "collect_all" } }, stash = 0, copies = 2 },
    { name = "Spy", kind = "squirrel", cost = 1, tribe = "flying",
      ability = { when = "sleep", effect = { { "lose_each", 1, "coins" } } }, stash = 1, copies = 1 },
  })
end)

test("a new card is a row: a malformed one is refused, naming the card and the fault", function()
  local check = open(2).definition.data.check_cards
  local function row(changes)
    local r = { name = "Test", kind = "squirrel", cost = 1, tribe = "tree", loops = { "nuts" },
      play = { { "gain", 1, "nuts" } }, stash = 1, copies = 1 }
    for k, v in pairs(changes) do r[k] = v end
    if changes.loops == false then r.loops = nil end
    return r
  end
  local cases = {
    { row { play = { { "fly", 1 } } }, "cards.lua: Test, play step 1: unknown step 'fly'" },
    { row { play = { { "draw" } } }, "cards.lua: Test, play step 1: how many?" },
    { row { play = { { "draw", 0 } } }, "N must be a whole number, 1 or more" },
    { row { play = { { "gain", 2, "acorns" } } }, "cards.lua: Test, play step 1: nuts, coins or stamina?" },
    { row { play = { { "gain_per", 1, "nuts", "water" } } }, "{ NAME, N, RESOURCE, TRIBE }" },
    { row { copies = 3 }, "cards.lua: card 1 (Test): copies must be 1, 2 or 4" },
    { row { cost = -1 }, "cost must be a whole number, 0 or more" },
    { row { stash = "two" }, "stash must be a whole number, 0 or more" },
    { row { kind = "bird" }, "kind must be \"squirrel\" or \"item\"" },
    { row { tribe = "water" }, "a squirrel's tribe is \"tree\", \"ground\" or \"flying\"" },
    { row { kind = "item", tribe = false }, "an item has no tribe, loops or ability" },
    { row { loops = { "acorns" } }, "unknown loop 'acorns'" },
    { row { ability = { when = "draw", effect = {} } }, "a unique squirrel has an ability instead of loops" },
    { row { loops = false, ability = { when = "dance", effect = {} } }, "unknown ability event 'dance'" },
    { row { loops = false, ability = { ongoing = "cheaper" } },
      "an ability has `when` (an event) or `ongoing`" },
    { row { loops = false, ability = { ongoing = "item_discount" } },
      "an ongoing ability needs its amount n" },
    { row { loops = false, ability = { when = "stash", effect = { { "steal" } } } },
      "cards.lua: Test, ability step 1: how many?" },
    { row { name = "" }, "no name" },
  }
  for _, case in ipairs(cases) do
    local r = case[1]
    if r.tribe == false then r.tribe = nil end
    expect.error(function() check({ r }) end, case[2])
  end
  expect.error(function() check({ row {}, row {} }) end,
    "cards.lua: card 2 (Test): a second card of that name")
end)
