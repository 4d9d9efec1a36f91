-- Once Upon a Forest: seeded random playouts, 1000 games for each player
-- count (1 is the single-player mode) and for the semi-cooperative mode at
-- 2, 3 and 4 players, with the invariants checked after every move:
--   * 64 cards in all (61 in the solo mode: three Game Start cards stay in
--     the box), each in exactly one place (a pile, a hand, the card
--     being given, a forest's top cards, a forest's covered cards, and in
--     the solo mode the Obligation pile, the turned card and the discard);
--   * hands never above 3;
--   * a new tree is only ever begun when every earlier one is complete;
--   * every game ends, within 64 * 3 moves (a card is drawn, placed and at
--     most given once);
--   * undo after a move gives back the identical hash, redo the new one;
--   * replaying the history in a fresh game gives the identical final hash.
-- The full card census runs after every move; the undo/redo check after
-- every move; the replay at each game's end.

local GAMES = playouts(1000)          -- per mode (fewer under make asan)
local CARDS = 64
local MOVE_CAP = CARDS * 3
local HAND_SIZE = 3
-- the cards in play: all 64, but in the solo mode three Game Start cards
-- stay in the box
local IN_PLAY = { 61, 64, 64, 64 }

local MODES = {
  { players = 1, variants = "" },
  { players = 2, variants = "" },
  { players = 3, variants = "" },
  { players = 4, variants = "" },
  { players = 2, variants = "semi-coop" },
  { players = 3, variants = "semi-coop" },
  { players = 4, variants = "semi-coop" },
}

--- A small seeded generator: pick(n) is 1..n.
local generator = random_picker        -- grove.testing

--- The zones that hold cards, by name, in this game.
local function zones_of(g)
  local names = { "given" }
  for p = 1, 5 do names[#names + 1] = "pile" .. p end
  for _, extra in ipairs({ "obligation", "selection1", "selection2", "selection3", "discard", "turned" }) do
    names[#names + 1] = extra
  end
  local zones = {}
  for _, name in ipairs(names) do
    local ok, zone = pcall(function() return g.state[name] end)
    if ok and zone then zones[#zones + 1] = zone end
  end
  for seat = 1, g.players do
    zones[#zones + 1] = g.state["hand" .. seat]
    zones[#zones + 1] = g.state["covered" .. seat]
  end
  return zones
end

local function playout(mode, seed)
  local g = games.open("onceupon", { players = mode.players, seed = seed, variants = mode.variants })
  local s, forest = g.state, g.definition.rules.forest
  local n, move, over = 0, nil, false
  local function where()                  -- only worked out when a check fails
    if over then return string.format("the end after %d moves", n) end
    local ok, text = pcall(function() return g:describe(move) end)
    return string.format("move %d (%s)", n, ok and text or "?")
  end
  local function check(ok, fmt, ...)
    if not ok then
      error(string.format("%d players %s, game %d, %s: " .. fmt, mode.players, mode.variants, seed, where(), ...), 0)
    end
  end
  local zones = zones_of(g)
  local place = {}                     -- card -> how many places hold it (reused)
  local occupied = grove.cond { card = { 1, CARDS } }

  local function count_cards(...)
    for i = 1, select("#", ...) do
      local card = select(i, ...)
      place[card] = place[card] + 1
    end
  end
  local function count_forest(grid, ...)
    for i = 1, select("#", ...) do count_cards(grid:get(select(i, ...), "card")) end
  end

  local function census()
    for card = 1, CARDS do place[card] = 0 end
    for _, zone in ipairs(zones) do count_cards(zone:cards()) end
    for seat = 1, mode.players do
      local grid = forest.grid(s, seat)
      count_forest(grid, grid:cells(occupied))
      -- trees: every tree before the last begun one is complete
      local begun = forest.trees(s, seat)
      for tree = 1, begun - 1 do
        check(forest.complete(s, seat, tree), "seat %d's tree %d is incomplete, yet tree %d is begun",
          seat, tree, begun)
      end
      check(forest.height(s, seat, begun + 1) == 0, "seat %d has a card past its begun trees", seat)
      check(s["hand" .. seat]:count() <= HAND_SIZE, "seat %d holds %d cards", seat, s["hand" .. seat]:count())
    end
    local in_play = 0
    for card = 1, CARDS do
      check(place[card] <= 1, "card %d is in %d places", card, place[card])
      in_play = in_play + place[card]
    end
    check(in_play == IN_PLAY[mode.players], "%d cards in play, not %d", in_play, IN_PLAY[mode.players])
  end

  local pick = generator(mode.players * 7919 + #mode.variants * 104729 + seed)
  census()
  local hash_before = g:hash()
  while true do
    local legal = g:legal()
    if #legal == 0 then break end                -- the game is over
    n = n + 1
    check(n <= MOVE_CAP, "no end after %d moves", MOVE_CAP)
    move = legal[pick(#legal)]
    g:play(move)
    census()
    local hash_after = g:hash()
    check(g:undo(), "undo refused")
    check(g:hash() == hash_before, "undo does not restore the hash")
    check(g:redo(), "redo refused")
    check(g:hash() == hash_after, "redo does not restore the hash")
    hash_before = hash_after
  end
  over = true
  for seat = 1, mode.players do
    check(s["hand" .. seat]:count() == 0, "seat %d still holds cards", seat)
  end
  local r = g:result()
  check(r ~= nil and #r.scores == mode.players, "no result")
  for seat = 1, mode.players do
    check(r.scores[seat] == g.definition.score(s, seat), "seat %d's result differs from its score", seat)
  end
  local again = games.open("onceupon", { players = mode.players, seed = seed, variants = mode.variants })
  for _, move in ipairs(g:history()) do again:play(move) end
  check(again:hash() == g:hash(), "the replayed game differs")
  g:close()
  again:close()
  return n
end

for _, mode in ipairs(MODES) do
  local name = string.format("playouts: %d random %d-player games%s keep every card in one place and end",
    GAMES, mode.players, mode.variants ~= "" and (" (" .. mode.variants .. ")") or "")
  test(name, function()
    for seed = 1, GAMES do playout(mode, seed) end
  end)
end
