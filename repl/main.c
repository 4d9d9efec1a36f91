/*
 * main.c — the `grove` program's entry: the table of subcommands, from
 * which grove --help, grove NAME --help, grove --commands and the dispatch
 * all come; grove help, and --version.
 *
 * A subcommand is a file of its own (in repl/, or in the room whose work it
 * runs: session/play.c, study/sim.c, study/merge.c) defining its row,
 * `const cli_command command_NAME` (cli.h): its name, its lines of grove
 * --help, its --help page and its function. A new one is that file and one
 * line below, in the table, where grove --help lists it. The completion
 * script (completions/grove.bash) and the manual (doc/grove.1) name the
 * subcommands too: tests/repl/cli/completion.sh fails when either disagrees
 * with grove --commands, which prints the table's names.
 *
 * The conventions every subcommand keeps: errors go to stderr, a usage
 * error (a bad option or value, a name of nothing there) exits 2, any
 * other failure 1; an output file named "-" is the standard output, and
 * the command's own report then goes to stderr (outputs_to_stdout);
 * Ctrl-C and SIGTERM leave no temporary file behind (cli_signals_default).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api.h"
#include "cli.h"
#include "help.h"
#include "outfile.h"
#include "session.h"

/* ---- the table ---------------------------------------------------------------------- */

static int cmd_help(int argc, char **argv);

static const cli_command command_help = {
    .name = "help",
    .synopsis =
        "  grove help TOPIC        a help page: grove help topics lists them (also at the REPL)\n",
    .usage =
        "usage: grove help [TOPIC | GAME]\n"
        "  A help page, the same as 'help TOPIC' at the REPL; grove help topics lists them.\n"
        "  grove help GAME: the options GAME declares, as 'help GAME' at its REPL.\n",
    .run = cmd_help,
    .help_first = true,                 /* grove help TOPIC --help: the topic */
};

/* Each row is defined in its subcommand's file. */
extern const cli_command command_play, command_list, command_new, command_test, command_mutate, command_run,
    command_sim, command_duel, command_learn, command_merge, command_replay, command_check, command_show, command_serve, command_bench;

/* The subcommands, in the order grove --help lists them. */
static const cli_command *const commands[] = {
    &command_play, &command_list, &command_new, &command_test, &command_mutate, &command_run, &command_sim,
    &command_duel, &command_learn, &command_merge, &command_replay, &command_check, &command_show, &command_serve, &command_bench, &command_help,
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* The subcommand called `name`, or NULL. */
static const cli_command *command_named(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(name, commands[i]->name)) return commands[i];
    return NULL;
}

/* grove --help: every subcommand's synopsis, in the table's order. */
static void print_usage(FILE *out)
{
    fputs("grove — play, simulate and test board-game rules written in Lua\n\nusage:\n", out);
    for (size_t i = 0; i < NCOMMANDS; i++) fputs(commands[i]->synopsis, out);
    fputs("  grove COMMAND --help    what COMMAND takes\n"
          "  grove --help | --version\n"
          "\n"
          "A game is a folder NAME/ holding game.lua. It is looked for in the data\n"
          "folder (next to the grove binary in a source tree, or PREFIX/share/grove\n"
          "once installed), then in each folder of GROVE_PATH (colon-separated), then\n"
          "in the working directory: in each, as scripts/NAME/, then as NAME/.\n", out);
}

/* Does argv ask for c's page: --help or -h among its arguments (only as
 * the first for a command whose later words are not its own)? */
