/*
 * odds.c — the odds of a condition some moves ahead (game.h, odds_run):
 * from the position now, many samples, each re-dealing what the viewer
 * cannot see and reseeding the game's chance (game_redeal, as the MCTS bot
 * determinizes), then playing on with one bot for every seat, then asking
 * the condition, Lua run in the rules' sandbox on the sample's state. What
 * is counted is the share of samples where it holds, with its 95% (Wilson)
 * interval. The game is put back exactly as it was, whatever happens: a
 * condition that fails or changes the state, a rule that fails, Ctrl-C.
 *
 * Random play, the default, plays each sample on the fast path (one
 * game_run_raw a sample); another bot (greedy, mcts) chooses each move on
 * the checked path (bot_move), and its moves are applied on the fast path,
 * so that no sample is narrated. Each sample is seeded from the spec's seed
 * and its number only, never from the state: the same position seen the
 * same way gives the same answer, whatever the cards the viewer cannot see
 * really are (hidden_redeal starts from them in a fixed order).
 */
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots.h"
#include "game.h"

#define ODDS_Z 1.959963984540054       /* the normal quantile of a two-sided 95% interval */
#define COND_SHOWN 200                 /* the bytes of a condition an error quotes */

/* A seed for sample i from the spec's. */
static uint64_t mix(uint64_t a, uint64_t b)
{
    uint64_t z = a + 0x9e3779b97f4a7c15ULL * (b + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void odds_wilson(long hits, long n, double *low, double *high)
{
    if (n <= 0) { *low = 0; *high = 1; return; }
    double p = (double)hits / (double)n, z2 = ODDS_Z * ODDS_Z, nn = (double)n;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = ODDS_Z * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
    /* none or all: the bound at 0 or 1 is exact, not a rounding away from it */
    *low = hits == 0 || centre - half < 0 ? 0 : centre - half;
    *high = hits == n || centre + half > 1 ? 1 : centre + half;
}

void odds_spec_default(game *g, odds_spec *spec)
{
    memset(spec, 0, sizeof *spec);
    spec->moves = ODDS_TURN;
    spec->samples = 0;
    spec->bot = "random";
    spec->viewer = ODDS_SEAT_TO_PLAY;
    spec->seed = game_seed(g);
}

/* ---- where a sample stops ------------------------------------------------------- */

/* One sample being played. */
typedef struct {
    int moves;                  /* the spec's: moves ahead, ODDS_TURN or ODDS_END */
    bool by_turns;              /* the turn is grove.turns' (s.turn.seat, s.turn.round) */
    int64_t start;              /* the turn when the sample began: that key, or the seat to play */
    long played;                /* moves played so far */
    rng_t rng;                  /* random play's choices */
    char why[160];              /* why a sample cannot go on (ODDS_END: no end) */
} sample;

/* The turn as grove.turns keeps it, s.turn.seat and s.turn.round packed
 * into *key, read raw from the vars' mirror (fresh on both paths). False
 * when the game keeps no such vars. */
static bool turn_key(game *g, int64_t *key)
{
    lua_State *L = game_vm(g)->L;
    game_push_state(g);                                 /* [s] */
    bool found = false;
    lua_pushliteral(L, "turn");
    if (lua_rawget(L, -2) == LUA_TTABLE) {              /* [s, turn] */
        lua_pushliteral(L, "seat");
        lua_rawget(L, -2);
        lua_pushliteral(L, "round");
        lua_rawget(L, -3);                              /* [s, turn, seat, round] */
        if (lua_isinteger(L, -1) && lua_isinteger(L, -2)) {
            *key = (int64_t)((uint64_t)lua_tointeger(L, -1) << 32) ^ lua_tointeger(L, -2);
            found = true;
        }
        lua_pop(L, 2);
    }
    lua_pop(L, 2);
    return found;
}

/* Does the sample go on past `played` moves? Only asked while a move is
 * legal. `actor` is the seat to play (read only for a turn without
 * grove.turns' vars). False with p->why set when it cannot (no end in
 * sight); *more says whether it goes on. */
static bool goes_on(game *g, sample *p, int actor, bool *more)
{
    *more = true;
    if (p->moves >= 0) {
        *more = p->played < p->moves;
        return true;
    }
    if (p->moves == ODDS_TURN) {
        int64_t now = actor;
        if (p->by_turns) turn_key(g, &now);
        *more = now == p->start;
    }
    if (*more && p->played >= ODDS_MAX_MOVES) {
        snprintf(p->why, sizeof p->why, "the %s did not end within %d moves", p->moves == ODDS_TURN ? "turn" : "game",
                 ODDS_MAX_MOVES);
        return false;
    }
    return true;
}

/* Random play to where the sample stops, on the fast path: 1, or 0 when
 * it cannot stop (p->why). */
static int random_body(game *g, void *ctx)
{
    sample *p = ctx;
    for (;;) {
        const movebuf *legal = game_raw_moves(g);
        if (legal->n == 0) return 1;
        int actor = p->moves == ODDS_TURN && !p->by_turns ? game_raw_actor(g) : 0;
        bool more;
        if (!goes_on(g, p, actor, &more)) return 0;    /* no end in sight: p->why */
        if (!more) return 1;
        game_raw_apply(g, legal->m[rng_below(&p->rng, (uint32_t)legal->n)]);
        p->played++;
    }
}

/* One move a bot chose, applied on the fast path (nothing narrated). */
static int apply_body(game *g, void *ctx)
{
    game_raw_apply(g, *(const int64_t *)ctx);
    return 1;
}

/* A bot for every seat (bots[1..players]) plays to where the sample stops.
 * False with game_error when a rule or a bot fails; *stopped 0 when the
 * sample cannot stop (p->why). */
static bool bots_play(game *g, sample *p, bot **bots, int *stopped)
{
    int players = game_players(g);
    for (int seat = 1; seat <= players; seat++) bot_reset(bots[seat]);
    for (;;) {
        const int64_t *legal;
        int n = game_legal(g, &legal);
        if (n < 0) return false;
        if (n == 0) return true;
        int actor = game_actor(g);
        if (!actor) return false;
        bool more;
        if (!goes_on(g, p, actor, &more)) { *stopped = 0; return true; }
        if (!more) return true;
        uint64_t seed = ((uint64_t)rng_next(&p->rng) << 32) | rng_next(&p->rng);
        int64_t m;
        if (!bot_move(bots[actor], g, seed, &m, NULL)) return false;
        if (!game_run_raw(g, apply_body, &m, NULL)) return false;
        for (int seat = 1; seat <= players; seat++) bot_observe(bots[seat], m);
        p->played++;
    }
}

/* ---- the condition ------------------------------------------------------------- */

/* The chunk a condition becomes: its values arrive as locals, so that nil
 * (no winner yet) reads as nil; first as an expression, then as a chunk. */
#define COND_LOCALS "local s, result, winner, played = ... "

/* (text as light userdata) -> the condition compiled, in a fresh sandbox
 * environment; raises with Lua's syntax error. */
static int compile_body(lua_State *L)
{
    const char *text = lua_touserdata(L, 1);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, COND_LOCALS "return ");
    luaL_addstring(&b, text);
    luaL_pushresult(&b);                                /* [ud, code] */
    size_t len;
    const char *code = lua_tolstring(L, -1, &len);
    if (luaL_loadbufferx(L, code, len, "=condition", "t") != LUA_OK) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s%s", COND_LOCALS, text);
        code = lua_tolstring(L, -1, &len);
        if (luaL_loadbufferx(L, code, len, "=condition", "t") != LUA_OK) return lua_error(L);
    }
    vm_push_sandbox(vm_of(L), NULL);                    /* [ud, code, chunk, env] */
    lua_setupvalue(L, -2, 1);
    return 1;
}

