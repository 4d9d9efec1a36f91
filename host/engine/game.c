/*
 * game.c — the move executor: opening a game (setup), the checked path
 * (each hook a transaction), history, and the fast path (playouts, the
 * bots' loops). game.h says what each path guarantees.
 */
#include "game_impl.h"

#include <ctype.h>
#include <inttypes.h>
#include <lauxlib.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hidden.h"
#include "lua_state.h"

/* ---- calling hooks ------------------------------------------------------- */

void game_push_state(game *g) { lua_rawgeti(g->vm->L, LUA_REGISTRYINDEX, g->state_ref); }
void game_push_def(game *g) { lua_rawgeti(g->vm->L, LUA_REGISTRYINDEX, g->def_ref); }

/* Copy the script's vars into the block (see lua_vars.c). */
static bool sync_vars(game *g, char *err, size_t errlen)
{
    lua_State *L = g->vm->L;
    game_push_state(g);
    bool ok = lua_vars_flush(L, -1, g->st, err, errlen);
    lua_pop(L, 1);
    return ok;
}

bool game_sync(game *g)
{
    char why[256];
    if (sync_vars(g, why, sizeof why)) return true;
    snprintf(g->err, sizeof g->err, "%s", why);
    return false;
}

bool game_snapshot(game *g, void *buf)
{
    if (!game_sync(g)) return false;
    state_snapshot(g->st, buf);
    return true;
}

bool game_hash(game *g, uint64_t *hash)
{
    if (!game_sync(g)) return false;
    *hash = state_hash(g->st);
    return true;
}

/* Below: the function and State are pushed by the caller via begin_hook. */
static void begin_hook(game *g, int fnref)
{
    lua_rawgeti(g->vm->L, LUA_REGISTRYINDEX, fnref);
    game_push_state(g);
}

/* Run the hook begin_hook pushed, with nextra more arguments pushed after
 * it, as the checked path's transaction (lua_state_call: snapshot into
 * g->scratch, restore on error, the error into g->err); `said`, if not
 * NULL, hears what it says. True with nres results pushed. */
static bool call_hook(game *g, const char *what, int nextra, int nres, textbuf *said)
{
    return lua_state_call(g->vm, g->ls, 1 + nextra, nres, what, g->scratch, said, g->err, sizeof g->err);
}

/* ---- open and close -------------------------------------------------------- */

static int ref_field(lua_State *L, int idx, const char *field)
{
    lua_getfield(L, idx, field);
    if (lua_isnil(L, -1)) { lua_pop(L, 1); return LUA_NOREF; }
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

/* Is `name` one of the comma-separated names in list? */
static bool list_has_name(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p; ) {
        while (*p == ' ' || *p == ',') p++;
        const char *e = p;
        while (*e && *e != ',') e++;
        const char *end = e;
        while (end > p && end[-1] == ' ') end--;
        if ((size_t)(end - p) == n && strncmp(p, name, n) == 0) return true;
        p = e;
    }
    return false;
}

/* Does def (at idx) name a variant for this player count that `variants`
 * lacks? Then write the list with it in front into out. */
static bool player_variant(lua_State *L, int def, int players, const char *variants,
                           char *out, size_t len)
{
    bool add = false;
    int top = lua_gettop(L);
    if (lua_getfield(L, def, "player_variants") == LUA_TTABLE
        && lua_rawgeti(L, -1, players) == LUA_TSTRING) {
        const char *pv = lua_tostring(L, -1);
        add = !variants || !list_has_name(variants, pv);
        if (add) {
            if (variants && *variants) snprintf(out, len, "%s,%s", pv, variants);
            else snprintf(out, len, "%s", pv);
        }
    }
    lua_settop(L, top);
    return add;
}

static game *open_game(grove_vm *vm, const char *name, const char *variants, int players,
                       uint64_t seed, int opts_idx, char *err, size_t errlen, game **partial)
{
    lua_State *L = vm->L;
    if (opts_idx) opts_idx = lua_absindex(L, opts_idx);
    int top = lua_gettop(L);
    if (!defs_load(vm, name, variants, false, err, errlen)) return NULL;
    int def = lua_gettop(L);
    if (!defs_check_players(L, name, variants, players, err, errlen)) { lua_settop(L, top); return NULL; }
    /* def.player_variants = {[1] = "solo"}: a variant that comes with a
     * player count, applied first */
    char full[GAME_MAX_VARIANTS];
    if (player_variant(L, def, players, variants, full, sizeof full)) {
        lua_settop(L, top);
        if (!defs_load(vm, name, full, false, err, errlen)) return NULL;
        def = lua_gettop(L);
        variants = full;
        if (!defs_check_players(L, name, variants, players, err, errlen)) { lua_settop(L, top); return NULL; }
    }

    game *g = calloc(1, sizeof *g);
    if (!g) { snprintf(err, errlen, "out of memory"); lua_settop(L, top); return NULL; }
    *partial = g;                                        /* closed by the caller if Lua fails below */
    g->vm = vm;
    snprintf(g->name, sizeof g->name, "%s", name);
    snprintf(g->variants, sizeof g->variants, "%s", variants ? variants : "");
    g->players = players;
    g->seed = seed;
    g->rules_print = defs_print(L, name, variants);
    defs_version(L, def, g->rules_version, sizeof g->rules_version);
    g->def_ref = g->state_ref = g->out_ref = g->opts_ref = g->given_ref = LUA_NOREF;
    g->fn_moves = g->fn_apply = g->fn_actor = g->fn_result = LUA_NOREF;
    g->fn_describe = g->fn_parse = g->fn_render = g->fn_score = g->fn_played = g->fn_why = LUA_NOREF;
    g->fn_evaluate = LUA_NOREF;
    movebuf_init(&g->buf);
    g->st = state_new(players, seed);
    if (!g->st) { snprintf(err, errlen, "out of memory"); goto fail; }

    lua_pushvalue(L, def);
    g->def_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    g->fn_moves = ref_field(L, def, "moves");
    g->fn_apply = ref_field(L, def, "apply");
    g->fn_actor = ref_field(L, def, "actor");
    g->fn_result = ref_field(L, def, "result");
    g->fn_describe = ref_field(L, def, "describe");
    g->fn_parse = ref_field(L, def, "parse");
    g->fn_render = ref_field(L, def, "render");
    g->fn_score = ref_field(L, def, "score");
    g->fn_played = ref_field(L, def, "played");
    g->fn_evaluate = ref_field(L, def, "evaluate");
    g->fn_why = ref_field(L, def, "why");

    /* g->ls and g->out are set once anchored: game_close writes to them, and
     * one left unanchored by an allocation that failed may be collected */
    lstate *ls = lua_state_push(L, g->st);
    g->state_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    g->ls = ls;
    lout *out = lua_newuserdatauv(L, sizeof *out, 0);
    out->magic = BIND_MAGIC;
    out->type = T_OUT;
    out->buf = NULL;
    luaL_setmetatable(L, "Out");
    g->out_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    g->out = out;

    if (!options_build(g, def, opts_idx, err, errlen)) goto fail;
    g->given_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushvalue(L, -1);
    g->opts_ref = luaL_ref(L, LUA_REGISTRYINDEX);        /* [def, opts] */
    options_push_view(L, -1);                            /* [def, opts, view] */
    game_push_state(g);
    lua_pushliteral(L, "options");
    lua_pushvalue(L, -3);
    lua_rawset(L, -3);                                   /* s.options = view */
    lua_pop(L, 1);

    /* setup: the block may grow, so no snapshot; a failure discards the game */
    lua_getfield(L, def, "setup");
    game_push_state(g);
    lua_pushvalue(L, -3);                                /* [def, opts, view, setup, s, view] */
    g->ls->in_setup = 1;
    lua_state_narrate(L, -2, g->ls, &g->said);           /* what setup says is told at the start */
    struct gstate *prev = vm->current;
    vm->current = g->st;
    int status = vm_call(vm, 2, 0, "setup");
    vm->current = prev;
    g->ls->in_setup = 0;
    game_push_state(g);
    lua_state_narrate(L, -1, g->ls, NULL);
    lua_pop(L, 1);
    if (status != LUA_OK) {
        snprintf(err, errlen, "%s", lua_tostring(L, -1));
        goto fail;
    }
    if (g->said.len && !g->said.oom) g->setup_said = strdup(g->said.p);
    state_seal(g->st);
    if (!game_sync(g)) { snprintf(err, errlen, "setup: %s", g->err); goto fail; }
    g->scratch = malloc(g->st->size ? g->st->size : 1);
    if (!g->scratch) { snprintf(err, errlen, "out of memory"); goto fail; }
    lua_settop(L, top);
    return g;
fail:
    lua_settop(L, top);
    *partial = NULL;                /* closed here: a stop that fails game_open's own call too must not close it again */
    game_close(g);
    return NULL;
}

