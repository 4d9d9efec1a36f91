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
#include <assert.h>
#include <string.h>

#include "bind.h"
#include "graph.h"

static graph_t *check_graph(lua_State *L, int idx, const comp_desc **d)
{
    return bind_check_comp(L, idx, COMP_GRAPH, d);
}

/* A live node argument; returns its 0-based id. */
static int check_node(lua_State *L, int idx, const graph_t *g, const comp_desc *d)
{
    lua_Integer n = luaL_checkinteger(L, idx);
    if (n < 1 || n > g->maxnodes)
        luaL_error(L, "no node %I in graph '%s' (node ids 1..%d)", n, d->name, (int)g->maxnodes);
    if (!graph_node_alive(g, (int)n - 1))
        luaL_error(L, "no node %I in graph '%s' (it was removed or never added)", n, d->name);
    return (int)n - 1;
}

/* A live edge argument; returns its 0-based id. */
static int check_edge(lua_State *L, int idx, const graph_t *g, const comp_desc *d)
{
    lua_Integer e = luaL_checkinteger(L, idx);
    if (e < 1 || e > g->maxedges)
        luaL_error(L, "no edge %I in graph '%s' (edge ids 1..%d)", e, d->name, (int)g->maxedges);
    if (!graph_edge_alive(g, (int)e - 1))
        luaL_error(L, "no edge %I in graph '%s' (it was removed or never added)", e, d->name);
    return (int)e - 1;
}

static int32_t check_value(lua_State *L, int idx, const comp_desc *d)
{
    lua_Integer v = luaL_checkinteger(L, idx);
    if (v < INT32_MIN || v > INT32_MAX)
        luaL_error(L, "graph '%s': value %I does not fit 32 bits", d->name, v);
    return (int32_t)v;
}

/* A condition at idx on node fields (list 0) or edge fields (list 1), copied
 * into *mine so that one Cond passed twice cannot overwrite itself. */
static const cond_t *check_cond(lua_State *L, const handle *self, int idx, int list, cond_t *mine)
{
    const cond_t *c = bind_check_cond(L, idx, self->owner->st, self->comp, list, mine);
    if (!c) return NULL;
    if (c != mine) *mine = *c;
    return mine;
}

/* The graph a method is called on (argument 1), with its descriptor and
 * handle for the field and condition checks. */
static graph_t *check_self(lua_State *L, const comp_desc **d, const handle **self)
{
    return bind_check_self(L, COMP_GRAPH, d, self);
}

/* s:graph(name, maxnodes, maxedges, {node fields}, {edge fields}) -> Graph */
int lua_graph_declare(lua_State *L)
{
    const char *name = luaL_checkstring(L, 2);
    lua_Integer nn = luaL_checkinteger(L, 3), ne = luaL_checkinteger(L, 4);
    int nnf, nef;
    lua_settop(L, 6);                  /* the name lists push userdata: fix the arguments first */
    const char **nf = bind_check_names(L, 5, &nnf, "node field");
    const char **ef = bind_check_names(L, 6, &nef, "edge field");
    if (nn < 1 || nn > CELLSET_MAX)
        return luaL_error(L, "graph '%s': %I nodes out of range (1..%d)", name, nn, CELLSET_MAX);
    if (ne < 1 || ne > CELLSET_MAX)
        return luaL_error(L, "graph '%s': %I edges out of range (1..%d)", name, ne, CELLSET_MAX);
    int idx = bind_declare(L, COMP_GRAPH, name, graph_bytes((int)nn, (int)ne, nnf, nef),
                           (const char *const *)nf, nnf, (const char *const *)ef, nef);
    lstate *s = bind_check_state(L, 1);
    graph_init(state_comp(s->st, idx), (int)nn, (int)ne, nnf, nef);
    return 1;
}

static int l_add_node(lua_State *L)
{
    const comp_desc *d;
    graph_t *g = check_graph(L, 1, &d);
    int id;
    if (graph_add_node(g, &id) != GROVE_OK)
        return luaL_error(L, "graph '%s' is full: no free node slot (capacity %d)", d->name, (int)g->maxnodes);
    lua_pushinteger(L, id + 1);
    return 1;
}

static int l_add_node_at(lua_State *L)
{
    const comp_desc *d;
    graph_t *g = check_graph(L, 1, &d);
    lua_Integer n = luaL_checkinteger(L, 2);
    if (n < 1 || n > g->maxnodes)
        return luaL_error(L, "no node %I in graph '%s' (node ids 1..%d)", n, d->name, (int)g->maxnodes);
    if (graph_add_node_at(g, (int)n - 1) != GROVE_OK)
        return luaL_error(L, "graph '%s' already has node %I", d->name, n);
    return 0;
}

static int l_remove_node(lua_State *L)
{
    const comp_desc *d;
    graph_t *g = check_graph(L, 1, &d);
    graph_remove_node(g, check_node(L, 2, g, d));
    return 0;
}

