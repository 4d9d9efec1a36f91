/*
 * shard.c — a study beyond one process: `grove sim --records FILE`
 * writes each game as one line of JSON (JSON Lines) the moment it ends,
 * `--shard I/N` plays one block of the study's games, `--resume` plays
 * only the games a records file lacks; and the reading of records back,
 * which --resume and `grove merge` (merge.c) share: merge reads every
 * shard's records into one run and reports it with the very code a single
 * run reports with (sim_report), so the summary, the verdict and the files
 * are the same byte for byte.
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
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json.h"
#include "outfile.h"
#include "study.h"
#include "utf8.h"

bool sim_shard_parse(const char *who, const char *v, int *shard, int *nshards)
{
    int si, sn, used = 0;
    if (!v || sscanf(v, "%d/%d%n", &si, &sn, &used) != 2 || v[used] || sn < 1 || si < 1 || si > sn) {
        fprintf(stderr, "%s: --shard needs I/N, shard I (1 to N) of N: --shard 2/4\n", who);
        return false;
    }
    *shard = si;
    *nshards = sn;
    return true;
}

void sim_shard_range(const sim_opts *o, long *lo, long *hi)
{
    if (!o->nshards) { *lo = 0; *hi = o->n; return; }
    *lo = (long)((long long)(o->shard - 1) * o->n / o->nshards);
    *hi = (long)((long long)o->shard * o->n / o->nshards);
}

/* ---- writing ------------------------------------------------------------------------ */

/* The study a line belongs to, as an object. */
static void study_json(FILE *m, const sim_opts *o)
{
    fprintf(m, "{\"game\": ");
    sim_json_string(m, o->game);
    fprintf(m, ", \"title\": ");
    sim_json_string(m, o->title);
    fprintf(m, ", \"players\": %d, \"seed\": %llu, \"games\": %ld, \"cap\": %ld, \"variants\": [", o->players,
            (unsigned long long)o->seed, o->n, o->cap);
    for (int side = 0; side < o->nsides; side++) {
        if (side) fprintf(m, ", ");
        sim_json_string(m, o->variants[side]);
    }
    fprintf(m, "], \"bots\": [");
    for (int p = 1; p <= o->players; p++) {
        if (p > 1) fprintf(m, ", ");
        sim_json_string(m, o->botnames[p]);
    }
    fprintf(m, "], \"rules\": [");
    for (int side = 0; side < o->nsides; side++)
        fprintf(m, "%s\"%016" PRIx64 "\"", side ? ", " : "", o->rules[side]);
    fprintf(m, "], \"options\": [");
    for (int side = 0; side < o->nsides; side++) {
        if (side) fprintf(m, ", ");
        sim_json_options(m, &o->changed[side]);
    }
    fprintf(m, "]}");
}

