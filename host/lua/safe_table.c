/*
 * safe_table.c — the table functions whose loops a script sets the length
 * of (an index range, or a __len that says anything): table.concat,
 * insert, remove, move and sort, as grove's own. Each element moved,
 * joined or compared is charged to the budget (vm_charge), so
 * table.move({}, 1, 1 << 53, 2) stops at the budget, at Ctrl-C or at the
 * watchdog instead of running for a year. Otherwise they do what Lua
 * 5.4's do, errors included (tests/host/test_match.c compares them); sort
 * chooses its pivots the same way, but for the rare unbalanced split where
 * Lua draws a random pivot from the clock: grove's is drawn from the
 * split's bounds, so a sort is the same on every run.
 */
#include "vm_impl.h"

#include <lauxlib.h>
#include <limits.h>

#define READ 1
#define WRITE 2
#define LENGTH 4
#define PAY_EVERY 4096           /* units between two charges */
#define PER_ELEMENT 32           /* units an element moved or compared costs: a lua_geti and a
                                    lua_seti take about the time of 32 instructions */
#define SORT_SMALL 100           /* below this, sort takes the middle as pivot (Lua's RANLIMIT) */

typedef struct { lua_State *L; long units; } meter;

static inline void count(meter *m)
{
    if ((m->units += PER_ELEMENT) >= PAY_EVERY) {
        vm_charge(m->L, m->units);
        m->units = 0;
    }
}

static void settle(meter *m)
{
    vm_charge(m->L, m->units);
    m->units = 0;
}

/* Argument arg is a table, or has the metamethods `what` needs. */
static void check_table(lua_State *L, int arg, int what)
{
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int n = 1;
    bool ok = lua_getmetatable(L, arg);
    static const char *const fields[] = { "__index", "__newindex", "__len" };
    for (int k = 0; ok && k < 3; k++) {
        if (!(what & (1 << k))) continue;
        lua_pushstring(L, fields[k]);
        ok = lua_rawget(L, -++n) != LUA_TNIL;
    }
    if (ok) lua_pop(L, n);
    else luaL_checktype(L, arg, LUA_TTABLE);    /* raises */
}

static lua_Integer length_of(lua_State *L, int arg, int what)
{
    check_table(L, arg, what | LENGTH);
    return luaL_len(L, arg);
}

static int safe_insert(lua_State *L)
{
    meter m = { L, 0 };
    lua_Integer e = (lua_Integer)((lua_Unsigned)length_of(L, 1, READ | WRITE) + 1u);   /* the first free slot */
    lua_Integer pos;
    switch (lua_gettop(L)) {
    case 2:
        pos = e;
        break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
        for (lua_Integer i = e; i > pos; i--) {  /* up one place */
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
            count(&m);
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    settle(&m);
    lua_seti(L, 1, pos);
    return 0;
}

static int safe_remove(lua_State *L)
{
    meter m = { L, 0 };
    lua_Integer size = length_of(L, 1, READ | WRITE);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
    lua_geti(L, 1, pos);                       /* the result */
    for (; pos < size; pos++) {                /* down one place */
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
        count(&m);
    }
    settle(&m);
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

static int safe_move(lua_State *L)
{
    meter m = { L, 0 };
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int tt = !lua_isnoneornil(L, 5) ? 5 : 1;   /* the table moved into */
    check_table(L, 1, READ);
    check_table(L, tt, WRITE);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        if (t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
                count(&m);
            }
        } else {                               /* overlapping, upwards: from the end */
            for (lua_Integer i = n - 1; i >= 0; i--) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
                count(&m);
            }
        }
        settle(&m);
    }
    lua_pushvalue(L, tt);
    return 1;
}

static void add_field(lua_State *L, luaL_Buffer *b, lua_Integer i)
{
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1), (LUAI_UACINT)i);
    luaL_addvalue(b);
}

static int safe_concat(lua_State *L)
{
    meter m = { L, 0 };
    luaL_Buffer b;
    lua_Integer last = length_of(L, 1, READ);
    size_t lsep;
    const char *sep = luaL_optlstring(L, 2, "", &lsep);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    luaL_buffinit(L, &b);
    for (; i < last; i++) {
        add_field(L, &b, i);
        luaL_addlstring(&b, sep, lsep);
        count(&m);
    }
    if (i == last) add_field(L, &b, i);
    settle(&m);
    luaL_pushresult(&b);
    return 1;
}