/* g:alive(n) -> is n a live node? (false for any id out of range) */
static int l_alive(lua_State *L)
{
    graph_t *g = check_graph(L, 1, NULL);
    lua_Integer n = luaL_checkinteger(L, 2);
    lua_pushboolean(L, n >= 1 && n <= g->maxnodes && graph_node_alive(g, (int)n - 1));
    return 1;
}

static int l_add_edge(lua_State *L)
{
    const comp_desc *d;
    graph_t *g = check_graph(L, 1, &d);
    int a = check_node(L, 2, g, d), b = check_node(L, 3, g, d);
    if (a == b) return luaL_error(L, "graph '%s': cannot join node %d to itself", d->name, a + 1);
    int e = graph_edge_between(g, a, b);
    if (e >= 0)
        return luaL_error(L, "graph '%s': nodes %d and %d are already joined (edge %d)", d->name, a + 1, b + 1, e + 1);
    if (graph_add_edge(g, a, b, &e) != GROVE_OK)
        return luaL_error(L, "graph '%s' is full: no free edge slot (capacity %d)", d->name, (int)g->maxedges);
    lua_pushinteger(L, e + 1);
    return 1;
}

static int l_remove_edge(lua_State *L)
{
    const comp_desc *d;
    graph_t *g = check_graph(L, 1, &d);
    graph_remove_edge(g, check_edge(L, 2, g, d));
    return 0;
}

/* g:edge_alive(e) -> is e a live edge? (false for any id out of range) */
static int l_edge_alive(lua_State *L)
{
    graph_t *g = check_graph(L, 1, NULL);
    lua_Integer e = luaL_checkinteger(L, 2);
    lua_pushboolean(L, e >= 1 && e <= g->maxedges && graph_edge_alive(g, (int)e - 1));
    return 1;
}

static int l_ends(lua_State *L)
{
    const comp_desc *d;
    graph_t *g = check_graph(L, 1, &d);
    int a, b;
    graph_edge_ends(g, check_edge(L, 2, g, d), &a, &b);
    lua_pushinteger(L, a + 1);
    lua_pushinteger(L, b + 1);
    return 2;
}

/* g:other(e, n) -> the end of e that is not n */
static int l_other(lua_State *L)
{
    const comp_desc *d;
    graph_t *g = check_graph(L, 1, &d);
    int e = check_edge(L, 2, g, d), n = check_node(L, 3, g, d), a, b;
    graph_edge_ends(g, e, &a, &b);
    if (n != a && n != b)
        return luaL_error(L, "graph '%s': edge %d joins nodes %d and %d, not node %d",
                          d->name, e + 1, a + 1, b + 1, n + 1);
    lua_pushinteger(L, (n == a ? b : a) + 1);
    return 1;
}

/* g:edge(a, b) -> the edge joining a and b, or nil */
static int l_edge(lua_State *L)
{
    const comp_desc *d;
    graph_t *g = check_graph(L, 1, &d);
    int a = check_node(L, 2, g, d), b = check_node(L, 3, g, d);
    int e = graph_edge_between(g, a, b);
    if (e < 0) lua_pushnil(L);
    else lua_pushinteger(L, e + 1);
    return 1;
}

static int l_get(lua_State *L)
{
    const comp_desc *d;
    const handle *self;
    graph_t *g = check_self(L, &d, &self);
    int n = check_node(L, 2, g, d);
    lua_pushinteger(L, graph_node_get(g, n, bind_check_field(L, 3, self, d, 0, "node field")));
    return 1;
}

static int l_set(lua_State *L)
{
    const comp_desc *d;
    const handle *self;
    graph_t *g = check_self(L, &d, &self);
    int n = check_node(L, 2, g, d);
    int f = bind_check_field(L, 3, self, d, 0, "node field");
    graph_node_set(g, n, f, check_value(L, 4, d));
    return 0;
}

/* The new value of a field after adding delta (arg 4), or raise. */
static int32_t added(lua_State *L, const comp_desc *d, int32_t old)
{
    lua_Integer delta = luaL_checkinteger(L, 4);
    if (delta < INT32_MIN || delta > INT32_MAX)
        luaL_error(L, "graph '%s': value %I does not fit 32 bits", d->name, delta);
    lua_Integer v = (lua_Integer)old + delta;
    if (v < INT32_MIN || v > INT32_MAX)
        luaL_error(L, "graph '%s': value %I does not fit 32 bits", d->name, v);
    return (int32_t)v;
}

static int l_add(lua_State *L)
{
    const comp_desc *d;
    const handle *self;
    graph_t *g = check_self(L, &d, &self);
    int n = check_node(L, 2, g, d);
    int f = bind_check_field(L, 3, self, d, 0, "node field");
    int32_t v = added(L, d, graph_node_get(g, n, f));
    graph_node_set(g, n, f, v);
    lua_pushinteger(L, v);
    return 1;
}

