/*
 * test.c — `grove test`: the scenario test files of the games (each game's tests/)
 * and of tests/lua/, run by stdlib/grove/testing.lua. With --jobs N (by
 * default one a processor) N files run at a time, each in a grove process
 * of its own (`grove test --worker FILE`), and their reports are printed
 * in the order of the files, as one process would print them. A worker
 * dies with its runner, even one killed by SIGKILL (die_with_runner).
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <lauxlib.h>

#include "api.h"
#include "cli.h"

extern char **environ;

/* The last line of a worker's report: its counts, for the parent. */
#define COUNTS_LINE "grove-test-counts "
#define MAX_JOBS 256

typedef struct { char **v; int n, cap; } strlist;

static void sl_add(strlist *l, const char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 32;
        char **nv = realloc(l->v, (size_t)l->cap * sizeof *nv);
        if (!nv) { fprintf(stderr, "grove: out of memory\n"); exit(1); }
        l->v = nv;
    }
    l->v[l->n++] = strdup(s);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.lua under dir (recursively, but not in lib/ folders: they hold
 * helpers test files require), sorted. */
static void collect(const char *dir, strlist *out)
{
    DIR *d = opendir(dir);
    if (!d) return;
    strlist here = { 0 };
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        sl_add(&here, path);
    }
    closedir(d);
    if (here.n) qsort(here.v, (size_t)here.n, sizeof *here.v, cmp_str);
    for (int i = 0; i < here.n; i++) {
        struct stat sb;
        size_t len = strlen(here.v[i]);
        const char *base = strrchr(here.v[i], '/');
        bool lib = base && !strcmp(base + 1, "lib");       /* helpers of the tests, not tests */
        if (stat(here.v[i], &sb) == 0 && S_ISDIR(sb.st_mode)) { if (!lib) collect(here.v[i], out); }
        else if (len > 4 && !strcmp(here.v[i] + len - 4, ".lua")) sl_add(out, here.v[i]);
        free(here.v[i]);
    }
    free(here.v);
}

/* The default test set: of each search-path folder, tests/ of every game
 * in its scripts/, then of every game folder in it (one holding game.lua),
 * then its tests/lua/. */
static void default_tests(grove_vm *vm, strlist *out)
{
    for (int i = 0; i < vm->npaths; i++) {
        char dir[PATH_MAX];
        for (int direct = 0; direct < 2; direct++) {
            snprintf(dir, sizeof dir, direct ? "%s" : "%s/scripts", vm->paths[i]);
            DIR *d = opendir(dir);
            if (!d) continue;
            strlist games = { 0 };
            struct dirent *e;
            while ((e = readdir(d)))
                if (e->d_name[0] != '.') {
                    char t[PATH_MAX + 300];
                    snprintf(t, sizeof t, "%s/%s/game.lua", dir, e->d_name);
                    if (direct && access(t, R_OK) != 0) continue;
                    snprintf(t, sizeof t, "%s/%s/tests", dir, e->d_name);
                    sl_add(&games, t);
                }
            closedir(d);
            if (games.n) qsort(games.v, (size_t)games.n, sizeof *games.v, cmp_str);
            for (int k = 0; k < games.n; k++) { collect(games.v[k], out); free(games.v[k]); }
            free(games.v);
        }
        snprintf(dir, sizeof dir, "%s/tests/lua", vm->paths[i]);
        collect(dir, out);
    }
}


/* How a file is named in the report: its path from the search-path folder
 * it is in (scripts/logger/tests/growth.lua), else as given. */
static const char *display_name(const grove_vm *vm, const char *path)
{
    for (int k = 0; k < vm->npaths; k++) {
        size_t n = strlen(vm->paths[k]);
        if (!strncmp(path, vm->paths[k], n) && path[n] == '/') return path + n + 1;
    }
    return path;
}

/* Run the files in this process (testing.run); false, said on stderr, when
 * the runner itself cannot run. */
