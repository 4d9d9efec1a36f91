/*
 * bots.c — random, greedy and MCTS players over any game (bots.h).
 *
 * Ownership: a search owns its node pool, its copy of the root state and
 * its scratch lists, allocated before and freed after the one protected
 * call the search runs in (game_run_raw), so an error in the script cannot
 * leak them.
 */
#include "bots.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


#define DEFAULT_ITERATIONS 1000
#define DEFAULT_EXPLORE 0.7
#define DEFAULT_PLAYOUT_CAP 2000
#define GREEDY_PLAYOUTS 4       /* random playouts per move when the game has no score */

bool bot_parse(const char *text, bot_spec *spec, char *err, size_t errlen)
{
    memset(spec, 0, sizeof *spec);
    spec->explore = DEFAULT_EXPLORE;
    spec->playout_cap = DEFAULT_PLAYOUT_CAP;
    if (!strcmp(text, "random")) { spec->kind = BOT_RANDOM; return true; }
    if (!strcmp(text, "greedy")) { spec->kind = BOT_GREEDY; return true; }
    if (!strncmp(text, "mcts", 4)) {
        spec->kind = BOT_MCTS;
        spec->budget = DEFAULT_ITERATIONS;
        const char *arg = text + 4;
        if (!*arg) return true;
        if (*arg == ':') {
            char *end;
            double v = strtod(arg + 1, &end);
            if (end != arg + 1 && v > 0) {
                if (!strcmp(end, "s") && v <= 3600) { spec->budget = 0; spec->seconds = v; return true; }
                if (!*end && v == floor(v) && v <= 1e9) { spec->budget = (long)v; return true; }
            }
        }
    }
    snprintf(err, errlen, "unknown bot '%s' (random, greedy, mcts, mcts:ITERATIONS or mcts:SECONDSs)", text);
    return false;
}

void bot_name(const bot_spec *spec, char *buf, size_t len)
{
    switch (spec->kind) {
    case BOT_RANDOM: snprintf(buf, len, "random"); break;
    case BOT_GREEDY: snprintf(buf, len, "greedy"); break;
    case BOT_MCTS:
        if (spec->budget) snprintf(buf, len, "mcts:%ld", spec->budget);
        else snprintf(buf, len, "mcts:%gs", spec->seconds);
        break;
    }
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- what a search shares --------------------------------------------------------- */

typedef struct {
    int64_t move;         /* the move from the parent */
    int actor;            /* the seat that chose it */
    int child, sibling;   /* first child, next sibling: indices, -1 for none */
    long visits, avail;   /* times chosen, times it was legal when its parent was visited */
    double reward;        /* summed rewards of `actor` */
} node;

typedef struct {
    const bot_spec *spec;
    int seat, players;
    rng_t rng;
    uint8_t *root;        /* the position to decide in */
    node *nodes;
    int nnodes, capnodes;
    int *path;
    int npath, cappath;
    int64_t *legal;       /* a copy of the moves of the node being visited */
    int caplegal;
    int *ranks;           /* ranks[1..players] of a finished playout */
    double *reward;       /* reward[1..players] */
    double lo, hi;        /* single-player: the scores seen, to scale rewards */
    bool lost_seen;       /* single-player: a playout ended in a loss (rank 2 of 1) */
    long iterations;
    int64_t choice;
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
        if (v < s->lo) s->lo = v;
        if (v > s->hi) s->hi = v;
        double scaled = s->hi > s->lo ? (v - s->lo) / (s->hi - s->lo) : 0.5;
        bool won = s->ranks[1] == 1;
        s->lost_seen = s->lost_seen || !won;
        s->reward[1] = s->lost_seen ? 0.5 * won + 0.5 * scaled : scaled;
        return;
    }
    for (int seat = 1; seat <= s->players; seat++) {
        int rank = s->ranks[seat] < s->players ? s->ranks[seat] : s->players;
        s->reward[seat] = (double)(s->players - rank) / (s->players - 1);
    }
}

/* ---- MCTS --------------------------------------------------------------------------- */

static int new_node(game *g, search *s, int64_t move, int actor)
{
    s->nodes = grow(g, s->nodes, &s->capnodes, s->nnodes + 1, sizeof *s->nodes);
    node *n = &s->nodes[s->nnodes];
    memset(n, 0, sizeof *n);
    n->move = move;
    n->actor = actor;
    n->child = n->sibling = -1;
    return s->nnodes++;
}

static void push_path(game *g, search *s, int n)
{
    s->path = grow(g, s->path, &s->cappath, s->npath + 1, sizeof *s->path);
    s->path[s->npath++] = n;
}

/* One iteration: determinize, descend (expanding one new node), roll out,
 * back up the rewards. */
