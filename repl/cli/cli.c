/*
 * cli.c — what the subcommands share: finding the data folder, a VM on it,
 * the common options (--players, --seed, --variant, --bot, --set ...),
 * checking them against the game, and Ctrl-C.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>

#include "cli.h"
#include "outfile.h"

/* ---- Ctrl-C and SIGTERM ------------------------------------------------------ */

static const int caught_signals[] = { SIGINT, SIGTERM };
#define NCAUGHT (sizeof caught_signals / sizeof caught_signals[0])
static bool installed[NCAUGHT];             /* cli_signals_default took it (it was not ignored) */
static bool graceful[NCAUGHT];              /* cli_signals_catch took it over */
static volatile sig_atomic_t caught;        /* the signal cli_signals_catch's handler took first, or 0 */
static bool in_session;

/* A command that does not catch the signal: its temporary files go, then
 * it ends by the signal as it would have. */
static void on_default(int sig)
{
    outfile_remove_temporaries();
    signal(sig, SIG_DFL);
    raise(sig);                             /* delivered once this handler returns */
}

/* A command that stops cleanly: the first asks every script to stop, the
 * second ends the process at once, its temporary files removed. */
static void on_graceful(int sig)
{
    if (caught) {
        outfile_remove_temporaries();
        _exit(128 + sig);
    }
    caught = sig;
    vm_cancel_all();
}

static void set_handler(int sig, void (*fn)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = fn;
    sa.sa_flags = SA_RESTART;               /* a write under way goes on */
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

void cli_signals_default(void)
{
    for (size_t i = 0; i < NCAUGHT; i++) {
        struct sigaction old;
        if (sigaction(caught_signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN) continue;
        set_handler(caught_signals[i], on_default);
        installed[i] = true;
    }
}

bool cli_signals_catch(void)
{
    bool any = false;
    caught = 0;
    if (in_session) return false;           /* the REPL's: Ctrl-C is its own, SIGTERM still ends it */
    for (size_t i = 0; i < NCAUGHT; i++) {
        struct sigaction now;
        graceful[i] = false;
        if (!installed[i] || sigaction(caught_signals[i], NULL, &now) != 0 || now.sa_handler != on_default) continue;
        set_handler(caught_signals[i], on_graceful);
        graceful[i] = any = true;
    }
    return any;
}

int cli_signals_end(void)
{
    for (size_t i = 0; i < NCAUGHT; i++)
        if (graceful[i]) {
            set_handler(caught_signals[i], on_default);
            graceful[i] = false;
        }
    int sig = caught;
    caught = 0;
    return sig;
}

void cli_session(bool on)
{
    in_session = on;
}

bool cli_in_session(void)
{
    return in_session;
}

/* ---- finding the data folder ---------------------------------------------- */

static bool has_stdlib(const char *dir)
{
    char path[PATH_MAX + 32];
    struct stat sb;
    snprintf(path, sizeof path, "%s/stdlib/grove/game.lua", dir);
    return stat(path, &sb) == 0;
}

/* The folder holding stdlib/ and scripts/: GROVE_DATA, then beside the
 * binary (build/grove in a source tree: ..), then ../share/grove from the
 * binary, then the compiled-in GROVE_DATADIR. */
bool cli_datadir(char *out, size_t len)
{
    const char *env = getenv("GROVE_DATA");
    if (env && has_stdlib(env)) { snprintf(out, len, "%s", env); return true; }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) *slash = '\0';
        const char *tries[] = { "/..", "/../share/grove", "" };
        for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++) {
            char cand[PATH_MAX + 32], real[PATH_MAX];
            snprintf(cand, sizeof cand, "%s%s", exe, tries[i]);
            if (has_stdlib(cand) && realpath(cand, real)) { snprintf(out, len, "%s", real); return true; }
        }
    }
#ifdef GROVE_DATADIR
    if (has_stdlib(GROVE_DATADIR)) { snprintf(out, len, "%s", GROVE_DATADIR); return true; }
#endif
    return false;
}

grove_vm *cli_vm(void)
{
    char dir[PATH_MAX];
    if (!cli_datadir(dir, sizeof dir)) {
        fprintf(stderr, "grove: cannot find the data folder (stdlib/ and scripts/); "
                        "set GROVE_DATA or reinstall with make install\n");
        return NULL;
    }
    grove_vm *vm = host_new(dir);
    if (!vm && !vm_cancelled())      /* a Ctrl-C stopped it: the caller says it was interrupted */
        fprintf(stderr, "grove: out of memory starting Lua\n");
    return vm;
}

