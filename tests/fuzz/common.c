/*
 * common.c — what the fuzz harnesses share (fuzz.h): the VM and its limits,
 * rule-script lines as libFuzzer coverage, picking a game from a byte, a
 * private temporary folder.
 */
#include "fuzz.h"

#include <dirent.h>
#include <lauxlib.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

const char *const fuzz_game_names[FUZZ_NGAMES] = {
    "logger", "onceupon", "flooded", "squirrel", "starfall",
};

static void remove_tmpdir(void);

void fuzz_fail(const char *fmt, ...)
{
    remove_tmpdir();           /* abort() skips atexit */
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    fflush(stderr);
    abort();
}

/* ---- rule-script lines as coverage ----------------------------------------
 *
 * libFuzzer sees the C code it instrumented, not which lines of a rule
 * script ran: the Lua interpreter is a prebuilt library. So in a libFuzzer
 * build every script line that runs bumps a counter in an array libFuzzer
 * reads as extra coverage, indexed by the pair (previous line, this line)
 * as AFL does with branches: an input that makes a card's rule fire for the
 * first time is kept. The standalone build leaves the VM alone. */
#ifndef FUZZ_STANDALONE
#define LUA_EDGES (1u << 16)

__attribute__((used, section("__libfuzzer_extra_counters")))
static uint8_t lua_edges[LUA_EDGES];

static const char *last_source;     /* the chunk of the last line, and its hash */
static uint32_t last_source_hash;
static uint32_t prev_line;

/* Not instrumented themselves: they run at every script line, and their
 * compares would cost more than they tell libFuzzer. */
#define NOT_COVERED __attribute__((no_sanitize("coverage")))

NOT_COVERED static uint32_t hash_text(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 16777619u;
    return h;
}

NOT_COVERED static void on_line(void *ctx, lua_State *L, lua_Debug *ar)
{
    (void)ctx;
    if (!lua_getinfo(L, "S", ar)) return;
    if (ar->source != last_source) {
        last_source = ar->source;
        last_source_hash = hash_text(ar->source);
    }
    uint32_t here = (last_source_hash ^ ((uint32_t)ar->currentline * 0x9e3779b1u)) & (LUA_EDGES - 1);
    uint8_t *c = &lua_edges[here ^ prev_line];
    if (*c < 255) (*c)++;
    prev_line = here >> 1;
}
#endif

void fuzz_setup_vm(grove_vm *vm)
{
    vm->budget = FUZZ_BUDGET;
    vm->mem_limit = FUZZ_MEMORY;
#ifndef FUZZ_STANDALONE
    last_source = NULL;          /* a new VM's strings may reuse old addresses */
    vm_listen_lines(vm, on_line, NULL);
#endif
}

grove_vm *fuzz_new_vm(void)
{
    grove_vm *vm = cli_vm();     /* GROVE_DATA, or beside the binary */
    if (!vm) fuzz_fail("no VM: set GROVE_DATA to the folder holding stdlib/ and scripts/");
    fuzz_setup_vm(vm);
    return vm;
}

static grove_vm *shared;

void fuzz_release_vm(void)
{
    vm_free(shared);
    shared = NULL;
}

grove_vm *fuzz_vm(void)
{
    if (!shared) {
        shared = fuzz_new_vm();
        atexit(fuzz_release_vm);
    }
    return shared;
}

/* ---- picking a game ---------------------------------------------------------- */

typedef struct {
    bool known;
    int min, max;
    int nvariants;
    char variant[2][64];
} game_info;

static game_info infos[FUZZ_NGAMES];

static const game_info *info_of(grove_vm *vm, int k)
{
    game_info *in = &infos[k];
    if (in->known) return in;
    char err[GAME_ERRLEN];
    static game_about about;
    if (!game_about_of(vm, fuzz_game_names[k], &about, err, sizeof err))
        fuzz_fail("cannot load %s: %s", fuzz_game_names[k], err);
    in->min = about.min_players ? about.min_players : 1;
    in->max = about.max_players ? about.max_players : 8;
    for (int i = 0; i < 2 && i < about.nvariants; i++)
        snprintf(in->variant[in->nvariants++], sizeof in->variant[0], "%s", about.variants[i]);
    if (in->max < in->min) fuzz_fail("%s: players %d..%d", fuzz_game_names[k], in->min, in->max);
    in->known = true;
    return in;
}

void fuzz_pick(grove_vm *vm, uint8_t b, fuzz_setup *out)
{
    int k = b % FUZZ_NGAMES;
    const game_info *in = info_of(vm, k);
    int r = b / FUZZ_NGAMES, span = in->max - in->min + 1;
    int q = r / span;
    out->name = fuzz_game_names[k];
    out->players = in->min + r % span;
    out->variants[0] = '\0';
    for (int i = 0; i < in->nvariants; i++)
        if (q & (1 << i)) {
            size_t n = strlen(out->variants);
            snprintf(out->variants + n, sizeof out->variants - n, "%s%s", n ? "," : "", in->variant[i]);
        }
    out->seed = 1 + (uint64_t)(q / 4);
    /* a variant that comes with its own player counts (Once Upon a
     * Forest's solo: 1 player) takes a count it allows; two variants that
     * share none are not combined */
    game_counts c;
    char err[GAME_ERRLEN];
    if (!game_counts_of(vm, out->name, out->variants, &c, err, sizeof err)) {
        snprintf(out->variants, sizeof out->variants, "%s", q & 1 && in->nvariants ? in->variant[0] : "");
        if (!game_counts_of(vm, out->name, out->variants, &c, err, sizeof err))
            fuzz_fail("%s with variants '%s': %s", out->name, out->variants, err);
    }
    if (out->players < c.min || out->players > c.max) out->players = c.min + r % (c.max - c.min + 1);
}

game *fuzz_open(grove_vm *vm, const fuzz_setup *su)
{
    char err[GAME_ERRLEN];
    game *g = game_open(vm, su->name, su->variants, su->players, su->seed, 0, err, sizeof err);
    if (!g)
        fuzz_fail("%s, %d players, variants '%s', seed %llu does not open: %s", su->name, su->players,
                  su->variants, (unsigned long long)su->seed, err);
    return g;
}

/* ---- bytes, files ---------------------------------------------------------------- */

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *t = malloc(size + 1);
    if (!t) fuzz_fail("out of memory copying %zu bytes", size);
    if (size) memcpy(t, data, size);
    t[size] = '\0';
    return t;
}

uint64_t fuzz_fnv(const char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) { h ^= (uint8_t)p[i]; h *= 0x100000001b3ULL; }
    return h;
}

static char tmpdir[PATH_MAX];

void fuzz_clean_tmpdir(void)
{
    if (!tmpdir[0]) return;
    DIR *d = opendir(tmpdir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char path[PATH_MAX + 256];
        snprintf(path, sizeof path, "%s/%s", tmpdir, e->d_name);
        unlink(path);
    }
    closedir(d);
}

static void remove_tmpdir(void)
{
    if (!tmpdir[0]) return;
    fuzz_clean_tmpdir();
    rmdir(tmpdir);
}

const char *fuzz_tmpdir(void)
{
    if (tmpdir[0]) return tmpdir;
    const char *base = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/grove-fuzz-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmpdir)) fuzz_fail("cannot make a folder in %s", base && *base ? base : "/tmp");
    atexit(remove_tmpdir);
    return tmpdir;
}
