--- tests/fuzz/gen-corpus.lua — the Lua half of gen-corpus.sh, run by
--- `grove run`: turns one recorded game (a `grove sim --json` file) into
--- seed inputs for the moves and repl targets, and into the REPL session
--- gen-corpus.sh plays to make a real save file.
---
---   grove run gen-corpus.lua RECORD.json NAME CORPUS_DIR SESSION_FILE
---
--- The first byte of a moves or repl input picks the game the way
--- fuzz_pick in tests/fuzz/common.c does; pick_byte below is its inverse.

local record_path, name, corpus, session_path = arg[1], arg[2], arg[3], arg[4]
assert(session_path, "usage: grove run gen-corpus.lua RECORD.json NAME CORPUS_DIR SESSION_FILE")

local GAMES = { "logger", "onceupon", "flooded", "squirrel", "starfall" }

-- Words the repl harness refuses (tests/fuzz/repl.c, `denied`): a REPL
-- line holding one is left out of the repl inputs.
local DENIED = {}
for w in ([[os io require dofile loadfile load loadstring package debug _G _ENV
  getmetatable setmetatable rawget rawset save record add_path choose rep find match gmatch
  gsub sort table]]):gmatch("%S+") do DENIED[w] = true end

local function allowed(line)
  for w in line:gmatch("[%w_]+") do
    if DENIED[w] then return false end
  end
  return true
end

--- The byte fuzz_pick reads as this game, player count, variants and seed.
local function pick_byte(game, players, variants, seed)
  local k
  for i, g in ipairs(GAMES) do if g == game then k = i - 1 end end
  assert(k, "not one of the five games: " .. game)
  local list = games.list()
  local def
  for _, entry in ipairs(list) do if entry.name == game then def = entry.definition end end
  local min, max = def.players.min, def.players.max
  local span = max - min + 1
  local mask = 0
  for v in (variants or ""):gmatch("[^,%s]+") do
    local known = false
    for i = 1, 2 do
      if def.variants and def.variants[i] == v then mask = mask | (1 << (i - 1)); known = true end
    end
    -- a variant the player count brings by itself (solo) needs no bit
    if not known and not (def.player_variants and def.player_variants[players] == v) then
      error("variant " .. v .. " is not among the first two of " .. game)
    end
  end
  local b = k + 5 * ((players - min) + span * (mask + 4 * (seed - 1)))
  assert(b <= 255, "no byte picks this setup")
  return b
end

local function write(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

local f = assert(io.open(record_path, "r"))
local records = json.decode(f:read("a"))
f:close()
local rec = records[1]
local moves = rec.moves
local b = pick_byte(rec.game, rec.players, rec.variants, rec.seed)
local head = string.char(b)

-- moves: the whole game; and its first third, with the harness's own
-- lines (#N, #undo, #redo) and some texts that are no move
write(corpus .. "/moves/" .. name .. "-game", head .. table.concat(moves, "\n") .. "\n")
local third = {}
for i = 1, #moves // 3 do third[#third + 1] = moves[i] end
local extra = { "#undo", "#undo", "#redo", "#5", "#0", "#123456789", "#redo", "not a move",
  "", "  " .. (moves[#third + 1] or ""):upper() .. "  ", (moves[#third + 1] or "") .. " extra", "#undo" }
for _, line in ipairs(extra) do third[#third + 1] = line end
for i = #moves // 3 + 1, math.min(#moves, #moves // 3 + 8) do third[#third + 1] = moves[i] end
write(corpus .. "/moves/" .. name .. "-mixed", head .. table.concat(third, "\n") .. "\n")

-- the session that makes a save file half way through the game
local save_session = { "auto off" }
for i = 1, #moves // 2 do save_session[#save_session + 1] = moves[i] end
save_session[#save_session + 1] = "save " .. name .. ".sav"
save_session[#save_session + 1] = "quit"
write(session_path, table.concat(save_session, "\n") .. "\n")

-- repl: short sessions (the REPL shows the board after every line, so a
-- long one is slow to fuzz): one of the commands, one of Lua on the game
-- and on its components (these), one with a random bot
local specific = {
  logger = { 's.board:get("c3", "tree")', 's.board:set("c3", "tree", 3)', 's.board:reach("a1", 2)',
    's.board:neighbors("b2")', 's.score:get(1)', 's.score:add(1, 2)', 's.small:take(1)',
    's.play.busy', 's.play.busy = 1.5', 's.turn.seat = 2' },
  onceupon = { 's.hand1:cards()', 's.hand1:peek(1)', 's.pile1:shuffle()', 's.forest1:fields()',
    's.hand1:count()', 's.given:visible_to(2)', 's.play.giver = 3', 's.pile2:draw()' },
  flooded = { 's.map:cells()', 's.map:neighbors(1)', 's.map:get(1, "side")', 's.bag:count()',
    's.supply:get(1)', 's.hand1:cards()', 's.map:rotate(1, 2)', 's.play.stage = -1' },
  squirrel = { 's.d8:roll()', 's.d8:values()', 's.nuts:add(1, 3)', 's.draw_pile:draw()',
    's.day.number = 9', 's.hand1:cards()', 's.stamina:set(1, 99)', 's.effect.card' },
  starfall = { 's.forest:nodes()', 's.forest:neighbors(1)', 's.forest:distance(1, 2)', 's.cup:roll()',
    's.hearts:get(1)', 's.forest:remove_node(1)', 's.forest:reach(1, 2)', 's.roll.value = 7' },
}
local function session(lines, first_moves)
  local all = { "auto off" }
  for i = 1, math.min(#moves, first_moves) do all[#all + 1] = moves[i] end
  for _, line in ipairs(lines) do
    if allowed(line) then all[#all + 1] = line end
  end
  return head .. "\0" .. table.concat(all, "\n") .. "\n"
end
write(corpus .. "/repl/" .. name .. "-commands", session({
  "moves", "board", "2", "log", "undo", "redo", "result", "help", "99", "not a move",
  "reload", "auto on", "1", "1", "2", "1", "result", "quit", "log",
}, 4))
local lua = {
  "game:actor()", "game:legal()", "game:describe(game:legal()[1])", 'game:parse("zz")',
  "game:history()", "game:hash() == s:hash()", "s:components()[1].name", "s:seed()",
}
for _, line in ipairs(specific[rec.game]) do lua[#lua + 1] = line end
for _, line in ipairs {
  "x = {", "1, 2,", "}", "#x", 'error("boom")', "s.turn.phase = {}", "game:undo()",
  "game:playout(7, 5)", "game:redeal(1, 9)", 'g2 = games.open("logger", {players = 3})',
  "g2:play(1)", "g2:close()",
} do lua[#lua + 1] = line end
write(corpus .. "/repl/" .. name .. "-lua", session(lua, 2))
-- and the same game with a random bot in seat 2 (or seat 1 alone), playing on
local bots = rec.players >= 2 and 2 or 1
write(corpus .. "/repl/" .. name .. "-bot", head .. string.char(bots) .. "moves\n1\n2\nundo\nlog\n1\n1\n1\nresult\n")
