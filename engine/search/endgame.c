/* The endgame solver: negamax alpha-beta to the end of the game, where the
 * score's sign flips only when the side to move changes, with the shared
 * transposition table (mirror images merged when asked), fills tried first
 * (or the search's richer ordering) and a cut-off on the stones that can no
 * longer change colour (stable.h). */
#include "search/endgame.h"

#include "rules/score.h"
#include "rules/stable.h"
#include "rules/tactics.h"
#include "search/movepick.h"

enum {
    SOLVER_MAX_PLY = BB_POINTS + 1,
    SOLVER_POLL_MASK = 1023,      /* the stop callback is polled every 1024 nodes */
    SOLVER_ORDER_TT = 1 << 20,    /* ordering keys: the table's stone first, ... */
    SOLVER_ORDER_FILL = 1 << 16,  /* ... then fills (plus their gain), then stones by own stones */
    SOLVER_ORDER_CENTRE = 100,    /* richer ordering: per ring of points between a quiet stone and the edge */
    /* children made (and their table buckets prefetched) ahead of the one
     * searched: one more with the first, SOLVER_AHEAD more after it */
    SOLVER_AHEAD = 3,
    SOLVER_AHEAD_SLOTS = SOLVER_AHEAD + 1
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

static int solve(Solver *s, const Position *pos, const SymmetryHashes *hashes, int alpha, int beta, int *pv,
                 int *pv_length);

void endgame_ordering_clear(SolverOrdering *ordering)
{
    *ordering = (SolverOrdering){.min_empties = ordering->min_empties};
    for (int e = 0; e <= BB_POINTS; e++)
        ordering->killers[e][0] = ordering->killers[e][1] = -1;
}

/* Inserts (move, key) into the list sorted by key, highest first. */
static void insert_sorted(int *moves, int *keys, int *n, int move, int key)
{
    int i = (*n)++;
    while (i > 0 && keys[i - 1] < key) {
        moves[i] = moves[i - 1];
        keys[i] = keys[i - 1];
        i--;
    }
    moves[i] = move;
    keys[i] = key;
}

/* The plain order: the table's stone, fills by gain, then stones next to
 * own stones. Returns the number of stones. */
static int plain_order(const Position *pos, int tt_move, int *moves, int *keys)
{
    Color me = pos_to_move(pos);
    FillMap fills;
    tactics_fill_points(pos, me, &fills);
    Bitboard near = bb_dilate8(pos->stones[me]);
    int n = 0;
    Bitboard b = pos_empty(pos);
    for (int p; (p = bb_next(&b)) != POINT_NONE;) {
        int key = p == tt_move                ? SOLVER_ORDER_TT
                  : bb_test(fills.points, p) ? SOLVER_ORDER_FILL + fills.gain[p]
                                             : bb_test(near, p);
        insert_sorted(moves, keys, &n, p, key);
    }
    return n;
}

/* How many rings of points lie between p and the edge (0 on the edge). */
static int centre_depth(int size, int p)
{
    int r = point_row(p), c = point_col(p);
    int d = r < c ? r : c;
    if (size - 1 - r < d)
        d = size - 1 - r;
    if (size - 1 - c < d)
        d = size - 1 - c;
    return d;
}

/* The search's order (movepick.h): the table's stone, fills, blocks of the
 * opponent's fills and first stones of two-stone rings by gain, killers,
 * then quiet stones by history, their static score and how far they are
 * from the edge (on the 5 x 5 position after C3, 166 M nodes against 180 M
 * without that last term). */
static int rich_order(const SolverOrdering *ord, const Position *pos, int tt_move, int empties, int *moves,
                      int *keys)
{
    Color me = pos_to_move(pos);
    Tactics t;
    tactics_analyze(pos, true, &t);
    QuietScores quiet;
    movepick_quiet_prepare(pos, &quiet);
    int n = 0;
    Bitboard b = pos_empty(pos);
    for (int p; (p = bb_next(&b)) != POINT_NONE;) {
        int key = p == tt_move ? ORDER_TT : movepick_tactical_score(&t, p);
        if (key == 0)
            key = ord->killers[empties][0] == p || ord->killers[empties][1] == p
                      ? ORDER_KILLER
                      : movepick_quiet_score(&search_params_default, &quiet, p) + ord->history[me][p] +
                            SOLVER_ORDER_CENTRE * centre_depth(pos->size, p);
        insert_sorted(moves, keys, &n, p, key);
    }
    return n;
}

/* A quiet stone that cut off becomes a killer at its count of empty
 * points and gains history (more the more empty points below it). */
static void learn_cutoff(SolverOrdering *ord, Color me, int empties, int move, int key)
{
    if (key > ORDER_KILLER) /* tactical stones and the table's: ordered anyway */
        return;
    if (ord->killers[empties][0] != move) {
        ord->killers[empties][1] = ord->killers[empties][0];
        ord->killers[empties][0] = (int16_t)move;
    }
    int32_t *h = &ord->history[me][move];
    *h += empties * empties;
    if (*h > ORDER_KILLER / 2)
        for (int c = 0; c < 2; c++)
            for (int p = 0; p < BB_POINTS; p++)
                ord->history[c][p] /= 2;
}

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

/* A child of the node, made before its turn comes so that its table bucket
 * is on its way from memory while the children before it are searched:
 * the table is far larger than the cache, and nearly every probe would
 * otherwise wait on it. */
typedef struct SolverChild {
    Position pos;
    SymmetryHashes hashes;
} SolverChild;

static void make_child(const Solver *s, const Position *pos, const SymmetryHashes *hashes, int move, SolverChild *c)
{
    c->pos = *pos;
    pos_play(&c->pos, move);
    if (hashes) {
        c->hashes = *hashes;
        symmetry_hashes_update(s->symmetry, pos, &c->pos, &c->hashes);
    }
    if (s->tt)
        tt_prefetch(s->tt, hashes ? symmetry_key(s->symmetry, &c->hashes) : c->pos.hash);
}

/* Score of `child` (after one stone from pos) from pos's point of view. */
static int child_value(Solver *s, const Position *pos, const Position *child, const SymmetryHashes *hashes, int alpha,
                       int beta, int *pv, int *pv_length)
{
    if (pos_to_move(child) == pos_to_move(pos))
        return solve(s, child, hashes, alpha, beta, pv, pv_length);
    return -solve(s, child, hashes, -beta, -alpha, pv, pv_length);
}

static int solve(Solver *s, const Position *pos, const SymmetryHashes *hashes, int alpha, int beta, int *pv,
                 int *pv_length)
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

