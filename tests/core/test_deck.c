/*
 * test_deck.c — ordered card zones: every operation, its bounds, the
 * all-or-nothing failures (checked byte for byte against a copy), the
 * zero-tail invariant that makes equal zones equal bytes, the shuffle, and
 * the rig (cards pinned on top through shuffles until they are dealt).
 *
 * Each deck lives in a calloc'd block of exactly deck_bytes(cap), so ASan
 * catches any write past what the state block would give it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "deck.h"

static deck_t *new_deck(int cap, int owner, deck_visibility vis)
{
    deck_t *d = calloc(1, deck_bytes(cap));
    assert_non_null(d);
    deck_init(d, cap, owner, vis);
    return d;
}

/* A deck of cap slots holding cards[0..n-1], bottom first. */
static deck_t *deck_of(int cap, const int32_t *cards, int n)
{
    deck_t *d = new_deck(cap, 0, DECK_FACE_DOWN);
    for (int i = 0; i < n; i++)
        assert_int_equal(deck_push(d, cards[i]), GROVE_OK);
    return d;
}

static void *copy_of(const deck_t *d)
{
    void *c = malloc(deck_bytes(d->cap));
    assert_non_null(c);
    memcpy(c, d, deck_bytes(d->cap));
    return c;
}

static void assert_same(const deck_t *d, const void *copy)
{
    assert_memory_equal(d, copy, deck_bytes(d->cap));
}

static void assert_cards(const deck_t *d, const int32_t *want, int n)
{
    assert_int_equal(d->count, n);
    for (int i = 0; i < n; i++)
        assert_int_equal(d->cards[i], want[i]);
    for (int i = n; i < d->cap; i++)
        assert_int_equal(d->cards[i], 0);   /* the tail stays zero */
}

static void test_bytes(void **unused)
{
    (void)unused;
    for (int cap = 0; cap < 40; cap++) {
        size_t b = deck_bytes(cap);
        assert_int_equal(b % 8, 0);
        assert_true(b >= sizeof(deck_t) + (size_t)cap * sizeof(int32_t));
        assert_true(b < sizeof(deck_t) + (size_t)cap * sizeof(int32_t) + 8);
    }
    assert_int_equal(deck_bytes(0), (sizeof(deck_t) + 7) & ~(size_t)7);
}

/* init writes every byte: garbage-filled and zeroed memory end up equal */
static void test_init(void **unused)
{
    (void)unused;
    for (int cap = 0; cap < 10; cap++) {
        size_t b = deck_bytes(cap);
        deck_t *a = calloc(1, b), *g = malloc(b);
        assert_non_null(a);
        assert_non_null(g);
        memset(g, 0xa5, b);
        deck_init(a, cap, 2, DECK_OWNER_ONLY);
        deck_init(g, cap, 2, DECK_OWNER_ONLY);
        assert_memory_equal(a, g, b);
        assert_int_equal(g->cap, cap);
        assert_int_equal(g->count, 0);
        assert_int_equal(g->owner, 2);
        assert_int_equal(g->vis, DECK_OWNER_ONLY);
        assert_int_equal(g->rigged, 0);
        free(a);
        free(g);
    }
}

static void test_push_and_full(void **unused)
{
    (void)unused;
    deck_t *d = new_deck(3, 0, DECK_FACE_UP);
    assert_int_equal(deck_push(d, 10), GROVE_OK);
    assert_int_equal(deck_push(d, -4), GROVE_OK);
    assert_int_equal(deck_push(d, INT32_MAX), GROVE_OK);
    assert_cards(d, (int32_t[]){ 10, -4, INT32_MAX }, 3);
    void *c = copy_of(d);
    assert_int_equal(deck_push(d, 1), GROVE_EFULL);
    assert_same(d, c);
    assert_int_equal(deck_push_bottom(d, 1), GROVE_EFULL);
    assert_same(d, c);
    assert_int_equal(deck_insert(d, 1, 1), GROVE_EFULL);
    assert_same(d, c);
    free(c);
    free(d);

    /* a zone of no slots is always full and always empty */
    d = new_deck(0, 0, DECK_FACE_UP);
    int32_t card = 99;
    assert_int_equal(deck_push(d, 1), GROVE_EFULL);
    assert_int_equal(deck_draw(d, &card), GROVE_EEMPTY);
    assert_int_equal(card, 99);
    free(d);
}

