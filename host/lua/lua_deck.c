/*
 * lua_deck.c — the Lua binding of card zones (deck.h): a draw pile, a hand,
 * a discard, a market row.
 *
 * Declared in setup with a fixed capacity, an owner seat (0: shared), who
 * may see the cards ("face up", "face down" or "owner"; the default is
 * "owner" for an owned zone and "face down" for a shared one), and which
 * card backs the others still see ("all" of a hand held up, the "top" card
 * of a pile, or "none"; the default is "all" for "owner" zones, "top" for
 * face-down ones). A card's back is what s:backs{[card] = back} declared:
 *
 *   s:backs(LEVEL_OF_CARD)            -- in setup: a face-down card shows its level
 *
 *   local pile = s:deck("pile", 60)
 *   local hand = s:deck("hand1", 10, {owner = 1})
 *   for card = 0, 59 do pile:push(card) end
 *   pile:shuffle()
 *   pile:deal(hand, 5)
 *
 * Cards are integers 0..2^31-1 (ids into the script's card catalog).
 * Positions count from the TOP: position 1 is the top card, the one draw()
 * takes and peek() shows; position count() is the bottom card.
 *
 *   pile:count() (also #pile)        pile:capacity()
 *   pile:push(card)  (onto the top)  pile:push_bottom(card)
 *   pile:insert(pos, card)           the card ends at pos (1..count+1)
 *   pile:draw() -> card (the top)    pile:draw_bottom() -> card
 *   pile:take(pos) -> card           pile:peek([pos = 1]) -> card | nil
 *   pile:find(card) -> pos | nil     (the topmost copy)
 *   pile:cards() -> every card, top first
 *   pile:shuffle()                   with the game's own generator
 *   pile:deal(to, [n = 1])           one card at a time, so their order reverses
 *   pile:move_to(to, [n = 1])        the top n as one stack, order kept
 *   pile:owner() -> seat or 0        pile:visibility() -> "face up" | "face down" | "owner"
 *   pile:visible_to(seat) -> bool    (seat 0: an onlooker)
 *   pile:backs_shown() -> "all" | "top" | "none"
 *   pile:rig(card, ...)              the next cards it deals, in this order
 *                                    (scenario tests, the REPL)
 *   pile:rigged() -> the rigged cards still on top, top first
 *
 * A rig moves cards the zone holds to its top, the first given on top, and
 * pins them there: a shuffle leaves them, each deal takes one, and a card
 * put on top of them ends the rig. It is part of the state: undo, saves
 * and replays keep it.
 *
 * Failures raise naming the zone and the method ("deck 'pile':draw: the
 * deck is empty", "deck 'hand1':push: the deck is full (capacity 10)") and
 * change nothing; deal and move_to are all or nothing.
 */
#include <string.h>

#include "bind.h"
#include "deck.h"

#define DECK_MAX_CAP 65535     /* fits a move argument as a position */

static const char *const vis_names[] = { "face up", "face down", "owner" };
static const char *const backs_names[] = { "none", "top", "all" };

extern const bind_kind lua_deck;

/* The zone a method is called on (argument 1). */
static inline deck_t *check_deck(lua_State *L, const handle **self)
{
    *self = bind_check_self(L, &lua_deck);
    return bind_data(*self);
}

static int32_t check_card(lua_State *L, int idx, const comp_desc *d)
{
    lua_Integer c = luaL_checkinteger(L, idx);
    if (c < 0 || c > INT32_MAX)
        bind_error(L, d, idx, "%I is not a card (cards are integers 0..%d)", c, INT32_MAX);
    return (int32_t)c;
}

/* Raise unless the zone has room for one more card. */
static void check_room(lua_State *L, const deck_t *k, const comp_desc *d)
{
    if (k->count >= k->cap) bind_error(L, d, 0, "the deck is full (capacity %d)", (int)k->cap);
}

static void check_not_empty(lua_State *L, const deck_t *k, const comp_desc *d)
{
    if (k->count == 0) bind_error(L, d, 0, "the deck is empty");
}

