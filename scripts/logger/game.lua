--- Logger — rival lumberjacks and tree-hugging protesters on a 5x5 board.
---
--- The game of ../shared/rules/logger.txt with the decisions of
--- DECISIONS.md (Logger). README.md beside this file states the rules as
--- implemented. A turn is: move (0-2 steps), growth of the logger's row and
--- column, one spawn move per spawning tree, then one action: plant,
--- protest (then another or stop), or chop. The game ends a round after
--- someone reaches 10 points, or early when the forest can never change.
local game = require "grove.game"
local turns = require "grove.turns"
local rank = require "grove.rank"
local render_board = require "grove.render"

-- The board and the pieces ------------------------------------------------

local SIZE = 5                       -- squares a side, a1 .. e5
local NONE, SEEDLING, SAPLING, MATURE = 0, 1, 2, 3
local PYRAMIDS_OF_EACH_SIZE = 20     -- large, medium and small, in the common pool
local PROTESTERS_IN_ALL = 4
local WINNING_SCORE = 10             -- reaching it triggers the end
local MOVEMENT = 2                   -- a logger moves up to two squares

-- The numbers a designer may change (grove play logger --set NAME=VALUE);
-- the rules read them from s.options.
local OPTIONS = {
  { name = "winning_score", default = WINNING_SCORE, min = 1, max = 99,
    help = "the score that ends the game after the round it is reached in" },
  { name = "movement", default = MOVEMENT, min = 1, max = 8,
    help = "the most squares a logger moves in a turn" },
  { name = "protesters", default = 1, by_players = { [2] = 2 }, min = 0, max = 9,
    help = "the protesters each player starts with" },
  { name = "pyramids", default = PYRAMIDS_OF_EACH_SIZE, min = 1, max = 99,
    help = "the large, medium and small pyramids of each size in the common pool" },
}
local CORNERS = { "a1", "e1", "a5", "e5" }
local FIRST_SEEDLING = "c3"

-- The pyramid a tree takes from the pool to reach each stage.
local PIECE = { [SEEDLING] = "large", [SAPLING] = "medium", [MATURE] = "small" }
local STAGE_NAME = { [SEEDLING] = "a seedling", [SAPLING] = "a sapling", [MATURE] = "a mature tree" }

-- The squares' names by cell ("c3"), for what the rules narrate: a table
-- lookup costs nothing in a playout, where nobody reads the narration.
local SQUARE = {}
for y = 1, SIZE do
  for x = 1, SIZE do SQUARE[(y - 1) * SIZE + x] = ("abcde"):sub(x, x) .. y end
end

local PHASE = turns.phases { "place", "move", "spawn", "action", "protest_more" }
local MOVE = game.kinds { "place", "move", "spawn", "plant", "protest", "chop", "stop" }

-- "Empty" always means no tree and no logger.
local EMPTY = grove.cond { tree = NONE, logger = 0 }
local NO_TREE = grove.cond { tree = NONE }   -- where a logger may walk once the others move away
local CHOPPABLE = grove.cond { tree = MATURE, protester = 0 }
local PROTESTABLE = grove.cond { tree = MATURE, protester = 0 }
local SPAWNING = grove.cond { spawner = 1 }
local FREE_CORNER = grove.cond { corner = 1, logger = 0 }
local ANY_LOGGER = grove.cond { logger = { 1, 4 } }
local TREE = grove.cond { tree = { SEEDLING, MATURE } }
local LOGGER_OF = {}
for seat = 1, 4 do LOGGER_OF[seat] = grove.cond { logger = seat } end

local function protesters_each(s)
  return s.options.protesters
end

-- Setup ---------------------------------------------------------------------

