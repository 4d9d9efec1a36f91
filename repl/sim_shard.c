/*
 * sim_shard.c — a study beyond one process: `grove sim --records FILE`
 * writes each game as one line of JSON (JSON Lines) the moment it ends,
 * `--shard I/N` plays one block of the study's games, `--resume` plays
 * only the games a records file lacks, and `grove merge FILES...` reads
 * the records of every shard back into one run and reports it with the
 * very code a single run reports with (sim_report), so the summary, the
 * verdict and the files are the same byte for byte.
 *
 * Every line carries its study (game, title, players, first seed, games,
 * cap, variants, bots, each side's rules fingerprint and the options it
 * played away from their defaults), so a line alone
 * says which study it belongs to and merge can refuse a mixture; and it
 * carries everything the report reads of a game: length, turns, cut
 * short, scores (to 17 digits, so they read back exactly), ranks, moves by
 * kind (with the kinds' names), cards played, the moves as text, or why
 * the game failed. A line without options (written before records carried
 * them) is of a study that played every option at its default.
 *
 * Shard I of N plays games [(I-1) n / N, I n / N): blocks, so a shard's
 * games are seeds S + lo .. S + hi - 1, the same with any --threads.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json.h"
#include "sim.h"
#include "textbuf.h"

void sim_shard_range(const sim_opts *o, long *lo, long *hi)
{
    if (!o->nshards) { *lo = 0; *hi = o->n; return; }
    *lo = (long)((long long)(o->shard - 1) * o->n / o->nshards);
    *hi = (long)((long long)o->shard * o->n / o->nshards);
}

/* ---- writing ------------------------------------------------------------------------ */

/* In valid UTF-8, as sim_json_string writes. */
static void tb_string(textbuf *b, const char *s)
{
    textbuf_printf(b, "\"");
    while (*s) {
        unsigned char c = (unsigned char)*s;
        int n = c >= 0x80 ? sim_utf8_len(s) : 1;
        if (c == '"' || c == '\\') textbuf_printf(b, "\\%c", c);
        else if (c < 0x20) textbuf_printf(b, "\\u%04x", c);
        else if (n == 0) textbuf_printf(b, "\\ufffd");
        else textbuf_printf(b, "%.*s", n, s);
        s += n ? n : 1;
    }
    textbuf_printf(b, "\"");
}

/* Options as a JSON object: {"winning_score": 5}; numbers and true/false
 * bare, texts quoted. */
static void tb_options(textbuf *b, const game_settings *set)
{
    textbuf_printf(b, "{");
    for (int k = 0; k < set->n; k++) {
        textbuf_printf(b, "%s", k ? ", " : "");
        tb_string(b, set->v[k].name);
        textbuf_printf(b, ": ");
        if (set->v[k].type == 's') tb_string(b, set->v[k].value);
        else textbuf_printf(b, "%s", set->v[k].value);
    }
    textbuf_printf(b, "}");
}

static void study_json(textbuf *b, const sim_opts *o)
{
    textbuf_printf(b, "{\"game\": ");
    tb_string(b, o->game);
    textbuf_printf(b, ", \"title\": ");
    tb_string(b, o->title);
    textbuf_printf(b, ", \"players\": %d, \"seed\": %llu, \"games\": %ld, \"cap\": %ld, \"variants\": [", o->players,
                   (unsigned long long)o->seed, o->n, o->cap);
    for (int side = 0; side < o->nsides; side++) {
        if (side) textbuf_printf(b, ", ");
        tb_string(b, o->variants[side]);
    }
    textbuf_printf(b, "], \"bots\": [");
    for (int p = 1; p <= o->players; p++) {
        if (p > 1) textbuf_printf(b, ", ");
        tb_string(b, o->botnames[p]);
    }
    textbuf_printf(b, "], \"rules\": [");
    for (int side = 0; side < o->nsides; side++)
        textbuf_printf(b, "%s\"%016" PRIx64 "\"", side ? ", " : "", o->rules[side]);
    textbuf_printf(b, "], \"options\": [");
    for (int side = 0; side < o->nsides; side++) {
        if (side) textbuf_printf(b, ", ");
        tb_options(b, &o->changed[side]);
    }
    textbuf_printf(b, "]}");
}

