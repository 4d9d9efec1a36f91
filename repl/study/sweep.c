/*
 * sweep.c — `grove sim GAME --sweep NAME=A,B,C`: one study per value
 * of a game option (or of the player count, --sweep players=2,3,4), every
 * study on the same seeds and bots, and one table with a row per value:
 * each seat's win rate, the first seat's edge over an even share, shared
 * wins, games cut short, the mean length and each seat's mean score, each
 * with its 95% interval; --json writes one document with a study per
 * value (its summary and its games), --plot each measure against the
 * value (plot.c).
 *
 * Every value is checked before any game runs, as --set checks its value:
 * the option must exist and the value fit its type and range, the game
 * must take the player count. Each study is played as sim plays one
 * (sim_play), so a row is the summary `grove sim GAME --set NAME=A` prints,
 * game for game.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"
#include "plot.h"
#include "study.h"

#define SWEEP_MAX_VALUES 64

typedef struct {
    char value[192];                /* as the game reads it: 5, 0.5, true, easy; the player count */
    char type;                      /* its JSON type: 'i', 'n', 'b' or 's' */
    sim_opts o;                     /* this value's study */
    sim_run r;
    summary s;
    bool played, summed;
    /* the measures of the row */
    long decided;
    double first, first_lo, first_hi;       /* seat 1's win rate less an even share, and its interval */
    double len_lo, len_hi;                  /* the mean length's 95% interval */
    double *score_lo, *score_hi;            /* [players]: the mean scores' intervals */
} sweep_row;

typedef struct {
    char name[64];                  /* "players" or the option's name */
    bool players;                   /* the player count is swept */
    int nrows;
    sweep_row *rows;
} sweep;

/* The mean of v[0..n) and its 95% t interval (the mean itself for fewer
 * than two values). */
static void mean_interval(const double *v, long n, double *mean, double *lo, double *hi)
{
    double m = 0, ss = 0;
    for (long i = 0; i < n; i++) m += v[i] / (double)n;
    for (long i = 0; i < n; i++) ss += (v[i] - m) * (v[i] - m);
    *mean = m;
    *lo = *hi = m;
    if (n < 2) return;
    double h = sim_t_crit(0.05, (double)(n - 1)) * sqrt(ss / (double)(n - 1) / (double)n);
    *lo = m - h;
    *hi = m + h;
}

/* The row's measures from its games (after sim_summarize); false on no memory. */
static bool measure(sweep_row *w)
{
    const sim_opts *o = &w->o;
    int P = o->players;
    double *v = malloc(sizeof(double) * (size_t)(o->n + 1));
    w->score_lo = calloc((size_t)P, sizeof *w->score_lo);
    w->score_hi = calloc((size_t)P, sizeof *w->score_hi);
    if (!v || !w->score_lo || !w->score_hi) { free(v); return false; }
    w->decided = w->s.games - w->s.capped;
    double even = 1.0 / P, lo, hi, mean;
    sim_wilson(w->s.wins[0], w->decided, &lo, &hi);
    w->first = w->decided ? w->s.wins[0] / w->decided - even : 0;
    w->first_lo = lo - even;
    w->first_hi = hi - even;
    long k = 0;
    for (long i = 0; i < o->n; i++)
        if (!w->r.games[i].failed) v[k++] = (double)w->r.games[i].moves;
    mean_interval(v, k, &mean, &w->len_lo, &w->len_hi);
    for (int p = 0; p < P; p++) {
        k = 0;
        for (long i = 0; i < o->n; i++)
            if (!w->r.games[i].failed && !w->r.games[i].capped) v[k++] = w->r.games[i].scores[p];
        mean_interval(v, k, &mean, &w->score_lo[p], &w->score_hi[p]);
    }
    free(v);
    return true;
}

/* ---- checking the values ---------------------------------------------------------------- */

/* Read "--sweep NAME=A,B,C" into sw->rows (each a copy of base with its
 * value), checking every value by opening a game with it; false, said. */
