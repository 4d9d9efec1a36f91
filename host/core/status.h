/*
 * status.h — the status codes every host core returns.
 *
 * A core function never prints and never exits: it returns GROVE_OK or one
 * of these codes, and the Lua binding turns the code into a message.
 */
#ifndef GROVE_STATUS_H
#define GROVE_STATUS_H

typedef enum {
    GROVE_OK = 0,
    GROVE_ERANGE,   /* an index, cell, seat or position out of range */
    GROVE_EFULL,    /* a fixed capacity would be exceeded */
    GROVE_EEMPTY,   /* nothing there to take (empty deck, pool at its minimum) */
    GROVE_EBOUND,   /* a value would leave its declared bounds */
    GROVE_EARG,     /* a malformed argument (bad name, bad direction) */
    GROVE_ENOMEM,   /* an allocation failed */
    GROVE_EFORMAT,  /* a saved text does not parse or does not fit */
    GROVE_ELIMIT,   /* a game's state would pass grove's bound on it (state.h) */
} grove_status;

/* A short English phrase for a status ("out of range"); never NULL. */
const char *grove_strstatus(grove_status st);

#endif
