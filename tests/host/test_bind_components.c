/*
 * test_bind_components.c — the Lua bindings of the hex grid, the graph, card
 * zones and dice, driven through real Lua in a trusted environment.
 *
 * The test writes a throw-away game, scripts/tgame/game.lua, into a fresh
 * directory under /tmp and puts that directory on the VM's search path. Its
 * setup declares one component of each kind (or, with the `decl` option,
 * runs the given Lua text instead, to test declaration errors). Each test is
 * one Lua chunk that opens the game with games.open and checks results and
 * exact error texts with two helpers:
 *   eq(got, want)          raise "expected ..., got ..." unless equal
 *   E(obj, "method", ...)  call obj:method(...), which must fail and leave
 *                          the state's hash unchanged; return the message
 *   P(function)            the message the function raises, without the
 *                          location (for argument errors, which name the
 *                          method only when it is called as one)
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host.h"

static char tmpdir[64];
static char gamedir[128];
static char gamefile[192];

static const char GAME_LUA[] =
    "return {\n"
    "  name = 'tgame', players = {min = 1, max = 4},\n"
    "  options = {{name = 'decl', default = ''}},\n"
    "  setup = function(s, o)\n"
    "    if o.decl ~= '' then\n"
    "      assert(load('local s = ...\\n' .. o.decl, '=decl'))(s)\n"
    "      return\n"
    "    end\n"
    "    s:hex('board', {radius = 2}, {'tree', 'owner'}, {'water'})\n"
    "    s:hex('strip', {q = {0, 3}, r = {-1, 0}}, {'stone'})\n"
    "    s:graph('map', 6, 4, {'owner'}, {'road'})\n"
    "    s:deck('pile', 10)\n"
    "    s:deck('hand', 3, {owner = 1})\n"
    "    s:deck('row', 5, {visibility = 'face up'})\n"
    "    s:dice('cup', 5, {'star', 'star', 'shooting', 'fairy', 'snake', 'tree'})\n"
    "  end,\n"
    "  actor = function() return 1 end,\n"
    "  moves = function() end,\n"
    "  apply = function() end,\n"
    "  result = function() return nil end,\n"
    "  render = function() return '' end,\n"
    "  describe = function() return 'x' end,\n"
    "}\n";

/* One line, so the test chunk's line numbers are those of its own text. */
static const char PRELUDE[] =
    "local g = games.open('tgame', {players = 2, seed = 1}) "
    "local s = g.state "
    "local function show(v) if type(v) == 'string' then return string.format('%q', v) end "
    "  return tostring(v) end "
    "local function eq(got, want) if got ~= want then "
    "  error('expected ' .. show(want) .. ', got ' .. show(got), 2) end end "
    "local function E(obj, m, ...) local h = s:hash() "
    "  local ok, e = pcall(obj[m], obj, ...) "
    "  if ok then error('no error from ' .. m, 2) end "
    "  if s:hash() ~= h then error('failing ' .. m .. ' changed the state', 2) end "
    "  return e end "
    "local function L(...) local t = table.pack(...) "
    "  for i = 1, t.n do t[i] = tostring(t[i]) end return table.concat(t, ' ') end "
    "local function P(f) local ok, e = pcall(f) if ok then error('no error', 2) end "
    "  return (e:gsub('^[%w_]+:%d+: ', '')) end ";

static int group_setup(void **unused)
{
    (void)unused;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/grove-bind-XXXXXX");
    if (!mkdtemp(tmpdir)) return -1;
    char scripts[128];
    snprintf(scripts, sizeof scripts, "%s/scripts", tmpdir);
    snprintf(gamedir, sizeof gamedir, "%s/tgame", scripts);
    snprintf(gamefile, sizeof gamefile, "%s/game.lua", gamedir);
    if (mkdir(scripts, 0700) != 0 || mkdir(gamedir, 0700) != 0) return -1;
    FILE *f = fopen(gamefile, "w");
    if (!f) return -1;
    fputs(GAME_LUA, f);
    return fclose(f) == 0 ? 0 : -1;
}

static int group_teardown(void **unused)
{
    (void)unused;
    char scripts[128];
    snprintf(scripts, sizeof scripts, "%s/scripts", tmpdir);
    unlink(gamefile);
    rmdir(gamedir);
    rmdir(scripts);
    rmdir(tmpdir);
    return 0;
}

static grove_vm *new_vm(void)
{
    const char *src = getenv("GROVE_SOURCE");
    grove_vm *vm = host_new(src ? src : ".");
    assert_non_null(vm);
    assert_true(vm_add_path(vm, tmpdir));
    return vm;
}

