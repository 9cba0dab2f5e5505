/* The endgame solver's null-window question at one position, spread over
 * several threads. The lines of the first SOLVE_PARALLEL_PLIES stones form a
 * tree (mirror images among brothers merged); its leaves are tasks, each
 * solved by one thread with the endgame solver, all threads sharing its
 * table. A node's eldest child is settled first, and only when it has not
 * cut the node off are its younger brothers started, in parallel (the
 * "young brothers wait" rule): the order is good enough that a node which
 * does not cut off at once rarely does later, so little of the parallel
 * work is thrown away. A node settled by a cut-off stops the tasks below
 * it. Settled nodes go into the solver's table like the solver's own. */
#ifndef RIN_SOLVE_PARALLEL_H
#define RIN_SOLVE_PARALLEL_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"
#include "search/endgame.h"

/* Stones from the position to the tasks. */
enum { SOLVE_PARALLEL_PLIES = 3 };

/* The threads the split runs on at most. */
enum { SOLVE_PARALLEL_MAX_THREADS = 64 };

/* As endgame_solve(solver, pos, beta - 1, beta, NULL, NULL) with `threads`
 * threads (the caller's one of them): the fail-soft score for the side to
 * move. Each thread has a copy of the solver with its own ordering (from
 * solver->ordering); solver->poll is called from the caller's thread only,
 * about every 10 ms or 1024 nodes, with *solver->nodes holding the nodes of
 * every thread so far, and solver->node_limit is kept. *best receives the
 * stone that settled the position (POINT_NONE when none did). Sets
 * solver->stopped when a limit stopped it (the score is then void); false
 * when a thread could not be started (nothing searched then). */
bool solve_parallel(Solver *solver, int threads, const Position *pos, int beta, int *score, int *best);

#endif
