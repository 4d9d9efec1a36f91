/*
 * replay.c — `grove replay FILE`: a save file or grove sim's records played
 * again under the current rules and checked against their end; --check
 * whether a rule edit changed a position of a save; --html a page stepping
 * through them. stdlib/grove/replay.lua does the work, with the reading and
 * writing of files done here (cli_read_file, outfile.h); its errors go to
 * stderr, its report to stdout (--html -: the page).
 */
#include <lauxlib.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "outfile.h"

static const char usage[] =
    "usage: grove replay FILE [-v] [--check] [--game N] [--html OUT.html]\n"
    "  Play a save file (save FILE at the REPL) or the records of grove sim (--json,\n"
    "  --records, --sweep --json) again under the current rules, with their options,\n"
    "  and check they end where they did. When the rules changed since, it says how\n"
    "  far the moves still play, the first that no longer does and why, and whether\n"
    "  the positions are the saved ones. -v lists the moves; --game N replays only\n"
    "  the N-th record.\n"
    "  --check            for a save: did a rule edit change any position of it? Each\n"
    "                     position is compared, component by component, with the one\n"
    "                     saved (a save made by this grove keeps every position, an\n"
    "                     older one its last); says 'no position changed', or names the\n"
    "                     first move after which a position differs and where\n"
    "  --html OUT.html    write one self-contained page that steps through every\n"
    "                     position of the save (or of record N, default the first;\n"
    "                     '-': to the standard output):\n"
    "                     next/previous, a slider, the moves with what the rules said,\n"
    "                     the viewer chosen at the top\n"
    "  Exit status 0 when everything replays (and with --check, no position changed),\n"
    "  1 when something does not.\n";

/* read(path) for replay.lua: the file's text, or nil and why (through
 * cli_read_file: no device, pipe, folder or file beyond any record's size) */
static int push_text(lua_State *L)
{
    lua_pushstring(L, lua_touserdata(L, 1));
    return 1;
}

static int l_read_file(lua_State *L)
{
    char err[PATH_MAX + 128];
    char *text = cli_read_file(luaL_checkstring(L, 1), err, sizeof err);
    if (!text) {
        luaL_pushfail(L);
        lua_pushstring(L, err);
        return 2;
    }
    /* pushed in a protected call, so that the text is freed when there is
       no memory for its copy */
    lua_pushcfunction(L, push_text);
    lua_pushlightuserdata(L, text);
    int status = lua_pcall(L, 1, 1, 0);
    free(text);
    return status == LUA_OK ? 1 : lua_error(L);
}

/* write(path, text) -> true, or nil and why: the --html page written whole
 * or not at all, as every file grove writes (outfile.h). */
static int l_write_whole(lua_State *L)
{
    size_t len;
    const char *path = luaL_checkstring(L, 1);
    const char *text = luaL_checklstring(L, 2, &len);
    char err[1024];
    if (outfile_write(path, text, len, err, sizeof err)) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushnil(L);
    lua_pushstring(L, err);
    return 2;
}

/* err(line): an error, to stderr (the report's lines go to stdout). */
static int l_error_line(lua_State *L)
{
    fflush(stdout);
    fprintf(stderr, "%s\n", luaL_checkstring(L, 1));
    return 0;
}

/* grove replay FILE: stdlib/grove/replay.lua does the work. */
static int cmd_replay(int argc, char **argv)
{
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    lua_State *L = vm->L;
    vm_push_trusted(vm);
    lua_getfield(L, -1, "require");
    lua_pushliteral(L, "grove.replay");
    int rc = 1;
    if (vm_call_budget(vm, 1, 1, NULL, 0) != LUA_OK) {
        fprintf(stderr, "grove replay: %s\n", lua_tostring(L, -1));
        vm_free(vm);
        return 1;
    }
    lua_getfield(L, -1, "main");
    lua_createtable(L, argc, 0);
    for (int i = 2; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - 1);
    }
    lua_pushnil(L);                                     /* out: print */
    lua_pushcfunction(L, l_read_file);                  /* read: cli_read_file's checks */
    char page[PATH_MAX];                                /* the --html page's template */
    if (vm_find(vm, "serve/page/replay.html", page, sizeof page)) lua_pushstring(L, page);
    else lua_pushnil(L);
    lua_pushcfunction(L, l_write_whole);
    lua_pushcfunction(L, l_error_line);
    if (vm_call_budget(vm, 6, 1, NULL, 0) != LUA_OK) fprintf(stderr, "grove replay: %s\n", lua_tostring(L, -1));
    else rc = (int)lua_tointeger(L, -1);
    vm_free(vm);
    return rc;
}

/* `grove replay`: its row of the table of subcommands (main.c). */
const cli_command command_replay = {
    .name = "replay",
    .synopsis =
        "  grove replay FILE [-v] [--check] [--game N] [--html OUT.html]\n"
        "                          play a save file or sim's records again and check the end;\n"
        "                          --check: did a rule edit change a position of a save;\n"
        "                          --html writes a page that steps through every position\n",
    .usage = usage,
    .run = cmd_replay,
};
