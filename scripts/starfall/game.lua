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
local FACE_NAME = { star = "star", shooting = "shooting star", fairy = "fairy", snake = "snake", tree = "tree" }
local HEARTS = 3                 -- a fairy's health, and what a traded star gives back
local STARS_TO_GO_HOME = 5
local KNOCKING_STARS = 2         -- the roll completing the five set aside this many: the tree falls too
-- A star falls at least 2 path steps from the roller's fairy: on no tree
-- that is the fairy's or joined to it by a path.

-- The numbers a designer may change (grove play starfall --set NAME=VALUE);
-- the rules read them from s.options.
local OPTIONS = {
  { name = "dice", default = DICE, min = 1, max = 9,
    help = "the dice in the cup: a star falls when all of them are set aside" },
  { name = "stars_home", default = STARS_TO_GO_HOME, min = 1, max = 20,
    help = "the stars a fairy collects to go home" },
  { name = "hearts", default = HEARTS, min = 1, max = 9,
    help = "a fairy's hearts, and what a traded star or a revival gives back" },
  { name = "knocking_stars", default = KNOCKING_STARS, min = 1, max = 9,
    help = "the stars set aside by the roll that completes the dice for the star to knock its tree down" },
}
local NUMBER_WORD = { "one", "two", "three", "four", "five", "six", "seven", "eight", "nine" }
local NTH_WORD = { "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth" }

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

-- What the rules tell (s:say) -------------------------------------------------

local ORDINAL_OF = { "1st", "2nd", "3rd", "4th" }

local function named(s, point) return LATTICE[s.players].name[point] or ("point " .. point) end

local function hearts_text(n) return n == 1 and "1 heart" or (n .. " hearts") end
local function stars_text(n) return n == 1 and "1 star" or (n .. " stars") end

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
  s:dice("cup", s.options.dice, FACES)          -- the five dice
  s:pool("hearts", { per_seat = true, value = s.options.hearts, max = s.options.hearts })
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
  if s.narrating then
    s:say("Seat %d's fairy holds %s and flies home among the stars (%s).", seat, stars_text(s.stars:get(seat)),
      ORDINAL_OF[s.home_order:get(seat)])
  end
  if s.home:get() >= s.players - 1 then
    s:say("Every fairy but one is home: the game is over.")
    turns.end_now(s)
  end
end

--- A fairy at a tree holding stars collects one (Star Fluke: all of them);
--- with 5 stars it goes home.
local function visit(s, seat, tree)
  local stars = s.forest:get(tree, "stars")
  if stars == 0 then return end
  local take = collectable(s, stars)
  s.forest:add(tree, "stars", -take)
  local held = s.stars:add(seat, take)
  if s.narrating then
    s:say("Seat %d's fairy collects %s at %s: it holds %s.", seat, take == 1 and "a star" or stars_text(take),
      named(s, tree), stars_text(held))
  end
  if held >= s.options.stars_home then go_home(s, seat) end
end

-- 7. Getting bit ---------------------------------------------------------------------

--- A star traded for 3 hearts (automatically, when a bite finds no heart).
local function trade_star(s, seat)
  s.stars:take(seat, 1)
  s.traded:add(1)
  s.hearts:set(seat, s.options.hearts)
  if s.narrating then s:say("Seat %d's fairy has no heart left: it trades a star for %s.", seat, hearts_text(s.options.hearts)) end
end

--- One bite costs a heart; with no heart a star is traded for 3 first; with
--- no star either, the fairy succumbs and is laid down.
local function bite(s, seat)
  if s.hearts:get(seat) == 0 then
    if s.stars:get(seat) == 0 then
      s.fairy_state:set(seat, LAID_DOWN)
      if s.narrating then
        s:say("A snake bites seat %d's fairy at %s: with no heart and no star left, it succumbs and lies down.",
          seat, named(s, fairy_tree(s, seat)))
      end
      return
    end
    trade_star(s, seat)
  end
  s.hearts:take(seat, 1)
  if s.narrating then
    s:say("A snake bites seat %d's fairy at %s: %s left.", seat, named(s, fairy_tree(s, seat)),
      hearts_text(s.hearts:get(seat)))
  end
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
  s.hearts:set(seat, s.options.hearts)
  s.fallen:add(1)
  s.revived:add(1)
  if s.narrating then
    s:say("A star falls, and its dust revives seat %d's fairy at %s (%s).", seat, named(s, fairy_tree(s, seat)),
      hearts_text(s.options.hearts))
  end
end

-- 3. The dice --------------------------------------------------------------------------

--- After a fall every die is back in play: the next player rolls all five.
local function release_dice(s)
  for die = 1, s.options.dice do s.cup:set_aside(die, false) end
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

--- The last die is aside (the fifth, under the rule text): a star falls. It revives a laid-down fairy if
--- there is one; otherwise the roller chooses its tree (a move), which it
--- knocks down if the completing roll set aside two or more stars.
local function star_falls(s, stars_in_roll)
  local seat = first_laid_down(s, s.turn.seat)
  if seat then
    revive(s, seat)
    release_dice(s)
    turns.set_phase(s, PHASE.move)
  elseif stars_in_roll >= s.options.knocking_stars then
    if s.narrating then
      s:say("The %s star is set aside: a star falls, and it knocks its tree down (the roll set aside %d stars). "
        .. "Seat %d chooses the tree.", NTH_WORD[s.options.dice], stars_in_roll, s.turn.seat)
    end
    turns.set_phase(s, PHASE.fall_knocking)
  else
    s:say("The %s star is set aside: a star falls! Seat %d chooses the tree.", NTH_WORD[s.options.dice], s.turn.seat)
    turns.set_phase(s, PHASE.fall)
  end
end

