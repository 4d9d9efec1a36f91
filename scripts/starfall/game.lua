--- Starfall Forest — fairies race to gather five fallen stars and fly home,
--- while venomous snakes slither between the trees.
---
--- The game of ../shared/rules/starfall-forest.txt with the decisions of
--- DECISIONS.md (Starfall Forest). README.md beside this file states the
--- rules as implemented. Setup is four rounds of moves: knock a tree down,
--- plant a tree, place your snake, place your fairy. A turn: the dice not
--- set aside roll by themselves and stars are set aside; when the fifth die
--- is aside a star falls (the roller chooses the tree: `star d4`); then each
--- fairy, snake or tree die may pay for one step (`fairy c3`,
--- `snake 2 b2-c2`) until `end`, or until no step is left; then the snakes
--- bite and the next player rolls.
---
--- The forest is a graph: each tree a node, each path an edge. A node's id
--- is its lattice point ((y - 1) * width + x), so `c3` is always the same
--- node in a game; a point with no tree is a node not (yet) added.
local game = require "grove.game"
local turns = require "grove.turns"
local rank = require "grove.rank"
local draw = require "grove.render"

-- The forest ------------------------------------------------------------------

-- Trees of the base forest (width x height), by player count. The lattice
-- around it is one point larger on every side: setup round 2 plants there.
local BASE_FOREST = { [2] = { 4, 4 }, [3] = { 5, 4 }, [4] = { 5, 5 } }
local MARGIN = 1
local MOST_PATHS_OF_A_TREE = 8   -- 4 orthogonal and 4 diagonal neighbours
local FILES = "abcdefghijklmnopqrstuvwxyz"

local STANDING, KNOCKED_DOWN = 1, 2          -- node field "tree"

-- The dice, the fairies, the stars --------------------------------------------

local DICE = 5
local FACES = { "star", "star", "shooting", "fairy", "snake", "tree" }
local HEARTS = 3                 -- a fairy's health, and what a traded star gives back
local STARS_TO_GO_HOME = 5
local KNOCKING_STARS = 2         -- the roll completing the five set aside this many: the tree falls too
-- A star falls at least 2 path steps from the roller's fairy: on no tree
-- that is the fairy's or joined to it by a path.

-- A fairy's state (pool fairy_state).
local NOT_PLACED, UP, LAID_DOWN, HOME = 0, 1, 2, 3
-- Where a snake is: at a tree (a node) or on a path (an edge). The pool
-- snake_at holds the node id for a tree, minus the edge id for a path.
local ON_TREE, ON_PATH = 1, 2
-- rules.stars_per_visit: how many stars one visit collects; ALL_STARS for every one.
local ALL_STARS = 0
local MAX_SNAKES = 4             -- one per player

-- Setup rounds 1-4, then a turn's phases: the roller places a falling star
-- ("fall"; "fall_knocking" when the roll that completed the five set aside
-- two or more stars, so the star knocks its tree down), then the steps.
local PHASE = turns.phases { "knock", "plant", "snake", "fairy", "fall", "fall_knocking", "move" }
-- A snake move has a kind per snake and per destination (a tree or a path),
-- so that one host call can list every destination: `snake 2 c3` is kind
-- SNAKE_TO_TREE[2] with the node c3, `snake 2 b2-c2` is SNAKE_TO_PATH[2]
-- with that edge.
local MOVE = game.kinds { "knock", "plant", "fairy", "star", "end",
  "snake1", "snake1 path", "snake2", "snake2 path", "snake3", "snake3 path", "snake4", "snake4 path" }
local END = MOVE["end"]
local SNAKE_TO_TREE, SNAKE_TO_PATH, SNAKE_OF = {}, {}, {}
for snake = 1, MAX_SNAKES do
  SNAKE_TO_TREE[snake] = MOVE["snake" .. snake]
  SNAKE_TO_PATH[snake] = MOVE["snake" .. snake .. " path"]
  SNAKE_OF[SNAKE_TO_TREE[snake]] = snake
  SNAKE_OF[SNAKE_TO_PATH[snake]] = snake
end

-- Node fields: tree (STANDING or KNOCKED_DOWN), stars, snakes, fairies
-- (counts). Edge fields: snake1 .. snake4, 1 while that snake is on the path.
local NODE_FIELDS = { "tree", "stars", "snakes", "fairies" }
local EDGE_FIELDS, NOT_ON_THIS_PATH = {}, {}
for snake = 1, MAX_SNAKES do
  EDGE_FIELDS[snake] = "snake" .. snake
  NOT_ON_THIS_PATH[snake] = grove.cond { [EDGE_FIELDS[snake]] = 0 }   -- paths snake N is not on
end

local TREE_STANDING = grove.cond { tree = STANDING }
local NO_SNAKE_TREE = grove.cond { snakes = 0 }
local NO_SNAKE_PATH = grove.cond { snake1 = 0, snake2 = 0, snake3 = 0, snake4 = 0 }
local OPEN_STANDING = grove.cond { tree = STANDING, snakes = 0 }
local OPEN_KNOCKED_DOWN = grove.cond { tree = KNOCKED_DOWN, snakes = 0 }
local NO_FAIRY = grove.cond { fairies = 0 }
local SNAKES_AND_FAIRIES = grove.cond { snakes = { 1, MAX_SNAKES }, fairies = { 1, 4 } }
local STARS_AND_FAIRIES = grove.cond { tree = STANDING, stars = { 1, 1 << 30 }, fairies = { 1, 4 } }

