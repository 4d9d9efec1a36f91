-- {{title}}: seeded random games with the invariants checked after every
-- move (change them with the rules): the game's own invariants(s); the pile
-- never grows; the seat that emptied it wins; replaying the history gives
-- the same final state. (grove check {{name}} checks much more of any game.)

local GAMES = playouts(200)                 -- fewer under make asan

test("random games keep the invariants", function()
  for seed = 1, GAMES do
    local g = games.open("{{name}}", { players = 2, seed = seed })
    local pick = random_picker(seed)
    local before = g.state.pile.stones
    while not g:over() do
      local legal = g:moves()
      local seat = g:actor()
      g:play(legal[pick(#legal)])
      expect.invariants_hold(g)
      local now = g.state.pile.stones
      assert(now < before and now >= 0, string.format("seed %d: the pile went from %d to %d", seed, before, now))
      if now == 0 then
        assert(g:over(), "the pile is empty and the game goes on")
        assert(g:result().ranks[seat] == 1, "the seat that took the last stone did not win")
      end
      before = now
    end
    local again = games.open("{{name}}", { players = 2, seed = seed })
    for _, move in ipairs(g:history()) do again:play(move) end
    assert(again:hash() == g:hash(), "the replayed game differs")
  end
end)
