--- Squirrel Island — build a team of squirrels and gather nuts over 4 days.
---
--- The game of ../shared/rules/squirrel-island.txt with the decisions of
--- DECISIONS.md (Squirrel Island), for 2 to 5 players and the published
--- solo mode against a rival (--players 1). README.md beside this file
--- states the rules as implemented. The cards are data (cards.lua); their
--- effects are lists of steps read by one interpreter (STEPS below), so a
--- card is added by adding a row there, never by editing the turn logic.
---
--- A day: the morning (resources, loops, the Island), then turns in seat
--- order from the first player: awake, play one card from your hand or the
--- Island, or go to sleep; asleep, exhaust one squirrel for a nut or pass.
--- The day ends when everyone is asleep; the game after day 4.
local game = require "grove.game"
local turns = require "grove.turns"
local rank = require "grove.rank"
local draw = require "grove.render"
local CARDS = require "cards"

-- The rules' numbers --------------------------------------------------------------

local DAYS = 4
local STAMINA_MAX = 5                 -- stamina gained above it becomes nuts
local COINS_PER_STAMINA = 3           -- 3 coins pay for 1 stamina
local ISLAND_EXTRA = 1                -- the extra cost of an Island card: 1 stamina or 1 coin
local ISLAND_SPACES = 8               -- 3 in the top row (1-3), 5 in the bottom row (4-8)
local NUT_FOR_EXHAUSTING = 1          -- asleep: exhaust one squirrel, gather 1 nut

-- Each morning: day 1 sets stamina to 3; days 2-4 first refresh every squirrel
-- and collect the loops. `open` is how many Island spaces are revealed by then:
-- day 1 the top row and the leftmost bottom space, then one more each day.
local MORNINGS = {
  { stamina_to = 3, coins = 2, cards = 5, open = 4 },
  { stamina = 1, coins = 2, cards = 2, open = 5 },
  { stamina = 1, coins = 2, cards = 2, open = 6 },
  { stamina = 2, coins = 1, cards = 1, open = 7 },
}

-- Solo: the rival (no seat: the host plays it) holds the first-player token
-- for good, may play 2/3/4/5 squirrels on days 1-4, each for 1 stamina.
local RIVAL = 0
local RIVAL_SQUIRRELS = { 2, 3, 4, 5 }
local RIVAL_SQUIRREL_COST = 1
local RIVAL_STARTING_NUTS = 25        -- the option rival_nuts
local RIVAL_DIE = { "1", "2", "3", "4", "5", "6", "7", "8" }   -- a d8: one face per Island space

-- The numbers a designer may change (grove play squirrel --set NAME=VALUE);
-- the rules read them from s.options.
local OPTIONS = {
  { name = "days", default = DAYS, min = 1, max = DAYS, help = "the days the game lasts (mornings as for days 1-4)" },
  { name = "stamina_max", default = STAMINA_MAX, min = 1, max = 9,
    help = "the most stamina a player holds; each stamina gained above it is a nut" },
  { name = "coins_per_stamina", default = COINS_PER_STAMINA, min = 1, max = 9,
    help = "the coins that pay for 1 stamina" },
  { name = "island_extra", default = ISLAND_EXTRA, min = 0, max = 9,
    help = "the extra stamina or coins a card from the Island costs" },
  { name = "first_stamina", default = MORNINGS[1].stamina_to, min = 0, max = 9,
    help = "the stamina each player starts day 1 with (at most stamina_max)" },
  { name = "first_coins", default = MORNINGS[1].coins, min = 0, max = 99, help = "the coins each player gains on day 1" },
  { name = "first_cards", default = MORNINGS[1].cards, min = 0, max = 10, help = "the cards each player draws on day 1" },
  { name = "rival_nuts", default = RIVAL_STARTING_NUTS, min = 0, max = 999,
    help = "the nuts the solo rival starts with" },
}

local TRIBES = { tree = true, ground = true, flying = true }

local PHASE = turns.phases { "awake", "asleep", "order", "choose" }
local MOVE = game.kinds { "play", "buy", "sleep", "exhaust", "pass", "resolve",
  "take", "stash", "steal", "collect", "refresh", "hit" }

-- How the extra cost of an Island card is paid (the b of a buy move).
local EXTRA = { none = 0, coin = 1, stamina = 2 }
local EXTRA_TEXT = { [0] = "", [1] = " coin", [2] = " stamina" }

-- A program is a card's play effect or its ability, waiting in the
-- `pending` zone as card * 2 + part.
local EFFECT, ABILITY = 0, 1
-- What follows when every program has resolved: the turn ends (after a
-- card is played), or the asleep choice (after going to sleep).
local AFTER = { turn_end = 0, sleep = 1 }

-- The card catalog (cards.lua) ---------------------------------------------------

local RESOURCE_WORD = {
  nuts = { "nut", "nuts" }, coins = { "coin", "coins" }, stamina = { "stamina", "stamina" },
}

local function amount_text(n, res)
  return string.format("%d %s", n, RESOURCE_WORD[res][n == 1 and 1 or 2])
end

local function cards_text(n)
  return n == 1 and "1 card" or (n .. " cards")
end

-- The events a triggered ability waits for (all on its owner's turn, never
-- in the morning), and the ongoing abilities, with their card texts.
local EVENTS = {
  draw = "whenever you draw one or more cards",
  play_item = "whenever you play an item",
  stash = "whenever you stash one or more cards",
  sleep = "whenever you go to sleep",
}
local ONGOING = {
  item_discount = function(n) return string.format("your items cost %s less", amount_text(n, "coins")) end,
  island_free = function() return "no extra cost for cards from the Island" end,
}

local COPIES, SQUIRREL_COPIES, ITEM_COPIES = 0, 0, 0
-- What each card costs: a squirrel stamina, an item coins (see card_cost).
local STAMINA_COST, COIN_COST = {}, {}

-- The cards whose ability waits for each event, and those with each ongoing
-- ability (filled from the catalog when the game loads).
local WAITING_FOR, WITH_ONGOING = {}, {}
for event in pairs(EVENTS) do WAITING_FOR[event] = {} end
for rule in pairs(ONGOING) do WITH_ONGOING[rule] = {} end

local function is_squirrel(card) return CARDS[card].kind == "squirrel" end

-- Steps ------------------------------------------------------------------------------
-- The effect vocabulary. A card's play effect and a triggered ability are
-- lists of steps; each step is { NAME, N, ... } and STEPS[NAME] says what it
-- does. A step either `run`s at once, or is a `choice` (the move kind that
-- makes one pick): `options` lists the picks allowed now, `pick` makes one,
-- `picks` is how many to make, `finish` runs when the picks are done. A
-- choice with one option is made by the game; with none the step is over.
-- `plain` steps only gain or give turns, and `free` ones only give turns,
-- which tells when the order of two programs can matter; `sabotage` steps
-- affect the other players (and are all the rival does). `needs` and
-- `amount` say what a card's step must give beyond its name (checked when
-- the game loads).
-- The helpers the steps call are defined further down.
local STEPS = {}

-- Moves pick among numbers; a squirrel of another player is victim * TARGET + position.
local TARGET = 256

local function target(victim, pos) return victim * TARGET + pos end
local function victim_and_position(code) return code // TARGET, code % TARGET end

--- Check one step of a card's effect; raise naming the card and the step.
local function check_step(row, where, st)
  local function bad(why) error(string.format("cards.lua: %s, %s: %s", row.name, where, why), 0) end
  local step = type(st) == "table" and STEPS[st[1]]
  if not step then bad("unknown step '" .. tostring(type(st) == "table" and st[1] or st) .. "'") end
  local n = st[2]
  local optional = step.amount == "none" or step.amount == "optional"
  if n == nil and not optional then bad("how many? { NAME, N, ... }") end
  if n ~= nil and (math.type(n) ~= "integer" or n < 1) then bad("N must be a whole number, 1 or more") end
  if step.needs == "resource" and not RESOURCE_WORD[st[3]] then bad("nuts, coins or stamina?") end
  if step.needs == "resource and tribe" and (not RESOURCE_WORD[st[3]] or not TRIBES[st[4]]) then
    bad("{ NAME, N, RESOURCE, TRIBE }")
  end
end

