/* Judgement sets, estimators and figures (judge.h). */
#include "learn/judge.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/random.h"
#include "eval/evaluate.h"
#include "eval/ownership.h"
#include "rules/score.h"
#include "search/mcprior.h"

void judge_set_free(JudgeSet *set)
{
    free(set->games);
    free(set->positions);
    set->games = NULL;
    set->positions = NULL;
    set->game_count = set->position_count = 0;
}

static double stones_sign_credit(double estimate, int margin)
{
    if (margin == 0)
        return fabs(estimate) < 0.5 ? 1.0 : 0.0;
    if (estimate == 0.0)
        return 0.5;
    return (estimate > 0) == (margin > 0) ? 1.0 : 0.0;
}

void judge_figures(const JudgeSet *set, const JudgeEstimates *estimates, JudgeFigures *figures, double *swing)
{
    JudgeFigures f;
    memset(&f, 0, sizeof f);
    double sign = 0, squared = 0, brier = 0, swing_sum = 0;
    uint64_t owner_points = 0;
    for (int g = 0; g < set->game_count; g++) {
        const JudgeGame *game = &set->games[g];
        int margin = pos_score(&game->final);
        double fall = 0, best = -INFINITY;
        for (int i = game->first; i < game->first + game->count; i++) {
            double e = estimates->margin[i];
            sign += stones_sign_credit(e, margin);
            squared += (e - margin) * (e - margin);
            if (estimates->owner) {
                const Position *pos = &set->positions[i];
                Bitboard empty = pos_empty(pos);
                while (!bb_is_empty(empty)) {
                    int p = bb_pop(&empty);
                    double black = (estimates->owner[i][p] + 1.0) / 2.0;
                    double owned = bb_test(game->final.stones[COLOR_BLACK], p) ? 1.0 : 0.0;
                    brier += (black - owned) * (black - owned);
                    owner_points++;
                }
            }
            if (game->loser != JUDGE_LOSER_NONE) {
                double mine = game->loser == COLOR_BLACK ? e : -e;
                if (best - mine > fall)
                    fall = best - mine;
                if (mine > best)
                    best = mine;
            }
        }
        f.positions += game->count;
        if (game->loser != JUDGE_LOSER_NONE) {
            f.lost_games++;
            swing_sum += fall;
            if (fall > f.max_swing)
                f.max_swing = fall;
        }
        if (swing)
            swing[g] = fall;
    }
    if (f.positions) {
        f.sign_accuracy = sign / f.positions;
        f.margin_rms = sqrt(squared / f.positions);
    }
    f.owner_brier = owner_points ? brier / (double)owner_points : -1.0;
    f.mean_swing = f.lost_games ? swing_sum / f.lost_games : 0.0;
    *figures = f;
}

/* The search's Monte Carlo prior of pos, the same for the same position. */
static bool estimate_prior(const JudgeEstimator *e, const Position *pos, McPrior *prior)
{
    Rng rng;
    rng_seed(&rng, pos->hash);
    mcprior_compute(prior, e->params, pos, e->playouts, &rng, NULL, NULL);
    return prior->ready;
}

/* Black's expected final margin in stones, and the owners of the points
 * (+1 Black, -1 White) where the estimator has them. */
static double estimate_margin(JudgeEstimator *e, const Position *pos, float owner[BB_POINTS], bool *have_owner)
{
    int score;
    *have_owner = false;
    McPrior prior;
    if (e->playouts && estimate_prior(e, pos, &prior)) {
        score = mcprior_margin(&prior, pos);
        for (int p = 0; p < BB_POINTS; p++)
            owner[p] = (float)prior.value[2][p] / 100.0f;
        *have_owner = true;
    } else if (e->nodes) {
        search_clear(e->search);
        SearchLimits limits = {.nodes = e->nodes, .first_move = POINT_NONE};
        SearchInfo info;
        search_run(e->search, pos, &limits, NULL, NULL, &info);
        score = score_is_final(info.score) ? score_final_margin(info.score) * 100 : info.score;
    } else {
        NnueValue net = e->network ? nnue_value_full(e->network, pos) : (NnueValue){0, 0, 0.0};
        score = e->network    ? nnue_centistones(&net)
                : e->patterns ? ntuple_evaluate_full(e->patterns, pos)
                              : evaluate(e->eval, pos);
    }
    double stones = score / 100.0;
    return pos_to_move(pos) == COLOR_BLACK ? stones : -stones;
}

static void estimate_owner(const JudgeEstimator *e, const Position *pos, float owner[BB_POINTS])
{
    if (e->network) {
        nnue_owner(e->network, pos, owner);
        return;
    }
    if (!(e->patterns && ntuple_owner(e->patterns, pos, owner)))
        ownership_estimate(e->eval, pos, owner);
}

bool judge_estimate_set(JudgeEstimator *e, const JudgeSet *set, JudgeEstimates *out, JudgeProgressFn progress,
                        void *context)
{
    int n = set->position_count;
    out->margin = malloc((size_t)(n ? n : 1) * sizeof *out->margin);
    out->owner = malloc((size_t)(n ? n : 1) * sizeof *out->owner);
    if (!out->margin || !out->owner)
        return false;
    for (int i = 0; i < n; i++) {
        bool have_owner;
        out->margin[i] = estimate_margin(e, &set->positions[i], out->owner[i], &have_owner);
        if (!have_owner)
            estimate_owner(e, &set->positions[i], out->owner[i]);
        if (progress)
            progress(context, i + 1, n);
    }
    return true;
}

bool judge_estimator_start(JudgeEstimator *e)
{
    e->search = NULL;
    if (!e->nodes)
        return true;
    SearchConfig sc = {.threads = 1, .hash_mib = JUDGE_HASH_MIB, .seed = 0, .eval = e->eval, .patterns = e->patterns,
                       .network = e->network,
                       .params = e->params};
    e->search = search_create(&sc);
    return e->search != NULL;
}

void judge_estimator_end(JudgeEstimator *e)
{
    search_destroy(e->search);
    e->search = NULL;
}
