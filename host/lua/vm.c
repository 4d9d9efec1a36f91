/*
 * vm.c — the Lua state for rule scripts: allocator with a memory cap,
 * instruction budget, sandbox and trusted environments, require over the
 * search path, and the protected call every hook goes through.
 */
#include "vm.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <pthread.h>
#include <signal.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "state.h"

#define HOOK_STEP 1000          /* instructions between budget checks */
#define LOCKED "locked"         /* the __metatable of read-only tables */

/* Registry keys (their addresses are the keys). */
static const char KEY_SAFE = 0;       /* table: the sandbox's globals */
static const char KEY_TRUSTED = 0;    /* table: extra globals of tools */

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

/* The hook for a budget of `count` instructions between checks (0: none),
 * plus line events while someone listens (coverage). */
static void set_hook(lua_State *L, grove_vm *vm, int count)
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
        set_hook(L, vm, 1);
        vm->budget_left = 0;
        hook_error(L, vm->stop_reason ? vm->stop_reason : "interrupted");
    }
    if (vm->cur_budget <= 0) {            /* unlimited: only here for interrupts */
        set_hook(L, vm, 0);
        return;
    }
    vm->budget_left -= HOOK_STEP;
    if (vm->budget_left <= 0) {
        set_hook(L, vm, 1);
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

/* ---- the watchdog --------------------------------------------------------- */

/* One watchdog thread for the process looks at every watched VM every
 * WATCH_TICK_MS; a VM whose progress counter has not moved for its limit is
 * stopped by a SIGALRM sent to the thread running it, whose handler (in that
 * thread, the one place lua_sethook may be called from asynchronously)
 * interrupts the script. So any number of threads may each run a VM. */
#define WATCH_TICK_MS 20

typedef struct watch {
    grove_vm *vm;
    pthread_t thread;
    int ms;
    long seen;                  /* progress at the last look */
    long quiet_ms;              /* how long it has not moved */
    struct watch *next;
} watch;

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static watch *watches;
static bool watchdog_started;
static pthread_t watchdog_thread;
static volatile bool watchdog_quit;        /* set at exit: the thread ends, is joined */
static _Thread_local grove_vm *watched;   /* this thread's watched VM */

static void on_alarm(int sig)
{
    (void)sig;
    grove_vm *vm = watched;
    if (!vm || vm->depth == 0) return;
    vm->stop_reason = cancel_all ? NULL : vm->watch_reason;
    vm->interrupted = 1;
    set_hook(vm->L, vm, 1);
}

static void *watchdog(void *unused)
{
    (void)unused;
    while (!watchdog_quit) {
        struct timespec tick = { 0, WATCH_TICK_MS * 1000000L };
        nanosleep(&tick, NULL);
        pthread_mutex_lock(&watch_lock);
        for (watch *w = watches; w; w = w->next) {
            if (cancel_all) { pthread_kill(w->thread, SIGALRM); continue; }
            long now = w->vm->progress;
            if (now != w->seen) { w->seen = now; w->quiet_ms = 0; continue; }
            w->quiet_ms += WATCH_TICK_MS;
            if (w->quiet_ms >= w->ms) {
                w->quiet_ms = 0;
                pthread_kill(w->thread, SIGALRM);
            }
        }
        pthread_mutex_unlock(&watch_lock);
    }
    return NULL;
}

/* At exit: end the watchdog thread and wait for it, so nothing of it is
 * left behind (valgrind would count its stack as lost). */
static void stop_watchdog(void)
{
    watchdog_quit = true;
    pthread_join(watchdog_thread, NULL);
}

bool vm_watching(const grove_vm *vm)
{
    return watched == vm;
}

void vm_listen_lines(grove_vm *vm, vm_line_fn fn, void *ctx)
{
    vm->line_fn = fn;
    vm->line_ctx = ctx;
    set_hook(vm->L, vm, 0);
}

void vm_watch_start(grove_vm *vm, int ms)
{
    snprintf(vm->watch_reason, sizeof vm->watch_reason, "no progress for %d ms: an endless loop?", ms);
    watch *w = calloc(1, sizeof *w);
    pthread_mutex_lock(&watch_lock);
    if (!watchdog_started) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_alarm;
        sa.sa_flags = SA_RESTART;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGALRM, &sa, NULL);
        /* the watchdog itself never takes the signal */
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_BLOCK, &all, &old);
        watchdog_started = pthread_create(&watchdog_thread, NULL, watchdog, NULL) == 0;
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        if (watchdog_started) atexit(stop_watchdog);
    }
    if (w) {
        w->vm = vm;
        w->thread = pthread_self();
        w->ms = ms;
        w->seen = vm->progress;
        w->next = watches;
        watches = w;
    }
    pthread_mutex_unlock(&watch_lock);
    watched = vm;
}

