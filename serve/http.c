/*
 * http.c — `grove serve` on libmicrohttpd (http.h). libmicrohttpd parses
 * the requests; this file collects a request's body (refusing one larger
 * than SERVE_MAX_BODY), limits how fast each client may ask, hands the
 * request to serve_handle, and writes the answer with its headers, or
 * streams the table's versions as server-sent events.
 */
#include "http.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#define MAX_CONNECTIONS 128         /* open connections in all */
#define MAX_PER_CLIENT 48           /* open connections from one address */
#define BUCKET 240                  /* requests a client may make at once ... */
#define REFILL_PER_SECOND 120       /* ... and then this many a second */
#define CLIENTS 64                  /* addresses whose rate is kept */
#define EVENT_WAIT_MS 15000         /* a comment line this often keeps a stream open */

typedef struct {
    char addr[INET6_ADDRSTRLEN];
    double tokens;
    double at;                      /* when tokens was last refilled (seconds) */
} client_rate;

struct serve_server {
    struct MHD_Daemon *d;
    const serve_site *site;
    int port;
    pthread_mutex_t rate_lock;
    client_rate clients[CLIENTS];
    unsigned long throttled;
};

/* One request's state across the calls libmicrohttpd makes for it. */
typedef struct {
    char body[SERVE_MAX_BODY + 1];
    size_t len;
    bool too_large;
    bool throttled;
} request;

/* One event stream. */
typedef struct {
    table *t;
    uint64_t sent;                  /* the version last sent (0: none yet) */
} stream;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* May this client make one more request now? A token bucket per address. */
static bool allow(serve_server *s, struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    char addr[INET6_ADDRSTRLEN] = "?";
    if (info && info->client_addr) {
        const struct sockaddr *sa = info->client_addr;
        if (sa->sa_family == AF_INET) inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, addr, sizeof addr);
        else if (sa->sa_family == AF_INET6) inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, addr, sizeof addr);
    }
    double now = now_seconds();
    pthread_mutex_lock(&s->rate_lock);
    client_rate *slot = NULL, *oldest = &s->clients[0];
    for (int i = 0; i < CLIENTS && !slot; i++) {
        if (!strcmp(s->clients[i].addr, addr)) slot = &s->clients[i];
        else if (s->clients[i].at < oldest->at) oldest = &s->clients[i];
    }
    if (!slot) {                                /* a new address takes the stalest place */
        slot = oldest;
        snprintf(slot->addr, sizeof slot->addr, "%s", addr);
        slot->tokens = BUCKET;
        slot->at = now;
    }
    slot->tokens += (now - slot->at) * REFILL_PER_SECOND;
    if (slot->tokens > BUCKET) slot->tokens = BUCKET;
    slot->at = now;
    bool ok = slot->tokens >= 1;
    if (ok) slot->tokens -= 1;
    else s->throttled++;
    pthread_mutex_unlock(&s->rate_lock);
    return ok;
}

static void add_headers(struct MHD_Response *r, const serve_reply *rep)
{
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, rep->type ? rep->type : "text/plain");
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");      /* the token stays in this tab */
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                            "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
                            "frame-ancestors 'none'");
    if (rep->allow) MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, rep->allow);
    if (rep->status == 429) MHD_add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, "1");
}

/* The next piece of an event stream: the version when it changed, else a
 * comment that keeps the connection open; the end once the table stops. */
static ssize_t read_events(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    stream *st = cls;
    uint64_t v = st->sent ? table_wait(st->t, st->sent, EVENT_WAIT_MS) : table_version(st->t);
    if (table_stopping(st->t)) return MHD_CONTENT_READER_END_OF_STREAM;
    int n;
    if (v != st->sent) {
        n = snprintf(buf, max, "event: table\ndata: %llu\n\n", (unsigned long long)v);
        st->sent = v;
    } else {
        n = snprintf(buf, max, ": waiting\n\n");
    }
    return n > 0 && (size_t)n < max ? n : MHD_CONTENT_READER_END_WITH_ERROR;
}

