/*
 * json.h — writing JSON text into a textbuf (host/core/textbuf.h): the
 * table's views and the server's error answers.
 */
#ifndef GROVE_SERVE_JSON_H
#define GROVE_SERVE_JSON_H

#include "textbuf.h"

/* Append s as a JSON string: quotes, backslashes and control characters
 * escaped, and <, > and & too, so the text is safe inside an HTML page.
 * Bytes that are not valid UTF-8 become U+FFFD. NULL writes null. */
void json_string(textbuf *b, const char *s);

/* The same for the len bytes at s (which may hold no NUL at their end). */
void json_string_n(textbuf *b, const char *s, size_t len);

#endif
