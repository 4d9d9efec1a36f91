-- docs/apidoc.lua — the API reference, docs/api.md, written from the LuaLS
-- annotations: the host API in types/ and the stdlib modules' own in
-- stdlib/grove/ (found beside the types folder, as in the source tree and in
-- an installed grove). From the source tree:
--
--   build/grove run docs/apidoc.lua types docs/api.md
--
-- It reads each file as blocks of `---` lines and the line of code after
-- each: `---@class` starts a section, `---@field`, `---@operator` and
-- `---@alias` describe, `function A:m(...)` documents a function with its
-- `---@param`, `---@return` and `---@overload` lines. The reference is grouped
-- by class; the functions of a stdlib module (`function M.f` in a file that
-- ends `return M`) form a section named after the module.

local USAGE = "usage: grove run docs/apidoc.lua TYPES_DIR OUTPUT.md"

-- The order sections come in; files not listed follow, by name.
local TYPES_ORDER = { "grove", "definition", "state", "grid", "hex", "graph", "deck", "dice",
  "pool", "vars", "out", "game", "testing" }
local STDLIB_ORDER = { "game", "turns", "rank", "render", "testing", "replay" }

-- Files -----------------------------------------------------------------------

local function read_file(path)
  local f, err = io.open(path, "r")
  if not f then error("apidoc: " .. err, 0) end
  local text = f:read("a")
  f:close()
  return text
end

