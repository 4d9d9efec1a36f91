--- grove.testing — the runner behind `grove test`, and what a test file
--- sees: test(name, fn) to declare a scenario, expect.* to check it.
---
---   test("a chop fells the mature trees behind the first", function()
---     local g = games.open("logger", { players = 2, seed = 1 })
---     ...
---     expect.eq(g.state.score:get(1), 2)
---   end)
---
--- A test fails when it raises; expect.* raise with the test file's line.
--- Beside comparing values (eq, truthy, error ...), expect checks what every
--- game's tests ask (types/testing.lua says each): a move refused and
--- changing nothing (refused), for a rule (breaks_rule) or for its timing
--- (not_now), integers that are no move (integers_refused), refusals that
--- change nothing later (refusals_change_nothing), the game's invariants
--- holding or firing (invariants_hold, invariant_fires).
--- playouts(1000) is how many random games a playout test runs (fewer under
--- GROVE_PLAYOUTS, which `make asan` sets). Helpers the test files of one
--- game share go in tests/lib/NAME.lua, loaded with require "NAME".
---
--- A test fixes chance and sets up a position by name, each change an
--- edit of the game (g:edit: undo takes it back, saves keep it):
---
---   rig(g, "cup", "snake", "snake", "star")     -- the next dice rolled
---   rig(g, "draw_pile", "fox", "owl")            -- the next cards dealt
---   lay(g, { hand1 = { "fox", "owl" }, pile2 = { "bear" } })
---   set_phase(g, "move", 1)
---   card(g, "fox")                               -- its id in the catalog
local M = {}

