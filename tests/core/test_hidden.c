/*
 * test_hidden.c — what a seat sees of the card zones, and the re-deal that
 * keeps all of it: faces it may see, backs it sees, counts; the unseen cards
 * conserved and spread over every consistent deal.
 *
 * The table: 12 cards, backs 1 (cards 0..5) and 2 (cards 6..11). A face-up
 * row, two hands (owner-only, backs all shown), a face-down pile (top back
 * shown), and a face-down box whose backs nobody sees.
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
#include "hidden.h"
#include "state.h"

enum { ROW, HAND1, HAND2, PILE, BOX, NZONES };

typedef struct {
    gstate *st;
    int comp[NZONES];
} table_t;

static int add_deck(gstate *st, const char *name, int owner, deck_visibility vis, deck_backs backs)
{
    int idx;
    assert_int_equal(state_add(st, &deck_kind, name, deck_bytes(12), NULL, 0, NULL, 0, &idx), GROVE_OK);
    deck_init(state_comp(st, idx), 12, owner, vis);
    st->comps[idx].flags = backs;
    return idx;
}

static deck_t *zone(const table_t *t, int z)
{
    return state_comp(t->st, t->comp[z]);
}

static void push_all(deck_t *d, const int32_t *cards, int n)
{
    for (int i = 0; i < n; i++) assert_int_equal(deck_push(d, cards[i]), GROVE_OK);
}

static table_t new_table(void)
{
    table_t t;
    t.st = state_new(2, 1);
    assert_non_null(t.st);
    int32_t backs[12];
    for (int c = 0; c < 12; c++) backs[c] = c < 6 ? 1 : 2;
    assert_int_equal(state_set_backs(t.st, backs, 12), GROVE_OK);
    t.comp[ROW] = add_deck(t.st, "row", 0, DECK_FACE_UP, DECK_BACKS_ALL);
    t.comp[HAND1] = add_deck(t.st, "hand1", 1, DECK_OWNER_ONLY, DECK_BACKS_ALL);
    t.comp[HAND2] = add_deck(t.st, "hand2", 2, DECK_OWNER_ONLY, DECK_BACKS_ALL);
    t.comp[PILE] = add_deck(t.st, "pile", 0, DECK_FACE_DOWN, DECK_BACKS_TOP);
    t.comp[BOX] = add_deck(t.st, "box", 0, DECK_FACE_DOWN, DECK_BACKS_NONE);
    state_seal(t.st);
    push_all(zone(&t, ROW), (int32_t[]){ 0, 6 }, 2);
    push_all(zone(&t, HAND1), (int32_t[]){ 1, 7 }, 2);
    push_all(zone(&t, HAND2), (int32_t[]){ 2, 8, 9 }, 3);
    push_all(zone(&t, PILE), (int32_t[]){ 3, 10, 4 }, 3);   /* top: 4, back 1 */
    push_all(zone(&t, BOX), (int32_t[]){ 5, 11 }, 2);
    return t;
}

/* Each card once somewhere, and every count as dealt. */
static void assert_conserved(const table_t *t)
{
    int seen[12] = { 0 };
    const int counts[NZONES] = { 2, 2, 3, 3, 2 };
    for (int z = 0; z < NZONES; z++) {
        const deck_t *d = zone(t, z);
        assert_int_equal(d->count, counts[z]);
        for (int i = 0; i < d->count; i++) seen[d->cards[i]]++;
    }
    for (int c = 0; c < 12; c++) assert_int_equal(seen[c], 1);
}

static int32_t back(const table_t *t, int32_t card)
{
    return state_back(t->st, card);
}

static void test_backs_of_cards(void **unused)
{
    (void)unused;
    table_t t = new_table();
    assert_int_equal(back(&t, 0), 1);
    assert_int_equal(back(&t, 11), 2);
    assert_int_equal(back(&t, 12), 0);     /* beyond the list: back 0 */
    assert_int_equal(back(&t, -1), 0);
    assert_int_equal(state_set_backs(t.st, NULL, -1), GROVE_EARG);
    assert_true(hidden_any(t.st));
    state_free(t.st);
}

