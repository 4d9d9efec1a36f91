/*
 * check.c — `grove check` (check.h): random games of a rule script, with
 * every check that needs no knowledge of its rules, and the diagnoses that
 * turn a failure into the script line to fix.
 *
 * The games run on the checked path (game.h), each in a fresh VM; what the
 * first VM went through is kept in a trace (the moves, their texts, the
 * legal lists, the hash after each move) so a second VM, and the VMs of
 * the diagnoses, can follow it and compare.
 */
#include "game_impl.h"

#include <ctype.h>
#include <inttypes.h>
#include <lauxlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "deck.h"
#include "hidden.h"
#include "host.h"

#define TEXT_LEN 256               /* a move text as game_describe gives it */
#define TEXT_MAX 240               /* the longest text that fits: game_describe's buffer, a save line */
#define MAX_SITES 64               /* pairs call sites tried one by one */
#define MAX_SLOTS 4096             /* Lua values watched for a change outside the host */
#define STREAM_PICK 0x7069636bULL  /* the random choices' generator stream ("pick") */

/* ---- what the first VM went through ------------------------------------------------ */

typedef struct {
    int n, cap;                    /* moves played */
    int64_t *move;                 /* move[i]: move i + 1 */
    int *actor;                    /* who played it */
    char (*text)[TEXT_LEN];        /* its text, read in the position it was played from */
    uint64_t *hash;                /* hash[i]: the state after i moves (n + 1 of them) */
    int64_t *legal;                /* every position's legal moves, one list after another */
    size_t nlegal, caplegal;
    size_t *legal_at;              /* legal_at[i]..legal_at[i + 1]: position i's list */
} trace;

static void trace_free(trace *t)
{
    free(t->move);
    free(t->actor);
    free(t->text);
    free(t->hash);
    free(t->legal);
    free(t->legal_at);
    memset(t, 0, sizeof *t);
}

/* Room for move n (and position n + 1's entries). */
static bool trace_grow(trace *t)
{
    if (t->n + 2 <= t->cap) return true;
    int cap = t->cap ? t->cap * 2 : 256;
    int64_t *move = realloc(t->move, (size_t)cap * sizeof *move);
    if (move) t->move = move;
    int *actor = realloc(t->actor, (size_t)cap * sizeof *actor);
    if (actor) t->actor = actor;
    char (*text)[TEXT_LEN] = realloc(t->text, (size_t)cap * sizeof *text);
    if (text) t->text = text;
    uint64_t *hash = realloc(t->hash, (size_t)(cap + 1) * sizeof *hash);
    if (hash) t->hash = hash;
    size_t *at = realloc(t->legal_at, (size_t)(cap + 2) * sizeof *at);
    if (at) t->legal_at = at;
    if (!move || !actor || !text || !hash || !at) return false;
    t->cap = cap;
    return true;
}

/* Append position t->n's legal list. */
static bool trace_legal(trace *t, const int64_t *moves, int n)
{
    if (t->nlegal + (size_t)n > t->caplegal) {
        size_t cap = t->caplegal ? t->caplegal : 4096;
        while (cap < t->nlegal + (size_t)n) cap *= 2;
        int64_t *l = realloc(t->legal, cap * sizeof *l);
        if (!l) return false;
        t->legal = l;
        t->caplegal = cap;
    }
    if (n > 0) memcpy(t->legal + t->nlegal, moves, (size_t)n * sizeof *moves);
    t->legal_at[t->n] = t->nlegal;
    t->nlegal += (size_t)n;
    t->legal_at[t->n + 1] = t->nlegal;
    return true;
}

static const int64_t *trace_list(const trace *t, int pos, int *n)
{
    *n = (int)(t->legal_at[pos + 1] - t->legal_at[pos]);
    return t->legal + t->legal_at[pos];
}

/* ---- the checker ----------------------------------------------------------------- */

typedef struct {
    const check_opts *o;
    grove_vm *proto;
    check_stats *st;
    check_failure *fail;
    uint64_t seed;                 /* the game's */
    grove_vm *vm;                  /* the first VM, and its game */
    game *g;
    trace tr;
    size_t size;                   /* bytes of a state */
    uint8_t *here, *there;         /* snapshots: the position, a re-dealt one */
    /* the position's legal moves and what the checker learnt of each */
    int n, cap;
    int64_t *legal;
    char (*texts)[TEXT_LEN];       /* as described (for everyone) */
    char (*norm)[TEXT_LEN];        /* normalized, as game_parse compares */
    uint64_t *after;               /* after[i * views + v]: what viewer v sees after move i */
    int views;                     /* players + 1 when some card is hidden, else 0 */
    /* the kinds' and the catalog's names: index into st->kinds / st->catalog */
    int kind_of[256];
    int *catalog_of;               /* catalog_of[card]: index into st->catalog, -1 unnamed */
    int catalog_cards;
    bool *seen_now;                /* seen_now[i]: catalog name i seen in this game */
    bool *not_cards;               /* not_cards[comp]: a zone catalog.except names (NULL: none) */
    /* the Lua values outside the host, for the diagnoses (vm's registry) */
    int slots_ref;
    int nslots;
    uint64_t *slot_base;           /* their digests when the game opened */
} checker;

/* Record the failure; returns false, so a check can `return failf(...)`. */
__attribute__((format(printf, 6, 7)))
static bool failf(checker *c, const char *check, int move, int seat, const char *text, const char *fmt, ...)
{
    check_failure *f = c->fail;
    snprintf(f->check, sizeof f->check, "%s", check);
    f->seed = c->seed;
    f->move = move;
    f->seat = seat;
    snprintf(f->text, sizeof f->text, "%s", text ? text : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->what, sizeof f->what, fmt, ap);
    va_end(ap);
    size_t n = strlen(f->what);
    while (n && f->what[n - 1] == '\n') f->what[--n] = '\0';
    return false;
}

static bool no_memory(checker *c)
{
    return failf(c, "memory", c->tr.n, 0, NULL, "out of memory");
}

/* A VM like the prototype: its data folder and search path. pairs as
 * stock (PAIRS_STOCK), or visiting string keys sorted (vm_reorder_pairs),
 * ascending or descending, the other way at the line `flip` if given. */
enum { PAIRS_STOCK, PAIRS_SORTED, PAIRS_REVERSED };

typedef struct { bool reverse; const char *flip; } reorder_args;

static int reorder_body(lua_State *L)
{
    reorder_args *a = lua_touserdata(L, 1);
    vm_reorder_pairs(vm_of(L), a->reverse, a->flip);
    return 0;
}

static grove_vm *fresh_vm(grove_vm *proto, int pairs, const char *flip)
{
    grove_vm *vm = host_new(proto->npaths ? proto->paths[0] : ".");
    if (!vm) return NULL;
    for (int i = 0; i < proto->npaths; i++) {
        bool have = false;
        for (int k = 0; k < vm->npaths; k++) have = have || !strcmp(vm->paths[k], proto->paths[i]);
        if (!have && !vm_add_path(vm, proto->paths[i])) { vm_free(vm); return NULL; }
    }
    char err[128];
    reorder_args a = { pairs == PAIRS_REVERSED, flip };
    if (pairs != PAIRS_STOCK && !vm_protect(vm, reorder_body, &a, 0, err, sizeof err)) { vm_free(vm); return NULL; }
    return vm;
}

static game *open_in(checker *c, grove_vm *vm, char *err, size_t len)
{
    return game_open_with(vm, c->o->game, c->o->variants, c->o->players, c->seed, c->o->set, err, len);
}

/* Where a hook of the definition is written: "describe (scripts/x/game.lua:88)". */
static void hook_where(game *g, const char *hook, char *out, size_t len)
{
    lua_State *L = g->vm->L;
    int top = lua_gettop(L);
    game_push_def(g);
    lua_getfield(L, -1, hook);
    lua_Debug ar;
    if (lua_isfunction(L, -1) && lua_getinfo(L, ">S", &ar) && ar.source[0] == '@')
        snprintf(out, len, "%s (%s:%d)", hook, ar.source + 1, ar.linedefined);
    else
        snprintf(out, len, "%s", hook);
    lua_settop(L, top);
}

/* A text with its control characters shown: "take\n2". */
static void shown(const char *in, char *out, size_t len)
{
    size_t o = 0;
    for (; *in && o + 5 < len; in++) {
        unsigned char ch = (unsigned char)*in;
        if (ch == '\n') { out[o++] = '\\'; out[o++] = 'n'; }
        else if (ch == '\r') { out[o++] = '\\'; out[o++] = 'r'; }
        else if (ch == '\t') { out[o++] = '\\'; out[o++] = 't'; }
        else if (ch < 32) o += (size_t)snprintf(out + o, len - o, "\\x%02x", ch);
        else out[o++] = (char)ch;
    }
    out[o] = '\0';
}

