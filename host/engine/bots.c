/*
 * bots.c — random, greedy and MCTS players over any game (bots.h).
 *
 * Ownership: a bot owns its trees (one per thread), the snapshot of the
 * position it last decided in, the moves it was told of since, and for
 * threads > 1 one VM and one twin game per extra thread. A decision owns
 * its scratch lists (paths, legal moves, rewards), allocated before and
 * freed after the protected calls (game_run_raw) it runs in; the trees grow
 * inside them and stay the bot's. So an error in the script leaks nothing.
 */
#include "bots.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


#define DEFAULT_ITERATIONS BOT_DEFAULT_ITERATIONS
#define DEFAULT_EXPLORE BOT_DEFAULT_EXPLORE
#define DEFAULT_DEPTH BOT_DEFAULT_DEPTH
#define DEFAULT_TAIL BOT_DEFAULT_TAIL
#define TAIL_PROBES 4           /* random games from the root that decide whether the end is near */
#define DEFAULT_PLAYOUT_CAP 2000
#define GREEDY_PLAYOUTS 4       /* random playouts per move when the game has no score */

/* ---- the text of a bot ------------------------------------------------------------ */

static void spec_default(bot_spec *spec, bot_kind kind)
{
    memset(spec, 0, sizeof *spec);
    spec->kind = kind;
    spec->iterations = kind == BOT_MCTS ? DEFAULT_ITERATIONS : 0;
    spec->explore = DEFAULT_EXPLORE;
    spec->depth = DEFAULT_DEPTH;
    spec->tail = DEFAULT_TAIL;
    spec->threads = 1;
    spec->reuse = true;
    spec->playout_cap = DEFAULT_PLAYOUT_CAP;
}

/* A number in text[0..len) (nothing else); false if it is none. */
static bool number_of(const char *text, size_t len, double *out)
{
    char buf[64];
    if (len == 0 || len >= sizeof buf) return false;
    memcpy(buf, text, len);
    buf[len] = '\0';
    char *end;
    double v = strtod(buf, &end);
    if (*end || end == buf || v != v) return false;
    *out = v;
    return true;
}

static bool whole_in(double v, double lo, double hi) { return v == floor(v) && v >= lo && v <= hi; }

/* One PARAM of mcts:PARAM,... (text[0..len)); false with the reason. */
static bool mcts_param(const char *p, size_t len, bot_spec *spec, bool *gave_iterations,
                       bool *gave_seconds, char *why, size_t whylen)
{
    const char *eq = memchr(p, '=', len);
    double v;
    if (!eq) {
        if (len > 1 && p[len - 1] == 's' && number_of(p, len - 1, &v)) {
            if (!(v > 0 && v <= 3600)) { snprintf(why, whylen, "%.*s: seconds must be more than 0, at most 3600", (int)len, p); return false; }
            spec->seconds = v;
            *gave_seconds = true;
            return true;
        }
        if (number_of(p, len, &v)) {
            if (!whole_in(v, 1, 1e9)) { snprintf(why, whylen, "%.*s: iterations must be a whole number 1..1000000000", (int)len, p); return false; }
            spec->iterations = (long)v;
            *gave_iterations = true;
            return true;
        }
        snprintf(why, whylen, "'%.*s' is neither a number of iterations (mcts:500), seconds (mcts:2s) nor NAME=VALUE",
                 (int)len, p);
        return false;
    }
    size_t klen = (size_t)(eq - p), vlen = len - klen - 1;
    const char *val = eq + 1;
#define KEY(name) (klen == strlen(name) && !strncmp(p, name, klen))
#define VAL(word) (vlen == strlen(word) && !strncmp(val, word, vlen))
    if (KEY("iterations")) {
        if (!number_of(val, vlen, &v) || !whole_in(v, 1, 1e9)) {
            snprintf(why, whylen, "iterations=%.*s: a whole number 1..1000000000", (int)vlen, val);
            return false;
        }
        spec->iterations = (long)v;
        *gave_iterations = true;
    } else if (KEY("seconds")) {
        if (!number_of(val, vlen, &v) || !(v > 0 && v <= 3600)) {
            snprintf(why, whylen, "seconds=%.*s: a number of seconds more than 0, at most 3600", (int)vlen, val);
            return false;
        }
        spec->seconds = v;
        *gave_seconds = true;
    } else if (KEY("depth")) {
        if (VAL("end")) spec->depth = BOT_DEPTH_END;
        else if (number_of(val, vlen, &v) && whole_in(v, 0, 10000)) spec->depth = (int)v;
        else {
            snprintf(why, whylen, "depth=%.*s: a number of moves 0..10000, or end", (int)vlen, val);
            return false;
        }
    } else if (KEY("tail")) {
        if (!number_of(val, vlen, &v) || !whole_in(v, 0, 10000)) {
            snprintf(why, whylen, "tail=%.*s: a number of moves 0..10000 (0: never to the end)", (int)vlen, val);
            return false;
        }
        spec->tail = (int)v;
    } else if (KEY("c")) {
        if (!number_of(val, vlen, &v) || !(v >= 0 && v <= 100)) {
            snprintf(why, whylen, "c=%.*s: the exploration constant, a number 0..100", (int)vlen, val);
            return false;
        }
        spec->explore = v;
    } else if (KEY("threads")) {
        if (!number_of(val, vlen, &v) || !whole_in(v, 1, BOT_MAX_THREADS)) {
            snprintf(why, whylen, "threads=%.*s: a whole number 1..%d", (int)vlen, val, BOT_MAX_THREADS);
            return false;
        }
        spec->threads = (int)v;
    } else if (KEY("eval")) {
        if (vlen == 0 || vlen >= BOT_EVAL_MAX) {
            snprintf(why, whylen, "eval=%.*s: the name of a function in the definition's evaluates, or a file "
                     "FILE.lua (at most %d characters)", (int)vlen, val, BOT_EVAL_MAX - 1);
            return false;
        }
        memcpy(spec->eval, val, vlen);
        spec->eval[vlen] = '\0';
    } else if (KEY("reuse")) {
        if (VAL("yes") || VAL("true") || VAL("1")) spec->reuse = true;
        else if (VAL("no") || VAL("false") || VAL("0")) spec->reuse = false;
        else {
            snprintf(why, whylen, "reuse=%.*s: yes or no", (int)vlen, val);
            return false;
        }
    } else {
        snprintf(why, whylen, "no parameter '%.*s' (iterations, seconds, depth, tail, c, threads, reuse, eval)", (int)klen, p);
        return false;
    }
#undef KEY
#undef VAL
    return true;
}

