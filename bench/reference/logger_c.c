/*
 * logger_c.c — a hand-written, optimized C reference for `grove bench logger`.
 *
 * What it is: Logger (2 players) exactly as scripts/logger/game.lua plays it
 * (../shared/rules/logger.txt + DECISIONS.md "Logger" + grove's stuck-forest
 * rule), with the same move granularity: one move per logger placement, per
 * movement (0-2 orthogonal steps through empty squares, staying put
 * included), per spawning tree (board order), per plant/protest/chop, and
 * per "protest another or stop". Uniformly random playouts from the initial
 * position, counted the way repl/bench.c counts them (every decision is a
 * move, forced ones and the two placements included; "winning score" is the
 * best score at the end). The board is bitboards: 25 squares in uint32
 * masks, bit = 5 * rank + file (a1 = 0, e5 = 24); nothing is allocated in
 * the playout loop. PCG32, seeded per playout.
 *
 * How it was checked: (1) mean moves/playout and mean winning score against
 * `make && build/grove bench logger --seconds 3`: grove 80.4 moves and
 * 10.75, this program 80.3 and 10.74 (different random streams, within
 * sampling noise). (2) Move by move: 3000 random games played by grove
 * (`grove run`, logging every legal move list and the move chosen) were
 * replayed here with the same choices; every legal move list (sorted move
 * names) and every final best score were identical, stall-ended games
 * included.
 *
 *   cc -std=c11 -O2 -Wall -Wextra -Werror bench/reference/logger_c.c -o /tmp/logger_c
 *   /tmp/logger_c [seconds=3]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define SIZE 5
#define NSQ 25
#define FULL ((uint32_t)0x1FFFFFF)
#define FILE_A ((uint32_t)0x0108421)  /* a1 a2 a3 a4 a5 */
#define FILE_E (FILE_A << 4)           /* e1 .. e5 */
#define PLAYERS 2
#define PROTESTERS_EACH 2              /* 2 each with 2 players */
#define PYRAMIDS 20                    /* large, medium, small in the pool */
#define WINNING_SCORE 10
#define MOVE_CAP 100000                /* as repl/bench.c */

/* ---- PCG32 ------------------------------------------------------------- */

typedef struct { uint64_t state, inc; } pcg32;

static inline uint32_t pcg32_next(pcg32 *r)
{
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ULL + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
}

static void pcg32_seed(pcg32 *r, uint64_t seed, uint64_t seq)
{
    r->state = 0;
    r->inc = (seq << 1) | 1;
    pcg32_next(r);
    r->state += seed;
    pcg32_next(r);
}

/* Uniform in [0, n), n >= 1 (Lemire, unbiased). */
static inline uint32_t below(pcg32 *r, uint32_t n)
{
    uint64_t m = (uint64_t)pcg32_next(r) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)pcg32_next(r) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* ---- bits -------------------------------------------------------------- */

#if defined(__GNUC__) || defined(__clang__)
#define POPCOUNT(x) __builtin_popcount(x)
#define CTZ(x) __builtin_ctz(x)
#else
static inline int POPCOUNT(uint32_t x)
{
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}
static inline int CTZ(uint32_t x)
{
    int n = 0;
    while (!(x & 1)) { x >>= 1; n++; }
    return n;
}
#endif

#define BIT(sq) ((uint32_t)1 << (sq))

/* The k-th (from 0) set bit of m, as a square. */
static inline int nth_bit(uint32_t m, uint32_t k)
{
    while (k--) m &= m - 1;
    return CTZ(m);
}

/* m plus its orthogonal neighbours. */
static inline uint32_t dilate(uint32_t m)
{
    return m | ((m & ~FILE_E) << 1) | ((m & ~FILE_A) >> 1) | ((m << SIZE) & FULL) | (m >> SIZE);
}

/* A uniformly random square of a non-empty mask: one move. */
static inline int pick(pcg32 *r, uint32_t m)
{
    int n = POPCOUNT(m);
    return n == 1 ? CTZ(m) : nth_bit(m, below(r, (uint32_t)n));
}

static uint32_t NB[NSQ];      /* orthogonal neighbours */
static uint32_t LINES[NSQ];   /* row and column */

static void init_tables(void)
{
    for (int sq = 0; sq < NSQ; sq++) {
        NB[sq] = dilate(BIT(sq)) & ~BIT(sq);
        int x = sq % SIZE, y = sq / SIZE;
        LINES[sq] = ((uint32_t)0x1F << (SIZE * y)) | (FILE_A << x);
    }
}

/* ---- one playout --------------------------------------------------------- */

typedef struct {
    int moves;        /* decisions taken */
    int best;         /* best score at the end */
} outcome;

