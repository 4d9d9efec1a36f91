/*
 * sim.c — `grove sim`: bot games in bulk, their summary, and the A/B
 * comparison of two variants on the same seeds.
 *
 *   grove sim GAME -n N [--players P] [--variant A,B] [--bots KIND[,KIND...]]
 *             [--seed S] [--threads T] [--cap MOVES] [--json FILE] [--csv FILE]
 *             [--plot FILE.svg] [--compare VARIANTS_A VARIANTS_B] [--coverage]
 *
 * Game i (0-based) is played from seed S + i with bots whose choices are
 * seeded from (S + i, move number), so every game, and the whole summary,
 * is the same whatever the number of threads. Each thread runs its own Lua
 * state. Records and summaries are gathered by game index.
 */
#include <lauxlib.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "coverage.h"
#include "plot.h"

#define SIM_MAX_THREADS 64
#define SIM_MAX_KINDS 256

typedef struct {
    const char *game;
    int players;
    uint64_t seed;
    long n;
    int threads;
    long cap;                       /* moves before a game is cut short */
    char variants[2][GAME_MAX_VARIANTS];
    int nsides;                     /* 1, or 2 with --compare */
    char botnames[MAX_BOTS + 1][24];
    bot_spec bots[MAX_BOTS + 1];
    const char *json, *csv;
    const char *plot;               /* --plot FILE.svg */
    char title[128];                /* the game's title, for the plot */
    bool coverage;
} sim_opts;

/* One played game. */
typedef struct {
    long moves, turns;
    bool capped, failed;
    char err[256];
    double *scores;                 /* [players] */
    int *ranks;                     /* [players] */
    char **texts;                   /* the moves as text (records only) */
    long kinds[SIM_MAX_KINDS];      /* moves played, by kind */
} sim_game;

typedef struct {
    const sim_opts *o;
    int side;                       /* which variant list */
    sim_game *games;
    char kind_names[SIM_MAX_KINDS][32];
    pthread_mutex_t lock;
    long next, done;                /* the next game to take; games finished */
    bool records;                   /* keep move texts */
    coverage *cov;                  /* merged line counts, or NULL */
    struct { char name[48]; long n; } *cards;   /* cards played (def.played), all games */
    int ncards, capcards;
    char fatal[GAME_ERRLEN];        /* a game that cannot even be opened */
} sim_run;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- playing ------------------------------------------------------------------ */

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
    long captexts = 0;
    int last_actor = 0;
    for (;;) {
        if (!game_moves(g)) goto fail;
        if (g->buf.n == 0) break;
        if (sg->moves >= o->cap) { sg->capped = true; break; }
        int actor = game_actor(g);
        if (!actor) goto fail;
        int64_t m;
        const bot_spec *b = &o->bots[actor];
        if (b->kind == BOT_RANDOM || g->buf.n == 1) {
            m = g->buf.m[g->buf.n == 1 ? 0 : rng_below(&pick, (uint32_t)g->buf.n)];
        } else if (!bot_choose(g, b, mix(seed, (uint64_t)sg->moves), &m, NULL)) {
            goto fail;
        }
        if (actor != last_actor) sg->turns++;
        last_actor = actor;
        name_kind(r, g, m);
        sg->kinds[m & 0xff]++;
        if (g->fn_played != LUA_NOREF) {
            char card[48];
            if (!game_played(g, m, card, sizeof card)) goto fail;
            if (card[0]) count_card(r, card);
        }
        if (r->records) {
            if (sg->moves == captexts) {
                captexts = captexts ? captexts * 2 : 128;
                char **t = realloc(sg->texts, (size_t)captexts * sizeof *t);
                if (!t) { snprintf(g->err, sizeof g->err, "out of memory"); goto fail; }
                sg->texts = t;
            }
            char text[256];
            game_describe(g, m, text, sizeof text);
            sg->texts[sg->moves] = strdup(text);
        }
        if (!game_apply(g, m, false, false)) goto fail;
        sg->moves++;
    }
    sg->scores = calloc((size_t)o->players, sizeof *sg->scores);
    sg->ranks = calloc((size_t)o->players, sizeof *sg->ranks);
    if (!sg->scores || !sg->ranks) { snprintf(g->err, sizeof g->err, "out of memory"); goto fail; }
    if (!sg->capped) {
        lua_State *L = vm->L;
        if (!game_result(g)) goto fail;
        if (!lua_istable(L, -1)) {
            lua_pop(L, 1);
            snprintf(g->err, sizeof g->err, "result: nil after the last move (the game has no legal move but is not over)");
            goto fail;
        }
        lua_getfield(L, -1, "scores");
        lua_getfield(L, -2, "ranks");
        for (int s = 1; s <= o->players; s++) {
            lua_rawgeti(L, -2, s);
            sg->scores[s - 1] = lua_tonumber(L, -1);
            lua_rawgeti(L, -2, s);
            sg->ranks[s - 1] = (int)lua_tointeger(L, -1);
            lua_pop(L, 2);
        }
        lua_pop(L, 3);
    }
    game_close(g);
    return;
