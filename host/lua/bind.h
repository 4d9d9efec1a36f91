/*
 * bind.h — what every Lua binding of a host component shares: the handle a
 * script holds, the table of component kinds, one check per kind of
 * argument, and turning core status codes into Lua errors.
 *
 * Ownership: whoever pushed the State (lua_state_push) owns the gstate.
 * Lua holds a State object (lstate) pointing at it, and component handles
 * pointing at the lstate; the owner sets the lstate's pointer to NULL when
 * the game closes, so a handle that outlives its game raises "attempt to
 * use a Grid of a closed game" instead of reading freed memory. Each
 * handle keeps its lstate alive (uservalue).
 *
 * Errors. An argument of the wrong type reads as Lua's own
 * (luaL_typeerror), counted as the script wrote the call:
 *   board:get("c3", {})   bad argument #2 to 'get' (field name expected, got table)
 * Every other error of a binding (a value of the right type that names
 * nothing, a full deck, a bad declaration) goes through bind_error, in one
 * voice: the component and its method, the argument, what is wrong.
 *   grid 'board':get, argument #1: no cell 'z9' (a1..h8)
 *   deck 'pile':draw: the zone is empty
 *   s:deck('hand'), argument #2: capacity 0 out of range (1..65535)
 * A core's status code becomes an error in one place, bind_check_status;
 * a seat is checked in one place, bind_check_seat.
 */
#ifndef GROVE_BIND_H
#define GROVE_BIND_H

#include <lauxlib.h>
#include <lua.h>
#include <stdint.h>

#include "fields.h"
#include "movebuf.h"
#include "state.h"
#include "textbuf.h"

#define BIND_MAGIC 0x67726f76u      /* "grov": first word of every grove userdata */

/* The second word of every grove userdata. A layer above numbers its own
 * types from BIND_TYPE_ABOVE, through bind_test like these. */
typedef enum {
    T_STATE = 100, T_COND, T_OUT, T_HANDLE,
    BIND_TYPE_ABOVE = 200,
} bind_type;

/* What a VM remembers of the States it made, to size the next ones
 * (bind.c, lua_state.c): their components, and the methods made on the
 * handle of each component index. */
#define BIND_ROOM_COMPS 256
typedef struct {
    int comps;                          /* the most components a State had */
    uint8_t methods[BIND_ROOM_COMPS];   /* the most methods a handle of each index had */
} bind_room;

/* What the State table a rule script receives holds under BIND_STATE_KEY. */
typedef struct lstate {
    uint32_t magic, type;       /* BIND_MAGIC, T_STATE */
    gstate *st;                 /* NULL once the game is closed */
    int in_setup;               /* declarations allowed */
    textbuf *said;              /* where s:say writes, NULL when nobody listens (playouts);
                                   set through lua_state_narrate (lua_state.h) */
    bind_room *room;            /* the VM's (bind_room_of) */
} lstate;

#define BIND_FAST_LABELS 16       /* labels per list found by pointer, not strcmp */
#define BIND_POOL_PER_SEAT 1      /* a pool's comp_desc.flags: one counter per seat */

typedef struct bind_kind bind_kind;

/* A handle on one component of a State. Scripts hold it as a Lua table
 * (s.board) whose fields are the component's methods, each a C closure with
 * this struct as its upvalue: `s.board:get(...)` is one table lookup and one
 * call, with no metamethod and no type test on the way. A method is made
 * the first time a script reads it (through the metatable's __index) and
 * kept in the table from then on: a game declares many components and
 * calls few of their methods, so a sim game's setup does not make them all.
 * New fields raise; a script that assigns over a method replaces it for
 * its own State only (the price of the plain-table lookup). */
typedef struct {
    uint32_t magic, type;       /* BIND_MAGIC, T_HANDLE */
    const bind_kind *kind;      /* what it is a handle on */
    lstate *owner;
    int comp;                   /* component index in owner->st */
    const void *table;          /* the Lua table scripts hold (lua_topointer) */
    int made;                   /* methods made or replaced in the table (bind.c, the room) */
    int nfast[2];
    /* The labels as Lua strings (kept alive by the handle's second user
     * value): short Lua strings are interned, so a field name given by a
     * script is found by comparing pointers. List 0's first (nfast[0] of
     * them), then list 1's; the userdata has room for just these. */
    const char *fast[];
} handle;

