/*
 * api.c — the `grove` table, the Out buffer and Cond types, and the
 * registration of every type the Lua side shows (api.h).
 */
#include "api.h"

#include <lauxlib.h>

#include "bind.h"
#include "lua_json.h"
#include "lua_state.h"

/* grove.move(kind, [a], [b], [c]) -> the move as an integer */
static int l_move(lua_State *L)
{
    lua_Integer k = luaL_checkinteger(L, 1);
    lua_Integer a = luaL_optinteger(L, 2, 0), b = luaL_optinteger(L, 3, 0), c = luaL_optinteger(L, 4, 0);
    luaL_argcheck(L, k >= 1 && k <= 255, 1, "move kind must be 1..255");
    luaL_argcheck(L, a >= 0 && a <= MOVE_ARG_MAX, 2, "move argument must be 0..65535");
    luaL_argcheck(L, b >= 0 && b <= MOVE_ARG_MAX, 3, "move argument must be 0..65535");
    luaL_argcheck(L, c >= 0 && c <= MOVE_ARG_MAX, 4, "move argument must be 0..65535");
    lua_pushinteger(L, move_make((int)k, (int)a, (int)b, (int)c));
    return 1;
}

/* grove.move_parts(m) -> kind, a, b, c */
static int l_move_parts(lua_State *L)
{
    int64_t m = luaL_checkinteger(L, 1);
    lua_pushinteger(L, move_kind(m));
    lua_pushinteger(L, move_a(m));
    lua_pushinteger(L, move_b(m));
    lua_pushinteger(L, move_c(m));
    return 4;
}

/* ---- Out: the buffer `moves` writes into -------------------------------- */

static movebuf *check_out(lua_State *L)
{
    lout *o = bind_test(L, 1, T_OUT);
    if (!o) luaL_typeerror(L, 1, "Out");
    if (!o->buf) luaL_error(L, "this move list is closed: moves are added only inside moves()");
    return o->buf;
}

static void push_move(lua_State *L, movebuf *b, int64_t m)
{
    grove_status rc = movebuf_push(b, m);
    if (rc == GROVE_EFULL)
        luaL_error(L, "more than %d legal moves: a move list holds at most that many (an endless loop "
                   "around out:add?)", MOVEBUF_MAX);
    if (rc != GROVE_OK) luaL_error(L, "not enough memory for the move list");
}

static int check_arg(lua_State *L, int idx)
{
    lua_Integer v = luaL_optinteger(L, idx, 0);
    if (v < 0 || v > MOVE_ARG_MAX) luaL_error(L, "move argument #%d is %I: must be 0..65535", idx - 2, v);
    return (int)v;
}

/* out:add(kind, [a], [b], [c]) */
static int l_out_add(lua_State *L)
{
    movebuf *b = check_out(L);
    lua_Integer k = luaL_checkinteger(L, 2);
    if (k < 1 || k > 255) return luaL_error(L, "move kind %I: must be 1..255", k);
    push_move(L, b, move_make((int)k, check_arg(L, 3), check_arg(L, 4), check_arg(L, 5)));
    return 0;
}

/* out:add_all(kind, a1, a2, ...): one move (kind, ai) per argument, so
 * out:add_all(MOVE, board:reach(c, 2, EMPTY)) needs no table. */
static int l_out_add_all(lua_State *L)
{
    movebuf *b = check_out(L);
    lua_Integer k = luaL_checkinteger(L, 2);
    if (k < 1 || k > 255) return luaL_error(L, "move kind %I: must be 1..255", k);
    int top = lua_gettop(L);
    for (int i = 3; i <= top; i++) push_move(L, b, move_make((int)k, check_arg(L, i), 0, 0));
    return 0;
}

static int l_out_len(lua_State *L)
{
    lua_pushinteger(L, check_out(L)->n);
    return 1;
}

static int l_out_tostring(lua_State *L)
{
    lout *o = lua_touserdata(L, 1);
    if (o->buf) lua_pushfstring(L, "Out(%d moves)", o->buf->n);
    else lua_pushliteral(L, "Out(closed)");
    return 1;
}

static int l_cond_tostring(lua_State *L)
{
    lcond *c = lua_touserdata(L, 1);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, "Cond{");
    for (int i = 0; i < c->n; i++) {
        if (i) luaL_addstring(&b, ", ");
        if (c->clause[i].lo == c->clause[i].hi)
            lua_pushfstring(L, "%s=%d", c->clause[i].name, (int)c->clause[i].lo);
        else
            lua_pushfstring(L, "%s={%d,%d}", c->clause[i].name, (int)c->clause[i].lo, (int)c->clause[i].hi);
        luaL_addvalue(&b);
    }
    luaL_addstring(&b, "}");
    luaL_pushresult(&b);
    return 1;
}

void api_open(lua_State *L)
{
    lua_state_register(L);          /* the State, with s:NAME for every component kind */
    bind_open(L, bind_kinds);       /* the handles' metatables */
    lua_json_open(L);               /* json.decode, json.encode: trusted environments only */

    static const luaL_Reg out_methods[] = {
        { "add", l_out_add }, { "add_all", l_out_add_all }, { "count", l_out_len }, { NULL, NULL },
    };
    luaL_newmetatable(L, "Out");
    luaL_newlib(L, out_methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, l_out_len);
    lua_setfield(L, -2, "__len");
    lua_pushcfunction(L, l_out_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);

    luaL_newmetatable(L, "Cond");
    lua_pushcfunction(L, l_cond_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
}

static bool display_color, display_unicode;

void api_set_display(bool color, bool unicode)
{
    display_color = color;
    display_unicode = unicode;
}

void api_display(bool *color, bool *unicode)
{
    *color = display_color;
    *unicode = display_unicode;
}

/* grove.display() -> {color = bool, unicode = bool}: how renders may draw.
 * A fresh table each call; rules must not depend on it. */
static int l_display(lua_State *L)
{
    lua_createtable(L, 0, 2);
    lua_pushboolean(L, display_color);
    lua_setfield(L, -2, "color");
    lua_pushboolean(L, display_unicode);
    lua_setfield(L, -2, "unicode");
    return 1;
}

void api_push_grove(lua_State *L)
{
    static const luaL_Reg fns[] = {
        { "cond", bind_new_cond },
        { "move", l_move },
        { "move_parts", l_move_parts },
        { "display", l_display },
        { NULL, NULL },
    };
    luaL_newlib(L, fns);
    lua_pushliteral(L, GROVE_VERSION);
    lua_setfield(L, -2, "version");
}
