-- Starfall Forest: "They can go to a knocked down tree but they must in the
-- same turn move away from the knocked down tree again." game.lua decides
-- with a pruned search whether a use of the dice left takes the fairy off
-- again (README: "Knocked-down trees"). This file checks that search against
-- a plain one that tries every use of the dice, in every order, with no
-- pruning, written here from the rule text alone, on positions from seeded
-- random games: every fairy step onto a knocked-down tree, and every snake
-- step while the roller's fairy is at one, is legal exactly when the plain
-- search finds a way off. Random games seldom put the search to work, so
-- the last test also makes hard positions by hand: the roller's fairy
-- already at a knocked-down tree amid knocked-down trees, every snake next
-- to it, four dice or fewer left.
--
-- The plain search walks every step of every die, so it is slow where many
-- dice are left: a step whose plain search tries more than TRY_CAP steps
-- (HARD_TRY_CAP in the positions made by hand) is skipped (counted; a few
-- in a thousand in games, about one in four by hand).

local GAMES = playouts(10)            -- per player count and variant
local TRY_CAP, HARD_TRY_CAP = 20000, 2000
local MOVE_PHASE, UP, STANDING, STARS_TO_GO_HOME = 7, 1, 1, 5
local COMBINATIONS = { "", "scaredy-snake", "star-fluke" }
local HARD_POSITIONS = playouts(150)
local SETUP4 = { "knock b2", "knock c2", "knock d2", "knock e2", "plant a1", "plant g7", "plant a7", "plant g1",
  "snake 1 b6", "snake 2 f2", "snake 3 f6", "snake 4 b3", "fairy c3", "fairy d4", "fairy e3", "fairy d5" }
local DICE_LEFT = { { 1, 3, 0 }, { 2, 2, 0 }, { 1, 2, 1 }, { 0, 1, 3 }, { 1, 0, 3 }, { 0, 3, 1 }, { 0, 0, 4 }, { 1, 1, 2 } }

