/*
 * host.c — composing the VM with the API (host.h).
 */
#include "host.h"

#include "api.h"
#include "lua_game.h"

static int open_api(lua_State *L)
{
    grove_vm *vm = vm_of(L);
    api_open(L);                    /* State, the components, Out, Cond */
    api_push_grove(L);
    vm_add_global(vm, "grove", true);
    lua_game_open(L);               /* Game, and the games table of tools */
    vm_add_global(vm, "games", false);
    return 0;
}

grove_vm *host_new(const char *datadir)
{
    grove_vm *vm = vm_new(datadir);
    if (vm && !vm_compose(vm, open_api)) {
        vm_free(vm);
        return NULL;
    }
    return vm;
}
