/*
 * table.c — the table of `grove serve` (table.h): one game behind one lock,
 * its seats' tokens, the bot thread and the seats handed to bots, the log
 * (each move's text and the narration as each seat may read them), undo by
 * consent, hints, the save after every change and the seats file, and the
 * view of each seat as JSON.
 */
#include "table.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>

#include "host.h"
#include "json.h"
#include "outfile.h"
#include "termtext.h"
#include "textbuf.h"
#include "utf8.h"

#define TABLE_TEXT_LEN 256          /* a move's text, as any viewer reads it (GAME_MOVE_TEXT_MAX + 1) */
#define REVEAL_TRIES 16             /* re-deals game_reveals plays a move on, per person */

typedef struct {
    int seat;                       /* who played it (0: an edit in a loaded history) */
    bool by_bot;                    /* a bot played it for that seat */
    char (*texts)[TABLE_TEXT_LEN];  /* owned: [viewer] for 0..players, as that viewer reads it
                                     * (describe(s, move, viewer)), described before it was played */
    uint32_t shown;                 /* bit n: it showed seat n what no one could know before
                                     * (game_reveals), whoever played the seat then */
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
    char bot_names[TABLE_MAX_SEATS + 1][BOT_NAMELEN];
    int hints[TABLE_MAX_SEATS + 1]; /* the hints each seat asked for */
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
    char bot_error[512];            /* why a bot could not move ("" when none) */
    uint64_t bot_failed_at;         /* the version it failed at */
    bool stopping, bots_running;
    FILE *out;                      /* the log of moves, or NULL */
    pthread_t bot_thread;
    grove_vm *bot_vm;               /* owned: the VM of the game the bots think on */
    game *bot_game;                 /* owned: that game (game_twin), or NULL: they think on g, locked */
    bool bot_tried;                 /* bot_game was asked for (once, when a bot first thinks) */
    int thinking;                   /* the seat whose bot is thinking now (0: none) */
    pthread_mutex_t hint_lock;      /* held while a hint thinks: one at a time, on hint_game */
    grove_vm *hint_vm;              /* owned: the VM of the game hints think on */
    game *hint_game;                /* owned: that game, or NULL: a hint thinks on g, locked */
    bool hint_tried;
    char *save_path;                /* owned: where the game is saved after every change, or NULL */
    char *seats_path;               /* owned: save_path + ".seats" */
    char save_error[512];           /* why the last save failed ("" when it did not) */
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

/* Every seat, as a seat-bit mask. */
static uint32_t all_seats(const table *t)
{
    uint32_t mask = 0;
    for (int seat = 1; seat <= t->players; seat++) mask |= UINT32_C(1) << seat;
    return mask;
}

/* What each move of a history played before the table began (a save
 * resumed) showed whom (log_entry.shown): its moves and edits played again
 * on the game opened anew, game_reveals before each move. A move that
 * cannot be asked so counts as having shown every seat something, so a
 * bot never agrees to take it back; so does an edit. */
static void shown_of_history(table *t)
{
    char err[GAME_ERRLEN];
    game *fresh = game_reopen(t->g, err, sizeof err);
    bool ok = fresh != NULL;
    for (int i = 0; i < t->nlog; i++) {
        const char *edit = game_history_edit(t->g, i);
        t->log[i].shown = all_seats(t);
        if (!ok) continue;
        if (edit) { ok = game_edit(fresh, edit); continue; }
        int64_t m = game_history_move(t->g, i);
        uint32_t shown = 0;
        ok = game_reveals(fresh, m, all_seats(t), REVEAL_TRIES, game_seed(t->g) + (uint64_t)i, &shown)
             && game_apply(fresh, m, true, true);
        if (ok) t->log[i].shown = shown;
    }
    game_close(fresh);
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
            bot_name(bots[seat], t->bot_names[seat], sizeof t->bot_names[seat]);
        }
    }
    rng_seed(&t->bot_rng, seed, 0x736572);              /* "ser" */
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->changed, NULL);
    pthread_mutex_init(&t->hint_lock, NULL);
    t->version = 1;
    /* the log of a game that starts with moves already played (a save resumed) */
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
    if (t->nlog) shown_of_history(t);
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
    if (t->hint_game) game_close(t->hint_game);
    if (t->hint_vm) vm_free(t->hint_vm);
    if (t->g) game_close(t->g);
    free(t->save_path);
    free(t->seats_path);
    pthread_mutex_destroy(&t->hint_lock);
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

