/*
 * bind.c — what the component bindings share (bind.h): handles and their
 * metatables, the one voice of errors, the argument checks, status errors,
 * conditions, id lists, declarations.
 */
#include "bind.h"

#include <stdarg.h>
#include <string.h>

const char BIND_STATE_KEY = 0;

/* ---- errors ------------------------------------------------------------------ */

/* The C function of the running call, or NULL. */
static lua_CFunction running(lua_State *L)
{
    lua_Debug ar;
    if (!lua_getstack(L, 0, &ar) || !lua_getinfo(L, "f", &ar)) return NULL;
    lua_CFunction f = lua_tocfunction(L, -1);
    lua_pop(L, 1);
    return f;
}

/* The registry key of the kinds bind_open registered (a light userdata on
 * their NULL-terminated list), which bind_error reads to name a method. */
static const char KINDS_KEY = 'k';

/* The kinds bind_open registered in L: never NULL (an empty list before). */
static const bind_kind *const *kinds_of(lua_State *L)
{
    static const bind_kind *const none[] = { NULL };
    lua_rawgetp(L, LUA_REGISTRYINDEX, &KINDS_KEY);
    const bind_kind *const *kinds = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return kinds ? kinds : none;
}

/* Push bind_error's WHO (bind.h) for component `name` of kind core (NULL:
 * none, the State's own method). */
static void push_who(lua_State *L, const comp_kind *core, const char *name)
{
    lua_CFunction f = running(L);
    const bind_kind *const *kinds = kinds_of(L);
    for (const bind_kind *const *k = kinds; f && *k; k++)
        if ((*k)->declare == f) {                       /* s:grid(name, ...): the name at 2 */
            lua_pushfstring(L, "s:%s('%s')", (*k)->core->name,
                            lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?");
            return;
        }
    if (core) {
        const char *method = NULL;
        for (const bind_kind *const *k = kinds; f && !method && *k; k++)
            for (const luaL_Reg *m = (*k)->core == core ? (*k)->methods : NULL; m && m->name; m++)
                if (m->func == f) { method = m->name; break; }
        if (method) lua_pushfstring(L, "%s '%s':%s", core->name, name, method);
        else lua_pushfstring(L, "%s '%s'", core->name, name);
        return;
    }
    /* a State method: its name among those the State's metatable gives */
    if (f && lua_type(L, 1) == LUA_TTABLE && lua_getmetatable(L, 1)) {
        lua_pushliteral(L, "__index");
        if (lua_rawget(L, -2) == LUA_TTABLE) {          /* [mt, methods] */
            lua_pushnil(L);
            while (lua_next(L, -2)) {                   /* [mt, methods, key, value] */
                if (lua_type(L, -2) == LUA_TSTRING && lua_tocfunction(L, -1) == f) {
                    lua_pushfstring(L, "s:%s", lua_tostring(L, -2));
                    lua_replace(L, -5);
                    lua_pop(L, 3);                      /* [who] */
                    return;
                }
                lua_pop(L, 1);
            }
        }
        lua_pop(L, 2);
    }
    lua_Debug ar;
    lua_pushstring(L, lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) && ar.name ? ar.name : "?");
}

/* bind_error for component `name` of kind core. */
static int raisev(lua_State *L, const comp_kind *core, const char *name, int arg, const char *fmt, va_list ap)
{
    luaL_where(L, 1);                                   /* the script's file:line */
    push_who(L, core, name);
    if (arg > 1) lua_pushfstring(L, ", argument #%d: ", arg - 1);
    else lua_pushliteral(L, ": ");
    lua_pushvfstring(L, fmt, ap);
    lua_concat(L, 4);
    return lua_error(L);
}

static int raisef(lua_State *L, const comp_kind *core, const char *name, int arg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    raisev(L, core, name, arg, fmt, ap);
    va_end(ap);                                         /* (not reached) */
    return 0;
}

