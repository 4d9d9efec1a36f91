-- mutate: on
-- grove sim flooded -n 400 --bot mcts --seed 10001 --records self.jsonl
-- grove run bench/flooded-evaluate.lua self.jsonl [MORE.jsonl ...]
--
-- Refits the worths of Flooded Forest's evaluate (scripts/flooded/evaluate.lua,
-- WORTH) on games the bots played: the records of `grove sim --records`
-- (3 players), each game played again move by move. At every position it
-- reads evaluate's features for each seat, and fits, stage by stage, how
-- many more points than the mean of the three seats a seat still went on to
-- score (home and eaten) as its features, each less the seats' mean, times
-- their worths. Against the mean, because the bot compares seats and never
-- reads a value alone (bots.c: a sigmoid of the differences); fitted
-- alone, a number that grows for every seat as the game goes on (the fish
-- placed in the flood) would stand for the time left, not for a seat's
-- edge. Least squares, each worth pulled a little towards 0 (ridge: the
-- sum of squares plus n/1000 times each worth squared, n the positions of
-- the stage), which keeps the worth of a feature that never varies in a
-- stage (the predators' in the flood) at 0. Prints each stage's worths,
-- how much of the spread they explain (R²), and the worths as WORTH
-- writes them.
--
-- The two commands above (400 games of the default bot against itself,
-- seeded: about 10 minutes of CPU, then a few seconds), the sim run on
-- commit c46cd36, whose evaluate the bot then played with, reproduce
-- evaluate.lua's WORTH exactly; the sim run on today's rules plays with
-- today's WORTH, and the fit is a further round's. Games a search plays, not random ones: the
-- positions are those a search meets, their outcomes those of play like its
-- own. (Fitted on 6,000 random games and not against the mean, as before
-- 2026-11-28, a fish placed in the flood was worth about a tenth of a
-- point and moving now in the dry phase a quarter; here a quarter and
-- 1.26, and the default bot so fitted beat the one before 0.72 to 0.28.)
local FILES = arg
assert(FILES[1], "usage: grove run bench/flooded-evaluate.lua RECORDS.jsonl ... (grove sim flooded --records)")
local RIDGE = 1 / 1000                    -- times the stage's positions

local probe = games.open("flooded", { players = 3 })
local data = probe.definition.data
local features, NAMES, STAGES = data.features, data.evaluate_features, data.stages
probe:close()
local K = #NAMES

-- The sums of least squares, by stage: A = X'X, b = X'y, y'y and n.
local sums = {}
local function add(stage, x, y)
  local t = sums[stage]
  if not t then
    t = { A = {}, b = {}, yy = 0, n = 0 }
    for i = 1, K do
      t.A[i], t.b[i] = {}, 0
      for j = 1, K do t.A[i][j] = 0 end
    end
    sums[stage] = t
  end
  for i = 1, K do
    if x[i] ~= 0 then
      t.b[i] = t.b[i] + x[i] * y
      local row = t.A[i]
      for j = 1, K do row[j] = row[j] + x[i] * x[j] end
    end
  end
  t.yy, t.n = t.yy + y * y, t.n + 1
end

--- A seat's points so far, as the rules count them: 2 a fish home, 1 an
--- opponent's fish eaten (the pools eaten_COLOUR, by the seat that ate).
local EATEN = { "eaten_red", "eaten_green", "eaten_blue" }
local function points(s, seat)
  local p = 2 * s.home:get(seat)
  for other = 1, s.players do
    if other ~= seat then p = p + s[EATEN[other]]:get(seat) end
  end
  return p
end

for _, file in ipairs(FILES) do
  for line in assert(io.open(file)):lines() do
    local rec = json.decode(line)
    assert(rec.study.players == 3, file .. ": 3-player records only")
    local g = games.open("flooded", { players = 3, seed = rec.seed })
    local samples = {}
    for _, move in ipairs(rec.moves) do
      local s = g.state
      local smp = { stage = s.play.stage, f = features(s), points = {} }
      for seat = 1, 3 do smp.points[seat] = points(s, seat) end
      samples[#samples + 1] = smp
      g:play(move)
    end
    local final = g:result().scores
    for _, smp in ipairs(samples) do
      local y = {}
      for seat = 1, 3 do y[seat] = final[seat] - smp.points[seat] end
      local mean_y, mean_x = (y[1] + y[2] + y[3]) / 3, {}
      for k = 1, K do mean_x[k] = (smp.f[1][k] + smp.f[2][k] + smp.f[3][k]) / 3 end
      for seat = 1, 3 do
        local x = {}
        for k = 1, K do x[k] = smp.f[seat][k] - mean_x[k] end
        add(smp.stage, x, y[seat] - mean_y)
      end
    end
    g:close()
  end
end

--- Solve A w = b by Gauss-Jordan elimination with partial pivoting.
local function solve(A, b)
  local n, M = #b, {}
  for i = 1, n do
    M[i] = {}
    for j = 1, n do M[i][j] = A[i][j] end
    M[i][n + 1] = b[i]
  end
  for c = 1, n do
    local p = c
    for r = c + 1, n do if math.abs(M[r][c]) > math.abs(M[p][c]) then p = r end end
    M[c], M[p] = M[p], M[c]
    for r = 1, n do
      if r ~= c then
        local f = M[r][c] / M[c][c]
        for k = c, n + 1 do M[r][k] = M[r][k] - f * M[c][k] end
      end
    end
  end
  local w = {}
  for i = 1, n do w[i] = M[i][n + 1] / M[i][i] end
  return w
end

local STAGE_NAME = {}
for name, v in pairs(STAGES) do STAGE_NAME[v] = name end
for stage = 1, 3 do
  local t = sums[stage]
  if t then
    for i = 1, K do t.A[i][i] = t.A[i][i] + RIDGE * t.n end
    local w = solve(t.A, t.b)
    -- the squares left: y'y - 2 w'b + w'A w (A without the ridge)
    for i = 1, K do t.A[i][i] = t.A[i][i] - RIDGE * t.n end
    local left = t.yy
    for i = 1, K do
      left = left - 2 * w[i] * t.b[i]
      for j = 1, K do left = left + w[i] * t.A[i][j] * w[j] end
    end
    print(string.format("%s: %d positions, R² %.3f", STAGE_NAME[stage], t.n // 3, 1 - left / t.yy))
    for k, name in ipairs(NAMES) do print(string.format("  %-20s %6.2f", name, w[k])) end
    -- as evaluate.lua's WORTH writes them, four to a line
    print(string.format("  [STAGE.%s] = {", STAGE_NAME[stage]))
    for first = 1, #NAMES, 4 do
      local line = {}
      for k = first, math.min(first + 3, #NAMES) do line[#line + 1] = string.format("%s = %.2f,", NAMES[k], w[k]) end
      print("    " .. table.concat(line, " "))
    end
    print("  },")
  end
end