bool bot_parse(const char *text, bot_spec *spec, char *err, size_t errlen)
{
    if (!strcmp(text, "random")) { spec_default(spec, BOT_RANDOM); return true; }
    if (!strcmp(text, "greedy")) { spec_default(spec, BOT_GREEDY); return true; }
    if (!strncmp(text, "mcts", 4) && (text[4] == '\0' || text[4] == ':')) {
        spec_default(spec, BOT_MCTS);
        if (!text[4]) return true;
        bool gave_iterations = false, gave_seconds = false;
        const char *p = text + 5;
        for (;;) {
            size_t len = strcspn(p, ",");
            char why[160];
            if (!len) {
                snprintf(err, errlen, "unknown bot '%s': an empty parameter", text);
                return false;
            }
            if (!mcts_param(p, len, spec, &gave_iterations, &gave_seconds, why, sizeof why)) {
                snprintf(err, errlen, "unknown bot '%s': %s", text, why);
                return false;
            }
            if (!p[len]) break;
            p += len + 1;
        }
        if (gave_seconds && !gave_iterations) spec->iterations = 0;    /* mcts:2s thinks for 2 s */
        if (spec->eval[0] && spec->depth == BOT_DEPTH_END) {
            snprintf(err, errlen, "unknown bot '%s': eval=%s names the evaluate its rollouts end in, and depth=end "
                     "plays them to the end, reading none: give one or the other", text, spec->eval);
            return false;
        }
        return true;
    }
    snprintf(err, errlen, "unknown bot '%s' (random, greedy, mcts, or mcts:PARAM,... as in mcts:500, "
                          "mcts:2s, mcts:iterations=400,depth=8: see grove help bots)", text);
    return false;
}

/* Does the text at p start a bot (a kind's name), rather than go on with
 * the parameters of the one before? */
static bool starts_bot(const char *p)
{
    const char *kinds[] = { "random", "greedy", "mcts" };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        size_t n = strlen(kinds[i]);
        if (!strncmp(p, kinds[i], n) && (p[n] == '\0' || p[n] == ',' || p[n] == ':')) return true;
    }
    return false;
}

int bot_parse_list(const char *text, bot_spec *specs, int max, char *err, size_t errlen)
{
    int n = 0;
    const char *p = text;
    while (*p) {
        /* this bot runs to the next comma that starts another bot */
        const char *end = p + strcspn(p, ",");
        while (*end == ',' && end[1] && !starts_bot(end + 1)) end += 1 + strcspn(end + 1, ",");
        char one[256];
        size_t len = (size_t)(end - p);
        if (len >= sizeof one) { snprintf(err, errlen, "the bot '%.40s...' is too long", p); return -1; }
        memcpy(one, p, len);
        one[len] = '\0';
        if (n == max) { snprintf(err, errlen, "more than %d bots", max); return -1; }
        if (!bot_parse(one, &specs[n], err, errlen)) return -1;
        n++;
        p = *end ? end + 1 : end;
        if (*end && !*p) { snprintf(err, errlen, "a bot list ends with a comma: '%s'", text); return -1; }
    }
    return n;
}

