--- Once Upon a Forest — grow the largest, most balanced, least degraded forest.
---
--- The game of ../shared/rules/once-upon-a-forest.txt with the decisions of
--- DECISIONS.md (Once Upon a Forest). README.md beside this file states the
--- rules as implemented. The cards are in cards.lua, a forest's placing and
--- scoring rules in forest.lua. A turn is: place a card, give a card (the
--- receiver places it at once: a move of theirs, out of turn), draw two.
local game = require "grove.game"
local turns = require "grove.turns"
local rank = require "grove.rank"
local picture = require "grove.render"
local C = require "cards"
local forest = require "forest"

local CARDS = C.CARDS
local PILES = 5                      -- face-down piles to draw from
local HAND_SIZE = 3

-- The numbers a designer may change (grove play onceupon --set NAME=VALUE);
-- the rules read them from s.options.
local OPTIONS = {
  { name = "hand_size", default = HAND_SIZE, min = 1, max = 9, help = "the cards a player draws up to" },
  { name = "points_per_tree", default = forest.POINTS_PER_TREE, min = 0, max = 20,
    help = "the points a complete tree scores" },
}

local PHASE = turns.phases { "first_draw", "place", "give", "receive", "draw" }
local MOVE = game.kinds { "draw", "place", "give" }

local PILE, HAND = {}, {}            -- component names
for p = 1, PILES do PILE[p] = "pile" .. p end
for seat = 1, 4 do HAND[seat] = "hand" .. seat end

-- Setup -------------------------------------------------------------------------

