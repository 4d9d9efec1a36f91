/*
 * vm.c — the Lua state for rule scripts: the allocator with a memory cap,
 * the instruction budget and Ctrl-C, and the protected call every hook goes
 * through (vm_call). The environments scripts run in are sandbox.c's, the
 * watchdog of long runs watchdog.c's.
 */
#include "vm_impl.h"

#include <ctype.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HOOK_STEP 1000          /* instructions between budget checks */

grove_vm *vm_of(lua_State *L)
{
    return *(grove_vm **)lua_getextraspace(L);
}

/* ---- allocator ---------------------------------------------------------- */

static void *vm_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    grove_vm *vm = ud;
    if (ptr == NULL) osize = 0;
    if (nsize == 0) {
        free(ptr);
        vm->mem_used -= osize;
        return NULL;
    }
    if (nsize > osize) {
        if (vm->mem_used + (nsize - osize) > vm->mem_limit) return NULL;
        /* the OOM tests: the Nth growth from now and every one after it fail
         * (Lua retries a failed allocation after a full collection) */
        if (vm->fail_after == 1) return NULL;
        if (vm->fail_after > 1) vm->fail_after--;
    }
    void *p = realloc(ptr, nsize);
    if (!p) return NULL;
    if (!ptr) vm->allocs++;
    vm->mem_used = vm->mem_used - osize + nsize;
    return p;
}

/* ---- instruction budget ------------------------------------------------- */

/* Raise msg from inside a hook, naming the line that was running. */
static void hook_error(lua_State *L, const char *msg)
{
    lua_Debug ar;
    if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0)
        luaL_error(L, "%s:%d: %s", ar.short_src, ar.currentline, msg);
    luaL_error(L, "%s", msg);
}

static void budget_hook(lua_State *L, lua_Debug *ar);

/* Ctrl-C: every VM of the process is asked to stop (see vm_cancel_all). */
static volatile sig_atomic_t cancel_all;

void vm_set_hook(lua_State *L, grove_vm *vm, int count)
{
    int mask = (count > 0 ? LUA_MASKCOUNT : 0) | (vm->line_fn ? LUA_MASKLINE : 0);
    if (mask) lua_sethook(L, budget_hook, mask, count);
    else lua_sethook(L, NULL, 0, 0);
}

static void budget_hook(lua_State *L, lua_Debug *ar)
{
    grove_vm *vm = vm_of(L);
    if (ar->event == LUA_HOOKLINE) {
        if (vm->line_fn) vm->line_fn(vm->line_ctx, L, ar);
        return;
    }
    if (cancel_all && !vm->interrupted) {
        vm->stop_reason = NULL;
        vm->interrupted = 1;
    }
    if (vm->interrupted) {
        /* fire again at every instruction so a pcall cannot swallow it */
        vm_set_hook(L, vm, 1);
        vm->budget_left = 0;
        hook_error(L, vm->stop_reason ? vm->stop_reason : "interrupted");
    }
    if (vm->cur_budget <= 0) {            /* unlimited: only here for interrupts */
        vm_set_hook(L, vm, 0);
        return;
    }
    vm->budget_left -= HOOK_STEP;
    if (vm->budget_left <= 0) {
        vm_set_hook(L, vm, 1);
        char msg[128];
        snprintf(msg, sizeof msg, "instruction budget exceeded (%ld instructions): an endless loop?", vm->cur_budget);
        hook_error(L, msg);
    }
}

void vm_cancel_all(void)
{
    cancel_all = 1;
}

bool vm_cancelled(void)
{
    return cancel_all != 0;
}

void vm_cancel_clear(void)
{
    cancel_all = 0;
}

void vm_listen_lines(grove_vm *vm, vm_line_fn fn, void *ctx)
{
    vm->line_fn = fn;
    vm->line_ctx = ctx;
    vm_set_hook(vm->L, vm, 0);
}

static bool has_position(const char *msg)
{
    const char *colon = strchr(msg, ':');
    if (!colon || colon == msg || !isdigit((unsigned char)colon[1])) return false;
    const char *p = colon + 1;
    while (isdigit((unsigned char)*p)) p++;
    return *p == ':';
}

/* The message handler: keep the message, naming the script line when the
 * error came from inside Lua itself with none (a yield outside a
 * coroutine); name non-string errors. */
