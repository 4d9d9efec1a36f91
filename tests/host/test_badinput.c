/*
 * test_badinput.c — broken rule scripts and bad moves: each gets one clear
 * error naming what and where, and the game is left exactly as it was.
 * Uses the fixture games in tests/fixtures/scripts/.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pthread.h>
#include <sched.h>

#include "bots.h"
#include "game.h"
#include "host.h"
#include "game_checks.h"

static grove_vm *new_vm(void)
{
    grove_vm *vm = host_new(".");
    assert_non_null(vm);
    assert_true(vm_add_path(vm, "tests/fixtures"));
    vm->budget = 2000000;                  /* keep the endless loop short */
    vm->mem_limit = (size_t)64 << 20;      /* and the memory bomb small */
    return vm;
}

/* The state's hash (game_hash flushes the vars first). */
static game *open_misbehave(grove_vm *vm)
{
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "misbehave", "", 1, 1, 0, err, sizeof err);
    if (!g) fail_msg("%s", err);
    return g;
}

/* Apply move kind `kind` within an instruction budget and a memory cap;
 * expect failure with `fragment` and an unchanged state. */
static void expect_refused_within(int kind, const char *fragment, long budget, size_t memory)
{
    grove_vm *vm = new_vm();
    vm->budget = budget;
    vm->mem_limit = memory;
    game *g = open_misbehave(vm);
    assert_true(game_apply(g, move_make(1, 0, 0, 0), true, true));   /* one good move first */
    uint64_t before = hash_of(g);
    int ncur = game_position(g);
    assert_false(game_apply(g, move_make(kind, 0, 0, 0), true, true));
    if (!strstr(game_error(g), fragment)) fail_msg("error '%s' lacks '%s'", game_error(g), fragment);
    assert_int_equal(hash_of(g), before);
    assert_int_equal(game_position(g), ncur);
    assert_int_equal(lua_gettop(vm->L), 0);
    /* and the game carries on */
    assert_true(game_apply(g, move_make(1, 0, 0, 0), true, true));
    assert_int_equal(game_position(g), ncur + 1);
    game_close(g);
    vm_free(vm);
}

static void expect_refused(int kind, const char *fragment)
{
    expect_refused_within(kind, fragment, 2000000, (size_t)64 << 20);
}

static void runtime_error_names_file_and_line(void **st)
{
    (void)st;
    expect_refused(2, "apply: scripts/misbehave/game.lua:18: no tree at c3");
}

static void endless_loop_is_stopped(void **st)
{
    (void)st;
    expect_refused(3, "apply: scripts/misbehave/game.lua:20: instruction budget exceeded");
}

static void memory_bomb_is_stopped(void **st)
{
    (void)st;
    /* the copies the bomb makes are charged to the budget: under the full
     * budget and a small cap, the cap comes first; the refusal names the
     * script line */
    expect_refused_within(4, "apply: scripts/misbehave/game.lua:23: out of memory (this game's cap is 16 MiB: ",
                          VM_DEFAULT_BUDGET, (size_t)16 << 20);
}

static void os_exit_is_refused(void **st)
{
    (void)st;
    expect_refused(5, "scripts/misbehave/game.lua:25: 'os' is not available to rule scripts");
}

static void io_open_is_refused(void **st)
{
    (void)st;
    expect_refused(6, "scripts/misbehave/game.lua:27: 'io' is not available to rule scripts");
}

static void bad_cell_is_refused(void **st)
{
    (void)st;
    expect_refused(7, "scripts/misbehave/game.lua:29: grid 'board':set, argument #1: no cell 'z9' (a1..c3)");
}

static void pcall_cannot_swallow_the_budget(void **st)
{
    (void)st;
    expect_refused(8, "instruction budget exceeded");
}

/* A var is a plain Lua field, checked when the hook returns. */
static void var_holding_a_string_is_refused(void **st)
{
    (void)st;
    expect_refused(9, "apply: scripts/misbehave/game.lua:13: vars 'play': var 'count' holds a string; vars hold integers");
}

