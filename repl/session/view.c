/*
 * view.c — what the REPL session shows, and to whom: the seats people play
 * and the reader of what is printed (repl_reader), the legal moves in
 * columns, the narration and the result as the reader may read them; the
 * failed lines counted for a scripted session's exit status; and which
 * positions play by themselves. The other files of the session call it;
 * it calls none of them (session.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "session.h"

/* ---- failed lines ------------------------------------------------------------- */

void repl_failed(repl *r, const char *what)
{
    if (!r->errors++) snprintf(r->first_error, sizeof r->first_error, "%s", what);
}

void repl_error(repl *r, const char *fmt, ...)
{
    char text[GAME_ERRLEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    repl_put_text(text, strlen(text), TERMTEXT_NEWLINE);     /* it may quote a script's error */
    putchar('\n');
    repl_failed(r, text);
}

void repl_changed(repl *r)
{
    r->shown = false;
    r->result_shown = false;
}

/* ---- who may see what --------------------------------------------------------- */

bool repl_is_bot(const repl *r, int seat)
{
    return seat >= 1 && seat <= MAX_BOTS && r->o.bots[seat][0];
}

int repl_people(const repl *r, int *first)
{
    int n = 0;
    *first = 0;
    for (int seat = 1; seat <= game_players(r->g); seat++)
        if (!repl_is_bot(r, seat)) {
            if (!n) *first = seat;
            n++;
        }
    return n;
}

int repl_view_for(const repl *r, int actor)
{
    if (!game_hidden(r->g)) return actor;
    int first, n = repl_people(r, &first);
    if (n == 1) return first;
    if (n == 0 || actor == 0) return 0;
    return repl_is_bot(r, actor) ? 0 : actor;
}

int repl_reader(const repl *r)
{
    if (r->viewer >= 0) return r->viewer;
    int first, n = repl_people(r, &first);
    return n == 1 ? first : 0;
}

/* ---- showing the game ---------------------------------------------------------- */

bool repl_may_list(repl *r)
{
    if (!game_hidden(r->g)) return true;
    int over = game_over(r->g);
    return over != 0 || game_actor(r->g) == repl_reader(r);
}

void repl_put_text(const char *text, size_t len, unsigned allow)
{
    textbuf b = { 0 };
    termtext_escape(&b, text, len, allow);
    if (b.oom) fputs("(out of memory)", stdout);
    else if (b.len) fwrite(b.p, 1, b.len, stdout);
    free(b.p);
}

void repl_print_said(const char *said, int viewer, int indent)
{
    game_line line;
    while (game_said_next(&said, &line))
        if (game_line_for(&line, viewer)) {
            printf("%*s", indent, "");
            repl_put_text(line.text, (size_t)line.len, 0);
            putchar('\n');
        }
}

int repl_width(void)
{
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20) return ws.ws_col;
    const char *env = getenv("COLUMNS");
    int n = env ? atoi(env) : 0;
    return n >= 20 && n <= 1000 ? n : 80;
}

/* Print a text too long for the width, broken at spaces, continuation
 * lines indented by `hang`. */
static void print_wrapped(const char *text, int width, int hang)
{
    int col = 0;
    const char *p = text;
    while (*p) {
        const char *end = strchr(p, ' ');
        int n = end ? (int)(end - p) : (int)strlen(p);
        if (col > hang && col + 1 + n > width) { printf("\n%*s", hang, ""); col = hang; }
        else if (col > 0 && p != text) { putchar(' '); col++; }
        repl_put_text(p, (size_t)n, 0);
        col += n;
        p += n;
        while (*p == ' ') p++;
    }
    putchar('\n');
}

/* The moves in columns, numbered down each column (as ls lists files),
 * as many columns as the width holds; a move too long for a line wraps at
 * its spaces. */
