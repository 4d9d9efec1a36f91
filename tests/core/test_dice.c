/*
 * test_dice.c — dice with symbol faces: init and its EARG cases (memory
 * untouched), rolling all / one / the free dice, forcing values, setting
 * aside, counting, pinned rolls for a seed, face frequencies, and the rig
 * (rigged results taken by the next dice rolled, chance going on after).
 *
 * Each set lives in a block of exactly dice_bytes(), so ASan catches any
 * write past it. The test die is Logger's: star, star, shooting star,
 * fairy, snake, tree — symbols 0, 0, 1, 2, 3, 4.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "dice.h"

enum { STAR, SHOOTING, FAIRY, SNAKE, TREE };
static const int32_t logger_faces[6] = { STAR, STAR, SHOOTING, FAIRY, SNAKE, TREE };

static dice_t *new_dice(int n)
{
    dice_t *d = calloc(1, dice_bytes(n, 6));
    assert_non_null(d);
    assert_int_equal(dice_init(d, n, 6, logger_faces), GROVE_OK);
    return d;
}

static void *copy_of(const dice_t *d)
{
    size_t b = dice_bytes(d->n, d->nfaces);
    void *c = malloc(b);
    assert_non_null(c);
    memcpy(c, d, b);
    return c;
}

static void assert_same(const dice_t *d, const void *copy)
{
    assert_memory_equal(d, copy, dice_bytes(d->n, d->nfaces));
}

static int32_t value(const dice_t *d, int i)
{
    int32_t s = -1;
    assert_int_equal(dice_value(d, i, &s), GROVE_OK);
    return s;
}

static void test_bytes(void **unused)
{
    (void)unused;
    for (int n = 0; n < 10; n++)
        for (int f = 0; f <= DICE_MAX_FACES; f++) {
            size_t b = dice_bytes(n, f);
            size_t need = sizeof(dice_t) + (size_t)(f + 2 * n + DICE_RIG_MAX) * sizeof(int32_t);
            assert_int_equal(b % 8, 0);
            assert_true(b >= need && b < need + 8);
        }
    assert_int_equal(sizeof(dice_t) % 8, 0);
}

static void test_init(void **unused)
{
    (void)unused;
    size_t b = dice_bytes(5, 6);
    dice_t *z = calloc(1, b), *g = malloc(b);
    assert_non_null(z);
    assert_non_null(g);
    memset(g, 0xa5, b);
    assert_int_equal(dice_init(z, 5, 6, logger_faces), GROVE_OK);
    assert_int_equal(dice_init(g, 5, 6, logger_faces), GROVE_OK);
    assert_memory_equal(z, g, b);   /* every byte written */
    assert_int_equal(g->n, 5);
    assert_int_equal(g->nfaces, 6);
    assert_int_equal(g->nsym, 5);
    assert_int_equal(g->nrig, 0);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(value(g, i), STAR);   /* face 0's symbol */
        assert_false(dice_is_aside(g, i));
    }
    free(z);
    free(g);

    /* one face, one die */
    int32_t one = 0;
    dice_t *d = calloc(1, dice_bytes(1, 1));
    assert_non_null(d);
    assert_int_equal(dice_init(d, 1, 1, &one), GROVE_OK);
    assert_int_equal(d->nsym, 1);
    rng_t r;
    rng_seed(&r, 1, 1);
    dice_roll_all(d, &r);
    assert_int_equal(value(d, 0), 0);
    free(d);

    /* the most faces allowed, every face its own symbol */
    int32_t many[DICE_MAX_FACES];
    for (int f = 0; f < DICE_MAX_FACES; f++)
        many[f] = f;
    d = calloc(1, dice_bytes(2, DICE_MAX_FACES));
    assert_non_null(d);
    assert_int_equal(dice_init(d, 2, DICE_MAX_FACES, many), GROVE_OK);
    assert_int_equal(d->nsym, DICE_MAX_FACES);
    free(d);
}

