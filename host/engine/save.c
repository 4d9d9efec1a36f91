/*
 * save.c — save files: a readable, versioned text record of a game; and a
 * session recorded as a scenario test (game_test_text, at the end).
 *
 *   grove-save 4
 *   game logger
 *   rules-version 1.0          (the definition's `version`; empty if it has none)
 *   rules-print 5d41...        (fingerprint of the rule files the game was made with)
 *   variants
 *   players 2
 *   seed 3
 *   option name value          (one per option: the value it was played with)
 *   said * Seedlings grow      (what setup said: who may read it, * for all)
 *   hashes rng=1a2b3c4d board=...
 *                              (the position after setup, component by
 *                               component: a 32-bit hash of each one's words)
 *   move place a1              (every move of the history, as text)
 *   said 1 you draw the Fox    (what the move said, seat 1 only; 0: onlookers)
 *   hashes board=5e6f7a8b      (the position after it: the components it changed)
 *   edit s.board:set("b4", "tree", 3)
 *                              (an edit made at the prompt: Lua, with \\ and
 *                               \n escaped, run again in the sandbox)
 *   hashes board=...
 *   redo move e5               (the redo tail: undone and pending entries,
 *   redo-edit s.x:add(1)        as text, which redo plays)
 *   state-hash 1a2b...         (the hash after the last move)
 *   state                      (then the generic dump of the state block)
 *   component rng rng 4
 *   ...
 *   end
 *   checksum 9f8e...           (FNV-1a of every byte before this line)
 *
 * Loading replays the moves from the seed under the rules now and compares
 * each position with the one saved, component by component. A file that
 * was truncated or changed after saving (its checksum), or that is no save
 * file grove writes (a line it does not know, a state dump it cannot read),
 * is refused, saying where. The rules changing since the save (its rule
 * files, its rules version, the state's layout: a component added, one
 * grown) refuses nothing: the game loads as far as its moves and edits
 * still play, the rest waits as the pending tail (redo, reload), and the
 * note (game_load_note, game_loaded) tells the story: how many replayed,
 * the first that no longer plays and why, how the layout differs, and the
 * first position that differs from the saved one in the components both
 * layouts have alike. A save of format 4 records every position; the older
 * formats only the last (the dump), which is what they are compared on.
 * The said lines are for people who read the file: loading makes them again
 * from the moves. Formats 1 (no rules lines), 2 (no said, edit or redo
 * lines) and 3 (no hashes lines) load.
 */
#include <inttypes.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_impl.h"
#include "lua_state.h"
#include "textbuf.h"

#define SAVE_FORMAT 4   /* the version of the save file layout (1 to 3 are still read) */
#define HASHES_A_LINE 16 /* components named on one hashes line */

static uint64_t fnv(const char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) { h ^= (uint8_t)p[i]; h *= 0x100000001b3ULL; }
    return h;
}

/* Write the options the game plays with: every declared option's value
 * (every string key of the opts table but players, seed, variants), so
 * that loading plays the same game even if a default changed since. */
