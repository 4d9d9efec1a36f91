-- game:odds (host/engine/odds.c): the share of samples where a condition
-- holds some moves ahead, over what the viewer cannot see and chance. Each
-- exact case has odds known in advance (a fair coin, a uniformly random
-- move, a card among the cards a seat cannot see) and checks that they lie
-- inside the 95% interval; the samples are seeded, so a case passes or
-- fails the same way every run.
games.add_path("tests/fixtures")

-- share, low, high, samples of g:odds(...), and the known odds inside the interval
local function within(g, condition, opts, known)
  local share, low, high, n = g:odds(condition, opts)
  expect.truthy(low <= known and known <= high,
    string.format("%s: %.4f outside %.4f (%.4f-%.4f) over %d samples", condition, known, share, low, high, n))
  return share, low, high, n
end

-- C(n, k)
local function choose(n, k)
  if k < 0 or k > n then return 0 end
  local c = 1
  for i = 1, k do c = c * (n - k + i) / i end
  return c
end

-- The cards seat `viewer` cannot see, by card: how many copies of each.
local function unseen(g, viewer)
  local s, copies = g.state, {}
  for _, c in ipairs(s:components()) do
    if c.kind == "deck" and not s[c.name]:visible_to(viewer) then
      for _, card in ipairs({ s[c.name]:cards() }) do copies[card] = (copies[card] or 0) + 1 end
    end
  end
  return copies
end

-- The chance that a hand of k cards dealt from the n unseen cards holds a
-- copy of a card there are m of.
local function holds(n, m, k)
  return 1 - choose(n - m, k) / choose(n, k)
end

local function total(copies)
  local n = 0
  for _, m in pairs(copies) do n = n + m end
  return n
end

test("odds: a fair coin flipped on the next move comes up heads half the time", function()
  local g = games.open("coinflip", { players = 2, seed = 4 })
  local share, low, high, n = within(g, "winner == 1", { moves = 1, samples = 2000 }, 0.5)
  expect.eq(n, 2000)
  expect.truthy(share > 0.4 and share < 0.6 and low < share and share < high)
  within(g, "winner == 2", { moves = "end", samples = 2000 }, 0.5)
  within(g, "winner == 1", { moves = "turn", samples = 2000 }, 0.5)
  -- no move ahead: nobody has won yet
  expect.eq(g:odds("winner == nil and result == nil and played == 0", { moves = 0, samples = 50 }), 1.0)
end)

test("odds: without samples, until the interval is within 0.02 either side", function()
  local g = games.open("coinflip", { players = 2 })
  local _, low, high, n = within(g, "winner == 1", { moves = 1 }, 0.5)
  expect.truthy((high - low) / 2 <= 0.02, string.format("half-width %.4f", (high - low) / 2))
  expect.truthy(n >= 100 and n <= 10000, n .. " samples")
  -- a condition that never holds is settled sooner: at the least, 100 samples
  local share, low0, high0, n0 = g:odds("false")
  expect.eq({ share, low0, n0 }, { 0.0, 0.0, 100 })
  expect.truthy(high0 > 0.03 and high0 < 0.04, "the upper bound of none in 100: " .. high0)
  local share1, low1, high1 = g:odds("true", { samples = 100 })
  expect.eq({ share1, high1 }, { 1.0, 1.0 })
  expect.truthy(low1 > 0.96 and low1 < 0.97, "the lower bound of all in 100: " .. low1)
end)

test("odds: random play picks each legal move alike (race: a step of 1 or 2)", function()
  local g = games.open("race", { players = 2 })
  within(g, "s.at:get(1) == 2", { moves = 1, samples = 2000 }, 0.5)
  -- two moves: seat 1 then seat 2, each 1 or 2
  within(g, "s.at:get(1) + s.at:get(2) == 4", { moves = 2, samples = 2000 }, 0.25)
  -- the turn: race keeps no grove.turns vars, so it ends when the seat to play changes
  expect.eq(g:odds("played == 1", { samples = 50 }), 1.0)
end)

test("odds: the same question, the same answer; another seed, other samples", function()
  local g = games.open("race", { players = 2 })
  local a = { g:odds("winner == 1", { moves = "end", samples = 300 }) }
  expect.eq({ g:odds("winner == 1", { moves = "end", samples = 300 }) }, a)
  local others = 0
  for seed = 1, 5 do
    local b = g:odds("winner == 1", { moves = "end", samples = 300, seed = seed })
    if b ~= a[1] then others = others + 1 end
  end
  expect.truthy(others > 0, "five seeds gave the same share")
end)

