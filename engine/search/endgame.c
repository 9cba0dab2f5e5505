/* The endgame solver: negamax alpha-beta to the end of the game, where the
 * score's sign flips only when the side to move changes, with the shared
 * transposition table, fills tried first and a cut-off on the stones that
 * can no longer change colour (stable.h). */
#include "search/endgame.h"

#include "rules/score.h"
#include "rules/stable.h"
#include "rules/tactics.h"

enum {
    SOLVER_MAX_PLY = BB_POINTS + 1,
    SOLVER_POLL_MASK = 1023,      /* the stop callback is polled every 1024 nodes */
    SOLVER_ORDER_TT = 1 << 20,    /* ordering keys: the table's stone first, ... */
    SOLVER_ORDER_FILL = 1 << 16   /* ... then fills (plus their gain), then stones by own stones */
};

int endgame_final_score(const Position *pos)
{
    int margin = pos_score(pos);
    return score_final(pos_to_move(pos) == COLOR_BLACK ? margin : -margin);
}

/* Adds one to the solver's node counter and returns the new count. Only this
 * thread writes the counter, but other search threads read it (relaxed) to
 * check node limits while it runs, so the store must be atomic too: a plain
 * increment would be a data race. Relaxed order is enough because the count
 * publishes nothing else and readers need only some recent value; a load and
 * a store, not an atomic add, since there is a single writer. */
static uint64_t count_node(uint64_t *nodes)
{
    uint64_t n = *nodes + 1;
    __atomic_store_n(nodes, n, __ATOMIC_RELAXED);
    return n;
}

static int solve(Solver *s, const Position *pos, int alpha, int beta, int *pv, int *pv_length);

/* The stability cut-off (as Edax's): the side to move ends with at most
 * every point but the opponent's stable stones, and at least its own stable
 * stones. When even the first cannot reach alpha, or the second already
 * reaches beta, that bound is the (fail-soft) value. The stones counted
 * first are a bound for free: stable stones are among them, so the stable
 * ones are looked for only when the cheap bound allows a cut. */
static bool stability_cut(const Position *pos, int alpha, int beta, int *value)
{
    Color me = pos_to_move(pos), them = color_other(me);
    int points = pos->size * pos->size;
    if (score_final(points - 2 * pos_count(pos, them)) <= alpha) {
        int upper = score_final(points - 2 * bb_count(stable_stones(pos->stones[them], pos->size)));
        if (upper <= alpha) {
            *value = upper;
            return true;
        }
    }
    if (score_final(2 * pos_count(pos, me) - points) >= beta) {
        int lower = score_final(2 * bb_count(stable_stones(pos->stones[me], pos->size)) - points);
        if (lower >= beta) {
            *value = lower;
            return true;
        }
    }
    return false;
}

/* Score of `child` (after one stone from pos) from pos's point of view. */
static int child_value(Solver *s, const Position *pos, const Position *child, int alpha, int beta, int *pv,
                       int *pv_length)
{
    if (pos_to_move(child) == pos_to_move(pos))
        return solve(s, child, alpha, beta, pv, pv_length);
    return -solve(s, child, -beta, -alpha, pv, pv_length);
}

static int solve(Solver *s, const Position *pos, int alpha, int beta, int *pv, int *pv_length)
{
    if (pv_length)
        *pv_length = 0;
    if (s->stopped)
        return 0;
    uint64_t count = count_node(s->nodes);
    if ((s->node_limit && count >= s->node_limit) || ((count & SOLVER_POLL_MASK) == 0 && s->poll && s->poll(s->context))) {
        s->stopped = true;
        return 0;
    }
    if (pos_is_over(pos))
        return endgame_final_score(pos);

    /* not on the line that returns a PV: it needs a stone */
    int cut;
    if (!pv && stability_cut(pos, alpha, beta, &cut))
        return cut;

    int tt_move = -1;
    TTHit hit;
    if (s->tt && tt_probe(s->tt, pos->hash, &hit)) {
        tt_move = hit.move;
        if (hit.depth == ENDGAME_TT_DEPTH && !pv) {
            if (hit.bound == TT_BOUND_EXACT || (hit.bound == TT_BOUND_LOWER && hit.score >= beta) ||
                (hit.bound == TT_BOUND_UPPER && hit.score <= alpha))
                return hit.score;
        }
    }

    /* Order: table move, fills by gain, then stones next to own stones. */
    Color me = pos_to_move(pos);
    FillMap fills;
    tactics_fill_points(pos, me, &fills);
    Bitboard empty = pos_empty(pos);
    Bitboard near = bb_dilate8(pos->stones[me]);
    int moves[BB_POINTS], keys[BB_POINTS], n = 0;
    Bitboard b = empty;
    for (int p; (p = bb_next(&b)) != POINT_NONE;) {
        int key = p == tt_move                ? SOLVER_ORDER_TT
                  : bb_test(fills.points, p) ? SOLVER_ORDER_FILL + fills.gain[p]
                                             : bb_test(near, p);
        int i = n++;
        while (i > 0 && keys[i - 1] < key) {
            moves[i] = moves[i - 1];
            keys[i] = keys[i - 1];
            i--;
        }
        moves[i] = p;
        keys[i] = key;
    }

    int original_alpha = alpha;
    int best = -SCORE_INF, best_move = -1;
    int child_pv[SOLVER_MAX_PLY], child_len = 0;
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        pos_play(&child, moves[i]);
        int score;
        if (i == 0) {
            score = child_value(s, pos, &child, alpha, beta, pv ? child_pv : NULL, &child_len);
        } else {
            score = child_value(s, pos, &child, alpha, alpha + 1, NULL, NULL);
            if (score > alpha && score < beta)
                score = child_value(s, pos, &child, alpha, beta, pv ? child_pv : NULL, &child_len);
            else
                child_len = 0;
        }
        if (s->stopped)
            return 0;
        if (score > best) {
            best = score;
            best_move = moves[i];
            if (pv) {
                pv[0] = moves[i];
                for (int k = 0; k < child_len; k++)
                    pv[k + 1] = child_pv[k];
                *pv_length = child_len + 1;
            }
            if (score > alpha)
                alpha = score;
            if (alpha >= beta)
                break;
        }
    }
    if (s->tt) {
        int bound = best >= beta ? TT_BOUND_LOWER : best > original_alpha ? TT_BOUND_EXACT : TT_BOUND_UPPER;
        tt_store(s->tt, pos->hash, best_move, best, 0, ENDGAME_TT_DEPTH, bound);
    }
    return best;
}

int endgame_solve(Solver *solver, const Position *pos, int alpha, int beta, int *pv, int *pv_length)
{
    solver->stopped = false;
    int length = 0;
    int score = solve(solver, pos, alpha, beta, pv, pv ? &length : NULL);
    if (pv_length)
        *pv_length = length;
    return score;
}

EndgameResult endgame_solve_result(Solver *solver, const Position *pos, int *bound, int *pv, int *pv_length)
{
    int score = endgame_solve(solver, pos, -1, 1, pv, pv_length);
    *bound = score;
    return score > 0 ? ENDGAME_WIN : score < 0 ? ENDGAME_LOSS : ENDGAME_DRAW;
}
