/*
 * learn.c — `grove learn GAME`: an evaluate for a game's bots, learned
 * from games the bots play (issue 32), for a game that has none, or as a
 * designer's start on one.
 *
 *   grove learn GAME [--games N] [--rounds R] [--iterations I] [--threads T]
 *                    [--players P] [--variant A,B] [--set NAME=VALUE]... [--seed S]
 *                    [-o FILE.lua]
 *
 * Each round plays N games, every seat by one bot: random moves in the
 * first round, then MCTS (I iterations a decision) ending its rollouts in
 * the model of the round before. From each game it keeps positions spread
 * over the game (at most POSITIONS_PER_GAME), and for each the features of
 * every seat (learned.h: what the host reads of any state, no game code)
 * and how that seat finished. It fits the result of a seat from its
 * features less the mean of the other seats' (only the difference between
 * seats moves a bot), by ridge regression (liblinear's L2-regularised
 * least squares), its strength chosen on games held out, and writes the
 * model, a readable Lua table, to the game's folder (learned.lua), where
 * the default bot finds it when the game gives no evaluate, or to FILE.
 *
 * Games are played on threads, one VM each; game i of round r is played
 * from seed S + r*N + i with bots seeded by it, and the rows are put
 * together in game order, so the model is the same for any --threads.
 */
#include <errno.h>
#include <linear.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "learned.h"
#include "outfile.h"
#include "study.h"
#include "textbuf.h"

#define POSITIONS_PER_GAME 24       /* positions kept of a game, spread over it */
#define HELD_OUT 5                  /* every 5th game is held out to choose the fit's strength */
#define LEARN_MAX_CAP 100000        /* a game longer than this is cut short, and not learned from */

static const char usage[] =
    "usage: grove learn GAME [--games N] [--rounds R] [--iterations I] [--threads T]\n"
    "                        [--players P] [--variant A,B] [--set NAME=VALUE]... [--seed S] [-o FILE.lua]\n"
    "  Learn an evaluate for GAME's bots from games they play: what the MCTS bot ends its\n"
    "  rollouts in when the game gives no evaluate(s), so that it plays sensibly with no\n"
    "  bot code. Each round plays N games (random moves in the first round, then MCTS\n"
    "  ending in the last round's model) and fits how each seat finished from what grove\n"
    "  reads of any state: each seat's pools, its own zones and their cards, the cells and\n"
    "  nodes holding its number, its score(s, seat), whether it moves (grove help learn).\n"
    "  The model goes to learned.lua in the game's folder: a Lua table of weights, one per\n"
    "  feature, that a person can read and edit. The default bot reads it when the game has\n"
    "  no evaluate; mcts:eval=learned reads it in any game (grove duel compares them).\n"
    "  --games N       games a round (default 200)\n"
    "  --rounds R      rounds (default 2)\n"
    "  --iterations I  MCTS iterations a decision after the first round (default 100)\n"
    "  --threads T     games played at once (default 1; the model is the same for any T)\n"
    "  --players P, --variant A,B, --set NAME=VALUE, --seed S (default 1): the games learned from\n"
    "  -o FILE.lua     write the model there instead (mcts:eval=FILE.lua reads it)\n"
    "  exit status 0; 1 when a game fails or nothing could be learned; 2 on a usage error\n";

typedef struct {
    double *x;                  /* rows * nf features: each row one seat at one position */
    double *y;                  /* rows results */
    int rows;
    bool failed, capped;
    char err[GAME_ERRLEN + 64];
} game_rows;

typedef struct {
    cli_opts *o;
    long games;                 /* a round */
    int round;
    bot_spec spec;
    int nf;                     /* features (the first game's) */
    char (*names)[FEATURE_NAME_MAX];
    int max_card;
    game_rows *res;             /* res[games] */
    long next;
    pthread_mutex_t lock;
    long done;
} learn_run;