/* Room for n moves in the position's arrays. */
static bool position_room(checker *c, int n)
{
    if (n <= c->cap && c->cap > 0) return true;
    int cap = c->cap ? c->cap : 64;
    while (cap < n) cap *= 2;
    int64_t *legal = realloc(c->legal, (size_t)cap * sizeof *legal);
    if (legal) c->legal = legal;
    char (*texts)[TEXT_LEN] = realloc(c->texts, (size_t)cap * sizeof *texts);
    if (texts) c->texts = texts;
    char (*norm)[TEXT_LEN] = realloc(c->norm, (size_t)cap * sizeof *norm);
    if (norm) c->norm = norm;
    uint64_t *after = realloc(c->after, (size_t)cap * (size_t)(c->views ? c->views : 1) * sizeof *after);
    if (after) c->after = after;
    if (!legal || !texts || !norm || !after) return false;
    c->cap = cap;
    return true;
}

/* ---- Lua values outside the host -------------------------------------------------------
 *
 * State a script keeps in Lua (an upvalue, a module's table, a field of the
 * definition) is not in the block, so undo, replay and save do not see it.
 * The slots are every upvalue of every Lua function the definition reaches
 * (not _ENV), and the definition itself; a slot's digest covers the
 * numbers, strings and booleans below it. Collecting allocates (run
 * protected); digesting does not, so a line hook may do it. */

/* The tables a digest has met: open addressing over pointers, each entry
 * stamped with the digest it belongs to, so starting a new digest is a
 * counter's step, not a clearing of the whole set. */
typedef struct {
    const void **keys;
    uint32_t *stamp;
    uint32_t now;
    size_t cap;
} ptrset;

static bool ptrset_init(ptrset *s)
{
    s->cap = 1 << 16;
    s->now = 1;
    s->keys = calloc(s->cap, sizeof *s->keys);
    s->stamp = calloc(s->cap, sizeof *s->stamp);
    if (s->keys && s->stamp) return true;
    free(s->keys);
    free(s->stamp);
    s->keys = NULL;
    s->stamp = NULL;
    return false;
}

static void ptrset_free(ptrset *s)
{
    free(s->keys);
    free(s->stamp);
    s->keys = NULL;
    s->stamp = NULL;
}

/* Start afresh: every entry is stale. */
static void ptrset_clear(ptrset *s)
{
    if (++s->now == 0) {
        memset(s->stamp, 0, s->cap * sizeof *s->stamp);
        s->now = 1;
    }
}

/* Add p; false when it was there (or the set is full). */
static bool ptrset_add(ptrset *s, const void *p)
{
    size_t i = ((uintptr_t)p >> 4) * 0x9e3779b97f4a7c15ULL % s->cap;
    for (size_t k = 0; k < s->cap; k++, i = (i + 1) % s->cap) {
        if (s->stamp[i] != s->now) {
            s->keys[i] = p;
            s->stamp[i] = s->now;
            return true;
        }
        if (s->keys[i] == p) return false;
    }
    return false;
}

static uint64_t mix(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
    return h ^ (h >> 29);
}

/* The digest of the value at idx; tables by content (each once), in an
 * order-free way; functions and userdata by type only. */
static uint64_t digest(lua_State *L, int idx, ptrset *seen, int depth)
{
    int type = lua_type(L, idx);
    uint64_t h = mix(0xcbf29ce484222325ULL, (uint64_t)type);
    switch (type) {
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) return mix(h, (uint64_t)lua_tointeger(L, idx));
        else {
            double d = lua_tonumber(L, idx);
            uint64_t w;
            memcpy(&w, &d, sizeof w);
            return mix(h, w);
        }
    case LUA_TBOOLEAN:
        return mix(h, (uint64_t)lua_toboolean(L, idx));
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        for (size_t i = 0; i < n; i++) h = mix(h, (uint8_t)s[i]);
        return h;
    }
    case LUA_TTABLE: {
        if (depth > 24 || !ptrset_add(seen, lua_topointer(L, idx)) || !lua_checkstack(L, 3)) return h;
        idx = lua_absindex(L, idx);
        uint64_t sum = 0;
        lua_pushnil(L);
        while (lua_next(L, idx)) {
            uint64_t k = digest(L, -2, seen, depth + 1);
            sum += mix(k, digest(L, -1, seen, depth + 1));
            lua_pop(L, 1);
        }
        return mix(h, sum);
    }
    default:
        return h;
    }
}

/* Collect the slots: body of a protected call with the checker. Leaves
 * in the registry {fns = {...}, ups = {...}, names = {...}}: slot k is
 * upvalue ups[k] of fns[k] (ups[k] 0: the definition itself). */
typedef struct { lua_State *L; int out; int seen; int n; } slot_walk;

static void walk(slot_walk *w, int idx, int depth)
{
    lua_State *L = w->L;
    int type = lua_type(L, idx);
    if ((type != LUA_TTABLE && type != LUA_TFUNCTION) || depth > 24 || w->n >= MAX_SLOTS) return;
    if (type == LUA_TFUNCTION && lua_iscfunction(L, idx)) return;
    luaL_checkstack(L, 6, "walking the script's values");
    idx = lua_absindex(L, idx);
    lua_pushvalue(L, idx);
    if (lua_rawget(L, w->seen) != LUA_TNIL) { lua_pop(L, 1); return; }
    lua_pop(L, 1);
    lua_pushvalue(L, idx);
    lua_pushboolean(L, 1);
    lua_rawset(L, w->seen);
    if (type == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, idx)) {
            walk(w, -1, depth + 1);
            lua_pop(L, 1);
        }
        return;
    }
    lua_Debug ar;
    lua_pushvalue(L, idx);
    lua_getinfo(L, ">S", &ar);
    for (int i = 1;; i++) {
        const char *name = lua_getupvalue(L, idx, i);
        if (!name) break;
        if (!strcmp(name, "_ENV") || w->n >= MAX_SLOTS) { lua_pop(L, 1); continue; }
        w->n++;
        lua_getfield(L, w->out, "fns");
        lua_pushvalue(L, idx);
        lua_rawseti(L, -2, w->n);
        lua_getfield(L, w->out, "ups");
        lua_pushinteger(L, i);
        lua_rawseti(L, -2, w->n);
        lua_getfield(L, w->out, "names");
        lua_pushfstring(L, "the upvalue '%s' of the function at %s:%d", *name ? name : "?",
                        ar.source[0] == '@' ? ar.source + 1 : ar.short_src, ar.linedefined);
        lua_rawseti(L, -2, w->n);
        lua_pop(L, 3);                                   /* [.., upvalue] */
        walk(w, -1, depth + 1);
        lua_pop(L, 1);
    }
}

static int collect_body(lua_State *L)
{
    game *g = lua_touserdata(L, 1);
    slot_walk w = { L, 0, 0, 1 };
    lua_createtable(L, 0, 3);
    w.out = lua_gettop(L);
    lua_newtable(L);
    game_push_def(g);
    lua_rawseti(L, -2, 1);                               /* slot 1: the definition */
    lua_setfield(L, w.out, "fns");
    lua_newtable(L);
    lua_pushinteger(L, 0);
    lua_rawseti(L, -2, 1);
    lua_setfield(L, w.out, "ups");
    lua_newtable(L);
    lua_pushliteral(L, "a field of the game's definition");
    lua_rawseti(L, -2, 1);
    lua_setfield(L, w.out, "names");
    lua_newtable(L);
    w.seen = lua_gettop(L);
    game_push_def(g);
    walk(&w, -1, 0);
    lua_settop(L, w.out);
    lua_pushinteger(L, w.n);
    return 2;
}

/* Collect the slots of c->g into c->slots_ref / c->nslots. */
static bool slots_collect(checker *c)
{
    lua_State *L = c->vm->L;
    char err[128];
    if (!vm_protect(c->vm, collect_body, c->g, 2, err, sizeof err)) return false;
    c->nslots = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    c->slots_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return c->slots_ref != LUA_REFNIL && c->slots_ref != LUA_NOREF;
}

/* The digest of slot k (1-based); no allocation. */
static uint64_t slot_digest(lua_State *L, int ref, int k, ptrset *seen)
{
    ptrset_clear(seen);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_getfield(L, -1, "fns");
    lua_rawgeti(L, -1, k);                               /* [slots, fns, fn] */
    lua_getfield(L, -3, "ups");
    lua_rawgeti(L, -1, k);
    int up = (int)lua_tointeger(L, -1);
    lua_pop(L, 2);
    uint64_t h;
    if (up == 0) h = digest(L, -1, seen, 0);
    else {
        lua_getupvalue(L, -1, up);
        h = digest(L, -1, seen, 0);
        lua_pop(L, 1);
    }
    lua_pop(L, 3);
    return h;
}

