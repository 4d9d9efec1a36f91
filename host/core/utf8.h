/*
 * utf8.h — the one reading of UTF-8 the C side shares: where a valid
 * character ends (the JSON writer makes every other byte U+FFFD), and
 * where to cut a text so that no character is cut in two (the status line
 * under a picture, kept to 120 bytes by grove show and grove serve).
 *
 * Valid means as RFC 3629 says: the shortest form, no surrogate
 * (U+D800..U+DFFF), nothing past U+10FFFF.
 */
#ifndef GROVE_UTF8_H
#define GROVE_UTF8_H

#include <stddef.h>

/* The length (1..4) of the valid UTF-8 character at s, of which avail
 * bytes may be read (avail >= 1); 0 when the bytes there start none (a
 * stray continuation byte, a character cut short, an overlong form, a
 * surrogate, a code point past U+10FFFF). A byte below 0x80, NUL too, is
 * a character of one byte. */
int utf8_len(const char *s, size_t avail);

/* How many bytes of the NUL-terminated text s to keep so as to keep at
 * most max: strlen(s) when it fits, else max less the first bytes of a
 * valid character that a cut at max would split (printf's "%.*s" with
 * it). Bytes that are no character's are counted as they are. */
size_t utf8_prefix(const char *s, size_t max);

#endif
