/*
 * test_check.c — what grove check stands on: the determinism check's pairs
 * (vm_reorder_pairs: string keys sorted or reversed, other keys in place,
 * one line flipped, the lines remembered) and the checker's run over the
 * fixture game hoard (tests/fixtures/check/): what it counts when the game
 * is sound, and which check fails, where, for a broken copy. The messages
 * themselves are pinned by tests/repl/check.sh.
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

#include "check.h"
#include "host.h"

static grove_vm *new_vm(void)
{
    const char *src = getenv("GROVE_SOURCE");
    grove_vm *vm = host_new(src ? src : ".");
    assert_non_null(vm);
    return vm;
}

/* Run `code` (a chunk named "=probe") in a fresh sandbox of vm; return its
 * one result as a string (the caller frees). */
static char *run(grove_vm *vm, const char *code)
{
    lua_State *L = vm->L;
    vm_push_sandbox(vm, NULL);
    int env = lua_gettop(L);
    assert_int_equal(luaL_loadbufferx(L, code, strlen(code), "=probe", "t"), LUA_OK);
    lua_pushvalue(L, env);
    lua_setupvalue(L, -2, 1);
    if (vm_call(vm, 0, 1, NULL) != LUA_OK) fail_msg("%s", lua_tostring(L, -1));
    char *out = strdup(lua_tostring(L, -1));
    lua_settop(L, env - 1);
    return out;
}

/* The keys of a table with strings and integers, as pairs visits them. */
static const char *const VISIT =
    "local t = { 10, 20, pear = 1, apple = 2, fig = 3, [7] = 4, kiwi = 5 }\n"
    "local seen = {}\n"
    "for k in pairs(t) do seen[#seen + 1] = tostring(k) end\n"
    "return table.concat(seen, ' ')\n";

/* The order of the string keys alone, in that visit. */
static void strings_of(const char *visit, char *out, size_t len)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", visit);
    out[0] = '\0';
    char *save = NULL;
    for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
        if (w[0] < '0' || w[0] > '9') {
            strncat(out, w, len - strlen(out) - 2);
            strcat(out, " ");
        }
}

static int reorder_body(lua_State *L)
{
    const char **args = lua_touserdata(L, 1);
    vm_reorder_pairs(vm_of(L), args[0] != NULL, args[1]);
    return 0;
}

static grove_vm *reordered(bool reverse, const char *flip)
{
    grove_vm *vm = new_vm();
    const char *args[2] = { reverse ? "yes" : NULL, flip };
    char err[128];
    assert_true(vm_protect(vm, reorder_body, args, 0, err, sizeof err));
    return vm;
}

static void test_pairs_sorted_and_reversed(void **unused)
{
    (void)unused;
    char keys[256];
    grove_vm *vm = reordered(false, NULL);
    char *visit = run(vm, VISIT);
    strings_of(visit, keys, sizeof keys);
    assert_string_equal(keys, "apple fig kiwi pear ");
    assert_non_null(strstr(visit, "1 2"));              /* the array part first, in order, as stock */
    free(visit);
    char sites[4][VM_SITE_LEN];
    assert_int_equal(vm_pairs_sites(vm, sites, 4), 1);
    assert_string_equal(sites[0], "probe:3");
    vm_free(vm);

    vm = reordered(true, NULL);
    visit = run(vm, VISIT);
    strings_of(visit, keys, sizeof keys);
    assert_string_equal(keys, "pear kiwi fig apple ");
    free(visit);
    vm_free(vm);

    /* the flipped line takes the other order; the others keep theirs */
    vm = reordered(false, "probe:3");
    visit = run(vm, VISIT);
    strings_of(visit, keys, sizeof keys);
    assert_string_equal(keys, "pear kiwi fig apple ");
    free(visit);
    visit = run(vm, "local t = { b = 1, a = 2 } local s = '' for k in pairs(t) do s = s .. k end return s");
    assert_string_equal(visit, "ab");                   /* line 1: sorted */
    free(visit);
    vm_free(vm);
}

