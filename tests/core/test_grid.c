/*
 * test_grid.c — cmocka tests of the square grid core (host/grid.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "grid.h"

/* A grid in a heap block as the state would hold it; fields 0 and 1. */
static grid_t *new_grid(int w, int h, int nfields)
{
    size_t n = grid_bytes(w, h, nfields);
    assert_true(n > 0);
    grid_t *g = calloc(1, n);
    assert_non_null(g);
    assert_int_equal(grid_init(g, w, h, nfields), GROVE_OK);
    return g;
}

/* The condition "lo <= field <= hi". */
static cond_t cond1(int field, int lo, int hi)
{
    cond_t c;
    memset(&c, 0, sizeof c);
    c.n = 1;
    c.c[0].field = field;
    c.c[0].lo = lo;
    c.c[0].hi = hi;
    return c;
}

static int at(const grid_t *g, const char *name)
{
    int c = grid_parse(g, name);
    assert_true(c >= 0);
    return c;
}

static void test_init_bad_args(void **state)
{
    (void)state;
    grid_t *g = new_grid(3, 3, 1);
    grid_t before;
    memcpy(&before, g, sizeof before);

    assert_int_equal(grid_init(g, 0, 3, 1), GROVE_EARG);
    assert_int_equal(grid_init(g, 3, 0, 1), GROVE_EARG);
    assert_int_equal(grid_init(g, 27, 3, 1), GROVE_EARG);
    assert_int_equal(grid_init(g, 3, 27, 1), GROVE_EARG);
    assert_int_equal(grid_init(g, -1, 3, 1), GROVE_EARG);
    assert_int_equal(grid_init(g, 3, 3, -1), GROVE_EARG);
    assert_memory_equal(g, &before, sizeof before);   /* refused: untouched */

    assert_int_equal(grid_bytes(0, 3, 1), 0);
    assert_int_equal(grid_bytes(3, 27, 1), 0);
    assert_int_equal(grid_bytes(3, 3, -1), 0);
    assert_int_equal(grid_bytes(3, 4, 2), sizeof(grid_t) + 2 * 12 * sizeof(int32_t));
    assert_int_equal(grid_bytes(26, 26, 0), sizeof(grid_t));
    free(g);
}

static void test_init_fills_block(void **state)
{
    (void)state;
    size_t n = grid_bytes(4, 3, 2);
    grid_t *g = malloc(n);
    assert_non_null(g);
    memset(g, 0xab, n);
    assert_int_equal(grid_init(g, 4, 3, 2), GROVE_OK);
    assert_int_equal(g->w, 4);
    assert_int_equal(g->h, 3);
    assert_int_equal(g->nfields, 2);
    assert_int_equal(g->pad, 0);
    assert_int_equal(grid_ncells(g), 12);
    for (int f = 0; f < 2; f++)
        for (int c = 0; c < 12; c++)
            assert_int_equal(grid_get(g, c, f), 0);

    /* Two inits over different garbage give the same bytes. */
    grid_t *g2 = malloc(n);
    assert_non_null(g2);
    memset(g2, 0x5c, n);
    assert_int_equal(grid_init(g2, 4, 3, 2), GROVE_OK);
    assert_memory_equal(g, g2, n);
    free(g);
    free(g2);

    g = new_grid(1, 1, 0);
    assert_int_equal(grid_ncells(g), 1);
    free(g);
    g = new_grid(26, 26, 1);
    assert_int_equal(grid_ncells(g), 676);
    free(g);
}

