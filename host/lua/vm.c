/*
 * vm.c — the Lua state for rule scripts: the allocator with its memory caps
 * (the state's and the process's), the instruction budget and what charges
 * it, stopping a call (Ctrl-C, the watchdog), the thread a call runs on,
 * and the protected call every hook goes through (vm_call). The
 * environments scripts run in are sandbox.c's, the watchdog watchdog.c's;
 * vm_new.c makes a VM of the three. Of them, vm.c calls the watchdog only
 * (when a call runs in another thread than the last).
 */
#define _GNU_SOURCE             /* pthread_getattr_np: where this thread's stack ends */
#include "vm_impl.h"

#include <ctype.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HOOK_STEP 1000          /* instructions between budget checks */
#define RESERVE_STEP ((size_t)1 << 20)   /* a state takes the process's memory in steps of this */
#define BYTES_PER_UNIT 64       /* an allocation is charged a budget unit per this many bytes */
#define TEXT_(x) #x
#define TEXT(x) TEXT_(x)

grove_vm *vm_of(lua_State *L)
{
    return *(grove_vm **)lua_getextraspace(L);
}

/* The VM running a call in this thread, for the signal handlers. */
static _Thread_local grove_vm *volatile here;

/* Ctrl-C: every VM of the process is asked to stop (see vm_cancel_all). */
static volatile sig_atomic_t cancel_all;

/* ---- memory ------------------------------------------------------------- */

/* What all states hold together, in reservations of RESERVE_STEP (or the
 * last bytes below the cap), and the cap. A state reserves before it
 * grows and gives back what it holds beyond two steps of slack, so the
 * shared counter moves once a megabyte, not once an allocation. */
static atomic_size_t process_reserved;
static atomic_size_t process_cap = VM_DEFAULT_MEMORY;

void vm_set_process_memory(size_t bytes) { atomic_store(&process_cap, bytes); }
size_t vm_process_memory(void) { return atomic_load(&process_cap); }
size_t vm_process_memory_used(void) { return atomic_load(&process_reserved); }

static bool take(size_t bytes)
{
    size_t cap = atomic_load_explicit(&process_cap, memory_order_relaxed);
    size_t was = atomic_fetch_add(&process_reserved, bytes);
    if (was + bytes <= cap && was + bytes >= was) return true;
    atomic_fetch_sub(&process_reserved, bytes);
    return false;
}

/* Hold `total` bytes for vm (what it will hold once it grows). */
static bool reserve(grove_vm *vm, size_t total)
{
    if (total <= vm->mem_reserved) return true;
    size_t need = total - vm->mem_reserved;
    size_t step = (need + RESERVE_STEP - 1) / RESERVE_STEP * RESERVE_STEP;
    if (!take(step)) {
        if (!take(need)) return false;       /* the last bytes under the cap */
        step = need;
    }
    vm->mem_reserved += step;
    return true;
}

static void give_back(grove_vm *vm)
{
    if (vm->mem_reserved - vm->mem_used > 2 * RESERVE_STEP) {
        size_t keep = vm->mem_used + RESERVE_STEP;
        atomic_fetch_sub(&process_reserved, vm->mem_reserved - keep);
        vm->mem_reserved = keep;
    }
}

/* An allocation of `asked` bytes more was refused, by the cap or by the
 * system (`by`): remember who refused it, and the script line it came
 * from, for the error (the allocator cannot raise one of its own). The
 * last refusal is the one told (Lua retries once after a full collection,
 * and fails if that is refused too). Reads the call stack only. */
static void note_refusal(grove_vm *vm, int by, size_t asked)
{
    vm->oom_by = by;
    vm->oom_asked = asked;
    /* what the cap that applies counts: this state's own, or the
     * process's (less what this state reserved and does not hold yet,
     * the refused growth among it) */
    size_t all = atomic_load_explicit(&process_reserved, memory_order_relaxed);
    size_t slack = vm->mem_reserved - vm->mem_used;
    vm->oom_held = vm->mem_limit < atomic_load_explicit(&process_cap, memory_order_relaxed) ? vm->mem_used
                   : all > slack ? all - slack : 0;
    lua_State *L = vm->running;
    if (!vm->depth || !L || vm->oom_where[0]) return;
    lua_Debug ar;
    for (int level = 0; level < 50 && lua_getstack(L, level, &ar); level++)
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(vm->oom_where, sizeof vm->oom_where, "%s:%d", ar.short_src, ar.currentline);
            return;
        }
}

