/*
 * test_learned.c — the features the host reads of any game's state for one
 * seat, and the learned evaluate made of them (learned.h, issue 32), on
 * the holdings fixture (tests/fixtures/scripts/holdings), whose contents
 * are fixed and known: the list of features by name, in order, and what
 * each gives every seat; a model file read by the evaluate a bot names;
 * the learned.lua of a game's folder; and the models refused, each with a
 * message a person can act on.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bots.h"
#include "game.h"
#include "host.h"
#include "learned.h"
#include "game_checks.h"

#define FIXTURE "tests/fixtures/scripts/holdings/game.lua"

static grove_vm *new_vm(const char *path)
{
    grove_vm *vm = host_new(".");
    assert_non_null(vm);
    assert_true(vm_add_path(vm, path));
    return vm;
}

static game *open_holdings(grove_vm *vm, int players, uint64_t seed)
{
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "holdings", "", players, seed, 0, err, sizeof err);
    if (!g) fail_msg("%s", err);
    return g;
}

/* The seat to move raises its bid by 5 (holdings' first move). */
static void raise_bid(game *g)
{
    const int64_t *legal;
    assert_int_equal(game_legal(g, &legal), 2);
    char text[32];
    assert_true(game_describe(g, legal[0], text, sizeof text));
    assert_string_equal(text, "raise");
    assert_true(game_apply(g, legal[0], true, true));
}

/* ---- files in a folder of the test's own ----------------------------------------- */

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n > 0);
    rewind(f);
    char *text = malloc((size_t)n + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* A new empty folder, its path into dir. */
static void temp_dir(char *dir, size_t len)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, len, "%s/grove-learned-XXXXXX", tmp && *tmp ? tmp : P_tmpdir);
    assert_non_null(mkdtemp(dir));
}

/* dir/name, written with text; its path into path. */
static void put(const char *dir, const char *name, const char *text, char *path, size_t len)
{
    snprintf(path, len, "%s/%s", dir, name);
    write_file(path, text);
}

/* ---- the list ------------------------------------------------------------------------ */

/* The features of holdings, for 2 and for 3 players alike (a family is
 * named by its key, the same for any player count): the components in the
 * order setup declares them, cards 0..7 (the largest id in any zone is the
 * market's 7). None of market (a shared deck), island1..5 (not one per
 * seat), supply (a shared pool), play.turn and play.turns. */
static const char *const NAMES[] = {
    "to move",
    "score",
    "vars play.bid#",
    "pool coins",
    "pool gems#",
    "deck hand# cards",
    "deck hand# card 0",
    "deck hand# card 1",
    "deck hand# card 2",
    "deck hand# card 3",
    "deck hand# card 4",
    "deck hand# card 5",
    "deck hand# card 6",
    "deck hand# card 7",
    "grid board owner=seat",
    "grid board height=seat",
    "grid forest# tree filled",
    "grid forest# tree total",
    "hex land owner=seat",
    "graph roads owner=seat",
    "graph roads edge road=seat",
};
#define NFEATURES ((int)(sizeof NAMES / sizeof NAMES[0]))
#define CARD_0 6            /* NAMES[CARD_0 + id]: "deck hand# card ID" */

static void assert_names(const feature_set *fs, const char *const *names, int n)
{
    for (int i = 0; i < fs->n && i < n; i++)
        if (strcmp(features_name(fs, i), names[i]))
            fail_msg("feature %d: '%s', not '%s'", i, features_name(fs, i), names[i]);
    if (fs->n != n)
        fail_msg("%d features, not %d (the last: '%s')", fs->n, n, fs->n ? features_name(fs, fs->n - 1) : "");
}