/* Run PRELUDE + code as chunk `name` in a trusted environment; fail the
 * test with the Lua message if it raises. */
static void run(const char *name, const char *code)
{
    grove_vm *vm = new_vm();
    lua_State *L = vm->L;
    size_t n = strlen(PRELUDE) + strlen(code) + 1;
    char *text = malloc(n);
    assert_non_null(text);
    snprintf(text, n, "%s%s", PRELUDE, code);
    char chunk[64];
    snprintf(chunk, sizeof chunk, "=%s", name);
    int rc = luaL_loadbufferx(L, text, strlen(text), chunk, "t");
    free(text);
    if (rc != LUA_OK) fail_msg("%s", lua_tostring(L, -1));
    vm_push_trusted(vm);
    lua_setupvalue(L, -2, 1);
    if (vm_call(vm, 0, 0, NULL) != LUA_OK) {
        print_error("%s\n", lua_tostring(L, -1));
        vm_free(vm);
        fail();
    }
    assert_int_equal(lua_gettop(L), 0);
    vm_free(vm);
}

static void test_hex(void **unused)
{
    (void)unused;
    run("hex",
        "local b = s.board\n"
        "eq(tostring(b), 'Hex(board, 19 hexes)')\n"
        "eq(b:count(), 19)\n"
        "eq(L(b:bounds()), '-2 2 -2 2')\n"
        /* ids and coordinates */
        "local c = b:id(0, 0)\n"
        "eq(c, 13) eq(L(b:qr(c)), '0 0') eq(b:name(c), '0,0')\n"
        "eq(b:id('0,0'), 13) eq(b:id(' -1 , 2 '), b:id(-1, 2)) eq(b:name(b:id(-1, 2)), '-1,2')\n"
        "eq(b:id(2, 2), nil)   -- stored, but outside the radius\n"
        "eq(b:id(9, 0), nil) eq(b:id('nonsense'), nil)\n"
        "eq(b:on('2,2'), false) eq(b:on(c), true)\n"
        /* fields, by name, number or q,r text */
        "b:set(c, 'tree', 3) eq(b:get('0,0', 'tree'), 3) eq(b:get(c, 1), 3)\n"
        "eq(b:add(c, 'tree', 2), 5) eq(b:get(c, 'tree'), 5)\n"
        "b:fill('owner', 1) eq(b:count{owner = 1}, 19) b:fill('owner', 0)\n"
        /* steps and neighbours, directions by name or number */
        "eq(b:name(b:step(c, 'e')), '1,0') eq(b:name(b:step(c, 2)), '0,1')\n"
        "eq(b:name(b:step(c, 'northwest')), '0,-1')\n"
        "eq(b:step(b:id(2, 0), 'e'), nil)\n"
        "eq(select('#', b:neighbors(c)), 6)\n"
        "eq(select('#', b:neighbors(b:id(2, 0))), 3)\n"
        "b:set(b:step(c, 'w'), 'tree', 1)\n"
        "eq(L(b:neighbors(c, {tree = 0})), L(b:step(c, 'e'), b:step(c, 'se'), b:step(c, 'sw'),\n"
        "   b:step(c, 'nw'), b:step(c, 'ne')))\n"
        "eq(b:distance(b:id(-2, 0), b:id(2, 0)), 4) eq(b:distance('0,-2', '0,2'), 4)\n"
        "eq(b:test(c, {tree = 5}), true) eq(b:test(c, {tree = 0}), false)\n"
        /* set questions */
        "eq(select('#', b:cells()), 19) eq(L(b:cells{tree = 5}), tostring(c))\n"
        "eq(select('#', b:reach(c, 1)), 7) eq(select('#', b:reach(c, 2)), 19)\n"
        "eq(select('#', b:reach(c, -1)), 19)\n"
        "eq(select('#', b:reach(b:id(-2, 0), 1, {tree = 0})), 3)\n"
        "local free = grove.cond{tree = 0}\n"
        "eq(b:count(free), 17) eq(select('#', b:reach(b:id(-2, 0), 1, free)), 3)\n"
        /* on / off */
        "b:set_on(c, false) eq(b:on(c), false) eq(b:id(0, 0), nil) eq(b:count(), 18)\n"
        "eq(b:step(b:id(-1, 0), 'e'), nil) b:set_on(c, true) eq(b:count(), 19)\n"
        /* sides, rotation, waterways */
        "b:set_side(c, 'water', 'e', 1) eq(b:side(c, 'water', 1), 1) eq(b:side(c, 1, 'se'), 0)\n"
        "b:rotate(c) eq(b:side(c, 'water', 'se'), 1) eq(b:side(c, 'water', 'e'), 0)\n"
        "b:rotate(c, -1) eq(L(b:sides(c, 'water')), '1 0 0 0 0 0')\n"
        "b:rotate(c, 7) eq(L(b:sides(c, 'water')), '0 1 0 0 0 0')\n"
        "b:set_sides(c, 'water', 1, 0, 0, 0, 0, 0)\n"
        "local east = b:step(c, 'e')\n"
        "eq(b:sides_match(c, 'e', 'water', 1), false)\n"
        "b:set_side(east, 'water', 'w', 1)\n"
        "eq(b:sides_match(c, 'e', 'water', 1), true)\n"
        "eq(L(b:connected(c, 'water', 1)), L(c, east))\n"
        "eq(L(b:connected(c, 'water', 1, {tree = 1})), L(c))\n"
        /* the parallelogram */
        "local st = s.strip\n"
        "eq(tostring(st), 'Hex(strip, 8 hexes)') eq(L(st:bounds()), '0 3 -1 0')\n"
        "eq(st:id(0, -1), 1) eq(st:name(8), '3,0') eq(st:id(4, 0), nil)\n"
        /* errors: they name the grid and change nothing */
        "eq(E(b, 'get', 99, 'tree'), \"hex 'board':get, argument #1: no hex 99 (hexes 1..25)\")\n"
        "eq(E(b, 'get', '9,9', 'tree'), \"hex 'board':get, argument #1: no hex '9,9' (q -2..2, r -2..2)\")\n"
        "eq(E(b, 'get', 'c3', 'tree'),\n"
        "   \"hex 'board':get, argument #1: no hex 'c3' (an id or \\\"q,r\\\" such as \\\"-1,2\\\")\")\n"
        "eq(E(b, 'get', c, 'moss'), \"hex 'board':get, argument #2: no field 'moss' (fields: tree, owner)\")\n"
        "eq(E(b, 'set', c, 'tree', 1 << 40), \"hex 'board':set, argument #3: 1099511627776 does not fit 32 bits\")\n"
        "eq(E(b, 'add', c, 'tree', 2147483647),\n"
        "   \"hex 'board':add, argument #3: 5 + 2147483647 = 2147483652 does not fit 32 bits\")\n"
        "eq(E(b, 'side', c, 'lava', 'e'), \"hex 'board':side, argument #2: no side field 'lava' (side fields: water)\")\n"
        "eq(E(b, 'set_side', c, 'water', 'up', 1),\n"
        "   \"hex 'board':set_side, argument #3: no direction 'up' (e se sw w nw ne, or 1..6)\")\n"
        "eq(E(b, 'step', c, 7), \"hex 'board':step, argument #2: no direction 7 (1..6: e se sw w nw ne)\")\n"
        "eq(P(function() b:set_sides(c, 'water', 1, 2, 3) end),\n"
        "   \"bad argument #6 to 'set_sides' (number expected, got no value)\")\n"
        "eq(E(b, 'cells', {moss = 1}),\n"
        "   \"hex 'board':cells, argument #1: no field 'moss' (fields: tree, owner)\")\n"
        "eq(P(function() b:set_on(c, 1) end), \"bad argument #2 to 'set_on' (boolean expected, got number)\")\n"
        "eq(P(function() b:get({}, 'tree') end),\n"
        "   \"bad argument #1 to 'get' (hex expected, got table)\")\n"
        "eq(P(function() b:step(c, {}) end), \"bad argument #2 to 'step' (direction expected, got table)\")\n"
        "eq(P(function() b:get(1.5, 'tree') end), \"bad argument #1 to 'get' (number has no integer representation)\")\n"
        "eq(E(st, 'get', 1, 'tree'), \"hex 'strip':get, argument #2: no field 'tree' (fields: stone)\")\n"
        "eq(E(st, 'side', 1, 1, 'e'), \"hex 'strip':side, argument #2: no side field 1 (it has none)\")\n"
        "local ok, e = pcall(b.get, s.pile, 1, 'tree') eq(e, \"bad argument #1 to '?' (Hex expected, got Deck)\")\n"
        "eq(P(function() b:get('0,0', {}) end), \"bad argument #2 to 'get' (field name expected, got table)\")\n"
        "eq(P(function() b:cells(3) end), \"bad argument #1 to 'cells' (condition expected, got number)\")\n");
}

