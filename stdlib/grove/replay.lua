--- grove.replay — `grove replay FILE`: play a recorded game again and check
--- that it ends where the record says.
---
--- A record is either a save file of the REPL (`save FILE`: the game, its
--- options and seed, the moves as text, the state reached, a checksum), or
--- the JSON that `grove sim --json FILE` writes (an array of games, each
--- with game, variants, options, players, seed, moves as text, scores and
--- ranks), or the JSON Lines of `grove sim --records FILE` (a game a line,
--- each naming its study: game, variants, players and the options played
--- away from their defaults), or the document of `grove sim --sweep ...
--- --json FILE` (a study per value, each with its games).
--- Every move is played again from its text under the current rules; the
--- replay stops at the first move that no longer plays, saying why.
local M = {}

local picture = require "grove.picture"

-- The JSON of a record file, read by the host's one JSON reader
-- (json.decode); raises "not a grove record: ..." when it is not JSON.
local function decode(text)
  local ok, value = pcall(json.decode, text)
  if not ok then error("not a grove record: " .. tostring(value), 0) end
  return value
end

local function same_list(a, b)
  if type(b) ~= "table" or #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end

--- A sim record's game opened at its start (players, seed, variants and
--- options as recorded); nil and why when the record is not one.
local function open_record(rec)
  if type(rec) ~= "table" or type(rec.game) ~= "string" or type(rec.moves) ~= "table" then
    return nil, "not a game record (game and moves missing)"
  end
  if math.type(rec.seed) ~= "integer" then return nil, "the record has no seed (a whole number)" end
  local options = { players = rec.players, seed = rec.seed, variants = rec.variants or "" }
  if rec.options ~= nil and type(rec.options) ~= "table" then return nil, "the record's options are not an object" end
  for name, value in pairs(rec.options or {}) do
    if options[name] ~= nil then return nil, string.format("the record's options name '%s' again", name) end
    options[name] = value
  end
  local ok, g = pcall(games.open, rec.game, options)
  if not ok then return nil, g end
  return g
end

--- Play a recorded move by its text: true, or false and why. grove
--- writes records in valid UTF-8, each byte of a move text that was not
--- part of a character made U+FFFD (sim_json_string); such a text plays
--- the one legal move whose text reads so once made valid.
local function play_text(g, text)
  local played, why = g:try(text)
  if played then return true end
  local moves, found = g:legal(), nil
  for i, full in ipairs(g:moves()) do
    if full ~= text and picture.utf8(full) == text then
      if found then return false, why end        -- two moves read so: neither is the one
      found = moves[i]
    end
  end
  if not found then return false, why end
  return g:try(found)
end

