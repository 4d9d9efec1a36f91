/*
 * status.c — the English phrase for each grove_status.
 *
 * Bindings use these phrases in their error messages ("deck:draw: empty"),
 * so they are short, lower case and name the condition, not the remedy.
 */
#include "status.h"

const char *grove_strstatus(grove_status st)
{
    switch (st) {
    case GROVE_OK:      return "ok";
    case GROVE_ERANGE:  return "out of range";
    case GROVE_EFULL:   return "full";
    case GROVE_EEMPTY:  return "empty";
    case GROVE_EBOUND:  return "out of bounds";
    case GROVE_EARG:    return "bad argument";
    case GROVE_ENOMEM:  return "out of memory";
    case GROVE_EFORMAT: return "bad format";
    case GROVE_ELIMIT:  return "the game's state would pass its bound (64 MiB in 4096 components at most)";
    }
    return "unknown status";
}
