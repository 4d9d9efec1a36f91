/*
 * test_rng.c — PCG32 and the uniform draws: the reference outputs, pinned
 * values for every draw function (the "same numbers on every machine"
 * promise), ranges, and loose uniformity checks on fixed seeds so they
 * cannot flake.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <string.h>
#include "rng.h"

/* How many rng_next steps take `before` to `after` (at most limit, else -1). */
static int steps_between(const rng_t *before, const rng_t *after, int limit)
{
    rng_t r = *before;
    for (int k = 0; k <= limit; k++) {
        if (r.state == after->state && r.inc == after->inc)
            return k;
        (void)rng_next(&r);
    }
    return -1;
}

/* pcg32-demo of the reference implementation, seed 42, stream 54. */
static void test_reference_demo(void **unused)
{
    (void)unused;
    static const uint32_t want[] = {
        0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e,
    };
    rng_t r;
    rng_seed(&r, 42, 54);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        assert_int_equal(rng_next(&r), want[i]);
    assert_true(r.state == 0xbeb6d0b73fdb974aULL);
    assert_true(r.inc == 0x6d);
}

/* srandom_r semantics: state 0, inc (stream << 1) | 1, step, add seed, step. */
static void test_seed_semantics(void **unused)
{
    (void)unused;
    rng_t r, hand;
    rng_seed(&r, 12345, 678);
    hand.state = 0;
    hand.inc = (678u << 1) | 1u;
    (void)rng_next(&hand);
    hand.state += 12345;
    (void)rng_next(&hand);
    assert_memory_equal(&r, &hand, sizeof r);

    /* the stream's top bit is shifted out; inc is always odd */
    rng_seed(&r, 1, UINT64_MAX);
    assert_true(r.inc & 1);
    assert_true(r.inc == UINT64_MAX);
    rng_seed(&r, 1, 0);
    assert_true(r.inc == 1);
}

static void test_pinned_next(void **unused)
{
    (void)unused;
    static const uint32_t want[] = {
        0xc9828f91, 0x1592e274, 0xc0262657, 0xa5c2b6d3, 0xaf811256, 0x6c1c2879,
    };
    rng_t r;
    rng_seed(&r, 1, 1);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        assert_int_equal(rng_next(&r), want[i]);
}

static void test_same_seed_same_numbers(void **unused)
{
    (void)unused;
    rng_t a, b, c;
    rng_seed(&a, 7, 3);
    rng_seed(&b, 7, 3);
    rng_seed(&c, 7, 4);
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
        uint32_t x = rng_next(&a);
        assert_int_equal(x, rng_next(&b));
        differ += x != rng_next(&c);
    }
    assert_true(differ > 990);

    /* a snapshot (memcpy) replays the same numbers */
    rng_t snap;
    memcpy(&snap, &a, sizeof a);
    uint32_t first[8];
    for (int i = 0; i < 8; i++)
        first[i] = rng_next(&a);
    for (int i = 0; i < 8; i++)
        assert_int_equal(rng_next(&snap), first[i]);
}

static void test_below_pinned(void **unused)
{
    (void)unused;
    static const uint32_t six[] = { 3, 2, 4, 3, 4, 4, 4, 3, 5, 5 };
    static const uint32_t big[] = { 1444700008u, 2181024167u, 1544812662u };
    rng_t r;
    rng_seed(&r, 42, 54);
    for (size_t i = 0; i < sizeof six / sizeof six[0]; i++)
        assert_int_equal(rng_below(&r, 6), six[i]);
    rng_seed(&r, 42, 54);
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
        assert_int_equal(rng_below(&r, 3000000000u), big[i]);
}

static void test_below_never_reaches_n(void **unused)
{
    (void)unused;
    static const uint32_t ns[] = {
        1, 2, 3, 5, 6, 7, 10, 52, 100, 1000, 65535, 65536, 1u << 31,
        (1u << 31) + 1, 3000000000u, UINT32_MAX - 1, UINT32_MAX,
    };
    rng_t r;
    rng_seed(&r, 2024, 11);
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++)
        for (int i = 0; i < 20000; i++)
            assert_true(rng_below(&r, ns[k]) < ns[k]);
}

/* n == 1 gives 0 and still consumes exactly one draw. */
static void test_below_one(void **unused)
{
    (void)unused;
    rng_t r, before;
    rng_seed(&r, 5, 5);
    for (int i = 0; i < 100; i++) {
        before = r;
        assert_int_equal(rng_below(&r, 1), 0);
        assert_int_equal(steps_between(&before, &r, 1), 1);
    }
}

/* Chi-square over a fixed seed; the bounds are far above the 1e-6 critical
 * values, so a correct generator passes and a grossly wrong one fails. */
static void test_below_uniform(void **unused)
{
    (void)unused;
    static const uint32_t ns[] = { 2, 3, 6, 10, 52 };
    rng_t r;
    rng_seed(&r, 99, 1);
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
        uint32_t n = ns[k];
        long hits[52] = { 0 };
        const long draws = 5000L * n;
        for (long i = 0; i < draws; i++)
            hits[rng_below(&r, n)]++;
        double expect = (double)draws / n, chi = 0;
        for (uint32_t v = 0; v < n; v++)
            chi += (hits[v] - expect) * (hits[v] - expect) / expect;
        /* df = n-1; 1e-6 critical: ~24 (df 1), ~36 (df 5), ~100 (df 51) */
        assert_true(chi < 3.0 * (n - 1) + 30.0);
    }
}

