/* Iterative deepening PVS over single stones, quiet stones ordered by what
 * uniformly random games from the root say of them (mcprior.h). The side to
 * move changes only every second ply: a child with the same side to move is
 * searched with the same window and its score taken as is; only when the
 * side changes are the window and the score negated. Everything below (TT
 * bounds, final scores, the PV, null-window re-searches) follows from that
 * one rule, applied in child_value(). */
#include "search/search.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "eval/evaluate.h"
#include "base/clock.h"
#include "base/random.h"
#include "rules/score.h"
#include "rules/tactics.h"
#include "search/endgame.h"
#include "search/mcprior.h"
#include "search/movepick.h"
#include "search/tactics_cache.h"
#include "search/tt.h"

/* The tunable constants are in params.h (SEARCH_PARAM); these are not. */
enum {
    PRIOR_MAX_PLAYOUTS = 1 << 16,
    ROOT_ORDER_SCALE = 16, /* root ordering: the quiet score times this, plus noise below root_order_noise */
    LMR_BY_COUNT_MAX = 8,  /* late move reductions: by stones tried, from a table below this */
    POLL_INTERVAL = 1024,
    HISTORY_MAX = 1 << 20
};

/* A parameter's value in the search s (params.h). */
#define PARAM(s, name) SEARCH_PARAM(&(s)->params, name)

/* A position the network or the pattern model valued (size 0: none yet). */
typedef struct MarginCacheEntry {
    uint64_t hash;
    int32_t size;
    int32_t value;
} MarginCacheEntry;

enum { MARGIN_CACHE_SIZE = 1 << 14 };

typedef struct Worker {
    struct Search *search;
    int id;
    pthread_t thread;
    uint64_t nodes; /* written by this worker only; read by others relaxed */
    int seldepth;
    int16_t killers[SEARCH_MAX_PLY + 1][2];
    int32_t history[2][BB_POINTS];
    int pv[SEARCH_MAX_PLY + 1][SEARCH_MAX_PLY + 1];
    int pv_length[SEARCH_MAX_PLY + 1];
    MoveList root_moves;
    Rng rng;
    SearchInfo info; /* the last completed iteration */
    bool have_info;
    TacticsCache tactics; /* two-stone rings of the nodes this worker visited */
    /* the pattern model's indices (when the search has one) of the last
     * position this worker evaluated: each evaluation brings them to its
     * node from there, which in a depth-first search is a few stones away */
    NtupleBoard patterns_board;
    /* the network's state (when the search has one) for each side to move,
     * brought from the last position evaluated with that side to move */
    NnueBoard network_board[2];
    /* the static margins of positions this search evaluated, by hash: the
     * two stones of a turn reach most positions in two orders */
    MarginCacheEntry margin_cache[MARGIN_CACHE_SIZE];
} Worker;

struct Search {
    TT tt;
    const EvalModel *eval; /* the learned weights in use (the caller's), or NULL: the classic evaluation */
    const NtupleModel *patterns; /* the pattern model in use (the caller's), or NULL: eval's evaluation */
    const NnueModel *network;    /* the network in use (the caller's), or NULL: the patterns' or eval's */
    int threads;
    int hash_mib;
    uint64_t seed;
    SearchParams params; /* read by every thread, set only at creation */
    Worker *workers;
    /* the search in progress */
    Position root;
    McPrior prior; /* the root's Monte Carlo statistics (mcprior.h) */
    SearchLimits limits;
    int64_t start_ms;
    bool stop; /* accessed with relaxed atomics */
};

static bool stopped(const Search *s) { return __atomic_load_n(&s->stop, __ATOMIC_RELAXED); }
static void set_stop(Search *s) { __atomic_store_n(&s->stop, true, __ATOMIC_RELAXED); }

static uint64_t total_nodes(const Search *s)
{
    uint64_t n = 0;
    for (int i = 0; i < s->threads; i++)
        n += __atomic_load_n(&s->workers[i].nodes, __ATOMIC_RELAXED);
    return n;
}

/* Limits are checked by the main worker: node limits at every node (with one
 * thread that makes node-limited searches exactly reproducible), time every
 * POLL_INTERVAL nodes. */
static void check_limits(Worker *w)
{
    Search *s = w->search;
    if (w->id != 0)
        return;
    if (s->limits.nodes) {
        uint64_t n = s->threads == 1 ? w->nodes : (w->nodes % POLL_INTERVAL ? 0 : total_nodes(s));
        if (n >= s->limits.nodes)
            set_stop(s);
    }
    if (s->limits.hard_ms && w->nodes % POLL_INTERVAL == 0 && clock_now_ms() - s->start_ms >= s->limits.hard_ms)
        set_stop(s);
}

static void count_node(Worker *w)
{
    __atomic_store_n(&w->nodes, w->nodes + 1, __ATOMIC_RELAXED);
    check_limits(w);
}

/* The solver's poll (every 1024 of its nodes): the main worker checks the
 * hard time limit here, as check_limits does at the search's own nodes, so
 * that no solve runs past it; every worker reads the stop. A node limit is
 * checked only once the solve is over (solve_in_tree): a solve once begun
 * is finished, as it always was. */
static bool solver_poll(void *context)
{
    Worker *w = context;
    Search *s = w->search;
    if (w->id == 0 && s->limits.hard_ms && clock_now_ms() - s->start_ms >= s->limits.hard_ms)
        set_stop(s);
    return stopped(s);
}

/* The ordering score of a quiet stone: its static score, and what the
 * root's random games say of a stone there for the side to move (which
 * decides, too, what late move pruning leaves out). */
