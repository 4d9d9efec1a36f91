/*
 * compass.c — compass point names (compass.h).
 */
#include "compass.h"

#include <stddef.h>
#include <strings.h>

static const char *const short_names[COMPASS_NPOINTS] = {
    "n", "ne", "e", "se", "s", "sw", "w", "nw",
};
static const char *const long_names[COMPASS_NPOINTS] = {
    "north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest",
};

int compass_find(const compass_point *points, int n, const char *name)
{
    if (!name) return -1;
    for (int d = 0; d < n; d++)                 /* the short names first: scripts write "ne" */
        if (strcasecmp(name, short_names[points[d]]) == 0) return d;
    for (int d = 0; d < n; d++)
        if (strcasecmp(name, long_names[points[d]]) == 0) return d;
    return -1;
}

const char *compass_name(int point)
{
    return point >= 0 && point < COMPASS_NPOINTS ? short_names[point] : NULL;
}
