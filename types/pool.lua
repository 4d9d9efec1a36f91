---@meta
-- Bounded counters (s:pool in setup). Bound in host/lua/lua_pool.c.

---A bounded counter (a supply of pyramids, the protesters left), or one per
---seat (a score). A shared pool takes no seat: pyramids:take(1); a per-seat
---pool takes the seat first: score:add(2, 3). Going past the bounds raises
---and changes nothing.
---@class Pool
local Pool = {}

---How many the pool holds (a per-seat pool: that seat's count).
---@param seat? Seat the seat, for a per-seat pool only
---@return integer value
function Pool:get(seat) end

---Set how many the pool holds; raises outside the bounds.
---@param seat Seat the seat (per-seat pools only; a shared pool takes just the value)
---@param value integer the new count
---@return integer value the new count
---@overload fun(self: Pool, value: integer): integer
function Pool:set(seat, value) end

---Add n (negative: take away) and return the new count; raises past the bounds.
---@param seat Seat the seat (per-seat pools only; a shared pool takes just n)
---@param n integer how many to add
---@return integer value the new count
---@overload fun(self: Pool, n: integer): integer
function Pool:add(seat, n) end

---Take n from the pool and return what is left; raises if it would go below its minimum.
---@param seat Seat the seat (per-seat pools only; a shared pool takes just n)
---@param n? integer how many to take (default 1)
---@return integer value what is left
---@overload fun(self: Pool, n?: integer): integer
function Pool:take(seat, n) end

---Put n back into the pool and return the new count; raises if it would go above its maximum.
---@param seat Seat the seat (per-seat pools only; a shared pool takes just n)
---@param n? integer how many to put back (default 1)
---@return integer value the new count
---@overload fun(self: Pool, n?: integer): integer
function Pool:put(seat, n) end

---Is there enough to take n (at least n above the minimum)?
---@param seat Seat the seat (per-seat pools only; a shared pool takes just n)
---@param n? integer how many would be taken (default 1)
---@return boolean
---@overload fun(self: Pool, n?: integer): boolean
function Pool:has(seat, n) end

---The least and the most the pool may hold.
---@return integer min
---@return integer max
function Pool:bounds() end
