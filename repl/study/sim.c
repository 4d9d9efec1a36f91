/*
 * sim.c — `grove sim`: bot games in bulk, their summary, and the A/B
 * comparison of two variants on the same seeds (study.h lists the files).
 *
 *   grove sim GAME -n N [--players P] [--variant A,B] [--bots KIND[,KIND...]]
 *             [--seed S] [--threads T] [--cap MOVES] [--json FILE] [--csv FILE]
 *             [--plot FILE.svg] [--compare VARIANTS_A VARIANTS_B] [--sprt MEASURE[:DELTA]]
 *             [--coverage] [--records FILE.jsonl [--shard I/N] [--resume]] [--set NAME=VALUE]...
 *             [--sweep NAME=A,B,C]   (sweep.c)
 *
 * Ctrl-C (or SIGTERM) stops it cleanly: no game starts after it, the
 * games in flight are abandoned (not failures, not recorded: --resume
 * plays them), and the games finished so far, from the first seed on,
 * are reported as what they are, with --json, --csv and --plot written
 * whole; a second Ctrl-C ends it at once, leaving no temporary file
 * (cli_signals_catch). Exit status 130 (143 for SIGTERM).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study.h"

/* ---- options ------------------------------------------------------------------------------ */

static const char usage[] =
    "usage: grove sim GAME -n N [--players P] [--variant A,B] [--bots KIND[,KIND...]] [--seed S]\n"
    "                 [--threads T] [--cap MOVES] [--json FILE] [--csv FILE] [--plot FILE.svg]\n"
    "                 [--compare VARIANTS_A VARIANTS_B] [--sprt MEASURE[:DELTA]] [--coverage]\n"
    "                 [--records FILE.jsonl [--shard I/N] [--resume]]\n"
    "                 [--set NAME=VALUE]... [--sweep NAME=A,B,C]\n"
    "  --bots: random, greedy, mcts, mcts:ITERATIONS, mcts:SECONDSs; one for all seats or one per seat\n"
    "      (default: random for every seat, each move a legal move at random)\n"
    "  --players: default the game's usual count; --seed: game i plays seed S + i (default 1);\n"
    "      --threads: default 1; --cap: moves before a game is cut short (default 100000)\n"
    "  --json, --csv, --plot, --records: '-' writes it to the standard output (the report then goes\n"
    "      to stderr)\n"
    "  variants: comma-separated names; '-' for none (in --compare)\n"
    "  --plot: an SVG picture of win rates, scores and game lengths (A and B side by side with --compare)\n"
    "  --compare: every measure with its p-value, Holm-adjusted over all of them (any false\n"
    "      'significant' at most 5% of the time), and how alike the paired games were (r)\n"
    "  --sprt: play until a sequential test decides one measure (-n: at most N games, default 100000):\n"
    "      first, winN (seat N's win rate; DELTA in points, default 5), scoreN:DELTA, length:DELTA;\n"
    "      with --compare, B against A; alone, a seat's win rate against its fair share\n"
    "  --records FILE: every game as one line of JSON (JSON Lines), written as it ends\n"
    "  --shard I/N: play only the games of shard I of N of this study, into --records FILE;\n"
    "      grove merge FILES... then prints the study's summary, as one run would\n"
    "  --resume: play only the games FILE (--records) does not hold yet\n"

    "  --set: a game option (both sides of --compare play with it); grove help options says more\n"
    "  --sweep NAME=A,B,C: one study per value of game option NAME (or of the player count:\n"
    "      --sweep players=2,3,4), all on the same seeds, and one table of them: each seat's win rate,\n"
    "      the first seat's edge, ties, games cut short, length and scores, with 95% intervals;\n"
    "      --json writes a study per value, --plot each measure against the value\n"
    "  Ctrl-C stops it: the games finished, from the first seed on, are reported and written;\n"
    "      twice ends it at once. It warns when its first game does not play the same twice.\n";

/* At the REPL the session's options come first, and a --set typed
 * replaces one (cli_in_session): take `arg`'s name out of set. */
