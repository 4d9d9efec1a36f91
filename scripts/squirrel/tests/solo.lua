-- Squirrel Island solo (--players 1): the rival of the published solo rules
-- as DECISIONS.md (Squirrel Island) states them, played by the game itself.
-- The rival is no seat: it plays inside the player's moves, so every test
-- makes a player move and looks at what the rival did after it.

local P = require "position"             -- tests/lib/position.lua
local fetch, top, island = P.fetch, P.top, P.island

local function open(seed, options)
  local o = { players = 1, seed = seed or 1 }
  for k, v in pairs(options or {}) do o[k] = v end
  return games.open("squirrel", o)
end

local function hand(g, names) P.hand(g, 1, names) end

--- Empty the revealed Island spaces (their cards go under the deck).
local function bare_island(g)
  for n = 1, g.state.day.open do
    local zone = g.state["island" .. n]
    if zone:count() > 0 then g.state.draw_pile:push_bottom(zone:draw()) end
  end
end

--- A squirrel in front of the player (seat 1) or the rival (0).
local function squirrel(g, who, name, exhausted)
  local t = who == 0 and g.state.rival_squirrels or g.state.squirrels1
  t:push_bottom(fetch(g, name))
  local var = "exhausted" .. who
  local bit = 1 << (t:count() - 1)
  if exhausted then
    g.state.mat[var] = g.state.mat[var] | bit
  else
    g.state.mat[var] = g.state.mat[var] & ~bit
  end
end

local function names(g, zone)
  local list = {}
  for i, card in ipairs({ g.state[zone]:cards() }) do list[i] = g.definition.data.cards[card].name end
  return list
end

--- The player plays an Acorn Picker (1 stamina) so that the rival moves next.
local function player_turn(g)
  hand(g, { "Acorn Picker" })
  g.state.stamina:set(1, 1)
  g:play("play acorn picker")
end

-- The rival's setup --------------------------------------------------------------------------

test("solo: the rival holds the token, starts with 25 nuts and 2 stamina, and played first", function()
  local g = open(1)
  local s = g.state
  expect.eq(s.turn.first, 0)
  expect.eq(g:actor(), 1)
  expect.eq(s.rival_nuts:get(), 25)           -- the player had no nuts to steal
  expect.ne(s.rival.card, 0)                  -- its first turn: it took a card
  local took = g.definition.data.cards[s.rival.card]
  expect.eq(s.rival_stamina:get(), took.kind == "squirrel" and 1 or 2)
  expect.eq(s.stamina:get(1), 3)
  expect.eq(s.coins:get(1), 2)
  expect.eq(s.hand1:count(), 5)
end)

test("solo: the rival's starting nuts are an option", function()
  local g = open(1, { rival_nuts = 40 })
  expect.eq(g.state.rival_nuts:get(), 40)
  expect.error(function() open(1, { rival_nuts = -1 }) end, "rival_nuts")
  local two = games.open("squirrel", { players = 2, seed = 1, rival_nuts = 40 })   -- ignored with 2 or more
  expect.eq(two.state.rival_nuts, nil)
end)

-- The d8 ---------------------------------------------------------------------------------------

--- The player's turn with Island spaces 1-4 holding these cards and the
--- deck's top the Motivator, then the Forager; the rival awake, 2 stamina,
--- its d8 rigged to show `roll`.
local function rival_rolls(roll)
  local g = open()
  local s = g.state
  local cards = { "Elder", "Feast", "Glider", "Nut Sack" }
  for n = 1, 4 do island(g, n, cards[n]) end
  top(g, { "Acorn Picker" })                -- the player's, drawn by player_turn's hand()
  top(g, { "Motivator", "Forager" })
  s.rival_stamina:set(2)
  s.mat.asleep0 = 0
  rig(g, "d8", tostring(roll))
  local squirrels, discarded = s.rival_squirrels:count(), s.discard:count()
  player_turn(g)
  expect.eq(s.d8:value(1), tostring(roll))
  return g, cards, squirrels, discarded
end

