/*
 * test_state.c — the game state block: the RNG as component 0, declaring
 * components (zeroed, 8-aligned, names and labels copied, every EARG case
 * changing nothing), lookup, snapshot / restore, the hash, and the text dump
 * with every way state_undump can refuse a text (state untouched, a message
 * naming the component).
 *
 * The realistic layout is what a rule script's setup would declare: vars, a
 * grid, a per-seat pool and a hand, each initialised by its own core.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "deck.h"
#include "dice.h"
#include "graph.h"
#include "grid.h"
#include "hex.h"
#include "pool.h"
#include "rng.h"
#include "state.h"
#include "vars.h"

/* ---- a realistic layout ------------------------------------------------ */

static const char *const VAR_NAMES[] = { "phase", "turn", "round" };
static const char *const FIELDS[] = { "tree", "owner", "seed" };

#define BOARD_W 5
#define BOARD_H 3
#define BOARD_F 3      /* 196 bytes: 4 mod 8, so the next offset needs padding */

typedef struct {
    gstate *st;
    int vars, board, score, hand;
} game;

static int add(gstate *st, const comp_kind *kind, const char *name, size_t bytes,
               const char *const *l0, int n0)
{
    assert_int_equal(bytes % 4, 0);
    int idx = -1;
    assert_int_equal(state_add(st, kind, name, bytes, l0, n0, NULL, 0, &idx), GROVE_OK);
    return idx;
}

/* The layout, still open for declarations. */
static game new_open_game(uint64_t seed)
{
    game g;
    g.st = state_new(2, seed);
    assert_non_null(g.st);
    g.vars = add(g.st, &vars_kind, "vars", vars_bytes(3), VAR_NAMES, 3);
    vars_init(state_comp(g.st, g.vars), 3);
    g.board = add(g.st, &grid_kind, "board", grid_bytes(BOARD_W, BOARD_H, BOARD_F), FIELDS, BOARD_F);
    assert_int_equal(grid_init(state_comp(g.st, g.board), BOARD_W, BOARD_H, BOARD_F), GROVE_OK);
    g.score = add(g.st, &pool_kind, "score", pool_bytes(2), NULL, 0);
    assert_int_equal(pool_init(state_comp(g.st, g.score), 2, -100, 100, 0), GROVE_OK);
    g.hand = add(g.st, &deck_kind, "hand", deck_bytes(7), NULL, 0);
    deck_init(state_comp(g.st, g.hand), 7, 1, DECK_OWNER_ONLY);
    return g;
}

static game new_game(uint64_t seed)
{
    game g = new_open_game(seed);
    state_seal(g.st);
    return g;
}

static grid_t *board(const game *g) { return state_comp(g->st, g->board); }

/* Some play: distinctive values in every component. Grid cells 7 and 8 of
 * field 0 are adjacent words on one dump line: "... 777 -5 ...". */
static void play(const game *g)
{
    assert_int_equal(vars_set(state_comp(g->st, g->vars), 1, 9), GROVE_OK);
    grid_set(board(g), 7, 0, 777);
    grid_set(board(g), 8, 0, -5);
    grid_set(board(g), 14, 2, INT32_MAX);
    grid_set(board(g), 0, 1, INT32_MIN);
    assert_int_equal(pool_set(state_comp(g->st, g->score), 1, 42), GROVE_OK);
    assert_int_equal(deck_push(state_comp(g->st, g->hand), 31), GROVE_OK);
    rng_next(state_rng(g->st));
}

static char *dump_of(const gstate *st)
{
    char *text = NULL;
    size_t len = 0;
    assert_int_equal(state_dump(st, &text, &len), GROVE_OK);
    assert_non_null(text);
    assert_int_equal(len, strlen(text));
    return text;
}

/* A copy of text with the first whole word `old` (delimited by spaces,
 * newlines or the ends) replaced by `repl`. */
static char *replace_word(const char *text, const char *old, const char *repl)
{
    size_t n = strlen(old);
    const char *p = text;
    for (;;) {
        p = strstr(p, old);
        assert_non_null(p);
        bool start = p == text || p[-1] == ' ' || p[-1] == '\n';
        bool end = p[n] == '\0' || p[n] == ' ' || p[n] == '\n';
        if (start && end) break;
        p++;
    }
    size_t pre = (size_t)(p - text);
    char *out = malloc(strlen(text) - n + strlen(repl) + 1);
    assert_non_null(out);
    memcpy(out, text, pre);
    strcpy(out + pre, repl);
    strcat(out, p + n);
    return out;
}

