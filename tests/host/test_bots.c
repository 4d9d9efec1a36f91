/*
 * test_bots.c — the bots as tools use them (bots.h): the text of a bot and
 * its parameters, a bot kept through a game (its tree found again after the
 * moves it is told of, and only then), thinking on several threads, the
 * evaluation a rule script gives (used, and refused with the script's line
 * when it is wrong), and a game left exactly as it was.
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
#include "game_checks.h"

static grove_vm *new_vm(void)
{
    grove_vm *vm = host_new(".");
    assert_non_null(vm);
    assert_true(vm_add_path(vm, "tests/fixtures"));
    return vm;
}

static game *open_game(grove_vm *vm, const char *name, int players, uint64_t seed)
{
    char err[GAME_ERRLEN];
    game *g = game_open(vm, name, "", players, seed, 0, err, sizeof err);
    if (!g) fail_msg("%s", err);
    return g;
}

/* The race of tests/fixtures, its evaluate misbehaving as option `how` says. */
static game *open_race(grove_vm *vm, int how)
{
    lua_State *L = vm->L;
    lua_newtable(L);
    lua_pushinteger(L, how);
    lua_setfield(L, -2, "evaluate");
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "race", "", 2, 1, -1, err, sizeof err);
    lua_pop(L, 1);
    if (!g) fail_msg("%s", err);
    return g;
}

static bot_spec spec_of(const char *text)
{
    bot_spec spec;
    char why[256];
    if (!bot_parse(text, &spec, why, sizeof why)) fail_msg("%s", why);
    return spec;
}

/* ---- the text of a bot ------------------------------------------------------- */

