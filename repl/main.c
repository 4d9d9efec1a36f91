/*
 * main.c — the `grove` program: subcommand dispatch, help, version, and the
 * small subcommands (list, run, replay).
 */
#include <ctype.h>
#include <errno.h>
#include <lauxlib.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api.h"
#include "cli.h"
#include "outfile.h"

static const char *const usage =
    "grove — play, simulate and test board-game rules written in Lua\n"
    "\n"
    "usage:\n"
    "  grove play GAME [--players N] [--seed S] [--variant A,B] [--bot SEAT=KIND]...\n"
    "            [--set NAME=VALUE]... [--ascii] [--from FILE]\n"
    "                          play at the REPL (type 'help' there); --from starts from a save\n"
    "  grove list [--options GAME]\n"
    "                          the games, their player counts and variants; or GAME's options\n"
    "  grove new NAME          a new game to change into yours: scripts/NAME/ (or ./NAME/\n"
    "                          where there is no scripts/ folder) with its README and tests\n"
    "  grove test [PATH...]    run the scenario tests: of all games, or of the given files,\n"
    "                          folders, game folders (their tests/) or game names\n"
    "  grove mutate GAME [-n N] [--seed S] [--files A,B] [--threads T] [--fail-under PCT]\n"
    "                          plant faults in GAME's rule files one at a time and report\n"
    "                          each one its tests miss (grove mutate --help)\n"
    "  grove run FILE.lua [ARGS...]\n"
    "                          run a Lua script with the host API (trusted: io, os)\n"
    "  grove sim GAME -n N [--players P] [--variant A,B] [--bots KIND[,KIND...]] [--seed S]\n"
    "            [--threads T] [--json FILE] [--csv FILE] [--compare A B] [--coverage]\n"
    "            [--records FILE.jsonl [--shard I/N] [--resume]]\n"
    "            [--set NAME=VALUE]... [--sweep NAME=A,B,C]\n"
    "                          bot games in bulk: win rates, scores, lengths (see grove sim --help)\n"
    "  grove merge FILES... [--json FILE] [--csv FILE] [--plot FILE.svg]\n"
    "                          the --records of a study's shards reported as one run\n"
    "  grove replay FILE [-v] [--game N] [--html OUT.html]\n"
    "                          play a save file or sim's records again and check the end;\n"
    "                          --html writes a page that steps through every position\n"
    "  grove check GAME... [--players N] [--variant A,B] [-n GAMES] [--seed S] [--cap MOVES]\n"
    "            [--set NAME=VALUE]...\n"
    "                          every check that needs no knowledge of the rules (determinism,\n"
    "                          undo, replay, saves, move texts, hidden cards, invariants, the end)\n"
    "                          on random games of every player count and variant\n"
    "  grove show GAME|FILE.sav [--players N] [--seed S] [--variant A,B] [--set NAME=VALUE]...\n"
    "             [--viewer SEAT] [-o FILE.svg]\n"
    "                          a game's opening position or a save's position as a picture (SVG)\n"
    "  grove serve GAME [--players N] [--bot SEAT=KIND]... [--variant A,B] [--set NAME=VALUE]...\n"
    "              [--seed S] [--port P] [--listen ADDR]\n"
    "                          a live table in the browser, each seat on its own URL\n"
    "  grove bench [GAME] [--players N] [--variant A,B] [--seed S] [--seconds S | --playouts N]\n"
    "              [--set NAME=VALUE]... [--bots KIND[,KIND...] [--games N]] [--json FILE]\n"
    "                          random playouts and MCTS iterations per second; with\n"
    "                          --bots, whole bot games: games per hour\n"
    "  grove help TOPIC        a help page: grove help topics lists them (also at the REPL)\n"
    "  grove COMMAND --help    what COMMAND takes\n"
    "  grove --help | --version\n"
    "\n"
    "Games are found in scripts/ beside stdlib/ in the data folder (next to the\n"
    "grove binary in a source tree, or PREFIX/share/grove once installed), then\n"
    "in each folder of GROVE_PATH (colon-separated), which holds scripts/NAME/,\n"
    "then as NAME/ (holding game.lua) in the working directory.\n";

/* ---- each subcommand's --help ------------------------------------------------------ */

