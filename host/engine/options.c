/*
 * options.c — a game's options: what its definition declares (def.options,
 * a list of {name =, default =, min =, max = | choices =, by_players =,
 * help =}, checked by the stdlib's game.define), the values a game is
 * opened with (the defaults, then the player's, each converted from text
 * where it is text and checked against its declaration), the read-only
 * view rules read them through (s.options, also setup's second argument),
 * and what tools list of them (grove list --options, help GAME).
 *
 * An option's type is its default's: a whole number, a number, true or
 * false, or a text. A value given as text (`--set winning_score=12`, a
 * save file's `option` line) is read as that type, numbers in decimal
 * only (a whole number as digits, a number with a point and, as saves
 * write them, an exponent: not 0x10, nor 1e3 for a whole number); an
 * unknown name is refused naming the nearest declared one. The player
 * count, the seed and the variants are no options: --set refuses them.
 */
#include <ctype.h>
#include <inttypes.h>
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game_impl.h"

#define MAX_DECLARED 64     /* the most options listed or searched for a near name */

/* ---- names ------------------------------------------------------------------- */

/* The edit distance between a and b, ignoring case (insertions, deletions,
 * substitutions and swaps of two neighbours each cost 1); names longer
 * than 63 characters are compared on their first 63. */
static int distance(const char *a, const char *b)
{
    int n = (int)strlen(a), m = (int)strlen(b);
    if (n > 63) n = 63;
    if (m > 63) m = 63;
    int d[64][64];
    for (int i = 0; i <= n; i++) d[i][0] = i;
    for (int j = 0; j <= m; j++) d[0][j] = j;
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= m; j++) {
            int same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
            int best = d[i - 1][j - 1] + !same;
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

/* The name of names[0..n) nearest to word; NULL when n is 0. */
static const char *nearest(const char *word, const char *const *names, int n)
{
    const char *best = NULL;
    int bestd = 0;
    for (int i = 0; i < n; i++) {
        int d = distance(word, names[i]);
        if (!best || d < bestd) { best = names[i]; bestd = d; }
    }
    return best;
}

/* ---- declarations -------------------------------------------------------------- */

/* The type of the declaration at decl, by its default: 'i' a whole number,
 * 'n' a number, 'b' true or false, 's' a text; 0 when it has none. */
static char decl_type(lua_State *L, int decl)
{
    char t = 0;
    switch (lua_getfield(L, decl, "default")) {
    case LUA_TNUMBER: t = lua_isinteger(L, -1) ? 'i' : 'n'; break;
    case LUA_TBOOLEAN: t = 'b'; break;
    case LUA_TSTRING: t = 's'; break;
    default: break;
    }
    lua_pop(L, 1);
    return t;
}

/* Push the declaration of option `name` from def.options of the definition
 * at def; false (nothing pushed) when it declares none by that name. */
static bool push_decl(lua_State *L, int def, const char *name)
{
    if (lua_getfield(L, def, "options") != LUA_TTABLE) { lua_pop(L, 1); return false; }
    int n = (int)lua_rawlen(L, -1);
    for (int i = 1; i <= n; i++) {
        if (lua_rawgeti(L, -1, i) == LUA_TTABLE) {
            bool same = lua_getfield(L, -1, "name") == LUA_TSTRING && !strcmp(lua_tostring(L, -1), name);
            lua_pop(L, 1);
            if (same) { lua_remove(L, -2); return true; }
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return false;
}

/* The names def.options declares (at most max), kept alive by the
 * definition; returns how many. */
static int declared_names(lua_State *L, int def, const char **names, int max)
{
    int k = 0, list = lua_gettop(L) + 1;
    if (lua_getfield(L, def, "options") == LUA_TTABLE) {
        int n = (int)lua_rawlen(L, list);
        for (int i = 1; i <= n && k < max; i++) {
            if (lua_rawgeti(L, list, i) == LUA_TTABLE && lua_getfield(L, -1, "name") == LUA_TSTRING)
                names[k++] = lua_tostring(L, -1);    /* a string held by the declaration */
            lua_settop(L, list);
        }
    }
    lua_settop(L, list - 1);
    return k;
}

/* The value at idx as its option's text: 12, 0.5, true, easy. */
static void value_text(lua_State *L, int idx, char *buf, size_t len)
{
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) snprintf(buf, len, "%" PRId64, (int64_t)lua_tointeger(L, idx));
        else {
            double d = lua_tonumber(L, idx);
            snprintf(buf, len, "%.15g", d);
            if (strtod(buf, NULL) != d) snprintf(buf, len, "%.17g", d);     /* the shortest that reads back */
        }
        break;
    case LUA_TBOOLEAN: snprintf(buf, len, "%s", lua_toboolean(L, idx) ? "true" : "false"); break;
    case LUA_TSTRING: snprintf(buf, len, "%s", lua_tostring(L, idx)); break;
    default: snprintf(buf, len, "%s", luaL_typename(L, idx)); break;
    }
}

/* What values the declaration at decl takes, in words: "a whole number
 * from 1 to 99", "one of easy, normal, hard", "true or false", "any whole
 * number", "any text". */
static void values_text(lua_State *L, int decl, char *buf, size_t len)
{
    char t = decl_type(L, decl);
    buf[0] = '\0';
    if (lua_getfield(L, decl, "choices") == LUA_TTABLE) {
        int n = (int)lua_rawlen(L, -1);
        size_t used = (size_t)snprintf(buf, len, "one of ");
        for (int i = 1; i <= n && used < len; i++) {
            char one[64];
            lua_rawgeti(L, -1, i);
            value_text(L, -1, one, sizeof one);
            lua_pop(L, 1);
            used += (size_t)snprintf(buf + used, len - used, "%s%s", i == 1 ? "" : ", ", one);
        }
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    if (t == 'b') { snprintf(buf, len, "true or false"); return; }
    if (t == 's') { snprintf(buf, len, "any text"); return; }
    char lo[64] = "", hi[64] = "";
    if (lua_getfield(L, decl, "min") == LUA_TNUMBER) value_text(L, -1, lo, sizeof lo);
    if (lua_getfield(L, decl, "max") == LUA_TNUMBER) value_text(L, -1, hi, sizeof hi);
    lua_pop(L, 2);
    const char *what = t == 'i' ? "whole number" : "number";
    if (*lo && *hi) snprintf(buf, len, "a %s from %s to %s", what, lo, hi);
    else if (*lo) snprintf(buf, len, "a %s from %s", what, lo);
    else if (*hi) snprintf(buf, len, "a %s up to %s", what, hi);
    else snprintf(buf, len, "any %s", what);
}

/* ---- values -------------------------------------------------------------------- */

/* A yes/no word as a boolean: 1, 0, or -1 when it is none. */
static int truth(const char *s)
{
    const char *yes[] = { "true", "yes", "on", "1" }, *no[] = { "false", "no", "off", "0" };
    for (int i = 0; i < 4; i++) {
        if (!strcasecmp(s, yes[i])) return 1;
        if (!strcasecmp(s, no[i])) return 0;
    }
    return -1;
}

/* Is s a number written in decimal: [+-]DIGITS; with `fraction`, also
 * with a point and digits after it and an exponent ([eE][+-]DIGITS), the
 * way a save writes a number? No hexadecimal, no spaces, no inf or nan. */
static bool decimal_text(const char *s, bool fraction)
{
    if (*s == '+' || *s == '-') s++;
    size_t whole = strspn(s, "0123456789");
    s += whole;
    if (!fraction) return whole > 0 && !*s;
    size_t part = 0;
    if (*s == '.') { s++; part = strspn(s, "0123456789"); s += part; }
    if (whole + part == 0) return false;
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-') s++;
        size_t exp = strspn(s, "0123456789");
        if (!exp) return false;
        s += exp;
    }
    return !*s;
}

/* Push the value at val converted to the type of the declaration at decl
 * and checked against its choices or range; false with err (nothing
 * pushed) when it does not fit. `game` and `opt` name it in the message. */
static bool convert(lua_State *L, int decl, int val, const char *gname, const char *opt, char *err, size_t errlen)
{
    char t = decl_type(L, decl), given[96], allowed[256];
    value_text(L, val, given, sizeof given);
    values_text(L, decl, allowed, sizeof allowed);
    int vt = lua_type(L, val);
    int ok = 0;
    bool text_number = vt == LUA_TSTRING && decimal_text(lua_tostring(L, val), t != 'i');
    if (t == 'i') {
        lua_Integer i = lua_tointegerx(L, val, &ok);
        if (ok && (vt == LUA_TNUMBER || text_number)) lua_pushinteger(L, i);
        else ok = 0;
    } else if (t == 'n') {
        lua_Number d = lua_tonumberx(L, val, &ok);
        if (ok && (vt == LUA_TNUMBER || text_number) && isfinite(d)) lua_pushnumber(L, d);
        else ok = 0;
    } else if (t == 'b') {
        int b = vt == LUA_TBOOLEAN ? lua_toboolean(L, val) : vt == LUA_TSTRING ? truth(lua_tostring(L, val)) : -1;
        if ((ok = b >= 0)) lua_pushboolean(L, b);
    } else if (t == 's') {
        if ((ok = vt == LUA_TSTRING)) lua_pushvalue(L, val);
    } else {
        /* no default to say the type: text reads as a number or a yes/no
         * word where it is one */
        ok = 1;
        if (vt != LUA_TSTRING || !text_number || !lua_stringtonumber(L, lua_tostring(L, val))) {   /* a number: pushed */
            int b = vt == LUA_TSTRING ? truth(lua_tostring(L, val)) : -1;
            if (b >= 0) lua_pushboolean(L, b);
            else lua_pushvalue(L, val);
        }
    }
    if (!ok) {
        /* a number in another notation (0x10, 1e3, " 12"): say how to write it */
        bool notation = (t == 'i' || t == 'n') && vt == LUA_TSTRING && lua_stringtonumber(L, lua_tostring(L, val));
        if (notation) lua_pop(L, 1);
        snprintf(err, errlen, "option %s of %s takes %s, not '%s'%s", opt, gname, allowed, given,
                 notation ? t == 'i' ? " (write it in decimal digits)" : " (write it in decimal: 0.5, 12)" : "");
        return false;
    }
    int v = lua_gettop(L);
    value_text(L, v, given, sizeof given);
    if (lua_getfield(L, decl, "choices") == LUA_TTABLE) {
        int n = (int)lua_rawlen(L, -1);
        bool found = false;
        const char *names[MAX_DECLARED];
        int nnames = 0;
        for (int i = 1; i <= n && !found; i++) {
            lua_rawgeti(L, -1, i);
            found = lua_rawequal(L, -1, v);
            if (lua_type(L, -1) == LUA_TSTRING && nnames < MAX_DECLARED) names[nnames++] = lua_tostring(L, -1);
            lua_pop(L, 1);
        }
        if (!found) {
            const char *near = lua_type(L, v) == LUA_TSTRING ? nearest(given, names, nnames) : NULL;
            char hint[128] = "";
            if (near) snprintf(hint, sizeof hint, " (did you mean '%s'?)", near);
            snprintf(err, errlen, "option %s of %s takes %s, not '%s'%s", opt, gname, allowed, given, hint);
            lua_settop(L, v - 1);
            return false;
        }
    }
    lua_pop(L, 1);
    const char *bound[] = { "min", "max" };
    for (int k = 0; k < 2; k++) {
        if (lua_getfield(L, decl, bound[k]) == LUA_TNUMBER && lua_type(L, v) == LUA_TNUMBER
            && lua_compare(L, k == 0 ? v : -1, k == 0 ? -1 : v, LUA_OPLT)) {
            snprintf(err, errlen, "option %s of %s takes %s, not %s", opt, gname, allowed, given);
            lua_settop(L, v - 1);
            return false;
        }
        lua_pop(L, 1);
    }
    return true;
}

/* Say that game `gname` (its definition at def) has no option `k`, naming
 * the nearest it declares. */
static void no_option(lua_State *L, int def, const char *gname, const char *k, char *err, size_t errlen)
{
    const char *names[MAX_DECLARED];
    int n = declared_names(L, def, names, MAX_DECLARED);
    if (n == 0)
        snprintf(err, errlen, "%s has no option '%s': it declares none", gname, k);
    else
        snprintf(err, errlen, "%s has no option '%s' (did you mean '%s'? grove list --options %s lists them)", gname,
                 k, nearest(k, names, n), gname);
}

/* Push the default of the declaration at decl for `players`: by_players'
 * value for that count if it gives one, else default. */
static void push_default(lua_State *L, int decl, int players)
{
    if (lua_getfield(L, decl, "by_players") == LUA_TTABLE) {
        if (lua_rawgeti(L, -1, players) != LUA_TNIL) {
            lua_remove(L, -2);
            return;
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_getfield(L, decl, "default");
}

bool options_build(game *g, int def, int uidx, char *err, size_t errlen)
{
    lua_State *L = g->vm->L;
    def = lua_absindex(L, def);
    if (uidx) uidx = lua_absindex(L, uidx);
    lua_newtable(L);                                     /* [opts] */
    int opts = lua_gettop(L);
    lua_newtable(L);                                     /* [opts, given] */
    int given = opts + 1;
    if (lua_getfield(L, def, "options") == LUA_TTABLE) {
        int n = (int)lua_rawlen(L, -1);
        for (int i = 1; i <= n; i++) {
            if (lua_rawgeti(L, -1, i) == LUA_TTABLE && lua_getfield(L, -1, "name") == LUA_TSTRING) {
                push_default(L, lua_gettop(L) - 1, g->players);   /* [.., decl, name, default] */
                lua_rawset(L, opts);
            }
            lua_settop(L, given + 1);
        }
    }
    lua_settop(L, given);
    if (uidx) {
        lua_pushnil(L);
        while (lua_next(L, uidx)) {                      /* [opts, given, key, value] */
            int key = lua_gettop(L) - 1;
            if (lua_type(L, key) != LUA_TSTRING) {
                snprintf(err, errlen, "%s: options are named by text, not by a %s", g->name, luaL_typename(L, key));
                lua_settop(L, opts - 1);
                return false;
            }
            const char *k = lua_tostring(L, key);
            if (!strcmp(k, "players") || !strcmp(k, "seed") || !strcmp(k, "variants")) { lua_pop(L, 1); continue; }
            if (!push_decl(L, def, k)) {
                no_option(L, def, g->name, k, err, errlen);
                lua_settop(L, opts - 1);
                return false;
            }                                            /* [opts, given, key, value, decl] */
            if (!convert(L, key + 2, key + 1, g->name, k, err, errlen)) {
                lua_settop(L, opts - 1);
                return false;
            }                                            /* [opts, given, key, value, decl, v] */
            lua_pushvalue(L, key);
            lua_pushvalue(L, -2);
            lua_rawset(L, opts);
            lua_pushvalue(L, key);
            lua_insert(L, -2);
            lua_rawset(L, given);
            lua_settop(L, key);
        }
    }
    lua_pushinteger(L, g->players);
    lua_setfield(L, opts, "players");
    lua_pushinteger(L, (lua_Integer)g->seed);
    lua_setfield(L, opts, "seed");
    lua_newtable(L);
    char vbuf[GAME_MAX_VARIANTS];
    snprintf(vbuf, sizeof vbuf, "%s", g->variants);
    char *vsave = NULL;
    for (char *v = strtok_r(vbuf, ",", &vsave); v; v = strtok_r(NULL, ",", &vsave)) {
        while (*v == ' ') v++;
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, v);
    }
    lua_setfield(L, opts, "variants");
    return true;
}

/* s.options: a write to the view raises, saying where options are set. */
static int l_view_newindex(lua_State *L)
{
    const char *name = luaL_tolstring(L, 2, NULL);
    return luaL_error(L, "s.options is read-only: a game's options are chosen when it starts "
                         "(grove play GAME --set %s=VALUE, games.open(name, {%s = ...}))", name, name);
}

void options_push_view(lua_State *L, int opts)
{
    vm_push_readonly(L, opts, l_view_newindex);
}

/* ---- given as text --------------------------------------------------------------- */

/* What the command line sets that is no option: the name, and the option
 * of the command that sets it. */
static const struct { const char *name, *option; } not_options[] = {
    { "players", "--players" }, { "seed", "--seed" }, { "variants", "--variant" }, { "variant", "--variant" },
};

bool game_settings_add(game_settings *set, const char *arg, char *err, size_t errlen)
{
    const char *eq = strchr(arg, '=');
    size_t n = eq ? (size_t)(eq - arg) : 0;
    if (!eq || n == 0) {
        snprintf(err, errlen, "--set needs NAME=VALUE, as in --set winning_score=12, not '%s'", arg);
        return false;
    }
    if (n >= sizeof set->v[0].name || strlen(eq + 1) >= sizeof set->v[0].value) {
        snprintf(err, errlen, "--set %.40s...: the name or the value is too long", arg);
        return false;
    }
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)arg[i]) && arg[i] != '_') {
            snprintf(err, errlen, "--set %s: '%.*s' is no option name (letters, digits and _)", arg, (int)n, arg);
            return false;
        }
    for (size_t k = 0; k < sizeof not_options / sizeof not_options[0]; k++)
        if (strlen(not_options[k].name) == n && !strncmp(arg, not_options[k].name, n)) {
            snprintf(err, errlen, "--set %s: the %s is no option of the game: use %s %s", arg,
                     k == 0 ? "player count" : k == 1 ? "seed" : "variant list", not_options[k].option, eq + 1);
            return false;
        }
    for (int at = 0; at < set->n; at++)
        if (strlen(set->v[at].name) == n && !strncmp(set->v[at].name, arg, n)) {
            snprintf(err, errlen, "--set %s given twice, as %s and as %s: give it once", set->v[at].name,
                     set->v[at].value, eq + 1);
            return false;
        }
    if (set->n == GAME_MAX_SETTINGS) {
        snprintf(err, errlen, "--set: at most %d options", GAME_MAX_SETTINGS);
        return false;
    }
    game_setting *s = &set->v[set->n++];
    snprintf(s->name, sizeof s->name, "%.*s", (int)n, arg);
    snprintf(s->value, sizeof s->value, "%s", eq + 1);
    s->type = 0;
    return true;
}

