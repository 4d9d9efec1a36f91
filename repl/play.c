/*
 * play.c — `grove play`: the REPL on one game (repl.h lists its files).
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
#include "repl.h"

void repl_changed(repl *r)
{
    r->shown = false;
    r->result_shown = false;
}

void repl_set_game(repl *r, game *g)
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

/* ---- who may see what --------------------------------------------------------- */

static bool is_bot(const repl *r, int seat)
{
    return seat >= 1 && seat <= MAX_BOTS && r->o.bots[seat][0];
}

/* The seats a person plays, and the first of them. */
static int people(const repl *r, int *first)
{
    int n = 0;
    *first = 0;
    for (int seat = 1; seat <= game_players(r->g); seat++)
        if (!is_bot(r, seat)) {
            if (!n) *first = seat;
            n++;
        }
    return n;
}

/* Whose view to render: in a game without hidden cards, the actor's (every
 * view is the same); with hidden cards, the one person's seat when one
 * person plays against bots, the actor's when people share the keyboard,
 * an onlooker's (0) when bots play each other or the game is over. */
static int view_for(const repl *r, int actor)
{
    if (!game_hidden(r->g)) return actor;
    int first, n = people(r, &first);
    if (n == 1) return first;
    if (n == 0 || actor == 0) return 0;
    return is_bot(r, actor) ? 0 : actor;
}

int repl_reader(const repl *r)
{
    if (r->viewer >= 0) return r->viewer;
    int first, n = people(r, &first);
    return n == 1 ? first : 0;
}

/* Clear the terminal, its scrollback too (\e[3J), so nothing of the last
 * player's view can be scrolled back to. */
static void clear_screen(void)
{
    printf("\033[H\033[2J\033[3J");
    fflush(stdout);
}

/* The moves played since `seat` last gave up the keyboard, as it may read
 * them: the echoes it missed were cleared with the last player's view. */
