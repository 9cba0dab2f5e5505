/* Sealing costs: how many stones a colour is from closing a ring round a
 * region. For a colour X and a region R of points that are not X's, the
 * cost is the fewest empty points X must take so that no orthogonal path
 * over points that are not X's leads from R to the safe zone: a vertex
 * min-cut between R and the edge in which the opponent's stones cannot be
 * cut and R's own points are not cut either. With two stones a turn, a
 * cost of 1 or 2 seals next turn; 3 or 4 in two turns, unless the opponent
 * takes a point of the cut first.
 *
 * Exact, by augmenting paths (Ford-Fulkerson on unit vertex capacities),
 * stopped once the cost exceeds a cap: each path costs one search over the
 * board, so the cap bounds the work. */
#ifndef RIN_SEAL_H
#define RIN_SEAL_H

#include <stdint.h>

#include "rules/position.h"

enum {
    SEAL_MAX_CAP = 16, /* the largest cap the functions take */
    SEAL_OPEN = 255    /* cost of a region that touches the safe zone: it cannot be sealed */
};

/* The cost for `color` to seal `region` (points that are not its stones;
 * empty region: 0), or cap + 1 when it exceeds `cap` (1..SEAL_MAX_CAP), or
 * SEAL_OPEN when the region holds a point of the safe zone. `cut` (may be
 * NULL) receives the empty points of the minimum cut nearest the safe zone
 * (which closes the largest region of that cost) when the cost is at most
 * the cap, else nothing (zero). */
int seal_region_cost(const Position *pos, Color color, Bitboard region, int cap, Bitboard *cut);

/* Every point's own sealing cost for `color` (the region of that point
 * alone), capped as above: 0 for the colour's stones and off the board,
 * SEAL_OPEN in the safe zone. */
void seal_point_costs(const Position *pos, Color color, int cap, uint8_t cost[BB_POINTS]);

/* A region a colour can seal: the points its cut encloses (empty points
 * and the opponent's stones), the cost and one minimum cut. */
typedef struct SealRegion {
    Bitboard area;
    Bitboard cut;
    int cost;
} SealRegion;

enum { SEAL_MAX_REGIONS = 64 };

typedef struct SealRegions {
    int count;
    SealRegion region[SEAL_MAX_REGIONS];
} SealRegions;

/* The regions `color` can seal with at most `cap` stones, cheapest first:
 * for the cheapest point not yet in a region, the region its minimum cut
 * encloses (every point there costs at most as much). Regions cheaper than
 * another and inside it are listed apart; at most SEAL_MAX_REGIONS. */
void seal_regions(const Position *pos, Color color, int cap, SealRegions *out);

#endif