static void test_hex_declare(void **unused)
{
    (void)unused;
    run("hex_declare",
        "local function D(text) local ok, e = pcall(games.open, 'tgame', {players = 2, decl = text})\n"
        "  assert(not ok, 'no error') return (e:gsub('^setup: decl:%d+: ', '')) end\n"
        "eq(D(\"s:hex('h', {radius = 16})\"), \"s:hex('h'), argument #2: radius 16 out of range (0..15)\")\n"
        "eq(D(\"s:hex('h', {radius = 1, q = {0, 1}})\"),\n"
        "   \"s:hex('h'), argument #2: give the shape as {radius = R} or as {q = ..., r = ...}, not both\")\n"
        "eq(D(\"s:hex('h', {q = {0, 1}})\"), \"s:hex('h'), argument #2: the shape needs r = {low, high} (integers)\")\n"
        "eq(D(\"s:hex('h', {q = {3, 1}, r = {0, 0}})\"), \"s:hex('h'), argument #2: bad q range 3..1\")\n"
        "eq(D(\"s:hex('h', {q = {0, 99}, r = {0, 99}})\"),\n"
        "   \"s:hex('h'), argument #2: 100x100 = 10000 hexes is too many (at most 1024)\")\n"
        "eq(D(\"s:hex('h', 3)\"),\n"
        "   \"s:hex('h'), argument #2: shape expected as {radius = R} or {q = {q0, q1}, r = {r0, r1}}, got number\")\n"
        "eq(D(\"s:hex('h', {radius = 1}, {'a', 'a'})\"), \"s:hex('h'), argument #3: field 'a' named twice\")\n"
        "eq(D(\"s:hex('h', {radius = 1}) s:hex('h', {radius = 1})\"),\n"
        "   \"s:hex('h'), argument #1: a component named 'h' already exists\")\n"
        "local ok, e = pcall(s.hex, s, 'late', {radius = 1})\n"
        "eq(e, \"s:hex('late'): components are declared in setup only\")\n"
        "local g2 = games.open('tgame', {players = 2, decl = \"s:hex('h', {radius = 0}, {'x'})\"})\n"
        "eq(g2.state.h:count(), 1) eq(g2.state.h:id(0, 0), 1) g2:close()\n");
}

