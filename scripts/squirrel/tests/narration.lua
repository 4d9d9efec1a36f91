-- Squirrel Island: what the rules do by themselves is told (s:say), to
-- whom it may be told: each morning's income (the cards drawn named to
-- their owner only), a card's effect as it resolves, the rival's plays in
-- solo, a sleeper's turn that passes, the end of each day and the stashes
-- counted at the end.

local P = require "position"             -- tests/lib/position.lua
local open, hand = P.open, P.hand

local function find(lines, pattern)
  for _, line in ipairs(lines) do
    if line:find(pattern) then return line end
  end
  return nil
end

test("narration: the first morning's income, the cards drawn told to their owner only", function()
  local g = open(2)
  local all = g:said(nil, 0)
  expect.eq(all[1], "Day 1, morning.")
  expect.truthy(find(all, "^Seat 1 gets 3 stamina, 2 coins and 5 cards%.$"), table.concat(all, " | "))
  expect.truthy(find(all, "^Seat 2 gets 3 stamina, 2 coins and 5 cards%.$"))
  local mine = find(g:said(1, 0), "^You draw ")
  expect.truthy(mine, "seat 1 reads its cards")
  expect.eq(select(2, mine:gsub(",", "")), 4, "five cards named: " .. mine)
  expect.eq(#g:said(2, 0), #g:said(1, 0), "each seat reads its own draw")
  expect.falsy(find(g:said(0, 0), "^You draw "), "an onlooker reads no card")
end)

test("narration: a card's effect is told as it resolves", function()
  local g = open(2)
  hand(g, 1, { "Motivator" })
  g.state.stamina:set(1, 3)
  g:play("play motivator")
  expect.truthy(find(g:said(), "^Seat 1's Motivator: "), table.concat(g:said(), " | "))
end)

test("narration: the rival's plays in solo, a sleeper's turn that passes, the day's end", function()
  local g = open(1)
  expect.truthy(find(g:said(nil, 0), "^The rival gets 2 stamina%.$"))
  expect.truthy(find(g:said(nil, 0), "^The rival rolls %d on its d8 and takes "))
  g:play("sleep")
  local said = g:said()
  expect.truthy(find(said, "^Seat 1 sleeps with every squirrel exhausted: the turn passes%.$"), table.concat(said, " | "))
  expect.truthy(find(said, "^The rival goes to sleep%.$"))
  expect.truthy(find(said, "^Everyone is asleep: day 1 ends%.$"))
  expect.truthy(find(said, "^Day 2, morning: every squirrel is refreshed and collects its loops%.$"))
end)

test("narration: the stashes are counted at the end of day 4", function()
  local g = open(2)
  g:playout(3)
  expect.truthy(g:over())
  local said = g:said()
  expect.truthy(find(said, "^Seat 1's stash is counted: %d+ nuts? %(.*%), %d+ nuts? in all%.$"), table.concat(said, " | "))
  expect.eq(said[#said], "Day 4 is over: the game ends.")
end)

test("narration: each stash counted names its cards, or says it is empty", function()
  local g = open(2)
  for _ = 1, 3 do
    local day = g.state.day.number
    while g.state.day.number == day do g:play("sleep") end
  end
  for seat = 1, 2 do
    local stash = g.state["stash" .. seat]
    while stash:count() > 0 do g.state.draw_pile:push_bottom(stash:draw()) end
  end
  g.state.stash1:push(P.fetch(g, "Elder"))
  g.state.stash1:push(P.fetch(g, "Thief"))
  P.set(g, 1, { nuts = 2 })
  P.set(g, 2, { nuts = 1 })
  while not g:over() do g:play("sleep") end
  local said = g:said()
  expect.eq({ table.unpack(said, #said - 2) }, {
    "Seat 1's stash is counted: 6 nuts (Thief, Elder), 8 nuts in all.",
    "Seat 2's stash is counted: 0 nuts (empty), 1 nut in all.",
    "Day 4 is over: the game ends.",
  })
end)

-- Drawn cards are dealt on top of the hand: a morning that finds cards in
-- hand names the new ones, not the ones held since the day before.
test("narration: a morning's cards drawn are the ones the hand gained, not the ones it held", function()
  local g = open(2, 3)
  local names = g.definition.data.cards
  local pick = random_picker(7)
  local checked = 0
  while not g:over() and checked < 3 do
    local before = {}
    for _, card in ipairs({ g.state.hand1:cards() }) do before[card] = (before[card] or 0) + 1 end
    local legal = g:moves()
    g:play(legal[pick(#legal)])
    local told = find(g:said(1), "^You draw ")
    if told and next(before) then
      local gained = {}
      for _, card in ipairs({ g.state.hand1:cards() }) do
        if (before[card] or 0) > 0 then before[card] = before[card] - 1 else gained[#gained + 1] = names[card].name end
      end
      local said = {}
      for name in told:sub(#"You draw " + 1, -2):gmatch("[^,]+") do said[#said + 1] = name:match("^%s*(.-)%s*$") end
      table.sort(gained)
      table.sort(said)
      expect.eq(said, gained, told)
      checked = checked + 1
    end
  end
  expect.truthy(checked > 0, "no morning found cards in hand")
end)