static void test_list(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm("tests/fixtures");
    for (int players = 2; players <= 3; players++) {
        game *g = open_holdings(vm, players, 1);
        assert_int_equal(features_max_card(g), 7);
        feature_set fs;
        assert_true(features_list(g, features_max_card(g), &fs));
        assert_names(&fs, NAMES, NFEATURES);
        assert_true(fs.uses_vars);
        assert_true(fs.uses_score);
        features_free(&fs);
        assert_null(fs.f);
        assert_int_equal(fs.n, 0);

        /* no card by id: the list without them */
        const char *none[NFEATURES];
        int n = 0;
        for (int i = 0; i < NFEATURES; i++)
            if (!strstr(NAMES[i], " card ")) none[n++] = NAMES[i];
        assert_true(features_list(g, -1, &fs));
        assert_names(&fs, none, n);
        features_free(&fs);

        /* ids past FEATURE_CARD_IDS - 1 are not counted by id */
        assert_true(features_list(g, 1000, &fs));
        assert_int_equal(fs.n, NFEATURES - 8 + FEATURE_CARD_IDS);
        char last[FEATURE_NAME_MAX];
        snprintf(last, sizeof last, "deck hand# card %d", FEATURE_CARD_IDS - 1);
        assert_string_equal(features_name(&fs, CARD_0 + FEATURE_CARD_IDS - 1), last);
        assert_string_equal(features_name(&fs, CARD_0 + FEATURE_CARD_IDS), "grid board owner=seat");
        features_free(&fs);
        game_close(g);
    }
    vm_free(vm);
}

/* ---- the values ------------------------------------------------------------------------ */

/* What each seat holds at the start (seat 1 to move), by NAMES:
 *   score = coins + gems; hands: seat 1 cards 0 0 2, seat 2 1 3, seat 3 5;
 *   board owner: a1 c1 a2 seat 1, b1 seat 2, c3 seat 3; height 2 on b2;
 *   forests: seat 1 trees 2 3, seat 2 1, seat 3 4 4 4;
 *   land: 0,0 seat 1 (and 1,-1, off the map), 1,0 and 0,1 seat 2, -1,1 seat 3;
 *   roads: nodes 1 | 2 3 | 4 of seats 1 | 2 | 3, edges road 1, 2, 1. */
static const double START[4][NFEATURES] = {
    { 0 },
    { 1, 16, 100, 11, 5, 3, 2, 0, 1, 0, 0, 0, 0, 0, 3, 0, 2, 5, 1, 1, 2 },
    { 0, 27, 200, 21, 6, 2, 0, 1, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 1 },
    { 0, 38, 300, 31, 7, 1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 3, 12, 1, 1, 0 },
};
#define TO_MOVE 0
#define BID 2

typedef struct {
    const feature_set *fs;
    bool apply;                     /* raise first, on the fast path */
    double v[4][FEATURE_MAX];       /* v[seat][feature] */
} read_ctx;

static int read_body(game *g, void *ctx)
{
    read_ctx *c = ctx;
    if (c->apply) game_raw_apply(g, game_raw_moves(g)->m[0]);
    for (int seat = 1; seat <= game_players(g); seat++) features_read_raw(g, c->fs, seat, c->v[seat]);
    return 0;
}

/* Every feature of every seat, read on the fast path. */
static void read_all(game *g, const feature_set *fs, bool apply, read_ctx *c)
{
    memset(c, 0, sizeof *c);
    c->fs = fs;
    c->apply = apply;
    if (!game_run_raw(g, read_body, c, NULL)) fail_msg("%s", game_error(g));
}

static void assert_values(const feature_set *fs, const read_ctx *c, int seat, const double *want)
{
    for (int i = 0; i < fs->n; i++)
        if (c->v[seat][i] != want[i])
            fail_msg("seat %d, '%s': %g, not %g", seat, features_name(fs, i), c->v[seat][i], want[i]);
}

static void test_values(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm("tests/fixtures");
    read_ctx *c = malloc(sizeof *c);
    assert_non_null(c);
    for (int players = 2; players <= 3; players++) {
        for (uint64_t seed = 1; seed <= 2; seed++) {        /* nothing dealt by chance */
            game *g = open_holdings(vm, players, seed);
            feature_set fs;
            assert_true(features_list(g, features_max_card(g), &fs));
            assert_int_equal(fs.n, NFEATURES);
            read_all(g, &fs, false, c);
            for (int seat = 1; seat <= players; seat++) assert_values(&fs, c, seat, START[seat]);

            /* seat 1 raises (the checked path): its bid is 105, seat 2 to move */
            raise_bid(g);
            double want[4][NFEATURES];
            memcpy(want, START, sizeof want);
            want[1][TO_MOVE] = 0;
            want[2][TO_MOVE] = 1;
            want[1][BID] = 105;
            read_all(g, &fs, false, c);
            for (int seat = 1; seat <= players; seat++) assert_values(&fs, c, seat, want[seat]);

            /* seat 2 raises on the fast path, its var still in the script's
             * mirror when the features are read: they flush it */
            want[2][TO_MOVE] = 0;
            want[players == 2 ? 1 : 3][TO_MOVE] = 1;
            want[2][BID] = 205;
            read_all(g, &fs, true, c);
            for (int seat = 1; seat <= players; seat++) assert_values(&fs, c, seat, want[seat]);
            features_free(&fs);
            game_close(g);
        }
    }
    free(c);
    vm_free(vm);
}