static bool run_here(grove_vm *vm, const strlist *files, bool verbose, const char *filter,
                     long *passed, long *failed)
{
    lua_State *L = vm->L;
    int top = lua_gettop(L);
    vm_push_trusted(vm);
    int env = lua_gettop(L);
    lua_getfield(L, env, "require");
    lua_pushliteral(L, "grove.testing");
    bool ok = false;
    if (vm_call_budget(vm, 1, 1, NULL, 0) != LUA_OK) goto out;
    lua_getfield(L, -1, "run");
    lua_createtable(L, files->n, 0);
    for (int i = 0; i < files->n; i++) {
        lua_createtable(L, 0, 2);
        lua_pushstring(L, files->v[i]);
        lua_setfield(L, -2, "path");
        lua_pushstring(L, display_name(vm, files->v[i]));
        lua_setfield(L, -2, "name");
        lua_rawseti(L, -2, i + 1);
    }
    lua_pushboolean(L, verbose);
    if (filter) lua_pushstring(L, filter); else lua_pushnil(L);
    if (vm_call_budget(vm, 3, 2, NULL, 0) != LUA_OK) goto out;
    *passed = (long)lua_tointeger(L, -2);
    *failed = (long)lua_tointeger(L, -1);
    ok = true;
out:
    if (!ok) fprintf(stderr, "grove test: %s\n", lua_tostring(L, -1));
    lua_settop(L, top);
    return ok;
}

/* ---- files in worker processes ------------------------------------------- */

typedef struct {
    pid_t pid;                  /* 0: not started yet */
    FILE *out;                  /* its stdout and stderr, an unnamed temporary file */
    int status;                 /* waitpid's, once done */
    bool done;
} worker;

/* In a worker (`grove test --worker --runner PID`): be killed when the
 * runner dies, however it dies (SIGKILL included), so no worker is left
 * running on its own; if the runner died before this was asked, end now
 * (the parent is then another process). Linux: PR_SET_PDEATHSIG. */
static void die_with_runner(long runner)
{
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if ((long)getppid() != runner) _exit(1);
}

/* Start `grove test --worker --runner PID PATH` (this very program), its
 * output to a temporary file; false with err. */
