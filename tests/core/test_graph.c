/*
 * test_graph.c — cmocka tests of the graph core (host/graph.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "graph.h"

static graph_t *new_graph(int maxnodes, int maxedges, int nnf, int nef)
{
    size_t n = graph_bytes(maxnodes, maxedges, nnf, nef);
    assert_true(n > 0);
    graph_t *g = calloc(1, n);
    assert_non_null(g);
    assert_int_equal(graph_init(g, maxnodes, maxedges, nnf, nef), GROVE_OK);
    return g;
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

static void add_nodes(graph_t *g, int n)
{
    for (int i = 0; i < n; i++) {
        int id = -1;
        assert_int_equal(graph_add_node(g, &id), GROVE_OK);
        assert_int_equal(id, i);
    }
}

static int edge(graph_t *g, int a, int b)
{
    int id = -1;
    assert_int_equal(graph_add_edge(g, a, b, &id), GROVE_OK);
    return id;
}

static void test_init_bad_args(void **state)
{
    (void)state;
    graph_t *g = new_graph(2, 2, 1, 1);
    size_t n = graph_bytes(2, 2, 1, 1);
    unsigned char before[256];
    assert_true(n <= sizeof before);
    memcpy(before, g, n);

    assert_int_equal(graph_init(g, 0, 2, 1, 1), GROVE_EARG);
    assert_int_equal(graph_init(g, 2, 0, 1, 1), GROVE_EARG);
    assert_int_equal(graph_init(g, -1, 2, 1, 1), GROVE_EARG);
    assert_int_equal(graph_init(g, CELLSET_MAX + 1, 2, 1, 1), GROVE_EARG);
    assert_int_equal(graph_init(g, 2, CELLSET_MAX + 1, 1, 1), GROVE_EARG);
    assert_int_equal(graph_init(g, 2, 2, -1, 1), GROVE_EARG);
    assert_int_equal(graph_init(g, 2, 2, 1, -1), GROVE_EARG);
    assert_memory_equal(g, before, n);   /* refused: untouched */

    assert_int_equal(graph_bytes(0, 2, 0, 0), 0);
    assert_int_equal(graph_bytes(2, CELLSET_MAX + 1, 0, 0), 0);
    assert_int_equal(graph_bytes(2, 2, -1, 0), 0);
    assert_int_equal(graph_bytes(5, 3, 2, 1),
                     sizeof(graph_t) + (5 + 2 * 3 + 2 * 5 + 1 * 3) * sizeof(int32_t));
    free(g);
}

static void test_init_fills_block(void **state)
{
    (void)state;
    size_t n = graph_bytes(4, 5, 2, 3);
    graph_t *a = malloc(n), *b = malloc(n);
    assert_non_null(a);
    assert_non_null(b);
    memset(a, 0xab, n);
    memset(b, 0x31, n);
    assert_int_equal(graph_init(a, 4, 5, 2, 3), GROVE_OK);
    assert_int_equal(graph_init(b, 4, 5, 2, 3), GROVE_OK);
    assert_memory_equal(a, b, n);

    assert_int_equal(a->maxnodes, 4);
    assert_int_equal(a->maxedges, 5);
    assert_int_equal(a->nnf, 2);
    assert_int_equal(a->nef, 3);
    for (int i = 0; i < 4; i++) {
        assert_false(graph_node_alive(a, i));
        assert_int_equal(graph_node_get(a, i, 0), 0);
        assert_int_equal(graph_node_get(a, i, 1), 0);
    }
    for (int e = 0; e < 5; e++) {
        assert_false(graph_edge_alive(a, e));
        assert_int_equal(a->data[4 + e], -1);        /* edge_a: free */
        assert_int_equal(a->data[4 + 5 + e], -1);    /* edge_b: free */
        for (int f = 0; f < 3; f++)
            assert_int_equal(graph_edge_get(a, e, f), 0);
    }
    free(a);
    free(b);
}

