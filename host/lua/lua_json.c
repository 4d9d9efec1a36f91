/*
 * lua_json.c — json.decode and json.encode for trusted Lua (lua_json.h),
 * on host/core/json.h: the reader pulls one value at a time and each goes
 * straight into a Lua value, so a document costs Lua memory (under the
 * VM's cap) and no tree beside it; the writer writes into a textbuf kept
 * in a userdata, which the collector frees if an error cuts the encoding
 * short. Both charge their work to the running call (vm_charge), so
 * Ctrl-C stops a long one.
 *
 *   json.decode(text) -> value      objects are tables with string keys,
 *                                   arrays sequences from 1 (a null leaves
 *                                   its index empty), null nil, numbers
 *                                   written as integers (in int64 range)
 *                                   integers, the rest floats; raises "WHAT
 *                                   at column C" (or "at line L, column C")
 *                                   when the text is not JSON
 *   json.encode(value) -> text      JSON for a browser's page (json.h's
 *                                   JSON_PAGE: < > & escaped, valid UTF-8);
 *                                   an object's keys sorted, so the same
 *                                   value gives the same text; raises,
 *                                   naming where in the value, for what
 *                                   JSON cannot hold
 */
#include "lua_json.h"

#include <lauxlib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "vm.h"

#define CHARGE_EVERY 4096       /* values between two charges */
#define BUFFER_META "grove.json.buffer"

/* ---- decode -------------------------------------------------------------------------------- */

/* Put the value on top into the container below it: under `key` in an
 * object, at `index` in an array. [container, value] -> [container] */
static void set_member(lua_State *L, const char *key, size_t keylen, lua_Integer index)
{
    if (key) {
        lua_pushlstring(L, key, keylen);
        lua_insert(L, -2);
        lua_rawset(L, -3);
    } else {
        lua_rawseti(L, -2, index);
    }
}

static int l_decode(lua_State *L)
{
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    char *copy = lua_newuserdatauv(L, len + 1, 0);     /* [text, copy]: the reader decodes in place */
    memcpy(copy, text, len + 1);
    luaL_checkstack(L, JSON_MAX_DEPTH + 8, "JSON nested too deep");
    json_reader r;
    json_reader_init(&r, copy, len);
    /* for each array or object open (its table on the stack, in order):
       where it goes in its parent, and, for an array, its items so far */
    struct { const char *key; size_t keylen; lua_Integer index, items; bool object; } open[JSON_MAX_DEPTH];
    int depth = 0;
    long values = 0;
    for (;;) {
        json_token t;
        json_event ev = json_next(&r, &t);
        if (ev == JSON_EVENT_END) break;
        if (ev == JSON_EVENT_ERROR) return luaL_error(L, "%s", r.err);
        if (++values % CHARGE_EVERY == 0) vm_charge(L, CHARGE_EVERY);
        if (ev == JSON_EVENT_CLOSE) {
            depth--;
            if (depth > 0) set_member(L, open[depth].key, open[depth].keylen, open[depth].index);
            continue;
        }
        lua_Integer index = 0;
        if (depth > 0 && !open[depth - 1].object) index = ++open[depth - 1].items;
        switch (t.kind) {
        case JSON_NULL: lua_pushnil(L); break;
        case JSON_BOOL: lua_pushboolean(L, t.b); break;
        case JSON_NUMBER:
            if (t.integral) lua_pushinteger(L, (lua_Integer)t.i);
            else lua_pushnumber(L, (lua_Number)t.num);
            break;
        case JSON_STRING: lua_pushlstring(L, t.str, t.len); break;
        case JSON_ARRAY:
        case JSON_OBJECT:
            lua_newtable(L);
            open[depth].key = t.key;
            open[depth].keylen = t.keylen;
            open[depth].index = index;
            open[depth].items = 0;
            open[depth].object = t.kind == JSON_OBJECT;
            depth++;
            continue;                               /* set into its parent when it closes */
        }
        if (depth == 0) continue;                   /* the whole text: one plain value */
        if (t.kind == JSON_NULL) lua_pop(L, 1);     /* nothing to set: the key or index stays empty */
        else set_member(L, t.key, t.keylen, index);
    }
    return 1;
}

/* ---- encode -------------------------------------------------------------------------------- */

typedef struct { const char *key; lua_Integer index; } step;    /* a member by name, or an item by index */

typedef struct {
    lua_State *L;
    textbuf *b;
    size_t limit;                   /* the most text the encoding may make */
    long values;
    int depth;
    step at[JSON_MAX_DEPTH + 1];   /* the way down, for errors */
} encoder;

/* Raise "json.encode: value.moves[3].seat is WHAT". */
static int encode_error(encoder *e, const char *what)
{
    lua_State *L = e->L;
    luaL_Buffer path;
    luaL_buffinit(L, &path);
    luaL_addstring(&path, "json.encode: value");
    for (int d = 1; d <= e->depth; d++) {
        if (e->at[d].key) {
            luaL_addchar(&path, '.');
            luaL_addstring(&path, e->at[d].key);
        } else {
            lua_pushfstring(L, "[%I]", e->at[d].index);
            luaL_addvalue(&path);
        }
    }
    luaL_addstring(&path, " ");
    luaL_addstring(&path, what);
    luaL_pushresult(&path);
    return lua_error(L);
}

