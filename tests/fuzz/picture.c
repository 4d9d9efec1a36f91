/*
 * picture.c — fuzz target: what grove writes for an SVG viewer or a
 * browser from a game's texts and look: the picture of a position
 * (stdlib/grove/picture.lua, which grove show, the REPL's picture, the
 * replay page and grove serve draw with) and the replay page
 * (stdlib/grove/replay.lua's page, on the template serve/page/replay.html),
 * given a look, a title, a status, move texts, narration and a result
 * taken from the input.
 *
 * Input: the first byte picks the game (fuzz_pick in common.c); the second
 * how many moves are played before the picture (b % 16, each the legal
 * move (k * (b / 16 + 1)) % count + 1 of the k-th position) and who looks
 * (b / 16 % (players + 1); 0 an onlooker); then pieces, one a line, each
 * a tag byte and its text:
 *   T the title         S the status line    P a seat colour (look.seats)
 *   L a label    G a glyph    C a colour    F a fill: given in turn to every
 *     field, side field, edge field and var of every component, every die
 *     face and every card and back drawn (when any of L, G, C, F is given)
 *   M a move text       N a line of narration    R the result
 *
 * What must hold (else fuzz_fail aborts):
 *  - the picture is drawn, or refused because a colour of the look is none
 *    ("... not a colour (give #rgb ..."); any other error is a bug;
 *  - a picture drawn is well-formed XML in valid UTF-8 holding only
 *    characters XML allows, made of the picture's own elements (svg g rect
 *    circle line polygon text title) with double-quoted attributes, none
 *    an event handler (on...) or a link (href), every '&' one of the
 *    entities picture.lua writes and no '>' outside a tag: no text of the
 *    input became markup;
 *  - the page is valid UTF-8; its data block holds no '<' (so no text can
 *    end it or open a comment) and reads back (json.decode) to the texts
 *    given, made valid UTF-8 (picture.utf8), the picture's packed lines
 *    (replay.pack) joined to its text; the page holds the template's two
 *    script elements only, and a policy naming hashes;
 */
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "lua_game.h"

#define MAX_PIECES 256

/* The Lua side, run in the trusted environment: opens the game, plays the
 * moves, builds the look and the page's data from the pieces, draws, and
 * reads the page's data back. Returns svg, page, problem (a text when the
 * data did not read back), or nil and the drawing's error. */
