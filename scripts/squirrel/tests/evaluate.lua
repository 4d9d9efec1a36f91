-- Squirrel Island: evaluate(s), what the MCTS bot reads where it stops
-- looking ahead, reads like the final count: nuts and the stash's values,
-- then per squirrel its loops and a nut gathered asleep for each morning to
-- come and a nut it may still gather today if refreshed, then what the seat
-- holds to spend, worth more with more mornings to come and nothing to a
-- seat asleep on the last day.

local P = require "position"             -- tests/lib/position.lua

local function evaluate(g) return g.definition.evaluate(g.state) end

--- Equal but for the rounding of sums of fractions.
local function near(actual, expected)
  expect.truthy(math.abs(actual - expected) < 1e-9, string.format("%.6f, not %.6f", actual, expected))
end

-- The worths of game.lua's evaluate, in nuts.
local LOOP = { nuts = 1, coins = 1 / 3, stamina = 2 / 3 }   -- a loop, a morning
local GATHER = 1 / 2                     -- a squirrel gathering asleep, a morning
local REFRESHED = 1 / 2                  -- a refreshed squirrel, today
local TODAY = { coins = 1 / 4, stamina = 2 / 5, cards = 1 / 10 }
local A_MORNING = { coins = 1 / 4, stamina = 1 / 2, cards = 1 / 4 }

--- What a seat holds to spend, with this many mornings to come.
local function means(mornings, coins, stamina, cards)
  local function rate(what) return TODAY[what] + mornings * A_MORNING[what] end
  return coins * rate("coins") + stamina * rate("stamina") + cards * rate("cards")
end

test("evaluate: nuts, stash, the squirrels' mornings to come and today, the means", function()
  local g = P.open(2)
  local s = g.state
  near(evaluate(g)[1], means(3, 2, 3, 5))   -- day 1: 2 coins, 3 stamina, 5 cards
  near(evaluate(g)[2], means(3, 2, 3, 5))
  s.nuts:set(1, 4)
  s.stash1:push(P.fetch(g, "Hoarder"))           -- stash 2
  s.stash1:push(P.fetch(g, "Acorn Picker"))      -- stash 1
  P.squirrel(g, 1, "Elder")                      -- loops: nut, nut, stamina; refreshed
  P.squirrel(g, 1, "Motivator", true)            -- loops: stamina, coin; exhausted (collects all the same)
  local a_morning = (1 + 1 + LOOP.stamina + GATHER) + (LOOP.stamina + LOOP.coins + GATHER)
  near(evaluate(g)[1], 4 + 2 + 1 + 3 * a_morning + REFRESHED + means(3, 2, 3, 5))
  s.day.number = 4                               -- no morning left: today's gathering and means only
  near(evaluate(g)[1], 4 + 2 + 1 + REFRESHED + means(0, 2, 3, 5))
  s.mat.asleep1 = 1                              -- asleep on the last day: the means are worth nothing
  near(evaluate(g)[1], 4 + 2 + 1 + REFRESHED)
  near(evaluate(g)[2], means(0, 2, 3, 5))
end)

test("evaluate: once the game is over, the final count alone", function()
  local g = P.open(2)
  while not g:over() do g:play(g:legal()[1]) end
  local r = g:result()
  expect.eq(evaluate(g), r.scores)
end)
