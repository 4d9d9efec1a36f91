/*
 * pairs.c — two bots against each other (grove duel, and grove check
 * --bots): how often bot A beats bot B at a game, on paired games.
 *
 * Each seed is played in every arrangement of the two bots: with two or
 * more players, A in each seat in turn and B in all the others (seat 1 A,
 * then seat 2 A, ...); alone, A plays the seed, then B does. A game scores
 * for A the share of its (A seat, B seat) pairs in which A ranks ahead, a
 * tie counting half: 1 or 0 with two players, and 0.5 on average whenever
 * A and B are equally strong, whatever the player count. Alone, A scores 1
 * for a seed on which it ranks better than B (a won game beats a lost one),
 * or ranks the same and scores more; 0.5 for the same rank and points. A
 * seed's score is the mean over its arrangements, so the luck of the seed
 * and the advantage of a seat weigh on both bots alike, and A's score is
 * the mean over the seeds, with a 95% interval from their spread
 * (Student's t; the Wilson interval of a share when every seed scored the
 * same). A seed with a failed game is left out; a game cut short at --cap
 * has no result, and its seed counts its other arrangements.
 *
 * Each arrangement is a study of grove sim's (games.c plays it, on
 * --threads threads, game i from seed S + i): its games, its records
 * (--records, a line per game written as it ends, which says the duel it
 * belongs to in a member "duel": {"a", "b", "order", "orders"}), --shard
 * I/N (blocks of seeds, every arrangement of each) and --resume. grove
 * merge hands a duel's records here (duel_merge). --sprt plays the seeds
 * in batches and feeds their scores in seed order to the sequential test
 * of sprt.c (A's score against 0.5), so what it counts is the same for any
 * number of threads.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "json.h"
#include "study.h"

/* A duel in play, or read back from records. */
typedef struct {
    duel_opts *o;
    int orders;
    sim_opts ko[DUEL_MAX_ORDERS];       /* each arrangement's study: its bots seat by seat */
    sim_run runs[DUEL_MAX_ORDERS];
    char extra[DUEL_MAX_ORDERS][2 * BOT_NAMELEN + 128];  /* the "duel" member of its records */
    bool *have[DUEL_MAX_ORDERS];        /* [seeds]: the game is there (records read back) */
} duel_ctx;

static double cpu_seconds(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return 0;
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec
         + ru.ru_stime.tv_usec * 1e-6;
}

int duel_orders(int players)
{
    return players == 1 ? 2 : players;
}

/* Is seat `seat` (1-based) A's in arrangement k (0-based)? */
static bool seat_of_a(int players, int k, int seat)
{
    return players == 1 ? k == 0 : seat == k + 1;
}

void duel_order_text(int players, int k, char *out, size_t len)
{
    if (players == 1) snprintf(out, len, "%s alone", k ? "B" : "A");
    else snprintf(out, len, "A in seat %d", k + 1);
}

/* The JSON string s (sim_json_string) into a buffer. */
static void json_text(const char *s, char *out, size_t len)
{
    char *text = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&text, &n);
    out[0] = '\0';
    if (!m) return;
    sim_json_string(m, s);
    if (fclose(m) == 0 && text) snprintf(out, len, "%s", text);
    free(text);
}

/* The arrangements' studies from o (its bots' names too: records and
 * merge), each a copy of `base` with its own bots. */
static void arrange(duel_ctx *c, const sim_opts *base)
{
    duel_opts *o = c->o;
    char a[BOT_NAMELEN + 8], b[BOT_NAMELEN + 8];
    json_text(o->aname, a, sizeof a);
    json_text(o->bname, b, sizeof b);
    for (int k = 0; k < c->orders; k++) {
        sim_opts *ko = &c->ko[k];
        *ko = *base;
        for (int seat = 1; seat <= o->players; seat++) {
            bool is_a = seat_of_a(o->players, k, seat);
            ko->bots[seat] = is_a ? o->a : o->b;
            snprintf(ko->botnames[seat], sizeof ko->botnames[seat], "%s", is_a ? o->aname : o->bname);
        }
        snprintf(c->extra[k], sizeof c->extra[k], "\"duel\": {\"a\": %s, \"b\": %s, \"order\": %d, \"orders\": %d}", a,
                 b, k + 1, c->orders);
        ko->record_extra = c->extra[k];
    }
}

