/*
 * game.h — the engine's C API: one game of a rule script, its state, its
 * legal moves, its history, and the two ways its hooks are run. Tools
 * (repl/, the bots, tests) use these functions; the game itself is opaque
 * outside host/engine/.
 *
 * The rule-script contract: the script returns a definition table with
 *   name, title, players = {min =, max =}, [variants], [options]
 *   setup(s, options)      declare components, deal, place; options (also
 *                          s.options, read-only) holds each declared
 *                          option's value, players, seed and variants
 *   actor(s) -> seat       who decides next
 *   moves(s, out)          out:add(kind, a, b, c) for every legal move
 *   apply(s, move)         change the state (chance via math.random)
 *   result(s) -> nil | {scores = {...}, ranks = {...}, [text]}
 *   render(s, viewer) -> text
 *   describe(s, move, [viewer]) -> text: the move as viewer (a seat, 0 for an
 *                          onlooker) may read it; without a viewer the full
 *                          text, which parse reads back
 *   [parse(s, text) -> move | nil, why]
 *   [why(s, text) -> reason | nil] why a typed move is refused (game_refusal)
 *   [score(s, seat) -> number] for the greedy bot; [played(s, move) -> card name] for sim
 *   [evaluate(s) -> {value per seat}] for MCTS, whose rollouts stop short and end in it
 * A game is over when the actor has no legal move; result then gives the
 * final scores and ranks. While setup and a checked apply run, the script
 * may narrate what the rules do by themselves (s:say, lua_state.h); the
 * history keeps those lines beside each move.
 *
 * Ownership: the game owns its gstate, history and buffers; the Lua objects
 * (definition, State, Out) are anchored in the registry and released by
 * game_close.
 *
 * ---- the two run paths -----------------------------------------------------
 *
 * Every call into a rule script takes one of two paths. Which one is the
 * only choice a caller makes; here is all each guarantees.
 *
 *                   checked: every game_* call below   fast: game_run_raw and
 *                   that runs a hook                   game_playout (the bots,
 *                                                      grove sim's games)
 *   one call is     one hook, in its own protected     a C loop over many hooks
 *                   call, as a transaction             (game_raw_*) in one
 *                   (lua_state_call)                   protected call
 *   endless loop    the instruction budget (vm.h,      the watchdog: no move for
 *                   VM_DEFAULT_BUDGET per hook)        GAME_WATCH_MS (no count
 *                                                      hook: a fifth faster)
 *   Ctrl-C          vm_cancel_all stops it at the      the same, through the
 *                   next budget check                  watchdog's signal
 *   on error        the state is restored byte for     the state is wherever the
 *                   byte; game_error says which hook   error left it: the caller
 *                   and why                            restores its snapshot
 *   vars            flushed into the block after       flushed once, at the end
 *   (lua_state.h)   every hook; a var left holding a   (game_sync); the steps
 *                   non-integer fails the hook         read the mirrors directly
 *   history         game_apply records if asked        never recorded
 *
 * Vars live in Lua mirrors between those flushes, so the block is stale
 * while a script runs: everything outside the engine reads the state
 * through game_snapshot, game_hash or game_sync, which flush first.
 */
#ifndef GROVE_GAME_H
#define GROVE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "movebuf.h"
#include "rng.h"
#include "vm.h"

#define GAME_ERRLEN 2048
#define GAME_WATCH_MS 500          /* a fast run stopped after this long without a move */
#define GAME_MAX_VARIANTS 256      /* the longest comma-separated list of variants */
#define GAME_MAX_LISTED 64         /* the most variants game_about reports of each sort */
#define GAME_MOVE_TEXT_MAX 255     /* the longest move text, in bytes (game_move_text_fits) */
#define GAME_FULL_TEXT (-1)        /* game_describe_for's viewer for a move's full text */
#define GAME_MAX_EDIT 8192         /* the longest Lua an edit may keep, in bytes */
#define GAME_HISTORY_BYTES ((size_t)256 << 20)   /* what a game's history may hold: the position
                                                    before each entry (for undo), what each said,
                                                    the edits' Lua */

typedef struct game game;

/* ---- finding games -------------------------------------------------------------- */

