/* rin judge: scores an evaluation on held-out positions whose games'
 * outcomes are known (formats/judge_set.h), and builds such sets from
 * self-play files and SGF records. */
#ifndef RIN_JUDGE_COMMAND_H
#define RIN_JUDGE_COMMAND_H

#include <stdbool.h>

#include "formats/judge_set.h"

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

/* rin judge ARGS (argv without "rin judge"); returns the exit status. */
int judge_command(int argc, char **argv);

#endif