static void stop_soon(grove_vm *vm);
static void beat(grove_vm *vm);

static void *vm_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    grove_vm *vm = ud;
    if (ptr == NULL) osize = 0;
    if (nsize == 0) {
        free(ptr);
        vm->mem_used -= osize;
        give_back(vm);
        return NULL;
    }
    if (nsize > osize) {
        size_t grow = nsize - osize;
        if (vm->mem_used + grow > vm->mem_limit || !reserve(vm, vm->mem_used + grow)) {
            note_refusal(vm, VM_OOM_CAP, grow);
            return NULL;
        }
        /* the OOM tests: the Nth growth from now and every one after it fail
         * (Lua retries a failed allocation after a full collection), as
         * when the system refuses */
        if (vm->fail_after == 1 || vm->fail_after == -1) {
            note_refusal(vm, VM_OOM_SYSTEM, grow);
            return NULL;
        }
        if (vm->fail_after > 1) vm->fail_after--;
        else if (vm->fail_after < -1) vm->fail_after++;
    }
    void *p = realloc(ptr, nsize);
    if (!p) {
        /* below the cap: the system has no more to give (a ulimit -v, the
         * machine's memory) */
        note_refusal(vm, VM_OOM_SYSTEM, nsize - osize);
        return NULL;
    }
    if (!ptr) vm->allocs++;
    vm->mem_used = vm->mem_used - osize + nsize;
    if (nsize < osize) give_back(vm);
    else if (vm->cur_budget > 0) {
        /* copying and collecting cost what is allocated: a string built
         * by concatenation runs out of budget, not on for hours */
        vm->budget_left -= (long)((nsize - osize) / BYTES_PER_UNIT);
        beat(vm);                    /* a charge is a budget check: the step watchdog sees it */
        if (vm->budget_left <= 0) stop_soon(vm);
    }
    return p;
}

/* ---- the hook: budget, interrupts ----------------------------------------- */

static void budget_hook(lua_State *L, lua_Debug *ar);

static int wanted_count(const grove_vm *vm)
{
    if (vm->interrupted) return 1;
    if (vm->cur_budget > 0) return vm->budget_left <= 0 ? 1 : HOOK_STEP;
    return 0;
}

static void set_hook(grove_vm *vm, lua_State *L, int count)
{
    int mask = (count > 0 ? LUA_MASKCOUNT : 0) | (vm->line_fn ? LUA_MASKLINE : 0);
    if (mask) lua_sethook(L, budget_hook, mask, count > 0 ? count : 0);
    else lua_sethook(L, NULL, 0, 0);
}

void vm_sync_hook(grove_vm *vm, lua_State *L)
{
    int count = wanted_count(vm);
    int mask = (count > 0 ? LUA_MASKCOUNT : 0) | (vm->line_fn ? LUA_MASKLINE : 0);
    bool same = lua_gethookmask(L) == mask && (mask == 0 || lua_gethook(L) == budget_hook)
                && (count == 0 || lua_gethookcount(L) == count);
    if (!same) set_hook(vm, L, count);
    /* a stop that came in while the hook was being set must not be lost */
    if (vm->interrupted && count != 1) set_hook(vm, L, 1);
}

/* Make the running thread's next instruction check (and raise). Safe in a
 * signal handler, and in the allocator. */
static void stop_soon(grove_vm *vm)
{
    lua_State *L = vm->running;
    if (L) set_hook(vm, L, 1);
}

bool vm_stopping(const grove_vm *vm)
{
    return vm->interrupted || (vm->cur_budget > 0 && vm->budget_left <= 0);
}

/* Raise msg, naming the script line that runs (the nearest Lua function);
 * the message is kept in vm->stop_text. */
