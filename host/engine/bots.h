/*
 * bots.h — players the host plays: random, greedy and MCTS, for any game.
 *
 * A bot sees only what its seat may see. Before it looks ahead it
 * determinizes (game_redeal): the cards its seat cannot see are re-dealt
 * consistently with what it sees, and the game's chance is reseeded, so its
 * choice depends only on its seat's view and its own seed, never on the
 * real hidden cards nor on the dice the real generator would roll next.
 *
 *   random   a uniformly random legal move;
 *   greedy   one ply: each legal move is played on a determinization and
 *            scored by def.score(s, seat) if the script gives one (higher
 *            is better), else by where the seat ranks after a random
 *            playout; ties are broken at random;
 *   mcts     UCT over host snapshots (information-set MCTS: one
 *            determinization per iteration), random playouts, rewards by
 *            rank; plays the most visited move. `budget` iterations, or
 *            `seconds` of thinking when budget is 0.
 */
#ifndef GROVE_BOTS_H
#define GROVE_BOTS_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "rng.h"

typedef enum { BOT_RANDOM, BOT_GREEDY, BOT_MCTS } bot_kind;

typedef struct {
    bot_kind kind;
    long budget;          /* mcts: iterations (0: use seconds) */
    double seconds;       /* mcts: thinking time when budget is 0 */
    double explore;       /* mcts: the UCT exploration constant */
    long playout_cap;     /* moves a playout may run before it is cut short */
} bot_spec;

/* Parse "random", "greedy", "mcts", "mcts:500" (iterations) or "mcts:2s"
 * (seconds) into *spec. False with a message in err for anything else. */
bool bot_parse(const char *text, bot_spec *spec, char *err, size_t errlen);

/* The name of a spec, as bot_parse reads it back ("mcts:500"). */
void bot_name(const bot_spec *spec, char *buf, size_t len);

/* Choose a move for the seat to act in g's position into *move. The state
 * is left exactly as it was. `seed` makes the choice reproducible. False
 * on a script error (game_error) or when there is no legal move. When
 * `iterations` is not NULL it gets the number of MCTS iterations run. */
bool bot_choose(game *g, const bot_spec *spec, uint64_t seed, int64_t *move, long *iterations);

#endif
