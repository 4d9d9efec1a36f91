/*
 * textbuf.c — the growable text buffer (textbuf.h).
 */
#include "textbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void textbuf_printf(textbuf *b, const char *fmt, ...)
{
    if (b->oom) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) { b->oom = true; return; }
        if (b->p && (size_t)n < b->cap - b->len) { b->len += (size_t)n; return; }
        size_t cap = b->cap ? b->cap * 2 : 1024;
        while (cap - b->len <= (size_t)n) cap *= 2;
        char *np = realloc(b->p, cap);
        if (!np) { b->oom = true; return; }
        b->p = np;
        b->cap = cap;
    }
}