void sim_record_game(sim_run *r, long i)
{
    const sim_opts *o = r->o;
    sim_game *g = &r->games[i];
    textbuf b = { 0 };
    pthread_mutex_lock(&r->lock);           /* the kind and card names are the run's */
    textbuf_printf(&b, "{\"study\": ");
    study_json(&b, o);
    textbuf_printf(&b, ", \"side\": %d, \"index\": %ld, \"seed\": %llu, \"length\": %ld, \"turns\": %ld, \"capped\": %s",
                   r->side, i, (unsigned long long)(o->seed + (uint64_t)i), g->moves, g->turns,
                   g->capped ? "true" : "false");
    if (g->failed) {
        textbuf_printf(&b, ", \"failed\": ");
        tb_string(&b, g->err);
    } else {
        textbuf_printf(&b, ", \"scores\": [");
        for (int p = 0; p < o->players; p++) textbuf_printf(&b, "%s%.17g", p ? ", " : "", g->scores[p]);
        textbuf_printf(&b, "], \"ranks\": [");
        for (int p = 0; p < o->players; p++) textbuf_printf(&b, "%s%d", p ? ", " : "", g->ranks[p]);
        textbuf_printf(&b, "]");
    }
    textbuf_printf(&b, ", \"kinds\": [");
    bool first = true;
    for (int k = 0; k < SIM_MAX_KINDS; k++)
        if (g->kinds[k]) {
            textbuf_printf(&b, "%s[%d, ", first ? "" : ", ", k);
            tb_string(&b, r->kind_names[k]);
            textbuf_printf(&b, ", %ld]", g->kinds[k]);
            first = false;
        }
    textbuf_printf(&b, "], \"cards\": [");
    first = true;
    for (long c = 0; c < g->ncards; c++) {      /* each card once, with how often */
        int k = g->cards[c];
        bool seen = false;
        for (long d = 0; d < c && !seen; d++) seen = g->cards[d] == k;
        if (seen) continue;
        long n = 0;
        for (long d = c; d < g->ncards; d++) n += g->cards[d] == k;
        textbuf_printf(&b, "%s[", first ? "" : ", ");
        tb_string(&b, r->cards[k].name);
        textbuf_printf(&b, ", %ld]", n);
        first = false;
    }
    textbuf_printf(&b, "]");
    if (!g->failed) {
        textbuf_printf(&b, ", \"moves\": [");
        for (long m = 0; m < g->moves; m++) {
            if (m) textbuf_printf(&b, ", ");
            tb_string(&b, g->texts[m]);
        }
        textbuf_printf(&b, "]");
    }
    textbuf_printf(&b, "}\n");
    if (b.oom) {
        if (!r->fatal[0]) snprintf(r->fatal, sizeof r->fatal, "out of memory writing the record of game %ld", i);
    } else if (fwrite(b.p, 1, b.len, o->out) != b.len || fflush(o->out) != 0) {
        if (!r->fatal[0]) snprintf(r->fatal, sizeof r->fatal, "cannot write to %s: %s", o->records, strerror(errno));
    }
    if (!o->json && g->texts) {             /* the record has them now */
        for (long m = 0; m < g->moves; m++) free(g->texts[m]);
        free(g->texts);
        g->texts = NULL;
    }
    pthread_mutex_unlock(&r->lock);
    free(b.p);
}

/* ---- reading ------------------------------------------------------------------------ */

/* What identifies a study: two records belong together when all of it is equal. */
typedef struct {
    char game[64], title[128];
    int players, nsides;
    uint64_t seed;
    long n, cap;
    char variants[2][GAME_MAX_VARIANTS];
    char bots[MAX_BOTS + 1][24];
    uint64_t rules[2];
    game_settings options[2];       /* each side's options away from their defaults */
} study;

static void study_of_opts(const sim_opts *o, study *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->game, sizeof s->game, "%s", o->game);
    snprintf(s->title, sizeof s->title, "%s", o->title);
    s->players = o->players;
    s->nsides = o->nsides;
    s->seed = o->seed;
    s->n = o->n;
    s->cap = o->cap;
    memcpy(s->variants, o->variants, sizeof s->variants);
    for (int p = 1; p <= o->players; p++) memcpy(s->bots[p], o->botnames[p], sizeof s->bots[p]);
    memcpy(s->rules, o->rules, sizeof s->rules);
    memcpy(s->options, o->changed, sizeof s->options);
}

/* A record's options (an object of name: value) into set, each value as
 * the text game_options_values gives it; false when malformed. */
static bool options_of_json(const json *obj, game_settings *set)
{
    set->n = 0;
    if (obj->kind != JSON_OBJECT || obj->n > GAME_MAX_SETTINGS) return false;
    for (const json *e = obj->child; e; e = e->next) {
        game_setting *v = &set->v[set->n++];
        if (strlen(e->key) >= sizeof v->name) return false;
        snprintf(v->name, sizeof v->name, "%s", e->key);
        switch (e->kind) {
        case JSON_NUMBER:
            if (e->integral) { snprintf(v->value, sizeof v->value, "%" PRId64, e->i); v->type = 'i'; break; }
            snprintf(v->value, sizeof v->value, "%.15g", e->num);       /* the shortest that reads back, as options.c */
            if (strtod(v->value, NULL) != e->num) snprintf(v->value, sizeof v->value, "%.17g", e->num);
            v->type = 'n';
            break;
        case JSON_BOOL: snprintf(v->value, sizeof v->value, "%s", e->b ? "true" : "false"); v->type = 'b'; break;
        case JSON_STRING:
            if (strlen(e->str) >= sizeof v->value) return false;
            snprintf(v->value, sizeof v->value, "%s", e->str);
            v->type = 's';
            break;
        default: return false;
        }
    }
    return true;
}