static void test_pairs_otherwise_as_stock(void **unused)
{
    (void)unused;
    grove_vm *vm = reordered(true, NULL);
    /* one string key, integers only, __pairs, a cleared key, a non-table */
    char *one = run(vm, "local n = 0 for _ in pairs({ x = 1, 5, 6 }) do n = n + 1 end return tostring(n)");
    assert_string_equal(one, "3");
    free(one);
    char *meta = run(vm, "local t = setmetatable({}, { __pairs = function() return function(_, k) "
                         "if not k then return 'only', 1 end end, nil, nil end })\n"
                         "local s = '' for k in pairs(t) do s = s .. k end return s");
    assert_string_equal(meta, "only");
    free(meta);
    char *cleared = run(vm, "local t = { a = 1, b = 2, c = 3 }\nlocal s = ''\n"
                            "for k in pairs(t) do s = s .. k; t.b = nil end return s");
    assert_string_equal(cleared, "ca");                 /* c first (reversed), b cleared meanwhile */
    free(cleared);
    char sites[4][VM_SITE_LEN];
    assert_int_equal(vm_pairs_sites(vm, sites, 4), 1);  /* the tables with two string keys or more */
    assert_string_equal(sites[0], "probe:3");
    vm_free(vm);
    /* a VM never reordered has no sites */
    vm = new_vm();
    assert_int_equal(vm_pairs_sites(vm, sites, 4), 0);
    vm_free(vm);
}

static check_opts hoard(const char *variants)
{
    check_opts o = { "hoard", variants, 2, 1, 3, 300, NULL, NULL };
    return o;
}

static grove_vm *fixture_vm(void)
{
    grove_vm *vm = new_vm();
    assert_true(vm_add_path(vm, "tests/fixtures/check/sound"));
    assert_true(vm_add_path(vm, "tests/fixtures/check/broken"));
    return vm;
}

static void test_a_sound_game_passes(void **unused)
{
    (void)unused;
    grove_vm *vm = fixture_vm();
    check_opts o = hoard("");
    check_stats *st = malloc(sizeof *st);
    check_failure *f = malloc(sizeof *f);
    assert_true(check_run(vm, &o, st, f));
    assert_int_equal(st->games, 3);
    assert_int_equal(st->moves, 36);                    /* twelve cards, one a move */
    assert_true(st->tried > st->moves);
    assert_true(st->hidden && st->redeals > 0);
    assert_true(st->has_invariants);
    assert_int_equal(st->invariants, 36);
    assert_int_equal(st->nkinds, 2);
    assert_string_equal(st->kinds[0].name, "play");
    assert_true(st->kinds[0].played > 0 && st->kinds[1].played > 0);
    assert_string_equal(st->catalog_what, "cards");
    assert_int_equal(st->ncatalog, 12);
    for (int i = 0; i < st->ncatalog; i++) assert_int_equal(st->catalog[i].offered, 3);   /* every hand sees them */
    free(st);
    free(f);
    vm_free(vm);
}

static void test_broken_copies_fail_where_they_break(void **unused)
{
    (void)unused;
    static const struct { const char *variant, *check; int move; } cases[] = {
        { "leaky-render", "hidden information", 0 },
        { "pairs-moves", "determinism", 1 },
        { "outside-state", "undo and redo", 3 },
        { "newline-text", "move texts", 1 },
        { "between-games", "replay", 0 },
        { "unnamed-card", "catalog", 0 },
    };
    grove_vm *vm = fixture_vm();
    check_stats *st = malloc(sizeof *st);
    check_failure *f = malloc(sizeof *f);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        check_opts o = hoard(cases[i].variant);
        assert_false(check_run(vm, &o, st, f));
        assert_string_equal(f->check, cases[i].check);
        assert_int_equal(f->move, cases[i].move);
        assert_int_equal((int)f->seed, 1);
        char file[96];
        snprintf(file, sizeof file, "scripts/hoard/%s.lua:", cases[i].variant);
        if (strcmp(cases[i].variant, "unnamed-card")) assert_non_null(strstr(f->what, file));
    }
    free(st);
    free(f);
    vm_free(vm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pairs_sorted_and_reversed),
        cmocka_unit_test(test_pairs_otherwise_as_stock),
        cmocka_unit_test(test_a_sound_game_passes),
        cmocka_unit_test(test_broken_copies_fail_where_they_break),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