/* A copy of text with every occurrence of `old` replaced by `repl`. */
static char *replace_all(const char *text, const char *old, const char *repl)
{
    size_t n = strlen(old), count = 0;
    for (const char *p = strstr(text, old); p; p = strstr(p + n, old)) count++;
    char *out = malloc(strlen(text) + count * strlen(repl) + 1);
    assert_non_null(out);
    char *o = out;
    const char *p = text, *q;
    while ((q = strstr(p, old))) {
        memcpy(o, p, (size_t)(q - p));
        o += q - p;
        strcpy(o, repl);
        o += strlen(repl);
        p = q + n;
    }
    strcpy(o, p);
    return out;
}

/* A copy of text with the first occurrence of `old` replaced by `repl`. */
static char *replace_str(const char *text, const char *old, const char *repl)
{
    const char *p = strstr(text, old);
    assert_non_null(p);
    size_t pre = (size_t)(p - text);
    char *out = malloc(strlen(text) - strlen(old) + strlen(repl) + 1);
    assert_non_null(out);
    memcpy(out, text, pre);
    strcpy(out + pre, repl);
    strcat(out, p + strlen(old));
    return out;
}

/* ---- a fingerprint of everything state_add may touch ------------------- */

typedef struct {
    int ncomps;
    size_t size;
    uint8_t *block;
    uint64_t hash;
    bool sealed;
} print_t;

static print_t take_print(const gstate *st)
{
    print_t p = { st->ncomps, st->size, malloc(st->size ? st->size : 1), state_hash(st), st->sealed };
    assert_non_null(p.block);
    memcpy(p.block, st->block, st->size);
    return p;
}

static void assert_print(const gstate *st, const print_t *p)
{
    assert_int_equal(st->ncomps, p->ncomps);
    assert_int_equal(st->size, p->size);
    assert_memory_equal(st->block, p->block, p->size);
    assert_int_equal(state_hash(st), p->hash);
    assert_int_equal(st->sealed, p->sealed);
}

/* ---- state_new --------------------------------------------------------- */

static void test_new(void **unused)
{
    (void)unused;
    gstate *st = state_new(3, 42);
    assert_non_null(st);
    assert_int_equal(st->nplayers, 3);
    assert_int_equal(st->seed, 42);
    assert_false(st->sealed);
    assert_int_equal(st->ncomps, 1);
    assert_ptr_equal(st->comps[0].kind, &state_rng_kind);
    assert_string_equal(st->comps[0].name, "rng");
    assert_int_equal(st->comps[0].offset, 0);
    assert_int_equal(st->comps[0].bytes, sizeof(rng_t));
    assert_int_equal(st->size, sizeof(rng_t));
    assert_int_equal(state_find(st, "rng"), 0);
    assert_ptr_equal(state_rng(st), st->block);
    assert_ptr_equal(state_comp(st, 0), st->block);
    assert_int_equal(state_rng(st)->inc & 1, 1);          /* seeded: inc is odd */

    /* same seed: same bytes, same hash, same numbers */
    gstate *same = state_new(3, 42);
    assert_non_null(same);
    assert_memory_equal(st->block, same->block, st->size);
    assert_int_equal(state_hash(st), state_hash(same));
    for (int i = 0; i < 100; i++)
        assert_int_equal(rng_next(state_rng(st)), rng_next(state_rng(same)));
    assert_int_equal(state_hash(st), state_hash(same));
    assert_true(st->serial != same->serial);

    /* another seed: another hash, other numbers */
    gstate *a = state_new(3, 42), *b = state_new(3, 43), *z = state_new(3, 0);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(z);
    assert_true(state_hash(a) != state_hash(b));
    assert_true(state_hash(a) != state_hash(z));
    assert_true(state_hash(b) != state_hash(z));
    int differ = 0;
    for (int i = 0; i < 8; i++)
        differ += rng_next(state_rng(a)) != rng_next(state_rng(b));
    assert_true(differ > 0);

    state_free(st);
    state_free(same);
    state_free(a);
    state_free(b);
    state_free(z);
    state_free(NULL);
}

/* ---- state_add --------------------------------------------------------- */

/* Each region is zeroed, 8-aligned, after the last one, and earlier data
 * survives the block growing (past the first 256 bytes several times). */
