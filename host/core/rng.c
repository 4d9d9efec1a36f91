/*
 * rng.c — PCG32 (PCG-XSH-RR, 64-bit state, 32-bit output) and the uniform
 * draws built on it.
 *
 * Seeding follows pcg32_srandom_r of the reference implementation, so
 * (seed 42, stream 54) yields the numbers its pcg32-demo prints. Every draw
 * below is pure fixed-width integer arithmetic (rng_double only converts an
 * exact 53-bit integer), so a seed gives the same sequence on every machine
 * and compiler. How many raw draws each function consumes is part of that
 * promise: changing it changes every replay.
 */
#include <assert.h>
#include "rng.h"

#define PCG_MULT 6364136223846793005ULL

/* Advance the LCG one step and return the permuted output of the old state. */
uint32_t rng_next(rng_t *r)
{
    uint64_t old = r->state;
    r->state = old * PCG_MULT + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

void rng_seed(rng_t *r, uint64_t seed, uint64_t stream)
{
    r->state = 0;
    r->inc = (stream << 1) | 1u;
    (void)rng_next(r);
    r->state += seed;
    (void)rng_next(r);
}

/*
 * Lemire's multiply-and-reject: one draw almost always, more only when the
 * low half of the product lands in the biased sliver below 2^32 mod n.
 * n == 1 still consumes one draw, so the draw count never depends on n's
 * value in a surprising way.
 */
uint32_t rng_below(rng_t *r, uint32_t n)
{
    assert(n >= 1);
    if (n == 0)
        return 0;
    uint64_t m = (uint64_t)rng_next(r) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;   /* 2^32 mod n */
        while (low < threshold) {
            m = (uint64_t)rng_next(r) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

int64_t rng_range(rng_t *r, int64_t lo, int64_t hi)
{
    assert(lo <= hi);
    if (lo > hi)
        return lo;
    uint64_t span = (uint64_t)hi - (uint64_t)lo;   /* hi - lo, no overflow */
    assert(span <= UINT32_MAX);
    if (span > UINT32_MAX)
        return lo;
    uint32_t x = span == UINT32_MAX ? rng_next(r) : rng_below(r, (uint32_t)span + 1);
    return lo + (int64_t)x;   /* lo + x <= hi, so no overflow */
}

/* The first draw gives the high 32 bits, the second the low; the top 53 of
 * those 64 bits scaled by 2^-53 are exact in a double. */
double rng_double(rng_t *r)
{
    uint64_t hi = rng_next(r);
    uint64_t lo = rng_next(r);
    uint64_t bits = ((hi << 32) | lo) >> 11;
    return (double)bits * 0x1p-53;
}
