/*
 * http.h — the HTTP server of `grove serve`, on libmicrohttpd: a thread per
 * connection (so a page's event stream may wait for the table), each
 * client's share (quota.h: connections per address, event streams per
 * token, requests a second; a connection idle 10 s is closed), the answers
 * of handler.c with the headers every answer carries, and the event
 * streams.
 */
#ifndef GROVE_HTTP_H
#define GROVE_HTTP_H

#include <stdbool.h>
#include <stddef.h>

#include "handler.h"

typedef struct serve_server serve_server;

/* Listen on addr (an IPv4 or IPv6 address, e.g. "127.0.0.1") and port (0:
 * any free port) and answer requests on `site` in the server's threads.
 * NULL with err when the address is no address or the port is taken. */
serve_server *serve_start(const serve_site *site, const char *addr, int port, char *err, size_t errlen);

/* The port it listens on. */
int serve_port(const serve_server *s);

/* Stop listening, close every connection, wait for their threads. The
 * table must be stopped first (table_stop) so event streams end. */
void serve_stop(serve_server *s);

/* Requests refused for coming too fast (429) so far. */
unsigned long serve_throttled(const serve_server *s);

#endif
