/*
 * fuzz.h — what the fuzz harnesses in tests/fuzz/ share.
 *
 * Each harness (moves.c, repl.c, save.c, records.c, merge.c, serve.c,
 * match.c, picture.c) defines LLVMFuzzerTestOneInput. Built with clang
 * -fsanitize=fuzzer it is a libFuzzer target (tests/fuzz/run.sh); built
 * with FUZZ_STANDALONE and standalone.c it is a plain program that runs
 * every file it is given once (tests/fuzz/replay.sh, from make check).
 *
 * A harness finds a bug by crashing: a sanitizer report, or fuzz_fail()
 * (a message on stderr, then abort()) when a property that must hold did
 * not, e.g. a refused move changed the state.
 */
#ifndef GROVE_FUZZ_H
#define GROVE_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "vm.h"

/* The limits every harness's VM runs under: small enough that an endless
 * loop or a memory bomb costs milliseconds, large enough for every game's
 * setup (test_badinput.c uses the same figures). */
#define FUZZ_BUDGET     2000000L          /* instructions per script call */
#define FUZZ_MEMORY     ((size_t)64 << 20) /* bytes of Lua heap */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Print "fuzz: <message>" on stderr and abort(): the input broke a
 * property that must hold. */
_Noreturn void fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A new VM on the data folder (GROVE_DATA, or the folder above the
 * binary's: the harnesses live in a build folder), with the fuzzing limits
 * and, in a libFuzzer build, rule-script lines fed to libFuzzer as
 * coverage. Aborts if there is no data folder: the harness cannot do
 * anything without the games. */
grove_vm *fuzz_new_vm(void);

/* Apply the fuzzing limits and the line coverage to a VM made elsewhere
 * (the REPL makes its own). */
void fuzz_setup_vm(grove_vm *vm);

/* One VM for the whole process, made on first use, freed at exit: the
 * definitions it caches make a game's open cost a setup, not a load.
 * FUZZ_FRESH_VM=1 in the environment makes a new one per call instead
 * (after fuzz_release_vm), to tell whether a failure needs earlier inputs. */
grove_vm *fuzz_vm(void);
void fuzz_release_vm(void);

/* The five games and how one byte picks a game to play:
 *   game    = b % 5                 (logger, onceupon, flooded, squirrel, starfall)
 *   r       = b / 5
 *   players = min + r % (max - min + 1)
 *   q       = r / (max - min + 1)
 *   variants: bit 0 of q the game's first variant, bit 1 its second
 *   seed    = 1 + q / 4
 * The player range and variants come from each game's definition. When
 * the variants chosen take other player counts (a solo variant), players
 * = their min + r % (their max - min + 1); two variants that share no
 * count give the first alone. So every byte opens a game. */
#define FUZZ_NGAMES 5
extern const char *const fuzz_game_names[FUZZ_NGAMES];

typedef struct {
    const char *name;
    int players;
    char variants[GAME_MAX_VARIANTS];
    uint64_t seed;
} fuzz_setup;

void fuzz_pick(grove_vm *vm, uint8_t b, fuzz_setup *out);

/* Open the game `su` names; aborts if it will not open (every pick is a
 * valid setup, so a refusal is a bug). */
game *fuzz_open(grove_vm *vm, const fuzz_setup *su);

/* A NUL-terminated copy of data (caller frees); NUL bytes inside stay, so
 * C string functions see the text up to the first of them. */
char *fuzz_text(const uint8_t *data, size_t size);

/* A private folder for this process (made on first use, emptied and
 * removed at exit). */
const char *fuzz_tmpdir(void);

/* Remove every file in fuzz_tmpdir() (not the folder itself). */
void fuzz_clean_tmpdir(void);

/* FNV-1a of n bytes: the save file checksum (host/save.c). */
uint64_t fuzz_fnv(const char *p, size_t n);

#endif
