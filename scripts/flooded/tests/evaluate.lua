-- Flooded Forest: evaluate(s) (evaluate.lua), what the MCTS bot reads where
-- it stops looking ahead: each seat's points, and while the game goes on
-- what its position is worth against the other seats' (only the
-- differences between seats count), read from a few numbers per seat.

local function evaluate(g) return g.definition.evaluate(g.state) end
local function features(g) return g.definition.data.features(g.state) end

local K = {}                                     -- K[name]: the feature's index
for k, name in ipairs(games.open("flooded", { players = 3 }).definition.data.evaluate_features) do K[name] = k end

--- The numbers `names` of seat's features, in that order.
local function read(f, seat, names)
  local out = {}
  for i, name in ipairs(names) do out[i] = f[seat][assert(K[name], name)] end
  return out
end

local SIDE = { ["~"] = 1, ["#"] = 2 }            -- map.lua: WATER, FOREST

--- A Flood tile with these sides (e se sw w nw ne, as tiles.lua writes
--- them) on the empty hex at q,r.
local function tile(g, q, r, sides)
  local map = g.state.map
  local h = map:id(q, r)
  map:set(h, "tile", 1)
  local values = {}
  for d = 1, 6 do values[d] = SIDE[sides:sub(d, d)] end
  map:set_sides(h, "side", table.unpack(values))
  g.definition.data.survey(g.state)
end

--- n fish of `colour` on the hex at q,r, which gets a Flood tile if it has none.
local function fish(g, q, r, colour, n)
  local map = g.state.map
  local h = map:id(q, r)
  if map:get(h, "tile") == 0 then map:set(h, "tile", 1) end
  map:add(h, colour, n)
  map:add(h, "fish", n)
  g.definition.data.survey(g.state)
end

local function take_fish(g, q, r, colour, n) fish(g, q, r, colour, -n) end

--- The dry phase, seat 1 to pull (or, with phase "school", seat 1 has pulled).
local function dry(g, phase)
  local s, def = g.state, g.definition
  s.play.stage = def.data.stages.dry
  s.turn.phase = def.phases.names[phase or "dry"]
  s.turn.seat = 1
end

--- How far seat a stands above seat b.
local function lead(g, a, b)
  local v = evaluate(g)
  return v[a] - v[b]
end

test("evaluate: the fish of each seat counted by row, and beside the predators", function()
  local g = games.open("flooded", { players = 3, seed = 1 })
  local s = g.state
  fish(g, 3, -1, "red", 2)                       -- row -1, beside the river
  fish(g, 3, -2, "red", 1)                       -- row -2
  fish(g, 3, 3, "red", 2)                        -- row 3
  fish(g, 3, 1, "blue", 1)                       -- row 1, seat 3's
  local f = features(g)
  local ROWS = { "beside_river", "a_row_out", "outer_rows" }
  expect.eq(read(f, 1, ROWS), { 2, 1, 2 })
  expect.eq(read(f, 3, ROWS), { 1, 0, 0 })
  expect.eq(read(f, 1, { "with_predator", "beside_predator" }), { 0, 0 })
  expect.eq(read(f, 3, { "prey" }), { 0 })
  s.map:set(s.map:id(3, -1), "predator", 1)      -- a caiman with seat 1's two fish beside the river
  f = features(g)
  expect.eq(read(f, 1, { "with_predator", "beside_predator" }), { 2, 1 })   -- and the fish of 3,-2 next to it
  expect.eq({ f[2][K.prey], f[3][K.prey], f[1][K.prey] }, { 3, 3, 0 })     -- the others' prey: seat 1's three
end)

test("evaluate: a fish a pull sends home, and the seat whose pull comes next", function()
  local g = games.open("flooded", { players = 3, seed = 1 })
  dry(g)
  -- 3,-1 touches river tiles 3,0 (se) and 2,0 (sw), the start tile 2,-1 (w);
  -- its e, nw and ne sides are open: it slides out
  tile(g, 3, -1, "#~####")                       -- water towards 3,0 alone
  fish(g, 3, -1, "red", 2)
  local PULL = { "loose", "a_pull_from_home", "next_pull_home", "later_pull_home" }
  expect.eq(read(features(g), 1, PULL), { 2, 2, 2, 0 })   -- seat 1 pulls now
  dry(g, "school")                                 -- seat 1 has pulled: seat 2 pulls next, then seat 3
  expect.eq(read(features(g), 1, PULL), { 2, 2, 0, 0 })
  fish(g, 3, -1, "blue", 1)
  expect.eq(read(features(g), 3, PULL), { 1, 1, 0, 1 })
  tile(g, 3, -1, "~##~~~")                       -- forest towards the river: no pull sends them home
  expect.eq(read(features(g), 1, PULL), { 2, 0, 0, 0 })
  tile(g, 3, -2, "~~~~~~")                       -- 3,-1 now has only e and ne open: still loose
  expect.eq(read(features(g), 1, { "loose" }), { 2 })
end)

