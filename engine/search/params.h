/* The search's tunable constants: one table, SEARCH_PARAMS, gives each its
 * name, release value, range and meaning. In the release build every
 * SEARCH_PARAM() is that compile-time constant, whatever the SearchParams
 * it is given; built with RIN_TUNE (cmake -DRIN_TUNE=ON) it reads the
 * SearchParams instead, which the options (rin-option NAME VALUE, --NAME
 * VALUE) set, so that an experiment needs no edited source. The values live
 * in each Search (a copy of SearchConfig.params), so searches with
 * different values can run side by side and their threads only read them. */
#ifndef RIN_PARAMS_H
#define RIN_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

/* X(name, release value, min, max, meaning); depths and counts are in
 * stones, scores in centistones. The range keeps an experiment within
 * values the code handles (no division by 0, no endless loop), not within
 * sensible ones. */
#define SEARCH_PARAMS(X)                                                                                              \
    X(endgame_root_empties, 12, 0, 20, "empty points from which the root is solved exactly")                          \
    X(endgame_tree_empties, 8, 0, 14, "empty points from which a node inside the tree is solved exactly")             \
    X(endgame_result_empties, 20, 0, 64, "empty points from which the root's result is solved first (within a budget); at most endgame_root_empties: off") \
    X(endgame_result_percent, 100, 1, 100, "root result solve: its budget, in percent of the soft time and node limit") \
    X(endgame_result_min_ms, 500, 0, 3600000, "root result solve: only with no limit at all or at least this hard time (ms)") \
    X(qsearch_max_plies, 6, 0, 32, "quiescence: plies at most")                                                       \
    X(qsearch_width, 6, 0, 32, "quiescence: stones tried at its first ply, one fewer per ply")                        \
    X(qsearch_delta, 150, 0, 2000, "quiescence: what a fill may bring beyond its gain before it is skipped")          \
    X(futility_depth, 2, 0, 16, "(reverse) futility pruning: the depths it applies at, 1 to this")                    \
    X(futility_margin, 250, 0, 5000, "(reverse) futility pruning: margin per ply of depth left")                      \
    X(lmp_shallow_depth, 3, 0, 64, "late move pruning: the shallow formula up to this depth, the deep one beyond")    \
    X(lmp_base, 3, 0, 256, "late move pruning, shallow: stones tried at depth d are lmp_base + lmp_shallow*d*d")      \
    X(lmp_shallow, 2, 0, 64, "late move pruning, shallow: see lmp_base")                                              \
    X(lmp_deep_base, 12, 0, 256, "late move pruning, deep: stones tried are lmp_deep_base + lmp_deep_slope*d")        \
    X(lmp_deep_slope, 3, 0, 64, "late move pruning, deep: see lmp_deep_base")                                         \
    X(lmr_min_depth, 3, 1, 65, "late move reductions: quiet stones are reduced from this depth on")                   \
    X(lmr_deep, 6, 1, 65, "late move reductions: one ply more from this depth on")                                    \
    X(lmr_many_tried, 24, 0, 256, "late move reductions: 3 plies instead of 2 from this many stones tried on")        \
    X(aspiration_depth, 5, 1, 65, "aspiration windows from this iteration on (65: never)")                            \
    X(aspiration_delta, 60, 1, 1000, "aspiration window: half its first width")                                       \
    X(aspiration_widen, 3, 1, 8, "aspiration window: its step grows this many times on every miss")                   \
    X(history_order_divisor, 64, 1, 65536, "quiet ordering: history counts per ordering point")                       \
    X(quiet_own, 300, 0, 5000, "quiet ordering: a stone next to own stones")                                          \
    X(quiet_own_neighbour, 40, 0, 1000, "quiet ordering: per own neighbour, up to three")                             \
    X(quiet_their, 200, 0, 5000, "quiet ordering: a stone next to the opponent's stones")                             \
    X(quiet_their_neighbour, 40, 0, 1000, "quiet ordering: per neighbour of the opponent's, up to three")             \
    X(quiet_edge, 50, 0, 5000, "quiet ordering: a stone on the edge")                                                 \
    X(root_order_noise, 16, 1, 4096, "root ordering: random tie-break below this, in 1/16 ordering points")           \
    X(prior_order_weight, 4, 0, 64, "quiet ordering: per centistone of the prior's AMAF value")                       \
    X(prior_gain_weight, 2, 0, 16, "evaluation: quarters of the prior's gain since the root added to it, below 14x14") \
    X(prior_gain_weight_large, 4, 0, 16, "evaluation: the same on boards of 14x14 and larger")                          \
    X(prior_gain_weight_many, 6, 0, 16, "evaluation: the same on 14x14 and larger from prior_many_playouts random games") \
    X(prior_many_playouts, 4096, 64, 65536, "prior: from this many random games on 14x14 and larger, prior_gain_weight_many") \
    X(prior_win_stones, 10, 0, 100, "prior: stones a won random game (over a lost one) is worth in AMAF values")      \
    X(amaf_shrink, 8, 0, 4096, "prior: an AMAF value leans to 0 by this many games")                                  \
    X(prior_time_percent, 10, 0, 100, "prior: its share of the time per stone, in percent")                           \
    X(prior_nodes_per_playout, 40, 1, 100000, "prior: with a node limit, one random game per this many nodes")        \
    X(prior_depth_playouts, 1024, 0, 65536, "prior: random games with only a depth limit")                            \
    X(plan_time_divisor, 3, 1, 100, "a planned second stone is checked in this fraction of the time per stone")      \
    X(time_spread_stones, 2, 0, 100, "clock: main time is shared among the stones to go plus this many")              \
    X(time_hard_factor, 3, 1, 20, "clock: a stone may take this many times its share")                                \
    X(time_hard_cap_divisor, 5, 1, 100, "clock: without byo-yomi, never more than this fraction of the time left")    \
    X(time_byo_soft_percent, 70, 1, 100, "clock: in byo-yomi, percent of a stone's share before no new iteration")

