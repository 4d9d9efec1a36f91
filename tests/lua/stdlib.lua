-- The stdlib modules rule scripts share: ranking, turn order, rendering.
local rank = require "grove.rank"
local turns = require "grove.turns"
local game = require "grove.game"

games.add_path("tests/fixtures")

test("rank: higher scores rank first, ties share a rank", function()
  expect.eq(rank.ranks({ 10, 8, 10 }), { 1, 3, 1 })
end)

test("rank: tie-breaks decide in order, then the tie is shared", function()
  expect.eq(rank.ranks({ 10, 8, 10 }, { { 1, 0, 2 } }), { 2, 3, 1 })
  expect.eq(rank.ranks({ 5, 5 }, { { 1, 1 }, { 0, 0 } }), { 1, 1 })
  local r = rank.result({ 3, 7 })
  expect.eq(r.winners, { 2 })
  expect.eq(r.text, "seat 2 wins with 7 points")
  expect.eq(rank.result({ 4, 4 }).text, "seats 1, 2 share the win with 4 points")
  expect.eq(rank.result({ 1, 0 }, nil, nil, "nuts").text, "seat 1 wins with 1 nut")
end)

test("game.kinds and game.parts name and split moves", function()
  local MOVE = game.kinds { "place", "chop" }
  expect.eq(MOVE.chop, 2)
  expect.eq(MOVE[1], "place")
  expect.eq({ game.parts(grove.move(2, 17, 3, 65535)) }, { 2, 17, 3, 65535 })
end)

test("game.define refuses a definition without its hooks", function()
  expect.error(function() game.define { name = "x" } end, "game 'x' has no setup function")
end)

test("game.define refuses a key no definition takes, naming the nearest", function()
  local hooks = { name = "x", setup = function() end, actor = function() return 1 end,
                  moves = function() end, apply = function() end }
  local function with(extra)
    local def = {}
    for k, v in pairs(hooks) do def[k] = v end
    for k, v in pairs(extra) do def[k] = v end
    return def
  end
  expect.error(function() game.define(with { descibe = tostring }) end,
    "game 'x': unknown key 'descibe' (did you mean 'describe'?) (a game's own tables go in data)")
  expect.error(function() game.define(with { players = { min = 2, mx = 4 } }) end,
    "game 'x': players: unknown key 'mx' (did you mean 'max'?)")
  expect.error(function() game.extend(game.define(with {}), { reslut = tostring }) end,
    "a variant of 'x': unknown key 'reslut' (did you mean 'result'?)")
  expect.truthy(game.define(with { data = { cards = {} } }), "a game's own tables go in data")
end)

test("game.define refuses player counts that disagree: a default outside min..max, min past max", function()
  local function with(players)
    return { name = "x", setup = function() end, actor = function() return 1 end, moves = function() end,
             apply = function() end, players = players }
  end
  expect.error(function() game.define(with { min = 2, max = 4, default = 1 }) end,
    "game 'x': players.default 1 is outside the counts it declares (2 to 4)")
  expect.error(function() game.define(with { min = 2, max = 2, default = 3 }) end,
    "game 'x': players.default 3 is outside the counts it declares (2 to 2)")
  expect.error(function() game.define(with { min = 3, max = 2 }) end, "game 'x': players.min 3 is more than players.max 2")
  expect.truthy(game.define(with { min = 1, max = 4, default = 4 }), "a default at either end is one of the counts")
  -- a variant declaring its own counts and no default keeps the game's (the host picks among them)
  expect.truthy(game.extend(game.define(with { min = 1, max = 4, default = 2 }), { players = { min = 1, max = 1 } }))
end)

