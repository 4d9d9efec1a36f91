--- Flooded Forest — fish leave the flooded Amazon to spawn, then race the
--- predators back to the river as the water falls.
---
--- The game of ../shared/rules/flooded-forest.txt with the decisions of
--- DECISIONS.md (Flooded Forest), for 3 and 4 players. README.md beside this
--- file states the rules as implemented. The game has three stages:
---   flood      place a Flood tile and a fish on it; maybe extra fish along
---              the chain (each extra fish is a move, "stop" ends it)
---   predators  in turn order each player places a caiman, a piranha school
---              or a jaguar on a perimeter tile, one piece a turn
---   dry        pull a tile, move the school and the predator that stood on
---              it, fights, eating; special actions from the tile backs
---
--- The rules are in files by subject:
---   tiles.lua       the 36 Flood tiles, one row per tile
---   map.lua         the board: flood areas and river, tiles as they lie,
---                   water between tiles, which tiles may be pulled
---   pieces.lua      fish, predators, hands and decks, special actions, score
---   turn.lua        the stages, the phases of a turn, the kinds of move
---   flood.lua       phase one, the flood, and the predators appearing
---   dry.lua         phase two, the dry phase
---   phases.lua      each phase's prompt, offer and moves: the turn as a table
---   text.lua        what players read: render, move texts, refusals, look
---   invariants.lua  what always holds
---   evaluate.lua    what the bots read (not a rule)
--- and this file: the options, the setup, the end and the definition.
local game = require "grove.game"
local turns = require "grove.turns"
local rank = require "grove.rank"
local map = require "map"
local P = require "pieces"
local T = require "turn"
local PHASES = require "phases"
local text = require "text"
local E = require "evaluate"   -- what the bots read: evaluate.lua

local TILES = map.TILES

-- The numbers a designer may change (grove play flooded --set NAME=VALUE);
-- the rules read them from s.options.
local OPTIONS = {
  { name = "fish_each", default = P.FISH_EACH, min = 1, max = P.FISH_IN_ALL // 4,
    help = "the fish of each player's colour in their supply at the start" },
  { name = "points_home", default = P.POINTS_PER_FISH_HOME, min = 0, max = 20,
    help = "the points each fish brought home scores" },
  { name = "points_eaten", default = P.POINTS_PER_FISH_EATEN, min = 0, max = 20,
    help = "the points each opponent's fish a player's predator ate scores" },
}

-- Setup ----------------------------------------------------------------------

--- The map (flood areas and river), the tiles (bag, decks, hands, discard
--- pile, the tile pulled this turn), each colour's fish and each player's
--- predators; four start tiles beside the river, eight tiles dealt to
--- each player, three of them in hand.
local function setup(s)
  local fields = { "area", "tile", "fish", "predator", "hungry", "touching", "faces" }
  for _, colour in ipairs(P.COLOUR) do fields[#fields + 1] = colour end
  s:hex("map", map.STORED, fields, { "side" })
  map.lay_out(s)

  s:deck("bag", #TILES)
  s:deck("unused", #TILES)                    -- 3 players: eight tiles stay out
  s:deck("discard", #TILES, { visibility = "face up" })
  s:deck("pulled", 1, { visibility = "face up" })   -- set aside until the turn ends
  for seat = 1, s.players do
    s:deck(P.DECK[seat], P.DECK_SIZE, { owner = seat, visibility = "face down" })
    s:deck(P.HAND[seat], P.HAND_SIZE, { owner = seat })
  end
  s:pool("supply", { per_seat = true, value = s.options.fish_each, max = s.options.fish_each })
  s:pool("home", { per_seat = true })
  for seat = 1, s.players do s:pool(P.EATEN[seat], { per_seat = true }) end
  for _, name in ipairs(P.PREDATOR) do s:pool(name, { per_seat = true, value = 1, max = 1 }) end
  s:vars("play", {
    "stage",
    "placed",     -- flood: the hex of the tile placed this turn
    "chain",      -- flood: the hex of the last extra fish (0: across the river)
    "pulled",     -- dry: the hex pulled this turn (0: not yet)
    "water",      -- dry: the pulled tile's water sides, as it lay
    "acted",      -- dry: a special action was played this turn
    "boost",      -- dry: the action moving a piece now (0: the normal move)
    "source",     -- dry: the hex of the piece an action moves
    "eat_more",   -- dry: eat-more was played this turn
    "piranha_three", -- dry: piranha-three was played this turn
    "eating",     -- dry: the hex where a predator is eating
    "bites",      -- dry: fish it still eats
  })
  turns.setup(s)

  for t = 1, #TILES do s.bag:push(t) end
  s.bag:shuffle()
  map.place_start_tiles(s)
  for seat = 1, s.players do
    s.bag:deal(P.deck(s, seat), P.DECK_SIZE)
    P.deck(s, seat):deal(P.hand(s, seat), P.HAND_SIZE)
  end
  if s.bag:count() > 0 then s.bag:deal(s.unused, s.bag:count()) end
  s.play.stage = T.STAGE.flood
  turns.set_phase(s, T.PHASE.place)
end

-- The end and the score ----------------------------------------------------------

--- Most points wins; ties go to more fish home, then to the player who ate
--- the most fish of the other tied players.
local function result(s)
  if not turns.over(s) then return nil end
  local scores, home, ate_tied = {}, {}, {}
  for seat = 1, s.players do
    scores[seat] = P.score(s, seat)
    home[seat] = s.home:get(seat)
  end
  for seat = 1, s.players do
    ate_tied[seat] = 0
    for other = 1, s.players do
      if other ~= seat and scores[other] == scores[seat] and home[other] == home[seat] then
        ate_tied[seat] = ate_tied[seat] + s[P.EATEN[other]]:get(seat)
      end
    end
  end
  local r = rank.result(scores, { home, ate_tied })
  r.text = (P.fish_home_total(s) >= P.river_circles(s) and "The river's scoring circles are full: "
    or "Nobody could pull a tile or play an action: ") .. r.text
  return r
end

--- The catalog for grove check: tiles are named by their numbers, as moves write them.
local TILE_NAMES = {}
for t in ipairs(TILES) do TILE_NAMES[t] = tostring(t) end

return game.define {
  name = "flooded",
  title = "Flooded Forest",
  version = "1.0",          -- of these rules: saves made under another version are refused
  players = { min = 3, max = 4, default = 3 },   -- the rule text: "3 to 4 players"
  options = OPTIONS,
  setup = setup,
  phases = PHASES,
  invariants = require "invariants",
  result = result,
  render = text.render,
  look = text.LOOK,
  describe = text.DESCRIBE,
  parse = text.parse,
  why = text.why,
  evaluate = E.evaluate,
  -- for tests and studies: the tile catalogue and the stages (the turn
  -- phases are phases.names)
  data = { tiles = TILES, stages = T.STAGE, survey = map.survey, features = E.features,
    evaluate_features = E.FEATURE },
  catalog = { what = "tiles", names = TILE_NAMES },   -- for grove check: tiles never seen
}