static void slot_name(lua_State *L, int ref, int k, char *out, size_t len)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_getfield(L, -1, "names");
    lua_rawgeti(L, -1, k);
    snprintf(out, len, "%s", lua_tostring(L, -1));
    lua_pop(L, 3);
}

/* The line hook's watch: the slots that changed, and the line that changed one. */
typedef struct {
    int ref;
    int *watch;                    /* slot numbers */
    uint64_t *now;                 /* their digests as last seen */
    int nwatch;
    ptrset seen;
    char prev[VM_SITE_LEN];        /* the line before this one */
    char writer[VM_SITE_LEN];      /* the line that changed a watched slot ("" none yet) */
    int which;                     /* that slot */
} line_watch;

static void watch_slots(line_watch *w, lua_State *L)
{
    for (int i = 0; i < w->nwatch; i++) {
        uint64_t h = slot_digest(L, w->ref, w->watch[i], &w->seen);
        if (h != w->now[i] && !w->writer[0] && w->prev[0]) {
            snprintf(w->writer, sizeof w->writer, "%s", w->prev);
            w->which = w->watch[i];
        }
        w->now[i] = h;
    }
}

static void on_line(void *ctx, lua_State *L, lua_Debug *ar)
{
    line_watch *w = ctx;
    watch_slots(w, L);
    if (lua_getinfo(L, "Sl", ar))
        snprintf(w->prev, sizeof w->prev, "%s:%d", ar->source[0] == '@' ? ar->source + 1 : ar->short_src,
                 ar->currentline);
}

/* Apply move m from the state now, watching the Lua values outside the
 * host: write into out what it changes there, and the line that does, if
 * any ("" when nothing outside the host changed). The state is put back. */
static void diagnose_outside(checker *c, game *g, int64_t m, char *out, size_t len)
{
    out[0] = '\0';
    lua_State *L = c->vm->L;
    uint8_t *snap = malloc(c->size);
    ptrset seen = { 0 };
    uint64_t *before = NULL, *after = NULL;
    line_watch w = { 0 };
    if (!snap || !ptrset_init(&seen) || !game_snapshot(g, snap)) goto done;
    if (c->slots_ref == LUA_NOREF && !slots_collect(c)) goto done;
    before = malloc((size_t)c->nslots * sizeof *before);
    after = malloc((size_t)c->nslots * sizeof *after);
    w.watch = malloc((size_t)c->nslots * sizeof *w.watch);
    w.now = malloc((size_t)c->nslots * sizeof *w.now);
    if (!before || !after || !w.watch || !w.now) goto done;
    for (int k = 1; k <= c->nslots; k++) before[k - 1] = slot_digest(L, c->slots_ref, k, &seen);
    bool ok = game_apply(g, m, false, false);
    for (int k = 1; k <= c->nslots; k++) after[k - 1] = slot_digest(L, c->slots_ref, k, &seen);
    game_restore(g, snap);
    if (!ok) goto done;
    for (int k = 1; k <= c->nslots; k++)
        if (before[k - 1] != after[k - 1]) w.watch[w.nwatch++] = k;
    if (!w.nwatch) goto done;
    /* again, under a line hook watching only what changed */
    w.ref = c->slots_ref;
    w.seen = seen;
    for (int i = 0; i < w.nwatch; i++) w.now[i] = before[w.watch[i] - 1];
    vm_listen_lines(c->vm, on_line, &w);
    game_apply(g, m, false, false);
    vm_listen_lines(c->vm, NULL, NULL);
    watch_slots(&w, L);                                  /* a change on the last line */
    game_restore(g, snap);
    char name[300];
    if (w.writer[0]) {
        slot_name(L, c->slots_ref, w.which, name, sizeof name);
        snprintf(out, len, "%s changes %s", w.writer, name);
    } else {
        slot_name(L, c->slots_ref, w.watch[0], name, sizeof name);
        snprintf(out, len, "apply changes %s", name);
    }
done:
    free(snap);
    ptrset_free(&seen);
    free(before);
    free(after);
    free(w.watch);
    free(w.now);
}

/* The slots' digests when the game opened, to tell later what a game left
 * behind for the next. */
static void remember_slots(checker *c)
{
    free(c->slot_base);
    c->slot_base = NULL;
    if (c->slots_ref == LUA_NOREF && !slots_collect(c)) return;
    ptrset seen;
    if (!ptrset_init(&seen)) return;
    c->slot_base = malloc((size_t)c->nslots * sizeof *c->slot_base);
    if (c->slot_base)
        for (int k = 1; k <= c->nslots; k++) c->slot_base[k - 1] = slot_digest(c->vm->L, c->slots_ref, k, &seen);
    ptrset_free(&seen);
}

/* The first slot that changed since remember_slots (its name into out),
 * or 0 (out ""). */
static int slots_changed(checker *c, char *out, size_t len)
{
    out[0] = '\0';
    ptrset seen;
    if (!c->slot_base || !ptrset_init(&seen)) return 0;
    int changed = 0;
    for (int k = 1; k <= c->nslots && !changed; k++)
        if (slot_digest(c->vm->L, c->slots_ref, k, &seen) != c->slot_base[k - 1]) {
            slot_name(c->vm->L, c->slots_ref, k, out, len);
            changed = k;
        }
    ptrset_free(&seen);
    return changed;
}

/* The line that changes slot k while another game opens in c->vm (its
 * setup), into out; "" when setup does not change it. */
static void setup_writer(checker *c, int k, char *out, size_t len)
{
    out[0] = '\0';
    lua_State *L = c->vm->L;
    line_watch w = { 0 };
    int watch = k;
    uint64_t now;
    if (!ptrset_init(&w.seen)) return;
    w.ref = c->slots_ref;
    w.watch = &watch;
    w.now = &now;
    w.nwatch = 1;
    now = slot_digest(L, w.ref, k, &w.seen);
    char err[GAME_ERRLEN];
    vm_listen_lines(c->vm, on_line, &w);
    game *g = open_in(c, c->vm, err, sizeof err);
    vm_listen_lines(c->vm, NULL, NULL);
    watch_slots(&w, L);
    if (g) game_close(g);
    ptrset_free(&w.seen);
    snprintf(out, len, "%s", w.writer);
}

static const char *const OUTSIDE_HINT =
    "  A rule script keeps its state in the host's components (s:vars, s:pool, decks ...):\n"
    "  undo, redo, replay and save files only know those. Keep this value there.";

/* ---- counting: kinds and the catalog --------------------------------------------------- */

static int count_index(check_count *list, int *n, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp(list[i].name, name)) return i;
    if (*n >= CHECK_MAX_NAMES) return -1;
    snprintf(list[*n].name, sizeof list[*n].name, "%s", name);
    list[*n].offered = list[*n].played = 0;
    return (*n)++;
}

/* The kinds' names (game_kind_name), and the catalog from def.catalog =
 * {what = "cards", names = {[id] = name, ...}}. */
