/*
 * lua_grid.c — the Lua binding of the square grid (grid.h).
 *
 * Cells are 1-based ids in Lua (the core's id + 1) or names ("c3");
 * coordinates x, y are 1-based; fields are names or 1-based numbers.
 * Whole-question queries (cells, neighbors, ray, reach) return their cells as
 * multiple results, so no table is built per call.
 */
#include <string.h>

#include "bind.h"
#include "grid.h"

static grid_t *check_grid(lua_State *L, int idx, const comp_desc **d)
{
    return bind_check_comp(L, idx, COMP_GRID, d);
}

/* A cell argument: a 1-based id or a name; returns the 0-based id. */
static int check_cell(lua_State *L, int idx, const grid_t *g, const comp_desc *d)
{
    if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_Integer c = luaL_checkinteger(L, idx);
        if (c < 1 || c > grid_ncells(g))
            luaL_error(L, "no cell %d on grid '%s' (cells 1..%d)", (int)c, d->name, grid_ncells(g));
        return (int)c - 1;
    }
    const char *name = lua_tostring(L, idx);
    if (!name) luaL_error(L, "bad argument #%d (cell expected, got %s)", idx, luaL_typename(L, idx));
    int c = grid_parse(g, name);
    if (c < 0) {
        char last[8];
        grid_name(g, grid_ncells(g) - 1, last);
        luaL_error(L, "no cell '%s' on grid '%s' (a1..%s)", name, d->name, last);
    }
    return c;
}

static int check_dir(lua_State *L, int idx)
{
    if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_Integer dir = luaL_checkinteger(L, idx);
        if (dir < 1 || dir > GRID_NDIRS) luaL_error(L, "bad direction %d (1..8: n e s w ne se sw nw)", (int)dir);
        return (int)dir - 1;
    }
    const char *name = luaL_checkstring(L, idx);
    int dir = grid_dir_parse(name);
    if (dir < 0) luaL_error(L, "bad direction '%s' (n e s w ne se sw nw)", name);
    return dir;
}

/* The grid a method is called on (argument 1), with its descriptor and
 * handle for check_field and check_cond. */
static grid_t *check_self(lua_State *L, const comp_desc **d, const handle **h)
{
    return bind_check_self(L, COMP_GRID, d, h);
}

/* A condition argument on the grid h (nil: every cell). */
static const cond_t *check_cond(lua_State *L, const handle *h, int idx, cond_t *scratch)
{
    return bind_check_cond_of(L, idx, h, scratch);
}

static int check_field(lua_State *L, const handle *h, int idx, const comp_desc *d)
{
    return bind_check_field(L, idx, h, d, 0, "field");
}

/* s:grid(name, width, height, {field names}) -> Grid */
int lua_grid_declare(lua_State *L)
{
    const char *name = luaL_checkstring(L, 2);
    lua_Integer w = luaL_checkinteger(L, 3), h = luaL_checkinteger(L, 4);
    int nf;
    const char **fields = bind_check_names(L, 5, &nf, "field");
    if (w < 1 || h < 1 || w > GRID_MAX_SIDE || h > GRID_MAX_SIDE || w * h > CELLSET_MAX)
        return luaL_error(L, "grid '%s': size %dx%d out of range (1..%d a side)", name, (int)w, (int)h, GRID_MAX_SIDE);
    int idx = bind_declare(L, COMP_GRID, name, grid_bytes((int)w, (int)h, nf),
                           (const char *const *)fields, nf, NULL, 0);
    lstate *s = bind_check_state(L, 1);
    grid_init(state_comp(s->st, idx), (int)w, (int)h, nf);
    return 1;
}

static int l_get(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    int c = check_cell(L, 2, g, d);
    int f = check_field(L, h, 3, d);
    lua_pushinteger(L, grid_get(g, c, f));
    return 1;
}

static int l_set(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    int c = check_cell(L, 2, g, d);
    int f = check_field(L, h, 3, d);
    lua_Integer v = luaL_checkinteger(L, 4);
    if (v < INT32_MIN || v > INT32_MAX) return luaL_error(L, "grid '%s': value %I does not fit 32 bits", d->name, v);
    grid_set(g, c, f, (int32_t)v);
    return 0;
}

