/*
 * sandbox.c — what a script can reach: the search path and loading text
 * chunks (named by their path), and the environments it runs in. A
 * sandbox holds an allow-list of Lua's base library, copies of string,
 * table, utf8, coroutine and math (random on the game's own generator),
 * read-only, its own require over the game's folder and stdlib/, and what
 * the host adds (vm_add_global: `grove`); a trusted environment, for tools,
 * adds io, os, full load and the tools' globals (`games`).
 */
#include "vm_impl.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "state.h"

#define LOCKED "locked"         /* the __metatable of read-only tables */

/* Registry keys (their addresses are the keys). */
static const char KEY_SAFE = 0;       /* table: the sandbox's globals */
static const char KEY_TRUSTED = 0;    /* table: extra globals of tools */
static const char KEY_PAIRS = 0;      /* table: the reordered pairs' settings and sites */

/* ---- search path and loading -------------------------------------------- */

bool vm_add_path(grove_vm *vm, const char *dir)
{
    if (vm->npaths == VM_MAX_PATHS || !dir || !*dir) return false;
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/') n--;
    char *p = malloc(n + 1);
    if (!p) return false;
    memcpy(p, dir, n);
    p[n] = '\0';
    vm->paths[vm->npaths++] = p;
    return true;
}

static bool is_file(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

bool vm_is_file(const char *path)
{
    return is_file(path);
}

static bool is_dir(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

bool vm_find(grove_vm *vm, const char *rel, char *out, size_t outlen)
{
    for (int i = 0; i < vm->npaths; i++) {
        int n = snprintf(out, outlen, "%s/%s", vm->paths[i], rel);
        if (n > 0 && (size_t)n < outlen && (is_file(out) || is_dir(out))) return true;
    }
    return false;
}

bool vm_find_game(grove_vm *vm, const char *name, char *out, size_t outlen)
{
    /* each folder of the search path, then the working directory, the same
     * way: its scripts/NAME/, then its NAME/, the first holding game.lua */
    char here[PATH_MAX], file[PATH_MAX + 16];
    for (int i = 0; i <= vm->npaths; i++) {
        const char *place = i < vm->npaths ? vm->paths[i] : getcwd(here, sizeof here);
        for (int direct = 0; place && direct < 2; direct++) {
            int n = snprintf(out, outlen, direct ? "%s/%s" : "%s/scripts/%s", place, name);
            if (n <= 0 || (size_t)n >= outlen || (size_t)n + 10 > sizeof file) continue;
            snprintf(file, sizeof file, "%s/game.lua", out);
            if (is_file(file)) return true;
        }
    }
    return false;
}

/* The chunk name of path: relative to the search path entry holding it,
 * or to the working directory. */
static void chunk_name(grove_vm *vm, const char *path, char *out, size_t outlen)
{
    for (int i = 0; i < vm->npaths; i++) {
        size_t n = strlen(vm->paths[i]);
        if (strncmp(path, vm->paths[i], n) == 0 && path[n] == '/') {
            snprintf(out, outlen, "@%s", path + n + 1);
            return;
        }
    }
    char here[PATH_MAX];
    size_t n = getcwd(here, sizeof here) ? strlen(here) : 0;
    if (n && strncmp(path, here, n) == 0 && path[n] == '/') path += n + 1;
    snprintf(out, outlen, "@%s", path);
}

typedef struct { FILE *f; uint64_t *print; char buf[4096]; } file_reader;

/* Reads a file for lua_load, folding its bytes into the VM's source
 * fingerprint (save files record the rules' fingerprint). */
static const char *read_file_chunk(lua_State *L, void *ud, size_t *size)
{
    (void)L;
    file_reader *r = ud;
    *size = fread(r->buf, 1, sizeof r->buf, r->f);
    uint64_t h = *r->print;
    for (size_t i = 0; i < *size; i++) { h ^= (uint8_t)r->buf[i]; h *= 0x100000001b3ULL; }
    *r->print = h;
    return *size ? r->buf : NULL;
}

int vm_loadfile(grove_vm *vm, const char *path, int env)
{
    lua_State *L = vm->L;
    env = lua_absindex(L, env);
    file_reader *r = malloc(sizeof *r);
    if (!r) { lua_pushstring(L, "out of memory"); return LUA_ERRMEM; }
    r->print = &vm->source_print;
    r->f = fopen(path, "rb");
    if (!r->f) {
        lua_pushfstring(L, "cannot open %s: %s", path, strerror(errno));
        free(r);
        return LUA_ERRFILE;
    }
    char name[1024];
    chunk_name(vm, path, name, sizeof name);
    int status = lua_load(L, read_file_chunk, r, name, "t");
    fclose(r->f);
    free(r);
    if (status != LUA_OK) return status;
    lua_pushvalue(L, env);
    lua_setupvalue(L, -2, 1);           /* the chunk's _ENV */
    return LUA_OK;
}

/* ---- environments ------------------------------------------------------- */

static int locked_newindex(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TSTRING)
        return luaL_error(L, "cannot assign '%s': this table is read-only", lua_tostring(L, 2));
    return luaL_error(L, "cannot assign to a read-only table");
}

/* pairs(view): the viewed table's own pairs */
static int view_next(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    if (lua_next(L, 1)) return 2;
    lua_pushnil(L);
    return 1;
}

static int view_pairs(lua_State *L)
{
    lua_pushcfunction(L, view_next);
    lua_getmetatable(L, 1);
    lua_getfield(L, -1, "__index");           /* [next, mt, table] */
    lua_remove(L, -2);
    lua_pushnil(L);
    return 3;
}

static int view_len(lua_State *L)
{
    lua_getmetatable(L, 1);
    lua_getfield(L, -1, "__index");
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
    return 1;
}

void vm_push_readonly(lua_State *L, int idx, lua_CFunction on_write)
{
    idx = lua_absindex(L, idx);
    lua_newtable(L);                          /* [view] */
    lua_createtable(L, 0, 5);                 /* [view, mt] */
    lua_pushvalue(L, idx);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, on_write ? on_write : locked_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushcfunction(L, view_pairs);
    lua_setfield(L, -2, "__pairs");
    lua_pushcfunction(L, view_len);
    lua_setfield(L, -2, "__len");
    lua_pushstring(L, LOCKED);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);                  /* [view] */
}

