/*
 * kind.h — what kind of component a region of the state block holds.
 *
 * Each core component defines its kind beside its functions (deck.c:
 * deck_kind), state.c the RNG's; kinds are compared by address. The name
 * is the one state dumps and save files write, and the one a rule script
 * declares the component by (s:deck(...), see host/lua/components.c).
 */
#ifndef GROVE_KIND_H
#define GROVE_KIND_H

typedef struct comp_kind {
    const char *name;       /* "deck": one lower-case word */
} comp_kind;

#endif
