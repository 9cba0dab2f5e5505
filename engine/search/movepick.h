/* Move lists and move ordering for the search: which stones to try, and in
 * which order. */
#ifndef RIN_MOVEPICK_H
#define RIN_MOVEPICK_H

#include <stdint.h>

#include "rules/position.h"
#include "rules/tactics.h"
#include "search/params.h"

typedef struct MoveList {
    int count;
    int16_t moves[BB_POINTS];
    int32_t scores[BB_POINTS];
} MoveList;

/* Ordering classes, highest first. */
enum {
    ORDER_TT = 1 << 30,
    ORDER_FILL = 1 << 26,    /* + gain << 12: closes a ring now */
    ORDER_BLOCK = 1 << 25,   /* + gain << 12: takes the opponent's fill point */
    ORDER_THREAT = 1 << 24,  /* + gain << 12: first stone of a two-stone ring */
    ORDER_KILLER = 1 << 23,
    ORDER_QUIET_MAX = (1 << 23) - 1
};

static inline void movelist_add(MoveList *list, int move, int score)
{
    list->moves[list->count] = (int16_t)move;
    list->scores[list->count] = score;
    list->count++;
}

/* Moves the best-scored move of list[from..] to position `from` and returns it. */
static inline int movelist_pick(MoveList *list, int from)
{
    int best = from;
    for (int i = from + 1; i < list->count; i++)
        if (list->scores[i] > list->scores[best])
            best = i;
    int16_t m = list->moves[best];
    int32_t s = list->scores[best];
    list->moves[best] = list->moves[from];
    list->scores[best] = list->scores[from];
    list->moves[from] = m;
    list->scores[from] = s;
    return m;
}

/* The ordering score of a tactical stone (a fill, a block of the
 * opponent's fill, a threat), or 0 for a quiet one. */
static inline int movepick_tactical_score(const Tactics *t, int point)
{
    if (bb_test(t->mine.points, point))
        return ORDER_FILL + (t->mine.gain[point] << 12);
    if (bb_test(t->theirs.points, point))
        return ORDER_BLOCK + (t->theirs.gain[point] << 12);
    if (bb_test(t->threats, point))
        return ORDER_THREAT;
    return 0;
}

/* The static scores of a node's quiet stones (no fill, no block), worked
 * out for every point at once: contact with own and with the opponent's
 * stones (one to three or more of the eight neighbours), and the edge. */
typedef struct QuietScores {
    Bitboard own[3];   /* own[k]: points with more than k own neighbours */
    Bitboard their[3]; /* the same for the opponent's */
    Bitboard edge;
} QuietScores;

void movepick_quiet_prepare(const Position *pos, QuietScores *q);

/* The static score of a quiet stone at `point`, with the quiet_* weights
 * of `params`: small compared to the ordering classes. */
static inline int movepick_quiet_score(const SearchParams *params, const QuietScores *q, int point)
{
    int score = 0;
    if (bb_test(q->own[0], point))
        score += SEARCH_PARAM(params, quiet_own) +
                 SEARCH_PARAM(params, quiet_own_neighbour) * (1 + bb_test(q->own[1], point) + bb_test(q->own[2], point));
    if (bb_test(q->their[0], point))
        score += SEARCH_PARAM(params, quiet_their) + SEARCH_PARAM(params, quiet_their_neighbour) *
                                                         (1 + bb_test(q->their[1], point) + bb_test(q->their[2], point));
    if (bb_test(q->edge, point))
        score += SEARCH_PARAM(params, quiet_edge);
    return score;
}

#endif