test("game.define checks option declarations: keys, types, ranges, help", function()
  local function def(option)
    return { name = "x", setup = function() end, actor = function() return 1 end,
             moves = function() end, apply = function() end, options = { option } }
  end
  expect.error(function() game.define(def { name = "n", default = 3, hlep = "h" }) end,
    "game 'x': option 'n': unknown key 'hlep' (did you mean 'help'?)")
  expect.error(function() game.define(def { name = "n", default = 3 }) end,
    "game 'x': option 'n' needs help: one line saying what it changes")
  expect.error(function() game.define(def { name = "n", default = 3, min = 4, help = "h" }) end,
    "game 'x': option 'n': its default, 3, is below its min 4")
  expect.error(function() game.define(def { name = "n", default = "a", choices = { "b" }, help = "h" }) end,
    "game 'x': option 'n': its default, a, is not among its choices")
  expect.error(function() game.define(def { name = "n", default = 1, by_players = { [2] = "two" }, help = "h" }) end,
    "game 'x': option 'n': its default with 2 players is two, not a whole number (the default's type)")
  expect.error(function() game.define(def { name = "seed", default = 1, help = "h" }) end,
    "game 'x': option 'seed': players, seed and variants are given by every game")
  expect.truthy(game.define(def { name = "n", default = 1, min = 0, max = 3, by_players = { [2] = 2 }, help = "h" }))
end)

