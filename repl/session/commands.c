/*
 * commands.c — the REPL's commands: one table that the prompt dispatches
 * on, readline completes from and the help page lists, and each command's
 * function. A new command is a row of the table and its function.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"
#include "session.h"
#include "study.h"

/* ---- the commands -------------------------------------------------------------- */

/* Replace the game (after load or reload): the bots start afresh, the Lua
 * prompt's `game` and `s` are bound to the new one, the old one closes. */
static void set_game(repl *r, game *g)
{
    for (int seat = 1; seat <= MAX_BOTS; seat++) bot_reset(r->bots[seat]);   /* another game */
    game *old = r->g;
    r->g = g;
    luaprompt_bind(r);
    game_close(old);
    repl_changed(r);
    r->viewer = -1;
    for (int seat = 0; seat <= MAX_BOTS; seat++) r->since[seat] = game_position(g);
}

static bool c_quit(repl *r, const char *arg)
{
    (void)r; (void)arg;
    return false;
}

static bool c_help(repl *r, const char *arg)
{
    bool options = arg && !strcmp(arg, "options");
    if (!arg || strcmp(arg, game_name(r->g))) help_print(stdout, arg, repl_help_commands);
    if (options) printf("\n");
    if (options || (arg && !strcmp(arg, game_name(r->g))))      /* the game's own options */
        cli_print_options(stdout, r->vm, game_name(r->g), game_variants(r->g), r->g);
    return true;
}

static bool c_moves(repl *r, const char *arg)
{
    (void)arg;
    repl_print_moves(r);
    return true;
}

static bool c_board(repl *r, const char *arg)
{
    (void)arg;
    repl_changed(r);
    return true;
}

static bool c_undo(repl *r, const char *arg)
{
    (void)arg;
    int was = game_position(r->g);
    const char *edit = was ? game_history_edit(r->g, was - 1) : NULL;
    if (!game_undo(r->g)) { printf("nothing to undo\n"); return true; }
    if (edit) {
        printf("undone: the edit %s (back to move %d)\n", edit, game_position(r->g));
        repl_changed(r);
        return true;
    }
    const char *why;
    /* step back over moves the REPL would replay by itself at once */
    while (game_position(r->g) > 0 && !game_history_edit(r->g, game_position(r->g) - 1)
           && repl_automatic(r, &why))
        game_undo(r->g);
    printf("undone: back to move %d\n", game_position(r->g));
    repl_changed(r);
    return true;
}

static bool c_redo(repl *r, const char *arg)
{
    (void)arg;
    int reader = repl_reader(r);
    if (game_position(r->g) >= game_history_length(r->g) && !game_pending(r->g)) {
        printf("nothing to redo\n");
        return true;
    }
    if (!game_redo(r->g)) { repl_error(r, "cannot redo: %s", game_error(r->g)); return true; }
    int at = game_position(r->g);
    const char *edit = game_history_edit(r->g, at - 1);
    if (edit) printf("redone: the edit %s (move %d)\n", edit, at);
    else printf("redone: move %d\n", at);
    repl_print_said(game_entry_said(r->g, at - 1), reader, 2);
    r->shown = false;
    return true;
}

/* The history so far: each move (or edit) and what the rules said then,
 * as the seat on the screen may read it; then the redo tail, if any. */
static bool c_log(repl *r, const char *arg)
{
    (void)arg;
    int n = game_position(r->g), reader = repl_reader(r);
    repl_print_said(game_entry_said(r->g, -1), reader, 6);
    if (n == 0) printf("no moves yet\n");
    for (int i = 0; i < n; i++) {
        char text[GAME_MAX_EDIT + 1];
        int actor = 0;
        const char *edit = game_history_edit(r->g, i);
        if (edit) printf("%4d. edit: %s\n", i + 1, edit);
        else {
            game_describe_past_for(r->g, i, reader, text, sizeof text, &actor);
            printf("%4d. seat %d: %s\n", i + 1, actor, text);
        }
        repl_print_said(game_entry_said(r->g, i), reader, 6);
    }
    int redo = game_history_length(r->g) - n + game_pending(r->g);
    if (redo) printf("      then %d move%s to redo\n", redo, redo == 1 ? "" : "s");
    return true;
}

