/*
 * host.h — the one place a VM is composed with grove's whole API: what
 * every program and test starts from.
 *
 * The layers below know nothing of each other's upper neighbours: the VM
 * (host/lua/vm.h) is a sandbox with Lua's own libraries, the Lua side
 * (host/lua/api.h) registers the State and component types and builds the
 * `grove` table, the engine (lua_game.h) the Game type and the `games`
 * table. host_new puts them together, as lua.c puts luaL_openlibs on a new
 * state.
 */
#ifndef GROVE_HOST_H
#define GROVE_HOST_H

#include "vm.h"

/* A VM searching `datadir` (and GROVE_PATH, see vm_new) whose sandboxes
 * see `grove` and whose trusted environments also see `games`. NULL on no
 * memory. Free it with vm_free. vm_like makes another like it (a bot
 * thinking on several threads), composed the same way. */
grove_vm *host_new(const char *datadir);

#endif