static enum MHD_Result queue(struct MHD_Connection *c, serve_reply *rep)
{
    struct MHD_Response *r;
    if (rep->fixed) r = MHD_create_response_from_buffer(rep->len, (void *)rep->fixed, MHD_RESPMEM_PERSISTENT);
    else r = MHD_create_response_from_buffer(rep->len, rep->body ? rep->body : (void *)"", MHD_RESPMEM_MUST_COPY);
    if (!r) return MHD_NO;
    add_headers(r, rep);
    enum MHD_Result ret = MHD_queue_response(c, (unsigned)rep->status, r);
    MHD_destroy_response(r);
    return ret;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
    (void)version;
    serve_server *s = cls;
    request *req = *con_cls;
    if (!req) {                                 /* the headers are in: the first call */
        req = calloc(1, sizeof *req);
        if (!req) return MHD_NO;
        *con_cls = req;
        req->throttled = !allow(s, c);
        return MHD_YES;
    }
    if (*upload_size) {                         /* a piece of the body */
        if (!req->too_large && req->len + *upload_size <= SERVE_MAX_BODY) {
            memcpy(req->body + req->len, upload, *upload_size);
            req->len += *upload_size;
        } else {
            req->too_large = true;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    serve_reply rep;
    if (req->throttled) {
        memset(&rep, 0, sizeof rep);
        rep.events_seat = -1;
        serve_error(&rep, 429, "too many requests: wait a moment");
    } else if (req->too_large) {
        memset(&rep, 0, sizeof rep);
        rep.events_seat = -1;
        serve_error(&rep, 413, "the request body is too large");
    } else {
        req->body[req->len] = '\0';
        serve_handle(s->site, method, url, req->body, req->len, &rep);
    }
    enum MHD_Result ret;
    if (rep.events_seat >= 0 && rep.status == 200) {
        stream *st = malloc(sizeof *st);
        struct MHD_Response *r = st ? MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 256, read_events, st, free)
                                    : NULL;
        if (!r) {
            free(st);
            serve_error(&rep, 500, "out of memory");
            ret = queue(c, &rep);
        } else {
            st->t = s->site->t;
            st->sent = 0;
            add_headers(r, &rep);
            ret = MHD_queue_response(c, MHD_HTTP_OK, r);
            MHD_destroy_response(r);
        }
    } else {
        ret = queue(c, &rep);
    }
    serve_reply_free(&rep);
    return ret;
}

static void on_done(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode why)
{
    (void)cls; (void)c; (void)why;
    free(*con_cls);
    *con_cls = NULL;
}

serve_server *serve_start(const serve_site *site, const char *addr, int port, char *err, size_t errlen)
{
    struct sockaddr_in v4 = { 0 };
    struct sockaddr_in6 v6 = { 0 };
    const struct sockaddr *sa;
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD;
    if (inet_pton(AF_INET, addr, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons((uint16_t)port);
        sa = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, addr, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons((uint16_t)port);
        sa = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        snprintf(err, errlen, "--listen %s: not an IPv4 or IPv6 address (e.g. 127.0.0.1, 0.0.0.0, ::1)", addr);
        return NULL;
    }
    serve_server *s = calloc(1, sizeof *s);
    if (!s) { snprintf(err, errlen, "out of memory"); return NULL; }
    s->site = site;
    pthread_mutex_init(&s->rate_lock, NULL);
    s->d = MHD_start_daemon(flags, (uint16_t)port, NULL, NULL, on_request, s,
                            MHD_OPTION_SOCK_ADDR, sa,
                            MHD_OPTION_NOTIFY_COMPLETED, on_done, NULL,
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)MAX_CONNECTIONS,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)MAX_PER_CLIENT,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
                            MHD_OPTION_END);
    if (!s->d) {
        snprintf(err, errlen, "cannot listen on %s port %d (is the port taken? --port chooses another)", addr, port);
        pthread_mutex_destroy(&s->rate_lock);
        free(s);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info ? info->port : port;
    return s;
}

int serve_port(const serve_server *s) { return s->port; }
unsigned long serve_throttled(const serve_server *s) { return s->throttled; }

void serve_stop(serve_server *s)
{
    if (!s) return;
    MHD_stop_daemon(s->d);
    pthread_mutex_destroy(&s->rate_lock);
    free(s);
}