/* ---- a model -------------------------------------------------------------------------- */

static const char MODEL[] =
    "-- learned by hand\n"
    "return {\n"
    "  format = 1,\n"
    "  game = 'holdings',             -- for people: not read\n"
    "  weights = {\n"
    "    { 'score', 0.5 },\n"
    "    { 'deck hand# card 0', 2 },\n"
    "    { 'hex land owner=seat', -1.25 },\n"
    "    { 'vars play.bid#', 0.25 },\n"
    "    { 'to move', 3 },\n"
    "    { 'score', 1 },\n"
    "  },\n"
    "}\n";
static const struct { const char *name; double w; } WEIGHTS[] = {
    { "score", 1.5 }, { "deck hand# card 0", 2 }, { "hex land owner=seat", -1.25 }, { "vars play.bid#", 0.25 },
    { "to move", 3 },
};

typedef struct {
    int ref;
    bool apply;                     /* raise first, on the fast path */
    double values[4];
} eval_ctx;

static int eval_body(game *g, void *ctx)
{
    eval_ctx *c = ctx;
    if (c->apply) game_raw_apply(g, game_raw_moves(g)->m[0]);
    game_raw_evaluate_with(g, c->ref, c->values);
    return 0;
}

/* values[1..players] of the evaluate ref on g now (after a raise on the
 * fast path if `apply`); false with game_error. */
static bool evaluate_after(game *g, int ref, bool apply, double *values)
{
    eval_ctx c = { .ref = ref, .apply = apply };
    bool ok = game_run_raw(g, eval_body, &c, NULL);
    memcpy(values, c.values, sizeof c.values);
    return ok;
}

static bool evaluate(game *g, int ref, double *values) { return evaluate_after(g, ref, false, values); }

/* sum(weight * feature) of WEIGHTS for each seat, from the features. */
static void by_hand(game *g, double *want)
{
    feature_set fs;
    read_ctx *c = malloc(sizeof *c);
    assert_non_null(c);
    assert_true(features_list(g, features_max_card(g), &fs));
    read_all(g, &fs, false, c);
    for (int seat = 1; seat <= game_players(g); seat++) {
        want[seat] = 0;
        for (size_t k = 0; k < sizeof WEIGHTS / sizeof WEIGHTS[0]; k++) {
            int i = 0;
            while (i < fs.n && strcmp(features_name(&fs, i), WEIGHTS[k].name)) i++;
            assert_true(i < fs.n);
            want[seat] += WEIGHTS[k].w * c->v[seat][i];
        }
    }
    features_free(&fs);
    free(c);
}

