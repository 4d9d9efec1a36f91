--- Squirrel Island — the card list.
---
--- grove's own design: the published card list was not found. It keeps the
--- facts DECISIONS.md (Squirrel Island) gives: copies of 1, 2 or 4; Tree
--- squirrels more common than Ground, Ground more than Flying; Motivator
--- (loops: 1 stamina, 1 coin), Cartographer (+1 nut whenever its owner draws
--- one or more cards outside the morning), Sniper and Slingshot (sabotage).
--- 32 names, 61 cards: 43 squirrels (22 Tree, 14 Ground, 7 Flying) and
--- 18 items.
---
--- One row is one card name. A designer adds a card by adding a row; game.lua
--- reads the rows and never names a card.
---
---   name    the card's name (a move names it in lower case: "play motivator")
---   kind    "squirrel" (costs stamina, stays in front of you) or "item"
---           (costs coins, goes to your used items after its effect)
---   cost    stamina for a squirrel, coins for an item
---   tribe   a squirrel's tribe: "tree", "ground" or "flying"
---   loops   a squirrel's loops: one resource each ("nuts", "coins", "stamina"),
---           collected every morning from day 2 and by collect effects
---   ability a unique squirrel's ability instead of loops, either
---             { when = EVENT, effect = { steps } }   triggered on your turn, or
---             { ongoing = RULE, n = N }              always on while refreshed
---           EVENTs: "draw" (you draw one or more cards), "play_item" (you
---           play an item), "stash" (you stash one or more cards), "sleep"
---           (you go to sleep). RULEs: "item_discount" (your items cost N
---           coins less, never below 0), "island_free" (no extra cost when
---           you play a card from the Island).
---   play    the play effect: steps resolved in order (see STEPS in game.lua):
---             { "gain", N, RES }          gain N nuts/coins/stamina
---             { "gain_per", N, RES, WHAT } gain N RES for each of your WHAT:
---                                          "tree"/"ground"/"flying" squirrels
---             { "draw", N }               draw N cards from the deck
---             { "draw_island", N }        draw N cards from the Island (you choose)
---             { "stash_deck", N }         stash the top N cards of the deck, unseen
---             { "stash_hand", N }         stash N cards from your hand (you choose)
---             { "go_again", N }           take N more turns (N defaults to 1)
---             { "steal", N }              steal N nuts from another player (you choose)
---             { "steal_each", N }         steal N nuts from each other player
---             { "lose_each", N, RES }     each other player loses N RES
---             { "exhaust_collect", N }    exhaust N of your squirrels, collecting their loops
---             { "refresh", N }            refresh N of your exhausted squirrels
---             { "exhaust_other", N }      exhaust N squirrels of other players
---             { "collect_all" }           collect the loops of all your refreshed squirrels
---   stash   the card's stash value: nuts it is worth at the end if stashed
---   copies  how many copies are in the deck: 1, 2 or 4
return {
  -- Tree squirrels (22 cards) ---------------------------------------------------
  { name = "Motivator", kind = "squirrel", cost = 2, tribe = "tree", loops = { "stamina", "coins" },
    play = { { "gain", 1, "coins" } }, stash = 1, copies = 4 },
  { name = "Acorn Picker", kind = "squirrel", cost = 1, tribe = "tree", loops = { "nuts" },
    play = { { "gain", 1, "nuts" } }, stash = 1, copies = 4 },
  { name = "Branch Hopper", kind = "squirrel", cost = 2, tribe = "tree", loops = { "coins" },
    play = { { "draw", 1 }, { "go_again", 1 } }, stash = 1, copies = 4 },
  { name = "Treetop Lookout", kind = "squirrel", cost = 3, tribe = "tree", loops = { "nuts" },
    play = { { "draw_island", 2 } }, stash = 2, copies = 2 },
  { name = "Hoarder", kind = "squirrel", cost = 3, tribe = "tree", loops = { "nuts", "nuts" },
    play = { { "stash_deck", 1 } }, stash = 2, copies = 2 },
  { name = "Canopy Climber", kind = "squirrel", cost = 3, tribe = "tree", loops = { "stamina", "nuts" },
    play = { { "gain_per", 1, "nuts", "tree" } }, stash = 2, copies = 2 },
  { name = "Pine Sentry", kind = "squirrel", cost = 2, tribe = "tree", loops = { "stamina" },
    play = { { "refresh", 1 }, { "gain", 1, "coins" } }, stash = 1, copies = 2 },
  { name = "Elder", kind = "squirrel", cost = 4, tribe = "tree", loops = { "nuts", "nuts", "stamina" },
    play = { { "gain", 2, "nuts" } }, stash = 3, copies = 1 },
  { name = "Cartographer", kind = "squirrel", cost = 3, tribe = "tree",
    ability = { when = "draw", effect = { { "gain", 1, "nuts" } } },
    play = { { "draw", 1 } }, stash = 2, copies = 1 },

  -- Ground squirrels (14 cards) -------------------------------------------------
  { name = "Digger", kind = "squirrel", cost = 1, tribe = "ground", loops = { "coins" },
    play = { { "stash_hand", 1 } }, stash = 1, copies = 4 },
  { name = "Burrower", kind = "squirrel", cost = 2, tribe = "ground", loops = { "nuts" },
    play = { { "exhaust_collect", 1 } }, stash = 1, copies = 2 },
  { name = "Forager", kind = "squirrel", cost = 2, tribe = "ground", loops = { "coins", "coins" },
    play = { { "gain", 1, "nuts" } }, stash = 1, copies = 2 },
  { name = "Sniper", kind = "squirrel", cost = 3, tribe = "ground", loops = { "nuts" },
    play = { { "steal", 2 } }, stash = 2, copies = 2 },
  { name = "Quartermaster", kind = "squirrel", cost = 2, tribe = "ground",
    ability = { ongoing = "item_discount", n = 1 },
    play = { { "gain", 2, "coins" } }, stash = 2, copies = 1 },
  { name = "Collector", kind = "squirrel", cost = 3, tribe = "ground",
    ability = { when = "stash", effect = { { "gain", 1, "nuts" } } },
    play = { { "stash_deck", 1 } }, stash = 2, copies = 1 },
  { name = "Scavenger", kind = "squirrel", cost = 2, tribe = "ground",
    ability = { when = "play_item", effect = { { "draw", 1 } } },
    play = { { "gain", 1, "coins" } }, stash = 2, copies = 1 },
  { name = "Tunnel Boss", kind = "squirrel", cost = 4, tribe = "ground", loops = { "coins", "coins", "nuts" },
    play = { { "gain", 1, "stamina" }, { "go_again", 1 } }, stash = 3, copies = 1 },

  -- Flying squirrels (7 cards) --------------------------------------------------
  { name = "Glider", kind = "squirrel", cost = 2, tribe = "flying", loops = { "stamina" },
    play = { { "go_again", 1 } }, stash = 1, copies = 2 },
  { name = "Night Owl", kind = "squirrel", cost = 3, tribe = "flying",
    ability = { when = "sleep", effect = { { "gain", 2, "nuts" } } },
    play = { { "gain", 1, "stamina" } }, stash = 2, copies = 1 },
  { name = "Daredevil", kind = "squirrel", cost = 3, tribe = "flying",
    ability = { when = "play_item", effect = { { "go_again", 1 } } },
    play = { { "gain", 2, "coins" } }, stash = 2, copies = 1 },
  { name = "Sky Scout", kind = "squirrel", cost = 2, tribe = "flying",
    ability = { ongoing = "island_free", n = 1 },
    play = { { "draw_island", 1 } }, stash = 2, copies = 1 },
  { name = "Thief", kind = "squirrel", cost = 4, tribe = "flying", loops = { "nuts", "stamina" },
    play = { { "steal_each", 1 } }, stash = 3, copies = 1 },
  { name = "Howler", kind = "squirrel", cost = 2, tribe = "flying", loops = { "coins" },
    play = { { "lose_each", 1, "stamina" } }, stash = 1, copies = 1 },

  -- Items (18 cards) ----------------------------------------------------------------
  { name = "Trail Mix", kind = "item", cost = 1,
    play = { { "gain", 2, "stamina" } }, stash = 1, copies = 4 },
  { name = "Nut Sack", kind = "item", cost = 2,
    play = { { "gain", 2, "nuts" } }, stash = 1, copies = 4 },
  { name = "Slingshot", kind = "item", cost = 2,
    play = { { "steal", 1 }, { "go_again", 1 } }, stash = 1, copies = 2 },
  { name = "Treasure Map", kind = "item", cost = 2,
    play = { { "draw", 2 } }, stash = 1, copies = 2 },
  { name = "Pinecone", kind = "item", cost = 1,
    play = { { "gain", 1, "nuts" }, { "go_again", 1 } }, stash = 1, copies = 2 },
  { name = "Alarm Bell", kind = "item", cost = 3,
    play = { { "exhaust_other", 1 }, { "gain", 1, "nuts" } }, stash = 2, copies = 1 },
  { name = "Feast", kind = "item", cost = 4,
    play = { { "collect_all" } }, stash = 2, copies = 1 },
  { name = "Storm Warning", kind = "item", cost = 2,
    play = { { "lose_each", 2, "coins" } }, stash = 1, copies = 1 },
  { name = "Lucky Acorn", kind = "item", cost = 2,
    play = { { "stash_deck", 2 } }, stash = 3, copies = 1 },
}