static void test_nodes(void **state)
{
    (void)state;
    graph_t *g = new_graph(3, 2, 1, 0);
    int id = -1;

    add_nodes(g, 3);
    assert_int_equal(graph_add_node(g, &id), GROVE_EFULL);
    assert_true(graph_node_alive(g, 2));
    assert_false(graph_node_alive(g, -1));
    assert_false(graph_node_alive(g, 3));

    /* Removing frees the slot; the next add takes the lowest free one. */
    graph_node_set(g, 1, 0, 9);
    assert_int_equal(graph_remove_node(g, 1), GROVE_OK);
    assert_false(graph_node_alive(g, 1));
    assert_int_equal(graph_node_get(g, 1, 0), 0);   /* fields cleared */
    assert_int_equal(graph_remove_node(g, 1), GROVE_ERANGE);
    assert_int_equal(graph_remove_node(g, -1), GROVE_ERANGE);
    assert_int_equal(graph_remove_node(g, 3), GROVE_ERANGE);
    assert_int_equal(graph_add_node(g, &id), GROVE_OK);
    assert_int_equal(id, 1);
    assert_int_equal(graph_node_get(g, 1, 0), 0);

    /* Fields set on a dead slot do not survive into a new node. */
    assert_int_equal(graph_remove_node(g, 0), GROVE_OK);
    graph_node_set(g, 0, 0, 5);
    assert_int_equal(graph_add_node(g, &id), GROVE_OK);
    assert_int_equal(id, 0);
    assert_int_equal(graph_node_get(g, 0, 0), 0);
    free(g);
}

static void test_add_node_at(void **state)
{
    (void)state;
    graph_t *g = new_graph(4, 2, 1, 0);
    int id = -1;

    assert_int_equal(graph_add_node_at(g, 2), GROVE_OK);
    assert_true(graph_node_alive(g, 2));
    assert_int_equal(graph_add_node_at(g, 2), GROVE_EARG);
    assert_int_equal(graph_add_node_at(g, -1), GROVE_ERANGE);
    assert_int_equal(graph_add_node_at(g, 4), GROVE_ERANGE);

    /* graph_add_node goes round the taken slot. */
    assert_int_equal(graph_add_node(g, &id), GROVE_OK);
    assert_int_equal(id, 0);
    assert_int_equal(graph_add_node(g, &id), GROVE_OK);
    assert_int_equal(id, 1);
    assert_int_equal(graph_add_node(g, &id), GROVE_OK);
    assert_int_equal(id, 3);
    assert_int_equal(graph_add_node(g, &id), GROVE_EFULL);
    assert_int_equal(graph_add_node_at(g, 3), GROVE_EARG);

    graph_node_set(g, 1, 0, 4);
    assert_int_equal(graph_remove_node(g, 1), GROVE_OK);
    graph_node_set(g, 1, 0, 4);
    assert_int_equal(graph_add_node_at(g, 1), GROVE_OK);
    assert_int_equal(graph_node_get(g, 1, 0), 0);
    free(g);
}

