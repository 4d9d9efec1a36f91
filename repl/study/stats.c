/*
 * stats.c — the numbers of a sim run: each seat's wins with a 95%
 * Wilson interval, score and length quartiles, moves by kind, cards
 * played; and the A/B comparison of two runs on the same seeds, game by
 * game (paired differences with their intervals), with its verdict.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study.h"

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
void sim_wilson(double wins, long n, double *lo, double *hi)
{
    if (n == 0) { *lo = 0; *hi = 1; return; }
    double z = 1.96, p = wins / n, d = 1 + z * z / n;
    double c = (p + z * z / (2.0 * n)) / d;
    double h = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
    *lo = c - h < 0 ? 0 : c - h;
    *hi = c + h > 1 ? 1 : c + h;
}

void sim_summarize(const sim_run *r, summary *s)
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

void sim_free_summary(summary *s)
{
    free(s->wins);
    free(s->score_mean);
    free(s->score_q);
}

void sim_print_summary(const sim_run *r, const summary *s, double seconds)
{
    const sim_opts *o = r->o;
    long decided = s->games - s->capped;
    printf("  seat  bot           wins    win rate (95%% CI)       score: mean    q1  median    q3\n");
    for (int p = 0; p < o->players; p++) {
        double lo, hi;
        sim_wilson(s->wins[p], decided, &lo, &hi);
        printf("  %4d  %-12s %6.1f   %5.1f%% (%5.1f%%-%5.1f%%)   %12.2f %5.1f %7.1f %5.1f\n", p + 1,
               o->botnames[p + 1], s->wins[p], decided ? 100 * s->wins[p] / decided : 0, 100 * lo, 100 * hi,
               s->score_mean[p], s->score_q[p][0], s->score_q[p][1], s->score_q[p][2]);
    }
    printf("  shared wins (ties): %ld   games cut short at %ld moves: %ld\n", s->ties, o->cap, s->capped);
    printf("  length in moves: mean %.1f (q1 %.0f, median %.0f, q3 %.0f)\n", s->len_mean, s->len_q[0],
           s->len_q[1], s->len_q[2]);
    if (o->players > 1)
        printf("  length in turns: mean %.1f (q1 %.0f, median %.0f, q3 %.0f)\n", s->turn_mean, s->turn_q[0],
               s->turn_q[1], s->turn_q[2]);
    else    /* turns are counted where the seat to move changes: alone, never */
        printf("  length in turns: - (a turn ends where the seat to move changes: alone, it never does)\n");
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
    double rate = seconds > 0 ? s->games / seconds : 0;
    printf("\n  %ld game%s in %.1f s (%.*f games/s, %d thread%s)\n", s->games, s->games == 1 ? "" : "s", seconds,
           rate < 10 ? 1 : 0, rate, o->threads, o->threads == 1 ? "" : "s");
}

/* ---- tests --------------------------------------------------------------------------- */

/* The continued fraction of the incomplete beta function (modified Lentz). */
static double beta_cf(double a, double b, double x)
{
    const double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    if (fabs(d) < tiny) d = tiny;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 10000; m++) {
        double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 + aa * d;
        if (fabs(d) < tiny) d = tiny;
        c = 1 + aa / c;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + aa * d;
        if (fabs(d) < tiny) d = tiny;
        c = 1 + aa / c;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1) < 1e-15) break;
    }
    return h;
}

/* The regularized incomplete beta function I_x(a, b). */
static double beta_inc(double a, double b, double x)
{
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1) / (a + b + 2)) return front * beta_cf(a, b, x) / a;
    return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double sim_t_p(double t, double df)
{
    if (df <= 0) return 1;
    if (!isfinite(t)) return 0;
    return beta_inc(df / 2, 0.5, df / (df + t * t));
}

double sim_t_crit(double p, double df)
{
    double lo = 0, hi = 1;
    while (sim_t_p(hi, df) > p && hi < 1e12) hi *= 2;
    for (int k = 0; k < 200 && hi - lo > 1e-12 * hi; k++) {
        double mid = (lo + hi) / 2;
        if (sim_t_p(mid, df) > p) lo = mid;
        else hi = mid;
    }
    return (lo + hi) / 2;
}

void sim_holm(const double *p, double *adjusted, int m)
{
    int *order = malloc(sizeof(int) * (size_t)(m > 0 ? m : 1));
    if (!order) {                           /* Bonferroni, which Holm improves on */
        for (int k = 0; k < m; k++) adjusted[k] = m * p[k] < 1 ? m * p[k] : 1;
        return;
    }
    for (int i = 0; i < m; i++) order[i] = i;
    for (int i = 1; i < m; i++)             /* by p; ties keep their order */
        for (int j = i; j > 0 && p[order[j - 1]] > p[order[j]]; j--) {
            int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
        }
    double run = 0;
    for (int k = 0; k < m; k++) {
        double a = (m - k) * p[order[k]];
        if (a > 1) a = 1;
        if (a > run) run = a;
        adjusted[order[k]] = run;
    }
    free(order);
}

