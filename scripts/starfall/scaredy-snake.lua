--- Scaredy-snake: the snakes are afraid of being out in the open too. They
--- are only ever at a tree, never on a path between two trees: setup round 3
--- places a snake on a tree, and a snake step goes from a tree to a
--- neighbouring tree. Everything else is the base game.
local game = require "grove.game"

return function(base)
  return game.extend(base, {
    setup = function(s, options)
      base.setup(s, options)
      s.rules.snakes_on_paths = 0
    end,
  })
end