static bool is_locked(lua_State *L, int idx)
{
    if (!lua_getmetatable(L, idx)) return false;
    lua_getfield(L, -1, "__metatable");
    bool locked = lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), LOCKED) == 0;
    lua_pop(L, 2);
    return locked;
}

/* rawset that refuses grove's read-only tables. */
static int safe_rawset(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    if (is_locked(L, 1)) return luaL_error(L, "rawset: this table is read-only");
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 1;
}

/* load that accepts text chunks only, in the caller's sandbox by default;
 * parsing is charged to the budget by the chunk's size. */
static int safe_load(lua_State *L)
{
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    const char *name = luaL_optstring(L, 2, "=(load)");
    const char *mode = luaL_optstring(L, 3, "t");
    if (strcmp(mode, "t") != 0) return luaL_error(L, "load: only text chunks are allowed (mode \"t\")");
    vm_charge(L, (long)(len / 16) + 1);
    if (luaL_loadbufferx(L, s, len, name, "t") != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (!lua_isnoneornil(L, 4)) {
        lua_pushvalue(L, 4);
    } else {
        lua_pushvalue(L, lua_upvalueindex(1));     /* the sandbox env */
    }
    lua_setupvalue(L, -2, 1);
    return 1;
}

/* ---- Lua's functions that could escape the budget, replaced -------------------- */

/* setmetatable, refusing __gc: Lua runs finalizers with hooks off, where
 * neither the budget nor Ctrl-C can stop them, and at times no call
 * expects (a later move, a save, closing the state). Otherwise Lua's own
 * (upvalue 1). */
static int safe_setmetatable(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TTABLE && lua_type(L, 1) == LUA_TTABLE
        && luaL_getmetafield(L, 1, "__metatable") == LUA_TNIL) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "setmetatable: __gc is not available (finalizers run where neither the "
                                 "instruction budget nor Ctrl-C can stop them)");
        lua_pop(L, 1);
    }
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