typedef struct SearchParams {
#define SEARCH_PARAM_FIELD(name, value, min, max, help) int name;
    SEARCH_PARAMS(SEARCH_PARAM_FIELD)
#undef SEARCH_PARAM_FIELD
} SearchParams;

/* The release values as constants: SEARCH_PARAM_DEFAULT_lmp_base, ... */
enum {
#define SEARCH_PARAM_DEFAULT(name, value, min, max, help) SEARCH_PARAM_DEFAULT_##name = (value),
    SEARCH_PARAMS(SEARCH_PARAM_DEFAULT)
#undef SEARCH_PARAM_DEFAULT
};

/* The value of parameter `name` for a search with parameters `params` (a
 * pointer to SearchParams). */
#ifdef RIN_TUNE
enum { SEARCH_PARAMS_TUNABLE = 1 };
#define SEARCH_PARAM(params, name) ((params)->name)
#else
enum { SEARCH_PARAMS_TUNABLE = 0 };
#define SEARCH_PARAM(params, name) ((void)(params), SEARCH_PARAM_DEFAULT_##name)
#endif

/* Every parameter at its release value. */
extern const SearchParams search_params_default;

typedef struct SearchParamSpec {
    const char *name;
    int value, min, max; /* release value and range */
    const char *help;
} SearchParamSpec;

/* The index-th parameter of the table (NULL past the last), and one by
 * name (NULL: none). */
const SearchParamSpec *search_param_spec(size_t index);
const SearchParamSpec *search_param_find(const char *name);

/* Sets parameter `name` to value; false (and *params untouched) when no
 * parameter has that name or value is out of its range. */
bool search_params_set(SearchParams *params, const char *name, int value);

/* The value in *params of a parameter from search_param_spec or
 * search_param_find. */
int search_params_get(const SearchParams *params, const SearchParamSpec *spec);

#endif