static bool read_names(checker *c)
{
    lua_State *L = c->vm->L;
    check_stats *st = c->st;
    int top = lua_gettop(L);
    for (int k = 0; k < 256; k++) {
        char name[CHECK_NAME_LEN];
        c->kind_of[k] = k > 0 && game_kind_name(c->g, k, name, sizeof name) ? count_index(st->kinds, &st->nkinds, name) : -1;
    }
    game_push_def(c->g);
    int def = lua_gettop(L);
    st->has_played = lua_getfield(L, def, "played") == LUA_TFUNCTION;
    lua_settop(L, def);
    if (lua_getfield(L, def, "catalog") != LUA_TNIL) {
        if (!lua_istable(L, -1) || lua_getfield(L, -1, "names") != LUA_TTABLE) {
            lua_settop(L, top);
            return failf(c, "catalog", 0, 0, NULL, "the definition's catalog must be a table {what = \"cards\", "
                         "names = {[id] = name, ...}} (see types/definition.lua)");
        }
        int names = lua_gettop(L);
        lua_getfield(L, names - 1, "what");
        snprintf(st->catalog_what, sizeof st->catalog_what, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "entries");
        lua_pop(L, 1);
        lua_Integer max = 0;
        lua_pushnil(L);
        while (lua_next(L, names)) {
            lua_pop(L, 1);
            if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0 || lua_tointeger(L, -1) > 1000000) {
                lua_settop(L, top);
                return failf(c, "catalog", 0, 0, NULL, "catalog.names must be indexed by card ids (integers 0.."
                             "1000000): names[id] = \"name\"");
            }
            if (lua_tointeger(L, -1) > max) max = lua_tointeger(L, -1);
        }
        free(c->catalog_of);
        c->catalog_cards = (int)max + 1;
        c->catalog_of = malloc((size_t)c->catalog_cards * sizeof *c->catalog_of);
        free(c->seen_now);
        c->seen_now = calloc(CHECK_MAX_NAMES, sizeof *c->seen_now);
        if (!c->catalog_of || !c->seen_now) { lua_settop(L, top); return no_memory(c); }
        for (int id = 0; id < c->catalog_cards; id++) {
            c->catalog_of[id] = -1;
            if (lua_rawgeti(L, names, id) == LUA_TSTRING) {
                char norm[CHECK_NAME_LEN];
                game_normalize_text(lua_tostring(L, -1), norm, sizeof norm);
                c->catalog_of[id] = count_index(st->catalog, &st->ncatalog, norm);
            }
            lua_pop(L, 1);
        }
        /* the zones that hold something else */
        free(c->not_cards);
        c->not_cards = calloc((size_t)c->g->st->ncomps, sizeof *c->not_cards);
        if (!c->not_cards) { lua_settop(L, top); return no_memory(c); }
        if (lua_getfield(L, names - 1, "except") == LUA_TTABLE)
            for (int i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
                int comp = lua_isstring(L, -1) ? state_find(c->g->st, lua_tostring(L, -1)) : -1;
                if (comp < 0 || c->g->st->comps[comp].kind != &deck_kind) {
                    lua_settop(L, top);
                    return failf(c, "catalog", 0, 0, NULL, "catalog.except names '%s', which is no card zone of "
                                 "the game", lua_isstring(L, -1) ? lua_tostring(L, -1) : "?");
                }
                c->not_cards[comp] = true;
                lua_pop(L, 1);
            }
    }
    lua_settop(L, top);
    return true;
}

static int kind_index(checker *c, int kind)
{
    if (c->kind_of[kind] < 0) {
        char name[32];
        snprintf(name, sizeof name, "kind %d", kind);
        c->kind_of[kind] = count_index(c->st->kinds, &c->st->nkinds, name);
    }
    return c->kind_of[kind];
}

/* Mark the catalog entries some seat sees now; a card id the catalog does
 * not name fails. */
static bool see_cards(checker *c, int move, int seat)
{
    if (!c->catalog_of) return true;
    gstate *st = c->g->st;
    for (int i = 0; i < st->ncomps; i++) {
        if (st->comps[i].kind != &deck_kind || c->not_cards[i]) continue;
        const deck_t *d = state_comp(st, i);
        bool seen = d->vis == DECK_FACE_UP || (d->vis == DECK_OWNER_ONLY && d->owner >= 1);
        for (int k = 0; k < d->count; k++) {
            int32_t card = d->cards[k];
            int idx = card >= 0 && card < c->catalog_cards ? c->catalog_of[card] : -1;
            if (idx < 0)
                return failf(c, "catalog", move, seat, move ? c->tr.text[move - 1] : NULL,
                             "the zone '%s' holds %d, which the definition's catalog.names does not name (a zone "
                             "that holds something else than the catalog's ids goes in catalog.except)",
                             st->comps[i].name, (int)card);
            if (seen && idx < CHECK_MAX_NAMES) c->seen_now[idx] = true;
        }
    }
    return true;
}

/* ---- one position ------------------------------------------------------------------ */

static bool hash_of(checker *c, uint64_t *h)
{
    if (game_hash(c->g, h)) return true;
    return failf(c, "vars", c->tr.n, 0, NULL, "%s", game_error(c->g));
}

/* A hook that only reads (moves, actor, result, describe, parse, render)
 * must leave the state as it was. */
static bool unchanged(checker *c, uint64_t before, const char *hook, int seat)
{
    uint64_t now;
    if (!hash_of(c, &now)) return false;
    if (now == before) return true;
    game_restore(c->g, c->here);
    char where[300];
    hook_where(c->g, hook, where, sizeof where);
    return failf(c, "reading hooks", c->tr.n + 1, seat, NULL, "%s changed the state: the hooks that only "
                 "read (moves, actor, result, describe, parse, render) must not change it", where);
}

/* def.parse(s, text) alone, without game_parse's check that the move is
 * legal (the caller compares with the legal list, which is cheaper than
 * listing the moves again for every text): 1 with *m for a move, 0 for a
 * refusal (why in game_error), 2 for "match the texts" (nil, nil), -1 for
 * an error (the state is put back). */
static int parse_hook(checker *c, const char *text, int64_t *m)
{
    game *g = c->g;
    lua_State *L = g->vm->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->fn_parse);
    game_push_state(g);
    lua_pushstring(L, text);
    struct gstate *prev = g->vm->current;
    g->vm->current = g->st;
    int status = vm_call(g->vm, 2, 2, "parse");
    g->vm->current = prev;
    if (status != LUA_OK) {
        game_set_error(g, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
        game_restore(g, c->here);
        return -1;
    }
    int read = 2;
    if (lua_isinteger(L, -2)) { *m = lua_tointeger(L, -2); read = 1; }
    else if (lua_type(L, -1) == LUA_TSTRING) { game_set_error(g, "%s", lua_tostring(L, -1)); read = 0; }
    lua_pop(L, 2);
    return read;
}

static const char *viewer_name(int v, char *buf, size_t len)
{
    if (v == 0) snprintf(buf, len, "an onlooker");
    else snprintf(buf, len, "seat %d", v);
    return buf;
}

/* A move's text as `viewer` reads it is one line a person can read. */
static bool check_line(checker *c, const char *text, int viewer, int actor)
{
    const char *bad = !*text ? "is empty" : strlen(text) > TEXT_MAX ? "is too long" : NULL;
    for (const char *p = text; *p && !bad; p++)
        if ((unsigned char)*p < 32) bad = *p == '\n' ? "holds a newline" : "holds a control character";
    if (!bad) return true;
    char where[300], show[TEXT_LEN * 2], who[32];
    hook_where(c->g, "describe", where, sizeof where);
    shown(text, show, sizeof show);
    viewer_name(viewer, who, sizeof who);
    return failf(c, "move texts", c->tr.n + 1, actor, show, "the move text '%s', as %s reads it, %s: %s must give "
                 "every viewer one line", show, who, bad, where);
}

/* Every legal move's text: one line that fits, unique, read back. */
static bool check_texts(checker *c, int actor, uint64_t h)
{
    game *g = c->g;
    int pos = c->tr.n;
    char where[300], show[TEXT_LEN * 2], why[256];
    for (int i = 0; i < c->n; i++) {
        char *t = c->texts[i];
        if (!game_describe(g, c->legal[i], t, TEXT_LEN))
            return failf(c, "move texts", pos + 1, actor, NULL, "%s", game_error(g));
        c->st->texts++;
        game_normalize_text(t, c->norm[i], TEXT_LEN);
        const char *bad = NULL;
        for (const char *p = t; *p && !bad; p++)
            if ((unsigned char)*p < 32) bad = *p == '\n' ? "newline" : "control character";
        char *end;
        strtol(c->norm[i], &end, 10);
        bool number = end != c->norm[i] && *end == '\0';
        bool taken = !bad && !number && c->o->shadowed && c->o->shadowed(c->norm[i], why, sizeof why);
        if (!bad && !number && !taken && c->norm[i][0] && strlen(t) <= TEXT_MAX) continue;
        hook_where(g, "describe", where, sizeof where);
        shown(t, show, sizeof show);
        if (strlen(t) > TEXT_MAX)
            return failf(c, "move texts", pos + 1, actor, show, "a move text of %zu characters: %s must give at "
                         "most %d, so the text fits a save file and a person can type it", strlen(t), where, TEXT_MAX);
        if (bad)
            return failf(c, "move texts", pos + 1, actor, show, "the move text '%s' holds a %s: %s must give "
                         "one line (a save file writes one move a line; a person types one line)", show, bad, where);
        if (!c->norm[i][0])
            return failf(c, "move texts", pos + 1, actor, show, "an empty move text: %s must give every move a "
                         "text a person can type", where);
        if (number)
            return failf(c, "move texts", pos + 1, actor, show, "the move text '%s' is a number, which the REPL "
                         "reads as the number of a move in the list: %s must give a word too", show, where);
        return failf(c, "move texts", pos + 1, actor, show, "the move text '%s' %s: %s must give another text",
                     show, why, where);
    }
    if (!unchanged(c, h, "describe", actor)) return false;
    /* unique, as game_parse compares them */
    for (int i = 0; i < c->n; i++)
        for (int k = i + 1; k < c->n; k++)
            if (!strcmp(c->norm[i], c->norm[k])) {
                hook_where(g, "describe", where, sizeof where);
                return failf(c, "move texts", pos + 1, actor, c->texts[k], "moves %d and %d of the list both read "
                             "'%s' (kind %d (%d, %d, %d) and kind %d (%d, %d, %d)): %s must give every legal move "
                             "its own text, or a person cannot choose between them", i + 1, k + 1,
                             c->texts[i], move_kind(c->legal[i]), move_a(c->legal[i]), move_b(c->legal[i]),
                             move_c(c->legal[i]), move_kind(c->legal[k]), move_a(c->legal[k]), move_b(c->legal[k]),
                             move_c(c->legal[k]), where);
            }
    /* read back: by the game's parse if it has one (else by the texts,
     * which are unique) */
    if (g->fn_parse != LUA_NOREF)
        for (int i = 0; i < c->n; i++) {
            int64_t m = 0;
            int read = parse_hook(c, c->texts[i], &m);
            if (read == 2 || (read == 1 && m == c->legal[i])) continue;
            hook_where(g, "parse", where, sizeof where);
            if (read < 0) return failf(c, "move texts", pos + 1, actor, c->texts[i], "%s", game_error(g));
            if (read == 0)
                return failf(c, "move texts", pos + 1, actor, c->texts[i], "the text of a legal move is refused: "
                             "%s\n  %s must read back every text describe gives", game_error(g), where);
            char other[TEXT_LEN];
            game_describe(g, m, other, sizeof other);
            return failf(c, "move texts", pos + 1, actor, c->texts[i], "'%s' reads back as another move, '%s': "
                         "%s must give back the move describe wrote the text for", c->texts[i], other, where);
        }
    return unchanged(c, h, "parse", actor);
}

