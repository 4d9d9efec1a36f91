-- logger_plain.lua — a reference benchmark for `grove bench logger`.
--
-- What it is: Logger (2 players) written as a game designer would write it in
-- plain Lua 5.4, with no host: the state is ordinary Lua tables (25 squares,
-- each a small table), `legal_moves` returns a list of move tables, `apply`
-- plays one. A playout starts from the initial position and picks uniformly
-- (math.random) among the full list of legal moves at every decision until
-- the game ends, exactly as `grove bench` does, so "playouts per second" here
-- is what the same rules cost without grove.
--
-- The rules are /work/shared/rules/logger.txt with the Logger decisions of
-- /work/shared/rules/DECISIONS.md and grove's stall rule
-- (scripts/logger/README.md: a whole round in which no tree grew or spawned
-- and nobody planted, protested or chopped ends the game). The moves are
-- grove's, one for one (scripts/logger/game.lua is the model): a setup move
-- per logger (a free corner); a movement move (any square within 0-2
-- orthogonal steps through empty squares, staying put included); automatic
-- growth; one spawn move per spawning tree in board order a1, b1, ... e5; then
-- the action (plant / protest / chop), mandatory when possible and skipped
-- otherwise; after a protest, "protest another" or "stop" while another
-- protest is possible. Every decision counts as a move, forced or not, and
-- the two setup moves count too, as in grove.
--
-- How it was checked: the mean moves per playout and the mean winning score
-- (the best score at the end, averaged over playouts) were compared with
-- `cd /work/main && make && build/grove bench logger --seconds 3`, three runs
-- of each: grove 80.4 moves per playout and a winning score of 10.75 (its
-- bench is seeded, so every run gives these), this file 80.2-80.3 and
-- 10.73-10.75; over 40 s each, grove 80.3 / 10.74 and this file 80.4 / 10.73,
-- so the two agree within sampling noise (0.3%). The stall rule ends about 1
-- playout in 340 here, as grove's README says (about 1 in 300).
--
-- Usage: lua5.4 bench/reference/logger_plain.lua [seconds=3]
-- Time is os.clock() (processor time of this single-threaded process).

local SIZE = 5
local NONE, SEEDLING, SAPLING, MATURE = 0, 1, 2, 3
local PYRAMIDS_OF_EACH_SIZE = 20
local WINNING_SCORE = 10
local PLAYERS = 2
local PROTESTERS_EACH = 2               -- 2 each with 2 players (4 in all)
local CORNERS = { "a1", "e1", "a5", "e5" }
local FIRST_SEEDLING = "c3"

-- The pyramid a tree takes from the pool to reach each stage.
local PIECE = { [SEEDLING] = "large", [SAPLING] = "medium", [MATURE] = "small" }

-- Squares are numbered 1..25 in board order: a1, b1, ... e1, a2, ... e5.
local function square_of(x, y) return y * SIZE + x + 1 end      -- x, y in 0..4
local function xy_of(square) return (square - 1) % SIZE, (square - 1) // SIZE end

local function square_named(name)
  return square_of(name:byte(1) - ("a"):byte(), tonumber(name:sub(2)) - 1)
end

