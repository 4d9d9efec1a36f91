/*
 * handler.c — the routes of `grove serve` and the checks on a request
 * (handler.h).
 */
#include "handler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "textbuf.h"

static const char JSON_TYPE[] = "application/json; charset=utf-8";

void serve_reply_free(serve_reply *r)
{
    free(r->body);
    r->body = NULL;
}

/* A reply whose body is the textbuf's text (or a 500 on no memory). */
static void reply_text(serve_reply *r, int status, const char *type, textbuf *b)
{
    if (b->oom) {
        free(b->p);
        serve_error(r, 500, "out of memory");
        return;
    }
    r->status = status;
    r->type = type;
    r->body = b->p;
    r->len = b->len;
}

void serve_error(serve_reply *r, int status, const char *message)
{
    textbuf b = { 0 };
    textbuf_printf(&b, "{\"error\":");
    json_write_string(&b, message, JSON_PAGE);
    textbuf_printf(&b, "}\n");
    free(r->body);
    r->body = NULL;
    if (b.oom) {                                /* the fixed text, with no allocation */
        free(b.p);
        r->status = status;
        r->type = JSON_TYPE;
        r->fixed = "{\"error\":\"out of memory\"}\n";
        r->len = strlen(r->fixed);
        return;
    }
    reply_text(r, status, JSON_TYPE, &b);
}

static void reply_answer(serve_reply *r, const table_answer *a)
{
    if (a->status != 200) { serve_error(r, a->status, a->message); return; }
    textbuf b = { 0 };
    textbuf_printf(&b, "{\"ok\":");
    json_write_string(&b, a->message, JSON_PAGE);
    textbuf_printf(&b, "}\n");
    reply_text(r, 200, JSON_TYPE, &b);
}

static void reply_fixed(serve_reply *r, const char *type, const char *text, size_t len)
{
    r->status = 200;
    r->type = type;
    r->fixed = text;
    r->len = len;
}

/* Parse a whole decimal number of at most 18 digits. */
static bool parse_count(const char *s, size_t n, long long *out)
{
    if (n == 0 || n > 18) return false;
    long long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return true;
}

/* The body of a move: exactly version=V&move=I (either order), nothing
 * else. */
static bool parse_move(const char *body, size_t len, long long *version, long long *move)
{
    bool has_v = false, has_m = false;
    size_t i = 0;
    while (i < len) {
        size_t end = i;
        while (end < len && body[end] != '&') end++;
        const char *eq = memchr(body + i, '=', end - i);
        if (!eq) return false;
        size_t klen = (size_t)(eq - (body + i));
        const char *v = eq + 1;
        size_t vlen = (size_t)(body + end - v);
        if (klen == 7 && !memcmp(body + i, "version", 7) && !has_v) {
            if (!parse_count(v, vlen, version)) return false;
            has_v = true;
        } else if (klen == 4 && !memcmp(body + i, "move", 4) && !has_m) {
            if (!parse_count(v, vlen, move)) return false;
            has_m = true;
        } else {
            return false;
        }
        i = end + 1;
        if (end == len - 1) return false;       /* a trailing & */
    }
    return has_v && has_m;
}

/* The body kind=VALUE (form-encoded: %XX and + decoded) into out; false
 * for anything else, a value too long or one holding a control byte. */
static bool parse_kind(const char *body, size_t len, char *out, size_t outlen)
{
    if (len < 6 || memcmp(body, "kind=", 5) != 0) return false;
    size_t n = 0;
    for (size_t i = 5; i < len; i++) {
        unsigned c = (unsigned char)body[i];
        if (c == '%') {
            unsigned v = 0;
            for (int k = 1; k <= 2; k++) {
                char h = i + (size_t)k < len ? body[i + (size_t)k] : 'x';
                if (h >= '0' && h <= '9') v = v * 16 + (unsigned)(h - '0');
                else if (h >= 'a' && h <= 'f') v = v * 16 + (unsigned)(h - 'a' + 10);
                else if (h >= 'A' && h <= 'F') v = v * 16 + (unsigned)(h - 'A' + 10);
                else return false;
            }
            c = v;
            i += 2;
        } else if (c == '+') {
            c = ' ';
        } else if (c == '&' || c == '=') {
            return false;
        }
        if (c < 0x20 || c == 0x7f || n + 1 >= outlen) return false;
        out[n++] = (char)c;
    }
    out[n] = '\0';
    return n > 0;
}

