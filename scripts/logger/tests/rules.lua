-- Logger: one scenario per rule sentence of ../shared/rules/logger.txt and
-- per decision of DECISIONS.md (Logger). Each test plays the setup, puts a
-- position on the board by editing the state, plays moves and checks the
-- outcome.
--
-- Remember when building a position: every tree adjacent to a logger is in
-- the logger's row or column, so it grows (or spawns) in that logger's turn
-- before any action.

local FILES = { "a", "b", "c", "d", "e" }
local PIECE = { "large", "medium", "small" }   -- the pyramid each stage adds
local CORNERS = { "a1", "e5", "a5", "e1" }     -- where seats 1..4 start

local SQUARES = {}                             -- a1, b1, ..., e5: board order
for rank = 1, 5 do
  for file = 1, 5 do SQUARES[#SQUARES + 1] = FILES[file] .. rank end
end

-- Helpers -------------------------------------------------------------------

local function open(players)
  return games.open("logger", { players = players or 2, seed = 1 })
end

--- A game past its setup: loggers on CORNERS in seat order.
local function start(players)
  local g = open(players)
  for seat = 1, (players or 2) do g:play("place " .. CORNERS[seat]) end
  return g
end

local function stage(g, square)
  return g.state.board:get(square, "tree")
end

--- Put a tree of `stage` (0 none .. 3 mature) on a square, taking the
--- pyramids it needs from the pools and returning the ones it no longer has.
local function tree(g, square, new)
  local s = g.state
  local old = stage(g, square)
  for k = 1, 3 do
    local had, has = old >= k and 1 or 0, new >= k and 1 or 0
    if had ~= has then s[PIECE[k]]:add(had - has) end
  end
  s.board:set(square, "tree", new)
end

--- start(), with the c3 seedling removed: an empty board but the loggers.
local function bare(players)
  local g = start(players)
  tree(g, "c3", 0)
  return g
end

--- A protester on a tree, from a seat's supply.
local function protester(g, square, seat)
  g.state.protesters:take(seat, 1)
  g.state.board:set(square, "protester", 1)
end

local function where(g, seat)
  for _, square in ipairs(SQUARES) do
    if g.state.board:get(square, "logger") == seat then return square end
  end
end

--- Move a seat's logger by hand (not a move of the game).
local function logger(g, seat, square)
  g.state.board:set(where(g, seat), "logger", 0)
  g.state.board:set(square, "logger", seat)
end

local function score(g, seat) return g.state.score:get(seat) end
local function supply(g, seat) return g.state.protesters:get(seat) end
local function pools(g) return { g.state.large:get(), g.state.medium:get(), g.state.small:get() } end

--- The kinds of the legal moves ("move", "spawn", "plant", ...) as a set.
local function kinds(g)
  local set = {}
  for _, m in ipairs(g:moves()) do set[m:match("^%S+")] = true end
  return set
end

--- Play the spawn moves of this turn: choices[i] for the i-th spawning
--- tree, or its first option.
local function spawns(g, choices)
  local i = 0
  while kinds(g).spawn do
    i = i + 1
    g:play(choices and choices[i] or g:moves()[1])
  end
end

--- The actor stays put, plays the spawns, then chops `target`.
local function chop_turn(g, target)
  local seat = g:actor()
  g:play("move " .. where(g, seat))
  spawns(g)
  g:play("chop " .. target)
end

--- A turn that scores nothing: stay put, spawn anywhere, then plant (or
--- stop, or protest) if an action is possible.
local function idle_turn(g)
  local seat = g:actor()
  g:play("move " .. where(g, seat))
  spawns(g)
  while g:actor() == seat do
    local pick
    for _, prefix in ipairs({ "plant ", "stop", "protest " }) do
      for _, m in ipairs(g:moves()) do
        if not pick and m:sub(1, #prefix) == prefix then pick = m end
      end
    end
    g:play(assert(pick, "idle_turn: only chops are possible"))
  end
end

--- Every legal move starts with `prefix`.
local function all_are(g, prefix)
  local ms = g:moves()
  expect.truthy(#ms > 0, "expected legal moves")
  for _, m in ipairs(ms) do
    expect.eq(m:sub(1, #prefix), prefix, "move " .. m)
  end
end

-- Setup -----------------------------------------------------------------------

test("setup: place a seedling on the centre of the board (c3)", function()
  local g = open(2)
  for _, square in ipairs(SQUARES) do
    expect.eq(stage(g, square), square == "c3" and 1 or 0, square)
    expect.eq(g.state.board:get(square, "protester"), 0, square)
    expect.eq(g.state.board:get(square, "logger"), 0, square)
  end
end)

test("setup: the remaining pyramids are kept aside in a common pool (19 large, 20 medium, 20 small)", function()
  expect.eq(pools(open(2)), { 19, 20, 20 })
  expect.eq(pools(open(4)), { 19, 20, 20 })
end)

test("setup: starting with the first player, each player places their logger on a corner", function()
  local g = open(4)
  expect.eq(g:actor(), 1)
  expect.moves(g, { "place a1", "place e1", "place a5", "place e5" })
  g:play("place e5")
  expect.eq(g:actor(), 2)
  expect.moves(g, { "place a1", "place e1", "place a5" })
  g:play("place a1")
  expect.eq(g:actor(), 3)
  expect.moves(g, { "place e1", "place a5" })
  g:play("place a5")
  expect.eq(g:actor(), 4)
  expect.moves(g, { "place e1" })
  g:play("place e1")
  expect.eq({ where(g, 1), where(g, 2), where(g, 3), where(g, 4) }, { "e5", "a1", "a5", "e1" })
end)

test("setup: a logger goes on a free corner only", function()
  local g = open(2)
  expect.falsy(g:try("place b2"))
  expect.falsy(g:try("place c3"))
  expect.falsy(g:try("place a3"))
  g:play("place a1")
  expect.falsy(g:try("place a1"), "a1 is taken")
  expect.moves(g, { "place e1", "place a5", "place e5" })
end)

test("setup: each player starts with 1 protester in supply with 3 and 4 players", function()
  for _, players in ipairs({ 3, 4 }) do
    local g = start(players)
    for seat = 1, players do expect.eq(supply(g, seat), 1, players .. " players, seat " .. seat) end
  end
end)

test("setup: 2 protesters each in a 2-player game", function()
  local g = start(2)
  expect.eq(supply(g, 1), 2)
  expect.eq(supply(g, 2), 2)
end)

test("decision: of the 4 protesters, the ones not dealt stay out of the game", function()
  for players, dealt in pairs({ [2] = 4, [3] = 3, [4] = 4 }) do
    local g = start(players)
    local total = 0
    for seat = 1, players do total = total + supply(g, seat) end
    expect.eq(total, dealt, players .. " players")
    expect.eq(g.state.board:count({ protester = 1 }), 0)
  end
end)

test("setup: remember who went first: the first player takes the first turn after the setup", function()
  local g = start(3)
  expect.eq(g.state.turn.first, 1)
  expect.eq(g:actor(), 1)
  all_are(g, "move ")
end)

test("decision: the board is 5x5, files a-e left to right, ranks 1-5 bottom to top", function()
  local g = bare(2)
  expect.eq({ g.state.board:size() }, { 5, 5 })
  expect.eq({ g.state.board:xy("e1") }, { 5, 1 })
  expect.eq({ g.state.board:xy("a5") }, { 1, 5 })
  expect.moves(g, { "move a1", "move b1", "move c1", "move a2", "move b2", "move a3" })
end)

-- Goal --------------------------------------------------------------------------

-- A 2-player game in which seat 1 (a1) fells a2 to reach 10 and seat 2
-- (e5) then plays its final turn: fn(g) is that turn.
local function final_turn_of_seat_2(fn)
  local g = bare(2)
  tree(g, "a2", 3)
  g.state.score:set(1, 9)
  chop_turn(g, "a2")
  expect.eq(score(g, 1), 10)
  expect.falsy(g:over(), "seat 2 still plays")
  expect.eq(g:actor(), 2)
  fn(g)
  expect.truthy(g:over(), "the game is over after seat 2's final turn")
  return g
end

test("goal: the winner is the player with the most points at the end of the game", function()
  local g = final_turn_of_seat_2(function(g)
    g.state.score:set(2, 3)
    idle_turn(g)
  end)
  local r = g:result()
  expect.eq(r.scores, { 10, 3 })
  expect.eq(r.ranks, { 1, 2 })
  expect.eq(r.winners, { 1 })
end)

test("goal: scoring 10 points triggers the end but may not be enough for victory", function()
  local g = final_turn_of_seat_2(function(g)
    g.state.score:set(2, 9)
    tree(g, "e4", 3)
    tree(g, "e3", 3)
    chop_turn(g, "e4")     -- e4 and e3 fall: 11
  end)
  local r = g:result()
  expect.eq(r.scores, { 10, 11 })
  expect.eq(r.winners, { 2 })
  expect.eq(r.ranks, { 2, 1 })
end)

-- No diagonals ---------------------------------------------------------------

test("no diagonals: a logger never steps diagonally", function()
  local g = bare(2)
  tree(g, "a2", 1)
  tree(g, "b1", 1)
  expect.moves(g, { "move a1" })   -- b2 is diagonal: unreachable
end)

test("no diagonals: adjacency is orthogonal only (plant, chop)", function()
  local g = bare(2)
  logger(g, 1, "c3")
  tree(g, "b2", 3)                 -- diagonal to c3, and not in its row or column
  tree(g, "d4", 3)
  g:play("move c3")
  expect.eq(stage(g, "b2"), 3)
  expect.moves(g, { "plant b3", "plant d3", "plant c2", "plant c4", "protest b2", "protest d4" })
end)

-- Movement -----------------------------------------------------------------------

test("movement: move your logger up to two spaces (0, 1 or 2 orthogonal steps)", function()
  local g = bare(2)
  logger(g, 1, "c3")
  expect.moves(g, {
    "move c3",
    "move b3", "move d3", "move c2", "move c4",
    "move a3", "move e3", "move c1", "move c5",
    "move b2", "move d2", "move b4", "move d4",
  })
end)

test("movement: staying put is a legal movement", function()
  local g = bare(2)
  logger(g, 1, "c3")
  g:play("move c3")
  expect.eq(where(g, 1), "c3")
  expect.eq(g:actor(), 1)
  all_are(g, "plant ")
end)

test("movement: one step and two steps move the logger", function()
  local g = bare(2)
  g:play("move a2")
  expect.eq(where(g, 1), "a2")
  expect.eq(g.state.board:get("a1", "logger"), 0)
  g:play("plant a1")
  g:play("move e3")                 -- seat 2: e5 -> e4 -> e3
  expect.eq(where(g, 2), "e3")
  expect.eq(g.state.board:get("e5", "logger"), 0)
end)

test("decision: a two-step move may turn", function()
  local g = bare(2)
  tree(g, "a2", 1)
  expect.moves(g, { "move a1", "move b1", "move c1", "move b2" })
  g:play("move b2")                 -- a1 -> b1 -> b2
  expect.eq(where(g, 1), "b2")
end)

test("movement: a logger may not occupy or walk through a space with a tree", function()
  local g = bare(2)
  logger(g, 1, "c3")
  tree(g, "c2", 1)
  expect.moves(g, {
    "move c3",
    "move b3", "move d3", "move c4",
    "move a3", "move e3", "move c5",
    "move b2", "move d2", "move b4", "move d4",
  })
  expect.falsy(g:try("move c2"))
  expect.falsy(g:try("move c1"))
end)

test("movement: a logger may not occupy or walk through a space with another logger", function()
  local g = bare(2)
  logger(g, 1, "c3")
  logger(g, 2, "c4")
  expect.moves(g, {
    "move c3",
    "move b3", "move d3", "move c2",
    "move a3", "move e3", "move c1",
    "move b2", "move d2", "move b4", "move d4",
  })
end)

-- Growth --------------------------------------------------------------------------

test("growth: all trees in the same row and column the logger occupies grow 1 stage", function()
  local g = bare(2)
  logger(g, 1, "b2")
  for square, st in pairs({ a1 = 1, e1 = 1, b1 = 2, c4 = 1, c5 = 2, b4 = 1, d2 = 2, a3 = 1 }) do
    tree(g, square, st)
  end
  g:play("move c1")                 -- b2 -> c2 -> c1: row 1 and file c grow
  local want = { a1 = 2, e1 = 2, b1 = 3, c4 = 2, c5 = 3, b4 = 1, d2 = 2, a3 = 1 }
  for square, st in pairs(want) do expect.eq(stage(g, square), st, square) end
end)

test("growth: all seedlings become saplings (+1 medium) and all saplings become mature trees (+1 small)", function()
  local g = bare(2)
  tree(g, "a3", 1)
  tree(g, "a4", 2)
  expect.eq(pools(g), { 18, 19, 20 })
  g:play("move a1")
  expect.eq(stage(g, "a3"), 2)
  expect.eq(stage(g, "a4"), 3)
  expect.eq(pools(g), { 18, 18, 19 })
end)

test("decision: every tree in the row and column grows, even behind another tree or logger", function()
  local g = bare(2)
  logger(g, 2, "a4")
  for square, st in pairs({ a2 = 1, a3 = 1, a5 = 1, b1 = 2, c1 = 1, d1 = 1 }) do tree(g, square, st) end
  g:play("move a1")
  for square, st in pairs({ a2 = 2, a3 = 2, a5 = 2, b1 = 3, c1 = 2, d1 = 2 }) do
    expect.eq(stage(g, square), st, square)
  end
end)

test("growth: no tree experiences two stages of growth in one turn", function()
  local g = bare(2)
  tree(g, "a3", 1)
  g:play("move a1")
  expect.eq(stage(g, "a3"), 2)
  g:play("plant b1")
  expect.eq(g:actor(), 2)
  expect.eq(stage(g, "a3"), 2, "after the turn")
end)

test("growth: mature trees produce 1 seedling in a space adjacent to them", function()
  local g = bare(2)
  tree(g, "a3", 3)
  g:play("move a1")
  expect.eq(g:actor(), 1)
  expect.moves(g, { "spawn a2", "spawn a4", "spawn b3" })
  g:play("spawn b3")
  expect.eq(stage(g, "b3"), 1)
  expect.eq(stage(g, "a3"), 3)
  expect.eq(g.state.large:get(), 20 - 1 - 1)
  expect.falsy(kinds(g).spawn, "one seedling per mature tree")
end)

test("growth: seedlings newly spawned this turn do not grow", function()
  local g = bare(2)
  tree(g, "a3", 3)
  g:play("move a1")
  g:play("spawn a2")                -- a2 is in the logger's file
  expect.eq(stage(g, "a2"), 1)
  g:play("plant b1")
  expect.eq(g:actor(), 2)
  expect.eq(stage(g, "a2"), 1, "after the turn")
end)

test("decision: only trees that were mature before this growth spawn; a sapling that matures now does not", function()
  local g = bare(2)
  logger(g, 1, "c1")
  tree(g, "c3", 2)
  tree(g, "c5", 3)
  g:play("move c1")
  expect.eq(stage(g, "c3"), 3)
  expect.moves(g, { "spawn b5", "spawn d5", "spawn c4" })   -- c5's, not c3's
  g:play("spawn b5")
  expect.falsy(kinds(g).spawn)
  expect.eq(g:actor(), 1)
end)

test("growth: all trees in the row and column must grow or create a seedling if able (no move skips a spawn)", function()
  local g = bare(2)
  tree(g, "a3", 3)
  g:play("move a1")
  all_are(g, "spawn ")
  expect.falsy(g:try("plant b1"))
  expect.falsy(g:try("protest a3"))
end)

test("decision: the active player chooses each spawn, one move per spawning tree, in board order a1, b1, ... e5", function()
  local g = bare(2)
  logger(g, 1, "c1")
  tree(g, "c4", 3)
  tree(g, "c2", 3)
  tree(g, "e1", 3)
  g:play("move c1")
  expect.moves(g, { "spawn d1", "spawn e2" })                  -- e1 first
  g:play("spawn e2")
  expect.moves(g, { "spawn b2", "spawn d2", "spawn c3" })      -- then c2
  g:play("spawn d2")
  expect.moves(g, { "spawn b4", "spawn d4", "spawn c3", "spawn c5" })   -- then c4
  g:play("spawn c5")
  expect.falsy(kinds(g).spawn)
  for _, square in ipairs({ "e2", "d2", "c5" }) do expect.eq(stage(g, square), 1, square) end
end)

test("decision: two spawns cannot choose the same square", function()
  local g = bare(2)
  logger(g, 1, "c1")
  tree(g, "c2", 3)
  tree(g, "c4", 3)
  g:play("move c1")
  g:play("spawn c3")                -- c2 takes c3, which c4 could also reach
  expect.moves(g, { "spawn b4", "spawn d4", "spawn c5" })
end)

test("decision: a tree with no empty neighbour spawns nothing and costs no move", function()
  local g = bare(2)
  tree(g, "b1", 3)                  -- neighbours: a1 logger, c1 and b2 trees
  tree(g, "c1", 1)
  tree(g, "b2", 1)
  local before = #g:history()
  g:play("move a1")
  expect.falsy(kinds(g).spawn)
  expect.eq(#g:history(), before + 1)
  expect.legal(g, "chop b1")
end)

test("decision: \"empty\" means no tree and no logger (spawn)", function()
  local g = bare(2)
  logger(g, 2, "a4")
  tree(g, "a3", 3)
  tree(g, "b3", 1)
  g:play("move a1")
  expect.moves(g, { "spawn a2" })
end)

test("decision: a spawn the pool cannot supply does not happen; in board order the earlier trees get the seedlings", function()
  local g = bare(2)
  logger(g, 1, "c1")
  tree(g, "c2", 3)
  tree(g, "c4", 3)
  g.state.large:set(1)
  g:play("move c1")
  expect.moves(g, { "spawn b2", "spawn d2", "spawn c3" })     -- c2 spawns
  g:play("spawn b2")
  expect.eq(g.state.large:get(), 0)
  expect.falsy(kinds(g).spawn, "c4 spawns nothing")
  for _, square in ipairs({ "b4", "d4", "c3", "c5" }) do expect.eq(stage(g, square), 0, square) end
end)

test("decision: with no seedling left in the pool a mature tree spawns nothing and costs no move", function()
  local g = bare(2)
  tree(g, "a3", 3)
  g.state.large:set(0)
  g:play("move a1")
  expect.falsy(kinds(g).spawn)
  expect.moves(g, { "protest a3" })   -- and nothing to plant with
end)

test("decision: a growth the pool cannot supply does not happen (no medium pyramid)", function()
  local g = bare(2)
  tree(g, "a3", 1)
  tree(g, "a4", 2)
  g.state.medium:set(0)
  g:play("move a1")
  expect.eq(stage(g, "a3"), 1)
  expect.eq(stage(g, "a4"), 3)
  expect.eq(pools(g), { 18, 0, 19 })
end)

test("decision: a growth the pool cannot supply does not happen (no small pyramid)", function()
  local g = bare(2)
  tree(g, "a3", 1)
  tree(g, "a4", 2)
  g.state.small:set(0)
  g:play("move a1")
  expect.eq(stage(g, "a3"), 2)
  expect.eq(stage(g, "a4"), 2)
  expect.eq(pools(g), { 18, 18, 0 })
end)

test("decision: a pool that runs short supplies as many growths as it holds", function()
  local g = bare(2)
  tree(g, "a3", 1)
  tree(g, "a4", 1)
  g.state.medium:set(1)
  g:play("move a1")
  expect.eq(stage(g, "a3") + stage(g, "a4"), 3, "exactly one grew")
  expect.eq(g.state.medium:get(), 0)
end)

-- Action ------------------------------------------------------------------------

-- Seat 1 on a1 with a mature tree on b1 (spawned to b2) and one on e3.
local function all_three_actions()
  local g = bare(2)
  tree(g, "b1", 3)
  tree(g, "e3", 3)
  g:play("move a1")
  g:play("spawn b2")
  return g
end

test("action: there are three options: plant, protest and chop", function()
  local g = all_three_actions()
  expect.moves(g, { "plant a2", "protest b1", "protest e3", "chop b1" })
end)

test("action: you must perform an action if able", function()
  local g = all_three_actions()
  expect.eq(g:actor(), 1)
  for _, text in ipairs({ "stop", "move a1", "pass", "spawn a2" }) do
    expect.falsy(g:try(text), text)
  end
  expect.eq(g:actor(), 1)
end)

test("decision: exactly one action a turn", function()
  local g = all_three_actions()
  g:play("plant a2")
  expect.eq(g:actor(), 2)
  all_are(g, "move ")
  g = all_three_actions()
  g:play("chop b1")
  expect.eq(g:actor(), 2)
  all_are(g, "move ")
end)

test("action: this phase is skipped if the logger is unable to perform any action", function()
  local g = bare(2)
  tree(g, "a2", 1)                  -- boxed in; they grow to saplings only
  tree(g, "b1", 1)
  g:play("move a1")
  expect.eq(stage(g, "a2"), 2)
  expect.eq(g:actor(), 2)
  all_are(g, "move ")
end)

test("action: skipped too with mature trees about but no protester in supply and none adjacent", function()
  local g = bare(2)
  tree(g, "a2", 1)
  tree(g, "b1", 1)
  tree(g, "e3", 3)
  g.state.protesters:set(1, 0)
  g:play("move a1")
  expect.eq(g:actor(), 2)
end)

-- Plant --------------------------------------------------------------------------

test("plant: plant one seedling in any space adjacent to your logger", function()
  local g = bare(2)
  logger(g, 1, "c3")
  logger(g, 2, "c4")
  g:play("move c3")
  expect.moves(g, { "plant b3", "plant d3", "plant c2" })   -- c4 holds a logger
  g:play("plant c2")
  expect.eq(stage(g, "c2"), 1)
  expect.eq(pools(g), { 19, 20, 20 })
  expect.eq(g:actor(), 2)
end)

test("decision: a plant needs a seedling in the pool", function()
  local g = bare(2)
  tree(g, "e3", 3)
  g.state.large:set(0)
  g:play("move a1")
  expect.moves(g, { "protest e3" })
end)

-- Protest ------------------------------------------------------------------------

test("protest: place a protester from your supply onto a mature tree anywhere", function()
  local g = bare(2)
  tree(g, "e3", 3)
  tree(g, "d4", 2)
  g:play("move a1")
  expect.legal(g, "protest e3")
  expect.illegal(g, "protest d4")   -- not mature
  g:play("protest e3")
  expect.eq(g.state.board:get("e3", "protester"), 1)
  expect.eq(supply(g, 1), 1)
end)

test("protest: you may place one protester, then another", function()
  local g = bare(2)
  tree(g, "e3", 3)
  tree(g, "c5", 3)
  g:play("move a1")
  g:play("protest e3")
  expect.eq(g:actor(), 1)
  expect.moves(g, { "protest c5", "stop" })
  g:play("protest c5")
  expect.eq(g.state.board:get("c5", "protester"), 1)
  expect.eq(supply(g, 1), 0)
  expect.eq(g:actor(), 2)
end)

test("decision: after a protest the player may stop", function()
  local g = bare(2)
  tree(g, "e3", 3)
  tree(g, "c5", 3)
  g:play("move a1")
  g:play("protest e3")
  g:play("stop")
  expect.eq(g:actor(), 2)
  expect.eq(supply(g, 1), 1)
  expect.eq(g.state.board:get("c5", "protester"), 0)
end)

test("decision: \"protest another\" and \"stop\" only while another protest is possible (no protester left)", function()
  local g = bare(3)
  tree(g, "c2", 3)
  tree(g, "d4", 3)
  g:play("move a1")
  g:play("protest c2")
  expect.eq(g:actor(), 2)
  all_are(g, "move ")
end)

test("decision: \"protest another\" and \"stop\" only while another protest is possible (no unprotested mature tree)", function()
  local g = bare(2)
  tree(g, "e3", 3)
  g:play("move a1")
  g:play("protest e3")
  expect.eq(supply(g, 1), 1)
  expect.eq(g:actor(), 2)
  all_are(g, "move ")
end)

test("decision: one protester at most per tree", function()
  local g = bare(2)
  tree(g, "e3", 3)
  tree(g, "c5", 3)
  protester(g, "e3", 2)
  g:play("move a1")
  expect.illegal(g, "protest e3")
  g:play("protest c5")
  expect.eq(g:actor(), 2, "no other tree to protest")
end)

test("decision: no protest without a protester in supply", function()
  local g = bare(2)
  tree(g, "e3", 3)
  g.state.protesters:set(1, 0)
  g:play("move a1")
  expect.moves(g, { "plant a2", "plant b1" })
end)

test("protest: protested trees may not be directly chopped down by any player", function()
  local g = bare(2)
  tree(g, "b1", 3)
  protester(g, "b1", 1)
  g:play("move a1")
  spawns(g)
  expect.illegal(g, "chop b1")
  expect.falsy(kinds(g).chop)
  -- nor by the other player
  g = bare(2)
  logger(g, 2, "c1")
  tree(g, "b1", 3)
  protester(g, "b1", 1)
  idle_turn(g)
  expect.eq(g:actor(), 2)
  g:play("move c1")
  spawns(g)
  expect.illegal(g, "chop b1")
end)

-- Chop ---------------------------------------------------------------------------

test("chop: chop down an un-protested mature tree adjacent to your logger by removing it", function()
  local g = bare(2)
  tree(g, "b1", 3)
  g:play("move a1")
  g:play("spawn b2")
  expect.eq(pools(g), { 18, 19, 19 })
  g:play("chop b1")
  expect.eq(stage(g, "b1"), 0)
  expect.eq(pools(g), { 19, 20, 20 }, "b1's three pyramids are back")
  expect.eq(score(g, 1), 1)
  expect.eq(g:actor(), 2)
end)

test("chop: only a mature tree can be chopped", function()
  local g = bare(2)
  tree(g, "b1", 1)                  -- a sapling once grown
  g:play("move a1")
  expect.eq(stage(g, "b1"), 2)
  expect.falsy(kinds(g).chop)
  expect.falsy(g:try("chop b1"))
end)

test("chop: the rule's example: Player - Mature - Mature - Sapling - Mature: two trees fall", function()
  local g = bare(2)
  tree(g, "b1", 3)
  tree(g, "c1", 3)
  tree(g, "d1", 1)                  -- grows into the sapling of the example
  tree(g, "e1", 3)
  protester(g, "c1", 2)
  protester(g, "e1", 2)
  g:play("move a1")
  spawns(g)
  expect.eq({ stage(g, "b1"), stage(g, "c1"), stage(g, "d1"), stage(g, "e1") }, { 3, 3, 2, 3 })
  local large, medium, small = table.unpack(pools(g))
  g:play("chop b1")
  expect.eq({ stage(g, "b1"), stage(g, "c1"), stage(g, "d1"), stage(g, "e1") }, { 0, 0, 2, 3 })
  expect.eq(score(g, 1), 2)
  expect.eq(supply(g, 1), 3, "c1's protester goes to the chopper")
  expect.eq(supply(g, 2), 0)
  expect.eq(g.state.board:get("c1", "protester"), 0)
  expect.eq(g.state.board:get("e1", "protester"), 1, "e1 stays, with its protester")
  expect.eq(pools(g), { large + 2, medium + 2, small + 2 })
end)

test("chop: any mature tree behind the first falls too, protested or not; 1 point each", function()
  local g = bare(2)
  for _, square in ipairs({ "a2", "a3", "a4", "a5" }) do tree(g, square, 3) end
  protester(g, "a3", 2)
  protester(g, "a4", 2)
  g:play("move a1")
  spawns(g)
  g:play("chop a2")
  for _, square in ipairs({ "a2", "a3", "a4", "a5" }) do expect.eq(stage(g, square), 0, square) end
  expect.eq(score(g, 1), 4)
end)

test("chop: add any protesters from felled trees to your supply", function()
  local g = bare(3)
  logger(g, 1, "c3")
  tree(g, "c4", 3)
  tree(g, "c5", 3)
  protester(g, "c5", 3)
  g.state.protesters:set(1, 0)
  g:play("move c3")
  spawns(g)
  g:play("chop c4")
  expect.eq({ supply(g, 1), supply(g, 2), supply(g, 3) }, { 1, 1, 0 })
  expect.eq(g.state.board:count({ protester = 1 }), 0)
end)

test("chop: the domino stops at the edge of the board", function()
  local g = bare(2)
  for _, square in ipairs({ "b1", "c1", "d1", "e1" }) do tree(g, square, 3) end
  g:play("move a1")
  spawns(g)
  g:play("chop b1")
  expect.eq(score(g, 1), 4)
end)

test("chop: the domino stops at an empty space", function()
  local g = bare(2)
  tree(g, "b1", 3)
  tree(g, "d1", 3)
  g:play("move a1")
  spawns(g, { "spawn b2", "spawn d2" })
  expect.eq(stage(g, "c1"), 0)
  g:play("chop b1")
  expect.eq(stage(g, "d1"), 3)
  expect.eq(score(g, 1), 1)
end)

test("chop: the domino stops at a space occupied by a logger", function()
  local g = bare(2)
  logger(g, 2, "c1")
  tree(g, "b1", 3)
  tree(g, "d1", 3)
  g:play("move a1")
  spawns(g)
  g:play("chop b1")
  expect.eq(stage(g, "d1"), 3)
  expect.eq(score(g, 1), 1)
end)

test("chop: the domino runs on in the direction of the chop only", function()
  local g = bare(2)
  tree(g, "b1", 3)
  tree(g, "b2", 3)                  -- behind b1 only seen from the south
  g:play("move a1")
  expect.moves(g, { "spawn c1" })   -- b1's one free neighbour
  g:play("spawn c1")
  g:play("chop b1")
  expect.eq(stage(g, "b2"), 3)
  expect.eq(stage(g, "c1"), 1)
  expect.eq(score(g, 1), 1)
end)

-- Game end -------------------------------------------------------------------------

-- `players` loggers on their corners, the seat `trigger` with 9 points
-- and a mature tree beside it (on its file) to reach 10.
local BESIDE = { a1 = "a2", e5 = "e4", a5 = "a4", e1 = "e2" }
local function near_the_end(players, trigger)
  local g = bare(players)
  g.state.score:set(trigger, 9)
  tree(g, BESIDE[CORNERS[trigger]], 3)
  return g
end

--- Play turns up to the trigger's chop, then return the seats that still
--- play a turn before the game is over.
local function turns_after_trigger(players, trigger)
  local g = near_the_end(players, trigger)
  for _ = 1, trigger - 1 do idle_turn(g) end
  expect.eq(g:actor(), trigger)
  chop_turn(g, BESIDE[CORNERS[trigger]])
  expect.eq(score(g, trigger), 10)
  local after = {}
  while not g:over() do
    after[#after + 1] = g:actor()
    idle_turn(g)
    expect.truthy(#after <= players, "the game does not end")
  end
  return after, g
end

test("end: when a player reaches 10 points the players who have not had a turn this round get one (2 players)", function()
  expect.eq(turns_after_trigger(2, 1), { 2 })
end)

test("end: the players after the one who reached 10 still play, the first player does not (3 players)", function()
  expect.eq(turns_after_trigger(3, 1), { 2, 3 })
  expect.eq(turns_after_trigger(3, 2), { 3 })
end)

test("end: the rule's example: player 2 reaches 10, players 3 and 4 get one more turn, player 1 does not", function()
  expect.eq(turns_after_trigger(4, 2), { 3, 4 })
  expect.eq(turns_after_trigger(4, 1), { 2, 3, 4 })
  expect.eq(turns_after_trigger(4, 3), { 4 })
end)

test("end: if the last player in turn order reaches 10 points the game ends immediately (2, 3 and 4 players)", function()
  for players = 2, 4 do
    local after, g = turns_after_trigger(players, players)
    expect.eq(after, {}, players .. " players")
    expect.truthy(g:over())
    expect.eq(g:actor(), nil)
    expect.eq(g:moves(), {})
  end
end)

test("end: passing 10 at once (9 to 11 with a domino) triggers the end too", function()
  local g = near_the_end(2, 1)
  tree(g, "a3", 3)
  chop_turn(g, "a2")
  expect.eq(score(g, 1), 11)
  idle_turn(g)
  expect.truthy(g:over())
end)

test("end: scores below 10 do not end the game", function()
  local g = near_the_end(2, 2)
  g.state.score:set(2, 8)
  idle_turn(g)
  chop_turn(g, "e4")
  expect.eq(score(g, 2), 9)
  expect.falsy(g:over())
  expect.eq(g:actor(), 1)
end)

test("end: the result is nil while the game runs", function()
  local g = open(2)
  expect.eq(g:result(), nil)
  g = start(2)
  expect.eq(g:result(), nil)
  g = near_the_end(2, 1)
  chop_turn(g, "a2")
  expect.eq(g:result(), nil, "during the final round")
end)

test("end: in case of a tie, the player with more protesters in reserve wins", function()
  local g = final_turn_of_seat_2(function(g)
    g.state.score:set(2, 9)
    tree(g, "e4", 3)
    tree(g, "c3", 3)
    protester(g, "c3", 2)             -- seat 2 keeps 1 in reserve, seat 1 has 2
    chop_turn(g, "e4")
  end)
  local r = g:result()
  expect.eq(r.scores, { 10, 10 })
  expect.eq(r.ranks, { 1, 2 })
  expect.eq(r.winners, { 1 })
  expect.eq(r.text, "Someone reached 10 points and the round was played out: "
    .. "seat 1 wins with 10 points (more protesters in supply).")
end)

test("end: a win on protesters at 0 points says so too", function()
  local g = start(2)
  g.state.protesters:take(2, 1)            -- seat 1 keeps 2 in supply, seat 2 has 1
  g.state.turn.over = 1                    -- ended as a stuck forest would end it
  local r = g:result()
  expect.eq(r.scores, { 0, 0 })
  expect.eq(r.winners, { 1 })
  expect.eq(r.text, "The forest can never change again (the stuck-forest rule): "
    .. "seat 1 wins with 0 points (more protesters in supply).")
end)

test("decision: a tie after the protesters is shared", function()
  local g = final_turn_of_seat_2(function(g)
    g.state.score:set(2, 9)
    tree(g, "e4", 3)
    chop_turn(g, "e4")
  end)
  local r = g:result()
  expect.eq(r.scores, { 10, 10 })
  expect.eq({ supply(g, 1), supply(g, 2) }, { 2, 2 })
  expect.eq(r.ranks, { 1, 1 })
  expect.eq(r.winners, { 1, 2 })
end)

-- What a move is ----------------------------------------------------------------------

test("decision: every decision is one move, even with a single option", function()
  local g = bare(2)
  tree(g, "a2", 1)
  tree(g, "b1", 1)
  expect.moves(g, { "move a1" })           -- boxed in: staying put is still a move
  g = bare(2)
  logger(g, 2, "a4")
  tree(g, "a3", 3)
  tree(g, "b3", 1)
  g:play("move a1")
  local before = #g:history()
  expect.moves(g, { "spawn a2" })          -- a forced spawn is still a move
  g:play("spawn a2")
  expect.eq(#g:history(), before + 1)
end)

-- A forest that can never change (DECISIONS.md) ------------------------------------

--- The whole board from a picture, rank 5 first, one word a square: "."
--- no tree, "s" seedling, "S" sapling, "T" mature tree, "T+" a mature tree
--- with a protester (taken from the first seat that has one in supply),
--- "1".."4" that seat's logger. The pools hold the pyramids the trees do not.
local function position(players, picture)
  local g = bare(players)
  for seat = 1, players do g.state.board:set(where(g, seat), "logger", 0) end
  local STAGE = { ["."] = 0, s = 1, S = 2, T = 3, ["T+"] = 3 }
  for row, line in ipairs(picture) do
    local file = 0
    for word in line:gmatch("%S+") do
      file = file + 1
      local square = FILES[file] .. (6 - row)
      local seat = tonumber(word)
      if seat then
        g.state.board:set(square, "logger", seat)
      else
        tree(g, square, assert(STAGE[word], word))
        if word == "T+" then
          local seat_with_one = 1
          while supply(g, seat_with_one) == 0 do seat_with_one = seat_with_one + 1 end
          protester(g, square, seat_with_one)
        end
      end
    end
  end
  return g
end

-- Twenty trees stand, so the pool holds no seedling: nobody can plant, no
-- mature tree can spawn. The four protesters guard a2, b2, c2 and d2.
-- Only e2 can be chopped, from e1, which seat 2 can walk to.
local ONE_CHOP_LEFT = {
  "T  T  T  T  T",
  "T  T  T  T  T",
  "T  T  T  T  T",
  "T+ T+ T+ T+ T",
  "1  .  2  .  .",
}

test("decision: a round without change does not end the game while a logger could still walk to a tree and chop it", function()
  local g = position(2, ONE_CHOP_LEFT)
  expect.eq(pools(g), { 0, 0, 0 })
  g:play("move a1")                 -- seat 1 stays: nothing grows, no action
  expect.eq(g:actor(), 2)
  g:play("move c1")                 -- seat 2 stays: a round without change
  expect.falsy(g:over(), "seat 2 can still walk to e1 and chop e2")
  g:play("move b1")
  g:play("move e1")                 -- c1 -> d1 -> e1
  expect.moves(g, { "chop e2" })
  g:play("chop e2")                 -- e2 .. e5 fall
  expect.eq(score(g, 2), 4)
  expect.falsy(g:over())
end)

test("decision: a round without change does not end the game while a logger could still walk to where a tree grows", function()
  local g = position(2, {
    "T  T  s  s  .",
    "T  T  T  s  .",
    "T  T  T  s  s",
    "T+ T+ T+ s  s",
    "1  2  .  T+ T",
  })
  g:play("move a1")
  g:play("move b1")                 -- row 1 and files a, b: all mature, so nothing grows
  expect.falsy(g:over(), "seat 2 can still walk to c1, where c5 grows")
  g:play("move a1")
  g:play("move c1")
  expect.eq(stage(g, "c5"), 2)
end)

test("decision: the game ends early only when no sequence of moves by any player could ever again change the forest", function()
  -- The loggers can walk about a1, b1 and c1, but from there every tree in
  -- line is mature (no seedling in the pool to spawn) and every tree next
  -- to them is protested; the seedlings on files d and e are out of line,
  -- and nobody can reach e4 or e5. Nobody has a protester left.
  local g = position(2, {
    "T  T  T  s  .",
    "T  T  T  s  .",
    "T  T  T  s  s",
    "T+ T+ T+ s  s",
    "1  2  .  T+ T",
  })
  g.state.score:set(1, 3)
  g.state.score:set(2, 5)
  g:play("move a1")
  expect.falsy(g:over(), "the round is played out")
  g:play("move c1")                 -- seat 2 walks, and nothing can change
  expect.truthy(g:over())
  local r = g:result()
  expect.eq(r.scores, { 3, 5 })
  expect.eq(r.winners, { 2 })
end)

test("decision: a forest that can never change: loggers boxed in by each other cannot plant on each other's squares", function()
  -- Seedlings are left in the pool, but a1 and a2 have no empty neighbour
  -- and neither logger can step away; every tree of rows 1 and 2 and file a
  -- is mature with no empty neighbour to spawn on, and the ones next to
  -- the loggers are protested.
  local g = position(2, {
    "T  T  .  .  .",
    "T  T  .  .  .",
    "T+ s  s  s  s",
    "2  T+ T  T  T",
    "1  T+ T  T  T+",
  })
  expect.eq(pools(g), { 3, 7, 7 })
  g:play("move a1")
  expect.falsy(g:over())
  g:play("move a2")
  expect.truthy(g:over())
end)

test("decision: a forest that can never change: a tree in line that the pool cannot grow changes nothing", function()
  -- As boxed in as above, but the seedling on c1 lies in the loggers' row:
  -- it would grow, were a medium pyramid left in the pool.
  local g = position(2, {
    "T  T  T  T  .",
    "T  T  T  T  T",
    "T  T  T  T  T",
    "T+ T+ T+ T+ T",
    "1  2  s  .  .",
  })
  g.state.medium:set(0)
  expect.eq(pools(g), { 0, 0, 1 })        -- no seedling to plant or spawn either
  g:play("move a1")
  expect.falsy(g:over(), "the round is played out")
  g:play("move b1")
  expect.truthy(g:over())
  expect.eq(stage(g, "c1"), 1)
end)

test("decision: a forest that can never change: a protest changes the forest, so its round is no round without change", function()
  -- Twenty trees, no seedling in the pool; the loggers on a1 and b1 can
  -- reach no other square and every tree next to them is protested. Seat 2
  -- holds the last protester.
  local g = position(2, {
    "T  T  T  T  T",
    "T  T  T  T  T",
    "T  T  T  T  .",
    "T+ T+ T  T  .",
    "1  2  T+ T  .",
  })
  expect.eq(pools(g), { 0, 0, 0 })
  expect.eq({ supply(g, 1), supply(g, 2) }, { 0, 1 })
  g:play("move a1")
  g:play("move b1")
  g:play("protest d1")
  expect.falsy(g:over(), "a protest was made this round")
  g:play("move a1")
  g:play("move b1")                 -- now a round without change
  expect.truthy(g:over())
end)

test("decision: a forest that can never change: the round is played out, so every player had equal turns", function()
  local g = position(3, {
    "T  T  s  T  .",
    "T  T  s  s  .",
    "T+ T  s  s  s",
    "3  T+ T  T  T",
    "1  2  T+ T  T",
  })
  g:play("move a1")                 -- seat 1: a quiet turn
  g:play("move b1")                 -- seat 2
  expect.falsy(g:over(), "the round is not over after seat 2")
  g:play("move a2")                 -- seat 3 completes a round without change
  expect.truthy(g:over())
end)

test("decision: a forest that can never change: one busy turn in the round keeps the game going", function()
  local g = bare(2)
  tree(g, "a3", 1)
  g:play("move a2")                 -- the seedling on a3 grows: the forest changed
  if not g:over() and g:actor() == 1 then g:play(g:moves()[1]) end
  expect.eq(g:actor(), 2)
  g:play(g:moves()[1])
  expect.falsy(g:over())
end)