int cli_default_players(grove_vm *vm, const char *name, const char *variants)
{
    char err[GAME_ERRLEN];
    game_counts counts;
    if (!game_counts_of(vm, name, variants, &counts, err, sizeof err)) {
        fprintf(stderr, "grove: %s\n", err);
        return 0;
    }
    return counts.def;
}

/* ---- options ---------------------------------------------------------------- */

static bool parse_int(const char *s, long long lo, long long hi, long long *out)
{
    if (!s || !*s) return false;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (*end || errno || v < lo || v > hi) return false;
    *out = v;
    return true;
}

bool cli_parse_opts(int argc, char **argv, int i, cli_opts *o, bool bench)
{
    for (; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        long long n;
        if (!strcmp(a, "--players") || !strcmp(a, "-p")) {
            if (!parse_int(v, 1, 16, &n)) { fprintf(stderr, "grove: --players needs a number 1..16\n"); return false; }
            o->players = (int)n; i++;
        } else if (!strcmp(a, "--seed") || !strcmp(a, "-s")) {
            if (!parse_int(v, 0, LLONG_MAX, &n)) { fprintf(stderr, "grove: --seed needs an integer 0..%lld (a save's seed is a Lua integer)\n", LLONG_MAX); return false; }
            o->seed = (uint64_t)n; o->seed_given = true; i++;
        } else if (!strcmp(a, "--variant") || !strcmp(a, "--variants")) {
            if (!v) { fprintf(stderr, "grove: --variant needs a name (or names, comma-separated)\n"); return false; }
            snprintf(o->variants, sizeof o->variants, "%s", v); i++;
        } else if (!strcmp(a, "--bot") && !bench) {
            const char *eq = v ? strchr(v, '=') : NULL;
            char seatbuf[8] = "", why[160];
            if (eq && eq - v < 7) { memcpy(seatbuf, v, (size_t)(eq - v)); seatbuf[eq - v] = '\0'; }
            if (!eq || !parse_int(seatbuf, 1, MAX_BOTS, &n)) {
                fprintf(stderr, "grove: --bot needs SEAT=KIND, e.g. --bot 2=mcts "
                                "(kinds: random, greedy, mcts, mcts:ITERATIONS, mcts:SECONDSs)\n");
                return false;
            }
            if (!bot_parse(eq + 1, &o->bot[n], why, sizeof why)) {
                fprintf(stderr, "grove: --bot %s: %s\n", seatbuf, why);
                return false;
            }
            bot_name(&o->bot[n], o->bots[n], sizeof o->bots[n]); i++;
        } else if (!strcmp(a, "--set")) {
            char why[GAME_ERRLEN];
            if (!v) { fprintf(stderr, "grove: --set needs NAME=VALUE (grove list --options GAME lists them)\n"); return false; }
            if (!game_settings_add(&o->set, v, why, sizeof why)) { fprintf(stderr, "grove: %s\n", why); return false; }
            i++;
        } else if (!strcmp(a, "--ascii") && !bench) {
            o->ascii = true;
        } else if (!strcmp(a, "--from") && !bench) {
            if (!v) { fprintf(stderr, "grove: --from needs a save file (made with save FILE at the REPL)\n"); return false; }
            o->from = v; i++;
        } else if (!strcmp(a, "--seconds") && bench) {
            char *end;
            double d = v ? strtod(v, &end) : 0;
            if (!v || *end || d <= 0 || d > 3600) { fprintf(stderr, "grove: --seconds needs a number of seconds\n"); return false; }
            o->seconds = d; i++;
        } else if (!strcmp(a, "--playouts") && bench) {
            if (!parse_int(v, 1, 100000000, &n)) { fprintf(stderr, "grove: --playouts needs a positive count\n"); return false; }
            o->playouts = (long)n; i++;
        } else if (!strcmp(a, "--bots") && bench) {
            if (!v) { fprintf(stderr, "grove: --bots needs a bot kind, or one per seat (mcts,random)\n"); return false; }
            o->bench_bots = v; i++;
        } else if (!strcmp(a, "--games") && bench) {
            if (!parse_int(v, 1, 1000000, &n)) { fprintf(stderr, "grove: --games needs a positive count\n"); return false; }
            o->games = (long)n; i++;
        } else if (!strcmp(a, "--json") && bench) {
            if (!v) { fprintf(stderr, "grove: --json needs a file name\n"); return false; }
            o->json = v; i++;
        } else if (a[0] == '-') {
            fprintf(stderr, "grove: unknown option '%s' (see grove --help)\n", a);
            return false;
        } else if (!o->game) {
            o->game = a;
        } else {
            fprintf(stderr, "grove: unexpected argument '%s' (see grove --help)\n", a);
            return false;
        }
    }
    return true;
}

