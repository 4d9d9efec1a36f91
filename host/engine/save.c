/*
 * save.c — save files: a readable, versioned text record of a game; and a
 * session recorded as a scenario test (game_test_text, at the end).
 *
 *   grove-save 2
 *   game logger
 *   rules-version 1.0          (the definition's `version`; empty if it has none)
 *   rules-print 5d41...        (fingerprint of the rule files the game was made with)
 *   variants
 *   players 2
 *   seed 3
 *   option name value          (one per option: the value it was played with)
 *   said * Seedlings grow      (what setup said: who may read it, * for all)
 *   move place a1              (every move of the history, as text)
 *   said 1 you draw the Fox    (what the move said, seat 1 only; 0: onlookers)
 *   edit s.board:set("b4", "tree", 3)
 *                              (an edit made at the prompt: Lua, with \\ and
 *                               \n escaped, run again in the sandbox)
 *   redo move e5               (the redo tail: undone and pending entries,
 *   redo-edit s.x:add(1)        as text, which redo plays)
 *   state-hash 1a2b...         (the hash after the last move)
 *   state                      (then the generic dump of the state block)
 *   component rng rng 4
 *   ...
 *   end
 *   checksum 9f8e...           (FNV-1a of every byte before this line)
 *
 * Loading replays the moves from the seed and checks that the result is
 * the saved state, so a file that was truncated, hand-edited or made under
 * other rules is refused with a message saying what differs. A file made
 * under another rules version is refused outright; one whose rule files
 * changed within the same version loads if its moves still replay to the
 * saved state, with a note saying so. The said lines are for people who
 * read the file: loading makes them again from the moves. Formats 1 (no
 * rules lines) and 2 (no said, edit or redo lines) load.
 */
#include <inttypes.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_impl.h"
#include "lua_state.h"
#include "textbuf.h"

#define SAVE_FORMAT 3   /* the version of the save file layout (1 and 2 are still read) */

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
        if (i < g->ncur) write_said(g, &b, game_entry_said(g, i));
    }
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

static game *load_text(grove_vm *vm, const char *text, char *err, size_t errlen, game **partial)
{
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
                   || !strncmp(line, "redo ", 5) || !strncmp(line, "redo-edit ", 10)) {
            p = at;                                    /* moves start here */
            lineno--;
            break;
        } else if (!strncmp(line, "state-hash ", 11)) {
            p = at;
            lineno--;
            break;
        } else goto bad_line;
    }
    if (!*name || !players || !have_seed) {
        snprintf(err, errlen, "save file lacks its game, players or seed line");
        lua_settop(L, top);
        return NULL;
    }
    game *g = game_open(vm, name, variants, players, seed, opts, err, errlen);
    if (!g) { lua_settop(L, top); return NULL; }
    *partial = g;                                      /* closed by the caller if Lua fails below */
    if (have_rules && strcmp(version, g->rules_version) != 0) {
        snprintf(err, errlen, "save file made with %s rules version '%s'; the rules here are version '%s' "
                 "(load it where those rules are, or play its moves again: grove replay -v FILE)",
                 name, *version ? version : "(none)", *g->rules_version ? g->rules_version : "(none)");
        goto fail;
    }
    bool changed = have_rules && print != g->rules_print;
    bool redoing = false;                              /* redo lines come last */
    while (next_line(&p, line, sizeof line)) {
        lineno++;
        if (!strncmp(line, "said ", 5) && !redoing) continue;      /* made again by the moves */
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
        if (!strncmp(line, "edit ", 5) && !redoing) {
            read_code(line + 5);
            if (!game_edit(g, line + 5)) {
                snprintf(err, errlen, "save file line %d: the edit cannot be replayed: %s", lineno, game_error(g));
                goto fail;
            }
            continue;
        }
        if (strncmp(line, "move ", 5) != 0 || redoing) break;
        int64_t m;
        if (!game_parse(g, line + 5, &m) || !game_apply(g, m, false, true)) {
            snprintf(err, errlen, "save file line %d: move '%s' cannot be replayed: %s",
                     lineno, line + 5, game_error(g));
            goto fail;
        }
    }
    uint64_t hash;
    if (sscanf(line, "state-hash %" SCNx64, &hash) != 1) {
        snprintf(err, errlen, "save file line %d: expected 'state-hash', found '%.40s'", lineno, line);
        goto fail;
    }
    if (!next_line(&p, line, sizeof line) || strcmp(line, "state") != 0) {
        snprintf(err, errlen, "save file line %d: expected 'state'", lineno + 1);
        goto fail;
    }
    const char *end = strstr(p, "\nend\n");
    if (!end && !strncmp(p, "end\n", 4)) end = p - 1;
    if (!end) { snprintf(err, errlen, "save file: the state has no 'end' line"); goto fail; }
    /* the saved state must be what replaying the moves gives */
    {
        size_t n = (size_t)(end - p) + 1;
        char *dump = malloc(n + 1);
        if (!dump) { snprintf(err, errlen, "out of memory"); goto fail; }
        memcpy(dump, p, n);
        dump[n] = '\0';
        uint8_t *now = malloc(g->st->size);
        if (!now) { free(dump); snprintf(err, errlen, "out of memory"); goto fail; }
        if (!game_snapshot(g, now)) { free(dump); free(now); snprintf(err, errlen, "%s", game_error(g)); goto fail; }
        char why[512];
        grove_status rc = state_undump(g->st, dump, why, sizeof why);
        free(dump);
        bool same = rc == GROVE_OK && memcmp(now, g->st->block, g->st->size) == 0;
        game_restore(g, now);
        free(now);
        if (rc != GROVE_OK) { snprintf(err, errlen, "save file: %s", why); goto fail; }
        if (!same || state_hash(g->st) != hash) {
            snprintf(err, errlen, "save file: replaying its %d moves under the current rules gives a "
                     "different state than the one saved (%s)", g->ncur,
                     changed ? "the rule files changed since it was saved" : "were the rules changed?");
            goto fail;
        }
    }
    if (changed)
        snprintf(g->load_note, sizeof g->load_note, "the %s rule files changed since this game was saved "
                 "(same version '%s'); its %d moves replay to the saved state", name,
                 g->rules_version, g->ncur);
    lua_settop(L, top);
    return g;
