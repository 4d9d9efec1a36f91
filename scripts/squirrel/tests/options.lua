-- Squirrel Island's options (README, "Options"): each number a designer may
-- change from the command line (--set NAME=VALUE) changes the rule it
-- names, and its default is the rule text's number.

local P = require "position"             -- tests/lib/position.lua
local hand, island, set, counters, has_move = P.hand, P.island, P.set, P.counters, P.has_move

local function open(options)
  options.players = options.players or 2
  options.seed = options.seed or 1
  return games.open("squirrel", options)
end

--- Everybody goes to sleep passing until the day changes or the game ends.
local function sleep_all(g)
  local day = g.state.day.number
  while not g:over() and g.state.day.number == day do
    g:play(has_move(g, "sleep") and "sleep" or "pass")
  end
end

test("options: the defaults are the rule text's numbers", function()
  local o = open({}).state.options
  expect.eq({ o.days, o.stamina_max, o.coins_per_stamina, o.island_extra, o.first_stamina, o.first_coins,
    o.first_cards, o.rival_nuts }, { 4, 5, 3, 1, 3, 2, 5, 25 })
end)

test("option days: the game ends when everybody sleeps on that day", function()
  local g = open { days = 2 }
  sleep_all(g)
  expect.falsy(g:over())
  sleep_all(g)
  expect.truthy(g:over(), "over after day 2")
  expect.eq(g.state.day.number, 2)
  expect.truthy(g:render():find("day 2 of 2", 1, true))
  local plain = open {}
  sleep_all(plain)
  sleep_all(plain)
  expect.falsy(plain:over(), "4 days under the rule text")
end)

test("option stamina_max: stamina stops there, each stamina above it a nut", function()
  local g = open { stamina_max = 3 }
  hand(g, 1, { "Trail Mix" })                -- play: gain 2 stamina
  set(g, 1, { stamina = 2, coins = 1, nuts = 0 })
  g:play("play trail mix")
  expect.eq(counters(g, 1), { nuts = 1, coins = 0, stamina = 3 })
  local plain = open {}
  hand(plain, 1, { "Trail Mix" })
  set(plain, 1, { stamina = 2, coins = 1, nuts = 0 })
  plain:play("play trail mix")
  expect.eq(counters(plain, 1), { nuts = 0, coins = 0, stamina = 4 })
end)

test("option coins_per_stamina: that many coins pay for 1 stamina", function()
  local g = open { coins_per_stamina = 2 }
  hand(g, 1, { "Elder" })                    -- 4 stamina
  set(g, 1, { stamina = 2, coins = 4 })
  expect.legal(g, "play elder with 4 coins")
  g:play("play elder with 4 coins")
  expect.eq(counters(g, 1), { nuts = 2, coins = 0, stamina = 0 })
  local plain = open {}
  hand(plain, 1, { "Elder" })
  set(plain, 1, { stamina = 2, coins = 4 })
  expect.illegal(plain, "play elder with 4 coins")
  expect.illegal(plain, "play elder with 6 coins")   -- 3 coins a stamina: 4 coins pay for 1
end)

test("option island_extra: the extra cost of an Island card", function()
  local g = open { island_extra = 2 }
  island(g, 2, "Nut Sack")                   -- 2 coins
  hand(g, 1, {})
  set(g, 1, { stamina = 3, coins = 3 })
  expect.illegal(g, "buy island 2 coin")     -- 2 + 2 coins: 3 is not enough
  g:play("buy island 2 stamina")
  expect.eq(counters(g, 1), { nuts = 2, coins = 1, stamina = 1 })
  g = open { island_extra = 0 }
  island(g, 2, "Nut Sack")
  set(g, 1, { stamina = 3, coins = 2 })
  g:play("buy island 2 coin")
  expect.eq(counters(g, 1), { nuts = 2, coins = 0, stamina = 3 })
end)

test("options first_stamina, first_coins, first_cards: the first morning", function()
  local g = open { first_stamina = 4, first_coins = 5, first_cards = 3, players = 3 }
  for seat = 1, 3 do
    expect.eq(counters(g, seat), { nuts = 0, coins = 5, stamina = 4 }, "seat " .. seat)
    expect.eq(g.state["hand" .. seat]:count(), 3)
  end
  expect.eq(g.state.draw_pile:count(), 61 - 3 * 3 - 4)
  g = open { first_stamina = 7 }
  expect.eq(counters(g, 1).stamina, 5, "never above stamina_max")
end)

test("option rival_nuts: the solo rival starts with them", function()
  local g = open { players = 1, rival_nuts = 40 }
  expect.eq(g.state.rival_nuts:get(), 40)
  expect.eq(open({ players = 1 }).state.rival_nuts:get(), 25)
end)

test("options: each takes its least and its most value; one past either end is refused", function()
  local RANGES = {                       -- name, least, most, and the game it needs
    { "days", 1, 4 }, { "stamina_max", 1, 9 }, { "coins_per_stamina", 1, 9 }, { "island_extra", 0, 9 },
    { "first_stamina", 0, 9 }, { "first_coins", 0, 99 }, { "first_cards", 0, 10 },
    { "rival_nuts", 0, 999, { players = 1 } },
  }
  for _, row in ipairs(RANGES) do expect.option_range("squirrel", row[1], row[2], row[3], row[4]) end
end)

test("players: 1 to 5, 2 when the count is not given", function()
  expect.eq(games.open("squirrel", { seed = 1 }).players, 2)
  for _, n in ipairs({ 1, 5 }) do expect.eq(games.open("squirrel", { players = n, seed = 1 }).players, n) end
  for _, n in ipairs({ 0, 6 }) do
    expect.error(function() games.open("squirrel", { players = n, seed = 1 }) end,
      string.format("squirrel is played by 1 to 5 players, not %d", n))
  end
end)
