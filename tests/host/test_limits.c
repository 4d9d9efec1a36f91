/*
 * test_limits.c — bounds a rule script cannot break (issue 34): the C
 * stack it may use, whatever the thread and its stack size; the memory the
 * host allocates on its behalf (the state, the move list, the history, a
 * bot's tree, a move's narration); a result whose ranks and winners
 * disagree. Each limit is reached by a fixture game of
 * tests/fixtures/scripts/ and refused with a message naming the script
 * line, the game left as it was (the narration is cut, and says so).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <lauxlib.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots.h"
#include "game.h"
#include "host.h"

static grove_vm *new_vm(void)
{
    grove_vm *vm = host_new(".");
    assert_non_null(vm);
    assert_true(vm_add_path(vm, "tests/fixtures"));
    return vm;
}

/* ---- the C stack ------------------------------------------------------------------- */

#define NEST 1                  /* deepstack's move kinds */
#define WAIT 2

/* What a thread of deepstack reports: NULL if all went as it should, else
 * what did not (cmocka's checks belong to the main thread). */
typedef struct {
    const char *failed;
    char detail[GAME_ERRLEN + 64];
} nest_report;

/* Play deepstack's "nest" (150 coroutines closed inside one another, each
 * 150 pcalls deep) on the checked path and in random playouts on the fast
 * path: each is refused, naming the line, and the checked one leaves the
 * state as it was. Before, it overflowed the C stack (SIGSEGV). */
static void *nest_in_this_thread(void *arg)
{
    nest_report *r = arg;
    char err[GAME_ERRLEN];
    grove_vm *vm = new_vm();
    game *g = game_open(vm, "deepstack", "", 1, 1, 0, err, sizeof err);
    if (!g) {
        r->failed = "open";
        snprintf(r->detail, sizeof r->detail, "%s", err);
        vm_free(vm);
        return NULL;
    }
    uint64_t before = 0;
    game_hash(g, &before);
    uint64_t after = 0;
    if (game_apply(g, move_make(NEST, 0, 0, 0), true, true)) {
        r->failed = "the checked nest was played";
    } else if (!strstr(game_error(g), "apply: scripts/deepstack/game.lua:")
               || !strstr(game_error(g), ": the script nests too deep: ")) {
        r->failed = "the checked nest's error";
        snprintf(r->detail, sizeof r->detail, "%s", game_error(g));
    } else if (!game_hash(g, &after) || after != before || game_position(g) != 0) {
        r->failed = "the checked nest changed the game";
    } else {
        rng_t pick;
        rng_seed(&pick, 1, 1);
        void *start = malloc(game_state_size(g));
        game_snapshot(g, start);
        vm_watch_start(vm, 60000);  /* the bound of the C stack is tested, not the watchdog: time enough under valgrind */
        long n = 0;
        for (int i = 0; i < 4 && n >= 0; i++) {           /* "nest" comes in some playout */
            game_restore(g, start);
            n = game_playout(g, &pick, 10);
        }
        vm_watch_stop(vm);
        game_restore(g, start);
        free(start);
        if (n >= 0) {
            r->failed = "no playout met the nest";
        } else if (!strstr(game_error(g), "scripts/deepstack/game.lua:")
                   || !strstr(game_error(g), ": the script nests too deep: ")) {
            r->failed = "the fast nest's error";
            snprintf(r->detail, sizeof r->detail, "%s", game_error(g));
        }
    }
    game_close(g);
    vm_free(vm);
    return NULL;
}

static void nest_in_a_thread_of(size_t stack)
{
    nest_report r = { NULL, "" };
    pthread_attr_t attr;
    pthread_t t;
    assert_int_equal(pthread_attr_init(&attr), 0);
    assert_int_equal(pthread_attr_setstacksize(&attr, stack), 0);
    assert_int_equal(pthread_create(&t, &attr, nest_in_this_thread, &r), 0);
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
    if (r.failed) fail_msg("a thread of %zu KiB: %s %s", stack >> 10, r.failed, r.detail);
}