static void test_push_bottom(void **unused)
{
    (void)unused;
    deck_t *d = new_deck(4, 0, DECK_FACE_UP);
    assert_int_equal(deck_push_bottom(d, 1), GROVE_OK);
    assert_int_equal(deck_push_bottom(d, 2), GROVE_OK);
    assert_int_equal(deck_push(d, 3), GROVE_OK);
    assert_int_equal(deck_push_bottom(d, 4), GROVE_OK);
    assert_cards(d, (int32_t[]){ 4, 2, 1, 3 }, 4);
    free(d);
}

static void test_insert(void **unused)
{
    (void)unused;
    deck_t *d = new_deck(6, 0, DECK_FACE_UP);
    assert_int_equal(deck_insert(d, 0, 5), GROVE_OK);    /* into empty */
    assert_int_equal(deck_insert(d, 1, 7), GROVE_OK);    /* pos == count: top */
    assert_int_equal(deck_insert(d, 0, 1), GROVE_OK);    /* bottom */
    assert_int_equal(deck_insert(d, 2, 6), GROVE_OK);    /* middle */
    assert_cards(d, (int32_t[]){ 1, 5, 6, 7 }, 4);

    void *c = copy_of(d);
    assert_int_equal(deck_insert(d, 5, 9), GROVE_ERANGE);
    assert_same(d, c);
    assert_int_equal(deck_insert(d, -1, 9), GROVE_ERANGE);
    assert_same(d, c);
    free(c);

    assert_int_equal(deck_insert(d, 4, 8), GROVE_OK);
    assert_int_equal(deck_insert(d, 3, 0), GROVE_OK);
    assert_cards(d, (int32_t[]){ 1, 5, 6, 0, 7, 8 }, 6);
    c = copy_of(d);
    assert_int_equal(deck_insert(d, 7, 9), GROVE_ERANGE);   /* bad and full */
    assert_same(d, c);
    free(c);
    free(d);
}

static void test_draw(void **unused)
{
    (void)unused;
    deck_t *d = deck_of(4, (int32_t[]){ 1, 2, 3 }, 3);
    int32_t card = -1;
    assert_int_equal(deck_draw(d, &card), GROVE_OK);
    assert_int_equal(card, 3);
    assert_int_equal(deck_draw_bottom(d, &card), GROVE_OK);
    assert_int_equal(card, 1);
    assert_cards(d, (int32_t[]){ 2 }, 1);
    assert_int_equal(deck_draw_bottom(d, &card), GROVE_OK);
    assert_int_equal(card, 2);
    assert_cards(d, NULL, 0);

    void *c = copy_of(d);
    card = 42;
    assert_int_equal(deck_draw(d, &card), GROVE_EEMPTY);
    assert_int_equal(deck_draw_bottom(d, &card), GROVE_EEMPTY);
    assert_int_equal(card, 42);   /* untouched on failure */
    assert_same(d, c);
    free(c);
    free(d);
}

static void test_take_at(void **unused)
{
    (void)unused;
    deck_t *d = deck_of(5, (int32_t[]){ 10, 11, 12, 13, 14 }, 5);
    int32_t card = -1;
    assert_int_equal(deck_take_at(d, 2, &card), GROVE_OK);
    assert_int_equal(card, 12);
    assert_cards(d, (int32_t[]){ 10, 11, 13, 14 }, 4);
    assert_int_equal(deck_take_at(d, 3, &card), GROVE_OK);   /* top */
    assert_int_equal(card, 14);
    assert_int_equal(deck_take_at(d, 0, &card), GROVE_OK);   /* bottom */
    assert_int_equal(card, 10);
    assert_cards(d, (int32_t[]){ 11, 13 }, 2);

    void *c = copy_of(d);
    card = 42;
    assert_int_equal(deck_take_at(d, 2, &card), GROVE_ERANGE);
    assert_int_equal(deck_take_at(d, -1, &card), GROVE_ERANGE);
    assert_int_equal(deck_take_at(d, 1000, &card), GROVE_ERANGE);
    assert_int_equal(card, 42);
    assert_same(d, c);
    free(c);
    free(d);
}

