/*
 * bind.h — what every Lua binding of a host component shares: the handle a
 * script holds, how to check it, conditions, and cell lists.
 *
 * Ownership: the C game (game.c) owns the gstate. Lua holds a State object
 * (lstate) pointing at it, and component handles pointing at the lstate; the
 * lstate's pointer becomes NULL when the game closes, so a handle that
 * outlives its game raises "attempt to use a Grid of a closed game" instead
 * of reading freed memory. Each handle keeps its lstate alive (uservalue).
 */
#ifndef GROVE_BIND_H
#define GROVE_BIND_H

#include <lauxlib.h>
#include <lua.h>
#include <stdint.h>

#include "fields.h"
#include "movebuf.h"
#include "state.h"

#define BIND_MAGIC 0x67726f76u      /* "grov": first word of every grove userdata */

/* Userdata types. Handle types follow the comp_kind of their component. */
typedef enum {
    T_STATE = 100, T_COND, T_OUT, T_GAME,
} bind_type;

/* What the State table a rule script receives holds under BIND_STATE_KEY. */
typedef struct lstate {
    uint32_t magic, type;       /* BIND_MAGIC, T_STATE */
    gstate *st;                 /* NULL once the game is closed */
    int in_setup;               /* declarations allowed */
} lstate;

#define BIND_FAST_LABELS 16       /* labels per list found by pointer, not strcmp */

/* A handle on one component of a State. Scripts hold it as a Lua table
 * (s.board) whose fields are the component's methods, each a C closure with
 * this struct as its upvalue: `s.board:get(...)` is one table lookup and one
 * call, with no metamethod and no type test on the way. New fields raise;
 * a script that assigns over an existing method replaces it for its own
 * State only (the price of the plain-table lookup). */
typedef struct {
    uint32_t magic, type;       /* BIND_MAGIC, comp_kind */
    lstate *owner;
    int comp;                   /* component index in owner->st */
    const void *table;          /* the Lua table scripts hold (lua_topointer) */
    int nfast[2];
    /* The labels as Lua strings (kept alive by the handle's second user
     * value): short Lua strings are interned, so a field name given by a
     * script is found by comparing pointers. */
    const char *fast[2][BIND_FAST_LABELS];
} handle;

/* The buffer `moves` writes into. */
typedef struct {
    uint32_t magic, type;       /* BIND_MAGIC, T_OUT */
    movebuf *buf;               /* NULL when not inside a moves call */
} lout;

/* A precompiled condition: field names with bounds, resolved per layout. */
typedef struct {
    uint32_t magic, type;       /* BIND_MAGIC, T_COND */
    int n;
    struct { char name[STATE_MAX_NAME]; int32_t lo, hi; } clause[COND_MAX];
    uint64_t cache_serial;      /* layout the resolution below is for */
    int cache_comp, cache_list;
    cond_t resolved;
} lcond;

/* Metatable names (registry keys); also the __name shown in type errors. */
extern const char *const bind_type_name[COMP_NKINDS];   /* "Grid", "Deck" ... */

/* The userdata at idx if it is a grove object of `type`, else NULL. */
static inline void *bind_test(lua_State *L, int idx, uint32_t type)
{
    uint32_t *p = lua_touserdata(L, idx);
    return (p && lua_rawlen(L, idx) >= 8 && p[0] == BIND_MAGIC && p[1] == type) ? p : NULL;
}

/* The State a script sees is a plain Lua table (so `s.board` is a table
 * lookup, not a metamethod): its components as fields, `players`, and the
 * lstate userdata under this key. */
extern const char BIND_STATE_KEY;

/* The lstate of the State table at idx, or raise "State expected". Raises
 * for a closed game. */
lstate *bind_check_state(lua_State *L, int idx);

/* The handle of the handle table at idx if it is one of `kind`, else NULL. */
handle *bind_handle(lua_State *L, int idx, comp_kind kind);

/* The handle at idx of kind `kind`, its data and descriptor; raises
 * "Grid expected, got number" or "attempt to use a Grid of a closed game". */
void *bind_check_comp_slow(lua_State *L, int idx, comp_kind kind, const comp_desc **desc);

/* The handle at idx (already checked by bind_check_comp): for self, the
 * closure's own handle without a lookup. */
static inline handle *bind_handle_at(lua_State *L, int idx, comp_kind kind)
{
    if (idx == 1) {
        handle *h = lua_touserdata(L, lua_upvalueindex(1));
        if (h && h->table == lua_topointer(L, 1) && h->type == (uint32_t)kind) return h;
    }
    return bind_handle(L, idx, kind);
}

/* bind_check_comp for the self argument of a method: the closure's own
 * handle when idx 1 is its table (the common case, a few instructions),
 * else the general check. */
static inline void *bind_check_comp(lua_State *L, int idx, comp_kind kind, const comp_desc **desc)
{
    if (idx == 1) {
        const handle *h = lua_touserdata(L, lua_upvalueindex(1));
        if (h && h->table == lua_topointer(L, 1) && h->type == (uint32_t)kind && h->owner->st) {
            gstate *st = h->owner->st;
            if (desc) *desc = &st->comps[h->comp];
            return state_comp(st, h->comp);
        }
    }
    return bind_check_comp_slow(L, idx, kind, desc);
}

/* Push a new handle on component comp of the State table at index sidx. */
void bind_push_handle(lua_State *L, int sidx, comp_kind kind, int comp);

/* Register a handle type: its methods (copied into every handle table as
 * closures over the handle), __tostring, __name, and an __index that names
 * the unknown method. `tostring` receives the handle table. `methods` must
 * outlive the Lua state (a static array). */
