/*
 * games.c — `grove sim`'s games: each thread runs its own VM and takes
 * the next game to play; game i is played from seed S + i, its bots seeded
 * from (S + i, move number), so the results are the same whatever the
 * number of threads. Records and summaries are gathered by game index.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "study.h"

double sim_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t mix(uint64_t a, uint64_t b)
{
    uint64_t x = a * 0x9e3779b97f4a7c15ULL ^ (b + 0x632be59bd9b4e019ULL);
    x ^= x >> 31;
    x *= 0xbf58476d1ce4e5b9ULL;
    return x ^ (x >> 29);
}

/* Name a move kind (once per kind): by the game's kinds (game.kinds), else
 * by the first word of a move's text (game_raw_describe: sim's games run on
 * the fast path). `known` (the game's own) saves taking the lock for a kind
 * already named. */
static void name_kind(sim_run *r, game *g, int64_t m, bool *known)
{
    int kind = (int)(m & 0xff);
    if (known[kind]) return;
    known[kind] = true;
    pthread_mutex_lock(&r->lock);
    bool named = r->kind_names[kind][0] != '\0';
    pthread_mutex_unlock(&r->lock);
    if (named) return;
    char text[256];
    if (!game_kind_name(g, kind, text, sizeof text)) {
        game_raw_describe(g, m, text, sizeof text);
        size_t word = 0;                        /* the first word: up to a blank or a control character */
        while (text[word] && (unsigned char)text[word] > ' ' && text[word] != 0x7f) word++;
        text[word] = '\0';
        if (!word) snprintf(text, sizeof text, "kind %d", kind);
    }
    pthread_mutex_lock(&r->lock);
    if (!r->kind_names[kind][0]) snprintf(r->kind_names[kind], sizeof r->kind_names[kind], "%s", text);
    pthread_mutex_unlock(&r->lock);
}

/* Count one card played (under the lock); its index in r->cards, or -1
 * when there is no memory for a new name. */
static int count_card(sim_run *r, const char *name)
{
    pthread_mutex_lock(&r->lock);
    int k = 0;
    while (k < r->ncards && strcmp(r->cards[k].name, name)) k++;
    if (k == r->ncards) {
        if (r->ncards == r->capcards) {
            int cap = r->capcards ? r->capcards * 2 : 32;
            void *p = realloc(r->cards, (size_t)cap * sizeof *r->cards);
            if (!p) { pthread_mutex_unlock(&r->lock); return -1; }
            r->cards = p;
            r->capcards = cap;
        }
        snprintf(r->cards[k].name, sizeof r->cards[k].name, "%s", name);
        r->cards[k].n = 0;
        r->ncards++;
    }
    r->cards[k].n++;
    pthread_mutex_unlock(&r->lock);
    return k;
}

void sim_recount_cards(sim_run *r, long n)
{
    for (int k = 0; k < r->ncards; k++) r->cards[k].n = 0;
    for (long i = 0; i < n; i++)
        for (long c = 0; c < r->games[i].ncards; c++) r->cards[r->games[i].cards[c]].n++;
}

/* ---- one game on the fast path ------------------------------------------------------- */

/* Why a fast stretch of a game stopped. */
enum { STOP_OVER, STOP_CAPPED, STOP_BOT };

/* One game as it is played: the stretches between bot decisions run on the
 * fast path (game_run_raw), each a C loop over the hooks in one protected
 * call; a seat whose bot thinks (greedy, mcts) ends the stretch, and
 * bot_choose decides outside it. The hooks run in the order the checked
 * path ran them (moves, actor, the bot, played, describe, apply), so the
 * games, their chance and their records are the same. Owned here: the
 * moves played, for explaining a failure, and the text of a move until it
 * has been played; the texts of played moves belong to the sim_game. */
typedef struct {
    sim_run *r;
    sim_game *sg;
    rng_t pick;                     /* the random bots' choices */
    int last_actor;
    long captexts, capcards;
    int64_t *played;                /* the moves so far */
    long capplayed;
    char *text;                     /* the text of the move in play (records), until it is played */
    bool has_move;                  /* a move is being played: `move` by `actor` */
    int64_t move;
    int actor;
    bool named[SIM_MAX_KINDS];      /* kinds this game has seen named */
} fast_game;

/* Play move m of the seat `actor` (the move in c->move while it runs, so a
 * failure can name it). Raises on a script error or no memory. */
