/*
 * plot.c — `grove sim --plot FILE.svg`: the sim's results as an SVG 1.1
 * document written by hand (no library), one panel under another:
 *
 *   1. win rate per seat: a bar for the rate, a black whisker for its 95%
 *      interval, a dashed line at an even share;
 *   2. score per seat: a box plot (box q1..q3, thick line at the median,
 *      whiskers to the lowest and highest score, a diamond at the mean).
 *      A box plot rather than a histogram because it puts every seat, and
 *      both runs of a comparison, on one shared score axis, so seats and
 *      runs compare at a glance; per-seat histograms would need one small
 *      chart per seat and run. It also draws exactly the quartiles the
 *      sim prints;
 *   3. game length: a histogram of moves per game.
 *
 * With two runs, A is blue and B orange in every panel (a dark and a light
 * colour, still apart when printed in grey), named in a legend under the
 * title. Every number is printed with fixed decimals, so the same data
 * gives the same bytes. Every text from outside (game title, variants, bot
 * names) goes through put_text, which escapes it for XML.
 */
#include "plot.h"
#include "outfile.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- a growing text buffer ------------------------------------------------------ */

typedef struct {
    char *p;
    size_t len, cap;
    bool failed;                    /* an allocation failed: the text is incomplete */
} sbuf;

static bool reserve(sbuf *b, size_t more)
{
    if (b->failed) return false;
    if (b->len + more + 1 <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 16384;
    while (cap < b->len + more + 1) cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) { b->failed = true; return false; }
    b->p = p;
    b->cap = cap;
    return true;
}

static void put(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Append printf-style text. */
static void put(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !reserve(b, (size_t)n)) { b->failed = true; return; }
    va_start(ap, fmt);
    vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* The length of the valid UTF-8 sequence at s that XML allows as a
 * character, or 0 if there is none there. */
static int xml_char(const unsigned char *s)
{
    unsigned c = s[0];
    if (c < 0x20) return c == '\t' || c == '\n' || c == '\r';
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c <= 0xdf) return (s[1] & 0xc0) == 0x80 ? 2 : 0;
    if (c >= 0xe0 && c <= 0xef) {
        unsigned lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;   /* no overlong, no surrogate */
        if (s[1] < lo || s[1] > hi || (s[2] & 0xc0) != 0x80) return 0;
        if (c == 0xef && s[1] == 0xbf && (s[2] == 0xbe || s[2] == 0xbf)) return 0;   /* U+FFFE, U+FFFF */
        return 3;
    }
    if (c >= 0xf0 && c <= 0xf4) {
        unsigned lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
        if (s[1] < lo || s[1] > hi || (s[2] & 0xc0) != 0x80 || (s[3] & 0xc0) != 0x80) return 0;
        return 4;
    }
    return 0;
}

/* Append s as XML character data or attribute text: the five special
 * characters escaped, and each byte that is not part of a character XML
 * allows (control characters, broken UTF-8) replaced by '?'. */
static void put_text(sbuf *b, const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    while (*u) {
        switch (*u) {
        case '&': put(b, "&amp;"); u++; continue;
        case '<': put(b, "&lt;"); u++; continue;
        case '>': put(b, "&gt;"); u++; continue;
        case '"': put(b, "&quot;"); u++; continue;
        case '\'': put(b, "&apos;"); u++; continue;
        default: break;
        }
        int k = xml_char(u);
        if (k == 0) { put(b, "?"); u++; continue; }
        if (!reserve(b, (size_t)k)) return;
        memcpy(b->p + b->len, u, (size_t)k);
        b->len += (size_t)k;
        u += k;
    }
    if (reserve(b, 0)) b->p[b->len] = '\0';
}

/* ---- layout ------------------------------------------------------------------------ */

#define FONT "DejaVu Sans, Helvetica, Arial, sans-serif"
#define ML 80.0                     /* left margin: y-axis labels */
#define MR 30.0
#define PANEL_TOP 38.0              /* panel title above the plot area */
#define PH 190.0                    /* plot area height */
#define NOTE_Y 50.0                 /* the first line of small print, below the plot area */
#define NOTE_DY 14.0
#define PANEL_H (PANEL_TOP + PH + NOTE_Y + 2 * NOTE_DY + 18.0)

static const char *const MAIN[2] = { "#2b5c9e", "#e08a1e" };   /* A blue, B orange */
static const char *const TINT[2] = { "#bccfe9", "#f6d6aa" };
static const char *const RUN_CLASS[2] = { "run-a", "run-b" };

typedef struct {
    const plot_data *d;
    double w, h;                    /* the picture */
    double x0, x1;                  /* the plot area, left to right */
    double gw, bw;                  /* a seat's group width; a bar's width */
} layout;

/* A coordinate: one decimal, and never "-0.0". */
static double c1(double v) { return fabs(v) < 0.05 ? 0.0 : v; }

/* A step of 1, 2 or 5 times a power of ten cutting span into at most
 * `most` parts. */
