--- Phase two of Flooded Forest, the dry phase: each turn a player pulls a
--- tile (or plays a special action first, or instead when none can be
--- pulled); the pulled tile's school and predator move, fights, eating,
--- fish reaching the river; at the end of the turn a hand of one.
local turns = require "grove.turns"
local map = require "map"
local P = require "pieces"
local T = require "turn"

local NONE = map.NONE
local tile_at, is_river, water_mask, tell_neighbours = map.tile_at, map.is_river, map.water_mask, map.tell_neighbours
local each_step, yes, two_flood_tiles, in_board_order = map.each_step, map.yes, map.two_flood_tiles, map.in_board_order
local can_pull, pullable_tiles = map.can_pull, map.pullable_tiles
local COLOUR, EATEN, PREDATOR_NAME, PREDATOR = P.COLOUR, P.EATEN, P.PREDATOR_NAME, P.PREDATOR
local CAIMAN, PIRANHAS, JAGUAR = P.CAIMAN, P.PIRANHAS, P.JAGUAR
local DRIVES_OFF, APPETITE, PIRANHAS_WITH_THREE = P.DRIVES_OFF, P.APPETITE, P.PIRANHAS_WITH_THREE
local EAT_MORE, FISH_MOVE, PIRANHA_THREE, CAIMAN_LAND, JAGUAR_TWO = P.EAT_MORE, P.FISH_MOVE, P.PIRANHA_THREE,
  P.CAIMAN_LAND, P.JAGUAR_TWO
local BEFORE_PULL, AFTER_PULL, INSTEAD_OF_PULL = P.BEFORE_PULL, P.AFTER_PULL, P.INSTEAD_OF_PULL
local ACTION_OF, OWN_FISH, SHARED, DRY_HAND_SIZE = P.ACTION_OF, P.OWN_FISH, P.SHARED, P.DRY_HAND_SIZE
local HUNGRY_PREDATOR, PREDATOR_IN_RIVER, FISH_IN_RIVER = P.HUNGRY_PREDATOR, P.PREDATOR_IN_RIVER, P.FISH_IN_RIVER
local hand, fish_home_total, river_circles = P.hand, P.fish_home_total, P.river_circles
local STAGE, PHASE, MOVE, MOVE_OF_PREDATOR, turn_to = T.STAGE, T.PHASE, T.MOVE, T.MOVE_OF_PREDATOR, T.turn_to

-- Where pieces may go, and who may play ------------------------------------------

--- Call fn(hex) for each destination of the piece an action or a pull is
--- moving: the pulled tile's school, its predator, or a piece on `from`
--- named by a special action (boost).
local function each_destination(s, from, piece, boost, fn)
  if boost == JAGUAR_TWO then
    local set = two_flood_tiles(s, from)
    if from == s.play.pulled then      -- the pulled jaguar may also step anywhere
      each_step(s, from, false, false, function(nb) set[nb] = true end)
    end
    local hexes = in_board_order(set)
    for i = 1, #hexes do
      if fn(hexes[i]) then return true end
    end
    return false
  end
  local pulled = from == s.play.pulled
  local by_water = piece ~= JAGUAR and boost ~= CAIMAN_LAND
  return each_step(s, from, by_water, not pulled, fn)
end

local function any_destination(s, from, piece, boost)
  return each_destination(s, from, piece, boost, yes)
end

--- Call fn(action, source hex or 0) for each special action the seat may
--- play now (when: BEFORE_PULL, AFTER_PULL or INSTEAD_OF_PULL).
local function each_action(s, seat, when, fn)
  local seen, tiles = {}, { hand(s, seat):cards() }
  for i = 1, #tiles do
    local action = ACTION_OF[tiles[i]]
    if not seen[action] then
      seen[action] = true
      if action == EAT_MORE then
        if when == AFTER_PULL and fn(action, 0) then return true end
      elseif action == PIRANHA_THREE then
        if when ~= INSTEAD_OF_PULL and fn(action, 0) then return true end
      elseif action == FISH_MOVE then
        local with_fish = { s.map:cells(OWN_FISH[seat]) }
        for j = 1, #with_fish do
          local h = with_fish[j]
          local shared = s.map:get(h, "fish") > s.map:get(h, COLOUR[seat]) or s.map:get(h, "predator") ~= NONE
          if shared and any_destination(s, h, nil, FISH_MOVE) and fn(action, h) then return true end
        end
      else                               -- a predator on a tile shared with fish
        local hunters = { s.map:cells(SHARED[action]) }
        for j = 1, #hunters do
          local h = hunters[j]
          if any_destination(s, h, s.map:get(h, "predator"), action) and fn(action, h) then return true end
        end
      end
    end
  end
  return false
