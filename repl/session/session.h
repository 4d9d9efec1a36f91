/*
 * session.h — the REPL session (`grove play`): what its files share, and
 * what the rooms above call (play_session; the command table, which grove
 * check reads and grove help commands prints).
 *
 * Each file calls only the files listed after it, so calls point one way:
 *
 *   play.c       the session: the loop, the hand-over between people,
 *                playing moves, bots and forced moves, what a typed line
 *                is; and `grove play`'s command line
 *   lineedit.c   reading lines: readline on a terminal (history, completion
 *                of commands and moves), plain stdin otherwise; Ctrl-C
 *   commands.c   the command table, which drives dispatch, completion and
 *                the help page of commands, and the commands themselves
 *   luaprompt.c  Lua at the prompt, against the live game
 *   view.c       what is shown and to whom: the reader, the legal moves,
 *                narration and result, failed lines counted for the exit
 *                status, and which positions play by themselves
 *
 * A new command is one row of the table in commands.c and its function.
 */
#ifndef GROVE_SESSION_H
#define GROVE_SESSION_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "help.h"
#include "termtext.h"

/* A check typed at the prompt (a Lua line starting with `expect`) that
 * passed: `record` writes it into the test after entry `after` of the
 * history, if the state there still hashes to `hash`. */
typedef struct {
    int after;
    uint64_t hash;
    char *code;             /* owned */
} repl_check;

typedef struct repl {
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
    bot *bots[MAX_BOTS + 1];  /* bots[seat]: the bot playing it (its tree kept between moves), or NULL */
    int viewer;             /* the seat whose view was last shown (hidden-card games) */
    int holder;             /* people sharing the keyboard: the seat that has it (0: none yet) */
    int since[MAX_BOTS + 1];    /* ... and the moves played when each seat last gave it up */
    bool paused;            /* Ctrl-C stopped a bot: it waits for the next line */
    bool warned_quit;       /* Ctrl-C at an empty prompt said how to quit */
    bool noted[MAX_BOTS + 1];   /* a bot's note (fewer threads) was said */
    repl_check *checks;     /* the expect lines typed that passed, for `record` */
    int nchecks, capchecks;
    int errors;             /* lines that failed: a refused move, a Lua error, a failed command */
    char first_error[160];  /* the first of them, for the exit message of a scripted session */
} repl;

/* ---- what is shown, and to whom (view.c) ----------------------------------------- */

/* Mark the position to be shown again before the next prompt. */
void repl_changed(repl *r);

/* Is a bot playing seat (1-based)? */
bool repl_is_bot(const repl *r, int seat);

/* The seats people play (not bots), and the first of them in *first. */
int repl_people(const repl *r, int *first);

/* Whose view to render when `actor` is to act (0: the game is over): in a
 * game without hidden cards, the actor's (every view is the same); with
 * hidden cards, the one person's seat when one person plays against bots,
 * the actor's when people share the keyboard, an onlooker's (0) when bots
 * play each other or the game is over. */
int repl_view_for(const repl *r, int actor);

/* Who reads what is printed now: the seat whose view is on the screen, or
 * before any, the one person playing against bots (else 0, an onlooker).
 * Every move text printed goes through game_describe_for with it. */
int repl_reader(const repl *r);

/* May the reader see the legal moves? Not another seat's in a hidden-card
 * game (a bot stopped while thinking): they name what its seat holds. */
bool repl_may_list(repl *r);

/* List the legal moves, numbered, as the reader may read them (or say why
 * they are not listed), in columns as wide as the terminal. */
void repl_print_moves(repl *r);
/* The score now (or "no result yet"). */
void repl_print_result(repl *r);

/* Print narration (game_said_now, game_entry_said) as `viewer` (the
 * reader: repl_reader) may read it, each line indented by `indent`
 * spaces. */
void repl_print_said(const char *said, int viewer, int indent);

/* Print text a rule script made (a board, narration, a result, a move,
 * an error it raised) to stdout with what a terminal would obey shown as
 * \xNN (termtext.h), but what `allow` lets pass (TERMTEXT_NEWLINE,
 * TERMTEXT_SGR). */
