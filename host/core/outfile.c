/*
 * outfile.c — writing a file whole or not at all (outfile.h): a temporary
 * file beside the target, opened by the folder's descriptor (so a path as
 * long as the system allows works, and the folder cannot change under us),
 * then a rename.
 */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TMP_TRIES 16
#define TMP_EXTRA 20             /* "." ".grove-" 8 hex ".tmp" */

struct outfile {
    int dir;                     /* the target's folder; -1 for the standard output */
    FILE *stream;                /* the temporary file (or a copy of the standard output's descriptor) */
    bool existed;                /* the target was there before */
    char *path;                  /* the target as given, for messages */
    char base[NAME_MAX + 1];     /* the target's name in its folder */
    char tmp[NAME_MAX + 1];      /* the temporary file's */
    int slot;                    /* its place in `temporaries`, or -1 */
};

/* ---- the temporary files a signal handler removes ----------------------------------- */

#define MAX_TEMPORARIES 64       /* more at once are written as well, without the handler's help */

/* A slot is filled (dir, name) before `live` is set, and `live` cleared
 * before the file is renamed or removed and the folder closed, so the
 * handler reads only whole slots of folders still open. */
static struct {
    int dir;
    char name[NAME_MAX + 1];
    volatile sig_atomic_t live;
} temporaries[MAX_TEMPORARIES];
static pthread_mutex_t temporaries_lock = PTHREAD_MUTEX_INITIALIZER;
static int stdout_fd = STDOUT_FILENO;

static int remember(int dir, const char *name)
{
    int slot = -1;
    pthread_mutex_lock(&temporaries_lock);
    for (int i = 0; i < MAX_TEMPORARIES && slot < 0; i++)
        if (!temporaries[i].live) slot = i;
    if (slot >= 0) {
        temporaries[slot].dir = dir;
        snprintf(temporaries[slot].name, sizeof temporaries[slot].name, "%s", name);
        atomic_signal_fence(memory_order_seq_cst);
        temporaries[slot].live = 1;
    }
    pthread_mutex_unlock(&temporaries_lock);
    return slot;
}

static void forget(int slot)
{
    if (slot < 0) return;
    pthread_mutex_lock(&temporaries_lock);
    temporaries[slot].live = 0;
    atomic_signal_fence(memory_order_seq_cst);
    pthread_mutex_unlock(&temporaries_lock);
}

void outfile_remove_temporaries(void)
{
    for (int i = 0; i < MAX_TEMPORARIES; i++)
        if (temporaries[i].live) unlinkat(temporaries[i].dir, temporaries[i].name, 0);
}

int outfile_stdout_fd(int fd)
{
    if (fd >= 0) stdout_fd = fd;
    return stdout_fd;
}

static void say(char *err, size_t errlen, const char *path, const char *why, bool existed)
{
    if (!strcmp(path, "-")) snprintf(err, errlen, "cannot write to the standard output: %s", why);
    else snprintf(err, errlen, "cannot write %s: %s (%s)", path, why,
                  existed ? "the file there is unchanged" : "nothing was written");
}

/* "-": the standard output, through a copy of its descriptor (closed at
 * the commit, the descriptor itself left open). */
static outfile *open_stdout(char *err, size_t errlen)
{
    if (stdout_fd == STDOUT_FILENO) fflush(stdout);   /* what was printed comes first */
    outfile *f = calloc(1, sizeof *f);
    int fd = f ? fcntl(stdout_fd, F_DUPFD_CLOEXEC, 0) : -1;
    if (!f || fd < 0 || !(f->stream = fdopen(fd, "w")) || !(f->path = strdup("-"))) {
        int e = f ? errno : ENOMEM;
        if (f && f->stream) fclose(f->stream);
        else if (fd >= 0) close(fd);
        free(f);
        say(err, errlen, "-", strerror(e), false);
        return NULL;
    }
    f->dir = -1;
    f->slot = -1;
    f->dir = -1;                 /* nothing to close yet */
    return f;
}

/* Eight hex digits no other writer guesses (getrandom; else the clock,
 * the process and a counter). */