static bool read_sweep(sweep *sw, const sim_opts *base, grove_vm *vm, bool *usage_error)
{
    const char *spec = base->sweep, *eq = strchr(spec, '=');
    char *name = sw->name;
    *usage_error = true;
    if (!eq || eq == spec || !eq[1] || (size_t)(eq - spec) >= sizeof sw->name) {
        fprintf(stderr, "grove sim: --sweep needs NAME=A,B,C (a game option, or players), as in --sweep "
                "winning_score=5,10,15, not '%s'\n", spec);
        return false;
    }
    snprintf(name, sizeof sw->name, "%.*s", (int)(eq - spec), spec);
    sw->players = !strcmp(name, "players");
    for (int k = 0; k < base->set.n; k++)
        if (!strcmp(base->set.v[k].name, name)) {
            fprintf(stderr, "grove sim: --set %s=%s and --sweep %s: the sweep gives %s its value in each study; "
                    "drop the --set\n", name, base->set.v[k].value, spec, name);
            return false;
        }
    /* the values, split at commas */
    char list[2048];
    if (strlen(eq + 1) >= sizeof list) { fprintf(stderr, "grove sim: --sweep %s: too long a list of values\n", name); return false; }
    snprintf(list, sizeof list, "%s", eq + 1);
    const char *texts[SWEEP_MAX_VALUES];
    int n = 0;
    for (char *p = list, *comma;; p = comma + 1) {
        comma = strchr(p, ',');
        if (comma) *comma = '\0';
        if (!*p) {
            fprintf(stderr, "grove sim: --sweep %s: an empty value in '%s' (values are separated by single commas)\n",
                    name, eq + 1);
            return false;
        }
        if (n == SWEEP_MAX_VALUES) {
            fprintf(stderr, "grove sim: --sweep %s: at most %d values\n", name, SWEEP_MAX_VALUES);
            return false;
        }
        texts[n++] = p;
        if (!comma) break;
    }
    if (n < 2) {
        fprintf(stderr, "grove sim: --sweep %s=%s: a sweep needs two values or more (one value is --set %s=%s)\n",
                name, eq + 1, name, eq + 1);
        return false;
    }
    sw->rows = calloc((size_t)n, sizeof *sw->rows);
    if (!sw->rows) { fprintf(stderr, "grove sim: out of memory\n"); *usage_error = false; return false; }
    sw->nrows = n;
    *usage_error = false;
    for (int k = 0; k < n; k++) {
        sweep_row *w = &sw->rows[k];
        w->o = *base;
        char err[GAME_ERRLEN];
        if (sw->players) {
            char *end;
            errno = 0;
            long v = strtol(texts[k], &end, 10);
            if (*end || end == texts[k] || errno || v < 1 || v > MAX_BOTS) {
                fprintf(stderr, "grove sim: --sweep players: '%s' is no player count (a whole number from 1 to %d)\n",
                        texts[k], MAX_BOTS);
                *usage_error = true;
                return false;
            }
            w->o.players = (int)v;
            snprintf(w->value, sizeof w->value, "%ld", v);
            w->type = 'i';
        } else {
            char arg[300];
            snprintf(arg, sizeof arg, "%s=%s", name, texts[k]);
            if (!game_settings_add(&w->o.set, arg, err, sizeof err)) { fprintf(stderr, "grove sim: %s\n", err); return false; }
        }
        game *g = game_open_with(vm, w->o.game, w->o.variants[0], w->o.players, w->o.seed, &w->o.set, err, sizeof err);
        if (!g) { fprintf(stderr, "grove sim: %s\n", err); return false; }
        w->o.rules[0] = game_rules_print(g);
        bool read = game_options_values(g, false, &w->o.played[0]) && game_options_values(g, true, &w->o.changed[0]);
        if (!read) fprintf(stderr, "grove sim: %s\n", game_error(g));
        game_close(g);
        if (!read) return false;
        for (int j = 0; !sw->players && j < w->o.played[0].n; j++)      /* the value as the game read it */
            if (!strcmp(w->o.played[0].v[j].name, name)) {
                /* (copied by length: GCC's -Wrestrict cannot tell the row's
                   own options from its value at -O1) */
                const char *v = w->o.played[0].v[j].value;
                size_t len = strnlen(v, sizeof w->value - 1);
                memcpy(w->value, v, len);
                w->value[len] = '\0';
                w->type = w->o.played[0].v[j].type;
            }
        for (int j = 0; j < k; j++)
            if (!strcmp(sw->rows[j].value, w->value)) {
                fprintf(stderr, "grove sim: --sweep %s: the value %s is given twice\n", name, w->value);
                *usage_error = true;
                return false;
            }
    }
    return true;
}

/* ---- the table ------------------------------------------------------------------------------- */

#define MAX_COLS (4 + 2 * MAX_BOTS + 8)

typedef struct {
    int ncols;
    char head[MAX_COLS][40];
    char (*cell)[MAX_COLS][48];     /* [nrows] */
} table;