static bool asks_help(const cli_command *c, int argc, char **argv)
{
    int last = c->help_first ? (argc > 2 ? 2 : 1) : argc - 1;
    for (int i = 2; i <= last; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return true;
    return false;
}

/* grove help: the usage; grove help TOPIC: a help page, as `help TOPIC`
 * at the REPL prints it; grove help GAME: the game's options, as `help
 * GAME` at its REPL. Exit 2, said on stderr, when it is neither. */
static int cmd_help(int argc, char **argv)
{
    if (argc < 3) {
        print_usage(stdout);
        return 0;
    }
    if (argc > 3) {
        fprintf(stderr, "grove help: one topic at a time, not '%s %s' (grove help topics lists them)\n", argv[2],
                argv[3]);
        return 2;
    }
    if (help_has(argv[2])) {
        help_print(stdout, argv[2], repl_help_commands);
        return 0;
    }
    char dir[PATH_MAX];
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    int rc = 2;
    if (!strchr(argv[2], '/') && vm_find_game(vm, argv[2], dir, sizeof dir))
        rc = cli_print_options(stdout, vm, argv[2], "", NULL) ? 0 : 1;
    else
        help_print(stderr, argv[2], repl_help_commands);
    vm_free(vm);
    return rc;
}

/* ---- the terminal ------------------------------------------------------------------- */

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

/* ---- outputs to the standard output ------------------------------------------------ */

/* The options whose value names a file a command writes. */
static const struct {
    const char *command;
    const char *flags[5];
} outputs[] = {
    { "sim", { "--json", "--csv", "--plot", "--records", NULL } },
    { "merge", { "--json", "--csv", "--plot", NULL } },
    { "bench", { "--json", NULL } },
    { "replay", { "--html", NULL } },
    { "show", { "-o", "--output", NULL } },
};

/* An output of the command named "-" is the standard output (outfile.h):
 * the command's own report (its summary, "written to ...") then goes to
 * stderr, so the standard output holds that output alone (grove sim
 * logger -n 100 --json - | jq ...). Two outputs named "-" would mix: a
 * usage error. 0, or the exit status, said. */
static int outputs_to_stdout(int argc, char **argv)
{
    const char *first = NULL;
    for (size_t c = 0; c < sizeof outputs / sizeof outputs[0]; c++) {
        if (strcmp(argv[1], outputs[c].command)) continue;
        for (int i = 2; i + 1 < argc; i++)
            for (const char *const *f = outputs[c].flags; *f; f++) {
                if (strcmp(argv[i], *f) || strcmp(argv[i + 1], "-")) continue;
                if (first) {
                    fprintf(stderr, "grove %s: %s - and %s -: only one output can go to the standard output\n",
                            argv[1], first, *f);
                    return 2;
                }
                first = *f;
            }
    }
    if (!first) return 0;
    fflush(stdout);
    int data = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (data < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        fprintf(stderr, "grove %s: %s -: cannot set the standard output aside: %s\n", argv[1], first, strerror(errno));
        return 1;
    }
    outfile_stdout_fd(data);
    return 0;
}

/* ---- dispatch ---------------------------------------------------------------------- */

static int run_command(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        print_usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("grove %s (%s)\n", GROVE_VERSION, LUA_RELEASE);
        return 0;
    }
    if (!strcmp(argv[1], "--commands")) {       /* not in --help: for the completion script's and the manual's checks */
        for (size_t i = 0; i < NCOMMANDS; i++) printf("%s\n", commands[i]->name);
        return 0;
    }
    const cli_command *c = command_named(argv[1]);
    if (!c) {
        fprintf(stderr, "grove: unknown command '%s' (see grove --help)\n", argv[1]);
        return 2;
    }
    if (asks_help(c, argc, argv)) {
        fputs(c->usage, stdout);
        return 0;
    }
    int rc = outputs_to_stdout(argc, argv);
    return rc ? rc : c->run(argc, argv);
}

/* Every command's output is checked to its end: a write error or a full
 * disk (stdout into /dev/full) is reported and fails the command, never an
 * output lost with exit 0. (Each file a command writes is checked where it
 * is written: outfile.h.) */
int main(int argc, char **argv)
{
    set_display();
    cli_signals_default();
    int rc = run_command(argc, argv);
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "grove: cannot write the output: %s\n", errno ? strerror(errno) : "a write error");
        if (rc == 0) rc = 1;
    }
    return rc;
}
