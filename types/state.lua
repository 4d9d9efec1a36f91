---@meta
-- The State every hook receives (s): its components by name, the number of
-- players, and the declarations setup makes. Bound in host/lua/lua_state.c and
-- the s:KIND declarations of host/lua/lua_*.c.

---The state of one game, given to every hook as `s`: the components declared
---in setup as fields (s.board, s.score) and the number of players. Nothing
---else may be stored on it: keep values in components, so undo, save and
---replay see them. A component may take any name but `players`, `options` and
---`narrating`, the State's own fields (a declaration with one of them is
---refused). One named like a State method (a dice set named `dice`, a zone
---named `deck`) is the component at s.dice, and s:dice(...) is still the
---method. A script may describe its own components with a subclass:
---`---@class MyState: State` and `---@field board Grid`.
---@class State
---@field players integer how many seats play this game
---@field options GameOptions the game's options, read-only: each declared option's value (s.options.winning_score), players, seed and variants
---@field narrating boolean true while someone reads what s:say tells (the REPL, a test); false in playouts, bot searches and sims, where s:say does nothing: test it before narration that takes work to build, or that a hot path runs
---@field [string] Grid|Hex|Graph|Deck|Dice|Pool|Vars a component declared in setup, by its name
local State = {}

---In setup: declare a square grid of width x height cells ("a1" is the bottom left), each cell holding the named integer fields, all 0.
---@param name string the component's name, also its field on the State (s.board)
---@param width integer columns, 1..26 (files a..z)
---@param height integer rows, 1..26; at most 1024 cells in all
---@param fields? string[] the names of the integer fields of every cell
---@return Grid grid the new grid, also stored as s[name]
function State:grid(name, width, height, fields) end

---In setup: declare a hex board of the given shape, with integer fields per hex and per side of a hex (the printed sides of a tile), all 0.
---@param name string the component's name, also its field on the State
---@param shape HexShape {radius = R} or {q = {q0, q1}, r = {r0, r1}}
---@param fields? string[] the names of the integer fields of every hex
---@param side_fields? string[] the names of the integer fields of every side of a hex
---@return Hex hex the new hex board, also stored as s[name]
function State:hex(name, shape, fields, side_fields) end

---In setup: declare a map of nodes and undirected edges with fixed room for each (at most 1024), and integer fields on both; it starts empty.
---@param name string the component's name, also its field on the State
---@param max_nodes integer how many nodes it can hold, 1..1024
---@param max_edges integer how many edges it can hold, 1..1024
---@param node_fields? string[] the names of the integer fields of every node
---@param edge_fields? string[] the names of the integer fields of every edge
---@return Graph graph the new graph, also stored as s[name]
function State:graph(name, max_nodes, max_edges, node_fields, edge_fields) end

---In setup: declare a card zone (a draw pile, a hand, a discard, a market row) holding up to capacity cards; it starts empty.
---@param name string the component's name, also its field on the State
---@param capacity integer the most cards it can hold, 1..65535
---@param options? DeckOptions its owner, who sees the faces, which backs the others see
---@return Deck deck the new zone, also stored as s[name]
function State:deck(name, capacity, options) end

---In setup: declare a set of identical dice with the given faces (a name may be on several faces); every die shows the first face until rolled.
---@param name string the component's name, also its field on the State
---@param count integer how many dice, 1..256
---@param faces string[] the name on each face, 1..64 faces: {"star", "star", "snake", ...}
---@return Dice dice the new dice, also stored as s[name]
function State:dice(name, count, faces) end

---In setup: declare a bounded counter (a supply of tokens), or one per seat (a score).
---@param name string the component's name, also its field on the State
---@param options? PoolOptions start value, bounds, per seat or shared
---@return Pool pool the new pool, also stored as s[name]
function State:pool(name, options) end

