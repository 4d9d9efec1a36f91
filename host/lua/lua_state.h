/*
 * lua_state.h — the State object rule scripts receive: component handles as
 * fields (s.board, s.vars), declarations in setup (s:grid ...), and the
 * state's facts (s.players, s:hash()).
 */
#ifndef GROVE_LUA_STATE_H
#define GROVE_LUA_STATE_H

#include <lua.h>
#include "bind.h"

/* Push a new State object on st (not owned: the game owns st). */
lstate *lua_state_push(lua_State *L, gstate *st);

/* Register the State methods (once per Lua state). */
void lua_state_register(lua_State *L);

#endif
