/*
 * hex.h — a hex grid in axial coordinates (q, r), pointy-top, with named
 * integer fields per hex and per side of a hex.
 *
 * The hexes stored are those of the parallelogram q0..q0+nq-1, r0..r0+nr-1;
 * id = (r - r0) * nq + (q - q0). Which of them are on the board is the
 * `on` mask: a hexagon of radius R, a river strip, any shape. Directions,
 * numbered clockwise from east:
 *   0 E (+1, 0)  1 SE (0, +1)  2 SW (-1, +1)  3 W (-1, 0)  4 NW (0, -1)  5 NE (+1, -1)
 * Side d of a hex faces its neighbour in direction d; that neighbour sees the
 * same edge as its side (d + 3) % 6. Side fields hold the printed side of a
 * tile (water, forest), so rotating a tile rotates its side values.
 */
#ifndef GROVE_HEX_H
#define GROVE_HEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "cellset.h"
#include "fields.h"
#include "kind.h"
#include "status.h"

#define HEX_NDIRS 6

typedef struct {
    int32_t q0, r0;      /* axial coordinates of id 0 */
    int32_t nq, nr;      /* parallelogram size */
    int32_t nfields;     /* fields per hex */
    int32_t nsides;      /* side fields (each has 6 values per hex) */
    int32_t data[];      /* on[n], v[nfields * n], s[nsides * n * 6] (s[(sf*n + id)*6 + d]) */
} hex_t;

/* The kind of a hex component (kind.h). */
extern const comp_kind hex_kind;

size_t hex_bytes(int nq, int nr, int nfields, int nsides);

/* Make the parallelogram with every hex on and every value 0. EARG when
 * nq or nr < 1, nq*nr > CELLSET_MAX, or a negative field count. */
grove_status hex_init(hex_t *h, int q0, int r0, int nq, int nr, int nfields, int nsides);

static inline int hex_ncells(const hex_t *h) { return h->nq * h->nr; }

/* Keep only the hexes within `radius` of (cq, cr) on the board. */
void hex_shape_radius(hex_t *h, int cq, int cr, int radius);

/* Put a hex on or off the board. ERANGE for a bad id. */
grove_status hex_set_on(hex_t *h, int id, bool on);
bool hex_is_on(const hex_t *h, int id);

/* The id of (q, r), or -1 if not stored or not on the board. */
int hex_id(const hex_t *h, int q, int r);
void hex_qr(const hex_t *h, int id, int *q, int *r);

/* The field array of every stored hex, on the board or not:
 * v[field * hex_ncells + id] (fields.h). */
static inline int32_t *hex_fields(const hex_t *h) { return (int32_t *)h->data + hex_ncells(h); }

/* Field values: the caller checks ids, fields and sides. */
int32_t hex_get(const hex_t *h, int id, int field);
void hex_set(hex_t *h, int id, int field, int32_t value);
int32_t hex_side_get(const hex_t *h, int id, int sfield, int dir);
void hex_side_set(hex_t *h, int id, int sfield, int dir, int32_t value);

/* Rotate every side field of hex id by k steps clockwise (k may be
 * negative): the value on side d moves to side (d + k) mod 6. */
void hex_rotate(hex_t *h, int id, int k);

/* The neighbour in direction dir (on the board), or -1. */
int hex_step(const hex_t *h, int id, int dir);

/* Neighbours on the board satisfying cond (NULL: all), in direction order;
 * returns the count. */
int hex_neighbors(const hex_t *h, int id, const cond_t *cond, int out[6]);

/* Hex distance between two ids (works for any stored ids). */
int hex_distance(const hex_t *h, int a, int b);

/* out = hexes on the board satisfying cond. */
void hex_select(const hex_t *h, const cond_t *cond, cellset_t *out);

/* out = hexes reachable from `from` in at most k steps through hexes on the
 * board satisfying `through` (k < 0: no limit); `from` is included. */
void hex_reach(const hex_t *h, int from, int k, const cond_t *through, cellset_t *out);

/* out = hexes joined to `from` through shared edges whose side field sfield
 * equals `value` on both hexes (a waterway), each entered hex satisfying
 * `through` (NULL: any hex) and not `without` (-1: none: "as if that tile
 * were gone"). `from` is included. */
void hex_connected(const hex_t *h, int from, int sfield, int32_t value, const cond_t *through,
                   int without, cellset_t *out);

/* Does the edge between id and its neighbour in dir carry `value` on both
 * sides? False when there is no neighbour. */
bool hex_sides_match(const hex_t *h, int id, int dir, int sfield, int32_t value);

/* Direction by name ("e", "se", "sw", "w", "nw", "ne"), or -1. */
int hex_dir_parse(const char *name);
const char *hex_dir_name(int dir);

#endif
