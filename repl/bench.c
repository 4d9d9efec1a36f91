/*
 * bench.c — `grove bench`: uniformly random playouts from the start, as
 * fast as the executor goes, and MCTS iterations; the figures later work
 * pushes. With --bots, whole games between bots instead: bot games per
 * hour, and what a 1,000-game study of them costs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "outfile.h"
#include "cli.h"
#include "study.h"

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
    double mcts_per_s;          /* MCTS iterations per second from the start, full rollouts */
    double mcts_eval_per_s;     /* the same for the default bot (cut-off rollouts ending in evaluate) */
    bool has_evaluate;
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
    /* MCTS iterations per second deciding the first move: with rollouts to
     * the end (the bot of old), and as the default bot does */
    out->has_evaluate = game_has_evaluate(g) || game_has_learned(g);
    for (int k = 0; k < (out->has_evaluate ? 2 : 1); k++) {
        game_restore(g, start);
        bot_spec mcts;
        char why[160];
        bot_parse(k ? "mcts" : "mcts:depth=end", &mcts, why, sizeof why);
        mcts.iterations = count;    /* --playouts N: N iterations; else for a time */
        mcts.seconds = count ? 0 : seconds / 10;
        int64_t m;
        long iterations = 0;
        double m0 = now();
        if (bot_choose(g, &mcts, 1, &m, &iterations) && iterations > 0)
            *(k ? &out->mcts_eval_per_s : &out->mcts_per_s) = iterations / (now() - m0);
    }
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
    if (b->mcts_per_s > 0) printf("  MCTS iterations/s     %12.0f (rollouts to the end)\n", b->mcts_per_s);
    else printf("  MCTS iterations/s     %12s\n", "- (a single first move)");
    if (b->mcts_eval_per_s > 0) printf("  MCTS iterations/s     %12.0f (the default bot: rollouts cut short by evaluate)\n", b->mcts_eval_per_s);
}

static void json_result(FILE *f, const bench_result *b, bool last)
{
    fputs("  {\"game\": ", f);
    sim_json_string(f, b->game);
    fputs(", \"variants\": ", f);
    sim_json_string(f, b->variants);
    fputs(", \"options\": ", f);                    /* --set's text: a string option's value is anything */
    sim_json_string(f, b->options);
    fprintf(f, ", \"players\": %d, \"seconds\": %.3f, \"playouts_per_s\": %.1f, "
               "\"moves_per_s\": %.1f, \"mean_moves\": %.2f, \"mean_winning_score\": %.3f, "
               "\"share_moves\": %.3f, \"share_apply\": %.3f, \"share_host\": %.3f, \"allocs_per_move\": %.3f, "
               "\"state_bytes\": %zu, \"snapshot_restore_ns\": %.2f, \"mcts_iterations_per_s\": %.1f, "
               "\"mcts_default_iterations_per_s\": %.1f}%s\n",
            b->players, b->seconds, b->playouts / b->seconds, b->moves / b->seconds,
            (double)b->moves / b->playouts, b->win_scores ? b->win_score_sum / b->win_scores : 0.0,
            b->share_moves, b->share_apply, b->share_host, b->allocs_per_move, b->state_bytes, b->snap_ns, b->mcts_per_s,
            b->mcts_eval_per_s, last ? "" : ",");
}

/* ---- bench --bots: whole games between bots ------------------------------------ */

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct {
    char game[64];
    char variants[GAME_MAX_VARIANTS];
    int players;
    char bots[MAX_BOTS + 1][BOT_NAMELEN];
    long games, moves, decisions, iterations, kept;
    double seconds, cpu;
} bot_bench;

/* One game from `seed` with a bot per seat; its figures added to *out.
 * False (said on stderr) on an error. */
static bool bot_game(grove_vm *vm, const char *name, const cli_opts *o, const bot_spec *specs,
                     uint64_t seed, bot_bench *out)
{
    char err[GAME_ERRLEN];
    game *g = game_open_with(vm, name, o->variants, out->players, seed, &o->set, err, sizeof err);
    if (!g) { fprintf(stderr, "grove bench: %s\n", err); return false; }
    bot *bots[MAX_BOTS + 1] = { NULL };
    bool ok = true;
    for (int seat = 1; seat <= out->players && ok; seat++)
        ok = (bots[seat] = bot_new(&specs[seat])) != NULL;
    if (!ok) game_set_error(g, "out of memory");
    rng_t rng;
    rng_seed(&rng, seed, 0x62656e6368ULL);             /* "bench" */
    long moves = 0;
    while (ok) {
        const int64_t *legal;
        int n = game_legal(g, &legal);
        if (n <= 0) { ok = n == 0; break; }
        int actor = game_actor(g);
        if (!actor) { ok = false; break; }
        uint64_t s = ((uint64_t)rng_next(&rng) << 32) | rng_next(&rng);
        int64_t m;
        bot_stats st;
        if (!bot_move(bots[actor], g, s, &m, &st)) { ok = false; break; }
        if (n > 1) out->decisions++;
        out->iterations += st.iterations;
        out->kept += st.kept;
        if (!game_apply(g, m, false, false)) { ok = false; break; }
        for (int seat = 1; seat <= out->players; seat++) bot_observe(bots[seat], m);
        moves++;
    }
    if (ok) { out->games++; out->moves += moves; }
    else fprintf(stderr, "grove bench: %s (seed %llu), move %ld: %s\n", name, (unsigned long long)seed,
                 moves + 1, game_error(g));
    for (int seat = 1; seat <= out->players; seat++) bot_free(bots[seat]);
    game_close(g);
    return ok;
}

