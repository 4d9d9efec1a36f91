/*
 * graph.c — the graph: live node and edge slots, their fields, and the set
 * questions rule scripts ask of a map (neighbours, edges of a node,
 * distance, reach) under conditions on nodes and edges.
 *
 * Everything works on the graph_t inside the state block and on the caller's
 * output buffers: no allocation, no printing. Adding and removing a node or
 * edge zeroes its fields (a free edge slot has ends -1), so two graphs with
 * the same live slots, ends and values are the same bytes. Walks build a
 * compact adjacency table of the edges that pass their condition on the
 * stack, then go breadth-first.
 */
#include "graph.h"

#include <string.h>

const comp_kind graph_kind = { "graph" };

/* The arrays of the data block. */
static inline int32_t *alive_of(const graph_t *g) { return (int32_t *)g->data; }
static inline int32_t *ea_of(const graph_t *g) { return (int32_t *)g->data + g->maxnodes; }
static inline int32_t *eb_of(const graph_t *g)
{
    return (int32_t *)g->data + g->maxnodes + g->maxedges;
}
static inline int32_t *nf_of(const graph_t *g)
{
    return (int32_t *)g->data + g->maxnodes + 2 * (size_t)g->maxedges;
}
static inline int32_t *ef_of(const graph_t *g)
{
    return nf_of(g) + (size_t)g->nnf * g->maxnodes;
}

static bool args_ok(int maxnodes, int maxedges, int nnf, int nef)
{
    return maxnodes >= 1 && maxnodes <= CELLSET_MAX && maxedges >= 1
        && maxedges <= CELLSET_MAX && nnf >= 0 && nef >= 0;
}

static inline bool node_ok(const graph_t *g, int id)
{
    return id >= 0 && id < g->maxnodes && alive_of(g)[id];
}

static inline bool edge_ok(const graph_t *g, int id)
{
    return id >= 0 && id < g->maxedges && ea_of(g)[id] >= 0;
}

/* Size of the graph, or 0 when graph_init would refuse the arguments. */
size_t graph_bytes(int maxnodes, int maxedges, int nnf, int nef)
{
    if (!args_ok(maxnodes, maxedges, nnf, nef))
        return 0;
    size_t nn = (size_t)maxnodes, ne = (size_t)maxedges;
    return sizeof(graph_t) + sizeof(int32_t) * (nn + 2 * ne + (size_t)nnf * nn + (size_t)nef * ne);
}

/* Writes the header and the whole data block; writes nothing on EARG.
 * Negative field counts are EARG too. */
grove_status graph_init(graph_t *g, int maxnodes, int maxedges, int nnf, int nef)
{
    if (!args_ok(maxnodes, maxedges, nnf, nef))
        return GROVE_EARG;
    g->maxnodes = maxnodes;
    g->maxedges = maxedges;
    g->nnf = nnf;
    g->nef = nef;
    memset(alive_of(g), 0, sizeof(int32_t) * (size_t)maxnodes);
    for (int e = 0; e < maxedges; e++)
        ea_of(g)[e] = eb_of(g)[e] = -1;
    memset(nf_of(g), 0, sizeof(int32_t) * ((size_t)nnf * maxnodes + (size_t)nef * maxedges));
    return GROVE_OK;
}

static void clear_node_fields(graph_t *g, int id)
{
    int32_t *nf = nf_of(g);
    for (int f = 0; f < g->nnf; f++)
        nf[(size_t)f * g->maxnodes + id] = 0;
}

static void free_edge(graph_t *g, int e)
{
    int32_t *ef = ef_of(g);
    ea_of(g)[e] = eb_of(g)[e] = -1;
    for (int f = 0; f < g->nef; f++)
        ef[(size_t)f * g->maxedges + e] = 0;
}

grove_status graph_add_node(graph_t *g, int *id)
{
    int32_t *alive = alive_of(g);
    for (int i = 0; i < g->maxnodes; i++)
        if (!alive[i]) {
            alive[i] = 1;
            clear_node_fields(g, i);
            *id = i;
            return GROVE_OK;
        }
    return GROVE_EFULL;
}

grove_status graph_add_node_at(graph_t *g, int id)
{
    if (id < 0 || id >= g->maxnodes)
        return GROVE_ERANGE;
    if (alive_of(g)[id])
        return GROVE_EARG;
    alive_of(g)[id] = 1;
    clear_node_fields(g, id);
    return GROVE_OK;
}