---In setup: declare named integers for the script's bookkeeping (whose turn, which phase), read and written as plain fields: s.play.phase = 2.
---@param name string the component's name, also its field on the State
---@param names string[] the names of the integers, all 0 at the start
---@return Vars vars the new table of integers, also stored as s[name]
function State:vars(name, names) end

---The state's 64-bit hash: two states with the same components and values have the same hash (tests check undo with it).
---@return integer hash
function State:hash() end

---In setup: what each card shows face down (its level, its deck's colour), for the seats that may not see its face; cards not listed show 0.
---@param backs table<integer, integer> [card] = back, cards 0..65535
function State:backs(backs) end

---The seed this game started from.
---@return integer seed
function State:seed() end

---A random integer lo..hi (or 1..n, given one number) from the game's own seeded generator, saved with the state so replays repeat it.
---@param lo integer the least result
---@param hi integer the greatest result
---@return integer value
---@overload fun(self: State, n: integer): integer
function State:random(lo, hi) end

---Narrate what the rules did by themselves (a roll, a bite, a tree growing, a card drawn), for the people at the table: the REPL prints it after the move, `log` keeps it beside the move, a save file carries it. `who` may read it: a seat, a list of seats, or {except = seats} (everybody else, onlookers too); without it, everybody. With arguments after `text`, `text` is a string.format pattern, formatted only when someone reads it. Nobody listens in playouts, bot searches and sims (s.narrating is false): then this returns at once, checking nothing; the call itself still costs, so on a path every move takes write `if s.narrating then s:say(...) end`.
---@param who integer|integer[]|{except: integer|integer[]} who may read it (optional: leave it out for everybody)
---@param text string the line, or a string.format pattern
---@param ... any the pattern's values
---@overload fun(self: State, text: string, ...: any)
function State:say(who, text, ...) end

---The components declared in setup, in the order they were declared.
---@return ComponentInfo[] components {name =, kind =, ...} for each
function State:components() end

---What a card shows face down, as s:backs declared it (0 for a card with none): the host draws a hidden card's back with it.
---@param card integer the card, 0..65535
---@return integer back
function State:back(card) end

---What s:components() lists for each component.
---@class ComponentInfo
---@field name string the name it was declared with ("board")
---@field kind "vars"|"pool"|"deck"|"dice"|"grid"|"hex"|"graph" what kind of component it is
---@field fields string[]? a grid's, hex board's or graph's field names (of each cell, hex or node); a vars' names
---@field side_fields string[]? a hex board's side field names
---@field edge_fields string[]? a graph's edge field names
---@field per_seat boolean? a pool: one counter per seat

---The shape of a hex board: {radius = R} is the hexagon of radius R (0..15)
---around 0,0; {q = {q0, q1}, r = {r0, r1}} the parallelogram with those
---inclusive bounds. At most 1024 hexes.
---@class HexShape
---@field radius? integer the radius of a hexagonal board
---@field q? integer[] {q0, q1}: the columns of a parallelogram board
---@field r? integer[] {r0, r1}: the rows of a parallelogram board

---Who may look at the faces of a deck's cards.
---@alias DeckVisibility "face up"|"face down"|"owner"

---Which card backs the seats that may not see the faces still see.
---@alias DeckBacks "all"|"top"|"none"

---How a deck (a card zone) is held and seen.
---@class DeckOptions
---@field owner? Seat the seat holding the zone (a hand); 0 or absent for a shared zone
---@field visibility? DeckVisibility who sees the faces: "owner" (the default for an owned zone), "face down" (the default for a shared one) or "face up"
---@field backs? DeckBacks which backs the others see: "all" (a hand held up; the default unless face down), "top" (a pile; the default when face down) or "none"

---The bounds and start of a pool of counters.
---@class PoolOptions
---@field value? integer how many it holds at the start (default 0)
---@field min? integer the least it may hold (default 0)
---@field max? integer the most it may hold (default 2^31-1)
---@field per_seat? boolean one counter per seat (a score) instead of one shared counter