/* ---- checked before a game opens ------------------------------------------------ */

typedef struct {
    grove_vm *vm;
    const char *name, *variants;
    const game_settings *set;
    char *err;
    size_t errlen;
    int result;                     /* 1 all fit, 0 one does not, -1 the definition does not load */
} check_ctx;

static int check_body(lua_State *L)
{
    check_ctx *c = lua_touserdata(L, 1);
    lua_pop(L, 1);
    if (!defs_load(c->vm, c->name, c->variants, false, c->err, c->errlen)) { c->result = -1; return 0; }
    int def = lua_gettop(L);
    for (int i = 0; i < c->set->n; i++) {
        const char *k = c->set->v[i].name;
        if (!push_decl(L, def, k)) {
            no_option(L, def, c->name, k, c->err, c->errlen);
            c->result = 0;
            break;
        }
        lua_pushstring(L, c->set->v[i].value);       /* [def, decl, text] */
        if (!convert(L, def + 1, def + 2, c->name, k, c->err, c->errlen)) {
            c->result = 0;
            break;
        }
        lua_settop(L, def);
    }
    lua_settop(L, def - 1);
    return 0;
}

int game_settings_check(grove_vm *vm, const char *name, const char *variants, const game_settings *set, char *err,
                        size_t errlen)
{
    check_ctx c = { vm, name, variants ? variants : "", set, err, errlen, 1 };
    if (!set || set->n == 0) return 1;
    int top = lua_gettop(vm->L);
    bool ok = vm_protect(vm, check_body, &c, 0, err, errlen);
    lua_settop(vm->L, top);
    return ok ? c.result : -1;
}

