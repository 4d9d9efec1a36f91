/*
 * test_outfile.c — writing a file whole or not at all (outfile.h), the
 * way every file grove writes is written: a new file appears whole, an
 * old one is replaced whole or kept exactly as it was (a failed write, a
 * full disk), a symbolic link, a device or a folder at the target is
 * refused and left alone, a file planted where the old fixed temporary
 * name was ("x.sav.tmp") is not touched, the longest names a folder
 * takes work, and no temporary file is left behind.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"

static char dir[64];

static int make_dir(void **st)
{
    (void)st;
    snprintf(dir, sizeof dir, "/tmp/grove-outfile-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **st)
{
    (void)st;
    DIR *d = opendir(dir);
    if (!d) return -1;
    struct dirent *e;
    char p[PATH_MAX];
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            if (unlink(p) != 0) rmdir(p);
        }
    closedir(d);
    return rmdir(dir);
}

static void path_of(char *out, size_t n, const char *name)
{
    snprintf(out, n, "%s/%s", dir, name);
}

static char *slurp(const char *path)
{
    static char buf[4096];
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* How many entries the folder holds (a temporary file left is one more). */
static int entries(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

static void new_and_replaced_files_are_whole(void **st)
{
    (void)st;
    char p[PATH_MAX], err[512];
    path_of(p, sizeof p, "a.sav");
    assert_true(outfile_write(p, "one\n", 4, err, sizeof err));
    assert_string_equal(slurp(p), "one\n");
    chmod(p, 0600);
    assert_true(outfile_write(p, "two\n", 4, err, sizeof err));
    assert_string_equal(slurp(p), "two\n");
    struct stat s;
    assert_int_equal(stat(p, &s), 0);
    assert_int_equal(s.st_mode & 0777, 0600);          /* the old file's permissions */
    assert_int_equal(entries(), 1);
    unlink(p);
}

static void a_failed_write_keeps_the_old_file(void **st)
{
    (void)st;
    char p[PATH_MAX], err[512];
    path_of(p, sizeof p, "b.sav");
    assert_true(outfile_write(p, "kept\n", 5, err, sizeof err));
    /* a file size limit: the write fails as on a full disk */
    struct rlimit old, small = { 2048, 2048 };
    getrlimit(RLIMIT_FSIZE, &old);
    small.rlim_max = old.rlim_max;
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    static char big[65536];
    memset(big, 'x', sizeof big);
    bool ok = outfile_write(p, big, sizeof big, err, sizeof err);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, was);
    assert_false(ok);
    assert_non_null(strstr(err, "b.sav"));
    assert_non_null(strstr(err, "unchanged"));
    assert_string_equal(slurp(p), "kept\n");
    assert_int_equal(entries(), 1);                    /* no temporary file left */

    /* given up: the same */
    outfile *f = outfile_open(p, err, sizeof err);
    assert_non_null(f);
    fputs("half", outfile_stream(f));
    outfile_abort(f);
    assert_string_equal(slurp(p), "kept\n");
    assert_int_equal(entries(), 1);
    unlink(p);
}

static void links_devices_and_folders_are_refused(void **st)
{
    (void)st;
    char p[PATH_MAX], victim[PATH_MAX], err[512];
    path_of(victim, sizeof victim, "victim");
    assert_true(outfile_write(victim, "precious\n", 9, err, sizeof err));

    path_of(p, sizeof p, "link.sav");
    assert_int_equal(symlink(victim, p), 0);
    assert_false(outfile_write(p, "x", 1, err, sizeof err));
    assert_non_null(strstr(err, "symbolic link"));
    assert_string_equal(slurp(victim), "precious\n");

    /* the name the old saves used for their temporary file */
    path_of(p, sizeof p, "c.sav.tmp");
    assert_int_equal(symlink(victim, p), 0);
    path_of(p, sizeof p, "c.sav");
    assert_true(outfile_write(p, "mine\n", 5, err, sizeof err));
    assert_string_equal(slurp(p), "mine\n");
    assert_string_equal(slurp(victim), "precious\n");

    assert_false(outfile_write("/dev/null", "x", 1, err, sizeof err));
    assert_non_null(strstr(err, "not a regular file"));
    struct stat s;
    assert_int_equal(stat("/dev/null", &s), 0);
    assert_true(S_ISCHR(s.st_mode));

    assert_false(outfile_write(dir, "x", 1, err, sizeof err));
    assert_non_null(strstr(err, "folder"));
    path_of(p, sizeof p, "");
    assert_false(outfile_write(p, "x", 1, err, sizeof err));
    assert_false(outfile_write("/no/such/folder/x.sav", "x", 1, err, sizeof err));
    assert_non_null(strstr(err, "No such file"));
    assert_int_equal(entries(), 4);                    /* victim, link.sav, c.sav.tmp, c.sav */
    const char *const made[] = { "victim", "link.sav", "c.sav.tmp", "c.sav" };
    for (int i = 0; i < 4; i++) {
        path_of(p, sizeof p, made[i]);
        unlink(p);
    }
}