static bool c_result(repl *r, const char *arg)
{
    (void)arg;
    repl_print_result(r);
    return true;
}

/* Write text to path whole or not at all (outfile.h): an interrupted or
 * failed save never destroys the previous file. */
static bool write_file_atomic(const char *path, const char *text, char *err, size_t errlen)
{
    return outfile_write(path, text, strlen(text), err, errlen);
}

static bool c_save(repl *r, const char *path)
{
    if (!*path) { repl_error(r, "usage: save FILE"); return true; }
    char err[1024];
    char *text = game_save_text(r->g);
    if (!text) { repl_error(r, "error: %s (nothing was written)", game_error(r->g)); return true; }
    int n = game_position(r->g);
    if (write_file_atomic(path, text, err, sizeof err)) printf("saved %d move%s to %s\n", n, n == 1 ? "" : "s", path);
    else repl_error(r, "error: %s", err);
    free(text);
    return true;
}

static bool c_load(repl *r, const char *path)
{
    if (!*path) { repl_error(r, "usage: load FILE"); return true; }
    char err[GAME_ERRLEN];
    char *text = cli_read_file(path, err, sizeof err);
    if (!text) { repl_error(r, "error: %s", err); return true; }
    game *g = game_load_text(r->vm, text, err, sizeof err);
    free(text);
    if (!g) { repl_error(r, "error: %s: %s (the game in progress is unchanged)", path, err); return true; }
    set_game(r, g);
    snprintf(r->o.variants, sizeof r->o.variants, "%s", game_variants(g));
    printf("loaded %s: %s, %d player%s, seed %llu, %d move%s\n", path, game_name(g), game_players(g),
           game_players(g) == 1 ? "" : "s", (unsigned long long)game_seed(g), game_position(g),
           game_position(g) == 1 ? "" : "s");
    if (game_load_note(g)[0]) printf("note: %s\n", game_load_note(g));
    return true;
}

/* `picture FILE.svg`: the position as the board was last shown (the same
 * seat's view), drawn from the components, written whole or not at all. */
static bool c_picture(repl *r, const char *path)
{
    if (!*path) { repl_error(r, "usage: picture FILE.svg"); return true; }
    int viewer = r->viewer > 0 && r->viewer <= game_players(r->g) ? r->viewer : 0;
    char who[32], status[128];
    if (viewer) snprintf(who, sizeof who, "seat %d", viewer);
    else snprintf(who, sizeof who, "an onlooker");
    snprintf(status, sizeof status, "after move %d, as %s sees it", game_position(r->g), who);
    char *svg = game_picture(r->g, viewer, status);
    if (!svg) { repl_error(r, "error: %s (nothing was written)", game_error(r->g)); return true; }
    char err[1024];
    if (write_file_atomic(path, svg, err, sizeof err)) printf("wrote %s: %s\n", path, status);
    else repl_error(r, "error: %s", err);
    free(svg);
    return true;
}

/* Re-read the rule scripts and replay the history, by its text, under the
 * new rules (game_reload). A move that no longer replays stops the replay
 * there: the game goes on from the move before it, and the moves from it
 * on wait as the redo tail, which the next reload replays again. */
static bool c_reload(repl *r, const char *arg)
{
    (void)arg;
    char err[GAME_ERRLEN];
    game_reload_report rep;
    game *g = game_reload(r->g, &rep, err, sizeof err);
    if (!g) { repl_error(r, "error: %s (still playing under the old rules)", err); return true; }
    set_game(r, g);
    int at = game_position(g), kept = game_history_length(g) - at + game_pending(g);
    if (rep.failed < 0) {
        printf("reloaded the rules and replayed %d move%s", rep.total, rep.total == 1 ? "" : "s");
        if (kept) printf(" (%d of them to redo, as before)", kept);
        printf("\n");
        return true;
    }
    char what[400];
    if (rep.edit) snprintf(what, sizeof what, "the edit %s", rep.text);
    else snprintf(what, sizeof what, "seat %d: %s", rep.actor, rep.text);
    repl_error(r, "reloaded the rules; move %d (%s) no longer replays: %s", rep.failed + 1, what, rep.why);
    if (rep.failed < rep.target)
        printf("the game goes on from move %d of %d under the new rules; the %d move%s from move %d on wait to\n"
               "be redone: fix the rules and reload (or redo, or play on, which drops them)\n",
               at, rep.target, kept, kept == 1 ? "" : "s", rep.failed + 1);
    else
        printf("the game stands at move %d as before; move %d and the %d after it wait to be redone\n", at,
               rep.failed + 1, kept - 1 - (rep.failed - at));
    return true;
}

