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
 * onlooker's token (seat 0) grants the onlooker's view and no move.
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

/* Start the bot thread (bots move whenever they are to act), and open the
 * game they think on. */
bool table_start_bots(table *t);

/* Stop the table: waiting event streams end, the bot thread stops (a bot
 * thinking is interrupted). Requests after it still answer. */
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
 * who asked, back to where, who must still answer; or null), seats,
 * thinking (the seat whose bot is thinking, 0: none). NULL on no memory
 * or a script error, with *a saying which. */
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

/* Is the table sound? The log holds one entry per move played, and the
 * game opened anew (same rules, options and seed) and played through the
 * history reaches the very same state (hash). False with err saying what
 * differs: for the tests. */
bool table_check(table *t, char *err, size_t errlen);

#endif
