--- grove.turns — seats and turn order, rounds, and "finish the round so
--- everyone had equal turns".
---
--- The bookkeeping lives in a vars component named "turn" (seat, round,
--- first, phase, ending, over), so undo and replay see it.
---
---   local PHASE = turns.phases { "move", "action" }   -- the steps of a turn
---   turns.setup(s)              -- in setup: seat 1 starts round 1
---   turns.seat(s)               -- whose turn it is
---   turns.set_phase(s, PHASE.action); turns.phase(s) == PHASE.action
---   turns.finish_round(s)       -- the end is triggered: play out the round
---   turns.pass(s)               -- end the turn; false when the game is over
local game = require "grove.game"

local M = {}

--- In setup: declare the turn vars (a vars component named "turn"); seat
--- `first` (default 1) starts round 1.
---@param s State the state being set up
---@param first? Seat the seat that plays first
function M.setup(s, first)
  s:vars("turn", { "seat", "round", "first", "phase", "ending", "over" })
  s.turn.first = first or 1
  s.turn.seat = first or 1
  s.turn.round = 1
end

--- Name the phases (sub-steps) of a turn, as game.kinds names the move
--- kinds (this is game.kinds): phases{"move", "action"} gives .move == 1,
--- .action == 2 and [1] == "move", [2] == "action".
---@param names string[] the phases, in the order they come in a turn
---@return table phases each name's number and each number's name
function M.phases(names)
  return game.kinds(names)
end

--- The current phase (a number from turns.phases; 0 before any is set).
---@param s State
---@return integer phase
function M.phase(s)
  return s.turn.phase
end

--- Move to another phase of the turn.
---@param s State
---@param phase integer a number from turns.phases
function M.set_phase(s, phase)
  s.turn.phase = phase
end

--- The seat whose turn it is.
---@param s State
---@return Seat seat
function M.seat(s)
  return s.turn.seat
end

--- The seat after `seat` in turn order.
---@param s State
---@param seat Seat
---@return Seat next
function M.after(s, seat)
  return seat % s.players + 1
end

--- The current round (1 for the first).
---@param s State
---@return integer round
function M.round(s)
  return s.turn.round
end

--- Is `seat` the last seat of a round (the one before the first player)?
---@param s State
---@param seat? Seat the seat to ask about (default: whose turn it is)
---@return boolean
function M.last_in_round(s, seat)
  return M.after(s, seat or s.turn.seat) == s.turn.first
end

--- The end was triggered: the players after the current one in this round
--- still play, then the game is over.
---@param s State
function M.finish_round(s)
  s.turn.ending = 1
end

--- Has the end been triggered?
---@param s State
---@return boolean
function M.ending(s)
  return s.turn.ending == 1
end

--- Is the game over (the final round completed, or ended by end_now)?
---@param s State
---@return boolean
function M.over(s)
  return s.turn.over == 1
end

--- End the game at once.
---@param s State
function M.end_now(s)
  s.turn.over = 1
end

--- End the current turn: pass to the next seat, counting rounds; when the
--- end was triggered and this was the last seat of the round, the game is
--- over instead. Returns true if somebody plays next.
---@param s State
---@return boolean goes_on false when the game is over
function M.pass(s)
  if s.turn.ending == 1 and M.last_in_round(s) then
    s.turn.over = 1
    return false
  end
  s.turn.seat = M.after(s, s.turn.seat)
  if s.turn.seat == s.turn.first then s.turn.round = s.turn.round + 1 end
  return true
end

return M