static void var_set_to_nil_is_refused(void **st)
{
    (void)st;
    expect_refused(10, "apply: scripts/misbehave/game.lua:13: vars 'play': var 'count' was set to nil; vars hold integers");
}

/* A playout runs without the count hook; the watchdog stops a loop in it. */
static void watchdog_stops_a_loop_in_a_playout(void **st)
{
    (void)st;
    grove_vm *vm = new_vm();
    lua_State *L = vm->L;
    lua_newtable(L);
    lua_pushinteger(L, 3);                      /* only the endless loop */
    lua_setfield(L, -2, "only");
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "misbehave", "", 1, 1, -1, err, sizeof err);
    lua_pop(L, 1);
    if (!g) fail_msg("%s", err);
    rng_t pick;
    rng_seed(&pick, 1, 1);
    vm_watch_start(vm, 100);
    long n = game_playout(g, &pick, 10);
    vm_watch_stop(vm);
    assert_int_equal(n, -1);
    if (!strstr(game_error(g), "apply: scripts/misbehave/game.lua:20: no progress for 100 ms"))
        fail_msg("error '%s'", game_error(g));
    assert_int_equal(lua_gettop(L), 0);
    game_close(g);
    vm_free(vm);
}

/* A bot's search runs without the count hook too, and watches itself: a
 * loop in the script stops the search, the game is untouched. */
static game *open_looping(grove_vm *vm)
{
    lua_State *L = vm->L;
    lua_newtable(L);
    lua_pushinteger(L, 3);                      /* the endless loop, twice over */
    lua_setfield(L, -2, "only");
    lua_pushinteger(L, 1);
    lua_setfield(L, -2, "twice");
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "misbehave", "", 1, 1, -1, err, sizeof err);
    lua_pop(L, 1);
    if (!g) fail_msg("%s", err);
    return g;
}

static void a_bot_stops_a_loop_in_its_search(void **st)
{
    (void)st;
    grove_vm *vm = new_vm();
    game *g = open_looping(vm);
    uint64_t before = hash_of(g);
    bot_spec mcts;
    char why[160];
    assert_true(bot_parse("mcts:50", &mcts, why, sizeof why));
    int64_t m;
    assert_false(bot_choose(g, &mcts, 1, &m, NULL));
    if (!strstr(game_error(g), "apply: scripts/misbehave/game.lua:20: no progress for 500 ms"))
        fail_msg("error '%s'", game_error(g));
    assert_int_equal(hash_of(g), before);
    assert_int_equal(lua_gettop(vm->L), 0);
    game_close(g);
    vm_free(vm);
}

/* Two threads, each its own VM in a loop: the watchdog stops each. */
static void *loop_in_a_thread(void *arg)
{
    long *n = arg;
    grove_vm *vm = new_vm();
    game *g = open_looping(vm);
    rng_t pick;
    rng_seed(&pick, 1, 1);
    vm_watch_start(vm, 100);
    *n = game_playout(g, &pick, 10);
    vm_watch_stop(vm);
    if (*n < 0 && !strstr(game_error(g), "no progress for 100 ms")) *n = -2;
    game_close(g);
    vm_free(vm);
    return NULL;
}

static void the_watchdog_serves_every_thread(void **st)
{
    (void)st;
    pthread_t t[2];
    long n[2] = { 0, 0 };
    for (int i = 0; i < 2; i++) assert_int_equal(pthread_create(&t[i], NULL, loop_in_a_thread, &n[i]), 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    assert_int_equal(n[0], -1);
    assert_int_equal(n[1], -1);
}

/* The watchdog counts the CPU time of the call's thread, not the clock's:
 * a call whose thread waits 300 ms (as on a loaded machine, waiting for a
 * processor) without progress is not stopped by a 100 ms watch; one that
 * spins 300 ms of CPU without progress is. */
static int wait_300ms(lua_State *L)
{
    (void)L;
    struct timespec left = { 0, 300000000L };
    while (nanosleep(&left, &left) != 0) continue;   /* the watchdog's signal wakes it */
    return 0;
}

static int spin_300ms(lua_State *L)
{
    (void)L;
    struct timespec t0, t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
    do {
        sched_yield();          /* valgrind runs one thread at a time: let the watchdog look */
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    } while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < 300);
    return 0;
}