static void test_graph(void **unused)
{
    (void)unused;
    run("graph",
        "local m = s.map\n"
        "eq(tostring(m), 'Graph(map, 0/6 nodes, 0/4 edges)') eq(L(m:capacity()), '6 4')\n"
        "local a, b, c = m:add_node(), m:add_node(), m:add_node()\n"
        "eq(L(a, b, c), '1 2 3')\n"
        "m:add_node_at(5) eq(m:alive(5), true) eq(m:alive(4), false) eq(m:alive(99), false)\n"
        "local ab, bc = m:add_edge(a, b), m:add_edge(b, c)\n"
        "eq(L(ab, bc), '1 2') eq(L(m:ends(bc)), '2 3') eq(m:other(bc, c), b)\n"
        "eq(m:edge(b, a), ab) eq(m:edge(a, c), nil) eq(m:edge_alive(ab), true)\n"
        "eq(L(m:neighbors(b)), '1 3') eq(L(m:edges(b)), '1 2') eq(L(m:nodes()), '1 2 3 5')\n"
        "eq(m:count(), 4) eq(L(m:all_edges()), '1 2')\n"
        /* fields */
        "m:set(c, 'owner', 2) eq(m:get(c, 'owner'), 2) eq(m:add(c, 1, 3), 5)\n"
        "m:edge_set(bc, 'road', 1) eq(m:edge_get(bc, 'road'), 1) eq(m:edge_add(bc, 'road', 1), 2)\n"
        /* conditions: node fields for nodes, edge fields for edges */
        "eq(L(m:neighbors(b, {owner = 0})), '1') eq(L(m:neighbors(b, nil, {road = 0})), '1')\n"
        "eq(L(m:edges(b, {road = 2})), '2') eq(L(m:nodes{owner = 5}), '3')\n"
        "eq(L(m:all_edges{road = 0}), '1')\n"
        "local any = grove.cond{}\n"
        "eq(L(m:neighbors(b, any, any)), '1 3')\n"
        /* walks */
        "eq(m:distance(a, c), 2) eq(m:distance(a, a), 0) eq(m:distance(a, 5), nil)\n"
        "eq(m:distance(a, c, nil, {road = 0}), nil) eq(m:distance(a, c, {owner = 0}), nil)\n"
        "eq(L(m:reach(a, 1)), '1 2') eq(L(m:reach(a, -1)), '1 2 3') eq(L(m:reach(a, 5, nil, {road = 0})), '1 2')\n"
        /* removal frees the slots and the node's edges */
        "m:remove_edge(ab) eq(m:edge_alive(ab), false) eq(m:edge(a, b), nil)\n"
        "m:remove_node(b) eq(m:alive(b), false) eq(m:edge_alive(bc), false) eq(m:add_node(), b)\n"
        "eq(m:get(b, 'owner'), 0)\n"
        "eq(tostring(m), 'Graph(map, 4/6 nodes, 0/4 edges)')\n"
        /* errors */
        "eq(E(m, 'get', 4, 'owner'), \"graph 'map':get, argument #1: no node 4 (it was removed or never added)\")\n"
        "eq(E(m, 'get', 7, 'owner'), \"graph 'map':get, argument #1: no node 7 (node ids 1..6)\")\n"
        "eq(E(m, 'get', a, 'road'), \"graph 'map':get, argument #2: no node field 'road' (node fields: owner)\")\n"
        "eq(E(m, 'edge_get', 1, 'road'), \"graph 'map':edge_get, argument #1: no edge 1 (it was removed or never added)\")\n"
        "eq(E(m, 'edge_set', 5, 'road', 1), \"graph 'map':edge_set, argument #1: no edge 5 (edge ids 1..4)\")\n"
        "local e = m:add_edge(a, b)\n"
        "eq(E(m, 'edge_get', e, 'owner'), \"graph 'map':edge_get, argument #2: no edge field 'owner' (edge fields: road)\")\n"
        "eq(E(m, 'set', a, 'owner', 1 << 31), \"graph 'map':set, argument #3: 2147483648 does not fit 32 bits\")\n"
        "eq(E(m, 'add_edge', a, a), \"graph 'map':add_edge, argument #2: cannot join node 1 to itself\")\n"
        "eq(E(m, 'add_edge', b, a), \"graph 'map':add_edge: nodes 2 and 1 are already joined (edge 1)\")\n"
        "eq(E(m, 'add_node_at', a), \"graph 'map':add_node_at, argument #1: node 1 is already there\")\n"
        "eq(E(m, 'add_node_at', 0), \"graph 'map':add_node_at, argument #1: no node 0 (node ids 1..6)\")\n"
        "eq(E(m, 'other', e, c), \"graph 'map':other, argument #2: edge 1 joins nodes 1 and 2, not node 3\")\n"
        "eq(E(m, 'neighbors', a, {road = 1}), \"graph 'map':neighbors, argument #2: no field 'road' (fields: owner)\")\n"
        "eq(E(m, 'edges', a, {owner = 1}), \"graph 'map':edges, argument #2: no field 'owner' (fields: road)\")\n"
        "eq(E(m, 'remove_node', 4), \"graph 'map':remove_node, argument #1: no node 4 (it was removed or never added)\")\n"
        "m:add_node() m:add_node()\n"
        "eq(E(m, 'add_node'), \"graph 'map':add_node: the graph is full: no free node slot (capacity 6)\")\n"
        "m:add_edge(1, 3) m:add_edge(1, 4) m:add_edge(1, 5)\n"
        "eq(E(m, 'add_edge', 2, 3), \"graph 'map':add_edge: the graph is full: no free edge slot (capacity 4)\")\n"
        "local ok, msg = pcall(games.open, 'tgame', {players = 2, decl = \"s:graph('g', 0, 1)\"})\n"
        "eq(msg, \"setup: decl:2: s:graph('g'), argument #2: 0 nodes out of range (1..1024)\")\n");
}

