/*
 * safe_string.c — the string functions a script could keep running out of
 * reach of the budget and Ctrl-C, as grove's own: string.rep (whose copies
 * are charged to the budget; n empty pieces cost nothing) and the pattern
 * matching of find, match, gmatch and gsub, whose every step (a pattern
 * item tried, a character scanned, a backtrack) is charged, so that a
 * pattern Lua's matcher would backtrack on for ever ("a-a-a-...b") stops at
 * the budget, at Ctrl-C or at the watchdog. Wherever they finish they give
 * exactly what Lua 5.4's own give, errors included: tests/host/test_match.c
 * compares the two on 60,000 generated cases.
 *
 * A pattern is matched as Lua documents it (manual §6.4.1): single
 * character classes with *, +, - and ?, %b, %f, captures (position
 * captures too) and back-references, ^ and $ anchors; recursion is bounded
 * as in Lua (200 levels: "pattern too complex").
 */
#include "vm_impl.h"

#include <ctype.h>
#include <lauxlib.h>
#include <limits.h>
#include <string.h>

#define ESC '%'
#define SPECIALS "^$*+?.([%-"
#define MAX_CAPTURES 32          /* as Lua's LUA_MAXCAPTURES */
#define MAX_DEPTH 200            /* pattern recursion, as Lua's MAXCCALLS */
#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)
#define PAY_EVERY 4096           /* steps between two charges */
#define MAX_RESULT ((size_t)INT_MAX)   /* Lua's MAXSIZE for string.rep */

/* ---- string.rep ------------------------------------------------------------ */

static int safe_rep(lua_State *L)
{
    size_t l, lsep;
    const char *s = luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) {               /* nothing, however many times */
        lua_pushliteral(L, "");
        return 1;
    }
    if (l + lsep < l || l + lsep > MAX_RESULT / (size_t)n)
        return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * l + (size_t)(n - 1) * lsep;
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, total);   /* the cap refuses a size beyond it, at once */
    for (lua_Integer i = 0; i < n; i++) {
        memcpy(p, s, l);
        p += l;
        if (lsep > 0 && i + 1 < n) {
            memcpy(p, sep, lsep);
            p += lsep;
        }
        if ((i & (PAY_EVERY - 1)) == PAY_EVERY - 1) vm_charge(L, PAY_EVERY);
    }
    vm_charge(L, (long)(n & (PAY_EVERY - 1)));
    luaL_pushresultsize(&b, total);
    return 1;
}

/* ---- the matcher ----------------------------------------------------------- */

typedef struct {
    const char *src_init, *src_end, *p_end;   /* the subject and the end of the pattern */
    lua_State *L;
    int depth_left;                           /* recursion still allowed */
    int level;                                /* captures, finished or not */
    struct {
        const char *init;
        ptrdiff_t len;                        /* or CAP_UNFINISHED, CAP_POSITION */
    } capture[MAX_CAPTURES];
    long steps;                               /* not charged yet */
} matcher;

static void pay(matcher *m)
{
    long n = m->steps;
    m->steps = 0;
    vm_charge(m->L, n);
}

static inline void step(matcher *m, long n)
{
    m->steps += n;
    if (m->steps >= PAY_EVERY) pay(m);
}

static void start_matcher(matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp)
{
    m->L = L;
    m->depth_left = MAX_DEPTH;
    m->src_init = s;
    m->src_end = s + ls;
    m->p_end = p + lp;
    m->level = 0;
    m->steps = 0;
}

static int capture_to_close(matcher *m)
{
    for (int level = m->level - 1; level >= 0; level--)
        if (m->capture[level].len == CAP_UNFINISHED) return level;
    return luaL_error(m->L, "invalid pattern capture");
}

static int check_capture(matcher *m, int l)
{
    l -= '1';
    if (l < 0 || l >= m->level || m->capture[l].len == CAP_UNFINISHED)
        return luaL_error(m->L, "invalid capture index %%%d", l + 1);
    return l;
}