static void play_move(game *g, fast_game *c, int64_t m, int actor)
{
    sim_run *r = c->r;
    sim_game *sg = c->sg;
    c->has_move = true;
    c->move = m;
    c->actor = actor;
    if (actor != c->last_actor) sg->turns++;
    c->last_actor = actor;
    name_kind(r, g, m, c->named);
    sg->kinds[m & 0xff]++;
    char card[48];
    game_raw_played(g, m, card, sizeof card);
    if (card[0]) {
        int k = count_card(r, card);
        if (k >= 0 && r->keep_cards) {          /* for sim_recount_cards */
            if (sg->ncards == c->capcards) {
                long cap = c->capcards ? c->capcards * 2 : 64;
                int *p = realloc(sg->cards, (size_t)cap * sizeof *p);
                if (!p) game_raw_fail(g, "out of memory");
                sg->cards = p;
                c->capcards = cap;
            }
            sg->cards[sg->ncards++] = k;
        }
    }
    if (r->records) {
        if (sg->moves == c->captexts) {
            long cap = c->captexts ? c->captexts * 2 : 128;
            char **t = realloc(sg->texts, (size_t)cap * sizeof *t);
            if (!t) game_raw_fail(g, "out of memory");
            sg->texts = t;
            c->captexts = cap;
        }
        char text[GAME_MOVE_TEXT_MAX + 1];
        /* a describe that fails leaves its fallback text, and the run goes
         * on; a text it gives that no save could hold fails the game */
        game_raw_move_text(g, m, text, sizeof text);
        if (!(c->text = strdup(text))) game_raw_fail(g, "out of memory");
    }
    if (sg->moves == c->capplayed) {
        long cap = c->capplayed ? c->capplayed * 2 : 256;
        int64_t *p = realloc(c->played, (size_t)cap * sizeof *p);
        if (!p) game_raw_fail(g, "out of memory");
        c->played = p;
        c->capplayed = cap;
    }
    c->played[sg->moves] = m;
    game_raw_apply(g, m);
    if (r->records) sg->texts[sg->moves] = c->text;    /* the game's now */
    c->text = NULL;
    sg->moves++;
    c->has_move = false;
}

#define NOT_OVER "nil after the last move (the game has no legal move but is not over)"

/* The fast stretch: random seats' moves until the game ends (its result
 * read into the game's scores and ranks), is cut short, or a seat whose
 * bot thinks is to move (STOP_*). */
static int fast_body(game *g, void *ctx)
{
    fast_game *c = ctx;
    const sim_opts *o = c->r->o;
    if (c->has_move) play_move(g, c, c->move, c->actor);    /* the bot's choice */
    for (;;) {
        const movebuf *legal = game_raw_moves(g);
        int n = legal->n;
        if (n == 0) {
            game_result res = { .scores = c->sg->scores, .ranks = c->sg->ranks };
            game_raw_outcome(g, &res);
            if (!res.over) game_raw_fail(g, NOT_OVER);
            return STOP_OVER;
        }
        if (c->sg->moves >= o->cap) return STOP_CAPPED;
        int actor = game_raw_actor(g);
        if (o->bots[actor].kind != BOT_RANDOM && n > 1) {
            c->actor = actor;
            return STOP_BOT;
        }
        play_move(g, c, legal->m[n == 1 ? 0 : rng_below(&c->pick, (uint32_t)n)], actor);
    }
}

/* A fast stretch failed at step k = sg->moves (moves 0..k-1 played, and
 * c->move in play if c->has_move): play the game again on the checked
 * path, where every hook is its own transaction, up to that step and
 * through it (the same game: its variants and --set options), and say
 * what failed there as the checked path words it, with the move's text.
 * The fast path's own message (a watchdog's stop, say) when the checked
 * path does not fail the same way. */
