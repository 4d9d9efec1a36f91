-- Logger: seeded random playouts, 1000 games for each player count, with
-- checks after every move:
--   * the definition's invariants (game.lua: pyramids and protesters
--     conserved, nothing negative, one logger per seat never on a tree, a
--     protester only on a mature tree ...);
--   * scores: only a chop scores, and the chopper scores exactly the trees
--     that left the board, taking their protesters;
--   * turns go round in seat order; the game ends when the round of the
--     player who reached 10 is complete, or when the forest can never change
--     again (DECISIONS.md), which this test decides by its own brute force
--     (tests/lib/stuck_forest.lua) at the end of every round in which the
--     forest did not change: the game must end there exactly when nothing
--     could ever change it;
--   * undo after a move gives back the identical hash, redo the new one;
--   * replaying the history in a fresh game gives the identical final hash.
-- All 3000 games take about 11 s on this machine, so no count was reduced.

local stuck_forest = require "stuck_forest"   -- tests/lib: the brute-force answer

local GAMES = playouts(1000)              -- per player count (fewer under make asan)
local MOVE_CAP = 5000                     -- a game longer than this does not end
local WINNING_SCORE = 10
local HOLDS = { { tree = { 1, 3 } }, { tree = { 2, 3 } }, { tree = 3 } }   -- trees holding each piece

--- What the checks compare from one move to the next.
local function census(g, players)
  local s, board = g.state, g.state.board
  local c = { scores = {}, supplies = {}, pieces = {} }
  for k = 1, 3 do c.pieces[k] = board:count(HOLDS[k]) end
  c.trees = c.pieces[1]
  c.stages = c.pieces[1] + c.pieces[2] + c.pieces[3]
  c.protesters = board:count({ protester = 1 })
  for seat = 1, players do
    c.scores[seat] = s.score:get(seat)
    c.supplies[seat] = s.protesters:get(seat)
  end
  return c
end

--- Did the forest (trees, protesters) change between two censuses? Within
--- one move changes never cancel out: growth only adds stages, spawn and
--- plant only add trees, a protest only adds a protester, a chop only
--- removes trees.
local function changed(a, b)
  return a.trees ~= b.trees or a.stages ~= b.stages or a.protesters ~= b.protesters
end

--- A small seeded generator (the test environment has no math.randomseed):
--- pick(n) is 1..n.
local generator = random_picker        -- grove.testing

