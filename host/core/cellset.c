/*
 * cellset.c — the word-at-a-time operations on cellset_t.
 *
 * Adding, removing and testing one cell are inline in cellset.h; here are
 * the operations that walk every word. All of them run in CELLSET_WORDS
 * steps (plus one per cell listed) and never allocate.
 */
#include <assert.h>
#include "cellset.h"

/* Bits set in x (SWAR: no libgcc call where the CPU's popcnt is not assumed). */
static inline int popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

void cellset_and(cellset_t *dst, const cellset_t *a, const cellset_t *b)
{
    for (int i = 0; i < CELLSET_WORDS; i++)
        dst->w[i] = a->w[i] & b->w[i];
}

void cellset_or(cellset_t *dst, const cellset_t *a, const cellset_t *b)
{
    for (int i = 0; i < CELLSET_WORDS; i++)
        dst->w[i] = a->w[i] | b->w[i];
}

void cellset_minus(cellset_t *dst, const cellset_t *a, const cellset_t *b)
{
    for (int i = 0; i < CELLSET_WORDS; i++)
        dst->w[i] = a->w[i] & ~b->w[i];
}

int cellset_count(const cellset_t *s)
{
    int n = 0;
    for (int i = 0; i < CELLSET_WORDS; i++)
        if (s->w[i]) n += popcount64(s->w[i]);     /* most boards fill a word or two */
    return n;
}

/* A negative `from` starts at 0; `from` >= CELLSET_MAX finds nothing. */
int cellset_next(const cellset_t *s, int from)
{
    if (from < 0)
        from = 0;
    if (from >= CELLSET_MAX)
        return -1;
    int i = from >> 6;
    uint64_t word = s->w[i] & (~(uint64_t)0 << (from & 63));
    for (;;) {
        if (word)
            return (i << 6) + __builtin_ctzll(word);
        if (++i == CELLSET_WORDS)
            return -1;
        word = s->w[i];
    }
}

/* Writes at most max cells and returns how many it wrote, so a set larger
 * than max is cut short (compare with cellset_count to tell). */
int cellset_list(const cellset_t *s, int *out, int max)
{
    int n = 0;
    for (int i = 0; i < CELLSET_WORDS && n < max; i++) {
        uint64_t word = s->w[i];
        while (word && n < max) {
            out[n++] = (i << 6) + __builtin_ctzll(word);
            word &= word - 1;
        }
    }
    return n;
}