fail:
    sg->failed = true;
    snprintf(sg->err, sizeof sg->err, "game %ld (seed %llu), move %ld: %s", i, (unsigned long long)seed,
             sg->moves + 1, game_error(g));
    game_close(g);
}

static void progress(sim_run *r, double t0)
{
    if (!isatty(STDERR_FILENO)) return;
    long total = r->o->n * r->o->nsides, done = r->done + (long)r->side * r->o->n;
    int width = 30, filled = (int)(width * done / (total ? total : 1));
    double t = now_s() - t0;
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

static bool run_side(sim_run *r, double t0)
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

/* ---- statistics ----------------------------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Quartiles of v[0..n) (sorted in place) by linear interpolation. */
static void quartiles(double *v, long n, double q[3])
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    for (int k = 0; k < 3; k++) {
        double pos = (n - 1) * (k + 1) / 4.0;
        long lo = (long)floor(pos);
        long hi = lo + 1 < n ? lo + 1 : lo;
        q[k] = n ? v[lo] + (v[hi] - v[lo]) * (pos - lo) : 0;
    }
}

/* The 95% Wilson interval of a proportion of n. */
static void wilson(double wins, long n, double *lo, double *hi)
{
    if (n == 0) { *lo = 0; *hi = 1; return; }
    double z = 1.96, p = wins / n, d = 1 + z * z / n;
    double c = (p + z * z / (2.0 * n)) / d;
    double h = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
    *lo = c - h < 0 ? 0 : c - h;
    *hi = c + h > 1 ? 1 : c + h;
}

typedef struct {
    long games, capped, ties;
    double *wins;                   /* [players]: shared wins split */
    double *score_mean, (*score_q)[3];
    double len_mean, len_q[3], turn_mean, turn_q[3];
} summary;

static void summarize(const sim_run *r, summary *s)
{
    const sim_opts *o = r->o;
    int P = o->players;
    memset(s, 0, sizeof *s);
    s->wins = calloc((size_t)P, sizeof *s->wins);
    s->score_mean = calloc((size_t)P, sizeof *s->score_mean);
    s->score_q = calloc((size_t)P, sizeof *s->score_q);
    double *len = malloc(sizeof(double) * (size_t)(o->n + 1));
    double *turns = malloc(sizeof(double) * (size_t)(o->n + 1));
    double *scores = malloc(sizeof(double) * (size_t)(o->n + 1));
    if (!s->wins || !s->score_mean || !s->score_q || !len || !turns || !scores) {
        fprintf(stderr, "grove sim: out of memory\n");
        exit(1);
    }
    long k = 0;
    for (long i = 0; i < o->n; i++) {
        const sim_game *g = &r->games[i];
        if (g->failed) continue;
        len[k] = (double)g->moves;
        turns[k] = (double)g->turns;
        k++;
        s->games++;
        if (g->capped) { s->capped++; continue; }
        int winners = 0;
        for (int p = 0; p < P; p++) winners += g->ranks[p] == 1;
        if (winners > 1) s->ties++;
        for (int p = 0; p < P; p++)
            if (g->ranks[p] == 1) s->wins[p] += 1.0 / winners;
    }
    for (long i = 0; i < k; i++) s->len_mean += len[i] / k;
    for (long i = 0; i < k; i++) s->turn_mean += turns[i] / k;
    quartiles(len, k, s->len_q);
    quartiles(turns, k, s->turn_q);
    for (int p = 0; p < P; p++) {
        long m = 0;
        for (long i = 0; i < o->n; i++)
            if (!r->games[i].failed && !r->games[i].capped) scores[m++] = r->games[i].scores[p];
        for (long i = 0; i < m; i++) s->score_mean[p] += scores[i] / m;
        quartiles(scores, m, s->score_q[p]);
    }
    free(len);
    free(turns);
    free(scores);
}

