/*
 * sim.h — what the files of `grove sim` share (private to repl/):
 *
 *   sim.c          the command line, and the run from start to finish
 *   sim_run.c      playing the games: threads, one VM each, bots, records
 *   sim_stats.c    the statistics of a run, its summary, and the A/B
 *                  comparison with its verdict
 *   sim_records.c  what is written: --json and --csv records, --plot
 *
 * Game i (0-based) is played from seed S + i with bots whose choices are
 * seeded from (S + i, move number), so every game, and the whole summary,
 * is the same whatever the number of threads.
 */
#ifndef GROVE_SIM_H
#define GROVE_SIM_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "coverage.h"

#define SIM_MAX_THREADS 64
#define SIM_MAX_KINDS 256

typedef struct {
    const char *game;
    int players;
    uint64_t seed;
    long n;
    int threads;
    long cap;                       /* moves before a game is cut short */
    char variants[2][GAME_MAX_VARIANTS];
    int nsides;                     /* 1, or 2 with --compare */
    char botnames[MAX_BOTS + 1][BOT_NAMELEN];
    bot_spec bots[MAX_BOTS + 1];
    const char *json, *csv;
    const char *plot;               /* --plot FILE.svg */
    char title[128];                /* the game's title, for the plot */
    bool coverage;
} sim_opts;

/* One played game. */
typedef struct {
    long moves, turns;
    bool capped, failed;
    char err[256];
    double *scores;                 /* [players] */
    int *ranks;                     /* [players] */
    char **texts;                   /* the moves as text (records only) */
    long kinds[SIM_MAX_KINDS];      /* moves played, by kind */
} sim_game;

typedef struct {
    const sim_opts *o;
    int side;                       /* which variant list */
    sim_game *games;
    char kind_names[SIM_MAX_KINDS][32];
    pthread_mutex_t lock;
    long next, done;                /* the next game to take; games finished */
    bool records;                   /* keep move texts */
    coverage *cov;                  /* merged line counts, or NULL */
    struct { char name[48]; long n; } *cards;   /* cards played (def.played), all games */
    int ncards, capcards;
    char fatal[GAME_ERRLEN];        /* a game that cannot even be opened */
} sim_run;

/* ---- playing (sim_run.c) ------------------------------------------------------- */

/* Play the n games of one side (one variant list) on o->threads threads;
 * false (said on stderr) when a game cannot even be opened. */
bool sim_play(sim_run *r, double t0);

/* Seconds on a monotonic clock. */
double sim_now(void);

/* ---- statistics (sim_stats.c) ----------------------------------------------------- */

/* The summary of one side's games. */
typedef struct {
    long games, capped, ties;
    double *wins;                   /* [players]: shared wins split */
    double *score_mean, (*score_q)[3];
    double len_mean, len_q[3], turn_mean, turn_q[3];
} summary;

void sim_summarize(const sim_run *r, summary *s);
void sim_free_summary(summary *s);
void sim_print_summary(const sim_run *r, const summary *s, double seconds);

/* The 95% Wilson interval of a proportion of n. */
void sim_wilson(double wins, long n, double *lo, double *hi);

/* The two sides compared game by game, with the verdict. */
void sim_compare(const sim_run *runs);

/* ---- records (sim_records.c) ------------------------------------------------------- */

bool sim_write_json(const sim_run *runs, int nsides, const char *path);
bool sim_write_csv(const sim_run *runs, int nsides, const char *path);
bool sim_write_plot(const sim_run *runs, const summary *sums, int nsides, const char *path);

#endif
