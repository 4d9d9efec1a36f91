---@meta
-- The move buffer moves(s, out) writes into. Bound in host/lua/api.c.

---The list of legal moves a definition's moves(s, out) fills: one host-owned
---buffer, so listing moves builds no Lua table. It takes moves only while
---moves() runs. #out is the number of moves added so far.
---@class Out
---@operator len: integer
local Out = {}

---Add one legal move: its kind and up to three arguments (the same integers grove.move packs).
---@param kind integer the kind of move, 1..255 (a number from game.kinds)
---@param a? integer first argument, 0..65535 (default 0)
---@param b? integer second argument, 0..65535 (default 0)
---@param c? integer third argument, 0..65535 (default 0)
function Out:add(kind, a, b, c) end

---Add one move of this kind per argument, each argument as the move's first one: out:add_all(MOVE.go, board:reach(here, 2, EMPTY)) needs no table.
---@param kind integer the kind of move, 1..255
---@param ... integer the first argument of each move, 0..65535
function Out:add_all(kind, ...) end

---How many moves have been added so far (also #out).
---@return integer count
function Out:count() end
