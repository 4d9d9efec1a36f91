/*
 * lua_hex.c — the Lua binding of the hex grid (hex.h).
 *
 * Declared in setup, with integer fields per hex and per side of a hex:
 *
 *   local board = s:hex("board", {radius = 3}, {"tree", "owner"}, {"water"})
 *   local strip = s:hex("river", {q = {0, 9}, r = {-1, 1}}, {"stone"})
 *
 * {radius = R} is the hexagon of radius R around 0,0 (R <= 15); {q = {q0, q1},
 * r = {r0, r1}} the parallelogram with those inclusive bounds. At most 1024
 * hexes are stored.
 *
 * Hexes are 1-based ids in Lua (the core's id + 1) or "q,r" texts ("-1,2")
 * wherever a hex is taken. Every stored hex has an id; the board is those
 * that are on (hex:on / hex:set_on), and only those are ever returned by
 * step, neighbors, cells, reach and connected, or by id(q, r). Directions are
 * "e", "se", "sw", "w", "nw", "ne" (or the long names, or 1..6 in that order,
 * clockwise from east). Fields and side fields are names or 1-based numbers.
 * Set questions return their hexes as multiple results, ascending.
 *
 *   board:id(q, r) / board:id("q,r") -> id, or nil off the board
 *   board:qr(id) -> q, r             board:name(id) -> "q,r"
 *   board:get(id, field)  board:set(id, field, v)  board:add(id, field, dv) -> new
 *   board:fill(field, v)             every stored hex
 *   board:side(id, sfield, dir)      board:set_side(id, sfield, dir, v)
 *   board:sides(id, sfield) -> six values, e first
 *   board:set_sides(id, sfield, e, se, sw, w, nw, ne)
 *   board:rotate(id, [k = 1])        turn the tile k steps clockwise
 *   board:step(id, dir) -> id | nil  board:neighbors(id, [cond]) -> ids (e first)
 *   board:distance(a, b)             board:test(id, cond) -> bool
 *   board:cells([cond]) -> ids       board:count([cond]) -> n
 *   board:reach(id, k, [cond]) -> ids within k steps through cond, id included
 *                                    (k < 0: no limit)
 *   board:connected(id, sfield, value, [cond], [without]) -> ids joined by
 *                                    edges whose two sides both hold value, id
 *                                    included, never through hex `without`
 *   board:sides_match(id, dir, sfield, value) -> bool
 *   board:on(id) -> bool             board:set_on(id, bool)
 *   board:bounds() -> q0, q1, r0, r1 (the stored parallelogram)
 *
 *   for _, c in ipairs{board:reach("0,0", 2, {tree = 0})} do ... end
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "hex.h"

#define HEX_MAX_RADIUS 15           /* (2R + 1)^2 <= CELLSET_MAX */
#define HEX_MAX_COORD 1000000       /* keeps q, r arithmetic far from overflow */

extern const bind_kind lua_hex;

/* The hex grid a method is called on (argument 1). */
static inline hex_t *check_hexgrid(lua_State *L, const handle **self)
{
    *self = bind_check_self(L, &lua_hex);
    return bind_data(*self);
}

/* Parse "q,r" (blanks allowed around each number); false if malformed. */
static bool parse_qr(const char *s, long *q, long *r)
{
    char *end;
    errno = 0;
    *q = strtol(s, &end, 10);
    if (end == s || errno) return false;
    while (*end == ' ') end++;
    if (*end++ != ',') return false;
    const char *p = end;
    *r = strtol(p, &end, 10);
    if (end == p || errno) return false;
    while (*end == ' ') end++;
    return *end == '\0';
}

/* The stored id of (q, r), on the board or not, or -1. */
static int stored_id(const hex_t *h, long q, long r)
{
    long qi = q - h->q0, ri = r - h->r0;
    if (q < -HEX_MAX_COORD * 2L || q > HEX_MAX_COORD * 2L || r < -HEX_MAX_COORD * 2L
        || r > HEX_MAX_COORD * 2L || qi < 0 || qi >= h->nq || ri < 0 || ri >= h->nr)
        return -1;
    return (int)(ri * h->nq + qi);
}

/* A hex argument: a 1-based id or a "q,r" text naming a stored hex (on the
 * board or not); returns the 0-based id or raises naming the grid. */