end

local function can_act(s, seat, when)
  return each_action(s, seat, when, yes)
end

--- A seat can play in the dry phase if it can pull a tile or, if no tile
--- can be pulled, play a special action.
local function can_play_dry(s, seat)
  return can_pull(s) or can_act(s, seat, INSTEAD_OF_PULL)
end

-- Turns of the dry phase --------------------------------------------------------------

local function start_dry_turn(s, seat)
  s.play.pulled, s.play.water, s.play.acted, s.play.boost, s.play.source = 0, 0, 0, 0, 0
  s.play.eat_more, s.play.piranha_three, s.play.eating, s.play.bites = 0, 0, 0, 0
  turns.set_phase(s, PHASE.dry)
  if not turn_to(s, seat, can_play_dry) then
    s:say("Nobody can pull a tile or play an action: the game is over.")
    turns.end_now(s)
  end
end

local function begin_dry(s)
  s.play.stage = STAGE.dry
  start_dry_turn(s, s.turn.first)
end

--- The pulled tile goes to the hand; with a hand of one already, the player
--- keeps one of the two and discards the other.
local function end_dry_turn(s)
  local seat = turns.seat(s)
  if s.pulled:count() > 0 then
    if hand(s, seat):count() >= DRY_HAND_SIZE then
      turns.set_phase(s, PHASE.keep)
      return
    end
    s.pulled:deal(hand(s, seat), 1)
  end
  start_dry_turn(s, turns.after(s, seat))
end

local function keep_tile(s, tile)
  local seat = turns.seat(s)
  local my_hand = hand(s, seat)
  if s.pulled:peek() == tile then
    my_hand:deal(s.discard, my_hand:count())
    s.pulled:deal(my_hand, 1)
  else
    s.pulled:deal(s.discard, 1)
  end
  start_dry_turn(s, turns.after(s, seat))
end

-- Eating, and fish reaching the river -------------------------------------------------

--- How many fish a predator eats from a tile holding `fish`.
local function bites(s, predator, fish)
  local need = APPETITE[predator].at_least
  if predator == PIRANHAS and s.play.piranha_three == 1 then need = PIRANHAS_WITH_THREE end
  if fish < need then return 0 end
  local n = APPETITE[predator].eats
  if s.play.eat_more == 1 then n = n + 1 end
  return math.min(n, fish)
end

