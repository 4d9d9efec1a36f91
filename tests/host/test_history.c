/*
 * test_history.c — what the engine keeps of a game besides its moves
 * (game.h): what the rules said (s:say) at setup and at each move, for
 * whom, and that nobody listens on the fast path; edits made by hand as
 * entries of the history (undo, redo, save, load); the pending tail a
 * reload could not replay; why a typed move is refused; a session written
 * as a test. The fixture game tests/fixtures/scripts/narrator narrates.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "host.h"

static grove_vm *new_vm(void)
{
    const char *src = getenv("GROVE_SOURCE");
    grove_vm *vm = host_new(src ? src : ".");
    assert_non_null(vm);
    assert_true(vm_add_path(vm, "tests/fixtures"));
    return vm;
}

static game *open_narrator(grove_vm *vm, int players)
{
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "narrator", "", players, 1, 0, err, sizeof err);
    if (!g) fail_msg("%s", err);
    return g;
}

/* Play the move whose text is `text`. */
static void play(game *g, const char *text)
{
    int64_t m;
    if (!game_parse(g, text, &m) || !game_apply(g, m, true, true)) fail_msg("%s: %s", text, game_error(g));
}

/* The lines of a narration text `viewer` may read, joined by '|'. */
static void lines_for(const char *said, int viewer, char *out, size_t len)
{
    game_line line;
    size_t n = 0;
    out[0] = '\0';
    while (game_said_next(&said, &line))
        if (game_line_for(&line, viewer) && n < len)
            n += (size_t)snprintf(out + n, len - n, "%s%.*s", n ? "|" : "", line.len, line.text);
}

static void said_at_setup_and_at_each_move_for_whom_it_is(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    game *g = open_narrator(vm, 3);
    char text[1024];
    lines_for(game_entry_said(g, -1), 0, text, sizeof text);
    assert_string_equal(text, "the counter starts at 0");

    play(g, "add 2");
    const char *said = game_said_now(g);
    lines_for(said, 1, text, sizeof text);     /* the mover */
    assert_string_equal(text, "seat 1 adds 2: the counter is at 2|you added 2|a line for seats 1 and 2|and a second one");
    lines_for(said, 2, text, sizeof text);
    assert_string_equal(text, "seat 1 adds 2: the counter is at 2|seat 1 added|a line for seats 1 and 2|and a second one");
    lines_for(said, 3, text, sizeof text);
    assert_string_equal(text, "seat 1 adds 2: the counter is at 2|seat 1 added");
    lines_for(said, 0, text, sizeof text);     /* an onlooker: the public lines, and "all but seat 1" */
    assert_string_equal(text, "seat 1 adds 2: the counter is at 2|seat 1 added");
    lines_for(said, -1, text, sizeof text);    /* the designer reads everything */
    assert_string_equal(text, "seat 1 adds 2: the counter is at 2|you added 2|seat 1 added|"
                              "a line for seats 1 and 2|and a second one");

    /* the history keeps each move's lines; undo and redo keep them in step */
    play(g, "add 1");
    lines_for(game_entry_said(g, 1), 0, text, sizeof text);
    assert_string_equal(text, "seat 2 adds 1: the counter is at 3|seat 2 added");
    assert_true(game_undo(g));
    assert_true(game_undo(g));
    lines_for(game_entry_said(g, 1), 0, text, sizeof text);       /* waits for redo, as the move does */
    assert_string_equal(text, "seat 2 adds 1: the counter is at 3|seat 2 added");
    assert_true(game_redo(g));
    lines_for(game_said_now(g), 0, text, sizeof text);
    assert_string_equal(text, "seat 1 adds 2: the counter is at 2|seat 1 added");
    play(g, "add 3");                                               /* drops the redo: a new line */
    assert_int_equal(game_history_length(g), 2);
    lines_for(game_entry_said(g, 1), 0, text, sizeof text);
    assert_string_equal(text, "seat 2 adds 3: the counter is at 5|seat 2 added");
    game_close(g);
    vm_free(vm);
}

/* The body of a fast run: play `lazy`, whose pattern cannot be formatted. */
static int play_lazy(game *g, void *ctx)
{
    (void)ctx;
    const movebuf *legal = game_raw_moves(g);
    game_raw_apply(g, legal->m[legal->n - 1]);
    return 0;
}

