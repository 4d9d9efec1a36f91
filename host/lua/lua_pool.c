/*
 * lua_pool.c — the Lua binding of bounded counters (pool.h).
 *
 * A global pool takes no seat: pyramids:take(1). A per-seat pool takes the
 * seat first: score:add(2, 3). Going outside the bounds raises and changes
 * nothing.
 */
#include <string.h>

#include "bind.h"
#include "pool.h"


extern const bind_kind lua_pool;

/* The pool at 1 and the 0-based value index its (seat) argument names;
 * *next is the index of the argument after the seat. */
static pool_t *check_pool(lua_State *L, const comp_desc **d, int *vi, int *next)
{
    const handle *self = bind_check_self(L, &lua_pool);
    pool_t *p = bind_data(self);
    *d = bind_desc(self);
    if ((*d)->flags & BIND_POOL_PER_SEAT) {
        *vi = bind_check_seat(L, luaL_checkinteger(L, 2), 2, p->n, *d, NULL) - 1;
        *next = 3;
    } else {
        *vi = 0;
        *next = 2;
    }
    return p;
}

/* s:pool(name, {value = 0, min = 0, max = 2^31-1, per_seat = false}) -> Pool */
static int declare(lua_State *L)
{
    const char *name = luaL_checkstring(L, 2);
    lua_Integer value = 0, min = 0, max = INT32_MAX;
    int per_seat = 0;
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        if (lua_getfield(L, 3, "value") != LUA_TNIL) value = luaL_checkinteger(L, -1);
        if (lua_getfield(L, 3, "min") != LUA_TNIL) min = luaL_checkinteger(L, -1);
        if (lua_getfield(L, 3, "max") != LUA_TNIL) max = luaL_checkinteger(L, -1);
        lua_getfield(L, 3, "per_seat");
        per_seat = lua_toboolean(L, -1);
        lua_pop(L, 4);
    }
    if (min < INT32_MIN || max > INT32_MAX || min > max)
        return bind_error(L, NULL, 3, "bad bounds %I..%I", min, max);
    if (value < min || value > max)
        return bind_error(L, NULL, 3, "starting value %I outside its bounds %I..%I", value, min, max);
    lstate *s = bind_check_state(L, 1);
    int n = per_seat ? s->st->nplayers : 1;
    if (n < 1) n = 1;
    const handle *self = bind_declare(L, &lua_pool, name, pool_bytes(n), NULL, 0, NULL, 0);
    s->st->comps[self->comp].flags = per_seat ? BIND_POOL_PER_SEAT : 0;
    bind_check_status(L, pool_init(bind_data(self), n, (int32_t)min, (int32_t)max, (int32_t)value),
                      &pool_kind, name);
    return 1;
}

static int l_get(lua_State *L)
{
    const comp_desc *d;
    int vi, next;
    pool_t *p = check_pool(L, &d, &vi, &next);
    lua_pushinteger(L, p->v[vi]);
    return 1;
}

/* Change by delta, the amount given as argument arg (0: none given),
 * raising a clear message when the bounds forbid it. */
static int change(lua_State *L, pool_t *p, const comp_desc *d, int vi, lua_Integer delta, int arg)
{
    lua_Integer nv = (lua_Integer)p->v[vi] + delta;
    if (nv < p->min || nv > p->max) {
        char who[32] = "it";
        if (d->flags & BIND_POOL_PER_SEAT) snprintf(who, sizeof who, "seat %d", vi + 1);
        if (delta < 0)
            return bind_error(L, d, arg, "cannot take %I: %s holds %d (minimum %d)",
                              -delta, who, (int)p->v[vi], (int)p->min);
        return bind_error(L, d, arg, "cannot add %I: %s holds %d (maximum %d)",
                          delta, who, (int)p->v[vi], (int)p->max);
    }
    p->v[vi] = (int32_t)nv;
    lua_pushinteger(L, nv);
    return 1;
}

static int l_add(lua_State *L)
{
    const comp_desc *d;
    int vi, next;
    pool_t *p = check_pool(L, &d, &vi, &next);
    return change(L, p, d, vi, luaL_checkinteger(L, next), next);
}

static int l_take(lua_State *L)
{
    const comp_desc *d;
    int vi, next;
    pool_t *p = check_pool(L, &d, &vi, &next);
    int arg = lua_isnoneornil(L, next) ? 0 : next;
    lua_Integer n = luaL_optinteger(L, next, 1);
    if (n < 0) return bind_error(L, d, arg, "cannot take a negative amount (%I)", n);
    return change(L, p, d, vi, -n, arg);
}

static int l_put(lua_State *L)
{
    const comp_desc *d;
    int vi, next;
    pool_t *p = check_pool(L, &d, &vi, &next);
    int arg = lua_isnoneornil(L, next) ? 0 : next;
    lua_Integer n = luaL_optinteger(L, next, 1);
    if (n < 0) return bind_error(L, d, arg, "cannot put a negative amount (%I)", n);
    return change(L, p, d, vi, n, arg);
}

static int l_set(lua_State *L)
{
    const comp_desc *d;
    int vi, next;
    pool_t *p = check_pool(L, &d, &vi, &next);
    lua_Integer v = luaL_checkinteger(L, next);
    if (v < p->min) return bind_error(L, d, next, "cannot set %I (minimum %d)", v, (int)p->min);
    if (v > p->max) return bind_error(L, d, next, "cannot set %I (maximum %d)", v, (int)p->max);
    return change(L, p, d, vi, v - p->v[vi], next);
}

/* p:has(n) / p:has(seat, n): is there at least n? */
static int l_has(lua_State *L)
{
    const comp_desc *d;
    int vi, next;
    pool_t *p = check_pool(L, &d, &vi, &next);
    lua_pushboolean(L, (lua_Integer)p->v[vi] - luaL_optinteger(L, next, 1) >= p->min);
    return 1;
}

static int l_bounds(lua_State *L)
{
    const pool_t *p = bind_data(bind_check_self(L, &lua_pool));
    lua_pushinteger(L, p->min);
    lua_pushinteger(L, p->max);
    return 2;
}

static int l_tostring(lua_State *L)
{
    const handle *h = bind_to_handle(L, 1);
    if (!h || !h->owner->st) { lua_pushliteral(L, "Pool(closed)"); return 1; }
    const comp_desc *d = bind_desc(h);
    const pool_t *p = bind_data(h);
    if (d->flags & BIND_POOL_PER_SEAT) lua_pushfstring(L, "Pool(%s, per seat)", d->name);
    else lua_pushfstring(L, "Pool(%s = %d)", d->name, (int)p->v[0]);
    return 1;
}

static const luaL_Reg methods[] = {
    { "get", l_get }, { "set", l_set }, { "add", l_add }, { "take", l_take },
    { "put", l_put }, { "has", l_has }, { "bounds", l_bounds },
    { NULL, NULL },
};

static const luaL_Reg metamethods[] = {
    { "__tostring", l_tostring },
    { NULL, NULL },
};

const bind_kind lua_pool = { &pool_kind, "Pool", declare, methods, metamethods, NULL };
