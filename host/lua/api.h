/*
 * api.h — what the Lua side of the host shows rule scripts: the read-only
 * `grove` table and the registration of the State, component, Out and Cond
 * types. (The Game type and the `games` table of tools are the engine's:
 * host/engine/lua_game.h.)
 */
#ifndef GROVE_API_H
#define GROVE_API_H

#include <lua.h>
#include <stdbool.h>

#define GROVE_VERSION "0.1.0"

/* Register every metatable (State, handles, Cond, Out), and add the
 * `json` table to trusted environments (lua_json.h). */
void api_open(lua_State *L);

/* Push the `grove` API table: cond, move, move_parts, display, version. */
void api_push_grove(lua_State *L);

/* How text is shown, for grove.display(): colour (ANSI escapes) and
 * Unicode symbols. Process-wide; set by the program before it opens games
 * (off and off until then: tests and tools see plain ASCII). */
void api_set_display(bool color, bool unicode);
void api_display(bool *color, bool *unicode);

#endif
