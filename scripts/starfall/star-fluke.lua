--- Star Fluke: a fairy collects every star at a tree in a single visit (the
--- base game: one star per visit). Everything else is the base game.
local game = require "grove.game"

local ALL_STARS = 0      -- rules.stars_per_visit: no limit

return function(base)
  return game.extend(base, {
    setup = function(s, options)
      base.setup(s, options)
      s.rules.stars_per_visit = ALL_STARS
    end,
  })
end
