/*
 * host.c — composing the VM with the API (host.h).
 */
#include "host.h"

#include <stddef.h>
#include <stdlib.h>

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
    if (!vm) return NULL;
    char err[256];
    if (!vm_protect(vm, open_api, NULL, 0, err, sizeof err)) {
        vm_free(vm);
        return NULL;
    }
    return vm;
}

grove_vm *host_like(const grove_vm *model)
{
    grove_vm *vm = host_new(NULL);
    if (!vm) return NULL;
    for (int i = 0; i < vm->npaths; i++) free(vm->paths[i]);
    vm->npaths = 0;                 /* GROVE_PATH as it was read then: the model's paths */
    for (int i = 0; i < model->npaths; i++)
        if (!vm_add_path(vm, model->paths[i])) { vm_free(vm); return NULL; }
    vm->mem_limit = model->mem_limit;
    vm->budget = model->budget;
    return vm;
}
