/*
 * table.c — the table of `grove serve` (table.h): one game behind one lock,
 * its seats' tokens, the bot thread, the log (each move's text and the
 * narration as each seat may read them), undo by consent, and the view of
 * each seat as JSON.
 */
#include "table.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "host.h"
#include "json.h"
#include "textbuf.h"

#define TABLE_TEXT_LEN 256          /* a move's text, as any viewer reads it (GAME_MOVE_TEXT_MAX + 1) */
#define REVEAL_TRIES 16             /* re-deals game_reveals plays a move on, per person */

typedef struct {
    int seat;                       /* who played it (0: an edit in a loaded history) */
    char (*texts)[TABLE_TEXT_LEN];  /* owned: [viewer] for 0..players, as that viewer reads it
                                     * (describe(s, move, viewer)), described before it was played */
    uint32_t shown;                 /* bit n: it showed seat n, a person, what no one could know
                                     * before (game_reveals); kept only at a table with bots */
} log_entry;

typedef struct {
    char *svg;                      /* owned; NULL until drawn */
    uint64_t version;               /* the table's version it was drawn at */
} picture_cache;

struct table {
    pthread_mutex_t lock;
    pthread_cond_t changed;         /* signalled whenever version moves, and on stop */
    grove_vm *vm;                   /* the game's, the caller's */
    game *g;                        /* owned */
    int players;
    char title[128];                /* the game's title */
    char tokens[TABLE_MAX_SEATS + 1][TABLE_TOKEN_LEN + 1];   /* [0]: the onlooker's */
    bot_spec bots[TABLE_MAX_SEATS + 1];
    bool is_bot[TABLE_MAX_SEATS + 1];
    char bot_names[TABLE_MAX_SEATS + 1][24];
    rng_t bot_rng;
    uint64_t version;
    uint64_t epoch;                 /* moves whenever the game does (a move, an undo) */
    log_entry *log;                 /* owned; one per move of the history played */
    int nlog, caplog;
    picture_cache pictures[TABLE_MAX_SEATS + 1];
    struct {                        /* the open undo request */
        bool open;
        uint64_t id;                /* its number: an answer names the request it answers */
        int by, to;                 /* asked by seat `by`: back to position `to` */
        bool agreed[TABLE_MAX_SEATS + 1];
    } undo;
    uint64_t undo_asked;            /* undo requests made so far (the last one's id) */
    int nbots;                      /* seats a bot plays */
    char bot_error[512];            /* why a bot could not move ("" when none) */
    uint64_t bot_failed_at;         /* the version it failed at */
    bool stopping, bots_running;
    FILE *out;                      /* the log of moves, or NULL */
    pthread_t bot_thread;
    grove_vm *bot_vm;               /* owned: the VM of the game the bots think on */
    game *bot_game;                 /* owned: that game (game_twin), or NULL: they think on g, locked */
    int thinking;                   /* the seat whose bot is thinking now (0: none) */
};

static void answer(table_answer *a, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void answer(table_answer *a, int status, const char *fmt, ...)
{
    a->status = status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->message, sizeof a->message, fmt, ap);
    va_end(ap);
}

/* ---- making and freeing -------------------------------------------------------- */

/* A token: 128 bits from the system's random source, as hex. */
static bool new_token(char out[TABLE_TOKEN_LEN + 1])
{
    unsigned char bytes[TABLE_TOKEN_LEN / 2];
    size_t got = 0;
    while (got < sizeof bytes) {
        ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        got += (size_t)n;
    }
    for (size_t i = 0; i < sizeof bytes; i++) snprintf(out + 2 * i, 3, "%02x", bytes[i]);
    return true;
}