static bool runs_alloc(duel_ctx *c, bool have)
{
    for (int k = 0; k < c->orders; k++) {
        sim_run *r = &c->runs[k];
        memset(r, 0, sizeof *r);
        r->o = &c->ko[k];
        r->records = c->ko[k].records != NULL;
        pthread_mutex_init(&r->lock, NULL);
        r->games = calloc((size_t)c->o->seeds, sizeof *r->games);
        if (!r->games) return false;
        if (have && !(c->have[k] = calloc((size_t)c->o->seeds, sizeof *c->have[k]))) return false;
        r->have = c->have[k];
    }
    return true;
}

static void runs_free(duel_ctx *c)
{
    for (int k = 0; k < c->orders; k++) {
        sim_run *r = &c->runs[k];
        for (long i = 0; r->games && i < c->o->seeds; i++) {
            sim_game *g = &r->games[i];
            for (long m = 0; g->texts && m < g->moves; m++) free(g->texts[m]);
            free(g->texts);
            free(g->cards);
            free(g->scores);
            free(g->ranks);
        }
        free(r->games);
        free(r->cards);
        free(c->have[k]);
        if (r->o) pthread_mutex_destroy(&r->lock);
    }
}

/* ---- scores -------------------------------------------------------------------------- */

/* A's share of game g, A in seat a (1-based): the share of the B seats A
 * ranks ahead of, a tie counting half. */
static double share(const sim_game *g, int players, int a)
{
    double s = 0;
    for (int j = 1; j <= players; j++) {
        if (j == a) continue;
        int ra = g->ranks[a - 1], rb = g->ranks[j - 1];
        s += ra < rb ? 1 : ra == rb ? 0.5 : 0;
    }
    return s / (players - 1);
}

/* Alone: A's game against B's on the same seed, by rank, then points. */
static double solo_share(const sim_game *a, const sim_game *b)
{
    if (a->ranks[0] != b->ranks[0]) return a->ranks[0] < b->ranks[0] ? 1 : 0;
    return a->scores[0] > b->scores[0] ? 1 : a->scores[0] < b->scores[0] ? 0 : 0.5;
}

/* Seed i's score for A: the mean of its arrangements with a result;
 * false when it has none (*failed: a game of it failed). */
static bool seed_score(const duel_ctx *c, long i, double *score, bool *failed)
{
    int P = c->o->players;
    *failed = false;
    for (int k = 0; k < c->orders; k++) *failed = *failed || c->runs[k].games[i].failed;
    if (*failed) return false;
    if (P == 1) {
        const sim_game *a = &c->runs[0].games[i], *b = &c->runs[1].games[i];
        if (a->capped || b->capped) return false;
        *score = solo_share(a, b);
        return true;
    }
    double sum = 0;
    int n = 0;
    for (int k = 0; k < c->orders; k++) {
        const sim_game *g = &c->runs[k].games[i];
        if (g->capped) continue;
        sum += share(g, P, k + 1);
        n++;
    }
    if (!n) return false;
    *score = sum / n;
    return true;
}

/* The result of seeds [lo, hi) into res. */
static void tally(const duel_ctx *c, long lo, long hi, duel_result *res)
{
    int P = c->o->players;
    double sum = 0, sq = 0, pts[2] = { 0, 0 };
    long npts[2] = { 0, 0 };
    res->seeds = res->ahead = res->behind = res->split = res->dropped = 0;
    res->games = res->failed = res->capped = 0;
    for (int k = 0; k < c->orders; k++) { res->order_mean[k] = 0; res->order_games[k] = 0; }
    for (long i = lo; i < hi; i++) {
        for (int k = 0; k < c->orders; k++) {
            const sim_game *g = &c->runs[k].games[i];
            res->games++;
            if (g->failed) { res->failed++; continue; }
            if (g->capped) { res->capped++; continue; }
            if (P > 1) {
                res->order_mean[k] += share(g, P, k + 1);
                res->order_games[k]++;
            }
            for (int seat = 1; seat <= P; seat++) {
                int side = seat_of_a(P, k, seat) ? 0 : 1;
                pts[side] += g->scores[seat - 1];
                npts[side]++;
            }
        }
        double s;
        bool failed;
        if (!seed_score(c, i, &s, &failed)) { res->dropped++; continue; }
        res->seeds++;
        sum += s;
        sq += s * s;
        if (s == 1) res->ahead++;
        else if (s == 0) res->behind++;
        else res->split++;
    }
    for (int k = 0; k < c->orders; k++)
        if (res->order_games[k]) res->order_mean[k] /= (double)res->order_games[k];
    for (int side = 0; side < 2; side++) res->points[side] = npts[side] ? pts[side] / (double)npts[side] : 0;
    long n = res->seeds;
    res->mean = n ? sum / (double)n : 0.5;
    double var = n > 1 ? (sq - (double)n * res->mean * res->mean) / (double)(n - 1) : 0;
    if (var > 1e-12) {
        double h = sim_t_crit(0.05, (double)(n - 1)) * sqrt(var / (double)n);
        res->low = res->mean - h < 0 ? 0 : res->mean - h;
        res->high = res->mean + h > 1 ? 1 : res->mean + h;
    } else {                            /* every seed the same: as sure as a share of n can be */
        sim_wilson(res->mean * (double)n, n, &res->low, &res->high);
    }
}