/* Whether two sets of options are the same values in the same order. */
static bool same_options(const game_settings *a, const game_settings *b)
{
    if (a->n != b->n) return false;
    for (int k = 0; k < a->n; k++)
        if (strcmp(a->v[k].name, b->v[k].name) || strcmp(a->v[k].value, b->v[k].value)) return false;
    return true;
}

static bool get_long(const json *obj, const char *key, long lo, long hi, long *out)
{
    const json *v = json_get(obj, key);
    if (!v || v->kind != JSON_NUMBER || !v->integral || v->i < lo || v->i > hi) return false;
    *out = (long)v->i;
    return true;
}

static bool get_string(const json *obj, const char *key, char *out, size_t len)
{
    const json *v = json_get(obj, key);
    if (!v || v->kind != JSON_STRING || strlen(v->str) >= len) return false;
    memcpy(out, v->str, strlen(v->str) + 1);
    return true;
}

/* The study of a record; false with the field at fault in err. */
static bool study_of_json(const json *j, study *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    const json *st = json_get(j, "study");
    long players, seed, n, cap;
    const char *bad = NULL;
    if (!st || st->kind != JSON_OBJECT) bad = "study";
    else if (!get_string(st, "game", s->game, sizeof s->game)) bad = "study.game";
    else if (!get_string(st, "title", s->title, sizeof s->title)) bad = "study.title";
    else if (!get_long(st, "players", 1, MAX_BOTS, &players)) bad = "study.players";
    else if (!get_long(st, "seed", 0, INT64_MAX, &seed)) bad = "study.seed";
    else if (!get_long(st, "games", 1, 100000000, &n)) bad = "study.games";
    else if (!get_long(st, "cap", 1, 100000000, &cap)) bad = "study.cap";
    if (!bad) {
        s->players = (int)players;
        s->seed = (uint64_t)seed;
        s->n = n;
        s->cap = cap;
        const json *v = json_get(st, "variants"), *b = json_get(st, "bots"), *r = json_get(st, "rules");
        const json *op = json_get(st, "options");       /* absent in records older than options: the defaults */
        if (!v || v->kind != JSON_ARRAY || v->n < 1 || v->n > 2) bad = "study.variants";
        else if (!b || b->kind != JSON_ARRAY || b->n != players) bad = "study.bots";
        else if (!r || r->kind != JSON_ARRAY || r->n != v->n) bad = "study.rules";
        else if (op && (op->kind != JSON_ARRAY || op->n != v->n)) bad = "study.options";
        for (int k = 0; !bad && op && k < op->n; k++)
            if (!options_of_json(json_at(op, k), &s->options[k])) bad = "study.options";
        s->nsides = bad ? 0 : (int)v->n;
        for (int k = 0; !bad && k < s->nsides; k++) {
            const json *e = json_at(v, k), *f = json_at(r, k);
            if (e->kind != JSON_STRING || strlen(e->str) >= sizeof s->variants[k]) bad = "study.variants";
            else if (f->kind != JSON_STRING || sscanf(f->str, "%" SCNx64, &s->rules[k]) != 1) bad = "study.rules";
            else memcpy(s->variants[k], e->str, strlen(e->str) + 1);
        }
        for (int p = 1; !bad && p <= s->players; p++) {
            const json *e = json_at(b, p - 1);
            if (e->kind != JSON_STRING || strlen(e->str) >= sizeof s->bots[p]) bad = "study.bots";
            else memcpy(s->bots[p], e->str, strlen(e->str) + 1);
        }
    }
    if (bad) snprintf(err, errlen, "'%s' missing or malformed", bad);
    return !bad;
}

static void variants_text(const study *s, char *out, size_t len)
{
    if (s->nsides == 1) snprintf(out, len, "variants '%s'", s->variants[0]);
    else snprintf(out, len, "--compare '%s' '%s'", s->variants[0], s->variants[1]);
}

/* A side's options as "winning_score=5, movement=3", or "none (every default)". */
static void options_text(const game_settings *set, char *out, size_t len)
{
    if (!set->n) snprintf(out, len, "none (every default)");
    else game_settings_text(set, out, len);
}

static void bots_text(const study *s, char *out, size_t len)
{
    size_t k = 0;
    out[0] = '\0';
    for (int p = 1; p <= s->players && k < len; p++) k += (size_t)snprintf(out + k, len - k, "%s%s", p > 1 ? " " : "", s->bots[p]);
}