/* ---- saving ----------------------------------------------------------------------------- */

/* The seats file's text: each seat's token and who plays it. Locked (or
 * before the table is shared). NULL on no memory. */
static char *seats_text(const table *t)
{
    textbuf b = { 0 };
    textbuf_printf(&b, "grove-seats 1\n# the seats of a grove serve table: whoever holds a token plays that seat;\n"
                   "# grove serve --from the save beside this file seats them again\ngame %s\nplayers %d\n",
                   game_name(t->g), t->players);
    for (int seat = 0; seat <= t->players; seat++) {
        textbuf_printf(&b, "seat %d %s", seat, t->tokens[seat]);
        if (seat > 0 && t->is_bot[seat]) textbuf_printf(&b, " bot %s", t->bot_names[seat]);
        textbuf_printf(&b, "\n");
    }
    if (b.oom) { free(b.p); return NULL; }
    return b.p;
}

/* Write the seats file, mode 0600 (it holds the keys to every seat),
 * whole or not at all. Locked. */
static bool write_seats(table *t, char *err, size_t errlen)
{
    char *text = seats_text(t);
    if (!text) { snprintf(err, errlen, "out of memory"); return false; }
    outfile *f = outfile_open(t->seats_path, err, errlen);
    bool ok = f != NULL;
    if (ok && fchmod(fileno(outfile_stream(f)), 0600) != 0) {
        snprintf(err, errlen, "cannot make %s private: %s (nothing was written)", t->seats_path, strerror(errno));
        outfile_abort(f);
        ok = false;
    } else if (ok) {
        fputs(text, outfile_stream(f));
        ok = outfile_commit(f, err, errlen);
    }
    free(text);
    return ok;
}

/* A save failed (or, with err NULL, worked): say so once on the log, and
 * keep it for the views. Locked. */
static void save_failed(table *t, const char *err)
{
    if (!err) { t->save_error[0] = '\0'; return; }
    if (!strcmp(err, t->save_error)) return;
    snprintf(t->save_error, sizeof t->save_error, "%s", err);
    if (t->out) {
        fprintf(t->out, "grove serve: the game was not saved: %s\n", err);
        fflush(t->out);
    }
}

/* Save the game after a change, when the table saves. Locked. */
static void save_locked(table *t)
{
    if (!t->save_path) return;
    char err[1024];
    char *text = game_save_text(t->g);
    if (!text) { save_failed(t, game_error(t->g)); return; }
    bool ok = outfile_write(t->save_path, text, strlen(text), err, sizeof err);
    free(text);
    save_failed(t, ok ? NULL : err);
}

bool table_set_save(table *t, const char *path, char *err, size_t errlen)
{
    size_t n = strlen(path);
    char *save = malloc(n + 1), *seats = malloc(n + sizeof ".seats");
    if (!save || !seats) { free(save); free(seats); snprintf(err, errlen, "out of memory"); return false; }
    memcpy(save, path, n + 1);
    snprintf(seats, n + sizeof ".seats", "%s.seats", path);
    pthread_mutex_lock(&t->lock);
    free(t->save_path);
    free(t->seats_path);
    t->save_path = save;
    t->seats_path = seats;
    bool ok = write_seats(t, err, errlen);
    char *text = ok ? game_save_text(t->g) : NULL;
    if (ok && !text) { snprintf(err, errlen, "%s", game_error(t->g)); ok = false; }
    if (ok) ok = outfile_write(save, text, strlen(text), err, errlen);
    free(text);
    if (!ok) {
        free(t->save_path);
        free(t->seats_path);
        t->save_path = t->seats_path = NULL;
    }
    pthread_mutex_unlock(&t->lock);
    return ok;
}

