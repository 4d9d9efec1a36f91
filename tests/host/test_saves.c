/*
 * test_saves.c — a save outlives a change of the rules (save.c): its moves
 * and edits replay under the rules now as far as they still play, the rest
 * waits as the pending tail, and the report (game_loaded) and its note say
 * what happened: the first that no longer plays and why, how the layout
 * differs, the first position that differs from the saved one, compared
 * component by component. A damaged or unreadable file is still refused.
 * The rules are a counting game written to a temporary folder and changed
 * between saving and loading.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "host.h"
#include "movebuf.h"

static char dir[] = "/tmp/grove-saves-XXXXXX";

/* The counting game in dir: `extra` is more Lua run in setup (a component
 * added), `step` what a move adds, `cap` the count at which the moves end. */
static void write_counter(const char *extra, int step, int cap)
{
    char path[512];
    snprintf(path, sizeof path, "%s/scripts/counter/game.lua", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "local game = require \"grove.game\"\n"
               "return game.define {\n"
               "  name = \"counter\", players = { min = 1, max = 1 }, version = \"1.0\",\n"
               "  setup = function(s) s:vars(\"count\", { \"n\" }) %s end,\n"
               "  actor = function() return 1 end,\n"
               "  moves = function(s, out) if s.count.n < %d then out:add(1) end end,\n"
               "  apply = function(s) s.count.n = s.count.n + %d end,\n"
               "  describe = function() return \"count\" end,\n"
               "}\n", extra, cap, step);
    fclose(f);
}

static grove_vm *vm_here(void)
{
    grove_vm *vm = host_new(".");
    assert_non_null(vm);
    assert_true(vm_add_path(vm, dir));
    return vm;
}

/* Three moves, an edit (adds 10) and a fourth move, saved under the rules in dir now. */
static char *save_session(void)
{
    grove_vm *vm = vm_here();
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "counter", "", 1, 1, 0, err, sizeof err);
    if (!g) fail_msg("%s", err);
    for (int i = 0; i < 3; i++) assert_true(game_apply(g, move_make(1, 0, 0, 0), true, true));
    assert_true(game_edit(g, "s.count.n = s.count.n + 10"));
    assert_true(game_apply(g, move_make(1, 0, 0, 0), true, true));
    char *text = game_save_text(g);
    assert_non_null(text);
    game_close(g);
    vm_free(vm);
    return text;
}

static game *load(grove_vm **vm, const char *text, char *err, size_t len)
{
    *vm = vm_here();
    return game_load_text(*vm, text, err, len);
}

/* The checksum line made right for the text before it. */
static void fix_checksum(char *text)
{
    char *cs = strstr(text, "\nchecksum ");
    assert_non_null(cs);
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const char *p = text; p <= cs; p++) { h ^= (uint8_t)*p; h *= 0x100000001b3ULL; }
    sprintf(cs + 1, "checksum %016" PRIx64 "\n", h);
}

/* text with every line starting with `prefix` removed (in place). */
static void drop_lines(char *text, const char *prefix)
{
    char *line = text;
    while (*line) {
        char *next = strchr(line, '\n');
        next = next ? next + 1 : line + strlen(line);
        if (!strncmp(line, prefix, strlen(prefix))) memmove(line, next, strlen(next) + 1);
        else line = next;
    }
}

