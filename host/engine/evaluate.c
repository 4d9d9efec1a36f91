/*
 * evaluate.c — the evaluations an MCTS bot ends its cut-off rollouts in
 * (game.h): the definition's own evaluate(s), or another one a bot names
 * (mcts:eval=WHICH), so that a designer can play two evaluations of one
 * game against each other (grove duel) without editing the rules.
 *
 * WHICH is either the name of a function in the definition's `evaluates`
 * table (evaluates = { cautious = function(s) ... end }), or a file (a
 * name ending in .lua, or any path with a '/') whose chunk returns the
 * function, or a model grove learn wrote (learned.h), or `learned`: the
 * model in the game's folder, learned.lua, which the default bot reads
 * when the game gives no evaluate. A file is loaded as a rule file is: a
 * text chunk, in a sandbox of its own whose require looks in the game's
 * folder first, so it can share the game's modules.
 *
 * Found once per definition and VM: a registry table, weak in its keys,
 * maps each definition table to { [WHICH] = the function's registry
 * reference }, so every game of that definition in the VM (a study's
 * games, a REPL's reload of unchanged rules) finds the function at once,
 * and a reload that loads the definition afresh loads the file afresh.
 */
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "learned.h"
#include "game_impl.h"

static const char KEY_EVALUATES = 0;   /* registry: def -> { [which] = ref } */

/* Is `which` a file rather than a name in def.evaluates? */
static bool names_file(const char *which)
{
    size_t n = strlen(which);
    return strchr(which, '/') || (n > 4 && !strcmp(which + n - 4, ".lua"));
}

typedef struct {
    game *g;
    const char *which;
    int ref;                        /* found: the function's reference */
    char err[GAME_ERRLEN];          /* not found: why */
} find_ctx;

/* The names of the table on top of the stack ("a, b"), sorted, into out. */
static void names_of(lua_State *L, char *out, size_t len)
{
    char names[32][48];
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        if (lua_type(L, -2) == LUA_TSTRING && n < 32) snprintf(names[n++], sizeof names[0], "%s", lua_tostring(L, -2));
        lua_pop(L, 1);
    }
    for (int i = 1; i < n; i++)                 /* insertion sort: a handful */
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char t[48];
            memcpy(t, names[j], sizeof t);
            memcpy(names[j], names[j - 1], sizeof t);
            memcpy(names[j - 1], t, sizeof t);
        }
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; i < n && at < len; i++) at += (size_t)snprintf(out + at, len - at, "%s%s", i ? ", " : "", names[i]);
}

/* Push the function `which` names, or set c->err and push nothing. */
static bool push_named(lua_State *L, find_ctx *c)
{
    game_push_def(c->g);                                /* [def] */
    int t = lua_getfield(L, -1, "evaluates");           /* [def, evaluates] */
    if (t == LUA_TNIL) {
        snprintf(c->err, sizeof c->err, "eval=%s: %s's definition has no evaluates table: give it one beside "
                 "evaluate (evaluates = { %s = function(s) ... end }), or name a file (eval=FILE.lua)",
                 c->which, c->g->name, c->which);
        lua_pop(L, 2);
        return false;
    }
    if (t != LUA_TTABLE) {
        snprintf(c->err, sizeof c->err, "eval=%s: %s's evaluates is a %s, not a table of functions by name",
                 c->which, c->g->name, lua_typename(L, t));
        lua_pop(L, 2);
        return false;
    }
    t = lua_getfield(L, -1, c->which);                  /* [def, evaluates, fn] */
    if (t != LUA_TFUNCTION) {
        if (t == LUA_TNIL) {
            char names[600];
            lua_pop(L, 1);
            names_of(L, names, sizeof names);
            snprintf(c->err, sizeof c->err, "eval=%s: %s's evaluates has no '%s' (it has: %s)", c->which, c->g->name,
                     c->which, names[0] ? names : "none");
        } else {
            snprintf(c->err, sizeof c->err, "eval=%s: %s's evaluates.%s is a %s, not a function", c->which,
                     c->g->name, c->which, lua_typename(L, t));
        }
        lua_settop(L, lua_gettop(L) - (t == LUA_TNIL ? 2 : 3));
        return false;
    }
    lua_replace(L, -3);
    lua_pop(L, 1);                                      /* [fn] */
    return true;
}

/* The learned model of g's folder (learned.lua) into path; false when the
 * game's folder is not found. */
static bool learned_path(game *g, char *path, size_t len)
{
    char dir[GAME_FOLDER_MAX];
    if (!vm_find_game(g->vm, g->name, dir, sizeof dir)) return false;
    return (size_t)snprintf(path, len, "%s/%s", dir, GAME_LEARNED_FILE) < len;
}

bool game_has_learned(game *g)
{
    char path[GAME_FOLDER_MAX + 32];
    return learned_path(g, path, sizeof path) && access(path, R_OK) == 0;
}

/* Push the function (or the learned model) the file `which` returns, or
 * set c->err and push nothing. */
