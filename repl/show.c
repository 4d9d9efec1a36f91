/*
 * show.c — `grove show GAME|FILE.sav`: a position drawn as a picture (SVG),
 * from the components and the game's look table (grove.picture): a game's
 * opening position, or the position a save file reached.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"
#include "session.h"
#include "utf8.h"

static const char show_usage[] =
    "usage: grove show GAME|FILE.sav [--players N] [--seed S] [--variant A,B] [--set NAME=VALUE]...\n"
    "                  [--viewer SEAT] [-o FILE.svg]\n"
    "  Draw the opening position of GAME, or the position a save file reached, as a\n"
    "  picture (SVG) from the components and the game's look table.\n"
    "  --players N        the seats (default: the game's usual count; grove list shows them)\n"
    "  --seed S           the seed of the game's chance (default 1)\n"
    "  --variant A,B      variants, comma-separated (grove list shows them)\n"
    "  --set NAME=VALUE   a game option (grove list --options GAME lists them)\n"
    "  --viewer SEAT      draw what that seat may see (default 0: an onlooker, who sees\n"
    "                     no hidden card)\n"
    "  -o FILE.svg        write the picture there (whole or not at all), not on standard output\n";

static int cmd_show(int argc, char **argv)
{
    cli_opts o = { 0 };
    o.seed = 1;
    const char *out = NULL, *viewer_arg = NULL;
    const cli_own_opt own[] = {
        { "-o", "--output", &out, NULL },
        { "--viewer", NULL, &viewer_arg, NULL },
        { "--bot", NULL, NULL, "no bots here (see grove show --help)" },
        { "--from", NULL, NULL, "--from is grove play's (a save is shown as grove show FILE.sav)" },
        { "--ascii", NULL, NULL, "--ascii is grove play's (a save is shown as grove show FILE.sav)" },
        { NULL, NULL, NULL, NULL },
    };
    int parsed = cli_parse_command("show", show_usage, argc, argv, own, &o);
    if (parsed >= 0) return parsed;
    if (!o.game) { fputs(show_usage, stderr); return 2; }
    long viewer = 0;
    if (viewer_arg) {
        char *end;
        viewer = strtol(viewer_arg, &end, 10);
        if (!*viewer_arg || *end || viewer < 0 || viewer > 16) {
            fprintf(stderr, "grove show: --viewer needs a seat (0: an onlooker)\n");
            return 2;
        }
    }
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    char err[GAME_ERRLEN];
    game *g = NULL;
    size_t len = strlen(o.game);
    bool file = strchr(o.game, '/') || (len > 4 && !strcmp(o.game + len - 4, ".sav"));
    if (file && (o.players || o.seed_given || o.variants[0] || o.set.n)) {
        fprintf(stderr, "grove show: %s: a save keeps its own players, seed, variants and options\n", o.game);
        vm_free(vm);
        return 2;
    }
    if (file) {
        char *text = cli_read_file(o.game, err, sizeof err);
        if (text) {
            g = game_load_text(vm, text, err, sizeof err);
            free(text);
        }
    } else {
        int status;
        if (!(g = cli_open_game(vm, &o, "grove show", &status))) {
            vm_free(vm);
            return status;
        }
    }
    if (!g) {
        fprintf(stderr, "grove show: %s: %s\n", o.game, err);
        vm_free(vm);
        return 1;
    }
    int rc = 1;
    if (file && game_load_note(g)[0]) fprintf(stderr, "grove show: %s: note: %s\n", o.game, game_load_note(g));
    if (viewer > game_players(g)) {
        fprintf(stderr, "grove show: --viewer %ld: the game has %d seat%s\n", viewer, game_players(g),
                game_players(g) == 1 ? "" : "s");
        rc = 2;
        goto done;
    }
    char status[160];
    game_result res = { 0 };
    if (game_outcome(g, &res) && res.over) {
        snprintf(status, sizeof status, "after move %d: %.*s", game_position(g), (int)utf8_prefix(res.text, 120), res.text);
        char *nl = strchr(status, '\n');
        if (nl) *nl = '\0';
    } else {
        snprintf(status, sizeof status, "after move %d", game_position(g));
    }
    char *svg = game_picture(g, (int)viewer, status);
    if (!svg) { fprintf(stderr, "grove show: %s\n", game_error(g)); goto done; }
    if (outfile_write(out ? out : "-", svg, strlen(svg), err, sizeof err)) {
        rc = 0;
    } else {
        fprintf(stderr, "grove show: %s\n", err);
    }
    free(svg);
done:
    game_close(g);
    vm_free(vm);
    return rc;
}

/* `grove show`: its row of the table of subcommands (main.c). */
const cli_command command_show = {
    .name = "show",
    .synopsis =
        "  grove show GAME|FILE.sav [--players N] [--seed S] [--variant A,B] [--set NAME=VALUE]...\n"
        "             [--viewer SEAT] [-o FILE.svg]\n"
        "                          a game's opening position or a save's position as a picture (SVG)\n",
    .usage = show_usage,
    .run = cmd_show,
};
