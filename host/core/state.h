/*
 * state.h — one game state: every component of a game in one block.
 *
 * A rule script declares its components during setup; each declaration
 * appends a zeroed region to the block and a descriptor (kind, name, labels)
 * to the layout. After setup the layout is sealed: the block no longer grows,
 * so snapshot and restore are a memcpy, the hash is a pass over the bytes,
 * and save/load are generic. Component 0 is always the state's RNG.
 *
 * Ownership: a gstate owns its block and its descriptors (names and labels
 * are copied in). Components are addressed by index, never by pointer, since
 * the block may move while setup declares.
 */
#ifndef GROVE_STATE_H
#define GROVE_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "kind.h"
#include "rng.h"
#include "status.h"

/* The kind of component 0, the state's own generator. */
extern const comp_kind state_rng_kind;

#define STATE_MAX_NAME 64     /* longest component or label name */
/* What a game's state may hold (issue 34: the host's memory is bounded as
 * Lua's is): its block is copied for every snapshot, undo entry and bot
 * search. GROVE_ELIMIT beyond (status.c's phrase names both figures). */
#define STATE_MAX_BYTES ((size_t)64 << 20)
#define STATE_MAX_COMPS 4096

typedef struct {
    const comp_kind *kind;    /* what the region holds (kind.h) */
    char *name;               /* owned */
    size_t offset, bytes;     /* region of the block; offset 8-aligned */
    int nlabels[2];           /* label lists: field names, faces, side names */
    char **labels[2];         /* owned; labels[k][i] owned */
    int flags;                /* binding-specific (a pool's per-seat flag) */
} comp_desc;

typedef struct gstate {
    uint8_t *block;           /* owned; all component data */
    size_t size, cap;         /* bytes used, bytes allocated */
    comp_desc *comps;         /* owned; ncomps descriptors */
    int ncomps, capcomps;
    int nplayers;             /* seats 1..nplayers */
    uint64_t seed;            /* the seed the RNG started from */
    bool sealed;              /* setup done: no more declarations */
    uint64_t serial;          /* unique per layout, for caches keyed on it */
    int32_t *backs;           /* owned; backs[card]: what a face-down card shows */
    int nbacks;               /* cards with a back; others show back 0 */
} gstate;

/* A new state with only its RNG, seeded with `seed`. NULL on no memory. */
gstate *state_new(int nplayers, uint64_t seed);
void state_free(gstate *st);

/* Declare a component of `bytes` zeroed bytes. The labels (which may be
 * NULL with count 0) are copied. EARG for a duplicate or empty name, a name
 * with blanks, or a
 * sealed state, ELIMIT past STATE_MAX_BYTES or STATE_MAX_COMPS, ENOMEM. On
 * success *index is the new component. */
grove_status state_add(gstate *st, const comp_kind *kind, const char *name, size_t bytes,
                       const char *const *labels0, int n0,
                       const char *const *labels1, int n1, int *index);

/* The back of every card 0..n-1 (see deck.h): copied in; replaces any
 * earlier list. ENOMEM, or EARG for n < 0. */
grove_status state_set_backs(gstate *st, const int32_t *backs, int n);

/* The back of a card (0 for a card with none declared). */
static inline int32_t state_back(const gstate *st, int32_t card)
{
    return card >= 0 && card < st->nbacks ? st->backs[card] : 0;
}

/* The component named `name`, or -1. */
int state_find(const gstate *st, const char *name);

/* Where component i's data is now (valid until the next state_add). */
static inline void *state_comp(const gstate *st, int i)
{
    return st->block + st->comps[i].offset;
}
static inline rng_t *state_rng(const gstate *st) { return (rng_t *)state_comp(st, 0); }

/* End setup. */
void state_seal(gstate *st);

/* Snapshot into / restore from a buffer of st->size bytes. */
void state_snapshot(const gstate *st, void *buf);
void state_restore(gstate *st, const void *buf);

/* A 64-bit hash (FNV-1a) of the block: equal states hash equal. */
uint64_t state_hash(const gstate *st);

/* The name of a kind ("grid"), or "?" for none. */
const char *state_kind_name(const comp_kind *k);

/* Write the block as text: one "component NAME KIND WORDS" line per
 * component followed by its 32-bit words in decimal. The caller frees *out.
 * ENOMEM. */
grove_status state_dump(const gstate *st, char **out, size_t *len);

/* Read a dump made by state_dump into a state of the same layout. On any
 * mismatch nothing changes and err (room for errlen) says what differs:
 * EFORMAT. */
grove_status state_undump(gstate *st, const char *text, char *err, size_t errlen);

#endif
