/*
 * lua_state.c — the State object: a plain Lua table holding the component
 * handles (s.board) and players, whose metatable gives the State methods and
 * refuses new fields. `s.board` is thus a plain table lookup, no metamethod.
 * And the checked path's transaction around a hook (lua_state_call).
 */
#include "lua_state.h"
#include "vm.h"

#include <lualib.h>
#include <stdio.h>
#include <string.h>

static const char METHODS_KEY = 0;   /* registry: the State methods table */
static const char META_KEY = 0;      /* registry: the State tables' metatable */
static const char SAY_KEY = 0;       /* registry: s:say, also a field of every State table */

static int l_state_tostring(lua_State *L)
{
    lua_rawgetp(L, 1, &BIND_STATE_KEY);
    lstate *s = bind_test(L, -1, T_STATE);
    if (!s || !s->st) lua_pushliteral(L, "State(closed)");
    else lua_pushfstring(L, "State(%d players, %d components)", s->st->nplayers, s->st->ncomps - 1);
    return 1;
}

static int l_state_newindex(lua_State *L)
{
    return luaL_error(L, "cannot assign '%s' on the state: declare a component in setup "
                         "(s:vars, s:grid ...) and store values there", luaL_tolstring(L, 2, NULL));
}

/* s:hash() -> the state's 64-bit hash as an integer */
static int l_state_hash(lua_State *L)
{
    lstate *s = bind_check_state(L, 1);
    char why[256];
    if (!lua_vars_flush(L, 1, s->st, why, sizeof why)) return luaL_error(L, "%s", why);
    lua_pushinteger(L, (lua_Integer)state_hash(s->st));
    return 1;
}

/* s:seed() -> the seed the game started from */
static int l_state_seed(lua_State *L)
{
    lstate *s = bind_check_state(L, 1);
    lua_pushinteger(L, (lua_Integer)s->st->seed);
    return 1;
}

/* s:random(n) / s:random(lo, hi): chance from the state's own generator. */
static int l_state_random(lua_State *L)
{
    lstate *s = bind_check_state(L, 1);
    lua_Integer lo = 1, hi;
    if (lua_gettop(L) >= 3) { lo = luaL_checkinteger(L, 2); hi = luaL_checkinteger(L, 3); }
    else hi = luaL_checkinteger(L, 2);
    if (lo > hi) return bind_error(L, NULL, 2, "the interval %I..%I is empty", lo, hi);
    if ((lua_Unsigned)hi - (lua_Unsigned)lo >= 0xffffffffULL)
        return bind_error(L, NULL, 2, "the interval %I..%I is too large", lo, hi);
    lua_pushinteger(L, (lua_Integer)rng_range(state_rng(s->st), lo, hi));
    return 1;
}

/* s:backs{[card] = back, ...}: in setup, what each card shows face down
 * (its level, its deck's colour): integers; cards not listed show 0. */
