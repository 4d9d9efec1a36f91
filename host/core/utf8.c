/*
 * utf8.c — where UTF-8 characters end (utf8.h).
 */
#include "utf8.h"

#include <string.h>

int utf8_len(const char *text, size_t avail)
{
    const unsigned char *s = (const unsigned char *)text;
    unsigned c = s[0];
    if (c < 0x80) return 1;
    int n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (n == 0 || (size_t)n > avail) return 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (n == 3 && ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0))) return 0;    /* overlong; a surrogate */
    if (n == 4 && ((c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] >= 0x90))) return 0;    /* overlong; past U+10FFFF */
    return n;
}

size_t utf8_prefix(const char *s, size_t max)
{
    size_t n = strnlen(s, max);
    if (n < max || !s[n]) return n;             /* all of it fits */
    /* s[n] is the first byte left out: back to the start of its character */
    size_t k = n;
    while (k > 0 && n - k < 3 && ((unsigned char)s[k] & 0xc0) == 0x80) k--;
    if (k == n) return n;                       /* s[n] starts a character */
    int len = utf8_len(s + k, strnlen(s + k, 4));
    return len > 0 && k + (size_t)len > n ? k : n;
}
