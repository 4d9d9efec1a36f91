---@meta
-- A map of nodes and edges (s:graph in setup). Bound in host/lua/lua_graph.c.

---A map of nodes (places) joined by undirected edges (paths), with integer
---fields on both. Nodes and edges are 1-based ids, stable while they live.
---Node conditions use the node field names, edge conditions the edge field
---names. A walk enters only nodes satisfying the node condition and crosses
---only edges satisfying the edge condition. Several ids come back as
---multiple results, ascending.
---@class Graph
local Graph = {}

---Add a node in the first free slot and return its id; raises when the graph is full.
---@return integer node the new node's id
function Graph:add_node() end

---Add a node with a chosen id (a board printed with numbered places); raises if that node exists.
---@param node integer the id to use, 1..max_nodes
function Graph:add_node_at(node) end

---Remove a node and every edge touching it.
---@param node integer a live node
function Graph:remove_node(node) end

---Is there a live node with this id? (false for any id out of range)
---@param node integer
---@return boolean
function Graph:alive(node) end

---Join two different nodes with an edge and return its id; raises if they are already joined or the graph is full.
---@param a integer a live node
---@param b integer another live node
---@return integer edge the new edge's id
function Graph:add_edge(a, b) end

---Remove an edge; its nodes stay.
---@param edge integer a live edge
function Graph:remove_edge(edge) end

---Is there a live edge with this id? (false for any id out of range)
---@param edge integer
---@return boolean
function Graph:edge_alive(edge) end

---The two nodes an edge joins.
---@param edge integer a live edge
---@return integer a
---@return integer b
function Graph:ends(edge) end

---Where an edge leads from one of its nodes: its other end.
---@param edge integer a live edge
---@param node integer one end of that edge
---@return integer other the other end
function Graph:other(edge, node) end

---The edge joining two nodes, or nil if they are not neighbours.
---@param a integer a live node
---@param b integer another live node
---@return integer? edge
function Graph:edge(a, b) end

---The value of one field of a node.
---@param node integer a live node
---@param field Field a node field, by name or number
---@return integer value
function Graph:get(node, field) end

---Set one field of a node.
---@param node integer a live node
---@param field Field a node field, by name or number
---@param value integer the new value (32 bits)
function Graph:set(node, field, value) end

---Add to one field of a node (a negative delta takes away) and return the new value.
---@param node integer a live node
---@param field Field a node field, by name or number
---@param delta integer how much to add
---@return integer value the field's new value
function Graph:add(node, field, delta) end

---The value of one field of an edge.
---@param edge integer a live edge
---@param field Field an edge field, by name or number
---@return integer value
function Graph:edge_get(edge, field) end

---Set one field of an edge.
---@param edge integer a live edge
---@param field Field an edge field, by name or number
---@param value integer the new value (32 bits)
function Graph:edge_set(edge, field, value) end

---Add to one field of an edge (a negative delta takes away) and return the new value.
---@param edge integer a live edge
---@param field Field an edge field, by name or number
---@param delta integer how much to add
---@return integer value the field's new value
function Graph:edge_add(edge, field, delta) end

---The nodes one step from this node, through edges satisfying the edge condition, that satisfy the node condition.
---@param node integer a live node
---@param node_cond? Condition which neighbours to keep (all without one)
---@param edge_cond? Condition which edges may be crossed (all without one)
---@return integer ... # the neighbours' ids
function Graph:neighbors(node, node_cond, edge_cond) end

---The edges touching a node that satisfy the edge condition.
---@param node integer a live node
---@param edge_cond? Condition which edges to keep (all without one)
---@return integer ... # the edges
function Graph:edges(node, edge_cond) end

---Every live node that satisfies the condition (all of them without one), ascending.
---@param cond? Condition which nodes to keep
---@return integer ... # the nodes
function Graph:nodes(cond) end

---How many live nodes satisfy the condition (all of them without one).
---@param cond? Condition which nodes to count
---@return integer count
function Graph:count(cond) end

---Every live edge that satisfies the edge condition (all of them without one), ascending.
---@param edge_cond? Condition which edges to keep
---@return integer ... # the edges
function Graph:all_edges(edge_cond) end

---How many steps the shortest walk from a to b takes, or nil if b cannot be reached.
---@param a integer the start, a live node
---@param b integer the goal, a live node (it must satisfy the node condition too)
---@param node_cond? Condition the nodes a walk may enter (any without one)
---@param edge_cond? Condition the edges a walk may cross (any without one)
---@return integer? steps nil when unreachable
function Graph:distance(a, b, node_cond, edge_cond) end

---The nodes within k steps of this one, walking only through nodes and edges that satisfy the conditions; the start is included: where a piece can move.
---@param node integer the start, a live node
---@param k integer the most steps; negative for no limit
---@param node_cond? Condition the nodes a walk may enter (any without one)
---@param edge_cond? Condition the edges a walk may cross (any without one)
---@return integer ... # the nodes within reach, ascending
function Graph:reach(node, k, node_cond, edge_cond) end

---How many nodes and edges the graph can hold.
---@return integer max_nodes
---@return integer max_edges
function Graph:capacity() end
