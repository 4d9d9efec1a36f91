/*
 * learned.c — the features of any game's state, seat by seat, and the
 * learned evaluate made of them (learned.h).
 *
 * The list is made from the layout alone (the components' kinds, names,
 * labels and the player count), so a model's names find their features
 * again in any game of the same layout; the values are read from the
 * block, which the fast path keeps current for everything but the vars
 * (flushed first when a feature reads them).
 */
#include <ctype.h>
#include <stdarg.h>
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deck.h"
#include "learned.h"
#include "game_impl.h"
#include "graph.h"
#include "grid.h"
#include "hex.h"
#include "lua_state.h"
#include "pool.h"
#include "vars.h"

#define SEATS_MAX 32

typedef enum {
    F_TO_MOVE,          /* the seat is the one to act */
    F_SCORE,            /* def.score(s, seat) */
    F_POOL_SEAT,        /* comp: a per-seat pool; its value of the seat */
    F_POOL_OWN,         /* member[seat]: a global pool */
    F_VAR_OWN,          /* comp: vars; member[seat]: the seat's field */
    F_DECK_CARDS,       /* member[seat]: a zone; its count */
    F_DECK_CARD,        /* ... of card `value` */
    F_CELLS_SEAT,       /* comp: a grid or hex map; cells whose `field` is the seat's number */
    F_CELLS_FILLED,     /* member[seat]: a grid or hex map; cells whose `field` is not 0 */
    F_CELLS_TOTAL,      /* ... the sum of `field` */
    F_NODES_SEAT,       /* comp: a graph; live nodes whose `field` is the seat's number */
    F_EDGES_SEAT,       /* ... live edges */
} feature_kind;

struct feature {
    feature_kind kind;
    int comp;                       /* the component all seats share, or -1 */
    int member[SEATS_MAX + 1];      /* member[seat]: the seat's own component (or field) of a family */
    int field;
    int value;
    char name[FEATURE_NAME_MAX];
};

const char *features_name(const feature_set *fs, int i) { return fs->f[i].name; }

void features_free(feature_set *fs)
{
    free(fs->f);
    fs->f = NULL;
    fs->n = 0;
}

/* ---- the list ------------------------------------------------------------------------ */

typedef struct {
    feature *f;
    int n, cap;
    bool nomem;
    bool full;              /* a feature was left out at FEATURE_MAX */
    feature spare;          /* what add returns for a feature not kept: written to, never read */
} list;

