/*
 * vars.c — the script's bookkeeping integers, by index.
 *
 * Every failing call returns before writing anything.
 */
#include <assert.h>
#include <string.h>
#include "vars.h"

const comp_kind vars_kind = { "vars" };

size_t vars_bytes(int n)
{
    assert(n >= 0);
    return sizeof(vars_t) + (size_t)n * sizeof(int64_t);
}

void vars_init(vars_t *vs, int n)
{
    assert(n >= 0);
    memset(vs, 0, vars_bytes(n));
    vs->n = n;
    vs->pad = 0;
}

grove_status vars_get(const vars_t *vs, int i, int64_t *value)
{
    if (i < 0 || i >= vs->n)
        return GROVE_ERANGE;
    *value = vs->v[i];
    return GROVE_OK;
}

grove_status vars_set(vars_t *vs, int i, int64_t value)
{
    if (i < 0 || i >= vs->n)
        return GROVE_ERANGE;
    vs->v[i] = value;
    return GROVE_OK;
}
