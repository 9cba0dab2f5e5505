/* Tactical analysis of a node and static scores for quiet stones. */
#include "movepick.h"

void movepick_tactics(const Position *pos, bool with_threats, Tactics *t)
{
    Color me = pos_to_move(pos);
    tactics_fill_points(pos, me, &t->mine);
    tactics_fill_points(pos, color_other(me), &t->theirs);
    t->best_threat = 0;
    t->threats_known = with_threats;
    t->threats = with_threats ? tactics_threat_points(pos, me, &t->mine, &t->best_threat) : bb_zero();
}

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