static void test_deck(void **unused)
{
    (void)unused;
    run("deck",
        "local p, h, r = s.pile, s.hand, s.row\n"
        "eq(tostring(p), 'Deck(pile, 0/10 cards)') eq(p:count(), 0) eq(#p, 0) eq(p:capacity(), 10)\n"
        "eq(p:owner(), 0) eq(p:visibility(), 'face down') eq(h:owner(), 1) eq(h:visibility(), 'owner')\n"
        "eq(r:visibility(), 'face up')\n"
        "eq(p:visible_to(1), false) eq(h:visible_to(1), true) eq(h:visible_to(2), false)\n"
        "eq(h:visible_to(0), false) eq(r:visible_to(0), true)\n"
        /* positions count from the top */
        "p:push(10) p:push(11) p:push(12)         -- 12 on top\n"
        "eq(L(p:cards()), '12 11 10') eq(p:peek(), 12) eq(p:peek(3), 10) eq(p:peek(4), nil)\n"
        "p:push_bottom(9) eq(L(p:cards()), '12 11 10 9')\n"
        "p:insert(1, 13) p:insert(6, 8) p:insert(3, 20) eq(L(p:cards()), '13 12 20 11 10 9 8')\n"
        "eq(p:find(20), 3) eq(p:find(8), 7) eq(p:find(99), nil)\n"
        "eq(p:take(3), 20) eq(p:take(1), 13) eq(p:draw(), 12) eq(p:draw_bottom(), 8)\n"
        "eq(L(p:cards()), '11 10 9') eq(#p, 3)\n"
        /* deal reverses, move_to keeps the order */
        "p:deal(h, 2) eq(L(h:cards()), '10 11') eq(L(p:cards()), '9')\n"
        "h:move_to(r, 2) eq(L(r:cards()), '10 11') eq(h:count(), 0)\n"
        "r:deal(p) eq(L(p:cards()), '10 9') r:move_to(r, 1) eq(L(r:cards()), '11')\n"
        "p:deal(p, 2) eq(L(p:cards()), '10 9')\n"
        /* errors, each leaving every zone unchanged */
        "eq(E(h, 'draw'), \"deck 'hand':draw: the deck is empty\")\n"
        "eq(E(h, 'draw_bottom'), \"deck 'hand':draw_bottom: the deck is empty\")\n"
        "eq(E(h, 'take', 1), \"deck 'hand':take: the deck is empty\")\n"
        "eq(E(p, 'take', 3), \"deck 'pile':take, argument #1: no position 3 (1..2, 1 = top)\")\n"
        "eq(E(p, 'insert', 4, 1), \"deck 'pile':insert, argument #1: no position 4 (1..3, 1 = top)\")\n"
        "eq(E(p, 'peek', 0), \"deck 'pile':peek, argument #1: no position 0 (1 = top)\")\n"
        "eq(E(p, 'push', -1), \"deck 'pile':push, argument #1: -1 is not a card (cards are integers 0..2147483647)\")\n"
        "eq(E(p, 'push', 1 << 31),\n"
        "   \"deck 'pile':push, argument #1: 2147483648 is not a card (cards are integers 0..2147483647)\")\n"
        "h:push(1) h:push(2) h:push(3)\n"
        "eq(E(h, 'push', 4), \"deck 'hand':push: the deck is full (capacity 3)\")\n"
        "eq(E(h, 'push_bottom', 4), \"deck 'hand':push_bottom: the deck is full (capacity 3)\")\n"
        "eq(E(h, 'insert', 1, 4), \"deck 'hand':insert: the deck is full (capacity 3)\")\n"
        "eq(E(p, 'deal', h, 1),\n"
        "   \"deck 'pile':deal, argument #2: cannot deal 1 to deck 'hand': it has room for 0 more cards (capacity 3)\")\n"
        "eq(E(p, 'deal', r, 3), \"deck 'pile':deal, argument #2: cannot deal 3: the deck holds 2 cards\")\n"
        "eq(E(r, 'move_to', p, 2), \"deck 'row':move_to, argument #2: cannot move 2: the deck holds 1 card\")\n"
        "eq(E(p, 'deal', r, -1), \"deck 'pile':deal, argument #2: cannot deal -1 cards\")\n"
        "eq(E(p, 'deal', s.cup, 1), \"bad argument #2 to '?' (Deck expected, got Dice)\")\n"
        "eq(P(function() p:deal(s.cup, 1) end), \"bad argument #1 to 'deal' (Deck expected, got Dice)\")\n"
        "eq(E(p, 'visible_to', 3), \"deck 'pile':visible_to, argument #1: no seat 3 (1..2, or 0 for an onlooker)\")\n"
        "local other = games.open('tgame', {players = 2, seed = 1})\n"
        "eq(E(p, 'deal', other.state.pile, 1),\n"
        "   \"deck 'pile':deal, argument #1: cannot deal to deck 'pile' of another game\")\n"
        "other:close()\n"
        /* declarations */
        "local function D(text) local ok, e = pcall(games.open, 'tgame', {players = 2, decl = text})\n"
        "  assert(not ok, 'no error') return (e:gsub('^setup: decl:%d+: ', '')) end\n"
        "eq(D(\"s:deck('d', 0)\"), \"s:deck('d'), argument #2: capacity 0 out of range (1..65535)\")\n"
        "eq(D(\"s:deck('d', 5, {owner = 3})\"), \"s:deck('d'), argument #3: no seat 3 (1..2, or 0 for a shared zone)\")\n"
        "eq(D(\"s:deck('d', 5, {visibility = 'hidden'})\"),\n"
        "   \"s:deck('d'), argument #3: visibility 'hidden' unknown (\\\"face up\\\", \\\"face down\\\" or \\\"owner\\\")\")\n"
        "eq(D(\"s:deck('d', 5, {visibility = 'owner'})\"),\n"
        "   \"s:deck('d'), argument #3: visibility \\\"owner\\\" needs an owner seat\")\n"
        "local g2 = games.open('tgame', {players = 2, decl = \"s:deck('d', 5, {owner = 2, visibility = 'face_up'})\"})\n"
        "eq(g2.state.d:visibility(), 'face up') eq(g2.state.d:owner(), 2) g2:close()\n");
}

