/*
 * test_annotations.c — every function, field and operator the host binds to
 * Lua has a LuaLS annotation in types/, and every annotation there still
 * names something the host binds.
 *
 * The live API is read from a real VM (see read_live):
 *   - the globals a trusted environment adds to Lua's own (`grove`, `games`)
 *     and their members;
 *   - the globals a test file gets from `grove test` (test, expect, ...),
 *     found by running a probe file through the stdlib's runner;
 *   - the State methods and fields, and the methods and operators (#deck) of
 *     one handle of every component kind: the fixture game
 *     tests/fixtures/scripts/allkinds declares one of each;
 *   - the methods and operators of Game, Out and Cond.
 * Each is an entry: a class ("Grid"), a global ("grove", "test"), a method
 * ("Grid:reach", called with a colon), a function ("grove.move"), a field
 * ("grove.version") or an operator ("Deck.__len").
 *
 * The annotations are read from every .lua file of types/, line by line
 * (see parse):
 *   ---@class Name            the class whose ---@field / ---@operator lines follow
 *   function A:m(x) end       a method;  function A.f(x) end  a function
 *   function f(x) end         a global function;  name = {}  a global table
 * A function counts as annotated only with a description line (--- text)
 * and a ---@param for each of its parameters in the comment block right
 * above it. Game's fields are computed on access, so they cannot be listed:
 * each annotated one is looked up on a live Game instead.
 *
 * Every problem is reported, sorted, with the file and line it concerns.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <dirent.h>
#include <lauxlib.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api.h"
#include "bind.h"
#include "game.h"
#include "host.h"
#include "lua_game.h"

/* ---- lists ----------------------------------------------------------------- */

/* A growable list of owned strings. */
typedef struct { char **v; int n, cap; } strlist;

static void sl_add(strlist *l, const char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 32;
        l->v = realloc(l->v, (size_t)l->cap * sizeof *l->v);
        assert_non_null(l->v);
    }
    l->v[l->n] = strdup(s);
    assert_non_null(l->v[l->n]);
    l->n++;
}

