/*
 * json.c — JSON strings into a textbuf.
 */
#include "json.h"

#include <stddef.h>
#include <string.h>

/* The length of the valid UTF-8 sequence at s (2..4) within its avail
 * bytes, or 0. */
static int utf8_len(const unsigned char *s, ptrdiff_t avail)
{
    unsigned c = s[0];
    int n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
    if (n > avail) return 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (n == 3 && ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0))) return 0;
    if (n == 4 && ((c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] >= 0x90))) return 0;
    return n;
}

void json_string(textbuf *b, const char *s)
{
    if (!s) { textbuf_printf(b, "null"); return; }
    json_string_n(b, s, strlen(s));
}

void json_string_n(textbuf *b, const char *s, size_t len)
{
    textbuf_printf(b, "\"");
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    while (p < end) {
        /* the longest run that needs no escape, in one write */
        const unsigned char *run = p;
        while (p < end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\' && *p != '<' && *p != '>' && *p != '&') p++;
        if (p > run) textbuf_printf(b, "%.*s", (int)(p - run), (const char *)run);
        if (p == end) break;
        if (*p >= 0x80) {
            int n = utf8_len(p, end - p);
            if (n) { textbuf_printf(b, "%.*s", n, (const char *)p); p += n; }
            else { textbuf_printf(b, "\\ufffd"); p++; }
        } else if (*p == '"') { textbuf_printf(b, "\\\""); p++; }
        else if (*p == '\\') { textbuf_printf(b, "\\\\"); p++; }
        else if (*p == '\n') { textbuf_printf(b, "\\n"); p++; }
        else { textbuf_printf(b, "\\u%04x", *p); p++; }
    }
    textbuf_printf(b, "\"");
}
