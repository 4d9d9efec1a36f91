/*
 * lua_game.h — the Game type and the `games` table tools use from Lua
 * (`grove run`, `grove test`, the REPL's Lua prompt): a binding of the
 * engine's C API (game.h), as the component bindings are of the cores.
 */
#ifndef GROVE_LUA_GAME_H
#define GROVE_LUA_GAME_H

#include <lua.h>
#include <stdbool.h>

#include "game.h"

/* Register the Game type and push the `games` table (open, list, load,
 * add_path). */
void lua_game_open(lua_State *L);

/* Push a Game object on g; if owned, collecting or closing it closes g. */
void lua_game_push(lua_State *L, game *g, bool owned);

/* Cut the Game object at idx from its game (the REPL replaced it). */
void lua_game_detach(lua_State *L, int idx);

#endif
