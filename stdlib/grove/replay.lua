--- grove.replay — `grove replay FILE`: play a recorded game again and check
--- that it ends where the record says.
---
--- A record is either a save file of the REPL (`save FILE`: the game, its
--- options and seed, the moves as text, the state reached, a checksum), or
--- the JSON that `grove sim --json FILE` writes (an array of games, each
--- with game, variants, options, players, seed, moves as text, scores and
--- ranks).
--- Every move is played again from its text under the current rules; the
--- replay stops at the first move that no longer plays, saying why.
local M = {}

-- A small JSON reader for the records grove writes (objects, arrays,
-- strings, numbers, true/false/null).
local function decode(text)
  local pos = 1
  local function fail(what)
    error(string.format("not a grove record: %s at character %d", what, pos), 0)
  end
  local function space()
    pos = text:find("[^ \t\r\n]", pos) or #text + 1
  end
  local value
  local function str()
    local out, i = {}, pos + 1
    while true do
      local c = text:sub(i, i)
      if c == "" then fail("an unfinished string") end
      if c == '"' then pos = i + 1 return table.concat(out) end
      if c == "\\" then
        local e = text:sub(i + 1, i + 1)
        local map = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", n = "\n", t = "\t", r = "\r", b = "\b", f = "\f" }
        if map[e] then out[#out + 1] = map[e]; i = i + 2
        elseif e == "u" then
          local code = tonumber(text:sub(i + 2, i + 5), 16) or fail("a bad \\u escape")
          out[#out + 1] = utf8.char(code); i = i + 6
        else fail("a bad escape") end
      else
        out[#out + 1] = c; i = i + 1
      end
    end
  end
  function value()
    space()
    local c = text:sub(pos, pos)
    if c == "{" then
      local t = {}
      pos = pos + 1; space()
      if text:sub(pos, pos) == "}" then pos = pos + 1 return t end
      while true do
        space()
        if text:sub(pos, pos) ~= '"' then fail("a key expected") end
        local k = str(); space()
        if text:sub(pos, pos) ~= ":" then fail("':' expected") end
        pos = pos + 1
        t[k] = value(); space()
        local d = text:sub(pos, pos); pos = pos + 1
        if d == "}" then return t end
        if d ~= "," then fail("',' or '}' expected") end
      end
    elseif c == "[" then
      local t = {}
      pos = pos + 1; space()
      if text:sub(pos, pos) == "]" then pos = pos + 1 return t end
      while true do
        t[#t + 1] = value(); space()
        local d = text:sub(pos, pos); pos = pos + 1
        if d == "]" then return t end
        if d ~= "," then fail("',' or ']' expected") end
      end
    elseif c == '"' then return str()
    elseif text:sub(pos, pos + 3) == "true" then pos = pos + 4 return true
    elseif text:sub(pos, pos + 4) == "false" then pos = pos + 5 return false
    elseif text:sub(pos, pos + 3) == "null" then pos = pos + 4 return nil
    else
      local num = text:match("^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
      if not num or num == "" then fail("a value expected") end
      pos = pos + #num
      return math.tointeger(tonumber(num)) or tonumber(num)
    end
  end
  local v = value()
  space()
  if pos <= #text then fail("text after the record") end
  return v
end

M.decode = decode

local function same_list(a, b)
  if type(b) ~= "table" or #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end

--- Replay one sim record; returns true, or false and why.
local function replay_record(rec, verbose, out)
  if type(rec) ~= "table" or type(rec.game) ~= "string" or type(rec.moves) ~= "table" then
    return false, "not a game record (game and moves missing)"
  end
  if math.type(rec.seed) ~= "integer" then return false, "the record has no seed (a whole number)" end
  local options = { players = rec.players, seed = rec.seed, variants = rec.variants or "" }
  if rec.options ~= nil and type(rec.options) ~= "table" then return false, "the record's options are not an object" end
  for name, value in pairs(rec.options or {}) do
    if options[name] ~= nil then return false, string.format("the record's options name '%s' again", name) end
    options[name] = value
  end
  local ok, g = pcall(games.open, rec.game, options)
  if not ok then return false, g end
  for i, text in ipairs(rec.moves) do
    if type(text) ~= "string" then return false, string.format("move %d is not a text", i) end
    local actor = g:actor()
    local played, why = g:try(text)
    if not played then
      return false, string.format("move %d (seat %s: %s) no longer plays: %s", i, tostring(actor), text, why)
    end
    if verbose then out(string.format("%4d. seat %s: %s", i, tostring(actor), text)) end
  end
  local r = g:result()
  if rec.capped then
    out(string.format("%s seed %d: %d moves replayed (the recorded game was cut short there)", rec.game, rec.seed, #rec.moves))
    return true
  end
  if not r then return false, string.format("after its %d moves the game is not over", #rec.moves) end
  if rec.ranks and not same_list(r.ranks, rec.ranks) then
    return false, "the ranks differ from the record (were the rules changed?)"
  end
  if rec.scores and not same_list(r.scores, rec.scores) then
    return false, "the scores differ from the record (were the rules changed?)"
  end
  out(string.format("%s seed %d: %d moves replayed, same result: %s", rec.game, rec.seed, #rec.moves,
    (r.text or ""):match("[^\n]*")))
  return true
end

--- grove replay FILE [-v] [--game N]: returns the exit code.
---@param args string[] the command line after `grove replay`
---@param out? fun(line: string) where lines go (default print)
---@return integer code 0 when every record replays, 1 when one does not, 2 for a bad command line
function M.main(args, out)
  out = out or print
  local path, verbose, only
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "-v" or a == "--verbose" then verbose = true
    elseif a == "--game" then
      only = math.tointeger(tonumber(args[i + 1] or ""))
      if not only or only < 1 then out("grove replay: --game needs a record number (1 is the first)") return 2 end
      i = i + 1
    elseif not path then path = a
    else out("grove replay: unexpected argument '" .. a .. "'") return 2 end
    i = i + 1
  end
  if not path then out("usage: grove replay FILE [-v] [--game N]") return 2 end
  local f, err = io.open(path, "r")
  if not f then out("grove replay: " .. err) return 1 end
  local text, rerr = f:read("a")
  f:close()
  if not text then out("grove replay: " .. path .. ": cannot read it (" .. tostring(rerr) .. ")") return 1 end
  if text:sub(1, 10) == "grove-save" then
    local g, why = games.load(text)
    if not g then out("grove replay: " .. path .. ": " .. why) return 1 end
    local history = g:history()
    out(g:render(0))
    local r = g:result()
    out(string.format("%s: %d moves replayed; the state matches the saved one%s", path, #history,
      r and ("; " .. r.text) or "; the game goes on"))
    return 0
  end
  local ok, records = pcall(decode, text)
  if ok and type(records) ~= "table" then ok, records = false, "not a grove record: no game record or list of them" end
  if not ok then out("grove replay: " .. path .. ": " .. records) return 1 end
  if records.game then records = { records } end
  if #records == 0 then
    out("grove replay: " .. path .. ": no game records in it (a record has \"game\", \"seed\" and \"moves\")")
    return 1
  end
  local failed, done = 0, 0
  for n, rec in ipairs(records) do
    if not only or n == only then
      local good, why = replay_record(rec, verbose, out)
      done = done + 1
      if not good then
        failed = failed + 1
        out(string.format("grove replay: record %d: %s", n, why))
      end
    end
  end
  if only and done == 0 then out(string.format("grove replay: no record %d (the file has %d)", only, #records)) return 1 end
  out(string.format("%d of %d records replay", done - failed, done))
  return failed == 0 and 0 or 1
end

return M