/* `record FILE.lua`: the session so far as a scenario test (engine:
 * game_test_text), with the expect lines typed at the prompt that still
 * check the position they were typed at. */
static bool c_record(repl *r, const char *path)
{
    size_t plen = strlen(path);
    if (!*path || plen < 5 || strcmp(path + plen - 4, ".lua") != 0) {
        repl_error(r, "usage: record FILE.lua (a test grove test runs)");
        return true;
    }
    int n = game_position(r->g);
    game_check *checks = calloc((size_t)(r->nchecks ? r->nchecks : 1), sizeof *checks);
    if (!checks) { repl_error(r, "error: out of memory"); return true; }
    int kept = 0, stale = 0;
    for (int i = 0; i < r->nchecks; i++) {
        uint64_t h;
        if (r->checks[i].after <= n && game_hash_after(r->g, r->checks[i].after, &h) && h == r->checks[i].hash)
            checks[kept++] = (game_check){ r->checks[i].after, r->checks[i].code };
        else stale++;
    }
    const char *base = strrchr(path, '/');
    char *text = game_test_text(r->g, base ? base + 1 : path, checks, kept);
    free(checks);
    char err[1024];
    if (!text) { repl_error(r, "error: %s", game_error(r->g)); return true; }
    if (write_file_atomic(path, text, err, sizeof err)) {
        printf("recorded %d move%s and %d check%s to %s: grove test %s plays them again\n", n, n == 1 ? "" : "s",
               kept, kept == 1 ? "" : "s", path, path);
        if (stale) printf("(%d check%s typed at positions no longer in the history left out)\n", stale,
                          stale == 1 ? "" : "s");
    } else {
        repl_error(r, "error: %s", err);
    }
    free(text);
    return true;
}

static bool c_auto(repl *r, const char *arg)
{
    if (!strcmp(arg, "on")) r->auto_forced = true;
    else if (!strcmp(arg, "off")) r->auto_forced = false;
    else { printf("usage: auto on|off (now %s)\n", r->auto_forced ? "on" : "off"); return true; }
    printf("forced moves are %s\n", r->auto_forced ? "played by themselves" : "left to you");
    return true;
}

/* `sim [OPTIONS]` at the prompt: grove sim on this game (its players and
 * variants), 100 games unless -n or --sprt says otherwise; the game in progress is
 * not touched (the sim runs its own games, in its own VMs). */
