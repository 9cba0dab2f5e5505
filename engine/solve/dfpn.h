/* Depth-first proof-number search (df-pn, with the 1+epsilon threshold of
 * Pawlewicz and Lew) of one boolean question: does Black's final margin
 * reach `target` under perfect play? Each node is one stone; the side that
 * places two stones in a row keeps its node type (Black's nodes are OR
 * nodes, White's AND nodes, whatever the stone of the turn). Positions
 * that mirror each other share one table entry, and stones that can never
 * change colour (rules/stable.h) decide a question before the board is
 * full when they already reach the target, or can no longer. Near the end
 * of the game a question is handed to the alpha-beta endgame solver
 * (search/endgame.h) with a null window: with few points left it settles
 * one faster than proof numbers, which know nothing of move ordering. */
#ifndef RIN_SOLVE_DFPN_H
#define RIN_SOLVE_DFPN_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/position.h"
#include "search/endgame.h"
#include "search/tt.h"
#include "rules/symmetry.h"
#include "solve/table.h"

/* The endgame solver orders its stones as the search does (blocks, threats,
 * killers, history) at positions with at least this many empty points:
 * on a 5x5 position of 20 empty points, 6.0 M nodes against 82.7 M with
 * the plain ordering (from 8 to 15 empty points the count stays within 1.5
 * times the best). */
enum { SOLVE_ORDER_EMPTIES = 11 };

/* Proof and disproof numbers run from 0 to SOLVE_PN_INF (proven). */
#define SOLVE_PN_INF UINT32_C(0x7FFFFFFF)

typedef enum SolveAnswer {
    SOLVE_ANSWER_NO = 0,     /* disproven: Black's margin stays below the target */
    SOLVE_ANSWER_YES = 1,    /* proven: Black's margin reaches the target */
    SOLVE_ANSWER_UNKNOWN = 2 /* stopped by a limit first */
} SolveAnswer;

/* What a progress report sees: the question under way and what is spent. */
typedef struct SolveProgress {
    uint64_t nodes;
    int64_t elapsed_ms;
    int target;           /* Black's margin being asked for */
    uint32_t pn, dn;      /* the root's, at its last update */
    int lower, upper;     /* Black's margin proven so far (set by the caller) */
    size_t table_used, table_capacity;
} SolveProgress;

typedef void (*SolveProgressFn)(const SolveProgress *progress, void *context);

struct SolveDfpn;
/* Called at the search's polls once checkpoint_interval_ms have passed
 * since the last call (or the start): the tables are consistent there,
 * and only to be read. */
typedef void (*SolveDfpnCheckpointFn)(const struct SolveDfpn *dfpn, void *context);

typedef struct SolveChild {
    uint64_t key;
    uint32_t pn, dn;
    int16_t point;
    int16_t order; /* ties go to the larger */
} SolveChild;

typedef struct SolveDfpn {
    SolveTable table;
    SymmetryTable symmetry;
    bool stability;          /* the stable-stone cut-off */
    bool mobility;           /* initial numbers from the choices of the turn (else 1 and 1) */
    int epsilon_permille;    /* the 1+epsilon threshold's epsilon, in thousandths (0: plain df-pn) */
    int leaf_empties;        /* positions with at most this many empty points
                                are settled by the alpha-beta endgame solver */
    TT endgame_table;        /* the endgame solver's */
    Solver endgame;          /* mirror images merged as in the table; the
                                richer ordering (endgame.ordering, NULL for
                                the plain one) from SOLVE_ORDER_EMPTIES */
    SolverOrdering ordering;
    int size, points;
    SolveChild *children;    /* points + 1 levels of `points` children */
    uint64_t nodes;          /* nodes expanded, over every question asked */
    uint64_t node_limit;     /* stop when nodes reach it; 0: none */
    uint64_t expansions;     /* the proof search's own nodes (not the endgame solver's) */
    uint64_t expansion_limit; /* stop when expansions reach it, setting budget_spent;
                                 0: none (the budget of a probe, solve.c) */
    bool budget_spent;
    int64_t start_ms;        /* when the solve began (clock_now_ms) */
    int64_t deadline_ms;     /* stop at this clock_now_ms; 0: none */
    bool stopped;
    uint64_t next_poll;      /* the node count at which the clock is read next */
    SolveProgressFn progress;
    void *progress_context;
    int64_t progress_interval_ms, next_progress_ms;
    SolveProgress report;    /* the fields the caller keeps up to date */
    int target;              /* of the question under way */
    const volatile sig_atomic_t *interrupt; /* stop at the next poll once it is set
                                               (a signal handler's flag); NULL: none */
    SolveDfpnCheckpointFn checkpoint; /* NULL: none */
    void *checkpoint_context;
    int64_t checkpoint_interval_ms, next_checkpoint_ms;
} SolveDfpn;

typedef enum SolveDfpnStatus { SOLVE_DFPN_OK = 0, SOLVE_DFPN_ERR_MEMORY } SolveDfpnStatus;

/* A search for boards of `size` with tables of about `table_bytes` in all
 * (a quarter for the endgame solver's when leaf_empties > 0, all but a
 * sixteenth when leaf_empties covers the board); `symmetry`
 * merges mirror images, `stability` enables the cut-off. The limits and
 * the progress callback are set in the struct afterwards. */
SolveDfpnStatus solve_dfpn_init(SolveDfpn *dfpn, int size, size_t table_bytes, bool symmetry, bool stability,
                                int leaf_empties);
void solve_dfpn_free(SolveDfpn *dfpn);

/* Does Black's final margin reach `target` from pos (of the search's size)?
 * *pn and *dn (may be NULL) receive the root's numbers: 0 and
 * SOLVE_PN_INF when proven, and where a limit stopped the proof. */
SolveAnswer solve_dfpn_prove(SolveDfpn *dfpn, const Position *pos, int target, uint32_t *pn, uint32_t *dn);

/* The numbers pos would start from in the question last asked (before any
 * search below it): what a search's numbers at pos are measured against. */
void solve_dfpn_initial_numbers(const SolveDfpn *dfpn, const Position *pos, uint32_t *pn, uint32_t *dn);

/* The bounds on Black's final margin from pos that are known without a
 * search: the score of a full board, the stable stones (when enabled) and
 * what the tables hold (the proof search's and the endgame solver's). */
void solve_dfpn_bounds(const SolveDfpn *dfpn, const Position *pos, int *lower, int *upper);

/* The best stone the endgame solver's table holds for pos (the last one it
 * found best there, whatever the question), or POINT_NONE. */
int solve_dfpn_known_stone(const SolveDfpn *dfpn, const Position *pos);

#endif
