/*
 * defs.c — finding games and loading their definitions: the search path,
 * variants (the game's own and those an overlay adds), the cache of loaded
 * definitions, and what a tool lists of each game (game_about, game_list).
 */
#include <ctype.h>
#include <dirent.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game_impl.h"

static const char KEY_DEFS = 0;   /* registry: cache of definitions by "name|variants" */

static const char *const required_hooks[] = {
    "setup", "actor", "moves", "apply", "result", "render", "describe", NULL,
};

/* Is `name` a plain folder name (letters, digits, - and _)? */
static bool plain_name(const char *name)
{
    if (!name || !*name || strlen(name) >= 64) return false;
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_') return false;
    return true;
}

/* The error on top of the stack into err. A check of the stdlib's
 * (game.define or game.extend refusing a key) names the stdlib's line when
 * the script tail-called it (return game.define{...}), which leaves no
 * frame of the script's: name the script, src, instead. */
static void script_error(lua_State *L, const char *src, char *err, size_t errlen)
{
    const char *msg = lua_tostring(L, -1);
    if (!msg) { snprintf(err, errlen, "(an error that is no text)"); return; }
    const char *at = msg, *first = strstr(msg, ": ");
    if (strncmp(at, "stdlib/", 7) && first && !strncmp(first + 2, "stdlib/", 7)) at = first + 2;   /* "solo: stdlib/..." */
    const char *p = strchr(at, ':');
    if (src[0] && !strncmp(at, "stdlib/", 7) && p && isdigit((unsigned char)p[1])) {
        for (p++; isdigit((unsigned char)*p); p++) {}
        if (*p == ':') {
            snprintf(err, errlen, "%.*s%s: %s", (int)(at - msg), msg, src, p + 1 + (p[1] == ' '));
            return;
        }
    }
    snprintf(err, errlen, "%s", msg);
}

/* The file the function on top of the stack was loaded from, into src. */
static void source_of(lua_State *L, char *src, size_t len)
{
    lua_Debug ar;
    src[0] = '\0';
    lua_pushvalue(L, -1);
    if (lua_getinfo(L, ">S", &ar) && ar.what[0] != 'C') snprintf(src, len, "%s", ar.short_src);
}

/* Load file rel ("scripts/x/game.lua") in a fresh sandbox whose require
 * looks in gamedir first; run it and leave its single result. src gets
 * the file's name as its errors give it (LUA_IDSIZE bytes). */
static bool run_script_file(grove_vm *vm, const char *path, const char *gamedir, char *src, char *err,
                            size_t errlen)
{
    lua_State *L = vm->L;
    vm_push_sandbox(vm, gamedir);                        /* [env] */
    if (vm_loadfile(vm, path, -1) != LUA_OK) {
        snprintf(err, errlen, "%s", lua_tostring(L, -1));
        lua_pop(L, 2);
        return false;
    }
    lua_remove(L, -2);                                   /* [chunk] */
    source_of(L, src, LUA_IDSIZE);
    if (vm_call(vm, 0, 1, NULL) != LUA_OK) {
        script_error(L, src, err, errlen);
        lua_pop(L, 1);
        return false;
    }
    return true;
}

/* Does the list at idx (a Lua array of strings) contain s? */
static bool list_has(lua_State *L, int idx, const char *s)
{
    if (!lua_istable(L, idx)) return false;
    int n = (int)lua_rawlen(L, idx);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, idx, i);
        bool eq = lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), s) == 0;
        lua_pop(L, 1);
        if (eq) return true;
    }
    return false;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