static void test_peek(void **unused)
{
    (void)unused;
    deck_t *d = deck_of(4, (int32_t[]){ 1, 2, 3 }, 3);
    void *c = copy_of(d);
    int32_t card = -1;
    assert_int_equal(deck_peek(d, 0, &card), GROVE_OK);
    assert_int_equal(card, 3);
    assert_int_equal(deck_peek(d, 1, &card), GROVE_OK);
    assert_int_equal(card, 2);
    assert_int_equal(deck_peek(d, 2, &card), GROVE_OK);
    assert_int_equal(card, 1);
    card = 42;
    assert_int_equal(deck_peek(d, 3, &card), GROVE_ERANGE);
    assert_int_equal(deck_peek(d, -1, &card), GROVE_ERANGE);
    assert_int_equal(card, 42);
    assert_same(d, c);
    free(c);
    free(d);
}

static void test_find(void **unused)
{
    (void)unused;
    deck_t *d = deck_of(6, (int32_t[]){ 7, 8, 7, 9, 0 }, 5);
    assert_int_equal(deck_find(d, 7), 2);   /* the topmost copy */
    assert_int_equal(deck_find(d, 8), 1);
    assert_int_equal(deck_find(d, 9), 3);
    assert_int_equal(deck_find(d, 0), 4);
    assert_int_equal(deck_find(d, 5), -1);
    int32_t card;
    assert_int_equal(deck_draw(d, &card), GROVE_OK);
    assert_int_equal(deck_find(d, 0), -1);   /* a zeroed free slot is no card */
    free(d);
}

/* The same cards are the same bytes, however the zone got there. */
static void test_history_free_bytes(void **unused)
{
    (void)unused;
    deck_t *a = deck_of(6, (int32_t[]){ 4, 5 }, 2);
    deck_t *b = deck_of(6, (int32_t[]){ 9, 4, 8, 5, 7, 6 }, 6);
    int32_t card;
    assert_int_equal(deck_draw(b, &card), GROVE_OK);
    assert_int_equal(deck_take_at(b, 2, &card), GROVE_OK);
    assert_int_equal(deck_draw_bottom(b, &card), GROVE_OK);
    assert_int_equal(deck_draw(b, &card), GROVE_OK);
    assert_int_equal(card, 7);
    assert_memory_equal(a, b, deck_bytes(6));
    deck_t *e = deck_of(6, NULL, 0);
    deck_t *t = deck_of(6, NULL, 0);
    assert_int_equal(deck_deal(b, t, 2), GROVE_OK);
    assert_memory_equal(b, e, deck_bytes(6));
    free(a);
    free(b);
    free(e);
    free(t);
}