-- The .lua files of a folder, in the given order of base names first and
-- then by name; nil if the folder cannot be listed.
local function lua_files(dir, order)
  local ls = io.popen("ls -1 '" .. dir:gsub("'", "'\\''") .. "' 2>/dev/null")
  if not ls then return nil end
  local found = {}
  for name in ls:lines() do
    local base = name:match("^(.+)%.lua$")
    if base then found[#found + 1] = base end
  end
  ls:close()
  local rank = {}
  for i, base in ipairs(order) do rank[base] = i end
  table.sort(found, function(a, b)
    local ra, rb = rank[a] or #order + 1, rank[b] or #order + 1
    if ra ~= rb then return ra < rb end
    return a < b
  end)
  return found
end

-- Reading annotations -----------------------------------------------------------

-- A description from `---` lines: paragraphs of text, and the lines indented
-- by two spaces or more as code.
local function describe(lines)
  local out, para, code = {}, {}, {}
  local function flush()
    if #para > 0 then out[#out + 1] = table.concat(para, " ") para = {} end
    if #code > 0 then out[#out + 1] = "```lua\n" .. table.concat(code, "\n") .. "\n```" code = {} end
  end
  for _, line in ipairs(lines) do
    if line:match("^  ") then
      if #para > 0 then flush() end
      code[#code + 1] = line:sub(3)
    elseif line:match("^%s*$") then
      flush()
    else
      if #code > 0 then flush() end
      para[#para + 1] = line
    end
  end
  flush()
  return table.concat(out, "\n\n")
end

-- A tag's type and the text after it: "integer|string the cell" gives
-- "integer|string", "the cell". A type may hold spaces inside brackets,
-- parentheses, braces and quotes (fun(s: State): Seat, "face up") and after
-- a comma, colon or bar (Move?, string?).
local function split_type(text)
  local depth, quoted, i = 0, false, 1
  while i <= #text do
    local c = text:sub(i, i)
    if c == '"' then
      quoted = not quoted
    elseif not quoted then
      if c == "(" or c == "{" or c == "[" or c == "<" then depth = depth + 1
      elseif c == ")" or c == "}" or c == "]" or c == ">" then depth = depth - 1
      elseif c == " " and depth == 0 then
        local before, after = text:sub(i - 1, i - 1), text:match("^%s*(.)", i)
        if before ~= ":" and before ~= "," and before ~= "|" and after ~= "|" then break end
      end
    end
    i = i + 1
  end
  return text:sub(1, i - 1), (text:sub(i):gsub("^%s+", ""))
end

-- A description after a type or name: LuaLS lets it start with #.
local function comment(text)
  return (text:gsub("^#%s*", ""))
end

-- A ---@param or ---@field line: name, optional?, type, description.
local function named(text)
  local name, rest = text:match("^(%S+)%s+(.*)$")
  if not name then return text, false, "any", "" end
  local optional = name:sub(-1) == "?"
  if optional then name = name:sub(1, -2) end
  local ty, desc = split_type(rest)
  return name, optional, ty, comment(desc)
end

-- A ---@return line: type, name (a word, or ... for any number of values;
-- none when the text after the type starts with #), description.
local function returned(text)
  local ty, rest = split_type(text)
  if rest:sub(1, 1) == "#" then return ty, nil, comment(rest) end
  local name, desc = rest:match("^(%.%.%.)%s*(.*)$")
  if not name then name, desc = rest:match("^([%a_][%w_]*)%s*(.*)$") end
  return ty, name, comment(desc or "")
end

-- Parse one file into the doc model: sections (classes, modules, globals)
-- and aliases, appended to `doc`. `module` names the module for a stdlib
-- file ("grove.game"), nil for a types file.
local function parse_file(doc, path, shown, module)
  local lines = {}
  for line in (read_file(path) .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  local module_var = nil
  for i = #lines, 1, -1 do
    local v = lines[i]:match("^return%s+([%a_][%w_]*)%s*$")
    if v then module_var = v break end
    if lines[i]:match("%S") then break end
  end
  local intro = {}                    -- the file's opening comment (types files)
  for _, line in ipairs(lines) do
    local text = not line:match("^%-%-%-") and line:match("^%-%- ?(.*)$")
    if text then intro[#intro + 1] = text
    elseif line ~= "" and not line:match("^%-%-%-@meta") then break end
  end
  local var_section = {}              -- variable name -> section, in this file
  local globals = nil                 -- the section of this file's global functions

  local function section_of(var)
    if var_section[var] then return var_section[var] end
    if module and var == module_var then
      local s = { title = "Module " .. module, kind = "module", name = module, file = shown,
        description = "", fields = {}, operators = {}, functions = {} }
      doc.sections[#doc.sections + 1] = s
      var_section[var] = s
      return s
    end
    return nil
  end

  local i = 1
  while i <= #lines do
    if not lines[i]:match("^%-%-%-") then
      i = i + 1
    else
      -- a block of --- lines, and the code line after it
      local block = { text = {}, params = {}, returns = {}, overloads = {}, fields = {}, operators = {} }
      while i <= #lines and lines[i]:match("^%-%-%-") do
        local body = lines[i]:gsub("^%-%-%- ?", "")
        local tag, rest = body:match("^@(%a+)%s*(.*)$")
        if not tag then
          block.text[#block.text + 1] = body
        elseif tag == "class" then
          block.class = rest:match("^([%w_.]+)")
        elseif tag == "alias" then
          block.alias, block.alias_type = rest:match("^([%w_.]+)%s+(.+)$")
        elseif tag == "field" then
          local name, optional, ty, desc = named(rest)
          block.fields[#block.fields + 1] = { name = name, optional = optional, type = ty, description = desc }
        elseif tag == "operator" then
          block.operators[#block.operators + 1] = rest
        elseif tag == "param" then
          local name, optional, ty, desc = named(rest)
          block.params[name] = { optional = optional, type = ty, description = desc }
        elseif tag == "return" then
          local ty, name, desc = returned(rest)
          block.returns[#block.returns + 1] = { type = ty, name = name, description = desc }
        elseif tag == "overload" then
          block.overloads[#block.overloads + 1] = rest
        end
        i = i + 1
      end
      local code = lines[i] or ""
      local description = describe(block.text)
      if block.alias then
        doc.aliases[#doc.aliases + 1] = { name = block.alias, type = block.alias_type,
          description = description, file = shown }
      elseif block.class then
        local var, global = code:match("^local%s+([%a_][%w_]*)%s*=%s*{}"), false
        if not var then var = code:match("^([%a_][%w_]*)%s*=%s*{}") global = var ~= nil end
        local s = { title = block.class, kind = global and "global table" or "class", name = block.class,
          file = shown, description = description, fields = block.fields, operators = block.operators,
          functions = {} }
        doc.sections[#doc.sections + 1] = s
        if var then var_section[var] = s end
      elseif code:match("^local%s+[%a_][%w_]*%s*=%s*{}") and module then
        -- a stdlib module's table: its description is the module's
        local var = code:match("^local%s+([%a_][%w_]*)")
        local s = section_of(var)
        if s then s.description = description end
      else
        local full, params = code:match("^function%s+([%w_.:]+)%s*%(([^)]*)%)")
        if full then
          local var, sep, member = full:match("^([%w_]+)([.:])([%w_]+)$")
          local s
          if var then
            s = section_of(var)
          else
            member = full
            if not globals then
              globals = { title = "Global functions (" .. shown .. ")", kind = "globals", name = shown,
                file = shown, description = describe(intro), fields = {}, operators = {}, functions = {} }
              doc.sections[#doc.sections + 1] = globals
            end
            s = globals
          end
          if s then
            local names = {}
            for p in params:gmatch("[^,%s]+") do names[#names + 1] = p end
            local owner = module and var == module_var and module:match("([^.]*)$") or s.name
            s.functions[#s.functions + 1] = { name = var and (owner .. sep .. member) or member,
              params = names, block = block, description = description }
          end
        end
      end
    end
  end
end

-- Writing the reference ---------------------------------------------------------

-- The anchor GitHub gives a heading.
local function anchor(title)
  return (title:lower():gsub("[^%w%s_-]", ""):gsub("%s", "-"))
end

local function signature(f)
  local shown = {}
  for _, p in ipairs(f.params) do
    local info = f.block.params[p]
    shown[#shown + 1] = (info and info.optional) and ("[" .. p .. "]") or p
  end
  return f.name .. "(" .. table.concat(shown, ", ") .. ")"
end

-- An ---@overload as a call: on Pool:take, fun(self: Pool, n?: integer): integer
-- reads Pool:take([n]). A method's overload names self first.
local function overload_call(f, text)
  local inner = text:match("^fun%s*(%b())")
  if not inner then return text end
  local shown = {}
  for name, optional in inner:gmatch("([%w_.]+)(%??)%s*:") do
    if not (name == "self" and f.name:find(":", 1, true)) then
      shown[#shown + 1] = optional == "?" and ("[" .. name .. "]") or name
    end
  end
  return f.name .. "(" .. table.concat(shown, ", ") .. ")"
end

local function item(name, ty, optional, description)
  local parts = { "- " }
  if name then parts[#parts + 1] = "`" .. name .. "` " end
  parts[#parts + 1] = "(`" .. ty .. "`" .. (optional and ", optional" or "") .. ")"
  if description and description ~= "" then parts[#parts + 1] = ": " .. description end
  return table.concat(parts)
end

local function write_function(out, f)
  out[#out + 1] = "### `" .. signature(f) .. "`\n"
  if f.description ~= "" then out[#out + 1] = f.description .. "\n" end
  local plist = {}
  for _, p in ipairs(f.params) do
    local info = f.block.params[p]
    if info then plist[#plist + 1] = item(p, info.type, info.optional, info.description) end
  end
  if #plist > 0 then out[#out + 1] = "Parameters:\n\n" .. table.concat(plist, "\n") .. "\n" end
  local rlist = {}
  for _, r in ipairs(f.block.returns) do
    if r.name == "..." then
      rlist[#rlist + 1] = "- any number of `" .. r.type .. "`" .. (r.description ~= "" and (": " .. r.description) or "")
    else
      rlist[#rlist + 1] = item(r.name, r.type, false, r.description)
    end
  end
  if #rlist > 0 then out[#out + 1] = "Returns:\n\n" .. table.concat(rlist, "\n") .. "\n" end
  for _, o in ipairs(f.block.overloads) do out[#out + 1] = "Also: `" .. overload_call(f, o) .. "`\n" end
end

local function write_section(out, s)
  out[#out + 1] = "## " .. s.title .. "\n"
  local where = "*" .. s.kind .. ", " .. s.file .. "*"
  if s.kind == "module" then where = "*`require \"" .. s.name .. "\"`, " .. s.file .. "*" end
  out[#out + 1] = where .. "\n"
  if s.description ~= "" then out[#out + 1] = s.description .. "\n" end
  if #s.fields > 0 then
    local list = {}
    for _, fd in ipairs(s.fields) do list[#list + 1] = item(fd.name, fd.type, fd.optional, fd.description) end
    out[#out + 1] = "Fields:\n\n" .. table.concat(list, "\n") .. "\n"
  end
  for _, op in ipairs(s.operators) do out[#out + 1] = "Operator: `" .. op .. "`\n" end
  for _, f in ipairs(s.functions) do write_function(out, f) end
end

local function render(doc, command)
  local out = {
    "# grove Lua API reference\n",
    "Every function, method and field grove gives Lua, grouped by class: the host API " ..
    "(annotated in `types/`, which the host's test `tests/host/test_annotations.c` keeps complete) " ..
    "and the stdlib modules (annotated in `stdlib/grove/`). The same annotations give an editor " ..
    "running the Lua language server completion and type hints: see `types/README.md`.\n",
    "This file is generated by `docs/apidoc.lua`; do not edit it by hand. After changing an " ..
    "annotation, regenerate it from the source tree with\n\n    " .. command .. "\n\n" ..
    "(`tests/repl/cli/apidoc.sh` fails while it is stale).\n",
    "How errors read: a call that cannot be made raises at the line of the script that made it, " ..
    "names the component (its kind and name) and the method, counts the argument that is wrong " ..
    "as the script wrote the call (after the component or `s`), and says what is wrong and what " ..
    "would do: `scripts/logger/game.lua:42: grid 'board':get, argument #1: no cell 'z9' (a1..e5)`. " ..
    "A call that is wrong as a whole names no argument (`deck 'pile':draw: the deck is empty`), " ..
    "a declaration names what it declares (`s:deck('hand'), argument #2: capacity 0 out of range " ..
    "(1..65535)`), and a seat out of range reads the same everywhere (`no seat 3 (1..2, or 0 for " ..
    "an onlooker)`). An argument of the wrong type reads as Lua's own: `bad argument #1 to 'get' " ..
    "(cell expected, got table)`. The call changes nothing.\n",
    "## Contents\n",
  }
  local toc = { "- [Types](#types)" }
  for _, s in ipairs(doc.sections) do toc[#toc + 1] = "- [" .. s.title .. "](#" .. anchor(s.title) .. ")" end
  out[#out + 1] = table.concat(toc, "\n") .. "\n"
  out[#out + 1] = "## Types\n"
  out[#out + 1] = "Names the annotations give to the kinds of value the API takes and returns.\n"
  local list = {}
  for _, a in ipairs(doc.aliases) do
    list[#list + 1] = "- `" .. a.name .. "` = `" .. a.type .. "`" .. (a.description ~= "" and (": " .. a.description) or "")
  end
  out[#out + 1] = table.concat(list, "\n") .. "\n"
  for _, s in ipairs(doc.sections) do write_section(out, s) end
  return table.concat(out, "\n")
end

-- Main --------------------------------------------------------------------------

local types_dir, output = arg[1], arg[2]
if not types_dir or not output or arg[3] then error(USAGE, 0) end
types_dir = types_dir:gsub("/+$", "")
local parent = types_dir:match("^(.*)/[^/]*$") or "."
local stdlib_dir = parent .. "/stdlib/grove"

local doc = { sections = {}, aliases = {} }
local types_files = lua_files(types_dir, TYPES_ORDER)
if not types_files or #types_files == 0 then error("apidoc: no annotation files in " .. types_dir, 0) end
local types_name = types_dir:match("([^/]*)$")
for _, base in ipairs(types_files) do
  parse_file(doc, types_dir .. "/" .. base .. ".lua", types_name .. "/" .. base .. ".lua", nil)
end
for _, base in ipairs(lua_files(stdlib_dir, STDLIB_ORDER) or {}) do
  parse_file(doc, stdlib_dir .. "/" .. base .. ".lua", "stdlib/grove/" .. base .. ".lua", "grove." .. base)
end

local text = render(doc, "build/grove run docs/apidoc.lua types docs/api.md")
local f, err = io.open(output, "w")
if not f then error("apidoc: " .. err, 0) end
f:write(text)
f:close()
