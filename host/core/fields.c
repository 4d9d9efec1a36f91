/*
 * fields.c — conditions over per-place integer fields.
 *
 * The field array is v[field * ncells + cell] (see fields.h). fields_select
 * walks it clause by clause over contiguous rows, 64 places at a time, so a
 * rule question over a whole board costs a few passes over small arrays.
 * Callers check that every clause's field exists; these functions trust it.
 */
#include <assert.h>
#include "fields.h"

void fields_select(const int32_t *v, int ncells, const cond_t *cond, cellset_t *out)
{
    assert(ncells >= 0 && ncells <= CELLSET_MAX);
    assert(!cond || (cond->n >= 0 && cond->n <= COND_MAX));
    cellset_clear(out);
    int nclauses = cond ? cond->n : 0;
    for (int base = 0; base < ncells; base += 64) {
        int len = ncells - base < 64 ? ncells - base : 64;
        uint64_t mask = len == 64 ? ~(uint64_t)0 : ((uint64_t)1 << len) - 1;
        for (int k = 0; k < nclauses && mask; k++) {
            const cond_clause *cl = &cond->c[k];
            const int32_t *row = v + (long)cl->field * ncells + base;
            uint64_t ok = 0;
            for (int b = 0; b < len; b++)
                ok |= (uint64_t)(row[b] >= cl->lo && row[b] <= cl->hi) << b;
            mask &= ok;
        }
        out->w[base >> 6] = mask;
    }
}
