/* Judgement: how well an estimator sees, from the middle game, the final
 * margin and the final owner of every point of games whose ends are known
 * (rin judge, engine/STRENGTH.md "Judgement"): the sets of positions with
 * their games' final boards, the estimators (the static evaluation, a
 * search of a few nodes, the search's Monte Carlo prior) and the figures
 * that score them. The sets are read and written by formats/judge_set.h. */
#ifndef RIN_LEARN_JUDGE_H
#define RIN_LEARN_JUDGE_H

#include <stdbool.h>
#include <stdint.h>

#include "eval/evalmodel.h"
#include "eval/nnue.h"
#include "eval/ntuple.h"
#include "rules/position.h"
#include "search/params.h"
#include "search/search.h"

enum { JUDGE_NAME_MAX = 64, JUDGE_LOSER_NONE = -1, JUDGE_HASH_MIB = 16 };

typedef struct JudgeGame {
    char name[JUDGE_NAME_MAX];
    Position final; /* the full board */
    int loser;      /* COLOR_BLACK, COLOR_WHITE or JUDGE_LOSER_NONE */
    int first;      /* index of its first position in JudgeSet.positions */
    int count;      /* its positions */
} JudgeGame;

typedef struct JudgeSet {
    JudgeGame *games;
    int game_count;
    Position *positions; /* in game order */
    int position_count;
} JudgeSet;

void judge_set_free(JudgeSet *set);

/* What one estimator said of each position of a set, Black's point of view. */
typedef struct JudgeEstimates {
    double *margin;    /* expected final margin in stones, per position */
    float (*owner)[BB_POINTS]; /* expected final owner in [-1, 1] per point, or NULL */
} JudgeEstimates;

/* The figures of one set (engine/STRENGTH.md, "Judgement"). */
typedef struct JudgeFigures {
    int positions;
    double sign_accuracy; /* share of positions whose estimate has the final margin's sign; in a drawn
                           * game one counts when |estimate| < 0.5, and an estimate of 0 in a decided
                           * game counts half */
    double margin_rms;    /* stones */
    double owner_brier;   /* mean over empty points of (P(Black owns) - owned)^2; negative when no owner estimate */
    int lost_games;       /* games with a loser */
    double mean_swing;    /* over them: the largest fall of the estimate, loser's side, stones */
    double max_swing;
} JudgeFigures;

/* The figures of `estimates` on `set`; swing[g] (may be NULL) receives each
 * game's swing (0 for games without a loser). */
void judge_figures(const JudgeSet *set, const JudgeEstimates *estimates, JudgeFigures *figures, double *swing);

/* An estimator: by the Monte Carlo prior of `playouts` random games when
 * not 0, else by a search of `nodes` nodes when not 0, else by the static
 * evaluation (the network's when there is one, else the pattern model's
 * when there is one); the owners by the prior, else by the network's owner
 * head, else by the pattern model's, else by the evaluation's ownership
 * estimate. */
typedef struct JudgeEstimator {
    const EvalModel *eval;
    const NtupleModel *patterns;
    const NnueModel *network;
    uint64_t nodes;
    int playouts;
    const SearchParams *params;
    Search *search; /* for nodes: made by judge_estimator_start */
} JudgeEstimator;

/* Makes the search a search estimator needs; false when out of memory. */
bool judge_estimator_start(JudgeEstimator *estimator);
void judge_estimator_end(JudgeEstimator *estimator);

/* Called after each position estimated, with how many are done. */
typedef void (*JudgeProgressFn)(void *context, int done, int total);

/* Estimates every position of set into *out (its arrays malloc'd: free
 * them); false when out of memory. */
bool judge_estimate_set(JudgeEstimator *estimator, const JudgeSet *set, JudgeEstimates *out,
                        JudgeProgressFn progress, void *context);

#endif
