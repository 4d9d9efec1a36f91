/*
 * test_serve.c — grove serve's request handler and table without HTTP
 * (serve/handler.h, serve/table.h): every bad request is refused with its
 * status and leaves the table as it was; a token grants exactly its seat;
 * moves only for the seat to act, only at the version shown; undo only by
 * consent, a consent for one request only, and never of a move that showed
 * something when a bot sits at the table; a bot thinking holds up no
 * request; many threads playing at once never corrupt the game (the
 * history replays to the same state, each version moved once). And the
 * quota of each client (serve/quota.h), on a clock of the test's own.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "handler.h"
#include "host.h"
#include "quota.h"
#include "table.h"
#include "textbuf.h"

static serve_pages pages = { (char *)"<html>page</html>", (char *)"/* js */", (char *)"/* css */", 17, 8, 9,
                             (char *)"/* board */", 11 };

typedef struct {
    grove_vm *vm;
    table *t;
    serve_site site;
} fixture;

/* A table of game `name`, a bot playing seat `bot_seat` (0: none) by `bot`. */
static fixture *open_table_bot(const char *name, int players, uint64_t seed, int bot_seat, const bot_spec *spec)
{
    const char *src = getenv("GROVE_SOURCE");
    grove_vm *vm = host_new(src ? src : ".");
    assert_non_null(vm);
    char err[GAME_ERRLEN];
    game *g = game_open(vm, name, "", players, seed, 0, err, sizeof err);
    if (!g) fail_msg("%s", err);
    const bot_spec *bots[TABLE_MAX_SEATS + 1] = { 0 };
    bots[bot_seat] = spec;
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->vm = vm;
    f->t = table_new(vm, g, bots, seed, err, sizeof err);
    if (!f->t) fail_msg("%s", err);
    f->site.t = f->t;
    f->site.pages = &pages;
    return f;
}

static fixture *open_table(const char *name, int players, uint64_t seed, const bot_spec *bot2)
{
    return open_table_bot(name, players, seed, bot2 ? 2 : 0, bot2);
}

static void close_table(fixture *f)
{
    table_free(f->t);
    vm_free(f->vm);
    free(f);
}

/* One request; returns the status, the body in *body (caller frees) if asked. */
static int ask(fixture *f, const char *method, const char *url, const char *body, char **out)
{
    serve_reply r;
    serve_handle(&f->site, method, url, body, body ? strlen(body) : 0, &r);
    if (out) {
        const char *b = r.body ? r.body : r.fixed ? r.fixed : "";
        size_t n = r.body || r.fixed ? r.len : 0;
        *out = malloc(n + 1);
        memcpy(*out, b, n);
        (*out)[n] = '\0';
    }
    int status = r.status;
    serve_reply_free(&r);
    return status;
}

static char *url_of(fixture *f, int seat, const char *what)
{
    static _Thread_local char url[4][512];     /* the client threads each have their own */
    static _Thread_local int k;
    k = (k + 1) % 4;
    snprintf(url[k], sizeof url[k], "/api/%s/%s", table_token(f->t, seat), what);
    return url[k];
}

/* The onlooker's view: what "the table as it is" means in these tests. */
static char *view(fixture *f)
{
    char *body;
    assert_int_equal(ask(f, "GET", url_of(f, 0, "state"), NULL, &body), 200);
    return body;
}

static long version_of(const char *json)
{
    const char *v = strstr(json, "\"version\":");
    assert_non_null(v);
    return atol(v + 10);
}

static char *move_body(long version, long index)
{
    static _Thread_local char b[64];
    snprintf(b, sizeof b, "version=%ld&move=%ld", version, index);
    return b;
}

/* Refused with `status`, and the table is as it was. */
static void refused(fixture *f, int status, const char *method, const char *url, const char *body)
{
    char *before = view(f), *answer = NULL;
    int got = ask(f, method, url, body, &answer);
    if (got != status) fail_msg("%s %s [%s]: %d, not %d: %s", method, url ? url : "(null)", body ? body : "", got, status, answer);
    assert_non_null(strstr(answer, "\"error\""));
    char *after = view(f);
    assert_string_equal(before, after);
    free(before);
    free(after);
    free(answer);
}

static void test_tokens_grant_their_seat(void **unused)
{
    (void)unused;
    fixture *f = open_table("onceupon", 2, 5, NULL);
    for (int seat = 0; seat <= 2; seat++) {
        assert_int_equal(table_seat_of(f->t, table_token(f->t, seat)), seat);
        assert_int_equal((int)strlen(table_token(f->t, seat)), TABLE_TOKEN_LEN);
        for (int other = 0; other < seat; other++)
            assert_string_not_equal(table_token(f->t, seat), table_token(f->t, other));
    }
    assert_int_equal(table_seat_of(f->t, "0123456789abcdef0123456789abcdef"), -1);
    assert_int_equal(table_seat_of(f->t, ""), -1);
    assert_int_equal(table_seat_of(f->t, NULL), -1);
    char tok[64];
    snprintf(tok, sizeof tok, "%s", table_token(f->t, 1));
    tok[5] ^= 1;
    assert_int_equal(table_seat_of(f->t, tok), -1);
    /* each seat's view: its own hand's faces, the other's backs only */
    char *s1, *s2;
    assert_int_equal(ask(f, "GET", url_of(f, 1, "state"), NULL, &s1), 200);
    assert_int_equal(ask(f, "GET", url_of(f, 2, "state"), NULL, &s2), 200);
    assert_non_null(strstr(s1, "\"seat\":1"));
    assert_non_null(strstr(s2, "\"seat\":2"));
    /* the page of a seat, and of no seat */
    char page[128];
    snprintf(page, sizeof page, "/play/%s", table_token(f->t, 2));
    assert_int_equal(ask(f, "GET", page, NULL, NULL), 200);
    refused(f, 403, "GET", "/play/0123456789abcdef0123456789abcdef", NULL);
    refused(f, 403, "GET", "/play/", NULL);
    free(s1);
    free(s2);
    close_table(f);
}