/* The end of the single-character class at p. */
static const char *class_end(matcher *m, const char *p)
{
    switch (*p++) {
    case ESC:
        if (p == m->p_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    case '[':
        if (*p == '^') p++;
        do {                                  /* up to the closing ']' */
            if (p == m->p_end) luaL_error(m->L, "malformed pattern (missing ']')");
            if (*(p++) == ESC && p < m->p_end) p++;   /* an escape, as '%]' */
        } while (*p != ']');
        return p + 1;
    default:
        return p;
    }
}

static bool in_class(int c, int cl)
{
    int yes;
    switch (tolower(cl)) {
    case 'a': yes = isalpha(c); break;
    case 'c': yes = iscntrl(c); break;
    case 'd': yes = isdigit(c); break;
    case 'g': yes = isgraph(c); break;
    case 'l': yes = islower(c); break;
    case 'p': yes = ispunct(c); break;
    case 's': yes = isspace(c); break;
    case 'u': yes = isupper(c); break;
    case 'w': yes = isalnum(c); break;
    case 'x': yes = isxdigit(c); break;
    case 'z': yes = (c == 0); break;     /* deprecated, still in Lua 5.4 */
    default: return cl == c;
    }
    return isupper(cl) ? !yes : yes != 0;
}

/* Does c belong to the set [...] from p (its '[') to close (its ']')? */
static bool in_set(int c, const char *p, const char *close)
{
    bool want = true;
    if (*(p + 1) == '^') {
        want = false;
        p++;
    }
    while (++p < close) {
        if (*p == ESC) {
            p++;
            if (in_class(c, (unsigned char)*p)) return want;
        } else if (*(p + 1) == '-' && p + 2 < close) {
            p += 2;
            if ((unsigned char)*(p - 2) <= c && c <= (unsigned char)*p) return want;
        } else if ((unsigned char)*p == c) {
            return want;
        }
    }
    return !want;
}

/* Does the character at s match the class from p to ep? */
static bool single(matcher *m, const char *s, const char *p, const char *ep)
{
    if (s >= m->src_end) return false;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return true;
    case ESC: return in_class(c, (unsigned char)*(p + 1));
    case '[': return in_set(c, p, ep - 1);
    default: return (unsigned char)*p == c;
    }
}

static const char *do_match(matcher *m, const char *s, const char *p);

