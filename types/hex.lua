---@meta
-- A hex board in axial coordinates (s:hex in setup). Bound in host/lua/lua_hex.c.

---A hex: its 1-based id or its axial coordinates as text, "q,r" ("-1,2").
---@alias HexCell integer|string

---A direction on a hex board (pointy-top), clockwise from east: "e", "se",
---"sw", "w", "nw", "ne", the long names ("east" ...), or 1..6 in that order.
---Side d of a hex faces its neighbour in direction d.
---@alias HexDirection string|integer

---A hex board (pointy-top, axial q, r), with integer fields per hex and per
---side of a hex (the printed sides of a tile: water, road). Every stored hex
---has an id; the board is the hexes that are on (hex:on, hex:set_on), and
---only those are ever returned by the questions below. Several hexes come
---back as multiple results, ascending by id unless the method says otherwise.
---@class Hex
local Hex = {}

---The id of the board hex at q, r (or "q,r"), or nil when no hex of the board is there.
---@param q integer|string the q coordinate, or the text "q,r"
---@param r? integer the r coordinate (not given with a text)
---@return integer? hex the id, nil off the board
function Hex:id(q, r) end

---Where a hex is: its axial coordinates.
---@param hex HexCell the hex, by id or "q,r"
---@return integer q
---@return integer r
function Hex:qr(hex) end

---The name a player reads for a hex: "q,r" ("-1,2").
---@param hex HexCell the hex, by id or "q,r"
---@return string name
function Hex:name(hex) end

---The value of one field of a hex: what stands there.
---@param hex HexCell the hex, by id or "q,r"
---@param field Field the field, by name or number
---@return integer value
function Hex:get(hex, field) end

---Set one field of a hex.
---@param hex HexCell the hex, by id or "q,r"
---@param field Field the field, by name or number
---@param value integer the new value (32 bits)
function Hex:set(hex, field, value) end

---Add to one field of a hex (a negative delta takes away) and return the new value.
---@param hex HexCell the hex, by id or "q,r"
---@param field Field the field, by name or number
---@param delta integer how much to add
---@return integer value the field's new value
function Hex:add(hex, field, delta) end

---Set one field of every stored hex, on the board or not, to the same value.
---@param field Field the field, by name or number
---@param value integer the value for every hex
function Hex:fill(field, value) end

---The value a side field has on one side of a hex: what the tile shows towards that neighbour.
---@param hex HexCell the hex, by id or "q,r"
---@param side_field Field the side field, by name or number
---@param dir HexDirection which side
---@return integer value
function Hex:side(hex, side_field, dir) end

---Set a side field on one side of a hex.
---@param hex HexCell the hex, by id or "q,r"
---@param side_field Field the side field, by name or number
---@param dir HexDirection which side
---@param value integer the new value (32 bits)
function Hex:set_side(hex, side_field, dir, value) end

---A side field on all six sides of a hex, east first then clockwise.
---@param hex HexCell the hex, by id or "q,r"
---@param side_field Field the side field, by name or number
---@return integer e
---@return integer se
---@return integer sw
---@return integer w
---@return integer nw
---@return integer ne
function Hex:sides(hex, side_field) end

---Set a side field on all six sides of a hex at once: a tile's printed sides, east first then clockwise.
---@param hex HexCell the hex, by id or "q,r"
---@param side_field Field the side field, by name or number
---@param e integer the east side
---@param se integer the south-east side
---@param sw integer the south-west side
---@param w integer the west side
---@param nw integer the north-west side
---@param ne integer the north-east side
function Hex:set_sides(hex, side_field, e, se, sw, w, nw, ne) end

---Turn the tile on a hex k steps clockwise: every side field's values move k sides on (k may be negative).
---@param hex HexCell the hex, by id or "q,r"
---@param k? integer steps clockwise (default 1)
function Hex:rotate(hex, k) end

---The board hex next to this one in a direction, or nil at the edge of the board.
---@param hex HexCell the hex, by id or "q,r"
---@param dir HexDirection the direction to step in
---@return integer? hex the neighbour's id, nil off the board
function Hex:step(hex, dir) end

---The board hexes next to this one that satisfy the condition, east first then clockwise.
---@param hex HexCell the hex, by id or "q,r"
---@param cond? Condition which neighbours to keep (all without one)
---@return integer ... # the neighbours' ids
function Hex:neighbors(hex, cond) end

---How many steps apart two hexes are, whatever lies between.
---@param a HexCell one hex
---@param b HexCell the other
---@return integer steps
function Hex:distance(a, b) end

---Does this hex satisfy the condition?
---@param hex HexCell the hex, by id or "q,r"
---@param cond Condition the condition to check
---@return boolean
function Hex:test(hex, cond) end

---Every board hex that satisfies the condition (all of them without one), ascending.
---@param cond? Condition which hexes to keep
---@return integer ... # the hexes
function Hex:cells(cond) end

---How many board hexes satisfy the condition (all of them without one).
---@param cond? Condition which hexes to count
---@return integer count
function Hex:count(cond) end

---The board hexes within k steps of this one, moving only through hexes that satisfy the condition; the start is included: where a piece can move.
---@param hex HexCell the starting hex, by id or "q,r"
---@param k integer the most steps; negative for no limit
---@param cond? Condition the hexes a step may enter (any without one)
---@return integer ... # the hexes within reach, ascending
function Hex:reach(hex, k, cond) end

---The hexes joined to this one through edges whose side field holds value on both sides (a river, a road), each satisfying the condition and never through the hex `without`; the start is included.
---@param hex HexCell the starting hex, by id or "q,r"
---@param side_field Field the side field that joins hexes, by name or number
---@param value integer the value both sides of an edge must hold
---@param cond? Condition the hexes the network may enter (any without one)
---@param without? HexCell a hex to treat as gone (what if this tile were removed?)
---@return integer ... # the connected hexes, ascending
function Hex:connected(hex, side_field, value, cond, without) end

---Does the edge between this hex and its neighbour in a direction hold value on both sides (do the tiles match there)? False when there is no neighbour.
---@param hex HexCell the hex, by id or "q,r"
---@param dir HexDirection which edge
---@param side_field Field the side field, by name or number
---@param value integer the value both sides must hold
---@return boolean
function Hex:sides_match(hex, dir, side_field, value) end

---Is this stored hex part of the board?
---@param hex HexCell the hex, by id or "q,r"
---@return boolean
function Hex:on(hex) end

---Put a stored hex on the board or take it off (a tile laid, a hex flooded).
---@param hex HexCell the hex, by id or "q,r"
---@param on boolean true to put it on the board
function Hex:set_on(hex, on) end

---The parallelogram of stored hexes: the least and greatest q and r.
---@return integer q0
---@return integer q1
---@return integer r0
---@return integer r1
function Hex:bounds() end
