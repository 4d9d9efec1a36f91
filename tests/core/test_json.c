/*
 * test_json.c — the one JSON writer and reader (json.h) and the UTF-8
 * helpers they stand on (utf8.h): strings written in valid UTF-8 in both
 * styles, to a textbuf and a stream alike; numbers that read back; the
 * reader's strict syntax, its bounds (nesting, a number beyond a double,
 * a NUL byte) and its messages with the place; surrogate pairs read as
 * one character and lone halves as U+FFFD; the tree and the pull events;
 * a cut that never splits a character.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "utf8.h"

#define FFFD "\xef\xbf\xbd"

/* s (len bytes) written as a JSON string in style; the caller frees it. */
static char *written(const char *s, size_t len, json_style style)
{
    textbuf b = { 0 };
    json_write_string_n(&b, s, len, style);
    assert_false(b.oom);
    /* the stream writer gives the very same bytes */
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    assert_non_null(f);
    char *copy = malloc(len + 1);
    assert_non_null(copy);
    memcpy(copy, s, len);
    copy[len] = '\0';
    if (strlen(copy) == len) {
        json_fwrite_string(f, copy, style);
        assert_int_equal(fclose(f), 0);
        assert_int_equal(n, b.len);
        assert_memory_equal(text, b.p, n);
    } else {
        fclose(f);
    }
    free(copy);
    free(text);
    return b.p;
}

static void expect_written(const char *s, json_style style, const char *want)
{
    char *got = written(s, strlen(s), style);
    assert_string_equal(got, want);
    free(got);
}

/* The text read as one value (a copy of it, which the reader changes);
 * NULL and the message in err when it is not JSON. The caller frees the
 * copy in *keep and the arena. */
static const json_node *parsed(const char *text, size_t len, json_arena *a, char **keep, char *err, size_t errlen)
{
    *keep = malloc(len + 1);
    assert_non_null(*keep);
    memcpy(*keep, text, len);
    (*keep)[len] = '\0';
    return json_parse(*keep, len, a, err, errlen);
}

/* The string text decodes to (one JSON string), into out. */
static void expect_decoded(const char *text, const char *want, size_t wantlen)
{
    json_arena a = { 0 };
    char *keep, err[200];
    const json_node *j = parsed(text, strlen(text), &a, &keep, err, sizeof err);
    if (!j) fail_msg("%s does not read: %s", text, err);
    assert_int_equal(j->kind, JSON_STRING);
    assert_int_equal(j->len, wantlen);
    assert_memory_equal(j->str, want, wantlen);
    free(keep);
    json_free(&a);
}

/* text is refused with exactly this message. */
static void expect_refused(const char *text, size_t len, const char *want)
{
    json_arena a = { 0 };
    char *keep, err[200] = "";
    if (parsed(text, len, &a, &keep, err, sizeof err)) fail_msg("'%s' was read, not refused", text);
    assert_string_equal(err, want);
    free(keep);
    json_free(&a);
}

/* ---- writing ---------------------------------------------------------------------------- */

static void test_write_escapes(void **unused)
{
    (void)unused;
    expect_written("plain text", JSON_PLAIN, "\"plain text\"");
    expect_written("say \"hi\" \\ now", JSON_PLAIN, "\"say \\\"hi\\\" \\\\ now\"");
    expect_written("a\tb\nc\x01\x1f\x7f", JSON_PLAIN, "\"a\\u0009b\\u000ac\\u0001\\u001f\x7f\"");
    expect_written("</script><!-- & >", JSON_PLAIN, "\"</script><!-- & >\"");
    /* for a page: no < > &, and a newline short */
    expect_written("</script><!-- & >", JSON_PAGE, "\"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u003e\"");
    expect_written("line\nline\t\"", JSON_PAGE, "\"line\\nline\\u0009\\\"\"");
    expect_written("", JSON_PLAIN, "\"\"");
    textbuf b = { 0 };
    json_write_string(&b, NULL, JSON_PLAIN);
    assert_string_equal(b.p, "null");
    free(b.p);
    char *nul = written("a\0b", 3, JSON_PLAIN);
    assert_string_equal(nul, "\"a\\u0000b\"");
    free(nul);
}