table *table_new(grove_vm *vm, game *g, const bot_spec *const bots[TABLE_MAX_SEATS + 1],
                 uint64_t seed, char *err, size_t errlen)
{
    if (game_players(g) > TABLE_MAX_SEATS) {
        snprintf(err, errlen, "a table seats at most %d players", TABLE_MAX_SEATS);
        return NULL;
    }
    table *t = calloc(1, sizeof *t);
    if (!t) { snprintf(err, errlen, "out of memory"); return NULL; }
    t->vm = vm;
    t->g = g;
    t->players = game_players(g);
    game_about about;
    char why[GAME_ERRLEN];
    snprintf(t->title, sizeof t->title, "%s", game_name(g));
    if (game_about_of(vm, game_name(g), &about, why, sizeof why) && about.title[0])
        snprintf(t->title, sizeof t->title, "%s", about.title);
    for (int seat = 0; seat <= t->players; seat++) {
        if (!new_token(t->tokens[seat])) {
            snprintf(err, errlen, "cannot read the system's random source for the seats' tokens: %s", strerror(errno));
            free(t);
            return NULL;
        }
        if (seat > 0 && bots[seat]) {
            t->bots[seat] = *bots[seat];
            t->is_bot[seat] = true;
            t->nbots++;
            bot_name(bots[seat], t->bot_names[seat], sizeof t->bot_names[seat]);
        }
    }
    rng_seed(&t->bot_rng, seed, 0x736572);              /* "ser" */
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->changed, NULL);
    t->version = 1;
    /* the log of a game that starts with moves already played (none today) */
    for (int i = 0; i < game_position(g); i++) {
        log_entry e = { 0 };
        e.texts = calloc((size_t)t->players + 1, sizeof *e.texts);
        log_entry *nl = e.texts ? realloc(t->log, (size_t)(t->nlog + 1) * sizeof *nl) : NULL;
        if (!nl) { free(e.texts); t->g = NULL; table_free(t); snprintf(err, errlen, "out of memory"); return NULL; }
        t->log = nl;
        for (int v = 0; v <= t->players; v++) game_describe_past_for(g, i, v, e.texts[v], TABLE_TEXT_LEN, &e.seat);
        t->log[t->nlog++] = e;
        t->caplog = t->nlog;
    }
    return t;
}

void table_free(table *t)
{
    if (!t) return;
    table_stop(t);
    for (int seat = 0; seat <= TABLE_MAX_SEATS; seat++) free(t->pictures[seat].svg);
    for (int i = 0; i < t->nlog; i++) free(t->log[i].texts);
    free(t->log);
    if (t->bot_game) game_close(t->bot_game);
    if (t->bot_vm) vm_free(t->bot_vm);
    if (t->g) game_close(t->g);
    pthread_cond_destroy(&t->changed);
    pthread_mutex_destroy(&t->lock);
    free(t);
}

/* ---- the facts -------------------------------------------------------------------- */

int table_seat_of(table *t, const char *token)
{
    if (!token || strlen(token) != TABLE_TOKEN_LEN) return -1;
    int found = -1;
    for (int seat = 0; seat <= t->players; seat++) {
        unsigned diff = 0;                      /* the same time whatever matches */
        for (int i = 0; i < TABLE_TOKEN_LEN; i++) diff |= (unsigned char)(t->tokens[seat][i] ^ token[i]);
        if (diff == 0) found = seat;
    }
    return found;
}

const char *table_token(const table *t, int seat) { return t->tokens[seat]; }
int table_players(const table *t) { return t->players; }
bool table_is_bot(const table *t, int seat) { return seat >= 1 && seat <= t->players && t->is_bot[seat]; }
const char *table_game_name(const table *t) { return game_name(t->g); }

uint64_t table_version(table *t)
{
    pthread_mutex_lock(&t->lock);
    uint64_t v = t->version;
    pthread_mutex_unlock(&t->lock);
    return v;
}

uint64_t table_wait(table *t, uint64_t since, int ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += ms / 1000;
    until.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) { until.tv_sec++; until.tv_nsec -= 1000000000L; }
    pthread_mutex_lock(&t->lock);
    while (t->version == since && !t->stopping)
        if (pthread_cond_timedwait(&t->changed, &t->lock, &until) == ETIMEDOUT) break;
    uint64_t v = t->version;
    pthread_mutex_unlock(&t->lock);
    return v;
}