static int watched_call(lua_CFunction body, char *err, size_t errlen)
{
    grove_vm *vm = new_vm();
    assert_int_equal(luaL_loadstring(vm->L, "local f = ...; f(); return 1"), LUA_OK);
    lua_pushcfunction(vm->L, body);
    vm_watch_start(vm, 100);
    int status = vm_call_budget(vm, 1, 1, "watched", 0);
    vm_watch_stop(vm);
    snprintf(err, errlen, "%s", status == LUA_OK ? "" : lua_tostring(vm->L, -1));
    lua_settop(vm->L, 0);
    vm_free(vm);
    return status;
}

static void the_watchdog_counts_cpu_time_not_waiting(void **st)
{
    (void)st;
    char err[GAME_ERRLEN];
    if (watched_call(wait_300ms, err, sizeof err) != LUA_OK) fail_msg("a waiting call was stopped: %s", err);
    assert_int_not_equal(watched_call(spin_300ms, err, sizeof err), LUA_OK);
    if (!strstr(err, "no progress for 100 ms")) fail_msg("error '%s'", err);
}

/* A budgeted call whose one step (a C function here; a huge string
 * operation in a script) runs VM_STEP_MS of CPU without reaching a budget
 * check is stopped by the watchdog, with its reason; no watch of its own
 * is started: the budget alone arms it. */
static int spin_past_a_step(lua_State *L)
{
    (void)L;
    struct timespec t0, t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
    do {
        sched_yield();          /* valgrind runs one thread at a time: let the watchdog look */
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    } while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < VM_STEP_MS + 500);
    return 0;
}

static void a_step_past_the_budget_checks_is_stopped(void **st)
{
    (void)st;
    grove_vm *vm = new_vm();
    assert_int_equal(luaL_loadstring(vm->L, "local f = ...; f(); return 1"), LUA_OK);
    lua_pushcfunction(vm->L, spin_past_a_step);
    int status = vm_call_budget(vm, 1, 1, "stepped", 1000000);
    assert_int_not_equal(status, LUA_OK);
    const char *err = lua_tostring(vm->L, -1);
    if (!err || !strstr(err, "one step ran 2000 ms without reaching a budget check"))
        fail_msg("error '%s'", err ? err : "(none)");
    lua_settop(vm->L, 0);
    vm_free(vm);
}

static void illegal_move_is_refused(void **st)
{
    (void)st;
    expect_refused(42, "illegal move");
}

static void syntax_error_names_file_and_line(void **st)
{
    (void)st;
    grove_vm *vm = new_vm();
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "syntax_error", "", 2, 1, 0, err, sizeof err);
    assert_null(g);
    if (!strstr(err, "scripts/syntax_error/game.lua:4:")) fail_msg("error '%s' lacks the file and line", err);
    assert_int_equal(lua_gettop(vm->L), 0);
    vm_free(vm);
}

static void unknown_game_is_named(void **st)
{
    (void)st;
    grove_vm *vm = new_vm();
    char err[GAME_ERRLEN];
    assert_null(game_open(vm, "chess", "", 2, 1, 0, err, sizeof err));
    assert_non_null(strstr(err, "no game 'chess'"));
    assert_null(game_open(vm, "../etc", "", 2, 1, 0, err, sizeof err));
    assert_non_null(strstr(err, "bad game name"));
    assert_null(game_open(vm, "misbehave", "", 3, 1, 0, err, sizeof err));
    assert_non_null(strstr(err, "1 to 2 players, not 3"));
    assert_null(game_open(vm, "misbehave", "nosuch", 1, 1, 0, err, sizeof err));
    assert_non_null(strstr(err, "no variant 'nosuch'"));
    vm_free(vm);
}

