/*
 * game.h — the move executor: one game of a rule script, its state, its
 * legal moves, its history, and transactions around every script call.
 *
 * The rule-script contract: the script returns a definition table with
 *   name, title, players = {min =, max =}, [variants], [options]
 *   setup(s, options)      declare components, deal, place
 *   actor(s) -> seat       who decides next
 *   moves(s, out)          out:add(kind, a, b, c) for every legal move
 *   apply(s, move)         change the state (chance via math.random)
 *   result(s) -> nil | {scores = {...}, ranks = {...}, [text]}
 *   render(s, viewer) -> text
 *   describe(s, move) -> text;  [parse(s, text) -> move | nil, why]
 * A game is over when the actor has no legal move; result then gives the
 * final scores and ranks.
 *
 * Ownership: the game owns its gstate, history and buffers; the Lua objects
 * (definition, State, Out) are anchored in the registry and released by
 * game_close. Every call into the script is a transaction: on error the
 * state is restored byte for byte and game_error() says what happened.
 */
#ifndef GROVE_GAME_H
#define GROVE_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "bind.h"
#include "movebuf.h"
#include "rng.h"
#include "state.h"
#include "vm.h"

#define GAME_ERRLEN 2048
#define GAME_WATCH_MS 500          /* a raw loop stopped after this long without a move */
#define GAME_MAX_VARIANTS 256

typedef struct game {
    grove_vm *vm;
    char name[64];                 /* the game's folder name */
    char variants[GAME_MAX_VARIANTS];  /* comma-separated, as given */
    int players;
    uint64_t seed;
    char rules_version[32];        /* def.version ("" if the game gives none) */
    uint64_t rules_print;          /* fingerprint of the rule files read to define it */
    char load_note[256];           /* set by loading a save file whose rule files differ */
    int def_ref, state_ref, out_ref, opts_ref;   /* registry refs */
    int fn_moves, fn_apply, fn_actor, fn_result, fn_describe, fn_parse, fn_render;
    int fn_score;                  /* optional def.score(s, seat), for bots */
    int fn_played;                 /* optional def.played(s, move) -> card name, for grove sim */
    gstate *st;                    /* owned */
    lstate *ls;                    /* the State object (anchored by state_ref) */
    lout *out;                     /* the Out object (anchored by out_ref) */
    movebuf buf;                   /* the legal moves of the last game_moves */
    uint8_t *scratch;              /* st->size bytes: the transaction snapshot */
    int64_t *hist;                 /* moves played; hist[0..nhist) with redo past ncur */
    uint8_t *snaps;                /* snaps[i * size]: the state before move i */
    int ncur, nhist, caphist;
    char err[GAME_ERRLEN];         /* the last error */
    const char *raw_hook;          /* the hook a raw loop is in, for its error */
} game;

/* Load a game definition (with variants, comma-separated, may be NULL or
 * "") and push it; cached per (name, variants) unless `fresh`. On error
 * push nothing, write err and return false. */
bool game_load_def(grove_vm *vm, const char *name, const char *variants, bool fresh,
                   char *err, size_t errlen);

/* The variants overlays add to game `name`: scripts/NAME/V.lua in a folder
 * of the search path other than the game's own (GROVE_PATH, add_path).
 * Writes at most max names into out, sorted; returns how many. */
int game_overlay_variants(grove_vm *vm, const char *name, char (*out)[64], int max);

/* Start a game: load (cached) the definition, make the state, run setup.
 * opts_idx is a Lua table of options on the stack (0: none). NULL on error,
 * with err filled. */
game *game_open(grove_vm *vm, const char *name, const char *variants, int players,
                uint64_t seed, int opts_idx, char *err, size_t errlen);
void game_close(game *g);

/* The last error message. */
static inline const char *game_error(const game *g) { return g->err; }

/* Compute the legal moves into g->buf. False on a script error. */
bool game_moves(game *g);

/* Play a move: legal-checked if `check`, recorded in the history if
 * `record` (dropping any redo). False on error, with the state unchanged. */
bool game_apply(game *g, int64_t move, bool check, bool record);

