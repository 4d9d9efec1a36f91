--- The turn of Flooded Forest, phase by phase: what each phase asks of the
--- player (its prompt: render shows it, and a move of another phase is
--- refused with it), what it offers (flood.lua, dry.lua), and what each move
--- does there. A move's arguments are those of its text: place TILE HEX
--- TURN, fish HEX, caiman HEX, pull HEX, action ACTION HEX, eat COLOUR,
--- keep TILE.
local game = require "grove.game"
local T = require "turn"
local flood = require "flood"
local dry = require "dry"

return game.phases(T.PHASE, T.MOVE, {
  -- Phase one, the flood: place a tile and a fish on it (or discard a
  -- tile that fits nowhere); then maybe extra fish along the chain.
  place = { prompt = "place a tile: place TILE rK Q,R",
    offer = flood.tile_placements, place = flood.place_tile, discard = flood.discard_tile },
  extra = { prompt = "place an extra fish (fish Q,R) or stop",
    offer = flood.extra_fish_hexes, fish = flood.extra_fish, stop = flood.end_flood_turn },
  -- The predators appear: one piece a turn on a free perimeter tile.
  predators = { prompt = "place a predator: caiman|piranhas|jaguar Q,R",
    offer = flood.predator_placements,
    caiman = flood.place_caiman, piranhas = flood.place_piranhas, jaguar = flood.place_jaguar },
  -- Phase two, the dry phase: pull a tile (a special action first, if
  -- wanted); its school moves, then its predator (caiman-land or
  -- jaguar-two may take it further); after the movement, an action or
  -- stop; then the predators eat, one fish a move; at the end of the turn
  -- a hand of one keeps one tile.
  dry = { prompt = "pull a tile (pull Q,R); an action first if you like",
    offer = dry.pulls_and_actions, pull = dry.pull, action = dry.action_before_pull },
  school = { prompt = "move the school of the pulled tile: school Q,R",
    offer = dry.school_destinations, school = dry.move_pulled_school },
  hunter = { prompt = "move the predator of the pulled tile",
    offer = dry.predator_destinations, action = dry.boost_pulled_predator,
    caiman = dry.move_pulled_predator, piranhas = dry.move_pulled_predator, jaguar = dry.move_pulled_predator },
  act = { prompt = "move the piece of your action",
    offer = dry.action_destinations,
    school = dry.act_move, caiman = dry.act_move, piranhas = dry.act_move, jaguar = dry.act_move },
  window = { prompt = "play a special action, or stop",
    offer = dry.actions_after_pull, action = dry.action_after_pull, stop = dry.settle },
  eat = { prompt = "choose the fish the predator eats: eat COLOUR", offer = dry.fish_to_eat, eat = dry.eat },
  keep = { prompt = "a hand of one: keep TILE", offer = dry.tiles_to_keep, keep = dry.keep_tile },
})