/* A position from the top at idx, 1..count (+1 if `past`); returns it 1-based. */
static int check_pos(lua_State *L, int idx, const deck_t *k, const comp_desc *d, int past)
{
    lua_Integer p = luaL_checkinteger(L, idx);
    int max = k->count + past;
    if (p < 1 || p > max) {
        if (max == 0) bind_error(L, d, 0, "the deck is empty");
        bind_error(L, d, idx, "no position %I (1..%d, 1 = top)", p, max);
    }
    return (int)p;
}

/* The seat at idx: 0 (an onlooker) or 1..players. */
static int check_seat(lua_State *L, int idx, const handle *self)
{
    return bind_check_seat(L, luaL_checkinteger(L, idx), idx, bind_gstate(self)->nplayers, bind_desc(self),
                           "an onlooker");
}

/* s:deck(name, capacity, [{owner = seat, visibility = "face up" | "face down" | "owner",
 *                          backs = "all" | "top" | "none"}]) -> Deck */
static int declare(lua_State *L)
{
    lstate *s = bind_check_state(L, 1);
    const char *name = luaL_checkstring(L, 2);
    lua_Integer cap = luaL_checkinteger(L, 3);
    lua_Integer owner = 0;
    int vis = -1, backs = -1;
    if (cap < 1 || cap > DECK_MAX_CAP)
        return bind_error(L, NULL, 3, "capacity %I out of range (1..%d)", cap, DECK_MAX_CAP);
    if (!lua_isnoneornil(L, 4)) {
        if (!lua_istable(L, 4))
            return bind_error(L, NULL, 4, "options expected as {owner = seat, visibility = ...}, got %s",
                              luaL_typename(L, 4));
        if (lua_getfield(L, 4, "owner") != LUA_TNIL) {
            if (!lua_isinteger(L, -1))
                return bind_error(L, NULL, 4, "owner must be a seat number, not %s", luaL_typename(L, -1));
            owner = lua_tointeger(L, -1);
        }
        if (lua_getfield(L, 4, "visibility") != LUA_TNIL) {
            const char *v = lua_tostring(L, -1);
            char norm[16] = "";
            if (v && strlen(v) < sizeof norm) {
                strcpy(norm, v);
                for (char *p = norm; *p; p++) if (*p == '_') *p = ' ';
            }
            for (int i = 0; i < 3; i++)
                if (strcmp(norm, vis_names[i]) == 0) vis = i;
            if (vis < 0)
                return bind_error(L, NULL, 4, "visibility '%s' unknown (\"face up\", \"face down\" or \"owner\")",
                                  v ? v : luaL_typename(L, -1));
        }
        if (lua_getfield(L, 4, "backs") != LUA_TNIL) {
            const char *b = lua_tostring(L, -1);
            for (int i = 0; b && i < 3; i++)
                if (strcmp(b, backs_names[i]) == 0) backs = i;
            if (backs < 0)
                return bind_error(L, NULL, 4, "backs '%s' unknown (\"all\", \"top\" or \"none\")",
                                  b ? b : luaL_typename(L, -1));
        }
        lua_pop(L, 3);
    }
    bind_check_seat(L, owner, 4, s->st->nplayers, NULL, "a shared zone");
    if (vis < 0) vis = owner ? DECK_OWNER_ONLY : DECK_FACE_DOWN;
    if (vis == DECK_OWNER_ONLY && owner == 0)
        return bind_error(L, NULL, 4, "visibility \"owner\" needs an owner seat");
    if (backs < 0) backs = vis == DECK_FACE_DOWN ? DECK_BACKS_TOP : DECK_BACKS_ALL;
    const handle *self = bind_declare(L, &lua_deck, name, deck_bytes((int)cap), NULL, 0, NULL, 0);
    deck_init(bind_data(self), (int)cap, (int)owner, (deck_visibility)vis);
    s->st->comps[self->comp].flags = backs;
    return 1;
}

static int l_count(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    lua_pushinteger(L, k->count);
    return 1;
}

static int l_capacity(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    lua_pushinteger(L, k->cap);
    return 1;
}

static int l_push(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    const comp_desc *d = bind_desc(self);
    int32_t card = check_card(L, 2, d);
    check_room(L, k, d);
    bind_check_status(L, deck_push(k, card), &deck_kind, d->name);
    return 0;
}

