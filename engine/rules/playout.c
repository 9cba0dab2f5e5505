/* Random playouts. */
#include "rules/playout.h"

int playout_random_point(const Position *pos, Rng *rng)
{
    Bitboard empty = pos_empty(pos);
    int n = bb_count(empty);
    if (n == 0)
        return POINT_NONE;
    return bb_select(empty, (int)rng_below(rng, (uint32_t)n));
}

int playout_random(Position *pos, Rng *rng)
{
    int plies = 0;
    Bitboard empty = pos_empty(pos);
    int n = bb_count(empty);
    while (n > 0) {
        int point = bb_select(empty, (int)rng_below(rng, (uint32_t)n));
        plies++;
        if (pos_play(pos, point)) {
            empty = pos_empty(pos);
            n = bb_count(empty);
        } else {
            bb_clear(&empty, point);
            n--;
        }
    }
    return plies;
}

void playout_ownership(const Position *pos, int playouts, Rng *rng, uint32_t black[BB_POINTS])
{
    for (int p = 0; p < BB_POINTS; p++)
        black[p] = 0;
    for (int i = 0; i < playouts; i++) {
        Position end = *pos;
        playout_random(&end, rng);
        Bitboard b = end.stones[COLOR_BLACK];
        for (int p; (p = bb_next(&b)) != POINT_NONE;)
            black[p]++;
    }
}

/* The loop of playout_random again rather than one loop for both: that one
 * is the speed benchmark and the playouts of mcts, and stays as it is. */
int playout_random_placed(Position *pos, Rng *rng, Bitboard placed[2])
{
    int plies = 0;
    Bitboard empty = pos_empty(pos);
    int n = bb_count(empty);
    while (n > 0) {
        int point = bb_select(empty, (int)rng_below(rng, (uint32_t)n));
        plies++;
        bb_set(&placed[pos_to_move(pos)], point);
        if (pos_play(pos, point)) {
            empty = pos_empty(pos);
            n = bb_count(empty);
        } else {
            bb_clear(&empty, point);
            n--;
        }
    }
    return plies;
}

void playout_run(int size, uint64_t games, uint64_t seed, PlayoutStats *stats)
{
    Rng rng;
    rng_seed(&rng, seed);
    PlayoutStats s = {0, 0, 0, 0, 0};
    Position start;
    pos_init(&start, size);
    for (uint64_t g = 0; g < games; g++) {
        Position pos = start;
        s.plies += (uint64_t)playout_random(&pos, &rng);
        int score = pos_score(&pos);
        if (score > 0)
            s.black_wins++;
        else if (score < 0)
            s.white_wins++;
        else
            s.draws++;
        s.games++;
    }
    *stats = s;
}