static const cli_own_opt *own_option(const cli_own_opt *own, const char *a)
{
    for (; own && own->name; own++)
        if (!strcmp(a, own->name) || (own->alias && !strcmp(a, own->alias))) return own;
    return NULL;
}

int cli_parse_command(const char *command, const char *usage, int argc, char **argv, const cli_own_opt *own,
                      cli_opts *o)
{
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    if (!rest) { fprintf(stderr, "grove: out of memory\n"); return 1; }
    int nrest = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const cli_own_opt *opt = i >= 2 ? own_option(own, a) : NULL;
        if (i >= 2 && (!strcmp(a, "-h") || !strcmp(a, "--help"))) {
            fputs(usage, stdout);
            free(rest);
            return 0;
        }
        if (opt && !opt->value) {
            fprintf(stderr, "grove %s: %s\n", command, opt->refused);
            free(rest);
            return 2;
        }
        if (opt) {
            if (i + 1 >= argc) {
                fprintf(stderr, "grove %s: %s needs a value\n%s", command, a, usage);
                free(rest);
                return 2;
            }
            *opt->value = argv[++i];
            continue;
        }
        rest[nrest++] = argv[i];
    }
    bool ok = cli_parse_opts(nrest, rest, 2, o, false);
    free(rest);
    return ok ? -1 : 2;
}

/* Is `name` one of the variants game `a` has (its own, or an overlay's)? */
static bool has_variant(const game_about *a, const char *name)
{
    for (int i = 0; i < a->nvariants; i++)
        if (!strcmp(a->variants[i], name)) return true;
    for (int i = 0; i < a->noverlays; i++)
        if (!strcmp(a->overlays[i], name)) return true;
    return false;
}

/* cli_check_game's look at the game and its variants: 0, or 2 (a name of
 * nothing there, variants that share no count) or 1 (a script that does
 * not load) with the reason in err. *counts: what the game takes. */
static int check_names(grove_vm *vm, const char *name, const char *variants, game_counts *counts, char *err,
                       size_t errlen)
{
    char dir[PATH_MAX];
    if (game_counts_of(vm, name, variants, counts, err, errlen)) return 0;
    if (vm_cancelled()) return 1;
    if (!vm_find_game(vm, name, dir, sizeof dir)) return 2;             /* "no game 'x' ... try grove list" */
    game_about *about = malloc(sizeof *about);
    if (!about) { snprintf(err, errlen, "out of memory"); return 1; }
    char why[GAME_ERRLEN];
    int rc = 1;                                                         /* the game's own script fails */
    if (game_about_of(vm, name, about, why, sizeof why)) {
        char list[GAME_MAX_VARIANTS], *save = NULL;
        snprintf(list, sizeof list, "%s", variants ? variants : "");
        rc = variants && variants[0] ? 2 : 1;                           /* variants sharing no count */
        for (char *v = strtok_r(list, ",", &save); v; v = strtok_r(NULL, ",", &save)) {
            while (*v == ' ') v++;
            game_counts one;
            if (!has_variant(about, v)) { rc = 2; break; }              /* "no variant 'x'" */
            if (!game_counts_of(vm, name, v, &one, why, sizeof why)) rc = 1;   /* its script fails */
        }
    }
    free(about);
    return rc;
}

int cli_check_game(grove_vm *vm, const char *who, const char *name, const char *variants, int players,
                   const game_settings *set)
{
    char err[GAME_ERRLEN];
    game_counts counts;
    int rc = check_names(vm, name, variants, &counts, err, sizeof err);
    if (rc) {
        if (err[0]) fprintf(stderr, "%s: %s\n", who, err);
        return rc;
    }
    if (players && (players < counts.min || players > counts.max)) {
        /* the engine says which variant takes which counts, refusing the count before any setup */
        game *g = game_open(vm, name, variants, players, 1, 0, err, sizeof err);
        if (g) {
            game_close(g);
            snprintf(err, sizeof err, "%s is played by %d to %d players, not %d", name, counts.min, counts.max, players);
        }
        fprintf(stderr, "%s: %s\n", who, err);
        return 2;
    }
    switch (game_settings_check(vm, name, variants, set, err, sizeof err)) {
    case 1: return 0;
    case 0: fprintf(stderr, "%s: %s\n", who, err); return 2;
    default: fprintf(stderr, "%s: %s\n", who, err); return 1;
    }
}

