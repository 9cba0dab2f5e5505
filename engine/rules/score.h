/* Scores: centistones (100 = one stone of difference) from the point of
 * view of the side to move. A finished game has an exact score that ranks
 * above every estimate: SCORE_FINAL plus the final stone difference. */
#ifndef RIN_SCORE_H
#define RIN_SCORE_H

#include <stdbool.h>
#include <stdlib.h>

enum {
    SCORE_INF = 32000,
    SCORE_FINAL = 20000,    /* a won game scores SCORE_FINAL + margin */
    SCORE_EVAL_MAX = 19000, /* estimates are clamped to +-SCORE_EVAL_MAX */
    SCORE_NONE = -32001     /* "no score" in tables */
};

/* The exact score of a finished game won (margin > 0), lost (< 0) or drawn
 * (0) by `margin` stones. */
static inline int score_final(int margin)
{
    return margin > 0 ? SCORE_FINAL + margin : margin < 0 ? -SCORE_FINAL + margin : 0;
}

/* Whether a score is a proven result (a draw proven exactly is reported by
 * the search separately: 0 is also an ordinary estimate). */
static inline bool score_is_final(int score) { return abs(score) > SCORE_EVAL_MAX; }

/* Whether a search's score is proven: a final score, or 0 from a search
 * that reached the end of the game (a proven draw, which only `exact` tells
 * apart from an estimate of 0). */
static inline bool score_is_proven(int score, bool exact) { return score_is_final(score) || (exact && score == 0); }

/* The stone margin of a final score: the inverse of score_final, 0 for a
 * draw. */
static inline int score_final_margin(int score)
{
    return score > 0 ? score - SCORE_FINAL : score < 0 ? score + SCORE_FINAL : 0;
}

static inline int score_clamp_eval(int v)
{
    return v > SCORE_EVAL_MAX ? SCORE_EVAL_MAX : v < -SCORE_EVAL_MAX ? -SCORE_EVAL_MAX : v;
}

#endif
