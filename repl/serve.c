/*
 * serve.c — `grove serve GAME`: the command line of the browser table. It
 * opens the game, seats the bots, reads the page's files, starts the table
 * (serve/table.c) and the HTTP server (serve/http.c), prints each seat's
 * URL, logs the moves, and stops on Ctrl-C or SIGTERM.
 */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "http.h"
#include "session.h"

static const char serve_usage[] =
    "usage: grove serve GAME [--players N] [--bot SEAT=KIND]... [--variant A,B] [--set NAME=VALUE]...\n"
    "                        [--seed S] [--port P] [--listen ADDR]\n"
    "  A live table in the browser: each seat gets its own URL with a secret token\n"
    "  (printed at start); a seat's page shows that seat's view only, offers its\n"
    "  legal moves, and updates when anyone moves. Ctrl-C or SIGTERM stops it.\n"
    "  --players N        the seats (default: the game's usual count; grove list shows them)\n"
    "  --bot SEAT=KIND    a bot plays SEAT: random, greedy, mcts, mcts:ITERATIONS, mcts:SECONDSs\n"
    "  --variant A,B      variants, comma-separated (grove list shows them)\n"
    "  --set NAME=VALUE   a game option (grove list --options GAME lists them)\n"
    "  --seed S           the seed of the game's chance (default: a random one, printed)\n"
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

static int cmd_serve(int argc, char **argv)
{
    cli_opts o = { 0 };
    const char *listen = "127.0.0.1";
    long port = 8080;
    const char *port_arg = NULL;
    const cli_own_opt own[] = {
        { "--port", NULL, &port_arg, NULL },
        { "--listen", NULL, &listen, NULL },
        { "--from", NULL, NULL, "--from is grove play's (see grove serve --help)" },
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
    if (!o.game) { fputs(serve_usage, stderr); return 2; }
    if (!o.seed_given) {
        uint32_t r = 0;
        if (getrandom(&r, sizeof r, 0) != sizeof r) r = 1;
        o.seed = r;
    }
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    char err[GAME_ERRLEN];
    game *g = cli_open_game(vm, &o, err, sizeof err);
    if (!g) {
        if (err[0]) fprintf(stderr, "grove serve: %s\n", err);
        vm_free(vm);
        return 1;
    }
    serve_pages pages = { 0 };
    pages.html = read_page(vm, "table.html", &pages.html_len);
    pages.js = pages.html ? read_page(vm, "table.js", &pages.js_len) : NULL;
    pages.css = pages.js ? read_page(vm, "table.css", &pages.css_len) : NULL;
    pages.board_js = pages.css ? read_page(vm, "board.js", &pages.board_js_len) : NULL;
    const bot_spec *bots[TABLE_MAX_SEATS + 1] = { 0 };
    for (int seat = 1; seat <= o.players && seat <= MAX_BOTS && seat <= TABLE_MAX_SEATS; seat++)
        if (o.bots[seat][0]) bots[seat] = &o.bot[seat];
    table *t = pages.board_js ? table_new(vm, g, bots, o.seed, err, sizeof err) : NULL;
    if (!t) {
        if (pages.board_js) fprintf(stderr, "grove serve: %s\n", err);
        game_close(g);
        vm_free(vm);
        free(pages.html); free(pages.js); free(pages.css); free(pages.board_js);
        return 1;
    }
    /* Ctrl-C and SIGTERM are waited for below: blocked in every thread.
     * Their default action first: a shell starts a background job with
     * SIGINT ignored, and an ignored signal never reaches sigwait. */
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    serve_site site = { t, &pages };
    serve_server *srv = serve_start(&site, listen, (int)port, err, sizeof err);
    int rc = 1;
    if (!srv) { fprintf(stderr, "grove serve: %s\n", err); goto done; }
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
    if (!strcmp(listen, "0.0.0.0") || !strcmp(listen, "::"))
        printf("(every address of this machine: give the others its address in place of %s)\n", listen);
    for (int seat = 1; seat <= o.players; seat++) {
        if (table_is_bot(t, seat)) printf("  seat %d: the %s bot\n", seat, o.bots[seat]);
        else printf("  seat %d: %s/play/%s\n", seat, base, table_token(t, seat));
    }
    printf("  onlooker: %s/play/%s\n", base, table_token(t, 0));
    printf("Each URL is that seat's key: give it to that player only. Ctrl-C stops the table.\n");
    fflush(stdout);
    table_set_log(t, stdout);                   /* what the rules said at setup, then the moves */
    int sig = 0;
    sigwait(&stop, &sig);
    table_set_log(t, NULL);
    table_stop(t);
    printf("grove serve: stopped (%s) after %d moves\n", sig == SIGINT ? "Ctrl-C" : "SIGTERM", game_position(g));
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
        "              [--seed S] [--port P] [--listen ADDR]\n"
        "                          a live table in the browser, each seat on its own URL\n",
    .usage = serve_usage,
    .run = cmd_serve,
};
