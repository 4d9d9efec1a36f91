/*
 * run.c — `grove run FILE.lua [ARGS...]`: a Lua script run with the host
 * API and, unlike rule scripts, io and os: it is trusted.
 */
#include <lauxlib.h>
#include <stdio.h>

#include "cli.h"

static const char usage[] =
    "usage: grove run FILE.lua [ARGS...]\n"
    "  Run a Lua script with the host API (games.open, ...) and, unlike rule scripts,\n"
    "  io and os: it is trusted. ARGS are in arg[1], arg[2], ... (arg[0]: the file).\n";

static int cmd_run(int argc, char **argv)
{
    if (argc < 3) { fprintf(stderr, "usage: grove run FILE.lua [ARGS...]\n"); return 2; }
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    lua_State *L = vm->L;
    vm_push_trusted(vm);
    int env = lua_gettop(L);
    lua_createtable(L, argc - 3, 1);
    for (int i = 2; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - 2);
    }
    lua_setfield(L, env, "arg");
    int rc = 0;
    if (vm_loadfile(vm, argv[2], env) != LUA_OK || vm_call_budget(vm, 0, 0, NULL, 0) != LUA_OK) {
        fprintf(stderr, "grove: %s\n", lua_tostring(L, -1));
        rc = 1;
    }
    vm_free(vm);
    return rc;
}

/* `grove run`: its row of the table of subcommands (main.c);
 * --help counts only as its first argument: the rest are the script's. */
const cli_command command_run = {
    .name = "run",
    .synopsis =
        "  grove run FILE.lua [ARGS...]\n"
        "                          run a Lua script with the host API (trusted: io, os)\n",
    .usage = usage,
    .run = cmd_run,
    .help_first = true,
};
