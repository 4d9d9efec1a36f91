/*
 * test_pool.c — bounded counters: init and its EARG / EBOUND cases (memory
 * untouched), get / set / add with every bound, index errors, and int32
 * extremes (no overflow on the way to a bound check).
 *
 * Each pool lives in a block of exactly pool_bytes(n), so ASan catches any
 * write past it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include "pool.h"

static pool_t *new_pool(int n, int32_t min, int32_t max, int32_t initial)
{
    pool_t *p = calloc(1, pool_bytes(n));
    assert_non_null(p);
    assert_int_equal(pool_init(p, n, min, max, initial), GROVE_OK);
    return p;
}

static void *copy_of(const pool_t *p)
{
    void *c = malloc(pool_bytes(p->n));
    assert_non_null(c);
    memcpy(c, p, pool_bytes(p->n));
    return c;
}

static int32_t get(const pool_t *p, int i)
{
    int32_t v = -12345;
    assert_int_equal(pool_get(p, i, &v), GROVE_OK);
    return v;
}

static void test_bytes(void **unused)
{
    (void)unused;
    for (int n = 0; n < 20; n++) {
        size_t b = pool_bytes(n), need = sizeof(pool_t) + (size_t)n * sizeof(int32_t);
        assert_int_equal(b % 8, 0);
        assert_true(b >= need && b < need + 8);
    }
}

static void test_init(void **unused)
{
    (void)unused;
    for (int n = 1; n <= 6; n++) {
        size_t b = pool_bytes(n);
        pool_t *z = calloc(1, b), *g = malloc(b);
        assert_non_null(z);
        assert_non_null(g);
        memset(g, 0xa5, b);
        assert_int_equal(pool_init(z, n, -5, 30, 7), GROVE_OK);
        assert_int_equal(pool_init(g, n, -5, 30, 7), GROVE_OK);
        assert_memory_equal(z, g, b);   /* every byte written, padding too */
        assert_int_equal(g->n, n);
        assert_int_equal(g->min, -5);
        assert_int_equal(g->max, 30);
        for (int i = 0; i < n; i++)
            assert_int_equal(get(g, i), 7);
        free(z);
        free(g);
    }
    /* initial at either bound; min == max */
    pool_t *p = new_pool(1, 0, 10, 0);
    free(p);
    p = new_pool(1, 0, 10, 10);
    free(p);
    p = new_pool(2, 3, 3, 3);
    assert_int_equal(get(p, 1), 3);
    free(p);
    p = new_pool(1, INT32_MIN, INT32_MAX, INT32_MIN);
    free(p);
}

static void test_init_errors(void **unused)
{
    (void)unused;
    enum { BYTES = 64 };
    unsigned char *m = malloc(BYTES), pattern[BYTES];
    assert_non_null(m);
    memset(pattern, 0x5a, BYTES);
    memcpy(m, pattern, BYTES);
    pool_t *p = (pool_t *)m;
    assert_int_equal(pool_init(p, 0, 0, 10, 0), GROVE_EARG);
    assert_int_equal(pool_init(p, -3, 0, 10, 0), GROVE_EARG);
    assert_int_equal(pool_init(p, 1, 11, 10, 10), GROVE_EARG);
    assert_int_equal(pool_init(p, 0, 11, 10, 99), GROVE_EARG);   /* EARG first */
    assert_int_equal(pool_init(p, 1, 0, 10, -1), GROVE_EBOUND);
    assert_int_equal(pool_init(p, 1, 0, 10, 11), GROVE_EBOUND);
    assert_int_equal(pool_init(p, 2, INT32_MIN + 1, 0, INT32_MIN), GROVE_EBOUND);
    assert_memory_equal(m, pattern, BYTES);
    free(m);
}