static void test_edges(void **state)
{
    (void)state;
    graph_t *g = new_graph(5, 3, 0, 1);
    int id = -1, a, b;

    add_nodes(g, 4);
    assert_int_equal(edge(g, 0, 1), 0);
    assert_int_equal(edge(g, 2, 1), 1);
    assert_true(graph_edge_alive(g, 0));
    assert_false(graph_edge_alive(g, 2));
    assert_false(graph_edge_alive(g, -1));
    assert_false(graph_edge_alive(g, 3));

    assert_int_equal(graph_edge_ends(g, 1, &a, &b), GROVE_OK);
    assert_int_equal(a, 2);
    assert_int_equal(b, 1);
    assert_int_equal(graph_edge_ends(g, 2, &a, &b), GROVE_ERANGE);
    assert_int_equal(graph_edge_ends(g, -1, &a, &b), GROVE_ERANGE);
    assert_int_equal(graph_edge_ends(g, 3, &a, &b), GROVE_ERANGE);

    /* Undirected: found from either end. */
    assert_int_equal(graph_edge_between(g, 0, 1), 0);
    assert_int_equal(graph_edge_between(g, 1, 0), 0);
    assert_int_equal(graph_edge_between(g, 1, 2), 1);
    assert_int_equal(graph_edge_between(g, 0, 2), -1);
    assert_int_equal(graph_edge_between(g, 0, 0), -1);
    assert_int_equal(graph_edge_between(g, -1, 0), -1);
    assert_int_equal(graph_edge_between(g, 0, 99), -1);

    /* Refused: loops, duplicates either way round, dead or unknown nodes. */
    assert_int_equal(graph_add_edge(g, 3, 3, &id), GROVE_EARG);
    assert_int_equal(graph_add_edge(g, 0, 1, &id), GROVE_EARG);
    assert_int_equal(graph_add_edge(g, 1, 0, &id), GROVE_EARG);
    assert_int_equal(graph_add_edge(g, 0, 4, &id), GROVE_ERANGE);   /* slot 4 dead */
    assert_int_equal(graph_add_edge(g, 4, 0, &id), GROVE_ERANGE);
    assert_int_equal(graph_add_edge(g, -1, 0, &id), GROVE_ERANGE);
    assert_int_equal(graph_add_edge(g, 0, 5, &id), GROVE_ERANGE);
    assert_int_equal(graph_add_edge(g, 4, 4, &id), GROVE_ERANGE);   /* dead first */

    /* Full. */
    assert_int_equal(edge(g, 2, 3), 2);
    assert_int_equal(graph_add_edge(g, 0, 3, &id), GROVE_EFULL);
    assert_int_equal(graph_add_edge(g, 0, 1, &id), GROVE_EARG);     /* dup before full */

    /* Removing frees the slot and clears its fields. */
    graph_edge_set(g, 1, 0, 7);
    assert_int_equal(graph_edge_get(g, 1, 0), 7);
    assert_int_equal(graph_remove_edge(g, 1), GROVE_OK);
    assert_false(graph_edge_alive(g, 1));
    assert_int_equal(graph_edge_get(g, 1, 0), 0);
    assert_int_equal(graph_edge_between(g, 1, 2), -1);
    assert_int_equal(graph_remove_edge(g, 1), GROVE_ERANGE);
    assert_int_equal(graph_remove_edge(g, -1), GROVE_ERANGE);
    assert_int_equal(graph_remove_edge(g, 3), GROVE_ERANGE);
    graph_edge_set(g, 1, 0, 3);                 /* a stray write on a free slot */
    assert_int_equal(edge(g, 0, 3), 1);         /* the lowest free slot */
    assert_int_equal(graph_edge_get(g, 1, 0), 0);
    free(g);
}

static void test_remove_node_removes_edges(void **state)
{
    (void)state;
    graph_t *g = new_graph(4, 6, 0, 0);
    int out[4];

    add_nodes(g, 4);
    int e01 = edge(g, 0, 1), e12 = edge(g, 1, 2), e23 = edge(g, 2, 3), e31 = edge(g, 3, 1);
    assert_int_equal(graph_remove_node(g, 1), GROVE_OK);
    assert_false(graph_edge_alive(g, e01));
    assert_false(graph_edge_alive(g, e12));
    assert_false(graph_edge_alive(g, e31));
    assert_true(graph_edge_alive(g, e23));
    assert_int_equal(graph_neighbors(g, 0, NULL, NULL, out, NULL, 4), 0);
    assert_int_equal(graph_neighbors(g, 2, NULL, NULL, out, NULL, 4), 1);
    assert_int_equal(out[0], 3);

    /* A node back in slot 1 starts with no edges. */
    assert_int_equal(graph_add_node_at(g, 1), GROVE_OK);
    assert_int_equal(graph_neighbors(g, 1, NULL, NULL, out, NULL, 4), 0);
    assert_int_equal(graph_edge_between(g, 0, 1), -1);
    free(g);
}

