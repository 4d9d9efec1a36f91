/*
 * lua_state.h — the State object rule scripts receive: component handles as
 * fields (s.board, s.vars), declarations in setup (s:grid ... one per
 * component kind), the state's facts (s.players, s:hash()), and the Lua
 * mirrors of its vars.
 *
 * Vars are read and written many times per move, so they live in plain Lua
 * tables (the mirrors, lua_vars.c), not in the block: the block is brought
 * in line at fixed points, and code that reads the block between them sees
 * stale vars. lua_state_call does this around every hook of the checked
 * path; anything else that reads the block flushes first.
 */
#ifndef GROVE_LUA_STATE_H
#define GROVE_LUA_STATE_H

#include <lua.h>
#include <stdbool.h>
#include <stddef.h>

#include "bind.h"

struct grove_vm;

/* Narration: while vm->narrating, s:say appends to lstate.said (when the
 * engine set it) one
 * line per line of text, "SEATS\tTEXT\n", SEATS the seats who may read
 * it as a hexadecimal bit set: bit n for seat n, bit 0 for onlookers,
 * SAY_EVERYONE for everybody. A move says at most SAY_MAX_BYTES; the rest
 * is cut, with a line saying so. While nobody listens (playouts, bot
 * searches) s.narrating is false and s:say returns at once. */
#define SAY_EVERYONE 0xffffffffu
#define SAY_MAX_SEAT 30
#define SAY_MAX_BYTES 65536

/* Listen to what the State at sidx (whose lstate is ls) says, into said,
 * or stop listening (said NULL): sets ls->said, counts vm->narrating and
 * sets the State's field `narrating`, which scripts test before narration
 * that costs work to build. */
void lua_state_narrate(lua_State *L, int sidx, lstate *ls, textbuf *said);

/* Push a new State object on st (not owned: the game owns st). */
lstate *lua_state_push(lua_State *L, gstate *st);

/* Register the State methods (once per Lua state). */
void lua_state_register(lua_State *L);

/* The checked path's transaction around one hook, in one step beside the
 * VM: call the function on the stack below its nargs arguments, the first
 * of which is ls's State table, as the hook `what`:
 *   - flush the vars mirrors into the block and snapshot the block into
 *     `before` (ls->st->size bytes, the caller's: a history keeps it);
 *   - run the hook under the budget (vm_call), math.random drawing from
 *     the state's generator and, if `said` is not NULL, s:say writing into
 *     it (emptied first; lua_state_narrate);
 *   - flush again: a var the hook left holding a non-integer fails it,
 *     naming the line where the hook is defined;
 *   - on any failure, restore the block from `before` and the mirrors
 *     from the block, and empty `said`.
 * True with nres results pushed; false with nothing pushed and the
 * message in err: "WHAT: file:line: ..." for the hook's own error, or the
 * flush's alone when the vars were bad before it ran. */
bool lua_state_call(struct grove_vm *vm, lstate *ls, int nargs, int nres, const char *what, void *before,
                    textbuf *said, char *err, size_t errlen);

/* Flush: copy the vars mirrors of the State table at sidx into the block;
 * false, with a message in err, when a var holds something other than an
 * integer. Refresh: copy the
 * block into the mirrors, after a restore, an undo or a load. */
bool lua_vars_flush(lua_State *L, int sidx, gstate *st, char *err, size_t errlen);
void lua_vars_refresh(lua_State *L, int sidx, gstate *st);

#endif
