/*
 * pool.h — a counter with bounds, global or one per seat: a token pool,
 * a score track, a player's supply.
 *
 * A change that would take the value outside [min, max] fails and changes
 * nothing: a pool never goes negative by accident.
 */
#ifndef GROVE_POOL_H
#define GROVE_POOL_H

#include <stddef.h>
#include <stdint.h>
#include "kind.h"
#include "status.h"

typedef struct {
    int32_t n;          /* values: 1 for a global counter, else one per seat */
    int32_t min, max;   /* inclusive bounds */
    int32_t v[];        /* v[0] global, or v[seat-1] */
} pool_t;

/* The kind of a pool component (kind.h). */
extern const comp_kind pool_kind;

size_t pool_bytes(int n);

/* n values, all `initial`. EBOUND if initial is outside [min, max], EARG if
 * min > max or n < 1. */
grove_status pool_init(pool_t *p, int n, int32_t min, int32_t max, int32_t initial);

/* Index i is 0-based (0 for a global counter). ERANGE for a bad index. */
grove_status pool_get(const pool_t *p, int i, int32_t *value);
/* EBOUND (nothing changes) when the result would leave [min, max]. */
grove_status pool_set(pool_t *p, int i, int32_t value);
grove_status pool_add(pool_t *p, int i, int32_t delta);

#endif
