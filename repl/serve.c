/*
 * serve.c — `grove serve GAME`: the command line of the browser table. It
 * opens the game (or resumes one from its save, with the seats' tokens
 * from the seats file beside it), seats the bots, reads the page's files,
 * starts the table (serve/table.c), which saves the game after every
 * move, and the HTTP server (serve/http.c), prints each seat's URL, logs
 * the moves, and stops on Ctrl-C or SIGTERM.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>

#include "http.h"
#include "session.h"

static const char serve_usage[] =
    "usage: grove serve GAME [--players N] [--bot SEAT=KIND]... [--variant A,B] [--set NAME=VALUE]...\n"
    "                        [--seed S] [--save FILE] [--port P] [--listen ADDR]\n"
    "       grove serve --from FILE.sav [--bot SEAT=KIND]... [--save FILE] [--port P] [--listen ADDR]\n"
    "  A live table in the browser: each seat gets its own URL with a secret token\n"
    "  (printed at start); a seat's page shows that seat's view only, offers its\n"
    "  legal moves, and updates when anyone moves. A seat may ask for a hint, hand\n"
    "  itself to a bot and take itself back, and download the save. Ctrl-C or\n"
    "  SIGTERM stops it.\n"
    "  --players N        the seats (default: the game's usual count; grove list shows them)\n"
    "  --bot SEAT=KIND    a bot plays SEAT: random, greedy, mcts, mcts:ITERATIONS, mcts:SECONDSs\n"
    "                     (with --from: for that seat instead of the one the seats file names)\n"
    "  --variant A,B      variants, comma-separated (grove list shows them)\n"
    "  --set NAME=VALUE   a game option (grove list --options GAME lists them)\n"
    "  --seed S           the seed of the game's chance (default: a random one, printed)\n"
    "  --save FILE        the file the game is saved to after every move (default:\n"
    "                     GAME-YYYYMMDD-HHMMSS.sav in this folder; with --from, that file);\n"
    "                     FILE.seats beside it keeps the seats' tokens (mode 0600)\n"
    "  --from FILE.sav    resume a saved table: the game, players, variants, options and\n"
    "                     moves come from the file, the seats' tokens and bots from\n"
    "                     FILE.sav.seats (new tokens, said plainly, when it is missing)\n"
    "  --port P           the port (default 8080; 0: any free port)\n"
    "  --listen ADDR      the address to listen on (default 127.0.0.1, this machine only;\n"
    "                     0.0.0.0 lets other machines of the network join: the tokens are\n"
    "                     then the only guard, and HTTP is not encrypted)\n";

/* Read one of the page's files (serve/page/NAME on the search path). */
static char *read_page(grove_vm *vm, const char *name, size_t *len)
{
    char rel[64], path[PATH_MAX], err[1024];
    snprintf(rel, sizeof rel, "serve/page/%s", name);
    if (!vm_find(vm, rel, path, sizeof path)) {
        fprintf(stderr, "grove serve: the page's file %s is not installed (make install puts it in the data folder)\n", rel);
        return NULL;
    }
    char *text = cli_read_file(path, err, sizeof err);
    if (!text) { fprintf(stderr, "grove serve: %s\n", err); return NULL; }
    *len = strlen(text);
    return text;
}

static bool exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* The default save file: GAME-YYYYMMDD-HHMMSS.sav in this folder, with
 * -2, -3 ... when one of that name is there already. */
static void default_save(const char *name, char *out, size_t len)
{
    char when[32];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(when, sizeof when, "%Y%m%d-%H%M%S", &tm);
    snprintf(out, len, "%s-%s.sav", name, when);
    for (int k = 2; exists(out) && k < 1000; k++) snprintf(out, len, "%s-%s-%d.sav", name, when, k);
}

/* The game a save file holds (--from), which must agree with what the
 * command line says of it; NULL with err and *status: 2 for a command line
 * that disagrees with the file (a usage error), 1 for a file that does not
 * load. */