typedef struct { const char *s; size_t len; } key_ref;

static int compare_keys(const void *a, const void *b)
{
    const key_ref *x = a, *y = b;
    int c = memcmp(x->s, y->s, x->len < y->len ? x->len : y->len);
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

static void encode_value(encoder *e, int idx);

/* The table at idx: a list (keys 1..n), an object (string keys only), or
 * an empty table, written as []. */
static void encode_table(encoder *e, int idx)
{
    lua_State *L = e->L;
    if (e->depth == JSON_MAX_DEPTH) encode_error(e, "is nested more than 64 tables deep: does a table hold itself?");
    luaL_checkstack(L, 6, "JSON nested too deep");
    lua_Integer listed = 0, n = 0, named = 0, other = 0;   /* n: the largest index */
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING) named++;
        else if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1) {
            listed++;
            if (lua_tointeger(L, -1) > n) n = lua_tointeger(L, -1);
        } else other++;
    }
    if (other) encode_error(e, "is a table with a key that is neither a string nor a list's index (1, 2, ...)");
    if (named && listed) encode_error(e, "is a table with both list items and string keys: JSON has lists or objects");
    if (!named) {                                   /* a list (or empty) */
        if (listed != n) encode_error(e, "is a list with holes: JSON lists have none");
        textbuf_printf(e->b, "[");
        for (lua_Integer i = 1; i <= n; i++) {
            if (i > 1) textbuf_printf(e->b, ",");
            lua_rawgeti(L, idx, i);
            e->at[++e->depth] = (step){ NULL, i };
            encode_value(e, lua_gettop(L));
            e->depth--;
            lua_pop(L, 1);
        }
        textbuf_printf(e->b, "]");
        return;
    }
    key_ref *keys = lua_newuserdatauv(L, (size_t)named * sizeof *keys, 0);     /* collected with the table */
    lua_Integer k = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        keys[k].s = lua_tolstring(L, -1, &keys[k].len);  /* a string key: alive while the table is */
        k++;
    }
    qsort(keys, (size_t)named, sizeof *keys, compare_keys);
    textbuf_printf(e->b, "{");
    for (k = 0; k < named; k++) {
        if (k) textbuf_printf(e->b, ",");
        json_write_string_n(e->b, keys[k].s, keys[k].len, JSON_PAGE);
        textbuf_printf(e->b, ":");
        lua_pushlstring(L, keys[k].s, keys[k].len);
        lua_rawget(L, idx);
        e->at[++e->depth] = (step){ keys[k].s, 0 };
        encode_value(e, lua_gettop(L));
        e->depth--;
        lua_pop(L, 1);
    }
    textbuf_printf(e->b, "}");
    lua_pop(L, 1);                                  /* the keys */
}

static void encode_value(encoder *e, int idx)
{
    lua_State *L = e->L;
    if (++e->values % CHARGE_EVERY == 0) vm_charge(L, CHARGE_EVERY);
    if (e->b->oom) luaL_error(L, "json.encode: not enough memory");
    if (e->b->len > e->limit) luaL_error(L, "json.encode: the text would be larger than %d MiB", (int)(e->limit >> 20));
    switch (lua_type(L, idx)) {
    case LUA_TNIL: textbuf_printf(e->b, "null"); break;
    case LUA_TBOOLEAN: textbuf_printf(e->b, lua_toboolean(L, idx) ? "true" : "false"); break;
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) textbuf_printf(e->b, LUA_INTEGER_FMT, (LUAI_UACINT)lua_tointeger(L, idx));
        else if (!isfinite(lua_tonumber(L, idx))) encode_error(e, "is a number JSON cannot hold (an infinity or NaN)");
        else json_write_number(e->b, (double)lua_tonumber(L, idx));
        break;
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(L, idx, &len);
        json_write_string_n(e->b, s, len, JSON_PAGE);
        break;
    }
    case LUA_TTABLE: encode_table(e, idx); break;
    default:
        lua_pushfstring(L, "is a %s: JSON holds nil, booleans, numbers, strings and tables", luaL_typename(L, idx));
        encode_error(e, lua_tostring(L, -1));
    }
}

static int buffer_gc(lua_State *L)
{
    textbuf *b = lua_touserdata(L, 1);
    free(b->p);
    b->p = NULL;
    return 0;
}

static int l_encode(lua_State *L)
{
    luaL_checkany(L, 1);
    lua_settop(L, 1);
    textbuf *b = lua_newuserdatauv(L, sizeof *b, 0);   /* [value, buffer]: freed by the collector */
    memset(b, 0, sizeof *b);
    luaL_setmetatable(L, BUFFER_META);
    encoder e = { .L = L, .b = b, .limit = vm_of(L)->mem_limit };
    encode_value(&e, 1);
    if (b->oom) return luaL_error(L, "json.encode: not enough memory");
    lua_pushlstring(L, b->p ? b->p : "", b->len);
    free(b->p);
    b->p = NULL;
    return 1;
}

void lua_json_open(lua_State *L)
{
    if (luaL_newmetatable(L, BUFFER_META)) {
        lua_pushcfunction(L, buffer_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_pop(L, 1);
    static const luaL_Reg functions[] = { { "decode", l_decode }, { "encode", l_encode }, { NULL, NULL } };
    luaL_newlib(L, functions);
    vm_add_global(vm_of(L), "json", false);
}