static int raise_at_script(grove_vm *vm, lua_State *L, const char *msg)
{
    lua_Debug ar;
    snprintf(vm->stop_text, sizeof vm->stop_text, "%s", msg);
    for (int level = 0; level < 50 && lua_getstack(L, level, &ar); level++)
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(vm->stop_text, sizeof vm->stop_text, "%s:%d: %s", ar.short_src, ar.currentline, msg);
            break;
        }
    lua_pushstring(L, vm->stop_text);
    return lua_error(L);
}

static void beat(grove_vm *vm)
{
    atomic_store_explicit(&vm->progress, atomic_load_explicit(&vm->progress, memory_order_relaxed) + 1,
                          memory_order_relaxed);
}

/* Stop, or go on; called from the hook and from vm_charge. */
static void check(grove_vm *vm, lua_State *L, long spent)
{
    if (cancel_all && !vm->interrupted) {
        vm->stop_reason = NULL;
        vm->interrupted = 1;
    }
    if (vm->interrupted) {
        set_hook(vm, L, 1);          /* fire again at every instruction so a pcall cannot swallow it */
        raise_at_script(vm, L, vm->stop_reason ? vm->stop_reason : "interrupted");
    }
    if (vm->cur_budget <= 0) return;
    beat(vm);
    vm->budget_left -= spent;
    if (vm->budget_left <= 0) {
        set_hook(vm, L, 1);
        char msg[128];
        snprintf(msg, sizeof msg, "instruction budget exceeded (%ld instructions): an endless loop?", vm->cur_budget);
        raise_at_script(vm, L, msg);
    }
}

static void budget_hook(lua_State *L, lua_Debug *ar)
{
    grove_vm *vm = vm_of(L);
    if (ar->event == LUA_HOOKLINE) {
        if (vm->line_fn) vm->line_fn(vm->line_ctx, L, ar);
        return;
    }
    check(vm, L, HOOK_STEP);
    if (vm->cur_budget <= 0 && !vm->interrupted) set_hook(vm, L, 0);   /* only here for an interrupt */
}

void vm_charge(lua_State *L, long units)
{
    grove_vm *vm = vm_of(L);
    if (vm->depth > 0) check(vm, L, units);
}

void vm_interrupt_here(bool cancel)
{
    grove_vm *vm = here;
    if (!vm || !vm->depth) return;
    if (cancel) vm->stop_reason = NULL;
    else if (vm->stop_serial == atomic_load_explicit(&vm->serial, memory_order_relaxed)
             && atomic_load_explicit(&vm->watch_ms, memory_order_relaxed) > 0)
        vm->stop_reason = vm->watch_reason;
    else return;                              /* a stop meant for a call that has ended */
    vm->interrupted = 1;
    stop_soon(vm);
}

void vm_cancel_all(void)
{
    cancel_all = 1;
    vm_interrupt_here(true);
}

bool vm_cancelled(void)
{
    return cancel_all != 0;
}

void vm_cancel_clear(void)
{
    cancel_all = 0;
}

void vm_listen_lines(grove_vm *vm, vm_line_fn fn, void *ctx)
{
    vm->line_fn = fn;
    vm->line_ctx = ctx;
    vm_sync_hook(vm, vm->L);
}

/* ---- the C stack -------------------------------------------------------------- */

/* Lua counts the C calls it nests (200 at most), but Lua 5.4.4 starts the
 * count afresh in every coroutine it closes: closes nested inside one
 * another, each deep in pcalls, used the C stack up (150 closes 80 pcalls
 * deep crashed an 8 MiB stack). So the bytes are counted: the outermost
 * call marks where it began, and where a script can start C recursion
 * afresh (vm_enter_thread, a call back into the VM) the stack in use is
 * measured against a bound. Between two such places Lua's own count holds,
 * so the stack reaches at most the bound plus 200 of Lua's C calls. */

/* The lowest address of this thread's stack (0: the system cannot say),
 * read once per thread. */
static _Thread_local uintptr_t stack_low;
static _Thread_local bool stack_low_read;

