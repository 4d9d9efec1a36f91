/*
 * test_hex.c — cmocka tests of the axial hex grid core (host/hex.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "hex.h"

enum { WATER = 1, FOREST = 2 };

/* Every direction's documented step. */
static const int DQ[HEX_NDIRS] = { 1, 0, -1, -1, 0, 1 };
static const int DR[HEX_NDIRS] = { 0, 1, 1, 0, -1, -1 };

static hex_t *new_hex(int q0, int r0, int nq, int nr, int nfields, int nsides)
{
    size_t n = hex_bytes(nq, nr, nfields, nsides);
    assert_true(n > 0);
    hex_t *h = calloc(1, n);
    assert_non_null(h);
    assert_int_equal(hex_init(h, q0, r0, nq, nr, nfields, nsides), GROVE_OK);
    return h;
}

/* A hexagon of radius 3 around (0, 0) in the 7 x 7 parallelogram. */
static hex_t *new_board(int nfields, int nsides)
{
    hex_t *h = new_hex(-3, -3, 7, 7, nfields, nsides);
    hex_shape_radius(h, 0, 0, 3);
    return h;
}

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

static int on_count(const hex_t *h)
{
    int n = 0;
    for (int id = 0; id < hex_ncells(h); id++)
        n += hex_is_on(h, id);
    return n;
}

static void test_init_bad_args(void **state)
{
    (void)state;
    hex_t *h = new_hex(0, 0, 2, 2, 1, 1);
    size_t n = hex_bytes(2, 2, 1, 1);
    unsigned char before[256];
    assert_true(n <= sizeof before);
    memcpy(before, h, n);

    assert_int_equal(hex_init(h, 0, 0, 0, 2, 1, 1), GROVE_EARG);
    assert_int_equal(hex_init(h, 0, 0, 2, 0, 1, 1), GROVE_EARG);
    assert_int_equal(hex_init(h, 0, 0, -2, -2, 1, 1), GROVE_EARG);
    assert_int_equal(hex_init(h, 0, 0, 33, 32, 1, 1), GROVE_EARG);      /* 1056 > CELLSET_MAX */
    assert_int_equal(hex_init(h, 0, 0, 1, CELLSET_MAX + 1, 0, 0), GROVE_EARG);
    assert_int_equal(hex_init(h, 0, 0, 2, 2, -1, 1), GROVE_EARG);
    assert_int_equal(hex_init(h, 0, 0, 2, 2, 1, -1), GROVE_EARG);
    assert_memory_equal(h, before, n);   /* refused: untouched */

    assert_int_equal(hex_bytes(0, 2, 0, 0), 0);
    assert_int_equal(hex_bytes(33, 32, 0, 0), 0);
    assert_int_equal(hex_bytes(2, 2, -1, 0), 0);
    assert_int_equal(hex_bytes(2, 2, 0, -1), 0);
    assert_int_equal(hex_bytes(3, 2, 2, 1), sizeof(hex_t) + 6 * (1 + 2 + 6) * sizeof(int32_t));
    assert_int_equal(hex_bytes(32, 32, 0, 0), sizeof(hex_t) + 1024 * sizeof(int32_t));
    free(h);
}

static void test_init_fills_block(void **state)
{
    (void)state;
    size_t n = hex_bytes(4, 3, 2, 2);
    hex_t *a = malloc(n), *b = malloc(n);
    assert_non_null(a);
    assert_non_null(b);
    memset(a, 0xab, n);
    memset(b, 0x17, n);
    assert_int_equal(hex_init(a, -1, 2, 4, 3, 2, 2), GROVE_OK);
    assert_int_equal(hex_init(b, -1, 2, 4, 3, 2, 2), GROVE_OK);
    assert_memory_equal(a, b, n);

    assert_int_equal(a->q0, -1);
    assert_int_equal(a->r0, 2);
    assert_int_equal(a->nq, 4);
    assert_int_equal(a->nr, 3);
    assert_int_equal(a->nfields, 2);
    assert_int_equal(a->nsides, 2);
    assert_int_equal(hex_ncells(a), 12);
    assert_int_equal(on_count(a), 12);
    for (int id = 0; id < 12; id++) {
        for (int f = 0; f < 2; f++)
            assert_int_equal(hex_get(a, id, f), 0);
        for (int sf = 0; sf < 2; sf++)
            for (int d = 0; d < HEX_NDIRS; d++)
                assert_int_equal(hex_side_get(a, id, sf, d), 0);
    }
    free(a);
    free(b);
}

