-- What a script holds: component handles (tables of methods) and vars
-- (plain fields), and the errors a designer gets when using them wrongly.
games.add_path("tests/fixtures")

local function open()
  return games.open("misbehave", { players = 1, seed = 1 })
end

--- The message of an error, without "file:line: ".
local function message(f)
  local ok, err = pcall(f)
  expect.falsy(ok, "no error")
  return (err:gsub("^[^:]+:%d+: ", ""))
end

test("handles: a method called with a dot instead of a colon says so", function()
  local g = open()
  local s = g.state
  expect.eq(message(function() return s.board.get("a1", "mark") end),
    "bad argument #1 to 'get' (Grid expected, got string; call methods with a colon: board:get(...))")
end)

test("handles: an unknown method and an assignment name the component", function()
  local g = open()
  local s = g.state
  expect.eq(message(function() return s.board:nosuch() end), "grid 'board': no method 'nosuch'")
  expect.eq(message(function() s.board.tree = 3 end),
    "grid 'board': cannot assign 'tree': change it through its methods")
  expect.eq(s.board:get("a1", "mark"), 0)
end)

test("handles: a method is made on first use, then is the same every time", function()
  local g = open()
  local s = g.state
  expect.eq(rawget(s.board, "get"), nil)
  local get = s.board.get
  expect.eq(type(get), "function")
  expect.truthy(rawget(s.board, "get") == get, "kept in the handle table")
  expect.truthy(s.board.get == get, "the same closure on the next read")
  expect.eq(rawget(s.board, "set"), nil)
end)

test("handles: a method replaced before its first use stays replaced, for that State only", function()
  local g, other = open(), open()
  local s = g.state
  s.board.get = function() return 42 end
  expect.eq(s.board:get("a1", "mark"), 42)
  expect.eq(other.state.board:get("a1", "mark"), 0)
end)

test("handles: one component's method works on another of its kind only", function()
  local g = open()
  local s = g.state
  expect.eq(message(function() return s.board.get(s.play, "a1", "mark") end),
    "bad argument #1 to 'get' (Grid expected, got Vars)")
  expect.eq(tostring(s.board), "Grid(board, 3x3)")
end)

test("vars: read and written as fields; unknown names raise", function()
  local g = open()
  local s = g.state
  expect.eq(s.play.count, 0)
  expect.eq(message(function() return s.play.cuont end),
    "vars 'play': no var 'cuont' (declare it in setup: s:vars(name, {...}))")
  expect.eq(message(function() s.play.cuont = 1 end),
    "vars 'play': no var 'cuont' (declare it in setup: s:vars(name, {...}))")
  expect.eq(tostring(s.play), "Vars(count=0, only=0, twice=0)")
end)

test("vars: the game sees them after each move, undo and redo bring them back", function()
  local g = open()
  local s = g.state
  local hash = g:hash()
  g:play("fine")
  expect.eq(s.play.count, 1)
  expect.truthy(g:hash() ~= hash, "the move changed the state")
  g:undo()
  expect.eq(s.play.count, 0)
  expect.eq(g:hash(), hash)
  g:redo()
  expect.eq(s.play.count, 1)
end)

test("vars: a move that leaves a var holding a non-integer is refused and undone", function()
  local g = open()
  local s = g.state
  g:play("fine")
  local hash = g:hash()
  local ok, why = g:try("string_var")
  expect.falsy(ok)
  expect.eq(why, "apply: scripts/misbehave/game.lua:13: vars 'play': var 'count' holds a string; vars hold integers"
    .. " (left so by the function apply, which begins at that line)")
  expect.eq(s.play.count, 1)
  expect.eq(g:hash(), hash)
  ok, why = g:try("nil_var")
  expect.falsy(ok)
  expect.eq(why, "apply: scripts/misbehave/game.lua:13: vars 'play': var 'count' was set to nil; vars hold integers"
    .. " (left so by the function apply, which begins at that line)")
  expect.eq(s.play.count, 1)
end)

test("vars: a tool that stores a non-integer hears it at the next hash", function()
  local g = open()
  g.state.play.count = 2.5
  expect.eq(message(function() return g:hash() end),
    "vars 'play': var 'count' holds the number 2.5; vars hold integers")
  g.state.play.count = 2
  expect.eq(type(g:hash()), "number")
end)

test("grid: a row or a column with a condition keeps the cells that meet it", function()
  local g = open()
  local s = g.state
  s.board:set("a1", "mark", 1)
  s.board:set("c1", "mark", 2)
  s.board:set("a3", "mark", 1)
  local MARKED = grove.cond { mark = { 1, 9 } }
  expect.eq({ s.board:row(1, MARKED) }, { s.board:cell("a1"), s.board:cell("c1") })
  expect.eq({ s.board:column(1, MARKED) }, { s.board:cell("a1"), s.board:cell("a3") })
  expect.eq({ s.board:row(2, MARKED) }, {})
  expect.eq(select("#", s.board:row(3)), 3)
  expect.eq(message(function() return s.board:row(1, { colour = 1 }) end),
    "grid 'board':row, argument #2: no field 'colour' (fields: mark)")
end)