static void test_same_bytes(void **state)
{
    (void)state;
    size_t n = graph_bytes(4, 4, 1, 1);
    graph_t *a = new_graph(4, 4, 1, 1), *b = new_graph(4, 4, 1, 1);

    /* a: built directly. */
    add_nodes(a, 3);
    edge(a, 0, 2);
    graph_node_set(a, 2, 0, 8);

    /* b: the same end state after detours through other nodes and edges. */
    add_nodes(b, 4);
    graph_node_set(b, 1, 0, 5);
    graph_node_set(b, 3, 0, 6);
    int e = edge(b, 1, 3);
    graph_edge_set(b, e, 0, 4);
    assert_int_equal(graph_remove_node(b, 1), GROVE_OK);
    assert_int_equal(graph_remove_node(b, 3), GROVE_OK);
    assert_int_equal(graph_add_node_at(b, 1), GROVE_OK);
    edge(b, 0, 2);
    graph_node_set(b, 2, 0, 8);
    assert_memory_equal(a, b, n);
    free(a);
    free(b);
}

static void test_neighbors(void **state)
{
    (void)state;
    graph_t *g = new_graph(6, 8, 1, 1);
    int out[6], eout[6];

    add_nodes(g, 6);
    /* Edges added out of node order. */
    int e5 = edge(g, 2, 5), e1 = edge(g, 1, 2), e4 = edge(g, 4, 2), e0 = edge(g, 2, 0);
    edge(g, 3, 4);

    assert_int_equal(graph_neighbors(g, 2, NULL, NULL, out, eout, 6), 4);
    assert_int_equal(out[0], 0);
    assert_int_equal(out[1], 1);
    assert_int_equal(out[2], 4);
    assert_int_equal(out[3], 5);
    assert_int_equal(eout[0], e0);
    assert_int_equal(eout[1], e1);
    assert_int_equal(eout[2], e4);
    assert_int_equal(eout[3], e5);
    assert_int_equal(graph_neighbors(g, 2, NULL, NULL, out, NULL, 6), 4);
    assert_int_equal(graph_neighbors(g, 3, NULL, NULL, out, eout, 6), 1);
    assert_int_equal(out[0], 4);

    /* max: the lowest node ids, with their edges. */
    assert_int_equal(graph_neighbors(g, 2, NULL, NULL, out, eout, 2), 2);
    assert_int_equal(out[0], 0);
    assert_int_equal(out[1], 1);
    assert_int_equal(eout[0], e0);
    assert_int_equal(eout[1], e1);
    assert_int_equal(graph_neighbors(g, 2, NULL, NULL, out, eout, 1), 1);
    assert_int_equal(out[0], 0);
    assert_int_equal(graph_neighbors(g, 2, NULL, NULL, out, eout, 0), 0);

    /* Conditions on the landing node and on the edge. */
    graph_node_set(g, 4, 0, 1);
    graph_node_set(g, 0, 0, 1);
    graph_edge_set(g, e0, 0, 2);
    graph_edge_set(g, e5, 0, 2);
    cond_t marked = cond1(0, 1, 1), road = cond1(0, 2, 2);
    assert_int_equal(graph_neighbors(g, 2, &marked, NULL, out, eout, 6), 2);
    assert_int_equal(out[0], 0);
    assert_int_equal(out[1], 4);
    assert_int_equal(eout[1], e4);
    assert_int_equal(graph_neighbors(g, 2, NULL, &road, out, eout, 6), 2);
    assert_int_equal(out[0], 0);
    assert_int_equal(out[1], 5);
    assert_int_equal(graph_neighbors(g, 2, &marked, &road, out, eout, 6), 1);
    assert_int_equal(out[0], 0);
    /* The node's own fields do not matter. */
    graph_node_set(g, 2, 0, 1);
    assert_int_equal(graph_neighbors(g, 2, &marked, &road, out, eout, 6), 1);

    /* Dead or unknown node: none. */
    assert_int_equal(graph_remove_node(g, 3), GROVE_OK);
    assert_int_equal(graph_neighbors(g, 3, NULL, NULL, out, eout, 6), 0);
    assert_int_equal(graph_neighbors(g, -1, NULL, NULL, out, eout, 6), 0);
    assert_int_equal(graph_neighbors(g, 6, NULL, NULL, out, eout, 6), 0);
    free(g);
}