static void test_add_zeroed_aligned(void **unused)
{
    (void)unused;
    gstate *st = state_new(2, 7);
    assert_non_null(st);
    static const size_t sizes[] = { 4, 12, 20, 8, 0, 36, 1000, 4, 196, 4096, 28 };
    const int n = (int)(sizeof sizes / sizeof sizes[0]);
    uint8_t fill[sizeof sizes / sizeof sizes[0]];
    for (int k = 0; k < n; k++) {
        char name[16];
        snprintf(name, sizeof name, "c%d", k);
        int idx = -1;
        assert_int_equal(state_add(st, &vars_kind, name, sizes[k], NULL, 0, NULL, 0, &idx), GROVE_OK);
        assert_int_equal(idx, k + 1);
        assert_int_equal(st->ncomps, k + 2);
        const comp_desc *d = &st->comps[idx];
        assert_ptr_equal(d->kind, &vars_kind);
        assert_string_equal(d->name, name);
        assert_int_equal(d->bytes, sizes[k]);
        assert_int_equal(d->offset % 8, 0);
        assert_int_equal(((uintptr_t)state_comp(st, idx)) % 8, 0);
        const comp_desc *prev = &st->comps[idx - 1];
        assert_true(d->offset >= prev->offset + prev->bytes);
        assert_true(d->offset < prev->offset + prev->bytes + 8);
        assert_int_equal(st->size, d->offset + d->bytes);
        assert_true(st->cap >= st->size);
        assert_int_equal(d->nlabels[0], 0);
        assert_int_equal(d->nlabels[1], 0);
        assert_null(d->labels[0]);
        assert_null(d->labels[1]);
        assert_int_equal(d->flags, 0);
        /* zeroed, padding included */
        for (size_t i = prev->offset + prev->bytes; i < st->size; i++)
            assert_int_equal(st->block[i], 0);
        fill[k] = (uint8_t)(0x11 * (k + 1) | 1);
        memset(state_comp(st, idx), fill[k], sizes[k]);
    }
    /* the earlier regions kept their bytes through every realloc */
    for (int k = 0; k < n; k++) {
        const uint8_t *p = state_comp(st, k + 1);
        for (size_t i = 0; i < sizes[k]; i++)
            assert_int_equal(p[i], fill[k]);
    }
    state_free(st);
}

/* A new region reads zero even when the spare room of the block (past size,
 * within cap) was written to: padding included. */
static void test_add_zeroes_dirty_tail(void **unused)
{
    (void)unused;
    gstate *st = state_new(2, 7);
    assert_non_null(st);
    int idx;
    assert_int_equal(state_add(st, &pool_kind, "a", 4, NULL, 0, NULL, 0, &idx), GROVE_OK);
    assert_true(st->cap > st->size + 64);
    memset(st->block + st->size, 0xee, st->cap - st->size);   /* dirty spare room */
    assert_int_equal(state_add(st, &pool_kind, "b", 40, NULL, 0, NULL, 0, &idx), GROVE_OK);
    for (size_t i = st->comps[1].offset + 4; i < st->size; i++)
        assert_int_equal(st->block[i], 0);
    state_free(st);
}

static void test_add_labels_copied(void **unused)
{
    (void)unused;
    gstate *st = state_new(2, 1);
    assert_non_null(st);
    char name[] = "board";
    char f0[] = "tree", f1[] = "owner";
    char s0[] = "north", s1[] = "east", s2[] = "south";
    const char *l0[] = { f0, f1 };
    const char *l1[] = { s0, s1, s2 };
    int idx = -1;
    assert_int_equal(state_add(st, &hex_kind, name, 64, l0, 2, l1, 3, &idx), GROVE_OK);
    assert_int_equal(idx, 1);

    /* scribble over every source string */
    strcpy(name, "XXXXX");
    strcpy(f0, "XXXX");
    strcpy(f1, "YYYYY");
    strcpy(s0, "ZZZZZ");
    strcpy(s1, "WWWW");
    strcpy(s2, "VVVVV");
    l0[0] = l0[1] = "gone";
    l1[0] = l1[1] = l1[2] = "gone";

    const comp_desc *d = &st->comps[idx];
    assert_string_equal(d->name, "board");
    assert_ptr_not_equal(d->name, name);
    assert_int_equal(d->nlabels[0], 2);
    assert_int_equal(d->nlabels[1], 3);
    assert_non_null(d->labels[0]);
    assert_non_null(d->labels[1]);
    assert_ptr_not_equal(d->labels[0], (char **)l0);
    assert_ptr_not_equal(d->labels[1], (char **)l1);
    assert_string_equal(d->labels[0][0], "tree");
    assert_string_equal(d->labels[0][1], "owner");
    assert_string_equal(d->labels[1][0], "north");
    assert_string_equal(d->labels[1][1], "east");
    assert_string_equal(d->labels[1][2], "south");
    assert_int_equal(state_find(st, "board"), 1);
    assert_int_equal(state_find(st, "XXXXX"), -1);

    /* labels survive later declarations moving the descriptor array */
    for (int k = 0; k < 20; k++) {
        char nm[8];
        snprintf(nm, sizeof nm, "p%d", k);
        assert_int_equal(state_add(st, &pool_kind, nm, 16, l0, 1, NULL, 0, &idx), GROVE_OK);
        assert_string_equal(st->comps[idx].labels[0][0], "gone");
    }
    d = &st->comps[1];
    assert_string_equal(d->labels[0][1], "owner");
    assert_string_equal(d->labels[1][2], "south");
    state_free(st);
}