static void test_id_and_qr(void **state)
{
    (void)state;
    hex_t *h = new_hex(-3, -2, 7, 5, 0, 0);
    int q, r;

    assert_int_equal(hex_id(h, -3, -2), 0);
    assert_int_equal(hex_id(h, -2, -2), 1);
    assert_int_equal(hex_id(h, -3, -1), 7);
    assert_int_equal(hex_id(h, 3, 2), 34);
    assert_int_equal(hex_id(h, -4, 0), -1);
    assert_int_equal(hex_id(h, 4, 0), -1);
    assert_int_equal(hex_id(h, 0, -3), -1);
    assert_int_equal(hex_id(h, 0, 3), -1);
    assert_int_equal(hex_id(h, INT32_MIN, INT32_MAX), -1);

    for (int id = 0; id < hex_ncells(h); id++) {
        hex_qr(h, id, &q, &r);
        assert_int_equal(hex_id(h, q, r), id);
    }
    hex_qr(h, 34, &q, &r);
    assert_int_equal(q, 3);
    assert_int_equal(r, 2);

    /* Off the board: not an id any more, though still stored. */
    assert_int_equal(hex_set_on(h, 1, false), GROVE_OK);
    assert_false(hex_is_on(h, 1));
    assert_int_equal(hex_id(h, -2, -2), -1);
    hex_qr(h, 1, &q, &r);
    assert_int_equal(q, -2);
    assert_int_equal(r, -2);
    assert_int_equal(hex_set_on(h, 1, true), GROVE_OK);
    assert_true(hex_is_on(h, 1));
    assert_int_equal(hex_id(h, -2, -2), 1);

    assert_int_equal(hex_set_on(h, -1, true), GROVE_ERANGE);
    assert_int_equal(hex_set_on(h, 35, false), GROVE_ERANGE);
    assert_false(hex_is_on(h, -1));
    assert_false(hex_is_on(h, 35));
    free(h);
}

static void test_shape_radius(void **state)
{
    (void)state;
    hex_t *h = new_hex(-3, -3, 7, 7, 0, 0);

    hex_shape_radius(h, 0, 0, 3);
    assert_int_equal(on_count(h), 37);
    assert_true(hex_id(h, 0, 0) >= 0);
    assert_true(hex_id(h, 3, -3) >= 0);
    assert_true(hex_id(h, -3, 3) >= 0);
    assert_true(hex_id(h, 3, 0) >= 0);
    assert_int_equal(hex_id(h, 3, 3), -1);     /* distance 6 */
    assert_int_equal(hex_id(h, -3, -3), -1);
    assert_int_equal(hex_id(h, 2, 2), -1);     /* distance 4 */

    /* "Keep only": a hex already off stays off. */
    assert_int_equal(hex_set_on(h, hex_id(h, 1, 0), false), GROVE_OK);
    hex_shape_radius(h, 0, 0, 1);
    assert_int_equal(on_count(h), 6);

    free(h);
    h = new_hex(-3, -3, 7, 7, 0, 0);
    hex_shape_radius(h, 0, 0, 0);
    assert_int_equal(on_count(h), 1);
    free(h);
    h = new_hex(-3, -3, 7, 7, 0, 0);
    hex_shape_radius(h, -3, -3, 2);            /* a corner centre: clipped */
    assert_int_equal(on_count(h), 6);
    free(h);
    h = new_hex(-3, -3, 7, 7, 0, 0);
    hex_shape_radius(h, 0, 0, -1);
    assert_int_equal(on_count(h), 0);
    free(h);
    h = new_hex(-3, -3, 7, 7, 0, 0);
    hex_shape_radius(h, 0, 0, 100);
    assert_int_equal(on_count(h), 49);
    free(h);
}