static void nested_closes_are_refused_in_the_main_thread(void **st)
{
    (void)st;
    nest_report r = { NULL, "" };
    nest_in_this_thread(&r);
    if (r.failed) fail_msg("%s %s", r.failed, r.detail);
}

static void nested_closes_are_refused_in_any_thread(void **st)
{
    (void)st;
    nest_in_a_thread_of((size_t)512 << 10);
    nest_in_a_thread_of((size_t)2 << 20);
    nest_in_a_thread_of((size_t)64 << 20);   /* the bound stays 1 MiB however much there is */
}

/* ---- a result's ranks and winners ------------------------------------------------ */

static game *open_verdict(grove_vm *vm, int players, const char *result)
{
    char err[GAME_ERRLEN], opt[64];
    game_settings set = { 0 };
    snprintf(opt, sizeof opt, "result=%s", result);
    assert_true(game_settings_add(&set, opt, err, sizeof err));
    game *g = game_open_with(vm, "verdict", "", players, 1, &set, err, sizeof err);
    if (!g) fail_msg("%s", err);
    return g;
}

/* Every seat steps once: the game is over. */
static void play_to_the_end(game *g)
{
    for (int i = 0; i < game_players(g); i++)
        assert_true(game_apply(g, move_make(1, 1, 0, 0), true, true));
}

/* Issue 34: a result whose ranks and winners disagree (in Squirrel Island
 * solo, a tie given ranks {2} and winners {1}) was taken as it came, each
 * tool reading what it reads of it. Refused on the checked path (what
 * grove check, the REPL and g:result() read), naming the line of result;
 * on the fast path (a bot's rollouts, sim's games) too. */
static void a_result_must_be_consistent(void **st)
{
    (void)st;
    static const struct { const char *result; int players; const char *says; } wrong[] = {
        { "tie", 1, "result.ranks {2} and winners {1} disagree: winners must be exactly the seats ranked 1, "
                    "each once (here {}), or be left out" },
        { "tie", 3, "result.ranks {2, 2, 2} and winners {1} disagree" },
        { "no_ranks", 2, "result.ranks is nil, not a list of each seat's rank (1 for the winners)" },
        { "past", 1, "result.ranks {3} gives seat 1 a rank out of range: each seat's rank is a whole number from "
                     "1 (a winner) to 1, or 2 for a loss to the game itself" },
        { "past", 2, "result.ranks {4, 2} gives seat 1 a rank out of range" },
        { "extra", 2, "result.ranks has a rank past the last seat (2 seats): one rank per seat" },
        { "twice", 2, "result.ranks {1, 2} and winners {1, 1} disagree" },
        { "unranked", 2, "result.ranks {1, 2} and winners {1, 2} disagree" },
    };
    grove_vm *vm = new_vm();
    for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
        game *g = open_verdict(vm, wrong[i].players, wrong[i].result);
        play_to_the_end(g);
        game_result r = { 0 };
        assert_false(game_outcome(g, &r));
        if (!strstr(game_error(g), "result: scripts/verdict/game.lua:") || !strstr(game_error(g), wrong[i].says))
            fail_msg("%s, %d players: %s", wrong[i].result, wrong[i].players, game_error(g));
        assert_false(game_push_result(g));
        assert_int_equal(lua_gettop(vm->L), 0);
        game_close(g);
        if (wrong[i].players > 1) {          /* a bot's rollouts read the result on the fast path */
            g = open_verdict(vm, wrong[i].players, wrong[i].result);
            bot_spec spec;
            char err[GAME_ERRLEN];
            assert_true(bot_parse("mcts:50", &spec, err, sizeof err));
            int64_t m;
            assert_false(bot_choose(g, &spec, 1, &m, NULL));
            if (!strstr(game_error(g), "scripts/verdict/game.lua:") || !strstr(game_error(g), wrong[i].says))
                fail_msg("a bot, %s: %s", wrong[i].result, game_error(g));
            game_close(g);
        }
    }
    /* what is right passes: a win, and every seat's loss to the game itself */
    static const char *const right[] = { "fair", "lost" };
    for (int players = 1; players <= 3; players++)
        for (size_t i = 0; i < 2; i++) {
            game *g = open_verdict(vm, players, right[i]);
            play_to_the_end(g);
            int ranks[3];
            game_result r = { .ranks = ranks };
            if (!game_outcome(g, &r)) fail_msg("%s, %d players: %s", right[i], players, game_error(g));
            assert_true(r.over);
            assert_int_equal(ranks[0], i == 0 ? 1 : 2);
            game_close(g);
        }
    vm_free(vm);
}