static void test_bad_requests_change_nothing(void **unused)
{
    (void)unused;
    fixture *f = open_table("logger", 2, 3, NULL);
    char *v = view(f);
    long ver = version_of(v);
    free(v);
    char big[SERVE_MAX_BODY + 64], longurl[SERVE_MAX_URL + 64];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    memcpy(longurl, "/api/", 5);
    memset(longurl + 5, 'a', sizeof longurl - 6);
    longurl[sizeof longurl - 1] = '\0';
    /* malformed */
    refused(f, 400, "GET", "state", NULL);
    refused(f, 400, NULL, "/", NULL);
    refused(f, 400, "GET", longurl, NULL);
    const char *bodies[] = { "", "version=1", "move=0", "version=&move=0", "version=1&move=", "version=1&move=0&",
                             "version=1&move=0&x=1", "version=1&version=1&move=0", "version=-1&move=0",
                             "version=1&move=+1", "version=1&move=0x1", "version=99999999999999999999&move=0",
                             "move=0&version=1&", "&version=1&move=0", "version=1;move=0", "=", "&&" };
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) refused(f, 400, "POST", url_of(f, 1, "move"), bodies[i]);
    refused(f, 400, "POST", url_of(f, 1, "undo"), "x");
    /* huge */
    refused(f, 413, "POST", url_of(f, 1, "move"), big);
    /* no such page, a token of no seat, one of the wrong shape */
    refused(f, 404, "GET", "/", NULL);
    refused(f, 404, "GET", "/api/state", NULL);
    refused(f, 404, "GET", "/api//state", NULL);
    refused(f, 404, "GET", "/api/abc/state", NULL);
    refused(f, 404, "GET", url_of(f, 1, "nosuch"), NULL);
    refused(f, 403, "GET", "/api/0123456789abcdef0123456789abcdef/state", NULL);
    refused(f, 403, "POST", "/api/0123456789abcdef0123456789abcdef/move", move_body(ver, 0));
    /* the wrong method */
    refused(f, 405, "GET", url_of(f, 1, "move"), NULL);
    refused(f, 405, "POST", url_of(f, 1, "state"), "");
    refused(f, 405, "DELETE", url_of(f, 1, "undo"), NULL);
    refused(f, 405, "PUT", "/page/table.js", NULL);
    /* another seat's move, the onlooker's, a stale one, one out of range */
    refused(f, 403, "POST", url_of(f, 2, "move"), move_body(ver, 0));
    refused(f, 403, "POST", url_of(f, 0, "move"), move_body(ver, 0));
    refused(f, 409, "POST", url_of(f, 1, "move"), move_body(ver + 1, 0));
    refused(f, 409, "POST", url_of(f, 1, "move"), move_body(ver - 1, 0));
    refused(f, 400, "POST", url_of(f, 1, "move"), move_body(ver, 4));
    refused(f, 400, "POST", url_of(f, 1, "move"), move_body(ver, 100000));
    /* undo: nothing to take back, no request to answer, the onlooker */
    refused(f, 409, "POST", url_of(f, 1, "undo"), NULL);
    refused(f, 409, "POST", url_of(f, 2, "undo/yes"), "request=1");
    refused(f, 400, "POST", url_of(f, 2, "undo/yes"), NULL);
    refused(f, 400, "POST", url_of(f, 2, "undo/no"), "request=");
    refused(f, 400, "POST", url_of(f, 2, "undo/no"), "request=1&x=2");
    refused(f, 403, "POST", url_of(f, 0, "undo"), NULL);
    /* and a good move goes through */
    char *answer;
    assert_int_equal(ask(f, "POST", url_of(f, 1, "move"), move_body(ver, 0), &answer), 200);
    assert_non_null(strstr(answer, "played"));
    free(answer);
    char err[512];
    if (!table_check(f->t, err, sizeof err)) fail_msg("%s", err);
    close_table(f);
}

/* How many moves a seat's view offers. */
static int moves_in(const char *json)
{
    int n = 0;
    const char *m = strstr(json, "\"moves\":[");
    for (const char *p = m ? m + 9 : ""; *p && *p != ']'; p++)
        if (*p == '"' && p[-1] != '\\') n++;
    return n / 2;
}

/* Play random moves through the handler to the end; returns how many. */
static int play_to_end(fixture *f, unsigned seed)
{
    int played = 0;
    for (int guard = 0; guard < 5000; guard++) {
        char *v = view(f);
        long ver = version_of(v);
        bool over = strstr(v, "\"over\":true") != NULL;
        const char *a = strstr(v, "\"actor\":");
        int actor = a ? atoi(a + 8) : 0;
        free(v);
        if (over) break;
        char *mine;
        assert_int_equal(ask(f, "GET", url_of(f, actor, "state"), NULL, &mine), 200);
        int n = moves_in(mine);
        free(mine);
        assert_true(n > 0);
        seed = seed * 1103515245u + 12345u;
        assert_int_equal(ask(f, "POST", url_of(f, actor, "move"), move_body(ver, (long)((seed >> 16) % (unsigned)n)), NULL), 200);
        played++;
    }
    return played;
}

static void test_after_the_end(void **unused)
{
    (void)unused;
    fixture *f = open_table("onceupon", 2, 9, NULL);
    int played = play_to_end(f, 7);
    assert_true(played > 50);
    char *v = view(f);
    assert_non_null(strstr(v, "\"over\":true"));
    assert_null(strstr(v, "\"result\":null"));
    long ver = version_of(v);
    free(v);
    refused(f, 409, "POST", url_of(f, 1, "move"), move_body(ver, 0));
    refused(f, 409, "POST", url_of(f, 2, "move"), move_body(ver, 0));
    char err[512];
    if (!table_check(f->t, err, sizeof err)) fail_msg("%s", err);
    close_table(f);
}

/* Issue 34: the end-of-game line under the onlooker's picture is cut at
 * 120 bytes, and the inject fixture's result has an é across its 120th:
 * cut in the middle (%.120s), the picture showed U+FFFD where the line
 * ends. Now it ends at the character before (table.c cuts with
 * utf8_prefix, and grove.picture drops a character cut short from a
 * status: the test fails only when neither does). */
static void test_the_end_line_is_cut_at_a_character(void **unused)
{
    (void)unused;
    const char *src = getenv("GROVE_SOURCE");
    char fixtures[512];
    snprintf(fixtures, sizeof fixtures, "%s/tests/fixtures", src ? src : ".");
    grove_vm *vm = host_new(src ? src : ".");
    assert_non_null(vm);
    assert_true(vm_add_path(vm, fixtures));
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "inject", "", 2, 1, 0, err, sizeof err);
    if (!g) fail_msg("%s", err);
    const bot_spec *bots[TABLE_MAX_SEATS + 1] = { 0 };
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->vm = vm;
    f->t = table_new(vm, g, bots, 1, err, sizeof err);
    if (!f->t) fail_msg("%s", err);
    f->site.t = f->t;
    f->site.pages = &pages;
    assert_int_equal(play_to_end(f, 3), 3);             /* three marks end it */
    table_answer a;
    char *picture = NULL;
    char *v = table_view_page(f->t, 0, &picture, &a);
    assert_non_null(v);
    assert_non_null(picture);
    assert_non_null(strstr(v, "\"over\":true"));
    const char *line = strstr(picture, "the game is over: seat 1 wins &lt;script&gt;");
    if (!line) fail_msg("no end line in the picture:\n%s", picture);
    const char *end = strstr(line, "</text>");
    assert_non_null(end);
    /* the result's first 119 bytes (its 120th begins the é): 50 of text,
     * then 69 spaces; no U+FFFD, no byte of the é: nothing but ASCII */
    const char *last = end;
    while (last > line && last[-1] == ' ') last--;
    for (const char *c = line; c < end; c++)
        if ((unsigned char)*c >= 0x80) fail_msg("the end line is cut inside a character: %.*s", (int)(end - line), line);
    if (end - last != 69) fail_msg("the end line is not cut before the é: %.*s", (int)(end - line), line);
    assert_non_null(strstr(v, "\"result\":\"seat 1 wins \\u003cscript"));   /* the result itself is whole */
    assert_non_null(strstr(v, " and more\""));
    free(picture);
    free(v);
    close_table(f);
}