/* Save, then damage the text in several ways: each load is refused. */
static void damaged_save_files_are_refused(void **st)
{
    (void)st;
    grove_vm *vm = new_vm();
    game *g = open_misbehave(vm);
    for (int i = 0; i < 3; i++) assert_true(game_apply(g, move_make(1, 0, 0, 0), true, true));
    char *text = game_save_text(g);
    assert_non_null(text);
    char err[GAME_ERRLEN];

    game *back = game_load_text(vm, text, err, sizeof err);
    if (!back) fail_msg("a good save does not load: %s", err);
    assert_int_equal(hash_of(back), hash_of(g));
    assert_int_equal(game_position(back), 3);
    game_close(back);

    size_t len = strlen(text);
    char *copy = malloc(len + 1);
    /* truncated */
    memcpy(copy, text, len / 2);
    copy[len / 2] = '\0';
    assert_null(game_load_text(vm, copy, err, sizeof err));
    assert_non_null(strstr(err, "truncated"));
    /* hand-edited: one digit of the state changed */
    memcpy(copy, text, len + 1);
    char *p = strstr(copy, "move fine");
    assert_non_null(p);
    p[5] = 'F';
    assert_null(game_load_text(vm, copy, err, sizeof err));
    assert_non_null(strstr(err, "checksum mismatch"));
    /* not a save file at all */
    assert_null(game_load_text(vm, "hello\n", err, sizeof err));
    assert_int_equal(lua_gettop(vm->L), 0);
    free(copy);
    free(text);
    game_close(g);
    vm_free(vm);
}

/* ---- the rules' version and fingerprint in save files ---------------------- */

/* A counting game written to DIR/scripts/counter/game.lua: `tail` is
 * appended to the file (a changed comment, a version line). */
static void write_counter(const char *dir, const char *version_line, const char *tail)
{
    char path[512];
    snprintf(path, sizeof path, "mkdir -p %s/scripts/counter", dir);
    assert_int_equal(system(path), 0);
    snprintf(path, sizeof path, "%s/scripts/counter/game.lua", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "local game = require \"grove.game\"\n"
               "return game.define {\n"
               "  name = \"counter\", players = { min = 1, max = 1 }, %s\n"
               "  setup = function(s) s:vars(\"count\", { \"n\" }) end,\n"
               "  actor = function() return 1 end,\n"
               "  moves = function(s, out) if s.count.n < 9 then out:add(1) end end,\n"
               "  apply = function(s) s.count.n = s.count.n + 1 end,\n"
               "  describe = function() return \"count\" end,\n"
               "}\n%s", version_line, tail);
    fclose(f);
}

static char *counter_save(const char *dir, int moves)
{
    grove_vm *vm = host_new(".");
    assert_true(vm_add_path(vm, dir));
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "counter", "", 1, 1, 0, err, sizeof err);
    if (!g) fail_msg("%s", err);
    for (int i = 0; i < moves; i++) assert_true(game_apply(g, move_make(1, 0, 0, 0), true, true));
    char *text = game_save_text(g);
    assert_non_null(text);
    game_close(g);
    vm_free(vm);
    return text;
}

/* Load text under the rules now in dir; returns the game (or NULL with err). */
static game *counter_load(grove_vm **vm, const char *dir, const char *text, char *err, size_t len)
{
    *vm = host_new(".");
    assert_true(vm_add_path(*vm, dir));
    return game_load_text(*vm, text, err, len);
}

/* Replace the checksum line of a hand-made save text by the right one. */
static void fix_checksum(char *text)
{
    char *cs = strstr(text, "\nchecksum ");
    assert_non_null(cs);
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const char *p = text; p <= cs; p++) { h ^= (uint8_t)*p; h *= 0x100000001b3ULL; }
    sprintf(cs + 1, "checksum %016llx\n", (unsigned long long)h);
}

