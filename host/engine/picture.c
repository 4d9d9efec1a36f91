/*
 * picture.c — the picture of a game (game.h): grove.picture's svg drawn
 * from the State, the game's look and the view (the viewer, the seat to
 * act, the title, the last move's changes from changes.c), and the preview
 * of a move not yet played. Above the executor: it calls game.c and
 * changes.c, neither calls it.
 */
#include <stdlib.h>
#include <string.h>

#include "bind.h"
#include "game_impl.h"
#include "graph.h"
#include "grid.h"
#include "hex.h"
#include "hidden.h"
#include "lua_state.h"
#include "vm.h"

#define PREVIEW_TRIES 6             /* re-deals a preview's boards are compared on */

/* The drawing function, grove.picture's svg, loaded once per VM in a
 * sandbox of its own and kept in the registry; pushes it, or returns
 * false with g's error set. */
static const char PICTURE_KEY = 0;

static bool push_picture_fn(game *g)
{
    grove_vm *vm = g->vm;
    lua_State *L = vm->L;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &PICTURE_KEY) == LUA_TFUNCTION) return true;
    lua_pop(L, 1);
    vm_push_sandbox(vm, NULL);                          /* [env] */
    lua_getfield(L, -1, "require");                     /* [env, require] */
    lua_remove(L, -2);
    lua_pushliteral(L, "grove.picture");
    if (vm_call(vm, 1, 1, "picture") != LUA_OK) {       /* [module] or [msg] */
        snprintf(g->err, sizeof g->err, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
        return false;
    }
    if (!lua_istable(L, -1) || lua_getfield(L, -1, "svg") != LUA_TFUNCTION) {
        lua_settop(L, lua_gettop(L) - (lua_istable(L, -2) ? 2 : 1));
        snprintf(g->err, sizeof g->err, "picture: grove.picture has no svg function");
        return false;
    }
    lua_remove(L, -2);                                  /* [svg] */
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &PICTURE_KEY);
    return true;
}

bool game_push_picture(game *g, int viewer, const char *status)
{
    lua_State *L = g->vm->L;
    int over = game_over(g);
    if (over < 0) return false;
    int actor = over ? 0 : game_actor(g);
    if (!over && actor == 0) return false;
    if (!push_picture_fn(g)) return false;              /* [svg] */
    game_push_state(g);                                 /* [svg, s] */
    game_push_def(g);
    lua_getfield(L, -1, "look");
    lua_remove(L, -2);                                  /* [svg, s, look] */
    lua_createtable(L, 0, 4);                           /* [svg, s, look, view] */
    lua_pushinteger(L, viewer);
    lua_setfield(L, -2, "viewer");
    lua_pushinteger(L, actor);
    lua_setfield(L, -2, "actor");
    game_push_def(g);
    lua_getfield(L, -1, "title");
    lua_remove(L, -2);
    lua_setfield(L, -2, "title");
    if (status) {
        lua_pushstring(L, status);
        lua_setfield(L, -2, "status");
    }
    if (!game_view_changes(g, viewer)) { lua_pop(L, 4); return false; }    /* the last move (changes.c) */
    /* the checked path's transaction, as every hook of game.c: the picture may not change the state */
    if (!lua_state_call(g->vm, g->ls, 3, 1, "picture", g->scratch, NULL, g->err, sizeof g->err)) return false;
    if (lua_type(L, -1) != LUA_TSTRING) {
        lua_pop(L, 1);
        game_set_error(g, "picture: grove.picture.svg returned no text");
        return false;
    }
    return true;
}

char *game_picture(game *g, int viewer, const char *status)
{
    lua_State *L = g->vm->L;
    if (!game_push_picture(g, viewer, status)) return NULL;
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    char *text = malloc(len + 1);
    if (text) memcpy(text, s, len + 1);
    else game_set_error(g, "out of memory");
    lua_pop(L, 1);
    return text;
}

/* The words of st's boards (grids, hex boards, graphs), hashed (FNV-1a). */
static uint64_t boards_hash(const gstate *st)
{
    uint64_t h = 1469598103934665603ULL;
    for (int i = 1; i < st->ncomps; i++) {
        const comp_desc *c = &st->comps[i];
        if (c->kind != &grid_kind && c->kind != &hex_kind && c->kind != &graph_kind) continue;
        const uint8_t *p = st->block + c->offset;
        for (size_t k = 0; k < c->bytes; k++) h = (h ^ p[k]) * 1099511628211ULL;
    }
    return h;
}

char *game_preview(game *g, int64_t move, int viewer, uint64_t seed, bool *shown)
{
    *shown = false;
    size_t size = game_state_size(g);
    uint8_t *here = malloc(size);
    if (!here) { snprintf(g->err, sizeof g->err, "out of memory"); return NULL; }
    if (!game_snapshot(g, here)) { free(here); return NULL; }
    rng_t chance = *state_rng(g->st);
    if (!game_apply(g, move, false, false)) { free(here); return NULL; }
    /* a move that draws on chance, or whose boards after it depend on
     * cards the viewer cannot see, is not drawn before it is played */
    bool hidden = memcmp(&chance, state_rng(g->st), sizeof chance) != 0;
    uint64_t boards = boards_hash(g->st);
    game_restore(g, here);
    for (int k = 0; k < PREVIEW_TRIES && !hidden && hidden_any(g->st); k++) {
        bool ok = game_redeal(g, viewer, seed + (uint64_t)k) && game_apply(g, move, false, false);
        hidden = !ok || boards_hash(g->st) != boards;
        game_restore(g, here);
    }
    char *svg = NULL;
    if (hidden) {
        g->err[0] = '\0';
        *shown = true;
    } else if (game_apply(g, move, false, false)) {
        g->preview_of = here;
        svg = game_picture(g, viewer, NULL);
        g->preview_of = NULL;
        game_restore(g, here);
    }
    free(here);
    return svg;
}
