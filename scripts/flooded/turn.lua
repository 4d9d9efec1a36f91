--- A turn of Flooded Forest in words: its three stages, the phases of a
--- turn, the kinds of move, and whose turn comes next. (What each phase
--- asks and offers, and what each move does there: phases.lua.)
local game = require "grove.game"
local turns = require "grove.turns"

local STAGE = { flood = 1, predators = 2, dry = 3 }
local PHASE = turns.phases {
  "place",       -- flood: place a tile (or discard one if none fits)
  "extra",       -- flood: an extra fish, or stop
  "predators",   -- place a predator
  "dry",         -- dry: pull a tile (an action first, if wanted)
  "school",      -- dry: move the pulled tile's fish
  "hunter",      -- dry: move the pulled tile's predator
  "act",         -- dry: move the piece a special action names
  "window",      -- dry: after the pull's movement, an action or stop
  "eat",         -- dry: choose the fish a predator eats
  "keep",        -- dry: a hand of one: keep the pulled tile or the old one
}
local MOVE = game.kinds {
  "place", "discard", "fish", "stop", "caiman", "piranhas", "jaguar",
  "school", "pull", "action", "eat", "keep",
}
local MOVE_OF_PREDATOR = { MOVE.caiman, MOVE.piranhas, MOVE.jaguar }

-- Turn order -------------------------------------------------------------------

--- Give the turn to the first seat, from `seat` on in turn order, for which
--- can_play(s, seat) holds. False if there is none.
local function turn_to(s, seat, can_play)
  for _ = 1, s.players do
    if can_play(s, seat) then
      s.turn.seat = seat
      return true
    end
    seat = turns.after(s, seat)
  end
  return false
end

return {
  STAGE = STAGE,
  PHASE = PHASE,
  MOVE = MOVE,
  MOVE_OF_PREDATOR = MOVE_OF_PREDATOR,
  turn_to = turn_to,
}