/* The only seat ranked first in the result at idx (a table with ranks),
 * read raw; 0 for none (the game goes on, or a tie for first). */
static int winner_of(lua_State *L, int idx, int players)
{
    if (!lua_istable(L, idx)) return 0;
    int winner = 0;
    lua_pushliteral(L, "ranks");
    if (lua_rawget(L, idx) == LUA_TTABLE)
        for (int seat = 1; seat <= players; seat++) {
            if (lua_rawgeti(L, -1, seat) == LUA_TNUMBER && lua_tonumber(L, -1) == 1) {
                if (winner) { lua_pop(L, 2); return 0; }
                winner = seat;
            }
            lua_pop(L, 1);
        }
    lua_pop(L, 1);
    return winner;
}

/* Ask the compiled condition at fn of sample k's state (after `played`
 * moves): *hit. False with game_error when result(s) fails, or when the
 * condition fails or gives no boolean (naming it). */
static bool ask(game *g, int fn, const char *text, long k, long played, bool *hit)
{
    lua_State *L = game_vm(g)->L;
    lua_pushvalue(L, fn);
    game_push_state(g);                                 /* [fn, s] */
    if (!game_push_result(g)) {
        lua_pop(L, 2);
        char why[GAME_ERRLEN];
        snprintf(why, sizeof why, "%s", game_error(g));
        game_set_error(g, "odds: sample %ld, after its %ld move%s: %s", k + 1, played, played == 1 ? "" : "s", why);
        return false;
    }
    int winner = winner_of(L, lua_gettop(L), game_players(g));
    if (winner) lua_pushinteger(L, winner);
    else lua_pushnil(L);
    lua_pushinteger(L, played);                         /* [fn, s, result, winner, played] */
    if (vm_call(game_vm(g), 4, 1, NULL) != LUA_OK) {
        game_set_error(g, "odds: the condition '%.*s' fails in sample %ld: %s", COND_SHOWN, text, k + 1,
                       lua_tostring(L, -1));
        lua_pop(L, 1);
        return false;
    }
    int t = lua_type(L, -1);
    *hit = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (t != LUA_TBOOLEAN && t != LUA_TNIL) {
        game_set_error(g, "odds: the condition '%.*s' gives a %s in sample %ld, not true or false: compare "
                       "it (== ~= < <= > >=) to ask something of it", COND_SHOWN, text, lua_typename(L, t), k + 1);
        return false;
    }
    return true;
}

