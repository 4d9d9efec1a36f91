/*
 * quota.h — how much of `grove serve` one client may hold, apart from
 * HTTP (http.c asks these at each connection, request and event stream):
 * plain C with the clock passed in, so the tests drive it directly.
 *
 *   connections   an address holds at most QUOTA_PER_ADDRESS connections
 *                 (event streams apart), all addresses together at most
 *                 QUOTA_REQUESTS: so a few addresses that open
 *                 connections and never finish a request cannot take every
 *                 place (libmicrohttpd closes one idle for
 *                 QUOTA_IDLE_SECONDS);
 *   event streams counted apart: each token (a seat, or the onlooker)
 *                 holds at most QUOTA_STREAMS_PER_SEAT, however many
 *                 addresses it opens them from, so the streams of all
 *                 seats together never crowd out requests, nor requests
 *                 the streams;
 *   rate          a token bucket per address: QUOTA_BUCKET requests at
 *                 once, then QUOTA_REFILL a second. The table of buckets
 *                 holds QUOTA_CLIENTS addresses and gives a new one only a
 *                 place whose bucket has refilled (which loses nothing);
 *                 when there is none, new addresses share one bucket. An
 *                 address is never pushed out to come back with a full
 *                 bucket.
 *
 * An IPv6 address counts by its /64 (one machine may hold all of it), an
 * IPv4 one as it is.
 *
 * Threads: every function takes the quota's own lock.
 */
#ifndef GROVE_QUOTA_H
#define GROVE_QUOTA_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

#define QUOTA_PER_ADDRESS 16       /* open connections from one address, event streams apart */
#define QUOTA_REQUESTS 192         /* open connections in all, event streams apart */
#define QUOTA_STREAMS_PER_SEAT 4   /* event streams one token holds */
#define QUOTA_IDLE_SECONDS 10      /* a connection that sends nothing so long is closed (http.c) */
#define QUOTA_BUCKET 240           /* requests an address may make at once ... */
#define QUOTA_REFILL 120           /* ... and then this many a second */
#define QUOTA_CLIENTS 256          /* addresses whose bucket is kept */
#define QUOTA_MAX_SEATS 32         /* seats (and the onlooker, 0) whose streams are counted */
#define QUOTA_KEYLEN 48            /* an address as text */

typedef struct serve_quota serve_quota;

/* A new quota, nothing held; NULL on no memory. */
serve_quota *quota_new(void);
void quota_free(serve_quota *l);

/* The key an address counts by, as text: "192.0.2.7", "2001:db8:1:2::/64";
 * "?" for an address of another family. */
void quota_key(const struct sockaddr *sa, char out[QUOTA_KEYLEN]);

/* May address `key` open one more connection (neither it nor all together
 * at their limit)? Counts nothing: quota_connect does, once it is open. */
bool quota_may_connect(serve_quota *l, const char *key);

/* A connection of `key` was opened (counted even past the limit: the
 * server took it) / closed; `stream_seat` is the seat whose event stream
 * it had become (quota_stream), -1 when none. */
void quota_connect(serve_quota *l, const char *key);
void quota_disconnect(serve_quota *l, const char *key, int stream_seat);

/* A connection of `key` becomes an event stream of `seat` (0..
 * QUOTA_MAX_SEATS - 1): it no longer counts for its address but for its
 * seat. False, counting nothing, when that seat holds
 * QUOTA_STREAMS_PER_SEAT streams already. */
bool quota_stream(serve_quota *l, const char *key, int seat);

/* May `key` make one more request at time `now` (seconds, any steady
 * origin)? Takes one from its bucket; false (429) when it is empty. */
bool quota_allow(serve_quota *l, const char *key, double now);

/* Requests refused by quota_allow so far. */
unsigned long quota_throttled(serve_quota *l);

/* What is held now: connections of `key` and in all (event streams apart),
 * and the event streams of `seat`. For the tests. */
int quota_held(serve_quota *l, const char *key, int *all, int seat, int *streams);

#endif
