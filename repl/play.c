/*
 * play.c — `grove play`: the REPL on one game.
 *
 * Each prompt shows the board for the seat to act and the numbered legal
 * moves. A line is, in this order: a REPL command (help, undo, save ...), a
 * move number, a move text, or Lua evaluated against the live game (`game`
 * is the Game, `s` its State). Bots and forced moves play themselves.
 * Reads a terminal with readline (history, tab completion of commands and
 * moves) or plain stdin, echoing each line so a scripted session reads as
 * a transcript.
 */
#include <ctype.h>
#include <errno.h>
#include <lauxlib.h>
#include <signal.h>
#include <sys/select.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "api.h"
#include "cli.h"
#include "lua_game.h"
#include "hidden.h"

typedef struct {
    grove_vm *vm;
    game *g;
    cli_opts o;
    int game_ref;           /* the Game object bound to `game` at the Lua prompt */
    int env_ref;            /* the Lua prompt's environment */
    FILE *in;               /* where lines come from (stdin, or a fuzzer's buffer) */
    bool tty;
    bool auto_forced;       /* play single-option moves by themselves */
    bool shown;             /* the board for this position was printed */
    bool result_shown;
    rng_t bot_rng;
    int viewer;             /* the seat whose view was last shown (hidden-card games) */
    bool paused;            /* Ctrl-C stopped a bot: it waits for the next line */
    bool warned_quit;       /* Ctrl-C at an empty prompt said how to quit */
} repl;

static repl *current_repl;      /* for readline's completion callback */

/* Ctrl-C. While work runs (a move, Lua, a bot, a sim) it stops that work:
 * every script in every VM is asked to stop, and the game stays as it was
 * before the work. At the prompt it drops the line being typed; twice in a
 * row at an empty prompt, it quits. */
static volatile sig_atomic_t got_sigint;

static void on_sigint(int sig)
{
    (void)sig;
    got_sigint = 1;
    vm_cancel_all();
}

/* Forget a Ctrl-C that has been dealt with. */
static void sigint_clear(void)
{
    got_sigint = 0;
    vm_cancel_clear();
}

/* ---- Lua prompt environment -------------------------------------------------- */

/* Bind `game` and `s` in the prompt's env to the current game. */
static void bind_env(repl *r)
{
    lua_State *L = r->vm->L;
    if (r->game_ref != LUA_NOREF) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, r->game_ref);
        lua_game_detach(L, -1);
        lua_pop(L, 1);
        luaL_unref(L, LUA_REGISTRYINDEX, r->game_ref);
    }
    lua_game_push(L, r->g, false);
    lua_pushvalue(L, -1);
    r->game_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->env_ref);
    lua_insert(L, -2);
    lua_setfield(L, -2, "game");
    game_push_state(r->g);
    lua_setfield(L, -2, "s");
    lua_pop(L, 1);
}

/* Replace the game (after load or reload). */
static void set_game(repl *r, game *g)
{
    game *old = r->g;
    r->g = g;
    bind_env(r);
    game_close(old);
    r->shown = false;
    r->result_shown = false;
    r->viewer = -1;
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
    for (int seat = 1; seat <= r->g->players; seat++)
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
    if (!hidden_any(r->g->st)) return actor;
    int first, n = people(r, &first);
    if (n == 1) return first;
    if (n == 0 || actor == 0) return 0;
    return is_bot(r, actor) ? 0 : actor;
}

/* What a read gave: a line, the end of the input, or a Ctrl-C (with
 * whether the line was empty when it came). */
typedef enum { READ_LINE, READ_EOF, READ_SIGINT_EMPTY, READ_SIGINT_TEXT } read_result;

static read_result read_tty(const char *prompt, bool history, char **out);

/* Between two people sharing the keyboard in a hidden-card game: say whose
 * turn it is before showing their hand, and on a terminal wait for them and
 * clear the screen of the previous player's view. A Ctrl-C there says how
 * to quit; a second one, or Ctrl-D, quits (returns false). */