static bool push_file(lua_State *L, find_ctx *c)
{
    grove_vm *vm = c->g->vm;
    char dir[GAME_FOLDER_MAX], learned[GAME_FOLDER_MAX + 32];
    bool found = vm_find_game(vm, c->g->name, dir, sizeof dir);
    const char *file = c->which;
    if (!strcmp(c->which, "learned")) {
        if (!learned_path(c->g, learned, sizeof learned) || access(learned, R_OK) != 0) {
            snprintf(c->err, sizeof c->err, "eval=learned: %s has no %s in its folder: grove learn %s makes one",
                     c->g->name, GAME_LEARNED_FILE, c->g->name);
            return false;
        }
        file = learned;
    }
    vm_push_sandbox(vm, found ? dir : NULL);            /* [env] */
    if (vm_loadfile(vm, file, -1) != LUA_OK) {          /* [env, err] */
        snprintf(c->err, sizeof c->err, "eval=%s: %s", c->which, lua_tostring(L, -1));
        lua_pop(L, 2);
        return false;
    }
    lua_remove(L, -2);                                  /* [chunk] */
    if (vm_call(vm, 0, 1, NULL) != LUA_OK) {
        snprintf(c->err, sizeof c->err, "eval=%s: %s", c->which, lua_tostring(L, -1));
        lua_pop(L, 1);
        return false;
    }
    if (lua_istable(L, -1)) {                           /* a learned model: raises if it is not one */
        learned_compile(c->g, file);
        return true;
    }
    if (!lua_isfunction(L, -1)) {
        snprintf(c->err, sizeof c->err, "eval=%s: the file returns %s, not a function: end it with "
                 "return function(s) ... end (a value per seat, as evaluate gives), or a model grove learn "
                 "wrote", c->which, luaL_typename(L, -1));
        lua_pop(L, 1);
        return false;
    }
    return true;
}

static int find_body(lua_State *L)
{
    find_ctx *c = lua_touserdata(L, 1);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &KEY_EVALUATES) != LUA_TTABLE) {   /* [ud, cache] */
        lua_pop(L, 1);
        lua_newtable(L);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &KEY_EVALUATES);
    }
    game_push_def(c->g);                                /* [ud, cache, def] */
    if (lua_rawget(L, -2) != LUA_TTABLE) {              /* [ud, cache, found] */
        lua_pop(L, 1);
        lua_newtable(L);
        game_push_def(c->g);
        lua_pushvalue(L, -2);
        lua_rawset(L, -4);                              /* cache[def] = found */
    }
    if (lua_getfield(L, -1, c->which) == LUA_TNUMBER) { /* [ud, cache, found, ref] */
        c->ref = (int)lua_tointeger(L, -1);
        return 0;
    }
    lua_pop(L, 1);
    bool file = names_file(c->which) || !strcmp(c->which, "learned");
    if (!(file ? push_file(L, c) : push_named(L, c))) return 0;
    c->ref = luaL_ref(L, LUA_REGISTRYINDEX);            /* held as long as the VM */
    lua_pushinteger(L, c->ref);
    lua_setfield(L, -2, c->which);
    return 0;
}

bool game_evaluate_find(game *g, const char *which, int *ref)
{
    find_ctx c = { .g = g, .which = which, .ref = 0, .err = "" };
    char err[GAME_ERRLEN];
    if (!vm_protect(g->vm, find_body, &c, 0, err, sizeof err)) {
        snprintf(g->err, sizeof g->err, "eval=%s: %s", which, err);
        return false;
    }
    if (!c.ref) {
        snprintf(g->err, sizeof g->err, "%s", c.err);
        return false;
    }
    *ref = c.ref;
    return true;
}

typedef struct {
    game *g;
    char *out;
    size_t len;
} names_ctx;

static int names_body(lua_State *L)
{
    names_ctx *c = lua_touserdata(L, 1);
    game_push_def(c->g);                                /* [ud, def] */
    if (lua_getfield(L, -1, "evaluates") == LUA_TTABLE) names_of(L, c->out, c->len);
    return 0;
}

void game_evaluate_names(game *g, char *out, size_t len)
{
    names_ctx c = { g, out, len };
    char err[GAME_ERRLEN];
    out[0] = '\0';
    if (!vm_protect(g->vm, names_body, &c, 0, err, sizeof err)) out[0] = '\0';
}

/* Raise "file:line: evaluate(s) ..." at the line that defines the function. */
static int evaluate_fail(game *g, int ref, const char *fmt, const char *what)
{
    lua_State *L = g->vm->L;
    lua_Debug ar;
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_getinfo(L, ">S", &ar);
    return luaL_error(L, "%s:%d: evaluate(s) %s", ar.short_src, ar.linedefined, lua_pushfstring(L, fmt, what));
}

void game_raw_evaluate_with(game *g, int ref, double *values)
{
    lua_State *L = g->vm->L;
    if (!ref) ref = g->fn_evaluate;
    g->raw_hook = "evaluate";
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    if (learned_is_model(g, -1)) {                      /* grove learn's: read in C */
        learned_values(g, -1, values);
        lua_pop(L, 1);
        return;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->state_ref);
    lua_call(L, 1, 1);                                  /* [values] */
    if (!lua_istable(L, -1))
        evaluate_fail(g, ref, "returned %s, not a table of numbers, one per seat", luaL_typename(L, -1));
    for (int seat = 1; seat <= g->players; seat++) {
        lua_rawgeti(L, -1, seat);
        int isnum;
        double v = lua_tonumberx(L, -1, &isnum);
        if (!isnum || !isfinite(v)) {
            const char *what = lua_pushfstring(L, "%d %s%s", seat, isnum || lua_isnil(L, -1) ? "" : "a ",
                                               isnum ? (v != v ? "nan" : "an infinite value")
                                               : lua_isnil(L, -1) ? "nothing" : luaL_typename(L, -1));
            evaluate_fail(g, ref, "gave seat %s, not a finite number", what);
        }
        values[seat] = v;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

void game_raw_evaluate(game *g, double *values)
{
    game_raw_evaluate_with(g, g->fn_evaluate, values);
}