static int l_add(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    int c = check_cell(L, 2, g, d);
    int f = check_field(L, h, 3, d);
    lua_Integer v = grid_get(g, c, f) + luaL_checkinteger(L, 4);
    if (v < INT32_MIN || v > INT32_MAX) return luaL_error(L, "grid '%s': value %I does not fit 32 bits", d->name, v);
    grid_set(g, c, f, (int32_t)v);
    lua_pushinteger(L, v);
    return 1;
}

/* g:fill(field, value): every cell */
static int l_fill(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    int f = check_field(L, h, 2, d);
    int32_t v = (int32_t)luaL_checkinteger(L, 3);
    for (int c = 0; c < grid_ncells(g); c++) grid_set(g, c, f, v);
    return 0;
}

/* g:cell(x, y) or g:cell("c3") -> id, or nil off the board */
static int l_cell(lua_State *L)
{
    const comp_desc *d;
    grid_t *g = check_grid(L, 1, &d);
    int c;
    if (lua_type(L, 2) == LUA_TSTRING) c = grid_parse(g, lua_tostring(L, 2));
    else c = grid_cell(g, (int)luaL_checkinteger(L, 2) - 1, (int)luaL_checkinteger(L, 3) - 1);
    if (c < 0) lua_pushnil(L);
    else lua_pushinteger(L, c + 1);
    return 1;
}

static int l_xy(lua_State *L)
{
    const comp_desc *d;
    grid_t *g = check_grid(L, 1, &d);
    int x, y;
    grid_xy(g, check_cell(L, 2, g, d), &x, &y);
    lua_pushinteger(L, x + 1);
    lua_pushinteger(L, y + 1);
    return 2;
}

static int l_name(lua_State *L)
{
    const comp_desc *d;
    grid_t *g = check_grid(L, 1, &d);
    char buf[8];
    grid_name(g, check_cell(L, 2, g, d), buf);
    lua_pushstring(L, buf);
    return 1;
}

static int l_size(lua_State *L)
{
    grid_t *g = check_grid(L, 1, NULL);
    lua_pushinteger(L, g->w);
    lua_pushinteger(L, g->h);
    return 2;
}