--- Check a card list (the rows of cards.lua); raise naming the first bad
--- row and what is wrong with it. The game checks its own list when it
--- loads, so a designer's typo is named at once.
local function check_cards(rows)
  local names = {}
  for id, row in ipairs(rows) do
    local function bad(why)
      error(string.format("cards.lua: card %d (%s): %s", id, tostring(row.name), why), 0)
    end
    local function whole(v) return math.type(v) == "integer" and v >= 0 end
    if type(row.name) ~= "string" or row.name == "" then bad("no name") end
    if names[row.name:lower()] then bad("a second card of that name") end
    names[row.name:lower()] = true
    if row.kind ~= "squirrel" and row.kind ~= "item" then bad("kind must be \"squirrel\" or \"item\"") end
    if not whole(row.cost) then bad("cost must be a whole number, 0 or more") end
    if not whole(row.stash) then bad("stash must be a whole number, 0 or more") end
    if row.copies ~= 1 and row.copies ~= 2 and row.copies ~= 4 then bad("copies must be 1, 2 or 4") end
    local loops = row.loops or {}
    if row.kind == "squirrel" and not TRIBES[row.tribe] then
      bad("a squirrel's tribe is \"tree\", \"ground\" or \"flying\"")
    end
    if row.kind == "item" and (row.tribe or #loops > 0 or row.ability) then
      bad("an item has no tribe, loops or ability")
    end
    for _, res in ipairs(loops) do
      if not RESOURCE_WORD[res] then bad("unknown loop '" .. tostring(res) .. "'") end
    end
    if row.ability and #loops > 0 then bad("a unique squirrel has an ability instead of loops") end
    for i, st in ipairs(row.play or {}) do check_step(row, "play step " .. i, st) end
    local a = row.ability
    if a and a.when then
      if not EVENTS[a.when] then bad("unknown ability event '" .. tostring(a.when) .. "'") end
      for i, st in ipairs(a.effect or {}) do check_step(row, "ability step " .. i, st) end
    elseif a and not ONGOING[a.ongoing] then
      bad("an ability has `when` (an event) or `ongoing` (item_discount, island_free)")
    elseif a and math.type(a.n) ~= "integer" then
      bad("an ongoing ability needs its amount n")
    end
  end
end

--- Check the game's card list, fill in what a row may leave out, and count
--- the copies (the capacities of the zones).
local function load_catalog()
  check_cards(CARDS)
  for id, row in ipairs(CARDS) do
    row.key = row.name:lower()           -- the name in moves: "play acorn picker"
    row.loops = row.loops or {}
    row.play = row.play or {}
    local a = row.ability
    if a and a.when then
      a.effect = a.effect or {}
      table.insert(WAITING_FOR[a.when], id)
    elseif a then
      table.insert(WITH_ONGOING[a.ongoing], id)
    end
    COPIES = COPIES + row.copies
    STAMINA_COST[id] = row.kind == "squirrel" and row.cost or 0
    COIN_COST[id] = row.kind == "item" and row.cost or 0
    if row.kind == "squirrel" then
      SQUIRREL_COPIES = SQUIRREL_COPIES + row.copies
    else
      ITEM_COPIES = ITEM_COPIES + row.copies
    end
  end
  -- A tableau remembers exhausted squirrels as the bits of one integer.
  assert(SQUIRREL_COPIES <= 63, "cards.lua: more than 63 squirrels in the deck")
end

-- Components --------------------------------------------------------------------------
-- Zones are decks of card ids. Per player: hand (seen by its owner), stash
-- (seen by nobody, its owner included), squirrels (the tableau, face up, in
-- the order played) and items (used items, face up). Shared: the draw pile,
-- one zone per Island space, `in_play` (an item while its effect resolves)
-- and `pending` (programs waiting to resolve). Solo adds the rival's
-- squirrels, the discard (the items the rival takes) and a d8.

local HAND, STASH, SQUIRRELS, ITEMS, ISLAND = {}, {}, {}, {}, {}
local ASLEEP, EXHAUSTED = {}, {}       -- var names, by player (RIVAL too)
for seat = 1, 5 do
  HAND[seat], STASH[seat] = "hand" .. seat, "stash" .. seat
  SQUIRRELS[seat], ITEMS[seat] = "squirrels" .. seat, "items" .. seat
end
SQUIRRELS[RIVAL] = "rival_squirrels"
for who = 0, 5 do ASLEEP[who], EXHAUSTED[who] = "asleep" .. who, "exhausted" .. who end
for space = 1, ISLAND_SPACES do ISLAND[space] = "island" .. space end
local MAX_PENDING = 32                 -- programs waiting at once: one per ability triggered, and the effect

local function solo(s) return s.players == 1 end

-- Everybody in the game: the seats in order; in solo the rival, then seat 1.
local function everybody(s)
  if solo(s) then return { RIVAL, 1 } end
  local list = {}
  for seat = 1, s.players do list[seat] = seat end
  return list
end

local function others(s, who)
  if solo(s) then return { who == RIVAL and 1 or RIVAL } end
  local list = {}
  for seat = 1, s.players do
    if seat ~= who then list[#list + 1] = seat end
  end
  return list
end

-- Resources -------------------------------------------------------------------------------
-- Per-seat pools nuts, coins and stamina; the rival has rival_nuts and
-- rival_stamina and no coins.

local RIVAL_POOL = { nuts = "rival_nuts", stamina = "rival_stamina" }

local function amount(s, who, res)
  if who == RIVAL then
    local pool = RIVAL_POOL[res]
    return pool and s[pool]:get() or 0
  end
  return s[res]:get(who)
end

local function change(s, who, res, delta)
  if who == RIVAL then
    if RIVAL_POOL[res] then s[RIVAL_POOL[res]]:add(delta) end
  else
    s[res]:add(who, delta)
  end
end

--- Gain n of a resource. Stamina stops at 5 (stamina_max); each stamina above it is 1 nut.
local function gain(s, who, res, n)
  if res == "stamina" then
    local room = (who == RIVAL and STAMINA_MAX or s.options.stamina_max) - amount(s, who, "stamina")
    if n > room then
      change(s, who, "nuts", n - room)
      n = room
    end
  end
  change(s, who, res, n)
end

--- Lose n of a resource; nobody goes below zero.
local function lose(s, who, res, n)
  change(s, who, res, -math.min(n, amount(s, who, res)))
end

--- Take n nuts from the victim's collection into the thief's; never more
--- than the victim has.
local function steal(s, thief, victim, n)
  local taken = math.min(n, amount(s, victim, "nuts"))
  change(s, victim, "nuts", -taken)
  change(s, thief, "nuts", taken)
end

-- Squirrels in play: exhausted or refreshed ---------------------------------------------
-- A tableau keeps its order (new squirrels go to the end), so position p
-- names one squirrel for good; bit p-1 of the var exhaustedN is set while
-- it is exhausted.

local function tableau(s, who) return s[SQUIRRELS[who]] end

local function is_exhausted(s, who, pos)
  return (s.mat[EXHAUSTED[who]] >> (pos - 1)) & 1 == 1
end

local function exhaust(s, who, pos)
  s.mat[EXHAUSTED[who]] = s.mat[EXHAUSTED[who]] | (1 << (pos - 1))
end

local function refresh(s, who, pos)
  s.mat[EXHAUSTED[who]] = s.mat[EXHAUSTED[who]] & ~(1 << (pos - 1))
end

local function refresh_all(s, who)
  s.mat[EXHAUSTED[who]] = 0
end

--- The positions of the squirrels that are refreshed (or exhausted).
local function positions(s, who, exhausted)
  local list = {}
  for pos = 1, tableau(s, who):count() do
    if is_exhausted(s, who, pos) == exhausted then list[#list + 1] = pos end
  end
  return list
end

local function has_refreshed(s, who)
  for pos = 1, tableau(s, who):count() do
    if not is_exhausted(s, who, pos) then return true end
  end
  return false
end

--- Collect a squirrel's loops: 1 of each loop's resource.
local function collect(s, who, card)
  for _, res in ipairs(CARDS[card].loops) do gain(s, who, res, 1) end
end

--- Does a tableau hold any of these cards? (Most hold none of the few
--- cards with an ability: one look per card spares reading every squirrel.)
local function holds_any(t, cards)
  for i = 1, #cards do
    if t:find(cards[i]) then return true end
  end
  return false
end

--- The sum of an ongoing ability over a player's refreshed squirrels
--- (an exhausted squirrel does not give its ability).
local function ongoing(s, who, rule)
  if who == RIVAL then return 0 end
  local t, total = tableau(s, who), 0
  if not holds_any(t, WITH_ONGOING[rule]) then return 0 end
  for pos = 1, t:count() do
    local a = CARDS[t:peek(pos)].ability
    if a and a.ongoing == rule and not is_exhausted(s, who, pos) then total = total + a.n end
  end
  return total
end

--- Something a player did on their turn: every refreshed squirrel of theirs
--- whose ability waits for it adds that ability to the pending programs.
--- Never called in the morning; the rival has no abilities.
local function announce(s, who, event)
  if who == RIVAL then return end
  local t = tableau(s, who)
  if not holds_any(t, WAITING_FOR[event]) then return end
  for pos = 1, t:count() do
    local card = t:peek(pos)
    local a = CARDS[card].ability
    if a and a.when == event and not is_exhausted(s, who, pos) then
      s.pending:push(card * 2 + ABILITY)
    end
  end
end

-- Sleeping --------------------------------------------------------------------------------

local function is_asleep(s, who) return s.mat[ASLEEP[who]] == 1 end

local function everyone_asleep(s)
  if solo(s) and not is_asleep(s, RIVAL) then return false end
  for seat = 1, s.players do
    if not is_asleep(s, seat) then return false end
  end
  return true
end

-- The Island ------------------------------------------------------------------------------

local function space(s, n) return s[ISLAND[n]] end

--- Replace every empty revealed space with the top card of the deck (as
--- long as the deck has cards).
local function refill_island(s)
  local deck = s.draw_pile
  for n = 1, s.day.open do
    local here = space(s, n)
    if here:count() == 0 then
      if deck:count() == 0 then return end   -- the deck is out: the space stays empty
      deck:move_to(here, 1)
    end
  end
end

--- Take the card of an Island space: the space is refilled at once from
--- the top of the deck (if it has cards).
local function take_from_island(s, n)
  local here = space(s, n)
  local card = here:draw()
  if s.draw_pile:count() > 0 then s.draw_pile:move_to(here, 1) end
  return card
end

--- Draw up to n cards from the deck into a hand; returns how many.
local function draw_cards(s, who, n)
  n = math.min(n, s.draw_pile:count())
  if n > 0 then s.draw_pile:deal(s[HAND[who]], n) end
  return n
end

-- The step vocabulary -------------------------------------------------------------------------

STEPS.gain = {
  plain = true,
  needs = "resource",
  text = function(st) return "gain " .. amount_text(st[2], st[3]) end,
  run = function(s, who, st) gain(s, who, st[3], st[2]) end,
}

STEPS.gain_per = {
  text = function(st)
    return string.format("gain %s for each of your %s squirrels", amount_text(st[2], st[3]), st[4])
  end,
  needs = "resource and tribe",
  run = function(s, who, st)
    local n = 0
    for _, card in ipairs({ tableau(s, who):cards() }) do
      if CARDS[card].tribe == st[4] then n = n + 1 end
    end
    gain(s, who, st[3], st[2] * n)
  end,
}

STEPS.draw = {
  text = function(st) return "draw " .. cards_text(st[2]) end,
  run = function(s, who, st)
    if draw_cards(s, who, st[2]) > 0 then announce(s, who, "draw") end
  end,
}

STEPS.draw_island = {
  text = function(st) return "draw " .. cards_text(st[2]) .. " from the Island" end,
  prompt = "draw a card from the Island",
  choice = MOVE.take,
  picks = function(st) return st[2] end,
  options = function(s)
    local list = {}
    for n = 1, s.day.open do
      if space(s, n):count() > 0 then list[#list + 1] = n end
    end
    return list
  end,
  pick = function(s, who, _, n) space(s, n):move_to(s[HAND[who]], 1) end,
  -- The spaces drawn from are refilled only after the last draw.
  finish = function(s, who, _, drawn)
    refill_island(s)
    if drawn > 0 then announce(s, who, "draw") end
  end,
}

STEPS.stash_deck = {
  text = function(st)
    if st[2] == 1 then return "stash the top card of the deck" end
    return string.format("stash the top %d cards of the deck", st[2])
  end,
  run = function(s, who, st)
    local n = math.min(st[2], s.draw_pile:count())
    if n > 0 then
      s.draw_pile:deal(s[STASH[who]], n)
      announce(s, who, "stash")
    end
  end,
}

STEPS.stash_hand = {
  text = function(st) return "stash " .. cards_text(st[2]) .. " from your hand" end,
  prompt = "stash a card from your hand",
  choice = MOVE.stash,
  picks = function(st) return st[2] end,
  options = function(s, who)
    local list, seen = {}, {}
    for _, card in ipairs({ s[HAND[who]]:cards() }) do
      if not seen[card] then
        seen[card] = true
        list[#list + 1] = card
      end
    end
    table.sort(list)
    return list
  end,
  pick = function(s, who, _, card)
    local hand = s[HAND[who]]
    s[STASH[who]]:push(hand:take(hand:find(card)))
  end,
  finish = function(s, who, _, stashed)
    if stashed > 0 then announce(s, who, "stash") end
  end,
}

STEPS.go_again = {
  plain = true,
  free = true,
  amount = "optional",                   -- N defaults to 1
  text = function(st)
    local n = st[2] or 1
    return n == 1 and "go again" or string.format("go again %d times", n)
  end,
  run = function(s, _, st) s.effect.again = s.effect.again + (st[2] or 1) end,
}

STEPS.steal = {
  sabotage = true,
  text = function(st) return string.format("steal %s from another player", amount_text(st[2], "nuts")) end,
  prompt = "steal from a player",
  choice = MOVE.steal,
  picks = function() return 1 end,
  options = function(s, who) return others(s, who) end,
  pick = function(s, who, st, victim) steal(s, who, victim, st[2]) end,
}

STEPS.steal_each = {
  sabotage = true,
  text = function(st) return string.format("steal %s from each other player", amount_text(st[2], "nuts")) end,
  run = function(s, who, st)
    for _, victim in ipairs(others(s, who)) do steal(s, who, victim, st[2]) end
  end,
}

STEPS.lose_each = {
  sabotage = true,
  needs = "resource",
  text = function(st) return "each other player loses " .. amount_text(st[2], st[3]) end,
  run = function(s, who, st)
    for _, victim in ipairs(others(s, who)) do lose(s, victim, st[3], st[2]) end
  end,
}

STEPS.exhaust_collect = {
  text = function(st)
    return st[2] == 1 and "exhaust 1 of your squirrels and collect its loops"
      or string.format("exhaust %d of your squirrels and collect their loops", st[2])
  end,
  prompt = "exhaust one of your squirrels and collect its loops",
  choice = MOVE.collect,
  picks = function(st) return st[2] end,
  options = function(s, who) return positions(s, who, false) end,
  pick = function(s, who, _, pos)
    exhaust(s, who, pos)
    collect(s, who, tableau(s, who):peek(pos))
  end,
}

STEPS.refresh = {
  text = function(st) return string.format("refresh %d of your squirrels", st[2]) end,
  prompt = "refresh one of your exhausted squirrels",
  choice = MOVE.refresh,
  picks = function(st) return st[2] end,
  options = function(s, who) return positions(s, who, true) end,
  pick = function(s, who, _, pos) refresh(s, who, pos) end,
}

STEPS.exhaust_other = {
  sabotage = true,
  text = function(st)
    return st[2] == 1 and "exhaust 1 squirrel of another player" or
      string.format("exhaust %d squirrels of other players", st[2])
  end,
  prompt = "exhaust a squirrel of another player",
  choice = MOVE.hit,
  picks = function(st) return st[2] end,
  options = function(s, who)
    local list = {}
    for _, victim in ipairs(others(s, who)) do
      for _, pos in ipairs(positions(s, victim, false)) do list[#list + 1] = target(victim, pos) end
    end
    return list
  end,
  pick = function(s, _, _, code) exhaust(s, victim_and_position(code)) end,
}

STEPS.collect_all = {
  amount = "none",
  text = function() return "collect the loops of all your refreshed squirrels" end,
  run = function(s, who)
    for pos, card in ipairs({ tableau(s, who):cards() }) do
      if not is_exhausted(s, who, pos) then collect(s, who, card) end
    end
  end,
}

load_catalog()

-- A card's text, from its data: "play: draw 1 card, go again".
local function steps_text(steps)
  local parts = {}
  for i, st in ipairs(steps) do parts[i] = STEPS[st[1]].text(st) end
  return table.concat(parts, ", ")
end

local function ability_text(a)
  if a.when then return EVENTS[a.when] .. ": " .. steps_text(a.effect) end
  return ONGOING[a.ongoing](a.n)
end

--- One line about a card: what it costs, does and is worth.
local function card_text(card)
  local c = CARDS[card]
  local parts = {}
  if c.kind == "squirrel" then
    parts[1] = string.format("%s (%s squirrel, %d stamina)", c.name, c.tribe, c.cost)
  else
    parts[1] = string.format("%s (item, %s)", c.name, amount_text(c.cost, "coins"))
  end
  if #c.play > 0 then parts[#parts + 1] = "play: " .. steps_text(c.play) end
  if #c.loops > 0 then
    local loops = {}
    for i, res in ipairs(c.loops) do loops[i] = RESOURCE_WORD[res][1] end
    parts[#parts + 1] = "loops: " .. table.concat(loops, ", ")
  end
  if c.ability then parts[#parts + 1] = "ability: " .. ability_text(c.ability) end
  parts[#parts + 1] = "stash " .. c.stash
  return table.concat(parts, "; ")
end

-- The steps of each program (a card's play effect or its ability's effect),
-- by its code card * 2 + part.
local PROGRAMS = {}
-- What each program's steps are, to know when their order can matter:
-- "free" (only go again: it commutes with everything), "plain" (only gains
-- and go again: they commute with each other) or "other".
local ORDER_CLASS = {}
-- The cards whose play effect has a sabotage step (all the rival plays).
local SABOTAGE = {}
for card, c in ipairs(CARDS) do
  local function class(steps)
    local free, plain = true, true
    for _, st in ipairs(steps) do
      local step = STEPS[st[1]]
      free = free and step.free == true
      plain = plain and step.plain == true
    end
    return free and "free" or plain and "plain" or "other"
  end
  PROGRAMS[card * 2 + EFFECT] = c.play
  ORDER_CLASS[card * 2 + EFFECT] = class(c.play)
  if c.ability and c.ability.when then
    PROGRAMS[card * 2 + ABILITY] = c.ability.effect
    ORDER_CLASS[card * 2 + ABILITY] = class(c.ability.effect)
  end
  for _, st in ipairs(c.play) do
    if STEPS[st[1]].sabotage then SABOTAGE[card] = true end
  end
end

-- What the rules tell (s:say) -----------------------------------------------------------------

--- Who, in a sentence: "seat 2", "the rival".
local function who_text(who)
  return who == RIVAL and "the rival" or ("seat " .. who)
end

local function capital(text)
  return text:sub(1, 1):upper() .. text:sub(2)
end

--- The cards of a list by name: "Elder, Digger".
local function card_names(cards)
  local list = {}
  for i, card in ipairs(cards) do list[i] = CARDS[card].name end
  return table.concat(list, ", ")
end

-- Resolving programs ----------------------------------------------------------------------------
-- The running program is in the vars `effect`: card, part, step (the step
-- being resolved), and for a choice step picking (1 while it is under way),
-- left (picks still to make) and count (picks made). Programs triggered
-- meanwhile wait in `pending` and start when the running one is done.

local function current_step(s)
  local e = s.effect
  return PROGRAMS[e.card * 2 + e.part][e.step]
end

local function begin_program(s, code)
  local e = s.effect
  e.card, e.part, e.step, e.picking = code // 2, code % 2, 1, 0
end

--- A program is done. An item's play effect being done, the item goes to
--- its player's used items.
local function end_program(s, who)
  local e = s.effect
  if e.part == EFFECT and not is_squirrel(e.card) then
    s[ITEMS[who]]:push(s.in_play:draw())
  end
  e.card, e.part, e.step = 0, 0, 0
end

--- Make one pick of the current choice step.
local function pick(s, who, option)
  local st = current_step(s)
  STEPS[st[1]].pick(s, who, st, option)
  s.effect.left = s.effect.left - 1
  s.effect.count = s.effect.count + 1
end

--- Resolve a step as far as possible: true when done, false when a player
--- must choose. The rival resolves only sabotage steps and takes the first
--- option of a choice.
local function resolve_step(s, who, st)
  local step = STEPS[st[1]]
  if who == RIVAL and not step.sabotage then return true end
  if not step.choice then
    if s.narrating then
      s:say("%s's %s: %s.", capital(who_text(who)), CARDS[s.effect.card].name, step.text(st))
    end
    step.run(s, who, st)
    return true
  end
  local e = s.effect
  if e.picking == 0 then e.picking, e.left, e.count = 1, step.picks(st), 0 end
  while e.left > 0 do
    local options = step.options(s, who, st)
    if #options == 0 then break end
    if #options > 1 and who ~= RIVAL then return false end
    if s.narrating then
      s:say("%s's %s: %s (the only choice, made by itself).", capital(who_text(who)), CARDS[s.effect.card].name,
        step.text(st))
    end
    pick(s, who, options[1])
  end
  e.picking = 0
  if step.finish then step.finish(s, who, st, e.count) end
  return true
end

--- Could the order of the pending programs change the outcome? Only if
--- two of them do more than go again, and one of those does more than gain.
local function order_matters(s)
  local counted, other = 0, false
  for _, code in ipairs({ s.pending:cards() }) do
    local class = ORDER_CLASS[code]
    if class ~= "free" then counted = counted + 1 end
    if class == "other" then other = true end
  end
  return counted >= 2 and other
end

--- Resolve programs until none is left (true) or a player must choose
--- (false, with the phase set). When several programs wait and their order
--- could matter, the player chooses which resolves next.
local function run(s)
  local who = s.turn.seat
  local e = s.effect
  while true do
    if e.card == 0 then
      local waiting = s.pending:count()
      if waiting == 0 then return true end
      if waiting > 1 and who ~= RIVAL and order_matters(s) then
        turns.set_phase(s, PHASE.order)
        return false
      end
      begin_program(s, s.pending:draw())
    end
    local st = current_step(s)
    if st == nil then
      end_program(s, who)
    elseif resolve_step(s, who, st) then
      e.step = e.step + 1
    else
      turns.set_phase(s, PHASE.choose)
      return false
    end
  end
end

-- Days and turns ------------------------------------------------------------------------------

local function next_player(s, who)
  if solo(s) then return who == RIVAL and 1 or RIVAL end
  return turns.after(s, who)
end

--- The end of the game: everybody adds the stash values of their stashed
--- cards to their nuts.
local function final_count(s)
  for seat = 1, s.players do
    local total = 0
    for _, card in ipairs({ s[STASH[seat]]:cards() }) do total = total + CARDS[card].stash end
    s.nuts:add(seat, total)
    if s.narrating then
      s:say("Seat %d's stash is counted: %s (%s), %s in all.", seat, amount_text(total, "nuts"),
        s[STASH[seat]]:count() > 0 and card_names({ s[STASH[seat]]:cards() }) or "empty",
        amount_text(s.nuts:get(seat), "nuts"))
    end
  end
end

--- The cards a hand gained since it held `held`, in the order drawn: deal
--- puts each on top, so they are its top cards, the last drawn first.
local function dealt_since(hand, held)
  local cards, drawn = { hand:cards() }, {}
  for pos = #cards - held, 1, -1 do drawn[#drawn + 1] = cards[pos] end
  return drawn
end

--- The morning: all players at once (no ability triggers). From day 2:
--- refresh every squirrel, collect every loop; then the day's stamina,
--- coins and cards; everyone wakes up; then the Island reveals its spaces.
--- The rival only refreshes its squirrels and gets its day's stamina.
--- Tell a player's morning: what they have now, what they drew.
local function tell_morning(s, who, before, drawn)
  local gains = {}
  for _, res in ipairs({ "stamina", "coins", "nuts" }) do
    local got = s[res]:get(who) - before[res]
    if got ~= 0 then gains[#gains + 1] = amount_text(got, res) end
  end
  local got = table.concat(gains, ", ")
  s:say("Seat %d gets %s%s%s.", who, got, got ~= "" and " and " or "", cards_text(#drawn))
  if #drawn > 0 then s:say(who, "You draw %s.", card_names(drawn)) end
end

local function morning(s)
  local day = s.day.number
  local m = MORNINGS[day]
  if day == 1 then                  -- the options first_stamina, first_coins, first_cards
    local o = s.options
    m = { stamina_to = math.min(o.first_stamina, o.stamina_max), coins = o.first_coins, cards = o.first_cards,
          open = m.open }
  end
  if s.narrating then
    s:say("Day %d, morning%s.", day, day > 1 and ": every squirrel is refreshed and collects its loops" or "")
  end
  for _, who in ipairs(everybody(s)) do
    if who == RIVAL then
      refresh_all(s, RIVAL)
      s.rival_stamina:set(RIVAL_SQUIRRELS[day] * RIVAL_SQUIRREL_COST)
      if s.narrating then s:say("The rival gets %s.", amount_text(s.rival_stamina:get(), "stamina")) end
    else
      local before, held = nil, 0
      if s.narrating then
        before = { stamina = s.stamina:get(who), coins = s.coins:get(who), nuts = s.nuts:get(who) }
        held = s[HAND[who]]:count()
      end
      if day > 1 then
        refresh_all(s, who)
        for _, card in ipairs({ tableau(s, who):cards() }) do collect(s, who, card) end
      end
      if m.stamina_to then s.stamina:set(who, m.stamina_to) end
      if m.stamina then gain(s, who, "stamina", m.stamina) end
      gain(s, who, "coins", m.coins)
      draw_cards(s, who, m.cards)
      if s.narrating then tell_morning(s, who, before, dealt_since(s[HAND[who]], held)) end
    end
    s.mat[ASLEEP[who]] = 0
  end
  s.day.token_taken = 0
  s.day.open = m.open
  refill_island(s)
end

--- The day ends: the game after the last day, else the next morning and
--- the first player's turn.
local function end_day(s)
  if s.narrating then s:say("Everyone is asleep: day %d ends.", s.day.number) end
  if s.day.number == s.options.days then
    final_count(s)
    s:say("Day %d is over: the game ends.", s.day.number)
    turns.end_now(s)
    return
  end
  s.day.number = s.day.number + 1
  morning(s)
  s.turn.seat = s.turn.first
end

--- The turn is over: the same player again for each Go again, else the day
--- ends if everybody is asleep, else the next player.
local function pass_turn(s)
  if s.effect.again > 0 then
    s.effect.again = s.effect.again - 1
  elseif everyone_asleep(s) then
    end_day(s)
  else
    s.turn.seat = next_player(s, s.turn.seat)
  end
end

-- The rival (solo) --------------------------------------------------------------------------------

--- Asleep, the rival exhausts its first refreshed squirrel for a nut.
local function rival_gathers(s)
  for pos = 1, tableau(s, RIVAL):count() do
    if not is_exhausted(s, RIVAL, pos) then
      exhaust(s, RIVAL, pos)
      s.rival_nuts:add(NUT_FOR_EXHAUSTING)
      if s.narrating then
        s:say("The rival exhausts its %s for a nut (%s).", CARDS[tableau(s, RIVAL):peek(pos)].name,
          amount_text(s.rival_nuts:get(), "nuts"))
      end
      return
    end
  end
end

--- The rival takes the Island card of the space a d8 shows, or the deck's
--- top card when that space is empty or not revealed; nil if neither has one.
local function rival_takes(s)
  local n = tonumber(s.d8:roll_one(1))
  s.rival.space = n
  if n <= s.day.open and space(s, n):count() > 0 then return take_from_island(s, n) end
  s.rival.space = 0
  if s.draw_pile:count() > 0 then return s.draw_pile:draw() end
  return nil
end

--- The rival's turn: asleep, it gathers a nut; with no stamina left (or no
--- card to take) it goes to sleep and gathers; else it takes a card: an
--- item is discarded, a squirrel costs it 1 stamina and only the sabotage
--- steps of its play effect apply.
local function rival_turn(s)
  s.rival.card = 0
  if not is_asleep(s, RIVAL) and s.rival_stamina:get() > 0 then
    local card = rival_takes(s)
    if card then
      s.rival.card = card
      if s.narrating then
        s:say("The rival rolls %s on its d8 and takes %s %s: %s.", s.d8:value(1),
          s.rival.space > 0 and "the card of Island space" or "the deck's top card",
          s.rival.space > 0 and tostring(s.rival.space) or "(that space is empty or not revealed)",
          is_squirrel(card) and (CARDS[card].name .. ", a squirrel it plays for 1 stamina")
            or (CARDS[card].name .. ", an item it discards"))
      end
      if is_squirrel(card) then
        s.rival_stamina:take(RIVAL_SQUIRREL_COST)
        tableau(s, RIVAL):push_bottom(card)
        if SABOTAGE[card] then
          s.pending:push(card * 2 + EFFECT)
          assert(run(s), "the rival never waits for a choice")
        end
      else
        s.discard:push(card)
      end
      return
    end
  end
  if not is_asleep(s, RIVAL) then s:say("The rival goes to sleep.") end
  s.mat[ASLEEP[RIVAL]] = 1
  rival_gathers(s)
end

--- Start the turn of the player to move, playing every turn that needs no
--- decision on the way: the rival's, and those of a sleeper with no
--- refreshed squirrel (there is nothing to do but pass).
local function begin_turn(s)
  while not turns.over(s) do
    local who = s.turn.seat
    if who == RIVAL then
      rival_turn(s)
      pass_turn(s)
    elseif not is_asleep(s, who) then
      turns.set_phase(s, PHASE.awake)
      return
    elseif has_refreshed(s, who) then
      turns.set_phase(s, PHASE.asleep)
      return
    else
      if s.narrating then s:say("Seat %d sleeps with every squirrel exhausted: the turn passes.", who) end
      pass_turn(s)
    end
  end
end

local function finish_turn(s)
  pass_turn(s)
  begin_turn(s)
end

--- Every program having resolved, go on: end the turn after a card, or
--- offer the asleep choice after going to sleep.
local function carry_on(s)
  if not run(s) then return end
  local after = s.effect.after
  s.effect.after = AFTER.turn_end
  if after == AFTER.sleep and has_refreshed(s, turns.seat(s)) then
    turns.set_phase(s, PHASE.asleep)
  else
    finish_turn(s)
  end
end

-- Playing a card ----------------------------------------------------------------------------------

--- What a card costs: stamina and coins, items `discount` coins less
--- (never below 0).
local function card_cost(card, discount)
  local coins = COIN_COST[card] - discount
  if coins < 0 then coins = 0 end
  return STAMINA_COST[card], coins
end

--- Pay stamina and coins, `converted` stamina of it with 3 coins each.
local function pay(s, who, stamina, coins, converted)
  change(s, who, "stamina", -(stamina - converted))
  change(s, who, "coins", -(coins + s.options.coins_per_stamina * converted))
end

--- A squirrel goes in front of its player, refreshed, before its effect;
--- an item waits in play while its effect resolves. Playing an item
--- triggers abilities. Then the programs resolve.
local function put_into_play(s, who, card)
  if is_squirrel(card) then
    local t = tableau(s, who)
    t:push_bottom(card)
    refresh(s, who, t:count())
  else
    s.in_play:push(card)
    announce(s, who, "play_item")
  end
  s.pending:push(card * 2 + EFFECT)
  s.effect.after = AFTER.turn_end
  carry_on(s)
end

--- Play a card from your hand, `converted` stamina of its cost paid with
--- 3 coins each.
local function play_from_hand(s, card, _, converted)
  local who = s.turn.seat
  local hand = s[HAND[who]]
  local stamina, coins = card_cost(card, ongoing(s, who, "item_discount"))
  pay(s, who, stamina, coins, converted)
  hand:take(hand:find(card))
  put_into_play(s, who, card)
end

--- Playing from the Island costs 1 stamina or 1 coin more; the space is
--- refilled before the card's effect.
local function play_from_island(s, n, extra, converted)
  local who = s.turn.seat
  local card = take_from_island(s, n)
  local stamina, coins = card_cost(card, ongoing(s, who, "item_discount"))
  if extra == EXTRA.coin then coins = coins + s.options.island_extra end
  if extra == EXTRA.stamina then stamina = stamina + s.options.island_extra end
  pay(s, who, stamina, coins, converted)
  put_into_play(s, who, card)
end

--- Every way to pay `stamina` and `coins` out of what the player has, with
--- up to `convertible` stamina paid by 3 coins each: one move per number
--- converted, from the fewest the player's stamina allows to the most
--- their coins allow.
local function add_payments(s, out, has_stamina, has_coins, kind, a, extra, stamina, coins, convertible)
  local fewest = stamina - has_stamina
  if fewest < 0 then fewest = 0 end
  local most = (has_coins - coins) // s.options.coins_per_stamina
  if most > convertible then most = convertible end
  for converted = fewest, most do out:add(kind, a, extra, converted) end
end

--- Awake, a player plays a card or goes to sleep. Every play: each card
--- name of their hand, each Island card with its extra cost (a coin or a
--- stamina, or nothing with the Sky Scout), in every way they can pay for
--- it. The cost is card_cost's, read here from the tables, as this runs for
--- every card at every turn.
local function plays_or_sleep(s, out)
  local who = s.turn.seat
  local discount = ongoing(s, who, "item_discount")
  local has_stamina, has_coins = s.stamina:get(who), s.coins:get(who)   -- a seat's: never the rival's
  -- The most stamina they can pay: their own, and 1 for each 3 coins.
  local most_stamina = has_stamina + has_coins // s.options.coins_per_stamina
  local hand = s[HAND[who]]
  for pos = 1, hand:count() do
    local card = hand:peek(pos)
    local stamina, coins = STAMINA_COST[card], COIN_COST[card] - discount
    if coins < 0 then coins = 0 end
    local can_pay = stamina <= most_stamina and coins <= has_coins
    if can_pay and hand:find(card) == pos then   -- one move per name: its topmost copy
      add_payments(s, out, has_stamina, has_coins, MOVE.play, card, EXTRA.none, stamina, coins, stamina)
    end
  end
  local free = ongoing(s, who, "island_free") > 0
  for n = 1, s.day.open do
    local card = s[ISLAND[n]]:peek()
    if card then
      local stamina, coins = STAMINA_COST[card], COIN_COST[card] - discount
      if coins < 0 then coins = 0 end
      local can_pay = stamina <= most_stamina and coins <= has_coins   -- the extra cost aside
      if can_pay and free then
        add_payments(s, out, has_stamina, has_coins, MOVE.buy, n, EXTRA.none, stamina, coins, stamina)
      elseif can_pay then
        -- 3 coins pay for any stamina, the extra one too (though the extra
        -- coin is cheaper, the rules allow it).
        local extra = s.options.island_extra
        add_payments(s, out, has_stamina, has_coins, MOVE.buy, n, EXTRA.coin, stamina, coins + extra, stamina)
        add_payments(s, out, has_stamina, has_coins, MOVE.buy, n, EXTRA.stamina, stamina + extra, coins,
          stamina + extra)
      end
    end
  end
  out:add(MOVE.sleep)
end

--- Going to sleep: the first to sleep today takes the first-player token
--- (not in solo: the rival keeps it); abilities waiting for it trigger;
--- then, the same turn, the asleep choice.
local function go_to_sleep(s)
  local who = s.turn.seat
  s.mat[ASLEEP[who]] = 1
  if not solo(s) and s.day.token_taken == 0 then
    s.day.token_taken = 1
    s.turn.first = who
  end
  announce(s, who, "sleep")
  s.effect.after = AFTER.sleep
  carry_on(s)
end

--- Asleep: exhaust one squirrel to gather 1 nut.
local function gather(s, pos)
  local who = s.turn.seat
  exhaust(s, who, pos)
  gain(s, who, "nuts", NUT_FOR_EXHAUSTING)
  finish_turn(s)
end

-- Setup --------------------------------------------------------------------------------------------

local function setup(s, options)
  local rival_nuts = options.rival_nuts
  s:deck("draw_pile", COPIES)
  for n = 1, ISLAND_SPACES do s:deck(ISLAND[n], 1, { visibility = "face up" }) end
  for seat = 1, s.players do
    s:deck(HAND[seat], COPIES, { owner = seat })
    s:deck(STASH[seat], COPIES, { owner = seat, visibility = "face down" })
    s:deck(SQUIRRELS[seat], SQUIRREL_COPIES, { owner = seat, visibility = "face up" })
    s:deck(ITEMS[seat], ITEM_COPIES, { owner = seat, visibility = "face up" })
  end
  s:deck("in_play", 1, { visibility = "face up" })
  s:deck("pending", MAX_PENDING, { visibility = "face up" })
  s:pool("nuts", { per_seat = true })
  s:pool("coins", { per_seat = true })
  s:pool("stamina", { per_seat = true, max = options.stamina_max })
  s:vars("day", { "number", "open", "token_taken" })
  s:vars("effect", { "card", "part", "step", "picking", "left", "count", "after", "again" })
  local mat = {}
  for who = solo(s) and RIVAL or 1, s.players do
    mat[#mat + 1] = ASLEEP[who]
    mat[#mat + 1] = EXHAUSTED[who]
  end
  s:vars("mat", mat)
  if solo(s) then
    s:deck(SQUIRRELS[RIVAL], SQUIRREL_COPIES, { visibility = "face up" })
    s:deck("discard", ITEM_COPIES, { visibility = "face up" })
    s:pool("rival_nuts", { value = rival_nuts })
    s:pool("rival_stamina", { max = STAMINA_MAX })
    s:dice("d8", 1, RIVAL_DIE)
    s:vars("rival", { "space", "card" })      -- its last take: the d8's space (0: the deck) and card
  end
  -- Seat 1 holds the first-player token on day 1; in solo the rival does.
  turns.setup(s, solo(s) and RIVAL or 1)
  for card, c in ipairs(CARDS) do
    for _ = 1, c.copies do s.draw_pile:push(card) end
  end
  s.draw_pile:shuffle()
  s.day.number = 1
  morning(s)
  begin_turn(s)
end

-- A turn, phase by phase ----------------------------------------------------------------------------
-- What each phase offers and what its moves do (here and in "Playing a
-- card" above) take the player to move from grove.turns' var s.turn.seat,
-- read directly (as turns.seat does) since they run at every move.

--- Asleep: each refreshed squirrel the player may exhaust for a nut; or pass.
local function squirrels_to_exhaust(s, out)
  local who = s.turn.seat
  for pos = 1, tableau(s, who):count() do
    if not is_exhausted(s, who, pos) then out:add(MOVE.exhaust, pos) end
  end
  out:add(MOVE.pass)
end

--- Programs wait whose order can change the outcome: each of them, once.
local function waiting_programs(s, out)
  local seen = {}
  for _, code in ipairs({ s.pending:cards() }) do
    if not seen[code] then
      seen[code] = true
      out:add(MOVE.resolve, code // 2, code % 2)
    end
  end
end

--- The chosen program (a card's play effect or its ability) resolves next.
local function resolve_next(s, card, part)
  local code = card * 2 + part
  s.pending:take(s.pending:find(code))
  begin_program(s, code)
  carry_on(s)
end

--- A step of an effect needs a choice: its options, one pick at a time.
local function step_options(s, out)
  local st = current_step(s)
  local step = STEPS[st[1]]
  out:add_all(step.choice, table.unpack(step.options(s, s.turn.seat, st)))
end

--- Make one pick, then go on resolving.
local function choose(s, option)
  pick(s, s.turn.seat, option)
  carry_on(s)
end

--- What the step of an effect waiting for a pick asks: "Sniper: steal
--- from a player (1 of 1)".
local function pick_prompt(s)
  local st = current_step(s)
  local step = STEPS[st[1]]
  return string.format("%s: %s (%d of %d)", CARDS[s.effect.card].name, step.prompt,
    step.picks(st) - s.effect.left + 1, step.picks(st))
end

--- What each phase of a turn asks of the player, what it offers, and what
--- each move does there.
local PHASES = game.phases(PHASE, MOVE, {
  -- Awake: play one card from your hand or the Island, or go to sleep.
  awake = { prompt = "play a card from your hand or the Island, or sleep",
    offer = plays_or_sleep, play = play_from_hand, buy = play_from_island, sleep = go_to_sleep },
  -- Asleep: exhaust one of your squirrels to gather 1 nut, or pass.
  asleep = { prompt = "exhaust a squirrel for a nut, or pass",
    offer = squirrels_to_exhaust, exhaust = gather, pass = finish_turn },
  -- A card's play effect and the abilities it triggered: which resolves first.
  order = { prompt = "choose which effect resolves next", offer = waiting_programs, resolve = resolve_next },
  -- A step of an effect asks which space, card, player or squirrel; nothing
  -- else is played until it has its answer.
  choose = { prompt = pick_prompt,
    not_now = function(s) return "a card's effect waits for your choice (" .. pick_prompt(s) .. ")" end,
    offer = step_options, take = choose, stash = choose, steal = choose,
    collect = choose, refresh = choose, hit = choose },
})

-- What always holds -----------------------------------------------------------------------------------
-- Checked after every move by the playout tests (and grove check): the
-- state alone says whether it holds.

--- The zones that hold cards, by name: every card is in exactly one.
local function card_zones(s)
  local list = { "draw_pile", "in_play" }
  for n = 1, ISLAND_SPACES do list[#list + 1] = ISLAND[n] end
  for seat = 1, s.players do
    list[#list + 1] = HAND[seat]
    list[#list + 1] = STASH[seat]
    list[#list + 1] = SQUIRRELS[seat]
    list[#list + 1] = ITEMS[seat]
  end
  if solo(s) then
    list[#list + 1] = SQUIRRELS[RIVAL]
    list[#list + 1] = "discard"
  end
  return list
end

--- Every card in one place; counters never negative and stamina at most 5;
--- squirrels only in tableaux, items only among used items, in play or
--- discarded; exhausted marks only on squirrels in play; the Island
--- revealed as the day says and full while the deck lasts; nothing pending
--- unless a choice is asked; the player to move awake or asleep as the
--- phase says; the first-player token with the first sleeper (the rival in
--- solo); the rival within its day's allowance; the end on day 4 with
--- everybody asleep.
local function invariants(s)
  -- Every card is in exactly one place: of each name, as many as its copies.
  local count = {}
  for _, name in ipairs(card_zones(s)) do
    local zone = s[name]
    for _, card in ipairs({ zone:cards() }) do
      if not CARDS[card] then game.broken("%s holds card %d, not in cards.lua", name, card) end
      count[card] = (count[card] or 0) + 1
    end
  end
  for card, c in ipairs(CARDS) do
    if (count[card] or 0) ~= c.copies then
      game.broken("%s is in %d places, %d copies exist", c.name, count[card] or 0, c.copies)
    end
  end

  -- Squirrels stay in tableaux; items go to used items, in play (one at
  -- a time, and an Island space holds one card: the zones' capacities), or
  -- the rival's discard.
  local function only(name, kind)
    for _, card in ipairs({ s[name]:cards() }) do
      if CARDS[card].kind ~= kind then game.broken("%s holds %s, which is no %s", name, CARDS[card].name, kind) end
    end
  end
  for _, who in ipairs(everybody(s)) do only(SQUIRRELS[who], "squirrel") end
  for seat = 1, s.players do only(ITEMS[seat], "item") end
  only("in_play", "item")
  if solo(s) then only("discard", "item") end

  -- Nobody goes below zero; stamina never goes above 5 (the pools' bounds
  -- hold them too, so this guards a pool declared otherwise).
  for seat = 1, s.players do
    for _, res in ipairs({ "nuts", "coins", "stamina" }) do
      if s[res]:get(seat) < 0 then game.broken("seat %d has %d %s", seat, s[res]:get(seat), res) end
    end
    if s.stamina:get(seat) > s.options.stamina_max then game.broken("seat %d has %d stamina", seat, s.stamina:get(seat)) end
  end

  -- Exhausted marks only on squirrels in play; asleep or awake, nothing else.
  for _, who in ipairs(everybody(s)) do
    if s.mat[EXHAUSTED[who]] >> tableau(s, who):count() ~= 0 then
      game.broken("%s: an exhausted mark past the %d squirrels in play", who == RIVAL and "the rival" or ("seat " .. who),
        tableau(s, who):count())
    end
    local asleep = s.mat[ASLEEP[who]]
    if asleep ~= 0 and asleep ~= 1 then game.broken("asleep%d is %d", who, asleep) end
  end

  -- The day and the Island: 4, 5, 6, 7 spaces revealed on days 1 to 4, the
  -- others empty.
  local day = s.day.number
  if day < 1 or day > s.options.days then game.broken("day %d", day) end
  if s.day.open ~= MORNINGS[day].open then game.broken("day %d with %d Island spaces revealed", day, s.day.open) end
  for n = s.day.open + 1, ISLAND_SPACES do
    if space(s, n):count() > 0 then game.broken("Island space %d is not revealed but holds a card", n) end
  end

  -- The turn. Programs wait, an item is in play and an Island space may
  -- wait for its refill only while a choice is asked.
  local over, phase, e = turns.over(s), s.turn.phase, s.effect
  local choosing = not over and (phase == PHASE.order or phase == PHASE.choose)
  for _, code in ipairs({ s.pending:cards() }) do
    if not PROGRAMS[code] then game.broken("pending holds %d, no card's program", code) end
  end
  if e.again < 0 then game.broken("%d Go again turns", e.again) end
  if not choosing then
    if s.pending:count() > 0 then game.broken("%d programs pending with no choice asked", s.pending:count()) end
    if s.in_play:count() > 0 then game.broken("an item in play with no choice asked") end
    if e.card ~= 0 then game.broken("%s's program running with no choice asked", CARDS[e.card].name) end
    if s.draw_pile:count() > 0 then
      for n = 1, s.day.open do
        if space(s, n):count() == 0 then game.broken("Island space %d is empty, the deck is not", n) end
      end
    end
  end
  if not over then
    local who = s.turn.seat
    if who < 1 or who > s.players then game.broken("seat %d to move", who) end
    if phase == PHASE.awake and is_asleep(s, who) then game.broken("seat %d to play, asleep", who) end
    if phase == PHASE.asleep and not (is_asleep(s, who) and has_refreshed(s, who)) then
      game.broken("seat %d to exhaust a squirrel, awake or with none refreshed", who)
    end
    if phase == PHASE.choose and (e.card == 0 or e.picking ~= 1 or e.left < 1) then
      game.broken("a choice asked with no step picking")
    end
  else
    if day ~= s.options.days then game.broken("the game ended on day %d", day) end
    if not everyone_asleep(s) then game.broken("the game ended with somebody awake") end
  end

  -- The first-player token: the rival's for good in solo, else a seat's,
  -- the first to go to sleep today once somebody has.
  local first = s.turn.first
  if solo(s) then
    if first ~= RIVAL then game.broken("seat %d holds the first-player token in solo", first) end
  else
    if first < 1 or first > s.players then game.broken("seat %d holds the first-player token", first) end
    if s.day.token_taken == 1 and not is_asleep(s, first) then
      game.broken("seat %d took the token today, yet is awake", first)
    end
  end

  -- The rival: stamina within its day's allowance (set each morning, only
  -- spent or lost), no more squirrels than its allowances so far, no nuts
  -- below zero; its last take an Island space (or the deck) and a card.
  if solo(s) then
    local allowance, allowed = RIVAL_SQUIRRELS[day] * RIVAL_SQUIRREL_COST, 0
    for d = 1, day do allowed = allowed + RIVAL_SQUIRRELS[d] end
    local stamina, nuts = s.rival_stamina:get(), s.rival_nuts:get()
    if stamina < 0 or stamina > allowance then
      game.broken("the rival has %d stamina, its allowance on day %d is %d", stamina, day, allowance)
    end
    if nuts < 0 then game.broken("the rival has %d nuts", nuts) end
    if tableau(s, RIVAL):count() > allowed then
      game.broken("the rival has %d squirrels, it may have played %d by day %d", tableau(s, RIVAL):count(), allowed, day)
    end
    if s.rival.space < 0 or s.rival.space > ISLAND_SPACES then game.broken("the rival took from space %d", s.rival.space) end
    if s.rival.card < 0 or s.rival.card > #CARDS then game.broken("the rival took card %d", s.rival.card) end
  end
end

-- What the bots read ---------------------------------------------------------------------------------

--- How each seat stands now, for bots that stop looking ahead before the
--- end, read like the final count: nuts and the stash's values, then what
--- the position is worth on its way to the end, in nuts (each piece below).
---
--- A morning to come: each loop collects its resource, and each squirrel
--- (loops or not) will gather a nut asleep that day, if its player sleeps
--- with turns left (the last to sleep gets one: so about half).
local LOOP_WORTH = { nuts = 1, coins = 1 / 3, stamina = 2 / 3 }
local GATHER_WORTH = 1 / 2
--- Today: a refreshed squirrel may still be exhausted asleep for a nut.
local REFRESHED_WORTH = 1 / 2
--- What a seat holds to spend (coins, stamina, cards in hand) turns into
--- nuts through the cards it buys: worth more with more mornings to come
--- (a squirrel bought early collects and gathers every day), worth
--- nothing to a seat asleep on the last day.
local MEANS_TODAY = { coins = 1 / 4, stamina = 2 / 5, cards = 1 / 10 }
local MEANS_A_MORNING = { coins = 1 / 4, stamina = 1 / 2, cards = 1 / 4 }

--- The loops and the gathering of a seat's squirrels in the mornings to
--- come, and the nuts its refreshed squirrels may still gather today.
local function squirrels_worth(s, seat, mornings)
  local v, t = 0, tableau(s, seat)
  local exhausted = s.mat[EXHAUSTED[seat]]
  for pos = 1, t:count() do
    for _, res in ipairs(CARDS[t:peek(pos)].loops) do v = v + mornings * LOOP_WORTH[res] end
    v = v + mornings * GATHER_WORTH
    if (exhausted >> (pos - 1)) & 1 == 0 then v = v + REFRESHED_WORTH end
  end
  return v
end

--- What a seat's coins, stamina and cards will still buy.
local function means_worth(s, seat, mornings)
  if mornings == 0 and is_asleep(s, seat) then return 0 end
  local today, a_morning = MEANS_TODAY, MEANS_A_MORNING
  return s.coins:get(seat) * (today.coins + mornings * a_morning.coins)
    + s.stamina:get(seat) * (today.stamina + mornings * a_morning.stamina)
    + s[HAND[seat]]:count() * (today.cards + mornings * a_morning.cards)
end

--- The nuts a seat's stashed cards will add at the end.
local function stash_worth(s, seat)
  local v, stash = 0, s[STASH[seat]]
  for i = 1, stash:count() do v = v + CARDS[stash:peek(i)].stash end
  return v
end

local function evaluate(s)
  local values = {}
  local over = turns.over(s)
  local mornings = s.options.days - s.day.number
  for seat = 1, s.players do
    local v = s.nuts:get(seat)
    if not over then
      v = v + stash_worth(s, seat) + squirrels_worth(s, seat, mornings) + means_worth(s, seat, mornings)
    end
    values[seat] = v
  end
  return values
end

--- Most nuts wins (the stash already counted in); a tie goes to the most
--- squirrels; then it is shared. Solo: the player against the rival.
local function result(s)
  if not turns.over(s) then return nil end
  local scores, squirrels = {}, {}
  for seat = 1, s.players do
    scores[seat] = s.nuts:get(seat)
    squirrels[seat] = tableau(s, seat):count()
  end
  if not solo(s) then return rank.result(scores, { squirrels }, nil, "nuts") end
  local mine, theirs = scores[1], s.rival_nuts:get()
  local my_squirrels, their_squirrels = squirrels[1], tableau(s, RIVAL):count()
  local r = { scores = scores, rival = theirs }
  if mine > theirs or (mine == theirs and my_squirrels > their_squirrels) then
    r.ranks, r.winners = { 1 }, { 1 }
    r.text = string.format("seat 1 beats the rival with %d nuts to %d", mine, theirs)
  elseif mine == theirs and my_squirrels == their_squirrels then
    r.ranks, r.winners = { 1 }, { 1 }
    r.text = string.format("seat 1 and the rival share the win with %d nuts", mine)
  else
    r.ranks, r.winners = { 2 }, {}
    r.text = string.format("the rival wins with %d nuts to %d", theirs, mine)
  end
  return r
end

local function paying(s, converted)
  if converted == 0 then return "" end
  return " with " .. amount_text(converted * s.options.coins_per_stamina, "coins")
end

local function whom(victim)
  if victim == RIVAL then return "the rival" end
  return "seat " .. victim
end

--- A card's name in a move; any number gets a text, legal or not.
local function key(card)
  return CARDS[card] and CARDS[card].key or ("card " .. card)
end

--- The card a move plays from the hand (grove sim counts them).
local function played(_, move)
  local kind, card = game.parts(move)
  if kind == MOVE.play then return key(card) end
  return nil
end

--- Each kind of move's text, from its arguments; as `viewer` reads it (a
--- seat, 0: an onlooker), a card stashed from the hand is named only to
--- those who see that hand (its owner): the others read "stash a card".
--- Without a viewer, the full text.
local DESCRIBE = {
  play = function(s, card, _, converted) return "play " .. key(card) .. paying(s, converted) end,
  buy = function(s, n, extra, converted)
    return "buy island " .. n .. (EXTRA_TEXT[extra] or (" " .. extra)) .. paying(s, converted)
  end,
  sleep = function() return "sleep" end,
  pass = function() return "pass" end,
  exhaust = function(_, pos) return "exhaust " .. pos end,
  collect = function(_, pos) return "collect " .. pos end,
  refresh = function(_, pos) return "refresh " .. pos end,
  resolve = function(_, card, part) return "resolve " .. key(card) .. (part == ABILITY and " ability" or " effect") end,
  take = function(_, n) return "take island " .. n end,
  stash = function(s, card, _, _, viewer)
    local hand = HAND[PHASES.actor(s)] and s[HAND[PHASES.actor(s)]]
    if viewer == nil or (hand and hand:visible_to(viewer)) then return "stash " .. key(card) end
    return "stash a card"
  end,
  steal = function(_, victim) return "steal from " .. whom(victim) end,
  hit = function(_, code)
    local victim, pos = victim_and_position(code)
    return string.format("exhaust %d of %s", pos, whom(victim))
  end,
}

-- Drawing the table -----------------------------------------------------------------------------------

local function names(zone)
  local list = {}
  for i, card in ipairs({ zone:cards() }) do list[i] = CARDS[card].name end
  return table.concat(list, ", ")
end

local function tableau_text(s, who)
  local list = {}
  for pos, card in ipairs({ tableau(s, who):cards() }) do
    list[pos] = pos .. " " .. CARDS[card].name .. (is_exhausted(s, who, pos) and " (exhausted)" or "")
  end
  if #list == 0 then return "none" end
  return table.concat(list, ", ")
end

local function island_text(s, n)
  if n > s.day.open then return string.format("[%d] not revealed", n) end
  local card = space(s, n):peek()
  if not card then return string.format("[%d] empty", n) end
  return string.format("[%d] %s", n, card_text(card))
end

--- The table as `viewer` may see it: the Island, the deck's size, every
--- player's nuts, coins, stamina, squirrels and used items, the size of
--- every hand and stash; the cards of the viewer's own hand only. Nobody
--- sees a stash until the game is over.
local function render(s, viewer)
  local over = turns.over(s)
  local lines = {
    string.format("Squirrel Island, day %d of %d. Deck: %s.", s.day.number, s.options.days,
      cards_text(s.draw_pile:count())),
    "Island, top row:",
  }
  for n = 1, ISLAND_SPACES do
    if n == 4 then lines[#lines + 1] = "Island, bottom row:" end
    lines[#lines + 1] = "  " .. island_text(s, n)
  end
  if solo(s) then
    local took = "nothing yet"
    if s.rival.card > 0 then
      local from = s.rival.space > 0 and (" from space " .. s.rival.space) or " from the deck"
      took = CARDS[s.rival.card].name .. from
    end
    lines[#lines + 1] = string.format("The rival (first player), %s: %s, %d stamina; last took %s",
      is_asleep(s, RIVAL) and "asleep" or "awake", amount_text(s.rival_nuts:get(), "nuts"), s.rival_stamina:get(), took)
    lines[#lines + 1] = "  squirrels: " .. tableau_text(s, RIVAL)
    lines[#lines + 1] = "  discarded: " .. (s.discard:count() > 0 and names(s.discard) or "none")
  end
  for seat = 1, s.players do
    local hand, stash = s[HAND[seat]], s[STASH[seat]]
    local marks = {}
    if seat == viewer then marks[#marks + 1] = "you" end
    if s.turn.first == seat then marks[#marks + 1] = "first player" end
    marks[#marks + 1] = is_asleep(s, seat) and "asleep" or "awake"
    lines[#lines + 1] = string.format("%s (%s): %s, %s, %d stamina; %s in hand, %d stashed",
      draw.seat(seat, "Seat " .. seat), table.concat(marks, ", "), amount_text(s.nuts:get(seat), "nuts"),
      amount_text(s.coins:get(seat), "coins"), s.stamina:get(seat), cards_text(hand:count()), stash:count())
    lines[#lines + 1] = "  squirrels: " .. tableau_text(s, seat)
    if s[ITEMS[seat]]:count() > 0 then lines[#lines + 1] = "  used items: " .. names(s[ITEMS[seat]]) end
    if hand:visible_to(viewer) and hand:count() > 0 then
      lines[#lines + 1] = "  hand:"
      for _, card in ipairs({ hand:cards() }) do lines[#lines + 1] = "    " .. card_text(card) end
    end
    if (over or stash:visible_to(viewer)) and stash:count() > 0 then
      lines[#lines + 1] = "  stashed: " .. names(stash)
    end
  end
  if over then
    lines[#lines + 1] = "The game is over."
  else
    local seat = turns.seat(s)
    if s.in_play:count() > 0 then lines[#lines + 1] = "In play: " .. names(s.in_play) end
    local line = string.format("Seat %d: %s", seat, PHASES.prompt(s))
    local again = s.effect.again
    if again > 0 then
      line = line .. string.format(" (then %d more turn%s: Go again)", again, again == 1 and "" or "s")
    end
    lines[#lines + 1] = line
  end
  return table.concat(lines, "\n")
end

-- mutate: off (the picture: how the board is drawn and clicked, no rule)
--- How the host draws the table as a picture (grove serve, replay pages):
--- a card by its name and cost, squirrels by tribe colour, items in gold,
--- the whole card (cost, play effect, loops or ability, stash value) on
--- hover; an exhausted squirrel marked so; Island spaces not revealed yet
--- face down. A click on a card looks for its name in the move texts, on
--- an Island space for "island N", on a squirrel in play for its position
--- ("exhaust 2", or "2 of seat 1" when it is another player's); each
--- seat's nuts and whether it is awake head its panel.
local TRIBE_COLOR = { tree = "#b7dfa5", ground = "#e3c9a0", flying = "#b9d6f2" }
local function card_face(card)
  local c = CARDS[card]
  if not c then return nil end
  local cost = c.kind == "squirrel" and amount_text(c.cost, "stamina") or amount_text(c.cost, "coins")
  local fields = { { "kind", c.kind == "squirrel" and (c.tribe .. " squirrel") or "item" }, { "cost", cost } }
  if #c.play > 0 then fields[#fields + 1] = { "play", steps_text(c.play) } end
  if #c.loops > 0 then
    local loops = {}
    for i, res in ipairs(c.loops) do loops[i] = RESOURCE_WORD[res][1] end
    fields[#fields + 1] = { "loops", table.concat(loops, ", ") }
  end
  if c.ability then fields[#fields + 1] = { "ability", ability_text(c.ability) } end
  fields[#fields + 1] = { "stash", amount_text(c.stash, "nuts") }
  return { label = c.name, key = c.key, color = c.kind == "item" and "#f3e3a1" or TRIBE_COLOR[c.tribe] or "#eee",
           detail = cost, fields = fields }
end
local LOOK = {
  cards = card_face,
  island = { label = "island", key = "label",
             unrevealed = function(s, at) return tonumber(at.component:match("%d+")) > s.day.open end },
  squirrels = {
    key = function(_, at)
      if at.seat ~= at.actor then return string.format("%d of seat %d$", at.position, at.seat) end
      return { "^exhaust " .. at.position .. "$", "^collect " .. at.position .. "$", "^refresh " .. at.position .. "$" }
    end,
    mark = function(s, at)
      if (s.mat[EXHAUSTED[at.seat]] >> (at.position - 1)) & 1 == 1 then return "exhausted" end
    end,
  },
  rival_squirrels = {
    label = "rival's squirrels",
    key = function(_, at) return string.format("%d of the rival$", at.position) end,
    mark = function(s, at)
      if (s.mat[EXHAUSTED[RIVAL]] >> (at.position - 1)) & 1 == 1 then return "exhausted" end
    end,
  },
  -- a program waiting is card * 2 + part: the card's effect or ability
  pending = { cards = function(code)
    local face = card_face(code // 2)
    if not face then return nil end
    local part = code % 2 == ABILITY and "ability" or "effect"
    face.label, face.key, face.detail = face.label .. " (" .. part .. ")", face.key .. " " .. part, part
    return face
  end },
  draw_pile = { label = "draw pile" },
  in_play = { label = "in play" },
  d8 = { label = "rival's d8" },
  rival_nuts = { label = "rival's nuts" },
  rival_stamina = { label = "rival's stamina" },
  standing = {
    label = "nuts",
    score = function(s, seat) return s.nuts:get(seat) end,
    status = function(s, seat)
      local marks = {}
      if s.turn.first == seat then marks[#marks + 1] = "first player" end
      marks[#marks + 1] = is_asleep(s, seat) and "asleep" or "awake"
      local prompt = PHASES.prompt(s, seat)
      if prompt then marks[#marks + 1] = "now: " .. prompt end
      return table.concat(marks, "; ")
    end,
  },
}
-- mutate: on
--- The catalog for grove check: each card id's name, as moves write it.
local CARD_NAMES = {}
for id, row in ipairs(CARDS) do CARD_NAMES[id] = row.key end

-- Why a typed move is refused ---------------------------------------------------------------------

local CARD_KEYED = {}                  -- CARD_KEYED["acorn picker"] = the card
for card, c in ipairs(CARDS) do CARD_KEYED[c.key] = card end

--- What a seat can pay, and what a card costs it, in words; `ways` (the
--- texts of the legal moves that pay for it), when there are any, end it.
local function cannot_afford(s, who, card, extra, ways)
  local stamina, coins = card_cost(card, ongoing(s, who, "item_discount"))
  local cost = { amount_text(stamina, "stamina") }
  if coins > 0 then cost[2] = amount_text(coins, "coins") end
  local text = string.format("%s costs %s%s; you have %s and %s (%d coins pay for 1 stamina)", CARDS[card].name,
    table.concat(cost, " and "), extra or "", amount_text(s.stamina:get(who), "stamina"),
    amount_text(s.coins:get(who), "coins"), s.options.coins_per_stamina)
  if not ways or #ways == 0 then return text end
  for i, way in ipairs(ways) do ways[i] = "'" .. way .. "'" end
  local last = table.remove(ways)
  return text .. ": pay as " .. (#ways > 0 and table.concat(ways, ", ") .. " or " or "") .. last
end

--- The texts of the legal moves of `kind` on `a` (a card of the hand, an
--- Island space): every way the seat to move can pay for it now.
local function ways_to_pay(s, kind, a)
  local texts = {}
  plays_or_sleep(s, { add = function(_, k, x, extra, converted)
    if k == kind and x == a then texts[#texts + 1] = DESCRIBE[MOVE[k]](s, x, extra, converted) end
  end })
  return texts
end

--- The rule a move of each kind breaks, now that it is that move's phase;
--- `t` is the text typed (lower case, single blanks), `who` the seat to move.
local BREAKS = {}

function BREAKS.play(s, t, who)
  local name = t:match("^play (.-) with %d+ coins?$") or t:match("^play (.+)$") or ""
  local card = CARD_KEYED[name]
  if not card then return string.format("no card is called '%s'", name) end
  if not s[HAND[who]]:find(card) then return "you hold no " .. CARDS[card].name end
  local with = math.tointeger(tonumber(t:match(" with (%d+) coins?$") or ""))
  if with and with > s.coins:get(who) then
    return string.format("you have %s, not %d", amount_text(s.coins:get(who), "coins"), with)
  end
  return cannot_afford(s, who, card, nil, ways_to_pay(s, MOVE.play, card))
end

function BREAKS.buy(s, t, who)
  local n = math.tointeger(tonumber(t:match("^buy island (%d+)") or ""))
  if not n or n < 1 or n > ISLAND_SPACES then return string.format("the Island has spaces 1 to %d", ISLAND_SPACES) end
  if n > s.day.open then return string.format("Island space %d is not revealed yet (%d today)", n, s.day.open) end
  local card = s[ISLAND[n]]:peek()
  if not card then return string.format("Island space %d is empty", n) end
  local extra = s.options.island_extra
  return cannot_afford(s, who, card, ongoing(s, who, "island_free") > 0 and ""
    or string.format(", plus %s or %s", amount_text(extra, "coins"), amount_text(extra, "stamina")), ways_to_pay(s, MOVE.buy, n))
end

function BREAKS.exhaust(s, t, who)
  local pos = math.tointeger(tonumber(t:match("^exhaust (%d+)$") or ""))
  local count = tableau(s, who):count()
  if not pos or pos < 1 or pos > count then return string.format("you have squirrels 1 to %d", count) end
  return string.format("your squirrel %d, %s, is exhausted already", pos, CARDS[tableau(s, who):peek(pos)].name)
end

--- Why `text` (`play digger`, `buy island 3 coin`, `sleep`, `exhaust 2` ...)
--- is not legal now, in the rules' words; nil leaves the answer to the
--- host (which names the legal moves of that kind).
local function why(s, text)
  local t = text:lower():gsub("%s+", " "):gsub("^ ", ""):gsub(" $", "")
  local word = t:match("^%a+")
  local kind = MOVE[word or ""]
  if type(kind) ~= "number" then return nil end
  local not_now = PHASES.not_now(s, kind)
  if not_now then return not_now end
  local breaks = BREAKS[word]
  return breaks and breaks(s, t, s.turn.seat)
end

return game.define {
  name = "squirrel",
  title = "Squirrel Island",
  version = "1.0",          -- of these rules: saves made under another version are refused
  players = { min = 1, max = 5, default = 2 },   -- 2 to 5 players, 1 for the solo mode
  options = OPTIONS,
  setup = setup,
  played = played,
  phases = PHASES,
  result = result,
  invariants = invariants,
  render = render,
  look = LOOK,
  describe = DESCRIBE,
  why = why,
  -- for tests and tools: the catalog, a card's text, the catalog's checks
  data = { cards = CARDS, card_text = card_text, check_cards = check_cards },
  -- for grove check: cards never seen or played (pending holds programs, not cards)
  catalog = { what = "cards", names = CARD_NAMES, except = { "pending" } },
  evaluate = evaluate,
}