int bind_error(lua_State *L, const comp_desc *d, int arg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    raisev(L, d ? d->kind : NULL, d ? d->name : NULL, arg, fmt, ap);
    va_end(ap);                                         /* (not reached) */
    return 0;
}

int bind_check_seat(lua_State *L, lua_Integer seat, int arg, int players, const comp_desc *d,
                    const char *zero)
{
    if ((seat >= 1 && seat <= players) || (seat == 0 && zero)) return (int)seat;
    if (zero) return bind_error(L, d, arg, "no seat %I (1..%d, or 0 for %s)", seat, players, zero);
    return bind_error(L, d, arg, "no seat %I (1..%d)", seat, players);
}

/* ---- the State and handles ------------------------------------------------------ */

lstate *bind_check_state(lua_State *L, int idx)
{
    lstate *s = NULL;
    if (lua_type(L, idx) == LUA_TTABLE) {
        lua_rawgetp(L, idx, &BIND_STATE_KEY);
        s = bind_test(L, -1, T_STATE);
        lua_pop(L, 1);                  /* the State table keeps it alive */
    }
    if (!s) luaL_typeerror(L, idx, "State");
    if (!s->st) luaL_error(L, "attempt to use a State of a closed game");
    return s;
}

/* Where a handle table keeps its handle userdata. */
static const char HANDLE_KEY = 0;

/* A handle table's room for methods. Most of a game's components have a
 * few of their methods called, many none, so a table sized for them all
 * would be mostly empty (and garbage after every sim game), while one
 * that grows as they are made rehashes on the way. So the VM keeps, for
 * each component index, the most methods a handle of it has had
 * (bind_room); a new handle table gets that room. A VM opens the same
 * game many times (sim, a bot's twins), and a wrong guess (another game)
 * costs only time. Indices past BIND_ROOM_COMPS get ROOM_DEFAULT. */
#define ROOM_DEFAULT 3
static const char ROOM_KEY = 0;

bind_room *bind_room_of(lua_State *L)
{
    bind_room *room;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &ROOM_KEY) == LUA_TUSERDATA) {
        room = lua_touserdata(L, -1);
    } else {
        lua_pop(L, 1);
        room = lua_newuserdatauv(L, sizeof *room, 0);
        memset(room, 0, sizeof *room);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &ROOM_KEY);
    }
    lua_pop(L, 1);                      /* the registry keeps it */
    return room;
}

/* A method was made or replaced in h's table: remember the room it took. */
static void method_made(handle *h)
{
    bind_room *room = h->owner->room;
    if (h->made < 255) h->made++;
    if (h->comp < BIND_ROOM_COMPS && room->methods[h->comp] < h->made)
        room->methods[h->comp] = (uint8_t)h->made;
}

void bind_push_handle_udata(lua_State *L, int t)
{
    lua_rawgetp(L, t, &HANDLE_KEY);
}

handle *bind_to_handle(lua_State *L, int idx)
{
    if (lua_type(L, idx) != LUA_TTABLE) return NULL;
    lua_rawgetp(L, idx, &HANDLE_KEY);
    handle *h = bind_test(L, -1, T_HANDLE);
    if (h && lua_rawlen(L, -1) < sizeof *h) h = NULL;
    lua_pop(L, 1);                      /* the table keeps it alive */
    return h;
}

const handle *bind_check_handle(lua_State *L, int idx, const bind_kind *kind)
{
    const handle *h = bind_to_handle(L, idx);
    if (!h || h->kind != kind) {
        /* argument 1 of a method called with a dot: the closure's own handle says which */
        const handle *self = lua_touserdata(L, lua_upvalueindex(1));
        if (idx == 1 && !h && self && lua_rawlen(L, lua_upvalueindex(1)) >= sizeof *self
            && self->magic == BIND_MAGIC && self->type == T_HANDLE && self->owner->st) {
            lua_Debug ar;
            const char *method = lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) && ar.name ? ar.name : "method";
            const char *got = luaL_typename(L, 1);
            luaL_argerror(L, 1, lua_pushfstring(L, "%s expected, got %s; call methods with a colon: %s:%s(...)",
                                                kind->type_name, got, bind_desc(self)->name, method));
        }
        luaL_typeerror(L, idx, kind->type_name);
    }
    if (!h->owner->st) luaL_error(L, "attempt to use a %s of a closed game", kind->type_name);
    return h;
}

