-- Flooded Forest: the tile set (TILES in game.lua, grove's design) checked
-- by simulation. DECISIONS.md asks that most tiles can be placed most of
-- the time. Random flood phases are played (uniformly random legal moves)
-- and every flood turn is counted, with the turns in which none of the
-- player's tiles fitted anywhere (the player had to discard). README.md
-- gives the figures of 1000 games per player count; set GAMES = 1000 here
-- to reproduce them (about 10 s). With 200 games the rates are within a
-- few tenths of a percent of those.

local GAMES = 200
local MOST = { [3] = 0.025, [4] = 0.05 }     -- at most this share of stuck turns

local generator = random_picker        -- grove.testing

local function open(players, seed)
  return games.open("flooded", { players = players, seed = seed })
end

--- Flood turns and stuck turns over `count` random flood phases.
local function measure(players, count)
  local turns, stuck = 0, 0
  for seed = 1, count do
    local g = open(players, seed)
    local flood, place = g.definition.data.stages.flood, g.definition.phases.names.place
    local pick = generator(seed * 7 + players)
    while g.state.play.stage == flood do
      local legal = g:legal()
      if g.state.turn.phase == place then
        turns = turns + 1
        if g:describe(legal[1]):sub(1, 8) == "discard " then stuck = stuck + 1 end
      end
      g:play(legal[pick(#legal)])
    end
    g:close()
  end
  return turns, stuck
end

test("the tile set: 36 tiles, 12 each with 1, 2 and 3 circles, each action on 6, every tile with water", function()
  local TILES = open(3, 1).definition.data.tiles
  expect.eq(#TILES, 36)
  local circles, actions = {}, {}
  for _, tile in ipairs(TILES) do
    circles[tile.circles] = (circles[tile.circles] or 0) + 1
    actions[tile.action] = (actions[tile.action] or 0) + 1
    expect.truthy(tile.sides:find("~", 1, true), "a tile without water")
  end
  expect.eq(circles, { 12, 12, 12 })
  expect.eq(actions, { ["predator-move"] = 6, ["eat-more"] = 6, ["fish-move"] = 6,
    ["piranha-three"] = 6, ["caiman-land"] = 6, ["jaguar-two"] = 6 })
end)

for players = 3, 4 do
  test(string.format("the tile set: with %d players a player can place a tile in at least %.1f%% of flood turns",
    players, 100 * (1 - MOST[players])), function()
    local turns, stuck = measure(players, GAMES)
    expect.eq(turns, GAMES * 8 * players, "every turn uses up one tile of the eight each")
    expect.truthy(stuck / turns <= MOST[players],
      string.format("%d of %d turns (%.2f%%) with no placement", stuck, turns, 100 * stuck / turns))
    expect.truthy(stuck > 0, "the check can see a stuck turn")
  end)
end