static bool c_sim(repl *r, const char *args)
{
    /* the command line grove sim would get (cmd_sim takes char *argv[]) */
    char w_grove[] = "grove", w_sim[] = "sim", w_players[] = "--players", w_variant[] = "--variant",
         w_n[] = "-n", w_100[] = "100";
    char players[16], copy[512], name[64], variants[GAME_MAX_VARIANTS];
    snprintf(players, sizeof players, "%d", r->o.players);
    snprintf(copy, sizeof copy, "%s", args);
    snprintf(name, sizeof name, "%s", game_name(r->g));
    snprintf(variants, sizeof variants, "%s", game_variants(r->g));
    /* what a --sweep typed sets is left to it: the player count, or the option */
    char swept[64] = "";
    const char *sw = strstr(args, "--sweep");
    if (sw) {
        sw += strlen("--sweep");
        sw += strspn(sw, " \t");
        size_t k = strcspn(sw, "= \t");
        if (sw[k] == '=' && k < sizeof swept) snprintf(swept, sizeof swept, "%.*s", (int)k, sw);
    }
    char *argv[64 + 2 * GAME_MAX_SETTINGS];
    int argc = 0;
    argv[argc++] = w_grove;
    argv[argc++] = w_sim;
    argv[argc++] = name;
    if (strcmp(swept, "players")) {
        argv[argc++] = w_players;
        argv[argc++] = players;
    }
    if (variants[0]) { argv[argc++] = w_variant; argv[argc++] = variants; }
    /* the options this game plays with (a --set typed after them wins) */
    char w_set[] = "--set", sets[GAME_MAX_SETTINGS][sizeof(((game_setting *)0)->name) + sizeof(((game_setting *)0)->value)];
    game_settings changed;
    if (!game_options_values(r->g, true, &changed)) changed.n = 0;
    for (int i = 0; i < changed.n; i++) {
        if (!strcmp(changed.v[i].name, swept)) continue;
        snprintf(sets[i], sizeof sets[i], "%s=%s", changed.v[i].name, changed.v[i].value);
        argv[argc++] = w_set;
        argv[argc++] = sets[i];
    }
    bool count_given = false;
    char *save = NULL;
    for (char *w = strtok_r(copy, " \t", &save); w && argc < (int)(sizeof argv / sizeof argv[0]) - 3;
         w = strtok_r(NULL, " \t", &save)) {
        if (!strcmp(w, "-n") || !strcmp(w, "--sprt")) count_given = true;   /* --sprt: until it decides */
        argv[argc++] = w;
    }
    if (!count_given) { argv[argc++] = w_n; argv[argc++] = w_100; }
    argv[argc] = NULL;
    fflush(stdout);
    cmd_sim(argc, argv);
    fflush(stdout);
    fflush(stderr);
    return true;
}

#define ODDS_USAGE "usage: odds [-n SAMPLES] [--bot KIND] [--viewer SEAT] [--seed S] [N|turn|end] CONDITION"

/* The next word of *p (at most size - 1 bytes) into word, *p past it;
 * false at the end of the line. */
static bool next_word(const char **p, char *word, size_t size)
{
    *p += strspn(*p, " \t");
    size_t len = strcspn(*p, " \t");
    if (!len) return false;
    snprintf(word, size, "%.*s", (int)len, *p);
    *p += len;
    return true;
}

/* A whole number from lo to hi in text, into *out. */
static bool whole(const char *text, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end == text || *end || errno || v < lo || v > hi) return false;
    *out = v;
    return true;
}

/* `odds [OPTIONS] [N|turn|end] CONDITION`: the share of samples from here,
 * re-dealing what the seat on the screen cannot see and reseeding chance,
 * where the Lua condition holds N moves ahead (odds_run); the game is left
 * as it was. */