void bind_register(lua_State *L, comp_kind kind, const luaL_Reg *methods,
                   lua_CFunction tostring);

/* A kind whose handle table is not a table of methods (vars): `dress`
 * receives the new handle table on top (its handle under it in the table)
 * and the State at sidx, and sets the table's metatable itself. */
typedef void (*bind_dress_fn)(lua_State *L, int sidx, handle *h);
void bind_register_dress(comp_kind kind, bind_dress_fn dress);

/* Push the handle userdata of the handle table at t. */
void bind_push_handle_udata(lua_State *L, int t);

/* Vars live in Lua tables (see lua_vars.c). Refresh: copy the block into
 * the mirrors of the State table at sidx, after a restore, undo or load.
 * Flush: copy the mirrors into the block; false, with a message in err,
 * when a var holds something other than an integer. */
void lua_vars_refresh(lua_State *L, int sidx, gstate *st);
bool lua_vars_flush(lua_State *L, int sidx, gstate *st, char *err, size_t errlen);

/* Push t[name] without metamethods (t at idx). */
static inline void bind_rawget_name(lua_State *L, int idx, const char *name)
{
    idx = lua_absindex(L, idx);
    lua_pushstring(L, name);
    lua_rawget(L, idx);
}

/* The index of label `name` in desc->labels[list], or -1. */
int bind_label(const comp_desc *d, int list, const char *name);

/* A field argument: a label name or a 1-based number; returns the 0-based
 * index or raises "no field 'x' on grid 'board' (fields: a, b)". */
int bind_check_label(lua_State *L, int idx, const comp_desc *d, int list, const char *what);

/* A condition argument at idx: nil/none (returns NULL), a Cond from
 * grove.cond, or a table {field = value | {lo, hi}}. Resolved against
 * desc->labels[list] into *scratch. Raises for unknown fields. */
const cond_t *bind_check_cond(lua_State *L, int idx, const gstate *st, int comp,
                              int list, cond_t *scratch);

/* bind_check_comp for argument 1 that also gives the handle, so a method
 * reads its own upvalue once and passes the handle on to bind_check_field
 * and bind_check_cond_of (the hot path of every board query). */
static inline void *bind_check_self(lua_State *L, comp_kind kind, const comp_desc **desc, const handle **self)
{
    const handle *h = lua_touserdata(L, lua_upvalueindex(1));
    if (!(h && h->table == lua_topointer(L, 1) && h->type == (uint32_t)kind && h->owner->st)) {
        bind_check_comp_slow(L, 1, kind, desc);        /* raises unless 1 is another handle of this kind */
        h = bind_handle(L, 1, kind);
    }
    gstate *st = h->owner->st;
    *desc = &st->comps[h->comp];
    *self = h;
    return state_comp(st, h->comp);
}

/* bind_check_label for a label of self's component: a name the script
 * wrote is an interned string, found by pointer among self's labels
 * without a lookup; anything else takes bind_check_label. */
static inline int bind_check_field(lua_State *L, int idx, const handle *self, const comp_desc *d,
                                   int list, const char *what)
{
    if (lua_type(L, idx) == LUA_TSTRING) {
        const char *name = lua_tostring(L, idx);
        for (int k = 0; k < self->nfast[list]; k++)
            if (self->fast[list][k] == name) return k;
    }
    return bind_check_label(L, idx, d, list, what);
}

/* bind_check_cond on self's component, list 0. */
static inline const cond_t *bind_check_cond_of(lua_State *L, int idx, const handle *self, cond_t *scratch)
{
    return bind_check_cond(L, idx, self->owner->st, self->comp, 0, scratch);
}

/* Push every member of s (0-based ids) as 1-based integers; returns the count.
 * Raises "too many results" only past the Lua stack limit. */
int bind_push_set(lua_State *L, const cellset_t *s);

/* Push n 0-based ids from an array as 1-based integers. */
int bind_push_ids(lua_State *L, const int *ids, int n);

/* Raise a Lua error for a core status, naming the component. */
int bind_status_error(lua_State *L, grove_status st, const comp_desc *d, const char *what);

/* The binding registrations, one per component file. */
void lua_grid_register(lua_State *L);
void lua_hex_register(lua_State *L);
void lua_graph_register(lua_State *L);
void lua_deck_register(lua_State *L);
void lua_dice_register(lua_State *L);
void lua_pool_register(lua_State *L);
void lua_vars_register(lua_State *L);

/* Declaring components in setup: s:grid(...) and friends, one per binding
 * file; each gets the State at 1 and its arguments after. */
int lua_grid_declare(lua_State *L);
int lua_hex_declare(lua_State *L);
int lua_graph_declare(lua_State *L);
int lua_deck_declare(lua_State *L);
int lua_dice_declare(lua_State *L);
int lua_pool_declare(lua_State *L);
int lua_vars_declare(lua_State *L);

/* For declarations: reserve a component (raises outside setup or for a
 * duplicate name); returns its index; the memory is zeroed. Also stores the
 * new handle as s.NAME and leaves it pushed on the stack. The State is at 1. */
int bind_declare(lua_State *L, comp_kind kind, const char *name, size_t bytes,
                 const char *const *labels0, int n0, const char *const *labels1, int n1);

/* Read a list of strings (a Lua array at idx) into a NULL-terminated array
 * kept alive as a userdata pushed on the stack. Raises for non-strings or
 * names longer than STATE_MAX_NAME - 1. *n gets the count. */
const char **bind_check_names(lua_State *L, int idx, int *n, const char *what);

#endif