--- Deal the cards in `ids` into the piles named in `piles`, as equal as possible.
local function deal_piles(s, ids, piles)
  for i, card in ipairs(ids) do
    s[piles[(i - 1) % #piles + 1]]:push(card)
  end
end

--- The card ids: the Game Start cards, and the others.
local function start_and_other_cards()
  local starts, others = {}, {}
  for id, card in ipairs(CARDS) do
    if card.start then starts[#starts + 1] = id else others[#others + 1] = id end
  end
  return starts, others
end

local START_CARDS = (start_and_other_cards())     -- the ids of the four Game Start cards

local function shuffle(s, list)
  for i = #list, 2, -1 do
    local j = s:random(i)
    list[i], list[j] = list[j], list[i]
  end
end

--- The zones every mode has: hands, forests, the card being given.
local function declare_zones(s)
  local backs = {}
  for id, card in ipairs(CARDS) do backs[id] = card.level end
  s:backs(backs)                     -- a card's back shows its level
  for seat = 1, s.players do
    s:deck(HAND[seat], s.options.hand_size + 1, { owner = seat })
    forest.declare(s, seat)
  end
  s:deck("given", 1, { visibility = "face up" })
  s:vars("play", { "giver", "receiver" })
  turns.setup(s)
end

--- Each player takes a Game Start card as the first card of their forest;
--- the rest (with the unused Game Start cards) go into five face-down
--- piles; then each player in turn draws three cards.
local function setup(s)
  declare_zones(s)
  for p = 1, PILES do s:deck(PILE[p], #CARDS, { visibility = "face down" }) end
  local starts, others = start_and_other_cards()
  for seat = 1, s.players do
    forest.place(s, seat, table.remove(starts, 1), 1)
  end
  for _, start in ipairs(starts) do others[#others + 1] = start end
  shuffle(s, others)
  deal_piles(s, others, PILE)
  turns.set_phase(s, PHASE.first_draw)
end

-- Where the cards are -------------------------------------------------------------

local function hand(s, seat) return s[HAND[seat]] end

local function piles_left(s)
  for p = 1, PILES do
    if s[PILE[p]]:count() > 0 then return true end
  end
  return false
end

local function hands_empty(s)
  for seat = 1, s.players do
    if hand(s, seat):count() > 0 then return false end
  end
  return true
end

-- The turn ----------------------------------------------------------------------------

--- The next player with a card to play; the game ends when no hand holds one.
local function end_turn(s)
  if hands_empty(s) then
    s:say("No hand holds a card any more and the piles are empty: the game is over.")
    turns.end_now(s)
    return
  end
  repeat
    turns.pass(s)
    if s.narrating and hand(s, turns.seat(s)):count() == 0 then
      s:say("Seat %d has no card left: their turn passes.", turns.seat(s))
    end
  until hand(s, turns.seat(s)):count() > 0
  turns.set_phase(s, PHASE.place)
end

--- Tell who drew what: the card to its drawer, its level to the others
--- (a card's back shows its level).
local function tell_draw(s, seat, card, pile)
  s:say(seat, "You draw %s (%s) from pile %d.", CARDS[card].name, C.LEVEL_NAMES[CARDS[card].level], pile)
  s:say({ except = seat }, "Seat %d draws a %s card from pile %d.", seat, C.LEVEL_NAMES[CARDS[card].level], pile)
end

--- Draw back up to three, choosing a pile for each card, while piles last.
local function draw_or_end(s)
  if hand(s, turns.seat(s)):count() < s.options.hand_size and piles_left(s) then
    turns.set_phase(s, PHASE.draw)
  else
    end_turn(s)
  end
end

--- After placing: give one of the cards left to another player, if any is left.
local function give_or_draw(s)
  if hand(s, turns.seat(s)):count() > 0 then
    turns.set_phase(s, PHASE.give)
  else
    draw_or_end(s)
  end
end

--- Setup draws: each player in turn draws three, choosing a pile for each;
--- then the first player starts.
local function first_draw(s, pile)
  local seat = turns.seat(s)
  local card = s[PILE[pile]]:draw()
  hand(s, seat):push(card)
  if s.narrating then tell_draw(s, seat, card, pile) end
  if hand(s, seat):count() < s.options.hand_size and piles_left(s) then return end
  turns.pass(s)
  if seat == s.players then
    s.turn.round = 1               -- drawing the first hands is no round of play
    turns.set_phase(s, PHASE.place)
  end
end

--- 3. Draw cards: two, to complete the hand, choosing a pile for each.
local function draw(s, pile)
  local card = s[PILE[pile]]:draw()
  hand(s, turns.seat(s)):push(card)
  if s.narrating then tell_draw(s, turns.seat(s), card, pile) end
  draw_or_end(s)
end

--- Take one card named `card` from a zone (any copy: copies are alike).
local function take_card(zone, card)
  return zone:take(zone:find(card))
end

--- 1. Play a card on your forest.
local function place(s, card, tree)
  local seat = turns.seat(s)
  forest.place(s, seat, take_card(hand(s, seat), card), tree)
  give_or_draw(s)
end

--- 2. Give a card to another player: the receiver places it at once,
--- where they choose.
local function give(s, card, receiver)
  local seat = turns.seat(s)
  s.given:push(take_card(hand(s, seat), card))
  s.play.giver = seat
  s.play.receiver = receiver
  turns.set_phase(s, PHASE.receive)
end

--- The receiver places the given card (the move names it: it is the card
--- in transit).
local function receive(s, _, tree)
  forest.place(s, s.play.receiver, s.given:draw(), tree)
  s.play.receiver = 0
  draw_or_end(s)
end

-- What each step offers ----------------------------------------------------------------------

--- Is cards[i] the first card of its kind in the list? Copies are alike:
--- the moves name each kind of card once.
local function first_of_kind(cards, i)
  local name = CARDS[cards[i]].name
  for before = 1, i - 1 do
    if CARDS[cards[before]].name == name then return false end
  end
  return true
end

--- One move per kind of card and place.
local function add_places(s, out, seat, cards)
  local begun, may_begin = forest.building(s, seat)      -- the same for every card
  for i = 1, #cards do
    if first_of_kind(cards, i) then
      local card = cards[i]
      local places = forest.places_on_level(s, seat, CARDS[card].level, begun, may_begin)
      for p = 1, #places do out:add(MOVE.place, card, places[p]) end
    end
  end
end

--- A draw from each pile that still holds a card.
local function pile_draws(s, out)
  for p = 1, PILES do
    if s[PILE[p]]:count() > 0 then out:add(MOVE.draw, p) end
  end
end

--- Each card in the hand, wherever it may go in the forest.
local function places_from_hand(s, out)
  local seat = turns.seat(s)
  add_places(s, out, seat, { hand(s, seat):cards() })
end

--- Each card in the hand, to each other player.
local function gifts(s, out)
  local seat = turns.seat(s)
  local cards = { hand(s, seat):cards() }
  for i = 1, #cards do
    if first_of_kind(cards, i) then
      for other = 1, s.players do
        if other ~= seat then out:add(MOVE.give, cards[i], other) end
      end
    end
  end
end

--- The given card, wherever it may go in the receiver's forest.
local function places_for_given_card(s, out)
  add_places(s, out, s.play.receiver, { s.given:peek() })
end

--- The seat a card is given to: it places the card, out of turn.
local function receiver(s)
  return s.play.receiver
end

--- The turn, as the rule text gives it (after each player has drawn a
--- first hand of three): 1. play a card on your forest; 2. give a card to
--- another player, who places it at once; 3. draw cards. What each step
--- asks, who decides, what it offers, and what each move does there.
local PHASES = game.phases(PHASE, MOVE, {
  first_draw = { prompt = "draw your first hand, choosing a pile for each card",
    offer = pile_draws, draw = first_draw },
  place = { prompt = "place a card in your forest", offer = places_from_hand, place = place },
  give = { prompt = "give a card to another player", offer = gifts, give = give },
  receive = { prompt = "place the card you were given", actor = receiver,
    offer = places_for_given_card, place = receive },
  draw = { prompt = "draw, choosing a pile", offer = pile_draws, draw = draw },
})

--- The score of every seat, and the breakdown text of each.
local function scores(s)
  local totals, complete, texts = {}, {}, {}
  for seat = 1, s.players do
    local b = forest.score(s, seat)
    totals[seat], complete[seat], texts[seat] = b.total, b.complete, forest.score_text(b)
  end
  return totals, complete, texts
end

-- What the bots read --------------------------------------------------------------

--- What a card on its way to an empty level of the tree being built counts
--- for, against a card placed there: a card the seat must place next (the
--- card given to it, the solo Obligation card turned over or on top of its
--- pile, whose back shows its level) goes there unless it covers elsewhere;
--- a card in hand goes there on one of the next turns if it is not
--- discarded first.
local COMING_CARD = 1
local HELD_CARD = 0.5

--- What a species in balance counts for while the game goes on, against
--- its point at the end: it is out of balance after the next complete
--- tree unless that tree brings one more of it, and a card spent covering
--- for it builds no tree.
local BALANCE_NOW = 0.5

--- The tree a seat is building: the last one begun while it is not
--- complete, else the next one (0: the forest is full).
local function tree_being_built(s, seat)
  local begun = forest.trees(s, seat)
  if begun > 0 and not forest.complete(s, seat, begun) then return begun end
  return begun < forest.MAX_TREES and begun + 1 or 0
end

--- The card on its way to `level` of the tree being built, and what it
--- counts for: the card `coming` (0: none) if it is of that level, else a
--- card of that level in the seat's hand (one without a chainsaw first).
--- 0, 0: none.
local function on_the_way(s, seat, level, coming)
  if coming ~= 0 and CARDS[coming].level == level then return coming, COMING_CARD end
  local h, pick = hand(s, seat), 0
  for i = 1, h:count() do
    local card = h:peek(i)
    if CARDS[card].level == level and (pick == 0 or CARDS[pick].chainsaw) then pick = card end
  end
  if pick ~= 0 then return pick, HELD_CARD end
  return 0, 0
end

--- How many species would be in balance with one more complete tree:
--- `animals` (species -> count) on the complete trees and that tree.
local function balanced_with_one_more(b, animals)
  local n = 0
  for _, species in ipairs(C.SPECIES) do
    if animals[species] >= 1 and animals[species] == b.complete + 1 then n = n + 1 end
  end
  return n
end

--- What the tree being built adds to the score on its way to finished:
--- each of its levels holding a card, or with a card on its way to it,
--- brings it a quarter of the way (part of a quarter for a card on its
--- way: COMING_CARD, HELD_CARD) to the tree's points and the balance of
--- one more complete tree with its animals, in place of the balance now
--- (both at BALANCE_NOW); each of those cards' chainsaws costs its point
--- at once (it will count once the tree is complete). The -1 of the incomplete tree is not
--- counted while the game goes on: the tree is on its way.
local function tree_on_its_way(s, seat, b, tree, coming)
  local animals, height, chainsaws = {}, 0, 0
  for species, n in pairs(b.animals) do animals[species] = n end
  for level = 1, C.LEVELS do
    local card, counts = forest.card_at(s, seat, tree, level), 1
    if card == 0 then card, counts = on_the_way(s, seat, level, coming) end
    if card ~= 0 then
      local c = CARDS[card]
      height = height + counts
      if c.chainsaw then chainsaws = chainsaws + counts end
      if c.species then animals[c.species] = animals[c.species] + c.animals end
    end
  end
  local finished = b.per_tree + BALANCE_NOW * (balanced_with_one_more(b, animals) - #b.balanced)
  local incomplete = forest.trees(s, seat) == tree and -forest.INCOMPLETE_TREE or 0
  return incomplete + height / C.LEVELS * finished - chainsaws
end

--- The card given to `seat`, which it places next (0: none).
local function given_to(s, seat)
  if s.given:count() > 0 and s.play.receiver == seat then return s.given:peek() end
  return 0
end

--- How each seat stands now, for bots that stop looking ahead before the
--- end (an evaluate for the definition), read like the score: the
--- forest's points so far and, while the game goes on, its balance at
--- BALANCE_NOW and the tree being built on its way to finished.
--- `coming(s, seat)` is the card the seat must place next (0: none): the
--- base game's given card, the solo Obligation card.
local function evaluator(coming)
  return function(s)
    local values = {}
    for seat = 1, s.players do
      local b = forest.score(s, seat)
      values[seat] = b.total
      if not turns.over(s) then
        values[seat] = values[seat] - (1 - BALANCE_NOW) * #b.balanced
        local tree = tree_being_built(s, seat)
        if tree > 0 then values[seat] = values[seat] + tree_on_its_way(s, seat, b, tree, coming(s, seat)) end
      end
    end
    return values
  end
end

local evaluate = evaluator(given_to)

--- Most points wins; ties go to more complete trees; then shared.
local function result(s)
  if not turns.over(s) then return nil end
  local totals, complete, texts = scores(s)
  local r = rank.result(totals, { complete })
  for seat = 1, s.players do r.text = r.text .. string.format("\nseat %d: %s", seat, texts[seat]) end
  return r
end

local function describe(_, move)
  local kind, a, b = game.parts(move)
  if kind == MOVE.draw then return "draw " .. a end
  if kind == MOVE.place then return string.format("place %s %d", CARDS[a].name, b) end
  return string.format("give %s to %d", CARDS[a].name, b)
end

-- Why a typed move is refused ------------------------------------------------------------

--- The trees a list of places names ("tree 2", "trees 1, 3 or 4").
local function trees_text(places)
  if #places == 1 then return "tree " .. places[1] end
  return "trees " .. table.concat(places, ", ", 1, #places - 1) .. " or " .. places[#places]
end

local CARD_NAMED = {}                -- a card of each name: CARD_NAMED["fox2"] = its first id
for id, card in ipairs(CARDS) do CARD_NAMED[card.name] = CARD_NAMED[card.name] or id end

--- The topmost card of `zone` named `name`, or nil: a name is shared by
--- its copies (three fox1 cards), each an id of its own, any one of which
--- the player may hold.
local function held_named(zone, name)
  local cards = { zone:cards() }
  for i = 1, #cards do
    if CARDS[cards[i]].name == name then return cards[i] end
  end
  return nil
end

--- The rule a move of each kind breaks, now that it is that move's step;
--- `words` are the words typed, `seat` decides. A card named: see card_named.
local BREAKS = {}

--- The card the move's second word names, or nil and why it names none.
local function card_named(words)
  local card = CARD_NAMED[words[2] or ""]
  if not card then return nil, string.format("no card is called '%s'", words[2] or "") end
  return card
end

function BREAKS.draw(_, words)
  local pile = math.tointeger(tonumber(words[2] or ""))
  if not pile or pile < 1 or pile > PILES then return string.format("there are piles 1 to %d", PILES) end
  return "pile " .. pile .. " is empty"
end

function BREAKS.give(s, words, seat)
  local card, none = card_named(words)
  if not card then return none end
  if not held_named(hand(s, seat), words[2]) then return "you hold no " .. words[2] end
  local to = math.tointeger(tonumber(words[#words] or ""))
  local example = string.format("(as in 'give %s to %d')", words[2], seat % s.players + 1)
  if to == seat then return "you cannot give a card to yourself: give it to another player " .. example end
  return string.format("give it to another seat, 1 to %d %s", s.players, example)
end

function BREAKS.place(s, words, seat)
  local card, none = card_named(words)
  if not card then return none end
  if turns.phase(s) == PHASE.receive then
    card = s.given:peek()
    if CARDS[card].name ~= words[2] then return "you place the card you were given: " .. CARDS[card].name end
  else
    card = held_named(hand(s, seat), words[2])
    if not card then return "you hold no " .. words[2] end
  end
  local places = forest.places(s, seat, card)
  return string.format("a %s card goes on %s of your forest", C.LEVEL_NAMES[CARDS[card].level], trees_text(places))
end

--- Why `text` (`draw 3`, `place fox2 1`, `give owl1 to 2`) is not legal now,
--- in the rules' words; nil leaves the answer to the host.
local function why(s, text)
  local words = {}
  for word in text:lower():gmatch("%S+") do words[#words + 1] = word end
  local kind = MOVE[words[1] or ""]
  if type(kind) ~= "number" then return nil end
  local not_now = PHASES.not_now(s, kind)
  if not_now then return not_now end
  return BREAKS[words[1]](s, words, PHASES.actor(s))
end

-- What always holds --------------------------------------------------------------------

local IN_FOREST, COVERED_IN_FOREST = {}, {}          -- the places of the census, per seat
for seat = 1, 4 do
  IN_FOREST[seat] = string.format("seat %d's forest", seat)
  COVERED_IN_FOREST[seat] = string.format("seat %d's covered cards", seat)
end

--- Every card in play is in exactly one place, and `in_play` cards in all:
--- the places are the card zones named in `zones` and every seat's forest
--- (the cards on top of its cells, and the covered ones). Returns where
--- each card in play is (card -> place).
local function census(s, zones, in_play)
  local where, count = {}, 0
  local function found(holder, cards)
    for i = 1, #cards do
      local card = cards[i]
      if CARDS[card] == nil then game.broken("%s holds %d, which is no card", holder, card) end
      if where[card] then
        game.broken("card %d (%s) is both in %s and in %s", card, CARDS[card].name, where[card], holder)
      end
      where[card] = holder
    end
    count = count + #cards
  end
  for _, name in ipairs(zones) do found(name, { s[name]:cards() }) end
  for seat = 1, s.players do
    found(IN_FOREST[seat], forest.top_cards(s, seat))
    found(COVERED_IN_FOREST[seat], { forest.covered(s, seat):cards() })
  end
  if count ~= in_play then game.broken("%d cards in play, not %d", count, in_play) end
  return where
end

--- How many Game Start cards a seat's forest holds, on top or covered
--- (`where` from the census).
local function start_cards_in_forest(where, seat)
  local n = 0
  for _, card in ipairs(START_CARDS) do
    if where[card] == IN_FOREST[seat] or where[card] == COVERED_IN_FOREST[seat] then n = n + 1 end
  end
  return n
end

--- What the rules keep true after every move (grove check and the playout
--- tests call it); raises naming what broke.
local function invariants(s)
  -- all 64 cards are in play (the unused Game Start cards in the piles),
  -- each in one place
  local zones = { "given" }
  for p = 1, PILES do zones[#zones + 1] = PILE[p] end
  for seat = 1, s.players do zones[#zones + 1] = HAND[seat] end
  local where = census(s, zones, #CARDS)
  for seat = 1, s.players do
    -- each forest begins with a Game Start card, and no card leaves a forest
    if start_cards_in_forest(where, seat) == 0 then game.broken("seat %d's forest holds no Game Start card", seat) end
    forest.check(s, seat)
    if hand(s, seat):count() > s.options.hand_size then
      game.broken("seat %d holds %d cards, more than %d", seat, hand(s, seat):count(), s.options.hand_size)
    end
  end
  if turns.over(s) then
    -- the game ends when all the cards have been drawn and placed
    if not hands_empty(s) or piles_left(s) or s.given:count() > 0 then
      game.broken("the game is over with cards not yet placed")
    end
    return
  end
  local phase, seat = turns.phase(s), turns.seat(s)
  if PHASE[phase] == nil then game.broken("no phase %d", phase) end
  if seat < 1 or seat > s.players then game.broken("seat %d's turn, with %d players", seat, s.players) end
  -- the given card is placed at once: it is in transit only while the receiver places it
  if (s.given:count() > 0) ~= (phase == PHASE.receive) then
    game.broken("%d cards being given in phase %s", s.given:count(), PHASE[phase])
  end
  if phase == PHASE.receive and (s.play.receiver < 1 or s.play.receiver > s.players or s.play.receiver == seat) then
    game.broken("seat %d gives a card to seat %d", seat, s.play.receiver)
  end
  -- the player to move can: a card to place or give, a pile to draw from
  local cards = hand(s, seat):count()
  if (phase == PHASE.place or phase == PHASE.give) and cards == 0 then
    game.broken("seat %d must %s a card with an empty hand", seat, PHASE[phase])
  end
  if (phase == PHASE.first_draw or phase == PHASE.draw) and (cards >= s.options.hand_size or not piles_left(s)) then
    game.broken("seat %d must draw with %d cards in hand and %s", seat, cards,
      piles_left(s) and "cards in the piles" or "the piles empty")
  end
  -- the first hands are drawn in turn: three for each seat before, none for each after
  if phase == PHASE.first_draw then
    for other = 1, s.players do
      local held, want = hand(s, other):count(), other < seat and s.options.hand_size or 0
      if other ~= seat and held ~= want then
        game.broken("seat %d holds %d cards while seat %d draws a first hand", other, held, seat)
      end
    end
  end
end

-- Drawing the table ---------------------------------------------------------------------

--- What `viewer` sees of a zone: the faces if it may, else the backs (levels).
local function zone_text(zone, viewer)
  local names = {}
  for _, card in ipairs({ zone:cards() }) do
    names[#names + 1] = zone:visible_to(viewer) and CARDS[card].name or ("[" .. C.LEVEL_NAMES[CARDS[card].level] .. "]")
  end
  return #names > 0 and table.concat(names, " ") or "(empty)"
end

local function piles_text(s)
  local parts = {}
  for p = 1, PILES do
    local pile = s[PILE[p]]
    local top = pile:count() > 0 and C.LEVEL_NAMES[CARDS[pile:peek()].level] or "empty"
    parts[#parts + 1] = string.format("%d: %s (%d)", p, top, pile:count())
  end
  return "Piles (top card's level, cards): " .. table.concat(parts, "   ")
end

local function render(s, viewer)
  local lines = { piles_text(s) }
  if s.given:count() > 0 then
    lines[#lines + 1] = string.format("Given by seat %d to seat %d: %s", s.play.giver, s.play.receiver,
      zone_text(s.given, viewer))
  end
  local _, _, texts = scores(s)
  for seat = 1, s.players do
    local prompt = PHASES.prompt(s, seat)
    lines[#lines + 1] = string.format("%s%s: hand %s%s", picture.seat(seat, "Seat " .. seat), seat == viewer and " (you)" or "",
      zone_text(hand(s, seat), viewer), prompt and "   <- " .. prompt or "")
    lines[#lines + 1] = forest.render(s, seat)
    lines[#lines + 1] = "  score: " .. texts[seat]
  end
  return table.concat(lines, "\n")
end

--- How the host draws the table as a picture (grove serve, replay pages):
--- a card by its name on its level's colour, its level, animals and
--- chainsaw on hover; a face-down card by its level. A click on a card
--- looks for its name in the move texts, on a pile for "draw N", on a tree
--- of your forest for "place CARD N", on another's forest for "give CARD
--- to SEAT"; each seat's points and what it is to do head its panel.
local LEVEL_COLOR = { "#d9c09a", "#c9e0a8", "#a8d4b0", "#b8d8ec" }
-- mutate: off (the picture: how the board is drawn and clicked, no rule)
local LOOK = {
  cards = function(card)
    local c = CARDS[card]
    if not c then return nil end
    local fields = { { "level", C.LEVEL_NAMES[c.level] } }
    if c.species then fields[#fields + 1] = { "animals", c.animals .. " " .. c.species } end
    if c.chainsaw then fields[#fields + 1] = { "chainsaw", "yes" } end
    if c.start then fields[#fields + 1] = { "game start", "yes" } end
    return { label = c.name, color = LEVEL_COLOR[c.level], fields = fields }
  end,
  backs = {},
  forest = { card = "card", cell = 58, columns = "numbers", label = "forest (trees 1, 2 ...)",
    key = function(s, at)
      local tree = s[at.component]:xy(at.place)
      if at.seat == at.actor then return "^place * " .. tree .. "$" end
      return "^give * to " .. at.seat .. "$"
    end },
  covered = { label = "covered" },
  hand = { label = "hand" },
  pile = { key = function(_, at) return "^draw " .. at.component:match("%d+") .. "$" end },
  standing = {
    label = "points",
    score = function(s, seat) return forest.score(s, seat).total end,
    status = function(s, seat)
      local prompt = PHASES.prompt(s, seat)
      return prompt and ("now: " .. prompt) or nil
    end,
  },
}
for level, name in ipairs(C.LEVEL_NAMES) do LOOK.backs[level] = { label = name, color = "#7a6a55" } end
-- mutate: on
--- The catalog for grove check: each card id's name, as moves write it.
local CARD_NAMES = {}
for id, card in ipairs(CARDS) do CARD_NAMES[id] = card.name end

return game.define {
  name = "onceupon",
  title = "Once Upon a Forest",
  version = "1.0",          -- of these rules: saves made under another version are refused
  players = { min = 1, max = 4, default = 2 },   -- usually 2; 1 brings the solo mode
  options = OPTIONS,
  variants = { "solo", "semi-coop" },
  player_variants = { [1] = "solo" },
  setup = setup,
  phases = PHASES,
  result = result,
  render = render,
  look = LOOK,
  describe = describe,
  why = why,
  invariants = invariants,
  catalog = { what = "cards", names = CARD_NAMES },   -- for grove check: cards never seen or played
  --- The card a move plays (grove sim counts them).
  played = function(_, move)
    local kind, card = game.parts(move)
    if kind == MOVE.place or kind == MOVE.give then return CARDS[card].name end
    return nil
  end,
  --- A seat's score now (bots may use it).
  score = function(s, seat) return forest.score(s, seat).total end,
  evaluate = evaluate,
  -- the card list (tools, tests), and the rules' parts for the variants and tests
  data = { cards = C, rules = {
    forest = forest,
    PHASE = PHASE, MOVE = MOVE, PILE = PILE, HAND = HAND,
    declare_zones = declare_zones, start_and_other_cards = start_and_other_cards, shuffle = shuffle,
    deal_piles = deal_piles, take_card = take_card, first_of_kind = first_of_kind, add_places = add_places,
    zone_text = zone_text, scores = scores, census = census, trees_text = trees_text,
    CARD_NAMED = CARD_NAMED, held_named = held_named, tell_draw = tell_draw,
    start_cards_in_forest = start_cards_in_forest, START_CARDS = START_CARDS, evaluator = evaluator,
  } },
}
