--- {{title}}: the game `grove new {{name}}` made, to be changed into yours.
---
--- As it comes it is a take-away game: a pile of 15 stones between the
--- players; on your turn you take one, two or three stones; whoever takes
--- the last stone wins. Change the rules below, then run `grove test` on
--- this folder and `grove play {{name}}` to try them.
---
--- The contract (../shared/DESIGN.md, docs/api.md): setup declares the
--- components; the phases of a turn say what each asks of the player, what
--- it offers and what each move does (grove builds the actor, moves and
--- apply hooks from them); result, describe, render, why (the reason a
--- typed move is refused) and s:say (what the rules did by themselves) are
--- for people; invariants says what always holds, and `grove check {{name}}`
--- checks it after every move of random games, with everything else every
--- game must get right.
local game = require "grove.game"
local turns = require "grove.turns"
local rank = require "grove.rank"

local STONES = 15                          -- in the pile at the start
local MOST_TAKEN = 3                       -- stones one turn may take

local PHASE = turns.phases { "take" }      -- a turn is one step: take stones
local MOVE = game.kinds { "take" }         -- a move is "take N"

--- Setup: the pile, and whose turn it is and its phase (grove.turns keeps them).
local function setup(s)
  s:vars("pile", { "stones" })
  s.pile.stones = STONES
  turns.setup(s)
  turns.set_phase(s, PHASE.take)
end

--- Take one, two or three stones, never more than the pile holds.
local function stones_to_take(s, out)
  for n = 1, math.min(MOST_TAKEN, s.pile.stones) do out:add(MOVE.take, n) end
end

--- Take the stones; whoever empties the pile wins, else the next seat plays.
local function take(s, n)
  s.pile.stones = s.pile.stones - n
  if s.pile.stones == 0 then
    s:say("The pile is empty: seat %d took the last stone.", turns.seat(s))   -- told under the move
    turns.end_now(s)
  else
    turns.pass(s)
  end
end

--- The turn, phase by phase: what each phase asks of the player to move
--- (the board shows it, and a move of another phase is refused with it),
--- what it offers, and what each kind of move does there. The seat that
--- decides is whose turn it is (a phase may name another: actor = ...).
local PHASES = game.phases(PHASE, MOVE, {
  take = { prompt = "take 1 to " .. MOST_TAKEN .. " stones", offer = stones_to_take, take = take },
})

--- nil while stones are left; then the seat that took the last one wins.
local function result(s)
  if not turns.over(s) then return nil end
  local scores = {}
  for seat = 1, s.players do scores[seat] = seat == turns.seat(s) and 1 or 0 end
  return rank.result(scores, nil, string.format("seat %d took the last stone", turns.seat(s)))
end

--- A move as a person types it: "take 2". (A game of many kinds of move
--- may give describe as a table of one function per kind: docs/api.md.)
local function describe(_, move)
  local _, n = game.parts(move)
  return "take " .. n
end

--- What holds after every move, read from the state alone: change it with
--- the rules. grove check and the playout test call it; game.broken says
--- what broke.
local function invariants(s)
  if s.pile.stones < 0 or s.pile.stones > STONES then
    game.broken("the pile holds %d stones, not 0 to %d", s.pile.stones, STONES)
  end
  if (s.pile.stones == 0) ~= turns.over(s) then
    game.broken("the game is over exactly when the pile is empty")
  end
end

--- Why a typed move is refused, in the rules' words (nil: the host lists
--- the legal moves). A move of another phase, or once the game is over, is
--- refused by the phases (PHASES.not_now).
local function why(s, text)
  local n = math.tointeger(tonumber(text:match("^%s*take%s+(%-?%d+)%s*$") or ""))
  if not n then return nil end
  local not_now = PHASES.not_now(s, MOVE.take)
  if not_now then return not_now end
  if n < 1 or n > MOST_TAKEN then return string.format("a turn takes 1 to %d stones", MOST_TAKEN) end
  return string.format("the pile holds only %d", s.pile.stones)
end

--- The pile, and what the seat to move is asked.
local function render(s)
  local pile = string.format("Pile: %s (%d stones)", string.rep("o", s.pile.stones), s.pile.stones)
  local prompt = PHASES.prompt(s)
  if not prompt then return pile end
  return string.format("%s\nSeat %d: %s", pile, turns.seat(s), prompt)
end

--- How the host draws the game as a picture (grove serve, grove show):
--- the pile's stones as tokens. Name a piece's look by its component and
--- field (docs/api.md, grove.picture). grove mutate plants no fault here:
--- how the game is drawn is no rule.
-- mutate: off
local LOOK = {
  pile = { show = true, label = "the pile", stones = { count = true, color = "#8d8d8d", label = "stones" } },
}
-- mutate: on

return game.define {
  name = "{{name}}",
  title = "{{title}}",
  version = "0.1",           -- of these rules: saves made under another version are refused
  players = { min = 2, max = 2, default = 2 },   -- the counts it takes, and the usual one
  setup = setup,
  phases = PHASES,           -- the actor, moves and apply hooks come from them
  result = result,
  describe = describe,
  why = why,
  render = render,
  look = LOOK,
  invariants = invariants,
}
