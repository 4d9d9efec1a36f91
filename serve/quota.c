/*
 * quota.c — how much of `grove serve` one client may hold (quota.h):
 * connections per address, event streams per seat, requests per second
 * per address.
 */
#include "quota.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPEN_ADDRESSES 512          /* addresses with connections open: more than the server takes */

typedef struct {
    char key[QUOTA_KEYLEN];        /* "" when free */
    double tokens;
    double at;                      /* when tokens was last brought up to date (seconds) */
} bucket;

typedef struct {
    char key[QUOTA_KEYLEN];        /* "" when free */
    int open;                       /* its connections open, event streams apart */
} address;

struct serve_quota {
    pthread_mutex_t lock;
    address open[OPEN_ADDRESSES];
    int requests;                   /* connections open in all, event streams apart */
    int streams[QUOTA_MAX_SEATS];  /* event streams open per seat */
    bucket buckets[QUOTA_CLIENTS];
    bucket shared;                  /* for the addresses the table has no place for */
    unsigned long throttled;
};

serve_quota *quota_new(void)
{
    serve_quota *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    pthread_mutex_init(&l->lock, NULL);
    l->shared.tokens = QUOTA_BUCKET;
    l->shared.at = -1;                          /* set at the first request */
    return l;
}

void quota_free(serve_quota *l)
{
    if (!l) return;
    pthread_mutex_destroy(&l->lock);
    free(l);
}

void quota_key(const struct sockaddr *sa, char out[QUOTA_KEYLEN])
{
    snprintf(out, QUOTA_KEYLEN, "?");
    if (!sa) return;
    if (sa->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, out, QUOTA_KEYLEN);
    } else if (sa->sa_family == AF_INET6) {
        struct in6_addr a = ((const struct sockaddr_in6 *)sa)->sin6_addr;
        if (IN6_IS_ADDR_V4MAPPED(&a)) {                 /* an IPv4 client of a dual-stack socket */
            inet_ntop(AF_INET, &a.s6_addr[12], out, QUOTA_KEYLEN);
            return;
        }
        memset(&a.s6_addr[8], 0, 8);                    /* its /64 */
        char text[INET6_ADDRSTRLEN];
        inet_ntop(AF_INET6, &a, text, sizeof text);
        snprintf(out, QUOTA_KEYLEN, "%s/64", text);
    }
}

/* The place of key among the open addresses, or NULL; with `add`, a free
 * place for it when it has none (NULL when there is none). Locked. */
static address *find_open(serve_quota *l, const char *key, bool add)
{
    address *free_place = NULL;
    for (int i = 0; i < OPEN_ADDRESSES; i++) {
        if (!strcmp(l->open[i].key, key)) return &l->open[i];
        if (!free_place && !l->open[i].key[0]) free_place = &l->open[i];
    }
    if (add && free_place) snprintf(free_place->key, sizeof free_place->key, "%s", key);
    return add ? free_place : NULL;
}

bool quota_may_connect(serve_quota *l, const char *key)
{
    pthread_mutex_lock(&l->lock);
    address *a = find_open(l, key, false);
    bool ok = l->requests < QUOTA_REQUESTS && (a ? a->open < QUOTA_PER_ADDRESS : find_open(l, "", false) != NULL);
    pthread_mutex_unlock(&l->lock);
    return ok;
}

void quota_connect(serve_quota *l, const char *key)
{
    pthread_mutex_lock(&l->lock);
    address *a = find_open(l, key, true);
    if (a) a->open++;
    l->requests++;
    pthread_mutex_unlock(&l->lock);
}

/* One connection of key less (event streams apart). Locked. */
static void release(serve_quota *l, const char *key)
{
    address *a = find_open(l, key, false);
    if (a && --a->open <= 0) memset(a, 0, sizeof *a);
    if (l->requests > 0) l->requests--;
}

void quota_disconnect(serve_quota *l, const char *key, int stream_seat)
{
    pthread_mutex_lock(&l->lock);
    if (stream_seat >= 0 && stream_seat < QUOTA_MAX_SEATS) {
        if (l->streams[stream_seat] > 0) l->streams[stream_seat]--;
    } else {
        release(l, key);
    }
    pthread_mutex_unlock(&l->lock);
}

bool quota_stream(serve_quota *l, const char *key, int seat)
{
    if (seat < 0 || seat >= QUOTA_MAX_SEATS) return false;
    pthread_mutex_lock(&l->lock);
    bool ok = l->streams[seat] < QUOTA_STREAMS_PER_SEAT;
    if (ok) {
        l->streams[seat]++;
        release(l, key);
    }
    pthread_mutex_unlock(&l->lock);
    return ok;
}

/* Bring b's tokens up to `now`. */
static void refill(bucket *b, double now)
{
    if (b->at >= 0 && now > b->at) b->tokens += (now - b->at) * QUOTA_REFILL;
    if (b->tokens > QUOTA_BUCKET) b->tokens = QUOTA_BUCKET;
    b->at = now;
}

/* The bucket of key: its own, else a place whose bucket has refilled by
 * now (a free one, or one whose address would come back to a full bucket
 * anyway), else the shared one. Locked. */
static bucket *bucket_of(serve_quota *l, const char *key, double now)
{
    bucket *spare = NULL;
    for (int i = 0; i < QUOTA_CLIENTS; i++) {
        bucket *b = &l->buckets[i];
        if (!strcmp(b->key, key)) return b;
        if (!spare && (!b->key[0] || b->tokens + (now - b->at) * QUOTA_REFILL >= QUOTA_BUCKET)) spare = b;
    }
    if (!spare) return &l->shared;
    snprintf(spare->key, sizeof spare->key, "%s", key);
    spare->tokens = QUOTA_BUCKET;
    spare->at = now;
    return spare;
}

bool quota_allow(serve_quota *l, const char *key, double now)
{
    pthread_mutex_lock(&l->lock);
    bucket *b = bucket_of(l, key, now);
    refill(b, now);
    bool ok = b->tokens >= 1;
    if (ok) b->tokens -= 1;
    else l->throttled++;
    pthread_mutex_unlock(&l->lock);
    return ok;
}

unsigned long quota_throttled(serve_quota *l)
{
    pthread_mutex_lock(&l->lock);
    unsigned long n = l->throttled;
    pthread_mutex_unlock(&l->lock);
    return n;
}

int quota_held(serve_quota *l, const char *key, int *all, int seat, int *streams)
{
    pthread_mutex_lock(&l->lock);
    address *a = find_open(l, key, false);
    int n = a ? a->open : 0;
    if (all) *all = l->requests;
    if (streams) *streams = seat >= 0 && seat < QUOTA_MAX_SEATS ? l->streams[seat] : 0;
    pthread_mutex_unlock(&l->lock);
    return n;
}
