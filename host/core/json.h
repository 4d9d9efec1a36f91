/*
 * json.h — JSON, read and written: the one reader and the one writer of
 * grove. grove sim writes its records with them (--json, --records),
 * grove merge and sim --resume read records back, grove serve answers in
 * JSON, and `grove replay` and its page read and write JSON through the
 * Lua binding (host/lua/lua_json.c: json.decode, json.encode).
 *
 * Writing goes into a textbuf (textbuf.h) or a stream: strings, always
 * valid UTF-8 whatever bytes they are given, in one of two styles, and
 * numbers; the caller writes the brackets, commas and names around them.
 *
 * Reading is a pull parser over one text the caller owns and lets it
 * change (json_reader, json_next: one value at a time, strings decoded in
 * place), and on top of it a tree of nodes from an arena (json_parse),
 * which merge looks records up in. The text is JSON as RFC 8259 has it,
 * read strictly (no comments, no trailing commas, no NaN, no leading
 * zeros), with these bounds: arrays and objects nest at most
 * JSON_MAX_DEPTH deep; a number beyond a double's range (1e999) is
 * refused, as is a NUL byte outside a string; an escaped surrogate pair
 * is one character and a lone half of one becomes U+FFFD. Bytes of a
 * string that are not UTF-8 are kept as they are (the writer mends them).
 * The reader reads no sizes: it trusts nothing in the text but its
 * syntax. Errors come back as a message naming the place: "a bad \u
 * escape at column 17" (or "at line 3, column 17" in a text of several
 * lines).
 *
 * Plain C, no Lua, no printing.
 */
#ifndef GROVE_JSON_H
#define GROVE_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "textbuf.h"

/* ---- writing ------------------------------------------------------------------------ */

typedef enum {
    JSON_PLAIN,     /* " and \ escaped by a backslash, every other control character as \u00XX:
                       what grove sim and bench write */
    JSON_PAGE,      /* for a browser: as plain, and < > & as \u003c \u003e \u0026, so that no
                       text ends a <script> block or opens a comment in a page; a newline as
                       \n (a picture is mostly lines): grove serve and the replay page */
} json_style;

/* Append the len bytes at s as a JSON string: each byte that is not part
 * of a valid UTF-8 character (utf8.h) written as \ufffd, the rest escaped
 * as `style` says. */
void json_write_string_n(textbuf *b, const char *s, size_t len, json_style style);

/* The same for the NUL-terminated s; NULL writes null. */
void json_write_string(textbuf *b, const char *s, json_style style);

/* The same to a stream (a write error is the stream's: ferror). */
void json_fwrite_string(FILE *f, const char *s, json_style style);

/* Append a number: the shortest text that reads back to v exactly (at
 * most 17 digits); null for an infinity or a NaN, which JSON has not. */
void json_write_number(textbuf *b, double v);

/* ---- reading: the pull parser ----------------------------------------------------------- */

#define JSON_MAX_DEPTH 64

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_kind;

/* What json_next read. */
typedef enum {
    JSON_EVENT_VALUE,   /* a value (the token says which); an array or object opens: its members
                           follow, each a value (a nested one with all of its own), then its CLOSE */
    JSON_EVENT_CLOSE,   /* the innermost open array or object ends */
    JSON_EVENT_END,     /* the text is read: it held one value and nothing after it but spaces */
    JSON_EVENT_ERROR,   /* it is not JSON: the reader's err says what and where */
} json_event;

/* A value as the reader reads it. The strings point into the text. */
typedef struct {
    json_kind kind;
    const char *key;                /* a member of an object: its name, decoded; else NULL */
    size_t keylen;
    bool b;                         /* JSON_BOOL */
    double num;                     /* JSON_NUMBER */
    bool integral;                  /* a number written without fraction or exponent, in int64 range */
    int64_t i;                      /* its value then, exactly */
    const char *str;                /* JSON_STRING: decoded, NUL-terminated (a \u0000 inside ends it
                                       early for C: len counts every byte) */
    size_t len;
} json_token;

typedef struct {
    char *p, *start, *end;          /* the next byte; the text and its end */
    int depth;                      /* arrays and objects open */
    char open[JSON_MAX_DEPTH];      /* '[' or '{' for each */
    bool fresh;                     /* the innermost has no member yet */
    bool done;                      /* the top value is read */
    bool failed;
    char err[160];                  /* JSON_EVENT_ERROR: what and where */
} json_reader;

/* Start reading the len bytes at text, which must be followed by a NUL
 * (text[len] == '\0') and which the reader changes: strings are decoded
 * in place. The text must outlive every token read from it. */
void json_reader_init(json_reader *r, char *text, size_t len);

/* The next event, with the value it read in *t (JSON_EVENT_VALUE). After
 * END or ERROR it returns the same again. */
json_event json_next(json_reader *r, json_token *t);

/* ---- reading: a tree --------------------------------------------------------------------- */

typedef struct json_node json_node;
struct json_node {
    json_kind kind;
    bool b;                         /* JSON_BOOL */
    bool integral;                  /* JSON_NUMBER: as json_token */
    double num;
    int64_t i;
    const char *str;                /* JSON_STRING: as json_token */
    size_t len;
    const char *key;                /* a member of an object: its name */
    json_node *child, *next;        /* an array's or object's first element; the next one */
    long n;                         /* elements of an array or object */
};

typedef struct json_block json_block;
typedef struct { json_block *blocks; } json_arena;    /* {0}: empty */

/* Read the len bytes at text (followed by a NUL; changed, as
 * json_reader_init says) as one value, its nodes taken from the arena,
 * which each parse fills again from its start (the nodes of the last
 * parse are gone). NULL with the message in err when it is not JSON or
 * the arena cannot grow. Ownership: the arena owns the nodes, the caller
 * the text and the arena; the nodes live as long as both. */
json_node *json_parse(char *text, size_t len, json_arena *a, char *err, size_t errlen);

/* Free the arena's memory. */
void json_free(json_arena *a);

/* The member `key` of an object (the first of that name), or NULL; the
 * k-th element of an array, or NULL. NULL obj or arr: NULL. */
const json_node *json_get(const json_node *obj, const char *key);
const json_node *json_at(const json_node *arr, long k);

#endif
