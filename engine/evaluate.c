/* The search's view of the evaluation: the learned model, clamped so that
 * estimates stay below proven results. */
#include "evaluate.h"

#include "score.h"

int evaluate_with(const EvalModel *model, const Position *pos, const Tactics *tactics)
{
    int ring2 = tactics->threats_known ? tactics->best_threat : -1;
    return score_clamp_eval(eval_model_evaluate(model, pos, &tactics->mine, &tactics->theirs, ring2));
}

int evaluate(const EvalModel *model, const Position *pos)
{
    Tactics t;
    movepick_tactics(pos, false, &t);
    return evaluate_with(model, pos, &t);
}
