/* Uniformly random games: the raw speed benchmark of the rules core and the
 * playouts of Monte Carlo players. */
#ifndef RIN_PLAYOUT_H
#define RIN_PLAYOUT_H

#include <stdint.h>

#include "rules/position.h"
#include "base/random.h"

/* A uniformly random legal stone for the side to move; POINT_NONE when the
 * game is over. */
int playout_random_point(const Position *pos, Rng *rng);

/* Plays uniformly random stones until the board is full; returns the number
 * of stones placed. */
int playout_random(Position *pos, Rng *rng);

/* Monte Carlo ownership: plays `playouts` uniformly random games from pos
 * and sets black[p] to the number of them in which point p ended Black
 * (0 for points off the board). */
void playout_ownership(const Position *pos, int playouts, Rng *rng, uint32_t black[BB_POINTS]);
/* playout_random that also says who placed what: each stone is added to
 * placed[colour that placed it]; points filled by rings are not placed.
 * For all-moves-as-first statistics. Returns the number of stones placed. */
int playout_random_placed(Position *pos, Rng *rng, Bitboard placed[2]);

typedef struct PlayoutStats {
    uint64_t games;
    uint64_t plies;
    int64_t black_wins, white_wins, draws;
} PlayoutStats;

/* `games` random games from the empty board of `size`. */
void playout_run(int size, uint64_t games, uint64_t seed, PlayoutStats *stats);

#endif
