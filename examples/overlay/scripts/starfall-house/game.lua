--- Starfall Forest with house rules: an overlay, found through GROVE_PATH.
---
--- The game itself is grove's scripts/starfall/game.lua, reached through
--- the link starfall.lua beside this file: a link, not a copy, so a fix to
--- the base game is a fix here. This file gives it a name of its own and
--- one more variant, two-stars.lua; scaredy-snake.lua and star-fluke.lua
--- are links to the base game's variants, so all three are chosen the
--- usual way (--variant two-stars,scaredy-snake).
local game = require "grove.game"
local starfall = require "starfall"       -- starfall.lua: the link to the base game

return game.extend(starfall, {
  name = "starfall-house",
  title = "Starfall Forest (house rules)",
  variants = { "scaredy-snake", "star-fluke", "two-stars" },
})