static void free_summary(summary *s)
{
    free(s->wins);
    free(s->score_mean);
    free(s->score_q);
}

static void print_summary(const sim_run *r, const summary *s, double seconds)
{
    const sim_opts *o = r->o;
    long decided = s->games - s->capped;
    printf("  seat  bot           wins    win rate (95%% CI)       score: mean    q1  median    q3\n");
    for (int p = 0; p < o->players; p++) {
        double lo, hi;
        wilson(s->wins[p], decided, &lo, &hi);
        printf("  %4d  %-12s %6.1f   %5.1f%% (%5.1f%%-%5.1f%%)   %12.2f %5.1f %7.1f %5.1f\n", p + 1,
               o->botnames[p + 1], s->wins[p], decided ? 100 * s->wins[p] / decided : 0, 100 * lo, 100 * hi,
               s->score_mean[p], s->score_q[p][0], s->score_q[p][1], s->score_q[p][2]);
    }
    printf("  shared wins (ties): %ld   games cut short at %ld moves: %ld\n", s->ties, o->cap, s->capped);
    printf("  length in moves: mean %.1f (q1 %.0f, median %.0f, q3 %.0f)\n", s->len_mean, s->len_q[0],
           s->len_q[1], s->len_q[2]);
    printf("  length in turns: mean %.1f (q1 %.0f, median %.0f, q3 %.0f)\n", s->turn_mean, s->turn_q[0],
           s->turn_q[1], s->turn_q[2]);
    long total = 0, kinds[SIM_MAX_KINDS] = { 0 };
    for (long i = 0; i < o->n; i++)
        for (int k = 0; k < SIM_MAX_KINDS; k++) { kinds[k] += r->games[i].kinds[k]; total += r->games[i].kinds[k]; }
    printf("  moves played, by kind:");
    for (int k = 0; k < SIM_MAX_KINDS; k++)
        if (kinds[k]) printf(" %s %.1f%%", r->kind_names[k][0] ? r->kind_names[k] : "?", 100.0 * kinds[k] / total);
    if (r->ncards) {
        long cards = 0;
        for (int k = 0; k < r->ncards; k++) cards += r->cards[k].n;
        int *order = malloc(sizeof(int) * (size_t)(r->ncards > 0 ? r->ncards : 1));
        if (order) {
            for (int k = 0; k < r->ncards; k++) order[k] = k;
            for (int a = 1; a < r->ncards; a++)       /* most played first, then by name */
                for (int b = a; b > 0; b--) {
                    long x = r->cards[order[b - 1]].n, y = r->cards[order[b]].n;
                    if (x > y || (x == y && strcmp(r->cards[order[b - 1]].name, r->cards[order[b]].name) < 0)) break;
                    int t = order[b]; order[b] = order[b - 1]; order[b - 1] = t;
                }
            printf("\n  cards played (%ld):", cards);
            for (int k = 0; k < r->ncards; k++)
                printf("%s %s %.1f%%", k % 6 ? "" : "\n   ", r->cards[order[k]].name, 100.0 * r->cards[order[k]].n / cards);
            free(order);
        }
    }
    printf("\n  %ld games in %.1f s (%.0f games/s, %d threads)\n", s->games, seconds,
           seconds > 0 ? s->games / seconds : 0, o->threads);
}

/* ---- records ------------------------------------------------------------------------- */

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20) fprintf(f, "\\u%04x", *s);
        else fputc(*s, f);
    }
    fputc('"', f);
}

