/*
 * cli.h — the `grove` program's subcommands and what they share.
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

/* Open o->game with o's players (when 0, the game's usual count, written
 * back), variants, seed and --set options; NULL with err ("" when the
 * reason was printed already). Checks that every --bot seat is a seat of
 * the game. */
game *cli_open_game(grove_vm *vm, cli_opts *o, char *err, size_t errlen);

/* The REPL on one game, reading lines from `in` (stdin: readline when it
 * is a terminal); returns the program's exit status: 0, or 1 when a
 * scripted session (not a terminal) hit a refused move, a Lua error or a
 * failed command, or when the game could not start. */
int play_session(const cli_opts *o, FILE *in);

/* The help topics: help_print(out, NULL) is the REPL's commands, "topics"
 * lists them all. */
void help_print(FILE *out, const char *topic);
bool help_has(const char *topic);
/* The i-th topic's name (0: "topics"), NULL past the last: for Tab. */
const char *help_topic(int i);

int cmd_play(int argc, char **argv);
int cmd_new(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_merge(int argc, char **argv);           /* sim_shard.c: shards' records as one run */
int cmd_check(int argc, char **argv);
int cmd_test(int argc, char **argv);            /* test.c: the scenario tests, --jobs at a time */
int cmd_mutate(int argc, char **argv);          /* mutate.c: faults planted, the tests run against each */
extern const char mutate_usage[];
int cmd_show(int argc, char **argv);
int cmd_serve(int argc, char **argv);

#endif
