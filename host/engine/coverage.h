/*
 * coverage.h — which lines of the rule scripts ran: `grove sim --coverage`
 * shows a designer the rule or the card that never fires.
 *
 * A collector listens to one VM's line events (vm_listen_lines) and counts
 * runs per line of every script file; collectors of several threads merge
 * into one; the report lists, per file of the game's folders, the share of
 * its code lines that ran and the lines that never did.
 */
#ifndef GROVE_COVERAGE_H
#define GROVE_COVERAGE_H

#include <stdio.h>

#include "vm.h"

typedef struct coverage coverage;

coverage *coverage_new(void);                 /* an empty store; NULL on no memory */
void coverage_free(coverage *c);

/* Start counting the lines vm runs into a new store (NULL on no memory);
 * coverage_stop stops listening and frees it. */
coverage *coverage_start(grove_vm *vm);
void coverage_stop(grove_vm *vm, coverage *c);

/* Add the counts of `from` into `into`. */
void coverage_merge(coverage *into, const coverage *from);

/* Report every file of game `name`'s folders (game_folders: the one it
 * was found in, wherever that is, and its overlays'), reading the files
 * through vm's search path. */
void coverage_report(const coverage *c, const char *name, grove_vm *vm, FILE *out);

#endif