/* Game i of r as one line of --records, into m. */
static void record_json(FILE *m, const sim_run *r, long i)
{
    const sim_opts *o = r->o;
    const sim_game *g = &r->games[i];
    fprintf(m, "{\"study\": ");
    study_json(m, o);
    fprintf(m, ", \"side\": %d, \"index\": %ld, \"seed\": %llu, \"length\": %ld, \"turns\": %ld, \"capped\": %s",
            r->side, i, (unsigned long long)(o->seed + (uint64_t)i), g->moves, g->turns, g->capped ? "true" : "false");
    if (g->failed) {
        fprintf(m, ", \"failed\": ");
        sim_json_string(m, g->err);
    } else {
        fprintf(m, ", \"scores\": [");
        for (int p = 0; p < o->players; p++) fprintf(m, "%s%.17g", p ? ", " : "", g->scores[p]);
        fprintf(m, "], \"ranks\": [");
        for (int p = 0; p < o->players; p++) fprintf(m, "%s%d", p ? ", " : "", g->ranks[p]);
        fprintf(m, "]");
    }
    fprintf(m, ", \"kinds\": [");
    bool first = true;
    for (int k = 0; k < SIM_MAX_KINDS; k++)
        if (g->kinds[k]) {
            fprintf(m, "%s[%d, ", first ? "" : ", ", k);
            sim_json_string(m, r->kind_names[k]);
            fprintf(m, ", %ld]", g->kinds[k]);
            first = false;
        }
    fprintf(m, "], \"cards\": [");
    first = true;
    for (long c = 0; c < g->ncards; c++) {      /* each card once, with how often */
        int k = g->cards[c];
        bool seen = false;
        for (long d = 0; d < c && !seen; d++) seen = g->cards[d] == k;
        if (seen) continue;
        long n = 0;
        for (long d = c; d < g->ncards; d++) n += g->cards[d] == k;
        fprintf(m, "%s[", first ? "" : ", ");
        sim_json_string(m, r->cards[k].name);
        fprintf(m, ", %ld]", n);
        first = false;
    }
    fprintf(m, "]");
    if (!g->failed) {
        fprintf(m, ", \"moves\": [");
        for (long k = 0; k < g->moves; k++) {
            if (k) fprintf(m, ", ");
            sim_json_string(m, g->texts[k]);
        }
        fprintf(m, "]");
    }
    if (o->record_extra) fprintf(m, ", %s", o->record_extra);
    fprintf(m, "}\n");
}

void sim_record_game(sim_run *r, long i)
{
    const sim_opts *o = r->o;
    sim_game *g = &r->games[i];
    char *text = NULL;
    size_t len = 0;
    pthread_mutex_lock(&r->lock);           /* the kind and card names are the run's */
    FILE *m = open_memstream(&text, &len);
    bool made = false;
    if (m) {
        record_json(m, r, i);
        made = !ferror(m);
        made = fclose(m) == 0 && made;
    }
    if (!made) {
        if (!r->fatal[0]) snprintf(r->fatal, sizeof r->fatal, "out of memory writing the record of game %ld", i);
    } else if (len > SIM_RECORD_MAX_BYTES) {
        if (!r->fatal[0])
            snprintf(r->fatal, sizeof r->fatal, "the record of game %ld is a line of %zu MiB, more than the %d MiB "
                     "grove merge and --resume read: play the study with a smaller --cap", i, len >> 20,
                     SIM_RECORD_MAX_BYTES >> 20);
    } else if (fwrite(text, 1, len, o->out) != len || fflush(o->out) != 0) {
        if (!r->fatal[0]) snprintf(r->fatal, sizeof r->fatal, "cannot write to %s: %s", o->records, strerror(errno));
    }
    if (!o->json && g->texts) {             /* the record has them now */
        for (long k = 0; k < g->moves; k++) free(g->texts[k]);
        free(g->texts);
        g->texts = NULL;
    }
    pthread_mutex_unlock(&r->lock);
    free(text);
}

/* ---- reading ------------------------------------------------------------------------ */

