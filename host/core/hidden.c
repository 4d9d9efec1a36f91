/*
 * hidden.c — determinization over the card zones of a state (hidden.h).
 */
#include "hidden.h"

#include <stdlib.h>
#include <string.h>

#include "deck.h"

bool hidden_any(const gstate *st)
{
    for (int i = 0; i < st->ncomps; i++)
        if (st->comps[i].kind == &deck_kind && ((const deck_t *)state_comp(st, i))->vis != DECK_FACE_UP)
            return true;
    return false;
}

/* One position the re-deal fills: a card slot and the back it must show
 * (-1: any). */
typedef struct {
    int32_t *slot;
    int64_t back;
} place;

/* Does the viewer see the back of the card at position pos (0 = bottom)? */
static bool back_seen(const deck_t *d, int flags, int pos)
{
    switch ((deck_backs)flags) {
    case DECK_BACKS_ALL: return true;
    case DECK_BACKS_TOP: return pos == d->count - 1;
    case DECK_BACKS_NONE: return false;
    }
    return false;
}

static int cmp_card(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

grove_status hidden_redeal(gstate *st, int viewer, rng_t *r)
{
    int n = 0;
    for (int i = 0; i < st->ncomps; i++) {
        if (st->comps[i].kind != &deck_kind) continue;
        const deck_t *d = state_comp(st, i);
        if (!deck_visible(d, viewer)) n += d->count;
    }
    if (n == 0) return GROVE_OK;
    place *places = malloc((size_t)n * sizeof *places);
    int32_t *cards = malloc((size_t)n * sizeof *cards);
    if (!places || !cards) {
        free(places);
        free(cards);
        return GROVE_ENOMEM;
    }
    int k = 0;
    for (int i = 0; i < st->ncomps; i++) {
        if (st->comps[i].kind != &deck_kind) continue;
        deck_t *d = state_comp(st, i);
        if (deck_visible(d, viewer)) continue;
        for (int pos = 0; pos < d->count; pos++) {
            places[k].slot = &d->cards[pos];
            places[k].back = back_seen(d, st->comps[i].flags, pos) ? state_back(st, d->cards[pos]) : -1;
            cards[k++] = d->cards[pos];
        }
    }
    /* start from the unseen cards in a fixed order, so that the re-deal
     * depends on what the viewer knows and on r, never on where the unseen
     * cards really are */
    qsort(cards, (size_t)n, sizeof *cards, cmp_card);
    /* the positions with a seen back first, each drawing from the cards
     * still free that show it; cards[left..n) are free */
    int left = 0;
    for (int p = 0; p < n; p++) {
        if (places[p].back < 0) continue;
        int matching = 0;
        for (int c = left; c < n; c++) matching += state_back(st, cards[c]) == places[p].back;
        uint32_t pick = rng_below(r, (uint32_t)matching);
        for (int c = left; c < n; c++) {
            if (state_back(st, cards[c]) != places[p].back) continue;
            if (pick-- == 0) {
                int32_t t = cards[c];
                cards[c] = cards[left];
                cards[left++] = t;
                *places[p].slot = t;
                break;
            }
        }
    }
    /* the rest: the free cards in uniform random order */
    for (int c = n - 1; c > left; c--) {
        int j = left + (int)rng_below(r, (uint32_t)(c - left + 1));
        int32_t t = cards[c];
        cards[c] = cards[j];
        cards[j] = t;
    }
    for (int p = 0; p < n; p++)
        if (places[p].back < 0) *places[p].slot = cards[left++];
    free(places);
    free(cards);
    return GROVE_OK;
}

/* The mixing step of state_hash, one 64-bit word at a time. */
static uint64_t mix(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
    return h ^ (h >> 29);
}

static uint64_t mix_bytes(uint64_t h, const uint8_t *p, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = mix(h, w);
    }
    for (; i < n; i++) h = mix(h, p[i]);
    return h;
}

uint64_t hidden_view_hash(const gstate *st, int viewer)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 1; i < st->ncomps; i++) {         /* 0: the generator */
        const comp_desc *c = &st->comps[i];
        h = mix(h, (uint64_t)i);
        if (c->kind != &deck_kind) {
            h = mix_bytes(h, st->block + c->offset, c->bytes);
            continue;
        }
        /* the cards below the count are the zone; slots above it are not */
        const deck_t *d = state_comp(st, i);
        h = mix(h, (uint64_t)(uint32_t)d->count);
        if (deck_visible(d, viewer)) {
            h = mix_bytes(h, (const uint8_t *)d->cards, (size_t)d->count * sizeof d->cards[0]);
            continue;
        }
        for (int pos = 0; pos < d->count; pos++)
            h = mix(h, back_seen(d, c->flags, pos) ? (uint64_t)(uint32_t)state_back(st, d->cards[pos]) : ~0ULL);
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}
