/*
 * watchdog.c — the watchdog of long runs made of many short script calls
 * (playouts, the bots' searches), which go without the count hook (vm.h).
 */
#include "vm_impl.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One watchdog thread for the process looks at every watched VM every
 * WATCH_TICK_MS; a VM whose progress counter has not moved for its limit is
 * stopped by a SIGALRM sent to the thread running it, whose handler (in that
 * thread, the one place lua_sethook may be called from asynchronously)
 * interrupts the script. So any number of threads may each run a VM. */
#define WATCH_TICK_MS 20

typedef struct watch {
    grove_vm *vm;
    pthread_t thread;
    int ms;
    long seen;                  /* progress at the last look */
    long quiet_ms;              /* how long it has not moved */
    struct watch *next;
} watch;

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static watch *watches;
static bool watchdog_started;
static pthread_t watchdog_thread;
static volatile bool watchdog_quit;        /* set at exit: the thread ends, is joined */
static _Thread_local grove_vm *watched;   /* this thread's watched VM */

static void on_alarm(int sig)
{
    (void)sig;
    grove_vm *vm = watched;
    if (!vm || vm->depth == 0) return;
    vm->stop_reason = vm_cancelled() ? NULL : vm->watch_reason;
    vm->interrupted = 1;
    vm_set_hook(vm->L, vm, 1);
}

static void *watchdog(void *unused)
{
    (void)unused;
    while (!watchdog_quit) {
        struct timespec tick = { 0, WATCH_TICK_MS * 1000000L };
        nanosleep(&tick, NULL);
        pthread_mutex_lock(&watch_lock);
        for (watch *w = watches; w; w = w->next) {
            if (vm_cancelled()) { pthread_kill(w->thread, SIGALRM); continue; }
            long now = w->vm->progress;
            if (now != w->seen) { w->seen = now; w->quiet_ms = 0; continue; }
            w->quiet_ms += WATCH_TICK_MS;
            if (w->quiet_ms >= w->ms) {
                w->quiet_ms = 0;
                pthread_kill(w->thread, SIGALRM);
            }
        }
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

bool vm_watching(const grove_vm *vm)
{
    return watched == vm;
}

void vm_watch_start(grove_vm *vm, int ms)
{
    snprintf(vm->watch_reason, sizeof vm->watch_reason, "no progress for %d ms: an endless loop?", ms);
    watch *w = calloc(1, sizeof *w);
    pthread_mutex_lock(&watch_lock);
    if (!watchdog_started) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_alarm;
        sa.sa_flags = SA_RESTART;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGALRM, &sa, NULL);
        /* the watchdog itself never takes the signal */
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_BLOCK, &all, &old);
        watchdog_started = pthread_create(&watchdog_thread, NULL, watchdog, NULL) == 0;
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        if (watchdog_started) atexit(stop_watchdog);
    }
    if (w) {
        w->vm = vm;
        w->thread = pthread_self();
        w->ms = ms;
        w->seen = vm->progress;
        w->next = watches;
        watches = w;
    }
    pthread_mutex_unlock(&watch_lock);
    watched = vm;
}

void vm_watch_stop(grove_vm *vm)
{
    pthread_mutex_lock(&watch_lock);
    for (watch **p = &watches; *p; p = &(*p)->next)
        if ((*p)->vm == vm && pthread_equal((*p)->thread, pthread_self())) {
            watch *w = *p;
            *p = w->next;
            free(w);
            break;
        }
    pthread_mutex_unlock(&watch_lock);
    if (watched == vm) watched = NULL;
}

/* Does msg begin with a position, "file:line: "? */
