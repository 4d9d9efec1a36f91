/*
 * test_cellset.c — cellset_t (the inline single-cell operations and the
 * word-wide ones) and the field conditions of fields.h, checked against
 * brute force on boards of every awkward size (0, 1, 63, 64, 65, 1024).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <string.h>
#include "cellset.h"
#include "fields.h"
#include "rng.h"

static void random_set(cellset_t *s, rng_t *r, uint32_t per_mille)
{
    cellset_clear(s);
    for (int c = 0; c < CELLSET_MAX; c++)
        if (rng_below(r, 1000) < per_mille)
            cellset_add(s, c);
}

static void test_single_cells(void **unused)
{
    (void)unused;
    cellset_t s;
    memset(&s, 0xff, sizeof s);
    cellset_clear(&s);
    for (int i = 0; i < CELLSET_WORDS; i++)
        assert_true(s.w[i] == 0);
    static const int cells[] = { 0, 1, 62, 63, 64, 65, 511, 512, 1022, 1023 };
    for (size_t k = 0; k < sizeof cells / sizeof cells[0]; k++) {
        assert_false(cellset_has(&s, cells[k]));
        cellset_add(&s, cells[k]);
        assert_true(cellset_has(&s, cells[k]));
        cellset_add(&s, cells[k]);   /* adding twice is adding once */
    }
    assert_int_equal(cellset_count(&s), 10);
    assert_false(cellset_has(&s, 2));
    assert_false(cellset_has(&s, 1021));
    cellset_del(&s, 63);
    cellset_del(&s, 63);
    cellset_del(&s, 100);   /* deleting an absent cell changes nothing */
    assert_false(cellset_has(&s, 63));
    assert_true(cellset_has(&s, 62));
    assert_true(cellset_has(&s, 64));
    assert_int_equal(cellset_count(&s), 9);
    assert_true(s.w[0] == ((1ULL << 0) | (1ULL << 1) | (1ULL << 62)));
    assert_true(s.w[15] == ((1ULL << 62) | (1ULL << 63)));
}

static void test_set_algebra(void **unused)
{
    (void)unused;
    rng_t r;
    rng_seed(&r, 1, 2);
    for (int round = 0; round < 20; round++) {
        cellset_t a, b, and_, or_, minus, t;
        random_set(&a, &r, 300);
        random_set(&b, &r, 600);
        cellset_and(&and_, &a, &b);
        cellset_or(&or_, &a, &b);
        cellset_minus(&minus, &a, &b);
        for (int c = 0; c < CELLSET_MAX; c++) {
            bool x = cellset_has(&a, c), y = cellset_has(&b, c);
            assert_int_equal(cellset_has(&and_, c), x && y);
            assert_int_equal(cellset_has(&or_, c), x || y);
            assert_int_equal(cellset_has(&minus, c), x && !y);
        }
        assert_int_equal(cellset_count(&and_) + cellset_count(&or_),
                         cellset_count(&a) + cellset_count(&b));
        assert_int_equal(cellset_count(&minus) + cellset_count(&and_), cellset_count(&a));

        /* dst may alias either operand */
        t = a; cellset_and(&t, &t, &b); assert_memory_equal(&t, &and_, sizeof t);
        t = b; cellset_and(&t, &a, &t); assert_memory_equal(&t, &and_, sizeof t);
        t = a; cellset_or(&t, &t, &b);  assert_memory_equal(&t, &or_, sizeof t);
        t = b; cellset_or(&t, &a, &t);  assert_memory_equal(&t, &or_, sizeof t);
        t = a; cellset_minus(&t, &t, &b); assert_memory_equal(&t, &minus, sizeof t);
        t = b; cellset_minus(&t, &a, &t); assert_memory_equal(&t, &minus, sizeof t);
        /* all three the same set */
        t = a; cellset_minus(&t, &t, &t); assert_int_equal(cellset_count(&t), 0);
        t = a; cellset_or(&t, &t, &t); assert_memory_equal(&t, &a, sizeof t);
    }
}

static void test_count(void **unused)
{
    (void)unused;
    cellset_t s;
    cellset_clear(&s);
    assert_int_equal(cellset_count(&s), 0);
    for (int c = 0; c < CELLSET_MAX; c++)
        cellset_add(&s, c);
    assert_int_equal(cellset_count(&s), CELLSET_MAX);
    for (int c = 0; c < CELLSET_MAX; c += 2)
        cellset_del(&s, c);
    assert_int_equal(cellset_count(&s), CELLSET_MAX / 2);
}

