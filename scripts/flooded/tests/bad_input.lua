-- Flooded Forest: bad input never changes the game. An illegal move, a
-- text that is no move at all, or a move of another phase is refused with
-- a reason, and the state, the history and the legal moves stay as they
-- were. Typed placements say what is wrong with them.

local function open(players, seed)
  return games.open("flooded", { players = players or 3, seed = seed or 1 })
end

-- g:try(move) must fail and leave everything as it was, the reason holding
-- the fragment given (grove.testing's expect.refused); expect.not_now wants
-- what the phase asks.
local refused = expect.refused

--- A tile in seat 1's hand and one that is not.
local function tiles(g)
  local mine = g.state.hand1:peek()
  local other = g.state.hand2:peek()
  return mine, other
end

--- Play until the game reaches `stage` (first legal move each time; "stop"
--- rather than extra fish).
local function play_to(g, stage)
  local want = g.definition.data.stages[stage]
  while g.state.play.stage ~= want and not g:over() do
    local m = g:moves()[1]
    g:play(m:match("^fish") and "stop" or m)
  end
end

test("bad input: a typed placement says what is wrong with it", function()
  local g = open(3)
  local mine, other = tiles(g)
  refused(g, "place " .. other .. " r0 3,-1", "tile " .. other .. " is not in your hand")
  refused(g, "place 99 r0 3,-1", "tile 99 is not in your hand")
  refused(g, "place " .. mine .. " r6 3,-1", "a rotation is r0 .. r5")
  refused(g, "place " .. mine .. " r0 9,9", "9,9 is not on the board")
  refused(g, "place " .. mine .. " r0 3,-4", "3,-4 is not on the board")
  refused(g, "place " .. mine .. " r0 3,0", "3,0 is not in a flood area")
  refused(g, "place " .. mine .. " r0 2,-1", "2,-1 already holds a tile")
  refused(g, "place " .. mine .. " r0 3,-3", "would touch 0 tiles")
end)

test("bad input: g:play raises on an illegal move and the game is untouched", function()
  local g = open(3)
  local hash, played = g:hash(), #g:history()
  local err = expect.error(function() g:play("pull 2,-1") end)
  expect.truthy(err:find("not now: now is the time to place a tile", 1, true), err)
  expect.eq(g:hash(), hash)
  expect.eq(#g:history(), played)
  g:play(g:moves()[1])                      -- and the game goes on
  expect.eq(#g:history(), played + 1)
end)

test("bad input: texts that are no move are refused", function()
  local g = open(3)
  for _, text in ipairs({
    "", "   ", "fly", "place", "place 3", "place 3 r0", "place x r0 3,-1", "place 3 r0 3",
    "place 3 rr 3,-1", "place 3 r0 3,-1 extra", "place -3 r0 3,-1", "pull", "pull 3", "pull 3,-1,2",
    "fish", "fish 1", "school", "jaguar", "jaguar 3", "eat", "eat orange", "action", "action fly",
    "keep", "keep x", "stop now", "12", "-1", "#1", "\xff\xfe", string.rep("place 3 r0 3,-1 ", 500),
  }) do
    refused(g, text)
  end
end)

test("bad input: an integer that is not a legal move is refused; a legal one is accepted", function()
  expect.integers_refused(open(3))
end)

test("bad input: move texts ignore case and extra blanks", function()
  local g = open(3)
  local first = g:moves()[1]
  local tile, k, hex = first:match("^place (%d+) r(%d) (%S+)$")
  expect.truthy(g:try("  PLACE  " .. tile .. "   R" .. k .. "  " .. hex:gsub(",", " , ") .. " "))
  expect.eq(g:describe(g:history()[1]), first)
end)

test("bad input: moves of another phase are refused", function()
  local g = open(3)
  for _, text in ipairs({ "pull 2,-1", "school 3,0", "jaguar 2,-1", "fish 1,1", "stop", "eat red",
    "keep 1", "action eat-more", "discard 1" }) do
    refused(g, text)
  end
  play_to(g, "predators")
  local mine = g.state.hand1:peek()
  for _, text in ipairs({ "pull 2,-1", "school 3,0", "fish 1,1", "stop", "eat red", "action eat-more" }) do
    refused(g, text)
  end
  expect.not_now(g, "place 1 r0 3,-1", "place a predator: caiman|piranhas|jaguar Q,R")
  expect.not_now(g, "pull 2,-1", "place a predator")
  expect.eq(mine, nil, "hands are empty once the predators appear")
  play_to(g, "dry")
  for _, text in ipairs({ "caiman 2,-1", "fish 1,1", "stop", "eat red", "keep 1", "school 3,0" }) do
    refused(g, text)
  end
  expect.not_now(g, "eat red", "pull a tile (pull Q,R); an action first if you like")
end)

test("bad input: a predator may not go on a tile that has one, or off the perimeter", function()
  local g = open(3)
  play_to(g, "predators")
  local first = g:moves()[1]
  g:play(first)
  local hex = first:match(" (%S+)$")
  for _, kind in ipairs({ "caiman", "piranhas", "jaguar" }) do refused(g, kind .. " " .. hex) end
end)

test("bad input: every move is refused once the game is over", function()
  local g = open(3)
  g:playout(1)
  expect.truthy(g:over())
  for _, text in ipairs({ "pull 2,-1", "stop", "place 1 r0 3,-1", "eat red", "keep 1" }) do refused(g, text) end
  refused(g, 1)
  expect.truthy(g:result())
end)

test("bad input: after refused moves the game plays on exactly as without them", function()
  expect.refusals_change_nothing(function() return open(4, 7) end, 60,
    { "", "pull 9,9", "place 99 r0 3,-1", "stop now", "eat orange", 0 })
end)

test("bad input: while the pulled tile's predator moves, a wrong action names the actions legal then", function()
  -- The hunter phase plays an action (caiman-land, jaguar-two: the predator
  -- goes further), so a wrong one is no move of another phase. Seed 1's
  -- dry stage, played with the first moves: seat 1 pulls 6,-2, where a
  -- jaguar and a fish lie, holding tile 18 (jaguar-two, one of the tiles set aside).
  local g = open(3)
  play_to(g, "dry")
  local map, JAGUAR = g.state.map, 3
  expect.eq({ map:get(map:id("6,-2"), "predator"), map:get(map:id("6,-2"), "fish") }, { JAGUAR, 1 })
  expect.eq(g.definition.data.tiles[18].action, "jaguar-two")
  lay(g, { hand1 = { "18" } })
  g:play("pull 6,-2")
  g:play("school 7,-2")
  expect.eq(g.definition.phases.names[g.state.turn.phase], "hunter")
  local actions = {}
  for _, m in ipairs(g:moves()) do
    if m:match("^action ") then actions[#actions + 1] = m:sub(#"action " + 1) end
  end
  expect.eq(actions, { "jaguar-two" })
  local why = refused(g, "action eat-more")
  expect.eq(why, "'action eat-more': not a legal move now; legal 'action' moves now: jaguar-two")
end)
