/*
 * lua_game.c — the Game object tools use (`grove run`, `grove test`, the
 * REPL's Lua prompt): open a game, play moves by text or number, look at
 * the state, undo, play out, ask a bot or the odds of something.
 *
 *   local g = games.open("logger", {players = 2, seed = 7})
 *   g:play("place a1")            -- raises with the reason if illegal
 *   g.state.board:get("c3", "tree")
 */
#include <lauxlib.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "lua_game.h"

#include "bind.h"
#include "bots.h"

#define T_GAME BIND_TYPE_ABOVE     /* the Game's second word (bind.h) */

typedef struct {
    uint32_t magic, type;   /* BIND_MAGIC, T_GAME */
    game *g;                /* NULL once closed or detached */
    int owned;              /* close g when collected */
} lgame;

static game *check_game(lua_State *L, int idx)
{
    lgame *lg = bind_test(L, idx, T_GAME);
    if (!lg) luaL_typeerror(L, idx, "Game");
    if (!lg->g) luaL_error(L, "attempt to use a closed Game");
    return lg->g;
}

void lua_game_push(lua_State *L, game *g, bool owned)
{
    lgame *lg = lua_newuserdatauv(L, sizeof *lg, 0);
    lg->magic = BIND_MAGIC;
    lg->type = T_GAME;
    lg->g = g;
    lg->owned = owned;
    luaL_setmetatable(L, "Game");
}

void lua_game_detach(lua_State *L, int idx)
{
    lgame *lg = bind_test(L, idx, T_GAME);
    if (lg) lg->g = NULL;
}

/* Why the text is no legal move: the game's reason (game_refusal) when it
 * is a move of the game, else game_parse's error. Pushes it. */
static void push_refusal(lua_State *L, game *g, const char *text)
{
    char parse_err[GAME_ERRLEN], why[GAME_ERRLEN];
    snprintf(parse_err, sizeof parse_err, "%s", game_error(g));
    int rc = game_refusal(g, text, why, sizeof why);
    if (rc == 1) lua_pushfstring(L, "'%s': %s", text, why);
    else lua_pushstring(L, rc < 0 ? game_error(g) : parse_err);
}

/* A move argument: an integer move, or a text to parse. */
static int64_t check_move(lua_State *L, game *g, int idx)
{
    if (lua_isinteger(L, idx)) return lua_tointeger(L, idx);
    const char *text = luaL_checkstring(L, idx);
    int64_t m;
    if (!game_parse(g, text, &m)) {
        push_refusal(L, g, text);
        luaL_error(L, "%s", lua_tostring(L, -1));      /* with the caller's line */
    }
    return m;
}

/* games.open(name, {players =, seed =, variants = "a,b", <options>}) -> Game */
static int l_open(lua_State *L)
{
    grove_vm *vm = vm_of(L);
    const char *name = luaL_checkstring(L, 1);
    int players = 0;
    bool players_given = false;
    lua_Integer seed = 1;
    char variants[GAME_MAX_VARIANTS] = "";
    int opts = 0;
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        /* copy, so the options table seen by setup holds only real options */
        lua_newtable(L);
        opts = lua_gettop(L);
        lua_pushnil(L);
        while (lua_next(L, 2)) {
            const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
            if (!strcmp(k, "players")) {
                lua_Integer n = luaL_checkinteger(L, -1);
                if (n < INT_MIN || n > INT_MAX) return luaL_error(L, "games.open: players = %I is no seat count", n);
                players = (int)n;           /* game_open says which counts the game allows */
                players_given = true;
            }
            else if (!strcmp(k, "seed")) seed = luaL_checkinteger(L, -1);
            else if (!strcmp(k, "variants")) snprintf(variants, sizeof variants, "%s", luaL_checkstring(L, -1));
            else { lua_pushvalue(L, -2); lua_insert(L, -2); lua_rawset(L, opts); continue; }
            lua_pop(L, 1);
        }
    }
    char err[GAME_ERRLEN];
    if (!players_given) {
        /* the game's usual count, as its variants allow it */
        game_counts counts;
        if (!game_counts_of(vm, name, variants, &counts, err, sizeof err)) return luaL_error(L, "%s", err);
        players = counts.def;
    }
    game *g = game_open(vm, name, variants, players, (uint64_t)seed, opts, err, sizeof err);
    if (!g) return luaL_error(L, "%s", err);
    lua_game_push(L, g, true);
    return 1;
}