static void test_next(void **unused)
{
    (void)unused;
    cellset_t s;
    cellset_clear(&s);
    assert_int_equal(cellset_next(&s, 0), -1);
    assert_int_equal(cellset_next(&s, 1023), -1);
    cellset_add(&s, 0);
    cellset_add(&s, 63);
    cellset_add(&s, 64);
    cellset_add(&s, 700);
    cellset_add(&s, 1023);
    assert_int_equal(cellset_next(&s, 0), 0);
    assert_int_equal(cellset_next(&s, 1), 63);
    assert_int_equal(cellset_next(&s, 63), 63);
    assert_int_equal(cellset_next(&s, 64), 64);
    assert_int_equal(cellset_next(&s, 65), 700);
    assert_int_equal(cellset_next(&s, 701), 1023);
    assert_int_equal(cellset_next(&s, 1023), 1023);
    /* out-of-range starts: below 0 means 0, at or past the end finds none */
    assert_int_equal(cellset_next(&s, -5), 0);
    assert_int_equal(cellset_next(&s, CELLSET_MAX), -1);
    assert_int_equal(cellset_next(&s, CELLSET_MAX + 100), -1);

    /* the documented loop visits exactly the members, ascending */
    rng_t r;
    rng_seed(&r, 3, 3);
    random_set(&s, &r, 100);
    int prev = -1, n = 0;
    for (int c = cellset_next(&s, 0); c >= 0; c = cellset_next(&s, c + 1)) {
        assert_true(c > prev);
        assert_true(cellset_has(&s, c));
        for (int g = prev + 1; g < c; g++)
            assert_false(cellset_has(&s, g));
        prev = c;
        n++;
    }
    assert_int_equal(n, cellset_count(&s));
}

static void test_list(void **unused)
{
    (void)unused;
    cellset_t s;
    int out[CELLSET_MAX + 1];
    cellset_clear(&s);
    assert_int_equal(cellset_list(&s, out, CELLSET_MAX), 0);
    cellset_add(&s, 5);
    cellset_add(&s, 64);
    cellset_add(&s, 1023);
    cellset_add(&s, 2);

    memset(out, 0x7f, sizeof out);
    assert_int_equal(cellset_list(&s, out, 10), 4);
    assert_int_equal(out[0], 2);
    assert_int_equal(out[1], 5);
    assert_int_equal(out[2], 64);
    assert_int_equal(out[3], 1023);
    assert_int_equal(out[4], 0x7f7f7f7f);   /* nothing past the count */

    /* room for fewer: the smallest ones, never past max */
    memset(out, 0x7f, sizeof out);
    assert_int_equal(cellset_list(&s, out, 2), 2);
    assert_int_equal(out[0], 2);
    assert_int_equal(out[1], 5);
    assert_int_equal(out[2], 0x7f7f7f7f);
    assert_int_equal(cellset_list(&s, out, 0), 0);
    assert_int_equal(cellset_list(&s, NULL, 0), 0);
    assert_int_equal(cellset_list(&s, out, -1), 0);

    for (int c = 0; c < CELLSET_MAX; c++)
        cellset_add(&s, c);
    assert_int_equal(cellset_list(&s, out, CELLSET_MAX), CELLSET_MAX);
    for (int c = 0; c < CELLSET_MAX; c++)
        assert_int_equal(out[c], c);
}

/* ---- fields ---- */

static void test_fields_at(void **unused)
{
    (void)unused;
    int32_t v[3 * 5];
    for (int i = 0; i < 15; i++)
        v[i] = i;
    assert_ptr_equal(fields_at(v, 5, 0, 0), &v[0]);
    assert_ptr_equal(fields_at(v, 5, 0, 4), &v[4]);
    assert_ptr_equal(fields_at(v, 5, 1, 0), &v[5]);
    assert_ptr_equal(fields_at(v, 5, 2, 3), &v[13]);
    *fields_at(v, 5, 2, 3) = -7;
    assert_int_equal(v[13], -7);
}

