/*
 * lua_state.c — the State object: a plain Lua table holding the component
 * handles (s.board) and players, whose metatable gives the State methods and
 * refuses new fields. `s.board` is thus a plain table lookup, no metamethod.
 */
#include "lua_state.h"

#include <string.h>

static const char METHODS_KEY = 0;   /* registry: the State methods table */

static int l_state_tostring(lua_State *L)
{
    lua_rawgetp(L, 1, &BIND_STATE_KEY);
    lstate *s = bind_test(L, -1, T_STATE);
    if (!s || !s->st) lua_pushliteral(L, "State(closed)");
    else lua_pushfstring(L, "State(%d players, %d components)", s->st->nplayers, s->st->ncomps - 1);
    return 1;
}

static int l_state_newindex(lua_State *L)
{
    return luaL_error(L, "cannot assign '%s' on the state: declare a component in setup "
                         "(s:vars, s:grid ...) and store values there", luaL_tolstring(L, 2, NULL));
}

/* s:hash() -> the state's 64-bit hash as an integer */
static int l_state_hash(lua_State *L)
{
    lstate *s = bind_check_state(L, 1);
    char why[256];
    if (!lua_vars_flush(L, 1, s->st, why, sizeof why)) return luaL_error(L, "%s", why);
    lua_pushinteger(L, (lua_Integer)state_hash(s->st));
    return 1;
}

/* s:seed() -> the seed the game started from */
static int l_state_seed(lua_State *L)
{
    lstate *s = bind_check_state(L, 1);
    lua_pushinteger(L, (lua_Integer)s->st->seed);
    return 1;
}

/* s:random(n) / s:random(lo, hi): chance from the state's own generator. */
static int l_state_random(lua_State *L)
{
    lstate *s = bind_check_state(L, 1);
    lua_Integer lo = 1, hi;
    if (lua_gettop(L) >= 3) { lo = luaL_checkinteger(L, 2); hi = luaL_checkinteger(L, 3); }
    else hi = luaL_checkinteger(L, 2);
    luaL_argcheck(L, lo <= hi, 2, "interval is empty");
    luaL_argcheck(L, (lua_Unsigned)hi - (lua_Unsigned)lo < 0xffffffffULL, 2, "interval too large");
    lua_pushinteger(L, (lua_Integer)rng_range(state_rng(s->st), lo, hi));
    return 1;
}

/* s:backs{[card] = back, ...}: in setup, what each card shows face down
 * (its level, its deck's colour): integers; cards not listed show 0. */
static int l_state_backs(lua_State *L)
{
    lstate *s = bind_check_state(L, 1);
    if (!s->in_setup) return luaL_error(L, "s:backs is called in setup only");
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer max = -1;
    lua_pushnil(L);
    while (lua_next(L, 2)) {
        if (!lua_isinteger(L, -2) || lua_tointeger(L, -2) < 0 || lua_tointeger(L, -2) > 65535)
            return luaL_error(L, "s:backs: keys must be cards (integers 0..65535), got %s",
                              luaL_tolstring(L, -2, NULL));
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < INT32_MIN || lua_tointeger(L, -1) > INT32_MAX)
            return luaL_error(L, "s:backs: card %I: the back must be an integer, got %s",
                              lua_tointeger(L, -2), luaL_typename(L, -1));
        if (lua_tointeger(L, -2) > max) max = lua_tointeger(L, -2);
        lua_pop(L, 1);
    }
    int n = (int)(max + 1);
    int32_t *backs = lua_newuserdatauv(L, (size_t)(n > 0 ? n : 1) * sizeof *backs, 0);
    for (int i = 0; i < n; i++) backs[i] = 0;
    lua_pushnil(L);
    while (lua_next(L, 2)) {
        backs[lua_tointeger(L, -2)] = (int32_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    if (state_set_backs(s->st, backs, n) != GROVE_OK) return luaL_error(L, "not enough memory for s:backs");
    return 0;
}

/* s:back(card) -> what the card shows face down (0 when none was declared) */
static int l_state_back(lua_State *L)
{
    lstate *s = bind_check_state(L, 1);
    lua_Integer card = luaL_checkinteger(L, 2);
    luaL_argcheck(L, card >= 0 && card <= 65535, 2, "a card is 0..65535");
    lua_pushinteger(L, state_back(s->st, (int32_t)card));
    return 1;
}

/* Set t[key] (t on top) to the list of labels k of component c. */
static void set_labels(lua_State *L, const comp_desc *c, int k, const char *key)
{
    lua_createtable(L, c->nlabels[k], 0);
    for (int i = 0; i < c->nlabels[k]; i++) {
        lua_pushstring(L, c->labels[k][i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, key);
}

/* s:components() -> a list of {name=, kind=, ...} in declaration order: a
 * board's field names and a vars' names (fields, and side_fields of a hex,
 * edge_fields of a graph), whether a pool is per seat */
static int l_state_components(lua_State *L)
{
    lstate *s = bind_check_state(L, 1);
    lua_createtable(L, s->st->ncomps - 1, 0);
    for (int i = 1; i < s->st->ncomps; i++) {
        const comp_desc *c = &s->st->comps[i];
        const char *kind = state_kind_name(c->kind);
        lua_createtable(L, 0, 4);
        lua_pushstring(L, c->name);
        lua_setfield(L, -2, "name");
        lua_pushstring(L, kind);
        lua_setfield(L, -2, "kind");
        if (!strcmp(kind, "grid") || !strcmp(kind, "hex") || !strcmp(kind, "graph") || !strcmp(kind, "vars"))
            set_labels(L, c, 0, "fields");
        if (!strcmp(kind, "hex")) set_labels(L, c, 1, "side_fields");
        if (!strcmp(kind, "graph")) set_labels(L, c, 1, "edge_fields");
        if (!strcmp(kind, "pool")) {
            lua_pushboolean(L, (c->flags & BIND_POOL_PER_SEAT) != 0);
            lua_setfield(L, -2, "per_seat");
        }
        lua_rawseti(L, -2, i);
    }
    return 1;
}

static const luaL_Reg state_methods[] = {
    { "hash", l_state_hash },
    { "backs", l_state_backs },
    { "seed", l_state_seed },
    { "random", l_state_random },
    { "components", l_state_components },
    { "back", l_state_back },
    { NULL, NULL },
};

void lua_state_register(lua_State *L)
{
    luaL_newlib(L, state_methods);
    for (const bind_kind *const *k = bind_kinds; *k; k++) {   /* s:grid(...) and the others */
        lua_pushcfunction(L, (*k)->declare);
        lua_setfield(L, -2, (*k)->core->name);
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &METHODS_KEY);
}

lstate *lua_state_push(lua_State *L, gstate *st)
{
    lua_createtable(L, 0, 8);                      /* [s] */
    lstate *ls = lua_newuserdatauv(L, sizeof *ls, 0);
    ls->magic = BIND_MAGIC;
    ls->type = T_STATE;
    ls->st = st;
    ls->in_setup = 0;
    lua_rawsetp(L, -2, &BIND_STATE_KEY);
    lua_pushinteger(L, st->nplayers);
    lua_setfield(L, -2, "players");
    lua_createtable(L, 0, 6);                      /* [s, mt] */
    lua_pushliteral(L, "State");
    lua_setfield(L, -2, "__name");
    lua_pushcfunction(L, l_state_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushcfunction(L, l_state_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_rawgetp(L, LUA_REGISTRYINDEX, &METHODS_KEY);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);                       /* [s] */
    return ls;
}
