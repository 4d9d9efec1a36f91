/*
 * save.c — fuzz target: save files (game_load_text in host/save.c, which
 * replays the moves and reads the state dump with state_undump).
 *
 * Input: the first byte says how to treat the rest, the text of a file:
 *   bit 0 clear: make its checksum right (cut it at the first
 *                "\nchecksum " line and append the right one), so the
 *                fuzzer gets past the checksum to what follows it;
 *         set:   load the bytes as they are;
 *   bits 1-3:    k = 1..5: name game k (logger, onceupon, flooded,
 *                squirrel, starfall) on the first "game " line, so one
 *                file's moves and state are tried on every game.
 *
 * What must hold (else fuzz_fail aborts): the file either loads, or is
 * refused with a message; a game it loads saves again to a text that
 * loads to the same state and saves to the very same text; the Lua stack
 * is as it was.
 */
#include <inttypes.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

/* text with the value of its first "game " line replaced by name (a new
 * string; text is freed). */
static char *rename_game(char *text, const char *name)
{
    char *line = !strncmp(text, "game ", 5) ? text : strstr(text, "\ngame ");
    if (!line) return text;
    if (line != text) line++;
    char *value = line + 5, *end = strchr(value, '\n');
    if (!end) end = value + strlen(value);
    size_t head = (size_t)(value - text), tail = strlen(end), n = strlen(name);
    char *out = malloc(head + n + tail + 1);
    if (!out) fuzz_fail("out of memory");
    memcpy(out, text, head);
    memcpy(out + head, name, n);
    memcpy(out + head + n, end, tail + 1);
    free(text);
    return out;
}

/* text cut at its first checksum line, with the right checksum appended
 * (a new string; text is freed). */
static char *fix_checksum(char *text)
{
    char *cs = strstr(text, "\nchecksum ");
    size_t len = cs ? (size_t)(cs - text) + 1 : strlen(text);
    bool newline = len == 0 || text[len - 1] == '\n';
    char *out = malloc(len + 2 + 32);
    if (!out) fuzz_fail("out of memory");
    memcpy(out, text, len);
    if (!newline) out[len++] = '\n';
    snprintf(out + len, 32, "checksum %016" PRIx64 "\n", fuzz_fnv(out, len));
    free(text);
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    grove_vm *vm = fuzz_vm();
    lua_State *L = vm->L;
    int top = lua_gettop(L);
    char *text = fuzz_text(data + 1, size - 1);
    int k = (data[0] >> 1) & 7;
    if (k >= 1 && k <= FUZZ_NGAMES) text = rename_game(text, fuzz_game_names[k - 1]);
    if (!(data[0] & 1)) text = fix_checksum(text);

    char err[GAME_ERRLEN] = "";
    game *g = game_load_text(vm, text, err, sizeof err);
    if (lua_gettop(L) != top) fuzz_fail("loading left %d values on the Lua stack", lua_gettop(L) - top);
    if (!g) {
        if (!err[0]) fuzz_fail("a save file was refused without a message");
        free(text);
        return 0;
    }
    /* what loads saves again, and that loads to the same state */
    char *again = game_save_text(g);
    if (!again) fuzz_fail("saving a loaded game: out of memory");
    game *g2 = game_load_text(vm, again, err, sizeof err);
    if (!g2) fuzz_fail("a loaded game, saved again, does not load: %s\n--- loaded\n%s--- saved\n%s", err, text, again);
    uint64_t h1, h2;
    if (!game_hash(g, &h1) || !game_hash(g2, &h2)) fuzz_fail("game_hash failed");
    if (h1 != h2 || game_position(g) != game_position(g2))
        fuzz_fail("a loaded game, saved and loaded again, is in another state\n--- saved\n%s", again);
    char *third = game_save_text(g2);
    if (!third) fuzz_fail("saving: out of memory");
    if (strcmp(third, again) != 0) fuzz_fail("save, load, save gives another text\n--- first\n%s--- second\n%s", again, third);
    if (lua_gettop(L) != top) fuzz_fail("saving left %d values on the Lua stack", lua_gettop(L) - top);
    free(third);
    free(again);
    game_close(g2);
    game_close(g);
    free(text);
    return 0;
}
