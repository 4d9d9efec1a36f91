/*
 * sim_run.c — `grove sim`'s games: each thread runs its own VM and takes
 * the next game to play; game i is played from seed S + i, its bots seeded
 * from (S + i, move number), so the results are the same whatever the
 * number of threads. Records and summaries are gathered by game index.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sim.h"

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

/* Name a move kind by the first word of a move's text (once per kind). */
static void name_kind(sim_run *r, game *g, int64_t m)
{
    int kind = (int)(m & 0xff);
    pthread_mutex_lock(&r->lock);
    bool named = r->kind_names[kind][0] != '\0';
    pthread_mutex_unlock(&r->lock);
    if (named) return;
    char text[256];
    game_describe(g, m, text, sizeof text);
    char *sp = strchr(text, ' ');
    if (sp) *sp = '\0';
    pthread_mutex_lock(&r->lock);
    if (!r->kind_names[kind][0]) snprintf(r->kind_names[kind], sizeof r->kind_names[kind], "%s", text);
    pthread_mutex_unlock(&r->lock);
}

/* Count one card played (under the lock). */
static void count_card(sim_run *r, const char *name)
{
    pthread_mutex_lock(&r->lock);
    int k = 0;
    while (k < r->ncards && strcmp(r->cards[k].name, name)) k++;
    if (k == r->ncards) {
        if (r->ncards == r->capcards) {
            int cap = r->capcards ? r->capcards * 2 : 32;
            void *p = realloc(r->cards, (size_t)cap * sizeof *r->cards);
            if (!p) { pthread_mutex_unlock(&r->lock); return; }
            r->cards = p;
            r->capcards = cap;
        }
        snprintf(r->cards[k].name, sizeof r->cards[k].name, "%s", name);
        r->cards[k].n = 0;
        r->ncards++;
    }
    r->cards[k].n++;
    pthread_mutex_unlock(&r->lock);
}

static void play_one(sim_run *r, grove_vm *vm, long i)
{
    const sim_opts *o = r->o;
    sim_game *sg = &r->games[i];
    uint64_t seed = o->seed + (uint64_t)i;
    char err[GAME_ERRLEN];
    game *g = game_open(vm, o->game, o->variants[r->side], o->players, seed, 0, err, sizeof err);
    if (!g) {
        sg->failed = true;
        snprintf(sg->err, sizeof sg->err, "%s", err);
        return;
    }
    rng_t pick;
    rng_seed(&pick, seed, 0x73696dULL);                /* "sim" */
    bot *bots[MAX_BOTS + 1] = { NULL };                 /* each seat's, for the whole game */
    for (int seat = 1; seat <= o->players && seat <= MAX_BOTS; seat++)
        if (o->bots[seat].kind != BOT_RANDOM && !(bots[seat] = bot_new(&o->bots[seat]))) {
            game_set_error(g, "out of memory");
            goto fail;
        }
    long captexts = 0;
    int last_actor = 0;
    for (;;) {
        const int64_t *legal;
        int nlegal = game_legal(g, &legal);
        if (nlegal < 0) goto fail;
        if (nlegal == 0) break;
        if (sg->moves >= o->cap) { sg->capped = true; break; }
        int actor = game_actor(g);
        if (!actor) goto fail;
        int64_t m;
        const bot_spec *b = &o->bots[actor];
        if (b->kind == BOT_RANDOM || nlegal == 1) {
            m = legal[nlegal == 1 ? 0 : rng_below(&pick, (uint32_t)nlegal)];
        } else if (!bot_move(bots[actor], g, mix(seed, (uint64_t)sg->moves), &m, NULL)) {
            goto fail;
        }
        if (actor != last_actor) sg->turns++;
        last_actor = actor;
        name_kind(r, g, m);
        sg->kinds[m & 0xff]++;
        char card[48];
        if (!game_played(g, m, card, sizeof card)) goto fail;
        if (card[0]) count_card(r, card);
        if (r->records) {
            if (sg->moves == captexts) {
                captexts = captexts ? captexts * 2 : 128;
                char **t = realloc(sg->texts, (size_t)captexts * sizeof *t);
                if (!t) { game_set_error(g, "out of memory"); goto fail; }
                sg->texts = t;
            }
            char text[256];
            game_describe(g, m, text, sizeof text);
            sg->texts[sg->moves] = strdup(text);
        }
        if (!game_apply(g, m, false, false)) goto fail;
        for (int seat = 1; seat <= o->players && seat <= MAX_BOTS; seat++) bot_observe(bots[seat], m);
        sg->moves++;
    }
    sg->scores = calloc((size_t)o->players, sizeof *sg->scores);
    sg->ranks = calloc((size_t)o->players, sizeof *sg->ranks);
    if (!sg->scores || !sg->ranks) { game_set_error(g, "out of memory"); goto fail; }
    if (!sg->capped) {
        game_result res = { .scores = sg->scores, .ranks = sg->ranks };
        if (!game_outcome(g, &res)) goto fail;
        if (!res.over) {
            game_set_error(g, "result: nil after the last move (the game has no legal move but is not over)");
            goto fail;
        }
    }
    for (int seat = 1; seat <= MAX_BOTS; seat++) bot_free(bots[seat]);
    game_close(g);
    return;
fail:
    sg->failed = true;
    snprintf(sg->err, sizeof sg->err, "game %ld (seed %llu), move %ld: %s", i, (unsigned long long)seed,
             sg->moves + 1, game_error(g));
    for (int seat = 1; seat <= MAX_BOTS; seat++) bot_free(bots[seat]);
    game_close(g);
}

static void progress(sim_run *r, double t0)
{
    if (!isatty(STDERR_FILENO)) return;
    long total = r->o->n * r->o->nsides, done = r->done + (long)r->side * r->o->n;
    int width = 30, filled = (int)(width * done / (total ? total : 1));
    double t = sim_now() - t0;
    fprintf(stderr, "\r  [%.*s%*s] %ld/%ld games, %.0f s", filled,
            "##############################", width - filled, "", done, total, t);
    if (done == total) fprintf(stderr, "\r%*s\r", 70, "");
    fflush(stderr);
}

typedef struct { sim_run *r; double t0; } worker_arg;

static void *worker(void *arg)
{
    worker_arg *w = arg;
    sim_run *r = w->r;
    grove_vm *vm = cli_vm();
    if (!vm) {
        pthread_mutex_lock(&r->lock);
        snprintf(r->fatal, sizeof r->fatal, "cannot start Lua");
        pthread_mutex_unlock(&r->lock);
        return NULL;
    }
    coverage *cov = r->cov ? coverage_start(vm) : NULL;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        long i = r->fatal[0] || vm_cancelled() ? r->o->n : r->next++;   /* Ctrl-C: no more games */
        pthread_mutex_unlock(&r->lock);
        if (i >= r->o->n) break;
        play_one(r, vm, i);
        pthread_mutex_lock(&r->lock);
        r->done++;
        if ((r->done & 7) == 0 || r->done == r->o->n) progress(r, w->t0);
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

bool sim_play(sim_run *r, double t0)
{
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

