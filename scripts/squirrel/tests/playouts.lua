-- Squirrel Island: seeded random playouts, 1000 games for each player count
-- 2..5 and 1000 solo games. After every move the definition's invariants
-- (game.lua: every card in one place, no counter negative, stamina at most
-- 5, the Island as the day says, nothing pending unless a choice is asked,
-- the token and the rival's state consistent, ...) must hold, and so must
-- what compares a move with the next:
--   * the day never goes back nor skips one; nobody but the rival is asleep
--     in the morning; a game that is not over has legal moves;
--   * the first to go to sleep each day takes the first-player token;
--     in solo seat 1 always moves;
--   * undo after a move gives back the identical hash, redo the new one;
--   * replaying the history in a fresh game gives the identical final hash;
--   * the result ranks by nuts, then squirrels (solo: against the rival).
-- All 5000 games take about 23 s of CPU on this machine (most of it in the
-- game's own moves and apply, called three times a move: legal, play, redo
-- or replay), so no count was reduced and undo/redo and replay are checked
-- on every move of every game.

local GAMES = playouts(1000)              -- per player count (fewer under make asan)
local MOVE_CAP = 3000                     -- a game longer than this does not end

--- A small seeded generator (the test environment has no math.randomseed):
--- pick(n) is 1..n.
local generator = random_picker        -- grove.testing

local function playout(players, seed)
  local g = games.open("squirrel", { players = players, seed = seed })
  local s = g.state
  local n, day, move, actor = 0, 1, nil, nil
  local function where()           -- said only when a check fails: describing costs
    if not move then return string.format("the end after %d moves", n) end
    return string.format("move %d (%s by seat %d, day %d)", n, g:describe(move), actor, day)
  end
  local function check(ok, fmt, ...)
    if not ok then
      error(string.format("%d players, game %d, %s: " .. fmt, players, seed, where(), ...), 0)
    end
  end
  local sides = {}
  for seat = 1, players do sides[#sides + 1] = seat end
  if players == 1 then sides[#sides + 1] = 0 end

  local invariants = g.definition.invariants
  local function holds()
    local ok, err = pcall(invariants, s)
    check(ok, "%s", tostring(err))
  end

  local pick = generator(players * 1000003 + seed)
  local sleep = g:parse("sleep")
  local slept_today = false
  holds()
  while true do
    local legal = g:legal()        -- none: the game is over
    if #legal == 0 then break end
    n = n + 1
    check(n <= MOVE_CAP, "no end after %d moves", MOVE_CAP)
    move = legal[pick(#legal)]
    actor = s.turn.seat
    if players == 1 then check(actor == 1, "seat %d moves in a solo game", actor) end
    local hash_before = g:hash()
    local sleeping = move == sleep and s.mat["asleep" .. actor] == 0

    g:play(move)
    local hash_after = g:hash()
    holds()

    -- the first-player token
    if players > 1 and sleeping and not slept_today then
      slept_today = true
      check(s.turn.first == actor, "seat %d slept first, the token is with seat %d", actor, s.turn.first)
    end
    -- days go one at a time
    if s.day.number ~= day then
      check(s.day.number == day + 1, "day %d after day %d", s.day.number, day)
      day, slept_today = s.day.number, false
      for _, who in ipairs(sides) do
        if s.mat["asleep" .. who] == 1 then
          check(who == 0, "seat %s asleep in the morning", who)   -- the rival may sleep again at once
        end
      end
    end

    -- undo gives back the identical state; redo the new one
    check(g:undo(), "undo refused")
    check(g:hash() == hash_before, "undo does not restore the hash")
    check(g:redo(), "redo refused")
    check(g:hash() == hash_after, "redo does not restore the hash")
  end
  move = nil
  check(g:over(), "no legal move, yet the game is not over")
  check(s.day.number == 4, "the game ended on day %d", s.day.number)
  for _, who in ipairs(sides) do check(s.mat["asleep" .. who] == 1, "%s is awake at the end", who) end

  local r = g:result()
  check(r ~= nil, "no result")
  for seat = 1, players do
    check(r.scores[seat] == s.nuts:get(seat), "result: seat %d scores %s", seat, tostring(r.scores[seat]))
  end
  if players > 1 then
    for seat = 1, players do
      local rank = 1
      for other = 1, players do
        local a, b = s.nuts:get(other), s.nuts:get(seat)
        local more_squirrels = s["squirrels" .. other]:count() > s["squirrels" .. seat]:count()
        if a > b or (a == b and more_squirrels) then rank = rank + 1 end
      end
      check(r.ranks[seat] == rank, "result: seat %d ranked %s, %d expected", seat, tostring(r.ranks[seat]),
        rank)
    end
  else
    local mine, theirs = s.nuts:get(1), s.rival_nuts:get()
    check(r.rival == theirs, "result: the rival's score")
    local beats = mine > theirs or (mine == theirs and s.squirrels1:count() >= s.rival_squirrels:count())
    check((r.ranks[1] == 1) == beats, "result: seat 1 ranked %d with %d against %d", r.ranks[1], mine, theirs)
  end

  -- the history replays to the same state
  local history = g:history()
  check(#history == n, "history holds %d moves, %d played", #history, n)
  local again = games.open("squirrel", { players = players, seed = seed })
  for _, move in ipairs(history) do again:play(move) end
  check(again:hash() == g:hash(), "the replayed game differs")
  check(again:over(), "the replayed game is not over")
  again:close()
  g:close()
  return n, r
end

for _, players in ipairs({ 1, 2, 3, 4, 5 }) do
  local label = players == 1 and "solo" or (players .. "-player")
  local name = string.format("playouts: %d random %s games keep every invariant, end after day 4",
    GAMES, label)
  test(name, function()
    local moves, wins = 0, 0
    for seed = 1, GAMES do
      local n, r = playout(players, seed)
      moves = moves + n
      if players == 1 and r.ranks[1] == 1 then wins = wins + 1 end
    end
    expect.truthy(moves > GAMES * 10, "games this short are suspicious")
    if players == 1 then expect.truthy(wins < GAMES, "random play never loses to the rival?") end
  end)
end