static int quiet_order(const Search *s, const Position *pos, const QuietScores *quiet, int point)
{
    int v = movepick_quiet_score(&s->params, quiet, point);
    if (s->prior.ready)
        v += PARAM(s, prior_order_weight) * s->prior.amaf[pos_to_move(pos)][point];
    return v;
}

/* The network's margin of a node: the worker's board for its side to move
 * brought to pos, with the node's fill maps (analysed here without them). */
static int network_margin(Worker *w, const Position *pos, const Tactics *tactics)
{
    const Search *s = w->search;
    Tactics own;
    if (!tactics) {
        tactics_analyze(pos, false, &own);
        tactics = &own;
    }
    NnueBoard *board = &w->network_board[pos_to_move(pos)];
    nnue_board_update(board, s->network, pos, &tactics->mine, &tactics->theirs);
    NnueValue value = nnue_value(s->network, board, pos);
#ifdef RIN_CHECK_PATTERNS
    /* the checked build of the tests: the incremental board gives the
     * value from scratch, to the bit */
    NnueValue full = nnue_value_full(s->network, pos);
    if (full.owner_margin != value.owner_margin || full.correction != value.correction)
        abort();
#endif
    return nnue_centistones(&value);
}

/* The network's margin of a node when the search has one, else the pattern
 * model's (the worker's indices brought to pos). */
static int model_margin(Worker *w, const Position *pos, const Tactics *tactics)
{
    const Search *s = w->search;
    if (s->network)
        return network_margin(w, pos, tactics);
    ntuple_board_update(&w->patterns_board, pos);
    int v = ntuple_evaluate(s->patterns, &w->patterns_board, pos, tactics);
#ifdef RIN_CHECK_PATTERNS
    /* the checked build of the tests: incremental indices and the node's
     * tactics give the value from scratch, to the bit */
    if (ntuple_eval_with(s->patterns, &w->patterns_board, pos, tactics).sum !=
            ntuple_eval_full(s->patterns, pos).sum ||
        v != ntuple_evaluate_full(s->patterns, pos))
        abort();
#endif
    return v;
}

/* The static evaluation of a node, centistones for the side to move: the
 * network's when the search has one, else the pattern model's when it has
 * one, else evaluate_with; `tactics` is the node's analysis (NULL: the
 * evaluation analyses the node itself). The network's and the pattern
 * model's values depend on the position alone, and are kept by hash. */
static int static_margin(Worker *w, const Position *pos, const Tactics *tactics)
{
    const Search *s = w->search;
    if (!s->network && !s->patterns)
        return tactics ? evaluate_with(s->eval, pos, tactics) : evaluate(s->eval, pos);
    MarginCacheEntry *cached = &w->margin_cache[pos->hash & (MARGIN_CACHE_SIZE - 1)];
    if (cached->hash == pos->hash && cached->size == pos->size) {
#ifdef RIN_CHECK_PATTERNS
        /* the checked build of the tests: a kept value is the value */
        NnueValue full;
        if (s->network ? (full = nnue_value_full(s->network, pos), nnue_centistones(&full)) != cached->value
                       : ntuple_evaluate_full(s->patterns, pos) != cached->value)
            abort();
#endif
        return cached->value;
    }
    *cached = (MarginCacheEntry){pos->hash, pos->size, model_margin(w, pos, tactics)};
    return cached->value;
}

/* The search's estimate of a node (mcprior_estimate, with static_margin). */
static int estimate_of(Worker *w, const Position *pos, const Tactics *tactics)
{
    const Search *s = w->search;
    return s->patterns || s->network ? mcprior_add_gain(&s->prior, &s->params, pos, static_margin(w, pos, tactics))
                                     : mcprior_estimate(s->eval, &s->prior, &s->params, pos, tactics);
}

static int pvs(Worker *w, const Position *pos, TacticsCarry carry, int alpha, int beta, int depth, int ply,
               bool pv_node);
static int qsearch(Worker *w, const Position *pos, TacticsCarry carry, int alpha, int beta, int ply, int qply);

/* The one place where the turn order enters the search: a child with the
 * same side to move keeps the window and the score; otherwise both flip.
 * `tactics` is the parent's analysis (NULL: none), which the child partly
 * takes over. */
static int child_value(Worker *w, const Position *pos, const Tactics *tactics, const Position *child, int alpha,
                       int beta, int depth, int ply, bool pv_node)
{
    bool same = pos_to_move(child) == pos_to_move(pos);
    TacticsCarry carry = tactics_carry(pos, child, tactics);
    if (depth <= 0)
        return same ? qsearch(w, child, carry, alpha, beta, ply + 1, 0)
                    : -qsearch(w, child, carry, -beta, -alpha, ply + 1, 0);
    return same ? pvs(w, child, carry, alpha, beta, depth, ply + 1, pv_node)
                : -pvs(w, child, carry, -beta, -alpha, depth, ply + 1, pv_node);
}

static int qchild_value(Worker *w, const Position *pos, const Tactics *tactics, const Position *child, int alpha,
                        int beta, int ply, int qply)
{
    bool same = pos_to_move(child) == pos_to_move(pos);
    TacticsCarry carry = tactics_carry(pos, child, tactics);
    return same ? qsearch(w, child, carry, alpha, beta, ply + 1, qply + 1)
                : -qsearch(w, child, carry, -beta, -alpha, ply + 1, qply + 1);
}

