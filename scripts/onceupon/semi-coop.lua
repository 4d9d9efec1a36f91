--- Once Upon a Forest, semi-cooperative (grove's design; no published rule
--- was found): everyone plays as usual, but the forest is one. At the end,
--- every chainsaw on the complete trees of all forests is counted; more than
--- two per player and the forest is lost: nobody wins. Otherwise the players
--- rank by score as usual.
local rank = require "grove.rank"
local forest = require "forest"
local game = require "grove.game"

local CHAINSAWS_PER_PLAYER = 2       -- more than this many per player loses the forest (an option)

return function(base)
  local function chainsaws(s)
    local n = 0
    for seat = 1, s.players do n = n + forest.score(s, seat).chainsaws end
    return n
  end

  local function result(s)
    local r = base.result(s)
    if r == nil then return nil end
    local saws, limit = chainsaws(s), s.options.chainsaws_per_player * s.players
    if saws <= limit then
      r.text = string.format("The forest stands (%d chainsaws, at most %d allowed).\n%s", saws, limit, r.text)
      return r
    end
    local ranks = {}
    for seat = 1, s.players do ranks[seat] = s.players end
    local lost = rank.result(r.scores, nil, "")
    lost.ranks, lost.winners = ranks, {}
    lost.text = string.format("The forest is lost: %d chainsaws on complete trees, more than %d (%d per player). Nobody wins.",
      saws, limit, s.options.chainsaws_per_player)
    return lost
  end

  local function render(s, viewer)
    return base.render(s, viewer) .. string.format("\nChainsaws on complete trees, all forests: %d (the forest is lost above %d)",
      chainsaws(s), s.options.chainsaws_per_player * s.players)
  end

  -- 2 to 4 players (DECISIONS.md): a forest shared by one is no team, and
  -- solo does not combine with it
  local options = { table.unpack(base.options) }
  options[#options + 1] = { name = "chainsaws_per_player", default = CHAINSAWS_PER_PLAYER, min = 0, max = 20,
    help = "the chainsaws per player on complete trees the shared forest survives" }
  return game.extend(base, { players = { min = 2, max = 4 }, options = options, result = result, render = render })
end
