/*
 * hex.c — the axial hex grid: the on-board mask, hex and side fields, tile
 * rotation, neighbours, distance, and the flood fills rule scripts ask for
 * (reach in k steps, hexes joined by matching sides).
 *
 * Everything works on the hex_t inside the state block and on the caller's
 * output buffers: no allocation, no printing. Flood fills keep their queue on
 * the stack; a grid stores at most CELLSET_MAX hexes.
 */
#include "hex.h"

#include <string.h>

#include "compass.h"

const comp_kind hex_kind = { "hex" };

/* Steps (dq, dr) of each direction, clockwise from east. */
static const int8_t dir_dq[HEX_NDIRS] = { 1, 0, -1, -1, 0, 1 };
static const int8_t dir_dr[HEX_NDIRS] = { 0, 1, 1, 0, -1, -1 };

/* The compass point of each direction: pointy-top hexes have no north. */
static const compass_point dir_points[HEX_NDIRS] = {
    COMPASS_E, COMPASS_SE, COMPASS_SW, COMPASS_W, COMPASS_NW, COMPASS_NE,
};

/* The three arrays of the data block. */
static inline int32_t *on_of(const hex_t *h) { return (int32_t *)h->data; }
static inline int32_t *vals_of(const hex_t *h) { return (int32_t *)h->data + hex_ncells(h); }
static inline int32_t *sides_of(const hex_t *h)
{
    return (int32_t *)h->data + (size_t)hex_ncells(h) * (1 + (size_t)h->nfields);
}

static bool args_ok(int nq, int nr, int nfields, int nsides)
{
    return nq >= 1 && nr >= 1 && nq <= CELLSET_MAX && nr <= CELLSET_MAX / nq
        && nfields >= 0 && nsides >= 0;
}

/* Size of the grid, or 0 when hex_init would refuse the arguments. */
size_t hex_bytes(int nq, int nr, int nfields, int nsides)
{
    if (!args_ok(nq, nr, nfields, nsides))
        return 0;
    size_t n = (size_t)nq * (size_t)nr;
    return sizeof(hex_t) + sizeof(int32_t) * n * (1 + (size_t)nfields + 6 * (size_t)nsides);
}

/* Writes the header and the whole data block; writes nothing on EARG. */
grove_status hex_init(hex_t *h, int q0, int r0, int nq, int nr, int nfields, int nsides)
{
    if (!args_ok(nq, nr, nfields, nsides))
        return GROVE_EARG;
    h->q0 = q0;
    h->r0 = r0;
    h->nq = nq;
    h->nr = nr;
    h->nfields = nfields;
    h->nsides = nsides;
    int n = nq * nr;
    for (int i = 0; i < n; i++)
        h->data[i] = 1;
    memset(vals_of(h), 0, sizeof(int32_t) * (size_t)n * ((size_t)nfields + 6 * (size_t)nsides));
    return GROVE_OK;
}

static long long distance_qr(long long dq, long long dr)
{
    long long a = dq < 0 ? -dq : dq, b = dr < 0 ? -dr : dr, s = dq + dr;
    return (a + b + (s < 0 ? -s : s)) / 2;
}

/* Hexes already off stay off; a negative radius takes every hex off. */
void hex_shape_radius(hex_t *h, int cq, int cr, int radius)
{
    int32_t *on = on_of(h);
    for (int id = 0, n = hex_ncells(h); id < n; id++) {
        long long q = (long long)h->q0 + id % h->nq, r = (long long)h->r0 + id / h->nq;
        if (distance_qr(q - cq, r - cr) > radius)
            on[id] = 0;
    }
}

grove_status hex_set_on(hex_t *h, int id, bool on)
{
    if (id < 0 || id >= hex_ncells(h))
        return GROVE_ERANGE;
    on_of(h)[id] = on ? 1 : 0;
    return GROVE_OK;
}

/* False for an id that is not stored. */
bool hex_is_on(const hex_t *h, int id)
{
    return id >= 0 && id < hex_ncells(h) && on_of(h)[id] != 0;
}

int hex_id(const hex_t *h, int q, int r)
{
    long long qi = (long long)q - h->q0, ri = (long long)r - h->r0;
    if (qi < 0 || qi >= h->nq || ri < 0 || ri >= h->nr)
        return -1;
    int id = (int)(ri * h->nq + qi);
    return on_of(h)[id] ? id : -1;
}

/* Any stored id, on the board or not. */
void hex_qr(const hex_t *h, int id, int *q, int *r)
{
    *q = h->q0 + id % h->nq;
    *r = h->r0 + id / h->nq;
}

int32_t hex_get(const hex_t *h, int id, int field)
{
    return vals_of(h)[(size_t)field * hex_ncells(h) + id];
}

void hex_set(hex_t *h, int id, int field, int32_t value)
{
    vals_of(h)[(size_t)field * hex_ncells(h) + id] = value;
}

int32_t hex_side_get(const hex_t *h, int id, int sfield, int dir)
{
    return sides_of(h)[((size_t)sfield * hex_ncells(h) + id) * 6 + dir];
}

void hex_side_set(hex_t *h, int id, int sfield, int dir, int32_t value)
{
    sides_of(h)[((size_t)sfield * hex_ncells(h) + id) * 6 + dir] = value;
}

