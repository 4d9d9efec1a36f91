-- Squirrel Island: bad input never changes the game. An illegal move, a
-- text that is no move at all, or a move of another phase is refused with a
-- reason, and the state, the history and the legal moves stay as they were.

local P = require "position"             -- tests/lib/position.lua
local open, id, fetch, hand = P.open, P.id, P.fetch, P.hand

-- g:try(move) must fail and leave everything as it was (grove.testing's
-- expect.refused); expect.breaks_rule also wants the reason to name the move
-- and the rule it breaks (the game's why(s, text), or the host's list of
-- the legal moves of that kind), expect.not_now what the phase asks.
local refused = expect.refused

--- A game with known hands: seat 1 holds a Motivator and an Elder, 2 stamina, 2 coins.
local function start(players)
  local g = open(players)
  hand(g, 1, { "Motivator", "Elder" })
  hand(g, 2, { "Motivator", "Digger" })
  g.state.stamina:set(1, 2)
  g.state.coins:set(1, 2)
  return g
end

test("bad input: moves that break a rule are refused with a reason and change nothing", function()
  local g = start(2)
  expect.breaks_rule(g, "play elder", "Elder costs 4 stamina; you have 2 stamina and 2 coins (3 coins pay for 1 stamina)")
  expect.breaks_rule(g, "play elder with 6 coins", "you have 2 coins, not 6")
  expect.breaks_rule(g, "play digger", "you hold no Digger")   -- in seat 2's hand, not seat 1's
  expect.breaks_rule(g, "play feast", "you hold no Feast")     -- in nobody's hand
  expect.breaks_rule(g, "play motivator with 3 coins", "you have 2 coins, not 3")
  expect.breaks_rule(g, "buy island 5 coin", "Island space 5 is not revealed yet (4 today)")
end)

-- A card the seat can pay for, typed with a payment that is not one of the
-- legal ones, is refused naming the ways to pay, not as a card too dear.
test("bad input: a card one can pay for, typed with another payment, names the ways to pay", function()
  local g = start(2)
  g.state.stamina:set(1, 3)
  g.state.coins:set(1, 3)
  expect.breaks_rule(g, "play elder", "Elder costs 4 stamina; you have 3 stamina and 3 coins (3 coins pay for 1 "
    .. "stamina): pay as 'play elder with 3 coins'")
  expect.breaks_rule(g, "play motivator with 1 coins", "Motivator costs 2 stamina; you have 3 stamina and 3 coins "
    .. "(3 coins pay for 1 stamina): pay as 'play motivator' or 'play motivator with 3 coins'")
  P.island(g, 1, "Hoarder")
  g.state.coins:set(1, 2)
  expect.breaks_rule(g, "buy island 1", "Hoarder costs 3 stamina, plus 1 coin or 1 stamina; you have 3 stamina and "
    .. "2 coins (3 coins pay for 1 stamina): pay as 'buy island 1 coin'")
end)

