/*
 * check.h — `grove check`: every check of a rule script that needs no
 * knowledge of its rules, run over random games.
 *
 * Each game is played from its seed with uniformly random moves, in a
 * fresh VM. At every position the checker
 *   - reads every legal move's text: one line that fits a save file, not
 *     a number and not a REPL command, unique in the list, parsed back to
 *     the same move; a few refused texts must leave the state as it was;
 *   - applies every legal move (and puts the state back): none may fail;
 *   - when some card zone hides faces from some seat, re-deals for every
 *     seat and the onlooker what that viewer cannot see: its render and,
 *     when it is to move, its legal moves must not change, and moves of
 *     other seats whose outcomes it cannot tell apart must read the same
 *     to it;
 *   - checks that reading hooks (describe, parse, render, actor, result)
 *     change nothing;
 * and after the move it plays, calls invariants(s) and checks that undo
 * and redo give back the identical states. At the end: the result names a
 * rank for every seat, the game saves and loads to the same state (also
 * from halfway), and its move texts replay to the same states in a new
 * game. Then the game is played again in a second fresh VM whose `pairs`
 * visits string keys in another order (vm_reorder_pairs): every state,
 * move list and move text must be the same. The moves are counted by kind,
 * the catalog's entries (def.catalog) by how often they were seen and
 * played, for the "never used" report.
 *
 * A failure stops the run and says what failed at which seed, move and
 * move text, and where it can, the script line to fix: the pairs loop
 * whose order matters (each tried alone), the line that changes a Lua
 * value outside the host's components, the hook that misbehaves.
 */
#ifndef GROVE_CHECK_H
#define GROVE_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bots.h"
#include "game.h"

#define CHECK_MAX_NAMES 256        /* kinds, catalog names counted per run */
#define CHECK_NAME_LEN 64

typedef struct {
    const char *game;              /* the game's name */
    const char *variants;          /* comma-separated, "" for none */
    int players;
    uint64_t seed;                 /* game k (0-based) starts from seed + k */
    int games;                     /* how many games */
    long max_moves;                /* a game still going after this many moves fails */
    /* Would the REPL read this move text as something else (one of its
     * commands)? Then write how into why. NULL: nothing is. */
    bool (*shadowed)(const char *text, char *why, size_t len);
    const game_settings *set;      /* the game's options (--set); NULL: the defaults */
} check_opts;

/* A name (a move kind, a catalog entry) and how often it was met. */
typedef struct {
    char name[CHECK_NAME_LEN];
    long offered;                  /* kinds: legal in a position; catalog: seen by some seat */
    long played;                   /* kinds: played; catalog: named by played(s, move) */
} check_count;

/* What a run did. */
typedef struct {
    int games;                     /* games played to their end */
    long moves;                    /* moves played */
    long tried;                    /* legal moves applied from the positions they are legal in */
    long texts;                    /* move texts read back */
    long redeals;                  /* re-deals of what a viewer cannot see, compared */
    long invariants;               /* calls of invariants(s); 0 when the game has none */
    bool has_invariants;
    bool hidden;                   /* does some zone hide card faces from some seat? */
    bool has_played;               /* does the game say what a move plays (played(s, move))? */
    int nkinds;                    /* the move kinds (def.kinds, else the numbers met) */
    check_count kinds[CHECK_MAX_NAMES];
    char catalog_what[CHECK_NAME_LEN];   /* def.catalog.what ("cards"); "" for no catalog */
    int ncatalog;                  /* the catalog's distinct names */
    check_count catalog[CHECK_MAX_NAMES];
} check_stats;

/* The first failure. */
typedef struct {
    char check[32];                /* which check: "determinism", "undo", "move texts" ... */
    uint64_t seed;                 /* the game's seed */
    int move;                      /* the move's number (1 = the first); 0: at setup */
    int seat;                      /* the seat making it (0: none) */
    char text[256];                /* its text ("" at setup) */
    char what[GAME_ERRLEN + 1024]; /* what failed and where to fix it: lines, no final newline */
} check_failure;

/* Check `o->games` games of o->game. Fresh VMs are made like `proto` (its
 * data folder and search path). Counts go to *stats (zeroed first). True
 * when every check passes; false with *fail filled in. */
bool check_run(grove_vm *proto, const check_opts *o, check_stats *stats, check_failure *fail);

/* ---- grove check --bots (botcheck.c) ------------------------------------------------- */

/* What the reference was sized by: CPU seconds a decision, the bot's and
 * a probe's (rollouts to the end, probe_iterations iterations), the mean
 * over `positions` positions of a random game. */
typedef struct {
    double bot_cpu, probe_cpu;
    long probe_iterations;
    int positions;
    bool evaluate;                 /* does the bot read an evaluate (the game's, or its eval=)? */
    bool learned;                  /* ... the one grove learn wrote (the game gives none) */
    char evaluates[200];           /* the names in the definition's evaluates ("a, b"; "": none) */
} botcheck_calibration;

/* The reference to check bot `spec` against in o's setting (o->game,
 * variants, players, seed, set): MCTS with rollouts to the end, which reads
 * no evaluate, its iterations sized so that a decision takes about the CPU
 * time one of spec's takes (timed on positions of a random game from
 * o->seed), rounded up to 10, 15, 20, 30, 50, 70, 100 ...; spec's other
 * parameters kept. Into *ref and *cal; false with err (the game does not
 * open, a rule fails). */
bool botcheck_reference(grove_vm *vm, const check_opts *o, const bot_spec *spec, bot_spec *ref,
                        botcheck_calibration *cal, char *err, size_t errlen);

#endif