/* The table changed: a new version, and everyone waiting is told. Locked. */
static void changed(table *t)
{
    t->version++;
    t->undo.open = false;
    pthread_cond_broadcast(&t->changed);
}

/* ---- moves ---------------------------------------------------------------------------- */

/* Bring the log in line with the history after an undo. Locked. */
static void trim_log(table *t)
{
    while (t->nlog > game_position(t->g)) free(t->log[--t->nlog].texts);
}

/* Write the lines entry i said (-1: setup) that `viewer` may read, as JSON
 * strings separated by commas. Locked. */
static void said_json(table *t, textbuf *b, int i, int viewer)
{
    const char *p = game_entry_said(t->g, i);
    game_line line;
    bool first = true;
    while (game_said_next(&p, &line)) {
        if (!game_line_for(&line, viewer)) continue;
        if (!first) textbuf_printf(b, ",");
        json_string_n(b, line.text, (size_t)line.len);
        first = false;
    }
}

/* The length of the UTF-8 sequence at p (n bytes left) that a terminal
 * shows as a character: 0 for a byte that starts none (a stray byte, an
 * overlong form, a surrogate) and for the C1 controls U+0080..U+009F,
 * which some terminals obey as ESC [ and the like. */
static size_t printable_utf8(const unsigned char *p, size_t n)
{
    size_t len = p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : p[0] >= 0xe0 ? 3 : p[0] >= 0xc2 && p[0] < 0xe0 ? 2 : 0;
    if (len == 0 || len > n) return 0;
    for (size_t i = 1; i < len; i++)
        if ((p[i] & 0xc0) != 0x80) return 0;
    if (len == 2 && p[0] == 0xc2 && p[1] < 0xa0) return 0;                  /* C1 */
    if (len == 3 && p[0] == 0xe0 && p[1] < 0xa0) return 0;                  /* overlong */
    if (len == 3 && p[0] == 0xed && p[1] >= 0xa0) return 0;                 /* a surrogate */
    if (len == 4 && p[0] == 0xf0 && p[1] < 0x90) return 0;                  /* overlong */
    if (len == 4 && p[0] == 0xf4 && p[1] >= 0x90) return 0;                 /* past U+10FFFF */
    return len;
}

/* Write text (len bytes), which a rule script made, to the terminal the
 * table runs in as it reads: every control character (but tab), DEL, C1
 * control and byte of no UTF-8 character shown as \xNN, so that no
 * narration sets the window's title, clears the screen or moves the
 * cursor back to fake a prompt. */
static void log_text(FILE *out, const char *text, size_t len)
{
    const unsigned char *p = (const unsigned char *)text;
    for (size_t i = 0; i < len;) {
        size_t n = p[i] < 0x80 ? (size_t)((p[i] >= 0x20 && p[i] != 0x7f) || p[i] == '\t')
                               : printable_utf8(p + i, len - i);
        if (n == 0) {
            fprintf(out, "\\x%02x", p[i]);
            if (p[i] >= 0xc2 && p[i] < 0xe0 && i + 1 < len && (p[i + 1] & 0xc0) == 0x80)
                fprintf(out, "\\x%02x", p[++i]);                       /* the rest of a C1 control */
            i++;
        } else {
            fwrite(p + i, 1, n, out);
            i += n;
        }
    }
}

/* Write the lines of narration `said` (game_entry_said's text) that an
 * onlooker may read to the terminal's log, a line each. Locked. */
static void log_said(table *t, const char *said)
{
    game_line line;
    while (game_said_next(&said, &line)) {
        if (!game_line_for(&line, 0)) continue;
        fputs("      ", t->out);
        log_text(t->out, line.text, (size_t)line.len);
        fputc('\n', t->out);
    }
}

/* Write entry i of the log (0-based) to the terminal's log, what the rules
 * said below it, and the result when the game ended with it. Locked. */
