/*
 * lua_grid.c — the Lua binding of the square grid (grid.h).
 *
 * Cells are 1-based ids in Lua (the core's id + 1) or names ("c3");
 * coordinates x, y are 1-based; fields are names or 1-based numbers.
 * Whole-question queries (cells, neighbors, ray, reach) return their cells as
 * multiple results, so no table is built per call. The field methods are
 * the boards' own (board.h).
 */
#include <string.h>

#include "board.h"
#include "grid.h"

/* A cell argument: a 1-based id or a name; returns the 0-based id. */
static int check_cell(lua_State *L, int idx, const handle *self, const void *board)
{
    const grid_t *g = board;
    if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_Integer c = luaL_checkinteger(L, idx);
        if (c < 1 || c > grid_ncells(g))
            bind_error(L, bind_desc(self), idx, "no cell %I (cells 1..%d)", c, grid_ncells(g));
        return (int)c - 1;
    }
    if (lua_type(L, idx) != LUA_TSTRING) luaL_typeerror(L, idx, "cell");
    const char *name = lua_tostring(L, idx);
    int c = grid_parse(g, name);
    if (c < 0) {
        char last[8];
        grid_name(g, grid_ncells(g) - 1, last);
        bind_error(L, bind_desc(self), idx, "no cell '%s' (a1..%s)", name, last);
    }
    return c;
}

/* A direction argument of self's method: a name or 1..8; returns it 0-based. */
static int check_dir(lua_State *L, int idx, const handle *self)
{
    if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_Integer dir = luaL_checkinteger(L, idx);
        if (dir < 1 || dir > GRID_NDIRS)
            bind_error(L, bind_desc(self), idx, "no direction %I (1..8: n e s w ne se sw nw)", dir);
        return (int)dir - 1;
    }
    if (lua_type(L, idx) != LUA_TSTRING) luaL_typeerror(L, idx, "direction");
    const char *name = lua_tostring(L, idx);
    int dir = grid_dir_parse(name);
    if (dir < 0) bind_error(L, bind_desc(self), idx, "no direction '%s' (n e s w ne se sw nw)", name);
    return dir;
}

static int32_t *fields_of(const void *board, int *n)
{
    *n = grid_ncells(board);
    return grid_fields(board);
}

static void select_cells(const void *board, const cond_t *cond, cellset_t *out)
{
    grid_select(board, cond, out);
}

extern const bind_kind lua_grid;
static const board_type GRID = { &lua_grid, 0, "field", check_cell, fields_of, select_cells };

static inline grid_t *check_grid(lua_State *L, const handle **self)
{
    *self = bind_check_self(L, &lua_grid);
    return bind_data(*self);
}

/* s:grid(name, width, height, {field names}) -> Grid */
static int declare(lua_State *L)
{
    const char *name = luaL_checkstring(L, 2);
    lua_Integer w = luaL_checkinteger(L, 3), h = luaL_checkinteger(L, 4);
    int nf;
    const char **fields = bind_check_names(L, 5, &nf, "field");
    if (w < 1 || h < 1 || w > GRID_MAX_SIDE || h > GRID_MAX_SIDE || w * h > CELLSET_MAX)
        return bind_error(L, NULL, w < 1 || w > GRID_MAX_SIDE ? 3 : 4, "size %Ix%I out of range (1..%d a side)",
                          w, h, GRID_MAX_SIDE);
    const handle *self = bind_declare(L, &lua_grid, name, grid_bytes((int)w, (int)h, nf),
                                      (const char *const *)fields, nf, NULL, 0);
    bind_check_status(L, grid_init(bind_data(self), (int)w, (int)h, nf), &grid_kind, name);
    return 1;
}

static int l_get(lua_State *L) { return board_get(L, &GRID); }
static int l_set(lua_State *L) { return board_set(L, &GRID); }
static int l_add(lua_State *L) { return board_add(L, &GRID); }
static int l_fill(lua_State *L) { return board_fill(L, &GRID); }
static int l_cells(lua_State *L) { return board_cells(L, &GRID); }
static int l_first(lua_State *L) { return board_first(L, &GRID); }
static int l_count(lua_State *L) { return board_count(L, &GRID); }
static int l_test(lua_State *L) { return board_test(L, &GRID); }

/* g:cell(x, y) or g:cell("c3") -> id, or nil off the board */
static int l_cell(lua_State *L)
{
    const handle *self;
    grid_t *g = check_grid(L, &self);
    int c;
    if (lua_type(L, 2) == LUA_TSTRING) c = grid_parse(g, lua_tostring(L, 2));
    else c = grid_cell(g, (int)luaL_checkinteger(L, 2) - 1, (int)luaL_checkinteger(L, 3) - 1);
    if (c < 0) lua_pushnil(L);
    else lua_pushinteger(L, c + 1);
    return 1;
}

static int l_xy(lua_State *L)
{
    const handle *self;
    grid_t *g = check_grid(L, &self);
    int x, y;
    grid_xy(g, check_cell(L, 2, self, g), &x, &y);
    lua_pushinteger(L, x + 1);
    lua_pushinteger(L, y + 1);
    return 2;
}

static int l_name(lua_State *L)
{
    const handle *self;
    grid_t *g = check_grid(L, &self);
    char buf[8];
    grid_name(g, check_cell(L, 2, self, g), buf);
    lua_pushstring(L, buf);
    return 1;
}

static int l_size(lua_State *L)
{
    const handle *self;
    grid_t *g = check_grid(L, &self);
    lua_pushinteger(L, g->w);
    lua_pushinteger(L, g->h);
    return 2;
}

