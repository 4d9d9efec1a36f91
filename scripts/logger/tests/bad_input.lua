-- Logger: bad input never changes the game. An illegal move, a text that
-- is no move at all, or a move of another phase is refused with a reason
-- (the game's why(s, text): the rule the move breaks), and the state, the
-- history and the legal moves stay as they were.

local CORNERS = { "a1", "e5", "a5", "e1" }

local function start(players)
  local g = games.open("logger", { players = players or 2, seed = 1 })
  for seat = 1, (players or 2) do g:play("place " .. CORNERS[seat]) end
  return g
end

-- g:try(move) must fail and leave everything as it was (grove.testing's
-- expect.refused); expect.breaks_rule also wants the reason to name the move
-- and the rule, expect.not_now what the phase asks.
local refused = expect.refused

test("bad input: an illegal move is refused with a reason and changes nothing", function()
  local g = start(2)
  expect.breaks_rule(g, "move a4", "a4 is 3 squares from your logger on a1: it moves at most 2, no diagonals")
  expect.breaks_rule(g, "move e5", "seat 2's logger stands on e5")
  expect.breaks_rule(g, "move b4", "b4 is 4 squares from your logger")
end)

test("bad input: the reason is the rule the move breaks", function()
  local g = start(2)
  g.state.board:set("b1", "tree", 1)
  g.state.board:set("a2", "tree", 1)
  g.state.board:set("a3", "tree", 1)
  g.state.board:set("b2", "tree", 1)
  expect.eq(select(2, g:try("move c1")), "'move c1': no way to c1 in 2 steps through empty squares")
  g.state.board:set("c1", "tree", 1)
  g.state.board:set("c2", "tree", 1)
  expect.eq(select(2, g:try("move d1")), "'move d1': d1 is 3 squares from your logger on a1: it moves at most 2, no diagonals")
  expect.eq(select(2, g:try("chop c1")), "'chop c1': not now: now is the time to move your logger up to two squares")
end)

test("bad input: g:play raises on an illegal move and the game is untouched", function()
  local g = start(2)
  local hash, played = g:hash(), #g:history()
  local err = expect.error(function() g:play("move c3") end)   -- the c3 seedling
  expect.truthy(err:find("c3 holds a tree: a logger walks only on empty squares", 1, true), err)
  expect.eq(g:hash(), hash)
  expect.eq(#g:history(), played)
  g:play("move a2")                  -- and the game goes on
  expect.eq(g.state.board:get("a2", "logger"), 1)
end)

test("bad input: move texts that do not parse are refused", function()
  local g = start(2)
  for _, text in ipairs({
    "", "   ", "fly", "move", "move z9", "move a6", "move a0", "move aa1", "move a1 a2",
    "chop", "plant", "place", "protest", "spawn", "stop now", "12", "-1", "#1",
    "move\ta", "\xff\xfe", string.rep("move a2 ", 2000),
  }) do
    refused(g, text)
  end
end)

test("bad input: an integer that is not a legal move is refused; a legal one is accepted", function()
  local g = start(2)
  expect.eq(#g:legal(), #g:moves())
  expect.integers_refused(g)
end)

test("bad input: move texts ignore case and extra blanks", function()
  local g = start(2)
  expect.truthy(g:try("  MOVE   A2 "))
  expect.eq(g.state.board:get("a2", "logger"), 1)
end)

test("bad input: a move of another seat is refused", function()
  local g = start(2)
  expect.breaks_rule(g, "move e4", "e4 is 7 squares from your logger")   -- seat 2's logger could go there
  local g3 = games.open("logger", { players = 3, seed = 1 })
  g3:play("place a1")
  expect.breaks_rule(g3, "place a1", "seat 1's logger stands on a1")
end)

test("bad input: moves out of phase are refused (setup)", function()
  local g = games.open("logger", { players = 2, seed = 1 })
  for _, text in ipairs({ "move a2", "plant b1", "chop c3", "protest c3", "spawn b3" }) do
    expect.not_now(g, text, "place your logger on a free corner")
  end
  expect.breaks_rule(g, "stop", "stop ends a series of protests")
  expect.breaks_rule(g, "place b2", "b2 is no corner: a logger starts on a1, e1, a5 or e5")
end)

test("bad input: moves out of phase are refused (movement)", function()
  local g = start(2)
  for _, text in ipairs({ "place e1", "plant a2", "spawn a2", "protest c3", "chop b1" }) do
    expect.not_now(g, text, "move your logger up to two squares")
  end
  expect.breaks_rule(g, "stop", "stop ends a series of protests")
end)

test("bad input: moves out of phase are refused (spawn)", function()
  local g = start(2)
  g.state.board:set("c3", "tree", 0)     -- pieces do not matter here
  g.state.board:set("a3", "tree", 3)
  g:play("move a1")
  expect.moves(g, { "spawn a2", "spawn a4", "spawn b3" })
  for _, text in ipairs({ "move a1", "move a2", "plant a2", "protest a3", "place e1" }) do
    expect.not_now(g, text, "choose where the tree marked * spawns its seedling")
  end
  expect.breaks_rule(g, "spawn c3", "the seedling lands next to the spawning tree on a3")
end)

test("bad input: moves out of phase are refused (action)", function()
  local g = start(2)
  g:play("move a1")
  expect.eq(g:actor(), 1)
  for _, text in ipairs({ "move a1", "move a2", "spawn a2", "place e1" }) do
    expect.not_now(g, text, "plant, protest or chop")
  end
  expect.breaks_rule(g, "plant c4", "you plant next to your logger, on a1")
  expect.breaks_rule(g, "chop a2", "only a mature tree is chopped; a2 holds none")
  expect.breaks_rule(g, "protest c3", "a protester goes on a mature tree; c3 holds none")
end)

test("bad input: moves out of phase are refused (after a protest)", function()
  local g = start(2)
  g.state.board:set("c3", "tree", 3)
  g.state.board:set("e3", "tree", 3)
  g:play("move a1")
  g:play("protest c3")
  expect.moves(g, { "protest e3", "stop" })
  expect.breaks_rule(g, "protest c3", "c3 already has a protester")
  for _, text in ipairs({ "plant a2", "move a1", "spawn a2", "chop b1" }) do
    expect.not_now(g, text, "place another protester, or stop")
  end
end)

test("bad input: every move is refused once the game is over", function()
  local g = games.open("logger", { players = 2, seed = 1 })
  g:playout(1)
  expect.truthy(g:over())
  for _, text in ipairs({ "move a1", "stop", "place a1", "plant a2" }) do refused(g, text) end
  refused(g, 1)
  expect.truthy(g:result())
end)

test("bad input: after refused moves the game plays on exactly as without them", function()
  expect.refusals_change_nothing(function() return start(2) end, { "move b1", "plant c1", "move e3", "plant d3" },
    { "", "move z9", "chop c3", "stop", 0 })
end)
