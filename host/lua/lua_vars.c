/*
 * lua_vars.c — the Lua binding of the script's bookkeeping integers (vars.h):
 *   s:vars("play", {"phase", "round"})   -- in setup, all start at 0
 *   s.play.phase = 2; if s.play.round == 1 then ... end
 * Reading or writing a name that was not declared raises.
 *
 * Vars are read and written many times per move (whose turn, which phase),
 * so neither may cost a call into C. `s.play` is a plain Lua table holding
 * the values (the mirror); its metatable raises for names that were not
 * declared, which is all a metamethod ever sees, since declared names are
 * always present. The state block, which snapshots, hashes and saves see,
 * is brought in line at fixed points:
 *   lua_vars_flush    mirror -> block, checking every value is an integer
 *                     (the executor calls it after every hook, so a bad
 *                     value is reported by the hook that stored it)
 *   lua_vars_refresh  block -> mirror, after a restore, an undo or a load
 */
#include <string.h>

#include "bind.h"
#include "lua_state.h"
#include "vars.h"

/* Under this key the State table keeps its mirrors: a list of entries
 * {comp index, V, name 1, name 2, ...}, the names as Lua strings so that
 * copying between block and mirror makes no string. */
static const char MIRRORS_KEY = 0;

extern const bind_kind lua_vars;

/* The index of var `name` in d, or -1. */
static int var_find(const comp_desc *d, const char *name)
{
    if (!name) return -1;
    for (int i = 0; i < d->nlabels[0]; i++)
        if (strcmp(d->labels[0][i], name) == 0) return i;
    return -1;
}

/* The metamethods' V (argument 1) as its component; NULL for a closed game. */
static const comp_desc *vars_desc(lua_State *L)
{
    const handle *h = bind_to_handle(L, 1);
    return h && h->owner->st ? &h->owner->st->comps[h->comp] : NULL;
}

static int unknown_var(lua_State *L, const comp_desc *d)
{
    if (!d) return luaL_error(L, "attempt to use a Vars of a closed game");
    return bind_error(L, d, 0, "no var '%s' (declare it in setup: s:vars(name, {...}))", luaL_tolstring(L, 2, NULL));
}

/* __index (V, name): only names with no value get here. */
static int l_read_missing(lua_State *L)
{
    const comp_desc *d = vars_desc(L);
    if (d && lua_type(L, 2) == LUA_TSTRING && var_find(d, lua_tostring(L, 2)) >= 0)
        return bind_error(L, d, 0, "var '%s' was set to nil; vars hold integers", lua_tostring(L, 2));
    return unknown_var(L, d);
}

/* __newindex (V, name, value): a name with no value, either undeclared or
 * declared and set to nil before. */
static int l_write_missing(lua_State *L)
{
    const comp_desc *d = vars_desc(L);
    if (!d || lua_type(L, 2) != LUA_TSTRING || var_find(d, lua_tostring(L, 2)) < 0)
        return unknown_var(L, d);
    if (!lua_isinteger(L, 3) && !lua_isboolean(L, 3))
        return bind_error(L, d, 0, "var '%s' holds integers, not %s", lua_tostring(L, 2), luaL_typename(L, 3));
    lua_settop(L, 3);
    if (lua_isboolean(L, 3)) lua_pushinteger(L, lua_toboolean(L, 3));
    lua_rawset(L, 1);
    return 0;
}

static int l_tostring(lua_State *L)
{
    const handle *h = bind_to_handle(L, 1);
    if (!h || !h->owner->st) { lua_pushliteral(L, "Vars(closed)"); return 1; }
    const comp_desc *d = bind_desc(h);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, "Vars(");
    for (int i = 0; i < d->nlabels[0]; i++) {
        if (i) luaL_addstring(&b, ", ");
        bind_rawget_name(L, 1, d->labels[0][i]);
        lua_pushfstring(L, "%s=%s", d->labels[0][i], luaL_tolstring(L, -1, NULL));
        lua_remove(L, -2);
        lua_remove(L, -2);
        luaL_addvalue(&b);
    }
    luaL_addstring(&b, ")");
    luaL_pushresult(&b);
    return 1;
}

