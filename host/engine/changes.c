/*
 * changes.c — what a move changed, for the picture (game.h): the state
 * before the move compared with the state after, component by component as
 * state.c lays each out. A board names the places that changed (a square,
 * a hex with its sides, a node, an edge), a card zone the cards that came
 * into it, a pool and a vars their values before, a set of dice the dice.
 * game_push_picture (picture.c) hands this to grove.picture as
 * view.changed (the last move of the history, marked on the picture) with
 * view.last, the move's text as the viewer reads it, or the move a preview
 * tries.
 */
#include <stdlib.h>
#include <string.h>

#include "bind.h"
#include "deck.h"
#include "dice.h"
#include "game_impl.h"
#include "graph.h"
#include "grid.h"
#include "hex.h"
#include "pool.h"
#include "vars.h"

/* t[key] = true, t on top. */
static void mark(lua_State *L, lua_Integer key)
{
    lua_pushboolean(L, 1);
    lua_rawseti(L, -2, key);
}

/* Has any of the n words at a differ from those at b (stride words apart,
 * the first at a[0], b[0])? */
static bool differ(const int32_t *a, const int32_t *b, long n, long stride)
{
    for (long i = 0; i < n; i++)
        if (a[i * stride] != b[i * stride]) return true;
    return false;
}

/* {[place] = {[field] = value before, ...}} (Lua's 1-based ids) for each
 * place whose fields changed, into the table on top, made (and *open set)
 * when the first place changed. Field f of place p is at v[f * per + p];
 * `names` are the fields' names. A place whose `nextra` other words
 * changed (word k of place p at extra[k * per + p]: a hex on or off the
 * board, a node alive or not, an edge's ends) has [""] = true. */
static bool changed_places(lua_State *L, const int32_t *now, const int32_t *then, int places, int per,
                           int nfields, char *const *names, const int32_t *extra_now, const int32_t *extra_then,
                           int nextra, bool *open)
{
    bool any = false;
    for (int p = 0; p < places; p++) {
        bool came = nextra > 0 && differ(extra_now + p, extra_then + p, nextra, per);
        bool changed = came || differ(now + p, then + p, nfields, per);
        if (!changed) continue;
        if (!any && !*open) { lua_createtable(L, 0, 4); *open = true; }
        any = true;
        lua_createtable(L, 0, 2);                       /* [..., places, fields] */
        if (came) {
            lua_pushboolean(L, 1);
            lua_setfield(L, -2, "");
        }
        for (int f = 0; f < nfields; f++) {
            if (now[(long)f * per + p] == then[(long)f * per + p]) continue;
            lua_pushinteger(L, then[(long)f * per + p]);
            lua_setfield(L, -2, names[f]);
        }
        lua_rawseti(L, -2, p + 1);
    }
    return any;
}

/* A grid: {cells = {[cell] = {[field] = before}}}. */
static bool grid_changes(lua_State *L, const grid_t *now, const grid_t *then, const comp_desc *c)
{
    bool open = false;
    bool any = changed_places(L, now->v, then->v, grid_ncells(now), grid_ncells(now), now->nfields,
                              c->labels[0], NULL, NULL, 0, &open);
    if (open) lua_setfield(L, -2, "cells");
    return any;
}

/* A hex board: {cells = {[hex] = {[field] = before, [side field] = true}}},
 * [""] = true for a hex that came on or went off the board. */
static bool hex_changes(lua_State *L, const hex_t *now, const hex_t *then, const comp_desc *c)
{
    int n = hex_ncells(now);
    bool open = false;
    bool any = changed_places(L, now->data + n, then->data + n, n, n, now->nfields, c->labels[0],
                              now->data, then->data, 1, &open);
    for (int id = 0; id < n; id++) {                  /* the sides, into the same table */
        for (int sf = 0; sf < now->nsides && sf < c->nlabels[1]; sf++) {
            long at = n + (long)now->nfields * n + ((long)sf * n + id) * HEX_NDIRS;
            if (!differ(now->data + at, then->data + at, HEX_NDIRS, 1)) continue;
            if (!open) { lua_createtable(L, 0, 4); open = true; }
            if (lua_rawgeti(L, -1, id + 1) != LUA_TTABLE) {     /* [changes, cells, entry] */
                lua_pop(L, 1);
                lua_createtable(L, 0, 1);
                lua_pushvalue(L, -1);
                lua_rawseti(L, -3, id + 1);
            }
            lua_pushboolean(L, 1);
            lua_setfield(L, -2, c->labels[1][sf]);
            lua_pop(L, 1);
            any = true;
        }
    }
    if (open) lua_setfield(L, -2, "cells");
    return any;
}

/* A graph: {nodes = {[node] = {[field] = before}}, edges = {[edge] =
 * {[field] = before}}}, [""] = true for a node or edge added or removed. */
static bool graph_changes(lua_State *L, const graph_t *now, const graph_t *then, const comp_desc *c)
{
    int nodes = now->maxnodes, edges = now->maxedges;
    const int32_t *a = now->data, *b = then->data;
    long node_fields = nodes + 2L * edges, edge_fields = node_fields + (long)now->nnf * nodes;
    bool open = false;
    bool any = changed_places(L, a + node_fields, b + node_fields, nodes, nodes, now->nnf, c->labels[0],
                              a, b, 1, &open);
    if (open) lua_setfield(L, -2, "nodes");
    open = false;
    any = changed_places(L, a + edge_fields, b + edge_fields, edges, edges, now->nef, c->labels[1],
                         a + nodes, b + nodes, 2, &open) || any;         /* an edge's ends: its a and b */
    if (open) lua_setfield(L, -2, "edges");
    return any;
}