static void update_pv(Worker *w, int ply, int move)
{
    w->pv[ply][0] = move;
    int n = w->pv_length[ply + 1];
    memcpy(&w->pv[ply][1], w->pv[ply + 1], (size_t)n * sizeof(int));
    w->pv_length[ply] = n + 1;
}

/* Quiescence: only stones that close a ring now or (first stone of a turn)
 * prepare a two-stone ring. The opponent's rings weigh in the evaluation. */
static int qsearch(Worker *w, const Position *pos, TacticsCarry carry, int alpha, int beta, int ply, int qply)
{
    w->pv_length[ply] = 0;
    if (stopped(w->search))
        return 0;
    count_node(w);
    if (ply > w->seldepth)
        w->seldepth = ply;
    if (pos_is_over(pos))
        return endgame_final_score(pos);
    Tactics t;
    tactics_cache_analyze(&w->tactics, pos, qply == 0 && pos_stones_left(pos) == 2, carry, &t);
    const EvalModel *eval = w->search->eval;
    int estimate = estimate_of(w, pos, &t);
    int stand = mcprior_utility(eval, pos, estimate);
    if (stand >= beta || qply >= PARAM(w->search, qsearch_max_plies) || ply >= SEARCH_MAX_PLY)
        return stand;
    if (stand > alpha)
        alpha = stand;
    MoveList list;
    list.count = 0;
    Bitboard b = bb_or(t.mine.points, t.threats);
    for (int p; (p = bb_next(&b)) != POINT_NONE;) {
        movelist_add(&list, p, movepick_tactical_score(&t, p));
    }
    int best = stand;
    int width = PARAM(w->search, qsearch_width) - qply;
    for (int i = 0; i < list.count && i < width; i++) {
        int move = movelist_pick(&list, i);
        /* a fill too small to lift the score above alpha is not tried (its
         * margin valued as the evaluation's is) */
        if (list.scores[i] >= ORDER_FILL &&
            mcprior_utility(eval, pos, estimate + (t.mine.gain[move] + 1) * 100 + PARAM(w->search, qsearch_delta)) <=
                alpha)
            break;
        Position child = *pos;
        pos_play(&child, move);
        int score = qchild_value(w, pos, &t, &child, alpha, beta, ply, qply);
        if (stopped(w->search))
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                update_pv(w, ply, move);
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

static int solve_in_tree(Worker *w, const Position *pos, int alpha, int beta, int ply, bool pv_node)
{
    Solver solver = {.tt = &w->search->tt, .nodes = &w->nodes, .poll = solver_poll, .context = w};
    int pv[BB_POINTS + 1], length = 0;
    int score = endgame_solve(&solver, pos, alpha, beta, pv_node ? pv : NULL, &length);
    if (solver.stopped)
        return 0;
    if (pv_node) {
        if (length > SEARCH_MAX_PLY - ply)
            length = SEARCH_MAX_PLY - ply;
        memcpy(w->pv[ply], pv, (size_t)length * sizeof(int));
        w->pv_length[ply] = length;
    }
    check_limits(w);
    return score;
}

static bool is_killer(const Worker *w, int ply, int move)
{
    return w->killers[ply][0] == move || w->killers[ply][1] == move;
}

static void reward_quiet(Worker *w, Color me, int ply, int move, int depth, const MoveList *list, int tried)
{
    if (w->killers[ply][0] != move) {
        w->killers[ply][1] = w->killers[ply][0];
        w->killers[ply][0] = (int16_t)move;
    }
    int bonus = depth * depth;
    int32_t *h = w->history[me];
    h[move] += bonus - h[move] * bonus / HISTORY_MAX;
    /* quiet stones tried before the cut-off did not cut */
    for (int i = 0; i < tried; i++) {
        int m = list->moves[i];
        if (m != move && list->scores[i] < ORDER_KILLER)
            h[m] -= bonus + h[m] * bonus / HISTORY_MAX;
    }
}

static int reduction(const Search *s, int depth, int moves_tried)
{
    static const int8_t by_count[LMR_BY_COUNT_MAX] = {0, 0, 0, 1, 1, 1, 2, 2};
    int r = moves_tried < LMR_BY_COUNT_MAX ? by_count[moves_tried]
                                           : 2 + (moves_tried >= PARAM(s, lmr_many_tried));
    if (depth >= PARAM(s, lmr_deep))
        r++;
    return r;
}

/* How many stones a non-PV node tries before it drops the remaining quiet
 * ones (tactical stones, killers and the table's stone are always tried). */
static int late_move_count(const Search *s, int depth)
{
    return depth <= PARAM(s, lmp_shallow_depth) ? PARAM(s, lmp_base) + PARAM(s, lmp_shallow) * depth * depth
                                                : PARAM(s, lmp_deep_base) + PARAM(s, lmp_deep_slope) * depth;
}

static int pvs(Worker *w, const Position *pos, TacticsCarry carry, int alpha, int beta, int depth, int ply,
               bool pv_node)
{
    w->pv_length[ply] = 0;
    if (stopped(w->search))
        return 0;
    if (pos_is_over(pos))
        return endgame_final_score(pos);
    if (depth <= 0)
        return qsearch(w, pos, carry, alpha, beta, ply, 0);
    if (ply >= SEARCH_MAX_PLY)
        return mcprior_utility(w->search->eval, pos, static_margin(w, pos, NULL));
    if (pos_empty_count(pos) <= PARAM(w->search, endgame_tree_empties))
        return solve_in_tree(w, pos, alpha, beta, ply, pv_node);
    count_node(w);
    if (ply > w->seldepth)
        w->seldepth = ply;

    Search *s = w->search;
    TTHit hit;
    int tt_move = -1;
    if (tt_probe(&s->tt, pos->hash, &hit)) {
        tt_move = hit.move;
        if (!pv_node && hit.depth >= depth &&
            (hit.bound == TT_BOUND_EXACT || (hit.bound == TT_BOUND_LOWER && hit.score >= beta) ||
             (hit.bound == TT_BOUND_UPPER && hit.score <= alpha)))
            return hit.score;
    }

    Color me = pos_to_move(pos);
    Tactics t;
    tactics_cache_analyze(&w->tactics, pos, pos_stones_left(pos) == 2, carry, &t);
    /* When the depth reaches the end of the game the search is exact: no
     * pruning or reduction then. */
    bool to_the_end = depth >= pos_empty_count(pos);

    /* Near the horizon, a static evaluation far above beta is trusted
     * (reverse futility), and one far below alpha leaves only the tactical
     * stones worth trying (futility). The margins are the estimate's (in
     * centistones), valued as the estimate is; the utility never falls as
     * the margin rises, so the estimate's own utility decides most nodes
     * alone. */
    bool futile = false;
    if (!pv_node && !to_the_end && depth <= PARAM(s, futility_depth) && abs(beta) < SCORE_EVAL_MAX) {
        int estimate = estimate_of(w, pos, &t);
        int eval = mcprior_utility(s->eval, pos, estimate);
        int margin = PARAM(s, futility_margin) * depth;
        if (eval >= beta && mcprior_utility(s->eval, pos, estimate - margin) >= beta)
            return eval;
        futile = eval <= alpha && mcprior_utility(s->eval, pos, estimate + margin) <= alpha;
    }

    MoveList list;
    list.count = 0;
    QuietScores quiet_scores;
    movepick_quiet_prepare(pos, &quiet_scores);
    Bitboard b = pos_empty(pos);
    for (int p; (p = bb_next(&b)) != POINT_NONE;) {
        int score = p == tt_move ? ORDER_TT : movepick_tactical_score(&t, p);
        if (score == 0)
            score = is_killer(w, ply, p) ? ORDER_KILLER
                                         : quiet_order(s, pos, &quiet_scores, p) +
                                               w->history[me][p] / PARAM(s, history_order_divisor);
        movelist_add(&list, p, score);
    }

    int original_alpha = alpha;
    int best = -SCORE_INF, best_move = -1;
    int tried = 0;
    bool pruning = false;
    for (int i = 0; i < list.count; i++) {
        /* once pruning, the order of the rest no longer matters */
        int move = pruning ? list.moves[i] : movelist_pick(&list, i);
        bool quiet = list.scores[i] < ORDER_KILLER && !to_the_end;
        /* Late quiet stones are not worth a look off the principal variation:
         * most of the board is irrelevant to a node's fight. Except the gaps
         * of the opponent's walls (its cut points): the first stone of any
         * two-stone ring of the opponent is one, and taking it may be the
         * only way to stop the ring this turn. */
        if (!pv_node && quiet && (futile || tried >= late_move_count(s, depth)) && best > -SCORE_FINAL) {
            pruning = true;
            if (!bb_test(t.theirs.cuts, move))
                continue;
        }
        Position child = *pos;
        pos_play(&child, move);
        int score;
        if (tried == 0) {
            score = child_value(w, pos, &t, &child, alpha, beta, depth - 1, ply, pv_node);
        } else {
            int r = quiet && depth >= PARAM(s, lmr_min_depth) ? reduction(s, depth, tried) + !pv_node : 0;
            if (r > depth - 1)
                r = depth - 1;
            score = child_value(w, pos, &t, &child, alpha, alpha + 1, depth - 1 - r, ply, false);
            if (score > alpha && r > 0)
                score = child_value(w, pos, &t, &child, alpha, alpha + 1, depth - 1, ply, false);
            if (score > alpha && score < beta && pv_node)
                score = child_value(w, pos, &t, &child, alpha, beta, depth - 1, ply, true);
        }
        tried++;
        if (stopped(s))
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = move;
                alpha = score;
                if (pv_node)
                    update_pv(w, ply, move);
                if (alpha >= beta) {
                    if (quiet)
                        reward_quiet(w, me, ply, move, depth, &list, i);
                    break;
                }
            }
        }
    }
    int bound = best >= beta ? TT_BOUND_LOWER : best > original_alpha ? TT_BOUND_EXACT : TT_BOUND_UPPER;
    tt_store(&s->tt, pos->hash, best_move, best, 0, depth, bound);
    return best;
}

