--- Crossing, step 2: a die and two phases.
---
--- Two runners start on opposite sides of a 5x7 field with two rocks in
--- the middle. A turn is two moves: roll the die (1, 2 or 3), then move
--- your runner up to that many squares up, down, left or right, around
--- the rocks. Runners may pass each other but never share a square. The
--- first runner to reach the far side wins.
local game = require "grove.game"
local turns = require "grove.turns"
local rank = require "grove.rank"
local draw = require "grove.render"

local WIDTH, HEIGHT = 5, 7                 -- squares a1 .. e7
local START = { "c1", "c7" }               -- seat 1 starts at the bottom, seat 2 at the top
local HOME_ROW = { HEIGHT, 1 }             -- and each runs to the other side
local ROCKS = { "b4", "d4" }
local FACES = { "1", "2", "3", "1", "2", "3" }   -- a six-sided die showing 1 to 3

local PHASE = turns.phases { "roll", "move" }
local MOVE = game.kinds { "roll", "move" }

local OPEN = grove.cond { rock = 0 }       -- a runner may go through any square but a rock
local RUNNER_OF = { grove.cond { runner = 1 }, grove.cond { runner = 2 } }

-- Setup: the board, with three fields per square: which runner stands
-- there (0 for none) and whether it is a rock; one die; whose turn it is
-- and its phase live in grove.turns' vars.
local function setup(s)
  s:grid("board", WIDTH, HEIGHT, { "runner", "rock" })
  for _, square in ipairs(ROCKS) do s.board:set(square, "rock", 1) end
  for seat = 1, 2 do s.board:set(START[seat], "runner", seat) end
  s:dice("die", 1, FACES)
  turns.setup(s)
  turns.set_phase(s, PHASE.roll)
end

local function runner_square(s, seat)
  return s.board:first(RUNNER_OF[seat])
end

local function is_home(s, seat)
  local _, y = s.board:xy(runner_square(s, seat))
  return y == HOME_ROW[seat]
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
--- (not through a rock) where no runner stands.
local function moves(s, out)
  if turns.over(s) then return end
  if turns.phase(s) == PHASE.roll then
    out:add(MOVE.roll)
    return
  end
  local here = runner_square(s, turns.seat(s))
  for _, square in ipairs({ s.board:reach(here, rolled(s), OPEN) }) do
    if s.board:get(square, "runner") == 0 then out:add(MOVE.move, square) end
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
  s.board:set(runner_square(s, seat), "runner", 0)
  s.board:set(square, "runner", seat)
  if is_home(s, seat) then
    turns.end_now(s)
  else
    turns.pass(s)
    turns.set_phase(s, PHASE.roll)
  end
end

--- nil while the race is on; then the runner at home wins.
local function result(s)
  if not turns.over(s) then return nil end
  local scores = {}
  for seat = 1, 2 do scores[seat] = is_home(s, seat) and 1 or 0 end
  return rank.result(scores, nil, string.format("seat %d crosses first", turns.seat(s)))
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
  return runner > 0 and ("R" .. runner) or ""
end

local function render(s)
  local lines = {
    draw.grid(s.board, function(square) return square_text(s, square) end),
    "R1 runs up to row 7, R2 down to row 1.  # rock",
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
}
