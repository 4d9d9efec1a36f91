/*
 * vm_new.c — making a VM and freeing it: the Lua state with its limits
 * (vm.c), known to the watchdog (watchdog.c), with the search path and
 * the sandbox opened (sandbox.c), then composed with what its
 * environments hold beyond Lua's own libraries (vm_compose). The top of
 * the VM's files: it calls down into the others, and none calls it.
 */
#include "vm_impl.h"

#include <lualib.h>
#include <stdlib.h>
#include <string.h>

/* What the watchdog, below the protected call, calls back into. */
static const vm_watch_calls watch_calls = { vm_cancelled, vm_interrupt_here };

static int vm_init(lua_State *L)
{
    grove_vm *vm = lua_touserdata(L, 1);
    luaL_openlibs(L);
    lua_gc(L, LUA_GCGEN, 0, 0);    /* rule scripts make short-lived garbage */
    sandbox_open(vm);
    return 0;
}

/* GROVE_BUDGET: the instructions one call may run (0: no budget). */
static long budget_from_env(void)
{
    const char *env = getenv("GROVE_BUDGET");
    if (!env || !*env) return VM_DEFAULT_BUDGET;
    char *end;
    long v = strtol(env, &end, 10);
    return *end || v < 0 ? VM_DEFAULT_BUDGET : v;
}

grove_vm *vm_new(const char *datadir)
{
    grove_vm *vm = calloc(1, sizeof *vm);
    if (!vm) return NULL;
    vm->mem_limit = VM_DEFAULT_MEMORY;
    vm->budget = budget_from_env();
    vm->watch_reason = "";
    if (!vm_watch_register(vm, &watch_calls)) { free(vm); return NULL; }
    if (!vm_open_state(vm)) { vm_free(vm); return NULL; }
    if (datadir) vm_add_path(vm, datadir);
    const char *gp = getenv("GROVE_PATH");
    if (gp) {
        char *copy = strdup(gp);
        if (copy) {
            char *psave = NULL;
            for (char *tok = strtok_r(copy, ":", &psave); tok; tok = strtok_r(NULL, ":", &psave)) vm_add_path(vm, tok);
            free(copy);
        }
    }
    lua_pushcfunction(vm->L, vm_init);
    lua_pushlightuserdata(vm->L, vm);
    if (lua_pcall(vm->L, 1, 0, 0) != LUA_OK) {
        vm_free(vm);
        return NULL;
    }
    return vm;
}

bool vm_compose(grove_vm *vm, lua_CFunction compose)
{
    char err[256];
    if (!vm_protect(vm, compose, NULL, 0, err, sizeof err)) return false;
    vm->compose = compose;
    return true;
}

grove_vm *vm_like(const grove_vm *model)
{
    grove_vm *vm = vm_new(NULL);
    if (!vm) return NULL;
    for (int i = 0; i < vm->npaths; i++) free(vm->paths[i]);
    vm->npaths = 0;                 /* GROVE_PATH as it was read then: the model's paths */
    for (int i = 0; i < model->npaths; i++)
        if (!vm_add_path(vm, model->paths[i])) { vm_free(vm); return NULL; }
    vm->mem_limit = model->mem_limit;
    vm->budget = model->budget;
    if (model->compose && !vm_compose(vm, model->compose)) { vm_free(vm); return NULL; }
    return vm;
}

void vm_free(grove_vm *vm)
{
    if (!vm) return;
    vm_close_state(vm);
    vm_watch_unregister(vm);
    for (int i = 0; i < vm->npaths; i++) free(vm->paths[i]);
    free(vm);
}