static bool c_odds(repl *r, const char *args)
{
    odds_spec spec;
    odds_spec_default(r->g, &spec);
    if (game_hidden(r->g)) spec.viewer = repl_reader(r);   /* never more than the screen shows */
    char word[64], player[BOT_NAMELEN * 2] = "random", ahead[16] = "turn";
    bool ahead_given = false;
    const char *p = args, *condition = args;
    for (;;) {
        condition = p + strspn(p, " \t");
        if (!next_word(&p, word, sizeof word)) break;
        bool takes = !strcmp(word, "-n") || !strcmp(word, "--samples") || !strcmp(word, "--bot")
                     || !strcmp(word, "--viewer") || !strcmp(word, "--seed");
        if (takes) {
            char value[sizeof player];
            long v;
            if (!next_word(&p, value, sizeof value)) {
                repl_error(r, "odds: %s needs a value (" ODDS_USAGE ")", word);
                return true;
            }
            if (!strcmp(word, "--bot")) snprintf(player, sizeof player, "%s", value);
            else if (!strcmp(word, "--viewer")) {
                if (!whole(value, 0, game_players(r->g), &v)) {
                    repl_error(r, "odds: --viewer %s: give a seat (1..%d, or 0 for an onlooker)", value,
                               game_players(r->g));
                    return true;
                }
                spec.viewer = (int)v;
            } else if (!strcmp(word, "--seed")) {
                char *end;
                errno = 0;
                unsigned long long seed = strtoull(value, &end, 10);
                if (end == value || *end || errno || value[0] == '-') {
                    repl_error(r, "odds: --seed %s: give a whole number", value);
                    return true;
                }
                spec.seed = seed;
            } else if (!whole(value, 1, ODDS_MAX_SAMPLES, &v)) {
                repl_error(r, "odds: %s %s: give a number of samples from 1 to %d", word, value, ODDS_MAX_SAMPLES);
                return true;
            } else {
                spec.samples = v;
            }
        } else if (word[0] == '-' && word[1] == '-' && word[2] && word[2] != ' ') {
            repl_error(r, "odds: no option %s (" ODDS_USAGE ")", word);
            return true;
        } else if (!ahead_given && (!strcmp(word, "turn") || !strcmp(word, "end") || (word[0] >= '0' && word[0] <= '9'))) {
            long v;
            if (!strcmp(word, "turn")) spec.moves = ODDS_TURN;
            else if (!strcmp(word, "end")) spec.moves = ODDS_END;
            else if (whole(word, 0, ODDS_MAX_MOVES, &v)) spec.moves = (int)v;
            else if (strspn(word, "0123456789") == strlen(word)) {
                repl_error(r, "odds: %s moves ahead: give 0 to %d, turn or end", word, ODDS_MAX_MOVES);
                return true;
            } else break;                               /* "3.5 > x": Lua, not moves */
            snprintf(ahead, sizeof ahead, "%s", word);
            ahead_given = true;
        } else {
            break;
        }
    }
    if (!*condition) {
        repl_error(r, ODDS_USAGE " (e.g. odds 3 s.hand1:count() >= 4, odds end winner == 1; help odds)");
        return true;
    }
    spec.bot = player;
    odds_result res;
    fflush(stdout);
    bool ok = odds_run(r->g, condition, &spec, &res);
    char said[512];
    odds_summary(r->g, &spec, &res, said, sizeof said);
    if (ok) printf("odds %s %s: %s\n", ahead, condition, said);
    else if (res.interrupted && res.samples > 0) printf("interrupted: odds %s %s: %s\n", ahead, condition, said);
    else if (res.interrupted) printf("interrupted: no sample was finished (the game is unchanged)\n");
    else repl_error(r, "error: %s (the game is unchanged)", game_error(r->g));
    return true;
}

/* `hint [KIND]`: what a bot (the default mcts unless KIND says) would play
 * for the seat to act, thinking from that seat's view only (bot_hint: it
 * re-deals what the seat cannot see), with how sure it is; the move is
 * not played and the game is left as it was. */
static bool c_hint(repl *r, const char *arg)
{
    int over = game_over(r->g);
    if (over < 0) { repl_error(r, "error: %s", game_error(r->g)); return true; }
    if (over) { repl_error(r, "the game is over: no move to hint (undo, load, or quit)"); return true; }
    int actor = game_actor(r->g);
    if (!actor) { repl_error(r, "error: %s", game_error(r->g)); return true; }
    if (!repl_may_list(r)) {
        repl_error(r, "no hint: seat %d's moves name what it holds, and the screen shows another seat's view", actor);
        return true;
    }
    bot_spec spec;
    char why[160];
    if (!bot_parse(*arg ? arg : BOT_HINT_KIND, &spec, why, sizeof why)) {
        repl_error(r, "hint: %s", why);
        return true;
    }
    char kind[BOT_NAMELEN];
    bot_name(&spec, kind, sizeof kind);
    int64_t m;
    bot_hint_info info;
    fflush(stdout);
    if (!bot_hint(r->g, &spec, bot_hint_seed(r->g), &m, &info)) {
        if (vm_cancelled()) printf("interrupted: no hint (the game is unchanged)\n");
        else repl_error(r, "error: the %s bot: %s (the game is unchanged)", kind, game_error(r->g));
        return true;
    }
    char text[256];
    game_describe_for(r->g, m, repl_reader(r), text, sizeof text);
    const int64_t *legal;
    int n = game_legal(r->g, &legal), number = 0;
    for (int i = 0; i < n && !number; i++)
        if (legal[i] == m) number = i + 1;
    printf("hint for seat %d: %s (move %d of the list): ", actor, text, number);
    if (info.legal == 1) printf("the only legal move\n");
    else if (info.total > 0)
        printf("the %s bot gave it %ld of %ld visits (%.0f%%)\n", kind, info.visits, info.total,
               100.0 * (double)info.visits / (double)info.total);
    else printf("the %s bot's choice\n", kind);
    return true;
}