static uintptr_t thread_stack_low(void)
{
    if (!stack_low_read) {
        stack_low_read = true;
#ifdef __GLIBC__
        pthread_attr_t attr;
        void *addr;
        size_t size;
        if (pthread_getattr_np(pthread_self(), &attr) == 0) {
            if (pthread_attr_getstack(&attr, &addr, &size) == 0) stack_low = (uintptr_t)addr;
            pthread_attr_destroy(&attr);
        }
#endif
    }
    return stack_low;
}

/* The outermost call begins at `at` (an address of its frame): a script
 * may nest VM_C_STACK bytes below it, or a quarter of what the thread's
 * stack has left there, if less (a quarter of VM_C_STACK when the system
 * does not say where the stack ends). */
static void stack_mark(grove_vm *vm, uintptr_t at)
{
    uintptr_t low = thread_stack_low();
    size_t bound = low && at > low ? (at - low) / 4 : VM_C_STACK / 4;
    if (bound > VM_C_STACK) bound = VM_C_STACK;
    vm->c_stack_bound = bound;
    vm->c_stack_floor = at - bound;
}

/* How many bytes of C stack below the outermost call's beginning are in
 * use (to this function's frame, which its callers' lie just above). */
static size_t __attribute__((noinline)) stack_used(const grove_vm *vm)
{
    uintptr_t at = (uintptr_t)__builtin_frame_address(0);
    return vm->c_stack_floor + vm->c_stack_bound - at;
}

static bool stack_spent(const grove_vm *vm)
{
    return vm->c_stack_floor && (uintptr_t)__builtin_frame_address(0) < vm->c_stack_floor;
}

/* Raise the refusal, naming the script line. */
static int too_deep(grove_vm *vm, lua_State *L)
{
    char msg[224];
    snprintf(msg, sizeof msg, "the script nests too deep: %zu KiB of C stack in use, the bound is %zu KiB "
             "(coroutines resumed or closed inside one another, each deep in pcall or metamethods)",
             stack_used(vm) >> 10, vm->c_stack_bound >> 10);
    return raise_at_script(vm, L, msg);
}

static int too_deep_call(lua_State *L)
{
    return too_deep(vm_of(L), L);
}

/* ---- threads: the main one and coroutines ---------------------------------- */

lua_State *vm_enter_thread(lua_State *L, lua_State *co)
{
    grove_vm *vm = vm_of(L);
    if (vm->co_depth >= VM_MAX_COROUTINES)
        luaL_error(L, "coroutines nested too deeply (resumed or closed inside one another)");
    if (stack_spent(vm)) too_deep(vm, L);
    vm->co_depth++;
    lua_State *prev = vm->running;
    vm->running = co;
    vm_sync_hook(vm, co);
    return prev;
}

void vm_leave_thread(lua_State *L, lua_State *prev)
{
    grove_vm *vm = vm_of(L);
    vm->co_depth--;
    vm->running = prev;
    if (prev) vm_sync_hook(vm, prev);
}

/* ---- the protected call ------------------------------------------------------ */

static bool has_position(const char *msg)
{
    const char *colon = strchr(msg, ':');
    if (!colon || colon == msg || !isdigit((unsigned char)colon[1])) return false;
    const char *p = colon + 1;
    while (isdigit((unsigned char)*p)) p++;
    return *p == ':';
}

/* The message handler: keep the message, naming the script line when the
 * error came from inside Lua itself with none (a yield outside a
 * coroutine); name non-string errors. */
static int msgh(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TSTRING) {
        lua_Debug ar;
        if (!has_position(lua_tostring(L, 1)) && lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar)
            && ar.what[0] == 'C' && lua_getstack(L, 2, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, lua_tostring(L, 1));
        }
        return 1;
    }
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    return 1;
}

static const char KEY_OOM = 0;
#define OOM_MESSAGE "out of memory"

typedef struct {
    int status;
    const char *what;           /* the hook, or NULL */
    const char *where;          /* "file:line" of a refused allocation, or "" */
    int by;                     /* who refused it (VM_OOM_CAP, VM_OOM_SYSTEM; 0: unknown) */
    size_t cap;                 /* the cap, bytes */
    bool shared;                /* the cap is the process's */
    size_t held, asked;         /* what the cap counted held, and what more was asked, bytes */
    const char *stopped;        /* why a call that returned had to stop, or NULL */
} error_ctx;

