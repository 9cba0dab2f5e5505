/* What the root knows of the regions either side can seal soon
 * (rules/seal.h): computed once per search, like the Monte Carlo prior,
 * and used in the tree (a) to order and keep the stones of their cuts and
 * (b) to value, beyond the horizon, how the stones placed since the root
 * brought a region nearer to its ring or blocked it. */
#ifndef RIN_SEALPRIOR_H
#define RIN_SEALPRIOR_H

#include <stdbool.h>

#include "rules/position.h"

enum { SEALPRIOR_MAX_REGIONS = 32 };

typedef struct SealPriorRegion {
    Bitboard area;  /* the points the ring would take (not the sealer's) */
    Bitboard cut;   /* one minimum cut at the root */
    Color sealer;
    int value;      /* centistones the ring would bring the sealer: empty points 1, captured stones 2 */
    int root_share; /* sealprior_share at the root, in 1/256 */
} SealPriorRegion;

typedef struct SealPrior {
    bool tempo; /* the sealer's stones before the opponent's reply count in its chance */
    int count;
    SealPriorRegion region[SEALPRIOR_MAX_REGIONS];
    Bitboard points; /* the union of the cuts */
} SealPrior;

/* No regions. */
void sealprior_clear(SealPrior *prior);

/* Finds the regions of min_area points or more that either side can seal
 * with `cap` stones or fewer (1..SEAL_MAX_CAP) at `root` (none when
 * min_area is 0), the most valuable when there are more than room for;
 * `tempo` as in SealPrior. */
void sealprior_compute(SealPrior *prior, const Position *root, int min_area, int cap, bool tempo);

/* The chance, in 1/256, that the sealer takes a region at pos, by what
 * stands on its root cut: none once the opponent has a stone there;
 * otherwise halved for every point of the cut still empty, less (with
 * `tempo`) the stones the sealer places before the opponent's next turn,
 * and certain when nothing is left. */
int sealprior_share(const SealPriorRegion *region, const Position *pos, bool tempo);

/* How the regions' expected rings changed from the root to pos (a
 * position reached from it by play), in centistones for pos's side to
 * move: the sum over regions of value x (share now - share at the root),
 * for the sealer. */
int sealprior_gain(const SealPrior *prior, const Position *pos);

#endif