static int msgh(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TSTRING) {
        lua_Debug ar;
        if (!has_position(lua_tostring(L, 1)) && lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar)
            && ar.what[0] == 'C' && lua_getstack(L, 2, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, lua_tostring(L, 1));
        }
        return 1;
    }
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    return 1;
}

static const char KEY_OOM = 0;
#define OOM_MESSAGE "out of memory"

typedef struct { int status; const char *what; int cap_mib; } error_ctx;

/* (error object, ctx) -> "WHAT: message" */
static int word_error(lua_State *L)
{
    const error_ctx *c = lua_touserdata(L, 2);
    const char *msg = lua_tostring(L, 1);
    if (c->status == LUA_ERRMEM) lua_pushfstring(L, OOM_MESSAGE " (the cap is %d MiB)", c->cap_mib);
    else lua_pushstring(L, msg ? msg : "error");
    if (c->what) lua_pushfstring(L, "%s: %s", c->what, lua_tostring(L, -1));
    return 1;
}

int vm_call_budget(grove_vm *vm, int nargs, int nresults, const char *what, long budget)
{
    lua_State *L = vm->L;
    int base = lua_gettop(L) - nargs;            /* the function's index */
    lua_pushcfunction(L, msgh);
    lua_insert(L, base);
    long saved_budget = vm->cur_budget, saved_left = vm->budget_left;
    vm->cur_budget = budget;
    vm->budget_left = budget;
    if (vm->depth++ == 0) vm->interrupted = 0;
    if (budget > 0) vm_set_hook(L, vm, HOOK_STEP);
    else if (!vm->interrupted) vm_set_hook(L, vm, 0);
    int status = lua_pcall(L, nargs, nresults, base);
    vm->depth--;
    vm->cur_budget = saved_budget;
    vm->budget_left = saved_left;
    if (vm->depth == 0) vm->interrupted = 0;
    if (vm->interrupted) vm_set_hook(L, vm, 1);
    else if (saved_budget > 0) vm_set_hook(L, vm, HOOK_STEP);
    else vm_set_hook(L, vm, 0);
    lua_remove(L, base);
    if (status != LUA_OK) {
        /* word the message in a protected call: with no memory left even
         * that fails, and the message kept in the registry is said */
        error_ctx c = { status, what, (int)(vm->mem_limit >> 20) };
        lua_pushcfunction(L, word_error);
        lua_insert(L, -2);
        lua_pushlightuserdata(L, &c);
        if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
            lua_pop(L, 1);
            lua_rawgetp(L, LUA_REGISTRYINDEX, &KEY_OOM);
        }
    }
    return status;
}

int vm_call(grove_vm *vm, int nargs, int nresults, const char *what)
{
    return vm_call_budget(vm, nargs, nresults, what, vm->budget);
}

bool vm_protect(grove_vm *vm, lua_CFunction body, void *ctx, int nres, char *err, size_t errlen)
{
    lua_State *L = vm->L;
    lua_pushcfunction(L, body);
    lua_pushlightuserdata(L, ctx);
    int status = lua_pcall(L, 1, nres, 0);
    if (status == LUA_OK) return true;
    if (status == LUA_ERRMEM) snprintf(err, errlen, "out of memory");
    else snprintf(err, errlen, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "error");
    lua_pop(L, 1);
    return false;
}

/* ---- life ---------------------------------------------------------------- */

static int vm_init(lua_State *L)
{
    grove_vm *vm = lua_touserdata(L, 1);
    lua_pushliteral(L, OOM_MESSAGE);         /* kept, so that saying it needs no memory */
    lua_rawsetp(L, LUA_REGISTRYINDEX, &KEY_OOM);
    luaL_openlibs(L);
    lua_gc(L, LUA_GCGEN, 0, 0);    /* rule scripts make short-lived garbage */
    sandbox_open(vm);
    return 0;
}

grove_vm *vm_new(const char *datadir)
{
    grove_vm *vm = calloc(1, sizeof *vm);
    if (!vm) return NULL;
    vm->mem_limit = VM_DEFAULT_MEMORY;
    vm->budget = VM_DEFAULT_BUDGET;
    vm->L = lua_newstate(vm_alloc, vm);
    if (!vm->L) { free(vm); return NULL; }
    *(grove_vm **)lua_getextraspace(vm->L) = vm;
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

void vm_free(grove_vm *vm)
{
    if (!vm) return;
    if (vm->L) lua_close(vm->L);
    for (int i = 0; i < vm->npaths; i++) free(vm->paths[i]);
    free(vm);
}