/* Texts that are no legal move now must be refused and change nothing
 * (a game without parse reads texts by describing its legal moves, which
 * the other checks cover). */
static bool check_refused(checker *c, int actor)
{
    game *g = c->g;
    if (g->fn_parse == LUA_NOREF) return true;
    char tries[4][TEXT_LEN];
    int n = 0;
    snprintf(tries[n++], TEXT_LEN, "zz%s", c->n ? c->texts[0] : "");
    if (c->n) snprintf(tries[n++], TEXT_LEN, "%.*s 9999", TEXT_MAX, c->texts[c->n - 1]);
    if (c->tr.n > 0) snprintf(tries[n++], TEXT_LEN, "%s", c->tr.text[c->tr.n - 1]);   /* the last move, again */
    for (int i = 0; i < n; i++) {
        uint64_t before, now;
        if (!hash_of(c, &before)) return false;
        int hist = game_history_length(g), at = game_position(g);
        int64_t m;
        bool parsed = game_parse(g, tries[i], &m);
        if (!hash_of(c, &now)) return false;
        if (now != before || game_history_length(g) != hist || game_position(g) != at) {
            char where[300];
            hook_where(g, "parse", where, sizeof where);
            game_restore(g, c->here);
            return failf(c, "refused texts", c->tr.n + 1, actor, tries[i], "reading the text '%s' changed the "
                         "state: %s must only read", tries[i], where);
        }
        if (parsed) {
            bool legal = false;
            for (int k = 0; k < c->n; k++) legal = legal || c->legal[k] == m;
            if (!legal) return failf(c, "refused texts", c->tr.n + 1, actor, tries[i], "'%s' was taken for a move "
                                     "that is not legal", tries[i]);
        }
    }
    return true;
}

/* Apply every legal move from here, and put the state back. */
static bool check_all_apply(checker *c, int actor)
{
    game *g = c->g;
    for (int i = 0; i < c->n; i++) {
        if (!game_apply(g, c->legal[i], false, false))
            return failf(c, "legal moves apply", c->tr.n + 1, actor, c->texts[i], "the legal move '%s' fails: %s",
                         c->texts[i], game_error(g));
        c->st->tried++;
        for (int v = 0; v < c->views; v++) c->after[(size_t)i * (size_t)c->views + (size_t)v] = hidden_view_hash(g->st, v);
        game_restore(g, c->here);
    }
    return true;
}

/* The first line where two texts differ, for the message. */
static void first_difference(const char *a, const char *b, char *out, size_t len)
{
    int line = 1;
    const char *la = a, *lb = b;
    while (*a && *a == *b) {
        if (*a == '\n') { line++; la = a + 1; lb = b + 1; }
        a++;
        b++;
    }
    int na = (int)strcspn(la, "\n"), nb = (int)strcspn(lb, "\n");
    snprintf(out, len, "line %d of the render, '%.*s', became '%.*s'", line, na > 120 ? 120 : na, la,
             nb > 120 ? 120 : nb, lb);
}

/* What a viewer cannot see, re-dealt: its render, its own moves (when it
 * is to move) and what other seats' moves tell it must not change. */
static bool check_hidden(checker *c, int actor, uint64_t h)
{
    game *g = c->g;
    int pos = c->tr.n, views = c->views;
    char where[300], who[32], diff[400];
    bool ok = true;
    char *render = NULL, *render2 = NULL;
    int64_t *legal2 = NULL;
    char (*mine)[TEXT_LEN] = NULL, (*theirs)[TEXT_LEN] = NULL;
    uint64_t *after2 = NULL;
    for (int nth = 0; nth < views && ok; nth++) {
        /* the seat to move first: when its own moves depend on what it cannot see, say that */
        int v = nth == 0 ? actor : (nth <= actor ? nth - 1 : nth);
        viewer_name(v, who, sizeof who);
        render = game_render(g, v);
        if (!render) { ok = failf(c, "hidden information", pos + 1, actor, NULL, "%s", game_error(g)); break; }
        if (!unchanged(c, h, "render", actor)) { ok = false; break; }
        free(mine);
        mine = malloc((size_t)(c->n ? c->n : 1) * sizeof *mine);
        if (!mine) { ok = no_memory(c); break; }
        for (int i = 0; i < c->n && ok; i++) {
            game_describe_for(g, c->legal[i], v, mine[i], TEXT_LEN);
            ok = check_line(c, mine[i], v, actor);
        }
        if (!ok) break;
        uint64_t seed = mix(mix(c->seed, (uint64_t)pos), (uint64_t)v);
        if (!game_redeal(g, v, seed)) { ok = failf(c, "hidden information", pos + 1, actor, NULL, "%s", game_error(g)); break; }
        c->st->redeals++;
        if (!game_snapshot(g, c->there)) { ok = failf(c, "vars", pos + 1, actor, NULL, "%s", game_error(g)); break; }
        render2 = game_render(g, v);
        if (!render2) { ok = failf(c, "hidden information", pos + 1, actor, NULL, "%s", game_error(g)); break; }
        if (strcmp(render, render2)) {
            hook_where(g, "render", where, sizeof where);
            first_difference(render, render2, diff, sizeof diff);
            ok = failf(c, "hidden information", pos, pos ? c->tr.actor[pos - 1] : 0, pos ? c->tr.text[pos - 1] : NULL,
                       "what %s sees changes when the cards it cannot see "
                       "are dealt otherwise: %s.\n  %s shows %s something it may not see (render(s, viewer) "
                       "must draw only the zones the viewer may see: zone:visible_to(viewer))", who, diff,
                       where, who);
            break;
        }
        const int64_t *l2;
        int n2 = game_legal(g, &l2);
        if (n2 < 0) { ok = failf(c, "hidden information", pos + 1, actor, NULL, "%s", game_error(g)); break; }
        free(legal2);
        legal2 = malloc((size_t)(n2 ? n2 : 1) * sizeof *legal2);
        free(theirs);
        theirs = malloc((size_t)(n2 ? n2 : 1) * sizeof *theirs);
        free(after2);
        after2 = malloc((size_t)(n2 ? n2 : 1) * sizeof *after2);
        if (!legal2 || !theirs || !after2) { ok = no_memory(c); break; }
        if (n2 > 0) memcpy(legal2, l2, (size_t)n2 * sizeof *legal2);
        for (int i = 0; i < n2; i++) game_describe_for(g, legal2[i], v, theirs[i], TEXT_LEN);
        hook_where(g, "describe", where, sizeof where);
        if (v == actor) {
            /* its own moves: the same, read the same */
            bool same = n2 == c->n;
            for (int i = 0; same && i < n2; i++) same = !strcmp(mine[i], theirs[i]);
            if (!same) {
                int i = 0;
                while (i < n2 && i < c->n && !strcmp(mine[i], theirs[i])) i++;
                hook_where(g, "moves", where, sizeof where);
                ok = failf(c, "hidden information", pos + 1, actor, i < c->n ? mine[i] : NULL, "the legal moves of %s "
                           "change when the cards it cannot see are dealt otherwise (%d moves, move %d '%s'; then "
                           "%d moves, move %d '%s'): %s may offer a seat only moves that follow from what it sees",
                           who, c->n, i + 1, i < c->n ? mine[i] : "(none)", n2, i + 1, i < n2 ? theirs[i] : "(none)",
                           where);
                break;
            }
        } else {
            for (int i = 0; i < n2; i++) {
                if (!game_apply(g, legal2[i], false, false)) {
                    ok = failf(c, "legal moves apply", pos + 1, actor, theirs[i], "after re-dealing the cards %s cannot "
                               "see, the legal move '%s' fails: %s", who, theirs[i], game_error(g));
                    break;
                }
                after2[i] = hidden_view_hash(g->st, v);
                game_restore(g, c->there);
            }
            if (!ok) break;
            /* a move in both lists, which the viewer cannot tell from itself afterwards, reads the same */
            for (int k = 0; k < n2 && ok; k++)
                for (int i = 0; i < c->n; i++) {
                    if (c->legal[i] != legal2[k]) continue;
                    if (c->after[(size_t)i * (size_t)views + (size_t)v] == after2[k] && strcmp(mine[i], theirs[k]))
                        ok = failf(c, "hidden information", pos + 1, actor, c->texts[i], "seat %d's move '%s' "
                                   "reads '%s' to %s, and '%s' once the cards %s cannot see are dealt otherwise, "
                                   "though either way it leaves %s the same view: the text tells %s a card it may "
                                   "not see. %s must give %s a text from what it sees", actor, c->texts[i], mine[i],
                                   who, theirs[k], who, who, who, where, who);
                    break;
                }
            /* a move legal only before the re-deal and one legal only after it (the cards re-dealt made
             * them so), of one kind, that the viewer cannot tell apart afterwards, read the same */
            for (int a = 0; a < c->n && ok; a++) {
                bool both = false;
                for (int k2 = 0; k2 < n2 && !both; k2++) both = legal2[k2] == c->legal[a];
                if (both) continue;
                uint64_t va = c->after[(size_t)a * (size_t)views + (size_t)v];
                for (int b = 0; b < n2 && ok; b++) {
                    if (move_kind(legal2[b]) != move_kind(c->legal[a]) || after2[b] != va) continue;
                    bool b_both = false;
                    for (int k2 = 0; k2 < c->n && !b_both; k2++) b_both = c->legal[k2] == legal2[b];
                    if (b_both || !strcmp(mine[a], theirs[b])) continue;
                    ok = failf(c, "hidden information", pos + 1, actor, c->texts[a], "seat %d may play '%s' or, "
                               "once the cards %s cannot see are dealt otherwise, '%s': %s cannot tell the two "
                               "apart once played, yet reads them differently ('%s', '%s'), so the text tells %s "
                               "a card it may not see. %s must give %s a text from what it sees (describe(s, "
                               "move, viewer))", actor, c->texts[a], who, theirs[b], who, mine[a], theirs[b], who,
                               where, who);
                }
            }
        }
        game_restore(g, c->here);
        free(render);
        free(render2);
        render = render2 = NULL;
    }
    free(render);
    free(render2);
    free(legal2);
    free(mine);
    free(theirs);
    free(after2);
    game_restore(g, c->here);
    return ok;
}