static int l_play(lua_State *L)
{
    game *g = check_game(L, 1);
    int64_t m = check_move(L, g, 2);
    if (!game_apply(g, m, true, true)) return luaL_error(L, "%s", game_error(g));
    lua_pushinteger(L, m);
    return 1;
}

/* g:try(move) -> true | false, why (never raises for a bad move) */
static int l_try(lua_State *L)
{
    game *g = check_game(L, 1);
    int64_t m;
    if (lua_isinteger(L, 2)) m = lua_tointeger(L, 2);
    else if (!game_parse(g, luaL_checkstring(L, 2), &m)) {
        lua_pushboolean(L, 0);
        push_refusal(L, g, lua_tostring(L, 2));
        return 2;
    }
    if (!game_apply(g, m, true, true)) {
        lua_pushboolean(L, 0);
        lua_pushstring(L, game_error(g));
        return 2;
    }
    lua_pushboolean(L, 1);
    return 1;
}

/* g:legal() -> the legal moves as integers */
static int l_legal(lua_State *L)
{
    game *g = check_game(L, 1);
    const int64_t *moves;
    int n = game_legal(g, &moves);
    if (n < 0) return luaL_error(L, "%s", game_error(g));
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, moves[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* The optional viewer argument at idx: a seat, 0 for an onlooker, or
 * GAME_FULL_TEXT when absent (nil). */
static int opt_viewer(lua_State *L, game *g, int idx)
{
    if (lua_isnoneornil(L, idx)) return GAME_FULL_TEXT;
    lua_Integer v = luaL_checkinteger(L, idx);
    if (v < 0 || v > game_players(g))
        luaL_argerror(L, idx, lua_pushfstring(L, "no seat %I (1..%d, or 0 for an onlooker)", v, game_players(g)));
    return (int)v;
}

/* g:moves([viewer]) -> the legal moves as texts, in the script's order (as
 * viewer may read them, when given) */
static int l_moves(lua_State *L)
{
    game *g = check_game(L, 1);
    int viewer = opt_viewer(L, g, 2);
    const int64_t *moves;
    int n = game_legal(g, &moves);
    if (n < 0) return luaL_error(L, "%s", game_error(g));
    int64_t *copy = lua_newuserdatauv(L, sizeof(int64_t) * (size_t)(n + 1), 0);
    memcpy(copy, moves, sizeof(int64_t) * (size_t)n);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        char text[256];
        if (!game_describe_for(g, copy[i], viewer, text, sizeof text)) return luaL_error(L, "%s", game_error(g));
        lua_pushstring(L, text);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* g:describe(move, [viewer]) -> the move's text (as viewer may read it) */
static int l_describe(lua_State *L)
{
    game *g = check_game(L, 1);
    int64_t m = luaL_checkinteger(L, 2);
    int viewer = opt_viewer(L, g, 3);
    char text[256];
    if (!game_describe_for(g, m, viewer, text, sizeof text)) return luaL_error(L, "%s", game_error(g));
    lua_pushstring(L, text);
    return 1;
}

static int l_parse(lua_State *L)
{
    game *g = check_game(L, 1);
    int64_t m;
    if (!game_parse(g, luaL_checkstring(L, 2), &m)) {
        lua_pushnil(L);
        lua_pushstring(L, game_error(g));
        return 2;
    }
    lua_pushinteger(L, m);
    return 1;
}

static int l_actor(lua_State *L)
{
    game *g = check_game(L, 1);
    int over = game_over(g);
    if (over < 0) return luaL_error(L, "%s", game_error(g));
    if (over) { lua_pushnil(L); return 1; }
    int seat = game_actor(g);
    if (!seat) return luaL_error(L, "%s", game_error(g));
    lua_pushinteger(L, seat);
    return 1;
}

static int l_result(lua_State *L)
{
    game *g = check_game(L, 1);
    if (!game_push_result(g)) return luaL_error(L, "%s", game_error(g));
    return 1;
}

static int l_over(lua_State *L)
{
    game *g = check_game(L, 1);
    int over = game_over(g);
    if (over < 0) return luaL_error(L, "%s", game_error(g));
    lua_pushboolean(L, over);
    return 1;
}

static int l_render(lua_State *L)
{
    game *g = check_game(L, 1);
    if (!game_push_render(g, (int)luaL_optinteger(L, 2, 0))) return luaL_error(L, "%s", game_error(g));
    return 1;
}

/* g:picture([viewer], [status]) -> the position as SVG text for that seat */
static int l_picture(lua_State *L)
{
    game *g = check_game(L, 1);
    lua_Integer viewer = luaL_optinteger(L, 2, 0);
    luaL_argcheck(L, viewer >= 0 && viewer <= game_players(g), 2, "not a seat of this game (0: an onlooker)");
    const char *status = luaL_optstring(L, 3, NULL);
    if (!game_push_picture(g, (int)viewer, status)) return luaL_error(L, "%s", game_error(g));
    return 1;
}

static int l_undo(lua_State *L)
{
    lua_pushboolean(L, game_undo(check_game(L, 1)));
    return 1;
}

static int l_redo(lua_State *L)
{
    game *g = check_game(L, 1);
    if (game_position(g) >= game_history_length(g) && !game_pending(g)) { lua_pushboolean(L, 0); return 1; }
    if (!game_redo(g)) return luaL_error(L, "%s", game_error(g));
    lua_pushboolean(L, 1);
    return 1;
}

static int l_hash(lua_State *L)
{
    game *g = check_game(L, 1);
    uint64_t h;
    if (!game_hash(g, &h)) return luaL_error(L, "%s", game_error(g));
    lua_pushinteger(L, (lua_Integer)h);
    return 1;
}

/* g:components() -> { {name =, kind =, words =, hash =}, ... }: the position
 * as saves compare it, component by component (game_component_at) */
static int l_components(lua_State *L)
{
    game *g = check_game(L, 1);
    if (!game_sync(g)) return luaL_error(L, "%s", game_error(g));
    int n = game_components(g);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        game_component c;
        game_component_at(g, i, &c);
        lua_createtable(L, 0, 4);
        lua_pushstring(L, c.name); lua_setfield(L, -2, "name");
        lua_pushstring(L, c.kind); lua_setfield(L, -2, "kind");
        lua_pushinteger(L, (lua_Integer)c.words); lua_setfield(L, -2, "words");
        lua_pushinteger(L, (lua_Integer)c.hash); lua_setfield(L, -2, "hash");
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* g:history() -> the entries played: moves as integers, edits as their
 * Lua source */
static int l_history(lua_State *L)
{
    game *g = check_game(L, 1);
    int n = game_position(g);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        const char *edit = game_history_edit(g, i);
        if (edit) lua_pushstring(L, edit);
        else lua_pushinteger(L, game_history_move(g, i));
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* g:edit(code): run Lua code on the state (`s` is the State), recorded in
 * the history as an edit: undo takes it back, saves keep it. */
static int l_edit(lua_State *L)
{
    game *g = check_game(L, 1);
    if (!game_edit(g, luaL_checkstring(L, 2))) return luaL_error(L, "%s", game_error(g));
    return 0;
}

/* g:said([viewer [, n]]) -> the lines the rules said (s:say) at move n of
 * the history (default: the last one played; 0: setup) that `viewer` (a
 * seat, 0 for an onlooker) may read; nil viewer: every line. */
static int l_said(lua_State *L)
{
    game *g = check_game(L, 1);
    int viewer = (int)luaL_optinteger(L, 2, -1);
    if (!lua_isnoneornil(L, 2) && (viewer < 0 || viewer > game_players(g)))
        return luaL_error(L, "said: no seat %d (1..%d, or 0 for an onlooker)", viewer, game_players(g));
    lua_Integer n = luaL_optinteger(L, 3, game_position(g));
    if (n < 0 || n > game_position(g))
        return luaL_error(L, "said: no move %I (0 for setup, 1..%d)", n, game_position(g));
    const char *said = game_entry_said(g, (int)n - 1);
    lua_newtable(L);
    game_line line;
    int k = 0;
    while (game_said_next(&said, &line)) {
        if (!game_line_for(&line, viewer)) continue;
        lua_pushlstring(L, line.text, (size_t)line.len);
        lua_rawseti(L, -2, ++k);
    }
    return 1;
}

/* g:redeal(seat, seed): re-deal the cards `seat` cannot see, consistently
 * with what it sees, and reseed the game's chance (a determinization, as a
 * bot samples one). Not a move: undo goes back past it. */
static int l_redeal(lua_State *L)
{
    game *g = check_game(L, 1);
    lua_Integer seat = luaL_checkinteger(L, 2);
    lua_Integer seed = luaL_checkinteger(L, 3);
    if (seat < 0 || seat > game_players(g))
        return luaL_error(L, "redeal: no seat %I (1..%d, or 0 for an onlooker)", seat, game_players(g));
    if (!game_redeal(g, (int)seat, (uint64_t)seed)) return luaL_error(L, "%s", game_error(g));
    return 0;
}

/* g:choose(bot, [seed]) -> move, text: what a bot ("random", "greedy",
 * "mcts", "mcts:500", "mcts:2s") would play here, seeing only its seat's
 * view, and the move's full text (as g:play reads it back; the number
 * comes first, so a caller that takes one value keeps working); the game
 * is left as it was (the move is not played). */
static int l_choose(lua_State *L)
{
    game *g = check_game(L, 1);
    const char *kind = luaL_checkstring(L, 2);
    lua_Integer seed = luaL_optinteger(L, 3, 1);
    bot_spec spec;
    char why[160];
    if (!bot_parse(kind, &spec, why, sizeof why)) return luaL_error(L, "%s", why);
    int64_t m;
    if (!bot_choose(g, &spec, (uint64_t)seed, &m, NULL)) return luaL_error(L, "%s", game_error(g));
    char text[GAME_MOVE_TEXT_MAX + 1];
    if (!game_describe(g, m, text, sizeof text)) return luaL_error(L, "%s", game_error(g));
    lua_pushinteger(L, m);
    lua_pushstring(L, text);
    return 2;
}

/* g:odds(condition, [{moves = N | "turn" | "end", samples =, bot =, viewer =,
 * seed =}]) -> share, low, high, samples: how often the condition (Lua
 * text, on s, winner, result, played) holds some moves from here, over
 * what the viewer cannot see and chance (odds_run). The game is left as
 * it was. */
static int l_odds(lua_State *L)
{
    game *g = check_game(L, 1);
    const char *condition = luaL_checkstring(L, 2);
    odds_spec spec;
    odds_spec_default(g, &spec);
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        lua_pushnil(L);
        while (lua_next(L, 3)) {                        /* [.., key, value] */
            const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
            if (!strcmp(k, "moves")) {
                const char *w = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
                if (w && !strcmp(w, "turn")) spec.moves = ODDS_TURN;
                else if (w && !strcmp(w, "end")) spec.moves = ODDS_END;
                else if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 0 && lua_tointeger(L, -1) <= ODDS_MAX_MOVES)
                    spec.moves = (int)lua_tointeger(L, -1);
                else return luaL_error(L, "odds: moves = %s: give a number of moves (0..%d), \"turn\" or \"end\"",
                                       luaL_tolstring(L, -1, NULL), ODDS_MAX_MOVES);
            } else if (!strcmp(k, "samples")) {
                if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > ODDS_MAX_SAMPLES)
                    return luaL_error(L, "odds: samples = %s: give a whole number from 1 to %d",
                                      luaL_tolstring(L, -1, NULL), ODDS_MAX_SAMPLES);
                spec.samples = (long)lua_tointeger(L, -1);
            } else if (!strcmp(k, "bot")) {
                spec.bot = luaL_checkstring(L, -1);     /* kept alive by the options table */
            } else if (!strcmp(k, "viewer")) {
                lua_Integer v = luaL_checkinteger(L, -1);
                if (v < 0 || v > game_players(g))
                    return luaL_error(L, "odds: viewer = %I: no seat (1..%d, or 0 for an onlooker)", v, game_players(g));
                spec.viewer = (int)v;
            } else if (!strcmp(k, "seed")) {
                spec.seed = (uint64_t)luaL_checkinteger(L, -1);
            } else {
                return luaL_error(L, "odds: no option '%s' (moves, samples, bot, viewer, seed)", luaL_tolstring(L, -2, NULL));
            }
            lua_pop(L, 1);
        }
    }
    odds_result res;
    if (!odds_run(g, condition, &spec, &res)) return luaL_error(L, "%s", game_error(g));
    lua_pushnumber(L, res.share);
    lua_pushnumber(L, res.low);
    lua_pushnumber(L, res.high);
    lua_pushinteger(L, res.samples);
    return 4;
}

/* g:hidden() -> true when some card zone hides its faces from some seat */
static int l_hidden(lua_State *L)
{
    lua_pushboolean(L, game_hidden(check_game(L, 1)));
    return 1;
}

/* g:playout([seed], [max_moves]) -> moves played: random legal moves to the
 * end, recorded in the history (so they can be undone and inspected). */
static int l_playout(lua_State *L)
{
    game *g = check_game(L, 1);
    rng_t pick;
    rng_seed(&pick, (uint64_t)luaL_optinteger(L, 2, 1), 7);
    lua_Integer max = luaL_optinteger(L, 3, 100000);
    long n = 0;
    while (n < max) {
        const int64_t *moves;
        int nlegal = game_legal(g, &moves);
        if (nlegal < 0) return luaL_error(L, "%s", game_error(g));
        if (nlegal == 0) break;
        int64_t m = moves[rng_below(&pick, (uint32_t)nlegal)];
        if (!game_apply(g, m, false, true)) return luaL_error(L, "%s", game_error(g));
        n++;
    }
    lua_pushinteger(L, n);
    return 1;
}

static int l_save_text(lua_State *L)
{
    game *g = check_game(L, 1);
    char *text = game_save_text(g);
    if (!text) return luaL_error(L, "%s", game_error(g));
    lua_pushstring(L, text);
    free(text);
    return 1;
}

/* games.load(text) -> Game, note (nil when nothing changed since the save),
 * report (what game_loaded says: see types/games.lua), or nil, why */
static int l_load(lua_State *L)
{
    const char *text = luaL_checkstring(L, 1);
    char err[GAME_ERRLEN];
    game *g = game_load_text(vm_of(L), text, err, sizeof err);
    if (!g) {
        lua_pushnil(L);
        lua_pushstring(L, err);
        return 2;
    }
    lua_game_push(L, g, true);                       /* [game] */
    const game_load_report *rep = game_loaded(g);
    if (rep->note[0]) lua_pushstring(L, rep->note);
    else lua_pushnil(L);                             /* [game, note] */
    lua_createtable(L, 0, 12);                       /* [game, note, report] */
    lua_pushinteger(L, rep->format); lua_setfield(L, -2, "format");
    lua_pushboolean(L, rep->rules_changed); lua_setfield(L, -2, "rules_changed");
    if (rep->version[0]) { lua_pushstring(L, rep->version); lua_setfield(L, -2, "version"); }
    lua_pushinteger(L, rep->entries); lua_setfield(L, -2, "moves");
    lua_pushinteger(L, rep->replayed); lua_setfield(L, -2, "replayed");
    if (rep->failed >= 0) {
        lua_pushinteger(L, rep->failed + 1); lua_setfield(L, -2, "failed");
        lua_pushstring(L, rep->text); lua_setfield(L, -2, "text");
        lua_pushstring(L, rep->why); lua_setfield(L, -2, "why");
        lua_pushboolean(L, rep->edit); lua_setfield(L, -2, "edit");
        lua_pushinteger(L, rep->actor); lua_setfield(L, -2, "seat");
    }
    if (rep->layout[0]) { lua_pushstring(L, rep->layout); lua_setfield(L, -2, "layout"); }
    lua_pushinteger(L, rep->compared); lua_setfield(L, -2, "compared");
    if (rep->differs_after >= 0) {
        lua_pushinteger(L, rep->differs_after); lua_setfield(L, -2, "differs_after");
        lua_pushstring(L, rep->differs_in); lua_setfield(L, -2, "differs_in");
    }
    return 3;
}

static int l_close(lua_State *L)
{
    lgame *lg = bind_test(L, 1, T_GAME);
    if (lg && lg->g && lg->owned) game_close(lg->g);
    if (lg) lg->g = NULL;
    return 0;
}

static int l_index(lua_State *L)
{
    game *g = check_game(L, 1);
    const char *k = luaL_checkstring(L, 2);
    if (!strcmp(k, "state")) { game_push_state(g); return 1; }
    if (!strcmp(k, "players")) { lua_pushinteger(L, game_players(g)); return 1; }
    if (!strcmp(k, "name")) { lua_pushstring(L, game_name(g)); return 1; }
    if (!strcmp(k, "seed")) { lua_pushinteger(L, (lua_Integer)game_seed(g)); return 1; }
    if (!strcmp(k, "variants")) { lua_pushstring(L, game_variants(g)); return 1; }
    if (!strcmp(k, "definition")) { game_push_def(g); return 1; }
    luaL_getmetatable(L, "Game");
    lua_getfield(L, -1, "methods");
    lua_getfield(L, -1, k);
    return 1;
}

static int l_tostring(lua_State *L)
{
    lgame *lg = bind_test(L, 1, T_GAME);
    if (!lg || !lg->g) lua_pushliteral(L, "Game(closed)");
    else lua_pushfstring(L, "Game(%s, %d players, seed %I, %d moves)", game_name(lg->g), game_players(lg->g),
                         (lua_Integer)game_seed(lg->g), game_position(lg->g));
    return 1;
}

static void register_game(lua_State *L)
{
    static const luaL_Reg methods[] = {
        { "play", l_play }, { "try", l_try }, { "legal", l_legal }, { "moves", l_moves },
        { "describe", l_describe }, { "parse", l_parse }, { "actor", l_actor },
        { "result", l_result }, { "over", l_over }, { "render", l_render },
        { "picture", l_picture },
        { "undo", l_undo }, { "redo", l_redo }, { "hash", l_hash }, { "components", l_components }, { "history", l_history },
        { "playout", l_playout }, { "redeal", l_redeal }, { "edit", l_edit }, { "said", l_said }, { "choose", l_choose }, { "odds", l_odds }, { "hidden", l_hidden }, { "save_text", l_save_text }, { "close", l_close },
        { NULL, NULL },
    };
    luaL_newmetatable(L, "Game");
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "methods");
    lua_pushcfunction(L, l_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, l_close);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, l_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);
}