/* Is text 32 hex digits (a token)? */
static bool is_token(const char *text)
{
    size_t n = strspn(text, "0123456789abcdef");
    return n == TABLE_TOKEN_LEN && !text[n];
}

bool table_seats_read(const char *path, const char *name, int players, table_seats *seats, char *err,
                      size_t errlen)
{
    memset(seats, 0, sizeof *seats);
    seats->players = players;
    FILE *f = fopen(path, "r");
    if (!f) { snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno)); return false; }
    char line[256];
    int lineno = 0;
    bool ok = true, named = false, counted = false;
    bool have[TABLE_MAX_SEATS + 1] = { false };
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        char word[64] = "", rest[160] = "", kind[128] = "";
        int seat = -1;
        if (line[0] == '#' || !line[0]) continue;
        if (lineno == 1) {
            if (strcmp(line, "grove-seats 1") != 0) {
                snprintf(err, errlen, "%s is no seats file of grove serve (its first line is not 'grove-seats 1')", path);
                ok = false;
            }
        } else if (sscanf(line, "game %63s", word) == 1) {
            named = true;
            if (strcmp(word, name) != 0) {
                snprintf(err, errlen, "%s seats a table of %s, not of %s", path, word, name);
                ok = false;
            }
        } else if (sscanf(line, "players %d", &seat) == 1) {
            counted = true;
            if (seat != players) {
                snprintf(err, errlen, "%s seats %d players, the save %d", path, seat, players);
                ok = false;
            }
        } else if (sscanf(line, "seat %d %63s %159[^\n]", &seat, word, rest) >= 2 && seat >= 0 && seat <= players
                   && seat <= TABLE_MAX_SEATS && is_token(word) && !have[seat]) {
            have[seat] = true;
            snprintf(seats->tokens[seat], sizeof seats->tokens[seat], "%s", word);
            if (rest[0] && (seat == 0 || sscanf(rest, "bot %127s", kind) != 1)) {
                snprintf(err, errlen, "%s line %d: after the token, only 'bot KIND' (and not for seat 0)", path, lineno);
                ok = false;
            } else if (rest[0]) {
                char why[200];
                if (!bot_parse(kind, &seats->bots[seat], why, sizeof why)) {
                    snprintf(err, errlen, "%s line %d: %s", path, lineno, why);
                    ok = false;
                }
                seats->is_bot[seat] = ok;
            }
        } else {
            snprintf(err, errlen, "%s line %d: unexpected '%.60s' (a seat twice, a seat of no player, or a "
                     "token that is not 32 hex digits?)", path, lineno, line);
            ok = false;
        }
    }
    if (ok && ferror(f)) { snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno)); ok = false; }
    fclose(f);
    if (ok && (!named || !counted)) {
        snprintf(err, errlen, "%s lacks its game or players line", path);
        ok = false;
    }
    for (int seat = 0; ok && seat <= players; seat++)
        if (!have[seat]) {
            snprintf(err, errlen, "%s holds no token for %s %d", path, seat ? "seat" : "the onlooker, seat", seat);
            ok = false;
        }
    return ok;
}

void table_use_seats(table *t, const table_seats *seats)
{
    pthread_mutex_lock(&t->lock);
    for (int seat = 0; seat <= t->players && seat <= seats->players; seat++)
        memcpy(t->tokens[seat], seats->tokens[seat], sizeof t->tokens[seat]);
    t->version = 1000 * (uint64_t)time(NULL);
    pthread_mutex_unlock(&t->lock);
}

