---@meta
-- A square grid (s:grid in setup). Bound in host/lua/lua_grid.c.

---A cell of a square grid: its 1-based id (x + (y - 1) * width) or its
---name, file letter then rank number: "a1" is the bottom left, "c3" the
---third file of the third rank.
---@alias GridCell integer|string

---A direction on a square grid: "n" (towards higher ranks), "e", "s", "w",
---"ne", "se", "sw", "nw", the long names ("north" ...), or 1..8 in that order.
---@alias GridDirection string|integer

---A square grid of cells, each holding the integer fields named in setup.
---Questions about several cells return them as multiple results, ascending
---by id unless the method says otherwise:
---`for _, c in ipairs{board:cells{tree = 0}} do ... end`.
---@class Grid
local Grid = {}

---The value of one field of a cell: what stands there.
---@param cell GridCell the cell, by id or name
---@param field Field the field, by name or number
---@return integer value
function Grid:get(cell, field) end

---Set one field of a cell.
---@param cell GridCell the cell, by id or name
---@param field Field the field, by name or number
---@param value integer the new value (32 bits)
function Grid:set(cell, field, value) end

---Add to one field of a cell (a negative delta takes away) and return the new value.
---@param cell GridCell the cell, by id or name
---@param field Field the field, by name or number
---@param delta integer how much to add
---@return integer value the field's new value
function Grid:add(cell, field, delta) end

---Set one field of every cell on the board to the same value.
---@param field Field the field, by name or number
---@param value integer the value for every cell
function Grid:fill(field, value) end

---The id of the cell at column x, row y (or named "c3"), or nil when that is off the board.
---@param x integer|string the column, 1..width, or a cell name
---@param y? integer the row, 1..height (not given with a name)
---@return integer? cell the cell's id, nil off the board
function Grid:cell(x, y) end

---Where a cell is: its column and row, both from 1 (a1 is 1, 1).
---@param cell GridCell the cell, by id or name
---@return integer x the column
---@return integer y the row
function Grid:xy(cell) end

---The name a player reads for a cell: "c3".
---@param cell GridCell the cell, by id or name
---@return string name
function Grid:name(cell) end

---How big the board is.
---@return integer width the number of columns
---@return integer height the number of rows
function Grid:size() end

---The names of the fields every cell holds, in declaration order.
---@return string[] fields
function Grid:fields() end

---Every cell that satisfies the condition (every cell without one), ascending.
---@param cond? Condition which cells to keep
---@return integer ... # the matching cells' ids
function Grid:cells(cond) end

---The first cell in board order (a1, b1, ... then the next rank) that satisfies the condition, or nil if none does.
---@param cond? Condition which cell to look for
---@return integer? cell the first match, nil when there is none
function Grid:first(cond) end

---How many cells satisfy the condition (all the cells without one).
---@param cond? Condition which cells to count
---@return integer count
function Grid:count(cond) end

---Does this cell satisfy the condition?
---@param cell GridCell the cell, by id or name
---@param cond Condition the condition to check
---@return boolean
function Grid:test(cell, cond) end

---The cells next to this one (n, e, s, w, then the diagonals if asked) that satisfy the condition.
---@param cell GridCell the cell, by id or name
---@param cond? Condition which neighbours to keep (all without one)
---@param diagonal? boolean count the four diagonal neighbours too
---@return integer ... # the neighbours' ids
function Grid:neighbors(cell, cond, diagonal) end

---The next cell from this one in a direction, or nil at the edge of the board.
---@param cell GridCell the cell, by id or name
---@param dir GridDirection the direction to step in
---@return integer? cell the cell one step away, nil off the board
function Grid:step(cell, dir) end

---The cells in a straight line from this one (not included) in a direction, nearest first, stopping before the first that fails the condition or at the edge: a line of sight.
---@param cell GridCell the cell to look from
---@param dir GridDirection the direction to look in
---@param cond? Condition what the line passes through (anything without one)
---@return integer ... # the cells seen, nearest first
function Grid:ray(cell, dir, cond) end

---The cells of one row (rank) that satisfy the condition, ascending.
---@param y integer the row, 1..height
---@param cond? Condition which cells to keep (all without one)
---@return integer ... # the cells
function Grid:row(y, cond) end

---The cells of one column (file) that satisfy the condition, ascending.
---@param x integer the column, 1..width
---@param cond? Condition which cells to keep (all without one)
---@return integer ... # the cells
function Grid:column(x, cond) end

---The cells of this cell's row and column (the cell itself once) that satisfy the condition, ascending: what a rook in that cell lines up with.
---@param cell GridCell the cell, by id or name
---@param cond? Condition which cells to keep (all without one)
---@return integer ... # the cells
function Grid:lines(cell, cond) end

---The cells within k orthogonal steps (and diagonal ones if asked) of this one, moving only through cells that satisfy the condition; the start is included: where a piece can move.
---@param cell GridCell the starting cell, by id or name
---@param k integer the most steps; negative for no limit
---@param cond? Condition the cells a step may enter (any without one)
---@param diagonal? boolean diagonal steps count too
---@return integer ... # the cells within reach, ascending
function Grid:reach(cell, k, cond, diagonal) end