static void test_add_errors(void **unused)
{
    (void)unused;
    game g = new_open_game(5);
    gstate *st = g.st;
    play(&g);
    print_t before = take_print(st);
    const char *const labels[] = { "x", "y" };
    char longest[STATE_MAX_NAME + 2];
    int idx = -7;

    /* duplicate names: a user component and the RNG */
    assert_int_equal(state_add(st, &grid_kind, "board", 16, labels, 2, NULL, 0, &idx), GROVE_EARG);
    assert_print(st, &before);
    assert_int_equal(state_add(st, &pool_kind, "score", 16, NULL, 0, NULL, 0, &idx), GROVE_EARG);
    assert_print(st, &before);
    assert_int_equal(state_add(st, &state_rng_kind, "rng", sizeof(rng_t), NULL, 0, NULL, 0, &idx), GROVE_EARG);
    assert_print(st, &before);

    /* empty name */
    assert_int_equal(state_add(st, &vars_kind, "", 8, NULL, 0, NULL, 0, &idx), GROVE_EARG);
    assert_print(st, &before);

    /* name too long: STATE_MAX_NAME characters is one too many */
    memset(longest, 'n', STATE_MAX_NAME);
    longest[STATE_MAX_NAME] = '\0';
    assert_int_equal(state_add(st, &vars_kind, longest, 8, NULL, 0, NULL, 0, &idx), GROVE_EARG);
    assert_print(st, &before);
    memset(longest, 'n', STATE_MAX_NAME + 1);
    longest[STATE_MAX_NAME + 1] = '\0';
    assert_int_equal(state_add(st, &vars_kind, longest, 8, NULL, 0, NULL, 0, &idx), GROVE_EARG);
    assert_print(st, &before);

    /* bytes not a multiple of 4 */
    static const size_t bad[] = { 1, 2, 3, 5, 6, 7, 9, 198 };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(state_add(st, &vars_kind, "odd", bad[i], labels, 2, NULL, 0, &idx), GROVE_EARG);
        assert_print(st, &before);
    }
    assert_int_equal(state_find(st, "odd"), -1);
    assert_int_equal(idx, -7);          /* never written on failure */

    /* the descriptors are as they were */
    assert_string_equal(st->comps[g.board].name, "board");
    assert_int_equal(st->comps[g.board].nlabels[0], BOARD_F);
    assert_string_equal(st->comps[g.board].labels[0][2], "seed");

    /* sealed: even a good declaration is refused */
    state_seal(st);
    print_t sealed = take_print(st);
    assert_int_equal(state_add(st, &vars_kind, "late", 8, labels, 2, NULL, 0, &idx), GROVE_EARG);
    assert_print(st, &sealed);
    assert_int_equal(state_add(st, &vars_kind, "late", 0, NULL, 0, NULL, 0, &idx), GROVE_EARG);
    assert_print(st, &sealed);
    assert_int_equal(state_find(st, "late"), -1);
    assert_int_equal(idx, -7);

    free(before.block);
    free(sealed.block);
    state_free(st);

    /* the limits themselves are fine */
    st = state_new(2, 5);
    assert_non_null(st);
    longest[STATE_MAX_NAME - 1] = '\0';
    assert_int_equal(state_add(st, &vars_kind, longest, 0, NULL, 0, NULL, 0, &idx), GROVE_OK);
    assert_int_equal(idx, 1);
    assert_int_equal(state_find(st, longest), idx);
    assert_int_equal(state_add(st, &vars_kind, "four", 4, NULL, 0, NULL, 0, &idx), GROVE_OK);
    assert_int_equal(idx, 2);
    state_free(st);
}

/* ---- state_find -------------------------------------------------------- */

static void test_find(void **unused)
{
    (void)unused;
    game g = new_game(3);
    assert_int_equal(state_find(g.st, "rng"), 0);
    assert_int_equal(state_find(g.st, "vars"), g.vars);
    assert_int_equal(state_find(g.st, "board"), g.board);
    assert_int_equal(state_find(g.st, "score"), g.score);
    assert_int_equal(state_find(g.st, "hand"), g.hand);
    assert_int_equal(g.vars, 1);
    assert_int_equal(g.hand, 4);
    assert_int_equal(state_find(g.st, "boar"), -1);
    assert_int_equal(state_find(g.st, "boards"), -1);
    assert_int_equal(state_find(g.st, "Board"), -1);
    assert_int_equal(state_find(g.st, ""), -1);
    assert_int_equal(state_find(g.st, "tree"), -1);     /* a label is not a component */
    assert_string_equal(state_kind_name(g.st->comps[g.board].kind), "grid");
    assert_string_equal(state_kind_name(&state_rng_kind), "rng");
    assert_string_equal(state_kind_name(&graph_kind), "graph");
    state_free(g.st);
}

/* ---- snapshot / restore / hash ----------------------------------------- */

