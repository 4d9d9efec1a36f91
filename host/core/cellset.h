/*
 * cellset.h — a fixed-size bitset of cells (or nodes, or hexes).
 *
 * Every board component answers set questions ("cells where a field has a
 * value", "reachable in k steps") with a cellset_t, so a whole rule question
 * is one call and no allocation. Cell ids are 0-based here; the Lua binding
 * adds one.
 */
#ifndef GROVE_CELLSET_H
#define GROVE_CELLSET_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define CELLSET_MAX 1024                 /* most cells one board may have */
#define CELLSET_WORDS (CELLSET_MAX / 64)

typedef struct {
    uint64_t w[CELLSET_WORDS];
} cellset_t;

static inline void cellset_clear(cellset_t *s) { memset(s, 0, sizeof *s); }
static inline void cellset_add(cellset_t *s, int c) { s->w[c >> 6] |= (uint64_t)1 << (c & 63); }
static inline void cellset_del(cellset_t *s, int c) { s->w[c >> 6] &= ~((uint64_t)1 << (c & 63)); }
static inline bool cellset_has(const cellset_t *s, int c) { return (s->w[c >> 6] >> (c & 63)) & 1; }

/* dst = a & b, a | b, a & ~b; dst may alias a or b. */
void cellset_and(cellset_t *dst, const cellset_t *a, const cellset_t *b);
void cellset_or(cellset_t *dst, const cellset_t *a, const cellset_t *b);
void cellset_minus(cellset_t *dst, const cellset_t *a, const cellset_t *b);

/* Number of cells in the set. */
int cellset_count(const cellset_t *s);

/* The smallest cell id >= from in the set, or -1. Iterate with
 * for (c = cellset_next(s, 0); c >= 0; c = cellset_next(s, c + 1)). */
int cellset_next(const cellset_t *s, int from);

/* Write the set's cells, ascending, into out (room for max); returns count. */
int cellset_list(const cellset_t *s, int *out, int max);

#endif