static bool is_dir(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* Is `dir` the folder `own` (both as given, or the same folder on disk)? */
static bool same_folder(const char *dir, const char *own)
{
    if (!strcmp(dir, own)) return true;
    char a[PATH_MAX], b[PATH_MAX];
    return realpath(dir, a) && realpath(own, b) && !strcmp(a, b);
}

int game_folders(grove_vm *vm, const char *name, char (*out)[GAME_FOLDER_MAX], int max)
{
    if (max < 1 || !plain_name(name) || !vm_find_game(vm, name, out[0], sizeof out[0])) return 0;
    int n = 1;
    for (int i = 0; i < vm->npaths && n < max; i++)
        for (int direct = 0; direct < 2 && n < max; direct++) {
            int len = snprintf(out[n], sizeof out[n], direct ? "%s/%s" : "%s/scripts/%s", vm->paths[i], name);
            if (len <= 0 || (size_t)len >= sizeof out[n] || !is_dir(out[n])) continue;
            bool seen = false;
            for (int k = 0; k < n && !seen; k++) seen = same_folder(out[n], out[k]);
            if (!seen) n++;
        }
    return n;
}

int game_overlay_variants(grove_vm *vm, const char *name, char (*out)[64], int max)
{
    char dirs[GAME_MAX_FOLDERS][GAME_FOLDER_MAX];
    int ndirs = game_folders(vm, name, dirs, GAME_MAX_FOLDERS);
    int n = 0;
    for (int i = 1; i < ndirs; i++) {                    /* (0 is the game's own) */
        DIR *d = opendir(dirs[i]);
        if (!d) continue;
        struct dirent *e;
        while ((e = readdir(d)) && n < max) {
            size_t len = strlen(e->d_name);
            if (len < 5 || len - 4 >= 64 || strcmp(e->d_name + len - 4, ".lua")) continue;
            char v[64];
            snprintf(v, sizeof v, "%.*s", (int)(len - 4), e->d_name);
            char path[GAME_FOLDER_MAX + 300];
            snprintf(path, sizeof path, "%s/%s", dirs[i], e->d_name);
            if (!plain_name(v) || !strcmp(v, "game") || !vm_is_file(path)) continue;
            bool dup = false;
            for (int k = 0; k < n; k++) dup = dup || !strcmp(out[k], v);
            if (!dup) snprintf(out[n++], 64, "%s", v);
        }
        closedir(d);
    }
    qsort(out, (size_t)n, sizeof out[0], cmp_name);
    return n;
}

/* ---- player counts ---------------------------------------------------------- */

/* The player counts a definition or a variant declares. */
typedef struct {
    char name[64];              /* the variant ("" for the game itself) */
    int min, max, dflt;         /* dflt 0: none given */
} counts;

/* def.players of the definition at idx: into *c over what it holds (the
 * fields not given keep their value); false when it has no players table. */
static bool read_counts(lua_State *L, int idx, counts *c)
{
    if (lua_getfield(L, idx, "players") != LUA_TTABLE) { lua_pop(L, 1); return false; }
    const char *keys[] = { "min", "max", "default" };
    int *into[] = { &c->min, &c->max, &c->dflt };
    for (int k = 0; k < 3; k++) {
        if (lua_getfield(L, -1, keys[k]) == LUA_TNUMBER && lua_isinteger(L, -1)) *into[k] = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return true;
}

/* "1 player", "2 to 4 players" */
static const char *counts_text(const counts *c, char *buf, size_t len)
{
    if (c->min == c->max) snprintf(buf, len, "%d player%s", c->min, c->min == 1 ? "" : "s");
    else snprintf(buf, len, "%d to %d players", c->min, c->max);
    return buf;
}

/* After variant v made the definition at idx: does it declare its own
 * player counts (a players table other than the one before, or changed
 * counts)? Then add them to decl[*n]. `before` is the stack index of the
 * players table before v (or of nil); *prev its counts, updated. */
static void note_variant_counts(lua_State *L, int idx, int before, const char *v, counts *prev,
                                counts *decl, int *n)
{
    lua_getfield(L, idx, "players");
    bool other = !lua_rawequal(L, -1, before);
    lua_replace(L, before);                              /* the next variant's "before" */
    counts now = *prev;
    if (!read_counts(L, idx, &now)) return;
    bool changed = other || now.min != prev->min || now.max != prev->max || now.dflt != prev->dflt;
    *prev = now;
    if (!changed) return;
    decl[*n] = now;
    snprintf(decl[*n].name, sizeof decl[*n].name, "%s", v);
    (*n)++;
}

/* The counts the game takes with its variants: the declaring variants'
 * ranges intersected (the game's own when none declares), and its default:
 * the last declared default those counts allow, else the smallest. Pushes
 * {min =, max =, default =, [i] = {name =, min =, max =}} (the declaring
 * variants, for the messages), or writes err when two variants share no
 * count. */
static bool push_counts(lua_State *L, const char *name, const counts *base, const counts *decl, int n,
                        char *err, size_t errlen)
{
    counts all = *base;
    if (n > 0) { all.min = decl[0].min; all.max = decl[0].max; }
    for (int i = 1; i < n; i++) {
        if (decl[i].min > all.min) all.min = decl[i].min;
        if (decl[i].max < all.max) all.max = decl[i].max;
    }
    if (all.min > all.max) {
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                if (decl[i].min > decl[j].max || decl[j].min > decl[i].max) {
                    char a[48], b[48];
                    snprintf(err, errlen, "the variants %s and %s of %s share no player count: %s is played by %s, "
                             "%s by %s", decl[i].name, decl[j].name, name, decl[i].name,
                             counts_text(&decl[i], a, sizeof a), decl[j].name, counts_text(&decl[j], b, sizeof b));
                    return false;
                }
        snprintf(err, errlen, "the variants of %s share no player count", name);
        return false;
    }
    all.dflt = 0;
    for (int i = n - 1; i >= 0 && !all.dflt; i--)
        if (decl[i].dflt >= all.min && decl[i].dflt <= all.max) all.dflt = decl[i].dflt;
    if (!all.dflt && base->dflt >= all.min && base->dflt <= all.max) all.dflt = base->dflt;
    if (!all.dflt) all.dflt = all.min;
    lua_createtable(L, n, 3);
    lua_pushinteger(L, all.min);
    lua_setfield(L, -2, "min");
    lua_pushinteger(L, all.max);
    lua_setfield(L, -2, "max");
    lua_pushinteger(L, all.dflt);
    lua_setfield(L, -2, "default");
    for (int i = 0; i < n; i++) {
        lua_createtable(L, 0, 3);
        lua_pushstring(L, decl[i].name);
        lua_setfield(L, -2, "name");
        lua_pushinteger(L, decl[i].min);
        lua_setfield(L, -2, "min");
        lua_pushinteger(L, decl[i].max);
        lua_setfield(L, -2, "max");
        lua_rawseti(L, -2, i + 1);
    }
    return true;
}

bool defs_load(grove_vm *vm, const char *name, const char *variants, bool fresh,
               char *err, size_t errlen)
{
    lua_State *L = vm->L;
    if (!variants) variants = "";
    if (!plain_name(name)) {
        snprintf(err, errlen, "bad game name '%s'", name ? name : "");
        return false;
    }
    char key[400];
    snprintf(key, sizeof key, "%s|%s", name, variants);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &KEY_DEFS) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &KEY_DEFS);
    }                                                    /* [cache] */
    if (!fresh && lua_getfield(L, -1, key) == LUA_TTABLE) {
        lua_remove(L, -2);
        return true;
    }
    if (!fresh) lua_pop(L, 1);
    vm->source_print = 0xcbf29ce484222325ULL;           /* the files loaded from here on */

    char folders[GAME_MAX_FOLDERS][GAME_FOLDER_MAX], path[GAME_FOLDER_MAX + 100];
    int nfolders = game_folders(vm, name, folders, GAME_MAX_FOLDERS);
    const char *dir = folders[0];
    if (nfolders == 0) {
        snprintf(err, errlen, "no game '%s' (no folder %s/ holding game.lua, in scripts/ or not, on the search "
                 "path nor here; try grove list)", name, name);
        lua_pop(L, 1);
        return false;
    }
    snprintf(path, sizeof path, "%s/game.lua", dir);
    char game_src[LUA_IDSIZE];                           /* "scripts/x/game.lua", as errors name it */
    if (!run_script_file(vm, path, dir, game_src, err, errlen)) { lua_pop(L, 1); return false; }
    if (!lua_istable(L, -1)) {
        snprintf(err, errlen, "%s must return the game definition table, not a %s", game_src,
                 luaL_typename(L, -1));
        lua_pop(L, 2);
        return false;
    }                                                    /* [cache, def] */
    /* the game's own player counts (1 to 8, default the smallest or 2, where
     * it says nothing), then those of each variant that declares its own */
    counts base = { "", 1, 8, 0 }, prev;
    bool has_players = read_counts(L, -1, &base);
    if (!base.dflt) base.dflt = has_players ? base.min : 2;
    prev = base;
    counts decl[GAME_MAX_VARIANTS / 2];
    int ndecl = 0;
    lua_getfield(L, -1, "players");
    lua_insert(L, -3);                                   /* [players, cache, def] */
    int before = lua_gettop(L) - 2;
    /* variants: each a file returning function(def) -> def */
    char vbuf[GAME_MAX_VARIANTS];
    snprintf(vbuf, sizeof vbuf, "%s", variants);
    char *vsave = NULL;
    for (char *v = strtok_r(vbuf, ",", &vsave); v; v = strtok_r(NULL, ",", &vsave)) {
        while (*v == ' ') v++;
        lua_getfield(L, -1, "variants");
        bool known = plain_name(v) && list_has(L, -1, v);
        lua_pop(L, 1);
        snprintf(path, sizeof path, "%s/%s.lua", dir, v);
        /* a variant an overlay adds: V.lua in another folder of the game on
         * the search path than its own (whose variants the game lists, so a
         * helper module beside game.lua is never taken for one) */
        for (int i = 1; !known && plain_name(v) && i < nfolders; i++) {
            int n = snprintf(path, sizeof path, "%s/%s.lua", folders[i], v);
            known = n > 0 && (size_t)n < sizeof path && vm_is_file(path);
        }
        if (!known) {
            snprintf(err, errlen, "%s has no variant '%s' (see grove list)", name, v);
            lua_settop(L, before - 1);
            return false;
        }
        char vsrc[LUA_IDSIZE];
        if (!run_script_file(vm, path, dir, vsrc, err, errlen)) { lua_settop(L, before - 1); return false; }
        if (!lua_isfunction(L, -1)) {
            snprintf(err, errlen, "%s must return a function(game) that returns the changed game", vsrc);
            lua_settop(L, before - 1);
            return false;
        }
        char src[LUA_IDSIZE];
        source_of(L, src, sizeof src);
        lua_insert(L, -2);                               /* [players, cache, fn, def] */
        if (vm_call(vm, 1, 1, v) != LUA_OK || !lua_istable(L, -1)) {
            if (lua_isstring(L, -1)) script_error(L, src, err, errlen);
            else snprintf(err, errlen, "variant %s did not return the game table", v);
            lua_settop(L, before - 1);
            return false;
        }
        if (ndecl < (int)(sizeof decl / sizeof decl[0]))
            note_variant_counts(L, lua_gettop(L), before, v, &prev, decl, &ndecl);
    }
    for (const char *const *h = required_hooks; *h; h++) {
        if (lua_getfield(L, -1, *h) != LUA_TFUNCTION) {
            snprintf(err, errlen, "%s: the game definition has no '%s' function "
                     "(use require \"grove.game\" to get defaults)", game_src, *h);
            lua_settop(L, before - 1);
            return false;
        }
        lua_pop(L, 1);
    }
    lua_remove(L, before);                               /* [cache, def] */
    /* beside it, the player counts it takes (a variant's message names it) */
    lua_pushfstring(L, "%s#players", key);               /* [cache, def, key#players] */
    if (!push_counts(L, name, &base, decl, ndecl, err, errlen)) {
        lua_pop(L, 3);
        return false;
    }
    lua_rawset(L, -4);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, key);
    /* beside it, the fingerprint of every file read to build it */
    lua_pushfstring(L, "%s#print", key);                 /* [cache, def, key#print] */
    lua_pushinteger(L, (lua_Integer)vm->source_print);
    lua_rawset(L, -4);
    lua_remove(L, -2);                                   /* [def] */
    return true;
}

