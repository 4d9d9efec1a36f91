/*
 * save.c — save files: a readable, versioned text record of a game.
 *
 *   grove-save 2
 *   game logger
 *   rules-version 1.0          (the definition's `version`; empty if it has none)
 *   rules-print 5d41...        (fingerprint of the rule files the game was made with)
 *   variants
 *   players 2
 *   seed 3
 *   option name value          (one per option: the value it was played with)
 *   move place a1              (every move of the history, as text)
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
 * saved state, with a note saying so. Format 1 files (no rules lines) load.
 */
#include <inttypes.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_impl.h"
#include "textbuf.h"

#define SAVE_FORMAT 2   /* the version of the save file layout (1 is still read) */

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

char *game_save_text(game *g)
{
    textbuf b = { 0 };
    textbuf_printf(&b, "grove-save %d\n", SAVE_FORMAT);
    textbuf_printf(&b, "game %s\nrules-version %s\nrules-print %016" PRIx64 "\n",
              g->name, g->rules_version, g->rules_print);
    textbuf_printf(&b, "variants %s\nplayers %d\nseed %" PRIu64 "\n", g->variants, g->players, g->seed);
    write_options(g, &b);
    /* describe each move in the state it was played from */
    uint8_t *now = malloc(g->st->size);
    if (!now) { free(b.p); return NULL; }
    if (!game_snapshot(g, now)) { free(now); free(b.p); return NULL; }
    for (int i = 0; i < g->ncur; i++) {
        char text[256];
        game_restore(g, g->snaps + (size_t)i * g->st->size);
        game_describe(g, g->hist[i], text, sizeof text);
        textbuf_printf(&b, "move %s\n", text);
    }
    game_restore(g, now);
    free(now);
    textbuf_printf(&b, "state-hash %016" PRIx64 "\nstate\n", state_hash(g->st));
    char *dump;
    size_t dlen;
    if (state_dump(g->st, &dump, &dlen) != GROVE_OK) { free(b.p); return NULL; }
    textbuf_printf(&b, "%s", dump);
    free(dump);
    textbuf_printf(&b, "end\n");
    if (b.oom) { free(b.p); return NULL; }
    textbuf_printf(&b, "checksum %016" PRIx64 "\n", fnv(b.p, b.len));
    if (b.oom) { free(b.p); return NULL; }
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
    char line[1024];
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
        } else if (!strncmp(line, "move ", 5)) {
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
    while (next_line(&p, line, sizeof line)) {
        lineno++;
        if (strncmp(line, "move ", 5) != 0) break;
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