/* ---- memory the host allocates for a script ------------------------------------------- */

static game *open_sprawl(grove_vm *vm, const char *grow, int players, char *err, size_t errlen)
{
    char opt[64];
    game_settings set = { 0 };
    snprintf(opt, sizeof opt, "grow=%s", grow);
    assert_true(game_settings_add(&set, opt, err, errlen));
    return game_open_with(vm, "sprawl", "", players, 1, &set, err, errlen);
}

/* A game's state: at most STATE_MAX_COMPS components in STATE_MAX_BYTES.
 * Before, a setup declaring decks in a loop grew the block without end. */
static void a_state_has_a_bound(void **st)
{
    (void)st;
    grove_vm *vm = new_vm();
    char err[GAME_ERRLEN];
    assert_null(open_sprawl(vm, "comps", 1, err, sizeof err));
    if (!strstr(err, "setup: scripts/sprawl/game.lua:") || !strstr(err, "s:vars('v4094'): the game's state would "
                                                                         "pass its bound (64 MiB in 4096 components at most)"))
        fail_msg("%s", err);
    assert_null(open_sprawl(vm, "bytes", 1, err, sizeof err));
    if (!strstr(err, "s:deck('d255'): the game's state would pass its bound")) fail_msg("%s", err);
    assert_int_equal(lua_gettop(vm->L), 0);
    vm_free(vm);
}

/* A move list: at most MOVEBUF_MAX moves, on the checked path and the
 * fast one. Before, a moves hook adding in a loop grew it without end
 * (until the budget, which a fast run has not). */
static void a_move_list_has_a_bound(void **st)
{
    (void)st;
    grove_vm *vm = new_vm();
    char err[GAME_ERRLEN];
    game *g = open_sprawl(vm, "moves", 1, err, sizeof err);
    if (!g) fail_msg("%s", err);
    const int64_t *moves;
    assert_int_equal(game_legal(g, &moves), -1);
    if (!strstr(game_error(g), "moves: scripts/sprawl/game.lua:")
        || !strstr(game_error(g), "more than 1048576 legal moves: a move list holds at most that many"))
        fail_msg("%s", game_error(g));
    rng_t pick;
    rng_seed(&pick, 1, 1);
    /* the playout's own watchdog (GAME_WATCH_MS of CPU without a move) would
     * stop this moves hook first under valgrind, where a million out:add
     * take seconds: the bound of the move list is tested here, not that */
    vm_watch_start(vm, 60000);
    long n = game_playout(g, &pick, 5);
    vm_watch_stop(vm);
    assert_int_equal(n, -1);
    if (!strstr(game_error(g), "more than 1048576 legal moves")) fail_msg("fast: %s", game_error(g));
    game_close(g);
    vm_free(vm);
}

/* The history: at most GAME_HISTORY_BYTES, the position kept for undo
 * before each move among it. Before, a game that never ends, played on in
 * a loop (a test's while not g:over()), grew it without end: 9.6 GB in
 * four minutes. Refused with the figures; the game goes on, undo works. */
static void a_history_has_a_bound(void **st)
{
    (void)st;
    grove_vm *vm = new_vm();
    char err[GAME_ERRLEN];
    game *g = open_sprawl(vm, "none", 1, err, sizeof err);
    if (!g) fail_msg("%s", err);
    size_t most = GAME_HISTORY_BYTES / game_state_size(g);
    int played = 0;
    while (played <= (int)most && game_apply(g, move_make(1, 1, 0, 0), true, true)) played++;
    if (played > (int)most || played < (int)most - 2) fail_msg("%d moves played, %zu at most", played, most);
    if (!strstr(game_error(g), "the history is full: its ") || !strstr(game_error(g), "at most 256 MiB a game"))
        fail_msg("%s", game_error(g));
    assert_int_equal(game_position(g), played);
    assert_true(game_apply(g, move_make(1, 2, 0, 0), true, false));   /* a move not recorded is played */
    assert_true(game_undo(g));
    assert_int_equal(game_position(g), played - 1);
    assert_true(game_apply(g, move_make(1, 3, 0, 0), true, true));    /* room again */
    assert_int_equal(game_position(g), played);
    game_close(g);
    vm_free(vm);
}