void game_settings_text(const game_settings *set, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < set->n && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s=%s", i ? ", " : "", set->v[i].name, set->v[i].value);
}

/* ---- read back ------------------------------------------------------------------- */

typedef struct {
    game *g;
    bool changed_only;
    game_settings *out;
} values_ctx;

static int values_body(lua_State *L)
{
    values_ctx *c = lua_touserdata(L, 1);
    lua_pop(L, 1);
    game *g = c->g;
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->def_ref);
    int def = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->opts_ref);
    int opts = def + 1, list = def + 2;
    if (lua_getfield(L, def, "options") == LUA_TTABLE) {
        int n = (int)lua_rawlen(L, list);
        for (int i = 1; i <= n && c->out->n < GAME_MAX_SETTINGS; i++) {
            lua_settop(L, list);
            int decl = list + 1, name = list + 2, value = list + 3;
            if (lua_rawgeti(L, list, i) != LUA_TTABLE || lua_getfield(L, decl, "name") != LUA_TSTRING) continue;
            lua_pushvalue(L, name);
            lua_rawget(L, opts);                         /* [def, opts, list, decl, name, value] */
            push_default(L, decl, g->players);           /* [..., value, default] */
            if (lua_isnil(L, value) || (c->changed_only && lua_rawequal(L, value, value + 1))) continue;
            game_setting *s = &c->out->v[c->out->n++];
            snprintf(s->name, sizeof s->name, "%s", lua_tostring(L, name));
            value_text(L, value, s->value, sizeof s->value);
            s->type = lua_type(L, value) == LUA_TBOOLEAN ? 'b'
                    : lua_type(L, value) == LUA_TSTRING ? 's'
                    : lua_isinteger(L, value) ? 'i' : 'n';
        }
    }
    lua_settop(L, def - 1);
    return 0;
}

