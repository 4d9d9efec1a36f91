/*
 * learned.h — what the host can read of any game's state for one seat,
 * with no code of the game's (issue 32: an evaluate learned from
 * self-play), and the learned evaluate made of them.
 *
 * A feature is one number per seat, read from the components the way any
 * game declares them:
 *
 *   to move                        1 for the seat to act, else 0
 *   score                          def.score(s, seat), when the game gives one
 *   pool NAME                      the seat's value of a per-seat pool
 *   pool KEY                       the value of the seat's own pool of a family
 *   vars NAME.KEY                  the seat's own var of a family of vars
 *   deck KEY cards                 the cards in the seat's own zone of a family
 *   deck KEY card ID               ... how many of them are card ID
 *   grid NAME FIELD=seat           the cells whose FIELD holds the seat's number
 *   grid KEY FIELD filled|total    the seat's own grid of a family: cells
 *                                  whose FIELD is not 0, and their sum
 *   hex ...                        the same for hex maps (the hexes on the map)
 *   graph NAME FIELD=seat          the live nodes whose FIELD holds the seat's number
 *   graph NAME edge FIELD=seat     ... the live edges
 *
 * A family is one component per seat, told apart by the seat's number in
 * the name ("hand_1", "hand_2" ...: KEY is "hand_#"), of one kind, for
 * every seat of the game. What is the same for every seat (a shared deck's
 * size, a global pool) is left out: a bot compares seats, so it could not
 * tell them apart by it.
 *
 * Features are read on whatever state the caller holds: a bot reads them
 * on its re-dealt state, as it reads evaluate(s), so no card its seat
 * cannot see is read from the real deal.
 */
#ifndef GROVE_LEARNED_H
#define GROVE_LEARNED_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"

#define FEATURE_NAME_MAX 160     /* the longest feature name, and 1 (a longer one is not read) */
#define FEATURE_CARD_IDS 64      /* card ids 0..63 are counted by id */
#define FEATURE_MAX 4096         /* features of one layout, at most */

typedef struct feature feature;

/* The features of a game's layout (its components and player count). */
typedef struct {
    feature *f;                  /* owned; n of them */
    int n;
    bool uses_vars;              /* some read vars (the mirrors are flushed first) */
    bool uses_score;             /* some call def.score */
    bool full;                   /* the layout has more than FEATURE_MAX: the rest are left out */
} feature_set;

/* Every feature of g's state as it is laid out now, in a fixed order (the
 * components' order, then each one's fields): card ids counted up to
 * max_card (at most FEATURE_CARD_IDS - 1; -1: none by id). False on no
 * memory (game_error says so); an empty set is no error. */
bool features_list(game *g, int max_card, feature_set *out);
void features_free(feature_set *fs);

/* The name of feature i. */
const char *features_name(const feature_set *fs, int i);

/* The largest card id in any zone of g's state now (-1: none), for
 * features_list. */
int features_max_card(game *g);

/* out[i] = feature i for `seat`, for all of fs. On the fast path only
 * (game_run_raw): a score or flush that fails raises. */
void features_read_raw(game *g, const feature_set *fs, int seat, double *out);

/* ---- the learned evaluate ------------------------------------------------------------ */

/* The model `grove learn` writes (learned.lua in the game's folder): the
 * table on top of g's Lua stack, read into a userdata that replaces it.
 * The table: { format = 1, weights = { {NAME, WEIGHT}, ... } }, each
 * WEIGHT a finite number (other fields are for people). A seat's value is
 * the sum of each weight times its feature. `source` names the file in
 * messages. Unprotected: raises with "SOURCE: ..." for a table that is not
 * such a model. */
void learned_compile(game *g, const char *source);

/* Is the value at idx of g's Lua stack a learned model (learned_compile)? */
bool learned_is_model(game *g, int idx);

/* values[1..players] of the model at idx of g's Lua stack on g's state
 * now. On the fast path only: raises, naming the model's file, when it
 * names a feature g's layout does not have (the rules changed since it was
 * learned), or when a seat's sum is not a finite number. */
void learned_values(game *g, int idx, double *values);

#endif
