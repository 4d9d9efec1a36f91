-- Game records: for every game, a game saved half-way and at the end loads
-- back (replaying its moves) to the identical state, and `grove sim`-style
-- records (moves as text) replay to the identical final state.

local generator = random_picker        -- grove.testing

local function setups()
  local list = {}
  for _, entry in ipairs(games.list()) do
    local def = entry.definition
    local fixture = entry.folder:find("tests/fixtures/", 1, true)   -- other tests' misbehaving games
    if def and def.players and not fixture then
      for players = def.players.min, math.min(def.players.max, 4) do
        list[#list + 1] = { name = entry.name, players = players }
      end
      for _, variant in ipairs(def.variants or {}) do
        local players = math.max(def.players.min, 2)
        if def.player_variants and def.player_variants[1] == variant then players = 1 end
        list[#list + 1] = { name = entry.name, players = players, variants = variant }
      end
    end
  end
  return list
end

test("records: every game saved mid-way and at the end loads back to the identical state", function()
  for _, setup in ipairs(setups()) do
    for seed = 1, 3 do
      local g = games.open(setup.name, { players = setup.players, seed = seed, variants = setup.variants })
      local pick = generator(seed)
      local texts, n = {}, 0
      while true do
        local legal = g:legal()
        if #legal == 0 or n >= 3000 then break end
        local m = legal[pick(#legal)]
        texts[#texts + 1] = g:describe(m)
        g:play(m)
        n = n + 1
        if n == 20 then
          local back = assert(games.load(g:save_text()))
          expect.eq(back:hash(), g:hash(), setup.name .. ": a game saved after 20 moves loads back different")
          back:close()
        end
      end
      local what = string.format("%s, %d players%s, seed %d", setup.name, setup.players,
        setup.variants and (" (" .. setup.variants .. ")") or "", seed)
      local back, why = games.load(g:save_text())
      expect.truthy(back, what .. ": the finished game does not load: " .. tostring(why))
      expect.eq(back:hash(), g:hash(), what .. ": the finished game loads back different")
      back:close()
      -- the moves as text, played again from the seed
      local again = games.open(setup.name, { players = setup.players, seed = seed, variants = setup.variants })
      for _, text in ipairs(texts) do again:play(text) end
      expect.eq(again:hash(), g:hash(), what .. ": replaying the moves as text gives a different state")
      again:close()
      g:close()
    end
  end
end)