/* ---- comparing ------------------------------------------------------------------------ */

/* The win share of a seat in a game: 1 for a sole winner, 1/k for k
 * winners, else 0. */
double sim_win_share(const sim_game *g, int players, int seat)
{
    if (g->ranks[seat] != 1) return 0;
    int k = 0;
    for (int p = 0; p < players; p++) k += g->ranks[p] == 1;
    return 1.0 / k;
}

static double m_win(const sim_game *g, int players, int seat) { return sim_win_share(g, players, seat); }
static double m_length(const sim_game *g, int players, int seat) { (void)players; (void)seat; return (double)g->moves; }
static double m_score(const sim_game *g, int players, int seat) { (void)players; return g->scores[seat]; }

bool sim_measure_of(sim_measure_kind kind, sim_measure *f, bool *decided_only)
{
    switch (kind) {
    case MEASURE_WIN: *f = m_win; *decided_only = true; return true;
    case MEASURE_LENGTH: *f = m_length; *decided_only = false; return true;
    case MEASURE_SCORE: *f = m_score; *decided_only = true; return true;
    }
    return false;
}

/* One measure compared game by game over the seeds both sides played. */
typedef struct {
    sim_measure_kind kind;
    int seat;                       /* 1-based; 0 for length */
    char what[64];
    double scale;                   /* 100 for a rate shown in % */
    const char *unit;
    long n;                         /* pairs */
    double mean_a, mean_b, diff;    /* means, and of B - A */
    double lo, hi;                  /* the 95% interval of diff (unadjusted) */
    double p, holm;                 /* two-sided p of a paired t-test; Holm-adjusted */
    double r;                       /* correlation of A's and B's value over the pairs (NAN: undefined) */
    double gain;                    /* var(A) + var(B) over var(B - A): what pairing was worth
                                       (infinite when B - A never varies, NAN when nothing does) */
} paired_stat;

/* The paired statistics of measure f (seat's) over the games i in
 * [0, n) both sides finished (and, if decided_only, neither cut short). */
void sim_paired(const sim_run *runs, long n, sim_measure f, int seat, bool decided_only, sim_pair_sums *out)
{
    const sim_opts *o = runs[0].o;
    memset(out, 0, sizeof *out);
    for (long i = 0; i < n; i++) {
        const sim_game *a = &runs[0].games[i], *b = &runs[1].games[i];
        if (a->failed || b->failed) continue;
        if (decided_only && (a->capped || b->capped)) continue;
        sim_pair_add(out, f(a, o->players, seat), f(b, o->players, seat));
    }
}

void sim_pair_add(sim_pair_sums *s, double x, double y)
{
    /* Welford's running means and co-moments: no cancellation for long runs */
    s->n++;
    double dx = x - s->mx, dy = y - s->my;
    s->mx += dx / s->n;
    s->my += dy / s->n;
    s->sxx += dx * (x - s->mx);
    s->syy += dy * (y - s->my);
    s->sxy += dx * (y - s->my);
}

/* The variance of B - A over the pairs (0 for fewer than two). */
double sim_pair_var(const sim_pair_sums *s)
{
    if (s->n < 2) return 0;
    double v = (s->sxx + s->syy - 2 * s->sxy) / (double)(s->n - 1);
    return v > 0 ? v : 0;
}

static bool compare_one(const sim_run *runs, sim_measure_kind kind, int seat, const char *what, double scale,
                        const char *unit, paired_stat *st)
{
    sim_measure f;
    bool decided_only;
    sim_measure_of(kind, &f, &decided_only);
    sim_pair_sums s;
    sim_paired(runs, runs[0].o->n, f, seat, decided_only, &s);
    if (s.n == 0) return false;
    memset(st, 0, sizeof *st);
    st->kind = kind;
    st->seat = kind == MEASURE_LENGTH ? 0 : seat + 1;
    snprintf(st->what, sizeof st->what, "%s", what);
    st->scale = scale;
    st->unit = unit;
    st->n = s.n;
    st->mean_a = s.mx;
    st->mean_b = s.my;
    st->diff = s.my - s.mx;
    double var = sim_pair_var(&s), se = sqrt(var / (double)s.n);
    if (s.n < 2) {
        st->p = 1;
        st->lo = -HUGE_VAL;
        st->hi = HUGE_VAL;
    } else if (se == 0) {           /* every pair differs by the same amount */
        st->p = st->diff == 0 ? 1 : 0;
        st->lo = st->hi = st->diff;
    } else {
        double df = (double)(s.n - 1), h = sim_t_crit(0.05, df) * se;
        st->p = sim_t_p(st->diff / se, df);
        st->lo = st->diff - h;
        st->hi = st->diff + h;
    }
    st->r = s.sxx > 0 && s.syy > 0 ? s.sxy / sqrt(s.sxx * s.syy) : NAN;
    double spread = s.n > 1 ? (s.sxx + s.syy) / (double)(s.n - 1) : 0;
    st->gain = var > 0 ? spread / var : (spread > 0 ? HUGE_VAL : NAN);
    return true;
}

