/*
 * study.h — what the files of `grove sim`, `grove duel`, `grove learn` and `grove merge` share (private to repl/study/):
 *
 * Each file calls only the files listed after it, so calls point one way:
 *
 *   sim.c          grove sim's command line, and the run from start to finish
 *   duel.c         grove duel's command line and what it prints
 *   learn.c        grove learn: rounds of bot games, each seat's features
 *                  at positions of them (host/engine/learned.h), the ridge
 *                  fit (liblinear), the model written as a Lua table
 *   merge.c        grove merge: the shards' records read back as one run
 *   sweep.c        --sweep NAME=A,B,C: a study per value, and their table
 *   pairs.c        two bots on paired games (grove duel, grove check --bots,
 *                  and grove merge of a duel's records)
 *   report.c       what a finished study prints and writes (sim, sweep and
 *                  merge alike), its header line, the game's title and
 *                  usual player count
 *   games.c        playing the games: threads, one VM each, bots; each game
 *                  recorded (shard.c) as it ends
 *   shard.c        --records (JSON Lines, a line per game as it ends),
 *                  --shard I/N, --resume, and reading records back
 *   records.c      what is written: --json and --csv records, --plot
 *   sprt.c         --sprt: play until a sequential test decides a measure
 *   stats.c        the statistics of a run, its summary, and the A/B
 *                  comparison with its verdict
 *   plot.c         the SVG pictures of --plot
 *
 * JSON is written and read with the host's one writer and reader
 * (host/core/json.h).
 *
 * Game i (0-based) is played from seed S + i with bots whose choices are
 * seeded from (S + i, move number), so every game, and the whole summary,
 * is the same whatever the number of threads.
 */
#ifndef GROVE_STUDY_H
#define GROVE_STUDY_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "coverage.h"
#include "json.h"

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
    game_settings set;              /* --set NAME=VALUE, for both sides */
    game_settings played[2];        /* every option's value each side plays with (records) */
    game_settings changed[2];       /* the options each side plays away from their defaults: part of
                                       the study a --records line names (none: every default) */
    const char *sweep;              /* --sweep NAME=A,B,C, or NULL (sweep.c) */
    const char *sprt;               /* --sprt MEASURE[:DELTA], or NULL */
    const char *records;            /* --records FILE: JSON Lines, or NULL */
    int shard, nshards;             /* --shard I/N (1-based); 0/0 for the whole study */
    bool resume;                    /* --resume: play only the games the records lack */
    uint64_t rules[2];              /* each side's rules fingerprint (game_rules_print) */
    FILE *out;                      /* the records file being written, or NULL */
    const char *record_extra;       /* a member ended each --records line with ("\"duel\": {...}"), or NULL */
} sim_opts;

/* One played game. */
typedef struct {
    long moves, turns;
    bool capped, failed;
    bool stopped;                   /* Ctrl-C ended it before its end: neither played nor failed, not recorded */
    char err[256];
    double *scores;                 /* [players] */
    int *ranks;                     /* [players] */
    char **texts;                   /* the moves as text (records only) */
    long kinds[SIM_MAX_KINDS];      /* moves played, by kind */
    int *cards;                     /* the cards played, as indices into sim_run.cards (keep_cards only) */
    long ncards;
} sim_game;

typedef struct {
    const sim_opts *o;
    int side;                       /* which variant list */
    sim_game *games;
    char kind_names[SIM_MAX_KINDS][32];
    pthread_mutex_t lock;
    long next, end, done;           /* the next game to take, the end of this call's games; games finished */
    long others_done;               /* the other side's games finished, for the progress bar */
    long planned;                   /* the games this run plays, both sides (progress bar); 0: o->n for each */
    bool records;                   /* keep move texts */
    coverage *cov;                  /* merged line counts, or NULL */
    struct { char name[48]; long n; } *cards;   /* cards played (def.played), all games */
    int ncards, capcards;
    bool keep_cards;                /* keep each game's cards too (--sprt drops games: sim_recount_cards) */
    char fatal[GAME_ERRLEN];        /* a game that cannot even be opened */
    bool *have;                     /* [n]: games already in the records file (--resume), or NULL */
} sim_run;