static void test_a_state_with_only_face_up_zones_hides_nothing(void **unused)
{
    (void)unused;
    gstate *st = state_new(2, 1);
    add_deck(st, "row", 0, DECK_FACE_UP, DECK_BACKS_ALL);
    assert_false(hidden_any(st));
    rng_t r;
    rng_seed(&r, 1, 1);
    assert_int_equal(hidden_redeal(st, 1, &r), GROVE_OK);   /* nothing to do */
    state_free(st);
}

/* Seat 1 keeps what it sees: the row, its hand, seat 2's backs, the
 * pile's top back, every count. Run many seeds: also every card seat 1
 * cannot see reaches every unseen place of its back class. */
static void test_redeal_for_a_seat_keeps_its_view(void **unused)
{
    (void)unused;
    table_t t = new_table();
    bool reached[12][NZONES] = { { false } };
    for (uint64_t seed = 1; seed <= 400; seed++) {
        rng_t r;
        rng_seed(&r, seed, 3);
        assert_int_equal(hidden_redeal(t.st, 1, &r), GROVE_OK);
        assert_conserved(&t);
        assert_int_equal(zone(&t, ROW)->cards[0], 0);
        assert_int_equal(zone(&t, ROW)->cards[1], 6);
        assert_int_equal(zone(&t, HAND1)->cards[0], 1);
        assert_int_equal(zone(&t, HAND1)->cards[1], 7);
        const deck_t *h2 = zone(&t, HAND2);
        assert_int_equal(back(&t, h2->cards[0]), 1);   /* seat 2's backs: 1, 2, 2 */
        assert_int_equal(back(&t, h2->cards[1]), 2);
        assert_int_equal(back(&t, h2->cards[2]), 2);
        assert_int_equal(back(&t, zone(&t, PILE)->cards[2]), 1);   /* the top's back */
        for (int z = HAND2; z < NZONES; z++)
            for (int i = 0; i < zone(&t, z)->count; i++) reached[zone(&t, z)->cards[i]][z] = true;
    }
    /* unseen back-1 cards: 2, 3, 4, 5; back-2: 8, 9, 10, 11 */
    for (int c = 2; c < 6; c++) {
        assert_true(reached[c][HAND2]);
        assert_true(reached[c][PILE]);
        assert_true(reached[c][BOX]);
    }
    for (int c = 8; c < 12; c++) {
        assert_true(reached[c][HAND2]);
        assert_true(reached[c][BOX]);
    }
    state_free(t.st);
}

/* An onlooker sees no hand: both hands keep only their backs. */
static void test_redeal_for_an_onlooker(void **unused)
{
    (void)unused;
    table_t t = new_table();
    bool hand1_changed = false;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        rng_t r;
        rng_seed(&r, seed, 5);
        assert_int_equal(hidden_redeal(t.st, 0, &r), GROVE_OK);
        assert_conserved(&t);
        assert_int_equal(zone(&t, ROW)->cards[0], 0);
        assert_int_equal(back(&t, zone(&t, HAND1)->cards[0]), 1);
        assert_int_equal(back(&t, zone(&t, HAND1)->cards[1]), 2);
        if (zone(&t, HAND1)->cards[0] != 1) hand1_changed = true;
    }
    assert_true(hand1_changed);
    state_free(t.st);
}

/* The same seed gives the same re-deal. */
static void test_redeal_is_reproducible(void **unused)
{
    (void)unused;
    table_t a = new_table(), b = new_table();
    rng_t ra, rb;
    rng_seed(&ra, 77, 1);
    rng_seed(&rb, 77, 1);
    assert_int_equal(hidden_redeal(a.st, 2, &ra), GROVE_OK);
    assert_int_equal(hidden_redeal(b.st, 2, &rb), GROVE_OK);
    assert_memory_equal(a.st->block, b.st->block, a.st->size);
    state_free(a.st);
    state_free(b.st);
}