void serve_page(const serve_site *site, int seat, serve_reply *out)
{
    table_answer a = { 200, "" };
    char *svg = NULL;
    char *json = table_view_page(site->t, seat, &svg, &a);
    if (!json) { serve_error(out, a.status, a.message); return; }
    const char *html = site->pages->html;
    const char *pic = strstr(html, SERVE_PICTURE_MARK);
    const char *st = pic ? strstr(pic, SERVE_STATE_MARK) : NULL;
    textbuf b = { 0 };
    if (pic && st) {
        textbuf_printf(&b, "%.*s%s", (int)(pic - html), html, svg);
        pic += strlen(SERVE_PICTURE_MARK);
        textbuf_printf(&b, "%.*s%s%s", (int)(st - pic), pic, json, st + strlen(SERVE_STATE_MARK));
    } else {
        textbuf_printf(&b, "%s", html);               /* a page without the marks: its script asks */
    }
    free(svg);
    free(json);
    reply_text(out, 200, "text/html; charset=utf-8", &b);
}

/* The body of a preview: exactly version=V&moves=I,J,... (that order), at
 * most TABLE_MAX_PREVIEWS numbers; their count, or -1. */
static int parse_previews(const char *body, size_t len, long long *version, long moves[TABLE_MAX_PREVIEWS])
{
    const char *amp = memchr(body, '&', len);
    if (!amp || len < 8 || memcmp(body, "version=", 8) != 0) return -1;
    if (!parse_count(body + 8, (size_t)(amp - body) - 8, version)) return -1;
    const char *p = amp + 1, *end = body + len;
    if (end - p < 7 || memcmp(p, "moves=", 6) != 0) return -1;
    p += 6;
    int n = 0;
    while (p <= end) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        const char *stop = comma ? comma : end;
        long long m;
        if (n == TABLE_MAX_PREVIEWS || !parse_count(p, (size_t)(stop - p), &m)) return -1;
        moves[n++] = (long)m;
        if (!comma) break;
        p = comma + 1;
    }
    return n;
}

/* Split "/api/TOKEN/rest" into the token and the rest ("state"); false if
 * the URL is not of that shape. */
static bool split_api(const char *url, char token[TABLE_TOKEN_LEN + 1], const char **rest)
{
    const char *p = url + 5;                    /* past "/api/" */
    const char *slash = strchr(p, '/');
    if (!slash || slash - p != TABLE_TOKEN_LEN) return false;
    memcpy(token, p, TABLE_TOKEN_LEN);
    token[TABLE_TOKEN_LEN] = '\0';
    *rest = slash + 1;
    return true;
}

static bool is(const char *method, const char *want) { return strcmp(method, want) == 0; }

static void wrong_method(serve_reply *r, const char *allow)
{
    serve_error(r, 405, "wrong method for this URL");
    r->allow = allow;
}

