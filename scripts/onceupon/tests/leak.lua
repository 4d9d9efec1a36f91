-- Once Upon a Forest: nothing a seat may not see leaks into what it is
-- shown. For every seat, at positions along random games, the cards that
-- seat cannot see are re-dealt consistently with what it sees (g:redeal:
-- its own hand, the faces of the forests, the backs of the other hands, the
-- top card's back of each pile, every count stay); its rendered view must
-- not change, nor, when it is the one to move, its legal moves; and the
-- game's invariants still hold.

local GAMES = playouts(60)                 -- per mode
local EVERY = 3                            -- check every third position

local MODES = {
  { players = 1, variants = "" },
  { players = 2, variants = "" },
  { players = 3, variants = "" },
  { players = 4, variants = "semi-coop" },
}

local generator = random_picker        -- grove.testing

local function check_views(g, seed, n)
  for seat = 1, g.players do
    local view, legal = g:render(seat), nil
    if g:actor() == seat then legal = g:moves() end
    g:redeal(seat, seed * 1000 + n * 10 + seat)
    local where = string.format("%d players, game %d, move %d, seat %d", g.players, seed, n, seat)
    g.definition.invariants(g.state)       -- a re-deal keeps every card in one place
    expect.eq(g:render(seat), view, where .. ": the view changed when unseen cards were re-dealt")
    if legal then
      expect.eq(g:moves(), legal, where .. ": the legal moves changed when unseen cards were re-dealt")
    end
  end
end

for _, mode in ipairs(MODES) do
  test(string.format("views: %d-player games%s show each seat nothing it may not see", mode.players,
    mode.variants ~= "" and (" (" .. mode.variants .. ")") or ""), function()
    for seed = 1, GAMES do
      local g = games.open("onceupon", { players = mode.players, seed = seed, variants = mode.variants })
      local pick, n = generator(seed), 0
      while true do
        local legal = g:legal()
        if #legal == 0 then break end
        if n % EVERY == 0 then check_views(g, seed, n) end
        legal = g:legal()                  -- the re-deal may have changed the actor's cards
        g:play(legal[pick(#legal)])
        n = n + 1
      end
      g:close()
    end
  end)
end

test("views: a re-deal really moves the hidden cards (the test above can fail)", function()
  local g = games.open("onceupon", { players = 2, seed = 3 })
  for _ = 1, 6 do g:play("draw 1") end
  local mine, theirs = { g.state.hand1:cards() }, { g.state.hand2:cards() }
  local moved = false
  for k = 1, 20 do
    g:redeal(1, k)
    expect.eq({ g.state.hand1:cards() }, mine, "seat 1's own hand stays")
    local now = { g.state.hand2:cards() }
    for i = 1, #now do
      expect.eq(g.definition.data.cards.CARDS[now[i]].level, g.definition.data.cards.CARDS[theirs[i]].level,
        "seat 2's backs stay")
      if now[i] ~= theirs[i] then moved = true end
    end
  end
  expect.truthy(moved, "twenty re-deals never changed seat 2's hand")
end)

test("bots: a bot's choice does not change when the cards it cannot see are re-dealt", function()
  local pick = generator(77)
  for seed = 1, playouts(12) do
    local g = games.open("onceupon", { players = 3, seed = seed })
    local n = 0
    while #g:legal() > 0 do
      n = n + 1
      if n % 9 == 0 then
        local seat = g:actor()
        for _, kind in ipairs({ "mcts:40", "greedy" }) do
          local before = g:choose(kind, n)
          g:redeal(seat, seed * 100 + n)
          expect.eq(g:describe((g:choose(kind, n))), g:describe(before),
            string.format("game %d, move %d: %s changed its mind after a re-deal of what seat %d cannot see",
              seed, n, kind, seat))
        end
      end
      local legal = g:legal()
      g:play(legal[pick(#legal)])
    end
    g:close()
  end
end)