/* "52.8% [45.8, 59.6]": the mean as fmt_mean gives it, the interval with
 * dec decimals (signed, as "+2.7 [-4.2, +9.6]", when sign). */
static void fmt_interval(char *out, size_t len, const char *fmt_mean, double scale, double mean, double lo, double hi,
                         int dec, bool sign)
{
    char m[32];
    snprintf(m, sizeof m, fmt_mean, scale * mean);
    snprintf(out, len, sign ? "%s [%+.*f, %+.*f]" : "%s [%.*f, %.*f]", m, dec, scale * lo, dec, scale * hi);
}

static void print_table(const sweep *sw)
{
    int P = 0;
    for (int k = 0; k < sw->nrows; k++)
        if (sw->rows[k].o.players > P) P = sw->rows[k].o.players;
    table t;
    memset(&t, 0, sizeof t);
    t.cell = calloc((size_t)sw->nrows, sizeof *t.cell);
    if (!t.cell) { fprintf(stderr, "grove sim: out of memory\n"); return; }
    int c = 0;
    snprintf(t.head[c++], sizeof t.head[0], "%s", sw->name);
    snprintf(t.head[c++], sizeof t.head[0], "games");
    for (int p = 0; p < P; p++) snprintf(t.head[c++], sizeof t.head[0], "seat %d wins", p + 1);
    if (P > 1) snprintf(t.head[c++], sizeof t.head[0], "seat 1 - even");
    snprintf(t.head[c++], sizeof t.head[0], "ties");
    snprintf(t.head[c++], sizeof t.head[0], "cut");
    snprintf(t.head[c++], sizeof t.head[0], "length (moves)");
    snprintf(t.head[c++], sizeof t.head[0], "turns");
    for (int p = 0; p < P; p++) snprintf(t.head[c++], sizeof t.head[0], "seat %d score", p + 1);
    t.ncols = c;
    for (int k = 0; k < sw->nrows; k++) {
        const sweep_row *w = &sw->rows[k];
        int np = w->o.players;
        char (*cell)[48] = t.cell[k];
        c = 0;
        snprintf(cell[c++], 48, "%s", w->value);
        snprintf(cell[c++], 48, "%ld", w->s.games);
        for (int p = 0; p < P; p++, c++) {
            if (p >= np) { snprintf(cell[c], 48, "-"); continue; }
            double lo, hi, rate = w->decided ? w->s.wins[p] / w->decided : 0;
            sim_wilson(w->s.wins[p], w->decided, &lo, &hi);
            fmt_interval(cell[c], 48, "%.1f%%", 100, rate, lo, hi, 1, false);
        }
        if (P > 1) {
            if (np > 1) fmt_interval(cell[c], 48, "%+.1f", 100, w->first, w->first_lo, w->first_hi, 1, true);
            else snprintf(cell[c], 48, "-");
            c++;
        }
        snprintf(cell[c++], 48, "%ld", w->s.ties);
        snprintf(cell[c++], 48, "%ld", w->s.capped);
        fmt_interval(cell[c++], 48, "%.1f", 1, w->s.len_mean, w->len_lo, w->len_hi, 1, false);
        if (np > 1) snprintf(cell[c++], 48, "%.1f", w->s.turn_mean);
        else snprintf(cell[c++], 48, "-");      /* alone, the seat to move never changes */
        for (int p = 0; p < P; p++, c++) {
            if (p >= np) { snprintf(cell[c], 48, "-"); continue; }
            fmt_interval(cell[c], 48, "%.2f", 1, w->s.score_mean[p], w->score_lo[p], w->score_hi[p], 2, false);
        }
    }
    int width[MAX_COLS];
    for (c = 0; c < t.ncols; c++) {
        width[c] = (int)strlen(t.head[c]);
        for (int k = 0; k < sw->nrows; k++)
            if ((int)strlen(t.cell[k][c]) > width[c]) width[c] = (int)strlen(t.cell[k][c]);
    }
    for (c = 0; c < t.ncols; c++) printf("%*s", width[c] + 2, t.head[c]);
    printf("\n");
    for (int k = 0; k < sw->nrows; k++) {
        for (c = 0; c < t.ncols; c++) printf("%*s", width[c] + 2, t.cell[k][c]);
        printf("\n");
    }
    const sim_opts *o = &sw->rows[0].o;
    printf("  [ ]: 95%% intervals (Wilson for win rates, Student's t for means)\n");
    printf("  wins: a seat's wins over the games decided, a shared win split among its winners\n");
    if (P > 1) printf("  seat 1 - even: the first seat's win rate less an even share, in points (its first-player edge)\n");
    printf("  ties: games with a shared win; cut: games cut short at %ld moves; scores of the games decided\n", o->cap);
    free(t.cell);
}

