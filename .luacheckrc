-- luacheck configuration for grove: `make lint` (run by `make check`).
--
-- Rule scripts run in grove's sandbox: Lua 5.4's base functions without
-- dofile/loadfile/io/os/debug/package, plus the read-only `grove` API.
-- Test files, stdlib tools and `grove run` scripts are trusted: they also
-- get io, os, `games` (open and play games), `json` (decode and encode)
-- and, for tests, the runner's globals.

stds.grove_sandbox = {
  read_globals = {
    "assert", "error", "ipairs", "next", "pairs", "pcall", "print", "rawequal",
    "rawget", "rawlen", "rawset", "select", "setmetatable", "getmetatable",
    "tonumber", "tostring", "type", "xpcall", "_VERSION", "collectgarbage",
    "require", "load",
    "string", "table", "utf8", "coroutine", "math",
    "grove",
  },
}
stds.grove_trusted = {
  read_globals = { "io", "os", "games", "json", "arg", "_G" },
}
stds.grove_tests = {
  read_globals = { "test", "expect", "playouts", "random_picker", "card", "rig", "lay", "set_phase" },
}

std = "grove_sandbox"
max_line_length = false

-- Test files reuse short names (n, move, seat) in nested checks on purpose.
files["**/tests/**/*.lua"] = { std = "grove_sandbox+grove_trusted+grove_tests", ignore = { "4[23]." } }
files["tests/lua/*.lua"] = { std = "grove_sandbox+grove_trusted+grove_tests", ignore = { "4[23]." } }
files["stdlib/grove/testing.lua"] = { std = "grove_sandbox+grove_trusted" }
files["stdlib/grove/replay.lua"] = { std = "grove_sandbox+grove_trusted" }
files["stdlib/grove/mutate.lua"] = { std = "grove_sandbox+grove_trusted" }
files["examples/*.lua"] = { std = "grove_sandbox+grove_trusted" }
files["bench/*.lua"] = { std = "grove_sandbox+grove_trusted" }   -- grove run scripts (bench/flooded-evaluate.lua)
files["bench/reference/*.lua"] = { std = "lua54" }   -- plain Lua, no host: the reference point
files["docs/*.lua"] = { std = "grove_sandbox+grove_trusted" }

-- Fixtures are broken or hostile on purpose (syntax errors, sandbox escapes).
exclude_files = { "tests/fixtures/scripts/syntax_error/**", "tests/fixtures/scripts/escape/**",
                  "tests/fixtures/scripts/misbehave/**", "types/**", "build*/**" }