static bool write_json(const sim_run *runs, int nsides, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) { fprintf(stderr, "grove sim: cannot write %s\n", path); return false; }
    const sim_opts *o = runs[0].o;
    fprintf(f, "[\n");
    bool first = true;
    for (int side = 0; side < nsides; side++)
        for (long i = 0; i < o->n; i++) {
            const sim_game *g = &runs[side].games[i];
            if (g->failed) continue;
            fprintf(f, "%s  {\"game\": ", first ? "" : ",\n");
            first = false;
            json_string(f, o->game);
            fprintf(f, ", \"variants\": ");
            json_string(f, o->variants[side]);
            fprintf(f, ", \"players\": %d, \"seed\": %llu, \"bots\": [", o->players,
                    (unsigned long long)(o->seed + (uint64_t)i));
            for (int p = 1; p <= o->players; p++) {
                if (p > 1) fprintf(f, ", ");
                json_string(f, o->botnames[p]);
            }
            fprintf(f, "], \"length\": %ld, \"turns\": %ld, \"capped\": %s, \"scores\": [", g->moves, g->turns,
                    g->capped ? "true" : "false");
            for (int p = 0; p < o->players; p++) fprintf(f, "%s%g", p ? ", " : "", g->scores[p]);
            fprintf(f, "], \"ranks\": [");
            for (int p = 0; p < o->players; p++) fprintf(f, "%s%d", p ? ", " : "", g->ranks[p]);
            fprintf(f, "], \"moves\": [");
            for (long m = 0; m < g->moves; m++) {
                if (m) fprintf(f, ", ");
                json_string(f, g->texts[m]);
            }
            fprintf(f, "]}");
        }
    fprintf(f, "\n]\n");
    bool ok = !ferror(f);
    if (fclose(f) != 0) ok = false;
    if (!ok) fprintf(stderr, "grove sim: error writing %s\n", path);
    return ok;
}

static bool write_csv(const sim_run *runs, int nsides, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) { fprintf(stderr, "grove sim: cannot write %s\n", path); return false; }
    const sim_opts *o = runs[0].o;
    fprintf(f, "variants,seed,length,turns,capped");
    for (int p = 1; p <= o->players; p++) fprintf(f, ",score%d", p);
    for (int p = 1; p <= o->players; p++) fprintf(f, ",rank%d", p);
    fprintf(f, "\n");
    for (int side = 0; side < nsides; side++)
        for (long i = 0; i < o->n; i++) {
            const sim_game *g = &runs[side].games[i];
            if (g->failed) continue;
            fprintf(f, "\"%s\",%llu,%ld,%ld,%d", o->variants[side], (unsigned long long)(o->seed + (uint64_t)i),
                    g->moves, g->turns, g->capped);
            for (int p = 0; p < o->players; p++) fprintf(f, ",%g", g->scores[p]);
            for (int p = 0; p < o->players; p++) fprintf(f, ",%d", g->ranks[p]);
            fprintf(f, "\n");
        }
    bool ok = !ferror(f);
    if (fclose(f) != 0) ok = false;
    if (!ok) fprintf(stderr, "grove sim: error writing %s\n", path);
    return ok;
}

/* The picture of the runs (plot.c): the numbers the text prints, plus
 * each seat's lowest and highest score and every game's length. Prints
 * "plot written to FILE", or the reason it could not be. */