/* Did every value play out the same games, game for game (the same
 * length, turns, moves of each kind, scores and ranks)? An option the
 * rules never read does that: worth a word, since the table alone looks
 * like a finding ("no effect") rather than a mistake. */
static bool same_games(const sweep *sw)
{
    if (sw->players || sw->nrows < 2) return false;
    const sweep_row *a = &sw->rows[0];
    int P = a->o.players;
    for (int k = 1; k < sw->nrows; k++) {
        const sweep_row *b = &sw->rows[k];
        for (long i = 0; i < a->o.n; i++) {
            const sim_game *x = &a->r.games[i], *y = &b->r.games[i];
            if (x->failed || y->failed) return false;
            if (x->moves != y->moves || x->turns != y->turns || x->capped != y->capped) return false;
            if (memcmp(x->kinds, y->kinds, sizeof x->kinds)) return false;
            for (int p = 0; p < P; p++)
                if (x->scores[p] != y->scores[p] || x->ranks[p] != y->ranks[p]) return false;
        }
    }
    return true;
}

/* ---- the JSON document ------------------------------------------------------------------------ */

static void json_value(FILE *f, const sweep_row *w)
{
    if (w->type == 's') sim_json_string(f, w->value);
    else fprintf(f, "%s", w->value);
}

/* A number for JSON: finite, else null. */
static void json_number(FILE *f, double v)
{
    if (isfinite(v)) fprintf(f, "%.6g", v);
    else fprintf(f, "null");
}

static bool write_json(const sweep *sw, const char *path)
{
    char err[512];
    outfile *out = outfile_open(path, err, sizeof err);
    if (!out) { fprintf(stderr, "grove sim: %s\n", err); return false; }
    FILE *f = outfile_stream(out);
    const sim_opts *o = &sw->rows[0].o;
    fprintf(f, "{\"game\": ");
    sim_json_string(f, o->game);
    fprintf(f, ", \"sweep\": ");
    sim_json_string(f, sw->name);
    fprintf(f, ", \"values\": [");
    for (int k = 0; k < sw->nrows; k++) {
        fprintf(f, "%s", k ? ", " : "");
        json_value(f, &sw->rows[k]);
    }
    fprintf(f, "], \"seed\": %llu, \"games\": %ld, \"cap\": %ld,\n \"studies\": [\n", (unsigned long long)o->seed, o->n,
            o->cap);
    for (int k = 0; k < sw->nrows; k++) {
        const sweep_row *w = &sw->rows[k];
        int P = w->o.players;
        fprintf(f, "  {\"value\": ");
        json_value(f, w);
        fprintf(f, ", \"players\": %d, \"variants\": ", P);
        sim_json_string(f, w->o.variants[0]);
        fprintf(f, ", \"options\": ");
        sim_json_options(f, &w->o.played[0]);
        fprintf(f, ",\n   \"summary\": {\"games\": %ld, \"decided\": %ld, \"ties\": %ld, \"capped\": %ld, \"wins\": [",
                w->s.games, w->decided, w->s.ties, w->s.capped);
        for (int p = 0; p < P; p++) { fprintf(f, "%s", p ? ", " : ""); json_number(f, w->s.wins[p]); }
        fprintf(f, "], \"win_rate\": [");
        for (int p = 0; p < P; p++) {
            double lo, hi;
            sim_wilson(w->s.wins[p], w->decided, &lo, &hi);
            fprintf(f, "%s{\"rate\": ", p ? ", " : "");
            json_number(f, w->decided ? w->s.wins[p] / w->decided : 0);
            fprintf(f, ", \"low\": ");
            json_number(f, lo);
            fprintf(f, ", \"high\": ");
            json_number(f, hi);
            fprintf(f, "}");
        }
        fprintf(f, "], \"first_seat_edge\": ");
        if (P > 1) {
            fprintf(f, "{\"points\": ");
            json_number(f, 100 * w->first);
            fprintf(f, ", \"low\": ");
            json_number(f, 100 * w->first_lo);
            fprintf(f, ", \"high\": ");
            json_number(f, 100 * w->first_hi);
            fprintf(f, "}");
        } else {
            fprintf(f, "null");
        }
        fprintf(f, ", \"length\": {\"mean\": ");
        json_number(f, w->s.len_mean);
        fprintf(f, ", \"low\": ");
        json_number(f, w->len_lo);
        fprintf(f, ", \"high\": ");
        json_number(f, w->len_hi);
        fprintf(f, "}, \"turns\": ");
        json_number(f, w->s.turn_mean);
        fprintf(f, ", \"score\": [");
        for (int p = 0; p < P; p++) {
            fprintf(f, "%s{\"mean\": ", p ? ", " : "");
            json_number(f, w->s.score_mean[p]);
            fprintf(f, ", \"low\": ");
            json_number(f, w->score_lo[p]);
            fprintf(f, ", \"high\": ");
            json_number(f, w->score_hi[p]);
            fprintf(f, "}");
        }
        fprintf(f, "]},\n   \"games\": [");
        bool first = true;
        for (long i = 0; i < w->o.n; i++) {
            if (w->r.games[i].failed) continue;
            fprintf(f, "%s\n    ", first ? "" : ",");
            first = false;
            sim_json_game(f, &w->r, i);
        }
        fprintf(f, "]}%s\n", k + 1 < sw->nrows ? "," : "");
    }
    fprintf(f, " ]\n}\n");
    if (!outfile_commit(out, err, sizeof err)) { fprintf(stderr, "grove sim: %s\n", err); return false; }
    return true;
}