/* ---- playing (games.c) ------------------------------------------------------- */

/* Play games [from, to) of one side (one variant list) on o->threads
 * threads; false (said on stderr) when a game cannot even be opened. */
bool sim_play(sim_run *r, double t0, long from, long to);

/* Count the cards of games [0, n) only, from each game's own list. */
void sim_recount_cards(sim_run *r, long n);

/* Clear the progress bar from the terminal (a run that stops early). */
void sim_progress_clear(void);

/* Does a game of side `side` play the same in two fresh Lua states? Its
 * first game (seed o->seed) is played with random moves in one whose
 * pairs visits string keys sorted and followed in one where it visits
 * them reverse sorted (vm_reorder_pairs: the order Lua draws anew in
 * every run), up to o->cap moves: one game's worth of work. True when
 * they agree (or Ctrl-C stopped it); false with what differs, and the
 * lines where pairs met string keys, in why. */
bool sim_same_twice(const sim_opts *o, int side, char *why, size_t len);

/* Seconds on a monotonic clock. */
double sim_now(void);

/* ---- statistics (stats.c) ----------------------------------------------------- */

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

/* The two-sided p of Student's t with df degrees of freedom, and the t
 * whose two-sided p is p. */
double sim_t_p(double t, double df);
double sim_t_crit(double p, double df);

/* Holm's step-down adjustment of m p-values (Holm-Bonferroni): a family
 * of tests each called significant when adjusted[k] < alpha makes any
 * false "significant" at most as likely as alpha, whatever the tests'
 * dependence. */
void sim_holm(const double *p, double *adjusted, int m);

/* What is compared: a seat's win share (1, 1/k in a k-way tie, 0), the
 * length in moves, a seat's score. */
typedef enum { MEASURE_WIN, MEASURE_LENGTH, MEASURE_SCORE } sim_measure_kind;
typedef double (*sim_measure)(const sim_game *g, int players, int seat);
double sim_win_share(const sim_game *g, int players, int seat);

/* The function of a kind, and whether it counts only games not cut short. */
bool sim_measure_of(sim_measure_kind kind, sim_measure *f, bool *decided_only);

/* Running sums of pairs (x under A, y under B): means and co-moments. */
typedef struct { long n; double mx, my, sxx, syy, sxy; } sim_pair_sums;
void sim_pair_add(sim_pair_sums *s, double x, double y);
double sim_pair_var(const sim_pair_sums *s);    /* of y - x */

/* The pairs of measure f (of seat, 0-based) over games [0, n) that both
 * sides finished (and, if decided_only, neither cut short). */
void sim_paired(const sim_run *runs, long n, sim_measure f, int seat, bool decided_only, sim_pair_sums *out);

/* The two sides compared game by game, every measure with its p-value,
 * Holm-adjusted over all of them, and the correlation of the pairs; the
 * verdict, unless the games were stopped by a sequential test. */
void sim_compare(const sim_run *runs, bool sequential);

/* ---- the sequential test (sprt.c) ------------------------------------------------ */

#define SIM_SPRT_MIN_GAMES 30       /* games counted before the test may decide */
#define SIM_SPRT_MAX_GAMES 100000   /* the most --sprt plays when -n does not say */
#define SIM_SPRT_ALPHA 0.05         /* a false "changed" at most this often ... */
#define SIM_SPRT_BETA 0.05          /* ... a change of DELTA missed at most this often */

typedef struct {
    sim_measure_kind kind;
    int seat;                       /* 0-based */
    char what[32];                  /* "seat 1 win rate" */
    double delta;                   /* the change that matters (a win rate as a fraction) */
    bool compare;                   /* B - A; else a win share against 1/players */
    int players;
    double lower, upper;            /* the LLR bounds of each one-sided test */
    sim_pair_sums sums;             /* the games counted so far */
    double llr_up, llr_down;
    int up, down;                   /* each side: 0 going, 1 its change accepted, -1 none */
    int decided;                    /* 0 not yet, 1 higher, -1 lower, 2 no change */
    long games;                     /* games played up to the decision (or so far) */
} sim_sprt;