static void write_options(game *g, textbuf *b)
{
    lua_State *L = g->vm->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->opts_ref);
    lua_pushnil(L);
    /* sorted output: collect keys first */
    const char *keys[64];
    int n = 0;
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) continue;
        const char *k = lua_tostring(L, -1);
        if (!strcmp(k, "players") || !strcmp(k, "seed") || !strcmp(k, "variants")) continue;
        if (n < 64) keys[n++] = k;     /* kept alive by the opts table */
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(keys[j - 1], keys[j]) > 0; j--) {
            const char *t = keys[j]; keys[j] = keys[j - 1]; keys[j - 1] = t;
        }
    for (int i = 0; i < n; i++) {
        lua_getfield(L, -1, keys[i]);
        if (lua_isinteger(L, -1)) textbuf_printf(b, "option %s %" PRId64 "\n", keys[i], (int64_t)lua_tointeger(L, -1));
        else if (lua_type(L, -1) == LUA_TNUMBER) textbuf_printf(b, "option %s %.17g\n", keys[i], lua_tonumber(L, -1));
        else if (lua_isboolean(L, -1)) textbuf_printf(b, "option %s %s\n", keys[i], lua_toboolean(L, -1) ? "true" : "false");
        else if (lua_type(L, -1) == LUA_TSTRING) textbuf_printf(b, "option %s %s\n", keys[i], lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* An edit's Lua source on one line: backslash, newline and CR escaped. */
static void write_code(textbuf *b, const char *code)
{
    for (const char *p = code; *p; p++) {
        if (*p == '\\') textbuf_printf(b, "\\\\");
        else if (*p == '\n') textbuf_printf(b, "\\n");
        else if (*p == '\r') textbuf_printf(b, "\\r");
        else textbuf_printf(b, "%c", *p);
    }
    textbuf_printf(b, "\n");
}

/* The reverse, in place. */
static void read_code(char *code)
{
    char *o = code;
    for (const char *p = code; *p; p++) {
        if (*p == '\\' && p[1] == 'n') { *o++ = '\n'; p++; }
        else if (*p == '\\' && p[1] == 'r') { *o++ = '\r'; p++; }
        else if (*p == '\\' && p[1] == '\\') { *o++ = '\\'; p++; }
        else *o++ = *p;
    }
    *o = '\0';
}

/* One "said WHO TEXT" line per line of narration. */
static void write_said(game *g, textbuf *b, const char *said)
{
    game_line line;
    uint32_t all = 0;
    for (int seat = 0; seat <= g->players && seat <= SAY_MAX_SEAT; seat++) all |= 1u << seat;
    while (game_said_next(&said, &line)) {
        textbuf_printf(b, "said ");
        if ((line.seats & all) == all) textbuf_printf(b, "*");
        else {
            bool first = true;
            for (int seat = 0; seat <= g->players && seat <= SAY_MAX_SEAT; seat++)
                if (line.seats >> seat & 1) { textbuf_printf(b, first ? "%d" : ",%d", seat); first = false; }
            if (first) textbuf_printf(b, "-");
        }
        textbuf_printf(b, " %.*s\n", line.len, line.text);
    }
}

/* ---- positions, component by component ------------------------------------------- */

/* A component's words hashed: FNV-1a over each word's value, low byte
 * first, folded to 32 bits. A save records a position as these, one per
 * component, so that a change of the layout (a component added, one
 * grown) leaves the others comparable. */
static uint64_t hash_word(uint64_t h, uint32_t v)
{
    for (int k = 0; k < 4; k++) { h ^= (v >> (8 * k)) & 0xffu; h *= 0x100000001b3ULL; }
    return h;
}

#define HASH_START 0xcbf29ce484222325ULL

static uint32_t hash_fold(uint64_t h) { return (uint32_t)(h ^ (h >> 32)); }

/* The hash of component i of st in `block` (a snapshot of st). */
static uint32_t comp_hash(const gstate *st, const uint8_t *block, int i)
{
    const comp_desc *d = &st->comps[i];
    uint64_t h = HASH_START;
    for (size_t w = 0; w < d->bytes / 4; w++) {
        uint32_t v;
        memcpy(&v, block + d->offset + 4 * w, 4);
        h = hash_word(h, v);
    }
    return hash_fold(h);
}

int game_components(const game *g) { return g->st->ncomps; }

void game_component_at(const game *g, int i, game_component *out)
{
    const comp_desc *d = &g->st->comps[i];
    out->name = d->name;
    out->kind = state_kind_name(d->kind);
    out->words = d->bytes / 4;
    out->hash = comp_hash(g->st, g->st->block, i);
}

/* "NAME=HASH" for every component of st in `block` whose hash differs from
 * its hash in `prev` (NULL: every component), space-separated, after
 * `lead` and split after HASHES_A_LINE of them (each line starting with
 * `lead` again); `lead` is written even when nothing changed. */
static void write_hashes(textbuf *b, const char *lead, const char *sep, const gstate *st, const uint8_t *block,
                         const uint8_t *prev)
{
    int on_line = 0;
    textbuf_printf(b, "%s", lead);
    for (int i = 0; i < st->ncomps; i++) {
        uint32_t h = comp_hash(st, block, i);
        if (prev && comp_hash(st, prev, i) == h) continue;
        if (on_line == HASHES_A_LINE) { textbuf_printf(b, "%s%s", sep, lead); on_line = 0; }
        textbuf_printf(b, " %s=%08" PRIx32, st->comps[i].name, h);
        on_line++;
    }
}

char *game_save_text(game *g)
{
    textbuf b = { 0 };
    textbuf_printf(&b, "grove-save %d\n", SAVE_FORMAT);
    textbuf_printf(&b, "game %s\nrules-version %s\nrules-print %016" PRIx64 "\n",
              g->name, g->rules_version, g->rules_print);
    textbuf_printf(&b, "variants %s\nplayers %d\nseed %" PRIu64 "\n", g->variants, g->players, g->seed);
    write_options(g, &b);
    write_said(g, &b, game_entry_said(g, -1));
    /* describe each move in the state it was played from (the history,
     * then the redo tail); a text that would load as another move (or
     * not at all) is refused here, so that every save grove writes loads */
    uint8_t *now = malloc(g->st->size);
    if (!now) { free(b.p); game_set_error(g, "out of memory"); return NULL; }
    if (!game_snapshot(g, now)) { free(now); free(b.p); return NULL; }
    /* the position after entry i (i = -1: setup): the snapshot before the
     * next one, or the state now after the last */
#define AFTER(i) ((i) + 1 < g->nhist ? g->snaps + (size_t)((i) + 1) * g->st->size : now)
    write_hashes(&b, "hashes", "\n", g->st, AFTER(-1), NULL);
    textbuf_printf(&b, "\n");
    bool ok = true;
    for (int i = 0; ok && i < g->nhist; i++) {
        const char *redo = i < g->ncur ? "" : "redo-";
        if (g->hedit[i]) {
            textbuf_printf(&b, "%sedit ", redo);
            write_code(&b, g->hedit[i]);
        } else {
            char text[GAME_MOVE_TEXT_MAX + 1];
            int64_t back;
            game_restore(g, g->snaps + (size_t)i * g->st->size);
            if (!game_describe(g, g->hist[i], text, sizeof text)) {
                ok = false;
                char why[GAME_ERRLEN];
                snprintf(why, sizeof why, "%s", g->err);
                game_set_error(g, "cannot save move %d: %s", i + 1, why);
            } else if (!game_parse(g, text, &back)) {
                ok = false;
                char why[GAME_ERRLEN];
                snprintf(why, sizeof why, "%s", g->err);
                game_set_error(g, "cannot save move %d: its text '%s' does not read back, so the save would "
                               "not load: %s", i + 1, text, why);
            } else if (back != g->hist[i]) {
                ok = false;
                game_set_error(g, "cannot save move %d: its text '%s' reads back as another legal move, so the "
                               "save would not load (give each legal move a text of its own in describe, or fix "
                               "parse)", i + 1, text);
            }
            textbuf_printf(&b, i < g->ncur ? "move %s\n" : "redo %s\n", text);
        }
        if (i < g->ncur) {
            write_said(g, &b, game_entry_said(g, i));
            write_hashes(&b, "hashes", "\n", g->st, AFTER(i), g->snaps + (size_t)i * g->st->size);
            textbuf_printf(&b, "\n");
        }
    }
#undef AFTER
    game_restore(g, now);
    free(now);
    if (!ok) { free(b.p); return NULL; }
    for (int k = 0; k < g->npending; k++) {
        if (g->pending[k].edit) {
            textbuf_printf(&b, "redo-edit ");
            write_code(&b, g->pending[k].text);
        } else {
            textbuf_printf(&b, "redo %s\n", g->pending[k].text);
        }
    }
    textbuf_printf(&b, "state-hash %016" PRIx64 "\nstate\n", state_hash(g->st));
    char *dump;
    size_t dlen;
    if (state_dump(g->st, &dump, &dlen) != GROVE_OK) { free(b.p); game_set_error(g, "out of memory"); return NULL; }
    textbuf_printf(&b, "%s", dump);
    free(dump);
    textbuf_printf(&b, "end\n");
    if (!b.oom) textbuf_printf(&b, "checksum %016" PRIx64 "\n", fnv(b.p, b.len));
    if (b.oom) { free(b.p); game_set_error(g, "out of memory"); return NULL; }
    return b.p;
}

/* The next line of *p into line (without the newline); false at the end. */
static bool next_line(const char **p, char *line, size_t len)
{
    if (!**p) return false;
    const char *e = strchr(*p, '\n');
    size_t n = e ? (size_t)(e - *p) : strlen(*p);
    if (n >= len) n = len - 1;
    memcpy(line, *p, n);
    line[n] = '\0';
    if (n && line[n - 1] == '\r') line[n - 1] = '\0';
    *p = e ? e + 1 : *p + strlen(*p);
    return true;
}

/* A component of the saved state, as its dump says. */
typedef struct {
    char name[STATE_MAX_NAME + 1];
    char kind[16];
    size_t words;
    uint32_t dumped;                /* the hash of its words in the dump: the last position */
    uint32_t want;                  /* what the hashes lines say it was after the entry read last */
    int now;                        /* the game's component of that name, kind and size; -1: none */
} saved_comp;

/* What loading holds across calls that may raise (a Lua error unwinds
 * load_text): game_load_text frees it. */
typedef struct {
    grove_vm *vm;
    const char *text;
    char *err;
    size_t errlen;
    game *g, *partial;
    char *dump;                     /* the state's dump, NUL-terminated */
    saved_comp *comps;              /* its components */
    int ncomps;
} load_ctx;

#define MAX_SAVED_COMPS 65536
#define SAVE_TELL 4      /* the components a note names at most, of a list */

/* Read the dump (state_dump's text) into c->comps, each component's layout
 * and the hash of its words, without the game: false with why when it is
 * not such a text. */
static bool read_dump(load_ctx *c, char *why, size_t len)
{
    const char *p = c->dump;
    int cap = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
        if (!*p) return true;
        if (c->ncomps == cap) {
            if (cap >= MAX_SAVED_COMPS) { snprintf(why, len, "more than %d components", MAX_SAVED_COMPS); return false; }
            cap = cap ? cap * 2 : 16;
            saved_comp *n = realloc(c->comps, (size_t)cap * sizeof *n);
            if (!n) { snprintf(why, len, "out of memory"); return false; }
            c->comps = n;
        }
        saved_comp *sc = &c->comps[c->ncomps];
        int used = 0;
        if (sscanf(p, "component %64s %15s %zu%n", sc->name, sc->kind, &sc->words, &used) != 3) {
            snprintf(why, len, "component %d is missing or malformed", c->ncomps + 1);
            return false;
        }
        for (int k = 0; k < c->ncomps; k++)
            if (!strcmp(c->comps[k].name, sc->name)) {
                snprintf(why, len, "component %s comes twice", sc->name);
                return false;
            }
        p += used;
        uint64_t h = HASH_START;
        for (size_t w = 0; w < sc->words; w++) {
            while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
            char *end;
            long long v = strtoll(p, &end, 10);
            bool ends = *end == '\0' || *end == ' ' || *end == '\t' || *end == '\n' || *end == '\r';
            if (end == p || !ends || v < INT32_MIN || v > INT32_MAX) {
                snprintf(why, len, "component %s: word %zu of %zu is missing or not a 32-bit integer", sc->name,
                         w + 1, sc->words);
                return false;
            }
            h = hash_word(h, (uint32_t)(int32_t)v);
            p = end;
        }
        sc->dumped = hash_fold(h);
        sc->want = 0;
        sc->now = -1;
        c->ncomps++;
    }
}

/* Match the saved components with the game's (by name, kind and size) and
 * say in rep->layout how the layouts differ; true when they are the same,
 * in the same order. */
static bool match_layout(load_ctx *c, game *g, game_load_report *rep)
{
    const gstate *st = g->st;
    textbuf b = { 0 };
    int told = 0, more = 0;
    bool same = c->ncomps == st->ncomps;
#define TELL(...) do { if (told++ < SAVE_TELL) textbuf_printf(&b, __VA_ARGS__); else more++; } while (0)
    /* what a designer changed first: a component new, one gone, then
     * those whose kind or size changed */
    for (int i = 0; i < st->ncomps; i++) {
        bool saved = false;
        for (int k = 0; k < c->ncomps && !saved; k++) saved = !strcmp(c->comps[k].name, st->comps[i].name);
        if (!saved) TELL("%scomponent %s is new", b.len ? ", " : "", st->comps[i].name);
    }
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < c->ncomps; k++) {
            saved_comp *sc = &c->comps[k];
            int i = state_find(st, sc->name);
            const char *kind = i >= 0 ? state_kind_name(st->comps[i].kind) : "";
            size_t words = i >= 0 ? st->comps[i].bytes / 4 : 0;
            if (pass == 0) {
                if (i >= 0 && !strcmp(kind, sc->kind) && words == sc->words) sc->now = i;
                if (i != k || sc->now != i) same = false;
                if (i < 0) TELL("%scomponent %s is gone", b.len ? ", " : "", sc->name);
            } else if (i >= 0 && strcmp(kind, sc->kind) != 0) {
                TELL("%scomponent %s is a %s, the save's a %s", b.len ? ", " : "", sc->name, kind, sc->kind);
            } else if (i >= 0 && words != sc->words) {
                TELL("%scomponent %s has %zu words, the save's %zu", b.len ? ", " : "", sc->name, words, sc->words);
            }
        }
#undef TELL
    if (more) textbuf_printf(&b, ", and %d more", more);
    if (!same && !b.len) textbuf_printf(&b, "the components are declared in another order");
    if (b.oom) snprintf(rep->layout, sizeof rep->layout, "(out of memory)");
    else if (b.len) snprintf(rep->layout, sizeof rep->layout, "%s", b.p);
    free(b.p);
    return same;
}

