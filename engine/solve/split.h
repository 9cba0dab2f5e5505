/* Splitting a solve into independent jobs: the positions a few stones
 * below the root, one per class of mirror images, each solved on its own
 * (on any machine), and the root's value put back together from theirs by
 * minimax over the stones above them. */
#ifndef RIN_SOLVE_SPLIT_H
#define RIN_SOLVE_SPLIT_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"
#include "rules/symmetry.h"

/* The key a position's job is filed under: the same for a position and
 * its mirror images. */
uint64_t solve_split_key(const SymmetryTable *sym, const Position *pos);

/* The symmetry s such that applying s to `from` gives `to`, or -1 when
 * they are not mirror images of each other. */
int solve_split_symmetry_between(const SymmetryTable *sym, const Position *from, const Position *to);

/* Receives one job: a position `depth` stones below the root whose game is
 * not over (the first of its mirror class met, in the order of points).
 * Returns false to stop. */
typedef bool (*SolveSplitFn)(void *context, const Position *pos);

/* Every job `depth` stones below root, once per mirror class; *jobs counts
 * them. False when out of memory or the callback stopped it. */
bool solve_split(const Position *root, int depth, SolveSplitFn job, void *context, uint64_t *jobs);

/* Black's margin from a job's position: the bounds its result gives
 * (-points, points when unknown). */
typedef void (*SolveSplitBoundsFn)(void *context, const Position *pos, int *lower, int *upper);

/* Black's margin from `pos`, `depth` stones above the jobs, by minimax of
 * the jobs' bounds (a game over above them counts its score). */
void solve_split_value(const Position *pos, int depth, SolveSplitBoundsFn bounds, void *context, int *lower,
                       int *upper);

#endif
