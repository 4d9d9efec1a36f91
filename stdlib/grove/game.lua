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

local function default_result()
  return nil
end

local function default_render(s)
  return tostring(s)
end

local function default_describe(_, move)
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

--- A variant: a copy of the base definition with some hooks replaced.
--- The overrides may wrap the base hooks, which they receive as `base`:
---   return function(base) return game.extend(base, { moves = function(s, out) ... end }) end
---@param base GameDefinition the definition the variant changes
---@param overrides table the fields to replace, any GameDefinition field
---@return GameDefinition def a new definition: base's fields, then the overrides
function M.extend(base, overrides)
  local def = {}
  for k, v in pairs(base) do def[k] = v end
  for k, v in pairs(overrides) do def[k] = v end
  return def
end

return M