static feature *add(list *l, feature_kind kind, int comp, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static feature *add(list *l, feature_kind kind, int comp, const char *fmt, ...)
{
    if (l->n >= FEATURE_MAX) l->full = true;
    if (l->nomem || l->n >= FEATURE_MAX) return &l->spare;
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 64;
        feature *p = realloc(l->f, (size_t)cap * sizeof *p);
        if (!p) { l->nomem = true; return &l->spare; }
        l->f = p;
        l->cap = cap;
    }
    feature *f = &l->f[l->n++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->comp = comp;
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(f->name, sizeof f->name, fmt, ap);
    va_end(ap);
    if (len < 0 || (size_t)len >= sizeof f->name) {    /* a name cut short could read as another's: none */
        l->n--;
        return &l->spare;
    }
    return f;
}

/* The name with its digit run `run` (0: the first) replaced by '#', into
 * key, and that run's number into *num; false when the name has no such
 * run. */
static bool seat_key(const char *name, int run, char *key, size_t len, long *num)
{
    int seen = 0;
    for (const char *p = name; *p; p++) {
        if (!isdigit((unsigned char)*p) || (p > name && isdigit((unsigned char)p[-1]))) continue;
        if (seen++ < run) continue;
        char *end;
        *num = strtol(p, &end, 10);
        snprintf(key, len, "%.*s#%s", (int)(p - name), name, end);
        return true;
    }
    return false;
}

/* Is names[self] one of a family, one member of its kind per seat told
 * apart by the seat's number? Then member[seat] = each seat's index among
 * names[0..n), key its name with '#' for the number, and 1 when self is
 * seat 1's member (so that each family is listed once), 2 for another's;
 * else 0. */
static int family_of(char **names, const void *const *kinds, int n, int self, int players, char *key, size_t len,
                      int *member)
{
    if (players < 2 || players > SEATS_MAX) return 0;
    for (int run = 0; run < 4; run++) {
        long num;
        if (!seat_key(names[self], run, key, len, &num)) return 0;
        if (num < 1 || num > players) continue;
        int found = 0, others = 0;              /* members 1..players; more of the same name */
        for (int seat = 1; seat <= players; seat++) member[seat] = -1;
        for (int i = 0; i < n; i++) {
            char other[STATE_MAX_NAME + 8];
            long k;
            if (kinds[i] != kinds[self] || !seat_key(names[i], run, other, sizeof other, &k) || strcmp(other, key))
                continue;
            if (k >= 1 && k <= players && member[k] < 0) { member[k] = i; found++; }
            else others++;
        }
        if (found == players && !others) return num == 1 ? 1 : 2;     /* not one per seat: islands 1..9 */
    }
    return 0;
}

/* The features of grid or hex map c: named `label` (its name, or its
 * family's key when member is given). */
static void list_cells(list *l, const gstate *st, int c, const char *kind, const char *label, const int *member)
{
    const comp_desc *d = &st->comps[c];
    for (int f = 0; f < d->nlabels[0]; f++) {
        if (!member) {
            add(l, F_CELLS_SEAT, c, "%s %s %s=seat", kind, label, d->labels[0][f])->field = f;
            continue;
        }
        for (int k = 0; k < 2; k++) {
            feature *x = add(l, k ? F_CELLS_TOTAL : F_CELLS_FILLED, -1, "%s %s %s %s", kind, label, d->labels[0][f],
                             k ? "total" : "filled");
            x->field = f;
            memcpy(x->member, member, sizeof x->member);
        }
    }
}

bool features_list(game *g, int max_card, feature_set *out)
{
    const gstate *st = g->st;
    int players = g->players;
    list l = { 0 };
    memset(out, 0, sizeof *out);
    add(&l, F_TO_MOVE, -1, "to move");
    if (game_has_score(g)) { add(&l, F_SCORE, -1, "score"); out->uses_score = true; }
    char **names = malloc((size_t)st->ncomps * sizeof *names);
    const void **kinds = malloc((size_t)st->ncomps * sizeof *kinds);
    if (!names || !kinds) { free(names); free(kinds); game_set_error(g, "out of memory"); return false; }
    for (int c = 0; c < st->ncomps; c++) { names[c] = st->comps[c].name; kinds[c] = st->comps[c].kind; }
    if (max_card >= FEATURE_CARD_IDS) max_card = FEATURE_CARD_IDS - 1;
    for (int c = 1; c < st->ncomps; c++) {
        const comp_desc *d = &st->comps[c];
        int member[SEATS_MAX + 1];
        char key[STATE_MAX_NAME + 8];
        bool own = (d->kind == &pool_kind && !(d->flags & BIND_POOL_PER_SEAT)) || d->kind == &deck_kind
                   || d->kind == &grid_kind || d->kind == &hex_kind;     /* the kinds read by family */
        int family = own ? family_of(names, kinds, st->ncomps, c, players, key, sizeof key, member) : 0;
        if (family == 2) continue;                      /* listed with seat 1's member */
        if (d->kind == &pool_kind) {
            if (d->flags & BIND_POOL_PER_SEAT) add(&l, F_POOL_SEAT, c, "pool %s", d->name);
            else if (family) memcpy(add(&l, F_POOL_OWN, -1, "pool %s", key)->member, member, sizeof member);
        } else if (d->kind == &vars_kind) {
            char **fields = d->labels[0];
            const void **same = malloc((size_t)d->nlabels[0] * sizeof *same + 1);
            if (!same) { l.nomem = true; break; }
            for (int i = 0; i < d->nlabels[0]; i++) same[i] = d;
            for (int i = 0; i < d->nlabels[0]; i++) {
                if (family_of(fields, same, d->nlabels[0], i, players, key, sizeof key, member) != 1) continue;
                feature *x = add(&l, F_VAR_OWN, c, "vars %s.%s", d->name, key);
                memcpy(x->member, member, sizeof member);
                out->uses_vars = true;
            }
            free(same);
        } else if (d->kind == &deck_kind && family) {
            memcpy(add(&l, F_DECK_CARDS, -1, "deck %s cards", key)->member, member, sizeof member);
            for (int id = 0; id <= max_card; id++) {
                feature *x = add(&l, F_DECK_CARD, -1, "deck %s card %d", key, id);
                x->value = id;
                memcpy(x->member, member, sizeof member);
            }
        } else if (d->kind == &grid_kind || d->kind == &hex_kind) {
            const char *kind = d->kind == &grid_kind ? "grid" : "hex";
            list_cells(&l, st, c, kind, family ? key : d->name, family ? member : NULL);
        } else if (d->kind == &graph_kind) {
            for (int f = 0; f < d->nlabels[0]; f++)
                add(&l, F_NODES_SEAT, c, "graph %s %s=seat", d->name, d->labels[0][f])->field = f;
            for (int f = 0; f < d->nlabels[1]; f++)
                add(&l, F_EDGES_SEAT, c, "graph %s edge %s=seat", d->name, d->labels[1][f])->field = f;
        }
    }
    free(names);
    free(kinds);
    if (l.nomem) { free(l.f); game_set_error(g, "out of memory"); return false; }
    out->f = l.f;
    out->n = l.n;
    out->full = l.full;
    return true;
}

int features_max_card(game *g)
{
    const gstate *st = g->st;
    int max = -1;
    for (int c = 1; c < st->ncomps; c++) {
        if (st->comps[c].kind != &deck_kind) continue;
        const deck_t *z = state_comp(st, c);
        for (int i = 0; i < z->count; i++)
            if (z->cards[i] > max) max = z->cards[i];
    }
    return max;
}

/* ---- the values ------------------------------------------------------------------------ */

static double cells(const gstate *st, int c, int field, int match, bool total)
{
    const comp_desc *d = &st->comps[c];
    const int32_t *v;
    int n;
    const hex_t *hx = NULL;
    if (d->kind == &grid_kind) {
        const grid_t *gr = state_comp(st, c);
        n = grid_ncells(gr);
        v = grid_fields(gr) + (size_t)field * (size_t)n;
    } else {
        hx = state_comp(st, c);
        n = hex_ncells(hx);
        v = hex_fields(hx) + (size_t)field * (size_t)n;
    }
    double sum = 0;
    for (int i = 0; i < n; i++) {
        if (hx && !hx->data[i]) continue;           /* off the map */
        if (total) sum += v[i];
        else if (match < 0 ? v[i] != 0 : v[i] == match) sum++;
    }
    return sum;
}

static double graph_count(const gstate *st, int c, bool edges, int field, int seat)
{
    const graph_t *gr = state_comp(st, c);
    double n = 0;
    if (!edges) {
        const int32_t *v = graph_node_fields(gr) + (size_t)field * (size_t)gr->maxnodes;
        for (int i = 0; i < gr->maxnodes; i++) n += gr->data[i] && v[i] == seat;
    } else {
        const int32_t *v = graph_edge_fields(gr) + (size_t)field * (size_t)gr->maxedges;
        for (int i = 0; i < gr->maxedges; i++) n += graph_edge_alive(gr, i) && v[i] == seat;
    }
    return n;
}

static double value_of(game *g, const feature *f, int seat, int actor)
{
    const gstate *st = g->st;
    switch (f->kind) {
    case F_TO_MOVE: return seat == actor;
    case F_SCORE: return game_raw_eval(g, seat);
    case F_POOL_SEAT: {
        const pool_t *p = state_comp(st, f->comp);
        return seat <= p->n ? p->v[seat - 1] : 0;
    }
    case F_POOL_OWN: return ((const pool_t *)state_comp(st, f->member[seat]))->v[0];
    case F_VAR_OWN: return (double)((const vars_t *)state_comp(st, f->comp))->v[f->member[seat]];
    case F_DECK_CARDS: return ((const deck_t *)state_comp(st, f->member[seat]))->count;
    case F_DECK_CARD: {
        const deck_t *z = state_comp(st, f->member[seat]);
        int n = 0;
        for (int i = 0; i < z->count; i++) n += z->cards[i] == f->value;
        return n;
    }
    case F_CELLS_SEAT: return cells(st, f->comp, f->field, seat, false);
    case F_CELLS_FILLED: return cells(st, f->member[seat], f->field, -1, false);
    case F_CELLS_TOTAL: return cells(st, f->member[seat], f->field, 0, true);
    case F_NODES_SEAT: return graph_count(st, f->comp, false, f->field, seat);
    case F_EDGES_SEAT: return graph_count(st, f->comp, true, f->field, seat);
    }
    return 0;
}

/* The vars mirrors into the block, raising as a hook's error would. */
static void flush_vars(game *g)
{
    lua_State *L = g->vm->L;
    char err[256];
    game_push_state(g);
    if (!lua_vars_flush(L, -1, g->st, err, sizeof err)) luaL_error(L, "%s", err);
    lua_pop(L, 1);
}

/* The seat to act, or 0 when none is (the game is over, or a solo game's
 * rival acts): "to move" is then 0 for every seat. Raises only on the
 * hook's own error. */
static int actor_or_none(game *g)
{
    lua_State *L = g->vm->L;
    const char *hook = g->raw_hook;
    g->raw_hook = "actor";
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->fn_actor);
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->state_ref);
    lua_call(L, 1, 1);
    int isnum;
    lua_Integer seat = lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 1);
    g->raw_hook = hook;
    return isnum && seat >= 1 && seat <= g->players ? (int)seat : 0;
}