static void test_fields(void **state)
{
    (void)state;
    hex_t *h = new_hex(0, 0, 3, 3, 2, 2);

    hex_set(h, 4, 1, 42);
    hex_set(h, 8, 0, -1);
    assert_int_equal(hex_get(h, 4, 1), 42);
    assert_int_equal(hex_get(h, 4, 0), 0);
    assert_int_equal(hex_get(h, 8, 0), -1);

    hex_side_set(h, 4, 1, 5, WATER);
    hex_side_set(h, 4, 0, 0, FOREST);
    assert_int_equal(hex_side_get(h, 4, 1, 5), WATER);
    assert_int_equal(hex_side_get(h, 4, 0, 0), FOREST);
    assert_int_equal(hex_side_get(h, 4, 0, 5), 0);
    assert_int_equal(hex_side_get(h, 4, 1, 0), 0);
    assert_int_equal(hex_side_get(h, 5, 1, 5), 0);

    /* The documented layout: on[n], v[nfields * n], s[(sf*n + id)*6 + d]. */
    const int n = 9;
    assert_int_equal(h->data[n + 1 * n + 4], 42);
    assert_int_equal(h->data[n + 2 * n + (1 * n + 4) * 6 + 5], WATER);
    free(h);
}

static void test_step_each_direction(void **state)
{
    (void)state;
    hex_t *h = new_board(0, 0);
    int c = hex_id(h, 0, 0), q, r;

    for (int d = 0; d < HEX_NDIRS; d++) {
        int nb = hex_step(h, c, d);
        assert_int_equal(nb, hex_id(h, DQ[d], DR[d]));
        hex_qr(h, nb, &q, &r);
        assert_int_equal(q, DQ[d]);
        assert_int_equal(r, DR[d]);
        assert_int_equal(hex_distance(h, c, nb), 1);
    }

    /* Opposite sides: stepping d then d + 3 comes back, everywhere. */
    for (int id = 0; id < hex_ncells(h); id++)
        for (int d = 0; d < HEX_NDIRS && hex_is_on(h, id); d++) {
            int nb = hex_step(h, id, d);
            if (nb >= 0)
                assert_int_equal(hex_step(h, nb, (d + 3) % 6), id);
        }

    /* The east corner (3, 0): E, SE and NE are off the hexagon. */
    int e = hex_id(h, 3, 0);
    assert_int_equal(hex_step(h, e, 0), -1);
    assert_int_equal(hex_step(h, e, 1), -1);   /* (3, 1): distance 4 */
    assert_int_equal(hex_step(h, e, 5), -1);   /* (4, -1): not stored */
    assert_int_equal(hex_step(h, e, 2), hex_id(h, 2, 1));
    assert_int_equal(hex_step(h, e, 3), hex_id(h, 2, 0));
    assert_int_equal(hex_step(h, e, 4), hex_id(h, 3, -1));

    /* Parallelogram edges do not wrap to the next row. */
    hex_t *p = new_hex(0, 0, 3, 3, 0, 0);
    assert_int_equal(hex_step(p, 2, 0), -1);
    assert_int_equal(hex_step(p, 3, 3), -1);
    assert_int_equal(hex_step(p, 3, 2), -1);
    assert_int_equal(hex_step(p, 2, 5), -1);
    assert_int_equal(hex_step(p, 2, 1), 5);

    /* Bad direction or id. */
    assert_int_equal(hex_step(h, c, -1), -1);
    assert_int_equal(hex_step(h, c, 6), -1);
    assert_int_equal(hex_step(h, -1, 0), -1);
    assert_int_equal(hex_step(h, 49, 0), -1);
    free(p);
    free(h);
}

