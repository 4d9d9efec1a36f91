/*
 * cli.h — what every room of the `grove` program shares (repl/cli/, the
 * lowest of them): the data folder and a VM on it, the common options and
 * opening a game with them, reading files, a game's options listed, and
 * the row of the table of subcommands (main.c). cli.c holds it; help.h the
 * help topics.
 */
#ifndef GROVE_CLI_H
#define GROVE_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "bots.h"
#include "game.h"
#include "host.h"

#define MAX_BOTS 16

/* Options common to play, bench (and later sim). */
typedef struct {
    const char *game;
    int players;            /* 0: the game's usual count (cli_default_players) */
    uint64_t seed;
    bool seed_given;
    char variants[GAME_MAX_VARIANTS];
    char bots[MAX_BOTS + 1][BOT_NAMELEN];   /* bots[seat]: "" for a person, else the bot's name */
    bot_spec bot[MAX_BOTS + 1];    /* bot[seat], when bots[seat] is set */
    double seconds;         /* bench */
    long playouts;          /* bench --playouts N: a fixed count instead */
    const char *json;       /* bench --json FILE */
    const char *bench_bots; /* bench --bots KIND[,KIND...]: whole bot games instead of playouts */
    long games;             /* bench --games N: exactly N bot games */
    bool all_games;
    bool ascii;             /* play --ascii: plain ASCII boards on any terminal */
    game_settings set;      /* --set NAME=VALUE: the game's options */
    const char *from;       /* play --from FILE: start from a save file */
} cli_opts;

/* The data folder (holding stdlib/ and scripts/): GROVE_DATA, beside the
 * binary, or installed. */
bool cli_datadir(char *out, size_t len);

/* A VM on the data folder (stdlib/, scripts/), found next to the binary
 * or installed; prints the reason and returns NULL on failure. */
grove_vm *cli_vm(void);

/* Parse "--players N --seed S --variant a,b --bot 2=random --set n=v" from
 * argv (starting at i); returns false with a message printed on bad
 * options. */
bool cli_parse_opts(int argc, char **argv, int i, cli_opts *o, bool bench);

/* An option a command takes besides the common ones: with a value (kept
 * in *value), or refused with a message (`value` NULL). */
typedef struct {
    const char *name, *alias;       /* "-o", "--output"; alias may be NULL */
    const char **value;             /* where its value goes; NULL: refused */
    const char *refused;            /* what to say when it is refused */
} cli_own_opt;

/* `grove COMMAND` arguments (argv[2..]): -h/--help prints usage, the
 * command's own options (own[], up to an entry with no name) are taken
 * out, the rest go to cli_parse_opts (as play's, not bench's). Returns -1
 * when all parsed, else the exit status, said: 0 after the help, 2 on
 * misuse, 1 with no memory. */
int cli_parse_command(const char *command, const char *usage, int argc, char **argv, const cli_own_opt *own,
                      cli_opts *o);

/* The player count to use when none is given: the game's usual one
 * (players.default, else its smallest) as its variants allow it
 * (game_counts_of); 0 with a message when the game or a variant does not
 * load. */
int cli_default_players(grove_vm *vm, const char *game, const char *variants);

/* Print the options game `name` (with `variants`) declares: each with its
 * default, the values it takes and its help line, and, when g is given,
 * the value g plays with where it differs. False, said on stderr, when the
 * definition does not load. */
bool cli_print_options(FILE *out, grove_vm *vm, const char *name, const char *variants, game *g);
/* The whole text file at path (malloc'ed, the caller frees it), or NULL
 * with err ("cannot open ...", "... is not a text file"). */
char *cli_read_file(const char *path, char *err, size_t errlen);
/* The decimal whole number s, from lo to hi, into *out; false for NULL,
 * an empty text, anything after the digits, or a number out of range. */
bool cli_parse_long(const char *s, long lo, long hi, long *out);
/* Remove path and, when it is a folder (not a link to one), everything in
 * it; links are removed, never followed. What cannot be removed stays,
 * unsaid (a temporary folder cleaned up on the way out). */
void cli_remove_tree(const char *path);

/* Check what a command line says of a game before it opens: the game and
 * its variants are there, the player count (0: none given) is one they
 * take, every --set names an option with a value it takes. 0 when all is
 * well; else the exit status, the reason said on stderr after `who`
 * ("grove sim"): 2 for a usage error (a name of nothing there, a count or
 * value the game does not take: the person typed it wrong), 1 when the
 * game's scripts do not load (the script is wrong). */
int cli_check_game(grove_vm *vm, const char *who, const char *name, const char *variants, int players,
                   const game_settings *set);

/* Open o->game with o's players (when 0, the game's usual count, written
 * back), variants, seed and --set options, after cli_check_game, and
 * checking that every --bot seat is a seat of the game; NULL with the
 * reason said on stderr after `who` and the exit status in *status (2 for
 * a usage error, else 1). */
game *cli_open_game(grove_vm *vm, cli_opts *o, const char *who, int *status);

/* ---- Ctrl-C and SIGTERM ------------------------------------------------------------------ */

/* At the start (main.c): SIGINT and SIGTERM, unless ignored when grove
 * started, end a command as they would, but first remove the temporary
 * files of the outputs being written (outfile.h), so none is left. */
void cli_signals_default(void);

/* A command that stops cleanly on Ctrl-C or SIGTERM (grove sim), from the
 * shell: from here until cli_signals_end, the first signal asks every
 * script to stop (vm_cancel_all; the command sees vm_cancelled()) and
 * lets the command finish what it can, its outputs written whole; a
 * second ends the process at once (status 128 + the signal), temporary
 * files removed. False when it took neither signal: inside the REPL
 * (cli_session), which catches Ctrl-C itself and ends on SIGTERM, or
 * when both were ignored as grove started. */
bool cli_signals_catch(void);

/* Back to cli_signals_default's handling; the signal that stopped the
 * command (SIGINT, SIGTERM), or 0 if none did. */
int cli_signals_end(void);

/* The REPL says it runs (play_session): what a command does when the
 * REPL runs it (its `sim`) may differ from the shell's (at the REPL, sim
 * starts from the session's options, and a --set typed replaces one). */
void cli_session(bool on);
bool cli_in_session(void);

/* ---- the subcommands ------------------------------------------------------------------ */

/* A subcommand of grove: a row of the table in main.c, defined in the
 * subcommand's own file as `const cli_command command_NAME`. grove --help
 * prints every row's synopsis in the table's order, grove NAME --help (or
 * -h) its usage, grove --commands the names; grove NAME ... calls run. */
typedef struct {
    const char *name;               /* "play" */
    const char *synopsis;           /* its lines of grove --help: "  grove play GAME ...\n", then what it does */
    const char *usage;              /* the page grove NAME --help prints */
    int (*run)(int argc, char **argv);  /* argv[1] is the name; returns the exit status */
    bool help_first;                /* --help asks for the page only as the first argument (grove
                                       run FILE --help: the rest are the script's) */
} cli_command;

#endif