/* The kind's method called `key` (a string), or NULL. */
static const luaL_Reg *method_named(const bind_kind *kind, lua_State *L, int key)
{
    if (lua_type(L, key) != LUA_TSTRING) return NULL;
    const char *name = lua_tostring(L, key);
    for (const luaL_Reg *m = kind->methods; m && m->name; m++)
        if (m->name[0] == name[0] && !strcmp(m->name, name)) return m;
    return NULL;
}

/* Every handle table's metatable. A handle table starts with no methods
 * (a game declares dozens of components, most of whose methods it never
 * calls): the first time a script reads one, it is made (a C closure over
 * the handle) and kept in the table, so every later call finds it by a
 * plain lookup. Unknown method names and assignments raise, naming the
 * component. */
static int handle_index(lua_State *L)
{
    handle *h = bind_to_handle(L, 1);
    const luaL_Reg *m = h ? method_named(h->kind, L, 2) : NULL;     /* a closed game's too: its call says so */
    if (m) {
        bind_push_handle_udata(L, 1);
        lua_pushcclosure(L, m->func, 1);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, -2);
        lua_rawset(L, 1);                   /* [t, key, closure] */
        method_made(h);
        return 1;
    }
    const char *key = luaL_tolstring(L, 2, NULL);
    if (!h || !h->owner->st) return luaL_error(L, "no method '%s' (the game is closed)", key);
    return bind_error(L, bind_desc(h), 0, "no method '%s'", key);
}

/* A method may be replaced (for this State only), as if it had been made
 * already; any other new field raises. */
static int handle_newindex(lua_State *L)
{
    handle *h = bind_to_handle(L, 1);
    if (h && method_named(h->kind, L, 2)) {
        lua_settop(L, 3);
        lua_rawset(L, 1);
        method_made(h);
        return 0;
    }
    const char *key = luaL_tolstring(L, 2, NULL);
    if (!h || !h->owner->st) return luaL_error(L, "cannot assign '%s' (the game is closed)", key);
    return bind_error(L, bind_desc(h), 0, "cannot assign '%s': change it through its methods", key);
}

