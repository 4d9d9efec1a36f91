/*
 * lua_dice.c — the Lua binding of a set of identical custom dice (dice.h).
 *
 * Declared in setup with the number of dice and the names on their faces;
 * a name may be on several faces:
 *
 *   local dice = s:dice("cup", 5, {"star", "star", "shooting", "fairy", "snake", "tree"})
 *   dice:roll()
 *   if dice:count("snake") >= 2 then ... end
 *   dice:set_aside(3)
 *   out:add_all(KEEP, dice:free())           -- one move per die still in play
 *
 * Dice are numbered 1..n. A symbol is its name or its 1-based number in
 * order of first appearance on the faces ("star" 1, "shooting" 2 ...);
 * values are returned as names. Chance comes only from the game's own
 * generator. A die set aside keeps its face and is skipped by roll_free.
 *
 *   dice:roll()                      every die, and none is set aside after
 *   dice:roll_one(i) -> symbol       that die, set aside or not
 *   dice:roll_free()                 the dice not set aside
 *   dice:value(i) -> symbol          dice:set_value(i, symbol)  (scenario tests)
 *   dice:set_aside(i, [aside = true])   dice:is_aside(i) -> bool
 *   dice:count(symbol, [which = "all" | "aside" | "free"]) -> n
 *   dice:values() -> every die's symbol, die 1 first
 *   dice:aside() -> the dice set aside   dice:free() -> the others
 *   dice:size() -> n                 dice:symbols() -> the symbol names
 *   dice:rig(symbol, ...)            the next dice rolled show these, in the
 *                                    order they roll (scenario tests, the REPL)
 *   dice:rigged() -> the rigged symbols still waiting, next first
 *
 * A rig is part of the state (undo, saves and replays keep it); each die
 * rolled takes the next rigged symbol, and still draws from the game's
 * generator, so chance after the rig goes on as the seed would have it.
 */
#include <string.h>

#include "bind.h"
#include "dice.h"

#define DICE_MAX_DICE 256

extern const bind_kind lua_dice;

/* The dice a method is called on (argument 1). */
static inline dice_t *check_dice(lua_State *L, const handle **self)
{
    *self = bind_check_self(L, &lua_dice);
    return bind_data(*self);
}

/* A die number at idx; returns it 0-based. */
static int check_die(lua_State *L, int idx, const dice_t *k, const comp_desc *d)
{
    lua_Integer i = luaL_checkinteger(L, idx);
    if (i < 1 || i > k->n) bind_error(L, d, idx, "no die %I (1..%d)", i, (int)k->n);
    return (int)i - 1;
}

static int32_t check_symbol(lua_State *L, int idx, const handle *self)
{
    return bind_check_field(L, idx, self, 0, "symbol");
}

static void push_symbol(lua_State *L, const comp_desc *d, int32_t sym)
{
    if (sym >= 0 && sym < d->nlabels[0]) lua_pushstring(L, d->labels[0][sym]);
    else lua_pushinteger(L, sym + 1);          /* cannot happen for a declared set */
}

/* s:dice(name, n, {face names}) -> Dice */
static int declare(lua_State *L)
{
    const char *name = luaL_checkstring(L, 2);
    lua_Integer n = luaL_checkinteger(L, 3);
    if (n < 1 || n > DICE_MAX_DICE)
        return bind_error(L, NULL, 3, "%I dice out of range (1..%d)", n, DICE_MAX_DICE);
    if (!lua_istable(L, 4))
        return bind_error(L, NULL, 4, "faces expected as a list of names, got %s", luaL_typename(L, 4));
    lua_Integer nfaces = (lua_Integer)lua_rawlen(L, 4);
    if (nfaces < 1 || nfaces > DICE_MAX_FACES)
        return bind_error(L, NULL, 4, "a die has 1..%d faces, not %I", DICE_MAX_FACES, nfaces);
    const char *sym[DICE_MAX_FACES];          /* kept alive by the faces table */
    int32_t face_sym[DICE_MAX_FACES];
    int nsym = 0;
    for (int f = 0; f < nfaces; f++) {
        lua_rawgeti(L, 4, f + 1);
        if (lua_type(L, -1) != LUA_TSTRING)
            return bind_error(L, NULL, 4, "face %d is a %s, not a name", f + 1, luaL_typename(L, -1));
        size_t len;
        const char *s = lua_tolstring(L, -1, &len);
        lua_pop(L, 1);
        if (len == 0 || len >= STATE_MAX_NAME)
            return bind_error(L, NULL, 4, "bad face name '%s' (1..%d characters)", s, STATE_MAX_NAME - 1);
        int k = 0;
        while (k < nsym && strcmp(sym[k], s) != 0) k++;
        if (k == nsym) sym[nsym++] = s;
        face_sym[f] = k;
    }
    const handle *self = bind_declare(L, &lua_dice, name, dice_bytes((int)n, (int)nfaces), sym, nsym, NULL, 0);
    bind_check_status(L, dice_init(bind_data(self), (int)n, (int)nfaces, face_sym), &dice_kind, name);
    return 1;
}