/* ---- playing ------------------------------------------------------------------------- */

/* The game opened once, before any thread starts: refuse a game, variant,
 * count or option that does not open, and an eval= that names nothing,
 * with what to fix; read what the records carry. 0, or the exit status. */
static int first_game(duel_opts *o, sim_opts *base)
{
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    char err[GAME_ERRLEN];
    if (!o->players) {
        game_counts counts;
        if (!game_counts_of(vm, o->game, o->variants, &counts, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", o->who, err);
            vm_free(vm);
            return 1;
        }
        o->players = counts.def;
    }
    game *g = game_open_with(vm, o->game, o->variants, o->players, o->seed, &o->set, err, sizeof err);
    if (!g) { fprintf(stderr, "%s: %s\n", o->who, err); vm_free(vm); return 1; }
    int rc = 0;
    const bot_spec *spec[2] = { &o->a, &o->b };
    for (int side = 0; side < 2 && !rc; side++) {
        int ref;
        if (spec[side]->kind == BOT_MCTS && spec[side]->eval[0] && !game_evaluate_find(g, spec[side]->eval, &ref)) {
            fprintf(stderr, "%s: bot %c (%s): %s\n", o->who, side ? 'B' : 'A', side ? o->bname : o->aname, game_error(g));
            rc = 1;
        }
    }
    if (!rc) {
        base->rules[0] = game_rules_print(g);
        if (!game_options_values(g, false, &base->played[0]) || !game_options_values(g, true, &base->changed[0])) {
            fprintf(stderr, "%s: %s\n", o->who, game_error(g));
            rc = 1;
        }
    }
    game_close(g);
    if (!rc) sim_read_title(vm, base);
    vm_free(vm);
    return rc;
}

/* The study every arrangement shares, from o. */
static void base_opts(const duel_opts *o, sim_opts *base)
{
    memset(base, 0, sizeof *base);
    base->game = o->game;
    base->players = o->players;
    base->seed = o->seed;
    base->n = o->seeds;
    base->threads = o->threads;
    base->cap = o->cap;
    snprintf(base->variants[0], sizeof base->variants[0], "%s", o->variants);
    base->nsides = 1;
    base->set = o->set;
    base->records = o->records;
    base->shard = o->shard;
    base->nshards = o->nshards;
    base->resume = o->resume;
}

/* Read a duel's records line j into c (its study checked against the
 * arrangement's, in `where`): false, said, when it is not one of them or
 * its game is there already. *order: the arrangement (0-based). */
static bool read_record(duel_ctx *c, const json_node *j, const char *where, sim_card_index *cards, int *order,
                        long *index)
{
    const char *who = c->o->who;
    char err[GAME_ERRLEN + 600], diff[1400];
    sim_study got, want;
    const json_node *d = json_get(j, "duel");
    long k, orders;
    if (!d || d->kind != JSON_OBJECT || !sim_json_long(d, "orders", 1, DUEL_MAX_ORDERS, &orders)
        || !sim_json_long(d, "order", 1, orders, &k)) {
        fprintf(stderr, "%s: %s is not a record of grove duel: 'duel' missing or malformed\n", who, where);
        return false;
    }
    if (!sim_study_of_json(j, &got, err, sizeof err)) {
        fprintf(stderr, "%s: %s is not a record of grove duel: %s\n", who, where, err);
        return false;
    }
    const json_node *a = json_get(d, "a"), *b = json_get(d, "b");
    bool rules;
    if (orders != c->orders || !a || a->kind != JSON_STRING || !b || b->kind != JSON_STRING
        || strcmp(a->str, c->o->aname) || strcmp(b->str, c->o->bname)) {
        fprintf(stderr, "%s: %s is of another duel: %s against %s in %ld arrangements, not %s against %s in %d\n", who,
                where, a && a->kind == JSON_STRING ? a->str : "?", b && b->kind == JSON_STRING ? b->str : "?", orders,
                c->o->aname, c->o->bname, c->orders);
        return false;
    }
    sim_study_of_opts(&c->ko[k - 1], &want);
    sim_study_diff(&got, &want, where, c->o->records ? "this command" : "the first record", diff, sizeof diff, &rules);
    if (diff[0]) {
        fprintf(stderr, "%s: %s is of another duel (%s)%s\n", who, where, diff,
                rules ? ": the rule files changed since; play it again under one version" : "");
        return false;
    }
    long i;
    if (!sim_json_long(j, "side", 0, 0, &i) || !sim_json_long(j, "index", 0, c->o->seeds - 1, &i)) {
        fprintf(stderr, "%s: %s: 'side' or 'index' missing or out of the duel\n", who, where);
        return false;
    }
    *order = (int)k - 1;
    *index = i;
    if (c->have[k - 1][i]) return true;         /* the caller says it twice */
    int side;
    if (!sim_read_game(j, &c->runs[k - 1], cards, false, &side, &i, err, sizeof err)) {
        fprintf(stderr, "%s: %s: %s\n", who, where, err);
        return false;
    }
    return true;
}

/* --resume: the games the records file holds, read into c (of this shard
 * only, none twice); a last line cut short dropped. False, said. */
static bool resume_read(duel_ctx *c, long lo, long hi, long *found)
{
    duel_opts *o = c->o;
    char err[GAME_ERRLEN + 600], where[PATH_MAX + 40];
    sim_records_file rf;
    if (!sim_records_read(&rf, o->records, err, sizeof err)) { fprintf(stderr, "%s: %s\n", o->who, err); return false; }
    json_arena arena = { 0 };
    sim_card_index cards[DUEL_MAX_ORDERS] = { { 0 } };
    bool ok = true;
    int at;
    while (ok && (at = sim_records_next(&rf, err, sizeof err)) == 0) {
        if (!rf.line[0]) continue;
        snprintf(where, sizeof where, "%s line %ld", o->records, rf.lineno);
        json_node *j = json_parse(rf.line, rf.len, &arena, err, sizeof err);
        int k = 0;
        long i = 0;
        if (!j) { fprintf(stderr, "%s: %s is not a record of grove duel: %s\n", o->who, where, err); ok = false; }
        else if (!read_record(c, j, where, &cards[0], &k, &i)) ok = false;
        else if (i < lo || i >= hi) {
            fprintf(stderr, "%s: %s holds seed %ld, which is not in shard %d/%d (seeds %ld..%ld): the file of "
                    "another shard?\n", o->who, where, i, o->shard, o->nshards, lo, hi - 1);
            ok = false;
        } else if (c->have[k][i]) {
            fprintf(stderr, "%s: %s holds game %ld twice\n", o->who, where, i);
            ok = false;
        } else {
            c->have[k][i] = true;
            (*found)++;
        }
        json_free(&arena);
        memset(&arena, 0, sizeof arena);
    }
    if (ok && at < 0) { fprintf(stderr, "%s: %s\n", o->who, err); ok = false; }
    if (ok && at == 2) {
        fprintf(stderr, "%s: %s: its last line (line %ld) is cut short, as a run killed while writing leaves it: "
                "dropped, and its game played again\n", o->who, o->records, rf.lineno);
        if (truncate(o->records, (off_t)rf.good_end) != 0) {
            fprintf(stderr, "%s: cannot cut %s back to its whole lines: %s\n", o->who, o->records, strerror(errno));
            ok = false;
        }
    }
    sim_records_close(&rf);
    json_free(&arena);
    for (int k = 0; k < DUEL_MAX_ORDERS; k++) sim_card_index_free(&cards[k]);
    return ok;
}

int duel_play(duel_opts *o, duel_result *res)
{
    memset(res, 0, sizeof *res);
    duel_ctx *c = calloc(1, sizeof *c);
    sim_opts *base = calloc(1, sizeof *base);
    if (!c || !base) { fprintf(stderr, "%s: out of memory\n", o->who); free(c); free(base); return 1; }
    c->o = o;
    int rc = 0;
    if (!o->players || o->players <= MAX_BOTS) {
        base_opts(o, base);
        rc = first_game(o, base);
    }
    if (!rc && o->players > MAX_BOTS) {
        fprintf(stderr, "%s: %d players: a duel takes at most %d\n", o->who, o->players, MAX_BOTS);
        rc = 2;
    }
    if (rc) { free(c); free(base); return rc; }
    c->orders = res->orders = duel_orders(o->players);
    if (!o->seeds) o->seeds = o->sprt > 0 && !o->games ? SIM_SPRT_MAX_GAMES : (o->games + c->orders - 1) / c->orders;
    base->players = o->players;
    base->n = o->seeds;
    arrange(c, base);
    free(base);
    if (!runs_alloc(c, o->records != NULL)) {
        fprintf(stderr, "%s: out of memory\n", o->who);
        runs_free(c);
        free(c);
        return 1;
    }
    long lo, hi, found = 0;
    sim_shard_range(&c->ko[0], &lo, &hi);
    res->lo = lo;
    res->hi = hi;
    FILE *out = NULL;
    if (o->records) {
        bool exists;
        if (!sim_records_target(&c->ko[0], o->who, &exists)) rc = 1;
        else if (exists && o->resume && !resume_read(c, lo, hi, &found)) rc = 1;
        else if (!sim_records_create(&c->ko[0], o->who, exists && o->resume)) rc = 1;
        out = c->ko[0].out;
        for (int k = 0; k < c->orders; k++) c->ko[k].out = out;
    }
    res->found = found;
    if (o->sprt > 0) {
        res->sequential = true;
        res->test.delta = o->sprt;
        res->test.players = o->players;
        snprintf(res->test.what, sizeof res->test.what, "A's score");
        sim_sprt_bounds(&res->test);
    }
    double t0 = sim_now(), cpu0 = cpu_seconds();
    long played = lo, counted = hi;
    bool stop = rc != 0;
    while (!stop && played < hi) {
        long to = hi;
        if (o->sprt > 0) {              /* batches, as grove sim --sprt plays them */
            long batch = played / 4 > 4L * o->threads ? played / 4 : 4L * o->threads;
            if (batch < 2 * SIM_SPRT_MIN_GAMES) batch = 2 * SIM_SPRT_MIN_GAMES;
            if (batch > 5000) batch = 5000;
            to = played + batch < hi ? played + batch : hi;
        }
        for (int k = 0; k < c->orders && !stop; k++) {
            long others = 0;
            for (int m = 0; m < c->orders; m++) others += m == k ? 0 : c->runs[m].done;
            c->runs[k].others_done = others;
            if (!sim_play(&c->runs[k], t0, played, to)) { rc = 1; stop = true; }
            else if (vm_cancelled()) { rc = 130; stop = true; }
        }
        if (stop) break;
        for (long i = played; o->sprt > 0 && i < to && !stop; i++) {
            double s;
            bool failed;
            if (seed_score(c, i, &s, &failed) && sim_sprt_add(&res->test, 0.5, s)) {
                res->test.games = i + 1;
                counted = i + 1;
                stop = true;
            }
        }
        played = to;
    }
    sim_progress_clear();
    if (out && fclose(out) != 0 && !rc) {
        fprintf(stderr, "%s: cannot write %s: %s\n", o->who, o->records, strerror(errno));
        rc = 1;
    }
    res->seconds = sim_now() - t0;
    res->cpu = cpu_seconds() - cpu0;
    if (rc == 130) {
        long done = 0;
        for (int k = 0; k < c->orders; k++) done += c->runs[k].done;
        fprintf(stderr, "%s: interrupted after %ld of %ld games; no results\n", o->who, done, (hi - lo) * c->orders);
        if (o->records) fprintf(stderr, "%s: the games that ended are in %s (--resume plays the rest)\n", o->who, o->records);
    }
    for (int k = 0; k < c->orders; k++) res->played += c->runs[k].done;
    if (!rc) {                          /* every game asked for is there: failed, cut short or played out */
        if (o->sprt > 0 && !res->test.decided) res->test.games = counted = played;
        res->counted = counted;
        tally(c, lo, counted, res);
        res->complete = true;
        long said = 0;
        for (int k = 0; k < c->orders; k++)
            for (long i = lo; i < counted; i++)
                if (c->runs[k].games[i].failed && said++ == 0) fprintf(stderr, "%s: %s\n", o->who, c->runs[k].games[i].err);
        if (said) {
            fprintf(stderr, "%s: %ld of %ld games failed\n", o->who, said, (counted - lo) * c->orders);
            rc = 1;
        }
    }
    runs_free(c);
    free(c);
    return rc;
}

/* ---- what is printed ----------------------------------------------------------------- */

void duel_print_header(const duel_opts *o, long lo, long hi)
{
    int orders = duel_orders(o->players);
    printf("%s, %d player%s", o->game, o->players, o->players == 1 ? "" : "s");
    if (o->variants[0]) printf(", variants %s", o->variants);
    if (o->set.n) {
        char text[512];
        game_settings_text(&o->set, text, sizeof text);
        printf(", options %s", text);
    }
    printf(": A %s against B %s\n", o->aname, o->bname);
    printf("  %s%ld seed%s (%llu..%llu), ", o->sprt > 0 ? "up to " : "", hi - lo, hi - lo == 1 ? "" : "s",
           (unsigned long long)(o->seed + (uint64_t)lo), (unsigned long long)(o->seed + (uint64_t)hi - 1));
    if (o->players == 1) printf("each played by A and by B alone");
    else if (o->players == 2) printf("each in both seat orders (A in seat 1, then in seat 2)");
    else printf("each in %d seat orders (A in seat 1, 2 ... %d, B in the others)", orders, o->players);
    printf(": %s%ld games\n", o->sprt > 0 ? "up to " : "", (hi - lo) * orders);
}

void duel_print(const duel_opts *o, const duel_result *res)
{
    int P = o->players;
    if (!res->seeds) {
        printf("  no seed gave a result (%ld games failed, %ld cut short at %ld moves)\n", res->failed, res->capped,
               o->cap);
        return;
    }
    printf("  A scores %.3f (95%% interval %.3f-%.3f) over %ld seed%s: ahead on %ld, behind on %ld, %s on %ld\n",
           res->mean, res->low, res->high, res->seeds, res->seeds == 1 ? "" : "s", res->ahead, res->behind,
           P == 1 ? "even" : "even or split", res->split);
    if (P > 1) {
        printf("  by seat:");
        for (int k = 0; k < res->orders; k++)
            printf("%s A in seat %d %.3f", k ? "," : "", k + 1, res->order_mean[k]);
        printf(" (the share of B's seats A finished ahead of)\n");
    }
    printf("  points a game: A %.2f, B %.2f\n", res->points[0], res->points[1]);
    if (res->capped || res->dropped)
        printf("  games cut short at %ld moves: %ld; seeds with no result: %ld\n", o->cap, res->capped, res->dropped);
    if (res->sequential) {
        const sim_sprt *t = &res->test;
        printf("\nsequential test (SPRT) of A's score against 0.5, seed by seed:\n");
        printf("  H0 even, H1 %g points either way; a false verdict at most %g%%, a difference of %g points missed at "
               "most %g%%\n", 100 * t->delta, 100 * SIM_SPRT_ALPHA, 100 * t->delta, 100 * SIM_SPRT_BETA);
        printf("  %ld seeds counted, A's score %.3f, ", t->sums.n, t->sums.my);
        sim_sprt_print_llr(t);
        printf("\n");
        if (!t->decided)
            printf("  -> undecided after %ld seeds (the most -n allows): play more, or accept a larger difference "
                   "(--sprt POINTS)\n", res->counted - res->lo);
        else if (t->decided == 2)
            printf("  -> decided after %ld seeds: A and B are even, give or take %g points\n", res->counted - res->lo,
                   100 * t->delta);
        else
            printf("  -> decided after %ld seeds: A is %s than B\n", res->counted - res->lo,
                   t->decided > 0 ? "stronger" : "weaker");
    } else if (res->low > 0.5) {
        printf("  -> A is stronger than B: the interval lies above 0.5\n");
    } else if (res->high < 0.5) {
        printf("  -> A is weaker than B: the interval lies below 0.5\n");
    } else {
        printf("  -> no clear difference: the interval holds 0.5 (more games, -n, narrow it; --sprt plays until it "
               "is decided)\n");
    }
    if (!res->played) return;               /* read back from records (grove merge) */
    double per = res->cpu / (double)res->played;
    printf("\n  %ld games played in %.1f s, %.1f s of CPU (%.*f s a game), %d thread%s", res->played, res->seconds,
           res->cpu, per < 0.1 ? 3 : 2, per, o->threads, o->threads == 1 ? "" : "s");
    if (res->found) printf("; %ld games read from %s", res->found, o->records);
    printf("\n");
}

/* ---- grove merge of a duel's records ------------------------------------------------ */

bool duel_records(const char *path)
{
    char err[GAME_ERRLEN + 600];
    sim_records_file rf;
    if (!sim_records_read(&rf, path, err, sizeof err)) return false;
    bool duel = false;
    int at;
    while ((at = sim_records_next(&rf, err, sizeof err)) == 0 && !rf.line[0]) {}
    if (at == 0) {
        json_arena arena = { 0 };
        json_node *j = json_parse(rf.line, rf.len, &arena, err, sizeof err);
        duel = j && json_get(j, "duel") != NULL;
        json_free(&arena);
    }
    sim_records_close(&rf);
    return duel;
}

int duel_merge(const char **files, int nfiles)
{
    duel_opts o;
    memset(&o, 0, sizeof o);
    o.who = "grove merge";
    o.threads = 1;
    duel_ctx *c = calloc(1, sizeof *c);
    sim_opts *base = calloc(1, sizeof *base);
    if (!c || !base) { fprintf(stderr, "grove merge: out of memory\n"); free(c); free(base); return 1; }
    c->o = &o;
    sim_study first;
    unsigned char *from[DUEL_MAX_ORDERS] = { NULL };
    sim_card_index cards[DUEL_MAX_ORDERS] = { { 0 } };
    char err[GAME_ERRLEN + 600], where[PATH_MAX + 40];
    long records = 0, dups = 0;
    int rc = 0;
    double t0 = sim_now();
    for (int fi = 0; fi < nfiles && !rc; fi++) {
        sim_records_file rf;
        if (!sim_records_read(&rf, files[fi], err, sizeof err)) { fprintf(stderr, "grove merge: %s\n", err); rc = 1; break; }
        int at;
        json_arena arena = { 0 };
        while (!rc && (at = sim_records_next(&rf, err, sizeof err)) == 0) {
            if (!rf.line[0]) continue;
            snprintf(where, sizeof where, "%s line %ld", files[fi], rf.lineno);
            json_free(&arena);
            memset(&arena, 0, sizeof arena);
            json_node *j = json_parse(rf.line, rf.len, &arena, err, sizeof err);
            if (!j) { fprintf(stderr, "grove merge: %s is not a record of grove duel: %s\n", where, err); rc = 1; break; }
            if (!c->orders) {           /* the duel, from its first record */
                const json_node *d = json_get(j, "duel"), *a = d ? json_get(d, "a") : NULL, *b = d ? json_get(d, "b") : NULL;
                if (!d || !a || a->kind != JSON_STRING || !b || b->kind != JSON_STRING || strlen(a->str) >= BOT_NAMELEN
                    || strlen(b->str) >= BOT_NAMELEN || !sim_study_of_json(j, &first, err, sizeof err)) {
                    fprintf(stderr, "grove merge: %s is not a record of grove duel\n", where);
                    rc = 1;
                    break;
                }
                snprintf(o.aname, sizeof o.aname, "%s", a->str);
                snprintf(o.bname, sizeof o.bname, "%s", b->str);
                o.game = first.game;
                o.players = first.players;
                o.seed = first.seed;
                o.seeds = first.n;
                o.cap = first.cap;
                snprintf(o.variants, sizeof o.variants, "%s", first.variants[0]);
                o.set = first.options[0];
                base_opts(&o, base);
                base->rules[0] = first.rules[0];
                base->changed[0] = first.options[0];
                memcpy(base->title, first.title, sizeof base->title);
                c->orders = duel_orders(o.players);
                arrange(c, base);
                if (!runs_alloc(c, true)) { fprintf(stderr, "grove merge: out of memory\n"); rc = 1; break; }
                for (int k = 0; k < c->orders && !rc; k++)
                    if (!(from[k] = calloc((size_t)o.seeds, 1))) { fprintf(stderr, "grove merge: out of memory\n"); rc = 1; }
                if (rc) break;
            }
            int k;
            long i;
            bool twice_before = false;
            if (!read_record(c, j, where, &cards[0], &k, &i)) { rc = 1; break; }
            twice_before = from[k][i] != 0;
            if (twice_before) {
                char what[64];
                duel_order_text(o.players, k, what, sizeof what);
                if (dups++ < 8)
                    fprintf(stderr, "grove merge: the game of seed %llu, %s, is in %s and again in %s\n",
                            (unsigned long long)(o.seed + (uint64_t)i), what, files[from[k][i] - 1], where);
                continue;
            }
            c->have[k][i] = true;
            from[k][i] = (unsigned char)(fi < 255 ? fi + 1 : 255);
            records++;
        }
        if (!rc && at < 0) { fprintf(stderr, "grove merge: %s\n", err); rc = 1; }
        if (!rc && at == 2)
            fprintf(stderr, "grove merge: %s: its last line (line %ld) is cut short, as a worker killed while "
                    "writing leaves it: skipped\n", files[fi], rf.lineno);
        json_free(&arena);
        sim_records_close(&rf);
    }
    for (int k = 0; k < DUEL_MAX_ORDERS; k++) sim_card_index_free(&cards[k]);
    if (!rc && dups) {
        fprintf(stderr, "grove merge: %ld game%s recorded twice: a shard given twice, or shards of different splits "
                "(--shard I/N with other N)?\n", dups, dups == 1 ? "" : "s");
        rc = 1;
    }
    if (!rc) {
        long missing = 0;
        for (int k = 0; k < c->orders; k++) {
            char what[64];
            duel_order_text(o.players, k, what, sizeof what);
            long ranges = 0;
            for (long i = 0; i < o.seeds; i++) {
                if (from[k][i]) continue;
                long e = i;
                while (e + 1 < o.seeds && !from[k][e + 1]) e++;
                if (!missing) fprintf(stderr, "grove merge: the duel has %ld seeds in %d arrangements; these games "
                                      "are in none of the files:\n", o.seeds, c->orders);
                missing += e - i + 1;
                if (ranges++ < 8) {
                    if (e == i) fprintf(stderr, "  seed %llu, %s\n", (unsigned long long)(o.seed + (uint64_t)i), what);
                    else fprintf(stderr, "  seeds %llu..%llu, %s\n", (unsigned long long)(o.seed + (uint64_t)i),
                                 (unsigned long long)(o.seed + (uint64_t)e), what);
                }
                i = e;
            }
        }
        if (missing) {
            fprintf(stderr, "grove merge: %ld game%s missing: a shard not given, or not finished (grove duel ... "
                    "--shard I/N --resume plays the rest of it)\n", missing, missing == 1 ? "" : "s");
            rc = 1;
        }
    }
    if (!rc) {
        duel_result res;
        memset(&res, 0, sizeof res);
        res.orders = c->orders;
        res.lo = 0;
        res.hi = res.counted = o.seeds;
        tally(c, 0, o.seeds, &res);
        res.seconds = sim_now() - t0;
        res.cpu = 0;
        duel_print_header(&o, 0, o.seeds);
        duel_print(&o, &res);
        long said = 0;
        for (int k = 0; k < c->orders; k++)
            for (long i = 0; i < o.seeds; i++)
                if (c->runs[k].games[i].failed && said++ == 0) fprintf(stderr, "grove merge: %s\n", c->runs[k].games[i].err);
        if (said) { fprintf(stderr, "grove merge: %ld of %ld games failed\n", said, o.seeds * c->orders); rc = 1; }
    }
    if (c->orders) runs_free(c);
    for (int k = 0; k < DUEL_MAX_ORDERS; k++) free(from[k]);
    free(c);
    free(base);
    return rc;
}