/* The first way a differs from b, as "what: A (in where_a), B (in where_b)";
 * "" when they are the same study. rules is set when only the rules differ. */
static void study_diff(const study *a, const study *b, const char *where_a, const char *where_b, char *out,
                       size_t len, bool *rules)
{
    char x[600], y[600];
    const char *what = NULL;
    *rules = false;
    out[0] = '\0';
    if (strcmp(a->game, b->game)) { what = "game"; snprintf(x, sizeof x, "%s", a->game); snprintf(y, sizeof y, "%s", b->game); }
    else if (a->players != b->players) { what = "players"; snprintf(x, sizeof x, "%d", a->players); snprintf(y, sizeof y, "%d", b->players); }
    else if (a->nsides != b->nsides || strcmp(a->variants[0], b->variants[0])
             || (a->nsides == 2 && strcmp(a->variants[1], b->variants[1]))) {
        what = "variants";
        variants_text(a, x, sizeof x);
        variants_text(b, y, sizeof y);
    } else {
        bots_text(a, x, sizeof x);
        bots_text(b, y, sizeof y);
        if (strcmp(x, y)) what = "bots";
    }
    for (int k = 0; !what && k < a->nsides; k++)
        if (!same_options(&a->options[k], &b->options[k])) {
            what = a->nsides == 2 ? (k ? "options of B" : "options of A") : "options (--set)";
            options_text(&a->options[k], x, sizeof x);
            options_text(&b->options[k], y, sizeof y);
        }
    if (what) {
    } else if (a->seed != b->seed) { what = "first seed (--seed)"; snprintf(x, sizeof x, "%llu", (unsigned long long)a->seed); snprintf(y, sizeof y, "%llu", (unsigned long long)b->seed); }
    else if (a->n != b->n) { what = "games in the study (-n)"; snprintf(x, sizeof x, "%ld", a->n); snprintf(y, sizeof y, "%ld", b->n); }
    else if (a->cap != b->cap) { what = "cap (--cap)"; snprintf(x, sizeof x, "%ld", a->cap); snprintf(y, sizeof y, "%ld", b->cap); }
    else {
        for (int k = 0; k < a->nsides && !what; k++)
            if (a->rules[k] != b->rules[k]) {
                what = "rules fingerprint";
                *rules = true;
                snprintf(x, sizeof x, "%016" PRIx64, a->rules[k]);
                snprintf(y, sizeof y, "%016" PRIx64, b->rules[k]);
            }
    }
    if (what) snprintf(out, len, "%s %s in %s, %s in %s", what, x, where_a, y, where_b);
}

/* Add n plays of card `name` to the run's count (single-threaded here). */
static bool add_card(sim_run *r, const char *name, long n)
{
    int k = 0;
    while (k < r->ncards && strcmp(r->cards[k].name, name)) k++;
    if (k == r->ncards) {
        if (r->ncards == r->capcards) {
            int cap = r->capcards ? r->capcards * 2 : 32;
            void *p = realloc(r->cards, (size_t)cap * sizeof *r->cards);
            if (!p) return false;
            r->cards = p;
            r->capcards = cap;
        }
        snprintf(r->cards[k].name, sizeof r->cards[k].name, "%s", name);
        r->cards[k].n = 0;
        r->ncards++;
    }
    r->cards[k].n += n;
    return true;
}

/* Fill the game of record j into runs (the study already checked): its
 * side and index in *side, *index; false with err. */
