/*
 * reveal.c — what a move shows (game.h, game_reveals): whether playing it
 * tells a viewer something it could not know before, a number of the
 * game's chance or a card it could not see. grove serve asks it of every
 * move, so that an undo never takes back a draw or a roll behind the
 * other players' backs.
 */
#include <stdlib.h>
#include <string.h>

#include "game_impl.h"
#include "hidden.h"

/* A seed for each (viewer, try) from the caller's. */
static uint64_t mix(uint64_t a, uint64_t b)
{
    uint64_t z = a + 0x9e3779b97f4a7c15ULL * (b + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

bool game_reveals(game *g, int64_t move, uint32_t viewers, int tries, uint64_t seed, uint32_t *shown)
{
    *shown = 0;
    int top = g->players < 31 ? g->players : 31;
    uint8_t *here = malloc(g->st->size);
    if (!here) { snprintf(g->err, sizeof g->err, "out of memory"); return false; }
    if (!game_snapshot(g, here)) { free(here); return false; }
    rng_t chance = *state_rng(g->st);
    if (!game_apply(g, move, false, false)) { free(here); return false; }
    /* a number drawn from the game's chance is news to everyone: the dice
     * it rolled, or the order it shuffled, which an undo would replay */
    bool drew = memcmp(&chance, state_rng(g->st), sizeof chance) != 0;
    uint64_t seen[32] = { 0 };
    for (int v = 0; v <= top; v++)
        if ((viewers >> v) & 1) seen[v] = hidden_view_hash(g->st, v);
    game_restore(g, here);
    if (drew) {
        for (int v = 0; v <= top; v++) *shown |= viewers & (UINT32_C(1) << v);
        free(here);
        return true;
    }
    /* the cards a viewer cannot see, dealt otherwise: does the move then
     * leave it another view? (A move that fails on another deal depends
     * on those cards too: the hand it plays from, say.) */
    for (int v = 0; v <= top && hidden_any(g->st); v++) {
        if (!((viewers >> v) & 1)) continue;
        for (int k = 0; k < tries && !((*shown >> v) & 1); k++) {
            if (!game_redeal(g, v, mix(seed, ((uint64_t)v << 32) | (uint64_t)k))) {
                game_restore(g, here);
                free(here);
                return false;
            }
            if (!game_apply(g, move, false, false) || hidden_view_hash(g->st, v) != seen[v])
                *shown |= UINT32_C(1) << v;
            game_restore(g, here);
        }
    }
    g->err[0] = '\0';
    free(here);
    return true;
}
