/*
 * vm_impl.h — what the VM's files share (vm.c, sandbox.c, watchdog.c);
 * private to host/lua/.
 */
#ifndef GROVE_VM_IMPL_H
#define GROVE_VM_IMPL_H

#include "vm.h"

/* Install the hook for a budget of `count` instructions between checks
 * (0: none), plus line events while someone listens (coverage); count 1
 * makes an interrupt fire at the next instruction, so a pcall cannot
 * swallow it. (vm.c) */
void vm_set_hook(lua_State *L, grove_vm *vm, int count);

/* Build the sandbox's and the trusted environments' globals in the
 * registry, once per VM, from the libraries luaL_openlibs opened.
 * (sandbox.c) */
void sandbox_open(grove_vm *vm);

#endif
