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
    int count;
    SealPriorRegion region[SEALPRIOR_MAX_REGIONS];
    Bitboard points; /* the union of the cuts */
} SealPrior;

/* No regions. */
void sealprior_clear(SealPrior *prior);

/* Finds the regions of min_area points or more that either side can seal
 * with `cap` stones or fewer (1..SEAL_MAX_CAP) at `root` (none when
 * min_area is 0), the most valuable when there are more than room for. */
void sealprior_compute(SealPrior *prior, const Position *root, int min_area, int cap);

/* The chance, in 1/256, that the sealer takes a region whose root cut
 * holds `own` of its stones and `blocked` of the opponent's at pos: none
 * once blocked; certain when the stones it places before the opponent's
 * next turn cover what is left of the cut; halved for every stone more. */
int sealprior_share(const SealPriorRegion *region, const Position *pos);

/* How the regions' expected rings changed from the root to pos (a
 * position reached from it by play), in centistones for pos's side to
 * move: the sum over regions of value x (share now - share at the root),
 * for the sealer. */
int sealprior_gain(const SealPrior *prior, const Position *pos);

#endif