/* The result once the game is over: a rank for every seat. */
static bool check_result(checker *c)
{
    game *g = c->g;
    int players = game_players(g);
    int ranks[64] = { 0 };
    double scores[64];
    game_result r = { .scores = scores, .ranks = ranks };
    if (players > 64) return true;
    char where[300];
    hook_where(g, "result", where, sizeof where);
    if (!game_outcome(g, &r))
        return failf(c, "the end", c->tr.n, 0, NULL, "%s", game_error(g));
    if (!r.over)
        return failf(c, "the end", c->tr.n, c->tr.n ? c->tr.actor[c->tr.n - 1] : 0, c->tr.n ? c->tr.text[c->tr.n - 1] : NULL, "no seat has a legal move, "
                     "yet %s gives no result: the game is stuck (a move missing from moves, or an end that result "
                     "does not see)", where);
    for (int s = 0; s < players; s++)
        if (ranks[s] < 1)
            return failf(c, "the end", c->tr.n, 0, NULL, "%s gives seat %d no rank (result.ranks[%d] must be 1 "
                         "for a winner, 2 for the next ...)", where, s + 1, s + 1);
    return true;
}

/* ---- one game -------------------------------------------------------------------------- */

/* The checks of the position now (c->tr.n moves played); *n gets the
 * number of legal moves. */
static bool check_position(checker *c, int *nlegal)
{
    game *g = c->g;
    trace *t = &c->tr;
    int pos = t->n;
    if (!game_snapshot(g, c->here)) return failf(c, "vars", pos, 0, NULL, "%s", game_error(g));
    uint64_t h = t->hash[pos];
    const int64_t *l;
    int n = game_legal(g, &l);
    if (n < 0) return failf(c, "moves", pos + 1, 0, NULL, "%s", game_error(g));
    if (!position_room(c, n) || !trace_legal(t, l, n)) return no_memory(c);
    if (n > 0) memcpy(c->legal, l, (size_t)n * sizeof *l);
    c->n = *nlegal = n;
    if (!unchanged(c, h, "moves", 0)) return false;
    int actor = 0;
    if (n > 0) {
        actor = game_actor(g);
        if (!actor) return failf(c, "actor", pos + 1, 0, NULL, "%s", game_error(g));
        if (!unchanged(c, h, "actor", actor)) return false;
        game_result r = { 0 };
        if (!game_outcome(g, &r)) return failf(c, "result", pos + 1, actor, NULL, "%s", game_error(g));
        if (r.over) {
            char where_result[300], where_moves[300], first[TEXT_LEN];
            game_describe(g, c->legal[0], first, sizeof first);
            hook_where(g, "result", where_result, sizeof where_result);
            hook_where(g, "moves", where_moves, sizeof where_moves);
            return failf(c, "the end", pos, pos ? t->actor[pos - 1] : 0, pos ? t->text[pos - 1] : NULL, "%s says "
                         "the game is over, yet %s still offers %d move%s (the first: '%s'): a game is over when "
                         "the seat to move has no legal move, and only then may result give the end", where_result,
                         where_moves, n, n == 1 ? "" : "s", first);
        }
        if (!unchanged(c, h, "result", actor)) return false;
        for (int i = 0; i < n; i++) c->st->kinds[kind_index(c, move_kind(c->legal[i]))].offered++;
    }
    if (!check_texts(c, actor, h)) return false;
    if (!check_refused(c, actor)) return false;
    if (!check_all_apply(c, actor)) return false;
    if (c->views && n > 0 && !check_hidden(c, actor, h)) return false;     /* the end may show all */
    return true;
}

/* Play move idx of the position, with invariants, undo and redo. */
static bool play(checker *c, int idx)
{
    game *g = c->g;
    trace *t = &c->tr;
    int pos = t->n;
    int64_t m = c->legal[idx];
    int actor = game_actor(g);
    t->move[pos] = m;
    t->actor[pos] = actor;
    snprintf(t->text[pos], TEXT_LEN, "%s", c->texts[idx]);
    if (!game_apply(g, m, true, true)) return failf(c, "apply", pos + 1, actor, c->texts[idx], "%s", game_error(g));
    t->n++;
    c->st->moves++;
    c->st->kinds[kind_index(c, move_kind(m))].played++;
    if (!hash_of(c, &t->hash[pos + 1])) return false;
    bool has;
    if (!game_invariants(g, &has))
        return failf(c, "invariants", pos + 1, actor, t->text[pos], "after this move: %s", game_error(g));
    if (has) c->st->invariants++;
    c->st->has_invariants = has;
    if (!see_cards(c, pos + 1, actor)) return false;
    char card[TEXT_LEN];
    if (!game_played(g, m, card, sizeof card)) {
        /* played(s, move) reads the state after the move; an error names its line */
        return failf(c, "played", pos + 1, actor, t->text[pos], "%s", game_error(g));
    }
    if (card[0] && c->catalog_of) {
        char norm[CHECK_NAME_LEN];
        game_normalize_text(card, norm, sizeof norm);
        int k = 0;
        while (k < c->st->ncatalog && strcmp(c->st->catalog[k].name, norm)) k++;
        if (k == c->st->ncatalog)
            return failf(c, "catalog", pos + 1, actor, t->text[pos], "played(s, move) names '%s', which the "
                         "definition's catalog.names does not", card);
        c->st->catalog[k].played++;
    }
    /* undo gives back the position, redo this move's state */
    uint64_t h;
    if (!game_undo(g) || !hash_of(c, &h) || h != t->hash[pos])
        return failf(c, "undo", pos + 1, actor, t->text[pos], "undo does not give back the state before the move");
    if (!game_redo(g)) return failf(c, "redo", pos + 1, actor, t->text[pos], "redo fails: %s", game_error(g));
    if (!hash_of(c, &h)) return false;
    if (h != t->hash[pos + 1]) {
        char why[600];
        game_undo(g);
        diagnose_outside(c, c->g, m, why, sizeof why);
        return failf(c, "undo and redo", pos + 1, actor, t->text[pos], "played again after undo, the move gives "
                     "another state than the first time.\n  %s\n%s", why[0] ? why : "(no Lua value the hooks "
                     "reach changed: look for state kept outside the host's components)", OUTSIDE_HINT);
    }
    return true;
}