/* Orders the root stones once per search: the planned stone, tactics, then
 * quiet stones by their static score with a little noise from the seed. */
static void init_root_moves(Worker *w)
{
    Search *s = w->search;
    const Position *pos = &s->root;
    Tactics t;
    tactics_analyze(pos, pos_stones_left(pos) == 2, &t);
    MoveList *list = &w->root_moves;
    list->count = 0;
    TTHit hit;
    int tt_move = tt_probe(&s->tt, pos->hash, &hit) ? hit.move : -1;
    QuietScores quiet_scores;
    movepick_quiet_prepare(pos, &quiet_scores);
    Bitboard b = pos_empty(pos);
    for (int p; (p = bb_next(&b)) != POINT_NONE;) {
        int score = p == s->limits.first_move ? ORDER_TT + 1 : p == tt_move ? ORDER_TT : movepick_tactical_score(&t, p);
        if (score == 0)
            score = quiet_order(s, pos, &quiet_scores, p) * ROOT_ORDER_SCALE +
                    (int)rng_below(&w->rng, (uint32_t)PARAM(s, root_order_noise));
        movelist_add(list, p, score);
    }
    for (int i = 0; i < list->count; i++)
        movelist_pick(list, i);
}

/* Moves the root stone at index i to index `first` (the front of the stones
 * still searched), keeping the others' order. */