static void sl_addf(strlist *l, const char *fmt, ...) CMOCKA_PRINTF_ATTRIBUTE(2, 3);
static void sl_addf(strlist *l, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    sl_add(l, buf);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void sl_sort(strlist *l)
{
    if (l->n > 1) qsort(l->v, (size_t)l->n, sizeof *l->v, cmp_str);
}

static void sl_free(strlist *l)
{
    for (int i = 0; i < l->n; i++) free(l->v[i]);
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

/* What an entry is; the words appear in the problems reported. */
typedef enum { E_CLASS, E_GLOBAL, E_FUNCTION, E_METHOD, E_FIELD, E_OPERATOR } entry_kind;
static const char *const kind_word[] = { "class", "global", "function", "method", "field", "operator" };

typedef struct {
    entry_kind kind;
    char name[128];         /* "Grid:reach", "grove.version", "Deck.__len", "Grid", "test" */
    char owner[64];         /* the class a member belongs to; "" for classes and globals */
    char where[256];        /* for annotations: "types/grid.lua:120" */
} entry;

typedef struct { entry *v; int n, cap; } entries;

static void add_entry(entries *es, entry_kind kind, const char *owner, const char *name, const char *where)
{
    if (es->n == es->cap) {
        es->cap = es->cap ? es->cap * 2 : 128;
        es->v = realloc(es->v, (size_t)es->cap * sizeof *es->v);
        assert_non_null(es->v);
    }
    entry *e = &es->v[es->n++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    snprintf(e->owner, sizeof e->owner, "%s", owner ? owner : "");
    snprintf(e->name, sizeof e->name, "%s", name);
    snprintf(e->where, sizeof e->where, "%s", where ? where : "");
}

/* A member entry named owner + sep + member ("Grid" ":" "reach"). */
static void add_member(entries *es, entry_kind kind, const char *owner, const char *sep,
                       const char *member, const char *where)
{
    char name[128];
    snprintf(name, sizeof name, "%s%s%s", owner, sep, member);
    add_entry(es, kind, owner, name, where);
}

static const entry *find_entry(const entries *es, entry_kind kind, const char *name)
{
    for (int i = 0; i < es->n; i++)
        if (es->v[i].kind == kind && strcmp(es->v[i].name, name) == 0) return &es->v[i];
    return NULL;
}

static void entries_free(entries *es)
{
    free(es->v);
    es->v = NULL;
    es->n = es->cap = 0;
}

/* ---- the live API ---------------------------------------------------------- */

/* The globals Lua itself defines, or the sandbox gives in a form LuaLS
 * already knows (require, load): they need no annotation of grove's. Any
 * other global a trusted environment holds is grove's and must have one. */
static const char *const lua_globals[] = {
    "assert", "error", "ipairs", "next", "pairs", "pcall", "print", "rawequal", "rawget",
    "rawlen", "rawset", "select", "setmetatable", "getmetatable", "tonumber", "tostring",
    "type", "xpcall", "_VERSION", "collectgarbage", "require", "load", "_G",
    "string", "table", "utf8", "coroutine", "math", "io", "os", NULL,
};

/* The metamethods LuaLS describes with ---@operator. */
static const char *const operators[] = {
    "__add", "__sub", "__mul", "__div", "__mod", "__pow", "__unm", "__idiv", "__band",
    "__bor", "__bxor", "__shl", "__shr", "__bnot", "__concat", "__len", "__call", NULL,
};

static bool is_lua_global(const char *name)
{
    for (const char *const *g = lua_globals; *g; g++)
        if (strcmp(*g, name) == 0) return true;
    return false;
}

/* The functions of the table at idx as members of `owner` (methods if
 * `methods`), its other string keys as fields. */
static void add_table_members(lua_State *L, int idx, const char *owner, bool methods, entries *live)
{
    idx = lua_absindex(L, idx);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (lua_type(L, -2) == LUA_TSTRING) {
            const char *key = lua_tostring(L, -2);
            if (lua_isfunction(L, -1))
                add_member(live, methods ? E_METHOD : E_FUNCTION, owner, methods ? ":" : ".", key, NULL);
            else
                add_member(live, E_FIELD, owner, ".", key, NULL);
        }
        lua_pop(L, 1);
    }
}

/* The operators the metatable at idx defines, as members of `owner`. */
static void add_operators(lua_State *L, int idx, const char *owner, entries *live)
{
    idx = lua_absindex(L, idx);
    for (const char *const *op = operators; *op; op++) {
        if (lua_getfield(L, idx, *op) != LUA_TNIL) add_member(live, E_OPERATOR, owner, ".", *op, NULL);
        lua_pop(L, 1);
    }
}

/* A global of grove's (at idx, named name): a function, or a table whose
 * members are its functions and fields. A read-only proxy (the sandbox's
 * `grove`: empty, reads going to its metatable's __index) stands for the
 * table behind it. */
static void add_global(lua_State *L, int idx, const char *name, entries *live)
{
    idx = lua_absindex(L, idx);
    add_entry(live, E_GLOBAL, NULL, name, NULL);
    if (!lua_istable(L, idx)) return;
    add_entry(live, E_CLASS, NULL, name, NULL);
    int top = lua_gettop(L);
    lua_pushnil(L);
    bool empty = !lua_next(L, idx);
    lua_settop(L, top);
    if (empty && lua_getmetatable(L, idx) && lua_getfield(L, -1, "__index") == LUA_TTABLE)
        idx = lua_gettop(L);
    add_table_members(L, idx, name, false, live);
    lua_settop(L, top);
}

/* Push the metatable field `field` of the value at idx (nil if none). */
static int meta_field(lua_State *L, int idx, const char *field)
{
    if (!lua_getmetatable(L, idx)) { lua_pushnil(L); return LUA_TNIL; }
    int t = lua_getfield(L, -1, field);
    lua_remove(L, -2);
    return t;
}

/* The globals a trusted environment adds to Lua's: `grove`, `games`. */
static void read_env_globals(grove_vm *vm, entries *live)
{
    lua_State *L = vm->L;
    int top = lua_gettop(L);
    vm_push_trusted(vm);
    /* the environment is empty; its metatable's __index holds the globals */
    if (meta_field(L, -1, "__index") != LUA_TTABLE) fail_msg("cannot read the trusted environment's globals");
    int contents = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, contents)) {
        if (lua_type(L, -2) == LUA_TSTRING && !is_lua_global(lua_tostring(L, -2)))
            add_global(L, -1, lua_tostring(L, -2), live);
        lua_pop(L, 1);
    }
    lua_settop(L, top);
}