/* Save and load: from the end and from halfway, to the same state; undo
 * back to halfway and redo to the end give the same states. */
static bool check_saves(checker *c)
{
    game *g = c->g;
    trace *t = &c->tr;
    int end = t->n, half = t->n / 2;
    for (int round = 0; round < 2; round++) {
        int at = round == 0 ? end : half;
        while (game_position(g) > at) {
            game_undo(g);
            uint64_t h;
            if (!hash_of(c, &h)) return false;
            if (h != t->hash[game_position(g)])
                return failf(c, "undo", game_position(g) + 1, t->actor[game_position(g)], t->text[game_position(g)],
                             "undo does not give back the state before the move");
        }
        char *text = game_save_text(g);
        if (!text) return no_memory(c);
        char err[GAME_ERRLEN];
        game *loaded = game_load_text(c->vm, text, err, sizeof err);
        if (!loaded) {
            free(text);
            return failf(c, "save and load", at, 0, at ? t->text[at - 1] : NULL, "the game saved after move %d "
                         "does not load: %s", at, err);
        }
        uint64_t h;
        bool same = game_hash(loaded, &h) && h == t->hash[at];
        char *again = same ? game_save_text(loaded) : NULL;
        bool identical = again && !strcmp(again, text);
        game_close(loaded);
        free(again);
        free(text);
        if (!same) {
            char left[300];
            slots_changed(c, left, sizeof left);
            return failf(c, "save and load", at, 0, at ? t->text[at - 1] : NULL, "the game saved after move %d "
                         "loads to another state%s%s", at, left[0] ? ": " : "", left);
        }
        if (!identical)
            return failf(c, "save and load", at, 0, at ? t->text[at - 1] : NULL, "the game saved after move %d, "
                         "loaded and saved again, gives another save file", at);
    }
    while (game_position(g) < end) {
        int i = game_position(g);
        if (!game_redo(g)) return failf(c, "redo", i + 1, t->actor[i], t->text[i], "redo fails: %s", game_error(g));
        uint64_t h;
        if (!hash_of(c, &h)) return false;
        if (h != t->hash[i + 1]) {
            char why[600];
            game_undo(g);
            diagnose_outside(c, c->g, t->move[i], why, sizeof why);
            return failf(c, "undo and redo", i + 1, t->actor[i], t->text[i], "undone back to move %d and redone, "
                         "this move gives another state than the first time.\n  %s\n%s", half,
                         why[0] ? why : "(no Lua value the hooks reach changed)", OUTSIDE_HINT);
        }
    }
    return true;
}

/* The moves' texts, replayed in a new game of the same VM, give the same states. */
static bool check_replay(checker *c)
{
    trace *t = &c->tr;
    char err[GAME_ERRLEN];
    game *g = open_in(c, c->vm, err, sizeof err);
    if (!g) return failf(c, "replay", 0, 0, NULL, "the game does not open again: %s", err);
    bool ok = true;
    uint64_t h;
    char left[300] = "";
    for (int i = 0; i <= t->n && ok; i++) {
        if (!game_hash(g, &h)) { ok = failf(c, "replay", i, 0, NULL, "%s", game_error(g)); break; }
        if (h != t->hash[i]) {
            char writer[700] = "", what[900];
            int slot = slots_changed(c, left, sizeof left);
            if (slot && i == 0) setup_writer(c, slot, writer, sizeof writer);
            if (slot && i > 0 && game_undo(g)) {
                diagnose_outside(c, g, t->move[i - 1], what, sizeof what);
                if (what[0]) snprintf(writer, sizeof writer, "%s", what);
            }
            if (writer[0] && i > 0) snprintf(what, sizeof what, "%s, which still held what the game before left in it", writer);
            else if (writer[0]) snprintf(what, sizeof what, "%s changes %s, which still held what the game before left in it", writer, left);
            else if (slot) snprintf(what, sizeof what, "%s still holds what the game before left in it", left);
            else snprintf(what, sizeof what, "(the game keeps something from one game to the next outside the host's components)");
            ok = failf(c, "replay", i, i ? t->actor[i - 1] : 0, i ? t->text[i - 1] : NULL, "the moves' texts, "
                       "replayed in a new game in the same Lua state, give another state %s.\n  %s\n%s",
                       i ? "after this move" : "at setup", what, OUTSIDE_HINT);
            break;
        }
        if (i == t->n) break;
        int64_t m;
        if (!game_parse(g, t->text[i], &m)) {
            ok = failf(c, "replay", i + 1, t->actor[i], t->text[i], "replayed in a new game, the text no longer "
                       "reads: %s", game_error(g));
            break;
        }
        if (m != t->move[i] || !game_apply(g, m, true, true)) {
            ok = failf(c, "replay", i + 1, t->actor[i], t->text[i], "replayed in a new game, the text reads as "
                       "another move");
            break;
        }
    }
    game_close(g);
    return ok;
}

/* ---- the second VM ---------------------------------------------------------------------- */

/* Follow trace t in a game of vm. Returns -1 when every state, legal
 * list, seat to move and move text is the same; else the move where they
 * part (0: setup), with what differs in why; -2 when the game does not
 * open (why). */
static int follow(checker *c, grove_vm *vm, const trace *t, char *why, size_t len)
{
    char err[GAME_ERRLEN];
    game *g = open_in(c, vm, err, sizeof err);
    if (!g) { snprintf(why, len, "%s", err); return -2; }
    int move = -1;
    for (int i = 0; i <= t->n && move < 0; i++) {
        uint64_t h;
        int n;
        const int64_t *want = trace_list(t, i, &n);
        if (!game_hash(g, &h) || h != t->hash[i]) {
            snprintf(why, len, "%s", i ? "the move leads to another state" : "setup makes another state");
            move = i;
            break;
        }
        const int64_t *l;
        int have = game_legal(g, &l);
        if (have != n || (n > 0 && memcmp(l, want, (size_t)n * sizeof *l))) {
            bool same_set = have == n;
            for (int k = 0; same_set && k < n; k++) {
                bool found = false;
                for (int j = 0; j < n && !found; j++) found = l[j] == want[k];
                same_set = found;
            }
            snprintf(why, len, "%s", same_set ? "the same legal moves come in another order"
                                              : "other moves are legal");
            move = i + 1;
            break;
        }
        if (i == t->n) break;
        char text[TEXT_LEN];
        if (game_actor(g) != t->actor[i]) { snprintf(why, len, "another seat is to move"); move = i + 1; break; }
        if (!game_describe(g, t->move[i], text, sizeof text) || strcmp(text, t->text[i])) {
            snprintf(why, len, "the move reads '%s'", text);
            move = i + 1;
            break;
        }
        if (!game_apply(g, t->move[i], false, true)) { snprintf(why, len, "%s", game_error(g)); move = i + 1; break; }
    }
    game_close(g);
    return move;
}

/* Play a game in vm choosing moves as the first run did (the same
 * generator, by their place in the list), recording it into *t; at most
 * c->tr.n moves. False when it cannot (an error, no memory). */
static bool record(checker *c, grove_vm *vm, trace *t)
{
    char err[GAME_ERRLEN];
    game *g = open_in(c, vm, err, sizeof err);
    if (!g) return false;
    t->n = 0;
    t->nlegal = 0;
    rng_t pick;
    rng_seed(&pick, c->seed, STREAM_PICK);
    bool ok = trace_grow(t) && game_hash(g, &t->hash[0]);
    while (ok) {
        const int64_t *l;
        int n = game_legal(g, &l);
        ok = n >= 0 && trace_grow(t) && trace_legal(t, l, n);
        if (!ok || n == 0 || t->n >= c->tr.n) break;
        int64_t m = l[rng_below(&pick, (uint32_t)n)];
        int i = t->n;
        t->move[i] = m;
        t->actor[i] = game_actor(g);
        ok = game_describe(g, m, t->text[i], TEXT_LEN) && game_apply(g, m, false, true) && game_hash(g, &t->hash[i + 1]);
        t->n++;
    }
    game_close(g);
    return ok;
}

