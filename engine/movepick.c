/* Static scores for quiet stones. */
#include "movepick.h"

int movepick_quiet_score(const Position *pos, int point)
{
    Color me = pos_to_move(pos);
    Bitboard around = bb_dilate8(bb_point(point));
    int own = bb_count(bb_and(around, pos->stones[me]));
    int their = bb_count(bb_and(around, pos->stones[color_other(me)]));
    int score = 0;
    if (own)
        score += 300 + 40 * (own > 3 ? 3 : own);
    if (their)
        score += 200 + 40 * (their > 3 ? 3 : their);
    if (bb_test(bb_edge(pos->size), point))
        score += 50;
    return score;
}