--- A school reaches the river: its fish go home to the scoring circles.
local function go_home(s, h)
  local told = s.narrating and {}
  for seat = 1, s.players do
    local colour = COLOUR[seat]
    local n = s.map:get(h, colour)
    s.home:add(seat, n)
    s.map:set(h, colour, 0)
    if told and n > 0 then told[#told + 1] = string.format("%d %s", n, colour) end
  end
  s.map:set(h, "fish", 0)
  if told then
    s:say("Fish reach the river at %s and swim home to the scoring circles: %s.", s.map:name(h), table.concat(told, ", "))
  end
end

--- If the predator on h may eat, wait for the active player to choose the
--- fish; true if so.
local function start_eating(s, h)
  s.map:set(h, "hungry", 0)
  local n = bites(s, s.map:get(h, "predator"), s.map:get(h, "fish"))
  if n == 0 then return false end
  s.play.eating, s.play.bites = h, n
  if s.narrating then
    s:say("The %s on %s eats %d fish: seat %d chooses which.", PREDATOR_NAME[s.map:get(h, "predator")], s.map:name(h),
      n, turns.seat(s))
  end
  turns.set_phase(s, PHASE.eat)
  return true
end

local carry_on

--- After movement: predators eat, fish reach the river. First the river: a
--- predator that came along with a school eats once more, then leaves play;
--- the fish go home, and when the river circles are full the game ends at
--- once. Then every predator on a Flood tile that may eat: one that just
--- moved there, one that fish just joined, one that just won a fight.
local function settle(s)
  local along_with = { s.map:cells(PREDATOR_IN_RIVER) }
  for i = 1, #along_with do
    local h = along_with[i]
    if s.map:get(h, "hungry") == 1 and start_eating(s, h) then return end
    if s.narrating then
      s:say("The %s reaches the river at %s and leaves play.", PREDATOR_NAME[s.map:get(h, "predator")], s.map:name(h))
    end
    s.map:set(h, "predator", NONE)
  end
  local schools = { s.map:cells(FISH_IN_RIVER) }
  for i = 1, #schools do go_home(s, schools[i]) end
  if fish_home_total(s) >= river_circles(s) then
    s:say("The river's scoring circles are full: the game is over.")
    turns.end_now(s)
    return
  end
  local h = s.map:cells(HUNGRY_PREDATOR)
  while h do
    if start_eating(s, h) then return end
    h = s.map:cells(HUNGRY_PREDATOR)
  end
  s.map:fill("hungry", 0)                        -- the rest could not eat
  carry_on(s)
end

--- The active player's predator eats one fish of this colour.
local function eat(s, colour)
  local h = s.play.eating
  s.map:add(h, COLOUR[colour], -1)
  s.map:add(h, "fish", -1)
  s[EATEN[colour]]:add(turns.seat(s), 1)
  s.play.bites = s.play.bites - 1
  if s.play.bites > 0 then return end
  s.play.eating = 0
  if is_river(s, h) then
    if s.narrating then s:say("The %s leaves play from the river.", PREDATOR_NAME[s.map:get(h, "predator")]) end
    s.map:set(h, "predator", NONE)
  end
  settle(s)
end

-- Pieces moving, and fights -----------------------------------------------------------

--- A predator arrives on h. If another is there, one drives the other off
--- (the loser leaves play; of two alike, one leaves). The survivor may eat.
local function arrive(s, h, predator)
  local resident = s.map:get(h, "predator")
  if resident == NONE or DRIVES_OFF[predator] == resident then
    s.map:set(h, "predator", predator)
  end
  if s.narrating and resident ~= NONE then
    local where = s.map:name(h)
    if resident == predator then
      s:say("Two %ss meet on %s: one leaves play.", PREDATOR[predator], where)
    elseif DRIVES_OFF[predator] == resident then
      s:say("The %s drives the %s off %s: it leaves play.", PREDATOR_NAME[predator], PREDATOR_NAME[resident], where)
    else
      s:say("The %s on %s drives off the %s that arrives: it leaves play.", PREDATOR_NAME[resident], where,
        PREDATOR_NAME[predator])
    end
  end
  s.map:set(h, "hungry", 1)
end

--- Fish arrive on h: a predator there may eat.
local function fish_arrive(s, h)
  if s.map:get(h, "predator") ~= NONE then s.map:set(h, "hungry", 1) end
end

local function move_school(s, from, to)
  for seat = 1, s.players do
    local colour = COLOUR[seat]
    local n = s.map:get(from, colour)
    if n > 0 then
      s.map:add(to, colour, n)
      s.map:set(from, colour, 0)
    end
  end
  s.map:add(to, "fish", s.map:get(from, "fish"))
  s.map:set(from, "fish", 0)
  fish_arrive(s, to)
end

local function move_own_fish(s, seat, from, to)
  local colour = COLOUR[seat]
  local n = s.map:get(from, colour)
  s.map:set(from, colour, 0)
  s.map:add(from, "fish", -n)
  s.map:add(to, colour, n)
  s.map:add(to, "fish", n)
  fish_arrive(s, to)
end

local function move_predator(s, from, to)
  local predator = s.map:get(from, "predator")
  s.map:set(from, "predator", NONE)
  arrive(s, to, predator)
end

--- Fish with nowhere to go are out of play: back to their owners' supplies.
local function strand_school(s, h)
  if s.narrating then
    s:say("The school on %s has nowhere to go: its fish go back to their owners' supplies.", s.map:name(h))
  end
  for seat = 1, s.players do
    local colour = COLOUR[seat]
    s.supply:add(seat, s.map:get(h, colour))
    s.map:set(h, colour, 0)
  end
  s.map:set(h, "fish", 0)
end

-- Pulling a tile ----------------------------------------------------------------------

local function holds_action(s, seat, action)
  local tiles = { hand(s, seat):cards() }
  for i = 1, #tiles do
    if ACTION_OF[tiles[i]] == action then return true end
  end
  return false
end

--- The action that would take the pulled tile's predator further (caiman-
--- land for a caiman, jaguar-two for a jaguar), if the player may play it now.
local function hunter_boost(s, seat, predator)
  local action = (predator == CAIMAN and CAIMAN_LAND) or (predator == JAGUAR and JAGUAR_TWO) or nil
  if action and s.play.acted == 0 and holds_action(s, seat, action)
    and any_destination(s, s.play.pulled, predator, action) then
    return action
  end
  return nil