static bool write_plot(const sim_run *runs, const summary *sums, int nsides, const char *path)
{
    const sim_opts *o = runs[0].o;
    int P = o->players;
    plot_data d = { .game = o->game, .title = o->title, .players = P, .n = o->n, .seed = o->seed,
                    .cap = o->cap, .nruns = nsides };
    const char *bots[MAX_BOTS];
    for (int p = 0; p < P; p++) bots[p] = o->botnames[p + 1];
    d.bots = bots;
    plot_seat *seats = calloc((size_t)(nsides * P), sizeof *seats);
    long *lengths = calloc((size_t)nsides * (size_t)o->n, sizeof *lengths);
    bool ok = seats && lengths;
    for (int side = 0; ok && side < nsides; side++) {
        const sim_run *r = &runs[side];
        const summary *s = &sums[side];
        plot_run *pr = &d.runs[side];
        pr->variants = o->variants[side];
        pr->games = s->games;
        pr->decided = s->games - s->capped;
        pr->ties = s->ties;
        pr->capped = s->capped;
        plot_seat *ps = seats + side * P;
        long *len = lengths + (size_t)side * (size_t)o->n, k = 0;
        pr->seats = ps;
        pr->lengths = len;
        for (long i = 0; i < o->n; i++)
            if (!r->games[i].failed) len[k++] = r->games[i].moves;
        for (int p = 0; p < P; p++) {
            plot_seat *e = &ps[p];
            e->wins = s->wins[p];
            e->rate = pr->decided ? s->wins[p] / pr->decided : 0;
            wilson(s->wins[p], pr->decided, &e->lo, &e->hi);
            e->mean = s->score_mean[p];
            memcpy(e->q, s->score_q[p], sizeof e->q);
            for (long i = 0; i < o->n; i++) {
                const sim_game *g = &r->games[i];
                if (g->failed || g->capped) continue;
                double v = g->scores[p];
                if (!e->scored || v < e->min) e->min = v;
                if (!e->scored || v > e->max) e->max = v;
                e->scored++;
            }
        }
    }
    char err[4200] = "out of memory gathering the plot's data";
    if (ok) ok = plot_write(&d, path, err, sizeof err);
    if (ok) printf("plot written to %s\n", path);
    else fprintf(stderr, "grove sim: %s\n", err);
    free(seats);
    free(lengths);
    return ok;
}

/* The game's title ("Once Upon a Forest") into o->title, for the plot; its
 * name if the definition has no title. */
static void read_title(grove_vm *vm, sim_opts *o)
{
    char err[GAME_ERRLEN];
    snprintf(o->title, sizeof o->title, "%s", o->game);
    if (!game_load_def(vm, o->game, "", false, err, sizeof err)) return;
    if (lua_getfield(vm->L, -1, "title") == LUA_TSTRING)
        snprintf(o->title, sizeof o->title, "%s", lua_tostring(vm->L, -1));
    lua_settop(vm->L, 0);
}

/* ---- comparing ------------------------------------------------------------------------ */

/* The win share of a seat in a game: 1 for a sole winner, 1/k for k
 * winners, else 0. */
static double win_share(const sim_game *g, int players, int seat)
{
    if (g->ranks[seat] != 1) return 0;
    int k = 0;
    for (int p = 0; p < players; p++) k += g->ranks[p] == 1;
    return 1.0 / k;
}

typedef double (*measure)(const sim_game *g, int players, int seat);

static double m_win(const sim_game *g, int players, int seat) { return win_share(g, players, seat); }
static double m_length(const sim_game *g, int players, int seat) { (void)players; (void)seat; return (double)g->moves; }
static double m_score(const sim_game *g, int players, int seat) { (void)players; return g->scores[seat]; }

/* Compare a measure game by game (the same seed under A and under B): the
 * mean of A, of B, and of the differences with its 95% interval. Returns
 * whether the interval excludes 0, and the mean difference. */
static bool paired(const sim_run *runs, measure f, int seat, bool decided_only, const char *what,
                   double scale, const char *unit, double *diff)
{
    const sim_opts *o = runs[0].o;
    double sa = 0, sb = 0, sd = 0, sdd = 0;
    long n = 0;
    for (long i = 0; i < o->n; i++) {
        const sim_game *a = &runs[0].games[i], *b = &runs[1].games[i];
        if (a->failed || b->failed) continue;
        if (decided_only && (a->capped || b->capped)) continue;
        double x = f(a, o->players, seat), y = f(b, o->players, seat);
        sa += x;
        sb += y;
        sd += y - x;
        sdd += (y - x) * (y - x);
        n++;
    }
    if (n == 0) return false;
    double mean = sd / n, var = n > 1 ? (sdd - n * mean * mean) / (n - 1) : 0;
    double h = 1.96 * sqrt(var > 0 ? var / n : 0);
    bool sig = mean - h > 0 || mean + h < 0;
    printf("  %-24s %9.2f%s %9.2f%s   %+8.2f%s (95%% CI %+.2f to %+.2f)%s\n", what, scale * sa / n, unit,
           scale * sb / n, unit, scale * mean, unit, scale * (mean - h), scale * (mean + h),
           sig ? "   significant" : "");
    *diff = mean;
    return sig;
}