/* Read "--sprt MEASURE[:DELTA]" (first, winN, scoreN, length) for a game
 * of `players`; false with a message in err. */
bool sim_sprt_parse(const char *text, int players, bool compare, sim_sprt *t, char *err, size_t errlen);

/* The LLR bounds of t's one-sided tests, from SIM_SPRT_ALPHA and _BETA
 * (for a test set up by hand: t zeroed, delta set). */
void sim_sprt_bounds(sim_sprt *t);

/* One pair more (x under A, y under B; alone x is the value tested
 * against) into the test: t->decided, 0 while it goes on. */
int sim_sprt_add(sim_sprt *t, double x, double y);

/* "LLR up +1.23, down -4.56" on stdout. */
void sim_sprt_print_llr(const sim_sprt *t);

/* Take games [from, to) into the test, in seed order; the number of games
 * up to and including the one at which it decided, or 0 if it has not. */
long sim_sprt_advance(sim_sprt *t, const sim_run *runs, long from, long to);

/* The test and its verdict; max_games: the most the run could play. */
void sim_sprt_print(const sim_sprt *t, long max_games);

/* ---- records (records.c) ------------------------------------------------------- */

bool sim_write_json(const sim_run *runs, int nsides, const char *path);

/* A JSON string as grove sim writes them (json.h's JSON_PLAIN: in valid
 * UTF-8, a byte that is not part of a character written as U+FFFD);
 * options as an object ({"winning_score": 5}); game i of r as one record
 * of --json (what grove replay plays again). */
void sim_json_string(FILE *f, const char *s);
void sim_json_options(FILE *f, const game_settings *set);
void sim_json_game(FILE *f, const sim_run *r, long i);
bool sim_write_csv(const sim_run *runs, int nsides, const char *path);
bool sim_write_plot(const sim_run *runs, const summary *sums, int nsides, const char *path);

/* ---- reporting a run (report.c) ------------------------------------------------------- */

/* Say the failed games among runs' games [lo, hi) on stderr; 1 if any, else 0. */
int sim_report_failed(const sim_run *runs, int nsides, long lo, long hi);

/* Everything a run prints and writes once its games are all there: the
 * summaries, the comparison, the sequential test (test, or NULL), the
 * coverage (cov, or NULL), then --json, --csv and --plot; 0, or 1 when a
 * file could not be written. */
int sim_report(sim_run *runs, const sim_sprt *test, long max_games, coverage *cov, double seconds);

/* The study's first line: "logger, 2 players, 100 games (seeds 1..100), bots ..." */
void sim_print_header(const sim_opts *o);

/* The game's usual player count (as the variant lists allow it) into
 * o->players; false, said, when the game or a variant does not load. */
bool sim_default_players(grove_vm *vm, sim_opts *o);

/* The game's title into o->title ("Once Upon a Forest"; its name if none). */
void sim_read_title(grove_vm *vm, sim_opts *o);

/* ---- sweeps (sweep.c) ------------------------------------------------------------------ */

/* grove sim GAME --sweep NAME=A,B,C (o->sweep): every value checked, then
 * one study per value on the same seeds, their table, --json and --plot;
 * the exit status (2 for a bad --sweep). */
int sim_sweep(sim_opts *o);

/* ---- JSON Lines records and shards (shard.c) --------------------------------------------- */

/* Write game i of r as one line of o->out, flushed at once, so a worker
 * killed later loses only the games it had not finished (called by the
 * thread that played it; a failed write stops the run through r->fatal). */
void sim_record_game(sim_run *r, long i);

/* The games [*lo, *hi) of o's shard (the whole study when o->nshards is 0). */
void sim_shard_range(const sim_opts *o, long *lo, long *hi);

/* --shard I/N read into *shard and *nshards; false, said on stderr after
 * `who` ("grove sim"), when v is not shard I (1 to N) of N. */
bool sim_shard_parse(const char *who, const char *v, int *shard, int *nshards);

