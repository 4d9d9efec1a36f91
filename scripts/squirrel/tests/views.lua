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
