/*
 * duel.c — `grove duel GAME BOT_A BOT_B`: how often bot A beats bot B, on
 * paired games (pairs.c plays and scores them; this file reads
 * the command line and prints the result).
 *
 *   grove duel GAME BOT_A BOT_B [-n N] [--players P] [--variant A,B] [--set NAME=VALUE]...
 *              [--seed S] [--threads T] [--cap MOVES] [--sprt [POINTS]]
 *              [--records FILE.jsonl [--shard I/N] [--resume]]
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study.h"

static const char usage[] =
    "usage: grove duel GAME BOT_A BOT_B [-n N] [--players P] [--variant A,B] [--set NAME=VALUE]...\n"
    "                  [--seed S] [--threads T] [--cap MOVES] [--sprt [POINTS]]\n"
    "                  [--records FILE.jsonl [--shard I/N] [--resume]]\n"
    "  How often bot A beats bot B at GAME, on paired games: each seed is played with A in\n"
    "  each seat in turn and B in all the others (alone: A plays the seed, then B does), so\n"
    "  the luck of a seed and the edge of a seat weigh on both alike. A game scores for A\n"
    "  the share of B's seats it finishes ahead of, a tie counting half (alone: the better\n"
    "  rank, then the more points); A's score is the mean over the seeds, with a 95%\n"
    "  interval. Above 0.5, A is the stronger; 0.5, even.\n"
    "  A bot: random, greedy, mcts or mcts:PARAM,... (grove help bots). mcts:eval=NAME ends\n"
    "  its rollouts in evaluates.NAME(s) of the game's definition, mcts:eval=FILE.lua in the\n"
    "  function the file returns: two evaluations of one game, played against each other.\n"
    "  -n N            games in all (default 100), played as seeds of every arrangement\n"
    "                  (N / players seeds; alone, N / 2)\n"
    "  --sprt [POINTS] play until a sequential test decides whether A's score is above or\n"
    "                  below 0.5 by POINTS (default 5) or more, or within it (-n: the most\n"
    "                  games it may play, default 100000 seeds)\n"
    "  --players P, --variant A,B, --set NAME=VALUE, --seed S (seeds S, S+1 ...; default 1):\n"
    "                  as for grove sim (default: the game's usual player count)\n"
    "  --threads T     games played at once (default 1; the result is the same for any T);\n"
    "                  a bot's own threads: mcts:threads=T\n"
    "  --cap MOVES     a game still going after MOVES moves is cut short (default 100000)\n"
    "  --records FILE  each game as a line of JSON (JSON Lines), written as it ends;\n"
    "  --shard I/N     ... only the seeds of shard I of N (each in every arrangement);\n"
    "  --resume        ... only the games FILE lacks; grove merge FILES... then reports the\n"
    "                  shards as one duel\n"
    "  exit status 0; 1 when a game fails or does not open; 2 on a usage error\n";

/* Is s a number of points (--sprt POINTS), rather than the next argument? */
static bool points_of(const char *s, double *out)
{
    if (!s) return false;
    char *end;
    double v = strtod(s, &end);
    if (*end || end == s || !isfinite(v)) return false;
    *out = v;
    return true;
}