static int l_fields(lua_State *L)
{
    const comp_desc *d = bind_desc(bind_check_self(L, &lua_grid));
    lua_createtable(L, d->nlabels[0], 0);
    for (int i = 0; i < d->nlabels[0]; i++) {
        lua_pushstring(L, d->labels[0][i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* g:neighbors(cell, [cond], [diagonal]) -> orthogonal (and diagonal) neighbours */
static int l_neighbors(lua_State *L)
{
    const handle *self;
    grid_t *g = check_grid(L, &self);
    int c = check_cell(L, 2, self, g);
    cond_t scratch;
    const cond_t *cond = bind_check_cond(L, 3, self, 0, &scratch);
    int out[8];
    int n = grid_neighbors(g, c, lua_toboolean(L, 4), cond, out);
    return bind_push_ids(L, out, n);
}

/* g:step(cell, dir) -> the next cell that way, or nil at the edge */
static int l_step(lua_State *L)
{
    const handle *self;
    grid_t *g = check_grid(L, &self);
    int c = grid_step(g, check_cell(L, 2, self, g), check_dir(L, 3, self));
    if (c < 0) lua_pushnil(L);
    else lua_pushinteger(L, c + 1);
    return 1;
}

/* g:ray(cell, dir, [cond]) -> the cells beyond cell that way while cond holds */
static int l_ray(lua_State *L)
{
    const handle *self;
    grid_t *g = check_grid(L, &self);
    int c = check_cell(L, 2, self, g);
    int dir = check_dir(L, 3, self);
    cond_t scratch;
    const cond_t *cond = bind_check_cond(L, 4, self, 0, &scratch);
    int out[GRID_MAX_SIDE];
    int n = grid_ray(g, c, dir, cond, out, GRID_MAX_SIDE);
    return bind_push_ids(L, out, n);
}

/* Keep the cells of set that satisfy the condition at idx (if any). */
static inline void filter(lua_State *L, const handle *self, const grid_t *g, int idx, cellset_t *set)
{
    cond_t scratch;
    const cond_t *cond = bind_check_cond(L, idx, self, 0, &scratch);
    if (!cond) return;
    cellset_t match;
    grid_select(g, cond, &match);
    cellset_and(set, set, &match);
}

/* g:row(y, [cond]) / g:column(x, [cond]) -> the cells of that rank / file
 * (that satisfy cond), ascending */
static int l_row(lua_State *L)
{
    const handle *self;
    grid_t *g = check_grid(L, &self);
    lua_Integer y = luaL_checkinteger(L, 2);
    if (y < 1 || y > g->h) return bind_error(L, bind_desc(self), 2, "no row %I (1..%d)", y, g->h);
    cellset_t set;
    grid_row(g, (int)y - 1, &set);
    filter(L, self, g, 3, &set);
    return bind_push_set(L, &set);
}

static int l_column(lua_State *L)
{
    const handle *self;
    grid_t *g = check_grid(L, &self);
    lua_Integer x = luaL_checkinteger(L, 2);
    if (x < 1 || x > g->w) return bind_error(L, bind_desc(self), 2, "no column %I (1..%d)", x, g->w);
    cellset_t set;
    grid_column(g, (int)x - 1, &set);
    filter(L, self, g, 3, &set);
    return bind_push_set(L, &set);
}

/* g:lines(cell, [cond]) -> the cells of cell's row and column (cell itself
 * once) that satisfy cond, ascending */
static int l_lines(lua_State *L)
{
    const handle *self;
    grid_t *g = check_grid(L, &self);
    int x, y;
    grid_xy(g, check_cell(L, 2, self, g), &x, &y);
    cellset_t row, col;
    grid_row(g, y, &row);
    grid_column(g, x, &col);
    cellset_or(&row, &row, &col);
    filter(L, self, g, 3, &row);
    return bind_push_set(L, &row);
}

/* g:reach(cell, k, [cond], [diagonal]) -> cells within k steps through cells
 * satisfying cond, the start included */
static int l_reach(lua_State *L)
{
    const handle *self;
    grid_t *g = check_grid(L, &self);
    int c = check_cell(L, 2, self, g);
    lua_Integer k = luaL_checkinteger(L, 3);
    cond_t scratch;
    const cond_t *cond = bind_check_cond(L, 4, self, 0, &scratch);
    cellset_t set;
    grid_reach(g, c, (int)k, lua_toboolean(L, 5), cond, &set);
    return bind_push_set(L, &set);
}

static int l_tostring(lua_State *L)
{
    const handle *h = bind_to_handle(L, 1);
    if (!h || !h->owner->st) { lua_pushliteral(L, "Grid(closed)"); return 1; }
    const grid_t *g = bind_data(h);
    lua_pushfstring(L, "Grid(%s, %dx%d)", bind_desc(h)->name, g->w, g->h);
    return 1;
}

static const luaL_Reg methods[] = {
    { "get", l_get }, { "set", l_set }, { "add", l_add }, { "fill", l_fill },
    { "cell", l_cell }, { "xy", l_xy }, { "name", l_name }, { "size", l_size },
    { "fields", l_fields }, { "cells", l_cells }, { "first", l_first }, { "count", l_count },
    { "test", l_test }, { "neighbors", l_neighbors }, { "step", l_step },
    { "ray", l_ray }, { "row", l_row }, { "column", l_column }, { "lines", l_lines },
    { "reach", l_reach },
    { NULL, NULL },
};

static const luaL_Reg metamethods[] = {
    { "__tostring", l_tostring },
    { NULL, NULL },
};

const bind_kind lua_grid = { &grid_kind, "Grid", declare, methods, metamethods, NULL };