static int l_fields(lua_State *L)
{
    const comp_desc *d;
    check_grid(L, 1, &d);
    lua_createtable(L, d->nlabels[0], 0);
    for (int i = 0; i < d->nlabels[0]; i++) {
        lua_pushstring(L, d->labels[0][i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* g:cells([cond]) -> every cell satisfying cond, ascending */
static int l_cells(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    cond_t scratch;
    const cond_t *cond = check_cond(L, h, 2, &scratch);
    cellset_t set;
    grid_select(g, cond, &set);
    return bind_push_set(L, &set);
}

/* g:first([cond]) -> the first cell (board order) satisfying cond, or nil */
static int l_first(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    cond_t scratch;
    const cond_t *cond = check_cond(L, h, 2, &scratch);
    int n = grid_ncells(g);
    for (int c = 0; c < n; c++)
        if (fields_match(g->v, n, c, cond)) { lua_pushinteger(L, c + 1); return 1; }
    lua_pushnil(L);
    return 1;
}

/* g:count([cond]) -> how many cells satisfy cond */
static int l_count(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    cond_t scratch;
    const cond_t *cond = check_cond(L, h, 2, &scratch);
    cellset_t set;
    grid_select(g, cond, &set);
    lua_pushinteger(L, cellset_count(&set));
    return 1;
}

/* g:test(cell, cond) -> does the cell satisfy cond? */
static int l_test(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    int c = check_cell(L, 2, g, d);
    cond_t scratch;
    const cond_t *cond = check_cond(L, h, 3, &scratch);
    lua_pushboolean(L, fields_match(g->v, grid_ncells(g), c, cond));
    return 1;
}

/* g:neighbors(cell, [cond], [diagonal]) -> orthogonal (and diagonal) neighbours */
static int l_neighbors(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    int c = check_cell(L, 2, g, d);
    cond_t scratch;
    const cond_t *cond = check_cond(L, h, 3, &scratch);
    int out[8];
    int n = grid_neighbors(g, c, lua_toboolean(L, 4), cond, out);
    return bind_push_ids(L, out, n);
}

/* g:step(cell, dir) -> the next cell that way, or nil at the edge */
static int l_step(lua_State *L)
{
    const comp_desc *d;
    grid_t *g = check_grid(L, 1, &d);
    int c = grid_step(g, check_cell(L, 2, g, d), check_dir(L, 3));
    if (c < 0) lua_pushnil(L);
    else lua_pushinteger(L, c + 1);
    return 1;
}

/* g:ray(cell, dir, [cond]) -> the cells beyond cell that way while cond holds */
static int l_ray(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    int c = check_cell(L, 2, g, d);
    int dir = check_dir(L, 3);
    cond_t scratch;
    const cond_t *cond = check_cond(L, h, 4, &scratch);
    int out[GRID_MAX_SIDE];
    int n = grid_ray(g, c, dir, cond, out, GRID_MAX_SIDE);
    return bind_push_ids(L, out, n);
}

/* Keep the cells of set that satisfy the condition at idx (if any). */
static void filter(lua_State *L, const handle *h, const grid_t *g, int idx, cellset_t *set)
{
    cond_t scratch;
    const cond_t *cond = check_cond(L, h, idx, &scratch);
    if (!cond) return;
    cellset_t match;
    grid_select(g, cond, &match);
    cellset_and(set, set, &match);
}

/* g:row(y, [cond]) / g:column(x, [cond]) -> the cells of that rank / file
 * (that satisfy cond), ascending */
static int l_row(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    lua_Integer y = luaL_checkinteger(L, 2);
    luaL_argcheck(L, y >= 1 && y <= g->h, 2, "no such row");
    cellset_t set;
    grid_row(g, (int)y - 1, &set);
    filter(L, h, g, 3, &set);
    return bind_push_set(L, &set);
}

static int l_column(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    lua_Integer x = luaL_checkinteger(L, 2);
    luaL_argcheck(L, x >= 1 && x <= g->w, 2, "no such column");
    cellset_t set;
    grid_column(g, (int)x - 1, &set);
    filter(L, h, g, 3, &set);
    return bind_push_set(L, &set);
}

/* g:lines(cell, [cond]) -> the cells of cell's row and column (cell itself
 * once) that satisfy cond, ascending */
static int l_lines(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    int x, y;
    grid_xy(g, check_cell(L, 2, g, d), &x, &y);
    cond_t scratch;
    const cond_t *cond = check_cond(L, h, 3, &scratch);
    cellset_t row, col;
    grid_row(g, y, &row);
    grid_column(g, x, &col);
    cellset_or(&row, &row, &col);
    if (cond) {
        cellset_t match;
        grid_select(g, cond, &match);
        cellset_and(&row, &row, &match);
    }
    return bind_push_set(L, &row);
}

/* g:reach(cell, k, [cond], [diagonal]) -> cells within k steps through cells
 * satisfying cond, the start included */
static int l_reach(lua_State *L)
{
    const comp_desc *d;
    const handle *h;
    grid_t *g = check_self(L, &d, &h);
    int c = check_cell(L, 2, g, d);
    lua_Integer k = luaL_checkinteger(L, 3);
    cond_t scratch;
    const cond_t *cond = check_cond(L, h, 4, &scratch);
    cellset_t set;
    grid_reach(g, c, (int)k, lua_toboolean(L, 5), cond, &set);
    return bind_push_set(L, &set);
}

static int l_tostring(lua_State *L)
{
    const comp_desc *d;
    handle *h = bind_handle(L, 1, COMP_GRID);
    if (!h || !h->owner->st) { lua_pushliteral(L, "Grid(closed)"); return 1; }
    grid_t *g = check_grid(L, 1, &d);
    lua_pushfstring(L, "Grid(%s, %dx%d)", d->name, g->w, g->h);
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

void lua_grid_register(lua_State *L)
{
    bind_register(L, COMP_GRID, methods, l_tostring);
}