static int check_hex(lua_State *L, int idx, const handle *self, const void *board)
{
    const hex_t *h = board;
    if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_Integer c = luaL_checkinteger(L, idx);
        if (c < 1 || c > hex_ncells(h))
            bind_error(L, bind_desc(self), idx, "no hex %I (hexes 1..%d)", c, hex_ncells(h));
        return (int)c - 1;
    }
    if (lua_type(L, idx) != LUA_TSTRING) luaL_typeerror(L, idx, "hex");
    const char *text = lua_tostring(L, idx);
    long q, r;
    if (!parse_qr(text, &q, &r))
        bind_error(L, bind_desc(self), idx, "no hex '%s' (an id or \"q,r\" such as \"-1,2\")", text);
    int id = stored_id(h, q, r);
    if (id < 0)
        bind_error(L, bind_desc(self), idx, "no hex '%s' (q %d..%d, r %d..%d)", text,
                   (int)h->q0, (int)(h->q0 + h->nq - 1), (int)h->r0, (int)(h->r0 + h->nr - 1));
    return id;
}

/* A direction argument of self's method: a name or 1..6; returns it 0-based. */
static int check_dir(lua_State *L, int idx, const handle *self)
{
    if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_Integer dir = luaL_checkinteger(L, idx);
        if (dir < 1 || dir > HEX_NDIRS)
            bind_error(L, bind_desc(self), idx, "no direction %I (1..6: e se sw w nw ne)", dir);
        return (int)dir - 1;
    }
    if (lua_type(L, idx) != LUA_TSTRING) luaL_typeerror(L, idx, "direction");
    const char *name = lua_tostring(L, idx);
    int dir = hex_dir_parse(name);
    if (dir < 0) bind_error(L, bind_desc(self), idx, "no direction '%s' (e se sw w nw ne, or 1..6)", name);
    return dir;
}

static int check_sfield(lua_State *L, int idx, const handle *self)
{
    return bind_check_field(L, idx, self, 1, "side field");
}

static int32_t *fields_of(const void *board, int *n)
{
    *n = hex_ncells(board);
    return hex_fields(board);
}

static void select_hexes(const void *board, const cond_t *cond, cellset_t *out)
{
    hex_select(board, cond, out);
}

static const board_type HEX = { &lua_hex, 0, "field", check_hex, fields_of, select_hexes };

static void push_id(lua_State *L, int id)
{
    if (id < 0) lua_pushnil(L);
    else lua_pushinteger(L, id + 1);
}

/* Read shape.key = {lo, hi} into *lo, *hi; raises about the shape, argument #2. */
static void shape_range(lua_State *L, const char *key, lua_Integer *lo, lua_Integer *hi)
{
    lua_getfield(L, 3, key);
    if (lua_istable(L, -1)) {
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        if (lua_isinteger(L, -2) && lua_isinteger(L, -1)) {
            *lo = lua_tointeger(L, -2);
            *hi = lua_tointeger(L, -1);
            lua_pop(L, 3);
            if (*lo > *hi || *lo < -HEX_MAX_COORD || *hi > HEX_MAX_COORD)
                bind_error(L, NULL, 3, "bad %s range %I..%I", key, *lo, *hi);
            return;
        }
    }
    bind_error(L, NULL, 3, "the shape needs %s = {low, high} (integers)", key);
}

/* s:hex(name, {radius = R} | {q = {q0, q1}, r = {r0, r1}}, {fields}, {side fields}) -> Hex */
static int declare(lua_State *L)
{
    const char *name = luaL_checkstring(L, 2);
    if (!lua_istable(L, 3))
        return bind_error(L, NULL, 3, "shape expected as {radius = R} or {q = {q0, q1}, r = {r0, r1}}, got %s",
                          luaL_typename(L, 3));
    int nf, ns;
    lua_settop(L, 5);                  /* the name lists push userdata: fix the arguments first */
    const char **fields = bind_check_names(L, 4, &nf, "field");
    const char **sides = bind_check_names(L, 5, &ns, "side field");
    lua_Integer radius = -1, q0, q1, r0, r1;
    int has_radius = lua_getfield(L, 3, "radius") != LUA_TNIL;
    int has_q = lua_getfield(L, 3, "q") != LUA_TNIL, has_r = lua_getfield(L, 3, "r") != LUA_TNIL;
    lua_pop(L, 3);
    if (has_radius && (has_q || has_r))
        return bind_error(L, NULL, 3, "give the shape as {radius = R} or as {q = ..., r = ...}, not both");
    if (has_radius) {
        lua_getfield(L, 3, "radius");
        if (!lua_isinteger(L, -1))
            return bind_error(L, NULL, 3, "radius must be an integer, not %s", luaL_typename(L, -1));
        radius = lua_tointeger(L, -1);
        lua_pop(L, 1);
        if (radius < 0 || radius > HEX_MAX_RADIUS)
            return bind_error(L, NULL, 3, "radius %I out of range (0..%d)", radius, HEX_MAX_RADIUS);
        q0 = r0 = -radius;
        q1 = r1 = radius;
    } else if (has_q || has_r) {
        shape_range(L, "q", &q0, &q1);
        shape_range(L, "r", &r0, &r1);
    } else {
        return bind_error(L, NULL, 3, "shape expected as {radius = R} or {q = {q0, q1}, r = {r0, r1}}");
    }
    lua_Integer nq = q1 - q0 + 1, nr = r1 - r0 + 1;
    if (nq * nr > CELLSET_MAX)
        return bind_error(L, NULL, 3, "%Ix%I = %I hexes is too many (at most %d)", nq, nr, nq * nr, CELLSET_MAX);
    size_t bytes = hex_bytes((int)nq, (int)nr, nf, ns);
    const handle *self = bind_declare(L, &lua_hex, name, bytes, (const char *const *)fields, nf,
                                      (const char *const *)sides, ns);
    hex_t *h = bind_data(self);
    bind_check_status(L, hex_init(h, (int)q0, (int)r0, (int)nq, (int)nr, nf, ns), &hex_kind, name);
    if (radius >= 0) hex_shape_radius(h, 0, 0, (int)radius);
    return 1;
}