void features_read_raw(game *g, const feature_set *fs, int seat, double *out)
{
    if (fs->uses_vars) flush_vars(g);
    int actor = actor_or_none(g);
    for (int i = 0; i < fs->n; i++) out[i] = value_of(g, &fs->f[i], seat, actor);
}

/* ---- the learned evaluate ------------------------------------------------------------------ */

/* A model as learned_compile reads it: a full userdata with this header,
 * the names and weights after it. The features its names resolve to are
 * found again whenever the layout differs (serial). */
typedef struct {
    int n;                          /* weights */
    char source[256];               /* the file, for messages */
    uint64_t serial;                /* the layout `at` was resolved for (0: none yet) */
    int players;
    feature *at;                    /* owned (freed by __gc): at[i], weight i's feature */
    bool uses_vars, uses_score;
    double *w;                      /* n weights (in the userdata) */
    char (*names)[FEATURE_NAME_MAX];    /* n names (in the userdata) */
} model;

static const char MODEL_META[] = "grove.learned";

static int model_gc(lua_State *L)
{
    model *m = luaL_checkudata(L, 1, MODEL_META);
    free(m->at);
    m->at = NULL;
    return 0;
}

static void resolve(game *g, model *m);

void learned_compile(game *g, const char *source)
{
    lua_State *L = g->vm->L;
    int t = lua_gettop(L);
    if (!lua_istable(L, t))
        luaL_error(L, "%s: returns %s, not a model (a table with format = 1 and weights)", source, luaL_typename(L, t));
    lua_getfield(L, t, "format");
    if (lua_tointeger(L, -1) != 1 || !lua_isinteger(L, -1))
        luaL_error(L, "%s: format is %s, not 1: a model grove learn did not write, or a newer grove's; run grove learn "
                   "again", source, luaL_tolstring(L, -1, NULL));
    lua_pop(L, 1);
    if (lua_getfield(L, t, "weights") != LUA_TTABLE) luaL_error(L, "%s: weights is not a table", source);
    int w = lua_gettop(L);
    lua_Integer n = luaL_len(L, w);
    if (n < 1 || n > FEATURE_MAX) luaL_error(L, "%s: weights has %d entries, not 1..%d", source, (int)n, FEATURE_MAX);
    size_t head = (sizeof(model) + 15) & ~(size_t)15;
    model *m = lua_newuserdatauv(L, head + (size_t)n * (sizeof(double) + FEATURE_NAME_MAX), 0);
    memset(m, 0, sizeof *m);
    m->n = (int)n;
    m->w = (double *)((char *)m + head);
    m->names = (char (*)[FEATURE_NAME_MAX])(m->w + n);
    snprintf(m->source, sizeof m->source, "%s", source);
    if (luaL_newmetatable(L, MODEL_META)) {             /* once per VM */
        lua_pushcfunction(L, model_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, -2);                            /* before anything can fail: __gc frees at */
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, w, i);                           /* [.., entry] */
        size_t len = 0;
        const char *name = NULL;
        if (lua_istable(L, -1)) {
            lua_rawgeti(L, -1, 1);
            lua_rawgeti(L, -2, 2);                      /* [.., entry, name, weight] */
            name = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &len) : NULL;
            int isnum = lua_type(L, -1) == LUA_TNUMBER;     /* not a text that reads as one */
            double weight = lua_tonumber(L, -1);
            if (!isnum) name = NULL;
            else if (name && !isfinite(weight))     /* inf * a feature of 0 would be nan */
                luaL_error(L, "%s: weights[%d] ('%s') is %s, not a finite number: run grove learn again", source,
                           (int)i, name, weight != weight ? "nan" : weight > 0 ? "inf" : "-inf");
            m->w[i - 1] = weight;
            lua_pop(L, 2);
        }
        if (!name || len == 0 || len >= FEATURE_NAME_MAX)
            luaL_error(L, "%s: weights[%d] is not { \"feature name\", number }", source, (int)i);
        memcpy(m->names[i - 1], name, len + 1);
        lua_pop(L, 1);
    }
    lua_replace(L, t);                                  /* the model where the table was */
    lua_settop(L, t);
    resolve(g, m);                                      /* a name g lacks: said now, not mid-game */
}

