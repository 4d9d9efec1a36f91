/*
 * pool.c — bounded counters, global or one per seat.
 *
 * Every change is checked in 64-bit arithmetic against [min, max] before it
 * is written, so a failing call changes nothing and no int32 overflows.
 * Padding up to pool_bytes() is zero.
 */
#include <assert.h>
#include <string.h>
#include "pool.h"

const comp_kind pool_kind = { "pool" };

/* Rounded up to 8 so the component laid out after the pool stays aligned. */
size_t pool_bytes(int n)
{
    assert(n >= 0);
    size_t b = sizeof(pool_t) + (size_t)n * sizeof(int32_t);
    return (b + 7) & ~(size_t)7;
}

grove_status pool_init(pool_t *p, int n, int32_t min, int32_t max, int32_t initial)
{
    if (n < 1 || min > max)
        return GROVE_EARG;
    if (initial < min || initial > max)
        return GROVE_EBOUND;
    memset(p, 0, pool_bytes(n));
    p->n = n;
    p->min = min;
    p->max = max;
    for (int i = 0; i < n; i++)
        p->v[i] = initial;
    return GROVE_OK;
}

grove_status pool_get(const pool_t *p, int i, int32_t *value)
{
    if (i < 0 || i >= p->n)
        return GROVE_ERANGE;
    *value = p->v[i];
    return GROVE_OK;
}

grove_status pool_set(pool_t *p, int i, int32_t value)
{
    if (i < 0 || i >= p->n)
        return GROVE_ERANGE;
    if (value < p->min || value > p->max)
        return GROVE_EBOUND;
    p->v[i] = value;
    return GROVE_OK;
}

grove_status pool_add(pool_t *p, int i, int32_t delta)
{
    if (i < 0 || i >= p->n)
        return GROVE_ERANGE;
    int64_t x = (int64_t)p->v[i] + delta;
    if (x < p->min || x > p->max)
        return GROVE_EBOUND;
    p->v[i] = (int32_t)x;
    return GROVE_OK;
}
