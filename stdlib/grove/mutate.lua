--- grove.mutate — `grove mutate GAME`: mutation testing of a game's rule
--- files. A small fault is planted in a rule file (a comparison flipped, a
--- number changed by one, a condition negated, `and` for `or`, `+` for `-`,
--- `true` for `false`, a statement deleted), the game's tests run against
--- it, and a fault no test notices is reported: a rule nobody checks.
---
--- Faults land on rule code only: a Lua lexer keeps them out of comments
--- and strings, and a designer keeps them out of code with markers in
--- comments:
---
---   -- mutate: off         no faults from here ...
---   -- mutate: on          ... to here (or to the end of the file)
---   -- mutate: skip        on a line: none on it; on the line of a
---                          `function` (or alone just above it): none in
---                          the whole function
---
--- The designer's files are never written. Each worker has a private copy
--- of the game's folder in a temporary folder (`sys.tmp`, made and removed
--- by repl/mutate.c) that the test processes find first on the search
--- path; a fault is written into that copy and taken out again after its
--- tests. The functions up to M.main are plain Lua on text (tested by
--- tests/lua/mutate.lua); M.main drives the run through `sys`, the C side.
local M = {}

-- ---- the lexer ---------------------------------------------------------------

local KEYWORDS = {}
for word in ([[and break do else elseif end false for function goto if in local nil not or
  repeat return then true until while]]):gmatch("%a+") do KEYWORDS[word] = true end

-- The operators, longest first within each length.
local OPS3 = { ["..."] = true }
local OPS2 = {}
for op in ("== ~= <= >= << >> // :: .."):gmatch("%S+") do OPS2[op] = true end