/* The index in the run's features of each of fs's (-1: not one of them). */
static void map_features(const learn_run *r, const feature_set *fs, int *map)
{
    for (int i = 0; i < fs->n; i++) {
        map[i] = -1;
        if (i < r->nf && !strcmp(r->names[i], features_name(fs, i))) { map[i] = i; continue; }
        for (int k = 0; k < r->nf; k++)
            if (!strcmp(r->names[k], features_name(fs, i))) { map[i] = k; break; }
    }
}

typedef struct {
    const feature_set *fs;
    int players;
    double *row;                /* players * fs->n */
} read_ctx;

static int read_body(game *g, void *ctx)
{
    read_ctx *c = ctx;
    for (int seat = 1; seat <= c->players; seat++) features_read_raw(g, c->fs, seat, c->row + (size_t)(seat - 1) * c->fs->n);
    return 0;
}

/* How each seat finished, 0..1: its share of the other seats it ranks
 * ahead of (ties half); alone, 1 for a win and a little for the score. */
static void results_of(const game_result *res, int players, double *y)
{
    for (int p = 0; p < players; p++) {
        if (players == 1) { y[p] = (res->ranks[0] == 1) + 0.001 * res->scores[0]; continue; }
        double ahead = 0;
        for (int q = 0; q < players; q++)
            if (q != p) ahead += res->ranks[p] < res->ranks[q] ? 1 : res->ranks[p] == res->ranks[q] ? 0.5 : 0;
        y[p] = ahead / (players - 1);
    }
}

/* Play game i of the round and keep its rows in r->res[i]. */
static void learn_game(learn_run *r, grove_vm *vm, long i)
{
    game_rows *out = &r->res[i];
    cli_opts *o = r->o;
    int players = o->players;
    uint64_t seed = o->seed + (uint64_t)r->round * (uint64_t)r->games + (uint64_t)i;
    char err[GAME_ERRLEN];
    game *g = game_open_with(vm, o->game, o->variants, players, seed, &o->set, err, sizeof err);
    bot *bots[MAX_BOTS + 1] = { NULL };
    feature_set fs = { 0 };
    double *pos = NULL;                 /* every position's features: players * fs.n each */
    int *map = NULL;
    long npos = 0, cappos = 0;
    if (!g) { snprintf(out->err, sizeof out->err, "seed %llu: %s", (unsigned long long)seed, err); goto fail; }
    if (!features_list(g, r->max_card, &fs) || !(map = malloc((size_t)(fs.n ? fs.n : 1) * sizeof *map))) {
        snprintf(out->err, sizeof out->err, "out of memory");
        goto fail;
    }
    map_features(r, &fs, map);
    for (int seat = 1; seat <= players; seat++)
        if (!(bots[seat] = bot_new(&r->spec))) { snprintf(out->err, sizeof out->err, "out of memory"); goto fail; }
    for (long moves = 0;; moves++) {
        if (npos == cappos) {
            long cap = cappos ? cappos * 2 : 64;
            double *p = realloc(pos, (size_t)cap * (size_t)players * (size_t)fs.n * sizeof *p);
            if (!p) { snprintf(out->err, sizeof out->err, "out of memory"); goto fail; }
            pos = p;
            cappos = cap;
        }
        const int64_t *legal;
        int n = game_legal(g, &legal);
        if (n < 0) { snprintf(out->err, sizeof out->err, "seed %llu: %s", (unsigned long long)seed, game_error(g)); goto fail; }
        if (n == 0) break;                      /* over: its position is the result, not a position to learn */
        read_ctx c = { &fs, players, pos + (size_t)npos * (size_t)players * (size_t)fs.n };
        if (!game_run_raw(g, read_body, &c, NULL)) {
            snprintf(out->err, sizeof out->err, "seed %llu, move %ld: %s", (unsigned long long)seed, moves + 1,
                     game_error(g));
            goto fail;
        }
        npos++;
        if (moves >= LEARN_MAX_CAP) { out->capped = true; goto done; }
        int actor = game_actor(g);
        int64_t m;
        if (actor < 1 || !bot_move(bots[actor], g, seed * 0x9e3779b97f4a7c15ULL + (uint64_t)moves, &m, NULL)
            || !game_apply(g, m, false, false)) {
            snprintf(out->err, sizeof out->err, "seed %llu, move %ld: %s", (unsigned long long)seed, moves + 1,
                     game_error(g));
            goto fail;
        }
        for (int seat = 1; seat <= players; seat++) bot_observe(bots[seat], m);
    }
    double scores[MAX_BOTS], y[MAX_BOTS];
    int ranks[MAX_BOTS];
    game_result res = { .scores = scores, .ranks = ranks };
    if (!game_outcome(g, &res)) { snprintf(out->err, sizeof out->err, "seed %llu: %s", (unsigned long long)seed, game_error(g)); goto fail; }
    results_of(&res, players, y);
    long keep = npos < POSITIONS_PER_GAME ? npos : POSITIONS_PER_GAME;
    out->x = calloc((size_t)keep * (size_t)players * (size_t)r->nf, sizeof *out->x);
    out->y = malloc((size_t)keep * (size_t)players * sizeof *out->y);
    if (!out->x || !out->y) { snprintf(out->err, sizeof out->err, "out of memory"); goto fail; }
    for (long k = 0; k < keep; k++) {               /* spread evenly from the first */
        long at = k * npos / keep;
        for (int seat = 0; seat < players; seat++) {
            const double *from = pos + ((size_t)at * (size_t)players + (size_t)seat) * (size_t)fs.n;
            double *to = out->x + (size_t)out->rows * (size_t)r->nf;
            for (int f = 0; f < fs.n; f++)
                if (map[f] >= 0) to[map[f]] = from[f];
            out->y[out->rows++] = y[seat];
        }
    }
    goto done;
fail:
    out->failed = true;
done:
    for (int seat = 1; seat <= MAX_BOTS; seat++) bot_free(bots[seat]);
    features_free(&fs);
    free(map);
    free(pos);
    if (g) game_close(g);
}