void repl_print_moves(repl *r)
{
    if (!repl_may_list(r)) {
        int actor = game_actor(r->g);
        printf("(seat %d's moves are not listed to %s: they could name cards only seat %d may see)\n", actor,
               repl_reader(r) ? "another seat" : "an onlooker", actor);
        return;
    }
    const int64_t *legal;
    int n = game_legal(r->g, &legal);
    if (n < 0) { repl_error(r, "error: %s", game_error(r->g)); return; }
    if (n == 0) return;
    int64_t *copy = malloc(sizeof(int64_t) * (size_t)n);
    char (*items)[300] = malloc(sizeof *items * (size_t)n);
    int *len = malloc(sizeof *len * (size_t)n), *colw = malloc(sizeof *colw * (size_t)n);
    if (!copy || !items || !len || !colw) {
        repl_error(r, "error: out of memory");
        goto done;
    }
    memcpy(copy, legal, sizeof(int64_t) * (size_t)n);
    int digits = n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : 5;
    int reader = repl_reader(r);
    for (int i = 0; i < n; i++) {
        char text[256];
        game_describe_for(r->g, copy[i], reader, text, sizeof text);
        len[i] = snprintf(items[i], sizeof items[i], "%*d. %s", digits, i + 1, text);
        if (len[i] >= (int)sizeof items[i]) len[i] = (int)sizeof items[i] - 1;
    }
    const int gap = 3, width = repl_width() - 1;
    /* the most columns whose widths (and gaps) fit */
    int cols = 1, rows = n;
    for (int c = n; c > 1; c--) {
        int rws = (n + c - 1) / c, total = 0;
        if ((c - 1) * rws >= n) continue;                   /* a column would be empty */
        for (int k = 0; k < c; k++) {
            int w = 0;
            for (int i = k * rws; i < (k + 1) * rws && i < n; i++) if (len[i] > w) w = len[i];
            colw[k] = w;
            total += w + (k ? gap : 0);
        }
        if (total <= width) { cols = c; rows = rws; break; }
    }
    if (cols == 1) rows = n;
    else {                                                  /* the widths of the columns chosen */
        for (int k = 0; k < cols; k++) {
            colw[k] = 0;
            for (int i = k * rows; i < (k + 1) * rows && i < n; i++) if (len[i] > colw[k]) colw[k] = len[i];
        }
    }
    for (int row = 0; row < rows; row++) {
        if (cols == 1) {
            if (len[row] > width) print_wrapped(items[row], width, digits + 2);
            else { repl_put_text(items[row], strlen(items[row]), 0); putchar('\n'); }
            continue;
        }
        for (int k = 0; k < cols; k++) {
            int i = k * rows + row;
            if (i >= n) break;
            bool last = k == cols - 1 || (k + 1) * rows + row >= n;
            if (k) fputs("   ", stdout);
            repl_put_text(items[i], strlen(items[i]), 0);
            if (!last) printf("%*s", colw[k] - len[i], "");
            if (last) break;
        }
        putchar('\n');
    }
done:
    free(copy);
    free(items);
    free(len);
    free(colw);
}

void repl_print_result(repl *r)
{
    int players = game_players(r->g);
    int *ranks = calloc((size_t)players, sizeof *ranks);
    char (*shown)[32] = calloc((size_t)players, sizeof *shown);
    game_result res = { .ranks = ranks, .shown = shown };
    if (!ranks || !shown) repl_error(r, "error: out of memory");
    else if (!game_outcome(r->g, &res)) repl_error(r, "error: %s", game_error(r->g));
    else if (!res.over) printf("no result yet: the game is still on\n");
    else {
        if (res.text[0]) { repl_put_text(res.text, strlen(res.text), TERMTEXT_NEWLINE); putchar('\n'); }
        if (res.has_scores) printf("  rank  seat  score\n");
        int last = players;         /* a rank past the seats: a solo game lost to the rival */
        for (int seat = 1; seat <= players; seat++)
            if (ranks[seat - 1] > last) last = ranks[seat - 1];
        for (int rank = 1; rank <= last && res.has_scores; rank++)
            for (int seat = 1; seat <= players; seat++)
                if (ranks[seat - 1] == rank) {
                    int w = (int)strlen(shown[seat - 1]);          /* right-aligned in 5 columns */
                    printf("  %4d  %4d  %*s", rank, seat, w < 5 ? 5 - w : 0, "");
                    repl_put_text(shown[seat - 1], (size_t)w, 0);
                    putchar('\n');
                }
    }
    free(ranks);
    free(shown);
}

/* ---- what plays by itself ------------------------------------------------------- */

bool repl_automatic(repl *r, const char **why)
{
    const int64_t *legal;
    int n = game_legal(r->g, &legal);
    if (n <= 0) return false;
    int actor = game_actor(r->g);
    if (actor >= 1 && actor <= MAX_BOTS && r->o.bots[actor][0]) { *why = r->o.bots[actor]; return true; }
    if (r->auto_forced && n == 1) { *why = "forced"; return true; }
    return false;
}