/* xpcall(f, handler, ...): Lua calls the handler where the error is raised,
 * with hooks off when the budget's own hook raised it, so a handler could
 * run for ever. Here f runs in a pcall and the handler afterwards, as any
 * code, under the budget: the same results for every f and handler, but
 * that the handler runs once f's frames are closed. A handler that fails
 * is called again with its own error, as Lua does, up to the depth at
 * which Lua gives up ("error in error handling"); once the call must stop,
 * the handler is not called at all. */
#define XPCALL_RETRIES 200

static int xpcall_done(lua_State *L, int status, lua_KContext ctx)
{
    (void)ctx;
    if (status == LUA_OK || status == LUA_YIELD) return lua_gettop(L) - 2;   /* [f, h, true, results...] */
    /* [f, h, true, error] */
    if (status == LUA_ERRRUN && !vm_stopping(vm_of(L))) {
        int tries = 0;
        for (;;) {
            lua_pushvalue(L, 2);
            lua_insert(L, -2);                           /* [..., h, error] */
            int st = lua_pcall(L, 1, 1, 0);
            if (st == LUA_OK) break;                     /* [..., handled] */
            if (st != LUA_ERRRUN || vm_stopping(vm_of(L))) break;
            if (++tries >= XPCALL_RETRIES) {
                lua_pop(L, 1);
                lua_pushliteral(L, "error in error handling");
                break;
            }
        }
    }
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

static int safe_xpcall(lua_State *L)
{
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushboolean(L, 1);                               /* [f, h, args..., true] */
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);                                 /* [f, h, true, f, args...] */
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 0, 0, xpcall_done);
    return xpcall_done(L, status, 0);
}

/* coroutine.resume and coroutine.close: Lua's own (upvalue 1) on the
 * coroutine, which gets the call's hook (a coroutine has hooks of its own,
 * and one made in a fast run has none) and is the thread a stop is sent
 * to while it runs; nested at most VM_MAX_COROUTINES deep (closing a
 * coroutine that closes another, 200,000 deep, overflows the C stack in
 * Lua 5.4.4). */
static int safe_resume(lua_State *L)
{
    lua_CFunction stock = lua_tocfunction(L, lua_upvalueindex(1));
    lua_State *co = lua_tothread(L, 1);
    if (!co) return stock(L);                            /* raises: not a coroutine */
    lua_State *prev = vm_enter_thread(L, co);
    int n = stock(L);                                    /* reports any error as results */
    vm_leave_thread(L, prev);
    return n;
}

static int safe_close(lua_State *L)
{
    lua_CFunction stock = lua_tocfunction(L, lua_upvalueindex(1));
    lua_State *co = lua_tothread(L, 1);
    lua_Debug ar;
    /* a running or normal coroutine: Lua's own raises */
    if (!co || co == L || (lua_status(co) == LUA_OK && lua_getstack(co, 0, &ar))) return stock(L);
    lua_State *prev = vm_enter_thread(L, co);
    int n = stock(L);
    vm_leave_thread(L, prev);
    return n;
}

/* A function coroutine.wrap made: upvalues (1) the coroutine, (2) Lua's
 * coroutine.resume. As Lua's: the results, or the coroutine's error raised
 * again (after closing its to-be-closed variables), a string one with the
 * caller's position in front. */
