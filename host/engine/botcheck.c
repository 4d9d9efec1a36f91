/*
 * botcheck.c — the reference `grove check GAME --bots` measures a bot
 * against (check.h): an MCTS that reads no evaluate, its rollouts played to
 * the end, given about the CPU time the bot takes a decision. An evaluate
 * that helps makes the bot stronger than that reference; one that
 * misleads (it values what a seat holds at nothing, or on another scale)
 * makes it weaker, at the same cost.
 *
 * The time is measured, not guessed: a random game is played from the
 * seed on the checked path, and at four of its positions (its start, and a
 * quarter, half and three quarters of the way, each the next position
 * with a choice) one decision of the bot and one of a probe (rollouts to
 * the end, PROBE_ITERATIONS iterations) are timed on this thread's CPU
 * clock, which a loaded machine does not stretch. The reference gets the
 * probe's iterations scaled by the bot's time over the probe's, rounded
 * up to a coarse ladder (10, 15, 20, 30, 50, 70, 100, ...), so that the
 * noise of a clock seldom moves it and the reference has the bot's budget
 * or a little more.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

#define PROBE_ITERATIONS 30
#define MIN_ITERATIONS 10
#define MAX_ITERATIONS 100000
#define PLAYOUT_CAP 5000        /* moves of the random game the positions are taken from */

static double thread_cpu(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The least step of the ladder 1, 1.5, 2, 3, 5, 7 (times a power of 10) at or above x. */
static long ladder_up(double x)
{
    static const double steps[] = { 1, 1.5, 2, 3, 5, 7, 10 };
    if (x <= MIN_ITERATIONS) return MIN_ITERATIONS;
    double scale = pow(10, floor(log10(x)));
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if (steps[i] * scale >= x * (1 - 1e-9)) return lround(steps[i] * scale);
    return lround(10 * scale);
}

/* One timed decision of spec at g's position: its CPU seconds, or -1 (game_error). */
static double timed(game *g, const bot_spec *spec, uint64_t seed)
{
    int64_t move;
    double t0 = thread_cpu();
    if (!bot_choose(g, spec, seed, &move, NULL)) return -1;
    return thread_cpu() - t0;
}

bool botcheck_reference(grove_vm *vm, const check_opts *co, const bot_spec *spec, bot_spec *ref,
                        botcheck_calibration *cal, char *err, size_t errlen)
{
    memset(cal, 0, sizeof *cal);
    char why[GAME_ERRLEN];
    game *g = game_open_with(vm, co->game, co->variants, co->players, co->seed, co->set, why, sizeof why);
    if (!g) { snprintf(err, errlen, "%s", why); return false; }
    cal->evaluate = spec->eval[0] || game_has_evaluate(g) || game_has_learned(g);
    cal->learned = !spec->eval[0] && !game_has_evaluate(g) && game_has_learned(g);
    game_evaluate_names(g, cal->evaluates, sizeof cal->evaluates);
    char text[300];
    snprintf(text, sizeof text, "mcts:%d,depth=end,reuse=no", PROBE_ITERATIONS);
    bot_spec probe;
    bool ok = bot_parse(text, &probe, why, sizeof why);
    probe.threads = 1;
    bot_spec mine = *spec;
    mine.threads = 1;                   /* one thread: its time is this thread's */
    /* a random game: its length, and the moves to its positions */
    int64_t *moves = malloc(PLAYOUT_CAP * sizeof *moves);
    long len = 0;
    rng_t pick;
    rng_seed(&pick, co->seed, 0x626f74636865636bULL);     /* "botcheck" */
    if (!moves) { snprintf(why, sizeof why, "out of memory"); ok = false; }
    while (ok && len < PLAYOUT_CAP) {
        const int64_t *legal;
        int n = game_legal(g, &legal);
        if (n < 0) { snprintf(why, sizeof why, "%s", game_error(g)); ok = false; break; }
        if (n == 0) break;
        moves[len] = legal[rng_below(&pick, (uint32_t)n)];
        if (!game_apply(g, moves[len], false, false)) { snprintf(why, sizeof why, "%s", game_error(g)); ok = false; }
        len++;
    }
    game_close(g);
    g = ok ? game_open_with(vm, co->game, co->variants, co->players, co->seed, co->set, why, sizeof why) : NULL;
    if (ok && !g) ok = false;
    /* the positions: a quarter of the way apart, each the next with a choice */
    long at = 0;
    bool warm = false;
    for (int k = 0; ok && k < 4; k++) {
        long target = len * k / 4;
        for (; at < target; at++)
            if (!game_apply(g, moves[at], false, false)) { snprintf(why, sizeof why, "%s", game_error(g)); ok = false; break; }
        const int64_t *legal;
        int n = 0;
        while (ok && at < len && (n = game_legal(g, &legal)) == 1) {
            if (!game_apply(g, moves[at], false, false)) { snprintf(why, sizeof why, "%s", game_error(g)); ok = false; }
            at++;
        }
        if (!ok || n < 2) break;        /* no choice left to time */
        uint64_t seed = co->seed * 1000003u + (uint64_t)at;
        if (!warm) {                    /* the first decisions fill caches: not timed */
            ok = timed(g, &mine, seed) >= 0 && timed(g, &probe, seed) >= 0;
            warm = true;
        }
        double tb = ok ? timed(g, &mine, seed) : -1, tp = ok && tb >= 0 ? timed(g, &probe, seed) : -1;
        if (tb < 0 || tp < 0) { snprintf(why, sizeof why, "%s", game_error(g)); ok = false; break; }
        cal->bot_cpu += tb;
        cal->probe_cpu += tp;
        cal->positions++;
    }
    game_close(g);
    free(moves);
    if (!ok) { snprintf(err, errlen, "%s", why); return false; }
    *ref = probe;
    ref->reuse = spec->reuse;           /* the bot's habits, but for the depth and the budget */
    ref->tail = spec->tail;
    ref->explore = spec->explore;
    double x = cal->probe_cpu > 0 ? PROBE_ITERATIONS * cal->bot_cpu / cal->probe_cpu : spec->iterations;
    if (!cal->positions) x = spec->iterations ? (double)spec->iterations : BOT_DEFAULT_ITERATIONS;
    ref->iterations = ladder_up(x < MAX_ITERATIONS ? x : MAX_ITERATIONS);
    ref->seconds = 0;
    if (cal->positions) {
        cal->bot_cpu /= cal->positions;
        cal->probe_cpu /= cal->positions;
    }
    cal->probe_iterations = PROBE_ITERATIONS;
    return true;
}