static void test_dice(void **unused)
{
    (void)unused;
    run("dice",
        "local d = s.cup\n"
        "eq(tostring(d), 'Dice(cup: star star star star star)')\n"
        "eq(d:size(), 5) eq(L(d:symbols()), 'star shooting fairy snake tree')\n"
        "eq(L(d:values()), 'star star star star star') eq(d:count('star'), 5)\n"
        "d:set_value(1, 'snake') d:set_value(2, 4) d:set_value(3, 'tree')\n"
        "eq(L(d:values()), 'snake snake tree star star') eq(d:value(2), 'snake')\n"
        "eq(d:count('snake'), 2) eq(d:count(1), 2)\n"
        "d:set_aside(1) d:set_aside(3, true) d:set_aside(3, false)\n"
        "eq(d:is_aside(1), true) eq(d:is_aside(3), false) eq(L(d:aside()), '1') eq(L(d:free()), '2 3 4 5')\n"
        "eq(d:count('snake', 'aside'), 1) eq(d:count('snake', 'free'), 1) eq(d:count('snake', 'all'), 2)\n"
        "eq(tostring(d), 'Dice(cup: [snake] snake tree star star)')\n"
        /* roll_free keeps the die set aside; roll clears every flag */
        "for _ = 1, 20 do d:roll_free() eq(d:value(1), 'snake') eq(d:is_aside(1), true) end\n"
        "local h = s:hash() local sym = d:roll_one(1) eq(d:value(1), sym) eq(d:is_aside(1), true)\n"
        "assert(s:hash() ~= h, 'a roll draws from the state generator')\n"
        "d:roll() eq(select('#', d:aside()), 0)\n"
        /* errors */
        "eq(E(d, 'value', 7), \"dice 'cup':value, argument #1: no die 7 (1..5)\")\n"
        "eq(E(d, 'roll_one', 0), \"dice 'cup':roll_one, argument #1: no die 0 (1..5)\")\n"
        "eq(E(d, 'set_value', 1, 'moon'),\n"
        "   \"dice 'cup':set_value, argument #2: no symbol 'moon' (symbols: star, shooting, fairy, snake, tree)\")\n"
        "eq(E(d, 'set_value', 1, 6), \"dice 'cup':set_value, argument #2: no symbol 6 (symbols 1..5)\")\n"
        "eq(E(d, 'count', 'star', 'kept'),\n"
        "   \"dice 'cup':count, argument #2: count which dice? 'kept' (\\\"all\\\", \\\"aside\\\" or \\\"free\\\")\")\n"
        "eq(P(function() d:set_aside(1, 'yes') end), \"bad argument #2 to 'set_aside' (boolean expected, got string)\")\n"
        "eq(P(function() d:value('one') end), \"bad argument #1 to 'value' (number expected, got string)\")\n");
}