static void compare(const sim_run *runs)
{
    const sim_opts *o = runs[0].o;
    const char *a = o->variants[0][0] ? o->variants[0] : "(no variant)";
    const char *b = o->variants[1][0] ? o->variants[1] : "(no variant)";
    printf("\nA = %s, B = %s: the same %ld seeds and bots, compared game by game (B - A)\n", a, b, o->n);
    printf("  %-24s %10s %10s   %s\n", "", "A", "B", "difference");
    char verdict[4096] = "";
    size_t len = 0;
    double d;
    for (int p = 0; p < o->players; p++) {
        char what[64];
        snprintf(what, sizeof what, "seat %d win rate", p + 1);
        if (paired(runs, m_win, p, true, what, 100, "%", &d) && len < sizeof verdict - 200)
            len += (size_t)snprintf(verdict + len, sizeof verdict - len, "  -> seat %d wins %s often under B (%+.1f points)\n",
                                    p + 1, d > 0 ? "more" : "less", 100 * d);
    }
    if (paired(runs, m_length, 0, false, "length in moves", 1, "", &d) && len < sizeof verdict - 200)
        len += (size_t)snprintf(verdict + len, sizeof verdict - len, "  -> games are %s under B (%+.1f moves)\n",
                                d > 0 ? "longer" : "shorter", d);
    for (int p = 0; p < o->players; p++) {
        char what[64];
        snprintf(what, sizeof what, "seat %d mean score", p + 1);
        if (paired(runs, m_score, p, true, what, 1, "", &d) && len < sizeof verdict - 200)
            len += (size_t)snprintf(verdict + len, sizeof verdict - len, "  -> seat %d scores %s under B (%+.2f)\n",
                                    p + 1, d > 0 ? "more" : "less", d);
    }
    printf("%s", len ? verdict : "  -> no significant difference at this sample size\n");
}

/* ---- options ------------------------------------------------------------------------------ */

static const char usage[] =
    "usage: grove sim GAME -n N [--players P] [--variant A,B] [--bots KIND[,KIND...]] [--seed S]\n"
    "                 [--threads T] [--cap MOVES] [--json FILE] [--csv FILE] [--plot FILE.svg]\n"
    "                 [--compare VARIANTS_A VARIANTS_B] [--coverage]\n"
    "  bots: random, greedy, mcts, mcts:ITERATIONS, mcts:SECONDSs; one for all seats or one per seat\n"
    "  variants: comma-separated names; '-' for none (in --compare)\n"
    "  --plot: an SVG picture of win rates, scores and game lengths (A and B side by side with --compare)\n";

static bool parse_long(const char *s, long lo, long hi, long *out)
{
    if (!s) return false;
    char *end;
    long v = strtol(s, &end, 10);
    if (*end || end == s || v < lo || v > hi) return false;
    *out = v;
    return true;
}

