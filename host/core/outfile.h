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
 * The path "-" is the standard output (as for --json -, --csv -, --html
 * -): the text goes to it as it is written, which cannot be taken back;
 * a commit flushes it and says whether every byte went. ("./-" is a file
 * named "-".) The standard output may be moved to another descriptor
 * first (outfile_stdout_fd): a command whose output is "-" sends its own
 * report to stderr.
 *
 * A temporary file not yet committed or aborted is known to this file, so
 * that a signal handler about to end the process removes it
 * (outfile_remove_temporaries): Ctrl-C twice in grove sim, or once in any
 * command that does not catch it, leaves no ".NAME.grove-XXXXXXXX.tmp".
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

/* Where "-" writes: STDOUT_FILENO unless set to fd (a descriptor the
 * caller keeps open while outfiles may use it); fd < 0 sets nothing.
 * Returns the descriptor "-" writes to (for a writer of its own: grove
 * sim's --records -). */
int outfile_stdout_fd(int fd);

/* Remove the temporary file of every outfile not yet committed or
 * aborted; the targets are untouched. Async-signal-safe (unlinkat only):
 * for a signal handler that ends the process next. */
void outfile_remove_temporaries(void);

#endif