--- Replay one sim record; returns true, or false and why.
local function replay_record(rec, verbose, out)
  if type(rec) == "table" and type(rec.failed) == "string" then
    return false, "the game failed when sim played it: " .. rec.failed
  end
  local g, err = open_record(rec)
  if not g then return false, err end
  for i, text in ipairs(rec.moves) do
    if type(text) ~= "string" then return false, string.format("move %d is not a text", i) end
    local actor = g:actor()
    local played, why = play_text(g, text)
    if not played then
      local who = math.type(actor) == "integer" and string.format("seat %d: ", actor) or ""
      return false, string.format("move %d (%s%s) no longer plays: %s", i, who, text, why)
    end
    if verbose then out(string.format("%4d. seat %s: %s", i, tostring(actor), text)) end
  end
  local r = g:result()
  if rec.capped then
    out(string.format("%s seed %d: %d moves replayed (the recorded game was cut short there)", rec.game, rec.seed, #rec.moves))
    return true
  end
  if not r then return false, string.format("after its %d moves the game is not over", #rec.moves) end
  local function list(t) return type(t) == "table" and table.concat(t, ", ") or tostring(t) end
  if rec.ranks and not same_list(r.ranks, rec.ranks) then
    return false, string.format("its %d moves replay, but the ranks are %s, the record's %s (the rules changed "
      .. "since it was played?)", #rec.moves, list(r.ranks), list(rec.ranks))
  end
  if rec.scores and not same_list(r.scores, rec.scores) then
    return false, string.format("its %d moves replay, but the scores are %s, the record's %s (the rules changed "
      .. "since it was played?)", #rec.moves, list(r.scores), list(rec.scores))
  end
  out(string.format("%s seed %d: %d moves replayed, same result: %s", rec.game, rec.seed, #rec.moves,
    (r.text or ""):match("[^\n]*")))
  return true
end

--- Does a save's load report say it plays differently now (a move that
--- no longer plays, a position that differs from the saved one)?
local function differs(report)
  return report.failed ~= nil or report.differs_after ~= nil
end

--- "move N (seat S: TEXT)" for the n-th entry of g's history (an edit: "move
--- N (the edit LUA)"), read in the position it was played from.
local function entry_named(g, n)
  local history = g:history()
  local m = history[n]
  if type(m) == "string" then return string.format("move %d (the edit %s)", n, m:match("[^\n]*")) end
  local back = #history - n + 1
  for _ = 1, back do g:undo() end
  local seat, text = g:actor(), g:describe(m)
  for _ = 1, back do g:redo() end
  return string.format("move %d (seat %s: %s)", n, tostring(seat), text)
end

--- grove replay --check FILE.sav: do the rules now change any position of
--- the save? Each position is compared, component by component, with the
--- one saved (a save of format 4 keeps every position, older ones only
--- their last); components the layouts do not have alike are not
--- compared. Returns 0 when every move plays and no position changed, else 1.
local function check_save(path, g, report, out)
  local n = report.moves
  local function say(fmt, ...) out(path .. ": " .. string.format(fmt, ...)) end
  if report.failed then
    say("replayed %d of %d moves under the rules now", report.replayed, n)
  else
    say("replayed all %d move%s under the rules now", n, n == 1 and "" or "s")
  end
  local changed = report.differs_after
  if changed and report.format >= 4 then
    local where = changed == 0 and "after setup" or ("after " .. entry_named(g, changed))
    say("a position changed: the first is the one %s, in %s", where, report.differs_in)
  elseif changed then
    say("a position changed: the last one, after %s, differs from the saved one in %s", entry_named(g, changed),
      report.differs_in)
  elseif report.compared == 0 then
    say("no position could be compared")
  elseif report.format >= 4 then
    say("no position changed: the %d position%s compared are the saved ones", report.compared,
      report.compared == 1 and "" or "s")
  else
    say("no position changed: the last one is the saved one")
  end
  if report.failed then
    local what = report.edit and string.format("move %d (the edit %s) no longer runs", report.failed, report.text)
      or string.format("move %d (seat %d: %s) no longer plays", report.failed, report.seat, report.text)
    say("%s: %s; it and the %d after it wait to be redone", what, report.why, n - report.failed)
  end
  if report.layout then say("the state's layout differs (those components are not compared): %s", report.layout) end
  if report.format < 4 and report.compared > 0 then
    say("a save of format %d keeps only its last position, so an earlier change that the moves undid is not "
      .. "seen, nor which move made it (save it again to keep every position)", report.format)
  end
  return differs(report) and 1 or 0
end

--- The records of a --records file (JSON Lines), each line made a record
--- as --json writes it; a line that is not JSON raises naming it.
local function records_of_lines(text)
  local records, n = {}, 0
  for line in text:gmatch("[^\n]+") do
    n = n + 1
    if line:find("[^ \t\r]") then
      local ok, j = pcall(decode, line)
      if not ok then error(string.format("line %d: %s", n, j), 0) end
      local st = type(j) == "table" and j.study
      if type(st) ~= "table" or type(j.side) ~= "number" then
        error(string.format("line %d: not a record of grove sim --records (no study)", n), 0)
      end
      local side = j.side + 1
      records[#records + 1] = {
        game = st.game, variants = type(st.variants) == "table" and st.variants[side] or "",
        options = type(st.options) == "table" and st.options[side] or nil, players = st.players,
        seed = j.seed, moves = j.moves or {}, scores = j.scores, ranks = j.ranks, capped = j.capped,
        failed = j.failed,
      }
    end
  end
  return records
end

--- The records of a sweep's document (grove sim --sweep ... --json): every
--- study's games, in order.
local function records_of_sweep(doc)
  local records = {}
  for _, study in ipairs(doc.studies) do
    for _, rec in ipairs(type(study) == "table" and study.games or {}) do records[#records + 1] = rec end
  end
  return records
end

--- The game records of a sim file: --json's list (or one record), the
--- JSON Lines of --records, or a sweep's document; raises why when the
--- text is none of them.
local function records_of(text)
  local records
  if text:match("^%s*{\"study\"") then records = records_of_lines(text) else records = decode(text) end
  if type(records) ~= "table" then error("not a grove record: no game record or list of them", 0) end
  if type(records.studies) == "table" then records = records_of_sweep(records) end
  if records.game then records = { records } end
  return records
end

-- The replay page ----------------------------------------------------------------

--- Every position of a game as its pictures: g is at the start, `moves`
--- the `count` moves to play (texts of a sim record), or nil to step
--- through g's own history by redo (a save undone to its start: its
--- edits included, its redo tail left out).
--- Each move's text and what the rules said are kept per viewer, as that
--- viewer may read them (describe(s, move, viewer), s:say's audience).
--- Returns the page's data with each picture whole: `pictures` the
--- distinct SVG texts, `positions[p][tostring(viewer)]` the number of the
--- one shown at position p (0 the first picture); replay.pack makes it
--- what the page holds.
---@param g Game the game, at its start
---@param moves? string[] the moves' texts, or nil to redo g's history
---@param count integer how many moves
---@param title string the page's title
---@param info string the line under it
---@return table data
function M.page_data(g, moves, count, title, info)
  local viewers = { 0 }
  if g:hidden() then for seat = 1, g.players do viewers[#viewers + 1] = seat end end
  local pictures, index, positions, list = {}, {}, {}, {}
  local function drawn(viewer, status)
    local svg = g:picture(viewer, status)
    if not index[svg] then
      pictures[#pictures + 1] = svg
      index[svg] = #pictures - 1
    end
    return index[svg]
  end
  local function snap(status)
    local at = {}
    for _, v in ipairs(viewers) do
      local as = v == 0 and "" or string.format(", as seat %d sees it", v)
      at[tostring(v)] = drawn(v, status .. as)
    end
    positions[#positions + 1] = at
  end
  local function said(n)
    local say, any = {}, false
    for _, v in ipairs(viewers) do
      local lines = g:said(v, n)
      say[tostring(v)] = lines
      any = any or #lines > 0
    end
    return any and say or nil
  end
  local start_say = said(0)
  snap("the start")
  for i = 1, count do
    local seat = g:actor()
    local m
    if moves then
      local text = moves[i]
      if type(text) ~= "string" then error(string.format("move %d is not a text", i), 0) end
      local played, why = play_text(g, text)
      if not played then
        error(string.format("move %d (seat %s: %s) no longer plays: %s", i, tostring(seat), text, why), 0)
      end
      m = g:history()[i]
    else
      g:redo()
      m = g:history()[i]
    end
    local texts, head = {}, "an edit"
    if type(m) == "string" then                        -- an edit of the position
      local first = m:match("[^\n]*")
      for _, v in ipairs(viewers) do texts[tostring(v)] = "edit: " .. first end
      seat = 0
    else
      g:undo()
      for _, v in ipairs(viewers) do texts[tostring(v)] = g:describe(m, v) end
      g:redo()
      head = string.format("seat %d played %s", seat, texts["0"])
    end
    list[#list + 1] = { seat = seat, texts = texts, say = said(i) }
    snap(string.format("after move %d: %s", i, head))
  end
  local r = g:result()
  return {
    title = title, info = info, viewers = viewers, pictures = pictures, positions = positions,
    moves = list, say = start_say, result = r and r.text or "the game goes on",
  }
end

-- Packing the pictures: a page of every position's picture for every
-- viewer held 556 SVG texts of some 40 KB for a 139-move game of Flooded
-- Forest, nearly all of it the same from one position to the next. So
-- the page holds each distinct line of the pictures once (`lines`), and
-- each picture as the list of its lines, most of them runs copied from
-- the picture before it: any SVG text, split at its newlines and joined
-- again, comes back byte for byte, whatever its elements are.

local DIFF_EDITS = 400  -- past this many lines added or dropped, a picture is listed whole

--- The runs two lists of numbers have in common, {ia, ib, length} with
--- ia, ib 1-based, in order, between a[ao+1..ao+na] and b[bo+1..bo+nb]:
--- a shortest edit script (E. Myers, "An O(ND) difference algorithm",
--- 1986). nil when it needs more than `cap` lines added or dropped.
local function common_runs(a, ao, na, b, bo, nb, cap)
  local v, trace, done = { [1] = 0 }, {}, nil
  for d = 0, math.min(cap, na + nb) do
    local before = {}
    for k = -d - 1, d + 1 do before[k] = v[k] end
    trace[d] = before
    for k = -d, d, 2 do
      local x
      if k == -d or (k ~= d and v[k - 1] < v[k + 1]) then x = v[k + 1] else x = v[k - 1] + 1 end
      local y = x - k
      while x < na and y < nb and a[ao + x + 1] == b[bo + y + 1] do x, y = x + 1, y + 1 end
      v[k] = x
      if x >= na and y >= nb then done = d break end
    end
    if done then break end
  end
  if not done then return nil end
  local runs, x, y = {}, na, nb
  for d = done, 0, -1 do                -- back from the end, one edit at a time
    local vd, k = trace[d], x - y
    local from
    if k == -d or (k ~= d and vd[k - 1] < vd[k + 1]) then from = k + 1 else from = k - 1 end
    local px = vd[from]
    local sx = from == k - 1 and px + 1 or px  -- where the run after the edit starts
    if x > sx then table.insert(runs, 1, { ao + sx + 1, bo + sx - k + 1, x - sx }) end
    x, y = px, px - from
  end
  return runs
end

--- Picture b (a list of line numbers) as steps from picture a: a line's
--- number, or {i, n}, the n lines of a from its i-th (0 the first); nil
--- when the two have too little in common.
local function steps_from(a, b)
  local na, nb, head, tail = #a, #b, 0, 0
  while head < na and head < nb and a[head + 1] == b[head + 1] do head = head + 1 end
  while tail < na - head and tail < nb - head and a[na - tail] == b[nb - tail] do tail = tail + 1 end
  local runs = common_runs(a, head, na - head - tail, b, head, nb - head - tail, DIFF_EDITS)
  if not runs then return nil end
  if head > 0 then table.insert(runs, 1, { 1, 1, head }) end
  if tail > 0 then runs[#runs + 1] = { na - tail + 1, nb - tail + 1, tail } end
  local steps, at = {}, 1               -- at: b's next line to tell
  for _, run in ipairs(runs) do
    for j = at, run[2] - 1 do steps[#steps + 1] = b[j] end
    local last = steps[#steps]
    if type(last) == "table" and last[1] + last[2] == run[1] - 1 then last[2] = last[2] + run[3]
    else steps[#steps + 1] = { run[1] - 1, run[3] } end
    at = run[2] + run[3]
  end
  for j = at, nb do steps[#steps + 1] = b[j] end
  return steps
end

--- The page's data with its pictures packed: `lines` every distinct line
--- of the pictures (their text split at each newline), once; each of
--- `pictures` {from = F, take = STEPS}: its lines in order, a step a
--- number (that line of `lines`, 0 the first) or {i, n} (the n lines of
--- picture F from its i-th, 0 the first); F, when there, is an earlier
--- picture: the one the same viewer saw a position before, or at the start
--- the one the viewer before saw. The page joins the lines with newlines,
--- which gives back each SVG text byte for byte.
---@param data table replay.page_data's (its pictures whole); changed in place
---@return table data
function M.pack(data)
  local whole, lines, number = data.pictures, {}, {}
  local base = {}                       -- picture -> the picture it is told from (0-based)
  for p, at in ipairs(data.positions) do
    for i, v in ipairs(data.viewers) do
      local n, from = at[tostring(v)], nil
      if p > 1 then from = data.positions[p - 1][tostring(v)]
      elseif i > 1 then from = at[tostring(data.viewers[i - 1])] end
      if base[n] == nil and from ~= nil and from < n then base[n] = from end
    end
  end
  local numbers, packed = {}, {}
  for n, svg in ipairs(whole) do
    local list, at = {}, 1
    while true do
      local nl = svg:find("\n", at, true)
      local line = svg:sub(at, nl and nl - 1 or -1)
      if not number[line] then
        lines[#lines + 1] = line
        number[line] = #lines - 1
      end
      list[#list + 1] = number[line]
      if not nl then break end
      at = nl + 1
    end
    numbers[n] = list
    local from = base[n - 1]
    local steps = from and steps_from(numbers[from + 1], list)
    if steps and #steps < #list then packed[n] = { from = from, take = steps }
    else packed[n] = { take = list } end
  end
  data.lines, data.pictures = lines, packed
  return data
end

-- SHA-256 (FIPS 180-4) of a text, as 32 bytes: the page's policy names
-- its own script and style by their hash.
local K256 = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}
local M32 = 0xffffffff

local function ror(x, n) return ((x >> n) | (x << (32 - n))) & M32 end

local function sha256(text)
  local h = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 }
  local msg = text .. "\128" .. string.rep("\0", (55 - #text) % 64) .. string.pack(">I8", #text * 8)
  local w = {}
  for chunk = 1, #msg, 64 do
    for i = 1, 16 do w[i] = string.unpack(">I4", msg, chunk + (i - 1) * 4) end
    for i = 17, 64 do
      local x, y = w[i - 15], w[i - 2]
      local s0 = ror(x, 7) ~ ror(x, 18) ~ (x >> 3)
      local s1 = ror(y, 17) ~ ror(y, 19) ~ (y >> 10)
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) & M32
    end
    local a, b, c, d, e, f, g, hh = h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
    for i = 1, 64 do
      local t1 = (hh + (ror(e, 6) ~ ror(e, 11) ~ ror(e, 25)) + ((e & f) ~ (~e & g)) + K256[i] + w[i]) & M32
      local t2 = ((ror(a, 2) ~ ror(a, 13) ~ ror(a, 22)) + ((a & b) ~ (a & c) ~ (b & c))) & M32
      a, b, c, d, e, f, g, hh = (t1 + t2) & M32, a, b, c, (d + t1) & M32, e, f, g
    end
    h[1], h[2], h[3], h[4] = (h[1] + a) & M32, (h[2] + b) & M32, (h[3] + c) & M32, (h[4] + d) & M32
    h[5], h[6], h[7], h[8] = (h[5] + e) & M32, (h[6] + f) & M32, (h[7] + g) & M32, (h[8] + hh) & M32
  end
  return string.pack(">I4I4I4I4I4I4I4I4", table.unpack(h))
end

local B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

local function base64(bytes)
  local out = {}
  for i = 1, #bytes, 3 do
    local a, b, c = bytes:byte(i, i + 2)
    local n = (a << 16) | ((b or 0) << 8) | (c or 0)
    out[#out + 1] = B64:sub((n >> 18) + 1, (n >> 18) + 1) .. B64:sub((n >> 12 & 63) + 1, (n >> 12 & 63) + 1)
      .. (b and B64:sub((n >> 6 & 63) + 1, (n >> 6 & 63) + 1) or "=") .. (c and B64:sub((n & 63) + 1, (n & 63) + 1) or "=")
  end
  return table.concat(out)
end

--- The source of a Content-Security-Policy for an inline block's text:
--- 'sha256-<base64 of its SHA-256>'.
---@param text string the exact text between a `<script>` tag and its end tag (or a style's)
---@return string source
function M.csp_hash(text)
  return "'sha256-" .. base64(sha256(text)) .. "'"
end

-- The hashes of the template's blocks <TAG>...</TAG> (the tag written bare:
-- the data block, <script id=... type="application/json">, is no script
-- to run; HTML comments are skipped), as policy sources; 'none' when it
-- has none.
local function block_hashes(page, tag)
  local hashes = {}
  page = page:gsub("<!%-%-.-%-%->", "")
  for body in page:gmatch("<" .. tag .. ">(.-)</" .. tag .. ">") do hashes[#hashes + 1] = M.csp_hash(body) end
  return #hashes > 0 and table.concat(hashes, " ") or "'none'"
end

local PLACES = { "/*GROVE-DATA*/", "/*GROVE-SCRIPT-HASH*/", "/*GROVE-STYLE-HASH*/" }
local hashed = {}       -- the last template's text and its policy's hashes

--- The replay page: the template's text with the data in its data block
--- (`/*GROVE-DATA*/`) and the hashes of its `<script>` and `<style>`
--- blocks in its policy (`/*GROVE-SCRIPT-HASH*/`, `/*GROVE-STYLE-HASH*/`).
--- Raises when the template lacks one of those places.
---@param template string the template's text (serve/page/replay.html)
---@param data table the page's data (strings, numbers, lists, objects)
---@param name? string the template's file name, for the error
---@return string page
function M.page(template, data, name)
  for _, place in ipairs(PLACES) do
    if not template:find(place, 1, true) then
      error(string.format("the page template %s has no %s place", name or "", place), 0)
    end
  end
  if hashed.template ~= template then
    hashed = { template = template, fill = {
      ["/*GROVE-SCRIPT-HASH*/"] = block_hashes(template, "script"),
      ["/*GROVE-STYLE-HASH*/"] = block_hashes(template, "style"),
    } }
  end
  local page = template:gsub("/%*GROVE%-%u+%-HASH%*/", function(place) return hashed.fill[place] end)
  local at = page:find("/*GROVE-DATA*/", 1, true)
  return page:sub(1, at - 1) .. json.encode(data) .. page:sub(at + #"/*GROVE-DATA*/")
end

--- The replay page of one record, from the template, written by `write`
--- (the host's: whole or not at all).
local function write_page(template, data, out_path, write)
  local f, err = io.open(template, "r")
  if not f then error("the page template: " .. err, 0) end
  local page = f:read("a")
  f:close()
  if not page then error("the page template " .. template .. ": cannot read it", 0) end
  local text = M.page(page, data, template)
  if not write then error("cannot write " .. out_path .. ": no file writer given", 0) end
  local ok, why = write(out_path, text)
  if not ok then error(why or ("cannot write " .. out_path), 0) end
end

--- The whole file at path, or nil and why (io's own reading: what
--- grove replay uses when no reader is given).
local function read_whole(path)
  local f, err = io.open(path, "r")
  if not f then return nil, err end
  local text, rerr = f:read("a")
  f:close()
  if not text then return nil, path .. ": cannot read it (" .. tostring(rerr) .. ")" end
  return text
end

--- grove replay FILE [-v] [--check] [--game N] [--html OUT.html]: returns the exit code.
---@param args string[] the command line after `grove replay`
---@param out? fun(line: string) where lines go (default print)
---@param read? fun(path: string): string?, string? a file's text, or nil and why (grove replay passes the host's, which refuses devices, pipes, folders and files larger than any record)
---@param template? string the replay page's template (serve/page/replay.html), for --html
---@param write? fun(path: string, text: string): boolean?, string? writes the --html page whole or not at all (grove replay passes the host's, outfile.c)
---@param err? fun(line: string) where errors go (default io.stderr), and what is said of a --html page written to the standard output ("-")
---@return integer code 0 when every record replays, 1 when one does not, 2 for a bad command line
function M.main(args, out, read, template, write, err)
  out = out or print
  err = err or function(line) io.stderr:write(line, "\n") end
  local path, verbose, only, html, check
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "-v" or a == "--verbose" then verbose = true
    elseif a == "--check" then check = true
    elseif a == "--html" then
      html = args[i + 1]
      if not html or html == "" then err("grove replay: --html needs the page's file name (OUT.html)") return 2 end
      i = i + 1
    elseif a == "--game" then
      only = math.tointeger(tonumber(args[i + 1] or ""))
      if not only or only < 1 then err("grove replay: --game needs a record number (1 is the first)") return 2 end
      i = i + 1
    elseif not path then path = a
    else err("grove replay: unexpected argument '" .. a .. "'") return 2 end
    i = i + 1
  end
  if not path then err("usage: grove replay FILE [-v] [--check] [--game N] [--html OUT.html]") return 2 end
  if check and html then err("grove replay: --check and --html: one at a time") return 2 end
  local text, why_not = (read or read_whole)(path)
  if not text then err("grove replay: " .. why_not) return 1 end
  if html then
    if not template then err("grove replay: the page template (serve/page/replay.html) is not installed") return 1 end
    local ok, why = pcall(M.html_page, text, only or 1, html, template, path, write)
    if not ok then err("grove replay: " .. path .. ": " .. tostring(why)) return 1 end
    if html == "-" then err(why) else out(why) end
    return 0
  end
  if text:sub(1, 10) == "grove-save" then
    local g, why, report = games.load(text)
    if not g then err("grove replay: " .. path .. ": " .. why) return 1 end
    if check then return check_save(path, g, report, out) end
    local history = g:history()
    out(g:render(0))
    local r = g:result()
    local ending = r and ("; " .. r.text:match("[^\n]*")) or "; the game goes on"
    if not why then
      out(string.format("%s: %d moves replayed; the state matches the saved one%s", path, #history, ending))
      return 0
    end
    out(string.format("%s: %s", path, why))
    if differs(report) then
      out(string.format("%s: the game stands at move %d%s (grove replay --check %s says which position changed)",
        path, #history, ending, path))
      return 1
    end
    out(string.format("%s: %d moves replayed%s", path, #history, ending))
    return 0
  end
  if check then out("grove replay: " .. path .. ": --check reads a save file; records keep their moves and "
    .. "result, not their positions: every record is replayed and its result compared") end
  local ok, records = pcall(records_of, text)
  if not ok then err("grove replay: " .. path .. ": " .. records) return 1 end
  if #records == 0 then
    err("grove replay: " .. path .. ": no game records in it (a record has \"game\", \"seed\" and \"moves\")")
    return 1
  end
  local failed, done = 0, 0
  for n, rec in ipairs(records) do
    if not only or n == only then
      local good, why = replay_record(rec, verbose, out)
      done = done + 1
      if not good then
        failed = failed + 1
        local which = type(rec) == "table" and type(rec.game) == "string" and math.type(rec.seed) == "integer"
          and string.format(" (%s seed %d)", rec.game, rec.seed) or ""
        err(string.format("grove replay: record %d%s: %s", n, which, why))
      end
    end
  end
  if only and done == 0 then err(string.format("grove replay: no record %d (the file has %d)", only, #records)) return 1 end
  out(string.format("%d of %d records replay", done - failed, done))
  return failed == 0 and 0 or 1
end

--- The replay page of a record (a save's text, or sim records' JSON,
--- record number `n`) written to `out_path`; returns what to tell the
--- user. Raises with the reason when a move no longer plays.
---@param text string the record file's text
---@param n integer which record of a sim file (1 is the first)
---@param out_path string the page to write
---@param template string the page template
---@param path string the record's file name, for the page
---@param write? fun(path: string, text: string): boolean?, string? the host's writer (outfile.c)
---@return string done
function M.html_page(text, n, out_path, template, path, write)
  local g, moves, count, info
  if text:sub(1, 10) == "grove-save" then
    local why
    g, why = games.load(text)
    if not g then error(why, 0) end
    count = #g:history()
    while g:undo() do end
    info = string.format("%s, %d players, seed %d", path, g.players, g.seed)
  else
    local records = records_of(text)
    local rec = records[n]
    if rec == nil then error(string.format("no game record %d (the file has %d)", n, #records), 0) end
    local why
    g, why = open_record(rec)
    if not g then error(string.format("record %d: %s", n, why), 0) end
    moves, count = rec.moves, #rec.moves
    info = string.format("%s record %d, %d players, seed %d", path, n, g.players, g.seed)
  end
  local def = g.definition
  local title = (def.title or g.name) .. (g.variants ~= "" and (" (" .. g.variants .. ")") or "")
  local data = M.pack(M.page_data(g, moves, count, title, info))
  write_page(template, data, out_path, write)
  return string.format("wrote %s: %d positions of %s, %d picture%s", out_path, #data.positions, g.name,
    #data.pictures, #data.pictures == 1 and "" or "s")
end

return M
