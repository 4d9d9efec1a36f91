/*
 * lua_graph.c — the Lua binding of the graph (graph.h): a map of nodes and
 * undirected edges, with integer fields on both.
 *
 * Declared in setup with fixed capacities (at most 1024 of each):
 *
 *   local map = s:graph("map", 40, 80, {"owner", "trees"}, {"path"})
 *   local a, b = map:add_node(), map:add_node()
 *   local e = map:add_edge(a, b)
 *   map:edge_set(e, "path", 1)
 *   for _, n in ipairs{map:reach(a, 2, {owner = 0}, {path = 1})} do ... end
 *
 * Nodes and edges are 1-based ids in Lua (the core's slot + 1), stable while
 * they live. Node fields and node conditions use the node field names (label
 * list 0); edge fields and edge conditions the edge field names (list 1).
 * Lists come back as multiple results, ascending by id.
 *
 *   map:add_node() -> id             map:add_node_at(id)   (a chosen free slot)
 *   map:remove_node(id)              (its edges go too)    map:alive(id) -> bool
 *   map:add_edge(a, b) -> e          map:remove_edge(e)    map:edge_alive(e) -> bool
 *   map:ends(e) -> a, b              map:other(e, a) -> b
 *   map:edge(a, b) -> e | nil
 *   map:get(n, field)  map:set(n, field, v)  map:add(n, field, dv) -> new value
 *   map:edge_get(e, field)  map:edge_set(e, field, v)  map:edge_add(e, field, dv)
 *   map:neighbors(n, [node cond], [edge cond]) -> node ids
 *   map:edges(n, [edge cond]) -> edge ids touching n
 *   map:nodes([cond]) -> ids         map:count([cond]) -> live nodes matching
 *   map:all_edges([cond]) -> edge ids
 *   map:distance(a, b, [node cond], [edge cond]) -> steps, or nil if unreachable
 *   map:reach(n, k, [node cond], [edge cond]) -> nodes within k steps, n
 *                                    included (k < 0: no limit)
 *   map:capacity() -> maxnodes, maxedges
 *
 * A walk enters only nodes satisfying the node condition (the target of
 * distance too) and crosses only edges satisfying the edge condition.
 */
#include <string.h>

#include "board.h"
#include "graph.h"

extern const bind_kind lua_graph;

/* The graph a method is called on (argument 1). */
static inline graph_t *check_graph(lua_State *L, const handle **self)
{
    *self = bind_check_self(L, &lua_graph);
    return bind_data(*self);
}

/* A live node argument; returns its 0-based id. */
static int check_node(lua_State *L, int idx, const handle *self, const void *board)
{
    const graph_t *g = board;
    lua_Integer n = luaL_checkinteger(L, idx);
    if (n < 1 || n > g->maxnodes)
        bind_error(L, bind_desc(self), idx, "no node %I (node ids 1..%d)", n, (int)g->maxnodes);
    if (!graph_node_alive(g, (int)n - 1))
        bind_error(L, bind_desc(self), idx, "no node %I (it was removed or never added)", n);
    return (int)n - 1;
}

/* A live edge argument; returns its 0-based id. */
static int check_edge(lua_State *L, int idx, const handle *self, const void *board)
{
    const graph_t *g = board;
    lua_Integer e = luaL_checkinteger(L, idx);
    if (e < 1 || e > g->maxedges)
        bind_error(L, bind_desc(self), idx, "no edge %I (edge ids 1..%d)", e, (int)g->maxedges);
    if (!graph_edge_alive(g, (int)e - 1))
        bind_error(L, bind_desc(self), idx, "no edge %I (it was removed or never added)", e);
    return (int)e - 1;
}

/* A condition at idx on node fields (list 0) or edge fields (list 1), copied
 * into *mine so that one Cond passed twice cannot overwrite itself. */
static const cond_t *check_cond(lua_State *L, const handle *self, int idx, int list, cond_t *mine)
{
    const cond_t *c = bind_check_cond(L, idx, self, list, mine);
    if (!c) return NULL;
    if (c != mine) *mine = *c;
    return mine;
}

static int32_t *node_fields(const void *board, int *n)
{
    *n = ((const graph_t *)board)->maxnodes;
    return graph_node_fields(board);
}

static int32_t *edge_fields(const void *board, int *n)
{
    *n = ((const graph_t *)board)->maxedges;
    return graph_edge_fields(board);
}

static void select_nodes(const void *board, const cond_t *cond, cellset_t *out)
{
    graph_select_nodes(board, cond, out);
}

static void select_edges(const void *board, const cond_t *cond, cellset_t *out)
{
    graph_select_edges(board, cond, out);
}