static void test_snapshot_restore(void **unused)
{
    (void)unused;
    game g = new_game(11);
    play(&g);
    gstate *st = g.st;
    uint64_t h0 = state_hash(st);
    uint8_t *orig = malloc(st->size), *snap = malloc(st->size);
    assert_non_null(orig);
    assert_non_null(snap);
    memcpy(orig, st->block, st->size);
    state_snapshot(st, snap);
    assert_memory_equal(snap, orig, st->size);

    /* change something in every component */
    rng_next(state_rng(st));
    assert_int_equal(vars_set(state_comp(st, g.vars), 0, -1), GROVE_OK);
    grid_set(board(&g), 3, 1, 12);
    assert_int_equal(pool_add(state_comp(st, g.score), 0, -100), GROVE_OK);
    int32_t card;
    assert_int_equal(deck_draw(state_comp(st, g.hand), &card), GROVE_OK);
    assert_int_equal(card, 31);
    assert_true(state_hash(st) != h0);
    assert_memory_not_equal(st->block, orig, st->size);

    state_restore(st, snap);
    assert_memory_equal(st->block, orig, st->size);
    assert_int_equal(state_hash(st), h0);
    assert_int_equal(grid_get(board(&g), 7, 0), 777);

    /* the RNG rewinds with the rest */
    uint32_t first = rng_next(state_rng(st));
    state_restore(st, snap);
    assert_int_equal(rng_next(state_rng(st)), first);

    /* restore of a snapshot taken from another state of the same layout */
    game other = new_game(12);
    state_snapshot(other.st, snap);
    state_restore(st, snap);
    assert_memory_equal(st->block, other.st->block, st->size);
    assert_int_equal(state_hash(st), state_hash(other.st));

    free(orig);
    free(snap);
    state_free(st);
    state_free(other.st);
}

static void test_hash_every_byte(void **unused)
{
    (void)unused;
    game g = new_game(9);
    play(&g);
    gstate *st = g.st;
    uint64_t h0 = state_hash(st);
    assert_int_equal(state_hash(st), h0);                  /* a pure function */
    for (size_t i = 0; i < st->size; i++) {
        static const uint8_t flips[] = { 0x01, 0x80, 0xff, 0x10 };
        for (size_t f = 0; f < sizeof flips; f++) {
            st->block[i] ^= flips[f];
            assert_true(state_hash(st) != h0);
            st->block[i] ^= flips[f];
        }
    }
    assert_int_equal(state_hash(st), h0);

    /* equal states hash equal, whatever happened on the way */
    game a = new_game(9);
    play(&a);
    assert_int_equal(state_hash(a.st), h0);
    state_free(a.st);
    state_free(st);
}

/* ---- dump / undump ----------------------------------------------------- */

static void test_dump_format(void **unused)
{
    (void)unused;
    game g = new_game(4);
    play(&g);
    char *text = dump_of(g.st);
    char want[64];
    assert_int_equal(strncmp(text, "component rng rng 4\n", 20), 0);
    assert_non_null(strstr(text, "\ncomponent vars vars 8\n"));
    snprintf(want, sizeof want, "\ncomponent board grid %zu\n",
             grid_bytes(BOARD_W, BOARD_H, BOARD_F) / 4);
    assert_non_null(strstr(text, want));
    snprintf(want, sizeof want, "\ncomponent score pool %zu\n", pool_bytes(2) / 4);
    assert_non_null(strstr(text, want));
    snprintf(want, sizeof want, "\ncomponent hand deck %zu\n", deck_bytes(7) / 4);
    assert_non_null(strstr(text, want));
    /* the grid header: w h nfields pad, then the values; 16 words a line */
    snprintf(want, sizeof want, "grid %zu\n%d %d %d 0 ",
             grid_bytes(BOARD_W, BOARD_H, BOARD_F) / 4, BOARD_W, BOARD_H, BOARD_F);
    assert_non_null(strstr(text, want));
    assert_non_null(strstr(text, " 777 -5 "));
    assert_non_null(strstr(text, "2147483647"));
    assert_non_null(strstr(text, "-2147483648"));
    assert_int_equal(text[strlen(text) - 1], '\n');
    free(text);
    state_free(g.st);
}