char *table_save_text(table *t, char *name, size_t namelen, table_answer *a)
{
    pthread_mutex_lock(&t->lock);
    char *text = game_save_text(t->g);
    if (!text) answer(a, 500, "%s", game_error(t->g));
    else answer(a, 200, "ok");
    const char *base = t->save_path ? strrchr(t->save_path, '/') : NULL;
    base = base ? base + 1 : t->save_path;
    if (base && *base) snprintf(name, namelen, "%s", base);
    else snprintf(name, namelen, "%s.sav", game_name(t->g));
    pthread_mutex_unlock(&t->lock);
    return text;
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
        json_write_string_n(b, line.text, (size_t)line.len, JSON_PAGE);
        first = false;
    }
}

/* Write text (len bytes), which a rule script made, to the terminal the
 * table runs in as it reads it, through termtext.h: what a terminal would
 * obey (a window title, a clear screen, a carriage return faking a
 * prompt) shown as \xNN. */
static void log_text(FILE *out, const char *text, size_t len)
{
    textbuf b = { 0 };
    termtext_escape(&b, text, len, 0);
    if (b.oom) fputs("(out of memory)", out);
    else if (b.len) fwrite(b.p, 1, b.len, out);
    free(b.p);
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
    fprintf(t->out, "%4d. seat %d%s: ", i + 1, e->seat, e->by_bot ? " (bot)" : "");
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

/* The people at the table now, as a seat-bit mask. */
static uint32_t persons(const table *t)
{
    uint32_t mask = 0;
    for (int seat = 1; seat <= t->players; seat++)
        if (!t->is_bot[seat]) mask |= UINT32_C(1) << seat;
    return mask;
}

/* Play move m for seat, recording it and its text as each viewer reads it,
 * and whom it showed what no one could know before (every seat is asked:
 * a seat a bot plays now may be a person's again when an undo is asked).
 * Then save. Locked. */
static bool play_locked(table *t, int seat, int64_t m)
{
    if (t->nlog == t->caplog) {
        int cap = t->caplog ? 2 * t->caplog : 64;
        log_entry *nl = realloc(t->log, (size_t)cap * sizeof *nl);
        if (!nl) { game_set_error(t->g, "out of memory for the log"); return false; }
        t->log = nl;
        t->caplog = cap;
    }
    log_entry e = { .seat = seat, .by_bot = t->is_bot[seat] };
    e.texts = calloc((size_t)t->players + 1, sizeof *e.texts);
    if (!e.texts) { game_set_error(t->g, "out of memory for the log"); return false; }
    for (int v = 0; v <= t->players; v++) game_describe_for(t->g, m, v, e.texts[v], TABLE_TEXT_LEN);
    /* what it showed matters when a bot is asked to agree to an undo */
    if (!game_reveals(t->g, m, all_seats(t), REVEAL_TRIES, game_seed(t->g) + (uint64_t)t->nlog, &e.shown)) {
        free(e.texts);
        return false;
    }
    if (!game_apply(t->g, m, true, true)) { free(e.texts); return false; }
    trim_log(t);
    t->log[t->nlog++] = e;
    t->epoch++;
    if (t->out) log_move(t, t->nlog - 1);      /* the terminal shows what an onlooker sees */
    save_locked(t);
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
        json_write_string(&b, svg, JSON_PAGE);
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
    save_locked(t);
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
        if (t->log[i].shown & persons(t)) return i;
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

/* Open the game the bots think on, once: the table's, opened again in a
 * VM of its own. Without it (no memory, the rule files changed on disk)
 * they think on the table's game, holding the lock. Locked (game_twin
 * reads g's options in g's VM). */
static void open_bot_game(table *t)
{
    if (t->bot_tried) return;
    t->bot_tried = true;
    char err[GAME_ERRLEN];
    t->bot_vm = vm_like(t->vm);
    t->bot_game = t->bot_vm ? game_twin(t->g, t->bot_vm, err, sizeof err) : NULL;
}

/* The bot thread: whenever a bot is to act, it thinks on a copy of the
 * position in a game of its own (bot_game) without the lock, so requests
 * and event streams go on meanwhile; then, locked again, it plays its
 * choice if the game has not changed since and the seat is still the
 * bot's (else it thinks again). */
static void *bot_main(void *arg)
{
    table *t = arg;
    void *copy = NULL;
    pthread_mutex_lock(&t->lock);
    while (!t->stopping) {
        int actor = actor_locked(t);
        if (!(actor > 0 && t->is_bot[actor] && t->bot_failed_at != t->version)) {
            pthread_cond_wait(&t->changed, &t->lock);
            continue;
        }
        open_bot_game(t);
        if (t->bot_game && !copy) copy = malloc(game_state_size(t->g));
        uint64_t seed = ((uint64_t)rng_next(&t->bot_rng) << 32) | rng_next(&t->bot_rng);
        uint64_t epoch = t->epoch;
        bot_spec spec = t->bots[actor];                  /* the seat may change hands meanwhile */
        int64_t m = 0;
        bool chose;
        game *mind = t->g;
        t->thinking = actor;
        if (copy && game_snapshot(t->g, copy)) {
            mind = t->bot_game;
            pthread_mutex_unlock(&t->lock);
            game_restore(mind, copy);
            chose = bot_choose(mind, &spec, seed, &m, NULL);
            pthread_mutex_lock(&t->lock);
        } else {
            chose = bot_choose(t->g, &spec, seed, &m, NULL);   /* no game of its own: locked */
        }
        t->thinking = 0;
        if (t->stopping) break;
        if (t->epoch != epoch || !t->is_bot[actor]) continue;   /* the position, or the seat's bot, is gone */
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
    if (pthread_create(&t->bot_thread, NULL, bot_main, t) != 0) return false;
    t->bots_running = true;
    return true;
}

void table_set_bot(table *t, int seat, const char *kind, table_answer *a)
{
    bool off = !strcmp(kind, "off");
    bot_spec spec;
    char why[200];
    if (!off && !bot_parse(kind, &spec, why, sizeof why)) { answer(a, 400, "%s", why); return; }
    if (!off && (spec.threads > 1 || spec.iterations > TABLE_BOT_MAX_ITERATIONS || spec.seconds > TABLE_BOT_MAX_SECONDS
                 || (spec.kind == BOT_MCTS && !spec.iterations && !spec.seconds))) {
        answer(a, 400, "a seat's bot thinks at most %d iterations or %d s a move, on one thread (grove serve "
               "--bot SEAT=KIND, on the command line, takes any)", TABLE_BOT_MAX_ITERATIONS, TABLE_BOT_MAX_SECONDS);
        return;
    }
    pthread_mutex_lock(&t->lock);
    if (seat < 1 || seat > t->players) answer(a, 403, "the onlooker has no seat to hand to a bot");
    else if (off && !t->is_bot[seat]) answer(a, 409, "seat %d is played by its person already", seat);
    else {
        if (off) {
            t->is_bot[seat] = false;
            answer(a, 200, "seat %d is yours again", seat);
        } else {
            t->is_bot[seat] = true;
            t->bots[seat] = spec;
            bot_name(&spec, t->bot_names[seat], sizeof t->bot_names[seat]);
            answer(a, 200, "the %s bot plays seat %d", t->bot_names[seat], seat);
        }
        if (t->out) {
            if (off) fprintf(t->out, "seat %d: its person plays it again\n", seat);
            else fprintf(t->out, "seat %d: handed to the %s bot\n", seat, t->bot_names[seat]);
            fflush(t->out);
        }
        t->epoch++;                                     /* a bot thinking for the seat drops its choice */
        t->bot_failed_at = 0;
        char err[1024];
        if (t->seats_path && !write_seats(t, err, sizeof err)) save_failed(t, err);
        changed(t);                                     /* and an open undo request is dropped */
    }
    pthread_mutex_unlock(&t->lock);
}

/* ---- hints -------------------------------------------------------------------------------- */

char *table_hint(table *t, int seat, table_answer *a)
{
    pthread_mutex_lock(&t->hint_lock);                  /* one hint thinks at a time, on hint_game */
    pthread_mutex_lock(&t->lock);
    char *json = NULL;
    void *copy = NULL;
    int actor = actor_locked(t);
    if (t->stopping) answer(a, 503, "the table is stopping");
    else if (seat < 1 || seat > t->players) answer(a, 403, "the onlooker gets no hint: it plays no moves");
    else if (t->is_bot[seat]) answer(a, 403, "seat %d is played by a bot: take it back first", seat);
    else if (actor == 0) answer(a, 409, "the game is over");
    else if (actor < 0) answer(a, 500, "%s", game_error(t->g));
    else if (actor != seat) answer(a, 409, "a hint is for the seat to play: it is seat %d's turn", actor);
    else {
        if (!t->hint_tried) {                           /* a game of its own, as the bots have */
            char err[GAME_ERRLEN];
            t->hint_tried = true;
            t->hint_vm = vm_like(t->vm);
            t->hint_game = t->hint_vm ? game_twin(t->g, t->hint_vm, err, sizeof err) : NULL;
        }
        bot_spec spec;
        char why[200];
        bot_parse(BOT_HINT_KIND, &spec, why, sizeof why);
        uint64_t seed = bot_hint_seed(t->g), epoch = t->epoch, version = t->version;
        int64_t m = 0;
        bot_hint_info info;
        game *mind = t->g;
        bool ok;
        copy = t->hint_game ? malloc(game_state_size(t->g)) : NULL;
        if (copy && game_snapshot(t->g, copy)) {
            mind = t->hint_game;
            pthread_mutex_unlock(&t->lock);
            game_restore(mind, copy);
            ok = bot_hint(mind, &spec, seed, &m, &info);
            pthread_mutex_lock(&t->lock);
        } else {
            ok = bot_hint(t->g, &spec, seed, &m, &info);     /* no game of its own: locked */
        }
        const int64_t *legal;
        int n = ok && t->epoch == epoch ? game_legal(t->g, &legal) : 0, index = -1;
        for (int i = 0; i < n && index < 0; i++)
            if (legal[i] == m) index = i;
        if (t->stopping) answer(a, 503, "the table is stopping");
        else if (!ok) answer(a, 500, "the %s bot: %s", BOT_HINT_KIND, game_error(mind));
        else if (t->epoch != epoch) answer(a, 409, "the table moved on while the bot thought: ask again");
        else if (index < 0) answer(a, 500, "the %s bot chose no legal move", BOT_HINT_KIND);
        else {
            char text[TABLE_TEXT_LEN];
            game_describe_for(t->g, m, seat, text, sizeof text);
            textbuf b = { 0 };
            textbuf_printf(&b, "{\"version\":%llu,\"move\":", (unsigned long long)version);
            json_write_string(&b, text, JSON_PAGE);
            textbuf_printf(&b, ",\"index\":%d,\"bot\":", index);
            json_write_string(&b, BOT_HINT_KIND, JSON_PAGE);
            textbuf_printf(&b, ",\"visits\":%ld,\"total\":%ld,\"legal\":%d}", info.visits, info.total, info.legal);
            if (b.oom) { free(b.p); answer(a, 500, "out of memory"); }
            else {
                json = b.p;
                t->hints[seat]++;
                if (t->out) {
                    fprintf(t->out, "seat %d asked for a hint\n", seat);
                    fflush(t->out);
                }
                answer(a, 200, "ok");
            }
        }
    }
    pthread_mutex_unlock(&t->lock);
    pthread_mutex_unlock(&t->hint_lock);
    free(copy);
    return json;
}

/* ---- starting and stopping ---------------------------------------------------------------- */

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
    bool was = t->stopping;
    t->stopping = true;
    pthread_cond_broadcast(&t->changed);
    pthread_mutex_unlock(&t->lock);
    if (was && !t->bots_running) return;
    vm_cancel_all();                            /* a bot or a hint thinking stops at its next check */
    if (t->bots_running) {
        pthread_join(t->bot_thread, NULL);
        t->bots_running = false;
    }
    pthread_mutex_lock(&t->hint_lock);          /* a hint that was thinking is done */
    pthread_mutex_unlock(&t->hint_lock);
    vm_cancel_clear();
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
        if (game_outcome(t->g, &r) && r.over)
            snprintf(status, sizeof status, "the game is over: %.*s", (int)utf8_prefix(r.text, 120), r.text);
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
    return table_view_page(t, seat, NULL, a);
}

char *table_view_page(table *t, int seat, char **picture, table_answer *a)
{
    if (picture) *picture = NULL;
    pthread_mutex_lock(&t->lock);
    textbuf b = { 0 };
    int actor = actor_locked(t);
    const char *svg = actor >= 0 ? picture_locked(t, seat, actor) : NULL;
    if (!svg) {
        answer(a, 500, "%s", game_error(t->g));
        pthread_mutex_unlock(&t->lock);
        return NULL;
    }
    if (picture && !(*picture = strdup(svg))) b.oom = true;
    textbuf_printf(&b, "{\"version\":%llu,\"seat\":%d,\"players\":%d,\"game\":", (unsigned long long)t->version,
                   seat, t->players);
    json_write_string(&b, game_name(t->g), JSON_PAGE);
    textbuf_printf(&b, ",\"title\":");
    json_write_string(&b, t->title, JSON_PAGE);
    textbuf_printf(&b, ",\"actor\":%d,\"over\":%s,\"position\":%d", actor, actor == 0 ? "true" : "false",
                   game_position(t->g));
    /* the result */
    game_result r = { 0 };
    textbuf_printf(&b, ",\"result\":");
    if (actor == 0 && game_outcome(t->g, &r) && r.over) json_write_string(&b, r.text, JSON_PAGE);
    else textbuf_printf(&b, "null");
    textbuf_printf(&b, ",\"picture\":");
    json_write_string(&b, svg, JSON_PAGE);
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
            json_write_string(&b, text, JSON_PAGE);
        }
        free(copy);
    }
    textbuf_printf(&b, "],\"said\":[");                  /* what the rules said at setup */
    said_json(t, &b, -1, seat);
    textbuf_printf(&b, "],\"log\":[");
    for (int i = 0; i < t->nlog; i++) {
        textbuf_printf(&b, "%s{\"n\":%d,\"seat\":%d,\"text\":", i ? "," : "", i + 1, t->log[i].seat);
        json_write_string(&b, t->log[i].texts[seat], JSON_PAGE);
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
        if (t->is_bot[s]) json_write_string(&b, t->bot_names[s], JSON_PAGE);
        else textbuf_printf(&b, "null");
        textbuf_printf(&b, ",\"hints\":%d}", t->hints[s]);
    }
    textbuf_printf(&b, "],\"thinking\":%d,\"problem\":", t->thinking);
    json_write_string(&b, t->bot_error[0] && t->bot_failed_at == t->version ? t->bot_error : NULL, JSON_PAGE);
    textbuf_printf(&b, ",\"saving\":%s,\"save_error\":", t->save_path ? "true" : "false");
    json_write_string(&b, t->save_error[0] ? t->save_error : NULL, JSON_PAGE);
    textbuf_printf(&b, "}");
    pthread_mutex_unlock(&t->lock);
    if (b.oom) {
        free(b.p);
        if (picture) { free(*picture); *picture = NULL; }
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