static void test_undo_by_consent(void **unused)
{
    (void)unused;
    fixture *f = open_table("logger", 2, 2, NULL);
    char *v = view(f);
    long ver = version_of(v);
    free(v);
    assert_int_equal(ask(f, "POST", url_of(f, 1, "move"), move_body(ver, 0), NULL), 200);     /* seat 1 places */
    assert_int_equal(ask(f, "POST", url_of(f, 2, "move"), move_body(ver + 1, 0), NULL), 200); /* seat 2 places */
    /* seat 2 asks; seat 1 refuses; the position stays */
    assert_int_equal(ask(f, "POST", url_of(f, 2, "undo"), NULL, NULL), 200);
    v = view(f);
    assert_non_null(strstr(v, "\"undo\":{\"id\":1,\"by\":2,\"to\":1,\"waiting\":[1]}"));
    assert_non_null(strstr(v, "\"position\":2"));
    free(v);
    refused(f, 409, "POST", url_of(f, 1, "undo"), NULL);                 /* one request at a time */
    refused(f, 403, "POST", url_of(f, 0, "undo/yes"), "request=1");
    assert_int_equal(ask(f, "POST", url_of(f, 1, "undo/no"), "request=1", NULL), 200);
    v = view(f);
    assert_non_null(strstr(v, "\"undo\":null"));
    assert_non_null(strstr(v, "\"position\":2"));
    free(v);
    /* asked again; seat 1 agrees: back to before seat 2's move */
    assert_int_equal(ask(f, "POST", url_of(f, 2, "undo"), NULL, NULL), 200);
    assert_int_equal(ask(f, "POST", url_of(f, 1, "undo/yes"), "request=2", NULL), 200);
    v = view(f);
    assert_non_null(strstr(v, "\"position\":1"));
    assert_non_null(strstr(v, "\"actor\":2"));
    free(v);
    /* a request a move overtakes is dropped */
    v = view(f);
    ver = version_of(v);
    free(v);
    assert_int_equal(ask(f, "POST", url_of(f, 1, "undo"), NULL, NULL), 200);
    assert_int_equal(ask(f, "POST", url_of(f, 2, "move"), move_body(ver + 1, 0), NULL), 200);
    refused(f, 409, "POST", url_of(f, 2, "undo/yes"), "request=3");
    char err[512];
    if (!table_check(f->t, err, sizeof err)) fail_msg("%s", err);
    close_table(f);
}

static void test_undo_alone_against_a_bot(void **unused)
{
    (void)unused;
    bot_spec spec;
    char why[128];
    assert_true(bot_parse("random", &spec, why, sizeof why));
    fixture *f = open_table("logger", 2, 4, &spec);
    assert_true(table_start_bots(f->t));
    char *v = view(f);
    long ver = version_of(v);
    free(v);
    refused(f, 403, "POST", url_of(f, 2, "move"), move_body(ver, 0));   /* the bot's seat */
    assert_int_equal(ask(f, "POST", url_of(f, 1, "move"), move_body(ver, 0), NULL), 200);
    /* the bot answers by itself */
    long now = table_wait(f->t, (uint64_t)ver + 1, 10000);
    assert_true(now >= ver + 2);
    /* no one else need agree: undone at once, the bot's move with it */
    char *answer;
    assert_int_equal(ask(f, "POST", url_of(f, 1, "undo"), NULL, &answer), 200);
    assert_non_null(strstr(answer, "undone"));
    free(answer);
    v = view(f);
    assert_non_null(strstr(v, "\"position\":0"));
    free(v);
    table_stop(f->t);
    char err[512];
    if (!table_check(f->t, err, sizeof err)) fail_msg("%s", err);
    close_table(f);
}

/* The view's number at key (`"position":`), or -1. */
static long number_at(const char *json, const char *key)
{
    const char *p = strstr(json, key);
    return p ? atol(p + strlen(key)) : -1;
}

static void test_consent_belongs_to_one_request(void **unused)
{
    (void)unused;
    fixture *f = open_table("logger", 2, 2, NULL);
    long ver = 1;
    for (int seat = 1; seat <= 3; seat++, ver++)                      /* seats 1, 2, 1 place */
        assert_int_equal(ask(f, "POST", url_of(f, seat == 2 ? 2 : 1, "move"), move_body(ver, 0), NULL), 200);
    /* seat 1 asks (request 1); seat 2 clicks yes twice */
    assert_int_equal(ask(f, "POST", url_of(f, 1, "undo"), NULL, NULL), 200);
    char *v = view(f);
    assert_int_equal(number_at(v, "\"undo\":{\"id\":"), 1);
    free(v);
    assert_int_equal(ask(f, "POST", url_of(f, 2, "undo/yes"), "request=1", NULL), 200);
    v = view(f);
    assert_int_equal(number_at(v, "\"position\":"), 2);
    free(v);
    refused(f, 409, "POST", url_of(f, 2, "undo/yes"), "request=1");      /* the second click */
    /* seat 1 places again and asks again (request 2): the late clicks of
     * seat 2, a bare yes (as the page sent it) or one for request 1, do not
     * count for it */
    v = view(f);
    ver = version_of(v);
    free(v);
    assert_int_equal(ask(f, "POST", url_of(f, 1, "move"), move_body(ver, 0), NULL), 200);
    assert_int_equal(ask(f, "POST", url_of(f, 1, "undo"), NULL, NULL), 200);
    refused(f, 400, "POST", url_of(f, 2, "undo/yes"), NULL);
    refused(f, 409, "POST", url_of(f, 2, "undo/yes"), "request=1");
    v = view(f);
    assert_int_equal(number_at(v, "\"position\":"), 3);
    assert_int_equal(number_at(v, "\"undo\":{\"id\":"), 2);
    free(v);
    /* a no for an old request refuses nothing either; one for this request does */
    refused(f, 409, "POST", url_of(f, 2, "undo/no"), "request=1");
    assert_int_equal(ask(f, "POST", url_of(f, 2, "undo/no"), "request=2", NULL), 200);
    v = view(f);
    assert_non_null(strstr(v, "\"undo\":null"));
    assert_int_equal(number_at(v, "\"position\":"), 3);
    free(v);
    char err[512];
    if (!table_check(f->t, err, sizeof err)) fail_msg("%s", err);
    close_table(f);
}

static void test_no_undo_of_a_draw_against_a_bot(void **unused)
{
    (void)unused;
    bot_spec spec;
    char why[128];
    assert_true(bot_parse("random", &spec, why, sizeof why));
    fixture *f = open_table("onceupon", 2, 5, &spec);
    assert_true(table_start_bots(f->t));
    /* seat 1 draws from pile 1: it reads a card no one saw */
    char *v = view(f);
    assert_int_equal(number_at(v, "\"actor\":"), 1);
    long ver = version_of(v);
    free(v);
    assert_int_equal(ask(f, "POST", url_of(f, 1, "move"), move_body(ver, 0), NULL), 200);
    /* and cannot take the draw back: the bot never agrees */
    table_stop(f->t);                                   /* the bot moves no more: the view stays */
    char *answer;
    v = view(f);
    long position = number_at(v, "\"position\":");
    free(v);
    assert_true(position >= 1);
    refused(f, 409, "POST", url_of(f, 1, "undo"), NULL);
    assert_int_equal(ask(f, "POST", url_of(f, 1, "undo"), NULL, &answer), 409);
    if (!strstr(answer, "move 1 (seat 1: draw 1) showed what no one could know before")) fail_msg("%s", answer);
    free(answer);
    v = view(f);
    assert_int_equal(number_at(v, "\"position\":"), position);
    assert_non_null(strstr(v, "\"undo\":null"));
    free(v);
    char err[512];
    if (!table_check(f->t, err, sizeof err)) fail_msg("%s", err);
    close_table(f);
}

