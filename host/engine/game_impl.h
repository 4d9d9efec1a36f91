/*
 * game_impl.h — inside the engine: the game itself, and what its files
 * (game.c, defs.c, save.c) share. Private to host/engine/ (tests/layers.sh
 * refuses it elsewhere); everything outside uses game.h.
 */
#ifndef GROVE_GAME_IMPL_H
#define GROVE_GAME_IMPL_H

#include <lua.h>

#include "bind.h"
#include "game.h"
#include "state.h"

struct game {
    grove_vm *vm;
    char name[64];                 /* the game's folder name */
    char variants[GAME_MAX_VARIANTS];  /* comma-separated, as given */
    int players;
    uint64_t seed;
    char rules_version[32];        /* def.version ("" if the game gives none) */
    uint64_t rules_print;          /* fingerprint of the rule files read to define it */
    char load_note[256];           /* set by loading a save file whose rule files differ */
    int def_ref, state_ref, out_ref, opts_ref;   /* registry refs */
    int fn_moves, fn_apply, fn_actor, fn_result, fn_describe, fn_parse, fn_render;
    int fn_score;                  /* optional def.score(s, seat), for bots */
    int fn_played;                 /* optional def.played(s, move) -> card name, for grove sim */
    int fn_evaluate;               /* optional def.evaluate(s) -> a value per seat, for MCTS */
    gstate *st;                    /* owned */
    lstate *ls;                    /* the State object (anchored by state_ref) */
    lout *out;                     /* the Out object (anchored by out_ref) */
    movebuf buf;                   /* the legal moves of the last moves hook */
    uint8_t *scratch;              /* st->size bytes: the transaction snapshot */
    int64_t *hist;                 /* moves played; hist[0..nhist) with redo past ncur */
    uint8_t *snaps;                /* snaps[i * size]: the state before move i */
    int ncur, nhist, caphist;
    char err[GAME_ERRLEN];         /* the last error */
    const char *raw_hook;          /* the hook a fast run is in, for its error */
};

/* defs.c: the definition of name|variants pushed (from the cache unless
 * fresh); false with err and nothing pushed. Unprotected: a failed
 * allocation raises. */
bool defs_load(grove_vm *vm, const char *name, const char *variants, bool fresh,
               char *err, size_t errlen);

/* Is `players` a count game name|variants takes (its definition loaded,
 * so cached)? False with err naming the variant, or the game, that does
 * not take it, and the counts it takes. */
bool defs_check_players(lua_State *L, const char *name, const char *variants, int players,
                        char *err, size_t errlen);

/* The fingerprint of the rule files behind the cached definition of
 * name|variants (0 if unknown); def.version (at def) as text, "" if none. */
uint64_t defs_print(lua_State *L, const char *name, const char *variants);
void defs_version(lua_State *L, int def, char *out, size_t len);

#endif