static void test_dice_declare(void **unused)
{
    (void)unused;
    run("dice_declare",
        "local function D(text) local ok, e = pcall(games.open, 'tgame', {players = 2, decl = text})\n"
        "  assert(not ok, 'no error') return (e:gsub('^setup: decl:%d+: ', '')) end\n"
        "eq(D(\"s:dice('d', 0, {'a'})\"), \"s:dice('d'), argument #2: 0 dice out of range (1..256)\")\n"
        "eq(D(\"s:dice('d', 2, {})\"), \"s:dice('d'), argument #3: a die has 1..64 faces, not 0\")\n"
        "eq(D(\"s:dice('d', 2, {'a', 3})\"), \"s:dice('d'), argument #3: face 2 is a number, not a name\")\n"
        "eq(D(\"s:dice('d', 2, 'a')\"), \"s:dice('d'), argument #3: faces expected as a list of names, got string\")\n"
        "local g2 = games.open('tgame', {players = 2, decl = \"s:dice('d', 3, {'x', 'y', 'x', 'z', 'y', 'x'})\"})\n"
        "local d = g2.state.d\n"
        "eq(L(d:symbols()), 'x y z') eq(L(d:values()), 'x x x')\n"
        "local seen = {} for _ = 1, 200 do d:roll() for _, v in ipairs{d:values()} do seen[v] = true end end\n"
        "assert(seen.x and seen.y and seen.z)\n"
        "g2:close()\n");
}

