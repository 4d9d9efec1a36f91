-- Squirrel Island's test files share these helpers (require "position"):
-- open a game and set up a position by editing the state (hands, the deck's
-- top, the Island, tableaux, counters).
local M = {}

function M.open(players, seed)
  return games.open("squirrel", { players = players or 2, seed = seed or 1 })
end

function M.id(g, name)
  for card, c in ipairs(g.definition.data.cards) do
    if c.name == name then return card end
  end
  error("no card named " .. name, 2)
end

--- Take one copy of a card out of wherever it is not in play: the draw
--- pile, a hand, the Island (refilled from the pile), the solo discard, a
--- stash or used items.
function M.fetch(g, name)
  local s, card = g.state, M.id(g, name)
  local pos = s.draw_pile:find(card)
  if pos then return s.draw_pile:take(pos) end
  local places = {}
  for seat = 1, g.players do places[#places + 1] = "hand" .. seat end
  for n = 1, 8 do places[#places + 1] = "island" .. n end
  places[#places + 1] = "discard"
  for seat = 1, g.players do
    places[#places + 1] = "stash" .. seat
    places[#places + 1] = "items" .. seat
  end
  for _, zone in ipairs(places) do
    pos = s[zone] and s[zone]:find(card)
    if pos then
      s[zone]:take(pos)
      if zone:match("^island") and s.draw_pile:count() > 0 then s.draw_pile:move_to(s[zone], 1) end
      return card
    end
  end
  error("no free copy of " .. name, 2)
end

--- The seat's hand becomes exactly these cards (the old ones go under the deck).
function M.hand(g, seat, names)
  local h = g.state["hand" .. seat]
  while h:count() > 0 do g.state.draw_pile:push_bottom(h:draw()) end
  for _, name in ipairs(names) do h:push(M.fetch(g, name)) end
end

--- These cards on top of the deck, the first named on top.
function M.top(g, names)
  for i = #names, 1, -1 do g.state.draw_pile:push(M.fetch(g, names[i])) end
end

--- Island space n holds this card (its old card goes under the deck).
function M.island(g, n, name)
  local zone = g.state["island" .. n]
  local card = M.fetch(g, name)
  if zone:count() > 0 then g.state.draw_pile:push_bottom(zone:draw()) end
  zone:push(card)
end

--- A squirrel in front of a seat, refreshed or exhausted; returns its position.
function M.squirrel(g, seat, name, exhausted)
  local t = g.state["squirrels" .. seat]
  t:push_bottom(M.fetch(g, name))
  local bit = 1 << (t:count() - 1)
  local var = "exhausted" .. seat
  if exhausted then
    g.state.mat[var] = g.state.mat[var] | bit
  else
    g.state.mat[var] = g.state.mat[var] & ~bit
  end
  return t:count()
end

function M.exhausted(g, seat, pos)
  return (g.state.mat["exhausted" .. seat] >> (pos - 1)) & 1 == 1
end

--- Set a seat's counters: set(g, 1, {nuts = 2, coins = 0, stamina = 3}).
function M.set(g, seat, values)
  for res, v in pairs(values) do g.state[res]:set(seat, v) end
end

function M.counters(g, seat)
  local s = g.state
  return { nuts = s.nuts:get(seat), coins = s.coins:get(seat), stamina = s.stamina:get(seat) }
end

--- The names of a zone's cards, top first.
function M.names(g, zone)
  local list = {}
  for i, card in ipairs({ g.state[zone]:cards() }) do list[i] = g.definition.data.cards[card].name end
  return list
end

function M.has_move(g, text)
  for _, m in ipairs(g:moves()) do
    if m == text then return true end
  end
  return false
end

return M