/* Compare the position now with the one saved (each matched component's
 * hash now with its hash in the save: `want`, or `dumped` for the last
 * position) and count it: the first that differs is kept in rep, as the
 * position after `entries` entries. */
static void compare_position(load_ctx *c, game *g, game_load_report *rep, int entries, bool last)
{
    rep->compared++;
    if (rep->differs_after >= 0 || !game_sync(g)) return;
    textbuf b = { 0 };
    int told = 0;
    for (int k = 0; k < c->ncomps; k++) {
        const saved_comp *sc = &c->comps[k];
        if (sc->now < 0 || comp_hash(g->st, g->st->block, sc->now) == (last ? sc->dumped : sc->want)) continue;
        if (told++ < SAVE_TELL) textbuf_printf(&b, "%s%s", b.len ? ", " : "", sc->name);
    }
    if (told > SAVE_TELL) textbuf_printf(&b, ", and %d more", told - SAVE_TELL);
    if (b.len) {
        rep->differs_after = entries;
        snprintf(rep->differs_in, sizeof rep->differs_in, "%s", b.oom ? "?" : b.p);
    }
    free(b.p);
}

/* A hashes line ("hashes NAME=HASH ..."): each named component's hash in
 * the save, into `want`. False with why when it names no saved component
 * or a hash is no 8 hex digits. */