/* Two tables seat 1 cannot tell apart (seat 2's cards swapped with the
 * pile's, backs kept) re-deal to the same table: a bot's determinization
 * depends only on what its seat sees. */
static void test_redeal_depends_only_on_the_view(void **unused)
{
    (void)unused;
    table_t a = new_table(), b = new_table();
    deck_t *h2 = zone(&b, HAND2), *pile = zone(&b, PILE), *box = zone(&b, BOX);
    int32_t t = h2->cards[0];                /* 2 (back 1) <-> pile's 3 (back 1, unseen back) */
    h2->cards[0] = pile->cards[0];
    pile->cards[0] = t;
    t = h2->cards[2];                        /* 9 (back 2) <-> box's 11 (back 2) */
    h2->cards[2] = box->cards[1];
    box->cards[1] = t;
    assert_memory_not_equal(a.st->block, b.st->block, a.st->size);
    rng_t ra, rb;
    rng_seed(&ra, 9, 1);
    rng_seed(&rb, 9, 1);
    assert_int_equal(hidden_redeal(a.st, 1, &ra), GROVE_OK);
    assert_int_equal(hidden_redeal(b.st, 1, &rb), GROVE_OK);
    assert_memory_equal(a.st->block, b.st->block, a.st->size);
    state_free(a.st);
    state_free(b.st);
}

/* The view hash: equal for every re-deal of what the viewer cannot see,
 * different when something it sees changes (a face, a back, a count, any
 * other component), and blind to the generator and to slots above a count. */
static void test_view_hash_is_what_the_viewer_sees(void **unused)
{
    (void)unused;
    table_t t = new_table();
    uint64_t seat1 = hidden_view_hash(t.st, 1), seat2 = hidden_view_hash(t.st, 2);
    uint64_t onlooker = hidden_view_hash(t.st, 0);
    assert_true(seat1 != seat2 && seat1 != onlooker);
    for (uint64_t seed = 1; seed <= 50; seed++) {
        rng_t r;
        rng_seed(&r, seed, 11);
        assert_int_equal(hidden_redeal(t.st, 1, &r), GROVE_OK);
        assert_int_equal(hidden_view_hash(t.st, 1), seat1);
    }
    rng_seed(state_rng(t.st), 99, 1);                  /* nobody sees the generator */
    assert_int_equal(hidden_view_hash(t.st, 1), seat1);
    deck_t *h1 = zone(&t, HAND1);
    h1->cards[5] = 11;                                 /* above the count: not in the zone */
    assert_int_equal(hidden_view_hash(t.st, 1), seat1);
    int32_t c = h1->cards[0];                          /* seat 1's own card, another face, same back */
    h1->cards[0] = c == 1 ? 2 : 1;
    uint64_t other = hidden_view_hash(t.st, 1);
    h1->cards[0] = c;
    assert_true(other != seat1);
    deck_t *box = zone(&t, BOX);                       /* nobody sees the box's backs: only its count */
    int32_t top;
    assert_int_equal(deck_draw(box, &top), GROVE_OK);
    assert_true(hidden_view_hash(t.st, 1) != seat1);
    assert_int_equal(deck_push(box, top), GROVE_OK);
    assert_int_equal(hidden_view_hash(t.st, 1), seat1);
    state_free(t.st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_backs_of_cards),
        cmocka_unit_test(test_a_state_with_only_face_up_zones_hides_nothing),
        cmocka_unit_test(test_redeal_for_a_seat_keeps_its_view),
        cmocka_unit_test(test_redeal_for_an_onlooker),
        cmocka_unit_test(test_redeal_is_reproducible),
        cmocka_unit_test(test_redeal_depends_only_on_the_view),
        cmocka_unit_test(test_view_hash_is_what_the_viewer_sees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
