/*
 * test_termtext.c — script text made safe for a terminal (termtext.h):
 * what a terminal would obey is written as \xNN, printable text (UTF-8
 * included) passes as it is, and newlines and colour only where allowed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "termtext.h"

/* The text escaped with `allow`, into out. */
static void escaped(const char *text, size_t len, unsigned allow, char *out, size_t outlen)
{
    textbuf b = { 0 };
    termtext_escape(&b, text, len, allow);
    assert_false(b.oom);
    snprintf(out, outlen, "%s", b.p ? b.p : "");
    free(b.p);
}

static void test_controls(void **unused)
{
    (void)unused;
    char out[256];
    const char title[] = "set up\033]0;owned\007 \033[2J";
    escaped(title, strlen(title), 0, out, sizeof out);
    assert_string_equal(out, "set up\\x1b]0;owned\\x07 \\x1b[2J");
    const char prompt[] = "went\rlogger seat 1> \302\233 31m\b\177";          /* CR, C1 CSI, BS, DEL */
    escaped(prompt, strlen(prompt), 0, out, sizeof out);
    assert_string_equal(out, "went\\x0dlogger seat 1> \\xc2\\x9b 31m\\x08\\x7f");
    escaped("a\0b", 3, 0, out, sizeof out);                                  /* a NUL inside */
    assert_string_equal(out, "a\\x00b");
}

static void test_printable_passes(void **unused)
{
    (void)unused;
    char out[256];
    const char ok[] = "tab\there, é, ★, 🌲";
    escaped(ok, strlen(ok), 0, out, sizeof out);
    assert_string_equal(out, ok);
    /* bytes of no character: stray, cut short, overlong, a surrogate, past U+10FFFF, 0xf8 */
    const char bad[] = "\377 \303 \300\257 \355\240\200 \364\220\200\200 \370\200\200";
    escaped(bad, strlen(bad), 0, out, sizeof out);
    assert_string_equal(out, "\\xff \\xc3 \\xc0\\xaf \\xed\\xa0\\x80 \\xf4\\x90\\x80\\x80 \\xf8\\x80\\x80");
}

static void test_allowed(void **unused)
{
    (void)unused;
    char out[256];
    const char board[] = "\033[1;31mred\033[0m\nnext\033[H";
    escaped(board, strlen(board), 0, out, sizeof out);
    assert_string_equal(out, "\\x1b[1;31mred\\x1b[0m\\x0anext\\x1b[H");
    escaped(board, strlen(board), TERMTEXT_NEWLINE | TERMTEXT_SGR, out, sizeof out);
    assert_string_equal(out, "\033[1;31mred\033[0m\nnext\\x1b[H");            /* colour yes, cursor no */
    escaped("\033[1;31", 6, TERMTEXT_SGR, out, sizeof out);                     /* cut short */
    assert_string_equal(out, "\\x1b[1;31");
    escaped("", 0, 0, out, sizeof out);
    assert_string_equal(out, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_controls),
        cmocka_unit_test(test_printable_passes),
        cmocka_unit_test(test_allowed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
