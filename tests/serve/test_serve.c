/*
 * test_serve.c — grove serve's request handler and table without HTTP
 * (serve/handler.h, serve/table.h): every bad request is refused with its
 * status and leaves the table as it was; a token grants exactly its seat;
 * moves only for the seat to act, only at the version shown; undo only by
 * consent; and many threads playing at once never corrupt the game (the
 * history replays to the same state, each version moved once).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handler.h"
#include "host.h"
#include "table.h"

static serve_pages pages = { (char *)"<html>page</html>", (char *)"/* js */", (char *)"/* css */", 17, 8, 9 };

typedef struct {
    grove_vm *vm;
    table *t;
    serve_site site;
} fixture;

static fixture *open_table(const char *name, int players, uint64_t seed, const bot_spec *bot2)
{
    const char *src = getenv("GROVE_SOURCE");
    grove_vm *vm = host_new(src ? src : ".");
    assert_non_null(vm);
    char err[GAME_ERRLEN];
    game *g = game_open(vm, name, "", players, seed, 0, err, sizeof err);
    if (!g) fail_msg("%s", err);
    const bot_spec *bots[TABLE_MAX_SEATS + 1] = { 0 };
    bots[2] = bot2;
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->vm = vm;
    f->t = table_new(vm, g, bots, seed, err, sizeof err);
    if (!f->t) fail_msg("%s", err);
    f->site.t = f->t;
    f->site.pages = &pages;
    return f;
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
    refused(f, 409, "POST", url_of(f, 2, "undo/yes"), NULL);
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
    assert_non_null(strstr(v, "\"undo\":{\"by\":2,\"to\":1,\"waiting\":[1]}"));
    assert_non_null(strstr(v, "\"position\":2"));
    free(v);
    refused(f, 409, "POST", url_of(f, 1, "undo"), NULL);                 /* one request at a time */
    refused(f, 403, "POST", url_of(f, 0, "undo/yes"), NULL);
    assert_int_equal(ask(f, "POST", url_of(f, 1, "undo/no"), NULL, NULL), 200);
    v = view(f);
    assert_non_null(strstr(v, "\"undo\":null"));
    assert_non_null(strstr(v, "\"position\":2"));
    free(v);
    /* asked again; seat 1 agrees: back to before seat 2's move */
    assert_int_equal(ask(f, "POST", url_of(f, 2, "undo"), NULL, NULL), 200);
    assert_int_equal(ask(f, "POST", url_of(f, 1, "undo/yes"), NULL, NULL), 200);
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
    refused(f, 409, "POST", url_of(f, 2, "undo/yes"), NULL);
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
        free(mine);
        if (over) break;
        c->seed = c->seed * 1103515245u + 12345u;
        unsigned r = c->seed >> 16;
        long index = n > 0 && r % 8 ? (long)(r % (unsigned)n) : (long)(r % 6);   /* now and then out of range */
        int status;
        if (r % 17 == 0) status = ask(c->f, "POST", url_of(c->f, c->seat, "undo"), NULL, NULL);
        else if (r % 13 == 0) status = ask(c->f, "POST", url_of(c->f, c->seat, r % 2 ? "undo/yes" : "undo/no"), NULL, NULL);
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
        cmocka_unit_test(test_undo_by_consent),
        cmocka_unit_test(test_undo_alone_against_a_bot),
        cmocka_unit_test(test_concurrent_clients),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