void repl_put_text(const char *text, size_t len, unsigned allow);

/* The columns of the terminal the REPL writes to (COLUMNS, else 80, when
 * stdout is no terminal). */
int repl_width(void);

/* Report a failed line: print "error: ..." (or the text as given when it
 * starts with no "error"), counted for the exit status of a scripted
 * session. */
void repl_error(repl *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Count a failure the caller printed itself (the Lua prompt's errors). */
void repl_failed(repl *r, const char *what);

/* Is the position one the REPL plays by itself (a bot's turn or a forced
 * move)? Sets *why (the bot's name, or "forced"). It does not while a
 * redo tail waits; undo steps back over such positions. */
bool repl_automatic(repl *r, const char **why);

/* ---- Lua at the prompt (luaprompt.c) ------------------------------------------------ */

/* Make the prompt's environment (trusted, with `game` and `s`). */
void luaprompt_open(repl *r);
/* Bind `game` and `s` to r->g (after the game changed). */
void luaprompt_bind(repl *r);
/* Cut the prompt's Game object from the game before it closes. */
void luaprompt_close(repl *r);

/* Evaluate a Lua chunk at the prompt: as an expression first, then as a
 * statement. Returns 1 if done, 0 if the chunk is incomplete (more lines
 * needed), -1 if it is not Lua at all (syntax error in both forms, or
 * plain words naming no global), with the reason in syntax_err. */
int luaprompt_eval(repl *r, const char *code, char *syntax_err, size_t errlen);

/* ---- the commands (commands.c) -------------------------------------------------- */

/* A command at the prompt: its first word is `name` or one of `aliases`. */
typedef struct {
    const char *name;           /* "undo" */
    const char *aliases;        /* other names, space-separated ("exit q"), or NULL */
    const char *args;           /* what follows it in the help ("FILE", "on|off"), or NULL */
    bool takes_args;            /* false: the line must be the word alone */
    const char *help;           /* what it does, for the help page ("\n" between lines) */
    bool (*run)(repl *r, const char *arg);      /* false: leave the session */
} repl_command;

/* The commands, in the order the help lists them; NULL-terminated by name. */
extern const repl_command repl_commands[];

/* The command a line (trimmed) names, with *arg pointing past its word;
 * NULL when the line is no command. */
const repl_command *repl_command_of(const char *line, const char **arg);

/* Write the help page of the commands (the `commands` help topic). */
void repl_help_commands(FILE *out);

/* ---- reading lines (lineedit.c) ----------------------------------------------------- */

/* What a read gave: a line, the end of the input, or a Ctrl-C (with
 * whether the line was empty when it came). */
typedef enum { READ_LINE, READ_EOF, READ_SIGINT_EMPTY, READ_SIGINT_TEXT } read_result;

/* Ctrl-C: while work runs it asks every script to stop (vm_cancel_all);
 * at the prompt it drops the line. Installed for the session. */
extern volatile sig_atomic_t repl_got_sigint;
void repl_sigint_clear(void);

/* Start and end line editing for the session (completion on r). */
void lineedit_open(repl *r);
void lineedit_close(void);

/* Read one line into *out (the caller frees it); `history`: a terminal
 * keeps it for the up arrow. */
read_result lineedit_read(repl *r, const char *prompt, bool history, char **out);

/* Read from the terminal only, without echo handling (the hand-over). */
read_result lineedit_read_tty(const char *prompt, bool history, char **out);

/* Forget the lines typed so far (the up arrow's history): at a hand-over
 * they are the last player's, and may name their cards. */
void lineedit_forget(void);

/* One line, NULL at the end of input or on Ctrl-C (the caller frees it). */
char *lineedit_line(repl *r, const char *prompt);

/* ---- the session (play.c) --------------------------------------------------------- */

/* The REPL on one game, reading lines from `in` (stdin: readline when it
 * is a terminal); returns the program's exit status: 0, or 1 when a
 * scripted session (not a terminal) hit a refused move, a Lua error or a
 * failed command, or when the game could not start. */
int play_session(const cli_opts *o, FILE *in);

#endif
