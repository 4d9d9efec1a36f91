/* lua_dice.c — placeholder being replaced by the real binding. */
#include "bind.h"
int lua_dice_declare(lua_State *L) { return luaL_error(L, "dice: not built yet"); }
static const luaL_Reg methods[] = { { NULL, NULL } };
static int l_tostring(lua_State *L) { lua_pushliteral(L, "dice"); return 1; }
void lua_dice_register(lua_State *L) { bind_register(L, COMP_DICE, methods, l_tostring); }