/* EARG leaves the memory exactly as it was. */
static void test_init_errors(void **unused)
{
    (void)unused;
    enum { BYTES = 1024 };
    unsigned char *m = malloc(BYTES), pattern[BYTES];
    assert_non_null(m);
    memset(pattern, 0x5a, BYTES);
    memcpy(m, pattern, BYTES);
    dice_t *d = (dice_t *)m;
    int32_t bad[DICE_MAX_FACES + 1] = { 0 };

    assert_int_equal(dice_init(d, 0, 6, logger_faces), GROVE_EARG);
    assert_int_equal(dice_init(d, -1, 6, logger_faces), GROVE_EARG);
    assert_int_equal(dice_init(d, 3, 0, logger_faces), GROVE_EARG);
    assert_int_equal(dice_init(d, 3, -2, logger_faces), GROVE_EARG);
    assert_int_equal(dice_init(d, 3, DICE_MAX_FACES + 1, bad), GROVE_EARG);
    int32_t neg[3] = { 0, -1, 1 };
    assert_int_equal(dice_init(d, 3, 3, neg), GROVE_EARG);
    int32_t high[3] = { 0, 1, 3 };   /* symbol == nfaces */
    assert_int_equal(dice_init(d, 3, 3, high), GROVE_EARG);
    assert_memory_equal(m, pattern, BYTES);
    int32_t ok[3] = { 0, 1, 2 };
    assert_int_equal(dice_init(d, 3, 3, ok), GROVE_OK);
    free(m);
}

static void test_roll_all(void **unused)
{
    (void)unused;
    dice_t *d = new_dice(5);
    rng_t r;
    rng_seed(&r, 42, 54);
    assert_int_equal(dice_set_aside(d, 1, true), GROVE_OK);
    assert_int_equal(dice_set_aside(d, 4, true), GROVE_OK);
    dice_roll_all(d, &r);
    /* pinned: faces 3, 2, 4, 3, 4 of the seed's rng_below(6) draws */
    static const int32_t want[5] = { FAIRY, SHOOTING, SNAKE, FAIRY, SNAKE };
    for (int i = 0; i < 5; i++) {
        assert_int_equal(value(d, i), want[i]);
        assert_false(dice_is_aside(d, i));   /* cleared */
    }

    /* one draw per die: the sixth draw of the seed comes next */
    rng_t hand;
    rng_seed(&hand, 42, 54);
    for (int i = 0; i < 5; i++)
        (void)rng_below(&hand, 6);
    assert_memory_equal(&hand, &r, sizeof r);

    /* same seed, same bytes */
    dice_t *e = new_dice(5);
    rng_seed(&r, 42, 54);
    dice_roll_all(e, &r);
    assert_memory_equal(d, e, dice_bytes(5, 6));
    free(d);
    free(e);
}

/* Star is on 2 of 6 faces: a third of the rolls; each other symbol a sixth. */
static void test_roll_frequencies(void **unused)
{
    (void)unused;
    dice_t *d = new_dice(10);
    rng_t r;
    rng_seed(&r, 7, 7);
    long hits[5] = { 0 };
    const int rounds = 6000;
    for (int k = 0; k < rounds; k++) {
        dice_roll_all(d, &r);
        int total = 0;
        for (int32_t s = 0; s < 5; s++) {
            int c = dice_count(d, s, DICE_ALL);
            hits[s] += c;
            total += c;
        }
        assert_int_equal(total, 10);
    }
    const double draws = 10.0 * rounds;
    assert_true(hits[STAR] / draws > 0.32 && hits[STAR] / draws < 0.347);
    for (int s = SHOOTING; s <= TREE; s++)
        assert_true(hits[s] / draws > 0.157 && hits[s] / draws < 0.177);
    free(d);
}

static void test_roll_one(void **unused)
{
    (void)unused;
    dice_t *d = new_dice(3);
    rng_t r, before;
    rng_seed(&r, 42, 54);
    assert_int_equal(dice_set_aside(d, 2, true), GROVE_OK);
    assert_int_equal(dice_roll_one(d, 2, &r), GROVE_OK);
    assert_int_equal(value(d, 2), FAIRY);   /* face 3 */
    assert_true(dice_is_aside(d, 2));           /* the flag is kept */
    assert_int_equal(value(d, 0), STAR);
    assert_int_equal(value(d, 1), STAR);

    void *c = copy_of(d);
    before = r;
    assert_int_equal(dice_roll_one(d, 3, &r), GROVE_ERANGE);
    assert_int_equal(dice_roll_one(d, -1, &r), GROVE_ERANGE);
    assert_same(d, c);
    assert_memory_equal(&before, &r, sizeof r);   /* no draw spent */
    free(c);
    free(d);
}