static void test_dump_undump_roundtrip(void **unused)
{
    (void)unused;
    game a = new_game(1), b = new_game(2);
    play(&a);
    assert_memory_not_equal(a.st->block, b.st->block, a.st->size);
    char *text = dump_of(a.st);
    char err[200] = "untouched";
    assert_int_equal(state_undump(b.st, text, err, sizeof err), GROVE_OK);
    assert_int_equal(b.st->size, a.st->size);
    assert_memory_equal(b.st->block, a.st->block, a.st->size);
    assert_int_equal(state_hash(b.st), state_hash(a.st));
    assert_int_equal(grid_get(board(&b), 7, 0), 777);
    assert_int_equal(grid_get(board(&b), 0, 1), INT32_MIN);
    assert_int_equal(grid_get(board(&b), 14, 2), INT32_MAX);

    /* the same text again, and the dump of the copy is the same text */
    assert_int_equal(state_undump(b.st, text, err, sizeof err), GROVE_OK);
    assert_memory_equal(b.st->block, a.st->block, a.st->size);
    char *again = dump_of(b.st);
    assert_string_equal(again, text);
    free(again);

    /* whitespace is free: CRLF, tabs, extra blank lines, no final newline */
    char *loose = replace_all(text, "\n", "\r\n\t \n");
    char *spaced = replace_all(loose, " ", " \t  ");
    free(loose);
    loose = spaced;
    game c = new_game(3);
    assert_int_equal(state_undump(c.st, loose, err, sizeof err), GROVE_OK);
    assert_memory_equal(c.st->block, a.st->block, a.st->size);
    free(loose);
    loose = strdup(text);
    assert_non_null(loose);
    loose[strlen(loose) - 1] = '\0';
    game d = new_game(4);
    assert_int_equal(state_undump(d.st, loose, err, sizeof err), GROVE_OK);
    assert_memory_equal(d.st->block, a.st->block, a.st->size);
    free(loose);

    free(text);
    state_free(a.st);
    state_free(b.st);
    state_free(c.st);
    state_free(d.st);
}

/* Undump `text` into st: does it fail with EFORMAT, leave every byte as it
 * was, and write a message that contains `mention` (if not NULL)? Says what
 * went wrong when not; allocates nothing the caller must free, so a test can
 * clean up before it asserts. */
static bool refuses(gstate *st, const char *text, const char *mention)
{
    print_t before = take_print(st);
    char err[256];
    memset(err, 0, sizeof err);
    grove_status rc = state_undump(st, text, err, sizeof err);
    bool same = st->size == before.size && memcmp(st->block, before.block, before.size) == 0
                && state_hash(st) == before.hash;
    bool ok = rc == GROVE_EFORMAT && same && err[0] && (!mention || strstr(err, mention));
    if (!ok)
        print_message("undump gave %d (want %d), state %s, message \"%s\" (want one mentioning %s)\n",
                      (int)rc, (int)GROVE_EFORMAT, same ? "unchanged" : "CHANGED", err,
                      mention ? mention : "anything");
    free(before.block);
    return ok;
}

static void expect_refused(gstate *st, const char *text, const char *mention)
{
    assert_true(refuses(st, text, mention));
}

/* The dump of a played game (seed 1) and a fresh game (seed 2) to refuse it:
 * every component differs, so a half-applied text would show. */
typedef struct { game src, dst; char *text; } undump_case;

static undump_case undump_setup(void)
{
    undump_case u = { new_game(1), new_game(2), NULL };
    play(&u.src);
    u.text = dump_of(u.src.st);
    return u;
}

static void undump_teardown(undump_case *u)
{
    /* the good text still works: the failures really changed nothing */
    char err[200];
    assert_int_equal(state_undump(u->dst.st, u->text, err, sizeof err), GROVE_OK);
    assert_memory_equal(u->dst.st->block, u->src.st->block, u->src.st->size);
    free(u->text);
    state_free(u->src.st);
    state_free(u->dst.st);
}

static void test_undump_name_differs(void **unused)
{
    (void)unused;
    undump_case u = undump_setup();
    char *t = replace_str(u.text, "component board grid", "component boards grid");
    expect_refused(u.dst.st, t, "board");
    free(t);
    t = replace_str(u.text, "component score pool", "component hand pool");
    expect_refused(u.dst.st, t, "score");
    free(t);
    t = replace_str(u.text, "component rng rng", "component RNG rng");
    expect_refused(u.dst.st, t, "rng");
    free(t);
    /* two components swapped: names and kinds both right, order wrong */
    t = replace_str(u.text, "component score pool", "component hand pool");
    char *t2 = replace_str(t, "component hand deck", "component score deck");
    expect_refused(u.dst.st, t2, "score");
    free(t);
    free(t2);
    undump_teardown(&u);
}

static void test_undump_kind_differs(void **unused)
{
    (void)unused;
    undump_case u = undump_setup();
    char *t = replace_str(u.text, "component board grid", "component board hex");
    expect_refused(u.dst.st, t, "board");
    free(t);
    t = replace_str(u.text, "component hand deck", "component hand pool");
    expect_refused(u.dst.st, t, "hand");
    free(t);
    t = replace_str(u.text, "component hand deck", "component hand ?");
    expect_refused(u.dst.st, t, "hand");
    free(t);
    undump_teardown(&u);
}