static const char HARNESS[] =
    "local picture, replay = require 'grove.picture', require 'grove.replay'\n"
    "return function(g, count, step, viewer, pieces, template)\n"
    "  for k = 1, count do\n"
    "    if g:over() then break end\n"
    "    local legal = g:legal()\n"
    "    g:play(legal[(k * step) % #legal + 1])\n"
    "  end\n"
    "  local lists = {}\n"
    "  for _, p in ipairs(pieces) do\n"
    "    local tag = p:sub(1, 1)\n"
    "    lists[tag] = lists[tag] or {}\n"
    "    table.insert(lists[tag], p:sub(2))\n"
    "  end\n"
    "  local function first(tag) return lists[tag] and lists[tag][1] end\n"
    "  local n = 0\n"
    "  local function entry()\n"
    "    n = n + 1\n"
    "    local function at(tag) local t = lists[tag]; return t and t[(n - 1) % #t + 1] end\n"
    "    return { label = at('L'), glyph = at('G'), color = at('C'), fill = n % 2 == 0 and at('F') or nil }\n"
    "  end\n"
    "  local look = {}\n"
    "  for k, v in pairs(g.definition.look or {}) do look[k] = v end\n"
    "  if lists.P then look.seats = lists.P end\n"
    "  if lists.L or lists.G or lists.C or lists.F then\n"
    "    for _, info in ipairs(g.state:components()) do\n"
    "      local l = { label = first('L'), show = true }\n"
    "      for _, f in ipairs(info.fields or {}) do l[f] = entry() end\n"
    "      l.sides, l.edges = {}, {}\n"
    "      for _, f in ipairs(info.side_fields or {}) do l.sides[f] = entry() end\n"
    "      for _, f in ipairs(info.edge_fields or {}) do l.edges[f] = entry() end\n"
    "      l.faces = setmetatable({}, { __index = function() return entry() end })\n"
    "      look[info.name] = l\n"
    "    end\n"
    "    look.cards = function() return entry() end\n"
    "    look.backs = function() return entry() end\n"
    "  end\n"
    "  local actor = g:over() and 0 or g:actor()\n"
    "  local ok, svg = pcall(picture.svg, g.state, look,\n"
    "    { viewer = viewer, actor = actor, title = first('T') or g.definition.title, status = first('S') })\n"
    "  if not ok then return nil, tostring(svg) end\n"
    "  local said = lists.N or {}\n"
    "  local data = { title = first('T') or '', info = first('S') or '', viewers = { 0 }, pictures = { svg },\n"
    "                 positions = { { ['0'] = 0 } }, moves = {}, say = { ['0'] = said }, result = first('R') or '' }\n"
    "  for i, text in ipairs(lists.M or {}) do\n"
    "    data.moves[i] = { seat = 1, texts = { ['0'] = text }, say = { ['0'] = said } }\n"
    "    data.positions[i + 1] = { ['0'] = 0 }\n"
    "  end\n"
    "  local page = replay.page(template, replay.pack(data), 'replay.html')\n"
    "  local block = page:match('<script id=\"grove%-data\" type=\"application/json\">(.-)</script>')\n"
    "  if not block then return svg, page, 'the page has no data block' end\n"
    "  local back = json.decode(block)\n"
    "  local function differs(a, b, what)\n"
    "    if a ~= picture.utf8(b) then return what .. ' reads back as ' .. string.format('%q', tostring(a)) end\n"
    "  end\n"
    "  local problem = differs(back.title, data.title, 'the title') or differs(back.info, data.info, 'the info')\n"
    "    or differs(back.result, data.result, 'the result')\n"
    "  for i, m in ipairs(data.moves) do\n"
    "    problem = problem or differs(back.moves[i].texts['0'], m.texts['0'], 'move text ' .. i)\n"
    "  end\n"
    "  for i, line in ipairs(said) do problem = problem or differs(back.say['0'][i], line, 'narration ' .. i) end\n"
    "  if #back.moves ~= #data.moves then problem = problem or 'the moves do not read back' end\n"
    "  local lines = {}\n"
    "  for i, step in ipairs(back.pictures[1].take) do lines[i] = back.lines[step + 1] end\n"
    "  problem = problem or differs(table.concat(lines, '\\n'), svg, 'the picture')\n"
    "  return svg, page, problem\n"
    "end\n";

static int draw_ref = LUA_NOREF;
static char *template_text;

/* ---- checking the output ------------------------------------------------------- */

/* The length of the character at s (at most avail bytes) if it is valid
 * UTF-8 that XML allows, else 0. */
static size_t xml_char(const unsigned char *s, size_t avail)
{
    unsigned c = s[0];
    if (c < 0x20) return c == '\t' || c == '\n' || c == '\r';
    if (c < 0x80) return 1;
    size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (n == 0 || n > avail) return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (n == 3 && ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0))) return 0;   /* overlong, surrogate */
    if (n == 3 && c == 0xef && s[1] == 0xbf && (s[2] == 0xbe || s[2] == 0xbf)) return 0;   /* U+FFFE, U+FFFF */
    if (n == 4 && ((c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] >= 0x90))) return 0;
    return n;
}

/* Is text (len bytes) valid UTF-8? XML's rules also (xml) or any code point. */
static bool valid_text(const char *text, size_t len, bool xml, size_t *bad)
{
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < len;) {
        size_t n = xml_char(s + i, len - i);
        if (n == 0 && !xml && (s[i] < 0x20 || (s[i] == 0xef && i + 2 < len && s[i + 1] == 0xbf && s[i + 2] >= 0xbe)))
            n = s[i] < 0x20 ? 1 : 3;                       /* JSON and HTML may hold these */
        if (n == 0) { *bad = i; return false; }
        i += n;
    }
    return true;
}

static const char *const ELEMENTS[] = { "svg", "g", "rect", "circle", "line", "polygon", "text", "title", NULL };
static const char *const ENTITIES[] = { "&amp;", "&lt;", "&gt;", "&quot;", "&#39;", NULL };

static bool is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == ':';
}

