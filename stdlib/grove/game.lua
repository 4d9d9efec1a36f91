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

--- The keys a definition may hold (GameDefinition in types/definition.lua
--- says what each is; tests/lua/stdlib.lua checks the two lists agree).
--- game.define and game.extend refuse any other, naming the nearest, so
--- a typo (`descibe = describe`) is caught when the game loads rather
--- than silently ignored. A game's own tables (its card list, helpers for
--- its variants and tests) go in `data`.
M.fields = {
  "name", "title", "version", "players", "variants", "player_variants", "options", "data",
  "setup", "actor", "moves", "apply", "phases", "phase", "after_move", "kinds",
  "result", "render", "describe", "parse", "why", "score", "played", "evaluate", "evaluates", "invariants", "look",
  "catalog",
}

--- The keys of an option's declaration (GameOption).
M.option_fields = { "name", "default", "min", "max", "choices", "by_players", "help" }

-- The edit distance between a and b (insert, delete, substitute, or swap
-- two neighbours: 1 each), ignoring case.
local function distance(a, b)
  a, b = a:lower(), b:lower()
  local d = {}
  for i = 0, #a do d[i] = { [0] = i } end
  for j = 1, #b do d[0][j] = j end
  for i = 1, #a do
    for j = 1, #b do
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      local best = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if i > 1 and j > 1 and a:byte(i) == b:byte(j - 1) and a:byte(i - 1) == b:byte(j) then
        best = math.min(best, d[i - 2][j - 2] + 1)
      end
      d[i][j] = best
    end
  end
  return d[#a][#b]
end

--- The name among `names` nearest to `word` (by edit distance, ignoring
--- case; the first of the nearest); nil when names is empty.
---@param word string a name that is none of them
---@param names string[] the names it may have meant
---@return string? nearest
function M.nearest(word, names)
  local best, best_d
  for _, name in ipairs(names) do
    local d = distance(tostring(word), name)
    if not best_d or d < best_d then best, best_d = name, d end
  end
  return best
end

-- The names (keys) of a kinds or phases table: its string keys, sorted.
local function names_of(t)
  local names = {}
  for k in pairs(t) do
    if type(k) == "string" then names[#names + 1] = k end
  end
  table.sort(names)
  return names
end

-- Is every key of t one of `allowed`? Else raise at `level`: "WHERE: unknown
-- key 'descibe' (did you mean 'describe'?)" and `hint`.
local function check_keys(t, allowed, where, level, hint)
  local known = {}
  for _, k in ipairs(allowed) do known[k] = true end
  local unknown = {}
  for k in pairs(t) do
    if not known[k] then unknown[#unknown + 1] = tostring(k) end
  end
  if #unknown == 0 then return end
  table.sort(unknown)
  error(string.format("%s: unknown key '%s' (did you mean '%s'?)%s", where, unknown[1],
    M.nearest(unknown[1], allowed), hint or ""), level + 1)
end

--- Name the move kinds: kinds{"place", "move"} gives a table with
--- .place == 1, .move == 2 and [1] == "place", [2] == "move". (turns.phases
--- names the phases of a turn with it.)
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

-- The keys of a phase's table in game.phases, beside the move kinds it plays.
local PHASE_KEYS = { offer = true, prompt = true, actor = true, not_now = true }

-- A text given as a text or as a function of the state.
local function text_of(text, s)
  if type(text) == "function" then return text(s) end
  return text
end

--- The phases of a turn as a table: for each phase, what it asks of the
--- player, who decides in it, what it offers and what each kind of move
--- does there. The script's moves, apply and actor hooks then need not be
--- written; game.define builds them from this table.
---
---   local PHASE = turns.phases { "move", "action" }
---   local MOVE = game.kinds { "move", "plant", "chop" }
---   local PHASES = game.phases(PHASE, MOVE, {
---     move   = { prompt = "move your logger", offer = steps, move = move_logger },
---     action = { prompt = "plant or chop", offer = actions, plant = plant, chop = chop },
---   })
---   return game.define { ..., phases = PHASES }
---
--- In a phase's table, `offer(s, out)` adds the phase's legal moves to
--- out; `prompt` says what the phase asks of the player to move (a text, or
--- a function(s) giving one): render shows it (PHASES.prompt), and a move of
--- another phase is refused with it (PHASES.not_now); `actor(s)`, if given,
--- is the seat that decides in this phase (otherwise whose turn it is,
--- grove.turns' seat); rarely, `not_now` (a text or a function(s)) is the
--- reason a move of another phase is refused, after "not now: " (otherwise
--- "now is the time to " and the prompt). Each kind of move named in the
--- phase plays that move: `plant(s, a, b, c)` gets the move's arguments (the
--- integers given to out:add). A kind not named in a phase is never played
--- there. The current phase is grove.turns' phase (none once turns.over),
--- or, for moves and apply, the definition's phase(s) if it has one.
---
--- The table returned also answers, by grove.turns' phase:
--- `PHASES.prompt(s, seat)` is the current phase's prompt if `seat`
--- (default: whoever is to move) is to move, else nil, and nil once the game
--- is over; `PHASES.actor(s)` is the seat that decides now (the
--- definition's actor, unless it gives its own); `PHASES.not_now(s, kind)`
--- is why a move of `kind` is refused for its timing, "the game is over" or
--- "not now: now is the time to PROMPT" when the current phase does not
--- play it, and nil when it does, or when no phase ever does (a kind no
--- phase plays is no matter of timing).
---@param phase_names table the phases, from turns.phases (numbers and names)
---@param kinds table the move kinds, from game.kinds (numbers and names)
---@param rules table<string, table> for each phase name: offer, prompt, actor, and one function per kind
---@return table phases the table game.define takes as `phases`
function M.phases(phase_names, kinds, rules)
  if type(phase_names) ~= "table" or type(kinds) ~= "table" or type(rules) ~= "table" then
    error("game.phases expects the phase names, the move kinds and a table of phases", 2)
  end
  local phases = { names = phase_names, kinds = kinds }
  local played = {}                  -- played[kind]: some phase plays it
  for name, rule in pairs(rules) do
    local number = phase_names[name]
    if type(number) ~= "number" then
      error(string.format("game.phases: no phase named '%s' among the phases given (did you mean '%s'?)",
        tostring(name), M.nearest(tostring(name), names_of(phase_names))), 2)
    end
    if type(rule) ~= "table" or type(rule.offer) ~= "function" then
      error(string.format("game.phases: phase '%s' needs an offer function", name), 2)
    end
    for _, key in ipairs { "prompt", "not_now" } do
      local t = type(rule[key])
      if t ~= "nil" and t ~= "string" and t ~= "function" then
        error(string.format("game.phases: the %s of phase '%s' must be a text or a function(s)", key, name), 2)
      end
    end
    if rule.actor ~= nil and type(rule.actor) ~= "function" then
      error(string.format("game.phases: the actor of phase '%s' must be a function(s)", name), 2)
    end
    local phase = { name = name, offer = rule.offer, prompt = rule.prompt, actor = rule.actor,
                    not_now = rule.not_now, play = {} }
    for key, fn in pairs(rule) do
      if not PHASE_KEYS[key] then
        local kind = kinds[key]
        if type(kind) ~= "number" then
          local allowed = names_of(kinds)
          for k in pairs(PHASE_KEYS) do allowed[#allowed + 1] = k end
          table.sort(allowed)
          error(string.format("game.phases: phase '%s' names '%s', which is not a move kind (did you mean '%s'?)",
            name, tostring(key), M.nearest(tostring(key), allowed)), 2)
        end
        if type(fn) ~= "function" then
          error(string.format("game.phases: '%s' in phase '%s' must be a function", key, name), 2)
        end
        phase.play[kind] = fn
        played[kind] = true
      end
    end
    phases[number] = phase
  end

  function phases.actor(s)
    local phase = phases[s.turn.phase]
    if phase and phase.actor then return phase.actor(s) end
    return s.turn.seat
  end

  function phases.prompt(s, seat)
    local turn = s.turn
    if turn.over == 1 then return nil end
    if seat ~= nil and seat ~= phases.actor(s) then return nil end
    local phase = phases[turn.phase]
    return phase and text_of(phase.prompt, s)
  end

  function phases.not_now(s, kind)
    if not played[kind] then return nil end
    if s.turn.over == 1 then return "the game is over" end
    local phase = phases[s.turn.phase]
    if phase == nil or phase.play[kind] then return nil end
    if phase.not_now ~= nil then return "not now: " .. text_of(phase.not_now, s) end
    local prompt = text_of(phase.prompt, s)
    return prompt and "not now: now is the time to " .. prompt
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

local RESERVED_OPTIONS = { players = true, seed = true, variants = true }

-- The type of an option, by its default.
local function option_type(value)
  local t = math.type(value)
  if t then return t end
  return type(value)
end

local TYPE_WORDS = { integer = "a whole number", float = "a number", boolean = "true or false", string = "a text" }

-- Does value fit the declaration opt (its type, choices, range)? Else why not.
local function misfit(opt, value, what)
  local t = option_type(opt.default)
  if option_type(value) ~= t and not (t == "float" and math.type(value)) then
    return string.format("%s is %s, not %s (the default's type)", what, tostring(value), TYPE_WORDS[t])
  end
  if opt.choices then
    for _, c in ipairs(opt.choices) do
      if c == value then return nil end
    end
    return string.format("%s, %s, is not among its choices", what, tostring(value))
  end
  if opt.min and value < opt.min then return string.format("%s, %s, is below its min %s", what, tostring(value), tostring(opt.min)) end
  if opt.max and value > opt.max then return string.format("%s, %s, is above its max %s", what, tostring(value), tostring(opt.max)) end
  return nil
end

-- Check the option declarations of definition `name` (raising at `level`):
-- each a table of the GameOption keys, a name that is a Lua name and
-- not players, seed or variants, declared once, a default of a whole
-- number, a number, a boolean or a text, a one-line help; min and max (for
-- numbers) or choices (a list of values of the default's type) that hold
-- the default and each by_players value.
local function check_options(name, options, level)
  if type(options) ~= "table" then
    error(string.format("game '%s': options must be a list of option declarations", name), level + 1)
  end
  local seen = {}
  for i, opt in ipairs(options) do
    local where = string.format("game '%s': option %d", name, i)
    if type(opt) ~= "table" then error(where .. " must be a table {name =, default =, help = ...}", level + 1) end
    if type(opt.name) ~= "string" or not opt.name:match("^[%a_][%w_]*$") then
      error(where .. " needs a name that is a Lua name (letters, digits and _), as in winning_score", level + 1)
    end
    where = string.format("game '%s': option '%s'", name, opt.name)
    check_keys(opt, M.option_fields, where, level + 1)
    if RESERVED_OPTIONS[opt.name] then
      error(where .. ": players, seed and variants are given by every game; name the option otherwise", level + 1)
    end
    if seen[opt.name] then error(where .. " is declared twice", level + 1) end
    seen[opt.name] = true
    local t = option_type(opt.default)
    if not TYPE_WORDS[t] then
      error(where .. " needs a default: a whole number, a number, true or false, or a text (its type is the option's)",
        level + 1)
    end
    if type(opt.help) ~= "string" or opt.help == "" or opt.help:find("\n") then
      error(where .. " needs help: one line saying what it changes (grove list --options shows it)", level + 1)
    end
    if opt.choices ~= nil then
      if type(opt.choices) ~= "table" or #opt.choices == 0 then error(where .. ": choices must be a list of values", level + 1) end
      if opt.min ~= nil or opt.max ~= nil then error(where .. " gives choices and a min or max: give one or the other", level + 1) end
      for _, c in ipairs(opt.choices) do
        if option_type(c) ~= t then
          error(string.format("%s: choice %s is not %s, as its default is", where, tostring(c), TYPE_WORDS[t]), level + 1)
        end
      end
    end
    for _, bound in ipairs { "min", "max" } do
      if opt[bound] ~= nil and (not math.type(opt[bound]) or (t ~= "integer" and t ~= "float")) then
        error(string.format("%s: %s is for a number option, and must be a number", where, bound), level + 1)
      end
    end
    if opt.min and opt.max and opt.min > opt.max then error(where .. ": min is above max", level + 1) end
    local why = misfit(opt, opt.default, "its default")
    if why then error(where .. ": " .. why, level + 1) end
    if opt.by_players ~= nil then
      if type(opt.by_players) ~= "table" then
        error(where .. ": by_players must be a table {[player count] = default}", level + 1)
      end
      for count, value in pairs(opt.by_players) do
        if math.type(count) ~= "integer" or count < 1 then
          error(string.format("%s: by_players is keyed by player counts, not %s", where, tostring(count)), level + 1)
        end
        why = misfit(opt, value, string.format("its default with %d players", count))
        if why then error(where .. ": " .. why, level + 1) end
      end
    end
  end
  for k in pairs(options) do
    if math.type(k) ~= "integer" or k < 1 or k > #options then
      error(string.format("game '%s': options must be a list, {{name = ...}, ...}; it holds the key '%s'",
        name, tostring(k)), level + 1)
    end
  end
end

local PLAYER_FIELDS = { "min", "max", "default" }

-- Check a definition's keys, players, options and look (its colours:
-- grove.picture's look_problem), raising at `level`.
local function check_definition(def, where, level)
  check_keys(def, M.fields, where, level + 1, " (a game's own tables go in data)")
  if def.players ~= nil then
    if type(def.players) ~= "table" then error(where .. ": players must be {min =, max =, default =}", level + 1) end
    check_keys(def.players, PLAYER_FIELDS, where .. ": players", level + 1)
    local p = def.players
    local least, most, usual = math.tointeger(p.min), math.tointeger(p.max), math.tointeger(p.default)
    if least and most and least > most then
      error(string.format("%s: players.min %d is more than players.max %d", where, least, most), level + 1)
    end
    if usual and ((least and usual < least) or (most and usual > most)) then
      error(string.format("%s: players.default %d is outside the counts it declares (%s to %s)", where, usual,
        least or "?", most or "?"), level + 1)
    end
  end
  if def.options ~= nil then check_options(def.name or "?", def.options, level + 1) end
  if def.look ~= nil then
    local problem = require("grove.picture").look_problem(def.look)
    if problem then error(where .. ": " .. problem, level + 1) end
  end
end

-- The describe hook of a describe given as a table, one entry per kind name
-- (function(s, a, b, c, viewer) giving the text); a kind it does not name
-- reads as default_describe. `where` names the definition for errors,
-- raised at `level`.
local function describe_by_kind(texts, kinds, where, level)
  if type(kinds) ~= "table" then
    error(where .. ": a describe table needs the move kinds (kinds = MOVE, or phases)", level + 1)
  end
  local by_number = {}
  for key, fn in pairs(texts) do
    local kind = kinds[key]
    if type(kind) ~= "number" then
      error(string.format("%s: describe names '%s', which is not a move kind (did you mean '%s'?)", where,
        tostring(key), M.nearest(tostring(key), names_of(kinds))), level + 1)
    end
    if type(fn) ~= "function" then
      error(string.format("%s: describe's '%s' must be a function(s, a, b, c, viewer)", where, key), level + 1)
    end
    by_number[kind] = fn
  end
  return function(s, move, viewer)
    local kind, a, b, c = M.parts(move)
    local text = by_number[kind]
    if text then return text(s, a, b, c, viewer) end
    return default_describe(s, move, viewer)
  end
end

--- Check a definition (a name and the setup, actor, moves and apply hooks;
--- no key but those of a GameDefinition, each option declared as a
--- GameOption) and fill in what a simple game need not write: title,
--- players (2 to 4), variants, options, and result (nil), render
--- (tostring) and describe ("move K A B C") hooks; returns it. A game that
--- gives phases (game.phases) gets its moves and apply from them, and its
--- actor too unless it gives one. describe may be a table of one
--- function(s, a, b, c, viewer) per kind name, a b c the move's arguments:
---
---   describe = { chop = function(s, square) return "chop " .. s.board:name(square) end, ... }
---@param def GameDefinition the game's definition
---@return GameDefinition def the same table, completed
function M.define(def)
  if type(def) ~= "table" then error("game.define expects a table", 2) end
  if type(def.name) ~= "string" then error("the game needs a name", 2) end
  local where = string.format("game '%s'", def.name)
  check_definition(def, where, 2)
  if def.phases ~= nil then
    if def.moves ~= nil or def.apply ~= nil then
      error(string.format("game '%s' gives phases and moves or apply: give one or the other", def.name), 2)
    end
    if type(def.phases) ~= "table" or type(def.phases.kinds) ~= "table" then
      error(string.format("game '%s': phases must be made by game.phases", def.name), 2)
    end
    def.kinds = def.kinds or def.phases.kinds
    def.moves, def.apply = phase_hooks(def)
    if def.actor == nil and def.phase == nil then def.actor = def.phases.actor end
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
  if type(def.describe) == "table" then def.describe = describe_by_kind(def.describe, def.kinds, where, 2) end
  def.describe = def.describe or default_describe
  return def
end

--- A variant: a copy of the base definition with some hooks replaced (the
--- overrides are checked as game.define checks a definition: a key no
--- definition takes is refused, naming the nearest one). A
--- variant that gives phases (or phase, or after_move) gets moves and apply
--- built anew from them, as game.define does, and its actor from its phases
--- when the base's came from the base's phases and the variant gives none.
--- The overrides may wrap the base hooks, which they receive as `base`:
---   return function(base) return game.extend(base, { moves = function(s, out) ... end }) end
---@param base GameDefinition the definition the variant changes
---@param overrides table the fields to replace, any GameDefinition field
---@return GameDefinition def a new definition: base's fields, then the overrides
function M.extend(base, overrides)
  if type(overrides) ~= "table" then error("game.extend expects the base definition and a table of overrides", 2) end
  local where = string.format("a variant of '%s'", tostring(base.name))
  check_definition(overrides, where, 2)
  local def = {}
  for k, v in pairs(base) do def[k] = v end
  for k, v in pairs(overrides) do def[k] = v end
  if overrides.phases ~= nil or overrides.phase ~= nil or overrides.after_move ~= nil then
    if overrides.moves ~= nil or overrides.apply ~= nil then
      error("a variant gives phases and moves or apply: give one or the other", 2)
    end
    def.kinds = overrides.kinds or def.phases.kinds
    def.moves, def.apply = phase_hooks(def)
    if overrides.actor == nil and base.phases and base.actor == base.phases.actor and def.phase == nil then
      def.actor = def.phases.actor
    end
  end
  if type(def.describe) == "table" then def.describe = describe_by_kind(def.describe, def.kinds, where, 2) end
  return def
end

--- Raise, as an invariants hook does when something broke: "invariant: "
--- and the text (string.format(fmt, ...)), naming the line that called
--- broken (the check that found it).
---
---   if pool < 0 then game.broken("the %s pool holds %d", piece, pool) end
---@param fmt string what broke, a format for string.format
---@param ... any its values
function M.broken(fmt, ...)
  error("invariant: " .. string.format(fmt, ...), 2)
end

return M
