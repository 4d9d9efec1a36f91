/*
 * rng.h — PCG32 (O'Neill's PCG-XSH-RR 64/32), the only source of chance.
 *
 * One rng_t lives in each game state block, so a snapshot saves it and a
 * restore rewinds it. The same seed gives the same numbers on every machine:
 * only fixed-width integer arithmetic is used.
 */
#ifndef GROVE_RNG_H
#define GROVE_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t state;   /* the LCG state */
    uint64_t inc;     /* the stream selector; always odd */
} rng_t;

/* Seed the generator: the same (seed, stream) always gives the same numbers. */
void rng_seed(rng_t *r, uint64_t seed, uint64_t stream);

/* The next 32 random bits. */
uint32_t rng_next(rng_t *r);

/* A uniform integer in [0, n), without modulo bias. n must be >= 1. */
uint32_t rng_below(rng_t *r, uint32_t n);

/* A uniform integer in [lo, hi]; lo <= hi, hi - lo < 2^32. */
int64_t rng_range(rng_t *r, int64_t lo, int64_t hi);

/* A uniform double in [0, 1) with 53 random bits. */
double rng_double(rng_t *r);

#endif