game *cli_open_game(grove_vm *vm, cli_opts *o, const char *who, int *status)
{
    *status = cli_check_game(vm, who, o->game, o->variants, o->players, &o->set);
    if (*status) return NULL;
    if (!o->players) o->players = cli_default_players(vm, o->game, o->variants);
    *status = 1;
    if (!o->players) return NULL;                                       /* said already */
    for (int seat = o->players + 1; seat <= MAX_BOTS; seat++)
        if (o->bots[seat][0]) {
            fprintf(stderr, "%s: --bot %d: the game has only %d seat%s\n", who, seat, o->players,
                    o->players == 1 ? "" : "s");
            *status = 2;
            return NULL;
        }
    char err[GAME_ERRLEN];
    game *g = game_open_with(vm, o->game, o->variants, o->players, o->seed, &o->set, err, sizeof err);
    if (!g) fprintf(stderr, "%s: %s\n", who, err);
    else *status = 0;
    return g;
}

/* ---- a game's options ------------------------------------------------------- */

bool cli_print_options(FILE *out, grove_vm *vm, const char *name, const char *variants, game *g)
{
    char err[GAME_ERRLEN];
    game_option_info *info = malloc(GAME_MAX_SETTINGS * sizeof *info);
    if (!info) { fprintf(stderr, "grove: out of memory\n"); return false; }
    int n = game_options_of(vm, name, variants, info, GAME_MAX_SETTINGS, err, sizeof err);
    if (n < 0) { fprintf(stderr, "grove: %s\n", err); free(info); return false; }
    game_settings now = { 0 };
    if (g && !game_options_values(g, true, &now)) now.n = 0;     /* those set away from their defaults */
    if (n == 0) {
        fprintf(out, "%s%s%s declares no options.\n", name, variants && variants[0] ? " with " : "",
                variants ? variants : "");
        free(info);
        return true;
    }
    fprintf(out, "Options of %s%s%s (grove play|sim|bench %s --set NAME=VALUE):\n", name,
            variants && variants[0] ? " with " : "", variants ? variants : "", name);
    for (int i = 0; i < n; i++) {
        const game_option_info *o = &info[i];
        char head[160];
        snprintf(head, sizeof head, "%s=%s", o->name, o->dflt);
        fprintf(out, "  %-22s %s", head, o->values);
        if (o->by_players[0]) fprintf(out, "; default %s", o->by_players);
        for (int k = 0; k < now.n; k++)
            if (!strcmp(now.v[k].name, o->name)) fprintf(out, "; now %s", now.v[k].value);
        fprintf(out, "\n      %s\n", o->help);
    }
    free(info);
    return true;
}

/* ---- files ------------------------------------------------------------------ */

#define CLI_FILE_MAX_BYTES (1 << 30)  /* 4 million moves of the longest text */

char *cli_read_file(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) { snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno)); return NULL; }
    /* a save or a session is a regular file of bounded size: /dev/zero, a
     * pipe or a folder would be read for ever or not at all */
    struct stat st;
    if (fstat(fileno(f), &st) != 0) {
        snprintf(err, errlen, "cannot load %s: %s", path, strerror(errno));
        fclose(f);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        fclose(f);
        snprintf(err, errlen, "cannot load %s: %s", path,
                 S_ISDIR(st.st_mode) ? "it is a folder" : "it is not a regular file (a device or a pipe)");
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (len + 1 < cap) break;
        if (cap >= CLI_FILE_MAX_BYTES) {
            fclose(f);
            free(buf);
            snprintf(err, errlen, "cannot load %s: larger than %d MiB, which no save is", path, CLI_FILE_MAX_BYTES >> 20);
            return NULL;
        }
        cap *= 2;
        char *nb = realloc(buf, cap);
        if (!nb) { free(buf); buf = NULL; break; }
        buf = nb;
    }
    fclose(f);
    if (!buf) { snprintf(err, errlen, "out of memory reading %s", path); return NULL; }
    buf[len] = '\0';
    if (strlen(buf) != len) { free(buf); snprintf(err, errlen, "%s is not a text file", path); return NULL; }
    return buf;
}

bool cli_parse_long(const char *s, long lo, long hi, long *out)
{
    if (!s) return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || end == s || errno || v < lo || v > hi) return false;
    *out = v;
    return true;
}

void cli_remove_tree(const char *path)
{
    struct stat sb;
    if (lstat(path, &sb) != 0) return;
    if (!S_ISDIR(sb.st_mode)) {
        unlink(path);
        return;
    }
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            char sub[PATH_MAX];
            int n = snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            if (n > 0 && (size_t)n < sizeof sub) cli_remove_tree(sub);
        }
        closedir(d);
    }
    rmdir(path);
}

