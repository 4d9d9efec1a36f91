/*
 * play.c — `grove play`: the REPL on one game (session.h lists its files).
 *
 * Each prompt shows the board for the seat to act and the numbered legal
 * moves. A line is, in this order: a command (the table in commands.c), a
 * move number, a move text, or Lua evaluated against the live game
 * (luaprompt.c). Bots and forced moves play themselves.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api.h"
#include "session.h"

/* ---- the hand-over ------------------------------------------------------------ */

/* Clear the terminal, its scrollback too (\e[3J), so nothing of the last
 * player's view can be scrolled back to. */
static void clear_screen(void)
{
    printf("\033[H\033[2J\033[3J");
    fflush(stdout);
}

/* The moves played since `seat` last gave up the keyboard, and what the
 * rules said then, as it may read them: the echoes it missed were cleared
 * with the last player's view. */
static void print_since(repl *r, int seat)
{
    int now = game_position(r->g);
    int from = r->since[seat] < now ? r->since[seat] : now;
    if (from == now) return;
    printf("Since your last turn:\n");
    for (int i = from; i < now; i++) {
        char text[256];
        int actor = 0;
        const char *edit = game_history_edit(r->g, i);
        if (edit) printf("%4d. edit: %s\n", i + 1, edit);
        else {
            game_describe_past_for(r->g, i, seat, text, sizeof text, &actor);
            printf("%4d. seat %d: ", i + 1, actor);
            repl_put_text(text, strlen(text), 0);
            putchar('\n');
        }
        repl_print_said(game_entry_said(r->g, i), seat, 6);     /* what the rules said, as it may read it */
    }
}

/* Between two people sharing the keyboard in a hidden-card game: clear
 * the last player's view off the screen (on a terminal: the screen, its
 * scrollback and the line history), say whose turn it is, wait for them,
 * then show them what happened since their last turn, as they may read
 * it, before their view. A Ctrl-C while waiting says how to quit; a second
 * one, or Ctrl-D, quits (returns false). */
static bool hand_over(repl *r, int viewer)
{
    int first;
    if (viewer == r->viewer || viewer == 0 || repl_people(r, &first) < 2 || !game_hidden(r->g)) {
        r->viewer = viewer;
        return true;
    }
    if (r->tty) {
        clear_screen();                 /* the last hand is no one else's business */
        lineedit_forget();
    }
    if (r->holder > 0) r->since[r->holder] = game_position(r->g);
    printf("Seat %d to play: pass the keyboard to seat %d%s\n", viewer, viewer,
           r->tty ? " and press Enter." : ".");
    while (r->tty) {
        char *line = NULL;
        read_result got = lineedit_read_tty("", false, &line);
        free(line);
        if (got == READ_LINE) break;
        if (got == READ_EOF) return false;
        repl_sigint_clear();
        if (r->warned_quit) return false;
        printf("(to quit: Ctrl-C again or Ctrl-D; Enter shows seat %d's view)\n", viewer);
        r->warned_quit = true;
    }
    r->warned_quit = false;
    r->viewer = r->holder = viewer;
    print_since(r, viewer);
    return true;
}

/* ---- showing the game ---------------------------------------------------------- */

/* Does a redo tail wait (undone moves, or moves a reload could not
 * replay)? Then nothing plays by itself: a move played drops the tail. */
static bool tail_waits(repl *r)
{
    return game_position(r->g) < game_history_length(r->g) || game_pending(r->g) > 0;
}

/* Show the position (after a hand-over between people, in hidden-card
 * games); false when a person quit at the hand-over. */