/* The length of the entity at p ('&'), or fuzz_fail. */
static size_t entity(const char *p, const char *where)
{
    for (int i = 0; ENTITIES[i]; i++)
        if (!strncmp(p, ENTITIES[i], strlen(ENTITIES[i]))) return strlen(ENTITIES[i]);
    fuzz_fail("the picture has a '&' that is no entity it writes, %s: %.40s", where, p);
}

/* The picture must be well-formed XML of the picture's own markup. */
static void check_svg(const char *svg, size_t len)
{
    size_t bad;
    if (!valid_text(svg, len, true, &bad))
        fuzz_fail("the picture is not valid UTF-8 that XML allows at byte %zu: %.40s", bad, svg + bad);
    if (strlen(svg) != len) fuzz_fail("the picture holds a NUL byte");
    if (strncmp(svg, "<svg ", 5)) fuzz_fail("the picture does not begin with <svg: %.40s", svg);
    const char *stack[256];
    size_t depth = 0;
    bool closed = false;
    const char *p = svg;
    while (*p) {
        if (*p == '&') { p += entity(p, "in text"); continue; }
        if (*p == '>') fuzz_fail("a '>' outside a tag: %.40s", p);
        if (*p != '<') {
            if (closed && *p != '\n' && *p != ' ') fuzz_fail("text after </svg>: %.40s", p);
            p++;
            continue;
        }
        if (closed) fuzz_fail("markup after </svg>: %.40s", p);
        bool end = p[1] == '/';
        const char *name = p + 1 + end, *q = name;
        while (is_name_char(*q)) q++;
        size_t n = (size_t)(q - name);
        int known = -1;
        for (int i = 0; ELEMENTS[i]; i++)
            if (strlen(ELEMENTS[i]) == n && !strncmp(ELEMENTS[i], name, n)) known = i;
        if (known < 0) fuzz_fail("an element the picture never draws: %.40s", p);
        if (end) {
            if (*q != '>') fuzz_fail("a malformed end tag: %.40s", p);
            if (depth == 0 || strcmp(stack[depth - 1], ELEMENTS[known]))
                fuzz_fail("</%s> closes <%s>", ELEMENTS[known], depth ? stack[depth - 1] : "nothing");
            depth--;
            if (depth == 0) closed = true;
            p = q + 1;
            continue;
        }
        for (;;) {                                 /* attributes */
            if (*q == '>') { q++; break; }
            if (q[0] == '/' && q[1] == '>') { q += 2; known = -known - 2; break; }
            if (*q != ' ') fuzz_fail("a malformed tag <%s: %.40s", ELEMENTS[known], q);
            q++;
            const char *attr = q;
            while (is_name_char(*q)) q++;
            if (q == attr || q[0] != '=' || q[1] != '"') fuzz_fail("an attribute not written name=\"value\": %.40s", attr);
            if (!strncmp(attr, "on", 2) || (q - attr >= 4 && !strncmp(q - 4, "href", 4)))
                fuzz_fail("an attribute a script or a link could come from: %.40s", attr);
            q += 2;
            while (*q != '"') {
                if (*q == '\0' || *q == '<' || *q == '>') fuzz_fail("an attribute value not closed or holding < >: %.40s", attr);
                q += *q == '&' ? entity(q, "in an attribute") : 1;
            }
            q++;
        }
        if (known >= 0) {
            if (depth == sizeof stack / sizeof *stack) fuzz_fail("the picture nests deeper than %zu", depth);
            stack[depth++] = ELEMENTS[known];
        } else if (depth == 0) {
            fuzz_fail("the root element closes itself");
        }
        p = q;
    }
    if (!closed) fuzz_fail("the picture's elements are not all closed (%zu open)", depth);
}

static size_t count(const char *text, const char *what)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, what)); p++) n++;
    return n;
}

/* The page must be valid UTF-8, its data block free of '<', its scripts
 * the template's. */