local function setup(s)
  s:grid("board", SIZE, SIZE, { "tree", "protester", "logger", "spawner", "corner" })
  for _, corner in ipairs(CORNERS) do s.board:set(corner, "corner", 1) end
  for _, piece in pairs(PIECE) do
    s:pool(piece, { value = s.options.pyramids, max = s.options.pyramids })
  end
  s:pool("score", { per_seat = true })
  s:pool("protesters", { per_seat = true, value = protesters_each(s),
    max = math.max(PROTESTERS_IN_ALL, protesters_each(s) * s.players) })
  s:vars("play", { "busy", "spawning" })   -- spawning: the tree choosing its spawn
  turns.setup(s)
  -- Place a seedling on the centre of the board.
  s.large:take(1)
  s.board:set(FIRST_SEEDLING, "tree", SEEDLING)
  s:say("A seedling grows on %s.", FIRST_SEEDLING)
  -- Starting with the first player, each player places their logger on a corner.
  turns.set_phase(s, PHASE.place)
end

-- Where things are ----------------------------------------------------------

local function logger_square(s, seat)
  return s.board:first(LOGGER_OF[seat])
end

-- The direction from one square to its orthogonal neighbour.
local function direction(board, from, to)
  local fx, fy = board:xy(from)
  local tx, ty = board:xy(to)
  if tx > fx then return "e" elseif tx < fx then return "w" elseif ty > fy then return "n" end
  return "s"
end

-- The pieces of each stage, to return them to the pool.
local function return_tree(s, stage)
  for st = SEEDLING, stage do s[PIECE[st]]:put(1) end
end

-- What a logger could do ------------------------------------------------------

--- Plant: the pool holds a seedling and the logger has an empty neighbour.
local function can_plant(s, here)
  return s.large:has(1) and s.board:neighbors(here, EMPTY) ~= nil
end

--- Protest: a protester in supply and a mature tree without one, anywhere.
local function can_protest(s, seat)
  return s.protesters:get(seat) > 0 and s.board:count(PROTESTABLE) > 0
end

--- Chop: an unprotested mature tree next to the logger.
local function can_chop(s, here)
  return s.board:neighbors(here, CHOPPABLE) ~= nil
end

--- Grow: a seedling or sapling if the pool holds its next piece; a mature
--- tree spawns if the pool holds a seedling and it has an empty neighbour.
local function can_grow(s, tree)
  local stage = s.board:get(tree, "tree")
  if stage == MATURE then
    return s.large:has(1) and s.board:neighbors(tree, EMPTY) ~= nil
  end
  return s[PIECE[stage + 1]]:has(1)
end

-- A forest that can never change (DECISIONS.md) ----------------------------------

--- The squares a logger could ever reach while the forest stands as it is:
--- every square joined to its own through squares without a tree, counting
--- the squares of the other loggers, who can move out of the way (one step
--- a turn is enough: staying put is a move).
local function squares_within_reach(s, seat)
  return s.board:reach(logger_square(s, seat), -1, NO_TREE)
end

--- Would a turn whose move ends on `square` change the forest? Every tree
--- of its row and column grows, then the logger plants or chops there.
local function turn_there_changes_forest(s, square)
  for _, tree in ipairs({ s.board:lines(square, TREE) }) do
    if can_grow(s, tree) then return true end
  end
  return can_plant(s, square) or can_chop(s, square)
end

--- Could any sequence of moves by any player ever again grow, spawn, plant,
--- protest or chop? A protest needs no walk; the rest is asked of every
--- square each logger could reach. (Why this is exact, with loggers in each
--- other's way and the emptiness of squares depending on where they stand:
--- README, "A forest that can never change".)
local function forest_can_change(s)
  for seat = 1, s.players do
    if can_protest(s, seat) then return true end
    for _, square in ipairs({ squares_within_reach(s, seat) }) do
      if turn_there_changes_forest(s, square) then return true end
    end
  end
  return false
end

-- Turn order ----------------------------------------------------------------

--- End the turn: a player who reached 10 points (winning_score) triggers the end; the
--- players after them in this round still play (turns.pass knows). A round
--- in which the forest did not change is the cue to ask whether it ever can
--- again; if not, the game ends with this round.
local function end_turn(s)
  local seat = turns.seat(s)
  if s.score:get(seat) >= s.options.winning_score then
    if not turns.ending(s) then s:say("Seat %d has %d points: this is the last round.", seat, s.score:get(seat)) end
    turns.finish_round(s)
  end
  if turns.last_in_round(s) then
    if s.play.busy == 0 and not forest_can_change(s) then
      s:say("The forest did not change this round and never can again: the game ends (the stuck-forest rule).")
      turns.finish_round(s)
    end
    s.play.busy = 0
  end
  if turns.pass(s) then turns.set_phase(s, PHASE.move) end