static void test_get_set(void **unused)
{
    (void)unused;
    pool_t *p = new_pool(4, 0, 20, 5);
    assert_int_equal(pool_set(p, 2, 0), GROVE_OK);
    assert_int_equal(pool_set(p, 3, 20), GROVE_OK);
    assert_int_equal(get(p, 0), 5);
    assert_int_equal(get(p, 1), 5);
    assert_int_equal(get(p, 2), 0);
    assert_int_equal(get(p, 3), 20);

    void *c = copy_of(p);
    int32_t v = 99;
    assert_int_equal(pool_get(p, 4, &v), GROVE_ERANGE);
    assert_int_equal(pool_get(p, -1, &v), GROVE_ERANGE);
    assert_int_equal(v, 99);
    assert_int_equal(pool_set(p, 4, 1), GROVE_ERANGE);
    assert_int_equal(pool_set(p, -1, 1), GROVE_ERANGE);
    assert_int_equal(pool_set(p, 0, 21), GROVE_EBOUND);
    assert_int_equal(pool_set(p, 0, -1), GROVE_EBOUND);
    assert_int_equal(pool_set(p, 0, INT32_MIN), GROVE_EBOUND);
    assert_int_equal(pool_set(p, 9, 99), GROVE_ERANGE);   /* index checked first */
    assert_memory_equal(p, c, pool_bytes(4));
    free(c);
    free(p);
}

static void test_add(void **unused)
{
    (void)unused;
    pool_t *p = new_pool(2, 0, 10, 4);
    assert_int_equal(pool_add(p, 0, 3), GROVE_OK);
    assert_int_equal(get(p, 0), 7);
    assert_int_equal(pool_add(p, 0, -7), GROVE_OK);   /* down to min */
    assert_int_equal(get(p, 0), 0);
    assert_int_equal(pool_add(p, 1, 6), GROVE_OK);    /* up to max */
    assert_int_equal(get(p, 1), 10);
    assert_int_equal(pool_add(p, 1, 0), GROVE_OK);
    assert_int_equal(get(p, 1), 10);

    void *c = copy_of(p);
    assert_int_equal(pool_add(p, 0, -1), GROVE_EBOUND);   /* never negative */
    assert_int_equal(pool_add(p, 1, 1), GROVE_EBOUND);
    assert_int_equal(pool_add(p, 0, INT32_MIN), GROVE_EBOUND);
    assert_int_equal(pool_add(p, 1, INT32_MAX), GROVE_EBOUND);
    assert_int_equal(pool_add(p, 2, 1), GROVE_ERANGE);
    assert_int_equal(pool_add(p, -1, 1), GROVE_ERANGE);
    assert_memory_equal(p, c, pool_bytes(2));
    free(c);
    free(p);
}

/* The full int32 range: sums that overflow int32 are refused, not wrapped. */
static void test_extremes(void **unused)
{
    (void)unused;
    pool_t *p = new_pool(1, INT32_MIN, INT32_MAX, INT32_MAX);
    void *c = copy_of(p);
    assert_int_equal(pool_add(p, 0, 1), GROVE_EBOUND);
    assert_int_equal(pool_add(p, 0, INT32_MAX), GROVE_EBOUND);
    assert_memory_equal(p, c, pool_bytes(1));
    assert_int_equal(pool_add(p, 0, INT32_MIN), GROVE_OK);
    assert_int_equal(get(p, 0), -1);
    assert_int_equal(pool_add(p, 0, INT32_MIN + 1), GROVE_OK);
    assert_int_equal(get(p, 0), INT32_MIN);
    free(c);
    c = copy_of(p);
    assert_int_equal(pool_add(p, 0, -1), GROVE_EBOUND);
    assert_int_equal(pool_add(p, 0, INT32_MIN), GROVE_EBOUND);
    assert_memory_equal(p, c, pool_bytes(1));
    assert_int_equal(pool_add(p, 0, INT32_MAX), GROVE_OK);
    assert_int_equal(get(p, 0), -1);
    free(c);
    free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bytes),
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_init_errors),
        cmocka_unit_test(test_get_set),
        cmocka_unit_test(test_add),
        cmocka_unit_test(test_extremes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