bool game_options_values(game *g, bool changed_only, game_settings *out)
{
    out->n = 0;
    values_ctx c = { g, changed_only, out };
    return vm_protect(g->vm, values_body, &c, 0, g->err, sizeof g->err);
}

/* ---- what tools list ----------------------------------------------------------------- */

typedef struct {
    grove_vm *vm;
    const char *name, *variants;
    game_option_info *out;
    int max, n;
    char *err;
    size_t errlen;
    bool ok;
} list_ctx;

static int list_body(lua_State *L)
{
    list_ctx *c = lua_touserdata(L, 1);
    lua_pop(L, 1);
    if (!(c->ok = defs_load(c->vm, c->name, c->variants, false, c->err, c->errlen))) return 0;
    int def = lua_gettop(L);
    if (lua_getfield(L, def, "options") != LUA_TTABLE) return 0;
    int list = def + 1, n = (int)lua_rawlen(L, list);
    for (int i = 1; i <= n && c->n < c->max; i++) {
        lua_settop(L, list);
        if (lua_rawgeti(L, list, i) != LUA_TTABLE || lua_getfield(L, -1, "name") != LUA_TSTRING) continue;
        int decl = list + 1;
        game_option_info *o = &c->out[c->n++];
        memset(o, 0, sizeof *o);
        snprintf(o->name, sizeof o->name, "%s", lua_tostring(L, -1));
        lua_getfield(L, decl, "default");
        value_text(L, -1, o->dflt, sizeof o->dflt);
        values_text(L, decl, o->values, sizeof o->values);
        if (lua_getfield(L, decl, "help") == LUA_TSTRING) snprintf(o->help, sizeof o->help, "%s", lua_tostring(L, -1));
        if (lua_getfield(L, decl, "by_players") == LUA_TTABLE) {
            size_t used = 0;
            for (int p = 1; p <= 64 && used < sizeof o->by_players; p++) {
                if (lua_rawgeti(L, -1, p) != LUA_TNIL) {
                    char v[64];
                    value_text(L, -1, v, sizeof v);
                    used += (size_t)snprintf(o->by_players + used, sizeof o->by_players - used, "%s%s with %d player%s",
                                             used ? ", " : "", v, p, p == 1 ? "" : "s");
                }
                lua_pop(L, 1);
            }
        }
    }
    lua_settop(L, def - 1);
    return 0;
}

int game_options_of(grove_vm *vm, const char *name, const char *variants, game_option_info *out, int max,
                    char *err, size_t errlen)
{
    list_ctx c = { vm, name, variants ? variants : "", out, max, 0, err, errlen, false };
    int top = lua_gettop(vm->L);
    bool ok = vm_protect(vm, list_body, &c, 0, err, errlen) && c.ok;
    lua_settop(vm->L, top);
    return ok ? c.n : -1;
}
