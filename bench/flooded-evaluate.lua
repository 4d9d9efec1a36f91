-- grove run bench/flooded-evaluate.lua [GAMES] [SEED]
--
-- Refits the worths of Flooded Forest's evaluate (scripts/flooded/evaluate.lua,
-- WORTH): plays GAMES random 3-player games (default 6000; game i on seed
-- SEED + i, default SEED 5000), reads evaluate's features for each seat in
-- about one position in eight, and fits, stage by stage, the points each
-- seat still went on to score (home and eaten) as a constant plus the
-- features times their worths: least squares, each worth pulled a little
-- towards 0 (ridge: the sum of squares plus n/1000 times each worth
-- squared, n the positions of the stage), which keeps the worth of a
-- feature that never varies in a stage (the predators' in the flood) at 0.
-- Prints each stage's worths and how much of the spread they explain (R²).
-- The defaults reproduce evaluate.lua's WORTH (to 0.01: rounding);
-- it takes about a minute of CPU.
local GAMES, SEED = tonumber(arg[1] or 6000), tonumber(arg[2] or 5000)
local SAMPLED = 0.12                      -- the share of positions read
local RIDGE = 1 / 1000                    -- times the stage's positions

-- A small linear congruential generator: chance in `grove run` comes from games.
local state = SEED * 2654435761 % 4294967296 + 1
local function chance()
  state = (state * 1103515245 + 12345) % 2147483648
  return state / 2147483648
end

local probe = games.open("flooded", { players = 3, seed = SEED })
local data = probe.definition.data
local features, NAMES, STAGES = data.features, data.evaluate_features, data.stages
probe:close()
local K = #NAMES + 1                      -- the constant first

-- The sums of least squares, by stage: A = X'X, b = X'y, and y'y, Σy, n.
local sums = {}
local function add(stage, x, y)
  local t = sums[stage]
  if not t then
    t = { A = {}, b = {}, yy = 0, y = 0, n = 0 }
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
  t.yy, t.y, t.n = t.yy + y * y, t.y + y, t.n + 1
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

for i = 1, GAMES do
  local g = games.open("flooded", { players = 3, seed = SEED + i })
  local samples = {}
  while not g:over() do
    if chance() < SAMPLED then
      local s = g.state
      local smp = { stage = s.play.stage, f = features(s), points = {} }
      for seat = 1, 3 do smp.points[seat] = points(s, seat) end
      samples[#samples + 1] = smp
    end
    local legal = g:legal()
    g:play(legal[math.floor(chance() * #legal) + 1])
  end
  local final = g:result().scores
  for _, smp in ipairs(samples) do
    for seat = 1, 3 do
      local x = { 1 }
      for k, v in ipairs(smp.f[seat]) do x[k + 1] = v end
      add(smp.stage, x, final[seat] - smp.points[seat])
    end
  end
  g:close()
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
    for i = 2, K do t.A[i][i] = t.A[i][i] + RIDGE * t.n end
    local w = solve(t.A, t.b)
    -- the squares left: y'y - 2 w'b + w'A w (A without the ridge)
    for i = 2, K do t.A[i][i] = t.A[i][i] - RIDGE * t.n end
    local left = t.yy
    for i = 1, K do
      left = left - 2 * w[i] * t.b[i]
      for j = 1, K do left = left + w[i] * t.A[i][j] * w[j] end
    end
    local spread = t.yy - t.y * t.y / t.n
    print(string.format("%s: %d positions, R² %.3f, constant %.2f", STAGE_NAME[stage], t.n, 1 - left / spread, w[1]))
    for k, name in ipairs(NAMES) do print(string.format("  %-20s %6.2f", name, w[k + 1])) end
  end
end