static bool read_game(const json *j, sim_run *runs, bool keep_texts, int *side, long *index, char *err, size_t errlen)
{
    const sim_opts *o = runs[0].o;
    long sd, i, len, turns;
    const json *capped = json_get(j, "capped"), *failed = json_get(j, "failed");
    const char *bad = NULL;
    if (!get_long(j, "side", 0, o->nsides - 1, &sd)) bad = "side";
    else if (!get_long(j, "index", 0, o->n - 1, &i)) bad = "index";
    else if (!get_long(j, "length", 0, 100000000, &len)) bad = "length";
    else if (!get_long(j, "turns", 0, 100000000, &turns)) bad = "turns";
    else if (!capped || capped->kind != JSON_BOOL) bad = "capped";
    else if (failed && failed->kind != JSON_STRING) bad = "failed";
    if (bad) { snprintf(err, errlen, "'%s' missing or malformed", bad); return false; }
    *side = (int)sd;
    *index = i;
    sim_run *r = &runs[sd];
    sim_game *g = &r->games[i];
    memset(g, 0, sizeof *g);
    g->moves = len;
    g->turns = turns;
    g->capped = capped->b;
    const json *kinds = json_get(j, "kinds"), *cards = json_get(j, "cards");
    if (!kinds || kinds->kind != JSON_ARRAY) bad = "kinds";
    for (const json *e = kinds ? kinds->child : NULL; !bad && e; e = e->next) {
        const json *k = json_at(e, 0), *name = json_at(e, 1), *n = json_at(e, 2);
        if (!k || !name || !n || k->kind != JSON_NUMBER || !k->integral || k->i < 0 || k->i >= SIM_MAX_KINDS
            || name->kind != JSON_STRING || n->kind != JSON_NUMBER || !n->integral || n->i < 0) {
            bad = "kinds";
            break;
        }
        g->kinds[k->i] += (long)n->i;
        if (!r->kind_names[k->i][0]) snprintf(r->kind_names[k->i], sizeof r->kind_names[k->i], "%s", name->str);
    }
    if (!bad && (!cards || cards->kind != JSON_ARRAY)) bad = "cards";
    for (const json *e = cards ? cards->child : NULL; !bad && e; e = e->next) {
        const json *name = json_at(e, 0), *n = json_at(e, 1);
        if (!name || !n || name->kind != JSON_STRING || n->kind != JSON_NUMBER || !n->integral || n->i < 0) {
            bad = "cards";
            break;
        }
        if (!add_card(r, name->str, (long)n->i)) { snprintf(err, errlen, "out of memory"); return false; }
    }
    if (bad) { snprintf(err, errlen, "'%s' malformed", bad); return false; }
    if (failed) {
        g->failed = true;
        snprintf(g->err, sizeof g->err, "%s", failed->str);
        return true;
    }
    const json *scores = json_get(j, "scores"), *ranks = json_get(j, "ranks"), *moves = json_get(j, "moves");
    if (!scores || scores->kind != JSON_ARRAY || scores->n != o->players) bad = "scores";
    else if (!ranks || ranks->kind != JSON_ARRAY || ranks->n != o->players) bad = "ranks";
    else if (!moves || moves->kind != JSON_ARRAY || moves->n != len) bad = "moves";
    if (bad) { snprintf(err, errlen, "'%s' missing or malformed", bad); return false; }
    g->scores = calloc((size_t)o->players, sizeof *g->scores);
    g->ranks = calloc((size_t)o->players, sizeof *g->ranks);
    if (!g->scores || !g->ranks) { snprintf(err, errlen, "out of memory"); return false; }
    const json *sc = scores->child, *rk = ranks->child;
    for (int p = 0; p < o->players; p++, sc = sc->next, rk = rk->next) {
        if (sc->kind != JSON_NUMBER || rk->kind != JSON_NUMBER || !rk->integral) {
            snprintf(err, errlen, "'%s' malformed", sc->kind != JSON_NUMBER ? "scores" : "ranks");
            return false;
        }
        g->scores[p] = sc->num;
        g->ranks[p] = (int)rk->i;
    }
    if (keep_texts) {
        g->texts = calloc((size_t)(len > 0 ? len : 1), sizeof *g->texts);
        if (!g->texts) { snprintf(err, errlen, "out of memory"); return false; }
        long m = 0;
        for (const json *e = moves->child; e; e = e->next, m++) {
            if (e->kind != JSON_STRING) { snprintf(err, errlen, "'moves' malformed"); return false; }
            if (!(g->texts[m] = strdup(e->str))) { snprintf(err, errlen, "out of memory"); return false; }
        }
    }
    return true;
}

/* One records file, line by line. */
typedef struct {
    const char *path;
    FILE *f;
    char *line;
    size_t cap;
    long lineno;
    long good_end;                  /* the offset after the last whole line */
} records_file;

/* The next whole line into rf->line (0), or the end (1), or a last line
 * cut short (2: rf->good_end is where the whole lines end), or a read
 * error (-1, said in err). */
static int next_line(records_file *rf, char *err, size_t errlen)
{
    errno = 0;
    ssize_t n = getline(&rf->line, &rf->cap, rf->f);
    if (n < 0) {
        if (ferror(rf->f)) { snprintf(err, errlen, "cannot read %s: %s", rf->path, strerror(errno)); return -1; }
        return 1;
    }
    rf->lineno++;
    if (rf->line[n - 1] != '\n') return 2;
    rf->line[n - 1] = '\0';
    rf->good_end += n;
    return 0;
}

