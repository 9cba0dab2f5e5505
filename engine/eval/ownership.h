/* Who owns what, point by point, as the evaluation sees it: the stones that
 * can never be captured, and an estimate of every point's final owner for
 * displays (GoGui's influence overlay). */
#ifndef RIN_OWNERSHIP_H
#define RIN_OWNERSHIP_H

#include <stdbool.h>

#include "eval/evalmodel.h"
#include "rules/position.h"

/* Stones of `color` joined to the edge through stones of `color`: immune,
 * never capturable. */
Bitboard ownership_immune(const Position *pos, Color color);

/* Points not of `color` inside its walls once every gap of them is filled:
 * the area the colour's walls claim (the evaluation's "potential"). */
Bitboard ownership_potential(const Position *pos, Color color);

/* Every point's expected final owner in [-1, 1], positive for Black (0 off
 * the board). With learned weights that hold a point model (`model` not
 * NULL), the point model's estimate; otherwise the classic evaluation's
 * terms: an immune stone is certain (1), another stone likely (0.75), an
 * empty point its colour's potential (0.5), whatever a colour's best
 * one-stone fill would fill that colour's (0.25 more). Returns true when
 * the estimate is the point model's. */
bool ownership_estimate(const EvalModel *model, const Position *pos, float owner[BB_POINTS]);

#endif
