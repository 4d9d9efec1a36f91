--- grove.game — declaring a game: the definition table the host runs,
--- with defaults for what a simple game does not need to write.
---
---   local game = require "grove.game"
---   local MOVE = game.kinds { "place", "move", "chop" }
---   return game.define {
---     name = "logger", title = "Logger", players = { min = 2, max = 4 },
---     setup = setup, actor = actor, moves = moves, apply = apply,
---     result = result, render = render, describe = describe,
---   }
---
--- A move is an integer made by grove.move(kind, a, b, c); out:add(kind, a,
--- b, c) adds one to the legal moves. game.kinds names the kinds so a script
--- reads MOVE.chop rather than 7.
local M = {}

local REQUIRED = { "setup", "actor", "moves", "apply" }

--- Name the move kinds: kinds{"place", "move"} gives a table with
--- .place == 1, .move == 2 and [1] == "place", [2] == "move".
---@param names string[] the kinds, in the order of their numbers
---@return table kinds each name's number and each number's name
function M.kinds(names)
  local kinds = {}
  for i, name in ipairs(names) do
    kinds[name] = i
    kinds[i] = name
  end
  return kinds
end

--- The parts of a move: kind, a, b, c (the integers given to out:add).
---@param move Move a move from out:add or grove.move
---@return integer kind the kind, 1..255
---@return integer a the first argument
---@return integer b the second argument
---@return integer c the third argument
function M.parts(move)
  return move & 0xff, (move >> 8) & 0xffff, (move >> 24) & 0xffff, (move >> 40) & 0xffff
end

--- The phases of a turn as a table: for each phase, what it offers and what
--- each kind of move does there. The script's moves and apply hooks then
--- need not be written; game.define builds them from this table.
---
---   local PHASE = turns.phases { "move", "action" }
---   local MOVE = game.kinds { "move", "plant", "chop" }
---   local PHASES = game.phases(PHASE, MOVE, {
---     move   = { offer = steps, move = move_logger },
---     action = { offer = actions, plant = plant, chop = chop },
---   })
---   return game.define { ..., phases = PHASES }
---
--- `offer(s, out)` adds the phase's legal moves to out; each kind named in
--- the phase plays that move: `plant(s, a, b, c)` gets the move's arguments
--- (the integers given to out:add). A kind not named in a phase is never
--- played there. The current phase is the definition's `phase(s)` if it
--- has one, else grove.turns' phase (none once turns.over).
---@param phase_names table the phases, from turns.phases (numbers and names)
---@param kinds table the move kinds, from game.kinds (numbers and names)
---@param rules table<string, table> for each phase name: offer and one function per kind
---@return table phases the table game.define takes as `phases`
function M.phases(phase_names, kinds, rules)
  if type(phase_names) ~= "table" or type(kinds) ~= "table" or type(rules) ~= "table" then
    error("game.phases expects the phase names, the move kinds and a table of phases", 2)
  end
  local phases = { names = phase_names, kinds = kinds }
  for name, rule in pairs(rules) do
    local number = phase_names[name]
    if type(number) ~= "number" then
      error(string.format("game.phases: no phase named '%s' among the phases given", tostring(name)), 2)
    end
    if type(rule) ~= "table" or type(rule.offer) ~= "function" then
      error(string.format("game.phases: phase '%s' needs an offer function", name), 2)
    end
    local phase = { name = name, offer = rule.offer, play = {} }
    for key, fn in pairs(rule) do
      if key ~= "offer" then
        local kind = kinds[key]
        if type(kind) ~= "number" then
          error(string.format("game.phases: phase '%s' names '%s', which is not a move kind", name, tostring(key)), 2)
        end
        if type(fn) ~= "function" then
          error(string.format("game.phases: '%s' in phase '%s' must be a function", key, name), 2)
        end
        phase.play[kind] = fn
      end
    end
    phases[number] = phase
  end
  return phases
end