static void explain(sim_run *r, grove_vm *vm, uint64_t seed, const fast_game *c, const char *fast,
                    char *out, size_t len)
{
    const sim_opts *o = r->o;
    long k = c->sg->moves, at = k;
    bool in_move = c->has_move, over = false;
    int64_t m = c->move;
    char err[GAME_ERRLEN], text[GAME_MOVE_TEXT_MAX + 1] = "", unused[GAME_ERRLEN];
    snprintf(err, sizeof err, "%s", fast);
    game *g = vm_cancelled() ? NULL
            : game_open_with(vm, o->game, o->variants[r->side], o->players, seed, &o->set, unused, sizeof unused);
    if (g) {
        long j = 0;
        while (j < k && game_apply(g, c->played[j], false, false)) j++;
        if (j < k) {                /* an earlier move fails on the checked path */
            snprintf(err, sizeof err, "%s", game_error(g));
            at = j;
            in_move = true;
            m = c->played[j];
        }
        /* g is now where move `at` starts (a failed apply leaves it there) */
        if (in_move && !game_describe(g, m, text, sizeof text) && j == k)
            snprintf(err, sizeof err, "%s", game_error(g));   /* a text no record can hold, with its line */
        const int64_t *legal;
        char card[48];
        int n = j == k ? game_legal(g, &legal) : 1;
        if (n < 0) {
            snprintf(err, sizeof err, "%s", game_error(g));
        } else if (n == 0) {        /* the end: result(s) */
            over = true;
            game_result res = { 0 };
            if (!game_outcome(g, &res)) snprintf(err, sizeof err, "%s", game_error(g));
            else if (!res.over) snprintf(err, sizeof err, "result: %s", NOT_OVER);
        } else if (j == k && (!game_actor(g) || (in_move && (!game_played(g, m, card, sizeof card)
                                                             || !game_apply(g, m, false, false))))) {
            snprintf(err, sizeof err, "%s", game_error(g));
        }
        game_close(g);
    }
    if (over) snprintf(out, len, "after move %ld: %s", at, err);
    else if (text[0]) snprintf(out, len, "move %ld (%s): %s", at + 1, text, err);
    else snprintf(out, len, "move %ld: %s", at + 1, err);
}

/* Open game i as its moves are played: setup with no count hook (which
 * costs a Squirrel Island or Once Upon a Forest game a tenth of its
 * setup), the watchdog guarding it. When that fails, the game is opened
 * again on the checked path, under the budget, which words the error (or
 * opens it: a setup the watchdog stopped for being slow). */
static game *open_fast(sim_run *r, grove_vm *vm, uint64_t seed, char *err, size_t errlen)
{
    const sim_opts *o = r->o;
    long budget = vm->budget;
    vm->budget = 0;                     /* every call of the opening: unlimited, watched */
    bool own_watch = !vm_watching(vm);
    if (own_watch) vm_watch_start(vm, GAME_WATCH_MS);
    game *g = game_open_with(vm, o->game, o->variants[r->side], o->players, seed, &o->set, err, errlen);
    if (own_watch) vm_watch_stop(vm);
    vm->budget = budget;
    if (!g && !vm_cancelled())
        g = game_open_with(vm, o->game, o->variants[r->side], o->players, seed, &o->set, err, errlen);
    return g;
}

static void play_one(sim_run *r, grove_vm *vm, long i)
{
    const sim_opts *o = r->o;
    sim_game *sg = &r->games[i];
    uint64_t seed = o->seed + (uint64_t)i;
    char err[GAME_ERRLEN];
    game *g = open_fast(r, vm, seed, err, sizeof err);
    if (!g) {
        sg->failed = true;              /* which game, as a failed move says */
        snprintf(sg->err, sizeof sg->err, "game %ld (seed %llu), %s", i, (unsigned long long)seed, err);
        return;
    }
    fast_game c = { .r = r, .sg = sg };
    rng_seed(&c.pick, seed, 0x73696dULL);               /* "sim" */
    char where[GAME_ERRLEN + 300];
    bot *bots[MAX_BOTS + 1] = { NULL };                 /* each seat's, for the whole game */
    long told = 0;                                      /* the moves the bots were told of */
    for (int seat = 1; seat <= o->players && seat <= MAX_BOTS; seat++)
        if (o->bots[seat].kind != BOT_RANDOM && !(bots[seat] = bot_new(&o->bots[seat]))) {
            snprintf(where, sizeof where, "out of memory");
            goto fail;
        }
    sg->scores = calloc((size_t)o->players, sizeof *sg->scores);
    sg->ranks = calloc((size_t)o->players, sizeof *sg->ranks);
    if (!sg->scores || !sg->ranks) { snprintf(where, sizeof where, "out of memory"); goto fail; }
    for (;;) {
        int stop;
        if (!game_run_raw(g, fast_body, &c, &stop)) {
            explain(r, vm, seed, &c, game_error(g), where, sizeof where);
            goto fail;
        }
        if (stop == STOP_CAPPED) { sg->capped = true; break; }
        if (stop == STOP_OVER) break;
        int64_t m;                      /* a bot that thinks, on its own fast runs */
        for (; told < sg->moves; told++)    /* the moves played since: the bots find their trees */
            for (int seat = 1; seat <= o->players && seat <= MAX_BOTS; seat++)
                bot_observe(bots[seat], c.played[told]);
        if (!bot_move(bots[c.actor], g, mix(seed, (uint64_t)sg->moves), &m, NULL)) {
            snprintf(where, sizeof where, "move %ld: %s", sg->moves + 1, game_error(g));
            goto fail;
        }
        c.has_move = true;
        c.move = m;
    }
    for (int seat = 1; seat <= MAX_BOTS; seat++) bot_free(bots[seat]);
    free(c.played);
    game_close(g);
    return;
fail:
    free(c.text);
    sg->failed = true;
    snprintf(sg->err, sizeof sg->err, "game %ld (seed %llu), %s", i, (unsigned long long)seed, where);
    for (int seat = 1; seat <= MAX_BOTS; seat++) bot_free(bots[seat]);
    free(c.played);
    game_close(g);
}