typedef struct {
    grove_vm *vm;
    const char *name, *variants;
    int players;
    uint64_t seed;
    bool has_opts;
    char *err;
    size_t errlen;
    game *g, *partial;
} open_ctx;

static int open_body(lua_State *L)
{
    open_ctx *c = lua_touserdata(L, 1);
    c->g = open_game(c->vm, c->name, c->variants, c->players, c->seed, c->has_opts ? 2 : 0,
                     c->err, c->errlen, &c->partial);
    return 0;
}

game *game_open(grove_vm *vm, const char *name, const char *variants, int players,
                uint64_t seed, int opts_idx, char *err, size_t errlen)
{
    lua_State *L = vm->L;
    open_ctx c = { vm, name, variants, players, seed, opts_idx != 0, err, errlen, NULL, NULL };
    if (opts_idx) opts_idx = lua_absindex(L, opts_idx);
    lua_pushcfunction(L, open_body);
    lua_pushlightuserdata(L, &c);
    if (opts_idx) lua_pushvalue(L, opts_idx);
    /* a call of its own, under the budget: reading the definition can run
     * the script's metamethods */
    int status = vm_call(vm, opts_idx ? 2 : 1, 0, NULL);
    if (status == LUA_OK) return c.g;
    /* a Lua error in the host's own part of opening (no memory, say) */
    snprintf(err, errlen, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "error");
    lua_pop(L, 1);
    if (c.partial) game_close(c.partial);
    return NULL;
}

typedef struct {
    grove_vm *vm;
    const char *name, *variants;
    int players;
    uint64_t seed;
    const game_settings *set;
    char *err;
    size_t errlen;
    game *g;
} open_with_ctx;

static int open_with_body(lua_State *L)
{
    open_with_ctx *c = lua_touserdata(L, 1);
    lua_pop(L, 1);
    lua_createtable(L, 0, c->set->n);
    for (int i = 0; i < c->set->n; i++) {
        lua_pushstring(L, c->set->v[i].value);
        lua_setfield(L, -2, c->set->v[i].name);
    }
    c->g = game_open(c->vm, c->name, c->variants, c->players, c->seed, -1, c->err, c->errlen);
    lua_pop(L, 1);
    return 0;
}

game *game_open_with(grove_vm *vm, const char *name, const char *variants, int players, uint64_t seed,
                     const game_settings *set, char *err, size_t errlen)
{
    if (!set || set->n == 0) return game_open(vm, name, variants, players, seed, 0, err, errlen);
    open_with_ctx c = { vm, name, variants, players, seed, set, err, errlen, NULL };
    if (!vm_protect(vm, open_with_body, &c, 0, err, errlen)) {
        game_close(c.g);                /* opened, then no memory to pop back: never kept half */
        return NULL;
    }
    return c.g;
}

game *game_reopen(game *g, char *err, size_t errlen)
{
    lua_State *L = g->vm->L;
    if (!game_load_def(g->vm, g->name, g->variants, true, err, errlen)) return NULL;
    lua_pop(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->given_ref);     /* the options it was opened with */
    game *fresh = game_open(g->vm, g->name, g->variants, g->players, g->seed, -1, err, errlen);
    lua_pop(L, 1);
    return fresh;
}

/* Copy g's options (a table in g's VM) into a new table on twin's stack:
 * the scalars, which are all a command line or a save file can give. */
typedef struct { game *g; } twin_ctx;

static int twin_options(lua_State *T)
{
    twin_ctx *c = lua_touserdata(T, 1);
    lua_State *L = c->g->vm->L;
    lua_newtable(T);                                     /* T: [opts] */
    lua_rawgeti(L, LUA_REGISTRYINDEX, c->g->given_ref);  /* L: [the options it was opened with] */
    lua_pushnil(L);
    while (lua_next(L, -2)) {                            /* L: [opts, key, value] */
        const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        if (key && strcmp(key, "variants") != 0) {
            switch (lua_type(L, -1)) {
            case LUA_TNUMBER:
                if (lua_isinteger(L, -1)) lua_pushinteger(T, lua_tointeger(L, -1));
                else lua_pushnumber(T, lua_tonumber(L, -1));
                break;
            case LUA_TBOOLEAN: lua_pushboolean(T, lua_toboolean(L, -1)); break;
            case LUA_TSTRING: lua_pushstring(T, lua_tostring(L, -1)); break;
            default: {
                char what[200];
                snprintf(what, sizeof what, "option '%s' holds a %s, which cannot be copied to another thread",
                         key, luaL_typename(L, -1));
                lua_pop(L, 3);
                return luaL_error(T, "%s", what);
            }
            }
            lua_setfield(T, -2, key);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 1;
}

game *game_twin(game *g, grove_vm *vm, char *err, size_t errlen)
{
    twin_ctx c = { g };
    if (!vm_protect(vm, twin_options, &c, 1, err, errlen)) return NULL;
    game *t = game_open(vm, g->name, g->variants, g->players, g->seed, -1, err, errlen);
    lua_pop(vm->L, 1);
    if (!t) return NULL;
    if (t->rules_print != g->rules_print || t->st->size != g->st->size) {
        snprintf(err, errlen, "the rule files of %s changed on disk since this game was opened "
                              "(reload to play under them)", g->name);
        game_close(t);
        return NULL;
    }
    return t;
}

void game_close(game *g)
{
    if (!g) return;
    lua_State *L = g->vm->L;
    if (g->ls) g->ls->st = NULL;
    if (g->out) g->out->buf = NULL;
    int *refs[] = { &g->def_ref, &g->state_ref, &g->out_ref, &g->opts_ref, &g->given_ref, &g->fn_moves,
                    &g->fn_apply, &g->fn_actor, &g->fn_result, &g->fn_describe, &g->fn_parse,
                    &g->fn_render, &g->fn_score, &g->fn_played, &g->fn_why, &g->fn_evaluate };
    for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++) luaL_unref(L, LUA_REGISTRYINDEX, *refs[i]);
    state_free(g->st);
    movebuf_free(&g->buf);
    free(g->scratch);
    for (int i = 0; i < g->nhist; i++) {
        free(g->hsaid[i]);
        free(g->hedit[i]);
    }
    free(g->hist);
    free(g->snaps);
    free(g->hsaid);
    free(g->hedit);
    for (int i = 0; i < g->npending; i++) free(g->pending[i].text);
    free(g->pending);
    free(g->said.p);
    free(g->setup_said);
    free(g->loaded);
    free(g);
}

const char *game_error(const game *g) { return g->err; }

void game_set_error(game *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->err, sizeof g->err, fmt, ap);
    va_end(ap);
}
grove_vm *game_vm(const game *g) { return g->vm; }
const char *game_name(const game *g) { return g->name; }
const char *game_variants(const game *g) { return g->variants; }
int game_players(const game *g) { return g->players; }
uint64_t game_rules_print(const game *g) { return g->rules_print; }
uint64_t game_seed(const game *g) { return g->seed; }
size_t game_state_size(const game *g) { return g->st->size; }
bool game_hidden(const game *g) { return hidden_any(g->st); }
int game_position(const game *g) { return g->ncur; }
int game_history_length(const game *g) { return g->nhist; }
int64_t game_history_move(const game *g, int i) { return g->hist[i]; }

/* ---- moves, apply, actor, result -------------------------------------------- */

/* The legal moves into g->buf, on the checked path. */
static bool game_moves(game *g)
{
    movebuf_clear(&g->buf);
    g->out->buf = &g->buf;
    begin_hook(g, g->fn_moves);
    lua_rawgeti(g->vm->L, LUA_REGISTRYINDEX, g->out_ref);
    bool ok = call_hook(g, "moves", 1, 0, NULL);
    g->out->buf = NULL;
    if (!ok) movebuf_clear(&g->buf);
    return ok;
}

