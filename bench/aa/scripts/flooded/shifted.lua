--- Shifted: exactly the base game's rules, with one extra draw from the
--- game's chance at the end of setup, so every later roll, shuffle and
--- draw comes out differently. A/A studies (bench/aa-study.sh) compare the
--- game with itself under this variant: any difference --compare calls
--- significant is a false alarm.
local game = require "grove.game"

return function(base)
  return game.extend(base, {
    setup = function(s, options)
      base.setup(s, options)
      math.random()
    end,
  })
end