static void test_neighbors(void **state)
{
    (void)state;
    hex_t *h = new_board(1, 0);
    int out[6], c = hex_id(h, 0, 0);

    assert_int_equal(hex_neighbors(h, c, NULL, out), 6);
    for (int d = 0; d < HEX_NDIRS; d++)
        assert_int_equal(out[d], hex_id(h, DQ[d], DR[d]));

    /* Corner of the hexagon: 3; edge between corners: 4. */
    assert_int_equal(hex_neighbors(h, hex_id(h, 3, 0), NULL, out), 3);
    assert_int_equal(hex_neighbors(h, hex_id(h, -3, 3), NULL, out), 3);
    assert_int_equal(hex_neighbors(h, hex_id(h, 3, -1), NULL, out), 4);

    /* A condition keeps matching hexes, in direction order. */
    hex_set(h, hex_id(h, -1, 0), 0, 7);
    hex_set(h, hex_id(h, 1, 0), 0, 7);
    cond_t seven = cond1(0, 7, 7);
    assert_int_equal(hex_neighbors(h, c, &seven, out), 2);
    assert_int_equal(out[0], hex_id(h, 1, 0));
    assert_int_equal(out[1], hex_id(h, -1, 0));

    /* A hex taken off the board is no neighbour. */
    assert_int_equal(hex_set_on(h, hex_id(h, 1, 0), false), GROVE_OK);
    assert_int_equal(hex_neighbors(h, c, NULL, out), 5);
    assert_int_equal(hex_neighbors(h, c, &seven, out), 1);

    assert_int_equal(hex_neighbors(h, -1, NULL, out), 0);
    assert_int_equal(hex_neighbors(h, 49, NULL, out), 0);
    free(h);
}

static void test_rotate(void **state)
{
    (void)state;
    hex_t *h = new_hex(0, 0, 2, 1, 1, 2);
    int32_t orig[2][6];

    for (int sf = 0; sf < 2; sf++)
        for (int d = 0; d < HEX_NDIRS; d++) {
            orig[sf][d] = 10 * (sf + 1) + d;
            hex_side_set(h, 0, sf, d, orig[sf][d]);
            hex_side_set(h, 1, sf, d, 99);
        }
    hex_set(h, 0, 0, 5);

    /* By 1: side d's value moves to side d + 1, in every side field. */
    hex_rotate(h, 0, 1);
    for (int sf = 0; sf < 2; sf++)
        for (int d = 0; d < HEX_NDIRS; d++)
            assert_int_equal(hex_side_get(h, 0, sf, (d + 1) % 6), orig[sf][d]);
    assert_int_equal(hex_side_get(h, 0, 0, 0), 15);   /* NE's value now on E */

    /* By -1 undoes it. */
    hex_rotate(h, 0, -1);
    for (int sf = 0; sf < 2; sf++)
        for (int d = 0; d < HEX_NDIRS; d++)
            assert_int_equal(hex_side_get(h, 0, sf, d), orig[sf][d]);

    /* By -1 alone: side d to side d - 1. */
    hex_rotate(h, 0, -1);
    for (int d = 0; d < HEX_NDIRS; d++)
        assert_int_equal(hex_side_get(h, 0, 0, (d + 5) % 6), orig[0][d]);
    hex_rotate(h, 0, 1);

    /* By 6, 0, -6, 12: unchanged. By 7 = by 1, by -13 = by -1. */
    hex_rotate(h, 0, 6);
    hex_rotate(h, 0, 0);
    hex_rotate(h, 0, -6);
    hex_rotate(h, 0, 12);
    for (int d = 0; d < HEX_NDIRS; d++)
        assert_int_equal(hex_side_get(h, 0, 0, d), orig[0][d]);
    hex_rotate(h, 0, 7);
    for (int d = 0; d < HEX_NDIRS; d++)
        assert_int_equal(hex_side_get(h, 0, 0, (d + 1) % 6), orig[0][d]);
    hex_rotate(h, 0, -13);
    for (int d = 0; d < HEX_NDIRS; d++)
        assert_int_equal(hex_side_get(h, 0, 1, d), orig[1][d]);

    /* Three by 2 is a full turn. */
    for (int i = 0; i < 3; i++)
        hex_rotate(h, 0, 2);
    for (int d = 0; d < HEX_NDIRS; d++)
        assert_int_equal(hex_side_get(h, 0, 0, d), orig[0][d]);

    /* The other hex and the hex fields are untouched. */
    for (int sf = 0; sf < 2; sf++)
        for (int d = 0; d < HEX_NDIRS; d++)
            assert_int_equal(hex_side_get(h, 1, sf, d), 99);
    assert_int_equal(hex_get(h, 0, 0), 5);

    /* A bad id is ignored. */
    hex_rotate(h, -1, 1);
    hex_rotate(h, 2, 1);
    for (int d = 0; d < HEX_NDIRS; d++)
        assert_int_equal(hex_side_get(h, 1, 0, d), 99);
    free(h);
}

