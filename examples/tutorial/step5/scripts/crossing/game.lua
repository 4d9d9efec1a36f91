--- Crossing — two runners cross a field from opposite sides, picking up
--- coins; a die says how far they go. The tutorial's finished game:
--- README.md beside this file states the rules as implemented.
---
--- Two runners start on opposite sides of a 5x7 field with two rocks in
--- the middle and six coins dropped at random. A turn is two moves: roll
--- the die (1, 2 or 3), then move your runner up to that many squares up,
--- down, left or right, around the rocks. Runners may pass each other.
--- End your move on a coin to pick it up (1 point); end it on the other
--- runner and that one goes back to its start square, where it is safe.
--- The first runner to reach the far side scores 3 and ends the game.
--- Most points wins; a tie goes to the runner who crossed.
local game = require "grove.game"
local turns = require "grove.turns"
local rank = require "grove.rank"
local draw = require "grove.render"

local WIDTH, HEIGHT = 5, 7                 -- squares a1 .. e7
local START = { "c1", "c7" }               -- seat 1 starts at the bottom, seat 2 at the top
local HOME_ROW = { HEIGHT, 1 }             -- and each runs to the other side
local ROCKS = { "b4", "d4" }
local FACES = { "1", "2", "3", "1", "2", "3" }   -- a six-sided die showing 1 to 3
local COINS = 6
local CROSSING_BONUS = 3

local PHASE = turns.phases { "roll", "move" }
local MOVE = game.kinds { "roll", "move" }

local OPEN = grove.cond { rock = 0 }       -- a runner may go through any square but a rock
local RUNNER_OF = { grove.cond { runner = 1 }, grove.cond { runner = 2 } }
local BARE = grove.cond { rock = 0, runner = 0, coin = 0 }   -- where a coin may drop

