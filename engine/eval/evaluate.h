/* Static evaluation: an estimate of the final stone difference, in
 * centistones, from the point of view of the side to move: a learned model
 * (evalmodel.h) when one is given, or else the classic evaluation. */
#ifndef RIN_EVALUATE_H
#define RIN_EVALUATE_H

#include "eval/evalmodel.h"
#include "rules/position.h"
#include "rules/tactics.h"

/* The evaluation from the side to move's point of view, given the node's
 * tactical analysis (tactics_analyze); clamped to the estimate range.
 * model NULL: the classic evaluation. */
int evaluate_with(const EvalModel *model, const Position *pos, const Tactics *tactics);

/* The same, analysing the node itself. */
int evaluate(const EvalModel *model, const Position *pos);

#endif