static void log_move(table *t, int i)
{
    const log_entry *e = &t->log[i];
    fprintf(t->out, "%4d. seat %d%s: ", i + 1, e->seat, t->is_bot[e->seat] ? " (bot)" : "");
    log_text(t->out, e->texts[0], strlen(e->texts[0]));
    fputc('\n', t->out);
    log_said(t, game_entry_said(t->g, i));
    game_result r = { 0 };
    if (i == t->nlog - 1 && game_over(t->g) == 1 && game_outcome(t->g, &r) && r.over) {
        fputs("game over: ", t->out);
        log_text(t->out, r.text, strlen(r.text));
        fputc('\n', t->out);
    }
    fflush(t->out);
}

/* Who a seat-bit mask names: the people at the table. */
static uint32_t persons(const table *t)
{
    uint32_t mask = 0;
    for (int seat = 1; seat <= t->players; seat++)
        if (!t->is_bot[seat]) mask |= UINT32_C(1) << seat;
    return mask;
}

/* Play move m for seat, recording it and its text as each viewer reads it,
 * and, at a table with bots, whom it showed what no one could know before.
 * Locked. */
static bool play_locked(table *t, int seat, int64_t m)
{
    if (t->nlog == t->caplog) {
        int cap = t->caplog ? 2 * t->caplog : 64;
        log_entry *nl = realloc(t->log, (size_t)cap * sizeof *nl);
        if (!nl) { game_set_error(t->g, "out of memory for the log"); return false; }
        t->log = nl;
        t->caplog = cap;
    }
    log_entry e = { .seat = seat };
    e.texts = calloc((size_t)t->players + 1, sizeof *e.texts);
    if (!e.texts) { game_set_error(t->g, "out of memory for the log"); return false; }
    for (int v = 0; v <= t->players; v++) game_describe_for(t->g, m, v, e.texts[v], TABLE_TEXT_LEN);
    /* only bots are asked nothing before an undo: what a move showed matters at a table with bots */
    if (t->nbots && !game_reveals(t->g, m, persons(t), REVEAL_TRIES, game_seed(t->g) + (uint64_t)t->nlog,
                                  &e.shown)) {
        free(e.texts);
        return false;
    }
    if (!game_apply(t->g, m, true, true)) { free(e.texts); return false; }
    trim_log(t);
    t->log[t->nlog++] = e;
    t->epoch++;
    if (t->out) log_move(t, t->nlog - 1);      /* the terminal shows what an onlooker sees */
    changed(t);
    return true;
}

/* Who is to act: 0 when the game is over, -1 on a script error. Locked. */
static int actor_locked(table *t)
{
    int over = game_over(t->g);
    if (over < 0) return -1;
    if (over) return 0;
    int actor = game_actor(t->g);
    return actor ? actor : -1;
}

void table_play(table *t, int seat, uint64_t version, long index, table_answer *a)
{
    pthread_mutex_lock(&t->lock);
    int actor = actor_locked(t);
    if (seat < 1 || seat > t->players) answer(a, 403, "the onlooker plays no moves");
    else if (t->is_bot[seat]) answer(a, 403, "seat %d is played by a bot", seat);
    else if (actor == 0) answer(a, 409, "the game is over");
    else if (actor < 0) answer(a, 500, "%s", game_error(t->g));
    else if (version != t->version) answer(a, 409, "the table has moved on since: look again");
    else if (actor != seat) answer(a, 403, "it is seat %d's turn, not seat %d's", actor, seat);
    else {
        const int64_t *legal;
        int n = game_legal(t->g, &legal);
        if (n < 0) answer(a, 500, "%s", game_error(t->g));
        else if (index < 0 || index >= n) answer(a, 400, "no move %ld: there are %d", index, n);
        else if (!play_locked(t, seat, legal[index])) answer(a, 500, "%s", game_error(t->g));
        else answer(a, 200, "played");
    }
    pthread_mutex_unlock(&t->lock);
}