test("bad input: g:play raises on an illegal move and the game is untouched", function()
  local g = start(2)
  local hash, played = g:hash(), #g:history()
  local err = expect.error(function() g:play("play elder") end)
  expect.truthy(err:find("Elder costs 4 stamina", 1, true), err)
  expect.eq(g:hash(), hash)
  expect.eq(#g:history(), played)
  g:play("play motivator")                   -- and the game goes on
  expect.eq(g.state.squirrels1:count(), 1)
end)

test("bad input: move texts that do not parse are refused", function()
  local g = start(2)
  for _, text in ipairs({
    "", "   ", "fly", "play", "play ", "play motivatorr", "play motivator with 4 coins",
    "play motivator with coins", "buy", "buy island", "buy island 9 coin", "buy island 0 coin",
    "buy island 1 gold", "buy island one coin", "buy 1 coin", "sleep now", "sleeep", "exhaust",
    "exhaust 0", "exhaust -1", "pass 2", "take island", "stash", "steal from seat 9",
    "12", "-1", "#1", "play\tmotivator\tnow", "\xff\xfe", string.rep("play motivator ", 2000),
  }) do
    refused(g, text)
  end
end)

test("bad input: an integer that is not a legal move is refused; a legal one is accepted", function()
  local g = start(2)
  expect.eq(#g:legal(), #g:moves())
  expect.integers_refused(g, { grove.move(1, 999), grove.move(1, id(g, "Elder")), grove.move(2, 9, 1),
    grove.move(4, 1), grove.move(12, 1, 1) })
  expect.eq(select(2, g:try(grove.move(1, 999))), "illegal move: play card 999")
  expect.eq(select(2, g:try(grove.move(1, id(g, "Elder")))), "illegal move: play elder")
end)

test("bad input: move texts ignore case and extra blanks", function()
  local g = start(2)
  expect.truthy(g:try("  PLAY   Motivator "))
  expect.eq(g.state.squirrels1:count(), 1)
end)

test("bad input: moves out of phase are refused (awake)", function()
  local g = start(2)
  for _, text in ipairs({ "exhaust 1", "pass", "take island 1", "stash motivator", "steal from seat 2",
    "collect 1", "refresh 1", "exhaust 1 of seat 2", "resolve motivator effect" }) do
    expect.not_now(g, text, "play a card from your hand or the Island, or sleep")
  end
end)

test("bad input: moves out of phase are refused (asleep)", function()
  local g = start(2)
  local t = g.state.squirrels1
  t:push_bottom(fetch(g, "Glider"))
  g:play("sleep")
  expect.moves(g, { "exhaust 1", "pass" })
  for _, text in ipairs({ "sleep", "play motivator", "buy island 1 coin", "take island 1" }) do
    expect.not_now(g, text, "exhaust a squirrel for a nut, or pass")
  end
  expect.breaks_rule(g, "exhaust 2", "you have squirrels 1 to 1")
end)

test("bad input: moves out of phase are refused (a choice)", function()
  local g = start(3)
  hand(g, 1, { "Sniper", "Elder" })
  g.state.stamina:set(1, 3)
  g:play("play sniper")
  expect.moves(g, { "steal from seat 2", "steal from seat 3" })
  expect.breaks_rule(g, "steal from seat 1", "not a legal move now; legal 'steal' moves now: from seat 2, from seat 3")
  for _, text in ipairs({ "sleep", "pass", "play elder", "exhaust 1" }) do
    expect.breaks_rule(g, text, "not now: a card's effect waits for your choice (Sniper: steal from a player (1 of 1))")
  end
  expect.breaks_rule(g, "take island 1", "no 'take' move is legal now; legal now: steal from seat 2, steal from seat 3")
end)

test("bad input: moves of another seat are refused", function()
  local g = start(2)
  expect.breaks_rule(g, "play digger", "you hold no Digger")  -- seat 2's card
  g:play("sleep")
  expect.eq(g:actor(), 2)
  expect.breaks_rule(g, "play elder", "you hold no Elder")    -- seat 1's card
end)

test("bad input: every move is refused once the game is over", function()
  local g = open(2)
  g:playout(1)
  expect.truthy(g:over())
  for _, text in ipairs({ "sleep", "pass", "play motivator", "exhaust 1", "buy island 1 coin" }) do
    refused(g, text)
  end
  refused(g, grove.move(3))
  expect.truthy(g:result())
end)

test("bad input: after refused moves the game plays on exactly as without them", function()
  expect.refusals_change_nothing(function() return start(2) end,
    { "play motivator", "play motivator", "sleep", "pass", "sleep", "exhaust 1" },
    { "", "play elder", "buy island 9 coin", "exhaust 7", 0 })
end)

test("bad input: a bad option is refused when the game opens", function()
  expect.error(function() games.open("squirrel", { players = 1, seed = 1, rival_nuts = -3 }) end,
    "rival_nuts")
  expect.error(function() games.open("squirrel", { players = 2, seed = 1, rival = 3 }) end, "no option")
  expect.error(function() games.open("squirrel", { players = 6, seed = 1 }) end, "1 to 5 players")
  expect.error(function() games.open("squirrel", { players = 0, seed = 1 }) end, "1 to 5 players")
end)
