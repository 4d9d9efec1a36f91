/*
 * board.h — the methods the boards share (grid, hex, graph): named integer
 * fields per place, read and written, and the questions over them.
 *
 *   b:get(place, field)          b:set(place, field, v)      b:add(place, field, dv) -> new
 *   b:fill(field, v)             b:test(place, cond) -> bool
 *   b:cells([cond]) -> places    b:count([cond]) -> n         b:first([cond]) -> place | nil
 *
 * Written once, as inline templates that each board's binding instantiates
 * with a board_type saying what differs: how a place argument is checked
 * (a cell name, a "q,r" text, a live node), where the field array is, and
 * which places a question ranges over (every cell; a hex grid's hexes on
 * the board; a graph's live nodes). The board_type is a static const and
 * its functions are static, so they inline: a board's method costs what a
 * hand-written one did. A binding instantiates only the methods its board
 * has (lua_grid.c: `static int l_get(lua_State *L) { return board_get(L, &GRID); }`).
 */
#ifndef GROVE_BOARD_H
#define GROVE_BOARD_H

#include "bind.h"

typedef struct {
    const bind_kind *kind;
    int list;                       /* the label list of the fields: 0, or 1 (a graph's edge fields) */
    const char *field;              /* what bind_check_field calls them: "field", "edge field" */
    /* The place at idx, 0-based; raises naming the board (self) when there is none. */
    int (*place)(lua_State *L, int idx, const handle *self, const void *board);
    /* The field array v[field * *nplaces + place] (fields.h). */
    int32_t *(*fields)(const void *board, int *nplaces);
    /* The places a question ranges over that satisfy cond (NULL: all of them). */
    void (*select)(const void *board, const cond_t *cond, cellset_t *out);
} board_type;

/* b:get(place, field) */
static inline int board_get(lua_State *L, const board_type *t)
{
    const handle *self = bind_check_self(L, t->kind);
    const void *b = bind_data(self);
    int p = t->place(L, 2, self, b);
    int f = bind_check_field(L, 3, self, t->list, t->field);
    int n;
    int32_t *v = t->fields(b, &n);
    lua_pushinteger(L, v[(long)f * n + p]);
    return 1;
}

/* b:set(place, field, value) */
static inline int board_set(lua_State *L, const board_type *t)
{
    const handle *self = bind_check_self(L, t->kind);
    const void *b = bind_data(self);
    int p = t->place(L, 2, self, b);
    int f = bind_check_field(L, 3, self, t->list, t->field);
    int32_t value = bind_check_value(L, 4, self);
    int n;
    int32_t *v = t->fields(b, &n);
    v[(long)f * n + p] = value;
    return 0;
}

/* b:add(place, field, delta) -> the new value */
static inline int board_add(lua_State *L, const board_type *t)
{
    const handle *self = bind_check_self(L, t->kind);
    const void *b = bind_data(self);
    int p = t->place(L, 2, self, b);
    int f = bind_check_field(L, 3, self, t->list, t->field);
    int32_t delta = bind_check_value(L, 4, self);
    int n;
    int32_t *v = t->fields(b, &n);
    lua_Integer sum = (lua_Integer)v[(long)f * n + p] + delta;
    if (sum < INT32_MIN || sum > INT32_MAX)
        return bind_error(L, bind_desc(self), 4, "%d + %d = %I does not fit 32 bits",
                          (int)v[(long)f * n + p], (int)delta, sum);
    v[(long)f * n + p] = (int32_t)sum;
    lua_pushinteger(L, sum);
    return 1;
}

/* b:fill(field, value): every place, on the board or not */
static inline int board_fill(lua_State *L, const board_type *t)
{
    const handle *self = bind_check_self(L, t->kind);
    const void *b = bind_data(self);
    int f = bind_check_field(L, 2, self, t->list, t->field);
    int32_t value = bind_check_value(L, 3, self);
    int n;
    int32_t *v = t->fields(b, &n);
    for (int p = 0; p < n; p++) v[(long)f * n + p] = value;
    return 0;
}

/* b:test(place, cond) -> do the place's fields satisfy cond? */
static inline int board_test(lua_State *L, const board_type *t)
{
    const handle *self = bind_check_self(L, t->kind);
    const void *b = bind_data(self);
    int p = t->place(L, 2, self, b);
    cond_t scratch;
    const cond_t *cond = bind_check_cond(L, 3, self, t->list, &scratch);
    int n;
    const int32_t *v = t->fields(b, &n);
    lua_pushboolean(L, fields_match(v, n, p, cond));
    return 1;
}

/* b:cells([cond]) -> every place satisfying cond, ascending */
static inline int board_cells(lua_State *L, const board_type *t)
{
    const handle *self = bind_check_self(L, t->kind);
    cond_t scratch;
    const cond_t *cond = bind_check_cond(L, 2, self, t->list, &scratch);
    cellset_t set;
    t->select(bind_data(self), cond, &set);
    return bind_push_set(L, &set);
}

/* b:count([cond]) -> how many places satisfy cond */
static inline int board_count(lua_State *L, const board_type *t)
{
    const handle *self = bind_check_self(L, t->kind);
    cond_t scratch;
    const cond_t *cond = bind_check_cond(L, 2, self, t->list, &scratch);
    cellset_t set;
    t->select(bind_data(self), cond, &set);
    lua_pushinteger(L, cellset_count(&set));
    return 1;
}

/* b:first([cond]) -> the first place in id order satisfying cond, or nil:
 * of every place (for a board whose questions range over all of them). */
static inline int board_first(lua_State *L, const board_type *t)
{
    const handle *self = bind_check_self(L, t->kind);
    cond_t scratch;
    const cond_t *cond = bind_check_cond(L, 2, self, t->list, &scratch);
    int n;
    const int32_t *v = t->fields(bind_data(self), &n);
    for (int p = 0; p < n; p++)
        if (fields_match(v, n, p, cond)) { lua_pushinteger(L, p + 1); return 1; }
    lua_pushnil(L);
    return 1;
}

#endif
