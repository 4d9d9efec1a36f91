/*
 * termtext.c — script text made safe for a terminal (termtext.h).
 */
#include "termtext.h"

/* The length of the UTF-8 sequence at p (n bytes left) that a terminal
 * shows as a character: 0 for a byte that starts none (a stray byte, an
 * overlong form, a surrogate, past U+10FFFF) and for the C1 controls
 * U+0080..U+009F, which some terminals obey as ESC [ and the like. */
static size_t printable_utf8(const unsigned char *p, size_t n)
{
    size_t len = p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : p[0] >= 0xe0 && p[0] < 0xf0 ? 3
               : p[0] >= 0xc2 && p[0] < 0xe0 ? 2 : 0;
    if (len == 0 || len > n) return 0;
    for (size_t i = 1; i < len; i++)
        if ((p[i] & 0xc0) != 0x80) return 0;
    if (len == 2 && p[0] == 0xc2 && p[1] < 0xa0) return 0;                  /* C1 */
    if (len == 3 && p[0] == 0xe0 && p[1] < 0xa0) return 0;                  /* overlong */
    if (len == 3 && p[0] == 0xed && p[1] >= 0xa0) return 0;                 /* a surrogate */
    if (len == 4 && p[0] == 0xf0 && p[1] < 0x90) return 0;                  /* overlong */
    if (len == 4 && p[0] == 0xf4 && p[1] >= 0x90) return 0;                 /* past U+10FFFF */
    return len;
}

/* The length of the colour sequence ESC [ (digits or ;)* m at p (n bytes
 * left), or 0 when there is none. */
static size_t sgr(const unsigned char *p, size_t n)
{
    if (n < 3 || p[0] != 0x1b || p[1] != '[') return 0;
    for (size_t i = 2; i < n && i < 64; i++) {
        if (p[i] == 'm') return i + 1;
        if (!((p[i] >= '0' && p[i] <= '9') || p[i] == ';')) return 0;
    }
    return 0;
}

void termtext_escape(textbuf *b, const char *text, size_t len, unsigned allow)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t i = 0, run = 0;                  /* bytes [run, i) pass as they are */
    while (i < len) {
        size_t n;
        if (p[i] < 0x80)
            n = (p[i] >= 0x20 && p[i] != 0x7f) || p[i] == '\t' || (p[i] == '\n' && (allow & TERMTEXT_NEWLINE))
                    ? 1 : (allow & TERMTEXT_SGR) ? sgr(p + i, len - i) : 0;
        else
            n = printable_utf8(p + i, len - i);
        if (n) { i += n; continue; }
        if (i > run) textbuf_printf(b, "%.*s", (int)(i - run), text + run);
        textbuf_printf(b, "\\x%02x", p[i]);
        if (p[i] >= 0xc2 && p[i] < 0xe0 && i + 1 < len && (p[i + 1] & 0xc0) == 0x80)
            textbuf_printf(b, "\\x%02x", p[++i]);                          /* the rest of a C1 control */
        run = ++i;
    }
    if (i > run) textbuf_printf(b, "%.*s", (int)(i - run), text + run);
}
