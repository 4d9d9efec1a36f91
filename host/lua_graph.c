/* lua_graph.c — placeholder being replaced by the real binding. */
#include "bind.h"
int lua_graph_declare(lua_State *L) { return luaL_error(L, "graph: not built yet"); }
static const luaL_Reg methods[] = { { NULL, NULL } };
static int l_tostring(lua_State *L) { lua_pushliteral(L, "graph"); return 1; }
void lua_graph_register(lua_State *L) { bind_register(L, COMP_GRAPH, methods, l_tostring); }
