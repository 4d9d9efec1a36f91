-- Flooded Forest: seeded random playouts, 500 games for 3 and for 4
-- players. After every move the definition's invariants(s) (game.lua: the
-- tiles, fish and predators conserved and where they may stand, hands and
-- counters in range, the end as soon as the river circles are full) and
-- what only a move and the next can show:
--   * predators: never more on the board than before during the dry phase;
--   * scores: fish home and fish eaten never go down;
--   * every game ends (within MOVE_CAP moves); when it ends with the river
--     not full, no tile can be pulled (checked here independently of
--     game.lua: two neighbouring open sides, and no tile joined to the
--     river by water loses that link).
-- Undo after a move restores the identical hash and redo the new one, on
-- every move; the history replayed from the seed gives the identical final
-- hash, for every game.

local GAMES = playouts(500)               -- per player count (fewer under make asan)
local MOVE_CAP = 2000
local COLOURS = { "red", "green", "blue", "purple" }
local RIVER_CIRCLES = { [3] = 12, [4] = 15 }

local STAGE = games.open("flooded", { players = 3, seed = 1 }).definition.data.stages

--- A small seeded generator (the test environment has no math.randomseed):
--- pick(n) is 1..n.
local generator = random_picker        -- grove.testing

local OPPOSITE = { 4, 5, 6, 1, 2, 3 }

--- Could any Flood tile be pulled? Worked out here from the rule text:
--- two neighbouring open sides, and no other tile joined to the river by
--- water loses its link.
local function any_pullable(map)
  local function joined(without)
    local seen, queue, n = { [map:id("0,0")] = true }, { map:id("0,0") }, 1
    local count = 1
    while n <= #queue do
      local h = queue[n]
      n = n + 1
      for d = 1, 6 do
        local nb = map:step(h, d)
        if nb and nb ~= without and not seen[nb] and map:side(h, "side", d) == 1
          and map:side(nb, "side", OPPOSITE[d]) == 1 then
          seen[nb] = true
          count = count + 1
          queue[#queue + 1] = nb
        end
      end
    end
    return seen, count
  end
  local all, all_count = joined(nil)
  for _, h in ipairs({ map:cells({ tile = { 1, 36 } }) }) do
    local open = {}
    for d = 1, 6 do
      local nb = map:step(h, d)
      open[d] = nb == nil or map:get(nb, "tile") == 0
    end
    local slides = false
    for d = 1, 6 do
      if open[d] and open[d % 6 + 1] then slides = true end
    end
    if slides then
      if not all[h] then return true end
      local _, still = joined(h)
      if still == all_count - 1 then return true end
    end
  end
  return false
end

local function playout(players, seed)
  local g = games.open("flooded", { players = players, seed = seed })
  local s, map = g.state, g.state.map
  local where, last = "setup", nil          -- last: the move just played
  local function check(ok, fmt, ...)
    if not ok then
      if last then where = string.format("%s (%s)", where, g:describe(last)) end
      error(string.format("%d players, game %d, %s: " .. fmt, players, seed, where, ...), 0)
    end
  end

  local home_before, eaten_before, predators_before = {}, {}, math.huge
  for seat = 1, players do
    home_before[seat] = 0
    eaten_before[seat] = 0
  end

  local function invariants()
    local ok, broken = pcall(g.definition.invariants, s)
    check(ok, "%s", broken)
    if s.play.stage == STAGE.dry then
      local predators = map:count({ predator = { 1, 3 } })
      check(predators <= predators_before, "predators went from %d to %d", predators_before, predators)
      predators_before = predators
    end
    local home_total = 0
    for seat = 1, players do
      local eaten = 0
      for other = 1, players do eaten = eaten + s["eaten_" .. COLOURS[other]]:get(seat) end
      check(s.home:get(seat) >= home_before[seat], "seat %d's fish home went down", seat)
      check(eaten >= eaten_before[seat], "seat %d's fish eaten went down", seat)
      home_before[seat], eaten_before[seat] = s.home:get(seat), eaten
      home_total = home_total + s.home:get(seat)
    end
    return home_total
  end

  invariants()
  local pick = generator(players * 1000003 + seed)
  local n, home_total = 0, 0
  while not g:over() do
    n = n + 1
    check(n <= MOVE_CAP, "no end after %d moves", MOVE_CAP)
    local legal = g:legal()
    local m = legal[pick(#legal)]
    where, last = "move " .. n, nil
    local hash_before = g:hash()
    g:play(m)
    last = m
    home_total = invariants()
    local hash_after = g:hash()
    check(g:undo(), "undo refused")
    check(g:hash() == hash_before, "undo does not restore the hash")
    check(g:redo(), "redo refused")
    check(g:hash() == hash_after, "redo does not restore the hash")
  end
  where, last = string.format("the end after %d moves", n), nil
  check(s.play.stage == STAGE.dry, "the game ended outside the dry phase")
  local river_full = home_total >= RIVER_CIRCLES[players]
  if not river_full then check(not any_pullable(map), "a tile could still be pulled") end
  local r = g:result()
  check(r ~= nil, "no result")

  local history = g:history()
  check(#history == n, "history holds %d moves, %d played", #history, n)
  local again = games.open("flooded", { players = players, seed = seed })
  for _, move in ipairs(history) do again:play(move) end
  check(again:hash() == g:hash(), "the replayed game differs")
  again:close()
  g:close()
  return river_full
end

for players = 3, 4 do
  test(string.format("playouts: %d random %d-player games keep every invariant and end", GAMES, players), function()
    local full = 0
    for seed = 1, GAMES do
      if playout(players, seed) then full = full + 1 end
    end
    expect.truthy(full > GAMES // 2, "most random games end with a full river, got " .. full)
  end)
end
