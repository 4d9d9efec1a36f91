--- Shifted: exactly the base game's rules, with one extra draw from the
--- game's chance before setup, so every shuffle, roll and draw comes out
--- differently. A/A studies (bench/aa-study.sh) compare the game with
--- itself under this variant: any difference --compare calls significant
--- is a false alarm.
local game = require "grove.game"

return function(base)
  return game.extend(base, {
    setup = function(s, options)
      math.random()
      base.setup(s, options)
    end,
  })
end
