/* Alpha-beta search for Rin's turn order: iterative deepening PVS where one
 * ply is one stone and the side to move changes only every second ply
 * (B | W W | B B | ...), with a transposition table, quiescence on rings,
 * an exact endgame solver and lazy SMP threads. Quiet stones are ordered by
 * the all-moves-as-first statistics of random games from the root, played
 * first with a tenth of the time (mcprior.h). */
#ifndef RIN_SEARCH_H
#define RIN_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "eval/evalmodel.h"
#include "eval/nnue.h"
#include "eval/ntuple.h"
#include "rules/position.h"
#include "search/params.h"

enum { SEARCH_MAX_PLY = 128, SEARCH_MAX_DEPTH = 64, SEARCH_MAX_THREADS = 256, SEARCH_MAX_MULTIPV = 16 };

typedef struct SearchLimits {
    int64_t soft_ms; /* stop deepening after this (0: none) */
    int64_t hard_ms; /* never think longer (0: none) */
    int depth;       /* 0: no depth limit */
    uint64_t nodes;  /* 0: no node limit (counts every thread's nodes) */
    int first_move;  /* a point to try first at the root (a planned stone), or -1 */
    int multipv;     /* root candidates searched each with its own exact score and PV (0 or 1: the best only) */
} SearchLimits;

/* One root candidate: its score for the side to move and its principal
 * variation (pv[0] is the candidate). */
typedef struct SearchLine {
    int score;
    bool exact;
    int pv[SEARCH_MAX_PLY];
    int pv_length;
} SearchLine;

/* One report per completed iteration (and the final one). */
typedef struct SearchInfo {
    int depth, seldepth;
    int score;        /* centistones for the side to move, or a final score (score.h) */
    bool exact;       /* the score is the proven result of perfect play */
    uint64_t nodes;
    int64_t time_ms;
    uint64_t nps;
    int hashfull;     /* permille */
    int pv[SEARCH_MAX_PLY];
    int pv_length;
    /* the root candidates, best first (limits.multipv of them, fewer when
     * the root has fewer stones); lines[0] repeats score and pv above */
    int line_count;
    SearchLine lines[SEARCH_MAX_MULTIPV];
} SearchInfo;

typedef void (*SearchReporter)(const SearchInfo *info, void *context);

typedef struct SearchConfig {
    int threads;      /* 1..SEARCH_MAX_THREADS */
    int hash_mib;     /* transposition table size; 0: no table */
    uint64_t seed;    /* varies the order of equal root moves and the root's random games */
    const EvalModel *eval; /* learned evaluation weights (kept by the caller), or NULL: the classic evaluation */
    const NtupleModel *patterns; /* the pattern model (kept by the caller): when not NULL, the static
                                  * evaluation is its margin (ntuple_evaluate); eval still gives the
                                  * result curve. NULL: eval's evaluation */
    const NnueModel *network; /* the evaluation network (kept by the caller): when not NULL, the static
                               * evaluation is its margin (nnue.h), before the pattern model's */
    const SearchParams *params; /* copied; NULL: search_params_default (read only when built with RIN_TUNE) */
} SearchConfig;

typedef struct Search Search;

/* NULL when memory runs out. */
Search *search_create(const SearchConfig *config);
void search_destroy(Search *search);
/* Resize; false (and the old settings kept) when memory runs out. */
bool search_set_hash(Search *search, int mib);
bool search_set_threads(Search *search, int threads);
void search_set_seed(Search *search, uint64_t seed);
/* The learned evaluation's weights (kept by the caller), or NULL for the
 * classic evaluation. */
void search_set_eval(Search *search, const EvalModel *eval);
/* The pattern model (kept by the caller), or NULL: see SearchConfig. Not
 * during a search. */
void search_set_patterns(Search *search, const NtupleModel *patterns);
/* The evaluation network (kept by the caller), or NULL: see SearchConfig.
 * Not during a search. */
void search_set_network(Search *search, const NnueModel *network);
/* Forget the previous game (table, histories). */
void search_clear(Search *search);

/* Searches pos (not over) within limits; calls reporter (may be NULL) after
 * each iteration from the calling thread; fills *result with the final
 * report (best move is result->pv[0], the planned next stone pv[1]). */
void search_run(Search *search, const Position *pos, const SearchLimits *limits, SearchReporter reporter,
                void *context, SearchInfo *result);

/* Asks a running search to stop as soon as possible (any thread). */
void search_stop(Search *search);

#endif