static void test_cell_and_xy(void **state)
{
    (void)state;
    grid_t *g = new_grid(5, 4, 0);
    int x, y;

    assert_int_equal(grid_cell(g, 0, 0), 0);
    assert_int_equal(grid_cell(g, 4, 0), 4);
    assert_int_equal(grid_cell(g, 0, 1), 5);
    assert_int_equal(grid_cell(g, 4, 3), 19);
    assert_int_equal(grid_cell(g, -1, 0), -1);
    assert_int_equal(grid_cell(g, 5, 0), -1);
    assert_int_equal(grid_cell(g, 0, -1), -1);
    assert_int_equal(grid_cell(g, 0, 4), -1);

    for (int c = 0; c < 20; c++) {
        grid_xy(g, c, &x, &y);
        assert_int_equal(grid_cell(g, x, y), c);
    }
    grid_xy(g, 7, &x, &y);
    assert_int_equal(x, 2);
    assert_int_equal(y, 1);
    grid_xy(g, -1, &x, &y);
    assert_int_equal(x, -1);
    assert_int_equal(y, -1);
    grid_xy(g, 20, &x, &y);
    assert_int_equal(x, -1);
    assert_int_equal(y, -1);
    free(g);
}

static void test_get_set(void **state)
{
    (void)state;
    grid_t *g = new_grid(3, 3, 2);

    grid_set(g, 4, 1, -7);
    grid_set(g, 8, 0, INT32_MAX);
    assert_int_equal(grid_get(g, 4, 1), -7);
    assert_int_equal(grid_get(g, 4, 0), 0);
    assert_int_equal(grid_get(g, 8, 0), INT32_MAX);
    assert_int_equal(grid_get(g, 8, 1), 0);
    assert_int_equal(g->v[1 * 9 + 4], -7);   /* the documented layout */
    free(g);
}

static void test_step(void **state)
{
    (void)state;
    grid_t *g = new_grid(5, 5, 0);
    int c = grid_cell(g, 2, 2);

    assert_int_equal(grid_step(g, c, GRID_N), grid_cell(g, 2, 3));
    assert_int_equal(grid_step(g, c, GRID_E), grid_cell(g, 3, 2));
    assert_int_equal(grid_step(g, c, GRID_S), grid_cell(g, 2, 1));
    assert_int_equal(grid_step(g, c, GRID_W), grid_cell(g, 1, 2));
    assert_int_equal(grid_step(g, c, GRID_NE), grid_cell(g, 3, 3));
    assert_int_equal(grid_step(g, c, GRID_SE), grid_cell(g, 3, 1));
    assert_int_equal(grid_step(g, c, GRID_SW), grid_cell(g, 1, 1));
    assert_int_equal(grid_step(g, c, GRID_NW), grid_cell(g, 1, 3));

    /* Off the board from a1 and e5. */
    assert_int_equal(grid_step(g, 0, GRID_S), -1);
    assert_int_equal(grid_step(g, 0, GRID_W), -1);
    assert_int_equal(grid_step(g, 0, GRID_SW), -1);
    assert_int_equal(grid_step(g, 0, GRID_NW), -1);
    assert_int_equal(grid_step(g, 0, GRID_SE), -1);
    assert_int_equal(grid_step(g, 0, GRID_NE), grid_cell(g, 1, 1));
    assert_int_equal(grid_step(g, 24, GRID_N), -1);
    assert_int_equal(grid_step(g, 24, GRID_E), -1);
    assert_int_equal(grid_step(g, 24, GRID_NE), -1);
    /* No wrapping from the east edge to the next row. */
    assert_int_equal(grid_step(g, 4, GRID_E), -1);
    assert_int_equal(grid_step(g, 5, GRID_W), -1);

    /* Bad direction or cell. */
    assert_int_equal(grid_step(g, c, -1), -1);
    assert_int_equal(grid_step(g, c, GRID_NDIRS), -1);
    assert_int_equal(grid_step(g, -1, GRID_N), -1);
    assert_int_equal(grid_step(g, 25, GRID_S), -1);
    free(g);
}

