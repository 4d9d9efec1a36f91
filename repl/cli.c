/*
 * cli.c — what the subcommands share: finding the data folder, a VM on it,
 * and the common options (--players, --seed, --variant, --bot ...).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* ---- finding the data folder ---------------------------------------------- */

static bool has_stdlib(const char *dir)
{
    char path[PATH_MAX + 32];
    struct stat sb;
    snprintf(path, sizeof path, "%s/stdlib/grove/game.lua", dir);
    return stat(path, &sb) == 0;
}

/* The folder holding stdlib/ and scripts/: GROVE_DATA, then beside the
 * binary (build/grove in a source tree: ..), then ../share/grove from the
 * binary, then the compiled-in GROVE_DATADIR. */
bool cli_datadir(char *out, size_t len)
{
    const char *env = getenv("GROVE_DATA");
    if (env && has_stdlib(env)) { snprintf(out, len, "%s", env); return true; }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) *slash = '\0';
        const char *tries[] = { "/..", "/../share/grove", "" };
        for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++) {
            char cand[PATH_MAX + 32], real[PATH_MAX];
            snprintf(cand, sizeof cand, "%s%s", exe, tries[i]);
            if (has_stdlib(cand) && realpath(cand, real)) { snprintf(out, len, "%s", real); return true; }
        }
    }
#ifdef GROVE_DATADIR
    if (has_stdlib(GROVE_DATADIR)) { snprintf(out, len, "%s", GROVE_DATADIR); return true; }
#endif
    return false;
}

grove_vm *cli_vm(void)
{
    char dir[PATH_MAX];
    if (!cli_datadir(dir, sizeof dir)) {
        fprintf(stderr, "grove: cannot find the data folder (stdlib/ and scripts/); "
                        "set GROVE_DATA or reinstall with make install\n");
        return NULL;
    }
    grove_vm *vm = host_new(dir);
    if (!vm) fprintf(stderr, "grove: out of memory starting Lua\n");
    return vm;
}

int cli_default_players(grove_vm *vm, const char *name, const char *variants)
{
    char err[GAME_ERRLEN];
    game_counts counts;
    if (!game_counts_of(vm, name, variants, &counts, err, sizeof err)) {
        fprintf(stderr, "grove: %s\n", err);
        return 0;
    }
    return counts.def;
}

/* ---- options ---------------------------------------------------------------- */

static bool parse_int(const char *s, long long lo, long long hi, long long *out)
{
    if (!s || !*s) return false;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (*end || errno || v < lo || v > hi) return false;
    *out = v;
    return true;
}

bool cli_parse_opts(int argc, char **argv, int i, cli_opts *o, bool bench)
{
    for (; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        long long n;
        if (!strcmp(a, "--players") || !strcmp(a, "-p")) {
            if (!parse_int(v, 1, 16, &n)) { fprintf(stderr, "grove: --players needs a number 1..16\n"); return false; }
            o->players = (int)n; i++;
        } else if (!strcmp(a, "--seed") || !strcmp(a, "-s")) {
            if (!parse_int(v, 0, LLONG_MAX, &n)) { fprintf(stderr, "grove: --seed needs a non-negative integer\n"); return false; }
            o->seed = (uint64_t)n; o->seed_given = true; i++;
        } else if (!strcmp(a, "--variant") || !strcmp(a, "--variants")) {
            if (!v) { fprintf(stderr, "grove: --variant needs a name (or names, comma-separated)\n"); return false; }
            snprintf(o->variants, sizeof o->variants, "%s", v); i++;
        } else if (!strcmp(a, "--bot") && !bench) {
            const char *eq = v ? strchr(v, '=') : NULL;
            char seatbuf[8] = "", why[160];
            if (eq && eq - v < 7) { memcpy(seatbuf, v, (size_t)(eq - v)); seatbuf[eq - v] = '\0'; }
            if (!eq || !parse_int(seatbuf, 1, MAX_BOTS, &n)) {
                fprintf(stderr, "grove: --bot needs SEAT=KIND, e.g. --bot 2=mcts "
                                "(kinds: random, greedy, mcts, mcts:ITERATIONS, mcts:SECONDSs)\n");
                return false;
            }
            if (!bot_parse(eq + 1, &o->bot[n], why, sizeof why)) {
                fprintf(stderr, "grove: --bot %s: %s\n", seatbuf, why);
                return false;
            }
            bot_name(&o->bot[n], o->bots[n], sizeof o->bots[n]); i++;
        } else if (!strcmp(a, "--ascii") && !bench) {
            o->ascii = true;
        } else if (!strcmp(a, "--seconds") && bench) {
            char *end;
            double d = v ? strtod(v, &end) : 0;
            if (!v || *end || d <= 0 || d > 3600) { fprintf(stderr, "grove: --seconds needs a number of seconds\n"); return false; }
            o->seconds = d; i++;
        } else if (!strcmp(a, "--playouts") && bench) {
            if (!parse_int(v, 1, 100000000, &n)) { fprintf(stderr, "grove: --playouts needs a positive count\n"); return false; }
            o->playouts = (long)n; i++;
        } else if (!strcmp(a, "--bots") && bench) {
            if (!v) { fprintf(stderr, "grove: --bots needs a bot kind, or one per seat (mcts,random)\n"); return false; }
            o->bench_bots = v; i++;
        } else if (!strcmp(a, "--games") && bench) {
            if (!parse_int(v, 1, 1000000, &n)) { fprintf(stderr, "grove: --games needs a positive count\n"); return false; }
            o->games = (long)n; i++;
        } else if (!strcmp(a, "--json") && bench) {
            if (!v) { fprintf(stderr, "grove: --json needs a file name\n"); return false; }
            o->json = v; i++;
        } else if (a[0] == '-') {
            fprintf(stderr, "grove: unknown option '%s' (see grove --help)\n", a);
            return false;
        } else if (!o->game) {
            o->game = a;
        } else {
            fprintf(stderr, "grove: unexpected argument '%s' (see grove --help)\n", a);
            return false;
        }
    }
    return true;
}
