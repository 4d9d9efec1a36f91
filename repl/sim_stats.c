/*
 * sim_stats.c — the numbers of a sim run: each seat's wins with a 95%
 * Wilson interval, score and length quartiles, moves by kind, cards
 * played; and the A/B comparison of two runs on the same seeds, game by
 * game (paired differences with their intervals), with its verdict.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

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
    double rate = seconds > 0 ? s->games / seconds : 0;
    printf("\n  %ld game%s in %.1f s (%.*f games/s, %d thread%s)\n", s->games, s->games == 1 ? "" : "s", seconds,
           rate < 10 ? 1 : 0, rate, o->threads, o->threads == 1 ? "" : "s");
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

void sim_compare(const sim_run *runs)
{
    const sim_opts *o = runs[0].o;
    const char *a = o->variants[0][0] ? o->variants[0] : "(no variant)";
    const char *b = o->variants[1][0] ? o->variants[1] : "(no variant)";
    printf("\nA = %s, B = %s, %d player%s: the same %ld seeds and bots, compared game by game (B - A)\n", a, b,
           o->players, o->players == 1 ? "" : "s", o->n);
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

