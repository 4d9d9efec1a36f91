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
    int dir;                     /* the target's folder */
    FILE *stream;                /* the temporary file */
    bool existed;                /* the target was there before */
    char *path;                  /* the target as given, for messages */
    char base[NAME_MAX + 1];     /* the target's name in its folder */
    char tmp[NAME_MAX + 1];      /* the temporary file's */
};

static void say(char *err, size_t errlen, const char *path, const char *why, bool existed)
{
    snprintf(err, errlen, "cannot write %s: %s (%s)", path, why,
             existed ? "the file there is unchanged" : "nothing was written");
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
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (!*path || !*base) { say(err, errlen, path, "the name is a folder's, not a file's", false); return NULL; }
    if (strlen(base) > NAME_MAX) { say(err, errlen, path, strerror(ENAMETOOLONG), false); return NULL; }
    outfile *f = calloc(1, sizeof *f);
    char *dirpath = NULL;
    if (!f || !(f->path = strdup(path))) { free(f); say(err, errlen, path, strerror(ENOMEM), false); return NULL; }
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
    if (f->existed) (void)fchmod(fd, mode);          /* keep the old file's permissions */
    if (!(f->stream = fdopen(fd, "w"))) {
        int e = errno;
        close(fd);
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
    if (fflush(f->stream) != 0 || ferror(f->stream)) e = errno ? errno : EIO;
    if (!e && fsync(fileno(f->stream)) != 0) e = errno;
    if (fclose(f->stream) != 0 && !e) e = errno ? errno : EIO;
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
