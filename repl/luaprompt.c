/*
 * luaprompt.c — Lua at the REPL's prompt, as lua.c does it: a line is tried
 * as `return <line>` so expressions print, then as a statement; a chunk
 * that ends early asks for more. It runs in a trusted environment where
 * `game` is the Game and `s` its State; a line that fails, or leaves a var
 * holding a non-integer, changes nothing.
 */
#include <ctype.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lua_game.h"
#include "repl.h"

void luaprompt_open(repl *r)
{
    r->game_ref = LUA_NOREF;
    vm_push_trusted(r->vm);
    r->env_ref = luaL_ref(r->vm->L, LUA_REGISTRYINDEX);
    luaprompt_bind(r);
}

/* Cut the Game object bound so far from its game. */
static void unbind(repl *r)
{
    lua_State *L = r->vm->L;
    if (r->game_ref == LUA_NOREF) return;
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->game_ref);
    lua_game_detach(L, -1);
    lua_pop(L, 1);
    luaL_unref(L, LUA_REGISTRYINDEX, r->game_ref);
    r->game_ref = LUA_NOREF;
}

void luaprompt_bind(repl *r)
{
    lua_State *L = r->vm->L;
    unbind(r);
    lua_game_push(L, r->g, false);
    lua_pushvalue(L, -1);
    r->game_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->env_ref);
    lua_insert(L, -2);
    lua_setfield(L, -2, "game");
    game_push_state(r->g);
    lua_setfield(L, -2, "s");
    lua_pop(L, 1);
}

void luaprompt_close(repl *r)
{
    lua_State *L = r->vm->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->game_ref);
    lua_game_detach(L, -1);
    lua_pop(L, 1);
}

/* (chunk) -> how many values it returned, and them as text (tab between
 * them): the conversion (__tostring, __name) is a script's code too, and
 * runs here, inside the call, under the budget and Ctrl-C. */
static int run_line(lua_State *L)
{
    lua_call(L, 0, LUA_MULTRET);
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&b, '\t');
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    lua_pushinteger(L, n);
    return 2;
}

/* Only letters, digits, spaces and '-': a mistyped command or move. */
static bool plain_words(const char *s)
{
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != ' ' && *s != '-' && *s != '_') return false;
    return true;
}

int luaprompt_eval(repl *r, const char *code, char *syntax_err, size_t errlen)
{
    lua_State *L = r->vm->L;
    int top = lua_gettop(L);
    size_t len = strlen(code);
    char *ret = malloc(len + 8);
    if (!ret) { fprintf(stderr, "out of memory\n"); return 1; }
    snprintf(ret, len + 8, "return %s", code);
    int status = luaL_loadbufferx(L, ret, strlen(ret), "=prompt", "t");
    free(ret);
    if (status != LUA_OK) {
        lua_pop(L, 1);
        status = luaL_loadbufferx(L, code, len, "=prompt", "t");
        if (status == LUA_ERRSYNTAX) {
            size_t mlen;
            const char *msg = lua_tolstring(L, -1, &mlen);
            bool incomplete = mlen >= 5 && strcmp(msg + mlen - 5, "<eof>") == 0;
            snprintf(syntax_err, errlen, "%s", msg);
            lua_settop(L, top);
            return incomplete ? 0 : -1;
        }
        if (status != LUA_OK) {
            printf("error: %s\n", lua_tostring(L, -1));
            lua_settop(L, top);
            return 1;
        }
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->env_ref);
    lua_setupvalue(L, -2, 1);
    /* Lua that fails, or leaves a var holding a non-integer, changes nothing */
    size_t size = game_state_size(r->g);
    uint8_t *before = malloc(size), *after = malloc(size);
    if (!before || !after || !game_snapshot(r->g, before)) {
        printf("error: %s\n", before && after ? game_error(r->g) : "out of memory");
        free(before);
        free(after);
        lua_settop(L, top);
        return 1;
    }
    int ncur = game_position(r->g);
    lua_pushcfunction(L, run_line);
    lua_insert(L, -2);                              /* [run_line, chunk] */
    status = vm_call(r->vm, 1, 2, NULL);            /* [text, n] */
    if (status != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        if (plain_words(code) && strstr(msg, "undeclared global")) {
            lua_settop(L, top);
            free(before);
            free(after);
            snprintf(syntax_err, errlen, "%s", msg);
            return -1;      /* words that are no Lua the user meant */
        }
        printf("error: %s\n", msg);
        if (game_position(r->g) == ncur) game_restore(r->g, before);
    } else if (!game_sync(r->g)) {
        printf("error: %s (the game is unchanged)\n", game_error(r->g));
        if (game_position(r->g) == ncur) game_restore(r->g, before);
    } else if (lua_tointeger(L, -1) > 0) {
        printf("%s\n", lua_tostring(L, -2));
    }
    lua_settop(L, top);
    /* the Lua changed the game: show it again (the block is in line here:
     * synced, or restored) */
    bool changed = game_position(r->g) != ncur || !game_snapshot(r->g, after)
                   || memcmp(before, after, size) != 0;
    free(before);
    free(after);
    if (changed) repl_changed(r);
    return 1;
}