/* The globals `grove test` gives a test file (test, expect, playouts, ...):
 * a probe file run by the stdlib's runner copies its environment's own
 * entries into a global of the runner's environment. */
static const char PROBE[] =
    "local seen = {}\n"
    "for name, value in pairs(_ENV) do seen[name] = value end\n"
    "_G.probe_seen = seen\n";

static const char RUN_PROBE[] =
    "local path = ...\n"
    "local passed, failed = require('grove.testing').run({ { path = path, name = 'probe.lua' } }, false)\n"
    "assert(passed == 0 and failed == 0, 'the probe file failed to run')\n";

static void read_test_globals(grove_vm *vm, entries *live)
{
    lua_State *L = vm->L;
    int top = lua_gettop(L);
    char dir[] = "/tmp/grove-annotations-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[sizeof dir + 16];
    snprintf(path, sizeof path, "%s/probe.lua", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(PROBE, f);
    assert_int_equal(fclose(f), 0);

    vm_push_trusted(vm);
    int env = lua_gettop(L);
    assert_int_equal(luaL_loadbufferx(L, RUN_PROBE, strlen(RUN_PROBE), "=probe", "t"), LUA_OK);
    lua_pushvalue(L, env);
    lua_setupvalue(L, -2, 1);
    lua_pushstring(L, path);
    int rc = vm_call_budget(vm, 1, 0, NULL, 0);
    unlink(path);
    rmdir(dir);
    if (rc != LUA_OK) fail_msg("running the probe test file: %s", lua_tostring(L, -1));
    lua_pushliteral(L, "probe_seen");
    if (lua_rawget(L, env) != LUA_TTABLE) fail_msg("the probe test file left no list of its globals");
    int seen = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, seen)) {
        if (lua_type(L, -2) == LUA_TSTRING && !is_lua_global(lua_tostring(L, -2)))
            add_global(L, -1, lua_tostring(L, -2), live);
        lua_pop(L, 1);
    }
    lua_settop(L, top);
}

/* The State at idx: its methods and fields, and the methods and operators
 * of each component handle it holds (classes named by their __name). Fails
 * unless the game declared one component of every kind. */
static void read_state(lua_State *L, int idx, entries *live)
{
    idx = lua_absindex(L, idx);
    int top = lua_gettop(L);
    add_entry(live, E_CLASS, NULL, "State", NULL);
    if (meta_field(L, idx, "__index") != LUA_TTABLE) fail_msg("the State has no methods table");
    add_table_members(L, -1, "State", true, live);
    lua_pop(L, 1);
    bool seen[64] = { false };              /* by index in bind_kinds */
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (lua_type(L, -2) != LUA_TSTRING) { lua_pop(L, 1); continue; }
        const char *key = lua_tostring(L, -2);
        if (lua_isfunction(L, -1)) {                   /* s.say: a method of the methods table, */
            lua_pop(L, 1);                             /* kept on the State too (found faster) */
            continue;
        }
        if (!lua_istable(L, -1) || !strcmp(key, "options")) {   /* s.players; s.options, a read-only table */
            add_member(live, E_FIELD, "State", ".", key, NULL);
            lua_pop(L, 1);
            continue;
        }
        int h = lua_gettop(L);
        if (meta_field(L, h, "__name") != LUA_TSTRING) fail_msg("component '%s' has no __name", key);
        char cls[64];
        snprintf(cls, sizeof cls, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
        const bind_kind *kind = NULL;
        for (int k = 0; bind_kinds[k] && k < 64; k++)
            if (strcmp(bind_kinds[k]->type_name, cls) == 0) {
                seen[k] = true;
                kind = bind_kinds[k];
            }
        if (!kind) fail_msg("component '%s' is a %s, which components.c does not list", key, cls);
        if (!find_entry(live, E_CLASS, cls)) {
            add_entry(live, E_CLASS, NULL, cls, NULL);
            /* the methods the kind binds, each read from the live handle
             * (made there on first use: a handle table starts empty) */
            for (const luaL_Reg *m = kind->methods; m && m->name; m++) {
                if (lua_getfield(L, h, m->name) != LUA_TFUNCTION)
                    fail_msg("%s '%s' does not give its method %s", cls, key, m->name);
                lua_pop(L, 1);
                add_member(live, E_METHOD, cls, ":", m->name, NULL);
            }
            lua_getmetatable(L, h);
            add_operators(L, -1, cls, live);
            lua_pop(L, 1);
        }
        lua_settop(L, h - 1);
    }
    for (int k = 0; bind_kinds[k] && k < 64; k++)          /* components.c: every kind */
        if (!seen[k])
            fail_msg("the fixture game allkinds declares no %s: add one to its setup", bind_kinds[k]->type_name);
    lua_settop(L, top);
}