static void *worker(void *arg)
{
    learn_run *r = arg;
    grove_vm *vm = cli_vm();
    if (!vm) return NULL;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        long i = vm_cancelled() ? r->games : r->next++;
        pthread_mutex_unlock(&r->lock);
        if (i >= r->games) break;
        learn_game(r, vm, i);
        pthread_mutex_lock(&r->lock);
        long done = ++r->done;
        pthread_mutex_unlock(&r->lock);
        if (isatty(2) && (done % 8 == 0 || done == r->games))
            fprintf(stderr, "\r  round %d: %ld of %ld games", r->round + 1, done, r->games);
    }
    vm_free(vm);
    return NULL;
}

/* ---- the fit ------------------------------------------------------------------------- */

typedef struct {
    int nf;
    long rows, held;                /* rows in all; of them, held out */
    double *x;                      /* rows * nf, standardised */
    double *y;
    bool *is_held;
    double *mean, *sd;              /* nf each: of the features as fitted */
} dataset;

static void quiet(const char *s) { (void)s; }

/* Ridge regression of y on x (rows where use[row], or all) with strength
 * C; the weights into w (nf). False on no memory. */
static bool fit(const dataset *d, const bool *skip, double C, double *w)
{
    struct problem prob = { 0 };
    long n = 0;
    for (long i = 0; i < d->rows; i++) n += !(skip && skip[i]);
    prob.l = (int)n;
    prob.n = d->nf;
    prob.bias = -1;
    prob.y = malloc((size_t)n * sizeof *prob.y);
    prob.x = malloc((size_t)n * sizeof *prob.x);
    struct feature_node *nodes = malloc((size_t)n * (size_t)(d->nf + 1) * sizeof *nodes);
    bool ok = prob.y && prob.x && nodes;
    long k = 0;
    for (long i = 0; ok && i < d->rows; i++) {
        if (skip && skip[i]) continue;
        struct feature_node *row = nodes + (size_t)k * (size_t)(d->nf + 1);
        int m = 0;
        for (int f = 0; f < d->nf; f++) {
            double v = d->x[(size_t)i * (size_t)d->nf + (size_t)f];
            if (v != 0) row[m++] = (struct feature_node){ f + 1, v };
        }
        row[m].index = -1;
        prob.x[k] = row;
        prob.y[k++] = d->y[i];
    }
    if (ok) {
        struct parameter param = { .solver_type = L2R_L2LOSS_SVR, .eps = 1e-4, .C = C, .p = 0 };
        struct model *model = train(&prob, &param);
        ok = model != NULL;
        for (int f = 0; ok && f < d->nf; f++) w[f] = get_decfun_coef(model, f + 1, 0);
        if (model) free_and_destroy_model(&model);
    }
    free(prob.y);
    free(prob.x);
    free(nodes);
    return ok;
}