static void print_since(repl *r, int seat)
{
    int now = game_position(r->g);
    int from = r->since[seat] < now ? r->since[seat] : now;
    if (from == now) return;
    printf("Since your last turn:\n");
    for (int i = from; i < now; i++) {
        char text[256];
        int actor = 0;
        game_describe_past_for(r->g, i, seat, text, sizeof text, &actor);
        printf("%4d. seat %d: %s\n", i + 1, actor, text);
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
    if (viewer == r->viewer || viewer == 0 || people(r, &first) < 2 || !game_hidden(r->g)) {
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

bool repl_may_list(repl *r)
{
    if (!game_hidden(r->g)) return true;
    int over = game_over(r->g);
    return over != 0 || game_actor(r->g) == repl_reader(r);
}

void repl_print_moves(repl *r)
{
    if (!repl_may_list(r)) {
        int actor = game_actor(r->g);
        printf("(seat %d's moves are not listed to %s: they could name cards only seat %d may see)\n", actor,
               repl_reader(r) ? "another seat" : "an onlooker", actor);
        return;
    }
    const int64_t *legal;
    int n = game_legal(r->g, &legal);
    if (n < 0) { printf("error: %s\n", game_error(r->g)); return; }
    int64_t *copy = malloc(sizeof(int64_t) * (size_t)(n + 1));
    if (!copy) return;
    memcpy(copy, legal, sizeof(int64_t) * (size_t)n);
    int reader = repl_reader(r);
    int col = 0;
    for (int i = 0; i < n; i++) {
        char text[256], item[300];
        game_describe_for(r->g, copy[i], reader, text, sizeof text);
        int w = snprintf(item, sizeof item, "%3d. %-14s", i + 1, text);
        if (col + w > 78) { printf("\n"); col = 0; }
        printf("%s", item);
        col += w;
    }
    if (col) printf("\n");
    free(copy);
}

void repl_print_result(repl *r)
{
    int players = game_players(r->g);
    int *ranks = calloc((size_t)players, sizeof *ranks);
    char (*shown)[32] = calloc((size_t)players, sizeof *shown);
    game_result res = { .ranks = ranks, .shown = shown };
    if (!ranks || !shown) printf("error: out of memory\n");
    else if (!game_outcome(r->g, &res)) printf("error: %s\n", game_error(r->g));
    else if (!res.over) printf("no result yet: the game is still on\n");
    else {
        if (res.text[0]) printf("%s\n", res.text);
        if (res.has_scores) printf("  rank  seat  score\n");
        int last = players;         /* a rank past the seats: a solo game lost to the rival */
        for (int seat = 1; seat <= players; seat++)
            if (ranks[seat - 1] > last) last = ranks[seat - 1];
        for (int rank = 1; rank <= last && res.has_scores; rank++)
            for (int seat = 1; seat <= players; seat++)
                if (ranks[seat - 1] == rank) printf("  %4d  %4d  %5s\n", rank, seat, shown[seat - 1]);
    }
    free(ranks);
    free(shown);
}

/* Show the position (after a hand-over between people, in hidden-card
 * games); false when a person quit at the hand-over. */
static bool show(repl *r)
{
    int over = game_over(r->g);
    if (over < 0) { printf("error: %s\n", game_error(r->g)); r->shown = true; return true; }
    int actor = over ? 0 : game_actor(r->g);
    int viewer = view_for(r, actor);
    if (!hand_over(r, viewer)) return false;
    char *board = game_render(r->g, viewer);
    if (board) printf("%s\n", board);
    else printf("error: %s\n", game_error(r->g));
    free(board);
    if (over) {
        if (!r->result_shown) {
            printf("Game over after %d moves. ", game_position(r->g));
            repl_print_result(r);
            r->result_shown = true;
        }
    } else {
        printf("Seat %d to play:\n", actor);
        repl_print_moves(r);
    }
    r->shown = true;
    return true;
}

/* ---- playing -------------------------------------------------------------------- */

/* Play m for the actor, saying so, as the reader may read it, when it was
 * not typed. */
static bool play(repl *r, int64_t m, const char *why)
{
    char text[256];
    int actor = game_actor(r->g);
    if (why) game_describe_for(r->g, m, repl_reader(r), text, sizeof text);
    if (!game_apply(r->g, m, true, true)) {
        printf("error: %s\n", game_error(r->g));
        return false;
    }
    if (why) printf("seat %d: %s (%s)\n", actor, text, why);
    for (int seat = 1; seat <= MAX_BOTS; seat++) bot_observe(r->bots[seat], m);
    repl_changed(r);
    return true;
}

bool repl_automatic(repl *r, const char **why)
{
    const int64_t *legal;
    int n = game_legal(r->g, &legal);
    if (n <= 0) return false;
    int actor = game_actor(r->g);
    if (actor >= 1 && actor <= MAX_BOTS && r->o.bots[actor][0]) { *why = r->o.bots[actor]; return true; }
    if (r->auto_forced && n == 1) { *why = "forced"; return true; }
    return false;
}

/* Play bot and forced moves until a person must decide. */
static void run_automatic(repl *r)
{
    const char *why;
    for (int guard = 0; guard < 100000 && repl_automatic(r, &why); guard++) {
        const int64_t *legal;
        int n = game_legal(r->g, &legal);
        if (n < 0) { printf("error: %s\n", game_error(r->g)); return; }
        int64_t m = legal[0];
        int actor = game_actor(r->g);
        if (n > 1 && is_bot(r, actor)) {
            uint64_t seed = ((uint64_t)rng_next(&r->bot_rng) << 32) | rng_next(&r->bot_rng);
            fflush(stdout);             /* the board and prompt before the bot thinks */
            bot_stats st;
            if (!bot_move(r->bots[actor], r->g, seed, &m, &st)) {
                if (vm_cancelled()) {
                    printf("interrupted: the %s bot of seat %d stopped thinking; press Enter to let it "
                           "move, or type a command (undo, save, quit)\n", r->o.bots[actor], actor);
                    r->paused = true;
                    r->shown = true;
                } else {
                    printf("error: the %s bot of seat %d: %s\n", r->o.bots[actor], actor, game_error(r->g));
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

/* Lua, possibly over several lines, starting with `first`; move_err says
 * why it was no move, for a line that is no Lua either. */
static void run_lua(repl *r, const char *first, const char *move_err)
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
                printf("not a command, a legal move or Lua: %s\n  (type 'help', or 'moves' for the legal moves)\n", move_err);
            else
                printf("error: %s\n", syntax);
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
        if (nlegal < 0) { printf("error: %s\n", game_error(r->g)); return true; }
        if (nlegal == 0) { printf("the game is over: no moves (undo, load, or quit)\n"); return true; }
        if (n < 1 || n > nlegal) { printf("no move %ld: choose 1..%d\n", n, nlegal); return true; }
        play(r, legal[n - 1], NULL);
        return true;
    }
    /* a move text */
    int64_t m;
    if (game_parse(r->g, cmd, &m)) { play(r, m, NULL); return true; }
    char move_err[GAME_ERRLEN];
    snprintf(move_err, sizeof move_err, "%s", game_error(r->g));
    run_lua(r, cmd, move_err);
    return true;
}

int play_session(const cli_opts *opts, FILE *in)
{
    repl r = { 0 };
    r.o = *opts;
    r.vm = cli_vm();
    if (!r.vm) return 1;
    if (!r.o.players) r.o.players = cli_default_players(r.vm, r.o.game, r.o.variants);
    if (!r.o.players) { vm_free(r.vm); return 1; }
    char err[GAME_ERRLEN];
    r.g = game_open(r.vm, r.o.game, r.o.variants, r.o.players, r.o.seed, 0, err, sizeof err);
    if (!r.g) { fprintf(stderr, "grove: %s\n", err); vm_free(r.vm); return 1; }
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
    printf("grove %s: %s, %d player%s, seed %llu%s%s. Type 'help' for commands.\n", GROVE_VERSION,
           r.o.game, r.o.players, r.o.players == 1 ? "" : "s", (unsigned long long)r.o.seed,
           game_variants(r.g)[0] ? ", variants " : "", game_variants(r.g));   /* with one a player count brings */
    lineedit_open(&r);
    for (;;) {
        if (!r.paused) run_automatic(&r);
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
        if (r.paused && (resume || !game_hash(r.g, &after) || after != before)) r.paused = false;
        free(line);
        if (!go) break;
    }
    lineedit_close();
    luaprompt_close(&r);
    for (int seat = 1; seat <= MAX_BOTS; seat++) bot_free(r.bots[seat]);
    game_close(r.g);
    vm_free(r.vm);
    return 0;
}

int cmd_play(int argc, char **argv)
{
    cli_opts o = { 0 };
    o.seed = 1;
    if (!cli_parse_opts(argc, argv, 2, &o, false)) return 2;
    if (!o.game) { fprintf(stderr, "usage: grove play GAME [--players N] [--seed S] [--variant A,B] [--bot SEAT=KIND]... [--ascii]\n"); return 2; }
    if (o.ascii) {
        bool color, unicode;
        api_display(&color, &unicode);
        api_set_display(color, false);
    }
    return play_session(&o, stdin);
}