/* Bytes as a figure a person reads: "250 MiB", "12 KiB", "40 bytes". */
static void show_bytes(char *out, size_t len, size_t n)
{
    if (n >= (size_t)10 << 20) snprintf(out, len, "%zu MiB", n >> 20);
    else if (n >= (size_t)1 << 20) snprintf(out, len, "%.1f MiB", (double)n / (1 << 20));
    else if (n >= 1024) snprintf(out, len, "%zu KiB", n >> 10);
    else snprintf(out, len, "%zu bytes", n);
}

/* (error object, ctx) -> "WHAT: message" */
static int word_error(lua_State *L)
{
    const error_ctx *c = lua_touserdata(L, 2);
    const char *msg = c->stopped ? c->stopped : lua_tostring(L, 1);
    if (c->status == LUA_ERRMEM) {
        char cap[32], held[32], asked[32];
        show_bytes(cap, sizeof cap, c->cap);
        show_bytes(held, sizeof held, c->held);
        show_bytes(asked, sizeof asked, c->asked);
        const char *whose = c->shared ? "the cap on all of grove's Lua" : "this game's cap";
        const char *sep = c->where[0] ? ": " : "";
        if (c->by == VM_OOM_SYSTEM)
            lua_pushfstring(L, "%s%s" OOM_MESSAGE " (the system refused %s more with %s of grove's Lua held, "
                            "under %s of %s: the process's memory limit (ulimit -v) or the machine's memory "
                            "is spent)", c->where, sep, asked, held, c->shared ? "grove's cap" : "this game's cap",
                            cap);
        else if (c->by == VM_OOM_CAP)
            lua_pushfstring(L, "%s%s" OOM_MESSAGE " (%s is %s: %s held, %s more asked)", c->where, sep, whose,
                            cap, held, asked);
        else
            lua_pushfstring(L, "%s%s" OOM_MESSAGE " (%s is %s)", c->where, sep, whose, cap);
    } else {
        lua_pushstring(L, msg ? msg : "error");
    }
    if (c->what) lua_pushfstring(L, "%s: %s", c->what, lua_tostring(L, -1));
    return 1;
}

/* The outermost call starts / ends. */
static void call_begin(grove_vm *vm)
{
    if (!pthread_equal(vm->thread, pthread_self())) vm_watch_thread(vm);
    vm->oom_where[0] = '\0';
    vm->oom_by = 0;
    vm->stop_text[0] = '\0';
    vm->co_depth = 0;
    stack_mark(vm, (uintptr_t)__builtin_frame_address(0));
    atomic_fetch_add_explicit(&vm->serial, 1, memory_order_relaxed);
    here = vm;
    /* a Ctrl-C stands until cleared: a call made after it stops at once */
    vm->stop_reason = NULL;
    vm->interrupted = cancel_all;
    atomic_store(&vm->in_call, 1);
}

static void call_end(grove_vm *vm)
{
    atomic_store(&vm->in_call, 0);
    here = NULL;
    vm->interrupted = 0;
    vm->running = NULL;
    vm->c_stack_floor = 0;
    if (vm->fail_after < 0) vm->fail_after = 0;    /* the OOM tests' refusals for this call end */
}