static void test_shuffle(void **unused)
{
    (void)unused;
    enum { N = 52 };
    int32_t cards[N];
    for (int i = 0; i < N; i++)
        cards[i] = 100 + i;
    deck_t *a = deck_of(N + 3, cards, N), *b = deck_of(N + 3, cards, N);
    rng_t r1, r2;
    rng_seed(&r1, 42, 54);
    rng_seed(&r2, 42, 54);
    deck_shuffle(a, &r1);
    deck_shuffle(b, &r2);
    assert_memory_equal(a, b, deck_bytes(N + 3));   /* deterministic */
    assert_memory_equal(&r1, &r2, sizeof r1);

    /* a permutation of the same cards, with the tail still zero */
    bool seen[N] = { false };
    int moved = 0;
    for (int i = 0; i < N; i++) {
        int32_t c = a->cards[i];
        assert_true(c >= 100 && c < 100 + N);
        assert_false(seen[c - 100]);
        seen[c - 100] = true;
        moved += c != 100 + i;
    }
    assert_true(moved > N / 2);
    assert_int_equal(a->count, N);
    for (int i = N; i < N + 3; i++)
        assert_int_equal(a->cards[i], 0);

    /* pinned: this seed gives this order on every machine */
    deck_t *p = deck_of(6, (int32_t[]){ 1, 2, 3, 4, 5, 6 }, 6);
    rng_seed(&r1, 42, 54);
    deck_shuffle(p, &r1);
    assert_cards(p, (int32_t[]){ 1, 6, 2, 5, 3, 4 }, 6);   /* j = 3, 2, 2, 1, 1 */

    /* count-1 draws; nothing for 0 or 1 card */
    deck_t *one = deck_of(2, (int32_t[]){ 7 }, 1);
    rng_t before = r1;
    deck_shuffle(one, &r1);
    assert_memory_equal(&before, &r1, sizeof r1);
    assert_cards(one, (int32_t[]){ 7 }, 1);
    deck_t *none = deck_of(2, NULL, 0);
    deck_shuffle(none, &r1);
    assert_memory_equal(&before, &r1, sizeof r1);
    assert_cards(none, NULL, 0);

    free(a);
    free(b);
    free(p);
    free(one);
    free(none);
}

/* All 6 orders of 3 cards come up about equally often. */
static void test_shuffle_uniform(void **unused)
{
    (void)unused;
    deck_t *d = deck_of(3, (int32_t[]){ 0, 1, 2 }, 3);
    rng_t r;
    rng_seed(&r, 2718, 28);
    long hits[27] = { 0 };
    const long rounds = 60000;
    for (long i = 0; i < rounds; i++) {
        deck_shuffle(d, &r);
        hits[d->cards[0] * 9 + d->cards[1] * 3 + d->cards[2]]++;
    }
    double chi = 0, expect = rounds / 6.0;
    int orders = 0;
    for (int k = 0; k < 27; k++) {
        if (!hits[k])
            continue;
        orders++;
        chi += (hits[k] - expect) * (hits[k] - expect) / expect;
    }
    assert_int_equal(orders, 6);
    assert_true(chi < 40.0);   /* df 5: the 1e-6 critical value is ~36 */
    free(d);
}

static void test_deal(void **unused)
{
    (void)unused;
    deck_t *from = deck_of(6, (int32_t[]){ 1, 2, 3, 4, 5 }, 5);
    deck_t *to = deck_of(4, (int32_t[]){ 9 }, 1);
    assert_int_equal(deck_deal(from, to, 3), GROVE_OK);
    assert_cards(from, (int32_t[]){ 1, 2 }, 2);
    assert_cards(to, (int32_t[]){ 9, 5, 4, 3 }, 4);   /* order reverses */

    assert_int_equal(deck_deal(from, to, 0), GROVE_OK);
    assert_cards(from, (int32_t[]){ 1, 2 }, 2);

    /* all or nothing: neither zone changes */
    void *cf = copy_of(from), *ct = copy_of(to);
    assert_int_equal(deck_deal(from, to, 1), GROVE_EFULL);
    assert_same(from, cf);
    assert_same(to, ct);
    assert_int_equal(deck_deal(from, to, 3), GROVE_EEMPTY);   /* short and full */
    assert_same(from, cf);
    assert_same(to, ct);
    assert_int_equal(deck_deal(from, to, -1), GROVE_EARG);
    assert_same(from, cf);
    assert_same(to, ct);
    free(cf);
    free(ct);

    deck_t *big = deck_of(10, NULL, 0);
    cf = copy_of(from);
    ct = copy_of(big);
    assert_int_equal(deck_deal(from, big, 3), GROVE_EEMPTY);
    assert_same(from, cf);
    assert_same(big, ct);
    assert_int_equal(deck_deal(from, big, 2), GROVE_OK);
    assert_cards(from, NULL, 0);
    assert_cards(big, (int32_t[]){ 2, 1 }, 2);
    free(cf);
    free(ct);

    /* a zone dealt onto itself: nothing moves, the count is still checked */
    cf = copy_of(big);
    assert_int_equal(deck_deal(big, big, 2), GROVE_OK);
    assert_same(big, cf);
    assert_int_equal(deck_deal(big, big, 3), GROVE_EEMPTY);
    assert_same(big, cf);
    free(cf);

    free(from);
    free(to);
    free(big);
}