end

--- After the pull's movement, the player may play a special action (if none
--- yet this turn); then the eating.
local function open_window(s)
  if s.play.acted == 0 and can_act(s, turns.seat(s), AFTER_PULL) then
    turns.set_phase(s, PHASE.window)
  else
    settle(s)
  end
end

--- The pieces on the pulled tile leave it, the school first, then the
--- predator, each chosen by the active player; one with nowhere to go is
--- out of play.
local function clear_pulled_tile(s)
  local h = s.play.pulled
  if s.map:get(h, "fish") > 0 then
    if any_destination(s, h, nil, 0) then
      turns.set_phase(s, PHASE.school)
      return
    end
    strand_school(s, h)
  end
  local predator = s.map:get(h, "predator")
  if predator ~= NONE then
    if any_destination(s, h, predator, 0) or hunter_boost(s, turns.seat(s), predator) then
      turns.set_phase(s, PHASE.hunter)
      return
    end
    if s.narrating then s:say("The %s on %s has nowhere to go: it leaves play.", PREDATOR_NAME[predator], s.map:name(h)) end
    s.map:set(h, "predator", NONE)
  end
  open_window(s)
end

--- Pull a tile: it leaves the board and is set aside until the turn ends.
local function pull(s, h)
  s.play.water = water_mask(s, h)      -- as it lay, before it leaves
  s.play.pulled = h
  s.pulled:push(tile_at(s, h))
  s.map:set(h, "tile", 0)
  s.map:set_sides(h, "side", NONE, NONE, NONE, NONE, NONE, NONE)
  tell_neighbours(s, h, s.play.water, -1)
  clear_pulled_tile(s)
end

--- After an action's movement and eating: before the pull, the player now
--- pulls (if a tile can be pulled); after it, the turn ends.
carry_on = function(s)
  s.play.boost, s.play.source = 0, 0
  if s.play.pulled == 0 and s.play.acted == 1 and can_pull(s) then
    turns.set_phase(s, PHASE.dry)
  else
    end_dry_turn(s)
  end
end

--- The pulled tile's school moves; then its predator.
local function move_pulled_school(s, to)
  move_school(s, s.play.pulled, to)
  clear_pulled_tile(s)
end

--- The pulled tile's predator moves; then the window for an action.
local function move_pulled_predator(s, to)
  move_predator(s, s.play.pulled, to)
  s.play.boost = 0
  open_window(s)
end

-- Special actions ---------------------------------------------------------------------

--- The hand tile carrying `action` is played and discarded: one special
--- action a turn.
local function play_action_tile(s, action)
  local my_hand = hand(s, turns.seat(s))
  for pos, tile in ipairs { my_hand:cards() } do
    if ACTION_OF[tile] == action then
      s.discard:push(my_hand:take(pos))
      break
    end
  end
  s.play.acted = 1
end

--- An action that lasts the turn (eat-more, piranha-three) takes effect at
--- once, and the answer is true; one that moves a piece (on `source`) waits
--- for where the piece goes.
local function start_action(s, action, source)
  if action == EAT_MORE then
    s.play.eat_more = 1
  elseif action == PIRANHA_THREE then
    s.play.piranha_three = 1
  else
    s.play.boost, s.play.source = action, source
    turns.set_phase(s, PHASE.act)
    return false
  end
  return true
