-- Move texts a save file cannot hold (tests/fixtures/scripts/movetext):
-- describe refuses them with the script's line and the reason, and a save
-- is refused rather than written when a move's text would not load back
-- as that move. Every save grove writes loads.
games.add_path("tests/fixtures")

local function move(kind) return grove.move(kind, 0, 0, 0) end

local WHY = {
  [2] = "has a newline at byte 4",
  [3] = "is 300 bytes long (at most 255)",
  [4] = "has a NUL byte at byte 4",
  [5] = "is empty",
}

test("move texts: describe refuses a text a save cannot hold, naming the script line", function()
  local g = games.open("movetext", { players = 1, seed = 1 })
  expect.eq(g:describe(move(1)), "step")
  for kind, why in pairs(WHY) do
    expect.error(function() g:describe(move(kind)) end,
      "describe: scripts/movetext/game.lua:31: the text of move (" .. kind .. ",0,0,0) " .. why)
  end
  expect.error(function() g:moves() end, "a move's text is one line of 1 to 255 bytes")
end)

test("move texts: the 255-byte edge and blanks", function()
  local g = games.open("movetext", { players = 1, seed = 1 })
  expect.eq(g:describe(move(6)), "same")
  expect.eq(#g:describe(move(8)), 255)          -- the longest text that fits
  expect.error(function() g:describe(move(9)) end, "is only blanks")
  expect.eq(g:describe(move(10)), "tab\tbed")    -- a tab is a blank, as typed
end)

test("move texts: a game whose moves would not load back is not saved", function()
  local g = games.open("movetext", { players = 1, seed = 1 })
  g:play(move(2))                               -- played by number: its text is refused
  expect.error(function() g:save_text() end, "cannot save move 1: describe: scripts/movetext/game.lua:31")
  g:undo()
  g:play(move(1))
  local back = assert(games.load(g:save_text()))
  expect.eq(back:hash(), g:hash())
  g:play(move(7))                               -- "same" reads back as move 6
  expect.error(function() g:save_text() end, "cannot save move 2: its text 'same' reads back as another legal move")
  g:undo()
  g:play(move(6))                               -- the first "same" does read back
  back = assert(games.load(g:save_text()))
  expect.eq(back:hash(), g:hash())
end)