static void test_parse_and_name(void **unused)
{
    (void)unused;
    struct { const char *text, *name; } cases[] = {
        { "random", "random" }, { "greedy", "greedy" }, { "mcts", "mcts" },
        { "mcts:500", "mcts:500" }, { "mcts:2s", "mcts:2s" }, { "mcts:0.5s", "mcts:0.5s" },
        { "mcts:iterations=400", "mcts:400" }, { "mcts:seconds=3", "mcts:3s" },
        { "mcts:500,2s", "mcts:500,2s" },                /* both: whichever comes first */
        { "mcts:depth=end", "mcts:depth=end" }, { "mcts:depth=0", "mcts:depth=0" },
        { "mcts:c=1.4,threads=2,reuse=no", "mcts:c=1.4,threads=2,reuse=no" },
        { "mcts:reuse=yes,depth=9,iterations=77", "mcts:77,depth=9" },
        { "mcts:1234,depth=end,reuse=no", "mcts:1234,depth=end,reuse=no" },
        { "mcts:eval=hand", "mcts:eval=hand" }, { "mcts:eval=my/try.lua,500", "mcts:500,eval=my/try.lua" },
        { "mcts:tail=0", "mcts:tail=0" }, { "mcts:tail=20", "mcts" }, { "mcts:tail=40", "mcts:tail=40" }, { "mcts:500,tail=60", "mcts:500,tail=60" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bot_spec spec = spec_of(cases[i].text), again;
        char name[BOT_NAMELEN], why[256];
        bot_name(&spec, name, sizeof name);
        if (strcmp(name, cases[i].name)) fail_msg("%s named %s, not %s", cases[i].text, name, cases[i].name);
        assert_true(bot_parse(name, &again, why, sizeof why));     /* the name reads back the same */
        assert_memory_equal(&spec, &again, sizeof spec);
    }
    bot_spec s = spec_of("mcts:2s");
    assert_int_equal(s.iterations, 0);                /* seconds alone: no iteration limit */
    s = spec_of("mcts:500,2s");
    assert_int_equal(s.iterations, 500);
    assert_true(s.seconds == 2);
    s = spec_of("mcts:depth=end,threads=3,reuse=no,c=0");
    assert_int_equal(s.depth, BOT_DEPTH_END);
    assert_int_equal(s.threads, 3);
    assert_false(s.reuse);
    assert_true(s.explore == 0);
}

static void test_parse_refuses(void **unused)
{
    (void)unused;
    struct { const char *text, *why; } cases[] = {
        { "genius", "unknown bot 'genius' (random, greedy, mcts, or mcts:PARAM" },
        { "mctsx", "unknown bot 'mctsx'" },
        { "mcts:", "unknown bot 'mcts:': an empty parameter" },
        { "mcts:500,", "an empty parameter" },
        { "mcts:-3", "-3: iterations must be a whole number 1..1000000000" },
        { "mcts:2.5", "2.5: iterations must be a whole number" },
        { "mcts:0s", "0s: seconds must be more than 0, at most 3600" },
        { "mcts:fast", "'fast' is neither a number of iterations (mcts:500), seconds (mcts:2s) nor NAME=VALUE" },
        { "mcts:depth=deep", "depth=deep: a number of moves 0..10000, or end" },
        { "mcts:depth=-1", "depth=-1: a number of moves 0..10000, or end" },
        { "mcts:c=-1", "c=-1: the exploration constant, a number 0..100" },
        { "mcts:tail=near", "tail=near: a number of moves 0..10000 (0: never to the end)" },
        { "mcts:tail=-5", "tail=-5: a number of moves 0..10000" },
        { "mcts:threads=0", "threads=0: a whole number 1..16" },
        { "mcts:threads=99", "threads=99: a whole number 1..16" },
        { "mcts:reuse=maybe", "reuse=maybe: yes or no" },
        { "mcts:iterations=0", "iterations=0: a whole number 1..1000000000" },
        { "mcts:seconds=9999", "seconds=9999: a number of seconds more than 0, at most 3600" },
        { "mcts:speed=3", "no parameter 'speed' (iterations, seconds, depth, tail, c, threads, reuse, eval)" },
        { "mcts:eval=", "eval=: the name of a function in the definition's evaluates, or a file FILE.lua" },
        { "mcts:depth=end,eval=hand", "eval=hand names the evaluate its rollouts end in, and depth=end plays them "
                                      "to the end, reading none: give one or the other" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bot_spec spec;
        char why[256];
        if (bot_parse(cases[i].text, &spec, why, sizeof why)) fail_msg("'%s' was taken", cases[i].text);
        if (!strstr(why, cases[i].why)) fail_msg("'%s': %s", cases[i].text, why);
    }
}

static void test_parse_list(void **unused)
{
    (void)unused;
    bot_spec specs[4];
    char why[256];
    assert_int_equal(bot_parse_list("mcts:500,depth=4,c=1,random", specs, 4, why, sizeof why), 2);
    assert_int_equal(specs[0].kind, BOT_MCTS);
    assert_int_equal(specs[0].iterations, 500);
    assert_int_equal(specs[0].depth, 4);
    assert_int_equal(specs[1].kind, BOT_RANDOM);
    assert_int_equal(bot_parse_list("greedy,mcts,mcts:2s,random", specs, 4, why, sizeof why), 4);
    assert_int_equal(specs[2].iterations, 0);
    assert_int_equal(bot_parse_list("mcts", specs, 4, why, sizeof why), 1);
    assert_int_equal(bot_parse_list("mcts,random,", specs, 4, why, sizeof why), -1);
    assert_non_null(strstr(why, "ends with a comma"));
    assert_int_equal(bot_parse_list("random,random,random,random,random", specs, 4, why, sizeof why), -1);
    assert_non_null(strstr(why, "more than 4 bots"));
    assert_int_equal(bot_parse_list("mcts:500,depth=x,random", specs, 4, why, sizeof why), -1);
    assert_non_null(strstr(why, "depth=x"));
}

/* ---- a bot through a game ------------------------------------------------------- */

/* A decision of the seat to act by its bot: the game left as it was, the
 * move legal, then played, and every bot told of it if `tell`. */
static int64_t decide_and_play(bot **bots, game *g, uint64_t seed, bot_stats *st, bool tell)
{
    uint64_t before = hash_of(g);
    int seat = game_actor(g);
    assert_true(seat >= 1 && seat <= 2);
    int64_t m;
    if (!bot_move(bots[seat], g, seed, &m, st)) fail_msg("%s", game_error(g));
    assert_int_equal(hash_of(g), before);
    assert_true(is_legal(g, m));
    assert_true(game_apply(g, m, true, true));
    for (int k = 1; k <= 2 && tell; k++) bot_observe(bots[k], m);
    return m;
}

/* Logger: a bot per seat; told of every move each finds its tree again
 * (visits kept), not told it starts anew each time. */
static void test_tree_kept_between_decisions(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    bot_spec spec = spec_of("mcts:300,depth=2");
    for (int tell = 0; tell <= 1; tell++) {
        game *g = open_game(vm, "logger", 2, 5);
        bot *bots[3] = { NULL, bot_new(&spec), bot_new(&spec) };
        long kept = 0;
        for (int k = 0; k < 16; k++) {
            bot_stats st;
            decide_and_play(bots, g, (uint64_t)k + 1, &st, tell);
            if (k == 0) assert_int_equal(st.kept, 0);
            kept += st.kept;
        }
        if (tell) assert_true(kept > 0);
        else assert_int_equal(kept, 0);
        bot_free(bots[1]);
        bot_free(bots[2]);
        game_close(g);
    }
    vm_free(vm);
}

/* A game changed behind the bots' backs (an undo, then another move)
 * makes them start anew even when told of the moves: the moves they were
 * told of do not lead from their last position to this one. So does a
 * reset. */
static void test_tree_dropped_when_the_game_changed(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    game *g = open_game(vm, "logger", 2, 5);
    bot_spec spec = spec_of("mcts:300,depth=2");
    bot *bots[3] = { NULL, bot_new(&spec), bot_new(&spec) };
    bot_stats st;
    long kept = 0;
    for (int k = 0; k < 12; k++) {
        decide_and_play(bots, g, (uint64_t)k + 1, &st, true);
        kept += st.kept;
    }
    assert_true(kept > 0);
    assert_true(game_undo(g));                   /* behind their backs */
    assert_true(game_undo(g));
    const int64_t *legal;
    int n = game_legal(g, &legal);
    assert_true(n > 0);
    assert_true(game_apply(g, legal[n - 1], true, true));
    for (int k = 1; k <= 2; k++) bot_observe(bots[k], legal[n - 1]);
    decide_and_play(bots, g, 20, &st, true);
    assert_int_equal(st.kept, 0);
    for (int k = 1; k <= 2; k++) bot_reset(bots[k]);
    decide_and_play(bots, g, 21, &st, true);
    assert_int_equal(st.kept, 0);
    bot_free(bots[1]);
    bot_free(bots[2]);
    game_close(g);
    vm_free(vm);
}

/* Hidden cards: the tree is kept over the seat's own moves (Once Upon a
 * Forest alone), never over another seat's (two players), whose move may
 * name a card this seat does not see. */
static void test_tree_and_hidden_cards(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    bot_spec spec = spec_of("mcts:200,depth=2");
    for (int players = 1; players <= 2; players++) {
        game *g = open_game(vm, "onceupon", players, 3);
        assert_true(game_hidden(g));
        bot *bots[3] = { NULL, bot_new(&spec), bot_new(&spec) };
        long kept_after_own = 0, kept_after_other = 0;
        int last = 0;
        for (int k = 0; k < 30 && game_over(g) == 0; k++) {
            int seat = game_actor(g);
            bot_stats st;
            int64_t m;
            if (!bot_move(bots[seat], g, (uint64_t)k + 7, &m, &st)) fail_msg("%s", game_error(g));
            if (last == seat) kept_after_own += st.kept;
            else if (last) kept_after_other += st.kept;
            assert_true(game_apply(g, m, true, true));
            for (int s = 1; s <= 2; s++) bot_observe(bots[s], m);
            last = seat;
        }
        assert_true(kept_after_own > 0);
        assert_int_equal(kept_after_other, 0);
        bot_free(bots[1]);
        bot_free(bots[2]);
        game_close(g);
    }
    vm_free(vm);
}

/* The same seed, the same move: on one thread and on two. */
static void test_reproducible(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    game *g = open_game(vm, "starfall", 2, 4);
    for (int k = 0; k < 10; k++) {               /* into the game a little */
        const int64_t *legal;
        assert_true(game_legal(g, &legal) > 0);
        assert_true(game_apply(g, legal[0], true, true));
    }
    const char *kinds[] = { "mcts:200", "mcts:200,threads=2", "mcts:200,depth=end", "greedy" };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        bot_spec spec = spec_of(kinds[i]);
        int64_t a, b;
        assert_true(bot_choose(g, &spec, 9, &a, NULL));
        assert_true(bot_choose(g, &spec, 9, &b, NULL));
        if (a != b) fail_msg("%s chose two moves on one seed", kinds[i]);
    }
    game_close(g);
    vm_free(vm);
}

/* Two threads: each a game of its own in a VM of its own, the iterations
 * of both counted, the choice legal, the game untouched. */
static void test_threads(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    game *g = open_game(vm, "logger", 2, 2);
    bot_spec spec = spec_of("mcts:400,depth=2,threads=2");
    bot *bots[3] = { NULL, bot_new(&spec), bot_new(&spec) };
    bot_stats st;
    long kept = 0;
    for (int k = 0; k < 12; k++) {
        decide_and_play(bots, g, (uint64_t)k + 1, &st, true);
        kept += st.kept;
        assert_true(st.threads == 2 || st.iterations == 0);   /* a forced move needs no thinking */
    }
    assert_true(kept > 0);
    assert_string_equal(bot_note(bots[1]), "");
    bot_free(bots[1]);
    bot_free(bots[2]);
    game_close(g);
    vm_free(vm);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* A rule file changed on disk since the game was opened: the other
 * threads cannot have the same game, so the bot thinks on one and says
 * why. */
static void test_threads_when_the_rules_changed(void **unused)
{
    (void)unused;
    char dir[] = "/tmp/grove-bots-XXXXXX", path[512];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/scripts", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/scripts/steps", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/scripts/steps/game.lua", dir);
    const char *rules =
        "local game = require 'grove.game'\n"
        "return game.define { name = 'steps', players = { min = 2, max = 2 },\n"
        "  setup = function(s) s:vars('v', { 'n' }) end,\n"
        "  actor = function(s) return s.v.n % 2 + 1 end,\n"
        "  moves = function(s, out) if s.v.n < 20 then out:add(1) out:add(2) end end,\n"
        "  apply = function(s) s.v.n = s.v.n + 1 end,\n"
        "  result = function(s) if s.v.n >= 20 then return { scores = { 0, 0 }, ranks = { 1, 1 } } end end }\n";
    write_file(path, rules);
    grove_vm *vm = new_vm();
    assert_true(vm_add_path(vm, dir));
    game *g = open_game(vm, "steps", 2, 1);
    char changed[1024];
    snprintf(changed, sizeof changed, "-- the rules, edited\n%s", rules);
    write_file(path, changed);
    bot_spec spec = spec_of("mcts:100,threads=2");
    bot *bots[3] = { NULL, bot_new(&spec), bot_new(&spec) };
    bot_stats st;
    decide_and_play(bots, g, 1, &st, true);
    assert_int_equal(st.threads, 1);
    if (!strstr(bot_note(bots[1]), "the rule files of steps changed on disk since this game was opened"))
        fail_msg("note: %s", bot_note(bots[1]));
    bot_free(bots[1]);
    bot_free(bots[2]);
    game_close(g);
    vm_free(vm);
    unlink(path);
    snprintf(path, sizeof path, "%s/scripts/steps", dir);
    rmdir(path);
    snprintf(path, sizeof path, "%s/scripts", dir);
    rmdir(path);
    rmdir(dir);
}

/* ---- the evaluation ------------------------------------------------------------ */

/* In the race, two steps are better than one: with evaluate and no random
 * moves after the tree, a short search sees it, from either seat. */
static void test_evaluation_is_used(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    game *g = open_race(vm, 0);
    bot_spec spec = spec_of("mcts:60,depth=0,tail=0");
    for (int k = 0; k < 6; k++) {
        int64_t m;
        assert_true(bot_choose(g, &spec, (uint64_t)k + 1, &m, NULL));
        char text[64];
        assert_true(game_describe(g, m, text, sizeof text));
        assert_string_equal(text, "step 2");
        assert_true(game_apply(g, m, true, true));
    }
    game_close(g);
    vm_free(vm);
}

/* An evaluate that returns no value per seat fails the decision with the
 * line of the script that defines it; the game is untouched. */
static void test_evaluation_refused(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    const char *why[] = {
        NULL,
        "evaluate: scripts/race/game.lua:14: evaluate(s) returned nil, not a table of numbers, one per seat",
        "evaluate: scripts/race/game.lua:14: evaluate(s) gave seat 2 nothing, not a finite number",
        "evaluate: scripts/race/game.lua:14: evaluate(s) gave seat 2 a string, not a finite number",
        "evaluate: scripts/race/game.lua:14: evaluate(s) gave seat 2 nan, not a finite number",
        "evaluate: scripts/race/game.lua:20: no runner at the start",
    };
    bot_spec spec = spec_of("mcts:50,tail=0");
    for (int how = 1; how <= 5; how++) {
        game *g = open_race(vm, how);
        uint64_t before = hash_of(g);
        int64_t m;
        assert_false(bot_choose(g, &spec, 1, &m, NULL));
        if (!strstr(game_error(g), why[how])) fail_msg("evaluate %d: %s", how, game_error(g));
        assert_int_equal(hash_of(g), before);
        assert_int_equal(lua_gettop(vm->L), 0);
        /* rollouts to the end never ask for it */
        bot_spec full = spec_of("mcts:50,depth=end");
        assert_true(bot_choose(g, &full, 1, &m, NULL));
        game_close(g);
    }
    vm_free(vm);
}

/* tail=N: when random games from the position all end within N moves the
 * rollouts go to the end and evaluate(s) is never asked (here it fails,
 * which shows whether it was); when the end is further, it is. A race
 * lasts 6 to 24 moves from the start. */
static void test_tail(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    game *g = open_race(vm, 5);
    int64_t m;
    bot_spec near = spec_of("mcts:50,tail=30"), far = spec_of("mcts:50,tail=3"), never = spec_of("mcts:50,tail=0");
    assert_true(bot_choose(g, &near, 1, &m, NULL));
    assert_false(bot_choose(g, &far, 1, &m, NULL));
    assert_non_null(strstr(game_error(g), "no runner at the start"));
    assert_false(bot_choose(g, &never, 1, &m, NULL));
    /* the default: a race of 12 steps each takes 12 to 24 moves, so from
     * the start the default may read evaluate; once both runners stand at
     * 8 (8 moves of two steps), at most 8 moves are left, within its tail:
     * it plays to the end and never asks the evaluate this race refuses */
    bot_spec dflt = spec_of("mcts:50");
    assert_int_equal(dflt.tail, BOT_DEFAULT_TAIL);
    assert_true(dflt.tail >= 8);
    for (int k = 0; k < 8; k++) {
        const int64_t *legal;
        int n = game_legal(g, &legal);
        assert_int_equal(n, 2);
        assert_true(game_apply(g, legal[n - 1], true, true));     /* step 2 */
    }
    assert_true(bot_choose(g, &dflt, 1, &m, NULL));
    assert_false(bot_choose(g, &far, 1, &m, NULL));           /* tail=3: still too far */
    game_close(g);
    vm_free(vm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_and_name),
        cmocka_unit_test(test_parse_refuses),
        cmocka_unit_test(test_parse_list),
        cmocka_unit_test(test_tree_kept_between_decisions),
        cmocka_unit_test(test_tree_dropped_when_the_game_changed),
        cmocka_unit_test(test_tree_and_hidden_cards),
        cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_threads_when_the_rules_changed),
        cmocka_unit_test(test_evaluation_is_used),
        cmocka_unit_test(test_evaluation_refused),
        cmocka_unit_test(test_tail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