static void drop_setting(game_settings *set, const char *arg)
{
    size_t n = strcspn(arg, "=");
    for (int i = 0; i < set->n; i++)
        if (strlen(set->v[i].name) == n && !strncmp(set->v[i].name, arg, n)) {
            memmove(&set->v[i], &set->v[i + 1], (size_t)(set->n - i - 1) * sizeof set->v[0]);
            set->n--;
            return;
        }
}

/* 1: options read; 0: bad options (said); -1: --help was printed. */
static int parse_sim(int argc, char **argv, sim_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->threads = 1;
    o->cap = 100000;
    o->nsides = 1;
    const char *bots = "random";
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (!strcmp(a, "-n")) {
            if (!cli_parse_long(v, 1, 100000000, &n)) { fprintf(stderr, "grove sim: -n needs a number of games\n"); return 0; }
            o->n = n; i++;
        } else if (!strcmp(a, "--players") || !strcmp(a, "-p")) {
            if (!cli_parse_long(v, 1, MAX_BOTS, &n)) { fprintf(stderr, "grove sim: --players needs a number 1..%d\n", MAX_BOTS); return 0; }
            o->players = (int)n; i++;
        } else if (!strcmp(a, "--seed") || !strcmp(a, "-s")) {
            if (!cli_parse_long(v, 0, 0x7fffffffffffffffL, &n)) { fprintf(stderr, "grove sim: --seed needs an integer 0..%ld (a record's seed is a Lua integer)\n", 0x7fffffffffffffffL); return 0; }
            o->seed = (uint64_t)n; i++;
        } else if (!strcmp(a, "--threads") || !strcmp(a, "-t")) {
            if (!cli_parse_long(v, 1, SIM_MAX_THREADS, &n)) { fprintf(stderr, "grove sim: --threads needs 1..%d\n", SIM_MAX_THREADS); return 0; }
            o->threads = (int)n; i++;
        } else if (!strcmp(a, "--cap")) {
            if (!cli_parse_long(v, 1, 100000000, &n)) { fprintf(stderr, "grove sim: --cap needs a number of moves\n"); return 0; }
            o->cap = n; i++;
        } else if (!strcmp(a, "--variant") || !strcmp(a, "--variants")) {
            if (!v) { fprintf(stderr, "grove sim: --variant needs names\n"); return 0; }
            snprintf(o->variants[0], sizeof o->variants[0], "%s", v); i++;
        } else if (!strcmp(a, "--bots") || !strcmp(a, "--bot")) {
            if (!v) { fprintf(stderr, "grove sim: --bots needs KIND or KIND,KIND...\n"); return 0; }
            bots = v; i++;
        } else if (!strcmp(a, "--json")) {
            if (!v) { fprintf(stderr, "grove sim: --json needs a file\n"); return 0; }
            o->json = v; i++;
        } else if (!strcmp(a, "--csv")) {
            if (!v) { fprintf(stderr, "grove sim: --csv needs a file\n"); return 0; }
            o->csv = v; i++;
        } else if (!strcmp(a, "--plot")) {
            if (!v) { fprintf(stderr, "grove sim: --plot needs a file (FILE.svg)\n"); return 0; }
            o->plot = v; i++;
        } else if (!strcmp(a, "--compare")) {
            if (!v || i + 2 >= argc) { fprintf(stderr, "grove sim: --compare needs two variant lists ('-' for none)\n"); return 0; }
            for (int k = 0; k < 2; k++) {
                const char *w = argv[i + 1 + k];
                snprintf(o->variants[k], sizeof o->variants[k], "%s", strcmp(w, "-") ? w : "");
            }
            o->nsides = 2;
            i += 2;
        } else if (!strcmp(a, "--set")) {
            char why[GAME_ERRLEN];
            if (!v) { fprintf(stderr, "grove sim: --set needs NAME=VALUE (grove list --options GAME lists them)\n"); return 0; }
            if (cli_in_session()) drop_setting(&o->set, v);
            if (!game_settings_add(&o->set, v, why, sizeof why)) { fprintf(stderr, "grove sim: %s\n", why); return 0; }
            i++;
        } else if (!strcmp(a, "--sweep")) {
            if (!v) { fprintf(stderr, "grove sim: --sweep needs NAME=A,B,C (a game option, or players): --sweep winning_score=5,10,15\n"); return 0; }
            if (o->sweep) {
                fprintf(stderr, "grove sim: one --sweep at a time (--sweep %s and --sweep %s): a grid of two is not "
                        "supported; sweep one, and run it again with --set for each value of the other\n", o->sweep, v);
                return 0;
            }
            o->sweep = v; i++;
        } else if (!strcmp(a, "--sprt")) {
            if (!v) { fprintf(stderr, "grove sim: --sprt needs a measure: first, winN, scoreN:DELTA, length:DELTA\n"); return 0; }
            o->sprt = v; i++;
        } else if (!strcmp(a, "--coverage")) {
            o->coverage = true;
        } else if (!strcmp(a, "--records")) {
            if (!v) { fprintf(stderr, "grove sim: --records needs a file (FILE.jsonl)\n"); return 0; }
            o->records = v; i++;
        } else if (!strcmp(a, "--shard")) {
            if (!sim_shard_parse("grove sim", v, &o->shard, &o->nshards)) return 0;
            i++;
        } else if (!strcmp(a, "--resume")) {
            o->resume = true;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            return -1;
        } else if (a[0] == '-') {
            fprintf(stderr, "grove sim: unknown option '%s'\n%s", a, usage);
            return 0;
        } else if (!o->game) {
            o->game = a;
        } else {
            fprintf(stderr, "grove sim: unexpected argument '%s'\n%s", a, usage);
            return 0;
        }
    }
    if (o->sprt && !o->n) o->n = SIM_SPRT_MAX_GAMES;
    if (!o->game || !o->n) { fputs(usage, stderr); return 0; }
    /* what records, shards and resuming cannot carry */
    const char *refusal = NULL;
    if ((o->nshards || o->resume) && !o->records)
        refusal = o->nshards ? "--shard writes its games to --records FILE: give one" : "--resume needs --records FILE";
    else if (o->resume && !strcmp(o->records, "-"))
        refusal = "--resume reads the records file back: give a file, not '-' (the standard output)";
    else if (o->records && o->sprt)
        refusal = "--sprt stops when its test decides, reading the games in seed order, so it cannot be split or "
                  "resumed: run it whole (--json keeps its games)";
    else if (o->coverage && (o->nshards || o->resume))
        refusal = "--coverage counts the lines this process runs, which records do not carry: run it without "
                  "--shard or --resume";
    else if (o->sweep && o->nsides == 2)
        refusal = "--sweep and --compare: a sweep compares its values, each on the same seeds; compare two variant "
                  "lists with --compare, or sweep one of them with --variant";
    else if (o->sweep && o->sprt)
        refusal = "--sweep plays -n games for each value; --sprt stops one study when its test decides: use one or "
                  "the other (--compare --sprt tests one change)";
    else if (o->sweep && (o->records || o->nshards || o->resume))
        refusal = "--sweep keeps its games in --json FILE (a study per value); --records, --shard and --resume are "
                  "for one study: run --set NAME=VALUE with them for each value";
    else if (o->sweep && o->csv)
        refusal = "--csv writes a row per game of one study: a sweep's games go to --json FILE (a study per value)";
    else if (o->sweep && o->coverage)
        refusal = "--coverage counts the lines one study runs: run it without --sweep (--set NAME=VALUE for a value)";
    else if (o->nshards && (o->json || o->csv || o->plot))
        refusal = "a shard holds part of a study: grove merge FILES... writes --json, --csv and --plot of the whole";
    if (refusal) { fprintf(stderr, "grove sim: %s\n", refusal); return 0; }
    if (o->seed > (uint64_t)0x7fffffffffffffffL - (uint64_t)(o->n - 1)) {
        fprintf(stderr, "grove sim: the seeds %llu.. of %ld games go past %ld, the largest seed: give a smaller --seed\n",
                (unsigned long long)o->seed, o->n, 0x7fffffffffffffffL);
        return 0;
    }
    /* bots: one kind for every seat, or one per seat */
    char why[256];
    int k = bot_parse_list(bots, &o->bots[1], MAX_BOTS, why, sizeof why);
    if (k < 0) { fprintf(stderr, "grove sim: %s\n", why); return 0; }
    for (int s = 1; s <= k; s++) bot_name(&o->bots[s], o->botnames[s], sizeof o->botnames[s]);
    if (k == 0) { fprintf(stderr, "grove sim: --bots needs at least one kind\n"); return 0; }
    if (k == 1)
        for (int s = 2; s <= MAX_BOTS; s++) { o->bots[s] = o->bots[1]; memcpy(o->botnames[s], o->botnames[1], sizeof o->botnames[s]); }
    bool player_sweep = o->sweep && !strncmp(o->sweep, "players=", 8);
    if (player_sweep && (o->players || k > 1)) {
        fprintf(stderr, "grove sim: --sweep players sets the player count of each study: %s\n",
                o->players ? "drop --players" : "give one bot kind for every seat (--bots mcts), not one per seat");
        return 0;
    }
    o->players = o->players ? o->players : (k > 1 ? k : 0);
    if (k > 1 && k != o->players) {
        fprintf(stderr, "grove sim: %d bots for %d players: give one kind, or one per seat\n", k, o->players);
        return 0;
    }
    return 1;
}