/* Seconds as a person reads them: "40 s", "12 min", "2.5 h". */
static void duration(double s, char *out, size_t len)
{
    if (s < 99.5) snprintf(out, len, "%.0f s", s);
    else if (s < 5999.5) snprintf(out, len, "%.0f min", s / 60);
    else snprintf(out, len, "%.1f h", s / 3600);
}

/* The bar on a terminal: the games done of those planned, the time so
 * far and, once a game ended, the time left at the pace so far (--sprt
 * may stop long before its most: "at most"). */
static void progress(sim_run *r, double t0)
{
    if (!isatty(STDERR_FILENO)) return;
    long total = r->planned ? r->planned : r->o->n * r->o->nsides, done = r->done + r->others_done;
    if (done > total) total = done;
    int width = 30, filled = (int)(width * done / (total ? total : 1));
    double t = sim_now() - t0;
    char spent[32], left[48] = "";
    duration(t, spent, sizeof spent);
    if (done > 0 && done < total) {
        char d[32];
        duration(t / (double)done * (double)(total - done), d, sizeof d);
        snprintf(left, sizeof left, ", %s%s left", r->o->sprt ? "at most " : "", d);
    }
    fprintf(stderr, "\r  [%.*s%*s] %ld/%ld games, %s%s\033[K", filled,
            "##############################", width - filled, "", done, total, spent, left);
    if (done == total) fprintf(stderr, "\r\033[K");
    fflush(stderr);
}

void sim_progress_clear(void)
{
    if (isatty(STDERR_FILENO)) fprintf(stderr, "\r\033[K");
}

typedef struct { sim_run *r; double t0; } worker_arg;

static void *worker(void *arg)
{
    worker_arg *w = arg;
    sim_run *r = w->r;
    grove_vm *vm = cli_vm();
    if (!vm && vm_cancelled()) return NULL;        /* Ctrl-C while starting: the run reports it */
    if (!vm) {
        pthread_mutex_lock(&r->lock);
        snprintf(r->fatal, sizeof r->fatal, "cannot start Lua");
        pthread_mutex_unlock(&r->lock);
        return NULL;
    }
    coverage *cov = r->cov ? coverage_start(vm) : NULL;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        long i = r->fatal[0] || vm_cancelled() ? r->end : r->next++;   /* Ctrl-C: no more games */
        pthread_mutex_unlock(&r->lock);
        if (i >= r->end) break;
        if (r->have && r->have[i]) continue;        /* in the records already (--resume) */
        play_one(r, vm, i);
        if (r->games[i].failed && vm_cancelled()) {  /* Ctrl-C stopped it: left for --resume, not a failure */
            r->games[i].stopped = true;
            continue;
        }
        if (r->o->out) sim_record_game(r, i);
        pthread_mutex_lock(&r->lock);
        r->done++;
        if ((r->done & 7) == 0 || r->done == r->end) progress(r, w->t0);
        pthread_mutex_unlock(&r->lock);
    }
    if (cov) {
        pthread_mutex_lock(&r->lock);
        coverage_merge(r->cov, cov);
        pthread_mutex_unlock(&r->lock);
        coverage_stop(vm, cov);
    }
    vm_free(vm);
    return NULL;
}

