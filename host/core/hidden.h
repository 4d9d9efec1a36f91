/*
 * hidden.h — what each seat may see of the card zones, and determinization:
 * re-dealing the cards a seat cannot see, consistently with what it can.
 *
 * A seat sees the faces of a zone when deck_visible says so. Of the other
 * zones it sees the backs their deck_backs mode shows (every card of a hand
 * held by another player, the top card of a face-down pile) and the counts.
 * A re-deal for a seat keeps every face and every back it sees and every
 * count, and shuffles the rest: the bots of a hidden-information game plan
 * on such re-deals, and the leak tests check that nothing a seat is shown
 * changes under one.
 */
#ifndef GROVE_HIDDEN_H
#define GROVE_HIDDEN_H

#include <stdbool.h>
#include "rng.h"
#include "state.h"
#include "status.h"

/* Does any zone hide card faces from some seat? */
bool hidden_any(const gstate *st);

/* Re-deal, with r, every card whose face `viewer` (0 = an onlooker) cannot
 * see: each position whose back the viewer sees gets a card with that back,
 * uniformly among the unseen cards with it; the other unseen positions get
 * the remaining unseen cards in uniform random order. Every consistent deal
 * is equally likely, the actual one included, and the outcome depends only
 * on what the viewer sees and on r: two states the viewer cannot tell apart
 * re-deal to the same state. ENOMEM (state unchanged). */
grove_status hidden_redeal(gstate *st, int viewer, rng_t *r);

/* A hash of what `viewer` (0 = an onlooker) sees of the state: every
 * component but the state's generator (nobody sees the future), and of each
 * card zone its count and the cards in it (the faces it may see, else the
 * backs it sees, else nothing). Two states the viewer cannot tell apart
 * hash equal; grove check compares what a move's text tells a viewer with
 * what the move shows it. */
uint64_t hidden_view_hash(const gstate *st, int viewer);

#endif