--- The plain search on g's state. It moves snakes and takes stars in the
--- state itself while it looks, and puts everything back.
local function plain_search(g, seat, cap)
  local s = g.state
  local forest, players = s.forest, s.players
  local paths_too = s.rules.snakes_on_paths == 1
  local per_visit = s.rules.stars_per_visit
  local tries, gave_up = 0, false

  local function snake_free_path(edge)
    for snake = 1, players do
      if forest:edge_get(edge, "snake" .. snake) == 1 then return false end
    end
    return true
  end

  local function put(snake, at)
    local was = s.snake_at:get(snake)
    if was > 0 then forest:add(was, "snakes", -1) else forest:edge_set(-was, "snake" .. snake, 0) end
    if at > 0 then forest:add(at, "snakes", 1) else forest:edge_set(-at, "snake" .. snake, 1) end
    s.snake_at:set(snake, at)
  end

  -- where a snake may step: from a tree to a neighbouring tree or onto a
  -- path from it; from a path to either end or onto a path sharing an end
  local function snake_places(snake)
    local at, list = s.snake_at:get(snake), {}
    local function trees(...) for _, n in ipairs({ ... }) do list[#list + 1] = n end end
    local function paths(except, ...)
      if not paths_too then return end
      for _, e in ipairs({ ... }) do if e ~= except then list[#list + 1] = -e end end
    end
    if at > 0 then
      trees(forest:neighbors(at))
      paths(0, forest:edges(at))
    else
      local a, b = forest:ends(-at)
      trees(a, b)
      paths(-at, forest:edges(a))
      paths(-at, forest:edges(b))
    end
    return list
  end

  local function pay(own, dice)          -- dice = { fairy =, snake =, tree = }
    local left = { fairy = dice.fairy, snake = dice.snake, tree = dice.tree }
    if left[own] > 0 then left[own] = left[own] - 1 else left.tree = left.tree - 1 end
    return left
  end

  local off
  -- the fairy enters `tree`: a standing tree is a way off; five stars take it home
  local function enter(tree, held, dice)
    local stars = forest:get(tree, "stars")
    local take = (per_visit == 0 or per_visit > stars) and stars or per_visit
    if held + take >= STARS_TO_GO_HOME then return true end
    if forest:get(tree, "tree") == STANDING then return true end
    forest:add(tree, "stars", -take)
    local ok = off(tree, held + take, dice)
    forest:add(tree, "stars", take)
    return ok
  end

  off = function(here, held, dice)
    tries = tries + 1
    if tries > cap then gave_up = true end
    if gave_up then return false end         -- unwinds, putting everything back
    if dice.fairy + dice.tree > 0 then
      local left = pay("fairy", dice)
      for _, e in ipairs({ forest:edges(here) }) do
        local to = forest:other(e, here)
        if forest:get(to, "snakes") == 0 and snake_free_path(e) and enter(to, held, left) then return true end
      end
    end
    if dice.snake + dice.tree > 0 then
      local left = pay("snake", dice)
      for snake = 1, players do
        local was = s.snake_at:get(snake)
        for _, to in ipairs(snake_places(snake)) do
          put(snake, to)
          local ok = off(here, held, left)
          put(snake, was)
          if ok then return true end
        end
      end
    end
    return false
  end

  return {
    --- May the fairy step onto the knocked-down `tree`? nil when too long to say.
    enter = function(tree)
      tries, gave_up = 0, false
      local result = enter(tree, s.stars:get(seat), pay("fairy", s.roll))
      if gave_up then return nil end
      return result
    end,
    --- May snake N step to `at` while the fairy is at a knocked-down tree?
    snake_step = function(snake, at)
      local was = s.snake_at:get(snake)
      tries, gave_up = 0, false
      put(snake, at)
      local result = off(s.fairy_at:get(seat), s.stars:get(seat), pay("snake", s.roll))
      put(snake, was)
      if gave_up then return nil end
      return result
    end,
    snake_places = snake_places,
  }
end

local function point_name(g, id)
  local w = g.state.players == 2 and 6 or 7
  return string.char(96 + (id - 1) % w + 1) .. ((id - 1) // w + 1)
end

local function place_name(g, at)
  if at > 0 then return point_name(g, at) end
  local a, b = g.state.forest:ends(-at)
  if b < a then a, b = b, a end
  return point_name(g, a) .. "-" .. point_name(g, b)
end

--- Compare, in the position g is in, every step the rule is about (the
--- plain search giving up after `cap` tries).
local function compare(g, counts, cap)
  local s = g.state
  if s.turn.over == 1 or s.turn.phase ~= MOVE_PHASE then return end
  local seat = s.turn.seat
  if s.fairy_state:get(seat) ~= UP then return end
  local legal = {}
  for _, m in ipairs(g:moves()) do legal[m] = true end
  local hash, plain, forest = g:hash(), plain_search(g, seat, cap), s.forest
  local here = s.fairy_at:get(seat)
  local function check(text, says)
    if says == nil then counts.skipped = counts.skipped + 1 return end
    counts.compared = counts.compared + 1
    if says ~= (legal[text] == true) then
      error(string.format("seed %d, %d players, '%s', move %d: '%s' is %s, the plain search says %s\n%s",
        g.seed, s.players, g.variants, #g:history(), text, legal[text] and "legal" or "refused",
        says and "legal" or "refused", g:render()), 0)
    end
  end
  local roll = s.roll
  if roll.fairy + roll.tree > 0 then
    for _, e in ipairs({ forest:edges(here) }) do
      local to = forest:other(e, here)
      local open = forest:get(to, "snakes") == 0
      for snake = 1, s.players do open = open and forest:edge_get(e, "snake" .. snake) == 0 end
      if open and forest:get(to, "tree") ~= STANDING then check("fairy " .. point_name(g, to), plain.enter(to)) end
    end
  end
  if forest:get(here, "tree") ~= STANDING and roll.snake + roll.tree > 0 then
    for snake = 1, s.players do
      for _, at in ipairs(plain.snake_places(snake)) do
        check(string.format("snake %d %s", snake, place_name(g, at)), plain.snake_step(snake, at))
      end
    end
  end
  if g:hash() ~= hash then error("the plain search did not put the state back", 0) end
end

for _, variants in ipairs(COMBINATIONS) do
  for players = 2, 4 do
    test(string.format("knocked-down trees: the search agrees with trying every use of the dice (%d players, %s)",
      players, variants == "" and "no variant" or variants), function()
      local counts = { compared = 0, skipped = 0 }
      for seed = 1, GAMES do
        local g = games.open("starfall", { players = players, seed = seed, variants = variants })
        local pick = 0
        while not g:over() do
          compare(g, counts, TRY_CAP)
          pick = pick + 1
          g:playout(seed * 100003 + pick, 1)
        end
        g:close()
      end
      expect.truthy(counts.compared > 0)
      expect.truthy(counts.skipped * 100 <= counts.compared, string.format("%d skipped, %d compared",
        counts.skipped, counts.compared))
    end)
  end
end

--- A hard position, by hand: most trees knocked down (40-94%), the
--- roller's fairy (seat 1) at a knocked-down tree in the middle of its
--- steps, each snake at one of that tree's neighbours or on a path from one,
--- and four dice or fewer left.
local function hard_position(trial, pick)
  local g = games.open("starfall", { players = 4, seed = trial })
  for _, m in ipairs(SETUP4) do g:play(m) end
  local s = g.state
  local forest = s.forest
  local trees = { forest:nodes() }
  local knocked_down = 40 + pick(55)
  for _, tree in ipairs(trees) do
    forest:set(tree, "tree", pick(100) <= knocked_down and 2 or STANDING)
    forest:set(tree, "stars", 0)
  end
  local here = trees[pick(#trees)]
  forest:set(here, "tree", 2)
  forest:add(s.fairy_at:get(1), "fairies", -1)
  forest:add(here, "fairies", 1)
  s.fairy_at:set(1, here)
  local next_to = { forest:neighbors(here) }
  for snake = 1, 4 do
    local at = s.snake_at:get(snake)
    if at > 0 then forest:add(at, "snakes", -1) else forest:edge_set(-at, "snake" .. snake, 0) end
    local tree = next_to[pick(#next_to)]
    if pick(2) == 1 then
      forest:add(tree, "snakes", 1)
      s.snake_at:set(snake, tree)
    else
      local paths = { forest:edges(tree) }
      local path = paths[pick(#paths)]
      forest:edge_set(path, "snake" .. snake, 1)
      s.snake_at:set(snake, -path)
    end
  end
  local dice = DICE_LEFT[pick(#DICE_LEFT)]
  s.roll.fairy, s.roll.snake, s.roll.tree = dice[1], dice[2], dice[3]
  s.turn.seat, s.turn.phase = 1, MOVE_PHASE
  return g
end

test("knocked-down trees: the search agrees with trying every use of the dice in hard positions made by hand", function()
  local counts, pick = { compared = 0, skipped = 0 }, random_picker(7)
  for trial = 1, HARD_POSITIONS do
    local g = hard_position(trial, pick)
    compare(g, counts, HARD_TRY_CAP)
    g:close()
  end
  expect.truthy(counts.compared > 0)
  expect.truthy(counts.skipped * 2 <= counts.compared, string.format("%d skipped, %d compared",
    counts.skipped, counts.compared))
end)