static int wrap_call(lua_State *L)
{
    lua_CFunction resume = lua_tocfunction(L, lua_upvalueindex(2));
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);                                    /* [co, args...] */
    lua_State *prev = vm_enter_thread(L, co);
    int n = resume(L);                                   /* [co, true, results...] or [co, false, error] */
    if (lua_toboolean(L, -n)) {
        vm_leave_thread(L, prev);
        return n - 1;
    }
    int status = lua_status(co);
    if (status != LUA_OK && status != LUA_YIELD) {       /* an error in the coroutine */
        status = lua_resetthread(co);
        lua_pop(L, 1);
        lua_xmove(co, L, 1);                             /* the error, once closed */
    }
    vm_leave_thread(L, prev);
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int safe_wrap(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);                                 /* [f, co] */
    lua_pushvalue(L, lua_upvalueindex(1));               /* [f, co, resume] */
    lua_pushcclosure(L, wrap_call, 2);
    return 1;
}

/* In the table on top, replace field `name` by fn with Lua's own as its
 * upvalue. */
static void replace_with_stock(lua_State *L, const char *name, lua_CFunction fn)
{
    lua_getfield(L, -1, name);
    lua_pushcclosure(L, fn, 1);
    lua_setfield(L, -2, name);
}

static const char KEY_STOCK = 0;     /* registry: {lib = {name = Lua's own function}} */

/* Keep a copy of each library Lua opened, with its own functions, for
 * vm_push_stock. */
static void keep_stock(lua_State *L)
{
    static const char *const libs[] = { "string", "table", "coroutine", "_G", NULL };
    lua_newtable(L);                                     /* [stock] */
    for (const char *const *l = libs; *l; l++) {
        lua_getglobal(L, *l);
        lua_newtable(L);                                 /* [stock, lib, copy] */
        lua_pushnil(L);
        while (lua_next(L, -3)) {
            if (lua_type(L, -1) == LUA_TFUNCTION) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, -4);
            } else {
                lua_pop(L, 1);
            }
        }
        lua_setfield(L, -3, *l);
        lua_pop(L, 1);
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &KEY_STOCK);
}

void vm_push_stock(grove_vm *vm, const char *lib, const char *name)
{
    lua_State *L = vm->L;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &KEY_STOCK);
    if (lua_getfield(L, -1, lib) == LUA_TTABLE) lua_getfield(L, -1, name);
    else lua_pushnil(L);
    lua_replace(L, -3);
    lua_pop(L, 1);
}

/* Replace, where Lua opened them, the functions a script could keep
 * running out of reach of the budget and Ctrl-C; string.dump goes. */
