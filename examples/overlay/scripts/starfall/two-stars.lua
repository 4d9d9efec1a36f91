--- Two Stars, a house rule: a fairy collects up to two stars at a tree in
--- one visit (the base game: one; Star Fluke: all of them). Everything else
--- is the base game. It says how many stars a visit collects, as Star
--- Fluke does, so the two cannot be played together.
---
--- It lives in an overlay folder, not in grove's scripts/starfall/: with
--- that folder on GROVE_PATH, scripts/starfall/two-stars.lua is a variant
--- of Starfall Forest (grove play starfall --variant two-stars).
local game = require "grove.game"

local STARS_PER_VISIT = 2

return function(base)
  return game.extend(base, {
    setup = function(s, options)
      if options.variants["star-fluke"] then
        error("two-stars and star-fluke both say how many stars a visit collects: choose one", 0)
      end
      base.setup(s, options)
      s.rules.stars_per_visit = STARS_PER_VISIT
    end,
    render = function(s, viewer)
      return base.render(s, viewer) .. "\nHouse rule Two Stars: a visit collects up to two stars."
    end,
  })
end