/* Open o->records for this run into o->out: a new file, or with --resume
 * the games it holds read into runs (marked in runs[side].have; move texts
 * kept when keep_texts), a cut-short last line dropped and said; refuses
 * (false, said) a file of another study or shard, or an existing file
 * without --resume. *found: the games it held. */
bool sim_records_open(sim_opts *o, sim_run *runs, bool keep_texts, long *found);

/* The parts of sim_records_open, for a study that reads its records back
 * its own way (pairs.c), `who` naming the command in what is said:
 * refuse (false, said) a records path that is no regular file, or one that
 * exists, not empty, without --resume (*exists: whether it is there); open
 * o->records into o->out, appended to or made empty. */
bool sim_records_target(const sim_opts *o, const char *who, bool *exists);
bool sim_records_create(sim_opts *o, const char *who, bool append);

/* ---- reading records back (shard.c), for --resume and merge.c -------------------------- */

/* What identifies a study: two records belong together when all of it is equal. */
typedef struct {
    char game[64], title[128];
    int players, nsides;
    uint64_t seed;
    long n, cap;
    char variants[2][GAME_MAX_VARIANTS];
    char bots[MAX_BOTS + 1][BOT_NAMELEN];
    uint64_t rules[2];
    game_settings options[2];       /* each side's options away from their defaults */
} sim_study;

/* The longest line a records file may hold: a record of the default cap's
 * 100,000 moves of the longest text fits; grove sim refuses to write a
 * longer one (a smaller --cap), merge and --resume to read one. */
#define SIM_RECORD_MAX_BYTES (64 << 20)

/* One records file, read line by line (sim_records_read to open it). */
typedef struct {
    const char *path;
    int fd;
    char *line;                     /* the line read, without its newline, NUL-terminated */
    size_t len, cap;                /* its length; the bytes allocated */
    long lineno;
    long long good_end;             /* the offset after the last whole line */
    char chunk[16384];              /* read ahead: chunk[at, have) not taken yet */
    size_t at, have;
    bool eof;
} sim_records_file;

/* Open path for reading into rf: a regular file (followed through a
 * symbolic link), not a folder, a pipe or a device, which would be read
 * for ever or never (refused, said in err, naming the file). */
bool sim_records_read(sim_records_file *rf, const char *path, char *err, size_t errlen);

/* The next whole line into rf->line (0), or the end (1), or a last line
 * cut short (2: rf->good_end is where the whole lines end), or -1 with the
 * reason in err, naming the file (and the line): a read error, a line
 * longer than SIM_RECORD_MAX_BYTES, a NUL byte in a line. */
int sim_records_next(sim_records_file *rf, char *err, size_t errlen);

/* Close the file and free the line. */
void sim_records_close(sim_records_file *rf);

/* The cards counted so far by name, for reading records back (an open
 * hash table over sim_run.cards, one per side): {0} to start. */
typedef struct {
    int *slots;                     /* [nslots]: 1 + the card's index in sim_run.cards, or 0 */
    size_t nslots;
    int indexed;                    /* cards [0, indexed) are in it */
} sim_card_index;
void sim_card_index_free(sim_card_index *x);

/* The study of a record; false with the field at fault in err. */
bool sim_study_of_json(const json_node *j, sim_study *s, char *err, size_t errlen);

/* The first way a differs from b, as "what: A (in where_a), B (in where_b)";
 * "" when they are the same study. *rules is set when only the rules differ. */
/* The study o plays, as its records carry it. */
void sim_study_of_opts(const sim_opts *o, sim_study *s);

void sim_study_diff(const sim_study *a, const sim_study *b, const char *where_a, const char *where_b, char *out,
                    size_t len, bool *rules);

/* The integer member `key` of obj into *out; false when it is missing, no
 * integer, or outside [lo, hi]. */
bool sim_json_long(const json_node *obj, const char *key, long lo, long hi, long *out);

/* Fill the game of record j into runs (its study already checked), move
 * texts too when keep_texts, its cards counted through cards[its side]:
 * its side and index in *side, *index; false with err, naming the field
 * (a rank is 1 to the players, a score a finite number, the counts of
 * kinds and cards at most the moves the game tried). */