int game_legal(game *g, const int64_t **moves)
{
    if (!game_moves(g)) return -1;
    *moves = g->buf.m;
    return g->buf.n;
}

/* Bytes a text of the history holds. */
static size_t text_bytes(const char *p)
{
    return p ? strlen(p) + 1 : 0;
}

/* Make room for one more history entry, within GAME_HISTORY_BYTES; false
 * with g->err when the history is full or there is no memory. */
static bool grow_history(game *g)
{
    size_t entry = g->st->size + sizeof *g->hist + sizeof *g->hsaid + sizeof *g->hedit;
    if ((size_t)(g->ncur + 1) * entry + g->hist_texts > GAME_HISTORY_BYTES) {
        snprintf(g->err, sizeof g->err, "the history is full: its %d entries hold %zu MiB (the position before "
                 "each, %zu bytes, kept for undo, and what each said), at most %zu MiB a game: does the game never "
                 "end? (moves and result decide the end)", g->ncur,
                 ((size_t)g->ncur * entry + g->hist_texts) >> 20, g->st->size, GAME_HISTORY_BYTES >> 20);
        return false;
    }
    if (g->ncur < g->caphist) return true;
    size_t most = GAME_HISTORY_BYTES / entry;          /* > ncur, as checked above */
    int cap = g->caphist ? g->caphist * 2 : 64;
    if ((size_t)cap > most) cap = (int)most;
    int64_t *h = realloc(g->hist, (size_t)cap * sizeof *h);
    if (!h) goto no_memory;
    g->hist = h;
    uint8_t *snaps = realloc(g->snaps, (size_t)cap * g->st->size);
    if (!snaps) goto no_memory;
    g->snaps = snaps;
    char **said = realloc(g->hsaid, (size_t)cap * sizeof *said);
    if (!said) goto no_memory;
    g->hsaid = said;
    char **edit = realloc(g->hedit, (size_t)cap * sizeof *edit);
    if (!edit) goto no_memory;
    g->hedit = edit;
    for (int i = g->caphist; i < cap; i++) g->hsaid[i] = g->hedit[i] = NULL;
    g->caphist = cap;
    return true;
no_memory:
    snprintf(g->err, sizeof g->err, "out of memory for the history");
    return false;
}

/* Forget the redo tail: the history entries past ncur and the pending ones. */
static void drop_tail(game *g)
{
    for (int i = g->ncur; i < g->nhist; i++) {
        g->hist_texts -= text_bytes(g->hsaid[i]) + text_bytes(g->hedit[i]);
        free(g->hsaid[i]);
        free(g->hedit[i]);
        g->hsaid[i] = g->hedit[i] = NULL;
    }
    g->nhist = g->ncur;
    for (int i = 0; i < g->npending; i++) free(g->pending[i].text);
    g->npending = 0;
}

/* Record entry ncur: move (0 for an edit, whose Lua source `edit` the
 * history takes over), the state before it (the transaction's snapshot)
 * and what it said. `keep_tail`: a redo, which keeps the rest of the tail. */
static void record_entry(game *g, int64_t move, char *edit, bool keep_tail)
{
    if (!keep_tail) drop_tail(g);
    int i = g->ncur;
    g->hist_texts -= text_bytes(g->hsaid[i]) + text_bytes(g->hedit[i]);
    free(g->hsaid[i]);
    free(g->hedit[i]);
    memcpy(g->snaps + (size_t)i * g->st->size, g->scratch, g->st->size);
    g->hist[i] = move;
    g->hedit[i] = edit;
    g->hsaid[i] = g->said.len && !g->said.oom ? strdup(g->said.p) : NULL;   /* none if no memory */
    g->hist_texts += text_bytes(g->hsaid[i]) + text_bytes(g->hedit[i]);
    g->ncur++;
    if (g->ncur > g->nhist) g->nhist = g->ncur;
}

static bool apply_move(game *g, int64_t move, bool check, bool record, bool keep_tail)
{
    if (check) {
        if (!game_moves(g)) return false;
        if (movebuf_find(&g->buf, move) < 0) {
            char text[256];
            game_describe(g, move, text, sizeof text);
            snprintf(g->err, sizeof g->err, "illegal move: %s", text);
            return false;
        }
    }
    if (record && !grow_history(g)) return false;
    begin_hook(g, g->fn_apply);
    lua_pushinteger(g->vm->L, move);
    if (!call_hook(g, "apply", 1, 0, &g->said)) return false;    /* what it said: the history's */
    if (record) record_entry(g, move, NULL, keep_tail);
    return true;
}

bool game_apply(game *g, int64_t move, bool check, bool record)
{
    return apply_move(g, move, check, record, false);
}

const char *game_said_now(const game *g)
{
    return g->said.len && g->said.p ? g->said.p : "";
}

int game_actor(game *g)
{
    lua_State *L = g->vm->L;
    begin_hook(g, g->fn_actor);
    if (!call_hook(g, "actor", 0, 1, NULL)) return 0;
    int seat = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : 0;
    lua_pop(L, 1);
    if (seat < 1 || seat > g->players) {
        snprintf(g->err, sizeof g->err, "actor: returned %s, not a seat 1..%d",
                 seat ? "a number out of range" : "no seat", g->players);
        return 0;
    }
    return seat;
}

static int raw_field(lua_State *L, int t, const char *k);
static void defined_at(game *g, int fnref, char *out, size_t len);

/* The list t[1..n] of a result, as text ("{2, 1}"), raw and allocating
 * nothing (it runs outside a protected call). */
static void list_text(lua_State *L, int t, int n, char *out, size_t len)
{
    size_t at = (size_t)snprintf(out, len, "{");
    for (int i = 1; i <= n && at < len; i++) {
        const char *sep = i > 1 ? ", " : "";
        lua_rawgeti(L, t, i);
        if (lua_isinteger(L, -1))
            at += (size_t)snprintf(out + at, len - at, "%s%lld", sep, (long long)lua_tointeger(L, -1));
        else if (lua_type(L, -1) == LUA_TNUMBER)
            at += (size_t)snprintf(out + at, len - at, "%s%.14g", sep, (double)lua_tonumber(L, -1));
        else
            at += (size_t)snprintf(out + at, len - at, "%s%s", sep, luaL_typename(L, -1));
        lua_pop(L, 1);
    }
    if (at < len) snprintf(out + at, len - at, "}");
}

/* Is the result at res (a table: the game is over) one every tool can
 * read alike? A rank for every seat, a whole number from 1 to players + 1
 * (one past the seats: a seat the game itself beat, as a solo player's
 * loss to the rival is rank 2 of 1 seat), none past the last seat; and
 * winners, when given, exactly the seats ranked 1, each once. Else false
 * with why ("ranks {2} and winners {1} disagree: ..."), naming the line
 * that defines result. Reads raw; leaves the stack as it was. */
