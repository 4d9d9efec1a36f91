/*
 * deck.c — ordered zones of card ids inside the game state block.
 *
 * Invariant: the slots past the top card (cards[count..cap-1]) and the
 * padding up to deck_bytes() are always zero, so two zones holding the same
 * cards (and as many pinned by a rig) are the same bytes, whatever their
 * history, and the state hash sees only what is in play; 0 <= rigged <=
 * count. Every failing call returns before writing anything.
 */
#include <assert.h>
#include <string.h>
#include "deck.h"

const comp_kind deck_kind = { "deck" };

/* Rounded up to 8 so the component laid out after a deck stays aligned. */
size_t deck_bytes(int cap)
{
    assert(cap >= 0);
    size_t n = sizeof(deck_t) + (size_t)cap * sizeof(int32_t);
    return (n + 7) & ~(size_t)7;
}

void deck_init(deck_t *d, int cap, int owner, deck_visibility vis)
{
    assert(cap >= 0 && owner >= 0);
    assert(vis == DECK_FACE_UP || vis == DECK_FACE_DOWN || vis == DECK_OWNER_ONLY);
    memset(d, 0, deck_bytes(cap));
    d->cap = cap;
    d->count = 0;
    d->owner = owner;
    d->vis = (int32_t)vis;
    d->rigged = 0;
}

/* A card went in at position pos (count already counts it): above or
 * among the pinned cards it unpins them (the next deal is no longer the
 * rigged one). */
static void put_at(deck_t *d, int pos)
{
    if (pos > d->count - 1 - d->rigged)
        d->rigged = 0;
}

/* The card at position pos is going out (count still counts it): one of
 * the pinned ones, if it is. */
static void took_at(deck_t *d, int pos)
{
    if (d->rigged > 0 && pos >= d->count - d->rigged)
        d->rigged--;
}

grove_status deck_push(deck_t *d, int32_t card)
{
    if (d->count >= d->cap)
        return GROVE_EFULL;
    d->cards[d->count++] = card;
    put_at(d, d->count - 1);
    return GROVE_OK;
}

grove_status deck_push_bottom(deck_t *d, int32_t card)
{
    return deck_insert(d, 0, card);
}

grove_status deck_insert(deck_t *d, int pos, int32_t card)
{
    if (pos < 0 || pos > d->count)
        return GROVE_ERANGE;
    if (d->count >= d->cap)
        return GROVE_EFULL;
    memmove(&d->cards[pos + 1], &d->cards[pos],
            (size_t)(d->count - pos) * sizeof d->cards[0]);
    d->cards[pos] = card;
    d->count++;
    put_at(d, pos);
    return GROVE_OK;
}

grove_status deck_draw(deck_t *d, int32_t *card)
{
    if (d->count == 0)
        return GROVE_EEMPTY;
    took_at(d, d->count - 1);
    d->count--;
    *card = d->cards[d->count];
    d->cards[d->count] = 0;
    return GROVE_OK;
}

grove_status deck_draw_bottom(deck_t *d, int32_t *card)
{
    if (d->count == 0)
        return GROVE_EEMPTY;
    return deck_take_at(d, 0, card);
}

grove_status deck_take_at(deck_t *d, int pos, int32_t *card)
{
    if (pos < 0 || pos >= d->count)
        return GROVE_ERANGE;
    took_at(d, pos);
    *card = d->cards[pos];
    memmove(&d->cards[pos], &d->cards[pos + 1],
            (size_t)(d->count - pos - 1) * sizeof d->cards[0]);
    d->count--;
    d->cards[d->count] = 0;
    return GROVE_OK;
}

grove_status deck_peek(const deck_t *d, int depth, int32_t *card)
{
    if (depth < 0 || depth >= d->count)
        return GROVE_ERANGE;
    *card = d->cards[d->count - 1 - depth];
    return GROVE_OK;
}

int deck_find(const deck_t *d, int32_t card)
{
    for (int i = d->count - 1; i >= 0; i--)
        if (d->cards[i] == card)
            return i;
    return -1;
}

/* Fisher-Yates from the top down: count-1 draws of rng_below(i + 1) for
 * i = count-1 .. 1, over the unpinned cards only (count - rigged of them).
 * The draw sequence is part of the replay promise. */
void deck_shuffle(deck_t *d, rng_t *r)
{
    for (int i = d->count - d->rigged - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint32_t)i + 1);
        int32_t t = d->cards[i];
        d->cards[i] = d->cards[j];
        d->cards[j] = t;
    }
}

/* Dealing a zone onto itself takes each card off the top and puts it back:
 * nothing moves, but the count check still applies. */
grove_status deck_deal(deck_t *from, deck_t *to, int n)
{
    if (n < 0)
        return GROVE_EARG;
    if (from->count < n)
        return GROVE_EEMPTY;
    if (from == to)
        return GROVE_OK;
    if (to->cap - to->count < n)
        return GROVE_EFULL;
    for (int i = 0; i < n; i++) {
        took_at(from, from->count - 1);
        int32_t card = from->cards[--from->count];
        from->cards[from->count] = 0;
        to->cards[to->count++] = card;
        put_at(to, to->count - 1);
    }
    return GROVE_OK;
}

/* How many times card is among cards[0..n-1]. */
static int copies(const int32_t *cards, int n, int32_t card)
{
    int k = 0;
    for (int i = 0; i < n; i++) k += cards[i] == card;
    return k;
}

/* Checked whole first (each card held as many times as it is asked for),
 * then the k-th card asked for is lifted out of the cards not yet placed
 * (its topmost copy there) and set at count-1-k, the cards above it in
 * that stretch moving down one: the cards not rigged keep their order. */
grove_status deck_rig(deck_t *d, const int32_t *cards, int n)
{
    if (n < 0)
        return GROVE_EARG;
    if (n > d->count)
        return GROVE_ERANGE;
    for (int k = 0; k < n; k++)
        if (copies(cards, n, cards[k]) > copies(d->cards, d->count, cards[k]))
            return GROVE_ERANGE;
    for (int k = 0; k < n; k++) {
        int top = d->count - 1 - k, pos = top;
        while (d->cards[pos] != cards[k]) pos--;        /* there: checked above */
        memmove(&d->cards[pos], &d->cards[pos + 1], (size_t)(top - pos) * sizeof d->cards[0]);
        d->cards[top] = cards[k];
    }
    d->rigged = n;
    return GROVE_OK;
}

/* An owner-only zone is seen by its owner alone; a shared one (owner 0)
 * by nobody, since no seat owns it. */
bool deck_visible(const deck_t *d, int viewer)
{
    switch ((deck_visibility)d->vis) {
    case DECK_FACE_UP:    return true;
    case DECK_FACE_DOWN:  return false;
    case DECK_OWNER_ONLY: return viewer >= 1 && viewer == d->owner;
    }
    return false;
}