static int l_push_bottom(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    const comp_desc *d = bind_desc(self);
    int32_t card = check_card(L, 2, d);
    check_room(L, k, d);
    bind_check_status(L, deck_push_bottom(k, card), &deck_kind, d->name);
    return 0;
}

/* k:insert(pos, card): afterwards the card is at pos (1 = top, count+1 = bottom) */
static int l_insert(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    const comp_desc *d = bind_desc(self);
    int pos = check_pos(L, 2, k, d, 1);
    int32_t card = check_card(L, 3, d);
    check_room(L, k, d);
    bind_check_status(L, deck_insert(k, k->count - pos + 1, card), &deck_kind, d->name);
    return 0;
}

static int l_draw(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    const comp_desc *d = bind_desc(self);
    int32_t card;
    check_not_empty(L, k, d);
    bind_check_status(L, deck_draw(k, &card), &deck_kind, d->name);
    lua_pushinteger(L, card);
    return 1;
}

static int l_draw_bottom(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    const comp_desc *d = bind_desc(self);
    int32_t card;
    check_not_empty(L, k, d);
    bind_check_status(L, deck_draw_bottom(k, &card), &deck_kind, d->name);
    lua_pushinteger(L, card);
    return 1;
}

static int l_take(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    const comp_desc *d = bind_desc(self);
    int pos = check_pos(L, 2, k, d, 0);
    int32_t card;
    bind_check_status(L, deck_take_at(k, k->count - pos, &card), &deck_kind, d->name);
    lua_pushinteger(L, card);
    return 1;
}

/* k:peek([pos = 1]) -> the card at pos from the top, or nil past the bottom */
static int l_peek(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    const comp_desc *d = bind_desc(self);
    lua_Integer pos = luaL_optinteger(L, 2, 1);
    if (pos < 1) return bind_error(L, d, 2, "no position %I (1 = top)", pos);
    int32_t card;
    if (pos > k->count || deck_peek(k, (int)pos - 1, &card) != GROVE_OK) lua_pushnil(L);
    else lua_pushinteger(L, card);
    return 1;
}

static int l_find(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    const comp_desc *d = bind_desc(self);
    int i = deck_find(k, check_card(L, 2, d));
    if (i < 0) lua_pushnil(L);
    else lua_pushinteger(L, k->count - i);
    return 1;
}

static int l_cards(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    luaL_checkstack(L, k->count, "too many results");
    for (int i = k->count - 1; i >= 0; i--) lua_pushinteger(L, k->cards[i]);
    return k->count;
}

static int l_shuffle(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    deck_shuffle(k, state_rng(bind_gstate(self)));
    return 0;
}

/* The target zone at 2 and the count at 3 for deal / move_to; raises unless
 * the whole move can be made. */
static deck_t *check_transfer(lua_State *L, const handle *self, deck_t *from, int *n, const char *verb)
{
    const handle *target = bind_check_handle(L, 2, &lua_deck);
    const comp_desc *d = bind_desc(self), *td = bind_desc(target);
    deck_t *to = bind_data(target);
    if (self->owner != target->owner)
        bind_error(L, d, 2, "cannot %s to deck '%s' of another game", verb, td->name);
    int narg = lua_isnoneornil(L, 3) ? 0 : 3;           /* the count, when the script gave it */
    lua_Integer want = luaL_optinteger(L, 3, 1);
    if (want < 0) bind_error(L, d, narg, "cannot %s %I cards", verb, want);
    if (want > from->count)
        bind_error(L, d, narg, "cannot %s %I: the deck holds %d card%s", verb, want, (int)from->count,
                   from->count == 1 ? "" : "s");
    if (to != from && want > to->cap - to->count)
        bind_error(L, d, narg, "cannot %s %I to deck '%s': it has room for %d more card%s (capacity %d)",
                   verb, want, td->name, (int)(to->cap - to->count), to->cap - to->count == 1 ? "" : "s",
                   (int)to->cap);
    *n = (int)want;
    return to;
}

/* k:deal(to, [n = 1]): the top n cards one at a time onto to (order reverses) */
static int l_deal(lua_State *L)
{
    const handle *self;
    deck_t *from = check_deck(L, &self);
    int n;
    deck_t *to = check_transfer(L, self, from, &n, "deal");
    bind_check_status(L, deck_deal(from, to, n), &deck_kind, bind_desc(self)->name);
    return 0;
}

