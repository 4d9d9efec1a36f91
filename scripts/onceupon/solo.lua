--- Once Upon a Forest, single-player: grove's reconstruction of the
--- published solo card (DECISIONS.md). Chosen by `--players 1`.
---
--- One Game Start card begins the forest, the other three go back to the
--- box; the other 60 cards form an Obligation pile of 20 and three
--- Selection piles of the remaining 40; the player draws 3 from the
--- Selection piles. Each turn: place a card from the hand, discard one from
--- the hand, place the top Obligation card, draw 2 from the Selection piles.
--- A step that cannot be done is skipped; the game ends when the hand and
--- the Selection piles are empty.
--- The score is compared with the scale in README.md.
local game = require "grove.game"
local turns = require "grove.turns"
local rank = require "grove.rank"
local C = require "cards"
local forest = require "forest"

local CARDS = C.CARDS
local OBLIGATION_CARDS = 20                -- the option obligation_cards
local SELECTION = { "selection1", "selection2", "selection3" }
local SEAT = 1

--- The solo scale: the lowest score of each title, best first.
local TITLES = {
  { 20, "an ancient forest" },
  { 14, "a thriving forest" },
  { 8, "a young forest" },
  { 2, "a thicket" },
  { math.mininteger, "a clearing" },
}

return function(base)
  local R = base.data.rules
  local PHASE = turns.phases { "first_draw", "place", "discard", "oblige", "draw" }
  local MOVE = game.kinds { "draw", "place", "give", "discard" }    -- the base's kinds, and discard

  local options = { table.unpack(base.options) }
  options[#options + 1] = { name = "obligation_cards", default = OBLIGATION_CARDS, min = 1, max = 59,
    help = "the cards of the Obligation pile; the other Game cards make the Selection piles" }

  local HAND = R.HAND[SEAT]
  local function hand(s) return s[HAND] end

  local function selection_left(s)
    for p = 1, #SELECTION do
      if s[SELECTION[p]]:count() > 0 then return true end
    end
    return false
  end

  --- The player takes one Game Start card as the first card of their
  --- forest; the other three go back to the box (they are in no zone). The
  --- 60 other cards: 20 make the Obligation pile, the remaining 40 the three
  --- Selection piles.
  local function setup(s)
    R.declare_zones(s)
    s:deck("obligation", s.options.obligation_cards, { visibility = "face down" })
    for _, name in ipairs(SELECTION) do s:deck(name, #CARDS, { visibility = "face down" }) end
    s:deck("discard", #CARDS, { visibility = "face up" })
    s:deck("turned", 1, { visibility = "face up" })   -- the Obligation card turned over
    local starts, others = R.start_and_other_cards()
    forest.place(s, SEAT, starts[1], 1)
    R.shuffle(s, others)
    for _ = 1, s.options.obligation_cards do s.obligation:push(table.remove(others)) end
    R.deal_piles(s, others, SELECTION)
    turns.set_phase(s, PHASE.first_draw)
  end

  --- Go to the first step of the turn, from `phase` on, that can be done:
  --- a step that cannot be done is skipped. When none is left the turn
  --- ends, or the game, once the hand and the Selection piles are empty.
  local function next_step(s, phase)
    if phase <= PHASE.place and hand(s):count() > 0 then
      turns.set_phase(s, PHASE.place)
    elseif phase <= PHASE.discard and hand(s):count() > 0 then
      turns.set_phase(s, PHASE.discard)
    elseif phase <= PHASE.oblige and s.obligation:count() > 0 then
      s.turned:push(s.obligation:draw())         -- turn the top Obligation card over
      if s.narrating then
        local card = CARDS[s.turned:peek()]
        s:say("The top Obligation card is turned over: %s (%s).", card.name, C.LEVEL_NAMES[card.level])
      end
      turns.set_phase(s, PHASE.oblige)
    elseif phase <= PHASE.draw and hand(s):count() < s.options.hand_size and selection_left(s) then
      turns.set_phase(s, PHASE.draw)
    elseif hand(s):count() == 0 and not selection_left(s) then
      s:say("The hand and the Selection piles are empty: the game is over.")
      turns.end_now(s)
    else
      turns.pass(s)                           -- the next turn
      next_step(s, PHASE.place)
    end
  end

  local TURN_DONE = PHASE.draw + 1        -- past the last step: the next turn

  --- Draw the first hand: 3 cards from the Selection piles.
  local function first_draw(s, pile)
    local card = s[SELECTION[pile]]:draw()
    hand(s):push(card)
    if s.narrating then R.tell_draw(s, SEAT, card, pile) end
    if hand(s):count() < s.options.hand_size and selection_left(s) then return end
    next_step(s, PHASE.place)
  end

  --- 1. Place a card from the hand.
  local function place_from_hand(s, card, tree)
    forest.place(s, SEAT, R.take_card(hand(s), card), tree)
    next_step(s, PHASE.discard)
  end

  --- 2. Discard a card from the hand.
  local function discard(s, card)
    s.discard:push(R.take_card(hand(s), card))
    next_step(s, PHASE.oblige)
  end

  --- 3. Place the top Obligation card (turned over by next_step).
  local function place_obligation_card(s, _, tree)
    forest.place(s, SEAT, s.turned:draw(), tree)
    next_step(s, PHASE.draw)
  end

  --- 4. Draw 2 cards from the Selection piles, up to a hand of 3.
  local function draw(s, pile)
    local card = s[SELECTION[pile]]:draw()
    hand(s):push(card)
    if s.narrating then R.tell_draw(s, SEAT, card, pile) end
    if hand(s):count() >= s.options.hand_size then
      next_step(s, TURN_DONE)
    else
      next_step(s, PHASE.draw)
    end
  end

  --- A draw from each Selection pile that still holds a card.
  local function selection_draws(s, out)
    for p = 1, #SELECTION do
      if s[SELECTION[p]]:count() > 0 then out:add(MOVE.draw, p) end
    end
  end

  --- Each card in the hand, wherever it may go in the forest.
  local function places_from_hand(s, out)
    R.add_places(s, out, SEAT, { hand(s):cards() })
  end

  --- Each kind of card in the hand.
  local function discards(s, out)
    local cards = { hand(s):cards() }
    for i = 1, #cards do
      if R.first_of_kind(cards, i) then out:add(MOVE.discard, cards[i]) end
    end
  end

  --- The turned Obligation card, wherever it may go in the forest.
  local function obligation_places(s, out)
    R.add_places(s, out, SEAT, { s.turned:peek() })
  end

  --- The solo turn (after the first hand of 3): 1. place a card from the
  --- hand; 2. discard one; 3. place the top Obligation card; 4. draw 2.
  local PHASES = game.phases(PHASE, MOVE, {
    first_draw = { prompt = "draw your first hand from the Selection piles",
      offer = selection_draws, draw = first_draw },
    place = { prompt = "place a card from your hand", offer = places_from_hand, place = place_from_hand },
    discard = { prompt = "discard a card from your hand", offer = discards, discard = discard },
    oblige = { prompt = "place the top Obligation card", offer = obligation_places, place = place_obligation_card },
    draw = { prompt = "draw from a Selection pile", offer = selection_draws, draw = draw },
  })

  local UNUSED_START_CARDS = #R.START_CARDS - 1   -- all but the one that begins the forest: in the box
  local ZONES = { "given", "obligation", SELECTION[1], SELECTION[2], SELECTION[3], "discard", "turned", HAND }

  --- What the solo rules keep true after every move; raises naming what broke.
  local function invariants(s)
    -- 61 cards in play, each in one place: three Game Start cards are in the box
    local where = R.census(s, ZONES, #CARDS - UNUSED_START_CARDS)
    -- one Game Start card is in play (the others are in the box): it began
    -- the forest, and no card leaves a forest
    local starts = 0
    for _, card in ipairs(R.START_CARDS) do
      if where[card] then starts = starts + 1 end
    end
    if starts ~= 1 or R.start_cards_in_forest(where, SEAT) ~= 1 then
      game.broken("%d Game Start cards in play, %d of them in the forest: one, in the forest", starts,
        R.start_cards_in_forest(where, SEAT))
    end
    forest.check(s, SEAT)
    local cards = hand(s):count()
    if cards > s.options.hand_size then game.broken("the hand holds %d cards, more than %d", cards, s.options.hand_size) end
    if s.given:count() > 0 then game.broken("a card is being given in the solo mode") end
    if turns.over(s) then
      -- the game ends when the hand and the Selection piles are empty
      if cards > 0 or selection_left(s) then game.broken("the game is over with cards in the hand or the Selection piles") end
      return
    end
    local phase = turns.phase(s)
    if PHASE[phase] == nil then game.broken("no phase %d", phase) end
    -- the Obligation card is turned over only to be placed at once
    if (s.turned:count() > 0) ~= (phase == PHASE.oblige) then
      game.broken("%d Obligation cards turned over in phase %s", s.turned:count(), PHASE[phase])
    end
    -- a step that cannot be done is skipped: the player to move can
    if (phase == PHASE.place or phase == PHASE.discard) and cards == 0 then
      game.broken("the player must %s a card with an empty hand", PHASE[phase])
    end
    if (phase == PHASE.first_draw or phase == PHASE.draw) and (cards >= s.options.hand_size or not selection_left(s)) then
      game.broken("the player must draw with %d cards in hand and %s", cards,
        selection_left(s) and "cards in the Selection piles" or "the Selection piles empty")
    end
  end

  --- The rule a solo move of each kind breaks, now that it is that move's
  --- step; `words` are the words typed.
  local BREAKS = {}

  function BREAKS.draw(_, words)
    local pile = math.tointeger(tonumber(words[2] or ""))
    if not pile or pile < 1 or pile > #SELECTION then return "there are Selection piles 1 to " .. #SELECTION end
    return "Selection pile " .. pile .. " is empty"
  end

  --- The card the second word names must be the one to place or discard.
  local function card_problem(s, words)
    local card = R.CARD_NAMED[words[2] or ""]
    if not card then return nil, string.format("no card is called '%s'", words[2] or "") end
    if turns.phase(s) == PHASE.oblige then
      card = s.turned:peek()
      if CARDS[card].name ~= words[2] then return nil, "you place the Obligation card turned over: " .. CARDS[card].name end
    else
      card = R.held_named(hand(s), words[2])     -- any copy of that name
      if not card then return nil, "you hold no " .. words[2] end
    end
    return card
  end

  function BREAKS.discard(s, words)
    local _, problem = card_problem(s, words)
    return problem
  end

  function BREAKS.place(s, words)
    local card, problem = card_problem(s, words)
    if not card then return problem end
    return string.format("a %s card goes on %s of your forest", C.LEVEL_NAMES[CARDS[card].level],
      R.trees_text(forest.places(s, SEAT, card)))
  end

  --- Why a typed solo move (`draw 2`, `place fox2 1`, `discard owl1`) is not
  --- legal now; nil leaves the answer to the host.
  local function why(s, text)
    local words = {}
    for word in text:lower():gmatch("%S+") do words[#words + 1] = word end
    local breaks = BREAKS[words[1] or ""]
    if not breaks then return nil end
    return PHASES.not_now(s, MOVE[words[1]]) or breaks(s, words)
  end

  local function title(total)
    for _, t in ipairs(TITLES) do
      if total >= t[1] then return t[2] end
    end
  end

  local function result(s)
    if not turns.over(s) then return nil end
    local totals, _, texts = R.scores(s)
    return rank.result(totals, nil, string.format("%d points: %s\n%s", totals[SEAT],
      title(totals[SEAT]), texts[SEAT]))
  end

  local function describe(s, move)
    local kind, a = game.parts(move)
    if kind == MOVE.discard then return "discard " .. CARDS[a].name end
    return base.describe(s, move)
  end

  local function render(s, viewer)
    local piles = {}
    for p, name in ipairs(SELECTION) do
      local pile = s[name]
      local top = pile:count() > 0 and C.LEVEL_NAMES[CARDS[pile:peek()].level] or "empty"
      piles[#piles + 1] = string.format("%d: %s (%d)", p, top, pile:count())
    end
    local obligation = "empty"
    if s.obligation:count() > 0 then
      obligation = string.format("%s (%d)", C.LEVEL_NAMES[CARDS[s.obligation:peek()].level], s.obligation:count())
    end
    local _, _, texts = R.scores(s)
    local prompt = PHASES.prompt(s)
    local lines = {
      "Selection piles (top card's level, cards): " .. table.concat(piles, "   "),
      "Obligation pile: " .. obligation .. "   Discarded: " .. s.discard:count(),
      "Hand: " .. R.zone_text(hand(s), viewer)
        .. (prompt and "   <- " .. prompt or ""),
      forest.render(s, SEAT),
      "  score: " .. texts[SEAT],
    }
    if turns.phase(s) == PHASE.oblige and not turns.over(s) then
      lines[#lines + 1] = "Obligation card to place: " .. CARDS[s.turned:peek()].name
    end
    return table.concat(lines, "\n")
  end

  --- The Obligation card the player places next: the one turned over, or
  --- the top of the pile (its back shows its level).
  local function obligation_card(s)
    if s.turned:count() > 0 then return s.turned:peek() end
    if s.obligation:count() > 0 then return s.obligation:peek() end
    return 0
  end

  return game.extend(base, {
    players = { min = 1, max = 1 },     -- one player; semi-coop does not combine with it
    options = options,
    setup = setup, phases = PHASES, result = result, invariants = invariants,
    describe = describe, render = render, why = why, evaluate = R.evaluator(obligation_card),
    data = { cards = base.data.cards, rules = base.data.rules, solo_titles = TITLES },
  })
end
