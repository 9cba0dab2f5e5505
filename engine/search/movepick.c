/* Static scores for quiet stones, for all points at once. */
#include "search/movepick.h"

/* Counts, up to three, the stones of `stones` around every point: the eight
 * shifted copies of the board are added into saturating bit planes. */
static void count_neighbours(Bitboard stones, Bitboard planes[3])
{
    Bitboard shifted[8] = {bb_north(stones), bb_south(stones), bb_east(stones), bb_west(stones),
                           bb_east(bb_north(stones)), bb_west(bb_north(stones)), bb_east(bb_south(stones)),
                           bb_west(bb_south(stones))};
    Bitboard one = bb_zero(), two = bb_zero(), three = bb_zero();
    for (int i = 0; i < 8; i++) {
        three = bb_or(three, bb_and(two, shifted[i]));
        two = bb_or(two, bb_and(one, shifted[i]));
        one = bb_or(one, shifted[i]);
    }
    planes[0] = one;
    planes[1] = two;
    planes[2] = three;
}

void movepick_quiet_prepare(const Position *pos, QuietScores *q)
{
    Color me = pos_to_move(pos);
    count_neighbours(pos->stones[me], q->own);
    count_neighbours(pos->stones[color_other(me)], q->their);
    q->edge = bb_edge(pos->size);
}