static bool result_fits(game *g, int res, char *why, size_t len)
{
    lua_State *L = g->vm->L;
    int top = lua_gettop(L), players = g->players;
    char where[256], ranks[96], winners[96];
    defined_at(g, g->fn_result, where, sizeof where);
    bool ok = false;
    int rt = top + 1, wt = top + 2;
    if (raw_field(L, res, "ranks") != LUA_TTABLE) {
        snprintf(why, len, "%sresult.ranks is %s, not a list of each seat's rank (1 for the winners)", where,
                 luaL_typename(L, rt));
        goto out;
    }
    int wtype = raw_field(L, res, "winners");
    int nw = wtype == LUA_TTABLE ? (int)lua_rawlen(L, wt) : 0;
    list_text(L, rt, players, ranks, sizeof ranks);
    if (wtype == LUA_TTABLE) list_text(L, wt, nw < 8 ? nw : 8, winners, sizeof winners);
    int first = 0;                                     /* seats ranked 1 */
    for (int seat = 1; seat <= players; seat++) {
        lua_rawgeti(L, rt, seat);
        int isint;
        lua_Integer r = lua_tointegerx(L, -1, &isint);
        lua_pop(L, 1);
        if (!isint || r < 1 || r > players + 1) {
            snprintf(why, len, "%sresult.ranks %s gives seat %d %s: each seat's rank is a whole number from 1 (a "
                     "winner) to %d%s", where, ranks, seat, isint ? "a rank out of range" : "no rank", players,
                     players == 1 ? ", or 2 for a loss to the game itself" : ", or one more for a seat the game "
                     "itself beat");
            goto out;
        }
        first += r == 1;
    }
    if (lua_rawgeti(L, rt, players + 1) != LUA_TNIL) {
        lua_pop(L, 1);
        snprintf(why, len, "%sresult.ranks has a rank past the last seat (%d seat%s): one rank per seat", where,
                 players, players == 1 ? "" : "s");
        goto out;
    }
    lua_pop(L, 1);
    if (wtype != LUA_TNIL) {
        bool same = wtype == LUA_TTABLE && nw == first;
        for (int i = 1; same && i <= nw; i++) {
            lua_rawgeti(L, wt, i);
            int isint;
            lua_Integer seat = lua_tointegerx(L, -1, &isint);
            lua_pop(L, 1);
            same = isint && seat >= 1 && seat <= players;
            if (same) {
                lua_rawgeti(L, rt, seat);
                same = lua_tointeger(L, -1) == 1;
                lua_pop(L, 1);
            }
            for (int j = 1; same && j < i; j++) {      /* each seat once */
                lua_rawgeti(L, wt, j);
                same = lua_tointeger(L, -1) != seat;
                lua_pop(L, 1);
            }
        }
        if (!same) {
            char ranked1[96];                          /* the seats ranked 1, as a list */
            size_t at = (size_t)snprintf(ranked1, sizeof ranked1, "{");
            for (int seat = 1, k = 0; seat <= players && at < sizeof ranked1; seat++) {
                lua_rawgeti(L, rt, seat);
                if (lua_tointeger(L, -1) == 1)
                    at += (size_t)snprintf(ranked1 + at, sizeof ranked1 - at, "%s%d", k++ ? ", " : "", seat);
                lua_pop(L, 1);
            }
            if (at < sizeof ranked1) snprintf(ranked1 + at, sizeof ranked1 - at, "}");
            if (wtype == LUA_TTABLE)
                snprintf(why, len, "%sresult.ranks %s and winners %s%s disagree: winners must be exactly the seats "
                         "ranked 1, each once (here %s), or be left out", where, ranks, winners, nw > 8 ? "..." : "",
                         ranked1);
            else
                snprintf(why, len, "%sresult.winners is %s, not the list of the seats ranked 1", where,
                         luaL_typename(L, wt));
            goto out;
        }
    }
    ok = true;
out:
    lua_settop(L, top);
    return ok;
}

bool game_push_result(game *g)
{
    begin_hook(g, g->fn_result);
    if (!call_hook(g, "result", 0, 1, NULL)) return false;
    char why[GAME_ERRLEN - 16];
    if (lua_istable(g->vm->L, -1) && !result_fits(g, lua_gettop(g->vm->L), why, sizeof why)) {
        snprintf(g->err, sizeof g->err, "result: %s", why);
        lua_pop(g->vm->L, 1);
        return false;
    }
    return true;
}

/* Lua's tostring of the value at idx, without its metamethods (the host
 * reads a script's values outside a call only raw): numbers and strings
 * as Lua writes them, anything else by its type. */
static void show_value(lua_State *L, int idx, char *out, size_t len)
{
    int t = lua_type(L, idx);
    if (t == LUA_TNUMBER || t == LUA_TSTRING) {
        lua_pushvalue(L, idx);
        snprintf(out, len, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
    } else if (t == LUA_TBOOLEAN) {
        snprintf(out, len, "%s", lua_toboolean(L, idx) ? "true" : "false");
    } else {
        snprintf(out, len, "%s", t == LUA_TNIL ? "nil" : luaL_typename(L, idx));
    }
}

/* t[k] without metamethods */
static int raw_field(lua_State *L, int t, const char *k)
{
    lua_pushstring(L, k);
    return lua_rawget(L, t);
}

/* Read result(s), on top of the stack, into *out, and pop it. */
static void read_outcome(game *g, game_result *out)
{
    lua_State *L = g->vm->L;
    out->over = out->has_scores = false;
    out->text[0] = '\0';
    int res = lua_gettop(L);
    if (lua_istable(L, res)) {
        out->over = true;
        if (raw_field(L, res, "text") == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER)
            show_value(L, -1, out->text, sizeof out->text);
        out->has_scores = raw_field(L, res, "scores") == LUA_TTABLE;   /* [res, text, scores] */
        raw_field(L, res, "ranks");                                    /* [res, text, scores, ranks] */
        for (int seat = 1; seat <= g->players; seat++) {
            if (out->has_scores) lua_rawgeti(L, res + 2, seat);
            else lua_pushnil(L);
            if (out->scores) out->scores[seat - 1] = lua_tonumber(L, -1);
            if (out->shown) show_value(L, -1, out->shown[seat - 1], sizeof out->shown[0]);
            lua_settop(L, res + 3);
            if (lua_istable(L, res + 3)) lua_rawgeti(L, res + 3, seat);
            else lua_pushnil(L);
            if (out->ranks) out->ranks[seat - 1] = (int)lua_tointeger(L, -1);
            lua_pop(L, 1);
        }
    }
    lua_settop(L, res - 1);
}

bool game_outcome(game *g, game_result *out)
{
    if (!game_push_result(g)) {
        out->over = out->has_scores = false;
        out->text[0] = '\0';
        return false;
    }
    read_outcome(g, out);
    return true;
}

int game_over(game *g)
{
    if (!game_moves(g)) return -1;
    return g->buf.n == 0;
}

bool game_move_text_fits(const char *text, size_t len, char *why, size_t whylen)
{
    if (len == 0) { snprintf(why, whylen, "is empty"); return false; }
    if (len > GAME_MOVE_TEXT_MAX) {
        snprintf(why, whylen, "is %zu bytes long (at most %d)", len, GAME_MOVE_TEXT_MAX);
        return false;
    }
    bool blank = true;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n') { snprintf(why, whylen, "has a newline at byte %zu", i + 1); return false; }
        if (c == '\r') { snprintf(why, whylen, "has a carriage return at byte %zu", i + 1); return false; }
        if (c == '\0') { snprintf(why, whylen, "has a NUL byte at byte %zu", i + 1); return false; }
        if ((c < 0x20 && c != '\t') || c == 0x7f) {
            snprintf(why, whylen, "has the control character 0x%02x at byte %zu", c, i + 1);
            return false;
        }
        if (c != ' ' && c != '\t') blank = false;
    }
    if (blank) { snprintf(why, whylen, "is only blanks"); return false; }
    return true;
}

/* "file:line: " of where the function behind registry ref fnref is
 * defined, for errors about what it returned; "" for a C function. */
static void defined_at(game *g, int fnref, char *out, size_t len)
{
    lua_State *L = g->vm->L;
    lua_Debug ar;
    lua_rawgeti(L, LUA_REGISTRYINDEX, fnref);
    if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0) snprintf(out, len, "%s:%d: ", ar.short_src, ar.linedefined);
    else out[0] = '\0';
}

/* describe(s, move, viewer), or describe(s, move) for the full text
 * (viewer GAME_FULL_TEXT). */
bool game_describe_for(game *g, int64_t move, int viewer, char *buf, size_t len)
{
    lua_State *L = g->vm->L;
    if (viewer > g->players) {
        snprintf(g->err, sizeof g->err, "describe: no seat %d to read a move as (1..%d, 0 for an onlooker)",
                 viewer, g->players);
        snprintf(buf, len, "move(%d,%d,%d,%d)", move_kind(move), move_a(move), move_b(move), move_c(move));
        return false;
    }
    begin_hook(g, g->fn_describe);
    lua_pushinteger(L, move);
    if (viewer >= 0) lua_pushinteger(L, viewer);
    if (!call_hook(g, "describe", viewer >= 0 ? 2 : 1, 1, NULL)) {
        snprintf(buf, len, "move(%d,%d,%d,%d)", move_kind(move), move_a(move), move_b(move), move_c(move));
        return false;
    }
    size_t n = 0;
    const char *s = lua_tolstring(L, -1, &n);
    char why[96];
    if (s && !game_move_text_fits(s, n, why, sizeof why)) {
        char where[256];
        defined_at(g, g->fn_describe, where, sizeof where);
        snprintf(g->err, sizeof g->err, "describe: %sthe text of move (%d,%d,%d,%d) %s: a move's text is one "
                 "line of 1 to %d bytes without control characters, so that a save file can hold it",
                 where, move_kind(move), move_a(move), move_b(move), move_c(move), why, GAME_MOVE_TEXT_MAX);
        snprintf(buf, len, "move(%d,%d,%d,%d)", move_kind(move), move_a(move), move_b(move), move_c(move));
        lua_pop(L, 1);
        return false;
    }
    snprintf(buf, len, "%s", s ? s : "?");
    lua_pop(L, 1);
    return s != NULL;
}