/* The seat to act (1..players), or 0 on error / when the game is over. */
int game_actor(game *g);

/* Push result(s) (nil while running). False on error (nothing pushed). */
bool game_result(game *g);

/* Is the game over (no legal move)? -1 on error. */
int game_over(game *g);

/* Text of a move into buf. False on error (buf then holds a fallback). */
bool game_describe(game *g, int64_t move, char *buf, size_t len);

/* Move from text (a move text, or "#N" / "N" for the Nth legal move is the
 * REPL's business, not this). False with err when no legal move matches. */
bool game_parse(game *g, const char *text, int64_t *move);

/* What a move plays, by def.played(s, move) (a card's name), into buf; ""
 * when the game has no such hook or the move plays no card. False on error. */
bool game_played(game *g, int64_t move, char *buf, size_t len);

/* Push render(s, viewer). False on error. */
bool game_render(game *g, int viewer);

/* Text and actor of history move i (0-based), described in the state it
 * was played from. */
bool game_describe_past(game *g, int i, char *buf, size_t len, int *actor);

/* The script keeps its vars in Lua tables (lua_vars.c); the block gets
 * them at every hook's end. game_sync brings the block in line now (false,
 * with game_error, when a var holds a non-integer); game_snapshot and
 * game_hash sync first. Everything outside game.c that reads the block
 * goes through these. */
bool game_sync(game *g);
bool game_snapshot(game *g, void *buf);
bool game_hash(game *g, uint64_t *hash);

/* Put the state back to a snapshot (st->size bytes) and refresh what the
 * script's State mirrors of it (the vars). Every restore goes through here. */
void game_restore(game *g, const void *snapshot);

/* Determinize for `viewer` (0 = an onlooker): re-deal every card it cannot
 * see, consistently with what it sees (hidden.h), and reseed the game's
 * chance from `seed`, which the viewer cannot know either. Not a move: it
 * is not in the history. False (state unchanged) on no memory. */
bool game_redeal(game *g, int viewer, uint64_t seed);

/* Undo / redo one move of the history. False if there is none. */
bool game_undo(game *g);
bool game_redo(game *g);

/* Play uniformly random legal moves (chosen by `pick`) until the game ends
 * or max_moves were played, without recording and without a snapshot per
 * move, in one protected call with no instruction count hook: a caller that
 * may meet an endless loop runs it under vm_watch_start. Returns the number
 * of moves played, or -1 on error: the state is then mid-playout, and the
 * caller restores the snapshot it took before. */
long game_playout(game *g, rng_t *pick, long max_moves);

/* Loops in C that run many hooks (playouts, bots' searches) run inside one
 * protected call with no count hook (the watchdog guards them): body(g, ctx)
 * uses the raw steps below, which call the hooks directly, so an error in
 * a script unwinds to game_run_raw. False on error (game_error says which
 * hook and why); the state is then wherever the error left it, and the
 * caller restores its own snapshot. *ret gets body's return value. */
bool game_run_raw(game *g, int (*body)(game *g, void *ctx), void *ctx, int *ret);
void game_raw_moves(game *g);                 /* the legal moves into g->buf */
void game_raw_apply(game *g, int64_t m);      /* no legality check, no history */
bool game_raw_ranks(game *g, int *ranks);     /* ranks[1..players] once over; else false */

/* Time spent inside the moves and apply hooks (nanoseconds, added to). */
typedef struct { double moves_ns, apply_ns; } game_timing;

/* game_playout, adding the time inside each hook to *timing (the clock
 * reads cost time of their own: use it for shares, not for speed). */
long game_playout_timed(game *g, rng_t *pick, long max_moves, game_timing *timing);

/* Call a hook by name with the State and extra arguments already pushed
 * (nargs of them), under the transaction rules; nres results on success. */
bool game_call_hook(game *g, int fnref, const char *what, int nargs, int nres);

/* Push the State object / the definition. */
void game_push_state(game *g);
void game_push_def(game *g);

/* The save file text (caller frees) / load a game from a save text. */
char *game_save_text(game *g);
game *game_load_text(grove_vm *vm, const char *text, char *err, size_t errlen);

#endif