char *table_previews(table *t, int seat, uint64_t version, const long *moves, int n, table_answer *a)
{
    pthread_mutex_lock(&t->lock);
    textbuf b = { 0 };
    int actor = actor_locked(t);
    int64_t chosen[TABLE_MAX_PREVIEWS];
    const int64_t *legal = NULL;
    int nlegal = actor > 0 ? game_legal(t->g, &legal) : 0;
    bool ok = false;
    if (seat < 1 || seat > t->players || t->is_bot[seat]) answer(a, 403, "only a person at the table previews moves");
    else if (actor == 0) answer(a, 409, "the game is over");
    else if (actor < 0 || nlegal < 0) answer(a, 500, "%s", game_error(t->g));
    else if (version != t->version) answer(a, 409, "the table has moved on since: look again");
    else if (actor != seat) answer(a, 403, "it is seat %d's turn, not seat %d's", actor, seat);
    else if (n < 1 || n > TABLE_MAX_PREVIEWS) answer(a, 400, "preview 1 to %d moves at once", TABLE_MAX_PREVIEWS);
    else {
        ok = true;
        for (int i = 0; i < n && ok; i++) {
            if (moves[i] < 0 || moves[i] >= nlegal) {
                answer(a, 400, "no move %ld: there are %d", moves[i], nlegal);
                ok = false;
            } else {
                chosen[i] = legal[moves[i]];
            }
        }
    }
    textbuf_printf(&b, "{\"previews\":[");
    for (int i = 0; ok && i < n; i++) {
        bool shown = false;
        char *svg = game_preview(t->g, chosen[i], seat, game_seed(t->g) + (uint64_t)t->nlog, &shown);
        if (!svg && !shown) {
            answer(a, 500, "%s", game_error(t->g));
            ok = false;
            break;
        }
        textbuf_printf(&b, "%s", i ? "," : "");
        json_string(&b, svg);
        free(svg);
    }
    textbuf_printf(&b, "]}");
    pthread_mutex_unlock(&t->lock);
    if (!ok || b.oom) {
        free(b.p);
        if (ok) answer(a, 500, "out of memory");
        return NULL;
    }
    answer(a, 200, "ok");
    return b.p;
}

/* ---- undo ------------------------------------------------------------------------------- */

/* Take the game back to position `to`. Locked. */
static void undo_to(table *t, int to)
{
    while (game_position(t->g) > to && game_undo(t->g)) {}
    trim_log(t);
    t->epoch++;
    if (t->out) {
        fprintf(t->out, "undone by consent: back to move %d\n", game_position(t->g));
        fflush(t->out);
    }
    changed(t);
}

/* Has every person other than the asker agreed? Locked. */
static bool all_agreed(const table *t)
{
    for (int seat = 1; seat <= t->players; seat++)
        if (seat != t->undo.by && !t->is_bot[seat] && !t->undo.agreed[seat]) return false;
    return true;
}

/* The first of the moves from position `to` on that showed a person what
 * no one could know before, when a bot sits at the table other than
 * `seat`; -1 when there is none. Locked. */
static int revealing_since(const table *t, int to, int seat)
{
    bool bot_other = false;
    for (int s = 1; s <= t->players; s++) bot_other = bot_other || (s != seat && t->is_bot[s]);
    for (int i = to; bot_other && i < t->nlog; i++)
        if (t->log[i].shown) return i;
    return -1;
}

