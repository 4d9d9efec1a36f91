-- The checks grove.testing gives test files beside expect.eq: that each
-- passes where it should and fails, naming what is wrong, where it should.

local function logger()
  local g = games.open("logger", { players = 2, seed = 1 })
  return g
end

test("expect.breaks_rule: refused, the reason naming the move and the rule", function()
  local g = logger()
  g:play("place a1")
  expect.breaks_rule(g, "place a1", "seat 1's logger stands on a1")
  expect.error(function() expect.breaks_rule(g, "place e1", "x") end, "\"place e1\" should be refused")
  expect.error(function() expect.breaks_rule(g, "place a1", "a corner") end,
    "the reason for \"place a1\" lacks \"a corner\"")
end)

test("expect.not_now: refused with what the current phase asks", function()
  local g = logger()
  expect.not_now(g, "move a2", "place your logger on a free corner")
  local err = expect.error(function() expect.not_now(g, "move a2", "move your logger") end)
  expect.truthy(err:find("testing.lua:%d+: the reason for \"move a2\" lacks \"not now: now is the time to move your logger\""),
    "the failure names the test's line: " .. err)
end)

test("expect.integers_refused: odd integers refused as illegal moves, a legal one accepted and taken back", function()
  local g = logger()
  local hash = g:hash()
  expect.integers_refused(g, { grove.move(2, 7) })
  expect.eq(g:hash(), hash, "the legal move tried was taken back")
  expect.eq(#g:history(), 0)
end)

test("expect.refusals_change_nothing: refused moves leave the game as without them", function()
  expect.refusals_change_nothing(logger, { "place a1", "place e5", "move a2" }, { "", "chop c3", 0 })
  expect.refusals_change_nothing(logger, 3, { "fly" })
  expect.error(function() expect.refusals_change_nothing(logger, { "place a1", "place e5" }, { "place e1" }) end)
end)

test("expect.invariants_hold and expect.invariant_fires: the game's invariants(s), and what they name", function()
  local g = logger()
  expect.invariants_hold(g)
  expect.error(function() expect.invariant_fires(g, "anything") end, "the invariants should fire, naming \"anything\"")
  g.state.large:set(3)
  expect.invariant_fires(g, "large pyramids in the pool")
  expect.error(function() expect.invariants_hold(g, "after the edit") end,
    "after the edit: the invariants should hold: ")
  expect.error(function() expect.invariant_fires(g, "small pyramids") end,
    "the invariants should name \"small pyramids\", got ")
end)