static void test_model(void **unused)
{
    (void)unused;
    char dir[512], path[600];
    temp_dir(dir, sizeof dir);
    put(dir, "weights.lua", MODEL, path, sizeof path);
    grove_vm *vm = new_vm("tests/fixtures");
    for (int players = 2; players <= 3; players++) {
        game *g = open_holdings(vm, players, 1);
        int ref = 0;
        if (!game_evaluate_find(g, path, &ref)) fail_msg("%s", game_error(g));
        assert_int_not_equal(ref, 0);
        int again = 0;
        assert_true(game_evaluate_find(g, path, &again));   /* found once per definition */
        assert_int_equal(again, ref);
        assert_int_equal(lua_gettop(vm->L), 0);

        /* seat 1: 16 * 1.5 + 2 * 2 - 1.25 + 100 / 4 + 3; seat 2: 27 * 1.5 - 2 * 1.25 + 200 / 4;
         * seat 3: 38 * 1.5 - 1.25 + 300 / 4 */
        const double start[4] = { 0, 54.75, 88, 130.75 };
        double v[4], want[4];
        uint64_t before = hash_of(g);
        if (!evaluate(g, ref, v)) fail_msg("%s", game_error(g));
        assert_int_equal(hash_of(g), before);
        by_hand(g, want);
        for (int seat = 1; seat <= players; seat++) {
            assert_true(v[seat] == start[seat]);
            assert_true(v[seat] == want[seat]);
        }
        /* after a raise: seat 1's bid is 105, seat 2 to move */
        raise_bid(g);
        if (!evaluate(g, ref, v)) fail_msg("%s", game_error(g));
        by_hand(g, want);
        assert_true(v[1] == start[1] - 3 + 5 * 0.25);
        assert_true(v[2] == start[2] + 3);
        for (int seat = 1; seat <= players; seat++) assert_true(v[seat] == want[seat]);
        /* seat 2 raises on the fast path: the model reads its bid from the
         * script's mirror (flushed), 205 */
        if (!evaluate_after(g, ref, true, v)) fail_msg("%s", game_error(g));
        by_hand(g, want);
        assert_true(v[2] == start[2] + 5 * 0.25);
        for (int seat = 1; seat <= players; seat++) assert_true(v[seat] == want[seat]);
        assert_int_equal(lua_gettop(vm->L), 0);
        game_close(g);
    }
    vm_free(vm);
    unlink(path);
    rmdir(dir);
}

/* ---- the learned.lua of the game's folder ------------------------------------------------ */

static void test_learned_file(void **unused)
{
    (void)unused;
    /* none in the fixture's folder */
    grove_vm *vm = new_vm("tests/fixtures");
    game *g = open_holdings(vm, 2, 1);
    assert_false(game_has_learned(g));
    int ref = 0;
    assert_false(game_evaluate_find(g, "learned", &ref));
    if (!strstr(game_error(g), "eval=learned: holdings has no learned.lua in its folder: "
                               "grove learn holdings makes one"))
        fail_msg("%s", game_error(g));
    assert_int_equal(lua_gettop(vm->L), 0);
    game_close(g);
    vm_free(vm);

    /* a copy of the fixture with one */
    char dir[512], folder[600], path[700], rules[700], learned[700];
    temp_dir(dir, sizeof dir);
    snprintf(folder, sizeof folder, "%s/scripts", dir);
    assert_int_equal(mkdir(folder, 0700), 0);
    snprintf(folder, sizeof folder, "%s/scripts/holdings", dir);
    assert_int_equal(mkdir(folder, 0700), 0);
    char *text = read_file(FIXTURE);
    put(folder, "game.lua", text, rules, sizeof rules);
    free(text);
    vm = new_vm(dir);
    g = open_holdings(vm, 2, 1);
    assert_false(game_has_learned(g));
    put(folder, GAME_LEARNED_FILE, MODEL, learned, sizeof learned);
    assert_true(game_has_learned(g));
    if (!game_evaluate_find(g, "learned", &ref)) fail_msg("%s", game_error(g));
    double v[4];
    if (!evaluate(g, ref, v)) fail_msg("%s", game_error(g));
    assert_true(v[1] == 54.75);
    assert_true(v[2] == 88);
    /* the same file named by its path is the same model */
    int by_path = 0;
    snprintf(path, sizeof path, "%s", learned);
    assert_true(game_evaluate_find(g, path, &by_path));
    double w[4];
    assert_true(evaluate(g, by_path, w));
    assert_true(w[1] == v[1] && w[2] == v[2]);
    game_close(g);
    vm_free(vm);
    unlink(learned);
    unlink(rules);
    rmdir(folder);
    snprintf(folder, sizeof folder, "%s/scripts", dir);
    rmdir(folder);
    rmdir(dir);
}

/* ---- models refused ------------------------------------------------------------------------ */