static game *open_saved(grove_vm *vm, cli_opts *o, int *status, char *err, size_t errlen)
{
    *status = 2;
    if (o->set.n > 0) {
        snprintf(err, errlen, "--from %s: the file holds the options it was played with (leave --set out)", o->from);
        return NULL;
    }
    *status = 1;
    char *text = cli_read_file(o->from, err, errlen);
    if (!text) return NULL;
    char why[GAME_ERRLEN];
    game *g = game_load_text(vm, text, why, sizeof why);
    free(text);
    if (!g) { snprintf(err, errlen, "--from %s: %s", o->from, why); return NULL; }
    *status = 2;
    const char *differs = NULL;
    if (o->game && strcmp(o->game, game_name(g)) != 0) differs = "game";
    else if (o->players && o->players != game_players(g)) differs = "player count";
    else if (o->seed_given && o->seed != game_seed(g)) differs = "seed";
    else if (o->variants[0] && strcmp(o->variants, game_variants(g)) != 0) differs = "variants";
    if (differs) {
        snprintf(err, errlen, "--from %s: the file holds %s, %d players, seed %llu%s%s; the command line asks for "
                 "another %s (leave it out: the file says it)", o->from, game_name(g), game_players(g),
                 (unsigned long long)game_seed(g), game_variants(g)[0] ? ", variants " : "", game_variants(g), differs);
        game_close(g);
        return NULL;
    }
    for (int seat = game_players(g) + 1; seat <= MAX_BOTS; seat++)
        if (o->bots[seat][0]) {
            snprintf(err, errlen, "--bot %d: the game has only %d seats", seat, game_players(g));
            game_close(g);
            return NULL;
        }
    o->game = game_name(g);
    o->players = game_players(g);
    o->seed = game_seed(g);
    snprintf(o->variants, sizeof o->variants, "%s", game_variants(g));
    return g;
}