static bool hand_over(repl *r, int viewer)
{
    int first;
    if (viewer == r->viewer || viewer == 0 || people(r, &first) < 2 || !hidden_any(r->g->st)) {
        r->viewer = viewer;
        return true;
    }
    printf("Seat %d to play: pass the keyboard to seat %d%s\n", viewer, viewer,
           r->tty ? " and press Enter." : ".");
    while (r->tty) {
        char *line = NULL;
        read_result got = read_tty("", false, &line);
        free(line);
        if (got == READ_LINE) break;
        if (got == READ_EOF) return false;
        sigint_clear();
        if (r->warned_quit) return false;
        printf("(to quit: Ctrl-C again or Ctrl-D; Enter shows seat %d's view)\n", viewer);
        r->warned_quit = true;
    }
    r->warned_quit = false;
    if (r->tty) printf("\033[H\033[2J");    /* clear the screen: the last hand is no one else's business */
    r->viewer = viewer;
    return true;
}

/* Only letters, digits, spaces and '-': a mistyped command or move. */
static bool plain_words(const char *s)
{
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != ' ' && *s != '-' && *s != '_') return false;
    return true;
}

/* Evaluate a Lua chunk at the prompt: as an expression first, then as a
 * statement. Returns 1 if done, 0 if the chunk is incomplete (more lines
 * needed), -1 if it is not Lua at all (syntax error in both forms). */
static int eval_lua(repl *r, const char *code, char *syntax_err, size_t errlen)
{
    lua_State *L = r->vm->L;
    int top = lua_gettop(L);
    size_t len = strlen(code);
    char *ret = malloc(len + 8);
    if (!ret) { fprintf(stderr, "out of memory\n"); return 1; }
    snprintf(ret, len + 8, "return %s", code);
    int status = luaL_loadbufferx(L, ret, strlen(ret), "=prompt", "t");
    free(ret);
    if (status != LUA_OK) {
        lua_pop(L, 1);
        status = luaL_loadbufferx(L, code, len, "=prompt", "t");
        if (status == LUA_ERRSYNTAX) {
            size_t mlen;
            const char *msg = lua_tolstring(L, -1, &mlen);
            bool incomplete = mlen >= 5 && strcmp(msg + mlen - 5, "<eof>") == 0;
            snprintf(syntax_err, errlen, "%s", msg);
            lua_settop(L, top);
            return incomplete ? 0 : -1;
        }
        if (status != LUA_OK) {
            printf("error: %s\n", lua_tostring(L, -1));
            lua_settop(L, top);
            return 1;
        }
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->env_ref);
    lua_setupvalue(L, -2, 1);
    /* Lua that fails, or leaves a var holding a non-integer, changes nothing */
    uint8_t *before = malloc(r->g->st->size);
    if (!before || !game_snapshot(r->g, before)) {
        printf("error: %s\n", before ? game_error(r->g) : "out of memory");
        free(before);
        lua_settop(L, top);
        return 1;
    }
    int ncur = r->g->ncur;
    status = vm_call(r->vm, 0, LUA_MULTRET, NULL);
    if (status != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        if (plain_words(code) && strstr(msg, "undeclared global")) {
            lua_settop(L, top);
            free(before);
            snprintf(syntax_err, errlen, "%s", msg);
            return -1;      /* words that are no Lua the user meant */
        }
        printf("error: %s\n", msg);
        if (r->g->ncur == ncur) game_restore(r->g, before);
    } else if (!game_sync(r->g)) {
        printf("error: %s (the game is unchanged)\n", game_error(r->g));
        if (r->g->ncur == ncur) game_restore(r->g, before);
    } else {
        int n = lua_gettop(L) - top;
        for (int i = 1; i <= n; i++) {
            const char *s = luaL_tolstring(L, top + i, NULL);
            printf("%s%s", i > 1 ? "\t" : "", s);
            lua_pop(L, 1);
        }
        if (n) printf("\n");
    }
    lua_settop(L, top);
    bool changed = r->g->ncur != ncur || memcmp(before, r->g->st->block, r->g->st->size) != 0;
    free(before);
    if (changed) {   /* the Lua changed the game */
        r->shown = false;
        r->result_shown = false;
    }
    return 1;
}

/* ---- showing the game ---------------------------------------------------------- */