static void nobody_listens_on_the_fast_path(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    game *g = open_narrator(vm, 2);
    /* checked, the pattern is formatted and fails, naming the hook; the
     * state is as it was, and the failed move said nothing (what the move
     * before said stays with its entry) */
    play(g, "add 2");
    uint64_t before, after;
    assert_true(game_hash(g, &before));
    int64_t m;
    assert_true(game_parse(g, "lazy", &m));
    assert_false(game_apply(g, m, true, true));
    assert_non_null(strstr(game_error(g), "apply"));
    assert_non_null(strstr(game_error(g), "number expected"));
    assert_int_equal(game_position(g), 1);
    assert_true(game_hash(g, &after));
    assert_true(before == after);
    assert_string_equal(game_said_now(g), "");
    char text[256];
    lines_for(game_entry_said(g, 0), 0, text, sizeof text);
    assert_string_equal(text, "seat 1 adds 2: the counter is at 2|seat 1 added");
    /* fast, s:say returns at once: no formatting, no error */
    assert_true(game_run_raw(g, play_lazy, NULL, NULL));
    /* playouts, where nothing is said */
    rng_t pick;
    rng_seed(&pick, 5, 7);
    assert_true(game_playout(g, &pick, 1000) >= 0);
    game_close(g);
    vm_free(vm);
}

static void edits_are_entries_of_the_history(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    game *g = open_narrator(vm, 2);
    play(g, "add 1");
    uint64_t before, after, h;
    assert_true(game_hash(g, &before));
    assert_true(game_edit(g, "s.c.n = 7"));
    assert_int_equal(game_position(g), 2);
    assert_string_equal(game_history_edit(g, 1), "s.c.n = 7");
    assert_null(game_history_edit(g, 0));
    assert_int_equal(game_history_move(g, 1), 0);
    assert_true(game_hash(g, &after));
    assert_true(after != before);
    char text[256];
    int actor = -1;
    assert_true(game_describe_past(g, 1, text, sizeof text, &actor));
    assert_string_equal(text, "s.c.n = 7");
    assert_int_equal(actor, 0);

    /* undo takes it back, redo runs it again */
    assert_true(game_undo(g));
    assert_true(game_hash(g, &h));
    assert_int_equal(h, before);
    assert_true(game_redo(g));
    assert_true(game_hash(g, &h));
    assert_int_equal(h, after);

    /* a failing edit changes nothing and records nothing */
    assert_false(game_edit(g, "s.c.n = 1 error('half done')"));
    assert_non_null(strstr(game_error(g), "half done"));
    assert_false(game_edit(g, "s.c.n = 1.5"));                  /* a var holds integers */
    assert_int_equal(game_position(g), 2);
    assert_true(game_hash(g, &h));
    assert_int_equal(h, after);
    /* the sandbox: no io, no globals */
    assert_false(game_edit(g, "io.write('x')"));
    assert_false(game_edit(g, "x = 1"));

    /* saved with the moves, and replayed by loading */
    play(g, "add 2");
    char *save = game_save_text(g);
    assert_non_null(save);
    assert_non_null(strstr(save, "\nmove add 1\nsaid * seat 1 adds 1: the counter is at 1\nsaid 1 you added 1\n"));
    assert_non_null(strstr(save, "\nsaid 0,2 seat 1 added\nsaid 1,2 a line for seats 1 and 2\n"));
    /* each entry is followed by the position after it: the components it changed */
    char *edit = strstr(save, "\nedit s.c.n = 7\nhashes c=");
    assert_non_null(edit);
    assert_non_null(strstr(edit, "\nmove add 2\n"));
    char err[GAME_ERRLEN];
    game *loaded = game_load_text(vm, save, err, sizeof err);
    if (!loaded) fail_msg("%s", err);
    assert_int_equal(game_position(loaded), 3);
    assert_string_equal(game_history_edit(loaded, 1), "s.c.n = 7");
    uint64_t h2;
    assert_true(game_hash(g, &h));
    assert_true(game_hash(loaded, &h2));
    assert_int_equal(h, h2);
    char *again = game_save_text(loaded);
    assert_string_equal(again, save);                            /* what loads saves to the same text */
    free(again);
    game_close(loaded);
    free(save);

    /* an edit over several lines, with backslashes, survives a save */
    assert_true(game_edit(g, "local t = 'a\\\\b'\ns.c.n = #t"));
    save = game_save_text(g);
    assert_non_null(strstr(save, "\nedit local t = 'a\\\\\\\\b'\\ns.c.n = #t\n"));
    loaded = game_load_text(vm, save, err, sizeof err);
    if (!loaded) fail_msg("%s", err);
    assert_string_equal(game_history_edit(loaded, 3), "local t = 'a\\\\b'\ns.c.n = #t");
    game_close(loaded);
    free(save);
    game_close(g);
    vm_free(vm);
}