static void saves_check_the_rules_version(void **st)
{
    (void)st;
    char dir[] = "/tmp/grove-rules-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char err[GAME_ERRLEN];
    grove_vm *vm;
    write_counter(dir, "version = \"1.0\",", "");
    char *text = counter_save(dir, 3);
    assert_non_null(strstr(text, "\nrules-version 1.0\n"));
    assert_non_null(strstr(text, "\nrules-print "));

    /* the same files: loads, no note */
    game *g = counter_load(&vm, dir, text, err, sizeof err);
    if (!g) fail_msg("%s", err);
    assert_string_equal(game_load_note(g), "");
    game_close(g); vm_free(vm);

    /* the files changed, same version, the moves still replay: loads with a note */
    write_counter(dir, "version = \"1.0\",", "-- a designer's comment\n");
    g = counter_load(&vm, dir, text, err, sizeof err);
    if (!g) fail_msg("%s", err);
    assert_int_equal(game_position(g), 3);
    assert_non_null(strstr(game_load_note(g), "rule files changed since this game was saved (same version '1.0')"));
    game_close(g); vm_free(vm);

    /* another version: its moves replayed all the same, the note naming both
     * versions (there are no other rules to load it under) */
    write_counter(dir, "version = \"2.0\",", "");
    g = counter_load(&vm, dir, text, err, sizeof err);
    if (!g) fail_msg("another rules version refused: %s", err);
    assert_int_equal(game_position(g), 3);
    if (!strstr(game_load_note(g), "the rules changed since this save (rules version '1.0', now '2.0'): replayed "
                                   "all 3 moves; every position is the saved one"))
        fail_msg("unexpected note: %s", game_load_note(g));
    game_close(g); vm_free(vm);

    /* a game that gives no version is '(none)' */
    write_counter(dir, "", "");
    g = counter_load(&vm, dir, text, err, sizeof err);
    if (!g) fail_msg("%s", err);
    assert_non_null(strstr(game_load_note(g), "(rules version '1.0', now '(none)')"));
    game_close(g); vm_free(vm);

    /* format 1 (before rules lines existed) still loads */
    write_counter(dir, "version = \"1.0\",", "");
    char *old = malloc(strlen(text) + 1);
    assert_non_null(old);
    strcpy(old, text);
    memcpy(old, "grove-save 1", 12);
    for (const char *key = "\nrules-version"; key; key = strcmp(key, "\nrules-version") ? NULL : "\nrules-print") {
        char *line = strstr(old, key);
        char *next = strchr(line + 1, '\n');
        memmove(line, next, strlen(next) + 1);
    }
    fix_checksum(old);
    g = counter_load(&vm, dir, old, err, sizeof err);
    if (!g) fail_msg("a format 1 file does not load: %s", err);
    assert_int_equal(game_position(g), 3);
    game_close(g); vm_free(vm);

    /* a format from the future is refused, naming it */
    memcpy(old, "grove-save 9", 12);
    fix_checksum(old);
    assert_null(counter_load(&vm, dir, old, err, sizeof err));
    assert_non_null(strstr(err, "save file format 9; this grove reads formats 1 to 4"));
    vm_free(vm);

    free(old);
    free(text);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(runtime_error_names_file_and_line),
        cmocka_unit_test(endless_loop_is_stopped),
        cmocka_unit_test(memory_bomb_is_stopped),
        cmocka_unit_test(os_exit_is_refused),
        cmocka_unit_test(io_open_is_refused),
        cmocka_unit_test(bad_cell_is_refused),
        cmocka_unit_test(pcall_cannot_swallow_the_budget),
        cmocka_unit_test(a_step_past_the_budget_checks_is_stopped),
        cmocka_unit_test(var_holding_a_string_is_refused),
        cmocka_unit_test(var_set_to_nil_is_refused),
        cmocka_unit_test(a_bot_stops_a_loop_in_its_search),
        cmocka_unit_test(the_watchdog_serves_every_thread),
        cmocka_unit_test(watchdog_stops_a_loop_in_a_playout),
        cmocka_unit_test(the_watchdog_counts_cpu_time_not_waiting),
        cmocka_unit_test(illegal_move_is_refused),
        cmocka_unit_test(syntax_error_names_file_and_line),
        cmocka_unit_test(unknown_game_is_named),
        cmocka_unit_test(damaged_save_files_are_refused),
        cmocka_unit_test(saves_check_the_rules_version),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
