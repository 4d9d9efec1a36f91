-- Once Upon a Forest: what the rules do by themselves is told (s:say), to
-- whom it may be told: a card drawn is named to its drawer only, the
-- others learn its level (a card's back); a card covered, a tree
-- completed, a turn that passes for want of a card, the Obligation card
-- turned over (solo), the end. And a typed move that is not legal now is
-- refused with the rule it breaks.

local function open(players, variants)
  return games.open("onceupon", { players = players or 2, seed = 1, variants = variants or "" })
end

local function first_draws(g)
  while g.state.turn.phase == 1 do g:play(g:moves()[1]) end
end

local function name_of(g, card) return g.definition.data.cards.CARDS[card].name end

test("narration: a draw names the card to its drawer only", function()
  local g = open(2)
  local top = name_of(g, g.state.pile3:peek())
  local level = g.definition.data.cards.LEVEL_NAMES[g.definition.data.cards.CARDS[g.state.pile3:peek()].level]
  g:play("draw 3")
  expect.eq(g:said(1), { string.format("You draw %s (%s) from pile 3.", top, level) })
  expect.eq(g:said(2), { string.format("Seat 1 draws a %s card from pile 3.", level) })
  expect.eq(g:said(0), g:said(2), "an onlooker reads what seat 2 reads")
  expect.eq(#g:said(), 2, "the designer reads both")
end)

test("narration: a card placed over another says what it covers; the fourth level completes a tree", function()
  local g = open(2)
  first_draws(g)
  local forest = g.definition.data.rules.forest
  local CARDS = g.definition.data.cards.CARDS
  local hand = g.state.hand1
  --- Take the first card out of the piles that `fits` (by its row).
  local function take(fits)
    for p = 1, 5 do
      local pile = g.state["pile" .. p]
      for pos, card in ipairs({ pile:cards() }) do
        if fits(CARDS[card]) then return pile:take(pos) end
      end
    end
    error("no such card in the piles")
  end
  while hand:count() > 0 do g.state.pile1:push(hand:draw()) end
  hand:push(take(function(c) return c.name == "boar1" end))
  g:play("place boar1 1")
  expect.eq(g:said(), { "Seat 1's boar1 covers the start on tree 1." })

  -- seat 2's tree 1 holds ground, level 1 and level 2: a canopy card completes it
  g:play(g:moves()[1])                                       -- seat 1 gives a card
  g:play(g:moves()[1])                                       -- seat 2 places it
  while g:actor() == 1 do g:play(g:moves()[1]) end           -- seat 1 draws
  for level = 2, 3 do
    if forest.card_at(g.state, 2, 1, level) == 0 then
      forest.place(g.state, 2, take(function(c) return c.level == level end), 1)
    end
  end
  local hand2 = g.state.hand2
  while hand2:count() > 0 do g.state.pile1:push(hand2:draw()) end
  hand2:push(take(function(c) return c.name == "owl1" end))
  expect.eq(g:actor(), 2)
  g:play("place owl1 1")
  expect.eq(g:said(), { "Tree 1 of seat 2's forest is complete." })
end)

test("narration: the end of the game is told", function()
  local g = open(2)
  g:playout(5)
  expect.truthy(g:over())
  local said = g:said()
  expect.eq(said[#said], "No hand holds a card any more and the piles are empty: the game is over.")
end)

test("narration: solo turns over the Obligation card and says when the game ends", function()
  local g = open(1)
  first_draws(g)
  g:play(g:moves()[1])                  -- place
  g:play(g:moves()[1])                  -- discard: the Obligation card is turned over
  local turned = name_of(g, g.state.turned:peek())
  expect.eq(g:said()[1]:match("^The top Obligation card is turned over: (%S+) %(") , turned)
  g:playout(2)
  local said = g:said()
  expect.eq(said[#said], "The hand and the Selection piles are empty: the game is over.")
end)

test("why: a move of the wrong step, a card not held, a tree it cannot go on", function()
  local g = open(2)
  expect.eq(select(2, g:try("place fox1 1")), "'place fox1 1': not now: now is the time to draw your first hand, "
    .. "choosing a pile for each card")
  expect.eq(select(2, g:try("draw 9")), "'draw 9': there are piles 1 to 5")
  g:edit("while s.pile2:count() > 0 do s.pile1:push(s.pile2:draw()) end")
  expect.eq(select(2, g:try("draw 2")), "'draw 2': pile 2 is empty")
  first_draws(g)
  local held = name_of(g, g.state.hand1:peek())
  expect.eq(select(2, g:try("place oak9 1")), "'place oak9 1': no card is called 'oak9'")
  local missing
  for _, name in ipairs({ "owl1", "bat1", "fox1", "deer1", "boar1", "hedgehog1" }) do
    local have = false
    for _, card in ipairs({ g.state.hand1:cards() }) do have = have or name_of(g, card) == name end
    if not have then missing = missing or name end
  end
  expect.eq(select(2, g:try("place " .. missing .. " 1")), "'place " .. missing .. " 1': you hold no " .. missing)
  local why = select(2, g:try("place " .. held .. " 9"))
  expect.truthy(why:find("card goes on tree", 1, true), why)
  expect.eq(select(2, g:try("give " .. held .. " to 2")), "'give " .. held .. " to 2': not now: now is the time to "
    .. "place a card in your forest")
end)

test("why: the card given must be placed, not one from the hand; the board says who gave it to whom", function()
  local g = open(3)
  first_draws(g)
  g:play("place fox1 1")
  g:play("give boar1 to 2")
  expect.eq(select(2, g:try("place owl1 1")), "'place owl1 1': you place the card you were given: boar1")
  expect.truthy(g:render(2):find("\nGiven by seat 1 to seat 2: boar1\n", 1, true), g:render(2))
end)

test("narration: a turn passes for want of a card, and only then", function()
  local g = open(3)
  first_draws(g)
  g:edit("while s.hand2:count() > 0 do s.pile1:push(s.hand2:draw()) end")
  g:play("place fox1 1")
  g:play("give boar1 to 3")
  g:play("place boar1 1")
  expect.eq(g:actor(), 1)
  g:play("draw 2")
  for _, line in ipairs(g:said()) do expect.falsy(line:find("no card left", 1, true), line) end
  g:play("draw 2")                            -- seat 1's turn ends: seat 2 holds nothing
  local said = g:said()
  expect.eq(said[#said], "Seat 2 has no card left: their turn passes.")
  expect.eq(g:actor(), 3)
end)

test("why (solo): a draw from no Selection pile, or from an empty one", function()
  local g = open(1)
  expect.eq(select(2, g:try("draw 4")), "'draw 4': there are Selection piles 1 to 3")
  g:edit("while s.selection2:count() > 0 do s.selection1:push(s.selection2:draw()) end")
  expect.eq(select(2, g:try("draw 2")), "'draw 2': Selection pile 2 is empty")
  g:edit("while s.selection1:count() > 0 do s.selection3:push(s.selection1:draw()) end")
  expect.eq(select(2, g:try("draw 1")), "'draw 1': Selection pile 1 is empty")
end)

test("why (solo): the Obligation card turned over is the card to place", function()
  local g = open(1)
  for _ = 1, 3 do g:play("draw 3") end
  g:play(g:moves()[1])                       -- place
  g:play(g:moves()[1])                       -- discard
  local turned = name_of(g, g.state.turned:peek())
  local other = turned == "owl1" and "bat1" or "owl1"
  expect.eq(select(2, g:try("place " .. other .. " 1")),
    "'place " .. other .. " 1': you place the Obligation card turned over: " .. turned)
end)

test("why (solo): a card not held, a card held that cannot go on that tree", function()
  local g = open(1)
  for _ = 1, 3 do g:play("draw 3") end
  local held = name_of(g, g.state.hand1:peek())
  local why = select(2, g:try("place " .. held .. " 9"))
  expect.truthy(why:find("card goes on tree", 1, true), why)
  expect.eq(select(2, g:try("place oak9 1")), "'place oak9 1': no card is called 'oak9'")
end)

-- A card's name is shared by its copies (three fox1 cards): a refusal must
-- look for any copy in the hand, not the first copy's id only.
test("why: a card held as another copy than the first is held (issue 31: 'you hold no fox1')", function()
  local g = games.open("onceupon", { players = 2, seed = 9 })
  for _, text in ipairs({ "draw 1", "draw 2", "draw 3", "draw 3", "draw 1", "draw 2" }) do g:play(text) end
  local held = {}
  for _, card in ipairs({ g.state.hand1:cards() }) do held[#held + 1] = name_of(g, card) end
  expect.eq(held, { "start", "fox1", "crown" })          -- what the issue's session showed
  expect.eq(select(2, g:try("place start 2")), "'place start 2': a ground card goes on tree 1 of your forest")
  expect.eq(select(2, g:try("place fox1 2")), "'place fox1 2': a level 1 card goes on tree 1 of your forest")
  g:play("place start 1")
  expect.eq(select(2, g:try("give crown to 1")), "'give crown to 1': you cannot give a card to yourself: "
    .. "give it to another player (as in 'give crown to 2')")
  expect.eq(select(2, g:try("give crown to 3")), "'give crown to 3': give it to another seat, 1 to 2 "
    .. "(as in 'give crown to 2')")
end)

--- Every refusal of a typed place or give of a card the actor holds, in
--- the positions of a few random games: none may say the card is not held.
test("why: no refusal of a held card's move says it is not held", function()
  local checked = 0
  for seed = 1, 4 do
    local g = games.open("onceupon", { players = seed == 4 and 1 or 3, seed = seed })   -- and solo
    local pick = random_picker(seed)
    while not g:over() do
      local seat = g:actor()
      local names = {}
      for _, card in ipairs({ g.state["hand" .. seat]:cards() }) do names[name_of(g, card)] = true end
      for name in pairs(names) do
        local texts = { "give " .. name .. " to " .. seat, "discard " .. name }
        for tree = 1, 4 do texts[#texts + 1] = "place " .. name .. " " .. tree end
        for _, text in ipairs(texts) do
          local ok, why = g:try(text)
          if ok then
            g:undo()                          -- a legal one was played: take it back
          else
            checked = checked + 1
            expect.falsy(why:find("hold no", 1, true), why)
          end
        end
      end
      local legal = g:moves()
      g:play(legal[pick(#legal)])
    end
  end
  expect.truthy(checked > 100, "only " .. checked .. " refusals tried")
end)