/* The cards asked for go to the top in that order (the first on top), the
 * others keep their order; refusals change no byte. */
static void test_rig(void **unused)
{
    (void)unused;
    deck_t *d = deck_of(8, (int32_t[]){ 1, 2, 3, 4, 5, 2 }, 6);
    assert_int_equal(deck_rig(d, (int32_t[]){ 4, 1 }, 2), GROVE_OK);
    assert_cards(d, (int32_t[]){ 2, 3, 5, 2, 1, 4 }, 6);
    assert_int_equal(d->rigged, 2);
    /* a card twice needs two copies; the topmost copies move */
    assert_int_equal(deck_rig(d, (int32_t[]){ 2, 3, 2 }, 3), GROVE_OK);
    assert_cards(d, (int32_t[]){ 5, 1, 4, 2, 3, 2 }, 6);
    assert_int_equal(d->rigged, 3);

    void *before = copy_of(d);
    assert_int_equal(deck_rig(d, (int32_t[]){ 9 }, 1), GROVE_ERANGE);          /* not held */
    assert_int_equal(deck_rig(d, (int32_t[]){ 3, 3 }, 2), GROVE_ERANGE);       /* held once */
    assert_int_equal(deck_rig(d, (int32_t[]){ 5, 1, 4, 2, 3, 2, 2 }, 7), GROVE_ERANGE);   /* more than held */
    assert_int_equal(deck_rig(d, NULL, -1), GROVE_EARG);
    assert_same(d, before);
    free(before);

    /* none: unpins, moves nothing */
    assert_int_equal(deck_rig(d, NULL, 0), GROVE_OK);
    assert_cards(d, (int32_t[]){ 5, 1, 4, 2, 3, 2 }, 6);
    assert_int_equal(d->rigged, 0);
    /* every card */
    assert_int_equal(deck_rig(d, (int32_t[]){ 1, 2, 3, 4, 5, 2 }, 6), GROVE_OK);
    assert_cards(d, (int32_t[]){ 2, 5, 4, 3, 2, 1 }, 6);
    assert_int_equal(d->rigged, 6);
    free(d);
}

/* The pinned cards survive a shuffle and come out first; the shuffle mixes
 * the rest with one draw fewer per pinned card. */