static int l_roll(lua_State *L)
{
    const handle *self;
    dice_t *k = check_dice(L, &self);
    dice_roll_all(k, state_rng(bind_gstate(self)));
    return 0;
}

static int l_roll_one(lua_State *L)
{
    const handle *self;
    dice_t *k = check_dice(L, &self);
    const comp_desc *d = bind_desc(self);
    int i = check_die(L, 2, k, d);
    int32_t sym;
    bind_check_status(L, dice_roll_one(k, i, state_rng(bind_gstate(self))), &dice_kind, d->name);
    dice_value(k, i, &sym);
    push_symbol(L, d, sym);
    return 1;
}

static int l_roll_free(lua_State *L)
{
    const handle *self;
    dice_t *k = check_dice(L, &self);
    dice_roll_free(k, state_rng(bind_gstate(self)));
    return 0;
}

static int l_value(lua_State *L)
{
    const handle *self;
    dice_t *k = check_dice(L, &self);
    const comp_desc *d = bind_desc(self);
    int32_t sym;
    dice_value(k, check_die(L, 2, k, d), &sym);
    push_symbol(L, d, sym);
    return 1;
}

static int l_set_value(lua_State *L)
{
    const handle *self;
    dice_t *k = check_dice(L, &self);
    const comp_desc *d = bind_desc(self);
    int i = check_die(L, 2, k, d);
    int32_t sym = check_symbol(L, 3, self);
    if (dice_set_value(k, i, sym) != GROVE_OK)
        return bind_error(L, d, 3, "no face shows symbol '%s'", d->labels[0][sym]);
    return 0;
}

/* d:rig(symbol, ...): replaces the rig; d:rig() clears it. Every symbol is
 * checked before anything changes. */
static int l_rig(lua_State *L)
{
    const handle *self;
    dice_t *k = check_dice(L, &self);
    const comp_desc *d = bind_desc(self);
    int n = lua_gettop(L) - 1;
    if (n > DICE_RIG_MAX)
        return bind_error(L, d, DICE_RIG_MAX + 2, "at most %d results can be rigged at once, not %d "
                          "(rig the next rolls, then more once they are rolled)", DICE_RIG_MAX, n);
    int32_t syms[DICE_RIG_MAX];
    for (int i = 0; i < n; i++) syms[i] = check_symbol(L, i + 2, self);
    bind_check_status(L, dice_rig(k, syms, n), &dice_kind, d->name);
    return 0;
}

static int l_rigged(lua_State *L)
{
    const handle *self;
    dice_t *k = check_dice(L, &self);
    const comp_desc *d = bind_desc(self);
    const int32_t *syms;
    int n = dice_rigged(k, &syms);
    luaL_checkstack(L, n, "too many results");
    for (int i = 0; i < n; i++) push_symbol(L, d, syms[i]);
    return n;
}

/* d:set_aside(i, [aside = true]) */
static int l_set_aside(lua_State *L)
{
    const handle *self;
    dice_t *k = check_dice(L, &self);
    const comp_desc *d = bind_desc(self);
    int i = check_die(L, 2, k, d);
    int aside = 1;
    if (!lua_isnone(L, 3)) {
        luaL_checktype(L, 3, LUA_TBOOLEAN);
        aside = lua_toboolean(L, 3);
    }
    bind_check_status(L, dice_set_aside(k, i, aside), &dice_kind, d->name);
    return 0;
}