static void harden_libs(lua_State *L)
{
    lua_pushglobaltable(L);
    replace_with_stock(L, "setmetatable", safe_setmetatable);
    lua_pushcfunction(L, safe_xpcall);
    lua_setfield(L, -2, "xpcall");
    lua_pop(L, 1);
    lua_getglobal(L, "coroutine");
    lua_getfield(L, -1, "resume");                       /* [coroutine, Lua's resume] */
    lua_pushcclosure(L, safe_wrap, 1);
    lua_setfield(L, -2, "wrap");
    replace_with_stock(L, "resume", safe_resume);
    replace_with_stock(L, "close", safe_close);
    lua_pop(L, 1);
    lua_getglobal(L, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    safe_string_open(L);
    lua_pop(L, 1);
    lua_getglobal(L, "table");
    safe_table_open(L);
    lua_pop(L, 1);
}

static int undeclared_global(lua_State *L)
{
    static const char *const withheld[] = {
        "os", "io", "debug", "package", "dofile", "loadfile", NULL,
    };
    const char *name = luaL_tolstring(L, 2, NULL);
    for (const char *const *w = withheld; *w; w++)
        if (strcmp(name, *w) == 0)
            return luaL_error(L, "'%s' is not available to rule scripts (they run in a sandbox: "
                                 "no io, os, debug or package)", name);
    return luaL_error(L, "undeclared global '%s'", name);
}

static int global_assign(lua_State *L)
{
    return luaL_error(L, "assignment to global '%s': declare it local (rule scripts keep "
                         "state in host components)", luaL_tolstring(L, 2, NULL));
}

/* require for a sandbox: upvalues (1) the env, (2) the loaded table, (3) the
 * game's folder or nil. Modules are text files found on the search path:
 * "grove.game" is stdlib/grove/game.lua; a game's own "rules" is
 * GAMEDIR/rules.lua. */
static int safe_require(lua_State *L)
{
    grove_vm *vm = vm_of(L);
    const char *name = luaL_checkstring(L, 1);
    lua_settop(L, 1);
    lua_getfield(L, lua_upvalueindex(2), name);
    if (!lua_isnil(L, -1)) return 1;
    lua_pop(L, 1);
    if (!*name || strstr(name, "..") || strchr(name, '/') || strchr(name, '\\') || name[0] == '.')
        return luaL_error(L, "require: bad module name '%s'", name);
    char rel[512], path[2048];
    snprintf(rel, sizeof rel, "%s", name);
    for (char *p = rel; *p; p++) if (*p == '.') *p = '/';
    bool found = false;
    if (lua_type(L, lua_upvalueindex(3)) == LUA_TSTRING) {
        snprintf(path, sizeof path, "%s/%s.lua", lua_tostring(L, lua_upvalueindex(3)), rel);
        found = is_file(path);
    }
    if (!found) {
        char srel[600];
        snprintf(srel, sizeof srel, "stdlib/%s.lua", rel);
        found = vm_find(vm, srel, path, sizeof path);
    }
    if (!found) return luaL_error(L, "module '%s' not found (looked in the game's folder and stdlib/)", name);
    if (vm_loadfile(vm, path, lua_upvalueindex(1)) != LUA_OK) return lua_error(L);
    lua_pushstring(L, name);
    lua_call(L, 1, 1);
    if (lua_isnil(L, -1)) { lua_pop(L, 1); lua_pushboolean(L, 1); }
    lua_pushvalue(L, -1);
    lua_setfield(L, lua_upvalueindex(2), name);
    return 1;
}

/* math.random on the current game's generator (or a fixed one outside games). */
static int safe_random(lua_State *L)
{
    grove_vm *vm = vm_of(L);
    static _Thread_local rng_t fallback = { 0x853c49e6748fea9bULL, 0xda3e39cb94b95bdbULL };
    rng_t *r = vm->current ? state_rng(vm->current) : &fallback;
    lua_Integer lo, hi;
    switch (lua_gettop(L)) {
    case 0:
        lua_pushnumber(L, (lua_Number)rng_double(r));
        return 1;
    case 1: lo = 1; hi = luaL_checkinteger(L, 1); break;
    case 2: lo = luaL_checkinteger(L, 1); hi = luaL_checkinteger(L, 2); break;
    default: return luaL_error(L, "math.random: wrong number of arguments");
    }
    luaL_argcheck(L, lo <= hi, lua_gettop(L), "interval is empty");
    luaL_argcheck(L, (lua_Unsigned)hi - (lua_Unsigned)lo < 0xffffffffULL, lua_gettop(L), "interval too large");
    lua_pushinteger(L, (lua_Integer)rng_range(r, lo, hi));
    return 1;
}

static int safe_randomseed(lua_State *L)
{
    return luaL_error(L, "math.randomseed is not available: chance comes from the game's seed");
}

static int safe_collectgarbage(lua_State *L)
{
    const char *opt = luaL_optstring(L, 1, "collect");
    if (strcmp(opt, "count") == 0) {
        lua_pushnumber(L, (lua_Number)lua_gc(L, LUA_GCCOUNT, 0) + lua_gc(L, LUA_GCCOUNTB, 0) / 1024.0);
        return 1;
    }
    return luaL_error(L, "collectgarbage(\"%s\") is not available to rule scripts", opt);
}

/* Copy the named fields of the global table `lib` into a new table; push it. */
static void push_lib_copy(lua_State *L, const char *lib, const char *const *skip)
{
    lua_getglobal(L, lib);
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, -3)) {
        bool skipped = false;
        if (lua_type(L, -2) == LUA_TSTRING)
            for (const char *const *s = skip; s && *s; s++)
                if (strcmp(lua_tostring(L, -2), *s) == 0) skipped = true;
        if (skipped) { lua_pop(L, 1); continue; }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lua_remove(L, -2);
}