void table_undo_ask(table *t, int seat, table_answer *a)
{
    pthread_mutex_lock(&t->lock);
    int last = -1;
    for (int i = t->nlog - 1; i >= 0 && last < 0; i--)
        if (t->log[i].seat == seat) last = i;
    int shown = last >= 0 && seat >= 1 && seat <= t->players ? revealing_since(t, last, seat) : -1;
    if (seat < 1 || seat > t->players || t->is_bot[seat]) answer(a, 403, "only a person at the table may ask to undo");
    else if (t->undo.open) answer(a, 409, "seat %d's undo request is open: answer it first", t->undo.by);
    else if (last < 0) answer(a, 409, "seat %d has no move to take back", seat);
    else if (shown >= 0)
        answer(a, 409, "move %d (seat %d: %s) showed what no one could know before (a card drawn, a roll): a bot "
               "never agrees to take such a move back", shown + 1, t->log[shown].seat, t->log[shown].texts[seat]);
    else {
        t->undo.open = true;
        t->undo.id = ++t->undo_asked;
        t->undo.by = seat;
        t->undo.to = last;
        memset(t->undo.agreed, 0, sizeof t->undo.agreed);
        if (all_agreed(t)) {
            undo_to(t, last);
            answer(a, 200, "undone: back to move %d", last);
        } else {
            t->version++;
            pthread_cond_broadcast(&t->changed);
            answer(a, 200, "asked: the others must agree");
        }
    }
    pthread_mutex_unlock(&t->lock);
}

void table_undo_answer(table *t, int seat, uint64_t request, bool yes, table_answer *a)
{
    pthread_mutex_lock(&t->lock);
    if (seat < 1 || seat > t->players || t->is_bot[seat]) answer(a, 403, "only a person at the table answers an undo request");
    else if (!t->undo.open) answer(a, 409, "no undo request is open");
    else if (request != t->undo.id)
        answer(a, 409, "undo request %llu is no longer open: seat %d's request %llu is", (unsigned long long)request,
               t->undo.by, (unsigned long long)t->undo.id);
    else if (!yes || seat == t->undo.by) {
        changed(t);                                     /* dropped */
        answer(a, 200, seat == t->undo.by ? "withdrawn" : "refused");
    } else {
        t->undo.agreed[seat] = true;
        if (all_agreed(t)) {
            int to = t->undo.to;
            undo_to(t, to);
            answer(a, 200, "undone: back to move %d", to);
        } else {
            t->version++;
            pthread_cond_broadcast(&t->changed);
            answer(a, 200, "agreed");
        }
    }
    pthread_mutex_unlock(&t->lock);
}

/* ---- bots --------------------------------------------------------------------------------- */

/* The bot thread: whenever a bot is to act, it thinks on a copy of the
 * position in a game of its own (bot_game) without the lock, so requests
 * and event streams go on meanwhile; then, locked again, it plays its
 * choice if the game has not changed since (else it thinks again). */
static void *bot_main(void *arg)
{
    table *t = arg;
    void *copy = t->bot_game ? malloc(game_state_size(t->g)) : NULL;
    pthread_mutex_lock(&t->lock);
    while (!t->stopping) {
        int actor = actor_locked(t);
        if (!(actor > 0 && t->is_bot[actor] && t->bot_failed_at != t->version)) {
            pthread_cond_wait(&t->changed, &t->lock);
            continue;
        }
        uint64_t seed = ((uint64_t)rng_next(&t->bot_rng) << 32) | rng_next(&t->bot_rng);
        uint64_t epoch = t->epoch;
        int64_t m = 0;
        bool chose;
        game *mind = t->g;
        t->thinking = actor;
        if (copy && game_snapshot(t->g, copy)) {
            mind = t->bot_game;
            pthread_mutex_unlock(&t->lock);
            game_restore(mind, copy);
            chose = bot_choose(mind, &t->bots[actor], seed, &m, NULL);
            pthread_mutex_lock(&t->lock);
        } else {
            chose = bot_choose(t->g, &t->bots[actor], seed, &m, NULL);   /* no game of its own: locked */
        }
        t->thinking = 0;
        if (t->stopping) break;
        if (t->epoch != epoch) continue;                 /* the position it thought on is gone */
        if (!chose || !play_locked(t, actor, m)) {
            snprintf(t->bot_error, sizeof t->bot_error, "the %s bot of seat %d: %s", t->bot_names[actor],
                     actor, game_error(chose ? t->g : mind));
            t->bot_failed_at = t->version;
            pthread_cond_broadcast(&t->changed);
        }
    }
    pthread_mutex_unlock(&t->lock);
    free(copy);
    return NULL;
}