/* A registered metatable's methods (its `table_field`: __index or
 * methods) and operators, as class cls. */
static void read_metatable(lua_State *L, const char *cls, const char *table_field, entries *live)
{
    int top = lua_gettop(L);
    if (luaL_getmetatable(L, cls) != LUA_TTABLE) fail_msg("no metatable '%s' is registered", cls);
    add_entry(live, E_CLASS, NULL, cls, NULL);
    if (table_field && lua_getfield(L, -1, table_field) == LUA_TTABLE) add_table_members(L, -1, cls, true, live);
    lua_settop(L, top + 1);
    add_operators(L, -1, cls, live);
    lua_settop(L, top);
}

/* A VM with the fixture game open, and everything it binds. */
typedef struct {
    grove_vm *vm;
    game *g;
    int game_idx;           /* a Game object on the VM's stack, for its fields */
    entries live;
} live_api;

static void read_live(live_api *api)
{
    memset(api, 0, sizeof *api);
    const char *src = getenv("GROVE_SOURCE");
    if (!src) src = ".";
    char fixtures[1024];
    snprintf(fixtures, sizeof fixtures, "%s/tests/fixtures", src);
    api->vm = host_new(src);
    assert_non_null(api->vm);
    assert_true(vm_add_path(api->vm, fixtures));
    lua_State *L = api->vm->L;

    read_env_globals(api->vm, &api->live);
    read_test_globals(api->vm, &api->live);

    char err[512];
    api->g = game_open(api->vm, "allkinds", "", 2, 1, 0, err, sizeof err);
    if (!api->g) fail_msg("opening the fixture game allkinds: %s", err);
    game_push_state(api->g);
    read_state(L, -1, &api->live);
    lua_pop(L, 1);

    read_metatable(L, "Game", "methods", &api->live);
    read_metatable(L, "Out", "__index", &api->live);
    read_metatable(L, "Cond", NULL, &api->live);
    lua_game_push(L, api->g, false);
    api->game_idx = lua_gettop(L);
}

static void live_free(live_api *api)
{
    lua_settop(api->vm->L, 0);
    game_close(api->g);
    vm_free(api->vm);
    entries_free(&api->live);
}

/* Is `name` a field of the live Game (computed on access, not listable)? */
static bool game_has_field(live_api *api, const char *field)
{
    lua_State *L = api->vm->L;
    lua_getfield(L, api->game_idx, field);
    bool has = !lua_isnil(L, -1);
    lua_pop(L, 1);
    return has;
}

/* ---- the annotations ------------------------------------------------------- */

/* The comment block right above a line: has it a description, and which
 * parameters does it name? */
typedef struct {
    bool described;
    char params[24][32];
    int nparams;
    char cls[64];           /* the ---@class it declares, if any */
} docblock;

static const char *skip_blanks(const char *p)
{
    while (*p == ' ' || *p == '\t') p++;
    return p;
}

/* Copy the word at p (letters, digits, _ and the characters in `also`)
 * into out; return the character after it. */