static bool show(repl *r)
{
    int over = game_over(r->g);
    if (over < 0) { repl_error(r, "error: %s", game_error(r->g)); r->shown = true; return true; }
    int actor = over ? 0 : game_actor(r->g);
    int viewer = repl_view_for(r, actor);
    if (!hand_over(r, viewer)) return false;
    char *board = game_render(r->g, viewer);
    if (board) { repl_put_text(board, strlen(board), TERMTEXT_NEWLINE | TERMTEXT_SGR); putchar('\n'); }
    else repl_error(r, "error: %s", game_error(r->g));
    free(board);
    if (over) {
        if (!r->result_shown) {
            printf("Game over after %d move%s. ", game_position(r->g), game_position(r->g) == 1 ? "" : "s");
            repl_print_result(r);
            r->result_shown = true;
        }
    } else {
        printf("Seat %d to play:\n", actor);
        repl_print_moves(r);
        const char *why;
        if (tail_waits(r) && repl_automatic(r, &why)) {
            int n = game_history_length(r->g) - game_position(r->g) + game_pending(r->g);
            printf("(%d move%s wait%s to be redone, so the %s move is not played by itself: redo replays the "
                   "next, a move played drops them)\n", n, n == 1 ? "" : "s", n == 1 ? "s" : "", why);
        }
    }
    r->shown = true;
    return true;
}

/* ---- playing -------------------------------------------------------------------- */

/* Play m for the actor, saying so, as the reader may read it, when it was
 * not typed; then what the rules did by themselves (s:say), as the reader
 * may read it. */
static bool play(repl *r, int64_t m, const char *why)
{
    char text[256];
    int actor = game_actor(r->g);
    int reader = repl_reader(r);
    if (why) game_describe_for(r->g, m, reader, text, sizeof text);
    if (!game_apply(r->g, m, true, true)) {
        repl_error(r, "error: %s", game_error(r->g));
        return false;
    }
    if (why) {
        printf("seat %d: ", actor);
        repl_put_text(text, strlen(text), 0);
        printf(" (%s)\n", why);
    }
    for (int seat = 1; seat <= MAX_BOTS; seat++) bot_observe(r->bots[seat], m);
    repl_print_said(game_said_now(r->g), reader, 2);
    repl_changed(r);
    return true;
}

/* Show the board between automatic turns: the position a chain of bot or
 * forced moves reached when the turn passes within it, for the seat on the
 * screen (no hand-over: nobody decides here). */
static void show_between(repl *r)
{
    char *board = game_render(r->g, repl_reader(r));
    if (board) { repl_put_text(board, strlen(board), TERMTEXT_NEWLINE | TERMTEXT_SGR); putchar('\n'); }
    else repl_error(r, "error: %s", game_error(r->g));
    free(board);
}

/* Say a bot thinks, on a terminal, until it moves (the line is then
 * cleared: the move itself is printed). */
static void thinking(repl *r, int seat, bool on)
{
    if (!isatty(STDOUT_FILENO)) return;
    if (on) printf("seat %d (%s) is thinking... (Ctrl-C stops it)", seat, r->o.bots[seat]);
    else printf("\r\033[K");
    fflush(stdout);
}

/* Play bot and forced moves until a person must decide; when the turn
 * passes from one automatic move to another seat's, show the board first,
 * so no position runs off the screen unseen. */
static void run_automatic(repl *r)
{
    const char *why;
    int last = 0;                           /* the seat of the last automatic move */
    for (int guard = 0; guard < 100000 && !tail_waits(r) && repl_automatic(r, &why); guard++) {
        const int64_t *legal;
        int n = game_legal(r->g, &legal);
        if (n < 0) { repl_error(r, "error: %s", game_error(r->g)); return; }
        int64_t m = legal[0];
        int actor = game_actor(r->g);
        if (last && actor != last) show_between(r);
        last = actor;
        if (n > 1 && repl_is_bot(r, actor)) {
            uint64_t seed = ((uint64_t)rng_next(&r->bot_rng) << 32) | rng_next(&r->bot_rng);
            fflush(stdout);             /* the board and prompt before the bot thinks */
            bot_stats st;
            thinking(r, actor, true);
            bool chose = bot_move(r->bots[actor], r->g, seed, &m, &st);
            thinking(r, actor, false);
            if (!chose) {
                if (vm_cancelled()) {
                    printf("interrupted: the %s bot of seat %d stopped thinking; press Enter to let it "
                           "move, or type a command (undo, save, quit)\n", r->o.bots[actor], actor);
                    r->paused = true;
                    r->shown = true;
                } else {
                    repl_error(r, "error: the %s bot of seat %d: %s", r->o.bots[actor], actor, game_error(r->g));
                }
                return;
            }
            const char *note = bot_note(r->bots[actor]);
            if (note[0] && !r->noted[actor]) {
                printf("note: the %s bot of seat %d thinks on %d thread%s: %s\n", r->o.bots[actor], actor,
                       st.threads, st.threads == 1 ? "" : "s", note);
                r->noted[actor] = true;
            }
        }
        if (!play(r, m, why)) return;
    }
}

