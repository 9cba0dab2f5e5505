/* The search's evaluation, in centistones for the side to move: the
 * learned model of evalmodel.h when the search has one (the engine's
 * default, the weights built into rin), or else the classic evaluation,
 * whose weights are set by hand here. Both weigh the same whole-board
 * features (feature.h). Clamped so that estimates stay below proven
 * results. */
#include "eval/evaluate.h"

#include "rules/score.h"

/* The classic evaluation's weights, in centistones, for one and for two stones left in
 * the turn; they were set by matches (see the history of this file). The
 * two-stone ring counts only where the node looked for one. */
static const float classic_weights[2][FEAT_GLOBALS] = {
    {[FEAT_G_STONES] = 100, [FEAT_G_POTENTIAL] = 20, [FEAT_G_FILL_OWN] = 40, [FEAT_G_FILL_THEIRS] = -70,
     [FEAT_G_RING2_OWN] = 30, [FEAT_G_BIAS] = 60},
    {[FEAT_G_STONES] = 100, [FEAT_G_POTENTIAL] = 20, [FEAT_G_FILL_OWN] = 40, [FEAT_G_FILL_THEIRS] = -70,
     [FEAT_G_RING2_OWN] = 30, [FEAT_G_BIAS] = 120},
};

static int classic(const Position *pos, const Tactics *tactics)
{
    float g[FEAT_GLOBALS];
    int ring2 = tactics->threats_known ? tactics->best_threat : 0;
    feature_global(pos, &tactics->mine, &tactics->theirs, ring2,
                   FEAT_BIT(FEAT_G_POTENTIAL) | FEAT_BIT(FEAT_G_RING2_OWN), g);
    const float *w = classic_weights[pos_stones_left(pos) - 1];
    float v = 0.0f;
    for (int j = 0; j < FEAT_GLOBALS; j++)
        v += w[j] * g[j];
    return (int)v; /* whole numbers times whole weights: exact */
}

int evaluate_with(const EvalModel *model, const Position *pos, const Tactics *tactics)
{
    if (!model)
        return score_clamp_eval(classic(pos, tactics));
    int ring2 = tactics->threats_known ? tactics->best_threat : -1;
    return score_clamp_eval(eval_model_evaluate(model, pos, &tactics->mine, &tactics->theirs, ring2));
}

int evaluate(const EvalModel *model, const Position *pos)
{
    Tactics t;
    tactics_analyze(pos, false, &t);
    return evaluate_with(model, pos, &t);
}