static void test_a_draw_is_undone_with_consent(void **unused)
{
    (void)unused;
    fixture *f = open_table("onceupon", 2, 5, NULL);      /* two people: they may agree */
    char *v = view(f);
    long ver = version_of(v);
    free(v);
    assert_int_equal(ask(f, "POST", url_of(f, 1, "move"), move_body(ver, 0), NULL), 200);
    assert_int_equal(ask(f, "POST", url_of(f, 1, "undo"), NULL, NULL), 200);
    assert_int_equal(ask(f, "POST", url_of(f, 2, "undo/yes"), "request=1", NULL), 200);
    v = view(f);
    assert_int_equal(number_at(v, "\"position\":"), 0);
    free(v);
    close_table(f);
}

/* ---- a bot thinking -------------------------------------------------------------------- */

typedef struct {
    fixture *f;
    int seat;
    char *body;
    bool done;
    pthread_mutex_t lock;
    pthread_cond_t came;
} pending_view;

static void *view_main(void *arg)
{
    pending_view *p = arg;
    char *body;
    int status = ask(p->f, "GET", url_of(p->f, p->seat, "state"), NULL, &body);
    pthread_mutex_lock(&p->lock);
    p->body = status == 200 ? body : (free(body), NULL);
    p->done = true;
    pthread_cond_signal(&p->came);
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Seat's view, asked from another thread; NULL when it has not come
 * within 10 s (the table is then stopped, which lets it come). */
static char *view_within_10s(fixture *f, int seat)
{
    pending_view p = { f, seat, NULL, false, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER };
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, view_main, &p), 0);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 10;
    pthread_mutex_lock(&p.lock);
    while (!p.done)
        if (pthread_cond_timedwait(&p.came, &p.lock, &until) != 0) break;
    bool done = p.done;
    pthread_mutex_unlock(&p.lock);
    if (!done) table_stop(f->t);
    pthread_join(th, NULL);
    if (!done) { free(p.body); return NULL; }
    return p.body;
}

/* Views of seat until its "thinking" is `seat` (true) or 200 of them came
 * without (false). */
static bool until_thinking(fixture *f, int viewer, int seat)
{
    for (int i = 0; i < 200; i++) {
        char *v = view_within_10s(f, viewer);
        if (!v) fail_msg("seat %d's view did not come within 10 s: the bot holds the table", viewer);
        bool yes = number_at(v, "\"thinking\":") == seat;
        free(v);
        if (yes) return true;
        usleep(50 * 1000);
    }
    return false;
}

static void test_a_thinking_bot_holds_up_no_one(void **unused)
{
    (void)unused;
    bot_spec spec;
    char why[128];
    assert_true(bot_parse("mcts:60s", &spec, why, sizeof why));
    fixture *f = open_table_bot("logger", 2, 6, 1, &spec);      /* seat 1, to move first, is the bot */
    assert_true(table_start_bots(f->t));
    assert_true(until_thinking(f, 2, 1));
    /* while it thinks, seat 2's views come, and an event stream's wait ends */
    for (int i = 0; i < 5; i++) {
        char *v = view_within_10s(f, 2);
        if (!v) fail_msg("seat 2's view did not come within 10 s while the bot thought");
        assert_int_equal(number_at(v, "\"thinking\":"), 1);
        assert_int_equal(number_at(v, "\"position\":"), 0);
        free(v);
    }
    uint64_t ver = table_version(f->t);
    assert_int_equal(table_wait(f->t, ver, 50), ver);
    table_stop(f->t);                                   /* interrupts its thinking */
    char *v = view(f);
    assert_int_equal(number_at(v, "\"thinking\":"), 0);
    assert_int_equal(number_at(v, "\"position\":"), 0);
    free(v);
    close_table(f);
}

static void test_a_bot_thinks_again_when_the_game_changes(void **unused)
{
    (void)unused;
    bot_spec spec;
    char why[128];
    assert_true(bot_parse("mcts:2s", &spec, why, sizeof why));
    fixture *f = open_table("logger", 2, 7, &spec);
    assert_true(table_start_bots(f->t));
    assert_int_equal(ask(f, "POST", url_of(f, 1, "move"), move_body(1, 0), NULL), 200);
    assert_true(until_thinking(f, 1, 2));
    /* seat 1 takes its move back while the bot thinks on the position after it */
    char *answer;
    assert_int_equal(ask(f, "POST", url_of(f, 1, "undo"), NULL, &answer), 200);
    assert_non_null(strstr(answer, "undone"));
    free(answer);
    /* the bot's choice, for a position that is gone, is not played */
    assert_true(until_thinking(f, 1, 0));
    char *v = view(f);
    assert_int_equal(number_at(v, "\"position\":"), 0);
    assert_int_equal(number_at(v, "\"actor\":"), 1);
    long ver = version_of(v);
    free(v);
    /* seat 1 places again (elsewhere): the bot thinks again and answers */
    assert_int_equal(ask(f, "POST", url_of(f, 1, "move"), move_body(ver, 1), NULL), 200);
    long now = (long)table_wait(f->t, (uint64_t)ver + 1, 30000);
    assert_true(now >= ver + 2);
    v = view(f);
    assert_int_equal(number_at(v, "\"position\":"), 2);
    free(v);
    table_stop(f->t);
    char err[512];
    if (!table_check(f->t, err, sizeof err)) fail_msg("%s", err);
    close_table(f);
}

/* ---- saving and resuming ------------------------------------------------------------------ */

/* A folder of the test's own (removed by rm_dir). */
static char *temp_dir(void)
{
    static char dir[64];
    snprintf(dir, sizeof dir, "/tmp/grove-serve-test-XXXXXX");
    assert_non_null(mkdtemp(dir));
    return dir;
}

static void rm_dir(const char *dir)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    textbuf b = { 0 };
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) textbuf_printf(&b, "%.*s", (int)n, chunk);
    fclose(f);
    return b.p ? b.p : strdup("");
}

/* Do two views show the same game? Everything from "position" to
 * "saving" alike: the version left out (a resumed table counts versions
 * from elsewhere), and whether the table saves. */
static void same_game(const char *a, const char *b)
{
    const char *pa = strstr(a, "\"position\":"), *pb = strstr(b, "\"position\":");
    const char *ea = strstr(a, ",\"saving\":"), *eb = strstr(b, ",\"saving\":");
    assert_true(pa && pb && ea && eb);
    if (ea - pa != eb - pb || memcmp(pa, pb, (size_t)(ea - pa)) != 0) fail_msg("another game:\n%s\n%s", a, b);
}

/* A table of f's game opened from the save at `path`, seated from its
 * seats file (as grove serve --from does). */