void serve_handle(const serve_site *site, const char *method, const char *url,
                  const char *body, size_t len, serve_reply *out)
{
    memset(out, 0, sizeof *out);
    out->events_seat = -1;
    table *t = site->t;
    if (!method || !url || url[0] != '/' || strlen(url) > SERVE_MAX_URL) {
        serve_error(out, 400, "a malformed request");
        return;
    }
    if (len > SERVE_MAX_BODY) { serve_error(out, 413, "the request body is too large"); return; }
    bool get = is(method, "GET") || is(method, "HEAD");
    /* the page's files */
    if (!strcmp(url, "/page/table.js") || !strcmp(url, "/page/table.css")) {
        if (!get) { wrong_method(out, "GET, HEAD"); return; }
        if (url[12] == 'j') reply_fixed(out, "text/javascript; charset=utf-8", site->pages->js, site->pages->js_len);
        else reply_fixed(out, "text/css; charset=utf-8", site->pages->css, site->pages->css_len);
        return;
    }
    if (!strcmp(url, "/page/board.js")) {
        if (!get) { wrong_method(out, "GET, HEAD"); return; }
        reply_fixed(out, "text/javascript; charset=utf-8", site->pages->board_js, site->pages->board_js_len);
        return;
    }
    if (!strncmp(url, "/play/", 6)) {
        if (!get) { wrong_method(out, "GET, HEAD"); return; }
        int seat = table_seat_of(t, url + 6);
        if (seat < 0) {
            serve_error(out, 403, "no seat of this table has that token: use the URL grove serve printed");
            return;
        }
        serve_page(site, seat, out);
        return;
    }
    if (strncmp(url, "/api/", 5) != 0) {
        serve_error(out, 404, "no such page: open the URL of your seat that grove serve printed");
        return;
    }
    char token[TABLE_TOKEN_LEN + 1];
    const char *rest;
    if (!split_api(url, token, &rest)) { serve_error(out, 404, "no such URL: /api/TOKEN/..."); return; }
    int seat = table_seat_of(t, token);
    if (seat < 0) { serve_error(out, 403, "no seat of this table has that token"); return; }
    table_answer a = { 200, "" };
    if (!strcmp(rest, "state")) {
        if (!get) { wrong_method(out, "GET, HEAD"); return; }
        char *json = table_view(t, seat, &a);
        if (!json) { serve_error(out, a.status, a.message); return; }
        out->status = 200;
        out->type = JSON_TYPE;
        out->body = json;
        out->len = strlen(json);
    } else if (!strcmp(rest, "events")) {
        if (!get) { wrong_method(out, "GET, HEAD"); return; }
        out->status = 200;
        out->type = "text/event-stream";
        out->events_seat = seat;
    } else if (!strcmp(rest, "move")) {
        if (!is(method, "POST")) { wrong_method(out, "POST"); return; }
        long long version = 0, move = 0;
        if (!parse_move(body, len, &version, &move)) {
            serve_error(out, 400, "a move is version=V&move=I (the version shown and the move's number)");
            return;
        }
        table_play(t, seat, (uint64_t)version, (long)move, &a);
        reply_answer(out, &a);
    } else if (!strcmp(rest, "preview")) {
        if (!is(method, "POST")) { wrong_method(out, "POST"); return; }
        long long version = 0;
        long moves[TABLE_MAX_PREVIEWS];
        int n = parse_previews(body, len, &version, moves);
        if (n < 0) {
            serve_error(out, 400, "a preview is version=V&moves=I,J,... (the version shown and up to 16 moves' numbers)");
            return;
        }
        char *json = table_previews(t, seat, (uint64_t)version, moves, n, &a);
        if (!json) { serve_error(out, a.status, a.message); return; }
        out->status = 200;
        out->type = JSON_TYPE;
        out->body = json;
        out->len = strlen(json);
    } else if (!strcmp(rest, "undo")) {
        if (!is(method, "POST")) { wrong_method(out, "POST"); return; }
        if (len) { serve_error(out, 400, "an undo request has no body"); return; }
        table_undo_ask(t, seat, &a);
        reply_answer(out, &a);
    } else if (!strcmp(rest, "undo/yes") || !strcmp(rest, "undo/no")) {
        if (!is(method, "POST")) { wrong_method(out, "POST"); return; }
        long long request = 0;
        if (len < 9 || memcmp(body, "request=", 8) != 0 || !parse_count(body + 8, len - 8, &request)) {
            serve_error(out, 400, "an answer names the undo request it answers: request=N (its id in the state)");
            return;
        }
        table_undo_answer(t, seat, (uint64_t)request, rest[5] == 'y', &a);
        reply_answer(out, &a);
    } else if (!strcmp(rest, "hint")) {
        if (!is(method, "POST")) { wrong_method(out, "POST"); return; }
        if (len) { serve_error(out, 400, "a hint request has no body"); return; }
        char *json = table_hint(t, seat, &a);
        if (!json) { serve_error(out, a.status, a.message); return; }
        out->status = 200;
        out->type = JSON_TYPE;
        out->body = json;
        out->len = strlen(json);
    } else if (!strcmp(rest, "bot")) {
        if (!is(method, "POST")) { wrong_method(out, "POST"); return; }
        char kind[BOT_NAMELEN];
        if (!parse_kind(body, len, kind, sizeof kind)) {
            serve_error(out, 400, "hand a seat to a bot with kind=KIND (random, greedy, mcts, mcts:500 ...), "
                        "take it back with kind=off");
            return;
        }
        table_set_bot(t, seat, kind, &a);
        reply_answer(out, &a);
    } else if (!strcmp(rest, "save")) {
        if (!get) { wrong_method(out, "GET, HEAD"); return; }
        char name[96];
        char *text = table_save_text(t, name, sizeof name, &a);
        if (!text) { serve_error(out, a.status, a.message); return; }
        out->status = 200;
        out->type = "text/plain; charset=utf-8";
        out->body = text;
        out->len = strlen(text);
        for (size_t i = 0; name[i] && i + 1 < sizeof out->filename; i++) {     /* a name safe in a header */
            char c = name[i];
            bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
                         || c == '-' || c == '_';
            out->filename[i] = plain ? c : '_';
            out->filename[i + 1] = '\0';
        }
    } else {
        serve_error(out, 404, "no such URL: state, events, move, preview, undo, undo/yes, undo/no, hint, bot or save");
    }
}