static void test_distance(void **state)
{
    (void)state;
    hex_t *h = new_hex(-3, -3, 7, 7, 0, 0);
    int o = hex_id(h, 0, 0);

    assert_int_equal(hex_distance(h, o, o), 0);
    assert_int_equal(hex_distance(h, o, hex_id(h, 2, -1)), 2);
    assert_int_equal(hex_distance(h, o, hex_id(h, 2, 1)), 3);
    assert_int_equal(hex_distance(h, hex_id(h, -3, -3), hex_id(h, 3, 3)), 12);
    assert_int_equal(hex_distance(h, hex_id(h, 3, -3), hex_id(h, -3, 3)), 6);
    assert_int_equal(hex_distance(h, hex_id(h, -3, 0), hex_id(h, 3, 0)), 6);
    assert_int_equal(hex_distance(h, hex_id(h, 0, -3), hex_id(h, 0, 3)), 6);
    /* Symmetric, and equal to the documented formula everywhere. */
    for (int a = 0; a < 49; a++)
        for (int b = 0; b < 49; b++) {
            int qa, ra, qb, rb;
            hex_qr(h, a, &qa, &ra);
            hex_qr(h, b, &qb, &rb);
            int dq = qa - qb, dr = ra - rb;
            int want = (abs(dq) + abs(dr) + abs(dq + dr)) / 2;
            assert_int_equal(hex_distance(h, a, b), want);
            assert_int_equal(hex_distance(h, b, a), want);
        }

    /* Ids off the board still have a distance; ids not stored do not. */
    hex_shape_radius(h, 0, 0, 1);
    assert_int_equal(hex_distance(h, 0, 48), 12);
    assert_int_equal(hex_distance(h, -1, 0), -1);
    assert_int_equal(hex_distance(h, 0, 49), -1);
    free(h);
}

static void test_select(void **state)
{
    (void)state;
    hex_t *h = new_board(1, 0);
    cellset_t s;

    hex_select(h, NULL, &s);
    assert_int_equal(cellset_count(&s), 37);
    assert_false(cellset_has(&s, 0));                         /* (-3, -3), off */

    /* An off-board hex with a matching value is not selected. */
    hex_set(h, hex_id(h, 1, 1), 0, 3);
    hex_set(h, 48, 0, 3);                                      /* (3, 3), off */
    cond_t three = cond1(0, 3, 3);
    hex_select(h, &three, &s);
    assert_int_equal(cellset_count(&s), 1);
    assert_true(cellset_has(&s, hex_id(h, 1, 1)));
    free(h);
}

static void test_reach(void **state)
{
    (void)state;
    hex_t *h = new_board(1, 0);
    cellset_t s;
    int c = hex_id(h, 0, 0);
    cond_t open = cond1(0, 0, 0);

    hex_reach(h, c, 0, NULL, &s);
    assert_int_equal(cellset_count(&s), 1);
    assert_true(cellset_has(&s, c));
    hex_reach(h, c, 1, NULL, &s);
    assert_int_equal(cellset_count(&s), 7);
    hex_reach(h, c, 2, NULL, &s);
    assert_int_equal(cellset_count(&s), 19);
    hex_reach(h, c, 3, NULL, &s);
    assert_int_equal(cellset_count(&s), 37);
    hex_reach(h, c, -1, NULL, &s);
    assert_int_equal(cellset_count(&s), 37);   /* never leaves the board */
    hex_reach(h, hex_id(h, 3, 0), 1, NULL, &s);
    assert_int_equal(cellset_count(&s), 4);

    /* Block the ring of radius 1 except E: everything goes round by E. */
    for (int d = 1; d < HEX_NDIRS; d++)
        hex_set(h, hex_id(h, DQ[d], DR[d]), 0, 1);
    hex_set(h, c, 0, 1);                       /* the start may be blocked */
    hex_reach(h, c, 1, &open, &s);
    assert_int_equal(cellset_count(&s), 2);
    assert_true(cellset_has(&s, hex_id(h, 1, 0)));
    hex_reach(h, c, 2, &open, &s);
    assert_int_equal(cellset_count(&s), 5);    /* + (2,0) (1,1) (2,-1) */
    assert_true(cellset_has(&s, hex_id(h, 2, -1)));
    assert_false(cellset_has(&s, hex_id(h, 0, 1)));
    hex_reach(h, c, -1, &open, &s);
    assert_int_equal(cellset_count(&s), 37 - 5);   /* all but the 5 walls */

    hex_reach(h, -1, 2, NULL, &s);
    assert_int_equal(cellset_count(&s), 0);
    hex_reach(h, 49, 2, NULL, &s);
    assert_int_equal(cellset_count(&s), 0);
    free(h);
}

