/*
 * json.h — a small JSON reader for the lines grove writes itself (sim's
 * JSON Lines records), read back by `grove merge` and `grove sim --resume`.
 *
 * json_parse reads one value from a mutable NUL-terminated text, decoding
 * strings in place (the nodes point into the text), the nodes taken from
 * an arena that each parse starts filling again (the last parse's nodes
 * are gone). Ownership: the
 * arena owns every node; the caller owns the text and the arena, and the
 * nodes live as long as both.
 */
#ifndef GROVE_JSON_H
#define GROVE_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_kind;

typedef struct json json;
struct json {
    json_kind kind;
    bool b;                         /* JSON_BOOL */
    double num;                     /* JSON_NUMBER */
    bool integral;                  /* a number written without fraction or exponent, in int64 range */
    int64_t i;                      /* its value then, exactly */
    const char *str;                /* JSON_STRING: decoded (a \u0000 ends it early) */
    const char *key;                /* a member of an object: its name */
    json *child, *next;             /* an array's or object's first element; the next one */
    long n;                         /* elements of an array or object */
};

typedef struct json_block json_block;
typedef struct { json_block *blocks; } json_arena;    /* {0}: empty */

/* Parse the whole of text (nothing but spaces may follow the value); NULL
 * with a message in err (naming the column) when it is not JSON or the
 * arena cannot grow. */
json *json_parse(char *text, json_arena *a, char *err, size_t errlen);

/* Free the arena's memory. */
void json_free(json_arena *a);

/* The member `key` of an object, or NULL; the k-th element of an array. */
const json *json_get(const json *obj, const char *key);
const json *json_at(const json *arr, long k);

#endif