-- Setup: the board, with three fields per square: which runner stands
-- there (0 for none), whether it is a rock, whether a coin lies there;
-- one die; a score per seat; whose turn it is and its phase live in
-- grove.turns' vars.
local function setup(s)
  s:grid("board", WIDTH, HEIGHT, { "runner", "rock", "coin" })
  for _, square in ipairs(ROCKS) do s.board:set(square, "rock", 1) end
  for seat = 1, 2 do s.board:set(START[seat], "runner", seat) end
  s:dice("die", 1, FACES)
  s:pool("score", { per_seat = true })
  turns.setup(s)
  turns.set_phase(s, PHASE.roll)
  -- Each coin drops on a bare square, chosen with the game's own chance:
  -- the same seed drops them in the same places.
  for _ = 1, COINS do
    local bare = { s.board:cells(BARE) }
    s.board:set(bare[math.random(#bare)], "coin", 1)
  end
end

local function runner_square(s, seat)
  return s.board:first(RUNNER_OF[seat])
end

local function is_home(s, seat)
  local _, y = s.board:xy(runner_square(s, seat))
  return y == HOME_ROW[seat]
end

--- May the runner of `seat` end its move on `square`? Not where it
--- stands, and not on the other runner while that one is on its own start
--- square (safe there).
local function may_land(s, seat, square)
  local there = s.board:get(square, "runner")
  if there == seat then return false end
  if there ~= 0 and s.board:name(square) == START[there] then return false end
  return true
end

--- The runner of `seat` goes to `square`; a runner caught there goes back
--- to its start square; a coin there is picked up.
local function run_to(s, seat, square)
  local caught = s.board:get(square, "runner")
  if caught ~= 0 then s.board:set(START[caught], "runner", caught) end
  s.board:set(runner_square(s, seat), "runner", 0)
  s.board:set(square, "runner", seat)
  if s.board:get(square, "coin") == 1 then
    s.board:set(square, "coin", 0)
    s.score:add(seat, 1)
  end
end

--- The number the die shows.
local function rolled(s)
  return tonumber(s.die:value(1))
end

-- The rule-script contract ------------------------------------------------

--- The seat that decides now.
local function actor(s)
  return turns.seat(s)
end

--- Every legal move of that seat: roll; then any square within the roll
--- (not through a rock) where it may land.
local function moves(s, out)
  if turns.over(s) then return end
  if turns.phase(s) == PHASE.roll then
    out:add(MOVE.roll)
    return
  end
  local seat = turns.seat(s)
  local here = runner_square(s, seat)
  for _, square in ipairs({ s.board:reach(here, rolled(s), OPEN) }) do
    if may_land(s, seat, square) then out:add(MOVE.move, square) end
  end
end

--- Play a move: roll the die (chance comes from the game's own seed), or
--- move the runner; at the far side the game is over, otherwise the
--- other seat rolls.
local function apply(s, move)
  local kind, square = game.parts(move)
  local seat = turns.seat(s)
  if kind == MOVE.roll then
    s.die:roll()
    turns.set_phase(s, PHASE.move)
    return
  end
  run_to(s, seat, square)
  if is_home(s, seat) then
    s.score:add(seat, CROSSING_BONUS)
    turns.end_now(s)
  else
    turns.pass(s)
    turns.set_phase(s, PHASE.roll)
  end
end

--- nil while the race is on; then most points wins, a tie goes to the
--- runner who crossed.
local function result(s)
  if not turns.over(s) then return nil end
  local scores, crossed = {}, {}
  for seat = 1, 2 do
    scores[seat] = s.score:get(seat)
    crossed[seat] = is_home(s, seat) and 1 or 0
  end
  return rank.result(scores, { crossed })
end

--- How good the position looks for `seat`, for the greedy bot: its points,
--- and a little for each row it has covered (four rows are worth a coin).
local function score(s, seat)
  local _, y = s.board:xy(runner_square(s, seat))
  local start_row = HEIGHT + 1 - HOME_ROW[seat]
  return s.score:get(seat) + math.abs(y - start_row) / 4
end

--- The text of a move, as a person types it: "roll", "move c2".
local function describe(s, move)
  local kind, square = game.parts(move)
  if kind == MOVE.roll then return "roll" end
  return "move " .. s.board:name(square)
end

local function square_text(s, square)
  if s.board:get(square, "rock") == 1 then return "#" end
  local runner = s.board:get(square, "runner")
  if runner > 0 then return "R" .. runner end
  if s.board:get(square, "coin") == 1 then return "o" end
  return ""
end

local function render(s)
  local lines = {
    draw.grid(s.board, function(square) return square_text(s, square) end),
    "R1 runs up to row 7, R2 down to row 1.  # rock  o coin",
    string.format("Points: seat 1 %d, seat 2 %d", s.score:get(1), s.score:get(2)),
  }
  if not turns.over(s) then
    if turns.phase(s) == PHASE.roll then
      lines[#lines + 1] = string.format("Seat %d rolls.", turns.seat(s))
    else
      local n = rolled(s)
      lines[#lines + 1] = string.format("Seat %d rolled %d: move up to %d square%s.",
        turns.seat(s), n, n, n == 1 and "" or "s")
    end
  end
  return table.concat(lines, "\n")
end

--- What holds after every move, from the state alone: one runner per
--- seat, never on a rock; both rocks in place; the coins on the board and
--- the points they gave make six. grove check calls it after every move of
--- its random games; an error names what broke.
local function invariants(s)
  local board = s.board
  for seat = 1, 2 do
    local n = board:count(RUNNER_OF[seat])
    if n ~= 1 then error(string.format("seat %d has %d runners", seat, n)) end
  end
  if board:count({ rock = 1, runner = { 1, 2 } }) > 0 then error("a runner stands on a rock") end
  for _, square in ipairs(ROCKS) do
    if board:get(square, "rock") ~= 1 then error("the rock on " .. square .. " is gone") end
  end
  local points = s.score:get(1) + s.score:get(2) - (turns.over(s) and CROSSING_BONUS or 0)
  if board:count({ coin = 1 }) + points ~= COINS then
    error(string.format("%d coins on the board and %d points from coins", board:count({ coin = 1 }), points))
  end
end

return game.define {
  name = "crossing",
  title = "Crossing",
  players = { min = 2, max = 2 },
  setup = setup,          -- set the table up
  actor = actor,          -- who decides now
  moves = moves,          -- the legal moves of that seat
  apply = apply,          -- play one
  result = result,        -- nil while the game runs, then scores and ranks
  render = render,        -- the text picture the REPL shows
  describe = describe,    -- a move as text: "move c2"
  score = score,          -- how good a position looks, for the greedy bot
  invariants = invariants,  -- what always holds, for grove check
  kinds = MOVE,           -- the move kinds by name, for grove sim and grove check
}