static int l_state_backs(lua_State *L)
{
    lstate *s = bind_check_state(L, 1);
    if (!s->in_setup) return bind_error(L, NULL, 0, "called in setup only");
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer max = -1;
    lua_pushnil(L);
    while (lua_next(L, 2)) {
        if (!lua_isinteger(L, -2) || lua_tointeger(L, -2) < 0 || lua_tointeger(L, -2) > 65535)
            return bind_error(L, NULL, 2, "keys must be cards (integers 0..65535), got %s",
                              luaL_tolstring(L, -2, NULL));
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < INT32_MIN || lua_tointeger(L, -1) > INT32_MAX)
            return bind_error(L, NULL, 2, "card %I: the back must be an integer, got %s", lua_tointeger(L, -2),
                              luaL_typename(L, -1));
        if (lua_tointeger(L, -2) > max) max = lua_tointeger(L, -2);
        lua_pop(L, 1);
    }
    int n = (int)(max + 1);
    int32_t *backs = lua_newuserdatauv(L, (size_t)(n > 0 ? n : 1) * sizeof *backs, 0);
    for (int i = 0; i < n; i++) backs[i] = 0;
    lua_pushnil(L);
    while (lua_next(L, 2)) {
        backs[lua_tointeger(L, -2)] = (int32_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    if (state_set_backs(s->st, backs, n) != GROVE_OK) return bind_error(L, NULL, 0, "not enough memory");
    return 0;
}

/* s:back(card) -> what the card shows face down (0 when none was declared) */
static int l_state_back(lua_State *L)
{
    lstate *s = bind_check_state(L, 1);
    lua_Integer card = luaL_checkinteger(L, 2);
    if (card < 0 || card > 65535) return bind_error(L, NULL, 2, "%I is not a card (0..65535)", card);
    lua_pushinteger(L, state_back(s->st, (int32_t)card));
    return 1;
}

/* Set t[key] (t on top) to the list of labels k of component c. */
static void set_labels(lua_State *L, const comp_desc *c, int k, const char *key)
{
    lua_createtable(L, c->nlabels[k], 0);
    for (int i = 0; i < c->nlabels[k]; i++) {
        lua_pushstring(L, c->labels[k][i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, key);
}

/* s:components() -> a list of {name=, kind=, ...} in declaration order: a
 * board's field names and a vars' names (fields, and side_fields of a hex,
 * edge_fields of a graph), whether a pool is per seat */
static int l_state_components(lua_State *L)
{
    lstate *s = bind_check_state(L, 1);
    lua_createtable(L, s->st->ncomps - 1, 0);
    for (int i = 1; i < s->st->ncomps; i++) {
        const comp_desc *c = &s->st->comps[i];
        const char *kind = state_kind_name(c->kind);
        lua_createtable(L, 0, 4);
        lua_pushstring(L, c->name);
        lua_setfield(L, -2, "name");
        lua_pushstring(L, kind);
        lua_setfield(L, -2, "kind");
        if (!strcmp(kind, "grid") || !strcmp(kind, "hex") || !strcmp(kind, "graph") || !strcmp(kind, "vars"))
            set_labels(L, c, 0, "fields");
        if (!strcmp(kind, "hex")) set_labels(L, c, 1, "side_fields");
        if (!strcmp(kind, "graph")) set_labels(L, c, 1, "edge_fields");
        if (!strcmp(kind, "pool")) {
            lua_pushboolean(L, (c->flags & BIND_POOL_PER_SEAT) != 0);
            lua_setfield(L, -2, "per_seat");
        }
        lua_rawseti(L, -2, i);
    }
    return 1;
}

/* ---- narration: s:say ------------------------------------------------------ */

/* The bit of seat n (1..players) at argument idx, for s:say. */
static uint32_t say_seat(lua_State *L, int idx, int players)
{
    int isnum;
    lua_Integer seat = lua_tointegerx(L, -1, &isnum);
    if (!isnum) bind_error(L, NULL, idx, "%s is not a seat (1..%d)", luaL_tolstring(L, -1, NULL), players);
    bind_check_seat(L, seat, idx, players < SAY_MAX_SEAT ? players : SAY_MAX_SEAT, NULL, NULL);
    return 1u << seat;
}

/* The seats (a seat or a list of seats) on top of the stack, popped. */
static uint32_t say_seats_of(lua_State *L, int idx, int players)
{
    uint32_t mask = 0;
    if (lua_istable(L, -1)) {
        lua_Integer n = luaL_len(L, -1);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_geti(L, -1, i);
            mask |= say_seat(L, idx, players);
            lua_pop(L, 1);
        }
    } else {
        mask = say_seat(L, idx, players);
    }
    lua_pop(L, 1);
    return mask;
}

/* Who may read a line, from argument idx: a seat, a list of seats, or
 * {except = seat or list}: everybody else (onlookers too). */
static uint32_t say_who(lua_State *L, int idx, int players)
{
    if (lua_istable(L, idx) && lua_getfield(L, idx, "except") != LUA_TNIL)
        return SAY_EVERYONE & ~say_seats_of(L, idx, players);
    if (lua_istable(L, idx)) lua_pop(L, 1);
    if (!lua_istable(L, idx) && !lua_isinteger(L, idx))
        luaL_typeerror(L, idx, "seat, list of seats or {except = seats}");
    lua_pushvalue(L, idx);
    return say_seats_of(L, idx, players);
}

/* s:say([who,] text, ...): narrate what the rules did by themselves, for
 * the people at the table. `who` (a seat, a list of seats, or {except =
 * seats}) may read it; without it, everybody. With arguments after text,
 * text is a string.format pattern. Nobody listens in playouts and bot
 * searches: then this returns at once, formatting nothing. */
static int l_state_say(lua_State *L)
{
    if (!vm_of(L)->narrating) return 0;                 /* playouts: at once */
    lstate *s = bind_check_state(L, 1);
    textbuf *b = s->said;
    if (!b || !s->st) return 0;
    int players = s->st->nplayers;
    int at = 2;
    uint32_t who = SAY_EVERYONE;
    if (lua_type(L, 2) != LUA_TSTRING) who = say_who(L, at++, players);
    luaL_checkstring(L, at);
    if (lua_gettop(L) > at) {                            /* [s, (who,) pattern, args...] */
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_insert(L, at);                               /* [s, (who,) format, pattern, args...] */
        lua_call(L, lua_gettop(L) - at, 1);
    }
    size_t len;
    const char *text = lua_tolstring(L, at, &len);
    if (b->len >= SAY_MAX_BYTES) return 0;               /* cut, and said so */
    for (const char *p = text, *end = text + len; p <= end; ) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (!nl && n == 0 && p > text) break;            /* a text ending in a newline */
        if (b->len + n + 16 > SAY_MAX_BYTES) {
            textbuf_printf(b, "%x\t(the rest of this move's narration is cut: %d KiB at most)\n",
                           SAY_EVERYONE, SAY_MAX_BYTES / 1024);
            b->len = b->len > SAY_MAX_BYTES ? b->len : SAY_MAX_BYTES;    /* no more */
            return 0;
        }
        textbuf_printf(b, "%x\t%.*s\n", who, (int)n, p);
        if (!nl) break;
        p = nl + 1;
    }
    return 0;
}

static const luaL_Reg state_methods[] = {
    { "hash", l_state_hash },
    { "backs", l_state_backs },
    { "seed", l_state_seed },
    { "random", l_state_random },
    { "components", l_state_components },
    { "back", l_state_back },
    { NULL, NULL },
};

void lua_state_register(lua_State *L)
{
    luaL_newlib(L, state_methods);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getfield(L, -1, LUA_STRLIBNAME);
    lua_getfield(L, -1, "format");                     /* [methods, loaded, string, format] */
    lua_pushcclosure(L, l_state_say, 1);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &SAY_KEY);       /* for each State table's own field */
    lua_setfield(L, -4, "say");
    lua_pop(L, 2);
    for (const bind_kind *const *k = bind_kinds; *k; k++) {   /* s:grid(...) and the others */
        lua_pushcfunction(L, (*k)->declare);
        lua_setfield(L, -2, (*k)->core->name);
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &METHODS_KEY);
    lua_createtable(L, 0, 6);                          /* every State table's metatable */
    lua_pushliteral(L, "State");
    lua_setfield(L, -2, "__name");
    lua_pushcfunction(L, l_state_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushcfunction(L, l_state_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_rawgetp(L, LUA_REGISTRYINDEX, &METHODS_KEY);
    lua_setfield(L, -2, "__index");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &META_KEY);
}

lstate *lua_state_push(lua_State *L, gstate *st)
{
    /* room for its fields and, as the VM's earlier States had, components */
    bind_room *room = bind_room_of(L);
    lua_createtable(L, 0, 8 + room->comps);            /* [s] */
    lstate *ls = lua_newuserdatauv(L, sizeof *ls, 0);
    ls->magic = BIND_MAGIC;
    ls->type = T_STATE;
    ls->st = st;
    ls->in_setup = 0;
    ls->said = NULL;
    ls->room = room;
    lua_rawsetp(L, -2, &BIND_STATE_KEY);
    lua_pushinteger(L, st->nplayers);
    lua_setfield(L, -2, "players");
    lua_rawgetp(L, LUA_REGISTRYINDEX, &SAY_KEY);       /* s:say found at once, as s.board is: */
    lua_setfield(L, -2, "say");                        /* scripts call it in every apply */
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "narrating");                  /* lua_state_narrate sets it */
    lua_rawgetp(L, LUA_REGISTRYINDEX, &META_KEY);      /* [s, mt] */
    lua_setmetatable(L, -2);                           /* [s] */
    return ls;
}