/* ---- one line ------------------------------------------------------------------------- */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) s[--n] = '\0';
    return s;
}

/* Lua, possibly over several lines, starting with `first`. */
static void run_lua(repl *r, const char *first)
{
    char syntax[1024];
    size_t len = strlen(first);
    char *code = malloc(len + 1);
    if (!code) return;
    memcpy(code, first, len + 1);
    for (;;) {
        int st = luaprompt_eval(r, code, syntax, sizeof syntax);
        if (st == 1) break;
        if (st < 0) {
            if (!strchr(code, '\n'))
                repl_error(r, "not a command, a move or Lua: '%s' (type 'help' for the commands, 'moves' "
                           "for the legal moves)", first);
            else
                repl_error(r, "error: %s", syntax);
            break;
        }
        char *more = lineedit_line(r, ">> ");
        if (!more) { printf("(the unfinished Lua is dropped)\n"); break; }
        size_t ml = strlen(more);
        char *nc = realloc(code, len + ml + 2);
        if (!nc) { free(more); break; }
        code = nc;
        code[len] = '\n';
        memcpy(code + len + 1, more, ml + 1);
        len += ml + 1;
        free(more);
    }
    free(code);
}

/* Handle one line: a command, a move number, a move text, or Lua; returns
 * false to quit. */
static bool handle_line(repl *r, char *line)
{
    char *cmd = trim(line);
    if (!*cmd) { r->shown = false; return true; }
    const char *arg;
    const repl_command *c = repl_command_of(cmd, &arg);
    if (c) return c->run(r, arg);
    /* a move number */
    char *end;
    long n = strtol(cmd, &end, 10);
    if (end != cmd && *end == '\0') {
        const int64_t *legal;
        int nlegal = game_legal(r->g, &legal);
        if (nlegal < 0) { repl_error(r, "error: %s", game_error(r->g)); return true; }
        if (nlegal == 0) { repl_error(r, "the game is over: no moves (undo, load, or quit)"); return true; }
        if (n < 1 || n > nlegal) { repl_error(r, "no move %ld: choose 1..%d", n, nlegal); return true; }
        play(r, legal[n - 1], NULL);
        return true;
    }
    /* a move text; a move of the game that is not legal now gets its reason */
    int64_t m;
    if (game_parse(r->g, cmd, &m)) { play(r, m, NULL); return true; }
    char why[GAME_ERRLEN];
    int refused = game_refusal_for(r->g, cmd, repl_reader(r), why, sizeof why);
    if (refused < 0) repl_error(r, "error: %s", game_error(r->g));
    else if (refused) repl_error(r, "refused '%s': %s", cmd, why);
    else run_lua(r, cmd);
    return true;
}

/* Open the session's game: a new one, or the one a save file holds
 * (--from), which must agree with what the command line says of it.
 * NULL with err ("" when said already) and the exit status in *status:
 * 2 for what the command line got wrong (cli_check_game), else 1. */