bool sim_read_game(const json_node *j, sim_run *runs, sim_card_index cards[2], bool keep_texts, int *side, long *index,
                   char *err, size_t errlen);

/* ---- duels (pairs.c): bot A against bot B on paired games ------------------------------------ */

#define DUEL_MAX_ORDERS MAX_BOTS    /* arrangements of a duel: A in each seat (alone: A, then B) */

typedef struct {
    const char *who;                /* what messages start with: "grove duel", "grove check" */
    const char *game;
    char variants[GAME_MAX_VARIANTS];
    int players;                    /* 0: the game's usual count (written back) */
    uint64_t seed;
    long games;                     /* -n: games in all, played as seeds of every arrangement (rounded up) */
    long seeds;                     /* the seeds (0: from games; written back) */
    int threads;
    long cap;                       /* moves before a game is cut short */
    game_settings set;
    bot_spec a, b;
    char aname[BOT_NAMELEN], bname[BOT_NAMELEN];
    double sprt;                    /* --sprt: the difference in A's score that matters (0.05); 0: no test */
    const char *records;            /* --records FILE.jsonl, or NULL */
    int shard, nshards;             /* --shard I/N; 0/0 for the whole duel */
    bool resume;
} duel_opts;

typedef struct {
    int orders;                     /* the arrangements: the players, or 2 alone */
    long lo, hi;                    /* the seeds of this run: indices [lo, hi) (a shard's) */
    long counted;                   /* seeds [lo, counted) counted (--sprt: up to its decision) */
    long seeds;                     /* of those, seeds with a score */
    double mean, low, high;         /* A's score and its 95% interval */
    long ahead, behind, split;      /* seeds A scored 1 on, 0 on, anything between */
    double order_mean[DUEL_MAX_ORDERS];     /* A's share of the games with A in seat k + 1 ... */
    long order_games[DUEL_MAX_ORDERS];      /* ... over that many games */
    double points[2];               /* A's and B's mean points a game */
    long games, failed, capped;     /* the games of the seeds counted; failed; cut short */
    long dropped;                   /* seeds with no score (a game failed, or every one cut short) */
    long played, found;             /* games played by this run; read from --records (--resume) */
    double seconds, cpu;            /* the clock's, and the CPU time of every thread */
    bool complete;                  /* every game asked for was played (no Ctrl-C, no fatal error) */
    bool sequential;                /* --sprt: the test, its verdict in test.decided */
    sim_sprt test;
} duel_result;

/* The arrangements of a duel of `players`; "A in seat 2" ("A alone",
 * "B alone") of arrangement k (0-based). */
int duel_orders(int players);
void duel_order_text(int players, int k, char *out, size_t len);

/* Play the duel o asks for (o->players, o->seeds written back), its
 * records written as its games end; the result of the seeds played (up to
 * the test's decision) into res. The exit status: 0; 1 when the game does
 * not open, an eval= names nothing, a game failed (said on stderr, res
 * still filled from the rest) or a records file cannot be written; 2 for
 * too many players; 130 on Ctrl-C (no result). */
int duel_play(duel_opts *o, duel_result *res);

/* What grove duel prints: the header (the game, the bots, the seeds
 * [lo, hi)), then the result and its verdict. */
void duel_print_header(const duel_opts *o, long lo, long hi);
void duel_print(const duel_opts *o, const duel_result *res);

/* Does the records file at path hold a duel's records (its first line)?
 * grove merge FILES: the duel's records read back and reported; the exit
 * status. */
bool duel_records(const char *path);
int duel_merge(const char **files, int nfiles);

/* ---- the commands (sim.c, merge.c) ------------------------------------------------------- */

/* grove sim, and `sim` at the REPL (argv[1] is "sim"): the exit status. */
int cmd_sim(int argc, char **argv);

/* grove merge FILES... (argv[1] is "merge"): the exit status. */
int cmd_merge(int argc, char **argv);

#endif