    int empties = pos_empty_count(pos);
    TT *tt = s->tt;
    int tt_move = -1;
    TTHit hit;
    uint64_t key = pos->hash;
    int image = 0;
    if (hashes && tt) {
        image = symmetry_key_image(s->symmetry, hashes);
        key = hashes->h[image];
    }
    if (tt && tt_probe(tt, key, &hit)) {
        tt_move = hit.move;
        if (hashes && tt_move >= 0)
            tt_move = s->symmetry->inverse[image][tt_move];
        if (hit.depth == ENDGAME_TT_DEPTH && !pv) {
            if (hit.bound == TT_BOUND_EXACT || (hit.bound == TT_BOUND_LOWER && hit.score >= beta) ||
                (hit.bound == TT_BOUND_UPPER && hit.score <= alpha))
                return hit.score;
        }
    }

    Color me = pos_to_move(pos);
    int moves[BB_POINTS], keys[BB_POINTS], n = 0;
    SolverOrdering *ord = s->ordering;
    if (ord && empties >= ord->min_empties)
        n = rich_order(ord, pos, tt_move, empties, moves, keys);
    else
        n = plain_order(pos, tt_move, moves, keys);
    int original_alpha = alpha;
    int best = -SCORE_INF, best_move = -1;
    int child_pv[SOLVER_MAX_PLY], child_len = 0;
    SolverChild ahead[SOLVER_AHEAD_SLOTS];
    int made = 0;
    for (int i = 0; i < n; i++) {
        int last = i + (i == 0 ? 1 : SOLVER_AHEAD);
        for (; made <= last && made < n; made++)
            make_child(s, pos, hashes, moves[made], &ahead[made % SOLVER_AHEAD_SLOTS]);
        const Position *child = &ahead[i % SOLVER_AHEAD_SLOTS].pos;
        const SymmetryHashes *ch = hashes ? &ahead[i % SOLVER_AHEAD_SLOTS].hashes : NULL;
        int score;
        if (i == 0) {
            score = child_value(s, pos, child, ch, alpha, beta, pv ? child_pv : NULL, &child_len);
        } else {
            score = child_value(s, pos, child, ch, alpha, alpha + 1, NULL, NULL);
            if (score > alpha && score < beta)
                score = child_value(s, pos, child, ch, alpha, beta, pv ? child_pv : NULL, &child_len);
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
            if (alpha >= beta) {
                if (ord && empties >= ord->min_empties)
                    learn_cutoff(ord, me, empties, moves[i], keys[i]);
                break;
            }
        }
    }
    if (tt) {
        int bound = best >= beta ? TT_BOUND_LOWER : best > original_alpha ? TT_BOUND_EXACT : TT_BOUND_UPPER;
        int stored = best_move >= 0 && s->symmetry ? s->symmetry->map[image][best_move] : best_move;
        int work = 0;
        for (uint64_t spent = s->keep_work ? *s->nodes - count + 1 : 0; spent > 1; spent >>= 1)
            work++;
        tt_store(tt, key, stored, best, work, ENDGAME_TT_DEPTH, bound);
    }
    return best;
}

int endgame_solve(Solver *solver, const Position *pos, int alpha, int beta, int *pv, int *pv_length)
{
    solver->stopped = false;
    int length = 0;
    SymmetryHashes hashes;
    if (solver->symmetry)
        symmetry_hashes(solver->symmetry, pos, &hashes);
    int score = solve(solver, pos, solver->symmetry ? &hashes : NULL, alpha, beta, pv, pv ? &length : NULL);
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
