/*
 * game_checks.h — what several cmocka files ask of a game (include after
 * cmocka.h and game.h): its state's hash, failing the test when there is
 * none, and whether a move is legal now.
 */
#ifndef GROVE_TESTS_GAME_CHECKS_H
#define GROVE_TESTS_GAME_CHECKS_H

static inline uint64_t hash_of(game *g)
{
    uint64_t h = 0;
    assert_true(game_hash(g, &h));
    return h;
}

static inline bool is_legal(game *g, int64_t m)
{
    const int64_t *legal;
    int n = game_legal(g, &legal);
    for (int i = 0; i < n; i++)
        if (legal[i] == m) return true;
    return false;
}

#endif