local function playout(players, seed)
  local g = games.open("logger", { players = players, seed = seed })
  local s = g.state
  local invariants = g.definition.invariants
  local where = ""
  local function check(ok, fmt, ...)
    if not ok then
      error(string.format("%d players, game %d, %s: " .. fmt, players, seed, where, ...), 0)
    end
  end

  local pick = generator(players * 1000003 + seed)
  local before = census(g, players)
  local felled = {}
  for seat = 1, players do felled[seat] = 0 end
  local placed, turn_seat, turns = 0, 0, 0
  local busy = false
  local trigger, turns_after = nil, 0
  local n = 0

  --- At the end of a turn: was it the end of a round in which the forest did not change?
  local function quiet_round_ends()
    if turns > 0 and turn_seat == players then
      local quiet = not busy
      busy = false
      return quiet
    end
    return false
  end

  while not g:over() do
    n = n + 1
    check(n <= MOVE_CAP, "no end after %d moves", MOVE_CAP)
    local legal = g:legal()
    local m = legal[pick(#legal)]
    local text = g:describe(m)
    local actor = g:actor()
    where = string.format("move %d (%s by seat %d)", n, text, actor)
    local hash_before = g:hash()

    if text:sub(1, 5) == "move " then
      if quiet_round_ends() then
        check(stuck_forest.could_change(s, players), "the forest can never change again, yet the game goes on")
      end
      turn_seat = turn_seat % players + 1
      turns = turns + 1
      check(actor == turn_seat, "seat %d's turn, but seat %d moves", turn_seat, actor)
      if trigger then
        turns_after = turns_after + 1
        check(turns_after <= players - trigger, "seat %d reached 10, yet seat %d takes another turn",
          trigger, actor)
      end
    elseif text:sub(1, 6) == "place " then
      placed = placed + 1
      check(actor == placed, "setup: seat %d places, seat %d expected", actor, placed)
    else
      check(actor == turn_seat, "seat %d acts in seat %d's turn", actor, turn_seat)
    end

    g:play(m)
    local after = census(g, players)
    local hash_after = g:hash()

    -- pieces conserved, nothing negative, loggers and protesters where they may be
    local kept, broken = pcall(invariants, s)
    check(kept, "%s", tostring(broken))

    -- scores: trees felled, and their protesters
    if text:sub(1, 5) == "chop " then
      local fell = before.trees - after.trees
      check(fell >= 1, "a chop felled %d trees", fell)
      felled[actor] = felled[actor] + fell
      for seat = 1, players do
        local gain = seat == actor and fell or 0
        local freed = seat == actor and (before.protesters - after.protesters) or 0
        check(after.scores[seat] - before.scores[seat] == gain, "seat %d scored %d, %d trees fell to seat %d",
          seat, after.scores[seat] - before.scores[seat], fell, actor)
        check(after.supplies[seat] - before.supplies[seat] == freed, "seat %d's supply changed by %d",
          seat, after.supplies[seat] - before.supplies[seat])
      end
      if not trigger and after.scores[actor] >= WINNING_SCORE then trigger = actor end
    else
      check(after.trees >= before.trees, "%d trees left the board without a chop", before.trees - after.trees)
      for seat = 1, players do
        check(after.scores[seat] == before.scores[seat], "seat %d's score changed without a chop", seat)
      end
    end
    for seat = 1, players do
      check(after.scores[seat] == felled[seat], "seat %d scores %d, felled %d", seat, after.scores[seat], felled[seat])
    end
    if turns > 0 and changed(before, after) then busy = true end

    -- undo gives back the identical state; redo the new one
    check(g:undo(), "undo refused")
    check(g:hash() == hash_before, "undo does not restore the hash")
    check(g:redo(), "redo refused")
    check(g:hash() == hash_after, "redo does not restore the hash")

    before = after
  end
  where = string.format("the end after %d moves", n)

  -- the end: the round of the player who reached 10 was completed, or a
  -- round ended in which the forest did not change, and it never can again
  local by_score = trigger ~= nil and turns_after == players - trigger
  local quiet = quiet_round_ends()
  local stuck = quiet and not stuck_forest.could_change(s, players)
  check(by_score or stuck, "the game ended (trigger %s, %d turns after it, quiet round: %s, forest stuck: %s)",
    tostring(trigger), turns_after, tostring(quiet), tostring(stuck))

  local r = g:result()
  check(r ~= nil, "no result")
  for seat = 1, players do
    check(r.scores[seat] == before.scores[seat], "result: seat %d scores %s", seat, tostring(r.scores[seat]))
    local rank = 1
    for other = 1, players do
      local better = before.scores[other] > before.scores[seat]
        or (before.scores[other] == before.scores[seat] and before.supplies[other] > before.supplies[seat])
      if better then rank = rank + 1 end
    end
    check(r.ranks[seat] == rank, "result: seat %d ranked %s, %d expected", seat, tostring(r.ranks[seat]), rank)
  end

  -- the history replays to the same state
  local history = g:history()
  check(#history == n, "history holds %d moves, %d played", #history, n)
  local again = games.open("logger", { players = players, seed = seed })
  for _, move in ipairs(history) do again:play(move) end
  check(again:hash() == g:hash(), "the replayed game differs")
  check(again:over(), "the replayed game is not over")
  again:close()
  g:close()
  return by_score
end

for players = 2, 4 do
  test(string.format("playouts: %d random %d-player games keep every invariant and end", GAMES, players), function()
    local by_score = 0
    for seed = 1, GAMES do
      if playout(players, seed) then by_score = by_score + 1 end
    end
    expect.truthy(by_score > 0, "no game ended by a player reaching 10")
  end)
end
