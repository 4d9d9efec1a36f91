/*
 * test_movebuf.c — the packed move and its buffer: every field round-trips
 * at its limits without touching the others, the buffer grows past its first
 * capacity keeping order, find, clear (memory kept) and free (then reuse).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include "movebuf.h"

static void assert_move(int64_t m, int kind, int a, int b, int c)
{
    assert_int_equal(move_kind(m), kind);
    assert_int_equal(move_a(m), a);
    assert_int_equal(move_b(m), b);
    assert_int_equal(move_c(m), c);
}

static void test_move_roundtrip(void **unused)
{
    (void)unused;
    assert_int_equal(move_make(0, 0, 0, 0), 0);                /* "no move" */
    assert_move(move_make(1, 2, 3, 4), 1, 2, 3, 4);
    assert_move(move_make(255, MOVE_ARG_MAX, MOVE_ARG_MAX, MOVE_ARG_MAX),
                255, 0xffff, 0xffff, 0xffff);

    /* each field at its limit alone: the others stay zero */
    assert_move(move_make(255, 0, 0, 0), 255, 0, 0, 0);
    assert_move(move_make(0, 0xffff, 0, 0), 0, 0xffff, 0, 0);
    assert_move(move_make(0, 0, 0xffff, 0), 0, 0, 0xffff, 0);
    assert_move(move_make(0, 0, 0, 0xffff), 0, 0, 0, 0xffff);
    assert_move(move_make(1, 0xffff, 0, 0xffff), 1, 0xffff, 0, 0xffff);
    assert_move(move_make(255, 0, 0xffff, 0), 255, 0, 0xffff, 0);

    /* the documented layout: bits 0..7, 8..23, 24..39, 40..55 */
    assert_int_equal(move_make(0xab, 0x1234, 0x5678, 0x9abc), (int64_t)0x9abc56781234abLL);
    int64_t top = move_make(255, 0xffff, 0xffff, 0xffff);
    assert_int_equal(top, (int64_t)0x00ffffffffffffffLL);
    assert_true(top > 0);                                        /* bits 56..63 clear */

    /* a walk over many values, each field distinct */
    for (int k = 1; k <= 255; k += 7)
        for (int a = 0; a <= 0xffff; a += 4093) {
            int b = 0xffff - a, c = (a * 31 + k) & 0xffff;
            int64_t m = move_make(k, a, b, c);
            assert_move(m, k, a, b, c);
            assert_true(m >= 0);
        }

    /* distinct moves are distinct integers */
    assert_true(move_make(1, 2, 3, 4) != move_make(1, 2, 4, 3));
    assert_true(move_make(1, 0, 0, 1) != move_make(1, 1, 0, 0));
    assert_true(move_make(2, 0, 0, 0) != move_make(1, 0, 0, 0));
}

static void test_init(void **unused)
{
    (void)unused;
    movebuf b;
    b.m = (int64_t *)&b;             /* garbage */
    b.n = b.cap = 99;
    movebuf_init(&b);
    assert_null(b.m);
    assert_int_equal(b.n, 0);
    assert_int_equal(b.cap, 0);
    assert_int_equal(movebuf_find(&b, 0), -1);
    assert_int_equal(movebuf_find(&b, move_make(1, 1, 1, 1)), -1);
    movebuf_free(&b);                /* freeing an empty buffer is fine */
    assert_null(b.m);
}

static void test_push_grows(void **unused)
{
    (void)unused;
    movebuf b;
    movebuf_init(&b);
    assert_int_equal(movebuf_push(&b, move_make(1, 0, 0, 0)), GROVE_OK);
    assert_int_equal(b.n, 1);
    int first = b.cap;
    assert_true(first >= 1);

    /* well past the first capacity, through several doublings */
    const int n = first * 16 + 3;
    for (int i = 1; i < n; i++) {
        int before = b.cap;
        assert_int_equal(movebuf_push(&b, move_make(1 + i % 255, i & 0xffff, (i * 7) & 0xffff, i >> 4)), GROVE_OK);
        assert_int_equal(b.n, i + 1);
        assert_true(b.cap >= b.n);
        if (b.cap != before) assert_int_equal(b.cap, before * 2);
    }
    assert_true(b.cap > first);
    for (int i = 0; i < n; i++) {
        int64_t want = i == 0 ? move_make(1, 0, 0, 0)
                              : move_make(1 + i % 255, i & 0xffff, (i * 7) & 0xffff, i >> 4);
        assert_int_equal(b.m[i], want);
    }

    /* extreme values are stored as they are */
    assert_int_equal(movebuf_push(&b, move_make(255, 0xffff, 0xffff, 0xffff)), GROVE_OK);
    assert_int_equal(movebuf_push(&b, INT64_MIN), GROVE_OK);
    assert_int_equal(movebuf_push(&b, -1), GROVE_OK);
    assert_int_equal(b.m[n], (int64_t)0x00ffffffffffffffLL);
    assert_int_equal(b.m[n + 1], INT64_MIN);
    assert_int_equal(b.m[n + 2], -1);
    movebuf_free(&b);
}