static int cmd_serve(int argc, char **argv)
{
    cli_opts o = { 0 };
    const char *listen = "127.0.0.1";
    long port = 8080;
    const char *port_arg = NULL, *save_arg = NULL;
    const cli_own_opt own[] = {
        { "--port", NULL, &port_arg, NULL },
        { "--listen", NULL, &listen, NULL },
        { "--save", NULL, &save_arg, NULL },
        { "--ascii", NULL, NULL, "--ascii is grove play's (see grove serve --help)" },
        { NULL, NULL, NULL, NULL },
    };
    int parsed = cli_parse_command("serve", serve_usage, argc, argv, own, &o);
    if (parsed >= 0) return parsed;
    if (port_arg) {
        char *end;
        port = strtol(port_arg, &end, 10);
        if (!*port_arg || *end || port < 0 || port > 65535) {
            fprintf(stderr, "grove serve: --port needs a port number 0..65535\n");
            return 2;
        }
    }
    if (!o.game && !o.from) { fputs(serve_usage, stderr); return 2; }
    if (save_arg && !*save_arg) { fprintf(stderr, "grove serve: --save needs a file name\n"); return 2; }
    /* never write over a save of another game: a file there is resumed, or another name chosen */
    if (save_arg && exists(save_arg) && !(o.from && !strcmp(save_arg, o.from))) {
        fprintf(stderr, "grove serve: --save %s: the file is there already (resume it with --from %s, or choose "
                "another name)\n", save_arg, save_arg);
        return 2;
    }
    if (!o.seed_given && !o.from) {
        uint32_t r = 0;
        if (getrandom(&r, sizeof r, 0) != sizeof r) r = 1;
        o.seed = r;
    }
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    char err[GAME_ERRLEN];
    int status = 1;
    game *g = o.from ? open_saved(vm, &o, &status, err, sizeof err) : cli_open_game(vm, &o, "grove serve", &status);
    if (!g && o.from) fprintf(stderr, "grove serve: %s\n", err);
    if (!g) {
        vm_free(vm);
        return status;
    }
    /* the seats of the table the save was made at: tokens, and the bots the
     * command line does not name again */
    table_seats seats;
    char seats_path[PATH_MAX + 8] = "", seats_why[GAME_ERRLEN] = "";
    bool seated = false;
    if (o.from) {
        snprintf(seats_path, sizeof seats_path, "%s.seats", o.from);
        seated = table_seats_read(seats_path, game_name(g), game_players(g), &seats, seats_why, sizeof seats_why);
    }
    char save[PATH_MAX];
    if (save_arg) snprintf(save, sizeof save, "%s", save_arg);
    else if (o.from) snprintf(save, sizeof save, "%s", o.from);
    else default_save(game_name(g), save, sizeof save);
    serve_pages pages = { 0 };
    pages.html = read_page(vm, "table.html", &pages.html_len);
    pages.js = pages.html ? read_page(vm, "table.js", &pages.js_len) : NULL;
    pages.css = pages.js ? read_page(vm, "table.css", &pages.css_len) : NULL;
    pages.board_js = pages.css ? read_page(vm, "board.js", &pages.board_js_len) : NULL;
    const bot_spec *bots[TABLE_MAX_SEATS + 1] = { 0 };
    for (int seat = 1; seat <= o.players && seat <= MAX_BOTS && seat <= TABLE_MAX_SEATS; seat++)
        if (o.bots[seat][0]) bots[seat] = &o.bot[seat];
        else if (seated && seats.is_bot[seat]) bots[seat] = &seats.bots[seat];
    table *t = pages.board_js ? table_new(vm, g, bots, o.seed, err, sizeof err) : NULL;
    if (!t) {
        if (pages.board_js) fprintf(stderr, "grove serve: %s\n", err);
        game_close(g);
        vm_free(vm);
        free(pages.html); free(pages.js); free(pages.css); free(pages.board_js);
        return 1;
    }
    if (seated) table_use_seats(t, &seats);
    int rc = 1;
    serve_server *srv = NULL;
    sigset_t stop;
    sigemptyset(&stop);
    /* Ctrl-C and SIGTERM are waited for below: blocked in every thread.
     * Their default action first: a shell starts a background job with
     * SIGINT ignored, and an ignored signal never reaches sigwait. */
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    serve_site site = { t, &pages };
    srv = serve_start(&site, listen, (int)port, err, sizeof err);
    if (!srv) { fprintf(stderr, "grove serve: %s\n", err); goto done; }
    /* the first save once the table can be served (nothing is written for a table that never was) */
    if (!table_set_save(t, save, err, sizeof err)) {
        fprintf(stderr, "grove serve: cannot save the game to %s: %s (--save chooses another file)\n", save, err);
        goto done;
    }
    if (!table_start_bots(t)) { fprintf(stderr, "grove serve: cannot start the bots' thread\n"); goto done; }
    bool v6 = strchr(listen, ':') != NULL;
    char base[128];
    snprintf(base, sizeof base, "http://%s%s%s:%d", v6 ? "[" : "", listen, v6 ? "]" : "", serve_port(srv));
    game_settings changed;                      /* the options set away from their defaults */
    char options[512] = "";
    if (game_options_values(g, true, &changed)) game_settings_text(&changed, options, sizeof options);
    printf("grove serve: %s, %d player%s, seed %llu%s%s%s%s, on %s\n", o.game, o.players, o.players == 1 ? "" : "s",
           (unsigned long long)o.seed, o.variants[0] ? ", variants " : "", o.variants,
           options[0] ? ", options " : "", options, base);
    if (o.from) {
        printf("resumed %s: %d move%s played\n", o.from, game_position(g), game_position(g) == 1 ? "" : "s");
        if (game_load_note(g)[0]) printf("note: %s\n", game_load_note(g));
        if (seated) printf("the seats keep their tokens (%s): the URLs of before open the same seats\n", seats_path);
        else printf("NEW TOKENS: %s, so every seat has a new URL below (the old ones open nothing)\n", seats_why);
    }
    printf("saving to %s after every move (grove serve --from %s resumes it; %s.seats keeps the seats' tokens)\n",
           save, save, save);
    if (!strcmp(listen, "0.0.0.0") || !strcmp(listen, "::"))
        printf("(every address of this machine: give the others its address in place of %s)\n", listen);
    for (int seat = 1; seat <= o.players; seat++) {
        printf("  seat %d: %s/play/%s", seat, base, table_token(t, seat));
        char name[BOT_NAMELEN];
        if (bots[seat]) bot_name(bots[seat], name, sizeof name);
        if (bots[seat]) printf("   (the %s bot plays it; its player takes it back there)", name);
        printf("\n");
    }
    printf("  onlooker: %s/play/%s\n", base, table_token(t, 0));
    printf("Each URL is that seat's key: give it to that player only. Ctrl-C stops the table.\n");
    fflush(stdout);
    table_set_log(t, stdout);                   /* what the rules said at setup, then the moves */
    int sig = 0;
    sigwait(&stop, &sig);
    table_set_log(t, NULL);
    table_stop(t);
    printf("grove serve: stopped (%s) after %d moves; saved in %s\n", sig == SIGINT ? "Ctrl-C" : "SIGTERM",
           game_position(g), save);
    rc = 0;
done:
    table_stop(t);
    serve_stop(srv);
    table_free(t);                              /* closes the game */
    vm_free(vm);
    free(pages.html); free(pages.js); free(pages.css); free(pages.board_js);
    pthread_sigmask(SIG_UNBLOCK, &stop, NULL);
    return rc;
}

/* `grove serve`: its row of the table of subcommands (main.c). */
const cli_command command_serve = {
    .name = "serve",
    .synopsis =
        "  grove serve GAME [--players N] [--bot SEAT=KIND]... [--variant A,B] [--set NAME=VALUE]...\n"
        "              [--seed S] [--save FILE] [--port P] [--listen ADDR]\n"
        "  grove serve --from FILE.sav [--bot SEAT=KIND]... [--save FILE] [--port P] [--listen ADDR]\n"
        "                          a live table in the browser, each seat on its own URL, saved\n"
        "                          after every move; --from resumes one\n",
    .usage = serve_usage,
    .run = cmd_serve,
};