end

--- A special action before the pull (or instead of it, when no tile can be
--- pulled); then the player pulls.
local function action_before_pull(s, action, source)
  play_action_tile(s, action)
  start_action(s, action, source)
end

--- A special action after the pull's movement; then the eating.
local function action_after_pull(s, action, source)
  play_action_tile(s, action)
  if start_action(s, action, source) then settle(s) end
end

--- Caiman-land or jaguar-two played on the pulled tile's own caiman or
--- jaguar: it may go further when it moves.
local function boost_pulled_predator(s, action)
  play_action_tile(s, action)
  s.play.boost = action
end

--- The piece an action names moves; then fights and eating.
local function act_move(s, to)
  local from = s.play.source
  if s.play.boost == FISH_MOVE then
    move_own_fish(s, turns.seat(s), from, to)
  else
    move_predator(s, from, to)
  end
  settle(s)
end

-- What the dry phase offers ---------------------------------------------------------

local function add_destinations(s, out, kind, from, piece, boost)
  each_destination(s, from, piece, boost, function(h) out:add(kind, h) end)
end

--- The tiles that may be pulled, and (none played yet this turn) the
--- actions playable before the pull, or instead of it when none can be.
local function pulls_and_actions(s, out)
  local pulls = pullable_tiles(s)
  if s.play.acted == 0 then
    each_action(s, turns.seat(s), #pulls > 0 and BEFORE_PULL or INSTEAD_OF_PULL, function(action, h)
      out:add(MOVE.action, action, h)
    end)
  end
  out:add_all(MOVE.pull, table.unpack(pulls))
end

--- Where the pulled tile's school may go.
local function school_destinations(s, out)
  add_destinations(s, out, MOVE.school, s.play.pulled, nil, 0)
end

--- Where the pulled tile's predator may go, and the action that would take
--- it further (caiman-land, jaguar-two) if the player holds it.
local function predator_destinations(s, out)
  local h = s.play.pulled
  local predator = s.map:get(h, "predator")
  add_destinations(s, out, MOVE_OF_PREDATOR[predator], h, predator, s.play.boost)
  local boost = hunter_boost(s, turns.seat(s), predator)
  if boost then out:add(MOVE.action, boost) end
end

--- Where the piece an action names may go.
local function action_destinations(s, out)
  local from = s.play.source
  if s.play.boost == FISH_MOVE then
    add_destinations(s, out, MOVE.school, from, nil, FISH_MOVE)
  else
    local predator = s.map:get(from, "predator")
    add_destinations(s, out, MOVE_OF_PREDATOR[predator], from, predator, s.play.boost)
  end
end

--- The actions playable after the pull's movement, or stop.
local function actions_after_pull(s, out)
  each_action(s, turns.seat(s), AFTER_PULL, function(action, h) out:add(MOVE.action, action, h) end)
  out:add(MOVE.stop)
end

--- Each colour of fish on the tile where a predator eats.
local function fish_to_eat(s, out)
  for colour = 1, s.players do
    if s.map:get(s.play.eating, COLOUR[colour]) > 0 then out:add(MOVE.eat, colour) end
  end
end

--- The tile in hand or the pulled one.
local function tiles_to_keep(s, out)
  out:add(MOVE.keep, hand(s, turns.seat(s)):peek())
  out:add(MOVE.keep, s.pulled:peek())
end

return {
  begin_dry = begin_dry,
  pulls_and_actions = pulls_and_actions,
  pull = pull,
  action_before_pull = action_before_pull,
  school_destinations = school_destinations,
  move_pulled_school = move_pulled_school,
  predator_destinations = predator_destinations,
  boost_pulled_predator = boost_pulled_predator,
  move_pulled_predator = move_pulled_predator,
  action_destinations = action_destinations,
  act_move = act_move,
  actions_after_pull = actions_after_pull,
  action_after_pull = action_after_pull,
  settle = settle,
  fish_to_eat = fish_to_eat,
  eat = eat,
  tiles_to_keep = tiles_to_keep,
  keep_tile = keep_tile,
}