static const char *read_word(const char *p, const char *also, char *out, size_t len)
{
    size_t n = 0;
    while (*p && (isalnum((unsigned char)*p) || *p == '_' || (also && strchr(also, *p)))) {
        if (n + 1 < len) out[n++] = *p;
        p++;
    }
    out[n] = '\0';
    return p;
}

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* A `function NAME(params)` line: record it and check its comment block. */
static void parse_function(const char *line, const docblock *doc, const char *where,
                           entries *ann, strlist *problems)
{
    char full[128];
    const char *p = read_word(skip_blanks(line + strlen("function")), ".:", full, sizeof full);
    if (*p != '(') return;
    char *sep = strrchr(full, ':');
    if (!sep) sep = strrchr(full, '.');
    entry_kind kind = E_GLOBAL;
    char owner[64] = "";
    if (sep) {
        kind = *sep == ':' ? E_METHOD : E_FUNCTION;
        snprintf(owner, sizeof owner, "%.*s", (int)(sep - full), full);
    }
    const entry *twice = find_entry(ann, kind, full);
    if (twice)
        sl_addf(problems, "%s: the %s %s is annotated again (first at %s)", where, kind_word[kind], full, twice->where);
    add_entry(ann, kind, owner, full, where);
    if (!doc->described)
        sl_addf(problems, "%s: the %s %s has no description (a --- line right above it)",
                where, kind_word[kind], full);
    for (p++; *p && *p != ')'; ) {
        char param[32];
        p = read_word(skip_blanks(p), ".", param, sizeof param);
        bool found = false;
        for (int i = 0; i < doc->nparams; i++)
            if (strcmp(doc->params[i], param) == 0) found = true;
        if (param[0] && !found)
            sl_addf(problems, "%s: the %s %s has no ---@param for '%s'", where, kind_word[kind], full, param);
        p = skip_blanks(p);
        if (*p == ',') p++;
        else if (*p != ')') break;
    }
}

/* One ---@ line of a comment block. */
static void parse_tag(const char *tag, docblock *doc, const char *where, entries *ann)
{
    char word[64];
    if (starts_with(tag, "class ")) {
        read_word(skip_blanks(tag + 6), ".", doc->cls, sizeof doc->cls);
        add_entry(ann, E_CLASS, NULL, doc->cls, where);
    } else if (starts_with(tag, "param ")) {
        if (doc->nparams < (int)(sizeof doc->params / sizeof doc->params[0]))
            read_word(skip_blanks(tag + 6), ".", doc->params[doc->nparams++], sizeof doc->params[0]);
    } else if (starts_with(tag, "field ") && doc->cls[0]) {
        const char *p = read_word(skip_blanks(tag + 6), NULL, word, sizeof word);
        if (!strcmp(word, "private") || !strcmp(word, "protected") || !strcmp(word, "public")
            || !strcmp(word, "package"))
            read_word(skip_blanks(p), NULL, word, sizeof word);
        if (word[0]) add_member(ann, E_FIELD, doc->cls, ".", word, where);   /* not [string] keys */
    } else if (starts_with(tag, "operator ") && doc->cls[0]) {
        read_word(skip_blanks(tag + 9), NULL, word, sizeof word);
        char op[72];
        snprintf(op, sizeof op, "__%s", word);
        add_member(ann, E_OPERATOR, doc->cls, ".", op, where);
    }
}

/* Read the annotations of one file (its text; `file` names it in
 * problems). */
static void parse(const char *file, const char *text, entries *ann, strlist *problems)
{
    docblock doc;
    memset(&doc, 0, sizeof doc);
    int lineno = 0;
    for (const char *line = text; *line; ) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char buf[1024];
        snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), line);
        lineno++;
        char where[256];
        snprintf(where, sizeof where, "%s:%d", file, lineno);
        if (starts_with(buf, "---")) {
            const char *rest = skip_blanks(buf + 3);
            if (*rest == '@') parse_tag(rest + 1, &doc, where, ann);
            else if (*rest && *rest != '|') doc.described = true;
        } else {
            char name[64];
            const char *p = read_word(buf, NULL, name, sizeof name);
            if (starts_with(buf, "function ")) parse_function(buf, &doc, where, ann, problems);
            else if (name[0] && starts_with(skip_blanks(p), "= {}")) add_entry(ann, E_GLOBAL, NULL, name, where);
            memset(&doc, 0, sizeof doc);        /* a block ends at the first line that is not ---  */
        }
        line += len + (end ? 1 : 0);
    }
}

/* The text of a file, malloc'ed; fails the test if it cannot be read. */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    size_t total = 0;
    char buf[4096];
    size_t n;
    char *text = malloc(1);
    assert_non_null(text);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        text = realloc(text, total + n + 1);
        assert_non_null(text);
        memcpy(text + total, buf, n);
        total += n;
    }
    fclose(f);
    text[total] = '\0';
    return text;
}