test("odds: another bot plays every seat (greedy, mcts)", function()
  local g = games.open("race", { players = 2, seed = 3 })
  local random = g:odds("winner == 1", { moves = "end", samples = 200 })
  local mcts = g:odds("winner == 1", { moves = "end", samples = 20, bot = "mcts:40" })
  local greedy, _, _, n = g:odds("winner == 1", { moves = "end", samples = 40, bot = "greedy" })
  expect.eq(n, 40)
  for _, v in ipairs({ random, mcts, greedy }) do expect.truthy(v >= 0 and v <= 1) end
  expect.error(function() g:odds("true", { bot = "genius" }) end, "odds: unknown bot 'genius'")
end)

test("odds: a condition that is no Lua, fails or gives no boolean is an error, the game untouched", function()
  local g = games.open("race", { players = 2 })
  g:play("step 2")
  local hash, played = g:hash(), #g:history()
  expect.error(function() g:odds("s.at:get(1 >= 2") end,
    "odds: the condition 's.at:get(1 >= 2' is no Lua: condition:1: ')' expected near")
  expect.error(function() g:odds("s.nothing:get(1) == 1", { moves = 1 }) end,
    "odds: the condition 's.nothing:get(1) == 1' fails in sample 1: condition:1: attempt to index a nil value "
    .. "(field 'nothing')")
  expect.error(function() g:odds("played == 1 and error('no such rule')", { moves = 1 }) end,
    "fails in sample 1: condition:1: no such rule")
  expect.error(function() g:odds("s.at:get(1)") end,
    "odds: the condition 's.at:get(1)' gives a number in sample 1, not true or false")
  -- a condition that changes its sample changes nothing of the game
  expect.eq(g:odds("s.at:add(1, 5) ~= false and s.at:get(1) >= 7", { moves = 1, samples = 20 }), 1.0)
  -- nor does one stopped by the budget
  expect.error(function() g:odds("(function() while true do end end)()") end, "instruction budget")
  expect.eq(g:hash(), hash, "the game changed")
  expect.eq(#g:history(), played)
  expect.eq(g:actor(), 2)
  g:play("step 1")
end)

test("odds: the options are checked", function()
  local g = games.open("race", { players = 2 })
  expect.error(function() g:odds("true", { moves = "later" }) end,
    'odds: moves = later: give a number of moves (0..10000), "turn" or "end"')
  expect.error(function() g:odds("true", { moves = -1 }) end, "odds: moves = -1")
  expect.error(function() g:odds("true", { samples = 0 }) end, "odds: samples = 0: give a whole number from 1")
  expect.error(function() g:odds("true", { viewer = 3 }) end, "odds: viewer = 3: no seat (1..2, or 0 for an onlooker)")
  expect.error(function() g:odds("true", { sample = 5 }) end,
    "odds: no option 'sample' (moves, samples, bot, viewer, seed)")
end)

test("odds: to the end, every sample plays the game out", function()
  local g = games.open("race", { players = 2 })
  -- a race to 12 in steps of 1 or 2 takes 11 to 23 moves
  expect.eq(g:odds("played >= 11 and played <= 23 and result ~= nil", { moves = "end", samples = 50 }), 1.0)
end)

test("odds: a game with no end in sight, or a rule that fails in a sample, is an error", function()
  local g = games.open("misbehave", { players = 1, only = 1 })      -- "fine" for ever
  expect.error(function() g:odds("true", { moves = "end", samples = 2 }) end,
    "odds: sample 1: the game did not end within 10000 moves")
  expect.error(function() g:odds("true", { samples = 2 }) end, "the turn did not end within 10000 moves")
  expect.eq(g:odds("true", { moves = 50, samples = 2 }), 1.0)
  local bad = games.open("misbehave", { players = 1, only = 2 })     -- "error": apply raises
  local hash = bad:hash()
  expect.error(function() bad:odds("true", { moves = 1 }) end,
    "odds: sample 1, its move 1: apply: scripts/misbehave/game.lua:18: no tree at c3")
  expect.error(function() bad:odds("true", { moves = 1, bot = "greedy" }) end, "no tree at c3")
  expect.eq(bad:hash(), hash)
  expect.eq(bad.state.play.count, 0)
end)

-- Hidden information: each sample re-deals what the viewer cannot see, so
-- the answer depends on what it sees, never on where the hidden cards are.

test("odds: a seat's odds do not depend on the cards it cannot see", function()
  local a = games.open("onceupon", { players = 2, seed = 6 })
  for _ = 1, 6 do a:play(a:legal()[1]) end         -- both seats draw their first hands
  local b = games.open("onceupon", { players = 2, seed = 6 })
  for _ = 1, 6 do b:play(b:legal()[1]) end
  b:redeal(1, 99)                                   -- what seat 1 cannot see, dealt anew
  expect.ne(a:hash(), b:hash(), "the re-deal changed nothing")
  expect.eq(a:render(1), b:render(1), "seat 1 sees another game")
  -- a card seat 2 really holds in a, not in b
  local card
  for _, c in ipairs({ a.state.hand2:cards() }) do
    if not b.state.hand2:find(c) then card = c end
  end
  expect.truthy(card, "the re-deal left seat 2's hand as it was")
  local cond = "s.hand2:find(" .. card .. ") ~= nil"
  for _, moves in ipairs({ 0, 2, "turn" }) do
    local pa = { a:odds(cond, { moves = moves, viewer = 1, samples = 300 }) }
    local pb = { b:odds(cond, { moves = moves, viewer = 1, samples = 300 }) }
    expect.eq(pa, pb, "seat 1's odds " .. tostring(moves) .. " moves ahead")
  end
  -- seat 2 sees its own hand: there the real cards count
  expect.eq(a:odds(cond, { moves = 0, viewer = 2, samples = 50 }), 1.0)
  expect.eq(b:odds(cond, { moves = 0, viewer = 2, samples = 50 }), 0.0)
  -- the viewer by default is the seat to play (seat 1 here)
  expect.eq({ a:odds(cond, { moves = 0, samples = 300 }) }, { a:odds(cond, { moves = 0, viewer = 1, samples = 300 }) })
end)

-- One exact case per game of the five: odds known in advance inside the interval.

test("odds: logger: the first logger goes on a1 a quarter of the time (4 corners, random play)", function()
  local g = games.open("logger", { players = 2, seed = 2 })
  within(g, "s.board:get('a1', 'logger') == 1", { moves = 1, samples = 2000 }, 0.25)
  within(g, "s.board:get('a1', 'logger') ~= 0", { moves = 2, samples = 2000 }, 0.5)
end)

test("odds: starfall: the first tree knocked is b2 one time in 16", function()
  local g = games.open("starfall", { players = 2, seed = 2 })
  expect.eq(#g:legal(), 16)
  g:play("knock b2")
  local b2                                          -- the point b2 is: the one knocked down
  for _, point in ipairs({ g.state.forest:nodes() }) do
    if g.state.forest:get(point, "tree") == 2 then b2 = point end
  end
  g:undo()
  within(g, "s.forest:get(" .. b2 .. ", 'tree') == 2", { moves = 1, samples = 3000 }, 1 / 16)
end)

test("odds: squirrel: seat 2 holds a card as often as a hand of 5 from the cards seat 1 cannot see", function()
  local g = games.open("squirrel", { players = 2, seed = 3 })
  local card = g.state.hand2:peek(1)
  local copies = unseen(g, 1)
  within(g, "s.hand2:find(" .. card .. ") ~= nil", { moves = 0, viewer = 1, samples = 3000 },
    holds(total(copies), copies[card], 5))
end)

test("odds: flooded: seat 3 holds a tile as often as a hand of 3 from the tiles seat 1 cannot see", function()
  local g = games.open("flooded", { players = 3, seed = 3 })
  local tile = g.state.hand3:peek(1)
  local copies = unseen(g, 1)
  within(g, "s.hand3:find(" .. tile .. ") ~= nil", { moves = 0, viewer = 1, samples = 3000 },
    holds(total(copies), copies[tile], 3))
end)

test("odds: onceupon: the first card drawn, from a pile whose level seat 1 sees", function()
  local g = games.open("onceupon", { players = 2, seed = 5 })
  local s = g.state
  -- random play draws from one of the 5 piles alike; its top card is any of
  -- the cards seat 1 cannot see with the level (back) that top shows
  local card = s.pile1:peek(1)
  local copies, back = unseen(g, 1), s:back(card)
  local same_back = 0
  for c, m in pairs(copies) do
    if s:back(c) == back then same_back = same_back + m end
  end
  local known = 0
  for p = 1, 5 do
    if s:back(s["pile" .. p]:peek(1)) == back then known = known + 1 / 5 * copies[card] / same_back end
  end
  within(g, "s.hand1:find(" .. card .. ") ~= nil", { moves = 1, viewer = 1, samples = 3000 }, known)
end)
