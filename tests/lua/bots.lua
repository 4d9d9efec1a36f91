-- The bots: random, greedy and MCTS choose legal moves, leave the game as
-- it was, are reproducible from their seed, and MCTS beats random.

local function logger()
  local g = games.open("logger", { players = 2, seed = 5 })
  g:play("place a1")
  g:play("place e5")
  return g
end

test("bots: each kind chooses a legal move and leaves the game untouched", function()
  local g = logger()
  for _, kind in ipairs({ "random", "greedy", "mcts:50", "mcts:0.05s", "mcts:50,depth=end",
                          "mcts:60,threads=2" }) do
    local hash, played = g:hash(), #g:history()
    local m = g:choose(kind, 7)
    expect.truthy(g:legal()[1] ~= nil)
    local legal = false
    for _, l in ipairs(g:legal()) do legal = legal or l == m end
    expect.truthy(legal, kind .. " chose a move that is not legal")
    expect.eq(g:hash(), hash, kind .. " changed the game")
    expect.eq(#g:history(), played)
  end
end)

test("bots: the same seed, the same choice", function()
  local g = logger()
  expect.eq(g:choose("mcts:80", 11), g:choose("mcts:80", 11))
  expect.eq(g:choose("greedy", 3), g:choose("greedy", 3))
end)

test("bots: an unknown kind is refused with the kinds there are", function()
  local g = logger()
  expect.error(function() g:choose("genius") end,
    "unknown bot 'genius' (random, greedy, mcts, or mcts:PARAM,... as in mcts:500, mcts:2s, "
    .. "mcts:iterations=400,depth=8: see grove help bots)")
  expect.error(function() g:choose("mcts:-3") end, "unknown bot 'mcts:-3'")
  expect.error(function() g:choose("mcts:depth=far") end,
    "unknown bot 'mcts:depth=far': depth=far: a number of moves 0..10000, or end")
end)

test("bots: MCTS beats random in at least 80% of two-player Logger games", function()
  local games_n, wins = playouts(200), 0
  for seed = 1, games_n do
    local g = games.open("logger", { players = 2, seed = seed })
    local mcts = seed % 2 + 1                  -- each seat half the time
    local k = 0
    while not g:over() do
      k = k + 1
      local kind = g:actor() == mcts and "mcts:30" or "random"
      g:play(g:choose(kind, seed * 1000 + k))
    end
    local r = g:result()
    if r.ranks[mcts] == 1 and r.ranks[3 - mcts] == 2 then wins = wins + 1 end
    g:close()
  end
  expect.truthy(wins >= 0.8 * games_n, string.format("MCTS won %d of %d", wins, games_n))
end)
