/*
 * json.c — the JSON writer and reader of json.h: strings escaped into a
 * textbuf; a pull parser with an explicit stack (no recursion, so no text
 * can run the C stack out), and the tree built on it, its nodes from a
 * block arena (no malloc per node: grove merge reads hundreds of
 * thousands of records).
 */
#include "json.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

/* ---- writing ------------------------------------------------------------------------ */

/* Where a string goes: a textbuf, or a stream. */
typedef struct { textbuf *b; FILE *f; } sink;

static void put(const sink *k, const char *s, size_t n)
{
    if (k->f) fwrite(s, 1, n, k->f);
    else textbuf_printf(k->b, "%.*s", (int)n, s);
}

/* The length of the character at p that goes out as it is (1..4), or 0
 * for a byte to escape: a control character, " or \, < > & in a page,
 * a byte of no valid UTF-8 character. */
static int plain_len(const char *p, const char *end, json_style style)
{
    unsigned char c = (unsigned char)*p;
    if (c >= 0x80) return utf8_len(p, (size_t)(end - p));
    if (c < 0x20 || c == '"' || c == '\\') return 0;
    return style == JSON_PAGE && (c == '<' || c == '>' || c == '&') ? 0 : 1;
}

static void write_string(const sink *k, const char *s, size_t len, json_style style)
{
    put(k, "\"", 1);
    const char *p = s, *end = s + len;
    while (p < end) {
        /* the longest run that needs no escape, in one write */
        const char *run = p;
        int n;
        while (p < end && p - run < INT_MAX / 2 && (n = plain_len(p, end, style)) > 0) p += n;
        if (p > run) {
            put(k, run, (size_t)(p - run));
            continue;
        }
        unsigned char c = (unsigned char)*p++;
        char esc[8];
        if (c == '"' || c == '\\') snprintf(esc, sizeof esc, "\\%c", c);
        else if (c == '\n' && style == JSON_PAGE) snprintf(esc, sizeof esc, "\\n");
        else if (c < 0x80) snprintf(esc, sizeof esc, "\\u%04x", c);
        else snprintf(esc, sizeof esc, "\\ufffd");     /* no character's byte */
        put(k, esc, strlen(esc));
    }
    put(k, "\"", 1);
}

void json_write_string_n(textbuf *b, const char *s, size_t len, json_style style)
{
    sink k = { b, NULL };
    write_string(&k, s, len, style);
}

void json_write_string(textbuf *b, const char *s, json_style style)
{
    if (!s) textbuf_printf(b, "null");
    else json_write_string_n(b, s, strlen(s), style);
}

void json_fwrite_string(FILE *f, const char *s, json_style style)
{
    sink k = { NULL, f };
    if (!s) fputs("null", f);
    else write_string(&k, s, strlen(s), style);
}

void json_write_number(textbuf *b, double v)
{
    if (!isfinite(v)) { textbuf_printf(b, "null"); return; }
    char text[40];
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(text, sizeof text, "%.*g", digits, v);
        if (strtod(text, NULL) == v) break;
    }
    textbuf_printf(b, "%s", text);
}

/* ---- reading: the pull parser ----------------------------------------------------------- */

/* Fail with what went wrong at r->p: "WHAT at column C", or "at line L,
 * column C" when the text has several lines. */
static bool fail(json_reader *r, const char *what)
{
    if (r->failed) return false;
    long line = 1, column = 1;
    bool lines = memchr(r->start, '\n', (size_t)(r->end - r->start)) != NULL;
    for (const char *q = r->start; q < r->p && q < r->end; q++) {
        if (*q == '\n') { line++; column = 1; }
        else column++;
    }
    if (lines) snprintf(r->err, sizeof r->err, "%s at line %ld, column %ld", what, line, column);
    else snprintf(r->err, sizeof r->err, "%s at column %ld", what, column);
    r->failed = true;
    return false;
}

void json_reader_init(json_reader *r, char *text, size_t len)
{
    memset(r, 0, sizeof *r);
    r->p = r->start = text;
    r->end = text + len;
}

static void space(json_reader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')) r->p++;
}