/* Makes the handle table of a kind whose handle is not a table of methods
 * (vars): receives the new table on top (its handle under BIND's key) and
 * the State at sidx, and sets the table's metatable itself. */
typedef void (*bind_dress_fn)(lua_State *L, int sidx, handle *h);

/* A kind of component as Lua sees it. Each binding file defines one
 * (lua_grid.c: lua_grid); components.c lists them all in one table. */
struct bind_kind {
    const comp_kind *core;          /* the core's kind; its name is the declaration, s:grid(...) */
    const char *type_name;          /* "Grid": the metatable's name and __name, as type errors say */
    lua_CFunction declare;          /* s:grid(name, ...) in setup: the State at 1; pushes the handle */
    const luaL_Reg *methods;        /* made in a handle table on first use, closures over the handle */
    const luaL_Reg *metamethods;    /* of the handle tables' metatable: __tostring, __len ... */
    bind_dress_fn dress;            /* NULL; or makes the handle table itself (then no metatable) */
};

/* The VM's bind_room: a userdata the registry keeps, made on first use. */
bind_room *bind_room_of(lua_State *L);

/* Every kind a rule script can declare, NULL-terminated (components.c,
 * which the bindings' files are below: whoever opens the API hands the
 * list down). */
extern const bind_kind *const bind_kinds[];

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

/* ---- errors: one voice -------------------------------------------------------
 *
 * The running binding raises, at the script's line (level 1, as
 * luaL_error), "WHO[, argument #N]: WHAT", where WHO is
 *   kind 'name':method    a method of component d (found by the running C
 *                         function among its kind's methods; without one,
 *                         as in a metamethod, kind 'name' alone)
 *   s:kind('name')        a declaration (d is not needed: NULL)
 *   s:method              another method of the State (d NULL)
 * and N counts the arguments after the component or State, as the script
 * wrote the call: arg is the stack index (1 is self), 0 or 1 for an error
 * about the call rather than one argument. WHAT is a lua_pushfstring
 * format (%s %d %I %c %%). */
int bind_error(lua_State *L, const comp_desc *d, int arg, const char *fmt, ...);

/* A seat given as argument arg (a stack index, as bind_error's) of the
 * running call on d (NULL: the State's): 1..players, and 0 as well when
 * `zero` says what 0 stands for ("an onlooker", "a shared zone"). Returns
 * it; else raises "... argument #1: no seat 5 (1..4, or 0 for an
 * onlooker)". The caller reads the integer (luaL_checkinteger for a plain
 * argument). */
int bind_check_seat(lua_State *L, lua_Integer seat, int arg, int players, const comp_desc *d,
                    const char *zero);

/* ---- checking arguments: one helper per job ---------------------------------
 *
 * Each raises as the file comment says; none allocates, so a method checks
 * every argument before it changes anything. */

/* The State table at idx. */
lstate *bind_check_state(lua_State *L, int idx);

/* Any live handle of `kind` at idx (a deck to deal to). */
const handle *bind_check_handle(lua_State *L, int idx, const bind_kind *kind);

/* The handle a method is called on, argument 1: the closure's own handle
 * when 1 is its table (a few instructions: the hot path of every board
 * query), else any live handle of `kind`. Called with a dot instead of a
 * colon, the error says so. */
static inline const handle *bind_check_self(lua_State *L, const bind_kind *kind)
{
    const handle *h = lua_touserdata(L, lua_upvalueindex(1));
    if (h && h->table == lua_topointer(L, 1) && h->kind == kind && h->owner->st) return h;
    return bind_check_handle(L, 1, kind);
}

/* What a checked handle stands for: its state, its bytes in the block, its
 * descriptor (name, labels). Valid until the script next runs. */
static inline gstate *bind_gstate(const handle *h) { return h->owner->st; }
static inline void *bind_data(const handle *h) { return state_comp(h->owner->st, h->comp); }
static inline const comp_desc *bind_desc(const handle *h) { return &h->owner->st->comps[h->comp]; }

/* A label of self's component at idx: a name or a 1-based number from
 * label list `list` (0: fields or faces, 1: side or edge fields); returns
 * the 0-based index. `what` names the list ("field", "symbol"): "grid
 * 'board':get, argument #2: no field 'x' (fields: a, b)". A name the script wrote is an
 * interned string, found by pointer without a lookup. */
