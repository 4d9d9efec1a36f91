/*
 * list.c — `grove list`: the games found, one a line (name, title, player
 * counts, variants); or with --options GAME, the options a game declares.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char usage[] =
    "usage: grove list                        the games, their player counts and variants\n"
    "       grove list --options GAME [--variant A,B]\n"
    "                                         the options GAME declares: each with its default,\n"
    "                                         the values it takes and what it changes\n"
    "                                         (set them with play, sim, bench --set NAME=VALUE)\n";

static int cmd_list(int argc, char **argv)
{
    const char *options_of = NULL, *variants = "";
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { fputs(usage, stdout); return 0; }
        if (!strcmp(argv[i], "--options") && i + 1 < argc && argv[i + 1][0] != '-') options_of = argv[++i];
        else if ((!strcmp(argv[i], "--variant") || !strcmp(argv[i], "--variants")) && i + 1 < argc) variants = argv[++i];
        else if (!strcmp(argv[i], "--options")) { fprintf(stderr, "grove list: --options needs a game\n%s", usage); return 2; }
        else { fprintf(stderr, "grove list: unexpected argument '%s'\n%s", argv[i], usage); return 2; }
    }
    if (variants[0] && !options_of) { fprintf(stderr, "grove list: --variant goes with --options GAME\n%s", usage); return 2; }
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    if (options_of) {
        int status = cli_check_game(vm, "grove list", options_of, variants, 0, NULL);
        bool ok = !status && cli_print_options(stdout, vm, options_of, variants, NULL);
        vm_free(vm);
        return status ? status : ok ? 0 : 1;
    }
    int n;
    game_about *list = game_list(vm, &n);
    if (!list) {
        fprintf(stderr, "grove: out of memory\n");
        vm_free(vm);
        return 1;
    }
    for (int i = 0; i < n; i++) {
        const game_about *a = &list[i];
        if (a->error[0]) {
            printf("%-12s (broken: %s)\n", a->name, a->error);
            continue;
        }
        printf("%-12s %-24s %d-%d players", a->name, a->title, a->min_players, a->max_players);
        if (a->nvariants + a->noverlays) printf("   variants:");
        for (int k = 0; k < a->nvariants; k++) {
            /* a variant that takes other counts than the game says which */
            game_counts c;
            char err[GAME_ERRLEN];
            printf(" %s", a->variants[k]);
            if (game_counts_of(vm, a->name, a->variants[k], &c, err, sizeof err)
                && (c.min != a->min_players || c.max != a->max_players)) {
                if (c.min == c.max) printf(" (%d)", c.min);
                else printf(" (%d-%d)", c.min, c.max);
            }
        }
        for (int k = 0; k < a->noverlays; k++) printf(" %s (overlay)", a->overlays[k]);
        printf("\n");
    }
    free(list);
    vm_free(vm);
    return 0;
}

/* `grove list`: its row of the table of subcommands (main.c). */
const cli_command command_list = {
    .name = "list",
    .synopsis =
        "  grove list [--options GAME]\n"
        "                          the games, their player counts and variants; or GAME's options\n",
    .usage = usage,
    .run = cmd_list,
};