static void test_fields_match(void **unused)
{
    (void)unused;
    /* 2 fields over 4 places: kind = {0, 1, 2, 1}, age = {5, 0, 3, INT32_MAX} */
    const int32_t v[8] = { 0, 1, 2, 1, 5, 0, 3, INT32_MAX };
    cond_t cond;
    memset(&cond, 0, sizeof cond);

    for (int c = 0; c < 4; c++) {
        assert_true(fields_match(v, 4, c, NULL));
        assert_true(fields_match(v, 4, c, &cond));   /* no clause matches all */
    }

    cond.n = 1;
    cond.c[0] = (cond_clause){ .field = 0, .lo = 1, .hi = 1 };
    assert_false(fields_match(v, 4, 0, &cond));
    assert_true(fields_match(v, 4, 1, &cond));
    assert_false(fields_match(v, 4, 2, &cond));
    assert_true(fields_match(v, 4, 3, &cond));

    /* a conjunction; bounds are inclusive */
    cond.n = 2;
    cond.c[1] = (cond_clause){ .field = 1, .lo = 1, .hi = INT32_MAX };
    assert_false(fields_match(v, 4, 1, &cond));
    assert_true(fields_match(v, 4, 3, &cond));
    cond.c[1] = (cond_clause){ .field = 1, .lo = INT32_MIN, .hi = 0 };
    assert_true(fields_match(v, 4, 1, &cond));
    assert_false(fields_match(v, 4, 3, &cond));

    /* an empty interval matches nothing, even at the int32 extremes */
    cond.n = 1;
    cond.c[0] = (cond_clause){ .field = 1, .lo = INT32_MAX, .hi = INT32_MIN };
    for (int c = 0; c < 4; c++)
        assert_false(fields_match(v, 4, c, &cond));
    cond.c[0] = (cond_clause){ .field = 1, .lo = INT32_MIN, .hi = INT32_MAX };
    for (int c = 0; c < 4; c++)
        assert_true(fields_match(v, 4, c, &cond));

    /* all COND_MAX clauses are used */
    cond.n = COND_MAX;
    for (int k = 0; k < COND_MAX; k++)
        cond.c[k] = (cond_clause){ .field = 0, .lo = 0, .hi = 2 };
    assert_true(fields_match(v, 4, 2, &cond));
    cond.c[COND_MAX - 1] = (cond_clause){ .field = 1, .lo = 4, .hi = 5 };
    assert_true(fields_match(v, 4, 0, &cond));
    assert_false(fields_match(v, 4, 2, &cond));
}

/* fields_select agrees with fields_match on every place and sets no bit at
 * or past ncells. */
static void check_select(const int32_t *v, int ncells, const cond_t *cond)
{
    cellset_t out;
    memset(&out, 0xa5, sizeof out);   /* stale bits must be cleared */
    fields_select(v, ncells, cond, &out);
    for (int c = 0; c < CELLSET_MAX; c++) {
        if (c < ncells)
            assert_int_equal(cellset_has(&out, c), fields_match(v, ncells, c, cond));
        else
            assert_false(cellset_has(&out, c));
    }
}

static void test_fields_select(void **unused)
{
    (void)unused;
    static int32_t v[3 * CELLSET_MAX];
    static const int sizes[] = { 0, 1, 2, 63, 64, 65, 127, 128, 129, 500, 1023, 1024 };
    rng_t r;
    rng_seed(&r, 10, 20);
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int ncells = sizes[k];
        for (int i = 0; i < 3 * ncells; i++)
            v[i] = (int32_t)rng_below(&r, 4) - 1;   /* -1 .. 2 */
        cond_t cond;
        memset(&cond, 0, sizeof cond);
        check_select(v, ncells, NULL);
        check_select(v, ncells, &cond);
        cond.n = 1;
        cond.c[0] = (cond_clause){ .field = 2, .lo = 0, .hi = 0 };
        check_select(v, ncells, &cond);
        cond.n = 3;
        cond.c[1] = (cond_clause){ .field = 0, .lo = -1, .hi = 1 };
        cond.c[2] = (cond_clause){ .field = 1, .lo = 1, .hi = 5 };
        check_select(v, ncells, &cond);
        cond.c[2] = (cond_clause){ .field = 1, .lo = 3, .hi = 2 };   /* empty */
        check_select(v, ncells, &cond);
    }

    /* a concrete case: 65 places, field 0 = cell % 3; cells with 0 */
    for (int c = 0; c < 65; c++)
        v[c] = c % 3;
    cond_t zero = { .n = 1, .c = { { .field = 0, .lo = 0, .hi = 0 } } };
    cellset_t out;
    fields_select(v, 65, &zero, &out);
    assert_int_equal(cellset_count(&out), 22);
    assert_true(cellset_has(&out, 0));
    assert_true(cellset_has(&out, 63));
    assert_true(cellset_has(&out, 64) == false);
    assert_int_equal(cellset_next(&out, 61), 63);
    fields_select(v, 65, NULL, &out);
    assert_int_equal(cellset_count(&out), 65);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_single_cells),
        cmocka_unit_test(test_set_algebra),
        cmocka_unit_test(test_count),
        cmocka_unit_test(test_next),
        cmocka_unit_test(test_list),
        cmocka_unit_test(test_fields_at),
        cmocka_unit_test(test_fields_match),
        cmocka_unit_test(test_fields_select),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