/* Dress the handle table t (on top) as the mirror: see the file comment. */
static void dress(lua_State *L, int sidx, handle *h)
{
    int t = lua_gettop(L);
    const comp_desc *d = &h->owner->st->comps[h->comp];
    const vars_t *vs = state_comp(h->owner->st, h->comp);
    /* one metatable for every V of the VM: the metamethods find the
     * component through V itself */
    if (luaL_newmetatable(L, "Vars")) {                /* [t, mt]; sets __name */
        lua_pushcfunction(L, l_read_missing);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, l_write_missing);
        lua_setfield(L, -2, "__newindex");
        lua_pushcfunction(L, l_tostring);
        lua_setfield(L, -2, "__tostring");
        lua_pushliteral(L, "locked");
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, t);                            /* [t] */
    /* the State's list of mirrors, for flush and refresh */
    lua_rawgetp(L, sidx, &MIRRORS_KEY);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, sidx, &MIRRORS_KEY);
    }
    lua_createtable(L, d->nlabels[0] + 2, 0);         /* [m, entry] */
    lua_pushinteger(L, h->comp);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, t);
    lua_rawseti(L, -2, 2);
    for (int i = 0; i < d->nlabels[0]; i++) {          /* each name made once: t's key and the entry's */
        lua_pushstring(L, d->labels[0][i]);            /* [m, entry, name] */
        lua_pushvalue(L, -1);
        lua_pushinteger(L, (lua_Integer)vs->v[i]);
        lua_rawset(L, t);                              /* t[name] = its value */
        lua_rawseti(L, -2, i + 3);
    }
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    lua_settop(L, t);
}

/* Call fn(L, comp index, entry index, V index, st, ctx) for every mirror of
 * the State at sidx; stops at the first false. */
typedef bool (*mirror_fn)(lua_State *L, int comp, int entry, int v, gstate *st, void *ctx);

static bool each_mirror(lua_State *L, int sidx, gstate *st, mirror_fn fn, void *ctx)
{
    sidx = lua_absindex(L, sidx);
    if (lua_rawgetp(L, sidx, &MIRRORS_KEY) != LUA_TTABLE) { lua_pop(L, 1); return true; }
    int m = lua_gettop(L);
    bool ok = true;
    lua_Integer n = (lua_Integer)lua_rawlen(L, m);
    for (lua_Integer k = 1; ok && k <= n; k++) {
        lua_rawgeti(L, m, k);                          /* [entry] */
        lua_rawgeti(L, -1, 1);
        int comp = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
        lua_rawgeti(L, -1, 2);                         /* [entry, V] */
        if (comp > 0 && comp < st->ncomps && st->comps[comp].kind == &vars_kind)
            ok = fn(L, comp, lua_gettop(L) - 1, lua_gettop(L), st, ctx);
        lua_pop(L, 2);
    }
    lua_settop(L, m - 1);
    return ok;
}

static bool refresh_one(lua_State *L, int comp, int entry, int v, gstate *st, void *ctx)
{
    (void)ctx;
    const comp_desc *d = &st->comps[comp];
    const vars_t *vs = state_comp(st, comp);
    for (int i = 0; i < d->nlabels[0]; i++) {
        lua_rawgeti(L, entry, i + 3);
        lua_pushinteger(L, (lua_Integer)vs->v[i]);
        lua_rawset(L, v);
    }
    return true;
}

void lua_vars_refresh(lua_State *L, int sidx, gstate *st)
{
    each_mirror(L, sidx, st, refresh_one, NULL);
}

typedef struct { char *err; size_t len; } flush_ctx;

static bool flush_one(lua_State *L, int comp, int entry, int v, gstate *st, void *ctx)
{
    flush_ctx *f = ctx;
    const comp_desc *d = &st->comps[comp];
    vars_t *vs = state_comp(st, comp);
    for (int i = 0; i < d->nlabels[0]; i++) {
        lua_rawgeti(L, entry, i + 3);
        lua_rawget(L, v);
        int isint;
        lua_Integer x = lua_tointegerx(L, -1, &isint);
        if (!isint || lua_type(L, -1) != LUA_TNUMBER) {
            if (lua_isnil(L, -1))
                snprintf(f->err, f->len, "vars '%s': var '%s' was set to nil; vars hold integers",
                         d->name, d->labels[0][i]);
            else if (lua_type(L, -1) == LUA_TNUMBER)
                snprintf(f->err, f->len, "vars '%s': var '%s' holds the number %s; vars hold integers",
                         d->name, d->labels[0][i], lua_tostring(L, -1));
            else
                snprintf(f->err, f->len, "vars '%s': var '%s' holds a %s; vars hold integers",
                         d->name, d->labels[0][i], luaL_typename(L, -1));
            lua_pop(L, 1);
            return false;
        }
        vs->v[i] = (int64_t)x;
        lua_pop(L, 1);
    }
    return true;
}

bool lua_vars_flush(lua_State *L, int sidx, gstate *st, char *err, size_t errlen)
{
    flush_ctx f = { err, errlen };
    return each_mirror(L, sidx, st, flush_one, &f);
}

/* s:vars(name, {names}) -> the vars' table */
static int declare(lua_State *L)
{
    const char *name = luaL_checkstring(L, 2);
    int n;
    const char **names = bind_check_names(L, 3, &n, "var");
    /* the block is zeroed, so the mirror the handle starts with (all 0) is
     * right before vars_init writes the count */
    const handle *self = bind_declare(L, &lua_vars, name, vars_bytes(n), (const char *const *)names, n, NULL, 0);
    vars_init(bind_data(self), n);
    return 1;
}

const bind_kind lua_vars = { &vars_kind, "Vars", declare, NULL, NULL, dress };