/* A move's narration: at most SAY_MAX_BYTES (64 KiB); past it the rest is
 * cut, with a line saying so, and the move is played. Here 200 lines of
 * 1,000 bytes: the first 64 kept whole, then the line that says the rest
 * is cut, and no line of the rest. The history keeps what was kept. */
static void a_moves_narration_has_a_bound(void **st)
{
    (void)st;
    grove_vm *vm = new_vm();
    char err[GAME_ERRLEN];
    game *g = open_sprawl(vm, "say", 1, err, sizeof err);
    if (!g) fail_msg("%s", err);
    assert_true(game_apply(g, move_make(1, 1, 0, 0), true, true));
    const char *said = game_entry_said(g, 0);
    size_t bytes = strlen(said);
    game_line line;
    int lines = 0;
    bool cut = false;
    while (game_said_next(&said, &line)) {
        if (cut) fail_msg("a line after the cut: %.*s", line.len, line.text);
        if (line.len == 1000) {
            char head[8];
            snprintf(head, sizeof head, "%03d ", ++lines);
            assert_memory_equal(line.text, head, 4);
        } else {
            if (line.len != (int)strlen("(the rest of this move's narration is cut: 64 KiB at most)")
                || memcmp(line.text, "(the rest of this move's narration is cut: 64 KiB at most)", (size_t)line.len))
                fail_msg("after line %d: %.*s", lines, line.len, line.text);
            cut = true;
        }
    }
    assert_true(cut);
    assert_true(lines >= 60 && lines < 66);             /* 64 KiB of 1,000-byte lines and their seats */
    assert_true(bytes <= 65536 + 128);
    game_close(g);
    vm_free(vm);
}

/* A bot's trees: at most BOT_TREE_BYTES together; a search stops there
 * and decides on what they hold (before, mcts:1000000000 or a long think
 * grew them until the machine had no more). */
static void a_bots_tree_has_a_bound(void **st)
{
    (void)st;
    grove_vm *vm = new_vm();
    char err[GAME_ERRLEN];
    game *g = open_sprawl(vm, "none", 2, err, sizeof err);
    if (!g) fail_msg("%s", err);
    bot_set_tree_bytes((size_t)64 << 10);
    bot_spec spec;
    assert_true(bot_parse("mcts:iterations=100000,depth=4", &spec, err, sizeof err));
    bot *b = bot_new(&spec);
    int64_t m;
    bot_stats stats;
    if (!bot_move(b, g, 1, &m, &stats)) fail_msg("%s", game_error(g));
    bot_set_tree_bytes(BOT_TREE_BYTES);
    assert_true(stats.full);
    assert_true(stats.iterations > 100 && stats.iterations < 2000);   /* 64 KiB of nodes, not 100,000 */
    assert_true(move_kind(m) == 1);
    bot_free(b);
    game_close(g);
    vm_free(vm);
}

int main(int argc, char **argv)
{
    if (argc > 1) cmocka_set_test_filter(argv[1]);     /* one test by name (a pattern) */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nested_closes_are_refused_in_the_main_thread),
        cmocka_unit_test(nested_closes_are_refused_in_any_thread),
        cmocka_unit_test(a_result_must_be_consistent),
        cmocka_unit_test(a_state_has_a_bound),
        cmocka_unit_test(a_move_list_has_a_bound),
        cmocka_unit_test(a_history_has_a_bound),
        cmocka_unit_test(a_moves_narration_has_a_bound),
        cmocka_unit_test(a_bots_tree_has_a_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
