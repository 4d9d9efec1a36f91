-- Squirrel Island: the definition's invariants (game.lua, "What always
-- holds") hold on every fresh game, and each of them fires when a test
-- breaks the state on purpose through g.state. The playouts (playouts.lua)
-- check them after every move of thousands of games.

local P = require "position"             -- tests/lib/position.lua
local open, fetch, id = P.open, P.fetch, P.id

local function phase(g, name) return g.definition.phases.names[name] end

test("invariants: every fresh game holds them, solo and 2 to 5 players", function()
  for players = 1, 5 do
    for seed = 1, 20 do
      local g = open(players, seed)
      expect.invariants_hold(g)
      g:close()
    end
  end
end)

test("invariants: every card in exactly one place, of each name as many as its copies", function()
  local g = open(2)
  local s = g.state
  local card = s.draw_pile:peek()
  s.hand1:push(card)                                   -- a copy out of nowhere
  expect.invariant_fires(g, g.definition.data.cards[card].name .. " is in ")
  s.hand1:draw()
  expect.invariants_hold(g)
  card = s.draw_pile:draw()                            -- a card lost
  expect.invariant_fires(g, g.definition.data.cards[card].name .. " is in ")
  s.draw_pile:push(card)
  expect.invariants_hold(g)
  s.hand2:push(99)                                     -- no such card
  expect.invariant_fires(g, "hand2 holds card 99, not in cards.lua")
end)

test("invariants: squirrels only in tableaux, items only used, in play or discarded", function()
  local g = open(2)
  g.state.items1:push(fetch(g, "Elder"))
  expect.invariant_fires(g, "items1 holds Elder, which is no item")
  g = open(2)
  g.state.squirrels2:push(fetch(g, "Feast"))
  expect.invariant_fires(g, "squirrels2 holds Feast, which is no squirrel")
  g = open(1)
  g.state.discard:push(fetch(g, "Elder"))
  expect.invariant_fires(g, "discard holds Elder, which is no item")
  g = open(1)
  g.state.rival_squirrels:push(fetch(g, "Feast"))
  expect.invariant_fires(g, "rival_squirrels holds Feast, which is no squirrel")
  g = open(2)
  g.state.in_play:push(fetch(g, "Elder"))
  expect.invariant_fires(g, "in_play holds Elder, which is no item")
end)

test("invariants: nuts, coins and stamina are never negative, stamina at most 5 (the pools refuse too)", function()
  -- The pools are declared with these bounds, so a state cannot be given
  -- a negative count or a sixth stamina: the invariant guards a pool
  -- declared otherwise.
  local g = open(2)
  expect.error(function() g.state.nuts:set(1, -1) end)
  expect.error(function() g.state.coins:set(2, -1) end)
  expect.error(function() g.state.stamina:set(1, 6) end)
  g = open(1)
  expect.error(function() g.state.rival_nuts:set(-1) end)
  expect.invariants_hold(g)
end)

test("invariants: exhausted marks only on squirrels in play; asleep is 0 or 1", function()
  local g = open(2)
  g.state.mat.exhausted2 = 1                           -- seat 2 has no squirrel
  expect.invariant_fires(g, "seat 2: an exhausted mark past the 0 squirrels in play")
  g = open(2)
  g.state.mat.asleep2 = 2
  expect.invariant_fires(g, "asleep2 is 2")
end)

test("invariants: the day is 1 to 4, its Island spaces revealed and no others", function()
  local g = open(2)
  g.state.day.number = 5
  expect.invariant_fires(g, "day 5")
  g = open(2)
  g.state.day.open = 5
  expect.invariant_fires(g, "day 1 with 5 Island spaces revealed")
  g = open(2)
  g.state.draw_pile:move_to(g.state.island6, 1)
  expect.invariant_fires(g, "Island space 6 is not revealed but holds a card")
end)

test("invariants: a revealed space is full while the deck has cards, unless a choice is asked", function()
  local g = open(2)
  local s = g.state
  s.draw_pile:push_bottom(s.island2:draw())
  expect.invariant_fires(g, "Island space 2 is empty, the deck is not")
  s.turn.phase = phase(g, "order")                     -- a draw from the Island waits for its refill
  s.pending:push(id(g, "Treetop Lookout") * 2)
  expect.invariants_hold(g)
end)