/* What a tool shows of a game: `grove list`, defaults for its options. */
typedef struct {
    char name[64];                  /* the folder's name: "logger" */
    char folder[1024];              /* where it was found */
    char title[128];                /* def.title ("" if none) */
    int min_players, max_players;   /* def.players as written (0 where it says nothing) */
    int nvariants;                  /* def.variants, in the game's order */
    char variants[GAME_MAX_LISTED][64];
    int noverlays;                  /* variants an overlay adds (game_overlay_variants) */
    char overlays[GAME_MAX_LISTED][64];
    char error[GAME_ERRLEN];        /* why the definition does not load; "" when it does */
} game_about;

/* What game `name` (no variants) says of itself; false with err when its
 * definition does not load. */
bool game_about_of(grove_vm *vm, const char *name, game_about *out, char *err, size_t errlen);

/* Every game on the search path (scripts/ of each folder, then game folders
 * in the working directory; the first of a name wins), sorted by name,
 * each loaded (a game that does not load has its error set). A malloc'ed
 * array of *n entries (the caller frees it); NULL with *n 0 when there is
 * no memory. */
game_about *game_list(grove_vm *vm, int *n);

/* The player counts of a game with its variants: each variant that
 * declares players = {min =, max =} (game.extend(base, {players = ...}))
 * allows only its own, the game's own hold when none does; `def` is what
 * play, sim and bench use when no count is given: players.default (the
 * last variant's that gives one and is allowed, else the game's) when
 * allowed, else the smallest. */
typedef struct { int min, max, def; } game_counts;

/* The counts game `name` takes with `variants` (comma-separated, may be
 * ""); false with err when the definition does not load, or when two of
 * its variants share no count. */
bool game_counts_of(grove_vm *vm, const char *name, const char *variants, game_counts *out,
                    char *err, size_t errlen);

/* Load a game definition (with variants, comma-separated, may be NULL or
 * "") and push it; cached per (name, variants) unless `fresh`. On error
 * push nothing, write err and return false. */
bool game_load_def(grove_vm *vm, const char *name, const char *variants, bool fresh,
                   char *err, size_t errlen);

/* The folders of game `name`: first its own (vm_find_game: scripts/NAME/
 * or NAME/ holding game.lua, in a folder of the search path or the working
 * directory), then every other scripts/NAME/ and NAME/ of a folder of the
 * search path, which may add variants to it (an overlay). Writes at most
 * max into out; returns how many (0: no such game). Tools take the first
 * GAME_MAX_FOLDERS. */
#define GAME_FOLDER_MAX 1024
#define GAME_MAX_FOLDERS 8
int game_folders(grove_vm *vm, const char *name, char (*out)[GAME_FOLDER_MAX], int max);

/* The variants overlays add to game `name`: V.lua in a folder of the game
 * other than its own (game_folders: GROVE_PATH, add_path). Writes at most
 * max names into out, sorted; returns how many. */
int game_overlay_variants(grove_vm *vm, const char *name, char (*out)[64], int max);

/* ---- options (options.c) ------------------------------------------------------------ */

/* A game's options are declared in def.options (a list of {name =,
 * default =, min =, max = | choices =, by_players =, help =}); the type of
 * each is its default's. Tools take them as text, "NAME=VALUE" (--set). */
#define GAME_MAX_SETTINGS 32

typedef struct {
    char name[64];
    char value[192];                /* as text: 12, 0.5, true, easy */
    char type;                      /* 0: as given; 'i' whole number, 'n' number, 'b' boolean, 's' text
                                     * (game_options_values says) */
} game_setting;

typedef struct {
    int n;
    game_setting v[GAME_MAX_SETTINGS];
} game_settings;

/* Add "NAME=VALUE" (the text after --set) to set. False with err when it
 * is no NAME=VALUE, names what is no option (players, seed, variants:
 * "use --players 3"), names one set already (both values said) or set is
 * full. Whether the game has such an option, and whether the value fits
 * it, is checked when the game opens (or before: game_settings_check). */
bool game_settings_add(game_settings *set, const char *arg, char *err, size_t errlen);

/* Does every option of set name an option game `name` with `variants`
 * declares, with a value it takes (as game_open_with reads it)? 1 yes;
 * 0 no, with the first that does not in err; -1 when the definition does
 * not load (err). Runs no setup: a command line is checked with it before
 * a game opens, its faults told apart from a script's. */
int game_settings_check(grove_vm *vm, const char *name, const char *variants, const game_settings *set, char *err,
                        size_t errlen);

/* "winning_score=12, movement=3" into buf ("" for none). */
void game_settings_text(const game_settings *set, char *buf, size_t len);

/* The options g plays with, in their declared order, as text with their
 * types: all of them, or only those that differ from their defaults
 * (changed_only). False on no memory (game_error). */