/* The node's fields and its edges' fields go back to 0. */
grove_status graph_remove_node(graph_t *g, int id)
{
    if (!node_ok(g, id))
        return GROVE_ERANGE;
    const int32_t *ea = ea_of(g), *eb = eb_of(g);
    for (int e = 0; e < g->maxedges; e++)
        if (ea[e] == id || eb[e] == id)
            free_edge(g, e);
    alive_of(g)[id] = 0;
    clear_node_fields(g, id);
    return GROVE_OK;
}

/* False for an id out of range. */
bool graph_node_alive(const graph_t *g, int id)
{
    return node_ok(g, id);
}

/* The checks come in the order ERANGE, EARG, EFULL; the edge takes the
 * lowest free slot. */
grove_status graph_add_edge(graph_t *g, int a, int b, int *id)
{
    if (!node_ok(g, a) || !node_ok(g, b))
        return GROVE_ERANGE;
    if (a == b || graph_edge_between(g, a, b) >= 0)
        return GROVE_EARG;
    int32_t *ea = ea_of(g), *eb = eb_of(g);
    for (int e = 0; e < g->maxedges; e++)
        if (ea[e] < 0) {
            free_edge(g, e);
            ea[e] = a;
            eb[e] = b;
            *id = e;
            return GROVE_OK;
        }
    return GROVE_EFULL;
}

/* ERANGE unless the edge is alive; its fields go back to 0. */
grove_status graph_remove_edge(graph_t *g, int id)
{
    if (!edge_ok(g, id))
        return GROVE_ERANGE;
    free_edge(g, id);
    return GROVE_OK;
}

bool graph_edge_alive(const graph_t *g, int id)
{
    return edge_ok(g, id);
}

/* The ends in the order they were given to graph_add_edge. */
grove_status graph_edge_ends(const graph_t *g, int id, int *a, int *b)
{
    if (!edge_ok(g, id))
        return GROVE_ERANGE;
    *a = ea_of(g)[id];
    *b = eb_of(g)[id];
    return GROVE_OK;
}

int graph_edge_between(const graph_t *g, int a, int b)
{
    const int32_t *ea = ea_of(g), *eb = eb_of(g);
    if (a < 0 || b < 0)
        return -1;
    for (int e = 0; e < g->maxedges; e++)
        if ((ea[e] == a && eb[e] == b) || (ea[e] == b && eb[e] == a))
            return e;
    return -1;
}

int32_t graph_node_get(const graph_t *g, int id, int field)
{
    return nf_of(g)[(size_t)field * g->maxnodes + id];
}

void graph_node_set(graph_t *g, int id, int field, int32_t value)
{
    nf_of(g)[(size_t)field * g->maxnodes + id] = value;
}

int32_t graph_edge_get(const graph_t *g, int id, int field)
{
    return ef_of(g)[(size_t)field * g->maxedges + id];
}

void graph_edge_set(graph_t *g, int id, int field, int32_t value)
{
    ef_of(g)[(size_t)field * g->maxedges + id] = value;
}

/* With more than max neighbours, the max lowest node ids. A dead or
 * out-of-range node has none. */
int graph_neighbors(const graph_t *g, int id, const cond_t *ncond, const cond_t *econd,
                    int *out, int *edges, int max)
{
    const int32_t *ea = ea_of(g), *eb = eb_of(g), *nf = nf_of(g), *ef = ef_of(g);
    int n = 0;

    if (max <= 0 || !node_ok(g, id))
        return 0;
    for (int e = 0; e < g->maxedges; e++) {
        int other;
        if (ea[e] == id)
            other = eb[e];
        else if (eb[e] == id)
            other = ea[e];
        else
            continue;
        if (n == max && other > out[max - 1])
            continue;
        if (!fields_match(ef, g->maxedges, e, econd) || !fields_match(nf, g->maxnodes, other, ncond))
            continue;
        /* Insert in order; when full, the largest falls off the end. */
        int i = n < max ? n++ : max - 1;
        for (; i > 0 && out[i - 1] > other; i--) {
            out[i] = out[i - 1];
            if (edges)
                edges[i] = edges[i - 1];
        }
        out[i] = other;
        if (edges)
            edges[i] = e;
    }
    return n;
}