uint64_t defs_print(lua_State *L, const char *name, const char *variants)
{
    uint64_t print = 0;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &KEY_DEFS) == LUA_TTABLE) {
        lua_pushfstring(L, "%s|%s#print", name, variants ? variants : "");
        lua_rawget(L, -2);
        print = (uint64_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return print;
}

/* Push the counts table defs_load cached for name|variants (nil if none). */
static void push_cached_counts(lua_State *L, const char *name, const char *variants)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &KEY_DEFS) == LUA_TTABLE) {
        lua_pushfstring(L, "%s|%s#players", name, variants ? variants : "");
        lua_rawget(L, -2);
    } else {
        lua_pushnil(L);
    }
    lua_remove(L, -2);
}

static int int_field(lua_State *L, int idx, const char *k)
{
    lua_getfield(L, idx, k);
    int v = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return v;
}

bool defs_check_players(lua_State *L, const char *name, const char *variants, int players,
                        char *err, size_t errlen)
{
    push_cached_counts(L, name, variants);
    int t = lua_gettop(L);
    bool ok = true;
    char text[48];
    if (lua_istable(L, t)) {
        int n = (int)lua_rawlen(L, t);
        for (int i = 1; i <= n && ok; i++) {             /* a variant that declares its counts */
            lua_rawgeti(L, t, i);
            counts c = { "", int_field(L, -1, "min"), int_field(L, -1, "max"), 0 };
            if (players < c.min || players > c.max) {
                lua_getfield(L, -1, "name");
                snprintf(err, errlen, "the variant %s of %s is played by %s, not %d", lua_tostring(L, -1), name,
                         counts_text(&c, text, sizeof text), players);
                lua_pop(L, 1);
                ok = false;
            }
            lua_pop(L, 1);
        }
        counts all = { "", int_field(L, t, "min"), int_field(L, t, "max"), 0 };
        if (ok && (players < all.min || players > all.max)) {
            snprintf(err, errlen, "%s is played by %s, not %d", name, counts_text(&all, text, sizeof text), players);
            ok = false;
        }
    }
    lua_pop(L, 1);
    return ok;
}

