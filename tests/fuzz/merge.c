/*
 * merge.c — fuzz target: the records files `grove merge FILES` and `grove
 * sim --records FILE --resume` read back (JSON Lines, one game a line,
 * repl/study/merge.c and shard.c, the host's JSON reader host/core/json.c),
 * through cmd_merge as the command line
 * calls it, with --json so the whole study is written out too.
 *
 * Input: the bytes of one records file (written to a file in a private
 * temporary folder, since merge takes paths). A records file is what a
 * cluster job leaves behind: a worker killed mid-line, a disk that filled,
 * a file edited by hand or of another grove version.
 *
 * What must hold (else fuzz_fail aborts): cmd_merge returns 0, 1 or 2
 * (merged; refused with a message, or merged games that had failed when
 * they were played; a usage error); it never crashes; when it merged it
 * wrote its --json file, and any --json file it writes is one JSON value
 * (read back with host/core/json.c) in valid UTF-8, whatever bytes and \u
 * escapes (a lone surrogate) the records held.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "json.h"
#include "study.h"          /* cmd_merge */
#include "utf8.h"

static char records[4200], out[4200];

/* The offset of the first byte of s that is not part of a valid UTF-8
 * character (utf8.h), or -1. */
static long invalid_utf8(const char *text)
{
    size_t len = strlen(text);
    for (size_t i = 0; i < len;) {
        int n = utf8_len(text + i, len - i);
        if (n == 0) return (long)i;
        i += (size_t)n;
    }
    return -1;
}
static char arg0[] = "grove", arg1[] = "merge", arg3[] = "--json";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!records[0]) {
        snprintf(records, sizeof records, "%s/records.jsonl", fuzz_tmpdir());
        snprintf(out, sizeof out, "%s/merged.json", fuzz_tmpdir());
        /* the merged summary goes to stdout: not the fuzzer's business */
        if (!freopen("/dev/null", "w", stdout)) fuzz_fail("cannot send stdout to /dev/null");
    }
    FILE *f = fopen(records, "wb");
    if (!f) fuzz_fail("cannot write %s", records);
    if (size && fwrite(data, 1, size, f) != size) fuzz_fail("cannot write %s", records);
    if (fclose(f) != 0) fuzz_fail("cannot write %s", records);
    unlink(out);

    char *argv[] = { arg0, arg1, records, arg3, out, NULL };
    int rc = cmd_merge(5, argv);
    if (rc < 0 || rc > 2) fuzz_fail("grove merge returned %d, not 0, 1 or 2", rc);

    bool wrote = access(out, F_OK) == 0;
    if (rc == 0 && !wrote) fuzz_fail("grove merge merged (returned 0) but wrote no --json file");
    if (wrote) {
        char err[sizeof out + 200];
        char *written = cli_read_file(out, err, sizeof err);
        if (!written) fuzz_fail("grove merge's --json file does not read back: %s", err);
        long bad = invalid_utf8(written);
        if (bad >= 0) fuzz_fail("grove merge's --json file is not valid UTF-8 at byte %ld: %.20s", bad, written + bad);
        json_arena arena = { 0 };
        if (!json_parse(written, strlen(written), &arena, err, sizeof err))
            fuzz_fail("grove merge's --json file is not JSON: %s", err);
        json_free(&arena);
        free(written);
    }
    return 0;
}