test("evaluate: in the dry phase the seat to pull stands best, then the next", function()
  local g = games.open("flooded", { players = 3, seed = 1 })
  dry(g)
  expect.truthy(lead(g, 1, 2) > 0.5, "seat 1 to pull, above seat 2: " .. lead(g, 1, 2))
  expect.truthy(lead(g, 2, 3) > 0.3, "seat 2 next, above seat 3: " .. lead(g, 2, 3))
end)

test("evaluate: in the dry phase a fish beside the river is worth more while the river has room", function()
  local g = games.open("flooded", { players = 3, seed = 1 })
  local s = g.state
  dry(g)
  local before = lead(g, 1, 2)
  fish(g, 3, -1, "red", 1)
  local empty = lead(g, 1, 2) - before
  expect.truthy(empty > 0.4, "a fish beside the river, the river empty: " .. empty)
  s.home:set(3, 10)                              -- 10 of the 12 circles full (seat 3's fish)
  local with_it = lead(g, 1, 2)
  take_fish(g, 3, -1, "red", 1)
  local nearly_full = with_it - lead(g, 1, 2)
  expect.truthy(nearly_full < empty - 0.2, "the river nearly full: " .. nearly_full .. " against " .. empty)
  fish(g, 3, -3, "red", 1)                       -- two rows further out
  local far = lead(g, 1, 2) - (with_it - nearly_full)
  expect.truthy(far < nearly_full, "further out " .. far .. ", beside the river " .. nearly_full)
end)

test("evaluate: a fish a pull sends home counts more for the seat that pulls next", function()
  local g = games.open("flooded", { players = 3, seed = 1 })
  dry(g, "school")                               -- seat 2 pulls next, seat 3 after it
  tile(g, 3, -1, "#~####")
  local mine, theirs = {}, {}
  for seat, colour in ipairs { "red", "green" } do
    fish(g, 3, -1, colour, 1)
    mine[seat] = evaluate(g)[seat]
    take_fish(g, 3, -1, colour, 1)
    theirs[seat] = evaluate(g)[seat]
  end
  local red, green = mine[1] - theirs[1], mine[2] - theirs[2]
  expect.truthy(green > red + 0.1, "green pulls next: " .. green .. ", red: " .. red)
end)

test("evaluate: in the flood a fish placed from the supply is worth something", function()
  local g = games.open("flooded", { players = 3, seed = 1 })
  local s = g.state
  local before = lead(g, 1, 2)
  fish(g, 3, -2, "red", 1)
  s.supply:add(1, -1)
  local placed = lead(g, 1, 2) - before
  expect.truthy(placed > 0.15 and placed < 1, "a fish placed a row out: " .. placed)
end)

test("evaluate: in the dry phase a fish beside a predator counts less than one away from it", function()
  local g = games.open("flooded", { players = 3, seed = 1 })
  local s = g.state
  dry(g)
  fish(g, 3, -2, "red", 1)
  fish(g, 1, 2, "green", 1)
  local apart = evaluate(g)
  s.map:set(s.map:id(3, -3), "tile", 2)
  s.map:set(s.map:id(3, -3), "predator", 3)      -- a jaguar next to the red fish
  local beside = evaluate(g)
  expect.truthy(beside[1] < apart[1], "red beside a jaguar")
  local green, blue = beside[2] - apart[2], beside[3] - apart[3]
  expect.truthy(math.abs(green - blue) < 1e-9, "green's fish is not near it: only the prey counts, as for blue: "
    .. green .. ", " .. blue)
end)

test("evaluate: once the game is over, the score alone", function()
  local g = games.open("flooded", { players = 3, seed = 2 })
  while not g:over() do g:play(g:legal()[1]) end
  expect.eq(evaluate(g), g:result().scores)
end)
