/*
 * mutate.c — `grove mutate GAME`: mutation testing of a game's rule files.
 * stdlib/grove/mutate.lua does the work in the trusted environment (the
 * lexer, the faults, the order of the tests, the report); this file gives
 * it, as the table `sys`, what a Lua script cannot do by itself:
 *
 *   - a private temporary folder ($TMPDIR/grove-mutate-XXXXXX), the only
 *     place faults are written: folders and links are made only inside it.
 *     It is removed when the command ends, on Ctrl-C, SIGTERM and SIGHUP;
 *     one left by a run that was killed is removed by the next run;
 *   - where the game is on the search path, so that a copy of its folder
 *     can be found first by the test processes;
 *   - test processes (`grove test --worker FILE`, this very program), each
 *     in a process group of its own, with a limit on the processor time it
 *     may use (so that a busy machine does not make a slow test look like
 *     an endless one), waited for, killed with their group, and killed too
 *     when grove mutate dies (Linux).
 *
 * The designer's files are never opened for writing, so no interrupt, crash
 * or kill can leave a fault behind in them.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <lauxlib.h>

#include "cli.h"

extern char **environ;

static const char usage[] =
    "usage: grove mutate GAME [-n N] [--seed S] [--files A,B] [--threads T] [--fail-under PCT]\n"
    "                         [--time-factor F] [--list] [-v]\n"
    "  Plant small faults in GAME's rule files one at a time (a comparison flipped, a\n"
    "  number changed by one, a condition negated, and/or, +/-, true/false swapped, a\n"
    "  statement deleted), run GAME's tests against each, and report each fault no test\n"
    "  catches as a diff with its file and line, then the share caught. Faults go in\n"
    "  copies in a temporary folder: the rule files themselves are never changed.\n"
    "  Never in comments or strings; a comment '-- mutate: off' ... '-- mutate: on'\n"
    "  keeps them out of a region, '-- mutate: skip' out of a line or a whole function.\n"
    "  -n N               how many faults to plant (default 100; all: one at every place)\n"
    "  --seed S           which faults: the same seed plants the same ones (default 1)\n"
    "  --files A,B        only these rule files (default: every .lua outside tests/)\n"
    "  --threads T        faults tested at once (default: one a processor)\n"
    "  --fail-under PCT   exit 1 when under PCT percent of the faults are caught\n"
    "  --time-factor F    a test file that runs F times its usual time (plus 2 s) is\n"
    "                     stopped, and catches the fault (default 5)\n"
    "  --list             print the faults that would be planted, and run nothing\n"
    "  -v                 a line for each fault as it is caught or survives\n"
    "  Faults listed in GAME/tests/mutate-equivalent.txt (hunks as the report prints\n"
    "  them) change nothing a player could see: they are left out.\n"
    "  Ctrl-C (or SIGTERM) stops it: the faults tried to the end so far are reported.\n"
    "  Exit status 0 when it ran (survivors or not), 1 on an error or under\n"
    "  --fail-under, 2 on bad usage, 130 when interrupted (143 for SIGTERM).\n";

#define ROOT_PREFIX "grove-mutate-"
#define MAX_LIVE 512                    /* test processes running at once, at most */
#define SPAWN_FAILED 126                /* the exit status of a test process that could not start */

static volatile sig_atomic_t got_signal;         /* the SIGINT, SIGTERM or SIGHUP that came */
static char root[PATH_MAX];                      /* the temporary folder; "" before it is made */
static pid_t live[MAX_LIVE];                     /* the test processes not yet waited for */
static int nlive;

static void on_signal(int sig)
{
    got_signal = sig;
    vm_cancel_all();
}

/* ---- the temporary folder ------------------------------------------------- */

static const char *tmp_dir(void)
{
    const char *t = getenv("TMPDIR");
    return t && *t ? t : "/tmp";
}

/* Remove the temporary folders of earlier runs of this user whose process
 * is gone (a run killed with SIGKILL cannot remove its own). */