int bind_check_field_slow(lua_State *L, int idx, const handle *self, int list, const char *what);
static inline int bind_check_field(lua_State *L, int idx, const handle *self, int list, const char *what)
{
    if (lua_type(L, idx) == LUA_TSTRING) {
        const char *name = lua_tostring(L, idx);
        const char *const *fast = self->fast + (list ? self->nfast[0] : 0);
        for (int k = 0; k < self->nfast[list]; k++)
            if (fast[k] == name) return k;
    }
    return bind_check_field_slow(L, idx, self, list, what);
}

/* A condition at idx on label list `list` of self's component: nil/none
 * (returns NULL: everything matches), a Cond from grove.cond, or a table
 * {field = value | {lo, hi}}, resolved into *scratch (a Cond may be
 * resolved in place: copy it if two conditions of one call may be one). */
const cond_t *bind_check_cond_at(lua_State *L, int idx, const gstate *st, int comp, int list, cond_t *scratch);
static inline const cond_t *bind_check_cond(lua_State *L, int idx, const handle *self, int list, cond_t *scratch)
{
    return bind_check_cond_at(L, idx, bind_gstate(self), self->comp, list, scratch);    /* (it does the work) */
}

/* A 32-bit value at idx for a field of self: "grid 'board':set, argument
 * #3: 1099511627776 does not fit 32 bits". */
int bind_value_error(lua_State *L, lua_Integer v, const handle *self, int idx);   /* (its error) */
static inline int32_t bind_check_value(lua_State *L, int idx, const handle *self)
{
    lua_Integer v = luaL_checkinteger(L, idx);
    if (v < INT32_MIN || v > INT32_MAX) bind_value_error(L, v, self, idx);
    return (int32_t)v;
}

/* Raise for a core status other than GROVE_OK, through bind_error ("grid
 * 'board':set_on: not enough memory", "s:grid('board'): bad argument");
 * return for GROVE_OK. The one place a core's status becomes a Lua error:
 * bindings check what they can say better first (a full deck), then call
 * the core and pass its status here. */
void bind_check_status(lua_State *L, grove_status rc, const comp_kind *kind, const char *name);

/* grove.cond{field = value | {lo, hi}, ...}: a condition to reuse (api.c). */
int bind_new_cond(lua_State *L);

/* ---- results ------------------------------------------------------------------ */

/* Push every member of s (0-based ids) as 1-based integers; returns the count.
 * Raises "too many results" only past the Lua stack limit. */
int bind_push_set(lua_State *L, const cellset_t *s);

/* Push n 0-based ids from an array as 1-based integers. */
int bind_push_ids(lua_State *L, const int *ids, int n);

/* ---- handles and declarations ------------------------------------------------- */

/* The handle of the table at idx if it is any grove handle (of a live game
 * or not), else NULL: for __tostring, which says "Grid(closed)". */
handle *bind_to_handle(lua_State *L, int idx);

/* Push a new handle on component comp of the State table at index sidx. */
void bind_push_handle(lua_State *L, int sidx, const bind_kind *kind, int comp);

/* Push the handle userdata of the handle table at t. */
void bind_push_handle_udata(lua_State *L, int t);

/* Register the metatables of the component kinds listed in `kinds`
 * (NULL-terminated: bind_kinds), once per Lua state, and remember the list
 * (it must outlive the state) for bind_error to name a method by. */
void bind_open(lua_State *L, const bind_kind *const *kinds);

/* For declarations: reserve a component of `bytes` zeroed bytes (raises
 * outside setup, for a duplicate name or a name the State uses); store its
 * new handle as s.NAME and leave it pushed on the stack. The State is at 1. */
const handle *bind_declare(lua_State *L, const bind_kind *kind, const char *name, size_t bytes,
                           const char *const *labels0, int n0, const char *const *labels1, int n1);

/* Read a list of strings (a Lua array at idx) into a NULL-terminated array
 * kept alive as a userdata pushed on the stack. Raises for non-strings or
 * names longer than STATE_MAX_NAME - 1. *n gets the count. */
const char **bind_check_names(lua_State *L, int idx, int *n, const char *what);

/* Push t[name] without metamethods (t at idx). */
static inline void bind_rawget_name(lua_State *L, int idx, const char *name)
{
    idx = lua_absindex(L, idx);
    lua_pushstring(L, name);
    lua_rawget(L, idx);
}

#endif