void bind_push_handle(lua_State *L, int sidx, const bind_kind *kind, int comp)
{
    sidx = lua_absindex(L, sidx);
    lua_rawgetp(L, sidx, &BIND_STATE_KEY);             /* [lstate] */
    lstate *owner = lua_touserdata(L, -1);
    const comp_desc *d = &owner->st->comps[comp];
    /* the table's room: the handle, the methods earlier games made on
     * this component's handle (above), or a dressed table's labels (vars:
     * one field a var) and methods */
    const luaL_Reg *methods = kind->methods;
    int nmethods = 0;
    while (methods && methods[nmethods].name) nmethods++;
    int nrec = 1 + (kind->dress ? nmethods + d->nlabels[0] + d->nlabels[1]
                     : comp < BIND_ROOM_COMPS ? owner->room->methods[comp] : ROOM_DEFAULT);
    lua_createtable(L, 0, nrec);                       /* [lstate, t] */
    lua_insert(L, -2);                                 /* [t, lstate] */
    int t = lua_gettop(L) - 1;
    /* the labels found by pointer (a dressed table has no methods to
     * find them: vars keep their names themselves) */
    int nfast[2] = { 0, 0 }, nfasts = 0;
    for (int list = 0; list < 2 && !kind->dress; list++) {
        nfast[list] = d->nlabels[list] < BIND_FAST_LABELS ? d->nlabels[list] : BIND_FAST_LABELS;
        nfasts += nfast[list];
    }
    size_t bytes = sizeof(handle) + (size_t)nfasts * sizeof(const char *);
    handle *h = lua_newuserdatauv(L, bytes, 2);        /* [t, lstate, h] */
    memset(h, 0, bytes);
    h->magic = BIND_MAGIC;
    h->type = T_HANDLE;
    h->kind = kind;
    h->owner = owner;
    h->comp = comp;
    h->table = lua_topointer(L, t);
    lua_rotate(L, -2, 1);                              /* [t, h, lstate] */
    lua_setiuservalue(L, -2, 1);
    if (nfasts) {                                      /* (no labels, no table to keep them) */
        lua_createtable(L, nfasts, 0);                 /* [t, h, strings] */
        int k = 0;
        for (int list = 0; list < 2; list++) {
            h->nfast[list] = nfast[list];
            for (int i = 0; i < nfast[list]; i++, k++) {
                h->fast[k] = lua_pushstring(L, d->labels[list][i]);
                lua_rawseti(L, -2, k + 1);
            }
        }
        lua_setiuservalue(L, -2, 2);                   /* [t, h] */
    }
    /* a kind that dresses its own table gets its methods now */
    for (int i = 0; kind->dress && i < nmethods; i++) {
        lua_pushvalue(L, -1);
        lua_pushcclosure(L, methods[i].func, 1);
        lua_setfield(L, t, methods[i].name);
    }
    lua_rawsetp(L, t, &HANDLE_KEY);                    /* [t] */
    if (kind->dress) kind->dress(L, sidx, h);
    else luaL_setmetatable(L, kind->type_name);
}

void bind_open(lua_State *L, const bind_kind *const *kinds)
{
    lua_pushlightuserdata(L, (void *)kinds);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &KINDS_KEY);
    for (const bind_kind *const *k = kinds; *k; k++) {
        if ((*k)->dress) continue;                     /* it makes its own tables */
        luaL_newmetatable(L, (*k)->type_name);         /* sets __name */
        lua_pushcfunction(L, handle_index);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, handle_newindex);
        lua_setfield(L, -2, "__newindex");
        if ((*k)->metamethods) luaL_setfuncs(L, (*k)->metamethods, 0);
        lua_pushliteral(L, "locked");
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 1);
    }
}

/* The index of label `name` in d's list, or -1. */
static int label_index(const comp_desc *d, int list, const char *name)
{
    for (int i = 0; i < d->nlabels[list]; i++)
        if (strcmp(d->labels[list][i], name) == 0) return i;
    return -1;
}

/* Push "a, b, c" listing the labels. */
static void push_label_list(lua_State *L, const comp_desc *d, int list)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 0; i < d->nlabels[list]; i++) {
        if (i) luaL_addstring(&b, ", ");
        luaL_addstring(&b, d->labels[list][i]);
    }
    if (d->nlabels[list] == 0) luaL_addstring(&b, "none");
    luaL_pushresult(&b);
}

int bind_check_field_slow(lua_State *L, int idx, const handle *self, int list, const char *what)
{
    const comp_desc *d = bind_desc(self);
    if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_Integer i = luaL_checkinteger(L, idx);
        if (i >= 1 && i <= d->nlabels[list]) return (int)i - 1;
        if (d->nlabels[list] == 0) return bind_error(L, d, idx, "no %s %I (it has none)", what, i);
        return bind_error(L, d, idx, "no %s %I (%ss 1..%d)", what, i, what, d->nlabels[list]);
    }
    if (lua_type(L, idx) != LUA_TSTRING)
        luaL_typeerror(L, idx, lua_pushfstring(L, "%s name", what));
    const char *name = lua_tostring(L, idx);
    int i = label_index(d, list, name);
    if (i < 0) {
        push_label_list(L, d, list);
        bind_error(L, d, idx, "no %s '%s' (%ss: %s)", what, name, what, lua_tostring(L, -1));
    }
    return i;
}

