-- Starfall Forest: bad input never changes the game. An illegal move, a
-- text that is no move at all, or a move of another phase is refused with
-- a reason, and the state, the history and the legal moves stay as they
-- were.

local SETUP = { "knock b2", "knock c2", "plant a1", "plant f6", "snake 1 b5", "snake 2 e2", "fairy c3", "fairy d4" }
local PHASE_FALL, PHASE_MOVE = 5, 7

--- A 2-player game after the setup, in seat 1's movement with a fairy, a
--- snake and a tree die.
local function start()
  local g = games.open("starfall", { players = 2, seed = 1 })
  for _, m in ipairs(SETUP) do g:play(m) end
  local s = g.state
  for die, face in ipairs({ "fairy", "snake", "tree", "star", "shooting" }) do
    s.cup:set_value(die, face)
    s.cup:set_aside(die, false)
  end
  s.roll.fairy, s.roll.snake, s.roll.tree = 1, 1, 1
  s.turn.seat, s.turn.phase = 1, PHASE_MOVE
  return g
end

-- g:try(move) must fail and leave everything as it was (grove.testing's
-- expect.refused); expect.breaks_rule also wants the reason to name the move
-- and the rule it breaks (the game's why(s, text)), expect.not_now what the
-- phase asks.
local refused = expect.refused

test("bad input: an illegal move is refused with a reason and changes nothing", function()
  local g = start()
  expect.breaks_rule(g, "fairy e5", "e5 is not next to your fairy at c3: a step goes along one path")
  expect.breaks_rule(g, "fairy c3", "a step goes to another tree; your fairy is at c3")
  expect.breaks_rule(g, "snake 1 d4", "snake 1 is at b5: a step goes to a neighbouring tree or path")
  expect.not_now(g, "star e5", "move your fairy or snakes")
end)

test("bad input: a fairy step refused for a snake, a spent die, a laid-down fairy", function()
  local g = start()
  g.state.forest:add(2 * 6 + 4, "snakes", 1)       -- a snake at d3 (node (rank - 1) * 6 + file)
  expect.breaks_rule(g, "fairy d3", "a snake is at d3")
  g.state.roll.fairy, g.state.roll.tree = 0, 0
  expect.breaks_rule(g, "fairy c4", "no fairy or tree die is left to pay a step")
  g.state.roll.fairy = 1
  g.state.fairy_state:set(1, 2)
  expect.breaks_rule(g, "fairy c4", "your fairy lies down until a falling star revives it")
end)

test("bad input: g:play raises on an illegal move and the game is untouched", function()
  local g = start()
  local hash, played = g:hash(), #g:history()
  local err = expect.error(function() g:play("fairy f6") end)
  expect.truthy(err:find("f6 is not next to your fairy at c3", 1, true), err)
  expect.eq(g:hash(), hash)
  expect.eq(#g:history(), played)
  g:play("fairy c4")                     -- and the game goes on
  expect.eq(g.state.fairy_at:get(1), 3 * 6 + 3)
end)

test("bad input: texts that name no point, snake or path are refused with the reason", function()
  local g = start()
  local cases = {
    { "fairy z9", "no point 'z9' in this forest (a1 to f6)" },
    { "fairy g1", "no point 'g1'" },
    { "fairy c7", "no point 'c7'" },
    { "fairy c", "no point 'c'" },
    { "snake 3 c3", "no snake 3 (snakes 1 to 2)" },
    { "snake 0 c3", "no snake 0" },
    { "snake x c3", "a snake move reads 'snake 2 c3' or 'snake 2 b2-c2'" },
    { "snake 1", "a snake move reads" },
    { "snake 1 c3-e5", "no path between c3 and e5" },
    { "snake 1 c3-z1", "no point 'z1'" },
    { "snake 1 a6-b6", "no path between a6 and b6" },       -- points with no tree
    { "snake 1 b5 c5", "too many words" },
    { "end now", "'end' takes nothing after it" },
    { "fairy", "'fairy' needs one point, as in 'fairy c3'" },
    { "knock c3 d3", "'knock' needs one point" },
    { "fly c3", "'fly' is no move" },
    { "12", "'12' is no move" },
  }
  for _, case in ipairs(cases) do
    local why = refused(g, case[1])
    expect.truthy(why:find(case[2], 1, true), string.format("%q: %s", case[1], why))
  end
end)

test("bad input: odd texts are refused and crash nothing", function()
  local g = start()
  for _, text in ipairs({ "", "   ", "\t", "-1", "#1", "fairy\tc", "\xff\xfe", "snake -1 c3", "snake 1.5 c3",
    "snake 99999999999999999999 c3", "snake 1 -", "snake 1 c3-", "snake 1 -c3", "snake 1 c3--d3",
    string.rep("fairy c4 ", 2000), string.rep("x", 5000) }) do
    refused(g, text)
  end
end)

test("bad input: an integer that is not a legal move is refused; a legal one is accepted", function()
  local g = start()
  expect.eq(#g:legal(), #g:moves())
  expect.integers_refused(g)
end)

test("bad input: move texts ignore case and extra blanks", function()
  local g = start()
  expect.truthy(g:try("  FAIRY   C4 "))
  expect.eq(g.state.fairy_at:get(1), 3 * 6 + 3)
  expect.truthy(g:try("Snake 1   C5"))
  expect.eq(g.state.snake_at:get(1), 4 * 6 + 3)
end)

test("bad input: in setup, another seat's snake and out-of-round moves are refused", function()
  local g = games.open("starfall", { players = 2, seed = 1 })
  for _, text in ipairs({ "plant a1", "snake 1 c3", "fairy c3", "star c3", "end" }) do
    expect.not_now(g, text, "knock down a standing tree")
  end
  g:play("knock b2")
  expect.breaks_rule(g, "knock b2", "the tree on b2 is knocked down already")
  g:play("knock c2")
  expect.breaks_rule(g, "plant c3", "a tree stands on c3 already")
  expect.breaks_rule(g, "plant a6", "a new tree goes next to the forest, on a point beside a tree")
  expect.not_now(g, "knock d3", "plant a tree next to the forest")
  expect.not_now(g, "snake 1 c3", "plant a tree next to the forest")
  g:play("plant a1")
  g:play("plant f6")
  expect.breaks_rule(g, "snake 2 c3", "you place your own snake, snake 1")
  expect.not_now(g, "fairy c3", "place your snake")
  g:play("snake 1 c3")
  g:play("snake 2 d4")
  expect.breaks_rule(g, "fairy c3", "a snake is at c3: a fairy starts on a tree without one")
  expect.breaks_rule(g, "fairy b2", "a fairy starts on a standing tree; b2 is knocked down")
  expect.not_now(g, "snake 1 d3", "place your fairy")
end)

test("bad input: while a star falls only `star` moves are legal", function()
  local g = start()
  g.state.turn.phase = PHASE_FALL
  for die = 1, 5 do g.state.cup:set_value(die, "star"); g.state.cup:set_aside(die) end
  for _, text in ipairs({ "end", "fairy c4", "snake 1 c5", "knock c3", "plant a2" }) do
    expect.not_now(g, text, "choose the tree the star falls on")
  end
  expect.breaks_rule(g, "star c3", "a fairy is at c3: a star falls where there is none")
  expect.breaks_rule(g, "star d4", "a fairy is at d4")
  expect.breaks_rule(g, "star c4", "a star falls at least 2 path steps from your fairy at c3")
  expect.truthy(g:try("star b5"))
end)

test("bad input: while moving, setup moves and stars are refused", function()
  local g = start()
  for _, text in ipairs({ "knock c3", "plant a2", "star b5" }) do expect.not_now(g, text, "move your fairy or snakes") end
  expect.breaks_rule(g, "fairy a1", "a1 is not next to your fairy at c3")
end)

test("bad input: every move is refused once the game is over", function()
  local g = games.open("starfall", { players = 2, seed = 1 })
  g:playout(1)
  expect.truthy(g:over())
  for _, text in ipairs({ "end", "fairy c3", "snake 1 c3", "star c3", "knock c3" }) do refused(g, text) end
  refused(g, 1)
  expect.truthy(g:result())
end)

test("bad input: after refused moves the game plays on exactly as without them", function()
  expect.refusals_change_nothing(start, { "fairy c4", "snake 2 e3", "end" },
    { "", "fairy z9", "star c3", "snake 7 c3", "end now", 0 })
end)
