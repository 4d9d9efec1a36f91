/*
 * vm.h — the Lua virtual machine that runs rule scripts: the sandbox, the
 * limits (instruction budget, memory cap), the module search path and the
 * one protected path every call into a script goes through. Its files:
 * vm_new.c (making a VM of the others), sandbox.c (the search path,
 * loading, the environments) with its bounded libraries (safe_string.c,
 * safe_table.c), vm.c (the state, limits, the protected call), watchdog.c
 * (long runs without the count hook); each calls only those after it in
 * this list (vm_impl.h).
 *
 * One grove_vm owns one lua_State, used by one thread at a time. Rule
 * scripts run in sandbox environments (no io, os, debug, package, binary
 * chunks, __gc); tools (`grove run`, tests, the REPL) run in a trusted
 * environment. Lua's library functions that could run long (string.rep,
 * the pattern matchers, the table functions, coroutines, xpcall, load) are
 * replaced, everywhere in the state, by bounded versions of grove's own.
 * The VM knows nothing of games: what the environments hold beyond Lua's
 * own libraries is added by whoever composes it (vm_compose, through
 * vm_add_global).
 */
#ifndef GROVE_VM_H
#define GROVE_VM_H

#include <lua.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define VM_DEFAULT_MEMORY   ((size_t)512 << 20)   /* bytes, for all of the process's Lua states together */
#define VM_DEFAULT_BUDGET   50000000L             /* instructions per call */
#define VM_STEP_MS          2000                  /* a budgeted call stopped after this long between two budget checks */
#define VM_MAX_COROUTINES   150                   /* coroutines resuming or closing one another, nested */
#define VM_C_STACK          ((size_t)1 << 20)     /* bytes of C stack a call's script may use (or a quarter
                                                     of what its thread has left, if less) */
#define VM_MAX_PATHS        16

/* Who refused an allocation: grove's memory cap, or the system (malloc
 * failed below the cap: a ulimit -v, the machine's memory). */
#define VM_OOM_CAP          1
#define VM_OOM_SYSTEM       2

struct gstate;
struct grove_vm;
struct vm_watch;

/* Called for every new line a script runs, while coverage listens. */
typedef void (*vm_line_fn)(void *ctx, lua_State *L, lua_Debug *ar);

typedef struct grove_vm {
    lua_State *L;
    size_t mem_used;            /* bytes the Lua state holds now */
    size_t mem_limit;           /* this state's own cap (the process's cap applies too) */
    size_t mem_reserved;        /* bytes of the process's cap held for this state */
    long fail_after;            /* >0: the Nth allocation from now and all after fail (OOM tests);
                                   <0: the same till the outermost call ends */
    unsigned long allocs;       /* allocations (not resizes) so far: the bench's counter */
    long budget;                /* instructions one outermost call may run (GROVE_BUDGET, else VM_DEFAULT_BUDGET) */
    long cur_budget;            /* the budget of the innermost vm_call (0: none) */
    long budget_left;           /* of cur_budget; library calls and allocations are charged to it too */
    int depth;                  /* nesting of vm_call */
    int co_depth;               /* nesting of coroutine resumes and closes (VM_MAX_COROUTINES) */
    uintptr_t c_stack_floor;    /* the lowest C stack address this call's script may nest to (0: none) */
    size_t c_stack_bound;       /* how far that is below where the outermost call began, bytes */
    volatile sig_atomic_t interrupted;   /* the call must stop: every instruction raises */
    lua_State *volatile running;        /* the thread (main or a coroutine) running now, during a call */
    char *paths[VM_MAX_PATHS];  /* owned; directories holding scripts/ and stdlib/ */
    int npaths;
    struct gstate *current;     /* the state whose hook runs (math.random uses it) */
    const char *volatile stop_reason;   /* why an interrupt stops the script (NULL: "interrupted") */
    /* read by the watchdog thread */
    atomic_int in_call;                 /* depth > 0 */
    atomic_long progress;               /* moves of a watched run, budget checks of a budgeted call */
    atomic_ulong serial;                /* counts outermost calls */
    atomic_int watch_ms;                /* stop the call when progress stands still this long (0: never) */
    const char *volatile watch_reason;  /* what that stop says */
    volatile unsigned long stop_serial; /* the call the watchdog asked to stop */
    int watching;                       /* nesting of vm_watch_start */
    int outer_watch_ms;                 /* what the outermost vm_watch_start replaced */
    const char *outer_watch_reason;
    char watch_text[64];                /* vm_watch_start's message */
    struct vm_watch *watch;             /* this VM's entry with the watchdog */
    pthread_t thread;                   /* the thread the watchdog knows runs its calls */
    char oom_where[192];                /* "file:line" where an allocation was refused in this call */
    int oom_by;                         /* who refused it: 0 none, VM_OOM_CAP or VM_OOM_SYSTEM */
    size_t oom_asked;                   /* the bytes more it asked for */
    size_t oom_held;                    /* what all of the process's Lua held then */
    char stop_text[256];                /* the last stop raised in this call ("file:line: why") */
    uint64_t source_print;              /* FNV-1a over the text of every file loaded since reset */
    int narrating;                      /* >0 while someone listens to s:say (lua_state.h): the
                                           one thing s:say reads when nobody does */
    vm_line_fn line_fn;                 /* coverage: NULL when nobody listens */
    void *line_ctx;
    lua_CFunction compose;              /* what vm_compose ran, for vm_like (NULL: nothing) */
} grove_vm;