bool sim_records_open(sim_opts *o, sim_run *runs, bool keep_texts, long *found)
{
    *found = 0;
    struct stat st;
    bool exists = lstat(o->records, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        fprintf(stderr, "grove sim: cannot write %s: %s\n", o->records,
                S_ISLNK(st.st_mode) ? "it is a symbolic link, which grove does not write through (give the path of "
                                      "the file it points to)"
                : S_ISDIR(st.st_mode) ? "it is a folder"
                : "it is not a regular file (a device or a pipe), which grove does not write to");
        return false;
    }
    if (exists && st.st_size > 0 && !o->resume) {
        fprintf(stderr, "grove sim: %s exists (%lld bytes): --resume plays only the games it lacks; to start over, "
                "remove it or name another file\n", o->records, (long long)st.st_size);
        return false;
    }
    long lo, hi;
    sim_shard_range(o, &lo, &hi);
    if (exists && o->resume) {
        records_file rf = { .path = o->records, .f = fopen(o->records, "r") };
        if (!rf.f) { fprintf(stderr, "grove sim: cannot read %s: %s\n", o->records, strerror(errno)); return false; }
        study want, got;
        study_of_opts(o, &want);
        json_arena arena = { 0 };
        char err[GAME_ERRLEN + 600] = "", diff[1400];
        bool ok = true;
        int at;
        while (ok && (at = next_line(&rf, err, sizeof err)) == 0) {
            if (!rf.line[0]) continue;
            json *j = json_parse(rf.line, &arena, err, sizeof err);
            int side;
            long i, sd;
            bool rules;
            if (!j || !study_of_json(j, &got, err, sizeof err)) {
                fprintf(stderr, "grove sim: %s line %ld is not a record of grove sim: %s\n", o->records, rf.lineno, err);
                ok = false;
            } else if (study_diff(&got, &want, o->records, "this command", diff, sizeof diff, &rules), diff[0]) {
                fprintf(stderr, "grove sim: %s holds the records of another study (%s)%s\n", o->records, diff,
                        rules ? ": the rule files changed since; start a new file" : "; name another file");
                ok = false;
            } else if (!get_long(j, "side", 0, o->nsides - 1, &sd) || !get_long(j, "index", 0, o->n - 1, &i)) {
                fprintf(stderr, "grove sim: %s line %ld: 'side' or 'index' missing or out of the study\n", o->records,
                        rf.lineno);
                ok = false;
            } else if (i < lo || i >= hi) {
                fprintf(stderr, "grove sim: %s holds game %ld, which is not in shard %d/%d (games %ld..%ld): "
                        "the file of another shard?\n", o->records, i, o->shard, o->nshards, lo, hi - 1);
                ok = false;
            } else if (runs[sd].have[i]) {
                fprintf(stderr, "grove sim: %s holds game %ld (seed %llu) twice (line %ld)\n", o->records, i,
                        (unsigned long long)(o->seed + (uint64_t)i), rf.lineno);
                ok = false;
            } else if (!read_game(j, runs, keep_texts, &side, &i, err, sizeof err)) {
                fprintf(stderr, "grove sim: %s line %ld: %s\n", o->records, rf.lineno, err);
                ok = false;
            } else {
                runs[side].have[i] = true;
                (*found)++;
            }
        }
        if (ok && at < 0) { fprintf(stderr, "grove sim: %s\n", err); ok = false; }
        if (ok && at == 2) {
            fprintf(stderr, "grove sim: %s: its last line (line %ld) is cut short, as a run killed while writing "
                    "leaves it: dropped, and its game played again\n", o->records, rf.lineno);
            if (truncate(o->records, (off_t)rf.good_end) != 0) {
                fprintf(stderr, "grove sim: cannot cut %s back to its whole lines: %s\n", o->records, strerror(errno));
                ok = false;
            }
        }
        free(rf.line);
        fclose(rf.f);
        json_free(&arena);
        if (!ok) return false;
    }
    /* appended a game at a time, so not through outfile.h (a file written
       whole); the same targets are refused: never through a symbolic link,
       never a folder, a device or a pipe */
    int fd = open(o->records, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (exists && o->resume ? O_APPEND : 0), 0666);
    if (fd < 0) {
        fprintf(stderr, "grove sim: cannot write %s: %s\n", o->records,
                errno == ELOOP ? "it is a symbolic link, which grove does not write through (give the path of the "
                                 "file it points to)" : strerror(errno));
        return false;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        fprintf(stderr, "grove sim: cannot write %s: it is not a regular file (a device or a pipe)\n", o->records);
        close(fd);
        return false;
    }
    if (!(exists && o->resume) && ftruncate(fd, 0) != 0) {
        fprintf(stderr, "grove sim: cannot write %s: %s\n", o->records, strerror(errno));
        close(fd);
        return false;
    }
    o->out = fdopen(fd, exists && o->resume ? "a" : "w");
    if (!o->out) {
        fprintf(stderr, "grove sim: cannot write %s: %s\n", o->records, strerror(errno));
        close(fd);
        return false;
    }
    return true;
}

/* ---- grove merge -------------------------------------------------------------------------- */

static const char merge_usage[] =
    "usage: grove merge FILES... [--json FILE] [--csv FILE] [--plot FILE.svg]\n"
    "  the records of a study's shards (grove sim --records FILE --shard I/N) read back as one run:\n"
    "  the summary, the --compare verdict and the files grove sim prints and writes for the whole\n"
    "  study on one machine; refuses records of different studies, and names games missing or twice\n";