/* For n = 3 * 2^30 a plain modulo would put half the draws below 2^30;
 * an unbiased draw puts a third there. */
static void test_below_unbiased(void **unused)
{
    (void)unused;
    const uint32_t n = 3u << 30;
    rng_t r;
    rng_seed(&r, 314159, 2);
    long low = 0;
    const long draws = 300000;
    for (long i = 0; i < draws; i++)
        low += rng_below(&r, n) < (1u << 30);
    double frac = (double)low / draws;
    assert_true(frac > 0.32 && frac < 0.3467);
}

/* n = 2^31 + 1 rejects about half the products: more draws than calls,
 * and still deterministic. */
static void test_below_rejects(void **unused)
{
    (void)unused;
    const uint32_t n = (1u << 31) + 1;
    rng_t r, start, again;
    rng_seed(&r, 8, 8);
    start = r;
    again = r;
    for (int i = 0; i < 1000; i++)
        assert_int_equal(rng_below(&r, n), rng_below(&again, n));
    int steps = steps_between(&start, &r, 5000);
    assert_true(steps > 1200);
}

static void test_range(void **unused)
{
    (void)unused;
    static const int64_t pinned[] = { 1, 0, 2, 0, 2, 2 };
    rng_t r, before;
    rng_seed(&r, 42, 54);
    for (size_t i = 0; i < sizeof pinned / sizeof pinned[0]; i++)
        assert_int_equal(rng_range(&r, -3, 3), pinned[i]);

    /* both ends are reached, nothing outside */
    bool seen[7] = { false };
    for (int i = 0; i < 2000; i++) {
        int64_t x = rng_range(&r, -3, 3);
        assert_true(x >= -3 && x <= 3);
        seen[x + 3] = true;
    }
    for (int v = 0; v < 7; v++)
        assert_true(seen[v]);

    /* lo == hi: that value, one draw */
    before = r;
    assert_int_equal(rng_range(&r, 17, 17), 17);
    assert_int_equal(steps_between(&before, &r, 1), 1);

    /* the widest span allowed (2^32 values) at both ends of int64 */
    static const int64_t wide[] = {
        -9223372034147614025LL, -9223372034786462711LL, -9223372033732299984LL,
    };
    rng_seed(&r, 42, 54);
    for (size_t i = 0; i < 3; i++)
        assert_true(rng_range(&r, INT64_MIN, INT64_MIN + 4294967295LL) == wide[i]);
    rng_seed(&r, 42, 54);
    before = r;
    assert_true(rng_range(&r, 0, 4294967295LL) == 0xa15c02b7);
    assert_int_equal(steps_between(&before, &r, 1), 1);
    for (int i = 0; i < 10000; i++) {
        int64_t x = rng_range(&r, INT64_MAX - 4294967295LL, INT64_MAX);
        assert_true(x >= INT64_MAX - 4294967295LL);
        x = rng_range(&r, INT64_MIN, INT64_MIN + 10);
        assert_true(x >= INT64_MIN && x <= INT64_MIN + 10);
    }
}

static void test_double(void **unused)
{
    (void)unused;
    rng_t r, hand, before;
    rng_seed(&r, 42, 54);
    assert_true(rng_double(&r) == 0x1.42b8056ef68fep-1);
    assert_true(rng_double(&r) == 0x1.743a666107a5ep-1);
    assert_true(rng_double(&r) == 0x1.7f48f09797dacp-1);

    /* two draws: the first gives the high bits */
    rng_seed(&r, 77, 7);
    hand = r;
    for (int i = 0; i < 1000; i++) {
        uint64_t hi = rng_next(&hand), lo = rng_next(&hand);
        double want = (double)(((hi << 32) | lo) >> 11) / 9007199254740992.0;
        before = r;
        assert_true(rng_double(&r) == want);
        assert_int_equal(steps_between(&before, &r, 2), 2);
    }

    double sum = 0, lo = 1, hi = 0;
    for (int i = 0; i < 100000; i++) {
        double x = rng_double(&r);
        assert_true(x >= 0.0 && x < 1.0);
        sum += x;
        if (x < lo) lo = x;
        if (x > hi) hi = x;
    }
    assert_true(sum / 100000 > 0.49 && sum / 100000 < 0.51);
    assert_true(lo < 0.001 && hi > 0.999);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_demo),
        cmocka_unit_test(test_seed_semantics),
        cmocka_unit_test(test_pinned_next),
        cmocka_unit_test(test_same_seed_same_numbers),
        cmocka_unit_test(test_below_pinned),
        cmocka_unit_test(test_below_never_reaches_n),
        cmocka_unit_test(test_below_one),
        cmocka_unit_test(test_below_uniform),
        cmocka_unit_test(test_below_unbiased),
        cmocka_unit_test(test_below_rejects),
        cmocka_unit_test(test_range),
        cmocka_unit_test(test_double),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