end

--- Something grew, spawned, was planted, protested or chopped this round.
local function forest_changed(s)
  s.play.busy = 1
end

-- 3. Action -----------------------------------------------------------------

--- You must perform an action if able; the phase is skipped otherwise.
local function begin_action(s)
  local seat = turns.seat(s)
  local here = logger_square(s, seat)
  if can_plant(s, here) or can_protest(s, seat) or can_chop(s, here) then
    turns.set_phase(s, PHASE.action)
  else
    if s.narrating then s:say("Seat %d can neither plant, protest nor chop: no action this turn.", seat) end
    end_turn(s)
  end
end

--- Plant one seedling in any space adjacent to your logger.
local function plant(s, square)
  forest_changed(s)
  s.large:take(1)
  s.board:set(square, "tree", SEEDLING)
  end_turn(s)
end

--- Place one protester from your supply onto a mature tree that has none;
--- then another, or stop, while another protest is possible.
local function protest(s, square)
  local seat = turns.seat(s)
  forest_changed(s)
  s.protesters:take(seat, 1)
  s.board:set(square, "protester", 1)
  if can_protest(s, seat) then
    turns.set_phase(s, PHASE.protest_more)
  else
    end_turn(s)
  end
end

--- Fell one tree: its pyramids return to the pool, its protester goes to
--- the chopper's supply, the chopper scores 1.
local function fell(s, seat, square)
  forest_changed(s)
  return_tree(s, s.board:get(square, "tree"))
  s.board:set(square, "tree", NONE)
  if s.board:get(square, "protester") == 1 then
    s.board:set(square, "protester", 0)
    s.protesters:put(seat, 1)
  end
  s.score:add(seat, 1)
end

--- Chop an unprotested mature tree next to your logger; every mature tree
--- behind it falls too, protested or not, up to the edge or a square that
--- is not a mature tree.
local function chop(s, first)
  local seat = turns.seat(s)
  local way = direction(s.board, logger_square(s, seat), first)
  local square = first
  local score, supply = s.narrating and s.score:get(seat), s.narrating and s.protesters:get(seat)
  repeat                            -- the domino: mature trees one behind the other
    fell(s, seat, square)
    square = s.board:step(square, way)
  until square == nil or s.board:get(square, "tree") ~= MATURE
  if s.narrating then
    local felled, freed = s.score:get(seat) - score, s.protesters:get(seat) - supply
    if felled > 1 then s:say("The trees fall like dominoes: %d felled, %d points for seat %d.", felled, felled, seat) end
    if freed > 0 then s:say("%d protester%s from the felled trees go%s to seat %d's supply.", freed,
      freed == 1 and "" or "s", freed == 1 and "es" or "", seat) end
  end
  end_turn(s)
end

-- 2. Growth -----------------------------------------------------------------

--- The next tree that still spawns this turn, in board order. A tree with no
--- empty neighbour, or with no seedling left in the pool, spawns nothing
--- and costs no move.
local function next_spawner(s)
  local square = s.board:first(SPAWNING)
  while square do
    local seedling = s.large:has(1)
    if seedling and s.board:neighbors(square, EMPTY) ~= nil then return square end
    s.board:set(square, "spawner", 0)
    if s.narrating then
      s:say("%s spawns nothing: %s.", SQUARE[square], seedling and "no empty square next to it"
        or "no seedling left in the pool")
    end
    square = s.board:first(SPAWNING)
  end
  return nil
end

local function spawn_or_act(s)
  local tree = next_spawner(s)
  if tree then
    s.play.spawning = tree
    turns.set_phase(s, PHASE.spawn)
  else
    begin_action(s)
  end
end