/* A card zone: {cards = {[card] = true}} for the cards it holds now more
 * often than before (a card that came in), added = their number, removed
 * = the cards that left; an empty table when only the order changed. */
static bool deck_changes(lua_State *L, const deck_t *now, const deck_t *then)
{
    if (now->count == then->count && !memcmp(now->cards, then->cards, (size_t)now->count * sizeof *now->cards))
        return false;
    int added = 0;
    lua_createtable(L, 0, 4);
    lua_createtable(L, 0, 4);                                       /* [changes, zone, cards] */
    for (int i = 0; i < now->count; i++) {
        int32_t card = now->cards[i];
        int was = 0, is = 0;
        for (int j = 0; j < then->count; j++) was += then->cards[j] == card;
        for (int j = 0; j <= i; j++) is += now->cards[j] == card;
        if (is > was) {                     /* the copies past those it held before came in */
            mark(L, card);
            added++;
        }
    }
    lua_setfield(L, -2, "cards");
    lua_pushinteger(L, added);
    lua_setfield(L, -2, "added");
    lua_pushinteger(L, then->count - (now->count - added));
    lua_setfield(L, -2, "removed");
    return true;
}

/* A pool: {[seat] = value before} for a per-seat pool, {[0] = value before}
 * for a shared one. */
static bool pool_changes(lua_State *L, const pool_t *now, const pool_t *then, bool per_seat)
{
    bool any = false;
    for (int i = 0; i < now->n; i++) {
        if (now->v[i] == then->v[i]) continue;
        if (!any) lua_createtable(L, 0, 2);
        any = true;
        lua_pushinteger(L, then->v[i]);
        lua_rawseti(L, -2, per_seat ? i + 1 : 0);
    }
    return any;
}

/* Vars: {[name] = value before}. */
static bool vars_changes(lua_State *L, const vars_t *now, const vars_t *then, const comp_desc *c)
{
    bool any = false;
    for (int i = 0; i < now->n && i < c->nlabels[0]; i++) {
        if (now->v[i] == then->v[i]) continue;
        if (!any) lua_createtable(L, 0, 2);
        any = true;
        lua_pushinteger(L, then->v[i]);
        lua_setfield(L, -2, c->labels[0][i]);
    }
    return any;
}

/* Dice: {[die] = true} for each die whose face or setting aside changed. */
static bool dice_changes(lua_State *L, const dice_t *now, const dice_t *then)
{
    bool any = false;
    const int32_t *a = now->data + now->nfaces, *b = then->data + then->nfaces;   /* value[n], aside[n] */
    for (int d = 0; d < now->n; d++) {
        if (a[d] == b[d] && a[now->n + d] == b[now->n + d]) continue;
        if (!any) lua_createtable(L, 0, 2);
        any = true;
        mark(L, d + 1);
    }
    return any;
}

/* Push {[name] = what changed} for each component of st whose bytes differ
 * from those in `before` (a snapshot of st's layout); the state's
 * generator is left out. */
static void push_changes(lua_State *L, const gstate *st, const uint8_t *before)
{
    lua_createtable(L, 0, 4);
    for (int i = 1; i < st->ncomps; i++) {
        const comp_desc *c = &st->comps[i];
        const void *now = st->block + c->offset, *then = before + c->offset;
        if (!memcmp(now, then, c->bytes)) continue;
        bool any;
        if (c->kind == &grid_kind) {
            lua_createtable(L, 0, 1);
            any = grid_changes(L, now, then, c);
        } else if (c->kind == &hex_kind) {
            lua_createtable(L, 0, 1);
            any = hex_changes(L, now, then, c);
        } else if (c->kind == &graph_kind) {
            lua_createtable(L, 0, 2);
            any = graph_changes(L, now, then, c);
        } else if (c->kind == &deck_kind) {
            any = deck_changes(L, now, then);
        } else if (c->kind == &pool_kind) {
            any = pool_changes(L, now, then, (c->flags & BIND_POOL_PER_SEAT) != 0);
        } else if (c->kind == &vars_kind) {
            any = vars_changes(L, now, then, c);
        } else if (c->kind == &dice_kind) {
            any = dice_changes(L, now, then);
        } else {
            continue;
        }
        if (any) lua_setfield(L, -2, c->name);
        else lua_pop(L, 1);
    }
}

bool game_view_changes(game *g, int viewer)
{
    lua_State *L = g->vm->L;
    if (g->preview_of) {                                /* game_preview: the move tried */
        push_changes(L, g->st, g->preview_of);
        lua_setfield(L, -2, "changed");
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "preview");
        return true;
    }
    int last = g->ncur - 1;
    if (last < 0) return true;
    char text[GAME_MOVE_TEXT_MAX + 1];
    int seat = 0;
    if (!game_describe_past_for(g, last, viewer, text, sizeof text, &seat)) text[0] = '\0';
    if (!game_sync(g)) return false;
    push_changes(L, g->st, g->snaps + (size_t)last * g->st->size);   /* [view, changed] */
    lua_setfield(L, -2, "changed");
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, last + 1);
    lua_setfield(L, -2, "n");
    lua_pushinteger(L, seat);
    lua_setfield(L, -2, "seat");
    lua_pushstring(L, text);
    lua_setfield(L, -2, "text");
    lua_setfield(L, -2, "last");
    return true;
}