void sim_study_of_opts(const sim_opts *o, sim_study *s)
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
static bool options_of_json(const json_node *obj, game_settings *set)
{
    set->n = 0;
    if (obj->kind != JSON_OBJECT || obj->n > GAME_MAX_SETTINGS) return false;
    for (const json_node *e = obj->child; e; e = e->next) {
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

bool sim_json_long(const json_node *obj, const char *key, long lo, long hi, long *out)
{
    const json_node *v = json_get(obj, key);
    if (!v || v->kind != JSON_NUMBER || !v->integral || v->i < lo || v->i > hi) return false;
    *out = (long)v->i;
    return true;
}

static bool get_string(const json_node *obj, const char *key, char *out, size_t len)
{
    const json_node *v = json_get(obj, key);
    if (!v || v->kind != JSON_STRING || strlen(v->str) >= len) return false;
    memcpy(out, v->str, strlen(v->str) + 1);
    return true;
}

/* The study of a record; false with the field at fault in err. */
bool sim_study_of_json(const json_node *j, sim_study *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    const json_node *st = json_get(j, "study");
    long players, seed, n, cap;
    const char *bad = NULL;
    if (!st || st->kind != JSON_OBJECT) bad = "study";
    else if (!get_string(st, "game", s->game, sizeof s->game)) bad = "study.game";
    else if (!get_string(st, "title", s->title, sizeof s->title)) bad = "study.title";
    else if (!sim_json_long(st, "players", 1, MAX_BOTS, &players)) bad = "study.players";
    else if (!sim_json_long(st, "seed", 0, INT64_MAX, &seed)) bad = "study.seed";
    else if (!sim_json_long(st, "games", 1, 100000000, &n)) bad = "study.games";
    else if (!sim_json_long(st, "cap", 1, 100000000, &cap)) bad = "study.cap";
    if (!bad) {
        s->players = (int)players;
        s->seed = (uint64_t)seed;
        s->n = n;
        s->cap = cap;
        const json_node *v = json_get(st, "variants"), *b = json_get(st, "bots"), *r = json_get(st, "rules");
        const json_node *op = json_get(st, "options");       /* absent in records older than options: the defaults */
        if (!v || v->kind != JSON_ARRAY || v->n < 1 || v->n > 2) bad = "study.variants";
        else if (!b || b->kind != JSON_ARRAY || b->n != players) bad = "study.bots";
        else if (!r || r->kind != JSON_ARRAY || r->n != v->n) bad = "study.rules";
        else if (op && (op->kind != JSON_ARRAY || op->n != v->n)) bad = "study.options";
        for (int k = 0; !bad && op && k < op->n; k++)
            if (!options_of_json(json_at(op, k), &s->options[k])) bad = "study.options";
        s->nsides = bad ? 0 : (int)v->n;
        for (int k = 0; !bad && k < s->nsides; k++) {
            const json_node *e = json_at(v, k), *f = json_at(r, k);
            if (e->kind != JSON_STRING || strlen(e->str) >= sizeof s->variants[k]) bad = "study.variants";
            else if (f->kind != JSON_STRING || sscanf(f->str, "%" SCNx64, &s->rules[k]) != 1) bad = "study.rules";
            else memcpy(s->variants[k], e->str, strlen(e->str) + 1);
        }
        for (int p = 1; !bad && p <= s->players; p++) {
            const json_node *e = json_at(b, p - 1);
            if (e->kind != JSON_STRING || strlen(e->str) >= sizeof s->bots[p]) bad = "study.bots";
            else memcpy(s->bots[p], e->str, strlen(e->str) + 1);
        }
    }
    if (bad) snprintf(err, errlen, "'%s' missing or malformed", bad);
    return !bad;
}

static void variants_text(const sim_study *s, char *out, size_t len)
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

static void bots_text(const sim_study *s, char *out, size_t len)
{
    size_t k = 0;
    out[0] = '\0';
    for (int p = 1; p <= s->players && k < len; p++) k += (size_t)snprintf(out + k, len - k, "%s%s", p > 1 ? " " : "", s->bots[p]);
}

/* The first way a differs from b, as "what: A (in where_a), B (in where_b)";
 * "" when they are the same study. rules is set when only the rules differ. */
void sim_study_diff(const sim_study *a, const sim_study *b, const char *where_a, const char *where_b, char *out,
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

/* FNV-1a of a name, for the cards' index. */
static uint64_t name_hash(const char *s)
{
    uint64_t h = 14695981039346656037u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* Put card k of r into the index (which has room). */
static void index_card(sim_card_index *x, const sim_run *r, int k)
{
    size_t mask = x->nslots - 1, at = name_hash(r->cards[k].name) & mask;
    while (x->slots[at]) at = (at + 1) & mask;
    x->slots[at] = k + 1;
}

/* Add n plays of card `name` to the run's count (single-threaded here):
 * found through the index, in constant time, so that a hundred thousand
 * names cost no more than a hundred thousand lookups. */
static bool add_card(sim_run *r, sim_card_index *x, const char *full, long n)
{
    char name[sizeof r->cards[0].name];     /* as the count keeps it: cut at a character */
    snprintf(name, sizeof name, "%.*s", (int)utf8_prefix(full, sizeof name - 1), full);
    if ((size_t)(r->ncards + 1) * 2 > x->nslots) {       /* keep the index at most half full */
        size_t nslots = x->nslots ? x->nslots * 2 : 64;
        while ((size_t)(r->ncards + 1) * 2 > nslots) nslots *= 2;
        int *slots = calloc(nslots, sizeof *slots);
        if (!slots) return false;
        free(x->slots);
        x->slots = slots;
        x->nslots = nslots;
        x->indexed = 0;
    }
    while (x->indexed < r->ncards) index_card(x, r, x->indexed++);     /* counted elsewhere since */
    size_t mask = x->nslots - 1, at = name_hash(name) & mask;
    while (x->slots[at] && strcmp(r->cards[x->slots[at] - 1].name, name)) at = (at + 1) & mask;
    int k = x->slots[at] - 1;
    if (k < 0) {
        if (r->ncards == r->capcards) {
            int cap = r->capcards ? r->capcards * 2 : 32;
            void *p = realloc(r->cards, (size_t)cap * sizeof *r->cards);
            if (!p) return false;
            r->cards = p;
            r->capcards = cap;
        }
        k = r->ncards++;
        memcpy(r->cards[k].name, name, sizeof name);
        r->cards[k].n = 0;
        x->slots[at] = k + 1;
        x->indexed = r->ncards;
    }
    r->cards[k].n += n;
    return true;
}

void sim_card_index_free(sim_card_index *x)
{
    free(x->slots);
    memset(x, 0, sizeof *x);
}

/* The counts of a record's `kinds` (k, name, n) or `cards` (name, n) into
 * the game and the run: no more plays in all than moves the game tried
 * (its length, and the move it failed on), so that no sum of counts can
 * overflow; false with err. */
static bool read_counts(const json_node *list, bool kinds, sim_run *r, sim_game *g, sim_card_index *x, char *err,
                        size_t errlen)
{
    const char *what = kinds ? "kinds" : "cards";
    if (!list || list->kind != JSON_ARRAY) { snprintf(err, errlen, "'%s' missing or malformed", what); return false; }
    long total = 0, most = g->moves + 1;
    for (const json_node *e = list->child; e; e = e->next) {
        const json_node *k = kinds ? json_at(e, 0) : NULL, *name = json_at(e, kinds), *n = json_at(e, kinds + 1);
        if ((kinds && (!k || k->kind != JSON_NUMBER || !k->integral || k->i < 0 || k->i >= SIM_MAX_KINDS)) || !name
            || name->kind != JSON_STRING || !n || n->kind != JSON_NUMBER || !n->integral || n->i < 0) {
            snprintf(err, errlen, "'%s' malformed", what);
            return false;
        }
        if (n->i > most - total) {
            snprintf(err, errlen, "'%s' counts more %s than the game's %ld moves", what, kinds ? "moves" : "plays",
                     g->moves);
            return false;
        }
        total += (long)n->i;
        if (!kinds) {
            if (!add_card(r, x, name->str, (long)n->i)) { snprintf(err, errlen, "out of memory"); return false; }
            continue;
        }
        g->kinds[k->i] += (long)n->i;
        char *kept = r->kind_names[k->i];
        if (!kept[0]) snprintf(kept, sizeof r->kind_names[0], "%.*s", (int)utf8_prefix(name->str, sizeof r->kind_names[0] - 1),
                               name->str);
    }
    return true;
}

/* Fill the game of record j into runs (the study already checked): its
 * side and index in *side, *index; false with err. */
bool sim_read_game(const json_node *j, sim_run *runs, sim_card_index cards[2], bool keep_texts, int *side, long *index,
                   char *err, size_t errlen)
{
    const sim_opts *o = runs[0].o;
    long sd, i, len, turns;
    const json_node *capped = json_get(j, "capped"), *failed = json_get(j, "failed");
    const char *bad = NULL;
    if (!sim_json_long(j, "side", 0, o->nsides - 1, &sd)) bad = "side";
    else if (!sim_json_long(j, "index", 0, o->n - 1, &i)) bad = "index";
    else if (!sim_json_long(j, "length", 0, 100000000, &len)) bad = "length";
    else if (!sim_json_long(j, "turns", 0, 100000000, &turns)) bad = "turns";
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
    if (!read_counts(json_get(j, "kinds"), true, r, g, &cards[sd], err, errlen)
        || !read_counts(json_get(j, "cards"), false, r, g, &cards[sd], err, errlen))
        return false;
    if (failed) {
        g->failed = true;
        snprintf(g->err, sizeof g->err, "%.*s", (int)utf8_prefix(failed->str, sizeof g->err - 1), failed->str);
        return true;
    }
    const json_node *scores = json_get(j, "scores"), *ranks = json_get(j, "ranks"), *moves = json_get(j, "moves");
    if (!scores || scores->kind != JSON_ARRAY || scores->n != o->players) bad = "scores";
    else if (!ranks || ranks->kind != JSON_ARRAY || ranks->n != o->players) bad = "ranks";
    else if (!moves || moves->kind != JSON_ARRAY || moves->n != len) bad = "moves";
    if (bad) { snprintf(err, errlen, "'%s' missing or malformed", bad); return false; }
    g->scores = calloc((size_t)o->players, sizeof *g->scores);
    g->ranks = calloc((size_t)o->players, sizeof *g->ranks);
    if (!g->scores || !g->ranks) { snprintf(err, errlen, "out of memory"); return false; }
    const json_node *sc = scores->child, *rk = ranks->child;
    for (int p = 0; p < o->players; p++, sc = sc->next, rk = rk->next) {
        if (sc->kind != JSON_NUMBER || !isfinite(sc->num)) {
            snprintf(err, errlen, "'scores' malformed: seat %d's is no number", p + 1);
            return false;
        }
        if (rk->kind != JSON_NUMBER || !rk->integral || rk->i < 1 || rk->i > o->players) {
            snprintf(err, errlen, "'ranks' malformed: seat %d's is not a rank of %d players (1 to %d)", p + 1,
                     o->players, o->players);
            return false;
        }
        g->scores[p] = sc->num;
        g->ranks[p] = (int)rk->i;
    }
    if (keep_texts) {
        g->texts = calloc((size_t)(len > 0 ? len : 1), sizeof *g->texts);
        if (!g->texts) { snprintf(err, errlen, "out of memory"); return false; }
        long m = 0;
        for (const json_node *e = moves->child; e; e = e->next, m++) {
            if (e->kind != JSON_STRING) { snprintf(err, errlen, "'moves' malformed"); return false; }
            if (!(g->texts[m] = strdup(e->str))) { snprintf(err, errlen, "out of memory"); return false; }
        }
    }
    return true;
}

/* ---- records files --------------------------------------------------------------------------- */

bool sim_records_read(sim_records_file *rf, const char *path, char *err, size_t errlen)
{
    memset(rf, 0, sizeof *rf);
    rf->path = path;
    /* no wait for a writer: a FIFO opened so is refused below, not read */
    rf->fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (rf->fd < 0) { snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno)); return false; }
    struct stat st;
    const char *why = NULL;
    if (fstat(rf->fd, &st) != 0) why = strerror(errno);
    else if (S_ISDIR(st.st_mode)) why = "it is a folder";
    else if (!S_ISREG(st.st_mode)) why = "it is not a regular file (a pipe or a device), which records never are";
    else if (fcntl(rf->fd, F_SETFL, fcntl(rf->fd, F_GETFL) & ~O_NONBLOCK) != 0) why = strerror(errno);
    if (why) {
        snprintf(err, errlen, "cannot read %s: %s", path, why);
        close(rf->fd);
        rf->fd = -1;
        return false;
    }
    return true;
}

void sim_records_close(sim_records_file *rf)
{
    if (rf->fd >= 0) close(rf->fd);
    rf->fd = -1;
    free(rf->line);
    rf->line = NULL;
    rf->cap = 0;
}

int sim_records_next(sim_records_file *rf, char *err, size_t errlen)
{
    size_t len = 0;
    bool whole = false;
    while (!whole) {
        if (rf->at == rf->have) {
            if (rf->eof) break;
            ssize_t n = read(rf->fd, rf->chunk, sizeof rf->chunk);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) { snprintf(err, errlen, "cannot read %s: %s", rf->path, strerror(errno)); return -1; }
            if (n == 0) { rf->eof = true; break; }
            rf->at = 0;
            rf->have = (size_t)n;
        }
        const char *start = rf->chunk + rf->at, *nl = memchr(start, '\n', rf->have - rf->at);
        size_t take = nl ? (size_t)(nl - start) : rf->have - rf->at;
        if (len + take > SIM_RECORD_MAX_BYTES) {
            snprintf(err, errlen, "%s line %ld is longer than %d MiB, which no record of grove sim is", rf->path,
                     rf->lineno + 1, SIM_RECORD_MAX_BYTES >> 20);
            return -1;
        }
        if (len + take + 1 > rf->cap) {
            size_t cap = rf->cap ? rf->cap : 4096;
            while (cap < len + take + 1) cap *= 2;
            char *line = realloc(rf->line, cap);
            if (!line) { snprintf(err, errlen, "out of memory reading %s line %ld", rf->path, rf->lineno + 1); return -1; }
            rf->line = line;
            rf->cap = cap;
        }
        memcpy(rf->line + len, start, take);
        len += take;
        rf->at += take + (nl != NULL);
        whole = nl != NULL;
    }
    if (!whole && len == 0) return 1;
    rf->line[len] = '\0';
    rf->len = len;
    rf->lineno++;
    if (!whole) return 2;
    rf->good_end += (long long)len + 1;
    if (memchr(rf->line, '\0', len)) {
        snprintf(err, errlen, "%s line %ld holds a NUL byte: it is not a line of text", rf->path, rf->lineno);
        return -1;
    }
    return 0;
}

bool sim_records_target(const sim_opts *o, const char *who, bool *exists)
{
    struct stat st;
    *exists = lstat(o->records, &st) == 0;
    if (*exists && !S_ISREG(st.st_mode)) {
        fprintf(stderr, "%s: cannot write %s: %s\n", who, o->records,
                S_ISLNK(st.st_mode) ? "it is a symbolic link, which grove does not write through (give the path of "
                                      "the file it points to)"
                : S_ISDIR(st.st_mode) ? "it is a folder"
                : "it is not a regular file (a device or a pipe), which grove does not write to");
        return false;
    }
    if (*exists && st.st_size > 0 && !o->resume) {
        fprintf(stderr, "%s: %s exists (%lld bytes): --resume plays only the games it lacks; to start over, "
                "remove it or name another file\n", who, o->records, (long long)st.st_size);
        return false;
    }
    return true;
}

bool sim_records_open(sim_opts *o, sim_run *runs, bool keep_texts, long *found)
{
    *found = 0;
    if (!strcmp(o->records, "-")) {         /* the standard output (outfile.h); sim.c refuses --resume */
        int fd = fcntl(outfile_stdout_fd(-1), F_DUPFD_CLOEXEC, 0);
        if (fd < 0 || !(o->out = fdopen(fd, "w"))) {
            fprintf(stderr, "grove sim: cannot write the records to the standard output: %s\n", strerror(errno));
            if (fd >= 0) close(fd);
            return false;
        }
        return true;
    }
    bool exists;
    if (!sim_records_target(o, "grove sim", &exists)) return false;
    long lo, hi;
    sim_shard_range(o, &lo, &hi);
    if (exists && o->resume) {
        char err[GAME_ERRLEN + 600] = "", diff[1400], where[PATH_MAX + 40];
        sim_records_file rf;
        if (!sim_records_read(&rf, o->records, err, sizeof err)) { fprintf(stderr, "grove sim: %s\n", err); return false; }
        sim_study want, got;
        sim_study_of_opts(o, &want);
        json_arena arena = { 0 };
        sim_card_index cards[2] = { { 0 } };
        bool ok = true;
        int at;
        while (ok && (at = sim_records_next(&rf, err, sizeof err)) == 0) {
            if (!rf.line[0]) continue;
            json_node *j = json_parse(rf.line, rf.len, &arena, err, sizeof err);
            int side;
            long i, sd;
            bool rules;
            snprintf(where, sizeof where, "%s line %ld", o->records, rf.lineno);
            if (!j || !sim_study_of_json(j, &got, err, sizeof err)) {
                fprintf(stderr, "grove sim: %s is not a record of grove sim: %s\n", where, err);
                ok = false;
            } else if (sim_study_diff(&got, &want, where, "this command", diff, sizeof diff, &rules), diff[0]) {
                fprintf(stderr, "grove sim: %s holds the records of another study (%s)%s\n", o->records, diff,
                        rules ? ": the rule files changed since; start a new file" : "; name another file");
                ok = false;
            } else if (!sim_json_long(j, "side", 0, o->nsides - 1, &sd) || !sim_json_long(j, "index", 0, o->n - 1, &i)) {
                fprintf(stderr, "grove sim: %s: 'side' or 'index' missing or out of the study\n", where);
                ok = false;
            } else if (i < lo || i >= hi) {
                fprintf(stderr, "grove sim: %s holds game %ld, which is not in shard %d/%d (games %ld..%ld): "
                        "the file of another shard?\n", where, i, o->shard, o->nshards, lo, hi - 1);
                ok = false;
            } else if (runs[sd].have[i]) {
                fprintf(stderr, "grove sim: %s holds game %ld (seed %llu) twice (line %ld)\n", o->records, i,
                        (unsigned long long)(o->seed + (uint64_t)i), rf.lineno);
                ok = false;
            } else if (!sim_read_game(j, runs, cards, keep_texts, &side, &i, err, sizeof err)) {
                fprintf(stderr, "grove sim: %s: %s\n", where, err);
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
        sim_records_close(&rf);
        json_free(&arena);
        sim_card_index_free(&cards[0]);
        sim_card_index_free(&cards[1]);
        if (!ok) return false;
    }
    return sim_records_create(o, "grove sim", exists && o->resume);
}

bool sim_records_create(sim_opts *o, const char *who, bool append)
{
    struct stat st;
    /* appended a game at a time, so not through outfile.h (a file written
       whole); the same targets are refused: never through a symbolic link,
       never a folder, a device or a pipe */
    int fd = open(o->records, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (append ? O_APPEND : 0), 0666);
    if (fd < 0) {
        fprintf(stderr, "%s: cannot write %s: %s\n", who, o->records,
                errno == ELOOP ? "it is a symbolic link, which grove does not write through (give the path of the "
                                 "file it points to)" : strerror(errno));
        return false;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        fprintf(stderr, "%s: cannot write %s: it is not a regular file (a device or a pipe)\n", who, o->records);
        close(fd);
        return false;
    }
    if (!append && ftruncate(fd, 0) != 0) {
        fprintf(stderr, "%s: cannot write %s: %s\n", who, o->records, strerror(errno));
        close(fd);
        return false;
    }
    o->out = fdopen(fd, append ? "a" : "w");
    if (!o->out) {
        fprintf(stderr, "%s: cannot write %s: %s\n", who, o->records, strerror(errno));
        close(fd);
        return false;
    }
    return true;
}
