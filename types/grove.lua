---@meta
-- The `grove` table every rule script sees (read-only), and the small types
-- the whole API shares: moves, seats, fields, conditions.
-- Bound in host/lua/api.c and host/lua/bind.c.

---A move as the host keeps it: one integer packing a kind (1..255) and up to
---three arguments (0..65535 each). Make one with grove.move (or out:add in
---moves), take it apart with grove.move_parts or game.parts.
---@alias Move integer

---A seat at the table, 1..s.players; 0 stands for an onlooker where a seat
---is asked for what someone may see.
---@alias Seat integer

---A field of a component: its name as declared in setup ("tree") or its
---1-based number in that list.
---@alias Field string|integer

---A condition on a component's fields, for the queries that pick cells,
---hexes or nodes: a table {field = value} or {field = {low, high}} (every
---clause must hold, at most 8 clauses), or a Cond made once with grove.cond.
---@alias Condition Cond|table<string, integer|integer[]>

---The host API every rule script sees: moves and conditions. Read-only.
---@class grove
---@field version string the version of grove running the script, such as "0.1.0"
grove = {}

---Make a move from its kind and arguments: the integer moves() adds and apply() receives.
---@param kind integer the kind of move, 1..255 (a number from game.kinds)
---@param a? integer first argument, 0..65535 (a cell, a card, a seat ...); 0 if left out
---@param b? integer second argument, 0..65535; 0 if left out
---@param c? integer third argument, 0..65535; 0 if left out
---@return Move move the move as one integer
function grove.move(kind, a, b, c) end

---Take a move apart: which kind of move it is and its three arguments.
---@param move Move a move made by grove.move or out:add
---@return integer kind the kind, 1..255
---@return integer a the first argument
---@return integer b the second argument
---@return integer c the third argument
function grove.move_parts(move) end

---How text may be drawn now, for render functions only (rules must not
---depend on it): colour escapes on a terminal without NO_COLOR, Unicode
---symbols under a UTF-8 locale unless `grove play --ascii`. Tests always
---get false and false. A fresh table each call.
---@return {color: boolean, unicode: boolean} display
function grove.display() end

---Compile a condition once ({tree = 3, owner = {1, 4}}), so a query run on every move builds no table.
---@param clauses table<string, integer|integer[]> field = value, or field = {low, high} inclusive
---@return Cond cond the condition, usable wherever a query takes one
function grove.cond(clauses) end

---A condition compiled once with grove.cond, to reuse in queries without
---building a table per call. Prints as Cond{tree=3, owner={1,4}}.
---@class Cond
