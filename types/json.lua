---@meta
-- The `json` table of trusted scripts (test files, `grove run` scripts,
-- `grove replay`, the REPL's Lua prompt; rule scripts do not have it):
-- JSON read and written by the host's one reader and writer
-- (host/core/json.h), bound in host/lua/lua_json.c.

---Reading and writing JSON, for tools and tests (not rule scripts).
---@class json
json = {}

---The value of a JSON text: objects as tables with string keys, arrays as lists from 1 (a null leaves its index empty), null as nil, numbers written as whole numbers (in the range of an integer) as integers and the others as floats. A surrogate pair is one character, a lone half of one U+FFFD. Raises when the text is not JSON, saying what and where ("a value expected at line 3, column 2"); a number beyond a float's range (1e999) and arrays and objects nested more than 64 deep are refused too.
---@param text string the JSON text
---@return any value
function json.decode(text) end

---A value as JSON text for a web page: lists (keys 1..n) as arrays, tables with string keys as objects with their keys sorted (so the same value gives the same text), an empty table as [], strings in valid UTF-8 (a byte of no character as U+FFFD) with < > & escaped, so the text can stand inside a <script> block. Raises, naming where in the value, for what JSON cannot hold: a function, a list with holes, a table of both list items and string keys, an infinity or NaN, a table that holds itself.
---@param value any nil, a boolean, a number, a string, or a table of them
---@return string text
function json.encode(value) end