test("invariants: nothing pending, in play or running unless a choice is asked", function()
  local g = open(2)
  g.state.pending:push(id(g, "Motivator") * 2)         -- its play effect
  expect.invariant_fires(g, "1 programs pending with no choice asked")
  g = open(2)
  g.state.pending:push(id(g, "Motivator") * 2 + 1)     -- the Motivator has no ability
  expect.invariant_fires(g, "pending holds " .. (id(g, "Motivator") * 2 + 1) .. ", no card's program")
  g = open(2)
  g.state.in_play:push(fetch(g, "Feast"))
  expect.invariant_fires(g, "an item in play with no choice asked")
  g = open(2)
  g.state.effect.card = id(g, "Sniper")
  expect.invariant_fires(g, "Sniper's program running with no choice asked")
  g = open(2)
  g.state.effect.again = -1
  expect.invariant_fires(g, "-1 Go again turns")
end)

test("invariants: the player to move is a seat, awake or asleep as the phase says", function()
  local g = open(2)
  g.state.turn.seat = 3
  expect.invariant_fires(g, "seat 3 to move")
  g = open(1)
  g.state.turn.seat = 0                                -- the rival plays by itself
  expect.invariant_fires(g, "seat 0 to move")
  g = open(2)
  g.state.mat.asleep1 = 1
  expect.invariant_fires(g, "seat 1 to play, asleep")
  g = open(2)
  g.state.turn.phase = phase(g, "asleep")
  expect.invariant_fires(g, "seat 1 to exhaust a squirrel, awake or with none refreshed")
  g = open(2)                                          -- awake, though with a refreshed squirrel
  g.state.squirrels1:push(fetch(g, "Elder"))
  g.state.turn.phase = phase(g, "asleep")
  expect.invariant_fires(g, "seat 1 to exhaust a squirrel, awake or with none refreshed")
  g = open(2)                                          -- asleep, with none refreshed
  g.state.mat.asleep1 = 1
  g.state.turn.phase = phase(g, "asleep")
  expect.invariant_fires(g, "seat 1 to exhaust a squirrel, awake or with none refreshed")
  g = open(2)
  g.state.turn.phase = phase(g, "choose")
  expect.invariant_fires(g, "a choice asked with no step picking")
end)

test("invariants: the game ends on day 4 with everybody asleep", function()
  local g = open(2)
  g.state.turn.over = 1
  expect.invariant_fires(g, "the game ended on day 1")
  g = open(2)
  local s = g.state
  s.day.number, s.day.open = 4, 7
  for n = 5, 7 do s.draw_pile:move_to(s["island" .. n], 1) end
  s.mat.asleep1 = 1
  s.turn.over = 1
  expect.invariant_fires(g, "the game ended with somebody awake")
  s.mat.asleep2 = 1
  expect.invariants_hold(g)
end)

test("invariants: the first-player token is a seat's, with the first to sleep today", function()
  local g = open(3)
  g.state.turn.first = 4
  expect.invariant_fires(g, "seat 4 holds the first-player token")
  g = open(3)
  g.state.turn.first = 0
  expect.invariant_fires(g, "seat 0 holds the first-player token")
  g = open(3)
  g.state.day.token_taken = 1                          -- seat 1 holds it, awake
  expect.invariant_fires(g, "seat 1 took the token today, yet is awake")
  g:play("sleep")
  expect.invariants_hold(g)
  expect.eq(g.state.turn.first, 1)
end)

test("invariants: the solo rival keeps the token and stays within its day's allowance", function()
  local g = open(1)
  g.state.turn.first = 1
  expect.invariant_fires(g, "seat 1 holds the first-player token in solo")
  g = open(1)
  g.state.rival_stamina:set(3)                         -- 2 squirrels on day 1
  expect.invariant_fires(g, "the rival has 3 stamina, its allowance on day 1 is 2")
  g = open(1)
  local s = g.state
  while s.rival_squirrels:count() < 3 do s.rival_squirrels:push_bottom(fetch(g, "Acorn Picker")) end
  expect.invariant_fires(g, "the rival has 3 squirrels, it may have played 2 by day 1")
  g = open(1)
  g.state.rival.space = 9
  expect.invariant_fires(g, "the rival took from space 9")
  g = open(1)
  g.state.rival.card = 99
  expect.invariant_fires(g, "the rival took card 99")
end)