local function show(v)
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  local parts, n = {}, #v
  for i = 1, n do parts[#parts + 1] = show(v[i]) end
  local keys = {}
  for k in pairs(v) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. " = " .. show(v[k]) end
  return "{" .. table.concat(parts, ", ") .. "}"
end

local function deep_eq(a, b)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  for k, v in pairs(a) do
    if not deep_eq(v, b[k]) then return false end
  end
  for k in pairs(b) do
    if a[k] == nil then return false end
  end
  return true
end

local expect = {}
M.expect = expect

--- actual equals expected (tables compared by content).
---@param actual any
---@param expected any
---@param what? string what is compared, to start the failure message
function expect.eq(actual, expected, what)
  if not deep_eq(actual, expected) then
    error(string.format("%sexpected %s, got %s", what and (what .. ": ") or "",
      show(expected), show(actual)), 2)
  end
end

--- actual is anything but unexpected (tables compared by content).
---@param actual any
---@param unexpected any
---@param what? string what is compared, to start the failure message
function expect.ne(actual, unexpected, what)
  if deep_eq(actual, unexpected) then
    error(string.format("%sexpected anything but %s", what and (what .. ": ") or "", show(unexpected)), 2)
  end
end

--- v is neither nil nor false.
---@param v any
---@param what? string the failure message
function expect.truthy(v, what)
  if not v then error((what or "expected a true value") .. ", got " .. show(v), 2) end
end

--- v is nil or false.
---@param v any
---@param what? string the failure message
function expect.falsy(v, what)
  if v then error((what or "expected a false value") .. ", got " .. show(v), 2) end
end

--- fn() must raise an error whose text contains `fragment` (plain text).
--- Returns the message.
---@param fn fun()
---@param fragment? string
---@param what? string what is checked, for the failure message
---@return string message
function expect.error(fn, fragment, what)
  local ok, err = pcall(fn)
  if ok then error((what or "expected an error") .. " containing " .. show(fragment) .. ", but none was raised", 2) end
  err = tostring(err)
  if fragment and not err:find(fragment, 1, true) then
    error(string.format("%sexpected an error containing %s, got %s", what and (what .. ": ") or "",
      show(fragment), show(err)), 2)
  end
  return err
end

--- The move text must be among the game's legal moves.
---@param g Game
---@param text string
function expect.legal(g, text)
  for _, m in ipairs(g:moves()) do
    if m == text then return end
  end
  error(string.format("expected %q to be legal; legal moves: %s", text, table.concat(g:moves(), ", ")), 2)
end

--- The move text must not be among the game's legal moves.
---@param g Game
---@param text string
function expect.illegal(g, text)
  for _, m in ipairs(g:moves()) do
    if m == text then error(string.format("expected %q to be illegal, but it is legal", text), 2) end
  end
end

-- expect.refused, raising at `level` (counted from here: 3 is the caller
-- of the expect function that called this).
local function refused_at(level, g, move, fragment)
  local hash, played, legal = g:hash(), #g:history(), g:moves()
  local ok, why = g:try(move)
  if ok then error(string.format("%q should be refused", tostring(move)), level) end
  if type(why) ~= "string" or #why == 0 then error(string.format("%q was refused without a reason", tostring(move)), level) end
  if fragment and not why:find(fragment, 1, true) then
    error(string.format("the reason for %q lacks %q: %s", tostring(move), fragment, why), level)
  end
  if g:hash() ~= hash then error("the state changed after the refused " .. tostring(move), level) end
  if #g:history() ~= played then error("the history changed after the refused " .. tostring(move), level) end
  if not deep_eq(g:moves(), legal) then error("the legal moves changed after the refused " .. tostring(move), level) end
  return why
end

--- g:try(move) is refused with a reason (containing `fragment`, if given)
--- and changes nothing: the state, the history and the legal moves stay as
--- they were. Returns the reason.
---@param g Game
---@param move string|Move
---@param fragment? string
---@return string why
function expect.refused(g, move, fragment)
  return refused_at(3, g, move, fragment)
end

--- A typed move is refused (as expect.refused) for the rule it breaks: the
--- reason names the move and holds `rule`, in the game's words (its why).
---@param g Game
---@param text string
---@param rule string
---@return string why
function expect.breaks_rule(g, text, rule)
  local why = refused_at(3, g, text, rule)
  if not why:find(text, 1, true) then error(string.format("the reason does not name the move %q: %s", text, why), 2) end
  return why
end

--- A whole-number option's range, as the game declares it: `least` and
--- `most` each open the game with that value, and one past either end is
--- refused with the host's message ("option NAME of GAME takes a whole
--- number from LEAST to MOST, not N"). `others` are more options to open
--- with (a variant, a player count the option needs: {players = 1}).
---@param game string
---@param name string
---@param least integer
---@param most integer
---@param others? table
function expect.option_range(game, name, least, most, others)
  local function with(value)
    local options = { seed = 1 }
    for k, v in pairs(others or {}) do options[k] = v end
    options[name] = value
    return games.open(game, options)
  end
  expect.eq(with(least).state.options[name], least, name .. " at its least")
  expect.eq(with(most).state.options[name], most, name .. " at its most")
  for _, past in ipairs({ least - 1, most + 1 }) do
    expect.error(function() with(past) end, string.format(
      "option %s of %s takes a whole number from %d to %d, not %d", name, game, least, most, past))
  end
end

--- A typed move of another phase is refused (as expect.breaks_rule) with
--- what the current phase asks: "not now: now is the time to PROMPT".
---@param g Game
---@param text string
---@param prompt string
---@return string why
function expect.not_now(g, text, prompt)
  local why = refused_at(3, g, text, "not now: now is the time to " .. prompt)
  if not why:find(text, 1, true) then error(string.format("the reason does not name the move %q: %s", text, why), 2) end
  return why
end

local ODD_INTEGERS = { 0, -1, 1, 255, 999999999, math.maxinteger, math.mininteger }

--- Integers given as moves: each of 0, -1, 1, 255, 999999999, the largest
--- and the smallest integer, and those in `more`, that is no legal move is
--- refused as an "illegal move" (as expect.refused); the first legal move
--- is accepted, then taken back.
---@param g Game
---@param more? Move[]
function expect.integers_refused(g, more)
  local legal, list = {}, {}
  for _, m in ipairs(g:legal()) do legal[m] = true end
  for _, m in ipairs(ODD_INTEGERS) do list[#list + 1] = m end
  for _, m in ipairs(more or {}) do list[#list + 1] = m end
  for _, m in ipairs(list) do
    if not legal[m] then
      local why = refused_at(3, g, m)
      if not why:find("illegal move", 1, true) then
        error(string.format("the integer %d is refused, but not as an illegal move: %s", m, why), 2)
      end
    end
  end
  local first = g:legal()[1]
  if first then
    local ok, why = g:try(first)
    if not ok then error(string.format("the legal move %d is refused: %s", first, tostring(why)), 2) end
    g:undo()
  end
end

--- Refused moves change nothing, now or later: two games from open()
--- play the same `moves` (their texts; or a number: the first legal move,
--- that many times or until the end), one of them trying every text or
--- integer of `bad` before each; their states and histories end the same.
---@param open fun(): Game a fresh game, the same each time
---@param moves string[]|integer
---@param bad (string|Move)[]
function expect.refusals_change_nothing(open, moves, bad)
  local clean, noisy = open(), open()
  local n = type(moves) == "number" and moves or #moves
  for i = 1, n do
    if clean:over() then break end
    local m = type(moves) == "table" and moves[i] or clean:moves()[1]
    clean:play(m)
    for _, b in ipairs(bad) do noisy:try(b) end
    noisy:play(m)
  end
  if noisy:hash() ~= clean:hash() then error("the game that was given bad moves ends in another state", 2) end
  if not deep_eq(noisy:history(), clean:history()) then
    error("the game that was given bad moves has another history", 2)
  end
end

-- The definition's invariants on the game's state: ok, or false and the error.
local function invariants_of(g)
  local check = g.definition.invariants
  if type(check) ~= "function" then error("the game '" .. tostring(g.name) .. "' has no invariants", 3) end
  return pcall(check, g.state)
end

--- The game's invariants(s) hold on its state now.
---@param g Game
---@param what? string when, to start the failure message
function expect.invariants_hold(g, what)
  local ok, err = invariants_of(g)
  if not ok then error(string.format("%sthe invariants should hold: %s", what and (what .. ": ") or "", tostring(err)), 2) end
end

--- The game's invariants(s) fire on its state now (a test broke it on
--- purpose), naming what broke: the message holds `fragment`. Returns it.
---@param g Game
---@param fragment string
---@param what? string the state broken, to start the failure message
---@return string message
function expect.invariant_fires(g, fragment, what)
  local ok, err = invariants_of(g)
  local where = what and (what .. ": ") or ""
  if ok then error(string.format("%sthe invariants should fire, naming %s", where, show(fragment)), 2) end
  err = tostring(err)
  if not err:find(fragment, 1, true) then
    error(string.format("%sthe invariants should name %s, got %s", where, show(fragment), show(err)), 2)
  end
  return err
end

--- The legal moves, as a sorted list of texts, equal `list`.
---@param g Game
---@param list string[]
function expect.moves(g, list)
  local have = g:moves()
  table.sort(have)
  local want = {}
  for i, m in ipairs(list) do want[i] = m end
  table.sort(want)
  if not deep_eq(have, want) then
    error(string.format("expected legal moves %s, got %s", show(want), show(have)), 2)
  end
end

local notes = {}        -- what a test asks the report to say beside it (M.run)

--- The positions of a recorded session (the REPL's `record` writes these):
--- `all` names every component after setup as NAME:WORDS=HASH (as
--- g:components() gives them, the hash in 8 hex digits); the function
--- returned takes the components the next entry changed ("NAME=HASH ...")
--- and what it checks, and checks the position after it. A component the
--- game now lays out otherwise (one added, removed or grown since the
--- session was recorded) is not compared, and the report says so once.
---@param g Game the game
---@param all string every component after setup: NAME:WORDS=HASH, space-separated
---@param what? string to start the failure message
---@return fun(changes: string, what?: string) position
function expect.position(g, all, what)
  local want, words, listed, told = {}, {}, {}, false
  for name, n, hash in all:gmatch("([^%s:=]+):(%d+)=(%x+)") do
    want[name], words[name] = hash, tonumber(n)
    listed[#listed + 1] = name
  end
  local function check(text)
    local now, differs, layout = {}, {}, {}
    for _, c in ipairs(g:components()) do now[c.name] = c end
    for _, name in ipairs(listed) do
      local c = now[name]
      if not c then layout[#layout + 1] = "component " .. name .. " is gone"
      elseif c.words ~= words[name] then
        layout[#layout + 1] = string.format("component %s has %d words, the recording's %d", name, c.words, words[name])
      elseif string.format("%08x", c.hash) ~= want[name] then differs[#differs + 1] = name end
    end
    for name in pairs(now) do
      if not words[name] then layout[#layout + 1] = "component " .. name .. " is new" end
    end
    if #differs > 0 then
      error(string.format("%sthe position differs from the recorded one, in %s",
        text and (text .. ": ") or "", table.concat(differs, ", ")), 3)
    end
    if #layout > 0 and not told then
      table.sort(layout)
      notes[#notes + 1] = "the components changed since the session was recorded (not compared): "
        .. table.concat(layout, ", ")
      told = true
    end
  end
  check(what)
  return function(changes, text)
    for name, hash in changes:gmatch("([^%s=]+)=(%x+)") do
      if not words[name] then error(string.format("no component %s after setup", name), 2) end
      want[name] = hash
    end
    check(text)
  end
end

--- How many random playouts a test should run: n, unless the environment
--- variable GROVE_PLAYOUTS asks for fewer (the sanitizer build runs the
--- suite again with few: it looks for memory errors, not for rule bugs).
---@param n integer the number a full run plays
---@return integer count
function M.playouts(n)
  local cap = tonumber(os.getenv("GROVE_PLAYOUTS") or "")
  if cap and cap >= 1 and cap < n then return math.floor(cap) end
  return n
end

--- A small seeded random source for playout tests (the test environment
--- has no math.randomseed, and math.random is a game's): pick(n) is 1..n.
---@param seed integer
---@return fun(n: integer): integer pick
function M.random_picker(seed)
  local x = seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019
  return function(n)
    x = x * 6364136223846793005 + 1442695040888963407
    return (x >> 33) % n + 1
  end
end

-- ---- chance and positions by name -------------------------------------------------

local game_lib = require "grove.game"

-- The definition's catalog names, id -> name (raising at `level` when the
-- game declares none).
local function catalog_of(g, level)
  local catalog = g.definition and g.definition.catalog
  if type(catalog) ~= "table" or type(catalog.names) ~= "table" then
    error(string.format("the game '%s' has no catalog to find cards by name in (catalog = { what = "
      .. "\"cards\", names = NAMES } in its definition): give card ids instead", tostring(g.name)), level + 1)
  end
  return catalog
end

-- Every id whose catalog name is `name` (ignoring case), lowest first;
-- raises at `level`, naming the nearest name, when none is.
local function ids_named(g, name, level)
  local catalog = catalog_of(g, level + 1)
  local want, ids, all, seen = tostring(name):lower(), {}, {}, {}
  for id, n in pairs(catalog.names) do
    if tostring(n):lower() == want then ids[#ids + 1] = id end
    if not seen[n] then seen[n] = true; all[#all + 1] = tostring(n) end
  end
  if #ids == 0 then
    table.sort(all)
    error(string.format("no %s named '%s' in the game's catalog (did you mean '%s'?)",
      catalog.what and tostring(catalog.what):gsub("s$", "") or "card", tostring(name),
      tostring(game_lib.nearest(tostring(name), all))), level + 1)
  end
  table.sort(ids)
  return ids
end

--- The id of the card (or tile) with this name in the game's catalog
--- (definition.catalog.names, ignoring case): the lowest such id, since
--- copies may share a name. Raises, naming the nearest name, for a name
--- the catalog lacks.
---@param g Game the game
---@param name string the card's name, as the catalog has it
---@return integer id
function M.card(g, name)
  return ids_named(g, name, 2)[1]
end

-- The components of the game's state by name, and the card zones in
-- declaration order.
local function components_of(g)
  local by_name, zones = {}, {}
  for _, c in ipairs(g.state:components()) do
    by_name[c.name] = c
    if c.kind == "deck" then zones[#zones + 1] = c.name end
  end
  return by_name, zones
end

-- How many copies of each card a zone holds: counts[id].
local function holding(g, zone)
  local counts = {}
  for _, card in ipairs({ g.state[zone]:cards() }) do counts[card] = (counts[card] or 0) + 1 end
  return counts
end

-- A card given by name or id, as a Lua literal for an edit.
local function literal(v)
  if type(v) == "string" then return string.format("%q", v) end
  return tostring(v)
end

--- Fix chance for a scenario, as an edit of the game (g:edit: undo takes
--- it back, saves keep it): the next dice rolled show these symbols
--- (Dice:rig), or the next cards a zone deals are these (Deck:rig), the
--- first given first. A card is its catalog name (see card: of the copies
--- sharing it, one the zone holds) or its id. With nothing after the
--- component, the rig is cleared. Raises, changing nothing, for a symbol no
--- face shows, or a card the zone does not hold.
---@param g Game the game
---@param component string the dice's or the zone's name ("cup", "draw_pile")
---@param ... string|integer the symbols, or the cards, the next first
function M.rig(g, component, ...)
  local by_name = components_of(g)
  local c = by_name[component]
  if not c or (c.kind ~= "dice" and c.kind ~= "deck") then
    local names = {}
    for name, info in pairs(by_name) do
      if info.kind == "dice" or info.kind == "deck" then names[#names + 1] = name end
    end
    table.sort(names)
    error(string.format("rig: the game has no dice or card zone named '%s' (did you mean '%s'?)",
      tostring(component), tostring(game_lib.nearest(tostring(component), names))), 2)
  end
  local args = table.pack(...)
  local parts = {}
  local counts = c.kind == "deck" and holding(g, component) or nil
  for i = 1, args.n do
    local v = args[i]
    if counts and type(v) == "string" then
      local pick
      for _, id in ipairs(ids_named(g, v, 2)) do
        if (counts[id] or 0) > 0 then pick = id; break end
      end
      if not pick then
        error(string.format("rig: deck '%s' holds no %s", component, v), 2)
      end
      counts[pick] = counts[pick] - 1
      v = pick
    end
    parts[#parts + 1] = literal(v)
  end
  local ok, err = pcall(g.edit, g, string.format("s[%q]:rig(%s)", component, table.concat(parts, ", ")))
  if not ok then error("rig: " .. tostring(err):gsub("^edit: edit:%d+: ", ""), 2) end
end

-- The order a lay looks for a free copy outside the zone it fills: a
-- face-down zone first (a draw pile), then a hand, then a face-up zone.
local SOURCE_RANK = { ["face down"] = 1, owner = 2, ["face up"] = 3 }

--- Lay named cards into named zones in one call, as an edit of the game
--- (g:edit: undo takes it back, saves keep it): each zone gets its cards
--- on top, the first named on top. Each card is taken from wherever a copy
--- lies (every card stays in the game, so the invariants hold): one the
--- zone already holds, else one in another zone, a face-down zone first,
--- then a hand, then a face-up zone (zones the catalog's except names
--- hold no cards and are skipped). With `others`, each zone named ends
--- holding exactly the cards given, the cards it held besides going to
--- the bottom of the zone `others` names.
---
---   lay(g, { hand1 = { "fox", "owl" }, pile2 = { "bear" } })
---   lay(g, { hand1 = { "fox" } }, { others = "pile1" })   -- hand1 holds the fox alone
---@param g Game the game
---@param where table<string, (string|integer)[]> each zone's cards, by catalog name or id
---@param options? {others: string} where a zone's other cards go (default: they stay)
function M.lay(g, where, options)
  if type(where) ~= "table" then error("lay expects the game and a table { zone = { cards } }", 2) end
  local others = options and options.others
  local by_name, zones = components_of(g)
  local except = {}
  for _, z in ipairs(type(g.definition.catalog) == "table" and g.definition.catalog.except or {}) do except[z] = true end
  local targets = {}
  for zone, list in pairs(where) do
    if not by_name[zone] or by_name[zone].kind ~= "deck" then
      error(string.format("lay: the game has no card zone named '%s' (did you mean '%s'?)", tostring(zone),
        tostring(game_lib.nearest(tostring(zone), zones))), 2)
    end
    if type(list) ~= "table" then
      error(string.format("lay: zone '%s' expects a list of cards, got %s", zone, type(list)), 2)
    end
    targets[#targets + 1] = zone
  end
  table.sort(targets)                   -- a fixed order, whatever pairs gives
  if others ~= nil and (not by_name[others] or by_name[others].kind ~= "deck" or where[others]) then
    error(string.format("lay: others names '%s', which is no card zone lay leaves alone", tostring(others)), 2)
  end
  local free = {}                       -- free[zone][id]: copies not yet claimed
  for _, zone in ipairs(zones) do free[zone] = holding(g, zone) end
  -- the zones a card may come from, besides its own: the others first
  local named = {}
  for _, zone in ipairs(targets) do named[zone] = true end
  local sources = {}
  for i, zone in ipairs(zones) do
    if not except[zone] then sources[#sources + 1] = { zone = zone, i = i } end
  end
  table.sort(sources, function(a, b)
    local na, nb = named[a.zone] and 1 or 0, named[b.zone] and 1 or 0
    if na ~= nb then return na < nb end
    local ra = SOURCE_RANK[g.state[a.zone]:visibility()] or 4
    local rb = SOURCE_RANK[g.state[b.zone]:visibility()] or 4
    if ra ~= rb then return ra < rb end
    return a.i < b.i
  end)
  local plan = {}                       -- plan[zone][k] = { id =, from = }
  local function claim(zone, id) free[zone][id] = free[zone][id] - 1 end
  -- first each zone's own copies, then the rest from elsewhere
  for _, zone in ipairs(targets) do
    plan[zone] = {}
    for k, v in ipairs(where[zone]) do
      local ids = type(v) == "string" and ids_named(g, v, 2) or { v }
      for _, id in ipairs(ids) do
        if (free[zone][id] or 0) > 0 then
          claim(zone, id)
          plan[zone][k] = { id = id, from = zone }
          break
        end
      end
    end
  end
  for _, zone in ipairs(targets) do
    for k, v in ipairs(where[zone]) do
      if not plan[zone][k] then
        local ids = type(v) == "string" and ids_named(g, v, 2) or { v }
        for _, src in ipairs(sources) do
          for _, id in ipairs(ids) do
            if not plan[zone][k] and (free[src.zone][id] or 0) > 0 then
              claim(src.zone, id)
              plan[zone][k] = { id = id, from = src.zone }
            end
          end
        end
        if not plan[zone][k] then
          local held = 0
          for _, z in ipairs(zones) do
            local counts = holding(g, z)
            for _, id in ipairs(ids) do held = held + (counts[id] or 0) end
          end
          if held == 0 then
            error(string.format("lay: no card zone holds %s (lay takes cards from the zones only)", literal(v)), 2)
          end
          error(string.format("lay: no copy of %s is left to lay into '%s' (the zones hold %d, all laid already)",
            literal(v), zone, held), 2)
        end
      end
    end
  end
  -- the edit: with others, first the cards no zone asked for out of the
  -- zones named (under `others`); then each list, the last card first, so
  -- that the first ends on top
  local code = { "local function lay(from, to, card) s[to]:push(s[from]:take(s[from]:find(card))) end" }
  if others then
    for _, zone in ipairs(targets) do
      for _, id in ipairs({ g.state[zone]:cards() }) do
        if free[zone][id] > 0 then
          free[zone][id] = free[zone][id] - 1
          code[#code + 1] = string.format("s[%q]:push_bottom(s[%q]:take(s[%q]:find(%d)))", others, zone, zone, id)
        end
      end
    end
  end
  for _, zone in ipairs(targets) do
    for k = #where[zone], 1, -1 do
      code[#code + 1] = string.format("lay(%q, %q, %d)", plan[zone][k].from, zone, plan[zone][k].id)
    end
  end
  local ok, err = pcall(g.edit, g, table.concat(code, "\n"))
  if not ok then error("lay: " .. tostring(err):gsub("^edit: edit:%d+: ", ""), 2) end
end

--- Set the phase of the turn by its name (game.phases: the definition's
--- phases.names), as an edit of the game (g:edit: undo takes it back,
--- saves keep it), and whose turn it is when a seat is given. The phase
--- is grove.turns' (s.turn.phase): a game that reads its phase with its
--- own phase(s) is refused.
---@param g Game the game
---@param name string the phase, as game.phases names it ("move")
---@param seat? Seat whose turn it becomes (default: it stays)
function M.set_phase(g, name, seat)
  local def = g.definition
  local names = type(def.phases) == "table" and def.phases.names
  if type(names) ~= "table" then
    error(string.format("set_phase: the game '%s' declares no phases (game.phases)", tostring(g.name)), 2)
  end
  if def.phase ~= nil then
    error(string.format("set_phase: the game '%s' reads its phase with its own phase(s), not s.turn.phase",
      tostring(g.name)), 2)
  end
  local number = names[name]
  if math.type(number) ~= "integer" then
    local all = {}
    for k in pairs(names) do if type(k) == "string" then all[#all + 1] = k end end
    table.sort(all)
    error(string.format("set_phase: the game '%s' has no phase '%s' (phases: %s)", tostring(g.name),
      tostring(name), table.concat(all, ", ")), 2)
  end
  local code = string.format("s.turn.phase = %d", number)
  if seat ~= nil then
    if math.type(seat) ~= "integer" or seat < 1 or seat > g.players then
      error(string.format("set_phase: no seat %s (1..%d)", tostring(seat), g.players), 2)
    end
    code = code .. string.format(" s.turn.seat = %d", seat)
  end
  g:edit(code)
end

--- The `require` of a test file: modules from the lib/ folder beside it
--- (helpers its game's test files share; `grove test` does not run them),
--- then the usual search.
local function lib_require(file, env)
  local dir = file.path:match("^(.*)/[^/]*$") or "."
  local name_dir = file.name:match("^(.*)/[^/]*$") or "."
  local loaded = {}
  return function(name)
    if loaded[name] ~= nil then return loaded[name] end
    if type(name) == "string" and name:match("^[%w_]+$") then
      local fh = io.open(dir .. "/lib/" .. name .. ".lua", "r")
      if fh then
        local text = fh:read("a")
        fh:close()
        local chunk, err = load(text, "@" .. name_dir .. "/lib/" .. name .. ".lua", "t", env)
        if not chunk then error(err, 2) end
        loaded[name] = chunk(name) or true
        return loaded[name]
      end
    end
    return require(name)
  end
end

--- Run test files. files: list of {path =, name =}. Prints a line per
--- file as it runs (its name first, then how many of its tests passed and
--- the time it took: a long run shows where it is), the failures under it
--- (and each test that passes, when verbose); the caller prints the total.
--- Returns passed, failed.
---@param files {path: string, name: string}[] the files, with the names to report them by
---@param verbose? boolean print a line per test that passes too
---@param filter? string run only the tests whose names contain this text
---@param write? fun(text: string) where the report goes (default: stdout, flushed)
---@return integer passed
---@return integer failed
function M.run(files, verbose, filter, write)
  write = write or function(text) io.write(text) io.flush() end
  local passed, failed = 0, 0
  for _, file in ipairs(files) do
    local tests, lines = {}, {}
    local file_passed, file_failed = 0, 0
    local clock = os.clock()
    write(file.name .. " ... ")
    local env = setmetatable({
      test = function(name, fn)
        if type(name) ~= "string" or type(fn) ~= "function" then
          error("test(name, function) expects a name and a function", 2)
        end
        tests[#tests + 1] = { name = name, fn = fn }
      end,
      expect = expect,
      playouts = M.playouts,
      random_picker = M.random_picker,
      card = M.card,
      rig = M.rig,
      lay = M.lay,
      set_phase = M.set_phase,
    }, { __index = _G })
    env.require = lib_require(file, env)
    local fh, ferr = io.open(file.path, "r")
    local chunk, err
    if fh then
      local text = fh:read("a")
      fh:close()
      chunk, err = load(text, "@" .. file.name, "t", env)
    else
      err = ferr
    end
    if not chunk then
      file_failed = file_failed + 1
      lines[#lines + 1] = string.format("FAIL %s: cannot load: %s", file.name, err)
    else
      local ok, lerr = pcall(chunk)
      if not ok then
        file_failed = file_failed + 1
        lines[#lines + 1] = string.format("FAIL %s: %s", file.name, lerr)
      end
    end
    for _, t in ipairs(tests) do
      if not filter or t.name:find(filter, 1, true) then
        local ok, terr = pcall(t.fn)
        if ok then
          file_passed = file_passed + 1
          if verbose then lines[#lines + 1] = string.format("ok   %s: %s", file.name, t.name) end
        else
          file_failed = file_failed + 1
          lines[#lines + 1] = string.format("FAIL %s: %s\n     %s", file.name, t.name, tostring(terr))
        end
        for _, note in ipairs(notes) do lines[#lines + 1] = string.format("note %s: %s: %s", file.name, t.name, note) end
        notes = {}
      end
    end
    write(string.format("%d passed%s (%.1f s)\n", file_passed,
      file_failed > 0 and string.format(", %d FAILED", file_failed) or "", os.clock() - clock))
    for _, line in ipairs(lines) do write(line .. "\n") end
    passed, failed = passed + file_passed, failed + file_failed
  end
  return passed, failed
end

return M