void vm_watch_stop(grove_vm *vm)
{
    pthread_mutex_lock(&watch_lock);
    for (watch **p = &watches; *p; p = &(*p)->next)
        if ((*p)->vm == vm && pthread_equal((*p)->thread, pthread_self())) {
            watch *w = *p;
            *p = w->next;
            free(w);
            break;
        }
    pthread_mutex_unlock(&watch_lock);
    if (watched == vm) watched = NULL;
}

/* Does msg begin with a position, "file:line: "? */
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
    if (budget > 0) set_hook(L, vm, HOOK_STEP);
    else if (!vm->interrupted) set_hook(L, vm, 0);
    int status = lua_pcall(L, nargs, nresults, base);
    vm->depth--;
    vm->cur_budget = saved_budget;
    vm->budget_left = saved_left;
    if (vm->depth == 0) vm->interrupted = 0;
    if (vm->interrupted) set_hook(L, vm, 1);
    else if (saved_budget > 0) set_hook(L, vm, HOOK_STEP);
    else set_hook(L, vm, 0);
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
    char rel[300];
    snprintf(rel, sizeof rel, "scripts/%s", name);
    if (vm_find(vm, rel, out, outlen)) return true;
    /* a game folder in the working directory (what `grove new` makes outside
     * a tree of games) */
    char here[PATH_MAX];
    snprintf(rel, sizeof rel, "%s/game.lua", name);
    if (!is_file(rel) || !getcwd(here, sizeof here)) return false;
    int n = snprintf(out, outlen, "%s/%s", here, name);
    return n > 0 && (size_t)n < outlen;
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

/* Make a read-only proxy of the table at idx; push it. */
static void push_readonly(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    lua_newtable(L);                          /* [proxy] */
    lua_createtable(L, 0, 3);                 /* [proxy, mt] */
    lua_pushvalue(L, idx);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, locked_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushstring(L, LOCKED);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);                  /* [proxy] */
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

/* load that accepts text chunks only, in the caller's sandbox by default. */
static int safe_load(lua_State *L)
{
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    const char *name = luaL_optstring(L, 2, "=(load)");
    const char *mode = luaL_optstring(L, 3, "t");
    if (strcmp(mode, "t") != 0) return luaL_error(L, "load: only text chunks are allowed (mode \"t\")");
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
static void build_safe(grove_vm *vm)
{
    lua_State *L = vm->L;
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

    static const char *const no_dump[] = { "dump", NULL };
    static const char *const libs[] = { "table", "utf8", "coroutine", NULL };
    push_lib_copy(L, "string", no_dump);
    push_readonly(L, -1);
    lua_setfield(L, -3, "string");
    lua_pop(L, 1);
    for (const char *const *l = libs; *l; l++) {
        push_lib_copy(L, *l, NULL);
        push_readonly(L, -1);
        lua_setfield(L, -3, *l);
        lua_pop(L, 1);
    }
    push_lib_copy(L, "math", NULL);
    lua_pushcfunction(L, safe_random);
    lua_setfield(L, -2, "random");
    lua_pushcfunction(L, safe_randomseed);
    lua_setfield(L, -2, "randomseed");
    push_readonly(L, -1);
    lua_setfield(L, -3, "math");
    lua_pop(L, 1);

    lua_rawsetp(L, LUA_REGISTRYINDEX, &KEY_SAFE);

    /* Strings' metatable must not lead back to the real string table. */
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
    if (sandboxed && lua_istable(L, -2)) push_readonly(L, -2);
    else lua_pushvalue(L, -2);                         /* [value, globals, value'] */
    lua_setfield(L, -2, name);
    lua_pop(L, 2);
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
    build_safe(vm);
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
