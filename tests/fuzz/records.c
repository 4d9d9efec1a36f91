/*
 * records.c — fuzz target: the files `grove replay FILE` reads, a save
 * file or the JSON records of `grove sim --json`, through the entry point
 * of stdlib/grove/replay.lua (main(args, out)), as cmd_replay in
 * repl/main.c calls it: in a trusted environment, without a budget.
 *
 * Input: the bytes of the file (written to a file in a private temporary
 * folder, since main takes a path).
 *
 * What must hold (else fuzz_fail aborts): main returns an exit code (0, 1
 * or 2) and says why through `out` in text; it never raises: a Lua error
 * escaping it is a bug of replay.lua (its message would be the user's only
 * explanation); the Lua stack is as it was.
 */
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static int main_ref = LUA_NOREF;      /* replay.lua's main */
static char path[4200];

/* out(text): what replay.lua tells the user; must be text. */
static int out(lua_State *L)
{
    if (lua_gettop(L) != 1 || lua_type(L, 1) != LUA_TSTRING)
        fuzz_fail("replay.lua's main said something that is not one text (a %s)", luaL_typename(L, 1));
    return 0;
}

static void start(grove_vm *vm)
{
    lua_State *L = vm->L;
    snprintf(path, sizeof path, "%s/record", fuzz_tmpdir());
    vm_push_trusted(vm);
    lua_getfield(L, -1, "require");
    lua_pushliteral(L, "grove.replay");
    if (vm_call_budget(vm, 1, 1, NULL, 0) != LUA_OK) fuzz_fail("require grove.replay: %s", lua_tostring(L, -1));
    if (lua_getfield(L, -1, "main") != LUA_TFUNCTION) fuzz_fail("grove.replay has no main function");
    main_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pop(L, 2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    grove_vm *vm = fuzz_vm();
    lua_State *L = vm->L;
    if (main_ref == LUA_NOREF) start(vm);
    int top = lua_gettop(L);
    FILE *f = fopen(path, "wb");
    if (!f) fuzz_fail("cannot write %s", path);
    if (size && fwrite(data, 1, size, f) != size) fuzz_fail("cannot write %s", path);
    if (fclose(f) != 0) fuzz_fail("cannot write %s", path);

    lua_rawgeti(L, LUA_REGISTRYINDEX, main_ref);
    lua_createtable(L, 1, 0);
    lua_pushstring(L, path);
    lua_rawseti(L, -2, 1);
    lua_pushcfunction(L, out);
    if (vm_call_budget(vm, 2, 1, NULL, 0) != LUA_OK)
        fuzz_fail("replay.lua's main raised an error instead of saying what is wrong: %s", lua_tostring(L, -1));
    int isint;
    lua_Integer rc = lua_tointegerx(L, -1, &isint);
    if (!isint || rc < 0 || rc > 2) fuzz_fail("replay.lua's main returned %s, not an exit code", luaL_tolstring(L, -1, NULL));
    lua_settop(L, top);
    remove(path);
    return 0;
}