bool table_start_bots(table *t)
{
    if (t->nbots && !t->bot_game) {
        /* the game the bots think on: the table's, opened again in a VM of
         * its own; without it (no memory, the rule files changed on disk)
         * they think on the table's game, holding the lock */
        char err[GAME_ERRLEN];
        pthread_mutex_lock(&t->lock);               /* game_twin reads g's options in g's VM */
        t->bot_vm = vm_like(t->vm);
        t->bot_game = t->bot_vm ? game_twin(t->g, t->bot_vm, err, sizeof err) : NULL;
        pthread_mutex_unlock(&t->lock);
    }
    if (pthread_create(&t->bot_thread, NULL, bot_main, t) != 0) return false;
    t->bots_running = true;
    return true;
}

bool table_stopping(table *t)
{
    pthread_mutex_lock(&t->lock);
    bool stopping = t->stopping;
    pthread_mutex_unlock(&t->lock);
    return stopping;
}

void table_set_log(table *t, FILE *log)
{
    pthread_mutex_lock(&t->lock);
    t->out = log;
    if (log) {                                  /* setup, and the moves the bots played already */
        log_said(t, game_entry_said(t->g, -1));
        for (int i = 0; i < t->nlog; i++) log_move(t, i);
        fflush(log);
    }
    pthread_mutex_unlock(&t->lock);
}

void table_stop(table *t)
{
    pthread_mutex_lock(&t->lock);
    t->stopping = true;
    pthread_cond_broadcast(&t->changed);
    pthread_mutex_unlock(&t->lock);
    if (t->bots_running) {
        vm_cancel_all();                        /* a bot thinking stops at its next check */
        pthread_join(t->bot_thread, NULL);
        vm_cancel_clear();
        t->bots_running = false;
    }
}

/* ---- what a seat sees ----------------------------------------------------------------------- */

/* The picture for seat at this version (cached). Locked. */
static const char *picture_locked(table *t, int seat, int actor)
{
    picture_cache *c = &t->pictures[seat];
    if (c->svg && c->version == t->version) return c->svg;
    char status[160];
    if (actor == 0) {
        game_result r = { 0 };
        if (game_outcome(t->g, &r) && r.over) snprintf(status, sizeof status, "the game is over: %.120s", r.text);
        else snprintf(status, sizeof status, "the game is over");
        char *nl = strchr(status, '\n');
        if (nl) *nl = '\0';
    } else {
        snprintf(status, sizeof status, "move %d: seat %d to play", game_position(t->g) + 1, actor);
    }
    char *svg = game_picture(t->g, seat, status);
    if (!svg) return NULL;
    free(c->svg);
    c->svg = svg;
    c->version = t->version;
    return svg;
}

