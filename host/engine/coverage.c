/*
 * coverage.c — line counts of the rule scripts (coverage.h).
 */
#include "coverage.h"

#include <ctype.h>
#include <lauxlib.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

typedef struct {
    char *path;                 /* owned: the chunk's file name, without '@' */
    long *hits;                 /* owned: hits[line] */
    int nlines;
} cov_file;

struct coverage {
    cov_file *files;
    int nfiles, cap;
    const void *last_source;    /* the last chunk seen, to skip the lookup */
    int last_file;
};

coverage *coverage_new(void)
{
    return calloc(1, sizeof(coverage));
}

void coverage_free(coverage *c)
{
    if (!c) return;
    for (int i = 0; i < c->nfiles; i++) {
        free(c->files[i].path);
        free(c->files[i].hits);
    }
    free(c->files);
    free(c);
}

/* The file entry for path (added if new); -1 on no memory. */
static int file_index(coverage *c, const char *path)
{
    for (int i = 0; i < c->nfiles; i++)
        if (!strcmp(c->files[i].path, path)) return i;
    if (c->nfiles == c->cap) {
        int cap = c->cap ? c->cap * 2 : 8;
        cov_file *f = realloc(c->files, (size_t)cap * sizeof *f);
        if (!f) return -1;
        c->files = f;
        c->cap = cap;
    }
    char *copy = strdup(path);
    if (!copy) return -1;
    c->files[c->nfiles] = (cov_file){ copy, NULL, 0 };
    return c->nfiles++;
}

static void count(cov_file *f, int line, long n)
{
    if (line < 1) return;
    if (line >= f->nlines) {
        int size = f->nlines ? f->nlines : 64;
        while (size <= line) size *= 2;
        long *h = realloc(f->hits, (size_t)size * sizeof *h);
        if (!h) return;
        memset(h + f->nlines, 0, (size_t)(size - f->nlines) * sizeof *h);
        f->hits = h;
        f->nlines = size;
    }
    f->hits[line] += n;
}

static void on_line(void *ctx, lua_State *L, lua_Debug *ar)
{
    coverage *c = ctx;
    if (!lua_getinfo(L, "S", ar) || ar->source[0] != '@') return;
    int i = ar->source == c->last_source ? c->last_file : file_index(c, ar->source + 1);
    if (i < 0) return;
    c->last_source = ar->source;
    c->last_file = i;
    count(&c->files[i], ar->currentline, 1);
}

coverage *coverage_start(grove_vm *vm)
{
    coverage *c = coverage_new();
    if (c) vm_listen_lines(vm, on_line, c);
    return c;
}

void coverage_stop(grove_vm *vm, coverage *c)
{
    vm_listen_lines(vm, NULL, NULL);
    coverage_free(c);
}

void coverage_merge(coverage *into, const coverage *from)
{
    for (int i = 0; i < from->nfiles; i++) {
        int k = file_index(into, from->files[i].path);
        if (k < 0) continue;
        for (int line = 1; line < from->files[i].nlines; line++)
            if (from->files[i].hits[line]) count(&into->files[k], line, from->files[i].hits[line]);
    }
}

/* Is this source line one that runs: not blank, a comment, a function's
 * header (Lua counts the closure on its `end`), or a lone keyword that
 * closes or opens a block? */
static bool code_line(const char *line)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", line);
    char *text = buf;
    while (isspace((unsigned char)*text)) text++;
    if (!*text || !strncmp(text, "--", 2)) return false;
    if (!strncmp(text, "function ", 9) || !strncmp(text, "local function ", 15)) return false;
    for (char *c = strstr(text, " --"); c; c = NULL) *c = '\0';   /* a trailing comment */
    static const char *const closers[] = { "end", "end)", "end,", "end)}", "else", "}", "},", "})", ")",
                                           "),", "do", "then", "repeat", "{" };
    char word[16];
    size_t n = strcspn(text, " \t\r\n");
    if (n < sizeof word && !text[n + strspn(text + n, " \t\r\n")]) {
        memcpy(word, text, n);
        word[n] = '\0';
        for (size_t k = 0; k < sizeof closers / sizeof closers[0]; k++)
            if (!strcmp(word, closers[k])) return false;
    }
    return true;
}

static int cmp_files(const void *a, const void *b)
{
    return strcmp((*(const cov_file *const *)a)->path, (*(const cov_file *const *)b)->path);
}

/* The file a chunk is named after (relative to the folder of the search
 * path holding it, or to the working directory) into full. */
static void chunk_file(grove_vm *vm, const char *path, char *full, size_t len)
{
    if (!vm_find(vm, path, full, len)) snprintf(full, len, "%s", path);
}

/* Does the file `full` lie in one of the n folders (resolved on disk)? */
static bool in_folders(const char *full, char (*real)[PATH_MAX], int n)
{
    char file[PATH_MAX];
    if (!realpath(full, file)) return false;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(real[i]);
        if (len && !strncmp(file, real[i], len) && file[len] == '/') return true;
    }
    return false;
}

void coverage_report(const coverage *c, const char *name, grove_vm *vm, FILE *out)
{
    char folders[GAME_MAX_FOLDERS][GAME_FOLDER_MAX];
    int nfolders = game_folders(vm, name, folders, GAME_MAX_FOLDERS);
    if (!nfolders) { fprintf(out, "coverage: no game '%s' on the search path\n", name); return; }
    char (*real)[PATH_MAX] = malloc(sizeof *real * (size_t)nfolders);
    const cov_file **list = malloc(sizeof *list * (size_t)(c->nfiles + 1));
    if (!real || !list) { free(real); free(list); return; }
    for (int i = 0; i < nfolders; i++)
        if (!realpath(folders[i], real[i])) real[i][0] = '\0';
    int n = 0;
    for (int i = 0; i < c->nfiles; i++) {
        char full[4096];
        chunk_file(vm, c->files[i].path, full, sizeof full);
        if (in_folders(full, real, nfolders)) list[n++] = &c->files[i];
    }
    qsort(list, (size_t)n, sizeof *list, cmp_files);
    if (!n) fprintf(out, "coverage: no line of %s/ ran\n", folders[0]);
    for (int i = 0; i < n; i++) {
        const cov_file *f = list[i];
        char full[4096];
        chunk_file(vm, f->path, full, sizeof full);
        FILE *src = fopen(full, "r");
        if (!src) { fprintf(out, "coverage: %s: cannot read it\n", f->path); continue; }
        char text[1024];
        int line = 0, code = 0, ran = 0, shown = 0;
        /* first pass: the counts; second: the lines that never ran */
        while (fgets(text, sizeof text, src)) {
            line++;
            if (!code_line(text)) continue;
            code++;
            if (line < f->nlines && f->hits[line]) ran++;
        }
        fprintf(out, "coverage: %s: %d of %d lines ran (%.0f%%)%s\n", f->path, ran, code,
                code ? 100.0 * ran / code : 100.0, ran < code ? "; never ran:" : "");
        rewind(src);
        line = 0;
        while (fgets(text, sizeof text, src)) {
            line++;
            if (!code_line(text) || (line < f->nlines && f->hits[line])) continue;
            text[strcspn(text, "\r\n")] = '\0';
            if (shown++ < 200) fprintf(out, "  %5d  %s\n", line, text);
        }
        if (shown > 200) fprintf(out, "  ... and %d more\n", shown - 200);
        fclose(src);
    }
    free(list);
    free(real);
}