/* Warn when the first game of a side does not play the same twice
 * (sim_same_twice): the study would not repeat, and grove check names
 * the loop to fix. */
static void warn_if_unrepeatable(const sim_opts *o)
{
    for (int side = 0; side < o->nsides; side++) {
        char why[2048];
        if (sim_same_twice(o, side, why, sizeof why)) continue;
        const char *v = o->variants[side];
        fprintf(stderr, "grove sim: warning: the games of %s%s%s change from run to run, so this study does not "
                "repeat: %s. grove check %s --players %d%s%s --seed %llu -n 1 names the line to fix\n", o->game,
                v[0] ? " with " : "", v, why, o->game, o->players, v[0] ? " --variant " : "", v,
                (unsigned long long)o->seed);
    }
}

/* The games of every side finished from the first of [lo, hi) on, up to
 * the first that is not (stopped by Ctrl-C, or never started): their
 * end. Failed games count (they are reported as such). */
static long finished_from(const sim_run *runs, int nsides, long lo, long hi)
{
    long k = lo;
    for (; k < hi; k++) {
        bool all = true;
        for (int side = 0; side < nsides && all; side++) {
            const sim_game *g = &runs[side].games[k];
            all = (runs[side].have && runs[side].have[k]) || (!g->stopped && (g->failed || g->scores));
        }
        if (!all) break;
    }
    return k;
}