/* ---- the plot -------------------------------------------------------------------------------- */

/* base: the command's options, which every study shares */
static bool write_plot(const sweep *sw, const sim_opts *base, const char *path)
{
    const sim_opts *o = &sw->rows[0].o;
    plot_sweep_data d = { .game = o->game, .title = o->title, .name = sw->name, .n = o->n, .seed = o->seed,
                          .cap = o->cap, .nrows = sw->nrows };
    char bots[256] = "", opts[512] = "";
    size_t used = 0;
    for (int p = 1; p <= (sw->players ? 1 : o->players) && used < sizeof bots; p++)
        used += (size_t)snprintf(bots + used, sizeof bots - used, "%s%s", p > 1 ? " " : "", o->botnames[p]);
    d.bots = bots;
    d.variants = o->variants[0];
    game_settings_text(&base->set, opts, sizeof opts);
    d.options = opts;
    plot_sweep_row *rows = calloc((size_t)sw->nrows, sizeof *rows);
    plot_sweep_seat *seats = calloc((size_t)sw->nrows * MAX_BOTS, sizeof *seats);
    bool ok = rows && seats;
    for (int k = 0; ok && k < sw->nrows; k++) {
        const sweep_row *w = &sw->rows[k];
        plot_sweep_row *pr = &rows[k];
        pr->value = w->value;
        pr->players = w->o.players;
        pr->games = w->s.games;
        pr->decided = w->decided;
        pr->ties = w->s.ties;
        pr->capped = w->s.capped;
        pr->first = w->first;
        pr->first_lo = w->first_lo;
        pr->first_hi = w->first_hi;
        pr->len_mean = w->s.len_mean;
        pr->len_lo = w->len_lo;
        pr->len_hi = w->len_hi;
        pr->seats = seats + (size_t)k * MAX_BOTS;
        for (int p = 0; p < w->o.players; p++) {
            plot_sweep_seat *e = &seats[(size_t)k * MAX_BOTS + (size_t)p];
            e->wins = w->s.wins[p];
            e->rate = w->decided ? w->s.wins[p] / w->decided : 0;
            sim_wilson(w->s.wins[p], w->decided, &e->lo, &e->hi);
            e->mean = w->s.score_mean[p];
            e->mean_lo = w->score_lo[p];
            e->mean_hi = w->score_hi[p];
        }
    }
    d.rows = rows;
    char err[4200] = "out of memory gathering the plot's data";
    if (ok) ok = plot_sweep_write(&d, path, err, sizeof err);
    if (ok) printf("plot written to %s\n", path);
    else fprintf(stderr, "grove sim: %s\n", err);
    free(rows);
    free(seats);
    return ok;
}

/* ---- the run ------------------------------------------------------------------------------- */