/* Build the table of safe globals once per VM, in the registry. */
void sandbox_open(grove_vm *vm)
{
    lua_State *L = vm->L;
    keep_stock(L);
    harden_libs(L);
    static const char *const base[] = {
        "assert", "error", "ipairs", "next", "pairs", "pcall", "print", "rawequal",
        "rawget", "rawlen", "select", "setmetatable", "getmetatable", "tonumber",
        "tostring", "type", "xpcall", "_VERSION", NULL,
    };
    lua_newtable(L);                                   /* [safe] */
    for (const char *const *b = base; *b; b++) {
        lua_getglobal(L, *b);
        lua_setfield(L, -2, *b);
    }
    lua_pushcfunction(L, safe_rawset);
    lua_setfield(L, -2, "rawset");
    lua_pushcfunction(L, safe_collectgarbage);
    lua_setfield(L, -2, "collectgarbage");

    static const char *const libs[] = { "string", "table", "utf8", "coroutine", NULL };
    for (const char *const *l = libs; *l; l++) {
        push_lib_copy(L, *l, NULL);
        vm_push_readonly(L, -1, NULL);
        lua_setfield(L, -3, *l);
        lua_pop(L, 1);
    }
    push_lib_copy(L, "math", NULL);
    lua_pushcfunction(L, safe_random);
    lua_setfield(L, -2, "random");
    lua_pushcfunction(L, safe_randomseed);
    lua_setfield(L, -2, "randomseed");
    vm_push_readonly(L, -1, NULL);
    lua_setfield(L, -3, "math");
    lua_pop(L, 1);

    lua_rawsetp(L, LUA_REGISTRYINDEX, &KEY_SAFE);

    /* Strings' metatable must not lead to the string table itself (which,
     * hardened above, holds what the sandbox's copy holds: no dump). */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);

    lua_newtable(L);                                   /* [trusted extras] */
    static const char *const tool_libs[] = { "io", "os", NULL };
    for (const char *const *l = tool_libs; *l; l++) {
        lua_getglobal(L, *l);
        lua_setfield(L, -2, *l);
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &KEY_TRUSTED);
}

/* Push an environment: an empty table whose reads fall through to `safe`
 * (and `extra` if given) and whose writes go to itself unless `strict`. */