/* h:id(q, r) / h:id("q,r") -> the id of that board hex, or nil */
static int l_id(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    long q, r;
    if (lua_type(L, 2) == LUA_TSTRING) {
        if (!parse_qr(lua_tostring(L, 2), &q, &r)) { lua_pushnil(L); return 1; }
    } else {
        lua_Integer qi = luaL_checkinteger(L, 2), ri = luaL_checkinteger(L, 3);
        if (qi < -HEX_MAX_COORD * 2L || qi > HEX_MAX_COORD * 2L || ri < -HEX_MAX_COORD * 2L
            || ri > HEX_MAX_COORD * 2L) { lua_pushnil(L); return 1; }
        q = (long)qi;
        r = (long)ri;
    }
    int id = stored_id(h, q, r);
    push_id(L, id >= 0 && hex_is_on(h, id) ? id : -1);
    return 1;
}

static int l_qr(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int q, r;
    hex_qr(h, check_hex(L, 2, self, h), &q, &r);
    lua_pushinteger(L, q);
    lua_pushinteger(L, r);
    return 2;
}

static int l_name(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int q, r;
    hex_qr(h, check_hex(L, 2, self, h), &q, &r);
    lua_pushfstring(L, "%d,%d", q, r);
    return 1;
}

static int l_get(lua_State *L) { return board_get(L, &HEX); }
static int l_set(lua_State *L) { return board_set(L, &HEX); }
static int l_add(lua_State *L) { return board_add(L, &HEX); }
static int l_fill(lua_State *L) { return board_fill(L, &HEX); }
static int l_test(lua_State *L) { return board_test(L, &HEX); }
static int l_cells(lua_State *L) { return board_cells(L, &HEX); }
static int l_count(lua_State *L) { return board_count(L, &HEX); }

static int l_side(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int id = check_hex(L, 2, self, h);
    int sf = check_sfield(L, 3, self);
    lua_pushinteger(L, hex_side_get(h, id, sf, check_dir(L, 4, self)));
    return 1;
}

static int l_set_side(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int id = check_hex(L, 2, self, h);
    int sf = check_sfield(L, 3, self);
    int dir = check_dir(L, 4, self);
    hex_side_set(h, id, sf, dir, bind_check_value(L, 5, self));
    return 0;
}

/* h:sides(id, sfield) -> the six values, e se sw w nw ne */
static int l_sides(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int id = check_hex(L, 2, self, h);
    int sf = check_sfield(L, 3, self);
    for (int dir = 0; dir < HEX_NDIRS; dir++) lua_pushinteger(L, hex_side_get(h, id, sf, dir));
    return HEX_NDIRS;
}

/* h:set_sides(id, sfield, e, se, sw, w, nw, ne): a tile's printed sides */
static int l_set_sides(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int id = check_hex(L, 2, self, h);
    int sf = check_sfield(L, 3, self);
    int32_t v[HEX_NDIRS];
    for (int dir = 0; dir < HEX_NDIRS; dir++) v[dir] = bind_check_value(L, 4 + dir, self);
    for (int dir = 0; dir < HEX_NDIRS; dir++) hex_side_set(h, id, sf, dir, v[dir]);
    return 0;
}