static double nice_step(double span, int most)
{
    if (!(span > 0)) return 1;
    double raw = span / most, p = pow(10, floor(log10(raw)));
    double f = raw / p;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

/* Decimals enough to print multiples of step. */
static int decimals(double step)
{
    if (step >= 1) return 0;
    int k = (int)ceil(-log10(step) - 1e-9);
    return k > 6 ? 6 : k;
}

/* The y of value v on an axis lo..hi drawn from bottom up to top. */
static double ypos(double v, double lo, double hi, double top, double bottom)
{
    return bottom - (v - lo) / (hi - lo) * (bottom - top);
}

/* The x of run r's bar in the group centred on cx. */
static double bar_x(const layout *L, double cx, int r)
{
    return cx - L->bw * L->d->nruns / 2.0 + r * L->bw;
}

static const char *run_name(int r) { return r ? "B" : "A"; }

/* "A: " or "B: " before a run's numbers in a comparison; nothing for a single run. */
static void put_run_prefix(sbuf *b, const plot_data *d, int r)
{
    if (d->nruns < 2) return;
    put(b, "%s: ", run_name(r));
}

static void panel_title(sbuf *b, const layout *L, double y0, const char *text)
{
    put(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"14\" font-weight=\"bold\">%s</text>\n", L->x0, y0 + 22, text);
}

/* Grid lines, tick labels and the two axis lines of a plot area; labels
 * show value * scale, with the decimals the step needs, then suffix. */
static void axis_y(sbuf *b, const layout *L, double top, double bottom, double lo, double hi, double step,
                   double scale, const char *suffix)
{
    int dec = decimals(step * scale);
    put(b, "<g class=\"axis\" font-size=\"11\" text-anchor=\"end\">\n");
    for (int k = 0;; k++) {
        double v = lo + k * step;
        if (v > hi + step * 1e-6) break;
        if (fabs(v) < step * 1e-6) v = 0;
        double y = ypos(v, lo, hi, top, bottom);
        put(b, "<path d=\"M %.1f,%.1f H %.1f\" stroke=\"#d9d9d9\" stroke-width=\"1\"/>\n", L->x0, y, L->x1);
        put(b, "<text x=\"%.1f\" y=\"%.1f\">%.*f%s</text>\n", L->x0 - 6, y + 4, dec, v * scale, suffix);
    }
    put(b, "<path d=\"M %.1f,%.1f V %.1f H %.1f\" fill=\"none\" stroke=\"#333333\" stroke-width=\"1\"/>\n", L->x0,
        top, bottom, L->x1);
    put(b, "</g>\n");
}

/* An axis title along the y axis, read bottom to top. */
static void ylabel(sbuf *b, const layout *L, double top, double bottom, const char *text)
{
    double x = L->x0 - 52, y = (top + bottom) / 2;
    put(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 %.1f %.1f)\">%s</text>\n",
        x, y, x, y, text);
}

/* "seat N" and its bot under a seat's group. */
static void seat_labels(sbuf *b, const layout *L, double bottom)
{
    const plot_data *d = L->d;
    put(b, "<g class=\"seats\" font-size=\"11\" text-anchor=\"middle\">\n");
    for (int p = 0; p < d->players; p++) {
        double cx = L->x0 + (p + 0.5) * L->gw;
        put(b, "<text x=\"%.1f\" y=\"%.1f\">seat %d</text>\n", cx, bottom + 16, p + 1);
        put(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555555\">", cx, bottom + 30);
        put_text(b, d->bots[p]);
        put(b, "</text>\n");
    }
    put(b, "</g>\n");
}

/* A line of small print under a panel; the caller writes its text and
 * closes it with note_end. */
static void note_begin(sbuf *b, const layout *L, double y)
{
    put(b, "<text class=\"note\" x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#333333\">", L->x0, y);
}

static void note_end(sbuf *b) { put(b, "</text>\n"); }

/* ---- the panels ---------------------------------------------------------------------- */