static bool read_hashes(load_ctx *c, const char *line, char *why, size_t len)
{
    const char *p = line + 6;
    for (;;) {
        while (*p == ' ') p++;
        if (!*p) return true;
        const char *eq = strchr(p, '='), *sp = strchr(p, ' ');
        if (!sp) sp = p + strlen(p);
        if (!eq || eq > sp || sp - eq != 9) {
            snprintf(why, len, "'%.*s' is no NAME=HASH (8 hex digits)", (int)(sp - p > 80 ? 80 : sp - p), p);
            return false;
        }
        uint32_t h = 0;
        for (const char *d = eq + 1; d < sp; d++) {
            int v = *d >= '0' && *d <= '9' ? *d - '0' : *d >= 'a' && *d <= 'f' ? *d - 'a' + 10 : -1;
            if (v < 0) {
                snprintf(why, len, "'%.*s' is no NAME=HASH (8 hex digits)", (int)(sp - p > 80 ? 80 : sp - p), p);
                return false;
            }
            h = h << 4 | (uint32_t)v;
        }
        int k = 0;
        while (k < c->ncomps && (strlen(c->comps[k].name) != (size_t)(eq - p)
                                 || strncmp(c->comps[k].name, p, (size_t)(eq - p)) != 0)) k++;
        if (k == c->ncomps) {
            snprintf(why, len, "it names '%.*s', which is no component of the saved state",
                     (int)(eq - p > 64 ? 64 : eq - p), p);
            return false;
        }
        c->comps[k].want = h;
        p = sp;
    }
}