/* Each is refused when found, with its file named first and these words. */
static const struct {
    const char *text;
    const char *words[3];
} REFUSED[] = {
    { "return 3", { "returns number, not a function", "a model grove learn wrote" } },
    { "return { format = 2, weights = { { 'score', 1 } } }",
      { "format is 2, not 1", "run grove learn again" } },
    { "return { weights = { { 'score', 1 } } }", { "format is nil, not 1", "run grove learn again" } },
    { "return { format = 1 }", { "weights is not a table" } },
    { "return { format = 1, weights = {} }", { "weights has 0 entries, not 1..4096" } },
    { "return { format = 1, weights = { { 'score', 1 }, { 'score', 'much' } } }",
      { "weights[2] is not { \"feature name\", number }" } },
    { "return { format = 1, weights = { { 'score', 1 }, { 7, 1 } } }",
      { "weights[2] is not { \"feature name\", number }" } },
    { "return { format = 1, weights = { 'score', 1 } }", { "weights[1] is not { \"feature name\", number }" } },
    { "return { format = 1, weights = { { 'score', '3' } } }",       /* a text, even one that reads as a number */
      { "weights[1] is not { \"feature name\", number }" } },
    { "return { format = 1, weights = { { '', 1 } } }", { "weights[1] is not { \"feature name\", number }" } },
    { "return { format = 1, weights = { { 'score', 1 }, { 'to move', 0 / 0 } } }",
      { "weights[2] ('to move') is nan, not a finite number", "run grove learn again" } },
    { "return { format = 1, weights = { { 'to move', math.huge } } }",
      { "weights[1] ('to move') is inf, not a finite number", "run grove learn again" } },
    { "return { format = 1, weights = { { 'to move', -math.huge } } }",
      { "weights[1] ('to move') is -inf, not a finite number" } },
};

static void test_refused(void **unused)
{
    (void)unused;
    char dir[512], path[600];
    temp_dir(dir, sizeof dir);
    grove_vm *vm = new_vm("tests/fixtures");
    game *g = open_holdings(vm, 2, 1);
    uint64_t before = hash_of(g);
    for (size_t k = 0; k < sizeof REFUSED / sizeof REFUSED[0]; k++) {
        char name[32];
        snprintf(name, sizeof name, "bad%zu.lua", k);
        put(dir, name, REFUSED[k].text, path, sizeof path);
        int ref = 0;
        if (game_evaluate_find(g, path, &ref)) fail_msg("%s: found", REFUSED[k].text);
        char head[700];
        snprintf(head, sizeof head, "eval=%s: ", path);
        if (strncmp(game_error(g), head, strlen(head))) fail_msg("%s: %s", REFUSED[k].text, game_error(g));
        for (int i = 0; i < 3 && REFUSED[k].words[i]; i++)
            if (!strstr(game_error(g), REFUSED[k].words[i])) fail_msg("%s: %s", REFUSED[k].text, game_error(g));
        assert_int_equal(lua_gettop(vm->L), 0);
        unlink(path);
    }

    /* a feature this layout lacks: refused as the model loads, before any
     * game is played on it, naming the file and what to do */
    put(dir, "old.lua", "return { format = 1, weights = { { 'score', 1 }, { 'deck island# cards', 2 } } }", path,
        sizeof path);
    int ref = 0;
    double v[4];
    char want[1024];
    snprintf(want, sizeof want, "eval=%s: %s: the model reads 'deck island# cards', which holdings's state does "
             "not have (with 2 players): the rules changed since it was learned; run grove learn holdings again",
             path, path);
    assert_false(game_evaluate_find(g, path, &ref));
    assert_string_equal(game_error(g), want);
    assert_false(game_evaluate_find(g, path, &ref));   /* and again: nothing half-loaded kept */
    assert_string_equal(game_error(g), want);
    assert_int_equal(lua_gettop(vm->L), 0);
    unlink(path);

    /* weights too large for the state: a sum past the largest double is
     * no value a bot can rank seats by (a score of 16 times 1e308) */
    put(dir, "huge.lua", "return { format = 1, weights = { { 'score', 1e308 } } }", path, sizeof path);
    if (!game_evaluate_find(g, path, &ref)) fail_msg("%s", game_error(g));
    assert_false(evaluate(g, ref, v));
    snprintf(want, sizeof want, "evaluate: %s: gives seat 1 an infinite value, not a finite number: its weights "
             "are too large for this state; run grove learn holdings again", path);
    assert_string_equal(game_error(g), want);
    assert_int_equal(hash_of(g), before);
    assert_int_equal(lua_gettop(vm->L), 0);
    game_close(g);
    vm_free(vm);
    unlink(path);
    rmdir(dir);
}