static void print_header(const sweep *sw, const sim_opts *o)
{
    printf("%s, ", o->game);
    if (!sw->players) printf("%d player%s, ", o->players, o->players == 1 ? "" : "s");
    printf("%ld game%s per value (seeds %llu..%llu), bots", o->n, o->n == 1 ? "" : "s", (unsigned long long)o->seed,
           (unsigned long long)(o->seed + (uint64_t)o->n - 1));
    for (int p = 1; p <= (sw->players ? 1 : o->players); p++) printf(" %s", o->botnames[p]);
    if (o->variants[0][0]) printf(", variants %s", o->variants[0]);
    if (o->set.n) {
        char text[512];
        game_settings_text(&o->set, text, sizeof text);
        printf(", options %s", text);
    }
    printf(", sweep %s=", sw->name);
    for (int k = 0; k < sw->nrows; k++) printf("%s%s", k ? "," : "", sw->rows[k].value);
    printf("\n");
}

int sim_sweep(sim_opts *base)
{
    sweep sw = { 0 };
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    bool usage_error = false;
    bool ok = true;
    if (!base->players && strncmp(base->sweep, "players=", 8)) ok = sim_default_players(vm, base);
    if (ok) ok = read_sweep(&sw, base, vm, &usage_error);
    if (ok && base->plot) sim_read_title(vm, base);
    vm_free(vm);
    int rc = ok ? 0 : usage_error ? 2 : 1;
    if (ok) {
        for (int k = 0; k < sw.nrows; k++) memcpy(sw.rows[k].o.title, base->title, sizeof base->title);
        print_header(&sw, base);
        fflush(stdout);
    }
    double t0 = sim_now();
    long played = 0;
    bool interrupted = false;
    for (int k = 0; ok && k < sw.nrows && !rc; k++) {
        sweep_row *w = &sw.rows[k];
        sim_run *r = &w->r;
        r->o = &w->o;
        r->records = w->o.json != NULL;
        pthread_mutex_init(&r->lock, NULL);
        w->played = true;
        r->games = calloc((size_t)w->o.n, sizeof *r->games);
        if (!r->games) { fprintf(stderr, "grove sim: out of memory\n"); rc = 1; break; }
        if (!sim_play(r, t0, 0, w->o.n)) { rc = 1; break; }
        played += r->done;
        if (vm_cancelled()) { interrupted = true; rc = 130; break; }
    }
    sim_progress_clear();
    if (interrupted) {
        fprintf(stderr, "grove sim: interrupted after %ld of %ld games (%d values of %ld games); no results\n", played,
                (long)sw.nrows * base->n, sw.nrows, base->n);
    }
    double seconds = sim_now() - t0;
    if (ok && !rc) {
        for (int k = 0; k < sw.nrows; k++) {
            sweep_row *w = &sw.rows[k];
            bool failed = false;
            for (long i = 0; i < w->o.n && !failed; i++) failed = w->r.games[i].failed;
            if (failed) {
                fprintf(stderr, "grove sim: with %s=%s:\n", sw.name, w->value);
                rc |= sim_report_failed(&w->r, 1, 0, w->o.n);
            }
            sim_summarize(&w->r, &w->s);
            w->summed = true;
            if (!measure(w)) { fprintf(stderr, "grove sim: out of memory\n"); rc = 1; break; }
        }
    }
    if (ok && (rc == 0 || rc == 1) && sw.nrows && sw.rows[sw.nrows - 1].summed) {
        print_table(&sw);
        if (same_games(&sw))
            printf("  every value of %s played out the same games (game for game the same length, moves and scores):\n"
                   "  do the rules read it? (grove list --options %s shows the options; a rule reads s.options.%s)\n",
                   sw.name, base->game, sw.name);
        double rate = seconds > 0 ? played / seconds : 0;
        printf("  %ld game%s in %.1f s (%.*f games/s, %d thread%s)\n", played, played == 1 ? "" : "s", seconds,
               rate < 10 ? 1 : 0, rate, base->threads, base->threads == 1 ? "" : "s");
        if (base->json && !write_json(&sw, base->json)) rc = 1;
        if (base->plot && !write_plot(&sw, base, base->plot)) rc = 1;
    }
    for (int k = 0; k < sw.nrows; k++) {
        sweep_row *w = &sw.rows[k];
        if (w->summed) sim_free_summary(&w->s);
        free(w->score_lo);
        free(w->score_hi);
        for (long i = 0; w->r.games && i < w->o.n; i++) {
            sim_game *g = &w->r.games[i];
            for (long m = 0; g->texts && m < g->moves; m++) free(g->texts[m]);
            free(g->texts);
            free(g->cards);
            free(g->scores);
            free(g->ranks);
        }
        free(w->r.games);
        free(w->r.cards);
        if (w->played) pthread_mutex_destroy(&w->r.lock);
    }
    free(sw.rows);
    return rc;
}
