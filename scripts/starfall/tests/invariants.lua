-- Starfall Forest: the definition's invariants(s) (game.lua, "What the
-- rules keep true"). They hold in a game as played; each test here breaks
-- the state by hand in one way and checks that invariants names it.

local WIDTH = { [2] = 6, [3] = 7, [4] = 7 }
local NOT_PLACED, LAID_DOWN, HOME = 0, 2, 3
local STANDING, KNOCKED_DOWN = 1, 2
local SETUP = { "knock b2", "knock c2", "plant a1", "plant f6", "snake 1 b5", "snake 2 e2", "fairy c3", "fairy d4" }

local function node(g, name)
  return (tonumber(name:sub(2)) - 1) * WIDTH[g.state.players] + name:byte(1) - 96
end

local SETUP3 = { "knock b2", "knock c2", "knock d2", "plant a1", "plant g5", "plant a5",
  "snake 1 b5", "snake 2 f2", "snake 3 f5", "fairy c3", "fairy d4", "fairy e3" }

--- A 2-player game after setup (seat 1 to move), or after the setup moves
--- given, its invariants holding.
local function start(variants, moves, players)
  local g = games.open("starfall", { players = players or 2, seed = 1, variants = variants })
  for _, m in ipairs(moves or SETUP) do g:play(m) end
  expect.invariants_hold(g)
  return g
end

--- Break the state with `spoil(g, s)`; invariants must raise naming `what`.
local function fires(what, spoil, variants, moves, players)
  local g = start(variants, moves, players)
  spoil(g, g.state)
  expect.invariant_fires(g, what)
end

--- Seat 1's fairy goes home by hand with 5 stars, as `order`th.
local function send_home(g, s, order)
  s.forest:add(s.fairy_at:get(1), "fairies", -1)
  s.fairy_at:set(1, 0)
  s.fairy_state:set(1, HOME)
  s.stars:set(1, 5)
  s.fallen:set(5)
  s.home_order:set(1, order)
  s.home:set(1)
  if g.players == 2 then s.turn.over = 1 end
end

test("invariants hold through setup and a game's first moves", function()
  local g = games.open("starfall", { players = 3, seed = 4 })
  expect.invariants_hold(g)
  for _, m in ipairs({ "knock b2", "knock c2", "knock d2", "plant a1", "plant g5", "plant a5",
    "snake 1 b5", "snake 2 f2-f3", "snake 3 f5", "fairy c3", "fairy d4" }) do
    g:play(m)
    expect.invariants_hold(g)
  end
  g:play("fairy e3")
  for k = 1, 300 do
    if g:over() then break end
    g:playout(k, 1)
    expect.invariants_hold(g)
  end
end)

test("invariants: the turn's seat and phase", function()
  fires("seat 3 to play, of 2", function(_, s) s.turn.seat = 3 end)
  fires("no phase 9", function(_, s) s.turn.phase = 9 end)
end)

test("invariants: trees are planted only in setup round 2, never removed; knocked-down trees stay down", function()
  fires("19 trees", function(g, s) s.forest:add_node_at(node(g, "a6")) end)
  fires("knocked-down trees after setup round 1", function(g, s)
    s.forest:set(node(g, "b2"), "tree", STANDING)
    s.forest:set(node(g, "c2"), "tree", STANDING)
  end)
  fires("fewer than 0 stars", function(g, s) s.forest:set(node(g, "e5"), "stars", -1) end)
  fires("rules.snakes_on_paths is 2", function(_, s) s.rules.snakes_on_paths = 2 end)
  fires("rules.stars_per_visit is -1", function(_, s) s.rules.stars_per_visit = -1 end)
end)

test("invariants: five dice; those set aside show stars; no more steps than dice showing them", function()
  fires("of them stars", function(_, s)
    s.cup:set_value(1, "fairy")
    s.cup:set_aside(1, true)
  end)
  fires("fairy steps left", function(_, s) s.roll.fairy = 5 end)
end)

