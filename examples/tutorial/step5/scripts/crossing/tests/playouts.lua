-- Crossing: seeded random playouts, 1000 games, with the invariants checked
-- after every move:
--   * turns: seat 1 rolls first; each seat rolls, then moves; then the other;
--   * the board: one runner per seat, never on a rock; the rocks stay put;
--   * coins: those on the board plus those picked up are always 6;
--   * points: never negative; only the mover scores, exactly 1 for the coin
--     it ended on and 3 for crossing;
--   * a runner that was caught is back on its start square;
--   * the game ends, when and only when a runner reaches the far side, and
--     the result ranks by points, then by who crossed;
--   * undo after a move gives back the identical hash, redo the new one;
--   * replaying the history in a fresh game gives the identical final hash.

local GAMES = playouts(1000)          -- fewer under make asan
local MOVE_CAP = 5000                 -- a game longer than this does not end
local COINS, CROSSING_BONUS = 6, 3
local START = { "c1", "c7" }
local HOME_ROW = { 7, 1 }
local ROCKS = { "b4", "d4" }

--- What the checks compare from one move to the next; check(ok, ...)
--- reports a runner gone from the board.
local function census(g, check)
  local s, board = g.state, g.state.board
  local c = { points = { s.score:get(1), s.score:get(2) }, at = {}, row = {} }
  c.coins = board:count({ coin = 1 })
  for seat = 1, 2 do
    local square = board:first({ runner = seat })
    check(square ~= nil, "the runner of seat %d is not on the board", seat)
    c.at[seat] = board:name(square)
    local _, y = board:xy(square)
    c.row[seat] = y
  end
  return c
end

local function playout(seed)
  local g = games.open("crossing", { players = 2, seed = seed })
  local board = g.state.board
  local where = ""
  local function check(ok, fmt, ...)
    if not ok then error(string.format("game %d, %s: " .. fmt, seed, where, ...), 0) end
  end

  local pick = random_picker(seed)
  local before = census(g, check)
  local turn_seat, rolled = 1, false
  local n = 0
  while not g:over() do
    n = n + 1
    check(n <= MOVE_CAP, "no end after %d moves", MOVE_CAP)
    local legal = g:legal()
    check(#legal > 0, "no legal move, yet the game goes on")
    local m = legal[pick(#legal)]
    local text, actor = g:describe(m), g:actor()
    where = string.format("move %d (%s by seat %d)", n, text, actor)
    check(actor == turn_seat, "seat %d's turn, but seat %d plays", turn_seat, actor)
    check((text == "roll") == not rolled, "%s where a %s was due", text, rolled and "move" or "roll")
    local hash_before = g:hash()

    g:play(m)
    local after = census(g, check)
    local hash_after = g:hash()

    -- the board
    for seat = 1, 2 do
      check(board:count({ runner = seat }) == 1, "seat %d has %d runners", seat, board:count({ runner = seat }))
    end
    check(board:count({ rock = 1, runner = { 1, 2 } }) == 0, "a runner stands on a rock")
    for _, rock in ipairs(ROCKS) do check(board:get(rock, "rock") == 1, "the rock on %s is gone", rock) end
    check(board:count({ rock = 1 }) == #ROCKS, "%d rocks", board:count({ rock = 1 }))

    -- coins and points
    local crossed = g:over() and 1 or 0
    local picked = after.points[1] + after.points[2] - CROSSING_BONUS * crossed
    check(after.coins + picked == COINS, "%d coins on the board, %d picked up", after.coins, picked)
    local other = 3 - actor
    check(after.points[other] == before.points[other], "seat %d scored in seat %d's move", other, actor)
    local gain = after.points[actor] - before.points[actor]
    if text == "roll" then
      check(gain == 0 and after.coins == before.coins, "a roll scored or moved a coin")
      check(after.at[1] == before.at[1] and after.at[2] == before.at[2], "a roll moved a runner")
      rolled = true
    else
      local took = before.coins - after.coins
      check(took == 0 or took == 1, "one move took %d coins", took)
      check(gain == took + CROSSING_BONUS * crossed, "seat %d gained %d points, took %d coins, crossed: %d",
        actor, gain, took, crossed)
      check(after.at[actor] == text:match("^move (%w+)$"), "the runner is on %s after %s", after.at[actor], text)
      if before.at[other] == after.at[actor] then
        check(after.at[other] == START[other], "seat %d was caught, but stands on %s", other, after.at[other])
      else
        check(after.at[other] == before.at[other], "seat %d's runner moved in seat %d's move", other, actor)
      end
      -- the end comes when, and only when, the mover reaches the far side
      check(g:over() == (after.row[actor] == HOME_ROW[actor]), "over: %s, the runner on row %d",
        tostring(g:over()), after.row[actor])
      turn_seat, rolled = other, false
    end

    -- undo gives back the identical state; redo the new one
    check(g:undo(), "undo refused")
    check(g:hash() == hash_before, "undo does not restore the hash")
    check(g:redo(), "redo refused")
    check(g:hash() == hash_after, "redo does not restore the hash")
    before = after
  end
  where = string.format("the end after %d moves", n)

  -- the result: points, then the runner who crossed
  local r = g:result()
  check(r ~= nil, "no result")
  local crosser = before.row[1] == HOME_ROW[1] and 1 or 2
  check(before.row[3 - crosser] ~= HOME_ROW[3 - crosser], "both runners are across")
  check(r.scores[1] == before.points[1] and r.scores[2] == before.points[2], "the result's scores")
  local winner = crosser
  if before.points[1] ~= before.points[2] then winner = before.points[1] > before.points[2] and 1 or 2 end
  check(#r.winners == 1 and r.winners[1] == winner, "seat %s wins, seat %d expected", tostring(r.winners[1]), winner)

  -- the history replays to the same state
  local history = g:history()
  check(#history == n, "history holds %d moves, %d played", #history, n)
  local again = games.open("crossing", { players = 2, seed = seed })
  for _, move in ipairs(history) do again:play(move) end
  check(again:hash() == g:hash(), "the replayed game differs")
  again:close()
  g:close()
  return crosser
end

test(string.format("playouts: %d random games keep every invariant and end", GAMES), function()
  local crossed = { 0, 0 }
  for seed = 1, GAMES do
    local crosser = playout(seed)
    crossed[crosser] = crossed[crosser] + 1
  end
  -- both sides of each check were exercised: either seat crosses sometimes
  expect.truthy(crossed[1] > 0 and crossed[2] > 0, "one seat never crossed")
end)
