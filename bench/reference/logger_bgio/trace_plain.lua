-- trace_plain.lua — random Logger games played by ../logger_plain.lua's own
-- rule functions, written out decision by decision for check.js to replay
-- through boardgame.io.
--
-- It runs logger_plain.lua's text up to its benchmark section (so the rules
-- are that file's, not a copy) followed by the tracing loop below. Each
-- decision is one line: the legal moves in logger_plain's order, as
-- "kind square" with squares numbered 0..24 like game.js (a1 = 0, e5 = 24),
-- joined by commas, then "|" and the 0-based index of the move chosen. Each
-- game ends with "END score1 score2 protesters1 protesters2".
--
-- Usage: lua5.4 trace_plain.lua GAMES SEED   (check.js runs it)

-- luacheck: std lua54
-- (plain Lua with io and arg, like ../logger_plain.lua; .luacheckrc only
-- names bench/reference/*.lua)

local here = arg[0]:match("^(.*)/[^/]*$") or "."
local file = assert(io.open(here .. "/../logger_plain.lua", "r"))
local text = file:read("a")
file:close()
local cut = assert(text:find("\n%-%- The benchmark", 1), "logger_plain.lua has no benchmark section")

local tracer = [[
local games, seed = ...
math.randomseed(seed)
local function name(m) return m.kind .. (m.square and (" " .. (m.square - 1)) or "") end
for _ = 1, games do
  local s = new_game()
  while true do
    local moves = legal_moves(s)
    if #moves == 0 then break end
    local names = {}
    for i, m in ipairs(moves) do names[i] = name(m) end
    local pick = math.random(#moves)
    io.write(table.concat(names, ","), "|", pick - 1, "\n")
    apply(s, moves[pick])
  end
  io.write("END ", s.score[1], " ", s.score[2], " ", s.protesters[1], " ", s.protesters[2], "\n")
end
]]

local chunk = assert(load(text:sub(1, cut) .. tracer, "=logger_plain.lua+trace"))
chunk(assert(tonumber(arg[1]), "usage: lua5.4 trace_plain.lua GAMES SEED"), assert(tonumber(arg[2])))
