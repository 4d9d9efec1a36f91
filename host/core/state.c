/*
 * state.c — the game state block: declaring components, snapshot, restore,
 * hash and the generic text dump.
 */
#include "state.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textbuf.h"

static _Atomic uint64_t next_serial = 1;   /* states are made by several threads (grove sim) */

const comp_kind state_rng_kind = { "rng" };

const char *state_kind_name(const comp_kind *k)
{
    return k ? k->name : "?";
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

static void free_labels(char **labels, int n)
{
    if (!labels) return;
    for (int i = 0; i < n; i++) free(labels[i]);
    free(labels);
}

/* Copy a label list; NULL with *ok false on no memory. */
static char **copy_labels(const char *const *src, int n, bool *ok)
{
    *ok = true;
    if (n <= 0) return NULL;
    char **dst = calloc((size_t)n, sizeof *dst);
    if (!dst) { *ok = false; return NULL; }
    for (int i = 0; i < n; i++) {
        dst[i] = dup_str(src[i]);
        if (!dst[i]) { free_labels(dst, i); *ok = false; return NULL; }
    }
    return dst;
}

gstate *state_new(int nplayers, uint64_t seed)
{
    gstate *st = calloc(1, sizeof *st);
    if (!st) return NULL;
    st->nplayers = nplayers;
    st->seed = seed;
    st->serial = next_serial++;
    int idx;
    if (state_add(st, &state_rng_kind, "rng", sizeof(rng_t), NULL, 0, NULL, 0, &idx) != GROVE_OK) {
        state_free(st);
        return NULL;
    }
    rng_seed(state_rng(st), seed, 0x67726f7665ULL);   /* stream "grove" */
    return st;
}

void state_free(gstate *st)
{
    if (!st) return;
    for (int i = 0; i < st->ncomps; i++) {
        free(st->comps[i].name);
        for (int k = 0; k < 2; k++) free_labels(st->comps[i].labels[k], st->comps[i].nlabels[k]);
    }
    free(st->comps);
    free(st->block);
    free(st->backs);
    free(st);
}

grove_status state_set_backs(gstate *st, const int32_t *backs, int n)
{
    if (n < 0) return GROVE_EARG;
    int32_t *copy = NULL;
    if (n > 0) {
        copy = malloc((size_t)n * sizeof *copy);
        if (!copy) return GROVE_ENOMEM;
        memcpy(copy, backs, (size_t)n * sizeof *copy);
    }
    free(st->backs);
    st->backs = copy;
    st->nbacks = n;
    return GROVE_OK;
}

int state_find(const gstate *st, const char *name)
{
    for (int i = 0; i < st->ncomps; i++)
        if (strcmp(st->comps[i].name, name) == 0) return i;
    return -1;
}

grove_status state_add(gstate *st, const comp_kind *kind, const char *name, size_t bytes,
                       const char *const *labels0, int n0,
                       const char *const *labels1, int n1, int *index)
{
    if (st->sealed || !name || !*name || strlen(name) >= STATE_MAX_NAME) return GROVE_EARG;
    for (const char *p = name; *p; p++)                 /* names are single words */
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') return GROVE_EARG;
    if (state_find(st, name) >= 0) return GROVE_EARG;
    if (bytes % 4 != 0) return GROVE_EARG;

    size_t offset = (st->size + 7) & ~(size_t)7;
    if (bytes > STATE_MAX_BYTES || offset > STATE_MAX_BYTES - bytes || st->ncomps >= STATE_MAX_COMPS)
        return GROVE_ELIMIT;
    size_t need = offset + bytes;
    if (need > st->cap) {
        size_t cap = st->cap ? st->cap : 256;
        while (cap < need) cap *= 2;
        uint8_t *nb = realloc(st->block, cap);
        if (!nb) return GROVE_ENOMEM;
        memset(nb + st->cap, 0, cap - st->cap);
        st->block = nb;
        st->cap = cap;
    }
    if (st->ncomps == st->capcomps) {
        int capc = st->capcomps ? st->capcomps * 2 : 8;
        comp_desc *nc = realloc(st->comps, (size_t)capc * sizeof *nc);
        if (!nc) return GROVE_ENOMEM;
        st->comps = nc;
        st->capcomps = capc;
    }
    comp_desc d = { .kind = kind, .offset = offset, .bytes = bytes };
    bool ok0, ok1;
    d.name = dup_str(name);
    d.labels[0] = copy_labels(labels0, n0, &ok0);
    d.labels[1] = copy_labels(labels1, n1, &ok1);
    if (!d.name || !ok0 || !ok1) {
        free(d.name);
        free_labels(d.labels[0], ok0 ? n0 : 0);
        free_labels(d.labels[1], ok1 ? n1 : 0);
        return GROVE_ENOMEM;
    }
    d.nlabels[0] = n0 > 0 ? n0 : 0;
    d.nlabels[1] = n1 > 0 ? n1 : 0;
    memset(st->block + st->size, 0, need - st->size);
    st->size = need;
    st->comps[st->ncomps] = d;
    *index = st->ncomps++;
    return GROVE_OK;
}

void state_seal(gstate *st) { st->sealed = true; }

void state_snapshot(const gstate *st, void *buf) { memcpy(buf, st->block, st->size); }
void state_restore(gstate *st, const void *buf) { memcpy(st->block, buf, st->size); }

uint64_t state_hash(const gstate *st)
{
    /* eight bytes at a time, each word mixed in by a multiply and a shift;
     * a final avalanche spreads every bit over the result */
    uint64_t h = 0xcbf29ce484222325ULL ^ st->size;
    size_t i = 0;
    for (; i + 8 <= st->size; i += 8) {
        uint64_t w;
        memcpy(&w, st->block + i, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
        h ^= h >> 29;
    }
    for (; i < st->size; i++) h = (h ^ st->block[i]) * 0x100000001b3ULL;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

grove_status state_dump(const gstate *st, char **out, size_t *len)
{
    textbuf b = { 0 };
    textbuf_printf(&b, "%s", "");                      /* "" for a state of no component */
    for (int i = 0; i < st->ncomps; i++) {
        const comp_desc *d = &st->comps[i];
        size_t nwords = d->bytes / 4;
        textbuf_printf(&b, "component %s %s %zu\n", d->name, state_kind_name(d->kind), nwords);
        const uint8_t *p = st->block + d->offset;
        for (size_t w = 0; w < nwords; w++) {
            int32_t v;
            memcpy(&v, p + 4 * w, 4);
            textbuf_printf(&b, "%" PRId32 "%s", v, (w % 16 == 15 || w + 1 == nwords) ? "\n" : " ");
        }
    }
    if (b.oom) { free(b.p); return GROVE_ENOMEM; }
    *out = b.p;
    *len = b.len;
    return GROVE_OK;
}

/* Skip spaces and newlines. */
static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    return p;
}

grove_status state_undump(gstate *st, const char *text, char *err, size_t errlen)
{
    uint8_t *tmp = malloc(st->size ? st->size : 1);
    if (!tmp) { snprintf(err, errlen, "out of memory"); return GROVE_ENOMEM; }
    memcpy(tmp, st->block, st->size);
    const char *p = text;
    for (int i = 0; i < st->ncomps; i++) {
        const comp_desc *d = &st->comps[i];
        char name[STATE_MAX_NAME + 1], kind[16];
        size_t nwords;
        int used = 0;
        p = skip_ws(p);
        if (sscanf(p, "component %64s %15s %zu%n", name, kind, &nwords, &used) != 3) {
            snprintf(err, errlen, "state: component %d ('%s') missing or malformed", i + 1, d->name);
            goto fail;
        }
        if (strcmp(name, d->name) != 0 || strcmp(kind, state_kind_name(d->kind)) != 0) {
            snprintf(err, errlen, "state: found component %s %s where the game has %s %s",
                     kind, name, state_kind_name(d->kind), d->name);
            goto fail;
        }
        if (nwords != d->bytes / 4) {
            snprintf(err, errlen, "state: component %s has %zu words, the game's has %zu",
                     d->name, nwords, d->bytes / 4);
            goto fail;
        }
        p += used;
        for (size_t w = 0; w < nwords; w++) {
            p = skip_ws(p);
            char *end;
            long long v = strtoll(p, &end, 10);
            bool ends = *end == '\0' || *end == ' ' || *end == '\t' || *end == '\n' || *end == '\r';
            if (end == p || !ends || v < INT32_MIN || v > INT32_MAX) {
                snprintf(err, errlen, "state: component %s: word %zu of %zu is missing or not a 32-bit integer",
                         d->name, w + 1, nwords);
                goto fail;
            }
            int32_t v32 = (int32_t)v;
            memcpy(tmp + d->offset + 4 * w, &v32, 4);
            p = end;
        }
    }
    p = skip_ws(p);
    if (*p) {
        snprintf(err, errlen, "state: unexpected text after the last component");
        goto fail;
    }
    memcpy(st->block, tmp, st->size);
    free(tmp);
    return GROVE_OK;
fail:
    free(tmp);
    return GROVE_EFORMAT;
}