int bind_value_error(lua_State *L, lua_Integer v, const handle *self, int idx)
{
    return bind_error(L, bind_desc(self), idx, "%I does not fit 32 bits", v);
}

void bind_check_status(lua_State *L, grove_status rc, const comp_kind *kind, const char *name)
{
    if (rc == GROVE_OK) return;
    if (rc == GROVE_ENOMEM) raisef(L, kind, name, 0, "not enough memory");
    raisef(L, kind, name, 0, "%s", grove_strstatus(rc));
}

/* Raise an error of the condition at argument idx of the running method on
 * d, or of grove.cond (d NULL: its own argument, in Lua's words). */
static int cond_error(lua_State *L, const comp_desc *d, int idx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *what = lua_pushvfstring(L, fmt, ap);
    va_end(ap);
    if (!d) return luaL_argerror(L, idx, what);
    return bind_error(L, d, idx, "%s", what);
}

/* Fill one clause's bounds from the value at idx: an integer or {lo, hi}.
 * Errors are about argument arg, as cond_error's. */
static void clause_bounds(lua_State *L, int idx, const char *field, int32_t *lo, int32_t *hi,
                          const comp_desc *d, int arg)
{
    idx = lua_absindex(L, idx);
    if (lua_isinteger(L, idx)) {
        lua_Integer v = lua_tointeger(L, idx);
        *lo = *hi = (int32_t)v;
        return;
    }
    if (lua_istable(L, idx)) {
        lua_rawgeti(L, idx, 1);
        lua_rawgeti(L, idx, 2);
        if (lua_isinteger(L, -2) && lua_isinteger(L, -1)) {
            *lo = (int32_t)lua_tointeger(L, -2);
            *hi = (int32_t)lua_tointeger(L, -1);
            lua_pop(L, 2);
            return;
        }
    }
    cond_error(L, d, arg, "condition on '%s': expected an integer or {low, high}", field);
}

/* Read a condition table at idx into a fresh lcond-like clause list; errors
 * are about that argument of the running method on d (as cond_error's). */
static int read_cond_table(lua_State *L, int idx, lcond *c, const comp_desc *d)
{
    idx = lua_absindex(L, idx);
    c->n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (lua_type(L, -2) != LUA_TSTRING)
            return cond_error(L, d, idx, "condition keys must be field names");
        const char *name = lua_tostring(L, -2);
        if (c->n == COND_MAX) return cond_error(L, d, idx, "a condition has at most %d fields", COND_MAX);
        if (strlen(name) >= STATE_MAX_NAME) return cond_error(L, d, idx, "field name too long: %s", name);
        strcpy(c->clause[c->n].name, name);
        clause_bounds(L, -1, name, &c->clause[c->n].lo, &c->clause[c->n].hi, d, idx);
        c->n++;
        lua_pop(L, 1);
    }
    /* a stable order, whatever the table's iteration order */
    for (int i = 1; i < c->n; i++)
        for (int j = i; j > 0 && strcmp(c->clause[j - 1].name, c->clause[j].name) > 0; j--) {
            __typeof__(c->clause[0]) t = c->clause[j];
            c->clause[j] = c->clause[j - 1];
            c->clause[j - 1] = t;
        }
    return 0;
}

/* Resolve c on d's label list `list`, given as argument idx. */
static void resolve_cond(lua_State *L, const lcond *c, const comp_desc *d, int list, cond_t *out, int idx)
{
    out->n = c->n;
    for (int i = 0; i < c->n; i++) {
        int f = label_index(d, list, c->clause[i].name);
        if (f < 0) {
            push_label_list(L, d, list);
            bind_error(L, d, idx, "no field '%s' (fields: %s)", c->clause[i].name, lua_tostring(L, -1));
        }
        out->c[i].field = f;
        out->c[i].lo = c->clause[i].lo;
        out->c[i].hi = c->clause[i].hi;
    }
}