static void test_find(void **unused)
{
    (void)unused;
    movebuf b;
    movebuf_init(&b);
    int64_t m0 = move_make(3, 10, 0, 0), m1 = move_make(3, 11, 0, 0),
            m2 = move_make(4, 10, 0, 0), m3 = move_make(3, 10, 0, 1);
    assert_int_equal(movebuf_push(&b, m0), GROVE_OK);
    assert_int_equal(movebuf_push(&b, m1), GROVE_OK);
    assert_int_equal(movebuf_push(&b, m2), GROVE_OK);
    assert_int_equal(movebuf_push(&b, m1), GROVE_OK);            /* a duplicate */
    assert_int_equal(movebuf_find(&b, m0), 0);
    assert_int_equal(movebuf_find(&b, m1), 1);                   /* the first one */
    assert_int_equal(movebuf_find(&b, m2), 2);
    assert_int_equal(movebuf_find(&b, m3), -1);                  /* differs only in c */
    assert_int_equal(movebuf_find(&b, 0), -1);
    assert_int_equal(movebuf_find(&b, move_make(3, 10, 0, 0)), 0);

    /* the last of a long list, and moves past n are not seen */
    for (int i = 0; i < 500; i++)
        assert_int_equal(movebuf_push(&b, move_make(9, i, i, i)), GROVE_OK);
    assert_int_equal(movebuf_find(&b, move_make(9, 499, 499, 499)), 503);
    assert_int_equal(movebuf_find(&b, move_make(9, 0, 0, 0)), 4);
    b.n = 4;
    assert_int_equal(movebuf_find(&b, move_make(9, 0, 0, 0)), -1);
    assert_int_equal(movebuf_find(&b, m1), 1);
    movebuf_free(&b);
}

static void test_clear(void **unused)
{
    (void)unused;
    movebuf b;
    movebuf_init(&b);
    for (int i = 0; i < 100; i++)
        assert_int_equal(movebuf_push(&b, move_make(1, i, 0, 0)), GROVE_OK);
    int64_t *mem = b.m;
    int cap = b.cap;
    movebuf_clear(&b);
    assert_int_equal(b.n, 0);
    assert_ptr_equal(b.m, mem);                                  /* memory kept */
    assert_int_equal(b.cap, cap);
    assert_int_equal(movebuf_find(&b, move_make(1, 0, 0, 0)), -1);
    movebuf_clear(&b);                                           /* twice is fine */
    assert_int_equal(b.n, 0);

    /* refilling up to the old size allocates nothing */
    for (int i = 0; i < cap; i++) {
        assert_int_equal(movebuf_push(&b, move_make(2, 0, i, 0)), GROVE_OK);
        assert_ptr_equal(b.m, mem);
    }
    assert_int_equal(b.cap, cap);
    for (int i = 0; i < cap; i++)
        assert_int_equal(b.m[i], move_make(2, 0, i, 0));
    assert_int_equal(movebuf_find(&b, move_make(2, 0, 5, 0)), 5);
    assert_int_equal(movebuf_find(&b, move_make(1, 5, 0, 0)), -1);
    movebuf_free(&b);
}

static void test_free_then_reuse(void **unused)
{
    (void)unused;
    movebuf b;
    movebuf_init(&b);
    for (int i = 0; i < 300; i++)
        assert_int_equal(movebuf_push(&b, move_make(5, i, 0, 0)), GROVE_OK);
    movebuf_free(&b);
    assert_null(b.m);
    assert_int_equal(b.n, 0);
    assert_int_equal(b.cap, 0);
    assert_int_equal(movebuf_find(&b, move_make(5, 0, 0, 0)), -1);

    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 70; i++)
            assert_int_equal(movebuf_push(&b, move_make(6, i, round, 0)), GROVE_OK);
        assert_int_equal(b.n, 70);
        for (int i = 0; i < 70; i++)
            assert_int_equal(movebuf_find(&b, move_make(6, i, round, 0)), i);
        assert_int_equal(movebuf_find(&b, move_make(5, 0, 0, 0)), -1);
        movebuf_free(&b);
        assert_null(b.m);
        assert_int_equal(b.n, 0);
    }
    movebuf_free(&b);                                            /* again: harmless */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_roundtrip),
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_push_grows),
        cmocka_unit_test(test_find),
        cmocka_unit_test(test_clear),
        cmocka_unit_test(test_free_then_reuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
