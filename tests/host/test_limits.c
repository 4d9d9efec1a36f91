/*
 * test_limits.c — bounds a rule script cannot break (issue 34): the C
 * stack it may use, whatever the thread and its stack size; the memory the
 * host allocates on its behalf (the state, the move list, the history, a
 * bot's tree); a result whose ranks and winners disagree. Each limit is
 * reached by a fixture game of tests/fixtures/scripts/ and refused with a
 * message naming the script line, the game left as it was.
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
        vm_watch_start(vm, 2000);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nested_closes_are_refused_in_the_main_thread),
        cmocka_unit_test(nested_closes_are_refused_in_any_thread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
