/*
 * http.c — `grove serve` on libmicrohttpd (http.h). libmicrohttpd parses
 * the requests; this file collects a request's body (refusing one larger
 * than SERVE_MAX_BODY), keeps each client within its limits (quota.h:
 * connections per address, event streams per seat, requests a second),
 * hands the request to serve_handle, and writes the answer with its
 * headers, or streams the table's versions as server-sent events.
 */
#include "http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "quota.h"

/* Every connection libmicrohttpd may hold: the requests' and every seat's
 * event streams (quota.h keeps each within its share). */
#define MAX_CONNECTIONS (QUOTA_REQUESTS + (TABLE_MAX_SEATS + 1) * QUOTA_STREAMS_PER_SEAT + 16)
#define EVENT_SLICE_MS 1000         /* an event stream looks this often whether its client left */
#define EVENT_BEAT_MS 5000          /* and sends a comment this often (below QUOTA_IDLE_SECONDS) */

struct serve_server {
    struct MHD_Daemon *d;
    const serve_site *site;
    int port;
    serve_quota *quota;
};

/* One connection, as quota.h counts it. */
typedef struct {
    char key[QUOTA_KEYLEN];        /* its address's */
    int stream_seat;                /* the seat whose event stream it is, -1: none */
} connection;

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
    int fd;                         /* its socket, to see whether the client left; -1: unknown */
} stream;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The connection's own record (made when it opened), or NULL. */
static connection *connection_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/* May this client make one more request now? A token bucket per address. */
static bool allow(serve_server *s, struct MHD_Connection *c)
{
    connection *conn = connection_of(c);
    return quota_allow(s->quota, conn ? conn->key : "?", now_seconds());
}

/* Before libmicrohttpd takes a connection: is its address within its
 * share, and are the requests' places not all taken? */
static enum MHD_Result on_accept(void *cls, const struct sockaddr *addr, socklen_t addrlen)
{
    (void)addrlen;
    serve_server *s = cls;
    char key[QUOTA_KEYLEN];
    quota_key(addr, key);
    return quota_may_connect(s->quota, key) ? MHD_YES : MHD_NO;
}

/* A connection opened or closed: count it. */
static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe)
{
    serve_server *s = cls;
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        connection *conn = malloc(sizeof *conn);
        *socket_context = conn;
        if (!conn) return;                      /* no memory: not counted, and it opens no stream */
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        quota_key(info ? info->client_addr : NULL, conn->key);
        conn->stream_seat = -1;
        quota_connect(s->quota, conn->key);
    } else if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
        connection *conn = *socket_context;
        if (conn) quota_disconnect(s->quota, conn->key, conn->stream_seat);
        free(conn);
        *socket_context = NULL;
    }
}

/* Has the client of the stream closed its end? */
static bool client_left(const stream *st)
{
    if (st->fd < 0) return false;
    char byte;
    ssize_t n = recv(st->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
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
    if (rep->filename[0]) {                     /* a download: plain letters, digits, . - _ only */
        char disposition[128];
        snprintf(disposition, sizeof disposition, "attachment; filename=\"%s\"", rep->filename);
        MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_DISPOSITION, disposition);
    }
    if (rep->status == 429) MHD_add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, "1");
}

/* The next piece of an event stream: the version when it changed, else
 * (every EVENT_BEAT_MS) a comment that keeps the connection open; the end
 * once the table stops, or soon after the client has left (its place is
 * free again within EVENT_SLICE_MS, not at the next comment). */
static ssize_t read_events(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    stream *st = cls;
    uint64_t v = st->sent ? st->sent : table_version(st->t);
    for (int waited = 0; st->sent && v == st->sent && waited < EVENT_BEAT_MS; waited += EVENT_SLICE_MS) {
        v = table_wait(st->t, st->sent, EVENT_SLICE_MS);
        if (table_stopping(st->t) || client_left(st)) break;
    }
    if (table_stopping(st->t)) return MHD_CONTENT_READER_END_OF_STREAM;
    if (client_left(st)) return MHD_CONTENT_READER_END_WITH_ERROR;
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
    connection *conn = rep.events_seat >= 0 && rep.status == 200 ? connection_of(c) : NULL;
    if (rep.events_seat >= 0 && rep.status == 200 && !conn) {
        serve_error(&rep, 500, "out of memory");
        rep.events_seat = -1;
    } else if (conn && conn->stream_seat < 0 && !quota_stream(s->quota, conn->key, rep.events_seat)) {
        char why[160];
        snprintf(why, sizeof why, "%s holds %d event streams already: close a page of it first",
                 rep.events_seat ? "this seat" : "the onlooker", QUOTA_STREAMS_PER_SEAT);
        serve_error(&rep, 429, why);
        rep.events_seat = -1;
    } else if (conn && conn->stream_seat < 0) {
        conn->stream_seat = rep.events_seat;
    }
    if (rep.events_seat >= 0 && rep.status == 200) {
        stream *st = malloc(sizeof *st);
        struct MHD_Response *r = st ? MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 256, read_events, st, free)
                                    : NULL;
        if (!r) {
            free(st);
            serve_error(&rep, 500, "out of memory");
            ret = queue(c, &rep);
        } else {
            const union MHD_ConnectionInfo *fd = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
            st->t = s->site->t;
            st->sent = 0;
            st->fd = fd ? fd->connect_fd : -1;
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
    s->quota = quota_new();
    if (!s->quota) { free(s); snprintf(err, errlen, "out of memory"); return NULL; }
    s->d = MHD_start_daemon(flags, (uint16_t)port, on_accept, s, on_request, s,
                            MHD_OPTION_SOCK_ADDR, sa,
                            MHD_OPTION_NOTIFY_COMPLETED, on_done, NULL,
                            MHD_OPTION_NOTIFY_CONNECTION, on_connection, s,
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)MAX_CONNECTIONS,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)QUOTA_IDLE_SECONDS,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
                            MHD_OPTION_END);
    if (!s->d) {
        snprintf(err, errlen, "cannot listen on %s port %d (is the port taken? --port chooses another)", addr, port);
        quota_free(s->quota);
        free(s);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info ? info->port : port;
    return s;
}

int serve_port(const serve_server *s) { return s->port; }
unsigned long serve_throttled(const serve_server *s) { return quota_throttled(s->quota); }

void serve_stop(serve_server *s)
{
    if (!s) return;
    MHD_stop_daemon(s->d);
    quota_free(s->quota);
    free(s);
}
