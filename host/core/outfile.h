/*
 * outfile.h — writing a file whole or not at all, the one way grove
 * writes a file (saves, sim's records and plots, bench's figures, the
 * files of `grove new`).
 *
 * The text goes to a new temporary file in the target's folder, with a
 * name of its own (".NAME.grove-XXXXXXXX.tmp"), created exclusively and
 * never through a symbolic link; it is flushed and synced, and only then
 * renamed over the target, and the folder synced. A write error, a full
 * disk or an error anywhere on the way leaves the old file exactly as it
 * was and removes the temporary file; a kill leaves the old file as it was
 * (and the temporary file behind). A target that exists must be a regular
 * file: a symbolic link, a folder, a device or a pipe is refused, not
 * replaced. The new file keeps the old one's permissions.
 *
 * Plain C, no Lua: errors come back as a message a person can act on
 * ("cannot write x.sav: No space left on device (x.sav is unchanged)").
 */
#ifndef GROVE_OUTFILE_H
#define GROVE_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct outfile outfile;

/* Start writing `path`: NULL with err filled when it cannot be written
 * (no such folder, a target that is no regular file, no permission). */
outfile *outfile_open(const char *path, char *err, size_t errlen);

/* Where to write: a stdio stream; its errors are found by outfile_commit. */
FILE *outfile_stream(outfile *f);

/* Finish: flush, sync and close the temporary file, rename it over the
 * target, sync the folder. False with err when any step failed: the
 * target is then as it was before, the temporary file gone. Frees f. */
bool outfile_commit(outfile *f, char *err, size_t errlen);

/* Give up: remove the temporary file, the target untouched. Frees f. */
void outfile_abort(outfile *f);

/* The whole file from one buffer. */
bool outfile_write(const char *path, const void *data, size_t len, char *err, size_t errlen);

#endif