/* The .lua files of types/, sorted, as paths. */
static void types_files(strlist *out)
{
    const char *src = getenv("GROVE_SOURCE");
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/types", src ? src : ".");
    DIR *d = opendir(dir);
    if (!d) fail_msg("cannot open %s (run the test from the source tree, or set GROVE_SOURCE)", dir);
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n > 4 && strcmp(e->d_name + n - 4, ".lua") == 0) sl_addf(out, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    sl_sort(out);
    if (out->n == 0) fail_msg("no annotation files in %s", dir);
}

/* ---- the comparison -------------------------------------------------------- */

static void compare(live_api *api, const entries *ann, strlist *problems)
{
    const entries *live = &api->live;
    for (int i = 0; i < live->n; i++) {
        const entry *e = &live->v[i];
        if (find_entry(ann, e->kind, e->name)) continue;
        if (e->kind == E_FUNCTION || e->kind == E_METHOD)
            sl_addf(problems, "types/: no annotation for the %s %s, which the host binds "
                    "(add `function %s(...) end` to types/, with a --- description and its ---@param lines)",
                    kind_word[e->kind], e->name, e->name);
        else
            sl_addf(problems, "types/: no annotation for the %s %s, which the host binds", kind_word[e->kind], e->name);
    }
    for (int i = 0; i < ann->n; i++) {
        const entry *e = &ann->v[i];
        bool owner_live = e->owner[0] && find_entry(live, E_CLASS, e->owner);
        switch (e->kind) {
        case E_CLASS:
            break;                              /* option tables, aliases' classes: not bound */
        case E_GLOBAL:
            if (!find_entry(live, E_GLOBAL, e->name))
                sl_addf(problems, "%s: the global %s is annotated, but the host binds no such global",
                        e->where, e->name);
            break;
        case E_FUNCTION:
        case E_METHOD:
            if (!owner_live)
                sl_addf(problems, "%s: the %s %s is annotated, but the host binds no table '%s'",
                        e->where, kind_word[e->kind], e->name, e->owner);
            else if (!find_entry(live, e->kind, e->name))
                sl_addf(problems, "%s: the %s %s is annotated, but the host binds no such %s (removed or renamed?)",
                        e->where, kind_word[e->kind], e->name, kind_word[e->kind]);
            break;
        case E_FIELD:
            if (strcmp(e->owner, "Game") == 0) {
                if (!game_has_field(api, e->name + strlen("Game.")))
                    sl_addf(problems, "%s: the field %s is annotated, but a Game has no such field",
                            e->where, e->name);
            } else if (owner_live && !find_entry(live, E_FIELD, e->name)) {
                sl_addf(problems, "%s: the field %s is annotated, but the host binds no such field",
                        e->where, e->name);
            }
            break;
        case E_OPERATOR:
            if (owner_live && !find_entry(live, E_OPERATOR, e->name))
                sl_addf(problems, "%s: the operator %s is annotated, but the host defines no such metamethod",
                        e->where, e->name);
            break;
        }
    }
    sl_sort(problems);
}

/* Parse every file of types/, replacing the text of the one whose name ends
 * in `edited` (if given) by `text`. */
static void parse_types(const char *edited, const char *text, entries *ann, strlist *problems)
{
    strlist files = { 0 };
    types_files(&files);
    for (int i = 0; i < files.n; i++) {
        const char *name = strstr(files.v[i], "types/");
        name = name ? name : files.v[i];
        size_t n = strlen(files.v[i]);
        if (edited && n >= strlen(edited) && strcmp(files.v[i] + n - strlen(edited), edited) == 0) {
            parse(name, text, ann, problems);
        } else {
            char *own = read_text(files.v[i]);
            parse(name, own, ann, problems);
            free(own);
        }
    }
    sl_free(&files);
}

static void report(const strlist *problems)
{
    for (int i = 0; i < problems->n; i++) print_message("%s\n", problems->v[i]);
}

/* ---- tests ----------------------------------------------------------------- */