--- The lattice of a player count: its size, each point's name ("c3") and
--- lattice neighbours: orthogonal ones, and diagonal ones from points whose
--- x + y is even (the Alquerque pattern; each unit square has one diagonal).
local function make_lattice(players)
  local base = BASE_FOREST[players]
  local w, h = base[1] + 2 * MARGIN, base[2] + 2 * MARGIN
  local lat = { width = w, height = h, points = w * h, name = {}, point = {}, near = {}, base = {} }
  local function id(x, y) return (y - 1) * w + x end
  for y = 1, h do
    for x = 1, w do
      local p = id(x, y)
      lat.name[p] = FILES:sub(x, x) .. y
      lat.point[lat.name[p]] = p
      lat.near[p] = {}
      lat.base[p] = x > MARGIN and x <= w - MARGIN and y > MARGIN and y <= h - MARGIN
    end
  end
  local function link(x1, y1, x2, y2)
    if x2 < 1 or x2 > w or y2 > h then return end
    local a, b = id(x1, y1), id(x2, y2)
    table.insert(lat.near[a], b)
    table.insert(lat.near[b], a)
  end
  for y = 1, h do
    for x = 1, w do
      link(x, y, x + 1, y)
      link(x, y, x, y + 1)
      if (x + y) % 2 == 0 then
        link(x, y, x + 1, y + 1)
        link(x, y, x - 1, y + 1)
      end
    end
  end
  for p = 1, w * h do table.sort(lat.near[p]) end
  lat.base_paths = 0
  for p = 1, w * h do
    for _, q in ipairs(lat.near[p]) do
      if p < q and lat.base[p] and lat.base[q] then lat.base_paths = lat.base_paths + 1 end
    end
  end
  return lat
end

local LATTICE = {}
for players in pairs(BASE_FOREST) do LATTICE[players] = make_lattice(players) end

-- Reading the state -------------------------------------------------------------

local function fairy_tree(s, seat) return s.fairy_at:get(seat) end
local function fairy_state(s, seat) return s.fairy_state:get(seat) end

--- Where a snake is: ON_TREE and the node, or ON_PATH and the edge
--- (0, 0 before it is placed).
local function snake_place(s, snake)
  local at = s.snake_at:get(snake)
  if at > 0 then return ON_TREE, at end
  if at < 0 then return ON_PATH, -at end
  return 0, 0
end

local function is_standing(s, tree) return s.forest:get(tree, "tree") == STANDING end

--- How many stars a visit to a tree holding `stars` collects.
local function collectable(s, stars)
  local per_visit = s.rules.stars_per_visit
  if per_visit == ALL_STARS or per_visit > stars then return stars end
  return per_visit
end

-- The forest grows ------------------------------------------------------------

--- A tree (standing) on a lattice point, with a path to every tree on a
--- neighbouring point.
local function add_tree(s, point)
  local forest = s.forest
  forest:add_node_at(point)
  forest:set(point, "tree", STANDING)
  for _, other in ipairs(LATTICE[s.players].near[point]) do
    if forest:alive(other) then forest:add_edge(point, other) end
  end
end

-- Setup -------------------------------------------------------------------------