--- One tree of the logger's row or column grows a stage: a mature tree
--- (mature before this growth) will spawn; another takes the next piece
--- from the pool, if the pool has it.
local function grow_tree(s, square)
  local stage = s.board:get(square, "tree")
  if stage == MATURE then
    s.board:set(square, "spawner", 1)
  elseif s[PIECE[stage + 1]]:has(1) then
    forest_changed(s)
    s[PIECE[stage + 1]]:take(1)
    s.board:set(square, "tree", stage + 1)
    if s.narrating then s:say("%s grows into %s.", SQUARE[square], STAGE_NAME[stage + 1]) end
  elseif s.narrating then
    s:say("%s does not grow: no %s pyramid left in the pool.", SQUARE[square], PIECE[stage + 1])
  end
end

--- All trees in the row and column of the logger grow one stage at once:
--- seedlings become saplings, saplings mature, and each tree that was
--- already mature spawns a seedling (chosen next, one move per tree). A
--- growth the pool cannot supply does not happen (board order decides).
local function grow(s, tree, ...)
  if tree == nil then return end
  grow_tree(s, tree)
  return grow(s, ...)
end

--- The current spawning tree puts a seedling on an empty neighbour.
local function spawn(s, square)
  if s.narrating then s:say("%s spawns a seedling on %s.", SQUARE[s.play.spawning], SQUARE[square]) end
  s.board:set(s.play.spawning, "spawner", 0)
  forest_changed(s)
  s.large:take(1)
  s.board:set(square, "tree", SEEDLING)
  spawn_or_act(s)
end

-- 1. Movement -----------------------------------------------------------------

local function move_logger(s, square)
  local seat = turns.seat(s)
  local from = logger_square(s, seat)
  s.board:set(from, "logger", 0)
  s.board:set(square, "logger", seat)
  grow(s, s.board:lines(square, TREE))
  spawn_or_act(s)
end

-- Setup moves: loggers on free corners, in turn order --------------------------

local function place_logger(s, corner)
  local seat = turns.seat(s)
  s.board:set(corner, "logger", seat)
  turns.pass(s)
  if s.board:count(ANY_LOGGER) == s.players then
    turns.set_phase(s, PHASE.move)
    s.turn.round = 1             -- placing the loggers is not a round of play
  end
end

-- What each phase offers ---------------------------------------------------------

local function free_corners(s, out)
  out:add_all(MOVE.place, s.board:cells(FREE_CORNER))
end

local function logger_steps(s, out)
  out:add_all(MOVE.move, s.board:reach(logger_square(s, turns.seat(s)), s.options.movement, EMPTY))
end

local function spawn_squares(s, out)
  out:add_all(MOVE.spawn, s.board:neighbors(s.play.spawning, EMPTY))
end

local function actions(s, out)
  local seat = turns.seat(s)
  local here = logger_square(s, seat)
  if s.large:has(1) then out:add_all(MOVE.plant, s.board:neighbors(here, EMPTY)) end
  if can_protest(s, seat) then out:add_all(MOVE.protest, s.board:cells(PROTESTABLE)) end
  out:add_all(MOVE.chop, s.board:neighbors(here, CHOPPABLE))
end

local function more_protests(s, out)
  out:add_all(MOVE.protest, s.board:cells(PROTESTABLE))
  out:add(MOVE.stop)
end

--- How far a logger moves, in words (the movement option): "two squares".
local function movement_text(s)
  local m = s.options.movement
  return ({ "one square", "two squares", "three squares" })[m] or m .. " squares"
end

--- The game, phase by phase: what each phase asks of the player, what it
--- offers, and what each move does there. "Each player's turn consists of
--- three parts": 1. Movement, 2. Growth, 3. Action.
local PHASES = game.phases(PHASE, MOVE, {
  -- Setup: "starting with the first player, each player places their
  -- logger on a corner of the board."
  place = { prompt = "place your logger on a free corner",
    offer = free_corners, place = place_logger },
  -- 1. Movement: "move your logger up to two spaces"; then 2. Growth of
  -- its row and column happens by itself.
  move = { prompt = function(s) return "move your logger up to " .. movement_text(s) end,
    offer = logger_steps, move = move_logger },
  -- 2. Growth: "mature trees produce 1 seedling in any space adjacent to
  -- them if able": the player chooses the space, one tree at a time.
  spawn = { prompt = "choose where the tree marked * spawns its seedling",
    offer = spawn_squares, spawn = spawn },
  -- 3. Action: "three options: Plant, Protest and Chop"; "you must perform
  -- an action if able" (the phase is skipped when none is possible).
  action = { prompt = "plant, protest or chop",
    offer = actions, plant = plant, protest = protest, chop = chop },
  -- Protest: "you may place one or more protesters": another, or stop.
  protest_more = { prompt = "place another protester, or stop",
    offer = more_protests, protest = protest, stop = end_turn },
})