void hex_rotate(hex_t *h, int id, int k)
{
    k %= HEX_NDIRS;
    if (k < 0)
        k += HEX_NDIRS;
    if (k == 0 || id < 0 || id >= hex_ncells(h))
        return;
    for (int sf = 0; sf < h->nsides; sf++) {
        int32_t *s = &sides_of(h)[((size_t)sf * hex_ncells(h) + id) * 6], old[HEX_NDIRS];
        memcpy(old, s, sizeof old);
        for (int d = 0; d < HEX_NDIRS; d++)
            s[(d + k) % HEX_NDIRS] = old[d];
    }
}

/* Unchecked neighbour: id is stored, dir is 0..5. */
static inline int step(const hex_t *h, const int32_t *on, int id, int dir)
{
    int q = id % h->nq + dir_dq[dir], r = id / h->nq + dir_dr[dir];
    if (q < 0 || q >= h->nq || r < 0 || r >= h->nr)
        return -1;
    int nb = r * h->nq + q;
    return on[nb] ? nb : -1;
}

/* -1 also for an id that is not stored or an unknown direction. */
int hex_step(const hex_t *h, int id, int dir)
{
    if (id < 0 || id >= hex_ncells(h) || dir < 0 || dir >= HEX_NDIRS)
        return -1;
    return step(h, on_of(h), id, dir);
}

int hex_neighbors(const hex_t *h, int id, const cond_t *cond, int out[6])
{
    int n = 0, ncells = hex_ncells(h);
    const int32_t *on = on_of(h), *v = vals_of(h);

    if (id < 0 || id >= ncells)
        return 0;
    for (int d = 0; d < HEX_NDIRS; d++) {
        int nb = step(h, on, id, d);
        if (nb >= 0 && fields_match(v, ncells, nb, cond))
            out[n++] = nb;
    }
    return n;
}

/* -1 when either id is not stored. */
int hex_distance(const hex_t *h, int a, int b)
{
    int n = hex_ncells(h);
    if (a < 0 || a >= n || b < 0 || b >= n)
        return -1;
    return (int)distance_qr(a % h->nq - b % h->nq, a / h->nq - b / h->nq);
}

void hex_select(const hex_t *h, const cond_t *cond, cellset_t *out)
{
    int ncells = hex_ncells(h);
    const int32_t *on = on_of(h), *v = vals_of(h);

    cellset_clear(out);
    for (int id = 0; id < ncells; id++)
        if (on[id] && fields_match(v, ncells, id, cond))
            cellset_add(out, id);
}

/* Breadth-first, one ring of the queue per step. A `from` that is not
 * stored gives the empty set; one stored but off the board still starts. */
void hex_reach(const hex_t *h, int from, int k, const cond_t *through, cellset_t *out)
{
    int16_t queue[CELLSET_MAX];
    int ncells = hex_ncells(h), head = 0, tail = 0;
    const int32_t *on = on_of(h), *v = vals_of(h);

    cellset_clear(out);
    if (from < 0 || from >= ncells)
        return;
    cellset_add(out, from);
    queue[tail++] = (int16_t)from;
    for (int ring = 0; (k < 0 || ring < k) && head < tail; ring++) {
        int end = tail;
        while (head < end) {
            int id = queue[head++];
            for (int d = 0; d < HEX_NDIRS; d++) {
                int nb = step(h, on, id, d);
                if (nb < 0 || cellset_has(out, nb) || !fields_match(v, ncells, nb, through))
                    continue;
                cellset_add(out, nb);
                queue[tail++] = (int16_t)nb;
            }
        }
    }
}

/* A `from` that is not stored gives the empty set; a side field out of
 * range gives {from}. */
void hex_connected(const hex_t *h, int from, int sfield, int32_t value, const cond_t *through,
                   int without, cellset_t *out)
{
    int16_t queue[CELLSET_MAX];
    int ncells = hex_ncells(h), head = 0, tail = 0;
    const int32_t *on = on_of(h), *v = vals_of(h);

    cellset_clear(out);
    if (from < 0 || from >= ncells)
        return;
    cellset_add(out, from);
    if (sfield < 0 || sfield >= h->nsides)
        return;
    const int32_t *s = &sides_of(h)[(size_t)sfield * ncells * 6];
    queue[tail++] = (int16_t)from;
    while (head < tail) {
        int id = queue[head++];
        for (int d = 0; d < HEX_NDIRS; d++) {
            if (s[id * 6 + d] != value)
                continue;
            int nb = step(h, on, id, d);
            if (nb < 0 || nb == without || cellset_has(out, nb) || s[nb * 6 + (d + 3) % 6] != value
                || !fields_match(v, ncells, nb, through))
                continue;
            cellset_add(out, nb);
            queue[tail++] = (int16_t)nb;
        }
    }
}

/* False also for an id that is not stored, an unknown direction or side field. */
bool hex_sides_match(const hex_t *h, int id, int dir, int sfield, int32_t value)
{
    if (sfield < 0 || sfield >= h->nsides)
        return false;
    int nb = hex_step(h, id, dir);
    return nb >= 0 && hex_side_get(h, id, sfield, dir) == value
        && hex_side_get(h, nb, sfield, (dir + 3) % 6) == value;
}

/* Case-insensitive; the long names ("east", "northwest") too. */
int hex_dir_parse(const char *name)
{
    return compass_find(dir_points, HEX_NDIRS, name);
}

const char *hex_dir_name(int dir)
{
    return dir >= 0 && dir < HEX_NDIRS ? compass_name(dir_points[dir]) : NULL;
}
