/*
 * table.h — the table `grove serve` keeps: one game, its seats and their
 * secret tokens, the bots, the log, undo by consent. It knows nothing of
 * HTTP (handler.c turns requests into these calls, http.c is the server).
 *
 * Threads: every function locks the table, so requests from any number of
 * connection threads and the bot thread reach the game one at a time; a
 * move is the executor's transaction (game_apply), so a failed one leaves
 * the game as it was. The game's Lua VM is used by no one else. A bot
 * thinks without the lock, on a copy of the position in a game of its own
 * (game_twin, in a VM of its own), and plays its choice under the lock if
 * the game has not changed meanwhile (else it thinks again): a request
 * never waits for a bot's thinking.
 *
 * What a seat is shown goes through one function, table_view: the picture
 * for that seat (no card it may not see), its legal moves only when it is
 * to act, the log, the result. A token grants exactly its seat; the
 * onlooker's token (seat 0) grants the onlooker's view and no move. A
 * hint (table_hint) goes to the seat that asked only, in the answer to
 * its request.
 *
 * Saving: given a file (table_set_save), the table writes the game there
 * after every change, under the lock and before the request that made the
 * change is answered, whole or not at all (outfile.h): a server killed at
 * any moment leaves the save of the last move it answered. Beside it,
 * FILE.seats (mode 0600) holds the seats' tokens and which seats bots
 * play, so `grove serve --from FILE` seats the same people at the same
 * URLs.
 */
#ifndef GROVE_TABLE_H
#define GROVE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bots.h"
#include "game.h"

#define TABLE_MAX_SEATS 16
#define TABLE_TOKEN_LEN 32          /* hex digits of a token (128 bits) */

typedef struct table table;

#define TABLE_BOT_MAX_ITERATIONS 20000   /* the most a seat's own bot may think (table_set_bot) ... */
#define TABLE_BOT_MAX_SECONDS 10         /* ... in iterations or seconds, on one thread */

/* The seats of a table as its seats file keeps them: each seat's token
 * ([0]: the onlooker's) and who plays it. */
typedef struct {
    int players;
    char tokens[TABLE_MAX_SEATS + 1][TABLE_TOKEN_LEN + 1];
    bool is_bot[TABLE_MAX_SEATS + 1];
    bot_spec bots[TABLE_MAX_SEATS + 1];   /* when is_bot */
} table_seats;

/* The outcome of a request on the table: an HTTP status and a message. */
typedef struct {
    int status;                     /* 200, 400, 403, 404, 409 ... */
    char message[256];              /* what went wrong, for a person */
} table_answer;

/* A table over game g (which it then owns: table_free closes it; the VM
 * stays the caller's, used by no one else while the table lives).
 * bots[seat] is NULL for a person, else the bot playing that seat.
 * `seed` seeds the bots' choices. Tokens come from the system's random
 * source; false-y (NULL) when it fails or on no memory, with err. */
table *table_new(grove_vm *vm, game *g, const bot_spec *const bots[TABLE_MAX_SEATS + 1],
                 uint64_t seed, char *err, size_t errlen);
void table_free(table *t);

/* Seat the table as a seats file says (table_seats_read): the same tokens
 * as before, so the URLs handed out before still open their seats. Call
 * it before the server starts. The table's version then starts from a
 * number of the clock, so that a page left open from before, which still
 * holds an old version, cannot play a move at a version of this table. */
void table_use_seats(table *t, const table_seats *seats);

/* Read a seats file written for a table of `game` with `players` seats.
 * False with err saying what is wrong (no such file, another game, a
 * token missing or malformed, a bot that does not parse). */
bool table_seats_read(const char *path, const char *name, int players, table_seats *seats, char *err,
                      size_t errlen);

/* Save the game to `path` from now on, after every move, undo and change
 * of seat, and once now; the seats to path + ".seats" (mode 0600). False
 * with err when the first save or the seats file cannot be written (the
 * table then saves nothing). A later save that fails is told on the log
 * and in every seat's view (save_error), and tried again at the next
 * change; the file keeps the last save that was written. */
bool table_set_save(table *t, const char *path, char *err, size_t errlen);

/* The save text of the game now (malloc'ed, the caller frees), for any
 * seat to download: it holds the seed and every move, so every hidden
 * card can be worked out from it. `name` gets a file name for it (the
 * save file's, or GAME.sav). NULL with *a on an error. */
char *table_save_text(table *t, char *name, size_t namelen, table_answer *a);

/* Start the bot thread (bots move whenever they are to act; the game they
 * think on is opened when a bot first thinks). */
bool table_start_bots(table *t);

/* Stop the table: waiting event streams end, the bot thread stops (a bot
 * thinking is interrupted, and so is a hint). Requests after it still answer. */
void table_stop(table *t);
bool table_stopping(table *t);

/* Write to `log` (NULL: none) what the rules said at setup and the moves
 * played so far, then a line for every move played, and undo done: "  12. seat 2: place a1", and
 * below it what the rules said. Every text a rule script made (moves,
 * narration, the result) is written with its control characters shown as
 * \xNN: no escape sequence of a script reaches the terminal (the window's
 * title, clearing the screen, a carriage return faking a prompt). */
