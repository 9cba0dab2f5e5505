/* Exact endgame solver: with few empty points left, searches every line to
 * the end of the game and returns the final stone margin with perfect play,
 * or only the result (win, draw or loss), which costs less. The search
 * solves the root exactly from endgame_root_empties, its result first from
 * endgame_result_empties, and nodes in its tree from endgame_tree_empties
 * (params.h); there the window is the tree's, which for an estimate asks
 * no more than the result either: no final score but a draw lies inside. */
#ifndef RIN_ENDGAME_H
#define RIN_ENDGAME_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"
#include "rules/symmetry.h"
#include "search/tt.h"

/* TT depth that marks a solved entry, valid at any depth (a bound or an
 * exact score, as its bound says). */
enum { ENDGAME_TT_DEPTH = 255 };

/* The solver's richer move ordering (Solver.ordering) and what it learns
 * during a solve: two killers per count of empty points, and a history
 * score per colour and point. */
typedef struct SolverOrdering {
    int min_empties;
    int16_t killers[BB_POINTS + 1][2];
    int32_t history[2][BB_POINTS];
} SolverOrdering;

/* Clears what the ordering learned, keeping its settings. */
void endgame_ordering_clear(SolverOrdering *ordering);

typedef struct Solver {
    TT *tt;              /* may be NULL */
    uint64_t *nodes;     /* incremented per node with a relaxed atomic store
                            (other threads may read it with relaxed loads) */
    /* polled every 1024 nodes; returns true to abandon the solve */
    bool (*poll)(void *context);
    void *context;
    bool stopped;        /* set when poll said stop: the result is then void */
    uint64_t node_limit; /* stop (as poll would) when *nodes reaches it; 0: none */
    /* NULL: the plain ordering (the table's stone, fills, stones next to own
     * stones). Else, at positions with at least ordering->min_empties empty
     * points, the search's ordering: the opponent's fill points blocked and
     * the first stones of two-stone rings next, then killers and history. */
    SolverOrdering *ordering;
    /* NULL, or the symmetries under which mirror images share the table's
     * entries (each node then keeps its hash under each of them) */
    const SymmetryTable *symmetry;
    /* store with each entry the bit length of the nodes spent below it, so
     * that the table replaces cheap entries first (tt.h); else 0 */
    bool keep_work;
} Solver;

/* The exact score (score.h final scores) of a finished game for the side
 * that would be to move. */
int endgame_final_score(const Position *pos);

/* The exact score (score.h final scores) of pos for the side to move within
 * the window (fail-soft outside it: a score <= alpha is an upper bound, one
 * >= beta a lower bound). Writes the best line into pv[] (*pv_length
 * stones) when pv is not NULL. The table receives the same bounds. */
int endgame_solve(Solver *solver, const Position *pos, int alpha, int beta, int *pv, int *pv_length);

typedef enum EndgameResult { ENDGAME_LOSS = -1, ENDGAME_DRAW = 0, ENDGAME_WIN = 1 } EndgameResult;

/* The result of pos with perfect play for the side to move, without its
 * margin: a solve in the window (-1, 1), where 0 (a draw) is the only score
 * inside, so that every node answers only "a win", "a draw" or "a loss"
 * (its children are asked with null windows at -1 and 0, is the score
 * >= 0, is it > 0). On 30 positions of 16x16 games at 20 empty points this
 * took 19.8 M nodes, two null-window solves (> 0? then < 0?) 24.5 M.
 * *bound receives what was proven: a lower bound of the score for a win,
 * 0 for a draw, an upper bound for a loss (a score, score.h). pv[0] (when
 * pv is not NULL and the game not over) is a stone that achieves the
 * result. The result is void when solver->stopped. */
EndgameResult endgame_solve_result(Solver *solver, const Position *pos, int *bound, int *pv, int *pv_length);

#endif