static outcome playout(pcg32 *r)
{
    /* trees by stage; protesters (always on mature trees); loggers */
    uint32_t seed = BIT(12), sap = 0, mat = 0, prot = 0, logm = 0;
    int large = PYRAMIDS - 1, medium = PYRAMIDS, small = PYRAMIDS;
    int pos[PLAYERS], score[PLAYERS], supply[PLAYERS];
    int moves = 0;

    /* Setup: loggers on free corners, in seat order (one move each). */
    uint32_t corners = BIT(0) | BIT(4) | BIT(20) | BIT(24);
    for (int s = 0; s < PLAYERS; s++) {
        int sq = pick(r, corners);
        corners &= ~BIT(sq);
        pos[s] = sq;
        logm |= BIT(sq);
        score[s] = 0;
        supply[s] = PROTESTERS_EACH;
        moves++;
    }

    int busy = 0, ending = 0;
    for (int s = 0;; s = (s + 1 == PLAYERS) ? 0 : s + 1) {
        /* 1. Movement: 0-2 steps through empty squares, staying put included. */
        int p = pos[s];
        uint32_t empty = FULL & ~(seed | sap | mat | logm);
        uint32_t r1 = dilate(BIT(p)) & empty;
        uint32_t dest = BIT(p) | r1 | (dilate(r1) & empty);
        int to = pick(r, dest);
        moves++;
        logm = (logm & ~BIT(p)) | BIT(to);
        pos[s] = p = to;

        /* 2. Growth of the row and column, simultaneous; the pool limits it
         * and board order decides who gets the last pieces. */
        uint32_t line = LINES[p];
        uint32_t spawners = line & mat;            /* only trees already mature */
        uint32_t gs = line & seed, gp = line & sap;
        int ns = POPCOUNT(gs), np = POPCOUNT(gp);
        if (ns > medium) {                         /* the first `medium` in board order */
            uint32_t keep = 0;
            for (int k = 0; k < medium; k++) { keep |= gs & -gs; gs &= gs - 1; }
            gs = keep;
            ns = medium;
        }
        if (np > small) {
            uint32_t keep = 0;
            for (int k = 0; k < small; k++) { keep |= gp & -gp; gp &= gp - 1; }
            gp = keep;
            np = small;
        }
        if (ns | np) {
            busy = 1;
            medium -= ns;
            small -= np;
            seed &= ~gs;
            sap = (sap & ~gp) | gs;
            mat |= gp;
        }

        /* Spawns: one move per spawning tree with an empty neighbour, in
         * board order, while the pool has a seedling. */
        while (spawners && large > 0) {
            int t = CTZ(spawners);
            spawners &= spawners - 1;
            uint32_t room = NB[t] & FULL & ~(seed | sap | mat | logm);
            if (!room) continue;
            int sq = pick(r, room);
            moves++;
            seed |= BIT(sq);
            large--;
            busy = 1;
        }

        /* 3. Action: mandatory when possible, skipped otherwise. */
        empty = FULL & ~(seed | sap | mat | logm);
        uint32_t plant = large > 0 ? NB[p] & empty : 0;
        uint32_t protestable = supply[s] > 0 ? mat & ~prot : 0;
        uint32_t chop = NB[p] & mat & ~prot;
        int npl = POPCOUNT(plant), npr = POPCOUNT(protestable), nch = POPCOUNT(chop);
        int n = npl + npr + nch;
        if (n) {
            uint32_t k = n == 1 ? 0 : below(r, (uint32_t)n);
            moves++;
            busy = 1;
            if (k < (uint32_t)npl) {
                seed |= BIT(nth_bit(plant, k));
                large--;
            } else if (k < (uint32_t)(npl + npr)) {
                /* Protest, then another or stop while another is possible. */
                prot |= BIT(nth_bit(protestable, k - (uint32_t)npl));
                supply[s]--;
                for (;;) {
                    protestable = supply[s] > 0 ? mat & ~prot : 0;
                    if (!protestable) break;
                    int m = POPCOUNT(protestable);
                    uint32_t j = below(r, (uint32_t)m + 1);   /* m protests + stop */
                    moves++;
                    if (j == (uint32_t)m) break;
                    prot |= BIT(nth_bit(protestable, j));
                    supply[s]--;
                }
            } else {
                /* Chop: the first tree, then every mature tree behind it. */
                int sq = nth_bit(chop, k - (uint32_t)(npl + npr));
                int d = sq - p;                    /* +-1 or +-5 */
                int felled = 0;
                for (;;) {
                    uint32_t b = BIT(sq);
                    mat &= ~b;
                    if (prot & b) { prot &= ~b; supply[s]++; }
                    felled++;
                    int x = sq % SIZE;
                    if ((d == 1 && x == SIZE - 1) || (d == -1 && x == 0)) break;
                    sq += d;
                    if (sq < 0 || sq >= NSQ || !(mat & BIT(sq))) break;
                }
                large += felled;
                medium += felled;
                small += felled;
                score[s] += felled;
            }
        }

        /* End of turn: 10 points trigger the end, the round is played out;
         * a whole round in which the forest did not change ends the game. */
        if (score[s] >= WINNING_SCORE) ending = 1;
        if (s == PLAYERS - 1) {
            if (!busy) ending = 1;
            busy = 0;
            if (ending || moves >= MOVE_CAP) break;
        }
    }

    int best = score[0];
    for (int s = 1; s < PLAYERS; s++)
        if (score[s] > best) best = score[s];
    return (outcome){ moves, best };
}

/* ---- the bench --------------------------------------------------------- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    double seconds = 3;
    if (argc > 1) {
        char *end;
        seconds = strtod(argv[1], &end);
        if (end == argv[1] || *end || !(seconds > 0)) {
            fprintf(stderr, "usage: %s [seconds=3]\n", argv[0]);
            return 2;
        }
    }
    init_tables();

    long playouts = 0, moves = 0, win_sum = 0;
    pcg32 r;
    double t0 = now(), t = t0;
    while (t - t0 < seconds) {
        pcg32_seed(&r, (uint64_t)playouts + 1, 0x67726f7665ULL);
        outcome o = playout(&r);
        moves += o.moves;
        win_sum += o.best;
        playouts++;
        if ((playouts & 63) == 0) t = now();
    }
    double elapsed = now() - t0;
    printf("hand-written C logger: %.0f playouts/s, %.0f moves/s, %.1f mean moves/playout, "
           "%.2f mean winning score\n",
           playouts / elapsed, moves / elapsed, (double)moves / playouts, (double)win_sum / playouts);
    return 0;
}
