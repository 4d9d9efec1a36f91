-- Does the first seat win Logger too often? Play N random 2-player games
-- (default 200) and count wins per seat, ties shared.
--   build/grove run examples/seat-balance.lua 500
local n = tonumber(arg[1]) or 200
local wins = { 0, 0 }
local moves = 0
for seed = 1, n do
  local g = games.open("logger", { players = 2, seed = seed })
  moves = moves + g:playout(seed)
  local result = g:result()
  for _, seat in ipairs(result.winners) do
    wins[seat] = wins[seat] + 1 / #result.winners
  end
  g:close()
end
print(string.format("%d random games, %.1f moves each", n, moves / n))
for seat = 1, 2 do
  print(string.format("seat %d wins %5.1f%%", seat, 100 * wins[seat] / n))
end
