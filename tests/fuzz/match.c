/*
 * match.c — fuzz target: grove's own pattern matcher against Lua's.
 *
 * The sandbox's string.find, match, gmatch and gsub are grove's own
 * (host/lua/safe_string.c), bounded by the instruction budget; wherever
 * they finish they must give exactly what Lua 5.4's own give, errors
 * included. tests/host/test_match.c checks that on generated cases; this
 * target lets libFuzzer choose the subjects and patterns.
 *
 * Input: byte 0 picks the function (b % 4: find, match, gmatch, gsub) and
 * its other arguments (b / 4: find's init and plain flag, match's and
 * gmatch's init, gsub's replacement and count; compare_stock.lua's
 * `given`); byte 1 the subject's length (b % (what is left + 1)); then
 * the subject and, after it, the pattern (NUL bytes allowed in both).
 *
 * What must hold (else fuzz_fail aborts):
 * - where grove's matcher finishes within CASE_BUDGET, Lua's gives the
 *   same results or the same error (a case grove's stops at the budget is
 *   one Lua's would backtrack on as long: skipped, as test_match.c does);
 * - nothing else goes wrong in the comparing script;
 * - the Lua stack is balanced.
 */
#include <lauxlib.h>
#include <stdio.h>
#include <string.h>

#include "fuzz.h"

#define CASE_BUDGET 200000L

static const char *const functions[] = { "find", "match", "gmatch", "gsub" };

/* compare_stock.lua's `given` and Lua's own functions, kept in the VM's
 * registry (a fresh VM, FUZZ_FRESH_VM, loads them again) */
#define REGISTRY_KEY "grove fuzz match"

/* Push { given = ..., stock = ... }, loading it on a VM's first input. */
static void push_compare(grove_vm *vm)
{
    lua_State *L = vm->L;
    if (lua_getfield(L, LUA_REGISTRYINDEX, REGISTRY_KEY) == LUA_TTABLE) return;
    lua_pop(L, 1);
    char path[4096];
    if (!vm_find(vm, "tests/fixtures/compare_stock.lua", path, sizeof path))
        fuzz_fail("tests/fixtures/compare_stock.lua is not on the search path (GROVE_DATA)");
    lua_newtable(L);                                    /* what is kept */
    vm_push_trusted(vm);
    if (vm_loadfile(vm, path, -1) != LUA_OK) fuzz_fail("%s", lua_tostring(L, -1));
    lua_remove(L, -2);
    if (vm_call_budget(vm, 0, 1, NULL, 0) != LUA_OK) fuzz_fail("%s", lua_tostring(L, -1));
    lua_getfield(L, -1, "given");
    lua_setfield(L, -3, "given");
    lua_getfield(L, -1, "stock");
    lua_remove(L, -2);
    lua_newtable(L);
    for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++) {
        lua_pushfstring(L, "string.%s", functions[i]);
        vm_push_stock(vm, "string", functions[i]);
        if (!lua_iscfunction(L, -1)) fuzz_fail("no stock string.%s", functions[i]);
        lua_settable(L, -3);
    }
    if (vm_call_budget(vm, 1, 1, NULL, 0) != LUA_OK) fuzz_fail("%s", lua_tostring(L, -1));
    lua_setfield(L, -2, "stock");
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, REGISTRY_KEY);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    grove_vm *vm = fuzz_vm();
    lua_State *L = vm->L;
    int top = lua_gettop(L);
    size_t rest = size - 2, len = data[1] % (rest + 1);
    const char *subject = (const char *)data + 2, *pattern = subject + len;
    push_compare(vm);
    lua_getfield(L, -1, "given");
    lua_getfield(L, -2, "stock");
    lua_remove(L, -3);
    lua_pushfstring(L, "string.%s", functions[data[0] % 4]);
    lua_pushlstring(L, subject, len);
    lua_pushlstring(L, pattern, rest - len);
    lua_pushinteger(L, data[0] / 4);
    if (vm_call_budget(vm, 5, 1, NULL, CASE_BUDGET) != LUA_OK) {
        const char *err = lua_tostring(L, -1);
        if (!err || !strstr(err, "instruction budget exceeded")) fuzz_fail("comparing: %s", err ? err : "(no message)");
    } else if (!lua_isnil(L, -1)) {
        fuzz_fail("grove's matcher and Lua's differ: %s", lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    if (lua_gettop(L) != top) fuzz_fail("the Lua stack went from %d to %d values", top, lua_gettop(L));
    return 0;
}