const cond_t *bind_check_cond_at(lua_State *L, int idx, const gstate *st, int comp, int list, cond_t *scratch)
{
    if (lua_isnoneornil(L, idx)) return NULL;
    const comp_desc *d = &st->comps[comp];
    lcond *c = bind_test(L, idx, T_COND);
    if (c) {
        if (c->cache_serial != st->serial || c->cache_comp != comp || c->cache_list != list) {
            resolve_cond(L, c, d, list, &c->resolved, idx);
            c->cache_serial = st->serial;
            c->cache_comp = comp;
            c->cache_list = list;
        }
        return &c->resolved;
    }
    if (lua_istable(L, idx)) {
        lcond tmp;
        read_cond_table(L, idx, &tmp, d);
        resolve_cond(L, &tmp, d, list, scratch, idx);
        return scratch;
    }
    luaL_typeerror(L, idx, "condition");
    return NULL;
}

int bind_new_cond(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lcond *c = lua_newuserdatauv(L, sizeof *c, 0);
    memset(c, 0, sizeof *c);
    c->magic = BIND_MAGIC;
    c->type = T_COND;
    read_cond_table(L, 1, c, NULL);
    luaL_setmetatable(L, "Cond");
    return 1;
}

int bind_push_set(lua_State *L, const cellset_t *s)
{
    int n = cellset_count(s);
    luaL_checkstack(L, n, "too many results");
    for (int c = cellset_next(s, 0); c >= 0; c = cellset_next(s, c + 1))
        lua_pushinteger(L, c + 1);
    return n;
}

int bind_push_ids(lua_State *L, const int *ids, int n)
{
    luaL_checkstack(L, n, "too many results");
    for (int i = 0; i < n; i++) lua_pushinteger(L, ids[i] + 1);
    return n;
}

/* The State method `name` of the State table at sidx (through its
 * metatable's __index), pushed; nil when it has none. */
static int push_state_method(lua_State *L, int sidx, const char *name)
{
    if (!lua_getmetatable(L, sidx)) { lua_pushnil(L); return LUA_TNIL; }
    int t = LUA_TNIL;
    lua_pushliteral(L, "__index");
    if (lua_rawget(L, -2) == LUA_TTABLE) {
        lua_pushstring(L, name);
        t = lua_rawget(L, -2);                          /* [mt, methods, method] */
        lua_replace(L, -3);
        lua_pop(L, 1);
    } else {
        lua_pop(L, 2);
        lua_pushnil(L);
    }
    return t;
}

/* __call of a handle table whose component is named like a State method
 * (a dice set named 'dice'): s.dice is the component, and s:dice(...),
 * a call of it with its own State first, is the State's method, so a game
 * may name its components as it likes and still declare or call the
 * method. Anything else called so raises. The method's error is named at
 * the script's line, as if the script had called it. */
static int handle_call(lua_State *L)
{
    handle *h = bind_to_handle(L, 1);
    if (!h || !h->owner->st) return luaL_error(L, "attempt to call a component of a closed game");
    const comp_desc *d = bind_desc(h);
    bool own = lua_type(L, 2) == LUA_TTABLE && lua_rawgetp(L, 2, &BIND_STATE_KEY) == LUA_TUSERDATA
               && lua_touserdata(L, -1) == h->owner;
    if (lua_type(L, 2) == LUA_TTABLE) lua_pop(L, 1);
    if (!own || push_state_method(L, 2, d->name) != LUA_TFUNCTION)
        return bind_error(L, d, 0, "a component is no function: call its methods with a colon (%s:%s(...))", d->name,
                          h->kind->methods && h->kind->methods[0].name ? h->kind->methods[0].name : "get");
    lua_replace(L, 1);                                  /* [method, s, args...] */
    if (lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0) == LUA_OK) return lua_gettop(L);
    if (lua_type(L, -1) == LUA_TSTRING) {               /* named where the script called it */
        const char *msg = lua_tostring(L, -1), *colon = strchr(msg, ':');
        bool placed = colon && colon[1] >= '0' && colon[1] <= '9';
        if (!placed) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
    }
    return lua_error(L);
}