test("solo: the rival takes the Island card its d8 shows, or the deck's top past those", function()
  -- a 1: the Elder of space 1, a squirrel it plays for 1 stamina
  local g, _, squirrels = rival_rolls(1)
  local s = g.state
  expect.eq(s.rival.space, 1)
  expect.eq(g.definition.data.cards[s.rival.card].name, "Elder")
  expect.eq(names(g, "island1"), { "Motivator" })   -- refilled from the deck at once
  expect.eq(s.rival_squirrels:count(), squirrels + 1)
  expect.eq(names(g, "rival_squirrels")[squirrels + 1], "Elder")
  expect.eq(s.rival_stamina:get(), 1)
  -- a 4, the last space revealed: its Nut Sack, an item it discards
  local cards, discarded
  g, _, squirrels, discarded = rival_rolls(4)
  s = g.state
  expect.eq(s.day.open, 4)
  expect.eq(s.rival.space, 4)
  expect.eq(g.definition.data.cards[s.rival.card].name, "Nut Sack")
  expect.eq(names(g, "island4"), { "Motivator" })
  expect.eq(s.discard:count(), discarded + 1)
  expect.eq(names(g, "discard")[1], "Nut Sack")
  expect.eq(s.rival_squirrels:count(), squirrels)
  expect.eq(s.rival_stamina:get(), 2)
  -- a 5: no card there (the space is not revealed): the deck's top
  g, cards, squirrels = rival_rolls(5)
  s = g.state
  expect.eq(s.island5:count(), 0)
  expect.eq(s.rival.space, 0)
  expect.eq(g.definition.data.cards[s.rival.card].name, "Motivator")
  for n = 1, 4 do expect.eq(names(g, "island" .. n), { cards[n] }) end
  expect.eq(names(g, "rival_squirrels")[squirrels + 1], "Motivator")
end)

test("solo: the rival takes the deck's top card when the space its d8 shows is empty", function()
  local g = open(2)
  bare_island(g)
  top(g, { "Acorn Picker", "Forager" })
  g.state.rival_stamina:set(2)
  hand(g, { "Acorn Picker" })
  g.state.stamina:set(1, 1)
  g:play("play acorn picker")
  expect.eq(g.state.rival.space, 0)
  expect.eq(names(g, "rival_squirrels")[g.state.rival_squirrels:count()], "Forager")
end)

-- What a card does for the rival ----------------------------------------------------------------

test("solo: a squirrel costs the rival 1 stamina whatever its cost, and only sabotages", function()
  local g = open(1)
  local s = g.state
  bare_island(g)
  top(g, { "Acorn Picker", "Elder" })         -- Elder: 4 stamina, gain 2 nuts
  s.rival_stamina:set(2)
  local nuts = s.rival_nuts:get()
  player_turn(g)
  expect.eq(g.definition.data.cards[s.rival.card].name, "Elder")
  expect.eq(s.rival_stamina:get(), 1)
  expect.eq(s.rival_nuts:get(), nuts)         -- no nuts from its play effect
end)

test("solo: the rival's Sniper steals 2 nuts from the player", function()
  local g = open(1)
  local s = g.state
  bare_island(g)
  top(g, { "Acorn Picker", "Sniper" })
  s.rival_stamina:set(2)
  s.rival_nuts:set(10)
  s.nuts:set(1, 2)
  player_turn(g)                              -- the player's Acorn Picker: +1 nut, then the steal
  expect.eq(s.nuts:get(1), 1)
  expect.eq(s.rival_nuts:get(), 12)
end)

test("solo: the rival's Thief and Howler hit the player; a steal from nothing takes nothing", function()
  local g = open(1)
  local s = g.state
  bare_island(g)
  hand(g, { "Glider" })
  top(g, { "Thief" })
  s.rival_stamina:set(2)
  s.rival_nuts:set(10)
  s.nuts:set(1, 0)
  s.stamina:set(1, 2)
  g:play("play glider")                       -- the player goes again: no rival turn yet
  expect.eq(s.rival_nuts:get(), 10)
  g:play("sleep")
  g:play("pass")                              -- now the rival: Thief from a player with 0 nuts
  expect.eq(g.definition.data.cards[s.rival.card].name, "Thief")
  expect.eq(s.rival_nuts:get(), 10)
  expect.eq(s.nuts:get(1), 0)
  g = open(1)
  s = g.state
  bare_island(g)
  top(g, { "Acorn Picker", "Howler" })
  s.rival_stamina:set(2)
  hand(g, { "Acorn Picker" })
  s.stamina:set(1, 3)
  g:play("play acorn picker")
  expect.eq(s.stamina:get(1), 1)              -- 3 - 1 (Acorn Picker) - 1 (Howler)
end)

test("solo: the rival discards the items it takes, and they cost it nothing", function()
  local g = open(1)
  local s = g.state
  bare_island(g)
  top(g, { "Acorn Picker", "Slingshot" })
  s.rival_stamina:set(2)
  s.rival_nuts:set(10)
  s.nuts:set(1, 3)
  player_turn(g)
  expect.eq(names(g, "discard")[1], "Slingshot")
  expect.eq(s.rival_nuts:get(), 10)           -- no effect at all, sabotage or not
  expect.eq(s.nuts:get(1), 4)
  expect.eq(s.rival_stamina:get(), 2)
end)