static fixture *resume(const char *path, bool seated)
{
    const char *src = getenv("GROVE_SOURCE");
    grove_vm *vm = host_new(src ? src : ".");
    assert_non_null(vm);
    char err[GAME_ERRLEN], seats_path[512];
    char *text = read_all(path);
    assert_non_null(text);
    game *g = game_load_text(vm, text, err, sizeof err);
    free(text);
    if (!g) fail_msg("%s", err);
    table_seats seats;
    snprintf(seats_path, sizeof seats_path, "%s.seats", path);
    bool have = table_seats_read(seats_path, game_name(g), game_players(g), &seats, err, sizeof err);
    if (seated && !have) fail_msg("%s", err);
    const bot_spec *bots[TABLE_MAX_SEATS + 1] = { 0 };
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->vm = vm;
    f->t = table_new(vm, g, bots, 1, err, sizeof err);
    if (!f->t) fail_msg("%s", err);
    if (seated) table_use_seats(f->t, &seats);
    f->site.t = f->t;
    f->site.pages = &pages;
    return f;
}

static void test_saved_after_every_move(void **unused)
{
    (void)unused;
    char *dir = temp_dir(), path[256], seats_path[300], err[1024];
    snprintf(path, sizeof path, "%s/table.sav", dir);
    snprintf(seats_path, sizeof seats_path, "%s.seats", path);
    fixture *f = open_table("onceupon", 2, 4, NULL);
    assert_true(table_set_save(f->t, path, err, sizeof err));
    /* the save is there before any move, and the seats file is private */
    struct stat st;
    assert_int_equal(stat(seats_path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
    char *seats = read_all(seats_path);
    for (int seat = 0; seat <= 2; seat++) assert_non_null(strstr(seats, table_token(f->t, seat)));
    free(seats);
    grove_vm *vm = host_new(getenv("GROVE_SOURCE") ? getenv("GROVE_SOURCE") : ".");
    for (int k = 0; k < 12; k++) {
        char *text = read_all(path);
        assert_non_null(text);
        game *g = game_load_text(vm, text, err, sizeof err);
        if (!g) fail_msg("the save after %d moves does not load: %s", k, err);
        assert_int_equal(game_position(g), k);                  /* every move, saved before it was answered */
        game_close(g);
        /* the download is the save of the game now */
        char *download;
        assert_int_equal(ask(f, "GET", url_of(f, 2, "save"), NULL, &download), 200);
        assert_string_equal(download, text);
        free(download);
        free(text);
        char *v = view(f);
        assert_non_null(strstr(v, "\"saving\":true,\"save_error\":null"));
        int actor = (int)number_at(v, "\"actor\":");
        long ver = version_of(v);
        free(v);
        assert_int_equal(ask(f, "POST", url_of(f, actor, "move"), move_body(ver, k % 2), NULL), 200);
    }
    vm_free(vm);
    /* resumed: the same position for every seat, and the same tokens */
    char *views[3], *pictures[3];
    for (int seat = 0; seat <= 2; seat++) {
        assert_int_equal(ask(f, "GET", url_of(f, seat, "state"), NULL, &views[seat]), 200);
        table_answer a;
        free(table_view_page(f->t, seat, &pictures[seat], &a));
    }
    char tokens[3][TABLE_TOKEN_LEN + 1];
    for (int seat = 0; seat <= 2; seat++) snprintf(tokens[seat], sizeof tokens[seat], "%s", table_token(f->t, seat));
    long old_version = version_of(views[0]);
    close_table(f);                                     /* as a server killed: nothing more is written */
    fixture *r = resume(path, true);
    for (int seat = 0; seat <= 2; seat++) {
        assert_string_equal(table_token(r->t, seat), tokens[seat]);
        char *v;
        assert_int_equal(ask(r, "GET", url_of(r, seat, "state"), NULL, &v), 200);
        same_game(v, views[seat]);
        table_answer a;
        char *picture;
        free(table_view_page(r->t, seat, &picture, &a));
        assert_string_equal(picture, pictures[seat]);
        /* a page left open from before cannot play at a version of the new table */
        assert_true(version_of(v) > old_version + 1000);
        free(picture);
        free(pictures[seat]);
        free(views[seat]);
        free(v);
    }
    if (!table_check(r->t, err, sizeof err)) fail_msg("%s", err);
    close_table(r);
    /* without its seats file: new tokens */
    assert_int_equal(unlink(seats_path), 0);
    r = resume(path, false);
    for (int seat = 0; seat <= 2; seat++) assert_string_not_equal(table_token(r->t, seat), tokens[seat]);
    close_table(r);
    rm_dir(dir);
}

static void test_a_save_that_fails_is_told(void **unused)
{
    (void)unused;
    char *dir = temp_dir(), path[256], err[1024];
    snprintf(path, sizeof path, "%s/sub/table.sav", dir);
    fixture *f = open_table("logger", 2, 3, NULL);
    assert_false(table_set_save(f->t, path, err, sizeof err));        /* no such folder */
    assert_non_null(strstr(err, "sub"));
    char *v = view(f);
    assert_non_null(strstr(v, "\"saving\":false"));
    free(v);
    snprintf(path, sizeof path, "%s/table.sav", dir);
    assert_true(table_set_save(f->t, path, err, sizeof err));
    char gone[300];
    snprintf(gone, sizeof gone, "rm -rf '%s'", dir);
    assert_int_equal(system(gone), 0);                  /* the folder goes: the next save fails */
    assert_int_equal(ask(f, "POST", url_of(f, 1, "move"), move_body(1, 0), NULL), 200);
    v = view(f);
    assert_null(strstr(v, "\"save_error\":null"));
    assert_int_equal(number_at(v, "\"position\":"), 1);            /* the move stands */
    free(v);
    close_table(f);
}

static void test_seats_files(void **unused)
{
    (void)unused;
    char *dir = temp_dir(), path[256], err[1024];
    snprintf(path, sizeof path, "%s/x.seats", dir);
    table_seats s;
    assert_false(table_seats_read(path, "logger", 2, &s, err, sizeof err));
    assert_non_null(strstr(err, "cannot read"));
    const char *tok = "0123456789abcdef0123456789abcdef";
    struct { const char *text, *why; } bad[] = {
        { "seats 1\n", "no seats file" },
        { "grove-seats 1\ngame squirrel\nplayers 2\n", "of squirrel, not of logger" },
        { "grove-seats 1\ngame logger\nplayers 3\n", "seats 3 players" },
        { "grove-seats 1\ngame logger\nplayers 2\nseat 0 %s\nseat 1 %s\n", "no token for seat 2" },
        { "grove-seats 1\ngame logger\nplayers 2\nseat 0 %s\nseat 1 %s\nseat 1 %s\n", "unexpected" },
        { "grove-seats 1\ngame logger\nplayers 2\nseat 0 %s\nseat 1 xyz\n", "unexpected" },
        { "grove-seats 1\ngame logger\nplayers 2\nseat 0 %s\nseat 1 %s\nseat 2 %s bot clever\n", "unknown bot" },
        { "grove-seats 1\ngame logger\nplayers 2\nseat 0 %s bot random\n", "not for seat 0" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fprintf(f, bad[i].text, tok, tok, tok);
        fclose(f);
        assert_false(table_seats_read(path, "logger", 2, &s, err, sizeof err));
        if (!strstr(err, bad[i].why)) fail_msg("case %zu: %s", i, err);
    }
    FILE *f = fopen(path, "w");
    fprintf(f, "grove-seats 1\n# a comment\ngame logger\nplayers 2\nseat 0 %s\nseat 1 %s\nseat 2 %s bot mcts:500\n",
            tok, tok, tok);
    fclose(f);
    assert_true(table_seats_read(path, "logger", 2, &s, err, sizeof err));
    assert_false(s.is_bot[1]);
    assert_true(s.is_bot[2]);
    assert_int_equal(s.bots[2].iterations, 500);
    rm_dir(dir);
}

/* ---- hints -------------------------------------------------------------------------------- */

/* The JSON string after key in json, unescaped only as far as these tests need (\" and \\). */
static char *string_at(const char *json, const char *key)
{
    const char *p = strstr(json, key);
    assert_non_null(p);
    p += strlen(key);
    assert_true(*p == '"');
    textbuf b = { 0 };
    for (p++; *p && *p != '"'; p++) {
        if (*p == '\\') p++;
        textbuf_printf(&b, "%c", *p);
    }
    return b.p ? b.p : strdup("");
}

static void test_a_hint_for_the_seat_to_act_alone(void **unused)
{
    (void)unused;
    fixture *f = open_table("onceupon", 2, 6, NULL);
    char *v = view(f);
    long ver = version_of(v);
    free(v);
    /* the seat to act gets it; the others are told why not, and nothing changes */
    refused(f, 409, "POST", url_of(f, 2, "hint"), NULL);
    refused(f, 403, "POST", url_of(f, 0, "hint"), NULL);
    refused(f, 405, "GET", url_of(f, 1, "hint"), NULL);
    refused(f, 400, "POST", url_of(f, 1, "hint"), "x");
    char *mine, *hint, *again;
    assert_int_equal(ask(f, "GET", url_of(f, 1, "state"), NULL, &mine), 200);
    assert_int_equal(ask(f, "POST", url_of(f, 1, "hint"), NULL, &hint), 200);
    assert_int_equal(ask(f, "POST", url_of(f, 1, "hint"), NULL, &again), 200);
    assert_string_equal(hint, again);                   /* the same position, the same hint */
    assert_int_equal(number_at(hint, "\"version\":"), ver);
    char *move = string_at(hint, "\"move\":");
    char quoted[300];
    snprintf(quoted, sizeof quoted, "\"%s\"", move);
    assert_non_null(strstr(strstr(mine, "\"moves\":["), quoted));     /* one of the seat's own moves */
    long visits = number_at(hint, "\"visits\":"), total = number_at(hint, "\"total\":");
    assert_true(visits > 0 && visits <= total);
    /* the hint changed nothing but the count of hints, which every seat sees */
    char *after;
    assert_int_equal(ask(f, "GET", url_of(f, 1, "state"), NULL, &after), 200);
    assert_int_equal(version_of(after), ver);
    assert_non_null(strstr(after, "{\"seat\":1,\"bot\":null,\"hints\":2}"));
    const char *from = strstr(mine, "\"position\":"), *to = strstr(mine, ",\"seats\":");
    assert_memory_equal(strstr(after, "\"position\":"), from, (size_t)(to - from));     /* the same game */
    char err[512];
    if (!table_check(f->t, err, sizeof err)) fail_msg("%s", err);
    /* its index is the move's place in the list shown: playing it plays that move */
    assert_int_equal(ask(f, "POST", url_of(f, 1, "move"), move_body(ver, number_at(hint, "\"index\":")), NULL), 200);
    v = view(f);
    char *played = string_at(strstr(v, "\"log\":["), "\"text\":");
    char *seen1;
    assert_int_equal(ask(f, "GET", url_of(f, 1, "state"), NULL, &seen1), 200);
    char *played1 = string_at(strstr(seen1, "\"log\":["), "\"text\":");
    assert_string_equal(played1, move);
    free(played); free(played1); free(seen1);
    free(v); free(move); free(mine); free(hint); free(again); free(after);
    close_table(f);
}

/* The hint seat 1 gets at the start of onceupon (2 players, seed 6) when
 * what it cannot see was first re-dealt with `redeal` (0: not). */
static char *hint_after_redeal(uint64_t redeal)
{
    const char *src = getenv("GROVE_SOURCE");
    grove_vm *vm = host_new(src ? src : ".");
    char err[GAME_ERRLEN];
    game *g = game_open(vm, "onceupon", "", 2, 6, 0, err, sizeof err);
    if (!g) fail_msg("%s", err);
    if (redeal) assert_true(game_redeal(g, 1, redeal));
    const bot_spec *bots[TABLE_MAX_SEATS + 1] = { 0 };
    fixture f = { vm, table_new(vm, g, bots, 1, err, sizeof err), { 0 } };
    assert_non_null(f.t);
    f.site.t = f.t;
    f.site.pages = &pages;
    char *hint;
    assert_int_equal(ask(&f, "POST", url_of(&f, 1, "hint"), NULL, &hint), 200);
    table_free(f.t);
    vm_free(vm);
    char *v = strstr(hint, "\"move\":");
    char *copy = strdup(v);
    free(hint);
    return copy;
}

static void test_a_hint_sees_no_hidden_card(void **unused)
{
    (void)unused;
    /* seat 2's hand and the piles, re-dealt: seat 1's hint is the same */
    char *first = hint_after_redeal(0);
    for (uint64_t k = 1; k <= 3; k++) {
        char *other = hint_after_redeal(k * 7919);
        assert_string_equal(other, first);
        free(other);
    }
    free(first);
}

/* ---- a seat handed to a bot ----------------------------------------------------------------- */

static void test_a_seat_handed_to_a_bot_and_back(void **unused)
{
    (void)unused;
    fixture *f = open_table("logger", 2, 8, NULL);
    assert_true(table_start_bots(f->t));
    refused(f, 400, "POST", url_of(f, 1, "bot"), "kind=clever");
    refused(f, 400, "POST", url_of(f, 1, "bot"), "kind=mcts%3A999999");
    refused(f, 400, "POST", url_of(f, 1, "bot"), "kind=mcts%3A60s");
    refused(f, 400, "POST", url_of(f, 1, "bot"), "kind=mcts%3Athreads%3D4");
    refused(f, 400, "POST", url_of(f, 1, "bot"), "kind=");
    refused(f, 400, "POST", url_of(f, 1, "bot"), "bot=random");
    refused(f, 400, "POST", url_of(f, 1, "bot"), "kind=%0a");
    refused(f, 403, "POST", url_of(f, 0, "bot"), "kind=random");
    refused(f, 409, "POST", url_of(f, 1, "bot"), "kind=off");
    refused(f, 405, "GET", url_of(f, 1, "bot"), NULL);
    /* seat 2 hands itself to the random bot: after seat 1's move, the bot moves for it */
    char *answer;
    assert_int_equal(ask(f, "POST", url_of(f, 2, "bot"), "kind=random", &answer), 200);
    assert_non_null(strstr(answer, "the random bot plays seat 2"));
    free(answer);
    char *v = view(f);
    assert_non_null(strstr(v, "{\"seat\":2,\"bot\":\"random\""));
    long ver = version_of(v);
    free(v);
    refused(f, 403, "POST", url_of(f, 2, "hint"), NULL);               /* a bot's seat: no hint */
    assert_int_equal(ask(f, "POST", url_of(f, 1, "move"), move_body(ver, 0), NULL), 200);
    long now = (long)table_wait(f->t, (uint64_t)ver + 1, 30000);
    assert_true(now >= ver + 2);
    v = view(f);
    assert_int_equal(number_at(v, "\"position\":"), 2);
    assert_int_equal(number_at(v, "\"actor\":"), 1);
    ver = version_of(v);
    free(v);
    /* and takes it back: its moves are its person's again */
    assert_int_equal(ask(f, "POST", url_of(f, 2, "bot"), "kind=off", NULL), 200);
    v = view(f);
    assert_non_null(strstr(v, "{\"seat\":2,\"bot\":null"));
    assert_true(version_of(v) > ver);
    ver = version_of(v);
    free(v);
    for (int actor = 1; actor == 1; ) {                 /* seat 1's turn, to seat 2's */
        assert_int_equal(ask(f, "POST", url_of(f, 1, "move"), move_body(ver, 0), NULL), 200);
        v = view(f);
        actor = (int)number_at(v, "\"actor\":");
        ver = version_of(v);
        free(v);
    }
    usleep(300 * 1000);                                 /* a bot would have moved by now */
    v = view(f);
    assert_int_equal(version_of(v), ver);
    assert_int_equal(number_at(v, "\"actor\":"), 2);
    free(v);
    table_stop(f->t);
    char err[512];
    if (!table_check(f->t, err, sizeof err)) fail_msg("%s", err);
    close_table(f);
}

/* ---- the first page ------------------------------------------------------------------------ */

static void test_the_page_holds_the_position(void **unused)
{
    (void)unused;
    static serve_pages marked = { (char *)"<html><section id=\"board\">" SERVE_PICTURE_MARK "</section>"
                                  "<script type=\"application/json\" id=\"state\">" SERVE_STATE_MARK "</script></html>",
                                  (char *)"", (char *)"", 0, 0, 0, (char *)"", 0 };
    fixture *f = open_table("onceupon", 2, 3, NULL);
    f->site.pages = &marked;
    for (int seat = 0; seat <= 2; seat++) {
        char url[128], *page, *state;
        snprintf(url, sizeof url, "/play/%s", table_token(f->t, seat));
        assert_int_equal(ask(f, "GET", url, NULL, &page), 200);
        assert_int_equal(ask(f, "GET", url_of(f, seat, "state"), NULL, &state), 200);
        /* the picture in the board, the seat's own state in the script element, nothing else */
        assert_non_null(strstr(page, "<section id=\"board\"><svg"));
        const char *json = strstr(page, "id=\"state\">");
        assert_non_null(json);
        json += strlen("id=\"state\">");
        const char *end = strstr(json, "</script>");
        assert_non_null(end);
        assert_int_equal((size_t)(end - json), strlen(state));
        assert_memory_equal(json, state, strlen(state));
        assert_null(strstr(end + 1, "</script>"));      /* the state cannot end its element early */
        /* no other seat's hand in the page */
        char *picture;
        table_answer a;
        free(table_view_page(f->t, seat, &picture, &a));
        const char *svg = strstr(page, "<svg");
        assert_memory_equal(svg, picture, strlen(picture));
        free(picture);
        free(page);
        free(state);
    }
    close_table(f);
}

/* ---- each client's quota ------------------------------------------------------------------ */

/* An address's key, as serve/http.c makes it. */
static void key_of(const char *text, char out[QUOTA_KEYLEN])
{
    struct sockaddr_in v4 = { 0 };
    struct sockaddr_in6 v6 = { 0 };
    if (inet_pton(AF_INET, text, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        quota_key((struct sockaddr *)&v4, out);
    } else {
        assert_int_equal(inet_pton(AF_INET6, text, &v6.sin6_addr), 1);
        v6.sin6_family = AF_INET6;
        quota_key((struct sockaddr *)&v6, out);
    }
}

static void test_quota_keys(void **unused)
{
    (void)unused;
    char a[QUOTA_KEYLEN], b[QUOTA_KEYLEN];
    key_of("192.0.2.7", a);
    assert_string_equal(a, "192.0.2.7");
    key_of("2001:db8:1:2:aaaa::1", a);
    key_of("2001:db8:1:2:bbbb::9", b);
    assert_string_equal(a, "2001:db8:1:2::/64");                /* one /64, one client */
    assert_string_equal(a, b);
    key_of("2001:db8:1:3::1", b);
    assert_string_not_equal(a, b);
    key_of("::ffff:192.0.2.7", a);
    assert_string_equal(a, "192.0.2.7");
    quota_key(NULL, a);
    assert_string_equal(a, "?");
}

static void test_quota_connections(void **unused)
{
    (void)unused;
    serve_quota *q = quota_new();
    assert_non_null(q);
    /* an address takes its share, no more; another address still gets in */
    for (int i = 0; i < QUOTA_PER_ADDRESS; i++) {
        assert_true(quota_may_connect(q, "127.0.0.2"));
        quota_connect(q, "127.0.0.2");
    }
    assert_false(quota_may_connect(q, "127.0.0.2"));
    assert_true(quota_may_connect(q, "127.0.0.1"));
    /* one that becomes an event stream counts for its seat, not its address */
    assert_true(quota_stream(q, "127.0.0.2", 2));
    assert_true(quota_may_connect(q, "127.0.0.2"));
    quota_connect(q, "127.0.0.2");
    for (int i = 1; i < QUOTA_STREAMS_PER_SEAT; i++) assert_true(quota_stream(q, "127.0.0.2", 2));
    assert_false(quota_stream(q, "127.0.0.2", 2));              /* the seat holds its share */
    assert_true(quota_stream(q, "127.0.0.2", 1));               /* another seat does not */
    int all = 0, streams = 0;
    assert_int_equal(quota_held(q, "127.0.0.2", &all, 2, &streams), QUOTA_PER_ADDRESS + 1 - QUOTA_STREAMS_PER_SEAT - 1);
    assert_int_equal(streams, QUOTA_STREAMS_PER_SEAT);
    /* a stream closed frees its seat's place */
    quota_disconnect(q, "127.0.0.2", 2);
    assert_true(quota_stream(q, "127.0.0.2", 2));
    /* all addresses together take at most QUOTA_REQUESTS */
    char key[QUOTA_KEYLEN];
    quota_held(q, "127.0.0.2", &all, 0, NULL);
    int n = all;
    for (int i = 0; n < QUOTA_REQUESTS; i++) {
        snprintf(key, sizeof key, "10.0.%d.%d", i / 200, i % 200);
        for (int k = 0; k < 4 && n < QUOTA_REQUESTS; k++, n++) {
            assert_true(quota_may_connect(q, key));
            quota_connect(q, key);
        }
    }
    assert_false(quota_may_connect(q, "10.9.9.9"));
    quota_disconnect(q, key, -1);
    assert_true(quota_may_connect(q, "10.9.9.9"));
    quota_free(q);
}

static void test_quota_rate(void **unused)
{
    (void)unused;
    serve_quota *q = quota_new();
    assert_non_null(q);
    double t = 100;
    /* an address may ask QUOTA_BUCKET times at once, then no more */
    for (int i = 0; i < QUOTA_BUCKET; i++) assert_true(quota_allow(q, "127.0.0.2", t));
    assert_false(quota_allow(q, "127.0.0.2", t));
    /* more addresses than the table keeps, each asking once: the emptied
     * bucket is not pushed out to come back full */
    char key[QUOTA_KEYLEN];
    for (int i = 0; i < QUOTA_CLIENTS + 64; i++) {
        snprintf(key, sizeof key, "10.1.%d.%d", i / 200, i % 200);
        quota_allow(q, key, t + 0.001);
    }
    assert_false(quota_allow(q, "127.0.0.2", t + 0.002));
    /* a second later it has refilled half its bucket: so many, no more */
    int got = 0;
    while (quota_allow(q, "127.0.0.2", t + 1.002)) got++;
    assert_int_equal(got, QUOTA_REFILL);
    /* once a bucket would be full again, its place may go to a new address
     * (it comes back to a full bucket, as it would have) */
    double later = t + 1.002 + (double)QUOTA_BUCKET / QUOTA_REFILL + 1;
    for (int i = 0; i < 10; i++) {
        snprintf(key, sizeof key, "10.2.0.%d", i);
        assert_true(quota_allow(q, key, later));
    }
    for (int i = 0; i < QUOTA_BUCKET; i++) assert_true(quota_allow(q, "127.0.0.2", later));
    assert_false(quota_allow(q, "127.0.0.2", later));
    /* when every place's bucket is still refilling, new addresses share
     * one bucket: a flood of new addresses gets no bucket each */
    double then = later + 10;
    for (int i = 0; i < QUOTA_CLIENTS; i++) {
        snprintf(key, sizeof key, "10.3.%d.%d", i / 200, i % 200);
        assert_true(quota_allow(q, key, then));
    }
    for (int i = 0; i < QUOTA_BUCKET; i++) assert_true(quota_allow(q, "10.4.0.1", then));
    assert_false(quota_allow(q, "10.4.0.1", then));
    assert_false(quota_allow(q, "10.4.0.2", then));
    assert_true(quota_throttled(q) >= 5);
    quota_free(q);
}

/* ---- many clients at once ------------------------------------------------------------ */

typedef struct {
    fixture *f;
    int seat;
    unsigned seed;
    int played, refused, undos;
} client;

/* Moves accepted from all clients together: each client goes on until 25
 * were (or the game ends, or it has asked 400 times), however the
 * threads happen to be scheduled. */
enum { ENOUGH_MOVES = 25, MOST_ASKS = 400 };
static atomic_int accepted;

static void *client_main(void *arg)
{
    client *c = arg;
    for (int i = 0; i < MOST_ASKS && atomic_load(&accepted) < ENOUGH_MOVES; i++) {
        char *mine;
        if (ask(c->f, "GET", url_of(c->f, c->seat, "state"), NULL, &mine) != 200) { c->refused++; continue; }
        long ver = version_of(mine);
        bool over = strstr(mine, "\"over\":true") != NULL;
        int n = moves_in(mine);
        const char *u = strstr(mine, "\"undo\":{\"id\":");
        char answer_body[48];
        snprintf(answer_body, sizeof answer_body, "request=%ld", u ? atol(u + 14) : 1L);
        free(mine);
        if (over) break;
        c->seed = c->seed * 1103515245u + 12345u;
        unsigned r = c->seed >> 16;
        long index = n > 0 && r % 8 ? (long)(r % (unsigned)n) : (long)(r % 6);   /* now and then out of range */
        int status;
        if (r % 17 == 0) status = ask(c->f, "POST", url_of(c->f, c->seat, "undo"), NULL, NULL);
        else if (r % 13 == 0)
            status = ask(c->f, "POST", url_of(c->f, c->seat, r % 2 ? "undo/yes" : "undo/no"), answer_body, NULL);
        else status = ask(c->f, "POST", url_of(c->f, c->seat, "move"), move_body(ver, index), NULL);
        if (status == 200) {
            if (r % 17 == 0 || r % 13 == 0) c->undos++;
            else { c->played++; atomic_fetch_add(&accepted, 1); }
        }
        else c->refused++;
        if (status != 200 && status != 400 && status != 403 && status != 409)
            fprintf(stderr, "client of seat %d: status %d\n", c->seat, status);
    }
    return NULL;
}

static void test_concurrent_clients(void **unused)
{
    (void)unused;
    fixture *f = open_table("onceupon", 3, 8, NULL);
    atomic_store(&accepted, 0);
    enum { CLIENTS = 9 };
    client cs[CLIENTS];
    pthread_t th[CLIENTS];
    for (int i = 0; i < CLIENTS; i++) {
        cs[i] = (client){ f, i % 4, 77u + (unsigned)i, 0, 0, 0 };    /* seats 0..3: onlookers try too */
        assert_int_equal(pthread_create(&th[i], NULL, client_main, &cs[i]), 0);
    }
    int played = 0, refused_n = 0;
    for (int i = 0; i < CLIENTS; i++) {
        pthread_join(th[i], NULL);
        played += cs[i].played;
        refused_n += cs[i].refused;
    }
    char err[512];
    if (!table_check(f->t, err, sizeof err)) fail_msg("the game after %d moves: %s", played, err);
    /* every move accepted is in the history, or was taken back by an undo */
    char *v = view(f);
    const char *p = strstr(v, "\"position\":");
    assert_non_null(p);
    int position = atoi(p + 11);
    assert_true(position <= played);
    assert_true(played >= ENOUGH_MOVES || strstr(v, "\"over\":true"));
    assert_true(refused_n > 0);
    free(v);
    close_table(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tokens_grant_their_seat),
        cmocka_unit_test(test_bad_requests_change_nothing),
        cmocka_unit_test(test_after_the_end),
        cmocka_unit_test(test_the_end_line_is_cut_at_a_character),
        cmocka_unit_test(test_undo_by_consent),
        cmocka_unit_test(test_undo_alone_against_a_bot),
        cmocka_unit_test(test_consent_belongs_to_one_request),
        cmocka_unit_test(test_no_undo_of_a_draw_against_a_bot),
        cmocka_unit_test(test_a_draw_is_undone_with_consent),
        cmocka_unit_test(test_a_thinking_bot_holds_up_no_one),
        cmocka_unit_test(test_a_bot_thinks_again_when_the_game_changes),
        cmocka_unit_test(test_saved_after_every_move),
        cmocka_unit_test(test_a_save_that_fails_is_told),
        cmocka_unit_test(test_seats_files),
        cmocka_unit_test(test_a_hint_for_the_seat_to_act_alone),
        cmocka_unit_test(test_a_hint_sees_no_hidden_card),
        cmocka_unit_test(test_a_seat_handed_to_a_bot_and_back),
        cmocka_unit_test(test_the_page_holds_the_position),
        cmocka_unit_test(test_quota_keys),
        cmocka_unit_test(test_quota_connections),
        cmocka_unit_test(test_quota_rate),
        cmocka_unit_test(test_concurrent_clients),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
