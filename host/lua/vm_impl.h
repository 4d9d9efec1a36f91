/*
 * vm_impl.h — what the VM's files share; private to host/lua/. Calls
 * between them point one way, down this list:
 *   vm_new.c      making a VM of the others, and freeing it
 *   sandbox.c     the search path, loading, the environments
 *   safe_string.c, safe_table.c   the sandbox's bounded libraries
 *   vm.c          the state, its limits, the protected call
 *   watchdog.c    the thread that stops calls from outside
 */
#ifndef GROVE_VM_IMPL_H
#define GROVE_VM_IMPL_H

#include "vm.h"

/* ---- vm.c ---------------------------------------------------------------- */

/* Give thread L the hook the call in progress wants: every 1,000
 * instructions under a budget, every instruction once the budget is spent
 * or the call must stop, none otherwise; plus line events while someone
 * listens (coverage). Leaves a hook that is already right alone, so that
 * its count goes on. */
void vm_sync_hook(grove_vm *vm, lua_State *L);

/* The thread `co` runs from now on (a resume or a close through the
 * sandbox's coroutine functions), with the call's hook; returns the one it
 * replaces, for vm_leave_thread. Raises when VM_MAX_COROUTINES are
 * already nested. */
lua_State *vm_enter_thread(lua_State *L, lua_State *co);
void vm_leave_thread(lua_State *L, lua_State *prev);

/* Does the call in progress have to stop (interrupted, or its budget
 * spent)? Then every instruction raises, and xpcall's handler is not run. */
bool vm_stopping(const grove_vm *vm);

/* From a signal handler in the thread that runs a call: stop that call at
 * its next instruction. `cancel`: Ctrl-C; else the watchdog's stop, if it
 * is still for the call in progress. Async-signal-safe. */
void vm_interrupt_here(bool cancel);

/* vm's Lua state, whose allocator keeps its memory caps, with what the
 * protected call keeps in it; false on no memory. vm_close_state closes
 * it and gives its memory back to the process's cap. */
bool vm_open_state(grove_vm *vm);
void vm_close_state(grove_vm *vm);

/* ---- watchdog.c ----------------------------------------------------------- */

/* What the watchdog calls in the VM, which lies above it: does a Ctrl-C
 * stand (vm_cancelled), and, from its signal handler in the thread that
 * runs a call, stop that call (vm_interrupt_here). */
typedef struct {
    bool (*cancelled)(void);
    void (*interrupt_here)(bool cancel);
} vm_watch_calls;

/* Every VM is known to the watchdog from vm_new to vm_free (false: no
 * memory); the first one tells it `calls`. vm_watch_thread records the
 * thread that runs it, and in vm->thread, so that an outermost call in
 * the same thread as the last one need not call it. */
bool vm_watch_register(grove_vm *vm, const vm_watch_calls *calls);
void vm_watch_unregister(grove_vm *vm);
void vm_watch_thread(grove_vm *vm);

/* ---- sandbox.c and its libraries ------------------------------------------------ */

/* Replace, in the libraries luaL_openlibs opened, every function a script
 * could keep running out of reach of the budget and Ctrl-C by a bounded
 * one (keeping Lua's own for vm_push_stock), then build the sandbox's and
 * the trusted environments' globals in the registry. Once per VM. */
void sandbox_open(grove_vm *vm);

/* Replace, in the library table on top of the stack, the string functions
 * (rep, find, match, gmatch, gsub) and the table functions (concat,
 * insert, remove, move, sort) by bounded ones; a replacement that still
 * calls Lua's own function after checking its cost holds it as upvalue. */
void safe_string_open(lua_State *L);
void safe_table_open(lua_State *L);

#endif