/* The nodes and the edges are each a board (board.h) of their own fields. */
static const board_type NODES = { &lua_graph, 0, "node field", check_node, node_fields, select_nodes };
static const board_type EDGES = { &lua_graph, 1, "edge field", check_edge, edge_fields, select_edges };

/* s:graph(name, maxnodes, maxedges, {node fields}, {edge fields}) -> Graph */
static int declare(lua_State *L)
{
    const char *name = luaL_checkstring(L, 2);
    lua_Integer nn = luaL_checkinteger(L, 3), ne = luaL_checkinteger(L, 4);
    int nnf, nef;
    lua_settop(L, 6);                  /* the name lists push userdata: fix the arguments first */
    const char **nf = bind_check_names(L, 5, &nnf, "node field");
    const char **ef = bind_check_names(L, 6, &nef, "edge field");
    if (nn < 1 || nn > CELLSET_MAX)
        return bind_error(L, NULL, 3, "%I nodes out of range (1..%d)", nn, CELLSET_MAX);
    if (ne < 1 || ne > CELLSET_MAX)
        return bind_error(L, NULL, 4, "%I edges out of range (1..%d)", ne, CELLSET_MAX);
    const handle *self = bind_declare(L, &lua_graph, name, graph_bytes((int)nn, (int)ne, nnf, nef),
                                      (const char *const *)nf, nnf, (const char *const *)ef, nef);
    bind_check_status(L, graph_init(bind_data(self), (int)nn, (int)ne, nnf, nef), &graph_kind, name);
    return 1;
}

static int l_add_node(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    int id;
    grove_status rc = graph_add_node(g, &id);
    if (rc == GROVE_EFULL)
        return bind_error(L, bind_desc(self), 0, "the graph is full: no free node slot (capacity %d)",
                          (int)g->maxnodes);
    bind_check_status(L, rc, &graph_kind, bind_desc(self)->name);
    lua_pushinteger(L, id + 1);
    return 1;
}

static int l_add_node_at(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    const comp_desc *d = bind_desc(self);
    lua_Integer n = luaL_checkinteger(L, 2);
    if (n < 1 || n > g->maxnodes) return bind_error(L, d, 2, "no node %I (node ids 1..%d)", n, (int)g->maxnodes);
    if (graph_node_alive(g, (int)n - 1)) return bind_error(L, d, 2, "node %I is already there", n);
    bind_check_status(L, graph_add_node_at(g, (int)n - 1), &graph_kind, d->name);
    return 0;
}

static int l_remove_node(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    bind_check_status(L, graph_remove_node(g, check_node(L, 2, self, g)), &graph_kind, bind_desc(self)->name);
    return 0;
}

/* g:alive(n) -> is n a live node? (false for any id out of range) */
static int l_alive(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    lua_Integer n = luaL_checkinteger(L, 2);
    lua_pushboolean(L, n >= 1 && n <= g->maxnodes && graph_node_alive(g, (int)n - 1));
    return 1;
}

static int l_add_edge(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    const comp_desc *d = bind_desc(self);
    int a = check_node(L, 2, self, g), b = check_node(L, 3, self, g);
    if (a == b) return bind_error(L, d, 3, "cannot join node %d to itself", a + 1);
    int e = graph_edge_between(g, a, b);
    if (e >= 0) return bind_error(L, d, 0, "nodes %d and %d are already joined (edge %d)", a + 1, b + 1, e + 1);
    grove_status rc = graph_add_edge(g, a, b, &e);
    if (rc == GROVE_EFULL)
        return bind_error(L, d, 0, "the graph is full: no free edge slot (capacity %d)", (int)g->maxedges);
    bind_check_status(L, rc, &graph_kind, d->name);
    lua_pushinteger(L, e + 1);
    return 1;
}

static int l_remove_edge(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    bind_check_status(L, graph_remove_edge(g, check_edge(L, 2, self, g)), &graph_kind, bind_desc(self)->name);
    return 0;
}

/* g:edge_alive(e) -> is e a live edge? (false for any id out of range) */
static int l_edge_alive(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    lua_Integer e = luaL_checkinteger(L, 2);
    lua_pushboolean(L, e >= 1 && e <= g->maxedges && graph_edge_alive(g, (int)e - 1));
    return 1;
}

static int l_ends(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    int a, b;
    graph_edge_ends(g, check_edge(L, 2, self, g), &a, &b);
    lua_pushinteger(L, a + 1);
    lua_pushinteger(L, b + 1);
    return 2;
}

/* g:other(e, n) -> the end of e that is not n */
static int l_other(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    int e = check_edge(L, 2, self, g), n = check_node(L, 3, self, g), a, b;
    graph_edge_ends(g, e, &a, &b);
    if (n != a && n != b)
        return bind_error(L, bind_desc(self), 3, "edge %d joins nodes %d and %d, not node %d", e + 1, a + 1, b + 1,
                          n + 1);
    lua_pushinteger(L, (n == a ? b : a) + 1);
    return 1;
}