bool game_describe(game *g, int64_t move, char *buf, size_t len)
{
    return game_describe_for(g, move, GAME_FULL_TEXT, buf, len);
}

/* Lowercase, trim and collapse runs of blanks into one space: how a typed
 * text and a move's text are compared (game_impl.h). */
void game_normalize_text(const char *in, char *out, size_t len)
{
    size_t o = 0;
    bool space = false;
    while (*in == ' ' || *in == '\t') in++;
    for (; *in && o + 1 < len; in++) {
        if (*in == ' ' || *in == '\t' || *in == '\n' || *in == '\r') { space = true; continue; }
        if (space && o) out[o++] = ' ';
        space = false;
        if (o + 1 < len) out[o++] = (char)tolower((unsigned char)*in);
    }
    out[o] = '\0';
}

/* What game_parse found, for game_refusal. */
enum {
    PARSE_ERROR,            /* a script error */
    PARSE_LEGAL,            /* a legal move */
    PARSE_ILLEGAL,          /* parse(s, text) read a move, which is not legal now */
    PARSE_REASON,           /* parse(s, text) said why it reads no move (g->err) */
    PARSE_NONE,             /* no legal move's text is the text */
};

bool game_parse(game *g, const char *text, int64_t *move)
{
    lua_State *L = g->vm->L;
    char want[256], have[256];
    g->parse_state = PARSE_ERROR;
    game_normalize_text(text, want, sizeof want);
    if (!*want) { snprintf(g->err, sizeof g->err, "empty move"); g->parse_state = PARSE_NONE; return false; }
    if (g->fn_parse != LUA_NOREF) {
        begin_hook(g, g->fn_parse);
        lua_pushstring(L, text);
        if (!call_hook(g, "parse", 1, 2, NULL)) return false;
        if (lua_isinteger(L, -2)) {
            *move = lua_tointeger(L, -2);
            lua_pop(L, 2);
            if (!game_moves(g)) return false;
            if (movebuf_find(&g->buf, *move) < 0) {
                snprintf(g->err, sizeof g->err, "illegal move: %s", text);
                g->parse_state = PARSE_ILLEGAL;
                return false;
            }
            g->parse_state = PARSE_LEGAL;
            return true;
        }
        const char *why = lua_tostring(L, -1);
        snprintf(g->err, sizeof g->err, "%s", why ? why : "not a move");
        lua_pop(L, 2);
        if (why) { g->parse_state = PARSE_REASON; return false; }
    }
    if (!game_moves(g)) return false;
    movebuf legal = g->buf;     /* describe does not touch the buffer */
    for (int i = 0; i < legal.n; i++) {
        if (!game_describe(g, legal.m[i], have, sizeof have)) return false;
        char norm[256];
        game_normalize_text(have, norm, sizeof norm);
        if (strcmp(norm, want) == 0) { *move = legal.m[i]; g->parse_state = PARSE_LEGAL; return true; }
    }
    snprintf(g->err, sizeof g->err, "'%s' is not a legal move now (type 'moves' to list them)", text);
    g->parse_state = PARSE_NONE;
    return false;
}

bool game_kind_name(game *g, int kind, char *buf, size_t len)
{
    lua_State *L = g->vm->L;
    int top = lua_gettop(L);
    buf[0] = '\0';
    game_push_def(g);
    if (lua_getfield(L, -1, "kinds") == LUA_TTABLE && lua_rawgeti(L, -1, kind) == LUA_TSTRING)
        snprintf(buf, len, "%s", lua_tostring(L, -1));
    lua_settop(L, top);
    return buf[0] != '\0';
}

bool game_invariants(game *g, bool *has)
{
    lua_State *L = g->vm->L;
    game_push_def(g);
    int type = lua_getfield(L, -1, "invariants");
    lua_pop(L, 2);
    *has = type != LUA_TNIL;
    if (!*has) return true;
    uint64_t before;
    if (!game_hash(g, &before)) return false;
    game_push_def(g);
    lua_getfield(L, -1, "invariants");
    lua_remove(L, -2);
    game_push_state(g);
    if (!call_hook(g, "invariants", 0, 0, NULL)) return false;
    if (state_hash(g->st) != before) {
        game_restore(g, g->scratch);
        snprintf(g->err, sizeof g->err, "invariants: changed the state (it may only look)");
        return false;
    }
    return true;
}

/* The first word of text, lowercased, into word. */
static void first_word(const char *text, char *word, size_t len)
{
    size_t n = 0;
    while (*text == ' ' || *text == '\t') text++;
    for (; *text && *text != ' ' && *text != '\t' && n + 1 < len; text++)
        word[n++] = (char)tolower((unsigned char)*text);
    word[n] = '\0';
}