-- The moves and apply hooks of a definition given as phases. The current
-- phase is def.phase(s), or else grove.turns' s.turn.phase.
local function phase_hooks(def)
  local phases, phase_of, after = def.phases, def.phase, def.after_move
  if phase_of == nil then
    phase_of = function(s)
      local turn = s.turn
      if turn == nil then
        error("the game defines phases but neither phase(s) nor grove.turns' vars (turns.setup)")
      end
      if turn.over == 1 then return nil end
      return turn.phase
    end
  end
  local function moves(s, out)
    local phase = phases[phase_of(s)]
    if phase then phase.offer(s, out) end
  end
  local function apply(s, move)
    local number = phase_of(s)
    local phase = phases[number]
    local kind = move & 0xff
    local play = phase and phase.play[kind]
    if not play then
      error(string.format("no %s move in phase %s", tostring(phases.kinds[kind] or kind),
        tostring(phase and phase.name or number)))
    end
    play(s, (move >> 8) & 0xffff, (move >> 24) & 0xffff, (move >> 40) & 0xffff)
    if after then after(s) end
  end
  return moves, apply
end

local function default_result()
  return nil
end

local function default_render(s)
  return tostring(s)
end

-- The same text for every viewer: a move of a game without describe names
-- only integers.
local function default_describe(_, move, _viewer)
  local kind, a, b, c = M.parts(move)
  return string.format("move %d %d %d %d", kind, a, b, c)
end

--- Check a definition (a name and the setup, actor, moves and apply hooks)
--- and fill in what a simple game need not write: title, players (2 to 4),
--- variants, options, and result (nil), render (tostring) and describe
--- ("move K A B C") hooks; returns it.
---@param def GameDefinition the game's definition
---@return GameDefinition def the same table, completed
function M.define(def)
  if type(def) ~= "table" then error("game.define expects a table", 2) end
  if type(def.name) ~= "string" then error("the game needs a name", 2) end
  if def.phases ~= nil then
    if def.moves ~= nil or def.apply ~= nil then
      error(string.format("game '%s' gives phases and moves or apply: give one or the other", def.name), 2)
    end
    if type(def.phases) ~= "table" or type(def.phases.kinds) ~= "table" then
      error(string.format("game '%s': phases must be made by game.phases", def.name), 2)
    end
    def.kinds = def.kinds or def.phases.kinds
    def.moves, def.apply = phase_hooks(def)
  end
  for _, hook in ipairs(REQUIRED) do
    if type(def[hook]) ~= "function" then
      error(string.format("game '%s' has no %s function", def.name, hook), 2)
    end
  end
  def.title = def.title or def.name
  def.players = def.players or { min = 2, max = 4 }
  def.variants = def.variants or {}
  def.options = def.options or {}
  def.result = def.result or default_result
  def.render = def.render or default_render
  def.describe = def.describe or default_describe
  return def
end

--- A variant: a copy of the base definition with some hooks replaced. A
--- variant that gives phases (or phase, or after_move) gets moves and apply
--- built anew from them, as game.define does.
--- The overrides may wrap the base hooks, which they receive as `base`:
---   return function(base) return game.extend(base, { moves = function(s, out) ... end }) end
---@param base GameDefinition the definition the variant changes
---@param overrides table the fields to replace, any GameDefinition field
---@return GameDefinition def a new definition: base's fields, then the overrides
function M.extend(base, overrides)
  local def = {}
  for k, v in pairs(base) do def[k] = v end
  for k, v in pairs(overrides) do def[k] = v end
  if overrides.phases ~= nil or overrides.phase ~= nil or overrides.after_move ~= nil then
    if overrides.moves ~= nil or overrides.apply ~= nil then
      error("a variant gives phases and moves or apply: give one or the other", 2)
    end
    def.kinds = overrides.kinds or def.phases.kinds
    def.moves, def.apply = phase_hooks(def)
  end
  return def
end

return M
