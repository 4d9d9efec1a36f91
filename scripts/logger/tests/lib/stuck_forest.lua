-- Logger tests' own answer to DECISIONS.md's question "could any sequence of
-- moves by any player ever again grow, spawn, plant, protest or chop?",
-- found by brute force rather than by game.lua's argument (README, "A forest
-- that can never change"): every arrangement of the loggers that single
-- steps through empty squares can reach (a logger may stay put, so a
-- two-step move is two turns' steps), and in each one every seat's turn on
-- the square it stands on. Shared by playouts.lua and stuck_forest.lua.

local M = {}

local NONE, MATURE = 0, 3

--- Could the forest of state `s` (with `players` seats) ever change again?
function M.could_change(s, players)
  local board = s.board
  local pool = { s.large:get(), s.medium:get(), s.small:get() }   -- the piece each stage adds
  for seat = 1, players do
    if s.protesters:get(seat) > 0 and board:count({ tree = MATURE, protester = 0 }) > 0 then return true end
  end
  local function empty(at, square) return board:get(square, "tree") == NONE and at[square] == nil end
  -- A turn of the logger on `here`, the loggers standing as in `at`.
  local function turn_changes(at, here)
    for _, square in ipairs({ board:lines(here) }) do                     -- growth
      local stage = board:get(square, "tree")
      if stage ~= NONE and stage ~= MATURE and pool[stage + 1] > 0 then return true end
      if stage == MATURE and pool[1] > 0 then
        for _, n in ipairs({ board:neighbors(square) }) do
          if empty(at, n) then return true end                             -- a spawn
        end
      end
    end
    for _, n in ipairs({ board:neighbors(here) }) do
      if pool[1] > 0 and empty(at, n) then return true end                 -- plant
      if board:get(n, "tree") == MATURE and board:get(n, "protester") == 0 then return true end   -- chop
    end
    return false
  end
  local start = {}
  for seat = 1, players do start[seat] = board:first({ logger = seat }) end
  local seen, queue, i = { [table.concat(start, ",")] = true }, { start }, 1
  while queue[i] do
    local squares = queue[i]
    i = i + 1
    local at = {}
    for seat, square in ipairs(squares) do at[square] = seat end
    for seat, here in ipairs(squares) do
      if turn_changes(at, here) then return true end
      for _, n in ipairs({ board:neighbors(here) }) do
        if empty(at, n) then
          local next = table.move(squares, 1, players, 1, {})
          next[seat] = n
          local key = table.concat(next, ",")
          if not seen[key] then
            seen[key] = true
            queue[#queue + 1] = next
          end
        end
      end
    end
  end
  return false
end

return M
