/* Immune stones, potential and the ownership estimate. */
#include "eval/ownership.h"

#include <math.h>

#include "rules/ring.h"
#include "rules/stable.h"
#include "rules/tactics.h"

Bitboard ownership_immune(const Position *pos, Color color)
{
    return stable_stones(pos->stones[color], pos->size);
}

Bitboard ownership_potential(const Position *pos, Color color)
{
    Bitboard own = pos->stones[color];
    Bitboard cuts = tactics_cut_points(pos, color);
    return bb_andnot(ring_enclosed_all(bb_or(own, cuts), pos->size), own);
}

/* The classic evaluation's estimate (see ownership.h). */
static void classic_estimate(const Position *pos, float owner[BB_POINTS])
{
    static const float sign[2] = {1.0f, -1.0f};
    for (Color c = COLOR_BLACK; c <= COLOR_WHITE; c++) {
        Bitboard immune = ownership_immune(pos, c);
        Bitboard potential = bb_andnot(ownership_potential(pos, c), pos->stones[color_other(c)]);
        FillMap fills;
        tactics_fill_points(pos, c, &fills);
        for (Bitboard b = pos->stones[c]; !bb_is_empty(b);) {
            int p = bb_pop(&b);
            owner[p] += sign[c] * (bb_test(immune, p) ? 1.0f : 0.75f);
        }
        for (Bitboard b = potential; !bb_is_empty(b);) {
            int p = bb_pop(&b);
            owner[p] += sign[c] * 0.5f;
        }
        for (Bitboard b = bb_or(fills.area, fills.points); !bb_is_empty(b);) {
            int p = bb_pop(&b);
            if (pos_at(pos, p) < 0)
                owner[p] += sign[c] * 0.25f;
        }
    }
    for (int p = 0; p < BB_POINTS; p++)
        owner[p] = owner[p] > 1.0f ? 1.0f : owner[p] < -1.0f ? -1.0f : owner[p];
}

bool ownership_estimate(const EvalModel *model, const Position *pos, float owner[BB_POINTS])
{
    for (int p = 0; p < BB_POINTS; p++)
        owner[p] = 0.0f;
    if (model) {
        Color me = pos_to_move(pos);
        FillMap mine, theirs;
        tactics_fill_points(pos, me, &mine);
        tactics_fill_points(pos, color_other(me), &theirs);
        eval_model_ownership(model, pos, &mine, &theirs, owner);
        /* weights trained without a point model say nothing per point */
        for (int p = 0; p < BB_POINTS; p++)
            if (fabsf(owner[p]) > 1e-6f)
                return true;
    }
    classic_estimate(pos, owner);
    return false;
}