static void check_page(const char *page, size_t len)
{
    size_t bad;
    if (!valid_text(page, len, false, &bad)) fuzz_fail("the page is not valid UTF-8 at byte %zu: %.40s", bad, page + bad);
    if (strlen(page) != len) fuzz_fail("the page holds a NUL byte");
    static const char open[] = "<script id=\"grove-data\" type=\"application/json\">";
    const char *block = strstr(page, open);
    if (!block) fuzz_fail("the page has no data block");
    block += strlen(open);
    const char *end = strstr(block, "</script>");
    if (!end) fuzz_fail("the data block is not closed");
    const char *lt = memchr(block, '<', (size_t)(end - block));
    if (lt) fuzz_fail("the data block holds a '<': %.40s", lt);
    if (count(page, "<script") != 2) fuzz_fail("the page has %zu script elements, not the template's 2", count(page, "<script"));
    if (!strstr(page, "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-"))
        fuzz_fail("the page's policy does not name its script's hash");
}

/* ---- the target ------------------------------------------------------------------ */

static void start(grove_vm *vm)
{
    lua_State *L = vm->L;
    char path[4200];
    if (!vm_find(vm, "serve/page/replay.html", path, sizeof path)) fuzz_fail("no serve/page/replay.html in the data folder");
    FILE *f = fopen(path, "rb");
    if (!f) fuzz_fail("cannot read %s", path);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    if (n == 0 || n == sizeof buf - 1) fuzz_fail("%s is empty or larger than the harness reads", path);
    buf[n] = '\0';
    template_text = buf;
    vm_push_trusted(vm);                                               /* [env] */
    if (luaL_loadbufferx(L, HARNESS, sizeof HARNESS - 1, "=picture harness", "t") != LUA_OK)
        fuzz_fail("the harness's Lua: %s", lua_tostring(L, -1));        /* [env, chunk] */
    lua_pushvalue(L, -2);
    if (!lua_setupvalue(L, -2, 1)) fuzz_fail("the harness's chunk has no _ENV");
    if (vm_call_budget(vm, 0, 1, NULL, 0) != LUA_OK) fuzz_fail("the harness's Lua: %s", lua_tostring(L, -1));
    if (!lua_isfunction(L, -1)) fuzz_fail("the harness's Lua returned no function");
    draw_ref = luaL_ref(L, LUA_REGISTRYINDEX);                         /* [env] */
    lua_pop(L, 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return -1;
    grove_vm *vm = fuzz_vm();
    lua_State *L = vm->L;
    if (draw_ref == LUA_NOREF) start(vm);
    int top = lua_gettop(L);
    fuzz_setup su;
    fuzz_pick(vm, data[0], &su);
    int moves = data[1] % 16, step = data[1] / 16 + 1, viewer = data[1] / 16 % (su.players + 1);

    game *g = fuzz_open(vm, &su);

    lua_rawgeti(L, LUA_REGISTRYINDEX, draw_ref);
    lua_game_push(L, g, false);
    lua_pushinteger(L, moves);
    lua_pushinteger(L, step);
    lua_pushinteger(L, viewer);
    lua_createtable(L, 16, 0);                   /* the pieces: each line that has a tag */
    int npieces = 0;
    for (size_t i = 2; i < size && npieces < MAX_PIECES;) {
        const uint8_t *nl = memchr(data + i, '\n', size - i);
        size_t end = nl ? (size_t)(nl - data) : size;
        if (end > i) {
            lua_pushlstring(L, (const char *)data + i, end - i);
            lua_rawseti(L, -2, ++npieces);
        }
        i = end + 1;
    }
    lua_pushstring(L, template_text);
    if (vm_call_budget(vm, 6, 3, NULL, 0) != LUA_OK)
        fuzz_fail("the harness raised (the game, its moves or the page): %s", lua_tostring(L, -1));
    if (lua_isnil(L, -3)) {
        const char *why = lua_tostring(L, -2);
        if (!why || (!strstr(why, "not a colour (give #rgb") && !strstr(why, "look.seats must be a list of colours")))
            fuzz_fail("the picture raised, and not for a colour that is none: %s", why ? why : "(no message)");
    } else {
        size_t svg_len, page_len;
        const char *svg = lua_tolstring(L, -3, &svg_len), *page = lua_tolstring(L, -2, &page_len);
        if (!svg || !page) fuzz_fail("the harness returned no picture or no page");
        if (lua_isstring(L, -1)) fuzz_fail("the page's data does not read back: %s", lua_tostring(L, -1));
        check_svg(svg, svg_len);
        check_page(page, page_len);
    }
    lua_settop(L, top);
    game_close(g);
    return 0;
}