/* The mean squared error of the predictions of w on the rows held out. */
static double held_error(const dataset *d, const double *w)
{
    double sum = 0;
    long n = 0;
    for (long i = 0; i < d->rows; i++) {
        if (!d->is_held[i]) continue;
        double p = 0;
        for (int f = 0; f < d->nf; f++) p += w[f] * d->x[(size_t)i * (size_t)d->nf + (size_t)f];
        sum += (p - d->y[i]) * (p - d->y[i]);
        n++;
    }
    return n ? sum / (double)n : 0;
}

/* The correlation of the predictions of w with the results, on the rows
 * held out (held true) or the others. */
static double correlation(const dataset *d, const double *w, bool held)
{
    double sp = 0, sy = 0, spp = 0, syy = 0, spy = 0, n = 0;
    for (long i = 0; i < d->rows; i++) {
        if (d->is_held[i] != held) continue;
        double p = 0;
        for (int f = 0; f < d->nf; f++) p += w[f] * d->x[(size_t)i * (size_t)d->nf + (size_t)f];
        double y = d->y[i];
        sp += p; sy += y; spp += p * p; syy += y * y; spy += p * y; n++;
    }
    if (n < 2) return 0;
    double cov = spy - sp * sy / n, vp = spp - sp * sp / n, vy = syy - sy * sy / n;
    return vp > 0 && vy > 0 ? cov / sqrt(vp * vy) : 0;
}

/* The rows of every game of every round, each seat's features less the
 * mean of the other seats' (alone: as they are), standardised. */
static bool gather(learn_run *const *rounds, int nrounds, int players, int nf, dataset *d)
{
    memset(d, 0, sizeof *d);
    d->nf = nf;
    for (int k = 0; k < nrounds; k++)
        for (long i = 0; i < rounds[k]->games; i++) d->rows += rounds[k]->res[i].rows;
    d->x = malloc((size_t)(d->rows ? d->rows : 1) * (size_t)nf * sizeof *d->x);
    d->y = malloc((size_t)(d->rows ? d->rows : 1) * sizeof *d->y);
    d->is_held = calloc((size_t)(d->rows ? d->rows : 1), sizeof *d->is_held);
    d->mean = calloc((size_t)nf, sizeof *d->mean);
    d->sd = calloc((size_t)nf, sizeof *d->sd);
    if (!d->x || !d->y || !d->is_held || !d->mean || !d->sd) return false;
    long at = 0;
    for (int k = 0; k < nrounds; k++)
        for (long i = 0; i < rounds[k]->games; i++) {
            const game_rows *gr = &rounds[k]->res[i];
            for (int r0 = 0; r0 < gr->rows; r0 += players)          /* one position: players rows */
                for (int p = 0; p < players; p++, at++) {
                    const double *own = gr->x + (size_t)(r0 + p) * (size_t)nf;
                    double *to = d->x + (size_t)at * (size_t)nf;
                    double others_y = 0;
                    for (int f = 0; f < nf; f++) {
                        double others = 0;
                        for (int q = 0; q < players; q++)
                            if (q != p) others += gr->x[(size_t)(r0 + q) * (size_t)nf + (size_t)f];
                        to[f] = players > 1 ? own[f] - others / (players - 1) : own[f];
                    }
                    for (int q = 0; q < players; q++)
                        if (q != p) others_y += gr->y[r0 + q];
                    d->y[at] = players > 1 ? gr->y[r0 + p] - others_y / (players - 1) : gr->y[r0 + p];
                    d->is_held[at] = i % HELD_OUT == HELD_OUT - 1;
                    d->held += d->is_held[at];
                }
        }
    for (int f = 0; f < nf; f++) {
        double s = 0, ss = 0;
        for (long i = 0; i < d->rows; i++) s += d->x[(size_t)i * (size_t)nf + (size_t)f];
        d->mean[f] = d->rows ? s / (double)d->rows : 0;
        for (long i = 0; i < d->rows; i++) {
            double v = d->x[(size_t)i * (size_t)nf + (size_t)f] - d->mean[f];
            ss += v * v;
        }
        d->sd[f] = d->rows > 1 ? sqrt(ss / (double)(d->rows - 1)) : 0;
        for (long i = 0; i < d->rows; i++) {
            double *v = &d->x[(size_t)i * (size_t)nf + (size_t)f];
            *v = d->sd[f] > 1e-9 ? (*v - d->mean[f]) / d->sd[f] : 0;
        }
    }
    if (players == 1) {                     /* alone: the results centred, as the features are */
        double s = 0;
        for (long i = 0; i < d->rows; i++) s += d->y[i];
        for (long i = 0; i < d->rows; i++) d->y[i] -= s / (double)d->rows;
    }
    return true;
}

