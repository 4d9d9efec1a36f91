-- grove.mutate's faults (stdlib/grove/mutate.lua): where they go, what
-- each does to the text, never inside a string or a comment, the markers
-- that keep them out, the hunks of the report and the equivalents file
-- that reads them back, and the seeded choice. `grove mutate` itself runs
-- in tests/repl/mutate.sh.
local M = require "grove.mutate"

-- Every fault of source text, as "LINE OP: mutated line(s)" sorted, each
-- option of a site in its own entry.
local function faults(text)
  local out = {}
  local sites, problems = M.sites(text)
  for _, s in ipairs(sites) do
    for _, edits in ipairs(s.options) do
      local lines = {}
      for l in (M.apply(text, edits) .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = l end
      local changed = {}
      for l = s.line, s.eline do changed[#changed + 1] = (lines[l]:gsub("^%s+", "")) end
      out[#out + 1] = string.format("%d %s: %s", s.line, s.op, table.concat(changed, " / "))
    end
  end
  table.sort(out)
  return out, problems
end

test("the lexer: strings, long strings, comments, numbers and lines", function()
  local toks = M.lex('local a = "x\\"y" .. [==[\nb]]\n]==] --[[ c\nd ]] + 0x1Fp2 - 1e-3 -- e\nf(\'g\\\nh\')')
  local seen = {}
  for _, t in ipairs(toks) do seen[#seen + 1] = t.kind .. "@" .. t.line .. ":" .. t.text end
  expect.eq(seen, {
    "keyword@1:local", "name@1:a", "op@1:=", 'string@1:"x\\"y"', "op@1:..", "string@1:[==[\nb]]\n]==]",
    "comment@3:--[[ c\nd ]]", "op@4:+", "number@4:0x1Fp2", "op@4:-", "number@4:1e-3", "comment@4:-- e",
    "name@5:f", "op@5:(", "string@5:'g\\\nh'", "op@6:)",
  })
  expect.error(function() M.lex('x = "open') end, "line 1: an unfinished string")
  expect.error(function() M.lex("x = 1\n--[[ open") end, "line 2: an unfinished long comment")
end)

test("each operator, once per place", function()
  local got = faults(table.concat({
    "if a < b and c ~= 2 then x = y + 1 end",
    "while not done do f(true) end",
    "elseif_ = n >= 3 or m - 4",
  }, "\n"))
  expect.eq(got, {
    "1 andor: if a < b or c ~= 2 then x = y + 1 end",
    "1 arith: if a < b and c ~= 2 then x = y - 1 end",
    "1 compare: if a < b and c == 2 then x = y + 1 end",
    "1 compare: if a <= b and c ~= 2 then x = y + 1 end",
    "1 negate: if not (a < b and c ~= 2) then x = y + 1 end",
    "1 number: if a < b and c ~= 1 then x = y + 1 end",
    "1 number: if a < b and c ~= 2 then x = y + 0 end",
    "1 number: if a < b and c ~= 2 then x = y + 2 end",
    "1 number: if a < b and c ~= 3 then x = y + 1 end",
    "2 bool: while not done do f(false) end",
    "2 negate: while not (not done) do f(true) end",
    "3 andor: elseif_ = n >= 3 and m - 4",
    "3 arith: elseif_ = n >= 3 or m + 4",
    "3 compare: elseif_ = n > 3 or m - 4",
    "3 delete: ",
    "3 number: elseif_ = n >= 2 or m - 4",
    "3 number: elseif_ = n >= 3 or m - 3",
    "3 number: elseif_ = n >= 3 or m - 5",
    "3 number: elseif_ = n >= 4 or m - 4",
  })
end)

test("never in a string or a comment", function()
  local got = faults(table.concat({
    'local s = "a < b and 1 + 2 or true"',
    "local l = [[ if x == 1 then y() end ]]",
    "-- if a < b then c = c + 1 end",
    "--[==[ true and false",
    "  z = 3 ]==]",
    "say('x = 1')",
  }, "\n"))
  expect.eq(got, { "6 delete: " })
end)

test("a unary minus, an attribute, a numeral next to a minus", function()
  local got = faults(table.concat({
    "local x <const> = -y",
    "return a-0, b +-c, 0x10",
  }, "\n"))
  expect.eq(got, {
    "2 arith: return a+0, b +-c, 0x10",
    "2 arith: return a-0, b - -c, 0x10",
    "2 number: return a-(-1), b +-c, 0x10",
    "2 number: return a-0, b +-c, 0x11",
    "2 number: return a-0, b +-c, 0xF",
    "2 number: return a-1, b +-c, 0x10",
  })
  for _, f in ipairs(got) do
    local line = f:match("^%d+ %a+: (.*)$")
    expect.truthy(load(line, "=fault", "t"), "compiles: " .. line)
  end
end)

test("only whole statements on a line of their own are deleted", function()
  local got = faults(table.concat({
    "local t = {",                      -- a table's fields are no statements
    "  f(a),",
    "  b = g(c)",
    "}",
    "h(d,",                             -- nor the lines of a statement on several
    "  e)",
    "x = y",
    "  .. z",
    "local v = w()",                    -- a declaration stays
    "m.n:o(p)",
    "q[r] = s; u()",                    -- two statements on a line stay
    "fn = function(k)",                 -- the line that opens a function stays
    "  k.v = nil",
    "end",
  }, "\n"))
  local deleted = {}
  for _, f in ipairs(got) do
    local line = f:match("^(%d+) delete")
    if line then deleted[#deleted + 1] = tonumber(line) end
  end
  expect.eq(deleted, { 10, 13 })
end)

test("mutate: skip keeps faults out of a line or a whole function", function()
  local got = faults(table.concat({
    "local function narrate(s) -- mutate: skip",
    "  if s.n > 1 then s:say('many') end",
    "end",
    "-- mutate: skip   (text only)",
    "local function label(n)",
    "  return n == 1 and 'one' or 'more'",
    "end",
    "x = x + 1 -- mutate: skip",
    "y = y + 1",
  }, "\n"))
  expect.eq(got, { "9 arith: y = y - 1", "9 delete: ", "9 number: y = y + 0", "9 number: y = y + 2" })
end)

test("mutate: off and on keep faults out of a region", function()
  local got, problems = faults(table.concat({
    "a = 1",
    "-- mutate: off",
    "b = 2",
    "c = true",
    "-- mutate: on",
    "d = false",
    "--[[ mutate: off ]] e = 3",
  }, "\n"))
  expect.eq(problems, {})
  expect.eq(got, {
    "1 delete: ", "1 number: a = 0", "1 number: a = 2",
    "6 bool: d = true", "6 delete: ",
  })
  local _, bad = M.sites("-- mutate: of\nx = 1")
  expect.eq(bad, { "line 1: unknown marker 'mutate: of' (off, on or skip)" })
end)

test("every fault in Logger's rules compiles", function()
  local fh = assert(io.open("scripts/logger/game.lua", "rb"))
  local text = fh:read("a")
  fh:close()
  local sites = M.sites(text)
  expect.truthy(#sites > 300, "Logger has some hundreds of places, got " .. #sites)
  for _, s in ipairs(sites) do
    for _, edits in ipairs(s.options) do
      local _, err = load(M.apply(text, edits), "=logger", "t")
      if err then error(string.format("line %d, %s: %s", s.line, s.op, err)) end
    end
  end
end)

test("a hunk reads as a diff, and the equivalents file reads it back", function()
  local text = "local n = 1\nif n >= 3 then\n  grow()\nend\n"
  local sites = M.sites(text)
  local cmp
  for _, s in ipairs(sites) do if s.op == "compare" then cmp = s end end
  local fault = { op = cmp.op, line = cmp.line, eline = cmp.eline, edits = cmp.options[1] }
  local hunk = M.hunk("scripts/x/game.lua", text, fault)
  expect.eq(hunk, table.concat({
    "scripts/x/game.lua:2: compare: '>=' became '>'",
    " local n = 1",
    "-if n >= 3 then",
    "+if n > 3 then",
    "   grow()",
  }, "\n"))
  local keys, problems = M.equivalents("# changes nothing\n" .. hunk .. "\n\n", { "game.lua" })
  expect.eq(problems, {})
  expect.truthy(keys[M.key("game.lua", text, fault)], "the listed fault is known")
  -- line numbers do not matter: lines added above keep the entry
  local moved = "-- a comment\n" .. text
  local msites = M.sites(moved)
  for _, s in ipairs(msites) do
    if s.op == "compare" then
      expect.truthy(keys[M.key("game.lua", moved, { edits = s.options[1], line = s.line, eline = s.eline })])
    end
  end
  -- a deleted statement has no "+" line
  local del
  for _, s in ipairs(sites) do if s.op == "delete" then del = s end end
  local dhunk = M.hunk("g.lua", text, { op = "delete", line = del.line, eline = del.eline, edits = del.options[1] })
  expect.eq(dhunk, "g.lua:3: delete: the statement deleted\n if n >= 3 then\n-  grow()\n end")
  local _, bad = M.equivalents("other.lua:3: delete\n-  grow()\n", { "game.lua" })
  expect.eq(bad, { "line 1: 'other.lua' is none of the game's rule files" })
end)

test("the choice is seeded: the same seed, the same faults", function()
  local text = "a = 1 + 2\nb = 3 - 4\nif a < b then c = true end\n"
  local files = { { rel = "game.lua", text = text, sites = M.sites(text) } }
  local function picked(n, seed)
    local out = {}
    for _, f in ipairs((M.choose(files, n, seed))) do
      out[#out + 1] = f.line .. f.op .. M.apply(text, f.edits)
    end
    return table.concat(out, "|")
  end
  expect.eq(picked(4, 7), picked(4, 7))
  expect.ne(picked(4, 7), picked(4, 8))
  local all, skipped = M.choose(files, 1000, 1)
  expect.eq(#all, #files[1].sites)
  expect.eq(skipped, 0)
  local none, refused = M.choose(files, 5, 1, function() return true end)
  expect.eq(#none, 0)
  expect.truthy(refused >= #files[1].sites)
end)
