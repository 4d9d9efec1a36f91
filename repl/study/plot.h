/*
 * plot.h — `grove sim --plot FILE.svg`: the sim's results drawn as one
 * self-contained SVG 1.1 file (no script, no external font or file).
 *
 * Three panels: the win rate of each seat with its 95% interval, the
 * distribution of each seat's score (a box plot), and a histogram of game
 * lengths in moves. With two runs (sim --compare A B) every panel shows A
 * and B side by side in two colours, with a legend.
 *
 * The sim computes every statistic (so the picture and the text agree to
 * the digit); this module only lays them out. The same data gives the same
 * file byte for byte: nothing depends on the clock, the machine's locale
 * or the number of threads.
 */
#ifndef GROVE_PLOT_H
#define GROVE_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One seat in one run. */
typedef struct {
    double wins;                /* games won; a win shared by k seats counts 1/k */
    double rate, lo, hi;        /* wins / decided games and its 95% interval, 0..1 */
    long scored;                /* games that give this seat a score (ended, not cut short) */
    double mean, q[3];          /* score: mean, q1, median, q3 (as the sim prints them) */
    double min, max;            /* score: lowest and highest */
} plot_seat;

/* One run of games (one variant list). */
typedef struct {
    const char *variants;       /* "" for none */
    long games;                 /* games played to the end or cut short (failed ones left out) */
    long decided;               /* of those, not cut short */
    long ties;                  /* games with a shared win */
    long capped;                /* games cut short */
    const plot_seat *seats;     /* [players] */
    const long *lengths;        /* [games]: moves in each game */
} plot_run;

/* Everything drawn; the caller owns every pointer. */
typedef struct {
    const char *game;           /* the game's name, "logger" */
    const char *title;          /* its title, "Logger" (NULL: the name) */
    int players;
    const char *const *bots;    /* [players]: each seat's bot, "mcts:30" */
    long n;                     /* games asked for in each run */
    uint64_t seed;              /* game i was played from seed + i */
    long cap;                   /* moves before a game is cut short */
    int nruns;                  /* 1, or 2 for a comparison (runs[0] is A) */
    plot_run runs[2];
} plot_data;

/* The SVG document, NUL-terminated and malloc'ed (the caller frees it);
 * NULL when out of memory. */
char *plot_svg(const plot_data *d);

/* Write plot_svg(d) to path atomically: a temporary file beside it, then a
 * rename, so path holds either its old contents or the whole new plot.
 * Returns false with a message for a person in err. */
bool plot_write(const plot_data *d, const char *path, char *err, size_t errlen);

/* ---- grove sim --sweep NAME=A,B,C --plot FILE.svg ------------------------------------ */

/* One seat in one study of a sweep. */
typedef struct {
    double wins, rate, lo, hi;      /* as plot_seat */
    double mean, mean_lo, mean_hi;  /* its mean score and that mean's 95% interval */
} plot_sweep_seat;

/* One value's study. */
typedef struct {
    const char *value;              /* as the table shows it: "5", "0.5", "easy" */
    int players;
    long games, decided, ties, capped;
    double first, first_lo, first_hi;   /* seat 1's win rate less an even share (fractions), and its interval */
    double len_mean, len_lo, len_hi;    /* the mean length in moves and its 95% interval */
    const plot_sweep_seat *seats;   /* [players] */
} plot_sweep_row;

typedef struct {
    const char *game, *title;       /* as plot_data */
    const char *name;               /* what is swept: an option's name, or "players" */
    const char *bots;               /* "random random" */
    const char *variants, *options; /* "" for none; the other options set, "movement=3" */
    long n;                         /* games per value */
    uint64_t seed;
    long cap;
    int nrows;
    const plot_sweep_row *rows;     /* [nrows], in the order given */
} plot_sweep_data;

/* The picture of a sweep, each measure against the value (one panel each:
 * win rate per seat, the first seat's edge, mean length, mean score per
 * seat, shared wins and games cut short), with every interval the table
 * prints. Values that are all numbers are placed to scale, others evenly.
 * As plot_svg and plot_write. */
char *plot_sweep_svg(const plot_sweep_data *d);
bool plot_sweep_write(const plot_sweep_data *d, const char *path, char *err, size_t errlen);

#endif