/* h:rotate(id, [k = 1]): side values move k steps clockwise (k may be negative) */
static int l_rotate(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int id = check_hex(L, 2, self, h);
    lua_Integer k = luaL_optinteger(L, 3, 1);
    hex_rotate(h, id, (int)(k % HEX_NDIRS));
    return 0;
}

static int l_step(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int id = check_hex(L, 2, self, h);
    push_id(L, hex_step(h, id, check_dir(L, 3, self)));
    return 1;
}

static int l_neighbors(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int id = check_hex(L, 2, self, h);
    cond_t scratch;
    const cond_t *cond = bind_check_cond(L, 3, self, 0, &scratch);
    int out[HEX_NDIRS];
    return bind_push_ids(L, out, hex_neighbors(h, id, cond, out));
}

static int l_distance(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int a = check_hex(L, 2, self, h), b = check_hex(L, 3, self, h);
    lua_pushinteger(L, hex_distance(h, a, b));
    return 1;
}

static int l_reach(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int id = check_hex(L, 2, self, h);
    lua_Integer k = luaL_checkinteger(L, 3);
    cond_t scratch;
    const cond_t *cond = bind_check_cond(L, 4, self, 0, &scratch);
    if (k < 0 || k > CELLSET_MAX) k = -1;
    cellset_t set;
    hex_reach(h, id, (int)k, cond, &set);
    return bind_push_set(L, &set);
}

static int l_connected(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int id = check_hex(L, 2, self, h);
    int sf = check_sfield(L, 3, self);
    int32_t v = bind_check_value(L, 4, self);
    cond_t scratch;
    const cond_t *cond = bind_check_cond(L, 5, self, 0, &scratch);
    int without = lua_isnoneornil(L, 6) ? -1 : check_hex(L, 6, self, h);
    cellset_t set;
    hex_connected(h, id, sf, v, cond, without, &set);
    return bind_push_set(L, &set);
}

static int l_sides_match(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int id = check_hex(L, 2, self, h);
    int dir = check_dir(L, 3, self);
    int sf = check_sfield(L, 4, self);
    lua_pushboolean(L, hex_sides_match(h, id, dir, sf, bind_check_value(L, 5, self)));
    return 1;
}

static int l_on(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    lua_pushboolean(L, hex_is_on(h, check_hex(L, 2, self, h)));
    return 1;
}

static int l_set_on(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    int id = check_hex(L, 2, self, h);
    luaL_checktype(L, 3, LUA_TBOOLEAN);
    bind_check_status(L, hex_set_on(h, id, lua_toboolean(L, 3)), &hex_kind, bind_desc(self)->name);
    return 0;
}

static int l_bounds(lua_State *L)
{
    const handle *self;
    hex_t *h = check_hexgrid(L, &self);
    lua_pushinteger(L, h->q0);
    lua_pushinteger(L, (lua_Integer)h->q0 + h->nq - 1);
    lua_pushinteger(L, h->r0);
    lua_pushinteger(L, (lua_Integer)h->r0 + h->nr - 1);
    return 4;
}

static int l_tostring(lua_State *L)
{
    const handle *self = bind_to_handle(L, 1);
    if (!self || !self->owner->st) { lua_pushliteral(L, "Hex(closed)"); return 1; }
    cellset_t set;
    hex_select(bind_data(self), NULL, &set);
    lua_pushfstring(L, "Hex(%s, %d hexes)", bind_desc(self)->name, cellset_count(&set));
    return 1;
}

static const luaL_Reg methods[] = {
    { "id", l_id }, { "qr", l_qr }, { "name", l_name },
    { "get", l_get }, { "set", l_set }, { "add", l_add }, { "fill", l_fill },
    { "side", l_side }, { "set_side", l_set_side }, { "sides", l_sides },
    { "set_sides", l_set_sides }, { "rotate", l_rotate },
    { "step", l_step }, { "neighbors", l_neighbors }, { "distance", l_distance },
    { "test", l_test }, { "cells", l_cells }, { "count", l_count }, { "reach", l_reach },
    { "connected", l_connected }, { "sides_match", l_sides_match },
    { "on", l_on }, { "set_on", l_set_on }, { "bounds", l_bounds },
    { NULL, NULL },
};

static const luaL_Reg metamethods[] = {
    { "__tostring", l_tostring },
    { NULL, NULL },
};

const bind_kind lua_hex = { &hex_kind, "Hex", declare, methods, metamethods, NULL };