/* Say the games [0, n) of a side that are not marked, as ranges, at most 8. */
static long say_missing(const sim_opts *o, int side, const unsigned char *from)
{
    long missing = 0, ranges = 0;
    for (long i = 0; i < o->n; i++) {
        if (from[i]) continue;
        long j = i;
        while (j + 1 < o->n && !from[j + 1]) j++;
        missing += j - i + 1;
        if (ranges++ < 8) {
            if (j == i) fprintf(stderr, "  game %ld (seed %llu)", i, (unsigned long long)(o->seed + (uint64_t)i));
            else fprintf(stderr, "  games %ld..%ld (seeds %llu..%llu)", i, j, (unsigned long long)(o->seed + (uint64_t)i),
                         (unsigned long long)(o->seed + (uint64_t)j));
            fprintf(stderr, "%s\n", o->nsides == 2 ? (side ? " under B" : " under A") : "");
        }
        i = j;
    }
    if (ranges > 8) fprintf(stderr, "  and %ld more ranges\n", ranges - 8);
    return missing;
}

/* Every option's value each side played with, for --json's records
 * (merge then needs the game's scripts, as replay does): the game opened
 * with the options the records name (o->changed), the rest its defaults. */
static bool read_options(sim_opts *o)
{
    grove_vm *vm = cli_vm();
    if (!vm) return false;
    bool ok = true;
    for (int side = 0; ok && side < o->nsides; side++) {
        char err[GAME_ERRLEN];
        game *g = game_open_with(vm, o->game, o->variants[side], o->players, o->seed, &o->changed[side], err, sizeof err);
        if (!g) { fprintf(stderr, "grove merge: %s\n", err); ok = false; break; }
        ok = game_options_values(g, false, &o->played[side]);
        if (!ok) fprintf(stderr, "grove merge: %s\n", game_error(g));
        game_close(g);
    }
    vm_free(vm);
    return ok;
}