test("invariants: the fairies", function()
  fires("not placed after setup", function(g, s)
    s.forest:add(node(g, "c3"), "fairies", -1)
    s.fairy_at:set(1, 0)
    s.fairy_state:set(1, NOT_PLACED)
  end)
  fires("is home with 0 stars", function(g, s)
    s.forest:add(node(g, "c3"), "fairies", -1)
    s.fairy_at:set(1, 0)
    s.fairy_state:set(1, HOME)
    s.home_order:set(1, 1)
    s.home:set(1)
  end)
  fires("home and at a tree", function(g, s)
    send_home(g, s, 1)
    s.fairy_at:set(1, node(g, "c3"))
  end)
  fires("seat 1 went home 2", function(g, s) send_home(g, s, 2) end)
  fires("did not go home 1st, 2nd", function(g, s) send_home(g, s, 2) end, nil, SETUP3, 3)
  fires("not placed but has a place", function(g, s) s.fairy_at:set(1, node(g, "c3")) end, nil,
    { "knock b2", "knock c2", "plant a1", "plant f6", "snake 1 b5", "snake 2 e2" })
  fires("in the forest but went home 1", function(_, s) s.home_order:set(1, 1) end)
  fires("at no tree", function(g, s) s.fairy_at:set(1, node(g, "a6")) end)
  fires("holds 5 stars and is not home", function(_, s) s.stars:set(1, 5) end)
  fires("lies down with 3 hearts", function(_, s) s.fairy_state:set(1, LAID_DOWN) end)
  fires("at a knocked-down tree out of its steps", function(g, s)
    s.forest:set(node(g, "d4"), "tree", KNOCKED_DOWN)      -- seat 2's fairy, not the roller's
  end)
  fires("fairies at c3: 2 on the tree, 1 there", function(g, s) s.forest:add(node(g, "c3"), "fairies", 1) end)
  fires("3 fairies on the trees, 2 by their places", function(g, s) s.forest:add(node(g, "e5"), "fairies", 1) end)
  fires("0 fairies home, the pool says 1", function(_, s) s.home:set(1) end)
  fires("game over", function(_, s) s.turn.over = 1 end)
  -- the roller's own fairy may be at a knocked-down tree in its steps
  local g = start()
  g.state.forest:set(node(g, "c3"), "tree", KNOCKED_DOWN)
  g.definition.invariants(g.state)
end)

test("invariants: the snakes", function()
  fires("snakes at b5: 2 on the tree, 1 there", function(g, s) s.forest:add(node(g, "b5"), "snakes", 1) end)
  fires("3 snakes on the trees, 2 by their places", function(g, s) s.forest:add(node(g, "e5"), "snakes", 1) end)
  fires("snake 2 is on 1 paths", function(g, s)      -- the path says so, snake 2 is at e2
    s.forest:edge_set(s.forest:edge(node(g, "d5"), node(g, "e5")), "snake2", 1)
  end)
  fires("snake 3 is on a path, of 2 snakes", function(g, s)
    s.forest:edge_set(s.forest:edge(node(g, "d5"), node(g, "e5")), "snake3", 1)
  end)
  fires("snake 1 is at no tree", function(g, s) s.snake_at:set(1, node(g, "a6")) end)
  fires("snake 2 is on no path", function(g, s)           -- the one path with snake 2 is not where it is
    local e = s.forest:edge(node(g, "d5"), node(g, "e5"))
    s.forest:add(node(g, "e2"), "snakes", -1)
    s.forest:edge_set(e, "snake2", 1)
    s.snake_at:set(2, -s.forest:edge(node(g, "d4"), node(g, "e4")))
  end)
  fires("snake 1 is not placed after setup", function(g, s)
    s.forest:add(node(g, "b5"), "snakes", -1)
    s.snake_at:set(1, 0)
  end)
  fires("snake 2 is on a path under Scaredy-snake", function(g, s)
    local e = s.forest:edge(node(g, "d5"), node(g, "e5"))
    s.forest:add(node(g, "e2"), "snakes", -1)
    s.forest:edge_set(e, "snake2", 1)
    s.snake_at:set(2, -e)
  end, "scaredy-snake")
end)

test("invariants: every star that fell is on a tree, held, traded or spent reviving a fairy", function()
  fires("1 stars fell, 2 on trees", function(g, s)
    s.fallen:set(1)
    s.forest:set(node(g, "e5"), "stars", 2)
  end)
  fires("0 stars fell, 1 revived", function(_, s) s.revived:set(1) end)
  -- the books balance: a star on a tree, one held, one traded, one revived
  local g = start()
  local s = g.state
  s.fallen:set(4)
  s.forest:set(node(g, "e5"), "stars", 1)
  s.stars:set(2, 1)
  s.traded:set(1)
  s.revived:set(1)
  g.definition.invariants(s)
end)