static void test_edges_of(void **state)
{
    (void)state;
    graph_t *g = new_graph(4, 6, 0, 1);
    int out[6];

    add_nodes(g, 4);
    int e0 = edge(g, 0, 3), e1 = edge(g, 1, 2), e2 = edge(g, 3, 1), e3 = edge(g, 2, 3);
    assert_int_equal(graph_edges_of(g, 3, NULL, out, 6), 3);
    assert_int_equal(out[0], e0);
    assert_int_equal(out[1], e2);
    assert_int_equal(out[2], e3);
    assert_int_equal(graph_edges_of(g, 3, NULL, out, 2), 2);
    assert_int_equal(out[1], e2);
    assert_int_equal(graph_edges_of(g, 3, NULL, out, 0), 0);

    graph_edge_set(g, e2, 0, 1);
    cond_t c = cond1(0, 1, 1);
    assert_int_equal(graph_edges_of(g, 3, &c, out, 6), 1);
    assert_int_equal(out[0], e2);
    assert_int_equal(graph_edges_of(g, 0, &c, out, 6), 0);

    assert_int_equal(graph_remove_edge(g, e2), GROVE_OK);
    assert_int_equal(graph_edges_of(g, 1, NULL, out, 6), 1);
    assert_int_equal(out[0], e1);
    assert_int_equal(graph_edges_of(g, -1, NULL, out, 6), 0);
    assert_int_equal(graph_edges_of(g, 4, NULL, out, 6), 0);
    free(g);
}

static void test_select(void **state)
{
    (void)state;
    graph_t *g = new_graph(5, 5, 1, 1);
    cellset_t s;

    graph_select_nodes(g, NULL, &s);
    assert_int_equal(cellset_count(&s), 0);
    add_nodes(g, 4);
    graph_select_nodes(g, NULL, &s);
    assert_int_equal(cellset_count(&s), 4);
    assert_false(cellset_has(&s, 4));

    graph_node_set(g, 1, 0, 3);
    graph_node_set(g, 4, 0, 3);    /* dead slot: never selected */
    cond_t three = cond1(0, 3, 3);
    graph_select_nodes(g, &three, &s);
    assert_int_equal(cellset_count(&s), 1);
    assert_true(cellset_has(&s, 1));

    int a = edge(g, 0, 1), b = edge(g, 1, 2);
    edge(g, 2, 3);
    graph_edge_set(g, b, 0, 3);
    graph_edge_set(g, 4, 0, 3);    /* free slot: never selected */
    graph_select_edges(g, NULL, &s);
    assert_int_equal(cellset_count(&s), 3);
    graph_select_edges(g, &three, &s);
    assert_int_equal(cellset_count(&s), 1);
    assert_true(cellset_has(&s, b));
    assert_int_equal(graph_remove_edge(g, a), GROVE_OK);
    graph_select_edges(g, NULL, &s);
    assert_int_equal(cellset_count(&s), 2);
    assert_false(cellset_has(&s, a));
    free(g);
}

/*
 * The map used by the walk tests:
 *
 *   0 - 1 - 2 - 3
 *   |           |
 *   4 --- 5 --- 6        7 (alone)
 */