/* Bot games of `name` for o->seconds (at least one) or exactly o->games. */
static bool bench_bots(grove_vm *vm, const char *name, const cli_opts *o, bot_bench *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->game, sizeof out->game, "%s", name);
    snprintf(out->variants, sizeof out->variants, "%s", o->variants);
    out->players = o->players ? o->players : cli_default_players(vm, name, o->variants);
    if (!out->players) return false;
    bot_spec specs[MAX_BOTS + 1];
    char why[256];
    int k = bot_parse_list(o->bench_bots, &specs[1], MAX_BOTS, why, sizeof why);
    if (k < 0) { fprintf(stderr, "grove bench: --bots: %s\n", why); return false; }
    if (k == 0) { fprintf(stderr, "grove bench: --bots needs at least one kind\n"); return false; }
    if (k > 1 && k != out->players) {
        fprintf(stderr, "grove bench: %d bots for %d players: give one kind, or one per seat\n", k, out->players);
        return false;
    }
    for (int seat = 1; seat <= out->players; seat++) {
        if (k == 1) specs[seat] = specs[1];
        bot_name(&specs[seat], out->bots[seat], sizeof out->bots[seat]);
    }
    const uint64_t seed = o->seed_given ? o->seed : 1;
    double t0 = now(), c0 = cpu_now();
    vm_watch_start(vm, GAME_WATCH_MS);
    bool ok = true;
    for (long i = 0; ok && (o->games ? i < o->games : i == 0 || now() - t0 < o->seconds); i++) {
        ok = bot_game(vm, name, o, specs, seed + (uint64_t)i, out);
        if (vm_cancelled()) break;
    }
    vm_watch_stop(vm);
    out->seconds = now() - t0;
    out->cpu = cpu_now() - c0;
    return ok && out->games > 0;
}

static void print_bots(const bot_bench *b)
{
    printf("%s%s%s (%d player%s), bots", b->game, b->variants[0] ? " with " : "", b->variants,
           b->players, b->players == 1 ? "" : "s");
    for (int seat = 1; seat <= b->players; seat++) printf(" %s", b->bots[seat]);
    printf(": %ld game%s in %.1f s (CPU %.1f s)\n", b->games, b->games == 1 ? "" : "s", b->seconds, b->cpu);
    double per_game = b->cpu / (double)b->games;
    printf("  bot games/hour        %12.0f on one thread (wall time), %.0f (CPU time)\n",
           3600 * (double)b->games / b->seconds, 3600 / per_game);
    printf("  a 1,000-game study    %12.1f min on one thread, %.1f on 2 (CPU time)\n",
           1000 * per_game / 60, 1000 * per_game / 120);
    printf("  mean moves/game       %12.1f\n", (double)b->moves / (double)b->games);
    printf("  decisions/game        %12.1f (positions with more than one legal move)\n",
           (double)b->decisions / (double)b->games);
    if (b->iterations > 0 && b->decisions > 0) {
        printf("  MCTS iterations/decision %9.0f (%.0f root visits kept from the decision before)\n",
               (double)b->iterations / (double)b->decisions, (double)b->kept / (double)b->decisions);
        printf("  MCTS iterations/s     %12.0f (wall time)\n", (double)b->iterations / b->seconds);
    }
}

