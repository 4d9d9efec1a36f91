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
#include "textbuf.h"

/* An entry of the redo tail that a failed reload could not replay, kept as
 * its text: redo and the next reload try it again under the rules then. */
typedef struct {
    char *text;                    /* the move's text, or an edit's Lua source (owned) */
    bool edit;
    int actor;                     /* who played it (0 for an edit) */
} gpending;

struct game {
    grove_vm *vm;
    char name[64];                 /* the game's folder name */
    char variants[GAME_MAX_VARIANTS];  /* comma-separated, as given */
    int players;
    uint64_t seed;
    char rules_version[32];        /* def.version ("" if the game gives none) */
    uint64_t rules_print;          /* fingerprint of the rule files read to define it */
    game_load_report *loaded;      /* what loading a save found (owned), or NULL */
    int def_ref, state_ref, out_ref, opts_ref;   /* registry refs; opts: every option's value */
    int given_ref;                 /* the options given when it opened (reload gives them again) */
    int fn_moves, fn_apply, fn_actor, fn_result, fn_describe, fn_parse, fn_render;
    int fn_score;                  /* optional def.score(s, seat), for bots */
    int fn_played;                 /* optional def.played(s, move) -> card name, for grove sim */
    int fn_evaluate;               /* optional def.evaluate(s) -> a value per seat, for MCTS */
    int fn_why;                    /* optional def.why(s, text) -> why a typed move is refused */
    int parse_state;               /* what the last game_parse found (PARSE_*, game.c) */
    gstate *st;                    /* owned */
    lstate *ls;                    /* the State object (anchored by state_ref) */
    lout *out;                     /* the Out object (anchored by out_ref) */
    movebuf buf;                   /* the legal moves of the last moves hook */
    uint8_t *scratch;              /* st->size bytes: the transaction snapshot */
    int64_t *hist;                 /* moves played; hist[0..nhist) with redo past ncur (0: an edit) */
    uint8_t *snaps;                /* snaps[i * size]: the state before move i */
    char **hsaid;                  /* hsaid[i]: what move i said (s:say lines, owned), or NULL */
    char **hedit;                  /* hedit[i]: the Lua source of edit i (owned), NULL for a move */
    int ncur, nhist, caphist;
    size_t hist_texts;             /* bytes of hsaid and hedit's texts (GAME_HISTORY_BYTES) */
    gpending *pending;             /* the redo tail past nhist that no longer replayed */
    int npending, cappending;
    textbuf said;                  /* what the apply hook running now says */
    char *setup_said;              /* what setup said (owned), or NULL */
    char err[GAME_ERRLEN];         /* the last error */
    const char *raw_hook;          /* the hook a fast run is in, for its error */
    const uint8_t *preview_of;     /* changes.c: the state before the move game_preview draws */
};

/* game.c: `in` lowercased, trimmed, each run of blanks one space, into
 * out (len bytes, cut to fit): how game_parse compares a typed text with
 * the moves' texts, and grove check compares texts the same way. */
void game_normalize_text(const char *in, char *out, size_t len);

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

/* options.c: push the options table for setup (each declared option's
 * default for g's player count, then the user's options from the table at
 * uidx, 0 for none, converted and checked; then players, seed, variants)
 * and above it the table of the user's options alone. False with err and
 * nothing pushed when a user's option is unknown or does not fit. */
bool options_build(game *g, int def, int uidx, char *err, size_t errlen);

/* Push a read-only view of the options table at opts (s.options). */
void options_push_view(lua_State *L, int opts);

#endif