/* 1: options read; 0: bad options (said); -1: --help was printed. */
static int parse_sim(int argc, char **argv, sim_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->threads = 1;
    o->cap = 100000;
    o->nsides = 1;
    const char *bots = "random";
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (!strcmp(a, "-n")) {
            if (!parse_long(v, 1, 100000000, &n)) { fprintf(stderr, "grove sim: -n needs a number of games\n"); return 0; }
            o->n = n; i++;
        } else if (!strcmp(a, "--players") || !strcmp(a, "-p")) {
            if (!parse_long(v, 1, MAX_BOTS, &n)) { fprintf(stderr, "grove sim: --players needs a number 1..%d\n", MAX_BOTS); return 0; }
            o->players = (int)n; i++;
        } else if (!strcmp(a, "--seed") || !strcmp(a, "-s")) {
            if (!parse_long(v, 0, 0x7fffffffffffffffL, &n)) { fprintf(stderr, "grove sim: --seed needs a non-negative integer\n"); return 0; }
            o->seed = (uint64_t)n; i++;
        } else if (!strcmp(a, "--threads") || !strcmp(a, "-t")) {
            if (!parse_long(v, 1, SIM_MAX_THREADS, &n)) { fprintf(stderr, "grove sim: --threads needs 1..%d\n", SIM_MAX_THREADS); return 0; }
            o->threads = (int)n; i++;
        } else if (!strcmp(a, "--cap")) {
            if (!parse_long(v, 1, 100000000, &n)) { fprintf(stderr, "grove sim: --cap needs a number of moves\n"); return 0; }
            o->cap = n; i++;
        } else if (!strcmp(a, "--variant") || !strcmp(a, "--variants")) {
            if (!v) { fprintf(stderr, "grove sim: --variant needs names\n"); return 0; }
            snprintf(o->variants[0], sizeof o->variants[0], "%s", v); i++;
        } else if (!strcmp(a, "--bots") || !strcmp(a, "--bot")) {
            if (!v) { fprintf(stderr, "grove sim: --bots needs KIND or KIND,KIND...\n"); return 0; }
            bots = v; i++;
        } else if (!strcmp(a, "--json")) {
            if (!v) { fprintf(stderr, "grove sim: --json needs a file\n"); return 0; }
            o->json = v; i++;
        } else if (!strcmp(a, "--csv")) {
            if (!v) { fprintf(stderr, "grove sim: --csv needs a file\n"); return 0; }
            o->csv = v; i++;
        } else if (!strcmp(a, "--plot")) {
            if (!v) { fprintf(stderr, "grove sim: --plot needs a file (FILE.svg)\n"); return 0; }
            o->plot = v; i++;
        } else if (!strcmp(a, "--compare")) {
            if (!v || i + 2 >= argc) { fprintf(stderr, "grove sim: --compare needs two variant lists ('-' for none)\n"); return 0; }
            for (int k = 0; k < 2; k++) {
                const char *w = argv[i + 1 + k];
                snprintf(o->variants[k], sizeof o->variants[k], "%s", strcmp(w, "-") ? w : "");
            }
            o->nsides = 2;
            i += 2;
        } else if (!strcmp(a, "--coverage")) {
            o->coverage = true;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            return -1;
        } else if (a[0] == '-') {
            fprintf(stderr, "grove sim: unknown option '%s'\n%s", a, usage);
            return 0;
        } else if (!o->game) {
            o->game = a;
        } else {
            fprintf(stderr, "grove sim: unexpected argument '%s'\n%s", a, usage);
            return 0;
        }
    }
    if (!o->game || !o->n) { fputs(usage, stderr); return 0; }
    /* bots: one kind for every seat, or one per seat */
    char list[256];
    snprintf(list, sizeof list, "%s", bots);
    int k = 0;
    char *save = NULL;
    for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (++k > MAX_BOTS) { fprintf(stderr, "grove sim: too many bots\n"); return 0; }
        char why[160];
        if (!bot_parse(t, &o->bots[k], why, sizeof why)) { fprintf(stderr, "grove sim: %s\n", why); return 0; }
        bot_name(&o->bots[k], o->botnames[k], sizeof o->botnames[k]);
    }
    if (k == 0) { fprintf(stderr, "grove sim: --bots needs at least one kind\n"); return 0; }
    if (k == 1)
        for (int s = 2; s <= MAX_BOTS; s++) { o->bots[s] = o->bots[1]; memcpy(o->botnames[s], o->botnames[1], sizeof o->botnames[s]); }
    o->players = o->players ? o->players : (k > 1 ? k : 0);
    if (k > 1 && k != o->players) {
        fprintf(stderr, "grove sim: %d bots for %d players: give one kind, or one per seat\n", k, o->players);
        return 0;
    }
    return 1;
}

