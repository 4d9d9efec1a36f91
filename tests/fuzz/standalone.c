/*
 * standalone.c — a main for a fuzz harness built without libFuzzer
 * (FUZZ_STANDALONE): runs LLVMFuzzerTestOneInput once on every file named
 * on the command line and on every file in every folder named there (in
 * name order, skipping names that start with '.' and README files), so any
 * compiler can replay a corpus and the crash regressions.
 *
 *   fuzz-moves tests/fuzz/corpus/moves tests/fuzz/crashes/moves
 *
 * Prints "NAME: N inputs" on stderr (and how many the harness refused, by
 * returning -1: the REPL's drops inputs with words it does not allow) and
 * exits 0 when every input ran; a failing input aborts (fuzz_fail or a
 * sanitizer), with its path on stderr for fuzz_fail.
 */
#ifdef FUZZ_STANDALONE

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

static const char *current;     /* the input being run, for the crash message */
static long refused;            /* inputs the harness would not take (returned -1) */

static void on_crash(int sig)
{
    /* only async-signal-safe calls here */
    static const char msg[] = "fuzz: the input that failed: ";
    if (current) {
        ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
        w = write(STDERR_FILENO, current, strlen(current));
        w = write(STDERR_FILENO, "\n", 1);
        (void)w;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "fuzz: cannot open %s: %s\n", path, strerror(errno)); return -1; }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (!buf) { fclose(f); fprintf(stderr, "fuzz: out of memory reading %s\n", path); return -1; }
        len += fread(buf + len, 1, cap - len, f);
        if (len < cap) break;
        cap *= 2;
        uint8_t *nb = realloc(buf, cap);
        if (!nb) free(buf);
        buf = nb;
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) { free(buf); fprintf(stderr, "fuzz: cannot read %s\n", path); return -1; }
    current = path;
    if (LLVMFuzzerTestOneInput(buf, len) == -1) refused++;
    current = NULL;
    free(buf);
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file of dir, in name order; returns the number run, or -1. */
static long run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) { fprintf(stderr, "fuzz: cannot open %s: %s\n", dir, strerror(errno)); return -1; }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || !strncmp(e->d_name, "README", 6)) continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn) { fprintf(stderr, "fuzz: out of memory\n"); exit(2); }
            names = nn;
        }
        names[n] = strdup(e->d_name);
        if (!names[n]) { fprintf(stderr, "fuzz: out of memory\n"); exit(2); }
        n++;
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, cmp_names);
    long ran = 0;
    for (size_t i = 0; i < n; i++) {
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        struct stat sb;
        if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
            if (run_file(path) < 0) ran = -1;
            else if (ran >= 0) ran++;
        }
        free(names[i]);
    }
    free(names);
    return ran;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|FOLDER...\n  runs the fuzz harness once on each input\n", argv[0]);
        return 2;
    }
    /* abort() (fuzz_fail) names its input; a sanitizer keeps its own
     * handlers, and replay.sh runs each input alone to name the one */
    signal(SIGABRT, on_crash);
    long total = 0;
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        /* absolute: a harness may change folder (the REPL's runs in a temporary one) */
        char path[PATH_MAX];
        struct stat sb;
        if (!realpath(argv[i], path) || stat(path, &sb) != 0) {
            fprintf(stderr, "fuzz: no file or folder %s\n", argv[i]);
            rc = 2;
            continue;
        }
        long n = S_ISDIR(sb.st_mode) ? run_dir(path) : run_file(path) == 0 ? 1 : -1;
        if (n < 0) rc = 2;
        else total += n;
    }
    const char *base = strrchr(argv[0], '/');
    if (refused) fprintf(stderr, "%s: %ld inputs (%ld refused by the harness)\n", base ? base + 1 : argv[0], total, refused);
    else fprintf(stderr, "%s: %ld inputs\n", base ? base + 1 : argv[0], total);
    return rc;
}

#endif
