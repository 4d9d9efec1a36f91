-- Once Upon a Forest: seeded random playouts, 1000 games for each player
-- count (1 is the single-player mode) and for the semi-cooperative mode at
-- 2, 3 and 4 players. After setup and after every move the definition's
-- invariants(s) must hold (game.lua, solo.lua: every card in play in
-- exactly one place, 64 of them, 61 in the solo mode; hands never above 3;
-- the forests as the placing rules leave them; the player to move able to
-- move; tests/invariants.lua shows each check fires). Besides:
--   * every game ends, within 64 * 3 moves (a card is drawn, placed and at
--     most given once), and it is over when no move is left;
--   * undo after a move gives back the identical hash, redo the new one;
--   * the result's scores are the seats' scores;
--   * replaying the history in a fresh game gives the identical final hash.

local GAMES = playouts(1000)          -- per mode (fewer under make asan)
local CARDS = 64
local MOVE_CAP = CARDS * 3

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

local function playout(mode, seed)
  local g = games.open("onceupon", { players = mode.players, seed = seed, variants = mode.variants })
  local s, invariants = g.state, g.definition.invariants
  local n, move, over = 0, nil, false
  local function where()                  -- only worked out when a check fails
    if over then return string.format("the end after %d moves", n) end
    if move == nil then return "setup" end
    local ok, text = pcall(function() return g:describe(move) end)
    return string.format("move %d (%s)", n, ok and text or "?")
  end
  local function check(ok, fmt, ...)
    if not ok then
      error(string.format("%d players %s, game %d, %s: " .. fmt, mode.players, mode.variants, seed, where(), ...), 0)
    end
  end
  local function holds()
    local ok, why = pcall(invariants, s)
    check(ok, "%s", tostring(why))
  end

  local pick = generator(mode.players * 7919 + #mode.variants * 104729 + seed)
  holds()
  local hash_before = g:hash()
  while true do
    local legal = g:legal()
    if #legal == 0 then break end                -- the game is over
    n = n + 1
    check(n <= MOVE_CAP, "no end after %d moves", MOVE_CAP)
    move = legal[pick(#legal)]
    g:play(move)
    holds()
    local hash_after = g:hash()
    check(g:undo(), "undo refused")
    check(g:hash() == hash_before, "undo does not restore the hash")
    check(g:redo(), "redo refused")
    check(g:hash() == hash_after, "redo does not restore the hash")
    hash_before = hash_after
  end
  over = true
  check(g:over(), "no move left, yet the game is not over")
  local r = g:result()
  check(r ~= nil and #r.scores == mode.players, "no result")
  for seat = 1, mode.players do
    check(r.scores[seat] == g.definition.score(s, seat), "seat %d's result differs from its score", seat)
  end
  local again = games.open("onceupon", { players = mode.players, seed = seed, variants = mode.variants })
  for _, m in ipairs(g:history()) do again:play(m) end
  check(again:hash() == g:hash(), "the replayed game differs")
  g:close()
  again:close()
  return n
end

for _, mode in ipairs(MODES) do
  local name = string.format("playouts: %d random %d-player games%s keep the invariants and end",
    GAMES, mode.players, mode.variants ~= "" and (" (" .. mode.variants .. ")") or "")
  test(name, function()
    for seed = 1, GAMES do playout(mode, seed) end
  end)
end
