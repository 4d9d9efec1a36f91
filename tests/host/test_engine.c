/*
 * test_engine.c — the engine's C API as the tools use it (game.h): finding
 * games, playing through the checked path, the history, the result read
 * into C, the render as text, a move's text as each seat may read it,
 * reopening under reread rules, and a fast run. The game itself stays
 * opaque here, as it is to repl/.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "host.h"

static grove_vm *new_vm(void)
{
    const char *src = getenv("GROVE_SOURCE");
    grove_vm *vm = host_new(src ? src : ".");
    assert_non_null(vm);
    return vm;
}

static void test_list_and_about(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    int n;
    game_about *list = game_list(vm, &n);
    assert_non_null(list);
    assert_true(n >= 5);
    bool logger = false;
    for (int i = 0; i < n; i++) {
        if (i) assert_true(strcmp(list[i - 1].name, list[i].name) < 0);      /* sorted, no duplicate */
        assert_string_equal(list[i].error, "");
        if (!strcmp(list[i].name, "logger")) {
            logger = true;
            assert_string_equal(list[i].title, "Logger");
            assert_int_equal(list[i].min_players, 2);
            assert_int_equal(list[i].max_players, 4);
        }
    }
    assert_true(logger);
    free(list);

    game_about about;
    char err[GAME_ERRLEN];
    assert_true(game_about_of(vm, "starfall", &about, err, sizeof err));
    assert_int_equal(about.nvariants, 2);
    assert_string_equal(about.variants[0], "scaredy-snake");
    assert_non_null(strstr(about.folder, "scripts/starfall"));
    assert_false(game_about_of(vm, "nosuch", &about, err, sizeof err));
    assert_non_null(strstr(err, "no game 'nosuch'"));
    assert_string_equal(about.error, err);
    vm_free(vm);
}

static void test_play_undo_redo(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "logger", "", 2, 3, 0, err, sizeof err);
    assert_non_null(g);
    assert_string_equal(game_name(g), "logger");
    assert_int_equal(game_players(g), 2);
    assert_int_equal(game_seed(g), 3);
    assert_false(game_hidden(g));
    assert_true(game_state_size(g) > 0);

    const int64_t *legal;
    int n = game_legal(g, &legal);
    assert_true(n > 0);
    int64_t first = legal[0];
    uint64_t start;
    assert_true(game_hash(g, &start));
    assert_int_equal(game_actor(g), 1);
    assert_true(game_apply(g, first, true, true));
    assert_int_equal(game_position(g), 1);
    assert_int_equal(game_history_length(g), 1);
    assert_int_equal(game_history_move(g, 0), first);
    char text[256];
    int actor;
    assert_true(game_describe_past(g, 0, text, sizeof text, &actor));
    assert_int_equal(actor, 1);

    assert_true(game_undo(g));
    uint64_t h;
    assert_true(game_hash(g, &h));
    assert_int_equal(h, start);
    assert_int_equal(game_position(g), 0);
    assert_int_equal(game_history_length(g), 1);       /* the undone move waits for redo */
    assert_true(game_redo(g));
    assert_int_equal(game_position(g), 1);
    assert_false(game_redo(g));

    /* an illegal move is refused and changes nothing */
    assert_true(game_hash(g, &start));
    assert_false(game_apply(g, first, true, true));
    assert_non_null(strstr(game_error(g), "illegal move"));
    assert_true(game_hash(g, &h));
    assert_int_equal(h, start);
    game_close(g);
    vm_free(vm);
}

