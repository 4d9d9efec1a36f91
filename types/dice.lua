---@meta
-- A set of identical custom dice (s:dice in setup). Bound in host/lua/lua_dice.c.

---A face symbol of a set of dice: its name ("snake") or its 1-based number
---in order of first appearance on the faces.
---@alias DiceSymbol string|integer

---Which dice a count looks at: all of them, those set aside, or the others.
---@alias DiceWhich "all"|"aside"|"free"

---A set of identical dice, numbered 1..n, whose faces carry named symbols
---(a name may be on several faces). Chance comes only from the game's own
---generator. A die set aside keeps its face and is skipped by roll_free.
---@class Dice
local Dice = {}

---Roll every die; afterwards none is set aside.
function Dice:roll() end

---Roll one die, set aside or not, and say what it shows.
---@param die integer the die, 1..n
---@return string symbol the face it now shows
function Dice:roll_one(die) end

---Roll the dice that are not set aside.
function Dice:roll_free() end

---What one die shows.
---@param die integer the die, 1..n
---@return string symbol
function Dice:value(die) end

---Turn one die to a face showing this symbol (for scenario tests); raises if no face shows it.
---@param die integer the die, 1..n
---@param symbol DiceSymbol the symbol to show
function Dice:set_value(die, symbol) end

---Rig the dice for a scenario test (or at the REPL, as an edit): the next dice rolled show these symbols, one a die, in the order they roll (roll: die 1 first; roll_free: the dice not set aside, lowest first; roll_one: that die), across as many rolls as it takes; then chance resumes. A rigged die still draws from the game's generator, so what comes after the rig is what the seed gives without it. The rig is part of the state, so undo, saves and replays keep it (and a bot looking ahead from it rolls the rigged faces too). A new rig replaces the one still waiting; rig() with no symbol clears it. Raises, changing nothing, for a symbol no face shows, or for more than 32 symbols.
---@param ... DiceSymbol the symbols the next dice rolled show, the first rolled first
function Dice:rig(...) end

---The rigged symbols still waiting for a die to roll, the next first.
---@return string ... # the symbols
function Dice:rigged() end

---Set one die aside (kept, not rolled again by roll_free), or put it back in play.
---@param die integer the die, 1..n
---@param aside? boolean false puts it back in play (default true)
function Dice:set_aside(die, aside) end

---Is this die set aside?
---@param die integer the die, 1..n
---@return boolean
function Dice:is_aside(die) end

---How many dice show this symbol, among all of them, those set aside or those still in play.
---@param symbol DiceSymbol the symbol to count
---@param which? DiceWhich which dice to look at (default "all")
---@return integer count
function Dice:count(symbol, which) end

---What every die shows, die 1 first.
---@return string ... # the symbols
function Dice:values() end

---The dice set aside, by number.
---@return integer ... # the dice
function Dice:aside() end

---The dice still in play (not set aside), by number.
---@return integer ... # the dice
function Dice:free() end

---How many dice there are.
---@return integer n
function Dice:size() end

---The symbols on the faces, each once, in order of first appearance.
---@return string ... # the symbols
function Dice:symbols() end