void table_set_log(table *t, FILE *log);

/* The seat a token grants: 1..players, 0 for the onlooker's token, -1 for
 * no token of this table. Compares in constant time. */
int table_seat_of(table *t, const char *token);

/* The token of a seat (0: the onlooker's), for the URLs printed at start. */
const char *table_token(const table *t, int seat);

int table_players(const table *t);
bool table_is_bot(const table *t, int seat);
const char *table_game_name(const table *t);

/* The number that changes whenever the table does (a move, an undo, an
 * undo asked or refused). */
uint64_t table_version(table *t);

/* Wait until the version differs from `since` or `ms` milliseconds pass
 * (or the table stops); returns the version then. */
uint64_t table_wait(table *t, uint64_t since, int ms);

/* What `seat` sees, as JSON (malloc'ed, the caller frees): version, seat,
 * players, title, actor, over, result, picture (SVG), moves (its legal
 * moves' texts when it is to act), log, undo (the open request: its id,
 * who asked, back to where, who must still answer; or null), seats (each
 * one's bot or null, and the hints it asked for), thinking (the seat whose
 * bot is thinking, 0: none), saving (whether the table saves), save_error
 * (why the last save failed, or null). NULL on no memory or a script
 * error, with *a saying which. */
char *table_view(table *t, int seat, table_answer *a);

/* Seat plays the index-th move (0-based) of the list it was shown at
 * `version`. Refused (nothing changes) with 409 when the table moved on
 * since or the game is over, 403 when it is not that seat's turn (or the
 * seat is the onlooker or a bot's), 400 for an index out of range, 500
 * when the rule script fails (the executor restored the state). */
void table_play(table *t, int seat, uint64_t version, long index, table_answer *a);

/* The boards after each of the legal moves numbered moves[0..n) (at most
 * TABLE_MAX_PREVIEWS), for the seat to play at version `version`, as a
 * JSON object {"previews": [SVG or null, ...]}: null for a move that draws
 * on chance or whose boards depend on cards the seat cannot see, which is
 * not shown before it is played (game_preview). NULL with a->status and
 * message when the seat is not to play, the version is stale or a number
 * is no legal move's. */
#define TABLE_MAX_PREVIEWS 16
char *table_previews(table *t, int seat, uint64_t version, const long *moves, int n, table_answer *a);

/* Seat asks to take back its last move (and every move after it); the
 * other people at the table must agree. When no one else need agree it is
 * done at once. Bots agree to take back only moves that showed no person
 * what no one could know before (game_reveals: a card drawn, a roll, a
 * card played from a hidden hand): when a bot sits at the table and such
 * a move is among those to take back, it is refused (409). 409 too when
 * there is no move of that seat to take back or a request is already
 * open. */
void table_undo_ask(table *t, int seat, table_answer *a);

/* Seat answers the open undo request, the one numbered `request` (its id
 * in the view): yes (once every other person said yes it is done) or no
 * (it is dropped). The asker's no withdraws it. A consent belongs to one
 * request: 409 when that request is no longer open (a yes clicked twice
 * does not count for the asker's next request), or none is; 403 for the
 * onlooker. */
void table_undo_answer(table *t, int seat, uint64_t request, bool yes, table_answer *a);

/* A hint for `seat`, which is to act: what the default bot (BOT_HINT_KIND)
 * would play, thinking from that seat's view only (it re-deals what the
 * seat cannot see), on a game of its own without the lock; the game is
 * not changed. JSON (malloc'ed): version, move (its text as the seat reads
 * it), index (in the list of moves shown at that version), bot, visits,
 * total (the share of the bot's visits the move got: visits / total; 0
 * when there was one legal move), legal. NULL with *a: 403 for the
 * onlooker or a seat a bot plays, 409 when it is not the seat's turn or
 * the table moved on while the bot thought, 503 while the table stops. */
char *table_hint(table *t, int seat, table_answer *a);

/* Hand `seat` to a bot of that kind (bot_parse's text, at most
 * TABLE_BOT_MAX_ITERATIONS or TABLE_BOT_MAX_SECONDS, one thread), or take
 * it back ("off"): a person plays it again. A bot thinking for the seat
 * drops its choice; an open undo request is dropped. 400 for a kind that
 * does not parse or thinks too long, 403 for the onlooker, 409 when the
 * seat is already a person's. */
void table_set_bot(table *t, int seat, const char *kind, table_answer *a);

/* table_view, and the picture in it (*picture, malloc'ed, the caller
 * frees), of the same version: the seat's page is sent with both in it. */
char *table_view_page(table *t, int seat, char **picture, table_answer *a);

/* Is the table sound? The log holds one entry per move played, and the
 * game opened anew (same rules, options and seed) and played through the
 * history reaches the very same state (hash). False with err saying what
 * differs: for the tests. */
bool table_check(table *t, char *err, size_t errlen);

#endif
