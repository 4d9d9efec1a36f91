/*
 * commands.c — the REPL's commands: one table that the prompt dispatches
 * on, readline completes from and the help page lists, and each command's
 * function. A new command is a row of the table and its function.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "repl.h"

/* ---- the commands -------------------------------------------------------------- */

static bool c_quit(repl *r, const char *arg)
{
    (void)r; (void)arg;
    return false;
}

static bool c_help(repl *r, const char *arg)
{
    (void)r;
    help_print(stdout, arg);
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
    if (!game_undo(r->g)) { printf("nothing to undo\n"); return true; }
    const char *why;
    /* step back over moves the REPL would replay by itself at once */
    while (game_position(r->g) > 0 && repl_automatic(r, &why)) game_undo(r->g);
    printf("undone: back to move %d\n", game_position(r->g));
    repl_changed(r);
    return true;
}

static bool c_redo(repl *r, const char *arg)
{
    (void)arg;
    if (!game_redo(r->g)) printf("nothing to redo\n");
    else { printf("redone: move %d\n", game_position(r->g)); r->shown = false; }
    return true;
}

static bool c_log(repl *r, const char *arg)
{
    (void)arg;
    int n = game_position(r->g);
    if (n == 0) { printf("no moves yet\n"); return true; }
    int reader = repl_reader(r);
    for (int i = 0; i < n; i++) {
        char text[256];
        int actor = 0;
        game_describe_past_for(r->g, i, reader, text, sizeof text, &actor);
        printf("%4d. seat %d: %s\n", i + 1, actor, text);
    }
    return true;
}

static bool c_result(repl *r, const char *arg)
{
    (void)arg;
    repl_print_result(r);
    return true;
}

/* Write text to path through a temporary file and a rename, so an
 * interrupted save never destroys the previous file. */
static bool write_file_atomic(const char *path, const char *text, char *err, size_t errlen)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) { snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno)); return false; }
    size_t len = strlen(text);
    bool ok = fwrite(text, 1, len, f) == len;
    ok = fflush(f) == 0 && ok;
    ok = fsync(fileno(f)) == 0 && ok;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        remove(tmp);
        return false;
    }
    return true;
}

static char *read_file(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) { snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno)); return NULL; }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (len + 1 < cap) break;
        cap *= 2;
        char *nb = realloc(buf, cap);
        if (!nb) { free(buf); buf = NULL; break; }
        buf = nb;
    }
    fclose(f);
    if (!buf) { snprintf(err, errlen, "out of memory reading %s", path); return NULL; }
    buf[len] = '\0';
    if (strlen(buf) != len) { free(buf); snprintf(err, errlen, "%s is not a text file", path); return NULL; }
    return buf;
}

static bool c_save(repl *r, const char *path)
{
    if (!*path) { printf("usage: save FILE\n"); return true; }
    char err[1024];
    char *text = game_save_text(r->g);
    if (!text) { printf("error: out of memory while saving\n"); return true; }
    if (write_file_atomic(path, text, err, sizeof err)) printf("saved %d moves to %s\n", game_position(r->g), path);
    else printf("error: %s\n", err);
    free(text);
    return true;
}

static bool c_load(repl *r, const char *path)
{
    if (!*path) { printf("usage: load FILE\n"); return true; }
    char err[GAME_ERRLEN];
    char *text = read_file(path, err, sizeof err);
    if (!text) { printf("error: %s\n", err); return true; }
    game *g = game_load_text(r->vm, text, err, sizeof err);
    free(text);
    if (!g) { printf("error: %s: %s (the game in progress is unchanged)\n", path, err); return true; }
    repl_set_game(r, g);
    snprintf(r->o.variants, sizeof r->o.variants, "%s", game_variants(g));
    printf("loaded %s: %s, %d players, seed %llu, %d moves\n", path, game_name(g), game_players(g),
           (unsigned long long)game_seed(g), game_position(g));
    if (game_load_note(g)[0]) printf("note: %s\n", game_load_note(g));
    return true;
}

/* Re-read the rule scripts and replay the moves so far, by their text,
 * under the new rules. A move that no longer replays stops the replay
 * there: the game goes on under the new rules from the last move that did. */
static bool c_reload(repl *r, const char *arg)
{
    (void)arg;
    char err[GAME_ERRLEN];
    game *g = game_reopen(r->g, err, sizeof err);
    if (!g) { printf("error: %s (still playing under the old rules)\n", err); return true; }
    int total = game_position(r->g);
    for (int i = 0; i < total; i++) {
        char text[256];
        int actor = 0;
        int64_t m;
        if (!game_describe_past(r->g, i, text, sizeof text, &actor)) snprintf(text, sizeof text, "?");
        if (!game_parse(g, text, &m) || !game_apply(g, m, true, true)) {
            printf("reloaded the rules; move %d (seat %d: %s) no longer replays: %s\n"
                   "the game goes on from move %d of %d under the new rules\n",
                   i + 1, actor, text, game_error(g), i, total);
            repl_set_game(r, g);
            return true;
        }
    }
    repl_set_game(r, g);
    printf("reloaded the rules and replayed %d moves\n", total);
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
    char *argv[64];
    int argc = 0;
    argv[argc++] = w_grove;
    argv[argc++] = w_sim;
    argv[argc++] = name;
    argv[argc++] = w_players;
    argv[argc++] = players;
    if (variants[0]) { argv[argc++] = w_variant; argv[argc++] = variants; }
    bool count_given = false;
    char *save = NULL;
    for (char *w = strtok_r(copy, " \t", &save); w && argc < 62; w = strtok_r(NULL, " \t", &save)) {
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

/* ---- the table ------------------------------------------------------------------------ */

const repl_command repl_commands[] = {
    { "moves", NULL, NULL, false, "list the legal moves", c_moves },
    { "board", "show", NULL, false, "show the board again", c_board },
    { "undo", NULL, NULL, false, "take back a move (and the bot and forced moves after it)", c_undo },
    { "redo", NULL, NULL, false, "replay a move taken back", c_redo },
    { "log", NULL, NULL, false, "the moves so far", c_log },
    { "result", "score", NULL, false, "the score now", c_result },
    { "save", NULL, "FILE", true, "save the game", c_save },
    { "load", NULL, "FILE", true, "load a saved game", c_load },
    { "reload", NULL, NULL, false,
      "re-read the rule files and replay the moves so far; a move that\n"
      "no longer plays stops the replay there, under the new rules", c_reload },
    { "auto", NULL, "on|off", true, "play forced (single-option) moves by themselves", c_auto },
    { "sim", NULL, "[OPTIONS]", true,
      "bot games of this game and its variants: sim -n 500 --bots mcts,random\n"
      "(100 games by default, or until --sprt decides; the options of grove sim --help)", c_sim },
    { "help", "?", "[TOPIC]", true, "this text, or a topic: help topics lists them", c_help },
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