/* g:edge(a, b) -> the edge joining a and b, or nil */
static int l_edge(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    int a = check_node(L, 2, self, g), b = check_node(L, 3, self, g);
    int e = graph_edge_between(g, a, b);
    if (e < 0) lua_pushnil(L);
    else lua_pushinteger(L, e + 1);
    return 1;
}

static int l_get(lua_State *L) { return board_get(L, &NODES); }
static int l_set(lua_State *L) { return board_set(L, &NODES); }
static int l_add(lua_State *L) { return board_add(L, &NODES); }
static int l_nodes(lua_State *L) { return board_cells(L, &NODES); }
static int l_count(lua_State *L) { return board_count(L, &NODES); }
static int l_edge_get(lua_State *L) { return board_get(L, &EDGES); }
static int l_edge_set(lua_State *L) { return board_set(L, &EDGES); }
static int l_edge_add(lua_State *L) { return board_add(L, &EDGES); }
static int l_all_edges(lua_State *L) { return board_cells(L, &EDGES); }

static int l_neighbors(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    int n = check_node(L, 2, self, g);
    cond_t ns, es;
    const cond_t *nc = check_cond(L, self, 3, 0, &ns), *ec = check_cond(L, self, 4, 1, &es);
    int out[CELLSET_MAX];
    return bind_push_ids(L, out, graph_neighbors(g, n, nc, ec, out, NULL, CELLSET_MAX));
}

static int l_edges(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    int n = check_node(L, 2, self, g);
    cond_t es;
    const cond_t *ec = check_cond(L, self, 3, 1, &es);
    int out[CELLSET_MAX];
    return bind_push_ids(L, out, graph_edges_of(g, n, ec, out, CELLSET_MAX));
}

static int l_distance(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    int a = check_node(L, 2, self, g), b = check_node(L, 3, self, g);
    cond_t ns, es;
    const cond_t *nc = check_cond(L, self, 4, 0, &ns), *ec = check_cond(L, self, 5, 1, &es);
    int k = graph_distance(g, a, b, nc, ec);
    if (k < 0) lua_pushnil(L);
    else lua_pushinteger(L, k);
    return 1;
}

static int l_reach(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    int n = check_node(L, 2, self, g);
    lua_Integer k = luaL_checkinteger(L, 3);
    cond_t ns, es;
    const cond_t *nc = check_cond(L, self, 4, 0, &ns), *ec = check_cond(L, self, 5, 1, &es);
    if (k < 0 || k > CELLSET_MAX) k = -1;
    cellset_t set;
    graph_reach(g, n, (int)k, nc, ec, &set);
    return bind_push_set(L, &set);
}

static int l_capacity(lua_State *L)
{
    const handle *self;
    graph_t *g = check_graph(L, &self);
    lua_pushinteger(L, g->maxnodes);
    lua_pushinteger(L, g->maxedges);
    return 2;
}

static int l_tostring(lua_State *L)
{
    const handle *self = bind_to_handle(L, 1);
    if (!self || !self->owner->st) { lua_pushliteral(L, "Graph(closed)"); return 1; }
    const graph_t *g = bind_data(self);
    cellset_t nodes, edges;
    graph_select_nodes(g, NULL, &nodes);
    graph_select_edges(g, NULL, &edges);
    lua_pushfstring(L, "Graph(%s, %d/%d nodes, %d/%d edges)", bind_desc(self)->name, cellset_count(&nodes),
                    (int)g->maxnodes, cellset_count(&edges), (int)g->maxedges);
    return 1;
}

static const luaL_Reg methods[] = {
    { "add_node", l_add_node }, { "add_node_at", l_add_node_at },
    { "remove_node", l_remove_node }, { "alive", l_alive },
    { "add_edge", l_add_edge }, { "remove_edge", l_remove_edge },
    { "edge_alive", l_edge_alive }, { "ends", l_ends }, { "other", l_other }, { "edge", l_edge },
    { "get", l_get }, { "set", l_set }, { "add", l_add },
    { "edge_get", l_edge_get }, { "edge_set", l_edge_set }, { "edge_add", l_edge_add },
    { "neighbors", l_neighbors }, { "edges", l_edges }, { "nodes", l_nodes },
    { "count", l_count }, { "all_edges", l_all_edges },
    { "distance", l_distance }, { "reach", l_reach }, { "capacity", l_capacity },
    { NULL, NULL },
};

static const luaL_Reg metamethods[] = {
    { "__tostring", l_tostring },
    { NULL, NULL },
};

const bind_kind lua_graph = { &graph_kind, "Graph", declare, methods, metamethods, NULL };