-- The rival's days --------------------------------------------------------------------------------

test("solo: the rival may play 2, 3, 4 and 5 squirrels on days 1 to 4, then goes to sleep", function()
  local g = open(3)
  local s = g.state
  local allowance = {}
  for day = 1, 4 do
    -- the rival has played first this morning: its stamina was the day's allowance
    local took = s.rival.card ~= 0 and g.definition.data.cards[s.rival.card].kind == "squirrel"
    allowance[day] = s.rival_stamina:get() + (took and 1 or 0)
    while not g:over() and s.day.number == day do
      local moves = g:moves()
      local pick = "pass"
      for _, m in ipairs(moves) do if m == "sleep" then pick = "sleep" end end
      g:play(pick)
    end
  end
  expect.eq(allowance, { 2, 3, 4, 5 })
  expect.truthy(g:over())
end)

test("solo: with its stamina spent the rival goes to sleep and exhausts a squirrel for a nut", function()
  local g = open(1)
  local s = g.state
  while s.rival_squirrels:count() > 0 do s.draw_pile:push_bottom(s.rival_squirrels:draw()) end
  squirrel(g, 0, "Elder")
  squirrel(g, 0, "Glider")
  s.rival_stamina:set(0)
  s.rival_nuts:set(10)
  local deck = s.draw_pile:count()
  player_turn(g)
  expect.eq(s.mat.asleep0, 1)
  expect.eq(s.rival_nuts:get(), 11)
  expect.eq(s.mat.exhausted0, 1)              -- its first refreshed squirrel, the Elder
  -- hand() put 5 cards back and took the Acorn Picker; the rival took nothing
  expect.eq(s.draw_pile:count(), deck + 5 - 1)
  hand(g, { "Forager" })
  s.stamina:set(1, 2)
  g:play("play forager")                      -- asleep: one more squirrel, one more nut
  expect.eq(s.rival_nuts:get(), 12)
  expect.eq(s.mat.exhausted0, 3)
  hand(g, { "Forager" })
  s.stamina:set(1, 2)
  g:play("play forager")
  expect.eq(s.rival_nuts:get(), 12)           -- nothing left to exhaust
end)

test("solo: the rival starts every day; the player sleeping first takes no token", function()
  local g = open(1)
  local s = g.state
  hand(g, {})
  g:play("sleep")                             -- first asleep; nothing to exhaust
  expect.eq(s.turn.first, 0)
  while s.day.number == 1 do g:play("pass") end   -- the rival plays on, then sleeps
  expect.eq(s.turn.first, 0)
  expect.eq(s.day.number, 2)
  expect.ne(s.rival.card, 0)                  -- its first turn of day 2 is played
  local took = g.definition.data.cards[s.rival.card].kind == "squirrel"
  expect.eq(s.rival_stamina:get(), took and 2 or 3)
  expect.eq(s.mat.exhausted0, 0)              -- refreshed in the morning
  expect.eq(g:actor(), 1)
end)

test("solo: the rival collects no loops and gets no coins in the morning", function()
  local g = open(1)
  local s = g.state
  while s.rival_squirrels:count() > 0 do s.draw_pile:push_bottom(s.rival_squirrels:draw()) end
  squirrel(g, 0, "Elder", true)               -- loops: 2 nuts, 1 stamina
  s.rival_nuts:set(10)
  s.rival_stamina:set(0)
  hand(g, {})
  g:play("sleep")                             -- the rival sleeps too, nothing to exhaust: day 2
  expect.eq(s.day.number, 2)
  -- no loops in the morning; its first turn of day 2 can only steal from a player with no nuts
  expect.eq(s.nuts:get(1), 0)
  expect.eq(s.rival_nuts:get(), 10)
end)

-- The player's sabotage -------------------------------------------------------------------------

test("solo: the player's Slingshot steals from the rival", function()
  local g = open(1)
  local s = g.state
  hand(g, { "Slingshot" })
  s.coins:set(1, 2)
  s.rival_nuts:set(25)
  s.nuts:set(1, 0)
  g:play("play slingshot")
  expect.eq(s.rival_nuts:get(), 24)
  expect.eq(s.nuts:get(1), 1)
end)