static void a_prompt_change_is_kept_if_it_replays(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    game *g = open_narrator(vm, 2);
    size_t size = game_state_size(g);
    uint8_t *before = malloc(size), *changed = malloc(size);
    assert_non_null(before);
    assert_non_null(changed);
    assert_true(game_snapshot(g, before));
    /* the REPL's Lua set the counter to 7: make that state by hand */
    assert_true(game_edit(g, "s.c.n = 7"));
    assert_true(game_snapshot(g, changed));
    assert_true(game_undo(g));
    game_restore(g, changed);
    /* the same code gives the same state: an edit */
    assert_true(game_record_edit(g, "s.c.n = 7", before));
    assert_int_equal(game_position(g), 1);
    assert_int_equal(game_history_length(g), 1);

    /* code that gives another state run again (it read something the
     * sandbox has not): not recorded, the change stays */
    assert_true(game_undo(g));
    game_restore(g, changed);
    assert_false(game_record_edit(g, "s.c.n = 8", before));
    assert_non_null(strstr(game_error(g), "gives another state"));
    assert_int_equal(game_position(g), 0);
    assert_int_equal(game_history_length(g), 0);                 /* the tail no longer follows */
    uint64_t h1, h2;
    assert_true(game_hash(g, &h1));
    game_restore(g, changed);
    assert_true(game_hash(g, &h2));
    assert_int_equal(h1, h2);
    /* code that fails in the sandbox */
    assert_false(game_record_edit(g, "io.write('')", before));
    assert_non_null(strstr(game_error(g), "fails"));
    assert_int_equal(game_position(g), 0);
    free(before);
    free(changed);
    game_close(g);
    vm_free(vm);
}

static void refusals_give_the_reason(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    game *g = open_narrator(vm, 2);
    char why[1024];
    /* the game's why */
    assert_int_equal(game_refusal(g, "add 7", why, sizeof why), 1);
    assert_string_equal(why, "you add at most 3");
    play(g, "add 3");
    play(g, "add 3");
    play(g, "add 3");
    assert_int_equal(game_refusal(g, "add 3", why, sizeof why), 1);
    assert_string_equal(why, "the counter stops at 10");
    /* why gives nothing: the host names the legal moves of that kind */
    play(g, "add 1");                                            /* the game is over */
    assert_int_equal(game_refusal(g, "lazy", why, sizeof why), 1);
    assert_string_equal(why, "the game is over: no move is legal");
    game_close(g);

    g = open_narrator(vm, 2);
    play(g, "add 3");
    play(g, "add 3");
    play(g, "add 2");                                            /* 8: add 1, add 2, lazy */
    assert_int_equal(game_refusal(g, "add 0", why, sizeof why), 1);
    assert_string_equal(why, "not a legal move now; legal 'add' moves now: 1, 2");
    /* a word that starts no move of the game: no move (Lua, perhaps) */
    assert_int_equal(game_refusal(g, "frobnicate", why, sizeof why), 0);
    assert_int_equal(game_refusal(g, "s.c.n", why, sizeof why), 0);
    assert_int_equal(game_position(g), 3);
    game_close(g);
    vm_free(vm);
}

/* A copy of the narrator whose `add` adds at most `most`, in dir. */
static void write_narrator(const char *dir, int most)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "mkdir -p %s/scripts/tale && sed 's/name = \"narrator\"/name = \"tale\"/; "
             "s/math.min(3, GOAL/math.min(%d, GOAL/' tests/fixtures/scripts/narrator/game.lua "
             ">%s/scripts/tale/game.lua", dir, most, dir);
    assert_int_equal(system(cmd), 0);
}