static const char play_usage[] =
    "usage: grove play GAME [--players N] [--seed S] [--variant A,B] [--bot SEAT=KIND]...\n"
    "                  [--set NAME=VALUE]... [--ascii] [--from FILE]\n"
    "  Play GAME at the REPL: type a move, its number, a command or Lua ('help' there).\n"
    "  --players N        the seats (default: the game's usual count; grove list shows them)\n"
    "  --seed S           the seed of the game's chance (default 1)\n"
    "  --variant A,B      variants, comma-separated (grove list shows them)\n"
    "  --bot SEAT=KIND    a bot plays SEAT: random, greedy, mcts, mcts:ITERATIONS, mcts:SECONDSs\n"
    "  --set NAME=VALUE   a game option (grove list --options GAME lists them)\n"
    "  --ascii            plain ASCII boards, whatever the terminal\n"
    "  --from FILE        start from a save (made with save FILE at the REPL); GAME, the\n"
    "                     player count, seed, variants and options come from the file\n";

static const char bench_usage[] =
    "usage: grove bench [GAME] [--players N] [--variant A,B] [--seed S] [--set NAME=VALUE]...\n"
    "                   [--seconds S | --playouts N] [--json FILE]\n"
    "  Random playouts of GAME (of every game without one) as fast as they go: playouts\n"
    "  and moves a second, where the time goes, allocations and state size.\n"
    "  --seconds S        how long to run each game (default 3)\n"
    "  --playouts N       a fixed number of playouts instead (the same work every run)\n"
    "  --set NAME=VALUE   a game option (grove list --options GAME lists them)\n"
    "  --json FILE        the figures as JSON\n";

static const char replay_usage[] =
    "usage: grove replay FILE [-v] [--game N] [--html OUT.html]\n"
    "  Play a save file (save FILE at the REPL) or the records of grove sim (--json,\n"
    "  --records, --sweep --json) again under the current rules, with their options,\n"
    "  and check they end where they did. -v lists the moves; --game N replays only\n"
    "  the N-th record.\n"
    "  --html OUT.html    write one self-contained page that steps through every\n"
    "                     position of the save (or of record N, default the first):\n"
    "                     next/previous, a slider, the moves with what the rules said,\n"
    "                     the viewer chosen at the top\n"
    "  Exit status 0 when everything replays, 1 when something does not.\n";

static const char test_usage[] =
    "usage: grove test [PATH...] [-v] [--filter TEXT] [--jobs N]\n"
    "  Run the scenario tests: of every game (scripts/*/tests/, tests/lua/), or of the\n"
    "  files, folders, game folders (their tests/) or game names given.\n"
    "  -v                 name each test as it passes\n"
    "  --filter TEXT      only the tests whose name contains TEXT\n"
    "  -j, --jobs N       run N test files at once, each in a process of its own\n"
    "                     (default: one a processor); the reports come in file order\n";

static const char run_usage[] =
    "usage: grove run FILE.lua [ARGS...]\n"
    "  Run a Lua script with the host API (games.open, ...) and, unlike rule scripts,\n"
    "  io and os: it is trusted. ARGS are in arg[1], arg[2], ... (arg[0]: the file).\n";

static const char new_usage[] =
    "usage: grove new NAME\n"
    "  A new game to change into yours: scripts/NAME/ (or ./NAME/ where there is no\n"
    "  scripts/ folder) with game.lua, README.md and tests/, which grove test NAME runs.\n";

static const char help_usage[] =
    "usage: grove help [TOPIC]\n"
    "  A help page, the same as 'help TOPIC' at the REPL; grove help topics lists them.\n";

static const char list_usage[] =
    "usage: grove list                        the games, their player counts and variants\n"
    "       grove list --options GAME [--variant A,B]\n"
    "                                         the options GAME declares: each with its default,\n"
    "                                         the values it takes and what it changes\n"
    "                                         (set them with play, sim, bench --set NAME=VALUE)\n";

/* The --help of subcommand `cmd`, or NULL when it prints its own (sim). */
static const char *usage_of(const char *cmd)
{
    static const struct { const char *cmd, *text; } pages[] = {
        { "play", play_usage }, { "bench", bench_usage }, { "replay", replay_usage }, { "test", test_usage },
        { "run", run_usage }, { "new", new_usage }, { "help", help_usage }, { "list", list_usage },
    };
    for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++)
        if (!strcmp(cmd, pages[i].cmd)) return pages[i].text;
    return NULL;
}