static void test_write_utf8(void **unused)
{
    (void)unused;
    /* whole characters of 2, 3 and 4 bytes go out as they are */
    expect_written("é € 😀", JSON_PLAIN, "\"é € 😀\"");
    /* every byte of no character is U+FFFD, as an escape: a stray byte, a
       continuation byte alone, a character cut short, an overlong form, a
       surrogate, past U+10FFFF, a lead byte no character has (F5..FF) */
    expect_written("a\xff" "b", JSON_PLAIN, "\"a\\ufffdb\"");
    expect_written("\x80", JSON_PLAIN, "\"\\ufffd\"");
    expect_written("\xe2\x82", JSON_PLAIN, "\"\\ufffd\\ufffd\"");
    expect_written("\xc0\xaf", JSON_PLAIN, "\"\\ufffd\\ufffd\"");
    expect_written("\xed\xa0\x80", JSON_PAGE, "\"\\ufffd\\ufffd\\ufffd\"");
    expect_written("\xf4\x90\x80\x80", JSON_PLAIN, "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
    /* F5 80 80 was taken for a character of three bytes by the server's
       old writer, which then wrote invalid UTF-8 */
    expect_written("\xf5\x80\x80", JSON_PAGE, "\"\\ufffd\\ufffd\\ufffd\"");
    expect_written("\xf0\x9f\x98", JSON_PLAIN, "\"\\ufffd\\ufffd\\ufffd\"");
    /* a character cut by the end of the bytes given, not by a NUL */
    char *cut = written("\xc3\xa9", 1, JSON_PLAIN);
    assert_string_equal(cut, "\"\\ufffd\"");
    free(cut);
}

/* Every byte value, alone and before a letter, writes text that reads
 * back: the byte itself when it is a character, else U+FFFD. */
static void test_write_reads_back(void **unused)
{
    (void)unused;
    for (int style = JSON_PLAIN; style <= JSON_PAGE; style++)
        for (int c = 0; c < 256; c++) {
            char in[2] = { (char)c, 'x' };
            char *out = written(in, 2, (json_style)style);
            json_arena a = { 0 };
            char err[200];
            json_node *j = json_parse(out, strlen(out), &a, err, sizeof err);
            if (!j) fail_msg("byte %d: %s does not read back: %s", c, out, err);
            if (c < 0x80) {
                assert_int_equal(j->len, 2);
                assert_memory_equal(j->str, in, 2);
            } else {
                assert_int_equal(j->len, 4);
                assert_memory_equal(j->str, FFFD "x", 4);
            }
            json_free(&a);
            free(out);
        }
}

static void test_write_numbers(void **unused)
{
    (void)unused;
    static const struct { double v; const char *want; } cases[] = {
        { 0, "0" }, { 3, "3" }, { -2.5, "-2.5" }, { 0.1, "0.1" }, { 1e300, "1e+300" },
        { 0.1 + 0.2, "0.30000000000000004" }, { 1.0 / 3, "0.3333333333333333" }, { 123456789012, "123456789012" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        textbuf b = { 0 };
        json_write_number(&b, cases[k].v);
        assert_string_equal(b.p, cases[k].want);
        assert_true(strtod(b.p, NULL) == cases[k].v);
        free(b.p);
    }
    textbuf b = { 0 };
    json_write_number(&b, 1.0 / 0.0);
    textbuf_printf(&b, ",");
    json_write_number(&b, 0.0 / 0.0);
    assert_string_equal(b.p, "null,null");
    free(b.p);
}

/* ---- reading strings ----------------------------------------------------------------------- */

static void test_read_escapes(void **unused)
{
    (void)unused;
    expect_decoded("\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"", "a\"b\\c/d\b\f\n\r\t", 12);
    expect_decoded("\"\\u00e9\\u20AC\"", "é€", 5);
    expect_decoded("\"raw é\"", "raw é", 6);
    expect_decoded("\"a\\u0000b\"", "a\0b", 3);                     /* len counts past the NUL */
    expect_decoded("\"\"", "", 0);
}

static void test_read_surrogates(void **unused)
{
    (void)unused;
    expect_decoded("\"\\ud83d\\ude00\"", "😀", 4);                   /* a pair: one character */
    expect_decoded("\"\\uD83D\\uDE00!\"", "😀!", 5);
    expect_decoded("\"\\udbff\\udfff\"", "\xf4\x8f\xbf\xbf", 4);      /* U+10FFFF */
    expect_decoded("\"\\udc00\"", FFFD, 3);                          /* a lone low half: not three bytes of it */
    expect_decoded("\"a\\ud800b\"", "a" FFFD "b", 5);                /* a lone high half */
    expect_decoded("\"\\ud800\"", FFFD, 3);
    expect_decoded("\"\\udc00\\ud800\"", FFFD FFFD, 6);              /* the wrong way round */
    expect_decoded("\"\\ud800\\u0041\"", FFFD "A", 4);               /* a high half and no low one */
    expect_decoded("\"\\ud800\\ud800\\udc00\"", FFFD "\xf0\x90\x80\x80", 7);
    expect_decoded("\"\\ud800\\\"\"", FFFD "\"", 4);
}

/* ---- reading: refusals and their places -------------------------------------------------------- */

static void test_read_refusals(void **unused)
{
    (void)unused;
    expect_refused("", 0, "the text ends where a value was expected at column 1");
    expect_refused("   ", 3, "the text ends where a value was expected at column 4");
    expect_refused("{\"study\": ", 10, "the text ends where a value was expected at column 11");
    expect_refused("[1, 2", 5, "the text ends inside an array or object at column 6");
    expect_refused("[1, 2,]", 7, "a value expected at column 7");
    expect_refused("{\"a\": 1,}", 9, "a member name (a string) expected at column 9");
    expect_refused("{\"a\" 1}", 7, "':' expected after a member name at column 6");
    expect_refused("{\"a\": 1 \"b\": 2}", 15, "',' or '}' expected at column 9");
    expect_refused("[1 2]", 5, "',' or ']' expected at column 4");
    expect_refused("{a: 1}", 6, "a member name (a string) expected at column 2");
    expect_refused("1 2", 3, "text after the value at column 3");
    expect_refused("\"abc", 4, "a string not closed at column 5");
    expect_refused("\"a\tb\"", 5, "a control character in a string (escape it) at column 3");
    expect_refused("\"\\x\"", 4, "a bad escape in a string at column 2");
    expect_refused("\"\\u12\"", 6, "a bad \\u escape (four hex digits) at column 2");
    expect_refused("\"\\u12", 5, "a bad \\u escape (four hex digits) at column 2");
    expect_refused("tru", 3, "a value expected at column 1");
    expect_refused("nul", 3, "a value expected at column 1");
    expect_refused("// no\n1", 7, "a value expected at line 1, column 1");
    expect_refused("[\n  1,\n  x]", 11, "a value expected at line 3, column 3");
    /* a NUL byte is no space and ends nothing */
    expect_refused("1\0", 2, "text after the value at column 2");
    expect_refused("[1,\0 2]", 7, "a value expected at column 4");
}

static void test_read_numbers(void **unused)
{
    (void)unused;
    json_arena a = { 0 };
    char *keep, err[200];
    static const char numbers[] = "[0, -0, 12, -7, 9223372036854775807, -9223372036854775808, 9223372036854775808, "
                                  "4294967297, 1.5, 2e3, 1E-2, 1e-999, -1.25e+2]";
    const json_node *j = parsed(numbers, strlen(numbers), &a, &keep, err, sizeof err);
    if (!j) fail_msg("%s", err);
    assert_int_equal(j->n, 13);
    static const struct { bool integral; int64_t i; double num; } want[] = {
        { true, 0, 0 }, { true, 0, -0.0 }, { true, 12, 12 }, { true, -7, -7 }, { true, INT64_MAX, 9223372036854775807.0 },
        { true, INT64_MIN, -9223372036854775808.0 }, { false, 0, 9223372036854775808.0 }, { true, 4294967297, 4294967297 },
        { false, 0, 1.5 }, { false, 0, 2000 }, { false, 0, 0.01 }, { false, 0, 0 }, { false, 0, -125 },
    };
    const json_node *e = j->child;
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++, e = e->next) {
        assert_int_equal(e->kind, JSON_NUMBER);
        assert_int_equal(e->integral, want[k].integral);
        if (want[k].integral) assert_true(e->i == want[k].i);
        assert_true(e->num == want[k].num);
    }
    free(keep);
    json_free(&a);
    /* what JSON does not write, and what a double cannot hold */
    expect_refused("1e999", 5, "a number beyond the range of a double (about 1.8e308) at column 1");
    expect_refused("[1, -1e999]", 11, "a number beyond the range of a double (about 1.8e308) at column 5");
    expect_refused("01", 2, "text after the value at column 2");
    expect_refused("1.", 2, "a digit expected after the decimal point at column 1");
    expect_refused(".5", 2, "a value expected at column 1");
    expect_refused("1e", 2, "a digit expected in the exponent at column 1");
    expect_refused("-", 1, "a value expected at column 1");
    expect_refused("+1", 2, "a value expected at column 1");
    expect_refused("NaN", 3, "a value expected at column 1");
    expect_refused("-Infinity", 9, "a value expected at column 1");
    expect_refused("0x10", 4, "text after the value at column 2");
}

static void test_read_depth(void **unused)
{
    (void)unused;
    for (int depth = JSON_MAX_DEPTH; depth <= JSON_MAX_DEPTH + 1; depth++) {
        char text[2 * JSON_MAX_DEPTH + 3];
        size_t n = 0;
        for (int k = 0; k < depth; k++) text[n++] = '[';
        for (int k = 0; k < depth; k++) text[n++] = ']';
        text[n] = '\0';
        if (depth > JSON_MAX_DEPTH) {
            expect_refused(text, n, "arrays and objects nested too deep at column 65");
            continue;
        }
        json_arena a = { 0 };
        char *keep, err[200];
        if (!parsed(text, n, &a, &keep, err, sizeof err)) fail_msg("%d arrays deep: %s", depth, err);
        free(keep);
        json_free(&a);
    }
    /* a text of nothing but a million [ is refused as soon as it is too deep */
    size_t big = 1000000;
    char *deep = malloc(big + 1);
    assert_non_null(deep);
    memset(deep, '[', big);
    deep[big] = '\0';
    expect_refused(deep, big, "arrays and objects nested too deep at column 65");
    free(deep);
}

/* ---- the tree and the events ---------------------------------------------------------------- */

static void test_tree(void **unused)
{
    (void)unused;
    static const char doc[] = " {\"study\": {\"game\": \"logger\", \"players\": 2}, \"ranks\": [2, 1], \"ok\": true,"
                              " \"no\": null, \"ranks\": \"again\", \"\": {}} ";
    json_arena a = { 0 };
    char *keep, err[200];
    const json_node *j = parsed(doc, strlen(doc), &a, &keep, err, sizeof err);
    if (!j) fail_msg("%s", err);
    assert_int_equal(j->kind, JSON_OBJECT);
    assert_int_equal(j->n, 6);
    const json_node *st = json_get(j, "study");
    assert_string_equal(json_get(st, "game")->str, "logger");
    assert_true(json_get(st, "players")->i == 2);
    const json_node *ranks = json_get(j, "ranks");                   /* the first of two */
    assert_int_equal(ranks->kind, JSON_ARRAY);
    assert_int_equal(ranks->n, 2);
    assert_true(json_at(ranks, 0)->i == 2 && json_at(ranks, 1)->i == 1);
    assert_null(json_at(ranks, 2));
    assert_null(json_at(ranks, -1));
    assert_true(json_get(j, "ok")->b);
    assert_int_equal(json_get(j, "no")->kind, JSON_NULL);
    assert_int_equal(json_get(j, "")->kind, JSON_OBJECT);
    assert_int_equal(json_get(j, "")->n, 0);
    assert_null(json_get(j, "missing"));
    assert_null(json_get(ranks, "study"));                           /* not an object */
    assert_null(json_at(st, 0));                                      /* not an array */
    free(keep);
    /* the arena is filled again by the next parse, and grows past a block */
    textbuf big = { 0 };
    textbuf_printf(&big, "[");
    for (int k = 0; k < 10000; k++) textbuf_printf(&big, "%s%d", k ? "," : "", k);
    textbuf_printf(&big, "]");
    j = json_parse(big.p, big.len, &a, err, sizeof err);
    if (!j) fail_msg("%s", err);
    assert_int_equal(j->n, 10000);
    assert_true(json_at(j, 9999)->i == 9999);
    free(big.p);
    json_free(&a);
    assert_null(a.blocks);
}

static void test_events(void **unused)
{
    (void)unused;
    char text[] = "{\"a\": [1, {\"b\": \"c\\n\"}], \"d\": false}";
    json_reader r;
    json_reader_init(&r, text, strlen(text));
    json_token t;
    assert_int_equal(json_next(&r, &t), JSON_EVENT_VALUE);
    assert_int_equal(t.kind, JSON_OBJECT);
    assert_null(t.key);
    assert_int_equal(json_next(&r, &t), JSON_EVENT_VALUE);
    assert_int_equal(t.kind, JSON_ARRAY);
    assert_string_equal(t.key, "a");
    assert_int_equal(json_next(&r, &t), JSON_EVENT_VALUE);
    assert_true(t.kind == JSON_NUMBER && t.integral && t.i == 1 && !t.key);
    assert_int_equal(json_next(&r, &t), JSON_EVENT_VALUE);
    assert_int_equal(t.kind, JSON_OBJECT);
    assert_int_equal(json_next(&r, &t), JSON_EVENT_VALUE);
    assert_true(t.kind == JSON_STRING && t.len == 2);
    assert_string_equal(t.key, "b");
    assert_string_equal(t.str, "c\n");
    assert_int_equal(json_next(&r, &t), JSON_EVENT_CLOSE);
    assert_int_equal(json_next(&r, &t), JSON_EVENT_CLOSE);
    assert_int_equal(json_next(&r, &t), JSON_EVENT_VALUE);
    assert_true(t.kind == JSON_BOOL && !t.b);
    assert_string_equal(t.key, "d");
    assert_int_equal(json_next(&r, &t), JSON_EVENT_CLOSE);
    assert_int_equal(json_next(&r, &t), JSON_EVENT_END);
    assert_int_equal(json_next(&r, &t), JSON_EVENT_END);
    char bad[] = "[1,,";
    json_reader_init(&r, bad, strlen(bad));
    assert_int_equal(json_next(&r, &t), JSON_EVENT_VALUE);
    assert_int_equal(json_next(&r, &t), JSON_EVENT_VALUE);
    assert_int_equal(json_next(&r, &t), JSON_EVENT_ERROR);
    assert_string_equal(r.err, "a value expected at column 4");
    assert_int_equal(json_next(&r, &t), JSON_EVENT_ERROR);
}

/* ---- UTF-8 ----------------------------------------------------------------------------------- */

static void test_utf8_len(void **unused)
{
    (void)unused;
    assert_int_equal(utf8_len("a", 1), 1);
    assert_int_equal(utf8_len("", 1), 1);
    assert_int_equal(utf8_len("é", 2), 2);
    assert_int_equal(utf8_len("é", 1), 0);                            /* cut by avail */
    assert_int_equal(utf8_len("€", 3), 3);
    assert_int_equal(utf8_len("😀", 4), 4);
    assert_int_equal(utf8_len("\x80", 1), 0);
    assert_int_equal(utf8_len("\xc1\xbf", 2), 0);                     /* overlong */
    assert_int_equal(utf8_len("\xe0\x9f\xbf", 3), 0);
    assert_int_equal(utf8_len("\xed\xa0\x80", 3), 0);                 /* a surrogate */
    assert_int_equal(utf8_len("\xed\x9f\xbf", 3), 3);                 /* U+D7FF */
    assert_int_equal(utf8_len("\xf4\x90\x80\x80", 4), 0);             /* past U+10FFFF */
    assert_int_equal(utf8_len("\xf5\x80\x80\x80", 4), 0);
    assert_int_equal(utf8_len("\xe2\x82x", 3), 0);
}

static void test_utf8_prefix(void **unused)
{
    (void)unused;
    assert_int_equal(utf8_prefix("short", 120), 5);
    assert_int_equal(utf8_prefix("abcdef", 6), 6);
    assert_int_equal(utf8_prefix("abcdef", 3), 3);
    assert_int_equal(utf8_prefix("ab\xc3\xa9", 3), 2);                /* é cut after its first byte */
    assert_int_equal(utf8_prefix("ab\xc3\xa9", 4), 4);
    assert_int_equal(utf8_prefix("a\xf0\x9f\x98\x80z", 2), 1);         /* 😀 cut after one, two, three bytes */
    assert_int_equal(utf8_prefix("a\xf0\x9f\x98\x80z", 3), 1);
    assert_int_equal(utf8_prefix("a\xf0\x9f\x98\x80z", 4), 1);
    assert_int_equal(utf8_prefix("a\xf0\x9f\x98\x80z", 5), 5);
    assert_int_equal(utf8_prefix("a\x80\x80\x80\x80z", 3), 3);         /* stray bytes: counted as they are */
    assert_int_equal(utf8_prefix("a\xe2\x82z", 2), 2);                 /* a character already broken */
    assert_int_equal(utf8_prefix("", 0), 0);
    assert_int_equal(utf8_prefix("\xc3\xa9", 0), 0);
    /* what grove show and grove serve do with a result line */
    char line[200], text[300] = "seat 1 wins ";
    while (strlen(text) < 125) strcat(text, "é");
    snprintf(line, sizeof line, "%.*s", (int)utf8_prefix(text, 120), text);
    assert_int_equal(strlen(line), 120);
    strcpy(text, "seat 1 wins x");
    while (strlen(text) < 125) strcat(text, "é");
    snprintf(line, sizeof line, "%.*s", (int)utf8_prefix(text, 120), text);
    assert_int_equal(strlen(line), 119);                               /* not 120: no half é */
    assert_int_equal(utf8_len(line + 117, 2), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_escapes),
        cmocka_unit_test(test_write_utf8),
        cmocka_unit_test(test_write_reads_back),
        cmocka_unit_test(test_write_numbers),
        cmocka_unit_test(test_read_escapes),
        cmocka_unit_test(test_read_surrogates),
        cmocka_unit_test(test_read_refusals),
        cmocka_unit_test(test_read_numbers),
        cmocka_unit_test(test_read_depth),
        cmocka_unit_test(test_tree),
        cmocka_unit_test(test_events),
        cmocka_unit_test(test_utf8_len),
        cmocka_unit_test(test_utf8_prefix),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
