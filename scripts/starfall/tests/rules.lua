-- Starfall Forest: one scenario per rule sentence of
-- ../shared/rules/starfall-forest.txt, per decision of DECISIONS.md
-- (Starfall Forest) and per choice in README.md. Each test plays the setup,
-- puts a position in place by writing the state, plays moves and checks
-- the exact outcome.
--
-- The roll is chance: a test that needs a given roll either writes the
-- dice and the steps they give (turn()), or rigs the next roll (grove.testing's
-- rig: the dice rolled next show these faces, lowest die first) and checks
-- what the rules do with it.

local WIDTH = { [2] = 6, [3] = 7, [4] = 7 }     -- lattice points per rank
local NOT_PLACED, UP, LAID_DOWN, HOME = 0, 1, 2, 3
local STANDING, KNOCKED_DOWN = 1, 2
local PHASE = games.open("starfall", { players = 2 }).definition.phases.names   -- the phases by name

-- A setup for each player count: knocks, plants, snakes, fairies.
local SETUP = {
  [2] = { "knock b2", "knock c2", "plant a1", "plant f6", "snake 1 b5", "snake 2 e2", "fairy c3", "fairy d4" },
  [3] = { "knock b2", "knock c2", "knock d2", "plant a1", "plant g5", "plant a5",
    "snake 1 b5", "snake 2 f2", "snake 3 f5", "fairy c3", "fairy d4", "fairy e3" },
  [4] = { "knock b2", "knock c2", "knock d2", "knock e2", "plant a1", "plant g7", "plant a7", "plant g1",
    "snake 1 b6", "snake 2 f2", "snake 3 f6", "snake 4 b3", "fairy c3", "fairy d4", "fairy e3", "fairy d5" },
}

-- Helpers ---------------------------------------------------------------------

local function open(players, variants, seed)
  return games.open("starfall", { players = players or 2, seed = seed or 1, variants = variants })
end

local function node(g, name)
  local file, rank = name:byte(1) - 96, tonumber(name:sub(2))
  return (rank - 1) * WIDTH[g.state.players] + file
end

local function point_name(g, id)
  local w = WIDTH[g.state.players]
  return string.char(96 + (id - 1) % w + 1) .. ((id - 1) // w + 1)
end

local function path(g, a, b)
  return assert(g.state.forest:edge(node(g, a), node(g, b)), "no path " .. a .. "-" .. b)
end

local function tree(g, name) return g.state.forest:get(node(g, name), "tree") end
local function stars_at(g, name) return g.state.forest:get(node(g, name), "stars") end
local function hearts(g, seat) return g.state.hearts:get(seat) end
local function held(g, seat) return g.state.stars:get(seat) end
local function state_of(g, seat) return g.state.fairy_state:get(seat) end

local function fairy_at(g, seat)
  local at = g.state.fairy_at:get(seat)
  return at > 0 and point_name(g, at) or nil
end

local function snake_at(g, snake)
  local at = g.state.snake_at:get(snake)
  if at > 0 then return point_name(g, at) end
  local a, b = g.state.forest:ends(-at)
  if b < a then a, b = b, a end
  return point_name(g, a) .. "-" .. point_name(g, b)
end

--- Every tree standing again, no star anywhere.
local function clean(g)
  local forest = g.state.forest
  for _, n in ipairs({ forest:nodes() }) do
    forest:set(n, "tree", STANDING)
    forest:set(n, "stars", 0)
  end
end

local function knock(g, name) g.state.forest:set(node(g, name), "tree", KNOCKED_DOWN) end
local function put_stars(g, name, n) g.state.forest:set(node(g, name), "stars", n) end

local function put_fairy(g, seat, name)
  local s = g.state
  local old = s.fairy_at:get(seat)
  if old > 0 then s.forest:add(old, "fairies", -1) end
  s.forest:add(node(g, name), "fairies", 1)
  s.fairy_at:set(seat, node(g, name))
  if s.fairy_state:get(seat) == NOT_PLACED then s.fairy_state:set(seat, UP) end
end

local function lay_down(g, seat)
  g.state.fairy_state:set(seat, LAID_DOWN)
  g.state.hearts:set(seat, 0)
end

--- A snake to a tree ("c3") or a path ("b2-c2").
local function put_snake(g, snake, where)
  local s = g.state
  local at = s.snake_at:get(snake)
  if at > 0 then s.forest:add(at, "snakes", -1)
  elseif at < 0 then s.forest:edge_set(-at, "snake" .. snake, 0) end
  local a, b = where:match("^(%w+)%-(%w+)$")
  if a then
    local e = path(g, a, b)
    s.forest:edge_set(e, "snake" .. snake, 1)
    s.snake_at:set(snake, -e)
  else
    s.forest:add(node(g, where), "snakes", 1)
    s.snake_at:set(snake, node(g, where))
  end
end

--- Play the setup (SETUP, or the moves given) and clean the forest.
local function start(players, variants, seed, moves)
  local g = open(players, variants, seed)
  for _, m in ipairs(moves or SETUP[players or 2]) do g:play(m) end
  clean(g)
  return g
end

--- Make it `seat`'s movement with these five dice: "A" is a star set
--- aside; other faces are this turn's roll ("star" and "shooting" that
--- cancelled, "fairy", "snake", "tree" steps to use).
local function turn(g, seat, faces)
  local s = g.state
  local left = { fairy = 0, snake = 0, tree = 0 }
  for die, face in ipairs(faces) do
    s.cup:set_value(die, face == "A" and "star" or face)
    s.cup:set_aside(die, face == "A")
    if left[face] then left[face] = left[face] + 1 end
  end
  s.roll.fairy, s.roll.snake, s.roll.tree = left.fairy, left.snake, left.tree
  s.turn.seat = seat
  s.turn.phase = PHASE.move
end

--- Is a star falling (the roller to place it)?
local function falling(g)
  local phase = g.state.turn.phase
  return phase == PHASE.fall or phase == PHASE.fall_knocking
end

--- The kinds of the legal moves ("fairy", "snake", "end", ...) as a set.
local function kinds(g)
  local set = {}
  for _, m in ipairs(g:moves()) do set[m:match("^%S+")] = true end
  return set
end

