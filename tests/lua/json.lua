-- json.decode and json.encode (host/lua/lua_json.c), the trusted
-- environments' JSON on the host's one reader and writer: what they read
-- and write, what they refuse and how they say it, and that a value
-- written reads back.

local FFFD = "\u{FFFD}"

test("decode: objects, arrays, strings, numbers, true, false and null", function()
  local v = json.decode(' {"a": [1, 2.5, "x", true, false, null, {}], "b": {"c": -3}, "e": "\\u00e9\\n"} ')
  expect.eq(v.a[1], 1)
  expect.eq(math.type(v.a[1]), "integer")
  expect.eq(v.a[2], 2.5)
  expect.eq(v.a[3], "x")
  expect.eq(v.a[4], true)
  expect.eq(v.a[5], false)
  expect.eq(v.a[6], nil)                -- a null leaves its place empty
  expect.eq(type(v.a[7]), "table")
  expect.eq(v.b.c, -3)
  expect.eq(v.e, "é\n")
  expect.eq(json.decode("null"), nil)
  expect.eq(json.decode(' "top" '), "top")
  expect.eq(json.decode("9223372036854775807"), math.maxinteger)
  expect.eq(math.type(json.decode("9223372036854775808")), "float")
  expect.eq(math.type(json.decode("3.0")), "float")
  expect.eq(json.decode('"a\\u0000b"'), "a\0b")
end)

test("decode: a surrogate pair is one character, a lone half U+FFFD", function()
  expect.eq(json.decode('"\\ud83d\\ude00"'), "😀")
  expect.eq(json.decode('"\\udc00"'), FFFD)
  expect.eq(json.decode('"a\\ud800b"'), "a" .. FFFD .. "b")
end)

test("decode: what is not JSON is refused with the place", function()
  expect.error(function() json.decode('{"a": 1,}') end, "a member name (a string) expected at column 9")
  expect.error(function() json.decode("[1,\n 2,\n x]") end, "a value expected at line 3, column 2")
  expect.error(function() json.decode("1e999") end, "a number beyond the range of a double")
  expect.error(function() json.decode("[1] [2]") end, "text after the value at column 5")
  expect.error(function() json.decode("") end, "the text ends where a value was expected")
  expect.error(function() json.decode(string.rep("[", 65) .. string.rep("]", 65)) end, "nested too deep")
  expect.error(function() json.decode("1\0") end, "text after the value at column 2")
  expect.error(function() json.decode({}) end, "string expected")
end)

test("encode: lists, objects with their keys sorted, and plain values", function()
  expect.eq(json.encode({ b = 1, a = { 1, 2, "x" }, c = true }), '{"a":[1,2,"x"],"b":1,"c":true}')
  expect.eq(json.encode({}), "[]")
  expect.eq(json.encode(nil), "null")
  expect.eq(json.encode(0.1), "0.1")
  expect.eq(json.encode(-7), "-7")
  expect.eq(json.encode(math.mininteger), "-9223372036854775808")
  expect.eq(json.encode("line\n\"q\""), '"line\\n\\"q\\""')
end)

test("encode: safe in a page's script block, and valid UTF-8", function()
  local text = json.encode({ t = "</script><!-- & \255 \u{D800}" })
  expect.eq(text, '{"t":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\ufffd \\ufffd\\ufffd\\ufffd"}')
  expect.truthy(utf8.len(text))
end)

test("encode: what JSON cannot hold is refused, naming where it is", function()
  expect.error(function() json.encode({ moves = { { seat = 1 }, { seat = print } } }) end,
    "json.encode: value.moves[2].seat is a function: JSON holds nil, booleans, numbers, strings and tables")
  expect.error(function() json.encode({ 1, 2, x = 3 }) end, "value is a table with both list items and string keys")
  expect.error(function() json.encode({ [1] = 1, [3] = 3 }) end, "value is a list with holes: JSON lists have none")
  expect.error(function() json.encode({ { nil, 2 } }) end, "value[1] is a list with holes")
  expect.error(function() json.encode({ [true] = 1 }) end, "is a table with a key that is neither a string nor a list's index")
  expect.error(function() json.encode({ [1.5] = 1 }) end, "is a table with a key that is neither a string nor a list's index")
  expect.error(function() json.encode({ x = 1 / 0 }) end, "value.x is a number JSON cannot hold")
  expect.error(function() json.encode({ 0 / 0 }) end, "value[1] is a number JSON cannot hold")
  local loop = {}
  loop.self = loop
  expect.error(function() json.encode(loop) end, "nested more than 64 tables deep: does a table hold itself?")
end)

test("what encode writes, decode reads back", function()
  local value = { name = "Once Upon a Forest", seats = { 1, 2, 3 }, score = { 1.5, -2, 1e300 }, nested = { { {} } },
    text = "tab\there, quote \" backslash \\ and é😀", empty = "", ["key with ü"] = false }
  local back = json.decode(json.encode(value))
  expect.eq(back.name, value.name)
  expect.eq(back.text, value.text)
  expect.eq(back.empty, "")
  expect.eq(back["key with ü"], false)
  for i = 1, 3 do expect.eq(back.seats[i], value.seats[i]) expect.eq(back.score[i], value.score[i]) end
  expect.eq(type(back.nested[1][1]), "table")
  -- every byte alone: itself when it is a character, else U+FFFD
  for b = 0, 255 do
    local s = string.char(b)
    expect.eq(json.decode(json.encode(s)), b < 128 and s or FFFD)
  end
end)

test("json is for trusted scripts only: rule scripts do not see it", function()
  games.add_path("tests/fixtures")
  local g = games.open("logger", { players = 2, seed = 1 })
  expect.error(function() g:edit("local x = json") end, "undeclared global 'json'")
end)