/* A dead or out-of-range node has none. */
int graph_edges_of(const graph_t *g, int id, const cond_t *econd, int *out, int max)
{
    const int32_t *ea = ea_of(g), *eb = eb_of(g), *ef = ef_of(g);
    int n = 0;

    if (!node_ok(g, id))
        return 0;
    for (int e = 0; e < g->maxedges && n < max; e++)
        if ((ea[e] == id || eb[e] == id) && fields_match(ef, g->maxedges, e, econd))
            out[n++] = e;
    return n;
}

void graph_select_nodes(const graph_t *g, const cond_t *cond, cellset_t *out)
{
    const int32_t *alive = alive_of(g), *nf = nf_of(g);

    cellset_clear(out);
    for (int id = 0; id < g->maxnodes; id++)
        if (alive[id] && fields_match(nf, g->maxnodes, id, cond))
            cellset_add(out, id);
}

void graph_select_edges(const graph_t *g, const cond_t *cond, cellset_t *out)
{
    const int32_t *ea = ea_of(g), *ef = ef_of(g);

    cellset_clear(out);
    for (int e = 0; e < g->maxedges; e++)
        if (ea[e] >= 0 && fields_match(ef, g->maxedges, e, cond))
            cellset_add(out, e);
}

/* Breadth-first from the live node `from`, at most k steps (k < 0: no
 * limit), over edges satisfying econd into nodes satisfying ncond. `seen`
 * receives every node reached, `from` included. Returns the steps to `to`
 * as soon as it is reached (the walk stops there, so `seen` is partial), or
 * -1 when `to` is not reached (pass to = -1 for the whole reach). */
static int walk(const graph_t *g, int from, int to, int k, const cond_t *ncond,
                const cond_t *econd, cellset_t *seen)
{
    int16_t row[CELLSET_MAX + 1];      /* node u's neighbours: adj[row[u] .. row[u+1]) */
    int16_t adj[2 * CELLSET_MAX];
    int16_t queue[CELLSET_MAX];
    int16_t pass[CELLSET_MAX];         /* the live edges satisfying econd */
    const int32_t *ea = ea_of(g), *eb = eb_of(g), *nf = nf_of(g), *ef = ef_of(g);
    int nn = g->maxnodes, npass = 0;

    cellset_clear(seen);
    cellset_add(seen, from);
    if (from == to)
        return 0;

    /* Count each node's degree into row[u], sum so row[u] is the end of u's
     * run, then fill the runs from their ends so row[u] becomes the start. */
    memset(row, 0, sizeof(row[0]) * ((size_t)nn + 1));
    for (int e = 0; e < g->maxedges; e++)
        if (ea[e] >= 0 && fields_match(ef, g->maxedges, e, econd)) {
            pass[npass++] = (int16_t)e;
            row[ea[e]]++;
            row[eb[e]]++;
        }
    for (int u = 1; u < nn; u++)
        row[u] += row[u - 1];
    row[nn] = row[nn - 1];
    for (int i = 0; i < npass; i++) {
        int e = pass[i];
        adj[--row[ea[e]]] = (int16_t)eb[e];
        adj[--row[eb[e]]] = (int16_t)ea[e];
    }

    int head = 0, tail = 0;
    queue[tail++] = (int16_t)from;
    for (int depth = 0; (k < 0 || depth < k) && head < tail; depth++) {
        int end = tail;
        while (head < end) {
            int u = queue[head++];
            for (int i = row[u]; i < row[u + 1]; i++) {
                int v = adj[i];
                if (cellset_has(seen, v) || !fields_match(nf, nn, v, ncond))
                    continue;
                cellset_add(seen, v);
                if (v == to)
                    return depth + 1;
                queue[tail++] = (int16_t)v;
            }
        }
    }
    return -1;
}

/* -1 also when a or b is not a live node. */
int graph_distance(const graph_t *g, int a, int b, const cond_t *ncond, const cond_t *econd)
{
    cellset_t seen;

    if (!node_ok(g, a) || !node_ok(g, b))
        return -1;
    return walk(g, a, b, -1, ncond, econd, &seen);
}

/* A `from` that is not a live node gives the empty set. */
void graph_reach(const graph_t *g, int from, int k, const cond_t *ncond, const cond_t *econd, cellset_t *out)
{
    if (!node_ok(g, from)) {
        cellset_clear(out);
        return;
    }
    walk(g, from, -1, k, ncond, econd, out);
}