static int run_sim(int argc, char **argv)
{
    sim_opts o;
    int parsed = parse_sim(argc, argv, &o);
    if (parsed <= 0) return parsed < 0 ? 0 : 2;
    if (o.sweep) return sim_sweep(&o);
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    for (int side = 0; side < o.nsides; side++) {      /* what the command line names is there */
        int status = cli_check_game(vm, "grove sim", o.game, o.variants[side], o.players, &o.set);
        if (status) { vm_free(vm); return status; }
    }
    if (!o.players) {                                   /* the usual count, which both sides must take */
        if (!sim_default_players(vm, &o)) { vm_free(vm); return 1; }
        for (int side = 0; side < o.nsides; side++) {
            int status = cli_check_game(vm, "grove sim", o.game, o.variants[side], o.players, NULL);
            if (status) { vm_free(vm); return status; }
        }
    }
    /* a first game, to refuse bad names and counts before starting threads */
    for (int side = 0; side < o.nsides; side++) {
        char err[GAME_ERRLEN];
        game *g = game_open_with(vm, o.game, o.variants[side], o.players, o.seed, &o.set, err, sizeof err);
        if (!g) { fprintf(stderr, "grove sim: %s\n", err); vm_free(vm); return 1; }
        o.rules[side] = game_rules_print(g);
        bool read = game_options_values(g, false, &o.played[side]) && game_options_values(g, true, &o.changed[side]);
        if (!read) fprintf(stderr, "grove sim: %s\n", game_error(g));
        game_close(g);
        if (!read) { vm_free(vm); return 1; }
    }
    if (o.plot || o.records) sim_read_title(vm, &o);     /* records carry it for merge's plot */
    vm_free(vm);
    sim_sprt test;
    char why[256];
    if (o.sprt && !sim_sprt_parse(o.sprt, o.players, o.nsides == 2, &test, why, sizeof why)) {
        fprintf(stderr, "grove sim: %s\n", why);
        return 2;
    }
    sim_print_header(&o);
    fflush(stdout);                     /* before any error of the run on stderr */
    warn_if_unrepeatable(&o);

    sim_run runs[2];
    long allocated = o.n;               /* --sprt may count fewer games than it played */
    coverage *cov = o.coverage ? coverage_new() : NULL;
    double t0 = sim_now();
    int rc = 0;
    for (int side = 0; side < o.nsides; side++) {
        sim_run *r = &runs[side];
        memset(r, 0, sizeof *r);
        r->o = &o;
        r->side = side;
        r->records = o.json != NULL || o.records != NULL;
        r->keep_cards = o.sprt != NULL || o.records != NULL;
        r->cov = cov;
        pthread_mutex_init(&r->lock, NULL);
        r->games = calloc((size_t)o.n, sizeof *r->games);
        if (o.records) r->have = calloc((size_t)o.n, sizeof *r->have);
        if (!r->games || (o.records && !r->have)) { fprintf(stderr, "grove sim: out of memory\n"); rc = 1; }
    }
    /* the games of this shard (all of them without --shard), less those
       the records file holds already (--resume) */
    long lo = 0, hi = o.n, found = 0;
    sim_shard_range(&o, &lo, &hi);
    if (!rc && o.records && !sim_records_open(&o, runs, o.json != NULL, &found)) rc = 1;
    for (int side = 0; side < o.nsides; side++) runs[side].planned = (hi - lo) * o.nsides - found;
    /* every game, or batches until the sequential test decides */
    long played = lo, max = hi;
    bool interrupted = false, stop = rc != 0;
    while (!stop && played < max) {
        long to = max;
        if (o.sprt) {
            long batch = played / 4 > 4L * o.threads ? played / 4 : 4L * o.threads;
            if (batch < 2 * SIM_SPRT_MIN_GAMES) batch = 2 * SIM_SPRT_MIN_GAMES;
            if (batch > 5000) batch = 5000;
            to = played + batch < max ? played + batch : max;
        }
        for (int side = 0; side < o.nsides && !stop; side++) {
            runs[side].others_done = runs[1 - side].done * (o.nsides == 2);
            if (!sim_play(&runs[side], t0, played, to)) { rc = 1; stop = true; }
            else if (vm_cancelled()) interrupted = stop = true;   /* Ctrl-C (the REPL's, or ours) */
        }
        if (stop) break;
        if (o.sprt && sim_sprt_advance(&test, runs, played, to)) stop = true;
        played = to;
    }
    if (o.out && fclose(o.out) != 0 && !rc) {
        fprintf(stderr, "grove sim: cannot write %s: %s\n", o.records, strerror(errno));
        rc = 1;
    }
    sim_progress_clear();
    if (o.sprt && !rc && !interrupted) {
        o.n = test.decided ? test.games : played;
        for (int side = 0; side < o.nsides; side++) sim_recount_cards(&runs[side], o.n);
    }
    double seconds = sim_now() - t0;
    if (interrupted) {                  /* the games finished, as what they are */
        vm_cancel_clear();              /* the games are stopped; the report may use Lua (--coverage) */
        long done = runs[0].done + (o.nsides == 2 ? runs[1].done : 0) + found, total = (max - lo) * o.nsides;
        long k = o.nshards ? lo : finished_from(runs, o.nsides, lo, max);
        bool to_stdout = o.records && !strcmp(o.records, "-");
        if (o.nshards || k == lo) {
            fprintf(stderr, "grove sim: interrupted after %ld of %ld games; %s\n", done, total,
                    o.nshards ? "a shard's games are its records"
                    : o.nsides == 2 ? "no seed was played under both A and B yet, so there is nothing to compare"
                    : "no game finished, so no results");
        } else {
            o.n = k;
            for (int side = 0; side < o.nsides; side++) sim_recount_cards(&runs[side], o.n);
            printf("interrupted after %ld of %ld games: ", done, total);
            if (k * o.nsides == done) printf("the %ld finished game%s below\n", done, done == 1 ? "" : "s");
            else printf("below, the %ld of seeds %llu..%llu%s (%ld more, after a game left unfinished, are left "
                        "out)\n", k, (unsigned long long)o.seed, (unsigned long long)(o.seed + (uint64_t)k - 1),
                        o.nsides == 2 ? " on each side" : "", done - k * o.nsides);
            if (o.sprt) printf("--sprt had not decided\n");
            sim_report_failed(runs, o.nsides, 0, k);
            sim_report(runs, NULL, max, cov, seconds);
        }
        if (o.records)
            fprintf(stderr, "grove sim: the games that ended are in %s (--resume plays the rest)\n",
                    to_stdout ? "the records written to the standard output" : o.records);
        rc = 130;
    }
    bool complete = !rc && played >= (o.sprt ? o.n : max);    /* --sprt: o.n, the games it counted */
    if (complete && o.nshards) {        /* a part of a study: grove merge sums the parts up */
        long total = (hi - lo) * o.nsides, done = runs[0].done + (o.nsides == 2 ? runs[1].done : 0);
        printf("shard %d/%d: games %ld..%ld of %ld (seeds %llu..%llu)%s: %ld played", o.shard, o.nshards, lo, hi - 1,
               o.n, (unsigned long long)(o.seed + (uint64_t)lo), (unsigned long long)(o.seed + (uint64_t)hi - 1),
               o.nsides == 2 ? ", each under A and B" : "", done);
        if (o.resume) printf(", %ld already in %s", found, o.records);
        printf(" of %ld, in %.1f s\n  records in %s: grove merge FILES... prints the study's summary\n", total,
               seconds, o.records);
        rc = sim_report_failed(runs, o.nsides, lo, hi);
    } else if (complete) {
        if (o.resume && found) printf("  %ld games read from %s, %ld played\n", found, o.records,
                                      runs[0].done + (o.nsides == 2 ? runs[1].done : 0));
        rc = sim_report_failed(runs, o.nsides, lo, hi);
        rc |= sim_report(runs, o.sprt ? &test : NULL, max, cov, seconds);
    }
    coverage_free(cov);
    for (int side = 0; side < o.nsides; side++) {
        for (long i = 0; runs[side].games && i < allocated; i++) {
            sim_game *g = &runs[side].games[i];
            for (long m = 0; g->texts && m < g->moves; m++) free(g->texts[m]);
            free(g->texts);
            free(g->cards);
            free(g->scores);
            free(g->ranks);
        }
        free(runs[side].games);
        free(runs[side].have);
        free(runs[side].cards);
        pthread_mutex_destroy(&runs[side].lock);
    }
    return rc;
}

/* grove sim from the shell catches Ctrl-C and SIGTERM (cli_signals_catch);
 * at the REPL, the REPL's Ctrl-C stops it the same way. */
int cmd_sim(int argc, char **argv)
{
    bool caught = cli_signals_catch();
    int rc = run_sim(argc, argv);
    int sig = cli_signals_end();
    return caught && sig && rc == 130 ? 128 + sig : rc;
}

/* `grove sim`: its row of the table of subcommands (main.c). */
const cli_command command_sim = {
    .name = "sim",
    .synopsis =
        "  grove sim GAME -n N [--players P] [--variant A,B] [--bots KIND[,KIND...]] [--seed S]\n"
        "            [--threads T] [--json FILE] [--csv FILE] [--compare A B] [--coverage]\n"
        "            [--records FILE.jsonl [--shard I/N] [--resume]]\n"
        "            [--set NAME=VALUE]... [--sweep NAME=A,B,C]\n"
        "                          bot games in bulk: win rates, scores, lengths (see grove sim --help)\n",
    .usage = usage,
    .run = cmd_sim,
};
