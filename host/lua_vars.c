/*
 * lua_vars.c — the Lua binding of the script's bookkeeping integers (vars.h):
 *   s:vars("play", {"phase", "round"})   -- in setup, all start at 0
 *   s.play.phase = 2; if s.play.round == 1 then ... end
 * Reading or writing a name that was not declared raises.
 */
#include <string.h>

#include "bind.h"
#include "vars.h"

static int var_index(lua_State *L, const comp_desc *d)
{
    const char *name = lua_tostring(L, 2);
    handle *h = lua_touserdata(L, 1);                  /* checked by the caller */
    for (int i = 0; i < h->nfast[0]; i++)
        if (h->fast[0][i] == name) return i;
    if (name)
        for (int i = 0; i < d->nlabels[0]; i++)
            if (strcmp(d->labels[0][i], name) == 0) return i;
    return luaL_error(L, "no var '%s' in '%s' (declare it in setup: s:vars(name, {...}))",
                      luaL_tolstring(L, 2, NULL), d->name);
}

int lua_vars_declare(lua_State *L)
{
    const char *name = luaL_checkstring(L, 2);
    int n;
    const char **names = bind_check_names(L, 3, &n, "var");
    int idx = bind_declare(L, COMP_VARS, name, vars_bytes(n), (const char *const *)names, n, NULL, 0);
    lstate *s = bind_check_state(L, 1);
    vars_init(state_comp(s->st, idx), n);
    return 1;
}

static int l_index(lua_State *L)
{
    const comp_desc *d;
    vars_t *vs = bind_check_comp(L, 1, COMP_VARS, &d);
    lua_pushinteger(L, (lua_Integer)vs->v[var_index(L, d)]);
    return 1;
}

static int l_newindex(lua_State *L)
{
    const comp_desc *d;
    vars_t *vs = bind_check_comp(L, 1, COMP_VARS, &d);
    int i = var_index(L, d);
    if (!lua_isinteger(L, 3)) {
        if (lua_type(L, 3) == LUA_TBOOLEAN) {
            vs->v[i] = lua_toboolean(L, 3);
            return 0;
        }
        return luaL_error(L, "var '%s' holds integers, not %s", d->labels[0][i], luaL_typename(L, 3));
    }
    vs->v[i] = (int64_t)lua_tointeger(L, 3);
    return 0;
}

static int l_tostring(lua_State *L)
{
    handle *h = bind_test(L, 1, COMP_VARS);
    if (!h->owner->st) { lua_pushliteral(L, "Vars(closed)"); return 1; }
    const comp_desc *d;
    vars_t *vs = bind_check_comp(L, 1, COMP_VARS, &d);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, "Vars(");
    for (int i = 0; i < vs->n; i++) {
        if (i) luaL_addstring(&b, ", ");
        lua_pushfstring(L, "%s=%I", d->labels[0][i], (lua_Integer)vs->v[i]);
        luaL_addvalue(&b);
    }
    luaL_addstring(&b, ")");
    luaL_pushresult(&b);
    return 1;
}

void lua_vars_register(lua_State *L)
{
    luaL_newmetatable(L, bind_type_name[COMP_VARS]);
    lua_pushcfunction(L, l_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, l_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushcfunction(L, l_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
}