/* A new VM searching `datadir` (the folder with stdlib/ and scripts/) and
 * then each directory of the colon-separated GROVE_PATH if set. NULL on no
 * memory. */
grove_vm *vm_new(const char *datadir);
void vm_free(grove_vm *vm);

/* Give vm's environments what they hold beyond Lua's own libraries: run
 * compose (which calls vm_add_global) in a protected call, and keep it, so
 * that vm_like composes its copies the same way. False on no memory. */
bool vm_compose(grove_vm *vm, lua_CFunction compose);

/* A VM like `model`: the same search path and limits, composed the same
 * way, for a thread that plays the same games (a bot thinking on several
 * threads). NULL on no memory. */
grove_vm *vm_like(const grove_vm *model);

/* The vm that owns L. */
grove_vm *vm_of(lua_State *L);

/* Add a directory to the search path (for tests and `grove new`). */
bool vm_add_path(grove_vm *vm, const char *dir);

/* Call the function below nargs arguments on the stack, protected, under a
 * fresh instruction budget of vm->budget. On error, pushes
 * one string, "WHAT: file:line: message" (WHAT may be NULL), and returns the
 * Lua status; on success leaves nresults values.
 *
 * What stops a call, whatever the script does (docs/reliability.md):
 *   - the budget: a count hook every 1,000 instructions, re-armed to fire
 *     at every instruction once the budget is spent, so that no pcall,
 *     xpcall or coroutine swallows it; the library calls a script can make
 *     charge their work to it (vm_charge), and allocations a unit per 64
 *     bytes;
 *   - the watchdog, when a budgeted call goes VM_STEP_MS between two budget
 *     checks (one operation on a huge value);
 *   - Ctrl-C (vm_cancel_all), delivered within a watchdog tick;
 *   - the memory cap: vm->mem_limit, and VM_DEFAULT_MEMORY for all of the
 *     process's states together (vm_set_process_memory);
 *   - the C stack: VM_C_STACK bytes below where the outermost call began,
 *     or a quarter of what the thread's stack has left there if less;
 *     checked where a script can start C recursion afresh (a coroutine
 *     resumed or closed, a call back into the VM), Lua's own limit of 200
 *     C calls bounding what lies between two checks. */
int vm_call(grove_vm *vm, int nargs, int nresults, const char *what);

/* The same with a budget of its own (0: unlimited, for tools and for the
 * watched runs of vm_watch_start). The enclosing call's budget resumes
 * afterwards. */
int vm_call_budget(grove_vm *vm, int nargs, int nresults, const char *what, long budget);

/* For the library functions a script can call (the sandbox's own string,
 * table, coroutine and load): charge `units` of work (about one per
 * instruction it stands for) to the running call's budget, and stop the
 * call if its budget is spent or it was asked to stop (Ctrl-C, the
 * watchdog): raises "file:line: instruction budget exceeded ..." (or the
 * stop's reason) at the script's line. Call it every few thousand units of
 * a loop, so that nothing runs long between two checks. */
void vm_charge(lua_State *L, long units);

/* The cap on the memory all Lua states of the process hold together
 * (VM_DEFAULT_MEMORY unless set), and what they hold now (reserved, in
 * steps of 1 MiB per state). */
void vm_set_process_memory(size_t bytes);
size_t vm_process_memory(void);
size_t vm_process_memory_used(void);

/* Push a read-only view of the table at idx: reads, pairs and # see the
 * table, a write raises (on_write's error, or NULL for "cannot assign 'k':
 * this table is read-only"), and the sandbox's rawset refuses it too. The
 * sandbox's libraries and a game's s.options are such views. */
void vm_push_readonly(lua_State *L, int idx, lua_CFunction on_write);

/* Push Lua's own library function lib.name ("string", "find"), which the
 * sandbox's bounded versions replace everywhere (for the tests that
 * compare the two); nil if there is none. */