static void test_undump_word_count_differs(void **unused)
{
    (void)unused;
    undump_case u = undump_setup();
    char from[64], to[64];
    size_t words = grid_bytes(BOARD_W, BOARD_H, BOARD_F) / 4;
    snprintf(from, sizeof from, "component board grid %zu", words);

    snprintf(to, sizeof to, "component board grid %zu", words - 1);   /* one word left over */
    char *t = replace_str(u.text, from, to);
    expect_refused(u.dst.st, t, "board");
    free(t);

    snprintf(to, sizeof to, "component board grid %zu", words + 1);   /* one short */
    t = replace_str(u.text, from, to);
    expect_refused(u.dst.st, t, "board");
    free(t);

    snprintf(to, sizeof to, "component board grid 0");
    t = replace_str(u.text, from, to);
    expect_refused(u.dst.st, t, "board");
    free(t);

    snprintf(to, sizeof to, "component board grid -%zu", words);
    t = replace_str(u.text, from, to);
    expect_refused(u.dst.st, t, "board");
    free(t);

    t = replace_str(u.text, "component rng rng 4", "component rng rng");
    expect_refused(u.dst.st, t, "rng");
    free(t);
    undump_teardown(&u);
}

static void test_undump_truncated(void **unused)
{
    (void)unused;
    undump_case u = undump_setup();

    /* in the middle of the board's words: a word is missing */
    char *t = strdup(u.text);
    assert_non_null(t);
    char *cut = strstr(t, " 777 -5 ");
    assert_non_null(cut);
    cut[5] = '\0';                                     /* "... 777" */
    expect_refused(u.dst.st, t, "board");
    free(t);

    /* the last word of the last component missing */
    t = strdup(u.text);
    assert_non_null(t);
    char *end = t + strlen(t) - 1;                     /* the final '\n' */
    *end = '\0';
    end = strrchr(t, ' ');
    char *nl = strrchr(t, '\n');
    if (!end || (nl && nl > end)) end = nl;
    assert_non_null(end);
    *end = '\0';
    expect_refused(u.dst.st, t, "hand");
    free(t);

    /* a whole component missing */
    t = strdup(u.text);
    assert_non_null(t);
    *strstr(t, "component hand deck") = '\0';
    expect_refused(u.dst.st, t, "hand");
    free(t);

    /* a header cut short */
    t = strdup(u.text);
    assert_non_null(t);
    strstr(t, "component score pool")[16] = '\0';       /* "component score " */
    expect_refused(u.dst.st, t, "score");
    free(t);

    /* nothing at all */
    expect_refused(u.dst.st, "", "rng");
    expect_refused(u.dst.st, " \n\n", "rng");
    undump_teardown(&u);
}

static void test_undump_not_a_number(void **unused)
{
    (void)unused;
    undump_case u = undump_setup();
    static const char *const bad[] = { "abc", "x777", "-", "+", "--5", "0x", "seven", "7.5e3x" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *t = replace_word(u.text, "777", bad[i]);
        expect_refused(u.dst.st, t, "board");
        free(t);
    }
    /* a non-number as the first word of the first component */
    char *t = replace_str(u.text, "component rng rng 4\n", "component rng rng 4\nfour ");
    expect_refused(u.dst.st, t, "rng");
    free(t);
    undump_teardown(&u);
}

static void test_undump_beyond_32_bits(void **unused)
{
    (void)unused;
    undump_case u = undump_setup();
    static const char *const bad[] = {
        "2147483648", "-2147483649", "4294967295", "4294967296", "-4294967296",
        "9223372036854775807", "-9223372036854775808", "99999999999999999999999",
        "-99999999999999999999999",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *t = replace_word(u.text, "777", bad[i]);
        expect_refused(u.dst.st, t, "board");
        free(t);
    }
    /* the ends of the range are fine */
    char err[200];
    char *t = replace_word(u.text, "777", "-2147483648");
    assert_int_equal(state_undump(u.dst.st, t, err, sizeof err), GROVE_OK);
    assert_int_equal(grid_get(board(&u.dst), 7, 0), INT32_MIN);
    free(t);
    t = replace_word(u.text, "777", "+2147483647");
    assert_int_equal(state_undump(u.dst.st, t, err, sizeof err), GROVE_OK);
    assert_int_equal(grid_get(board(&u.dst), 7, 0), INT32_MAX);
    free(t);
    undump_teardown(&u);
}

static void test_undump_trailing_garbage(void **unused)
{
    (void)unused;
    undump_case u = undump_setup();
    size_t n = strlen(u.text);
    char *t = malloc(n + 64);
    assert_non_null(t);
    static const char *const tails[] = {
        "x", "0", "\n\n-1\n", "component extra vars 0\n", "component hand deck 9\n", "\x01",
    };
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        memcpy(t, u.text, n);
        strcpy(t + n, tails[i]);
        expect_refused(u.dst.st, t, NULL);
    }
    free(t);
    undump_teardown(&u);
}