/* ---- a bot ---------------------------------------------------------------------------------- */

static bot_spec spec_of(const char *text)
{
    bot_spec spec;
    char why[256];
    if (!bot_parse(text, &spec, why, sizeof why)) fail_msg("%s: %s", text, why);
    return spec;
}

/* A bot given eval=PATH ends its rollouts in the model; the game is left
 * as it was. With tail=0 it reads the model even this near the end: a
 * model naming a feature holdings lacks fails the decision, which shows
 * that it is read. */
/* A layout past FEATURE_MAX: the features in the components' order up to
 * it, and `full` says the rest were left out (grove learn says so). */
static void test_full(void **unused)
{
    (void)unused;
    char dir[512], folder[600], game_dir[700], rules[800];
    temp_dir(dir, sizeof dir);
    snprintf(folder, sizeof folder, "%s/scripts", dir);
    snprintf(game_dir, sizeof game_dir, "%s/wide", folder);
    assert_int_equal(mkdir(folder, 0700), 0);
    assert_int_equal(mkdir(game_dir, 0700), 0);
    put(game_dir, "game.lua",
        "local fields = {}\n"
        "for i = 1, 4200 do fields[i] = 'f' .. i end\n"
        "return require('grove.game').define {\n"
        "  name = 'wide', players = { min = 2, max = 2 },\n"
        "  setup = function(s) s:grid('board', 1, 1, fields) end,\n"
        "  actor = function() return 1 end,\n"
        "  moves = function() end, apply = function() end,\n"
        "}\n", rules, sizeof rules);
    grove_vm *vm = new_vm(folder);
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "wide", "", 2, 1, 0, err, sizeof err);
    if (!g) fail_msg("%s", err);
    feature_set fs;
    assert_true(features_list(g, -1, &fs));
    assert_int_equal(fs.n, FEATURE_MAX);
    assert_true(fs.full);
    assert_string_equal(features_name(&fs, 0), "to move");
    assert_string_equal(features_name(&fs, FEATURE_MAX - 1), "grid board f4095=seat");
    features_free(&fs);
    game_close(g);
    vm_free(vm);

    /* holdings is far from it */
    vm = new_vm("tests/fixtures");
    g = open_holdings(vm, 2, 1);
    assert_true(features_list(g, -1, &fs));
    assert_false(fs.full);
    features_free(&fs);
    game_close(g);
    vm_free(vm);
    unlink(rules);
    rmdir(game_dir);
    rmdir(folder);
    rmdir(dir);
}

static void test_bot(void **unused)
{
    (void)unused;
    char dir[512], good[600], bad[600], text[800];
    temp_dir(dir, sizeof dir);
    put(dir, "weights.lua", MODEL, good, sizeof good);
    put(dir, "old.lua", "return { format = 1, weights = { { 'deck island# cards', 1 } } }", bad, sizeof bad);
    grove_vm *vm = new_vm("tests/fixtures");
    for (int players = 2; players <= 3; players++) {
        game *g = open_holdings(vm, players, 3);
        uint64_t before = hash_of(g);
        const char *kinds[] = { "mcts:50,eval=%s", "mcts:50,tail=0,eval=%s", "mcts:50,threads=2,tail=0,eval=%s" };
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            snprintf(text, sizeof text, kinds[k], good);
            bot_spec spec = spec_of(text);
            int64_t m;
            if (!bot_choose(g, &spec, 1, &m, NULL)) fail_msg("%s: %s", text, game_error(g));
            assert_true(is_legal(g, m));
            assert_int_equal(hash_of(g), before);
        }
        snprintf(text, sizeof text, "mcts:50,tail=0,eval=%s", bad);
        bot_spec spec = spec_of(text);
        int64_t m;
        assert_false(bot_choose(g, &spec, 1, &m, NULL));
        if (!strstr(game_error(g), "the model reads 'deck island# cards'")) fail_msg("%s", game_error(g));
        assert_int_equal(hash_of(g), before);
        assert_int_equal(lua_gettop(vm->L), 0);
        game_close(g);
    }
    vm_free(vm);
    unlink(good);
    unlink(bad);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_list),
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_model),
        cmocka_unit_test(test_learned_file),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_bot),
        cmocka_unit_test(test_full),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