static void print_moves(repl *r)
{
    if (!game_moves(r->g)) { printf("error: %s\n", game_error(r->g)); return; }
    movebuf legal = r->g->buf;
    int64_t *copy = malloc(sizeof(int64_t) * (size_t)(legal.n + 1));
    if (!copy) return;
    memcpy(copy, legal.m, sizeof(int64_t) * (size_t)legal.n);
    int col = 0;
    for (int i = 0; i < legal.n; i++) {
        char text[256], item[300];
        game_describe(r->g, copy[i], text, sizeof text);
        int w = snprintf(item, sizeof item, "%3d. %-14s", i + 1, text);
        if (col + w > 78) { printf("\n"); col = 0; }
        printf("%s", item);
        col += w;
    }
    if (col) printf("\n");
    free(copy);
}

static void print_result(repl *r)
{
    lua_State *L = r->vm->L;
    if (!game_result(r->g)) { printf("error: %s\n", game_error(r->g)); return; }
    if (!lua_istable(L, -1)) {
        printf("no result yet: the game is still on\n");
        lua_pop(L, 1);
        return;
    }
    int res = lua_gettop(L);
    lua_getfield(L, res, "text");
    if (lua_isstring(L, -1)) printf("%s\n", lua_tostring(L, -1));
    lua_getfield(L, res, "scores");
    lua_getfield(L, res, "ranks");
    if (lua_istable(L, -2)) {
        printf("  rank  seat  score\n");
        for (int rank = 1; rank <= r->g->players; rank++)
            for (int seat = 1; seat <= r->g->players; seat++) {
                lua_rawgeti(L, -1, seat);
                int rk = (int)lua_tointeger(L, -1);
                lua_pop(L, 1);
                if (rk != rank) continue;
                lua_rawgeti(L, -2, seat);
                printf("  %4d  %4d  %5s\n", rk, seat, luaL_tolstring(L, -1, NULL));
                lua_pop(L, 2);
            }
    }
    lua_settop(L, res - 1);
}

/* Show the position (after a hand-over between people, in hidden-card
 * games); false when a person quit at the hand-over. */
static bool show(repl *r)
{
    lua_State *L = r->vm->L;
    int over = game_over(r->g);
    if (over < 0) { printf("error: %s\n", game_error(r->g)); r->shown = true; return true; }
    int actor = over ? 0 : game_actor(r->g);
    int viewer = view_for(r, actor);
    if (!hand_over(r, viewer)) return false;
    if (game_render(r->g, viewer)) {
        printf("%s\n", lua_tostring(L, -1));
        lua_pop(L, 1);
    } else {
        printf("error: %s\n", game_error(r->g));
    }
    if (over) {
        if (!r->result_shown) {
            printf("Game over after %d moves. ", r->g->ncur);
            print_result(r);
            r->result_shown = true;
        }
    } else {
        printf("Seat %d to play:\n", actor);
        print_moves(r);
    }
    r->shown = true;
    return true;
}

/* ---- playing -------------------------------------------------------------------- */

/* Play m for the actor, saying so when it was not typed. */
static bool play(repl *r, int64_t m, const char *why)
{
    char text[256];
    int actor = game_actor(r->g);
    game_describe(r->g, m, text, sizeof text);
    if (!game_apply(r->g, m, true, true)) {
        printf("error: %s\n", game_error(r->g));
        return false;
    }
    if (why) printf("seat %d: %s (%s)\n", actor, text, why);
    r->shown = false;
    r->result_shown = false;
    return true;
}

/* Is the position one the REPL plays by itself (a bot's turn or a forced
 * move)? Sets *why. */
static bool automatic(repl *r, const char **why)
{
    int over = game_over(r->g);
    if (over != 0) return false;
    int actor = game_actor(r->g);
    if (actor >= 1 && actor <= MAX_BOTS && r->o.bots[actor][0]) { *why = r->o.bots[actor]; return true; }
    if (r->auto_forced && r->g->buf.n == 1) { *why = "forced"; return true; }
    return false;
}