/* Is `word` the first word of a move kind's name in def.kinds? */
static bool kind_word(game *g, const char *word)
{
    lua_State *L = g->vm->L;
    bool found = false;
    game_push_def(g);
    if (lua_getfield(L, -1, "kinds") == LUA_TTABLE) {
        for (lua_Integer k = 1; k <= 255 && !found; k++) {
            if (lua_rawgeti(L, -1, k) != LUA_TSTRING) { lua_pop(L, 1); break; }
            char kw[64];
            first_word(lua_tostring(L, -1), kw, sizeof kw);
            found = !strcmp(kw, word);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 2);
    return found;
}

#define REFUSAL_LISTED 12         /* legal moves the host's refusal names at most */

int game_refusal(game *g, const char *text, char *buf, size_t len)
{
    return game_refusal_for(g, text, GAME_FULL_TEXT, buf, len);
}

int game_refusal_for(game *g, const char *text, int viewer, char *buf, size_t len)
{
    lua_State *L = g->vm->L;
    buf[0] = '\0';
    int64_t m;
    if (game_parse(g, text, &m)) return 0;
    int found = g->parse_state;
    if (found == PARSE_ERROR) return -1;
    char parse_err[GAME_ERRLEN];
    snprintf(parse_err, sizeof parse_err, "%s", g->err);
    /* a move of the game: parse read one, or the first word is that of a
     * legal move's text or of a kind's name */
    char word[64];
    first_word(text, word, sizeof word);
    const int64_t *legal;
    int n = game_legal(g, &legal);
    if (n < 0) return -1;
    int64_t *copy = malloc(sizeof *copy * (size_t)(n + 1));
    char (*texts)[128] = malloc(sizeof *texts * (size_t)(n + 1));
    if (!copy || !texts) {
        free(copy);
        free(texts);
        snprintf(g->err, sizeof g->err, "out of memory");
        return -1;
    }
    memcpy(copy, legal, sizeof *copy * (size_t)n);
    bool move_word = found == PARSE_ILLEGAL || kind_word(g, word);
    int same = 0;
    for (int i = 0; i < n; i++) {
        char have[256], w[64];
        if (!game_describe(g, copy[i], have, sizeof have)) { free(copy); free(texts); return -1; }
        first_word(have, w, sizeof w);
        if (*word && !strcmp(w, word)) same++;
        /* the list the refusal shows, as its reader may read it */
        if (viewer != GAME_FULL_TEXT && !game_describe_for(g, copy[i], viewer, have, sizeof have)) {
            free(copy);
            free(texts);
            return -1;
        }
        snprintf(texts[i], sizeof texts[i], "%s", have);
    }
    if (same) move_word = true;
    int rc = 1;
    if (!move_word || !*word) {
        rc = 0;                                   /* no move of this game: Lua, perhaps */
        snprintf(buf, len, "%s", parse_err);
    } else {
        char reason[GAME_ERRLEN] = "";
        if (g->fn_why != LUA_NOREF) {
            begin_hook(g, g->fn_why);
            lua_pushstring(L, text);
            if (!call_hook(g, "why", 1, 1, NULL)) { free(copy); free(texts); return -1; }
            if (lua_type(L, -1) == LUA_TSTRING) snprintf(reason, sizeof reason, "%s", lua_tostring(L, -1));
            lua_pop(L, 1);
        }
        if (!reason[0] && found == PARSE_REASON) snprintf(reason, sizeof reason, "%s", parse_err);
        if (reason[0]) snprintf(buf, len, "%s", reason);
        else {
            /* the host's own answer: the legal moves of that kind (or all) */
            textbuf b = { 0 };
            if (same) textbuf_printf(&b, "not a legal move now; legal '%s' moves now:", word);
            else if (n) textbuf_printf(&b, "no '%s' move is legal now; legal now:", word);
            else textbuf_printf(&b, "the game is over: no move is legal");
            int listed = 0, wlen = (int)strlen(word);
            for (int i = 0; i < n && listed < REFUSAL_LISTED; i++) {
                char w[64];
                first_word(texts[i], w, sizeof w);
                if (same && strcmp(w, word) != 0) continue;
                const char *shown = texts[i];
                if (same) { shown += wlen; while (*shown == ' ') shown++; }
                textbuf_printf(&b, "%s %s", listed ? "," : "", *shown ? shown : texts[i]);
                listed++;
            }
            int of = same ? same : n;
            if (of > listed) textbuf_printf(&b, " ... (%d in all: type 'moves')", of);
            snprintf(buf, len, "%s", b.oom || !b.p ? parse_err : b.p);
            free(b.p);
        }
    }
    free(copy);
    free(texts);
    return rc;
}

bool game_played(game *g, int64_t move, char *buf, size_t len)
{
    buf[0] = '\0';
    if (g->fn_played == LUA_NOREF) return true;
    lua_State *L = g->vm->L;
    begin_hook(g, g->fn_played);
    lua_pushinteger(L, move);
    if (!call_hook(g, "played", 1, 1, NULL)) return false;
    if (lua_type(L, -1) == LUA_TSTRING) snprintf(buf, len, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
    return true;
}

bool game_push_render(game *g, int viewer)
{
    begin_hook(g, g->fn_render);
    lua_pushinteger(g->vm->L, viewer);
    return call_hook(g, "render", 1, 1, NULL);
}

char *game_render(game *g, int viewer)
{
    lua_State *L = g->vm->L;
    if (!game_push_render(g, viewer)) return NULL;
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    if (!s) { s = "(null)"; len = 6; }      /* what printing a non-text always showed */
    char *text = malloc(len + 1);
    if (text) memcpy(text, s, len + 1);
    else game_set_error(g, "out of memory");
    lua_pop(L, 1);
    return text;
}

void game_restore(game *g, const void *snapshot)
{
    state_restore(g->st, snapshot);
    lua_State *L = g->vm->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->state_ref);
    lua_vars_refresh(L, -1, g->st);
    lua_pop(L, 1);
}

bool game_redeal(game *g, int viewer, uint64_t seed)
{
    if (!game_sync(g)) return false;
    rng_t r;
    rng_seed(&r, seed, 0x6465616cULL);                 /* stream "deal" */
    if (hidden_redeal(g->st, viewer, &r) != GROVE_OK) {
        snprintf(g->err, sizeof g->err, "out of memory");
        return false;
    }
    rng_seed(state_rng(g->st), seed, 0x67726f7665ULL);
    return true;
}

void game_reseed(game *g, uint64_t seed)
{
    rng_seed(state_rng(g->st), seed, 0x67726f7665ULL);   /* stream "grove", as state_new */
}

bool game_undo(game *g)
{
    if (g->ncur == 0) return false;
    g->ncur--;
    game_restore(g, g->snaps + (size_t)g->ncur * g->st->size);
    return true;
}

static bool apply_edit(game *g, const char *code, bool keep_tail);

/* Redo the first pending entry (a failed reload's tail), under the rules now. */
static bool redo_pending(game *g)
{
    gpending *p = &g->pending[0];
    int64_t m;
    bool parsed = p->edit || game_parse(g, p->text, &m);
    bool ok = p->edit ? apply_edit(g, p->text, true) : parsed && apply_move(g, m, true, true, true);
    if (!ok) {
        char why[GAME_ERRLEN];
        snprintf(why, sizeof why, "%s", g->err);
        if (!parsed && game_refusal(g, p->text, why, sizeof why) < 0) snprintf(why, sizeof why, "%s", g->err);
        if (p->edit) snprintf(g->err, sizeof g->err, "the edit '%.200s' does not replay: %s", p->text, why);
        else if (p->actor) snprintf(g->err, sizeof g->err, "move %d (seat %d: %.200s) does not replay: %s",
                                    g->ncur + 1, p->actor, p->text, why);
        else snprintf(g->err, sizeof g->err, "move %d (%.200s) does not replay: %s", g->ncur + 1, p->text, why);
        return false;
    }
    free(p->text);
    memmove(g->pending, g->pending + 1, (size_t)(g->npending - 1) * sizeof *g->pending);
    g->npending--;
    return true;
}

bool game_redo(game *g)
{
    if (g->ncur >= g->nhist) {
        if (!g->npending) return false;
        return redo_pending(g);
    }
    if (g->hedit[g->ncur]) {
        char *code = strdup(g->hedit[g->ncur]);
        if (!code) { snprintf(g->err, sizeof g->err, "out of memory"); return false; }
        bool ok = apply_edit(g, code, true);
        free(code);
        return ok;
    }
    return apply_move(g, g->hist[g->ncur], false, true, true);    /* keeps the rest of the redo list */
}

int game_pending(const game *g) { return g->npending; }

const char *game_pending_entry(const game *g, int i, bool *edit, int *actor)
{
    if (i < 0 || i >= g->npending) return NULL;
    if (edit) *edit = g->pending[i].edit;
    if (actor) *actor = g->pending[i].actor;
    return g->pending[i].text;
}

bool game_add_pending(game *g, const char *text, bool edit, int actor)
{
    if (g->npending == g->cappending) {
        int cap = g->cappending ? g->cappending * 2 : 16;
        gpending *np = realloc(g->pending, (size_t)cap * sizeof *np);
        if (!np) return false;
        g->pending = np;
        g->cappending = cap;
    }
    char *copy = strdup(text);
    if (!copy) return false;
    g->pending[g->npending++] = (gpending){ copy, edit, actor };
    return true;
}

const char *game_entry_said(const game *g, int i)
{
    if (i < 0) return g->setup_said ? g->setup_said : "";
    if (i >= g->nhist || !g->hsaid[i]) return "";
    return g->hsaid[i];
}

const char *game_history_edit(const game *g, int i)
{
    return i >= 0 && i < g->nhist ? g->hedit[i] : NULL;
}

bool game_said_next(const char **p, game_line *line)
{
    const char *at = *p;
    if (!at || !*at) return false;
    char *tab;
    unsigned long seats = strtoul(at, &tab, 16);
    if (*tab != '\t') return false;               /* not a narration text */
    const char *text = tab + 1, *nl = strchr(text, '\n');
    line->seats = (uint32_t)seats;
    line->text = text;
    line->len = nl ? (int)(nl - text) : (int)strlen(text);
    *p = nl ? nl + 1 : text + line->len;
    return true;
}

/* ---- edits made at the prompt --------------------------------------------------- */

/* [State, code]: run code in a fresh sandbox environment where `s` is the
 * State and print says nothing (an edit replays silently). */
static int silent(lua_State *L) { (void)L; return 0; }

static int edit_body(lua_State *L)
{
    grove_vm *vm = vm_of(L);
    size_t len;
    const char *code = luaL_checklstring(L, 2, &len);
    if (luaL_loadbufferx(L, code, len, "=edit", "t") != LUA_OK) return lua_error(L);   /* [s, code, chunk] */
    vm_push_sandbox(vm, NULL);                                                    /* [s, code, chunk, env] */
    lua_pushliteral(L, "s");
    lua_pushvalue(L, 1);
    lua_rawset(L, -3);                                 /* raw: the strict env refuses new globals */
    lua_pushliteral(L, "print");
    lua_pushcfunction(L, silent);
    lua_rawset(L, -3);
    lua_setupvalue(L, -2, 1);
    lua_call(L, 0, 0);
    return 0;
}

/* Run an edit on the checked path, as a transaction, and record it. */
static bool apply_edit(game *g, const char *code, bool keep_tail)
{
    lua_State *L = g->vm->L;
    if (strlen(code) > GAME_MAX_EDIT) {
        snprintf(g->err, sizeof g->err, "an edit keeps at most %d bytes of Lua", GAME_MAX_EDIT);
        return false;
    }
    if (!grow_history(g)) return false;
    char *copy = strdup(code);
    if (!copy) { snprintf(g->err, sizeof g->err, "out of memory"); return false; }
    lua_pushcfunction(L, edit_body);
    game_push_state(g);
    lua_pushstring(L, code);
    g->said.len = 0;                                   /* an edit says nothing */
    if (g->said.p) g->said.p[0] = '\0';
    if (!call_hook(g, "edit", 1, 0, NULL)) { free(copy); return false; }
    record_entry(g, 0, copy, keep_tail);
    return true;
}

bool game_edit(game *g, const char *code)
{
    return apply_edit(g, code, false);
}

bool game_record_edit(game *g, const char *code, const void *before)
{
    size_t size = g->st->size;
    uint8_t *after = malloc(size);
    if (!after) { snprintf(g->err, sizeof g->err, "out of memory"); return false; }
    if (!game_snapshot(g, after)) { free(after); return false; }
    game_restore(g, before);
    bool ok = apply_edit(g, code, false);
    if (ok && memcmp(g->st->block, after, size) != 0) {
        g->ncur--;                                     /* take the entry back */
        drop_tail(g);
        snprintf(g->err, sizeof g->err, "run again in the rules' sandbox, it gives another state "
                 "(it reads something besides s: io, os, the game, the clock?)");
        ok = false;
    } else if (!ok) {
        char why[GAME_ERRLEN];
        snprintf(why, sizeof why, "%s", g->err);
        snprintf(g->err, sizeof g->err, "run again in the rules' sandbox (where only s is there), it fails: %s", why);
    }
    if (!ok) {
        drop_tail(g);                                  /* the state changed: the tail no longer follows */
        game_restore(g, after);
    }
    free(after);
    return ok;
}

/* ---- loops in C over many hooks: playouts, bots ------------------------------- */

/* The prologue of every raw call: name the hook for a failure's message,
 * push the hook fn and the State, and give the Lua state (stack: [fn, s]). */
static inline lua_State *raw_push(game *g, const char *hook, int fn)
{
    lua_State *L = g->vm->L;
    g->raw_hook = hook;
    lua_rawgeti(L, LUA_REGISTRYINDEX, fn);
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->state_ref);
    return L;
}

