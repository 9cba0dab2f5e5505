/* Static evaluation: an estimate of the final stone difference, in
 * centistones, from the point of view of the side to move: the hand-set
 * evaluation, or a learned model (evalmodel.h) when one is given. */
#ifndef RIN_EVALUATE_H
#define RIN_EVALUATE_H

#include "eval/evalmodel.h"
#include "rules/position.h"
#include "rules/tactics.h"
#include "search/mcprior.h"

/* The evaluation from the side to move's point of view, given the node's
 * tactical analysis (tactics_analyze); clamped to the estimate range.
 * model NULL: the hand-set evaluation. */
int evaluate_with(const EvalModel *model, const Position *pos, const Tactics *tactics);

/* The same, analysing the node itself. */
int evaluate(const EvalModel *model, const Position *pos);

/* evaluate_with, plus a share of how the point values of the root's Monte
 * Carlo prior changed from the root to pos (stones placed, points filled
 * and taken): what random games say the stones of the tree are worth
 * beyond themselves. Just evaluate_with when the prior is not ready. */
int evaluate_with_prior(const EvalModel *model, const McPrior *prior, const Position *pos, const Tactics *tactics);

#endif