int vm_call_budget(grove_vm *vm, int nargs, int nresults, const char *what, long budget)
{
    lua_State *L = vm->L;
    int base = lua_gettop(L) - nargs;            /* the function's index */
    lua_pushcfunction(L, msgh);
    lua_insert(L, base);
    long saved_budget = vm->cur_budget, saved_left = vm->budget_left;
    int saved_watch = atomic_load_explicit(&vm->watch_ms, memory_order_relaxed);
    const char *saved_reason = vm->watch_reason;
    lua_State *saved_running = vm->running;
    if (vm->depth++ == 0) call_begin(vm);
    vm->cur_budget = budget;
    vm->budget_left = budget;
    if (budget > 0) {
        /* the watchdog stops a budgeted call that goes too long between
         * two budget checks (its hook beats every HOOK_STEP) */
        vm->watch_reason = "one step ran " TEXT(VM_STEP_MS) " ms without reaching a budget check (a huge string or table?)";
        atomic_store_explicit(&vm->watch_ms, VM_STEP_MS, memory_order_relaxed);
        beat(vm);
    }
    vm->running = L;
    vm_sync_hook(vm, L);
    if (vm->depth > 1 && stack_spent(vm)) {
        /* a call back into the VM counts Lua's C calls afresh: refused
         * when the script nests too deep, as a coroutine is */
        lua_settop(L, base);
        lua_pushcfunction(L, too_deep_call);
        nargs = 0;
    }
    int status = lua_pcall(L, nargs, nresults, base);
    /* a call that must stop fails even when it returned: a pcall or
     * xpcall whose results go straight back to the host (a tail call)
     * leaves no instruction after it to raise */
    const char *stopped = NULL;
    char why[128];
    if (status == LUA_OK && vm_stopping(vm)) {
        if (vm->stop_text[0]) stopped = vm->stop_text;
        else if (vm->interrupted) stopped = vm->stop_reason ? vm->stop_reason : "interrupted";
        else {
            snprintf(why, sizeof why, "instruction budget exceeded (%ld instructions): an endless loop?", budget);
            stopped = why;
        }
        lua_settop(L, base);                     /* [msgh]: the results go */
        lua_pushnil(L);                          /* (worded below) */
        status = LUA_ERRRUN;
    }
    vm->depth--;
    vm->cur_budget = saved_budget;
    vm->budget_left = saved_left;
    vm->watch_reason = saved_reason;
    atomic_store_explicit(&vm->watch_ms, saved_watch, memory_order_relaxed);
    if (vm->depth == 0) call_end(vm);
    else vm->running = saved_running;
    vm_sync_hook(vm, L);
    if (vm->running && vm->running != L) vm_sync_hook(vm, vm->running);
    lua_remove(L, base);
    if (status != LUA_OK) {
        /* word the message in a protected call: with no memory left even
         * that fails, and the message kept in the registry is said */
        size_t cap = vm->mem_limit < vm_process_memory() ? vm->mem_limit : vm_process_memory();
        bool shared = cap == vm_process_memory();
        error_ctx c = { status, what, vm->oom_where, vm->oom_by, cap, shared, vm->oom_held, vm->oom_asked,
                        stopped };
        lua_pushcfunction(L, word_error);
        lua_insert(L, -2);
        lua_pushlightuserdata(L, &c);
        if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
            lua_pop(L, 1);
            lua_rawgetp(L, LUA_REGISTRYINDEX, &KEY_OOM);
        }
    }
    return status;
}

int vm_call(grove_vm *vm, int nargs, int nresults, const char *what)
{
    return vm_call_budget(vm, nargs, nresults, what, vm->budget);
}

bool vm_protect(grove_vm *vm, lua_CFunction body, void *ctx, int nres, char *err, size_t errlen)
{
    lua_State *L = vm->L;
    lua_pushcfunction(L, body);
    lua_pushlightuserdata(L, ctx);
    if (vm_call(vm, 1, nres, NULL) == LUA_OK) return true;
    snprintf(err, errlen, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "error");
    lua_pop(L, 1);
    return false;
}

/* ---- the state ------------------------------------------------------------ */

static int state_init(lua_State *L)
{
    lua_pushliteral(L, OOM_MESSAGE);         /* kept, so that saying it needs no memory */
    lua_rawsetp(L, LUA_REGISTRYINDEX, &KEY_OOM);
    return 0;
}

bool vm_open_state(grove_vm *vm)
{
    vm->L = lua_newstate(vm_alloc, vm);
    if (!vm->L) return false;
    *(grove_vm **)lua_getextraspace(vm->L) = vm;
    lua_pushcfunction(vm->L, state_init);
    return lua_pcall(vm->L, 0, 0, 0) == LUA_OK;
}

void vm_close_state(grove_vm *vm)
{
    if (vm->L) lua_close(vm->L);
    vm->L = NULL;
    atomic_fetch_sub(&process_reserved, vm->mem_reserved);
    vm->mem_reserved = 0;
}