static int l_is_aside(lua_State *L)
{
    const handle *self;
    dice_t *k = check_dice(L, &self);
    const comp_desc *d = bind_desc(self);
    lua_pushboolean(L, dice_is_aside(k, check_die(L, 2, k, d)));
    return 1;
}

static int l_count(lua_State *L)
{
    const handle *self;
    dice_t *k = check_dice(L, &self);
    const comp_desc *d = bind_desc(self);
    int32_t sym = check_symbol(L, 2, self);
    dice_which which = DICE_ALL;
    if (!lua_isnoneornil(L, 3)) {
        const char *w = lua_tostring(L, 3);
        if (w && strcmp(w, "all") == 0) which = DICE_ALL;
        else if (w && strcmp(w, "aside") == 0) which = DICE_ASIDE;
        else if (w && strcmp(w, "free") == 0) which = DICE_FREE;
        else return bind_error(L, d, 3, "count which dice? '%s' (\"all\", \"aside\" or \"free\")",
                               w ? w : luaL_typename(L, 3));
    }
    lua_pushinteger(L, dice_count(k, sym, which));
    return 1;
}

static int l_values(lua_State *L)
{
    const handle *self;
    dice_t *k = check_dice(L, &self);
    const comp_desc *d = bind_desc(self);
    luaL_checkstack(L, k->n, "too many results");
    for (int i = 0; i < k->n; i++) {
        int32_t sym;
        dice_value(k, i, &sym);
        push_symbol(L, d, sym);
    }
    return k->n;
}

/* The dice whose set-aside flag is `aside`, 1-based. */
static int push_where(lua_State *L, bool aside)
{
    const handle *self;
    dice_t *k = check_dice(L, &self);
    luaL_checkstack(L, k->n, "too many results");
    int n = 0;
    for (int i = 0; i < k->n; i++)
        if (dice_is_aside(k, i) == aside) {
            lua_pushinteger(L, i + 1);
            n++;
        }
    return n;
}

static int l_aside(lua_State *L) { return push_where(L, true); }
static int l_free(lua_State *L) { return push_where(L, false); }

static int l_size(lua_State *L)
{
    const handle *self;
    dice_t *k = check_dice(L, &self);
    lua_pushinteger(L, k->n);
    return 1;
}

static int l_symbols(lua_State *L)
{
    const comp_desc *d = bind_desc(bind_check_self(L, &lua_dice));
    luaL_checkstack(L, d->nlabels[0], "too many results");
    for (int i = 0; i < d->nlabels[0]; i++) lua_pushstring(L, d->labels[0][i]);
    return d->nlabels[0];
}

/* Dice(cup: star fairy [snake] tree tree), set-aside dice in brackets */
static int l_tostring(lua_State *L)
{
    const handle *h = bind_to_handle(L, 1);
    if (!h || !h->owner->st) { lua_pushliteral(L, "Dice(closed)"); return 1; }
    const dice_t *k = bind_data(h);
    const comp_desc *d = bind_desc(h);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    lua_pushfstring(L, "Dice(%s:", d->name);
    luaL_addvalue(&b);
    for (int i = 0; i < k->n; i++) {
        int32_t sym;
        dice_value(k, i, &sym);
        bool aside = dice_is_aside(k, i);
        lua_pushfstring(L, aside ? " [%s]" : " %s",
                        sym >= 0 && sym < d->nlabels[0] ? d->labels[0][sym] : "?");
        luaL_addvalue(&b);
    }
    luaL_addchar(&b, ')');
    luaL_pushresult(&b);
    return 1;
}

static const luaL_Reg methods[] = {
    { "roll", l_roll }, { "roll_one", l_roll_one }, { "roll_free", l_roll_free },
    { "value", l_value }, { "set_value", l_set_value },
    { "set_aside", l_set_aside }, { "is_aside", l_is_aside },
    { "count", l_count }, { "values", l_values }, { "aside", l_aside }, { "free", l_free },
    { "size", l_size }, { "symbols", l_symbols },
    { "rig", l_rig }, { "rigged", l_rigged },
    { NULL, NULL },
};

static const luaL_Reg metamethods[] = {
    { "__tostring", l_tostring },
    { NULL, NULL },
};

const bind_kind lua_dice = { &dice_kind, "Dice", declare, methods, metamethods, NULL };