/* k:move_to(to, [n = 1]): the top n cards as one stack onto to (order kept) */
static int l_move_to(lua_State *L)
{
    const handle *self;
    deck_t *from = check_deck(L, &self);
    int n;
    deck_t *to = check_transfer(L, self, from, &n, "move");
    if (to == from) return 0;
    for (int i = n; i >= 1; i--) {                      /* checked: cannot fail */
        int32_t card;
        deck_take_at(from, from->count - i, &card);     /* the lowest of the stack left */
        deck_push(to, card);
    }
    return 0;
}

/* k:rig(card, ...): replaces the rig; k:rig() unpins. Every card is
 * checked (held, as many times as given) before anything changes. */
static int l_rig(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    const comp_desc *d = bind_desc(self);
    int n = lua_gettop(L) - 1;
    if (n > k->count)
        return bind_error(L, d, 0, "cannot rig %d card%s: the deck holds %d", n, n == 1 ? "" : "s", (int)k->count);
    int32_t *cards = n ? lua_newuserdatauv(L, (size_t)n * sizeof *cards, 0) : NULL;   /* collected */
    for (int i = 0; i < n; i++) {
        cards[i] = check_card(L, i + 2, d);
        int asked = 0, held = 0;
        for (int j = 0; j <= i; j++) asked += cards[j] == cards[i];
        for (int j = 0; j < k->count; j++) held += k->cards[j] == cards[i];
        if (held == 0) return bind_error(L, d, i + 2, "the deck does not hold card %d", (int)cards[i]);
        if (asked > held)
            return bind_error(L, d, i + 2, "card %d is asked for %d times, but the deck holds %d", (int)cards[i],
                              asked, held);
    }
    bind_check_status(L, deck_rig(k, cards, n), &deck_kind, d->name);
    return 0;
}

static int l_rigged(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    luaL_checkstack(L, k->rigged, "too many results");
    for (int i = k->count - 1; i >= k->count - k->rigged; i--) lua_pushinteger(L, k->cards[i]);
    return k->rigged;
}

static int l_owner(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    lua_pushinteger(L, k->owner);
    return 1;
}

static int l_visibility(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    lua_pushstring(L, k->vis >= 0 && k->vis < 3 ? vis_names[k->vis] : "?");
    return 1;
}

static int l_visible_to(lua_State *L)
{
    const handle *self;
    deck_t *k = check_deck(L, &self);
    lua_pushboolean(L, deck_visible(k, check_seat(L, 2, self)));
    return 1;
}

static int l_backs_shown(lua_State *L)
{
    const comp_desc *d = bind_desc(bind_check_self(L, &lua_deck));
    lua_pushstring(L, d->flags >= 0 && d->flags < 3 ? backs_names[d->flags] : "?");
    return 1;
}

static int l_tostring(lua_State *L)
{
    const handle *h = bind_to_handle(L, 1);
    if (!h || !h->owner->st) { lua_pushliteral(L, "Deck(closed)"); return 1; }
    const deck_t *k = bind_data(h);
    lua_pushfstring(L, "Deck(%s, %d/%d cards)", bind_desc(h)->name, (int)k->count, (int)k->cap);
    return 1;
}

static const luaL_Reg methods[] = {
    { "count", l_count }, { "capacity", l_capacity },
    { "push", l_push }, { "push_bottom", l_push_bottom }, { "insert", l_insert },
    { "draw", l_draw }, { "draw_bottom", l_draw_bottom }, { "take", l_take },
    { "peek", l_peek }, { "find", l_find }, { "cards", l_cards },
    { "shuffle", l_shuffle }, { "deal", l_deal }, { "move_to", l_move_to },
    { "owner", l_owner }, { "visibility", l_visibility }, { "visible_to", l_visible_to },
    { "backs_shown", l_backs_shown }, { "rig", l_rig }, { "rigged", l_rigged },
    { NULL, NULL },
};

static const luaL_Reg metamethods[] = {
    { "__tostring", l_tostring },
    { "__len", l_count },
    { NULL, NULL },
};

const bind_kind lua_deck = { &deck_kind, "Deck", declare, methods, metamethods, NULL };
