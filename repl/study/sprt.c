/*
 * sprt.c — `grove sim --sprt MEASURE[:DELTA]`: play games until a
 * sequential test decides one named measure, as chess-engine testing
 * decides "is B better than A" (fishtest's SPRT).
 *
 * The test is Wald's sequential probability ratio test, two-sided in the
 * manner of Sobel and Wald: two one-sided tests of H0 "no change" against
 * H+ "a change of +DELTA" and H- "a change of -DELTA", each with the
 * normal approximation fishtest uses (the variance estimated from the
 * games so far), after game i:
 *
 *     LLR+ = n DELTA (mean - DELTA/2) / var,   LLR- = n DELTA (-mean - DELTA/2) / var
 *
 * A side stops at ln((1 - beta) / (alpha/2)) (its change accepted: the run
 * stops) or at ln(beta / (1 - alpha/2)) (no change that way); when both
 * have accepted "no change" the run stops too. alpha = beta = 0.05: a
 * false "changed" at most 5% of the time, a change of DELTA missed at
 * most 5%. With --compare the measure is B - A game by game; alone, a
 * seat's win share against its fair share 1/players.
 *
 * The games are checked in seed order whatever the threads: the run plays
 * batches, and the decision is the first game at which the test decides,
 * so the games counted, and every record and summary, are the same for
 * any number of threads. Games of the last batch past that one are
 * dropped.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study.h"

#define SPRT_ALPHA SIM_SPRT_ALPHA
#define SPRT_BETA SIM_SPRT_BETA

bool sim_sprt_parse(const char *text, int players, bool compare, sim_sprt *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    char name[32];
    const char *colon = strchr(text, ':');
    size_t n = colon ? (size_t)(colon - text) : strlen(text);
    if (n >= sizeof name) n = sizeof name - 1;
    memcpy(name, text, n);
    name[n] = '\0';
    int seat = 0;
    char rest[8] = "";
    if (!strcmp(name, "first")) {
        t->kind = MEASURE_WIN;
        seat = 1;
    } else if (!strcmp(name, "length")) {
        t->kind = MEASURE_LENGTH;
    } else if (sscanf(name, "win%d%7s", &seat, rest) == 1) {
        t->kind = MEASURE_WIN;
    } else if (sscanf(name, "score%d%7s", &seat, rest) == 1) {
        t->kind = MEASURE_SCORE;
    } else {
        snprintf(err, errlen, "--sprt: unknown measure '%s' (first, winN, scoreN or length, then :DELTA if you like)", name);
        return false;
    }
    if (t->kind != MEASURE_LENGTH && (seat < 1 || seat > players)) {
        snprintf(err, errlen, "--sprt %s: no seat %d in a %d-player game", name, seat, players);
        return false;
    }
    t->seat = seat ? seat - 1 : 0;
    if (t->kind == MEASURE_WIN) snprintf(t->what, sizeof t->what, "seat %d win rate", seat);
    else if (t->kind == MEASURE_SCORE) snprintf(t->what, sizeof t->what, "seat %d mean score", seat);
    else snprintf(t->what, sizeof t->what, "length in moves");
    if (colon) {
        char *end;
        double d = strtod(colon + 1, &end);
        if (end == colon + 1 || *end || !(d > 0) || !isfinite(d)) {
            snprintf(err, errlen, "--sprt %s: the change that matters must be a positive number, not '%s'", name, colon + 1);
            return false;
        }
        t->delta = t->kind == MEASURE_WIN ? d / 100 : d;
    } else if (t->kind == MEASURE_WIN) {
        t->delta = 0.05;
    } else {
        snprintf(err, errlen, "--sprt %s needs the smallest change that matters: %s:%s", name, name,
                 t->kind == MEASURE_LENGTH ? "10 (moves)" : "0.5 (points)");
        return false;
    }
    if (!compare && t->kind != MEASURE_WIN) {
        snprintf(err, errlen, "--sprt %s needs --compare A B: alone, only a win rate has a value to test "
                 "against (its fair share)", name);
        return false;
    }
    if (!compare && players < 2) {
        snprintf(err, errlen, "--sprt %s needs --compare A B in a 1-player game", name);
        return false;
    }
    if (t->kind == MEASURE_WIN && t->delta >= 1) {
        snprintf(err, errlen, "--sprt %s: a change of %g points is more than a win rate can move", name, 100 * t->delta);
        return false;
    }
    t->compare = compare;
    t->players = players;
    sim_sprt_bounds(t);
    return true;
}

void sim_sprt_bounds(sim_sprt *t)
{
    t->upper = log((1 - SPRT_BETA) / (SPRT_ALPHA / 2));
    t->lower = log(SPRT_BETA / (1 - SPRT_ALPHA / 2));
}

/* One side's step: 0 undecided, 1 accepted its change, -1 accepted none. */
static int step(int *state, double llr, double lower, double upper)
{
    if (*state) return *state;
    if (llr >= upper) *state = 1;
    else if (llr <= lower) *state = -1;
    return *state;
}