static const char *const PAIRS_HINT =
    "  Lua 5.4 seeds its string hashing anew in every run, so `pairs` over a table with\n"
    "  string keys visits them in an order that changes from run to run, and so do the\n"
    "  moves, records and saves that follow from it. Visit the keys in a fixed order:\n"
    "  ipairs over a list, or sort the keys first (table.sort) and loop over them.";

/* The game played again in fresh VMs whose pairs visit string keys in
 * sorted and in reverse sorted order must follow the trace; if it does
 * not, flip one pairs loop at a time to find the one that matters. */
static bool check_determinism(checker *c)
{
    trace *t = &c->tr;
    char why[GAME_ERRLEN], w2[GAME_ERRLEN];
    char (*sites)[VM_SITE_LEN] = malloc(2 * MAX_SITES * sizeof *sites);
    if (!sites) return no_memory(c);
    int nsites = 0, move = -1;
    for (int order = PAIRS_SORTED; order <= PAIRS_REVERSED; order++) {
        grove_vm *vm = fresh_vm(c->proto, order, NULL);
        if (!vm) { free(sites); return no_memory(c); }
        int m = follow(c, vm, t, w2, sizeof w2);
        /* the lines where pairs met string keys, each once */
        char (*more)[VM_SITE_LEN] = sites + nsites;
        int got = vm_pairs_sites(vm, more, MAX_SITES);
        if (got > MAX_SITES) got = MAX_SITES;
        for (int i = 0; i < got; i++) {
            bool dup = false;
            for (int k = 0; k < nsites && !dup; k++) dup = !strcmp(sites[k], more[i]);
            if (!dup) memmove(sites[nsites++], more[i], VM_SITE_LEN);
        }
        vm_free(vm);
        if (m == -2) {
            free(sites);
            return failf(c, "determinism", 0, 0, NULL, "the game does not open in a second Lua state: %s", w2);
        }
        if (m >= 0 && (move < 0 || m < move)) {
            move = m;
            snprintf(why, sizeof why, "%s", w2);
        }
    }
    if (move < 0) { free(sites); return true; }
    const char *text = move >= 1 && move <= t->n ? t->text[move - 1] : NULL;
    int actor = move >= 1 && move <= t->n ? t->actor[move - 1] : 0;
    /* which loop: each flipped alone against the sorted order everywhere */
    trace sorted = { 0 };
    grove_vm *vm = fresh_vm(c->proto, PAIRS_SORTED, NULL);
    bool recorded = vm && record(c, vm, &sorted);
    if (vm) vm_free(vm);
    char culprits[1024] = "";
    size_t used = 0;
    int found = 0;
    for (int i = 0; recorded && i < nsites; i++) {
        grove_vm *one = fresh_vm(c->proto, PAIRS_SORTED, sites[i]);
        if (!one) break;
        if (follow(c, one, &sorted, w2, sizeof w2) >= 0 && used + strlen(sites[i]) + 8 < sizeof culprits) {
            used += (size_t)snprintf(culprits + used, sizeof culprits - used, "%s  %s", found ? "\n" : "", sites[i]);
            found++;
        }
        vm_free(one);
    }
    trace_free(&sorted);
    if (found) {
        free(sites);
        return failf(c, "determinism", move, actor, text, "played again in a fresh Lua state, %s. What changes it is "
                     "the order in which pairs visits string keys, at\n%s\n%s", why, culprits, PAIRS_HINT);
    }
    /* not one loop alone: is it pairs at all? */
    grove_vm *plain = fresh_vm(c->proto, PAIRS_STOCK, NULL);
    int again = plain ? follow(c, plain, t, w2, sizeof w2) : -1;
    if (plain) vm_free(plain);
    used = 0;
    for (int i = 0; i < nsites && used + strlen(sites[i]) + 8 < sizeof culprits; i++)
        used += (size_t)snprintf(culprits + used, sizeof culprits - used, "%s  %s", i ? "\n" : "", sites[i]);
    free(sites);
    if (again >= 0 || nsites == 0)
        return failf(c, "determinism", move, actor, text, "played again in a fresh Lua state, %s: something the "
                     "script reads changes from run to run (the address of a table or function: tostring of "
                     "one, or one used as a key whose order matters)", why);
    return failf(c, "determinism", move, actor, text, "played again in a fresh Lua state, %s. What changes it is "
                 "the order in which pairs visits string keys, at several of these lines together:\n%s\n%s", why,
                 culprits, PAIRS_HINT);
}

/* ---- the run ------------------------------------------------------------------------ */

static bool check_game(checker *c)
{
    trace *t = &c->tr;
    t->n = 0;
    t->nlegal = 0;
    c->vm = fresh_vm(c->proto, PAIRS_STOCK, NULL);
    if (!c->vm) return no_memory(c);
    char err[GAME_ERRLEN];
    c->g = open_in(c, c->vm, err, sizeof err);
    if (!c->g) return failf(c, "setup", 0, 0, NULL, "%s", err);
    c->slots_ref = LUA_NOREF;
    c->size = game_state_size(c->g);
    free(c->here);
    free(c->there);
    c->here = malloc(c->size ? c->size : 1);
    c->there = malloc(c->size ? c->size : 1);
    if (!c->here || !c->there || !trace_grow(t)) return no_memory(c);
    c->st->hidden = c->st->hidden || game_hidden(c->g);
    c->views = game_hidden(c->g) ? game_players(c->g) + 1 : 0;
    free(c->after);
    c->after = NULL;
    c->cap = 0;                                          /* position_room sizes the arrays for the views */
    if (!read_names(c)) return false;
    remember_slots(c);
    if (!hash_of(c, &t->hash[0])) return false;
    bool has;
    if (!game_invariants(c->g, &has)) return failf(c, "invariants", 0, 0, NULL, "after setup: %s", game_error(c->g));
    if (c->seen_now) memset(c->seen_now, 0, CHECK_MAX_NAMES * sizeof *c->seen_now);
    if (!see_cards(c, 0, 0)) return false;
    rng_t pick;
    rng_seed(&pick, c->seed, STREAM_PICK);
    for (;;) {
        if (!trace_grow(t)) return no_memory(c);
        int n = 0;
        if (!check_position(c, &n)) return false;
        if (n == 0) break;
        if (t->n >= c->o->max_moves) {
            int first = -1, second = -1;
            for (int i = 0; i <= t->n && first < 0; i++)
                for (int k = i + 1; k <= t->n; k++)
                    if (t->hash[k] == t->hash[i]) { first = i; second = k; break; }
            char circle[160] = "";
            if (first >= 0) snprintf(circle, sizeof circle, " The state after move %d is the one after move %d: "
                                     "the moves can go round in circles.", second, first);
            return failf(c, "termination", t->n, t->actor[t->n - 1], t->text[t->n - 1], "the game has not ended after %ld moves.%s",
                         c->o->max_moves, circle);
        }
        if (!play(c, (int)rng_below(&pick, (uint32_t)n))) return false;
    }
    if (!check_result(c) || !check_replay(c) || !check_saves(c)) return false;
    c->st->games++;
    if (c->seen_now)
        for (int i = 0; i < c->st->ncatalog; i++) c->st->catalog[i].offered += c->seen_now[i];
    return check_determinism(c);
}

bool check_run(grove_vm *proto, const check_opts *o, check_stats *stats, check_failure *fail)
{
    memset(stats, 0, sizeof *stats);
    memset(fail, 0, sizeof *fail);
    checker c = { 0 };
    c.o = o;
    c.proto = proto;
    c.st = stats;
    c.fail = fail;
    c.slots_ref = LUA_NOREF;
    bool ok = true;
    for (int k = 0; k < o->games && ok; k++) {
        c.seed = o->seed + (uint64_t)k;
        ok = check_game(&c);
        if (c.g) game_close(c.g);
        if (c.vm) vm_free(c.vm);
        c.g = NULL;
        c.vm = NULL;
        free(c.slot_base);
        c.slot_base = NULL;
    }
    trace_free(&c.tr);
    free(c.here);
    free(c.there);
    free(c.legal);
    free(c.texts);
    free(c.norm);
    free(c.after);
    free(c.catalog_of);
    free(c.seen_now);
    free(c.not_cards);
    return ok;
}
