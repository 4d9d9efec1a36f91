/*
 * lua_json.h — the `json` table of trusted environments (grove replay,
 * grove run, tests, the REPL's prompt; not rule scripts): json.decode and
 * json.encode on the host's one JSON reader and writer (host/core/json.h).
 */
#ifndef GROVE_LUA_JSON_H
#define GROVE_LUA_JSON_H

#include <lua.h>

/* Add the `json` table (decode, encode) to the trusted environments of
 * the VM of L (vm_add_global). */
void lua_json_open(lua_State *L);

#endif