local function setup(s)
  local lat = LATTICE[s.players]
  -- room for the base forest's paths and those of the trees planted in
  -- setup round 2 (the host's path queries look at every slot: no more)
  local paths = lat.base_paths + MOST_PATHS_OF_A_TREE * s.players
  s:graph("forest", lat.points, paths, NODE_FIELDS, EDGE_FIELDS)
  for point = 1, lat.points do
    if lat.base[point] then add_tree(s, point) end
  end
  s:dice("cup", DICE, FACES)                    -- the five dice
  s:pool("hearts", { per_seat = true, value = HEARTS, max = HEARTS })
  s:pool("stars", { per_seat = true })          -- the collected stars each player holds
  s:pool("fairy_at", { per_seat = true, max = lat.points })     -- its tree, 0 if none
  s:pool("fairy_state", { per_seat = true, max = HOME })
  s:pool("home_order", { per_seat = true, max = s.players })    -- 1: went home first
  s:pool("snake_at", { per_seat = true, min = -paths, max = lat.points })
  s:pool("fallen")                              -- stars that fell, in all
  s:pool("traded")                              -- stars traded for hearts
  s:pool("revived")                             -- stars that revived a fairy
  s:pool("home")                                -- fairies home
  s:vars("roll", { "fairy", "snake", "tree" })  -- dice of this roll left to use, by face
  s:vars("rules", { "snakes_on_paths", "stars_per_visit" })
  s.rules.snakes_on_paths = 1                   -- Scaredy-snake sets 0
  s.rules.stars_per_visit = 1                   -- Star Fluke sets ALL_STARS
  turns.setup(s)
  turns.set_phase(s, PHASE.knock)
end

-- 6. Collecting stars, 8. going home ----------------------------------------------

--- The fairy leaves the forest for its home among the stars. When every
--- fairy but one is home, the game ends.
local function go_home(s, seat)
  s.forest:add(fairy_tree(s, seat), "fairies", -1)
  s.fairy_at:set(seat, 0)
  s.fairy_state:set(seat, HOME)
  s.home_order:set(seat, s.home:add(1))
  if s.home:get() >= s.players - 1 then turns.end_now(s) end
end

--- A fairy at a tree holding stars collects one (Star Fluke: all of them);
--- with 5 stars it goes home.
local function visit(s, seat, tree)
  local stars = s.forest:get(tree, "stars")
  if stars == 0 then return end
  local take = collectable(s, stars)
  s.forest:add(tree, "stars", -take)
  if s.stars:add(seat, take) >= STARS_TO_GO_HOME then go_home(s, seat) end
end

-- 7. Getting bit ---------------------------------------------------------------------

--- A star traded for 3 hearts (automatically, when a bite finds no heart).
local function trade_star(s, seat)
  s.stars:take(seat, 1)
  s.traded:add(1)
  s.hearts:set(seat, HEARTS)
end

--- One bite costs a heart; with no heart a star is traded for 3 first; with
--- no star either, the fairy succumbs and is laid down.
local function bite(s, seat)
  if s.hearts:get(seat) == 0 then
    if s.stars:get(seat) == 0 then
      s.fairy_state:set(seat, LAID_DOWN)
      return
    end
    trade_star(s, seat)
  end
  s.hearts:take(seat, 1)
end

--- At the end of every turn, each fairy at a tree with snakes is bitten
--- once per snake there. A laid-down fairy is not bitten.
local function bites(s)
  if s.forest:count(SNAKES_AND_FAIRIES) == 0 then return end    -- nobody shares a tree with a snake
  for seat = 1, s.players do
    if fairy_state(s, seat) == UP then
      for _ = 1, s.forest:get(fairy_tree(s, seat), "snakes") do
        if fairy_state(s, seat) == UP then bite(s, seat) end
      end
    end
  end
end

--- The first laid-down fairy in turn order from `seat`, or nil.
local function first_laid_down(s, seat)
  for k = 0, s.players - 1 do
    local other = (seat - 1 + k) % s.players + 1
    if fairy_state(s, other) == LAID_DOWN then return other end
  end
  return nil
end

--- The star's dust revives the fairy: it stands again with 3 hearts, and
--- the star is gone from the forest.
local function revive(s, seat)
  s.fairy_state:set(seat, UP)
  s.hearts:set(seat, HEARTS)
  s.fallen:add(1)
  s.revived:add(1)
end

-- 3. The dice --------------------------------------------------------------------------

--- After a fall every die is back in play: the next player rolls all five.
local function release_dice(s)
  for die = 1, DICE do s.cup:set_aside(die, false) end
end

--- Set aside `n` of the stars just rolled: the lowest-numbered of the
--- dice given (the dice not yet aside, in order) that show a star.
local function set_aside_stars(dice, n, die, ...)
  if n == 0 or not die then return end
  if dice:value(die) == "star" then
    dice:set_aside(die)
    n = n - 1
  end
  return set_aside_stars(dice, n, ...)
end

--- The fifth die is aside: a star falls. It revives a laid-down fairy if
--- there is one; otherwise the roller chooses its tree (a move), which it
--- knocks down if the completing roll set aside two or more stars.
local function star_falls(s, stars_in_roll)
  local seat = first_laid_down(s, s.turn.seat)
  if seat then
    revive(s, seat)
    release_dice(s)
    turns.set_phase(s, PHASE.move)
  elseif stars_in_roll >= KNOCKING_STARS then
    turns.set_phase(s, PHASE.fall_knocking)
  else
    turns.set_phase(s, PHASE.fall)
  end
end

--- Roll every die not set aside; set aside the stars, less one for each
--- shooting star; the fairy, snake and tree faces are this turn's steps.
--- (The dice set aside all show stars, so every other face counted among
--- all five dice is one of this roll.)
local function roll_the_dice(s)
  local dice, roll = s.cup, s.roll
  dice:roll_free()
  local keep = dice:count("star", "free") - dice:count("shooting")
  if keep > 0 then set_aside_stars(dice, keep, dice:free()) end
  roll.fairy = dice:count("fairy")
  roll.snake = dice:count("snake")
  roll.tree = dice:count("tree")
  -- The five were not all aside before this roll: only a roll that sets
  -- a star aside can complete them.
  if keep > 0 and dice:count("star", "aside") == DICE then
    star_falls(s, keep)
  else
    turns.set_phase(s, PHASE.move)
  end
end

--- The star lands on the chosen tree; a completing roll of two or more
--- stars knocks that tree down with the star on it.
local function land_star(s, tree)
  s.forest:add(tree, "stars", 1)
  s.fallen:add(1)
  if s.turn.phase == PHASE.fall_knocking then s.forest:set(tree, "tree", KNOCKED_DOWN) end
  release_dice(s)
  turns.set_phase(s, PHASE.move)
end

--- A fairy or snake die pays for its own step; a tree die for either.
local function spend(s, face)
  local roll = s.roll
  if roll[face] > 0 then roll[face] = roll[face] - 1
  else roll.tree = roll.tree - 1 end
end

-- 4. Moving fairies, 5. moving snakes --------------------------------------------------

local function move_fairy(s, seat, to)
  local forest, from = s.forest, s.fairy_at:get(seat)
  if from > 0 then forest:add(from, "fairies", -1) end
  forest:add(to, "fairies", 1)
  s.fairy_at:set(seat, to)
end

local function move_snake(s, snake, on, place)
  local forest = s.forest
  local was = s.snake_at:get(snake)                     -- see snake_place
  if was > 0 then forest:add(was, "snakes", -1)
  elseif was < 0 then forest:edge_set(-was, EDGE_FIELDS[snake], 0) end
  if on == ON_TREE then
    forest:add(place, "snakes", 1)
    s.snake_at:set(snake, place)
  else
    forest:edge_set(place, EDGE_FIELDS[snake], 1)
    s.snake_at:set(snake, -place)
  end
end

--- One step of the roller's fairy to a neighbouring tree; it collects a
--- star there if the tree holds one.
local function step_fairy(s, seat, to)
  move_fairy(s, seat, to)
  spend(s, "fairy")
  visit(s, seat, to)
end

local function step_snake(s, snake, on, place)
  move_snake(s, snake, on, place)
  spend(s, "snake")
end

--- Is one of the trees given standing?
local function any_standing(s, tree, ...)
  if not tree then return false end
  if is_standing(s, tree) then return true end
  return any_standing(s, ...)
end

--- Can a fairy at `tree` reach a standing tree (where it may end its turn)
--- in at most `steps` steps, along paths with no snake, through trees with
--- no snake?
local function can_get_away(s, tree, steps)
  if steps <= 0 then return false end
  local forest = s.forest
  if forest:neighbors(tree, OPEN_STANDING, NO_SNAKE_PATH) then return true end     -- one step does
  if steps == 1 then return false end
  return any_standing(s, forest:reach(tree, steps, NO_SNAKE_TREE, NO_SNAKE_PATH))
end

--- A fairy may go to a knocked-down tree only if it can move away again
--- this turn with the steps left after this one, or if the stars there take
--- it home.
local function may_enter(s, seat, tree, steps_after)
  local stars = s.forest:get(tree, "stars")
  if stars > 0 and s.stars:get(seat) + collectable(s, stars) >= STARS_TO_GO_HOME then return true end
  return can_get_away(s, tree, steps_after)
end

local function add_knocked_down(s, out, seat, steps_after, tree, ...)
  if not tree then return end
  if may_enter(s, seat, tree, steps_after) then out:add(MOVE.fairy, tree) end
  return add_knocked_down(s, out, seat, steps_after, ...)
end

local function may_enter_one(s, seat, steps_after, tree, ...)
  if not tree then return false end
  if may_enter(s, seat, tree, steps_after) then return true end
  return may_enter_one(s, seat, steps_after, ...)
end

--- The fairy steps to a neighbouring tree with no snake, along a path with
--- no snake: any standing one, and a knocked-down one it may pass through.
local function fairy_steps(s, out, seat, here, steps)
  local forest = s.forest
  out:add_all(MOVE.fairy, forest:neighbors(here, OPEN_STANDING, NO_SNAKE_PATH))
  add_knocked_down(s, out, seat, steps - 1, forest:neighbors(here, OPEN_KNOCKED_DOWN, NO_SNAKE_PATH))
end

--- From a tree a snake steps to a neighbouring tree or onto a path from that
--- tree; from a path, to either end tree or onto another path sharing an
--- end tree. Knocked-down trees and other snakes make no difference.
local function snake_steps(s, out, snake, paths_too)
  local forest, at = s.forest, s.snake_at:get(snake)
  if at > 0 then                                        -- at a tree
    out:add_all(SNAKE_TO_TREE[snake], forest:neighbors(at))
    if paths_too then out:add_all(SNAKE_TO_PATH[snake], forest:edges(at)) end
  else                                                  -- on the path -at
    local a, b = forest:ends(-at)
    out:add_all(SNAKE_TO_TREE[snake], a, b)
    if paths_too then
      out:add_all(SNAKE_TO_PATH[snake], forest:edges(a, NOT_ON_THIS_PATH[snake]))
      out:add_all(SNAKE_TO_PATH[snake], forest:edges(b, NOT_ON_THIS_PATH[snake]))
    end
  end
end

--- While the roller's fairy is at a knocked-down tree, a snake step is
--- allowed only if the fairy can still get away afterwards (the step may
--- block its way, or spend the tree die it needed).
local function keeps_a_way_out(s, seat, snake, on, place)
  local was_on, was_at = snake_place(s, snake)
  local steps = s.roll.fairy + s.roll.tree
  if s.roll.snake == 0 then steps = steps - 1 end        -- this step costs a tree die
  move_snake(s, snake, on, place)                       -- try it, look, take it back
  local ok = can_get_away(s, fairy_tree(s, seat), steps)
  move_snake(s, snake, was_on, was_at)
  return ok
end

local function add_if_way_out(s, out, seat, kind, place, ...)
  if not place then return end
  local snake = SNAKE_OF[kind]
  local on = kind == SNAKE_TO_PATH[snake] and ON_PATH or ON_TREE
  if keeps_a_way_out(s, seat, snake, on, place) then out:add(kind, place) end
  return add_if_way_out(s, out, seat, kind, ...)
end

--- The snake steps of a turn whose fairy is at a knocked-down tree: the
--- usual ones (listed through a stand-in for `out`), kept if they leave the
--- fairy a way out.
local function snake_steps_held_up(s, out, seat, paths_too)
  local held = {
    add_all = function(_, kind, ...) add_if_way_out(s, out, seat, kind, ...) end,
  }
  for snake = 1, s.players do snake_steps(s, held, snake, paths_too) end
end

--- Each fairy die moves the roller's fairy a step, each snake die any
--- snake, each tree die either; every step is optional; `end` ends the
--- movement, but not while the fairy is at a knocked-down tree.
local function movement_moves(s, out, seat)
  local roll = s.roll
  local up = s.fairy_state:get(seat) == UP
  local here = up and s.fairy_at:get(seat)
  local held_up = up and s.forest:get(here, "tree") == KNOCKED_DOWN
  if up and roll.fairy + roll.tree > 0 then fairy_steps(s, out, seat, here, roll.fairy + roll.tree) end
  if roll.snake + roll.tree > 0 then
    local paths_too = s.rules.snakes_on_paths == 1
    if held_up then
      snake_steps_held_up(s, out, seat, paths_too)
    else
      for snake = 1, s.players do snake_steps(s, out, snake, paths_too) end
    end
  end
  if not held_up then out:add(END) end
end

-- Turns -------------------------------------------------------------------------------

--- A fairy that begins its owner's turn on a standing tree holding a star
--- collects it; then the dice roll.
local function begin_turn(s)
  local seat = s.turn.seat
  if s.forest:count(STARS_AND_FAIRIES) > 0 and fairy_state(s, seat) == UP then
    local tree = fairy_tree(s, seat)
    if is_standing(s, tree) then visit(s, seat, tree) end
    if turns.over(s) then return end
  end
  roll_the_dice(s)
end

--- The turn ends: the snakes bite, the next player begins.
local function end_turn(s)
  bites(s)
  turns.pass(s)
  begin_turn(s)
end

--- Can the roller still take a step? Some snake always can while a snake
--- or tree die is left; the fairy needs a fairy die and an open way.
local function can_step(s, seat)
  local roll = s.roll
  if roll.snake + roll.tree > 0 then return true end
  if roll.fairy == 0 or s.fairy_state:get(seat) ~= UP then return false end
  local forest, here = s.forest, s.fairy_at:get(seat)
  if forest:neighbors(here, OPEN_STANDING, NO_SNAKE_PATH) then return true end
  return may_enter_one(s, seat, roll.fairy - 1, forest:neighbors(here, OPEN_KNOCKED_DOWN, NO_SNAKE_PATH))
end

--- A turn with no step left ends by itself (after the last die is used,
--- after a star fell, after a roll with nothing to move), and so may the
--- next player's.
local function settle(s)
  local turn = s.turn
  while turn.phase == PHASE.move and turn.over == 0 and not can_step(s, turn.seat) do
    end_turn(s)
  end
end

-- Where a star may fall -------------------------------------------------------------

--- A bit for each tree given (node ids are at most 7 x 7 = 49).
local function bits(tree, ...)
  if not tree then return 0 end
  return (1 << tree) | bits(...)
end

--- The trees given that are not in the set (see bits), in their order.
local function trees_not_in(set, tree, ...)
  if not tree then return end
  if set & (1 << tree) ~= 0 then return trees_not_in(set, ...) end
  return tree, trees_not_in(set, ...)
end

--- A star falls on a tree (standing or knocked down) with no fairy, at
--- least 2 path steps from the roller's fairy: on none joined to the
--- fairy's tree by a path. On any tree with no fairy if that fairy is home.
local function star_targets(s, out, seat)
  local forest = s.forest
  if fairy_state(s, seat) ~= UP then return out:add_all(MOVE.star, forest:nodes(NO_FAIRY)) end
  local near = bits(forest:neighbors(fairy_tree(s, seat)))
  out:add_all(MOVE.star, trees_not_in(near, forest:nodes(NO_FAIRY)))
end

-- 2. Setup rounds ------------------------------------------------------------------------

--- Round 2: an empty lattice point next to a tree (a path will join them).
local function plant_targets(s, out)
  local lat, forest = LATTICE[s.players], s.forest
  for point = 1, lat.points do
    if not forest:alive(point) then
      for _, other in ipairs(lat.near[point]) do
        if forest:alive(other) then
          out:add(MOVE.plant, point)
          break
        end
      end
    end
  end
end

--- Round 3: your snake on any tree or any path.
local function snake_places(s, out, seat)
  out:add_all(SNAKE_TO_TREE[seat], s.forest:nodes())
  if s.rules.snakes_on_paths == 1 then out:add_all(SNAKE_TO_PATH[seat], s.forest:all_edges()) end
end

--- Pass to the next seat; after the last seat a setup round is complete,
--- and after round 4 the first turn begins.
local function next_setup_turn(s)
  turns.pass(s)
  if turns.seat(s) ~= s.turn.first then return end
  if turns.phase(s) == PHASE.fairy then
    s.turn.round = 1                 -- the setup rounds are not rounds of play
    begin_turn(s)
  else
    turns.set_phase(s, turns.phase(s) + 1)
  end
end

local function place_fairy(s, seat, tree)
  move_fairy(s, seat, tree)
  s.fairy_state:set(seat, UP)
end

-- The rule-script contract -----------------------------------------------------------------

local function actor(s)
  return turns.seat(s)
end

local function moves(s, out)
  local turn = s.turn                  -- the turn vars of grove.turns (read directly: moves runs often)
  if turn.over == 1 then return end
  local phase, seat = turn.phase, turn.seat
  if phase == PHASE.move then movement_moves(s, out, seat)
  elseif phase == PHASE.fall or phase == PHASE.fall_knocking then star_targets(s, out, seat)
  elseif phase == PHASE.knock then out:add_all(MOVE.knock, s.forest:nodes(TREE_STANDING))
  elseif phase == PHASE.plant then plant_targets(s, out)
  elseif phase == PHASE.snake then snake_places(s, out, seat)
  elseif phase == PHASE.fairy then out:add_all(MOVE.fairy, s.forest:nodes(OPEN_STANDING))
  end
end

local function apply(s, move)
  local kind, place = game.parts(move)
  local seat, phase = s.turn.seat, s.turn.phase
  local snake = SNAKE_OF[kind]
  if snake then
    local on = kind == SNAKE_TO_PATH[snake] and ON_PATH or ON_TREE
    if phase == PHASE.move then step_snake(s, snake, on, place)
    else move_snake(s, snake, on, place); next_setup_turn(s) end
  elseif kind == MOVE.fairy then
    if phase == PHASE.move then step_fairy(s, seat, place)
    else place_fairy(s, seat, place); next_setup_turn(s) end
  elseif kind == END then end_turn(s)
  elseif kind == MOVE.star then land_star(s, place)
  elseif kind == MOVE.knock then s.forest:set(place, "tree", KNOCKED_DOWN); next_setup_turn(s)
  elseif kind == MOVE.plant then add_tree(s, place); next_setup_turn(s)
  else error("unknown move kind " .. tostring(kind)) end
  settle(s)
end

--- How well a seat is doing, for the greedy bot: home beats everything
--- (earlier home better); otherwise a star is worth more than the 3 hearts
--- it can be traded for.
local function score(s, seat)
  local order = s.home_order:get(seat)
  if order > 0 then return 100 - order end
  return 4 * s.stars:get(seat) + s.hearts:get(seat)
end

--- How each seat stands now, for bots that stop looking ahead before the
--- end, read like the result: a fairy home is worth more than any in the
--- forest, the earlier home the more; in the forest, the stars held, a
--- heart a quarter of a star, half a star less while laid down.
local function evaluate(s)
  local values = {}
  for seat = 1, s.players do
    local order = s.home_order:get(seat)
    if order > 0 then
      values[seat] = STARS_TO_GO_HOME + 1 + s.players - order
    else
      values[seat] = s.stars:get(seat) + s.hearts:get(seat) / 4
        - (s.fairy_state:get(seat) == LAID_DOWN and 0.5 or 0)
    end
  end
  return values
end

--- Players rank in the order their fairies went home; the fairy left in the
--- forest is last. Scores are the stars each player holds.
local function result(s)
  if not turns.over(s) then return nil end
  local stars, earlier = {}, {}
  for seat = 1, s.players do
    stars[seat] = s.stars:get(seat)
    local order = s.home_order:get(seat)
    earlier[seat] = order > 0 and s.players - order + 1 or 0
  end
  local ranks = rank.ranks(earlier)
  local winners = {}
  for seat = 1, s.players do
    if ranks[seat] == 1 then winners[#winners + 1] = seat end
  end
  return {
    scores = stars, ranks = ranks, winners = winners,
    text = string.format("seat %d's fairy went home first", winners[1]),
  }
end

-- Move texts ---------------------------------------------------------------------------------

local function point_name(s, point)
  return LATTICE[s.players].name[point] or ("point " .. point)
end

--- A path by its two trees, the lower node first: "b2-c2".
local function path_name(s, path)
  if not s.forest:edge_alive(path) then return "path " .. path end
  local a, b = s.forest:ends(path)
  if b < a then a, b = b, a end
  return point_name(s, a) .. "-" .. point_name(s, b)
end

local function describe(s, move)
  local kind, place = game.parts(move)
  if kind == END then return "end" end
  local snake = SNAKE_OF[kind]
  if snake then
    return string.format("snake %d %s", snake,
      kind == SNAKE_TO_PATH[snake] and path_name(s, place) or point_name(s, place))
  end
  if MOVE[kind] then return MOVE[kind] .. " " .. point_name(s, place) end
  return string.format("move %d %d", kind, place)
end

local function no_point(s, word)
  local lat = LATTICE[s.players]
  return nil, string.format("no point '%s' in this forest (a1 to %s)", word, lat.name[lat.points])
end

--- Typed text to a move: `fairy c3`, `snake 2 b2-c2` (or `c2-b2`),
--- `star d4`, `knock c3`, `plant a1`, `end`. Whether the move is legal now
--- is the host's check; this only reads it, with a reason when it cannot.
local function parse(s, text)
  local words = {}
  for word in text:lower():gmatch("%S+") do
    words[#words + 1] = word
    if #words > 3 then return nil, "too many words for a move: '" .. text:sub(1, 40) .. "'" end
  end
  local kind, lat = MOVE[words[1] or ""], LATTICE[s.players]
  if words[1] == "snake" then kind = "snake" end
  if kind == END then
    if #words == 1 then return grove.move(END) end
    return nil, "'end' takes nothing after it"
  end
  if kind == "snake" then
    local snake = math.tointeger(tonumber(words[2] or ""))
    if #words ~= 3 or not snake then return nil, "a snake move reads 'snake 2 c3' or 'snake 2 b2-c2'" end
    if snake < 1 or snake > s.players then
      return nil, string.format("no snake %s (snakes 1 to %d)", words[2], s.players)
    end
    local one, other = words[3]:match("^(%w+)%-(%w+)$")
    if not one then
      local point = lat.point[words[3]]
      if not point then return no_point(s, words[3]) end
      return grove.move(SNAKE_TO_TREE[snake], point)
    end
    local a, b = lat.point[one], lat.point[other]
    if not a then return no_point(s, one) end
    if not b then return no_point(s, other) end
    local path = s.forest:alive(a) and s.forest:alive(b) and s.forest:edge(a, b)
    if not path then return nil, string.format("no path between %s and %s", one, other) end
    return grove.move(SNAKE_TO_PATH[snake], path)
  end
  if kind == MOVE.knock or kind == MOVE.plant or kind == MOVE.fairy or kind == MOVE.star then
    if #words ~= 2 then return nil, string.format("'%s' needs one point, as in '%s c3'", words[1], words[1]) end
    local point = lat.point[words[2]]
    if not point then return no_point(s, words[2]) end
    return grove.move(kind, point)
  end
  return nil, string.format("'%s' is no move (moves: knock, plant, snake, fairy, star, end)",
    (words[1] or ""):sub(1, 20))
end

-- Drawing the forest ----------------------------------------------------------------------------

local ORDINAL = { "1st", "2nd", "3rd", "4th" }

--- What stands at a point: T standing tree, x knocked-down tree, *2 two
--- stars, F1 fairy of seat 1 (f1 laid down), S2 snake 2; "." no tree.
local function point_text(s, point)
  local forest = s.forest
  if not forest:alive(point) then return "." end
  local parts = { is_standing(s, point) and "T" or "x" }
  local stars = forest:get(point, "stars")
  if stars == 1 then parts[#parts + 1] = "*" elseif stars > 1 then parts[#parts + 1] = "*" .. stars end
  for seat = 1, s.players do
    local state = fairy_state(s, seat)
    if (state == UP or state == LAID_DOWN) and fairy_tree(s, seat) == point then
      parts[#parts + 1] = (state == UP and "F" or "f") .. seat
    end
  end
  for snake = 1, s.players do
    local on, at = snake_place(s, snake)
    if on == ON_TREE and at == point then parts[#parts + 1] = "S" .. snake end
  end
  return table.concat(parts)
end

--- A path's picture: its line, or the snakes on it ("S12": snakes 1 and 2);
--- nil if there is no path between the two points.
local function path_text(s, a, b, line)
  local forest = s.forest
  local path = forest:alive(a) and forest:alive(b) and forest:edge(a, b)
  if not path then return nil end
  local text = "S"
  for snake = 1, s.players do
    if forest:edge_get(path, EDGE_FIELDS[snake]) == 1 then text = text .. snake end
  end
  if text == "S" then return line end
  return text
end

local GAP = 4                    -- columns between the widest point text and the next point

--- The forest on its lattice: rank numbers on the left, files below; paths
--- as - | \ /, a snake on a path written on it.
local function forest_picture(s)
  local lat = LATTICE[s.players]
  local w, h = lat.width, lat.height
  local function id(x, y) return (y - 1) * w + x end
  local texts, width = {}, 1
  for point = 1, lat.points do
    texts[point] = point_text(s, point)
    width = math.max(width, #texts[point])
  end
  local step = width + GAP
  local function blank() local line = {} for i = 1, 4 + w * step do line[i] = " " end return line end
  local function put(line, at, text)
    for i = 1, #text do line[at + i] = text:sub(i, i) end
  end
  local lines = {}
  for y = h, 1, -1 do
    local row = blank()
    put(row, 0, string.format("%2d", y))
    for x = 1, w do
      local at = 4 + (x - 1) * step
      put(row, at, texts[id(x, y)])
      local label = x < w and path_text(s, id(x, y), id(x + 1, y), "-")
      if label then
        local from, to = at + #texts[id(x, y)], at + step - 1           -- the dashes
        put(row, from, string.rep("-", to - from))
        if label ~= "-" then put(row, from + (to - from - #label) // 2, label) end
      end
    end
    lines[#lines + 1] = (table.concat(row):gsub("%s+$", ""))
    if y > 1 then
      local between = blank()
      for x = 1, w do
        local at = 4 + (x - 1) * step
        local up = path_text(s, id(x, y), id(x, y - 1), "|")
        if up then put(between, at, up) end
        local diagonal = x < w and (path_text(s, id(x, y), id(x + 1, y - 1), "\\")
          or path_text(s, id(x + 1, y), id(x, y - 1), "/"))
        if diagonal then put(between, at + step // 2 - #diagonal // 2, diagonal) end
      end
      lines[#lines + 1] = (table.concat(between):gsub("%s+$", ""))
    end
  end
  local files = blank()
  for x = 1, w do put(files, 4 + (x - 1) * step, FILES:sub(x, x)) end
  lines[#lines + 1] = (table.concat(files):gsub("%s+$", ""))
  return table.concat(lines, "\n")
end

local FACE_TEXT = { star = "star", shooting = "shooting star", fairy = "fairy", snake = "snake", tree = "tree" }

local function dice_text(s)
  local phase = turns.phase(s)
  if phase < PHASE.fall then return "Dice: not rolled yet (the first turn rolls all five)." end
  local dice, aside, rolled = s.cup, {}, {}
  for die = 1, DICE do
    local face = FACE_TEXT[dice:value(die)]
    if dice:is_aside(die) then aside[#aside + 1] = face else rolled[#rolled + 1] = face end
  end
  local lines = {}
  if phase == PHASE.fall or phase == PHASE.fall_knocking then
    lines[1] = "Dice: the fifth star is set aside: a star falls! All five dice then go to the next player."
    if phase == PHASE.fall_knocking then
      lines[2] = "The roll set aside two or more stars: the star knocks its tree down."
    end
  else
    lines[1] = string.format("Dice set aside: %d of 5 stars%s", #aside,
      #aside > 0 and " (" .. table.concat(aside, ", ") .. ")" or "")
    lines[2] = string.format("Rolled this turn: %s   left to use: %d fairy, %d snake, %d tree",
      #rolled > 0 and table.concat(rolled, ", ") or "-", s.roll.fairy, s.roll.snake, s.roll.tree)
  end
  return table.concat(lines, "\n")
end

local function plural(n, word)
  return string.format("%d %s%s", n, word, n == 1 and "" or "s")
end

local function snake_where(s, snake)
  local on, at = snake_place(s, snake)
  if on == ON_TREE then return "at " .. point_name(s, at) end
  if on == ON_PATH then return "on the path " .. path_name(s, at) end
  return "not placed"
end

local function fairy_where(s, seat)
  local state = fairy_state(s, seat)
  if state == HOME then return string.format("fairy home among the stars (%s)", ORDINAL[s.home_order:get(seat)]) end
  if state == NOT_PLACED then return "fairy not placed" end
  local where = point_name(s, fairy_tree(s, seat))
  if state == LAID_DOWN then return "fairy lying down at " .. where .. " (a falling star revives it)" end
  return "fairy at " .. where
end

local PROMPT = {
  [PHASE.knock] = "knock down a standing tree (knock c3)",
  [PHASE.plant] = "plant a tree next to the forest (plant a1)",
  [PHASE.snake] = "place your snake on a tree or a path (snake N c3, snake N b2-c2)",
  [PHASE.fairy] = "place your fairy on a standing tree without a snake (fairy c3)",
  [PHASE.fall] = "choose the tree the star falls on (star d4)",
  [PHASE.fall_knocking] = "choose the tree the star falls on and knocks down (star d4)",
  [PHASE.move] = "move your fairy or snakes (fairy c3, snake N b2-c2), then end",
}

local function render(s)
  local lines = {
    forest_picture(s),
    "T tree  x knocked-down tree  * star (*2 two)  F1 fairy of seat 1 (f1 lying down)  S2 snake 2  --- | \\ / paths",
  }
  if s.rules.snakes_on_paths == 0 then lines[#lines + 1] = "Variant Scaredy-snake: snakes stay on trees." end
  if s.rules.stars_per_visit == ALL_STARS then lines[#lines + 1] = "Variant Star Fluke: a visit collects every star." end
  lines[#lines + 1] = dice_text(s)
  for seat = 1, s.players do
    local mark = ""
    if not turns.over(s) and seat == turns.seat(s) then mark = "   <- " .. PROMPT[turns.phase(s)] end
    lines[#lines + 1] = string.format("%s: %s, %s, %s; snake %d %s%s", draw.seat(seat, "Seat " .. seat), fairy_where(s, seat),
      plural(s.hearts:get(seat), "heart"), plural(s.stars:get(seat), "star"), seat, snake_where(s, seat), mark)
  end
  if turns.over(s) then lines[#lines + 1] = "The game is over: " .. result(s).text .. "." end
  return table.concat(lines, "\n")
end

return game.define {
  name = "starfall",
  title = "Starfall Forest",
  version = "1.0",          -- of these rules: saves made under another version are refused
  players = { min = 2, max = 4 },
  variants = { "scaredy-snake", "star-fluke" },
  setup = setup,
  actor = actor,
  moves = moves,
  apply = apply,
  result = result,
  render = render,
  describe = describe,
  parse = parse,
  score = score,
  evaluate = evaluate,
}