static game *open_session_game(repl *r, char *err, size_t errlen, int *status)
{
    *status = 2;
    if (!r->o.from) {
        err[0] = '\0';
        if ((*status = cli_check_game(r->vm, "grove", r->o.game, r->o.variants, r->o.players, &r->o.set))) return NULL;
        *status = 1;
        if (!r->o.players) r->o.players = cli_default_players(r->vm, r->o.game, r->o.variants);
        if (!r->o.players) return NULL;
        return game_open_with(r->vm, r->o.game, r->o.variants, r->o.players, r->o.seed, &r->o.set, err, errlen);
    }
    if (r->o.set.n > 0) {
        snprintf(err, errlen, "--from %s: the file holds the options it was played with (leave --set out)", r->o.from);
        return NULL;
    }
    *status = 1;
    char *text = cli_read_file(r->o.from, err, errlen);
    if (!text) return NULL;
    char why[GAME_ERRLEN];
    game *g = game_load_text(r->vm, text, why, sizeof why);
    free(text);
    if (!g) { snprintf(err, errlen, "--from %s: %s", r->o.from, why); return NULL; }
    const char *differs = NULL;
    if (r->o.game && strcmp(r->o.game, game_name(g)) != 0) differs = "game";
    else if (r->o.players && r->o.players != game_players(g)) differs = "player count";
    else if (r->o.seed_given && r->o.seed != game_seed(g)) differs = "seed";
    else if (r->o.variants[0] && strcmp(r->o.variants, game_variants(g)) != 0) differs = "variants";
    if (differs) {
        snprintf(err, errlen, "--from %s: the file holds %s, %d players, seed %llu%s%s; the command line asks for "
                 "another %s (leave it out: the file says it)", r->o.from, game_name(g), game_players(g),
                 (unsigned long long)game_seed(g), game_variants(g)[0] ? ", variants " : "", game_variants(g), differs);
        game_close(g);
        *status = 2;
        return NULL;
    }
    r->o.players = game_players(g);
    r->o.seed = game_seed(g);
    snprintf(r->o.variants, sizeof r->o.variants, "%s", game_variants(g));
    return g;
}

int play_session(const cli_opts *opts, FILE *in)
{
    repl r = { 0 };
    r.o = *opts;
    r.vm = cli_vm();
    if (!r.vm) return 1;
    char err[GAME_ERRLEN];
    int status;
    r.g = open_session_game(&r, err, sizeof err, &status);
    if (!r.g) {
        if (err[0]) fprintf(stderr, "grove: %s\n", err);
        vm_free(r.vm);
        return status;
    }
    for (int seat = r.o.players + 1; seat <= MAX_BOTS; seat++)
        if (r.o.bots[seat][0]) {
            fprintf(stderr, "grove: --bot %d: the game has only %d seats\n", seat, r.o.players);
            game_close(r.g); vm_free(r.vm); return 2;
        }
    for (int seat = 1; seat <= r.o.players; seat++)
        if (r.o.bots[seat][0] && !(r.bots[seat] = bot_new(&r.o.bot[seat]))) {
            fprintf(stderr, "grove: out of memory\n");
            for (int k = 1; k < seat; k++) bot_free(r.bots[k]);
            game_close(r.g); vm_free(r.vm); return 1;
        }
    rng_seed(&r.bot_rng, r.o.seed, 0x626f74);   /* "bot" */
    r.viewer = -1;
    r.in = in;
    r.tty = in == stdin && isatty(STDIN_FILENO);
    r.auto_forced = true;
    luaprompt_open(&r);
    game_settings changed;              /* the options set away from their defaults */
    char options[512] = "";
    if (game_options_values(r.g, true, &changed)) game_settings_text(&changed, options, sizeof options);
    printf("grove %s: %s, %d player%s, seed %llu%s%s%s%s. Type 'help' for commands.\n", GROVE_VERSION,
           game_name(r.g), r.o.players, r.o.players == 1 ? "" : "s", (unsigned long long)r.o.seed,
           game_variants(r.g)[0] ? ", variants " : "", game_variants(r.g),   /* with one a player count brings */
           options[0] ? ", options " : "", options);
    if (r.o.from) {
        printf("from %s: %d move%s played\n", r.o.from, game_position(r.g), game_position(r.g) == 1 ? "" : "s");
        if (game_load_note(r.g)[0]) {
            printf("note: ");
            repl_put_text(game_load_note(r.g), strlen(game_load_note(r.g)), TERMTEXT_NEWLINE);
            putchar('\n');
        }
    } else {
        repl_print_said(game_entry_said(r.g, -1), repl_reader(&r), 2);
    }
    lineedit_open(&r);
    cli_session(true);                  /* a sim typed here starts from this game's options */
    for (;;) {
        if (!r.paused) run_automatic(&r);
        if (vm_cancelled()) repl_sigint_clear();    /* a Ctrl-C stopped the bots: show the game */
        if (!r.shown && !show(&r)) break;
        repl_sigint_clear();            /* a Ctrl-C that stopped the work above is done with */
        int over = game_over(r.g);
        int actor = over == 0 ? game_actor(r.g) : 0;
        char prompt[128];
        if (actor) snprintf(prompt, sizeof prompt, "%s seat %d> ", game_name(r.g), actor);
        else snprintf(prompt, sizeof prompt, "%s> ", game_name(r.g));
        char *line;
        read_result got = lineedit_read(&r, prompt, true, &line);
        if (got == READ_EOF) { if (r.tty) printf("\n"); break; }
        if (got == READ_SIGINT_EMPTY || got == READ_SIGINT_TEXT) {
            repl_sigint_clear();
            if (got == READ_SIGINT_TEXT) continue;          /* the line typed is dropped */
            if (r.warned_quit) break;
            printf("(to quit: Ctrl-C again, Ctrl-D or 'quit')\n");
            r.warned_quit = true;
            continue;
        }
        r.warned_quit = false;
        /* a stopped bot moves again on Enter, or once the position changed */
        bool resume = !*trim(line);
        uint64_t before = 0, after = 0;
        if (r.paused) game_hash(r.g, &before);
        bool go = handle_line(&r, line);
        if (vm_cancelled()) repl_sigint_clear();    /* the line's work was stopped: done with it */
        if (r.paused && (resume || !game_hash(r.g, &after) || after != before)) r.paused = false;
        free(line);
        if (!go) break;
    }
    cli_session(false);
    lineedit_close();
    luaprompt_close(&r);
    for (int seat = 1; seat <= MAX_BOTS; seat++) bot_free(r.bots[seat]);
    game_close(r.g);
    vm_free(r.vm);
    for (int i = 0; i < r.nchecks; i++) free(r.checks[i].code);
    free(r.checks);
    fflush(stdout);
    if (r.errors && !r.tty) {
        /* a session file that guards a rule fails when a line of it did */
        textbuf first = { 0 };          /* it may quote a script's error: shown safely */
        termtext_escape(&first, r.first_error, strlen(r.first_error), TERMTEXT_NEWLINE);
        fprintf(stderr, "grove: %d line%s of the session failed; the first: %s\n", r.errors,
                r.errors == 1 ? "" : "s", first.p && !first.oom ? first.p : "(out of memory)");
        free(first.p);
        return 1;
    }
    return 0;
}