static void test_rig_shuffle_and_deal(void **unused)
{
    (void)unused;
    enum { N = 20 };
    int32_t cards[N];
    for (int i = 0; i < N; i++)
        cards[i] = i;
    deck_t *d = deck_of(N, cards, N), *h = new_deck(N, 1, DECK_OWNER_ONLY);
    assert_int_equal(deck_rig(d, (int32_t[]){ 3, 17, 0 }, 3), GROVE_OK);
    rng_t r;
    rng_seed(&r, 7, 1);
    deck_shuffle(d, &r);
    assert_int_equal(d->cards[N - 1], 3);
    assert_int_equal(d->cards[N - 2], 17);
    assert_int_equal(d->cards[N - 3], 0);
    assert_int_equal(d->rigged, 3);
    int moved = 0;                              /* the others are shuffled */
    int32_t rest[N - 3];
    for (int i = 0, k = 0; i < N; i++)
        if (i != 3 && i != 17 && i != 0) rest[k++] = i;
    for (int i = 0; i < N - 3; i++) moved += d->cards[i] != rest[i];
    assert_true(moved > 0);

    /* it drew for the cards below the pinned ones only */
    rng_t b;
    rng_seed(&b, 7, 1);
    for (int i = N - 3 - 1; i > 0; i--) rng_below(&b, (uint32_t)i + 1);
    assert_int_equal(rng_next(&r), rng_next(&b));

    /* dealing takes them in order, unpinning as it goes */
    assert_int_equal(deck_deal(d, h, 2), GROVE_OK);
    assert_cards(h, (int32_t[]){ 3, 17 }, 2);
    assert_int_equal(d->rigged, 1);
    int32_t c;
    assert_int_equal(deck_draw(d, &c), GROVE_OK);
    assert_int_equal(c, 0);
    assert_int_equal(d->rigged, 0);

    /* taking a pinned card from under the top unpins one; from below, none */
    assert_int_equal(deck_rig(d, (int32_t[]){ 5, 6, 7 }, 3), GROVE_OK);
    assert_int_equal(deck_take_at(d, 0, &c), GROVE_OK);
    assert_int_equal(d->rigged, 3);
    assert_int_equal(deck_take_at(d, d->count - 2, &c), GROVE_OK);
    assert_int_equal(c, 6);
    assert_int_equal(d->rigged, 2);
    /* a card slid under the pinned ones keeps them; one among them ends the rig */
    assert_int_equal(deck_insert(d, d->count - 2, 99), GROVE_OK);
    assert_int_equal(d->rigged, 2);
    assert_int_equal(deck_insert(d, d->count - 1, 98), GROVE_OK);
    assert_int_equal(d->rigged, 0);
    /* so does one pushed on top, or dealt onto a rigged zone */
    assert_int_equal(deck_rig(d, (int32_t[]){ 5 }, 1), GROVE_OK);
    assert_int_equal(deck_push(d, 97), GROVE_OK);
    assert_int_equal(d->rigged, 0);
    assert_int_equal(deck_rig(h, (int32_t[]){ 3 }, 1), GROVE_OK);
    assert_int_equal(deck_deal(d, h, 1), GROVE_OK);
    assert_int_equal(h->rigged, 0);
    /* a push at the bottom keeps the rig; the bottom card drawn when all are pinned unpins */
    assert_int_equal(deck_rig(h, (int32_t[]){ 3, 17 }, 2), GROVE_OK);
    assert_int_equal(deck_push_bottom(h, 96), GROVE_OK);
    assert_int_equal(h->rigged, 2);
    assert_int_equal(deck_draw_bottom(h, &c), GROVE_OK);
    assert_int_equal(c, 96);
    assert_int_equal(h->rigged, 2);
    assert_int_equal(deck_draw_bottom(h, &c), GROVE_OK);
    assert_int_equal(h->rigged, 2);                 /* 97 was under them */
    assert_int_equal(deck_draw_bottom(h, &c), GROVE_OK);
    assert_int_equal(c, 17);
    assert_int_equal(h->rigged, 1);
    free(d);
    free(h);
}

static void test_visible(void **unused)
{
    (void)unused;
    deck_t *up = new_deck(1, 0, DECK_FACE_UP);
    deck_t *down = new_deck(1, 2, DECK_FACE_DOWN);
    deck_t *hand = new_deck(1, 2, DECK_OWNER_ONLY);
    deck_t *shared = new_deck(1, 0, DECK_OWNER_ONLY);
    for (int viewer = 0; viewer <= 4; viewer++) {
        assert_true(deck_visible(up, viewer));
        assert_false(deck_visible(down, viewer));
        assert_int_equal(deck_visible(hand, viewer), viewer == 2);
        assert_false(deck_visible(shared, viewer));   /* no seat owns it */
    }
    free(up);
    free(down);
    free(hand);
    free(shared);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bytes),
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_push_and_full),
        cmocka_unit_test(test_push_bottom),
        cmocka_unit_test(test_insert),
        cmocka_unit_test(test_draw),
        cmocka_unit_test(test_take_at),
        cmocka_unit_test(test_peek),
        cmocka_unit_test(test_find),
        cmocka_unit_test(test_history_free_bytes),
        cmocka_unit_test(test_shuffle),
        cmocka_unit_test(test_shuffle_uniform),
        cmocka_unit_test(test_deal),
        cmocka_unit_test(test_rig),
        cmocka_unit_test(test_rig_shuffle_and_deal),
        cmocka_unit_test(test_visible),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