/* %bxy at p (x, y follow the "%b"). */
static const char *balance(matcher *m, const char *s, const char *p)
{
    if (p >= m->p_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (*s != *p) return NULL;
    int open = *p, close = *(p + 1), depth = 1;
    while (++s < m->src_end) {
        step(m, 1);
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

/* The class from p to ep, then '*' (or '+' after one match): the longest
 * run first, then shorter ones. */
static const char *longest(matcher *m, const char *s, const char *p, const char *ep)
{
    ptrdiff_t i = 0;
    while (single(m, s + i, p, ep)) {
        i++;
        step(m, 1);
    }
    for (; i >= 0; i--) {
        const char *r = do_match(m, s + i, ep + 1);
        if (r) return r;
    }
    return NULL;
}

/* The class, then '-': the shortest run first. */
static const char *shortest(matcher *m, const char *s, const char *p, const char *ep)
{
    for (;;) {
        const char *r = do_match(m, s, ep + 1);
        if (r) return r;
        if (!single(m, s, p, ep)) return NULL;
        s++;
    }
}

static const char *open_capture(matcher *m, const char *s, const char *p, ptrdiff_t what)
{
    int level = m->level;
    if (level >= MAX_CAPTURES) luaL_error(m->L, "too many captures");
    m->capture[level].init = s;
    m->capture[level].len = what;
    m->level = level + 1;
    const char *r = do_match(m, s, p);
    if (!r) m->level--;                       /* undo it */
    return r;
}

static const char *close_capture(matcher *m, const char *s, const char *p)
{
    int l = capture_to_close(m);
    m->capture[l].len = s - m->capture[l].init;
    const char *r = do_match(m, s, p);
    if (!r) m->capture[l].len = CAP_UNFINISHED;
    return r;
}

/* %1 ... %9: the text of that capture again. */
static const char *same_as(matcher *m, const char *s, int l)
{
    l = check_capture(m, l);
    size_t len = (size_t)m->capture[l].len;
    step(m, (long)(len / 16) + 1);
    if ((size_t)(m->src_end - s) >= len && memcmp(m->capture[l].init, s, len) == 0) return s + len;
    return NULL;
}

/* Match pattern p against the subject from s: the end of the match, or
 * NULL. */
static const char *do_match(matcher *m, const char *s, const char *p)
{
    if (m->depth_left-- == 0) luaL_error(m->L, "pattern too complex");
again:
    step(m, 1);
    if (p != m->p_end) {
        switch (*p) {
        case '(':
            if (*(p + 1) == ')') s = open_capture(m, s, p + 2, CAP_POSITION);
            else s = open_capture(m, s, p + 1, CAP_UNFINISHED);
            break;
        case ')':
            s = close_capture(m, s, p + 1);
            break;
        case '$':
            if (p + 1 != m->p_end) goto item;      /* not the pattern's end: a plain '$' */
            s = s == m->src_end ? s : NULL;
            break;
        case ESC:
            switch (*(p + 1)) {
            case 'b':
                s = balance(m, s, p + 2);
                if (s) {
                    p += 4;
                    goto again;
                }
                break;
            case 'f': {
                p += 2;
                if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
                const char *ep = class_end(m, p);
                int before = s == m->src_init ? '\0' : (unsigned char)*(s - 1);
                if (!in_set(before, p, ep - 1) && in_set((unsigned char)*s, p, ep - 1)) {
                    p = ep;
                    goto again;
                }
                s = NULL;
                break;
            }
            case '0': case '1': case '2': case '3': case '4':
            case '5': case '6': case '7': case '8': case '9':
                s = same_as(m, s, (unsigned char)*(p + 1));
                if (s) {
                    p += 2;
                    goto again;
                }
                break;
            default:
                goto item;
            }
            break;
        default:
        item: {
            const char *ep = class_end(m, p);       /* at the item's suffix, if any */
            if (!single(m, s, p, ep)) {
                if (*ep == '*' || *ep == '?' || *ep == '-') {   /* none is enough */
                    p = ep + 1;
                    goto again;
                }
                s = NULL;                           /* '+', or no suffix */
            } else {
                switch (*ep) {
                case '?': {
                    const char *r = do_match(m, s + 1, ep + 1);
                    if (r) {
                        s = r;
                    } else {
                        p = ep + 1;
                        goto again;
                    }
                    break;
                }
                case '+':
                    s++;
                    /* fall through */
                case '*':
                    s = longest(m, s, p, ep);
                    break;
                case '-':
                    s = shortest(m, s, p, ep);
                    break;
                default:
                    s++;
                    p = ep;
                    goto again;
                }
            }
            break;
        }
        }
    }
    m->depth_left++;
    return s;
}

/* ---- captures out ------------------------------------------------------------ */

/* Capture i (the whole match s..e when there is none and i is 0): its
 * text in *cap and its length, or CAP_POSITION with the position pushed. */
static ptrdiff_t capture_of(matcher *m, int i, const char *s, const char *e, const char **cap)
{
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        *cap = s;
        return e - s;
    }
    ptrdiff_t len = m->capture[i].len;
    *cap = m->capture[i].init;
    if (len == CAP_UNFINISHED) luaL_error(m->L, "unfinished capture");
    else if (len == CAP_POSITION) lua_pushinteger(m->L, (m->capture[i].init - m->src_init) + 1);
    return len;
}

static void push_capture(matcher *m, int i, const char *s, const char *e)
{
    const char *cap;
    ptrdiff_t len = capture_of(m, i, s, e, &cap);
    if (len != CAP_POSITION) lua_pushlstring(m->L, cap, (size_t)len);
}

static int push_captures(matcher *m, const char *s, const char *e)
{
    int n = (m->level == 0 && s) ? 1 : m->level;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) push_capture(m, i, s, e);
    return n;
}

/* ---- find, match ----------------------------------------------------------------- */

/* Where `pos` (1-based, negative from the end) falls in a string of len. */
static size_t start_of(lua_Integer pos, size_t len)
{
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

static bool plain_pattern(const char *p, size_t l)
{
    size_t upto = 0;
    do {
        if (strpbrk(p + upto, SPECIALS)) return false;
        upto += strlen(p + upto) + 1;         /* past a '\0' inside it */
    } while (upto <= l);
    return true;
}

/* s2 (l2 bytes) in s1 (l1 bytes), charged by the bytes looked at. */
static const char *find_plain(lua_State *L, const char *s1, size_t l1, const char *s2, size_t l2)
{
    if (l2 == 0) return s1;
    if (l2 > l1) return NULL;
    const char *from = s1;
    size_t left = l1 - (l2 - 1);              /* the places s2 could start */
    long steps = 0;
    const char *at;
    while (left > 0 && (at = memchr(from, *s2, left)) != NULL) {
        steps += (long)((size_t)(at - from) / 64 + (l2 - 1) / 16 + 1);
        if (steps >= PAY_EVERY) { vm_charge(L, steps); steps = 0; }
        if (memcmp(at + 1, s2 + 1, l2 - 1) == 0) {
            vm_charge(L, steps);
            return at;
        }
        left -= (size_t)(at + 1 - from);
        from = at + 1;
    }
    vm_charge(L, steps + (long)(left / 64));
    return NULL;
}

static int find_or_match(lua_State *L, bool find)
{
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_of(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {                          /* starts after the end */
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || plain_pattern(p, lp))) {
        const char *at = find_plain(L, s + init, ls - init, p, lp);
        if (at) {
            lua_pushinteger(L, (at - s) + 1);
            lua_pushinteger(L, (lua_Integer)((size_t)(at - s) + lp));
            return 2;
        }
    } else {
        matcher m;
        const char *s1 = s + init;
        bool anchor = *p == '^';
        if (anchor) {
            p++;
            lp--;
        }
        start_matcher(&m, L, s, ls, p, lp);
        do {
            m.level = 0;
            const char *e = do_match(&m, s1, p);
            if (e) {
                pay(&m);
                if (find) {
                    lua_pushinteger(L, (s1 - s) + 1);
                    lua_pushinteger(L, e - s);
                    return push_captures(&m, NULL, 0) + 2;
                }
                return push_captures(&m, s1, e);
            }
        } while (s1++ < m.src_end && !anchor);
        pay(&m);
    }
    luaL_pushfail(L);
    return 1;
}

static int safe_find(lua_State *L) { return find_or_match(L, true); }
static int safe_match(lua_State *L) { return find_or_match(L, false); }

/* ---- gmatch ------------------------------------------------------------------------ */

typedef struct {
    const char *src;          /* where the next search starts */
    const char *p;            /* the pattern */
    const char *last;         /* the end of the last match */
    matcher m;
} gmatch_state;

/* upvalues: (1) the subject, (2) the pattern, (3) the state */
static int gmatch_next(lua_State *L)
{
    gmatch_state *g = lua_touserdata(L, lua_upvalueindex(3));
    g->m.L = L;
    for (const char *src = g->src; src <= g->m.src_end; src++) {
        g->m.level = 0;
        const char *e = do_match(&g->m, src, g->p);
        if (e && e != g->last) {
            pay(&g->m);
            g->src = g->last = e;
            return push_captures(&g->m, src, e);
        }
    }
    pay(&g->m);
    return 0;
}

static int safe_gmatch(lua_State *L)
{
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_of(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2);                         /* the strings stay alive as upvalues */
    gmatch_state *g = lua_newuserdatauv(L, sizeof *g, 0);
    if (init > ls) init = ls + 1;
    start_matcher(&g->m, L, s, ls, p, lp);
    g->src = s + init;
    g->p = p;
    g->last = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

/* ---- gsub -------------------------------------------------------------------------- */

/* The replacement string (argument 3) for the match s..e, into b. */
static void add_string(matcher *m, luaL_Buffer *b, const char *s, const char *e)
{
    lua_State *L = m->L;
    size_t l;
    const char *news = lua_tolstring(L, 3, &l);
    step(m, (long)(l / 16) + 1);
    const char *p;
    while ((p = memchr(news, ESC, l)) != NULL) {
        luaL_addlstring(b, news, (size_t)(p - news));
        p++;                                  /* past the '%' */
        if (*p == ESC) {
            luaL_addchar(b, *p);
        } else if (*p == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*p)) {
            const char *cap;
            ptrdiff_t len = capture_of(m, *p - '1', s, e, &cap);
            if (len == CAP_POSITION) luaL_addvalue(b);
            else luaL_addlstring(b, cap, (size_t)len);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", ESC);
        }
        l -= (size_t)(p + 1 - news);
        news = p + 1;
    }
    luaL_addlstring(b, news, l);
}

/* The replacement of the match s..e by argument 3 of type tr; false when
 * the match was kept as it was. */
static bool add_value(matcher *m, luaL_Buffer *b, const char *s, const char *e, int tr)
{
    lua_State *L = m->L;
    switch (tr) {
    case LUA_TFUNCTION: {
        lua_pushvalue(L, 3);
        int n = push_captures(m, s, e);
        lua_call(L, n, 1);
        break;
    }
    case LUA_TTABLE:
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
        break;
    default:                                  /* a string or a number */
        add_string(m, b, s, e);
        return true;
    }
    if (!lua_toboolean(L, -1)) {              /* nil or false: the match stays */
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return false;
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return true;
}

static int safe_gsub(lua_State *L)
{
    size_t srcl, lp;
    const char *src = luaL_checklstring(L, 1, &srcl);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *last = NULL;
    int tr = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)srcl + 1);
    bool anchor = *p == '^';
    lua_Integer n = 0;
    bool changed = false;
    matcher m;
    luaL_Buffer b;
    luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                     "string/function/table");
    luaL_buffinit(L, &b);
    if (anchor) {
        p++;
        lp--;
    }
    start_matcher(&m, L, src, srcl, p, lp);
    while (n < max) {
        m.level = 0;
        const char *e = do_match(&m, src, p);
        if (e && e != last) {
            n++;
            changed = add_value(&m, &b, src, e, tr) || changed;
            src = last = e;
        } else if (src < m.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor) break;
    }
    pay(&m);
    if (!changed) {
        lua_pushvalue(L, 1);                  /* the string itself */
    } else {
        luaL_addlstring(&b, src, (size_t)(m.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}

void safe_string_open(lua_State *L)
{
    static const luaL_Reg fns[] = {
        { "rep", safe_rep }, { "find", safe_find }, { "match", safe_match },
        { "gmatch", safe_gmatch }, { "gsub", safe_gsub }, { NULL, NULL },
    };
    luaL_setfuncs(L, fns, 0);
}