/* 1: read; 0: bad (said); -1: --help printed. */
static int parse_duel(int argc, char **argv, duel_opts *o)
{
    memset(o, 0, sizeof *o);
    o->who = "grove duel";
    o->seed = 1;
    o->threads = 1;
    o->cap = 100000;
    const char *bots[2] = { NULL, NULL };
    bool gave_n = false;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        double d;
        if (!strcmp(a, "-n") || !strcmp(a, "--games")) {
            if (!cli_parse_long(v, 1, 100000000, &n)) { fprintf(stderr, "grove duel: -n needs a number of games\n"); return 0; }
            o->games = n; gave_n = true; i++;
        } else if (!strcmp(a, "--players") || !strcmp(a, "-p")) {
            if (!cli_parse_long(v, 1, MAX_BOTS, &n)) { fprintf(stderr, "grove duel: --players needs a number 1..%d\n", MAX_BOTS); return 0; }
            o->players = (int)n; i++;
        } else if (!strcmp(a, "--seed") || !strcmp(a, "-s")) {
            if (!cli_parse_long(v, 0, 0x7fffffffffffffffL, &n)) { fprintf(stderr, "grove duel: --seed needs an integer 0..%ld\n", 0x7fffffffffffffffL); return 0; }
            o->seed = (uint64_t)n; i++;
        } else if (!strcmp(a, "--threads") || !strcmp(a, "-t")) {
            if (!cli_parse_long(v, 1, SIM_MAX_THREADS, &n)) { fprintf(stderr, "grove duel: --threads needs 1..%d\n", SIM_MAX_THREADS); return 0; }
            o->threads = (int)n; i++;
        } else if (!strcmp(a, "--cap")) {
            if (!cli_parse_long(v, 1, 100000000, &n)) { fprintf(stderr, "grove duel: --cap needs a number of moves\n"); return 0; }
            o->cap = n; i++;
        } else if (!strcmp(a, "--variant") || !strcmp(a, "--variants")) {
            if (!v) { fprintf(stderr, "grove duel: --variant needs names\n"); return 0; }
            snprintf(o->variants, sizeof o->variants, "%s", v); i++;
        } else if (!strcmp(a, "--set")) {
            char why[GAME_ERRLEN];
            if (!v) { fprintf(stderr, "grove duel: --set needs NAME=VALUE (grove list --options GAME lists them)\n"); return 0; }
            if (!game_settings_add(&o->set, v, why, sizeof why)) { fprintf(stderr, "grove duel: %s\n", why); return 0; }
            i++;
        } else if (!strcmp(a, "--sprt")) {
            o->sprt = 0.05;
            if (points_of(v, &d)) {
                if (!(d > 0 && d < 50)) { fprintf(stderr, "grove duel: --sprt POINTS: a difference in A's score of more than 0 and less than 50 points, not %s\n", v); return 0; }
                o->sprt = d / 100;
                i++;
            }
        } else if (!strcmp(a, "--records")) {
            if (!v) { fprintf(stderr, "grove duel: --records needs a file (FILE.jsonl)\n"); return 0; }
            if (!strcmp(v, "-")) {
                fprintf(stderr, "grove duel: --records -: the standard output carries the duel's result; name a file "
                        "(FILE.jsonl)\n");
                return 0;
            }
            o->records = v; i++;
        } else if (!strcmp(a, "--shard")) {
            if (!sim_shard_parse("grove duel", v, &o->shard, &o->nshards)) return 0;
            i++;
        } else if (!strcmp(a, "--resume")) {
            o->resume = true;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            return -1;
        } else if (a[0] == '-') {
            fprintf(stderr, "grove duel: unknown option '%s'\n%s", a, usage);
            return 0;
        } else if (!o->game) {
            o->game = a;
        } else if (!bots[0]) {
            bots[0] = a;
        } else if (!bots[1]) {
            bots[1] = a;
        } else {
            fprintf(stderr, "grove duel: unexpected argument '%s' (a duel is of two bots: GAME BOT_A BOT_B)\n%s", a, usage);
            return 0;
        }
    }
    if (!bots[1]) {
        fprintf(stderr, "grove duel: %s: grove duel GAME BOT_A BOT_B (grove duel --help)\n",
                !o->game ? "name the game and the two bots" : !bots[0] ? "name the two bots" : "name bot B too");
        return 0;
    }
    if (!gave_n && !o->sprt) o->games = 100;
    const char *refusal = NULL;
    if ((o->nshards || o->resume) && !o->records)
        refusal = o->nshards ? "--shard writes its games to --records FILE: give one" : "--resume needs --records FILE";
    else if (o->records && o->sprt)
        refusal = "--sprt stops when its test decides, reading the seeds in order, so it cannot be split or "
                  "resumed: run it whole";
    if (refusal) { fprintf(stderr, "grove duel: %s\n", refusal); return 0; }
    for (int side = 0; side < 2; side++) {
        char why[300];
        bot_spec *spec = side ? &o->b : &o->a;
        if (!bot_parse(bots[side], spec, why, sizeof why)) {
            fprintf(stderr, "grove duel: bot %c: %s\n", side ? 'B' : 'A', why);
            return 0;
        }
        bot_name(spec, side ? o->bname : o->aname, BOT_NAMELEN);
    }
    if (o->games && o->seed > (uint64_t)0x7fffffffffffffffL - (uint64_t)o->games) {
        fprintf(stderr, "grove duel: the seeds %llu.. of %ld games go past %ld, the largest seed: give a smaller "
                "--seed\n", (unsigned long long)o->seed, o->games, 0x7fffffffffffffffL);
        return 0;
    }
    return 1;
}

static int cmd_duel(int argc, char **argv)
{
    duel_opts o;
    int parsed = parse_duel(argc, argv, &o);
    if (parsed <= 0) return parsed < 0 ? 0 : 2;
    duel_result res;
    int rc = duel_play(&o, &res);
    if (!res.complete) return rc;           /* refused, interrupted, or a records file not written: said */
    if (res.complete && o.nshards) {
        duel_print_header(&o, res.lo, res.hi);
        printf("  shard %d/%d: seeds %llu..%llu of the duel's %ld: %ld games played", o.shard, o.nshards,
               (unsigned long long)(o.seed + (uint64_t)res.lo), (unsigned long long)(o.seed + (uint64_t)res.hi - 1),
               o.seeds, res.played);
        if (res.found) printf(", %ld already in %s", res.found, o.records);
        printf(", in %.1f s\n  records in %s: grove merge FILES... prints the duel's result\n", res.seconds, o.records);
        return rc;
    }
    duel_print_header(&o, res.lo, res.hi);
    duel_print(&o, &res);
    return rc;
}

/* `grove duel`: its row of the table of subcommands (main.c). */
const cli_command command_duel = {
    .name = "duel",
    .synopsis =
        "  grove duel GAME BOT_A BOT_B [-n N] [--players P] [--variant A,B] [--set NAME=VALUE]...\n"
        "            [--seed S] [--threads T] [--sprt [POINTS]] [--records FILE.jsonl [--shard I/N]]\n"
        "                          bot A against bot B on paired games, every seat in turn:\n"
        "                          A's score with a 95% interval (see grove duel --help)\n",
    .usage = usage,
    .run = cmd_duel,
};