/* Does argv ask for help: --help or -h among the subcommand's arguments
 * (for run, only as the first: the rest belong to the script)? */
static bool asks_help(int argc, char **argv)
{
    int last = !strcmp(argv[1], "run") ? (argc > 2 ? 2 : 1) : argc - 1;
    for (int i = 2; i <= last; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return true;
    return false;
}

/* ---- list -------------------------------------------------------------------- */


static int cmd_list(int argc, char **argv)
{
    const char *options_of = NULL, *variants = "";
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { fputs(list_usage, stdout); return 0; }
        if (!strcmp(argv[i], "--options") && i + 1 < argc && argv[i + 1][0] != '-') options_of = argv[++i];
        else if ((!strcmp(argv[i], "--variant") || !strcmp(argv[i], "--variants")) && i + 1 < argc) variants = argv[++i];
        else if (!strcmp(argv[i], "--options")) { fprintf(stderr, "grove list: --options needs a game\n%s", list_usage); return 2; }
        else { fprintf(stderr, "grove list: unexpected argument '%s'\n%s", argv[i], list_usage); return 2; }
    }
    if (variants[0] && !options_of) { fprintf(stderr, "grove list: --variant goes with --options GAME\n%s", list_usage); return 2; }
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    if (options_of) {
        bool ok = cli_print_options(stdout, vm, options_of, variants, NULL);
        vm_free(vm);
        return ok ? 0 : 1;
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

/* ---- run ------------------------------------------------------------------------ */

static int cmd_run(int argc, char **argv)
{
    if (argc < 3) { fprintf(stderr, "usage: grove run FILE.lua [ARGS...]\n"); return 2; }
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    lua_State *L = vm->L;
    vm_push_trusted(vm);
    int env = lua_gettop(L);
    lua_createtable(L, argc - 3, 1);
    for (int i = 2; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - 2);
    }
    lua_setfield(L, env, "arg");
    int rc = 0;
    if (vm_loadfile(vm, argv[2], env) != LUA_OK || vm_call_budget(vm, 0, 0, NULL, 0) != LUA_OK) {
        fprintf(stderr, "grove: %s\n", lua_tostring(L, -1));
        rc = 1;
    }
    vm_free(vm);
    return rc;
}

/* read(path) for replay.lua: the file's text, or nil and why (through
 * cli_read_file: no device, pipe, folder or file beyond any record's size) */
static int push_text(lua_State *L)
{
    lua_pushstring(L, lua_touserdata(L, 1));
    return 1;
}

static int l_read_file(lua_State *L)
{
    char err[PATH_MAX + 128];
    char *text = cli_read_file(luaL_checkstring(L, 1), err, sizeof err);
    if (!text) {
        luaL_pushfail(L);
        lua_pushstring(L, err);
        return 2;
    }
    /* pushed in a protected call, so that the text is freed when there is
       no memory for its copy */
    lua_pushcfunction(L, push_text);
    lua_pushlightuserdata(L, text);
    int status = lua_pcall(L, 1, 1, 0);
    free(text);
    return status == LUA_OK ? 1 : lua_error(L);
}

/* write(path, text) -> true, or nil and why: the --html page written whole
 * or not at all, as every file grove writes (outfile.h). */
static int l_write_whole(lua_State *L)
{
    size_t len;
    const char *path = luaL_checkstring(L, 1);
    const char *text = luaL_checklstring(L, 2, &len);
    char err[1024];
    if (outfile_write(path, text, len, err, sizeof err)) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushnil(L);
    lua_pushstring(L, err);
    return 2;
}

/* grove replay FILE: stdlib/grove/replay.lua does the work. */
static int cmd_replay(int argc, char **argv)
{
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    lua_State *L = vm->L;
    vm_push_trusted(vm);
    lua_getfield(L, -1, "require");
    lua_pushliteral(L, "grove.replay");
    int rc = 1;
    if (vm_call_budget(vm, 1, 1, NULL, 0) != LUA_OK) {
        fprintf(stderr, "grove replay: %s\n", lua_tostring(L, -1));
        vm_free(vm);
        return 1;
    }
    lua_getfield(L, -1, "main");
    lua_createtable(L, argc, 0);
    for (int i = 2; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - 1);
    }
    lua_pushnil(L);                                     /* out: print */
    lua_pushcfunction(L, l_read_file);                  /* read: cli_read_file's checks */
    char page[PATH_MAX];                                /* the --html page's template */
    if (vm_find(vm, "serve/page/replay.html", page, sizeof page)) lua_pushstring(L, page);
    else lua_pushnil(L);
    lua_pushcfunction(L, l_write_whole);
    if (vm_call_budget(vm, 5, 1, NULL, 0) != LUA_OK) fprintf(stderr, "grove replay: %s\n", lua_tostring(L, -1));
    else rc = (int)lua_tointeger(L, -1);
    vm_free(vm);
    return rc;
}