/* Install handle_call in the metatable of the handle table on top (shared
 * by every handle of its kind), once. */
static void let_call(lua_State *L)
{
    if (!lua_getmetatable(L, -1)) return;
    lua_pushliteral(L, "__call");
    if (lua_rawget(L, -2) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_pushliteral(L, "__call");
        lua_pushcfunction(L, handle_call);
        lua_rawset(L, -3);
    } else {
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

const handle *bind_declare(lua_State *L, const bind_kind *kind, const char *name, size_t bytes,
                           const char *const *labels0, int n0, const char *const *labels1, int n1)
{
    lstate *s = bind_check_state(L, 1);
    const comp_kind *core = kind->core;
    if (!s->in_setup) raisef(L, core, name, 0, "components are declared in setup only");
    lua_pushstring(L, name);                           /* a component, or a field of the State's own? */
    if (lua_rawget(L, 1) != LUA_TNIL) {
        if (state_find(s->st, name) >= 0) raisef(L, core, name, 2, "a component named '%s' already exists", name);
        if (!lua_isfunction(L, -1))                    /* (s.say, a function, a component may shadow) */
            raisef(L, core, name, 2, "s.%s is the State's own (players, options and narrating are; "
                   "docs/api.md, State): choose another name", name);
    }
    lua_pop(L, 1);
    bool shadows = push_state_method(L, 1, name) != LUA_TNIL;   /* s:dice, s:deck ... */
    lua_pop(L, 1);
    int idx;
    grove_status rc = state_add(s->st, kind->core, name, bytes, labels0, n0, labels1, n1, &idx);
    if (rc == GROVE_EARG && state_find(s->st, name) >= 0)     /* one the State table does not show */
        raisef(L, core, name, 2, "a component named '%s' already exists", name);
    if (rc == GROVE_EARG)
        raisef(L, core, name, 2, "bad name: a name is one word of 1..%d characters", STATE_MAX_NAME - 1);
    bind_check_status(L, rc, kind->core, name);
    bind_push_handle(L, 1, kind, idx);                 /* [handle] */
    if (shadows) let_call(L);
    if (s->room->comps < s->st->ncomps) s->room->comps = s->st->ncomps;
    lua_pushvalue(L, -1);
    lua_pushstring(L, name);
    lua_insert(L, -2);
    lua_rawset(L, 1);                                  /* s.NAME = handle */
    return bind_to_handle(L, -1);
}

const char **bind_check_names(lua_State *L, int idx, int *n, const char *what)
{
    idx = lua_absindex(L, idx);
    if (lua_isnoneornil(L, idx)) {
        *n = 0;
        const char **none = lua_newuserdatauv(L, sizeof(char *), 0);
        none[0] = NULL;
        return none;
    }
    luaL_checktype(L, idx, LUA_TTABLE);
    int count = (int)lua_rawlen(L, idx);
    const char **names = lua_newuserdatauv(L, sizeof(char *) * (size_t)(count + 1), 0);
    for (int i = 0; i < count; i++) {
        lua_rawgeti(L, idx, i + 1);
        if (lua_type(L, -1) != LUA_TSTRING)
            bind_error(L, NULL, idx, "%s names must be strings (entry %d is a %s)", what, i + 1,
                       luaL_typename(L, -1));
        size_t len;
        names[i] = lua_tolstring(L, -1, &len);     /* kept alive by the table at idx */
        if (len == 0 || len >= STATE_MAX_NAME)
            bind_error(L, NULL, idx, "bad %s name '%s' (1..%d characters)", what, names[i], STATE_MAX_NAME - 1);
        for (int j = 0; j < i; j++)
            if (strcmp(names[j], names[i]) == 0) bind_error(L, NULL, idx, "%s '%s' named twice", what, names[i]);
        lua_pop(L, 1);
    }
    names[count] = NULL;
    *n = count;
    return names;
}