int cmd_sim(int argc, char **argv)
{
    sim_opts o;
    int parsed = parse_sim(argc, argv, &o);
    if (parsed <= 0) return parsed < 0 ? 0 : 2;
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    if (!o.players) o.players = cli_min_players(vm, o.game);
    if (!o.players) { vm_free(vm); return 1; }
    /* a first game, to refuse bad names and counts before starting threads */
    for (int side = 0; side < o.nsides; side++) {
        char err[GAME_ERRLEN];
        game *g = game_open(vm, o.game, o.variants[side], o.players, o.seed, 0, err, sizeof err);
        if (!g) { fprintf(stderr, "grove sim: %s\n", err); vm_free(vm); return 1; }
        game_close(g);
    }
    if (o.plot) read_title(vm, &o);
    vm_free(vm);
    printf("%s, %d player%s, %ld games (seeds %llu..%llu), bots", o.game, o.players, o.players == 1 ? "" : "s",
           o.n, (unsigned long long)o.seed, (unsigned long long)(o.seed + (uint64_t)o.n - 1));
    for (int p = 1; p <= o.players; p++) printf(" %s", o.botnames[p]);
    if (o.nsides == 1 && o.variants[0][0]) printf(", variants %s", o.variants[0]);
    printf("\n");
    fflush(stdout);                     /* before any error of the run on stderr */

    sim_run runs[2];
    summary sums[2];
    coverage *cov = o.coverage ? coverage_new() : NULL;
    double t0 = now_s();
    int rc = 0;
    for (int side = 0; side < o.nsides; side++) {
        sim_run *r = &runs[side];
        memset(r, 0, sizeof *r);
        r->o = &o;
        r->side = side;
        r->records = o.json != NULL;
        r->cov = cov;
        pthread_mutex_init(&r->lock, NULL);
        r->games = calloc((size_t)o.n, sizeof *r->games);
        if (!r->games) { fprintf(stderr, "grove sim: out of memory\n"); return 1; }
        if (!run_side(r, t0)) { rc = 1; o.nsides = side; break; }
        if (vm_cancelled()) {           /* Ctrl-C at the REPL: no results from a part of a run */
            long done = r->done + side * o.n;
            fprintf(stderr, "grove sim: interrupted after %ld of %ld games; no results\n", done, o.n * o.nsides);
            o.nsides = side + 1;
            rc = 130;
            break;
        }
        long failed = 0;
        for (long i = 0; i < o.n; i++)
            if (r->games[i].failed) {
                if (!failed) fprintf(stderr, "grove sim: %s\n", r->games[i].err);
                failed++;
            }
        if (failed) { fprintf(stderr, "grove sim: %ld of %ld games failed\n", failed, o.n); rc = 1; }
    }
    double seconds = now_s() - t0;
    int shown = rc == 130 ? 0 : o.nsides;
    for (int side = 0; side < shown; side++) {
        summarize(&runs[side], &sums[side]);
        if (o.nsides == 2) printf("\n%s: %s\n", side ? "B" : "A", o.variants[side][0] ? o.variants[side] : "(no variant)");
        print_summary(&runs[side], &sums[side], o.nsides == 2 ? seconds / 2 : seconds);
    }
    if (shown == 2) compare(runs);
    if (cov && shown) {
        printf("\n");
        char folder[128];
        snprintf(folder, sizeof folder, "scripts/%s/", o.game);
        grove_vm *rv = cli_vm();
        if (rv) {
            coverage_report(cov, folder, rv, stdout);
            vm_free(rv);
        }
    }
    coverage_free(cov);
    if (o.json && shown && !write_json(runs, shown, o.json)) rc = 1;
    if (o.csv && shown && !write_csv(runs, shown, o.csv)) rc = 1;
    if (o.plot && shown && !write_plot(runs, sums, shown, o.plot)) rc = 1;
    for (int side = 0; side < o.nsides; side++) {
        for (long i = 0; i < o.n; i++) {
            sim_game *g = &runs[side].games[i];
            for (long m = 0; g->texts && m < g->moves; m++) free(g->texts[m]);
            free(g->texts);
            free(g->scores);
            free(g->ranks);
        }
        free(runs[side].games);
        free(runs[side].cards);
        if (side < shown) free_summary(&sums[side]);
        pthread_mutex_destroy(&runs[side].lock);
    }
    return rc;
}