local REACHED = "Someone reached %d points and the round was played out: "
local STUCK = "The forest can never change again (the stuck-forest rule): "

local function points(n)
  return n == 1 and "1 point" or (n .. " points")
end

--- Most points wins; ties go to more protesters in supply; then shared.
--- The text says why the game ended and who won.
local function result(s)
  if not turns.over(s) then return nil end
  local scores, supplies = {}, {}
  local top, tied = 0, 0
  for seat = 1, s.players do
    scores[seat] = s.score:get(seat)
    supplies[seat] = s.protesters:get(seat)
    if scores[seat] > top then top, tied = scores[seat], 1 elseif scores[seat] == top then tied = tied + 1 end
  end
  local r = rank.result(scores, { supplies }, "")
  local goal = s.options.winning_score
  local why = top >= goal and REACHED:format(goal) or STUCK
  if #r.winners == 1 then
    r.text = why .. "seat " .. r.winners[1] .. " wins with " .. points(top)
      .. (tied > 1 and " (more protesters in supply)." or ".")
  else
    r.text = why .. "seats " .. table.concat(r.winners, ", ") .. " share the win with " .. points(top) .. "."
  end
  return r
end

local function describe(s, move)
  local kind, square = game.parts(move)
  if kind == MOVE.stop then return "stop" end
  return MOVE[kind] .. " " .. s.board:name(square)
end

-- Why a typed move is refused ----------------------------------------------------

--- Are two squares orthogonal neighbours?
local function next_to(board, a, b)
  local ax, ay = board:xy(a)
  local bx, by = board:xy(b)
  return math.abs(ax - bx) + math.abs(ay - by) == 1
end

--- The rule a move of each kind onto `square` breaks, now that it is that
--- move's phase and `seat`'s turn (nil: none, and the host answers).
local BREAKS = {}

function BREAKS.place(s, square)
  if s.board:get(square, "corner") == 0 then return square .. " is no corner: a logger starts on a1, e1, a5 or e5" end
  local logger = s.board:get(square, "logger")
  if logger > 0 then return string.format("seat %d's logger stands on %s", logger, square) end
  return nil
end

function BREAKS.move(s, square, seat)
  local board = s.board
  local logger = board:get(square, "logger")
  if logger > 0 and logger ~= seat then return string.format("seat %d's logger stands on %s", logger, square) end
  if board:get(square, "tree") ~= NONE then
    return string.format("%s holds a tree: a logger walks only on empty squares", square)
  end
  local here = logger_square(s, seat)
  local hx, hy = board:xy(here)
  local x, y = board:xy(square)
  local far = math.abs(x - hx) + math.abs(y - hy)
  local movement = s.options.movement
  if far > movement then
    return string.format("%s is %d square%s from your logger on %s: it moves at most %d, no diagonals", square, far,
      far == 1 and "" or "s", board:name(here), movement)
  end
  return string.format("no way to %s in %d steps through empty squares", square, movement)
end

function BREAKS.spawn(s, square)
  local tree = s.play.spawning
  if not next_to(s.board, tree, square) then
    return string.format("the seedling lands next to the spawning tree on %s", s.board:name(tree))
  end
  return square .. " is not empty"
end

function BREAKS.plant(s, square, seat)
  local here = logger_square(s, seat)
  if not s.large:has(1) then return "no seedling is left in the pool" end
  if not next_to(s.board, here, square) then
    return string.format("you plant next to your logger, on %s", s.board:name(here))
  end
  return square .. " is not empty"
end

function BREAKS.protest(s, square, seat)
  if s.protesters:get(seat) == 0 then return "you have no protester in supply" end
  if s.board:get(square, "tree") ~= MATURE then return "a protester goes on a mature tree; " .. square .. " holds none" end
  return square .. " already has a protester"