static void print_p(double p)
{
    if (p < 0.001) printf("  <0.001");
    else printf("   %.3f", p);
}

void sim_compare(const sim_run *runs, bool sequential)
{
    const sim_opts *o = runs[0].o;
    const char *a = o->variants[0][0] ? o->variants[0] : "(no variant)";
    const char *b = o->variants[1][0] ? o->variants[1] : "(no variant)";
    int P = o->players, m = 0;
    paired_stat *st = calloc((size_t)(2 * P + 1), sizeof *st);
    double *p = calloc((size_t)(2 * P + 1), sizeof *p), *adj = calloc((size_t)(2 * P + 1), sizeof *adj);
    if (!st || !p || !adj) {
        fprintf(stderr, "grove sim: out of memory\n");
        free(st); free(p); free(adj);
        return;
    }
    char what[64];
    for (int s = 0; s < P; s++) {
        snprintf(what, sizeof what, "seat %d win rate", s + 1);
        m += compare_one(runs, MEASURE_WIN, s, what, 100, "%", &st[m]);
    }
    m += compare_one(runs, MEASURE_LENGTH, 0, "length in moves", 1, "", &st[m]);
    for (int s = 0; s < P; s++) {
        snprintf(what, sizeof what, "seat %d mean score", s + 1);
        m += compare_one(runs, MEASURE_SCORE, s, what, 1, "", &st[m]);
    }
    for (int k = 0; k < m; k++) p[k] = st[k].p;
    sim_holm(p, adj, m);
    printf("\nA = %s, B = %s, %d player%s: the same %ld seeds and bots, compared game by game (B - A)\n", a, b,
           o->players, o->players == 1 ? "" : "s", o->n);
    printf("  %-20s %10s %10s   %-28s%8s%8s%8s\n", "", "A", "B", "difference (95% CI)", "p", "Holm p", "r");
    char verdict[4096] = "";
    size_t len = 0;
    double gmin = HUGE_VAL, gmax = 0;
    for (int k = 0; k < m; k++) {
        paired_stat *x = &st[k];
        x->holm = adj[k];
        bool sig = x->holm < 0.05;
        char diff[64];
        if (isfinite(x->lo))
            snprintf(diff, sizeof diff, "%+.2f%s (%+.2f to %+.2f)", x->scale * x->diff, x->unit, x->scale * x->lo,
                     x->scale * x->hi);
        else
            snprintf(diff, sizeof diff, "%+.2f%s (one game)", x->scale * x->diff, x->unit);
        printf("  %-20s %9.2f%s %9.2f%s   %-28s", x->what, x->scale * x->mean_a, *x->unit ? x->unit : " ",
               x->scale * x->mean_b, *x->unit ? x->unit : " ", diff);
        print_p(x->p);
        print_p(x->holm);
        if (isnan(x->r)) printf("  %6s", "-");
        else printf("  %+6.2f", x->r);
        printf("%s\n", sig ? "   significant" : "");
        if (isfinite(x->gain) && x->gain < gmin) gmin = x->gain;
        if (isfinite(x->gain) && x->gain > gmax) gmax = x->gain;
        if (!sig || len > sizeof verdict - 200) continue;
        if (x->kind == MEASURE_WIN)
            len += (size_t)snprintf(verdict + len, sizeof verdict - len, "  -> seat %d wins %s often under B (%+.1f points)\n",
                                    x->seat, x->diff > 0 ? "more" : "less", 100 * x->diff);
        else if (x->kind == MEASURE_SCORE)
            len += (size_t)snprintf(verdict + len, sizeof verdict - len, "  -> seat %d scores %s under B (%+.2f)\n",
                                    x->seat, x->diff > 0 ? "more" : "less", x->diff);
        else
            len += (size_t)snprintf(verdict + len, sizeof verdict - len, "  -> games are %s under B (%+.1f moves)\n",
                                    x->diff > 0 ? "longer" : "shorter", x->diff);
    }
    printf("  significant: Holm-adjusted p below 0.05 over these %d measures (Holm-Bonferroni), so when B\n"
           "  changes nothing the chance that any line says significant is at most 5%%\n", m);
    if (gmax > 0) {
        printf("  r: how alike the two games of a seed are; pairing them made this comparison as precise as\n");
        if (gmax > gmin * 1.05) printf("  %.2f to %.2f times as many unpaired games\n", gmin, gmax);
        else printf("  %.2f times as many unpaired games\n", gmin);
    }
    if (sequential)
        printf("  (the games were stopped by the sequential test below: these lines describe them, the test decides)\n");
    else
        printf("%s", len ? verdict : "  -> no significant difference at this sample size\n");
    free(st);
    free(p);
    free(adj);
}