static void random_hex(char out[9])
{
    static unsigned counter;
    uint32_t r;
    if (getrandom(&r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        r = (uint32_t)ts.tv_nsec ^ ((uint32_t)getpid() << 16) ^ (++counter * 2654435761u);
    }
    snprintf(out, 9, "%08x", (unsigned)r);
}

outfile *outfile_open(const char *path, char *err, size_t errlen)
{
    if (!strcmp(path, "-")) return open_stdout(err, errlen);
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (!*path || !*base) { say(err, errlen, path, "the name is a folder's, not a file's", false); return NULL; }
    if (strlen(base) > NAME_MAX) { say(err, errlen, path, strerror(ENAMETOOLONG), false); return NULL; }
    outfile *f = calloc(1, sizeof *f);
    char *dirpath = NULL;
    if (!f || !(f->path = strdup(path))) { free(f); say(err, errlen, path, strerror(ENOMEM), false); return NULL; }
    f->slot = -1;
    f->dir = -1;                 /* nothing to close yet */
    snprintf(f->base, sizeof f->base, "%s", base);
    if (slash) {
        size_t n = slash == path ? 1 : (size_t)(slash - path);   /* "/x": the root */
        if ((dirpath = malloc(n + 1))) {
            memcpy(dirpath, path, n);
            dirpath[n] = '\0';
        }
    } else {
        dirpath = strdup(".");
    }
    if (!dirpath) { say(err, errlen, path, strerror(ENOMEM), false); goto fail; }
    f->dir = open(dirpath, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    free(dirpath);
    if (f->dir < 0) { say(err, errlen, path, strerror(errno), false); f->dir = -1; goto fail; }

    /* the target: absent, or a regular file */
    struct stat st;
    mode_t mode = 0666;
    if (fstatat(f->dir, f->base, &st, AT_SYMLINK_NOFOLLOW) == 0) {
        f->existed = true;
        const char *why = NULL;
        if (S_ISLNK(st.st_mode))
            why = "it is a symbolic link, which grove does not replace (give the path of the file it points to)";
        else if (S_ISDIR(st.st_mode))
            why = "it is a folder";
        else if (!S_ISREG(st.st_mode))
            why = "it is not a regular file (a device or a pipe), which grove does not replace";
        if (why) { say(err, errlen, path, why, true); goto fail; }
        mode = st.st_mode & 07777;
    } else if (errno != ENOENT) {
        say(err, errlen, path, strerror(errno), false);
        goto fail;
    }

    /* the temporary file: ".NAME.grove-XXXXXXXX.tmp", new, never a link */
    int fd = -1;
    int bn = (int)strlen(f->base);
    if (bn > NAME_MAX - TMP_EXTRA) bn = NAME_MAX - TMP_EXTRA;
    for (int k = 0; fd < 0 && k < TMP_TRIES; k++) {
        char hex[9];
        random_hex(hex);
        snprintf(f->tmp, sizeof f->tmp, ".%.*s.grove-%s.tmp", bn, f->base, hex);
        fd = openat(f->dir, f->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) { say(err, errlen, path, strerror(errno), f->existed); goto fail; }
    f->slot = remember(f->dir, f->tmp);
    if (f->existed) (void)fchmod(fd, mode);          /* keep the old file's permissions */
    if (!(f->stream = fdopen(fd, "w"))) {
        int e = errno;
        close(fd);
        forget(f->slot);
        unlinkat(f->dir, f->tmp, 0);
        say(err, errlen, path, strerror(e), f->existed);
        goto fail;
    }
    return f;
fail:
    if (f->dir >= 0) close(f->dir);
    free(f->path);
    free(f);
    return NULL;
}

FILE *outfile_stream(outfile *f)
{
    return f->stream;
}

bool outfile_commit(outfile *f, char *err, size_t errlen)
{
    int e = 0;
    errno = 0;
    if (f->dir < 0) {                                 /* the standard output */
        if (fflush(f->stream) != 0 || ferror(f->stream)) e = errno ? errno : EIO;
        if (fclose(f->stream) != 0 && !e) e = errno ? errno : EIO;
        if (e) say(err, errlen, "-", strerror(e), false);
        free(f->path);
        free(f);
        return e == 0;
    }
    if (fflush(f->stream) != 0 || ferror(f->stream)) e = errno ? errno : EIO;
    if (!e && fsync(fileno(f->stream)) != 0) e = errno;
    if (fclose(f->stream) != 0 && !e) e = errno ? errno : EIO;
    forget(f->slot);                                  /* renamed or removed next */
    if (!e && renameat(f->dir, f->tmp, f->dir, f->base) != 0) e = errno;
    if (e) {
        unlinkat(f->dir, f->tmp, 0);
        say(err, errlen, f->path, strerror(e), f->existed);
    } else {
        (void)fsync(f->dir);                          /* the rename on disk (not every file system can) */
    }
    close(f->dir);
    free(f->path);
    free(f);
    return e == 0;
}

void outfile_abort(outfile *f)
{
    fclose(f->stream);
    if (f->dir < 0) {                                 /* the standard output: what went, went */
        free(f->path);
        free(f);
        return;
    }
    forget(f->slot);
    unlinkat(f->dir, f->tmp, 0);
    close(f->dir);
    free(f->path);
    free(f);
}

bool outfile_write(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
    outfile *f = outfile_open(path, err, errlen);
    if (!f) return false;
    if (len) fwrite(data, 1, len, f->stream);         /* an error shows at the commit */
    return outfile_commit(f, err, errlen);
}
