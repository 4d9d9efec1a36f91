--- Crossing, step 1: a board and a race.
---
--- Two runners start on opposite sides of a 5x7 field. On your turn you
--- move your runner one square up, down, left or right onto an empty
--- square. The first runner to reach the far side wins.
local game = require "grove.game"
local turns = require "grove.turns"
local rank = require "grove.rank"
local draw = require "grove.render"

local WIDTH, HEIGHT = 5, 7                 -- squares a1 .. e7
local START = { "c1", "c7" }               -- seat 1 starts at the bottom, seat 2 at the top
local HOME_ROW = { HEIGHT, 1 }             -- and each runs to the other side

local MOVE = game.kinds { "move" }

local EMPTY = grove.cond { runner = 0 }
local RUNNER_OF = { grove.cond { runner = 1 }, grove.cond { runner = 2 } }

-- Setup: the board, with one field per square: which runner stands there
-- (0 for none). Whose turn it is lives in grove.turns' vars.
local function setup(s)
  s:grid("board", WIDTH, HEIGHT, { "runner" })
  for seat = 1, 2 do s.board:set(START[seat], "runner", seat) end
  turns.setup(s)
end

local function runner_square(s, seat)
  return s.board:first(RUNNER_OF[seat])
end

local function is_home(s, seat)
  local _, y = s.board:xy(runner_square(s, seat))
  return y == HOME_ROW[seat]
end

-- The rule-script contract ------------------------------------------------

--- The seat that decides now.
local function actor(s)
  return turns.seat(s)
end

--- Every legal move of that seat: one step onto an empty neighbour.
local function moves(s, out)
  if turns.over(s) then return end
  local here = runner_square(s, turns.seat(s))
  out:add_all(MOVE.move, s.board:neighbors(here, EMPTY))
end

--- Play a move: the runner steps; at the far side the game is over,
--- otherwise the other seat plays.
local function apply(s, move)
  local _, square = game.parts(move)
  local seat = turns.seat(s)
  s.board:set(runner_square(s, seat), "runner", 0)
  s.board:set(square, "runner", seat)
  if is_home(s, seat) then
    turns.end_now(s)
  else
    turns.pass(s)
  end
end

--- nil while the race is on; then the runner at home wins.
local function result(s)
  if not turns.over(s) then return nil end
  local scores = {}
  for seat = 1, 2 do scores[seat] = is_home(s, seat) and 1 or 0 end
  return rank.result(scores, nil, string.format("seat %d crosses first", turns.seat(s)))
end

--- The text of a move, as a person types it: "move c2".
local function describe(s, move)
  local _, square = game.parts(move)
  return "move " .. s.board:name(square)
end

local function render(s)
  local board = draw.grid(s.board, function(square)
    local runner = s.board:get(square, "runner")
    return runner > 0 and ("R" .. runner) or ""
  end)
  return board .. "\nR1 runs up to row 7, R2 down to row 1."
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
