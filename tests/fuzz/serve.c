/*
 * serve.c — fuzz target: grove serve's request handler (serve/handler.c)
 * on a table of its own (serve/table.c), without HTTP: libmicrohttpd
 * parses the HTTP; what a request then asks of the table is here.
 *
 * Input: the first byte picks the game (fuzz_pick: game, players,
 * variants, seed); the rest is up to 64 requests, one a line:
 *   METHOD PATH [BODY]
 * where in PATH "$0".."$4" become the tokens of the onlooker and seats
 * 1..4 (a seat the game lacks: a token of no seat) and "$x" a token of no
 * seat; "$v" in BODY becomes the table's version now. A line of more than
 * 2000 bytes is its own body, to reach the size limit.
 *
 * What must hold (else fuzz_fail aborts): every answer has a status the
 * handler may give (200, 400, 403, 404, 405, 409, 413; never 500: the five
 * games' scripts do not fail) and a body; an API answer is a JSON object
 * (but the save, a file to download);
 * a refused request (not 200) and any GET leave the table exactly as it
 * was (the onlooker's whole view, picture included, is the same text); at
 * the end the table is sound (table_check: the history replays to the
 * same state, the log matches it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "handler.h"
#include "table.h"

#define MAX_REQUESTS 64

static serve_pages pages = { (char *)"<!DOCTYPE html>", (char *)"//", (char *)"/**/", 15, 2, 4, (char *)"//", 2 };

/* The onlooker's view now (caller frees). */
static char *onlooker(table *t)
{
    table_answer a;
    char *v = table_view(t, 0, &a);
    if (!v) fuzz_fail("the onlooker's view failed: %d %s", a.status, a.message);
    return v;
}

/* Copy src (n bytes) into out with $0..$4, $x (in the path) or $v (in
 * the body) replaced. */
static void expand(table *t, const char *src, size_t n, bool path, char *out, size_t cap)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 1 < cap; i++) {
        char rep[64] = "";
        bool is_rep = false;
        if (src[i] == '$' && i + 1 < n) {
            char c = src[i + 1];
            if (path && c >= '0' && c <= '4') {
                int seat = c - '0';
                snprintf(rep, sizeof rep, "%s", seat <= table_players(t) ? table_token(t, seat)
                                                                         : "ffffffffffffffffffffffffffffffff");
                is_rep = true;
            } else if (path && c == 'x') {
                snprintf(rep, sizeof rep, "%s", "0123456789abcdef0123456789abcdef");
                is_rep = true;
            } else if (!path && c == 'v') {
                snprintf(rep, sizeof rep, "%llu", (unsigned long long)table_version(t));
                is_rep = true;
            }
        }
        if (is_rep) {
            for (const char *r = rep; *r && o + 1 < cap; r++) out[o++] = *r;
            i++;
        } else {
            out[o++] = src[i];
        }
    }
    out[o] = '\0';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    grove_vm *vm = fuzz_vm();
    fuzz_setup pick;
    fuzz_pick(vm, data[0], &pick);
    char err[GAME_ERRLEN];
    game *g = fuzz_open(vm, &pick);
    const bot_spec *bots[TABLE_MAX_SEATS + 1] = { 0 };
    table *t = table_new(vm, g, bots, 1, err, sizeof err);
    if (!t) fuzz_fail("no table: %s", err);
    serve_site site = { t, &pages };
    const char *p = (const char *)data + 1, *end = (const char *)data + size;
    for (int k = 0; k < MAX_REQUESTS && p < end; k++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *line_end = nl ? nl : end;
        size_t len = (size_t)(line_end - p);
        char method[16] = "", path[600] = "", *body = malloc(len + 64);
        if (!body) fuzz_fail("out of memory");
        body[0] = '\0';
        size_t body_len = 0;
        if (len > 2000) {                       /* a huge body */
            snprintf(method, sizeof method, "POST");
            snprintf(path, sizeof path, "/api/%s/move", table_token(t, 1));
            memcpy(body, p, len);
            body_len = len;
        } else {
            const char *sp1 = memchr(p, ' ', len);
            size_t mlen = sp1 ? (size_t)(sp1 - p) : len;
            if (mlen >= sizeof method) mlen = sizeof method - 1;
            memcpy(method, p, mlen);
            method[mlen] = '\0';
            if (sp1) {
                const char *q = sp1 + 1;
                const char *sp2 = memchr(q, ' ', (size_t)(line_end - q));
                size_t plen = (size_t)((sp2 ? sp2 : line_end) - q);
                expand(t, q, plen, true, path, sizeof path);
                if (sp2) {
                    expand(t, sp2 + 1, (size_t)(line_end - sp2 - 1), false, body, len + 64);
                    body_len = strlen(body);
                }
            }
        }
        p = nl ? nl + 1 : end;
        char *before = onlooker(t);
        uint64_t v0 = table_version(t);
        serve_reply r;
        serve_handle(&site, method, path, body, body_len, &r);
        int s = r.status;
        if (s != 200 && s != 400 && s != 403 && s != 404 && s != 405 && s != 409 && s != 413)
            fuzz_fail("%s %s: status %d", method, path, s);
        const char *text = r.body ? r.body : r.fixed;
        if (!text && r.events_seat < 0) fuzz_fail("%s %s: %d with no body", method, path, s);
        if ((s != 200 || !strncmp(path, "/api/", 5)) && r.events_seat < 0 && !r.filename[0] && text[0] != '{')
            fuzz_fail("%s %s: %d answered %.40s, not a JSON object", method, path, s, text);
        if (s == 405 && !r.allow) fuzz_fail("%s %s: 405 without Allow", method, path);
        serve_reply_free(&r);
        char *after = onlooker(t);
        bool get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
        if ((s != 200 || get) && (strcmp(before, after) != 0 || table_version(t) != v0))
            fuzz_fail("%s %s [%.60s]: %d, yet the table changed", method, path, body, s);
        free(before);
        free(after);
        free(body);
    }
    if (!table_check(t, err, sizeof err)) fuzz_fail("the table is unsound: %s", err);
    table_free(t);
    return 0;
}