const movebuf *game_raw_moves(game *g)
{
    movebuf_clear(&g->buf);
    g->out->buf = &g->buf;
    lua_State *L = raw_push(g, "moves", g->fn_moves);
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->out_ref);
    lua_call(L, 2, 0);
    g->out->buf = NULL;
    return &g->buf;
}

void game_raw_apply(game *g, int64_t m)
{
    lua_State *L = raw_push(g, "apply", g->fn_apply);
    lua_pushinteger(L, m);
    lua_call(L, 2, 0);
    g->vm->progress++;
}

/* A protected call of its own inside the run, for describe, whose failure
 * the checked path turns into a fallback text rather than an error. */
static int raw_describe_body(lua_State *L)
{
    game *g = lua_touserdata(L, 1);
    int64_t m = lua_tointeger(L, 2);
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->fn_describe);
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->state_ref);
    lua_pushinteger(L, m);
    lua_call(L, 2, 1);
    return 1;
}

/* describe(s, m) into buf; why says what no save could hold of the text
 * (a newline, a NUL byte ...), "" when it fits. */
static bool raw_describe(game *g, int64_t m, char *buf, size_t len, char *why, size_t whylen)
{
    lua_State *L = g->vm->L;
    lua_pushcfunction(L, raw_describe_body);
    lua_pushlightuserdata(L, g);
    lua_pushinteger(L, m);
    const char *s = NULL;
    size_t n = 0;
    if (lua_pcall(L, 2, 1, 0) == LUA_OK) s = lua_tolstring(L, -1, &n);
    why[0] = '\0';
    if (s) {
        snprintf(buf, len, "%s", s);
        if (!game_move_text_fits(s, n, why, whylen) && !why[0]) snprintf(why, whylen, "does not fit");
    } else {
        snprintf(buf, len, "move(%d,%d,%d,%d)", move_kind(m), move_a(m), move_b(m), move_c(m));
    }
    lua_pop(L, 1);
    return s != NULL;
}

bool game_raw_describe(game *g, int64_t m, char *buf, size_t len)
{
    char why[96];
    return raw_describe(g, m, buf, len, why, sizeof why);
}

void game_raw_move_text(game *g, int64_t m, char *buf, size_t len)
{
    char why[96];
    if (raw_describe(g, m, buf, len, why, sizeof why) && why[0]) {
        char msg[256];
        snprintf(msg, sizeof msg, "describe: the move's text %s: a move's text is one line of 1 to %d bytes "
                 "without control characters, so that a record and a save can hold it", why, GAME_MOVE_TEXT_MAX);
        game_raw_fail(g, msg);
    }
}