static int setup_dir(void **unused)
{
    (void)unused;
    if (!mkdtemp(dir)) return -1;
    char cmd[600];
    snprintf(cmd, sizeof cmd, "mkdir -p %s/scripts/counter", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static int remove_dir(void **unused)
{
    (void)unused;
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void the_same_rules_say_nothing(void **unused)
{
    (void)unused;
    write_counter("", 1, 20);
    char *text = save_session();
    assert_non_null(strstr(text, "grove-save 4\n"));
    assert_non_null(strstr(text, "\nhashes rng="));
    char err[GAME_ERRLEN];
    grove_vm *vm;
    game *g = load(&vm, text, err, sizeof err);
    if (!g) fail_msg("%s", err);
    const game_load_report *rep = game_loaded(g);
    assert_non_null(rep);
    assert_string_equal(game_load_note(g), "");
    assert_int_equal(rep->entries, 5);
    assert_int_equal(rep->replayed, 5);
    assert_int_equal(rep->failed, -1);
    assert_int_equal(rep->differs_after, -1);
    assert_int_equal(rep->compared, 6);                /* setup and each entry */
    assert_false(game_load_differs(rep));
    game_close(g);
    vm_free(vm);
    free(text);
}

static void a_component_added_changes_no_position(void **unused)
{
    (void)unused;
    write_counter("", 1, 20);
    char *text = save_session();
    write_counter("s:vars(\"extra\", { \"x\", \"y\" })", 1, 20);
    char err[GAME_ERRLEN];
    grove_vm *vm;
    game *g = load(&vm, text, err, sizeof err);
    if (!g) fail_msg("%s", err);
    const game_load_report *rep = game_loaded(g);
    assert_int_equal(game_position(g), 5);
    assert_string_equal(rep->layout, "component extra is new");
    assert_int_equal(rep->differs_after, -1);
    assert_false(game_load_differs(rep));
    assert_string_equal(game_load_note(g), "the rules changed since this save: replayed all 5 moves; the state's "
                        "layout differs: component extra is new; every position is the saved one in the components "
                        "both have alike");
    /* saved again under the rules now, it loads with nothing to say */
    char *again = game_save_text(g);
    game_close(g);
    game *g2 = game_load_text(vm, again, err, sizeof err);
    if (!g2) fail_msg("%s", err);
    assert_string_equal(game_load_note(g2), "");
    game_close(g2);
    free(again);
    vm_free(vm);
    free(text);
}

static void a_changed_rule_names_the_first_position_that_differs(void **unused)
{
    (void)unused;
    write_counter("", 1, 20);
    char *text = save_session();
    write_counter("", 2, 20);                          /* a move adds 2 now */
    char err[GAME_ERRLEN];
    grove_vm *vm;
    game *g = load(&vm, text, err, sizeof err);
    if (!g) fail_msg("%s", err);
    const game_load_report *rep = game_loaded(g);
    assert_int_equal(game_position(g), 5);
    assert_int_equal(rep->differs_after, 1);
    assert_string_equal(rep->differs_in, "count");
    assert_true(game_load_differs(rep));
    assert_non_null(strstr(game_load_note(g), "replayed all 5 moves; the position after move 1 differs from the "
                                              "saved one (in count)"));
    game_close(g);
    vm_free(vm);

    /* a save of format 3 keeps its last position only: that one is named */
    char *old = malloc(strlen(text) + 1);
    assert_non_null(old);
    strcpy(old, text);
    memcpy(old, "grove-save 3", 12);
    drop_lines(old, "hashes");
    fix_checksum(old);
    g = load(&vm, old, err, sizeof err);
    if (!g) fail_msg("%s", err);
    rep = game_loaded(g);
    assert_int_equal(rep->format, 3);
    assert_int_equal(rep->compared, 1);
    assert_int_equal(rep->differs_after, 5);
    assert_non_null(strstr(game_load_note(g), "(a save of format 3 keeps only its last position)"));
    game_close(g);
    vm_free(vm);

    /* and under the rules it was made with, format 3 loads with nothing to say */
    write_counter("", 1, 20);
    g = load(&vm, old, err, sizeof err);
    if (!g) fail_msg("%s", err);
    assert_string_equal(game_load_note(g), "");
    assert_int_equal(game_loaded(g)->compared, 1);
    game_close(g);
    vm_free(vm);
    free(old);
    free(text);
}

static void a_move_that_no_longer_plays_waits_to_be_redone(void **unused)
{
    (void)unused;
    write_counter("", 1, 20);
    char *text = save_session();
    write_counter("", 1, 2);                           /* the moves end at 2 now */
    char err[GAME_ERRLEN];
    grove_vm *vm;
    game *g = load(&vm, text, err, sizeof err);
    if (!g) fail_msg("%s", err);
    const game_load_report *rep = game_loaded(g);
    assert_int_equal(game_position(g), 2);
    assert_int_equal(rep->replayed, 2);
    assert_int_equal(rep->failed, 2);
    assert_false(rep->edit);
    assert_string_equal(rep->text, "count");
    assert_true(rep->why[0] != '\0');
    assert_int_equal(game_pending(g), 3);              /* the move, the edit and the last move */
    bool edit;
    assert_string_equal(game_pending_entry(g, 1, &edit, NULL), "s.count.n = s.count.n + 10");
    assert_true(edit);
    if (!strstr(game_load_note(g), "the rules changed since this save: replayed 2 of 5 moves; move 3 (seat 1: count) "
                                   "no longer plays: "))
        fail_msg("unexpected note: %s", game_load_note(g));
    assert_non_null(strstr(game_load_note(g), "; moves 3 to 5 wait to be redone"));
    assert_true(game_load_differs(rep));

    /* saved so, the tail is kept as redo lines; once the rules are back it
     * redoes to where the save stood */
    char *partial = game_save_text(g);
    assert_non_null(partial);
    assert_non_null(strstr(partial, "\nredo count\nredo-edit s.count.n = s.count.n + 10\nredo count\n"));
    game_close(g);
    vm_free(vm);
    write_counter("", 1, 20);
    g = load(&vm, partial, err, sizeof err);
    if (!g) fail_msg("%s", err);
    assert_int_equal(game_position(g), 2);
    while (game_redo(g)) {}
    assert_int_equal(game_position(g), 5);
    assert_int_equal(game_pending(g), 0);
    game_close(g);
    vm_free(vm);
    free(partial);
    free(text);
}

static void an_edit_that_no_longer_runs_is_named(void **unused)
{
    (void)unused;
    write_counter("", 1, 20);
    char *text = save_session();
    /* the vars are named otherwise now: the edit fails, the moves before it play */
    char path[512];
    snprintf(path, sizeof path, "%s/scripts/counter/game.lua", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "local game = require \"grove.game\"\n"
               "return game.define {\n"
               "  name = \"counter\", players = { min = 1, max = 1 }, version = \"1.0\",\n"
               "  setup = function(s) s:vars(\"tally\", { \"n\" }) end,\n"
               "  actor = function() return 1 end,\n"
               "  moves = function(s, out) if s.tally.n < 20 then out:add(1) end end,\n"
               "  apply = function(s) s.tally.n = s.tally.n + 1 end,\n"
               "  describe = function() return \"count\" end,\n"
               "}\n");
    fclose(f);
    char err[GAME_ERRLEN];
    grove_vm *vm;
    game *g = load(&vm, text, err, sizeof err);
    if (!g) fail_msg("%s", err);
    const game_load_report *rep = game_loaded(g);
    assert_int_equal(game_position(g), 3);
    assert_int_equal(rep->failed, 3);
    assert_true(rep->edit);
    assert_non_null(strstr(game_load_note(g), "move 4 (the edit s.count.n = s.count.n + 10) no longer runs: "));
    assert_non_null(strstr(rep->layout, "component tally is new, component count is gone"));
    game_close(g);
    vm_free(vm);
    free(text);
}

static void damaged_and_unreadable_saves_are_refused(void **unused)
{
    (void)unused;
    write_counter("", 1, 20);
    char *text = save_session();
    write_counter("s:vars(\"extra\", { \"x\" })", 1, 20);   /* a rule change refuses nothing ... */
    size_t len = strlen(text);
    char *copy = malloc(len + 64);
    assert_non_null(copy);
    char err[GAME_ERRLEN];
    grove_vm *vm;

    /* ... but a byte changed after saving is refused */
    strcpy(copy, text);
    char *p = strstr(copy, "\nmove count");
    assert_non_null(p);
    p[7] = 'k';
    assert_null(load(&vm, copy, err, sizeof err));
    assert_non_null(strstr(err, "checksum mismatch"));
    vm_free(vm);

    /* a state dump grove cannot read, checksum or not */
    strcpy(copy, text);
    p = strstr(copy, "\ncomponent count vars ");
    assert_non_null(p);
    memcpy(p + 1, "komponent", 9);
    fix_checksum(copy);
    assert_null(load(&vm, copy, err, sizeof err));
    if (!strstr(err, "save file: the state cannot be read: component 2 is missing or malformed"))
        fail_msg("unexpected error: %s", err);
    vm_free(vm);

    /* a hashes line naming no component of the saved state, or no hash */
    strcpy(copy, text);
    p = strstr(copy, "\nhashes rng=");
    assert_non_null(p);
    memcpy(p + 8, "gnr", 3);
    fix_checksum(copy);
    assert_null(load(&vm, copy, err, sizeof err));
    assert_non_null(strstr(err, "it names 'gnr', which is no component of the saved state"));
    vm_free(vm);
    strcpy(copy, text);
    p = strstr(copy, "\nhashes rng=");
    p[12] = 'x';
    fix_checksum(copy);
    assert_null(load(&vm, copy, err, sizeof err));
    assert_non_null(strstr(err, "is no NAME=HASH (8 hex digits)"));
    vm_free(vm);

    /* no state at all */
    strcpy(copy, text);
    p = strstr(copy, "\nstate-hash ");
    strcpy(p + 1, "checksum 0\n");
    fix_checksum(copy);
    assert_null(load(&vm, copy, err, sizeof err));
    assert_non_null(strstr(err, "no 'state-hash' line followed by 'state'"));
    vm_free(vm);
    free(copy);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_same_rules_say_nothing),
        cmocka_unit_test(a_component_added_changes_no_position),
        cmocka_unit_test(a_changed_rule_names_the_first_position_that_differs),
        cmocka_unit_test(a_move_that_no_longer_plays_waits_to_be_redone),
        cmocka_unit_test(an_edit_that_no_longer_runs_is_named),
        cmocka_unit_test(damaged_and_unreadable_saves_are_refused),
    };
    return cmocka_run_group_tests(tests, setup_dir, remove_dir);
}
