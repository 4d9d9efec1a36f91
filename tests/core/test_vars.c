/*
 * test_vars.c — the script's bookkeeping integers: init (every byte
 * written), get / set across the int64 range, index errors that change
 * nothing; and grove_strstatus, the phrase for every status code.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include "status.h"
#include "vars.h"

static void test_bytes(void **unused)
{
    (void)unused;
    assert_int_equal(sizeof(vars_t), 8);
    for (int n = 0; n < 10; n++)
        assert_int_equal(vars_bytes(n), 8 + 8 * (size_t)n);
}

static void test_init(void **unused)
{
    (void)unused;
    for (int n = 0; n < 6; n++) {
        size_t b = vars_bytes(n);
        vars_t *z = calloc(1, b), *g = malloc(b);
        assert_non_null(z);
        assert_non_null(g);
        memset(g, 0xa5, b);
        vars_init(z, n);
        vars_init(g, n);
        assert_memory_equal(z, g, b);
        assert_int_equal(g->n, n);
        assert_int_equal(g->pad, 0);
        for (int i = 0; i < n; i++) {
            int64_t v = 99;
            assert_int_equal(vars_get(g, i, &v), GROVE_OK);
            assert_int_equal(v, 0);
        }
        free(z);
        free(g);
    }
}

static void test_get_set(void **unused)
{
    (void)unused;
    vars_t *vs = calloc(1, vars_bytes(3));
    assert_non_null(vs);
    vars_init(vs, 3);
    assert_int_equal(vars_set(vs, 0, INT64_MIN), GROVE_OK);
    assert_int_equal(vars_set(vs, 1, -1), GROVE_OK);
    assert_int_equal(vars_set(vs, 2, INT64_MAX), GROVE_OK);
    int64_t v;
    assert_int_equal(vars_get(vs, 0, &v), GROVE_OK);
    assert_true(v == INT64_MIN);
    assert_int_equal(vars_get(vs, 1, &v), GROVE_OK);
    assert_true(v == -1);
    assert_int_equal(vars_get(vs, 2, &v), GROVE_OK);
    assert_true(v == INT64_MAX);

    unsigned char copy[8 + 3 * 8];
    memcpy(copy, vs, sizeof copy);
    v = 42;
    assert_int_equal(vars_get(vs, 3, &v), GROVE_ERANGE);
    assert_int_equal(vars_get(vs, -1, &v), GROVE_ERANGE);
    assert_true(v == 42);
    assert_int_equal(vars_set(vs, 3, 7), GROVE_ERANGE);
    assert_int_equal(vars_set(vs, -1, 7), GROVE_ERANGE);
    assert_memory_equal(vs, copy, sizeof copy);
    free(vs);

    /* no vars: every index is out of range */
    vs = calloc(1, vars_bytes(0));
    assert_non_null(vs);
    vars_init(vs, 0);
    assert_int_equal(vars_get(vs, 0, &v), GROVE_ERANGE);
    assert_int_equal(vars_set(vs, 0, 1), GROVE_ERANGE);
    free(vs);
}

static void test_strstatus(void **unused)
{
    (void)unused;
    assert_string_equal(grove_strstatus(GROVE_OK), "ok");
    assert_string_equal(grove_strstatus(GROVE_ERANGE), "out of range");
    assert_string_equal(grove_strstatus(GROVE_EFULL), "full");
    assert_string_equal(grove_strstatus(GROVE_EEMPTY), "empty");
    assert_string_equal(grove_strstatus(GROVE_EBOUND), "out of bounds");
    assert_string_equal(grove_strstatus(GROVE_EARG), "bad argument");
    assert_string_equal(grove_strstatus(GROVE_ENOMEM), "out of memory");
    assert_string_equal(grove_strstatus(GROVE_EFORMAT), "bad format");
    /* every code has its own phrase; an unknown code still gets one */
    for (int a = GROVE_OK; a <= GROVE_EFORMAT; a++)
        for (int b = a + 1; b <= GROVE_EFORMAT; b++)
            assert_string_not_equal(grove_strstatus((grove_status)a),
                                    grove_strstatus((grove_status)b));
    assert_non_null(grove_strstatus((grove_status)(GROVE_EFORMAT + 1)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bytes),
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_get_set),
        cmocka_unit_test(test_strstatus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