bool game_options_values(game *g, bool changed_only, game_settings *out);

/* What a tool lists of an option. */
typedef struct {
    char name[64];
    char dflt[64];                  /* the default, as text */
    char values[256];               /* "a whole number from 1 to 99", "one of easy, normal, hard" */
    char by_players[192];           /* other defaults by player count: "2 with 2 players"; "" if none */
    char help[256];                 /* what it changes, one line */
} game_option_info;

/* The options game `name` with `variants` declares, into out (at most
 * max); their number, or -1 with err when the definition does not load. */
int game_options_of(grove_vm *vm, const char *name, const char *variants, game_option_info *out, int max,
                    char *err, size_t errlen);

/* ---- a game ------------------------------------------------------------------------ */

/* Start a game: load (cached) the definition, make the state, run setup.
 * opts_idx is a Lua table of options on the stack (0: none): each value is
 * checked as game_open_with says (text is read as the option's type).
 * NULL on error, with err filled. */
game *game_open(grove_vm *vm, const char *name, const char *variants, int players,
                uint64_t seed, int opts_idx, char *err, size_t errlen);

/* game_open with the options given as text (set NULL or empty: none): each
 * is read as its option's type and checked against its declaration (range,
 * choices); an option the game does not declare is refused naming the
 * nearest one it does. NULL with err. */
game *game_open_with(grove_vm *vm, const char *name, const char *variants, int players, uint64_t seed,
                     const game_settings *set, char *err, size_t errlen);

/* The same game (name, variants, players, seed, options) opened anew under
 * rule files read again from disk, at its start; the REPL's `reload`
 * replays the moves on it. NULL with err (g is untouched). */
game *game_reopen(game *g, char *err, size_t errlen);

void game_close(game *g);

/* The same game (name, variants, players, seed, options, rule files) opened
 * in another VM `vm`, at its start: a bot thinking on several threads
 * restores g's snapshots into it (they have the same layout). NULL with
 * err when it cannot be opened or the rule files on disk changed since g
 * was. The caller closes it (before freeing vm). */
game *game_twin(game *g, grove_vm *vm, char *err, size_t errlen);


/* The last error message. */
const char *game_error(const game *g);