static void remove_stale(void)
{
    DIR *d = opendir(tmp_dir());
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, ROOT_PREFIX, strlen(ROOT_PREFIX))) continue;
        char dir[PATH_MAX], owner[PATH_MAX + 8];
        snprintf(dir, sizeof dir, "%s/%s", tmp_dir(), e->d_name);
        struct stat sb;
        if (lstat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode) || sb.st_uid != getuid()) continue;
        snprintf(owner, sizeof owner, "%s/owner", dir);
        FILE *f = fopen(owner, "r");
        long pid = 0;
        if (f) {
            if (fscanf(f, "%ld", &pid) != 1) pid = 0;
            fclose(f);
        }
        bool gone = pid > 0 ? kill((pid_t)pid, 0) != 0 && errno == ESRCH
                            : time(NULL) - sb.st_mtime > 3600;   /* killed before it said whose it is */
        if (gone) cli_remove_tree(dir);
    }
    closedir(d);
}

/* Make the run's temporary folder, with the file `owner` holding this
 * process's id; false, said on stderr, when it cannot. */
static bool make_root(void)
{
    snprintf(root, sizeof root, "%s/" ROOT_PREFIX "XXXXXX", tmp_dir());
    if (!mkdtemp(root)) {
        fprintf(stderr, "grove mutate: cannot make a temporary folder in %s: %s (set TMPDIR to another)\n",
                tmp_dir(), strerror(errno));
        root[0] = '\0';
        return false;
    }
    char owner[PATH_MAX + 8];
    snprintf(owner, sizeof owner, "%s/owner", root);
    FILE *f = fopen(owner, "w");
    if (!f || fprintf(f, "%ld\n", (long)getpid()) < 0 || fclose(f) != 0) {
        fprintf(stderr, "grove mutate: cannot write %s: %s\n", owner, strerror(errno));
        return false;
    }
    return true;
}

/* Is path inside the temporary folder (by its text: the paths mutate.lua
 * makes are root/...)? */
static bool inside_root(const char *path)
{
    size_t n = strlen(root);
    return n && !strncmp(path, root, n) && path[n] == '/' && !strstr(path + n, "/../");
}

/* ---- what mutate.lua may do: the table sys ------------------------------------ */

/* sys.mkdir(path) -> true, or nil and why; only inside sys.tmp. */
static int l_mkdir(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    if (!inside_root(path)) return luaL_error(L, "sys.mkdir: %s is outside the temporary folder", path);
    if (mkdir(path, 0700) == 0) { lua_pushboolean(L, 1); return 1; }
    luaL_pushfail(L);
    lua_pushfstring(L, "cannot make %s: %s", path, strerror(errno));
    return 2;
}

/* sys.symlink(target, path) -> true, or nil and why; path only inside sys.tmp. */
static int l_symlink(lua_State *L)
{
    const char *target = luaL_checkstring(L, 1), *path = luaL_checkstring(L, 2);
    if (!inside_root(path)) return luaL_error(L, "sys.symlink: %s is outside the temporary folder", path);
    if (symlink(target, path) == 0) { lua_pushboolean(L, 1); return 1; }
    luaL_pushfail(L);
    lua_pushfstring(L, "cannot link %s to %s: %s", path, target, strerror(errno));
    return 2;
}

/* A DIR held by a userdata, closed by its __gc when a Lua error leaves the
 * listing half done. */
static const char *const DIR_HANDLE = "grove.mutate.dir";

static int dir_gc(lua_State *L)
{
    DIR **d = luaL_checkudata(L, 1, DIR_HANDLE);
    if (*d) closedir(*d);
    *d = NULL;
    return 0;
}

/* sys.list(dir) -> { { name, kind }... } (kind "file", "dir", "link" or
 * "other", by lstat; no . and ..; in no order), or nil and why. */
