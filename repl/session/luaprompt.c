/*
 * luaprompt.c — Lua at the REPL's prompt, as lua.c does it: a line is tried
 * as `return <line>` so expressions print, then as a statement; a chunk
 * that ends early asks for more. It runs in a trusted environment where
 * `game` is the Game, `s` its State and `expect` grove.testing's checks; a
 * line that fails, or leaves a var holding a non-integer, changes nothing.
 * A line that changes the state (and plays no move) becomes an edit in the
 * history (game_record_edit): undo takes it back, save keeps it. An expect
 * line that passes is kept for `record`.
 */
#include <ctype.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lua_game.h"
#include "session.h"

void luaprompt_open(repl *r)
{
    lua_State *L = r->vm->L;
    r->game_ref = LUA_NOREF;
    vm_push_trusted(r->vm);
    lua_getfield(L, -1, "require");                    /* [env, require] */
    lua_pushliteral(L, "grove.testing");
    if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_istable(L, -1)) {
        lua_getfield(L, -1, "expect");                 /* [env, testing, expect] */
        lua_setfield(L, -3, "expect");
    }
    lua_pop(L, 1);
    r->env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    luaprompt_bind(r);
}

/* Is the chunk a check (it starts with the word `expect`)? */
static bool is_check(const char *code)
{
    while (isspace((unsigned char)*code)) code++;
    return !strncmp(code, "expect", 6) && !isalnum((unsigned char)code[6]) && code[6] != '_';
}

/* Keep a check that passed, for `record`, with where it was typed. */
static void keep_check(repl *r, const char *code)
{
    uint64_t hash;
    if (!game_hash(r->g, &hash)) return;
    if (r->nchecks == r->capchecks) {
        int cap = r->capchecks ? r->capchecks * 2 : 16;
        repl_check *nc = realloc(r->checks, (size_t)cap * sizeof *nc);
        if (!nc) return;
        r->checks = nc;
        r->capchecks = cap;
    }
    char *copy = strdup(code);
    if (!copy) return;
    size_t n = strlen(copy);
    while (n && isspace((unsigned char)copy[n - 1])) copy[--n] = '\0';
    r->checks[r->nchecks++] = (repl_check){ game_position(r->g), hash, copy };
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
            repl_error(r, "error: %s", lua_tostring(L, -1));
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
        repl_error(r, "error: %s", before && after ? game_error(r->g) : "out of memory");
        free(before);
        free(after);
        lua_settop(L, top);
        return 1;
    }
    int ncur = game_position(r->g);
    lua_pushcfunction(L, run_line);
    lua_insert(L, -2);                              /* [run_line, chunk] */
    status = vm_call(r->vm, 1, 2, NULL);            /* [text, n] */
    bool ok = false;
    if (status != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        if (plain_words(code) && strstr(msg, "undeclared global")) {
            lua_settop(L, top);
            free(before);
            free(after);
            snprintf(syntax_err, errlen, "%s", msg);
            return -1;      /* words that are no Lua the user meant */
        }
        repl_error(r, "error: %s", msg);
        if (game_position(r->g) == ncur) game_restore(r->g, before);
    } else if (!game_sync(r->g)) {
        repl_error(r, "error: %s (the game is unchanged)", game_error(r->g));
        if (game_position(r->g) == ncur) game_restore(r->g, before);
    } else {
        ok = true;
        if (lua_tointeger(L, -1) > 0) printf("%s\n", lua_tostring(L, -2));
    }
    lua_settop(L, top);
    /* the Lua changed the game: show it again (the block is in line here:
     * synced, or restored) */
    bool moved = game_position(r->g) != ncur;
    bool changed = moved || !game_snapshot(r->g, after) || memcmp(before, after, size) != 0;
    if (ok && changed && !moved) {
        /* a change by hand: an edit in the history, if it replays */
        if (game_record_edit(r->g, code, before))
            printf("(an edit, move %d of the history: undo takes it back, save keeps it)\n", game_position(r->g));
        else
            printf("note: this change is not kept in the history: %s; undo cannot take it back and a save of "
                   "this game will not load (write it with s alone, e.g. s.board:set(\"b4\", \"tree\", 3))\n",
                   game_error(r->g));
        /* a position the rules never make: said, not refused (a designer may
           want it), so that wrong moves offered from it are no surprise */
        bool has;
        if (!game_invariants(r->g, &has))
            printf("note: the game's invariants do not hold now (%s): the rules may offer wrong moves from "
                   "here; undo takes the change back\n", game_error(r->g));
    }
    if (ok && !changed && is_check(code)) {
        keep_check(r, code);
        printf("ok\n");
    }
    free(before);
    free(after);
    if (changed) repl_changed(r);
    return 1;
}
