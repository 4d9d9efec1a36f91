/*
 * moves.c — fuzz target: move texts typed at a game.
 *
 * Input: the first byte picks a game, its player count, variants and seed
 * (fuzz_pick in common.c); the rest is lines. Each line is given to
 * game_parse, and a move it accepts is applied (legality checked). Three
 * kinds of line are the harness's own, to reach positions deep in a game:
 *   #N      play legal move number N (modulo their count)
 *   #undo   take back a move        #redo   play it again
 *
 * What must hold (else fuzz_fail aborts):
 * - a line parse refuses says why and leaves the state hash and history
 *   as they were;
 * - a move parse accepts applies; a legal move's text (describe) parses
 *   back to that move, since save files replay moves by their text;
 * - undo brings back the hash from before the move, redo the one after;
 * - at the end, result, render (every seat's view) and actor work, and the
 *   game saves and loads back to the same state;
 * - the Lua stack is empty between calls.
 */
#include <ctype.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static void check_stack(lua_State *L, const char *after)
{
    if (lua_gettop(L) != 0) fuzz_fail("%s left %d values on the Lua stack", after, lua_gettop(L));
}

static uint64_t hash_of(game *g)
{
    uint64_t h;
    if (!game_hash(g, &h)) fuzz_fail("game_hash: %s", game_error(g));
    return h;
}

/* "#N" with N a number of at most 9 digits: its value, else -1. */
static long move_number(const char *line)
{
    if (line[0] != '#' || !isdigit((unsigned char)line[1])) return -1;
    long n = 0;
    for (const char *p = line + 1; *p; p++) {
        if (!isdigit((unsigned char)*p) || p - line > 9) return -1;
        n = n * 10 + (*p - '0');
    }
    return n;
}

/* A move from text: must apply if parse accepts it; must change nothing if not. */
static void play_text(game *g, const char *line)
{
    uint64_t before = hash_of(g);
    int ncur = game_position(g), nhist = game_history_length(g);
    int64_t m;
    if (game_parse(g, line, &m)) {
        if (!game_apply(g, m, true, true))
            fuzz_fail("'%s' parses to a legal move that does not apply: %s", line, game_error(g));
        return;
    }
    if (!game_error(g)[0]) fuzz_fail("'%s' refused without a reason", line);
    if (hash_of(g) != before || game_position(g) != ncur || game_history_length(g) != nhist)
        fuzz_fail("'%s' was refused (%s) but the game changed", line, game_error(g));
}

/* Legal move number n: its text must parse back to it; it must apply. */
static void play_number(game *g, long n)
{
    const int64_t *legal;
    int nlegal = game_legal(g, &legal);
    if (nlegal < 0) fuzz_fail("moves: %s", game_error(g));
    if (nlegal == 0) return;                        /* the game is over */
    int64_t m = legal[n % nlegal];
    char text[256];
    if (!game_describe(g, m, text, sizeof text)) fuzz_fail("describe: %s", game_error(g));
    int64_t back;
    if (!game_parse(g, text, &back))
        fuzz_fail("the legal move '%s' does not parse: %s", text, game_error(g));
    if (back != m) {
        char other[256];
        game_describe(g, back, other, sizeof other);
        fuzz_fail("the legal move '%s' parses to another move, '%s': a save file would replay the wrong one",
                  text, other);
    }
    if (!game_apply(g, m, true, true)) fuzz_fail("the legal move '%s' does not apply: %s", text, game_error(g));
}

/* The end of the input: everything a person can ask about the position,
 * and a save file of it that must load back to the same state. */
static void check_end(grove_vm *vm, game *g)
{
    lua_State *L = vm->L;
    if (!game_push_result(g)) fuzz_fail("result: %s", game_error(g));
    lua_pop(L, 1);
    int over = game_over(g);
    if (over < 0) fuzz_fail("moves: %s", game_error(g));
    if (!over && !game_actor(g)) fuzz_fail("actor: %s", game_error(g));
    for (int viewer = 0; viewer <= game_players(g); viewer++) {
        if (!game_push_render(g, viewer)) fuzz_fail("render for seat %d: %s", viewer, game_error(g));
        lua_pop(L, 1);
    }
    check_stack(L, "result, actor and render");
    char *text = game_save_text(g);
    if (!text) fuzz_fail("saving: out of memory");
    char err[GAME_ERRLEN];
    game *back = game_load_text(vm, text, err, sizeof err);
    if (!back) fuzz_fail("a game saved after %d moves does not load: %s\n%s", game_position(g), err, text);
    if (hash_of(back) != hash_of(g) || game_position(back) != game_position(g))
        fuzz_fail("a game saved after %d moves loads to a different state\n%s", game_position(g), text);
    game_close(back);
    free(text);
    check_stack(L, "save and load");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    grove_vm *vm = fuzz_vm();
    fuzz_setup su;
    fuzz_pick(vm, data[0], &su);
    game *g = fuzz_open(vm, &su);
    char *text = fuzz_text(data + 1, size - 1);
    size_t lines = 1;
    for (size_t i = 0; i + 1 < size; i++) lines += data[1 + i] == '\n';
    uint64_t *hash_at = malloc((lines + 1) * sizeof *hash_at);   /* hash_at[i]: after move i */
    if (!hash_at) fuzz_fail("out of memory");
    hash_at[0] = hash_of(g);

    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        long n = move_number(line);
        if (!strcmp(line, "#undo")) {
            uint64_t before = hash_of(g);
            if (game_undo(g)) {
                if (hash_of(g) != hash_at[game_position(g)]) fuzz_fail("undo to move %d: not the state of then", game_position(g));
            } else if (hash_of(g) != before) {
                fuzz_fail("an undo with nothing to undo changed the game");
            }
        } else if (!strcmp(line, "#redo")) {
            uint64_t before = hash_of(g);
            bool can = game_position(g) < game_history_length(g);
            if (game_redo(g)) {
                if (hash_of(g) != hash_at[game_position(g)]) fuzz_fail("redo of move %d: not the state of before", game_position(g));
            } else if (can) {
                fuzz_fail("redo of move %d failed: %s", game_position(g) + 1, game_error(g));
            } else if (hash_of(g) != before) {
                fuzz_fail("a redo with nothing to redo changed the game");
            }
        } else if (n >= 0) {
            play_number(g, n);
            hash_at[game_position(g)] = hash_of(g);
        } else {
            int ncur = game_position(g);
            play_text(g, line);
            if (game_position(g) != ncur) hash_at[game_position(g)] = hash_of(g);
        }
        check_stack(vm->L, line);
    }
    check_end(vm, g);
    game_close(g);
    free(hash_at);
    free(text);
    return 0;
}
