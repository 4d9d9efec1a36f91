-- How a component's errors read: one voice for every kind, naming the
-- component, its method, the argument and what is wrong, at the line of the
-- script that made the call (host/lua/bind.h, bind_error). Each call that
-- fails is written on a line of its own, so the expected text names it.
games.add_path("tests/fixtures")

local function open()
  return games.open("allkinds", { players = 2, seed = 1 })
end

--- The whole message of what f raises, checking that it changed nothing.
local function raised(g, f)
  local hash = g:hash()
  local ok, err = pcall(f)
  expect.falsy(ok, "no error")
  expect.eq(g:hash(), hash, "a failing call changed the state")
  return err
end

local HERE = "tests/lua/errors.lua:"

test("errors: a value error of each component names it, the method, the argument and the line", function()
  local g = open()
  local s = g.state
  expect.eq(raised(g, function()
    s.board:get("z9", "tree")
  end), HERE .. "26: grid 'board':get, argument #1: no cell 'z9' (a1..c3)")
  expect.eq(raised(g, function()
    s.tiles:set_side("0,0", "water", "up", 1)
  end), HERE .. "29: hex 'tiles':set_side, argument #3: no direction 'up' (e se sw w nw ne, or 1..6)")
  expect.eq(raised(g, function()
    s.map:edge_get(1, "road")
  end), HERE .. "32: graph 'map':edge_get, argument #1: no edge 1 (it was removed or never added)")
  expect.eq(raised(g, function()
    s.pile:insert(2, 7)
  end), HERE .. "35: deck 'pile':insert, argument #1: no position 2 (1..1, 1 = top)")
  expect.eq(raised(g, function()
    s.cup:set_value(1, "moon")
  end), HERE .. "38: dice 'cup':set_value, argument #2: no symbol 'moon' (symbols: star, snake)")
  expect.eq(raised(g, function()
    s.score:take(2, 1)
  end), HERE .. "41: pool 'score':take, argument #2: cannot take 1: seat 2 holds 0 (minimum 0)")
  expect.eq(raised(g, function()
    return s.play.phsae
  end), HERE .. "44: vars 'play': no var 'phsae' (declare it in setup: s:vars(name, {...}))")
  expect.eq(raised(g, function()
    s:random(6, 1)
  end), HERE .. "47: s:random, argument #1: the interval 6..1 is empty")
end)

test("errors: what is wrong with the zone rather than an argument names no argument", function()
  local g = open()
  local s = g.state
  expect.eq(raised(g, function()
    s.pile:draw()
  end), HERE .. "55: deck 'pile':draw: the deck is empty")
  for card = 1, 4 do s.pile:push(card) end
  expect.eq(raised(g, function()
    s.pile:push(5)
  end), HERE .. "59: deck 'pile':push: the deck is full (capacity 4)")
  -- a count left to its default is no argument the script wrote
  expect.eq(raised(g, function()
    s.pile:deal(s.pile, 5)
  end), HERE .. "63: deck 'pile':deal, argument #2: cannot deal 5: the deck holds 4 cards")
end)

test("errors: every binding checks a seat with the same words", function()
  local g = open()
  local s = g.state
  expect.eq(raised(g, function()
    s.pile:visible_to(3)
  end), HERE .. "71: deck 'pile':visible_to, argument #1: no seat 3 (1..2, or 0 for an onlooker)")
  expect.eq(raised(g, function()
    s.score:add(0, 1)
  end), HERE .. "74: pool 'score':add, argument #1: no seat 0 (1..2)")
  expect.eq(raised(g, function()
    s.score:get(3)
  end), HERE .. "77: pool 'score':get, argument #1: no seat 3 (1..2)")
end)

test("errors: a method called through pcall or with a dot is still named", function()
  local g = open()
  local s = g.state
  local ok, err = pcall(s.pile.take, s.pile, 1)
  expect.falsy(ok)
  expect.eq(err, "deck 'pile':take: the deck is empty")        -- pcall is C: no line to name
  expect.eq(raised(g, function()
    s.board.step(s.board, "a1", 9)
  end), HERE .. "88: grid 'board':step, argument #2: no direction 9 (1..8: n e s w ne se sw nw)")
end)