static void a_reload_keeps_what_no_longer_replays(void **unused)
{
    (void)unused;
    char dir[] = "/tmp/grove-tale-XXXXXX";
    assert_non_null(mkdtemp(dir));
    write_narrator(dir, 3);
    grove_vm *vm = new_vm();
    assert_true(vm_add_path(vm, dir));
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "tale", "", 2, 1, 0, err, sizeof err);
    if (!g) fail_msg("%s", err);
    play(g, "add 1");
    play(g, "add 3");
    assert_true(game_edit(g, "s.c.n = s.c.n + 1"));
    play(g, "add 2");

    /* under rules where add 3 is illegal: the game goes on from move 1,
     * the rest wait */
    write_narrator(dir, 2);
    game_reload_report rep;
    game *g2 = game_reload(g, &rep, err, sizeof err);
    if (!g2) fail_msg("%s", err);
    game_close(g);
    assert_int_equal(rep.total, 4);
    assert_int_equal(rep.failed, 1);
    assert_int_equal(rep.replayed, 1);
    assert_int_equal(rep.actor, 2);
    assert_string_equal(rep.text, "add 3");
    assert_non_null(strstr(rep.why, "legal 'add' moves now: 1, 2"));
    assert_int_equal(game_position(g2), 1);
    assert_int_equal(game_pending(g2), 3);
    bool edit;
    int actor;
    assert_string_equal(game_pending_entry(g2, 0, &edit, &actor), "add 3");
    assert_false(edit);
    assert_int_equal(actor, 2);
    assert_string_equal(game_pending_entry(g2, 1, &edit, &actor), "s.c.n = s.c.n + 1");
    assert_true(edit);
    /* redo tries the next one under these rules, and says why not */
    assert_false(game_redo(g2));
    assert_non_null(strstr(game_error(g2), "move 2 (seat 2: add 3) does not replay"));
    assert_int_equal(game_pending(g2), 3);
    /* a save keeps them, as redo lines */
    char *save = game_save_text(g2);
    assert_non_null(strstr(save, "\nredo add 3\nredo-edit s.c.n = s.c.n + 1\nredo add 2\nstate-hash"));
    game *loaded = game_load_text(vm, save, err, sizeof err);
    if (!loaded) fail_msg("%s", err);
    assert_int_equal(game_pending(loaded), 3);
    game_close(loaded);
    free(save);

    /* the rules fixed, the next reload replays them all */
    write_narrator(dir, 3);
    game *g3 = game_reload(g2, &rep, err, sizeof err);
    if (!g3) fail_msg("%s", err);
    game_close(g2);
    assert_int_equal(rep.failed, -1);
    assert_int_equal(rep.total, 4);
    assert_int_equal(game_position(g3), 4);
    assert_int_equal(game_pending(g3), 0);
    assert_string_equal(game_history_edit(g3, 2), "s.c.n = s.c.n + 1");

    /* undone moves stay undone, to redo, across a reload */
    assert_true(game_undo(g3));
    assert_true(game_undo(g3));
    game *g4 = game_reload(g3, &rep, err, sizeof err);
    if (!g4) fail_msg("%s", err);
    game_close(g3);
    assert_int_equal(game_position(g4), 2);
    assert_int_equal(game_history_length(g4), 4);
    assert_true(game_redo(g4));
    assert_true(game_redo(g4));
    assert_false(game_redo(g4));
    /* a move played drops what waits */
    assert_true(game_undo(g4));
    play(g4, "add 1");
    assert_int_equal(game_history_length(g4), 4);
    assert_false(game_redo(g4));
    game_close(g4);
    vm_free(vm);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

static void a_session_becomes_a_test(void **unused)
{
    (void)unused;
    grove_vm *vm = new_vm();
    game *g = open_narrator(vm, 2);
    play(g, "add 2");
    assert_true(game_edit(g, "s.c.n = 5 -- ]] a closing bracket"));
    play(g, "add 1");
    game_check checks[] = { { 1, "expect.eq(s.c.n, 2)" }, { 3, "expect.eq(s.c.n, 6)" } };
    char *text = game_test_text(g, "t.lua", checks, 2);
    assert_non_null(text);
    assert_non_null(strstr(text, "test(\"t.lua: narrator, 2 players, seed 1\", function()\n"
                                 "  local game = games.open(\"narrator\", { players = 2, seed = 1 })\n"
                                 "  local s = game.state\n"));
    assert_non_null(strstr(text, "  game:play(\"add 2\")"));
    assert_non_null(strstr(text, "-- 1. seat 1\n"));
    assert_non_null(strstr(text, "\"the state after move 1\")\n  expect.eq(s.c.n, 2)\n  game:edit([=[s.c.n = 5 -- ]] "
                                 "a closing bracket]=])\n"));
    assert_non_null(strstr(text, "\"the state after move 3\")\n  expect.eq(s.c.n, 6)\nend)\n"));
    /* the position after each entry: every component with its size after
     * setup, then the ones each entry changed */
    assert_non_null(strstr(text, "  local position = expect.position(game,\n    \"rng:4="));
    assert_true(game_sync(g));
    int c = 0;
    game_component comp;
    while (c < game_components(g) && (game_component_at(g, c, &comp), strcmp(comp.name, "c") != 0)) c++;
    assert_true(c < game_components(g));
    char want[80];
    snprintf(want, sizeof want, "  position(\"c=%08x\", \"the state after move 3\")", (unsigned)comp.hash);
    assert_non_null(strstr(text, want));
    free(text);
    uint64_t h, h1;
    assert_true(game_hash(g, &h));
    assert_true(game_hash_after(g, 1, &h1));
    assert_true(h1 != h);
    assert_false(game_hash_after(g, 4, &h1));
    game_close(g);
    vm_free(vm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(said_at_setup_and_at_each_move_for_whom_it_is),
        cmocka_unit_test(nobody_listens_on_the_fast_path),
        cmocka_unit_test(edits_are_entries_of_the_history),
        cmocka_unit_test(a_prompt_change_is_kept_if_it_replays),
        cmocka_unit_test(refusals_give_the_reason),
        cmocka_unit_test(a_reload_keeps_what_no_longer_replays),
        cmocka_unit_test(a_session_becomes_a_test),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
