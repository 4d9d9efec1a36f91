/* lua_deck.c — placeholder being replaced by the real binding. */
#include "bind.h"
int lua_deck_declare(lua_State *L) { return luaL_error(L, "deck: not built yet"); }
static const luaL_Reg methods[] = { { NULL, NULL } };
static int l_tostring(lua_State *L) { lua_pushliteral(L, "deck"); return 1; }
void lua_deck_register(lua_State *L) { bind_register(L, COMP_DECK, methods, l_tostring); }