/* `bot`: who plays each seat; `bot SEAT KIND`: a bot plays SEAT from now
 * on (its moves are played by themselves, as --bot's are); `bot SEAT off`:
 * a person plays it again. */
static bool c_bot(repl *r, const char *args)
{
    int players = game_players(r->g) < MAX_BOTS ? game_players(r->g) : MAX_BOTS;
    char word[32], kind[BOT_NAMELEN * 2], extra[8];
    const char *p = args;
    if (!next_word(&p, word, sizeof word)) {
        for (int seat = 1; seat <= players; seat++)
            if (repl_is_bot(r, seat)) printf("seat %d: the %s bot\n", seat, r->o.bots[seat]);
            else printf("seat %d: a person\n", seat);
        return true;
    }
    long seat;
    if (!whole(word, 1, players, &seat) || !next_word(&p, kind, sizeof kind) || next_word(&p, extra, sizeof extra)) {
        repl_error(r, "usage: bot SEAT KIND (random, greedy, mcts, mcts:500 ...) or bot SEAT off, SEAT 1..%d", players);
        return true;
    }
    if (!strcmp(kind, "off")) {
        if (!repl_is_bot(r, (int)seat)) { printf("seat %ld is a person's already\n", seat); return true; }
        bot_free(r->bots[seat]);
        r->bots[seat] = NULL;
        r->o.bots[seat][0] = '\0';
        r->noted[seat] = false;
        printf("seat %ld: a person plays it from now on\n", seat);
    } else {
        bot_spec spec;
        char why[160];
        if (!bot_parse(kind, &spec, why, sizeof why)) { repl_error(r, "bot %ld: %s", seat, why); return true; }
        bot *b = bot_new(&spec);
        if (!b) { repl_error(r, "error: out of memory"); return true; }
        bot_free(r->bots[seat]);
        r->bots[seat] = b;
        r->o.bot[seat] = spec;
        bot_name(&spec, r->o.bots[seat], sizeof r->o.bots[seat]);
        r->noted[seat] = false;
        printf("seat %ld: the %s bot plays it from now on\n", seat, r->o.bots[seat]);
    }
    repl_changed(r);
    return true;
}

/* ---- the table ------------------------------------------------------------------------ */