/* Words are separated by white space: "777-5" is one word that is not a
 * number, not the two numbers 777 and -5 (state_dump never writes it). */
static void test_undump_words_need_space(void **unused)
{
    (void)unused;
    undump_case u = undump_setup();
    char *t = replace_str(u.text, " 777 -5 ", " 777-5 ");
    bool minus = refuses(u.dst.st, t, "board");
    free(t);
    t = replace_str(u.text, " 777 -5 ", " 777+5 ");
    bool plus = refuses(u.dst.st, t, "board");
    free(t);
    undump_teardown(&u);
    assert_true(minus);
    assert_true(plus);
}

/* A dump only fits a state of the same layout. */
static void test_undump_other_layout(void **unused)
{
    (void)unused;
    game a = new_game(1);
    play(&a);
    char *text = dump_of(a.st);

    /* a state with one more component: the text ends early */
    gstate *more = new_open_game(1).st;
    add(more, &dice_kind, "dice", 24, NULL, 0);
    state_seal(more);
    memset(more->block, 0x5a, more->size);
    expect_refused(more, text, "dice");

    /* a state with one fewer: text left over */
    gstate *fewer = state_new(2, 1);
    assert_non_null(fewer);
    add(fewer, &vars_kind, "vars", vars_bytes(3), VAR_NAMES, 3);
    add(fewer, &grid_kind, "board", grid_bytes(BOARD_W, BOARD_H, BOARD_F), FIELDS, BOARD_F);
    add(fewer, &pool_kind, "score", pool_bytes(2), NULL, 0);
    state_seal(fewer);
    memset(fewer->block, 0x5a, fewer->size);
    expect_refused(fewer, text, NULL);

    /* a board of another size */
    gstate *small = state_new(2, 1);
    assert_non_null(small);
    add(small, &vars_kind, "vars", vars_bytes(3), VAR_NAMES, 3);
    add(small, &grid_kind, "board", grid_bytes(4, 4, BOARD_F), FIELDS, BOARD_F);
    add(small, &pool_kind, "score", pool_bytes(2), NULL, 0);
    add(small, &deck_kind, "hand", deck_bytes(7), NULL, 0);
    state_seal(small);
    expect_refused(small, text, "board");

    free(text);
    state_free(a.st);
    state_free(more);
    state_free(fewer);
    state_free(small);
}

/* Whatever name state_add accepts must survive a save: either state_add
 * refuses a name with white space in it, or dump/undump carries it. */
static void test_name_survives_dump(void **unused)
{
    (void)unused;
    static const char *const names[] = { "main board", "tab\tname", "two\nlines" };
    int failures = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        gstate *a = state_new(2, 1), *b = state_new(2, 2);
        assert_non_null(a);
        assert_non_null(b);
        int ia, ib;
        grove_status rc = state_add(a, &pool_kind, names[i], pool_bytes(1), NULL, 0, NULL, 0, &ia);
        if (rc == GROVE_OK) {
            assert_int_equal(state_add(b, &pool_kind, names[i], pool_bytes(1), NULL, 0, NULL, 0, &ib), GROVE_OK);
            assert_int_equal(pool_init(state_comp(a, ia), 1, 0, 10, 3), GROVE_OK);
            char *text = dump_of(a);
            char err[200] = "";
            rc = state_undump(b, text, err, sizeof err);
            if (rc != GROVE_OK || memcmp(b->block, a->block, a->size) != 0) {
                print_message("name \"%s\" accepted by state_add, but undump gave %d: %s\n",
                              names[i], (int)rc, err);
                failures++;
            }
            free(text);
        } else if (rc != GROVE_EARG) {
            print_message("name \"%s\": state_add gave %d\n", names[i], (int)rc);
            failures++;
        }
        state_free(a);
        state_free(b);
    }
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new),
        cmocka_unit_test(test_add_zeroed_aligned),
        cmocka_unit_test(test_add_zeroes_dirty_tail),
        cmocka_unit_test(test_add_labels_copied),
        cmocka_unit_test(test_add_errors),
        cmocka_unit_test(test_find),
        cmocka_unit_test(test_snapshot_restore),
        cmocka_unit_test(test_hash_every_byte),
        cmocka_unit_test(test_dump_format),
        cmocka_unit_test(test_dump_undump_roundtrip),
        cmocka_unit_test(test_undump_name_differs),
        cmocka_unit_test(test_undump_kind_differs),
        cmocka_unit_test(test_undump_word_count_differs),
        cmocka_unit_test(test_undump_truncated),
        cmocka_unit_test(test_undump_not_a_number),
        cmocka_unit_test(test_undump_beyond_32_bits),
        cmocka_unit_test(test_undump_trailing_garbage),
        cmocka_unit_test(test_undump_words_need_space),
        cmocka_unit_test(test_undump_other_layout),
        cmocka_unit_test(test_name_survives_dump),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
