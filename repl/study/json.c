/*
 * json.c — the JSON reader of json.h: recursive descent over one line,
 * nodes from a block arena (no malloc per node: `grove merge` reads
 * hundreds of thousands of records).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

#define BLOCK_NODES 4096
#define MAX_DEPTH 64

struct json_block {
    json_block *next;
    json nodes[BLOCK_NODES];
};

typedef struct {
    char *p;                        /* the next character */
    char *start;
    json_arena *a;
    json_block *cur;                /* the block nodes are taken from */
    size_t used;
    char *err;
    size_t errlen;
    bool failed;
} parser;

static bool fail(parser *ps, const char *what)
{
    if (!ps->failed) snprintf(ps->err, ps->errlen, "%s at column %ld", what, (long)(ps->p - ps->start) + 1);
    ps->failed = true;
    return false;
}

static json *node(parser *ps)
{
    if (ps->used == BLOCK_NODES) {
        if (!ps->cur->next) {
            json_block *b = malloc(sizeof *b);
            if (!b) { fail(ps, "out of memory"); return NULL; }
            b->next = NULL;
            ps->cur->next = b;
        }
        ps->cur = ps->cur->next;
        ps->used = 0;
    }
    json *j = &ps->cur->nodes[ps->used++];
    memset(j, 0, sizeof *j);
    return j;
}

static void space(parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r') ps->p++;
}

static int hex(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* A string at ps->p (its quote), decoded in place; its start. */
static char *string(parser *ps)
{
    char *out = ++ps->p, *w = out;
    for (;;) {
        unsigned char c = (unsigned char)*ps->p;
        if (c == '"') break;
        if (c == '\0') { fail(ps, "a string not closed"); return NULL; }
        if (c < 0x20) { fail(ps, "a control character in a string"); return NULL; }
        if (c != '\\') { *w++ = *ps->p++; continue; }
        char e = *++ps->p;
        ps->p++;
        switch (e) {
        case '"': case '\\': case '/': *w++ = e; break;
        case 'b': *w++ = '\b'; break;
        case 'f': *w++ = '\f'; break;
        case 'n': *w++ = '\n'; break;
        case 'r': *w++ = '\r'; break;
        case 't': *w++ = '\t'; break;
        case 'u': {
            unsigned v = 0;
            for (int k = 0; k < 4; k++) {
                int h = hex(ps->p[k]);
                if (h < 0) { fail(ps, "a bad \\u escape"); return NULL; }
                v = v * 16 + (unsigned)h;
            }
            ps->p += 4;
            /* UTF-8 (a surrogate half is kept as its own three bytes) */
            if (v < 0x80) *w++ = (char)v;
            else if (v < 0x800) { *w++ = (char)(0xc0 | v >> 6); *w++ = (char)(0x80 | (v & 0x3f)); }
            else { *w++ = (char)(0xe0 | v >> 12); *w++ = (char)(0x80 | (v >> 6 & 0x3f)); *w++ = (char)(0x80 | (v & 0x3f)); }
            break;
        }
        default: ps->p--; fail(ps, "a bad escape in a string"); return NULL;
        }
    }
    ps->p++;
    *w = '\0';                      /* w <= the closing quote: the text only shrinks */
    return out;
}

static json *value(parser *ps, int depth);

static json *members(parser *ps, json *j, int depth, char close)
{
    json **tail = &j->child;
    ps->p++;
    space(ps);
    if (*ps->p == close) { ps->p++; return j; }
    for (;;) {
        const char *key = NULL;
        if (close == '}') {
            if (*ps->p != '"') { fail(ps, "a member name expected"); return NULL; }
            if (!(key = string(ps))) return NULL;
            space(ps);
            if (*ps->p != ':') { fail(ps, "':' expected"); return NULL; }
            ps->p++;
        }
        json *v = value(ps, depth + 1);
        if (!v) return NULL;
        v->key = key;
        *tail = v;
        tail = &v->next;
        j->n++;
        space(ps);
        if (*ps->p == ',') { ps->p++; space(ps); continue; }
        if (*ps->p == close) { ps->p++; return j; }
        fail(ps, close == '}' ? "',' or '}' expected" : "',' or ']' expected");
        return NULL;
    }
}

static json *value(parser *ps, int depth)
{
    if (depth > MAX_DEPTH) { fail(ps, "nested too deep"); return NULL; }
    space(ps);
    json *j = node(ps);
    if (!j) return NULL;
    char c = *ps->p;
    if (c == '{') { j->kind = JSON_OBJECT; return members(ps, j, depth, '}'); }
    if (c == '[') { j->kind = JSON_ARRAY; return members(ps, j, depth, ']'); }
    if (c == '"') {
        j->kind = JSON_STRING;
        return (j->str = string(ps)) ? j : NULL;
    }
    static const struct { const char *word; json_kind kind; bool b; } words[] = {
        { "true", JSON_BOOL, true }, { "false", JSON_BOOL, false }, { "null", JSON_NULL, false } };
    for (size_t k = 0; k < 3; k++)
        if (!strncmp(ps->p, words[k].word, strlen(words[k].word))) {
            ps->p += strlen(words[k].word);
            j->kind = words[k].kind;
            j->b = words[k].b;
            return j;
        }
    if (c == '-' || (c >= '0' && c <= '9')) {
        char *end;
        j->kind = JSON_NUMBER;
        j->num = strtod(ps->p, &end);
        bool plain = true;
        for (char *q = ps->p; q < end; q++) plain = plain && *q != '.' && *q != 'e' && *q != 'E';
        if (plain) {
            errno = 0;
            char *iend;
            long long v = strtoll(ps->p, &iend, 10);
            j->integral = errno == 0 && iend == end;
            j->i = v;
        }
        ps->p = end;
        return j;
    }
    fail(ps, c ? "a value expected" : "the line ends where a value was expected");
    return NULL;
}

json *json_parse(char *text, json_arena *a, char *err, size_t errlen)
{
    if (!a->blocks) {
        a->blocks = malloc(sizeof *a->blocks);
        if (!a->blocks) { snprintf(err, errlen, "out of memory"); return NULL; }
        a->blocks->next = NULL;
    }
    parser ps = { .p = text, .start = text, .a = a, .cur = a->blocks, .used = 0, .err = err, .errlen = errlen };
    json *j = value(&ps, 0);
    if (j) {
        space(&ps);
        if (*ps.p) { fail(&ps, "text after the value"); j = NULL; }
    }
    return j;
}

void json_free(json_arena *a)
{
    json_block *b = a->blocks;
    while (b) {
        json_block *next = b->next;
        free(b);
        b = next;
    }
    a->blocks = NULL;
}

const json *json_get(const json *obj, const char *key)
{
    if (!obj || obj->kind != JSON_OBJECT) return NULL;
    for (const json *m = obj->child; m; m = m->next)
        if (!strcmp(m->key, key)) return m;
    return NULL;
}

const json *json_at(const json *arr, long k)
{
    if (!arr || arr->kind != JSON_ARRAY) return NULL;
    const json *e = arr->child;
    while (e && k-- > 0) e = e->next;
    return e;
}
