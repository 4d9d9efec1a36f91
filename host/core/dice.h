/*
 * dice.h — a set of identical dice with named custom faces.
 *
 * The faces are symbols: a die may carry the same symbol on several faces
 * (star, star, shooting star, fairy, snake, tree). Symbols are numbered
 * 0..nsym-1 in order of first appearance; the names live with the script,
 * the numbers in the state block. A die set aside keeps its face and is
 * skipped by dice_roll_free.
 */
#ifndef GROVE_DICE_H
#define GROVE_DICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "rng.h"
#include "kind.h"
#include "status.h"

#define DICE_MAX_FACES 64

typedef struct {
    int32_t n;          /* number of dice */
    int32_t nfaces;     /* faces per die */
    int32_t nsym;       /* distinct symbols */
    int32_t pad;        /* keeps the arrays 8-byte aligned; always 0 */
    int32_t data[];     /* face_sym[nfaces], value[n], aside[n] */
} dice_t;

/* The kind of a dice component (kind.h). */
extern const comp_kind dice_kind;

/* Bytes a set of n dice with nfaces faces takes in the state block. */
size_t dice_bytes(int n, int nfaces);

/* Make n dice; face_sym[i] is the symbol on face i (0 <= sym < nfaces).
 * Every die starts showing face 0's symbol, none set aside. EARG when
 * n < 1, nfaces < 1 or > DICE_MAX_FACES, or a symbol out of range. */
grove_status dice_init(dice_t *d, int n, int nfaces, const int32_t *face_sym);

/* Roll every die (clearing set-aside), one die, or every die not set aside. */
void dice_roll_all(dice_t *d, rng_t *r);
grove_status dice_roll_one(dice_t *d, int i, rng_t *r);
void dice_roll_free(dice_t *d, rng_t *r);

/* The symbol die i shows / force it (for scenario tests). ERANGE. */
grove_status dice_value(const dice_t *d, int i, int32_t *sym);
grove_status dice_set_value(dice_t *d, int i, int32_t sym);

/* Set die i aside (true) or take it back (false). ERANGE. */
grove_status dice_set_aside(dice_t *d, int i, bool aside);
bool dice_is_aside(const dice_t *d, int i);

/* Which dice to count. */
typedef enum { DICE_ALL, DICE_ASIDE, DICE_FREE } dice_which;

/* How many of the chosen dice show symbol sym. */
int dice_count(const dice_t *d, int32_t sym, dice_which which);

#endif
