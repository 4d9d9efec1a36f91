/*
 * bench.c — `grove bench`: uniformly random playouts from the start, as
 * fast as the executor goes; the figures later work pushes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "outfile.h"
#include "cli.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct {
    char game[64];
    char variants[GAME_MAX_VARIANTS];   /* as given to --variant, or "" */
    char options[256];                  /* as given to --set: "winning_score=12", or "" */
    int players;
    long playouts, moves, capped;
    double seconds, win_score_sum;
    long win_scores;
    size_t state_bytes;
    double snap_ns;
    double share_moves, share_apply, share_host;   /* of playout time */
    double allocs_per_move;     /* Lua allocations in the playout loop */
    double mcts_per_s;          /* MCTS iterations per second from the start */
} bench_result;

/* The best score in result(s), or -1 if there is none. */
static double best_score(game *g)
{
    int players = game_players(g);
    double *scores = calloc((size_t)players, sizeof *scores);
    game_result res = { .scores = scores };
    double best = -1;
    if (scores && game_outcome(g, &res) && res.over)
        for (int i = 0; i < players; i++)
            if (scores[i] > best) best = scores[i];
    free(scores);
    return best;
}

/* Play `name` for `seconds`, or exactly `count` playouts (then every part
 * of the run is a fixed amount of work, so instruction counts compare). */
static bool bench_game(grove_vm *vm, const char *name, const cli_opts *o, bench_result *out)
{
    char err[GAME_ERRLEN];
    int players = o->players ? o->players : cli_default_players(vm, name, o->variants);
    if (!players) return false;
    const double seconds = o->seconds;
    const long count = o->playouts;
    const uint64_t seed = o->seed_given ? o->seed : 1;
    game *g = game_open_with(vm, name, o->variants, players, seed, &o->set, err, sizeof err);
    if (!g) { fprintf(stderr, "grove bench: %s\n", err); return false; }
    memset(out, 0, sizeof *out);
    snprintf(out->game, sizeof out->game, "%s", name);
    snprintf(out->variants, sizeof out->variants, "%s", o->variants);
    game_settings_text(&o->set, out->options, sizeof out->options);
    out->players = players;
    out->state_bytes = game_state_size(g);
    uint8_t *start = malloc(out->state_bytes);
    if (!start) { game_close(g); return false; }
    if (!game_snapshot(g, start)) {
        fprintf(stderr, "grove bench: %s: %s\n", name, game_error(g));
        free(start);
        game_close(g);
        return false;
    }

    /* snapshot + restore cost */
    uint8_t *tmp = malloc(out->state_bytes);
    double t0 = now();
    const int reps = count ? 1000 : 1000000;
    for (int i = 0; i < reps; i++) { game_snapshot(g, tmp); game_restore(g, tmp); }
    out->snap_ns = (now() - t0) * 1e9 / reps;
    free(tmp);

    rng_t pick;
    rng_seed(&pick, seed, 99);
    const long cap = 100000;
    vm_watch_start(vm, 500);
    unsigned long loop_allocs = 0;
    t0 = now();
    double t = t0;
    while (count ? out->playouts < count : t - t0 < seconds) {
        game_restore(g, start);
        game_reseed(g, seed + (uint64_t)out->playouts);
        unsigned long a0 = vm->allocs;
        long n = game_playout(g, &pick, cap);
        loop_allocs += vm->allocs - a0;
        if (n < 0) { fprintf(stderr, "grove bench: %s: %s\n", name, game_error(g)); break; }
        out->moves += n;
        out->playouts++;
        if (n == cap) out->capped++;
        if ((out->playouts & 15) == 0) t = now();
        double best = best_score(g);
        if (best >= 0) { out->win_score_sum += best; out->win_scores++; }
    }
    out->seconds = now() - t0;
    out->allocs_per_move = out->moves ? (double)loop_allocs / out->moves : 0;

    /* where the time goes: a shorter timed run (the clock reads perturb it) */
    game_timing timing = { 0, 0 };
    double t1 = now(), total = 0;
    long timed = count ? count / 5 + 1 : 50;
    for (long k = 0; k < timed || (!count && now() - t1 < seconds / 5); k++) {
        game_restore(g, start);
        game_reseed(g, seed + (uint64_t)k);
        double p0 = now();
        if (game_playout_timed(g, &pick, cap, &timing) < 0) break;
        total += now() - p0;
    }
    if (total > 0) {
        out->share_moves = timing.moves_ns * 1e-9 / total;
        out->share_apply = timing.apply_ns * 1e-9 / total;
        out->share_host = 1 - out->share_moves - out->share_apply;
    }
    /* MCTS iterations per second, deciding the first move */
    game_restore(g, start);
    bot_spec mcts;
    char why[160];
    bot_parse("mcts", &mcts, why, sizeof why);
    mcts.budget = count;        /* --playouts N: N iterations; else for a time */
    mcts.seconds = seconds / 5;
    int64_t m;
    long iterations = 0;
    double m0 = now();
    if (bot_choose(g, &mcts, 1, &m, &iterations) && iterations > 0) out->mcts_per_s = iterations / (now() - m0);
    vm_watch_stop(vm);
    free(start);
    game_close(g);
    return out->playouts > 0;
}