static void test_neighbors(void **state)
{
    (void)state;
    grid_t *g = new_grid(4, 4, 1);
    int out[8];

    /* Corners: 2 orthogonal, 3 with diagonals. */
    assert_int_equal(grid_neighbors(g, 0, false, NULL, out), 2);
    assert_int_equal(out[0], grid_cell(g, 0, 1));   /* N first */
    assert_int_equal(out[1], grid_cell(g, 1, 0));   /* then E */
    assert_int_equal(grid_neighbors(g, 0, true, NULL, out), 3);
    assert_int_equal(out[2], grid_cell(g, 1, 1));
    assert_int_equal(grid_neighbors(g, 15, false, NULL, out), 2);
    assert_int_equal(grid_neighbors(g, 15, true, NULL, out), 3);
    assert_int_equal(grid_neighbors(g, 3, true, NULL, out), 3);
    assert_int_equal(grid_neighbors(g, 12, true, NULL, out), 3);

    /* An edge cell: 3 and 5. */
    assert_int_equal(grid_neighbors(g, 1, false, NULL, out), 3);
    assert_int_equal(grid_neighbors(g, 1, true, NULL, out), 5);

    /* Inside: 4 and 8, in the order N E S W NE SE SW NW. */
    int c = grid_cell(g, 1, 1);
    assert_int_equal(grid_neighbors(g, c, true, NULL, out), 8);
    assert_int_equal(out[0], grid_cell(g, 1, 2));
    assert_int_equal(out[1], grid_cell(g, 2, 1));
    assert_int_equal(out[2], grid_cell(g, 1, 0));
    assert_int_equal(out[3], grid_cell(g, 0, 1));
    assert_int_equal(out[4], grid_cell(g, 2, 2));
    assert_int_equal(out[5], grid_cell(g, 2, 0));
    assert_int_equal(out[6], grid_cell(g, 0, 0));
    assert_int_equal(out[7], grid_cell(g, 0, 2));
    assert_int_equal(grid_neighbors(g, c, false, NULL, out), 4);

    /* A condition keeps only matching cells, still in order. */
    grid_set(g, grid_cell(g, 2, 1), 0, 1);
    grid_set(g, grid_cell(g, 0, 0), 0, 1);
    cond_t empty = cond1(0, 0, 0), full = cond1(0, 1, 1);
    assert_int_equal(grid_neighbors(g, c, true, &empty, out), 6);
    assert_int_equal(grid_neighbors(g, c, true, &full, out), 2);
    assert_int_equal(out[0], grid_cell(g, 2, 1));
    assert_int_equal(out[1], grid_cell(g, 0, 0));
    assert_int_equal(grid_neighbors(g, c, false, &full, out), 1);

    /* A cond with no clauses matches every cell. */
    cond_t all;
    memset(&all, 0, sizeof all);
    assert_int_equal(grid_neighbors(g, c, true, &all, out), 8);

    /* Off the board: none. */
    assert_int_equal(grid_neighbors(g, -1, true, NULL, out), 0);
    assert_int_equal(grid_neighbors(g, 16, true, NULL, out), 0);
    free(g);
}

static void test_ray(void **state)
{
    (void)state;
    grid_t *g = new_grid(6, 6, 1);
    int out[8];

    /* Up to the edge, nearest first. */
    assert_int_equal(grid_ray(g, at(g, "b2"), GRID_E, NULL, out, 8), 4);
    assert_int_equal(out[0], at(g, "c2"));
    assert_int_equal(out[3], at(g, "f2"));
    assert_int_equal(grid_ray(g, at(g, "b2"), GRID_NE, NULL, out, 8), 4);
    assert_int_equal(out[3], at(g, "f6"));
    assert_int_equal(grid_ray(g, at(g, "b2"), GRID_SW, NULL, out, 8), 1);
    assert_int_equal(out[0], at(g, "a1"));

    /* Starting on the edge, facing off: nothing. */
    assert_int_equal(grid_ray(g, at(g, "a1"), GRID_S, NULL, out, 8), 0);
    assert_int_equal(grid_ray(g, at(g, "f3"), GRID_E, NULL, out, 8), 0);

    /* At most max. */
    assert_int_equal(grid_ray(g, at(g, "a1"), GRID_N, NULL, out, 2), 2);
    assert_int_equal(out[1], at(g, "a3"));
    assert_int_equal(grid_ray(g, at(g, "a1"), GRID_N, NULL, out, 0), 0);

    /* Stops before the first cell that fails the condition. */
    grid_set(g, at(g, "a4"), 0, 1);
    cond_t empty = cond1(0, 0, 0);
    assert_int_equal(grid_ray(g, at(g, "a1"), GRID_N, &empty, out, 8), 2);
    assert_int_equal(out[0], at(g, "a2"));
    assert_int_equal(out[1], at(g, "a3"));
    /* The starting cell itself is not tested. */
    assert_int_equal(grid_ray(g, at(g, "a4"), GRID_N, &empty, out, 8), 2);
    /* Blocked right away. */
    assert_int_equal(grid_ray(g, at(g, "a3"), GRID_N, &empty, out, 8), 0);

    /* Bad direction or cell. */
    assert_int_equal(grid_ray(g, at(g, "c3"), 8, NULL, out, 8), 0);
    assert_int_equal(grid_ray(g, -1, GRID_N, NULL, out, 8), 0);
    free(g);
}