static void push_env(grove_vm *vm, const char *gamedir, bool strict, bool trusted)
{
    lua_State *L = vm->L;
    lua_newtable(L);                                   /* [env] */
    int env = lua_gettop(L);
    lua_newtable(L);                                   /* [env, contents] */
    lua_rawgetp(L, LUA_REGISTRYINDEX, &KEY_SAFE);
    lua_pushnil(L);
    while (lua_next(L, -2)) {                          /* copy safe into contents */
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -5);
    }
    lua_pop(L, 1);
    if (trusted) {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &KEY_TRUSTED);
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, -5);
        }
        lua_pop(L, 1);
    }
    /* require, with this env and its own cache */
    lua_pushvalue(L, env);
    lua_newtable(L);
    if (gamedir) lua_pushstring(L, gamedir); else lua_pushnil(L);
    lua_pushcclosure(L, safe_require, 3);
    lua_setfield(L, -2, "require");
    lua_pushvalue(L, env);
    lua_pushcclosure(L, safe_load, 1);
    lua_setfield(L, -2, "load");
    lua_pushvalue(L, env);
    lua_setfield(L, -2, "_G");
                                                       /* [env, contents] */
    if (strict) {
        lua_createtable(L, 0, 4);                      /* [env, contents, mt] */
        lua_pushvalue(L, -2);
        lua_pushcfunction(L, undeclared_global);
        /* reads: contents, then an error for names nobody declared */
        lua_createtable(L, 0, 1);
        lua_insert(L, -2);
        lua_setfield(L, -2, "__index");
        lua_setmetatable(L, -2);                       /* contents' own fallback */
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, global_assign);
        lua_setfield(L, -2, "__newindex");
        lua_pushstring(L, LOCKED);
        lua_setfield(L, -2, "__metatable");
        lua_remove(L, -2);                             /* [env, mt] */
    } else {
        lua_createtable(L, 0, 1);                      /* reads of unknown names raise */
        lua_pushcfunction(L, undeclared_global);
        lua_setfield(L, -2, "__index");
        lua_setmetatable(L, -2);
        lua_createtable(L, 0, 1);
        lua_insert(L, -2);
        lua_setfield(L, -2, "__index");
    }
    lua_setmetatable(L, env);                          /* [env] */
}

void vm_push_sandbox(grove_vm *vm, const char *gamedir)
{
    push_env(vm, gamedir, true, false);
}

void vm_push_trusted(grove_vm *vm)
{
    push_env(vm, NULL, false, true);
}

void vm_add_global(grove_vm *vm, const char *name, bool sandboxed)
{
    lua_State *L = vm->L;
    lua_rawgetp(L, LUA_REGISTRYINDEX, sandboxed ? &KEY_SAFE : &KEY_TRUSTED);   /* [value, globals] */
    if (sandboxed && lua_istable(L, -2)) vm_push_readonly(L, -2, NULL);
    else lua_pushvalue(L, -2);                         /* [value, globals, value'] */
    lua_setfield(L, -2, name);
    lua_pop(L, 2);
}


/* ---- the determinism check's pairs ---------------------------------------- */

/* A string key of the table being visited, and its place in the visit. */
typedef struct {
    const char *s;
    size_t len;
    int pos;
} str_key;

static int cmp_str_key(const void *a, const void *b)
{
    const str_key *x = a, *y = b;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->s, y->s, n);
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* The iterator: upvalues (1) the keys in the order to visit, (2) how many
 * were visited. A key whose value was cleared meanwhile is skipped, as
 * next skips it. */
static int reordered_next(lua_State *L)
{
    lua_Integer i = lua_tointeger(L, lua_upvalueindex(2));
    for (;;) {
        if (lua_rawgeti(L, lua_upvalueindex(1), ++i) == LUA_TNIL) return 1;   /* [nil]: the end */
        lua_pushvalue(L, -1);
        if (lua_rawget(L, 1) != LUA_TNIL) break;                             /* [key, value] */
        lua_pop(L, 2);
    }
    lua_pushinteger(L, i);
    lua_replace(L, lua_upvalueindex(2));
    return 2;
}

/* pairs(t): upvalues (1) the settings table {reverse =, flip =,
 * sites = {...}, seen = {...}}, (2) the stock next. */
