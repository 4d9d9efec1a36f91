--- The 36 Flood tiles of Flooded Forest, as one data table (game.lua
--- reads it). Change a tile by changing its row.
---
-- One row per tile, numbered 1..36 in this order: grove's design (the
-- published tile list was not found); README.md says how it was checked.
--   sides    the six sides as printed, clockwise from east: e, se, sw, w,
--            nw, ne; "~" water, "#" forest. All water sides of a tile form
--            one waterway, so a tile needs at least one.
--   circles  the fish the tile holds during the flood phase (1..3)
--   action   the special action on its back (ACTIONS below)
-- The mix: 12 tiles each with 1, 2 and 3 circles, 6 tiles per action; by
-- water sides 1 tile with 6, 7 with 5, 10 with 4, 10 with 3, 6 with 2 and
-- 2 with 1. Tiles with few or scattered water sides are the hardest to
-- place; README.md gives the measured rates.
return {
  { sides = "~~~~~~", circles = 1, action = "predator-move"   },  -- 1
  { sides = "~~~~~#", circles = 2, action = "predator-move"   },  -- 2
  { sides = "~~~~~#", circles = 3, action = "predator-move"   },  -- 3
  { sides = "~~~~~#", circles = 1, action = "eat-more"        },  -- 4
  { sides = "~~~~~#", circles = 2, action = "eat-more"        },  -- 5
  { sides = "~~~~~#", circles = 3, action = "eat-more"        },  -- 6
  { sides = "~~~~~#", circles = 1, action = "fish-move"       },  -- 7
  { sides = "~~~~~#", circles = 2, action = "fish-move"       },  -- 8
  { sides = "~~~~##", circles = 3, action = "fish-move"       },  -- 9
  { sides = "~~~~##", circles = 1, action = "piranha-three"   },  -- 10
  { sides = "~~~~##", circles = 2, action = "piranha-three"   },  -- 11
  { sides = "~~~~##", circles = 3, action = "piranha-three"   },  -- 12
  { sides = "~~~#~#", circles = 1, action = "caiman-land"     },  -- 13
  { sides = "~~~#~#", circles = 2, action = "caiman-land"     },  -- 14
  { sides = "~~~#~#", circles = 3, action = "caiman-land"     },  -- 15
  { sides = "~~#~~#", circles = 1, action = "jaguar-two"      },  -- 16
  { sides = "~~#~~#", circles = 2, action = "jaguar-two"      },  -- 17
  { sides = "~~#~~#", circles = 3, action = "jaguar-two"      },  -- 18
  { sides = "~~~###", circles = 1, action = "predator-move"   },  -- 19
  { sides = "~~~###", circles = 2, action = "predator-move"   },  -- 20
  { sides = "~~~###", circles = 3, action = "predator-move"   },  -- 21
  { sides = "~~~###", circles = 1, action = "eat-more"        },  -- 22
  { sides = "~~#~##", circles = 2, action = "eat-more"        },  -- 23
  { sides = "~~#~##", circles = 3, action = "eat-more"        },  -- 24
  { sides = "~~#~##", circles = 1, action = "fish-move"       },  -- 25
  { sides = "~~##~#", circles = 2, action = "fish-move"       },  -- 26
  { sides = "~~##~#", circles = 3, action = "fish-move"       },  -- 27
  { sides = "~#~#~#", circles = 1, action = "piranha-three"   },  -- 28
  { sides = "~~####", circles = 2, action = "piranha-three"   },  -- 29
  { sides = "~~####", circles = 3, action = "piranha-three"   },  -- 30
  { sides = "~~####", circles = 1, action = "caiman-land"     },  -- 31
  { sides = "~#~###", circles = 2, action = "caiman-land"     },  -- 32
  { sides = "~#~###", circles = 3, action = "caiman-land"     },  -- 33
  { sides = "~##~##", circles = 1, action = "jaguar-two"      },  -- 34
  { sides = "~#####", circles = 2, action = "jaguar-two"      },  -- 35
  { sides = "~#####", circles = 3, action = "jaguar-two"      },  -- 36
}
