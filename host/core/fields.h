/*
 * fields.h — named integer fields over a set of places, and conditions on them.
 *
 * Square grids, hex grids and graphs all keep "fields per cell" the same way:
 * one int32 array laid out v[field * ncells + cell]. A condition is a
 * conjunction of clauses "lo <= field <= hi"; boards use it to answer whole
 * rule questions ("empty cells", "mature trees without a protester") in C.
 */
#ifndef GROVE_FIELDS_H
#define GROVE_FIELDS_H

#include <stdbool.h>
#include <stdint.h>
#include "cellset.h"

#define COND_MAX 8   /* most clauses in one condition */

typedef struct {
    int32_t field;   /* field index, 0-based */
    int32_t lo, hi;  /* inclusive bounds the value must lie in */
} cond_clause;

typedef struct {
    int32_t n;                   /* clauses in use; 0 matches every place */
    cond_clause c[COND_MAX];
} cond_t;

/* The value slot of (field, cell) in a field array over ncells places. */
static inline int32_t *fields_at(int32_t *v, int ncells, int field, int cell)
{
    return &v[(long)field * ncells + cell];
}

/* Does place `cell` satisfy every clause of cond? A NULL cond matches.
 * (Inline: boards call it once per cell in their hottest loops.) */
static inline bool fields_match(const int32_t *v, int ncells, int cell, const cond_t *cond)
{
    if (!cond) return true;
    for (int k = 0; k < cond->n; k++) {
        int32_t x = v[(long)cond->c[k].field * ncells + cell];
        if (x < cond->c[k].lo || x > cond->c[k].hi) return false;
    }
    return true;
}

/* out = every place in [0, ncells) that satisfies cond. */
void fields_select(const int32_t *v, int ncells, const cond_t *cond, cellset_t *out);

#endif
