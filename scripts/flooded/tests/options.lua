-- Flooded's options (README, "Options"): each number a designer may change
-- from the command line (--set NAME=VALUE) changes the rule it names, and
-- its default is the rule text's number.

local function open(options)
  options.players, options.seed = options.players or 3, 1
  return games.open("flooded", options)
end

test("options: the defaults are the rule text's numbers", function()
  local o = open({}).state.options
  expect.eq({ o.fish_each, o.points_home, o.points_eaten }, { 18, 2, 1 })
end)

test("option fish_each: each supply starts with that many; a player out of fish stops placing tiles", function()
  local g = open { fish_each = 1 }
  expect.eq({ g.state.supply:get(1), g.state.supply:get(2), g.state.supply:get(3) }, { 1, 1, 1 })
  -- each player's first tile takes their one fish: their hand and deck go
  for seat = 1, 3 do
    expect.eq(g:actor(), seat)
    g:play(g:moves()[1])
    while g:actor() == seat and g:moves()[1]:match("^fish") do g:play("stop") end
    expect.eq(g.state.supply:get(seat), 0)
    expect.eq(g.state["hand" .. seat]:count() + g.state["deck" .. seat]:count(), 0, "seat " .. seat)
  end
  local plain = open {}
  plain:play(plain:moves()[1])
  expect.truthy(plain.state.hand1:count() > 0, "18 fish: the hand is refilled")
end)

test("options points_home and points_eaten: what a fish home and a fish eaten score", function()
  local function scored(options)
    local g = open(options)
    g.state.home:set(1, 4)                  -- seat 1 brought 4 fish home
    g.state.eaten_green:set(1, 3)           -- and its predators ate 3 of seat 2's
    g.state.turn.over = 1
    return g:result().scores[1]
  end
  expect.eq(scored {}, 4 * 2 + 3 * 1)
  expect.eq(scored { points_home = 3 }, 4 * 3 + 3 * 1)
  expect.eq(scored { points_eaten = 0 }, 4 * 2)
  expect.error(function() open { points_home = -1 } end,
    "option points_home of flooded takes a whole number from 0 to 20, not -1")
end)

test("options: each takes its least and its most value; one past either end is refused", function()
  local RANGES = {                       -- name, least, most, and the game it needs
    { "fish_each", 1, 18 }, { "points_home", 0, 20 }, { "points_eaten", 0, 20 },
  }
  for _, row in ipairs(RANGES) do expect.option_range("flooded", row[1], row[2], row[3], row[4]) end
end)

test("players: 3 to 4, 3 when the count is not given", function()
  expect.eq(games.open("flooded", { seed = 1 }).players, 3)
  for _, n in ipairs({ 3, 4 }) do expect.eq(games.open("flooded", { players = n, seed = 1 }).players, n) end
  for _, n in ipairs({ 2, 5 }) do
    expect.error(function() games.open("flooded", { players = n, seed = 1 }) end,
      string.format("flooded is played by 3 to 4 players, not %d", n))
  end
end)