static void json_bots(FILE *f, const bot_bench *b, bool last)
{
    fputs("  {\"game\": ", f);
    sim_json_string(f, b->game);
    fputs(", \"variants\": ", f);
    sim_json_string(f, b->variants);
    fprintf(f, ", \"players\": %d, \"bots\": [", b->players);
    for (int seat = 1; seat <= b->players; seat++) {
        if (seat > 1) fputs(", ", f);
        sim_json_string(f, b->bots[seat]);
    }
    fprintf(f, "], \"games\": %ld, \"seconds\": %.3f, \"cpu_seconds\": %.3f, \"games_per_hour\": %.1f, "
               "\"cpu_games_per_hour\": %.1f, \"mean_moves\": %.2f, \"decisions_per_game\": %.2f, "
               "\"iterations_per_decision\": %.1f, \"kept_per_decision\": %.1f}%s\n",
            b->games, b->seconds, b->cpu, 3600 * (double)b->games / b->seconds, 3600 * (double)b->games / b->cpu,
            (double)b->moves / (double)b->games, (double)b->decisions / (double)b->games,
            b->decisions ? (double)b->iterations / (double)b->decisions : 0.0,
            b->decisions ? (double)b->kept / (double)b->decisions : 0.0, last ? "" : ",");
}

static const char usage[] =
    "usage: grove bench [GAME] [--players N] [--variant A,B] [--seed S] [--set NAME=VALUE]...\n"
    "                   [--seconds S | --playouts N] [--json FILE]\n"
    "  Random playouts of GAME (of every game without one) as fast as they go: playouts\n"
    "  and moves a second, where the time goes, allocations and state size.\n"
    "  --seconds S        how long to run each game (default 3)\n"
    "  --playouts N       a fixed number of playouts instead (the same work every run)\n"
    "  --set NAME=VALUE   a game option (grove list --options GAME lists them)\n"
    "  --json FILE        the figures as JSON\n";

static int cmd_bench(int argc, char **argv)
{
    cli_opts o = { 0 };
    o.seconds = 3;
    if (!cli_parse_opts(argc, argv, 2, &o, true)) return 2;
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    /* which games: the one named, else every game listed */
    char names[64][64];
    int n = 0;
    if (o.bench_bots) {                 /* the bot kinds, before any game: a usage error */
        bot_spec specs[MAX_BOTS + 1];
        char why[256];
        int k = bot_parse_list(o.bench_bots, &specs[1], MAX_BOTS, why, sizeof why);
        if (k <= 0) {
            fprintf(stderr, "grove bench: --bots: %s\n", k < 0 ? why : "it needs at least one kind");
            vm_free(vm);
            return 2;
        }
        int players = o.players ? o.players : o.game ? cli_default_players(vm, o.game, o.variants) : 0;
        if (k > 1 && players && k != players) {
            fprintf(stderr, "grove bench: %d bots for %d players: give one kind, or one per seat\n", k, players);
            vm_free(vm);
            return 2;
        }
    }
    if (o.game) {
        int status = cli_check_game(vm, "grove bench", o.game, o.variants, o.players, &o.set);
        if (status) { vm_free(vm); return status; }
        snprintf(names[n++], sizeof names[0], "%s", o.game);
    } else {
        int count;
        game_about *list = game_list(vm, &count);
        for (int i = 0; i < count && n < 64; i++) snprintf(names[n++], sizeof names[0], "%s", list[i].name);
        free(list);
    }
    bool bots = o.bench_bots != NULL;
    bench_result *res = calloc((size_t)n + 1, sizeof *res);
    bot_bench *bres = calloc((size_t)n + 1, sizeof *bres);
    int done = 0, rc = 0;
    for (int i = 0; res && bres && i < n; i++) {
        if (bots ? bench_bots(vm, names[i], &o, &bres[done]) : bench_game(vm, names[i], &o, &res[done])) {
            if (bots) print_bots(&bres[done]);
            else print_result(&res[done]);
            done++;
        } else {
            rc = 1;
        }
    }
    if (o.json) {
        char err[512];
        outfile *out = outfile_open(o.json, err, sizeof err);
        if (out) {
            FILE *f = outfile_stream(out);
            fprintf(f, "[\n");
            for (int i = 0; i < done; i++) {
                if (bots) json_bots(f, &bres[i], i + 1 == done);
                else json_result(f, &res[i], i + 1 == done);
            }
            fprintf(f, "]\n");
        }
        if (!out || !outfile_commit(out, err, sizeof err)) { fprintf(stderr, "grove bench: %s\n", err); rc = 1; }
    }
    free(res);
    free(bres);
    vm_free(vm);
    return rc;
}

/* `grove bench`: its row of the table of subcommands (main.c). */
const cli_command command_bench = {
    .name = "bench",
    .synopsis =
        "  grove bench [GAME] [--players N] [--variant A,B] [--seed S] [--seconds S | --playouts N]\n"
        "              [--set NAME=VALUE]... [--bots KIND[,KIND...] [--games N]] [--json FILE]\n"
        "                          random playouts and MCTS iterations per second; with\n"
        "                          --bots, whole bot games: games per hour\n",
    .usage = usage,
    .run = cmd_bench,
};