static int reordered_pairs(lua_State *L)
{
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {       /* as stock pairs does */
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    lua_settop(L, 1);
    int n = 0, strings = 0;
    if (lua_istable(L, 1)) {
        lua_newtable(L);                                         /* [t, keys] */
        lua_pushnil(L);
        while (lua_next(L, 1)) {
            lua_pop(L, 1);
            strings += lua_type(L, -1) == LUA_TSTRING;
            lua_pushvalue(L, -1);
            lua_rawseti(L, 2, ++n);
        }
    }
    if (strings < 2) {
        lua_settop(L, 1);
        lua_pushvalue(L, lua_upvalueindex(2));                   /* stock: next, t, nil */
        lua_insert(L, 1);
        lua_pushnil(L);
        return 3;
    }
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar))
        lua_pushfstring(L, "%s:%d", ar.source[0] == '@' ? ar.source + 1 : ar.short_src, ar.currentline);
    else
        lua_pushliteral(L, "?");                                 /* [t, keys, site] */
    lua_getfield(L, lua_upvalueindex(1), "seen");
    lua_pushvalue(L, 3);
    if (lua_rawget(L, -2) == LUA_TNIL) {                         /* a new site: remember it */
        lua_pushvalue(L, 3);
        lua_pushboolean(L, 1);
        lua_rawset(L, -4);
        lua_getfield(L, lua_upvalueindex(1), "sites");
        lua_pushvalue(L, 3);
        lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    lua_getfield(L, lua_upvalueindex(1), "reverse");
    bool reverse = lua_toboolean(L, -1);
    lua_getfield(L, lua_upvalueindex(1), "flip");
    if (lua_rawequal(L, -1, 3)) reverse = !reverse;
    lua_pop(L, 3);                                               /* [t, keys] */
    /* the string keys sorted into the places string keys held */
    str_key *sk = lua_newuserdatauv(L, (size_t)strings * sizeof *sk, 0);   /* [t, keys, scratch] */
    int k = 0;
    for (int i = 1; i <= n; i++) {
        if (lua_rawgeti(L, 2, i) == LUA_TSTRING) {
            sk[k].s = lua_tolstring(L, -1, &sk[k].len);          /* kept alive by keys */
            sk[k++].pos = i;
        }
        lua_pop(L, 1);
    }
    int *places = lua_newuserdatauv(L, (size_t)strings * sizeof *places, 0);
    for (int i = 0; i < strings; i++) places[i] = sk[i].pos;
    qsort(sk, (size_t)strings, sizeof *sk, cmp_str_key);
    lua_createtable(L, n, 0);                                    /* [t, keys, scratch, places, order] */
    for (int i = 1; i <= n; i++) {                               /* the other keys where they were */
        lua_rawgeti(L, 2, i);
        if (lua_type(L, -1) == LUA_TSTRING) lua_pop(L, 1);
        else lua_rawseti(L, -2, i);
    }
    for (int i = 0; i < strings; i++) {
        const str_key *key = &sk[reverse ? strings - 1 - i : i];
        lua_pushlstring(L, key->s, key->len);
        lua_rawseti(L, -2, places[i]);
    }
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, reordered_next, 2);                      /* [t, keys, scratch, places, next'] */
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

void vm_reorder_pairs(grove_vm *vm, bool reverse, const char *flip)
{
    lua_State *L = vm->L;
    lua_createtable(L, 0, 4);                                    /* [settings] */
    lua_pushboolean(L, reverse);
    lua_setfield(L, -2, "reverse");
    if (flip) lua_pushstring(L, flip); else lua_pushnil(L);
    lua_setfield(L, -2, "flip");
    lua_newtable(L);
    lua_setfield(L, -2, "sites");
    lua_newtable(L);
    lua_setfield(L, -2, "seen");
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &KEY_PAIRS);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &KEY_SAFE);                /* [settings, safe] */
    lua_insert(L, -2);
    lua_getfield(L, -2, "next");                                 /* [safe, settings, next] */
    lua_pushcclosure(L, reordered_pairs, 2);
    lua_setfield(L, -2, "pairs");
    lua_pop(L, 1);
}

int vm_pairs_sites(grove_vm *vm, char (*out)[VM_SITE_LEN], int max)
{
    lua_State *L = vm->L;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &KEY_PAIRS) != LUA_TTABLE) { lua_pop(L, 1); return 0; }
    lua_getfield(L, -1, "sites");
    int n = (int)lua_rawlen(L, -1);
    for (int i = 0; i < n && i < max; i++) {
        lua_rawgeti(L, -1, i + 1);
        snprintf(out[i], VM_SITE_LEN, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    return n;
}