int sim_sprt_add(sim_sprt *t, double x, double y)
{
    sim_pair_add(&t->sums, x, y);
    if (t->sums.n < SIM_SPRT_MIN_GAMES) return 0;
    double var = sim_pair_var(&t->sums), mean = t->sums.my - t->sums.mx, n = (double)t->sums.n;
    if (var > 0) {
        t->llr_up = n * t->delta * (mean - t->delta / 2) / var;
        t->llr_down = n * t->delta * (-mean - t->delta / 2) / var;
    } else {                    /* every game the same difference: certain */
        t->llr_up = mean >= t->delta / 2 ? HUGE_VAL : -HUGE_VAL;
        t->llr_down = -mean >= t->delta / 2 ? HUGE_VAL : -HUGE_VAL;
    }
    int up = step(&t->up, t->llr_up, t->lower, t->upper);
    int down = step(&t->down, t->llr_down, t->lower, t->upper);
    if (up == 1 || down == 1 || (up == -1 && down == -1)) t->decided = up == 1 ? 1 : down == 1 ? -1 : 2;
    return t->decided;
}

long sim_sprt_advance(sim_sprt *t, const sim_run *runs, long from, long to)
{
    sim_measure f;
    bool decided_only;
    sim_measure_of(t->kind, &f, &decided_only);
    const sim_opts *o = runs[0].o;
    double fair = 1.0 / o->players;
    for (long i = from; i < to; i++) {
        const sim_game *a = &runs[0].games[i], *b = t->compare ? &runs[1].games[i] : a;
        if (a->failed || b->failed) continue;
        if (decided_only && (a->capped || b->capped)) continue;
        double x = t->compare ? f(a, o->players, t->seat) : fair;
        if (sim_sprt_add(t, x, f(b, o->players, t->seat))) {
            t->games = i + 1;
            return t->games;
        }
    }
    t->games = to;
    return 0;
}

static void print_llr(double v)
{
    if (isinf(v)) printf("%s", v > 0 ? "+inf" : "-inf");
    else printf("%+.2f", v);
}

void sim_sprt_print_llr(const sim_sprt *t)
{
    printf("LLR up ");
    print_llr(t->llr_up);
    printf(", down ");
    print_llr(t->llr_down);
}

void sim_sprt_print(const sim_sprt *t, long max_games)
{
    double scale = t->kind == MEASURE_WIN ? 100 : 1;
    const char *unit = t->kind == MEASURE_WIN ? " points" : t->kind == MEASURE_LENGTH ? " moves" : " points";
    double mean = t->sums.my - t->sums.mx;
    printf("\nsequential test (SPRT) of the %s, %s:\n", t->what,
           t->compare ? "B - A game by game" : "against its fair share");
    if (t->compare)
        printf("  H0 no change, H1 a change of %g%s either way; ", scale * t->delta, unit);
    else
        printf("  H0 a fair share (%.1f%%), H1 %g%s more or less; ", 100.0 / t->players, scale * t->delta, unit);
    printf("a false \"changed\" at most %g%%, a change of\n  %g%s missed at most %g%% (LLR bounds %.2f and %+.2f, "
           "each direction)\n", 100 * SPRT_ALPHA, scale * t->delta, unit, 100 * SPRT_BETA, t->lower, t->upper);
    printf("  %ld games counted, mean %s %+.2f%s, ", t->sums.n, t->compare ? "difference" : "above the fair share",
           scale * mean, t->kind == MEASURE_WIN ? " points" : "");
    sim_sprt_print_llr(t);
    printf("\n");
    const char *who = t->what;
    if (!t->decided) {
        printf("  -> undecided after %ld games (the most -n allows): play more games, or accept a larger change\n",
               max_games);
    } else if (t->compare) {
        if (t->decided == 2) printf("  -> decided after %ld games: no change of %g%s or more in the %s\n", t->games,
                                    scale * t->delta, unit, who);
        else if (t->kind == MEASURE_WIN)
            printf("  -> decided after %ld games: seat %d wins %s often under B\n", t->games, t->seat + 1,
                   t->decided > 0 ? "more" : "less");
        else if (t->kind == MEASURE_SCORE)
            printf("  -> decided after %ld games: seat %d scores %s under B\n", t->games, t->seat + 1,
                   t->decided > 0 ? "more" : "less");
        else
            printf("  -> decided after %ld games: games are %s under B\n", t->games,
                   t->decided > 0 ? "longer" : "shorter");
    } else {
        if (t->decided == 2) printf("  -> decided after %ld games: seat %d wins its fair share, give or take %g%s\n",
                                    t->games, t->seat + 1, scale * t->delta, unit);
        else printf("  -> decided after %ld games: seat %d wins %s than its fair share\n", t->games, t->seat + 1,
                    t->decided > 0 ? "more" : "less");
    }
}