bad_line:
    snprintf(err, errlen, "save file line %d: unexpected '%.60s'", lineno, line);
    lua_settop(L, top);
    return NULL;
fail:
    *partial = NULL;
    game_close(g);
    lua_settop(L, top);
    return NULL;
}

typedef struct {
    grove_vm *vm;
    const char *text;
    char *err;
    size_t errlen;
    game *g, *partial;
} load_ctx;

static int load_body(lua_State *L)
{
    load_ctx *c = lua_touserdata(L, 1);
    lua_pop(L, 1);
    c->g = load_text(c->vm, c->text, c->err, c->errlen, &c->partial);
    return 0;
}

game *game_load_text(grove_vm *vm, const char *text, char *err, size_t errlen)
{
    load_ctx c = { vm, text, err, errlen, NULL, NULL };
    if (vm_protect(vm, load_body, &c, 0, err, errlen)) return c.g;
    if (c.partial) game_close(c.partial);      /* a Lua error (no memory) while replaying */
    return NULL;
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
                       "-- as it was opened, every move and edit played, the state's hash after\n"
                       "-- each, and the expect lines typed at the prompt. grove test plays it\n"
                       "-- again; a hash that differs means the rules now play the session\n"
                       "-- differently (if that is meant, record the session again).\n");
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
    uint64_t hash;
    if (!game_hash_after(g, 0, &hash)) { free(b.p); return NULL; }
    textbuf_printf(&b, "  expect.eq(game:hash(), 0x%016" PRIx64 ", \"the state after setup\")\n", hash);
    write_checks(&b, checks, n, 0);
    for (int i = 0; i < g->ncur; i++) {
        char text[256];
        int actor = 0;
        if (g->hedit[i]) {
            textbuf_printf(&b, "  game:edit(");
            lua_long_string(&b, g->hedit[i]);
            textbuf_printf(&b, ")\n");
        } else {
            if (!game_describe_past(g, i, text, sizeof text, &actor)) { free(b.p); return NULL; }
            textbuf_printf(&b, "  game:play(");
            lua_string(&b, text);
            textbuf_printf(&b, ")%*s-- %d. seat %d\n", (int)(strlen(text) < 30 ? 30 - strlen(text) : 1), "", i + 1,
                           actor);
        }
        if (!game_hash_after(g, i + 1, &hash)) { free(b.p); return NULL; }
        textbuf_printf(&b, "  expect.eq(game:hash(), 0x%016" PRIx64 ", \"the state after move %d\")\n", hash, i + 1);
        write_checks(&b, checks, n, i + 1);
    }
    textbuf_printf(&b, "end)\n");
    if (b.oom) { free(b.p); snprintf(g->err, sizeof g->err, "out of memory"); return NULL; }
    return b.p;
}
