/*
 * vars.h — the script's bookkeeping integers (phase, turn, round, whose
 * turn), kept in the state block so undo, replay and search see them.
 * The names live with the script; here they are indices.
 */
#ifndef GROVE_VARS_H
#define GROVE_VARS_H

#include <stddef.h>
#include <stdint.h>
#include "kind.h"
#include "status.h"

typedef struct {
    int32_t n;      /* number of vars */
    int32_t pad;    /* always 0 */
    int64_t v[];    /* the values */
} vars_t;

/* The kind of a vars component (kind.h). */
extern const comp_kind vars_kind;

size_t vars_bytes(int n);
void vars_init(vars_t *vs, int n);   /* all zero */
grove_status vars_get(const vars_t *vs, int i, int64_t *value);
grove_status vars_set(vars_t *vs, int i, int64_t value);

#endif
