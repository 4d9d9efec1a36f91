/*
 * movebuf.c — the growable move buffer.
 */
#include "movebuf.h"

#include <stdlib.h>

void movebuf_init(movebuf *b)
{
    b->m = NULL;
    b->n = b->cap = 0;
}

void movebuf_free(movebuf *b)
{
    free(b->m);
    movebuf_init(b);
}

grove_status movebuf_push(movebuf *b, int64_t m)
{
    if (b->n == b->cap) {
        if (b->n >= MOVEBUF_MAX) return GROVE_EFULL;
        int cap = b->cap ? b->cap * 2 : 64;
        if (cap > MOVEBUF_MAX) cap = MOVEBUF_MAX;
        int64_t *nm = realloc(b->m, (size_t)cap * sizeof *nm);
        if (!nm) return GROVE_ENOMEM;
        b->m = nm;
        b->cap = cap;
    }
    b->m[b->n++] = m;
    return GROVE_OK;
}

int movebuf_find(const movebuf *b, int64_t m)
{
    for (int i = 0; i < b->n; i++)
        if (b->m[i] == m) return i;
    return -1;
}
