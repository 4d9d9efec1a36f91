-- Squirrel Island: seeded random playouts, 1000 games for each player count
-- 2..5 and 1000 solo games, with these invariants checked after every move:
--   * every card is in exactly one place: the deck, an Island space, a hand,
--     a stash, a tableau, used items, in play, the rival's squirrels or the
--     discard (per name: as many as its copies);
--   * no counter is negative (nuts, coins, stamina, the rival's nuts and
--     stamina); stamina is never above 5;
--   * an Island space past the revealed ones is empty; a revealed one is
--     full while the deck has cards (except during a draw from the Island);
--   * nothing waits in `pending` or `in_play` unless a choice is asked;
--   * the day never goes back nor skips one; the game ends on day 4 with
--     everyone asleep, and a game that is not over has legal moves;
--   * the first to go to sleep each day holds the first-player token
--     (the rival holds it for good in solo); in solo seat 1 always moves;
--   * undo after a move gives back the identical hash, redo the new one;
--   * replaying the history in a fresh game gives the identical final hash;
--   * the result ranks by nuts, then squirrels (solo: against the rival).
-- All 5000 games take about 23 s of CPU on this machine (most of it in the
-- game's own moves and apply, called three times a move: legal, play, redo
-- or replay), so no count was reduced and undo/redo and replay are checked
-- on every move of every game.

local GAMES = playouts(1000)              -- per player count (fewer under make asan)
local MOVE_CAP = 3000                     -- a game longer than this does not end
local STAMINA_MAX = 5

--- A small seeded generator (the test environment has no math.randomseed):
--- pick(n) is 1..n.
local generator = random_picker        -- grove.testing

--- Every zone that holds cards.
local function card_zones(players)
  local list = { "draw_pile", "in_play" }
  for n = 1, 8 do list[#list + 1] = "island" .. n end
  for seat = 1, players do
    for _, zone in ipairs({ "hand", "stash", "squirrels", "items" }) do list[#list + 1] = zone .. seat end
  end
  if players == 1 then
    list[#list + 1] = "rival_squirrels"
    list[#list + 1] = "discard"
  end
  return list
end

local function playout(players, seed, copies, zones)
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

  local handles, count = {}, {}
  for i, zone in ipairs(zones) do handles[i] = s[zone] end

  local function invariants()
    -- every card in exactly one place
    for card = 1, #copies do count[card] = 0 end
    local total = 0
    for _, zone in ipairs(handles) do
      local here = zone:count()
      if here > 0 then
        total = total + here
        for _, card in ipairs({ zone:cards() }) do count[card] = (count[card] or 0) + 1 end
      end
    end
    check(total == copies.total, "%d cards in the zones, %d in the game", total, copies.total)
    for card, n in ipairs(copies) do
      check(count[card] == n, "card %d is in %d places, %d copies exist", card, count[card], n)
    end
    -- counters
    for seat = 1, players do
      local nuts, coins, stamina = s.nuts:get(seat), s.coins:get(seat), s.stamina:get(seat)
      check(nuts >= 0 and coins >= 0 and stamina >= 0, "seat %d: %d nuts, %d coins, %d stamina",
        seat, nuts, coins, stamina)
      check(stamina <= STAMINA_MAX, "seat %d has %d stamina", seat, stamina)
    end
    if players == 1 then
      check(s.rival_nuts:get() >= 0 and s.rival_stamina:get() >= 0, "the rival's counters")
      check(s.rival_stamina:get() <= STAMINA_MAX, "the rival has %d stamina", s.rival_stamina:get())
    end
    -- exhausted marks only on squirrels in play
    for _, who in ipairs(sides) do
      local t = who == 0 and s.rival_squirrels or s["squirrels" .. who]
      check(s.mat["exhausted" .. who] >> t:count() == 0, "an exhausted mark past %s's squirrels", who)
    end
    -- the Island
    local day, open = s.day.number, s.day.open
    check(day >= 1 and day <= 4, "day %d", day)
    check(open == day + 3, "day %d with %d spaces revealed", day, open)
    for n = open + 1, 8 do
      check(s["island" .. n]:count() == 0, "space %d is not revealed but holds a card", n)
    end
    local choosing = s.turn.phase == 3 or s.turn.phase == 4    -- order, choose
    if s.draw_pile:count() > 0 and not choosing then
      for n = 1, open do check(s["island" .. n]:count() == 1, "space %d is empty, the deck is not", n) end
    end
    if not choosing then
      check(s.pending:count() == 0, "%d programs pending with no choice asked", s.pending:count())
      check(s.in_play:count() == 0, "an item in play with no choice asked")
    end
  end

  local pick = generator(players * 1000003 + seed)
  local sleep = g:parse("sleep")
  local slept_today = false
  invariants()
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
    invariants()

    -- the first-player token
    if players > 1 and sleeping and not slept_today then
      slept_today = true
      check(s.turn.first == actor, "seat %d slept first, the token is with seat %d", actor, s.turn.first)
    end
    if players == 1 then check(s.turn.first == 0, "the rival lost the first-player token") end
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
    local g = games.open("squirrel", { players = players, seed = 1 })
    local copies = { total = 0 }
    for card, c in ipairs(g.definition.cards) do
      copies[card] = c.copies
      copies.total = copies.total + c.copies
    end
    g:close()
    local zones = card_zones(players)
    local moves, wins = 0, 0
    for seed = 1, GAMES do
      local n, r = playout(players, seed, copies, zones)
      moves = moves + n
      if players == 1 and r.ranks[1] == 1 then wins = wins + 1 end
    end
    expect.truthy(moves > GAMES * 10, "games this short are suspicious")
    if players == 1 then expect.truthy(wins < GAMES, "random play never loses to the rival?") end
  end)
end