static bool start_worker(worker *w, const char *path, bool verbose, const char *filter,
                         char *err, size_t errlen)
{
    w->out = tmpfile();
    if (!w->out) {
        snprintf(err, errlen, "cannot make a temporary file: %s", strerror(errno));
        return false;
    }
    const char *argv[10];
    char runner[24];
    snprintf(runner, sizeof runner, "%ld", (long)getpid());
    int n = 0;
    argv[n++] = "grove";
    argv[n++] = "test";
    argv[n++] = "--worker";
    argv[n++] = "--runner";
    argv[n++] = runner;
    if (verbose) argv[n++] = "-v";
    if (filter) { argv[n++] = "--filter"; argv[n++] = filter; }
    argv[n++] = path;
    argv[n] = NULL;
    posix_spawn_file_actions_t fa;
    int e = posix_spawn_file_actions_init(&fa);
    if (!e) e = posix_spawn_file_actions_adddup2(&fa, fileno(w->out), STDOUT_FILENO);
    if (!e) e = posix_spawn_file_actions_adddup2(&fa, fileno(w->out), STDERR_FILENO);
    if (!e) e = posix_spawn(&w->pid, "/proc/self/exe", &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (e) {
        snprintf(err, errlen, "cannot start a grove process: %s", strerror(e));
        fclose(w->out);
        w->out = NULL;
        w->pid = 0;
        return false;
    }
    return true;
}

/* Print worker w's report (all but its counts line) and add its counts.
 * A worker that ended without counts, or with a status other than 0 (a
 * crash, a sanitizer's report), fails its file once more, saying how it
 * ended. */
static void report_worker(worker *w, const char *name, long *passed, long *failed)
{
    bool counted = false, line_open = false;     /* the report stopped mid-line */
    char *line = NULL;
    size_t cap = 0;
    rewind(w->out);
    while (getline(&line, &cap, w->out) != -1) {
        long p, f;
        if (!strncmp(line, COUNTS_LINE, strlen(COUNTS_LINE)) &&
            sscanf(line + strlen(COUNTS_LINE), "%ld %ld", &p, &f) == 2) {
            *passed += p;
            *failed += f;
            counted = true;
        } else {
            fputs(line, stdout);
            line_open = line[strlen(line) - 1] != '\n';
        }
    }
    free(line);
    fclose(w->out);
    w->out = NULL;
    if (counted && WIFEXITED(w->status) && WEXITSTATUS(w->status) == 0) return;
    if (line_open) putchar('\n');
    if (WIFSIGNALED(w->status))
        printf("FAIL %s: its test process was killed by signal %d (%s)\n", name,
               WTERMSIG(w->status), strsignal(WTERMSIG(w->status)));
    else if (!counted)
        printf("FAIL %s: its test process ended (status %d) without a report\n", name,
               WEXITSTATUS(w->status));
    else
        printf("FAIL %s: its test process ended with status %d\n", name, WEXITSTATUS(w->status));
    *failed += 1;
    fflush(stdout);
}

/* Run the files `jobs` at a time in worker processes, printing each
 * file's report once it and every file before it are done. */
static bool run_workers(grove_vm *vm, const strlist *files, int jobs, bool verbose,
                        const char *filter, long *passed, long *failed)
{
    worker *w = calloc((size_t)files->n, sizeof *w);
    if (!w) { fprintf(stderr, "grove test: out of memory\n"); return false; }
    bool ok = true;
    int next = 0, printed = 0, running = 0;
    fflush(stdout);
    while (printed < files->n) {
        while (ok && running < jobs && next < files->n) {
            char err[256];
            if (!start_worker(&w[next], files->v[next], verbose, filter, err, sizeof err)) {
                fprintf(stderr, "grove test: %s\n", err);
                ok = false;
                break;
            }
            next++;
            running++;
        }
        if (running == 0) break;
        int status;
        pid_t pid = waitpid(-1, &status, 0);
        if (pid < 0) {
            if (errno == EINTR) continue;
            fprintf(stderr, "grove test: waiting for a test process: %s\n", strerror(errno));
            ok = false;
            break;
        }
        for (int i = 0; i < next; i++)
            if (w[i].pid == pid && !w[i].done) {
                w[i].done = true;
                w[i].status = status;
                running--;
            }
        while (printed < next && w[printed].done) {
            report_worker(&w[printed], display_name(vm, files->v[printed]), passed, failed);
            printed++;
        }
    }
    /* only after an error: end and reap what still runs */
    for (int i = 0; i < next; i++) {
        if (w[i].pid > 0 && !w[i].done) {
            kill(w[i].pid, SIGTERM);
            waitpid(w[i].pid, NULL, 0);
        }
        if (w[i].out) fclose(w[i].out);
    }
    free(w);
    return ok;
}

/* ---- the command ---------------------------------------------------------- */

/* The processors this machine has online (at least 1). */
static int processors(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_JOBS ? MAX_JOBS : (int)n;
}

static const char usage[] =
    "usage: grove test [PATH...] [-v] [--filter TEXT] [--jobs N]\n"
    "  Run the scenario tests: of every game (scripts/*/tests/, tests/lua/), or of the\n"
    "  files, folders, game folders (their tests/) or game names given.\n"
    "  -v                 name each test as it passes\n"
    "  --filter TEXT      only the tests whose name contains TEXT\n"
    "  -j, --jobs N       run N test files at once, each in a process of its own\n"
    "                     (default: one a processor); the reports come in file order\n";

static int cmd_test(int argc, char **argv)
{
    bool verbose = false, worker_mode = false;
    const char *filter = NULL;
    int jobs = 0;                       /* 0: one a processor */
    const char **paths = calloc((size_t)argc, sizeof *paths);    /* the arguments that are no option */
    int npaths = 0;
    if (!paths) { fprintf(stderr, "grove test: out of memory\n"); return 1; }
    api_set_display(false, false);      /* tests see the same text on any terminal */
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) verbose = true;
        else if (!strcmp(a, "--worker")) worker_mode = true;  /* a parallel run's own process */
        else if (!strcmp(a, "--runner") && i + 1 < argc) die_with_runner(strtol(argv[++i], NULL, 10));
        else if (!strcmp(a, "--filter") || !strcmp(a, "-j") || !strcmp(a, "--jobs")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "grove test: %s needs a value\n", a);
                free(paths);
                return 2;
            }
            if (!strcmp(a, "--filter")) { filter = argv[++i]; continue; }
            char *end;
            errno = 0;
            long n = strtol(argv[++i], &end, 10);
            if (errno || *end || end == argv[i] || n < 1 || n > MAX_JOBS) {
                fprintf(stderr, "grove test: %s takes how many test files run at once, 1 to %d, not '%s'\n",
                        a, MAX_JOBS, argv[i]);
                free(paths);
                return 2;
            }
            jobs = (int)n;
        } else {
            paths[npaths++] = a;
        }
    }
    grove_vm *vm = cli_vm();
    if (!vm) { free(paths); return 1; }
    strlist files = { 0 };
    for (int i = 0; i < npaths; i++) {
        struct stat sb;
        const char *path = paths[i];
        char game_dir[PATH_MAX];
        if (stat(path, &sb) != 0) {
            /* not a path: a game's name, found where grove play finds it */
            if (strchr(path, '/') || !vm_find_game(vm, path, game_dir, sizeof game_dir) ||
                stat(game_dir, &sb) != 0) {
                fprintf(stderr, "grove test: no file, folder or game '%s'\n", path);
                for (int k = 0; k < files.n; k++) free(files.v[k]);
                free(files.v);
                free(paths);
                vm_free(vm);
                return 2;
            }
            path = game_dir;
        }
        if (S_ISDIR(sb.st_mode)) {
            /* a game's folder: its tests/, not its rule files */
            char t[PATH_MAX + 8], gl[PATH_MAX + 16];
            struct stat tb;
            snprintf(t, sizeof t, "%s/tests", path);
            snprintf(gl, sizeof gl, "%s/game.lua", path);
            if (stat(gl, &tb) == 0 && stat(t, &tb) == 0 && S_ISDIR(tb.st_mode)) collect(t, &files);
            else collect(path, &files);
        } else {
            sl_add(&files, path);
        }
    }
    free(paths);
    if (npaths == 0) default_tests(vm, &files);
    if (jobs == 0) jobs = processors();
    long passed = 0, failed = 0;
    bool ok = worker_mode || jobs == 1 || files.n <= 1
                  ? run_here(vm, &files, verbose, filter, &passed, &failed)
                  : run_workers(vm, &files, jobs, verbose, filter, &passed, &failed);
    int rc = 1;
    if (worker_mode) {
        if (ok) printf(COUNTS_LINE "%ld %ld\n", passed, failed);
        rc = ok ? 0 : 1;
    } else if (ok) {
        printf("%ld passed, %ld failed\n", passed, failed);
        rc = failed || passed == 0 ? 1 : 0;
        if (passed == 0 && !failed) fprintf(stderr, "grove test: no tests found\n");
    }
    for (int i = 0; i < files.n; i++) free(files.v[i]);
    free(files.v);
    vm_free(vm);
    return rc;
}

/* `grove test`: its row of the table of subcommands (main.c). */
const cli_command command_test = {
    .name = "test",
    .synopsis =
        "  grove test [PATH...]    run the scenario tests: of all games, or of the given files,\n"
        "                          folders, game folders (their tests/) or game names\n",
    .usage = usage,
    .run = cmd_test,
};