/* Tell the story of rep in rep->note (nothing when nothing changed). */
static void write_note(game *g, game_load_report *rep, const char *version)
{
    bool differs = game_load_differs(rep) || rep->layout[0] || rep->version[0];
    if (!differs) {
        if (rep->rules_changed)
            snprintf(rep->note, sizeof rep->note, "the %s rule files changed since this game was saved (same version "
                     "'%s'); its %d move%s replay to the saved %s", g->name, version, rep->entries,
                     rep->entries == 1 ? "" : "s", rep->format >= 4 ? "positions" : "state");
        return;
    }
    textbuf b = { 0 };
    if (rep->rules_changed || rep->version[0]) textbuf_printf(&b, "the rules changed since this save");
    else textbuf_printf(&b, "grove changed since this save (the %s rule files are the same)", g->name);
    if (rep->version[0])
        textbuf_printf(&b, " (rules version '%s', now '%s')", rep->version, *version ? version : "(none)");
    if (rep->failed < 0) {
        textbuf_printf(&b, ": replayed all %d move%s", rep->entries, rep->entries == 1 ? "" : "s");
    } else {
        textbuf_printf(&b, ": replayed %d of %d moves; move %d ", rep->replayed, rep->entries, rep->failed + 1);
        if (rep->edit) textbuf_printf(&b, "(the edit %s) no longer runs: %s", rep->text, rep->why);
        else if (rep->actor) textbuf_printf(&b, "(seat %d: %s) no longer plays: %s", rep->actor, rep->text, rep->why);
        else textbuf_printf(&b, "'%s' no longer plays: %s", rep->text, rep->why);
        int waiting = rep->entries - rep->failed;
        if (waiting == 1) textbuf_printf(&b, "; it waits to be redone");
        else textbuf_printf(&b, "; moves %d to %d wait to be redone", rep->failed + 1, rep->entries);
        textbuf_printf(&b, " (fix the rules and reload, or redo, or play on, which drops them)");
    }
    if (rep->layout[0]) textbuf_printf(&b, "; the state's layout differs: %s", rep->layout);
    const char *alike = rep->layout[0] ? " in the components both have alike" : "";
    if (rep->differs_after == 0)
        textbuf_printf(&b, "; the position after setup differs from the saved one%s (in %s)", alike, rep->differs_in);
    else if (rep->differs_after > 0)
        textbuf_printf(&b, "; the position after move %d differs from the saved one%s (in %s)", rep->differs_after,
                       alike, rep->differs_in);
    else if (rep->compared > 1)
        textbuf_printf(&b, "; every position is the saved one%s", alike);
    else if (rep->compared == 1)
        textbuf_printf(&b, "; the position reached is the saved one%s", alike);
    if (rep->differs_after >= 0 && rep->compared == 1 && rep->format < 4)
        textbuf_printf(&b, " (a save of format %d keeps only its last position)", rep->format);
    if (b.oom) snprintf(rep->note, sizeof rep->note, "the rules changed since this save (out of memory to say more)");
    else snprintf(rep->note, sizeof rep->note, "%s", b.p);
    free(b.p);
}

/* The line starting with `prefix` at or after `from` (a line start), or NULL. */
static const char *find_line(const char *from, const char *prefix)
{
    size_t n = strlen(prefix);
    for (const char *p = from; *p; ) {
        if (!strncmp(p, prefix, n)) return p;
        p = strchr(p, '\n');
        if (!p) return NULL;
        p++;
    }
    return NULL;
}