/* Every binding that takes a seat checks it in one place (bind_check_seat),
 * with the same words: a method's argument, a declaration's option, the
 * seats s:say names (setup narrates, so a bad seat there raises). */
static void test_seats(void **unused)
{
    (void)unused;
    run("seats",
        "local function D(text) local ok, e = pcall(games.open, 'tgame', {players = 2, decl = text})\n"
        "  assert(not ok, 'no error') return e end\n"
        "eq(E(s.hand, 'visible_to', -1), \"deck 'hand':visible_to, argument #1: no seat -1 (1..2, or 0 for an onlooker)\")\n"
        "eq(D(\"s:deck('d', 5, {owner = -1})\"),\n"
        "   \"setup: decl:2: s:deck('d'), argument #3: no seat -1 (1..2, or 0 for a shared zone)\")\n"
        "eq(D(\"s:say(3, 'psst')\"), \"setup: decl:2: s:say, argument #1: no seat 3 (1..2)\")\n"
        "eq(D(\"s:say({1, 0}, 'psst')\"), \"setup: decl:2: s:say, argument #1: no seat 0 (1..2)\")\n"
        "eq(D(\"s:say({except = {'x'}}, 'psst')\"), \"setup: decl:2: s:say, argument #1: x is not a seat (1..2)\")\n"
        "local g2 = games.open('tgame', {players = 2, decl = \"s:say({1, 2}, 'fine')\"}) g2:close()\n");
}

static void test_determinism(void **unused)
{
    (void)unused;
    run("determinism",
        "local function play(seed)\n"
        "  local g2 = games.open('tgame', {players = 2, seed = seed})\n"
        "  local p, d = g2.state.pile, g2.state.cup\n"
        "  for c = 0, 9 do p:push(c) end\n"
        "  p:shuffle()\n"
        "  local out = {L(p:cards())}\n"
        "  for _ = 1, 4 do d:roll() out[#out + 1] = L(d:values()) end\n"
        "  d:set_aside(2) d:roll_free() out[#out + 1] = L(d:values())\n"
        "  out[#out + 1] = d:roll_one(3)\n"
        "  out[#out + 1] = tostring(g2.state:hash())\n"
        "  g2:close()\n"
        "  return table.concat(out, '|')\n"
        "end\n"
        "eq(play(7), play(7)) eq(play(123), play(123))\n"
        "assert(play(7) ~= play(8), 'another seed, another game')\n"
        "local g2 = games.open('tgame', {players = 2, seed = 7})\n"
        "local p = g2.state.pile for c = 0, 9 do p:push(c) end p:shuffle()\n"
        "local cards = {p:cards()} table.sort(cards) eq(L(table.unpack(cards)), '0 1 2 3 4 5 6 7 8 9')\n"
        "g2:close()\n");
}

static void test_closed_game(void **unused)
{
    (void)unused;
    run("closed",
        "local g2 = games.open('tgame', {players = 2, seed = 1})\n"
        "local b, m, p, d = g2.state.board, g2.state.map, g2.state.pile, g2.state.cup\n"
        "g2:close()\n"
        "local function C(obj, m, ...) local ok, e = pcall(obj[m], obj, ...) assert(not ok) return e end\n"
        "eq(C(b, 'get', 1, 'tree'), 'attempt to use a Hex of a closed game')\n"
        "eq(C(m, 'add_node'), 'attempt to use a Graph of a closed game')\n"
        "eq(C(p, 'draw'), 'attempt to use a Deck of a closed game')\n"
        "eq(C(d, 'roll'), 'attempt to use a Dice of a closed game')\n"
        "eq(tostring(b), 'Hex(closed)') eq(tostring(m), 'Graph(closed)')\n"
        "eq(tostring(p), 'Deck(closed)') eq(tostring(d), 'Dice(closed)')\n"
        "local ok, e = pcall(function() return #p end)\n"
        "eq((e:gsub('^closed:%d+: ', '')), 'attempt to use a Deck of a closed game')\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hex),
        cmocka_unit_test(test_hex_declare),
        cmocka_unit_test(test_graph),
        cmocka_unit_test(test_deck),
        cmocka_unit_test(test_dice),
        cmocka_unit_test(test_dice_declare),
        cmocka_unit_test(test_seats),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_closed_game),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
