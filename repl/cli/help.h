/*
 * help.h — the help topics: short pages on what a person needs while
 * playing or writing a game, printed by `help TOPIC` at the REPL and by
 * `grove help TOPIC`, and offered by Tab after `help` (help.c).
 */
#ifndef GROVE_HELP_H
#define GROVE_HELP_H

#include <stdbool.h>
#include <stdio.h>

/* Print topic `name` to out: NULL or "" is "commands", "topics" lists
 * them all, a name of no topic is said with the list. The "commands" page
 * is the REPL's command table, which lives in a room above this one:
 * `commands` writes it (the session's repl_help_commands), so help_print
 * calls up through what it is given, never by name. */
void help_print(FILE *out, const char *name, void (*commands)(FILE *out));

/* Is `name` a topic (or "topics")? */
bool help_has(const char *name);

/* The i-th topic's name (0: "topics"), NULL past the last: for Tab. */
const char *help_topic(int i);

#endif