void lua_state_narrate(lua_State *L, int sidx, lstate *ls, textbuf *said)
{
    grove_vm *vm = vm_of(L);
    sidx = lua_absindex(L, sidx);
    if (said && !ls->said) vm->narrating++;
    else if (!said && ls->said) vm->narrating--;
    ls->said = said;
    lua_pushliteral(L, "narrating");
    lua_pushboolean(L, said != NULL);
    lua_rawset(L, sidx);                               /* (the State refuses other writes) */
}

/* ---- the checked path's transaction ------------------------------------------- */

bool lua_state_call(grove_vm *vm, lstate *ls, int nargs, int nres, const char *what, void *before,
                    textbuf *said, char *err, size_t errlen)
{
    lua_State *L = vm->L;
    gstate *st = ls->st;
    if (said) {
        said->len = 0;
        said->oom = false;
        if (said->p) said->p[0] = '\0';
    }
    int sidx = lua_gettop(L) - nargs;                  /* [fn, s, args...] */
    lua_pushvalue(L, sidx + 1);
    lua_insert(L, sidx);                               /* [s, fn, s, args...]: s for afterwards */
    if (!lua_vars_flush(L, sidx, st, err, errlen)) {
        lua_settop(L, sidx - 1);
        return false;
    }
    state_snapshot(st, before);
    /* where the hook is written, to name it when it leaves a var holding
     * a non-integer (that is found after it returned, with no line of its own) */
    lua_Debug where = { 0 };
    lua_pushvalue(L, sidx + 1);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        where.linedefined = -1;
    } else if (!lua_getinfo(L, ">S", &where)) {        /* pops the function */
        where.linedefined = -1;
    }
    if (said) lua_state_narrate(L, sidx, ls, said);
    struct gstate *prev = vm->current;
    vm->current = st;
    int status = vm_call(vm, nargs, nres, what);       /* [s, results...] or [s, message] */
    vm->current = prev;
    if (said) lua_state_narrate(L, sidx, ls, NULL);
    bool ok = status == LUA_OK;
    if (!ok) {
        snprintf(err, errlen, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
    } else {
        char why[256];
        if (!lua_vars_flush(L, sidx, st, why, sizeof why)) {   /* a var left holding a non-integer */
            if (where.linedefined > 0)
                snprintf(err, errlen, "%s: %s:%d: %s (left so by the function %s, which begins at that line)",
                         what, where.short_src, where.linedefined, why, what);
            else
                snprintf(err, errlen, "%s: %s", what, why);
            lua_pop(L, nres);
            ok = false;
        }
    }
    if (!ok) {
        state_restore(st, before);
        lua_vars_refresh(L, sidx, st);
        if (said) {
            said->len = 0;
            if (said->p) said->p[0] = '\0';
        }
    }
    lua_remove(L, sidx);                               /* [results...] */
    return ok;
}