test("solo: the player's Alarm Bell exhausts one of the rival's squirrels", function()
  local g = open(1)
  local s = g.state
  while s.rival_squirrels:count() > 0 do s.draw_pile:push_bottom(s.rival_squirrels:draw()) end
  s.mat.exhausted0 = 0
  squirrel(g, 0, "Elder")
  squirrel(g, 0, "Glider")
  hand(g, { "Alarm Bell" })
  s.coins:set(1, 3)
  g:play("play alarm bell")
  expect.moves(g, { "exhaust 1 of the rival", "exhaust 2 of the rival" })
  g:play("exhaust 2 of the rival")
  expect.eq(s.mat.exhausted0 & 3, 2)
end)

test("solo: the player's Howler and Storm Warning: the rival loses stamina; it has no coins", function()
  local g = open(1)
  local s = g.state
  hand(g, { "Howler" })
  s.stamina:set(1, 2)
  s.rival_stamina:set(2)
  bare_island(g)
  top(g, { "Nut Sack" })                      -- the rival's take: an item, no stamina spent
  g:play("play howler")
  expect.eq(s.rival_stamina:get(), 1)
  hand(g, { "Storm Warning" })
  s.coins:set(1, 2)
  expect.legal(g, "play storm warning")
  g:play("play storm warning")
  expect.eq(s.coins:get(1), 0)
end)

-- The end -----------------------------------------------------------------------------------------

--- Jump to the last day with the rival asleep and nothing to exhaust, so the
--- player's sleep ends the game.
local function last_night(g)
  local s = g.state
  s.day.number = 4
  s.mat.asleep0 = 1
  s.mat.exhausted0 = (1 << s.rival_squirrels:count()) - 1
end

test("solo: the player's final score (nuts and stash) beats the rival's nuts", function()
  local g = open(1)
  local s = g.state
  last_night(g)
  s.nuts:set(1, 20)
  s.stash1:push(fetch(g, "Elder"))            -- stash 3
  s.rival_nuts:set(22)
  g:play("sleep")
  if not g:over() then g:play("pass") end
  local r = g:result()
  expect.eq(r.scores, { 23 })
  expect.eq(r.rival, 22)
  expect.eq(r.ranks, { 1 })
  expect.eq(r.winners, { 1 })
  expect.eq(r.text, "seat 1 beats the rival with 23 nuts to 22")
end)

test("solo: the rival wins with more nuts", function()
  local g = open(1)
  last_night(g)
  g.state.nuts:set(1, 21)
  g.state.rival_nuts:set(22)
  g:play("sleep")
  if not g:over() then g:play("pass") end
  local r = g:result()
  expect.eq(r.ranks, { 2 })
  expect.eq(r.winners, {})
  expect.eq(r.text, "the rival wins with 22 nuts to 21")
end)

test("solo: a tie goes to more squirrels, then it is shared", function()
  for _, case in ipairs({
    { mine = 2, theirs = 1, rank = 1, text = "seat 1 beats the rival with 22 nuts to 22" },
    { mine = 1, theirs = 1, rank = 1, text = "seat 1 and the rival share the win with 22 nuts" },
    { mine = 1, theirs = 2, rank = 2, text = "the rival wins with 22 nuts to 22" },
  }) do
    local g = open(1)
    local s = g.state
    while s.rival_squirrels:count() > 0 do s.draw_pile:push_bottom(s.rival_squirrels:draw()) end
    for _ = 1, case.mine do squirrel(g, 1, "Motivator", true) end
    for _ = 1, case.theirs do squirrel(g, 0, "Forager", true) end
    last_night(g)
    s.nuts:set(1, 22)
    s.rival_nuts:set(22)
    g:play("sleep")
    expect.truthy(g:over())
    local r = g:result()
    expect.eq(r.ranks, { case.rank })
    expect.eq(r.text, case.text)
  end
end)

test("solo: the render shows the rival's nuts, stamina, squirrels, discard and last take", function()
  local g = open(1)
  local text = g:render(1)
  expect.truthy(text:find("The rival (first player), awake: 25 nuts", 1, true), text)
  expect.truthy(text:find("last took " .. g.definition.data.cards[g.state.rival.card].name, 1, true), text)
  expect.truthy(text:find("discarded:", 1, true), text)
end)

test("solo: the bots play a game they may lose (the rival's win is rank 2 of 1)", function()
  local g = open(1)
  local lost = 0
  for seed = 1, 8 do                          -- random playouts lose to the rival, mostly
    g:playout(seed)
    if g:result().ranks[1] == 2 then lost = lost + 1 end
    while g:undo() do end
  end
  expect.truthy(lost > 0, "no random playout lost to the rival: the bots' check below proves nothing")
  for _, bot in ipairs({ "greedy", "mcts:50", "random" }) do
    local m = g:choose(bot, 3)
    expect.truthy(m, bot)
    g:play(m)
    g:undo()
  end
end)