/* ---- sort: Lua's quicksort, each comparison charged ---------------------------------- */

typedef unsigned int idx;

/* a[i] = top, a[j] = the value below it (pops both) */
static void set2(meter *m, idx i, idx j)
{
    lua_seti(m->L, 1, i);
    lua_seti(m->L, 1, j);
}

/* Is the value at a less than the one at b (by the function at 2, or <)? */
static bool less(meter *m, int a, int b)
{
    lua_State *L = m->L;
    count(m);
    if (lua_isnil(L, 2)) return lua_compare(L, a, b, LUA_OPLT);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a - 1);                  /* -1 for the function pushed */
    lua_pushvalue(L, b - 2);
    lua_call(L, 2, 1);
    bool r = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return r;
}

/* With the pivot P at a[up - 1] and on top of the stack: a[lo..i-1] < P,
 * a[i] = P, P <= a[i+1..up]; returns i. */
static idx partition(meter *m, idx lo, idx up)
{
    lua_State *L = m->L;
    idx i = lo, j = up - 1;
    for (;;) {
        while (lua_geti(L, 1, ++i), less(m, -1, -2)) {        /* a[i] < P */
            if (i == up - 1) luaL_error(L, "invalid order function for sorting");
            lua_pop(L, 1);
        }
        while (lua_geti(L, 1, --j), less(m, -3, -1)) {        /* P < a[j] */
            if (j < i) luaL_error(L, "invalid order function for sorting");
            lua_pop(L, 1);
        }
        if (j < i) {
            lua_pop(L, 1);                                    /* a[j] */
            set2(m, up - 1, i);                               /* the pivot to a[i] */
            return i;
        }
        set2(m, i, j);
    }
}

/* A pivot in the middle half of lo..up, from rnd. */
static idx pick_pivot(idx lo, idx up, unsigned int rnd)
{
    idx r4 = (up - lo) / 4;
    return rnd % (r4 * 2) + (lo + r4);
}

static void sort_range(meter *m, idx lo, idx up, unsigned int rnd)
{
    lua_State *L = m->L;
    while (lo < up) {
        /* order a[lo], a[up] */
        lua_geti(L, 1, lo);
        lua_geti(L, 1, up);
        if (less(m, -1, -2)) set2(m, lo, up);
        else lua_pop(L, 2);
        if (up - lo == 1) break;
        idx p = (up - lo < SORT_SMALL || rnd == 0) ? (lo + up) / 2 : pick_pivot(lo, up, rnd);
        /* order a[lo], a[p], a[up] */
        lua_geti(L, 1, p);
        lua_geti(L, 1, lo);
        if (less(m, -2, -1)) {
            set2(m, p, lo);
        } else {
            lua_pop(L, 1);
            lua_geti(L, 1, up);
            if (less(m, -1, -2)) set2(m, p, up);
            else lua_pop(L, 2);
        }
        if (up - lo == 2) break;
        lua_geti(L, 1, p);                    /* the pivot P */
        lua_pushvalue(L, -1);
        lua_geti(L, 1, up - 1);
        set2(m, p, up - 1);                   /* a[p] = a[up - 1], a[up - 1] = P */
        p = partition(m, lo, up);
        idx smaller;
        if (p - lo < up - p) {                /* recurse into the smaller side */
            sort_range(m, lo, p - 1, rnd);
            smaller = p - lo;
            lo = p + 1;
        } else {
            sort_range(m, p + 1, up, rnd);
            smaller = up - p;
            up = p - 1;
        }
        if ((up - lo) / 128 > smaller)        /* badly unbalanced: other pivots */
            rnd = (lo * 2654435761u) ^ (up * 40503u) ^ 0x9e3779b9u;
    }
}

static int safe_sort(lua_State *L)
{
    lua_Integer n = length_of(L, 1, READ | WRITE);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_settop(L, 2);
        meter m = { L, 0 };
        sort_range(&m, 1, (idx)n, 0);
        settle(&m);
    }
    return 0;
}

void safe_table_open(lua_State *L)
{
    static const luaL_Reg fns[] = {
        { "concat", safe_concat }, { "insert", safe_insert }, { "remove", safe_remove },
        { "move", safe_move }, { "sort", safe_sort }, { NULL, NULL },
    };
    luaL_setfuncs(L, fns, 0);
}