-- The orthogonal neighbours of every square (no diagonals in Logger).
local NEIGHBOURS = {}
for square = 1, SIZE * SIZE do
  local x, y = xy_of(square)
  local list = {}
  for _, d in ipairs { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } } do
    local nx, ny = x + d[1], y + d[2]
    if nx >= 0 and nx < SIZE and ny >= 0 and ny < SIZE then list[#list + 1] = square_of(nx, ny) end
  end
  NEIGHBOURS[square] = list
end

-- The squares of each square's row and column (itself once), in board order.
local LINES = {}
for square = 1, SIZE * SIZE do
  local x, y = xy_of(square)
  local list = {}
  for other = 1, SIZE * SIZE do
    local ox, oy = xy_of(other)
    if ox == x or oy == y then list[#list + 1] = other end
  end
  LINES[square] = list
end

-- Setup -----------------------------------------------------------------------

local function new_game()
  local board = {}
  for square = 1, SIZE * SIZE do
    board[square] = { tree = NONE, protester = false, logger = 0 }
  end
  local s = {
    board = board,
    pool = { large = PYRAMIDS_OF_EACH_SIZE, medium = PYRAMIDS_OF_EACH_SIZE, small = PYRAMIDS_OF_EACH_SIZE },
    score = {},
    protesters = {},
    logger_at = {},          -- seat -> square
    seat = 1,
    phase = "place",         -- place, move, spawn, action, protest_more, over
    spawners = {},           -- trees still to spawn this turn, in board order
    ending = false,          -- someone reached 10: finish the round
    busy = false,            -- the forest changed this round
  }
  for seat = 1, PLAYERS do
    s.score[seat] = 0
    s.protesters[seat] = PROTESTERS_EACH
  end
  s.pool.large = s.pool.large - 1
  board[square_named(FIRST_SEEDLING)].tree = SEEDLING
  return s
end

-- Questions about the board ---------------------------------------------------

local function is_empty(s, square)
  local sq = s.board[square]
  return sq.tree == NONE and sq.logger == 0
end

local function empty_neighbours(s, square)
  local list = {}
  for _, n in ipairs(NEIGHBOURS[square]) do
    if is_empty(s, n) then list[#list + 1] = n end
  end
  return list
end

local function choppable_neighbours(s, square)
  local list = {}
  for _, n in ipairs(NEIGHBOURS[square]) do
    local sq = s.board[n]
    if sq.tree == MATURE and not sq.protester then list[#list + 1] = n end
  end
  return list
end

local function protestable_trees(s)
  local list = {}
  for square, sq in ipairs(s.board) do
    if sq.tree == MATURE and not sq.protester then list[#list + 1] = square end
  end
  return list
end

-- Every square within 2 orthogonal steps through empty squares, and the
-- logger's own square (staying put is a move).
local function reachable(s, from)
  local seen, list = { [from] = true }, { from }
  local frontier = { from }
  for _ = 1, 2 do
    local next_frontier = {}
    for _, square in ipairs(frontier) do
      for _, n in ipairs(NEIGHBOURS[square]) do
        if not seen[n] and is_empty(s, n) then
          seen[n] = true
          list[#list + 1] = n
          next_frontier[#next_frontier + 1] = n
        end
      end
    end
    frontier = next_frontier
  end
  return list
end

local function can_plant(s, seat)
  return s.pool.large > 0 and #empty_neighbours(s, s.logger_at[seat]) > 0
end

local function can_protest(s, seat)
  return s.protesters[seat] > 0 and #protestable_trees(s) > 0
end

local function can_chop(s, seat)
  return #choppable_neighbours(s, s.logger_at[seat]) > 0
end

-- Turn order ------------------------------------------------------------------

local function end_turn(s)
  local seat = s.seat
  if s.score[seat] >= WINNING_SCORE then s.ending = true end
  local last_in_round = seat == PLAYERS
  if last_in_round then
    if not s.busy then s.ending = true end      -- the forest is stuck
    s.busy = false
  end
  if s.ending and last_in_round then
    s.phase = "over"
  else
    s.seat = seat % PLAYERS + 1
    s.phase = "move"
  end
end

local function begin_action(s)
  local seat = s.seat
  if can_plant(s, seat) or can_protest(s, seat) or can_chop(s, seat) then
    s.phase = "action"
  else
    end_turn(s)
  end
end

-- Drop trees that can no longer spawn (no empty neighbour, no seedling left);
-- they cost no move. Then spawn with the next one, or go on to the action.
local function spawn_or_act(s)
  local spawners = s.spawners
  while #spawners > 0 do
    if s.pool.large > 0 and #empty_neighbours(s, spawners[1]) > 0 then
      s.phase = "spawn"
      return
    end
    table.remove(spawners, 1)
  end
  begin_action(s)
end

-- Every tree in the logger's row and column grows one stage at once; trees
-- already mature are queued to spawn. The pool may run short (board order).
local function grow(s, logger_at)
  for _, square in ipairs(LINES[logger_at]) do
    local sq = s.board[square]
    if sq.tree == MATURE then
      s.spawners[#s.spawners + 1] = square
    elseif sq.tree ~= NONE then
      local piece = PIECE[sq.tree + 1]
      if s.pool[piece] > 0 then
        s.pool[piece] = s.pool[piece] - 1
        sq.tree = sq.tree + 1
        s.busy = true
      end
    end
  end
end

local function put_seedling(s, square)
  s.pool.large = s.pool.large - 1
  s.board[square].tree = SEEDLING
  s.busy = true
end

-- Fell one tree: its pyramids go back to the pool, its protester to the
-- chopper's supply, and the chopper scores 1.
local function fell(s, seat, square)
  local sq = s.board[square]
  for stage = SEEDLING, sq.tree do s.pool[PIECE[stage]] = s.pool[PIECE[stage]] + 1 end
  sq.tree = NONE
  if sq.protester then
    sq.protester = false
    s.protesters[seat] = s.protesters[seat] + 1
  end
  s.score[seat] = s.score[seat] + 1
  s.busy = true
end

local function chop(s, seat, first)
  local lx, ly = xy_of(s.logger_at[seat])
  local fx, fy = xy_of(first)
  local dx, dy = fx - lx, fy - ly
  fell(s, seat, first)
  local x, y = fx + dx, fy + dy
  while x >= 0 and x < SIZE and y >= 0 and y < SIZE and s.board[square_of(x, y)].tree == MATURE do
    fell(s, seat, square_of(x, y))
    x, y = x + dx, y + dy
  end
end

-- The moves -------------------------------------------------------------------

local function add_all(moves, kind, squares)
  for _, square in ipairs(squares) do moves[#moves + 1] = { kind = kind, square = square } end
end

local function legal_moves(s)
  local moves, phase, seat = {}, s.phase, s.seat
  if phase == "place" then
    for _, name in ipairs(CORNERS) do
      local corner = square_named(name)
      if s.board[corner].logger == 0 then moves[#moves + 1] = { kind = "place", square = corner } end
    end
  elseif phase == "move" then
    add_all(moves, "move", reachable(s, s.logger_at[seat]))
  elseif phase == "spawn" then
    add_all(moves, "spawn", empty_neighbours(s, s.spawners[1]))
  elseif phase == "action" then
    local here = s.logger_at[seat]
    if s.pool.large > 0 then add_all(moves, "plant", empty_neighbours(s, here)) end
    if can_protest(s, seat) then add_all(moves, "protest", protestable_trees(s)) end
    add_all(moves, "chop", choppable_neighbours(s, here))
  elseif phase == "protest_more" then
    add_all(moves, "protest", protestable_trees(s))
    moves[#moves + 1] = { kind = "stop" }
  end
  return moves
end

local function apply(s, move)
  local kind, square, seat = move.kind, move.square, s.seat
  if kind == "place" then
    s.board[square].logger = seat
    s.logger_at[seat] = square
    if seat == PLAYERS then
      s.seat, s.phase = 1, "move"   -- placing the loggers is not a round of play
    else
      s.seat = seat + 1
    end
  elseif kind == "move" then
    s.board[s.logger_at[seat]].logger = 0
    s.board[square].logger = seat
    s.logger_at[seat] = square
    grow(s, square)
    spawn_or_act(s)
  elseif kind == "spawn" then
    table.remove(s.spawners, 1)
    put_seedling(s, square)
    spawn_or_act(s)
  elseif kind == "plant" then
    put_seedling(s, square)
    end_turn(s)
  elseif kind == "protest" then
    s.protesters[seat] = s.protesters[seat] - 1
    s.board[square].protester = true
    s.busy = true
    if can_protest(s, seat) then s.phase = "protest_more" else end_turn(s) end
  elseif kind == "chop" then
    chop(s, seat, square)
    end_turn(s)
  elseif kind == "stop" then
    end_turn(s)
  else
    error("unknown move kind " .. tostring(kind))
  end
end

local function winning_score(s)
  local best = 0
  for seat = 1, PLAYERS do best = math.max(best, s.score[seat]) end
  return best
end

-- The benchmark ---------------------------------------------------------------

-- One random playout from the start; returns the moves played and the best score.
local function playout()
  local s = new_game()
  local played = 0
  while true do
    local moves = legal_moves(s)
    if #moves == 0 then break end
    apply(s, moves[math.random(#moves)])
    played = played + 1
  end
  return played, winning_score(s)
end

local seconds = tonumber(arg and arg[1]) or 3
local playouts, moves, win_sum = 0, 0, 0
local t0 = os.clock()
local elapsed = 0
while elapsed < seconds do
  local n, best = playout()
  playouts, moves, win_sum = playouts + 1, moves + n, win_sum + best
  elapsed = os.clock() - t0
end

print(string.format("plain-lua logger: %.0f playouts/s, %.0f moves/s, %.1f mean moves/playout, %.2f mean winning score",
  playouts / elapsed, moves / elapsed, moves / playouts, win_sum / playouts))