static void dataset_free(dataset *d)
{
    free(d->x);
    free(d->y);
    free(d->is_held);
    free(d->mean);
    free(d->sd);
}

/* ---- the model's file -------------------------------------------------------------------- */

typedef struct {
    int f;
    double reach;                   /* |standardised weight|: how much the feature moves a value */
} ranked;

static int by_reach(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    return x->reach < y->reach ? 1 : x->reach > y->reach ? -1 : x->f - y->f;
}

/* The command as typed, for the file's head (its arguments quoted where a
 * shell would need it). */
static void command_line(int argc, char **argv, textbuf *t)
{
    textbuf_printf(t, "grove learn");
    for (int i = 2; i < argc; i++) {
        bool plain = argv[i][0] != '\0';
        for (const char *p = argv[i]; *p; p++)
            if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.,/:", *p)) plain = false;
        textbuf_printf(t, plain ? " %s" : " '%s'", argv[i]);
    }
}

/* The model as a Lua chunk: beta the standardised weights. */
static char *model_text(const learn_run *r, const dataset *d, const double *beta, const char *typed, long games,
                        double rheld, double C, int *kept)
{
    ranked *rk = malloc((size_t)d->nf * sizeof *rk);
    textbuf t = { 0 };
    if (!rk) return NULL;
    double total = 0;
    for (int f = 0; f < d->nf; f++) {
        rk[f] = (ranked){ f, fabs(beta[f]) };
        total += rk[f].reach;
    }
    qsort(rk, (size_t)d->nf, sizeof *rk, by_reach);
    textbuf_printf(&t, "-- learned.lua: an evaluate for the bots of %s, learned from games they played.\n", r->o->game);
    textbuf_printf(&t, "%s", "-- mutate: off (a model, not a rule: grove mutate plants no faults here)\n");
    textbuf_printf(&t, "%s", "-- Not a rule: it only reads the state. A seat's value is the sum of each weight\n"
                    "-- times the seat's feature (grove help learn says what each feature reads); the\n"
                    "-- bot compares the seats' values, so only their differences matter. Edit a weight\n"
                    "-- and grove duel tells whether the bot got stronger.\n--\n");
    textbuf_printf(&t, "--   %s\n", typed);
    textbuf_printf(&t, "--   %ld positions of %ld games, %d player%s; held-out games: predictions and results\n"
                     "--   correlate %.2f (1: perfectly; 0: not at all); ridge strength %g\n--\n",
                 d->rows / (r->o->players), games, r->o->players, r->o->players == 1 ? "" : "s", rheld, C);
    textbuf_printf(&t, "%s", "-- After each weight, its share of the model's reach (the weight times the spread\n"
                    "-- of its feature between seats), largest first.\n");
    textbuf_printf(&t, "return {\n  format = 1,\n  game = \"%s\",\n  players = %d,\n  weights = {\n", r->o->game,
                 r->o->players);
    *kept = 0;
    for (int k = 0; k < d->nf; k++) {
        int f = rk[k].f;
        if (d->sd[f] <= 1e-9 || rk[k].reach <= 1e-6 * (total > 0 ? total : 1)) continue;
        char name[FEATURE_NAME_MAX * 2];
        size_t j = 0;
        for (const char *p = r->names[f]; *p && j + 5 < sizeof name; p++) {     /* a Lua string */
            unsigned char ch = (unsigned char)*p;
            if (ch < 0x20 || ch == 0x7f) j += (size_t)snprintf(name + j, sizeof name - j, "\\%03d", ch);
            else {
                if (ch == '"' || ch == '\\') name[j++] = '\\';
                name[j++] = (char)ch;
            }
        }
        name[j] = '\0';
        char entry[FEATURE_NAME_MAX * 2 + 64];
        int len = snprintf(entry, sizeof entry, "    { \"%s\", %.6g },", name, beta[f] / d->sd[f]);
        textbuf_printf(&t, "%s%*s-- %.1f%%\n", entry, len < 56 ? 56 - len : 1, "", 100 * rk[k].reach / total);
        (*kept)++;
    }
    textbuf_printf(&t, "%s", "  },\n}\n");
    free(rk);
    if (t.oom) { free(t.p); return NULL; }
    return t.p;
}

