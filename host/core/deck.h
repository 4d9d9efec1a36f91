/*
 * deck.h — an ordered zone of card ids: a deck, a hand, a pile, a discard.
 *
 * A deck_t lives inside the game state block: a fixed header and `cap` card
 * slots, nothing outside it, so copying the block copies the deck. Cards are
 * plain integers (ids into the script's card catalog). Position 0 is the
 * bottom, count-1 the top; "depth" counts from the top (0 = top card).
 *
 * A scenario test (or a person at the REPL) may rig a zone: deck_rig puts
 * cards it holds on its top in a chosen order and pins them there, so that
 * they are the next cards it deals even if it is shuffled first. The pin
 * is part of the zone's bytes: it counts the top cards a shuffle leaves
 * where they are, and shrinks as they are taken. A card put on top of the
 * pinned ones ends the rig.
 */
#ifndef GROVE_DECK_H
#define GROVE_DECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "rng.h"
#include "kind.h"
#include "status.h"

/* Who may see the cards of a zone. */
typedef enum {
    DECK_FACE_UP = 0,     /* everyone sees every card */
    DECK_FACE_DOWN = 1,   /* nobody sees the cards, only how many */
    DECK_OWNER_ONLY = 2,  /* the owner sees the cards, the others the count */
} deck_visibility;

/* What a player who may not see the faces still sees of a zone: every
 * card's back (a hand held up), the top card's back (a pile), or nothing
 * but the count. A card's back is what the script declared for it with
 * state_set_backs (one integer per card, say its level). Kept in the
 * zone's comp_desc.flags: fixed at setup, not part of the state. */
typedef enum {
    DECK_BACKS_NONE = 0,
    DECK_BACKS_TOP = 1,
    DECK_BACKS_ALL = 2,
} deck_backs;

typedef struct {
    int32_t cap;        /* card slots */
    int32_t count;      /* cards now in the zone */
    int32_t owner;      /* seat 1..n, or 0 for a shared zone */
    int32_t vis;        /* a deck_visibility */
    int32_t rigged;     /* the top cards pinned by deck_rig (0..count) */
    int32_t cards[];    /* cards[0] bottom .. cards[count-1] top */
} deck_t;

/* The kind of a deck component (kind.h). */
extern const comp_kind deck_kind;

/* Bytes a deck of `cap` slots takes in the state block. */
size_t deck_bytes(int cap);

/* Make an empty zone; the memory must hold deck_bytes(cap). */
void deck_init(deck_t *d, int cap, int owner, deck_visibility vis);

/* Put a card on top / on the bottom / at position pos (0..count). EFULL when full. */
grove_status deck_push(deck_t *d, int32_t card);
grove_status deck_push_bottom(deck_t *d, int32_t card);
grove_status deck_insert(deck_t *d, int pos, int32_t card);

/* Take the top / bottom card into *card. EEMPTY when empty. */
grove_status deck_draw(deck_t *d, int32_t *card);
grove_status deck_draw_bottom(deck_t *d, int32_t *card);

/* Take the card at position pos (0 = bottom). ERANGE outside 0..count-1. */
grove_status deck_take_at(deck_t *d, int pos, int32_t *card);

/* Look at the card `depth` below the top (0 = top) without taking it. ERANGE. */
grove_status deck_peek(const deck_t *d, int depth, int32_t *card);

/* Position (0 = bottom) of the topmost copy of card, or -1. */
int deck_find(const deck_t *d, int32_t card);

/* Uniform Fisher-Yates shuffle with the state's generator, of the cards
 * below the rigged ones (all of them when none is rigged). */
void deck_shuffle(deck_t *d, rng_t *r);

/* Move the top n cards of `from` onto `to`, one at a time (so their order
 * reverses, as dealing does). All or nothing: EEMPTY if `from` has fewer than
 * n, EFULL if `to` lacks room; then neither zone changes. */
grove_status deck_deal(deck_t *from, deck_t *to, int n);

/* Rig the zone: its next deals are cards[0], cards[1] ... cards[n-1]. Each
 * must be one it holds (a card given twice, twice); they move to the top
 * in that order (the others keep theirs) and stay pinned there: a shuffle
 * leaves them, each taken off the top unpins one, and a card put on top
 * of them unpins them all. Replaces any earlier rig; n = 0 just unpins.
 * EARG for n < 0, ERANGE for a card the zone does not hold (so many
 * times); then nothing changes. */
grove_status deck_rig(deck_t *d, const int32_t *cards, int n);

/* May seat `viewer` (0 = an onlooker who is no player) see the cards? */
bool deck_visible(const deck_t *d, int viewer);

#endif