end

function BREAKS.chop(s, square, seat)
  local here = logger_square(s, seat)
  if not next_to(s.board, here, square) then
    return string.format("you chop next to your logger, on %s", s.board:name(here))
  end
  if s.board:get(square, "tree") ~= MATURE then return "only a mature tree is chopped; " .. square .. " holds none" end
  return "a protester stands on " .. square
end

--- Why `text` (a Logger move: `move b3`, `chop c4` ...) is not legal now,
--- in the words of the rules; nil leaves the answer to the host.
local function why(s, text)
  local word, name = text:lower():match("^%s*(%a+)%s*(%S*)%s*$")
  local kind = word and MOVE[word]
  if not kind then return nil end
  if kind == MOVE.stop and turns.phase(s) ~= PHASE.protest_more and not turns.over(s) then
    return "stop ends a series of protests: it comes after a protest"
  end
  local not_now = PHASES.not_now(s, kind)
  if not_now then return not_now end
  if kind == MOVE.stop then return nil end
  if name == "" or not pcall(s.board.get, s.board, name, "tree") then
    return string.format("'%s' needs a square, a1 to e5 (as in '%s c3')", word, word)
  end
  return BREAKS[word](s, name, turns.seat(s))
end

-- What holds after every move ---------------------------------------------------

-- The trees holding each pyramid: every tree a large one, a sapling or
-- mature tree a medium one, a mature tree a small one.
local HOLDING = {
  large = grove.cond { tree = { SEEDLING, MATURE } },
  medium = grove.cond { tree = { SAPLING, MATURE } },
  small = grove.cond { tree = MATURE },
}
local A_STAGE = grove.cond { tree = { NONE, MATURE } }          -- no tree, seedling, sapling or mature
local NONE_OR_ONE_PROTESTER = grove.cond { protester = { 0, 1 } }
local PROTESTED = grove.cond { protester = 1 }
local PROTESTER_NOT_ON_MATURE = grove.cond { protester = 1, tree = { NONE, SAPLING } }
local SPAWNER_NOT_MATURE = grove.cond { spawner = 1, tree = { NONE, SAPLING } }
local LOGGER_ON_TREE = grove.cond { logger = { 1, 4 }, tree = { SEEDLING, MATURE } }

--- Raises, naming what broke, unless: every pyramid is in the pool or in a
--- tree (20 of each size); every protester dealt is in a supply or on a
--- mature tree, one at most per tree; no pool, score or supply is negative;
--- each seat has one logger (none while the loggers are being placed),
--- never on a tree; only a mature tree spawns.
local function invariants(s)
  local board = s.board
  local squares = SIZE * SIZE
  if board:count(A_STAGE) ~= squares then game.broken("a square holds a tree of no stage") end
  if board:count(NONE_OR_ONE_PROTESTER) ~= squares then game.broken("a square holds more than one protester, or fewer than none") end
  for stage = SEEDLING, MATURE do
    local piece = PIECE[stage]
    local pool, in_trees = s[piece]:get(), board:count(HOLDING[piece])
    if pool < 0 then game.broken("the %s pool holds %d", piece, pool) end
    if pool + in_trees ~= s.options.pyramids then
      game.broken("%d %s pyramids in the pool and %d in trees, not %d", pool, piece, in_trees, s.options.pyramids)
    end
  end
  local protesters = board:count(PROTESTED)
  for seat = 1, s.players do
    local supply, score = s.protesters:get(seat), s.score:get(seat)
    if supply < 0 then game.broken("seat %d has %d protesters in supply", seat, supply) end
    if score < 0 then game.broken("seat %d scores %d", seat, score) end
    protesters = protesters + supply
  end
  local dealt = protesters_each(s) * s.players
  if protesters ~= dealt then game.broken("%d protesters in play, %d dealt", protesters, dealt) end
  if board:count(PROTESTER_NOT_ON_MATURE) > 0 then game.broken("a protester stands on a square without a mature tree") end
  if board:count({ logger = { 0, s.players } }) ~= squares then game.broken("a square holds the logger of no seat") end
  local placing = turns.phase(s) == PHASE.place
  for seat = 1, s.players do
    local loggers = board:count(LOGGER_OF[seat])
    if loggers > 1 or (loggers == 0 and not placing) then game.broken("seat %d has %d loggers", seat, loggers) end
  end
  if board:count(LOGGER_ON_TREE) > 0 then game.broken("a logger stands on a tree") end
  if board:count(SPAWNER_NOT_MATURE) > 0 then game.broken("a square without a mature tree is marked to spawn") end