/* ---- the samples --------------------------------------------------------------- */

/* Is the interval narrow enough to stop (spec->samples 0: as narrow as
 * ODDS_HALF_WIDTH, after ODDS_MIN_SAMPLES)? */
static bool enough(const odds_spec *spec, long hits, long n)
{
    if (spec->samples > 0) return n >= spec->samples;
    if (n >= ODDS_AUTO_SAMPLES) return true;
    if (n < ODDS_MIN_SAMPLES) return false;
    double lo, hi;
    odds_wilson(hits, n, &lo, &hi);
    return (hi - lo) / 2 <= ODDS_HALF_WIDTH;
}

bool odds_run(game *g, const char *condition, const odds_spec *spec, odds_result *out)
{
    memset(out, 0, sizeof *out);
    out->high = 1;
    int players = game_players(g);
    if (spec->moves < ODDS_END || spec->moves > ODDS_MAX_MOVES) {
        game_set_error(g, "odds: %d moves ahead: give 0 to %d, turn or end", spec->moves, ODDS_MAX_MOVES);
        return false;
    }
    if (spec->samples < 0 || spec->samples > ODDS_MAX_SAMPLES) {
        game_set_error(g, "odds: %ld samples: give 1 to %d", spec->samples, ODDS_MAX_SAMPLES);
        return false;
    }
    if (spec->viewer != ODDS_SEAT_TO_PLAY && (spec->viewer < 0 || spec->viewer > players)) {
        game_set_error(g, "odds: no seat %d to see from (1..%d, or 0 for an onlooker)", spec->viewer, players);
        return false;
    }
    bot_spec bspec;
    char why[160];
    if (!bot_parse(spec->bot ? spec->bot : "random", &bspec, why, sizeof why)) {
        game_set_error(g, "odds: %s", why);
        return false;
    }
    int over = game_over(g);
    if (over < 0) return false;
    int actor = over ? 0 : game_actor(g);
    if (!over && !actor) return false;
    out->viewer = spec->viewer == ODDS_SEAT_TO_PLAY ? actor : spec->viewer;

    grove_vm *vm = game_vm(g);
    lua_State *L = vm->L;
    int top = lua_gettop(L);
    char err[GAME_ERRLEN];
    if (!vm_protect(vm, compile_body, (void *)condition, 1, err, sizeof err)) {
        game_set_error(g, "odds: the condition '%.*s' is no Lua: %s", COND_SHOWN, condition, err);
        return false;
    }
    int fn = lua_gettop(L);

    sample p;
    memset(&p, 0, sizeof p);
    p.moves = spec->moves;
    p.by_turns = turn_key(g, &p.start);
    if (!p.by_turns) p.start = actor;
    size_t size = game_state_size(g);
    uint8_t *root = malloc(size);
    bot **bots = calloc((size_t)players + 1, sizeof *bots);
    if (!root || !bots) game_set_error(g, "out of memory");
    bool ok = root && bots && game_snapshot(g, root);  /* game_snapshot says why it fails */
    bool have_root = ok;
    bool thinking = bspec.kind != BOT_RANDOM;
    for (int seat = 1; ok && thinking && seat <= players; seat++)
        if (!(bots[seat] = bot_new(&bspec))) { game_set_error(g, "out of memory"); ok = false; }

    for (long k = 0; ok && !enough(spec, out->hits, out->samples); k++) {
        uint64_t seed = mix(spec->seed, (uint64_t)k);
        game_restore(g, root);
        if (!game_redeal(g, out->viewer, seed)) { ok = false; break; }
        rng_seed(&p.rng, seed, 0x6f646473ULL);          /* stream "odds" */
        p.played = 0;
        int stopped = 1;
        if (thinking) ok = bots_play(g, &p, bots, &stopped);
        else ok = game_run_raw(g, random_body, &p, &stopped);
        if (ok && !stopped) {
            game_set_error(g, "odds: sample %ld: %s", k + 1, p.why);
            ok = false;
            break;
        }
        if (!ok) {
            if (!vm_cancelled()) {
                snprintf(err, sizeof err, "%s", game_error(g));
                game_set_error(g, "odds: sample %ld, its move %ld: %s", k + 1, p.played + 1, err);
            }
            break;
        }
        bool hit = false;
        if (!(ok = ask(g, fn, condition, k, p.played, &hit))) break;
        out->hits += hit;
        out->samples++;
    }
    if (!ok && vm_cancelled()) {
        out->interrupted = true;
        game_set_error(g, "interrupted");
    }
    if (have_root) game_restore(g, root);               /* the game as it was, whatever happened */
    for (int seat = 1; bots && seat <= players; seat++) bot_free(bots[seat]);
    free(bots);
    free(root);
    lua_settop(L, top);
    out->share = out->samples ? (double)out->hits / (double)out->samples : 0;
    odds_wilson(out->hits, out->samples, &out->low, &out->high);
    return ok;
}