/* Set the edge between id and its neighbour in dir to (mine, theirs). */
static void set_edge(hex_t *h, int id, int dir, int32_t mine, int32_t theirs)
{
    int nb = hex_step(h, id, dir);
    assert_true(nb >= 0);
    hex_side_set(h, id, 0, dir, mine);
    hex_side_set(h, nb, 0, (dir + 3) % 6, theirs);
}

static void test_connected(void **state)
{
    (void)state;
    hex_t *h = new_board(1, 1);
    cellset_t s;
    int a = hex_id(h, -1, 0), b = hex_id(h, 0, 0), c = hex_id(h, 1, 0);
    int d = hex_id(h, 0, 1), e = hex_id(h, 1, -1);

    /* a -E- b: water both sides. */
    set_edge(h, a, 0, WATER, WATER);
    /* b -E- c: water facing forest: no link. */
    set_edge(h, b, 0, WATER, FOREST);
    /* b -SE- d: water both sides. */
    set_edge(h, b, 1, WATER, WATER);
    /* b -NE- e: forest both sides: a link only for FOREST. */
    set_edge(h, b, 5, FOREST, FOREST);

    assert_true(hex_sides_match(h, a, 0, 0, WATER));
    assert_true(hex_sides_match(h, b, 3, 0, WATER));       /* seen from b */
    assert_false(hex_sides_match(h, b, 0, 0, WATER));
    assert_false(hex_sides_match(h, c, 3, 0, WATER));
    assert_false(hex_sides_match(h, b, 0, 0, FOREST));
    assert_true(hex_sides_match(h, b, 5, 0, FOREST));
    assert_false(hex_sides_match(h, b, 5, 0, WATER));
    assert_false(hex_sides_match(h, b, 2, 0, WATER));      /* both 0 */
    assert_true(hex_sides_match(h, b, 2, 0, 0));
    assert_false(hex_sides_match(h, b, 6, 0, WATER));
    assert_false(hex_sides_match(h, b, -1, 0, WATER));
    assert_false(hex_sides_match(h, b, 0, 1, WATER));      /* no side field 1 */
    assert_false(hex_sides_match(h, -1, 0, 0, WATER));

    hex_connected(h, a, 0, WATER, NULL, -1, &s);
    assert_int_equal(cellset_count(&s), 3);
    assert_true(cellset_has(&s, a));
    assert_true(cellset_has(&s, b));
    assert_true(cellset_has(&s, d));
    assert_false(cellset_has(&s, c));
    assert_false(cellset_has(&s, e));

    /* From c: its west side is forest, so it is alone. */
    hex_connected(h, c, 0, WATER, NULL, -1, &s);
    assert_int_equal(cellset_count(&s), 1);
    assert_true(cellset_has(&s, c));

    hex_connected(h, b, 0, FOREST, NULL, -1, &s);
    assert_int_equal(cellset_count(&s), 2);
    assert_true(cellset_has(&s, e));

    /* Rotating c's tile by 3 turns its east water side to the west. */
    hex_side_set(h, c, 0, 0, WATER);
    hex_side_set(h, c, 0, 3, FOREST);
    hex_rotate(h, c, 3);
    assert_true(hex_sides_match(h, b, 0, 0, WATER));
    hex_connected(h, a, 0, WATER, NULL, -1, &s);
    assert_int_equal(cellset_count(&s), 4);
    assert_true(cellset_has(&s, c));

    /* `through` stops the flood at hexes that fail it. */
    hex_set(h, b, 0, 1);
    cond_t open = cond1(0, 0, 0);
    hex_connected(h, a, 0, WATER, &open, -1, &s);
    assert_int_equal(cellset_count(&s), 1);
    hex_connected(h, b, 0, WATER, &open, -1, &s);              /* the start may fail */
    assert_int_equal(cellset_count(&s), 4);
    hex_set(h, b, 0, 0);

    /* `without` takes one hex out: the waterway beyond it is cut off. */
    hex_connected(h, a, 0, WATER, NULL, b, &s);
    assert_int_equal(cellset_count(&s), 1);
    assert_false(cellset_has(&s, b));
    hex_connected(h, a, 0, WATER, NULL, c, &s);
    assert_false(cellset_has(&s, c));
    assert_true(cellset_has(&s, b));

    /* Matching sides across the board's edge join nothing. */
    int rim = hex_id(h, 3, 0);
    hex_side_set(h, rim, 0, 0, WATER);
    assert_false(hex_sides_match(h, rim, 0, 0, WATER));
    hex_connected(h, rim, 0, WATER, NULL, -1, &s);
    assert_int_equal(cellset_count(&s), 1);

    /* Nor through a hex taken off the board. */
    assert_int_equal(hex_set_on(h, d, false), GROVE_OK);
    hex_connected(h, a, 0, WATER, NULL, -1, &s);
    assert_int_equal(cellset_count(&s), 3);
    assert_false(cellset_has(&s, d));

    /* Bad arguments. */
    hex_connected(h, a, 1, WATER, NULL, -1, &s);
    assert_int_equal(cellset_count(&s), 1);
    assert_true(cellset_has(&s, a));
    hex_connected(h, -1, 0, WATER, NULL, -1, &s);
    assert_int_equal(cellset_count(&s), 0);
    free(h);
}

