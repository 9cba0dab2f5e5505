/* Random play-outs for the tests. */
#include "random_position.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "rules/playout.h"

Position support_random_plies(Rng *rng, int size, int plies)
{
    Position pos;
    pos_init(&pos, size);
    for (int i = 0; i < plies && !pos_is_over(&pos); i++)
        pos_play(&pos, playout_random_point(&pos, rng));
    return pos;
}

Position support_random_position(Rng *rng, int size, int empties)
{
    for (;;) {
        Position pos;
        pos_init(&pos, size);
        while (!pos_is_over(&pos) && pos_empty_count(&pos) > empties)
            pos_play(&pos, playout_random_point(&pos, rng));
        if (!pos_is_over(&pos))
            return pos;
    }
}

void support_random_game(uint64_t seed, Position *final, Position positions[3])
{
    Rng rng;
    rng_seed(&rng, seed);
    Rng again = rng;
    *final = support_random_plies(&rng, 6, 1000);
    assert_true(pos_is_over(final));
    for (int i = 0; i < 3; i++) {
        Rng r = again;
        positions[i] = support_random_plies(&r, 6, 10 + 4 * i);
    }
}