void odds_summary(game *g, const odds_spec *spec, const odds_result *res, char *buf, size_t len)
{
    char ahead[64], player[BOT_NAMELEN], over[96];
    if (spec->moves == ODDS_TURN) snprintf(ahead, sizeof ahead, "to the end of the turn");
    else if (spec->moves == ODDS_END) snprintf(ahead, sizeof ahead, "to the end of the game");
    else if (spec->moves == 0) snprintf(ahead, sizeof ahead, "no move ahead");
    else snprintf(ahead, sizeof ahead, "%d move%s ahead", spec->moves, spec->moves == 1 ? "" : "s");
    bot_spec bspec;
    char why[160];
    if (bot_parse(spec->bot ? spec->bot : "random", &bspec, why, sizeof why)) bot_name(&bspec, player, sizeof player);
    else snprintf(player, sizeof player, "%s", spec->bot);
    if (!game_hidden(g)) snprintf(over, sizeof over, "over chance");
    else if (res->viewer > 0) snprintf(over, sizeof over, "over what seat %d cannot see and chance", res->viewer);
    else snprintf(over, sizeof over, "over what an onlooker cannot see and chance");
    snprintf(buf, len, "%.3f (%.3f-%.3f), %ld sample%s, %s, %s play, %s", res->share, res->low, res->high,
             res->samples, res->samples == 1 ? "" : "s", ahead, player, over);
}
