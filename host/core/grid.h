/*
 * grid.h — a W x H square grid with named integer fields per cell.
 *
 * Cells are numbered 0..w*h-1 row by row from the bottom-left: cell =
 * y * w + x with x, y 0-based; x is the file (a, b, c ...), y the rank
 * (1, 2, 3 ...), so cell 0 is "a1" and north is y + 1. The grid_t lives in
 * the game state block; the field names live with the script.
 */
#ifndef GROVE_GRID_H
#define GROVE_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "cellset.h"
#include "fields.h"
#include "kind.h"
#include "status.h"

#define GRID_MAX_SIDE 26          /* files are named a..z */

/* Directions: the four orthogonal ones first. */
enum {
    GRID_N, GRID_E, GRID_S, GRID_W,
    GRID_NE, GRID_SE, GRID_SW, GRID_NW,
    GRID_NDIRS
};

typedef struct {
    int32_t w, h;        /* size in cells */
    int32_t nfields;     /* fields per cell */
    int32_t pad;         /* always 0 */
    int32_t v[];         /* v[field * w*h + cell] */
} grid_t;

/* The kind of a grid component (kind.h). */
extern const comp_kind grid_kind;

/* Bytes a grid takes in the state block. */
size_t grid_bytes(int w, int h, int nfields);

/* Make a grid with every field 0. EARG when w or h is outside
 * 1..GRID_MAX_SIDE, w*h > CELLSET_MAX or nfields < 0. */
grove_status grid_init(grid_t *g, int w, int h, int nfields);

static inline int grid_ncells(const grid_t *g) { return g->w * g->h; }

/* The cell at (x, y), 0-based, or -1 off the board. */
int grid_cell(const grid_t *g, int x, int y);
void grid_xy(const grid_t *g, int cell, int *x, int *y);

/* The field array, v[field * ncells + cell] (fields.h). */
static inline int32_t *grid_fields(const grid_t *g) { return (int32_t *)g->v; }

/* Field access; the caller checks cell and field (the binding does). */
static inline int32_t grid_get(const grid_t *g, int cell, int field)
{
    return g->v[(long)field * g->w * g->h + cell];
}
static inline void grid_set(grid_t *g, int cell, int field, int32_t value)
{
    g->v[(long)field * g->w * g->h + cell] = value;
}

/* The neighbour of cell in direction dir, or -1 off the board. */
int grid_step(const grid_t *g, int cell, int dir);

/* The neighbours of cell on the board that satisfy cond (NULL: all), in
 * direction order N E S W (then NE SE SW NW if diagonal). Returns the count. */
int grid_neighbors(const grid_t *g, int cell, bool diagonal, const cond_t *cond, int out[8]);

/* The cells after `cell` in direction dir, nearest first, while each
 * satisfies cond (NULL: up to the edge). Returns the count (at most max). */
int grid_ray(const grid_t *g, int cell, int dir, const cond_t *cond, int *out, int max);

/* Cells of row y (rank, 0-based) / column x (file), in ascending order into a set. */
void grid_row(const grid_t *g, int y, cellset_t *out);
void grid_column(const grid_t *g, int x, cellset_t *out);

/* out = cells satisfying cond (NULL: all). */
void grid_select(const grid_t *g, const cond_t *cond, cellset_t *out);

/* out = cells reachable from `from` in at most k steps (orthogonal, or also
 * diagonal), every entered cell satisfying `through`; `from` itself is in
 * the set (zero steps) whatever it holds. */
void grid_reach(const grid_t *g, int from, int k, bool diagonal, const cond_t *through, cellset_t *out);

/* Write the cell's name ("c3") into buf (room for 8). */
void grid_name(const grid_t *g, int cell, char buf[8]);

/* The cell named by text ("c3", case-insensitive), or -1. */
int grid_parse(const grid_t *g, const char *text);

/* Direction by name: "n" "e" "s" "w" "ne" "se" "sw" "nw" (also "north"...), or -1. */
int grid_dir_parse(const char *name);
const char *grid_dir_name(int dir);

#endif
