-- The sandbox: a rule script (tests/fixtures/scripts/escape) tries every way
-- out we know of, one per move. Each is refused or stopped with a message
-- that says what happened, the game in progress is exactly as it was, and a
-- game opened afterwards starts clean.
games.add_path("tests/fixtures")

local CASES = {
  os_execute = "'os' is not available to rule scripts",
  io_open = "'io' is not available to rule scripts",
  require_os = "module 'os' not found",
  binary_chunk = "attempt to load a binary chunk",
  string_dump = "attempt to call a nil value (field 'dump')",
  debug = "'debug' is not available to rule scripts",
  package_loadlib = "'package' is not available to rule scripts",
  metatable_of_G = "cannot change a protected metatable",
  assign_G = "assignment to global '_G'",
  replace_api = "cannot assign 'move': this table is read-only",
  replace_library = "cannot assign 'format': this table is read-only",
  rawset_api = "rawset: this table is read-only",
  rawset_library = "rawset: this table is read-only",
  collectgarbage_stop = "collectgarbage(\"stop\") is not available to rule scripts",
  yield_across_host = "attempt to yield across a C-call boundary",
  yield_from_apply = "attempt to yield from outside a coroutine",
  pcall_swallows_budget = "instruction budget exceeded",
  string_rep = "out of memory",
  endless_table = "out of memory",
  deep_recursion = "stack overflow",
  string_metatable = "attempt to index a boolean value",
  global_state = "assignment to global 'undeclared_leak'",
}

test("sandbox: every escape is refused with its reason and the game is untouched", function()
  local g = games.open("escape", { players = 1, seed = 1 })
  g:play("fine")
  local seen = 0
  for _, text in ipairs(g:moves()) do
    if text ~= "fine" then
      local fragment = CASES[text]
      expect.truthy(fragment, "no expected message for the escape " .. text)
      local why = expect.refused(g, text, fragment)
      expect.truthy(why:find("scripts/escape/game.lua", 1, true) or why:find("out of memory", 1, true),
        text .. ": the message names the script: " .. why)
      seen = seen + 1
    end
  end
  local cases = 0
  for _ in pairs(CASES) do cases = cases + 1 end
  expect.eq(seen, cases, "every case was tried")
  g:play("fine")                                 -- and the game goes on
  expect.eq(g.state.play.count, 2)
end)

test("sandbox: after the escapes, the host and a new game are clean", function()
  local g = games.open("escape", { players = 1, seed = 1 })
  for _, text in ipairs(g:moves()) do
    if text ~= "fine" then g:try(text) end
  end
  g:close()
  local fresh, again = games.open("escape", { players = 1, seed = 1 }), games.open("escape", { players = 1, seed = 1 })
  expect.eq(fresh:hash(), again:hash())
  fresh:play("fine")
  expect.eq(fresh.state.play.count, 1)
  expect.eq(string.format("%d", 7), "7")         -- the libraries are whole
  expect.eq(grove.move(3, 1, 0, 0) & 0xff, 3)
  expect.truthy(not io.open("/tmp/grove-escaped", "r"), "os.execute ran")
  local logger = games.open("logger", { players = 2, seed = 1 })
  logger:play("place a1")                        -- another game plays as before
  expect.eq(logger.state.board:get("a1", "logger"), 1)
end)

-- Issue 18: every way we know to run beyond the budget or Ctrl-C, or to
-- crash grove (tests/fixtures/scripts/hang; tests/repl/session/hang.sh sends the
-- same a real Ctrl-C and runs them unattended in sim, bench and a bot).
-- Each is stopped or refused, names the script, and changes nothing.
local HANGS = {
  xpcall_handler = "instruction budget exceeded",
  xpcall_work = "instruction budget exceeded",
  gc_finalizer = "__gc is not available",
  coroutine_loop = "instruction budget exceeded",
  coroutine_pcall = "instruction budget exceeded",
  coroutine_handler = "instruction budget exceeded",
  rep_empty = false,                  -- n empty pieces: grove's string.rep answers at once
  table_move = "instruction budget exceeded",
  pattern_find = "instruction budget exceeded",
  pattern_match = "instruction budget exceeded",
  pattern_gsub = "instruction budget exceeded",
  pattern_gmatch = "instruction budget exceeded",
  plain_find = "instruction budget exceeded",
  balance = "instruction budget exceeded",
  concat_index = "instruction budget exceeded",
  insert_len = "instruction budget exceeded",
  remove_len = "instruction budget exceeded",
  sort_len = "instruction budget exceeded",
  close_nested = "coroutines nested too deeply",
  concat_big = "instruction budget exceeded",
  compare_big = "instruction budget exceeded",
  tostring_loop = "instruction budget exceeded",
}

test("sandbox: no rule call runs beyond the budget, none crashes grove", function()
  local g = games.open("hang", { players = 1, seed = 0 })
  g:play("step")
  local hash = g:hash()
  local seen = 0
  for _, text in ipairs(g:moves()) do
    local fragment = HANGS[text]
    if fragment == false then                      -- bounded: it plays
      expect.truthy(g:try(text), text .. " plays")
      g:undo()
      seen = seen + 1
    elseif fragment then
      local why = expect.refused(g, text, fragment)
      expect.truthy(why:find("scripts/hang/game.lua:", 1, true), text .. ": the message names the script: " .. why)
      expect.eq(g:hash(), hash, text .. " changed the game")
      seen = seen + 1
    end
  end
  local cases = 0
  for _ in pairs(HANGS) do cases = cases + 1 end
  expect.eq(seen, cases, "every case was tried")
  g:play("step")
  expect.eq(g.state.play.count, 2)
end)

test("sandbox: string.dump is out of reach through a string's methods too", function()
  expect.eq(("").dump, nil)
  expect.eq(string.dump, nil)
end)