static const char usage[] =
    "usage: grove play GAME [--players N] [--seed S] [--variant A,B] [--bot SEAT=KIND]...\n"
    "                  [--set NAME=VALUE]... [--ascii] [--from FILE]\n"
    "  Play GAME at the REPL: type a move, its number, a command or Lua ('help' there).\n"
    "  --players N        the seats (default: the game's usual count; grove list shows them)\n"
    "  --seed S           the seed of the game's chance (default 1)\n"
    "  --variant A,B      variants, comma-separated (grove list shows them)\n"
    "  --bot SEAT=KIND    a bot plays SEAT: random, greedy, mcts, mcts:ITERATIONS, mcts:SECONDSs\n"
    "  --set NAME=VALUE   a game option (grove list --options GAME lists them)\n"
    "  --ascii            plain ASCII boards, whatever the terminal\n"
    "  --from FILE        start from a save (made with save FILE at the REPL); GAME, the\n"
    "                     player count, seed, variants and options come from the file\n";

static int cmd_play(int argc, char **argv)
{
    cli_opts o = { 0 };
    o.seed = 1;
    if (!cli_parse_opts(argc, argv, 2, &o, false)) return 2;
    if (!o.game && !o.from) {
        fprintf(stderr, "usage: grove play GAME [--players N] [--seed S] [--variant A,B] [--bot SEAT=KIND]... "
                        "[--ascii] [--from FILE]\n");
        return 2;
    }
    if (o.ascii) {
        bool color, unicode;
        api_display(&color, &unicode);
        api_set_display(color, false);
    }
    return play_session(&o, stdin);
}

/* `grove play`: its row of the table of subcommands (main.c). */
const cli_command command_play = {
    .name = "play",
    .synopsis =
        "  grove play GAME [--players N] [--seed S] [--variant A,B] [--bot SEAT=KIND]...\n"
        "            [--set NAME=VALUE]... [--ascii] [--from FILE]\n"
        "                          play at the REPL (type 'help' there); --from starts from a save\n",
    .usage = usage,
    .run = cmd_play,
};
