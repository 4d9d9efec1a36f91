/*
 * lineedit.c — reading the REPL's lines: readline on a terminal (history,
 * Tab completion of the command table's names, help topics, file names
 * after save and load, and the legal moves' texts), plain stdin otherwise,
 * echoing each line so a scripted session reads as a transcript; and
 * Ctrl-C.
 *
 * Ctrl-C. While work runs (a move, Lua, a bot, a sim) it stops that work:
 * every script in every VM is asked to stop, and the game stays as it was
 * before the work. At the prompt it drops the line being typed; twice in a
 * row at an empty prompt, it quits (play.c).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "session.h"

volatile sig_atomic_t repl_got_sigint;

static void on_sigint(int sig)
{
    (void)sig;
    repl_got_sigint = 1;
    vm_cancel_all();
}

void repl_sigint_clear(void)
{
    repl_got_sigint = 0;
    vm_cancel_clear();
}

/* ---- completion ----------------------------------------------------------------- */

static repl *current_repl;      /* for readline's completion callback */
static char **candidates;
static int ncandidates, capcandidates;

static void free_candidates(void)
{
    for (int i = 0; i < ncandidates; i++) free(candidates[i]);
    free(candidates);
    candidates = NULL;
    ncandidates = capcandidates = 0;
}

static void add_candidate(const char *text)
{
    if (ncandidates == capcandidates) {
        int cap = capcandidates ? capcandidates * 2 : 64;
        char **nc = realloc(candidates, sizeof(char *) * (size_t)cap);
        if (!nc) return;
        candidates = nc;
        capcandidates = cap;
    }
    candidates[ncandidates++] = strdup(text);
}

/* The command table's names and aliases (but the one-letter ones), then the
 * legal moves' texts. */
static void gather_candidates(void)
{
    free_candidates();
    for (const repl_command *c = repl_commands; c->name; c++) {
        add_candidate(c->name);
        for (const char *a = c->aliases; a && *a; ) {
            size_t len = strcspn(a, " ");
            if (len > 1) {
                char alias[32];
                snprintf(alias, sizeof alias, "%.*s", (int)len, a);
                add_candidate(alias);
            }
            a += len;
            while (*a == ' ') a++;
        }
    }
    repl *r = current_repl;
    /* help TOPIC: the topics, and the game's name (its options) */
    for (int i = 0; help_topic(i); i++) {
        char line[64];
        snprintf(line, sizeof line, "help %s", help_topic(i));
        add_candidate(line);
    }
    if (r) {
        char line[96];
        snprintf(line, sizeof line, "help %s", game_name(r->g));
        add_candidate(line);
        add_candidate("help options");
    }
    const int64_t *legal;
    int n = r && repl_may_list(r) ? game_legal(r->g, &legal) : -1;
    if (n <= 0) return;
    int64_t *copy = malloc(sizeof(int64_t) * (size_t)n);
    if (!copy) return;
    memcpy(copy, legal, sizeof(int64_t) * (size_t)n);
    int reader = repl_reader(r);        /* the texts the move list shows, no more */
    for (int i = 0; i < n; i++) {
        char text[256];
        if (!game_describe_for(r->g, copy[i], reader, text, sizeof text)) break;
        add_candidate(text);
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

/* Does the line start with a command that takes a file name (save, load),
 * the word being completed its second? */
static bool file_word(int start)
{
    static const char *const takes_file[] = { "save", "load" };
    const char *line = rl_line_buffer;
    while (*line == ' ') line++;
    size_t n = strcspn(line, " \t");
    if (line + n > rl_line_buffer + start) return false;         /* the cursor is on the command */
    for (size_t i = 0; i < sizeof takes_file / sizeof takes_file[0]; i++)
        if (strlen(takes_file[i]) == n && !strncmp(line, takes_file[i], n)) return true;
    return false;
}

static char **complete(const char *text, int start, int end)
{
    (void)end;
    rl_attempted_completion_over = 1;
    if (file_word(start)) return rl_completion_matches(text, rl_filename_completion_function);
    return rl_completion_matches(text, completion_generator);
}

/* ---- the session ------------------------------------------------------------------ */

static struct sigaction old_sigint;

void lineedit_open(repl *r)
{
    current_repl = r;
    rl_attempted_completion_function = complete;
    rl_basic_word_break_characters = " \t";
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;          /* no SA_RESTART: a read at the prompt returns */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_sigint);
    rl_catch_signals = 0;
    repl_sigint_clear();
}

void lineedit_close(void)
{
    sigaction(SIGINT, &old_sigint, NULL);
    repl_sigint_clear();
    free_candidates();
    current_repl = NULL;
}

/* ---- reading ----------------------------------------------------------------------- */

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

read_result lineedit_read_tty(const char *prompt, bool history, char **out)
{
    tty_done = false;
    tty_line = NULL;
    rl_callback_handler_install(prompt, on_tty_line);
    /* Ctrl-C is held back from the check of repl_got_sigint until pselect
     * waits, so one that comes just before the wait (while the prompt is
     * drawn) is seen at once, not only after the next key */
    sigset_t held, waiting;
    sigemptyset(&held);
    sigaddset(&held, SIGINT);
    while (!tty_done) {
        fflush(stdout);
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(fileno(rl_instream), &fds);
        pthread_sigmask(SIG_BLOCK, &held, &waiting);
        int n;
        if (repl_got_sigint) {
            n = -1;
            errno = EINTR;
        } else {
            n = pselect(fileno(rl_instream) + 1, &fds, NULL, NULL, NULL, &waiting);
        }
        int why = errno;
        pthread_sigmask(SIG_SETMASK, &waiting, NULL);
        errno = why;
        if (n < 0 && errno == EINTR && repl_got_sigint) {
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

void lineedit_forget(void)
{
    clear_history();
}

read_result lineedit_read(repl *r, const char *prompt, bool history, char **out)
{
    *out = NULL;
    if (r->tty) return lineedit_read_tty(prompt, history, out);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    fflush(stdout);                     /* all said before waiting for the next line */
    for (;;) {
        errno = 0;
        n = repl_got_sigint ? -1 : getline(&line, &cap, r->in);    /* a Ctrl-C that came just before */
        if (n >= 0 || errno != EINTR || repl_got_sigint) break;
        clearerr(r->in);                /* another signal (the watchdog's): read on */
    }
    if (n < 0) {
        free(line);
        if (repl_got_sigint) {
            clearerr(r->in);
            printf("%s^C\n", prompt);
            return READ_SIGINT_EMPTY;
        }
        return READ_EOF;
    }
    if (n && line[n - 1] == '\n') line[n - 1] = '\0';
    printf("%s%s\n", prompt, line);     /* a transcript of a scripted session, */
    fflush(stdout);                     /* there before the line's work starts */
    *out = line;
    return READ_LINE;
}

char *lineedit_line(repl *r, const char *prompt)
{
    char *line;
    read_result got = lineedit_read(r, prompt, true, &line);
    if (got == READ_SIGINT_EMPTY || got == READ_SIGINT_TEXT) repl_sigint_clear();
    return got == READ_LINE ? line : NULL;
}