static void test_connected_long_river(void **state)
{
    (void)state;
    /* A river along the whole r = 0 row of a 32 x 32 grid: 32 hexes. */
    hex_t *h = new_hex(0, 0, 32, 32, 0, 1);
    for (int q = 0; q < 31; q++)
        set_edge(h, hex_id(h, q, 0), 0, WATER, WATER);
    cellset_t s;
    hex_connected(h, hex_id(h, 31, 0), 0, WATER, NULL, -1, &s);
    assert_int_equal(cellset_count(&s), 32);
    hex_reach(h, 0, -1, NULL, &s);
    assert_int_equal(cellset_count(&s), 1024);
    free(h);
}

static void test_dir_names(void **state)
{
    (void)state;
    static const char *const names[HEX_NDIRS] = { "e", "se", "sw", "w", "nw", "ne" };
    static const char *const longs[HEX_NDIRS] = {
        "east", "southeast", "southwest", "west", "northwest", "northeast"
    };

    for (int d = 0; d < HEX_NDIRS; d++) {
        assert_string_equal(hex_dir_name(d), names[d]);
        assert_int_equal(hex_dir_parse(names[d]), d);
        assert_int_equal(hex_dir_parse(longs[d]), d);
    }
    assert_int_equal(hex_dir_parse("NE"), 5);
    assert_int_equal(hex_dir_parse("West"), 3);
    assert_int_equal(hex_dir_parse("n"), -1);    /* pointy-top: no north */
    assert_int_equal(hex_dir_parse("s"), -1);
    assert_int_equal(hex_dir_parse(""), -1);
    assert_int_equal(hex_dir_parse(NULL), -1);
    assert_int_equal(hex_dir_parse("east "), -1);
    assert_null(hex_dir_name(-1));
    assert_null(hex_dir_name(HEX_NDIRS));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_bad_args),
        cmocka_unit_test(test_init_fills_block),
        cmocka_unit_test(test_id_and_qr),
        cmocka_unit_test(test_shape_radius),
        cmocka_unit_test(test_fields),
        cmocka_unit_test(test_step_each_direction),
        cmocka_unit_test(test_neighbors),
        cmocka_unit_test(test_rotate),
        cmocka_unit_test(test_distance),
        cmocka_unit_test(test_select),
        cmocka_unit_test(test_reach),
        cmocka_unit_test(test_connected),
        cmocka_unit_test(test_connected_long_river),
        cmocka_unit_test(test_dir_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
