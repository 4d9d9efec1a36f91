/*
 * movebuf.h — the buffer `moves` writes legal moves into.
 *
 * A move is a 64-bit integer with a stable layout, so the hot path creates no
 * Lua values per move:
 *   bits 0..7   kind (1..255; 0 is no move)
 *   bits 8..23  a    (first argument, 0..65535: a cell, a card, a count)
 *   bits 24..39 b    (second argument)
 *   bits 40..55 c    (third argument)
 * The buffer grows by doubling and keeps its memory between calls, so a
 * playout allocates only while it meets a larger move list than before.
 */
#ifndef GROVE_MOVEBUF_H
#define GROVE_MOVEBUF_H

#include <stdint.h>
#include "status.h"

#define MOVE_ARG_MAX 0xffff
#define MOVEBUF_MAX (1 << 20)  /* legal moves in one list at most (8 MiB): a bound on what a script's
                                  moves hook makes the host allocate, however it loops */

typedef struct {
    int64_t *m;     /* owned */
    int n, cap;
} movebuf;

static inline int64_t move_make(int kind, int a, int b, int c)
{
    return (int64_t)(kind & 0xff) | ((int64_t)(a & 0xffff) << 8)
         | ((int64_t)(b & 0xffff) << 24) | ((int64_t)(c & 0xffff) << 40);
}
static inline int move_kind(int64_t m) { return (int)(m & 0xff); }
static inline int move_a(int64_t m) { return (int)((m >> 8) & 0xffff); }
static inline int move_b(int64_t m) { return (int)((m >> 24) & 0xffff); }
static inline int move_c(int64_t m) { return (int)((m >> 40) & 0xffff); }

void movebuf_init(movebuf *b);
void movebuf_free(movebuf *b);
static inline void movebuf_clear(movebuf *b) { b->n = 0; }

/* Append a move; EFULL when it holds MOVEBUF_MAX, ENOMEM if it cannot
 * grow (the buffer unchanged). */
grove_status movebuf_push(movebuf *b, int64_t m);

/* Index of m in the buffer, or -1. */
int movebuf_find(const movebuf *b, int64_t m);

#endif