static void root_move_to_front(MoveList *list, int first, int i)
{
    int16_t m = list->moves[i];
    int32_t sc = list->scores[i];
    memmove(&list->moves[first + 1], &list->moves[first], (size_t)(i - first) * sizeof list->moves[0]);
    memmove(&list->scores[first + 1], &list->scores[first], (size_t)(i - first) * sizeof list->scores[0]);
    list->moves[first] = m;
    list->scores[first] = sc;
}

/* One iteration at the root over the stones from index `first` on (the ones
 * before are the better lines of a multi-PV iteration). Returns the score,
 * or SCORE_NONE when stopped before the first stone was searched;
 * *best_index is the best stone's index in root_moves (-1 if none was
 * proven better than the window). */
static int root_search(Worker *w, int first, int depth, int alpha, int beta, int *best_index)
{
    const Position *pos = &w->search->root;
    MoveList *list = &w->root_moves;
    int best = -SCORE_INF;
    *best_index = -1;
    w->pv_length[0] = 0;
    for (int i = first; i < list->count; i++) {
        Position child = *pos;
        pos_play(&child, list->moves[i]);
        int score;
        if (i == first) {
            score = child_value(w, pos, NULL, &child, alpha, beta, depth - 1, 0, true);
        } else {
            score = child_value(w, pos, NULL, &child, alpha, alpha + 1, depth - 1, 0, false);
            if (score > alpha && score < beta)
                score = child_value(w, pos, NULL, &child, alpha, beta, depth - 1, 0, true);
        }
        if (stopped(w->search))
            return i == first ? SCORE_NONE : best;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                *best_index = i;
                update_pv(w, 0, list->moves[i]);
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

/* The time since the search began, and the speed over it of info->nodes. */
static void stamp_time(const Search *s, SearchInfo *info)
{
    info->time_ms = clock_now_ms() - s->start_ms;
    info->nps = info->time_ms > 0 ? info->nodes * 1000 / (uint64_t)info->time_ms : info->nodes * 1000;
}

/* A score as the search reports it: a proven one as it is, an estimate
 * (a utility when the evaluation has a result curve) as the margin it
 * stands for at the root, in centistones. */
static int reported_score(const Search *s, int score, bool exact)
{
    if (score_is_proven(score, exact) || !eval_model_has_curve(s->eval))
        return score;
    return eval_model_margin_of(s->eval, eval_stage(&s->root), pos_stones_left(&s->root), score);
}

static void record_info(Worker *w, int depth, int score, bool exact)
{
    Search *s = w->search;
    SearchInfo *info = &w->info;
    score = reported_score(s, score, exact);
    info->depth = depth;
    info->seldepth = w->seldepth;
    info->score = score;
    info->exact = exact;
    info->nodes = total_nodes(s);
    stamp_time(s, info);
    info->hashfull = tt_hashfull(&s->tt);
    info->pv_length = w->pv_length[0];
    memcpy(info->pv, w->pv[0], (size_t)info->pv_length * sizeof(int));
    info->line_count = 1;
    info->lines[0].score = score;
    info->lines[0].exact = exact;
    info->lines[0].pv_length = info->pv_length;
    memcpy(info->lines[0].pv, info->pv, (size_t)info->pv_length * sizeof(int));
    w->have_info = true;
}

/* What a root solve may spend before the search falls back to deepening:
 * up to a time since the search began and a node count (0: no bound). */
typedef struct RootBudget {
    Worker *worker;
    int64_t time_ms;
    uint64_t nodes;
} RootBudget;

static bool root_budget_poll(void *context)
{
    const RootBudget *b = context;
    Worker *w = b->worker;
    if (solver_poll(w))
        return true;
    return b->time_ms && clock_now_ms() - w->search->start_ms >= b->time_ms;
}

/* A solver at the root within budget b: its node limit is the budget's,
 * counted on the main worker's counter (all threads' nodes count against
 * the budget: what the others searched so far is taken off). */
static Solver root_solver(Worker *w, RootBudget *b)
{
    const Search *s = w->search;
    Solver solver = {.tt = &w->search->tt, .nodes = &w->nodes, .poll = root_budget_poll, .context = b};
    if (b->nodes) {
        uint64_t used = s->threads == 1 ? w->nodes : total_nodes(s);
        solver.node_limit = used < b->nodes ? w->nodes + (b->nodes - used) : w->nodes + 1;
    }
    return solver;
}

/* The budget of the root's result solve: endgame_result_percent of the
 * soft time (of the hard time without one) and of the node limit, but
 * never more than half the hard time or half the node limit, so that the
 * deepening after a solve that gave up has room for an iteration or more;
 * none without limits (analysis until stopped). False without a time
 * limit but with a depth or node limit (the deepening answers within its
 * depth; self-play and tests at fixed nodes keep their search), and with
 * less than endgame_result_min_ms of time (the longer of the soft and hard
 * limits), where a solve that does not finish would take the deepening's
 * time (at 100 ms per stone on 12 x 12 it cost 22 Elo, Strength row 59). */
static bool root_result_budget(Worker *w, RootBudget *b)
{
    const Search *s = w->search;
    const SearchLimits *l = &s->limits;
    int percent = PARAM(s, endgame_result_percent);
    int64_t longest = l->hard_ms > l->soft_ms ? l->hard_ms : l->soft_ms;
    if (longest ? longest < PARAM(s, endgame_result_min_ms) : l->depth > 0 || l->nodes > 0)
        return false;
    int64_t time = l->soft_ms ? l->soft_ms : l->hard_ms;
    b->worker = w;
    b->time_ms = time ? (time * percent + 99) / 100 : 0;
    if (l->hard_ms && b->time_ms > (l->hard_ms + 1) / 2)
        b->time_ms = (l->hard_ms + 1) / 2;
    b->nodes = l->nodes ? (l->nodes * (uint64_t)percent + 99) / 100 : 0;
    if (b->nodes > (l->nodes + 1) / 2)
        b->nodes = (l->nodes + 1) / 2;
    return true;
}

/* Copies a solver's line to the root's PV. */
static void set_root_pv(Worker *w, const int *pv, int length)
{
    if (length > SEARCH_MAX_PLY)
        length = SEARCH_MAX_PLY;
    memcpy(w->pv[0], pv, (size_t)length * sizeof(int));
    w->pv_length[0] = length;
    w->seldepth = length;
}

/* The root's result (win, draw or loss) within its budget, then, until the
 * hard time or the node limit, the margin of a win or a loss. A margin not
 * found in time leaves the result's bound as the score (the smallest win,
 * or a loss by at least that much), not exact; a draw is exact at once. */
static bool solve_root_result(Worker *w)
{
    Search *s = w->search;
    RootBudget budget;
    if (!root_result_budget(w, &budget))
        return false;
    Solver solver = root_solver(w, &budget);
    int pv[BB_POINTS + 1], length = 0, bound;
    EndgameResult result = endgame_solve_result(&solver, &s->root, &bound, pv, &length);
    if (solver.stopped || length == 0)
        return false;
    set_root_pv(w, pv, length);
    if (result == ENDGAME_DRAW) {
        record_info(w, length, 0, true);
        return true;
    }
    record_info(w, length, bound, false);
    /* like an iteration begun before the soft time: on to the hard one */
    budget.time_ms = 0;
    budget.nodes = s->limits.nodes;
    Solver refine = root_solver(w, &budget);
    int alpha = result == ENDGAME_WIN ? bound - 1 : -SCORE_INF, beta = result == ENDGAME_WIN ? SCORE_INF : bound + 1;
    int score = endgame_solve(&refine, &s->root, alpha, beta, pv, &length);
    if (!refine.stopped && length > 0 && score > alpha && score < beta) {
        set_root_pv(w, pv, length);
        record_info(w, length, score, true);
    }
    return true;
}

/* Solves the root: exactly with few empty points left, its result first
 * with a few more (solve_root_result). False when the solver gave up
 * (stopped, or out of its budget): the search then deepens as usual. */
static bool solve_root(Worker *w)
{
    Search *s = w->search;
    if (pos_empty_count(&s->root) > PARAM(s, endgame_root_empties))
        return solve_root_result(w);
    Solver solver = {.tt = &s->tt, .nodes = &w->nodes, .poll = solver_poll, .context = w};
    int pv[BB_POINTS + 1], length = 0;
    int score = endgame_solve(&solver, &s->root, -SCORE_INF, SCORE_INF, pv, &length);
    if (solver.stopped || length == 0)
        return false;
    set_root_pv(w, pv, length);
    record_info(w, length, score, true);
    return true;
}

/* Whether an iteration at `depth` reaches the end of the game on every
 * line: nothing is pruned or reduced there, so its scores are proven
 * (a draw as 0, which is no final score). */
static bool reaches_the_end(const Search *s, int depth) { return depth >= pos_empty_count(&s->root); }

/* Searches the root stones from index `first` on at `depth`, in an
 * aspiration window around the previous iteration's score that widens until
 * the score falls inside it; a stone proven better on the way moves to
 * `first`. Returns root_search's score (SCORE_NONE, or a partial result,
 * when stopped) and the best stone's index. */
static int aspiration_search(Worker *w, int first, int depth, int previous, int *best_index)
{
    int delta = PARAM(w->search, aspiration_delta), alpha = -SCORE_INF, beta = SCORE_INF;
    if (depth >= PARAM(w->search, aspiration_depth) && !score_is_final(previous)) {
        alpha = previous - delta;
        beta = previous + delta;
    }
    for (;;) {
        int score = root_search(w, first, depth, alpha, beta, best_index);
        if (score == SCORE_NONE || stopped(w->search))
            return score;
        if (score <= alpha) {
            alpha = alpha - delta < -SCORE_INF ? -SCORE_INF : alpha - delta;
            delta *= PARAM(w->search, aspiration_widen);
        } else if (score >= beta) {
            beta = beta + delta > SCORE_INF ? SCORE_INF : beta + delta;
            delta *= PARAM(w->search, aspiration_widen);
            if (*best_index > first)
                root_move_to_front(&w->root_moves, first, *best_index);
        } else {
            return score;
        }
    }
}

/* One iteration of a multi-PV search: the best of all root stones, then the
 * best of the others, and so on, each line with its own aspiration window
 * around its previous score. The lines end best first at the front of
 * root_moves and in w->info. Returns false when stopped before the
 * iteration was complete (w->info keeps the previous one). */
static bool search_lines(Worker *w, int depth, int lines, int *previous)
{
    Search *s = w->search;
    MoveList *list = &w->root_moves;
    SearchLine found[SEARCH_MAX_MULTIPV];
    for (int k = 0; k < lines; k++) {
        int best_index;
        int score = aspiration_search(w, k, depth, previous[k], &best_index);
        if (score == SCORE_NONE || stopped(s))
            return false;
        if (best_index > k)
            root_move_to_front(list, k, best_index);
        found[k].score = score;
        found[k].exact = reaches_the_end(s, depth);
        found[k].pv_length = w->pv_length[0];
        memcpy(found[k].pv, w->pv[0], (size_t)found[k].pv_length * sizeof(int));
    }
    /* a later line may score above an earlier one (the windows differ):
     * sort them, stably, and the root stones with them */
    for (int k = 1; k < lines; k++) {
        for (int j = k; j > 0 && found[j].score > found[j - 1].score; j--) {
            SearchLine line = found[j];
            found[j] = found[j - 1];
            found[j - 1] = line;
            root_move_to_front(list, j - 1, j);
        }
    }
    for (int k = 0; k < lines; k++)
        previous[k] = found[k].score;
    w->pv_length[0] = found[0].pv_length;
    memcpy(w->pv[0], found[0].pv, (size_t)found[0].pv_length * sizeof(int));
    record_info(w, depth, found[0].score, reaches_the_end(s, depth));
    w->info.line_count = lines;
    memcpy(w->info.lines, found, (size_t)lines * sizeof found[0]);
    for (int k = 0; k < lines; k++)
        w->info.lines[k].score = reported_score(s, found[k].score, found[k].exact);
    return true;
}

/* After a complete iteration of the main worker: reports it, and says
 * whether to go deeper. */
static bool keep_deepening(Worker *w, int depth, SearchReporter reporter, void *context)
{
    Search *s = w->search;
    if (reporter)
        reporter(&w->info, context);
    if (reaches_the_end(s, depth))
        return false; /* the whole game was searched */
    return !(s->limits.soft_ms && clock_now_ms() - s->start_ms >= s->limits.soft_ms);
}

/* Whether the search has no limit at all: analysis or pondering until
 * stopped, where the root's solve has no budget either. */
static bool unlimited(const Search *s)
{
    const SearchLimits *l = &s->limits;
    return !l->soft_ms && !l->hard_ms && !l->depth && !l->nodes;
}

/* Before a solve of the root without a budget, which may run for minutes:
 * a first iteration, reported at once, so that the caller has a stone and
 * a line to show while the solve runs (and keeps them when it is stopped). */
static void report_first_iteration(Worker *w, SearchReporter reporter, void *context)
{
    int best_index;
    w->seldepth = 0;
    int score = aspiration_search(w, 0, 1, 0, &best_index);
    if (score == SCORE_NONE || stopped(w->search))
        return;
    if (best_index > 0)
        root_move_to_front(&w->root_moves, 0, best_index);
    record_info(w, 1, score, reaches_the_end(w->search, 1));
    reporter(&w->info, context);
}

static void iterate(Worker *w, SearchReporter reporter, void *context)
{
    Search *s = w->search;
    int max_depth = s->limits.depth > 0 ? s->limits.depth : SEARCH_MAX_DEPTH;
    if (max_depth > SEARCH_MAX_DEPTH)
        max_depth = SEARCH_MAX_DEPTH;
    init_root_moves(w);
    /* multi-PV is the main worker's: helpers fill the table as always */
    int lines = w->id == 0 && s->limits.multipv > 1 ? s->limits.multipv : 1;
    if (lines > SEARCH_MAX_MULTIPV)
        lines = SEARCH_MAX_MULTIPV;
    if (lines > w->root_moves.count)
        lines = w->root_moves.count;
    int line_scores[SEARCH_MAX_MULTIPV] = {0};
    if (pos_empty_count(&s->root) <= PARAM(s, endgame_result_empties) && w->id == 0 && lines <= 1) {
        if (reporter && unlimited(s))
            report_first_iteration(w, reporter, context);
        if (solve_root(w)) {
            if (reporter)
                reporter(&w->info, context);
            return;
        }
    }
    int previous = 0;
    for (int depth = 1 + (w->id & 1); depth <= max_depth; depth++) {
        w->seldepth = 0;
        if (lines > 1) {
            if (!search_lines(w, depth, lines, line_scores) || !keep_deepening(w, depth, reporter, context))
                break;
            continue;
        }
        int best_index;
        int score = aspiration_search(w, 0, depth, previous, &best_index);
        if (score == SCORE_NONE)
            break;
        if (stopped(s)) {
            /* keep a partial iteration only for a stone proven better */
            if (best_index >= 0) {
                root_move_to_front(&w->root_moves, 0, best_index);
                record_info(w, depth, score, false);
            }
            break;
        }
        if (best_index > 0)
            root_move_to_front(&w->root_moves, 0, best_index);
        previous = score;
        record_info(w, depth, score, reaches_the_end(s, depth));
        if (w->id == 0 && !keep_deepening(w, depth, reporter, context))
            break;
    }
}

static void *helper_main(void *arg)
{
    Worker *w = arg;
    iterate(w, NULL, NULL);
    return NULL;
}

/* Each worker's own random sequence, from the search's seed and its id. */
static void seed_worker(Worker *w, uint64_t seed)
{
    rng_seed(&w->rng, seed * 0x9E3779B97F4A7C15u + (uint64_t)w->id);
}

static void reset_worker(Worker *w, Search *s, int id)
{
    memset(w, 0, sizeof *w);
    w->search = s;
    w->id = id;
    for (int i = 0; i <= SEARCH_MAX_PLY; i++)
        w->killers[i][0] = w->killers[i][1] = -1;
    seed_worker(w, s->seed);
}

Search *search_create(const SearchConfig *config)
{
    Search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->seed = config->seed;
    s->params = config->params ? *config->params : search_params_default;
    search_set_eval(s, config->eval);
    search_set_patterns(s, config->patterns);
    search_set_network(s, config->network);
    if (!search_set_hash(s, config->hash_mib) || !search_set_threads(s, config->threads)) {
        search_destroy(s);
        return NULL;
    }
    return s;
}

void search_destroy(Search *s)
{
    if (!s)
        return;
    tt_free(&s->tt);
    free(s->workers);
    free(s);
}

void search_set_eval(Search *s, const EvalModel *eval) { s->eval = eval; }

void search_set_patterns(Search *s, const NtupleModel *patterns) { s->patterns = patterns; }

void search_set_network(Search *s, const NnueModel *network) { s->network = network; }

bool search_set_hash(Search *s, int mib)
{
    TT tt = {NULL, 0, 0};
    if (mib < 0 || (mib > 0 && !tt_init(&tt, (size_t)mib)))
        return false;
    tt_free(&s->tt);
    s->tt = tt;
    s->hash_mib = mib;
    return true;
}

bool search_set_threads(Search *s, int threads)
{
    if (threads < 1 || threads > SEARCH_MAX_THREADS)
        return false;
    Worker *workers = calloc((size_t)threads, sizeof *workers);
    if (!workers)
        return false;
    free(s->workers);
    s->workers = workers;
    s->threads = threads;
    for (int i = 0; i < threads; i++)
        reset_worker(&workers[i], s, i);
    return true;
}

void search_set_seed(Search *s, uint64_t seed) { s->seed = seed; }

void search_clear(Search *s)
{
    tt_clear(&s->tt);
    for (int i = 0; i < s->threads; i++)
        reset_worker(&s->workers[i], s, i);
}

void search_stop(Search *s) { set_stop(s); }

static bool prior_stopped(void *context) { return stopped(context); }

static bool prior_time_up(void *context)
{
    const Search *s = context;
    return stopped(s) || clock_now_ms() - s->start_ms >= s->limits.soft_ms * PARAM(s, prior_time_percent) / 100;
}

/* The root's Monte Carlo prior, from a share of the budget: of the time
 * per stone, or playouts in proportion to a node limit (about what that
 * share of the time would give), or a fixed number for a depth limit; the
 * same from the same seed, position and threads but under a clock. The
 * games are split over the search's threads, which are idle until it
 * starts (STRENGTH.md, Threads). Not near the end, where the solver takes
 * over. */
static void compute_prior(Search *s)
{
    mcprior_clear(&s->prior);
    if (pos_empty_count(&s->root) <= PARAM(s, endgame_root_empties))
        return;
    Rng rng;
    rng_seed(&rng, s->seed ^ s->root.hash);
    if (s->limits.nodes) {
        uint64_t playouts = s->limits.nodes / (uint64_t)PARAM(s, prior_nodes_per_playout);
        mcprior_compute_threads(&s->prior, &s->params, &s->root,
                                playouts < PRIOR_MAX_PLAYOUTS ? (int)playouts : PRIOR_MAX_PLAYOUTS, &rng, s->threads,
                                NULL, NULL);
    } else if (s->limits.soft_ms) {
        mcprior_compute_threads(&s->prior, &s->params, &s->root, PRIOR_MAX_PLAYOUTS, &rng, s->threads, prior_time_up,
                                s);
    } else {
        mcprior_compute_threads(&s->prior, &s->params, &s->root, PARAM(s, prior_depth_playouts), &rng, s->threads,
                                prior_stopped, s);
    }
}

void search_run(Search *s, const Position *pos, const SearchLimits *limits, SearchReporter reporter, void *context,
                SearchInfo *result)
{
    s->root = *pos;
    s->limits = *limits;
    s->start_ms = clock_now_ms();
    __atomic_store_n(&s->stop, false, __ATOMIC_RELAXED);
    tt_new_search(&s->tt);
    compute_prior(s);
    for (int i = 0; i < s->threads; i++) {
        Worker *w = &s->workers[i];
        w->nodes = 0;
        w->seldepth = 0;
        w->have_info = false;
        seed_worker(w, s->seed);
        for (int k = 0; k <= SEARCH_MAX_PLY; k++)
            w->killers[k][0] = w->killers[k][1] = -1;
        if (s->patterns)
            ntuple_board_init(&w->patterns_board, s->patterns, &s->root);
        nnue_board_reset(&w->network_board[COLOR_BLACK]);
        nnue_board_reset(&w->network_board[COLOR_WHITE]);
        memset(w->margin_cache, 0, sizeof w->margin_cache);
    }
    int started = 1;
    for (int i = 1; i < s->threads; i++) {
        if (pthread_create(&s->workers[i].thread, NULL, helper_main, &s->workers[i]) != 0)
            break; /* fewer helpers: still correct */
        started++;
    }
    Worker *main_worker = &s->workers[0];
    iterate(main_worker, reporter, context);
    set_stop(s);
    for (int i = 1; i < started; i++)
        pthread_join(s->workers[i].thread, NULL);

    if (main_worker->have_info) {
        *result = main_worker->info;
    } else {
        /* stopped before depth 1 finished: the best-ordered stone */
        memset(result, 0, sizeof *result);
        result->pv[0] = main_worker->root_moves.count > 0 ? main_worker->root_moves.moves[0] : POINT_NONE;
        result->pv_length = 1;
        result->score = 0;
    }
    result->nodes = total_nodes(s);
    stamp_time(s, result);
}
