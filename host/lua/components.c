/*
 * components.c — every kind of component a rule script can declare, in one
 * table, as Lua's linit.c lists its standard libraries.
 *
 * A new component is three things:
 *   its core pair   host/core/NAME.c, NAME.h: the data in the state block,
 *                   plain C with status codes, `const comp_kind NAME_kind`;
 *   its binding     host/lua/lua_NAME.c: the methods, the declaration
 *                   s:NAME(...), and `const bind_kind lua_NAME`;
 *   one line here   X(NAME) below.
 * The Makefile builds every file of each folder; the State gets s:NAME,
 * the metatable is registered, and tests/host/test_annotations.c then asks
 * for its LuaLS annotations (types/) and tests/fixtures/scripts/allkinds for
 * one of it (docs/architecture.md).
 */
#include "bind.h"

#define COMPONENTS(X) \
    X(vars)           \
    X(pool)           \
    X(deck)           \
    X(dice)           \
    X(grid)           \
    X(hex)            \
    X(graph)

#define DECLARE(name) extern const bind_kind lua_##name;
COMPONENTS(DECLARE)

#define ENTRY(name) &lua_##name,
const bind_kind *const bind_kinds[] = { COMPONENTS(ENTRY) NULL };
