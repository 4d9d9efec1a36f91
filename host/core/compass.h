/*
 * compass.h — the eight compass points by name, for the boards' directions.
 *
 * A square grid steps in all eight, a pointy-top hex grid in six (no north,
 * no south); each board numbers its own directions and lists the compass
 * point of each, so names are parsed in one place: "n" or "north", any case.
 */
#ifndef GROVE_COMPASS_H
#define GROVE_COMPASS_H

typedef enum {
    COMPASS_N, COMPASS_NE, COMPASS_E, COMPASS_SE,
    COMPASS_S, COMPASS_SW, COMPASS_W, COMPASS_NW,
    COMPASS_NPOINTS
} compass_point;

/* The index in points[0..n) of the point named `name` ("ne", "Northeast"),
 * or -1 (also for NULL, or a point not in the list). */
int compass_find(const compass_point *points, int n, const char *name);

/* The short name of a point ("ne"), or NULL for none. */
const char *compass_name(int point);

#endif