--- Roll every die not set aside; set aside the stars, less one for each
--- shooting star; the fairy, snake and tree faces are this turn's steps.
--- (The dice set aside all show stars, so every other face counted among
--- all five dice is one of this roll.)
--- What a roll was: the faces of the dice rolled, the stars set aside.
local function tell_roll(s, keep)
  local dice, faces = s.cup, {}
  for _ = 1, keep do faces[#faces + 1] = "star" end
  for _, die in ipairs({ dice:free() }) do faces[#faces + 1] = FACE_NAME[dice:value(die)] end
  local aside = dice:count("star", "aside")
  s:say("Seat %d rolls %s: %s set aside (%d of %d).", s.turn.seat, table.concat(faces, ", "),
    keep > 0 and stars_text(keep) or "no star", aside, s.options.dice)
end

local function roll_the_dice(s)
  local dice, roll = s.cup, s.roll
  dice:roll_free()
  local keep = dice:count("star", "free") - dice:count("shooting")
  if keep > 0 then set_aside_stars(dice, keep, dice:free()) end
  if s.narrating then tell_roll(s, math.max(keep, 0)) end
  roll.fairy = dice:count("fairy")
  roll.snake = dice:count("snake")
  roll.tree = dice:count("tree")
  -- The five were not all aside before this roll: only a roll that sets
  -- a star aside can complete them.
  if keep > 0 and dice:count("star", "aside") == s.options.dice then
    star_falls(s, keep)
  else
    turns.set_phase(s, PHASE.move)
  end
end

--- The star lands on the chosen tree; then the steps of this roll (none:
--- every die rolled was set aside) and all five dice to the next player.
local function land_star(s, tree)
  s.forest:add(tree, "stars", 1)
  s.fallen:add(1)
  release_dice(s)
  turns.set_phase(s, PHASE.move)
end

--- A completing roll of two or more stars: the star knocks its tree down
--- and lands on it.
local function land_star_knocking_down(s, tree)
  s.forest:set(tree, "tree", KNOCKED_DOWN)
  if s.narrating then s:say("The star knocks the tree at %s down.", named(s, tree)) end
  land_star(s, tree)
end

--- The dice left once a step is paid: a fairy die pays for a fairy step and
--- a snake die for a snake step; a tree die pays for either, only when no
--- die of the step's own kind is left (this never takes an option away).
local function pay(face, fairy_dice, snake_dice, tree_dice)
  if face == "fairy" and fairy_dice > 0 then return fairy_dice - 1, snake_dice, tree_dice end
  if face == "snake" and snake_dice > 0 then return fairy_dice, snake_dice - 1, tree_dice end
  return fairy_dice, snake_dice, tree_dice - 1
end

--- Pay for a step from this roll's dice, as `pay` says.
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

--- The snake goes to `at`: a tree's node, or minus a path's edge (as the
--- pool snake_at keeps it).
local function move_snake(s, snake, at)
  local forest = s.forest
  local was = s.snake_at:get(snake)
  if was > 0 then forest:add(was, "snakes", -1)
  elseif was < 0 then forest:edge_set(-was, EDGE_FIELDS[snake], 0) end
  if at > 0 then forest:add(at, "snakes", 1)
  else forest:edge_set(-at, EDGE_FIELDS[snake], 1) end
  s.snake_at:set(snake, at)
end

--- One step of the roller's fairy to a neighbouring tree; it collects a
--- star there if the tree holds one.
local function step_fairy(s, to)
  local seat = s.turn.seat
  move_fairy(s, seat, to)
  spend(s, "fairy")
  visit(s, seat, to)
end

--- `snake N c3` or `snake N b2-c2` in a turn: snake N steps to that tree,
--- or onto that path. (The move of each snake and kind of place.)
local function step_snake(snake, on_path)
  return function(s, place)
    move_snake(s, snake, on_path and -place or place)
    spend(s, "snake")
  end
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

-- 4. "Fairies can not end a move at a knocked down tree. They can go to a
-- knocked down tree but they must in the same turn move away from the
-- knocked down tree again." ------------------------------------------------------------
--
-- So a fairy may step onto a knocked-down tree only if some use of the dice
-- still left after that step takes it off again: onto a standing tree, or
-- home (the stars it collects on the way may make five). The dice left may
-- be used in any order the turn allows, snake dice included: a snake moved
-- out of the way can open the fairy's way off. While the fairy is at a
-- knocked-down tree, `end` is not offered, and a snake step only if a way
-- off is left after it. The search below tries the steps the dice allow, one
-- at a time, and takes back whatever it tried.

local way_off           -- the search; the steps it tries call it again

--- Is one of the trees given standing?
local function any_standing(s, tree, ...)
  if not tree then return false end
  if is_standing(s, tree) then return true end
  return any_standing(s, ...)
end

--- Fairy steps alone, the usual case: can the fairy at `tree` reach a
--- standing tree in at most `steps` steps, along paths with no snake,
--- through trees with no snake?
local function can_walk_off(s, tree, steps)
  if steps <= 0 then return false end
  local forest = s.forest
  if forest:neighbors(tree, OPEN_STANDING, NO_SNAKE_PATH) then return true end     -- one step does
  if steps == 1 then return false end
  return any_standing(s, forest:reach(tree, steps, NO_SNAKE_TREE, NO_SNAKE_PATH))
end

--- The trees within `steps` of `tree`, snakes or not (the only trees the
--- fairy can still go to), as bits; whether one of them is standing; the
--- stars on them.
local function within_reach(s, tree, steps)
  local forest, near, standing, stars = s.forest, 0, false, 0
  for _, other in ipairs({ forest:reach(tree, steps) }) do
    near = near | (1 << other)
    standing = standing or is_standing(s, other)
    stars = stars + forest:get(other, "stars")
  end
  return near, standing, stars
end

--- Is a snake at `at` (a node, or minus an edge) where the fairy might
--- still go: at a tree of `near`, or on a path between two of them?
local function in_the_way(s, at, near)
  if at > 0 then return near & (1 << at) ~= 0 end
  local a, b = s.forest:ends(-at)
  return near & (1 << a) ~= 0 and near & (1 << b) ~= 0
end

--- The fairy enters the knocked-down `tree` and collects there: is it then
--- home, or can it get off again with the dice left? (`collected`: the
--- stars it collected earlier on this way, beside those it holds.)
local function enter_knocked_down(s, look, tree, collected, fairy_dice, snake_dice, tree_dice)
  local stars = s.forest:get(tree, "stars")
  if stars == 0 then return way_off(s, look, tree, collected, fairy_dice, snake_dice, tree_dice) end
  local take = collectable(s, stars)
  if s.stars:get(look.seat) + collected + take >= s.options.stars_home then return true end   -- home among the stars
  s.forest:add(tree, "stars", -take)                          -- try it, look, put them back
  local ok = way_off(s, look, tree, collected + take, fairy_dice, snake_dice, tree_dice)
  s.forest:add(tree, "stars", take)
  return ok
end

--- Does a fairy step to one of the knocked-down trees given lead off? (The
--- dice are those left once the step is paid.)
local function a_fairy_step_leads_off(s, look, collected, fairy_dice, snake_dice, tree_dice, ...)
  for i = 1, select("#", ...) do
    if enter_knocked_down(s, look, (select(i, ...)), collected, fairy_dice, snake_dice, tree_dice) then
      return true
    end
  end
  return false
end

--- The snake a snake move moves, and where to (a node, or minus an edge).
local function snake_move(kind, place)
  local snake = SNAKE_OF[kind]
  if kind == SNAKE_TO_PATH[snake] then return snake, -place end
  return snake, place
end

--- Where snake N may step now (snake_steps lists them), as nodes and minus
--- edges.
local function snake_destinations(s, snake)
  local list = {}
  local into_list = {
    add_all = function(_, kind, ...)
      for i = 1, select("#", ...) do list[#list + 1] = select(2, snake_move(kind, (select(i, ...)))) end
    end,
  }
  snake_steps(s, into_list, snake, s.rules.snakes_on_paths == 1)
  return list
end

--- The snake steps to `at`: can the fairy at `here` still get off with the
--- dice left (once that step is paid)? `first_snake` as for way_off.
local function way_off_after_snake_step(s, look, snake, at, here, collected, fairy_dice, snake_dice, tree_dice,
    first_snake)
  local was = s.snake_at:get(snake)
  move_snake(s, snake, at)                              -- try it, look, take it back
  local ok = way_off(s, look, here, collected, fairy_dice, snake_dice, tree_dice, first_snake)
  move_snake(s, snake, was)
  return ok
end

--- Is an earlier snake, from `first` on, at the same place? (Moving either
--- is the same.)
local function shares_a_place(s, first, snake, at)
  for other = first, snake - 1 do
    if s.snake_at:get(other) == at then return true end
  end
  return false
end

--- Where it is worth trying to move a snake that is in the fairy's way:
--- out of `near` if it can go there in one step (one such place is as
--- good as another, and better than any place in `near`: a snake only ever
--- blocks, and out there it never can); else each place it can go to.
local function worth_trying(s, snake, near)
  local places = snake_destinations(s, snake)
  for _, to in ipairs(places) do
    if not in_the_way(s, to, near) then return { to } end
  end
  return places
end

--- Does some snake step lead to a way off? (The dice are those left once
--- the step is paid.) Only a snake the fairy might meet (in_the_way) is
--- worth moving. Steps of two snakes one after the other come to the same
--- in either order, so the search takes them in the snakes' order: after
--- the search moved snake N, before the fairy steps again, it moves snake
--- N or a later one (`first`). (Not after a step the player chose: any
--- snake may follow that.)
local function a_snake_step_leads_off(s, look, here, collected, fairy_dice, snake_dice, tree_dice, near, first)
  for snake = first, s.players do
    local at = s.snake_at:get(snake)
    if in_the_way(s, at, near) and not shares_a_place(s, first, snake, at) then
      for _, to in ipairs(worth_trying(s, snake, near)) do
        if way_off_after_snake_step(s, look, snake, to, here, collected, fairy_dice, snake_dice, tree_dice, snake) then
          return true
        end
      end
    end
  end
  return false
end

--- The snakes' places, the fairy's tree and the dice left: a position of
--- the search (when no star was collected on the way: the stars taken on
--- the way would make it another).
local function position(s, here, fairy_dice, snake_dice, tree_dice, first_snake)
  local key = { here, fairy_dice, snake_dice, tree_dice, first_snake }
  for snake = 1, s.players do key[#key + 1] = s.snake_at:get(snake) end
  return table.concat(key, " ")
end

--- Can the fairy at the knocked-down tree `here` get off it this turn with
--- these dice: end on a standing tree, or go home? `look` is the search:
--- whose fairy (`look.seat`), and the positions it found no way off from
--- (`look.failed`: many orders of the same steps lead to one position).
--- `first_snake`: see a_snake_step_leads_off (1 when not given).
way_off = function(s, look, here, collected, fairy_dice, snake_dice, tree_dice, first_snake)
  local steps = fairy_dice + tree_dice                  -- the most steps the fairy can still take
  if can_walk_off(s, here, steps) then return true end
  if steps == 0 then return false end
  -- Else only stars collected on the way or snakes moved out of the way
  -- can do it: not with too few stars and no standing tree within reach,
  -- nor with too few stars and no die left to move a snake.
  local near, standing, stars = within_reach(s, here, steps)
  local home_in_reach = s.stars:get(look.seat) + collected + stars >= s.options.stars_home
  local snakes_can_move = snake_dice + tree_dice > 0
  if not home_in_reach and not (standing and snakes_can_move) then return false end
  first_snake = first_snake or 1
  local key = collected == 0 and position(s, here, fairy_dice, snake_dice, tree_dice, first_snake)
  if key and look.failed and look.failed[key] then return false end
  -- A fairy step onto a knocked-down tree (onto a standing one would have
  -- done above), then on from there; or a snake step, then on from here.
  local f, n, t = pay("fairy", fairy_dice, snake_dice, tree_dice)
  local ok = a_fairy_step_leads_off(s, look, collected, f, n, t,
    s.forest:neighbors(here, OPEN_KNOCKED_DOWN, NO_SNAKE_PATH))
  if not ok and snakes_can_move then
    f, n, t = pay("snake", fairy_dice, snake_dice, tree_dice)
    if t < tree_dice then near = within_reach(s, here, f + t) end     -- a tree die paid: the fairy reaches less far
    ok = a_snake_step_leads_off(s, look, here, collected, f, n, t, near, first_snake)
  end
  if not ok and key then
    look.failed = look.failed or {}
    look.failed[key] = true
  end
  return ok
end

--- Each knocked-down tree given, as a move, if the roller's fairy has a
--- way off it with these dice (those left after the step onto it).
local function add_if_way_off(s, out, seat, fairy_dice, snake_dice, tree_dice, tree, ...)
  if not tree then return end
  if can_walk_off(s, tree, fairy_dice + tree_dice)                        -- the usual case, first
    or (fairy_dice + tree_dice > 0 or s.forest:get(tree, "stars") > 0)    -- with no step left, only stars there can
      and enter_knocked_down(s, { seat = seat }, tree, 0, fairy_dice, snake_dice, tree_dice) then
    out:add(MOVE.fairy, tree)
  end
  return add_if_way_off(s, out, seat, fairy_dice, snake_dice, tree_dice, ...)
end

--- Of the knocked-down trees given, those the roller's fairy may step to
--- now, as moves.
local function add_knocked_down(s, out, seat, tree, ...)
  if not tree then return end
  local roll = s.roll
  local fairy_dice, snake_dice, tree_dice = pay("fairy", roll.fairy, roll.snake, roll.tree)
  return add_if_way_off(s, out, seat, fairy_dice, snake_dice, tree_dice, tree, ...)
end

--- The fairy steps to a neighbouring tree with no snake, along a path with
--- no snake: any standing one, and a knocked-down one it may pass through.
local function fairy_steps(s, out, seat, here)
  local forest = s.forest
  out:add_all(MOVE.fairy, forest:neighbors(here, OPEN_STANDING, NO_SNAKE_PATH))
  add_knocked_down(s, out, seat, forest:neighbors(here, OPEN_KNOCKED_DOWN, NO_SNAKE_PATH))
end

--- The snake steps of a turn whose fairy is at a knocked-down tree: the
--- usual ones (listed through a stand-in for `out`), kept if they leave the
--- fairy a way off.
local function snake_steps_held_up(s, out, seat, paths_too)
  local roll, here, look = s.roll, fairy_tree(s, seat), { seat = seat }
  local fairy_dice, snake_dice, tree_dice = pay("snake", roll.fairy, roll.snake, roll.tree)
  local keep_if_way_off = {
    add_all = function(_, kind, ...)
      for i = 1, select("#", ...) do
        local place = select(i, ...)
        local snake, at = snake_move(kind, place)
        if way_off_after_snake_step(s, look, snake, at, here, 0, fairy_dice, snake_dice, tree_dice, 1) then
          out:add(kind, place)
        end
      end
    end,
  }
  for snake = 1, s.players do snake_steps(s, keep_if_way_off, snake, paths_too) end
end

--- Each fairy die moves the roller's fairy a step, each snake die any
--- snake, each tree die either; every step is optional; `end` ends the
--- movement, but not while the fairy is at a knocked-down tree.
local function movement_moves(s, out)
  local roll, seat = s.roll, s.turn.seat
  local up = s.fairy_state:get(seat) == UP
  local here = up and s.fairy_at:get(seat)
  local held_up = up and s.forest:get(here, "tree") == KNOCKED_DOWN
  if up and roll.fairy + roll.tree > 0 then fairy_steps(s, out, seat, here) end
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

--- With only fairy dice left, can the roller's fairy still take a step?
--- It needs a fairy die and an open way.
local function fairy_can_step(s, seat)
  local roll = s.roll
  if roll.fairy == 0 or s.fairy_state:get(seat) ~= UP then return false end
  local forest, here = s.forest, s.fairy_at:get(seat)
  if forest:neighbors(here, OPEN_STANDING, NO_SNAKE_PATH) then return true end
  local fairy_dice, snake_dice, tree_dice = pay("fairy", roll.fairy, roll.snake, roll.tree)
  return a_fairy_step_leads_off(s, { seat = seat }, 0, fairy_dice, snake_dice, tree_dice,
    forest:neighbors(here, OPEN_KNOCKED_DOWN, NO_SNAKE_PATH))
end

--- A turn with no step left ends by itself (after the last die is used,
--- after a star fell, after a roll with nothing to move), and so may the
--- next player's.
local function settle(s)
  local turn, roll = s.turn, s.roll
  while turn.phase == PHASE.move and turn.over == 0 do
    -- some snake can always step while a snake or tree die is left
    if roll.snake + roll.tree > 0 or fairy_can_step(s, turn.seat) then return end
    if s.narrating then s:say("Seat %d has no step left: the turn ends.", turn.seat) end
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
local function star_targets(s, out)
  local forest, seat = s.forest, s.turn.seat
  if fairy_state(s, seat) ~= UP then return out:add_all(MOVE.star, forest:nodes(NO_FAIRY)) end
  local near = bits(forest:neighbors(fairy_tree(s, seat)))
  out:add_all(MOVE.star, trees_not_in(near, forest:nodes(NO_FAIRY)))
end

-- 2. Setup rounds ------------------------------------------------------------------------

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

--- Round 1: knock down a standing tree.
local function standing_trees(s, out)
  out:add_all(MOVE.knock, s.forest:nodes(TREE_STANDING))
end

local function knock_down(s, tree)
  s.forest:set(tree, "tree", KNOCKED_DOWN)
  next_setup_turn(s)
end

--- Round 2: add a tree on an empty lattice point next to a tree (a path
--- joins it to every neighbouring tree).
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

local function plant(s, point)
  add_tree(s, point)
  next_setup_turn(s)
end

--- Round 3: your snake on any tree or any path.
local function snake_places(s, out)
  local seat = s.turn.seat
  out:add_all(SNAKE_TO_TREE[seat], s.forest:nodes())
  if s.rules.snakes_on_paths == 1 then out:add_all(SNAKE_TO_PATH[seat], s.forest:all_edges()) end
end

--- `snake N c3` or `snake N b2-c2` in round 3: snake N goes to that tree,
--- or onto that path. (The move of each snake and kind of place.)
local function place_snake(snake, on_path)
  return function(s, place)
    move_snake(s, snake, on_path and -place or place)
    next_setup_turn(s)
  end
end

--- Round 4: your fairy on a standing tree without a snake.
local function fairy_places(s, out)
  out:add_all(MOVE.fairy, s.forest:nodes(OPEN_STANDING))
end

local function place_fairy(s, tree)
  local seat = s.turn.seat
  move_fairy(s, seat, tree)
  s.fairy_state:set(seat, UP)
  next_setup_turn(s)
end

-- The turn, phase by phase ------------------------------------------------------------------

--- A phase's moves, plus the snake moves: a kind per snake and kind of
--- place (`snake 2 c3` is kind "snake2", `snake 2 b2-c2` "snake2 path"),
--- each played by move_of(snake, on_path).
local function with_snake_moves(phase, move_of)
  for snake = 1, MAX_SNAKES do
    phase["snake" .. snake] = move_of(snake, false)
    phase["snake" .. snake .. " path"] = move_of(snake, true)
  end
  return phase
end

--- What each phase asks of the player, what it offers and what each move
--- does there. Between the moves the rules act by themselves: the dice roll
--- at the start of a turn (begin_turn), the snakes bite at its end
--- (end_turn), and after every move a turn with no step left ends (settle,
--- the definition's after_move).
local PHASES = game.phases(PHASE, MOVE, {
  -- "Next come four rounds in which each player in turn does the following:"
  -- "knock down a tree", "add a tree", "place a snake", "place his/her fairy".
  knock = { prompt = "knock down a standing tree (knock c3)",
    offer = standing_trees, knock = knock_down },
  plant = { prompt = "plant a tree next to the forest (plant a1)",
    offer = plant_targets, plant = plant },
  snake = with_snake_moves({ prompt = "place your snake on a tree or a path (snake N c3, snake N b2-c2)",
    offer = snake_places }, place_snake),
  fairy = { prompt = "place your fairy on a standing tree without a snake (fairy c3)",
    offer = fairy_places, fairy = place_fairy },
  -- "Once 5 stars are collected, a star will fall down into the forest. The
  -- player that rolled the fifth star gets to choose at which tree";
  -- "if multiple stars are collected in the same roll", it knocks that tree over.
  fall = { prompt = "choose the tree the star falls on (star d4)",
    offer = star_targets, star = land_star },
  fall_knocking = { prompt = "choose the tree the star falls on and knocks down (star d4)",
    offer = star_targets, star = land_star_knocking_down },
  -- "Move his/her fairy and/or one or more snakes based on the outcome of
  -- the dice rolls", then pass the dice on.
  move = with_snake_moves({ prompt = "move your fairy or snakes (fairy c3, snake N b2-c2), then end",
    offer = movement_moves, fairy = step_fairy, ["end"] = end_turn }, step_snake),
})

-- The rule-script contract -----------------------------------------------------------------

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
    text = string.format("every fairy but one is home: seat %d's fairy went home first", winners[1]),
  }
end

-- What the rules keep true -------------------------------------------------------------------

local MOST = 1 << 30

--- Conditions "field at least k" for k = 1 .. n (see total).
local function at_least(field, n)
  local list = {}
  for k = 1, n do list[k] = grove.cond { [field] = { k, MOST } } end
  return list
end

local AT_LEAST = { stars = at_least("stars", 5), fairies = at_least("fairies", 4), snakes = at_least("snakes", 4) }
local NEGATIVE = {}
for k, field in ipairs(NODE_FIELDS) do NEGATIVE[k] = grove.cond { [field] = { -MOST, -1 } } end
local KNOCKED_DOWN_TREE = grove.cond { tree = KNOCKED_DOWN }
local SNAKE_ON_THIS_PATH = {}
for snake = 1, MAX_SNAKES do SNAKE_ON_THIS_PATH[snake] = grove.cond { [EDGE_FIELDS[snake]] = 1 } end
local FACES_TO_STEP = { "fairy", "snake", "tree" }
local BASE_TREES = {}
for players, lat in pairs(LATTICE) do
  BASE_TREES[players] = 0
  for point = 1, lat.points do
    if lat.base[point] then BASE_TREES[players] = BASE_TREES[players] + 1 end
  end
end

--- A node field summed over the forest: the trees holding k or more,
--- summed over k (a few host calls while the numbers are small; tree by
--- tree when some tree holds more).
local function total(s, field)
  local forest, sum, conds = s.forest, 0, AT_LEAST[field]
  for k = 1, #conds do
    local trees = forest:count(conds[k])
    if trees == 0 then return sum end
    sum = sum + trees
  end
  sum = 0
  for _, tree in ipairs({ forest:nodes(conds[1]) }) do sum = sum + forest:get(tree, field) end
  return sum
end

--- The pieces of one kind (fairies or snakes) at trees: `trees[k]` is the
--- tree piece k is at (0 if at none). Each tree's `field` counts exactly
--- the pieces there, and no other tree holds any.
local function check_counted(s, field, trees)
  local forest, on_trees = s.forest, 0
  for k = 1, #trees do
    local tree = trees[k]
    if tree > 0 then
      on_trees = on_trees + 1
      local here = 0
      for other = 1, #trees do
        if trees[other] == tree then here = here + 1 end
      end
      local counted = forest:get(tree, field)
      if counted ~= here then
        game.broken("%s at %s: %d on the tree, %d there by their places", field, LATTICE[s.players].name[tree], counted, here)
      end
    end
  end
  local counted = total(s, field)
  if counted ~= on_trees then game.broken("%d %s on the trees, %d by their places", counted, field, on_trees) end
end

--- The fairies (hearts stay 0-3 and stars at 0 or more by the pools'
--- bounds, declared in setup): a fairy in the forest is at a tree, holds
--- fewer than 5 stars (with 5 it goes home at once), and is at a standing
--- tree unless it is the roller's in the middle of its steps; a laid-down
--- fairy has no heart and no star; a fairy home holds 5 or more and went
--- home 1st, 2nd ... Returns the stars the players hold.
local function check_fairies(s, placed)
  local forest, turn, players = s.forest, s.turn, s.players
  local home, held, orders, trees = 0, 0, 0, {}
  for seat = 1, players do
    local stars, state = s.stars:get(seat), s.fairy_state:get(seat)
    local at, order = s.fairy_at:get(seat), s.home_order:get(seat)
    held = held + stars
    trees[seat] = (state == UP or state == LAID_DOWN) and at or 0
    if state == HOME then
      home = home + 1
      if stars < s.options.stars_home then game.broken("seat %d's fairy is home with %d stars", seat, stars) end
      if at ~= 0 then game.broken("seat %d's fairy is home and at a tree", seat) end
      if order < 1 or order >= players or orders & (1 << order) ~= 0 then game.broken("seat %d went home %d", seat, order) end
      orders = orders | (1 << order)
    elseif state == NOT_PLACED then
      if placed then game.broken("seat %d's fairy is not placed after setup", seat) end
      if at ~= 0 or order ~= 0 then game.broken("seat %d's fairy is not placed but has a place or a home order", seat) end
    else
      if order ~= 0 then game.broken("seat %d's fairy is in the forest but went home %d", seat, order) end
      if at == 0 or not forest:alive(at) then game.broken("seat %d's fairy is at no tree (%d)", seat, at) end
      if stars >= s.options.stars_home then game.broken("seat %d's fairy holds %d stars and is not home", seat, stars) end
      if state == LAID_DOWN and (s.hearts:get(seat) > 0 or stars > 0) then
        game.broken("seat %d's fairy lies down with %d hearts and %d stars", seat, s.hearts:get(seat), stars)
      end
      -- "Fairies can not end a move at a knocked down tree."
      if not is_standing(s, at) and not (state == UP and seat == turn.seat and turn.phase == PHASE.move
          and turn.over == 0) then
        game.broken("seat %d's fairy is at a knocked-down tree out of its steps", seat)
      end
    end
  end
  if s.home:get() ~= home then game.broken("%d fairies home, the pool says %d", home, s.home:get()) end
  if orders ~= (1 << (home + 1)) - 2 then game.broken("the fairies home did not go home 1st, 2nd ...") end
  if (turn.over == 1) ~= (home == players - 1) then
    game.broken("%d of %d fairies home and the game %s", home, players, turn.over == 1 and "over" or "not over")
  end
  check_counted(s, "fairies", trees)
  return held
end

--- The snakes: each at one tree or on one path (after setup round 3),
--- never on a path under Scaredy-snake; the trees and paths say the same.
local function check_snakes(s, placed)
  local forest, trees = s.forest, {}
  for snake = 1, s.players do
    local at = s.snake_at:get(snake)
    trees[snake] = math.max(at, 0)
    local paths = select("#", forest:all_edges(SNAKE_ON_THIS_PATH[snake]))
    if paths ~= (at < 0 and 1 or 0) then game.broken("snake %d is on %d paths", snake, paths) end
    if at > 0 then
      if not forest:alive(at) then game.broken("snake %d is at no tree (%d)", snake, at) end
    elseif at < 0 then
      if not forest:edge_alive(-at) or forest:edge_get(-at, EDGE_FIELDS[snake]) ~= 1 then
        game.broken("snake %d is on no path", snake)
      end
      if s.rules.snakes_on_paths == 0 then game.broken("snake %d is on a path under Scaredy-snake", snake) end
    elseif placed then
      game.broken("snake %d is not placed after setup", snake)
    end
  end
  for snake = s.players + 1, MAX_SNAKES do              -- no such snake: on no path
    if forest:all_edges(SNAKE_ON_THIS_PATH[snake]) then game.broken("snake %d is on a path, of %d snakes", snake, s.players) end
  end
  check_counted(s, "snakes", trees)
end

--- What the rules keep true after every move: every star, snake and fairy
--- is in one place and counted there once; no count goes negative or past
--- its bound (a fairy's hearts 0-3, by its pool); the forest only grows in
--- setup; a turn never leaves a fairy on a knocked-down tree. Raises,
--- naming what broke.
local function invariants(s)
  local forest, turn, players = s.forest, s.turn, s.players
  local phase = turn.phase
  if turn.seat < 1 or turn.seat > players then game.broken("seat %d to play, of %d", turn.seat, players) end
  if phase < PHASE.knock or phase > PHASE.move then game.broken("no phase %d", phase) end
  local setup_round = phase <= PHASE.fairy and turn.over == 0 and phase

  -- The forest: the base trees and one planted by each player in round 2;
  -- trees are never removed, and a knocked-down tree never stands again.
  local trees, base = forest:count(), BASE_TREES[players]
  local planted = not setup_round or setup_round > PHASE.plant
  if trees < base or trees > base + players or (planted and trees ~= base + players) then
    game.broken("%d trees (the base forest has %d, each player plants one)", trees, base)
  end
  if setup_round ~= PHASE.knock then
    local knocked = forest:count(KNOCKED_DOWN_TREE)
    if knocked < players then game.broken("%d knocked-down trees after setup round 1", knocked) end
  end
  for k = 1, #NODE_FIELDS do
    if forest:count(NEGATIVE[k]) > 0 then game.broken("a tree has fewer than 0 %s", NODE_FIELDS[k]) end
  end
  local rules = s.rules
  if rules.snakes_on_paths ~= 0 and rules.snakes_on_paths ~= 1 then
    game.broken("rules.snakes_on_paths is %d", rules.snakes_on_paths)
  end
  if rules.stars_per_visit < 0 then game.broken("rules.stars_per_visit is %d", rules.stars_per_visit) end

  -- The dice (five, by the component): those set aside show stars; this
  -- roll's steps left are no more than the dice showing them.
  local dice = s.cup
  local aside, stars_aside = select("#", dice:aside()), dice:count("star", "aside")
  if stars_aside ~= aside then game.broken("%d dice set aside, %d of them stars", aside, stars_aside) end
  for k = 1, #FACES_TO_STEP do
    local face = FACES_TO_STEP[k]
    local left, showing = s.roll[face], dice:count(face)
    if left < 0 or left > showing then game.broken("%d %s steps left, %d dice show it", left, face, showing) end
  end

  -- The pieces.
  local held = check_fairies(s, not setup_round)
  check_snakes(s, not setup_round or setup_round > PHASE.snake)

  -- The stars: every star that fell is on a tree, held, traded for hearts or
  -- spent reviving a fairy.
  local fallen, traded, revived = s.fallen:get(), s.traded:get(), s.revived:get()
  if revived > fallen then game.broken("%d stars fell, %d revived a fairy", fallen, revived) end
  local on_trees = total(s, "stars")
  if fallen ~= on_trees + held + traded + revived then
    game.broken("%d stars fell, %d on trees + %d held + %d traded + %d revived", fallen, on_trees, held, traded, revived)
  end
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
  local n = s.options.dice
  if phase < PHASE.fall then return string.format("Dice: not rolled yet (the first turn rolls all %s).", NUMBER_WORD[n]) end
  local dice, aside, rolled = s.cup, {}, {}
  for die = 1, n do
    local face = FACE_TEXT[dice:value(die)]
    if dice:is_aside(die) then aside[#aside + 1] = face else rolled[#rolled + 1] = face end
  end
  local lines = {}
  if phase == PHASE.fall or phase == PHASE.fall_knocking then
    lines[1] = string.format("Dice: the %s star is set aside: a star falls! All %s dice then go to the next player.",
      NTH_WORD[n], NUMBER_WORD[n])
    if phase == PHASE.fall_knocking then
      lines[2] = string.format("The roll set aside %s or more stars: the star knocks its tree down.",
        NUMBER_WORD[s.options.knocking_stars])
    end
  else
    lines[1] = string.format("Dice set aside: %d of %d stars%s", #aside, n,
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

local function render(s)
  local lines = {
    forest_picture(s),
    "T tree  x knocked-down tree  * star (*2 two)  F1 fairy of seat 1 (f1 lying down)  S2 snake 2  --- | \\ / paths",
  }
  if s.rules.snakes_on_paths == 0 then lines[#lines + 1] = "Variant Scaredy-snake: snakes stay on trees." end
  if s.rules.stars_per_visit == ALL_STARS then lines[#lines + 1] = "Variant Star Fluke: a visit collects every star." end
  lines[#lines + 1] = dice_text(s)
  for seat = 1, s.players do
    local prompt = PHASES.prompt(s, seat)
    lines[#lines + 1] = string.format("%s: %s, %s, %s; snake %d %s%s", draw.seat(seat, "Seat " .. seat), fairy_where(s, seat),
      plural(s.hearts:get(seat), "heart"), plural(s.stars:get(seat), "star"), seat, snake_where(s, seat),
      prompt and "   <- " .. prompt or "")
  end
  if turns.over(s) then lines[#lines + 1] = "The game is over: " .. result(s).text .. "." end
  return table.concat(lines, "\n")
end

--- How the host draws the forest as a picture (grove serve, replay pages):
--- each tree at its lattice point, by its name (c3), standing or knocked
--- down by its colour; fairies and snakes in their seat's colour (a
--- lying fairy a smaller f), a snake on a path as the path in its colour.
--- A click on a tree looks for its name in the move texts, on a path for
--- "b2-c2", on a snake for "snake 2". Each seat's stars and where its
--- fairy is head its panel.
local SEAT_COLORS = { "#d62728", "#1f77b4", "#2ca02c", "#9467bd" }

--- The seats whose fairy is at `point` in `state`: a list for the picture.
local function fairies_at(s, point, state)
  local seats = {}
  for seat = 1, s.players do
    if fairy_tree(s, seat) == point and fairy_state(s, seat) == state then seats[#seats + 1] = seat end
  end
  return seats
end

-- mutate: off (the picture: how the board is drawn and clicked, no rule)
local LOOK = {
  seats = SEAT_COLORS,
  forest = {
    cell = 72,
    at = function(s, point)
      local w = LATTICE[s.players].width
      return (point - 1) % w, -((point - 1) // w)
    end,
    name = function(s, point) return LATTICE[s.players].name[point] end,
    tree = { [STANDING] = { fill = "#cfe6bf", label = "tree" },
             [KNOCKED_DOWN] = { fill = "#e2cfae", label = "knocked-down tree" } },
    stars = { count = true, glyph = "★", color = "#e8b923", scale = 0.8, label = "fallen star" },
    snakes = false, fairies = false,
    fairy = { seat = true, glyph = "F", label = "fairy", value = function(s, point) return fairies_at(s, point, UP) end },
    lying = { seat = true, glyph = "f", scale = 0.7, label = "fairy lying down",
              value = function(s, point) return fairies_at(s, point, LAID_DOWN) end },
    snake = { seat = true, glyph = "S", label = "snake", key = function(seat) return "snake " .. seat end,
              value = function(s, point)
                local seats = {}
                for snake = 1, s.players do
                  local on, at = snake_place(s, snake)
                  if on == ON_TREE and at == point then seats[#seats + 1] = snake end
                end
                return seats
              end },
    edges = {},
  },
  cup = { label = "dice", faces = {
    star = { glyph = "★", color = "#fde68a", label = "star" },
    shooting = { glyph = "☄", color = "#fca5a5", label = "shooting star" },
    fairy = { glyph = "F", color = "#f5d0fe", label = "fairy" },
    snake = { glyph = "S", color = "#d9f99d", label = "snake" },
    tree = { glyph = "♣", color = "#bbf7d0", label = "tree" },
  } },
  fairy_at = false, snake_at = false, fairy_state = false, home_order = false,
  stars = { label = "stars" },
  hearts = { label = "hearts" },
  standing = {
    label = "stars",
    score = function(s, seat) return s.stars:get(seat) end,
    status = function(s, seat)
      local prompt = PHASES.prompt(s, seat)
      return fairy_where(s, seat) .. (prompt and ("; now: " .. prompt) or "")
    end,
  },
}
for snake = 1, MAX_SNAKES do
  LOOK.forest.edges["snake" .. snake] = { color = SEAT_COLORS[snake], label = "snake of seat " .. snake .. " on a path" }
end
-- mutate: on
-- Why a typed move is refused ------------------------------------------------------------------

--- The rule a move of each kind to `place` breaks, now that it is that
--- move's phase and `seat`'s turn (nil: none, and the host answers).
local BREAKS = {}

function BREAKS.knock(s, tree)
  local where = point_name(s, tree)
  if not s.forest:alive(tree) then return "no tree stands on " .. where end
  return "the tree on " .. where .. " is knocked down already"
end

function BREAKS.plant(s, point)
  if s.forest:alive(point) then return "a tree stands on " .. point_name(s, point) .. " already" end
  return "a new tree goes next to the forest, on a point beside a tree"
end

function BREAKS.star(s, tree, seat)
  local where = point_name(s, tree)
  if not s.forest:alive(tree) then return "no tree on " .. where end
  if s.forest:get(tree, "fairies") > 0 then return "a fairy is at " .. where .. ": a star falls where there is none" end
  return "a star falls at least 2 path steps from your fairy at " .. point_name(s, fairy_tree(s, seat))
end

BREAKS["end"] = function()
  return "your fairy may not end its turn on a knocked-down tree: it must move on"
end

--- Setup round 4 places the fairy; in a turn it steps.
function BREAKS.fairy(s, tree, seat)
  local forest, where = s.forest, point_name(s, tree)
  local alive = forest:alive(tree)
  if turns.phase(s) == PHASE.fairy then
    if not alive then return "no tree on " .. where end
    if not is_standing(s, tree) then return "a fairy starts on a standing tree; " .. where .. " is knocked down" end
    return "a snake is at " .. where .. ": a fairy starts on a tree without one"
  end
  local state = fairy_state(s, seat)
  if state == HOME then return "your fairy is home among the stars" end
  if state == LAID_DOWN then return "your fairy lies down until a falling star revives it" end
  if s.roll.fairy + s.roll.tree == 0 then return "no fairy or tree die is left to pay a step" end
  local here = fairy_tree(s, seat)
  if tree == here then return "a step goes to another tree; your fairy is at " .. where end
  if not alive or not forest:edge(here, tree) then
    return string.format("%s is not next to your fairy at %s: a step goes along one path", where, point_name(s, here))
  end
  if forest:get(tree, "snakes") > 0 then return "a snake is at " .. where end
  local open_path = false
  for _, next_tree in ipairs({ forest:neighbors(here, nil, NO_SNAKE_PATH) }) do
    open_path = open_path or next_tree == tree
  end
  if not open_path then return "a snake lies on the path to " .. where end
  return where .. " is knocked down, and from it your fairy could not get away this turn"
end

--- Setup round 3 places your own snake; in a turn any snake steps.
function BREAKS.snake(s, snake, kind, seat)
  if turns.phase(s) == PHASE.snake then
    if snake ~= seat then return string.format("you place your own snake, snake %d", seat) end
    return nil
  end
  if snake > s.players then return string.format("no snake %d in this game", snake) end
  if s.roll.snake + s.roll.tree == 0 then return "no snake or tree die is left to pay a step" end
  local held = fairy_state(s, seat) == UP and s.forest:get(fairy_tree(s, seat), "tree") == KNOCKED_DOWN
  if held then return "that step would leave your fairy no way off its knocked-down tree" end
  if kind == SNAKE_TO_PATH[snake] and s.rules.snakes_on_paths == 0 then return "snakes stay on trees (Scaredy-snake)" end
  return string.format("snake %d is %s: a step goes to a neighbouring tree or path", snake, snake_where(s, snake))
end

--- Why `text` (a move of the game, read by parse) is not legal now, in the
--- words of the rules; nil leaves it to what parse said, or to the host.
local function why(s, text)
  local move = parse(s, text)
  if not move then return nil end
  local kind, place = game.parts(move)
  local not_now = PHASES.not_now(s, kind)
  if not_now then return not_now end
  local snake = SNAKE_OF[kind]
  if snake then return BREAKS.snake(s, snake, kind, turns.seat(s)) end
  return BREAKS[MOVE[kind]](s, place, turns.seat(s))
end

return game.define {
  name = "starfall",
  title = "Starfall Forest",
  version = "1.0",          -- of these rules: saves made under another version are refused
  players = { min = 2, max = 4, default = 2 },
  variants = { "scaredy-snake", "star-fluke" },
  options = OPTIONS,
  setup = setup,
  phases = PHASES,
  after_move = settle,
  result = result,
  render = render,
  look = LOOK,
  describe = describe,
  parse = parse,
  why = why,
  score = score,
  evaluate = evaluate,
  invariants = invariants,
}
