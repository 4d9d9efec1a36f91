--- grove.render — text pictures of boards for the REPL.
---
---   render.grid(s.board, function(cell) return "T" end)
--- draws the grid with ranks on the left (highest at the top) and files
--- below, every cell as wide as the widest text.
---
--- How it draws follows grove.display(): box-drawing lines and symbols when
--- the terminal takes Unicode (plain ASCII with `grove play --ascii`, and in
--- tests), and colour for the seats (render.seat) on a terminal, unless
--- NO_COLOR is set.
local M = {}

--- The width a text takes on screen: its characters, without colour escapes.
local function width_of(text)
  local plain = text:gsub("\27%[[%d;]*m", "")
  return utf8.len(plain) or #plain
end

local function pad(text, width)
  local len = width_of(text)
  local left = (width - len) // 2
  return string.rep(" ", left) .. text .. string.rep(" ", width - len - left)
end

local SEAT_COLOR = { 31, 34, 32, 35, 36, 33 }   -- red, blue, green, magenta, cyan, yellow

--- A seat's piece or name in that seat's colour (plain text without colour).
---@param seat integer the seat (1..)
---@param text string what to draw
---@return string text
function M.seat(seat, text)
  if not grove.display().color then return text end
  return string.format("\27[1;%dm%s\27[0m", SEAT_COLOR[(seat - 1) % #SEAT_COLOR + 1], text)
end

--- The Unicode symbol where the terminal takes it, else its ASCII stand-in.
---@param unicode string e.g. "♣"
---@param ascii string e.g. "T"
---@return string symbol
function M.symbol(unicode, ascii)
  return grove.display().unicode and unicode or ascii
end

-- The lines of a square grid: ASCII, or Unicode box drawing.
local ASCII_LINES = { top = { "+", "+", "+" }, mid = { "+", "+", "+" }, bottom = { "+", "+", "+" },
                      across = "-", down = "|", empty = "." }
local BOX_LINES = { top = { "┌", "┬", "┐" }, mid = { "├", "┼", "┤" }, bottom = { "└", "┴", "┘" },
                    across = "─", down = "│", empty = "·" }

--- A square grid: cell_text(cell) gives each cell's text ("" for empty).
---@param grid Grid the grid to draw
---@param cell_text fun(cell: integer): string? each cell's text ("" or nil: ".")
---@return string picture the board, one line per rank
function M.grid(grid, cell_text)
  local w, h = grid:size()
  local box = grove.display().unicode and BOX_LINES or ASCII_LINES
  local texts, width = {}, 1
  for cell = 1, w * h do
    local text = cell_text(cell) or ""
    if text == "" then text = box.empty end
    texts[cell] = text
    width = math.max(width, width_of(text))
  end
  local function rule(corners)
    local run = string.rep(box.across, width + 2)
    return "   " .. corners[1] .. string.rep(run .. corners[2], w - 1) .. run .. corners[3]
  end
  local lines = { rule(box.top) }
  for y = h, 1, -1 do
    local row = { string.format("%2d %s", y, box.down) }
    for x = 1, w do
      row[#row + 1] = " " .. pad(texts[(y - 1) * w + x], width) .. " " .. box.down
    end
    lines[#lines + 1] = table.concat(row)
    lines[#lines + 1] = rule(y > 1 and box.mid or box.bottom)
  end
  local files = { "    " }
  for x = 1, w do
    files[#files + 1] = pad(string.char(96 + x), width + 2) .. " "
  end
  lines[#lines + 1] = table.concat(files)
  return table.concat(lines, "\n")
end

--- A hex grid (pointy-top, axial q, r): rows of hexes shifted half a cell
--- per row; cell_text(id) gives each hex's text. Hexes off the board are
--- blank.
---@param hex Hex the hex board to draw
---@param cell_text fun(id: integer): string? each board hex's text ("" or nil: ".")
---@return string picture the board, one line per row r
function M.hex(hex, cell_text)
  local ids = { hex:cells() }
  if #ids == 0 then return "" end
  local width, minq, maxq, minr, maxr = 3, math.huge, -math.huge, math.huge, -math.huge
  local texts = {}
  for _, id in ipairs(ids) do
    local q, r = hex:qr(id)
    local text = cell_text(id) or ""
    if text == "" then text = "." end
    texts[id] = text
    width = math.max(width, width_of(text))
    -- column in doubled coordinates: 2q + r
    minq, maxq = math.min(minq, 2 * q + r), math.max(maxq, 2 * q + r)
    minr, maxr = math.min(minr, r), math.max(maxr, r)
  end
  local half = (width + 1) // 2 + 1
  local lines = {}
  for r = minr, maxr do
    local cells = {}
    for _, id in ipairs(ids) do
      local q, rr = hex:qr(id)
      if rr == r then cells[#cells + 1] = { col = 2 * q + r, id = id } end
    end
    table.sort(cells, function(a, b) return a.col < b.col end)
    local line, at = string.format("%3d ", r), 0
    for _, c in ipairs(cells) do
      local pos = (c.col - minq) * half
      line = line .. string.rep(" ", pos - at) .. "[" .. pad(texts[c.id], width) .. "]"
      at = pos + width + 2
    end
    lines[#lines + 1] = line
  end
  return table.concat(lines, "\n")
end

return M
