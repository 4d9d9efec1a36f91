/*
 * dice.c — a set of identical dice with symbol faces.
 *
 * data[] holds four int32 arrays back to back: the symbol on each face
 * (nfaces), the symbol each die shows (n), each die's set-aside flag, 0 or
 * 1 (n), and the rigged symbols waiting (DICE_RIG_MAX, nrig of them used,
 * the next first). The rig slots past nrig and the padding up to
 * dice_bytes() are zero, so dice that show the same and wait for the same
 * are the same bytes. A roll is one rng_below(nfaces) per die, dice in
 * index order, so a seed always gives the same faces; a rigged die draws
 * it too, and shows the rigged symbol instead. Every failing call returns
 * before writing anything.
 */
#include <assert.h>
#include <string.h>
#include "dice.h"

const comp_kind dice_kind = { "dice" };

static int32_t *faces(dice_t *d) { return d->data; }
static int32_t *values(dice_t *d) { return d->data + d->nfaces; }
static int32_t *asides(dice_t *d) { return d->data + d->nfaces + d->n; }
static const int32_t *cvalues(const dice_t *d) { return d->data + d->nfaces; }
static const int32_t *casides(const dice_t *d) { return d->data + d->nfaces + d->n; }
static int32_t *rigs(dice_t *d) { return d->data + d->nfaces + 2 * d->n; }
static const int32_t *crigs(const dice_t *d) { return d->data + d->nfaces + 2 * d->n; }

/* Rounded up to 8 so the component laid out after the dice stays aligned. */
size_t dice_bytes(int n, int nfaces)
{
    assert(n >= 0 && nfaces >= 0);
    size_t b = sizeof(dice_t) + ((size_t)nfaces + 2 * (size_t)n + DICE_RIG_MAX) * sizeof(int32_t);
    return (b + 7) & ~(size_t)7;
}

/* nsym is one more than the largest symbol used, which is the number of
 * distinct symbols when they are numbered by first appearance (as the
 * binding does), and never leaves a used symbol >= nsym otherwise. */
grove_status dice_init(dice_t *d, int n, int nfaces, const int32_t *face_sym)
{
    if (n < 1 || nfaces < 1 || nfaces > DICE_MAX_FACES)
        return GROVE_EARG;
    int32_t maxsym = 0;
    for (int f = 0; f < nfaces; f++) {
        if (face_sym[f] < 0 || face_sym[f] >= nfaces)
            return GROVE_EARG;
        if (face_sym[f] > maxsym)
            maxsym = face_sym[f];
    }
    memset(d, 0, dice_bytes(n, nfaces));
    d->n = n;
    d->nfaces = nfaces;
    d->nsym = maxsym + 1;
    d->nrig = 0;
    memcpy(faces(d), face_sym, (size_t)nfaces * sizeof(int32_t));
    for (int i = 0; i < n; i++) {
        values(d)[i] = face_sym[0];
        asides(d)[i] = 0;
    }
    return GROVE_OK;
}

static void roll(dice_t *d, int i, rng_t *r)
{
    int32_t sym = faces(d)[rng_below(r, (uint32_t)d->nfaces)];
    if (d->nrig > 0) {                  /* the rig's next symbol, taken off the queue */
        int32_t *q = rigs(d);
        sym = q[0];
        d->nrig--;
        memmove(q, q + 1, (size_t)d->nrig * sizeof q[0]);
        q[d->nrig] = 0;
    }
    values(d)[i] = sym;
}

void dice_roll_all(dice_t *d, rng_t *r)
{
    for (int i = 0; i < d->n; i++) {
        roll(d, i, r);
        asides(d)[i] = 0;
    }
}

/* Rolls die i whether or not it is set aside, and keeps its flag. */
grove_status dice_roll_one(dice_t *d, int i, rng_t *r)
{
    if (i < 0 || i >= d->n)
        return GROVE_ERANGE;
    roll(d, i, r);
    return GROVE_OK;
}

void dice_roll_free(dice_t *d, rng_t *r)
{
    for (int i = 0; i < d->n; i++)
        if (!asides(d)[i])
            roll(d, i, r);
}

grove_status dice_value(const dice_t *d, int i, int32_t *sym)
{
    if (i < 0 || i >= d->n)
        return GROVE_ERANGE;
    *sym = cvalues(d)[i];
    return GROVE_OK;
}

static bool on_a_face(const dice_t *d, int32_t sym)
{
    for (int f = 0; f < d->nfaces; f++)
        if (d->data[f] == sym) return true;
    return false;
}

grove_status dice_rig(dice_t *d, const int32_t *syms, int n)
{
    if (n < 0)
        return GROVE_EARG;
    if (n > DICE_RIG_MAX)
        return GROVE_EFULL;
    for (int k = 0; k < n; k++)
        if (!on_a_face(d, syms[k]))
            return GROVE_ERANGE;
    int32_t *q = rigs(d);
    memset(q, 0, DICE_RIG_MAX * sizeof q[0]);
    if (n > 0)
        memcpy(q, syms, (size_t)n * sizeof q[0]);
    d->nrig = n;
    return GROVE_OK;
}

int dice_rigged(const dice_t *d, const int32_t **syms)
{
    *syms = crigs(d);
    return d->nrig;
}

/* ERANGE also when no face of the die carries sym: a die only ever shows
 * one of its faces. */
grove_status dice_set_value(dice_t *d, int i, int32_t sym)
{
    if (i < 0 || i >= d->n || !on_a_face(d, sym))
        return GROVE_ERANGE;
    values(d)[i] = sym;
    return GROVE_OK;
}

grove_status dice_set_aside(dice_t *d, int i, bool aside)
{
    if (i < 0 || i >= d->n)
        return GROVE_ERANGE;
    asides(d)[i] = aside ? 1 : 0;
    return GROVE_OK;
}

/* false for an index out of range. */
bool dice_is_aside(const dice_t *d, int i)
{
    return i >= 0 && i < d->n && casides(d)[i] != 0;
}

int dice_count(const dice_t *d, int32_t sym, dice_which which)
{
    int k = 0;
    for (int i = 0; i < d->n; i++) {
        bool aside = casides(d)[i] != 0;
        if ((which == DICE_ASIDE && !aside) || (which == DICE_FREE && aside))
            continue;
        if (cvalues(d)[i] == sym)
            k++;
    }
    return k;
}