static int hex(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* The four hex digits of a \u escape at q (within the text), or -1. */
static long hex4(const json_reader *r, const char *q)
{
    if (r->end - q < 4) return -1;
    long v = 0;
    for (int k = 0; k < 4; k++) {
        int h = hex(q[k]);
        if (h < 0) return -1;
        v = v * 16 + h;
    }
    return v;
}

/* Code point v as UTF-8 at w; past it. */
static char *put_utf8(char *w, unsigned long v)
{
    if (v < 0x80) *w++ = (char)v;
    else if (v < 0x800) { *w++ = (char)(0xc0 | v >> 6); *w++ = (char)(0x80 | (v & 0x3f)); }
    else if (v < 0x10000) {
        *w++ = (char)(0xe0 | v >> 12);
        *w++ = (char)(0x80 | (v >> 6 & 0x3f));
        *w++ = (char)(0x80 | (v & 0x3f));
    } else {
        *w++ = (char)(0xf0 | v >> 18);
        *w++ = (char)(0x80 | (v >> 12 & 0x3f));
        *w++ = (char)(0x80 | (v >> 6 & 0x3f));
        *w++ = (char)(0x80 | (v & 0x3f));
    }
    return w;
}

/* The string whose quote is at r->p, decoded in place (it only shrinks: an
 * escape of 6 bytes gives at most 3, a pair of 12 gives 4); its start and
 * length, or NULL after fail. */
static char *string(json_reader *r, size_t *len)
{
    char *out = ++r->p, *w = out;
    for (;;) {
        if (r->p == r->end) { fail(r, "a string not closed"); return NULL; }
        unsigned char c = (unsigned char)*r->p;
        if (c == '"') break;
        if (c < 0x20) { fail(r, "a control character in a string (escape it)"); return NULL; }
        if (c != '\\') { *w++ = *r->p++; continue; }
        char e = r->p + 1 < r->end ? r->p[1] : '\0';
        switch (e) {
        case '"': case '\\': case '/': *w++ = e; break;
        case 'b': *w++ = '\b'; break;
        case 'f': *w++ = '\f'; break;
        case 'n': *w++ = '\n'; break;
        case 'r': *w++ = '\r'; break;
        case 't': *w++ = '\t'; break;
        case 'u': {
            long v = hex4(r, r->p + 2);
            if (v < 0) { fail(r, "a bad \\u escape (four hex digits)"); return NULL; }
            r->p += 4;
            if (v >= 0xd800 && v <= 0xdbff && r->end - r->p >= 8 && r->p[2] == '\\' && r->p[3] == 'u') {
                long low = hex4(r, r->p + 4);       /* a surrogate pair: one character */
                if (low >= 0xdc00 && low <= 0xdfff) {
                    v = 0x10000 + ((v - 0xd800) << 10) + (low - 0xdc00);
                    r->p += 6;
                }
            }
            if (v >= 0xd800 && v <= 0xdfff) v = 0xfffd;     /* a lone half: no character */
            w = put_utf8(w, (unsigned long)v);
            break;
        }
        default: fail(r, "a bad escape in a string"); return NULL;
        }
        r->p += 2;
    }
    r->p++;
    *len = (size_t)(w - out);
    *w = '\0';                      /* w <= the closing quote */
    return out;
}

static bool digit(const char *q, const char *end)
{
    return q < end && *q >= '0' && *q <= '9';
}

/* The number at r->p, as JSON writes one; false after fail. */
static bool number(json_reader *r, json_token *t)
{
    const char *q = r->p, *end = r->end;
    bool plain = true;
    if (q < end && *q == '-') q++;
    if (!digit(q, end)) return fail(r, "a value expected");
    if (*q == '0') q++;
    else while (digit(q, end)) q++;
    if (q < end && *q == '.') {
        plain = false;
        if (!digit(++q, end)) return fail(r, "a digit expected after the decimal point");
        while (digit(q, end)) q++;
    }
    if (q < end && (*q == 'e' || *q == 'E')) {
        plain = false;
        q++;
        if (q < end && (*q == '+' || *q == '-')) q++;
        if (!digit(q, end)) return fail(r, "a digit expected in the exponent");
        while (digit(q, end)) q++;
    }
    /* read by the C library up to q only: it would take "0x10" or "01" whole */
    char *stop, *after = (char *)q, kept = *after;
    *after = '\0';                  /* q <= end, and text[len] is a NUL: inside the text */
    t->num = strtod(r->p, &stop);
    bool whole = stop == q;
    if (whole && plain) {
        errno = 0;
        long long v = strtoll(r->p, &stop, 10);
        t->integral = errno == 0 && stop == q;
        t->i = t->integral ? v : 0;
    }
    *after = kept;
    if (!whole) return fail(r, "a number that does not read");
    if (isinf(t->num)) return fail(r, "a number beyond the range of a double (about 1.8e308)");
    r->p = after;
    return true;
}

/* The value at r->p into t (a container opened); false after fail. */
static bool value(json_reader *r, json_token *t)
{
    if (r->p == r->end) return fail(r, "the text ends where a value was expected");
    char c = *r->p;
    if (c == '{' || c == '[') {
        if (r->depth == JSON_MAX_DEPTH) return fail(r, "arrays and objects nested too deep");
        r->open[r->depth++] = c;
        r->fresh = true;
        r->p++;
        t->kind = c == '{' ? JSON_OBJECT : JSON_ARRAY;
        return true;
    }
    r->fresh = false;
    if (c == '"') {
        t->kind = JSON_STRING;
        return (t->str = string(r, &t->len)) != NULL;
    }
    static const struct { const char *word; json_kind kind; bool b; } words[] = {
        { "true", JSON_BOOL, true }, { "false", JSON_BOOL, false }, { "null", JSON_NULL, false } };
    for (size_t k = 0; k < 3; k++) {
        size_t n = strlen(words[k].word);
        if ((size_t)(r->end - r->p) >= n && !memcmp(r->p, words[k].word, n)) {
            r->p += n;
            t->kind = words[k].kind;
            t->b = words[k].b;
            return true;
        }
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        t->kind = JSON_NUMBER;
        return number(r, t);
    }
    return fail(r, "a value expected");
}

json_event json_next(json_reader *r, json_token *t)
{
    if (r->failed) return JSON_EVENT_ERROR;
    memset(t, 0, sizeof *t);
    space(r);
    if (r->done) {
        if (r->p == r->end) return JSON_EVENT_END;
        fail(r, "text after the value");
        return JSON_EVENT_ERROR;
    }
    if (r->depth > 0) {
        bool object = r->open[r->depth - 1] == '{';
        char close = object ? '}' : ']';
        if (r->p < r->end && *r->p == close) {
            r->p++;
            r->fresh = false;
            if (--r->depth == 0) r->done = true;
            return JSON_EVENT_CLOSE;
        }
        if (!r->fresh) {
            if (r->p == r->end || *r->p != ',') {
                fail(r, r->p == r->end ? "the text ends inside an array or object"
                        : object ? "',' or '}' expected" : "',' or ']' expected");
                return JSON_EVENT_ERROR;
            }
            r->p++;
            space(r);
        }
        if (object) {
            if (r->p == r->end || *r->p != '"') { fail(r, "a member name (a string) expected"); return JSON_EVENT_ERROR; }
            char *key = string(r, &t->keylen);
            if (!key) return JSON_EVENT_ERROR;
            t->key = key;
            space(r);
            if (r->p == r->end || *r->p != ':') { fail(r, "':' expected after a member name"); return JSON_EVENT_ERROR; }
            r->p++;
            space(r);
        }
    }
    if (!value(r, t)) return JSON_EVENT_ERROR;
    if (r->depth == 0) r->done = true;
    return JSON_EVENT_VALUE;
}

/* ---- reading: a tree --------------------------------------------------------------------- */

#define BLOCK_NODES 4096

struct json_block {
    json_block *next;
    json_node nodes[BLOCK_NODES];
};

json_node *json_parse(char *text, size_t len, json_arena *a, char *err, size_t errlen)
{
    if (!a->blocks) {
        a->blocks = malloc(sizeof *a->blocks);
        if (!a->blocks) { snprintf(err, errlen, "out of memory"); return NULL; }
        a->blocks->next = NULL;
    }
    json_block *cur = a->blocks;
    size_t used = 0;
    json_reader r;
    json_reader_init(&r, text, len);
    json_node *root = NULL, *open[JSON_MAX_DEPTH], **tail[JSON_MAX_DEPTH];
    int depth = 0;
    for (;;) {
        json_token t;
        json_event ev = json_next(&r, &t);
        if (ev == JSON_EVENT_END) return root;
        if (ev == JSON_EVENT_ERROR) { snprintf(err, errlen, "%s", r.err); return NULL; }
        if (ev == JSON_EVENT_CLOSE) { depth--; continue; }
        if (used == BLOCK_NODES) {
            if (!cur->next) {
                json_block *b = malloc(sizeof *b);
                if (!b) { snprintf(err, errlen, "out of memory reading a value of %zu bytes", len); return NULL; }
                b->next = NULL;
                cur->next = b;
            }
            cur = cur->next;
            used = 0;
        }
        json_node *j = &cur->nodes[used++];
        *j = (json_node){ .kind = t.kind, .b = t.b, .integral = t.integral, .num = t.num, .i = t.i, .str = t.str,
                     .len = t.len, .key = t.key };
        if (depth == 0) root = j;
        else {
            *tail[depth - 1] = j;
            tail[depth - 1] = &j->next;
            open[depth - 1]->n++;
        }
        if (t.kind == JSON_ARRAY || t.kind == JSON_OBJECT) {
            open[depth] = j;
            tail[depth] = &j->child;
            depth++;
        }
    }
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

const json_node *json_get(const json_node *obj, const char *key)
{
    if (!obj || obj->kind != JSON_OBJECT) return NULL;
    for (const json_node *m = obj->child; m; m = m->next)
        if (!strcmp(m->key, key)) return m;
    return NULL;
}

const json_node *json_at(const json_node *arr, long k)
{
    if (!arr || arr->kind != JSON_ARRAY || k < 0) return NULL;
    const json_node *e = arr->child;
    while (e && k-- > 0) e = e->next;
    return e;
}