static void test_row_column(void **state)
{
    (void)state;
    grid_t *g = new_grid(4, 3, 0);
    cellset_t s;
    int cells[16];

    cellset_clear(&s);
    cellset_add(&s, 99);   /* overwritten, not merged */
    grid_row(g, 1, &s);
    assert_int_equal(cellset_list(&s, cells, 16), 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(cells[i], 4 + i);

    grid_column(g, 2, &s);
    assert_int_equal(cellset_list(&s, cells, 16), 3);
    assert_int_equal(cells[0], 2);
    assert_int_equal(cells[1], 6);
    assert_int_equal(cells[2], 10);

    grid_row(g, 3, &s);
    assert_int_equal(cellset_count(&s), 0);
    grid_row(g, -1, &s);
    assert_int_equal(cellset_count(&s), 0);
    grid_column(g, 4, &s);
    assert_int_equal(cellset_count(&s), 0);
    grid_column(g, -1, &s);
    assert_int_equal(cellset_count(&s), 0);
    free(g);
}

static void test_select(void **state)
{
    (void)state;
    grid_t *g = new_grid(3, 3, 2);
    cellset_t s;

    grid_select(g, NULL, &s);
    assert_int_equal(cellset_count(&s), 9);

    grid_set(g, 2, 0, 5);
    grid_set(g, 7, 0, 3);
    grid_set(g, 7, 1, 1);
    cond_t c = cond1(0, 3, 5);
    grid_select(g, &c, &s);
    assert_int_equal(cellset_count(&s), 2);
    assert_true(cellset_has(&s, 2));
    assert_true(cellset_has(&s, 7));

    c.n = 2;
    c.c[1].field = 1;
    c.c[1].lo = 1;
    c.c[1].hi = 1;
    grid_select(g, &c, &s);
    assert_int_equal(cellset_count(&s), 1);
    assert_true(cellset_has(&s, 7));

    c = cond1(0, 6, 100);
    grid_select(g, &c, &s);
    assert_int_equal(cellset_count(&s), 0);
    free(g);
}

static void test_reach(void **state)
{
    (void)state;
    grid_t *g = new_grid(5, 5, 1);
    cellset_t s;
    cond_t open = cond1(0, 0, 0);
    int c3 = at(g, "c3");

    /* k = 0: only the start. */
    grid_reach(g, c3, 0, true, NULL, &s);
    assert_int_equal(cellset_count(&s), 1);
    assert_true(cellset_has(&s, c3));

    /* k = 1, 2 on an empty board, with and without diagonals. */
    grid_reach(g, c3, 1, false, NULL, &s);
    assert_int_equal(cellset_count(&s), 5);
    grid_reach(g, c3, 1, true, NULL, &s);
    assert_int_equal(cellset_count(&s), 9);
    grid_reach(g, c3, 2, false, NULL, &s);
    assert_int_equal(cellset_count(&s), 13);   /* the diamond */
    assert_false(cellset_has(&s, at(g, "a1")));
    assert_true(cellset_has(&s, at(g, "a3")));
    assert_true(cellset_has(&s, at(g, "b2")));
    grid_reach(g, c3, 2, true, NULL, &s);
    assert_int_equal(cellset_count(&s), 25);
    grid_reach(g, at(g, "a1"), 1, false, NULL, &s);
    assert_int_equal(cellset_count(&s), 3);    /* corner */

    /* Blockers: a wall on the b-file from b1 to b4, and c3 itself blocked. */
    for (int y = 0; y < 4; y++)
        grid_set(g, grid_cell(g, 1, y), 0, 1);
    grid_set(g, c3, 0, 1);

    /* The start is in the set even though it fails `through`. */
    grid_reach(g, c3, 0, false, &open, &s);
    assert_int_equal(cellset_count(&s), 1);
    assert_true(cellset_has(&s, c3));

    /* From a1 behind the wall: a2, a3, a4 need k = 3; around needs more. */
    int a1 = at(g, "a1");
    grid_reach(g, a1, 1, false, &open, &s);
    assert_int_equal(cellset_count(&s), 2);
    assert_true(cellset_has(&s, at(g, "a2")));
    grid_reach(g, a1, 2, false, &open, &s);
    assert_int_equal(cellset_count(&s), 3);
    assert_false(cellset_has(&s, at(g, "b1")));
    grid_reach(g, a1, 5, false, &open, &s);
    assert_int_equal(cellset_count(&s), 6);    /* a1..a5, b5 */
    assert_true(cellset_has(&s, at(g, "b5")));
    assert_false(cellset_has(&s, at(g, "c5")));
    grid_reach(g, a1, 6, false, &open, &s);
    assert_true(cellset_has(&s, at(g, "c5")));

    /* Diagonal steps slip past the wall's end: a4 -> b5 is one step. */
    grid_reach(g, a1, 4, false, &open, &s);
    assert_false(cellset_has(&s, at(g, "b5")));
    grid_reach(g, a1, 4, true, &open, &s);
    assert_int_equal(cellset_count(&s), 6);    /* a1..a5, b5 */
    assert_true(cellset_has(&s, at(g, "b5")));
    assert_false(cellset_has(&s, at(g, "c5")));
    assert_false(cellset_has(&s, at(g, "b4")));

    /* k < 0: no limit; everything open is reached, blockers are not. */
    grid_reach(g, a1, -1, false, &open, &s);
    assert_int_equal(cellset_count(&s), 25 - 5);
    assert_false(cellset_has(&s, c3));

    /* A start off the board gives nothing. */
    grid_reach(g, -1, 3, true, NULL, &s);
    assert_int_equal(cellset_count(&s), 0);
    grid_reach(g, 25, 3, true, NULL, &s);
    assert_int_equal(cellset_count(&s), 0);

    /* The largest board, unbounded: every cell exactly once. */
    grid_t *big = new_grid(26, 26, 0);
    grid_reach(big, 0, -1, true, NULL, &s);
    assert_int_equal(cellset_count(&s), 676);
    grid_reach(big, 0, 25, false, NULL, &s);
    assert_int_equal(cellset_count(&s), 26 * 27 / 2);
    free(big);
    free(g);
}

static void test_name(void **state)
{
    (void)state;
    grid_t *g = new_grid(26, 26, 0);
    char buf[8];

    grid_name(g, 0, buf);
    assert_string_equal(buf, "a1");
    grid_name(g, grid_cell(g, 4, 4), buf);
    assert_string_equal(buf, "e5");
    grid_name(g, grid_cell(g, 9, 9), buf);
    assert_string_equal(buf, "j10");
    grid_name(g, 675, buf);
    assert_string_equal(buf, "z26");
    grid_name(g, -1, buf);
    assert_string_equal(buf, "?");
    grid_name(g, 676, buf);
    assert_string_equal(buf, "?");

    /* Every name parses back to its cell. */
    for (int c = 0; c < 676; c++) {
        grid_name(g, c, buf);
        assert_int_equal(grid_parse(g, buf), c);
    }
    free(g);

    g = new_grid(5, 5, 0);
    grid_name(g, 24, buf);
    assert_string_equal(buf, "e5");
    free(g);
}

static void test_parse(void **state)
{
    (void)state;
    grid_t *g = new_grid(8, 8, 0);
    grid_t *big = new_grid(26, 26, 0);

    assert_int_equal(grid_parse(g, "a1"), 0);
    assert_int_equal(grid_parse(g, "c3"), grid_cell(g, 2, 2));
    assert_int_equal(grid_parse(g, "C3"), grid_cell(g, 2, 2));
    assert_int_equal(grid_parse(g, "h8"), 63);
    assert_int_equal(grid_parse(g, "H8"), 63);
    assert_int_equal(grid_parse(big, "z9"), grid_cell(big, 25, 8));
    assert_int_equal(grid_parse(big, "Z26"), 675);
    assert_int_equal(grid_parse(big, "j10"), grid_cell(big, 9, 9));

    /* Well formed but off the board. */
    assert_int_equal(grid_parse(g, "z9"), -1);
    assert_int_equal(grid_parse(g, "i1"), -1);
    assert_int_equal(grid_parse(g, "a9"), -1);
    assert_int_equal(grid_parse(big, "a27"), -1);
    assert_int_equal(grid_parse(g, "a0"), -1);

    /* Malformed. */
    assert_int_equal(grid_parse(g, ""), -1);
    assert_int_equal(grid_parse(g, NULL), -1);
    assert_int_equal(grid_parse(g, "a"), -1);
    assert_int_equal(grid_parse(g, "3"), -1);
    assert_int_equal(grid_parse(g, "3c"), -1);
    assert_int_equal(grid_parse(g, "cc3"), -1);
    assert_int_equal(grid_parse(g, "c3x"), -1);
    assert_int_equal(grid_parse(g, "c03"), -1);
    assert_int_equal(grid_parse(g, " c3"), -1);
    assert_int_equal(grid_parse(g, "c3 "), -1);
    assert_int_equal(grid_parse(g, "c-3"), -1);
    assert_int_equal(grid_parse(g, "c+3"), -1);
    assert_int_equal(grid_parse(big, "a100"), -1);
    assert_int_equal(grid_parse(big, "a99999999999999999999"), -1);
    assert_int_equal(grid_parse(g, "@1"), -1);
    assert_int_equal(grid_parse(g, "[1"), -1);
    assert_int_equal(grid_parse(g, "\xc3\xa9" "1"), -1);
    free(g);
    free(big);
}

static void test_dir_names(void **state)
{
    (void)state;
    static const char *const names[GRID_NDIRS] = { "n", "e", "s", "w", "ne", "se", "sw", "nw" };
    static const char *const longs[GRID_NDIRS] = {
        "north", "east", "south", "west", "northeast", "southeast", "southwest", "northwest"
    };

    for (int d = 0; d < GRID_NDIRS; d++) {
        assert_string_equal(grid_dir_name(d), names[d]);
        assert_int_equal(grid_dir_parse(names[d]), d);
        assert_int_equal(grid_dir_parse(longs[d]), d);
    }
    assert_int_equal(grid_dir_parse("N"), GRID_N);
    assert_int_equal(grid_dir_parse("North"), GRID_N);
    assert_int_equal(grid_dir_parse("SW"), GRID_SW);
    assert_int_equal(grid_dir_parse(""), -1);
    assert_int_equal(grid_dir_parse(NULL), -1);
    assert_int_equal(grid_dir_parse("x"), -1);
    assert_int_equal(grid_dir_parse("nn"), -1);
    assert_int_equal(grid_dir_parse("n "), -1);
    assert_int_equal(grid_dir_parse("up"), -1);
    assert_null(grid_dir_name(-1));
    assert_null(grid_dir_name(GRID_NDIRS));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_bad_args),
        cmocka_unit_test(test_init_fills_block),
        cmocka_unit_test(test_cell_and_xy),
        cmocka_unit_test(test_get_set),
        cmocka_unit_test(test_step),
        cmocka_unit_test(test_neighbors),
        cmocka_unit_test(test_ray),
        cmocka_unit_test(test_row_column),
        cmocka_unit_test(test_select),
        cmocka_unit_test(test_reach),
        cmocka_unit_test(test_name),
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_dir_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