--- The legal moves starting with `prefix`, sorted.
local function moves_of(g, prefix)
  local list = {}
  for _, m in ipairs(g:moves()) do
    if m:sub(1, #prefix) == prefix then list[#list + 1] = m end
  end
  table.sort(list)
  return list
end

local function sorted(list)
  table.sort(list)
  return list
end

--- The dice: faces of the dice set aside, and of the others.
local function dice(g)
  local aside, free = {}, {}
  for die = 1, 5 do
    local list = g.state.cup:is_aside(die) and aside or free
    list[#list + 1] = g.state.cup:value(die)
  end
  return aside, free
end

local function count(list, face)
  local n = 0
  for _, f in ipairs(list) do if f == face then n = n + 1 end end
  return n
end

--- A 2-player game after its first roll, the five dice rigged to show
--- these faces (die 1 first): the setup's last move makes seat 1 roll.
local function first_roll(faces)
  local g = open(2)
  for i = 1, #SETUP[2] - 1 do g:play(SETUP[2][i]) end
  rig(g, "cup", table.unpack(faces))
  g:play(SETUP[2][#SETUP[2]])
  expect.eq({ g.state.cup:rigged() }, {}, "the roll took every rigged face")
  return g
end

--- `seat` ends its turn with these dice (as turn() writes them), the
--- next player's roll rigged to show `roll` (the dice not set aside,
--- lowest first): every rigged face is rolled.
local function end_with(g, seat, faces, roll)
  turn(g, seat, faces)
  rig(g, "cup", table.unpack(roll))
  g:play("end")
  expect.eq({ g.state.cup:rigged() }, {}, "the next roll took every rigged face")
  return g
end

-- The forest -------------------------------------------------------------------

test("decision: the base forest is 4x4 trees for 2 players, 5x4 for 3, 5x5 for 4, one point inside the lattice", function()
  local want = { [2] = { "b2", "e5", 16 }, [3] = { "b2", "f5", 20 }, [4] = { "b2", "f6", 25 } }
  for players, w in pairs(want) do
    local g = open(players)
    local forest = g.state.forest
    expect.eq(forest:count(), w[3], players .. " players")
    local lo, hi = w[1], w[2]
    for _, n in ipairs({ forest:nodes() }) do
      local name = point_name(g, n)
      expect.truthy(name:sub(1, 1) >= lo:sub(1, 1) and name:sub(1, 1) <= hi:sub(1, 1)
        and tonumber(name:sub(2)) >= 2 and tonumber(name:sub(2)) <= tonumber(hi:sub(2)), name)
      expect.eq(forest:get(n, "tree"), STANDING, name)
    end
    local maxnodes = forest:capacity()
    expect.eq(maxnodes, WIDTH[players] * (tonumber(hi:sub(2)) + 1), "lattice points")
  end
end)

test("decision: paths join orthogonal neighbours, and diagonal ones only from points whose x+y is even", function()
  local g = open(2)
  local forest = g.state.forest
  local function joined(a, b) return forest:edge(node(g, a), node(g, b)) ~= nil end
  expect.truthy(joined("b2", "c2"))     -- orthogonal
  expect.truthy(joined("b2", "b3"))
  expect.truthy(joined("b2", "c3"))     -- b2: 2+2 even
  expect.truthy(joined("d2", "c3"))     -- d2: 4+2 even
  expect.falsy(joined("c2", "b3"))      -- c2: 3+2 odd, b3: 2+3 odd
  expect.falsy(joined("c2", "d3"))
  expect.falsy(joined("b2", "d2"))      -- not neighbours
  -- the centre of an Alquerque cross has 8 paths, the point beside it 4
  expect.eq(#{ forest:neighbors(node(g, "c3")) }, 8)
  expect.eq(sorted((function()
    local t = {}
    for _, n in ipairs({ forest:neighbors(node(g, "d3")) }) do t[#t + 1] = point_name(g, n) end
    return t
  end)()), { "c3", "d2", "d4", "e3" })
  -- 4x4 points: 24 orthogonal paths and 9 diagonals (one per unit square)
  expect.eq(#{ forest:all_edges() }, 24 + 9)
end)

test("decision: the lattice has edges: a point on the first file has no path to the last file", function()
  local g = open(2)
  g:play("knock b2")
  g:play("knock c2")
  expect.illegal(g, "plant f1")         -- f1: next to no tree
  g:play("plant a1")                    -- a1: 1+1 even: b2 diagonally; a2 and b1 hold no tree
  expect.eq(#{ g.state.forest:neighbors(node(g, "a1")) }, 1)
  expect.illegal(g, "plant f1")         -- f1 is still next to no tree: a1 is at the other end of rank 1
  expect.eq(#moves_of(g, "plant "), 17)   -- the 18 points round the base forest, a1 gone
end)

-- 2. Game setup ---------------------------------------------------------------------

test("setup: each player gets a fairy with 3 hearts and a snake; seat 1 starts", function()
  local g = open(3)
  for seat = 1, 3 do
    expect.eq(hearts(g, seat), 3)
    expect.eq(held(g, seat), 0)
    expect.eq(state_of(g, seat), NOT_PLACED)
  end
  expect.eq(g:actor(), 1)
end)

test("setup round 1: each player in turn knocks down a standing tree", function()
  local g = open(2)
  expect.eq(#moves_of(g, "knock "), 16)
  expect.eq(kinds(g), { knock = true })
  g:play("knock c3")
  expect.eq(tree(g, "c3"), KNOCKED_DOWN)
  expect.eq(g:actor(), 2)
  expect.illegal(g, "knock c3")          -- already lying down
  expect.eq(#moves_of(g, "knock "), 15)
  g:play("knock d4")
  expect.eq(tree(g, "d4"), KNOCKED_DOWN)
  expect.eq(g:actor(), 1)
  expect.eq(kinds(g), { plant = true })
end)

test("setup round 2: a tree is added on an empty lattice point reachable via a path to a tree", function()
  local g = open(2)
  g:play("knock b2")
  g:play("knock c2")
  -- every point around the base forest but a6 and f1 (odd corners: no diagonal)
  expect.eq(moves_of(g, "plant "), sorted({ "plant a1", "plant b1", "plant c1", "plant d1", "plant e1",
    "plant a2", "plant f2", "plant a3", "plant f3", "plant a4", "plant f4", "plant a5", "plant f5",
    "plant b6", "plant c6", "plant d6", "plant e6", "plant f6" }))
  g:play("plant a5")
  local a5 = node(g, "a5")
  expect.eq(tree(g, "a5"), STANDING)
  expect.eq(sorted((function()
    local t = {}
    for _, n in ipairs({ g.state.forest:neighbors(a5) }) do t[#t + 1] = point_name(g, n) end
    return t
  end)()), { "b4", "b5" })               -- a5: 1+5 even: b4 diagonally; a4, a6, b6 hold no tree
  expect.legal(g, "plant a6")            -- now next to a tree
  g:play("plant a6")
  expect.truthy(g.state.forest:edge(a5, node(g, "a6")))
  expect.eq(g:actor(), 1)
  expect.eq(kinds(g), { snake = true })
end)

test("setup round 3: each player places their snake at a tree or on a path", function()
  local g = open(2)
  for _, m in ipairs({ "knock b2", "knock c2", "plant a1", "plant f6" }) do g:play(m) end
  local trees, paths = g.state.forest:count(), #{ g.state.forest:all_edges() }
  expect.eq(#g:moves(), trees + paths)
  expect.legal(g, "snake 1 b2")          -- knocked-down trees too
  expect.legal(g, "snake 1 a1-b2")
  expect.illegal(g, "snake 2 c3")        -- only your own snake
  g:play("snake 1 c3-d3")
  expect.eq(snake_at(g, 1), "c3-d3")
  g:play("snake 2 c3-d3")                -- snakes share places
  expect.eq(snake_at(g, 2), "c3-d3")
  expect.eq(g.state.forest:edge_get(path(g, "c3", "d3"), "snake1"), 1)
  expect.eq(kinds(g), { fairy = true })
end)

test("setup round 4: each player places their fairy at a standing tree without a snake", function()
  local g = open(2)
  for _, m in ipairs({ "knock b2", "knock c2", "plant a1", "plant f6", "snake 1 c3", "snake 2 d3-d4" }) do
    g:play(m)
  end
  expect.illegal(g, "fairy b2")          -- knocked down
  expect.illegal(g, "fairy c3")          -- a snake
  expect.legal(g, "fairy d3")            -- a snake on a path next to it is no matter
  expect.eq(#g:moves(), 18 - 2 - 1)
  g:play("fairy d4")
  expect.legal(g, "fairy d4")            -- fairies share trees
  g:play("fairy d4")
  expect.eq({ fairy_at(g, 1), fairy_at(g, 2) }, { "d4", "d4" })
  expect.eq(g.state.forest:get(node(g, "d4"), "fairies"), 2)
  expect.eq({ state_of(g, 1), state_of(g, 2) }, { UP, UP })
end)

test("setup: after the four rounds seat 1 begins, and the first roll is of all 5 dice", function()
  local g = first_roll({ "fairy", "snake", "tree", "fairy", "snake" })
  expect.eq(g:actor(), 1)
  expect.eq(g.state.turn.round, 1)
  -- every die was rolled: all five show the faces rigged for the first roll
  expect.eq({ g.state.cup:values() }, { "fairy", "snake", "tree", "fairy", "snake" })
  local aside, free = dice(g)
  expect.eq({ #aside, #free }, { 0, 5 })
end)

-- 3. The dice ----------------------------------------------------------------------------

test("decision: the five dice are identical, with faces star, star, shooting star, fairy, snake, tree", function()
  local g = open(2)
  expect.eq(g.state.cup:size(), 5)
  expect.eq({ g.state.cup:symbols() }, { "star", "shooting", "fairy", "snake", "tree" })
  -- over many first rolls, a face shows star about twice as often as any other
  local seen = { star = 0, shooting = 0, fairy = 0, snake = 0, tree = 0 }
  for seed = 1, 300 do
    local h = open(2, nil, seed)
    for _, m in ipairs(SETUP[2]) do h:play(m) end
    if h.state.turn.seat == 1 and h.state.turn.round == 1 then
      for _, face in ipairs({ h.state.cup:values() }) do seen[face] = seen[face] + 1 end
    end
    h:close()
  end
  for _, face in ipairs({ "shooting", "fairy", "snake", "tree" }) do
    expect.truthy(seen.star > 1.5 * seen[face] and seen.star < 2.5 * seen[face], face)
  end
end)

test("dice: a roll sets aside every star when no shooting star is rolled", function()
  local g = first_roll({ "fairy", "star", "snake", "star", "tree" })
  local aside, free = dice(g)
  expect.eq(aside, { "star", "star" })
  expect.eq({ g.state.cup:aside() }, { 2, 4 })
  expect.eq(count(free, "star"), 0)
end)

test("dice: a star and a shooting star in the same roll cancel: nothing is set aside", function()
  local g = first_roll({ "star", "fairy", "shooting", "snake", "tree" })
  local aside, free = dice(g)
  expect.eq(#aside, 0)
  expect.eq(count(free, "star"), 1)       -- the cancelled star stays in the roll
end)

test("dice: two stars and one shooting star set aside one star, the lowest-numbered die", function()
  local g = first_roll({ "fairy", "star", "shooting", "star", "tree" })
  local aside, free = dice(g)
  expect.eq(aside, { "star" })
  expect.eq(count(free, "star"), 1)
  expect.eq({ g.state.cup:aside() }, { 2 }, "the first star (die 2) is the one set aside")
end)

test("dice: two shooting stars cancel at most the stars rolled (not below 0)", function()
  local g = first_roll({ "shooting", "star", "shooting", "fairy", "tree" })
  local aside = dice(g)
  expect.eq(#aside, 0)
end)

test("dice: fairy, snake and tree faces are the turn's steps; stars and shooting stars give none", function()
  local g = first_roll({ "tree", "star", "fairy", "shooting", "tree" })
  expect.eq({ g.state.roll.fairy, g.state.roll.snake, g.state.roll.tree }, { 1, 0, 2 })
  g = first_roll({ "snake", "star", "star", "fairy", "snake" })
  expect.eq({ g.state.roll.fairy, g.state.roll.snake, g.state.roll.tree }, { 1, 2, 0 })
  expect.eq(#dice(g), 2)
end)

test("dice: set-aside dice stay aside for the next player, who rolls only the others", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  end_with(g, 1, { "A", "A", "A", "fairy", "fairy" }, { "snake", "tree" })
  expect.eq(g:actor(), 2)
  local s = g.state
  for die = 1, 3 do
    expect.truthy(s.cup:is_aside(die), "die " .. die)
    expect.eq(s.cup:value(die), "star")
  end
  -- seat 2 rolled dice 4 and 5 only: the two faces rigged
  expect.eq({ s.cup:value(4), s.cup:value(5) }, { "snake", "tree" })
  expect.eq({ s.roll.fairy, s.roll.snake, s.roll.tree }, { 0, 1, 1 })
end)

-- A star falls ---------------------------------------------------------------------------

--- A game in which seat 2's roll completes the five: four dice (or three)
--- set aside at seat 1's end, and the next roll, all stars, sets aside the rest.
local function completing(aside_before)
  local faces, roll = { "fairy", "fairy", "fairy", "fairy", "fairy" }, {}
  for die = 1, aside_before do faces[die] = "A" end
  for _ = aside_before + 1, 5 do roll[#roll + 1] = "star" end
  local g = end_with(start(2), 1, faces, roll)
  expect.eq(g:actor(), 2)
  expect.truthy(falling(g), "the fifth star falls")
  return g
end

test("fall: once 5 stars are collected, the player who rolled the fifth chooses the tree the star lands at", function()
  local g = completing(4)
  expect.eq(g:actor(), 2)
  expect.eq(kinds(g), { star = true })
  g:play("star b5")
  expect.eq(stars_at(g, "b5"), 1)
  expect.eq(tree(g, "b5"), STANDING)      -- one star completed the five
  expect.eq(g.state.fallen:get(), 1)
end)

test("fall: a roll that completes the five with two stars knocks the tree down, with the star on it", function()
  local g = completing(3)
  local aside = dice(g)
  expect.eq(#aside, 5)
  expect.eq(g.state.turn.phase, PHASE.fall_knocking)
  g:play("star b5")
  expect.eq(tree(g, "b5"), KNOCKED_DOWN)
  expect.eq(stars_at(g, "b5"), 1)
end)

test("fall: a roll that completes the five with one star knocks nothing down", function()
  local g = completing(4)
  expect.eq(g.state.turn.phase, PHASE.fall)
  g:play("star e2")
  expect.eq(tree(g, "e2"), STANDING)
end)

test("fall: a star cannot fall within one step of the roller's fairy, nor on a tree with a fairy", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  put_fairy(g, 2, "e5")
  turn(g, 1, { "A", "A", "A", "A", "A" })
  g.state.turn.phase = PHASE.fall
  -- 18 trees: not c3 and its 8 neighbours (b2 b3 b4 c2 c4 d2 d3 d4), not e5 (seat 2's fairy)
  expect.eq(moves_of(g, "star "), sorted({ "star a1", "star b5", "star c5", "star d5", "star e2",
    "star e3", "star e4", "star f6" }))
  -- the roller's own fairy's neighbours are fine for the other player's star
  put_fairy(g, 2, "e4")
  turn(g, 2, { "A", "A", "A", "A", "A" })
  g.state.turn.phase = PHASE.fall
  expect.legal(g, "star d3")
  expect.illegal(g, "star c3")             -- seat 1's fairy is there
  expect.illegal(g, "star e3")             -- next to seat 2's own fairy
end)

test("fall: a star can be placed at a tree with a snake, and on a knocked-down tree", function()
  local g = start(2)
  put_fairy(g, 1, "b2")
  put_fairy(g, 2, "b3")
  put_snake(g, 1, "e5")
  knock(g, "d5")
  turn(g, 1, { "A", "A", "A", "A", "A" })
  g.state.turn.phase = PHASE.fall
  expect.legal(g, "star e5")
  expect.legal(g, "star d5")
  g:play("star d5")
  expect.eq(stars_at(g, "d5"), 1)
  expect.eq(tree(g, "d5"), KNOCKED_DOWN)
end)

test("decision: the 2 steps are path steps, whatever snakes or knocked-down trees lie between", function()
  local g = start(2)
  put_fairy(g, 1, "b5")                      -- b5: 2+5 odd, paths to b4 and c5 only
  put_fairy(g, 2, "e2")
  put_snake(g, 1, "b5-c5")                   -- blocks seat 1's fairy, not the count
  knock(g, "b4")
  turn(g, 1, { "A", "A", "A", "A", "A" })
  g.state.turn.phase = PHASE.fall
  expect.illegal(g, "star c5")               -- one path step, though a snake is on it
  expect.illegal(g, "star b4")               -- one path step, though knocked down
  expect.legal(g, "star c4")                 -- two steps (no diagonal from b5)
  expect.legal(g, "star b3")                 -- two steps, through the knocked-down b4
end)

test("fall: a player whose fairy is home may drop the star on any tree with no fairy", function()
  local g = start(2)
  put_fairy(g, 2, "d4")
  g.state.fairy_state:set(1, HOME)
  g.state.forest:add(g.state.fairy_at:get(1), "fairies", -1)
  g.state.fairy_at:set(1, 0)
  turn(g, 1, { "A", "A", "A", "A", "A" })
  g.state.turn.phase = PHASE.fall
  expect.eq(#moves_of(g, "star "), 18 - 1)
  expect.illegal(g, "star d4")
end)

test("fall: after a star was placed, the next player rolls all 5 dice again", function()
  -- seat 2 rolls the fifth star; then seat 1 rolls: all five dice, rigged
  local g = start(2)
  turn(g, 1, { "A", "A", "A", "A", "fairy" })
  rig(g, "cup", "star", "star", "fairy", "shooting", "snake", "star")
  g:play("end")
  expect.eq({ g:actor(), g.state.turn.phase }, { 2, PHASE.fall })
  g:play("star b5")
  -- seat 2 placed the star; its turn had no dice left and ended by itself;
  -- seat 1 rolled all five dice: the stars among them, less the shooting stars, are aside
  expect.eq(g.state.fallen:get(), 1)
  expect.eq({ g:actor(), g.state.turn.phase }, { 1, PHASE.move })
  expect.eq({ g.state.cup:values() }, { "star", "fairy", "shooting", "snake", "star" })
  expect.eq({ g.state.cup:rigged() }, {}, "five dice rolled")
  expect.eq({ g.state.cup:aside() }, { 1 })
  expect.eq(g.state.turn.round, 2)
end)

-- 3./4. Moving -------------------------------------------------------------------------------

test("move: a fairy die moves the fairy one step from tree to tree; a snake die moves a snake one step", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  put_fairy(g, 2, "e5")
  put_snake(g, 1, "b5")
  put_snake(g, 2, "e2")
  turn(g, 1, { "fairy", "snake", "star", "shooting", "A" })
  expect.eq(moves_of(g, "fairy "), sorted({ "fairy b2", "fairy b3", "fairy b4", "fairy c2", "fairy c4",
    "fairy d2", "fairy d3", "fairy d4" }))
  g:play("fairy d3")
  expect.eq(fairy_at(g, 1), "d3")
  expect.eq(g.state.roll.fairy, 0)
  expect.eq(kinds(g), { snake = true, ["end"] = true })   -- the fairy die is spent
  g:play("snake 2 e3")
  expect.eq(snake_at(g, 2), "e3")
  -- no die left: the turn ended by itself
  expect.truthy(g:actor() == 2 or g.state.turn.round > 1)
end)

test("move: two snake dice move one snake two steps, or two snakes one step each", function()
  local g = start(2)
  put_snake(g, 1, "b5")
  put_snake(g, 2, "e2")
  turn(g, 1, { "snake", "snake", "star", "shooting", "A" })
  g:play("snake 1 c5")
  g:play("snake 1 d5")
  expect.eq(snake_at(g, 1), "d5")
  g = start(2)
  put_snake(g, 1, "b5")
  put_snake(g, 2, "e2")
  turn(g, 1, { "snake", "snake", "star", "shooting", "A" })
  g:play("snake 1 c5")
  g:play("snake 2 e3")
  expect.eq({ snake_at(g, 1), snake_at(g, 2) }, { "c5", "e3" })
end)

test("decision: a tree die moves the roller's fairy or any snake one step", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  turn(g, 1, { "tree", "star", "shooting", "A", "A" })
  expect.eq(kinds(g), { fairy = true, snake = true, ["end"] = true })
  g:play("snake 2 e3")
  expect.eq(g.state.roll.tree, 0)
  expect.truthy(g:actor() ~= 1 or g.state.turn.round > 1, "the only die is spent: the turn is over")
  g = start(2)
  put_fairy(g, 1, "c3")
  turn(g, 1, { "tree", "star", "shooting", "A", "A" })
  g:play("fairy c4")
  expect.eq(fairy_at(g, 1), "c4")
end)

test("choice: a fairy step spends a fairy die before a tree die, a snake step a snake die", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  turn(g, 1, { "fairy", "tree", "snake", "star", "shooting" })
  g:play("fairy c4")
  expect.eq({ g.state.roll.fairy, g.state.roll.snake, g.state.roll.tree }, { 0, 1, 1 })
  g:play("snake 1 b4")
  expect.eq({ g.state.roll.fairy, g.state.roll.snake, g.state.roll.tree }, { 0, 0, 1 })
  g:play("fairy c5")                        -- now the tree die pays
  expect.eq(fairy_at(g, 1), "c5")
end)

test("move: players don't have to move their fairy or any snake: end ends the turn with dice unused", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  end_with(g, 1, { "fairy", "snake", "tree", "star", "shooting" }, { "fairy", "fairy", "snake", "tree", "tree" })
  expect.eq(g:actor(), 2)
  expect.eq(fairy_at(g, 1), "c3")
  expect.eq(snake_at(g, 1), "b5")
  expect.eq(g.state.turn.seat, 2)
end)

test("choice: a turn ends by itself when no step is possible", function()
  -- only a fairy die left, and the snake step just played boxed the fairy in
  local g = start(2)
  put_fairy(g, 1, "b5")                      -- paths to b4 and c5 only
  put_snake(g, 1, "b5-c5")
  put_snake(g, 2, "b3")
  turn(g, 1, { "fairy", "snake", "star", "shooting", "A" })
  expect.eq(moves_of(g, "fairy "), { "fairy b4" })
  g:play("snake 2 b4")
  expect.truthy(g.state.turn.seat ~= 1 or g.state.turn.round > 1, "seat 1's turn is over")
  -- the last die used
  local h = start(2)
  turn(h, 2, { "snake", "star", "shooting", "A", "A" })
  h:play("snake 2 e3")
  expect.truthy(h.state.turn.seat ~= 2 or h.state.turn.round > 1, "seat 2's turn is over")
  -- with a die left, the turn goes on until `end`
  local k = start(2)
  turn(k, 2, { "snake", "snake", "star", "shooting", "A" })
  k:play("snake 2 e3")
  expect.eq(k:actor(), 2)
  expect.legal(k, "end")
end)

test("fairies: a fairy cannot go to a tree with a snake", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  put_snake(g, 1, "c4")
  put_snake(g, 2, "d2")
  turn(g, 1, { "fairy", "star", "shooting", "A", "A" })
  expect.eq(moves_of(g, "fairy "), sorted({ "fairy b2", "fairy b3", "fairy b4", "fairy c2", "fairy d3",
    "fairy d4" }))
end)

test("fairies: a snake on a path blocks a fairy on that path (either way)", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  put_snake(g, 1, "c3-d3")
  put_snake(g, 2, "b2-c3")
  turn(g, 1, { "fairy", "star", "shooting", "A", "A" })
  expect.illegal(g, "fairy d3")
  expect.illegal(g, "fairy b2")
  expect.legal(g, "fairy d4")
  put_fairy(g, 1, "d3")
  expect.illegal(g, "fairy c3")             -- the same path from the other end
  expect.legal(g, "fairy e3")
end)

test("fairies: a fairy may pass a knocked-down tree but not stop there", function()
  local g = start(2)
  put_fairy(g, 1, "b3")
  knock(g, "c3")
  turn(g, 1, { "fairy", "fairy", "star", "shooting", "A" })
  expect.legal(g, "fairy c3")               -- two steps: in and out again
  g:play("fairy c3")
  expect.eq(fairy_at(g, 1), "c3")
  expect.falsy(kinds(g)["end"], "no end at a knocked-down tree")
  expect.falsy(kinds(g).snake)
  g:play("fairy d3")
  expect.eq(fairy_at(g, 1), "d3")
  -- with one step only, the knocked-down tree is out of reach
  local h = start(2)
  put_fairy(h, 1, "b3")
  knock(h, "c3")
  turn(h, 1, { "fairy", "star", "shooting", "A", "A" })
  expect.illegal(h, "fairy c3")
  expect.legal(h, "fairy b4")
end)

test("choice: at a knocked-down tree, only steps that keep a way back to a standing tree are offered", function()
  local g = start(2)
  put_fairy(g, 1, "b3")
  put_fairy(g, 2, "e5")
  knock(g, "c3")
  knock(g, "b2")
  turn(g, 1, { "fairy", "tree", "snake", "star", "shooting" })
  g:play("fairy c3")                          -- one tree die left for the fairy, plus the snake die
  -- c3's standing neighbours: b3 b4 c2 c4 d2 d3 d4. A snake step that costs the
  -- snake die leaves the tree die: fine anywhere.
  expect.legal(g, "snake 1 b4")
  expect.falsy(kinds(g)["end"])
  expect.illegal(g, "fairy b2")               -- knocked down too, and no second step after
  g:play("snake 1 b4")
  expect.illegal(g, "fairy b4")               -- the snake is there now
  expect.legal(g, "fairy d3")
  g:play("fairy d3")
  expect.eq(fairy_at(g, 1), "d3")
  -- a snake step paid by the last tree die, the fairy's only way out, is not offered
  local h = start(2)
  put_fairy(h, 1, "b3")
  knock(h, "c3")
  turn(h, 1, { "fairy", "tree", "star", "shooting", "A" })
  h:play("fairy c3")
  expect.eq(kinds(h), { fairy = true })
end)

test("choice: a snake step that blocks the only way back is not offered", function()
  local g = start(2)
  for _, name in ipairs({ "b2", "c2", "b3", "c3" }) do knock(g, name) end
  put_fairy(g, 1, "b2")                      -- in mid-turn at a knocked-down tree
  put_fairy(g, 2, "e5")
  put_snake(g, 2, "b2-c2")
  turn(g, 1, { "fairy", "snake", "star", "shooting", "A" })
  -- b2's only standing neighbour is a1, one step away
  expect.eq(moves_of(g, "fairy "), { "fairy a1" })
  expect.falsy(kinds(g)["end"])
  expect.illegal(g, "snake 2 a1-b2")         -- would block the path to a1
  expect.legal(g, "snake 2 b2")              -- a snake at the fairy's tree does not keep it there
  expect.legal(g, "snake 2 c2")
  expect.legal(g, "snake 2 b2-c3")
  g:play("snake 2 b2")
  g:play("fairy a1")
  expect.eq(fairy_at(g, 1), "a1")
end)

-- The reproduction of an independent rules check: 3 players, seed 2, whose
-- first roll is fairy, fairy, fairy, snake, shooting star.
local SNAKE_OPENS_THE_WAY = { "knock c3", "knock b2", "knock c2", "plant a1", "plant g5", "plant g2",
  "snake 1 a1", "snake 2 b3", "snake 3 f5", "fairy d4", "fairy e2", "fairy f3" }

local function snake_opens_the_way()
  local g = open(3, nil, 2)
  for _, m in ipairs(SNAKE_OPENS_THE_WAY) do g:play(m) end
  expect.eq(sorted(select(2, dice(g))), { "fairy", "fairy", "fairy", "shooting", "snake" })
  g:play("fairy c3")
  return g
end

test("fairies: 'they can go to a knocked down tree but they must in the same turn move away' - a snake die may open the way", function()
  -- At c3 with 2 fairy dice and the snake die left. b2 is knocked down too; its
  -- standing neighbours are a1 (snake 1) and b3 (snake 2). Fairy b2, snake 1
  -- a1 -> b2 (onto the fairy's tree, which does not hold it), fairy a1 ends the
  -- turn on a standing tree.
  local g = snake_opens_the_way()
  expect.legal(g, "fairy b2")
  g:play("fairy b2")
  expect.falsy(kinds(g)["end"], "no end at a knocked-down tree")
  -- only the snake steps that leave a way off: snake 1 onto b2 frees a1 (a1-b2
  -- would block that path); snake 2 anywhere but b2-b3 frees b3
  expect.eq(moves_of(g, "snake "), sorted({ "snake 1 b2", "snake 2 b2", "snake 2 c3", "snake 2 b4",
    "snake 2 b3-c3", "snake 2 b3-b4" }))
  expect.eq(moves_of(g, "fairy "), {})
  g:play("snake 1 b2")
  g:play("fairy a1")
  expect.eq(fairy_at(g, 1), "a1")
  expect.eq(g:actor(), 2)                    -- every die used: the turn ended, on a standing tree
end)

test("fairies: a step onto a knocked-down tree stays refused when no use of the dice left gets the fairy off", function()
  -- The same position with b3 knocked down too and snakes 1 and 3 both at a1:
  -- from b2 the only standing tree within a step is a1, and one snake die
  -- moves only one of its two snakes.
  local g = snake_opens_the_way()
  knock(g, "b3")
  put_snake(g, 3, "a1")
  expect.illegal(g, "fairy b2")
  expect.eq(moves_of(g, "fairy "), { "fairy b4", "fairy c2", "fairy c4", "fairy d2", "fairy d3", "fairy d4" })
  -- no fairy die left after the step: the snake die alone cannot take the fairy off
  local h = open(3, nil, 2)
  for _, m in ipairs(SNAKE_OPENS_THE_WAY) do h:play(m) end
  turn(h, 1, { "fairy", "fairy", "snake", "shooting", "star" })
  h:play("fairy c3")
  expect.illegal(h, "fairy b2")
end)

test("fairies: two snakes in the way and two snake dice: both moved, then the fairy steps off", function()
  local g = open(3, nil, 2)
  for _, m in ipairs(SNAKE_OPENS_THE_WAY) do g:play(m) end
  knock(g, "b3")
  put_snake(g, 3, "a1")                      -- snakes 1 and 3 at a1, b2's only standing neighbour
  turn(g, 1, { "fairy", "fairy", "fairy", "snake", "snake" })
  g:play("fairy c3")
  expect.legal(g, "fairy b2")
  g:play("fairy b2")
  expect.illegal(g, "snake 1 a1-b2")         -- a snake left on that path would block it
  g:play("snake 1 b2")
  expect.eq(moves_of(g, "snake "), { "snake 3 b2" })    -- the one step that still leaves a way off
  g:play("snake 3 b2")
  g:play("fairy a1")
  expect.eq(fairy_at(g, 1), "a1")
end)

test("fairies: a snake on the way off is moved aside, not onto the tree the fairy must reach", function()
  local g = snake_opens_the_way()            -- at c3, 2 fairy dice and the snake die left
  knock(g, "b3")
  put_snake(g, 1, "a1-b2")                   -- on the path from b2 to a1, its only standing neighbour
  expect.legal(g, "fairy b2")
  g:play("fairy b2")
  expect.illegal(g, "snake 1 a1")            -- off the path, but onto a1
  expect.legal(g, "snake 1 b2")
  g:play("snake 1 b2-c2")
  g:play("fairy a1")
  expect.eq(fairy_at(g, 1), "a1")
end)

test("fairies: the way off a knocked-down tree may be home: the stars collected on the way make five", function()
  local g = start(2)
  for _, n in ipairs({ g.state.forest:nodes() }) do g.state.forest:set(n, "tree", KNOCKED_DOWN) end
  put_fairy(g, 1, "c3")                      -- in mid-turn at a knocked-down tree, no standing tree anywhere
  put_stars(g, "e3", 1)
  g.state.stars:set(1, 4)
  turn(g, 1, { "fairy", "fairy", "shooting", "star", "A" })
  -- c3's neighbours d2, d3, d4 each lead to e3 in one more step: the fifth star
  expect.eq(moves_of(g, "fairy "), { "fairy d2", "fairy d3", "fairy d4" })
  g:play("fairy d3")
  g:play("fairy e3")
  expect.eq(state_of(g, 1), HOME)
end)

test("fairies: the way home counts the stars collected on the knocked-down trees stepped on", function()
  local g = start(2)
  for _, n in ipairs({ g.state.forest:nodes() }) do g.state.forest:set(n, "tree", KNOCKED_DOWN) end
  put_fairy(g, 1, "c3")                      -- no standing tree anywhere
  put_stars(g, "d3", 1)
  put_stars(g, "e3", 1)
  g.state.stars:set(1, 3)
  turn(g, 1, { "fairy", "fairy", "shooting", "star", "A" })
  expect.legal(g, "fairy d3")                -- 3 held, 1 on d3, 1 on e3: five
  g:play("fairy d3")
  g:play("fairy e3")
  expect.eq(state_of(g, 1), HOME)
end)

test("fairies: there can be more than one fairy at a single tree", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  put_fairy(g, 2, "d4")
  turn(g, 1, { "fairy", "star", "shooting", "A", "A" })
  g:play("fairy d4")
  expect.eq({ fairy_at(g, 1), fairy_at(g, 2) }, { "d4", "d4" })
  expect.eq(g.state.forest:get(node(g, "d4"), "fairies"), 2)
end)

-- 5. Moving snakes ------------------------------------------------------------------------------

test("snakes: from a tree a snake moves to a neighbouring tree or onto a path from that tree", function()
  local g = start(2)
  put_snake(g, 1, "d3")                      -- d3: 4+3 odd, 4 paths
  turn(g, 1, { "snake", "star", "shooting", "A", "A" })
  expect.eq(moves_of(g, "snake 1 "), sorted({ "snake 1 c3", "snake 1 e3", "snake 1 d2", "snake 1 d4",
    "snake 1 c3-d3", "snake 1 d3-e3", "snake 1 d2-d3", "snake 1 d3-d4" }))
end)

test("snakes: from between two trees a snake moves to an adjacent path or to one of the two trees", function()
  local g = start(2)
  put_snake(g, 1, "d3-e3")                   -- d3: c3 d2 d4; e3 (even): d2 d4 e2 e4 f2? no, f4? no
  turn(g, 1, { "snake", "star", "shooting", "A", "A" })
  expect.eq(moves_of(g, "snake 1 "), sorted({ "snake 1 d3", "snake 1 e3",
    "snake 1 c3-d3", "snake 1 d2-d3", "snake 1 d3-d4",
    "snake 1 d2-e3", "snake 1 e3-d4", "snake 1 e2-e3", "snake 1 e3-e4" }))
end)

test("snakes: a snake ignores knocked-down trees and other snakes", function()
  local g = start(2)
  put_snake(g, 1, "c3")
  put_snake(g, 2, "c4")
  knock(g, "d3")
  turn(g, 1, { "snake", "star", "shooting", "A", "A" })
  expect.legal(g, "snake 1 c4")              -- onto another snake
  expect.legal(g, "snake 1 d3")              -- onto a knocked-down tree
  expect.legal(g, "snake 1 c3-c4")
  g:play("snake 1 c4")
  expect.eq(g.state.forest:get(node(g, "c4"), "snakes"), 2)
end)

test("snakes: any player may move any snake", function()
  local g = start(3)
  turn(g, 2, { "snake", "star", "shooting", "A", "A" })
  for snake = 1, 3 do expect.truthy(#moves_of(g, "snake " .. snake .. " ") > 0, "snake " .. snake) end
end)

-- 6. Collecting stars ---------------------------------------------------------------------------------

test("stars: a fairy reaching a tree with a star collects it", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  put_stars(g, "d3", 1)
  turn(g, 1, { "fairy", "snake", "star", "shooting", "A" })
  g:play("fairy d3")
  expect.eq(held(g, 1), 1)
  expect.eq(stars_at(g, "d3"), 0)
end)

test("stars: a fairy entering a tree with two stars takes one; staying, it takes the second next turn", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  put_stars(g, "d3", 2)
  turn(g, 1, { "fairy", "star", "shooting", "A", "A" })
  g:play("fairy d3")
  expect.eq({ held(g, 1), stars_at(g, "d3") }, { 1, 1 })
  -- seat 1's next turn begins at d3, standing, with a star: it collects it
  local h = start(2)
  put_fairy(h, 1, "d3")
  put_fairy(h, 2, "e5")
  put_stars(h, "d3", 1)
  h.state.stars:set(1, 1)
  end_with(h, 2, { "snake", "star", "shooting", "A", "A" }, { "snake", "snake", "tree" })
  expect.eq(h.state.turn.seat, 1)
  expect.eq({ held(h, 1), stars_at(h, "d3") }, { 2, 0 })
end)

test("stars: only moving to the tree twice gets two stars from it in one turn", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  put_stars(g, "d3", 3)
  turn(g, 1, { "fairy", "fairy", "fairy", "star", "shooting" })
  g:play("fairy d3")
  g:play("fairy e3")
  g:play("fairy d3")
  expect.eq({ held(g, 1), stars_at(g, "d3") }, { 2, 1 })
end)

test("stars: a fairy can visit several trees with stars in one turn", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  put_stars(g, "d3", 1)
  put_stars(g, "e3", 1)
  turn(g, 1, { "fairy", "fairy", "star", "shooting", "A" })
  g:play("fairy d3")
  g:play("fairy e3")
  expect.eq(held(g, 1), 2)
end)

test("decision: passing a knocked-down tree with a star collects the star", function()
  local g = start(2)
  put_fairy(g, 1, "b3")
  knock(g, "c3")
  put_stars(g, "c3", 2)
  turn(g, 1, { "fairy", "fairy", "star", "shooting", "A" })
  g:play("fairy c3")
  expect.eq(held(g, 1), 1)
  g:play("fairy d3")
  expect.eq({ held(g, 1), stars_at(g, "c3") }, { 1, 1 })
end)

test("decision: a fairy does not collect at the start of its turn from a knocked-down tree", function()
  -- it cannot begin a turn there; a tree knocked down under it (by hand) keeps its star
  local g = start(2)
  put_fairy(g, 1, "d3")
  put_stars(g, "d3", 1)
  knock(g, "d3")
  end_with(g, 2, { "snake", "star", "shooting", "A", "A" }, { "snake", "snake", "tree" })
  expect.eq(g.state.turn.seat, 1)
  expect.eq({ held(g, 1), stars_at(g, "d3") }, { 0, 1 })
end)

test("Star Fluke: a fairy entering a tree with two stars takes both", function()
  local g = start(2, "star-fluke")
  put_fairy(g, 1, "c3")
  put_stars(g, "d3", 2)
  turn(g, 1, { "fairy", "star", "shooting", "A", "A" })
  g:play("fairy d3")
  expect.eq({ held(g, 1), stars_at(g, "d3") }, { 2, 0 })
end)

test("Star Fluke: a visit collects every star, and a fairy may go home with more than 5", function()
  local g = start(3, "star-fluke")
  put_fairy(g, 1, "c3")
  g.state.stars:set(1, 3)
  put_stars(g, "d3", 4)
  turn(g, 1, { "fairy", "star", "shooting", "A", "A" })
  g:play("fairy d3")
  expect.eq(held(g, 1), 7)
  expect.eq(state_of(g, 1), HOME)
  expect.eq(stars_at(g, "d3"), 0)
end)

-- 7. Getting bit ------------------------------------------------------------------------------------------

--- The turn of `seat` ends (with `end`) in a position set by prepare(g);
--- the next player's roll is rigged to give snake steps (a snake can always
--- move), so exactly one end of turn, one round of bites, has happened.
local function end_turn(players, seat, prepare, variants)
  local g = start(players, variants)
  prepare(g)
  end_with(g, seat, { "snake", "star", "shooting", "A", "A" }, { "snake", "snake", "snake" })
  expect.eq({ g.state.turn.seat, g.state.turn.phase }, { seat % players + 1, PHASE.move })
  return g
end

test("bites: at the end of a turn a fairy at a tree with snakes loses one heart per snake", function()
  local g = end_turn(2, 1, function(g)
    put_fairy(g, 1, "c3")
    put_fairy(g, 2, "e5")
    put_snake(g, 1, "c3")
    put_snake(g, 2, "c3")
  end)
  expect.eq({ hearts(g, 1), hearts(g, 2) }, { 1, 3 })
end)

test("bites: every fairy is bitten at the end of every turn, not only the roller's", function()
  local g = end_turn(3, 1, function(g)
    put_fairy(g, 1, "c3")
    put_fairy(g, 2, "d4")
    put_fairy(g, 3, "d4")
    put_snake(g, 1, "d4")
  end)
  expect.eq({ hearts(g, 1), hearts(g, 2), hearts(g, 3) }, { 3, 2, 2 })
end)

test("bites: four fairies at one tree with a snake are all bitten (4 players)", function()
  local g = end_turn(4, 1, function(g)
    for seat = 1, 4 do put_fairy(g, seat, "d4") end
    put_snake(g, 1, "d4")
  end)
  expect.eq({ hearts(g, 1), hearts(g, 2), hearts(g, 3), hearts(g, 4) }, { 2, 2, 2, 2 })
end)

test("bites: a snake on a path next to the fairy does not bite", function()
  local g = end_turn(2, 1, function(g)
    put_fairy(g, 1, "c3")
    put_snake(g, 1, "c3-d3")
  end)
  expect.eq(hearts(g, 1), 3)
end)

test("bites: a fairy with no hearts trades a collected star for 3 hearts, then loses one", function()
  local g = end_turn(2, 1, function(g)
    put_fairy(g, 1, "c3")
    put_snake(g, 1, "c3")
    g.state.hearts:set(1, 0)
    g.state.stars:set(1, 2)
  end)
  expect.eq({ hearts(g, 1), held(g, 1), g.state.traded:get() }, { 2, 1, 1 })
  expect.eq(state_of(g, 1), UP)
end)

test("bites: two bites with one heart: the first takes the heart, the second trades a star", function()
  local g = end_turn(2, 1, function(g)
    put_fairy(g, 1, "c3")
    put_snake(g, 1, "c3")
    put_snake(g, 2, "c3")
    g.state.hearts:set(1, 1)
    g.state.stars:set(1, 1)
  end)
  expect.eq({ hearts(g, 1), held(g, 1) }, { 2, 0 })
end)

test("bites: a fairy bitten with no hearts and no star is laid down, where it was", function()
  local g = end_turn(2, 1, function(g)
    put_fairy(g, 1, "c3")
    put_snake(g, 1, "c3")
    put_snake(g, 2, "c3")
    g.state.hearts:set(1, 1)
  end)
  expect.eq(state_of(g, 1), LAID_DOWN)
  expect.eq(hearts(g, 1), 0)
  expect.eq(fairy_at(g, 1), "c3")
  expect.eq(g.state.forest:get(node(g, "c3"), "fairies"), 1)
end)

test("bites: a laid-down fairy is not bitten", function()
  local g = end_turn(2, 1, function(g)
    put_fairy(g, 1, "c3")
    put_fairy(g, 2, "c3")
    put_snake(g, 1, "c3")
    lay_down(g, 1)
    g.state.stars:set(1, 2)
  end)
  expect.eq({ state_of(g, 1), hearts(g, 1), held(g, 1) }, { LAID_DOWN, 0, 2 })
  expect.eq(hearts(g, 2), 2)                  -- the standing fairy beside it is bitten
end)

test("bites: a laid-down fairy cannot move, but its player still rolls and moves snakes", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  lay_down(g, 1)
  turn(g, 1, { "fairy", "snake", "tree", "star", "shooting" })
  expect.eq(#moves_of(g, "fairy "), 0)
  expect.truthy(#moves_of(g, "snake ") > 0)
  g:play("snake 2 e3")
  g:play("snake 2 e4")
  expect.eq(snake_at(g, 2), "e4")
end)

--- `ender`'s `end`, in a position made by prepare(g) with these dice and
--- the seats `down` laid down, and the next seat's roll completes the five:
--- every die it rolls shows a star.
local function with_laid_down(players, ender, faces, prepare, down)
  local g = start(players)
  prepare(g)
  for _, seat in ipairs(down) do lay_down(g, seat) end
  local roll = {}
  for _, face in ipairs(faces) do
    if face ~= "A" then roll[#roll + 1] = "star" end
  end
  return end_with(g, ender, faces, roll)
end

local function spread3(g)
  put_fairy(g, 1, "b2")
  put_fairy(g, 2, "c5")
  put_fairy(g, 3, "f2")
end

test("bites: the next falling star revives a laid-down fairy (3 hearts) instead of landing", function()
  local g = with_laid_down(2, 2, { "A", "A", "A", "A", "snake" }, function(g)
    put_fairy(g, 1, "c3")
    put_fairy(g, 2, "e5")
  end, { 1 })
  expect.eq(g.state.revived:get(), 1)
  expect.eq(g.state.fallen:get(), 1)
  expect.eq(state_of(g, 1), UP)
  expect.eq(hearts(g, 1), 3)
  expect.eq(g.state.forest:count({ stars = { 1, 99 } }), 0)   -- the star is gone
  expect.eq(held(g, 1) + held(g, 2), 0)
  expect.truthy(#dice(g) < 5, "all five dice went back into play")
end)

test("decision: the star revives the first laid-down fairy in turn order from the roller", function()
  -- seat 3 ends, seat 1 rolls the fifth star: seat 1 itself comes first
  local g = with_laid_down(3, 3, { "A", "A", "A", "A", "snake" }, spread3, { 1, 3 })
  expect.eq({ state_of(g, 1), state_of(g, 3) }, { UP, LAID_DOWN })
  -- seat 1 ends, seat 2 rolls it: then seat 3, then seat 1
  local h = with_laid_down(3, 1, { "A", "A", "A", "A", "snake" }, spread3, { 1, 3 })
  expect.eq({ state_of(h, 1), state_of(h, 3) }, { LAID_DOWN, UP })
  expect.eq(h.state.revived:get(), 1)
end)

test("decision: the search in turn order from the roller goes round to the seat before it", function()
  -- 2 players: seat 1 ends, seat 2 rolls the fifth star, and seat 1's fairy lies down
  local g = with_laid_down(2, 1, { "A", "A", "A", "A", "snake" }, function(g)
    put_fairy(g, 1, "c3")
    put_fairy(g, 2, "e5")
  end, { 1 })
  expect.eq(state_of(g, 1), UP)
  expect.eq(hearts(g, 1), 3)
  expect.eq(g.state.revived:get(), 1)
  -- 3 players: seat 1 ends, seat 2 rolls it; only seat 1 lies down, the last in turn order
  local h = with_laid_down(3, 1, { "A", "A", "A", "A", "snake" }, spread3, { 1 })
  expect.eq(state_of(h, 1), UP)
  expect.eq(h.state.revived:get(), 1)
end)

test("decision: a star that revives lands nowhere and knocks nothing down", function()
  -- three dice aside: the completing roll sets two aside, which would knock a tree down
  local g = with_laid_down(2, 2, { "A", "A", "A", "snake", "snake" }, function(g)
    put_fairy(g, 1, "c3")
    put_fairy(g, 2, "e5")
  end, { 1 })
  expect.eq(g.state.revived:get(), 1)
  expect.eq(g.state.forest:count({ tree = KNOCKED_DOWN }), 0)
end)

-- 8. Going back home ------------------------------------------------------------------------------------------

test("home: a fairy that collects its fifth star goes home at once and leaves the forest", function()
  local g = start(3)
  put_fairy(g, 1, "c3")
  g.state.stars:set(1, 4)
  put_stars(g, "d3", 1)
  turn(g, 1, { "fairy", "fairy", "snake", "star", "shooting" })
  g:play("fairy d3")
  expect.eq(state_of(g, 1), HOME)
  expect.eq(fairy_at(g, 1), nil)
  expect.eq(g.state.forest:get(node(g, "d3"), "fairies"), 0)
  expect.eq(g.state.home_order:get(1), 1)
  expect.eq(#moves_of(g, "fairy "), 0)     -- the fairy die left is of no use
  expect.truthy(#moves_of(g, "snake ") > 0)
  expect.falsy(g:over())
end)

test("home: a player whose fairy is home still rolls and moves snakes; fairy dice are no use", function()
  local g = start(3)
  g.state.fairy_state:set(1, HOME)
  g.state.forest:add(g.state.fairy_at:get(1), "fairies", -1)
  g.state.fairy_at:set(1, 0)
  g.state.stars:set(1, 5)
  g.state.home:set(1)
  g.state.home_order:set(1, 1)
  end_with(g, 3, { "snake", "star", "shooting", "fairy", "tree" }, { "fairy", "fairy", "snake", "tree", "fairy" })
  expect.eq({ g:actor(), g.state.turn.phase }, { 1, PHASE.move })
  expect.eq({ g.state.roll.fairy, g.state.roll.snake, g.state.roll.tree }, { 3, 1, 1 })
  expect.eq(#moves_of(g, "fairy "), 0)
  expect.truthy(#moves_of(g, "snake ") > 0)
  expect.legal(g, "end")
end)

test("home: a player whose fairy is home still drops new stars", function()
  local g = start(2)
  g.state.fairy_state:set(1, HOME)
  g.state.forest:add(g.state.fairy_at:get(1), "fairies", -1)
  g.state.fairy_at:set(1, 0)
  put_fairy(g, 2, "e5")
  turn(g, 1, { "A", "A", "A", "A", "A" })
  g.state.turn.phase = PHASE.fall
  g:play("star e4")                           -- next to seat 2's fairy: fine for seat 1
  expect.eq(stars_at(g, "e4"), 1)
end)

test("end: the game ends when every fairy but one is home; players rank in the order they went home", function()
  local g = start(3)
  put_fairy(g, 1, "c3")
  put_fairy(g, 2, "d4")
  put_fairy(g, 3, "e3")
  g.state.stars:set(3, 4)
  put_stars(g, "e4", 1)
  turn(g, 3, { "fairy", "star", "shooting", "A", "A" })
  g:play("fairy e4")
  expect.eq(state_of(g, 3), HOME)
  expect.falsy(g:over())
  g.state.stars:set(1, 4)
  put_stars(g, "b3", 1)
  turn(g, 1, { "fairy", "snake", "star", "shooting", "A" })
  g:play("fairy b3")
  expect.truthy(g:over())
  expect.eq(#g:moves(), 0)
  local r = g:result()
  expect.eq(r.ranks, { 2, 3, 1 })
  expect.eq(r.winners, { 3 })
  expect.eq(r.scores, { 5, 0, 5 })
  expect.eq(r.text, "every fairy but one is home: seat 3's fairy went home first")
end)

test("end: with 2 players the game ends when the first fairy goes home", function()
  local g = start(2)
  put_fairy(g, 2, "d4")
  g.state.stars:set(2, 4)
  put_stars(g, "d5", 1)
  turn(g, 2, { "tree", "star", "shooting", "A", "A" })
  g:play("fairy d5")
  expect.truthy(g:over())
  expect.eq(g:result().ranks, { 2, 1 })
end)

test("choice: a fairy may enter a knocked-down tree with no step left when its stars take it home", function()
  local g = start(3)
  put_fairy(g, 1, "b3")
  knock(g, "c3")
  put_stars(g, "c3", 1)
  g.state.stars:set(1, 4)
  turn(g, 1, { "fairy", "snake", "star", "shooting", "A" })
  expect.legal(g, "fairy c3")
  g:play("fairy c3")
  expect.eq(state_of(g, 1), HOME)
end)

-- 9. Variants ------------------------------------------------------------------------------------------------

test("Scaredy-snake: snakes can only be at a tree: no path in setup", function()
  local g = open(2, "scaredy-snake")
  for _, m in ipairs({ "knock b2", "knock c2", "plant a1", "plant f6" }) do g:play(m) end
  expect.eq(#g:moves(), g.state.forest:count())
  expect.illegal(g, "snake 1 b2-c2")
  expect.legal(g, "snake 1 b2")
end)

test("Scaredy-snake: every path position is forbidden to snakes moving", function()
  local g = start(2, "scaredy-snake")
  put_snake(g, 1, "d3")
  turn(g, 1, { "snake", "star", "shooting", "A", "A" })
  expect.eq(moves_of(g, "snake 1 "), sorted({ "snake 1 c3", "snake 1 e3", "snake 1 d2", "snake 1 d4" }))
  for _, m in ipairs(g:moves()) do expect.falsy(m:find("-", 1, true), m) end
end)

test("variants: Scaredy-snake and Star Fluke combine", function()
  local g = start(2, "scaredy-snake,star-fluke")
  put_fairy(g, 1, "c3")
  put_snake(g, 2, "e3")
  put_stars(g, "d3", 2)
  turn(g, 1, { "fairy", "snake", "star", "shooting", "A" })
  for _, m in ipairs(g:moves()) do expect.falsy(m:find("-", 1, true), m) end
  g:play("fairy d3")
  expect.eq(held(g, 1), 2)
end)

test("variants: grove list shows both; the base game has neither rule", function()
  local found
  for _, entry in ipairs(games.list()) do
    if entry.name == "starfall" then found = entry end
  end
  expect.truthy(found)
  expect.eq(found.definition.variants, { "scaredy-snake", "star-fluke" })
  expect.eq(found.definition.title, "Starfall Forest")
  local g = start(2)
  expect.eq({ g.state.rules.snakes_on_paths, g.state.rules.stars_per_visit }, { 1, 1 })
end)

-- The greedy bot's score ------------------------------------------------------------------------------------

test("score: the greedy bot takes a star within reach", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  put_stars(g, "d3", 1)
  turn(g, 1, { "fairy", "star", "shooting", "A", "A" })
  local _, text = g:choose("greedy", 1)
  expect.eq(text, "fairy d3")
end)

test("score: home first beats home second beats stars, and a star beats three hearts", function()
  local g = start(3)
  local def = g.definition
  g.state.home_order:set(1, 1)
  g.state.home_order:set(2, 2)
  g.state.stars:set(3, 4)
  expect.truthy(def.score(g.state, 1) > def.score(g.state, 2))
  expect.truthy(def.score(g.state, 2) > def.score(g.state, 3))
  g.state.stars:set(3, 1)
  g.state.hearts:set(3, 0)
  local one_star = def.score(g.state, 3)
  g.state.stars:set(3, 0)
  g.state.hearts:set(3, 3)
  expect.truthy(one_star > def.score(g.state, 3))
end)

-- Moves as text ----------------------------------------------------------------------------------------------

test("moves: texts a person can type; a path either way round", function()
  local g = start(2)
  put_snake(g, 1, "c3")
  turn(g, 1, { "snake", "star", "shooting", "A", "A" })
  expect.truthy(g:try("snake 1 d3-c3"))
  expect.eq(snake_at(g, 1), "c3-d3")
end)

test("moves: every legal move has its own text", function()
  local g = start(4)
  turn(g, 1, { "fairy", "snake", "tree", "star", "shooting" })
  local seen = {}
  for _, m in ipairs(g:moves()) do
    expect.falsy(seen[m], m)
    seen[m] = true
  end
  expect.truthy(seen["end"])
end)

-- The picture ------------------------------------------------------------------------------------------------

test("render: before the setup rounds, each seat's fairy and snake are not placed", function()
  local text = open(2):render()
  expect.truthy(text:find("\nSeat 1: fairy not placed, 3 hearts, 0 stars; snake 1 not placed   <- ", 1, true), text)
  expect.truthy(text:find("\nSeat 2: fairy not placed, 3 hearts, 0 stars; snake 2 not placed", 1, true), text)
end)

test("render: the forest with paths, knocked-down trees, snakes, fairies, stars, dice and players", function()
  local g = start(2)
  put_fairy(g, 1, "c3")
  put_fairy(g, 2, "d4")
  lay_down(g, 2)
  put_snake(g, 1, "b5")
  put_snake(g, 2, "d2-e2")
  knock(g, "e3")
  put_stars(g, "e4", 2)
  turn(g, 1, { "A", "A", "fairy", "shooting", "tree" })
  local text = g:render()
  for _, part in ipairs({ "TF1", "Tf2", "TS1", "x", "T*2", "-S2-", "Dice set aside: 2 of 5",
    "Rolled this turn: fairy, shooting star, tree", "left to use: 1 fairy, 0 snake, 1 tree",
    "Seat 1: fairy at c3, 3 hearts, 0 stars; snake 1 at b5",
    "Seat 2: fairy lying down at d4", "snake 2 on the path d2-e2", " a ", " f" }) do
    expect.truthy(text:find(part, 1, true), "render shows " .. part .. "\n" .. text)
  end
  expect.eq(text, table.concat({
    " 6  .      .      .      .      .      T",
    "                                   /",
    " 5  .      TS1--- T----- T----- T      .",
    "           |  /   |  \\   |  /   |",
    " 4  .      T----- T----- Tf2--- T*2    .",
    "           |  \\   |  /   |  \\   |",
    " 3  .      T----- TF1--- T----- x      .",
    "           |  /   |  \\   |  /   |",
    " 2  .      T----- T----- T-S2-- T      .",
    "       /",
    " 1  T      .      .      .      .      .",
    "    a      b      c      d      e      f",
    "T tree  x knocked-down tree  * star (*2 two)  F1 fairy of seat 1 (f1 lying down)  S2 snake 2  --- | \\ / paths",
    "Dice set aside: 2 of 5 stars (star, star)",
    "Rolled this turn: fairy, shooting star, tree   left to use: 1 fairy, 0 snake, 1 tree",
    "Seat 1: fairy at c3, 3 hearts, 0 stars; snake 1 at b5   <- move your fairy or snakes (fairy c3, snake N b2-c2), then end",
    "Seat 2: fairy lying down at d4 (a falling star revives it), 0 hearts, 0 stars; snake 2 on the path d2-e2",
  }, "\n"))
end)