--- The tokens of Lua 5.4 source `text`, comments included, each
--- { kind, text, s, e, line, eline }: kind "name", "keyword", "number",
--- "string" (quoted or long), "comment" or "op"; s and e the first and last
--- byte; line and eline the lines it starts and ends on. Raises
--- "line N: ..." on text no Lua lexer would take (an unfinished string or
--- long comment).
---@param text string
---@return table[] tokens
function M.lex(text)
  local toks, n = {}, #text
  local i, line = 1, 1
  local function add(kind, s, e, first)
    toks[#toks + 1] = { kind = kind, text = text:sub(s, e), s = s, e = e, line = first, eline = line }
  end
  -- the lines in text[s..e], counting \r\n and \n\r as one
  local function count_lines(s, e)
    local j = s
    while j <= e do
      local c = text:byte(j)
      if c == 10 or c == 13 then
        local d = text:byte(j + 1)
        if (d == 10 or d == 13) and d ~= c and j + 1 <= e then j = j + 1 end
        line = line + 1
      end
      j = j + 1
    end
  end
  -- a long bracket [==[ at p: its closing bracket's last byte, or raise
  local function long_end(p, what)
    local eq = text:match("^%[(=*)%[", p)
    local close = "]" .. eq .. "]"
    local _, e = text:find(close, p + #eq + 2, true)
    if not e then error(string.format("line %d: an unfinished long %s", line, what), 0) end
    return e
  end
  if text:sub(1, 1) == "#" then                  -- a first line "#!..." is no Lua
    local e = (text:find("[\r\n]") or n + 1) - 1
    add("comment", 1, e, 1)
    i = e + 1
  end
  while i <= n do
    local c = text:sub(i, i)
    local first = line
    if c == "\n" or c == "\r" then
      local d = text:sub(i + 1, i + 1)
      i = i + (((d == "\n" or d == "\r") and d ~= c) and 2 or 1)
      line = line + 1
    elseif c:match("%s") then
      i = i + 1
    elseif c == "-" and text:sub(i + 1, i + 1) == "-" then
      local e
      if text:match("^%[=*%[", i + 2) then
        e = long_end(i + 2, "comment")
        count_lines(i, e)
      else
        e = (text:find("[\r\n]", i) or n + 1) - 1
      end
      add("comment", i, e, first)
      i = e + 1
    elseif c == "[" and text:match("^%[=*%[", i) then
      local e = long_end(i, "string")
      count_lines(i, e)
      add("string", i, e, first)
      i = e + 1
    elseif c == '"' or c == "'" then
      local j = i + 1
      while true do
        local d = text:sub(j, j)
        if d == "" or d == "\n" or d == "\r" then
          error(string.format("line %d: an unfinished string", line), 0)
        elseif d == c then
          break
        elseif d == "\\" then
          local esc = text:sub(j + 1, j + 1)
          if esc == "\n" or esc == "\r" then          -- a line break in the string
            local after = text:sub(j + 2, j + 2)
            j = j + (((after == "\n" or after == "\r") and after ~= esc) and 3 or 2)
            line = line + 1
          elseif esc == "z" then                      -- \z skips the blanks that follow
            local _, e = text:find("^%s*", j + 2)
            count_lines(j + 2, e)
            j = e + 1
          else
            j = j + 2
          end
        else
          j = j + 1
        end
      end
      add("string", i, j, first)
      i = j + 1
    elseif c:match("%d") or (c == "." and text:sub(i + 1, i + 1):match("%d")) then
      -- as Lua's own lexer reads a numeral: digits, points and exponents
      local j, expo = i, "[Ee]"
      if text:match("^0[xX]", i) then j, expo = i + 2, "[Pp]" end
      while true do
        local d = text:sub(j, j)
        if d:match(expo) then
          j = j + 1
          if text:sub(j, j):match("[+-]") then j = j + 1 end
        elseif d:match("[%x%.]") then
          j = j + 1
        else
          break
        end
      end
      add("number", i, j - 1, first)
      i = j
    elseif c:match("[%a_]") then
      local _, e = text:find("^[%w_]+", i)
      add(KEYWORDS[text:sub(i, e)] and "keyword" or "name", i, e, first)
      i = e + 1
    else
      local len = OPS3[text:sub(i, i + 2)] and 3 or OPS2[text:sub(i, i + 1)] and 2 or 1
      add("op", i, i + len - 1, first)
      i = i + len
    end
  end
  return toks
end

-- ---- where faults may go -----------------------------------------------------

local FLIP = { ["<"] = "<=", ["<="] = "<", [">"] = ">=", [">="] = ">", ["=="] = "~=", ["~="] = "==" }
local BLOCK_OPEN = { ["function"] = true, ["if"] = true, ["do"] = true, ["repeat"] = true }
local BLOCK_CLOSE = { ["end"] = true, ["until"] = true }
local OPEN = { ["("] = ")", ["["] = "]", ["{"] = "}" }
local CLOSE = { [")"] = true, ["]"] = true, ["}"] = true }

-- Does token t end an expression (so that a + or - after it is binary)?
local function ends_value(t)
  if not t then return false end
  if t.kind == "name" or t.kind == "number" or t.kind == "string" then return true end
  if t.kind == "keyword" then return t.text == "nil" or t.text == "true" or t.text == "false" or t.text == "end" end
  return CLOSE[t.text] or t.text == "..."
end

-- May a statement begin right after token t (nil: the start of the file)?
local function ends_statement(t)
  if not t then return true end
  if t.kind == "keyword" then
    return t.text == "end" or t.text == "then" or t.text == "do" or t.text == "else" or t.text == "repeat"
        or t.text == "nil" or t.text == "true" or t.text == "false" or t.text == "break"
  end
  return ends_value(t) or t.text == ";" or t.text == "::"
end

-- Does token t begin a statement of its own (nil: the end of the file)?
-- A line followed by one that could continue its expression ("(", "..",
-- "and", an operator, a string) is no whole statement.
local STATEMENT_WORDS = {}
for word in ("break do else elseif end for function goto if local repeat return until while"):gmatch("%a+") do
  STATEMENT_WORDS[word] = true
end
local function begins_statement(t)
  if not t then return true end
  if t.kind == "name" then return true end
  if t.kind == "keyword" then return STATEMENT_WORDS[t.text] or false end
  return t.text == ";" or t.text == "::"
end

-- The text of a number one away from numeral `text` (d is +1 or -1), or
-- nil for a numeral Lua does not read. Negative values come in brackets,
-- so that "a-0" never becomes the comment "a--1".
local function bumped(text, d)
  local v = tonumber(text)
  if not v then return nil end
  local out
  if math.type(v) == "integer" then
    v = v + d
    if text:match("^0[xX]") and v >= 0 then out = string.format("0x%X", v) else out = string.format("%d", v) end
  else
    v = v + d
    out = string.format("%.14g", v)
    if not out:find("[%.eEn]") then out = out .. ".0" end
  end
  if v < 0 then out = "(" .. out .. ")" end
  return out
end

-- The markers of the comments in toks: a code token k is off limits when
-- off[k]. Unknown "mutate:" words are returned as problems ("line N: ...").
local function markers(toks, code)
  local off, problems = {}, {}
  local regions, skips = {}, {}
  for _, t in ipairs(toks) do
    if t.kind == "comment" then
      local word = t.text:match("^%-%-%[?=*%[?%s*mutate:%s*(%a*)")
      if word == "off" or word == "on" then regions[#regions + 1] = { pos = t.s, on = word == "on" }
      elseif word == "skip" then skips[#skips + 1] = t
      elseif word then
        problems[#problems + 1] = string.format("line %d: unknown marker 'mutate: %s' (off, on or skip)", t.line, word)
      end
    end
  end
  -- the regions between "mutate: off" and the next "mutate: on"
  local r, is_off = 1, false
  for k, t in ipairs(code) do
    while regions[r] and regions[r].pos < t.s do is_off = not regions[r].on; r = r + 1 end
    if is_off then off[k] = true end
  end
  -- "mutate: skip": its line, or the next line of code when it stands alone
  for _, c in ipairs(skips) do
    local target = c.line
    local alone = true
    for _, t in ipairs(code) do
      if t.line == c.line and t.s < c.s then alone = false break end
    end
    if alone then
      target = nil
      for _, t in ipairs(code) do
        if t.s > c.e then target = t.line break end
      end
    end
    local fn
    for k, t in ipairs(code) do
      if t.line == target then
        off[k] = true
        if not fn and t.kind == "keyword" and t.text == "function" then fn = k end
      end
    end
    if fn then                          -- the whole function, to its own `end`
      local depth = 0
      for k = fn, #code do
        local t = code[k]
        off[k] = true
        if t.kind == "keyword" then
          if BLOCK_OPEN[t.text] then depth = depth + 1
          elseif BLOCK_CLOSE[t.text] then depth = depth - 1 end
        end
        if depth == 0 then break end
      end
    end
  end
  return off, problems
end

-- The token ending the condition that starts after code[k] (if, elseif,
-- while): its `then` or `do` at the same depth, or nil.
local function condition_end(code, k)
  local want = code[k].text == "while" and "do" or "then"
  local brackets, blocks = 0, 0
  for j = k + 1, #code do
    local t = code[j]
    if OPEN[t.text] and t.kind == "op" then brackets = brackets + 1
    elseif CLOSE[t.text] and t.kind == "op" then brackets = brackets - 1
    elseif t.kind == "keyword" then
      if brackets == 0 and blocks == 0 and t.text == want then return j end
      if BLOCK_OPEN[t.text] then blocks = blocks + 1 elseif BLOCK_CLOSE[t.text] then blocks = blocks - 1 end
    end
    if brackets < 0 or blocks < 0 then return nil end
  end
  return nil
end

-- Is code[a..b] (one line's tokens) a whole statement, a call or an
-- assignment, that can go without the lines around it changing meaning?
local function whole_statement(code, a, b)
  local first, last = code[a], code[b]
  if first.kind ~= "name" then return false end
  if not ends_statement(code[a - 1]) or not begins_statement(code[b + 1]) then return false end
  if last.text == ";" and b > a then last = code[b - 1] b = b - 1 end
  local depth, blocks, assign = 0, 0, false
  for j = a, b do
    local t = code[j]
    if t.kind == "keyword" then                -- a function opened on the line ends on it
      if BLOCK_OPEN[t.text] then blocks = blocks + 1
      elseif BLOCK_CLOSE[t.text] then blocks = blocks - 1 if blocks < 0 then return false end end
    elseif t.kind == "op" then
      if OPEN[t.text] then depth = depth + 1
      elseif CLOSE[t.text] then depth = depth - 1 if depth < 0 then return false end
      elseif t.text == ";" then return false
      elseif t.text == "=" and depth == 0 then assign = true end
    end
  end
  if depth ~= 0 or blocks ~= 0 then return false end
  if assign then return ends_value(last) end
  return last.text == ")" or last.kind == "string" or last.text == "}"
end

--- The places in rule file `text` where a fault may go: a list of sites,
--- each { op, line, eline, options }, where options lists the faults the
--- site can take (a number: one up or one down), each a list of edits
--- { s, e, new } (replace bytes s..e, e = s - 1 to insert). Also returns
--- the problems with the file's markers.
---@param text string
---@return table[] sites
---@return string[] problems
function M.sites(text)
  local toks = M.lex(text)
  local code = {}
  for _, t in ipairs(toks) do
    if t.kind ~= "comment" then code[#code + 1] = t end
  end
  local off, problems = markers(toks, code)
  local sites = {}
  local function site(op, from, to, options)
    sites[#sites + 1] = { op = op, line = from.line, eline = to.eline, s = from.s, options = options }
  end
  local function replace(t, new) return { { s = t.s, e = t.e, new = new } } end
  for k, t in ipairs(code) do
    if not off[k] then
      local prev, nxt = code[k - 1], code[k + 1]
      if t.kind == "op" and FLIP[t.text] then
        -- not the brackets of an attribute: local x <const> = 1
        local attrib = (t.text == "<" and nxt and (nxt.text == "const" or nxt.text == "close")
                          and code[k + 2] and code[k + 2].text == ">")
            or (t.text == ">" and prev and (prev.text == "const" or prev.text == "close")
                  and code[k - 2] and code[k - 2].text == "<")
        if not attrib then site("compare", t, t, { replace(t, FLIP[t.text]) }) end
      elseif t.kind == "number" then
        local up, down = bumped(t.text, 1), bumped(t.text, -1)
        if up and down then site("number", t, t, { replace(t, up), replace(t, down) }) end
      elseif t.kind == "keyword" and (t.text == "if" or t.text == "elseif" or t.text == "while") then
        local j = condition_end(code, k)
        if j and j > k + 1 and not off[j] then
          site("negate", t, code[j], { {
            { s = code[k + 1].s, e = code[k + 1].s - 1, new = "not (" },
            { s = code[j - 1].e + 1, e = code[j - 1].e, new = ")" },
          } })
        end
      elseif t.kind == "keyword" and (t.text == "and" or t.text == "or") then
        site("andor", t, t, { replace(t, t.text == "and" and "or" or "and") })
      elseif t.kind == "op" and (t.text == "+" or t.text == "-") and ends_value(prev) then
        local new = t.text == "+" and "-" or "+"
        -- "a +-b" must not become the comment "a --b"
        if new == "-" and text:sub(t.e + 1, t.e + 1) == "-" then new = "- " end
        site("arith", t, t, { replace(t, new) })
      elseif t.kind == "keyword" and (t.text == "true" or t.text == "false") then
        site("bool", t, t, { replace(t, t.text == "true" and "false" or "true") })
      end
    end
  end
  -- statements that are a line of their own
  local k = 1
  while k <= #code do
    local b = k
    while code[b + 1] and code[b + 1].line == code[k].line do b = b + 1 end
    local one_line = (not code[k - 1] or code[k - 1].eline < code[k].line) and code[b].eline == code[k].line
    local allowed = true
    for j = k, b do if off[j] then allowed = false end end
    if one_line and allowed and whole_statement(code, k, b) then
      site("delete", code[k], code[b], { { { s = code[k].s, e = code[b].e, new = "" } } })
    end
    k = b + 1
  end
  table.sort(sites, function(x, y) return x.s < y.s or (x.s == y.s and x.op < y.op) end)
  return sites, problems
end

--- text with the edits of one fault made.
---@param text string
---@param edits table[] { s, e, new }
---@return string
function M.apply(text, edits)
  local sorted = {}
  for i, ed in ipairs(edits) do sorted[i] = ed end
  table.sort(sorted, function(a, b) return a.s > b.s end)
  for _, ed in ipairs(sorted) do
    text = text:sub(1, ed.s - 1) .. ed.new .. text:sub(ed.e + 1)
  end
  return text
end

-- ---- how a fault reads ---------------------------------------------------------

local function lines_of(text)
  local out = {}
  for l in (text .. "\n"):gmatch("([^\n]*)\n") do out[#out + 1] = (l:gsub("\r$", "")) end
  return out
end

local function trim(s) return (s:gsub("^%s+", ""):gsub("%s+$", "")) end

--- What a fault does, in a few words: "'<' became '<='", "3 became 4",
--- "the condition negated", "the statement deleted".
---@param text string the file before
---@param fault table { op, edits }
---@return string
function M.describe(text, fault)
  local ed = fault.edits[1]
  if fault.op == "negate" then return "the condition negated" end
  if fault.op == "delete" then return "the statement deleted" end
  local old = text:sub(ed.s, ed.e)
  local new = trim(ed.new):gsub("^%((.*)%)$", "%1")
  if fault.op == "number" or fault.op == "bool" then return old .. " became " .. new end
  return string.format("'%s' became '%s'", old, new)
end

--- The hunk that reports a fault: the lines it changes as a diff, with a
--- line of context on each side:
---
---   scripts/logger/game.lua:120: compare: '>=' became '>'
---      local n = count(s)
---   -  if n >= 3 then
---   +  if n > 3 then
---      grow(s)
---
--- A line the fault leaves blank (a deleted statement) has no "+" line.
---@param name string the file as the report names it
---@param text string the file before
---@param fault table { op, line, eline, edits }
---@return string hunk the lines, without a final line break
function M.hunk(name, text, fault)
  local before, after = lines_of(text), lines_of(M.apply(text, fault.edits))
  local out = { string.format("%s:%d: %s: %s", name, fault.line, fault.op, M.describe(text, fault)) }
  if before[fault.line - 1] then out[#out + 1] = " " .. before[fault.line - 1] end
  for l = fault.line, fault.eline do out[#out + 1] = "-" .. before[l] end
  for l = fault.line, fault.eline do
    if trim(after[l]) ~= "" then out[#out + 1] = "+" .. after[l] end
  end
  if before[fault.eline + 1] then out[#out + 1] = " " .. before[fault.eline + 1] end
  return table.concat(out, "\n")
end

-- What makes two faults the same one: the rule file (by its path in the
-- game's folder), and the lines before and after, blanks trimmed. Line
-- numbers are left out, so that an entry survives edits above it.
local function key_of(file, old, new)
  return file .. "\n" .. table.concat(old, "\n") .. "\0" .. table.concat(new, "\n")
end

--- The key of fault in file `rel` (its path inside the game's folder).
---@param rel string
---@param text string
---@param fault table
---@return string
function M.key(rel, text, fault)
  local before, after = lines_of(text), lines_of(M.apply(text, fault.edits))
  local old, new = {}, {}
  for l = fault.line, fault.eline do
    old[#old + 1] = trim(before[l])
    if trim(after[l]) ~= "" then new[#new + 1] = trim(after[l]) end
  end
  return key_of(rel, old, new)
end

--- The faults listed in a game's tests/mutate-equivalent.txt: faults that
--- change nothing a player could see, which no test can catch. The file
--- holds hunks as the report prints them (a "FILE:LINE: ..." line, then
--- the "-" and "+" lines; context lines and lines starting with # are
--- ignored). `rels` lists the game's rule files by their path in its
--- folder: an entry's FILE is the one it ends with. Returns a set of keys
--- and the entries that name no rule file ("line N: ...").
---@param text string
---@param rels string[]
---@return table<string, boolean> keys
---@return string[] problems
function M.equivalents(text, rels)
  local keys, problems = {}, {}
  local entry
  local function close()
    if not entry then return end
    local rel
    for _, r in ipairs(rels) do
      if entry.file == r or entry.file:sub(-#r - 1) == "/" .. r then rel = r end
    end
    if not rel then
      problems[#problems + 1] = string.format("line %d: '%s' is none of the game's rule files", entry.at, entry.file)
    elseif #entry.old == 0 then
      problems[#problems + 1] = string.format("line %d: no '-' line under '%s'", entry.at, entry.file)
    else
      keys[key_of(rel, entry.old, entry.new)] = true
    end
    entry = nil
  end
  local n = 0
  for _, l in ipairs(lines_of(text)) do
    n = n + 1
    local file = l:match("^([^%s:#+-][^:]*):%d+:")
    if file then
      close()
      entry = { file = file, at = n, old = {}, new = {} }
    elseif entry and l:sub(1, 1) == "-" then
      entry.old[#entry.old + 1] = trim(l:sub(2))
    elseif entry and l:sub(1, 1) == "+" then
      if trim(l:sub(2)) ~= "" then entry.new[#entry.new + 1] = trim(l:sub(2)) end
    elseif trim(l) == "" and entry and #entry.old > 0 then
      close()
    end
  end
  close()
  return keys, problems
end

-- ---- choosing the faults ---------------------------------------------------------

--- A seeded random source (splitmix64): pick(n) is 1..n, the same on every
--- machine for the same seed.
---@param seed integer
---@return fun(n: integer): integer
function M.random(seed)
  local x = seed
  return function(n)
    x = x + 0x9E3779B97F4A7C15
    local z = x
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    z = z ~ (z >> 31)
    return (z >> 1) % n + 1
  end
end

--- Choose up to n faults from the sites of the rule files, seeded: the
--- sites shuffled, then for each the fault it takes (a number's direction
--- drawn too), leaving out faults `skip(file, fault)` refuses (listed as
--- equivalent, or making code Lua does not compile) until n are chosen.
--- files: { { rel, text, sites } }. Returns the faults, each { file (the
--- files entry), op, line, eline, edits }, in file and line order, and how
--- many were skipped.
---@param files table[]
---@param n integer
---@param seed integer
---@param skip? fun(file: table, fault: table): boolean
---@return table[] faults
---@return integer skipped
function M.choose(files, n, seed, skip)
  local all = {}
  for _, f in ipairs(files) do
    for _, s in ipairs(f.sites) do all[#all + 1] = { file = f, site = s } end
  end
  local pick = M.random(seed)
  local chosen, skipped = {}, 0
  for i = 1, #all do
    if #chosen >= n then break end
    local j = i - 1 + pick(#all - i + 1)
    all[i], all[j] = all[j], all[i]
    local f, s = all[i].file, all[i].site
    local order = {}
    for k = 1, #s.options do order[k] = k end
    if #order > 1 and pick(2) == 2 then order[1], order[2] = order[2], order[1] end
    for _, k in ipairs(order) do
      local fault = { file = f, op = s.op, line = s.line, eline = s.eline, s = s.s, edits = s.options[k] }
      if skip and skip(f, fault) then
        skipped = skipped + 1
      else
        chosen[#chosen + 1] = fault
        break
      end
    end
  end
  table.sort(chosen, function(a, b)
    if a.file.rel ~= b.file.rel then return a.file.rel < b.file.rel end
    return a.s < b.s or (a.s == b.s and a.op < b.op)
  end)
  return chosen, skipped
end

-- ---- the run ------------------------------------------------------------------------

local USAGE = "usage: grove mutate GAME [-n N] [--seed S] [--files A,B] [--threads T] [--fail-under PCT]"

-- The files under dir, recursively (in sorted order), that keep(rel, entry)
-- accepts; entries are { name, kind }.
local function walk(sys, dir, rel, keep, out)
  local list = assert(sys.list(dir))
  table.sort(list, function(a, b) return a.name < b.name end)
  for _, e in ipairs(list) do
    local r = rel == "" and e.name or rel .. "/" .. e.name
    if e.name:sub(1, 1) ~= "." and keep(r, e) then
      if e.kind == "dir" then walk(sys, dir .. "/" .. e.name, r, keep, out)
      elseif e.kind == "file" then out[#out + 1] = r end
    end
  end
  return out
end

local function read(path)
  local fh, err = io.open(path, "rb")
  if not fh then error(err, 0) end
  local text = fh:read("a")
  fh:close()
  return text
end

-- Write a file inside the run's temporary folder (never elsewhere).
local function write_private(sys, path, text)
  assert(path:sub(1, #sys.tmp + 1) == sys.tmp .. "/", "a write outside the temporary folder")
  local fh = assert(io.open(path, "wb"))
  assert(fh:write(text))
  assert(fh:close())
end

-- A copy of the game's folder at dst: its files copied, its tests/ and
-- anything that is neither file nor folder linked to the original.
local function copy_game(sys, src, dst, top)
  assert(sys.mkdir(dst))
  for _, e in ipairs(assert(sys.list(src))) do
    local from, to = src .. "/" .. e.name, dst .. "/" .. e.name
    if (top and e.name == "tests") or (e.kind ~= "file" and e.kind ~= "dir") then assert(sys.symlink(from, to))
    elseif e.kind == "dir" then copy_game(sys, from, to, false)
    else write_private(sys, to, read(from)) end
  end
end

-- Worker slot k: a private search-path folder whose scripts/GAME is a
-- copy of the game's, everything else linked to where the game was found,
-- and the environment that puts it first. slot.game is the copy.
local function make_slot(sys, k, where)
  local slot = { root = string.format("%s/slot%d", sys.tmp, k), out = string.format("%s/out%d.txt", sys.tmp, k) }
  assert(sys.mkdir(slot.root))
  local paths = {}
  for i, p in ipairs(where.paths) do paths[i] = p end
  if where.entry then
    local holder = where.paths[where.entry]
    for _, e in ipairs(assert(sys.list(holder))) do
      if e.name ~= "scripts" then assert(sys.symlink(holder .. "/" .. e.name, slot.root .. "/" .. e.name)) end
    end
    assert(sys.mkdir(slot.root .. "/scripts"))
    for _, e in ipairs(assert(sys.list(holder .. "/scripts"))) do
      if e.name ~= where.name then
        assert(sys.symlink(holder .. "/scripts/" .. e.name, slot.root .. "/scripts/" .. e.name))
      end
    end
    slot.game = slot.root .. "/scripts/" .. where.name
    paths[where.entry] = slot.root
  else                                  -- a game in the working directory: the copy is one there
    slot.game = slot.root .. "/" .. where.name
    slot.cwd = slot.root
  end
  copy_game(sys, where.dir, slot.game, true)
  slot.env = { GROVE_DATA = paths[1], GROVE_PATH = table.concat(paths, ":", 2) }
  return slot
end

-- Run tasks on the slots, a test process at a time per slot. step(task,
-- slot, result) returns the next process of the task ({ args, cpu }) or
-- nil when the task is done; result is nil on the first call, then
-- { ok, timed_out, how, cpu, output } of the last process. A process is
-- killed by the system past cpu seconds of processor time, and by the
-- scheduler past 4 cpu + 30 seconds of wall time (a test that waits
-- without working).
local function schedule(sys, slots, ntasks, step)
  local free = {}
  for i = #slots, 1, -1 do free[#free + 1] = slots[i] end
  local running, nrunning, next_task = {}, 0, 1
  local function launch(task, slot, result)
    local spec = step(task, slot, result)
    if not spec then free[#free + 1] = slot return end
    local pid = assert(sys.spawn(spec.args, slot.env, slot.cwd, slot.out, spec.cpu))
    running[pid] = { task = task, slot = slot, started = sys.now(), limit = spec.cpu and 4 * spec.cpu + 30 }
    nrunning = nrunning + 1
  end
  while next_task <= ntasks or nrunning > 0 do
    while #free > 0 and next_task <= ntasks do
      local slot = table.remove(free)
      next_task = next_task + 1
      launch(next_task - 1, slot, nil)
    end
    if nrunning > 0 then
      local now, wait = sys.now(), 1
      for _, r in pairs(running) do
        if r.limit and not r.killed then wait = math.min(wait, r.started + r.limit - now) end
      end
      local pid, ok, how, cpu, limited = sys.wait(math.max(wait, 0))
      local r = pid and running[pid]
      if r then
        running[pid] = nil
        nrunning = nrunning - 1
        local output = read(r.slot.out)
        if how == "not started" then error(output:match("[^\n]*$"), 0) end
        local passed, failed = output:match("grove%-test%-counts (%d+) (%d+)")
        launch(r.task, r.slot, {
          ok = ok and not r.killed and failed == "0" and passed ~= nil,
          timed_out = r.killed or (limited and r.limit ~= nil), how = how, cpu = cpu, output = output,
        })
      end
      now = sys.now()
      for p, q in pairs(running) do
        if q.limit and not q.killed and now >= q.started + q.limit then
          sys.kill(p)
          q.killed = true
        end
      end
    end
  end
end

local function fail(out, msg) out("grove mutate: " .. msg) return 1 end

local function usage_error(out, msg)
  out("grove mutate: " .. msg)
  out(USAGE .. "\n(grove mutate --help says what each takes)")
  return 2
end

-- The first lines of a failing test file's report that say why.
local function why_failed(output)
  local lines = {}
  for l in output:gmatch("[^\n]+") do
    if not l:match("^grove%-test%-counts") and #lines < 12 then lines[#lines + 1] = "  " .. l end
  end
  return table.concat(lines, "\n")
end

--- Print the hunk of each fault tried to the end that no test caught;
--- their number.
local function report_survivors(faults, out)
  local survived = 0
  for _, fault in ipairs(faults) do
    if fault.done and not fault.caught_by then
      survived = survived + 1
      out("\n" .. M.hunk(fault.file.name, fault.file.text, fault))
    end
  end
  return survived
end

--- After Ctrl-C (or SIGTERM, SIGHUP) stopped M.main while it tried the
--- faults, the C side calls this in a call of its own: the faults tried to
--- the end so far, as the report gives them, and how far it got. Nothing
--- when no fault was tried to the end, or main had not begun them.
function M.report_interrupted()
  local run = M.running
  M.running = nil
  if not run then return end
  local done, caught = run.counts()
  if done == 0 then return end
  local survived = report_survivors(run.faults, run.out)
  run.out(string.format("\ninterrupted after %d of %d faults: caught %d, survived %d (above), time %.1f s",
    done, #run.faults, caught, survived, run.now() - run.started))
end

--- `grove mutate ARGS`: returns the exit status (0 ran, 1 failed or under
--- --fail-under, 2 misused). sys is the C side (repl/mutate.c): tmp,
--- processors, tty, game_dir, list, mkdir, symlink, spawn, wait, kill, now,
--- interrupted.
---@param args string[]
---@param sys table
---@param out? fun(line: string) the report (default: stdout)
---@param err? fun(line: string) errors and progress (default: stderr)
---@return integer status
function M.main(args, sys, out, err)
  out = out or function(line) io.stdout:write(line, "\n") io.stdout:flush() end
  err = err or function(line) io.stderr:write(line, "\n") end
  local started = sys.now()
  M.running = nil                                     -- the faults' progress, once they are tried
  local game, n, seed, threads, fail_under, verbose, list_only = nil, 100, 1, nil, nil, false, false
  local factor = 5
  local only = {}
  local i = 1
  local function value(what)
    local v = args[i + 1]
    if v == nil then return nil, usage_error(err, args[i] .. " needs " .. what) end
    i = i + 1
    return v
  end
  while i <= #args do
    local a = args[i]
    local v, rc
    if a == "-n" then
      v, rc = value("how many faults to plant")
      if not v then return rc end
      n = v == "all" and math.huge or math.tointeger(tonumber(v))
      if not n or n < 1 then return usage_error(err, "-n takes how many faults to plant, 1 or more (or all), not '" .. v .. "'") end
    elseif a == "--seed" or a == "-s" then
      v, rc = value("a seed")
      if not v then return rc end
      seed = math.tointeger(tonumber(v))
      if not seed or seed < 0 or not v:match("^%d+$") then return usage_error(err, "--seed takes a whole number 0 or more, not '" .. v .. "'") end
    elseif a == "--threads" or a == "-t" then
      v, rc = value("how many test processes run at once")
      if not v then return rc end
      threads = math.tointeger(tonumber(v))
      if not threads or threads < 1 or threads > 256 then return usage_error(err, "--threads takes 1 to 256, not '" .. v .. "'") end
    elseif a == "--files" then
      v, rc = value("rule files, comma-separated")
      if not v then return rc end
      for f in v:gmatch("[^,]+") do only[#only + 1] = f end
    elseif a == "--fail-under" then
      v, rc = value("a share of faults caught, in percent")
      if not v then return rc end
      fail_under = tonumber((v:gsub("%%$", "")))
      if not fail_under or fail_under < 0 or fail_under > 100 then return usage_error(err, "--fail-under takes a percentage, 0 to 100, not '" .. v .. "'") end
    elseif a == "--time-factor" then
      v, rc = value("how many times slower than usual a test file may get")
      if not v then return rc end
      factor = tonumber(v)
      if not factor or factor < 1 then return usage_error(err, "--time-factor takes a number, 1 or more, not '" .. v .. "'") end
    elseif a == "-v" or a == "--verbose" then verbose = true
    elseif a == "--list" then list_only = true
    elseif a:sub(1, 1) == "-" then return usage_error(err, "unknown option '" .. a .. "'")
    elseif not game then game = a
    else return usage_error(err, "one game at a time: '" .. game .. "', then '" .. a .. "'") end
    i = i + 1
  end
  if not game then return usage_error(err, "which game? (grove list names them)") end
  local where = not game:find("/", 1, true) and game:sub(1, 1) ~= "." and sys.game_dir(game)
  if not where then
    return usage_error(err, string.format("no game '%s' (no folder scripts/%s on the search path, nor %s/ here; try grove list)",
      game, game, game))
  end
  where.name = game
  local shown = where.entry and ("scripts/" .. game) or game          -- as errors name its files

  -- the rule files: every .lua in the game's folder but under tests/
  local rels = walk(sys, where.dir, "", function(r, e)
    return r ~= "tests" and (e.kind == "dir" or r:match("%.lua$") ~= nil)
  end, {})
  local files = {}
  for _, rel in ipairs(rels) do
    local wanted = #only == 0
    for _, o in ipairs(only) do
      if o == rel or o:sub(-#rel - 1) == "/" .. rel then wanted = true end
    end
    if wanted then files[#files + 1] = { rel = rel, name = shown .. "/" .. rel } end
  end
  for _, o in ipairs(only) do
    local known = false
    for _, rel in ipairs(rels) do known = known or o == rel or o:sub(-#rel - 1) == "/" .. rel end
    if not known then
      return usage_error(err, string.format("--files: '%s' is none of the rule files of %s (%s)", o, game, table.concat(rels, ", ")))
    end
  end
  if #files == 0 then return fail(err, game .. " has no rule files (*.lua outside tests/) in " .. where.dir) end
  local nsites = 0
  for _, f in ipairs(files) do
    f.text = read(where.dir .. "/" .. f.rel)
    local _, cerr = load(f.text, "=" .. f.name, "t")
    if cerr then return fail(err, cerr .. " (the rule file must load before faults are planted in it)") end
    local ok, sites, problems = pcall(M.sites, f.text)
    if not ok then return fail(err, f.name .. ": " .. tostring(sites)) end
    if #problems > 0 then return fail(err, f.name .. ": " .. problems[1]) end
    f.sites = sites
    nsites = nsites + #sites
  end

  -- faults known to change nothing
  local equivalent = {}
  local eq_name = where.dir .. "/tests/mutate-equivalent.txt"
  local eq_fh = io.open(eq_name, "rb")
  if eq_fh then
    local text = eq_fh:read("a")
    eq_fh:close()
    local problems
    equivalent, problems = M.equivalents(text, rels)
    if #problems > 0 then return fail(err, shown .. "/tests/mutate-equivalent.txt: " .. problems[1]) end
  end
  local listed, broken = 0, 0
  local faults = M.choose(files, n, seed, function(f, fault)
    if equivalent[M.key(f.rel, f.text, fault)] then listed = listed + 1 return true end
    if not load(M.apply(f.text, fault.edits), "=" .. f.name, "t") then broken = broken + 1 return true end
    return false
  end)
  if #faults == 0 then return fail(err, "no place for a fault in " .. game .. "'s rule files (all marked off, or listed as equivalent)") end
  local names = {}
  for _, f in ipairs(files) do names[#names + 1] = f.name end
  out(string.format("grove mutate %s: %d fault%s of %d places in %s (seed %d)", game, #faults,
    #faults == 1 and "" or "s", nsites, table.concat(names, ", "), seed))
  if listed > 0 then out(string.format("  %d listed in %s/tests/mutate-equivalent.txt left out", listed, shown)) end
  if list_only then
    for _, fault in ipairs(faults) do out("\n" .. M.hunk(fault.file.name, fault.file.text, fault)) end
    return 0
  end

  -- the tests: every .lua under tests/ but in lib/ folders
  local test_rels = {}
  local tests_kind
  for _, e in ipairs(assert(sys.list(where.dir))) do
    if e.name == "tests" then tests_kind = e.kind end
  end
  if tests_kind == "dir" then
    test_rels = walk(sys, where.dir .. "/tests", "tests", function(r, e)
      if e.kind == "dir" then return not r:match("/lib$") end
      return r:match("%.lua$") ~= nil
    end, {})
  end
  if #test_rels == 0 then
    return fail(err, string.format("%s has no tests (%s/tests/*.lua): nothing could catch a fault", game, where.dir))
  end

  threads = math.min(threads or sys.processors, #faults)
  local slots = {}
  for k = 1, math.max(threads, 1) do slots[k] = make_slot(sys, k, where) end

  -- the tests on the unchanged rules: each must pass; the processor time
  -- each takes orders them, fastest first, and sets its limit
  local tests = {}
  for k, rel in ipairs(test_rels) do tests[k] = { rel = rel, name = shown .. "/" .. rel } end
  local broken_tests = {}
  local ran, why = pcall(schedule, sys, slots, #tests, function(t, slot, result)
    if not result then return { args = { "test", "--worker", slot.game .. "/" .. tests[t].rel } } end
    tests[t].seconds = result.cpu
    if not result.ok then broken_tests[#broken_tests + 1] = tests[t] tests[t].output = result.output end
    return nil
  end)
  if not ran then
    if sys.interrupted() then error(why, 0) end       -- the C side says so, and cleans up
    return fail(err, tostring(why))
  end
  if #broken_tests > 0 then
    table.sort(broken_tests, function(a, b) return a.rel < b.rel end)
    local t = broken_tests[1]
    return fail(err, string.format("%s fails on the unchanged rules (grove test %s shows why):\n%s\n"
      .. "mutation testing needs every test passing first", t.name, game, why_failed(t.output)))
  end
  table.sort(tests, function(a, b) return a.seconds < b.seconds or (a.seconds == b.seconds and a.rel < b.rel) end)
  local total = 0
  for _, t in ipairs(tests) do total = total + t.seconds end
  out(string.format("  %d test files, %.1f s of processor time on the unchanged rules; %d at a time, the fastest first",
    #tests, total, #slots))

  -- each fault: planted in a slot's copy, the test files run one after
  -- another until one fails or runs out of time
  local done, caught, timeouts = 0, 0, 0
  M.running = { faults = faults, out = out, started = started, now = sys.now,
                counts = function() return done, caught end }
  local function progress()
    if sys.tty and not verbose then
      io.stderr:write(string.format("\r  %d of %d faults tried: %d caught, %d survived ", done, #faults, caught,
        done - caught))
    end
  end
  progress()
  ran, why = pcall(schedule, sys, slots, #faults, function(fi, slot, result)
    local fault = faults[fi]
    local path = slot.game .. "/" .. fault.file.rel
    if not result then
      write_private(sys, path, M.apply(fault.file.text, fault.edits))
      fault.next, fault.seconds = 1, 0
    else
      fault.seconds = fault.seconds + result.cpu
      if not result.ok then
        fault.caught_by = tests[fault.next - 1]
        fault.timed_out = result.timed_out
      end
    end
    local t = tests[fault.next]
    if t and not fault.caught_by then
      fault.next = fault.next + 1
      return { args = { "test", "--worker", slot.game .. "/" .. t.rel }, cpu = factor * t.seconds + 2 }
    end
    write_private(sys, path, fault.file.text)        -- the copy as it was, for the next fault
    fault.done = true
    done = done + 1
    if fault.caught_by then
      caught = caught + 1
      if fault.timed_out then timeouts = timeouts + 1 end
    end
    if verbose then
      local desc = string.format("%s:%d: %s: %s", fault.file.name, fault.line, fault.op, M.describe(fault.file.text, fault))
      if fault.caught_by then
        out(string.format("caught   %s (%s%s, %.1f s)", desc, fault.caught_by.name,
          fault.timed_out and ": out of time" or "", fault.seconds))
      else
        out(string.format("SURVIVED %s (%.1f s)", desc, fault.seconds))
      end
    end
    progress()
    return nil
  end)
  if sys.tty and not verbose then io.stderr:write("\r" .. string.rep(" ", 60) .. "\r") end
  if not ran then
    if sys.interrupted() then error(why, 0) end       -- the C side says so, reports, and cleans up
    M.running = nil
    return fail(err, tostring(why))
  end
  M.running = nil

  local survived = report_survivors(faults, out)
  if survived > 0 then
    out(string.format("\nNo test failed with %s. Write a test that catches %s, or copy %s hunk into\n"
      .. "%s/tests/mutate-equivalent.txt when it changes nothing a player could see.",
      survived == 1 and "this fault" or string.format("these %d faults", survived),
      survived == 1 and "it" or "each", survived == 1 and "its" or "a fault's", shown))
  end
  local share = 100 * caught / #faults
  out(string.format("\nplanted %d, caught %d (%.1f%%), survived %d, time %.1f s", #faults, caught, share, survived,
    sys.now() - started))
  if timeouts > 0 then out(string.format("  %d of the caught ran out of time", timeouts)) end
  if broken > 0 then out(string.format("  %d faults that made code Lua does not compile were not planted", broken)) end
  if fail_under and share < fail_under then
    err(string.format("grove mutate: %.1f%% of the faults caught, under --fail-under %g%%", share, fail_under))
    return 1
  end
  return 0
end

return M
