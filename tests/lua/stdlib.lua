-- The stdlib modules rule scripts share: ranking, turn order, rendering.
local rank = require "grove.rank"
local turns = require "grove.turns"
local game = require "grove.game"

games.add_path("tests/fixtures")

test("rank: higher scores rank first, ties share a rank", function()
  expect.eq(rank.ranks({ 10, 8, 10 }), { 1, 3, 1 })
end)

test("rank: tie-breaks decide in order, then the tie is shared", function()
  expect.eq(rank.ranks({ 10, 8, 10 }, { { 1, 0, 2 } }), { 2, 3, 1 })
  expect.eq(rank.ranks({ 5, 5 }, { { 1, 1 }, { 0, 0 } }), { 1, 1 })
  local r = rank.result({ 3, 7 })
  expect.eq(r.winners, { 2 })
  expect.eq(r.text, "seat 2 wins with 7")
  expect.eq(rank.result({ 4, 4 }).text, "seats 1, 2 share the win with 4")
end)

test("game.kinds and game.parts name and split moves", function()
  local MOVE = game.kinds { "place", "chop" }
  expect.eq(MOVE.chop, 2)
  expect.eq(MOVE[1], "place")
  expect.eq({ game.parts(grove.move(2, 17, 3, 65535)) }, { 2, 17, 3, 65535 })
end)

test("game.define refuses a definition without its hooks", function()
  expect.error(function() game.define { name = "x" } end, "game 'x' has no setup function")
end)

test("turns: seats pass in order and a triggered end plays out the round", function()
  local g = games.open("hexdemo", { players = 3, seed = 1 })
  expect.eq(g:actor(), 1)
  g:play("claim 0,0")
  expect.eq(g:actor(), 2)
  expect.eq(turns.after(g.state, 3), 1)
  expect.eq(turns.round(g.state), 1)
  g:play(g:legal()[1])
  g:play(g:legal()[1])
  expect.eq(turns.round(g.state), 2)
  turns.finish_round(g.state)
  expect.truthy(turns.pass(g.state))     -- seat 1 -> 2
  expect.truthy(turns.pass(g.state))     -- seat 2 -> 3
  expect.falsy(turns.pass(g.state))      -- seat 3 ends the round: over
  expect.truthy(turns.over(g.state))
  expect.truthy(g:over())
end)

test("render.hex draws every hex of the board, offset by row", function()
  local g = games.open("hexdemo", { players = 2, seed = 1 })
  g:play("claim 0,0")
  local text = g:render(1)
  local rows = {}
  for line in text:gmatch("[^\n]+") do rows[#rows + 1] = line end
  expect.eq(#rows, 3, "three rows for radius 1")
  local cells = select(2, text:gsub("%[", ""))
  expect.eq(cells, 7, "seven hexes")
  expect.truthy(rows[2]:find("P1", 1, true), "the centre row shows the claim")
  expect.truthy(rows[1]:find("^%s*%-1 "), "rows are labelled by r")
end)

test("render.grid labels ranks and files", function()
  local g = games.open("logger", { players = 2, seed = 1 })
  local text = g:render(1)
  expect.truthy(text:find(" 5 |", 1, true))
  expect.truthy(text:find("a    b    c    d    e", 1, true) or text:find("a   b   c   d   e", 1, true))
end)

test("a whole hexdemo game ends with a ranking", function()
  local g = games.open("hexdemo", { players = 2, seed = 4 })
  expect.eq(g:playout(9), 7)
  local r = g:result()
  expect.eq(r.scores[1] + r.scores[2], 7)
  expect.eq(r.winners, { 1 })
end)

test("games.open: without a seat count, the game's smallest; a count out of range is refused", function()
  expect.eq(games.open("onceupon").players, 1)
  expect.eq(games.open("onceupon", { seed = 3 }).players, 1)      -- options, but no seat count
  expect.eq(games.open("logger", {}).players, 2)
  expect.eq(games.open("logger", { players = 3 }).players, 3)
  expect.error(function() games.open("logger", { players = 5 }) end, "played by 2 to 4 players, not 5")
  expect.error(function() games.open("logger", { players = 0 }) end, "not 0")
  expect.error(function() games.open("logger", { players = 5000 }) end, "not 5000")
  expect.error(function() games.open("logger", { players = 1 << 40 }) end, "is no seat count")
end)