static game *load_text(load_ctx *c)
{
    grove_vm *vm = c->vm;
    const char *text = c->text;
    char *err = c->err;
    size_t errlen = c->errlen;
    lua_State *L = vm->L;
    int top = lua_gettop(L);
    char line[GAME_MAX_EDIT + 64];
    const char *p = text;
    int lineno = 0;

    /* the checksum line covers everything before it */
    const char *cs = strstr(text, "\nchecksum ");
    if (!cs) {
        snprintf(err, errlen, "not a complete grove save file: no checksum line (truncated?)");
        return NULL;
    }
    uint64_t want;
    if (sscanf(cs + 10, "%" SCNx64, &want) != 1 || fnv(text, (size_t)(cs - text) + 1) != want) {
        snprintf(err, errlen, "save file checksum mismatch: the file was changed or damaged after saving");
        return NULL;
    }

    int format = 0;
    if (!next_line(&p, line, sizeof line) || sscanf(line, "grove-save %d", &format) != 1) {
        snprintf(err, errlen, "not a grove save file (line 1 should be 'grove-save %d')", SAVE_FORMAT);
        return NULL;
    }
    lineno++;
    if (format < 1 || format > SAVE_FORMAT) {
        snprintf(err, errlen, "save file format %d; this grove reads formats 1 to %d (a newer grove wrote it?)",
                 format, SAVE_FORMAT);
        return NULL;
    }
    char name[64] = "", variants[GAME_MAX_VARIANTS] = "", version[64] = "";
    bool have_rules = false;
    uint64_t print = 0;
    int players = 0;
    uint64_t seed = 0;
    bool have_seed = false;
    lua_newtable(L);                                   /* [opts] */
    int opts = lua_gettop(L);
    for (const char *at = p; next_line(&p, line, sizeof line); at = p) {
        lineno++;
        if (!strncmp(line, "game ", 5)) snprintf(name, sizeof name, "%s", line + 5);
        else if (!strncmp(line, "rules-version", 13) && (!line[13] || line[13] == ' ')) {
            snprintf(version, sizeof version, "%s", line[13] ? line + 14 : "");
            have_rules = true;
        } else if (sscanf(line, "rules-print %" SCNx64, &print) == 1) continue;
        else if (!strncmp(line, "variants", 8)) snprintf(variants, sizeof variants, "%s", line[8] ? line + 9 : "");
        else if (sscanf(line, "players %d", &players) == 1) continue;
        else if (sscanf(line, "seed %" SCNu64, &seed) == 1) have_seed = true;
        else if (!strncmp(line, "option ", 7)) {
            char key[64];
            int used = 0;
            if (sscanf(line + 7, "%63s %n", key, &used) < 1) goto bad_line;
            const char *v = line + 7 + used;
            char *end;
            long long iv = strtoll(v, &end, 10);
            if (*v && !*end) lua_pushinteger(L, iv);
            else if (!strcmp(v, "true")) lua_pushboolean(L, 1);
            else if (!strcmp(v, "false")) lua_pushboolean(L, 0);
            else lua_pushstring(L, v);
            lua_setfield(L, opts, key);
        } else if (!strncmp(line, "move ", 5) || !strncmp(line, "said ", 5) || !strncmp(line, "edit ", 5)
                   || !strncmp(line, "redo ", 5) || !strncmp(line, "redo-edit ", 10)
                   || !strncmp(line, "state-hash ", 11) || (!strncmp(line, "hashes", 6) && (!line[6] || line[6] == ' '))) {
            p = at;                                    /* moves start here */
            lineno--;
            break;
        } else goto bad_line;
    }
    if (!*name || !players || !have_seed) {
        snprintf(err, errlen, "save file lacks its game, players or seed line");
        lua_settop(L, top);
        return NULL;
    }
    /* the saved state, read before the moves: the layout it was made with
     * and the last position */
    {
        const char *sh = find_line(p, "state-hash ");
        const char *dump = sh ? strchr(sh, '\n') : NULL;
        if (!dump || strncmp(dump + 1, "state\n", 6) != 0) {
            snprintf(err, errlen, "save file: no 'state-hash' line followed by 'state' (truncated?)");
            lua_settop(L, top);
            return NULL;
        }
        dump += 7;
        const char *end = !strncmp(dump, "end\n", 4) ? dump : strstr(dump, "\nend\n");
        if (!end) { snprintf(err, errlen, "save file: the state has no 'end' line"); lua_settop(L, top); return NULL; }
        size_t n = (size_t)(end - dump) + (end == dump ? 0 : 1);
        c->dump = malloc(n + 1);
        if (!c->dump) { snprintf(err, errlen, "out of memory"); lua_settop(L, top); return NULL; }
        memcpy(c->dump, dump, n);
        c->dump[n] = '\0';
        char why[512];
        if (!read_dump(c, why, sizeof why)) {
            snprintf(err, errlen, "save file: the state cannot be read: %s", why);
            lua_settop(L, top);
            return NULL;
        }
    }
    game *g = game_open(vm, name, variants, players, seed, opts, err, errlen);
    if (!g) { lua_settop(L, top); return NULL; }
    c->partial = g;                                    /* closed by the caller if Lua fails below */
    game_load_report *rep = calloc(1, sizeof *rep);
    if (!rep) { snprintf(err, errlen, "out of memory"); goto fail; }
    g->loaded = rep;
    rep->format = format;
    rep->failed = rep->differs_after = -1;
    rep->rules_changed = have_rules && print != g->rules_print;
    if (have_rules && strcmp(version, g->rules_version) != 0)
        snprintf(rep->version, sizeof rep->version, "%s", *version ? version : "(none)");
    bool same_layout = match_layout(c, g, rep);
    bool redoing = false;                              /* redo lines come last */
    bool due = false;                                  /* a position was read that is not compared yet */
    bool have_hashes = false;                          /* the file records every position (format 4) */
    while (next_line(&p, line, sizeof line)) {
        lineno++;
        if (!strncmp(line, "said ", 5) && !redoing) continue;      /* made again by the moves */
        if (!strncmp(line, "hashes", 6) && (!line[6] || line[6] == ' ') && !redoing) {
            char why[256];
            if (!read_hashes(c, line, why, sizeof why)) {
                snprintf(err, errlen, "save file line %d: %s", lineno, why);
                goto fail;
            }
            due = rep->failed < 0;
            have_hashes = true;
            continue;
        }
        bool redo = !strncmp(line, "redo ", 5), redo_edit = !strncmp(line, "redo-edit ", 10);
        if (redo || redo_edit) {
            redoing = true;
            if (redo_edit) read_code(line + 10);
            if (!game_add_pending(g, redo ? line + 5 : line + 10, redo_edit, 0)) {
                snprintf(err, errlen, "out of memory");
                goto fail;
            }
            continue;
        }
        bool edit = !strncmp(line, "edit ", 5);
        if ((!edit && strncmp(line, "move ", 5) != 0) || redoing) break;
        if (due) compare_position(c, g, rep, rep->entries, false);
        due = false;
        rep->entries++;
        char *body = line + 5;
        if (edit) read_code(body);
        if (rep->failed >= 0) {                        /* after one that no longer plays: pending */
            if (!game_add_pending(g, body, edit, 0)) { snprintf(err, errlen, "out of memory"); goto fail; }
            continue;
        }
        int64_t m;
        bool parsed = edit || game_parse(g, body, &m);
        if (edit ? game_edit(g, body) : parsed && game_apply(g, m, true, true)) {
            rep->replayed++;
            continue;
        }
        snprintf(rep->why, sizeof rep->why, "%s", g->err);
        if (!parsed && game_refusal(g, body, rep->why, sizeof rep->why) < 0)
            snprintf(rep->why, sizeof rep->why, "%s", g->err);
        int actor = edit ? 0 : game_actor(g);          /* the state is as before the entry */
        rep->failed = rep->entries - 1;
        rep->edit = edit;
        rep->actor = actor;
        snprintf(rep->text, sizeof rep->text, "%s", body);
        for (char *q = rep->text; *q; q++)
            if (*q == '\n' || *q == '\r') *q = ' ';               /* an edit's lines, on one */
        if (!game_add_pending(g, body, edit, actor)) { snprintf(err, errlen, "out of memory"); goto fail; }
    }
    if (due) compare_position(c, g, rep, rep->entries, false);
    uint64_t hash;
    if (sscanf(line, "state-hash %" SCNx64, &hash) != 1) {
        snprintf(err, errlen, "save file line %d: expected 'state-hash', found '%.40s'", lineno, line);
        goto fail;
    }
    if (!next_line(&p, line, sizeof line) || strcmp(line, "state") != 0) {
        snprintf(err, errlen, "save file line %d: expected 'state'", lineno + 1);
        goto fail;
    }
    /* the last position (which a file with hashes lines has compared
     * already): byte for byte when the layout is the same, else component
     * by component */
    if (rep->failed < 0 && same_layout) {
        uint8_t *now = malloc(g->st->size);
        if (!now) { snprintf(err, errlen, "out of memory"); goto fail; }
        if (!game_snapshot(g, now)) { free(now); snprintf(err, errlen, "%s", game_error(g)); goto fail; }
        char why[512];
        grove_status rc = state_undump(g->st, c->dump, why, sizeof why);
        bool same = rc == GROVE_OK && memcmp(now, g->st->block, g->st->size) == 0 && state_hash(g->st) == hash;
        game_restore(g, now);
        free(now);
        if (rc != GROVE_OK) { snprintf(err, errlen, "save file: %s", why); goto fail; }
        if (!have_hashes) rep->compared++;
        if (!same && rep->differs_after < 0) {
            compare_position(c, g, rep, rep->entries, true);
            rep->compared--;
            if (rep->differs_after < 0) {                /* the hashes agree, the bytes do not */
                rep->differs_after = rep->entries;
                snprintf(rep->differs_in, sizeof rep->differs_in, "the state's bytes");
            }
        }
    } else if (rep->failed < 0) {
        compare_position(c, g, rep, rep->entries, true);
        if (have_hashes) rep->compared--;
    }
    write_note(g, rep, g->rules_version);
    c->partial = NULL;
    lua_settop(L, top);
    return g;
bad_line:
    snprintf(err, errlen, "save file line %d: unexpected '%.60s'", lineno, line);
    lua_settop(L, top);
    return NULL;
fail:
    c->partial = NULL;
    game_close(g);
    lua_settop(L, top);
    return NULL;
}