bool learned_is_model(game *g, int idx)
{
    return luaL_testudata(g->vm->L, idx, MODEL_META) != NULL;
}

/* Find the model's features in g's layout, or raise naming the first it
 * lacks. */
static void resolve(game *g, model *m)
{
    lua_State *L = g->vm->L;
    feature_set fs;
    if (!features_list(g, FEATURE_CARD_IDS - 1, &fs)) luaL_error(L, "%s: out of memory", m->source);
    feature *at = malloc((size_t)m->n * sizeof *at);
    if (!at) { features_free(&fs); luaL_error(L, "%s: out of memory", m->source); }
    m->uses_vars = m->uses_score = false;
    for (int i = 0; i < m->n; i++) {
        int k = 0;
        while (k < fs.n && strcmp(fs.f[k].name, m->names[i])) k++;
        if (k == fs.n) {
            char name[FEATURE_NAME_MAX];
            snprintf(name, sizeof name, "%s", m->names[i]);
            free(at);
            features_free(&fs);
            luaL_error(L, "%s: the model reads '%s', which %s's state does not have (with %d players): the rules "
                       "changed since it was learned; run grove learn %s again", m->source, name, g->name, g->players,
                       g->name);
        }
        at[i] = fs.f[k];
        m->uses_vars |= at[i].kind == F_VAR_OWN;
        m->uses_score |= at[i].kind == F_SCORE;
    }
    features_free(&fs);
    free(m->at);
    m->at = at;
    m->serial = g->st->serial;
    m->players = g->players;
}

void learned_values(game *g, int idx, double *values)
{
    model *m = luaL_checkudata(g->vm->L, idx, MODEL_META);
    if (m->serial != g->st->serial || m->players != g->players || !m->at) resolve(g, m);
    if (m->uses_vars) flush_vars(g);
    int actor = actor_or_none(g);
    for (int seat = 1; seat <= g->players; seat++) {
        double v = 0;
        for (int i = 0; i < m->n; i++) v += m->w[i] * value_of(g, &m->at[i], seat, actor);
        if (!isfinite(v)) {                         /* finite weights, but a sum past the largest double */
            g->raw_hook = "evaluate";               /* not the score hook a feature called last */
            luaL_error(g->vm->L, "%s: gives seat %d %s, not a finite number: its weights are too large for this "
                       "state; run grove learn %s again", m->source, seat, v != v ? "nan" : "an infinite value",
                       g->name);
        }
        values[seat] = v;
    }
}
