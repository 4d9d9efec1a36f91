/*
 * watchdog.c — the watchdog: one thread that knows every VM of the process
 * and stops, from outside, a call that the count hook alone cannot stop in
 * time: a watched run (playouts, the bots' searches, which go without the
 * count hook) that makes no progress, a budgeted call that goes VM_STEP_MS
 * between two budget checks, and every call at all after Ctrl-C.
 * It lies below the protected call (vm.c), which tells it the thread that
 * runs each call: what it asks of the VM in return (does a Ctrl-C stand,
 * stop the call in this thread) it calls through vm_watch_calls.
 */
#include "vm_impl.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The watchdog looks at every VM every WATCH_TICK_MS. It stops a call by
 * a SIGALRM sent to the thread running it, whose handler (in that thread,
 * the one place lua_sethook may be called from asynchronously) makes the
 * script's next instruction raise. So any number of threads may each run
 * a VM. */
#define WATCH_TICK_MS 20

typedef struct vm_watch {
    grove_vm *vm;
    pthread_t thread;           /* the thread that runs its calls */
    long seen;                  /* progress at the last look */
    unsigned long seen_serial;  /* and the call it was in */
    long quiet_ms;              /* how long it has not moved: its thread's CPU time */
    long cpu_seen_ms;           /* the thread's CPU time at the last move (-1: none) */
    struct vm_watch *next;
} vm_watch;

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static vm_watch *watches;
static bool watchdog_started;
static pthread_t watchdog_thread;
static volatile bool watchdog_quit;        /* set at exit: the thread ends, is joined */
static _Thread_local int watching_here;    /* nesting of vm_watch_start in this thread */
static _Thread_local const grove_vm *watched_here;
static vm_watch_calls calls;               /* into the VM, set before the thread starts */

static void on_alarm(int sig)
{
    (void)sig;
    int saved = errno;
    calls.interrupt_here(calls.cancelled());
    errno = saved;
}

/* The CPU time thread t has used, in ms; -1 if the system cannot say. */
static long thread_cpu_ms(pthread_t t)
{
    clockid_t clock;
    struct timespec ts;
    if (pthread_getcpuclockid(t, &clock) != 0 || clock_gettime(clock, &ts) != 0) return -1;
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* "No progress for N ms" counts the CPU time the call's thread spent
 * without progress, not the time on the clock: on a loaded machine (more
 * threads than cores, a cluster node shared with other jobs) a thread can
 * wait that long for a processor, and that is no endless loop. Where the
 * thread's CPU clock cannot be read, the watchdog's ticks count instead. */
static void look(vm_watch *w, bool cancel)
{
    grove_vm *vm = w->vm;
    long now = atomic_load_explicit(&vm->progress, memory_order_relaxed);
    unsigned long serial = atomic_load_explicit(&vm->serial, memory_order_relaxed);
    if (!atomic_load(&vm->in_call)) {
        w->quiet_ms = 0;
        return;
    }
    if (cancel) {                               /* Ctrl-C: every call, every tick, till it ends */
        pthread_kill(w->thread, SIGALRM);
        return;
    }
    int ms = atomic_load_explicit(&vm->watch_ms, memory_order_relaxed);
    long cpu = ms > 0 ? thread_cpu_ms(w->thread) : -1;
    if (ms <= 0 || now != w->seen || serial != w->seen_serial) {
        w->seen = now;
        w->seen_serial = serial;
        w->quiet_ms = 0;
        w->cpu_seen_ms = cpu;
        return;
    }
    if (cpu >= 0 && w->cpu_seen_ms >= 0) w->quiet_ms = cpu - w->cpu_seen_ms;
    else if (cpu >= 0) w->cpu_seen_ms = cpu;    /* counting starts now */
    else w->quiet_ms += WATCH_TICK_MS;
    if (w->quiet_ms >= ms) {
        w->quiet_ms = 0;
        w->cpu_seen_ms = cpu;
        vm->stop_serial = serial;               /* the handler stops this call only */
        pthread_kill(w->thread, SIGALRM);
    }
}

static void *watchdog(void *unused)
{
    (void)unused;
    while (!watchdog_quit) {
        struct timespec tick = { 0, WATCH_TICK_MS * 1000000L };
        nanosleep(&tick, NULL);
        bool cancel = calls.cancelled();
        pthread_mutex_lock(&watch_lock);
        for (vm_watch *w = watches; w; w = w->next) look(w, cancel);
        pthread_mutex_unlock(&watch_lock);
    }
    return NULL;
}

/* At exit: end the watchdog thread and wait for it, so nothing of it is
 * left behind (valgrind would count its stack as lost). */
static void stop_watchdog(void)
{
    watchdog_quit = true;
    pthread_join(watchdog_thread, NULL);
}

/* Under watch_lock. */
static void start_watchdog(const vm_watch_calls *c)
{
    if (watchdog_started) return;
    if (!calls.cancelled) calls = *c;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    /* the watchdog itself never takes a signal */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    watchdog_started = pthread_create(&watchdog_thread, NULL, watchdog, NULL) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (watchdog_started) atexit(stop_watchdog);
}

bool vm_watch_register(grove_vm *vm, const vm_watch_calls *c)
{
    vm_watch *w = calloc(1, sizeof *w);
    if (!w) return false;
    w->vm = vm;
    w->thread = vm->thread = pthread_self();
    w->cpu_seen_ms = -1;
    pthread_mutex_lock(&watch_lock);
    start_watchdog(c);
    w->next = watches;
    watches = w;
    pthread_mutex_unlock(&watch_lock);
    vm->watch = w;
    return true;
}

void vm_watch_unregister(grove_vm *vm)
{
    pthread_mutex_lock(&watch_lock);
    for (vm_watch **p = &watches; *p; p = &(*p)->next)
        if (*p == vm->watch) {
            *p = vm->watch->next;
            free(vm->watch);
            break;
        }
    pthread_mutex_unlock(&watch_lock);
    vm->watch = NULL;
}

void vm_watch_thread(grove_vm *vm)
{
    pthread_t self = pthread_self();
    if (pthread_equal(vm->watch->thread, self)) return;
    pthread_mutex_lock(&watch_lock);
    vm->watch->thread = vm->thread = self;
    vm->watch->cpu_seen_ms = -1;              /* another thread's clock */
    pthread_mutex_unlock(&watch_lock);
}

bool vm_watching(const grove_vm *vm)
{
    return watching_here > 0 && watched_here == vm;
}

void vm_watch_start(grove_vm *vm, int ms)
{
    if (vm->watching++ == 0) {
        /* what a budgeted call around this run watched for comes back at
         * vm_watch_stop */
        vm->outer_watch_ms = atomic_load(&vm->watch_ms);
        vm->outer_watch_reason = vm->watch_reason;
        snprintf(vm->watch_text, sizeof vm->watch_text, "no progress for %d ms: an endless loop?", ms);
        vm->watch_reason = vm->watch_text;
        atomic_store(&vm->watch_ms, ms);
    }
    watched_here = vm;
    watching_here++;
}

void vm_watch_stop(grove_vm *vm)
{
    if (vm->watching > 0 && --vm->watching == 0) {
        vm->watch_reason = vm->outer_watch_reason;
        atomic_store(&vm->watch_ms, vm->outer_watch_ms);
    }
    if (watched_here == vm && --watching_here == 0) watched_here = NULL;
}