bool sim_play(sim_run *r, double t0, long from, long to)
{
    r->next = from;
    r->end = to;
    int t = r->o->threads;
    pthread_t th[SIM_MAX_THREADS];
    worker_arg arg = { r, t0 };
    int started = 0;
    for (int k = 0; k < t; k++)
        if (pthread_create(&th[k], NULL, worker, &arg) == 0) started++;
    if (!started) worker(&arg);
    for (int k = 0; k < started; k++) pthread_join(th[k], NULL);
    if (r->fatal[0]) { fprintf(stderr, "grove sim: %s\n", r->fatal); return false; }
    return true;
}


/* ---- the same game twice ------------------------------------------------------------ */

static int reorder_body(lua_State *L)
{
    const bool *reverse = lua_touserdata(L, 1);
    vm_reorder_pairs(vm_of(L), *reverse, NULL);
    return 0;
}

/* A fresh VM whose pairs visits string keys sorted, or reverse sorted;
 * NULL when there is no memory (or a Ctrl-C). */
static grove_vm *ordered_vm(bool reverse)
{
    grove_vm *vm = cli_vm();
    char err[256];
    if (vm && !vm_protect(vm, reorder_body, &reverse, 0, err, sizeof err)) {
        vm_free(vm);
        vm = NULL;
    }
    return vm;
}

/* Are the legal lists a and b (n moves each) the same moves in another order? */
static bool same_set(const int64_t *a, const int64_t *b, int n)
{
    for (int k = 0; k < n; k++) {
        bool found = false;
        for (int j = 0; j < n && !found; j++) found = a[k] == b[j];
        if (!found) return false;
    }
    return true;
}

bool sim_same_twice(const sim_opts *o, int side, char *why, size_t len)
{
    grove_vm *vm[2] = { ordered_vm(false), ordered_vm(true) };
    game *g[2] = { NULL, NULL };
    char err[GAME_ERRLEN];
    const char *differs = NULL;
    long at = 0;
    /* what fails here (no memory, an error the study meets too) is the study's to say */
    for (int k = 0; k < 2 && vm[0] && vm[1]; k++)
        if (!(g[k] = game_open_with(vm[k], o->game, o->variants[side], o->players, o->seed, &o->set, err, sizeof err)))
            break;
    rng_t pick;
    rng_seed(&pick, o->seed, 0x7477696365ULL);         /* "twice" */
    for (at = 0; g[0] && g[1] && at <= o->cap && !vm_cancelled(); at++) {
        uint64_t h[2];
        const int64_t *l[2];
        int n[2];
        bool ok = true;
        for (int k = 0; k < 2 && ok; k++) ok = game_hash(g[k], &h[k]) && (n[k] = game_legal(g[k], &l[k])) >= 0;
        if (!ok) break;
        if (h[0] != h[1]) differs = at ? "the move leads to another state" : "setup makes another state";
        else if (n[0] != n[1] || !same_set(l[0], l[1], n[0])) differs = "other moves are legal";
        else if (n[0] && memcmp(l[0], l[1], (size_t)n[0] * sizeof *l[0])) differs = "the same legal moves come in another order";
        if (differs && h[0] == h[1]) at++;             /* the move to choose next: its number */
        if (differs || n[0] == 0) break;
        int64_t m = l[0][rng_below(&pick, (uint32_t)n[0])];
        if (!game_apply(g[0], m, false, false) || !game_apply(g[1], m, false, false)) break;
    }
    if (differs) {
        /* where pairs met string keys in the rules (the stdlib's own loops are sound) */
        char (*sites)[VM_SITE_LEN] = malloc(16 * sizeof *sites);
        int nsites = sites ? vm_pairs_sites(vm[1], sites, 16) : 0;
        char where[32] = "setup";
        if (at) snprintf(where, sizeof where, "move %ld", at);
        size_t used = (size_t)snprintf(why, len, "its first game (seed %llu) played twice in fresh Lua states parts "
                                       "at %s: %s", (unsigned long long)o->seed, where, differs);
        int named = 0;
        for (int i = 0; i < nsites && i < 16 && used < len; i++) {
            if (!strncmp(sites[i], "stdlib/", 7)) continue;
            used += (size_t)snprintf(why + used, len - used, "%s%s", named++ ? ", " : "; pairs visits string keys, "
                                     "in an order Lua draws anew in every run, at ", sites[i]);
        }
        free(sites);
    }
    for (int k = 0; k < 2; k++) {
        game_close(g[k]);
        vm_free(vm[k]);
    }
    return differs == NULL;
}
