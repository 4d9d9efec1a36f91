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
 *            determinization per iteration). Each iteration descends the
 *            tree, adds one node, then plays `depth` random moves and ends
 *            in def.evaluate(s) (a value per seat) when the script gives
 *            one, or plays to the end when it does not (or depth=end,
 *            or, with tail=N, when the probes of a decision, random games
 *            from its root, all end within N moves);
 *            rewards are by rank, an evaluation counting as the share of
 *            the other seats it is ahead of (a sigmoid of the difference).
 *            It plays the most visited move. A bot made with bot_new keeps
 *            its tree between the decisions of one game (the subtree of the
 *            moves played since, when they are its own or nothing in the
 *            game is hidden), and may think on several threads (one tree
 *            each, summed at the root).
 *
 * The text of a bot, as bot_parse reads it and bot_name writes it:
 *   random | greedy | mcts[:PARAM,PARAM...], PARAM one of
 *   N              iterations (root visits) a decision: mcts:500
 *   Ts             seconds a decision: mcts:2s
 *   iterations=N  seconds=T  depth=D|end  tail=N  c=C  threads=T  reuse=yes|no
 *   eval=NAME      the rollouts end in def.evaluates.NAME(s), not evaluate(s)
 *   eval=FILE.lua  ... in the function the file returns (game_evaluate_find)
 * When both iterations and seconds are given, thinking stops at the first.
 * eval= with depth=end is refused: rollouts to the end read no evaluate.
 */
#ifndef GROVE_BOTS_H
#define GROVE_BOTS_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "rng.h"

#define BOT_NAMELEN 256        /* the longest bot_name */
#define BOT_EVAL_MAX 160       /* the longest eval= text, and 1 */
#define BOT_DEFAULT_ITERATIONS 300    /* mcts: iterations= */
#define BOT_DEFAULT_DEPTH 2           /* mcts: depth= */
#define BOT_DEFAULT_EXPLORE 0.7       /* mcts: c= */
#define BOT_DEFAULT_TAIL 20           /* mcts: tail= */
#define BOT_DEPTH_END (-1)     /* depth: rollouts to the end of the game */
#define BOT_MAX_THREADS 16
#define BOT_TREE_BYTES ((size_t)256 << 20)   /* all of an MCTS bot's trees together: a search stops
                                                growing there, and decides on what they hold */

typedef enum { BOT_RANDOM, BOT_GREEDY, BOT_MCTS } bot_kind;

typedef struct {
    bot_kind kind;
    long iterations;      /* mcts: root visits a decision, kept ones counting (0: no limit) */
    double seconds;       /* mcts: thinking time a decision (0: no limit) */
    double explore;       /* mcts: c, the UCT exploration constant */
    int depth;            /* mcts: random moves past the tree before evaluate(s), or BOT_DEPTH_END */
    int tail;             /* mcts: rollouts to the end once random games from the root end within
                           * this many moves (0: never; only matters with an evaluate) */
    int threads;          /* mcts: threads a decision thinks on (1..BOT_MAX_THREADS) */
    bool reuse;           /* mcts: keep the tree between decisions (bot_move) */
    long playout_cap;     /* moves a rollout to the end may run before it is cut short */
    char eval[BOT_EVAL_MAX];   /* mcts: the evaluate its rollouts end in ("": def.evaluate) */
} bot_spec;

/* Parse a bot's text (above) into *spec. False with a message in err for
 * anything else. */
bool bot_parse(const char *text, bot_spec *spec, char *err, size_t errlen);

/* A comma-separated list of bots ("mcts:500,depth=4,random": a comma
 * followed by a kind's name starts the next bot, any other comma goes on
 * with the parameters) into specs[0..max); returns how many, or -1 with a
 * message in err. */
int bot_parse_list(const char *text, bot_spec *specs, int max, char *err, size_t errlen);

/* The text of a spec, as bot_parse reads it back: the kind, then only the
 * parameters that differ from the default ("mcts", "mcts:500,depth=end"). */
void bot_name(const bot_spec *spec, char *buf, size_t len);

/* ---- a bot for one game --------------------------------------------------------- */

/* A bot that plays one seat (or several) through one game: it keeps its
 * search tree between decisions and, for threads > 1, its own VMs. */
typedef struct bot bot;

/* What one decision did. */
typedef struct {
    long iterations;      /* MCTS iterations run for it (all threads) */
    long kept;            /* root visits kept from the tree of the last decision */
    int threads;          /* the threads it thought on */
    bool full;            /* its trees reached BOT_TREE_BYTES: it stopped thinking there */
} bot_stats;

/* A bot of that spec; NULL on no memory. bot_free frees it and all it holds. */
bot *bot_new(const bot_spec *spec);
void bot_free(bot *b);

/* Tell the bot of a move played in its game (by anyone, its own included),
 * in order, after it was played: how it finds its tree again at its next
 * decision. A bot that is not told, or told wrong, or whose game was
 * changed otherwise (undo, a load, Lua at the prompt) notices, and starts
 * a new tree. */
void bot_observe(bot *b, int64_t move);

/* Forget the tree (and the helper games of its threads): the game was
 * replaced (reload, load). */
void bot_reset(bot *b);

/* Choose a move for the seat to act in g's position into *move. The state
 * is left exactly as it was. `seed` makes the choice reproducible (for the
 * same threads). False on a script error (game_error) or when there is no
 * legal move. `stats` (or NULL) gets what the decision did. When a thread
 * cannot get a game of its own (the rule files changed on disk since g was
 * opened), the bot thinks on fewer threads: stats->threads says so. */
bool bot_move(bot *b, game *g, uint64_t seed, int64_t *move, bot_stats *stats);

/* Why the bot thinks on fewer threads than its spec asks ("" when it
 * does not): it could not get a game of its own for each. */
const char *bot_note(const bot *b);

/* The bound on all of a bot's trees together (BOT_TREE_BYTES unless set;
 * the tests lower it). */
void bot_set_tree_bytes(size_t bytes);

/* One decision of a new bot of that spec (nothing kept): bot_new, bot_move,
 * bot_free. `iterations` (or NULL) gets the MCTS iterations run. */
bool bot_choose(game *g, const bot_spec *spec, uint64_t seed, int64_t *move, long *iterations);

/* How sure one decision is: for a hint. */
typedef struct {
    int legal;            /* the legal moves it chose among */
    long visits;          /* mcts: the root visits the chosen move got ... */
    long total;           /* ... of all the root's visits (0: the kind counts none, or one legal move) */
    long iterations;      /* mcts: the iterations run */
} bot_hint_info;

/* bot_choose, and how sure the bot is (*info): the share of the search's
 * root visits its move got (visits / total). The same choice as
 * bot_choose for the same spec and seed: from the view of the seat to
 * act only (it determinizes), the state left exactly as it was. */
bool bot_hint(game *g, const bot_spec *spec, uint64_t seed, int64_t *move, bot_hint_info *info);

/* The seed a hint thinks with: from the game's seed and the position's
 * number only (never the state, which holds the hidden cards), so the
 * REPL and the table give the same hint in the same position. */
uint64_t bot_hint_seed(const game *g);

#define BOT_HINT_KIND "mcts"   /* the bot a hint asks: the default mcts */

#endif
