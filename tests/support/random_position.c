/* Random play-outs for the tests. */
#include "random_position.h"

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
