---@meta
-- A card zone (s:deck in setup). Bound in host/lua/lua_deck.c.

---A card zone: a draw pile, a hand, a discard, a market row. Cards are
---integers 0..2^31-1, ids into the script's own card catalog. Positions
---count from the top: position 1 is the top card (the one draw takes),
---position count() the bottom one. A failure raises naming the zone and
---changes nothing. #deck is its number of cards.
---@class Deck
---@operator len: integer
local Deck = {}

---How many cards the zone holds now (also #deck).
---@return integer count
function Deck:count() end

---The most cards the zone can hold.
---@return integer capacity
function Deck:capacity() end

---Put a card on top of the zone; raises when it is full.
---@param card integer the card
function Deck:push(card) end

---Put a card at the bottom of the zone; raises when it is full.
---@param card integer the card
function Deck:push_bottom(card) end

---Slide a card into the zone so that it ends at this position (1 = top, count() + 1 = bottom).
---@param pos integer the position the card will have
---@param card integer the card
function Deck:insert(pos, card) end

---Take the top card; raises when the zone is empty.
---@return integer card the card drawn
function Deck:draw() end

---Take the bottom card; raises when the zone is empty.
---@return integer card the card drawn
function Deck:draw_bottom() end

---Take the card at a position out of the zone (a card chosen from a hand or a market row).
---@param pos integer its position, 1 = top
---@return integer card the card taken
function Deck:take(pos) end

---Look at the card at a position without taking it, or nil past the bottom.
---@param pos? integer its position, 1 = top (default)
---@return integer? card
function Deck:peek(pos) end

---Where a card lies in the zone (its topmost copy), or nil if it is not there.
---@param card integer the card to look for
---@return integer? pos its position, 1 = top
function Deck:find(card) end

---Every card in the zone, top first.
---@return integer ... # the cards
function Deck:cards() end

---Shuffle the zone with the game's own seeded generator.
function Deck:shuffle() end

---Deal the top n cards one at a time onto another zone, so their order reverses; all or nothing.
---@param to Deck the zone receiving the cards
---@param n? integer how many cards (default 1)
function Deck:deal(to, n) end

---Move the top n cards as one stack onto another zone, their order kept; all or nothing.
---@param to Deck the zone receiving the cards
---@param n? integer how many cards (default 1)
function Deck:move_to(to, n) end

---The seat that holds the zone, or 0 for a shared one.
---@return Seat seat
function Deck:owner() end

---Who may see the faces of the cards: "face up", "face down" or "owner".
---@return DeckVisibility visibility
function Deck:visibility() end

---May this seat see the faces of the cards in the zone? Seat 0 is an onlooker, who sees only face-up zones.
---@param seat Seat the seat asking, or 0
---@return boolean
function Deck:visible_to(seat) end

---Which backs the seats that may not see the faces still see: "all", "top" or "none".
---@return DeckBacks backs
function Deck:backs_shown() end

---Rig the zone for a scenario test (or at the REPL, as an edit): its next deals are these cards, in this order. Each must be a card the zone holds (a card given twice, twice); they move to its top, the first given on top, the other cards keeping their order, and stay pinned there: a shuffle mixes only the cards below them, each one taken off the top unpins it, and a card put on top of them ends the rig. The rig is part of the state, so undo, saves and replays keep it. A new rig replaces the old; rig() with no card unpins them. Raises, changing nothing, for a card the zone does not hold.
---@param ... integer the cards, the next to be dealt first
function Deck:rig(...) end

---The rigged cards still pinned on top of the zone, the next to be dealt first.
---@return integer ... # the cards
function Deck:rigged() end
