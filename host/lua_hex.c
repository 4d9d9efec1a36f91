/* lua_hex.c — placeholder being replaced by the real binding. */
#include "bind.h"
int lua_hex_declare(lua_State *L) { return luaL_error(L, "hex: not built yet"); }
static const luaL_Reg methods[] = { { NULL, NULL } };
static int l_tostring(lua_State *L) { lua_pushliteral(L, "hex"); return 1; }
void lua_hex_register(lua_State *L) { bind_register(L, COMP_HEX, methods, l_tostring); }