/* Play bot and forced moves until a person must decide. */
static void run_automatic(repl *r)
{
    const char *why;
    for (int guard = 0; guard < 100000 && automatic(r, &why); guard++) {
        if (!game_moves(r->g)) { printf("error: %s\n", game_error(r->g)); return; }
        int64_t m = r->g->buf.m[0];
        int actor = game_actor(r->g);
        if (r->g->buf.n > 1 && is_bot(r, actor)) {
            uint64_t seed = ((uint64_t)rng_next(&r->bot_rng) << 32) | rng_next(&r->bot_rng);
            fflush(stdout);             /* the board and prompt before the bot thinks */
            if (!bot_choose(r->g, &r->o.bot[actor], seed, &m, NULL)) {
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
        }
        if (!play(r, m, why)) return;
    }
}

static void do_undo(repl *r)
{
    if (!game_undo(r->g)) { printf("nothing to undo\n"); return; }
    const char *why;
    /* step back over moves the REPL would replay by itself at once */
    while (r->g->ncur > 0 && automatic(r, &why)) game_undo(r->g);
    printf("undone: back to move %d\n", r->g->ncur);
    r->shown = false;
    r->result_shown = false;
}

static void do_log(repl *r)
{
    if (r->g->ncur == 0) { printf("no moves yet\n"); return; }
    for (int i = 0; i < r->g->ncur; i++) {
        char text[256];
        int actor = 0;
        game_describe_past(r->g, i, text, sizeof text, &actor);
        printf("%4d. seat %d: %s\n", i + 1, actor, text);
    }
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

static void do_save(repl *r, const char *path)
{
    char err[1024];
    char *text = game_save_text(r->g);
    if (!text) { printf("error: out of memory while saving\n"); return; }
    if (write_file_atomic(path, text, err, sizeof err)) printf("saved %d moves to %s\n", r->g->ncur, path);
    else printf("error: %s\n", err);
    free(text);
}

static void do_load(repl *r, const char *path)
{
    char err[GAME_ERRLEN];
    char *text = read_file(path, err, sizeof err);
    if (!text) { printf("error: %s\n", err); return; }
    game *g = game_load_text(r->vm, text, err, sizeof err);
    free(text);
    if (!g) { printf("error: %s: %s (the game in progress is unchanged)\n", path, err); return; }
    set_game(r, g);
    snprintf(r->o.variants, sizeof r->o.variants, "%s", g->variants);
    printf("loaded %s: %s, %d players, seed %llu, %d moves\n", path, g->name, g->players,
           (unsigned long long)g->seed, g->ncur);
    if (g->load_note[0]) printf("note: %s\n", g->load_note);
}

/* Re-read the rule scripts and replay the moves so far, by their text,
 * under the new rules. A move that no longer replays stops the replay
 * there: the game goes on under the new rules from the last move that did. */
static void do_reload(repl *r)
{
    char err[GAME_ERRLEN];
    if (!game_load_def(r->vm, r->g->name, r->g->variants, true, err, sizeof err)) {
        printf("error: %s (still playing under the old rules)\n", err);
        return;
    }
    lua_pop(r->vm->L, 1);
    lua_rawgeti(r->vm->L, LUA_REGISTRYINDEX, r->g->opts_ref);
    game *g = game_open(r->vm, r->g->name, r->g->variants, r->g->players, r->g->seed, -1, err, sizeof err);
    lua_pop(r->vm->L, 1);
    if (!g) { printf("error: %s (still playing under the old rules)\n", err); return; }
    int total = r->g->ncur;
    for (int i = 0; i < total; i++) {
        char text[256];
        int actor = 0;
        int64_t m;
        if (!game_describe_past(r->g, i, text, sizeof text, &actor)) snprintf(text, sizeof text, "?");
        if (!game_parse(g, text, &m) || !game_apply(g, m, true, true)) {
            printf("reloaded the rules; move %d (seat %d: %s) no longer replays: %s\n"
                   "the game goes on from move %d of %d under the new rules\n",
                   i + 1, actor, text, game_error(g), i, total);
            set_game(r, g);
            return;
        }
    }
    set_game(r, g);
    printf("reloaded the rules and replayed %d moves\n", total);
}

/* ---- reading lines ----------------------------------------------------------------- */

static const char *const commands[] = {
    "help", "moves", "board", "undo", "redo", "log", "result", "save", "load",
    "reload", "auto", "quit", "exit", NULL,
};

/* Readline completion: commands, then the legal moves' texts. */
static char **candidates;
static int ncandidates;

static void free_candidates(void)
{
    for (int i = 0; i < ncandidates; i++) free(candidates[i]);
    free(candidates);
    candidates = NULL;
    ncandidates = 0;
}

static void gather_candidates(void)
{
    free_candidates();
    repl *r = current_repl;
    int cap = 64;
    candidates = malloc(sizeof(char *) * (size_t)cap);
    if (!candidates) return;
    for (const char *const *c = commands; *c; c++) candidates[ncandidates++] = strdup(*c);
    if (!r || !game_moves(r->g)) return;
    movebuf legal = r->g->buf;
    int64_t *copy = malloc(sizeof(int64_t) * (size_t)(legal.n + 1));
    if (!copy) return;
    memcpy(copy, legal.m, sizeof(int64_t) * (size_t)legal.n);
    for (int i = 0; i < legal.n; i++) {
        char text[256];
        if (!game_describe(r->g, copy[i], text, sizeof text)) break;
        if (ncandidates == cap) {
            cap *= 2;
            char **nc = realloc(candidates, sizeof(char *) * (size_t)cap);
            if (!nc) break;
            candidates = nc;
        }
        candidates[ncandidates++] = strdup(text);
    }
    free(copy);
}

static char *completion_generator(const char *text, int state)
{
    static int next;
    static size_t prefix_len;
    static char prefix[512];
    if (state == 0) {
        /* complete the whole line so far, so "move b" offers "move b3" */
        snprintf(prefix, sizeof prefix, "%.*s%s", rl_point - (int)strlen(text), rl_line_buffer, text);
        prefix_len = strlen(prefix);
        gather_candidates();
        next = 0;
    }
    size_t skip = prefix_len - strlen(text);
    while (next < ncandidates) {
        const char *c = candidates[next++];
        if (c && strncmp(c, prefix, prefix_len) == 0) return strdup(c + skip);
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)start; (void)end;
    rl_attempted_completion_over = 1;
    return rl_completion_matches(text, completion_generator);
}

/* readline's callback interface, so that a Ctrl-C at the prompt (which
 * interrupts select) can drop the line and return. */
static char *tty_line;
static bool tty_done;

static void on_tty_line(char *line)
{
    tty_line = line;
    tty_done = true;
    rl_callback_handler_remove();
}

/* Read a line from the terminal; `history`: keep it for the up arrow. */
static read_result read_tty(const char *prompt, bool history, char **out)
{
    tty_done = false;
    tty_line = NULL;
    rl_callback_handler_install(prompt, on_tty_line);
    while (!tty_done) {
        fflush(stdout);
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(fileno(rl_instream), &fds);
        int n = select(fileno(rl_instream) + 1, &fds, NULL, NULL, NULL);
        if (n < 0 && errno == EINTR && got_sigint) {
            bool empty = rl_end == 0;
            rl_free_line_state();
            rl_callback_sigcleanup();
            rl_callback_handler_remove();
            printf("^C\n");
            return empty ? READ_SIGINT_EMPTY : READ_SIGINT_TEXT;
        }
        if (n > 0) rl_callback_read_char();
    }
    if (!tty_line) return READ_EOF;
    if (history && *tty_line) add_history(tty_line);
    *out = tty_line;
    return READ_LINE;
}

/* Read one line into *out (the caller frees it). */
static read_result read_line_ex(repl *r, const char *prompt, char **out)
{
    *out = NULL;
    if (r->tty) return read_tty(prompt, true, out);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    fflush(stdout);                     /* all said before waiting for the next line */
    for (;;) {
        errno = 0;
        n = got_sigint ? -1 : getline(&line, &cap, r->in);    /* a Ctrl-C that came just before */
        if (n >= 0 || errno != EINTR || got_sigint) break;
        clearerr(r->in);                /* another signal (the watchdog's): read on */
    }
    if (n < 0) {
        free(line);
        if (got_sigint) {
            clearerr(r->in);
            printf("%s^C\n", prompt);
            return READ_SIGINT_EMPTY;
        }
        return READ_EOF;
    }
    if (n && line[n - 1] == '\n') line[n - 1] = '\0';
    printf("%s%s\n", prompt, line);     /* a transcript of a scripted session */
    *out = line;
    return READ_LINE;
}

/* Read one line (NULL at the end of input or on Ctrl-C); the caller frees it. */
static char *read_line(repl *r, const char *prompt)
{
    char *line;
    read_result got = read_line_ex(r, prompt, &line);
    if (got == READ_SIGINT_EMPTY || got == READ_SIGINT_TEXT) sigint_clear();
    return got == READ_LINE ? line : NULL;
}

/* `sim [OPTIONS]` at the prompt: grove sim on this game (its players and
 * variants), 100 games unless -n says otherwise; the game in progress is
 * not touched (the sim runs its own games, in its own VMs). */
static void do_sim(repl *r, const char *args)
{
    /* the command line grove sim would get (cmd_sim takes char *argv[]) */
    char w_grove[] = "grove", w_sim[] = "sim", w_players[] = "--players", w_variant[] = "--variant",
         w_n[] = "-n", w_100[] = "100";
    char players[16], copy[512];
    snprintf(players, sizeof players, "%d", r->o.players);
    snprintf(copy, sizeof copy, "%s", args);
    char *argv[64];
    int argc = 0;
    argv[argc++] = w_grove;
    argv[argc++] = w_sim;
    argv[argc++] = r->g->name;
    argv[argc++] = w_players;
    argv[argc++] = players;
    if (r->g->variants[0]) { argv[argc++] = w_variant; argv[argc++] = r->g->variants; }
    bool count_given = false;
    char *save = NULL;
    for (char *w = strtok_r(copy, " \t", &save); w && argc < 62; w = strtok_r(NULL, " \t", &save)) {
        if (!strcmp(w, "-n")) count_given = true;
        argv[argc++] = w;
    }
    if (!count_given) { argv[argc++] = w_n; argv[argc++] = w_100; }
    argv[argc] = NULL;
    fflush(stdout);
    cmd_sim(argc, argv);
    fflush(stdout);
    fflush(stderr);
}

/* ---- one line ------------------------------------------------------------------------- */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) s[--n] = '\0';
    return s;
}