/* Set it: for the engine's tools that fail on a game's behalf (the bots). */
void game_set_error(game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* What it is. */
grove_vm *game_vm(const game *g);
const char *game_name(const game *g);           /* the game's folder name */
const char *game_variants(const game *g);       /* comma-separated, as opened */
int game_players(const game *g);
uint64_t game_rules_print(const game *g);       /* of the rule files read (a save's rules-print) */
uint64_t game_seed(const game *g);
size_t game_state_size(const game *g);          /* bytes of a snapshot */
bool game_hidden(const game *g);                /* does some card zone hide faces from some seat? */
/* What game_load_text says of a save whose rules changed since it was
 * made (game_load_report's note, one line); "" when its moves replay to
 * the very positions it saved under the same rule files, or when the game
 * was not loaded from a save. */
const char *game_load_note(const game *g);

/* ---- playing (the checked path) ---------------------------------------------------- */

/* The legal moves now, in the script's order: *moves points into the
 * game's buffer, valid until the next call on g other than game_describe.
 * Returns their number (0: the game is over), or -1 on a script error. */
int game_legal(game *g, const int64_t **moves);

/* Play a move: legal-checked if `check`, recorded in the history if
 * `record` (dropping any redo). False on error, with the state unchanged.
 * What the move said (s:say) is game_said_now until the next apply, and
 * the history keeps it (game_entry_said). */
bool game_apply(game *g, int64_t move, bool check, bool record);

/* What the last game_apply said: lines "SEATS\tTEXT\n" (read them with
 * game_said_next); "" if nothing. */
const char *game_said_now(const game *g);

/* One line of narration: the seats who may read it (bit n for seat n, bit
 * 0 for onlookers) and its text (len bytes, no newline). */
typedef struct {
    uint32_t seats;
    const char *text;
    int len;
} game_line;

/* The next line of the narration text at *p into *line; false at its end. */
bool game_said_next(const char **p, game_line *line);

/* May `viewer` (a seat, 0 for an onlooker, -1 for the designer, who reads
 * everything) read the line? */
static inline bool game_line_for(const game_line *line, int viewer)
{
    return viewer < 0 || (viewer < 32 && ((line->seats >> viewer) & 1));
}

/* The seat to act (1..players), or 0 on error / when the game is over. */
int game_actor(game *g);

/* Is the game over (no legal move)? -1 on error. */
int game_over(game *g);

/* Text of a move into buf (GAME_MOVE_TEXT_MAX + 1 bytes hold any): the
 * full text, as records, saves and parsing use it. False on error (buf then
 * holds a fallback), which includes a text describe returned that a save
 * file cannot hold (game_move_text_fits): the error names the script's
 * describe function and why. */
bool game_describe(game *g, int64_t move, char *buf, size_t len);

/* What a save file can hold as a move's text, the rule every save grove
 * writes keeps: one line a person could type, of 1 to GAME_MOVE_TEXT_MAX
 * bytes, with no control character but tab (no newline, carriage return
 * or NUL) and not only blanks. True if text (len bytes) fits; else false
 * with the reason in why ("has a newline at byte 6"). */
bool game_move_text_fits(const char *text, size_t len, char *why, size_t whylen);

/* Text of a move as `viewer` may read it: describe(s, move, viewer), viewer
 * a seat 1..players or 0 for an onlooker; GAME_FULL_TEXT gives the full
 * text (game_describe). Everything a person reads of a move goes through
 * this with the reader's seat: a move naming a card its viewer may not see
 * (a card stashed face down) names it only to those who may. False on
 * error (buf then holds a fallback). */
bool game_describe_for(game *g, int64_t move, int viewer, char *buf, size_t len);

/* Move from text (a move text, or "#N" / "N" for the Nth legal move is the
 * REPL's business, not this). False with err when no legal move matches. */
bool game_parse(game *g, const char *text, int64_t *move);

/* The name of a move kind (1..255), by def.kinds (game.kinds names them,
 * game.phases gives them to the definition), into buf; false, with ""
 * in buf, when the game names no kinds or not this one. */
bool game_kind_name(game *g, int kind, char *buf, size_t len);

/* Call def.invariants(s), what the game says holds after every move
 * (grove check, the playout tests). True when it returns, or when the
 * game has none (*has false); false with game_error when it raises or
 * changes the state (which is then put back). */
bool game_invariants(game *g, bool *has);

/* Why `text`, typed as a move, is not played, into buf (the reason alone).
 * The reason is the game's why(s, text) if it gives one; else what its
 * parse(s, text) said; else the host's: the legal moves of the same kind
 * (the text's first word), or all of them when none is of that kind.
 * Returns 1 when the text is a move of the game (parse read one, or its
 * first word is that of a legal move's text or of a kind's name in
 * def.kinds), 0 when it is no move at all (buf: game_parse's error; the
 * REPL then tries it as Lua) or when it is legal after all (buf ""), -1 on
 * a script error (game_error). */
int game_refusal(game *g, const char *text, char *buf, size_t len);
/* The same, naming the legal moves as `viewer` may read them (see
 * game_describe_for): what the REPL shows the person at the keyboard. */
int game_refusal_for(game *g, const char *text, int viewer, char *buf, size_t len);

/* What a move plays, by def.played(s, move) (a card's name), into buf; ""
 * when the game has no such hook or the move plays no card. False on error. */
bool game_played(game *g, int64_t move, char *buf, size_t len);

/* What render(s, viewer) draws for seat `viewer` (0: an onlooker), as a
 * malloc'ed text the caller frees; NULL on error (game_error). */
char *game_render(game *g, int viewer);

/* The position drawn as SVG for seat `viewer` (0: an onlooker) from the
 * components and the definition's look table (stdlib/grove/picture.lua),
 * under the same rule as the text render: no face the viewer may not see.
 * `status` (may be NULL) is a line under the title. A malloc'ed text the
 * caller frees; NULL on error (game_error). (picture.c, with
 * game_push_picture and game_preview.) */
char *game_picture(game *g, int viewer, const char *status);

/* What the last move changed (changes.c), set on the table on top of the
 * stack (the view game_push_picture hands grove.picture): view.changed,
 * {[component] = what changed} by the state before the move and after
 * (a board's places, the cards that came into a zone, a pool's or vars'
 * values before, the dice), and view.last = {n =, seat =, text =}, the
 * move as `viewer` reads it; nothing when no move was played. While
 * game_preview draws, the move tried instead, and view.preview = true.
 * False with game_error on a script error. */
bool game_view_changes(game *g, int viewer);

/* The boards after `move` (legal now) as a picture for `viewer`, the places
 * it changes marked (picture.c, the changes from changes.c): a malloc'ed SVG the caller frees. NULL
 * with *shown set when the move draws on the game's chance or leaves the
 * boards other on a re-deal of the cards the viewer cannot see (seeded
 * from `seed`): such a move is not drawn before it is played. NULL with
 * game_error on an error. The state is left as it was. */
char *game_preview(game *g, int64_t move, int viewer, uint64_t seed, bool *shown);

/* What result(s) says, read into C. `scores`, `ranks` and `shown` are the
 * caller's arrays of game_players(g) entries, or NULL. */
typedef struct {
    bool over;                      /* result(s) is a table: the game has ended */
    bool has_scores;                /* result.scores is a table */
    double *scores;                 /* [seat - 1]: result.scores (0 where not a number) */
    int *ranks;                     /* [seat - 1]: result.ranks (0 where not an integer) */
    char (*shown)[32];              /* [seat - 1]: each score as Lua's tostring writes it */
    char text[256];                 /* result.text, "" if none */
} game_result;

/* Fill *out from result(s); false on a script error. */
bool game_outcome(game *g, game_result *out);

/* Text and actor of history entry i (0-based, i < game_position), a move
 * described in the state it was played from, or an edit's Lua source
 * (actor 0): the full text, or as `viewer` may read it (see
 * game_describe_for). game_describe_entry also reads the undone entries
 * that redo replays (i < game_history_length), in full. */
bool game_describe_past(game *g, int i, char *buf, size_t len, int *actor);
bool game_describe_past_for(game *g, int i, int viewer, char *buf, size_t len, int *actor);
bool game_describe_entry(game *g, int i, char *buf, size_t len, int *actor);

/* The history: entries played (undo lowers it), entries in the history
 * (undone ones included, which redo replays), and move i (0-based; 0 for
 * an edit). An entry is a move, or an edit made at the prompt. */
int game_position(const game *g);
int game_history_length(const game *g);
int64_t game_history_move(const game *g, int i);

/* The Lua source of entry i if it is an edit, else NULL. */
const char *game_history_edit(const game *g, int i);

/* What entry i said (s:say lines, see game_said_now; i = -1: setup); "". */
const char *game_entry_said(const game *g, int i);

/* Undo / redo one entry of the history. False if there is none (or, for
 * redo, when it fails: game_error). After the undone entries, redo plays
 * the pending ones, by their text. */
bool game_undo(game *g);
bool game_redo(game *g);

/* The pending tail: entries a reload (or a save's redo lines) could not
 * replay under the rules then, kept as text after the history's redo
 * entries; redo and the next reload try them again. Playing a new move or
 * edit drops them, as it drops the redo entries. */
int game_pending(const game *g);
const char *game_pending_entry(const game *g, int i, bool *edit, int *actor);
bool game_add_pending(game *g, const char *text, bool edit, int actor);   /* false: no memory */

/* ---- edits: changes made at the prompt, kept in the history -------------------- */

/* Run Lua `code` (at most GAME_MAX_EDIT bytes) on the state, in a fresh
 * sandbox environment where `s` is the State (print is silent), as a
 * transaction, and record it as an entry of the history: undo takes it
 * back, saves and reloads replay it. False with game_error on a Lua error
 * (state unchanged). */
bool game_edit(game *g, const char *code);

/* The REPL ran `code` (trusted, at the prompt) and it changed the state
 * from snapshot `before`: record it as an edit if running it again as
 * game_edit does gives the same state. False (game_error says why) when
 * it does not: the changed state stays, unrecorded. */
bool game_record_edit(game *g, const char *code, const void *before);

/* ---- reload ------------------------------------------------------------------------ */

/* What game_reload did. */
typedef struct {
    int total;                      /* entries it replayed or tried: history and pending */
    int replayed;                   /* of them, replayed before the first that failed */
    int target;                     /* the position the game was brought back to */
    int failed;                     /* the index of the first that no longer replays, -1: none */
    bool edit;                      /* it is an edit */
    int actor;                      /* its seat */
    char text[256];                 /* its text */
    char why[GAME_ERRLEN];          /* why it does not replay */
} game_reload_report;

/* Read the rule files again and replay every entry (the history, its redo
 * entries, the pending tail) by its text on a new game, brought back to
 * where g stood (or to the end of the pending tail, when g stood at its
 * start). Entries from the first that no longer replays on are the new
 * game's pending tail. NULL with err when the rules do not load (g is
 * untouched); the caller closes g. */
game *game_reload(game *g, game_reload_report *rep, char *err, size_t errlen);

/* ---- the state ---------------------------------------------------------------------- */

/* Bring the block in line with the script's vars now (false, with
 * game_error, when a var holds a non-integer); game_snapshot and game_hash
 * sync first. */
bool game_sync(game *g);
bool game_snapshot(game *g, void *buf);         /* game_state_size(g) bytes */
bool game_hash(game *g, uint64_t *hash);

/* Put the state back to a snapshot and refresh what the script's State
 * mirrors of it (the vars). Every restore goes through here. */
void game_restore(game *g, const void *snapshot);

/* Determinize for `viewer` (0 = an onlooker): re-deal every card it cannot
 * see, consistently with what it sees (hidden.h), and reseed the game's
 * chance from `seed`, which the viewer cannot know either. Not a move: it
 * is not in the history. False (state unchanged) on no memory. */
bool game_redeal(game *g, int viewer, uint64_t seed);

/* Reseed the game's chance (the state's generator) from `seed`, as
 * opening it with that seed did. Not a move. */
void game_reseed(game *g, uint64_t seed);

/* To whom would playing `move` from here show something they could not
 * know before (reveal.c)? For each viewer v in `viewers` (bit v: 0 the
 * onlooker, n seat n) bit v of *shown is set when the move draws on the
 * game's chance (the state's generator moves: a roll, a shuffle; news to
 * everyone), or when what v sees after it (hidden_view_hash) depends on
 * the cards v cannot see now: the move is played on `tries` re-deals of
 * those cards (game_redeal, seeded from `seed`) and leaves v another view
 * on one of them, or fails there (a card drawn from a face-down pile, a
 * card played from a hidden hand). The move is played unchecked and not
 * recorded, and the state is left as it was; game_said_now is not kept.
 * False with game_error when the move fails on the real deal. */
bool game_reveals(game *g, int64_t move, uint32_t viewers, int tries, uint64_t seed, uint32_t *shown);

/* ---- the fast path -------------------------------------------------------------------- */

/* Play uniformly random legal moves (chosen by `pick`) until the game ends
 * or max_moves were played, without recording, on the fast path. Returns
 * the number of moves played, or -1 on error: the state is then
 * mid-playout, and the caller restores the snapshot it took before. */
long game_playout(game *g, rng_t *pick, long max_moves);

/* Time spent inside the moves and apply hooks (nanoseconds, added to). */
typedef struct { double moves_ns, apply_ns; } game_timing;

/* game_playout, adding the time inside each hook to *timing (the clock
 * reads cost time of their own: use it for shares, not for speed). */
long game_playout_timed(game *g, rng_t *pick, long max_moves, game_timing *timing);

/* Run body(g, ctx) on the fast path: in one protected call with no count
 * hook, watched by the watchdog (the caller's, if it runs one: vm.h), vars
 * synced at the end. The body uses the steps below, which call the hooks
 * directly, so an error in a script unwinds to here. False on error
 * (game_error says which hook and why); *ret gets body's return value. */
bool game_run_raw(game *g, int (*body)(game *g, void *ctx), void *ctx, int *ret);

/* The steps of a fast run. Each raises (a Lua error) on a script error. */
const movebuf *game_raw_moves(game *g);       /* the legal moves, in the game's buffer */
void game_raw_apply(game *g, int64_t m);      /* no legality check, no history */
int game_raw_actor(game *g);                  /* the seat to act; raises for no seat */
/* def.describe(s, m) into buf, as game_describe: false, with a fallback
 * text in buf, when describe fails (which does not stop the run). */
bool game_raw_describe(game *g, int64_t m, char *buf, size_t len);
/* The move's text for a record: as game_raw_describe, but a text no
 * record or save could hold (a newline, a NUL byte, too long ...) raises,
 * failing the game. */
void game_raw_move_text(game *g, int64_t m, char *buf, size_t len);
/* def.played(s, m) into buf, as game_played ("" for none); raises on error. */
void game_raw_played(game *g, int64_t m, char *buf, size_t len);
bool game_raw_ranks(game *g, int *ranks);     /* ranks[1..players] (each >= 1) once over; else false */
void game_raw_outcome(game *g, game_result *out);   /* game_outcome's reading; raises on error */
double game_raw_score(game *g, int seat);     /* result(s).scores[seat], or 0 */
bool game_has_score(const game *g);           /* does the script give score(s, seat)? */
double game_raw_eval(game *g, int seat);      /* def.score(s, seat); raises for a non-number */
bool game_has_evaluate(const game *g);        /* does the script give evaluate(s)? */
/* values[1..players] = def.evaluate(s)[seat]; raises, naming the line that
 * defines evaluate, unless it returns a finite number for every seat. */
void game_raw_evaluate(game *g, double *values);
/* Another evaluate, for a bot that names one (mcts:eval=WHICH, evaluate.c):
 * WHICH is the name of a function in the definition's `evaluates` table, or
 * a file (a name ending .lua, or a path with '/') returning the function,
 * loaded in a sandbox whose require finds the game's modules. Found once
 * per definition and VM: *ref is its handle for game_raw_evaluate_with.
 * Checked path (the file runs under the budget); false with game_error
 * ("eval=WHICH: ...") when there is no such function. */
bool game_evaluate_find(game *g, const char *which, int *ref);
/* The names in the definition's `evaluates` table, sorted, as "a, b" into
 * out ("" when it has none). */
void game_evaluate_names(game *g, char *out, size_t len);
/* game_raw_evaluate with the function of handle ref (0: the definition's
 * own evaluate); raises the same way, naming the line that defines it. */
void game_raw_evaluate_with(game *g, int ref, double *values);
/* The file in a game's folder that holds the evaluate grove learn learned
 * (learned.h): the default MCTS bot ends its rollouts in it when the
 * definition gives no evaluate, and mcts:eval=learned names it. */
#define GAME_LEARNED_FILE "learned.lua"
bool game_has_learned(game *g);               /* is there one to read? */
/* game_redeal's re-deal with the caller's generator r (untouched when no
 * card is hidden) and a new chance seed; raises on no memory. */
void game_raw_determinize(game *g, int viewer, rng_t *r, uint64_t chance_seed);
/* Raise the error the run will report: game_error then reads "what: msg". */
int game_raw_fail(game *g, const char *msg);

/* ---- odds (odds.c) -------------------------------------------------------------------- */

/* How likely is a condition some moves from here? Each sample re-deals
 * what the viewer cannot see and reseeds the game's chance (game_redeal),
 * plays on with one bot (bots.h) for every seat, and asks the condition:
 * Lua run in the rules' sandbox with the locals s (the sample's State),
 * winner (the only seat ranked first once the game is over, else nil),
 * result (result(s)) and played (the moves the sample played), giving
 * true, or false or nil. Moves ahead count every seat's moves, forced ones
 * too; the turn ends when grove.turns' vars (s.turn.seat, s.turn.round)
 * change, or, in a game without them, when another seat is to play. */
#define ODDS_TURN (-1)              /* moves: to the end of the current turn */
#define ODDS_END (-2)               /* moves: to the end of the game */
#define ODDS_SEAT_TO_PLAY (-1)      /* viewer: the seat to play now (an onlooker once the game is over) */
#define ODDS_MAX_MOVES 10000        /* moves a sample plays at most (to the end: more fails) */
#define ODDS_MAX_SAMPLES 1000000
#define ODDS_MIN_SAMPLES 100        /* samples 0: at least these, ... */
#define ODDS_HALF_WIDTH 0.02        /* ... then until the interval is within this either side, ... */
#define ODDS_AUTO_SAMPLES 10000     /* ... or at most these */

typedef struct {
    int moves;                      /* moves ahead (0..ODDS_MAX_MOVES), ODDS_TURN or ODDS_END */
    long samples;                   /* how many; 0: as the three lines above say */
    const char *bot;                /* who plays every seat, as bot_parse reads it ("random", "mcts:200") */
    int viewer;                     /* whose unseen cards are re-dealt: a seat, 0 an onlooker, ODDS_SEAT_TO_PLAY */
    uint64_t seed;                  /* sample k's seed is made of it and k alone */
} odds_spec;

typedef struct {
    long samples, hits;             /* samples asked, and where the condition held */
    double share, low, high;        /* hits / samples and its 95% (Wilson) interval */
    int viewer;                     /* the seat whose view was kept (0: an onlooker) */
    bool interrupted;               /* Ctrl-C stopped it: the counts are of the samples played */
} odds_result;

/* The defaults: to the end of the turn, samples 0, random play, the seat
 * to play's view, the game's own seed. */
void odds_spec_default(game *g, odds_spec *spec);

/* Sample the condition (Lua text) from the position now into *out. The
 * game is left exactly as it was (history, state, chance), also on
 * failure. False with game_error: a condition that is no Lua, fails, or
 * gives neither a boolean nor nil (naming it and the sample), a rule that
 * fails in a sample, a bad spec; on Ctrl-C "interrupted", with
 * out->interrupted and the counts of the samples played. */
bool odds_run(game *g, const char *condition, const odds_spec *spec, odds_result *out);

/* "0.342 (0.313-0.372), 1000 samples, 3 moves ahead, random play, over
 * what seat 1 cannot see and chance" into buf. */
void odds_summary(game *g, const odds_spec *spec, const odds_result *res, char *buf, size_t len);

/* The 95% Wilson interval of hits in n (n 0: 0 to 1). */
void odds_wilson(long hits, long n, double *low, double *high);

/* ---- Lua ---------------------------------------------------------------------------- */

/* For the Lua binding (lua_game.c) and the REPL's Lua prompt: push the
 * State object, the definition, result(s) and render(s, viewer). The last
 * two are false on error (nothing pushed). */
void game_push_state(game *g);
void game_push_def(game *g);
bool game_push_result(game *g);
bool game_push_render(game *g, int viewer);
bool game_push_picture(game *g, int viewer, const char *status);     /* game_picture's text */

/* ---- save files (save.c) -------------------------------------------------------------- */

/* The save file text (caller frees), or NULL with game_error: out of
 * memory, or a move whose text would not load back as that move (every
 * save grove writes loads). Load a game from a save text. */
char *game_save_text(game *g);
game *game_load_text(grove_vm *vm, const char *text, char *err, size_t errlen);

/* What loading a save found: how its moves and edits replayed under the
 * rules now, and whether the positions are the ones it saved. A position
 * is compared component by component (a hash of each one's words), on the
 * components both the save and the game now have alike (same name, kind
 * and size); every position for a save of format 4, the last one (the
 * state dump) for older ones. */
typedef struct {
    int format;                     /* the file's format (4 and later record every position) */
    bool rules_changed;             /* its rule files (rules-print) differ from those read now */
    char version[32];               /* its rules-version when the rules now give another; else "" */
    int entries;                    /* the moves and edits it played */
    int replayed;                   /* of them, replayed under the rules now */
    int failed;                     /* the first that no longer plays (0-based), -1: none; it
                                     * and the entries after it are the pending tail */
    bool edit;                      /* that one is an edit */
    int actor;                      /* the seat to play it (0: an edit, or none) */
    char text[GAME_MOVE_TEXT_MAX + 1];  /* its text (an edit's source, cut) */
    char why[GAME_ERRLEN];          /* why it does not play */
    char layout[512];               /* how the state's layout differs from the save's; "" if alike */
    int compared;                   /* positions compared with saved ones */
    int differs_after;              /* the first that differs: the one after entry n (0: after
                                     * setup); -1: none */
    char differs_in[256];           /* the components it differs in */
    char note[GAME_ERRLEN + 1536];  /* the story in one line (game_load_note): "" when nothing
                                     * changed */
} game_load_report;

/* The report of game_load_text for g; NULL when g was not loaded from a
 * save (a reload's new game is not). */
const game_load_report *game_loaded(const game *g);

/* Does the report say the save plays differently now: an entry that no
 * longer plays, or a position that differs from the one saved? (A layout
 * change or new rule files alone is not.) */
bool game_load_differs(const game_load_report *rep);

/* A check to write into a recorded session: Lua (expect.eq(...), typed
 * at the prompt) that held after `after` entries of the history. */
typedef struct {
    int after;
    const char *code;
} game_check;

/* The session so far as a scenario test `grove test` runs (caller frees):
 * the game opened as g was, its moves and edits as played, the state's
 * hash after each, and the checks, each after its entry; `name` names the
 * test. NULL with game_error on no memory. */
char *game_test_text(game *g, const char *name, const game_check *checks, int n);

/* The hash of the state after the first n entries of the history (n <=
 * game_position). False with game_error on error. */
bool game_hash_after(game *g, int n, uint64_t *hash);

/* A component of the position as saves and recorded tests compare it: its
 * name and kind (valid while g is open), its size and a 32-bit hash of its
 * words. A layout change (a component added or grown) leaves the others
 * comparable. */
typedef struct {
    const char *name, *kind;
    size_t words;
    uint32_t hash;
} game_component;

/* How many components the state has; component i (0-based, in the order
 * setup declared them) into *out, from the block as it stands (game_sync
 * it first). */
int game_components(const game *g);
void game_component_at(const game *g, int i, game_component *out);

#endif