int cmd_merge(int argc, char **argv)
{
    sim_opts o;
    memset(&o, 0, sizeof o);
    o.threads = 1;
    const char **files = calloc((size_t)argc, sizeof *files);
    int nfiles = 0;
    if (!files) { fprintf(stderr, "grove merge: out of memory\n"); return 1; }
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--json") || !strcmp(a, "--csv") || !strcmp(a, "--plot")) {
            if (!v) { fprintf(stderr, "grove merge: %s needs a file\n", a); free(files); return 2; }
            if (a[2] == 'j') o.json = v;
            else if (a[2] == 'c') o.csv = v;
            else o.plot = v;
            i++;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(merge_usage, stdout);
            free(files);
            return 0;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "grove merge: unknown option '%s'\n%s", a, merge_usage);
            free(files);
            return 2;
        } else {
            files[nfiles++] = a;
        }
    }
    if (!nfiles) { fputs(merge_usage, stderr); free(files); return 2; }
    double t0 = sim_now();
    study first, got;
    const char *first_file = NULL;
    sim_run runs[2];
    memset(runs, 0, sizeof runs);
    unsigned char *from[2] = { NULL, NULL };    /* which file (1-based) each game came from */
    json_arena arena = { 0 };
    char err[GAME_ERRLEN + 600] = "", diff[1400];
    long records = 0, dups = 0;
    int rc = 0;
    for (int fi = 0; fi < nfiles && !rc; fi++) {
        records_file rf = { .path = files[fi], .f = fopen(files[fi], "r") };
        if (!rf.f) { fprintf(stderr, "grove merge: cannot read %s: %s\n", files[fi], strerror(errno)); rc = 1; break; }
        int at;
        while (!rc && (at = next_line(&rf, err, sizeof err)) == 0) {
            if (!rf.line[0]) continue;
            json *j = json_parse(rf.line, &arena, err, sizeof err);
            bool rules;
            if (!j || !study_of_json(j, &got, err, sizeof err)) {
                fprintf(stderr, "grove merge: %s line %ld is not a record of grove sim: %s\n", files[fi], rf.lineno, err);
                rc = 1;
                break;
            }
            if (!first_file) {              /* the study, from its first record */
                first = got;
                first_file = files[fi];
                o.game = first.game;
                memcpy(o.title, first.title, sizeof o.title);
                o.players = first.players;
                o.seed = first.seed;
                o.n = first.n;
                o.cap = first.cap;
                o.nsides = first.nsides;
                memcpy(o.variants, first.variants, sizeof o.variants);
                for (int p = 1; p <= o.players; p++) memcpy(o.botnames[p], first.bots[p], sizeof o.botnames[p]);
                memcpy(o.rules, first.rules, sizeof o.rules);
                memcpy(o.changed, first.options, sizeof o.changed);
                o.set = first.options[0];       /* the header's "options ...", as the shards' --set */
                for (int side = 0; side < o.nsides; side++) {
                    runs[side].o = &o;
                    runs[side].side = side;
                    pthread_mutex_init(&runs[side].lock, NULL);
                    runs[side].games = calloc((size_t)o.n, sizeof *runs[side].games);
                    from[side] = calloc((size_t)o.n, 1);
                    if (!runs[side].games || !from[side]) { fprintf(stderr, "grove merge: out of memory\n"); rc = 1; }
                }
                if (rc) break;
            } else if (study_diff(&first, &got, first_file, files[fi], diff, sizeof diff, &rules), diff[0]) {
                if (rules)
                    fprintf(stderr, "grove merge: %s line %ld was played under other rules: %s (the rule files "
                            "changed between the shards: play them again under one version)\n", files[fi], rf.lineno, diff);
                else
                    fprintf(stderr, "grove merge: %s line %ld is of another study: %s\n", files[fi], rf.lineno, diff);
                rc = 1;
                break;
            }
            /* read into a scratch game first: a duplicate must not overwrite the one kept */
            int side;
            long i;
            long sd, idx;
            if (!get_long(j, "side", 0, o.nsides - 1, &sd) || !get_long(j, "index", 0, o.n - 1, &idx)) {
                fprintf(stderr, "grove merge: %s line %ld: 'side' or 'index' missing or out of the study\n", files[fi], rf.lineno);
                rc = 1;
                break;
            }
            if (from[sd][idx]) {
                if (dups++ < 8)
                    fprintf(stderr, "grove merge: game %ld (seed %llu)%s is in %s and again in %s line %ld\n", idx,
                            (unsigned long long)(o.seed + (uint64_t)idx), o.nsides == 2 ? (sd ? " under B" : " under A") : "",
                            files[from[sd][idx] - 1], files[fi], rf.lineno);
                continue;
            }
            if (!read_game(j, runs, o.json != NULL, &side, &i, err, sizeof err)) {
                fprintf(stderr, "grove merge: %s line %ld: %s\n", files[fi], rf.lineno, err);
                rc = 1;
                break;
            }
            from[side][i] = (unsigned char)(fi < 255 ? fi + 1 : 255);
            records++;
        }
        if (!rc && at < 0) { fprintf(stderr, "grove merge: %s\n", err); rc = 1; }
        if (!rc && at == 2) {
            fprintf(stderr, "grove merge: %s: its last line (line %ld) is cut short, as a worker killed while "
                    "writing leaves it: skipped\n", files[fi], rf.lineno);
        }
        free(rf.line);
        fclose(rf.f);
    }
    json_free(&arena);
    if (!rc && !records) {
        fprintf(stderr, "grove merge: no records in %s%s: nothing to merge\n", files[0], nfiles > 1 ? " and the rest" : "");
        rc = 1;
    }
    if (!rc && dups) {
        fprintf(stderr, "grove merge: %ld game%s recorded twice: a shard given twice, or shards of different splits "
                "(--shard I/N with other N)?\n", dups, dups == 1 ? "" : "s");
        rc = 1;
    }
    if (!rc) {
        long missing = 0;
        for (int side = 0; side < o.nsides; side++) {
            long before = missing;
            for (long i = 0; i < o.n; i++) missing += !from[side][i];
            if (missing > before && before == 0)
                fprintf(stderr, "grove merge: the study has %ld games%s; these are in none of the files:\n", o.n,
                        o.nsides == 2 ? " under each of A and B" : "");
            if (missing > before) say_missing(&o, side, from[side]);
        }
        if (missing) {
            fprintf(stderr, "grove merge: %ld game%s missing: a shard not given, or not finished (grove sim ... "
                    "--shard I/N --resume plays the rest of it)\n", missing, missing == 1 ? "" : "s");
            rc = 1;
        }
    }
    if (!rc && o.json && !read_options(&o)) rc = 1;     /* the records --json writes name them */
    if (!rc) {
        sim_print_header(&o);
        fflush(stdout);
        rc = sim_report_failed(runs, o.nsides, 0, o.n);
        rc |= sim_report(runs, NULL, o.n, NULL, sim_now() - t0);
    }
    for (int side = 0; side < 2; side++) {
        for (long i = 0; runs[side].games && i < o.n; i++) {
            sim_game *g = &runs[side].games[i];
            for (long m = 0; g->texts && m < g->moves; m++) free(g->texts[m]);
            free(g->texts);
            free(g->scores);
            free(g->ranks);
        }
        free(runs[side].games);
        free(runs[side].cards);
        free(from[side]);
        if (runs[side].o) pthread_mutex_destroy(&runs[side].lock);
    }
    free(files);
    return rc;
}