/* Handle one line; returns false to quit. */
static bool handle_line(repl *r, char *line)
{
    char *cmd = trim(line);
    if (!*cmd) { r->shown = false; return true; }
    char word[32] = "";
    sscanf(cmd, "%31s", word);
    const char *arg = cmd + strlen(word);
    while (*arg == ' ') arg++;

    if (!strcmp(cmd, "quit") || !strcmp(cmd, "exit") || !strcmp(cmd, "q")) return false;
    if (!strcmp(cmd, "?")) { help_print(stdout, NULL); return true; }
    if (!strcmp(word, "help")) { help_print(stdout, arg); return true; }
    if (!strcmp(cmd, "moves")) { print_moves(r); return true; }
    if (!strcmp(cmd, "board") || !strcmp(cmd, "show")) { r->shown = false; r->result_shown = false; return true; }
    if (!strcmp(cmd, "undo")) { do_undo(r); return true; }
    if (!strcmp(cmd, "redo")) {
        if (!game_redo(r->g)) printf("nothing to redo\n");
        else { printf("redone: move %d\n", r->g->ncur); r->shown = false; }
        return true;
    }
    if (!strcmp(cmd, "log")) { do_log(r); return true; }
    if (!strcmp(cmd, "result") || !strcmp(cmd, "score")) { print_result(r); return true; }
    if (!strcmp(cmd, "reload")) { do_reload(r); return true; }
    if (!strcmp(word, "save") || !strcmp(word, "load")) {
        if (!*arg) { printf("usage: %s FILE\n", word); return true; }
        if (word[0] == 's') do_save(r, arg); else do_load(r, arg);
        return true;
    }
    if (!strcmp(word, "sim")) { do_sim(r, arg); return true; }
    if (!strcmp(word, "auto")) {
        if (!strcmp(arg, "on")) r->auto_forced = true;
        else if (!strcmp(arg, "off")) r->auto_forced = false;
        else { printf("usage: auto on|off (now %s)\n", r->auto_forced ? "on" : "off"); return true; }
        printf("forced moves are %s\n", r->auto_forced ? "played by themselves" : "left to you");
        return true;
    }
    /* a move number */
    char *end;
    long n = strtol(cmd, &end, 10);
    if (end != cmd && *end == '\0') {
        if (!game_moves(r->g)) { printf("error: %s\n", game_error(r->g)); return true; }
        if (r->g->buf.n == 0) { printf("the game is over: no moves (undo, load, or quit)\n"); return true; }
        if (n < 1 || n > r->g->buf.n) { printf("no move %ld: choose 1..%d\n", n, r->g->buf.n); return true; }
        play(r, r->g->buf.m[n - 1], NULL);
        return true;
    }
    /* a move text */
    int64_t m;
    char move_err[GAME_ERRLEN];
    if (game_parse(r->g, cmd, &m)) { play(r, m, NULL); return true; }
    snprintf(move_err, sizeof move_err, "%s", game_error(r->g));
    /* Lua, possibly over several lines */
    char syntax[1024];
    size_t len = strlen(cmd);
    char *code = malloc(len + 1);
    if (!code) return true;
    memcpy(code, cmd, len + 1);
    for (;;) {
        int st = eval_lua(r, code, syntax, sizeof syntax);
        if (st == 1) break;
        if (st < 0) {
            if (!strchr(code, '\n'))
                printf("not a command, a legal move or Lua: %s\n  (type 'help', or 'moves' for the legal moves)\n", move_err);
            else
                printf("error: %s\n", syntax);
            break;
        }
        char *more = read_line(r, ">> ");
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
    return true;
}

int play_session(const cli_opts *opts, FILE *in)
{
    repl r = { 0 };
    r.o = *opts;
    r.vm = cli_vm();
    if (!r.vm) return 1;
    if (!r.o.players) r.o.players = cli_min_players(r.vm, r.o.game);
    if (!r.o.players) { vm_free(r.vm); return 1; }
    char err[GAME_ERRLEN];
    r.g = game_open(r.vm, r.o.game, r.o.variants, r.o.players, r.o.seed, 0, err, sizeof err);
    if (!r.g) { fprintf(stderr, "grove: %s\n", err); vm_free(r.vm); return 1; }
    for (int seat = r.o.players + 1; seat <= MAX_BOTS; seat++)
        if (r.o.bots[seat][0]) {
            fprintf(stderr, "grove: --bot %d: the game has only %d seats\n", seat, r.o.players);
            game_close(r.g); vm_free(r.vm); return 2;
        }
    rng_seed(&r.bot_rng, r.o.seed, 0x626f74);   /* "bot" */
    r.viewer = -1;
    r.in = in;
    r.tty = in == stdin && isatty(STDIN_FILENO);
    r.auto_forced = true;
    r.game_ref = LUA_NOREF;
    vm_push_trusted(r.vm);
    r.env_ref = luaL_ref(r.vm->L, LUA_REGISTRYINDEX);
    bind_env(&r);
    current_repl = &r;
    rl_attempted_completion_function = complete;
    rl_basic_word_break_characters = " \t";
    printf("grove %s: %s, %d player%s, seed %llu%s%s. Type 'help' for commands.\n", GROVE_VERSION,
           r.o.game, r.o.players, r.o.players == 1 ? "" : "s", (unsigned long long)r.o.seed,
           r.o.variants[0] ? ", variants " : "", r.o.variants);
    struct sigaction sa, old_sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;          /* no SA_RESTART: a read at the prompt returns */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_sa);
    rl_catch_signals = 0;
    sigint_clear();
    for (;;) {
        if (!r.paused) run_automatic(&r);
        if (!r.shown && !show(&r)) break;
        sigint_clear();                 /* a Ctrl-C that stopped the work above is done with */
        int over = game_over(r.g);
        int actor = over == 0 ? game_actor(r.g) : 0;
        char prompt[128];
        if (actor) snprintf(prompt, sizeof prompt, "%s seat %d> ", r.g->name, actor);
        else snprintf(prompt, sizeof prompt, "%s> ", r.g->name);
        char *line;
        read_result got = read_line_ex(&r, prompt, &line);
        if (got == READ_EOF) { if (r.tty) printf("\n"); break; }
        if (got == READ_SIGINT_EMPTY || got == READ_SIGINT_TEXT) {
            sigint_clear();
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
    sigaction(SIGINT, &old_sa, NULL);
    sigint_clear();
    free_candidates();
    current_repl = NULL;
    lua_rawgeti(r.vm->L, LUA_REGISTRYINDEX, r.game_ref);
    lua_game_detach(r.vm->L, -1);
    lua_pop(r.vm->L, 1);
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