static void header(sbuf *b, const layout *L)
{
    const plot_data *d = L->d;
    const char *title = d->title && *d->title ? d->title : d->game;
    put(b, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n");
    put(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" height=\"%.0f\" "
           "viewBox=\"0 0 %.0f %.0f\" font-family=\"%s\">\n", L->w, L->h, L->w, L->h, FONT);
    put(b, "<title>grove sim: ");
    put_text(b, d->game);
    put(b, ", %d player%s, %ld games</title>\n", d->players, d->players == 1 ? "" : "s", d->n);
    put(b, "<desc>Win rate, score and game length of bot games played by grove sim.</desc>\n");
    put(b, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n", L->w, L->h);

    /* the title: game, players, number of games, seeds; then bots, variants */
    put(b, "<text id=\"title\" x=\"%.1f\" y=\"30\" font-size=\"18\" font-weight=\"bold\">", ML);
    put_text(b, title);
    if (strcmp(title, d->game)) {
        put(b, " (");
        put_text(b, d->game);
        put(b, ")");
    }
    put(b, ": %d player%s, %ld games (seeds %llu..%llu)</text>\n", d->players, d->players == 1 ? "" : "s", d->n,
        (unsigned long long)d->seed, (unsigned long long)(d->seed + (uint64_t)d->n - 1));
    put(b, "<text id=\"subtitle\" x=\"%.1f\" y=\"52\" font-size=\"13\">bots", ML);
    for (int p = 0; p < d->players; p++) {
        put(b, " ");
        put_text(b, d->bots[p]);
    }
    if (d->nruns == 1) {
        put(b, "; variants: ");
        put_text(b, d->runs[0].variants[0] ? d->runs[0].variants : "none");
    } else {
        put(b, "; A and B played on the same seeds");
    }
    put(b, "</text>\n");
    if (d->nruns == 2) {
        put(b, "<g id=\"legend\" font-size=\"13\">\n");
        for (int r = 0; r < 2; r++) {
            double y = 66 + 20 * r;
            put(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"14\" fill=\"%s\" stroke=\"#333333\" stroke-width=\"0.5\"/>\n",
                ML, y, MAIN[r]);
            put(b, "<text x=\"%.1f\" y=\"%.1f\">%s: ", ML + 20, y + 12, run_name(r));
            put_text(b, d->runs[r].variants[0] ? d->runs[r].variants : "(no variant)");
            put(b, "</text>\n");
        }
        put(b, "</g>\n");
    }
}

static void win_panel(sbuf *b, const layout *L, double y0)
{
    const plot_data *d = L->d;
    double top = y0 + PANEL_TOP, bottom = top + PH;
    put(b, "<g id=\"winrate\" class=\"panel\">\n");
    panel_title(b, L, y0, "Win rate per seat, with its 95% interval");
    axis_y(b, L, top, bottom, 0, 1, 0.2, 100, "%");
    ylabel(b, L, top, bottom, "win rate");
    if (d->players > 1) {
        double even = 1.0 / d->players, y = ypos(even, 0, 1, top, bottom);
        put(b, "<path class=\"even\" d=\"M %.1f,%.1f H %.1f\" stroke=\"#555555\" stroke-width=\"1\" stroke-dasharray=\"5,4\"/>\n",
            L->x0, y, L->x1);
    }
    for (int p = 0; p < d->players; p++) {
        double cx = L->x0 + (p + 0.5) * L->gw;
        for (int r = 0; r < d->nruns; r++) {
            const plot_run *run = &d->runs[r];
            const plot_seat *s = &run->seats[p];
            double x = bar_x(L, cx, r), y = ypos(s->rate, 0, 1, top, bottom);
            double ylo = ypos(s->lo, 0, 1, top, bottom), yhi = ypos(s->hi, 0, 1, top, bottom);
            double mid = x + L->bw / 2, cap = L->bw * 0.3 < 8 ? L->bw * 0.3 : 8;
            put(b, "<rect class=\"bar %s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>seat %d (",
                RUN_CLASS[r], x, y, L->bw, c1(bottom - y), MAIN[r], p + 1);
            put_text(b, d->bots[p]);
            put(b, "), ");
            put_run_prefix(b, d, r);
            put(b, "%.1f wins of %ld games decided: %.1f%% (95%% interval %.1f%%-%.1f%%)</title></rect>\n", s->wins,
                run->decided, 100 * s->rate, 100 * s->lo, 100 * s->hi);
            /* the interval: black on a white halo, visible on either colour */
            for (int pass = 0; pass < 2; pass++)
                put(b, "<path class=\"%s\" d=\"M %.1f,%.1f V %.1f M %.1f,%.1f H %.1f M %.1f,%.1f H %.1f\" fill=\"none\" "
                       "stroke=\"%s\" stroke-width=\"%s\"/>\n", pass ? "err" : "halo", mid, ylo, yhi, mid - cap, ylo,
                    mid + cap, mid - cap, yhi, mid + cap, pass ? "#000000" : "#ffffff", pass ? "1.4" : "3.5");
            if (L->bw >= 30)
                put(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\">%.1f%%</text>\n", mid,
                    yhi - 4, 100 * s->rate);
        }
    }
    seat_labels(b, L, bottom);
    note_begin(b, L, bottom + NOTE_Y);
    put(b, "Bar: wins / games decided, a shared win split among its winners. Whisker: 95%% Wilson interval.");
    if (d->players > 1) put(b, " Dashed: an even share.");
    note_end(b);
    for (int r = 0; r < d->nruns; r++) {
        const plot_run *run = &d->runs[r];
        note_begin(b, L, bottom + NOTE_Y + (r + 1) * NOTE_DY);
        put_run_prefix(b, d, r);
        put(b, "%ld games decided, %ld with a shared win, %ld cut short at %ld moves.", run->decided, run->ties,
            run->capped, d->cap);
        note_end(b);
    }
    put(b, "</g>\n");
}

static void score_panel(sbuf *b, const layout *L, double y0)
{
    const plot_data *d = L->d;
    double top = y0 + PANEL_TOP, bottom = top + PH;
    double lo = 0, hi = 0;
    bool any = false;
    for (int r = 0; r < d->nruns; r++)
        for (int p = 0; p < d->players; p++) {
            const plot_seat *s = &d->runs[r].seats[p];
            if (!s->scored) continue;
            if (!any || s->min < lo) lo = s->min;
            if (!any || s->max > hi) hi = s->max;
            any = true;
        }
    double step = nice_step(hi - lo, 5);
    double alo = floor(lo / step) * step, ahi = ceil(hi / step) * step;
    if (ahi <= alo) ahi = alo + step;
    put(b, "<g id=\"scores\" class=\"panel\">\n");
    panel_title(b, L, y0, "Score per seat");
    axis_y(b, L, top, bottom, alo, ahi, step, 1, "");
    ylabel(b, L, top, bottom, "score");
    for (int p = 0; p < d->players; p++) {
        double cx = L->x0 + (p + 0.5) * L->gw;
        for (int r = 0; r < d->nruns; r++) {
            const plot_seat *s = &d->runs[r].seats[p];
            if (!s->scored) continue;
            double x = bar_x(L, cx, r), mid = x + L->bw / 2, cap = L->bw * 0.25;
            double ymin = ypos(s->min, alo, ahi, top, bottom), ymax = ypos(s->max, alo, ahi, top, bottom);
            double yq1 = ypos(s->q[0], alo, ahi, top, bottom), ymed = ypos(s->q[1], alo, ahi, top, bottom);
            double yq3 = ypos(s->q[2], alo, ahi, top, bottom), ymean = ypos(s->mean, alo, ahi, top, bottom);
            put(b, "<g class=\"box %s\"><title>seat %d (", RUN_CLASS[r], p + 1);
            put_text(b, d->bots[p]);
            put(b, "), ");
            put_run_prefix(b, d, r);
            put(b, "score mean %.2f, q1 %.1f, median %.1f, q3 %.1f, lowest %.1f, highest %.1f, %ld games</title>\n",
                s->mean, s->q[0], s->q[1], s->q[2], s->min, s->max, s->scored);
            put(b, "<path d=\"M %.1f,%.1f V %.1f M %.1f,%.1f V %.1f M %.1f,%.1f H %.1f M %.1f,%.1f H %.1f\" "
                   "fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                mid, ymin, yq1, mid, yq3, ymax, mid - cap, ymin, mid + cap, mid - cap, ymax, mid + cap, MAIN[r]);
            put(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                x, yq3, L->bw, c1(yq1 - yq3), TINT[r], MAIN[r]);
            put(b, "<path d=\"M %.1f,%.1f H %.1f\" stroke=\"#000000\" stroke-width=\"2.5\"/>\n", x, ymed, x + L->bw);
            put(b, "<path d=\"M %.1f,%.1f L %.1f,%.1f L %.1f,%.1f L %.1f,%.1f Z\" fill=\"#ffffff\" stroke=\"#000000\" "
                   "stroke-width=\"1.2\"/>\n", mid, ymean - 5, mid + 5, ymean, mid, ymean + 5, mid - 5, ymean);
            put(b, "</g>\n");
        }
    }
    if (!any)
        put(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" text-anchor=\"middle\">no scores: every game was cut short</text>\n",
            (L->x0 + L->x1) / 2, (top + bottom) / 2);
    seat_labels(b, L, bottom);
    note_begin(b, L, bottom + NOTE_Y);
    put(b, "Box: q1 to q3. Thick line: median. Whiskers: lowest to highest. Diamond: mean. Games cut short have no score.");
    note_end(b);
    put(b, "</g>\n");
}

static void length_panel(sbuf *b, const layout *L, double y0)
{
    const plot_data *d = L->d;
    double top = y0 + PANEL_TOP, bottom = top + PH;
    long lmin = 0, lmax = 0;
    bool any = false;
    for (int r = 0; r < d->nruns; r++)
        for (long i = 0; i < d->runs[r].games; i++) {
            long v = d->runs[r].lengths[i];
            if (!any || v < lmin) lmin = v;
            if (!any || v > lmax) lmax = v;
            any = true;
        }
    /* bins of w moves (1, 2, 5, 10, ...), at least 10 of them on the axis */
    long w = (long)ceil(nice_step((double)(lmax - lmin + 1), 30));
    if (w < 1) w = 1;
    long start = lmin / w * w, nb = (lmax - start) / w + 1, shown = nb < 10 ? 10 : nb;
    long pad = (shown - nb) / 2;
    if (pad > start / w) pad = start / w;
    start -= pad * w;
    long *count = calloc((size_t)(shown * d->nruns), sizeof *count);
    if (!count) { b->failed = true; return; }
    long most = 0;
    for (int r = 0; r < d->nruns; r++)
        for (long i = 0; i < d->runs[r].games; i++) {
            long *c = &count[r * shown + (d->runs[r].lengths[i] - start) / w];
            if (++*c > most) most = *c;
        }
    double ystep = ceil(nice_step((double)most, 5));
    if (ystep < 1) ystep = 1;
    double yhi = ceil(most / ystep) * ystep;
    if (yhi <= 0) yhi = ystep;

    put(b, "<g id=\"lengths\" class=\"panel\">\n");
    panel_title(b, L, y0, "Game length");
    axis_y(b, L, top, bottom, 0, yhi, ystep, 1, "");
    ylabel(b, L, top, bottom, "games");
    double binw = (L->x1 - L->x0) / (double)shown, barw = binw * 0.84 / d->nruns;
    for (long k = 0; k < shown; k++)
        for (int r = 0; r < d->nruns; r++) {
            long n = count[r * shown + k];
            if (!n) continue;
            double x = L->x0 + k * binw + binw * 0.08 + r * barw, y = ypos((double)n, 0, yhi, top, bottom);
            long from = start + k * w;
            put(b, "<rect class=\"hist %s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>",
                RUN_CLASS[r], x, y, barw, c1(bottom - y), MAIN[r]);
            put_run_prefix(b, d, r);
            if (w == 1) put(b, "%ld game%s of %ld moves</title></rect>\n", n, n == 1 ? "" : "s", from);
            else put(b, "%ld game%s of %ld-%ld moves</title></rect>\n", n, n == 1 ? "" : "s", from, from + w - 1);
        }
    /* labels: a bin's length under its middle for single lengths, else the edges */
    long every = (long)ceil(nice_step((double)shown, 10));
    if (every < 1) every = 1;
    put(b, "<g class=\"axis\" font-size=\"11\" text-anchor=\"middle\">\n");
    for (long k = 0; k <= shown; k += every) {
        if (w == 1 && k == shown) break;
        double x = L->x0 + (k + (w == 1 ? 0.5 : 0.0)) * binw;
        put(b, "<path d=\"M %.1f,%.1f V %.1f\" stroke=\"#333333\" stroke-width=\"1\"/>\n", x, bottom, bottom + 4);
        put(b, "<text x=\"%.1f\" y=\"%.1f\">%ld</text>\n", x, bottom + 16, start + k * w);
    }
    put(b, "</g>\n");
    put(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\">moves per game</text>\n",
        (L->x0 + L->x1) / 2, bottom + 34);
    note_begin(b, L, bottom + NOTE_Y);
    if (w == 1) put(b, "One bar per length.");
    else put(b, "Bins of %ld moves.", w);
    for (int r = 0; r < d->nruns; r++) {
        put(b, " ");
        put_run_prefix(b, d, r);
        put(b, "%ld games%s", d->runs[r].games, r + 1 < d->nruns ? ";" : ".");
    }
    if (!any) put(b, " No game was played.");
    note_end(b);
    put(b, "</g>\n");
    free(count);
}

/* ---- the document ---------------------------------------------------------------------- */

char *plot_svg(const plot_data *d)
{
    layout L = { .d = d };
    double group_min = d->nruns == 2 ? 90 : 60;
    L.w = ML + MR + d->players * group_min;
    if (L.w < 820) L.w = 820;
    double head = d->nruns == 2 ? 112 : 72;
    L.h = head + 3 * PANEL_H;
    L.x0 = ML;
    L.x1 = L.w - MR;
    L.gw = (L.x1 - L.x0) / d->players;
    L.bw = L.gw * 0.7 / d->nruns;
    if (L.bw > 60) L.bw = 60;

    sbuf b = { 0 };
    header(&b, &L);
    win_panel(&b, &L, head);
    score_panel(&b, &L, head + PANEL_H);
    length_panel(&b, &L, head + 2 * PANEL_H);
    put(&b, "</svg>\n");
    if (b.failed) { free(b.p); return NULL; }
    return b.p;
}

/* Write a drawn plot (text: plot_svg's or plot_sweep_svg's, NULL when
 * drawing ran out of memory) to path, whole or not at all; frees text. */
static bool write_svg(char *text, const char *path, char *err, size_t errlen)
{
    if (!text) { snprintf(err, errlen, "out of memory drawing the plot for %s", path); return false; }
    bool ok = outfile_write(path, text, strlen(text), err, errlen);
    free(text);
    return ok;
}

bool plot_write(const plot_data *d, const char *path, char *err, size_t errlen)
{
    return write_svg(plot_svg(d), path, err, errlen);
}

/* ---- a sweep: each measure against the value ----------------------------------------------- */

static const char *const SEAT_COLOR[8] = { "#2b5c9e", "#e08a1e", "#3a923a", "#c03d3e",
                                           "#8c62aa", "#8c564b", "#d16fb5", "#7f7f7f" };

/* One line of points across the values: has[k] says row k has a point. */
typedef struct {
    char name[32];
    const char *color;
    bool has[64];
    double y[64], lo[64], hi[64];   /* lo == hi: no interval */
} sweep_series;

typedef struct {
    layout L;                       /* the plot area (L.d unused) */
    const plot_sweep_data *d;
    double xs[64];                  /* each value's x */
} sweep_layout;

/* How a panel's axis reads. */
typedef struct {
    double scale;                   /* labels show value * scale: 100 for fractions */
    const char *suffix;             /* "%" or "" */
    bool full;                      /* the whole 0..1 of a rate */
    bool zero;                      /* 0 on the axis, and a dashed line there when values go below it */
} sweep_axis;

/* A panel of series against the values; refs: a dashed mark per row (an
 * even share), or NULL. */
static void sweep_panel(sbuf *b, const sweep_layout *S, double y0, const char *id, const char *title,
                        const char *ylab, const sweep_series *s, int ns, sweep_axis ax, const double *refs,
                        const char *note)
{
    const plot_sweep_data *d = S->d;
    const layout *L = &S->L;
    double top = y0 + PANEL_TOP, bottom = top + PH;
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    for (int j = 0; j < ns; j++)
        for (int k = 0; k < d->nrows; k++)
            if (s[j].has[k]) {
                double a = s[j].lo[k] < s[j].y[k] ? s[j].lo[k] : s[j].y[k];
                double z = s[j].hi[k] > s[j].y[k] ? s[j].hi[k] : s[j].y[k];
                if (a < lo) lo = a;
                if (z > hi) hi = z;
            }
    if (lo > hi) lo = hi = 0;
    bool below = lo < 0;
    if (ax.zero || ax.full) {
        if (lo > 0) lo = 0;
        if (hi < 0) hi = 0;
    }
    if (ax.full) { lo = 0; hi = 1; }
    double step = nice_step(hi - lo, 5);
    lo = floor(lo / step + 1e-9) * step;
    hi = ceil(hi / step - 1e-9) * step;
    if (hi <= lo) hi = lo + step;
    put(b, "<g id=\"%s\" class=\"panel\">\n", id);
    panel_title(b, L, y0, title);
    axis_y(b, L, top, bottom, lo, hi, step, ax.scale, ax.suffix);
    ylabel(b, L, top, bottom, ylab);
    if (ax.zero && below) {
        double y = ypos(0, lo, hi, top, bottom);
        put(b, "<path class=\"zero\" d=\"M %.1f,%.1f H %.1f\" stroke=\"#555555\" stroke-width=\"1\" stroke-dasharray=\"5,4\"/>\n",
            L->x0, y, L->x1);
    }
    for (int k = 0; refs && k < d->nrows; k++) {
        double y = ypos(refs[k], lo, hi, top, bottom);
        put(b, "<path class=\"even\" d=\"M %.1f,%.1f H %.1f\" stroke=\"#555555\" stroke-width=\"1\" stroke-dasharray=\"5,4\"/>\n",
            S->xs[k] - 18, y, S->xs[k] + 18);
    }
    /* the values along the bottom */
    put(b, "<g class=\"axis\" font-size=\"11\" text-anchor=\"middle\">\n");
    for (int k = 0; k < d->nrows; k++) {
        put(b, "<path d=\"M %.1f,%.1f V %.1f\" stroke=\"#333333\" stroke-width=\"1\"/>\n", S->xs[k], bottom, bottom + 4);
        put(b, "<text x=\"%.1f\" y=\"%.1f\">", S->xs[k], bottom + 16);
        put_text(b, d->rows[k].value);
        put(b, "</text>\n");
    }
    put(b, "</g>\n");
    put(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\">", (L->x0 + L->x1) / 2, bottom + 34);
    put_text(b, d->name);
    put(b, "</text>\n");
    double off = ns > 1 ? 4.0 : 0.0;        /* seats side by side at a value, so whiskers do not hide each other */
    for (int j = 0; j < ns; j++) {
        const sweep_series *e = &s[j];
        double dx = (j - (ns - 1) / 2.0) * off;
        put(b, "<g class=\"series\" stroke=\"%s\" fill=\"%s\">\n", e->color, e->color);
        bool pen = false;
        put(b, "<path fill=\"none\" stroke-width=\"1.8\" d=\"");
        for (int k = 0; k < d->nrows; k++) {
            if (!e->has[k]) { pen = false; continue; }
            put(b, "%s%.1f,%.1f", pen ? " L " : (k ? " M " : "M "), S->xs[k] + dx, ypos(e->y[k], lo, hi, top, bottom));
            pen = true;
        }
        put(b, "\"/>\n");
        for (int k = 0; k < d->nrows; k++) {
            if (!e->has[k]) continue;
            double x = S->xs[k] + dx, y = ypos(e->y[k], lo, hi, top, bottom);
            if (e->lo[k] != e->hi[k]) {
                double ylo = ypos(e->lo[k], lo, hi, top, bottom), yhi = ypos(e->hi[k], lo, hi, top, bottom);
                put(b, "<path class=\"err\" d=\"M %.1f,%.1f V %.1f M %.1f,%.1f H %.1f M %.1f,%.1f H %.1f\" fill=\"none\" "
                       "stroke-width=\"1.2\"/>\n", x, ylo, yhi, x - 3, ylo, x + 3, x - 3, yhi, x + 3);
            }
            put(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\"><title>", x, y);
            put_text(b, d->name);
            put(b, "=");
            put_text(b, d->rows[k].value);
            put(b, ", ");
            put_text(b, e->name);
            double sc = ax.scale;
            const char *u = ax.suffix;
            put(b, ": %.2f%s", sc * e->y[k], u);
            if (e->lo[k] != e->hi[k]) put(b, " (95%% interval %.2f%s to %.2f%s)", sc * e->lo[k], u, sc * e->hi[k], u);
            put(b, "</title></circle>\n");
        }
        put(b, "</g>\n");
    }
    /* the legend, then the note */
    if (ns > 1) {
        put(b, "<g class=\"legend\" font-size=\"11\">\n");
        double x = L->x0;
        for (int j = 0; j < ns; j++) {
            put(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/>\n", x, bottom + NOTE_Y - 9,
                s[j].color);
            put(b, "<text x=\"%.1f\" y=\"%.1f\">", x + 14, bottom + NOTE_Y);
            put_text(b, s[j].name);
            put(b, "</text>\n");
            x += 24 + 7.0 * (double)strlen(s[j].name);
        }
        put(b, "</g>\n");
    }
    note_begin(b, L, bottom + NOTE_Y + (ns > 1 ? NOTE_DY : 0));
    put(b, "%s", note);
    note_end(b);
    put(b, "</g>\n");
}

char *plot_sweep_svg(const plot_sweep_data *d)
{
    if (d->nrows < 1 || d->nrows > 64) return NULL;
    sweep_layout S = { .d = d };
    layout *L = &S.L;
    int P = 0;
    for (int k = 0; k < d->nrows; k++)
        if (d->rows[k].players > P) P = d->rows[k].players;
    bool edge = P > 1;
    int panels = 4 + edge;
    L->w = 820;
    L->x0 = ML;
    L->x1 = L->w - MR;
    double head = 72;
    L->h = head + panels * PANEL_H;
    /* the values' x: to scale when all are numbers, else evenly */
    double v[64], vmin = HUGE_VAL, vmax = -HUGE_VAL;
    bool numeric = true;
    for (int k = 0; k < d->nrows; k++) {
        char *end;
        v[k] = strtod(d->rows[k].value, &end);
        if (end == d->rows[k].value || *end || !isfinite(v[k])) numeric = false;
        else { if (v[k] < vmin) vmin = v[k]; if (v[k] > vmax) vmax = v[k]; }
    }
    double pad = 40, span = L->x1 - L->x0 - 2 * pad;
    for (int k = 0; k < d->nrows; k++)
        S.xs[k] = L->x0 + pad + (numeric && vmax > vmin ? (v[k] - vmin) / (vmax - vmin) * span
                                 : d->nrows > 1 ? span * k / (d->nrows - 1) : span / 2);

    sbuf b = { 0 };
    const char *title = d->title && *d->title ? d->title : d->game;
    put(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n");
    put(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"%s\">\n", L->w, L->h, L->w, L->h, FONT);
    put(&b, "<title>grove sim: ");
    put_text(&b, d->game);
    put(&b, ", a sweep of ");
    put_text(&b, d->name);
    put(&b, ", %ld games per value</title>\n", d->n);
    put(&b, "<desc>Each measure of grove sim's bot games against the value of ");
    put_text(&b, d->name);
    put(&b, ", with its 95%% interval.</desc>\n");
    put(&b, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n", L->w, L->h);
    put(&b, "<text id=\"title\" x=\"%.1f\" y=\"30\" font-size=\"18\" font-weight=\"bold\">", ML);
    put_text(&b, title);
    put(&b, ": ");
    put_text(&b, d->name);
    put(&b, " ");
    put_text(&b, d->rows[0].value);
    put(&b, " to ");
    put_text(&b, d->rows[d->nrows - 1].value);
    put(&b, ", %ld games each (seeds %llu..%llu)</text>\n", d->n, (unsigned long long)d->seed,
        (unsigned long long)(d->seed + (uint64_t)d->n - 1));
    put(&b, "<text id=\"subtitle\" x=\"%.1f\" y=\"52\" font-size=\"13\">", ML);
    if (strcmp(d->name, "players")) put(&b, "%d player%s, ", d->rows[0].players, d->rows[0].players == 1 ? "" : "s");
    put(&b, "bots ");
    put_text(&b, d->bots);
    put(&b, "; variants: ");
    put_text(&b, d->variants && *d->variants ? d->variants : "none");
    if (d->options && *d->options) {
        put(&b, "; options ");
        put_text(&b, d->options);
    }
    put(&b, "</text>\n");

    sweep_series *s = calloc((size_t)(P > 2 ? P : 2), sizeof *s);
    double *refs = calloc(64, sizeof *refs);
    if (!s || !refs) { free(s); free(refs); free(b.p); return NULL; }
    double y0 = head;
    /* 1. win rate per seat, the even share marked at each value */
    for (int p = 0; p < P; p++) {
        snprintf(s[p].name, sizeof s[p].name, "seat %d", p + 1);
        s[p].color = SEAT_COLOR[p % 8];
        for (int k = 0; k < d->nrows; k++) {
            const plot_sweep_row *r = &d->rows[k];
            s[p].has[k] = p < r->players && r->decided > 0;
            if (!s[p].has[k]) continue;
            s[p].y[k] = r->seats[p].rate;
            s[p].lo[k] = r->seats[p].lo;
            s[p].hi[k] = r->seats[p].hi;
        }
    }
    for (int k = 0; k < d->nrows; k++) refs[k] = 1.0 / d->rows[k].players;
    sweep_axis rate = { 100, "%", true, false }, points = { 100, "", false, true }, plain = { 1, "", false, false };
    sweep_axis share = { 100, "%", false, true };
    sweep_panel(&b, &S, y0, "winrate", "Win rate per seat, with its 95% interval", "win rate", s, P, rate,
                P > 1 ? refs : NULL,
                "Point: wins / games decided, a shared win split among its winners. Whisker: 95% Wilson interval."
                " Dashed: an even share.");
    y0 += PANEL_H;
    /* 2. the first seat's edge */
    if (edge) {
        memset(s, 0, sizeof *s);
        snprintf(s[0].name, sizeof s[0].name, "seat 1 - even share");
        s[0].color = SEAT_COLOR[0];
        for (int k = 0; k < d->nrows; k++) {
            const plot_sweep_row *r = &d->rows[k];
            s[0].has[k] = r->players > 1 && r->decided > 0;
            s[0].y[k] = r->first;
            s[0].lo[k] = r->first_lo;
            s[0].hi[k] = r->first_hi;
        }
        sweep_panel(&b, &S, y0, "edge", "The first seat's edge: its win rate less an even share", "points", s, 1,
                    points, NULL, "Above the dashed line the first seat wins more than its share. Whisker: 95% interval.");
        y0 += PANEL_H;
    }
    /* 3. length */
    memset(s, 0, sizeof *s);
    snprintf(s[0].name, sizeof s[0].name, "mean length");
    s[0].color = SEAT_COLOR[0];
    for (int k = 0; k < d->nrows; k++) {
        const plot_sweep_row *r = &d->rows[k];
        s[0].has[k] = r->games > 0;
        s[0].y[k] = r->len_mean;
        s[0].lo[k] = r->len_lo;
        s[0].hi[k] = r->len_hi;
    }
    sweep_panel(&b, &S, y0, "length", "Mean game length in moves, with its 95% interval", "moves", s, 1, plain, NULL,
                "Every game that did not fail, cut short or not. Whisker: 95% Student's t interval.");
    y0 += PANEL_H;
    /* 4. scores */
    memset(s, 0, (size_t)(P > 2 ? P : 2) * sizeof *s);
    for (int p = 0; p < P; p++) {
        snprintf(s[p].name, sizeof s[p].name, "seat %d", p + 1);
        s[p].color = SEAT_COLOR[p % 8];
        for (int k = 0; k < d->nrows; k++) {
            const plot_sweep_row *r = &d->rows[k];
            s[p].has[k] = p < r->players && r->decided > 0;
            if (!s[p].has[k]) continue;
            s[p].y[k] = r->seats[p].mean;
            s[p].lo[k] = r->seats[p].mean_lo;
            s[p].hi[k] = r->seats[p].mean_hi;
        }
    }
    sweep_panel(&b, &S, y0, "score", "Mean score per seat, with its 95% interval", "score", s, P, plain, NULL,
                "Games decided (not cut short). Whisker: 95% Student's t interval.");
    y0 += PANEL_H;
    /* 5. ties and games cut short */
    memset(s, 0, (size_t)(P > 2 ? P : 2) * sizeof *s);
    snprintf(s[0].name, sizeof s[0].name, "shared wins");
    snprintf(s[1].name, sizeof s[1].name, "cut short");
    s[0].color = SEAT_COLOR[0];
    s[1].color = SEAT_COLOR[3];
    for (int k = 0; k < d->nrows; k++) {
        const plot_sweep_row *r = &d->rows[k];
        s[0].has[k] = s[1].has[k] = r->games > 0;
        s[0].y[k] = s[0].lo[k] = s[0].hi[k] = r->games ? (double)r->ties / (double)r->games : 0;
        s[1].y[k] = s[1].lo[k] = s[1].hi[k] = r->games ? (double)r->capped / (double)r->games : 0;
    }
    char note[160];
    snprintf(note, sizeof note, "Share of the games with a shared win, and of those cut short at %ld moves.", d->cap);
    sweep_panel(&b, &S, y0, "ties", "Shared wins and games cut short", "share of games", s, 2, share, NULL, note);
    free(s);
    free(refs);
    put(&b, "</svg>\n");
    if (b.failed) { free(b.p); return NULL; }
    return b.p;
}

bool plot_sweep_write(const plot_sweep_data *d, const char *path, char *err, size_t errlen)
{
    return write_svg(plot_sweep_svg(d), path, err, errlen);
}