const repl_command repl_commands[] = {
    { "moves", NULL, NULL, false, "list the legal moves", c_moves },
    { "board", "show", NULL, false, "show the board again", c_board },
    { "undo", NULL, NULL, false, "take back a move (and the bot and forced moves after it)", c_undo },
    { "redo", NULL, NULL, false, "replay a move taken back", c_redo },
    { "log", NULL, NULL, false, "the moves so far, with what the rules did by themselves", c_log },
    { "result", "score", NULL, false, "the final ranks and scores, once the game is over", c_result },
    { "save", NULL, "FILE", true, "save the game (its moves, edits and redo tail)", c_save },
    { "picture", NULL, "FILE.svg", true,
      "draw the position as a picture (SVG), as the board was last shown:\n"
      "the same seat's view, no card it may not see", c_picture },
    { "load", NULL, "FILE", true, "load a saved game (grove play --from FILE starts from one)", c_load },
    { "reload", NULL, NULL, false,
      "re-read the rule files and replay the moves so far; a move that\n"
      "no longer plays stops the replay there, and it and the moves after\n"
      "it wait to be redone: fix the rules and reload again", c_reload },
    { "record", NULL, "FILE.lua", true,
      "write the session so far as a test for grove test: the moves and\n"
      "edits, the state's hash after each, and the expect lines typed", c_record },
    { "auto", NULL, "on|off", true, "play forced (single-option) moves by themselves", c_auto },
    { "odds", NULL, "[N] COND", true,
      "how often the Lua condition holds N moves ahead (default: at\n"
      "the end of the turn; end: of the game), re-dealing what you\n"
      "cannot see, with random play: odds 3 s.hand1:count() >= 4,\n"
      "odds end winner == 1 (-n SAMPLES, --bot KIND ...: help odds)", c_odds },
    { "hint", NULL, "[KIND]", true,
      "what the mcts bot (or KIND) would play for the seat to act, from\n"
      "that seat's view only, and the share of its visits the move got", c_hint },
    { "bot", NULL, "SEAT KIND|off", true,
      "a bot (random, greedy, mcts, mcts:500 ...) plays SEAT from now on;\n"
      "bot SEAT off: a person again; bot alone: who plays each seat", c_bot },
    { "sim", NULL, "[OPTIONS]", true,
      "bot games of this game, its variants and options: sim -n 500 --bots mcts,random\n"
      "(100 games by default, or until --sprt decides; the options of grove sim --help)", c_sim },
    { "help", "?", "[TOPIC]", true, "this text, or a topic: help topics lists them;\n"
      "help GAME: the game's options", c_help },
    { "quit", "exit q", NULL, false, "leave (also Ctrl-D, or Ctrl-C twice at an empty prompt)", c_quit },
    { NULL, NULL, NULL, false, NULL, NULL },
};

/* Is `word` the command's name or one of its aliases? */
static bool names(const repl_command *c, const char *word)
{
    if (!strcmp(word, c->name)) return true;
    size_t n = strlen(word);
    for (const char *a = c->aliases; a && *a; ) {
        const char *end = strchr(a, ' ');
        size_t len = end ? (size_t)(end - a) : strlen(a);
        if (len == n && !strncmp(a, word, n)) return true;
        a += len;
        while (*a == ' ') a++;
    }
    return false;
}

const repl_command *repl_command_of(const char *line, const char **arg)
{
    char word[32] = "";
    sscanf(line, "%31s", word);
    const char *rest = line + strlen(word);
    while (*rest == ' ') rest++;
    for (const repl_command *c = repl_commands; c->name; c++) {
        if (!names(c, word)) continue;
        if (!c->takes_args && *rest) return NULL;   /* "undo 3": a move or Lua, not undo */
        *arg = rest;
        return c;
    }
    return NULL;
}

void repl_help_commands(FILE *out)
{
    fputs("At the prompt:\n"
          "  N               play legal move number N\n"
          "  MOVE TEXT       play a move by its text (e.g. 'move b3'); Tab completes\n", out);
    for (const repl_command *c = repl_commands; c->name; c++) {
        /* "quit, exit, q", "save FILE" */
        char head[64];
        size_t n = (size_t)snprintf(head, sizeof head, "%s", c->name);
        for (const char *a = c->aliases; a && *a && n < sizeof head; ) {
            size_t len = strcspn(a, " ");
            n += (size_t)snprintf(head + n, sizeof head - n, ", %.*s", (int)len, a);
            a += len;
            while (*a == ' ') a++;
        }
        if (c->args && n < sizeof head) snprintf(head + n, sizeof head - n, " %s", c->args);
        fprintf(out, "  %-15s ", head);
        for (const char *p = c->help; *p; p++) {
            fputc(*p, out);
            if (*p == '\n') fprintf(out, "  %-15s ", "");
        }
        fputc('\n', out);
    }
    fputs("  anything else   Lua, evaluated against the live game: `game` is the Game,\n"
          "                  `s` its State (e.g. s.board:get(\"c3\", \"tree\")); a Lua line that\n"
          "                  fails, or leaves a var holding a non-integer, changes nothing\n"
          "  Ctrl-C          stop a move, Lua, a bot or a sim that runs too long\n", out);
}
