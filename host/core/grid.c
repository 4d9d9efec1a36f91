/*
 * grid.c — the square grid: cells, directions, names, and the set questions
 * rule scripts ask of a board (neighbours, rays, rows, reach).
 *
 * Everything works on the grid_t inside the state block and on the caller's
 * output buffers: no allocation, no printing. Walks (grid_reach) keep their
 * queue on the stack; a grid has at most GRID_MAX_SIDE^2 cells.
 */
#include "grid.h"

#include <string.h>

#include "compass.h"

const comp_kind grid_kind = { "grid" };

#define GRID_MAX_CELLS (GRID_MAX_SIDE * GRID_MAX_SIDE)

/* Steps (dx, dy) of each direction, in enum order; north is y + 1. */
static const int8_t dir_dx[GRID_NDIRS] = { 0, 1, 0, -1, 1, 1, -1, -1 };
static const int8_t dir_dy[GRID_NDIRS] = { 1, 0, -1, 0, 1, -1, -1, 1 };

/* The compass point of each direction, in enum order. */
static const compass_point dir_points[GRID_NDIRS] = {
    COMPASS_N, COMPASS_E, COMPASS_S, COMPASS_W, COMPASS_NE, COMPASS_SE, COMPASS_SW, COMPASS_NW,
};

/* Size of the grid, or 0 when grid_init would refuse the arguments. */
size_t grid_bytes(int w, int h, int nfields)
{
    if (w < 1 || w > GRID_MAX_SIDE || h < 1 || h > GRID_MAX_SIDE || nfields < 0)
        return 0;
    return sizeof(grid_t) + sizeof(int32_t) * (size_t)nfields * (size_t)w * (size_t)h;
}

/* Writes the header and zeroes every field; writes nothing on EARG. */
grove_status grid_init(grid_t *g, int w, int h, int nfields)
{
    if (w < 1 || w > GRID_MAX_SIDE || h < 1 || h > GRID_MAX_SIDE || nfields < 0
        || w * h > CELLSET_MAX)
        return GROVE_EARG;
    g->w = w;
    g->h = h;
    g->nfields = nfields;
    g->pad = 0;
    memset(g->v, 0, sizeof(int32_t) * (size_t)nfields * (size_t)w * (size_t)h);
    return GROVE_OK;
}

int grid_cell(const grid_t *g, int x, int y)
{
    if (x < 0 || x >= g->w || y < 0 || y >= g->h)
        return -1;
    return y * g->w + x;
}

/* A cell off the board gives (-1, -1). */
void grid_xy(const grid_t *g, int cell, int *x, int *y)
{
    if (cell < 0 || cell >= grid_ncells(g)) {
        *x = *y = -1;
        return;
    }
    *x = cell % g->w;
    *y = cell / g->w;
}

/* -1 also for a cell off the board or an unknown direction. */
int grid_step(const grid_t *g, int cell, int dir)
{
    if (cell < 0 || cell >= grid_ncells(g) || dir < 0 || dir >= GRID_NDIRS)
        return -1;
    return grid_cell(g, cell % g->w + dir_dx[dir], cell / g->w + dir_dy[dir]);
}

int grid_neighbors(const grid_t *g, int cell, bool diagonal, const cond_t *cond, int out[8])
{
    int n = 0, ncells = grid_ncells(g), ndirs = diagonal ? GRID_NDIRS : 4;

    if (cell < 0 || cell >= ncells)
        return 0;
    int x = cell % g->w, y = cell / g->w;
    for (int d = 0; d < ndirs; d++) {
        int c = grid_cell(g, x + dir_dx[d], y + dir_dy[d]);
        if (c >= 0 && fields_match(g->v, ncells, c, cond))
            out[n++] = c;
    }
    return n;
}

int grid_ray(const grid_t *g, int cell, int dir, const cond_t *cond, int *out, int max)
{
    int n = 0, ncells = grid_ncells(g);

    for (int c = grid_step(g, cell, dir); c >= 0 && n < max; c = grid_step(g, c, dir)) {
        if (!fields_match(g->v, ncells, c, cond))
            break;
        out[n++] = c;
    }
    return n;
}

/* A row or column off the board gives the empty set. */
void grid_row(const grid_t *g, int y, cellset_t *out)
{
    cellset_clear(out);
    if (y < 0 || y >= g->h)
        return;
    for (int x = 0; x < g->w; x++)
        cellset_add(out, y * g->w + x);
}

void grid_column(const grid_t *g, int x, cellset_t *out)
{
    cellset_clear(out);
    if (x < 0 || x >= g->w)
        return;
    for (int y = 0; y < g->h; y++)
        cellset_add(out, y * g->w + x);
}

void grid_select(const grid_t *g, const cond_t *cond, cellset_t *out)
{
    fields_select(g->v, grid_ncells(g), cond, out);
}

/* Breadth-first, one ring of the queue per step. A `from` off the board
 * gives the empty set; k < 0 means no limit on the steps. */
void grid_reach(const grid_t *g, int from, int k, bool diagonal, const cond_t *through, cellset_t *out)
{
    int16_t queue[GRID_MAX_CELLS];
    int ncells = grid_ncells(g), ndirs = diagonal ? GRID_NDIRS : 4;
    int head = 0, tail = 0;

    cellset_clear(out);
    if (from < 0 || from >= ncells)
        return;
    cellset_add(out, from);
    queue[tail++] = (int16_t)from;
    for (int step = 0; (k < 0 || step < k) && head < tail; step++) {
        int end = tail;
        while (head < end) {
            int c = queue[head++], x = c % g->w, y = c / g->w;
            for (int d = 0; d < ndirs; d++) {
                int nc = grid_cell(g, x + dir_dx[d], y + dir_dy[d]);
                if (nc < 0 || cellset_has(out, nc) || !fields_match(g->v, ncells, nc, through))
                    continue;
                cellset_add(out, nc);
                queue[tail++] = (int16_t)nc;
            }
        }
    }
}

/* A cell off the board is named "?". */
void grid_name(const grid_t *g, int cell, char buf[8])
{
    if (cell < 0 || cell >= grid_ncells(g)) {
        strcpy(buf, "?");
        return;
    }
    int rank = cell / g->w + 1, n = 0;
    buf[n++] = (char)('a' + cell % g->w);
    if (rank >= 10)
        buf[n++] = (char)('0' + rank / 10);
    buf[n++] = (char)('0' + rank % 10);
    buf[n] = '\0';
}

/* A file letter and a rank of one or two digits without a leading zero,
 * nothing before or after: "c3", "C3", "h12"; not "c03", " c3", "c3 ". */
int grid_parse(const grid_t *g, const char *text)
{
    if (!text)
        return -1;
    int f = (unsigned char)text[0];
    if (f >= 'A' && f <= 'Z')
        f += 'a' - 'A';
    if (f < 'a' || f > 'z')
        return -1;
    const char *p = text + 1;
    if (*p < '1' || *p > '9')
        return -1;
    int rank = 0, ndigits = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (++ndigits > 2)
            return -1;
        rank = rank * 10 + (*p - '0');
    }
    if (*p != '\0')
        return -1;
    return grid_cell(g, f - 'a', rank - 1);
}

/* Case-insensitive. */
int grid_dir_parse(const char *name)
{
    return compass_find(dir_points, GRID_NDIRS, name);
}

const char *grid_dir_name(int dir)
{
    return dir >= 0 && dir < GRID_NDIRS ? compass_name(dir_points[dir]) : NULL;
}
