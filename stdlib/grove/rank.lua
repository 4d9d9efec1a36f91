--- grove.rank — final ranking with tie-breaks, and the result table the
--- host expects from result(s).
---
---   local r = rank.result({ 10, 8, 10 }, { { 1, 0, 2 } })
---   -- r.ranks == { 2, 3, 1 }: seat 3 wins the tie on the first tie-break
local M = {}

--- Compare seats a and b on the keys (higher is better), in order.
local function better(keys, a, b)
  for _, key in ipairs(keys) do
    if key[a] ~= key[b] then return key[a] > key[b], true end
  end
  return false, false
end

--- Ranks by score then each tie-break list (all indexed by seat, higher is
--- better). Seats still tied after every key share a rank ("1, 1, 3").
---@param scores number[] each seat's score, by seat
---@param tiebreaks? number[][] further keys, in order, each by seat
---@return integer[] ranks each seat's rank, by seat: 1 for the best
function M.ranks(scores, tiebreaks)
  local keys = { scores }
  for _, t in ipairs(tiebreaks or {}) do keys[#keys + 1] = t end
  local ranks = {}
  for a = 1, #scores do
    local r = 1
    for b = 1, #scores do
      if b ~= a and better(keys, b, a) then r = r + 1 end
    end
    ranks[a] = r
  end
  return ranks
end

--- The result table: scores, ranks, winners (the seats ranked 1) and a
--- line of text, e.g. "seat 2 wins with 11 points".
---@param scores number[] each seat's score, by seat
---@param tiebreaks? number[][] further keys, in order, each by seat
---@param text? string the line to show (default: who wins with what)
---@param unit? string what the scores count, in the plural (default "points"; 1 takes it without its final s: "1 nut")
---@return GameResult result what result(s) returns at the end of a game
function M.result(scores, tiebreaks, text, unit)
  local ranks = M.ranks(scores, tiebreaks)
  local winners = {}
  for seat, r in ipairs(ranks) do
    if r == 1 then winners[#winners + 1] = seat end
  end
  if not text then
    local top = scores[winners[1]]
    unit = unit or "points"
    local amount = string.format("%d %s", top, top == 1 and unit:gsub("s$", "") or unit)
    if #winners == 1 then
      text = string.format("seat %d wins with %s", winners[1], amount)
    else
      text = string.format("seats %s share the win with %s", table.concat(winners, ", "), amount)
    end
  end
  return { scores = scores, ranks = ranks, winners = winners, text = text }
end

return M
