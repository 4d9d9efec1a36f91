/*
 * test_text.c — the small text helpers the cores share: compass point
 * names (compass.h) and the growable text buffer (textbuf.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compass.h"
#include "textbuf.h"

static void test_compass_find(void **unused)
{
    (void)unused;
    static const compass_point hexlike[] = { COMPASS_E, COMPASS_SE, COMPASS_SW, COMPASS_W, COMPASS_NW, COMPASS_NE };
    assert_int_equal(compass_find(hexlike, 6, "e"), 0);
    assert_int_equal(compass_find(hexlike, 6, "NorthEast"), 5);
    assert_int_equal(compass_find(hexlike, 6, "SW"), 2);
    assert_int_equal(compass_find(hexlike, 6, "n"), -1);        /* not in this list */
    assert_int_equal(compass_find(hexlike, 6, "north"), -1);
    assert_int_equal(compass_find(hexlike, 6, ""), -1);
    assert_int_equal(compass_find(hexlike, 6, NULL), -1);
    assert_int_equal(compass_find(hexlike, 6, "e "), -1);
    assert_int_equal(compass_find(hexlike, 0, "e"), -1);
    assert_string_equal(compass_name(COMPASS_NW), "nw");
    assert_null(compass_name(-1));
    assert_null(compass_name(COMPASS_NPOINTS));
}

static void test_textbuf_grows(void **unused)
{
    (void)unused;
    textbuf b = { 0 };
    char want[5000] = "";
    for (int i = 0; i < 500; i++) {
        textbuf_printf(&b, "%03d,", i % 1000);
        char item[8];
        snprintf(item, sizeof item, "%03d,", i % 1000);
        strcat(want, item);
    }
    assert_false(b.oom);
    assert_int_equal(b.len, strlen(want));
    assert_string_equal(b.p, want);
    assert_true(b.cap > b.len);
    free(b.p);
}

static void test_textbuf_empty(void **unused)
{
    (void)unused;
    textbuf b = { 0 };
    textbuf_printf(&b, "%s", "");
    assert_non_null(b.p);
    assert_string_equal(b.p, "");
    assert_int_equal(b.len, 0);
    free(b.p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compass_find),
        cmocka_unit_test(test_textbuf_grows),
        cmocka_unit_test(test_textbuf_empty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