static int l_edge_get(lua_State *L)
{
    const comp_desc *d;
    const handle *self;
    graph_t *g = check_self(L, &d, &self);
    int e = check_edge(L, 2, g, d);
    lua_pushinteger(L, graph_edge_get(g, e, bind_check_field(L, 3, self, d, 1, "edge field")));
    return 1;
}

static int l_edge_set(lua_State *L)
{
    const comp_desc *d;
    const handle *self;
    graph_t *g = check_self(L, &d, &self);
    int e = check_edge(L, 2, g, d);
    int f = bind_check_field(L, 3, self, d, 1, "edge field");
    graph_edge_set(g, e, f, check_value(L, 4, d));
    return 0;
}

static int l_edge_add(lua_State *L)
{
    const comp_desc *d;
    const handle *self;
    graph_t *g = check_self(L, &d, &self);
    int e = check_edge(L, 2, g, d);
    int f = bind_check_field(L, 3, self, d, 1, "edge field");
    int32_t v = added(L, d, graph_edge_get(g, e, f));
    graph_edge_set(g, e, f, v);
    lua_pushinteger(L, v);
    return 1;
}

static int l_neighbors(lua_State *L)
{
    const comp_desc *d;
    const handle *self;
    graph_t *g = check_self(L, &d, &self);
    int n = check_node(L, 2, g, d);
    cond_t ns, es;
    const cond_t *nc = check_cond(L, self, 3, 0, &ns), *ec = check_cond(L, self, 4, 1, &es);
    int out[CELLSET_MAX];
    return bind_push_ids(L, out, graph_neighbors(g, n, nc, ec, out, NULL, CELLSET_MAX));
}

static int l_edges(lua_State *L)
{
    const comp_desc *d;
    const handle *self;
    graph_t *g = check_self(L, &d, &self);
    int n = check_node(L, 2, g, d);
    cond_t es;
    const cond_t *ec = check_cond(L, self, 3, 1, &es);
    int out[CELLSET_MAX];
    return bind_push_ids(L, out, graph_edges_of(g, n, ec, out, CELLSET_MAX));
}

static int l_nodes(lua_State *L)
{
    const comp_desc *d;
    const handle *self;
    graph_t *g = check_self(L, &d, &self);
    cond_t ns;
    const cond_t *nc = check_cond(L, self, 2, 0, &ns);
    cellset_t set;
    graph_select_nodes(g, nc, &set);
    return bind_push_set(L, &set);
}

static int l_count(lua_State *L)
{
    const comp_desc *d;
    const handle *self;
    graph_t *g = check_self(L, &d, &self);
    cond_t ns;
    const cond_t *nc = check_cond(L, self, 2, 0, &ns);
    cellset_t set;
    graph_select_nodes(g, nc, &set);
    lua_pushinteger(L, cellset_count(&set));
    return 1;
}

static int l_all_edges(lua_State *L)
{
    const comp_desc *d;
    const handle *self;
    graph_t *g = check_self(L, &d, &self);
    cond_t es;
    const cond_t *ec = check_cond(L, self, 2, 1, &es);
    cellset_t set;
    graph_select_edges(g, ec, &set);
    return bind_push_set(L, &set);
}

static int l_distance(lua_State *L)
{
    const comp_desc *d;
    const handle *self;
    graph_t *g = check_self(L, &d, &self);
    int a = check_node(L, 2, g, d), b = check_node(L, 3, g, d);
    cond_t ns, es;
    const cond_t *nc = check_cond(L, self, 4, 0, &ns), *ec = check_cond(L, self, 5, 1, &es);
    int k = graph_distance(g, a, b, nc, ec);
    if (k < 0) lua_pushnil(L);
    else lua_pushinteger(L, k);
    return 1;
}

static int l_reach(lua_State *L)
{
    const comp_desc *d;
    const handle *self;
    graph_t *g = check_self(L, &d, &self);
    int n = check_node(L, 2, g, d);
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
    graph_t *g = check_graph(L, 1, NULL);
    lua_pushinteger(L, g->maxnodes);
    lua_pushinteger(L, g->maxedges);
    return 2;
}

static int l_tostring(lua_State *L)
{
    handle *h = bind_handle(L, 1, COMP_GRAPH);
    if (!h || !h->owner->st) { lua_pushliteral(L, "Graph(closed)"); return 1; }
    const comp_desc *d;
    graph_t *g = check_graph(L, 1, &d);
    cellset_t nodes, edges;
    graph_select_nodes(g, NULL, &nodes);
    graph_select_edges(g, NULL, &edges);
    lua_pushfstring(L, "Graph(%s, %d/%d nodes, %d/%d edges)", d->name, cellset_count(&nodes),
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

void lua_graph_register(lua_State *L)
{
    bind_register(L, COMP_GRAPH, methods, l_tostring);
}