static void the_longest_names_work_and_longer_are_refused(void **st)
{
    (void)st;
    char name[NAME_MAX + 2], p[PATH_MAX + 64], err[512];
    memset(name, 'n', NAME_MAX);
    name[NAME_MAX] = '\0';
    path_of(p, sizeof p, name);
    assert_true(outfile_write(p, "long\n", 5, err, sizeof err));
    assert_string_equal(slurp(p), "long\n");
    unlink(p);
    name[NAME_MAX] = 'n';
    name[NAME_MAX + 1] = '\0';
    path_of(p, sizeof p, name);
    assert_false(outfile_write(p, "x", 1, err, sizeof err));
    assert_non_null(strstr(err, "too long"));

    /* a path near PATH_MAX through many folders: the temporary name is
     * never cut to the path itself */
    char deep[PATH_MAX + 64];
    size_t n = (size_t)snprintf(deep, sizeof deep, "%s", dir);
    while (n + 12 < PATH_MAX - 40) n += (size_t)snprintf(deep + n, sizeof deep - n, "/%s", "././././.");
    snprintf(deep + n, sizeof deep - n, "/deep.sav");
    assert_true(strlen(deep) > 4000);
    assert_true(outfile_write(deep, "deep\n", 5, err, sizeof err));
    path_of(p, sizeof p, "deep.sav");
    assert_string_equal(slurp(p), "deep\n");
    unlink(p);
    assert_int_equal(entries(), 0);
}

/* "-" is the standard output (here, a pipe set with outfile_stdout_fd);
 * "./-" is a file named "-". */
static void dash_is_the_standard_output(void **st)
{
    (void)st;
    int fds[2];
    char err[512], buf[64] = "";
    assert_int_equal(pipe(fds), 0);
    outfile_stdout_fd(fds[1]);
    outfile *f = outfile_open("-", err, sizeof err);
    assert_non_null(f);
    fputs("to stdout\n", outfile_stream(f));
    assert_true(outfile_commit(f, err, sizeof err));
    outfile_stdout_fd(STDOUT_FILENO);
    close(fds[1]);                                     /* the commit closed only its copy */
    assert_int_equal(read(fds[0], buf, sizeof buf - 1), 10);
    assert_string_equal(buf, "to stdout\n");
    close(fds[0]);
    assert_int_equal(entries(), 0);
    char p[PATH_MAX];
    path_of(p, sizeof p, "-");
    assert_true(outfile_write(p, "a file\n", 7, err, sizeof err));
    assert_string_equal(slurp(p), "a file\n");
    unlink(p);
}

/* What a signal handler does before the process ends: the temporary
 * files of outfiles still open are removed, the targets untouched. */
static void a_signal_handler_removes_the_temporary_files(void **st)
{
    (void)st;
    char p[PATH_MAX], q[PATH_MAX], err[512];
    path_of(p, sizeof p, "kept.json");
    path_of(q, sizeof q, "new.json");
    assert_true(outfile_write(p, "old\n", 4, err, sizeof err));
    outfile *a = outfile_open(p, err, sizeof err), *b = outfile_open(q, err, sizeof err);
    assert_non_null(a);
    assert_non_null(b);
    fputs("half of it", outfile_stream(a));
    fflush(outfile_stream(a));
    assert_int_equal(entries(), 3);                    /* kept.json and two temporary files */
    outfile_remove_temporaries();
    assert_int_equal(entries(), 1);
    assert_string_equal(slurp(p), "old\n");
    outfile_abort(a);
    outfile_abort(b);
    outfile_remove_temporaries();                      /* none left to remove */
    assert_int_equal(entries(), 1);
    unlink(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(new_and_replaced_files_are_whole),
        cmocka_unit_test(a_failed_write_keeps_the_old_file),
        cmocka_unit_test(links_devices_and_folders_are_refused),
        cmocka_unit_test(the_longest_names_work_and_longer_are_refused),
        cmocka_unit_test(dash_is_the_standard_output),
        cmocka_unit_test(a_signal_handler_removes_the_temporary_files),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