static void test_result_render_reopen(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "logger", "", 3, 5, 0, err, sizeof err);
    assert_non_null(g);
    int players = game_players(g);
    double scores[3];
    int ranks[3];
    char shown[3][32];
    game_result res = { .scores = scores, .ranks = ranks, .shown = shown };
    assert_true(game_outcome(g, &res));
    assert_false(res.over);                              /* the game is on */

    char *board = game_render(g, 0);
    assert_non_null(board);
    assert_true(strlen(board) > 20);
    free(board);

    size_t size = game_state_size(g);
    uint8_t *snap = malloc(size);
    assert_non_null(snap);
    assert_true(game_snapshot(g, snap));
    rng_t pick;
    rng_seed(&pick, 1, 7);
    long played = game_playout(g, &pick, 100000);        /* the fast path, to the end */
    assert_true(played > 0);
    assert_int_equal(game_position(g), 0);               /* a playout is not recorded */
    assert_int_equal(game_over(g), 1);
    assert_true(game_outcome(g, &res));
    assert_true(res.over);
    assert_true(res.has_scores);
    for (int i = 0; i < players; i++) {
        assert_true(ranks[i] >= 1 && ranks[i] <= players);
        assert_true(shown[i][0] != '\0');
    }
    game_restore(g, snap);
    assert_int_equal(game_over(g), 0);

    /* reopened under the rule files read again: the same game, at its start */
    const int64_t *legal;
    assert_true(game_legal(g, &legal) > 0);
    assert_true(game_apply(g, legal[0], true, true));
    game *again = game_reopen(g, err, sizeof err);
    assert_non_null(again);
    assert_string_equal(game_name(again), "logger");
    assert_int_equal(game_players(again), 3);
    assert_int_equal(game_seed(again), 5);
    assert_int_equal(game_position(again), 0);
    uint64_t h1, h2;
    game_restore(g, snap);
    assert_true(game_hash(g, &h1));
    assert_true(game_hash(again, &h2));
    assert_int_equal(h1, h2);
    game_reseed(again, 99);                              /* chance only: not a move */
    assert_true(game_hash(again, &h2));
    assert_true(h1 != h2);
    assert_int_equal(game_position(again), 0);
    free(snap);
    game_close(again);
    game_close(g);
    vm_free(vm);
}

/* A move's text as each viewer may read it: a card stashed face down is
 * named to its owner only; the full text names it for records and saves. */
static void test_describe_for(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    char err[GAME_ERRLEN], text[256];
    game *g = game_open(vm, "squirrel", "", 2, 6, 0, err, sizeof err);
    assert_non_null(g);
    int64_t m;
    assert_true(game_parse(g, "play digger", &m));
    assert_true(game_apply(g, m, true, true));
    assert_true(game_parse(g, "stash glider", &m));
    uint64_t before, after;
    assert_true(game_hash(g, &before));
    assert_true(game_describe(g, m, text, sizeof text));
    assert_string_equal(text, "stash glider");
    assert_true(game_describe_for(g, m, GAME_FULL_TEXT, text, sizeof text));
    assert_string_equal(text, "stash glider");
    assert_true(game_describe_for(g, m, 1, text, sizeof text));
    assert_string_equal(text, "stash glider");
    assert_true(game_describe_for(g, m, 2, text, sizeof text));
    assert_string_equal(text, "stash a card");
    assert_true(game_describe_for(g, m, 0, text, sizeof text));
    assert_string_equal(text, "stash a card");
    assert_false(game_describe_for(g, m, 3, text, sizeof text));
    assert_non_null(strstr(game_error(g), "no seat 3"));
    assert_true(game_hash(g, &after));
    assert_int_equal(after, before);

    assert_true(game_apply(g, m, true, true));
    int actor = 0;
    assert_true(game_describe_past_for(g, 1, 2, text, sizeof text, &actor));
    assert_string_equal(text, "stash a card");
    assert_int_equal(actor, 1);
    assert_true(game_describe_past(g, 1, text, sizeof text, &actor));
    assert_string_equal(text, "stash glider");
    game_close(g);
    vm_free(vm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_list_and_about),
        cmocka_unit_test(test_play_undo_redo),
        cmocka_unit_test(test_result_render_reopen),
        cmocka_unit_test(test_describe_for),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
