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
} cli_opts;

/* The data folder (holding stdlib/ and scripts/): GROVE_DATA, beside the
 * binary, or installed. */
bool cli_datadir(char *out, size_t len);

/* A VM on the data folder (stdlib/, scripts/), found next to the binary
 * or installed; prints the reason and returns NULL on failure. */
grove_vm *cli_vm(void);

/* Parse "--players N --seed S --variant a,b --bot 2=random" from argv
 * (starting at i); returns false with a message printed on bad options. */
bool cli_parse_opts(int argc, char **argv, int i, cli_opts *o, bool bench);

/* The player count to use when none is given: the game's usual one
 * (players.default, else its smallest) as its variants allow it
 * (game_counts_of); 0 with a message when the game or a variant does not
 * load. */
int cli_default_players(grove_vm *vm, const char *game, const char *variants);

/* The REPL on one game, reading lines from `in` (stdin: readline when it
 * is a terminal); returns the program's exit status. */
int play_session(const cli_opts *o, FILE *in);

/* The help topics: help_print(out, NULL) is the REPL's commands, "topics"
 * lists them all. */
void help_print(FILE *out, const char *topic);
bool help_has(const char *topic);

int cmd_play(int argc, char **argv);
int cmd_new(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_check(int argc, char **argv);

#endif