static graph_t *walk_map(int *e12)
{
    graph_t *g = new_graph(8, 10, 1, 1);
    add_nodes(g, 8);
    edge(g, 0, 1);
    *e12 = edge(g, 1, 2);
    edge(g, 2, 3);
    edge(g, 0, 4);
    edge(g, 4, 5);
    edge(g, 5, 6);
    edge(g, 6, 3);
    return g;
}

static void test_distance(void **state)
{
    (void)state;
    int e12;
    graph_t *g = walk_map(&e12);
    cond_t open = cond1(0, 0, 0);

    assert_int_equal(graph_distance(g, 0, 0, NULL, NULL), 0);
    assert_int_equal(graph_distance(g, 0, 1, NULL, NULL), 1);
    assert_int_equal(graph_distance(g, 0, 3, NULL, NULL), 3);
    assert_int_equal(graph_distance(g, 3, 0, NULL, NULL), 3);
    assert_int_equal(graph_distance(g, 1, 5, NULL, NULL), 3);
    assert_int_equal(graph_distance(g, 0, 7, NULL, NULL), -1);
    assert_int_equal(graph_distance(g, 7, 7, NULL, NULL), 0);

    /* A blocked node forces the long way round, then cuts it. */
    graph_node_set(g, 2, 0, 1);
    assert_int_equal(graph_distance(g, 0, 3, &open, NULL), 4);
    assert_int_equal(graph_distance(g, 0, 3, NULL, NULL), 3);
    graph_node_set(g, 5, 0, 1);
    assert_int_equal(graph_distance(g, 0, 3, &open, NULL), -1);
    /* The start need not satisfy ncond; the goal must. */
    assert_int_equal(graph_distance(g, 2, 3, &open, NULL), 1);
    assert_int_equal(graph_distance(g, 3, 2, &open, NULL), -1);
    assert_int_equal(graph_distance(g, 2, 2, &open, NULL), 0);
    graph_node_set(g, 2, 0, 0);
    graph_node_set(g, 5, 0, 0);

    /* A blocked edge. */
    graph_edge_set(g, e12, 0, 1);
    assert_int_equal(graph_distance(g, 1, 2, NULL, &open), 6);
    assert_int_equal(graph_distance(g, 0, 3, NULL, &open), 4);
    assert_int_equal(graph_distance(g, 1, 2, NULL, NULL), 1);
    cond_t closed = cond1(0, 1, 1);
    assert_int_equal(graph_distance(g, 1, 2, NULL, &closed), 1);
    assert_int_equal(graph_distance(g, 0, 1, NULL, &closed), -1);

    /* Removing an edge or a node changes the map. */
    assert_int_equal(graph_remove_edge(g, e12), GROVE_OK);
    assert_int_equal(graph_distance(g, 1, 2, NULL, NULL), 6);
    assert_int_equal(graph_remove_node(g, 5), GROVE_OK);
    assert_int_equal(graph_distance(g, 1, 2, NULL, NULL), -1);

    /* Dead or unknown ends. */
    assert_int_equal(graph_distance(g, 5, 5, NULL, NULL), -1);
    assert_int_equal(graph_distance(g, 0, 5, NULL, NULL), -1);
    assert_int_equal(graph_distance(g, -1, 0, NULL, NULL), -1);
    assert_int_equal(graph_distance(g, 0, 8, NULL, NULL), -1);
    free(g);
}

