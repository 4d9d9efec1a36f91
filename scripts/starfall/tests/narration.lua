-- Starfall Forest: what the rules do by themselves is told (s:say), as the
-- REPL prints it after each move and `log` keeps it: the roll and the
-- stars set aside, a falling star (and a revived fairy), the stars a fairy
-- collects, bites and what they cost, a fairy going home, a turn that ends
-- for want of a step, the end of the game.

local SETUP = { "knock b2", "knock c2", "plant a1", "plant f6", "snake 1 b5", "snake 2 e2", "fairy c3", "fairy d4" }
local PHASE_MOVE = 7

local function node(name)                  -- a point of the 6x6 lattice of 2 players
  return (tonumber(name:sub(2)) - 1) * 6 + (name:byte(1) - 96)
end

--- After the setup, seat 1 to move with one fairy, one snake and one tree die.
local function start()
  local g = games.open("starfall", { players = 2, seed = 1 })
  for _, m in ipairs(SETUP) do g:play(m) end
  g:edit("for die = 1, 5 do s.cup:set_aside(die, false) end "
    .. "s.roll.fairy, s.roll.snake, s.roll.tree = 1, 1, 1 s.turn.seat, s.turn.phase = 1, " .. PHASE_MOVE)
  return g
end

--- Find a line of the last move's narration that matches `pattern`.
local function told(g, pattern)
  for _, line in ipairs(g:said()) do
    if line:find(pattern) then return line end
  end
  error(string.format("nothing said matches %q; said: %s", pattern, table.concat(g:said(), " | ")), 2)
end

test("narration: the first roll is told when the setup ends", function()
  local g = games.open("starfall", { players = 2, seed = 1 })
  for _, m in ipairs(SETUP) do g:play(m) end
  told(g, "^Seat 1 rolls [%a ,]+: .* set aside %(%d of 5%)%.$")
end)

test("narration: a turn that ends by itself, the bites, the next roll", function()
  local g = start()
  g:edit(string.format('s.forest:add(%d, "snakes", 1)', node("d4")))   -- a snake beside seat 2's fairy
  g:play("end")
  expect.eq(told(g, "bites"), "A snake bites seat 2's fairy at d4: 2 hearts left.")
  told(g, "^Seat 2 rolls ")
  expect.eq(g.state.hearts:get(2), 2)
end)

test("narration: a bite with no heart left trades a star, then one with no star lays the fairy down", function()
  local g = start()
  g:edit(string.format('s.forest:add(%d, "snakes", 2) s.hearts:set(2, 0) s.stars:add(2, 1)', node("d4")))
  g:play("end")
  local said = table.concat(g:said(), "\n")
  expect.truthy(said:find("Seat 2's fairy has no heart left: it trades a star for 3 hearts.\n"
    .. "A snake bites seat 2's fairy at d4: 2 hearts left.\nA snake bites seat 2's fairy at d4: 1 heart left.", 1, true), said)
  g = start()
  g:edit(string.format('s.forest:add(%d, "snakes", 1) s.hearts:set(2, 0)', node("d4")))
  g:play("end")
  expect.eq(told(g, "succumbs"), "A snake bites seat 2's fairy at d4: with no heart and no star left, it succumbs and lies down.")
end)

test("narration: a fairy collects a star, and goes home with the fifth", function()
  local g = start()
  g:edit(string.format('s.forest:add(%d, "stars", 1) s.stars:add(1, 4)', node("c4")))
  g:play("fairy c4")
  expect.eq(g:said(), {
    "Seat 1's fairy collects a star at c4: it holds 5 stars.",
    "Seat 1's fairy holds 5 stars and flies home among the stars (1st).",
    "Every fairy but one is home: the game is over.",
  })
  expect.truthy(g:over())
  expect.eq(g:result().text, "every fairy but one is home: seat 1's fairy went home first")
end)

test("narration: the fifth star falls, and revives a fairy lying down", function()
  local g = start()
  g:edit("s.fairy_state:set(2, 2) for die = 1, 4 do s.cup:set_value(die, 'star') s.cup:set_aside(die) end "
    .. "s.cup:set_value(5, 'star')")
  -- seat 1 ends; seat 2's fairy lies down, so its turn is seat 1's next roll
  -- until a star falls: play until one is told
  for _ = 1, 40 do
    if g:over() then break end
    local moves = g:moves()
    g:play(moves[#moves])
    for _, line in ipairs(g:said()) do
      if line:find("revives") then
        expect.eq(line, "A star falls, and its dust revives seat 2's fairy at d4 (3 hearts).")
        return
      end
    end
  end
  error("no falling star revived the fairy")
end)

test("narration: a whole game tells its rolls and the turns that end by themselves", function()
  local g = games.open("starfall", { players = 2, seed = 3 })
  local rolls, ended, moves = 0, 0, 0
  local pick = random_picker(3)
  while not g:over() and moves < 2000 do
    local legal = g:moves()
    g:play(legal[pick(#legal)])
    moves = moves + 1
    for _, line in ipairs(g:said()) do
      if line:find("^Seat %d rolls ") then rolls = rolls + 1 end
      if line:find("^Seat %d has no step left: the turn ends%.$") then ended = ended + 1 end
    end
  end
  expect.truthy(g:over())
  expect.truthy(rolls > 10, "rolls told: " .. rolls)
  expect.truthy(ended > 0, "turns that ended by themselves: " .. ended)
  expect.eq(g:said(0, #g:history()), g:said(1, #g:history()), "nothing of Starfall is private")
end)