static int l_list(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    DIR **d = lua_newuserdatauv(L, sizeof *d, 0);
    *d = NULL;
    if (luaL_newmetatable(L, DIR_HANDLE)) {
        lua_pushcfunction(L, dir_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, -2);                             /* [dir] */
    *d = opendir(path);
    if (!*d) {
        luaL_pushfail(L);
        lua_pushfstring(L, "cannot read the folder %s: %s", path, strerror(errno));
        return 2;
    }
    lua_newtable(L);                                     /* [dir, list] */
    int n = 0;
    struct dirent *e;
    while ((e = readdir(*d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char full[PATH_MAX];
        struct stat sb;
        snprintf(full, sizeof full, "%s/%s", path, e->d_name);
        const char *kind = "other";
        if (lstat(full, &sb) == 0)
            kind = S_ISREG(sb.st_mode) ? "file" : S_ISDIR(sb.st_mode) ? "dir" : S_ISLNK(sb.st_mode) ? "link" : "other";
        lua_createtable(L, 0, 2);
        lua_pushstring(L, e->d_name);
        lua_setfield(L, -2, "name");
        lua_pushstring(L, kind);
        lua_setfield(L, -2, "kind");
        lua_rawseti(L, -2, ++n);
    }
    closedir(*d);
    *d = NULL;
    return 1;
}

/* path made absolute from the working directory (not resolved: links stay). */
static void push_absolute(lua_State *L, const char *path)
{
    char here[PATH_MAX];
    if (path[0] == '/' || !getcwd(here, sizeof here)) lua_pushstring(L, path);
    else lua_pushfstring(L, "%s/%s", here, path);
}

/* sys.game_dir(name) -> { dir, entry, paths }, or nil when there is no
 * such game: dir its folder, paths the search path's folders (absolute;
 * the first is the data folder), entry the index in paths of the one
 * holding scripts/NAME, nil for a game in the working directory. */
static int l_game_dir(lua_State *L)
{
    grove_vm *vm = lua_touserdata(L, lua_upvalueindex(1));
    const char *name = luaL_checkstring(L, 1);
    char dir[PATH_MAX];
    if (!vm_find_game(vm, name, dir, sizeof dir)) { luaL_pushfail(L); return 1; }
    lua_createtable(L, 0, 3);
    push_absolute(L, dir);
    lua_setfield(L, -2, "dir");
    lua_createtable(L, vm->npaths, 0);
    for (int i = 0; i < vm->npaths; i++) {
        char own[PATH_MAX + 300];
        snprintf(own, sizeof own, "%s/scripts/%s", vm->paths[i], name);
        if (!strcmp(own, dir)) {
            lua_pushinteger(L, i + 1);
            lua_setfield(L, -3, "entry");
        }
        push_absolute(L, vm->paths[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "paths");
    return 1;
}

/* sys.spawn(args, env, cwd, out, cpu) -> pid, or nil and why: `grove
 * ARGS...` (this program) in a process group of its own, with the
 * environment variables of the table env set (the rest inherited), in
 * folder cwd (nil: this one), reading nothing (/dev/null), its stdout and
 * stderr into the file out (inside sys.tmp), and, when cpu is given, killed
 * by the system once it has used that many seconds of processor time
 * (rounded up; no core file). */
static int l_spawn(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    const char *cwd = luaL_optstring(L, 3, NULL);
    const char *out = luaL_checkstring(L, 4);
    lua_Number cpu = luaL_optnumber(L, 5, 0);
    if (!inside_root(out)) return luaL_error(L, "sys.spawn: %s is outside the temporary folder", out);
    if (got_signal) return luaL_error(L, "interrupted");
    if (nlive == MAX_LIVE) return luaL_error(L, "sys.spawn: more than %d test processes at once", MAX_LIVE);
    int nargs = (int)lua_rawlen(L, 1);
    if (nargs > 32) return luaL_error(L, "sys.spawn: too many arguments");
    /* argv and envp in userdata (collected by Lua, whatever raises); their
     * strings are held by the tables at 1 and 7 */
    lua_settop(L, 5);
    const char **argv = lua_newuserdatauv(L, (size_t)(nargs + 2) * sizeof *argv, 0);   /* 6 */
    argv[0] = "grove";
    for (int i = 1; i <= nargs; i++) {
        if (lua_rawgeti(L, 1, i) != LUA_TSTRING) return luaL_error(L, "sys.spawn: argument %d is not a string", i);
        argv[i] = lua_tostring(L, -1);                  /* held by table 1 */
        lua_pop(L, 1);
    }
    argv[nargs + 1] = NULL;
    int nenv = 0;
    while (environ[nenv]) nenv++;
    lua_newtable(L);                                     /* 7: the "NAME=VALUE" strings made here */
    int nset = 0;
    for (lua_pushnil(L); lua_next(L, 2); lua_pop(L, 1)) {
        if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TSTRING)
            return luaL_error(L, "sys.spawn: env maps names to strings");
        lua_pushfstring(L, "%s=%s", lua_tostring(L, -2), lua_tostring(L, -1));
        lua_rawseti(L, 7, ++nset);
    }
    const char **envp = lua_newuserdatauv(L, (size_t)(nenv + nset + 1) * sizeof *envp, 0);
    int m = 0;
    for (int i = 0; i < nenv; i++) {
        const char *eq = strchr(environ[i], '=');
        size_t len = eq ? (size_t)(eq - environ[i]) : strlen(environ[i]);
        bool replaced = false;
        for (lua_pushnil(L); lua_next(L, 2); lua_pop(L, 1)) {
            const char *k = lua_tostring(L, -2);
            if (strlen(k) == len && !strncmp(k, environ[i], len)) replaced = true;
        }
        if (!replaced) envp[m++] = environ[i];
    }
    for (int i = 1; i <= nset; i++) {
        lua_rawgeti(L, 7, i);
        envp[m++] = lua_tostring(L, -1);                /* held by table 7 */
        lua_pop(L, 1);
    }
    envp[m] = NULL;
    int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    int null = fd < 0 ? -1 : open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fd < 0 || null < 0) {
        int e = errno;
        if (fd >= 0) close(fd);
        luaL_pushfail(L);
        lua_pushfstring(L, "cannot write %s: %s", fd < 0 ? out : "/dev/null", strerror(e));
        return 2;
    }
    struct rlimit no_core = { 0, 0 }, cpu_limit = { 0, 0 }, had;
    if (cpu > 0) {
        cpu_limit.rlim_cur = (rlim_t)cpu + ((lua_Number)(rlim_t)cpu < cpu ? 1 : 0);
        cpu_limit.rlim_max = cpu_limit.rlim_cur + 1;    /* SIGXCPU, then SIGKILL a second later */
        if (getrlimit(RLIMIT_CPU, &had) == 0 && had.rlim_max != RLIM_INFINITY) {   /* never above ours */
            if (cpu_limit.rlim_max > had.rlim_max) cpu_limit.rlim_max = had.rlim_max;
            if (cpu_limit.rlim_cur > cpu_limit.rlim_max) cpu_limit.rlim_cur = cpu_limit.rlim_max;
        }
    }
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        /* the child: only async-signal-safe calls until exec; a failure
         * says so in the output and exits with status 126 (SPAWN_FAILED) */
        static const char failed[] = "cannot start a test process: ";
        const char *step = "its output";
        setpgid(0, 0);
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGKILL);               /* dies with grove mutate, even killed */
        if (getppid() != parent) _exit(SPAWN_FAILED);
#else
        (void)parent;
#endif
        if (dup2(fd, STDOUT_FILENO) < 0 || dup2(fd, STDERR_FILENO) < 0) _exit(SPAWN_FAILED);
        if (dup2(null, STDIN_FILENO) < 0) step = "its input";
        else if (cpu > 0 && (setrlimit(RLIMIT_CORE, &no_core) != 0 || setrlimit(RLIMIT_CPU, &cpu_limit) != 0))
            step = "its limit of processor time";
        else if (cwd && chdir(cwd) != 0) step = "its folder";
        else {
            execve("/proc/self/exe", (char *const *)argv, (char *const *)envp);
            step = "exec";
        }
        if (write(STDERR_FILENO, failed, sizeof failed - 1) < 0 || write(STDERR_FILENO, step, strlen(step)) < 0) {}
        _exit(SPAWN_FAILED);
    }
    int saved = errno;
    close(fd);
    close(null);
    if (pid < 0) {
        luaL_pushfail(L);
        lua_pushfstring(L, "cannot start a grove process: %s", strerror(saved));
        return 2;
    }
    setpgid(pid, pid);                                   /* as the child does: whichever runs first */
    live[nlive++] = pid;
    lua_pushinteger(L, pid);
    return 1;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* sys.now() -> seconds on a clock that only goes forward. */
static int l_now(lua_State *L)
{
    lua_pushnumber(L, now());
    return 1;
}

/* sys.wait(seconds) -> pid, ok, how, cpu, limit: a test process that ended
 * (ok when it exited with status 0; how says how it ended: "exit status
 * N", "killed by signal N (NAME)", or "not started" for one that could not
 * start; cpu the processor seconds it used; limit when a limit killed it:
 * SIGXCPU or SIGKILL), or nothing when none ends within seconds. Raises
 * "interrupted" after Ctrl-C, SIGTERM or SIGHUP. */
static int l_wait(lua_State *L)
{
    double until = now() + luaL_checknumber(L, 1);
    for (;;) {
        if (got_signal) return luaL_error(L, "interrupted");
        int status;
        struct rusage ru;
        pid_t pid = wait4(-1, &status, WNOHANG, &ru);
        if (pid > 0) {
            for (int i = 0; i < nlive; i++)
                if (live[i] == pid) live[i] = live[--nlive];
            lua_pushinteger(L, pid);
            lua_pushboolean(L, WIFEXITED(status) && WEXITSTATUS(status) == 0);
            if (WIFSIGNALED(status))
                lua_pushfstring(L, "killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
            else if (WEXITSTATUS(status) == SPAWN_FAILED)
                lua_pushliteral(L, "not started");
            else
                lua_pushfstring(L, "exit status %d", WEXITSTATUS(status));
            lua_pushnumber(L, (lua_Number)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6
                                  + (lua_Number)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6);
            lua_pushboolean(L, WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL));
            return 5;
        }
        if (pid < 0 && errno != EINTR) return 0;        /* no child at all */
        double left = until - now();
        if (left <= 0) return 0;
        struct timespec nap = { 0, (long)((left < 0.005 ? left : 0.005) * 1e9) };
        nanosleep(&nap, NULL);
    }
}

/* Kill test process pid with its process group. */
static void kill_group(pid_t pid)
{
    if (kill(-pid, SIGKILL) != 0) kill(pid, SIGKILL);
}

/* sys.kill(pid): ends a test process (and its group) at once. */
static int l_kill(lua_State *L)
{
    pid_t pid = (pid_t)luaL_checkinteger(L, 1);
    for (int i = 0; i < nlive; i++)
        if (live[i] == pid) kill_group(pid);
    return 0;
}

/* sys.interrupted() -> whether Ctrl-C, SIGTERM or SIGHUP came. */
static int l_interrupted(lua_State *L)
{
    lua_pushboolean(L, got_signal != 0);
    return 1;
}

/* The processors this machine has online (at least 1). */
static int processors(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

/* [.., sys] */
static void push_sys(lua_State *L, grove_vm *vm)
{
    static const luaL_Reg fns[] = {
        { "mkdir", l_mkdir }, { "symlink", l_symlink }, { "list", l_list }, { "spawn", l_spawn },
        { "wait", l_wait }, { "kill", l_kill }, { "now", l_now }, { "interrupted", l_interrupted },
        { NULL, NULL },
    };
    lua_createtable(L, 0, 12);
    luaL_setfuncs(L, fns, 0);
    lua_pushlightuserdata(L, vm);
    lua_pushcclosure(L, l_game_dir, 1);
    lua_setfield(L, -2, "game_dir");
    lua_pushstring(L, root);
    lua_setfield(L, -2, "tmp");
    lua_pushinteger(L, processors());
    lua_setfield(L, -2, "processors");
    lua_pushboolean(L, isatty(STDERR_FILENO));
    lua_setfield(L, -2, "tty");
}

/* ---- the command ---------------------------------------------------------------- */

static int cmd_mutate(int argc, char **argv)
{
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage, stdout);
            return 0;
        }
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    struct sigaction sa, old[3];
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;                          /* no SA_RESTART: a wait returns */
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 3; i++) sigaction(sigs[i], &sa, &old[i]);
    int rc = 1, module = LUA_NOREF;                    /* grove.mutate, once loaded */
    remove_stale();
    if (make_root()) {
        lua_State *L = vm->L;
        vm_push_trusted(vm);
        lua_getfield(L, -1, "require");
        lua_pushliteral(L, "grove.mutate");
        if (vm_call_budget(vm, 1, 1, NULL, 0) != LUA_OK) {
            fprintf(stderr, "grove mutate: %s\n", lua_tostring(L, -1));
        } else {
            lua_pushvalue(L, -1);
            module = luaL_ref(L, LUA_REGISTRYINDEX);       /* for report_interrupted below */
            lua_getfield(L, -1, "main");
            lua_createtable(L, argc, 0);
            for (int i = 2; i < argc; i++) {
                lua_pushstring(L, argv[i]);
                lua_rawseti(L, -2, i - 1);
            }
            push_sys(L, vm);
            if (vm_call_budget(vm, 2, 1, NULL, 0) != LUA_OK) {
                if (!got_signal) fprintf(stderr, "grove mutate: %s\n", lua_tostring(L, -1));
            } else {
                rc = (int)lua_tointeger(L, -1);
            }
        }
    }
    /* whatever happened: no test process left, no temporary folder */
    for (int i = 0; i < nlive; i++) {
        kill_group(live[i]);
        waitpid(live[i], NULL, 0);
    }
    nlive = 0;
    if (root[0]) cli_remove_tree(root);
    root[0] = '\0';
    if (got_signal && module != LUA_NOREF) {
        /* the faults tried to the end before the signal: reported in a call
         * of its own, the interrupt cleared (another one stops it too) */
        lua_State *L = vm->L;
        vm_cancel_clear();
        lua_rawgeti(L, LUA_REGISTRYINDEX, module);
        lua_getfield(L, -1, "report_interrupted");
        if (vm_call_budget(vm, 0, 0, NULL, 0) != LUA_OK)
            fprintf(stderr, "grove mutate: while reporting the faults tried: %s\n", lua_tostring(L, -1));
        lua_settop(L, 0);
    }
    fflush(stdout);
    if (got_signal) {
        fprintf(stderr, "\ngrove mutate: interrupted (%s). The rule files were never changed: "
                        "faults go in copies, removed now\n", strsignal(got_signal));
        rc = 128 + got_signal;
    }
    for (int i = 0; i < 3; i++) sigaction(sigs[i], &old[i], NULL);
    got_signal = 0;
    vm_cancel_clear();
    vm_free(vm);
    return rc;
}

/* `grove mutate`: its row of the table of subcommands (main.c). */
const cli_command command_mutate = {
    .name = "mutate",
    .synopsis =
        "  grove mutate GAME [-n N] [--seed S] [--files A,B] [--threads T] [--fail-under PCT]\n"
        "                          plant faults in GAME's rule files one at a time and report\n"
        "                          each one its tests miss (grove mutate --help)\n",
    .usage = usage,
    .run = cmd_mutate,
};