static void print_result(const bench_result *b)
{
    const char *s = b->players == 1 ? "" : "s";
    printf("%s%s%s%s%s (%d player%s, %.1f s):\n", b->game, b->variants[0] ? " with " : "", b->variants,
           b->options[0] ? ", options " : "", b->options, b->players, s, b->seconds);
    printf("  playouts/s            %12.0f\n", b->playouts / b->seconds);
    printf("  moves/s               %12.0f\n", b->moves / b->seconds);
    printf("  mean moves/playout    %12.1f\n", (double)b->moves / b->playouts);
    if (b->win_scores) printf("  mean winning score    %12.2f\n", b->win_score_sum / b->win_scores);
    printf("  playouts              %12ld (%ld hit the move cap)\n", b->playouts, b->capped);
    printf("  time in moves/apply/host %6.0f%% %4.0f%% %4.0f%%\n", 100 * b->share_moves,
           100 * b->share_apply, 100 * b->share_host);
    printf("  allocations per move  %12.2f\n", b->allocs_per_move);
    printf("  bytes per state       %12zu\n", b->state_bytes);
    printf("  snapshot+restore ns   %12.1f\n", b->snap_ns);
    if (b->mcts_per_s > 0) printf("  MCTS iterations/s     %12.0f\n", b->mcts_per_s);
    else printf("  MCTS iterations/s     %12s\n", "- (a single first move)");
}

static void json_result(FILE *f, const bench_result *b, bool last)
{
    fprintf(f, "  {\"game\": \"%s\", \"variants\": \"%s\", \"options\": \"%s\", \"players\": %d, \"seconds\": %.3f, \"playouts_per_s\": %.1f, "
               "\"moves_per_s\": %.1f, \"mean_moves\": %.2f, \"mean_winning_score\": %.3f, "
               "\"share_moves\": %.3f, \"share_apply\": %.3f, \"share_host\": %.3f, \"allocs_per_move\": %.3f, "
               "\"state_bytes\": %zu, \"snapshot_restore_ns\": %.2f, \"mcts_iterations_per_s\": %.1f}%s\n",
            b->game, b->variants, b->options, b->players, b->seconds, b->playouts / b->seconds, b->moves / b->seconds,
            (double)b->moves / b->playouts, b->win_scores ? b->win_score_sum / b->win_scores : 0.0,
            b->share_moves, b->share_apply, b->share_host, b->allocs_per_move, b->state_bytes, b->snap_ns, b->mcts_per_s, last ? "" : ",");
}

int cmd_bench(int argc, char **argv)
{
    cli_opts o = { 0 };
    o.seconds = 3;
    if (!cli_parse_opts(argc, argv, 2, &o, true)) return 2;
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    /* which games: the one named, else every game listed */
    char names[64][64];
    int n = 0;
    if (o.game) {
        snprintf(names[n++], sizeof names[0], "%s", o.game);
    } else {
        int count;
        game_about *list = game_list(vm, &count);
        for (int i = 0; i < count && n < 64; i++) snprintf(names[n++], sizeof names[0], "%s", list[i].name);
        free(list);
    }
    bench_result *res = calloc((size_t)n + 1, sizeof *res);
    int done = 0, rc = 0;
    for (int i = 0; i < n; i++) {
        if (bench_game(vm, names[i], &o, &res[done])) print_result(&res[done++]);
        else rc = 1;
    }
    if (o.json) {
        char err[512];
        outfile *out = outfile_open(o.json, err, sizeof err);
        if (out) {
            FILE *f = outfile_stream(out);
            fprintf(f, "[\n");
            for (int i = 0; i < done; i++) json_result(f, &res[i], i + 1 == done);
            fprintf(f, "]\n");
        }
        if (!out || !outfile_commit(out, err, sizeof err)) { fprintf(stderr, "grove bench: %s\n", err); rc = 1; }
    }
    free(res);
    vm_free(vm);
    return rc;
}