char *table_view(table *t, int seat, table_answer *a)
{
    pthread_mutex_lock(&t->lock);
    textbuf b = { 0 };
    int actor = actor_locked(t);
    const char *svg = actor >= 0 ? picture_locked(t, seat, actor) : NULL;
    if (!svg) {
        answer(a, 500, "%s", game_error(t->g));
        pthread_mutex_unlock(&t->lock);
        return NULL;
    }
    textbuf_printf(&b, "{\"version\":%llu,\"seat\":%d,\"players\":%d,\"game\":", (unsigned long long)t->version,
                   seat, t->players);
    json_string(&b, game_name(t->g));
    textbuf_printf(&b, ",\"title\":");
    json_string(&b, t->title);
    textbuf_printf(&b, ",\"actor\":%d,\"over\":%s,\"position\":%d", actor, actor == 0 ? "true" : "false",
                   game_position(t->g));
    /* the result */
    game_result r = { 0 };
    textbuf_printf(&b, ",\"result\":");
    if (actor == 0 && game_outcome(t->g, &r) && r.over) json_string(&b, r.text);
    else textbuf_printf(&b, "null");
    textbuf_printf(&b, ",\"picture\":");
    json_string(&b, svg);
    /* the moves, only to the seat to act */
    textbuf_printf(&b, ",\"moves\":[");
    if (actor > 0 && actor == seat && !t->is_bot[seat]) {
        const int64_t *legal;
        int n = game_legal(t->g, &legal);
        int64_t *copy = n > 0 ? malloc((size_t)n * sizeof *copy) : NULL;
        if (n > 0 && !copy) b.oom = true;
        if (copy) memcpy(copy, legal, (size_t)n * sizeof *copy);
        for (int i = 0; copy && i < n; i++) {
            char text[TABLE_TEXT_LEN];
            game_describe_for(t->g, copy[i], seat, text, sizeof text);
            if (i) textbuf_printf(&b, ",");
            json_string(&b, text);
        }
        free(copy);
    }
    textbuf_printf(&b, "],\"said\":[");                  /* what the rules said at setup */
    said_json(t, &b, -1, seat);
    textbuf_printf(&b, "],\"log\":[");
    for (int i = 0; i < t->nlog; i++) {
        textbuf_printf(&b, "%s{\"n\":%d,\"seat\":%d,\"text\":", i ? "," : "", i + 1, t->log[i].seat);
        json_string(&b, t->log[i].texts[seat]);
        textbuf_printf(&b, ",\"say\":[");
        said_json(t, &b, i, seat);
        textbuf_printf(&b, "]}");
    }
    textbuf_printf(&b, "],\"undo\":");
    if (t->undo.open) {
        textbuf_printf(&b, "{\"id\":%llu,\"by\":%d,\"to\":%d,\"waiting\":[", (unsigned long long)t->undo.id,
                       t->undo.by, t->undo.to);
        bool first = true;
        for (int s = 1; s <= t->players; s++)
            if (s != t->undo.by && !t->is_bot[s] && !t->undo.agreed[s]) {
                textbuf_printf(&b, "%s%d", first ? "" : ",", s);
                first = false;
            }
        textbuf_printf(&b, "]}");
    } else {
        textbuf_printf(&b, "null");
    }
    textbuf_printf(&b, ",\"seats\":[");
    for (int s = 1; s <= t->players; s++) {
        textbuf_printf(&b, "%s{\"seat\":%d,\"bot\":", s > 1 ? "," : "", s);
        if (t->is_bot[s]) json_string(&b, t->bot_names[s]);
        else textbuf_printf(&b, "null");
        textbuf_printf(&b, "}");
    }
    textbuf_printf(&b, "],\"thinking\":%d,\"problem\":", t->thinking);
    json_string(&b, t->bot_error[0] && t->bot_failed_at == t->version ? t->bot_error : NULL);
    textbuf_printf(&b, "}");
    pthread_mutex_unlock(&t->lock);
    if (b.oom) {
        free(b.p);
        answer(a, 500, "out of memory");
        return NULL;
    }
    answer(a, 200, "ok");
    return b.p;
}

/* ---- checking -------------------------------------------------------------------------------- */

bool table_check(table *t, char *err, size_t errlen)
{
    pthread_mutex_lock(&t->lock);
    bool ok = false;
    uint64_t want = 0, got = 0;
    int n = game_position(t->g);
    game *fresh = NULL;
    if (t->nlog != n) { snprintf(err, errlen, "the log holds %d moves, the history %d", t->nlog, n); goto done; }
    if (!game_hash(t->g, &want)) { snprintf(err, errlen, "%s", game_error(t->g)); goto done; }
    fresh = game_reopen(t->g, err, errlen);
    if (!fresh) goto done;
    for (int i = 0; i < n; i++) {
        if (!game_apply(fresh, game_history_move(t->g, i), true, true)) {
            snprintf(err, errlen, "move %d of the history does not replay: %s", i + 1, game_error(fresh));
            goto done;
        }
    }
    if (!game_hash(fresh, &got)) { snprintf(err, errlen, "%s", game_error(fresh)); goto done; }
    if (got != want) { snprintf(err, errlen, "the history replays to another state"); goto done; }
    ok = true;
done:
    game_close(fresh);
    pthread_mutex_unlock(&t->lock);
    return ok;
}
