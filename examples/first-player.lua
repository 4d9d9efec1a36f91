-- Does going first matter more with more players? For each player count a
-- game allows (2 and up), play N random games (seeds 1..N) and print each
-- seat's share of the wins (a shared win is split) beside a fair share, and
-- seat 1's edge over a fair share with its 95% interval.
--   build/grove run examples/first-player.lua [GAMES] [GAME]
--   build/grove run examples/first-player.lua 2000 logger
-- Random players measure the rules' structure, not skill: with bots that
-- look ahead, ask grove sim (--bots greedy, mcts) the same question.
local n = tonumber(arg[1]) or 1000
local name = arg[2] or "logger"

--- The game's player counts, from its definition.
local function player_counts()
  for _, entry in ipairs(games.list()) do
    if entry.name == name then
      if not entry.definition then error(name .. ": " .. tostring(entry.error), 0) end
      local players = entry.definition.players
      return math.max(2, players.min), players.max, entry.definition.title
    end
  end
  error("no game '" .. name .. "' (see grove list)", 0)
end

--- Mean and 95% interval half-width of a list of per-game values.
local function mean_and_margin(values)
  local sum, squares = 0, 0
  for _, v in ipairs(values) do
    sum = sum + v
    squares = squares + v * v
  end
  local count = #values
  local mean = sum / count
  local variance = count > 1 and (squares - count * mean * mean) / (count - 1) or 0
  return mean, 1.96 * math.sqrt(math.max(variance, 0) / count)
end

--- Play the games for one player count: every seat's list of win shares
--- (1, 1/2 for a shared win, 0) and the mean length in moves.
local function study(players)
  local shares, moves = {}, 0
  for seat = 1, players do shares[seat] = {} end
  for seed = 1, n do
    local g = games.open(name, { players = players, seed = seed })
    moves = moves + g:playout(seed)
    local winners = g:result().winners
    for seat = 1, players do shares[seat][seed] = 0 end
    for _, seat in ipairs(winners) do shares[seat][seed] = 1 / #winners end
    g:close()
  end
  return shares, moves / n
end

local low, high, title = player_counts()
print(string.format("%s, random players, %d games per player count (seeds 1..%d)", title, n, n))
local header = { "players    fair" }
for seat = 1, high do header[#header + 1] = string.format("seat %d", seat) end
header[#header + 1] = "seat 1's edge (95% CI)      moves"
print(table.concat(header, "  "))

local edges = {}
for players = low, high do
  local shares, length = study(players)
  local fair = 1 / players
  local row = { string.format("%7d  %5.1f%%", players, 100 * fair) }
  for seat = 1, high do
    if seat <= players then
      row[#row + 1] = string.format("%5.1f%%", 100 * mean_and_margin(shares[seat]))
    else
      row[#row + 1] = "      "
    end
  end
  local mean, margin = mean_and_margin(shares[1])
  local edge = 100 * (mean - fair)
  edges[players] = { edge = edge, margin = 100 * margin }
  row[#row + 1] = string.format("%+5.1f (%+5.1f to %+5.1f)  %s  %6.1f", edge, edge - 100 * margin,
    edge + 100 * margin, math.abs(edge) > 100 * margin and "*" or " ", length)
  print(table.concat(row, "  "))
end
print("edge: seat 1's share minus a fair share, in points; * where the interval excludes 0")

-- The answer: does the edge change from the fewest players to the most?
if high > low then
  local a, b = edges[low], edges[high]
  local change = b.edge - a.edge
  local margin = math.sqrt(a.margin ^ 2 + b.margin ^ 2)
  local verdict = "no clear change at this sample size"
  if change - margin > 0 then verdict = "seat 1's edge grows with more players"
  elseif change + margin < 0 then verdict = "seat 1's edge shrinks with more players" end
  print(string.format("from %d to %d players seat 1's edge changes by %+.1f points (95%% CI %+.1f to %+.1f): %s",
    low, high, change, change - margin, change + margin, verdict))
end