static void test_roll_free(void **unused)
{
    (void)unused;
    dice_t *d = new_dice(4);
    rng_t r;
    rng_seed(&r, 42, 54);
    assert_int_equal(dice_set_value(d, 1, TREE), GROVE_OK);
    assert_int_equal(dice_set_aside(d, 1, true), GROVE_OK);
    assert_int_equal(dice_set_value(d, 3, SNAKE), GROVE_OK);
    assert_int_equal(dice_set_aside(d, 3, true), GROVE_OK);
    dice_roll_free(d, &r);
    /* dice 0 and 2 take the seed's first two faces (3, 2); 1 and 3 keep theirs */
    assert_int_equal(value(d, 0), FAIRY);
    assert_int_equal(value(d, 1), TREE);
    assert_int_equal(value(d, 2), SHOOTING);
    assert_int_equal(value(d, 3), SNAKE);
    assert_true(dice_is_aside(d, 1));
    assert_true(dice_is_aside(d, 3));
    assert_false(dice_is_aside(d, 0));
    rng_t hand;
    rng_seed(&hand, 42, 54);
    (void)rng_below(&hand, 6);
    (void)rng_below(&hand, 6);
    assert_memory_equal(&hand, &r, sizeof r);

    /* everything aside: nothing rolls, nothing drawn */
    for (int i = 0; i < 4; i++)
        assert_int_equal(dice_set_aside(d, i, true), GROVE_OK);
    void *c = copy_of(d);
    dice_roll_free(d, &r);
    assert_same(d, c);
    assert_memory_equal(&hand, &r, sizeof r);
    free(c);
    free(d);
}

static void test_value_and_set(void **unused)
{
    (void)unused;
    dice_t *d = new_dice(2);
    assert_int_equal(dice_set_value(d, 0, TREE), GROVE_OK);
    assert_int_equal(dice_set_value(d, 1, SHOOTING), GROVE_OK);
    assert_int_equal(value(d, 0), TREE);
    assert_int_equal(value(d, 1), SHOOTING);

    void *c = copy_of(d);
    int32_t s = 99;
    assert_int_equal(dice_value(d, 2, &s), GROVE_ERANGE);
    assert_int_equal(dice_value(d, -1, &s), GROVE_ERANGE);
    assert_int_equal(s, 99);
    assert_int_equal(dice_set_value(d, 2, STAR), GROVE_ERANGE);
    assert_int_equal(dice_set_value(d, -1, STAR), GROVE_ERANGE);
    assert_int_equal(dice_set_value(d, 0, 5), GROVE_ERANGE);    /* on no face */
    assert_int_equal(dice_set_value(d, 0, -1), GROVE_ERANGE);
    assert_same(d, c);
    free(c);
    free(d);
}

static void test_aside(void **unused)
{
    (void)unused;
    dice_t *d = new_dice(3);
    assert_int_equal(dice_set_aside(d, 0, true), GROVE_OK);
    assert_true(dice_is_aside(d, 0));
    assert_int_equal(dice_set_aside(d, 0, true), GROVE_OK);
    assert_true(dice_is_aside(d, 0));
    assert_int_equal(dice_set_aside(d, 0, false), GROVE_OK);
    assert_false(dice_is_aside(d, 0));

    void *c = copy_of(d);
    assert_int_equal(dice_set_aside(d, 3, true), GROVE_ERANGE);
    assert_int_equal(dice_set_aside(d, -1, true), GROVE_ERANGE);
    assert_same(d, c);
    assert_false(dice_is_aside(d, 3));
    assert_false(dice_is_aside(d, -1));
    free(c);
    free(d);
}

/* The rigged symbols are what the next dice rolled show, in the order they
 * roll, across rolls; each rigged die still draws, so the first free roll
 * after the rig shows what the seed gives it unrigged. */