test("game.fields lists the GameDefinition fields of types/definition.lua, in order", function()
  local f = assert(io.open("types/definition.lua"))
  local text = f:read("a")
  f:close()
  local class = text:match("@class GameDefinition\n(.-)\n\n")
  local documented = {}
  for name in class:gmatch("%-%-%-@field ([%w_]+)") do documented[#documented + 1] = name end
  expect.eq(documented, game.fields)
  local option = text:match("@class GameOption\n(.-)\n\n")
  documented = {}
  for name in option:gmatch("%-%-%-@field ([%w_]+)") do documented[#documented + 1] = name end
  table.sort(documented)
  local fields = {}
  for _, name in ipairs(game.option_fields) do fields[#fields + 1] = name end
  table.sort(fields)
  expect.eq(documented, fields)
end)

-- A definition by phases, driven by hand: a state is only its turn vars.
local function phase_game(extra)
  local PHASE = turns.phases { "move", "action" }
  local MOVE = game.kinds { "step", "chop", "stop" }
  local played = {}
  local def = {
    name = "phased", setup = function() end, actor = function() return 1 end,
    phases = game.phases(PHASE, MOVE, {
      move = { offer = function(_, out) out[#out + 1] = "steps" end,
               step = function(s, a, b, c) played[#played + 1] = { "step", a, b, c }; s.turn.phase = PHASE.action end },
      action = { offer = function(_, out) out[#out + 1] = "actions" end,
                 chop = function(_, a) played[#played + 1] = { "chop", a } end,
                 stop = function(s) s.turn.over = 1 end },
    }),
  }
  for k, v in pairs(extra or {}) do def[k] = v end
  return game.define(def), PHASE, MOVE, played
end

test("game.phases: moves offers the current phase's moves; apply plays by kind in that phase", function()
  local def, PHASE, MOVE, played = phase_game()
  local s = { turn = { over = 0, phase = PHASE.move } }
  local out = {}
  def.moves(s, out)
  expect.eq(out, { "steps" })
  def.apply(s, grove.move(MOVE.step, 4, 5, 6))
  expect.eq(played, { { "step", 4, 5, 6 } })
  expect.eq(s.turn.phase, PHASE.action, "the step moved the turn on")
  out = {}
  def.moves(s, out)
  expect.eq(out, { "actions" })
  expect.error(function() def.apply(s, grove.move(MOVE.step, 1)) end, "no step move in phase action")
  def.apply(s, grove.move(MOVE.stop))
  out = {}
  def.moves(s, out)
  expect.eq(out, {}, "no moves once turns.over")
  expect.eq(def.kinds, MOVE, "the kinds come with the phases")
end)

test("game.phases: after_move runs after every move; phase(s) replaces grove.turns", function()
  local after = 0
  local def, PHASE, MOVE = phase_game {
    after_move = function() after = after + 1 end,
    phase = function(s) return s.mine end,
  }
  local s = { mine = PHASE.action, turn = { over = 0, phase = PHASE.action } }
  def.apply(s, grove.move(MOVE.chop, 3))
  def.apply(s, grove.move(MOVE.chop, 3))
  expect.eq(after, 2)
  s.mine = PHASE.move
  local out = {}
  def.moves(s, out)
  expect.eq(out, { "steps" }, "the phase comes from phase(s)")
end)

test("game.phases: a phase or kind that does not exist, or a missing offer, is refused", function()
  local PHASE = turns.phases { "move" }
  local MOVE = game.kinds { "step" }
  local offer = function() end
  expect.error(function() game.phases(PHASE, MOVE, { mvoe = { offer = offer } }) end,
    "game.phases: no phase named 'mvoe' among the phases given (did you mean 'move'?)")
  expect.error(function() game.phases(PHASE, MOVE, { move = { offer = offer, stpe = offer } }) end,
    "game.phases: phase 'move' names 'stpe', which is not a move kind (did you mean 'step'?)")
  expect.error(function() game.phases(PHASE, MOVE, { move = { step = offer } }) end,
    "game.phases: phase 'move' needs an offer function")
  expect.error(function() game.phases(PHASE, MOVE, { move = { offer = offer, step = 3 } }) end,
    "game.phases: 'step' in phase 'move' must be a function")
  expect.error(function() phase_game { moves = offer } end,
    "game 'phased' gives phases and moves or apply: give one or the other")
end)

test("game.extend: a variant that changes the phases gets moves and apply built anew", function()
  local base, PHASE, MOVE = phase_game()
  local chopped
  local variant = game.extend(base, {
    phases = game.phases(PHASE, MOVE, {
      move = { offer = function(_, out) out[#out + 1] = "no steps" end, step = function() end },
      action = { offer = function() end, chop = function(_, a) chopped = a end },
    }),
  })
  local s = { turn = { over = 0, phase = PHASE.move } }
  local out = {}
  variant.moves(s, out)
  expect.eq(out, { "no steps" })
  s.turn.phase = PHASE.action
  variant.apply(s, grove.move(MOVE.chop, 9))
  expect.eq(chopped, 9)
  out = {}
  base.moves({ turn = { over = 0, phase = PHASE.move } }, out)
  expect.eq(out, { "steps" }, "the base game is unchanged")
end)

test("turns.phases names the phases as game.kinds names the kinds", function()
  expect.eq(turns.phases { "move", "action" }, game.kinds { "move", "action" })
end)

-- A definition by phases with prompts: who decides and what is asked come from them.
local function prompted_game()
  local PHASE = turns.phases { "move", "give", "receive" }
  local MOVE = game.kinds { "step", "give", "take", "never" }
  local PHASES = game.phases(PHASE, MOVE, {
    move = { prompt = function(s) return "move " .. s.far .. " squares" end,
             offer = function() end, step = function() end },
    give = { prompt = "give a card", offer = function() end, give = function() end },
    receive = { prompt = "take the card given", actor = function(s) return s.receiver end,
                not_now = function(s) return "seat " .. s.receiver .. " takes the card first" end,
                offer = function() end, take = function() end },
  })
  return game.define { name = "prompted", setup = function() end, phases = PHASES }, PHASE, MOVE, PHASES
end

test("game.phases: the actor is whose turn it is, or the phase's own", function()
  local def, PHASE = prompted_game()
  local s = { far = 2, receiver = 3, turn = { over = 0, seat = 1, phase = PHASE.move } }
  expect.eq(def.actor(s), 1, "the definition's actor comes from the phases")
  s.turn.phase = PHASE.receive
  expect.eq(def.actor(s), 3, "a phase with an actor decides who decides")
  expect.error(function() game.define { name = "x", setup = function() end, moves = function() end,
    apply = function() end } end, "game 'x' has no actor function")
end)

test("game.phases: the prompt of the current phase, for the seat to move only", function()
  local _, PHASE, _, PHASES = prompted_game()
  local s = { far = 2, receiver = 3, turn = { over = 0, seat = 1, phase = PHASE.move } }
  expect.eq(PHASES.prompt(s), "move 2 squares", "a prompt may be a function of the state")
  expect.eq(PHASES.prompt(s, 1), "move 2 squares")
  expect.eq(PHASES.prompt(s, 2), nil, "not seat 2's move")
  s.turn.phase = PHASE.receive
  expect.eq(PHASES.prompt(s, 1), nil, "seat 3 receives")
  expect.eq(PHASES.prompt(s, 3), "take the card given")
  s.turn.over = 1
  expect.eq(PHASES.prompt(s, 3), nil, "nothing is asked once the game is over")
end)

test("game.phases: a move of another phase is refused with the current phase's prompt", function()
  local _, PHASE, MOVE, PHASES = prompted_game()
  local s = { far = 2, receiver = 3, turn = { over = 0, seat = 1, phase = PHASE.give } }
  expect.eq(PHASES.not_now(s, MOVE.give), nil, "the phase plays it")
  expect.eq(PHASES.not_now(s, MOVE.step), "not now: now is the time to give a card")
  expect.eq(PHASES.not_now(s, MOVE.never), nil, "no phase plays it: no matter of timing")
  expect.eq(PHASES.not_now(s, nil), nil, "no kind")
  s.turn.phase = PHASE.receive
  expect.eq(PHASES.not_now(s, MOVE.give), "not now: seat 3 takes the card first", "the phase's own reason")
  s.turn.over = 1
  expect.eq(PHASES.not_now(s, MOVE.take), "the game is over")
end)

test("game.phases: a prompt, not_now or actor of the wrong type is refused", function()
  local PHASE, MOVE = turns.phases { "move" }, game.kinds { "step" }
  local offer = function() end
  expect.error(function() game.phases(PHASE, MOVE, { move = { offer = offer, prompt = 3 } }) end,
    "game.phases: the prompt of phase 'move' must be a text or a function(s)")
  expect.error(function() game.phases(PHASE, MOVE, { move = { offer = offer, actor = 1 } }) end,
    "game.phases: the actor of phase 'move' must be a function(s)")
  expect.error(function() game.phases(PHASE, MOVE, { move = { offer = offer, promt = "x" } }) end,
    "game.phases: phase 'move' names 'promt', which is not a move kind (did you mean 'prompt'?)")
end)

test("game.extend: a variant's phases bring their actor, unless the base gave its own", function()
  local base, PHASE, MOVE = prompted_game()
  local PLAIN = game.phases(PHASE, MOVE, { receive = { offer = function() end, take = function() end } })
  local s = { receiver = 3, turn = { over = 0, seat = 1, phase = PHASE.receive } }
  expect.eq(game.extend(base, { phases = PLAIN }).actor(s), 1, "the variant's phases decide")
  local own = game.extend(base, { actor = function() return 2 end })
  expect.eq(game.extend(own, { phases = PLAIN }).actor(s), 2, "an actor given by hand stays")
end)

test("game.define: describe may be a table of one function per kind", function()
  local MOVE = game.kinds { "place", "stop" }
  local def = game.define { name = "d", setup = function() end, actor = function() return 1 end,
    moves = function() end, apply = function() end, kinds = MOVE,
    describe = { place = function(_, a, b, c, viewer) return string.format("place %d %d %d %s", a, b, c, tostring(viewer)) end } }
  expect.eq(def.describe(nil, grove.move(MOVE.place, 1, 2, 3), 0), "place 1 2 3 0")
  expect.eq(def.describe(nil, grove.move(MOVE.stop, 4)), "move 2 4 0 0", "a kind it does not name")
  expect.error(function() game.define { name = "d", setup = function() end, actor = function() return 1 end,
    moves = function() end, apply = function() end, kinds = MOVE, describe = { plcae = tostring } } end,
    "game 'd': describe names 'plcae', which is not a move kind (did you mean 'place'?)")
end)

test("game.broken raises 'invariant: ' and the text, at the line of the check", function()
  local function check() game.broken("%d %s", 3, "pyramids") end
  local err = expect.error(check, "invariant: 3 pyramids")
  expect.truthy(err:find("stdlib.lua:%d+: invariant: 3 pyramids$"), err)
end)

test("turns: seats pass in order and a triggered end plays out the round", function()
  local g = games.open("hexdemo", { players = 3, seed = 1 })
  expect.eq(g:actor(), 1)
  g:play("claim 0,0")
  expect.eq(g:actor(), 2)
  expect.eq(turns.after(g.state, 3), 1)
  expect.eq(turns.round(g.state), 1)
  g:play(g:legal()[1])
  g:play(g:legal()[1])
  expect.eq(turns.round(g.state), 2)
  turns.finish_round(g.state)
  expect.truthy(turns.pass(g.state))     -- seat 1 -> 2
  expect.truthy(turns.pass(g.state))     -- seat 2 -> 3
  expect.falsy(turns.pass(g.state))      -- seat 3 ends the round: over
  expect.truthy(turns.over(g.state))
  expect.truthy(g:over())
end)

test("render.hex draws every hex of the board, offset by row", function()
  local g = games.open("hexdemo", { players = 2, seed = 1 })
  g:play("claim 0,0")
  local text = g:render(1)
  local rows = {}
  for line in text:gmatch("[^\n]+") do rows[#rows + 1] = line end
  expect.eq(#rows, 3, "three rows for radius 1")
  local cells = select(2, text:gsub("%[", ""))
  expect.eq(cells, 7, "seven hexes")
  expect.truthy(rows[2]:find("P1", 1, true), "the centre row shows the claim")
  expect.truthy(rows[1]:find("^%s*%-1 "), "rows are labelled by r")
end)

test("render.grid labels ranks and files", function()
  local g = games.open("logger", { players = 2, seed = 1 })
  local text = g:render(1)
  expect.truthy(text:find(" 5 |", 1, true))
  expect.truthy(text:find("a    b    c    d    e", 1, true) or text:find("a   b   c   d   e", 1, true))
end)

test("a whole hexdemo game ends with a ranking", function()
  local g = games.open("hexdemo", { players = 2, seed = 4 })
  expect.eq(g:playout(9), 7)
  local r = g:result()
  expect.eq(r.scores[1] + r.scores[2], 7)
  expect.eq(r.winners, { 1 })
end)

test("games.open: without a seat count, the game's usual one; a count out of range is refused", function()
  expect.eq(games.open("onceupon").players, 2)                     -- players.default, not the smallest (1)
  expect.eq(games.open("onceupon", { seed = 3 }).players, 2)      -- options, but no seat count
  expect.eq(games.open("logger", {}).players, 2)
  expect.eq(games.open("hexdemo").players, 2)                       -- no default: the smallest
  expect.eq(games.open("logger", { players = 3 }).players, 3)
  expect.error(function() games.open("logger", { players = 5 }) end, "played by 2 to 4 players, not 5")
  expect.error(function() games.open("logger", { players = 0 }) end, "not 0")
  expect.error(function() games.open("logger", { players = 5000 }) end, "not 5000")
  expect.error(function() games.open("logger", { players = 1 << 40 }) end, "is no seat count")
end)

-- The player counts of a game and its variants (tests/fixtures/scripts/party:
-- 1 to 6, usually 3; duel 2, crowd 4 to 6 usually 5, alone 1).

test("variants: each takes the counts it declares; without a count, the usual one they allow", function()
  expect.eq(games.open("party").players, 3)
  expect.eq(games.open("party", { variants = "duel" }).players, 2)      -- 3 is not a duel's: its smallest
  expect.eq(games.open("party", { variants = "crowd" }).players, 5)     -- the variant's own default
  expect.eq(games.open("party", { variants = "alone" }).players, 1)
  expect.eq(games.open("party", { players = 6, variants = "crowd" }).players, 6)
  expect.eq(games.open("party", { players = 1 }).variants, "alone")     -- player_variants brings it
  expect.eq(games.open("party", { players = 1, variants = "alone" }).variants, "alone")
end)

test("variants: a count a variant does not take, and variants that share none, are refused by name", function()
  expect.error(function() games.open("party", { players = 3, variants = "duel" }) end,
    "the variant duel of party is played by 2 players, not 3")
  expect.error(function() games.open("party", { players = 2, variants = "crowd" }) end,
    "the variant crowd of party is played by 4 to 6 players, not 2")
  expect.error(function() games.open("party", { players = 1, variants = "crowd" }) end,
    "the variant crowd of party is played by 4 to 6 players, not 1")   -- before alone is brought in
  expect.error(function() games.open("party", { players = 2, variants = "alone" }) end,
    "the variant alone of party is played by 1 player, not 2")
  expect.error(function() games.open("party", { players = 7 }) end, "party is played by 1 to 6 players, not 7")
  expect.error(function() games.open("party", { players = 2, variants = "duel,crowd" }) end,
    "the variants duel and crowd of party share no player count: duel is played by 2 players, crowd by 4 to 6 players")
  expect.error(function() games.open("party", { variants = "crowd,alone" }) end, "share no player count")
end)