static int load_body(lua_State *L)
{
    load_ctx *c = lua_touserdata(L, 1);
    lua_pop(L, 1);
    c->g = load_text(c);
    return 0;
}

game *game_load_text(grove_vm *vm, const char *text, char *err, size_t errlen)
{
    load_ctx c = { vm, text, err, errlen, NULL, NULL, NULL, NULL, 0 };
    bool ok = vm_protect(vm, load_body, &c, 0, err, errlen);
    free(c.dump);
    free(c.comps);
    if (ok) return c.g;
    if (c.partial) game_close(c.partial);      /* a Lua error (no memory) while replaying */
    return NULL;
}

const game_load_report *game_loaded(const game *g) { return g->loaded; }

const char *game_load_note(const game *g) { return g->loaded ? g->loaded->note : ""; }

bool game_load_differs(const game_load_report *rep)
{
    return rep && (rep->failed >= 0 || rep->differs_after >= 0);
}

/* ---- a session recorded as a test ---------------------------------------------- */

/* A Lua string literal for text. */
static void lua_string(textbuf *b, const char *text)
{
    textbuf_printf(b, "\"");
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\') textbuf_printf(b, "\\%c", *p);
        else if (*p == '\n') textbuf_printf(b, "\\n");
        else if (*p < 32 || *p == 127) textbuf_printf(b, "\\%03d", *p);
        else textbuf_printf(b, "%c", *p);
    }
    textbuf_printf(b, "\"");
}

/* A long bracket literal for Lua source, with enough '=' not to close early. */
static void lua_long_string(textbuf *b, const char *code)
{
    int level = 0;
    for (;;) {
        char close[40];
        snprintf(close, sizeof close, "]%.*s]", level, "================================");
        if (!strstr(code, close) || level >= 32) break;
        level++;
    }
    textbuf_printf(b, "[%.*s[%s%s]%.*s]", level, "================================",
                   code[0] == '\n' ? "\n" : "", code, level, "================================");
}

/* The checks typed after entry `after`, each on its line. */
static void write_checks(textbuf *b, const game_check *checks, int n, int after)
{
    for (int k = 0; k < n; k++)
        if (checks[k].after == after) textbuf_printf(b, "  %s\n", checks[k].code);
}

