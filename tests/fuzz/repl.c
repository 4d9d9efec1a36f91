/*
 * repl.c — fuzz target: lines typed at the REPL (play_session in
 * repl/session/play.c), commands, move numbers, move texts and Lua alike.
 *
 * Input: the first byte picks the game (fuzz_pick in common.c); the bits
 * of the second say which seats (bit 0: seat 1 ... bit 4: seat 5) a random
 * bot plays; the rest is the lines, read by play_session from an
 * fmemopen'd copy. Its output goes to /dev/null; it runs in a private
 * temporary folder.
 *
 * The REPL evaluates a line it does not know as Lua in a TRUSTED
 * environment (io, os, require, games.add_path), so the harness drops
 * (returns -1 for, so libFuzzer does not keep) every input in which any
 * word (a run of letters, digits and '_', wherever it is: code, string or
 * comment) is one of
 *   os io require dofile loadfile load loadstring package debug
 *       the file system, processes, loading code that could name them;
 *   _G _ENV getmetatable setmetatable rawget rawset
 *       reaching those through the environment table by a computed name
 *       ("o".."s");
 *   save record add_path
 *       the REPL's `save FILE` and `record FILE.lua` write a file, games.add_path reads scripts
 *       from any folder (`load FILE` is caught by `load`);
 *   choose mcts rep find match gmatch gsub sort table
 *       work no instruction budget bounds: a bot's search of any length
 *       ("mcts:60s", by choose, or by `hint mcts:60s`, `bot 1 mcts:60s`,
 *       `odds --bot mcts:60s`), and C loops over data of any size (string.rep,
 *       pattern matching, table.sort, table.move).
 * Lua names cannot be split or escaped, so no accepted input can reach io,
 * os, require or load: they live only in the environment, which it cannot
 * name. What other tables hold it can reach by pairs: games.add_path in
 * pairs(games) (a folder to look for rule scripts in: they run sandboxed),
 * string.rep and the patterns in pairs(string) (a libFuzzer timeout then).
 * After each input the folder must still be empty: a file there means the
 * filter has a hole, and the harness aborts.
 *
 * The work per input is bounded from outside the REPL, which makes its own
 * VM: the link wraps vm_new, to set the fuzzing limits on it (budget,
 * memory, coverage), and vm_call / vm_call_budget, to allow each
 * play_session REPL_CALLS calls into Lua; past that every call fails at
 * once with an error, as an interrupted one does (a Lua loop calling
 * game:moves() would otherwise run for minutes).
 */
#include <dirent.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "session.h"          /* play_session */

#define REPL_CALLS 20000

static const char *const denied[] = {
    "os", "io", "require", "dofile", "loadfile", "load", "loadstring", "package", "debug",
    "_G", "_ENV", "getmetatable", "setmetatable", "rawget", "rawset",
    "save", "record", "add_path",
    "choose", "mcts", "rep", "find", "match", "gmatch", "gsub", "sort", "table",
    NULL,
};

static bool word_char(uint8_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Is any word of data a denied one? */
static bool has_denied_word(const uint8_t *data, size_t size)
{
    size_t i = 0;
    while (i < size) {
        if (!word_char(data[i])) { i++; continue; }
        size_t start = i;
        while (i < size && word_char(data[i])) i++;
        size_t n = i - start;
        for (const char *const *w = denied; *w; w++)
            if (strlen(*w) == n && memcmp(*w, data + start, n) == 0) return true;
    }
    return false;
}

/* ---- bounding the REPL's VM (link with --wrap=vm_new,--wrap=vm_call,--wrap=vm_call_budget) */

grove_vm *__real_vm_new(const char *datadir);
grove_vm *__wrap_vm_new(const char *datadir);
int __real_vm_call_budget(grove_vm *vm, int nargs, int nresults, const char *what, long budget);
int __wrap_vm_call_budget(grove_vm *vm, int nargs, int nresults, const char *what, long budget);
int __real_vm_call(grove_vm *vm, int nargs, int nresults, const char *what);
int __wrap_vm_call(grove_vm *vm, int nargs, int nresults, const char *what);

static bool counting;           /* inside play_session */
static long calls_left;

grove_vm *__wrap_vm_new(const char *datadir)
{
    grove_vm *vm = __real_vm_new(datadir);
    if (vm) fuzz_setup_vm(vm);
    return vm;
}

static int used_up(lua_State *L)
{
    return luaL_error(L, "this input's %d calls into Lua are used up", REPL_CALLS);
}

/* Past the allowance, call a function that fails at once instead: the
 * error then takes the real path (message, budget, stack) of any other. */
static void count_call(grove_vm *vm, int nargs)
{
    if (!counting) return;
    if (calls_left > 0) { calls_left--; return; }
    lua_pushcfunction(vm->L, used_up);
    lua_replace(vm->L, -(nargs + 2));
}

int __wrap_vm_call_budget(grove_vm *vm, int nargs, int nresults, const char *what, long budget)
{
    count_call(vm, nargs);
    return __real_vm_call_budget(vm, nargs, nresults, what, budget);
}

int __wrap_vm_call(grove_vm *vm, int nargs, int nresults, const char *what)
{
    count_call(vm, nargs);
    return __real_vm_call(vm, nargs, nresults, what);
}

/* ---- the target ---------------------------------------------------------------- */

static void start(void)
{
    static bool started;
    if (started) return;
    started = true;
    if (!freopen("/dev/null", "w", stdout)) fuzz_fail("cannot send stdout to /dev/null");
    if (chdir(fuzz_tmpdir()) != 0) fuzz_fail("cannot enter %s", fuzz_tmpdir());
}

static void check_tmpdir_empty(void)
{
    DIR *d = opendir(fuzz_tmpdir());
    if (!d) fuzz_fail("cannot read %s", fuzz_tmpdir());
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            char name[256];
            snprintf(name, sizeof name, "%s", e->d_name);
            closedir(d);
            fuzz_fail("the REPL wrote '%s': the harness's filter of Lua words has a hole", name);
        }
    closedir(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    if (has_denied_word(data + 2, size - 2)) return -1;
    start();
    fuzz_setup su;
    fuzz_pick(fuzz_vm(), data[0], &su);
    cli_opts o;
    memset(&o, 0, sizeof o);
    o.game = su.name;
    o.players = su.players;
    o.seed = su.seed;
    o.seed_given = true;
    snprintf(o.variants, sizeof o.variants, "%s", su.variants);
    for (int seat = 1; seat <= su.players && seat <= 5; seat++)
        if (data[1] & (1u << (seat - 1))) {
            char why[160];
            if (!bot_parse("random", &o.bot[seat], why, sizeof why)) fuzz_fail("bot_parse: %s", why);
            bot_name(&o.bot[seat], o.bots[seat], sizeof o.bots[seat]);
        }

    /* fmemopen wants at least one byte: no lines is one empty line */
    char *lines = size > 2 ? fuzz_text(data + 2, size - 2) : fuzz_text((const uint8_t *)"\n", 1);
    FILE *in = fmemopen(lines, size > 2 ? size - 2 : 1, "r");
    if (!in) fuzz_fail("fmemopen failed");
    calls_left = REPL_CALLS;
    counting = true;
    int rc = play_session(&o, in);
    counting = false;
    fclose(in);
    free(lines);
    fflush(stdout);
    /* 1: a line failed (a refused move, a Lua error), as most fuzzed lines do */
    if (rc != 0 && rc != 1) fuzz_fail("play_session returned %d for %s, %d players", rc, su.name, su.players);
    check_tmpdir_empty();
    return 0;
}