void bot_name(const bot_spec *spec, char *buf, size_t len)
{
    switch (spec->kind) {
    case BOT_RANDOM: snprintf(buf, len, "random"); return;
    case BOT_GREEDY: snprintf(buf, len, "greedy"); return;
    case BOT_MCTS: break;
    }
    char parts[7][32];
    int n = 0;
    if (spec->iterations && (spec->iterations != DEFAULT_ITERATIONS || spec->seconds > 0))
        snprintf(parts[n++], sizeof parts[0], "%ld", spec->iterations);
    if (spec->seconds > 0) snprintf(parts[n++], sizeof parts[0], "%gs", spec->seconds);
    if (spec->depth != DEFAULT_DEPTH) {
        if (spec->depth == BOT_DEPTH_END) snprintf(parts[n++], sizeof parts[0], "depth=end");
        else snprintf(parts[n++], sizeof parts[0], "depth=%d", spec->depth);
    }
    if (spec->tail != DEFAULT_TAIL) snprintf(parts[n++], sizeof parts[0], "tail=%d", spec->tail);
    if (spec->explore != DEFAULT_EXPLORE) snprintf(parts[n++], sizeof parts[0], "c=%g", spec->explore);
    if (spec->threads != 1) snprintf(parts[n++], sizeof parts[0], "threads=%d", spec->threads);
    if (!spec->reuse) snprintf(parts[n++], sizeof parts[0], "reuse=no");
    size_t at = (size_t)snprintf(buf, len, "mcts");
    for (int i = 0; i < n && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%c%s", i ? ',' : ':', parts[i]);
    if (spec->eval[0] && at < len) snprintf(buf + at, len - at, "%ceval=%s", n ? ',' : ':', spec->eval);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- the tree ----------------------------------------------------------------------- */

static _Atomic size_t tree_bytes = BOT_TREE_BYTES;

void bot_set_tree_bytes(size_t bytes) { tree_bytes = bytes; }

typedef struct {
    int64_t move;         /* the move from the parent */
    int actor;            /* the seat that chose it */
    int child, sibling;   /* first child, next sibling: indices, -1 for none */
    long visits, avail;   /* times chosen, times it was legal when its parent was visited */
    double reward;        /* summed rewards of `actor` */
} node;

/* One thread's tree, node 0 its root (nnodes 0: no tree yet), and the
 * scales its rewards were measured on. */
typedef struct {
    node *nodes;
    int nnodes, capnodes;
    double lo, hi;        /* alone: the scores and values seen, to scale rewards */
    bool lost_seen;       /* alone: a rollout ended in a loss (rank 2 of 1) */
    double gap_sum;       /* evaluations: summed |v_i - v_j| over the pairs seen ... */
    long gap_n;           /* ... and their number: the scale of a difference */
} tree;

static void tree_clear(tree *t)
{
    t->nnodes = 0;
    t->lo = HUGE_VAL;
    t->hi = -HUGE_VAL;
    t->lost_seen = false;
    t->gap_sum = 0;
    t->gap_n = 0;
}

/* Make the subtree under node `at` the whole tree, `at` becoming node 0
 * (parents before children, as always). `map` holds 2 * nnodes ints. On
 * no memory the tree is cleared instead. */
static void tree_reroot(tree *t, int at, int *map)
{
    int *stack = map + t->nnodes;
    for (int i = 0; i < t->nnodes; i++) map[i] = -1;
    int n = 0, top = 0;
    stack[top++] = at;
    while (top) {                               /* depth first: numbered when met */
        int k = stack[--top];
        map[k] = n++;
        for (int c = t->nodes[k].child; c >= 0; c = t->nodes[c].sibling) stack[top++] = c;
    }
    node *fresh = malloc((size_t)t->capnodes * sizeof *fresh);
    if (!fresh) { tree_clear(t); return; }
    for (int i = 0; i < t->nnodes; i++) {
        if (map[i] < 0) continue;
        node k = t->nodes[i];
        k.child = k.child >= 0 ? map[k.child] : -1;
        k.sibling = i == at || k.sibling < 0 ? -1 : map[k.sibling];
        fresh[map[i]] = k;
    }
    fresh[0].move = 0;
    fresh[0].actor = 0;
    free(t->nodes);
    t->nodes = fresh;
    t->nnodes = n;
}

/* ---- the bot ------------------------------------------------------------------------ */

struct bot {
    bot_spec spec;
    const game *owner;    /* the game its trees and `last` belong to */
    int seat;             /* the seat the trees decide for */
    tree trees[BOT_MAX_THREADS];
    uint8_t *last;        /* the real position of the last decision, or NULL */
    size_t size;
    int64_t *seen;        /* the moves observed since */
    int nseen, capseen;
    bool seen_lost;       /* more were observed than could be kept */
    /* the extra threads' VMs and games (threads > 1) */
    grove_vm *vms[BOT_MAX_THREADS];
    game *twins[BOT_MAX_THREADS];
    int nhelpers;
    bool helpers_tried;
    char note[GAME_ERRLEN];   /* why there are fewer helpers than asked, or "" */
};

bot *bot_new(const bot_spec *spec)
{
    bot *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->spec = *spec;
    if (b->spec.threads < 1) b->spec.threads = 1;
    if (b->spec.threads > BOT_MAX_THREADS) b->spec.threads = BOT_MAX_THREADS;
    for (int k = 0; k < BOT_MAX_THREADS; k++) tree_clear(&b->trees[k]);
    return b;
}

static void drop_helpers(bot *b)
{
    for (int k = 1; k <= b->nhelpers; k++) {
        game_close(b->twins[k]);
        vm_free(b->vms[k]);
        b->twins[k] = NULL;
        b->vms[k] = NULL;
    }
    b->nhelpers = 0;
    b->helpers_tried = false;
    b->note[0] = '\0';
}

/* Forget the trees and the last position (the helpers stay). */
static void forget(bot *b)
{
    for (int k = 0; k < BOT_MAX_THREADS; k++) tree_clear(&b->trees[k]);
    free(b->last);
    b->last = NULL;
    b->nseen = 0;
    b->seen_lost = false;
    b->seat = 0;
}

void bot_reset(bot *b)
{
    if (!b) return;
    forget(b);
    drop_helpers(b);
    b->owner = NULL;
}

void bot_free(bot *b)
{
    if (!b) return;
    bot_reset(b);
    for (int k = 0; k < BOT_MAX_THREADS; k++) free(b->trees[k].nodes);
    free(b->seen);
    free(b);
}

const char *bot_note(const bot *b)
{
    return b ? b->note : "";
}

void bot_observe(bot *b, int64_t move)
{
    if (!b || !b->last) return;
    if (b->nseen == b->capseen) {
        int cap = b->capseen ? b->capseen * 2 : 16;
        int64_t *p = realloc(b->seen, (size_t)cap * sizeof *p);
        if (!p) { b->seen_lost = true; return; }
        b->seen = p;
        b->capseen = cap;
    }
    b->seen[b->nseen++] = move;
}

/* ---- what a decision shares ------------------------------------------------------- */

typedef struct {
    const bot_spec *spec;
    game *g;              /* the game this thread searches on */
    tree *t;
    int seat, players;
    rng_t rng;
    const uint8_t *root;  /* the position to decide in */
    const int64_t *root_legal;    /* its legal moves (the seat's own: the same on every */
    int nroot;                    /* determinization, as grove check's hidden test asks) */
    bool evaluate;        /* rollouts stop after `depth` moves and end in evaluate(s) */
    int eval_ref;         /* ... the evaluate of that handle (game_evaluate_find; 0: def.evaluate) */
    long target;          /* root visits to reach (0: no limit) */
    int maxnodes;         /* the tree's bound: its share of BOT_TREE_BYTES */
    bool full;            /* the search stopped at it */
    double deadline;      /* 0: none */
    int *path;
    int npath, cappath;
    int64_t *legal;       /* a copy of the moves of the node being visited */
    int caplegal;
    int *ranks;           /* ranks[1..players] of a finished playout */
    double *reward;       /* reward[1..players] */
    double *values;       /* values[1..players] of evaluate(s) */
    long iterations;
    int64_t choice;       /* greedy's */
    bool ok;              /* a helper thread's run succeeded ... */
    char err[GAME_ERRLEN];    /* ... or why not */
} search;

/* p grown to hold need entries of size bytes; raises (game_raw_fail) on no memory. */
static void *grow(game *g, void *p, int *cap, int need, size_t size)
{
    if (need <= *cap) return p;
    int n = *cap ? *cap * 2 : 64;
    while (n < need) n *= 2;
    void *q = realloc(p, (size_t)n * size);
    if (!q) game_raw_fail(g, "out of memory");
    *cap = n;
    return q;
}

/* Back to the root, on a fresh determinization of what the seat cannot
 * know: the hidden cards and the chance to come. */
static void determinize(game *g, search *s)
{
    game_restore(g, s->root);
    uint64_t seed = ((uint64_t)rng_next(&s->rng) << 32) | rng_next(&s->rng);
    game_raw_determinize(g, s->seat, &s->rng, seed);
}

/* Random moves to the end, or to the cap. True if the game ended. */
static bool rollout(game *g, search *s)
{
    for (long k = 0; k < s->spec->playout_cap; k++) {
        const movebuf *legal = game_raw_moves(g);
        if (legal->n == 0) return true;
        game_raw_apply(g, legal->m[rng_below(&s->rng, (uint32_t)legal->n)]);
    }
    return game_raw_moves(g)->n == 0;
}

/* Rewards in 0..1 for every seat of a finished (or cut short) game: by
 * rank (1 for the winners, 0 for the last, or below it: a game lost to
 * the game itself); alone, by score scaled to the scores seen so far, and
 * once the search has seen a game lost (rank 2 of 1: a solo rival won),
 * half for winning and half for the score, so a win counts for more than
 * any score; 0.5 for all when the game was cut short. */
static void rewards(game *g, search *s, bool ended)
{
    if (!ended || !game_raw_ranks(g, s->ranks)) {
        for (int seat = 1; seat <= s->players; seat++) s->reward[seat] = 0.5;
        return;
    }
    if (s->players == 1) {
        double v = game_raw_score(g, 1);
        tree *t = s->t;
        if (v < t->lo) t->lo = v;
        if (v > t->hi) t->hi = v;
        double scaled = t->hi > t->lo ? (v - t->lo) / (t->hi - t->lo) : 0.5;
        bool won = s->ranks[1] == 1;
        t->lost_seen = t->lost_seen || !won;
        s->reward[1] = t->lost_seen ? 0.5 * won + 0.5 * scaled : scaled;
        return;
    }
    for (int seat = 1; seat <= s->players; seat++) {
        int rank = s->ranks[seat] < s->players ? s->ranks[seat] : s->players;
        s->reward[seat] = (double)(s->players - rank) / (s->players - 1);
    }
}

/* Rewards in 0..1 from evaluate(s), a position the rollout stopped in:
 * alone, the value scaled to the values and scores seen so far (once a
 * game was seen lost, a win counting even odds: 0.25 to 0.75); else for
 * each seat the share of the other seats it is ahead of, each pair by a
 * sigmoid of the difference of their values over the mean difference seen
 * in this tree, so that an evaluation reads like a rank (the reward of a
 * finished game) that is not sure yet. */
static void evaluation_rewards(game *g, search *s)
{
    game_raw_evaluate_with(g, s->eval_ref, s->values);
    tree *t = s->t;
    if (s->players == 1) {
        double v = s->values[1];
        if (v < t->lo) t->lo = v;
        if (v > t->hi) t->hi = v;
        double scaled = t->hi > t->lo ? (v - t->lo) / (t->hi - t->lo) : 0.5;
        /* a game that can be lost: not over yet, won or lost even odds */
        s->reward[1] = t->lost_seen ? 0.25 + 0.5 * scaled : scaled;
        return;
    }
    for (int i = 1; i <= s->players; i++)
        for (int j = i + 1; j <= s->players; j++) {
            t->gap_sum += fabs(s->values[i] - s->values[j]);
            t->gap_n++;
        }
    double scale = t->gap_sum / (double)t->gap_n;
    for (int i = 1; i <= s->players; i++) {
        double sum = 0;
        for (int j = 1; j <= s->players; j++) {
            if (j == i) continue;
            double d = s->values[i] - s->values[j];
            if (scale > 1e-12) sum += 1 / (1 + exp(-d / scale));
            else sum += d > 0 ? 1 : d < 0 ? 0 : 0.5;
        }
        s->reward[i] = sum / (s->players - 1);
    }
}

/* ---- MCTS --------------------------------------------------------------------------- */

/* A node more (the caller keeps nnodes below s->maxnodes); raises on no
 * memory. The array grows by doubling up to the bound, never past it. */
static int new_node(game *g, search *s, int64_t move, int actor)
{
    tree *t = s->t;
    if (t->nnodes == t->capnodes) {
        int cap = t->capnodes ? t->capnodes * 2 : 64;
        if (cap > s->maxnodes) cap = s->maxnodes;
        node *p = realloc(t->nodes, (size_t)cap * sizeof *p);
        if (!p) game_raw_fail(g, "out of memory");
        t->nodes = p;
        t->capnodes = cap;
    }
    node *n = &t->nodes[t->nnodes];
    memset(n, 0, sizeof *n);
    n->move = move;
    n->actor = actor;
    n->child = n->sibling = -1;
    return t->nnodes++;
}

static void push_path(game *g, search *s, int n)
{
    s->path = grow(g, s->path, &s->cappath, s->npath + 1, sizeof *s->path);
    s->path[s->npath++] = n;
}

/* The rollout past the tree: to the end (true if it ended) or, with an
 * evaluation, `depth` random moves and then evaluate(s). Sets the rewards. */
static void finish(game *g, search *s)
{
    if (!s->evaluate) {
        rewards(g, s, rollout(g, s));
        return;
    }
    for (int k = 0; k < s->spec->depth; k++) {
        const movebuf *legal = game_raw_moves(g);
        if (legal->n == 0) { rewards(g, s, true); return; }
        game_raw_apply(g, legal->m[rng_below(&s->rng, (uint32_t)legal->n)]);
    }
    /* over when result(s) says so (cheaper to ask than the moves) */
    if (game_raw_ranks(g, s->ranks)) rewards(g, s, true);
    else evaluation_rewards(g, s);
}

/* One iteration: determinize, descend (expanding one new node), roll out,
 * back up the rewards. */
static void iterate(game *g, search *s)
{
    determinize(g, s);
    s->npath = 0;
    push_path(g, s, 0);
    int cur = 0;
    for (;;) {
        node *nodes = s->t->nodes;
        const int64_t *now;
        int n;
        if (cur == 0) {                 /* the root's moves are listed once a decision */
            now = s->root_legal;
            n = s->nroot;
        } else {
            const movebuf *listed = game_raw_moves(g);
            now = listed->m;
            n = listed->n;
        }
        if (n == 0) { rewards(g, s, true); break; }
        s->legal = grow(g, s->legal, &s->caplegal, n, sizeof *s->legal);
        memcpy(s->legal, now, (size_t)n * sizeof *s->legal);
        /* the children legal here gain availability; the legal moves with no
         * child yet are the untried ones (moved to the front of legal) */
        int untried = n;
        for (int c = nodes[cur].child; c >= 0; c = nodes[c].sibling)
            for (int i = 0; i < untried; i++)
                if (s->legal[i] == nodes[c].move) {
                    nodes[c].avail++;
                    s->legal[i] = s->legal[--untried];
                    s->legal[untried] = nodes[c].move;
                    break;
                }
        if (untried > 0) {
            int actor = game_raw_actor(g);
            int64_t m = s->legal[rng_below(&s->rng, (uint32_t)untried)];
            int child = new_node(g, s, m, actor);
            nodes = s->t->nodes;
            nodes[child].sibling = nodes[cur].child;
            nodes[child].avail = 1;
            nodes[cur].child = child;
            game_raw_apply(g, m);
            push_path(g, s, child);
            finish(g, s);
            break;
        }
        /* every legal move tried: the best by UCB among those legal now */
        int best = -1;
        double best_v = -1;
        for (int c = nodes[cur].child; c >= 0; c = nodes[c].sibling) {
            bool legal = false;
            for (int i = 0; i < n && !legal; i++) legal = s->legal[i] == nodes[c].move;
            if (!legal) continue;
            const node *k = &nodes[c];
            double v = k->reward / (double)k->visits
                       + s->spec->explore * sqrt(log((double)k->avail) / (double)k->visits);
            if (v > best_v) { best_v = v; best = c; }
        }
        game_raw_apply(g, nodes[best].move);
        push_path(g, s, best);
        cur = best;
    }
    node *nodes = s->t->nodes;
    for (int i = 0; i < s->npath; i++) {
        node *k = &nodes[s->path[i]];
        k->visits++;
        if (i > 0) k->reward += s->reward[k->actor];
    }
    s->iterations++;
}

/* Can no other child of the root catch up with the most visited one in
 * the visits left? Then the choice is made. */
static bool decided(const search *s)
{
    const node *nodes = s->t->nodes;
    long left = s->target - nodes[0].visits;
    long first = -1, second = -1;
    for (int c = nodes[0].child; c >= 0; c = nodes[c].sibling) {
        long v = nodes[c].visits;
        if (v > first) { second = first; first = v; }
        else if (v > second) second = v;
    }
    return second >= 0 && first - second > left;
}

/* Is the end near? TAIL_PROBES random games from the root (each on its own
 * determinization) all end within `tail` moves. Each probe stops one move
 * past it, so asking costs at most TAIL_PROBES * (tail + 1) random moves. */
static bool end_is_near(game *g, search *s)
{
    for (int p = 0; p < TAIL_PROBES; p++) {
        determinize(g, s);
        int k = 0;
        for (; k <= s->spec->tail; k++) {
            const movebuf *legal = game_raw_moves(g);
            if (legal->n == 0) break;
            game_raw_apply(g, legal->m[rng_below(&s->rng, (uint32_t)legal->n)]);
        }
        if (k > s->spec->tail) return false;
    }
    return true;
}

static int mcts_body(game *g, void *ctx)
{
    search *s = ctx;
    if (s->t->nnodes == 0) new_node(g, s, 0, 0);
    if (s->evaluate && s->spec->tail > 0 && end_is_near(g, s)) s->evaluate = false;
    for (;;) {
        if (s->t->nnodes >= s->maxnodes) { s->full = true; break; }   /* an iteration adds one node */
        if (s->target && s->t->nodes[0].visits >= s->target) break;
        if (s->deadline > 0 && (s->iterations & 15) == 0 && now_s() >= s->deadline) break;
        if (s->target && (s->iterations & 7) == 0 && decided(s)) break;
        iterate(g, s);
    }
    game_restore(g, s->root);
    return 1;
}

/* ---- greedy ----------------------------------------------------------------------- */

/* How good the position is for the seat: def.score(s, seat) minus the best
 * other seat's, if the game gives a score; else rewards of random playouts. */
static double greedy_value(game *g, search *s)
{
    if (game_has_score(g)) {
        double mine = 0, best_other = -HUGE_VAL;
        for (int seat = 1; seat <= s->players; seat++) {
            double v = game_raw_eval(g, seat);
            if (seat == s->seat) mine = v;
            else if (v > best_other) best_other = v;
        }
        return s->players > 1 ? mine - best_other : mine;
    }
    uint8_t *here = malloc(game_state_size(g));
    if (!here) game_raw_fail(g, "out of memory");
    if (!game_snapshot(g, here)) {
        free(here);
        game_raw_fail(g, game_error(g));
    }
    double sum = 0;
    for (int k = 0; k < GREEDY_PLAYOUTS; k++) {
        if (k) game_restore(g, here);
        bool ended = rollout(g, s);
        rewards(g, s, ended);
        sum += s->reward[s->seat];
    }
    free(here);
    return sum / GREEDY_PLAYOUTS;
}

static int greedy_body(game *g, void *ctx)
{
    search *s = ctx;
    determinize(g, s);
    const movebuf *legal = game_raw_moves(g);
    int n = legal->n;
    if (n == 0) return 0;
    s->legal = grow(g, s->legal, &s->caplegal, n, sizeof *s->legal);
    memcpy(s->legal, legal->m, (size_t)n * sizeof *s->legal);
    uint64_t seed = ((uint64_t)rng_next(&s->rng) << 32) | rng_next(&s->rng);
    double best = -HUGE_VAL;
    int ties = 0;
    for (int i = 0; i < n; i++) {
        rng_t again;                 /* every move judged on the same chance */
        rng_seed(&again, seed, 1);
        rng_t keep = s->rng;
        s->rng = again;
        determinize(g, s);
        s->rng = keep;
        game_raw_apply(g, s->legal[i]);
        double v = greedy_value(g, s);
        if (v > best) { best = v; s->choice = s->legal[i]; ties = 1; }
        else if (v == best && rng_below(&s->rng, (uint32_t)++ties) == 0) s->choice = s->legal[i];
        s->iterations++;
    }
    game_restore(g, s->root);
    return 1;
}

/* ---- finding the tree again ------------------------------------------------------- */

typedef struct {
    bot *b;
    int *actors;          /* actors[i]: who played seen[i] */
} replay_ctx;

static int replay_body(game *g, void *ctx)
{
    replay_ctx *c = ctx;
    game_restore(g, c->b->last);
    for (int i = 0; i < c->b->nseen; i++) {
        c->actors[i] = game_raw_actor(g);
        game_raw_apply(g, c->b->seen[i]);
    }
    return 1;
}

/* Keep what the trees know of the position now (at snapshot `now`, hash
 * `hash`, the seat `seat` to act): the subtree reached by the moves
 * observed since the last decision, when replaying them from that
 * position leads here, the seat is the same, and every move was the
 * seat's own or nothing in the game is hidden (another seat's move may
 * name a card the seat does not see). Else forget. g is left at `now`. */
static void find_tree(bot *b, game *g, const uint8_t *now, uint64_t hash, int seat, int threads)
{
    bool keep = b->spec.reuse && b->last && b->seat == seat && !b->seen_lost
                && b->size == game_state_size(g);
    int *actors = NULL, *map = NULL;
    if (keep) {
        actors = malloc(((size_t)b->nseen + 1) * sizeof *actors);
        keep = actors != NULL;
    }
    if (keep) {
        replay_ctx c = { b, actors };
        uint64_t there;
        keep = game_run_raw(g, replay_body, &c, NULL) && game_hash(g, &there) && there == hash;
        game_restore(g, now);
    }
    bool hidden = game_hidden(g);
    for (int i = 0; keep && i < b->nseen; i++)
        if (hidden && actors[i] != seat) keep = false;
    for (int k = 0; keep && k < threads; k++) {
        tree *t = &b->trees[k];
        if (t->nnodes == 0) continue;
        int at = 0;
        for (int i = 0; i < b->nseen && at >= 0; i++) {
            int c = t->nodes[at].child;
            while (c >= 0 && t->nodes[c].move != b->seen[i]) c = t->nodes[c].sibling;
            at = c;
        }
        if (at < 0) { tree_clear(t); continue; }
        map = realloc(map, (size_t)t->nnodes * 2 * sizeof *map);
        if (!map) { keep = false; break; }
        tree_reroot(t, at, map);
    }
    free(map);
    free(actors);
    if (getenv("GROVE_BOT_DEBUG")) fprintf(stderr, "find_tree: keep %d last %d seat %d/%d nseen %d root %ld\n", keep, b->last != NULL, b->seat, seat, b->nseen, b->trees[0].nnodes ? b->trees[0].nodes[0].visits : -1);
    if (!keep) forget(b);
    for (int k = threads; k < BOT_MAX_THREADS; k++) tree_clear(&b->trees[k]);
}

/* ---- thinking on several threads ---------------------------------------------------- */

/* Give the bot threads - 1 helper games like g (once per game); returns
 * how many threads it can think on. */
static int helpers(bot *b, game *g)
{
    int want = b->spec.threads;
    if (want <= 1) return 1;
    if (!b->helpers_tried) {
        b->helpers_tried = true;
        for (int k = 1; k < want; k++) {
            char err[GAME_ERRLEN];
            grove_vm *vm = vm_like(game_vm(g));
            game *twin = vm ? game_twin(g, vm, err, sizeof err) : NULL;
            if (!twin) {
                snprintf(b->note, sizeof b->note, "%s", vm ? err : "out of memory starting Lua");
                vm_free(vm);
                break;
            }
            b->vms[k] = vm;
            b->twins[k] = twin;
            b->nhelpers = k;
        }
    }
    return b->nhelpers + 1;
}

static void *helper_thread(void *arg)
{
    search *s = arg;
    game_restore(s->g, s->root);
    s->ok = game_run_raw(s->g, mcts_body, s, NULL);
    if (!s->ok) snprintf(s->err, sizeof s->err, "%s", game_error(s->g));
    return NULL;
}

/* ---- choosing ----------------------------------------------------------------------- */

static bool search_init(search *s, const bot_spec *spec, game *g, int seat, int players, const uint8_t *root,
                        const int64_t *legal, int nlegal)
{
    memset(s, 0, sizeof *s);
    s->spec = spec;
    s->g = g;
    s->seat = seat;
    s->players = players;
    s->root = root;
    s->root_legal = legal;
    s->nroot = nlegal;
    s->ranks = calloc((size_t)players + 1, sizeof *s->ranks);
    s->reward = calloc((size_t)players + 1, sizeof *s->reward);
    s->values = calloc((size_t)players + 1, sizeof *s->values);
    return s->ranks && s->reward && s->values;
}

static void search_free(search *s)
{
    free(s->ranks);
    free(s->reward);
    free(s->values);
    free(s->path);
    free(s->legal);
}

/* The most visited legal move at the roots, summed over the trees; ties
 * to the better summed reward, then to the first met. False when no
 * iteration reached a legal move. */
static bool most_visited(const bot *b, int threads, const int64_t *legal, int nlegal, int64_t *move)
{
    long best_visits = -1;
    double best_reward = 0;
    for (int k = 0; k < threads; k++) {
        const tree *t = &b->trees[k];
        for (int c = t->nnodes ? t->nodes[0].child : -1; c >= 0; c = t->nodes[c].sibling) {
            int64_t m = t->nodes[c].move;
            bool is_legal = false, met = false;
            for (int i = 0; i < nlegal && !is_legal; i++) is_legal = legal[i] == m;
            for (int j = 0; j < k && !met; j++)         /* summed where first met */
                for (int d = b->trees[j].nnodes ? b->trees[j].nodes[0].child : -1; d >= 0 && !met;
                     d = b->trees[j].nodes[d].sibling)
                    met = b->trees[j].nodes[d].move == m;
            if (!is_legal || met) continue;
            long visits = 0;
            double reward = 0;
            for (int j = k; j < threads; j++) {
                const tree *u = &b->trees[j];
                for (int d = u->nnodes ? u->nodes[0].child : -1; d >= 0; d = u->nodes[d].sibling)
                    if (u->nodes[d].move == m) {
                        visits += u->nodes[d].visits;
                        reward += u->nodes[d].reward;
                    }
            }
            if (visits > best_visits || (visits == best_visits && reward > best_reward)) {
                best_visits = visits;
                best_reward = reward;
                *move = m;
            }
        }
    }
    return best_visits >= 0;
}

/* MCTS from `root` on `threads` threads (thread k > 0 on the bot's twin k),
 * each growing its own tree; *move the most visited legal move. */
static bool mcts(bot *b, game *g, const uint8_t *root, const rng_t *rng, uint64_t seed, int seat,
                 int threads, const int64_t *legal, int nlegal, int64_t *move, bot_stats *st)
{
    const bot_spec *spec = &b->spec;
    int players = game_players(g);
    search s[BOT_MAX_THREADS];
    pthread_t th[BOT_MAX_THREADS];
    bool started[BOT_MAX_THREADS] = { false };
    double deadline = spec->seconds > 0 ? now_s() + spec->seconds : 0;
    bool ok = true, said = false;    /* said: the error is in g already */
    for (int k = 0; k < threads; k++) {
        if (!search_init(&s[k], spec, k ? b->twins[k] : g, seat, players, root, legal, nlegal)) ok = false;
        s[k].t = &b->trees[k];
        size_t share = tree_bytes / (size_t)threads / sizeof(node);
        s[k].maxnodes = share < 2 ? 2 : share > INT_MAX ? INT_MAX : (int)share;
        if (s[k].t->nnodes > s[k].maxnodes / 2) tree_clear(s[k].t);   /* kept, but too big to grow */
        const char *eval = spec->eval[0] ? spec->eval : NULL;      /* the evaluate named, else ... */
        if (!eval && !game_has_evaluate(g) && game_has_learned(g)) eval = "learned";   /* grove learn's */
        s[k].evaluate = spec->depth != BOT_DEPTH_END && (eval || game_has_evaluate(g));
        if (ok && s[k].evaluate && eval && !game_evaluate_find(s[k].g, eval, &s[k].eval_ref)) {
            if (k) game_set_error(g, "%s", game_error(s[k].g));    /* a helper's twin: said in g */
            ok = false;
            said = true;
        }
        s[k].deadline = deadline;
        s[k].target = spec->iterations / threads + (k < spec->iterations % threads);
        if (spec->iterations && !s[k].target) s[k].target = 1;
        if (k == 0) s[k].rng = *rng;
        else rng_seed(&s[k].rng, seed, 0x626f74ULL + (uint64_t)k);
        if (s[k].t->nnodes) st->kept += s[k].t->nodes[0].visits;
    }
    if (!ok && !said) game_set_error(g, "out of memory");
    for (int k = 1; ok && k < threads; k++)
        started[k] = pthread_create(&th[k], NULL, helper_thread, &s[k]) == 0;
    if (ok) ok = game_run_raw(g, mcts_body, &s[0], NULL);
    for (int k = 1; k < threads; k++) {
        if (started[k]) pthread_join(th[k], NULL);
        else if (ok) helper_thread(&s[k]);              /* no thread to be had: think here */
        if (ok && !s[k].ok) {
            game_set_error(g, "%s", s[k].err);
            ok = false;
        }
    }
    if (ok && !most_visited(b, threads, legal, nlegal, move)) *move = legal[0];
    for (int k = 0; k < threads; k++) {
        st->iterations += s[k].iterations;
        st->full = st->full || s[k].full;
        search_free(&s[k]);
    }
    return ok;
}

bool bot_move(bot *b, game *g, uint64_t seed, int64_t *move, bot_stats *stats)
{
    bot_stats st = { 0, 0, 1, false };
    if (stats) *stats = st;
    const int64_t *moves;
    int n = game_legal(g, &moves);
    if (n < 0) return false;
    if (n == 0) { game_set_error(g, "no legal move"); return false; }
    rng_t rng;
    rng_seed(&rng, seed, 0x626f74ULL);                  /* "bot" */
    const bot_spec *spec = &b->spec;
    if (spec->kind == BOT_RANDOM || n == 1) {
        *move = moves[n == 1 ? 0 : rng_below(&rng, (uint32_t)n)];
        return true;
    }
    int seat = game_actor(g);
    if (!seat) return false;
    int64_t *legal = malloc((size_t)n * sizeof *legal);
    size_t size = game_state_size(g);
    uint8_t *root = malloc(size);
    bool ok = legal && root && game_snapshot(g, root);
    if (!ok && !game_error(g)[0]) game_set_error(g, "out of memory");
    if (ok) memcpy(legal, moves, (size_t)n * sizeof *legal);
    if (ok && spec->kind == BOT_GREEDY) {
        search s;
        int chose = 0;
        ok = search_init(&s, spec, g, seat, game_players(g), root, legal, n);
        if (!ok) game_set_error(g, "out of memory");
        tree scale;                                     /* the scores seen, this decision only */
        tree_clear(&scale);
        if (ok) {
            s.rng = rng;
            s.t = &scale;
            ok = game_run_raw(g, greedy_body, &s, &chose);
            game_restore(g, root);                      /* also after an error */
            if (ok && !chose) { game_set_error(g, "no legal move"); ok = false; }
            if (ok) *move = s.choice;
            st.iterations = s.iterations;
        }
        search_free(&s);
    } else if (ok) {
        if (b->owner != g) bot_reset(b);
        b->owner = g;
        uint64_t hash;
        ok = game_hash(g, &hash);
        int threads = ok ? helpers(b, g) : 1;
        if (ok) find_tree(b, g, root, hash, seat, threads);
        st.threads = threads;
        if (ok) ok = mcts(b, g, root, &rng, seed, seat, threads, legal, n, move, &st);
        game_restore(g, root);                          /* also after an error */
        if (ok && spec->reuse) {
            free(b->last);
            b->last = root;                             /* the bot's now */
            root = NULL;
            b->size = size;
            b->seat = seat;
            b->nseen = 0;
            b->seen_lost = false;
        } else {
            forget(b);
        }
    }
    free(root);
    free(legal);
    if (stats) *stats = st;
    return ok;
}

bool bot_choose(game *g, const bot_spec *spec, uint64_t seed, int64_t *move, long *iterations)
{
    if (iterations) *iterations = 0;
    bot *b = bot_new(spec);
    if (!b) { game_set_error(g, "out of memory"); return false; }
    bot_stats st;
    bool ok = bot_move(b, g, seed, move, &st);
    if (iterations) *iterations = st.iterations;
    bot_free(b);
    return ok;
}

/* ---- a hint ------------------------------------------------------------------------ */

bool bot_hint(game *g, const bot_spec *spec, uint64_t seed, int64_t *move, bot_hint_info *info)
{
    memset(info, 0, sizeof *info);
    const int64_t *legal;
    int n = game_legal(g, &legal);
    if (n < 0) return false;
    info->legal = n;
    bot_spec kept = *spec;
    kept.reuse = true;                                  /* the trees stay until they are read below */
    bot *b = bot_new(&kept);
    if (!b) { game_set_error(g, "out of memory"); return false; }
    bot_stats st;
    bool ok = bot_move(b, g, seed, move, &st);
    info->iterations = st.iterations;
    for (int k = 0; ok && k < st.threads && k < BOT_MAX_THREADS; k++) {
        const tree *t = &b->trees[k];
        for (int c = t->nnodes ? t->nodes[0].child : -1; c >= 0; c = t->nodes[c].sibling) {
            info->total += t->nodes[c].visits;
            if (t->nodes[c].move == *move) info->visits += t->nodes[c].visits;
        }
    }
    bot_free(b);
    return ok;
}

uint64_t bot_hint_seed(const game *g)
{
    return game_seed(g) * 0x9e3779b97f4a7c15ULL + (uint64_t)game_position(g) + 1;
}
