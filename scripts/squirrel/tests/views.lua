-- Squirrel Island: nothing a seat may not see leaks into what it is shown.
-- At positions along random games, for every seat, the cards that seat
-- cannot see are re-dealt consistently with what it sees (g:redeal: the
-- other hands, every stash — its own included — and the deck change, every
-- count stays); the seat's rendered view must not change, nor, when it is
-- the one to move, its legal moves.

local GAMES = playouts(40)                 -- per player count
local EVERY = 3                            -- check every third position

local generator = random_picker        -- grove.testing

local function check_views(g, seed, n)
  for seat = 1, g.players do
    local view, legal = g:render(seat), nil
    if g:actor() == seat then legal = g:moves() end
    g:redeal(seat, seed * 1000 + n * 10 + seat)
    local where = string.format("%d players, game %d, move %d, seat %d", g.players, seed, n, seat)
    expect.eq(g:render(seat), view, where .. ": the view changed when unseen cards were re-dealt")
    if legal then
      expect.eq(g:moves(), legal, where .. ": the legal moves changed when unseen cards were re-dealt")
    end
  end
end

for players = 1, 5 do
  test(string.format("views: %d-player games show each seat nothing it may not see", players), function()
    for seed = 1, GAMES do
      local g = games.open("squirrel", { players = players, seed = seed })
      local pick, n = generator(seed), 0
      while true do
        local legal = g:legal()
        if #legal == 0 then break end
        if n % EVERY == 0 then check_views(g, seed, n) end
        legal = g:legal()
        g:play(legal[pick(#legal)])
        n = n + 1
      end
      g:close()
    end
  end)
end

test("views: a re-deal moves what a seat cannot see, its own stash too (the test above can fail)", function()
  local g = games.open("squirrel", { players = 2, seed = 3 })
  local s = g.state
  for _ = 1, 3 do s.stash1:push(s.draw_pile:draw()) end
  local hand, stash, theirs = { s.hand1:cards() }, { s.stash1:cards() }, { s.hand2:cards() }
  local stash_moved, theirs_moved = false, false
  for k = 1, 20 do
    g:redeal(1, k)
    expect.eq({ s.hand1:cards() }, hand, "seat 1's own hand stays")
    expect.eq(s.stash1:count(), 3, "the stash keeps its size")
    expect.eq(s.hand2:count(), #theirs, "seat 2's hand keeps its size")
    local function moved(zone, before)
      return table.concat({ zone:cards() }, ",") ~= table.concat(before, ",")
    end
    stash_moved = stash_moved or moved(s.stash1, stash)
    theirs_moved = theirs_moved or moved(s.hand2, theirs)
  end
  expect.truthy(stash_moved, "twenty re-deals never changed seat 1's stash: seat 1 would see it")
  expect.truthy(theirs_moved, "twenty re-deals never changed seat 2's hand")
end)

-- Move texts: a card stashed from the hand goes face down, so its name is
-- read only by the seat whose hand it left (what the REPL's echo, log and
-- hand-over print for each reader); the full text (nil viewer) names it for
-- saves, records and parsing.

test("views: a card stashed from the hand is named to its owner only", function()
  local g = games.open("squirrel", { players = 3, seed = 6 })
  g:play("play digger")
  expect.eq(g:moves(), { "stash branch hopper", "stash glider", "stash nut sack" })
  expect.eq(g:moves(1), { "stash branch hopper", "stash glider", "stash nut sack" })
  for _, other in ipairs({ 0, 2, 3 }) do
    expect.eq(g:moves(other), { "stash a card", "stash a card", "stash a card" }, "as seat " .. other .. " reads them")
  end
  local m = g:play("stash glider")
  g:undo()
  expect.eq(g:describe(m), "stash glider")
  expect.eq(g:describe(m, 1), "stash glider")
  expect.eq(g:describe(m, 2), "stash a card")
  expect.eq(g:describe(m, 0), "stash a card")
  expect.error(function() g:describe(m, 4) end, "no seat 4 (1..3, or 0 for an onlooker)")
end)