/* Does the locale say UTF-8 (LC_ALL, else LC_CTYPE, else LANG)? */
static bool utf8_locale(void)
{
    const char *names[] = { "LC_ALL", "LC_CTYPE", "LANG" };
    for (size_t i = 0; i < 3; i++) {
        const char *v = getenv(names[i]);
        if (!v || !*v) continue;
        char low[128];
        size_t n = 0;
        for (; v[n] && n + 1 < sizeof low; n++) low[n] = (char)tolower((unsigned char)v[n]);
        low[n] = '\0';
        return strstr(low, "utf-8") || strstr(low, "utf8");
    }
    return false;
}

/* Colour when stdout is a terminal that is not "dumb" and NO_COLOR is not
 * set (https://no-color.org); Unicode symbols when the locale is UTF-8.
 * `grove play --ascii` turns the symbols off; grove test always draws
 * plain ASCII, so tests do not depend on the terminal. */
static void set_display(void)
{
    const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");
    bool color = isatty(STDOUT_FILENO) && !(no_color && *no_color) && !(term && !strcmp(term, "dumb"));
    api_set_display(color, utf8_locale());
}

static int run_command(int argc, char **argv)
{
    set_display();
    if (argc >= 3 && !strcmp(argv[1], "help") && strcmp(argv[2], "--help") && strcmp(argv[2], "-h")) {
        help_print(stdout, argv[2]);
        return help_has(argv[2]) ? 0 : 2;
    }
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || (!strcmp(argv[1], "help") && argc == 2)) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("grove %s (%s)\n", GROVE_VERSION, LUA_RELEASE);
        return 0;
    }
    const char *page = usage_of(argv[1]);
    if (page && asks_help(argc, argv)) {
        fputs(page, stdout);
        return 0;
    }
    if (!strcmp(argv[1], "play")) return cmd_play(argc, argv);
    if (!strcmp(argv[1], "list")) return cmd_list(argc, argv);
    if (!strcmp(argv[1], "new")) return cmd_new(argc, argv);
    if (!strcmp(argv[1], "run")) return cmd_run(argc, argv);
    if (!strcmp(argv[1], "test")) return cmd_test(argc, argv);
    if (!strcmp(argv[1], "mutate")) return cmd_mutate(argc, argv);
    if (!strcmp(argv[1], "bench")) return cmd_bench(argc, argv);
    if (!strcmp(argv[1], "sim")) return cmd_sim(argc, argv);
    if (!strcmp(argv[1], "replay")) return cmd_replay(argc, argv);
    if (!strcmp(argv[1], "merge")) return cmd_merge(argc, argv);
    if (!strcmp(argv[1], "check")) return cmd_check(argc, argv);
    if (!strcmp(argv[1], "show")) return cmd_show(argc, argv);
    if (!strcmp(argv[1], "serve")) return cmd_serve(argc, argv);
    fprintf(stderr, "grove: unknown command '%s' (see grove --help)\n", argv[1]);
    return 2;
}

/* Every command's output is checked to its end: a write error or a full
 * disk (stdout into /dev/full) is reported and fails the command, never an
 * output lost with exit 0. (Each file a command writes is checked where it
 * is written: outfile.h.) */
int main(int argc, char **argv)
{
    set_display();
    int rc = run_command(argc, argv);
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "grove: cannot write the output: %s\n", errno ? strerror(errno) : "a write error");
        if (rc == 0) rc = 1;
    }
    return rc;
}
