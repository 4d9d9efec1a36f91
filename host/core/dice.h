/*
 * dice.h — a set of identical dice with named custom faces.
 *
 * The faces are symbols: a die may carry the same symbol on several faces
 * (star, star, shooting star, fairy, snake, tree). Symbols are numbered
 * 0..nsym-1 in order of first appearance; the names live with the script,
 * the numbers in the state block. A die set aside keeps its face and is
 * skipped by dice_roll_free.
 *
 * A scenario test (or a person at the REPL) may rig the dice: a queue of
 * up to DICE_RIG_MAX symbols, kept in the block with the dice, that the
 * next dice rolled show, one symbol a die, in the order they roll. A
 * rigged roll still draws from the generator as a free one would, so what
 * chance gives after the rig is what the seed gives without it.
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
#define DICE_RIG_MAX 32      /* rigged results that may wait: a few rolls' worth */

typedef struct {
    int32_t n;          /* number of dice */
    int32_t nfaces;     /* faces per die */
    int32_t nsym;       /* distinct symbols */
    int32_t nrig;       /* rigged results waiting in rig[] */
    int32_t data[];     /* face_sym[nfaces], value[n], aside[n], rig[DICE_RIG_MAX] */
} dice_t;

/* The kind of a dice component (kind.h). */
extern const comp_kind dice_kind;

/* Bytes a set of n dice with nfaces faces takes in the state block. */
size_t dice_bytes(int n, int nfaces);

/* Make n dice; face_sym[i] is the symbol on face i (0 <= sym < nfaces).
 * Every die starts showing face 0's symbol, none set aside. EARG when
 * n < 1, nfaces < 1 or > DICE_MAX_FACES, or a symbol out of range. */
grove_status dice_init(dice_t *d, int n, int nfaces, const int32_t *face_sym);

/* Roll every die (clearing set-aside), one die, or every die not set aside.
 * Each die rolled takes the first rigged symbol waiting, if any. */
void dice_roll_all(dice_t *d, rng_t *r);
grove_status dice_roll_one(dice_t *d, int i, rng_t *r);
void dice_roll_free(dice_t *d, rng_t *r);

/* The symbol die i shows / force it (for scenario tests). ERANGE. */
grove_status dice_value(const dice_t *d, int i, int32_t *sym);
grove_status dice_set_value(dice_t *d, int i, int32_t sym);

/* Rig the next n results: the next n dice rolled show syms[0..n-1], in
 * the order they roll; replaces any rig waiting (n = 0 clears it). EFULL
 * for n > DICE_RIG_MAX, EARG for n < 0, ERANGE when no face carries a
 * symbol; then nothing changes. */
grove_status dice_rig(dice_t *d, const int32_t *syms, int n);

/* The rigged symbols still waiting, next first: *syms points at them
 * (valid until the dice change); returns how many. */
int dice_rigged(const dice_t *d, const int32_t **syms);

/* Set die i aside (true) or take it back (false). ERANGE. */
grove_status dice_set_aside(dice_t *d, int i, bool aside);
bool dice_is_aside(const dice_t *d, int i);

/* Which dice to count. */
typedef enum { DICE_ALL, DICE_ASIDE, DICE_FREE } dice_which;

/* How many of the chosen dice show symbol sym. */
int dice_count(const dice_t *d, int32_t sym, dice_which which);

#endif
