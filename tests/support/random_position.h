/* Positions played out at random, for the tests that need many of them. */
#ifndef RIN_TEST_RANDOM_POSITION_H
#define RIN_TEST_RANDOM_POSITION_H

#include "rules/position.h"
#include "base/random.h"

/* The size x size position after up to `plies` stones played at random
 * (fewer when the board fills first). */
Position support_random_plies(Rng *rng, int size, int plies);

/* A size x size game played at random until at most `empties` points are
 * empty, and not over: played again until one is left unfinished. */
Position support_random_position(Rng *rng, int size, int empties);

/* A random 6x6 game from `seed` to the end (*final), with the positions
 * after 10, 14 and 18 stones. */
void support_random_game(uint64_t seed, Position *final, Position positions[3]);

#endif
