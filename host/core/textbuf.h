/*
 * textbuf.h — a growable text buffer written with printf formats: the
 * state dump and the save file are built in one.
 *
 * Ownership: the buffer owns p (malloc'ed; NULL until the first write);
 * the caller frees it. A failed allocation sets oom, after which writes do
 * nothing: check oom once at the end.
 */
#ifndef GROVE_TEXTBUF_H
#define GROVE_TEXTBUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *p;            /* the text, NUL-terminated once anything was written */
    size_t len, cap;    /* bytes written (without the NUL), bytes allocated */
    bool oom;           /* an allocation failed: the text is incomplete */
} textbuf;

/* Append a formatted text. */
void textbuf_printf(textbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