static void test_rig(void **unused)
{
    (void)unused;
    dice_t *d = new_dice(3), *plain = new_dice(3);
    rng_t r, p;
    rng_seed(&r, 42, 54);
    rng_seed(&p, 42, 54);
    static const int32_t rig[5] = { TREE, TREE, STAR, SNAKE, SHOOTING };
    assert_int_equal(dice_rig(d, rig, 5), GROVE_OK);
    const int32_t *waiting;
    assert_int_equal(dice_rigged(d, &waiting), 5);
    assert_int_equal(waiting[0], TREE);
    assert_int_equal(waiting[4], SHOOTING);

    dice_roll_all(d, &r);
    dice_roll_all(plain, &p);
    assert_int_equal(value(d, 0), TREE);
    assert_int_equal(value(d, 1), TREE);
    assert_int_equal(value(d, 2), STAR);
    assert_memory_equal(&r, &p, sizeof r);              /* as many draws */
    assert_int_equal(dice_rigged(d, &waiting), 2);
    assert_int_equal(waiting[0], SNAKE);
    assert_int_equal(waiting[1], SHOOTING);
    assert_int_equal(waiting[2], 0);                    /* the slots past the queue stay zero */

    /* roll_free skips the dice set aside: die 0, then die 2, take the rig */
    assert_int_equal(dice_set_aside(d, 1, true), GROVE_OK);
    assert_int_equal(dice_set_aside(plain, 1, true), GROVE_OK);
    dice_roll_free(d, &r);
    dice_roll_free(plain, &p);
    assert_int_equal(value(d, 0), SNAKE);
    assert_int_equal(value(d, 1), TREE);
    assert_int_equal(value(d, 2), SHOOTING);
    assert_int_equal(dice_rigged(d, &waiting), 0);

    /* the rig used up, chance resumes: the same faces as the unrigged dice */
    assert_int_equal(dice_roll_one(d, 1, &r), GROVE_OK);
    assert_int_equal(dice_roll_one(plain, 1, &p), GROVE_OK);
    dice_roll_all(d, &r);
    dice_roll_all(plain, &p);
    assert_memory_equal(d, plain, dice_bytes(3, 6));

    /* a new rig replaces the old; none clears it */
    assert_int_equal(dice_rig(d, rig, 2), GROVE_OK);
    assert_int_equal(dice_rig(d, rig + 3, 1), GROVE_OK);
    assert_int_equal(dice_rigged(d, &waiting), 1);
    assert_int_equal(waiting[0], SNAKE);
    assert_int_equal(waiting[1], 0);
    assert_int_equal(dice_rig(d, NULL, 0), GROVE_OK);
    assert_int_equal(dice_rigged(d, &waiting), 0);
    assert_memory_equal(d, plain, dice_bytes(3, 6));     /* the same bytes as never rigged */

    /* refusals change nothing: a symbol on no face, too many, a count below 0 */
    assert_int_equal(dice_rig(d, rig, 2), GROVE_OK);
    void *c = copy_of(d);
    assert_int_equal(dice_rig(d, (int32_t[]){ STAR, 5 }, 2), GROVE_ERANGE);
    assert_int_equal(dice_rig(d, (int32_t[]){ -1 }, 1), GROVE_ERANGE);
    int32_t many[DICE_RIG_MAX + 1];
    for (int i = 0; i <= DICE_RIG_MAX; i++) many[i] = FAIRY;
    assert_int_equal(dice_rig(d, many, DICE_RIG_MAX + 1), GROVE_EFULL);
    assert_int_equal(dice_rig(d, many, -1), GROVE_EARG);
    assert_same(d, c);
    free(c);
    /* the most that may wait */
    assert_int_equal(dice_rig(d, many, DICE_RIG_MAX), GROVE_OK);
    for (int k = 0; k < DICE_RIG_MAX / 3; k++) dice_roll_all(d, &r);
    assert_int_equal(dice_rigged(d, &waiting), DICE_RIG_MAX % 3);
    assert_int_equal(dice_count(d, FAIRY, DICE_ALL), 3);
    free(d);
    free(plain);
}

static void test_count(void **unused)
{
    (void)unused;
    dice_t *d = new_dice(6);
    static const int32_t show[6] = { STAR, STAR, TREE, STAR, SNAKE, TREE };
    for (int i = 0; i < 6; i++)
        assert_int_equal(dice_set_value(d, i, show[i]), GROVE_OK);
    assert_int_equal(dice_set_aside(d, 1, true), GROVE_OK);
    assert_int_equal(dice_set_aside(d, 2, true), GROVE_OK);

    assert_int_equal(dice_count(d, STAR, DICE_ALL), 3);
    assert_int_equal(dice_count(d, STAR, DICE_ASIDE), 1);
    assert_int_equal(dice_count(d, STAR, DICE_FREE), 2);
    assert_int_equal(dice_count(d, TREE, DICE_ALL), 2);
    assert_int_equal(dice_count(d, TREE, DICE_ASIDE), 1);
    assert_int_equal(dice_count(d, TREE, DICE_FREE), 1);
    assert_int_equal(dice_count(d, SNAKE, DICE_FREE), 1);
    assert_int_equal(dice_count(d, FAIRY, DICE_ALL), 0);
    assert_int_equal(dice_count(d, 17, DICE_ALL), 0);
    assert_int_equal(dice_count(d, -1, DICE_ALL), 0);
    free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bytes),
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_init_errors),
        cmocka_unit_test(test_roll_all),
        cmocka_unit_test(test_roll_frequencies),
        cmocka_unit_test(test_roll_one),
        cmocka_unit_test(test_roll_free),
        cmocka_unit_test(test_value_and_set),
        cmocka_unit_test(test_aside),
        cmocka_unit_test(test_count),
        cmocka_unit_test(test_rig),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
