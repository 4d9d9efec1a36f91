/*
 * json.c — fuzz target: the host's one JSON reader and writer
 * (host/core/json.h) and their Lua binding (host/lua/lua_json.c), on any
 * bytes.
 *
 * Input: the text to read (NUL bytes and all).
 *
 * What must hold (else fuzz_fail aborts):
 *  - the reader never crashes; it reads the text, or refuses it with a
 *    message that says where ("at column C" or "at line L, column C");
 *  - what it reads, written back by the writer (strings, numbers, the
 *    structure), is valid UTF-8 and reads back, and from the second time
 *    on, writing what was read gives the very same text (the first may
 *    still change: -0.0 is written -0, which reads as the integer 0);
 *  - json.decode reads exactly the texts the C reader reads and refuses
 *    the others with the same message; what it returns, json.encode
 *    writes as JSON the C reader reads (or refuses a list with a hole,
 *    where a null was), and the Lua stack is as it was.
 */
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "json.h"
#include "textbuf.h"
#include "utf8.h"

/* The tree at j written back as JSON. */
static void write_node(textbuf *b, const json_node *j)
{
    switch (j->kind) {
    case JSON_NULL: textbuf_printf(b, "null"); break;
    case JSON_BOOL: textbuf_printf(b, j->b ? "true" : "false"); break;
    case JSON_NUMBER:
        if (j->integral) textbuf_printf(b, "%lld", (long long)j->i);
        else json_write_number(b, j->num);
        break;
    case JSON_STRING: json_write_string_n(b, j->str, j->len, JSON_PLAIN); break;
    case JSON_ARRAY:
    case JSON_OBJECT:
        textbuf_printf(b, j->kind == JSON_ARRAY ? "[" : "{");
        for (const json_node *e = j->child; e; e = e->next) {
            if (e != j->child) textbuf_printf(b, ",");
            if (j->kind == JSON_OBJECT) {
                json_write_string(b, e->key, JSON_PLAIN);
                textbuf_printf(b, ":");
            }
            write_node(b, e);
        }
        textbuf_printf(b, j->kind == JSON_ARRAY ? "]" : "}");
        break;
    }
}

/* text read and written back (a copy: the reader changes what it reads);
 * NULL with err when it does not read. The caller frees the result. */
static char *round_trip(const char *text, size_t len, char *err, size_t errlen)
{
    char *copy = malloc(len + 1);
    if (!copy) fuzz_fail("out of memory");
    memcpy(copy, text, len);
    copy[len] = '\0';
    json_arena a = { 0 };
    json_node *j = json_parse(copy, len, &a, err, errlen);
    char *out = NULL;
    if (j) {
        textbuf b = { 0 };
        write_node(&b, j);
        if (b.oom) fuzz_fail("out of memory");
        out = b.p;
    }
    json_free(&a);
    free(copy);
    return out;
}

static bool valid_utf8(const char *s, size_t len)
{
    for (size_t i = 0; i < len;) {
        int n = utf8_len(s + i, len - i);
        if (n == 0) return false;
        i += (size_t)n;
    }
    return true;
}

/* json.decode(text), then json.encode of what it gave; the C reader
 * refused the text with c_err ("" when it read it). */
static void check_lua(const uint8_t *data, size_t size, const char *c_err)
{
    grove_vm *vm = fuzz_vm();
    lua_State *L = vm->L;
    int top = lua_gettop(L);
    vm_push_trusted(vm);
    if (lua_getfield(L, -1, "json") != LUA_TTABLE) fuzz_fail("the trusted environment has no json table");
    lua_getfield(L, -1, "decode");
    lua_pushlstring(L, (const char *)data, size);
    int st = vm_call_budget(vm, 1, 1, NULL, 0);
    const char *said = lua_tostring(L, -1);
    if (st == LUA_OK && c_err[0]) fuzz_fail("json.decode read a text the C reader refused (%s)", c_err);
    if (st != LUA_OK) {
        if (!c_err[0]) fuzz_fail("json.decode refused a text the C reader read: %s", said ? said : "?");
        if (!said || strcmp(said, c_err)) fuzz_fail("json.decode said '%s', the C reader '%s'", said ? said : "?", c_err);
        lua_settop(L, top);
        return;
    }
    lua_getfield(L, -2, "encode");
    lua_insert(L, -2);
    st = vm_call_budget(vm, 1, 1, NULL, 0);
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);
    if (st != LUA_OK) {
        if (!text || !strstr(text, "is a list with holes")) fuzz_fail("json.encode refused what json.decode gave: %s", text ? text : "?");
    } else {
        if (!text) fuzz_fail("json.encode gave no text");
        if (!valid_utf8(text, len)) fuzz_fail("json.encode wrote text that is not UTF-8: %s", text);
        if (memchr(text, '<', len)) fuzz_fail("json.encode wrote a '<': %s", text);
        char err[200];
        char *back = round_trip(text, len, err, sizeof err);
        if (!back) fuzz_fail("json.encode wrote %s, which does not read: %s", text, err);
        free(back);
    }
    lua_settop(L, top);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[200] = "";
    char *once = round_trip((const char *)data, size, err, sizeof err);
    if (!once) {
        if (!strstr(err, " at column ") && !strstr(err, " at line ")) fuzz_fail("a refusal that says no place: %s", err);
    } else {
        size_t len = strlen(once);
        if (!valid_utf8(once, len)) fuzz_fail("the writer wrote text that is not UTF-8: %s", once);
        char again_err[200];
        char *twice = round_trip(once, len, again_err, sizeof again_err);
        if (!twice) fuzz_fail("the writer wrote %s, which does not read: %s", once, again_err);
        char *thrice = round_trip(twice, strlen(twice), again_err, sizeof again_err);
        if (!thrice) fuzz_fail("the writer wrote %s, which does not read: %s", twice, again_err);
        if (strcmp(twice, thrice)) fuzz_fail("written again, %s became %s", twice, thrice);
        free(thrice);
        free(twice);
        free(once);
        err[0] = '\0';
    }
    check_lua(data, size, err);
    return 0;
}
