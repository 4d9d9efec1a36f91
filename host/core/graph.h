/*
 * graph.h — nodes and edges with named integer fields on both: a
 * point-to-point map, the trees of a forest and the paths between them.
 *
 * Capacities are fixed at creation; nodes and edges may be added and
 * removed during a game (a node or edge slot is alive or not). Ids are
 * 0-based slot numbers, stable for the life of the node or edge. Edges are
 * undirected.
 */
#ifndef GROVE_GRAPH_H
#define GROVE_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "cellset.h"
#include "fields.h"
#include "kind.h"
#include "status.h"

typedef struct {
    int32_t maxnodes, maxedges;   /* capacities (maxnodes <= CELLSET_MAX) */
    int32_t nnf, nef;             /* fields per node, per edge */
    int32_t data[];  /* node_alive[maxnodes], edge_a[maxedges], edge_b[maxedges]
                        (-1 when the edge slot is free), node fields
                        [nnf * maxnodes], edge fields [nef * maxedges] */
} graph_t;

/* The kind of a graph component (kind.h). */
extern const comp_kind graph_kind;

size_t graph_bytes(int maxnodes, int maxedges, int nnf, int nef);

/* An empty graph. EARG for capacities < 1, maxnodes or maxedges > CELLSET_MAX. */
grove_status graph_init(graph_t *g, int maxnodes, int maxedges, int nnf, int nef);

/* Add a node in the lowest free slot; its fields are 0. EFULL. */
grove_status graph_add_node(graph_t *g, int *id);
/* Bring a given slot alive (to build maps with fixed ids). ERANGE, EARG if alive. */
grove_status graph_add_node_at(graph_t *g, int id);
/* Remove a node and every edge touching it. ERANGE if not alive. */
grove_status graph_remove_node(graph_t *g, int id);
bool graph_node_alive(const graph_t *g, int id);

/* Join two distinct live nodes; its fields are 0. EFULL, ERANGE for a dead
 * node, EARG for a loop or an edge that already exists. */
grove_status graph_add_edge(graph_t *g, int a, int b, int *id);
grove_status graph_remove_edge(graph_t *g, int id);
bool graph_edge_alive(const graph_t *g, int id);
/* The two ends of a live edge. ERANGE. */
grove_status graph_edge_ends(const graph_t *g, int id, int *a, int *b);
/* The live edge joining a and b, or -1. */
int graph_edge_between(const graph_t *g, int a, int b);

/* The field arrays (fields.h): node fields v[field * maxnodes + node],
 * edge fields v[field * maxedges + edge], dead slots included. */
static inline int32_t *graph_node_fields(const graph_t *g)
{
    return (int32_t *)g->data + g->maxnodes + 2 * (size_t)g->maxedges;
}
static inline int32_t *graph_edge_fields(const graph_t *g)
{
    return graph_node_fields(g) + (size_t)g->nnf * g->maxnodes;
}

/* Field access; the caller checks ids and fields. */
int32_t graph_node_get(const graph_t *g, int id, int field);
void graph_node_set(graph_t *g, int id, int field, int32_t value);
int32_t graph_edge_get(const graph_t *g, int id, int field);
void graph_edge_set(graph_t *g, int id, int field, int32_t value);

/* Neighbours of node id across live edges satisfying econd, landing on
 * nodes satisfying ncond (NULL: any), ascending by node id; the edge ids
 * go to edges[] if not NULL. Returns the count (at most max). */
int graph_neighbors(const graph_t *g, int id, const cond_t *ncond, const cond_t *econd,
                    int *out, int *edges, int max);

/* Edges touching node id that satisfy econd, ascending by edge id. */
int graph_edges_of(const graph_t *g, int id, const cond_t *econd, int *out, int max);

/* Live nodes satisfying cond / live edges satisfying cond (edge ids in the set). */
void graph_select_nodes(const graph_t *g, const cond_t *cond, cellset_t *out);
void graph_select_edges(const graph_t *g, const cond_t *cond, cellset_t *out);

/* Fewest steps from a to b through edges satisfying econd and entered nodes
 * satisfying ncond (b must satisfy it too); 0 if a == b; -1 if unreachable. */
int graph_distance(const graph_t *g, int a, int b, const cond_t *ncond, const cond_t *econd);

/* out = nodes reachable from `from` in at most k steps (k < 0: no limit)
 * under the same conditions; `from` is included. */
void graph_reach(const graph_t *g, int from, int k, const cond_t *ncond, const cond_t *econd, cellset_t *out);

#endif