/* ---- games.list ---------------------------------------------------------- */

/* games.list() -> list of {name =, folder =, overlay_variants = {...},
 * definition = | error =}, by name */
static int l_list(lua_State *L)
{
    grove_vm *vm = vm_of(L);
    int n;
    game_about *list = game_list(vm, &n);
    if (!list) return luaL_error(L, "out of memory listing the games");
    /* the list lives in a userdata while Lua runs, so an error frees it */
    game_about *kept = lua_newuserdatauv(L, (size_t)(n ? n : 1) * sizeof *kept, 0);
    memcpy(kept, list, (size_t)n * sizeof *kept);
    free(list);
    lua_createtable(L, n, 0);
    for (int k = 0; k < n; k++) {
        const game_about *a = &kept[k];
        lua_createtable(L, 0, 6);
        lua_pushstring(L, a->name);
        lua_setfield(L, -2, "name");
        lua_pushstring(L, a->folder);
        lua_setfield(L, -2, "folder");
        lua_createtable(L, a->noverlays, 0);
        for (int v = 0; v < a->noverlays; v++) {
            lua_pushstring(L, a->overlays[v]);
            lua_rawseti(L, -2, v + 1);
        }
        lua_setfield(L, -2, "overlay_variants");
        char err[GAME_ERRLEN];
        if (!a->error[0] && game_load_def(vm, a->name, "", false, err, sizeof err)) {
            lua_setfield(L, -2, "definition");         /* from the cache game_list filled */
        } else {
            lua_pushstring(L, a->error[0] ? a->error : err);
            lua_setfield(L, -2, "error");
        }
        lua_rawseti(L, -2, k + 1);
    }
    return 1;
}

/* games.add_path(dir): also look for scripts/NAME/ (and stdlib/) in dir. */
static int l_add_path(lua_State *L)
{
    const char *dir = luaL_checkstring(L, 1);
    if (!vm_add_path(vm_of(L), dir)) return luaL_error(L, "cannot add '%s' to the search path (full?)", dir);
    return 0;
}

void lua_game_open(lua_State *L)
{
    static const luaL_Reg fns[] = {
        { "open", l_open }, { "list", l_list }, { "load", l_load }, { "add_path", l_add_path },
        { NULL, NULL },
    };
    register_game(L);
    luaL_newlib(L, fns);
}
