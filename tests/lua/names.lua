-- A component may take the name of a State method (issue 31: 'dice' and
-- 'deck' were refused as "taken by the State"): s.NAME is the component,
-- and s:NAME(...) is still the method. Only the State's own fields
-- (players, options, narrating) are refused, naming docs/api.md.
games.add_path("tests/fixtures")

local function open(variants)
  return games.open("names", { players = 2, seed = 3, variants = variants })
end

test("names: components named dice, deck, vars, random and say are the components", function()
  local g = open()
  local s = g.state
  expect.eq(tostring(s.dice):match("^Dice"), "Dice")
  expect.eq(s.deck:count(), 12)
  expect.eq(s.vars.turns, 0)
  expect.eq(s.random:get(1), 0)
  expect.eq(s.say:get(2), 0)
  expect.eq(g:said(nil, 0), { "The deck holds 12 cards." })   -- s:say, after the pool named say
  while not g:over() do g:play("roll") end
  expect.eq(s.vars.turns, 4)
  expect.eq(s.deck:count(), 8)
  expect.eq(s.discard:count(), 4)
  expect.eq(s.say:get(1), 2)
  expect.truthy(g:said()[1]:find("^Seat 2 rolls %d+ and draws %d+%.$"), g:said()[1])
end)

test("names: the State's methods are still called through a component of their name", function()
  local g = open()
  local s = g.state
  local n = s:random(1, 6)
  expect.truthy(n >= 1 and n <= 6, n)
  expect.eq(math.type(s:hash()), "integer")
  expect.eq(#s:components(), 7)
  local ok, err = pcall(function() s:dice("late", 1, { "x" }) end)
  expect.falsy(ok)
  expect.truthy(err:find("^tests/lua/names%.lua:%d+: s:dice%('late'%): components are declared in setup only$"), err)
  ok, err = pcall(function() return s.dice(3) end)
  expect.falsy(ok)
  expect.truthy(err:find("^tests/lua/names%.lua:%d+: dice 'dice': a component is no function: call its methods "
    .. "with a colon %(dice:%a+%(%.%.%.%)%)$"), err)
  ok, err = pcall(function() return s.deck(games.open("names", { players = 2 }).state) end)
  expect.falsy(ok, "another game's State")
  expect.truthy(err:find("a component is no function", 1, true), err)
end)

test("names: the State's own fields are refused, naming the page that lists them", function()
  local ok, err = pcall(open, "reserved")
  expect.falsy(ok)
  expect.truthy(err:find("s:vars('players'), argument #1: s.players is the State's own (players, options and "
    .. "narrating are; docs/api.md, State): choose another name", 1, true), err)
  expect.truthy(err:find("names/reserved.lua:", 1, true), err)
end)