static void iterate(game *g, search *s)
{
    determinize(g, s);
    s->npath = 0;
    push_path(g, s, 0);
    int cur = 0;
    bool ended = false;
    for (;;) {
        const movebuf *now = game_raw_moves(g);
        int n = now->n;
        if (n == 0) { ended = true; break; }
        s->legal = grow(g, s->legal, &s->caplegal, n, sizeof *s->legal);
        memcpy(s->legal, now->m, (size_t)n * sizeof *s->legal);
        /* the children legal here gain availability; the legal moves with no
         * child yet are the untried ones (moved to the front of legal) */
        int untried = n;
        for (int c = s->nodes[cur].child; c >= 0; c = s->nodes[c].sibling)
            for (int i = 0; i < untried; i++)
                if (s->legal[i] == s->nodes[c].move) {
                    s->nodes[c].avail++;
                    s->legal[i] = s->legal[--untried];
                    s->legal[untried] = s->nodes[c].move;
                    break;
                }
        int actor = game_raw_actor(g);
        if (untried > 0) {
            int64_t m = s->legal[rng_below(&s->rng, (uint32_t)untried)];
            int child = new_node(g, s, m, actor);
            node *parent = &s->nodes[cur];
            s->nodes[child].sibling = parent->child;
            s->nodes[child].avail = 1;
            parent->child = child;
            game_raw_apply(g, m);
            push_path(g, s, child);
            ended = rollout(g, s);
            break;
        }
        /* every legal move tried: the best by UCB among those legal now */
        int best = -1;
        double best_v = -1;
        for (int c = s->nodes[cur].child; c >= 0; c = s->nodes[c].sibling) {
            bool legal = false;
            for (int i = 0; i < n && !legal; i++) legal = s->legal[i] == s->nodes[c].move;
            if (!legal) continue;
            const node *k = &s->nodes[c];
            double v = k->reward / (double)k->visits
                       + s->spec->explore * sqrt(log((double)k->avail) / (double)k->visits);
            if (v > best_v) { best_v = v; best = c; }
        }
        game_raw_apply(g, s->nodes[best].move);
        push_path(g, s, best);
        cur = best;
    }
    rewards(g, s, ended);
    for (int i = 0; i < s->npath; i++) {
        node *k = &s->nodes[s->path[i]];
        k->visits++;
        if (i > 0) k->reward += s->reward[k->actor];
    }
    s->iterations++;
}

static int mcts_body(game *g, void *ctx)
{
    search *s = ctx;
    new_node(g, s, 0, 0);
    double deadline = s->spec->budget ? 0 : now_s() + s->spec->seconds;
    for (;;) {
        if (s->spec->budget && s->iterations >= s->spec->budget) break;
        if (!s->spec->budget && (s->iterations & 15) == 0 && now_s() >= deadline) break;
        iterate(g, s);
    }
    game_restore(g, s->root);
    int best = -1;
    for (int c = s->nodes[0].child; c >= 0; c = s->nodes[c].sibling) {
        const node *k = &s->nodes[c], *b = best >= 0 ? &s->nodes[best] : NULL;
        if (!b || k->visits > b->visits
            || (k->visits == b->visits && k->reward > b->reward))
            best = c;
    }
    if (best < 0) return 0;
    s->choice = s->nodes[best].move;
    return 1;
}

/* ---- greedy ----------------------------------------------------------------------- */

/* How good the position is for the seat: def.score(s, seat) minus the best
 * other seat's, if the game gives a score; else rewards of random playouts. */
static double evaluate(game *g, search *s)
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
        double v = evaluate(g, s);
        if (v > best) { best = v; s->choice = s->legal[i]; ties = 1; }
        else if (v == best && rng_below(&s->rng, (uint32_t)++ties) == 0) s->choice = s->legal[i];
        s->iterations++;
    }
    game_restore(g, s->root);
    return 1;
}

/* ---- choosing ----------------------------------------------------------------------- */

bool bot_choose(game *g, const bot_spec *spec, uint64_t seed, int64_t *move, long *iterations)
{
    if (iterations) *iterations = 0;
    const int64_t *moves;
    int n = game_legal(g, &moves);
    if (n < 0) return false;
    if (n == 0) { game_set_error(g, "no legal move"); return false; }
    rng_t rng;
    rng_seed(&rng, seed, 0x626f74ULL);                  /* "bot" */
    if (spec->kind == BOT_RANDOM || n == 1) {
        *move = moves[n == 1 ? 0 : rng_below(&rng, (uint32_t)n)];
        return true;
    }
    int seat = game_actor(g);
    if (!seat) return false;
    search s = { 0 };
    s.spec = spec;
    s.seat = seat;
    s.players = game_players(g);
    s.rng = rng;
    s.lo = HUGE_VAL;
    s.hi = -HUGE_VAL;
    s.root = malloc(game_state_size(g));
    s.ranks = calloc((size_t)s.players + 1, sizeof *s.ranks);
    s.reward = calloc((size_t)s.players + 1, sizeof *s.reward);
    bool ok = s.root && s.ranks && s.reward && game_snapshot(g, s.root);
    int chose = 0;
    if (ok) ok = game_run_raw(g, spec->kind == BOT_MCTS ? mcts_body : greedy_body, &s, &chose);
    if (s.root) game_restore(g, s.root);                /* also after an error */
    if (ok && !chose) { game_set_error(g, "no legal move"); ok = false; }
    if (ok) *move = s.choice;
    if (iterations) *iterations = s.iterations;
    free(s.root);
    free(s.ranks);
    free(s.reward);
    free(s.nodes);
    free(s.path);
    free(s.legal);
    return ok;
}