end

--- How each seat stands now, for bots that stop looking ahead before the
--- end: its points, with the tie-break (protesters in supply) worth less
--- than a point.
local function evaluate(s)
  local values = {}
  for seat = 1, s.players do
    values[seat] = s.score:get(seat) + s.protesters:get(seat) / 10
  end
  return values
end

-- Drawing the board -------------------------------------------------------------

local TREE_MARK = { [NONE] = "", [SEEDLING] = "s", [SAPLING] = "S", [MATURE] = "T" }

local function square_text(s, square)
  local text = TREE_MARK[s.board:get(square, "tree")]
  if s.board:get(square, "protester") == 1 then text = text .. "+" end
  if s.board:get(square, "spawner") == 1 then text = text .. "*" end
  local seat = s.board:get(square, "logger")
  if seat > 0 then text = text .. render_board.seat(seat, "L" .. seat) end
  return text
end

local function render(s)
  local lines = {
    render_board.grid(s.board, function(square) return square_text(s, square) end),
    "s seedling  S sapling  T mature tree  + protester  * spawns now  L1 logger of seat 1",
    string.format("Pool: %d large, %d medium, %d small pyramids",
      s.large:get(), s.medium:get(), s.small:get()),
  }
  for seat = 1, s.players do
    local prompt = PHASES.prompt(s, seat)
    local supply = s.protesters:get(seat)
    lines[#lines + 1] = string.format("%s: %2d point%s, %d protester%s in supply%s",
      render_board.seat(seat, "Seat " .. seat), s.score:get(seat), s.score:get(seat) == 1 and "" or "s",
      supply, supply == 1 and "" or "s", prompt and "   <- " .. prompt or "")
  end
  if turns.ending(s) and not turns.over(s) then
    lines[#lines + 1] = string.format("Final round: someone reached %d points.", s.options.winning_score)
  end
  return table.concat(lines, "\n")
end

--- How the host draws the board as a picture (grove serve, replay pages):
--- a click on a square looks for its name (c3) in the move texts.
-- mutate: off (the picture: how the board is drawn and clicked, no rule)
local LOOK = {
  board = {
    cell = 64,
    corner = { fill = "#e6dcc0", label = "corner" },
    tree = {
      [SEEDLING] = { glyph = "♣", color = "#8fc46a", scale = 0.6, label = "seedling" },
      [SAPLING] = { glyph = "♣", color = "#4f9a3a", scale = 0.8, label = "sapling" },
      [MATURE] = { glyph = "♣", color = "#256b2a", label = "mature tree" },
    },
    protester = { glyph = "✋", color = "#e0a21c", scale = 0.8, label = "protester" },
    logger = { seat = true, glyph = "L", label = "logger" },
    spawner = { glyph = "*", label = "spawns now" },
  },
  large = { label = "large pyramids" },
  medium = { label = "medium pyramids" },
  small = { label = "small pyramids" },
  score = { label = "points" },
  protesters = { label = "protesters in supply" },
  -- each seat's points and what it is to do head its panel
  standing = {
    label = "points",
    score = function(s, seat) return s.score:get(seat) end,
    status = function(s, seat)
      local prompt = PHASES.prompt(s, seat)
      return prompt and ("now: " .. prompt) or nil
    end,
  },
}
-- mutate: on

return game.define {
  name = "logger",
  title = "Logger",
  version = "1.0",          -- of these rules: saves made under another version are refused
  players = { min = 2, max = 4, default = 2 },
  options = OPTIONS,
  setup = setup,
  phases = PHASES,
  result = result,
  render = render,
  look = LOOK,
  describe = describe,
  why = why,
  invariants = invariants,
  evaluate = evaluate,
}