/* The real annotations cover the real API, exactly. */
static void test_every_binding_is_annotated(void **unused)
{
    (void)unused;
    live_api api;
    read_live(&api);
    /* a sanity check that the enumeration found the API at all */
    assert_non_null(find_entry(&api.live, E_METHOD, "Grid:reach"));
    assert_non_null(find_entry(&api.live, E_FUNCTION, "grove.move"));
    assert_non_null(find_entry(&api.live, E_FUNCTION, "games.open"));
    assert_non_null(find_entry(&api.live, E_FUNCTION, "expect.eq"));
    assert_non_null(find_entry(&api.live, E_GLOBAL, "test"));
    assert_non_null(find_entry(&api.live, E_OPERATOR, "Deck.__len"));
    assert_non_null(find_entry(&api.live, E_CLASS, "Vars"));
    entries ann = { 0 };
    strlist problems = { 0 };
    parse_types(NULL, NULL, &ann, &problems);
    compare(&api, &ann, &problems);
    report(&problems);
    int n = problems.n;
    sl_free(&problems);
    entries_free(&ann);
    live_free(&api);
    if (n) fail_msg("%d annotation problem%s (above): fix types/*.lua", n, n == 1 ? "" : "s");
}

/* Replace the line of `text` starting with `line_start` by `with`; returns
 * the new text (malloc'ed), failing the test if there is no such line. */
static char *replace_line(const char *text, const char *line_start, const char *with)
{
    const char *at = strstr(text, line_start);
    if (!at) fail_msg("no line '%s' to edit", line_start);
    const char *end = strchr(at, '\n');
    end = end ? end + 1 : at + strlen(at);
    size_t n = (size_t)(at - text) + strlen(with) + strlen(end) + 1;
    char *out = malloc(n);
    assert_non_null(out);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, with, end);
    return out;
}

static bool has_problem(const strlist *problems, const char *fragment)
{
    for (int i = 0; i < problems->n; i++)
        if (strstr(problems->v[i], fragment)) return true;
    return false;
}

/* The check can fail: with a method's annotation deleted, one added for a
 * method that does not exist, one without description or @param, it names
 * each of them and nothing else. */
static void test_broken_annotations_are_named(void **unused)
{
    (void)unused;
    live_api api;
    read_live(&api);
    const char *src = getenv("GROVE_SOURCE");
    char path[1024];
    snprintf(path, sizeof path, "%s/types/grid.lua", src ? src : ".");
    char *grid = read_text(path);
    char *edited = replace_line(grid, "function Grid:reach(", "\n");
    free(grid);
    grid = replace_line(edited, "function Grid:cell(",
                        "function Grid:cell(x, y) end\n\n"
                        "---@param cell GridCell\n"
                        "function Grid:teleport(cell, where) end\n");
    free(edited);
    entries ann = { 0 };
    strlist problems = { 0 };
    parse_types("types/grid.lua", grid, &ann, &problems);
    compare(&api, &ann, &problems);
    report(&problems);
    assert_true(has_problem(&problems, "types/: no annotation for the method Grid:reach, which the host binds"));
    assert_true(has_problem(&problems, "the method Grid:teleport is annotated, but the host binds no such method"));
    assert_true(has_problem(&problems, "the method Grid:teleport has no description"));
    assert_true(has_problem(&problems, "the method Grid:teleport has no ---@param for 'where'"));
    assert_int_equal(problems.n, 4);
    sl_free(&problems);
    entries_free(&ann);
    free(grid);
    live_free(&api);
}

/* A field annotated on Game that a live Game does not have is named too. */
static void test_stale_game_field_is_named(void **unused)
{
    (void)unused;
    live_api api;
    read_live(&api);
    const char *src = getenv("GROVE_SOURCE");
    char path[1024];
    snprintf(path, sizeof path, "%s/types/games.lua", src ? src : ".");
    char *text = read_text(path);
    char *edited = replace_line(text, "---@class Game\n", "---@class Game\n---@field turn integer\n");
    free(text);
    entries ann = { 0 };
    strlist problems = { 0 };
    parse_types("types/games.lua", edited, &ann, &problems);
    compare(&api, &ann, &problems);
    report(&problems);
    assert_true(has_problem(&problems, "the field Game.turn is annotated, but a Game has no such field"));
    assert_int_equal(problems.n, 1);
    sl_free(&problems);
    entries_free(&ann);
    free(edited);
    live_free(&api);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_binding_is_annotated),
        cmocka_unit_test(test_broken_annotations_are_named),
        cmocka_unit_test(test_stale_game_field_is_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
