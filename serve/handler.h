/*
 * handler.h — what `grove serve` answers to a request, apart from HTTP
 * itself (http.c reads requests with libmicrohttpd and writes the answers):
 * the routes, the token in each URL, the checks on a request, and the calls
 * on the table. Pure C on strings, so the fuzzer drives it directly.
 *
 *   GET  /play/TOKEN              the page of the seat TOKEN grants, with
 *                                 its picture and state already in it
 *                                 (serve_page), so it shows the position
 *                                 before any script runs
 *   GET  /page/table.js, table.css the page's script and style
 *   GET  /api/TOKEN/state         what that seat sees (JSON)
 *   GET  /api/TOKEN/events        server-sent events: the table's version
 *                                 whenever it changes (http.c streams it)
 *   POST /api/TOKEN/move          version=V&move=I: play move I of the list
 *                                 shown at version V
 *   POST /api/TOKEN/undo          ask to take back your last move
 *   POST /api/TOKEN/undo/yes|no   request=N: answer undo request N (the
 *                                 id of the state's undo)
 *   POST /api/TOKEN/hint          what the default bot would play for this
 *                                 seat, which is to act (to it alone)
 *   POST /api/TOKEN/bot           kind=KIND: a bot plays this seat from
 *                                 now on; kind=off: its person again
 *   GET  /api/TOKEN/save          the save file of the game now (it holds
 *                                 the seed, so every hidden card follows
 *                                 from it: docs/reliability.md)
 *
 * Every refusal leaves the table unchanged and says why, as JSON
 * {"error": "..."} with its status: 400 malformed (or a bot that thinks
 * too long), 403 a token of no seat of this table or a move that is not
 * this seat's, 404 no such page, 405
 * the wrong method, 409 the table moved on or the game is over (or an
 * undo answer names a request no longer open, or a bot would have to
 * agree to take back a move that showed something, or a hint asked out of
 * turn or overtaken by a move), 413 a body too large, 503 a hint asked
 * while the table stops;
 * http.c adds 429 (too many requests, or event streams of one token).
 */
#ifndef GROVE_HANDLER_H
#define GROVE_HANDLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "table.h"

#define SERVE_MAX_BODY 1024         /* the largest request body taken */
#define SERVE_MAX_URL 256           /* the longest URL taken */

/* The page's files, read once at start (owned by whoever made it). The
 * page (html) holds two marks that serve_page fills for each seat:
 * SERVE_PICTURE_MARK (inside the board's element: the seat's picture) and
 * SERVE_STATE_MARK (inside a <script type="application/json"> element:
 * the seat's state, as /api/TOKEN/state gives it). */
#define SERVE_PICTURE_MARK "<!--grove:picture-->"
#define SERVE_STATE_MARK "<!--grove:state-->"
typedef struct {
    char *html, *js, *css;
    size_t html_len, js_len, css_len;
    char *board_js;                 /* board.js: clicks on the picture, previews, card zoom */
    size_t board_js_len;
} serve_pages;

typedef struct {
    table *t;
    const serve_pages *pages;
} serve_site;

typedef struct {
    int status;                     /* the HTTP status */
    const char *type;               /* the Content-Type */
    char *body;                     /* owned (malloc'ed), or NULL when `fixed` is set */
    const char *fixed;              /* a body owned elsewhere (the page's files) */
    size_t len;                     /* the body's bytes */
    const char *allow;              /* for 405: the methods allowed */
    char filename[96];              /* a download's name (Content-Disposition), or "" */
    int events_seat;                /* >= 0: stream the events of this seat (GET .../events) */
} serve_reply;

/* Answer one request: method ("GET", "POST", ...), the URL's path, the
 * body (len bytes, may hold anything). Fills *out; the caller frees
 * out->body with serve_reply_free. */
void serve_handle(const serve_site *site, const char *method, const char *url,
                  const char *body, size_t len, serve_reply *out);
void serve_reply_free(serve_reply *r);

/* The page of `seat`: the template with its picture and its state in
 * their marks, one version of the table. The state is JSON whose strings
 * escape <, > and &, so it cannot end its script element; the picture is
 * the SVG table_view holds, drawn from the components with every text
 * escaped. */
void serve_page(const serve_site *site, int seat, serve_reply *out);

/* A reply of status with {"error": message}. */
void serve_error(serve_reply *r, int status, const char *message);

#endif