static void test_reach(void **state)
{
    (void)state;
    int e12;
    graph_t *g = walk_map(&e12);
    cellset_t s;
    cond_t open = cond1(0, 0, 0);

    graph_reach(g, 0, 0, NULL, NULL, &s);
    assert_int_equal(cellset_count(&s), 1);
    assert_true(cellset_has(&s, 0));
    graph_reach(g, 0, 1, NULL, NULL, &s);
    assert_int_equal(cellset_count(&s), 3);        /* 0 1 4 */
    graph_reach(g, 0, 2, NULL, NULL, &s);
    assert_int_equal(cellset_count(&s), 5);        /* + 2 5 */
    assert_true(cellset_has(&s, 5));
    assert_false(cellset_has(&s, 3));
    graph_reach(g, 0, 3, NULL, NULL, &s);
    assert_int_equal(cellset_count(&s), 7);        /* + 3 6 */
    graph_reach(g, 0, -1, NULL, NULL, &s);
    assert_int_equal(cellset_count(&s), 7);
    assert_false(cellset_has(&s, 7));
    graph_reach(g, 7, -1, NULL, NULL, &s);
    assert_int_equal(cellset_count(&s), 1);

    /* Conditions: the start is in whatever it holds. */
    graph_node_set(g, 0, 0, 1);
    graph_node_set(g, 4, 0, 1);
    graph_reach(g, 0, 2, &open, NULL, &s);
    assert_int_equal(cellset_count(&s), 3);        /* 0 1 2 */
    assert_false(cellset_has(&s, 4));
    graph_edge_set(g, e12, 0, 1);
    graph_reach(g, 0, -1, &open, &open, &s);
    assert_int_equal(cellset_count(&s), 2);        /* 0 1 */
    graph_reach(g, 2, -1, &open, &open, &s);
    assert_int_equal(cellset_count(&s), 4);        /* 2 3 6 5 */

    graph_reach(g, -1, 2, NULL, NULL, &s);
    assert_int_equal(cellset_count(&s), 0);
    graph_reach(g, 8, 2, NULL, NULL, &s);
    assert_int_equal(cellset_count(&s), 0);
    assert_int_equal(graph_remove_node(g, 7), GROVE_OK);
    graph_reach(g, 7, 2, NULL, NULL, &s);
    assert_int_equal(cellset_count(&s), 0);
    free(g);
}

static void test_full_size(void **state)
{
    (void)state;
    /* A chain through every node slot, then closed into a ring. */
    graph_t *g = new_graph(CELLSET_MAX, CELLSET_MAX, 0, 0);
    cellset_t s;

    add_nodes(g, CELLSET_MAX);
    for (int i = 0; i + 1 < CELLSET_MAX; i++)
        assert_int_equal(edge(g, i, i + 1), i);
    assert_int_equal(graph_distance(g, 0, CELLSET_MAX - 1, NULL, NULL), CELLSET_MAX - 1);
    graph_reach(g, 0, -1, NULL, NULL, &s);
    assert_int_equal(cellset_count(&s), CELLSET_MAX);
    graph_reach(g, 0, 10, NULL, NULL, &s);
    assert_int_equal(cellset_count(&s), 11);

    assert_int_equal(edge(g, CELLSET_MAX - 1, 0), CELLSET_MAX - 1);
    int id;
    assert_int_equal(graph_add_edge(g, 5, 9, &id), GROVE_EFULL);
    assert_int_equal(graph_distance(g, 0, CELLSET_MAX - 1, NULL, NULL), 1);
    assert_int_equal(graph_distance(g, 0, CELLSET_MAX / 2, NULL, NULL), CELLSET_MAX / 2);
    graph_reach(g, 0, 10, NULL, NULL, &s);
    assert_int_equal(cellset_count(&s), 21);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_bad_args),
        cmocka_unit_test(test_init_fills_block),
        cmocka_unit_test(test_nodes),
        cmocka_unit_test(test_add_node_at),
        cmocka_unit_test(test_edges),
        cmocka_unit_test(test_remove_node_removes_edges),
        cmocka_unit_test(test_same_bytes),
        cmocka_unit_test(test_neighbors),
        cmocka_unit_test(test_edges_of),
        cmocka_unit_test(test_select),
        cmocka_unit_test(test_distance),
        cmocka_unit_test(test_reach),
        cmocka_unit_test(test_full_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