void defs_version(lua_State *L, int def, char *out, size_t len)
{
    out[0] = '\0';
    int t = lua_getfield(L, def, "version");
    if (t == LUA_TSTRING || t == LUA_TNUMBER) snprintf(out, len, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
}

typedef struct {
    grove_vm *vm;
    const char *name, *variants;
    bool fresh, ok;
    char *err;
    size_t errlen;
} def_ctx;

static int def_body(lua_State *L)
{
    def_ctx *c = lua_touserdata(L, 1);
    lua_pop(L, 1);
    c->ok = defs_load(c->vm, c->name, c->variants, c->fresh, c->err, c->errlen);
    return c->ok ? 1 : 0;
}

typedef struct {
    def_ctx def;
    game_counts *out;
} counts_ctx;

/* Load name|variants (cached) and read the counts defs_load noted. */
static int counts_body(lua_State *L)
{
    counts_ctx *c = lua_touserdata(L, 1);
    lua_pop(L, 1);
    c->def.ok = defs_load(c->def.vm, c->def.name, c->def.variants, false, c->def.err, c->def.errlen);
    if (!c->def.ok) return 0;
    push_cached_counts(L, c->def.name, c->def.variants);
    c->def.ok = lua_istable(L, -1);
    if (c->def.ok) {
        c->out->min = int_field(L, -1, "min");
        c->out->max = int_field(L, -1, "max");
        c->out->def = int_field(L, -1, "default");
    } else {
        snprintf(c->def.err, c->def.errlen, "%s: no player counts known", c->def.name);
    }
    return 0;
}

bool game_counts_of(grove_vm *vm, const char *name, const char *variants, game_counts *out,
                    char *err, size_t errlen)
{
    counts_ctx c = { { vm, name, variants ? variants : "", false, false, err, errlen }, out };
    int top = lua_gettop(vm->L);
    bool ok = vm_protect(vm, counts_body, &c, 0, err, errlen) && c.def.ok;
    lua_settop(vm->L, top);
    return ok;
}

bool game_load_def(grove_vm *vm, const char *name, const char *variants, bool fresh,
                   char *err, size_t errlen)
{
    def_ctx c = { vm, name, variants, fresh, false, err, errlen };
    int top = lua_gettop(vm->L);
    if (!vm_protect(vm, def_body, &c, LUA_MULTRET, err, errlen)) return false;
    if (!c.ok) lua_settop(vm->L, top);
    return c.ok;
}


/* ---- what a tool lists --------------------------------------------------------- */

/* t[k] without metamethods: the host reads a script's tables outside a
 * call only raw (inside one, the budget bounds what a metamethod does). */
static int raw_field(lua_State *L, int t, const char *k)
{
    t = lua_absindex(L, t);
    lua_pushstring(L, k);
    return lua_rawget(L, t);
}

/* Fill the parts of *out the definition on top of the stack gives. */
static void about_def(lua_State *L, game_about *out)
{
    int def = lua_gettop(L);
    if (raw_field(L, def, "title") == LUA_TSTRING) snprintf(out->title, sizeof out->title, "%s", lua_tostring(L, -1));
    if (raw_field(L, def, "players") == LUA_TTABLE) {
        raw_field(L, -1, "min");
        out->min_players = (int)lua_tointeger(L, -1);
        raw_field(L, -2, "max");
        out->max_players = (int)lua_tointeger(L, -1);
    }
    lua_settop(L, def);
    if (raw_field(L, def, "variants") == LUA_TTABLE) {
        int n = (int)lua_rawlen(L, -1);
        for (int i = 1; i <= n && out->nvariants < GAME_MAX_LISTED; i++) {
            const char *v = lua_rawgeti(L, -1, i) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
            snprintf(out->variants[out->nvariants++], sizeof out->variants[0], "%s", v ? v : "?");
            lua_pop(L, 1);
        }
    }
    lua_settop(L, def);
}

bool game_about_of(grove_vm *vm, const char *name, game_about *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s", name);
    if (!game_load_def(vm, name, "", false, err, errlen)) {
        snprintf(out->error, sizeof out->error, "%s", err);
        return false;
    }
    about_def(vm->L, out);
    lua_pop(vm->L, 1);
    vm_find_game(vm, name, out->folder, sizeof out->folder);
    out->noverlays = game_overlay_variants(vm, name, out->overlays, GAME_MAX_LISTED);
    return true;
}

static int cmp_about(const void *a, const void *b)
{
    return strcmp(((const game_about *)a)->name, ((const game_about *)b)->name);
}

game_about *game_list(grove_vm *vm, int *n)
{
    *n = 0;
    int cap = 16;
    game_about *list = malloc((size_t)cap * sizeof *list);
    if (!list) return NULL;
    /* each folder of the search path, then the working directory, as
     * vm_find_game looks: the games in its scripts/, then its own */
    for (int i = 0; i < 2 * (vm->npaths + 1); i++) {
        char dir[2048], here[2048];
        const char *place = i / 2 < vm->npaths ? vm->paths[i / 2] : getcwd(here, sizeof here);
        if (!place) break;
        snprintf(dir, sizeof dir, i % 2 ? "%s" : "%s/scripts", place);
        DIR *d = opendir(dir);
        if (!d) continue;
        struct dirent *e;
        while ((e = readdir(d)) && *n < 256) {
            if (e->d_name[0] == '.' || strlen(e->d_name) >= sizeof list[0].name) continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s/game.lua", dir, e->d_name);
            FILE *f = fopen(path, "r");
            if (!f) continue;
            fclose(f);
            bool dup = false;
            for (int k = 0; k < *n; k++) dup = dup || !strcmp(list[k].name, e->d_name);
            if (dup) continue;
            if (*n == cap) {
                game_about *more = realloc(list, (size_t)cap * 2 * sizeof *list);
                if (!more) break;
                list = more;
                cap *= 2;
            }
            game_about *a = &list[(*n)++];
            memset(a, 0, sizeof *a);
            snprintf(a->name, sizeof a->name, "%s", e->d_name);
            snprintf(a->folder, sizeof a->folder, "%s/%s", dir, e->d_name);
        }
        closedir(d);
    }
    qsort(list, (size_t)*n, sizeof *list, cmp_about);
    for (int k = 0; k < *n; k++) {
        game_about *a = &list[k];
        a->noverlays = game_overlay_variants(vm, a->name, a->overlays, GAME_MAX_LISTED);
        if (game_load_def(vm, a->name, "", false, a->error, sizeof a->error)) {
            about_def(vm->L, a);
            lua_pop(vm->L, 1);
        }
    }
    return list;
}
