/*
 * api.h — what the host shows Lua: the read-only `grove` table every rule
 * script sees, the `games` table tools see, and the registration of every
 * userdata type.
 */
#ifndef GROVE_API_H
#define GROVE_API_H

#include <lua.h>
#include <stdbool.h>

#define GROVE_VERSION "0.1.0"

/* Register every metatable (State, handles, Cond, Out, Game). */
void api_open(lua_State *L);

/* Push the `grove` API table: cond, move, move_parts, display, version. */
void api_push_grove(lua_State *L);

/* How text is shown, for grove.display(): colour (ANSI escapes) and
 * Unicode symbols. Process-wide; set by the program before it opens games
 * (off and off until then: tests and tools see plain ASCII). */
void api_set_display(bool color, bool unicode);
void api_display(bool *color, bool *unicode);

/* Push the `games` table of tools: open, list. (lua_game.c) */
void api_push_tools(lua_State *L);

/* Register the Game type (lua_game.c). */
void lua_game_register(lua_State *L);

struct game;
/* Push a Game object on g; if owned, collecting or closing it closes g. */
void lua_game_push(lua_State *L, struct game *g, bool owned);
/* Cut the Game object at idx from its game (the REPL replaced it). */
void lua_game_detach(lua_State *L, int idx);

#endif