void vm_push_stock(grove_vm *vm, const char *lib, const char *name);

/* Push a fresh sandbox environment (a table of the allowed globals with its
 * own `require`, whose modules are cached per environment). `gamedir`, if
 * not NULL, is searched first by require (a game's own modules). Raises on
 * no memory. */
void vm_push_sandbox(grove_vm *vm, const char *gamedir);

/* Push a trusted environment: the sandbox plus io, os, full load, and the
 * globals added for tools (vm_add_global: the game factory `games`). */
void vm_push_trusted(grove_vm *vm);

/* Give every environment pushed from now on a global `name`: the value on
 * top of the stack, which is popped. `sandboxed`: in sandboxes (and so in
 * trusted environments too), a table as a read-only proxy; else in trusted
 * environments only. A VM knows no grove API of its own: the engine adds
 * it (host.h). Raises on no memory. */
void vm_add_global(grove_vm *vm, const char *name, bool sandboxed);

/* Run body in a protected call with ctx as its only argument (a light
 * userdata), so that an allocation failure in the host's own use of the
 * Lua API unwinds here rather than aborting; under the budget, so that a
 * metamethod of a script's value the body touches (lua_getfield,
 * luaL_tolstring) is stopped like any script code: host code reads
 * script values only inside a call or with the raw functions. On error
 * writes the message into err ("out of memory ..." for a failed
 * allocation) and returns false; on success leaves the body's nres
 * results. */
bool vm_protect(grove_vm *vm, lua_CFunction body, void *ctx, int nres, char *err, size_t errlen);

/* Load the text chunk in file `path` with environment at index env; push the
 * function, or push an error message and return non-zero. Binary chunks are
 * refused. The chunk is named by its path relative to the search path
 * ("scripts/logger/game.lua") when it lies inside one. */
int vm_loadfile(grove_vm *vm, const char *path, int env);

/* Find "scripts/NAME" (or any relative path) on the search path: writes the
 * full path into out. */
bool vm_find(grove_vm *vm, const char *rel, char *out, size_t outlen);

/* Is path a regular file? */
bool vm_is_file(const char *path);

/* Find game NAME's folder, the first holding game.lua of: in each folder
 * of the search path, then in the working directory, scripts/NAME/, then
 * NAME/. */
bool vm_find_game(grove_vm *vm, const char *name, char *out, size_t outlen);

/* Ctrl-C: ask every script running in any VM of the process, in any
 * thread, to stop ("interrupted"): at once in the calling thread when
 * called from a signal handler there, in every other thread within a tick
 * of the watchdog (20 ms), which signals each thread running a call. Safe
 * to call from a signal handler in any thread. The request stands,
 * stopping each new call too, until vm_cancel_clear(). */
void vm_cancel_all(void);
bool vm_cancelled(void);
void vm_cancel_clear(void);

/* The watchdog, for long runs made of many short script calls (playouts)
 * that go without the per-instruction count hook, which costs a fifth of
 * the run: while it watches, the watchdog thread checks that vm->progress
 * moves at least every `ms` milliseconds of the running thread's CPU time
 * (not the clock's: a thread waiting for a processor is not looping), and
 * stops the script if it does not ("no progress for ... ms: an endless
 * loop?"). Each thread may watch
 * its own VM; start and stop in the thread that runs it; they nest. (The
 * same thread watches every budgeted call, VM_STEP_MS, on its own.) */
void vm_watch_start(grove_vm *vm, int ms);
void vm_watch_stop(grove_vm *vm);
bool vm_watching(const grove_vm *vm);   /* is this thread watching vm? */

/* grove check's determinism check. Environments pushed from now on get a
 * `pairs` that visits a table's string keys, whose order Lua 5.4 draws
 * anew in every run (it seeds its string hashing per state), in sorted
 * order (byte by byte), or in reverse sorted order if `reverse`; other
 * keys keep their places. At the line `flip` ("scripts/x/game.lua:42"),
 * if not NULL, it takes the other of the two orders. A script whose
 * results depend on that order gives other results under the two orders,
 * and flipping one line at a time finds the loop. Raises on no memory. */
void vm_reorder_pairs(grove_vm *vm, bool reverse, const char *flip);

/* The lines ("scripts/x/game.lua:42") where a reordered pairs visited two
 * or more string keys since vm_reorder_pairs, in the order first met: at
 * most max into out; returns how many there are. */
#define VM_SITE_LEN 256
int vm_pairs_sites(grove_vm *vm, char (*out)[VM_SITE_LEN], int max);

/* Listen to every line the scripts run (fn NULL: stop). */
void vm_listen_lines(grove_vm *vm, vm_line_fn fn, void *ctx);

#endif