void game_raw_played(game *g, int64_t m, char *buf, size_t len)
{
    buf[0] = '\0';
    if (g->fn_played == LUA_NOREF) return;
    lua_State *L = raw_push(g, "played", g->fn_played);
    lua_pushinteger(L, m);
    lua_call(L, 2, 1);
    if (lua_type(L, -1) == LUA_TSTRING) snprintf(buf, len, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
}

/* The result on top (a table) as game_push_result would take it, or the
 * run fails with why. */
static void raw_fits(game *g)
{
    char why[GAME_ERRLEN - 16];
    if (!result_fits(g, lua_gettop(g->vm->L), why, sizeof why)) game_raw_fail(g, why);
}

bool game_raw_ranks(game *g, int *ranks)
{
    lua_State *L = raw_push(g, "result", g->fn_result);
    lua_call(L, 1, 1);
    if (!lua_istable(L, -1)) { lua_pop(L, 1); return false; }
    raw_fits(g);
    raw_field(L, lua_gettop(L), "ranks");
    for (int seat = 1; seat <= g->players; seat++) {
        lua_rawgeti(L, -1, seat);
        /* a rank past the seats is a game lost to the game itself: the
         * solo rival's win is rank 2 of 1 seat */
        ranks[seat] = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    return true;
}

int game_raw_actor(game *g)
{
    lua_State *L = raw_push(g, "actor", g->fn_actor);
    lua_call(L, 1, 1);
    int isnum;
    lua_Integer seat = lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 1);
    if (!isnum || seat < 1 || seat > g->players) luaL_error(L, "returned no seat 1..%d", g->players);
    return (int)seat;
}

void game_raw_outcome(game *g, game_result *out)
{
    lua_State *L = raw_push(g, "result", g->fn_result);
    lua_call(L, 1, 1);
    if (lua_istable(L, -1)) raw_fits(g);
    read_outcome(g, out);
}

double game_raw_score(game *g, int seat)
{
    lua_State *L = raw_push(g, "result", g->fn_result);
    lua_call(L, 1, 1);
    double v = 0;
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "scores");
        if (lua_istable(L, -1)) {
            lua_rawgeti(L, -1, seat);
            v = lua_tonumber(L, -1);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return v;
}

bool game_has_score(const game *g)
{
    return g->fn_score != LUA_NOREF;
}

double game_raw_eval(game *g, int seat)
{
    lua_State *L = raw_push(g, "score", g->fn_score);
    lua_pushinteger(L, seat);
    lua_call(L, 2, 1);
    int isnum;
    double v = lua_tonumberx(L, -1, &isnum);
    if (!isnum) luaL_error(L, "returned %s, not a number", luaL_typename(L, -1));
    lua_pop(L, 1);
    return v;
}

bool game_has_evaluate(const game *g)
{
    return g->fn_evaluate != LUA_NOREF;
}

void game_raw_determinize(game *g, int viewer, rng_t *r, uint64_t chance_seed)
{
    if (hidden_any(g->st) && hidden_redeal(g->st, viewer, r) != GROVE_OK)
        luaL_error(g->vm->L, "out of memory");
    rng_seed(state_rng(g->st), chance_seed, 0x67726f7665ULL);
}

int game_raw_fail(game *g, const char *msg)
{
    return luaL_error(g->vm->L, "%s", msg);
}

typedef struct {
    game *g;
    int (*body)(game *g, void *ctx);
    void *ctx;
    int ret;
} raw_call;

static int raw_trampoline(lua_State *L)
{
    raw_call *c = lua_touserdata(L, 1);
    c->ret = c->body(c->g, c->ctx);
    return 0;
}

bool game_run_raw(game *g, int (*body)(game *g, void *ctx), void *ctx, int *ret)
{
    lua_State *L = g->vm->L;
    raw_call c = { g, body, ctx, 0 };
    struct gstate *prev = g->vm->current;
    g->vm->current = g->st;
    g->raw_hook = NULL;
    lua_pushcfunction(L, raw_trampoline);
    lua_pushlightuserdata(L, &c);
    /* no count hook: the watchdog guards the run (the caller's, or ours) */
    bool own_watch = !vm_watching(g->vm);
    if (own_watch) vm_watch_start(g->vm, GAME_WATCH_MS);
    int status = vm_call_budget(g->vm, 1, 0, NULL, 0);
    if (own_watch) vm_watch_stop(g->vm);
    g->vm->current = prev;
    g->out->buf = NULL;
    if (status != LUA_OK) {
        snprintf(g->err, sizeof g->err, "%s: %s", g->raw_hook ? g->raw_hook : "playout", lua_tostring(L, -1));
        lua_pop(L, 1);
        return false;
    }
    if (ret) *ret = c.ret;
    return game_sync(g);
}

typedef struct {
    rng_t *pick;
    long max, played;
    game_timing *timing;        /* NULL, or where to add the time in each hook */
} playout_ctx;

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int playout_body(game *g, void *ctx)
{
    playout_ctx *c = ctx;
    while (c->played < c->max) {
        double t0 = c->timing ? now_ns() : 0;
        const movebuf *legal = game_raw_moves(g);
        if (c->timing) c->timing->moves_ns += now_ns() - t0;
        if (legal->n == 0) break;
        int64_t m = legal->m[legal->n == 1 ? 0 : rng_below(c->pick, (uint32_t)legal->n)];
        if (c->timing) t0 = now_ns();
        game_raw_apply(g, m);
        if (c->timing) c->timing->apply_ns += now_ns() - t0;
        c->played++;
    }
    return 0;
}

long game_playout(game *g, rng_t *pick, long max_moves)
{
    return game_playout_timed(g, pick, max_moves, NULL);
}

long game_playout_timed(game *g, rng_t *pick, long max_moves, game_timing *timing)
{
    playout_ctx c = { pick, max_moves, 0, timing };
    if (!game_run_raw(g, playout_body, &c, NULL)) return -1;
    return c.played;
}

/* The text and actor of entry i < nhist: a move described in the state it
 * was played from (as `viewer` may read it: game_describe_for), or an
 * edit's Lua source (actor 0). */
static bool entry_text(game *g, int i, int viewer, char *buf, size_t len, int *actor)
{
    if (i < 0 || i >= g->nhist) return false;
    if (g->hedit[i]) {
        snprintf(buf, len, "%s", g->hedit[i]);
        if (actor) *actor = 0;
        return true;
    }
    uint8_t *now = malloc(g->st->size);
    if (!now) return false;
    if (!game_snapshot(g, now)) { free(now); return false; }
    game_restore(g, g->snaps + (size_t)i * g->st->size);
    bool ok = game_describe_for(g, g->hist[i], viewer, buf, len);
    if (actor) *actor = ok ? game_actor(g) : 0;
    game_restore(g, now);
    free(now);
    return ok;
}

bool game_hash_after(game *g, int n, uint64_t *hash)
{
    if (n < 0 || n > g->ncur) { snprintf(g->err, sizeof g->err, "no position after %d moves", n); return false; }
    if (n == g->ncur) return game_hash(g, hash);
    uint8_t *now = malloc(g->st->size);
    if (!now) { snprintf(g->err, sizeof g->err, "out of memory"); return false; }
    if (!game_snapshot(g, now)) { free(now); return false; }
    game_restore(g, g->snaps + (size_t)n * g->st->size);   /* the state before entry n: after n entries */
    *hash = state_hash(g->st);
    game_restore(g, now);
    free(now);
    return true;
}

bool game_describe_past_for(game *g, int i, int viewer, char *buf, size_t len, int *actor)
{
    if (i < 0 || i >= g->ncur) return false;
    return entry_text(g, i, viewer, buf, len, actor);
}

bool game_describe_past(game *g, int i, char *buf, size_t len, int *actor)
{
    return game_describe_past_for(g, i, GAME_FULL_TEXT, buf, len, actor);
}

bool game_describe_entry(game *g, int i, char *buf, size_t len, int *actor)
{
    return entry_text(g, i, GAME_FULL_TEXT, buf, len, actor);
}

/* ---- reload ------------------------------------------------------------------------ */

game *game_reload(game *g, game_reload_report *rep, char *err, size_t errlen)
{
    memset(rep, 0, sizeof *rep);
    rep->failed = -1;
    /* the whole tail as texts, read under the old rules: the history, then
     * what a failed reload left pending */
    int n = g->nhist + g->npending;
    gpending *seq = calloc((size_t)(n ? n : 1), sizeof *seq);
    if (!seq) { snprintf(err, errlen, "out of memory"); return NULL; }
    bool ok = true;
    for (int i = 0; i < g->nhist && ok; i++) {
        char text[1024];
        int actor = 0;
        if (!entry_text(g, i, GAME_FULL_TEXT, text, sizeof text, &actor)) snprintf(text, sizeof text, "?");
        seq[i].text = strdup(g->hedit[i] ? g->hedit[i] : text);
        seq[i].edit = g->hedit[i] != NULL;
        seq[i].actor = actor;
        ok = seq[i].text != NULL;
    }
    for (int k = 0; k < g->npending && ok; k++) {
        seq[g->nhist + k] = g->pending[k];
        seq[g->nhist + k].text = strdup(g->pending[k].text);
        ok = seq[g->nhist + k].text != NULL;
    }
    game *fresh = ok ? game_reopen(g, err, errlen) : NULL;
    if (!ok) snprintf(err, errlen, "out of memory");
    if (fresh) {
        /* back where the person was: after the pending tail when they stood
         * at its start, else where they stood */
        int target = g->npending && g->ncur == g->nhist ? n : g->ncur;
        int done = 0;
        for (; done < n; done++) {
            int64_t m;
            bool parsed = seq[done].edit || game_parse(fresh, seq[done].text, &m);
            bool played = seq[done].edit ? game_edit(fresh, seq[done].text) : parsed && game_apply(fresh, m, true, true);
            if (!played) {
                rep->failed = done;
                rep->actor = seq[done].actor;
                rep->edit = seq[done].edit;
                snprintf(rep->text, sizeof rep->text, "%s", seq[done].text);
                snprintf(rep->why, sizeof rep->why, "%s", fresh->err);
                if (!parsed && game_refusal(fresh, seq[done].text, rep->why, sizeof rep->why) < 0)
                    snprintf(rep->why, sizeof rep->why, "%s", fresh->err);
                break;
            }
        }
        rep->replayed = done;
        while (game_position(fresh) > target) game_undo(fresh);
        for (int k = done; k < n; k++)
            if (!game_add_pending(fresh, seq[k].text, seq[k].edit, seq[k].actor)) {
                game_close(fresh);
                fresh = NULL;
                snprintf(err, errlen, "out of memory");
                break;
            }
        rep->total = n;
        rep->target = target;
    }
    for (int i = 0; i < n; i++) free(seq[i].text);
    free(seq);
    return fresh;
}