/* ---- the command ----------------------------------------------------------------------- */

static int cmd_learn(int argc, char **argv)
{
    cli_opts o = { 0 };
    o.seed = 1;
    const char *games_s = NULL, *rounds_s = NULL, *iter_s = NULL, *threads_s = NULL, *output = NULL;
    const cli_own_opt own[] = {
        { "--games", "-n", &games_s, NULL }, { "--rounds", NULL, &rounds_s, NULL },
        { "--iterations", NULL, &iter_s, NULL }, { "--threads", "-t", &threads_s, NULL },
        { "-o", "--output", &output, NULL }, { NULL, NULL, NULL, NULL },
    };
    int st = cli_parse_command("learn", usage, argc, argv, own, &o);
    if (st >= 0) return st;
    long games = 200, rounds = 2, iterations = 100, threads = 1;
    if ((games_s && !cli_parse_long(games_s, 5, 1000000, &games))
        || (rounds_s && !cli_parse_long(rounds_s, 1, 100, &rounds))
        || (iter_s && !cli_parse_long(iter_s, 1, 1000000, &iterations))
        || (threads_s && !cli_parse_long(threads_s, 1, SIM_MAX_THREADS, &threads))) {
        fprintf(stderr, "grove learn: %s\n",
                games_s && !cli_parse_long(games_s, 5, 1000000, &games) ? "--games needs a number of games, 5 or more"
                : rounds_s && !cli_parse_long(rounds_s, 1, 100, &rounds) ? "--rounds needs a number 1..100"
                : iter_s && !cli_parse_long(iter_s, 1, 1000000, &iterations) ? "--iterations needs a number 1..1000000"
                : "--threads needs a number 1..64");
        return 2;
    }
    if (!o.game) { fprintf(stderr, "grove learn: name the game (grove list lists them)\n%s", usage); return 2; }
    for (int seat = 1; seat <= MAX_BOTS; seat++)
        if (o.bots[seat][0]) {
            fprintf(stderr, "grove learn: --bot: the bots are learn's own (random, then mcts:%ld ending in the model "
                    "learned so far); --iterations sets their thinking\n", iterations);
            return 2;
        }
    if (output) {
        size_t n = strlen(output);
        if (n < 5 || strcmp(output + n - 4, ".lua") || n >= BOT_EVAL_MAX) {
            fprintf(stderr, "grove learn: -o %s: name a file ending in .lua, of fewer than %d characters (a bot reads "
                    "it as mcts:eval=FILE.lua)\n", output, BOT_EVAL_MAX);
            return 2;
        }
    }
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    int status;
    game *g = cli_open_game(vm, &o, "grove learn", &status);
    if (!g) { vm_free(vm); return status; }
    char path[GAME_FOLDER_MAX + 32];
    if (!output) {
        char dir[GAME_FOLDER_MAX];
        if (!vm_find_game(vm, o.game, dir, sizeof dir)) {
            fprintf(stderr, "grove learn: %s's folder is not found\n", o.game);
            game_close(g); vm_free(vm);
            return 1;
        }
        snprintf(path, sizeof path, "%s/%s", dir, GAME_LEARNED_FILE);
    } else {
        snprintf(path, sizeof path, "%s", output);
    }
    feature_set fs;
    learn_run *runs[100] = { NULL };
    int nf = 0, max_card = features_max_card(g);
    if (!features_list(g, max_card, &fs)) {
        fprintf(stderr, "grove learn: %s\n", game_error(g));
        game_close(g); vm_free(vm);
        return 1;
    }
    nf = fs.n;
    if (fs.full)
        fprintf(stderr, "grove learn: note: %s's state has more than %d features; those past the %dth (in the "
                "components' order) are not read\n", o.game, FEATURE_MAX, FEATURE_MAX);
    char (*names)[FEATURE_NAME_MAX] = malloc((size_t)(nf ? nf : 1) * sizeof *names);
    if (!names) { features_free(&fs); game_close(g); vm_free(vm); return 1; }
    for (int i = 0; i < nf; i++) snprintf(names[i], sizeof names[i], "%s", features_name(&fs, i));
    features_free(&fs);
    game_close(g);
    vm_free(vm);
    textbuf typed = { 0 };
    command_line(argc, argv, &typed);
    printf("grove learn %s: %d player%s, %d features, %ld round%s of %ld games\n", o.game, o.players,
           o.players == 1 ? "" : "s", nf, rounds, rounds == 1 ? "" : "s", games);
    fflush(stdout);
    set_print_string_function(quiet);
    bool caught = cli_signals_catch();
    int rc = 0;
    double t0 = sim_now();
    int nrounds = 0;
    for (int round = 0; round < rounds && !vm_cancelled(); round++) {
        learn_run *r = calloc(1, sizeof *r);
        if (!r || !(r->res = calloc((size_t)games, sizeof *r->res))) { free(r); rc = 1; break; }
        runs[nrounds++] = r;
        r->o = &o;
        r->games = games;
        r->round = round;
        r->nf = nf;
        r->names = names;
        r->max_card = max_card;
        pthread_mutex_init(&r->lock, NULL);
        char text[BOT_EVAL_MAX + 64], why[300];
        if (round == 0) snprintf(text, sizeof text, "random");
        else snprintf(text, sizeof text, "mcts:%ld,eval=%s", iterations, output ? output : "learned");
        if (!bot_parse(text, &r->spec, why, sizeof why)) { fprintf(stderr, "grove learn: %s\n", why); rc = 1; break; }
        pthread_t th[SIM_MAX_THREADS];
        int started = 0;
        for (long k = 0; k < threads; k++)
            if (pthread_create(&th[started], NULL, worker, r) == 0) started++;
        if (!started) worker(r);
        for (int k = 0; k < started; k++) pthread_join(th[k], NULL);
        if (isatty(2)) fprintf(stderr, "\r\033[K");
        long failed = 0, capped = 0;
        for (long i = 0; i < games; i++) {
            if (r->res[i].failed && !failed++) fprintf(stderr, "grove learn: round %d, game %ld: %s\n", round + 1, i, r->res[i].err);
            capped += r->res[i].capped;
        }
        if (vm_cancelled()) break;
        if (failed) {
            if (round == 0) fprintf(stderr, "grove learn: %ld game%s failed: nothing written\n", failed, failed == 1 ? "" : "s");
            else fprintf(stderr, "grove learn: %ld game%s of round %d failed: %s holds the model of round %d\n", failed,
                         failed == 1 ? "" : "s", round + 1, path, round);
            rc = 1;
            break;
        }
        dataset d;
        double *beta = calloc((size_t)(nf ? nf : 1), sizeof *beta), *trial = calloc((size_t)(nf ? nf : 1), sizeof *trial);
        if (!beta || !trial || !gather(runs, nrounds, o.players, nf, &d)) {
            fprintf(stderr, "grove learn: out of memory\n");
            free(beta); free(trial); dataset_free(&d);
            rc = 1;
            break;
        }
        if (d.rows - d.held < 2 || d.held < 2) {
            fprintf(stderr, "grove learn: too few positions to learn from (%ld): give more --games\n", d.rows / o.players);
            free(beta); free(trial); dataset_free(&d);
            rc = 1;
            break;
        }
        /* liblinear's C weighs the errors against the weights' size: a ridge
           of strength a per position is C = 1 / (2 a rows) */
        static const double strengths[] = { 1e-4, 1e-3, 1e-2, 1e-1, 1, 10 };
        double best = -2, least = HUGE_VAL, bestC = 1, best_a = 1;
        for (size_t k = 0; k < sizeof strengths / sizeof *strengths; k++) {
            double C = 1 / (2 * strengths[k] * (double)(d.rows - d.held));
            if (!fit(&d, d.is_held, C, trial)) { rc = 1; break; }
            double e = held_error(&d, trial);
            if (e < least - 1e-12) {
                least = e;
                best = correlation(&d, trial, true);
                best_a = strengths[k];
                bestC = 1 / (2 * best_a * (double)d.rows);
            }
        }
        if (rc || !fit(&d, NULL, bestC, beta)) {
            fprintf(stderr, "grove learn: the fit failed (out of memory)\n");
            free(beta); free(trial); dataset_free(&d);
            rc = 1;
            break;
        }
        long all_games = (long)nrounds * games;
        int kept = 0;
        char *text_model = model_text(r, &d, beta, typed.p ? typed.p : "grove learn", all_games - failed - capped, best, best_a, &kept);
        char err[600];
        bool written = text_model && outfile_write(path, text_model, strlen(text_model), err, sizeof err);
        if (!text_model) snprintf(err, sizeof err, "out of memory");
        printf("  round %ld of %ld: %s: %ld positions, held-out correlation %.2f, %d features weighed%s (%.0f s)\n",
               (long)round + 1, rounds, round == 0 ? "random moves" : text, d.rows / o.players, best, kept,
               capped ? ", some games cut short and left out" : "", sim_now() - t0);
        fflush(stdout);
        free(text_model);
        free(beta);
        free(trial);
        dataset_free(&d);
        if (!written) { fprintf(stderr, "grove learn: %s\n", err); rc = 1; break; }
    }
    int sig = caught ? cli_signals_end() : 0;
    if (!rc && nrounds && !sig)
        printf("wrote %s: the default bot reads it when %s gives no evaluate; mcts:eval=%s reads it always\n", path,
               o.game, output ? output : "learned");
    else if (sig && nrounds > 1)
        printf("stopped: %s holds the model of the last round finished\n", path);
    for (int k = 0; k < nrounds; k++) {
        for (long i = 0; i < games; i++) { free(runs[k]->res[i].x); free(runs[k]->res[i].y); }
        free(runs[k]->res);
        pthread_mutex_destroy(&runs[k]->lock);
        free(runs[k]);
    }
    free(names);
    free(typed.p);
    return sig ? 128 + sig : rc;
}

/* `grove learn`: its row of the table of subcommands (main.c). */
const cli_command command_learn = {
    .name = "learn",
    .synopsis =
        "  grove learn GAME [--games N] [--rounds R] [--threads T] [-o FILE.lua]\n"
        "                          an evaluate for GAME's bots learned from games they play:\n"
        "                          learned.lua, read when the game gives none (mcts:eval=learned)\n",
    .usage = usage,
    .run = cmd_learn,
};