char *game_test_text(game *g, const char *name, const game_check *checks, int n)
{
    lua_State *L = g->vm->L;
    textbuf b = { 0 };
    textbuf_printf(&b, "-- A session of grove play, recorded at the REPL with `record`: the game\n"
                       "-- as it was opened, every move and edit played, the position after each\n"
                       "-- (a hash of each component it changed), and the expect lines typed at\n"
                       "-- the prompt. grove test plays it again; a position that differs means\n"
                       "-- the rules now play the session differently (if that is meant, record\n"
                       "-- the session again). A component the rules add or grow later is not\n"
                       "-- compared: the others still are.\n");
    textbuf_printf(&b, "test(");
    char title[512];
    snprintf(title, sizeof title, "%s: %s, %d player%s, seed %" PRIu64 "%s%s", name, g->name, g->players,
             g->players == 1 ? "" : "s", g->seed, g->variants[0] ? ", variants " : "", g->variants);
    lua_string(&b, title);
    textbuf_printf(&b, ", function()\n  local game = games.open(");
    lua_string(&b, g->name);
    textbuf_printf(&b, ", { players = %d, seed = %" PRIu64, g->players, g->seed);
    if (g->variants[0]) { textbuf_printf(&b, ", variants = "); lua_string(&b, g->variants); }
    /* the options the game was opened with, but players, seed, variants */
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->opts_ref);
    const char *keys[64];
    int nkeys = 0;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) continue;
        const char *k = lua_tostring(L, -1);
        if (!strcmp(k, "players") || !strcmp(k, "seed") || !strcmp(k, "variants")) continue;
        if (nkeys < 64) keys[nkeys++] = k;
    }
    for (int i = 1; i < nkeys; i++)
        for (int j = i; j > 0 && strcmp(keys[j - 1], keys[j]) > 0; j--) {
            const char *t = keys[j]; keys[j] = keys[j - 1]; keys[j - 1] = t;
        }
    for (int i = 0; i < nkeys; i++) {
        lua_getfield(L, -1, keys[i]);
        textbuf_printf(&b, ", [");
        lua_string(&b, keys[i]);
        textbuf_printf(&b, "] = ");
        if (lua_isinteger(L, -1)) textbuf_printf(&b, "%" PRId64, (int64_t)lua_tointeger(L, -1));
        else if (lua_isnumber(L, -1)) textbuf_printf(&b, "%.17g", lua_tonumber(L, -1));
        else if (lua_isboolean(L, -1)) textbuf_printf(&b, "%s", lua_toboolean(L, -1) ? "true" : "false");
        else if (lua_type(L, -1) == LUA_TSTRING) lua_string(&b, lua_tostring(L, -1));
        else textbuf_printf(&b, "nil");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    textbuf_printf(&b, " })\n  local s = game.state\n");
    /* the position after each entry: the snapshot before the next, or the
     * state now after the last */
    uint8_t *now = malloc(g->st->size);
    if (!now) { free(b.p); snprintf(g->err, sizeof g->err, "out of memory"); return NULL; }
    if (!game_snapshot(g, now)) { free(now); free(b.p); return NULL; }
#define AFTER(n) ((n) < g->ncur ? g->snaps + (size_t)(n) * g->st->size : now)
    /* after setup, every component with its size: a component the rules
     * lay out otherwise later is not compared (expect.position) */
    textbuf_printf(&b, "  local position = expect.position(game,\n    \"");
    for (int i = 0; i < g->st->ncomps; i++) {
        if (i && i % 6 == 0) textbuf_printf(&b, "\"\n    .. \" ");
        else if (i) textbuf_printf(&b, " ");
        textbuf_printf(&b, "%s:%zu=%08" PRIx32, g->st->comps[i].name, g->st->comps[i].bytes / 4,
                       comp_hash(g->st, AFTER(0), i));
    }
    textbuf_printf(&b, "\", \"the state after setup\")\n");
    write_checks(&b, checks, n, 0);
    bool ok = true;
    for (int i = 0; ok && i < g->ncur; i++) {
        char text[256];
        int actor = 0;
        if (g->hedit[i]) {
            textbuf_printf(&b, "  game:edit(");
            lua_long_string(&b, g->hedit[i]);
            textbuf_printf(&b, ")\n");
        } else {
            if (!game_describe_past(g, i, text, sizeof text, &actor)) { ok = false; break; }
            textbuf_printf(&b, "  game:play(");
            lua_string(&b, text);
            textbuf_printf(&b, ")%*s-- %d. seat %d\n", (int)(strlen(text) < 30 ? 30 - strlen(text) : 1), "", i + 1,
                           actor);
        }
        /* the components the entry changed */
        textbuf_printf(&b, "  position(\"");
        bool first = true;
        for (int k = 0; k < g->st->ncomps; k++) {
            uint32_t h = comp_hash(g->st, AFTER(i + 1), k);
            if (h == comp_hash(g->st, AFTER(i), k)) continue;
            textbuf_printf(&b, "%s%s=%08" PRIx32, first ? "" : " ", g->st->comps[k].name, h);
            first = false;
        }
        textbuf_printf(&b, "\", \"the state after move %d\")\n", i + 1);
        write_checks(&b, checks, n, i + 1);
    }
#undef AFTER
    free(now);
    if (!ok) { free(b.p); return NULL; }
    textbuf_printf(&b, "end)\n");
    if (b.oom) { free(b.p); snprintf(g->err, sizeof g->err, "out of memory"); return NULL; }
    return b.p;
}
