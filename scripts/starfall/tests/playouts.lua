-- Starfall Forest: seeded random playouts, 500 games for each player count
-- (2, 3, 4) and each variant combination (none, scaredy-snake, star-fluke,
-- both): 6,000 games, about 2.8 million moves. Every move is a uniformly
-- random legal move (the host's g:playout(seed, 1), one move at a time,
-- seeded from this file's sequence), and after every move:
--   * the definition's invariants(s) (game.lua: every star, snake and fairy
--     in one place and counted once, the stars conserved, no count out of
--     range, no fairy at a knocked-down tree out of its steps ...);
--   * the fallen count grows exactly by the star the roller placed plus the
--     stars that revived a fairy in that move;
--   * the turn that ended did not leave its fairy at a knocked-down tree;
--   * every game ends within MOVE_CAP moves (see below), with every fairy
--     but one home, ranked in the order they went home.
-- 500 games, not 1000 as before the invariants: invariants(s) costs about
-- as much as a move, and 500 keep the file near its old 40 s.
-- Sampled, because doing them everywhere would more than double the run
-- time:
--   * undo after a move gives back the identical hash, redo the new one:
--     every UNDO_EVERY-th move of every game (a different offset per game),
--     about 28,000 moves in all;
--   * replaying the history in a fresh game with the same seed gives the
--     identical final hash: every REPLAY_EVERY-th game of each series (5
--     of each 500, 60 games in all).
--
-- The bound. Random games are long: a random player spends nearly every
-- die on the many snake steps, and every roll that completes the five with
-- two or more stars knocks a tree down, so late in a long random game most
-- of the forest lies knocked down and fairies can end a turn only on the
-- few standing trees. Over these 6,000 seeds the mean game is 187 moves
-- (2 players, Star Fluke) to 1,074 moves (4 players, Scaredy-snake), and
-- the longest is 4,261 moves (4 players, Scaredy-snake, seed 357);
-- MOVE_CAP is set well above that. The bound is an observation over these
-- seeds, not a rule: the rules (DECISIONS.md) have no turn limit; a game
-- ends with probability 1 because stars keep falling and fairies keep
-- walking over them.

local GAMES = playouts(500)           -- per player count and variant combination (fewer under make asan)
local MOVE_CAP = 10000
local UNDO_EVERY = 100
local REPLAY_EVERY = 100
local COMBINATIONS = { "", "scaredy-snake", "star-fluke", "scaredy-snake,star-fluke" }
local UP, HOME = 1, 3                 -- fairy states (game.lua)
local STANDING = 1
local FALL, FALL_KNOCKING = 5, 6       -- the phases in which the roller places a star

local function playout(players, variants, seed, replay)
  local g = games.open("starfall", { players = players, seed = seed, variants = variants })
  local s = g.state
  local forest, held, fallen_pool, revived_pool = s.forest, s.stars, s.fallen, s.revived
  local fairy_state, fairy_at, turn = s.fairy_state, s.fairy_at, s.turn
  local invariants = g.definition.invariants
  local play_one = g.playout                 -- looked up once: g's methods go through __index
  local n, seat = 0, 0
  local function fail(fmt, ...)
    error(string.format("%d players, variants '%s', game %d, move %d (seat %d): " .. fmt, players, variants,
      seed, n, seat, ...), 0)
  end

  -- each move is the host's uniformly random pick, seeded from this sequence
  local x = (seed * 7919 + players * 104729 + #variants) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019
  local fallen, revived = 0, 0
  local undo_at = seed % UNDO_EVERY
  while true do
    local phase = turn.phase
    seat = turn.seat
    local sample = n % UNDO_EVERY == undo_at
    local hash_before = sample and g:hash()
    x = x * 6364136223846793005 + 1442695040888963407
    if play_one(g, (x >> 17) & 0x7fffffffffff, 1) == 0 then break end
    n = n + 1
    if n > MOVE_CAP then fail("no end after %d moves", MOVE_CAP) end

    local kept, why = pcall(invariants, s)
    if not kept then fail("%s", why) end

    -- the stars that fell in this move: the one placed, and those that revived a fairy
    local now_fallen, now_revived = fallen_pool:get(), revived_pool:get()
    local placed = (phase == FALL or phase == FALL_KNOCKING) and 1 or 0
    if now_fallen - fallen ~= placed + now_revived - revived then
      fail("%d stars fell in this move: %d placed, %d revived a fairy", now_fallen - fallen, placed,
        now_revived - revived)
    end
    fallen, revived = now_fallen, now_revived

    -- the turn that ended did not leave its fairy at a knocked-down tree
    if turn.seat ~= seat and fairy_state:get(seat) == UP and forest:get(fairy_at:get(seat), "tree") ~= STANDING then
      fail("seat %d ended its turn at a knocked-down tree", seat)
    end

    -- undo gives back the identical state; redo the new one
    if sample then
      local hash_after = g:hash()
      if not g:undo() then fail("undo refused") end
      if g:hash() ~= hash_before then fail("undo does not restore the hash") end
      if not g:redo() then fail("redo refused") end
      if g:hash() ~= hash_after then fail("redo does not restore the hash") end
    end
  end
  local function check(ok, ...) if not ok then fail(...) end end

  -- every fairy but one is home; ranks follow the order they went home
  check(s.home:get() == players - 1, "%d fairies home", s.home:get())
  local r = g:result()
  check(r ~= nil, "no result")
  for p = 1, players do
    local order = s.home_order:get(p)
    local rank = order > 0 and order or players
    check(r.ranks[p] == rank, "seat %d ranked %s, went home %d", p, tostring(r.ranks[p]), order)
    check((order > 0) == (fairy_state:get(p) == HOME), "seat %d: home order %d", p, order)
    check(r.scores[p] == held:get(p), "seat %d scores %s", p, tostring(r.scores[p]))
  end

  -- the history replays to the same state
  if replay then
    local history = g:history()
    check(#history == n, "history holds %d moves, %d played", #history, n)
    local again = games.open("starfall", { players = players, seed = seed, variants = variants })
    for _, move in ipairs(history) do again:play(move) end
    check(again:hash() == g:hash(), "the replayed game differs")
    check(again:over(), "the replayed game is not over")
    again:close()
  end
  g:close()
  return n
end

for _, variants in ipairs(COMBINATIONS) do
  for players = 2, 4 do
    local name = variants == "" and "no variant" or variants
    test(string.format("playouts: %d random %d-player games (%s) keep every invariant and end", GAMES, players, name),
      function()
        local longest = 0
        for seed = 1, GAMES do
          longest = math.max(longest, playout(players, variants, seed, seed % REPLAY_EVERY == 0))
        end
        expect.truthy(longest > 0)
      end)
  end
end
